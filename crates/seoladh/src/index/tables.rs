//! Fixed-width row tables: elements, places, buildings, address points, organisations.
//!
//! Rows are little-endian and read in place from the mapped file, so opening costs nothing and a
//! row read is a few loads. Ordinals are `u32`; [`NONE`] marks an absent link.

use crate::index::format::le_u32;

/// An absent ordinal or string reference.
pub const NONE: u32 = u32::MAX;

/// What kind of thing an element is. Ordinals of the element table are grouped by kind in this
/// order, so a kind is also a contiguous ordinal range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum ElementKind {
    /// A county (`COUNTY.csv`).
    County = 0,
    /// A post town, Dublin postal districts included.
    PostTown = 1,
    /// A locality: townland, village, town, suburb, urban area.
    Locality = 2,
    /// A street or road.
    Thoroughfare = 3,
    /// An estate, terrace, apartment complex or business park.
    BuildingGroup = 4,
    /// The name of one building (`ROSE COTTAGE`); `link` is the building ordinal.
    BuildingName = 5,
    /// An organisation at one address point; `link` is the address point ordinal.
    Organisation = 6,
}

impl ElementKind {
    /// Every kind, in ordinal order.
    pub const ALL: [ElementKind; 7] = [
        ElementKind::County,
        ElementKind::PostTown,
        ElementKind::Locality,
        ElementKind::Thoroughfare,
        ElementKind::BuildingGroup,
        ElementKind::BuildingName,
        ElementKind::Organisation,
    ];

    pub(crate) fn from_u8(v: u8) -> Option<ElementKind> {
        ElementKind::ALL.get(v as usize).copied()
    }
}

/// Reads a `u16` at `at` of `row`.
fn le_u16(row: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([row[at], row[at + 1]])
}

/// Reads a `u64` at `at` of `row`.
fn le_u64(row: &[u8], at: usize) -> u64 {
    crate::index::format::le_u64(row, at)
}

macro_rules! table {
    ($(#[$doc:meta])* $name:ident, $row:ident, $width:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy)]
        pub(crate) struct $name<'a> {
            bytes: &'a [u8],
        }

        impl<'a> $name<'a> {
            /// Bytes per row.
            pub(crate) const WIDTH: usize = $width;

            pub(crate) fn new(bytes: &'a [u8]) -> Self {
                $name { bytes }
            }

            /// Number of rows.
            #[allow(dead_code)]
            pub(crate) fn len(&self) -> usize {
                self.bytes.len() / Self::WIDTH
            }

            /// Row `i`, or `None` past the end.
            #[inline]
            pub(crate) fn get(&self, i: u32) -> Option<$row> {
                let at = (i as usize).checked_mul(Self::WIDTH)?;
                let row = self.bytes.get(at..at + Self::WIDTH)?;
                Some($row::decode(row))
            }
        }
    };
}

/// A row of the element table (20 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ElementRow {
    /// ECAD id (for a building name: the building's id).
    pub id: u64,
    /// What the element is.
    pub kind: ElementKind,
    /// The wire `AddressElement.type` code when the element appears in an address.
    pub wire_type: u8,
    /// ECAD `ADDRESS_TYPE_ID`.
    pub address_type: u16,
    /// ECAD `IRISH_VERIFICATION_ID`.
    pub irish_verification: u8,
    /// Bit flags ([`ElementRow::COUNTY_NAMED`]).
    pub flags: u8,
    /// Kind-specific link: a post town's county element, a building name's building, an
    /// organisation's address point.
    pub link: u32,
}

impl ElementRow {
    /// A post town named like its county (`CARLOW`): the county line is omitted.
    pub const COUNTY_NAMED: u8 = 1;
    /// A post town that is a Dublin postal district: the county line is omitted.
    pub const DUBLIN_DISTRICT: u8 = 2;

    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.id.to_le_bytes());
        out.push(self.kind as u8);
        out.push(self.wire_type);
        out.extend_from_slice(&self.address_type.to_le_bytes());
        out.push(self.irish_verification);
        out.push(self.flags);
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(&self.link.to_le_bytes());
    }

    fn decode(row: &[u8]) -> Self {
        ElementRow {
            id: le_u64(row, 0),
            // A damaged kind byte reads as a county rather than failing every lookup; `verify`
            // reports it.
            kind: ElementKind::from_u8(row[8]).unwrap_or(ElementKind::County),
            wire_type: row[9],
            address_type: le_u16(row, 10),
            irish_verification: row[12],
            flags: row[13],
            link: le_u32(row, 16),
        }
    }
}

table!(
    /// The element table.
    Elements,
    ElementRow,
    20
);

/// A place: one distinct postal context (group, streets, localities, post town, counties) and the
/// contiguous range of its buildings (40 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlaceRow {
    /// Building group element, or [`NONE`].
    pub group: u32,
    /// Primary thoroughfare element, or [`NONE`].
    pub thoroughfare: u32,
    /// Secondary thoroughfare element, or [`NONE`].
    pub thoroughfare2: u32,
    /// Primary locality element, or [`NONE`].
    pub locality: u32,
    /// Secondary locality element, or [`NONE`].
    pub locality2: u32,
    /// Post town element.
    pub post_town: u32,
    /// Postal county element.
    pub post_county: u32,
    /// Geographic county element.
    pub county: u32,
    /// First building ordinal.
    pub building_start: u32,
    /// Number of buildings.
    pub building_count: u32,
}

impl PlaceRow {
    /// The slots that can take a line of the postal address, most specific first (group,
    /// thoroughfares, localities, post town; [`NONE`] where empty).
    pub fn line_slots(&self) -> [u32; 6] {
        [
            self.group,
            self.thoroughfare,
            self.thoroughfare2,
            self.locality,
            self.locality2,
            self.post_town,
        ]
    }

    /// The element links in address order (group first, geographic county last).
    pub fn elements(&self) -> [u32; 8] {
        [
            self.group,
            self.thoroughfare,
            self.thoroughfare2,
            self.locality,
            self.locality2,
            self.post_town,
            self.post_county,
            self.county,
        ]
    }

    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        for v in self.elements() {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.building_start.to_le_bytes());
        out.extend_from_slice(&self.building_count.to_le_bytes());
    }

    fn decode(row: &[u8]) -> Self {
        PlaceRow {
            group: le_u32(row, 0),
            thoroughfare: le_u32(row, 4),
            thoroughfare2: le_u32(row, 8),
            locality: le_u32(row, 12),
            locality2: le_u32(row, 16),
            post_town: le_u32(row, 20),
            post_county: le_u32(row, 24),
            county: le_u32(row, 28),
            building_start: le_u32(row, 32),
            building_count: le_u32(row, 36),
        }
    }
}

table!(
    /// The place table, ordered by `building_start`.
    Places,
    PlaceRow,
    40
);

/// A building (20 bytes). Buildings are ordered by place, then naturally by number and name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildingRow {
    /// ECAD id minus the building id base of the meta section.
    pub id_offset: u32,
    /// House number (string reference), or [`NONE`].
    pub number: u32,
    /// Building-name element, or [`NONE`].
    pub name: u32,
    /// First address point ordinal.
    pub ap_start: u32,
    /// Number of address points.
    pub ap_count: u16,
    /// ECAD `ADDRESS_TYPE_ID`.
    pub address_type: u16,
}

impl BuildingRow {
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.id_offset.to_le_bytes());
        out.extend_from_slice(&self.number.to_le_bytes());
        out.extend_from_slice(&self.name.to_le_bytes());
        out.extend_from_slice(&self.ap_start.to_le_bytes());
        out.extend_from_slice(&self.ap_count.to_le_bytes());
        out.extend_from_slice(&self.address_type.to_le_bytes());
    }

    fn decode(row: &[u8]) -> Self {
        BuildingRow {
            id_offset: le_u32(row, 0),
            number: le_u32(row, 4),
            name: le_u32(row, 8),
            ap_start: le_u32(row, 12),
            ap_count: le_u16(row, 16),
            address_type: le_u16(row, 18),
        }
    }
}

table!(
    /// The building table.
    Buildings,
    BuildingRow,
    20
);

/// An address point (24 bytes). Address points are ordered by building, then naturally by
/// sub-building name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddressPointRow {
    /// ECAD id minus the address point id base of the meta section.
    pub id_offset: u32,
    /// Building ordinal.
    pub building: u32,
    /// Packed Eircode (see `index::eircode_key`), or [`NONE`].
    pub eircode: u32,
    /// Sub-building name (string reference), or [`NONE`].
    pub sub_building: u32,
    /// Irish sub-building name (string reference), or [`NONE`].
    pub sub_building_irish: u32,
    /// ECAD `ADDRESS_TYPE_ID`.
    pub address_type: u16,
    /// Bit flags ([`AddressPointRow::NUA`] …).
    pub flags: u16,
}

impl AddressPointRow {
    /// The postal address is shared with other address points.
    pub const NUA: u16 = 1;
    /// Mail is delivered here.
    pub const MAIL_DELIVERY: u16 = 2;
    /// One or more organisations are at this address point.
    pub const HAS_ORGANISATION: u16 = 4;
    /// The building has usable coordinates (spatial accuracy other than 4).
    pub const HAS_COORDINATES: u16 = 8;

    /// Neither a unit name nor an organisation: the point's postal address is its building's.
    pub fn is_plain(&self) -> bool {
        self.sub_building == NONE && self.flags & Self::HAS_ORGANISATION == 0
    }

    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.id_offset.to_le_bytes());
        out.extend_from_slice(&self.building.to_le_bytes());
        out.extend_from_slice(&self.eircode.to_le_bytes());
        out.extend_from_slice(&self.sub_building.to_le_bytes());
        out.extend_from_slice(&self.sub_building_irish.to_le_bytes());
        out.extend_from_slice(&self.address_type.to_le_bytes());
        out.extend_from_slice(&self.flags.to_le_bytes());
    }

    fn decode(row: &[u8]) -> Self {
        AddressPointRow {
            id_offset: le_u32(row, 0),
            building: le_u32(row, 4),
            eircode: le_u32(row, 8),
            sub_building: le_u32(row, 12),
            sub_building_irish: le_u32(row, 16),
            address_type: le_u16(row, 20),
            flags: le_u16(row, 22),
        }
    }
}

table!(
    /// The address point table.
    AddressPoints,
    AddressPointRow,
    24
);

/// An organisation at an address point (16 bytes), ordered by address point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrganisationRow {
    /// Address point ordinal.
    pub address_point: u32,
    /// Organisation element (names and id).
    pub element: u32,
    /// Department (string reference), or [`NONE`].
    pub department: u32,
    /// Irish department (string reference), or [`NONE`].
    pub department_irish: u32,
}

impl OrganisationRow {
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.address_point.to_le_bytes());
        out.extend_from_slice(&self.element.to_le_bytes());
        out.extend_from_slice(&self.department.to_le_bytes());
        out.extend_from_slice(&self.department_irish.to_le_bytes());
    }

    fn decode(row: &[u8]) -> Self {
        OrganisationRow {
            address_point: le_u32(row, 0),
            element: le_u32(row, 4),
            department: le_u32(row, 8),
            department_irish: le_u32(row, 12),
        }
    }
}

table!(
    /// The organisation table.
    Organisations,
    OrganisationRow,
    16
);

/// Set in [`NumberLineRow::number`] for a unit number: its row names the line after the unit's
/// (`APARTMENT 27, BEAUMONT HOUSE`).
pub const UNIT_LINE: u32 = 1 << 31;

/// A house number and the first two terms of a name of the line it is written on (16 bytes):
/// `84 PARK DRIVE GROVE` gives (84, `park`, `drive`, the street). Rows are sorted, so the
/// streets and estates holding a number whose name begins with given words are one run
/// (`Index::number_lines`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct NumberLineRow {
    /// The house number's value (`natural_key`: 34 for `34A`), or a unit number's value with
    /// [`UNIT_LINE`] set (`APARTMENT 27`, followed by the line of its building's name).
    pub number: u32,
    /// The name's first term.
    pub first: u32,
    /// Its second term, or [`NONE`] for a name of one term.
    pub second: u32,
    /// The street, estate or (for a house with neither) locality element.
    pub element: u32,
}

impl NumberLineRow {
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.number.to_le_bytes());
        out.extend_from_slice(&self.first.to_le_bytes());
        out.extend_from_slice(&self.second.to_le_bytes());
        out.extend_from_slice(&self.element.to_le_bytes());
    }

    fn decode(row: &[u8]) -> Self {
        NumberLineRow {
            number: le_u32(row, 0),
            first: le_u32(row, 4),
            second: le_u32(row, 8),
            element: le_u32(row, 12),
        }
    }
}

table!(
    /// The number lines, sorted.
    NumberLines,
    NumberLineRow,
    16
);

impl Organisations<'_> {
    /// Rows of the organisations at address point `ap` (a contiguous run).
    pub(crate) fn for_address_point(&self, ap: u32) -> std::ops::Range<u32> {
        self.for_address_points(ap..ap.saturating_add(1))
    }

    /// Rows of the organisations at the address points `aps` (a contiguous run: the table is
    /// in address-point order).
    pub(crate) fn for_address_points(&self, aps: std::ops::Range<u32>) -> std::ops::Range<u32> {
        let n = self.len() as u32;
        let key = |i: u32| self.get(i).map_or(u32::MAX, |r| r.address_point);
        let first_at_least = |ap: u32| {
            let (mut lo, mut hi) = (0u32, n);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if key(mid) < ap {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        let start = first_at_least(aps.start);
        start..first_at_least(aps.end).max(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip() {
        let e = ElementRow {
            id: 1_200_000_123,
            kind: ElementKind::Thoroughfare,
            wire_type: 6,
            address_type: 3100,
            irish_verification: 3,
            flags: 0,
            link: NONE,
        };
        let mut b = Vec::new();
        e.encode(&mut b);
        assert_eq!(b.len(), Elements::WIDTH);
        assert_eq!(Elements::new(&b).get(0), Some(e));
        assert_eq!(Elements::new(&b).get(1), None);

        let p = PlaceRow {
            group: NONE,
            thoroughfare: 4,
            thoroughfare2: NONE,
            locality: 9,
            locality2: NONE,
            post_town: 2,
            post_county: 1,
            county: 1,
            building_start: 10,
            building_count: 3,
        };
        let mut b = Vec::new();
        p.encode(&mut b);
        assert_eq!(Places::new(&b).get(0), Some(p));

        let bl = BuildingRow {
            id_offset: 5,
            number: 1,
            name: NONE,
            ap_start: 0,
            ap_count: 2,
            address_type: 2200,
        };
        let mut b = Vec::new();
        bl.encode(&mut b);
        assert_eq!(Buildings::new(&b).get(0), Some(bl));

        let ap = AddressPointRow {
            id_offset: 7,
            building: 0,
            eircode: 12345,
            sub_building: NONE,
            sub_building_irish: NONE,
            address_type: 2150,
            flags: AddressPointRow::NUA | AddressPointRow::MAIL_DELIVERY,
        };
        let mut b = Vec::new();
        ap.encode(&mut b);
        assert_eq!(AddressPoints::new(&b).get(0), Some(ap));
    }

    #[test]
    fn organisations_are_found_by_address_point() {
        let mut b = Vec::new();
        for (ap, el) in [(1, 10), (3, 11), (3, 12), (7, 13)] {
            OrganisationRow {
                address_point: ap,
                element: el,
                department: NONE,
                department_irish: NONE,
            }
            .encode(&mut b);
        }
        let t = Organisations::new(&b);
        assert_eq!(t.for_address_point(3), 1..3);
        assert_eq!(t.for_address_point(2), 1..1);
        assert_eq!(t.for_address_point(9), 4..4);
    }
}
