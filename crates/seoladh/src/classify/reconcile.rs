//! Words the matcher left over, weighed against the best candidate's own address.
//!
//! The matcher only corrects typos in words of four letters or more, and only through the
//! term dictionary; a short typo (`LSK` for LUSK, `RSE` for RISE), an abbreviation it does not
//! know (`CRES`) or a word it gave to a rival element (`BUNDORAN` read as the locality, not the
//! post town) is left "unexplained", which makes an otherwise whole match partial (400). Once the
//! best candidate is chosen, a clerk reads such a word against *that* address only: when it is
//! one of the address's own words, a small misspelling of one, or a prefix of one, it is
//! explained (a misspelling sets `isSpellingChanged`). A word that resembles nothing of the
//! candidate stays unexplained. The candidate is never changed here, so this cannot turn a
//! different address into a confident answer: it only decides whether the chosen one is whole.
//!
//! The same reading decides 550 NoAddressMatch (`docs/matching.md` §2 "nothing plausible matched"):
//! see [`nothing_distinctive`].

use crate::index::{Index, NONE};
use crate::search::{Candidate, Search};
use crate::text::TokenKind;

/// Words that stand before a county (`Co. Westmeatw`): left over when the county itself was
/// misspelt, they carry no meaning of their own.
const COUNTY_PREFIXES: [&str; 3] = ["co", "county", "contae"];

/// Words that say where along or which part (`UPPER`, `NORTH`): as generic as a street type.
const QUALIFIERS: [&str; 9] = [
    "upper", "lower", "north", "south", "east", "west", "middle", "great", "little",
];

/// Most own-address terms collected for one candidate (an address has at most a few dozen).
const MAX_OWN_TERMS: usize = 256;

/// The words of a candidate's own address, in every form the index knows (English, Irish,
/// aliases), as normalised terms.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct OwnWords {
    /// Every term, sorted, without repeats.
    pub terms: Vec<String>,
    /// Each name of two words or more, its terms in order (a name typed whole explains its
    /// generic words too: the `UPPER` of `WARD UPPER PRINTING`).
    pub names: Vec<Vec<String>>,
}

/// The words of the candidate's own address ([`OwnWords`]): the place's elements, and for an
/// address point or building its building name, unit, organisation and department.
pub(super) fn own_terms(index: &Index, c: &Candidate) -> OwnWords {
    let mut out = OwnWords::default();
    let add = |name: &str, out: &mut OwnWords| {
        let from = out.terms.len();
        crate::text::index_terms(name, &mut out.terms);
        if out.terms.len() - from >= 2 && out.names.len() < MAX_OWN_NAMES {
            out.names.push(out.terms[from..].to_vec());
        }
    };
    if let Some(row) = index.place(c.place.place) {
        for e in row.elements() {
            if e == NONE {
                continue;
            }
            for v in index.variants(e) {
                add(v.name, &mut out);
            }
        }
    }
    let parts = match (c.address_point, c.building) {
        (Some(ap), _) => index.address_point_parts(ap),
        (None, Some(b)) => index.building_parts(b),
        _ => None,
    };
    if let Some(p) = parts {
        for part in [
            &p.department,
            &p.organisation,
            &p.sub_building,
            &p.building_name,
        ]
        .into_iter()
        .flatten()
        {
            add(&part.english, &mut out);
            if let Some(irish) = &part.irish {
                add(irish, &mut out);
            }
        }
    }
    out.terms.sort_unstable();
    out.terms.dedup();
    out.terms.truncate(MAX_OWN_TERMS);
    out
}

/// Most names of two words or more kept for one candidate.
const MAX_OWN_NAMES: usize = 64;

/// How a left-over word relates to the candidate's own words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reading {
    /// One of them as typed (a word the matcher gave elsewhere, or said twice).
    Same,
    /// A prefix of one (`cres` for crescent): an abbreviation.
    Abbreviated,
    /// A small misspelling of one.
    Misspelt,
}

/// Edits allowed between a left-over word of `chars` characters and an own word.
fn edit_budget(chars: usize) -> usize {
    match chars {
        0..=2 => 0,
        3..=4 => 1,
        _ => 2,
    }
}

/// How `word` reads against the own terms (sorted), if it reads as one of them at all.
pub(super) fn read_word(word: &str, own: &[String]) -> Option<Reading> {
    if own.binary_search_by(|t| t.as_str().cmp(word)).is_ok() {
        return Some(Reading::Same);
    }
    let chars = word.chars().count();
    let budget = edit_budget(chars);
    if budget == 0 || !word.chars().all(char::is_alphabetic) {
        return None;
    }
    let first = word.chars().next();
    let mut abbreviated = false;
    for t in own {
        let t_chars = t.chars().count();
        if t_chars < 3 {
            continue;
        }
        if t_chars > chars && t.starts_with(word) {
            abbreviated = true;
            continue;
        }
        // Short words keep their first letter: `lsk` is LUSK, not ASK.
        if chars <= 3 && t.chars().next() != first {
            continue;
        }
        // The shorter word sets the budget: `maple` is two edits from DALE, half of it.
        let budget = budget.min(edit_budget(t_chars));
        if t_chars.abs_diff(chars) > budget {
            continue;
        }
        let edits = strsim::damerau_levenshtein(word, t);
        // Two edits that change the first letter make another word: `rosse` is not HOUSE.
        if edits <= 1 || (edits <= budget && t.chars().next() == first) {
            return Some(Reading::Misspelt);
        }
    }
    abbreviated.then_some(Reading::Abbreviated)
}

/// Words the candidate explains beyond its match mask: `(mask, misspelt)` – the plan words read
/// as the candidate's own, and whether any of them needed a misspelling. A generic word is read
/// only within one of the candidate's names typed whole ([`typed_names`]).
pub(super) fn reconcile(search: &Search, c: &Candidate, own: &OwnWords) -> (u64, bool) {
    let mut mask = typed_names(search, own) & !c.place.mask;
    let mut misspelt = false;
    let own = &own.terms[..];
    for (i, w) in search.plan.words.iter().enumerate().take(64) {
        let bit = 1u64 << i;
        if (c.place.mask | mask) & bit != 0 {
            continue;
        }
        if COUNTY_PREFIXES.contains(&w.text.as_str()) {
            mask |= bit;
            continue;
        }
        // A line typed twice (`…, CO. CORK, CO. CORK`) whose other copy the candidate explains
        // names nothing more, whichever copy the candidate took.
        let copy_explained = search.plan.words.iter().enumerate().take(64).any(|(j, e)| {
            (c.place.mask | mask) & (1u64 << j) != 0
                && e.text == w.text
                && e.section != w.section
                && search.plan.same_line(e.section, w.section)
        });
        if copy_explained {
            mask |= bit;
            continue;
        }
        // A street type or qualifier belongs with the name typed beside it (`STATION ROAD`):
        // finding the same generic word elsewhere in the candidate (its OLD LAGHEY ROAD) says
        // nothing, so such a word is never read against the candidate.
        if is_generic(search, i) {
            continue;
        }
        // A word typed twice in two different lines names two things (`AN TEACH BÁN, AN BAILE
        // BÁN`): the candidate's one BÁN, matched already, is not the second one too.
        let said_before = search.plan.words[..i].iter().any(|e| e.text == w.text);
        if said_before && !search.plan.repeats(i) {
            continue;
        }
        match read_word(&w.text, own) {
            Some(Reading::Misspelt) => {
                mask |= bit;
                misspelt = true;
            }
            Some(_) => mask |= bit,
            None => {}
        }
    }
    (mask, misspelt)
}

/// The plan words that spell one of the candidate's names of two words or more, word for word
/// and in order within one section.
fn typed_names(search: &Search, own: &OwnWords) -> u64 {
    let words = &search.plan.words;
    let mut mask = 0u64;
    for name in &own.names {
        for start in 0..words.len().min(64) {
            let run = &words[start..];
            let whole = run.len() >= name.len()
                && name
                    .iter()
                    .zip(run)
                    .all(|(t, w)| w.text == *t && w.section == run[0].section);
            if whole {
                let bits = if name.len() >= 64 {
                    u64::MAX
                } else {
                    (1u64 << name.len()) - 1
                };
                mask |= bits << start;
            }
        }
    }
    mask
}

/// Whether a plan word is generic: a street type (`grove`, `road`), a qualifier (`upper`), a
/// stop word, a county or the word before one. Such words match somewhere in every county and
/// say nothing about which address was meant.
fn is_generic(search: &Search, i: usize) -> bool {
    let Some(w) = search.plan.words.get(i) else {
        return true;
    };
    let lex = crate::text::lexicon::lexicon();
    let t = w.text.as_str();
    w.kind == TokenKind::County
        || COUNTY_PREFIXES.contains(&t)
        || QUALIFIERS.contains(&t)
        || lex.street_type(t).is_some()
        || lex.is_stopword(t)
}

/// The 550 rule (`docs/matching.md` §2 "nothing plausible matched"), for a candidate that leaves
/// `leftover` words (of real weight) unexplained after [`reconcile`]: nothing *distinctive*
/// matched when no explained word that is not generic equals one of the candidate's own words,
/// and the left-over words are at least as many as the distinctive words explained (through
/// typos or as part of a longer word). So `91 RATHLAVERNY GROVE, CLONROSKEEN` (only `grove`, and
/// `clonroskeen` read as ROSKEEN) is no match, while `12 INVENTED ROAD, LUSK` (LUSK as typed)
/// stays a partial match at Lusk, and a typo'd address with one stray word stays partial.
pub(super) fn nothing_distinctive(
    search: &Search,
    explained: u64,
    leftover: usize,
    own: &OwnWords,
) -> bool {
    let own = &own.terms[..];
    if leftover == 0 {
        return false;
    }
    let mut distinctive = 0usize;
    for (i, w) in search.plan.words.iter().enumerate().take(64) {
        if explained & (1u64 << i) == 0 || is_generic(search, i) {
            continue;
        }
        if own.binary_search_by(|t| t.as_str().cmp(&w.text)).is_ok() {
            return false;
        }
        distinctive += 1;
    }
    leftover >= distinctive
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(words: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = words.iter().map(|w| (*w).to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn short_typos_read_as_the_candidates_own_words() {
        let o = own(&["lusk", "oak", "rise", "dublin", "crescent", "co"]);
        assert_eq!(read_word("lusk", &o), Some(Reading::Same));
        assert_eq!(read_word("lsk", &o), Some(Reading::Misspelt));
        assert_eq!(read_word("rse", &o), Some(Reading::Misspelt));
        assert_eq!(read_word("dulin", &o), Some(Reading::Misspelt));
        assert_eq!(read_word("dbulin", &o), Some(Reading::Misspelt));
        assert_eq!(read_word("cres", &o), Some(Reading::Abbreviated));
    }

    #[test]
    fn words_unlike_the_candidate_stay_unexplained() {
        let o = own(&["lusk", "oak", "rise", "dublin"]);
        // Another first letter for a three-letter word, too many edits, too short, digits.
        assert_eq!(read_word("ask", &o), None);
        assert_eq!(read_word("rush", &o), None);
        assert_eq!(read_word("xq", &o), None);
        assert_eq!(read_word("swords", &o), None);
        assert_eq!(read_word("l5k", &o), None);
        // Two edits with another first letter are another word; with the same one, a typo.
        let o = own(&["esker", "house", "lucan"]);
        assert_eq!(read_word("rosse", &o), None);
        assert_eq!(read_word("hosue", &o), Some(Reading::Misspelt));
        assert_eq!(read_word("hoosa", &o), Some(Reading::Misspelt));
    }

    #[test]
    fn budget_grows_with_length() {
        assert_eq!(edit_budget(2), 0);
        assert_eq!(edit_budget(3), 1);
        assert_eq!(edit_budget(4), 1);
        assert_eq!(edit_budget(5), 2);
    }
}
