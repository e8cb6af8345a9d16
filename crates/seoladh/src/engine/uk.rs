//! Northern Ireland and Great Britain (`country=ni|gb`): addresses keyed by UK postcode.
//!
//! The postcode selects the delivery points; the house number and words of the rest of the input
//! pick one. Without a postcode, the addresses holding every typed word (the UK word list of
//! `index::uk_words`) are the answer or the options. An Irish input (an Eircode) in a UK search
//! is a foreign address, as is a BT postcode under `gb` or a GB postcode under `ni`.

use crate::api::{
    AddressOption, Country, FindAddressRequest, FindAddressResponse, FindResult, LinkContext,
    MatchLevel, OptionType,
};
use crate::api::{ReformattedAddressResult, WireEnum};
use crate::ecad::address::{Address, AddressElement, ElementType};
use crate::ecad::{UkAddress, UkCountry};
use crate::engine::find::option_with;
use crate::engine::{uk_suggest, Engine, Scratch};
use crate::group::{self, OptionItem};
use crate::index::Index;
use crate::search::Plan;
use crate::text::tokenise;

/// A UK address as a rendered [`Address`], postcode last as the postcode element, so an
/// address profile can reformat it like an Irish one.
pub fn uk_address(a: &UkAddress) -> Address {
    let some = |p: &Option<String>| {
        p.as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_uppercase)
    };
    let element = |value: String, kind: ElementType| AddressElement { value, kind, id: 0 };
    let mut lines: Vec<Vec<AddressElement>> = Vec::new();
    for (part, kind) in [
        (&a.organisation, ElementType::Organisation),
        (&a.sub_building, ElementType::AddressPointName),
        (&a.building_name, ElementType::BuildingName),
    ] {
        if let Some(v) = some(part) {
            lines.push(vec![element(v, kind)]);
        }
    }
    let street: Vec<AddressElement> = [
        (some(&a.building_number), ElementType::BuildingNumber),
        (some(&a.thoroughfare), ElementType::Thoroughfare),
    ]
    .into_iter()
    .filter_map(|(v, kind)| Some(element(v?, kind)))
    .collect();
    if !street.is_empty() {
        lines.push(street);
    }
    if let Some(v) = some(&a.dependent_locality) {
        lines.push(vec![element(v, ElementType::Locality)]);
    }
    lines.push(vec![element(
        a.post_town.to_uppercase(),
        ElementType::PostTown,
    )]);
    lines.push(vec![element(
        a.postcode.to_uppercase(),
        ElementType::Eircode,
    )]);
    Address {
        lines: lines
            .iter()
            .map(|l| {
                l.iter()
                    .map(|e| e.value.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect(),
        elements: lines.into_iter().flatten().collect(),
    }
}

/// The UK address set a search asks for (`gb` unless `ni`).
pub(crate) fn uk_country(country: Country) -> UkCountry {
    match country {
        Country::Ni => UkCountry::Ni,
        Country::Ie | Country::Gb => UkCountry::Gb,
    }
}

/// The postal lines of a UK address, upper case, postcode last.
pub fn uk_lines(a: &UkAddress) -> Vec<String> {
    uk_address(a).lines
}

fn compact(postcode: &str) -> String {
    postcode
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase()
}

/// The written form of a compact UK postcode: outward code, one space, the 3-character inward
/// code (`BT96GW` → `BT9 6GW`).
fn spaced(compact: &str) -> String {
    match compact.len().checked_sub(3) {
        Some(cut) if cut > 0 && compact.is_char_boundary(cut) => {
            format!("{} {}", &compact[..cut], &compact[cut..])
        }
        _ => compact.to_string(),
    }
}

/// UK records with this postcode (no space, upper case): a contiguous run of the postcode-sorted
/// records.
pub fn by_postcode(index: &Index, postcode: &str) -> Vec<UkAddress> {
    let mut out = by_postcode_range(index, &spaced(postcode), usize::MAX);
    out.retain(|a| compact(&a.postcode) == postcode);
    out
}

/// UK records whose postcode, as written (`BT14 7EJ`, upper case), begins with `prefix`: at most
/// `cap` of them, in index order.
pub fn by_postcode_range(index: &Index, prefix: &str, cap: usize) -> Vec<UkAddress> {
    postcode_run(index, prefix).take(cap).collect()
}

/// The UK records whose written postcode begins with `prefix`, in index order, read one by one.
///
/// The index sorts records by the postcode as written (`BT9 6GW` before `BT90 …`, because the
/// space sorts before digits), so the search compares written forms: comparing compact forms
/// would miss every postcode whose outward code is shorter than its neighbours'.
pub(crate) fn postcode_run<'a>(
    index: &'a Index,
    prefix: &'a str,
) -> impl Iterator<Item = UkAddress> + 'a {
    let n = index.uk_len();
    let key = |i: u32| index.uk_address(i).map(|a| a.postcode.to_ascii_uppercase());
    let (mut lo, mut hi) = (0u32, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match key(mid) {
            Some(k) if k.as_str() < prefix => lo = mid + 1,
            _ => hi = mid,
        }
    }
    (lo..n)
        .map_while(|i| index.uk_address(i))
        .take_while(move |a| a.postcode.to_ascii_uppercase().starts_with(prefix))
}

/// A UK address as an option, its postcode last (`3 FLAX STREET, BELFAST, BT14 7EJ`): UK
/// addresses have no id the index can look up, so the `next` link finds the address by its
/// postcode and picks it by `addressId` among that postcode's ([`find`]).
pub(crate) fn uk_item(a: &UkAddress) -> OptionItem {
    OptionItem {
        option_type: OptionType::Standard,
        display_name: uk_lines(a).join(", "),
        postcode: Some(a.postcode.clone()),
        address_id: a.id,
        address_type: 0,
        drill_text: None,
    }
}

/// How many of the plan's words and numbers an address shows.
fn fit(a: &UkAddress, plan: &Plan) -> (usize, bool) {
    let text = uk_lines(a).join(" ");
    let mut terms = Vec::new();
    crate::text::index_terms(&text, &mut terms);
    let words = plan
        .words
        .iter()
        .filter(|w| terms.contains(&w.text))
        .count();
    let number = plan.numbers.iter().any(|n| {
        a.building_number
            .as_deref()
            .is_some_and(|b| b.eq_ignore_ascii_case(&n.text))
    });
    (words, number)
}

/// Whether `text` reads as a whole Irish address (one point, a shared address or one with no
/// Eircode): under `ni`/`gb` that is a foreign address (`docs/matching.md` §2, 600), the reverse of
/// a UK address under `ie`. A street or town alone is not enough: many names exist on both sides.
fn is_irish_address(engine: &Engine, text: &str, scratch: &mut Scratch) -> bool {
    let index = engine.index();
    let s = crate::search::search_with(index, text, crate::search::Mode::Find, &mut scratch.search);
    let eircode = crate::classify::EircodeCheck::of(index, &s);
    let c = crate::classify::classify(index, text, &s, &eircode);
    matches!(
        c.result,
        FindResult::PostcodeAppended
            | FindResult::PostcodeNotAvailable
            | FindResult::NonUniqueAddress
    )
}

/// Answers a FindAddress with `country=ni|gb`.
pub(crate) fn find(
    engine: &Engine,
    req: &FindAddressRequest,
    links: &LinkContext,
    scratch: &mut Scratch,
) -> FindAddressResponse {
    let mut plan = Plan::from_tokens(&tokenise(&req.address));
    // A corrected Eircode the index lacks, read also as a UK postcode, is the postcode here.
    if let Some(pending) = plan.settle_codes(engine.index(), &req.address, false) {
        plan.settle_pending(pending, crate::text::codes::Check::Unconfirmed);
    }
    if plan.eircode.is_some() {
        return FindAddressResponse::new(FindResult::ForeignAddressDetected, req, links);
    }
    if plan.is_empty() {
        return FindAddressResponse::new(FindResult::InvalidAddressEntered, req, links);
    }
    let Some(postcode) = plan.uk_postcode.clone() else {
        if let Some(resp) = by_text(engine, req, links) {
            return resp;
        }
        let result = if is_irish_address(engine, &req.address, scratch) {
            FindResult::ForeignAddressDetected
        } else {
            FindResult::NoAddressMatch
        };
        return FindAddressResponse::new(result, req, links);
    };
    let is_ni = postcode.starts_with("BT");
    let wanted_ni = req.options.country == Country::Ni;
    if is_ni != wanted_ni {
        return FindAddressResponse::new(FindResult::ForeignAddressDetected, req, links);
    }
    let mut found = by_postcode(engine.index(), &postcode);
    found.retain(|a| (a.country == UkCountry::Ni) == wanted_ni);
    if found.is_empty() {
        return FindAddressResponse::new(FindResult::NoAddressMatch, req, links);
    }
    // A drill-down (an option's `next` link): the id picks the address among its postcode's.
    if let Some(at) = req
        .address_id
        .and_then(|id| found.iter().position(|a| a.id == id))
    {
        found.swap(0, at);
        found.truncate(1);
    }
    let mut scored: Vec<(usize, bool, UkAddress)> = found
        .into_iter()
        .map(|a| {
            let (w, n) = fit(&a, &plan);
            (w, n, a)
        })
        .collect();
    scored.sort_by(|a, b| (b.1, b.0).cmp(&(a.1, a.0)).then(a.2.id.cmp(&b.2.id)));
    let best_key = (scored[0].1, scored[0].0);
    let best: Vec<&UkAddress> = scored
        .iter()
        .filter(|s| (s.1, s.0) == best_key)
        .map(|s| &s.2)
        .collect();
    let numbered = !plan.numbers.is_empty();
    if best.len() == 1 && (best_key.1 > 0 || best_key.0 || !numbered) {
        return point_response(engine, req, links, best[0], FindResult::PostcodeValidated);
    }
    let items = scored.iter().map(|(_, _, a)| uk_item(a)).collect();
    options_response(req, links, items, MatchLevel::Thoroughfare)
}

/// FindAddress for UK text without a postcode: the addresses of `req.country` holding every
/// typed word (`index::uk_words`). One is the answer (its postcode appended); several are
/// options, one per postcode when there are more than [`group::GROUP_THRESHOLD`]. `None` when no
/// address holds them all.
fn by_text(
    engine: &Engine,
    req: &FindAddressRequest,
    links: &LinkContext,
) -> Option<FindAddressResponse> {
    let mut terms = Vec::new();
    crate::text::index_terms(&req.address, &mut terms);
    let index = engine.index();
    let held = index
        .uk_words()
        .holding_all(&terms, uk_country(req.options.country));
    let picked = req.address_id.and_then(|id| {
        held.iter()
            .filter_map(|&i| index.uk_address(i))
            .find(|a| a.id == id)
    });
    if let Some(a) = picked {
        return Some(point_response(
            engine,
            req,
            links,
            &a,
            FindResult::PostcodeAppended,
        ));
    }
    match held.as_slice() {
        [] => None,
        [one] => {
            let a = index.uk_address(*one)?;
            Some(point_response(
                engine,
                req,
                links,
                &a,
                FindResult::PostcodeAppended,
            ))
        }
        many => {
            let max = crate::limits::MAX_OPTIONS;
            let records = uk_suggest::first_postcodes(index, many, max);
            let items = uk_suggest::listed(&records, group::GROUP_THRESHOLD, max);
            Some(options_response(
                req,
                links,
                items,
                MatchLevel::Thoroughfare,
            ))
        }
    }
}

/// The answer for one UK address: its lines, postcode and id, and the profile's lines.
fn point_response(
    engine: &Engine,
    req: &FindAddressRequest,
    links: &LinkContext,
    a: &UkAddress,
    result: FindResult,
) -> FindAddressResponse {
    let mut resp = FindAddressResponse::new(result, req, links);
    resp.is_unique_address = true;
    resp.postcode = Some(a.postcode.clone());
    resp.address_id = Some(a.id);
    resp.match_level = Some(MatchLevel::AddressPoint);
    resp.postal_address = Some(uk_lines(a));
    if let Some(profile) = req
        .options
        .address_profile_name
        .as_deref()
        .and_then(|name| engine.profile(name))
    {
        let r = profile.reformat(&uk_address(a));
        resp.reformatted_address = Some(r.lines);
        resp.reformatted_address_result =
            ReformattedAddressResult::from_code(u32::from(r.result.code()));
    }
    resp
}

/// 500 IncompleteAddressEntered with `items` as the options (within the request's limit).
fn options_response(
    req: &FindAddressRequest,
    links: &LinkContext,
    mut items: Vec<OptionItem>,
    level: MatchLevel,
) -> FindAddressResponse {
    let mut resp = FindAddressResponse::new(FindResult::IncompleteAddressEntered, req, links);
    resp.match_level = Some(level);
    group::make_distinct(&mut items, &group::NoTiebreak);
    let next = links.option_links(&req.options);
    let options: Vec<AddressOption> = items
        .into_iter()
        .map(|item| option_with(&next, item))
        .collect();
    let (total, options) = crate::api::apply_limit(options.len(), req.options.limit, options);
    resp.total_options = total;
    resp.options = options;
    resp
}

#[cfg(test)]
mod tests {
    use super::spaced;

    #[test]
    fn spaced_puts_the_space_before_the_inward_code() {
        assert_eq!(spaced("BT96GW"), "BT9 6GW");
        assert_eq!(spaced("BT474QB"), "BT47 4QB");
        assert_eq!(spaced("SW1A2AA"), "SW1A 2AA");
        // Written forms sort like the index: a short outward code before a longer one.
        assert!(spaced("BT96GW") < spaced("BT901AA"));
        assert_eq!(spaced("AB"), "AB");
        assert_eq!(spaced(""), "");
    }
}
