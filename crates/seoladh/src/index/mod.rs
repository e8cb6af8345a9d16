//! The index: one versioned file, built once from an ECAD-layout directory, checked whole when
//! opened (memory-mapped or read into memory), and read in place by every lookup.
//!
//! - [`format`](mod@format): header, section table, checksums;
//! - [`builder`]: [`IndexBuilder`] turns a [`Dataset`](crate::ecad::Dataset) into a file;
//! - [`tables`]: fixed-width rows (elements, places, buildings, address points, organisations);
//! - `lists`: postings and other variable-length lists;
//! - [`store`]: the per-entity records behind Get ECAD Data;
//! - this module: [`Index`], the reader and its lookups.
//!
//! The model: every named thing (county, post town, locality, thoroughfare, building group,
//! building name, organisation) is an **element** with name variants (English, Irish, aliases)
//! whose terms are in one fst. A **place** is a distinct postal context (group, streets,
//! localities, post town, counties); its buildings are contiguous and in natural order, and each
//! building's address points follow it. The matcher goes term → elements → places → buildings.

pub mod builder;
pub mod completions;
pub mod format;
pub(crate) mod lists;
pub mod meta;
pub mod one_edit;
pub(crate) mod prefetch;
mod reader;
mod record_codec;
mod render;
pub mod store;
pub mod tables;
pub(crate) mod uk_words;
mod validate;
mod variant;

pub use builder::{BuildProgress, BuiltIndex, IndexBuilder, NoProgress};
pub use lists::SortedIter;
pub use meta::{Counts, EntityKind, Meta};
pub use prefetch::Prefetcher;
pub use reader::{unpack_term, EircodeHit, Index, SectionReport, VerifyReport};
pub use render::{PartsCache, PlaceLevel};
pub use tables::{
    AddressPointRow, BuildingRow, ElementKind, ElementRow, NumberLineRow, OrganisationRow,
    PlaceRow, NONE, UNIT_LINE,
};
pub use variant::{TermIds, Variant, VariantTag, VariantTerms, Variants};

/// The alphabet of the last four Eircode characters, in byte order so packing keeps order.
use crate::ecad::eircode::EIRCODE_ALPHABET;

/// Packs an Eircode (`A65F4E2`, any case, no space) into a `u32`: routing key index × 25⁴ + the
/// unique identifier in base 25. `None` for an unknown routing key or a letter outside the
/// alphabet.
pub(crate) fn eircode_key(routing_keys: &[String], eircode: &str) -> Option<u32> {
    let e = eircode.as_bytes();
    if e.len() != 7 {
        return None;
    }
    let rk = std::str::from_utf8(&e[..3]).ok()?.to_ascii_uppercase();
    let rk_index = routing_keys.binary_search(&rk).ok()? as u32;
    let mut v = 0u32;
    for &c in &e[3..] {
        let d = EIRCODE_ALPHABET
            .iter()
            .position(|&a| a == c.to_ascii_uppercase())? as u32;
        v = v * 25 + d;
    }
    Some(rk_index * 390_625 + v)
}

/// Unpacks [`eircode_key`].
pub(crate) fn eircode_string(routing_keys: &[String], key: u32) -> Option<String> {
    let rk = routing_keys.get((key / 390_625) as usize)?;
    let mut v = key % 390_625;
    let mut tail = [0u8; 4];
    for slot in tail.iter_mut().rev() {
        *slot = EIRCODE_ALPHABET[(v % 25) as usize];
        v /= 25;
    }
    let mut s = rk.clone();
    s.push_str(std::str::from_utf8(&tail).ok()?);
    Some(s)
}

/// Natural sort key of a house number or unit name: the first number in it, then the rest, so
/// `2 < 10 < 10A` and `APARTMENT 2 < APARTMENT 10`. Text without a number sorts after numbers.
pub fn natural_key(s: &str) -> (u32, &str) {
    let bytes = s.as_bytes();
    let Some(start) = bytes.iter().position(u8::is_ascii_digit) else {
        return (u32::MAX, s);
    };
    let end = bytes[start..]
        .iter()
        .position(|b| !b.is_ascii_digit())
        .map_or(bytes.len(), |n| start + n);
    let n = s[start..end].parse::<u32>().unwrap_or(u32::MAX - 1);
    (n, s)
}

/// An index over a dataset directory (`fixtures/ecad-mini`, `fixtures/data`), or over a
/// dataset a test changed, built in memory: the unit tests' common fixture.
#[cfg(test)]
pub(crate) fn built_in_memory(ds: &crate::ecad::Dataset) -> Index {
    let built = IndexBuilder::new()
        .build(ds, &NoProgress)
        .expect("test dataset builds");
    Index::from_bytes(built.to_bytes()).expect("test index opens")
}

/// The bundled fixture dataset (`fixtures/data`) indexed in memory.
#[cfg(test)]
pub(crate) fn fixture_for_tests() -> Index {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/data");
    let ds = crate::ecad::layout::read_dir(&data)
        .expect("fixture data readable")
        .0;
    built_in_memory(&ds)
}

/// The frozen fixture index (`fixtures/index/frozen-v4.idx`): the unit tests' index that never
/// changes with the builder.
#[cfg(test)]
pub(crate) fn frozen_for_tests() -> Index {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/index/frozen-v4.idx");
    Index::open(path).expect("frozen index opens")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eircodes_pack_and_keep_order() {
        let keys = vec!["A65".to_string(), "A86".to_string(), "D6W".to_string()];
        let a = eircode_key(&keys, "A65F4E2").unwrap();
        let b = eircode_key(&keys, "a86vc04").unwrap();
        let c = eircode_key(&keys, "D6WXY99").unwrap();
        assert!(a < b && b < c);
        assert_eq!(eircode_string(&keys, b).unwrap(), "A86VC04");
        assert_eq!(eircode_string(&keys, c).unwrap(), "D6WXY99");
        assert_eq!(eircode_key(&keys, "A65B4E2"), None);
        assert_eq!(eircode_key(&keys, "X65F4E2"), None);
        assert_eq!(eircode_key(&keys, "A65F4E"), None);
    }

    #[test]
    fn natural_order() {
        let mut v = vec![
            "10A",
            "2",
            "10",
            "",
            "ROSE COTTAGE",
            "63-66",
            "APARTMENT 10",
            "APARTMENT 2",
        ];
        v.sort_by_key(|s| natural_key(s));
        assert_eq!(
            v,
            vec![
                "2",
                "APARTMENT 2",
                "10",
                "10A",
                "APARTMENT 10",
                "63-66",
                "",
                "ROSE COTTAGE"
            ]
        );
    }
}
