//! Element matching: which elements (streets, townlands, towns, counties, estates, building
//! names, organisations) the query words name, and how well.
//!
//! Two roles. **Seeds** come from the postings of the rarest hits, within a small budget, so
//! common words (`road`, `street`, a county) never flood the candidate set. Every other element
//! is **verified** on demand when a candidate place contains it ([`Verifier`]): scored against
//! all hits once per query and remembered. Scoring is variant by variant (English, Irish,
//! aliases); an element takes its best variant.

use std::collections::HashMap;

use crate::hash::FxBuildHasher;
use crate::index::{ElementKind, Index, VariantTag};
use crate::limits::MAX_SEED_VISITS;
use crate::search::terms::{hits_for, How, TermHit};

/// How well one element matches the query.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ElementMatch {
    /// Element ordinal.
    pub element: u32,
    /// Its kind.
    pub kind: ElementKind,
    /// Weight of the query words it explains, less costs and missing name words.
    pub score: f32,
    /// Query words it explains.
    pub mask: u64,
    /// Words matched through a typo.
    pub typos: u8,
    /// Share of the name's weight the query covers (1.0: every word of the name).
    pub coverage: f32,
    /// The variant that matched best.
    pub variant: VariantTag,
}

/// Inverse document frequency of a term found in `df` of `n` elements.
#[inline]
pub fn idf(df: u32, n: u64) -> f32 {
    (1.0 + n as f32 / df.max(1) as f32).ln()
}

/// Weight lost per unit of name weight the query does not mention.
const MISSING_PENALTY: f32 = 0.55;
/// Least coverage for an element to count as named by the query.
const MIN_COVERAGE: f32 = 0.5;

/// Seeds: scores the elements the rarest hits point at, within [`MAX_SEED_VISITS`] postings.
/// `out` is sorted by element ordinal.
pub fn seed_elements(
    index: &Index,
    hits: &[TermHit],
    weights: &mut IdfCache,
    visit: &mut Vec<u32>,
    out: &mut Vec<ElementMatch>,
) {
    out.clear();
    visit.clear();
    weights.reset(index.meta().counts.elements.max(1));
    let mut order: Vec<usize> = (0..hits.len()).collect();
    order.sort_by(|&a, &b| {
        hits[a]
            .df
            .cmp(&hits[b].df)
            .then(hits[a].cost.total_cmp(&hits[b].cost))
            .then(hits[a].term.cmp(&hits[b].term))
    });
    for (i, &h) in order.iter().enumerate() {
        let hit = &hits[h];
        let df = hit.df as usize;
        if visit.len() + df > MAX_SEED_VISITS {
            if i == 0 {
                // Every hit is common: the rarest still seeds, cut to the budget.
                visit.extend(index.term_elements(hit.term).take(MAX_SEED_VISITS));
            }
            break;
        }
        visit.extend(index.term_elements(hit.term));
    }
    visit.sort_unstable();
    visit.dedup();
    for &e in visit.iter() {
        if let Some(m) = score_element(index, e, hits, weights) {
            out.push(m);
        }
    }
}

/// Element → index into the matches, or [`NO_MATCH`]: the verifier's memory.
pub type Memo = HashMap<u32, u32, FxBuildHasher>;

/// Marks an element that was verified and matches nothing.
pub const NO_MATCH: u32 = u32::MAX;

/// Scores elements on demand against the hits, once each: the seeds (sorted, first in
/// `matches`) are found by binary search, the rest are scored and appended.
pub struct Verifier<'a> {
    index: &'a Index,
    hits: &'a [TermHit],
    weights: &'a mut IdfCache,
    seeds: usize,
    memo: &'a mut Memo,
    /// Seeds, then verified elements in the order they were first met.
    pub matches: &'a mut Vec<ElementMatch>,
}

impl<'a> Verifier<'a> {
    /// A verifier over `matches`, which holds the seeds (sorted by element).
    pub fn new(
        index: &'a Index,
        hits: &'a [TermHit],
        matches: &'a mut Vec<ElementMatch>,
        memo: &'a mut Memo,
        weights: &'a mut IdfCache,
    ) -> Self {
        memo.clear();
        Verifier {
            index,
            hits,
            weights,
            seeds: matches.len(),
            memo,
            matches,
        }
    }

    /// The hits elements are scored against.
    pub fn hits(&self) -> &'a [TermHit] {
        self.hits
    }

    /// The index of element `e`'s match, scoring it the first time it is asked about.
    #[inline]
    pub fn get(&mut self, e: u32) -> Option<u32> {
        if let Some(i) = find(&self.matches[..self.seeds], e) {
            return Some(i as u32);
        }
        let i = *self.memo.entry(e).or_insert_with(|| {
            match score_element(self.index, e, self.hits, self.weights) {
                Some(m) => {
                    self.matches.push(m);
                    (self.matches.len() - 1) as u32
                }
                None => NO_MATCH,
            }
        });
        (i != NO_MATCH).then_some(i)
    }
}

/// Term weights (idf) of one query, remembered in a small direct-mapped table: the same
/// words (`road`, a county) recur in most elements scored.
#[derive(Debug, Clone)]
pub struct IdfCache {
    n: u64,
    slots: Vec<(u32, f32)>,
}

impl Default for IdfCache {
    fn default() -> Self {
        IdfCache {
            n: 1,
            slots: vec![(u32::MAX, 0.0); 1024],
        }
    }
}

impl IdfCache {
    /// Forgets the previous index's weights (`n`: its element count).
    pub fn reset(&mut self, n: u64) {
        if n != self.n {
            self.n = n;
            self.slots.fill((u32::MAX, 0.0));
        }
    }

    /// The weight of term `t`, found in `df` elements when known (from a hit).
    #[inline]
    fn weight(&mut self, index: &Index, t: u32, df: Option<u32>) -> f32 {
        let slot = &mut self.slots[t as usize & 1023];
        if slot.0 == t {
            return slot.1;
        }
        let w = idf(df.unwrap_or_else(|| index.term_frequency(t)), self.n);
        *slot = (t, w);
        w
    }
}

/// Scores element `e` against the hits: the best of its variants. A variant none of whose
/// terms is hit is passed over before any weight is computed, so verifying an element the
/// query does not name costs a few binary searches.
pub fn score_element(
    index: &Index,
    e: u32,
    hits: &[TermHit],
    weights: &mut IdfCache,
) -> Option<ElementMatch> {
    let mut best: Option<ElementMatch> = None;
    for (tag, terms) in index.variant_terms(e) {
        if !terms.clone().any(|t| !hits_for(hits, t).is_empty()) {
            continue;
        }
        let mut matched = 0.0f32;
        let mut total = 0.0f32;
        let mut missing = 0.0f32;
        let mut mask = 0u64;
        let mut typos = 0u8;
        for t in terms {
            let cands = hits_for(hits, t);
            // Every name word weighs by its rarity.
            let weight = weights.weight(index, t, cands.first().map(|h| h.df));
            total += weight;
            // The cheapest hit whose words are still free (a split word may cover two terms).
            let pick = cands
                .iter()
                .find(|h| h.mask & mask == 0 || h.how == How::Split);
            match pick {
                Some(h) => {
                    matched += weight * (1.0 - h.cost);
                    mask |= h.mask;
                    if matches!(h.how, How::Typo(_)) {
                        typos += 1;
                    }
                }
                None => missing += weight,
            }
        }
        if mask == 0 || total <= 0.0 {
            continue;
        }
        let coverage = matched / total;
        if coverage < MIN_COVERAGE {
            continue;
        }
        let score = matched - MISSING_PENALTY * missing;
        if best.map_or(true, |b| score > b.score) {
            best = Some(ElementMatch {
                element: e,
                kind: ElementKind::County,
                score,
                mask,
                typos,
                coverage,
                variant: tag,
            });
        }
    }
    let mut best = best?;
    best.kind = index.element(e)?.kind;
    Some(best)
}

/// The index of element `e`'s match in matches sorted by element (the seeds).
#[inline]
pub fn find(matches: &[ElementMatch], e: u32) -> Option<usize> {
    matches.binary_search_by_key(&e, |m| m.element).ok()
}
