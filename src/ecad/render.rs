//! The rules of `ecad-model.md` §4 applied to [`AddressParts`]: one function, [`lines`], whose
//! steps are numbered as in the module docs of [`address`](super::address). Lines are built from
//! text borrowed from the parts and written out once, either as an [`Address`] ([`render`]) or
//! straight into an option's display name ([`display_name_into`]): options are rendered on every
//! request, and a line list of owned strings cost some thirty allocations per address.

use smallvec::SmallVec;

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
            elements: SmallVec::from_buf_and_len([element(p, lang); 3], 1),
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

    // Rule 1: a department needs an organisation (and vanity drops it).
    let has_org = parts.organisation.as_ref().is_some_and(|o| !o.is_blank());
    if has_org && mode != Mode::Vanity {
        push(&mut lines, Slot::Department, &parts.department, lang);
    }
    push(&mut lines, Slot::Organisation, &parts.organisation, lang);

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
            elements: SmallVec::from_buf_and_len(
                [element(s, lang), element(b, lang), element(b, lang)],
                2,
            ),
            english: English {
                prefix: "",
                first: s.english.trim(),
                second: Some(b.english.trim()),
            },
        }),
        _ => {
            if sub.is_some() {
                push(&mut lines, Slot::SubBuilding, &parts.sub_building, lang);
            }
            if building_name.is_some() {
                push(&mut lines, Slot::BuildingName, &parts.building_name, lang);
            }
        }
    }

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
        push(&mut lines, Slot::PostTown, &parts.post_town, lang);
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
                elements: SmallVec::from_buf_and_len([county; 3], 1),
                english: English {
                    prefix: "CO. ",
                    first: c.english.trim(),
                    second: None,
                },
            });
        }
    }

    // Rule 5: of two equal consecutive lines the earlier goes; the later is the wider element
    // (the post town over a locality of the same name).
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
    let mut lines = deduped;

    // Rule 4: the building number prefixes the first present target line.
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
                        elements: SmallVec::from_buf_and_len([number_element; 3], 1),
                    },
                );
            }
        }
    }

    // Rule 7: at most MAX_ADDRESS_LINES lines before the Eircode.
    cap_lines(&mut lines);
    lines
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
mod tests {
    use super::super::address::{
        geographic_address, mixed_case, postal_address, vanity_address, Address, AddressParts,
        ElementType as T, Language::*, Part, MAX_ADDRESS_LINES as MAX_LINES,
    };

    fn part(id: u64, en: &str, kind: T) -> Option<Part> {
        Some(Part::new(id, en, kind))
    }

    fn part_ga(id: u64, en: &str, ga: &str, kind: T) -> Option<Part> {
        Some(Part::new(id, en, kind).with_irish(ga))
    }

    fn meath() -> Option<Part> {
        part_ga(1001, "MEATH", "NA MÍ", T::County)
    }

    fn dublin() -> Option<Part> {
        part_ga(1002, "DUBLIN", "BAILE ÁTHA CLIATH", T::County)
    }

    /// `8 SILVER BIRCHES | MILLFARM | DUNBOYNE | CO. MEATH | A86 VC04`
    fn silver_birches() -> AddressParts {
        AddressParts {
            address_point_id: 1700,
            building_id: 1400,
            building_number: Some("8".into()),
            building_group: part(1300, "SILVER BIRCHES", T::BuildingGroup),
            primary_locality: part(1110, "MILLFARM", T::RuralLocality),
            post_town: part_ga(1100, "DUNBOYNE", "DÚN BÚINNE", T::PostTown),
            post_county: meath(),
            geographic_county: meath(),
            eircode: Some("A86VC04".into()),
            ..AddressParts::default()
        }
    }

    fn dame_street() -> AddressParts {
        AddressParts {
            primary_thoroughfare: part_ga(1200, "DAME STREET", "SRÁID DAME", T::Thoroughfare),
            post_town: part_ga(1102, "DUBLIN 2", "BAILE ÁTHA CLIATH 2", T::DublinPostalArea),
            post_county: dublin(),
            geographic_county: dublin(),
            ..AddressParts::default()
        }
    }

    fn lines(a: &Address) -> Vec<&str> {
        a.lines.iter().map(String::as_str).collect()
    }

    #[test]
    fn real_example_silver_birches() {
        let a = postal_address(&silver_birches(), English);
        assert_eq!(
            lines(&a),
            [
                "8 SILVER BIRCHES",
                "MILLFARM",
                "DUNBOYNE",
                "CO. MEATH",
                "A86 VC04"
            ]
        );
        assert_eq!(
            a.display_name(),
            "8 SILVER BIRCHES, MILLFARM, DUNBOYNE, CO. MEATH"
        );
        let kinds: Vec<(T, u64)> = a.elements.iter().map(|e| (e.kind, e.id)).collect();
        assert_eq!(
            kinds,
            [
                (T::BuildingNumber, 1400),
                (T::BuildingGroup, 1300),
                (T::RuralLocality, 1110),
                (T::PostTown, 1100),
                (T::County, 1001),
                (T::Eircode, 1700)
            ]
        );
    }

    #[test]
    fn irish_county_line() {
        let a = postal_address(&silver_birches(), Irish);
        // MILLFARM and SILVER BIRCHES have no Irish name: English per element.
        assert_eq!(
            lines(&a),
            [
                "8 SILVER BIRCHES",
                "MILLFARM",
                "DÚN BÚINNE",
                "CO. NA MÍ",
                "A86 VC04"
            ]
        );
    }

    #[test]
    fn real_example_dame_street_dublin_2() {
        assert_eq!(
            lines(&postal_address(&dame_street(), English)),
            ["DAME STREET", "DUBLIN 2"]
        );
        assert_eq!(
            lines(&postal_address(&dame_street(), Irish)),
            ["SRÁID DAME", "BAILE ÁTHA CLIATH 2"]
        );
    }

    #[test]
    fn department_needs_organisation() {
        let mut p = dame_street();
        p.department = part(19, "ACCOUNTS", T::Organisation);
        assert_eq!(
            lines(&postal_address(&p, English)),
            ["DAME STREET", "DUBLIN 2"]
        );
        p.organisation = part(19, "ACME LTD", T::Organisation);
        assert_eq!(
            lines(&postal_address(&p, English)),
            ["ACCOUNTS", "ACME LTD", "DAME STREET", "DUBLIN 2"]
        );
    }

    #[test]
    fn building_name_equal_to_organisation_or_group_dropped() {
        let mut p = dame_street();
        p.organisation = part(19, "ACME LTD", T::Organisation);
        p.building_name = part(14, "ACME LTD", T::BuildingName);
        assert_eq!(
            lines(&postal_address(&p, English)),
            ["ACME LTD", "DAME STREET", "DUBLIN 2"]
        );
        let mut p = silver_birches();
        p.building_name = part(14, "Silver Birches ", T::BuildingName);
        assert_eq!(lines(&postal_address(&p, English))[0], "8 SILVER BIRCHES");
        p.building_name = part(14, "ROSE COTTAGE", T::BuildingName);
        assert_eq!(
            lines(&postal_address(&p, English))[..2],
            ["ROSE COTTAGE", "8 SILVER BIRCHES"]
        );
    }

    #[test]
    fn number_prefixes_group_then_thoroughfare_then_locality() {
        let mut p = silver_birches();
        p.primary_thoroughfare = part(12, "MAIN STREET", T::Thoroughfare);
        assert_eq!(
            lines(&postal_address(&p, English))[..2],
            ["8 SILVER BIRCHES", "MAIN STREET"]
        );
        p.building_group = None;
        assert_eq!(lines(&postal_address(&p, English))[0], "8 MAIN STREET");
        p.primary_thoroughfare = None;
        assert_eq!(
            lines(&postal_address(&p, English))[..2],
            ["8 MILLFARM", "DUNBOYNE"]
        );
    }

    #[test]
    fn number_forms_kept_verbatim() {
        for form in ["22", "2A", "63/64", "63-66"] {
            let mut p = dame_street();
            p.building_number = Some(form.into());
            assert_eq!(
                lines(&postal_address(&p, English))[0],
                format!("{form} DAME STREET")
            );
        }
    }

    #[test]
    fn number_never_alone_even_without_street() {
        let p = AddressParts {
            building_number: Some("5".into()),
            post_town: part(11, "DUNBOYNE", T::PostTown),
            post_county: meath(),
            ..AddressParts::default()
        };
        assert_eq!(
            lines(&postal_address(&p, English)),
            ["5 DUNBOYNE", "CO. MEATH"]
        );
    }

    #[test]
    fn number_with_only_an_organisation_prefixes_it() {
        let p = AddressParts {
            organisation: part(19, "ACME LTD", T::Organisation),
            building_number: Some("7".into()),
            post_county: meath(),
            ..AddressParts::default()
        };
        assert_eq!(
            lines(&postal_address(&p, English)),
            ["7 ACME LTD", "CO. MEATH"]
        );
    }

    #[test]
    fn sub_building_own_line_or_prefix_of_building_name() {
        let mut p = dame_street();
        p.building_name = part(14, "THE MALTINGS", T::BuildingName);
        p.sub_building = part(17, "FLAT 1", T::AddressPointName);
        assert_eq!(
            lines(&postal_address(&p, English))[..2],
            ["FLAT 1", "THE MALTINGS"]
        );
        p.sub_building = part(17, "2A", T::AddressPointName);
        let a = postal_address(&p, English);
        assert_eq!(a.lines[0], "2A THE MALTINGS");
        assert_eq!(a.elements[0].kind, T::AddressPointName);
        assert_eq!(a.elements[1].kind, T::BuildingName);
    }

    #[test]
    fn county_omitted_for_dublin_districts_and_county_named_towns() {
        assert!(!postal_address(&dame_street(), English)
            .lines
            .iter()
            .any(|l| l.starts_with("CO.")));
        for (town, county) in [("CARLOW", "CARLOW"), ("KILDARE", "KILDARE")] {
            let p = AddressParts {
                primary_thoroughfare: part(12, "MAIN STREET", T::Thoroughfare),
                post_town: part(11, town, T::PostTown),
                post_county: part(10, county, T::County),
                ..AddressParts::default()
            };
            assert_eq!(lines(&postal_address(&p, English)), ["MAIN STREET", town]);
            assert_eq!(lines(&postal_address(&p, Irish)), ["MAIN STREET", town]);
        }
        // A Dublin post town that is not a district keeps its county.
        let p = AddressParts {
            primary_thoroughfare: part(12, "MAIN STREET", T::Thoroughfare),
            post_town: part(11, "SWORDS", T::PostTown),
            post_county: dublin(),
            ..AddressParts::default()
        };
        assert_eq!(
            lines(&postal_address(&p, Irish)),
            ["MAIN STREET", "SWORDS", "CO. BAILE ÁTHA CLIATH"]
        );
    }

    #[test]
    fn at_most_eight_lines_plus_eircode() {
        let p = AddressParts {
            address_point_id: 17,
            building_id: 14,
            department: part(19, "ACCOUNTS", T::Organisation),
            organisation: part(19, "ACME LTD", T::Organisation),
            sub_building: part(17, "FLAT 1", T::AddressPointName),
            building_name: part(14, "THE MALTINGS", T::BuildingName),
            building_number: Some("3".into()),
            building_group: part(13, "MARIAN TERRACE", T::BuildingGroup),
            primary_thoroughfare: part(12, "MAIN STREET", T::Thoroughfare),
            secondary_thoroughfare: part(121, "CHURCH ROAD", T::Thoroughfare),
            primary_locality: part(111, "MILLFARM", T::RuralLocality),
            secondary_locality: part(112, "CLONEE", T::Village),
            post_town: part(11, "DUNBOYNE", T::PostTown),
            post_county: meath(),
            geographic_county: meath(),
            eircode: Some("A86VC04".into()),
        };
        let a = postal_address(&p, English);
        assert_eq!(
            lines(&a),
            [
                "ACCOUNTS",
                "ACME LTD",
                "FLAT 1 THE MALTINGS",
                "3 MARIAN TERRACE",
                "MAIN STREET",
                "MILLFARM",
                "DUNBOYNE",
                "CO. MEATH",
                "A86 VC04"
            ]
        );
        // Every element still adds up to its line.
        let joined: usize = a.elements.iter().map(|e| e.value.len()).sum();
        let spaces = a.elements.len() - a.lines.len();
        assert_eq!(
            joined + spaces,
            a.lines.iter().map(String::len).sum::<usize>()
        );
    }

    #[test]
    fn irish_falls_back_to_english_per_element() {
        let mut p = dame_street();
        p.primary_thoroughfare = part(12, "WOODLANDS ROAD", T::Thoroughfare);
        p.primary_locality = part_ga(111, "CABINTEELY", "CABÁN TSÍLE", T::Locality);
        assert_eq!(
            lines(&postal_address(&p, Irish)),
            ["WOODLANDS ROAD", "CABÁN TSÍLE", "BAILE ÁTHA CLIATH 2"]
        );
    }

    #[test]
    fn locality_equal_to_post_town_not_repeated() {
        let mut p = silver_birches();
        p.primary_locality = part(1110, "DUNBOYNE", T::Town);
        assert_eq!(
            lines(&postal_address(&p, English)),
            ["8 SILVER BIRCHES", "DUNBOYNE", "CO. MEATH", "A86 VC04"]
        );
    }

    #[test]
    fn duplicate_lines_dropped_alike_in_both_languages() {
        let mut p = silver_birches();
        // The locality has no Irish name, the post town has: Irish must drop the same line.
        p.primary_locality = part(1110, "DUNBOYNE", T::Town);
        assert_eq!(
            lines(&postal_address(&p, Irish)),
            ["8 SILVER BIRCHES", "DÚN BÚINNE", "CO. NA MÍ", "A86 VC04"]
        );
    }

    #[test]
    fn geographic_address_uses_geographic_county() {
        let p = AddressParts {
            building_number: Some("4".into()),
            primary_thoroughfare: part(12, "MAIN STREET", T::Thoroughfare),
            primary_locality: part(111, "CLONYGOWAN", T::Village),
            post_town: part(11, "PORTARLINGTON", T::PostTown),
            post_county: part(10, "LAOIS", T::County),
            geographic_county: part(20, "OFFALY", T::County),
            ..AddressParts::default()
        };
        assert_eq!(
            lines(&postal_address(&p, English)),
            ["4 MAIN STREET", "CLONYGOWAN", "PORTARLINGTON", "CO. LAOIS"]
        );
        assert_eq!(
            lines(&geographic_address(&p, English)),
            ["4 MAIN STREET", "CLONYGOWAN", "CO. OFFALY"]
        );
        // Not a border address: the same as the postal one.
        assert_eq!(
            geographic_address(&silver_birches(), English),
            postal_address(&silver_birches(), English)
        );
    }

    #[test]
    fn vanity_address_prefers_locality_and_mixed_case() {
        let p = AddressParts {
            building_number: Some("1".into()),
            primary_thoroughfare: part(12, "WOODLANDS ROAD", T::Thoroughfare),
            primary_locality: part(111, "CABINTEELY", T::Locality),
            post_town: part(11, "DUBLIN 18", T::DublinPostalArea),
            post_county: dublin(),
            eircode: Some("D18K7P3".into()),
            ..AddressParts::default()
        };
        assert_eq!(
            lines(&vanity_address(&p)),
            ["1 Woodlands Road", "Cabinteely", "Dublin 18", "D18 K7P3"]
        );
        assert_eq!(
            lines(&vanity_address(&silver_birches())),
            ["8 Silver Birches", "Millfarm", "Co. Meath", "A86 VC04"]
        );
    }

    #[test]
    fn mixed_case_rules() {
        assert_eq!(
            mixed_case("O'CONNELL STREET UPPER"),
            "O'Connell Street Upper"
        );
        assert_eq!(mixed_case("DUBLIN 6W"), "Dublin 6W");
        assert_eq!(mixed_case("BAILE NA HABHANN"), "Baile na hAbhann");
        assert_eq!(mixed_case("BÓTHAR NA GCLOCH"), "Bóthar na gCloch");
        assert_eq!(mixed_case("AN TSRÁID MHÓR"), "An tSráid Mhór");
        assert_eq!(
            mixed_case("CHURCH OF THE ASCENSION"),
            "Church of the Ascension"
        );
        assert_eq!(mixed_case("MCDONAGH PARK"), "McDonagh Park");
        assert_eq!(mixed_case("CARRICK-ON-SHANNON"), "Carrick-On-Shannon");
        assert_eq!(mixed_case("PÁIRC NA BHFEAR"), "Páirc na bhFear");
        assert_eq!(mixed_case("AN TOILEÁN"), "An tOileán");
        assert_eq!(mixed_case("NA HILLS"), "Na hIlls");
    }

    #[test]
    fn empty_parts_give_empty_address() {
        let a = postal_address(&AddressParts::default(), English);
        assert!(a.lines.is_empty() && a.elements.is_empty());
        let p = AddressParts {
            post_town: part(1, "  ", T::PostTown),
            ..AddressParts::default()
        };
        assert!(postal_address(&p, Irish).lines.is_empty());
    }

    /// Names drawn to collide: equal names across slots (rules 2 and 5), number-like and
    /// blank sub-buildings (rule 3), a county-named town (rule 6), fadas and odd spacing.
    fn name() -> impl proptest::strategy::Strategy<Value = Option<String>> {
        use proptest::prelude::*;
        proptest::option::weighted(
            0.7,
            prop::sample::select(vec![
                "MEATH",
                "meath ",
                "DUNBOYNE",
                "2A",
                "3/4",
                "FLAT 1",
                " ",
                "'",
                "-",
                "ROSE COURT",
                "DUBLIN 2",
                "CO. MEATH",
                "NA MÍ",
                "BAILE ÁTHA CLIATH",
                "22",
                "THE  MILL",
            ])
            .prop_map(str::to_string),
        )
    }

    fn arb_part(kind: T) -> impl proptest::strategy::Strategy<Value = Option<Part>> {
        use proptest::prelude::*;
        (name(), name(), 1u64..4).prop_map(move |(en, ga, id)| {
            en.map(|en| match ga {
                Some(ga) => Part::new(id, en, kind).with_irish(ga),
                None => Part::new(id, en, kind),
            })
        })
    }

    fn arb_parts() -> impl proptest::strategy::Strategy<Value = AddressParts> {
        use proptest::prelude::*;
        let upper = (
            arb_part(T::Organisation),
            arb_part(T::Organisation),
            arb_part(T::AddressPointName),
            arb_part(T::BuildingName),
            name(),
            arb_part(T::BuildingGroup),
            arb_part(T::Thoroughfare),
            arb_part(T::Thoroughfare),
        );
        let lower = (
            arb_part(T::RuralLocality),
            arb_part(T::Town),
            prop_oneof![arb_part(T::PostTown), arb_part(T::DublinPostalArea)],
            arb_part(T::County),
            arb_part(T::County),
            proptest::option::of(prop::sample::select(vec!["A86VC04", " d02 x285 ", "XYZ"])),
        );
        (upper, lower).prop_map(|(u, l)| AddressParts {
            address_point_id: 9,
            building_id: 8,
            department: u.0,
            organisation: u.1,
            sub_building: u.2,
            building_name: u.3,
            building_number: u.4,
            building_group: u.5,
            primary_thoroughfare: u.6,
            secondary_thoroughfare: u.7,
            primary_locality: l.0,
            secondary_locality: l.1,
            post_town: l.2,
            post_county: l.3,
            geographic_county: l.4,
            eircode: l.5.map(str::to_string),
        })
    }

    proptest::proptest! {
        /// An option's display name, written straight from the lines, is the rendered
        /// address's display name; and every address keeps the line cap and its elements.
        #[test]
        fn display_name_is_the_rendered_lines(parts in arb_parts()) {
            for lang in [English, Irish] {
                let address = postal_address(&parts, lang);
                proptest::prop_assert_eq!(
                    crate::ecad::address::postal_display_name(&parts, lang),
                    address.display_name()
                );
                proptest::prop_assert!(address.lines_without_eircode().len() <= MAX_LINES);
                let joined: Vec<&str> = address.elements.iter().map(|e| e.value.as_str()).collect();
                let lines = address.lines.join(" ");
                proptest::prop_assert_eq!(joined.join(" "), lines);
            }
        }
    }
}
