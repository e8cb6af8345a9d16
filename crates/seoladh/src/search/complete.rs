//! Autocomplete's reading of the input: the last word as the start of any word, and how much
//! of the input a candidate explains.
//!
//! The term expansion keeps a prefix's [`crate::limits::MAX_TERM_EXPANSIONS`] commonest
//! completions, enough to seed candidates but not to judge them: the street the user is
//! spelling out may be a rare completion (`31 St Edmunds G` is `ST EDMUNDS GROVE`), and a
//! single letter completes to too much to expand at all. Term ids follow the dictionary's
//! sorted order, so the terms beginning with a prefix are one run of ids, and any element is
//! checked against it in a comparison per name word ([`LastWord`]).
//!
//! Every typed word counts ([`Coverage`]): a candidate that explains the last word and more of
//! the others comes before any that explains less, whatever their scores.

use fst::{Automaton, IntoStreamer, Streamer};

use crate::index::{unpack_term, ElementKind, Index, NONE};
use crate::limits::{MAX_NUMBERED_BUILDINGS, MAX_SUGGESTION_POOL};
use crate::search::elements::ElementMatch;
use crate::search::places::PlaceScore;
use crate::search::plan::Plan;
use crate::search::resolve::{self, Candidate};
use crate::search::terms::{How, TermHit, KNOWN_PREFIX_DF};
use crate::text::lexicon::lexicon;

/// What a word beginning with the last typed word costs when it is none of the completions
/// the expansion kept: as much as the least likely of those.
const RUN_COST: f32 = 0.3;

/// Most full forms read for an abbreviation the last word begins (`rd` → `road`).
const MAX_FULL_FORMS: usize = 4;

/// Most lexicon words read for the full forms of abbreviations the last word begins.
const MAX_LEXICON_SCAN: usize = 64;

/// The last word of autocomplete input, read as the start of any word of a name.
#[derive(Debug, Clone)]
pub struct LastWord {
    /// The term ids beginning with the word as typed (`first..end`).
    run: (u32, u32),
    /// Further terms it may stand for, sorted: the full forms of abbreviations it begins
    /// (`rd` → `road`, `st` → `saint`).
    full_forms: Vec<u32>,
    /// It begins a county marker (`co`, `county`, `contae`): a place with a postal county
    /// explains it (the marker is not a term of the county's name).
    pub county_marker: bool,
    /// Its bit among the plan's words.
    pub bit: u64,
    /// It is a single letter (which the expansion does not complete).
    pub letter: bool,
    /// The hit a term of the run counts as; its `df` is 0 (unknown: read from the index).
    hit: TermHit,
    /// When the word as typed begins no term, the runs of terms beginning with a prefix one
    /// edit away (`baaly` for BALLYFOOKOON), sorted and disjoint.
    slipped: Vec<(u32, u32)>,
    /// The hit a term of `slipped` counts as: a typo.
    slipped_hit: TermHit,
    /// The terms beginning with the word as typed less an Irish initial mutation (`gh` → `g…`,
    /// `nÓ` → `o…`: names are stored without theirs), empty when it has none.
    demutated: (u32, u32),
    /// The hit a term of `demutated` counts as.
    demutated_hit: TermHit,
    /// The word as typed, when it begins only a few rare terms and so may be mistyped all the
    /// same: [`LastWord::with_slips`] reads it with a slip too.
    rare_prefix: Option<Box<str>>,
    /// The terms of the counties whose name (in English or Irish) the last words begin, sorted:
    /// a county's name is a term in English only (`Corca` is `cork`, `Baile Átha` is
    /// `dublin`).
    counties: Vec<u32>,
    /// The hit a county term counts as: it explains every word of the name typed so far (and a
    /// county marker before it).
    county_hit: TermHit,
}

impl LastWord {
    /// The last word of `plan`, when the input ends with a word (read as typed in `text`,
    /// before abbreviations are expanded: `st` may still become `station`).
    pub fn of(index: &Index, plan: &Plan, text: &str) -> Option<LastWord> {
        let (i, w) = plan.words.iter().enumerate().find(|(_, w)| w.last)?;
        if i >= 64 {
            return None;
        }
        let typed = text.get(w.span.clone()).unwrap_or(&w.text);
        let typed = crate::text::normalise(typed);
        // A word the tokeniser glued or split has no single typed form: read its own text.
        let prefix = if typed.contains(' ') || typed.is_empty() {
            w.text.as_str()
        } else {
            typed.as_ref()
        };
        let bit = 1u64 << i;
        let mut full_forms = Vec::new();
        let lex = lexicon();
        // Read from the markers themselves (a scan of the lexicon's words beginning `c` ends
        // long before `co`); a county comes after the address it ends.
        let county_marker = i > 0 && lex.begins_county_marker(prefix);
        // `st` and `dr` are read by position (`saint`/`street`, `doctor`/`drive`): as the
        // last word either may be meant.
        for (abbr, full) in [
            ("st", "saint"),
            ("st", "street"),
            ("dr", "doctor"),
            ("dr", "drive"),
        ] {
            if abbr == prefix || (prefix.len() >= 2 && abbr.starts_with(prefix)) {
                full_forms.extend(index.term(full).map(|(t, _)| t));
            }
        }
        let scanned = if prefix.len() < 2 {
            0
        } else {
            MAX_LEXICON_SCAN
        };
        for info in lex.words_beginning(prefix).take(scanned) {
            if full_forms.len() >= MAX_FULL_FORMS {
                break;
            }
            let canonical = lex.canonical_of(info).filter(|_| info.class().is_some());
            if let Some(full) = canonical {
                if !full.starts_with(prefix) {
                    full_forms.extend(index.term(full).map(|(t, _)| t));
                }
            }
        }
        full_forms.sort_unstable();
        full_forms.dedup();
        let (counties, county_mask) = county_names(index, plan, i, prefix);
        let run = term_run(index, prefix);
        let slipped = slipped_runs(index, prefix, run);
        let after_particle = i > 0 && lex.is_particle(&plan.words[i - 1].text);
        let demutated = lex
            .strip_typed_mutation(prefix, after_particle)
            .map_or((0, 0), |base| term_run(index, &base));
        let rare_prefix = begins_only_rare_terms(index, prefix, run).then(|| prefix.into());
        let hit = TermHit {
            term: u32::MAX,
            df: 0,
            mask: bit,
            how: How::Prefix,
            cost: RUN_COST,
        };
        Some(LastWord {
            run,
            full_forms,
            county_marker,
            bit,
            letter: prefix.chars().count() == 1,
            hit,
            slipped,
            demutated,
            demutated_hit: TermHit {
                cost: DEMUTATED_COST,
                ..hit
            },
            rare_prefix,
            slipped_hit: TermHit {
                how: How::Typo(1),
                cost: SLIPPED_COST,
                ..hit
            },
            counties,
            county_hit: TermHit {
                mask: county_mask,
                ..hit
            },
        })
    }

    /// The word also read with a slip (the terms beginning with a prefix one edit from it), when
    /// it begins only a few rare terms (`colo`: COLOHAN, COLONY…, where COOLOCK was meant); `None`
    /// when it begins a common one (it is most likely typed right) or is read with a slip already.
    pub fn with_slips(&self, index: &Index) -> Option<LastWord> {
        let prefix = self.rare_prefix.as_deref()?;
        let slipped = fuzzy_runs(index, prefix, MAX_SLIPPED_PREFIXES_RETRY);
        (!slipped.is_empty()).then(|| LastWord {
            slipped,
            rare_prefix: None,
            ..self.clone()
        })
    }

    /// The hit term `t` counts as for the last word, if it begins with it.
    #[inline]
    pub fn hit(&self, t: u32) -> Option<&TermHit> {
        let in_run = t >= self.run.0 && t < self.run.1;
        if in_run || self.full_forms.binary_search(&t).is_ok() {
            return Some(&self.hit);
        }
        if t >= self.demutated.0 && t < self.demutated.1 {
            return Some(&self.demutated_hit);
        }
        let i = self.slipped.partition_point(|r| r.1 <= t);
        self.slipped
            .get(i)
            .is_some_and(|r| r.0 <= t)
            .then_some(&self.slipped_hit)
    }

    /// The hit term `t` counts as when the words typed have no hit of it: as a county name
    /// ([`county_hit`](Self::county_hit)), else as a word the last one begins.
    #[inline]
    pub fn county_or_prefix_hit(&self, t: u32) -> &[TermHit] {
        match self.county_hit(t).or_else(|| self.hit(t)) {
            Some(h) => std::slice::from_ref(h),
            None => &[],
        }
    }

    /// The runs of term ids the word stands for: those beginning with it, its full forms, and
    /// those read with a slip.
    pub fn runs(&self) -> Vec<(u32, u32)> {
        let mut runs = vec![self.run];
        runs.extend(self.full_forms.iter().map(|&t| (t, t + 1)));
        runs.extend_from_slice(&self.slipped);
        runs
    }

    /// The runs of terms the word may begin, as term id ranges: as typed, the full forms of an
    /// abbreviation, less an Irish initial mutation, and with a slip when it begins nothing.
    pub fn begun(&self) -> Vec<std::ops::Range<u32>> {
        let mut runs: Vec<std::ops::Range<u32>> =
            (self.runs().into_iter()).map(|(a, b)| a..b).collect();
        if self.demutated.0 < self.demutated.1 {
            runs.push(self.demutated.0..self.demutated.1);
        }
        runs.retain(|r| !r.is_empty());
        runs
    }

    /// The run of terms the word begins as typed, as [`begun`](Self::begun) gives it (empty
    /// when it begins none).
    pub fn begun_as_typed(&self) -> Vec<std::ops::Range<u32>> {
        let run = self.run.0..self.run.1;
        match run.is_empty() {
            true => Vec::new(),
            false => vec![run],
        }
    }

    /// The hit term `t` counts as when it is the name of a county the last words begin: it
    /// explains the words of the name before the last one too.
    #[inline]
    pub fn county_hit(&self, t: u32) -> Option<&TermHit> {
        self.counties
            .binary_search(&t)
            .is_ok()
            .then_some(&self.county_hit)
    }

    /// The hits of the terms an earlier word hits that the last word also stands for, grouped
    /// by term in term order (`hits`: sorted by term). A county name the last words begin:
    /// the county's hit first, so the street's word (`11 Dublin Road, Malahide, Co. Dublin`)
    /// keeps its own reading and the county takes the later
    /// ([`county_hit`](Self::county_hit) answers for the other county names). Any other term
    /// the last word begins: its own hits, then the last word's, so a name typed whole and
    /// begun again (`Castlelane GAA Club, Ca` for CASTLELANE GAA CLUB, CASTLELANE) may be
    /// read at either. Only elements are read with these: the seeds read `hits` alone.
    pub fn twice_read_groups(&self, hits: &[TermHit]) -> Vec<TermHit> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < hits.len() {
            let t = hits[i].term;
            let n = hits[i..].iter().take_while(|h| h.term == t).count();
            let own = &hits[i..i + n];
            i += n;
            if self.counties.binary_search(&t).is_ok() {
                out.push(TermHit {
                    term: t,
                    ..self.county_hit
                });
                out.extend_from_slice(own);
            } else if let Some(h) = self
                .hit(t)
                .filter(|_| own.iter().all(|h| h.mask & self.bit == 0))
            {
                out.extend_from_slice(own);
                out.push(TermHit { term: t, ..*h });
            }
        }
        out
    }
}

/// What a word beginning with a prefix one edit from the last typed word costs: a little more
/// than a completion, as the expansion's own prefixes one edit away cost (and below
/// `MIN_COVERAGE`'s bar for a name of one word).
const SLIPPED_COST: f32 = RUN_COST + 0.1;

/// What a word beginning with the last typed word less its initial mutation costs: a little
/// more than a completion, since the word read as typed may be English (`no`, `ch…`).
const DEMUTATED_COST: f32 = RUN_COST + 0.1;

/// Fewest characters a last word has for a slip in it to be read (`bal` has too many
/// neighbours), and fewest a prefix it is read as.
const MIN_SLIPPED_CHARS: usize = 4;

/// Most prefixes one edit away a last word is read as.
const MAX_SLIPPED_PREFIXES: usize = 16;

/// Most prefixes one edit away a last word that begins rare terms is read as on a second
/// reading ([`LastWord::with_slips`]). The walk is in dictionary order: `colo` has 16 such
/// prefixes before `cool`.
const MAX_SLIPPED_PREFIXES_RETRY: usize = 64;

/// Most terms a last word may begin and still be read with a slip on a second reading.
const MAX_RARE_RUN: u32 = 64;

/// Whether `prefix`, of [`MIN_SLIPPED_CHARS`] or more, begins some terms (`run`), all of them
/// rare: at most [`MAX_RARE_RUN`], none naming [`KNOWN_PREFIX_DF`] elements.
fn begins_only_rare_terms(index: &Index, prefix: &str, run: (u32, u32)) -> bool {
    prefix.is_ascii()
        && prefix.len() >= MIN_SLIPPED_CHARS
        && run.1 > run.0
        && run.1 - run.0 <= MAX_RARE_RUN
        && (run.0..run.1).all(|t| index.term_frequency(t) < KNOWN_PREFIX_DF)
}

/// The runs of terms beginning with a prefix one edit from `prefix` (see
/// [`LastWord::slipped`]), when the word as typed begins no term: one that does is most likely
/// typed right (and a word typed whole begins its own term, so most keystrokes skip the walk).
fn slipped_runs(index: &Index, prefix: &str, run: (u32, u32)) -> Vec<(u32, u32)> {
    if prefix.chars().count() < MIN_SLIPPED_CHARS || run.1 > run.0 || !prefix.is_ascii() {
        return Vec::new();
    }
    fuzzy_runs(index, prefix, MAX_SLIPPED_PREFIXES)
}

/// The runs of terms beginning with one of the first `limit` prefixes one edit from `prefix`,
/// sorted.
fn fuzzy_runs(index: &Index, prefix: &str, limit: usize) -> Vec<(u32, u32)> {
    let prefixes =
        crate::index::completions::fuzzy_prefixes(index, prefix, MIN_SLIPPED_CHARS, limit);
    let mut runs: Vec<(u32, u32)> = prefixes
        .iter()
        .filter_map(|p| std::str::from_utf8(p).ok())
        .map(|p| term_run(index, p))
        .filter(|r| r.1 > r.0)
        .collect();
    // Prefixes end each path, so their runs do not nest; the walk is in dictionary order.
    runs.sort_unstable();
    runs
}

/// Most words a county's name has (`baile atha cliath`, `tir chonaill`).
const MAX_COUNTY_WORDS: usize = 3;

/// The terms of the counties whose names begin with the last words of the plan (word `last`
/// read as `prefix`), longest reading first, and the words they explain: those words and a
/// county marker before them.
fn county_names(index: &Index, plan: &Plan, last: usize, prefix: &str) -> (Vec<u32>, u64) {
    let lex = lexicon();
    let words = &plan.words;
    let section = words[last].section;
    for n in (1..=MAX_COUNTY_WORDS.min(last + 1)).rev() {
        let from = last + 1 - n;
        let tail = &words[from..=last];
        let together = tail
            .windows(2)
            .all(|w| w[0].section == section && w[0].token + 1 == w[1].token);
        if !together || tail[0].section != section {
            continue;
        }
        // The county lookup's key: articles dropped, mutations removed (`Bhaile` is `baile`).
        let mut key = String::new();
        for (j, w) in tail.iter().enumerate() {
            let text = if j + 1 == n { prefix } else { w.text.as_str() };
            if matches!(text, "an" | "na") {
                continue;
            }
            let bare = lex.strip_mutation(text).map_or(text.into(), |(b, _)| b);
            if !key.is_empty() {
                key.push(' ');
            }
            key.push_str(&bare);
        }
        if key.is_empty() {
            continue;
        }
        let mut terms = Vec::new();
        let mut forms = lex
            .counties_fst()
            .search(fst::automaton::Str::new(&key).starts_with())
            .into_stream();
        while let Some((form, _)) = forms.next() {
            let county = std::str::from_utf8(form).ok().and_then(|f| lex.county(f));
            if let Some((t, _)) = county.and_then(|c| index.term(c.name())) {
                terms.push(t);
            }
        }
        if terms.is_empty() {
            continue;
        }
        terms.sort_unstable();
        terms.dedup();
        let mut mask = tail
            .iter()
            .enumerate()
            .fold(0u64, |m, (j, _)| m | 1u64 << (from + j));
        if from > 0 && lex.is_county_marker(&words[from - 1].text) {
            mask |= 1u64 << (from - 1);
        }
        return (terms, mask);
    }
    (Vec::new(), 0)
}

/// The ids of the terms beginning with `prefix`: the first term at or after it, up to the
/// first at or after the next string that does not begin with it.
fn term_run(index: &Index, prefix: &str) -> (u32, u32) {
    let first_at = |key: &[u8]| -> u32 {
        index.terms().range().ge(key).into_stream().next().map_or(
            u32::try_from(index.meta().counts.terms).unwrap_or(u32::MAX),
            |(_, v)| unpack_term(v).0,
        )
    };
    let first = first_at(prefix.as_bytes());
    match successor(prefix.as_bytes()) {
        Some(next) => (first, first_at(&next).max(first)),
        None => (
            first,
            u32::try_from(index.meta().counts.terms).unwrap_or(u32::MAX),
        ),
    }
}

/// The least byte string greater than every string beginning with `prefix` (`None` when all
/// its bytes are 0xFF, or it is empty).
fn successor(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut next = prefix.to_vec();
    while let Some(last) = next.pop() {
        if last < u8::MAX {
            next.push(last + 1);
            return Some(next);
        }
    }
    None
}

/// How much of the input a candidate explains, in the order that ranks autocomplete
/// candidates before their scores: the last word (or number) first, then how many words and
/// numbers in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Coverage {
    /// The last word or number typed is explained.
    pub last: bool,
    /// Words and numbers explained.
    pub tokens: u32,
}

impl Coverage {
    /// The coverage of a candidate explaining the words of `mask` and the numbers of
    /// `numbers` (bits into `plan.numbers`); `county` says the candidate's place has a postal
    /// county (which explains a county marker typed last).
    pub fn of(plan: &Plan, last: Option<&LastWord>, mask: u64, numbers: u32, county: bool) -> Self {
        let mut mask = mask;
        if let Some(l) = last {
            if l.county_marker && county {
                mask |= l.bit;
            }
        }
        let last_number = plan
            .numbers
            .iter()
            .enumerate()
            .next_back()
            .filter(|(_, n)| plan.words.iter().all(|w| w.token < n.token));
        let last = match (last, last_number) {
            (_, Some((i, _))) => i < 32 && numbers & (1u32 << i) != 0,
            (Some(l), None) => mask & l.bit != 0,
            (None, None) => plan
                .words
                .iter()
                .position(|w| w.last)
                .is_some_and(|i| i < 64 && mask & (1u64 << i) != 0),
        };
        Coverage {
            last,
            tokens: (mask & plan.all_words()).count_ones() + numbers.count_ones(),
        }
    }

    /// The coverage of a candidate explaining every word and number of `plan`.
    pub fn full(plan: &Plan) -> Self {
        Coverage {
            last: true,
            tokens: plan.all_words().count_ones() + plan.numbers.len().min(32) as u32,
        }
    }
}

/// The words of `plan` typed right after a house number, as a mask (see [`AfterNumbers`]).
pub fn words_after_numbers(plan: &Plan) -> u64 {
    let mut words = 0u64;
    for n in plan.numbers.iter().filter(|n| !n.unit) {
        let next_word = (plan.words.iter().enumerate())
            .filter(|(_, w)| w.token > n.token)
            .min_by_key(|(_, w)| w.token);
        let next_number = (plan.numbers.iter())
            .map(|m| m.token)
            .filter(|&t| t > n.token)
            .min();
        if let Some((i, w)) = next_word {
            if i < 64 && next_number.map_or(true, |t| t > w.token) {
                words |= 1u64 << i;
            }
        }
    }
    words
}

/// The words typed right after a house number (`crumli` of `22 crumli`), and the elements that
/// explain them: those words name the line the number is written on. `22 crumli` is more likely
/// 22 CRUMLIN ROAD than 22 ASHTOWN GROVE, CRUMLIN, though both explain every word. A unit
/// number (`Apartment 25, Block B`) is left out: what follows it is often a block or building
/// name the places' seeds have not read yet, and preferring the places that read it picks
/// among look-alike blocks by which names were seeded. After either kind of number, a line
/// whose name the number and the words begin (`search::lines`) comes first.
#[derive(Debug, Default)]
pub struct AfterNumbers<'a> {
    /// The words, as a mask.
    words: u64,
    /// Elements explaining some of them, sorted, with the words they explain.
    elements: Vec<(u32, u64)>,
    /// The streets, estates and building names whose names begin with the words typed after a
    /// house or unit number and that hold the number (`search::lines`), sorted.
    begun: &'a [u32],
}

impl<'a> AfterNumbers<'a> {
    /// The words of `plan` typed right after a house number, the `matches` explaining them,
    /// and the line elements whose names begin with them (`begun`, sorted).
    pub fn of(plan: &Plan, matches: &[ElementMatch], begun: &'a [u32]) -> Self {
        let words = words_after_numbers(plan);
        if words == 0 && begun.is_empty() {
            return AfterNumbers::default();
        }
        let mut elements: Vec<(u32, u64)> = (matches.iter())
            .filter(|m| m.mask & words != 0)
            .map(|m| (m.element, m.mask & words))
            .collect();
        elements.sort_unstable();
        AfterNumbers {
            words,
            elements,
            begun,
        }
    }

    /// How many of those words place `p` explains by a line a number is written on: its
    /// building group or thoroughfares (its first locality when it has neither), or an
    /// assigned building name. Whether its score assigned the word to that line or to
    /// another of its elements (CRUMLIN ROAD, CRUMLIN) does not matter. Doubled, plus one
    /// when one of those lines or names is a line the typed number and the words after it
    /// begin (`search::lines`; after a unit number too): `34 G` is 34 GRACE PARK GARDENS
    /// before 34 MANOR GROVE, `Apartment 27, Beaum` APARTMENT 27, BEAUMONT HOUSE before
    /// APARTMENT 27, SHANGAN HALL, BEAUMONT ROAD.
    pub fn explained(&self, index: &Index, matches: &[ElementMatch], p: &PlaceScore) -> u32 {
        if self.words == 0 && self.begun.is_empty() {
            return 0;
        }
        let Some(row) = index.place(p.place) else {
            return 0;
        };
        let lines = if row.group != NONE || row.thoroughfare != NONE {
            [row.group, row.thoroughfare, row.thoroughfare2]
        } else {
            [row.locality, NONE, NONE]
        };
        let begun = |e: &u32| *e != NONE && self.begun.binary_search(e).is_ok();
        let by_line = (lines.iter())
            .filter(|&&e| e != NONE)
            .filter_map(|&e| {
                let i = self.elements.partition_point(|&(x, _)| x < e);
                self.elements
                    .get(i)
                    .filter(|&&(x, _)| x == e)
                    .map(|&(_, w)| w)
            })
            .fold(0u64, |a, w| a | w);
        let names = (p.assigned().iter())
            .filter_map(|&m| matches.get(m as usize))
            .filter(|m| m.kind == ElementKind::BuildingName);
        let by_name = names.clone().fold(0u64, |a, m| a | m.mask);
        let begins = lines.iter().any(begun) || names.map(|m| m.element).any(|e| begun(&e));
        ((by_line | by_name) & self.words).count_ones() * 2 + u32::from(begins)
    }
}

/// The coverage of the first of `candidates` (ranked by [`rank_candidates`]: the best).
pub fn best_coverage(
    index: &Index,
    plan: &Plan,
    last: Option<&LastWord>,
    candidates: &[Candidate],
) -> Option<Coverage> {
    let c = candidates.first()?;
    let county = has_county(index, last, c.place.place);
    Some(Coverage::of(
        plan,
        last,
        c.place.mask,
        c.numbers_used,
        county,
    ))
}

/// Autocomplete's order of scored places: coverage, then the words after numbers their
/// numbered lines explain ([`AfterNumbers`]), then score, then ordinal. Keeps the best
/// `keep` of `places`, in that order.
pub fn shortlist_places(
    index: &Index,
    plan: &Plan,
    last: Option<&LastWord>,
    matches: &[ElementMatch],
    begun: &[u32],
    places: &mut Vec<PlaceScore>,
    keep: usize,
) {
    let after = AfterNumbers::of(plan, matches, begun);
    let mut keys: Vec<(u128, usize)> = places
        .iter()
        .enumerate()
        .map(|(i, p)| (place_key(index, plan, last, matches, &after, p), i))
        .collect();
    if keys.len() > keep && keep > 0 {
        keys.select_nth_unstable(keep - 1);
        keys.truncate(keep);
    }
    keys.sort_unstable();
    let ranked: Vec<PlaceScore> = keys.iter().map(|&(_, i)| places[i]).collect();
    *places = ranked;
}

/// The words autocomplete bars a name from explaining in a second reading of `place`, when its
/// pinned building name or organisation explains the word being typed and the place leaves a
/// number or a word unexplained: a name that only begins with a letter or two says little,
/// and it stands in for the house the rest of the input names (`31 Griffeen Avenue, Lucan, C`
/// is house 31 of the street and the start of `Co.`, not LUCAN CREDIT UNION at number 12;
/// `Meadowview, Littletown, Naas, C` is the house MEADOWVIEW, not LITTLETOWN GAA CLUB).
pub fn pin_may_hide_more(
    plan: &Plan,
    last: Option<&LastWord>,
    matches: &[ElementMatch],
    place: &PlaceScore,
) -> Option<u64> {
    let last = last?;
    let pin = matches.get(place.pin? as usize)?;
    let left = !plan.numbers.is_empty() || place.mask & plan.all_words() != plan.all_words();
    (left && pin.mask & last.bit != 0).then_some(last.bit)
}

/// Resolves the typed numbers in `further` places (ranked after the first
/// [`MAX_RESOLVED_PLACES`](crate::limits::MAX_RESOLVED_PLACES), best first) while fewer than
/// [`MAX_SUGGESTION_POOL`] candidates explain every typed
/// number, keeping only candidates that explain one: the places that explain the words best
/// need not hold the number (`90 Tu`: townlands beginning with `tu`, none with a number 90),
/// and an address with the number explains more of the input than any of them. Bounded by
/// [`MAX_NUMBERED_BUILDINGS`] buildings.
pub fn resolve_numbered(
    index: &Index,
    plan: &Plan,
    matches: &[ElementMatch],
    further: &[PlaceScore],
    memo: &mut resolve::NumberMemo,
    out: &mut Vec<Candidate>,
) {
    let n = plan.numbers.len().min(32);
    if n == 0 {
        return;
    }
    let all = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut strong = out.iter().filter(|c| c.numbers_used == all).count();
    let mut buildings = 0usize;
    for p in further {
        if strong >= MAX_SUGGESTION_POOL || buildings >= MAX_NUMBERED_BUILDINGS {
            break;
        }
        buildings += index.place(p.place).map_or(0, |row| {
            (row.building_count as usize).min(crate::limits::MAX_BUILDINGS_SCANNED)
        });
        let from = out.len();
        resolve::resolve(index, plan, matches, p, memo, out);
        let mut keep = from;
        for i in from..out.len() {
            if out[i].numbers_used != 0 {
                strong += usize::from(out[i].numbers_used == all);
                out.swap(keep, i);
                keep += 1;
            }
        }
        out.truncate(keep);
    }
}

/// Autocomplete's order of candidates: coverage (numbers included), then the words after
/// numbers their numbered lines explain, then score, then place, building and address point.
pub fn rank_candidates(
    index: &Index,
    plan: &Plan,
    last: Option<&LastWord>,
    matches: &[ElementMatch],
    begun: &[u32],
    candidates: &mut [Candidate],
) {
    let after = AfterNumbers::of(plan, matches, begun);
    candidates.sort_by_cached_key(|c| {
        let county = has_county(index, last, c.place.place);
        let cov = Coverage::of(plan, last, c.place.mask, c.numbers_used, county);
        let lines = after.explained(index, matches, &c.place);
        (
            rank_key(cov, lines, c.score, c.place.place),
            c.building.unwrap_or(NONE),
            c.address_point.unwrap_or(NONE),
        )
    });
}

fn place_key(
    index: &Index,
    plan: &Plan,
    last: Option<&LastWord>,
    matches: &[ElementMatch],
    after: &AfterNumbers,
    p: &PlaceScore,
) -> u128 {
    let county = has_county(index, last, p.place);
    rank_key(
        Coverage::of(plan, last, p.mask, 0, county),
        after.explained(index, matches, p),
        p.score,
        p.place,
    )
}

/// Whether a county marker typed last is explained by place `p`'s postal county (read only
/// when the last word is one).
fn has_county(index: &Index, last: Option<&LastWord>, place: u32) -> bool {
    last.is_some_and(|l| l.county_marker)
        && index
            .place(place)
            .is_some_and(|row| row.post_county != NONE)
}

/// One integer per ranked item, smaller first: more coverage, then more numbered `lines`,
/// then a higher score, then the lower `tie`.
fn rank_key(cov: Coverage, lines: u32, score: f32, tie: u32) -> u128 {
    let cov = (u32::from(cov.last) << 24) | (cov.tokens.min(0xFFFF) << 8) | lines.min(0xFF);
    (u128::from(!cov) << 64) | (u128::from(!ordered_bits(score)) << 32) | u128::from(tie)
}

/// `f32::total_cmp`'s order as unsigned integers.
fn ordered_bits(x: f32) -> u32 {
    let b = x.to_bits();
    b ^ (((b as i32 >> 31) as u32) >> 1) ^ 0x8000_0000
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frozen() -> Index {
        crate::index::frozen_for_tests()
    }

    /// The last word of `text` as autocomplete reads it.
    fn last_word(index: &Index, text: &str) -> LastWord {
        let mut t = crate::text::Tokenised::new();
        crate::text::tokenise_into(text, &mut t);
        let plan = Plan::from_tokens(&t);
        LastWord::of(index, &plan, text).expect("a last word")
    }

    fn term_text(index: &Index, t: u32) -> String {
        let mut s = index.terms().stream();
        while let Some((k, v)) = s.next() {
            if unpack_term(v).0 == t {
                return String::from_utf8_lossy(k).into_owned();
            }
        }
        String::new()
    }

    #[test]
    fn the_run_holds_exactly_the_terms_beginning_with_the_prefix() {
        let index = frozen();
        let mut all = Vec::new();
        let mut s = index.terms().stream();
        while let Some((k, v)) = s.next() {
            all.push((String::from_utf8_lossy(k).into_owned(), unpack_term(v).0));
        }
        for prefix in ["a", "b", "ba", "bal", "main", "z", "zz", "9", "saint"] {
            let (first, end) = term_run(&index, prefix);
            for (term, id) in &all {
                assert_eq!(
                    term.starts_with(prefix),
                    *id >= first && *id < end,
                    "{prefix}: {term} ({id}) against {first}..{end}"
                );
            }
        }
        assert_eq!(successor(b"ab"), Some(b"ac".to_vec()));
        assert_eq!(successor(&[b'a', 0xFF]), Some(b"b".to_vec()));
        assert_eq!(successor(&[0xFF]), None);
    }

    #[test]
    fn the_last_word_reads_abbreviations_and_county_markers() {
        let index = frozen();
        let read = |text: &str| last_word(&index, text);
        let forms = |text: &str| -> Vec<String> {
            let w = read(text);
            w.full_forms.iter().map(|&t| term_text(&index, t)).collect()
        };
        assert!(forms("12 main rd").contains(&"road".to_string()));
        for full in ["saint", "street"] {
            if index.term(full).is_some() {
                assert!(forms("12 main st").contains(&full.to_string()), "{full}");
            }
        }
        assert!(read("burnthaw lifford co").county_marker);
        // A single letter's run holds every full form beginning with it.
        assert!(read("12 main s").full_forms.is_empty());
        assert_eq!(read("12 main st").bit, 1 << 1);
    }

    #[test]
    fn a_last_word_begun_as_typed_is_its_own_run_alone() {
        let index = crate::index::fixture_for_tests();
        let read = |text: &str| last_word(&index, text);
        let term = |t: &str| index.term(t).map(|(id, _)| id);
        let starts = |runs: &[std::ops::Range<u32>], t: Option<u32>| {
            t.is_some_and(|t| runs.iter().any(|r| r.contains(&t)))
        };
        // `ch…` may be English or a lenited Irish `c…`: every reading holds both, as typed
        // only the first.
        let w = read("apartment 35 che");
        let (every, typed) = (w.begun(), w.begun_as_typed());
        assert_eq!(typed.len(), 1);
        assert!(every.len() > typed.len(), "{every:?}");
        assert!(typed.iter().all(|r| every.contains(r)));
        for english in ["cherry", "chestnut"] {
            if let Some(t) = term(english) {
                assert!(starts(&typed, Some(t)), "{english}");
            }
        }
        let irish = term("ceide").or(term("cearnog"));
        assert!(irish.is_some(), "an Irish street type beginning `ce`");
        assert!(starts(&every, irish) && !starts(&typed, irish));
        // A word beginning no term has no run as typed.
        assert!(read("12 main xqzzv").begun_as_typed().is_empty());
    }

    #[test]
    fn a_last_word_that_begins_no_term_is_read_with_a_slip() {
        let index = crate::index::fixture_for_tests();
        let read = |text: &str| last_word(&index, text);
        let (ballymun, _) = index.term("ballymun").expect("a fixture term");
        let (hampstead, _) = index.term("hampstead").expect("a fixture term");
        // `baaly` begins no term: it is read as `bally…` mistyped, at a typo's cost.
        let slipped = read("41 hampstead park, baaly");
        let hit = slipped.hit(ballymun).expect("ballymun read through a slip");
        assert_eq!(hit.how, How::Typo(1));
        assert!(hit.cost > RUN_COST);
        assert!(slipped.hit(hampstead).is_none());
        // As typed it is a prefix: no slip is read.
        let typed = read("41 hampstead park, bally");
        assert_eq!(typed.hit(ballymun).map(|h| h.how), Some(How::Prefix));
        // Three letters are too few to read a slip in.
        assert!(read("41 hampstead park, bxl").hit(ballymun).is_none());
    }

    #[test]
    fn the_words_after_numbers_are_those_typed_right_after_one() {
        let mut t = crate::text::Tokenised::new();
        let after = |t: &mut crate::text::Tokenised, text: &str| {
            crate::text::tokenise_into(text, t);
            let plan = Plan::from_tokens(t);
            let words: Vec<String> = (plan.words.iter().enumerate())
                .filter(|(i, _)| AfterNumbers::of(&plan, &[], &[]).words & (1u64 << i) != 0)
                .map(|(_, w)| w.text.clone())
                .collect();
            words
        };
        assert_eq!(after(&mut t, "22 crumli"), ["crumli"]);
        assert!(after(&mut t, "Apartment 27, Beaum").is_empty());
        // A unit number followed by a house number: only the house number's street.
        assert_eq!(after(&mut t, "Árasán 3 37 Céide"), ["ceide"]);
        assert!(after(&mut t, "Main Street, Swords").is_empty());
        assert!(after(&mut t, "Main Street 12").is_empty());
    }

    #[test]
    fn coverage_counts_the_last_word_first() {
        let mut t = crate::text::Tokenised::new();
        crate::text::tokenise_into("31 saint edmunds g", &mut t);
        let plan = Plan::from_tokens(&t);
        let all = Coverage::of(&plan, None, 0b111, 1, false);
        let without_last = Coverage::of(&plan, None, 0b011, 1, false);
        let only_last = Coverage::of(&plan, None, 0b100, 0, false);
        assert_eq!(
            all,
            Coverage {
                last: true,
                tokens: 4
            }
        );
        assert!(only_last > without_last);
        assert!(all > only_last);
        // A number typed last is the last token.
        crate::text::tokenise_into("apartment 4", &mut t);
        let plan = Plan::from_tokens(&t);
        assert!(Coverage::of(&plan, None, 0, 1, false).last);
        assert!(!Coverage::of(&plan, None, 0, 0, false).last);
    }
}
