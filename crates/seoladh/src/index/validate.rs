//! Trust in an index file. Opening runs [`on_open`]: every section's checksum (in parallel, in
//! slices), the fsts' own checksums, every offsets column, and every link between tables (an
//! ordinal inside its table, a range inside the table it spans, lists of ordinals inside theirs).
//! After it, each read path can take a row's ranges and links as they are: a damaged file is an
//! [`Error::IndexChecksum`] or [`Error::IndexCorrupt`] at open, never a request that allocates
//! gigabytes or runs for seconds. [`records`] adds what only `seoladh verify` pays for: decoding
//! every stored record.

use rayon::prelude::*;

use crate::ecad::{History, UkAddress};
use crate::error::{Error, Result};
use crate::index::format::{self, Header, SectionEntry, SectionId};
use crate::index::record_codec;
use crate::index::store;
use crate::index::tables::{ElementKind, NONE};
use crate::index::Index;

/// Checksummed per task: small enough to spread a 190 MB section over every core, large enough
/// that combining the pieces costs nothing.
const CRC_SLICE: usize = 4 << 20;

/// Recomputes every section's checksum, slices of the big sections in parallel.
///
/// # Errors
/// [`Error::IndexChecksum`] naming the first damaged section in file order.
pub(crate) fn checksums(bytes: &[u8], header: &Header, file: &str) -> Result<()> {
    let slices: Vec<(usize, std::ops::Range<usize>)> = header
        .sections
        .iter()
        .enumerate()
        .flat_map(|(i, entry)| {
            let data = format::section_bytes(bytes, entry);
            let start = data.as_ptr() as usize - bytes.as_ptr() as usize;
            (0..data.len().max(1))
                .step_by(CRC_SLICE)
                .map(move |at| (i, start + at..start + (at + CRC_SLICE).min(data.len())))
        })
        .collect();
    let hashed: Vec<(usize, crc32fast::Hasher)> = slices
        .into_par_iter()
        .map(|(i, range)| {
            let mut h = crc32fast::Hasher::new();
            h.update(&bytes[range]);
            (i, h)
        })
        .collect();
    let mut totals: Vec<crc32fast::Hasher> = header
        .sections
        .iter()
        .map(|_| crc32fast::Hasher::new())
        .collect();
    for (i, h) in &hashed {
        totals[*i].combine(h);
    }
    for (entry, total) in header.sections.iter().zip(totals) {
        let actual = total.finalize();
        if actual != entry.crc {
            return Err(damaged(entry, file, actual));
        }
    }
    Ok(())
}

fn damaged(entry: &SectionEntry, file: &str, actual: u32) -> Error {
    Error::IndexChecksum {
        file: file.to_string(),
        section: entry.id.name(),
        expected: entry.crc,
        actual,
    }
}

/// One check of [`on_open`].
type Check = fn(&Index) -> Result<()>;

/// Everything an opened index must hold before a read path may rely on it, past the checksums:
/// the fsts' own checksums, the offsets columns, and every link between tables. The checks are
/// independent and run in parallel; the error reported is the first in this order.
///
/// # Errors
/// [`Error::IndexCorrupt`] naming the section and the first bad row.
pub(crate) fn on_open(index: &Index) -> Result<()> {
    // The meta counts size every other check: first, alone.
    meta(index)?;
    let checks: [Check; 12] = [
        |i| fst(i, SectionId::Terms),
        |i| fst(i, SectionId::Eircodes),
        |i| fst(i, SectionId::Ids),
        list_offsets,
        ordinal_lists,
        elements,
        places,
        buildings,
        address_points,
        organisations,
        variants,
        number_lines,
    ];
    let outcomes: Vec<Result<()>> = checks.par_iter().map(|check| check(index)).collect();
    outcomes.into_iter().collect()
}

fn fst(index: &Index, id: SectionId) -> Result<()> {
    let checked = match id {
        SectionId::Terms => index.terms().as_fst().verify(),
        SectionId::Eircodes => index.eircodes().as_fst().verify(),
        _ => index.ids_fst().as_fst().verify(),
    };
    checked.map_err(|e| index.corrupt(id, e.to_string()))
}

fn meta(index: &Index) -> Result<()> {
    let m = index.meta();
    let elements = m.counts.elements;
    if m.kind_starts.windows(2).any(|w| w[0] > w[1])
        || u64::from(m.kind_starts[7]) != elements
        || u64::from(m.named_elements) > elements
    {
        return Err(index.corrupt(SectionId::Meta, "element kind ranges disagree".into()));
    }
    Ok(())
}

/// Offsets columns rise and stay inside their data.
fn list_offsets(index: &Index) -> Result<()> {
    for (offsets, data) in LIST_PAIRS {
        index
            .lists(offsets, data)
            .check(false)
            .map_err(|r| index.corrupt(data, r))?;
    }
    Ok(())
}

/// The offsets/data section pairs.
const LIST_PAIRS: [(SectionId, SectionId); 6] = [
    (SectionId::TermPostingsIndex, SectionId::TermPostingsData),
    (
        SectionId::ElementVariantsIndex,
        SectionId::ElementVariantsData,
    ),
    (SectionId::ElementPlacesIndex, SectionId::ElementPlacesData),
    (SectionId::StoreIndex, SectionId::StoreData),
    (SectionId::StringsIndex, SectionId::Strings),
    (SectionId::UkIndex, SectionId::UkData),
];

/// Postings hold element ordinals, element place lists place ordinals: every one inside its
/// table (the matcher indexes per-query arrays by them).
fn ordinal_lists(index: &Index) -> Result<()> {
    let c = &index.meta().counts;
    for (offsets, data, bound) in [
        (
            SectionId::TermPostingsIndex,
            SectionId::TermPostingsData,
            c.elements,
        ),
        (
            SectionId::ElementPlacesIndex,
            SectionId::ElementPlacesData,
            c.places,
        ),
    ] {
        let lists = index.lists(offsets, data);
        lists
            .check_ordinals(bound)
            .map_err(|r| index.corrupt(data, r))?;
    }
    Ok(())
}

fn elements(index: &Index) -> Result<()> {
    let m = index.meta();
    let c = &m.counts;
    for kind in ElementKind::ALL {
        for e in m.kind_range(kind) {
            let row = index
                .element(e)
                .ok_or_else(|| index.corrupt(SectionId::Elements, format!("row {e} missing")))?;
            let raw_kind = index.element_kind_byte(e);
            if raw_kind != Some(kind as u8) {
                return Err(index.corrupt(
                    SectionId::Elements,
                    format!("element {e} has kind {raw_kind:?} outside its kind's range"),
                ));
            }
            let link_ok = match kind {
                ElementKind::PostTown => row.link == NONE || u64::from(row.link) < c.elements,
                ElementKind::BuildingName => u64::from(row.link) < c.buildings,
                ElementKind::Organisation => u64::from(row.link) < c.address_points,
                _ => true,
            };
            if !link_ok {
                return Err(index.corrupt(
                    SectionId::Elements,
                    format!("element {e} links to {} out of range", row.link),
                ));
            }
        }
    }
    Ok(())
}

/// Places link to elements and own consecutive, disjoint runs of buildings, in order.
fn places(index: &Index) -> Result<()> {
    let c = &index.meta().counts;
    let mut next_free = 0u64;
    for p in 0..c.places as u32 {
        let row = index
            .place(p)
            .ok_or_else(|| index.corrupt(SectionId::Places, format!("row {p} missing")))?;
        if let Some(e) = row
            .elements()
            .into_iter()
            .find(|&e| e != NONE && u64::from(e) >= c.elements)
        {
            return Err(index.corrupt(
                SectionId::Places,
                format!("place {p} links to element {e} out of range"),
            ));
        }
        let start = u64::from(row.building_start);
        let end = start + u64::from(row.building_count);
        if start < next_free || end > c.buildings {
            return Err(index.corrupt(
                SectionId::Places,
                format!(
                    "place {p} buildings {start}..{end} overlap the previous place or pass the \
                     {} buildings",
                    c.buildings
                ),
            ));
        }
        next_free = end;
    }
    Ok(())
}

/// Buildings link to strings and building-name elements and own consecutive, disjoint runs of
/// address points, in order.
fn buildings(index: &Index) -> Result<()> {
    let c = &index.meta().counts;
    let mut next_free = 0u64;
    for b in 0..c.buildings as u32 {
        let row = index
            .building(b)
            .ok_or_else(|| index.corrupt(SectionId::Buildings, format!("row {b} missing")))?;
        if !string_ok(row.number, c.strings)
            || !(row.name == NONE || u64::from(row.name) < c.elements)
        {
            return Err(index.corrupt(
                SectionId::Buildings,
                format!("building {b} links out of range"),
            ));
        }
        if row.ap_count == 0 {
            continue;
        }
        let start = u64::from(row.ap_start);
        let end = start + u64::from(row.ap_count);
        if start < next_free || end > c.address_points {
            return Err(index.corrupt(
                SectionId::Buildings,
                format!(
                    "building {b} address points {start}..{end} overlap the previous building or \
                     pass the {} address points",
                    c.address_points
                ),
            ));
        }
        next_free = end;
    }
    Ok(())
}

fn address_points(index: &Index) -> Result<()> {
    let c = &index.meta().counts;
    for a in 0..c.address_points as u32 {
        let row = index
            .address_point(a)
            .ok_or_else(|| index.corrupt(SectionId::AddressPoints, format!("row {a} missing")))?;
        if u64::from(row.building) >= c.buildings
            || !string_ok(row.sub_building, c.strings)
            || !string_ok(row.sub_building_irish, c.strings)
        {
            return Err(index.corrupt(
                SectionId::AddressPoints,
                format!("address point {a} links out of range"),
            ));
        }
    }
    Ok(())
}

/// Organisations are ordered by address point (looked up by binary search) and link inside
/// their tables.
fn organisations(index: &Index) -> Result<()> {
    let c = &index.meta().counts;
    let mut previous = 0u32;
    for (i, row) in index.organisation_rows().enumerate() {
        if row.address_point < previous
            || u64::from(row.address_point) >= c.address_points
            || u64::from(row.element) >= c.elements
            || !string_ok(row.department, c.strings)
            || !string_ok(row.department_irish, c.strings)
        {
            return Err(index.corrupt(
                SectionId::Organisations,
                format!("organisation row {i} out of order or links out of range"),
            ));
        }
        previous = row.address_point;
    }
    Ok(())
}

/// Number line rows ascend strictly (lookups binary-search them) and link to elements and
/// terms of the index.
fn number_lines(index: &Index) -> Result<()> {
    let c = &index.meta().counts;
    let mut previous = None;
    for (i, row) in index.number_line_rows().enumerate() {
        if previous.is_some_and(|p| p >= row)
            || u64::from(row.element) >= c.elements
            || u64::from(row.first) >= c.terms
            || (row.second != NONE && u64::from(row.second) >= c.terms)
        {
            return Err(index.corrupt(
                SectionId::NumberLines,
                format!("number line row {i} out of order or links out of range"),
            ));
        }
        previous = Some(row);
    }
    Ok(())
}

/// Every element has a name, and every term id of its names is a term.
fn variants(index: &Index) -> Result<()> {
    let c = &index.meta().counts;
    for e in 0..c.elements as u32 {
        let mut names = 0usize;
        for v in index.variants(e) {
            names += 1;
            if v.term_ids().any(|t| u64::from(t) >= c.terms) {
                return Err(index.corrupt(
                    SectionId::ElementVariantsData,
                    format!("element {e} names a term out of range"),
                ));
            }
        }
        if names == 0 {
            return Err(index.corrupt(
                SectionId::ElementVariantsData,
                format!("element {e} has no readable name"),
            ));
        }
    }
    Ok(())
}

fn string_ok(r: u32, strings: u64) -> bool {
    r == NONE || u64::from(r) < strings
}

/// Decodes every stored record, UK address and the history: what `seoladh verify` adds to the
/// checks of opening. Returns the number of records.
///
/// # Errors
/// [`Error::IndexCorrupt`] naming the first undecodable record.
pub(crate) fn records(index: &Index) -> Result<u64> {
    let store = index.lists(SectionId::StoreIndex, SectionId::StoreData);
    let bad = (0..store.len())
        .into_par_iter()
        .find_first(|&i| !record_codec::is_decodable(store.bytes(i).unwrap_or(&[])));
    if let Some(i) = bad {
        return Err(index.corrupt(SectionId::StoreData, format!("record {i} undecodable")));
    }
    let uk = index.lists(SectionId::UkIndex, SectionId::UkData);
    let bad = (0..uk.len())
        .into_par_iter()
        .find_first(|&i| store::decode::<UkAddress>(uk.bytes(i).unwrap_or(&[])).is_none());
    if let Some(i) = bad {
        return Err(index.corrupt(SectionId::UkData, format!("UK record {i} undecodable")));
    }
    if store::decode::<Vec<History>>(index.section(SectionId::History)).is_none() {
        return Err(index.corrupt(SectionId::History, "undecodable".into()));
    }
    Ok((store.len() + uk.len()) as u64)
}
