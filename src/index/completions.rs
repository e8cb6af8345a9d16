//! Completions of short prefixes, derived from the term dictionary at first use.
//!
//! Autocomplete reads the last word as a prefix and keeps its [`MAX_TERM_EXPANSIONS`] best
//! completions (shortest first, then commonest). A two- to four-letter prefix has hundreds or
//! thousands of completions, so reading them per keystroke would dominate the request; one pass
//! over the dictionary (tens of thousands of terms, a few milliseconds) ranks them all once.

use std::collections::HashMap;

use fst::Streamer;

use crate::hash::FxBuildHasher;
use crate::index::unpack_term;
use crate::limits::MAX_TERM_EXPANSIONS;

/// Longest prefix the table holds; longer ones have few completions and are read directly.
pub const MAX_TABLED_PREFIX: usize = 4;
/// Shortest prefix the table holds.
pub const MIN_TABLED_PREFIX: usize = 2;

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
        for list in by_prefix.values_mut() {
            list.sort_by(|a, b| {
                a.len
                    .cmp(&b.len)
                    .then(b.df.cmp(&a.df))
                    .then(a.term.cmp(&b.term))
            });
            list.truncate(MAX_TERM_EXPANSIONS);
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
