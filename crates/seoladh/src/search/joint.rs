//! Autocomplete seeds from words read together: the elements whose names hold two or more
//! adjacent query words at once.
//!
//! Seeds come rarest hit first within a budget ([`crate::limits::MAX_SEED_VISITS`]), so a word
//! in thousands of names (`hillcrest`, `court`, `old`) seeds nothing, and in autocomplete the
//! last word's rare completions (`courtmacsherry`, `courtbane`) take the whole budget: the
//! street the user is typing (`30 Hillcrest Court`) was never a candidate. Two common words
//! are rarely common together, so the postings of adjacent words are intersected and the few
//! elements naming all of them seed too.
//!
//! A house or street name typed before the last word may be shared by thousands
//! (`Bealtaine Six`: 2,940 houses BEALTAINE) while the last word spells out the townland or
//! town, a rare completion the expansion does not keep: the places of the name's elements are
//! read once per word and the elements whose places the last word names seed
//! (`PlacesBeforeLast`).

use std::collections::VecDeque;

use crate::index::{ElementKind, Index, NONE};
use crate::limits::{
    MAX_BEFORE_LAST_ELEMENTS, MAX_JOINT_BEFORE_LAST, MAX_JOINT_SEEDS, MAX_JOINT_WORD_ELEMENTS,
    MAX_LAST_WORD_POSTINGS, MAX_PLACES_NAMING_LAST, MAX_SEED_VISITS, RECENT_JOINT_PAIRS,
};
use crate::search::elements::{
    add_scored_seeds, low_bits, rarest_first, ElementMatch, HitTerms, IdfCache,
};

/// Adds to `seeds` (sorted by element, kept sorted) the elements named by a run of adjacent
/// words of the `words` query words together (words too common to read between them passed
/// over): from each word, the shortest run whose intersection holds at most
/// [`MAX_JOINT_SEEDS`] elements. With a number typed (`numbered`), a run too common to seed
/// still seeds the streets and estates it names, when they are few.
pub fn add_joint_seeds(
    index: &Index,
    hits: &HitTerms<'_>,
    words: usize,
    numbered: bool,
    weights: &mut IdfCache,
    scratch: &mut JointScratch,
    seeds: &mut Vec<ElementMatch>,
) {
    let words = words.min(64);
    // A word every hit of which the seed stage read already seeded every element naming it,
    // so no run through it can add one: runs stop at such words (and their postings are never
    // read here, which keeps this stage cheap when the words are rare).
    let covered = seeded_words(hits);
    if words < 2 || (0..words).all(|i| covered & (1u64 << i) != 0) {
        return;
    }
    // A word too common to read (`st` in `BÓTHAR ST JOSEPH'S`) is passed over: the words
    // either side of it in one comma section still name the element together. A seeded word
    // ends a run.
    let unseeded = |i: usize| covered & (1u64 << i) == 0;
    let usable: Vec<bool> = (0..words)
        .map(|i| unseeded(i) && readable(hits, i))
        .collect();
    let next_usable = |from: usize| {
        if usable.get(from) == Some(&true) {
            return Some(from);
        }
        (from..words)
            .take_while(|&k| unseeded(k) && !hits.starts_section(k))
            .find(|&k| usable[k])
    };
    let mut found: Vec<u32> = Vec::new();
    // One bit per element of the index (a damaged posting beyond them is never marked).
    let elements = index.meta().counts.elements as usize;
    {
        let JointScratch {
            marks,
            pairs,
            before_last,
        } = scratch;
        let marks = super::grown_marks(marks, elements);
        let starts = usable.iter().take(words.saturating_sub(1)).enumerate();
        for (start, _) in starts.filter(|(_, &u)| u) {
            // A word's elements are read only when a run has a second word.
            let Some(second) = next_usable(start + 1) else {
                continue;
            };
            let mut run = recent_pair(index, hits, start, second, marks, pairs);
            let mut next = second + 1;
            loop {
                if run.is_empty() {
                    break;
                }
                if run.len() <= MAX_JOINT_SEEDS {
                    found.extend_from_slice(&run);
                    break;
                }
                let Some(k) = next_usable(next) else {
                    // Too common together to seed, and nothing read after them (when the last
                    // word is still being typed after the run, its rare completions are read
                    // in the run's places: [`in_places_naming_last`]).
                    let before_last = hits
                        .last_word()
                        .is_some_and(|l| l.bit.trailing_zeros() as usize >= next);
                    let cap = match before_last {
                        true => MAX_JOINT_BEFORE_LAST,
                        false => MAX_JOINT_SEEDS,
                    };
                    // The word being typed is in the run and no seed explains it (`old
                    // school`: SEAN, OLD in Irish, seeded alone): the run's first elements seed,
                    // cut, rather than none (streets and estates come first by ordinal).
                    let run_words = low_bits(next as u32) & !low_bits(start as u32);
                    let typing = hits.last_word().map_or(0, |l| l.bit) & run_words;
                    if typing != 0 && !numbered && !seeds.iter().any(|m| m.mask & typing != 0) {
                        found.extend_from_slice(&run[..MAX_JOINT_SEEDS]);
                    }
                    if numbered {
                        // A number goes on a street or an estate: those the run names seed,
                        // not the thousands of houses named alike (`58 Old Rectory` is 58
                        // OLD RECTORY PARK, not a house called THE OLD RECTORY).
                        let before = found.len();
                        for &e in &run {
                            let holds = index.element(e).is_some_and(|el| {
                                matches!(
                                    el.kind,
                                    ElementKind::Thoroughfare | ElementKind::BuildingGroup
                                )
                            });
                            if holds {
                                if found.len() - before == cap {
                                    found.truncate(before);
                                    break;
                                }
                                found.push(e);
                            }
                        }
                    }
                    break;
                };
                intersect_word(index, hits, k, &mut run, marks);
                next = k + 1;
            }
            if found.len() >= MAX_JOINT_SEEDS * 4 {
                break;
            }
        }
        found.extend(in_places_naming_last(
            index,
            hits,
            covered,
            &usable,
            marks,
            before_last,
        ));
    }
    found.sort_unstable();
    found.dedup();
    add_scored_seeds(index, found, hits, weights, seeds);
}

/// Autocomplete: the elements of the words just before the last one, too common to seed
/// (2,940 houses are called BEALTAINE), that lie in a place whose other names the last word
/// begins (`Bealtaine Six` is BEALTAINE, SIXMILEWATER). The expansion keeps only the last
/// word's commonest completions, so its rare ones (the townland, the village) seed nothing,
/// and the word before it names the house or street in a different element: no run of words
/// read together holds both. At most [`MAX_JOINT_SEEDS`], ascending.
fn in_places_naming_last(
    index: &Index,
    hits: &HitTerms<'_>,
    covered: u64,
    usable: &[bool],
    marks: &mut [u64],
    kept_places: &mut PlacesBeforeLast,
) -> Vec<u32> {
    let Some(last) = hits.last_word().filter(|l| !l.letter) else {
        return Vec::new();
    };
    // The last word's terms are read through their postings: a prefix beginning too many
    // (`si`, `cour`) narrows nothing yet.
    let runs = last.runs();
    let mut postings = 0usize;
    for t in runs.iter().flat_map(|&(a, b)| a..b) {
        postings += index.term_frequency(t) as usize;
        if postings > MAX_LAST_WORD_POSTINGS {
            return Vec::new();
        }
    }
    if postings == 0 {
        return Vec::new();
    }
    let l = last.bit.trailing_zeros() as usize;
    // The nearest readable words before the last one (words too common to read, `street`,
    // passed over; a seeded word ends the search: its places are candidates already).
    let before: Vec<usize> = (0..l.min(usable.len()))
        .rev()
        .take_while(|&k| covered & (1u64 << k) == 0)
        .filter(|&k| usable[k])
        .collect();
    if before.is_empty() {
        return Vec::new();
    }
    // The words before the last one stay the same while it is typed: their elements' places
    // are read once.
    let instance = index.instance();
    let mut key = vec![(instance >> 32) as u32, instance as u32];
    for &k in &before {
        key.extend(word_terms(hits, k));
        key.push(u32::MAX);
    }
    if kept_places.key != key {
        let mut run = word_elements(index, hits, before[0]);
        for &k in &before[1..] {
            if run.len() <= MAX_BEFORE_LAST_ELEMENTS {
                break;
            }
            intersect_word(index, hits, k, &mut run, marks);
        }
        kept_places.read(index, &run);
        kept_places.key = key;
    }
    if kept_places.elements.is_empty() {
        return Vec::new();
    }
    // The elements the last word names, marked.
    let (touched, _) = mark_elements(index, runs.iter().flat_map(|&(a, b)| a..b), marks);
    let marked = |e: u32| {
        marks
            .get(e as usize / 64)
            .is_some_and(|w| w & (1u64 << (e % 64)) != 0)
    };
    let kept = kept_places.naming(marked);
    for w in touched {
        marks[w] = 0;
    }
    kept
}

/// The places of the elements named by the words before Autocomplete's last one (see
/// [`in_places_naming_last`]), kept from one keystroke to the next.
#[derive(Debug, Default)]
struct PlacesBeforeLast {
    /// The index instance and the terms of the words read.
    key: Vec<u32>,
    /// Each element, with the end of its places' other elements in `others`.
    elements: Vec<(u32, u32)>,
    /// The other elements of each element's places, element after element.
    others: Vec<u32>,
}

impl PlacesBeforeLast {
    /// Reads the places of `run` (none when it names more than [`MAX_BEFORE_LAST_ELEMENTS`]).
    fn read(&mut self, index: &Index, run: &[u32]) {
        self.elements.clear();
        self.others.clear();
        if run.len() > MAX_BEFORE_LAST_ELEMENTS {
            return;
        }
        // In stages, each row asked for some iterations before it is read: the rows are
        // scattered over a table of every place.
        let ahead = index.prefetcher();
        let mut places: Vec<(u32, u32)> = Vec::with_capacity(run.len() * 2);
        for (k, &e) in run.iter().enumerate() {
            if let Some(&next) = run.get(k + 4) {
                ahead.element_places_offset(next);
            }
            if let Some(&next) = run.get(k + 2) {
                ahead.element_places(next);
            }
            for p in index.element_places(e).take(MAX_PLACES_NAMING_LAST) {
                places.push((k as u32, p));
            }
        }
        let mut at = 0;
        for (i, &e) in run.iter().enumerate() {
            let start = self.others.len();
            while let Some(&(_, p)) = places.get(at).filter(|p| p.0 as usize == i) {
                if let Some(&(_, next)) = places.get(at + 8) {
                    ahead.place(next);
                }
                at += 1;
                let Some(row) = index.place(p) else {
                    continue;
                };
                for slot in row.line_slots() {
                    if slot != NONE && slot != e && !self.others[start..].contains(&slot) {
                        self.others.push(slot);
                    }
                }
            }
            self.elements.push((e, self.others.len() as u32));
        }
    }

    /// The elements read one of whose places has another element `named` accepts (at most
    /// [`MAX_JOINT_SEEDS`], ascending).
    fn naming(&self, named: impl Fn(u32) -> bool) -> Vec<u32> {
        let mut kept = Vec::new();
        let mut start = 0usize;
        for &(e, end) in &self.elements {
            let others = self.others.get(start..end as usize).unwrap_or(&[]);
            start = end as usize;
            if others.iter().any(|&o| named(o)) {
                kept.push(e);
                if kept.len() == MAX_JOINT_SEEDS {
                    break;
                }
            }
        }
        kept
    }
}

/// The elements word `i` names, ascending.
fn word_elements(index: &Index, hits: &HitTerms<'_>, i: usize) -> Vec<u32> {
    let mut all: Vec<u32> = Vec::new();
    let mut terms = 0;
    for t in word_terms(hits, i) {
        terms += 1;
        all.extend(index.term_elements(t));
    }
    if terms > 1 {
        all.sort_unstable();
        all.dedup();
    }
    all
}

/// The words whose every hit the seed stage reads in full (rarest first within
/// [`MAX_SEED_VISITS`] postings, as `elements::seed_elements` does).
pub(crate) fn seeded_words(hits: &HitTerms<'_>) -> u64 {
    let all = hits.all();
    let own_within = if hits.last_word().is_some() {
        MAX_SEED_VISITS
    } else {
        0
    };
    let order = rarest_first(all, u64::MAX, own_within);
    let mut read = 0usize;
    let mut unread = 0u64;
    for &h in &order {
        read += all[h].df as usize;
        if read > MAX_SEED_VISITS {
            unread |= all[h].mask;
        }
    }
    !unread
}

/// What joint seeding keeps from one call to the next (part of [`super::Scratch`]).
#[derive(Debug, Default)]
pub struct JointScratch {
    /// One bit per element, all clear between calls: the marks of [`intersect_word`].
    marks: Vec<u64>,
    /// The last [`RECENT_JOINT_PAIRS`] pairs read, oldest first.
    pairs: VecDeque<PairEntry>,
    /// The places of the words before the last one, read lately.
    before_last: PlacesBeforeLast,
}

/// The distinct terms word `i` hits (the hits are sorted by term: a term hit twice, exact and
/// equivalent, comes once).
fn word_terms<'h>(hits: &'h HitTerms<'_>, i: usize) -> impl Iterator<Item = u32> + 'h {
    let bit = 1u64 << i;
    let mut last = None;
    hits.all().iter().filter_map(move |h| {
        let new = h.mask & bit != 0 && last != Some(h.term);
        if h.mask & bit != 0 {
            last = Some(h.term);
        }
        new.then_some(h.term)
    })
}

/// Whether word `i`'s hits name some elements and at most [`MAX_JOINT_WORD_ELEMENTS`]
/// ([`MAX_LAST_WORD_POSTINGS`] for the word being typed): a word like `road` narrows nothing.
fn readable(hits: &HitTerms<'_>, i: usize) -> bool {
    let bit = 1u64 << i;
    // A term read two ways (`school` as typed and as a completion of itself) is read once: the
    // hits come sorted by term, so its readings are adjacent.
    let mut total = 0usize;
    let mut counted = None;
    for h in hits.all().iter().filter(|h| h.mask & bit != 0) {
        if counted != Some(h.term) {
            total += h.df as usize;
            counted = Some(h.term);
        }
    }
    // The word being typed ends every run it is in: its postings are only read against the
    // marks of the words before it, never marked, so it may name more (`church hill`: HILL,
    // HILLCREST, HILLVIEW and CNOC, the Irish, name 11,000 elements).
    let typing = hits.last_word().is_some_and(|l| l.bit == bit);
    let max = match typing {
        true => MAX_LAST_WORD_POSTINGS,
        false => MAX_JOINT_WORD_ELEMENTS,
    };
    total > 0 && total <= max
}

/// One pair read lately: index instance, the two words' terms, the elements they both name.
type PairEntry = (u64, Vec<u32>, Vec<u32>, Vec<u32>);

/// [`pair`], answered from the recent `pairs` when the two words' terms are the same
/// (the words before the one being typed do not change from one keystroke to the next).
fn recent_pair(
    index: &Index,
    hits: &HitTerms<'_>,
    i: usize,
    j: usize,
    marks: &mut [u64],
    pairs: &mut VecDeque<PairEntry>,
) -> Vec<u32> {
    let instance = index.instance();
    let a: Vec<u32> = word_terms(hits, i).collect();
    let b: Vec<u32> = word_terms(hits, j).collect();
    let kept = pairs
        .iter()
        .find(|p| p.0 == instance && p.1 == a && p.2 == b)
        .map(|p| p.3.clone());
    if let Some(kept) = kept {
        return kept;
    }
    let kept = pair(index, hits, i, j, marks);
    if pairs.len() >= RECENT_JOINT_PAIRS {
        pairs.pop_front();
    }
    pairs.push_back((instance, a, b, kept.clone()));
    kept
}

/// The elements words `i` and `j` both name, ascending: word `i`'s elements are marked, then
/// word `j`'s postings read against the marks (no list of either word is gathered or sorted).
fn pair(index: &Index, hits: &HitTerms<'_>, i: usize, j: usize, marks: &mut [u64]) -> Vec<u32> {
    let (touched, max) = mark_elements(index, word_terms(hits, i), marks);
    let kept = keep_marked(index, hits, j, max, marks);
    for w in touched {
        marks[w] = 0;
    }
    kept
}

/// Marks the elements of `terms` (one bit each); returns the words of `marks` set and the
/// highest element marked.
fn mark_elements(
    index: &Index,
    terms: impl Iterator<Item = u32>,
    marks: &mut [u64],
) -> (Vec<usize>, u32) {
    let mut touched: Vec<usize> = Vec::new();
    let mut max = 0u32;
    for term in terms {
        for e in index.term_elements(term) {
            let w = e as usize / 64;
            let Some(word) = marks.get_mut(w) else {
                break; // the postings are ascending
            };
            if *word == 0 {
                touched.push(w);
            }
            *word |= 1u64 << (e % 64);
            max = max.max(e);
        }
    }
    (touched, max)
}

/// The elements word `i` names among those marked (none above `max`), ascending; their marks
/// are cleared as they are found, so an element named by two terms is kept once.
fn keep_marked(
    index: &Index,
    hits: &HitTerms<'_>,
    i: usize,
    max: u32,
    marks: &mut [u64],
) -> Vec<u32> {
    let mut kept: Vec<u32> = Vec::new();
    let mut terms = 0;
    for term in word_terms(hits, i) {
        terms += 1;
        for e in index.term_elements(term) {
            if e > max {
                break; // the postings are ascending
            }
            let Some(word) = marks.get_mut(e as usize / 64) else {
                break;
            };
            let bit = 1u64 << (e % 64);
            if *word & bit != 0 {
                *word &= !bit;
                kept.push(e);
            }
        }
    }
    // One term's postings are sorted already.
    if terms > 1 {
        kept.sort_unstable();
    }
    kept
}

/// Keeps in `run` (ascending) the elements word `i` names, reading the word's postings once
/// against marks on the run's elements instead of gathering and sorting them: the last word
/// of an autocomplete query completes to dozens of terms and thousands of elements.
fn intersect_word(
    index: &Index,
    hits: &HitTerms<'_>,
    i: usize,
    run: &mut Vec<u32>,
    marks: &mut [u64],
) {
    let Some(&max) = run.last() else {
        return;
    };
    let mark = |marks: &mut [u64], e: u32, on: bool| {
        if let Some(word) = marks.get_mut(e as usize / 64) {
            if on {
                *word |= 1u64 << (e % 64);
            } else {
                *word &= !(1u64 << (e % 64));
            }
        }
    };
    for &e in run.iter() {
        mark(marks, e, true);
    }
    let kept = keep_marked(index, hits, i, max, marks);
    for &e in run.iter() {
        mark(marks, e, false);
    }
    *run = kept;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::completions::Walk;
    use crate::search::plan::Plan;
    use crate::search::terms::{expand, Stages};

    /// Word `i`'s elements gathered and sorted: what the marks stand for.
    fn naive(index: &Index, hits: &HitTerms<'_>, i: usize) -> Vec<u32> {
        let mut out: Vec<u32> = word_terms(hits, i)
            .flat_map(|t| index.term_elements(t))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    fn both(a: &[u32], b: &[u32]) -> Vec<u32> {
        a.iter().copied().filter(|x| b.contains(x)).collect()
    }

    /// A term read two ways (as typed and as a completion of itself) counts once toward the
    /// elements a word names: `school` alone is readable; two terms that size are not.
    #[test]
    fn a_term_read_two_ways_counts_once_toward_a_readable_word() {
        use crate::search::terms::{How, TermHit};
        let df = MAX_JOINT_WORD_ELEMENTS as u32 / 2 + 1;
        let hit = |term, how| TermHit {
            term,
            df,
            mask: 1,
            how,
            cost: 0.0,
        };
        let twice = [hit(7, How::Exact), hit(7, How::Prefix)];
        assert!(readable(&HitTerms::new(&twice), 0));
        let two = [hit(7, How::Exact), hit(8, How::Prefix)];
        assert!(!readable(&HitTerms::new(&two), 0));
    }

    /// Pairs and runs read against marks are the sorted intersections of the words' elements,
    /// and leave every mark clear.
    #[test]
    fn marked_intersections_are_the_sorted_ones() {
        let index = crate::index::fixture_for_tests();
        let size = index.meta().counts.elements as usize / 64 + 1;
        let mut marks = vec![0u64; size];
        let mut pairs = VecDeque::new();
        let mut nonempty = 0;
        // The first words of every 50th address, the last one half typed.
        let queries: Vec<String> = (0..index.meta().counts.address_points as u32)
            .step_by(50)
            .filter_map(|ap| {
                let parts = index.address_point_parts(ap)?;
                let name = crate::ecad::address::postal_address(
                    &parts,
                    crate::ecad::address::Language::English,
                )
                .display_name();
                let name = crate::text::normalise(&name).into_owned();
                let words: Vec<&str> = name.split(' ').take(4).collect();
                let (last, whole) = words.split_last()?;
                let cut = last.len().div_ceil(2);
                Some(format!("{} {}", whole.join(" "), last.get(..cut)?))
            })
            .collect();
        assert!(queries.len() > 100);
        for q in &queries {
            let plan = Plan::from_tokens(&crate::text::tokenise(q));
            let mut term_hits = Vec::new();
            let stages = Stages {
                typos: true,
                prefix_last: true,
                join_last: false,
            };
            expand(&index, &plan, stages, &mut Walk::default(), &mut term_hits);
            let hits = HitTerms::new(&term_hits);
            let words = plan.words.len();
            for i in 0..words.saturating_sub(1) {
                let expected = both(&naive(&index, &hits, i), &naive(&index, &hits, i + 1));
                let mut run = pair(&index, &hits, i, i + 1, &mut marks);
                assert_eq!(run, expected, "{q:?} words {i}, {}", i + 1);
                // Read again, it comes from the recent pairs, unchanged.
                for _ in 0..2 {
                    let again = recent_pair(&index, &hits, i, i + 1, &mut marks, &mut pairs);
                    assert_eq!(again, expected);
                }
                nonempty += usize::from(!run.is_empty());
                if i + 2 < words {
                    let expected = both(&expected, &naive(&index, &hits, i + 2));
                    intersect_word(&index, &hits, i + 2, &mut run, &mut marks);
                    assert_eq!(run, expected, "{q:?} words {i}..={}", i + 2);
                }
                assert!(marks.iter().all(|&m| m == 0), "{q:?}: marks left set");
            }
        }
        assert!(nonempty >= 5, "{nonempty} pairs name elements");
    }
}
