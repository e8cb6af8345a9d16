//! The meta section: counts, ordinal ranges and the facts a reader needs to decode the tables.

use serde::{Deserialize, Serialize};

use crate::index::tables::ElementKind;

/// Entity counts of an index.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Elements of every kind (named elements, building names, organisations).
    pub elements: u64,
    /// Places (distinct postal contexts).
    pub places: u64,
    /// Buildings.
    pub buildings: u64,
    /// Address points.
    pub address_points: u64,
    /// Organisations.
    pub organisations: u64,
    /// Distinct terms.
    pub terms: u64,
    /// Eircodes (current and historical).
    pub eircodes: u64,
    /// Ids in the id map.
    pub ids: u64,
    /// History rows.
    pub history: u64,
    /// UK addresses.
    pub uk_addresses: u64,
    /// Distinct short strings.
    pub strings: u64,
    /// Rows of the number line table.
    pub number_lines: u64,
}

/// Facts about an index, stored in its meta section.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meta {
    /// Entity counts.
    pub counts: Counts,
    /// First element ordinal of each [`ElementKind`], plus the total at the end.
    pub kind_starts: [u32; 8],
    /// Named elements (counties … building groups) come first; this many of them.
    pub named_elements: u32,
    /// Building rows store `id - building_id_base`.
    pub building_id_base: u64,
    /// Address point rows store `id - address_point_id_base`.
    pub address_point_id_base: u64,
    /// Routing keys, sorted; packed Eircodes index into this list.
    pub routing_keys: Vec<String>,
    /// Address points skipped because their building is missing.
    pub skipped_address_points: u64,
    /// Organisations skipped because their address point is missing.
    pub skipped_organisations: u64,
    /// UK post towns with no Irish twin (normalised, sorted): an Irish search naming one is a
    /// foreign address.
    pub uk_only_towns: Vec<String>,
}

impl Meta {
    pub(crate) fn new() -> Self {
        Meta::default()
    }

    /// Records where each kind starts, from the kinds of all elements in ordinal order.
    pub(crate) fn set_kind_starts(&mut self, kinds: &[ElementKind]) {
        for (i, k) in ElementKind::ALL.iter().enumerate() {
            self.kind_starts[i] = kinds.partition_point(|x| x < k) as u32;
        }
        self.kind_starts[7] = kinds.len() as u32;
    }

    /// The ordinal range of one element kind.
    pub fn kind_range(&self, kind: ElementKind) -> std::ops::Range<u32> {
        let i = kind as usize;
        self.kind_starts[i]..self.kind_starts[i + 1]
    }
}

/// What an entry of the id map points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntityKind {
    /// An element ordinal (county … building group, organisation).
    Element = 0,
    /// A building ordinal.
    Building = 1,
    /// An address point ordinal.
    AddressPoint = 2,
    /// A history row.
    History = 3,
}

impl EntityKind {
    /// Packs kind and ordinal into an fst value.
    pub(crate) fn pack(self, ordinal: u32) -> u64 {
        ((self as u64) << 32) | u64::from(ordinal)
    }

    /// Unpacks an fst value.
    pub(crate) fn unpack(v: u64) -> Option<(EntityKind, u32)> {
        let kind = match v >> 32 {
            0 => EntityKind::Element,
            1 => EntityKind::Building,
            2 => EntityKind::AddressPoint,
            3 => EntityKind::History,
            _ => return None,
        };
        Some((kind, v as u32))
    }
}
