//! Completions of short prefixes, derived from the term dictionary at first use.
//!
//! Autocomplete reads the last word as a prefix and keeps its [`MAX_TERM_EXPANSIONS`] best
//! completions (shortest first, then commonest). A prefix of up to six letters may have
//! hundreds or thousands of completions (`bally`), so reading them per keystroke would dominate
//! the request; one pass over the dictionary (tens of thousands of terms, a few milliseconds)
//! ranks them all once. (A single letter is read as a prefix only beside a lone number: `29 C`.)

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use fst::{IntoStreamer, Streamer};
use levenshtein_automata::{Distance, LevenshteinAutomatonBuilder, DFA};

use crate::index::{unpack_term, Index};
use crate::limits::MAX_TERM_EXPANSIONS;
use rustc_hash::FxBuildHasher;

/// A new [`Index::instance`] number.
pub(crate) fn next_instance() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Longest prefix the table holds; longer ones have few completions and are read directly.
pub const MAX_TABLED_PREFIX: usize = 6;
/// Shortest prefix the table holds.
pub const MIN_TABLED_PREFIX: usize = 1;

/// Completions of a prefix kept for being the commonest; the rest of the
/// [`MAX_TERM_EXPANSIONS`] are the shortest. Shortest alone, `an` kept ANA, ANAAR, ANAGH… and
/// not ANNES or ANTHONYS; `re` not RECTORY (`58 Old Re`). Measured on the prefix benchmark
/// (seed-7 and seed-8 prefix files, full scale): 8 gains 9 prefixes and loses 2 (ties among
/// look-alike addresses), 16 and 24 gain as many and lose 4–5.
pub const COMMONEST_COMPLETIONS: usize = 8;

/// A completion of a prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Completion {
    /// Term id.
    pub term: u32,
    /// Elements containing the term.
    pub df: u32,
    /// Length of the term in bytes.
    pub len: u32,
}

/// Best completions per prefix of [`MIN_TABLED_PREFIX`]..=[`MAX_TABLED_PREFIX`] bytes.
#[derive(Debug, Default)]
pub struct Completions {
    by_prefix: HashMap<Box<[u8]>, Vec<Completion>, FxBuildHasher>,
}

impl Completions {
    /// Ranks the completions of every short prefix of the dictionary's terms.
    pub fn build<D: AsRef<[u8]>>(terms: &fst::Map<D>) -> Completions {
        let mut by_prefix: HashMap<Box<[u8]>, Vec<Completion>, FxBuildHasher> = HashMap::default();
        let mut stream = terms.stream();
        while let Some((key, v)) = stream.next() {
            let (term, df) = unpack_term(v);
            let c = Completion {
                term,
                df,
                len: key.len() as u32,
            };
            for n in MIN_TABLED_PREFIX..=MAX_TABLED_PREFIX.min(key.len()) {
                by_prefix.entry(key[..n].into()).or_default().push(c);
            }
        }
        let shortest_first = |a: &Completion, b: &Completion| {
            a.len
                .cmp(&b.len)
                .then(b.df.cmp(&a.df))
                .then(a.term.cmp(&b.term))
        };
        for list in by_prefix.values_mut() {
            if list.len() > MAX_TERM_EXPANSIONS {
                // The commonest completions, however long, then the shortest.
                list.sort_by(|a, b| b.df.cmp(&a.df).then(a.term.cmp(&b.term)));
                list[COMMONEST_COMPLETIONS..].sort_by(shortest_first);
                list.truncate(MAX_TERM_EXPANSIONS);
            }
            list.sort_by(shortest_first);
            list.shrink_to_fit();
        }
        Completions { by_prefix }
    }

    /// The best completions of `prefix` (including the prefix itself when it is a term), or
    /// `None` when the prefix is not of a tabled length.
    pub fn get(&self, prefix: &[u8]) -> Option<&[Completion]> {
        if !(MIN_TABLED_PREFIX..=MAX_TABLED_PREFIX).contains(&prefix.len()) {
            return None;
        }
        Some(self.by_prefix.get(prefix).map_or(&[], Vec::as_slice))
    }
}

/// One prefix's typo walk: the terms it matched, for the next keystroke to filter. A caller
/// keeps its last walk (in `search::Scratch`) and hands it to each [`typo_walk`].
#[derive(Debug, Default)]
pub struct Walk {
    /// [`Index::instance`] of the dictionary walked.
    instance: u64,
    /// The prefix.
    word: String,
    /// The matched keys, end to end, in dictionary order.
    keys: Vec<u8>,
    /// Each match: end of its key in `keys`, and the term's value.
    matched: Vec<(usize, u64)>,
    /// Whether the walk stopped at its limit (after the last match) rather than at the end of
    /// the dictionary.
    stopped: bool,
}

impl Walk {
    fn key(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.matched[i - 1].0 };
        &self.keys[start..self.matched[i].0]
    }

    fn push(&mut self, key: &[u8], v: u64) {
        self.keys.extend_from_slice(key);
        self.matched.push((self.keys.len(), v));
    }
}

fn prefix_builder() -> &'static LevenshteinAutomatonBuilder {
    static B: OnceLock<LevenshteinAutomatonBuilder> = OnceLock::new();
    B.get_or_init(|| LevenshteinAutomatonBuilder::new(1, true))
}

/// Calls `hit(key length, value, edits)` for the dictionary terms, in order, that begin with
/// `word` mistyped once (a prefix within one edit, transpositions counting as one, the exact
/// prefix excluded), stopping after `limit` of them.
///
/// Autocomplete asks this on every keystroke of a long word, and the terms near `word` plus a
/// letter are among those near `word` (the prefix distance never falls as the word grows): so
/// the walk of the caller's previous prefix (`last`), when the new one extends it, is filtered instead of
/// walking the dictionary again, and the walk resumes only where that one stopped at its limit.
/// The answer is exactly the full walk's.
pub fn typo_walk(
    index: &Index,
    word: &str,
    limit: usize,
    last: &mut Walk,
    mut hit: impl FnMut(usize, u64, u8),
) {
    let dfa = prefix_builder().build_prefix_dfa(word);
    let mut walk = Walk {
        instance: index.instance(),
        word: word.to_string(),
        ..Walk::default()
    };
    let reusable = last.instance == walk.instance
        && !last.word.is_empty()
        && word.starts_with(last.word.as_str());
    if !reusable {
        walk_from(index, &dfa, None, limit, 0, &mut walk, &mut hit);
        *last = walk;
        return;
    }
    let mut n = 0;
    for i in 0..last.matched.len() {
        let key = last.key(i);
        let Distance::Exact(d) = dfa.eval(key) else {
            continue;
        };
        walk.push(key, last.matched[i].1);
        if d > 0 {
            hit(key.len(), last.matched[i].1, d);
            n += 1;
            if n >= limit {
                walk.stopped = true;
                *last = walk;
                return;
            }
        }
    }
    if last.stopped {
        let after = last
            .matched
            .len()
            .checked_sub(1)
            .map(|i| last.key(i).to_vec());
        walk_from(index, &dfa, after.as_deref(), limit, n, &mut walk, &mut hit);
    }
    *last = walk;
}

/// The prefixes of dictionary terms one edit away from `word` (transpositions counting as
/// one), shortest first along each path, of at least `min_len` bytes: a word mistyped while
/// being typed (`baaly` for `bally…`) begins the terms beginning with one of them. A path stops
/// at its first such prefix (every term below it begins with it) and at `word` itself. At most
/// `limit` are returned, in dictionary order.
pub fn fuzzy_prefixes(index: &Index, word: &str, min_len: usize, limit: usize) -> Vec<Vec<u8>> {
    let dfa = prefix_builder().build_dfa(word);
    let fst = index.terms().as_fst();
    let mut out = Vec::new();
    let mut path = Vec::with_capacity(word.len() + 2);
    fuzzy_walk(
        fst,
        fst.root(),
        dfa.initial_state(),
        &dfa,
        min_len,
        limit,
        &mut path,
        &mut out,
    );
    out
}

#[allow(clippy::too_many_arguments)]
fn fuzzy_walk<D: AsRef<[u8]>>(
    fst: &fst::raw::Fst<D>,
    node: fst::raw::Node<'_>,
    state: u32,
    dfa: &DFA,
    min_len: usize,
    limit: usize,
    path: &mut Vec<u8>,
    out: &mut Vec<Vec<u8>>,
) {
    for t in node.transitions() {
        if out.len() >= limit {
            return;
        }
        let next = dfa.transition(state, t.inp);
        if next == levenshtein_automata::SINK_STATE {
            continue;
        }
        path.push(t.inp);
        match dfa.distance(next) {
            // The word itself: its own terms are read as typed.
            Distance::Exact(0) => {}
            Distance::Exact(_) if path.len() >= min_len => out.push(path.clone()),
            _ => fuzzy_walk(fst, fst.node(t.addr), next, dfa, min_len, limit, path, out),
        }
        path.pop();
    }
}

/// Walks the dictionary with `dfa` from after `after` (from the start without it), recording
/// matches in `walk`, until `limit` typo matches (counting `n` found before).
fn walk_from(
    index: &Index,
    dfa: &DFA,
    after: Option<&[u8]>,
    limit: usize,
    mut n: usize,
    walk: &mut Walk,
    hit: &mut impl FnMut(usize, u64, u8),
) {
    if n >= limit {
        walk.stopped = true;
        return;
    }
    let search = index.terms().search(dfa);
    let mut stream = match after {
        Some(key) => search.gt(key).into_stream(),
        None => search.into_stream(),
    };
    while let Some((key, v)) = stream.next() {
        let Distance::Exact(d) = dfa.eval(key) else {
            continue;
        };
        walk.push(key, v);
        if d > 0 {
            hit(key.len(), v, d);
            n += 1;
            if n >= limit {
                walk.stopped = true;
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frozen() -> Index {
        crate::index::frozen_for_tests()
    }

    fn fixture() -> Index {
        crate::index::fixture_for_tests()
    }

    /// The walk without any reuse: every term the prefix automaton matches, in order.
    fn full_walk(index: &Index, word: &str, limit: usize) -> Vec<(usize, u64, u8)> {
        let dfa = prefix_builder().build_prefix_dfa(word);
        let mut stream = index.terms().search(&dfa).into_stream();
        let mut out = Vec::new();
        while let Some((key, v)) = stream.next() {
            if let Distance::Exact(d) = dfa.eval(key) {
                if d > 0 {
                    out.push((key.len(), v, d));
                }
            }
            if out.len() >= limit {
                break;
            }
        }
        out
    }

    fn walked(index: &Index, word: &str, limit: usize, last: &mut Walk) -> Vec<(usize, u64, u8)> {
        let mut out = Vec::new();
        typo_walk(index, word, limit, last, |len, v, d| out.push((len, v, d)));
        out
    }

    /// Words typed one letter at a time (some with a slip), on two indexes in turn and with
    /// limits that stop some walks early: each answer is the full walk's.
    #[test]
    fn typo_walk_answers_as_a_full_walk_one_keystroke_after_another() {
        let a = frozen();
        let b = fixture();
        let mut words: Vec<String> = Vec::new();
        let mut stream = b.terms().stream();
        let mut i = 0;
        while let Some((k, _)) = stream.next() {
            i += 1;
            if i % 97 == 0 && k.len() >= 6 && k.is_ascii() {
                let w = String::from_utf8_lossy(k).into_owned();
                let mut slipped = w.clone().into_bytes();
                slipped.swap(2, 3);
                words.push(String::from_utf8_lossy(&slipped).into_owned());
                words.push(w);
            }
        }
        words.extend(["balyfermot", "kilwarden", "cuirt", "zzzzzzz"].map(String::from));
        assert!(words.len() > 10, "{} words", words.len());
        let mut typo_hits = 0;
        let mut stopped = 0;
        let mut last = Walk::default();
        for (n, w) in words.iter().enumerate() {
            for end in 4..=w.len() {
                let prefix = &w[..end];
                let limit = [3, 12, 192][(n + end) % 3];
                for index in [&a, &b] {
                    let expected = full_walk(index, prefix, limit);
                    assert_eq!(
                        walked(index, prefix, limit, &mut last),
                        expected,
                        "{prefix:?} limit {limit}"
                    );
                    typo_hits += expected.len();
                    stopped += usize::from(expected.len() == limit);
                }
            }
        }
        assert!(
            typo_hits > 100 && stopped > 10,
            "{typo_hits} hits, {stopped} stopped"
        );
    }

    #[test]
    fn fuzzy_prefixes_are_the_term_prefixes_one_edit_away() {
        let index = fixture();
        let mut terms: Vec<String> = Vec::new();
        let mut stream = index.terms().stream();
        while let Some((k, _)) = stream.next() {
            terms.push(String::from_utf8_lossy(k).into_owned());
        }
        for word in ["baaly", "dublni", "castel", "kilwarden", "zzzz"] {
            let found: Vec<String> = fuzzy_prefixes(&index, word, 4, 64)
                .into_iter()
                .map(|p| String::from_utf8(p).expect("ascii"))
                .collect();
            // Every prefix is one edit from the word and begins a term.
            for p in &found {
                assert_eq!(
                    prefix_builder().build_dfa(word).eval(p),
                    Distance::Exact(1),
                    "{word}: {p}"
                );
                assert!(terms.iter().any(|t| t.starts_with(p.as_str())), "{p}");
                assert!(p.len() >= 4);
            }
            // Every term beginning with a prefix one edit away begins with one of them.
            for t in &terms {
                let near = (4..=t.len()).any(|n| {
                    t.is_char_boundary(n)
                        && prefix_builder().build_dfa(word).eval(&t[..n]) == Distance::Exact(1)
                });
                if near {
                    assert!(
                        found.iter().any(|p| t.starts_with(p.as_str())),
                        "{word}: {t} in {found:?}"
                    );
                }
            }
        }
        assert!(!fuzzy_prefixes(&index, "baaly", 4, 64).is_empty());
        assert!(fuzzy_prefixes(&index, "baaly", 4, 1).len() <= 1);
    }
}
