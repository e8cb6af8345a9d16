//! The words of the index's UK addresses (Northern Ireland and Great Britain), each with the
//! records holding it: what UK Find Address and Autocomplete read typed text by, and what tells
//! an Irish search that its text is a UK address the data holds. Built from the UK records on
//! first use (about half a second at full scale), not stored in the file.

use std::collections::BTreeMap;

use crate::ecad::{UkAddress, UkCountry};
use crate::index::Index;
use crate::limits::MAX_UK_SCAN;

/// Every word of the UK addresses, with the records (index order) that hold it.
#[derive(Debug, Default)]
pub struct UkWords {
    /// Sorted by word.
    words: Vec<(Box<str>, Vec<u32>)>,
    /// Whether record `i` is in Northern Ireland.
    ni: Vec<bool>,
}

impl UkWords {
    /// Reads every UK record of `index` once.
    pub(crate) fn build(index: &Index) -> UkWords {
        let n = index.uk_len();
        let mut map: BTreeMap<String, Vec<u32>> = BTreeMap::new();
        let mut ni = Vec::with_capacity(n as usize);
        let mut terms = Vec::new();
        for i in 0..n {
            let Some(a) = index.uk_address(i) else {
                ni.push(false);
                continue;
            };
            ni.push(a.country == UkCountry::Ni);
            terms.clear();
            crate::text::index_terms(&words_of(&a), &mut terms);
            terms.sort_unstable();
            terms.dedup();
            for t in terms.drain(..) {
                map.entry(t).or_default().push(i);
            }
        }
        UkWords {
            words: map
                .into_iter()
                .map(|(w, ids)| (w.into_boxed_str(), ids))
                .collect(),
            ni,
        }
    }

    /// The records holding `word`.
    fn exact(&self, word: &str) -> &[u32] {
        match self.words.binary_search_by(|(w, _)| (**w).cmp(word)) {
            Ok(at) => &self.words[at].1,
            Err(_) => &[],
        }
    }

    /// The records holding a word that begins with `prefix` (sorted, at most [`MAX_UK_SCAN`]).
    fn prefixed(&self, prefix: &str) -> Vec<u32> {
        let start = self.words.partition_point(|(w, _)| &**w < prefix);
        let mut out: Vec<u32> = Vec::new();
        for (w, ids) in &self.words[start..] {
            if !w.starts_with(prefix) || out.len() >= MAX_UK_SCAN {
                break;
            }
            out.extend_from_slice(ids);
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn in_country(&self, i: u32, country: UkCountry) -> bool {
        self.ni.get(i as usize).copied().unwrap_or(false) == (country == UkCountry::Ni)
    }

    /// The records of `country` scored by how many of `typed` they hold (the last word as a
    /// prefix when `prefix`), the most first, then in index order; the typed words' count.
    pub(crate) fn scored(
        &self,
        typed: &[String],
        prefix: bool,
        country: UkCountry,
    ) -> (Vec<(usize, u32)>, usize) {
        let Some((last, whole)) = typed.split_last() else {
            return (Vec::new(), 0);
        };
        let last_list = if prefix {
            self.prefixed(last)
        } else {
            self.exact(last).to_vec()
        };
        let mut lists: Vec<&[u32]> = whole.iter().map(|w| self.exact(w)).collect();
        lists.push(&last_list);
        lists.sort_by_key(|l| l.len());
        // Candidates: the records of the rarest typed word that any record holds.
        let base = lists
            .iter()
            .find(|l| !l.is_empty())
            .map_or(&[][..], |l| &l[..]);
        let mut scored: Vec<(usize, u32)> = base
            .iter()
            .take(MAX_UK_SCAN)
            .filter(|&&i| self.in_country(i, country))
            .map(|&i| {
                let held = lists.iter().filter(|l| l.binary_search(&i).is_ok()).count();
                (held, i)
            })
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        (scored, lists.len())
    }

    /// The records of `country` holding every one of `typed` (whole words), in index order.
    pub(crate) fn holding_all(&self, typed: &[String], country: UkCountry) -> Vec<u32> {
        let (scored, n) = self.scored(typed, false, country);
        scored
            .into_iter()
            .take_while(|s| n > 0 && s.0 == n)
            .map(|s| s.1)
            .collect()
    }
}

/// The words of a UK address as its postal lines give them, postcode last.
fn words_of(a: &UkAddress) -> String {
    [
        a.organisation.as_deref(),
        a.sub_building.as_deref(),
        a.building_name.as_deref(),
        a.building_number.as_deref(),
        a.thoroughfare.as_deref(),
        a.dependent_locality.as_deref(),
        Some(a.post_town.as_str()),
        Some(a.postcode.as_str()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ")
}
