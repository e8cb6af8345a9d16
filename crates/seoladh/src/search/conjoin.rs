//! Seeds from common words inside the places the rarer words found.
//!
//! Seeding reads the rarest hits within a budget, so a word named by thousands of elements
//! seeds nothing: in `Apartment 45, Block B, Pel` the `b` of `BLOCK B` names three thousand
//! buildings, and the places of `PEL…` tie with each other without it; the block the user is
//! typing in never reaches the shortlist. A word too common to seed is still cheap to read
//! against a few hundred places: its elements lying in a place some seed already names are
//! exactly the ones that can explain it there, and they seed too. Together the words of the
//! input then pick out their place as an engine intersecting postings would. In Find Address a
//! line of common words (`PARK, GOREY`) is read so even when a seed explains its words across a
//! comma (GOREY BUSINESS PARK): it names a townland of the town the next line seeds.

use crate::index::Index;
use crate::limits::{MAX_CANDIDATE_PLACES, MAX_PLACES_PER_SEED};
use crate::search::elements::{add_scored_seeds, find, ElementMatch, HitTerms, IdfCache};
use crate::search::joint::seeded_words;

/// Most postings of common words read against the seeds' places.
const MAX_CONJOIN_POSTINGS: usize = 12_000;

/// Most places of one element of a common word looked at for a seed's place.
const MAX_ELEMENT_PLACES: usize = 16;

/// Most elements this adds to the seeds.
const MAX_CONJOINED: usize = 256;

/// Adds to `seeds` (sorted by element, kept sorted) the elements of words no seed explains
/// (seeding left them unread) that lie in a place of a seed. `whole_lines`: a seed explains
/// words only within one comma section (Find Address, where every line is typed whole; in
/// Autocomplete the many names read across lines would displace the places being typed into).
/// `marks`: one bit per place, all clear between calls (kept in [`super::Scratch`]).
pub fn add_conjoined_seeds(
    index: &Index,
    hits: &HitTerms<'_>,
    words: usize,
    whole_lines: bool,
    weights: &mut IdfCache,
    marks: &mut Vec<u64>,
    seeds: &mut Vec<ElementMatch>,
) {
    let words = words.min(64);
    let all_words = if words == 64 {
        u64::MAX
    } else {
        (1u64 << words) - 1
    };
    // The words no seed explains, of those seeding left unread. A seed read across a comma
    // does not count: `PARK, GOREY` is the townland PARK in Gorey, not GOREY BUSINESS PARK.
    let explained = seeds
        .iter()
        .filter(|s| !(whole_lines && hits.spans_sections(s.mask)))
        .fold(0u64, |m, s| m | s.mask);
    let open = all_words & !seeded_words(hits) & !explained;
    if open == 0 || seeds.is_empty() {
        return;
    }
    let places = index.meta().counts.places as usize;
    let marks = super::grown_marks(marks, places);
    let touched = mark_places(index, seeds, marks);
    let found = read_open_words(index, hits, open, seeds, marks);
    for w in touched {
        marks[w] = 0;
    }
    add_scored_seeds(index, found, hits, weights, seeds);
}

/// Marks the places of the seeds (those in at most [`MAX_PLACES_PER_SEED`] places, up to
/// [`MAX_CANDIDATE_PLACES`] in all); returns the words of `marks` set.
fn mark_places(index: &Index, seeds: &[ElementMatch], marks: &mut [u64]) -> Vec<usize> {
    let mut touched = Vec::new();
    let mut marked = 0usize;
    for s in seeds {
        let bound = index.element_places_bound(s.element);
        if bound > MAX_PLACES_PER_SEED {
            continue;
        }
        for p in index.element_places(s.element) {
            let w = p as usize / 64;
            let Some(word) = marks.get_mut(w) else {
                break; // ascending: the rest lie outside the index too
            };
            if *word == 0 {
                touched.push(w);
            }
            *word |= 1u64 << (p % 64);
            marked += 1;
        }
        if marked > MAX_CANDIDATE_PLACES {
            break;
        }
    }
    touched
}

/// The elements of the hits on `open` words, rarest hit first within
/// [`MAX_CONJOIN_POSTINGS`], that lie in a marked place and are no seed yet (ascending, at
/// most [`MAX_CONJOINED`]).
fn read_open_words(
    index: &Index,
    hits: &HitTerms<'_>,
    open: u64,
    seeds: &[ElementMatch],
    marks: &[u64],
) -> Vec<u32> {
    let marked = |p: u32| {
        marks
            .get(p as usize / 64)
            .is_some_and(|w| w & (1u64 << (p % 64)) != 0)
    };
    let all = hits.all();
    let mut order: Vec<usize> = (0..all.len())
        .filter(|&h| all[h].mask & open != 0)
        .collect();
    order.sort_unstable_by_key(|&h| (all[h].df, all[h].term, h));
    order.dedup_by_key(|h| all[*h].term);
    let mut found: Vec<u32> = Vec::new();
    let mut read = 0usize;
    for h in order {
        let df = all[h].df as usize;
        if read + df > MAX_CONJOIN_POSTINGS {
            break;
        }
        read += df;
        for e in index.term_elements(all[h].term) {
            let inside = index.element_places(e).take(MAX_ELEMENT_PLACES).any(marked);
            if inside && find(seeds, e).is_none() {
                found.push(e);
            }
        }
        if found.len() >= MAX_CONJOINED {
            break;
        }
    }
    found.sort_unstable();
    found.dedup();
    found.truncate(MAX_CONJOINED);
    found
}
