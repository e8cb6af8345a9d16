//! Address line builders: postal, geographic and vanity addresses from resolved parts
//! (`docs/ecad-layout.md` §4).
//!
//! The builders take [`AddressParts`] – every slot already resolved to names – so the same code
//! renders from a [`Dataset`](super::Dataset) (through [`Lookup`]) and from the index's compact
//! store. `POSTAL_ADDRESS.csv` and `GEOGRAPHIC_ADDRESS.csv` are written by [`derive_address_tables`],
//! so stored lines and rendered lines cannot disagree.
//!
//! A part whose name has no letter or digit (`'`, `-`, blanks) counts as absent throughout: it
//! takes no line and cannot carry the building number.
//!
//! The rules, in the order they are applied:
//! 1. A department needs an organisation; without one it is dropped.
//! 2. A building name equal to the organisation or the building group is dropped.
//! 3. A sub-building whose name is number-like (`2`, `2A`) has no line of its own: it prefixes the
//!    building name (`2A ROSE COURT`). Other sub-buildings (`FLAT 1`) get their own line.
//! 4. The building number never stands alone: it prefixes the building group, else the primary
//!    thoroughfare, secondary thoroughfare, primary locality, secondary locality, building name,
//!    post town – the first that is present (`8 SILVER BIRCHES`) – else the last line before the
//!    county (an organisation or sub-building with a name). Only when nothing but a county is
//!    left is the number the whole address and takes a line of its own.
//! 5. Of two equal consecutive lines the earlier is dropped (a locality named like its post
//!    town gives way to the post town; a primary thoroughfare to an equal secondary one). Compared in English, so the Irish
//!    address drops the same lines.
//! 6. The county line (`CO. MEATH`, Irish `CO. NA MÍ`) is omitted for Dublin postal districts and
//!    when the post town carries the county's name (`CARLOW`).
//! 7. At most [`MAX_ADDRESS_LINES`] lines before the Eircode. When there are more, in this order:
//!    the sub-building joins the building name line, the secondary locality is dropped, the
//!    secondary thoroughfare is dropped, the department is dropped.
//! 8. The Eircode, when present, is the last line in display form (`A86 VC04`).
//!
//! Irish addresses take each element's Irish name and fall back to English per element.

use super::render::{display_name_into, render, same_name, Mode};
use super::{lookup, records::AddressLinesRow};

pub use super::case::mixed_case;

pub use lookup::{derive_address_tables, Lookup};

/// Most lines of an address before the Eircode line (`docs/ecad-layout.md` §4).
pub const MAX_ADDRESS_LINES: usize = 8;

/// The language of the rendered lines (the wire's `language`, `en` or `ga`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Language {
    /// English names (`DUBLIN 2`, `CO. MEATH`); `en` on the wire.
    #[default]
    #[serde(rename = "en")]
    English,
    /// Irish names where they exist, English otherwise (`BAILE ÁTHA CLIATH 2`, `CO. NA MÍ`);
    /// `ga` on the wire.
    #[serde(rename = "ga")]
    Irish,
}

impl Language {
    /// The wire value, `en` or `ga`.
    pub fn as_str(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Irish => "ga",
        }
    }
}

/// Type of an address element, with its wire code (docs/wire.md §5; 15 is unassigned).
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
    /// Every element type, in code order.
    pub const ALL: [ElementType; 17] = [
        ElementType::Unknown,
        ElementType::Organisation,
        ElementType::AddressPointName,
        ElementType::BuildingName,
        ElementType::BuildingNumber,
        ElementType::BuildingGroup,
        ElementType::Thoroughfare,
        ElementType::Locality,
        ElementType::Village,
        ElementType::Town,
        ElementType::PostTown,
        ElementType::City,
        ElementType::DublinPostalArea,
        ElementType::County,
        ElementType::Eircode,
        ElementType::UrbanArea,
        ElementType::RuralLocality,
    ];

    /// The wire code.
    pub fn code(self) -> u16 {
        self as u16
    }

    /// The element type of a wire code (`Unknown` for an unassigned one).
    pub fn from_code_or_unknown(code: u16) -> ElementType {
        ElementType::ALL
            .into_iter()
            .find(|t| t.code() == code)
            .unwrap_or(ElementType::Unknown)
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

    /// Adds the Irish name (an empty one, or one of punctuation only, counts as none).
    pub fn with_irish(mut self, irish: impl Into<String>) -> Part {
        let irish = irish.into();
        self.irish = has_content(&irish).then_some(irish);
        self
    }

    /// The name in `lang`, falling back to English when there is no Irish name.
    pub fn name(&self, lang: Language) -> &str {
        match (lang, &self.irish) {
            (Language::Irish, Some(irish)) if has_content(irish) => irish.trim(),
            _ => self.english.trim(),
        }
    }

    /// Whether the part has no name to show: empty, or only spaces and punctuation (`'`, `-`),
    /// which normalises to nothing and must not take a line of its own (nor carry the building
    /// number, which would then stand alone).
    pub(crate) fn is_blank(&self) -> bool {
        !has_content(&self.english)
    }
}

/// Whether a name has a letter or digit: one that is only punctuation normalises to nothing.
fn has_content(name: &str) -> bool {
    name.chars().any(char::is_alphanumeric)
}

/// Every slot of `docs/ecad-layout.md` §4, resolved to names, for one address point (or one element,
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

/// The postal address's display name in `lang` (as [`Address::display_name`] of
/// [`postal_address`]), written straight into one string: options need nothing else.
pub fn postal_display_name(parts: &AddressParts, lang: Language) -> String {
    let mut out = String::with_capacity(96);
    display_name_into(parts, lang, &mut out);
    out
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

/// Renders the `POSTAL_ADDRESS.csv` / `GEOGRAPHIC_ADDRESS.csv` rows of one address point.
pub fn address_lines_rows(parts: &AddressParts) -> (AddressLinesRow, AddressLinesRow) {
    let postal = AddressLinesRow {
        ecad_id: parts.address_point_id,
        english: postal_address(parts, Language::English).lines,
        irish: postal_address(parts, Language::Irish).lines,
    };
    // The geographic address differs only through its county: when both counties are the same
    // part, it is the postal address (saves half the rendering of a dataset).
    let geographic = if parts.post_county == parts.geographic_county {
        postal.clone()
    } else {
        AddressLinesRow {
            ecad_id: parts.address_point_id,
            english: geographic_address(parts, Language::English).lines,
            irish: geographic_address(parts, Language::Irish).lines,
        }
    };
    (postal, geographic)
}
