//! Autocomplete: suggestions for partial input, each with a `next` link that runs Find Address.
//!
//! An Eircode or Eircode prefix (`A86`, `a86 v`, `A86VC0`) completes through the Eircode fst. Any
//! other text runs the matcher in autocomplete mode (the last word is a prefix, typos allowed)
//! and each ranked candidate becomes one suggestion: an address point when the input singles one
//! out, a building with several units or a whole street, estate or townland as one grouped
//! option that drills down.

use fst::{IntoStreamer, Streamer};

use crate::api::{
    AddressOption, AutocompleteRequest, AutocompleteResponse, FindCarry, LinkContext,
};
use crate::classify::Target;
use crate::engine::find::{language, option};
use crate::engine::recent::Key;
use crate::engine::Engine;
use crate::group::{self, OptionItem};
use crate::index::{EircodeHit, Index};
use crate::limits::MAX_SUGGESTIONS;
use crate::search::{search, Candidate, Mode, Search};

/// Answers Autocomplete.
pub(crate) fn autocomplete(
    engine: &Engine,
    req: &AutocompleteRequest,
    links: &LinkContext,
) -> AutocompleteResponse {
    let index = engine.index();
    let lang = language(req.language);
    let key = Key::new(&req.address, lang == crate::ecad::address::Language::Irish);
    let cached = engine.remember.then(|| engine.recent.get(&key)).flatten();
    let items = match cached {
        Some(items) => items,
        None => {
            let items = match eircode_prefix(key.text()) {
                Some(prefix) => eircode_suggestions(index, &prefix, lang),
                None => text_suggestions(index, key.text(), lang),
            };
            if engine.remember {
                engine.recent.put(key, &items);
            }
            items
        }
    };
    let carry = FindCarry {
        limit: req.limit,
        language: req.language,
        country: req.country,
        geographic_address: req.geographic_address,
        vanity_mode: req.vanity_mode,
        address_elements: req.address_elements,
        address_profile_name: req.address_profile_name.clone(),
    };
    let options: Vec<AddressOption> = items
        .into_iter()
        .map(|item| option(links, &carry, item))
        .collect();
    AutocompleteResponse::new(options, req, links)
}

/// The input as an Eircode prefix (upper case, no spaces), when it reads as one: a routing key
/// (`A86`, `D6W`) followed by up to four more characters.
fn eircode_prefix(text: &str) -> Option<String> {
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    if compact.len() < 3 || compact.len() > 7 || !compact.is_ascii() {
        return None;
    }
    let key = &compact[..3];
    crate::text::eircode::is_routing_key(key).then_some(())?;
    compact[3..]
        .chars()
        .all(|c| c.is_ascii_alphanumeric())
        .then_some(compact)
}

fn eircode_suggestions(
    index: &Index,
    prefix: &str,
    lang: crate::ecad::address::Language,
) -> Vec<OptionItem> {
    let mut out = Vec::new();
    if prefix.len() == 7 {
        if let Some(EircodeHit::Current(ap)) = index.eircode(prefix) {
            out.extend(group::point_item(index, ap, lang));
        }
        return out;
    }
    let automaton = fst::automaton::Str::new(prefix);
    let mut stream = index
        .eircodes()
        .search(fst::Automaton::starts_with(automaton))
        .into_stream();
    while let Some((_, v)) = stream.next() {
        if v >> 32 != 0 {
            continue; // a historical Eircode
        }
        if let Some(item) = group::point_item(index, v as u32, lang) {
            out.push(item);
        }
        if out.len() >= MAX_SUGGESTIONS {
            break;
        }
    }
    out
}

fn text_suggestions(
    index: &Index,
    text: &str,
    lang: crate::ecad::address::Language,
) -> Vec<OptionItem> {
    let s = search(index, text, Mode::Autocomplete);
    let mut seen: Vec<Target> = Vec::new();
    let mut out = Vec::new();
    for c in &s.candidates {
        if out.len() >= MAX_SUGGESTIONS {
            break;
        }
        let target = suggestion_target(index, &s, c);
        let same = |t: &Target| match (t, &target) {
            (Target::Element { element: a, .. }, Target::Element { element: b, .. }) => a == b,
            (a, b) => a == b,
        };
        if target == Target::None || seen.iter().any(same) {
            continue;
        }
        seen.push(target);
        if let Some(item) = item_for(index, &target, lang) {
            out.push(item);
        }
    }
    out
}

/// What a candidate suggests: its address point, its building, or its deepest element.
fn suggestion_target(index: &Index, s: &Search, c: &Candidate) -> Target {
    if let Some(ap) = c.address_point {
        return Target::AddressPoint(ap);
    }
    if let Some(b) = c.building {
        return Target::Building(b);
    }
    let Some(row) = index.place(c.place.place) else {
        return Target::None;
    };
    let assigned: Vec<u32> = c
        .place
        .assigned()
        .iter()
        .map(|&m| s.matches[m as usize].element)
        .collect();
    match row
        .elements()
        .into_iter()
        .find(|e| *e != crate::index::NONE && assigned.contains(e))
    {
        // A place with a single address point suggests it directly.
        Some(_) if row.building_count == 1 => index
            .building(row.building_start)
            .filter(|b| b.ap_count == 1)
            .map_or(Target::Building(row.building_start), |b| {
                Target::AddressPoint(b.ap_start)
            }),
        Some(element) => Target::Element {
            element,
            place: c.place.place,
        },
        None => Target::None,
    }
}

fn item_for(
    index: &Index,
    target: &Target,
    lang: crate::ecad::address::Language,
) -> Option<OptionItem> {
    let set = crate::classify::OptionSet::Candidates(vec![*target]);
    let (_, mut items) = group::options(index, &set, -1, lang, false);
    items.pop()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eircode_prefixes_are_recognised() {
        assert_eq!(eircode_prefix("a86"), Some("A86".into()));
        assert_eq!(eircode_prefix("A86 V"), Some("A86V".into()));
        assert_eq!(eircode_prefix("a86vc0"), Some("A86VC0".into()));
        assert_eq!(eircode_prefix("d6w"), Some("D6W".into()));
        assert_eq!(eircode_prefix("main"), None);
        assert_eq!(eircode_prefix("a86 vc04 x"), None);
        assert_eq!(eircode_prefix("12"), None);
    }
}
