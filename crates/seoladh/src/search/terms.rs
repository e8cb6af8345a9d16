//! Term expansion: each query word becomes the index terms it may stand for, each with a cost.
//!
//! Stages, cheapest first (the matcher runs typos only when the exact pass leaves words
//! unexplained): exact term; English↔Irish equivalent (`road`↔`bothar`); the word with its Irish
//! initial mutation removed or, when the index barely knows it, added (`chliath`→`cliath`,
//! `beigne`→`bheigne`); two adjacent words
//! glued (`silver birches`→`silverbirches`) or one word split (`ballymote`→`bally mote`); then a
//! Levenshtein automaton over the term fst (1 edit from 4 chars, 2 from 8, transpositions count
//! as one); and, for autocomplete, the last word as a prefix.

use std::sync::OnceLock;

use fst::{Automaton, IntoStreamer, Streamer};
use levenshtein_automata::{Distance, LevenshteinAutomatonBuilder};

use crate::index::completions::{typo_walk, Walk};
use crate::index::{unpack_term, Index};
use crate::limits::{MAX_PREFIX_SCAN, MAX_TERM_EXPANSIONS, MAX_TYPO_WORDS, MAX_TYPO_WORD_CHARS};
use crate::search::plan::Plan;
use crate::text::lexicon::lexicon;

/// How a term was reached from the query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// The word itself.
    Exact,
    /// A translation (`road` for `bothar`).
    Equivalent,
    /// Half of a split word.
    Split,
    /// Two query words glued into one term.
    Joined,
    /// Within this many edits.
    Typo(u8),
    /// The word is a prefix of the term (autocomplete).
    Prefix,
}

/// One expansion: a term, the query words it covers, and what it costs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TermHit {
    /// Term id.
    pub term: u32,
    /// Elements containing the term.
    pub df: u32,
    /// Query words covered (one bit, two for [`How::Joined`]).
    pub mask: u64,
    /// How it was reached.
    pub how: How,
    /// 0 for exact; the share of the word's weight lost.
    pub cost: f32,
}

/// How many elements the hits on the query word `bit` (one bit) name together.
pub fn word_df(hits: &[TermHit], bit: u64) -> u64 {
    hits.iter()
        .filter(|h| h.mask & bit != 0)
        .map(|h| u64::from(h.df))
        .sum()
}

/// Completions read of two words glued with the word being typed ([`joined_prefix`]).
const MAX_JOINED_COMPLETIONS: usize = 8;

/// Fewer exact completions than this and the prefix is also read with typos.
const FEW_COMPLETIONS: usize = 8;

/// Elements a term must name for a word typed as it to skip the typo automaton. Misspelt
/// aliases are names too (`AMBERLEY CORUT` beside `AMBERLEY COURT`): a term that rare may be
/// one, and the word is read with typos as well (`90 corut view` is COURT VIEW). Measured on the
/// accuracy benchmark's typo class (full scale, 2,000): 97.35% at 5, 97.75% at 16, 98.40% at 32;
/// at 64 no better, and a confident wrong answer appears in the mixed class.
const KNOWN_WORD_DF: u32 = 32;

/// Elements a completion must name for the prefix it completes to be taken as typed right
/// (`dubl`, `apar`, `heig`: few completions, but common ones). Read with the prefix automaton
/// instead, each costs a walk of much of the dictionary (about 100–250 µs at full scale) and
/// finds nothing that ranks (measured on the prefix benchmark: same figures at 20, 50 and 200).
pub(crate) const KNOWN_PREFIX_DF: u32 = 50;

/// Elements a term may name and still count as rare: a query word that rare (or unknown) is
/// also read with an Irish initial mutation added, or its prothesis removed.
const RARE_WORD_DF: u32 = 64;

/// Cost of reading a word with its Irish initial mutation removed or added: the same name in
/// another grammatical case, nearly free.
const MUTATION_COST: f32 = 0.05;

/// What the expansion stage may use.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stages {
    /// Run typo automata for words of 4+ chars.
    pub typos: bool,
    /// Treat the last word as a prefix.
    pub prefix_last: bool,
    /// Also read the last word glued to the word before it, as the prefix of one term.
    pub join_last: bool,
}

fn builders() -> &'static [LevenshteinAutomatonBuilder; 2] {
    static B: OnceLock<[LevenshteinAutomatonBuilder; 2]> = OnceLock::new();
    B.get_or_init(|| {
        [
            LevenshteinAutomatonBuilder::new(1, true),
            LevenshteinAutomatonBuilder::new(2, true),
        ]
    })
}

/// Cost of reaching a term by `d` edits from a word of `chars` characters.
fn typo_cost(d: u8, chars: usize) -> f32 {
    let base = 0.22 * f32::from(d);
    if chars < 6 {
        base + 0.08
    } else {
        base
    }
}

/// Expands every word of `plan` into `out` (sorted by term, then cost). `walk`: the caller's
/// last typo walk of an autocomplete prefix ([`typo_walk`]), reused when this one extends it.
pub fn expand(index: &Index, plan: &Plan, stages: Stages, walk: &mut Walk, out: &mut Vec<TermHit>) {
    out.clear();
    let lex = lexicon();
    // Typo search is the costly stage: a hostile input (every word garbled) gets it for its
    // first words only, and no word longer than any name's word gets it at all.
    let mut typo_words = 0usize;
    for (i, w) in plan.words.iter().enumerate() {
        let bit = 1u64 << i;
        let exact = index.term(&w.text);
        if let Some((term, df)) = exact {
            out.push(TermHit {
                term,
                df,
                mask: bit,
                how: How::Exact,
                cost: 0.0,
            });
        }
        // A word the index knows well is taken as typed: its near neighbours are mostly rare
        // misspelling aliases that would only crowd out the seeds. A rare exact term may
        // itself be such an alias (`aveune`), so it does not count.
        let mut known = exact.is_some_and(|(_, df)| df >= KNOWN_WORD_DF);
        for eq in lex.equivalents(&w.text) {
            if let Some((term, df)) = index.term(eq) {
                known |= df >= KNOWN_WORD_DF;
                out.push(TermHit {
                    term,
                    df,
                    mask: bit,
                    how: How::Equivalent,
                    cost: 0.1,
                });
            }
        }
        // `St` and `Dr` read the other way (see `QueryWord::also`), as cheap as the reading its
        // position gave: which of two `st` a name takes is then its words' order's to say
        // (`PÁIRC ST CANICE'S ST JOHNS RD`).
        if let Some(also) = w.also {
            push_equivalent(index, also, bit, 0.0, out);
        }
        // Irish initial mutations the tokeniser kept (it removes one only where that is safe
        // for English words): the word without its mutation (`chliath`, `an tinbhear`), and,
        // for a word the index barely knows, with one (a name keeps a séimhiú the query
        // dropped: `Lios Beigne` for `Lios Bheigne`). A prothesis before a vowel is also the
        // shape of plain English (`hill`, `tower`): that reading is tried for rare words only.
        // These readings leave the word open to typo search (`gcove` may be `grove` mistyped).
        let rare = exact.map_or(true, |(_, df)| df < RARE_WORD_DF);
        if let Some((base, prothesis)) = lex.strip_mutation(&w.text) {
            if (!prothesis || rare) && push_equivalent(index, &base, bit, MUTATION_COST, out) {
                for eq in lex.equivalents(&base) {
                    push_equivalent(index, eq, bit, MUTATION_COST + 0.1, out);
                }
            }
        }
        if rare {
            lex.for_each_mutated_form(&w.text, |form| {
                push_equivalent(index, form, bit, MUTATION_COST, out);
            });
        }
        // Two adjacent words of one section written as one term; with the word being typed,
        // the terms the two begin (`church vi` is CHURCHVIEW).
        if let Some(next) = plan.words.get(i + 1) {
            if next.section == w.section && next.token == w.token + 1 {
                let mask = bit | (bit << 1);
                if stages.join_last && next.last {
                    let typed = plan.last_typed.as_deref().unwrap_or(&next.text);
                    joined_prefix(index, &format!("{}{typed}", w.text), mask, out);
                } else if let Some((term, df)) = index.term(&format!("{}{}", w.text, next.text)) {
                    out.push(TermHit {
                        term,
                        df,
                        mask,
                        how: How::Joined,
                        cost: 0.1,
                    });
                }
            }
        }
        let chars = w.text.chars().count();
        let typos_left = typo_words < MAX_TYPO_WORDS && chars <= MAX_TYPO_WORD_CHARS;
        if exact.is_none() && chars >= 6 && w.text.is_ascii() {
            split(index, &w.text, bit, out);
        }
        if stages.prefix_last && w.last {
            // Typed as `115 M`: a number, then this word, and nothing else.
            let beside_number = plan.words.len() == 1
                && plan.numbers.len() == 1
                && plan.numbers[0].token == 0
                && w.token == 1;
            // An abbreviation being typed: its own completions (the expanded word is an exact
            // hit above).
            let typed = plan.last_typed.as_deref().unwrap_or(&w.text);
            prefix(index, typed, bit, stages.typos, beside_number, walk, out);
        } else if stages.typos && typos_left && w.typo_budget > 0 && !known {
            typo_words += 1;
            // A rare word the index has is read with one edit at most: two would walk much of
            // the dictionary for a word that is probably typed right.
            let budget = if exact.is_some() { 1 } else { w.typo_budget };
            typos(index, &w.text, budget, chars, bit, out);
        } else if stages.typos
            && typos_left
            && !known
            && chars == 3
            && w.text.bytes().all(|b| b.is_ascii_lowercase())
        {
            typo_words += 1;
            // A three-letter word that is no term, or a rare one, is usually a clipped one
            // (`roa`, `mai`): read as the terms it is with a letter added, not as every term
            // one edit away (`nas` is NAAS, not the LAS of a misspelt alias). A word with
            // digits is a code (`o11`, `n10`), never a district one edit away.
            clipped(index, &w.text, chars, bit, out);
        }
    }
    out.sort_by(|a, b| {
        a.term
            .cmp(&b.term)
            .then(a.cost.total_cmp(&b.cost))
            .then(a.mask.cmp(&b.mask))
    });
}

/// Adds the index term `text` (when there is one) as an equivalent reading of word `bit`;
/// whether it was found.
fn push_equivalent(index: &Index, text: &str, bit: u64, cost: f32, out: &mut Vec<TermHit>) -> bool {
    let Some((term, df)) = index.term(text) else {
        return false;
    };
    out.push(TermHit {
        term,
        df,
        mask: bit,
        how: How::Equivalent,
        cost,
    });
    true
}

/// A word glued from two terms (`ballymote` → `bally`+`mote` when only the halves exist).
fn split(index: &Index, word: &str, bit: u64, out: &mut Vec<TermHit>) {
    for k in 3..word.len().saturating_sub(2) {
        let (a, b) = word.split_at(k);
        if let (Some((ta, da)), Some((tb, db))) = (index.term(a), index.term(b)) {
            for (term, df) in [(ta, da), (tb, db)] {
                out.push(TermHit {
                    term,
                    df,
                    mask: bit,
                    how: How::Split,
                    cost: 0.1,
                });
            }
            return;
        }
    }
}

fn typos(index: &Index, word: &str, budget: u8, chars: usize, bit: u64, out: &mut Vec<TermHit>) {
    let mut found: Vec<(u8, u32, u32)> = Vec::new();
    if word.is_ascii() {
        index.one_edit().neighbours(word.as_bytes(), &mut found);
    }
    // Two edits only when one finds nothing: the automaton walks far more of the dictionary.
    if (budget >= 2 && found.is_empty()) || !word.is_ascii() {
        let builder = &builders()[usize::from(budget.min(2)) - 1];
        let dfa = builder.build_dfa(word);
        let mut stream = index.terms().search(&dfa).into_stream();
        while let Some((key, v)) = stream.next() {
            if let Distance::Exact(d) = dfa.eval(key) {
                if d > 0 {
                    let (term, df) = unpack_term(v);
                    found.push((d, term, df));
                }
            }
            if found.len() >= MAX_TERM_EXPANSIONS * 4 {
                break;
            }
        }
    }
    push_typos(found, chars, bit, out);
}

/// The terms a clipped word is with one letter added ([`OneEdit::insertions`]), as typos.
///
/// [`OneEdit::insertions`]: crate::index::one_edit::OneEdit::insertions
fn clipped(index: &Index, word: &str, chars: usize, bit: u64, out: &mut Vec<TermHit>) {
    let mut found: Vec<(u8, u32, u32)> = Vec::new();
    index.one_edit().insertions(word.as_bytes(), &mut found);
    push_typos(found, chars, bit, out);
}

/// The closest and commonest of `found` (`(edits, term, df)`) as typo hits of word `bit`.
fn push_typos(mut found: Vec<(u8, u32, u32)>, chars: usize, bit: u64, out: &mut Vec<TermHit>) {
    // Closest first, then the commoner term (more likely what was meant).
    found.sort_by(|a, b| a.0.cmp(&b.0).then(b.2.cmp(&a.2)).then(a.1.cmp(&b.1)));
    found.dedup_by_key(|f| f.1);
    for (d, term, df) in found.into_iter().take(MAX_TERM_EXPANSIONS) {
        out.push(TermHit {
            term,
            df,
            mask: bit,
            how: How::Typo(d),
            cost: typo_cost(d, chars),
        });
    }
}

/// The terms `word` begins (the last word of autocomplete input), commonest first.
/// `beside_number`: the input is a number and this word (`115 M`).
fn prefix(
    index: &Index,
    word: &str,
    bit: u64,
    typos: bool,
    beside_number: bool,
    walk: &mut Walk,
    out: &mut Vec<TermHit>,
) {
    let chars = word.chars().count();
    if chars < 2 && !beside_number {
        // One letter completes to everything: wait for the next keystroke. Beside a number
        // alone (`115 M`) nothing else could seed: the commonest words it begins do, and the
        // number picks among their places.
        return;
    }
    let mut found: Vec<(u32, u32, u32, f32)> = Vec::new();
    let cost = |len: usize| 0.3 * len.saturating_sub(word.len()) as f32 / len.max(1) as f32;
    match index.completions(word.as_bytes()) {
        Some(tabled) => {
            found.extend(
                tabled
                    .iter()
                    .map(|c| (c.df, c.term, c.len, cost(c.len as usize))),
            );
        }
        None => for_each_completion(index, word, |len, term, df| {
            found.push((df, term, len as u32, cost(len)));
        }),
    }
    // Typos in the prefix only when it completes to little: a prefix with many real
    // completions, or with a common one, is most likely typed right, and the prefix automaton
    // is costly.
    let known = found.iter().any(|f| f.0 >= KNOWN_PREFIX_DF);
    if typos && chars >= 4 && found.len() < FEW_COMPLETIONS && !known {
        // One edit: a prefix automaton with two walks most of the dictionary.
        typo_walk(index, word, MAX_TERM_EXPANSIONS * 4, walk, |len, v, d| {
            let (term, df) = unpack_term(v);
            found.push((df, term, len as u32, typo_cost(d, chars) + 0.1));
        });
    }
    // Commonest completions first: they are what most people are typing.
    found.sort_by(|a, b| a.3.total_cmp(&b.3).then(b.0.cmp(&a.0)).then(a.1.cmp(&b.1)));
    found.dedup_by_key(|f| f.1);
    for (df, term, _, cost) in found.into_iter().take(MAX_TERM_EXPANSIONS) {
        out.push(TermHit {
            term,
            df,
            mask: bit,
            how: if cost == 0.0 { How::Exact } else { How::Prefix },
            cost,
        });
    }
}

/// Calls `f(key length, term, df)` for each term beginning with `word`, in dictionary order,
/// at most [`MAX_PREFIX_SCAN`] of them.
fn for_each_completion(index: &Index, word: &str, mut f: impl FnMut(usize, u32, u32)) {
    let automaton = fst::automaton::Str::new(word).starts_with();
    let mut stream = index.terms().search(automaton).into_stream();
    let mut read = 0;
    while let Some((key, v)) = stream.next() {
        let (term, df) = unpack_term(v);
        f(key.len(), term, df);
        read += 1;
        if read >= MAX_PREFIX_SCAN {
            break;
        }
    }
}

/// Completions of a word and the word being typed after it, glued (`churchvi`): the
/// commonest [`MAX_JOINED_COMPLETIONS`], each costing a joined term's 0.1 plus what it adds to
/// the prefix.
fn joined_prefix(index: &Index, joined: &str, mask: u64, out: &mut Vec<TermHit>) {
    let mut found: Vec<(u32, u32, usize)> = Vec::new();
    for_each_completion(index, joined, |len, term, df| found.push((df, term, len)));
    found.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (df, term, len) in found.into_iter().take(MAX_JOINED_COMPLETIONS) {
        out.push(TermHit {
            term,
            df,
            mask,
            how: How::Joined,
            cost: 0.1 + 0.3 * len.saturating_sub(joined.len()) as f32 / len.max(1) as f32,
        });
    }
}

/// Looks up the hits for a term in hits sorted by term.
pub fn hits_for(hits: &[TermHit], term: u32) -> &[TermHit] {
    let start = hits.partition_point(|h| h.term < term);
    let end = start + hits[start..].partition_point(|h| h.term == term);
    &hits[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::completions::COMMONEST_COMPLETIONS;

    fn frozen() -> Index {
        crate::index::frozen_for_tests()
    }

    fn all_terms(index: &Index) -> Vec<String> {
        let mut out = Vec::new();
        let mut stream = index.terms().stream();
        while let Some((k, _)) = stream.next() {
            out.push(String::from_utf8_lossy(k).into_owned());
        }
        out
    }

    /// The terms `query` expands to without typos, as (word index, term text, how).
    fn expansions(index: &Index, query: &str) -> Vec<(u32, String, How)> {
        let terms = all_terms(index);
        let plan = Plan::from_tokens(&crate::text::tokenise(query));
        let mut hits = Vec::new();
        expand(
            index,
            &plan,
            Stages::default(),
            &mut Walk::default(),
            &mut hits,
        );
        hits.iter()
            .map(|h| {
                (
                    h.mask.trailing_zeros(),
                    terms[h.term as usize].clone(),
                    h.how,
                )
            })
            .collect()
    }

    /// Irish initial mutations the tokeniser keeps are read both ways by the expansion: a
    /// séimhiú the query dropped is added back (`bluindeil` → `bhluindeil`, as the data keeps
    /// it), a t-prothesis the query dropped is added (`iochtar` → `tiochtar`), and a séimhiú the
    /// query added is removed (`bhrigin` → `brigin`), all as cheap equivalents, not typos.
    #[test]
    fn irish_mutations_read_both_ways() {
        // The bundled fixture dataset (Dublin, Donegal, Leitrim): its Irish names keep the
        // mutations the expansion has to read.
        let index = crate::index::fixture_for_tests();
        let terms = all_terms(&index);
        let has = |t: &str| terms.iter().any(|x| x == t);
        assert!(
            has("bhluindeil") && !has("bluindeil"),
            "fixture names keep the séimhiú"
        );
        let e = expansions(&index, "kilwarden court baile bluindeil");
        assert!(
            e.contains(&(3, "bhluindeil".into(), How::Equivalent)),
            "{e:?}"
        );
        assert!(has("tiochtar") && !has("iochtar"));
        let e = expansions(&index, "the lodge an iochtar");
        assert!(
            e.contains(&(3, "tiochtar".into(), How::Equivalent)),
            "{e:?}"
        );
        // A lenited word the tokeniser cannot safely undo: the base is tried as a term.
        assert!(has("brigin") && !has("bhrigin"));
        let e = expansions(&index, "baile bhrigin");
        assert!(e.contains(&(1, "brigin".into(), How::Equivalent)), "{e:?}");
        // English words of the same shape keep their exact reading and gain no prothesis-less
        // one when the index knows them well (`hill` is not read as `ill`).
        let e = expansions(&index, "church hill");
        assert!(
            e.iter().all(|(_, t, _)| t != "ill" && t != "curch"),
            "{e:?}"
        );
    }

    /// The one-edit neighbourhood from the deletion table is exactly what the Levenshtein
    /// automaton finds.
    #[test]
    fn one_edit_table_matches_the_automaton() {
        let index = frozen();
        let terms = all_terms(&index);
        assert!(terms.len() > 20, "the frozen index has a dictionary");
        let mut words: Vec<String> = Vec::new();
        for t in &terms {
            words.push(t.clone());
            let b = t.as_bytes();
            if b.len() >= 3 {
                // A deletion, a transposition and a substitution of each sampled term.
                words.push(format!("{}{}", &t[..1], &t[2..]));
                let mut s = b.to_vec();
                s.swap(1, 2);
                words.push(String::from_utf8_lossy(&s).into_owned());
                words.push(format!("{}q{}", &t[..1], &t[2..]));
            }
        }
        let mut with_neighbours = 0;
        for w in words.iter().filter(|w| w.is_ascii()) {
            let mut walked = Vec::new();
            index.one_edit().neighbours(w.as_bytes(), &mut walked);
            let dfa = builders()[0].build_dfa(w);
            let mut stream = index.terms().search(&dfa).into_stream();
            let mut automaton = Vec::new();
            while let Some((key, v)) = stream.next() {
                if let Distance::Exact(1) = dfa.eval(key) {
                    let (term, df) = unpack_term(v);
                    automaton.push((1, term, df));
                }
            }
            automaton.sort_unstable();
            assert_eq!(walked, automaton, "one-edit neighbours of {w:?}");
            with_neighbours += usize::from(!walked.is_empty());
        }
        assert!(
            with_neighbours > 20,
            "{with_neighbours} words had neighbours"
        );
    }

    /// The tabled completions of a short prefix are the best of a full scan, in order: the
    /// commonest few, however long, and then the shortest.
    #[test]
    fn tabled_completions_match_a_scan() {
        // The bundled fixture has prefixes whose commonest completions are long.
        let mut longer_kept = 0;
        for index in [frozen(), crate::index::fixture_for_tests()] {
            let terms = all_terms(&index);
            let mut prefixes: Vec<String> = terms
                .iter()
                .flat_map(|t| (1..=6).filter_map(move |n| t.get(..n).map(str::to_string)))
                .collect();
            prefixes.sort();
            prefixes.dedup();
            for p in &prefixes {
                let mut scan: Vec<(u32, u32, u32)> = Vec::new();
                let automaton = fst::automaton::Str::new(p).starts_with();
                let mut stream = index.terms().search(automaton).into_stream();
                while let Some((key, v)) = stream.next() {
                    let (term, df) = unpack_term(v);
                    scan.push((key.len() as u32, df, term));
                }
                let shortest = |a: &(u32, u32, u32), b: &(u32, u32, u32)| {
                    a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2))
                };
                scan.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
                let commonest: Vec<u32> = scan
                    .iter()
                    .take(COMMONEST_COMPLETIONS)
                    .map(|c| c.2)
                    .collect();
                scan.sort_by(shortest);
                let mut kept: Vec<(u32, u32, u32)> = scan
                    .iter()
                    .filter(|c| commonest.contains(&c.2))
                    .copied()
                    .collect();
                let rest = scan.iter().filter(|c| !commonest.contains(&c.2));
                kept.extend(rest.take(MAX_TERM_EXPANSIONS.saturating_sub(kept.len())));
                kept.sort_by(shortest);
                // A completion too long to be among the shortest kept for being common.
                longer_kept += usize::from(kept[..] != scan[..scan.len().min(MAX_TERM_EXPANSIONS)]);
                let scan = kept;
                let tabled: Vec<(u32, u32, u32)> = index
                    .completions(p.as_bytes())
                    .expect("a tabled length")
                    .iter()
                    .map(|c| (c.len, c.df, c.term))
                    .collect();
                assert_eq!(tabled, scan, "completions of {p:?}");
            }
        }
        assert!(longer_kept > 0, "no prefix kept a long common completion");
        let index = frozen();
        assert!(index.completions(b"abcdefg").is_none());
        assert!(index.completions(b"").is_none());
    }
}
