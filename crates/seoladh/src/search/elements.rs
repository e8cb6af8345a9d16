//! Element matching: which elements (streets, townlands, towns, counties, estates, building
//! names, organisations) the query words name, and how well.
//!
//! Two roles. **Seeds** come from the postings of the rarest hits, within a small budget, so
//! common words (`road`, `street`, a county) never flood the candidate set. Every other element
//! is **verified** on demand when a candidate place contains it ([`Verifier`]): scored against
//! all hits once per query and remembered. Scoring is variant by variant (English, Irish,
//! aliases); an element takes its best variant.

use crate::index::{ElementKind, Index, Prefetcher, VariantTag};
use crate::search::complete::LastWord;
use crate::search::terms::{hits_for, How, TermHit};

mod score;

pub use score::score_element;
use score::{score_with, NameScratch};

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
    /// Typed numbers its name holds as words (bit per entry of `Plan::numbers`): the `60` of a
    /// townland HILL 60 is part of its name, not a house number.
    pub numbers: u8,
    /// The best reading by another variant on other words, when there is one (`mask` 0
    /// otherwise): a post town whose alias DELGANY is its best reading of `3 DELGANY WOOD,
    /// GREYSTONES` is still GREYSTONES in a place where DELGANY WOOD takes `delgany`.
    pub alt: AltReading,
}

/// An element's second reading ([`ElementMatch::alt`]).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AltReading {
    /// Its score.
    pub score: f32,
    /// The words it explains, none of the best reading's (0: there is none).
    pub mask: u64,
    /// Words matched through a typo.
    pub typos: u8,
    /// Typed numbers its name holds ([`ElementMatch::numbers`]).
    pub numbers: u8,
    /// Its variant.
    pub variant: Option<VariantTag>,
}

impl ElementMatch {
    /// The match as its second reading ([`ElementMatch::alt`]), when it has one.
    pub fn as_alt(&self) -> Option<ElementMatch> {
        (self.alt.mask != 0).then(|| ElementMatch {
            score: self.alt.score,
            mask: self.alt.mask,
            typos: self.alt.typos,
            numbers: self.alt.numbers,
            variant: self.alt.variant.unwrap_or(self.variant),
            alt: AltReading::default(),
            ..*self
        })
    }
}

/// Inverse document frequency of a term found in `df` of `n` elements.
#[inline]
pub fn idf(df: u32, n: u64) -> f32 {
    (1.0 + n as f32 / df.max(1) as f32).ln()
}

/// The query's term hits (sorted by term) behind a small open-addressing table: most terms of
/// an element name are not hit, and the table turns them away, or finds a term's hits, in one or
/// two probes instead of a binary search.
#[derive(Debug, Clone)]
pub struct HitTerms<'a> {
    hits: &'a [TermHit],
    /// Autocomplete's last word, matching any term that begins with it.
    last: Option<&'a LastWord>,
    /// The hits of the terms both an earlier word and the last word read (see
    /// [`LastWord::twice_read_groups`]), sorted by term.
    twice_read: &'a [TermHit],
    /// `(term, first hit, hit count)`; `count == 0` marks an empty slot.
    slots: [(u32, u16, u16); HIT_SLOTS],
    /// Too many distinct terms for the table: binary search instead.
    overflow: bool,
    /// The query words that begin a comma section (the first word aside).
    section_starts: u64,
    /// The query words that carry little weight (`an`, `the`, `of`).
    stopwords: u64,
    /// The query words that are a comma section alone (`LODGE` of `THE LODGE, LODGE, MALLOW`).
    lone_words: u64,
    /// Per query word, the most a hit on it weighs ([`HitTerms::with_word_caps`]).
    caps: [f32; 64],
    /// The typed numbers that are terms of the index (`60` of HILL 60): `(term, entry of
    /// Plan::numbers)` ([`HitTerms::with_numbers`]).
    numbers: [(u32, u8); MAX_NAMED_NUMBERS],
    /// How many of `numbers` are used.
    n_numbers: u8,
    /// Per word of a line typed twice (`Greystones, Greystones`), the word's first occurrence
    /// ([`HitTerms::twins_of`]).
    twins: [(u8, u8); MAX_TWINS],
    /// How many of `twins` are used.
    n_twins: u8,
    /// The later words of `twins`, as a mask.
    twin_words: u64,
}

/// Most words of repeated lines [`HitTerms`] pairs with their first occurrence.
const MAX_TWINS: usize = 8;

/// Most typed numbers read as name words.
const MAX_NAMED_NUMBERS: usize = 4;

/// Slots of [`HitTerms`]'s table (a power of two, at most 3/4 full).
const HIT_SLOTS: usize = 256;

impl<'a> HitTerms<'a> {
    /// The table over `hits`, which must be sorted by term.
    pub fn new(hits: &'a [TermHit]) -> Self {
        let mut t = HitTerms {
            hits,
            last: None,
            twice_read: &[],
            slots: [(0, 0, 0); HIT_SLOTS],
            overflow: hits.len() > u16::MAX as usize,
            section_starts: 0,
            stopwords: 0,
            lone_words: 0,
            caps: [f32::INFINITY; 64],
            numbers: [(0, 0); MAX_NAMED_NUMBERS],
            n_numbers: 0,
            twins: [(0, 0); MAX_TWINS],
            n_twins: 0,
            twin_words: 0,
        };
        let mut used = 0;
        let mut i = 0;
        while i < hits.len() && !t.overflow {
            let term = hits[i].term;
            let n = hits[i..].iter().take_while(|h| h.term == term).count();
            used += 1;
            if used * 4 > HIT_SLOTS * 3 || n > u16::MAX as usize {
                t.overflow = true;
                break;
            }
            let mut s = Self::slot(term);
            while t.slots[s].2 != 0 {
                s = (s + 1) & (HIT_SLOTS - 1);
            }
            t.slots[s] = (term, i as u16, n as u16);
            i += n;
        }
        t
    }

    /// Autocomplete's last word, if the table answers for it.
    pub fn last_word(&self) -> Option<&'a LastWord> {
        self.last
    }

    /// The table also answering for the terms beginning with autocomplete's last word, and for
    /// the terms an earlier word reads too (`twice_read`: see [`LastWord::twice_read_groups`]).
    pub fn with_last_word(mut self, last: Option<&'a LastWord>, twice_read: &'a [TermHit]) -> Self {
        self.last = last;
        self.twice_read = twice_read;
        self
    }

    #[inline]
    fn slot(term: u32) -> usize {
        // Fibonacci hashing: neighbouring term ids land far apart.
        (term.wrapping_mul(0x9E37_79B1) >> 24) as usize & (HIT_SLOTS - 1)
    }

    /// The hits of term `t` (empty when it is not hit).
    #[inline]
    pub fn get(&self, t: u32) -> &'a [TermHit] {
        if !self.twice_read.is_empty() {
            let group = hits_for(self.twice_read, t);
            if !group.is_empty() {
                return group;
            }
        }
        if self.overflow {
            let found = hits_for(self.hits, t);
            return match self.last {
                Some(last) if found.is_empty() => last.county_or_prefix_hit(t),
                _ => found,
            };
        }
        let mut s = Self::slot(t);
        loop {
            let (term, start, n) = self.slots[s];
            if n == 0 {
                return match self.last {
                    Some(last) => last.county_or_prefix_hit(t),
                    None => &[],
                };
            }
            if term == t {
                let start = usize::from(start);
                return self.hits.get(start..start + usize::from(n)).unwrap_or(&[]);
            }
            s = (s + 1) & (HIT_SLOTS - 1);
        }
    }

    /// The table knowing where `plan`'s comma sections begin (see [`ElementMatch`] scoring of
    /// repeated words).
    pub fn with_sections(mut self, plan: &crate::search::Plan) -> Self {
        self.section_starts = plan
            .words
            .windows(2)
            .take(63)
            .enumerate()
            .filter(|(_, w)| w[0].section != w[1].section)
            .fold(0, |m, (i, _)| m | 1u64 << (i + 1));
        let n = plan.words.len().min(64) as u32;
        if self.section_starts != 0 {
            let starts = self.section_starts | 1;
            let ends = (self.section_starts >> 1) | 1u64 << (n - 1);
            self.lone_words = starts & ends;
        }
        for (i, w) in plan.words.iter().enumerate().take(64) {
            if usize::from(self.n_twins) == MAX_TWINS {
                break;
            }
            if !plan.repeats(i) {
                continue;
            }
            if let Some(first) = plan.words[..i].iter().position(|e| e.text == w.text) {
                self.twins[usize::from(self.n_twins)] = (i as u8, first as u8);
                self.n_twins += 1;
                self.twin_words |= 1u64 << i;
            }
        }
        let lex = crate::text::lexicon::lexicon();
        self.stopwords = plan
            .words
            .iter()
            .take(64)
            .enumerate()
            .filter(|(_, w)| lex.is_stopword(&w.text))
            .fold(0, |m, (i, _)| m | 1u64 << i);
        self
    }

    /// The first occurrences of the words of repeated lines that `explained` holds: either
    /// occurrence of a line typed twice may be the one a place reads (`40 Main Street,
    /// Newtownmountkennedy, Greystones, Greystones`: the post town GREYSTONES reads the later
    /// one), and the other names nothing more.
    #[inline]
    pub(crate) fn twins_of(&self, explained: u64) -> u64 {
        if explained & self.twin_words == 0 {
            return 0;
        }
        self.twins[..usize::from(self.n_twins)]
            .iter()
            .filter(|&&(later, _)| explained & (1u64 << later) != 0)
            .fold(0, |m, &(_, first)| m | 1u64 << first)
    }

    /// Whether the words of `mask` lie in more than one comma section (a name read across a
    /// comma: `PARK, GOREY` as GOREY BUSINESS PARK).
    pub(crate) fn spans_sections(&self, mask: u64) -> bool {
        if mask == 0 {
            return false;
        }
        let first = mask.trailing_zeros();
        let last = 63 - mask.leading_zeros();
        self.section_starts & low_bits(last + 1) & !low_bits(first + 1) != 0
    }

    /// Whether the words of `mask` are all stopwords in a comma section that holds none of the
    /// `anchor` words that are not: the `AN` of a house name `AN GRIANÁN` is not the article of
    /// the next line's townland (PORTAN, in Irish AN PORTÁN), as a name is typed within a line.
    pub(crate) fn stray_stopword(&self, mask: u64, anchor: u64) -> bool {
        let words = anchor & !self.stopwords;
        if mask == 0 || mask & !self.stopwords != 0 || words == 0 || self.section_starts == 0 {
            return false;
        }
        let section = |i: u32| {
            let upto = if i >= 63 {
                u64::MAX
            } else {
                (1u64 << (i + 1)) - 1
            };
            (self.section_starts & upto).count_ones()
        };
        let own = section(mask.trailing_zeros());
        (0..64u32)
            .filter(|&i| words & (1u64 << i) != 0)
            .all(|i| section(i) != own)
    }

    /// The table with each query word's own weight (`caps[i]`, infinite when unknown): a name
    /// word read through a word's equivalent, mutation or misspelling weighs no more than the
    /// word itself (`parnell` read as the rare Irish PHARNELL says no more than PARNELL).
    pub fn with_word_caps(mut self, caps: &[f32]) -> Self {
        for (slot, &c) in self.caps.iter_mut().zip(caps) {
            *slot = c;
        }
        self
    }

    /// The table knowing which typed house numbers are also words of names (a townland HILL 60,
    /// a street named for a date): a name holding one reads it as its own word, so `HILL 60,
    /// PORTLAOISE` is the townland in full, not house 60 of HILL VIEW. Unit numbers never are.
    pub fn with_numbers(mut self, index: &Index, plan: &crate::search::Plan) -> Self {
        for (k, n) in plan.numbers.iter().enumerate().take(8) {
            if usize::from(self.n_numbers) == MAX_NAMED_NUMBERS {
                break;
            }
            if n.unit {
                continue;
            }
            if let Some((term, _)) = index.term(&n.text) {
                self.numbers[usize::from(self.n_numbers)] = (term, k as u8);
                self.n_numbers += 1;
            }
        }
        self
    }

    /// The entry of `Plan::numbers` that term `t` is, when a typed number is it.
    #[inline]
    pub(crate) fn number_term(&self, t: u32) -> Option<u8> {
        self.numbers[..usize::from(self.n_numbers)]
            .iter()
            .find(|(term, _)| *term == t)
            .map(|&(_, k)| k)
    }

    /// The most a hit on the words of `mask` weighs.
    #[inline]
    fn cap(&self, mask: u64) -> f32 {
        if mask.is_power_of_two() {
            return self.caps[mask.trailing_zeros() as usize];
        }
        (0..64)
            .filter(|i| mask & (1u64 << i) != 0)
            .map(|i| self.caps[i])
            .sum()
    }

    /// Whether word `i` begins a comma section (the first word aside).
    pub fn starts_section(&self, i: usize) -> bool {
        i < 64 && self.section_starts & (1u64 << i) != 0
    }

    /// All hits, sorted by term.
    pub fn all(&self) -> &'a [TermHit] {
        self.hits
    }

    /// Whether element `e`'s name (any variant) holds a term hit on one of `words`.
    pub fn names_any(&self, index: &Index, words: u64, e: u32) -> bool {
        index
            .variant_terms(e)
            .any(|(_, mut terms)| terms.any(|t| self.get(t).iter().any(|h| h.mask & words != 0)))
    }
}

/// Seeds: scores the elements the rarest hits on `words` point at, within `budget` postings
/// ([`crate::limits::MAX_SEED_VISITS`] for a full search). `out` is sorted by element ordinal.
/// Returns the words some of whose elements were not seeded (their hits left out or cut).
pub fn seed_elements(
    index: &Index,
    hits: &HitTerms<'_>,
    words: u64,
    budget: usize,
    weights: &mut IdfCache,
    scratch: &mut SeedScratch,
    out: &mut Vec<ElementMatch>,
) -> u64 {
    out.clear();
    let SeedScratch { visit, names } = scratch;
    visit.clear();
    weights.reset(index.meta().counts.elements.max(1));
    let all = hits.all();
    let mut cut = all
        .iter()
        .filter(|h| h.mask & words == 0)
        .fold(0, |c, h| c | h.mask);
    // Autocomplete reads a word's own term first (see `rarest_first`); Find keeps rarest first.
    let own_within = if hits.last_word().is_some() {
        budget
    } else {
        0
    };
    let order = rarest_first(all, words, own_within);
    // Words with a hit seeded.
    let mut seeded = 0u64;
    for (i, &h) in order.iter().enumerate() {
        let hit = &all[h];
        let df = hit.df as usize;
        if visit.len() + df > budget {
            if i == 0 {
                // Every hit is common: the rarest still seeds, cut to the budget.
                index.term_elements(hit.term).append_to(visit, budget);
            } else if let Some(last) = hits
                .last_word()
                .filter(|l| l.letter && seeded & !l.bit == 0)
            {
                // Autocomplete, when only a single letter being typed seeded (an exact term
                // `w` of W.I.T., rarer than any word): the common words before it seed a
                // quarter of the budget, rarest hit first (`hillcrest` of `5 Hillcrest W`),
                // streets and estates first as postings run by ordinal; otherwise the places
                // being typed into are never read. (The whole budget displaces too much.)
                // A word's own term before its equivalents (`mountain` before `sliabh`, two
                // elements rarer): the quarter holds only the first hit of each word.
                let mut rest = order[i..].to_vec();
                rest.sort_by(|&a, &b| all[a].cost.total_cmp(&all[b].cost));
                for &h in &rest {
                    let left = (budget / 4).saturating_sub(visit.len());
                    if all[h].mask & !seeded & !last.bit != 0 && left > 0 {
                        index.term_elements(all[h].term).append_to(visit, left);
                        seeded |= all[h].mask;
                    }
                }
            } else if hits.last_word().is_some_and(|l| {
                // The word being typed, or the one before a letter being typed.
                let typing = if l.letter { l.bit | l.bit >> 1 } else { l.bit };
                hit.mask & typing != 0
            }) && visit.len() < budget / MIN_SEEDED_SHARE
            {
                // Autocomplete, when the rarer hits seeded next to nothing (`naomh`, three
                // elements, for the `st` of `st josephs`) and the name being typed is too common
                // to fit (`josephs`, or `marys` of `st marys r`): it still seeds, as many
                // elements again, or the words typed are never read together at all.
                index
                    .term_elements(hit.term)
                    .append_to(visit, budget / MIN_SEEDED_SHARE);
            } else if let Some(last) = hits
                .last_word()
                .filter(|_| visit.len() < budget / MIN_SEEDED_SHARE)
            {
                // Autocomplete, when the rarer hits seeded next to nothing and a common word
                // before the one being typed does not fit (`st an`: NAOMH, three elements, then
                // SAINT, 16,380, while `an` begins the article AN and ANDREWS, ANNES…): the
                // rarest terms the word being typed begins seed, as many elements again.
                let mut typed: Vec<usize> = order[i..]
                    .iter()
                    .copied()
                    .filter(|&t| all[t].mask & last.bit != 0)
                    .collect();
                typed.sort_by_key(|&t| (all[t].df, all[t].term));
                let mut left = budget / MIN_SEEDED_SHARE;
                for t in typed {
                    let df = all[t].df as usize;
                    if df > left {
                        break;
                    }
                    index.term_elements(all[t].term).append_to(visit, df);
                    left -= df;
                }
            }
            cut |= order[i..].iter().fold(0, |c, &h| c | all[h].mask);
            break;
        }
        index.term_elements(hit.term).append_to(visit, usize::MAX);
        seeded |= hit.mask;
    }
    // The postings are sorted runs, which a stable sort finds and merges.
    visit.sort();
    visit.dedup();
    let ahead = index.prefetcher();
    let mut name = NameScratch::default();
    // One allocation for the matches instead of a copy at each doubling.
    out.reserve(visit.len());
    let by_name = visit.len() >= MIN_SEEDS_BY_NAME;
    if by_name {
        names.start();
    }
    for (i, &e) in visit.iter().enumerate() {
        // Seeds are scattered over the index: ask for the rows a few seeds ahead so their
        // memory arrives while this one is scored.
        if let Some(&next) = visit.get(i + 4) {
            ahead.element(next);
        }
        if let Some(&next) = visit.get(i + 2) {
            ahead.element_variants(next);
        }
        let mut score = || score_with(index, &ahead, e, hits, weights, &mut name);
        let m = if by_name {
            names.score(index, e, score)
        } else {
            score()
        };
        if let Some(m) = m {
            out.push(m);
        }
    }
    cut
}

/// The bits below bit `n` (all of them from 64): the words before word `n` as a mask.
#[inline]
pub(crate) fn low_bits(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// [`seed_elements`] in autocomplete: while the seeds fill less than this share of the budget
/// (1/N), the hit that does not fit still seeds that many elements.
const MIN_SEEDED_SHARE: usize = 8;

/// Fewest seeds for [`seed_elements`] to score by name ([`SeedNames`]): below it, hashing
/// names costs more than the repeats it saves.
const MIN_SEEDS_BY_NAME: usize = 32;

/// Scratch space of [`seed_elements`], kept across queries for its capacity.
#[derive(Debug, Default)]
pub struct SeedScratch {
    /// The seed elements to score, sorted.
    visit: Vec<u32>,
    names: SeedNames,
}

/// Seeds' scores by name. The elements of a common word's postings often share one name
/// (`MAIN STREET` in every town, a bank's branches), and an element's score depends only on its
/// names and the query: each name is scored once per query, the repeats copy it (two seeds in
/// five, measured on mixed queries at full scale).
#[derive(Debug, Default)]
struct SeedNames {
    /// Direct-mapped by name hash; a slot is current when stamped with `epoch`.
    slots: Vec<NameSlot>,
    epoch: u32,
}

#[derive(Debug, Clone, Copy, Default)]
struct NameSlot {
    epoch: u32,
    /// The element first scored with this name.
    element: u32,
    hash: u64,
    scored: Option<ElementMatch>,
}

/// Slots of [`SeedNames`] (a power of two, about the seed budget).
const NAME_SLOTS: usize = 1024;

impl SeedNames {
    fn start(&mut self) {
        crate::search::restart_stamps(&mut self.slots, NAME_SLOTS, &mut self.epoch);
    }

    /// `score` of `e` (run only for a name not scored yet), or a copy of the score of an
    /// element of the same name.
    fn score(
        &mut self,
        index: &Index,
        e: u32,
        score: impl FnOnce() -> Option<ElementMatch>,
    ) -> Option<ElementMatch> {
        let bytes = index.variant_bytes(e);
        let mut h = rustc_hash::FxHasher::default();
        std::hash::Hasher::write(&mut h, bytes);
        let hash = std::hash::Hasher::finish(&h);
        let slot = &mut self.slots[hash as usize & (NAME_SLOTS - 1)];
        if slot.epoch == self.epoch
            && slot.hash == hash
            && index.variant_bytes(slot.element) == bytes
        {
            let m = slot.scored?;
            return Some(ElementMatch {
                element: e,
                kind: index.element(e)?.kind,
                ..m
            });
        }
        let scored = score();
        *slot = NameSlot {
            epoch: self.epoch,
            element: e,
            hash,
            scored,
        };
        scored
    }
}

/// The indices of the hits on `words`, in the order seeding reads them: rarest first, then
/// cheapest, then by term. The hits of a word being typed count as rare as the terms it may
/// complete to together (`mar` is MARY, MARKET and 46 more): a whole word rarer than all of
/// them (`clós` of `77 clós st mar`) seeds before any of them, and they share what is left.
/// A word's own term naming at most `own_within` elements comes before its equivalents.
pub fn rarest_first(all: &[TermHit], words: u64, own_within: usize) -> Vec<usize> {
    let typing = all
        .iter()
        .filter(|h| h.how == How::Prefix)
        .fold(0u64, |m, h| m | h.mask);
    let typed = |h: &TermHit| typing != 0 && h.mask & !typing == 0;
    let together = all
        .iter()
        .filter(|h| typed(h))
        .fold(0u64, |s, h| s + u64::from(h.df));
    // A word's own term, when it fits the seeds, before its equivalents (`south`, 855
    // elements, before `theas`, 209): they name mostly the same elements in the other language,
    // and the rarer one alone would leave no room for the other. (A term too common to fit is
    // cut to the budget by ordinal: its equivalents, when rarer, stay first.)
    let own = |h: &TermHit| -> u64 {
        if h.how != How::Equivalent {
            return 0;
        }
        all.iter()
            .filter(|o| o.how == How::Exact && o.mask == h.mask && (o.df as usize) <= own_within)
            .map(|o| u64::from(o.df) + 1)
            .max()
            .unwrap_or(0)
    };
    let rarity = |h: &TermHit| match typed(h) {
        true => together,
        false => u64::from(h.df).max(own(h)),
    };
    let mut order: Vec<usize> = (0..all.len())
        .filter(|&h| all[h].mask & words != 0)
        .collect();
    order.sort_unstable_by(|&a, &b| {
        rarity(&all[a])
            .cmp(&rarity(&all[b]))
            .then(all[a].df.cmp(&all[b].df))
            .then(all[a].cost.total_cmp(&all[b].cost))
            .then(all[a].term.cmp(&all[b].term))
            .then(a.cmp(&b))
    });
    order
}

/// The verifier's memory, kept across queries for its capacity: element → index into the
/// matches (or [`NO_MATCH`]) for the seeds and every element verified so far. Open addressing
/// with Fibonacci hashing: a place's elements are looked up several hundred times per query,
/// and a probe or two here costs a fraction of a binary search plus a general-purpose map.
#[derive(Debug, Default)]
pub struct Memo {
    /// `(element, match)`; [`EMPTY`] marks a free slot. A power of two, at most half full.
    slots: Vec<(u32, u32)>,
    /// Slots in use.
    used: usize,
    /// `32 - log2(slots.len())`: the shift that turns a hash into a slot.
    shift: u32,
}

/// Marks an element that was verified and matches nothing.
pub const NO_MATCH: u32 = u32::MAX;

/// A free [`Memo`] slot (no element has this ordinal: it is the index's "none").
const EMPTY: u32 = u32::MAX;

impl Memo {
    /// Forgets every element, with room for about `expect` of them.
    fn reset(&mut self, expect: usize) {
        let want = (expect * 2).next_power_of_two().max(64);
        if self.slots.len() < want || self.slots.len() > want * 16 {
            self.slots = vec![(EMPTY, 0); want];
            self.shift = 32 - want.trailing_zeros();
        } else {
            self.slots.fill((EMPTY, 0));
        }
        self.used = 0;
    }

    /// The slot holding `e`, or the free slot where it belongs.
    #[inline]
    fn find(&self, e: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut s = (e.wrapping_mul(0x9E37_79B1) >> self.shift) as usize & mask;
        loop {
            let k = self.slots[s].0;
            if k == e || k == EMPTY {
                return s;
            }
            s = (s + 1) & mask;
        }
    }

    /// Remembers `e` → `i` in slot `s` (from [`Memo::find`]), growing when half full.
    fn put(&mut self, s: usize, e: u32, i: u32) {
        self.slots[s] = (e, i);
        self.used += 1;
        if self.used * 2 > self.slots.len() {
            let old = std::mem::take(&mut self.slots);
            let want = old.len() * 2;
            self.slots = vec![(EMPTY, 0); want];
            self.shift = 32 - want.trailing_zeros();
            for (k, v) in old.into_iter().filter(|&(k, _)| k != EMPTY) {
                let s = self.find(k);
                self.slots[s] = (k, v);
            }
        }
    }
}

/// Scores elements on demand against the hits, once each: the seeds (first in `matches`) are
/// remembered from the start, the rest are scored and appended.
pub struct Verifier<'a> {
    index: &'a Index,
    ahead: Prefetcher<'a>,
    hits: &'a HitTerms<'a>,
    weights: &'a mut IdfCache,
    name: NameScratch<'a>,
    memo: &'a mut Memo,
    /// Seeds, then verified elements in the order they were first met.
    pub matches: &'a mut Vec<ElementMatch>,
    /// Second readings added to `matches`: (index of the match, index of its second reading).
    alts: Vec<(u32, u32)>,
}

impl<'a> Verifier<'a> {
    /// A verifier over `matches`, which holds the seeds (one match per element).
    pub fn new(
        index: &'a Index,
        hits: &'a HitTerms<'a>,
        matches: &'a mut Vec<ElementMatch>,
        memo: &'a mut Memo,
        weights: &'a mut IdfCache,
    ) -> Self {
        memo.reset(matches.len() + 64);
        for (i, m) in matches.iter().enumerate() {
            let s = memo.find(m.element);
            if m.element != EMPTY && memo.slots[s].0 == EMPTY {
                memo.put(s, m.element, i as u32);
            }
        }
        Verifier {
            index,
            ahead: index.prefetcher(),
            hits,
            weights,
            name: NameScratch::default(),
            memo,
            matches,
            alts: Vec::new(),
        }
    }

    /// The index of match `i`'s second reading ([`ElementMatch::alt`]), added to the matches
    /// the first time it is asked for; `None` when it has none.
    pub fn alt(&mut self, i: u32) -> Option<u32> {
        if let Some(&(_, a)) = self.alts.iter().find(|(m, _)| *m == i) {
            return Some(a);
        }
        let alt = self.matches.get(i as usize)?.as_alt()?;
        self.matches.push(alt);
        let a = (self.matches.len() - 1) as u32;
        self.alts.push((i, a));
        Some(a)
    }

    /// The hits elements are scored against.
    pub fn hits(&self) -> &'a HitTerms<'a> {
        self.hits
    }

    /// The index of element `e`'s match, scoring it the first time it is asked about.
    #[inline]
    pub fn get(&mut self, e: u32) -> Option<u32> {
        if e == EMPTY {
            return None;
        }
        let s = self.memo.find(e);
        let (k, i) = self.memo.slots[s];
        if k == e {
            return (i != NO_MATCH).then_some(i);
        }
        let i = match score_with(
            self.index,
            &self.ahead,
            e,
            self.hits,
            self.weights,
            &mut self.name,
        ) {
            Some(m) => {
                self.matches.push(m);
                (self.matches.len() - 1) as u32
            }
            None => NO_MATCH,
        };
        self.memo.put(s, e, i);
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

    /// Hints that the weight of term `t` will be needed: a term not remembered reads its
    /// frequency from the index.
    #[inline]
    fn prefetch(&self, ahead: &Prefetcher<'_>, t: u32) {
        if self.slots[t as usize & 1023].0 != t {
            ahead.term_frequency(t);
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

/// The index of element `e`'s match in matches sorted by element (the seeds).
#[inline]
pub fn find(matches: &[ElementMatch], e: u32) -> Option<usize> {
    matches.binary_search_by_key(&e, |m| m.element).ok()
}

/// Adds to `seeds` (sorted by element, kept sorted) each element of `found` it does not hold
/// yet, scored against the hits (one the hits do not name is left out): the seed stages that
/// find elements by other means than their own words' postings end here.
pub fn add_scored_seeds(
    index: &Index,
    found: impl IntoIterator<Item = u32>,
    hits: &HitTerms<'_>,
    weights: &mut IdfCache,
    seeds: &mut Vec<ElementMatch>,
) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `south view`: `theas`, the Irish of `south`, is rarer, but once it seeded `south` no
    /// longer fit and no element read named SOUTH VIEW.
    #[test]
    fn a_word_that_fits_the_budget_seeds_before_its_rarer_equivalents() {
        let hit = |term, df, mask, how| TermHit {
            term,
            df,
            mask,
            how,
            cost: if how == How::Exact { 0.0 } else { 0.1 },
        };
        let all = [
            hit(1, 209, 1, How::Equivalent),
            hit(2, 855, 1, How::Exact),
            hit(3, 12_444, 2, How::Prefix),
        ];
        assert_eq!(rarest_first(&all, u64::MAX, 1_000), [1, 0, 2]);
        // Too common to fit, the word is cut to the budget: its rarer equivalent stays first.
        assert_eq!(rarest_first(&all, u64::MAX, 800), [0, 1, 2]);
    }

    #[test]
    fn the_memo_keeps_every_element_through_growth() {
        let mut memo = Memo::default();
        for round in 0..3u32 {
            memo.reset(10);
            // Ordinals that collide under the hash's high bits, and a run of neighbours.
            let elements: Vec<u32> = (0..500u32)
                .map(|i| if i % 2 == 0 { i << 20 } else { i + round })
                .collect();
            for (i, &e) in elements.iter().enumerate() {
                let s = memo.find(e);
                if memo.slots[s].0 == EMPTY {
                    memo.put(s, e, i as u32);
                }
            }
            for (i, &e) in elements.iter().enumerate() {
                let first = elements.iter().position(|&x| x == e).unwrap_or(i);
                assert_eq!(memo.slots[memo.find(e)], (e, first as u32));
            }
            assert_eq!(memo.slots[memo.find(1001 << 20)].0, EMPTY);
            assert!(memo.used * 2 <= memo.slots.len());
        }
    }
}
