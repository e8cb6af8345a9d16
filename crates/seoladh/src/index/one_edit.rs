//! Terms one edit from a word, found through a table of the dictionary's deletions.
//!
//! Find Address reads a word the index barely knows with one edit: a letter dropped, added or
//! changed, or two neighbours swapped. Walking the term fst for every such edit costs tens of
//! thousands of instructions per word. Instead every ASCII term, and every term with one letter
//! deleted, is keyed by hash once (at first use: about eight keys per term). Two words one edit
//! apart share a key (the word, or a deletion of it, is the term or one of the term's
//! deletions), so a word's neighbourhood is the terms behind its own few keys, each checked
//! exactly.

use fst::Streamer;

use crate::index::unpack_term;
use crate::text::lexicon::one_slip;
use rustc_hash::FxHasher;

/// The deletion table of a term dictionary, and an exact table of its ASCII terms.
#[derive(Debug, Default)]
pub struct OneEdit {
    /// `(key hash, term slot)`, sorted.
    keys: Vec<(u64, u32)>,
    /// Open addressing by term hash over the ASCII terms of up to [`EXACT_MAX_LEN`] bytes,
    /// each slot holding its term's text and fst value: a query word's term is found in one
    /// cache line, where the fst takes a node per letter.
    exact: Vec<ExactSlot>,
    /// Per term slot: packed fst value, start of its text in `text`, length.
    terms: Vec<(u64, u32, u32)>,
    /// The ASCII terms, back to back.
    text: Vec<u8>,
}

impl OneEdit {
    /// Keys every ASCII term of `terms` and each of its one-letter deletions.
    pub fn build<D: AsRef<[u8]>>(terms: &fst::Map<D>) -> OneEdit {
        let mut t = OneEdit::default();
        let mut del = Vec::new();
        let mut stream = terms.stream();
        while let Some((key, v)) = stream.next() {
            if !key.is_ascii() {
                continue;
            }
            let (Ok(slot), Ok(start), Ok(len)) = (
                u32::try_from(t.terms.len()),
                u32::try_from(t.text.len()),
                u32::try_from(key.len()),
            ) else {
                break;
            };
            t.terms.push((v, start, len));
            t.text.extend_from_slice(key);
            t.keys.push((hash(key), slot));
            for i in 0..key.len() {
                // Deleting either of two equal neighbours gives the same string.
                if i > 0 && key[i] == key[i - 1] {
                    continue;
                }
                deletion(key, i, &mut del);
                t.keys.push((hash(&del), slot));
            }
        }
        t.keys.sort_unstable();
        t.keys.dedup();
        // At most two thirds full: probes stay short and the table small (2 MiB at full scale).
        let mut exact =
            vec![ExactSlot::default(); (t.terms.len() * 3 / 2).next_power_of_two().max(2)];
        let mask = exact.len() - 1;
        for slot in 0..t.terms.len() {
            let (Some(term), Some(&(value, _, _))) = (t.text_of(slot), t.terms.get(slot)) else {
                continue;
            };
            if term.is_empty() || term.len() > EXACT_MAX_LEN {
                continue;
            }
            let mut at = hash(term) as usize & mask;
            while exact[at].len != 0 {
                at = (at + 1) & mask;
            }
            let e = &mut exact[at];
            e.value = value;
            e.len = term.len() as u32;
            e.text[..term.len()].copy_from_slice(term);
        }
        t.exact = exact;
        t
    }

    /// `Some(the packed fst value of word)`, or `Some(None)` when no term is `word`. `None`
    /// when the table cannot tell (a word that is not ASCII, or longer than
    /// `EXACT_MAX_LEN`): the fst must be asked.
    #[inline]
    pub fn exact(&self, word: &[u8]) -> Option<Option<u64>> {
        if word.len() > EXACT_MAX_LEN || !word.is_ascii() {
            return None;
        }
        if self.exact.is_empty() || word.is_empty() {
            return Some(None);
        }
        let mask = self.exact.len() - 1;
        let mut at = hash(word) as usize & mask;
        loop {
            let e = &self.exact[at];
            if e.len == 0 {
                return Some(None);
            }
            if e.len as usize == word.len() && &e.text[..word.len()] == word {
                return Some(Some(e.value));
            }
            at = (at + 1) & mask;
        }
    }

    fn text_of(&self, slot: usize) -> Option<&[u8]> {
        let &(_, from, len) = self.terms.get(slot)?;
        self.text.get(from as usize..from as usize + len as usize)
    }

    /// Appends `(1, term id, df)` for every term exactly one edit (optimal string alignment:
    /// deletion, insertion, substitution, adjacent transposition) from `word`, then sorts and
    /// removes duplicates. `word` must be ASCII (other words find nothing here).
    pub fn neighbours(&self, word: &[u8], out: &mut Vec<(u8, u32, u32)>) {
        if !word.is_ascii() {
            return;
        }
        self.probe(word, hash(word), |_| true, out);
        let mut del = Vec::with_capacity(word.len());
        for i in 0..word.len() {
            if i > 0 && word[i] == word[i - 1] {
                continue;
            }
            deletion(word, i, &mut del);
            self.probe(word, hash(&del), |_| true, out);
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Appends `(1, term id, df)` for every term that is `word` with one letter added (`mai`
    /// for MAIN, `roa` for ROAD: how a short word is clipped), sorted, without duplicates. The
    /// word's own key holds them (each has the word as one of its deletions).
    pub fn insertions(&self, word: &[u8], out: &mut Vec<(u8, u32, u32)>) {
        if !word.is_ascii() {
            return;
        }
        self.probe(word, hash(word), |t| t.len() == word.len() + 1, out);
        out.sort_unstable();
        out.dedup();
    }

    fn probe(
        &self,
        word: &[u8],
        h: u64,
        keep: impl Fn(&[u8]) -> bool,
        out: &mut Vec<(u8, u32, u32)>,
    ) {
        let start = self.keys.partition_point(|k| k.0 < h);
        for &(_, slot) in self.keys[start..].iter().take_while(|k| k.0 == h) {
            let (Some(term), Some(&(v, _, _))) =
                (self.text_of(slot as usize), self.terms.get(slot as usize))
            else {
                continue;
            };
            if keep(term) && one_slip(word, term) {
                let (id, df) = unpack_term(v);
                out.push((1, id, df));
            }
        }
    }
}

/// Longest term the exact table holds (longer ones are asked of the fst; few terms are).
const EXACT_MAX_LEN: usize = 20;

/// One slot of the exact table: 32 bytes, so a probe reads one cache line.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(32))]
struct ExactSlot {
    /// Packed fst value.
    value: u64,
    /// Text length; 0 marks an empty slot.
    len: u32,
    text: [u8; EXACT_MAX_LEN],
}

fn hash(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = FxHasher::default();
    h.write(bytes);
    h.write_u32(bytes.len() as u32);
    h.finish()
}

/// `word` without its byte `i`, into `out`.
fn deletion(word: &[u8], i: usize, out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(&word[..i]);
    out.extend_from_slice(&word[i + 1..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every term at edit distance one by brute force (optimal string alignment distance).
    fn osa(a: &[u8], b: &[u8]) -> usize {
        let (n, m) = (a.len(), b.len());
        let mut d = vec![vec![0usize; m + 1]; n + 1];
        for (i, row) in d.iter_mut().enumerate() {
            row[0] = i;
        }
        for (j, cell) in d[0].iter_mut().enumerate() {
            *cell = j;
        }
        for i in 1..=n {
            for j in 1..=m {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                d[i][j] = (d[i - 1][j] + 1)
                    .min(d[i][j - 1] + 1)
                    .min(d[i - 1][j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
                }
            }
        }
        d[n][m]
    }

    /// `words` sorted and deduplicated, and a term map of them: term id = rank, every df `df`.
    fn dictionary<'w>(words: &[&'w str], df: u64) -> (Vec<&'w str>, fst::Map<Vec<u8>>) {
        let mut sorted = words.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let map = fst::Map::from_iter(
            sorted
                .iter()
                .enumerate()
                .map(|(i, w)| (*w, (df << 32) | i as u64)),
        )
        .unwrap();
        (sorted, map)
    }

    #[test]
    fn neighbours_are_exactly_the_terms_one_edit_away() {
        let words = [
            "ashgrove", "ashgrave", "asgrove", "road", "raod", "rod", "broad", "abbey", "abey",
            "abbeyy", "kells", "kels", "eels", "sells", "dublin", "dubiln", "dublinn", "a", "ab",
            "ba", "aab", "aba", "baa", "street", "stret", "tsreet", "lane", "laen", "lana",
        ];
        let (sorted, map) = dictionary(&words, 7);
        let table = OneEdit::build(&map);
        let queries = [
            "ashgroe", "road", "rd", "kels", "dubln", "aab", "ab", "x", "lnae", "strete",
        ];
        for q in queries.iter().chain(sorted.iter()) {
            let mut got = Vec::new();
            table.neighbours(q.as_bytes(), &mut got);
            let mut want: Vec<(u8, u32, u32)> = sorted
                .iter()
                .enumerate()
                .filter(|(_, w)| osa(q.as_bytes(), w.as_bytes()) == 1)
                .map(|(i, _)| (1, i as u32, 7))
                .collect();
            want.sort_unstable();
            assert_eq!(got, want, "{q}");
            for w in &sorted {
                assert_eq!(
                    one_slip(q.as_bytes(), w.as_bytes()),
                    osa(q.as_bytes(), w.as_bytes()) == 1,
                    "{q} {w}"
                );
            }
        }
    }

    #[test]
    fn insertions_are_the_terms_one_letter_longer() {
        let words = [
            "road", "rod", "roads", "rad", "broad", "main", "maid", "mai", "man", "aim",
        ];
        let (sorted, map) = dictionary(&words, 5);
        let table = OneEdit::build(&map);
        for q in ["rod", "roa", "mai", "man", "xyz"] {
            let mut got = Vec::new();
            table.insertions(q.as_bytes(), &mut got);
            let mut want: Vec<(u8, u32, u32)> = sorted
                .iter()
                .enumerate()
                .filter(|(_, w)| w.len() == q.len() + 1 && osa(q.as_bytes(), w.as_bytes()) == 1)
                .map(|(i, _)| (1, i as u32, 5))
                .collect();
            want.sort_unstable();
            assert_eq!(got, want, "{q}");
        }
        let mut got = Vec::new();
        table.insertions(b"mai", &mut got);
        let texts: Vec<&str> = got.iter().map(|g| sorted[g.1 as usize]).collect();
        assert_eq!(texts, ["maid", "main"]);
    }

    #[test]
    fn the_exact_table_answers_as_the_fst_does() {
        let words = [
            "abbey",
            "ashgrove",
            "dublin",
            "kells",
            "road",
            "street",
            "páirc",
            "a",
            "abcdefghijklmnopqrst",
            "abcdefghijklmnopqrstu",
        ];
        let (_, map) = dictionary(&words, 3);
        let table = OneEdit::build(&map);
        for q in [
            "abbey", "road", "roa", "roads", "", "a", "b", "kells", "street", "dublin",
        ] {
            assert_eq!(table.exact(q.as_bytes()), Some(map.get(q)), "{q}");
        }
        assert_eq!(
            table.exact(b"abcdefghijklmnopqrst"),
            Some(map.get("abcdefghijklmnopqrst"))
        );
        assert_eq!(table.exact(b"abcdefghijklmnopqrstu"), None);
        assert_eq!(table.exact("páirc".as_bytes()), None);
        assert_eq!(OneEdit::default().exact(b"road"), Some(None));
    }
}
