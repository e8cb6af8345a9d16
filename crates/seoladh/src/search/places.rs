//! Place generation and scoring.
//!
//! A place is one postal context (group, streets, localities, post town, counties) with its
//! buildings. Candidates come from the seed elements' places, ranked by how much of the query
//! their seeds explain together (a place holding the street *and* the townland typed beats one
//! holding either); the best are scored in full by assigning query words to the place's own
//! elements, each verified against the hits on demand: an element takes the words it matched
//! unless a better element of the place already took them. Words no element of the place
//! explains cost their weight, so a place missing the town the user typed ranks below one that
//! has it.

use crate::index::prefetch::prefetch_item;
use crate::index::{ElementKind, Index, NONE};
use crate::limits::{
    MAX_CANDIDATE_PLACES, MAX_COMPLEMENTARY_PLACES, MAX_COMPLEMENTARY_TIED_PLACES,
    MAX_LINED_PLACES, MAX_NUMBER_LINE_PLACES, MAX_PLACES_PER_SEED, MAX_TIED_PLACES,
    MAX_TIE_PROMOTION_POSTINGS, QUICK_MAX_PLACES,
};
use crate::search::elements::{ElementMatch, Verifier};

/// Most elements that can be assigned in one place: eight slots plus a pinned building or
/// organisation.
pub const MAX_ASSIGNED: usize = 9;

/// Most buildings of one place looked at for a building name (see [`pin_building`]).
const MAX_PIN_SCAN: u32 = 4_096;

/// Most postings [`named_pins`] reads for the name's rarest word.
const MAX_TIED_NAME_POSTINGS: u64 = 16_384;

/// What each element of a place that the query does not name costs.
const UNNAMED_ELEMENT_PENALTY: f32 = 0.4;

/// A scored place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaceScore {
    /// Place ordinal.
    pub place: u32,
    /// Explained weight less unexplained weight.
    pub score: f32,
    /// Words explained by the place's elements.
    pub mask: u64,
    /// Words matched through typos.
    pub typos: u8,
    /// Indices (into the element matches) of the assigned elements.
    pub assigned: [u32; MAX_ASSIGNED],
    /// How many of `assigned` are used.
    pub n_assigned: u8,
    /// An assigned building-name or organisation match, if any.
    pub pin: Option<u32>,
    /// Words no building name or organisation may explain in this place: it is the reading of
    /// the place without the name that did ([`crate::search::complete::pin_may_hide_more`]).
    pub barred: u64,
}

impl PlaceScore {
    /// The assigned match indices.
    pub fn assigned(&self) -> &[u32] {
        &self.assigned[..usize::from(self.n_assigned)]
    }
}

fn is_pin(kind: ElementKind) -> bool {
    matches!(kind, ElementKind::BuildingName | ElementKind::Organisation)
}

/// Building-name and organisation matches by the place they are in, sorted by place.
pub fn pins(index: &Index, matches: &[ElementMatch], out: &mut Vec<(u32, u32)>) {
    out.clear();
    for (i, m) in matches.iter().enumerate() {
        if is_pin(m.kind) {
            if let Some(p) = index.element_places(m.element).next() {
                out.push((p, i as u32));
            }
        }
    }
    out.sort_unstable();
}

/// Ranks the places of the seed elements and writes the best `keep` into `out` (sorted, unique).
/// `totals` is scratch space. Returns whether `out` holds every place of every seed. With
/// `all_or_nothing` (a quick pass) nothing is ranked: `out` is every place of every seed (at
/// most [`QUICK_MAX_PLACES`]), or it gives up (false, `out` empty) as soon as it cannot.
/// `whole_ties`: the places kept below a tie for the other words their seeds explain keep their
/// own tie whole (the passes that read typos, which Find runs only when its first pass explains
/// less than the whole input).
pub fn candidates(
    index: &Index,
    seeds: &[ElementMatch],
    all_or_nothing: bool,
    whole_ties: bool,
    keep: usize,
    totals: &mut PlaceTotals,
    out: &mut Vec<u32>,
) -> bool {
    out.clear();
    totals.clear(index.meta().counts.places);
    // Seeds best first: the budget goes to the words that say most, and each place adds a
    // seed only for words its better seeds left unexplained.
    // One integer key per seed, as for places below: best score first, then seed order; the
    // key's low half is the seed's index.
    let mut order: Vec<u64> = seeds
        .iter()
        .enumerate()
        .map(|(i, m)| rank_key(m.score, i as u32))
        .collect();
    order.sort_unstable();
    let seed_of = |key: u64| &seeds[key as u32 as usize];
    let mut pairs = 0usize;
    let mut complete = true;
    let ahead = index.prefetcher();
    for (k, &key) in order.iter().enumerate() {
        if let Some(&next) = order.get(k + 2) {
            ahead.element_places_offset(seed_of(next).element);
        }
        if let Some(&next) = order.get(k + 1) {
            ahead.element_places(seed_of(next).element);
        }
        let seed = seed_of(key);
        let bound = index.element_places_bound(seed.element);
        if bound > MAX_PLACES_PER_SEED || pairs + bound > MAX_CANDIDATE_PLACES {
            if all_or_nothing {
                return false;
            }
            complete = false;
            continue;
        }
        // In batches, each slot asked for before any is touched: the slots are scattered over
        // a table of every place.
        let mut places = index.element_places(seed.element);
        let mut batch = [0u32; 32];
        loop {
            let n = places.next_chunk(&mut batch);
            if n == 0 {
                break;
            }
            for &p in &batch[..n] {
                totals.prefetch(p);
            }
            for &p in &batch[..n] {
                totals.add(p, seed);
            }
            pairs += n;
        }
        if all_or_nothing && totals.touched.len() > QUICK_MAX_PLACES {
            return false;
        }
    }
    if totals.touched.is_empty() {
        // Every seed is large (a county, a city district): the best seed's first places.
        if let Some(&key) = order.first() {
            let e = seed_of(key).element;
            out.extend(index.element_places(e).take(keep));
        }
        return false;
    }
    if all_or_nothing {
        out.extend_from_slice(&totals.touched);
        out.sort_unstable();
        return complete;
    }
    // One integer key per place, so the selection compares plain integers: the same order as
    // best total first, then lowest ordinal.
    let mut ranked = std::mem::take(&mut totals.ranked);
    ranked.clear();
    ranked.extend((totals.touched.iter()).map(|&p| rank_key(totals.total(p), totals.tie(p))));
    if ranked.len() > keep {
        ranked.select_nth_unstable(keep - 1);
        let cut = rank_total(ranked[keep - 1]);
        let (kept, rest) = ranked.split_at_mut(keep);
        out.extend(kept.iter().map(|&k| rank_place(k)));
        let best = kept.iter().map(|&k| rank_total(k)).fold(f32::MIN, f32::max);
        if cut < best && rest.iter().any(|&k| rank_total(k) >= cut) {
            let at_cut = rank_place(kept[keep - 1]);
            let mask = totals.slots.get(at_cut as usize).map_or(0, |t| t.mask);
            totals.cut_tie = Some((cut, mask));
            let from = out.len();
            add_complementary(totals, rest, cut, mask, whole_ties, out);
            totals.complementary.extend_from_slice(&out[from..]);
        }
        if cut >= best {
            // The seeds cannot tell the best places apart (a townland of look-alike houses):
            // the words they did not seed must, so score the whole tie (within reason).
            let from = out.len();
            out.extend(
                rest.iter()
                    .filter(|&&k| rank_total(k) >= cut)
                    .map(|&k| rank_place(k)),
            );
            out[from..].sort_unstable();
            out.truncate(from + (MAX_TIED_PLACES - keep));
        }
        if totals.after_numbers != 0 {
            add_lined(rest, out);
        }
        complete = false;
    } else {
        out.extend(ranked.iter().map(|&k| rank_place(k)));
    }
    totals.ranked = ranked;
    for &e in &totals.lines {
        out.extend(index.element_places(e).take(MAX_NUMBER_LINE_PLACES));
    }
    out.sort_unstable();
    out.dedup();
    complete
}

/// Adds to `out` the best [`MAX_LINED_PLACES`] of the places not kept (`rest`) whose seeds on
/// a line a number is written on explain a word typed right after a house number (autocomplete):
/// `4 don` is 4 DONNYBROOK MANOR, though places of the town DONABATE and the county DONEGAL,
/// shorter completions of `don`, total more. Places already added may come again.
fn add_lined(rest: &[u64], out: &mut Vec<u32>) {
    let mut lined: Vec<u64> = (rest.iter().copied())
        .filter(|&k| k as u32 & UNLINED == 0)
        .collect();
    if lined.len() > MAX_LINED_PLACES {
        lined.select_nth_unstable(MAX_LINED_PLACES - 1);
        lined.truncate(MAX_LINED_PLACES);
    }
    out.extend(lined.iter().map(|&k| rank_place(k)));
}

/// Adds to `out` the best places below a cut that falls in a tie (total `cut`, seeds explaining
/// the words of `tied`) whose seeds explain words the tie's do not: the tied places are alike
/// to the seeds, so those cut at random say nothing against a place named by the other words
/// (the townland AN BAILE BÁN behind 138 houses named AN TEACH BÁN in its county). At most
/// [`MAX_COMPLEMENTARY_PLACES`], and with `whole_ties` those tied with the last of them
/// ([`tied_with_last`]); `rest` (the places not kept) is reordered.
fn add_complementary(
    totals: &PlaceTotals,
    rest: &mut [u64],
    cut: f32,
    tied: u64,
    whole_ties: bool,
    out: &mut Vec<u32>,
) {
    let mut n = 0;
    for i in 0..rest.len() {
        let k = rest[i];
        let other = totals
            .slots
            .get(rank_place(k) as usize)
            .is_some_and(|t| t.mask & !tied != 0);
        if other && rank_total(k) < cut {
            rest.swap(n, i);
            n += 1;
        }
    }
    let found = &mut rest[..n];
    let mut take = found.len();
    if take > MAX_COMPLEMENTARY_PLACES {
        found.select_nth_unstable(MAX_COMPLEMENTARY_PLACES - 1);
        take = MAX_COMPLEMENTARY_PLACES;
        if whole_ties {
            take += tied_with_last(found, MAX_COMPLEMENTARY_PLACES);
        }
    }
    out.extend(found[..take].iter().map(|&k| rank_place(k)));
}

/// How many of `keys[kept..]` tie with the last key kept (`keys[kept - 1]`, the worst of the
/// first `kept`), moved to just after it: all of them, when they are at most
/// [`MAX_COMPLEMENTARY_TIED_PLACES`] in all, else none. The ordinal would keep some of a tie at
/// random (the townland HAZELWOOD of GALWAY among 106 houses named HAZELWOOD near GALWAY).
fn tied_with_last(keys: &mut [u64], kept: usize) -> usize {
    let last = rank_total(keys[kept - 1]);
    let tail = &mut keys[kept..];
    let mut n = 0;
    for i in 0..tail.len() {
        if rank_total(tail[i]) == last {
            tail.swap(n, i);
            n += 1;
        }
    }
    if kept + n > MAX_COMPLEMENTARY_TIED_PLACES {
        return 0;
    }
    n
}

/// Adds to `out` (sorted, unique) the places left out of a tie at the cut ([`candidates`])
/// that hold an element of the rarest term of a word their seeds leave open: `station` in
/// `4 Station Road, Lifford`, behind `LIFFORD GARDA STATION`, where every place of the town
/// ties on its seed and the lowest ordinals of them say nothing. Bounded by
/// [`MAX_TIE_PROMOTION_POSTINGS`] elements read and [`MAX_TIED_PLACES`] places added.
pub fn promote_tied(
    index: &Index,
    hits: &[crate::search::TermHit],
    words: u64,
    totals: &PlaceTotals,
    out: &mut Vec<u32>,
) {
    let Some((cut, explained)) = totals.cut_tie else {
        return;
    };
    let open = words & !explained;
    let Some(rarest) = hits
        .iter()
        .filter(|h| h.mask & open != 0 && h.cost == 0.0)
        .min_by_key(|h| (h.df, h.term))
    else {
        return;
    };
    if rarest.df as usize > MAX_TIE_PROMOTION_POSTINGS {
        return;
    }
    let from = out.len();
    for e in index.term_elements(rarest.term) {
        for p in index.element_places(e).take(MAX_PLACES_PER_SEED) {
            let tied = totals
                .slots
                .get(p as usize)
                .is_some_and(|t| t.epoch == totals.epoch && t.total == cut);
            if tied && out[..from].binary_search(&p).is_err() {
                out.push(p);
            }
        }
        if out.len() - from >= MAX_TIED_PLACES {
            break;
        }
    }
    if out.len() > from {
        out.sort_unstable();
        out.dedup();
    }
}

/// Per candidate place: the words its seeds explain and their total score. A slot per place of
/// the index, stamped with the query that last touched it, so neither hashing nor clearing
/// costs anything per place.
#[derive(Debug, Default)]
pub struct PlaceTotals {
    /// Per place.
    slots: Vec<PlaceTotal>,
    /// The current query's stamp.
    epoch: u32,
    /// Places touched by the current query, in the order first touched.
    touched: Vec<u32>,
    /// Scratch for ranking the touched places ([`rank_key`]).
    ranked: Vec<u64>,
    /// The total of the places tied at the cut, and the words their seeds explain, when some
    /// of them were left out behind a better place (see [`promote_tied`]).
    cut_tie: Option<(f32, u64)>,
    /// The places kept below such a cut for the words their seeds explain (see
    /// [`add_complementary`]).
    complementary: Vec<u32>,
    /// Autocomplete: the words typed right after a house number
    /// ([`crate::search::complete::words_after_numbers`]).
    after_numbers: u64,
    /// Autocomplete: the streets, estates and building names a number and the words typed after
    /// it name ([`crate::search::lines`]), whose places are scored whatever their totals.
    lines: Vec<u32>,
}

/// A place's ranking key: ascending keys are descending totals (in `f32::total_cmp` order),
/// then ascending ordinals.
#[inline]
fn rank_key(total: f32, place: u32) -> u64 {
    (u64::from(!ordered_bits(total)) << 32) | u64::from(place)
}

/// The place of a place's [`rank_key`] (made with [`PlaceTotals::tie`]).
#[inline]
fn rank_place(key: u64) -> u32 {
    key as u32 & !UNLINED
}

/// The bit of a place's tie-break that says no seed on the line a number is written on explains
/// a word typed right after the number: places with such a seed come first in a tie of totals
/// (`22 crumli`: CRUMLIN ROAD before the streets of the townland CRUMLIN). Place ordinals are
/// far below it.
const UNLINED: u32 = 1 << 31;

/// The total a [`rank_key`] was made from.
#[inline]
fn rank_total(key: u64) -> f32 {
    f32::from_bits(ordered_bits_inverse(!((key >> 32) as u32)))
}

/// `f32::total_cmp`'s order as unsigned integers: the sign bit flipped, and the other bits too
/// for negative numbers.
#[inline]
fn ordered_bits(x: f32) -> u32 {
    let b = x.to_bits();
    b ^ (((b as i32 >> 31) as u32) >> 1) ^ 0x8000_0000
}

/// The inverse of [`ordered_bits`].
#[inline]
fn ordered_bits_inverse(k: u32) -> u32 {
    let b = k ^ 0x8000_0000;
    b ^ (((b as i32 >> 31) as u32) >> 1)
}

#[derive(Debug, Default, Clone, Copy)]
struct PlaceTotal {
    /// The query that last touched the place; the other fields are stale otherwise.
    epoch: u32,
    /// Total score of its seeds.
    total: f32,
    /// Words its seeds explain.
    mask: u64,
    /// A seed of its street, estate or building name explains a word typed right after a house
    /// number.
    lined: bool,
}

impl PlaceTotals {
    /// Starts a query over an index of `places` places.
    fn clear(&mut self, places: u64) {
        let places = usize::try_from(places).unwrap_or(0);
        crate::search::restart_stamps(&mut self.slots, places, &mut self.epoch);
        self.touched.clear();
        self.cut_tie = None;
        self.complementary.clear();
    }

    /// Hints that `place`'s slot will be touched soon.
    #[inline]
    fn prefetch(&self, place: u32) {
        prefetch_item(&self.slots, place as usize);
    }

    /// Adds `seed` to `place`, unless a better seed of the place explained one of its words
    /// already (then its second reading, on other words, if it has one). A place the index does
    /// not have (a corrupt list) is no candidate.
    #[inline]
    fn add(&mut self, place: u32, seed: &ElementMatch) {
        let Some(t) = self.slots.get_mut(place as usize) else {
            return;
        };
        if t.epoch != self.epoch {
            *t = PlaceTotal {
                epoch: self.epoch,
                total: 0.0,
                mask: 0,
                lined: false,
            };
            self.touched.push(place);
        }
        t.lined |= seed.mask & self.after_numbers != 0
            && matches!(
                seed.kind,
                ElementKind::Thoroughfare | ElementKind::BuildingGroup | ElementKind::BuildingName
            );
        let (mask, score) = if t.mask & seed.mask == 0 {
            (seed.mask, seed.score)
        } else if seed.alt.mask != 0 && t.mask & seed.alt.mask == 0 {
            (seed.alt.mask, seed.alt.score)
        } else {
            return;
        };
        t.mask |= mask;
        t.total += score;
    }

    /// Whether `place` was kept below a cut in a tie for the other words its seeds explain
    /// ([`add_complementary`]): the tie's words may be a name of its own (the house AN TEACH
    /// BÁN of the townland AN BAILE BÁN), to be looked for in it.
    pub(crate) fn is_complementary(&self, place: u32) -> bool {
        self.complementary.contains(&place)
    }

    /// Autocomplete: the words typed right after a house number (0 in Find), which the line a
    /// number is written on names; [`candidates`] reads the places whose seeds on such a line
    /// explain them first in a tie.
    pub fn read_after_numbers(&mut self, words: u64) {
        self.after_numbers = words;
    }

    /// The lines whose places [`candidates`] scores whatever their totals (empty outside
    /// autocomplete): a number and the words typed after it name them.
    pub fn lines_mut(&mut self) -> &mut Vec<u32> {
        &mut self.lines
    }

    /// Those lines, sorted.
    pub fn lines(&self) -> &[u32] {
        &self.lines
    }

    /// A touched place's tie-break in [`rank_key`]: lined places first, then by ordinal.
    #[inline]
    fn tie(&self, place: u32) -> u32 {
        let lined = self.slots.get(place as usize).is_some_and(|t| t.lined);
        place | if lined { 0 } else { UNLINED }
    }

    /// The total of a touched place.
    #[inline]
    fn total(&self, place: u32) -> f32 {
        self.slots.get(place as usize).map_or(0.0, |t| t.total)
    }
}

/// Scores one place. `word_weights[i]` is what leaving word `i` unexplained costs.
pub fn score_place(
    index: &Index,
    place: u32,
    verifier: &mut Verifier<'_>,
    pins: &[(u32, u32)],
    word_weights: &[f32],
) -> Option<PlaceScore> {
    let row = index.place(place)?;
    let mut cands: [u32; MAX_ASSIGNED + 8] = [NONE; MAX_ASSIGNED + 8];
    let mut n = 0;
    // A matched line hidden behind the next one, and the line before this one when matched.
    let mut hidden = NONE;
    let mut previous: Option<u32> = None;
    for (slot, e) in row.elements().into_iter().enumerate() {
        if e == NONE {
            continue;
        }
        let matched = verifier.get(e);
        if slot < 6 {
            // A line the postal address does not show, its name being the next line's (rule 5:
            // the locality BALBRIGGAN behind the post town BALBRIGGAN), takes no words of its
            // own beside that line: a name typed twice is one line twice, not two lines.
            if let (Some(prev), Some(_)) = (previous, matched) {
                if hidden == NONE && index.same_english_name(prev, e) {
                    hidden = prev;
                }
            }
            previous = matched.map(|_| e);
        }
        if let Some(idx) = matched {
            if !cands[..n].contains(&idx) {
                cands[n] = idx;
                n += 1;
            }
        }
    }
    let start = pins.partition_point(|p| p.0 < place);
    for &(p, m) in &pins[start..] {
        if p != place || n >= cands.len() {
            break;
        }
        cands[n] = m;
        n += 1;
    }
    let cands = &mut cands[..n];
    {
        let matches: &[ElementMatch] = verifier.matches;
        cands.sort_by(|&a, &b| {
            matches[b as usize]
                .score
                .total_cmp(&matches[a as usize].score)
                .then(a.cmp(&b))
        });
    }
    let (mut score, displaced) = assign(place, cands, verifier, hidden, word_weights, false);
    if displaced {
        // An organisation pinned first took its words from the place's own lines (SLIGO GARDA STATION
        // takes `station` and `sligo` from STATION ROAD and the post town SLIGO): the lines
        // alone may explain more.
        let (lines, _) = assign(place, cands, verifier, hidden, word_weights, true);
        if lines.score > score.score {
            score = lines;
        }
    }
    // A place with elements the query does not name (an estate, a second street or locality)
    // is a less exact reading than one without: among equals, the plainer place wins. A hidden
    // line is named by the line that hides it, even when its own name was not typed (the
    // locality WESTPORT behind the post town of that name, typed in Irish as CATHAIR NA MART).
    let matches: &[ElementMatch] = verifier.matches;
    let assigned = score.assigned();
    let named = |e: u32| assigned.iter().any(|&m| matches[m as usize].element == e);
    let lines = row.line_slots();
    let mut unnamed = 0u8;
    for (k, &e) in lines.iter().enumerate().take(5) {
        if e == NONE || e == hidden || named(e) {
            continue;
        }
        let next = lines[k + 1..].iter().copied().find(|&n| n != NONE);
        if !next.is_some_and(|n| named(n) && index.same_english_name(e, n)) {
            unnamed += 1;
        }
    }
    score.score -= f32::from(unnamed) * UNNAMED_ELEMENT_PENALTY;
    Some(score)
}

/// Scores one place without the building names and organisations (of `pins`) that explain any
/// of the words of `barred`, and so that none is given to it later either
/// ([`crate::search::complete::pin_may_hide_more`]).
pub fn score_place_barred(
    index: &Index,
    place: u32,
    verifier: &mut Verifier<'_>,
    pins: &[(u32, u32)],
    word_weights: &[f32],
    barred: u64,
) -> Option<PlaceScore> {
    let start = pins.partition_point(|p| p.0 < place);
    let allowed: Vec<(u32, u32)> = (pins[start..].iter())
        .take_while(|p| p.0 == place)
        .filter(|p| (verifier.matches.get(p.1 as usize)).is_some_and(|m| m.mask & barred == 0))
        .copied()
        .collect();
    let mut score = score_place(index, place, verifier, &allowed, word_weights)?;
    score.barred = barred;
    Some(score)
}

/// The place's matched elements `cands` (best first) given the words each explains, greedily:
/// an element whose words are taken already reads its second reading or stays out; `no_pins`
/// leaves building names and organisations out. The score is the assigned elements' less the
/// weight of the words left unexplained; the flag tells whether a line was left out for words
/// a pinned organisation took.
#[inline]
fn assign(
    place: u32,
    cands: &[u32],
    verifier: &mut Verifier<'_>,
    hidden: u32,
    word_weights: &[f32],
    no_pins: bool,
) -> (PlaceScore, bool) {
    let mut displaced = false;
    let mut pin_mask = 0u64;
    let mut score = PlaceScore {
        place,
        score: 0.0,
        mask: 0,
        typos: 0,
        assigned: [NONE; MAX_ASSIGNED],
        n_assigned: 0,
        pin: None,
        barred: 0,
    };
    for &c in cands.iter() {
        if usize::from(score.n_assigned) >= MAX_ASSIGNED {
            break;
        }
        let mut c = c;
        let mut m = verifier.matches[c as usize];
        if m.element == hidden {
            continue;
        }
        if m.mask & score.mask != 0 {
            // Its best reading's words are taken here: its second reading, on other words.
            match verifier.alt(c) {
                Some(a) if verifier.matches[a as usize].mask & score.mask == 0 => {
                    c = a;
                    m = verifier.matches[a as usize];
                }
                _ => {
                    displaced |= !is_pin(m.kind) && m.mask & pin_mask != 0;
                    continue;
                }
            }
        }
        if is_pin(m.kind) {
            if no_pins || score.pin.is_some() {
                continue;
            }
            score.pin = Some(c);
            // Organisations are named after their street and town; house names seldom are.
            if m.kind == ElementKind::Organisation {
                pin_mask = m.mask;
            }
        }
        score.mask |= m.mask;
        score.score += m.score;
        score.typos += m.typos;
        score.assigned[usize::from(score.n_assigned)] = c;
        score.n_assigned += 1;
    }
    // A line typed twice costs nothing when the place reads either copy.
    let said = score.mask | verifier.hits().twins_of(score.mask);
    for (i, w) in word_weights.iter().enumerate() {
        if said & (1u64 << i) == 0 {
            score.score -= w;
        }
    }
    (score, displaced)
}

/// Gives a place without a pinned name the building name or organisation of its own that
/// explains words the place leaves unexplained (`LAKE VIEW` among a townland's houses, the
/// school `SCOIL COLMCILLE` in it, whose building carries only its English name): common names
/// never seed, so they are looked for here, in the few places that made the shortlist. A name
/// may also take the words of a line whose second reading explains only unexplained words: in
/// `Cill Áirne, Cromane, Killarney` the post town KILLARNEY reads `Cill Áirne`, its Irish name,
/// and leaves `Killarney`; the house CILL ÁIRNE takes those words and the post town its English
/// name.
pub fn pin_building(
    index: &Index,
    verifier: &mut Verifier<'_>,
    place: &mut PlaceScore,
    word_weights: &[f32],
    all_words: u64,
) {
    let open = all_words & !place.mask & !place.barred;
    if place.pin.is_some() || open == 0 || usize::from(place.n_assigned) >= MAX_ASSIGNED {
        return;
    }
    let Some(row) = index.place(place.place) else {
        return;
    };
    let hits = verifier.hits();
    // Autocomplete only: Find seeds such a name from its words, and a name taking a line's
    // words there would join ties the classifier reads as one shared address (`Dublin Airport,
    // Sord`, beside the post town's alias SWORDS AND DUBLIN AIRPORT).
    let movable = match hits.last_word() {
        Some(_) => movable_words(verifier, place, open),
        None => 0,
    };
    let reach = open | movable;
    let mut best: Option<(f32, u32)> = None;
    // Names that take a movable line's words, weighed once the search is done.
    let mut moving: Vec<u32> = Vec::new();
    let mut consider = |verifier: &mut Verifier<'_>, e: u32, kind: ElementKind| {
        let Some(i) = verifier.get(e) else {
            return;
        };
        let m = &verifier.matches[i as usize];
        if m.kind != kind || m.mask & ((place.mask & !movable) | place.barred) != 0 {
            return;
        }
        if m.mask & movable != 0 {
            if moving.len() < MAX_MOVING_NAMES && !moving.contains(&i) {
                moving.push(i);
            }
            return;
        }
        let gain = m.score + charged(verifier, word_weights, place.mask, m.mask);
        if gain > 0.0 && best.map_or(true, |(g, _)| gain > g) {
            best = Some((gain, i));
        }
    };
    let mut last = NONE;
    let end = row.building_start + row.building_count.min(MAX_PIN_SCAN);
    for b in row.building_start..end {
        let Some(name) = index.building(b).map(|r| r.name) else {
            continue;
        };
        if name == NONE || name == last || !hits.names_any(index, reach, name) {
            continue;
        }
        last = name;
        consider(verifier, name, ElementKind::BuildingName);
    }
    let first = index.building(row.building_start);
    let after = (row.building_count > 0)
        .then(|| index.building(row.building_start + row.building_count - 1))
        .flatten();
    if let (Some(first), Some(after)) = (first, after) {
        let aps = first.ap_start..after.ap_start + u32::from(after.ap_count);
        for org in index.organisations_among(aps).take(MAX_PIN_SCAN as usize) {
            if hits.names_any(index, reach, org.element) {
                consider(verifier, org.element, ElementKind::Organisation);
            }
        }
    }
    if let Some((gain, i)) = best {
        assign_pin(place, &verifier.matches[i as usize], i, gain);
    } else if !moving.is_empty() {
        pin_moving_a_line(verifier, place, &moving, word_weights);
    }
}

/// Most names [`pin_building`] weighs that take the words of a line read another way.
const MAX_MOVING_NAMES: usize = 8;

/// The words of the place's assigned lines whose second reading explains only `open` words,
/// all after the first reading's: an address goes from the house to the county, so a name
/// before the line may take its first reading's words (`Cill Áirne, …, Killarney`), never one
/// after it (`Dublin Airport, Sord, Co. Bhaile Átha Cliath` keeps its county).
fn movable_words(verifier: &mut Verifier<'_>, place: &PlaceScore, open: u64) -> u64 {
    let mut movable = 0;
    for &a in place.assigned() {
        let Some(alt) = verifier.alt(a) else {
            continue;
        };
        let first = verifier.matches[a as usize].mask;
        let second = verifier.matches[alt as usize].mask;
        let after = first != 0 && second.trailing_zeros() > 63 - first.leading_zeros();
        if second != 0 && second & !open == 0 && after {
            movable |= first;
        }
    }
    movable
}

/// Pins the best of `names` (each taking words of a line with a second reading) when the
/// place's lines, read again after it, explain more: the line whose words it takes reads its
/// second reading.
fn pin_moving_a_line(
    verifier: &mut Verifier<'_>,
    place: &mut PlaceScore,
    names: &[u32],
    word_weights: &[f32],
) {
    let lines: Vec<u32> = place.assigned().to_vec();
    let (before, _) = assign(place.place, &lines, verifier, NONE, word_weights, false);
    let mut best: Option<(f32, PlaceScore)> = None;
    for &name in names {
        let cands: Vec<u32> = std::iter::once(name).chain(lines.iter().copied()).collect();
        let (after, _) = assign(place.place, &cands, verifier, NONE, word_weights, false);
        let gain = after.score - before.score;
        if after.pin == Some(name) && gain > 0.0 && best.map_or(true, |(g, _)| gain > g) {
            best = Some((gain, after));
        }
    }
    if let Some((gain, after)) = best {
        *place = PlaceScore {
            score: place.score + gain,
            barred: place.barred,
            ..after
        };
    }
}

/// The places whose most specific line is element `e`, a post town or locality: the town's own
/// houses, with no street, estate or second locality (`MOUNTAIN VIEW, KILDARE`: the locality
/// KILDARE behind the post town of that name). A key with empty leading lines sorts last, so they
/// are at the end of the element's places; at most `MAX_OWN_PLACES` are read.
pub fn own_places(index: &Index, e: u32, out: &mut Vec<u32>) {
    // The last few, kept as the list is decoded: a post town's list can be tens of thousands.
    let mut tail = [NONE; MAX_OWN_PLACES];
    for (i, p) in index.element_places(e).enumerate() {
        tail[i % MAX_OWN_PLACES] = p;
    }
    for &p in tail.iter().filter(|&&p| p != NONE) {
        let first = index
            .place(p)
            .and_then(|row| row.elements().into_iter().find(|&x| x != NONE));
        if first == Some(e) {
            out.push(p);
        }
    }
}

/// Most places read from the end of an element's list for its own places (one per county the
/// town's houses give, and one behind a second locality).
const MAX_OWN_PLACES: usize = 4;

/// Gives each place of a tie too large to search building by building (`tied`, sorted by place;
/// indices into `scored`) the building name or organisation of its own that explains every word
/// it leaves unexplained, found from the name's side (the postings of its rarest word). Every
/// namesake in the tie is pinned or none is (`ASHGROVE, BAILE ÁTHA AN RÍ` among a post town's
/// hundreds of townlands: the house with no townland line and the one in RATHFEE both; the
/// classifier then prefers the one that needs no untyped name).
pub fn pin_tied_by_name(
    index: &Index,
    verifier: &mut Verifier<'_>,
    scored: &mut [PlaceScore],
    tied: &[(u32, usize)],
    word_weights: &[f32],
    all_words: u64,
) {
    let open = tied
        .iter()
        .fold(0, |o, &(_, i)| o | (all_words & !scored[i].mask));
    let mut best: Vec<Option<(f32, u32)>> = vec![None; tied.len()];
    let in_tie = |place: u32| tied.binary_search_by_key(&place, |&(p, _)| p).is_ok();
    named_pins(index, verifier, open, in_tie, |verifier, place, m| {
        let Ok(k) = tied.binary_search_by_key(&place, |&(p, _)| p) else {
            return;
        };
        // A name found blind in a large tie must be all that is left: one explaining part of
        // it (`LOUGH VIEW` for `MOUNTAIN VIEW, LOUGH`) would out-rank the place that reads it.
        let found = &verifier.matches[m as usize];
        if found.mask != all_words & !scored[tied[k].1].mask {
            return;
        }
        let gain =
            found.score + charged(verifier, word_weights, scored[tied[k].1].mask, found.mask);
        if gain > 0.0 && best[k].map_or(true, |(g, _)| gain > g) {
            best[k] = Some((gain, m));
        }
    });
    for (k, b) in best.into_iter().enumerate() {
        let place = &mut scored[tied[k].1];
        if let Some((gain, m)) = b {
            if usize::from(place.n_assigned) < MAX_ASSIGNED {
                assign_pin(place, &verifier.matches[m as usize], m, gain);
            }
        }
    }
}

/// The places of the same post town as the best one (`scored[0]`, pinned by a building name or
/// organisation whose words did not all seed) that hold a namesake of its pin: scored (or, when
/// already shortlisted, pinned) and added to `scored`, which is then re-ranked by `by_score`.
/// Seeds cut to a budget, joint seeds and the shortlist's pins each found some of a common name's
/// houses (`CNOC NA GRÉINE, CATHAIR NA MART`: the one in AGHAMORE, not the one with no townland
/// line): the answer must weigh all of them.
pub fn add_namesakes(
    index: &Index,
    verifier: &mut Verifier<'_>,
    scored: &mut Vec<PlaceScore>,
    word_weights: &[f32],
    by_score: fn(&PlaceScore, &PlaceScore) -> std::cmp::Ordering,
) {
    let Some(best) = scored.first().copied() else {
        return;
    };
    let Some(pin) = best.pin else {
        return;
    };
    let (pin_element, pin_mask) = {
        let m = &verifier.matches[pin as usize];
        (m.element, m.mask)
    };
    let Some(town) = index.place(best.place).map(|r| r.post_town) else {
        return;
    };
    let mut shortlisted: Vec<(u32, usize)> = scored
        .iter()
        .enumerate()
        .map(|(i, p)| (p.place, i))
        .collect();
    shortlisted.sort_unstable();
    let mut added = false;
    let mut fresh: Vec<PlaceScore> = Vec::new();
    let in_town = |place: u32| index.place(place).is_some_and(|r| r.post_town == town);
    named_pins(index, verifier, pin_mask, in_town, |verifier, place, m| {
        if verifier.matches[m as usize].element == pin_element {
            return;
        }
        match shortlisted.binary_search_by_key(&place, |&(p, _)| p) {
            Ok(k) => {
                let p = &mut scored[shortlisted[k].1];
                let found = &verifier.matches[m as usize];
                if p.pin.is_none()
                    && found.mask & p.mask == 0
                    && usize::from(p.n_assigned) < MAX_ASSIGNED
                {
                    let gain = found.score + charged(verifier, word_weights, p.mask, found.mask);
                    assign_pin(p, &verifier.matches[m as usize], m, gain);
                    added = true;
                }
            }
            Err(_) => {
                if fresh.iter().any(|p| p.place == place) {
                    return;
                }
                if let Some(s) = score_place(index, place, verifier, &[(place, m)], word_weights) {
                    if s.pin.is_some() {
                        fresh.push(s);
                    }
                }
            }
        }
    });
    if added || !fresh.is_empty() {
        scored.extend(fresh);
        scored.sort_unstable_by(by_score);
    }
}

/// Calls `found(verifier, place, match)` for every building name and organisation in a place
/// `wanted` accepts that a hit on the rarest of `words` names (its match verified against the
/// whole query, which costs most, so only there), when that word's postings hold at most
/// [`MAX_TIED_NAME_POSTINGS`] elements.
fn named_pins(
    index: &Index,
    verifier: &mut Verifier<'_>,
    words: u64,
    wanted: impl Fn(u32) -> bool,
    mut found: impl FnMut(&mut Verifier<'_>, u32, u32),
) {
    let hits = verifier.hits().all();
    // The word whose hits name the fewest elements.
    let mut rarest: Option<(u64, u64)> = None;
    for w in 0..64 {
        let bit = 1u64 << w;
        if words & bit == 0 {
            continue;
        }
        let df = crate::search::terms::word_df(hits, bit);
        if df > 0 && rarest.map_or(true, |(_, d)| df < d) {
            rarest = Some((bit, df));
        }
    }
    let Some((word, df)) = rarest else {
        return;
    };
    if df > MAX_TIED_NAME_POSTINGS {
        return;
    }
    for h in hits.iter().filter(|h| h.mask & word != 0) {
        for e in index.term_elements(h.term) {
            if !index.element_kind(e).is_some_and(is_pin) {
                continue;
            }
            let Some(place) = index.element_places(e).next().filter(|&p| wanted(p)) else {
                continue;
            };
            if let Some(m) = verifier.get(e) {
                found(verifier, place, m);
            }
        }
    }
}

/// Adds match `i` (`m`) to `place` as its pinned building name or organisation.
fn assign_pin(place: &mut PlaceScore, m: &ElementMatch, i: u32, gain: f32) {
    place.score += gain;
    place.mask |= m.mask;
    place.typos += m.typos;
    place.pin = Some(i);
    place.assigned[usize::from(place.n_assigned)] = i;
    place.n_assigned += 1;
}

/// What a place that reads the words of `place_mask` was charged for the words of `mask` it
/// leaves unexplained ([`assign`]), which a name explaining them gains back: not the copy of a
/// line typed twice whose other copy it reads.
fn charged(verifier: &Verifier<'_>, word_weights: &[f32], place_mask: u64, mask: u64) -> f32 {
    explained(word_weights, mask & !verifier.hits().twins_of(place_mask))
}

/// The weight of the words in `mask`.
fn explained(word_weights: &[f32], mask: u64) -> f32 {
    word_weights
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1u64 << i) != 0)
        .map(|(_, w)| w)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn by_total(a: &(f32, u32), b: &(f32, u32)) -> std::cmp::Ordering {
        b.0.total_cmp(&a.0).then(a.1.cmp(&b.1))
    }

    proptest! {
        #[test]
        fn rank_keys_order_as_best_total_then_ordinal(
            a in any::<f32>(), pa in any::<u32>(), b in any::<f32>(), pb in any::<u32>()
        ) {
            prop_assert_eq!(
                rank_key(a, pa).cmp(&rank_key(b, pb)),
                by_total(&(a, pa), &(b, pb))
            );
            prop_assert_eq!(rank_total(rank_key(a, pa)).to_bits(), a.to_bits());
            prop_assert_eq!(rank_key(a, pa) as u32, pa);
        }
    }

    #[test]
    fn rank_keys_handle_signed_zeros_and_infinities() {
        let totals = [f32::NEG_INFINITY, -1.5, -0.0, 0.0, 2.25, f32::INFINITY];
        let mut keys: Vec<u64> = totals.iter().map(|&t| rank_key(t, 7)).collect();
        keys.sort_unstable();
        let back: Vec<u32> = keys.iter().map(|&k| rank_total(k).to_bits()).collect();
        let expected: Vec<u32> = totals.iter().rev().map(|t| t.to_bits()).collect();
        assert_eq!(back, expected);
    }
}
