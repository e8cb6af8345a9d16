//! Step 5 of the build: every name variant is tokenised (in parallel) into terms; terms are
//! numbered in sorted order into the term dictionary (an fst whose value carries the document
//! frequency beside the id) with postings of elements; each element's variants are stored with
//! their term ids; and each element gets the list of places it appears in.

use std::collections::{BTreeMap, HashMap};

use rayon::prelude::*;

use crate::error::Result;
use crate::index::lists::ListsWriter;
use crate::index::tables::{AddressPointRow, ElementKind, PlaceRow, NONE};
use crate::index::Variant;

use super::build_error;
use super::elements::PendingElement;

/// The term sections, ready to write.
pub(super) struct TermSections {
    /// Number of distinct terms.
    pub(super) count: u64,
    /// The term dictionary (fst).
    pub(super) fst: Vec<u8>,
    /// Each term's document frequency, little-endian `u32`s.
    pub(super) frequencies: Vec<u8>,
    /// Each term's elements.
    pub(super) postings: ListsWriter,
    /// Each element's encoded variants.
    pub(super) variants: ListsWriter,
    /// The distinct beginnings of each building group's, street's, locality's and building
    /// name's names (the lines a house or unit number is written before): the first two term
    /// ids of each variant, the second [`NONE`] for a name of one term. Empty for other
    /// elements.
    pub(super) heads: Vec<Vec<(u32, u32)>>,
}

/// Tokenises every element's variants and builds the term sections; the variants' text is
/// released from `elements` afterwards (it is in the sections now).
pub(super) fn terms(elements: &mut [PendingElement]) -> Result<TermSections> {
    // Each variant's terms, then for a name ending in a county name (`BAILE AN CHLÁIR`) the
    // same variant again with that county as words: typed without a comma before the next line,
    // the query reads them as words.
    let tokenised: Vec<Vec<(usize, Vec<String>)>> = elements
        .par_iter()
        .map(|e| {
            let mut out = Vec::with_capacity(e.variants.len());
            for (v, (_, name)) in e.variants.iter().enumerate() {
                let mut terms = Vec::new();
                crate::text::index_terms(name, &mut terms);
                out.push((v, terms));
                if e.row.kind != ElementKind::County {
                    if let Some(within) = crate::text::index_terms_within_line(name) {
                        out.push((v, within));
                    }
                }
            }
            out
        })
        .collect();
    let mut term_elements: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
    for (ord, variants) in tokenised.iter().enumerate() {
        for (_, terms) in variants {
            for t in terms {
                let list = term_elements.entry(t.as_str()).or_default();
                if list.last() != Some(&(ord as u32)) {
                    list.push(ord as u32);
                }
            }
        }
    }
    let term_ids: HashMap<&str, u32> = term_elements
        .keys()
        .enumerate()
        .map(|(i, t)| (*t, i as u32))
        .collect();
    let mut terms_fst = fst::MapBuilder::memory();
    let mut postings = ListsWriter::new();
    let mut frequencies = Vec::with_capacity(term_elements.len() * 4);
    for (i, (term, list)) in term_elements.iter().enumerate() {
        frequencies.extend_from_slice(&(list.len() as u32).to_le_bytes());
        // The value carries the document frequency beside the id, so expansions read both
        // from one fst lookup.
        terms_fst
            .insert(term.as_bytes(), (list.len() as u64) << 32 | i as u64)
            .map_err(|e| build_error("terms", e))?;
        postings.push_sorted(list);
    }
    let count = term_elements.len() as u64;
    let fst = terms_fst
        .into_inner()
        .map_err(|e| build_error("terms", e))?;
    let mut variants = ListsWriter::new();
    let mut heads = Vec::with_capacity(elements.len());
    let mut buf = Vec::new();
    for (e, terms) in elements.iter().zip(&tokenised) {
        buf.clear();
        let mut head: Vec<(u32, u32)> = Vec::new();
        for (v, t) in terms {
            let (tag, name) = &e.variants[*v];
            let ids: Vec<u32> = t
                .iter()
                .filter_map(|s| term_ids.get(s.as_str()).copied())
                .collect();
            Variant::encode(*tag, name, &ids, &mut buf);
            let numbered = matches!(
                e.row.kind,
                ElementKind::BuildingGroup
                    | ElementKind::Thoroughfare
                    | ElementKind::Locality
                    | ElementKind::BuildingName
            );
            if let (true, Some(&first)) = (numbered, ids.first()) {
                head.push((first, ids.get(1).copied().unwrap_or(NONE)));
            }
        }
        head.sort_unstable();
        head.dedup();
        heads.push(head);
        variants.push_bytes(&buf);
    }
    drop(term_ids);
    drop(term_elements);
    drop(tokenised);
    for e in elements.iter_mut() {
        e.variants = Vec::new();
    }
    Ok(TermSections {
        count,
        fst,
        frequencies,
        postings,
        variants,
        heads,
    })
}

/// The places of each element: every place naming it, and for a building name or an
/// organisation the place of its building.
pub(super) fn element_places(
    elements: &[PendingElement],
    places: &[PlaceRow],
    place_of_building: &[u32],
    aps: &[AddressPointRow],
) -> ListsWriter {
    let mut element_places: Vec<Vec<u32>> = vec![Vec::new(); elements.len()];
    for (p, place) in places.iter().enumerate() {
        let mut seen = [NONE; 8];
        for (slot, e) in place.elements().into_iter().enumerate() {
            if e != NONE && !seen.contains(&e) {
                element_places[e as usize].push(p as u32);
            }
            seen[slot] = e;
        }
    }
    for (ord, e) in elements.iter().enumerate() {
        let building = match e.row.kind {
            ElementKind::BuildingName => Some(e.row.link),
            ElementKind::Organisation => aps.get(e.row.link as usize).map(|a| a.building),
            _ => None,
        };
        if let Some(b) = building {
            element_places[ord].push(place_of_building[b as usize]);
        }
    }
    let mut places_w = ListsWriter::new();
    for list in &element_places {
        places_w.push_sorted(list);
    }
    places_w
}
