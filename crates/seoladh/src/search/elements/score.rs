//! Scoring one element against the query: each name variant's terms read against the hits,
//! the best variant kept, and a second reading of other words for the classifier.

use super::{low_bits, AltReading, ElementMatch, HitTerms, IdfCache};
use crate::index::{ElementKind, Index, Prefetcher, VariantTag};
use crate::search::terms::{How, TermHit};

/// Most words of one name variant the scorer reads (the longest real names have about 10).
const MAX_NAME_TERMS: usize = 32;

/// Weight lost per unit of name weight the query does not mention.
const MISSING_PENALTY: f32 = 0.55;
/// What reading an element by one of its aliases costs against its own names.
const ALIAS_COST: f32 = 0.1;

/// Variants whose readings are kept for an element's second reading.
const MAX_ALT_VARIANTS: usize = 8;

/// Least coverage for an element to count as named by the query.
const MIN_COVERAGE: f32 = 0.5;

/// Scores element `e` against the hits: the best of its variants. A variant none of whose
/// terms is hit is passed over before any weight is computed, so verifying an element the
/// query does not name costs one table probe per name word.
pub fn score_element(
    index: &Index,
    e: u32,
    hits: &HitTerms<'_>,
    weights: &mut IdfCache,
) -> Option<ElementMatch> {
    score_with(
        index,
        &index.prefetcher(),
        e,
        hits,
        weights,
        &mut NameScratch::default(),
    )
}

/// Room for one name variant's terms and their hits while it is scored, kept across elements:
/// clearing it for each element cost a tenth of scoring one.
pub(super) struct NameScratch<'h> {
    terms: [u32; MAX_NAME_TERMS],
    found: [&'h [TermHit]; MAX_NAME_TERMS],
}

impl Default for NameScratch<'_> {
    fn default() -> Self {
        NameScratch {
            terms: [0; MAX_NAME_TERMS],
            found: [&[]; MAX_NAME_TERMS],
        }
    }
}

/// [`score_element`] with the index's prefetch hints already at hand (the hot loops).
#[inline]
pub(super) fn score_with<'h>(
    index: &Index,
    ahead: &Prefetcher<'_>,
    e: u32,
    hits: &HitTerms<'h>,
    weights: &mut IdfCache,
    name: &mut NameScratch<'h>,
) -> Option<ElementMatch> {
    let mut best: Option<ElementMatch> = None;
    // Whether the element is a county or post town, read only for a repeated word.
    let mut late: Option<bool> = None;
    // Each variant's reading (score, mask, typos), for the second reading.
    let mut readings: [(f32, u64, u8, u8, Option<VariantTag>); MAX_ALT_VARIANTS] =
        [(0.0, 0, 0, 0, None); MAX_ALT_VARIANTS];
    let mut n_readings = 0;
    let mut variants = index.variant_terms(e);
    // Each term's hits, looked up once per variant.
    let NameScratch { terms: buf, found } = name;
    while let Some((tag, n)) = variants.next_into(buf) {
        let terms = &buf[..n];
        let Some(anchor) = look_up_terms(ahead, terms, hits, weights, found) else {
            continue;
        };
        let typing = hits.last_word().map_or(0, |l| l.bit);
        let Reading {
            matched,
            total,
            missing,
            mask,
            typos,
            numbers,
        } = read_variant(index, e, terms, found, anchor, 0, hits, weights, &mut late);
        if mask == 0 || total <= 0.0 {
            continue;
        }
        let coverage = matched / total;
        if coverage < MIN_COVERAGE {
            continue;
        }
        // An alias reads a little below the element's own names (docs/ecad-layout.md §6): of a
        // locality KILCOOLE and a post town also called KILCOOLE, the locality's name is it.
        let alias = if matches!(tag, VariantTag::Alias(_)) {
            ALIAS_COST
        } else {
            0.0
        };
        let score = matched - MISSING_PENALTY * missing - alias;
        if n_readings < MAX_ALT_VARIANTS {
            readings[n_readings] = (score, mask, typos, numbers, Some(tag));
            n_readings += 1;
        }
        // Every word of the name typed twice (`1 MAIN STREET, MAIN ST`): the name read at its
        // later occurrence is a second reading, for a place whose other line takes the first,
        // also when the later one is only begun (`Castlelane GAA Club, Castlel`).
        // (A county or post town is read at its later occurrence already; its earlier one is
        // often a street's name, `28 KILKENNY ST, CASTLECOMER, CO KILKENNY`.)
        if anchor.ambiguous
            && anchor.words == 0
            && late == Some(false)
            && n_readings < MAX_ALT_VARIANTS
        {
            let mut other = Some(true);
            let r = read_variant(
                index, e, terms, found, anchor, mask, hits, weights, &mut other,
            );
            let later = r.mask != 0 && r.mask.trailing_zeros() > 63 - mask.leading_zeros();
            if later && r.total > 0.0 && r.matched / r.total >= MIN_COVERAGE {
                let score = r.matched - MISSING_PENALTY * r.missing - alias;
                readings[n_readings] = (score, r.mask, r.typos, r.numbers, Some(tag));
                n_readings += 1;
            }
        }
        // Autocomplete reads every typed word: the variant explaining more of them wins. Find
        // takes a name typed within a line before one read across a comma from as many words,
        // whatever their spelling: `23 Brighton Avene, Mount Drummond Ave` names BRIGHTON
        // AVENUE in its first line, not as the Irish ASCAILL BRIGHTON with the `Ave` of the next.
        let better = |b: &ElementMatch| match typing {
            0 => {
                let (spans, b_spans) = (hits.spans_sections(mask), hits.spans_sections(b.mask));
                match (spans, b_spans) {
                    (false, true) if mask.count_ones() >= b.mask.count_ones() => true,
                    (true, false) if b.mask.count_ones() >= mask.count_ones() => false,
                    _ => score > b.score,
                }
            }
            _ => (mask.count_ones(), score) > (b.mask.count_ones(), b.score),
        };
        if best.as_ref().map_or(true, better) {
            best = Some(ElementMatch {
                element: e,
                kind: ElementKind::County,
                score,
                mask,
                typos,
                coverage,
                variant: tag,
                numbers,
                alt: AltReading::default(),
            });
        }
    }
    let mut best = best?;
    best.kind = index.element(e)?.kind;
    for &(score, mask, typos, numbers, variant) in &readings[..n_readings] {
        if mask & best.mask == 0 && score > 0.0 && score > best.alt.score {
            best.alt = AltReading {
                score,
                mask,
                typos,
                numbers,
                variant,
            };
        }
    }
    Some(best)
}

/// The words a name variant's unambiguous terms hit, and whether some term's hits are
/// ambiguous (the query has it twice).
#[derive(Clone, Copy)]
struct Anchor {
    words: u64,
    ambiguous: bool,
}

/// Looks up the hits of each of a name variant's `terms` into `found`; `None` when none has
/// one. A term the query has twice (`an`, `na`, `cuirt` in `Cúirt Beaumont, Cúirt Choirnéil`)
/// takes the occurrence nearest the words its unambiguous terms hit, not the first, so two
/// names with the same article do not both claim one word.
#[inline]
fn look_up_terms<'h>(
    ahead: &Prefetcher<'_>,
    terms: &[u32],
    hits: &HitTerms<'h>,
    weights: &mut IdfCache,
    found: &mut [&'h [TermHit]; MAX_NAME_TERMS],
) -> Option<Anchor> {
    let (mut any, mut anchor, mut ambiguous) = (false, 0u64, false);
    for (&t, slot) in terms.iter().zip(found.iter_mut()) {
        let c = hits.get(t);
        *slot = c;
        weights.prefetch(ahead, t);
        if let Some(f) = c.first() {
            any = true;
            if c.iter().all(|h| h.mask == f.mask) {
                anchor |= f.mask;
            } else {
                ambiguous = true;
            }
        }
    }
    any.then_some(Anchor {
        words: anchor,
        ambiguous,
    })
}

/// What a name variant's terms read in the query: the weight of its terms, matched (each less
/// its hit's cost) and missing; the words they take, the typos among them and the typed
/// numbers that are words of the name.
#[derive(Clone, Copy, Default)]
struct Reading {
    matched: f32,
    total: f32,
    missing: f32,
    mask: u64,
    typos: u8,
    numbers: u8,
}

/// Reads a name variant's `terms` (their hits in `found`) against the query: each term takes
/// its cheapest free hit (none on the words of `taken`), among equally cheap ambiguous ones the
/// nearest to `anchor`. `late`: whether `e` is a county or post town, read on first need.
#[inline]
#[allow(clippy::too_many_arguments)]
fn read_variant(
    index: &Index,
    e: u32,
    terms: &[u32],
    found: &[&[TermHit]; MAX_NAME_TERMS],
    anchor: Anchor,
    taken: u64,
    hits: &HitTerms<'_>,
    weights: &mut IdfCache,
    late: &mut Option<bool>,
) -> Reading {
    let Anchor {
        words: anchor,
        ambiguous,
    } = anchor;
    let mut r = Reading::default();
    // In autocomplete, the name's words after the one the last typed word begins are
    // still to be typed (`be` for `BEGGARS BUSH`): they are not missing.
    let typing = hits.last_word().map_or(0, |l| l.bit);
    let mut typed_past = false;
    // Split words (`oakridge` as OAK + RIDGE) of which one half is a term of this name: the word,
    // and the weight its half matched.
    let mut halves = [(0u64, 0f32); 2];
    // The first of the name's terms read at one place alone, and its word (the other words of
    // the name are read on its sides as the name orders them); failing one, the first of the
    // name's terms read. Only a word typed twice or a comma makes the side matter.
    let anchored = (ambiguous || hits.section_starts != 0)
        .then(|| {
            found[..terms.len()].iter().position(|c| {
                c.first()
                    .is_some_and(|f| c.iter().all(|h| h.mask == f.mask))
            })
        })
        .flatten()
        .and_then(|f| found[f].first().map(|h| (f, h.mask.trailing_zeros())));
    let mut first_read: Option<(usize, u32)> = None;
    for (k, (&t, &cands)) in terms.iter().zip(found.iter()).enumerate() {
        // Every name word weighs by its rarity.
        // (A hit of autocomplete's last word may not know the term's frequency: 0.)
        let df = cands.first().map(|h| h.df).filter(|&df| df > 0);
        let weight = weights.weight(index, t, df);
        // The cheapest hit whose words are still free (a split word may cover two
        // terms); among equally cheap ones, the nearest to the name's other words.
        let free = |h: &&TermHit| h.mask & (r.mask | taken) == 0 || h.how == How::Split;
        let anchored_from = anchored.or(first_read);
        let after = anchored_from.is_some_and(|(f, _)| k > f);
        // A name is never read backwards across a comma: the `Road` of `11 Lower Blyry Road,
        // Trim` is not the RD of the townland TRIM RD.
        let backwards = |h: &&TermHit| {
            anchored_from.is_some_and(|(_, at)| {
                let p = h.mask.trailing_zeros();
                p != at && (p > at) != after && hits.spans_sections(1u64 << p | 1u64 << at)
            })
        };
        let pick = if ambiguous && anchor == 0 && *late.get_or_insert_with(|| reads_late(index, e))
        {
            // A county or post town named twice (`LOUTH, DUNDALK, CO. LOUTH`): addresses
            // go from the house to the county, so it is the later occurrence. A county's name
            // begun by the last words (`CAVAN STREET, …, Co. Ca`) is that county even though
            // the earlier word reads it more cheaply.
            let typed_last = hits
                .last_word()
                .and_then(|l| l.county_hit(t))
                .filter(|h| free(h) && is_county(index, e));
            typed_last.or_else(|| {
                cands
                    .iter()
                    .filter(free)
                    .min_by(|a, b| a.cost.total_cmp(&b.cost).then(b.mask.cmp(&a.mask)))
            })
        } else if ambiguous {
            // A word of the name after the anchored one is looked for after it, one before it
            // before (`3 Windsor Road Highfield Rd`: the RD of HIGHFIELD RD is the `Rd` after
            // `Highfield`). When every word of the name is typed twice, the first one read
            // anchors the rest: in `22 Brighton Avenue, Mount Drummond Ave, Mount Drummond Ave`
            // the AVE of MOUNT DRUMMOND AVE is the `Ave` after `Drummond`, not the `Avenue` of
            // the street before.
            let near = if anchor != 0 { anchor } else { r.mask };
            let aside =
                |h: &TermHit| u8::from((h.mask.trailing_zeros() > near.trailing_zeros()) != after);
            // Nearest of all is the word right where the name's order puts it, counted from
            // the anchored word: `AN GRIANÁN BAILE AN TSRUTHÁIN BAILE ÁTHA FHIRDHIA` reads
            // BAILE AN TSRUTHÁIN from the `baile` two words before `tsruthain`, not the nearer
            // one after it.
            let in_order = anchored_from.and_then(|(f, at)| (at as usize + k).checked_sub(f));
            let astray = |h: &TermHit| u8::from(Some(h.mask.trailing_zeros() as usize) != in_order);
            // A one-word name is the word that is a whole line alone, if one is: `THE LODGE,
            // LODGE, MALLOW` is the house THE LODGE in the townland LODGE.
            let shared = |h: &TermHit| u8::from(terms.len() > 1 || h.mask & !hits.lone_words != 0);
            // A name is typed within a line: of its word typed in the line of the name's other
            // words and again in another line, the one in its line is the name's, even
            // misspelt (`4 Windsor Roa, Highfiel Rd`: the ROAD of WINDSOR ROAD is `Roa`).
            // (`distance` counts a comma as 64 words.)
            cands
                .iter()
                .filter(free)
                .filter(|h| !backwards(h))
                .min_by(|a, b| {
                    let da = distance(a.mask, near, hits.section_starts);
                    let db = distance(b.mask, near, hits.section_starts);
                    (da / 64)
                        .cmp(&(db / 64))
                        .then(a.cost.total_cmp(&b.cost))
                        .then(astray(a).cmp(&astray(b)))
                        .then(shared(a).cmp(&shared(b)))
                        .then(da.cmp(&db))
                        .then(aside(a).cmp(&aside(b)))
                })
        } else {
            cands.iter().filter(free).find(|h| !backwards(h))
        };
        let pick = pick.filter(|h| !hits.stray_stopword(h.mask, anchor));
        // Nor are they the words of an earlier line: typing `24 Clanmahon Road, St` begins
        // ST LAURENCES RD, whose `RD` is not the `Road` of the line before.
        let pick = pick.filter(|h| !(typed_past && in_earlier_line(h.mask, typing, hits)));
        if typed_past && pick.is_none() {
            continue;
        }
        match pick {
            Some(h) => {
                first_read.get_or_insert((k, h.mask.trailing_zeros()));
                let weight = weight.min(hits.cap(h.mask));
                r.total += weight;
                r.matched += weight * (1.0 - h.cost);
                r.mask |= h.mask;
                if h.how == How::Split {
                    match halves.iter_mut().find(|(m, _)| *m == h.mask) {
                        Some(half) => *half = (0, 0.0),
                        None => {
                            if let Some(free) = halves.iter_mut().find(|(m, _)| *m == 0) {
                                *free = (h.mask, weight * (1.0 - h.cost));
                            }
                        }
                    }
                }
                typed_past |= h.mask & typing != 0;
                if matches!(h.how, How::Typo(_)) {
                    r.typos += 1;
                }
            }
            None => {
                r.total += weight;
                match hits.number_term(t).filter(|&k| r.numbers & (1 << k) == 0) {
                    Some(k) => {
                        r.matched += weight;
                        r.numbers |= 1 << k;
                    }
                    None => r.missing += weight,
                }
            }
        }
    }
    // A word split in two is this name's only when both halves are: `oakridge` is not OAK PARK.
    for (mask, matched) in halves {
        if mask != 0 {
            r.mask &= !mask;
            r.matched -= matched;
            r.missing += matched;
        }
    }
    r
}

/// Whether the words of `mask` all lie in comma sections before the one of word `typing` (a
/// single bit).
#[inline]
fn in_earlier_line(mask: u64, typing: u64, hits: &HitTerms<'_>) -> bool {
    if mask == 0 || typing == 0 || mask & !low_bits(typing.trailing_zeros()) != 0 {
        return false;
    }
    let last = 64 - mask.leading_zeros();
    let through = typing.trailing_zeros() + 1;
    hits.section_starts & low_bits(through) & !low_bits(last) != 0
}

/// Whether element `e` comes last in an address (a county or post town).
fn reads_late(index: &Index, e: u32) -> bool {
    index
        .element(e)
        .is_some_and(|r| matches!(r.kind, ElementKind::County | ElementKind::PostTown))
}

/// Whether element `e` is a county.
fn is_county(index: &Index, e: u32) -> bool {
    index
        .element(e)
        .is_some_and(|r| r.kind == ElementKind::County)
}

/// How many word positions separate the first word of `mask` from the nearest word of
/// `anchor` (0 without an anchor); every section boundary (`section_starts`: the words that
/// begin a comma section) between them counts as a whole line of words, so of two equally near
/// words the one in the anchor's section is nearer (the `RD` of `MERRION ROAD, SHELBOURNE RD`
/// belongs with SHELBOURNE).
#[inline]
fn distance(mask: u64, anchor: u64, section_starts: u64) -> u32 {
    if anchor == 0 || mask == 0 {
        return 0;
    }
    let w = mask.trailing_zeros();
    let below = anchor & low_bits(w);
    let above = anchor & !low_bits(w);
    let crossed = |from: u32, to: u32| {
        64 * (section_starts & low_bits(to + 1) & !low_bits(from + 1)).count_ones()
    };
    let d_below = if below == 0 {
        u32::MAX
    } else {
        let b = 63 - below.leading_zeros();
        w - b + crossed(b, w)
    };
    let d_above = if above == 0 {
        u32::MAX
    } else {
        let a = above.trailing_zeros();
        a - w + crossed(w, a)
    };
    d_below.min(d_above)
}
