//! UK place names that tell a foreign address in an Irish search (`docs/matching.md` §2, 600): the
//! UK countries, the UK counties and the UK towns of the bundled reference lists
//! (`data/uk_towns.txt`, `data/uk_counties.txt`; sources in their headers).
//!
//! Names are kept in the form the tokeniser gives a query's words (`Stoke-on-Trent` →
//! `stoke on trent`, `County Durham` → `county durham`), so a run of query words is looked up
//! as it is. Whether an Irish place shares a name is the index's business, not this list's.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::sync::OnceLock;

use super::lexicon::{lexicon, WordInfo};
use rustc_hash::FxBuildHasher;

const TOWNS: &str = include_str!("data/uk_towns.txt");
const COUNTIES: &str = include_str!("data/uk_counties.txt");

/// The UK and its countries as the tokeniser writes them (`U.K.` → `u k`), sorted.
const COUNTRIES: [&str; 11] = [
    "britain",
    "cymru",
    "england",
    "gb",
    "great britain",
    "northern ireland",
    "scotland",
    "u k",
    "uk",
    "united kingdom",
    "wales",
];

/// The Republic as people end an Irish address with it (`Ireland`, `Éire`, `Irland`): read as no
/// place at all.
pub const IRISH_COUNTRY: [&str; 5] = ["eire", "ireland", "irl", "irland", "roi"];

/// The UK place-name lists, normalised and sorted.
#[derive(Debug)]
pub struct UkPlaces {
    towns: Vec<String>,
    counties: Vec<String>,
    /// The last word of every name (and of the Republic's): a run of words whose last one is
    /// not here names nothing, which is what most words of an Irish address show at the cost
    /// of one hash lookup.
    last_words: HashSet<String, FxBuildHasher>,
}

/// The lists, read once.
pub fn uk_places() -> &'static UkPlaces {
    static PLACES: OnceLock<UkPlaces> = OnceLock::new();
    PLACES.get_or_init(|| {
        let towns = keys(TOWNS, false);
        let counties = keys(COUNTIES, true);
        let last_words = towns
            .iter()
            .map(String::as_str)
            .chain(counties.iter().map(String::as_str))
            .chain(COUNTRIES)
            .chain(IRISH_COUNTRY)
            .filter_map(|n| n.rsplit(' ').next())
            .map(str::to_owned)
            .collect();
        UkPlaces {
            towns,
            counties,
            last_words,
        }
    })
}

/// The normalised names of a list, sorted: a name made only of address words (the town of
/// `Street`) is left out, it would read every `… Street` as foreign; for counties the form
/// without `County` is added (`durham` for `County Durham`).
fn keys(list: &str, counties: bool) -> Vec<String> {
    let lex = lexicon();
    let mut out = Vec::new();
    let mut terms = Vec::new();
    for name in list.lines().map(str::trim) {
        if name.is_empty() || name.starts_with('#') {
            continue;
        }
        terms.clear();
        super::index_terms(name, &mut terms);
        if terms.is_empty() || terms.iter().all(|t| is_address_word(lex.info(t))) {
            continue;
        }
        if counties && terms.len() > 1 && matches!(terms[0].as_str(), "county" | "co") {
            out.push(terms[1..].join(" "));
        }
        out.push(terms.join(" "));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// A street type, qualifier, unit word or stopword (`street`, `upper`, `the`).
fn is_address_word(info: WordInfo) -> bool {
    info.class().is_some() || info.is_stopword()
}

/// `name` compared with `words` joined by single spaces, without joining them.
fn cmp_joined(name: &str, words: &[&str]) -> Ordering {
    let joined = words
        .iter()
        .enumerate()
        .flat_map(|(i, w)| (i > 0).then_some(&b' ').into_iter().chain(w.as_bytes()));
    name.as_bytes().iter().cmp(joined)
}

fn contains(sorted: &[impl AsRef<str>], words: &[&str]) -> bool {
    !words.is_empty()
        && sorted
            .binary_search_by(|n| cmp_joined(n.as_ref(), words))
            .is_ok()
}

impl UkPlaces {
    /// Whether some name of the lists (or the Republic's) ends with `word`: when not, no run
    /// of words ending with it names a place here.
    pub fn may_end_name(&self, word: &str) -> bool {
        self.last_words.contains(word)
    }

    /// Whether `words` (normalised query words) name a UK town.
    pub fn is_town(&self, words: &[&str]) -> bool {
        contains(&self.towns, words)
    }

    /// Whether `words` name a UK county (`kent`, `west midlands`, `county durham`).
    pub fn is_county(&self, words: &[&str]) -> bool {
        contains(&self.counties, words)
    }

    /// Whether `words` name the UK or one of its countries.
    pub fn is_country(&self, words: &[&str]) -> bool {
        contains(&COUNTRIES, words)
    }
}

/// Whether `words` are the Republic's name (`ireland`, `eire`).
pub fn is_irish_country(words: &[&str]) -> bool {
    contains(&IRISH_COUNTRY, words)
}

/// Whether `words` name a list entry (`towns` normalised and sorted, as `Meta::uk_only_towns`).
pub fn in_list(towns: &[String], words: &[&str]) -> bool {
    contains(towns, words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        crate::text::tokenise(s)
            .texts()
            .map(str::to_owned)
            .collect()
    }

    fn is(f: impl Fn(&[&str]) -> bool, s: &str) -> bool {
        let w = words(s);
        let w: Vec<&str> = w.iter().map(String::as_str).collect();
        f(&w)
    }

    #[test]
    fn lists_are_sorted_and_read_as_queries_are() {
        assert!(COUNTRIES.windows(2).all(|w| w[0] < w[1]));
        assert!(IRISH_COUNTRY.windows(2).all(|w| w[0] < w[1]));
        let p = uk_places();
        assert!(p.towns.len() > 1500 && p.counties.len() > 100);
        for (s, town) in [
            ("Stoke-on-Trent", true),
            ("STOKE ON TRENT", true),
            ("Newcastle upon Tyne", true),
            ("Aberdeen", true),
            ("Street", false),
            ("Lusk", false),
        ] {
            assert_eq!(is(|w| p.is_town(w), s), town, "{s}");
        }
        for s in [
            "Kent",
            "West Midlands",
            "County Durham",
            "Durham",
            "Co. Antrim",
        ] {
            assert!(is(|w| p.is_county(w), s), "{s}");
        }
        for s in [
            "United Kingdom",
            "UK",
            "U.K.",
            "England",
            "Northern Ireland",
            "Wales",
        ] {
            assert!(is(|w| p.is_country(w), s), "{s}");
        }
        for s in ["Ireland", "Éire", "Irland", "EIRE"] {
            assert!(is(is_irish_country, s), "{s}");
        }
        assert!(!is(|w| p.is_country(w), "Ireland"));
        for w in ["trent", "kingdom", "kent", "ireland", "aberdeen"] {
            assert!(p.may_end_name(w), "{w}");
        }
        for w in ["dublin", "meath", "d24", "avenue"] {
            assert!(!p.may_end_name(w), "{w}");
        }
    }

    #[test]
    fn joined_comparison_agrees_with_joining() {
        for (name, ws) in [
            ("stoke on trent", vec!["stoke", "on", "trent"]),
            ("stoke", vec!["stoke", "on"]),
            ("stoke on", vec!["stoke"]),
            ("a", vec!["b"]),
            ("", vec![]),
        ] {
            assert_eq!(cmp_joined(name, &ws), name.cmp(ws.join(" ").as_str()));
        }
    }
}
