//! Northern Ireland and Great Britain (`country=ni|gb`): addresses keyed by UK postcode.
//!
//! The postcode selects the delivery points; the house number and words of the rest of the input
//! pick one. An Irish input (an Eircode) in a UK search is a foreign address, as is a BT postcode
//! under `gb` or a GB postcode under `ni`.

use crate::api::{
    AddressOption, Country, FindAddressRequest, FindAddressResponse, FindCarry, FindResult,
    LinkContext, MatchLevel, OptionType,
};
use crate::ecad::{UkAddress, UkCountry};
use crate::engine::Engine;
use crate::index::Index;
use crate::search::Plan;
use crate::text::tokenise;

/// The postal lines of a UK address, upper case, postcode last.
pub fn uk_lines(a: &UkAddress) -> Vec<String> {
    let mut lines = Vec::new();
    for part in [&a.organisation, &a.sub_building, &a.building_name] {
        if let Some(p) = part.as_deref().filter(|p| !p.trim().is_empty()) {
            lines.push(p.to_uppercase());
        }
    }
    let street = match (a.building_number.as_deref(), a.thoroughfare.as_deref()) {
        (Some(n), Some(t)) => Some(format!("{n} {t}")),
        (None, Some(t)) => Some(t.to_string()),
        (Some(n), None) => Some(n.to_string()),
        (None, None) => None,
    };
    if let Some(s) = street {
        lines.push(s.to_uppercase());
    }
    if let Some(l) = a
        .dependent_locality
        .as_deref()
        .filter(|l| !l.trim().is_empty())
    {
        lines.push(l.to_uppercase());
    }
    lines.push(a.post_town.to_uppercase());
    lines.push(a.postcode.to_uppercase());
    lines
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
///
/// The index sorts records by the postcode as written (`BT9 6GW` before `BT90 …`, because the
/// space sorts before digits), so the search compares written forms: comparing compact forms
/// would miss every postcode whose outward code is shorter than its neighbours'.
pub fn by_postcode(index: &Index, postcode: &str) -> Vec<UkAddress> {
    let n = index.uk_len();
    let target = spaced(postcode);
    let key = |i: u32| index.uk_address(i).map(|a| a.postcode.to_ascii_uppercase());
    let (mut lo, mut hi) = (0u32, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match key(mid) {
            Some(k) if k < target => lo = mid + 1,
            _ => hi = mid,
        }
    }
    let mut out = Vec::new();
    let mut i = lo;
    while i < n {
        match index.uk_address(i) {
            Some(a) if compact(&a.postcode) == postcode => out.push(a),
            _ => break,
        }
        i += 1;
    }
    out
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
/// Eircode): under `ni`/`gb` that is a foreign address (`matching.md` §2, 600), the reverse of
/// a UK address under `ie`. A street or town alone is not enough: many names exist on both sides.
fn is_irish_address(engine: &Engine, text: &str) -> bool {
    let index = engine.index();
    let s = crate::search::search(index, text, crate::search::Mode::Find);
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
) -> FindAddressResponse {
    let mut plan = Plan::from_tokens(&tokenise(&req.address));
    // A corrected Eircode the index lacks, read also as a UK postcode, is the postcode here.
    if let Some(pending) = plan.settle_codes(engine.index(), &req.address) {
        plan.settle_pending(pending, crate::text::codes::Check::Unconfirmed);
    }
    if plan.eircode.is_some() {
        return FindAddressResponse::new(FindResult::ForeignAddressDetected, req, links);
    }
    if plan.is_empty() {
        return FindAddressResponse::new(FindResult::InvalidAddressEntered, req, links);
    }
    let Some(postcode) = plan.uk_postcode.clone() else {
        let result = if is_irish_address(engine, &req.address) {
            FindResult::ForeignAddressDetected
        } else {
            FindResult::NoAddressMatch
        };
        return FindAddressResponse::new(result, req, links);
    };
    let is_ni = postcode.starts_with("BT");
    let wanted_ni = req.country == Country::Ni;
    if is_ni != wanted_ni {
        return FindAddressResponse::new(FindResult::ForeignAddressDetected, req, links);
    }
    let mut found = by_postcode(engine.index(), &postcode);
    found.retain(|a| (a.country == UkCountry::Ni) == wanted_ni);
    if found.is_empty() {
        return FindAddressResponse::new(FindResult::NoAddressMatch, req, links);
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
        let a = best[0];
        let mut resp = FindAddressResponse::new(FindResult::PostcodeValidated, req, links);
        resp.is_unique_address = true;
        resp.postcode = Some(a.postcode.clone());
        resp.address_id = Some(a.id);
        resp.match_level = Some(MatchLevel::AddressPoint);
        resp.postal_address = Some(uk_lines(a));
        return resp;
    }
    let mut resp = FindAddressResponse::new(FindResult::IncompleteAddressEntered, req, links);
    resp.match_level = Some(MatchLevel::Thoroughfare);
    let next = links.option_links(&FindCarry::from(req));
    let options: Vec<AddressOption> = scored
        .iter()
        .map(|(_, _, a)| {
            let lines = uk_lines(a);
            let display = lines[..lines.len() - 1].join(", ");
            AddressOption {
                option_type: Some(OptionType::Standard),
                links: vec![next.next(&display, Some(a.id))],
                display_name: display,
                postcode: Some(a.postcode.clone()),
                address_id: Some(a.id),
                address_type: None,
            }
        })
        .collect();
    let (total, options) = crate::api::apply_limit(options.len(), req.limit, options);
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
