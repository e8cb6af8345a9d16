//! The rules of `docs/ecad-layout.md` §4 applied to [`AddressParts`]: one function, [`lines`], whose
//! steps are numbered as in the module docs of [`address`](super::address). Lines are built from
//! text borrowed from the parts and written out once, either as an [`Address`] ([`render`]) or
//! straight into an option's display name ([`display_name_into`]): options are rendered on every
//! request, and a line list of owned strings cost some thirty allocations per address.

use smallvec::{smallvec, SmallVec};

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

/// One element of a line: `prefix` then `text` (the county's `CO. `), borrowed from the parts.
#[derive(Debug, Clone, Copy)]
struct Element<'a> {
    prefix: &'static str,
    text: &'a str,
    kind: ElementType,
    id: u64,
}

impl Element<'_> {
    fn owned(&self) -> AddressElement {
        let mut value = String::with_capacity(self.prefix.len() + self.text.len());
        value.push_str(self.prefix);
        value.push_str(self.text);
        AddressElement {
            value,
            kind: self.kind,
            id: self.id,
        }
    }
}

/// A line's English text, for rule decisions (taken in English so that both languages drop the
/// same lines): `prefix`, `first`, then a space and `second` when there is one. Every piece is
/// trimmed already.
#[derive(Debug, Clone, Copy)]
struct English<'a> {
    prefix: &'static str,
    first: &'a str,
    second: Option<&'a str>,
}

impl<'a> English<'a> {
    fn of(text: &'a str) -> Self {
        English {
            prefix: "",
            first: text,
            second: None,
        }
    }

    fn len(&self) -> usize {
        self.prefix.len() + self.first.len() + self.second.map_or(0, |s| s.len() + 1)
    }

    fn bytes(&self) -> impl Iterator<Item = u8> + 'a {
        let (space, second) = match self.second {
            Some(s) => (" ", s),
            None => ("", ""),
        };
        self.prefix
            .bytes()
            .chain(self.first.bytes())
            .chain(space.bytes())
            .chain(second.bytes())
    }

    /// [`same_name`] on the whole text, without putting it together.
    fn same(&self, other: &English<'_>) -> bool {
        self.len() == other.len()
            && self
                .bytes()
                .zip(other.bytes())
                .all(|(a, b)| a.eq_ignore_ascii_case(&b))
    }
}

struct Line<'a> {
    slot: Slot,
    elements: SmallVec<[Element<'a>; 3]>,
    english: English<'a>,
}

/// The lines of one address, before the Eircode: never more than twelve slots.
type Lines<'a> = SmallVec<[Line<'a>; 12]>;

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

fn element(part: &Part, lang: Language) -> Element<'_> {
    Element {
        prefix: "",
        text: part.name(lang),
        kind: part.kind,
        id: part.id,
    }
}

/// Adds the line of one part (blank parts have none).
fn push<'a>(lines: &mut Lines<'a>, slot: Slot, part: &'a Option<Part>, lang: Language) {
    if let Some(p) = part.as_ref().filter(|p| !p.is_blank()) {
        lines.push(Line {
            slot,
            elements: smallvec![element(p, lang)],
            english: English::of(p.english.trim()),
        });
    }
}

/// The address of `parts` as an [`Address`]: its lines, then the Eircode line.
pub(crate) fn render(parts: &AddressParts, lang: Language, mode: Mode) -> Address {
    let lines = lines(parts, lang, mode);
    let mut address = Address {
        elements: Vec::with_capacity(lines.iter().map(|l| l.elements.len()).sum::<usize>() + 1),
        lines: Vec::with_capacity(lines.len() + 1),
    };
    for line in &lines {
        let mut text = String::new();
        write_line(line, &mut text);
        address.lines.push(text);
        address
            .elements
            .extend(line.elements.iter().map(Element::owned));
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

/// Appends the postal address's display name (its lines without the Eircode, comma-joined, as
/// [`Address::display_name`]) to `out`.
pub(crate) fn display_name_into(parts: &AddressParts, lang: Language, out: &mut String) {
    for (i, line) in lines(parts, lang, Mode::Postal).iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_line(line, out);
    }
}

/// A line's text: its elements joined by a space.
fn write_line(line: &Line<'_>, out: &mut String) {
    for (i, e) in line.elements.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(e.prefix);
        out.push_str(e.text);
    }
}

fn lines<'a>(parts: &'a AddressParts, lang: Language, mode: Mode) -> Lines<'a> {
    let mut lines = Lines::new();
    push_building_lines(&mut lines, parts, lang, mode);
    push(&mut lines, Slot::BuildingGroup, &parts.building_group, lang);
    push(
        &mut lines,
        Slot::PrimaryThoroughfare,
        &parts.primary_thoroughfare,
        lang,
    );
    push(
        &mut lines,
        Slot::SecondaryThoroughfare,
        &parts.secondary_thoroughfare,
        lang,
    );
    push(
        &mut lines,
        Slot::PrimaryLocality,
        &parts.primary_locality,
        lang,
    );
    push(
        &mut lines,
        Slot::SecondaryLocality,
        &parts.secondary_locality,
        lang,
    );
    push_town_and_county(&mut lines, parts, lang, mode);
    let mut lines = without_repeats(lines);
    number_line(&mut lines, parts);
    // Rule 7: at most MAX_ADDRESS_LINES lines before the Eircode.
    cap_lines(&mut lines);
    lines
}

/// The lines above the street: department, organisation, sub-building and building name
/// (rules 1 to 3).
fn push_building_lines<'a>(
    lines: &mut Lines<'a>,
    parts: &'a AddressParts,
    lang: Language,
    mode: Mode,
) {
    // Rule 1: a department needs an organisation (and vanity drops it).
    let has_org = parts.organisation.as_ref().is_some_and(|o| !o.is_blank());
    if has_org && mode != Mode::Vanity {
        push(lines, Slot::Department, &parts.department, lang);
    }
    push(lines, Slot::Organisation, &parts.organisation, lang);

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
            elements: smallvec![element(s, lang), element(b, lang)],
            english: English {
                prefix: "",
                first: s.english.trim(),
                second: Some(b.english.trim()),
            },
        }),
        _ => {
            if sub.is_some() {
                push(lines, Slot::SubBuilding, &parts.sub_building, lang);
            }
            if building_name.is_some() {
                push(lines, Slot::BuildingName, &parts.building_name, lang);
            }
        }
    }
}

/// The post town and county lines this mode writes (rule 6: no county line for Dublin
/// districts or after a line carrying the county's name).
fn push_town_and_county<'a>(
    lines: &mut Lines<'a>,
    parts: &'a AddressParts,
    lang: Language,
    mode: Mode,
) {
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
        push(lines, Slot::PostTown, &parts.post_town, lang);
    }

    // Rule 6: no county line for Dublin districts or after a line carrying the county's name.
    if let Some(c) = county.filter(|c| !c.is_blank()) {
        let after_dublin =
            dublin && keep_post_town && !(mode == Mode::Geographic && parts.is_border());
        let county_named = lines.last().is_some_and(|l| {
            english_of_line(parts, l.slot).is_some_and(|n| same_name(n, &c.english))
        });
        if !after_dublin && !county_named {
            let county = Element {
                prefix: "CO. ",
                text: c.name(lang),
                kind: ElementType::County,
                id: c.id,
            };
            lines.push(Line {
                slot: Slot::County,
                elements: smallvec![county],
                english: English {
                    prefix: "CO. ",
                    first: c.english.trim(),
                    second: None,
                },
            });
        }
    }
}

/// Rule 5: of two equal consecutive lines the earlier goes; the later is the wider element
/// (the post town over a locality of the same name).
fn without_repeats(lines: Lines<'_>) -> Lines<'_> {
    let mut deduped = Lines::new();
    for line in lines {
        if deduped
            .last()
            .is_some_and(|prev: &Line| prev.english.same(&line.english))
        {
            deduped.pop();
        }
        deduped.push(line);
    }
    deduped
}

/// Rule 4: the building number prefixes the first present target line.
fn number_line<'a>(lines: &mut Lines<'a>, parts: &'a AddressParts) {
    if let Some(number) = parts
        .building_number
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        let number_element = Element {
            prefix: "",
            text: number,
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
        // Else the last line before the county (an organisation, a sub-building): never alone.
        let target = targets
            .iter()
            .find_map(|slot| lines.iter().position(|l| l.slot == *slot))
            .or_else(|| lines.iter().rposition(|l| l.slot != Slot::County));
        match target {
            Some(i) => {
                if let Some(line) = lines.get_mut(i) {
                    line.elements.insert(0, number_element);
                }
            }
            None => {
                // Nothing but a county: the number is the whole address, so it must be shown.
                let at = lines
                    .iter()
                    .position(|l| l.slot == Slot::County)
                    .unwrap_or(lines.len());
                lines.insert(
                    at,
                    Line {
                        slot: Slot::Number,
                        english: English::of(number),
                        elements: smallvec![number_element],
                    },
                );
            }
        }
    }
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

fn cap_lines(lines: &mut Lines<'_>) {
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
            line.elements.insert_many(0, moved.elements);
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
            if let Some(next) = lines.get_mut(i) {
                let number = removed
                    .elements
                    .into_iter()
                    .filter(|e| e.kind == ElementType::BuildingNumber);
                next.elements.insert_many(0, number);
            }
        }
    }
    // Cannot happen with the twelve slots of §4, but keep the promise for any input.
    lines.truncate(MAX_ADDRESS_LINES);
}

#[cfg(test)]
#[path = "render_tests.rs"]
mod tests;
