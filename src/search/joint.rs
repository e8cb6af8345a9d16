//! Autocomplete seeds from words read together: the elements whose names hold two or more
//! adjacent query words at once.
//!
//! Seeds come rarest hit first within a budget ([`crate::limits::MAX_SEED_VISITS`]), so a word
//! in thousands of names (`hillcrest`, `court`, `old`) seeds nothing, and in autocomplete the
//! last word's rare completions (`courtmacsherry`, `courtbane`) take the whole budget: the
//! street the user is typing (`30 Hillcrest Court`) was never a candidate. Two common words
//! are rarely common together, so the postings of adjacent words are intersected and the few
//! elements naming all of them seed too.

use crate::index::Index;
use crate::limits::{MAX_JOINT_SEEDS, MAX_JOINT_WORD_ELEMENTS, MAX_SEED_VISITS};
use crate::search::elements::{
    find, rarest_first, score_element, ElementMatch, HitTerms, IdfCache,
};

/// Adds to `seeds` (sorted by element, kept sorted) the elements named by a run of adjacent
/// words of the `words` query words together: from each word, the shortest run whose
/// intersection holds at most [`MAX_JOINT_SEEDS`] elements.
pub fn add_joint_seeds(
    index: &Index,
    hits: &HitTerms<'_>,
    words: usize,
    weights: &mut IdfCache,
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
    // A word's elements are read only when a neighbour is unseeded too: runs need two words.
    let unseeded = |i: usize| covered & (1u64 << i) == 0;
    let sets: Vec<Option<Vec<u32>>> = (0..words)
        .map(|i| {
            let paired = (i > 0 && unseeded(i - 1)) || (i + 1 < words && unseeded(i + 1));
            if unseeded(i) && paired {
                word_elements(index, hits, i)
            } else {
                None
            }
        })
        .collect();
    let mut found: Vec<u32> = Vec::new();
    for start in 0..words - 1 {
        let Some(first) = &sets[start] else { continue };
        let mut run: Vec<u32> = first.clone();
        for next in sets.iter().skip(start + 1) {
            let Some(next) = next else { break };
            intersect(&mut run, next);
            if run.is_empty() {
                break;
            }
            if run.len() <= MAX_JOINT_SEEDS {
                found.extend_from_slice(&run);
                break;
            }
        }
        if found.len() >= MAX_JOINT_SEEDS * 4 {
            break;
        }
    }
    found.sort_unstable();
    found.dedup();
    let before = seeds.len();
    for e in found {
        if find(&seeds[..before], e).is_none() {
            if let Some(m) = score_element(index, e, hits, weights) {
                seeds.push(m);
            }
        }
    }
    if seeds.len() > before {
        seeds.sort_unstable_by_key(|m| m.element);
    }
}

/// The words whose every hit the seed stage reads in full (rarest first within
/// [`MAX_SEED_VISITS`] postings, as `elements::seed_elements` does).
fn seeded_words(hits: &HitTerms<'_>) -> u64 {
    let all = hits.all();
    let order = rarest_first(all, u64::MAX);
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

/// Every element a hit on word `i` names, ascending; `None` when that is more than
/// [`MAX_JOINT_WORD_ELEMENTS`] (a word like `road` narrows nothing) or none.
fn word_elements(index: &Index, hits: &HitTerms<'_>, i: usize) -> Option<Vec<u32>> {
    let bit = 1u64 << i;
    let mine = || hits.all().iter().filter(move |h| h.mask & bit != 0);
    let total: usize = mine().map(|h| h.df as usize).sum();
    if total == 0 || total > MAX_JOINT_WORD_ELEMENTS {
        return None;
    }
    let mut out: Vec<u32> = Vec::with_capacity(total);
    let mut last = u32::MAX;
    let mut terms = 0;
    for h in mine() {
        // The hits are sorted by term: a term hit twice (exact and equivalent) is read once.
        if h.term != last {
            out.extend(index.term_elements(h.term));
            last = h.term;
            terms += 1;
        }
    }
    // One term's postings are sorted and unique already.
    if terms > 1 {
        out.sort_unstable();
        out.dedup();
    }
    Some(out)
}

/// Keeps in `a` the elements also in `b` (both ascending).
fn intersect(a: &mut Vec<u32>, b: &[u32]) {
    let mut j = 0;
    a.retain(|&x| {
        while j < b.len() && b[j] < x {
            j += 1;
        }
        j < b.len() && b[j] == x
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intersection_keeps_common_elements_in_order() {
        let mut a = vec![1, 3, 5, 7, 9];
        intersect(&mut a, &[0, 3, 4, 9, 12]);
        assert_eq!(a, vec![3, 9]);
        let mut b = vec![1, 2];
        intersect(&mut b, &[]);
        assert!(b.is_empty());
    }
}
