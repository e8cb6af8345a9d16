//! Autocomplete for Northern Ireland and Great Britain (`country=ni|gb`): suggestions from the
//! UK addresses of the index, whose `next` links Find Address answers.
//!
//! - **A postcode or its beginning** (`BT14`, `BT14 7E`, `bt147e`, `S35 6NF`) reads the
//!   postcode-sorted records from the first that begins with it. One postcode: its addresses,
//!   with the postcode as one grouped option first when it holds more than
//!   [`POSTCODE_LISTED`] (so the whole list is a click away while the first addresses show).
//!   Several postcodes: one option each, grouped when a postcode holds more than one address.
//! - **Text** (`3 flax street belfast`): every word of every UK address (its postcode too) is
//!   kept in the index's word list, built on the first use (`index::uk_words`). The typed
//!   words are looked up whole, the last one as a prefix; addresses holding all of them come
//!   first, in postcode order. When more than [`MAX_SUGGESTIONS`] hold them all, they are
//!   offered one grouped option per postcode.
//!
//! A grouped option has no id: its link carries the postcode, which Find Address answers with
//! the postcode's addresses. An address option's label ends with its postcode, and its link
//! carries its id, which Find Address picks among that postcode's addresses.

use std::collections::BTreeMap;

use crate::api::{Country, OptionType};
use crate::ecad::{UkAddress, UkCountry};
use crate::engine::uk::{postcode_run, uk_country, uk_item};
use crate::engine::Engine;
use crate::group::OptionItem;
use crate::index::Index;
use crate::limits::{MAX_SUGGESTIONS, MAX_UK_SCAN};
use crate::text::postcode::is_outward;

/// A single postcode with more addresses than this is offered as a group first.
pub const POSTCODE_LISTED: usize = 5;

/// Suggestions for `text` from the UK addresses of `country` (`ni` or `gb`).
pub(crate) fn suggestions(engine: &Engine, text: &str, country: Country) -> Vec<OptionItem> {
    let index = engine.index();
    match postcode_prefixes(text) {
        Some(prefixes) => postcode_suggestions(index, &prefixes, country),
        None => text_suggestions(index, text, country),
    }
}

/// The written forms (`BT14 7E`) a typed postcode beginning may stand for, or `None` when the
/// text is not one: letters, then a digit within the first three characters, then letters and
/// digits, with at most one space.
fn postcode_prefixes(text: &str) -> Option<Vec<String>> {
    let upper = text.trim().to_ascii_uppercase();
    if upper.is_empty() || !upper.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ') {
        return None;
    }
    let parts: Vec<&str> = upper.split_whitespace().collect();
    let compact: String = parts.concat();
    let first_digit = compact.find(|c: char| c.is_ascii_digit())?;
    if !(1..=2).contains(&first_digit) || compact.len() > 7 {
        return None;
    }
    let inward = |i: &str| {
        let b = i.as_bytes();
        !b.is_empty()
            && b.len() <= 3
            && b[0].is_ascii_digit()
            && b[1..].iter().all(u8::is_ascii_uppercase)
    };
    match parts.as_slice() {
        [out, inn] if is_outward(out.as_bytes()) && inward(inn) => {
            Some(vec![format!("{out} {inn}")])
        }
        [_, _] => None,
        [one] => {
            // An outward code being typed (at most 4 characters), or outward and inward codes
            // typed without their space.
            let mut out = Vec::new();
            if one.len() <= 4 {
                out.push((*one).to_string());
            }
            for cut in 2..one.len().min(5) {
                let (o, i) = one.split_at(cut);
                if is_outward(o.as_bytes()) && inward(i) {
                    out.push(format!("{o} {i}"));
                }
            }
            (!out.is_empty()).then_some(out)
        }
        _ => None,
    }
}

/// Suggestions for postcodes beginning with any of `prefixes` (written forms).
fn postcode_suggestions(index: &Index, prefixes: &[String], country: Country) -> Vec<OptionItem> {
    let mut by_code: BTreeMap<String, Vec<UkAddress>> = BTreeMap::new();
    for p in prefixes {
        // Enough postcodes to fill the list, and one more to tell one postcode from several.
        let mut codes = 0;
        let mut last = String::new();
        for a in postcode_run(index, p).take(MAX_UK_SCAN) {
            if a.postcode != last {
                codes += 1;
                if codes > MAX_SUGGESTIONS + 1 {
                    break;
                }
                last.clone_from(&a.postcode);
            }
            if (a.country == UkCountry::Ni) == (country == Country::Ni) {
                by_code
                    .entry(a.postcode.to_ascii_uppercase())
                    .or_default()
                    .push(a);
            }
        }
    }
    for list in by_code.values_mut() {
        list.sort_by_key(|a| a.id);
        list.dedup_by_key(|a| a.id);
    }
    let mut groups: Vec<Vec<UkAddress>> = by_code.into_values().collect();
    if groups.len() == 1 {
        let mut one = groups.pop().unwrap_or_default();
        natural_order(&mut one);
        let mut out = Vec::new();
        if one.len() > POSTCODE_LISTED {
            out.extend(group_item(&one));
        }
        out.extend(one.iter().map(uk_item));
        out.truncate(MAX_SUGGESTIONS);
        return out;
    }
    groups
        .iter()
        .take(MAX_SUGGESTIONS)
        .filter_map(|g| match g.as_slice() {
            [a] => Some(uk_item(a)),
            _ => group_item(g),
        })
        .collect()
}

/// Suggestions for typed words: all of them held first (the last as a prefix).
fn text_suggestions(index: &Index, text: &str, country: Country) -> Vec<OptionItem> {
    let mut typed = Vec::new();
    crate::text::index_terms(text, &mut typed);
    let (scored, _) = index.uk_words().scored(&typed, true, uk_country(country));
    let Some(&(best, _)) = scored.first() else {
        return Vec::new();
    };
    // Those holding the most typed words; the rest only fill the list when they are few.
    let all = scored.iter().take_while(|s| s.0 == best).count();
    let ordinals: Vec<u32> = if all > MAX_SUGGESTIONS {
        scored[..all].iter().map(|s| s.1).collect()
    } else {
        scored.iter().take(MAX_SUGGESTIONS).map(|s| s.1).collect()
    };
    let records = first_postcodes(index, &ordinals, MAX_SUGGESTIONS);
    listed(&records, MAX_SUGGESTIONS, MAX_SUGGESTIONS)
}

/// The records at `ordinals` (in index order, so each postcode's together), read until the
/// first `postcodes` postcodes are complete.
pub(crate) fn first_postcodes(index: &Index, ordinals: &[u32], postcodes: usize) -> Vec<UkAddress> {
    let mut out: Vec<UkAddress> = Vec::new();
    let mut seen = 0;
    for &i in ordinals {
        let Some(a) = index.uk_address(i) else {
            continue;
        };
        if out.last().map_or(true, |l| l.postcode != a.postcode) {
            seen += 1;
            if seen > postcodes {
                break;
            }
        }
        out.push(a);
    }
    out
}

/// Options for `records` (in index order): each its own when there are at most `flat`, else
/// one per postcode (a group when it holds several); at most `most`.
pub(crate) fn listed(records: &[UkAddress], flat: usize, most: usize) -> Vec<OptionItem> {
    if records.len() <= flat {
        return records.iter().map(uk_item).collect();
    }
    let mut groups: Vec<&[UkAddress]> = Vec::new();
    let mut start = 0;
    for i in 1..=records.len() {
        if i == records.len() || records[i].postcode != records[start].postcode {
            groups.push(&records[start..i]);
            start = i;
            if groups.len() >= most {
                break;
            }
        }
    }
    groups
        .into_iter()
        .filter_map(|g| match g {
            [a] => Some(uk_item(a)),
            _ => group_item(g),
        })
        .collect()
}

/// House numbers numerically, then the rest by id.
fn natural_order(list: &mut [UkAddress]) {
    let number = |a: &UkAddress| {
        a.building_number
            .as_deref()
            .and_then(|n| {
                let digits: String = n.chars().take_while(char::is_ascii_digit).collect();
                digits.parse::<u32>().ok()
            })
            .unwrap_or(u32::MAX)
    };
    list.sort_by(|a, b| number(a).cmp(&number(b)).then(a.id.cmp(&b.id)));
}

/// One option for the addresses of one postcode: `FLAX STREET, BELFAST, BT14 7EJ (15
/// addresses)` (the street when they share one), drilled into by its postcode.
fn group_item(list: &[UkAddress]) -> Option<OptionItem> {
    let first = list.first()?;
    let shared = |f: fn(&UkAddress) -> Option<&str>| {
        let v = f(first)?.trim();
        (!v.is_empty() && list.iter().all(|a| f(a).map(str::trim) == Some(v))).then_some(v)
    };
    let mut lines: Vec<String> = Vec::new();
    if let Some(street) = shared(|a| a.thoroughfare.as_deref()) {
        lines.push(street.to_uppercase());
    }
    if let Some(place) = shared(|a| a.dependent_locality.as_deref()) {
        lines.push(place.to_uppercase());
    }
    lines.push(first.post_town.to_uppercase());
    let postcode = first.postcode.to_ascii_uppercase();
    lines.push(postcode.clone());
    let business = list.iter().filter(|a| a.organisation.is_some()).count();
    Some(OptionItem {
        option_type: if business * 2 > list.len() {
            OptionType::GroupedBusiness
        } else {
            OptionType::GroupedNonBusiness
        },
        display_name: format!("{} ({} addresses)", lines.join(", "), list.len()),
        postcode: Some(postcode.clone()),
        address_id: 0,
        address_type: 0,
        drill_text: Some(postcode),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postcode_beginnings_are_read_in_their_written_forms() {
        assert_eq!(postcode_prefixes("BT14 7E"), Some(vec!["BT14 7E".into()]));
        assert_eq!(postcode_prefixes("bt147e"), Some(vec!["BT14 7E".into()]));
        assert_eq!(
            postcode_prefixes("bt14"),
            Some(vec!["BT14".into(), "BT1 4".into()])
        );
        assert_eq!(postcode_prefixes("S35 6NF"), Some(vec!["S35 6NF".into()]));
        assert_eq!(postcode_prefixes("BT1"), Some(vec!["BT1".into()]));
        for text in ["flax", "3 flax street", "12", "BT", "BT14 7EJ belfast", ""] {
            assert_eq!(postcode_prefixes(text), None, "{text}");
        }
    }
}
