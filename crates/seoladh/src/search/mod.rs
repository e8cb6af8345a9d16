//! The matcher's text stage: from what a person typed to ranked candidate addresses.
//!
//! The pipeline, in order (each step in its own file):
//! 1. [`plan`]: tokenise (`text::tokenise_into`) and sort tokens into words, numbers, Eircode,
//!    UK postcode; the code is settled against the index (`Plan::settle_codes`);
//! 2. [`terms`]: expand each word into index terms (exact, equivalent, joined/split, then
//!    typo, or prefix for autocomplete);
//! 3. [`elements`]: find the elements those terms name and score each by its best variant;
//! 4. [`places`]: enumerate candidate places from the most specific element group and score
//!    each by the words its elements explain;
//! 5. [`resolve`]: inside the best places, let house, unit numbers and names pick the building
//!    and address point.
//!
//! The exact pass runs first; typo automata run only when it leaves words unexplained or a
//! number unmatched, which keeps clean queries cheap.

mod codes;
pub mod complete;
pub mod conjoin;
pub mod elements;
pub mod foreign;
pub mod joint;
pub mod lines;
pub mod places;
pub mod plan;
pub mod resolve;
pub mod terms;

use crate::index::{ElementKind, Index};
use crate::limits::{
    MAX_NUMBERED_PLACES, MAX_PINNED_PLACES, MAX_PINNED_TIED_PLACES, MAX_RESOLVED_PLACES,
    MAX_SCORED_NUMBERED_PLACES, MAX_SCORED_PLACES, MAX_SEED_VISITS, QUICK_SEED_VISITS,
};
use crate::text::{tokenise_into, Tokenised};

pub use codes::PendingCode;
pub use elements::ElementMatch;
pub use places::PlaceScore;
pub use plan::Plan;
pub use resolve::Candidate;
use terms::How;
pub use terms::{Stages, TermHit};

/// What a search is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Find Address: whole words, typo pass when needed.
    #[default]
    Find,
    /// Autocomplete: the last word is a prefix, typos always allowed.
    Autocomplete,
}

/// Weight of a word no index term matches (a vanity word, junk, a typo beyond the budget).
const UNKNOWN_WORD_WEIGHT: f32 = 2.5;

/// Candidates further than this below the best are never read by Find Address (classification
/// treats candidates within 0.75 of the best as ties).
const TIE_READ_MARGIN: f32 = 1.0;

/// The buffers and caches of [`search_with`], owned by the caller: they keep their capacity
/// from one query to the next, so a warm scratch allocates little, and what one keystroke read
/// (typo walks, pairs of words) serves the next. Any scratch serves any index (what it keeps is
/// tagged with [`Index::instance`]); one scratch per thread, never shared.
#[derive(Debug, Default)]
pub struct Scratch {
    /// The tokens of the last input.
    pub tokens: Tokenised,
    hits: Vec<TermHit>,
    seeds: elements::SeedScratch,
    pins: Vec<(u32, u32)>,
    totals: places::PlaceTotals,
    places: Vec<u32>,
    scored: Vec<PlaceScore>,
    memo: elements::Memo,
    weights: elements::IdfCache,
    /// The last typo walk of an autocomplete prefix (the next keystroke filters it).
    walk: crate::index::completions::Walk,
    /// Joint seeding's element marks and recent pairs.
    joint: joint::JointScratch,
    /// Conjoined seeding's place marks.
    place_marks: Vec<u64>,
    numbers: resolve::NumberMemo,
}

/// The outcome of the text stage.
#[derive(Debug, Clone, Default)]
pub struct Search {
    /// The plan of the input.
    pub plan: Plan,
    /// Element matches: the seeds sorted by element ordinal, then the elements verified while
    /// scoring places (candidates refer to them by index).
    pub matches: Vec<ElementMatch>,
    /// Ranked candidates, best first; ties broken by ordinals.
    pub candidates: Vec<Candidate>,
    /// What leaving each word unexplained costs.
    pub word_weights: Vec<f32>,
    /// Whether the typo pass ran.
    pub used_typos: bool,
}

impl Search {
    /// The best candidate.
    pub fn best(&self) -> Option<&Candidate> {
        self.candidates.first()
    }
}

/// Searches with fresh buffers: for a one-off search. A caller searching again and again keeps
/// a [`Scratch`] and calls [`search_with`] (the engine keeps one per thread).
pub fn search(index: &Index, text: &str, mode: Mode) -> Search {
    search_with(index, text, mode, &mut Scratch::default())
}

/// Searches reusing `scratch` (see [`Scratch`]).
pub fn search_with(index: &Index, text: &str, mode: Mode, scratch: &mut Scratch) -> Search {
    tokenise_into(text, &mut scratch.tokens);
    let mut plan = Plan::from_tokens(&scratch.tokens);
    let pending_code = plan.settle_codes(index, text, mode == Mode::Autocomplete);
    plan.reglue(index, text);
    if mode == Mode::Autocomplete {
        plan.note_last_typed(text);
    }
    let mut out = Search {
        plan,
        ..Search::default()
    };
    if out.plan.words.is_empty() && out.plan.numbers.is_empty() {
        return out;
    }
    // A UK postcode and no Eircode: Find Address answers 600 from the plan alone (unless the
    // postcode is also an Eircode the words may vouch for).
    if mode == Mode::Find
        && out.plan.uk_postcode.is_some()
        && out.plan.eircode.is_none()
        && pending_code.is_none()
    {
        return out;
    }
    let first = match mode {
        Mode::Find => Stages::default(),
        Mode::Autocomplete => Stages {
            typos: true,
            prefix_last: true,
            join_last: false,
        },
    };
    // An input naming a UK country, or ending in a UK post town no Irish place shares, is a
    // foreign address unless the exact pass reads it whole as an Irish one; typos elsewhere in
    // it are not worth reading. (Other UK names are shared with too many Irish places: the
    // typo pass may still read the input as Irish.)
    let foreign = out.plan.eircode.is_none() && {
        let uk = out.plan.uk_names(&index.meta().uk_only_towns);
        uk.country != 0 || uk.town_unshared
    };
    let retry = mode == Mode::Find && !foreign;
    let last = match mode {
        Mode::Find => None,
        Mode::Autocomplete => complete::LastWord::of(index, &out.plan, text),
    };
    run(index, &mut out, first, retry, last.as_ref(), false, scratch);
    if let Some(last) = &last {
        read_last_word_slipped(index, &mut out, last, first, scratch);
        read_last_word_joined(index, &mut out, last, first, scratch);
        read_narrowest_word(index, &mut out, last, first, scratch);
    }
    if retry && !settled(&out) {
        let mut second = Search {
            plan: out.plan.clone(),
            ..Search::default()
        };
        run(
            index,
            &mut second,
            Stages {
                typos: true,
                prefix_last: false,
                join_last: false,
            },
            false,
            None,
            false,
            scratch,
        );
        second.used_typos = true;
        let better = match (second.best(), out.best()) {
            (Some(b), Some(a)) => b.score > a.score,
            (Some(_), None) => true,
            _ => false,
        };
        if better {
            out = second;
        }
    }
    if let Some(pending) = pending_code {
        out.settle_code(index, pending);
    }
    out
}

/// Candidates best first; equal scores in place, building and address point order, so the
/// order never depends on how they were found.
pub(crate) fn sort_candidates(candidates: &mut [Candidate]) {
    candidates.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(a.place.place.cmp(&b.place.place))
            .then(a.building.cmp(&b.building))
            .then(a.address_point.cmp(&b.address_point))
    });
}

/// The bit set `marks` grown to hold `bits` bits (all clear between calls: whoever sets a bit
/// clears it before returning).
pub(crate) fn grown_marks(marks: &mut Vec<u64>, bits: usize) -> &mut [u64] {
    let size = bits / 64 + 1;
    if marks.len() < size {
        marks.resize(size, 0);
    }
    marks
}

/// Starts a new query over `slots` stamped with `epoch` (a slot is current when it carries the
/// query's stamp): sizes them to `len` and advances the stamp, clearing the slots only when it
/// wraps. Neither hashing nor clearing costs anything per slot.
pub(crate) fn restart_stamps<T: Clone + Default>(slots: &mut Vec<T>, len: usize, epoch: &mut u32) {
    if slots.len() != len {
        *slots = vec![T::default(); len];
        *epoch = 0;
    }
    *epoch = epoch.wrapping_add(1);
    if *epoch == 0 {
        slots.fill(T::default());
        *epoch = 1;
    }
}

/// Whether the exact pass explains everything: every word and every number.
fn settled(s: &Search) -> bool {
    s.best()
        .is_some_and(|c| c.place.mask == s.plan.all_words() && !c.number_unmatched)
}

/// Autocomplete's second reading of a last word that begins only rare terms: when no option
/// explains all the input, the word may be mistyped (`3 Chanel Avenue Colo`, COOLOCK meant, and
/// `colo` begins COLOHAN, COLONY…). Read with a slip as well, the answer is kept when its best
/// option explains more.
fn read_last_word_slipped(
    index: &Index,
    out: &mut Search,
    last: &complete::LastWord,
    stages: Stages,
    scratch: &mut Scratch,
) {
    let plan = &out.plan;
    let best = complete::best_coverage(index, plan, Some(last), &out.candidates);
    if best == Some(complete::Coverage::full(plan)) {
        return;
    }
    let Some(slipped) = last.with_slips(index) else {
        return;
    };
    if read_again(index, out, best, &slipped, stages, false, scratch) {
        out.used_typos = true;
    }
}

/// Autocomplete's reading of the last word glued to the word before it: when no option explains
/// all the input, the two may be one name being typed (`church vi`: CHURCH names thousands,
/// `vi` begins hundreds of terms, and CHURCHVIEW is the name). Read that way as well, the answer
/// is kept when its best option explains more. Only then: a name typed as two words
/// (`43 lake vie`, LAKE VIEW) is found by its words, and the glued term, rarer, would push it out
/// of the seeds.
fn read_last_word_joined(
    index: &Index,
    out: &mut Search,
    last: &complete::LastWord,
    stages: Stages,
    scratch: &mut Scratch,
) {
    let plan = &out.plan;
    let joinable = plan
        .words
        .windows(2)
        .any(|p| p[1].last && p[1].section == p[0].section && p[1].token == p[0].token + 1);
    if !joinable {
        return;
    }
    let best = complete::best_coverage(index, plan, Some(last), &out.candidates);
    if best == Some(complete::Coverage::full(plan)) {
        return;
    }
    let joined = Stages {
        join_last: true,
        ..stages
    };
    read_again(index, out, best, last, joined, false, scratch);
}

/// Autocomplete's reading from the narrowest word typed whole, as Find's first pass reads:
/// when no option explains all the input, the place that does may hold a name common across
/// the country (`Ard na Gréine, Knockadoagh, Galway`, one of 2,806 houses ARD NA GRÉINE),
/// and the full pass looks for names only in its best-scored places, which explain more words
/// by those houses. Every place of the word's elements is scored and searched for such a name;
/// the answer is kept when its best option explains more.
fn read_narrowest_word(
    index: &Index,
    out: &mut Search,
    last: &complete::LastWord,
    stages: Stages,
    scratch: &mut Scratch,
) {
    let best = complete::best_coverage(index, &out.plan, Some(last), &out.candidates);
    if best == Some(complete::Coverage::full(&out.plan)) {
        return;
    }
    read_again(index, out, best, last, stages, true, scratch);
}

/// Autocomplete's second reading of the input (`stages`, `last`, `narrow`: see [`run`]): it
/// replaces `out` when its best option explains more than `best`, `out`'s; whether it did.
fn read_again(
    index: &Index,
    out: &mut Search,
    best: Option<complete::Coverage>,
    last: &complete::LastWord,
    stages: Stages,
    narrow: bool,
    scratch: &mut Scratch,
) -> bool {
    let mut second = Search {
        plan: out.plan.clone(),
        used_typos: out.used_typos,
        ..Search::default()
    };
    run(
        index,
        &mut second,
        stages,
        false,
        Some(last),
        narrow,
        scratch,
    );
    let again = complete::best_coverage(index, &second.plan, Some(last), &second.candidates);
    let better = again > best;
    if better {
        *out = second;
    }
    better
}

/// One pass of the text stage. `retry`: a typo pass follows unless this one settles the query,
/// so a pass that cannot settle it may stop early (its best is only the fallback). `last`:
/// autocomplete's last word, matching any term that begins with it. `narrow`: only the pass
/// seeded from the narrowest word other than the last (Find runs it first by itself).
fn run(
    index: &Index,
    out: &mut Search,
    stages: Stages,
    retry: bool,
    last: Option<&complete::LastWord>,
    narrow: bool,
    scratch: &mut Scratch,
) {
    let plan = &out.plan;
    terms::expand(index, plan, stages, &mut scratch.walk, &mut scratch.hits);
    let n = index.meta().counts.elements.max(1);
    // What each word says on its own: its weight as a term of the index, when it is one (and
    // not a prefix being completed). No reading of it weighs more ([`elements::HitTerms::with_word_caps`]).
    let own: Vec<f32> = (0..plan.words.len().min(64))
        .map(|i| {
            let on = |h: &&TermHit| h.mask & (1u64 << i) != 0;
            // A word being typed says what its beginning says: the terms it may complete to
            // together (`ga` is thousands of names, `Galbally` one of them).
            if scratch.hits.iter().filter(on).any(|h| h.how == How::Prefix) {
                let df = scratch
                    .hits
                    .iter()
                    .filter(on)
                    .fold(0u32, |s, h| s.saturating_add(h.df));
                return elements::idf(df, n);
            }
            // A clipped word (`mai`, [`terms::expand`]) says no more than the commonest term it
            // may be clipped from: it is MAIN before the MANI of a misspelt alias.
            let clipped = plan.words[i].text.len() <= 3;
            scratch
                .hits
                .iter()
                .filter(on)
                .filter(|h| {
                    h.mask == 1u64 << i
                        && (h.how == How::Exact || (clipped && matches!(h.how, How::Typo(_))))
                })
                .map(|h| elements::idf(h.df, n))
                .fold(f32::INFINITY, f32::min)
        })
        .collect();
    out.word_weights = (0..plan.words.len())
        .map(|i| {
            // A repeated line (`Dublin 22 … Dublin 22`) is a duplicate element: it costs
            // nothing when no element is left to explain it.
            if plan.repeats(i) {
                return 0.0;
            }
            scratch
                .hits
                .iter()
                .filter(|h| h.mask & (1u64 << i) != 0)
                .map(|h| elements::idf(h.df, n) * (1.0 - h.cost))
                .fold(None, |a: Option<f32>, w| Some(a.map_or(w, |a| a.max(w))))
                .map_or(UNKNOWN_WORD_WEIGHT, |w| {
                    w.min(own.get(i).copied().unwrap_or(f32::INFINITY))
                })
        })
        .collect();
    // Find's exact pass cannot settle a query with a word no term matches, and the typo pass
    // that follows reads every exact hit too: go straight to it.
    if !stages.typos && !stages.prefix_last && has_unknown_typo_word(plan, &scratch.hits) {
        return;
    }
    // The hits leave the scratch while the place stages borrow it (and go back for reuse).
    let term_hits = std::mem::take(&mut scratch.hits);
    let twice_read = last.map_or_else(Vec::new, |l| l.twice_read_groups(&term_hits));
    let hits = elements::HitTerms::new(&term_hits)
        .with_last_word(last, &twice_read)
        .with_sections(plan)
        .with_word_caps(&own)
        .with_numbers(index, plan);
    // Find first seeds from the one word whose elements lie in fewest places. When every place
    // holding one of those elements is scored and the best explains every word and number, no
    // other place can: a place explaining that word holds one of them. When none does, no
    // place explains every word: a pass that a typo pass follows has nothing more to find.
    if !stages.prefix_last || narrow {
        let typing = last.map_or(0, |l| l.bit);
        if let Some(word) = narrowest_word(index, &term_hits, plan.words.len(), typing) {
            let quick = 1u64 << word;
            let all = place_stage(index, out, &hits, quick, QUICK_SEED_VISITS, stages, scratch);
            if narrow || (all && (settled(out) || retry)) {
                scratch.hits = term_hits;
                return;
            }
        }
        if narrow {
            scratch.hits = term_hits;
            return;
        }
    }
    place_stage(
        index,
        out,
        &hits,
        u64::MAX,
        MAX_SEED_VISITS,
        stages,
        scratch,
    );
    scratch.hits = term_hits;
}

/// Whether a word the typo pass will expand has no hit at all.
fn has_unknown_typo_word(plan: &Plan, hits: &[TermHit]) -> bool {
    let covered = hits.iter().fold(0u64, |m, h| m | h.mask);
    plan.words
        .iter()
        .enumerate()
        .take(64)
        .any(|(i, w)| w.typo_budget > 0 && covered & (1u64 << i) == 0)
}

/// The word whose elements lie in fewest places, among the words not in `skip` naming at most
/// [`QUICK_SEED_VISITS`] elements, when every such word has a hit (otherwise no place can
/// explain every word). Fewest elements is not fewest places: `Dublin 24` is one element of a
/// thousand places, `Redwood` three of one place each. A word's size is the byte length of its
/// elements' place lists (read from the list offsets alone), and counting stops once it passes
/// the best.
fn narrowest_word(index: &Index, hits: &[TermHit], words: usize, skip: u64) -> Option<usize> {
    // (elements named, word): on the stack, as this runs for every Find.
    let mut narrow = [(0u64, 0usize); 64];
    let mut n = 0;
    for i in (0..words.min(64)).filter(|i| skip & (1u64 << i) == 0) {
        let df = terms::word_df(hits, 1u64 << i);
        if df == 0 {
            return None;
        }
        if df <= QUICK_SEED_VISITS as u64 {
            narrow[n] = (df, i);
            n += 1;
        }
    }
    narrow[..n].sort_unstable();
    let mut best: Option<(usize, usize)> = None;
    for &(_, i) in &narrow[..n] {
        let mut size = 0usize;
        'hits: for h in hits.iter().filter(|h| h.mask & (1u64 << i) != 0) {
            for e in index.term_elements(h.term) {
                size += index.element_places_bound(e);
                if best.is_some_and(|(b, _)| size >= b) {
                    break 'hits;
                }
            }
        }
        if best.map_or(true, |(b, _)| size < b) {
            best = Some((size, i));
        }
    }
    best.map(|(_, i)| i)
}

/// Seeds from the hits on `words`, then candidate places, their scores, pinned building names and
/// resolved numbers into `out.candidates`. Returns whether every place of every seed was scored.
#[allow(clippy::too_many_arguments)]
fn place_stage(
    index: &Index,
    out: &mut Search,
    hits: &elements::HitTerms<'_>,
    words: u64,
    budget: usize,
    stages: Stages,
    scratch: &mut Scratch,
) -> bool {
    let plan = &out.plan;
    let unseeded = elements::seed_elements(
        index,
        hits,
        words,
        budget,
        &mut scratch.weights,
        &mut scratch.seeds,
        &mut out.matches,
    );
    // Words too common to seed alone (`st joseph's road` in a city of them) seed the elements
    // naming them together, in the full pass of either mode.
    if words == u64::MAX {
        joint::add_joint_seeds(
            index,
            hits,
            plan.words.len(),
            !plan.numbers.is_empty(),
            &mut scratch.weights,
            &mut scratch.joint,
            &mut out.matches,
        );
        conjoin::add_conjoined_seeds(
            index,
            hits,
            plan.words.len(),
            !stages.prefix_last,
            &mut scratch.weights,
            &mut scratch.place_marks,
            &mut out.matches,
        );
    }
    // A number and the words typed after it name the street or building being typed
    // (`84 Park D`), however common its words.
    scratch.totals.lines_mut().clear();
    if words == u64::MAX && stages.prefix_last {
        lines::add_line_seeds(
            index,
            plan,
            hits,
            &mut scratch.weights,
            &mut out.matches,
            scratch.totals.lines_mut(),
        );
    }
    places::pins(index, &out.matches, &mut scratch.pins);
    let quick = words != u64::MAX;
    // Autocomplete with a number typed reads further: the place holding the number may rank
    // below dozens of look-alikes on the words alone (`Flat 1, 12 Emmet` is `EMMETT PLACE`
    // behind every `EMMET` street).
    let keep = match stages.prefix_last && !plan.numbers.is_empty() {
        true => MAX_SCORED_NUMBERED_PLACES,
        false => MAX_SCORED_PLACES,
    };
    scratch.totals.read_after_numbers(match stages.prefix_last {
        true => complete::words_after_numbers(plan),
        false => 0,
    });
    let all = places::candidates(
        index,
        &out.matches,
        quick,
        stages.typos,
        keep,
        &mut scratch.totals,
        &mut scratch.places,
    );
    if !all && quick {
        // A quick pass proves nothing unless it scores every place of its seeds.
        return false;
    }
    places::promote_tied(
        index,
        hits.all(),
        plan.all_words(),
        &scratch.totals,
        &mut scratch.places,
    );
    scratch.scored.clear();
    let mut verifier = elements::Verifier::new(
        index,
        hits,
        &mut out.matches,
        &mut scratch.memo,
        &mut scratch.weights,
    );
    let ahead = index.prefetcher();
    let last = hits.last_word();
    for (i, &p) in scratch.places.iter().enumerate() {
        if let Some(&next) = scratch.places.get(i + 2) {
            ahead.place(next);
        }
        if let Some(mut s) =
            places::score_place(index, p, &mut verifier, &scratch.pins, &out.word_weights)
        {
            // Kept for the words a tie's seeds leave open, it may hold the tie's words as a
            // name of its own: the shortlist's search for one may never reach it.
            if scratch.totals.is_complementary(p) {
                places::pin_building(
                    index,
                    &mut verifier,
                    &mut s,
                    &out.word_weights,
                    plan.all_words(),
                );
            }
            let barred = complete::pin_may_hide_more(plan, last, verifier.matches, &s);
            scratch.scored.push(s);
            if let Some(barred) = barred {
                scratch.scored.extend(places::score_place_barred(
                    index,
                    p,
                    &mut verifier,
                    &scratch.pins,
                    &out.word_weights,
                    barred,
                ));
            }
        }
    }
    // Only the best few are read on: select them, then order just those (the tie of a
    // townland of look-alike houses can be thousands of places). The order is strict, so the
    // best few are the same as after a full sort.
    let read = match stages.prefix_last && !plan.numbers.is_empty() {
        true => MAX_NUMBERED_PLACES,
        false => MAX_RESOLVED_PLACES.max(MAX_PINNED_PLACES),
    };
    // Autocomplete ranks by what each place explains of the input first.
    if stages.prefix_last {
        // The places the rarest words found may hold a building name that explains the common
        // ones (`The Cottage, Tullymackan`): look for it in the best few by score too, before
        // places that explain more words only by their seeds push them out of the shortlist.
        let mut best: Vec<usize> = (0..scratch.scored.len()).collect();
        if best.len() > MAX_PINNED_PLACES {
            best.select_nth_unstable_by(MAX_PINNED_PLACES - 1, |&a, &b| {
                by_score(&scratch.scored[a], &scratch.scored[b])
            });
            best.truncate(MAX_PINNED_PLACES);
        }
        let mut kept = Vec::new();
        for i in best {
            let p = &mut scratch.scored[i];
            kept.extend(pin_shortlisted(
                index,
                &mut verifier,
                p,
                &out.word_weights,
                plan,
                last,
            ));
        }
        scratch.scored.extend(kept);
        complete::shortlist_places(
            index,
            plan,
            last,
            verifier.matches,
            scratch.totals.lines(),
            &mut scratch.scored,
            read,
        );
    } else {
        pin_tied(
            index,
            &mut verifier,
            &mut scratch.scored,
            &out.word_weights,
            plan,
        );
        if scratch.scored.len() > read {
            scratch.scored.select_nth_unstable_by(read - 1, by_score);
            scratch.scored.truncate(read);
        }
        scratch.scored.sort_unstable_by(by_score);
    }
    // The shortlist may hold a building name no seed found: look for it, then re-rank.
    let top = scratch.scored.len().min(MAX_PINNED_PLACES);
    let mut kept = Vec::new();
    for p in &mut scratch.scored[..top] {
        kept.extend(pin_shortlisted(
            index,
            &mut verifier,
            p,
            &out.word_weights,
            plan,
            last,
        ));
    }
    if stages.prefix_last {
        let mut pinned = scratch.scored[..top].to_vec();
        pinned.extend(kept);
        let begun = scratch.totals.lines();
        complete::shortlist_places(index, plan, last, verifier.matches, begun, &mut pinned, top);
        scratch.scored[..top].copy_from_slice(&pinned);
    } else {
        scratch.scored[..top].sort_unstable_by(by_score);
        let pin_words = (scratch.scored.first())
            .and_then(|p| p.pin)
            .map_or(0, |i| verifier.matches[i as usize].mask);
        // Only in the full pass: a quick pass scores every place of its one word's seeds.
        if pin_words & unseeded != 0 && words == u64::MAX {
            places::add_namesakes(
                index,
                &mut verifier,
                &mut scratch.scored,
                &out.word_weights,
                by_score,
            );
        }
        if words == u64::MAX {
            pin_named_towns(
                index,
                &mut verifier,
                &mut scratch.scored,
                &scratch.pins,
                &out.word_weights,
                plan,
            );
        }
    }
    out.candidates.clear();
    scratch.numbers.start();
    // Find reads only the best candidate and those within a tie margin of it; autocomplete
    // lists them all. Places come best first, so once numbers could not lift a place near the
    // best candidate, none after it can.
    let mut best = f32::MIN;
    for p in scratch.scored.iter().take(MAX_RESOLVED_PLACES) {
        if !stages.prefix_last && p.score + resolve::MAX_NUMBER_GAIN < best - TIE_READ_MARGIN {
            break;
        }
        let from = out.candidates.len();
        resolve::resolve(
            index,
            plan,
            &out.matches,
            p,
            &mut scratch.numbers,
            &mut out.candidates,
        );
        best = out.candidates[from..]
            .iter()
            .fold(best, |b, c| b.max(c.score));
    }
    if stages.prefix_last {
        let further = scratch
            .scored
            .get(MAX_RESOLVED_PLACES..)
            .unwrap_or_default();
        complete::resolve_numbered(
            index,
            plan,
            &out.matches,
            further,
            &mut scratch.numbers,
            &mut out.candidates,
        );
        complete::rank_candidates(
            index,
            plan,
            last,
            &out.matches,
            scratch.totals.lines(),
            &mut out.candidates,
        );
    } else {
        sort_candidates(&mut out.candidates);
    }
    all
}

/// Gives the own places of the towns the text names (a post town, or a locality named in full)
/// a building name or organisation, unless the best place explains every word in a post town
/// the text names: a house named like hundreds whose address is the town's own (`MOUNTAIN
/// VIEW, KILDARE`, `ROSE COTTAGE, LIMERICK`) ranks below look-alikes that hold its name
/// elsewhere in the county, and the town's own place, reading one word, never reaches the
/// shortlist to be searched.
fn pin_named_towns(
    index: &Index,
    verifier: &mut elements::Verifier<'_>,
    scored: &mut Vec<PlaceScore>,
    pins: &[(u32, u32)],
    word_weights: &[f32],
    plan: &Plan,
) {
    let Some(best) = scored.first().copied() else {
        return;
    };
    let Some(row) = index.place(best.place) else {
        return;
    };
    let all_words = plan.all_words();
    let named = |m: &&ElementMatch| m.coverage >= 1.0 && m.mask & !all_words == 0;
    let towns_named = || verifier.matches.iter().filter(named);
    if best.mask == all_words && towns_named().any(|m| m.element == row.post_town) {
        return;
    }
    // A town of the best place is searched only when the best leaves a word unexplained: one
    // that explains every word there (`Main Street, Castleknock`) holds its own reading.
    let lines = row.elements();
    let complete = best.mask == all_words;
    let mut towns: Vec<(f32, u32)> = towns_named()
        .filter(|m| matches!(m.kind, ElementKind::PostTown | ElementKind::Locality))
        .filter(|m| !(complete && lines.contains(&m.element)))
        .map(|m| (m.score, m.element))
        .collect();
    if towns.is_empty() {
        return;
    }
    towns.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    towns.dedup_by_key(|t| t.1);
    let mut own = Vec::new();
    for &(_, e) in towns.iter().take(MAX_NAMED_TOWNS) {
        places::own_places(index, e, &mut own);
    }
    let mut added = false;
    for p in own {
        if let Some(s) = scored.iter_mut().find(|s| s.place == p) {
            let unpinned = s.pin.is_none();
            places::pin_building(index, verifier, s, word_weights, all_words);
            added |= unpinned && s.pin.is_some();
            continue;
        }
        let Some(mut s) = places::score_place(index, p, verifier, pins, word_weights) else {
            continue;
        };
        places::pin_building(index, verifier, &mut s, word_weights, all_words);
        if s.pin.is_some() {
            scored.push(s);
            added = true;
        }
    }
    if added {
        scored.sort_unstable_by(by_score);
    }
}

/// Most towns named by the text whose own places [`pin_named_towns`] searches.
const MAX_NAMED_TOWNS: usize = 8;

/// Gives a shortlisted place a building name or organisation of its own
/// ([`places::pin_building`]). Returns the place as it was, barred from such a name, when the
/// name may stand in for what the rest of the input names ([`complete::pin_may_hide_more`];
/// autocomplete only).
fn pin_shortlisted(
    index: &Index,
    verifier: &mut elements::Verifier<'_>,
    place: &mut PlaceScore,
    word_weights: &[f32],
    plan: &Plan,
    last: Option<&complete::LastWord>,
) -> Option<PlaceScore> {
    let before = *place;
    places::pin_building(index, verifier, place, word_weights, plan.all_words());
    let barred = complete::pin_may_hide_more(plan, last, verifier.matches, place)?;
    before
        .pin
        .is_none()
        .then_some(PlaceScore { barred, ..before })
}

/// Looks for a building name or organisation of their own (see [`places::pin_building`]) in
/// every place tied with the best few, when there are at most [`MAX_PINNED_TIED_PLACES`]: a
/// townland name shared by several places of one county ties them, and the house typed is in
/// only one of them, whatever its ordinal. A larger tie is searched from the name's side
/// ([`places::pin_tied_by_name`]).
fn pin_tied(
    index: &Index,
    verifier: &mut elements::Verifier<'_>,
    scored: &mut [PlaceScore],
    word_weights: &[f32],
    plan: &Plan,
) {
    if scored.len() <= MAX_PINNED_PLACES {
        return;
    }
    scored.select_nth_unstable_by(MAX_PINNED_PLACES - 1, by_score);
    let cut = scored[MAX_PINNED_PLACES - 1].score;
    let all_words = plan.all_words();
    let open = |p: &PlaceScore| p.score >= cut && p.pin.is_none() && p.mask != all_words;
    // Looking in some of a larger tie would single out whichever house it happened to read
    // (`BEECH LODGE` among thousands of places of one post town): all of them or none.
    let tied = scored.iter().filter(|p| open(p)).count();
    if tied <= MAX_PINNED_PLACES {
        return;
    }
    if tied > MAX_PINNED_TIED_PLACES {
        let mut ties: Vec<(u32, usize)> = (scored.iter().enumerate())
            .filter(|(_, p)| open(p))
            .map(|(i, p)| (p.place, i))
            .collect();
        ties.sort_unstable();
        places::pin_tied_by_name(index, verifier, scored, &ties, word_weights, all_words);
        return;
    }
    for p in scored.iter_mut().filter(|p| open(p)) {
        places::pin_building(index, verifier, p, word_weights, all_words);
    }
}

/// Places best first, then by ordinal: a strict order, so the best few selected are those of a
/// full sort.
fn by_score(a: &PlaceScore, b: &PlaceScore) -> std::cmp::Ordering {
    b.score.total_cmp(&a.score).then(a.place.cmp(&b.place))
}
