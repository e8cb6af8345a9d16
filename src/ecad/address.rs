//! Address line builders: postal, geographic and vanity addresses from resolved parts
//! (`ecad-model.md` §4).
//!
//! The builders take [`AddressParts`] – every slot already resolved to names – so the same code
//! renders from a [`Dataset`](super::Dataset) (through [`Lookup`]) and from the index's compact
//! store. `POSTAL_ADDRESS.csv` and `GEOGRAPHIC_ADDRESS.csv` are written by [`derive_address_tables`],
//! so stored lines and rendered lines cannot disagree.
//!
//! The rules, in the order they are applied:
//! 1. A department needs an organisation; without one it is dropped.
//! 2. A building name equal to the organisation or the building group is dropped.
//! 3. A sub-building whose name is number-like (`2`, `2A`) has no line of its own: it prefixes the
//!    building name (`2A ROSE COURT`). Other sub-buildings (`FLAT 1`) get their own line.
//! 4. The building number never stands alone: it prefixes the building group, else the primary
//!    thoroughfare, secondary thoroughfare, primary locality, secondary locality, building name,
//!    post town – the first that is present (`8 SILVER BIRCHES`).
//! 5. A line equal to the line before it is dropped (a locality named like its post town, a
//!    secondary thoroughfare equal to the primary one).
//! 6. The county line (`CO. MEATH`, Irish `CO. NA MÍ`) is omitted for Dublin postal districts and
//!    when the post town carries the county's name (`CARLOW`).
//! 7. At most [`MAX_ADDRESS_LINES`] lines before the Eircode. When there are more, in this order:
//!    the sub-building joins the building name line, the secondary locality is dropped, the
//!    secondary thoroughfare is dropped, the department is dropped.
//! 8. The Eircode, when present, is the last line in display form (`A86 VC04`).
//!
//! Irish addresses take each element's Irish name and fall back to English per element.

use super::{lookup, records::AddressLinesRow};

pub use lookup::{derive_address_tables, Lookup};

/// Most lines of an address before the Eircode line (`ecad-model.md` §4).
pub const MAX_ADDRESS_LINES: usize = 8;

/// The language of the rendered lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// English names (`DUBLIN 2`, `CO. MEATH`).
    #[default]
    English,
    /// Irish names where they exist, English otherwise (`BAILE ÁTHA CLIATH 2`, `CO. NA MÍ`).
    Irish,
}

/// Type of an address element, with its wire code (wire-compat.md §5; 15 is unassigned).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u16)]
pub enum ElementType {
    /// Not known.
    Unknown = 0,
    /// Organisation (and its department).
    Organisation = 1,
    /// Sub-building name of an address point (`FLAT 1`).
    AddressPointName = 2,
    /// Building name (`ROSE COTTAGE`).
    BuildingName = 3,
    /// Building number (`22`, `2A`, `63/64`, `63-66`).
    BuildingNumber = 4,
    /// Building group (estate, terrace, apartment complex).
    BuildingGroup = 5,
    /// Street, road.
    Thoroughfare = 6,
    /// A locality with no more specific type.
    Locality = 7,
    /// A village locality.
    Village = 8,
    /// A town locality.
    Town = 9,
    /// A post town that is not a Dublin district.
    PostTown = 10,
    /// A city locality.
    City = 11,
    /// A Dublin postal district used as post town (`DUBLIN 6W`).
    DublinPostalArea = 12,
    /// County line.
    County = 13,
    /// Eircode line.
    Eircode = 14,
    /// An urban area locality.
    UrbanArea = 16,
    /// A townland or rural locality.
    RuralLocality = 17,
}

impl ElementType {
    /// The wire code.
    pub fn code(self) -> u16 {
        self as u16
    }

    /// The wire name (`DublinPostalArea`).
    pub fn name(self) -> &'static str {
        match self {
            ElementType::Unknown => "Unknown",
            ElementType::Organisation => "Organisation",
            ElementType::AddressPointName => "AddressPointName",
            ElementType::BuildingName => "BuildingName",
            ElementType::BuildingNumber => "BuildingNumber",
            ElementType::BuildingGroup => "BuildingGroup",
            ElementType::Thoroughfare => "Thoroughfare",
            ElementType::Locality => "Locality",
            ElementType::Village => "Village",
            ElementType::Town => "Town",
            ElementType::PostTown => "PostTown",
            ElementType::City => "City",
            ElementType::DublinPostalArea => "DublinPostalArea",
            ElementType::County => "County",
            ElementType::Eircode => "Eircode",
            ElementType::UrbanArea => "UrbanArea",
            ElementType::RuralLocality => "RuralLocality",
        }
    }

    /// The element type of a locality from its `ADDRESS_TYPE_ID`.
    pub fn for_locality(address_type: u16) -> ElementType {
        match address_type {
            1320 | 3400 => ElementType::RuralLocality,
            3600 => ElementType::Village,
            3700 => ElementType::Town,
            3800 => ElementType::City,
            3200 => ElementType::UrbanArea,
            _ => ElementType::Locality,
        }
    }

    /// The element type of a post town from its `ADDRESS_TYPE_ID` (3750 PostalDistrict is Dublin's).
    pub fn for_post_town(address_type: u16) -> ElementType {
        if address_type == super::AddressTypeId::POSTAL_DISTRICT.0 {
            ElementType::DublinPostalArea
        } else {
            ElementType::PostTown
        }
    }
}

/// One element of a rendered address: its text as shown, its type and the ECAD id it comes from
/// (the building for a building number, the address point for a sub-building and an Eircode).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AddressElement {
    /// Text as it appears in the lines (`CO. MEATH`, `A86 VC04`).
    pub value: String,
    /// Element type.
    pub kind: ElementType,
    /// ECAD id of the element.
    pub id: u64,
}

/// A rendered address.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Address {
    /// Elements in line order; the elements of one line joined by a space give that line.
    pub elements: Vec<AddressElement>,
    /// The lines, the Eircode line (display form `A86 VC04`) last when there is one.
    pub lines: Vec<String>,
}

impl Address {
    /// The lines without the Eircode line.
    pub fn lines_without_eircode(&self) -> &[String] {
        let has_eircode = self
            .elements
            .last()
            .is_some_and(|e| e.kind == ElementType::Eircode);
        match (has_eircode, self.lines.split_last()) {
            (true, Some((_, rest))) => rest,
            _ => &self.lines,
        }
    }

    /// An option's `displayName`: the lines without the Eircode, comma-joined
    /// (`1 SILVER BIRCHES, MILLFARM, DUNBOYNE, CO. MEATH`).
    pub fn display_name(&self) -> String {
        self.lines_without_eircode().join(", ")
    }
}

/// One resolved slot of an address: an element's names in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Part {
    /// ECAD id of the element.
    pub id: u64,
    /// English name, upper case.
    pub english: String,
    /// Irish name, upper case with fadas; `None` when there is none.
    pub irish: Option<String>,
    /// Element type.
    pub kind: ElementType,
}

impl Part {
    /// A part with no Irish name.
    pub fn new(id: u64, english: impl Into<String>, kind: ElementType) -> Part {
        Part {
            id,
            english: english.into(),
            irish: None,
            kind,
        }
    }

    /// Adds the Irish name (an empty one counts as none).
    pub fn with_irish(mut self, irish: impl Into<String>) -> Part {
        let irish = irish.into();
        self.irish = (!irish.trim().is_empty()).then_some(irish);
        self
    }

    /// The name in `lang`, falling back to English when there is no Irish name.
    pub fn name(&self, lang: Language) -> &str {
        match (lang, &self.irish) {
            (Language::Irish, Some(irish)) if !irish.trim().is_empty() => irish.trim(),
            _ => self.english.trim(),
        }
    }

    fn is_blank(&self) -> bool {
        self.english.trim().is_empty()
    }
}

/// Every slot of `ecad-model.md` §4, resolved to names, for one address point (or one element,
/// for element-level addresses such as `DAME STREET | DUBLIN 2`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AddressParts {
    /// The address point (0 for an element-level address).
    pub address_point_id: u64,
    /// The building (0 when the address is above building level).
    pub building_id: u64,
    /// Department of the organisation (its id is the organisation's).
    pub department: Option<Part>,
    /// Organisation.
    pub organisation: Option<Part>,
    /// Sub-building name of the address point (`FLAT 1`).
    pub sub_building: Option<Part>,
    /// Building name (`ROSE COTTAGE`).
    pub building_name: Option<Part>,
    /// Building number (`22`, `2A`, `63/64`, `63-66`); its element id is `building_id`.
    pub building_number: Option<String>,
    /// Building group.
    pub building_group: Option<Part>,
    /// Primary thoroughfare.
    pub primary_thoroughfare: Option<Part>,
    /// Secondary thoroughfare.
    pub secondary_thoroughfare: Option<Part>,
    /// Primary locality.
    pub primary_locality: Option<Part>,
    /// Secondary locality.
    pub secondary_locality: Option<Part>,
    /// Post town; `kind` [`ElementType::DublinPostalArea`] marks a Dublin district.
    pub post_town: Option<Part>,
    /// County of the post town (names without `CO.`: `MEATH` / `NA MÍ`).
    pub post_county: Option<Part>,
    /// Geographic county (differs from `post_county` for border addresses).
    pub geographic_county: Option<Part>,
    /// Eircode without the space (`A86VC04`).
    pub eircode: Option<String>,
}

impl AddressParts {
    /// Whether the post town is a Dublin postal district (no county line).
    pub fn is_dublin_district(&self) -> bool {
        self.post_town
            .as_ref()
            .is_some_and(|t| t.kind == ElementType::DublinPostalArea)
    }

    /// Whether the post town carries its county's name (`CARLOW` in `CO. CARLOW`): no county line.
    pub fn is_county_named_post_town(&self) -> bool {
        match (&self.post_town, &self.post_county) {
            (Some(town), Some(county)) => same_name(&town.english, &county.english),
            _ => false,
        }
    }

    /// Whether the geographic county differs from the postal one (a "border" address).
    pub fn is_border(&self) -> bool {
        match (&self.post_county, &self.geographic_county) {
            (Some(p), Some(g)) => p.id != g.id,
            _ => false,
        }
    }
}

/// The postal address in `lang`, upper case (rules in the module docs).
pub fn postal_address(parts: &AddressParts, lang: Language) -> Address {
    render(parts, lang, Mode::Postal)
}

/// The geographic address in `lang`, upper case: the postal address with the geographic county.
///
/// For a border address (geographic county ≠ post county) the post town belongs to another county,
/// so it is dropped when a locality line is left to place the address, and the county line is
/// always written. Otherwise the postal rules apply unchanged.
pub fn geographic_address(parts: &AddressParts, lang: Language) -> Address {
    render(parts, lang, Mode::Geographic)
}

/// The vanity address: the form residents write, in mixed case (`1 Woodlands Road | Cabinteely |
/// Dublin 18`).
///
/// Rule: the English postal address without the department, where a primary locality replaces
/// the post town (a townland or suburb instead of the post town) unless the post town is a Dublin
/// district, which stays after the locality. The county line follows the postal rules, judged
/// against the line it now follows. Words are capitalised (`Dublin 6W`, `O'Connell`, `McDonagh`,
/// `Co. Meath`); `of`, `the`, `na`, `an`, `de`, `la` stay lower case inside a line; Irish
/// mutation prefixes stay lower case (`na hAbhann`, `an tSráid`, `na gCloch`); the Eircode stays
/// upper case.
pub fn vanity_address(parts: &AddressParts) -> Address {
    let mut address = render(parts, Language::English, Mode::Vanity);
    for element in &mut address.elements {
        if element.kind != ElementType::Eircode {
            element.value = mixed_case(&element.value);
        }
    }
    let eircode_last = address
        .elements
        .last()
        .is_some_and(|e| e.kind == ElementType::Eircode);
    let n = address.lines.len();
    for (i, line) in address.lines.iter_mut().enumerate() {
        if !(eircode_last && i + 1 == n) {
            *line = mixed_case(line);
        }
    }
    address
}

/// The Eircode in display form: routing key, a space, the unique identifier (`A86 VC04`). Input
/// that is not 7 characters long is returned trimmed and upper-cased, unchanged otherwise.
pub fn eircode_display(eircode: &str) -> String {
    let compact: String = eircode
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect();
    if compact.chars().count() == 7 && compact.is_ascii() {
        format!("{} {}", &compact[..3], &compact[3..])
    } else {
        compact
    }
}

/// Capitalises an upper-case address line for the vanity form (rules on [`vanity_address`]).
pub fn mixed_case(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut prev = String::new();
    for (i, word) in line.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let lower = word.to_lowercase();
        if i > 0 && SMALL_WORDS.contains(&lower.as_str()) {
            out.push_str(&lower);
        } else if word.starts_with(|c: char| c.is_ascii_digit()) {
            out.push_str(word);
        } else if matches!(prev.as_str(), "na" | "an") {
            out.push_str(&capitalise_after_article(&lower));
        } else {
            out.push_str(&capitalise_word(&lower));
        }
        prev = lower;
    }
    out
}

/// Words kept lower case inside a vanity line.
const SMALL_WORDS: [&str; 7] = ["of", "the", "na", "an", "de", "la", "and"];

/// After the Irish article a word may carry an initial mutation that stays lower case:
/// `na hAbhann`, `an tSráid`, `an tOileán`, `na gCloch`, `na bhFear`, `na mBan`.
fn capitalise_after_article(lower: &str) -> String {
    const VOWELS: &str = "aeiouáéíóú";
    let mutations: [(&str, &str); 9] = [
        ("bhf", VOWELS),
        ("mb", "b"),
        ("gc", "c"),
        ("nd", "d"),
        ("ng", "g"),
        ("bp", "p"),
        ("dt", "t"),
        ("h", VOWELS),
        ("t", "s"),
    ];
    for (prefix, next) in mutations {
        if let Some(rest) = lower.strip_prefix(prefix) {
            if rest.chars().count() > 1 && rest.starts_with(|c: char| next.contains(c)) {
                return format!("{prefix}{}", upper_first(rest));
            }
        }
    }
    if let Some(rest) = lower.strip_prefix('t') {
        if rest.chars().count() > 1 && rest.starts_with(|c: char| VOWELS.contains(c)) {
            return format!("t{}", upper_first(rest));
        }
    }
    capitalise_word(lower)
}

/// Capitalises one lower-case word, handling `o'`, `mc` and hyphens.
fn capitalise_word(lower: &str) -> String {
    if lower.contains('-') {
        return lower
            .split('-')
            .map(capitalise_word)
            .collect::<Vec<_>>()
            .join("-");
    }
    if let Some(rest) = lower.strip_prefix("o'").filter(|r| !r.is_empty()) {
        return format!("O'{}", upper_first(rest));
    }
    if let Some(rest) = lower.strip_prefix("mc").filter(|r| r.chars().count() > 1) {
        return format!("Mc{}", upper_first(rest));
    }
    upper_first(lower)
}

fn upper_first(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Postal,
    Geographic,
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

fn same_name(a: &str, b: &str) -> bool {
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

fn render(parts: &AddressParts, lang: Language, mode: Mode) -> Address {
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

/// Renders the `POSTAL_ADDRESS.csv` / `GEOGRAPHIC_ADDRESS.csv` rows of one address point.
pub fn address_lines_rows(parts: &AddressParts) -> (AddressLinesRow, AddressLinesRow) {
    let postal = AddressLinesRow {
        ecad_id: parts.address_point_id,
        english: postal_address(parts, Language::English).lines,
        irish: postal_address(parts, Language::Irish).lines,
    };
    let geographic = AddressLinesRow {
        ecad_id: parts.address_point_id,
        english: geographic_address(parts, Language::English).lines,
        irish: geographic_address(parts, Language::Irish).lines,
    };
    (postal, geographic)
}
