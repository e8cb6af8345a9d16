//! The rules of `ecad-model.md` §4 applied to [`AddressParts`]: one function, [`render`], whose
//! steps are numbered as in the module docs of [`address`](super::address).

use super::address::{
    eircode_display, Address, AddressElement, AddressParts, ElementType, Language, Part,
    MAX_ADDRESS_LINES,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Postal address.
    Postal,
    /// Geographic address.
    Geographic,
    /// Vanity address (before mixed case).
    Vanity,
}

/// What a line stands for, so the line cap knows what it may merge or drop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Department,
    Organisation,
    SubBuilding,
    BuildingName,
    BuildingGroup,
    PrimaryThoroughfare,
    SecondaryThoroughfare,
    PrimaryLocality,
    SecondaryLocality,
    PostTown,
    County,
    Number,
}

struct Line {
    slot: Slot,
    elements: Vec<AddressElement>,
}

impl Line {
    fn text(&self) -> String {
        let mut text = String::new();
        for (i, e) in self.elements.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            text.push_str(&e.value);
        }
        text
    }
}

pub(crate) fn same_name(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// Number-like sub-building names (`2`, `2A`, `3/4`) share the building name's line.
fn is_number_like(s: &str) -> bool {
    let s = s.trim();
    s.starts_with(|c: char| c.is_ascii_digit())
        && s.len() <= 8
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '/' || c == '-')
}

fn element(part: &Part, lang: Language) -> AddressElement {
    AddressElement {
        value: part.name(lang).to_string(),
        kind: part.kind,
        id: part.id,
    }
}

pub(crate) fn render(parts: &AddressParts, lang: Language, mode: Mode) -> Address {
    let mut lines: Vec<Line> = Vec::with_capacity(12);
    let push = |lines: &mut Vec<Line>, slot: Slot, part: &Option<Part>| {
        if let Some(p) = part.as_ref().filter(|p| !p.is_blank()) {
            lines.push(Line {
                slot,
                elements: vec![element(p, lang)],
            });
        }
    };

    // Rule 1: a department needs an organisation (and vanity drops it).
    let has_org = parts.organisation.as_ref().is_some_and(|o| !o.is_blank());
    if has_org && mode != Mode::Vanity {
        push(&mut lines, Slot::Department, &parts.department);
    }
    push(&mut lines, Slot::Organisation, &parts.organisation);

    // Rule 2: a building name equal to the organisation or the group is dropped.
    let building_name = parts.building_name.as_ref().filter(|b| {
        let dup = |other: &Option<Part>| {
            other
                .as_ref()
                .is_some_and(|o| same_name(&o.english, &b.english))
        };
        !b.is_blank() && !dup(&parts.organisation) && !dup(&parts.building_group)
    });

    // Rule 3: a number-like sub-building prefixes the building name.
    let sub = parts.sub_building.as_ref().filter(|s| !s.is_blank());
    match (sub, building_name) {
        (Some(s), Some(b)) if is_number_like(&s.english) => lines.push(Line {
            slot: Slot::BuildingName,
            elements: vec![element(s, lang), element(b, lang)],
        }),
        _ => {
            if let Some(s) = sub {
                lines.push(Line {
                    slot: Slot::SubBuilding,
                    elements: vec![element(s, lang)],
                });
            }
            if let Some(b) = building_name {
                lines.push(Line {
                    slot: Slot::BuildingName,
                    elements: vec![element(b, lang)],
                });
            }
        }
    }

    push(&mut lines, Slot::BuildingGroup, &parts.building_group);
    push(
        &mut lines,
        Slot::PrimaryThoroughfare,
        &parts.primary_thoroughfare,
    );
    push(
        &mut lines,
        Slot::SecondaryThoroughfare,
        &parts.secondary_thoroughfare,
    );
    push(&mut lines, Slot::PrimaryLocality, &parts.primary_locality);
    push(
        &mut lines,
        Slot::SecondaryLocality,
        &parts.secondary_locality,
    );

    // Which post town and county this mode writes.
    let has_locality = lines
        .iter()
        .any(|l| matches!(l.slot, Slot::PrimaryLocality | Slot::SecondaryLocality));
    let dublin = parts.is_dublin_district();
    let county = match mode {
        Mode::Geographic => parts.geographic_county.as_ref(),
        Mode::Postal | Mode::Vanity => parts.post_county.as_ref(),
    };
    let keep_post_town = match mode {
        Mode::Postal => true,
        Mode::Geographic => !(parts.is_border() && has_locality),
        Mode::Vanity => {
            dublin
                || !parts
                    .primary_locality
                    .as_ref()
                    .is_some_and(|l| !l.is_blank())
        }
    };
    if keep_post_town {
        push(&mut lines, Slot::PostTown, &parts.post_town);
    }

    // Rule 6: no county line for Dublin districts or after a line carrying the county's name.
    if let Some(c) = county.filter(|c| !c.is_blank()) {
        let after_dublin =
            dublin && keep_post_town && !(mode == Mode::Geographic && parts.is_border());
        let county_named = lines.last().is_some_and(|l| {
            english_of_line(parts, l.slot).is_some_and(|n| same_name(n, &c.english))
        });
        if !after_dublin && !county_named {
            lines.push(Line {
                slot: Slot::County,
                elements: vec![AddressElement {
                    value: format!("CO. {}", c.name(lang)),
                    kind: ElementType::County,
                    id: c.id,
                }],
            });
        }
    }

    // Rule 5: a line equal to the line before it is dropped.
    let mut deduped: Vec<Line> = Vec::with_capacity(lines.len());
    for line in lines {
        let dup = deduped
            .last()
            .is_some_and(|prev| same_name(&prev.text(), &line.text()));
        if !dup {
            deduped.push(line);
        }
    }
    let mut lines = deduped;

    // Rule 4: the building number prefixes the first present target line.
    if let Some(number) = parts
        .building_number
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        let number_element = AddressElement {
            value: number.to_string(),
            kind: ElementType::BuildingNumber,
            id: parts.building_id,
        };
        let targets = [
            Slot::BuildingGroup,
            Slot::PrimaryThoroughfare,
            Slot::SecondaryThoroughfare,
            Slot::PrimaryLocality,
            Slot::SecondaryLocality,
            Slot::BuildingName,
            Slot::PostTown,
        ];
        let target = targets
            .iter()
            .find_map(|slot| lines.iter().position(|l| l.slot == *slot));
        match target {
            Some(i) => {
                if let Some(line) = lines.get_mut(i) {
                    line.elements.insert(0, number_element);
                }
            }
            None => {
                // Nothing to prefix: the number is the whole address, so it must be shown.
                let at = lines
                    .iter()
                    .position(|l| l.slot == Slot::County)
                    .unwrap_or(lines.len());
                lines.insert(
                    at,
                    Line {
                        slot: Slot::Number,
                        elements: vec![number_element],
                    },
                );
            }
        }
    }

    // Rule 7: at most MAX_ADDRESS_LINES lines before the Eircode.
    cap_lines(&mut lines);

    let mut address = Address::default();
    for line in &lines {
        address.lines.push(line.text());
        address.elements.extend(line.elements.iter().cloned());
    }
    // Rule 8: the Eircode line.
    if let Some(eircode) = parts
        .eircode
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        let display = eircode_display(eircode);
        address.lines.push(display.clone());
        address.elements.push(AddressElement {
            value: display,
            kind: ElementType::Eircode,
            id: parts.address_point_id,
        });
    }
    address
}

/// The English name behind a line, for the county-named test (decided in English so both
/// languages drop the same county line).
fn english_of_line(parts: &AddressParts, slot: Slot) -> Option<&str> {
    let part = match slot {
        Slot::PostTown => &parts.post_town,
        Slot::PrimaryLocality => &parts.primary_locality,
        Slot::SecondaryLocality => &parts.secondary_locality,
        _ => return None,
    };
    part.as_ref().map(|p| p.english.as_str())
}

fn cap_lines(lines: &mut Vec<Line>) {
    if lines.len() <= MAX_ADDRESS_LINES {
        return;
    }
    // 1. The sub-building joins the building name line.
    let sub = lines.iter().position(|l| l.slot == Slot::SubBuilding);
    let name = lines.iter().position(|l| l.slot == Slot::BuildingName);
    if let (Some(s), Some(n)) = (sub, name) {
        let moved = lines.remove(s);
        let n = if n > s { n - 1 } else { n };
        if let Some(line) = lines.get_mut(n) {
            let mut elements = moved.elements;
            elements.append(&mut line.elements);
            line.elements = elements;
        }
    }
    // 2–4. Drop the least needed lines, one kind at a time.
    for slot in [
        Slot::SecondaryLocality,
        Slot::SecondaryThoroughfare,
        Slot::Department,
    ] {
        if lines.len() <= MAX_ADDRESS_LINES {
            return;
        }
        // A dropped line keeps the building number: move it to the next line first.
        if let Some(i) = lines.iter().position(|l| l.slot == slot) {
            let removed = lines.remove(i);
            let number: Vec<AddressElement> = removed
                .elements
                .into_iter()
                .filter(|e| e.kind == ElementType::BuildingNumber)
                .collect();
            if !number.is_empty() {
                if let Some(next) = lines.get_mut(i) {
                    let mut elements = number;
                    elements.append(&mut next.elements);
                    next.elements = elements;
                }
            }
        }
    }
    // Cannot happen with the twelve slots of §4, but keep the promise for any input.
    lines.truncate(MAX_ADDRESS_LINES);
}
