//! Element matching: which elements (streets, townlands, towns, counties, estates, building
//! names, organisations) the query words name, and how well.
//!
//! Candidates come from the postings of the rarest hits first, so common words (`road`,
//! `street`) never flood the candidate set; every candidate is then scored against all hits,
//! common ones included, variant by variant (English, Irish, aliases).

use crate::index::{ElementKind, Index, VariantTag};
use crate::limits::{MAX_ELEMENT_VISITS, MAX_GENERATING_TERM_ELEMENTS};
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

/// Finds and scores the elements the hits point at. `out` is sorted by element ordinal.
pub fn match_elements(
    index: &Index,
    hits: &[TermHit],
    visit: &mut Vec<u32>,
    out: &mut Vec<ElementMatch>,
) {
    out.clear();
    visit.clear();
    let n = index.meta().counts.elements.max(1);
    // Rarest hits generate candidates; typo and prefix hits on common terms only verify.
    let mut order: Vec<usize> = (0..hits.len()).collect();
    order.sort_by(|&a, &b| {
        hits[a]
            .df
            .cmp(&hits[b].df)
            .then(hits[a].cost.total_cmp(&hits[b].cost))
            .then(hits[a].term.cmp(&hits[b].term))
    });
    let mut covered = 0u64;
    for &h in &order {
        let hit = &hits[h];
        let exact_like = matches!(hit.how, How::Exact | How::Equivalent | How::Joined);
        let df = hit.df as usize;
        if visit.len() + df > MAX_ELEMENT_VISITS {
            // A word already covered by rarer terms needs no more generators.
            if covered & hit.mask == hit.mask || !exact_like {
                continue;
            }
        }
        if !exact_like && df > MAX_GENERATING_TERM_ELEMENTS {
            continue;
        }
        let room = MAX_ELEMENT_VISITS.saturating_sub(visit.len());
        if room == 0 {
            break;
        }
        visit.extend(index.term_elements(hit.term).take(room));
        covered |= hit.mask;
    }
    visit.sort_unstable();
    visit.dedup();
    for &e in visit.iter() {
        if let Some(m) = score_element(index, e, hits, n) {
            out.push(m);
        }
    }
}

/// Scores element `e` against the hits: the best of its variants.
pub fn score_element(index: &Index, e: u32, hits: &[TermHit], n: u64) -> Option<ElementMatch> {
    let row = index.element(e)?;
    let mut best: Option<ElementMatch> = None;
    for v in index.variants(e) {
        let mut matched = 0.0f32;
        let mut total = 0.0f32;
        let mut missing = 0.0f32;
        let mut mask = 0u64;
        let mut typos = 0u8;
        for t in v.term_ids() {
            let cands = hits_for(hits, t);
            // Every name word weighs by its rarity.
            let df = cands
                .first()
                .map_or_else(|| index.term_frequency(t), |h| h.df);
            let weight = idf(df, n);
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
        let better = best.map_or(true, |b| score > b.score);
        if better {
            best = Some(ElementMatch {
                element: e,
                kind: row.kind,
                score,
                mask,
                typos,
                coverage,
                variant: v.tag,
            });
        }
    }
    best
}

/// The index of element `e`'s match in matches sorted by element.
#[inline]
pub fn find(matches: &[ElementMatch], e: u32) -> Option<usize> {
    matches.binary_search_by_key(&e, |m| m.element).ok()
}
