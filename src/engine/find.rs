//! Find Address: search, classify, render, list options.

use crate::api::{
    self, AddressOption, AddressType, CleanResult, Country, FindAddressRequest,
    FindAddressResponse, FindCarry, FindResult, LinkContext, MatchLevel, ReformattedAddressResult,
    WireEnum,
};
use crate::classify::{classify, Classification, EircodeCheck, OptionSet, Target};
use crate::ecad::address::{
    geographic_address, postal_address, vanity_address, Address, AddressParts, Language,
};
use crate::engine::{uk, Engine};
use crate::group::{self, OptionItem};
use crate::index::{EntityKind, Index};
use crate::search::{search, Mode, Search};

/// The crate's language for a wire language.
pub(crate) fn language(l: api::Language) -> Language {
    match l {
        api::Language::Ga => Language::Irish,
        _ => Language::English,
    }
}

/// Answers FindAddress.
pub(crate) fn find_address(
    engine: &Engine,
    req: &FindAddressRequest,
    links: &LinkContext,
) -> FindAddressResponse {
    let index = engine.index();
    if req.country != Country::Ie {
        return uk::find(engine, req, links);
    }
    let (classification, search) = match req.address_id {
        Some(id) => (by_id(index, id), None),
        None => {
            let s = search(index, &req.address, Mode::Find);
            let eircode = EircodeCheck::of(index, &s);
            (classify(index, &req.address, &s, &eircode), Some(s))
        }
    };
    respond(engine, req, links, &classification, search.as_ref())
}

/// Drill-down by id: an address point is the answer; a building or element lists what is below.
fn by_id(index: &Index, id: u64) -> Classification {
    let mut c = Classification {
        result: FindResult::NoAddressMatch,
        postcode_not_available: None,
        target: Target::None,
        match_level: MatchLevel::Unknown,
        unique: false,
        options: OptionSet::None,
        unmatched_words: Vec::new(),
        unmatched_numbers: Vec::new(),
        spelling_changed: false,
    };
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
        // An id pins the address exactly: the postcode is appended, not validated. (Not through
        // `classify`, which reads the empty text as invalid input: 700.)
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
            element_type: api::ElementType::from_code(u32::from(e.kind.code()))
                .unwrap_or(api::ElementType::Unknown),
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
    let lang = language(req.language);
    let mut resp = FindAddressResponse::new(c.result, req, links);
    resp.postcode_not_available = c.postcode_not_available;
    resp.is_unique_address = c.unique;
    if c.match_level != MatchLevel::Unknown {
        resp.match_level = Some(c.match_level);
    }
    if let Some((id, ty)) = target_id(index, &c.target) {
        resp.address_id = Some(id);
        resp.address_type = AddressType::from_code(u32::from(ty));
    }
    if let Target::AddressPoint(ap) = c.target {
        resp.postcode = index.address_point_eircode(ap);
    }
    if let Some(parts) = parts_of(index, &c.target) {
        let postal = postal_address(&parts, lang);
        resp.postal_address = Some(postal.lines.clone());
        if req.address_elements {
            resp.postal_address_elements = Some(wire_elements(&postal));
        }
        if req.geographic_address {
            let geo = geographic_address(&parts, lang);
            resp.geographic_address = Some(geo.lines.clone());
            if req.address_elements {
                resp.geographic_address_elements = Some(wire_elements(&geo));
            }
        }
        if req.vanity_mode {
            let vanity = vanity_address(&parts);
            resp.vanity_address = Some(vanity.lines.clone());
            if req.address_elements {
                resp.vanity_address_elements = Some(wire_elements(&vanity));
            }
        }
        if let Some(profile) = req
            .address_profile_name
            .as_deref()
            .and_then(|name| engine.profiles().get(name))
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
    let nua = matches!(c.result, FindResult::NonUniqueAddress);
    let (total, items) = group::options(index, &c.options, req.limit, lang, nua);
    let carry = FindCarry::from(req);
    resp.total_options = total;
    resp.options = items
        .into_iter()
        .map(|item| option(links, &carry, item))
        .collect();
    resp
}

/// An option on the wire, with its drill-down link.
pub(crate) fn option(links: &LinkContext, carry: &FindCarry, item: OptionItem) -> AddressOption {
    let next = links.next_link_for_option(carry, &item.display_name, Some(item.address_id));
    AddressOption {
        option_type: Some(item.option_type),
        display_name: item.display_name,
        postcode: item.postcode,
        address_id: Some(item.address_id),
        address_type: AddressType::from_code(u32::from(item.address_type)),
        links: vec![next],
    }
}

/// How the output differs from the input (`matching.md` §3), from the words on each side.
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
    let mut positioned: Vec<(usize, &str)> = s
        .plan
        .words
        .iter()
        .map(|w| (w.token, w.text.as_str()))
        .chain(s.plan.numbers.iter().map(|n| (n.token, n.text.as_str())))
        .collect();
    positioned.sort_unstable();
    let canonical: Vec<&str> = positioned.into_iter().map(|(_, t)| t).collect();
    let reordered = {
        let pos: Vec<usize> = in_tokens
            .iter()
            .filter_map(|t| out_set.iter().position(|o| o == t))
            .collect();
        pos.windows(2).any(|w| w[0] > w[1])
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
