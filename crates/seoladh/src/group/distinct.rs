//! The last pass over every option list: options a person can tell apart (`docs/matching.md` §4-5).
//!
//! The control shows `displayName` only, so two options with one label cannot be chosen
//! between. Every path that lists options (text search, drill-down by `addressId`,
//! Autocomplete, the UK addresses) ends here:
//!
//! 1. **Repeats go**: an option whose `addressId` an earlier one has drills into the same
//!    thing, so only the first (best ranked) is kept.
//! 2. **Equal labels get what tells them apart**, in this order, each step only for the labels
//!    still equal: the option's Eircode or postcode (`…, F92 P3R4`); then the building or unit
//!    that holds it ([`Tiebreak`]: a building's number or name, a unit's); then, when the data
//!    gives nothing else, its ECAD id, so that no two labels are ever equal.
//!
//! The order of the options does not change.

use super::OptionItem;

/// What else an option can be told apart by when its lines and postcode are not enough.
pub trait Tiebreak {
    /// A short description of the building or unit behind `item` that its label does not
    /// already show (`UNIT 4`, `BUILDING 12`), if the data has one.
    fn building_or_unit(&self, item: &OptionItem) -> Option<String>;
}

/// No tie-break data (UK addresses: the postcode and the lines are all there is).
pub struct NoTiebreak;

impl Tiebreak for NoTiebreak {
    fn building_or_unit(&self, _: &OptionItem) -> Option<String> {
        None
    }
}

/// Drops repeated options and makes every label unique (module docs).
pub fn make_distinct(items: &mut Vec<OptionItem>, tiebreak: &dyn Tiebreak) {
    if items.len() < 2 {
        return;
    }
    drop_repeats(items);
    let mut round = 0;
    while let Some(clashes) = clashing(items) {
        for i in clashes {
            let Some(item) = items.get_mut(i) else {
                continue;
            };
            let extra = match round {
                0 => item.postcode.as_deref().map(written_postcode),
                1 => tiebreak.building_or_unit(item),
                _ => Some(match item.address_id {
                    0 => format!("OPTION {}", i + 1),
                    id => format!("ECAD {id}"),
                }),
            };
            if let Some(extra) = extra.filter(|e| !item.display_name.contains(e.as_str())) {
                append(&mut item.display_name, &extra);
            }
        }
        round += 1;
        if round > 2 {
            break;
        }
    }
}

/// Keeps the first option of each `addressId`; an option without one (0) is a repeat when an
/// earlier one has its label and its drill-down text.
pub(super) fn drop_repeats(items: &mut Vec<OptionItem>) {
    let mut ids: Vec<u64> = items.iter().map(|i| i.address_id).collect();
    ids.sort_unstable();
    if ids.windows(2).all(|w| w[0] != w[1]) {
        return;
    }
    let mut seen = std::collections::HashSet::with_capacity(items.len());
    items.retain(|i| {
        let key = match i.address_id {
            0 => (0, Some((i.display_name.clone(), i.drill_text.clone()))),
            id => (id, None),
        };
        seen.insert(key)
    });
}

/// The positions of the options whose label another option has, or `None` when all differ.
fn clashing(items: &[OptionItem]) -> Option<Vec<usize>> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| items[a].display_name.cmp(&items[b].display_name));
    let mut out = Vec::new();
    for w in order.windows(2) {
        if items[w[0]].display_name == items[w[1]].display_name {
            out.extend_from_slice(w);
        }
    }
    if out.is_empty() {
        return None;
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}

/// A postcode as written in an address line: an Eircode with its space (`F92 P3R4`); a UK
/// postcode is stored with its space already (`BT14 7EJ`).
fn written_postcode(postcode: &str) -> String {
    if postcode.trim().contains(' ') {
        postcode.trim().to_string()
    } else {
        crate::ecad::address::eircode_display(postcode)
    }
}

/// Adds `extra` to a label: before a grouped option's count (`X, F92 P3R4 (3 addresses)`),
/// else at the end.
fn append(label: &mut String, extra: &str) {
    let at = label
        .rfind(" (")
        .filter(|&at| label.ends_with(" addresses)") && at > 0)
        .unwrap_or(label.len());
    label.insert_str(at, &format!(", {extra}"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::OptionType;

    fn item(id: u64, name: &str, postcode: Option<&str>) -> OptionItem {
        OptionItem {
            option_type: OptionType::Standard,
            display_name: name.to_string(),
            postcode: postcode.map(str::to_string),
            address_id: id,
            address_type: 2150,
            drill_text: None,
        }
    }

    fn names(items: &[OptionItem]) -> Vec<&str> {
        items.iter().map(|i| i.display_name.as_str()).collect()
    }

    struct Units;
    impl Tiebreak for Units {
        fn building_or_unit(&self, item: &OptionItem) -> Option<String> {
            (item.address_id % 2 == 0).then(|| format!("UNIT {}", item.address_id))
        }
    }

    #[test]
    fn repeats_go_and_equal_labels_get_the_eircode_first() {
        let mut items = vec![
            item(1, "SHESKINBEG, LETTERKENNY", Some("F92P3R4")),
            item(2, "SHESKINBEG, LETTERKENNY", Some("F920N8A")),
            item(1, "SHESKINBEG, LETTERKENNY", Some("F92P3R4")),
            item(3, "MEADOWVIEW, SHESKINBEG, LETTERKENNY", Some("F9287XR")),
        ];
        make_distinct(&mut items, &NoTiebreak);
        assert_eq!(
            names(&items),
            [
                "SHESKINBEG, LETTERKENNY, F92 P3R4",
                "SHESKINBEG, LETTERKENNY, F92 0N8A",
                "MEADOWVIEW, SHESKINBEG, LETTERKENNY",
            ]
        );
    }

    #[test]
    fn then_the_building_or_unit_then_the_id() {
        let mut items = vec![
            item(10, "MAIN STREET, NAAS (3 addresses)", None),
            item(12, "MAIN STREET, NAAS (3 addresses)", None),
            item(13, "MAIN STREET, NAAS (3 addresses)", None),
            item(15, "MAIN STREET, NAAS (3 addresses)", None),
        ];
        items[2].option_type = OptionType::GroupedNonBusiness;
        make_distinct(&mut items, &Units);
        assert_eq!(
            names(&items),
            [
                "MAIN STREET, NAAS, UNIT 10 (3 addresses)",
                "MAIN STREET, NAAS, UNIT 12 (3 addresses)",
                "MAIN STREET, NAAS, ECAD 13 (3 addresses)",
                "MAIN STREET, NAAS, ECAD 15 (3 addresses)",
            ]
        );
    }

    #[test]
    fn uk_postcodes_keep_their_space() {
        let mut items = vec![
            item(1, "3 FLAX STREET, BELFAST", Some("BT14 7EJ")),
            item(2, "3 FLAX STREET, BELFAST", Some("BT14 7EL")),
        ];
        make_distinct(&mut items, &NoTiebreak);
        assert_eq!(
            names(&items),
            [
                "3 FLAX STREET, BELFAST, BT14 7EJ",
                "3 FLAX STREET, BELFAST, BT14 7EL"
            ]
        );
    }

    #[test]
    fn distinct_lists_are_left_alone() {
        let mut items = vec![item(1, "A", Some("F92P3R4")), item(2, "B", None)];
        let before = items.clone();
        make_distinct(&mut items, &NoTiebreak);
        assert_eq!(items, before);
    }

    proptest::proptest! {
        /// Whatever the list: labels end up unique, every id once (the first kept, in order),
        /// id-less options once per label and drill text, and a label only ever grows.
        #[test]
        fn any_list_ends_distinct(
            raw in proptest::collection::vec(
                (0u64..6, 0usize..4, proptest::option::of(0usize..3), proptest::bool::ANY),
                0..24,
            )
        ) {
            let names = ["MAIN STREET, NAAS", "MAIN STREET, NAAS (3 addresses)", "A", "A, F92 P3R4"];
            let codes = ["F92P3R4", "A65F4E2", "BT14 7EJ"];
            let items: Vec<OptionItem> = raw
                .iter()
                .map(|&(id, name, code, grouped)| OptionItem {
                    option_type: if grouped { OptionType::GroupedNonBusiness } else { OptionType::Standard },
                    display_name: names[name].to_string(),
                    postcode: code.map(|c| codes[c].to_string()),
                    address_id: id,
                    address_type: 0,
                    drill_text: (id == 0).then(|| "BT14 7EJ".to_string()),
                })
                .collect();
            let mut out = items.clone();
            make_distinct(&mut out, &Units);
            let mut labels: Vec<&str> = out.iter().map(|i| i.display_name.as_str()).collect();
            labels.sort_unstable();
            proptest::prop_assert!(labels.windows(2).all(|w| w[0] != w[1]), "{:?}", out);
            // The kept options are the first of each id (or id-less label), in order.
            let mut expected = items.clone();
            drop_repeats(&mut expected);
            proptest::prop_assert_eq!(out.len(), expected.len());
            for (o, e) in out.iter().zip(&expected) {
                proptest::prop_assert_eq!(o.address_id, e.address_id);
                let stem = e.display_name.trim_end_matches(" (3 addresses)");
                proptest::prop_assert!(o.display_name.starts_with(stem), "{} from {}", o.display_name, e.display_name);
            }
        }
    }
}
