//! Find Address: search, classify, render, list options.

use crate::api::{
    self, AddressOption, AddressType, CleanResult, Country, FindAddressRequest,
    FindAddressResponse, FindResult, LinkContext, MatchLevel, OptionLinks,
    ReformattedAddressResult, WireEnum,
};
use crate::classify::{classify, Classification, EircodeCheck, OptionSet, Target};
use crate::ecad::address::{
    geographic_address, postal_address, vanity_address, Address, AddressParts,
};
use crate::engine::{uk, Engine, Scratch};
use crate::group::{self, OptionItem};
use crate::index::{EntityKind, Index};
use crate::search::{search_with, Mode, Search};
use crate::text::TokenKind;

/// Answers FindAddress.
pub(crate) fn find_address(
    engine: &Engine,
    req: &FindAddressRequest,
    links: &LinkContext,
    scratch: &mut Scratch,
) -> FindAddressResponse {
    let index = engine.index();
    if req.options.country != Country::Ie {
        return uk::find(engine, req, links, scratch);
    }
    let (classification, search) = match req.address_id {
        Some(id) => (by_id(index, id), None),
        None => {
            let s = search_with(index, &req.address, Mode::Find, &mut scratch.search);
            let eircode = EircodeCheck::of(index, &s);
            (classify(index, &req.address, &s, &eircode), Some(s))
        }
    };
    let mut resp = respond(engine, req, links, &classification, search.as_ref());
    if req.explain {
        resp.explain = Some(match &search {
            Some(s) => crate::classify::explain(index, &req.address, s, req.options.language),
            None => api::Explain::default(),
        });
    }
    resp
}

/// Drill-down by id: an address point is the answer; a building or element lists what is below.
fn by_id(index: &Index, id: u64) -> Classification {
    let mut c = Classification::simple(FindResult::NoAddressMatch);
    let mut entity = index.entity(id);
    // A changed id answers with its successor.
    if let Some((EntityKind::History, h)) = entity {
        entity = index
            .history()
            .get(h as usize)
            .and_then(|row| row.new_ecad_id)
            .and_then(|new| index.entity(new));
    }
    match entity {
        // An id pins the address exactly: the postcode is appended, not validated (200 when
        // the point has none). Not through `classify`: its empty text would read as invalid.
        Some((EntityKind::AddressPoint, ap)) => {
            crate::classify::point(index, ap, FindResult::PostcodeAppended)
        }
        Some((EntityKind::Building, b)) => {
            c.target = Target::Building(b);
            c.match_level = MatchLevel::Building;
            c.result = FindResult::IncompleteAddressEntered;
            c.options = OptionSet::Below(c.target);
            if let Some(r) = index.building(b) {
                if r.ap_count == 1 {
                    return by_id(index, index.address_point_id(r.ap_start).unwrap_or(0));
                }
            }
            c
        }
        Some((EntityKind::Element, e)) => {
            let Some(row) = index.element(e) else {
                return c;
            };
            use crate::index::ElementKind::*;
            match row.kind {
                Organisation => {
                    let ap_id = index.address_point_id(row.link).unwrap_or(0);
                    by_id(index, ap_id)
                }
                _ => {
                    let Some(place) = index.element_places(e).next() else {
                        return c;
                    };
                    c.target = Target::Element { element: e, place };
                    c.match_level = match row.kind {
                        BuildingGroup => MatchLevel::BuildingGroup,
                        Thoroughfare => MatchLevel::Thoroughfare,
                        Locality => MatchLevel::Locality,
                        PostTown => MatchLevel::PostTown,
                        _ => MatchLevel::County,
                    };
                    c.result = FindResult::IncompleteAddressEntered;
                    c.options = OptionSet::Below(c.target);
                    c
                }
            }
        }
        _ => c,
    }
}

/// The parts of a target's own address.
fn parts_of(index: &Index, target: &Target) -> Option<AddressParts> {
    match *target {
        Target::AddressPoint(ap) => index.address_point_parts(ap),
        Target::Building(b) => index.building_parts(b),
        Target::Element { element, place } => {
            index.place_parts(place, group::level_of(index, element))
        }
        Target::None => None,
    }
}

fn target_id(index: &Index, target: &Target) -> Option<(u64, u16)> {
    match *target {
        Target::AddressPoint(ap) => Some((
            index.address_point_id(ap)?,
            index.address_point(ap)?.address_type,
        )),
        Target::Building(b) => Some((index.building_id(b)?, index.building(b)?.address_type)),
        Target::Element { element, .. } => {
            let row = index.element(element)?;
            Some((row.id, row.address_type))
        }
        Target::None => None,
    }
}

fn wire_elements(address: &Address) -> Vec<api::AddressElement> {
    address
        .elements
        .iter()
        .map(|e| api::AddressElement {
            value: e.value.clone(),
            element_type: e.kind,
            address_id: (e.id != 0).then_some(e.id),
        })
        .collect()
}

fn respond(
    engine: &Engine,
    req: &FindAddressRequest,
    links: &LinkContext,
    c: &Classification,
    search: Option<&Search>,
) -> FindAddressResponse {
    let index = engine.index();
    let lang = req.options.language;
    let mut resp = FindAddressResponse::new(c.result, req, links);
    resp.postcode_not_available = c.postcode_not_available;
    resp.is_unique_address = c.unique;
    if c.match_level != MatchLevel::Unknown {
        resp.match_level = Some(c.match_level);
    }
    if let Some((id, ty)) = target_id(index, &c.target) {
        resp.address_id = Some(id);
        resp.address_type = AddressType::from_code(ty);
    }
    if let Target::AddressPoint(ap) = c.target {
        resp.postcode = index.address_point_eircode(ap);
    }
    if let Some(parts) = parts_of(index, &c.target) {
        let postal = postal_address(&parts, lang);
        resp.postal_address = Some(postal.lines.clone());
        if req.options.address_elements {
            resp.postal_address_elements = Some(wire_elements(&postal));
        }
        if req.options.geographic_address {
            let geo = geographic_address(&parts, lang);
            resp.geographic_address = Some(geo.lines.clone());
            if req.options.address_elements {
                resp.geographic_address_elements = Some(wire_elements(&geo));
            }
        }
        if req.options.vanity_mode {
            let vanity = vanity_address(&parts);
            resp.vanity_address = Some(vanity.lines.clone());
            if req.options.address_elements {
                resp.vanity_address_elements = Some(wire_elements(&vanity));
            }
        }
        if let Some(profile) = req
            .options
            .address_profile_name
            .as_deref()
            .and_then(|name| engine.profile(name))
        {
            let r = profile.reformat_parts(&parts, lang);
            resp.reformatted_address = Some(r.lines);
            resp.reformatted_address_result =
                ReformattedAddressResult::from_code(u32::from(r.result.code()));
        }
        if let Some(s) = search {
            resp.clean_result = Some(clean_result(&req.address, s, c, &postal));
        }
    }
    if let Some(s) = search {
        let mut unmatched: Vec<(usize, String)> = c
            .unmatched_words
            .iter()
            .filter_map(|&i| s.plan.words.get(i))
            .map(|w| {
                (
                    w.span.start,
                    req.address.get(w.span.clone()).unwrap_or("").to_string(),
                )
            })
            .chain(
                c.unmatched_numbers
                    .iter()
                    .filter_map(|&i| s.plan.numbers.get(i))
                    .map(|n| {
                        (
                            n.span.start,
                            req.address.get(n.span.clone()).unwrap_or("").to_string(),
                        )
                    }),
            )
            .collect();
        unmatched.sort();
        if !unmatched.is_empty() && c.result == FindResult::PartialAddressMatch {
            resp.unmatched = Some(unmatched.into_iter().map(|(_, t)| t).collect());
        }
    }
    let (total, items) = group::options(index, &c.options, req.options.limit, lang);
    resp.total_options = total;
    if !items.is_empty() {
        let next = links.option_links(&req.options);
        resp.options = items
            .into_iter()
            .map(|item| option_with(&next, item))
            .collect();
    }
    resp
}

/// An option on the wire, with its drill-down link (`links`: the response's shared link parts,
/// encoded once).
pub(crate) fn option_with(links: &OptionLinks, item: OptionItem) -> AddressOption {
    // 0: an option with no id of its own (a UK postcode group), drilled into by its text.
    let id = (item.address_id != 0).then_some(item.address_id);
    let text = item.drill_text.as_deref().unwrap_or(&item.display_name);
    let next = links.next(text, id);
    AddressOption {
        option_type: Some(item.option_type),
        display_name: item.display_name,
        postcode: item.postcode,
        address_id: id,
        address_type: AddressType::from_code(item.address_type),
        links: vec![next],
    }
}

/// How the output differs from the input (`docs/matching.md` §3), from the words on each side.
/// The words a token stands for as the output writes them: a district `d6w` is `dublin 6w`, a
/// county `dublin` is `co dublin`. Typing them so is no format change; `D6W` or a county without
/// `Co.` is (docs/matching.md §3).
fn written_form(text: &str, kind: Option<TokenKind>) -> Vec<&str> {
    match kind {
        Some(TokenKind::DublinDistrict) => vec!["dublin", text.strip_prefix('d').unwrap_or(text)],
        Some(TokenKind::County) => std::iter::once("co").chain(text.split(' ')).collect(),
        _ => vec![text],
    }
}

fn clean_result(input: &str, s: &Search, c: &Classification, output: &Address) -> CleanResult {
    let mut out_tokens: Vec<String> = Vec::new();
    for line in output.lines_without_eircode() {
        crate::text::index_terms(line, &mut out_tokens);
    }
    let in_tokens: Vec<&str> = s.plan.words.iter().map(|w| w.text.as_str()).collect();
    let in_numbers: Vec<&str> = s.plan.numbers.iter().map(|n| n.text.as_str()).collect();
    let out_set: Vec<&str> = out_tokens.iter().map(String::as_str).collect();
    let altered = !c.unmatched_words.is_empty()
        || !c.unmatched_numbers.is_empty()
        || out_set
            .iter()
            .any(|t| !in_tokens.contains(t) && !in_numbers.contains(t));
    // Raw words, only folded, against the canonical tokens: abbreviations, glued numbers and
    // reordering all show as a difference.
    let folded = crate::text::normalise(input);
    let raw: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
    let mut positioned: Vec<(usize, &str, Option<TokenKind>)> = s
        .plan
        .words
        .iter()
        .map(|w| (w.token, w.text.as_str(), Some(w.kind)))
        .chain(
            s.plan
                .numbers
                .iter()
                .map(|n| (n.token, n.text.as_str(), None)),
        )
        .collect();
    positioned.sort_unstable_by_key(|&(token, text, _)| (token, text));
    let canonical: Vec<&str> = positioned
        .into_iter()
        .flat_map(|(_, t, kind)| written_form(t, kind))
        .collect();
    // Each input word is looked for after the previous one's place, so a name said twice in
    // the output (`DOOROGE WOODS, DOOROGE`) is not read as words moved back.
    let reordered = {
        let mut next = 0;
        let mut out_of_order = false;
        for t in &in_tokens {
            if let Some(p) = out_set[next..].iter().position(|o| o == t) {
                next += p + 1;
            } else if out_set.contains(t) {
                out_of_order = true;
            }
        }
        out_of_order
    };
    let sections = s
        .plan
        .words
        .iter()
        .map(|w| w.section)
        .max()
        .map_or(0, |m| m as usize + 1);
    let format_changed = reordered
        || raw.len() != canonical.len()
        || raw.iter().zip(&canonical).any(|(a, b)| a != b)
        || (sections > 1 && sections != output.lines_without_eircode().len());
    CleanResult {
        is_spelling_changed: c.spelling_changed,
        is_format_changed: format_changed,
        is_altered: altered,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::ProfileSet;

    fn mini_engine() -> Engine {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/ecad-mini");
        let (ds, _) = crate::ecad::layout::read_dir(&dir).expect("ecad-mini reads");
        Engine::new(crate::index::built_in_memory(&ds), ProfileSet::builtin())
    }

    fn drill(engine: &Engine, id: u64) -> FindAddressResponse {
        let req = FindAddressRequest {
            key: "demo".into(),
            address_id: Some(id),
            ..FindAddressRequest::default()
        };
        let links = LinkContext::new("http://test", "demo", None);
        find_address(engine, &req, &links, &mut Scratch::default())
    }

    #[test]
    fn districts_and_counties_are_compared_in_their_written_form() {
        assert_eq!(
            written_form("d6w", Some(TokenKind::DublinDistrict)),
            ["dublin", "6w"]
        );
        assert_eq!(
            written_form("dublin", Some(TokenKind::County)),
            ["co", "dublin"]
        );
        assert_eq!(written_form("park", Some(TokenKind::Word)), ["park"]);
        assert_eq!(written_form("11", None), ["11"]);
    }

    #[test]
    fn an_address_typed_as_written_is_no_format_change() {
        let engine = mini_engine();
        let req = FindAddressRequest {
            key: "demo".into(),
            address: "8 Silver Birches, Millfarm, Dunboyne, Co. Meath".into(),
            ..FindAddressRequest::default()
        };
        let links = LinkContext::new("http://test", "demo", None);
        let r = find_address(&engine, &req, &links, &mut Scratch::default());
        assert_eq!(r.result, FindResult::PostcodeAppended);
        let clean = r.clean_result.expect("a match has a clean result");
        assert!(!clean.is_format_changed, "{clean:?}");
        assert!(!clean.is_spelling_changed, "{clean:?}");
        let req = FindAddressRequest {
            address: "8 silver birches millfarm dunboyne meath".into(),
            ..req
        };
        let clean = find_address(&engine, &req, &links, &mut Scratch::default())
            .clean_result
            .expect("a match has a clean result");
        assert!(
            clean.is_format_changed,
            "no commas, county without Co.: {clean:?}"
        );
    }

    /// A drill-down to an address point has no text: it must not be read as invalid input.
    #[test]
    fn drilling_into_an_address_point_answers_that_point() {
        let engine = mini_engine();
        let r = drill(&engine, 1_700_000_001);
        assert_eq!(r.result, FindResult::PostcodeAppended);
        assert_eq!(r.address_id, Some(1_700_000_001));
        assert_eq!(r.postcode.as_deref(), Some("A86VC04"));
        assert!(r.is_unique_address);
        let r = drill(&engine, 1_700_000_010);
        assert_eq!(r.result, FindResult::PostcodeNotAvailable);
        assert_eq!(r.address_id, Some(1_700_000_010));
        assert_eq!(
            r.postcode_not_available,
            Some(api::PostcodeNotAvailable::NoMailDelivery)
        );
    }
}
