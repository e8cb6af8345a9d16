//! Real typed addresses without known answers (the Property Price Register's `Address`
//! column): which result codes they get, and which answers hand out an address the person did
//! not type.
//!
//! Most such addresses are not in a synthetic dataset, so no answer can be scored right; but one
//! kind of answer is wrong whatever the data: an address point whose street and building share
//! no word with the input (`60 NUTLEY AVE, BALLSBRIDGE` answered `60 SHELBOURNE PARK MEWS,
//! BALLSBRIDGE`), only its house number and town. [`TypedReport`] counts them per result code,
//! twice: sharing no word at all, and sharing no distinctive word (street types, qualifiers and
//! stop words aside: `26 BUNREE ROAD` and `26 CLARE ROAD` share only `road`). A distinctive word
//! spelt differently (`KILADREENAN` for KILLADREENAN, `ALDERGROVE` for ALDER GROVE) is the same
//! word: those answers are counted apart, in a column of their own.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use seoladh::wire::{AddressElement, ElementType};
use seoladh::{Error, Result};

/// Words that say where along or which part of a street (`UPPER`, `NORTH`).
const QUALIFIERS: [&str; 9] = [
    "upper", "lower", "north", "south", "east", "west", "middle", "great", "little",
];

/// What the engine answered to one typed address.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TypedAnswer {
    /// The result code.
    pub result: u16,
    /// The answer is one address point (`isUniqueAddress`, or it carries a postcode).
    pub point: bool,
    /// The answer's postcode, if any.
    pub postcode: Option<String>,
    /// The lines of the answer's postal address, Eircode line aside.
    pub lines: Vec<String>,
    /// The names that carry its house number: building name, building group and thoroughfares;
    /// the primary locality when it has none of those (a townland address).
    pub street_names: Vec<String>,
}

/// The terms of a text as the matcher reads them, numbers aside.
fn terms(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    seoladh::raw::text::index_terms(text, &mut out);
    out.retain(|t| !t.bytes().any(|b| b.is_ascii_digit()));
    out
}

/// Whether a term names nothing by itself: a street type, qualifier or stop word.
fn generic(term: &str) -> bool {
    let lex = seoladh::raw::text::lexicon::lexicon();
    lex.street_type(term).is_some() || lex.is_stopword(term) || QUALIFIERS.contains(&term)
}

/// How the answer's street and building names relate to the input's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shared {
    /// A distinctive word in common.
    Distinctive,
    /// A distinctive word in common only as spelt differently: `KILADREENAN`
    /// for KILLADREENAN, `ALDERGROVE` for ALDER GROVE.
    Spelling,
    /// Only generic words (`road`) in common.
    Generic,
    /// No word in common.
    Nothing,
}

/// How the words of `names` relate to the words of `input`.
pub fn shared(input: &str, names: &[String]) -> Shared {
    let typed = terms(input);
    let mut out = Shared::Nothing;
    for name in names {
        let own = terms(name);
        for t in &own {
            if typed.contains(t) {
                if !generic(t) {
                    return Shared::Distinctive;
                }
                if out == Shared::Nothing {
                    out = Shared::Generic;
                }
            }
        }
        if same_word(&typed, &own) {
            out = Shared::Spelling;
        }
    }
    out
}

/// Whether a distinctive word of `own` (a name's terms) is one of `typed` spelt differently:
/// one edit from it (two from 8 letters), both of 5 letters or more; its plural or singular
/// (`SYCAMORES`); or two adjacent words of one written as one word of the other
/// (`RATHULLORD` for RATH ULLORD).
fn same_word(typed: &[String], own: &[String]) -> bool {
    let close = |a: &str, b: &str| {
        let (la, lb) = (a.chars().count(), b.chars().count());
        let budget = if la.min(lb) >= 8 { 2 } else { 1 };
        (la.min(lb) >= 5 && strsim::damerau_levenshtein(a, b) <= budget)
            || a.strip_suffix('s') == Some(b)
            || b.strip_suffix('s') == Some(a)
    };
    let joined = |words: &[String], whole: &str| {
        words
            .windows(2)
            .any(|w| !(generic(&w[0]) && generic(&w[1])) && format!("{}{}", w[0], w[1]) == whole)
    };
    own.iter()
        .filter(|o| !generic(o))
        .any(|o| typed.iter().any(|t| close(t, o)) || joined(typed, o))
        || typed.iter().any(|t| !generic(t) && joined(own, t))
}

/// The names that carry an answer's house number, from its postal address elements: building
/// name, building group and thoroughfares; the primary locality when it has none of those (a
/// townland address).
pub fn street_names(elements: &[AddressElement]) -> Vec<String> {
    let named = |kinds: &[ElementType]| -> Vec<String> {
        elements
            .iter()
            .filter(|e| kinds.contains(&e.element_type))
            .map(|e| e.value.clone())
            .collect()
    };
    let mut names = named(&[
        ElementType::BuildingName,
        ElementType::BuildingGroup,
        ElementType::Thoroughfare,
    ]);
    if names.is_empty() {
        names = named(&[
            ElementType::Locality,
            ElementType::RuralLocality,
            ElementType::Village,
            ElementType::Town,
            ElementType::UrbanArea,
            ElementType::City,
        ]);
        names.truncate(1);
    }
    names
}

/// One answer that hands out an address point whose street and building share no distinctive
/// word with the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stranger {
    /// The input.
    pub input: String,
    /// The result code.
    pub result: u16,
    /// The answer, its lines comma-joined.
    pub answer: String,
    /// No word at all in common (not even a street type).
    pub no_word: bool,
}

/// The report over a file of typed addresses.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TypedReport {
    /// Addresses answered.
    pub total: usize,
    /// Answers per result code.
    pub codes: BTreeMap<u16, usize>,
    /// Answers that are one address point, per result code.
    pub points: BTreeMap<u16, usize>,
    /// Of those, sharing no street or building word with the input, per result code.
    pub no_word: BTreeMap<u16, usize>,
    /// Of those, sharing no distinctive street or building word (a superset of `no_word`).
    pub no_distinctive_word: BTreeMap<u16, usize>,
    /// Answers that are one address point sharing a distinctive word with the input only as
    /// spelt differently (counted in neither of the above), per result code.
    pub spelling: BTreeMap<u16, usize>,
    /// Every answer counted in `no_distinctive_word`, in input order.
    pub strangers: Vec<Stranger>,
    /// Every answer counted in `spelling`, in input order.
    pub spelt: Vec<Stranger>,
}

impl TypedReport {
    /// Counts the `(input, answer)` pairs.
    pub fn compute<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a TypedAnswer)>) -> Self {
        let mut r = TypedReport::default();
        for (input, a) in pairs {
            r.total += 1;
            *r.codes.entry(a.result).or_default() += 1;
            if !a.point {
                continue;
            }
            *r.points.entry(a.result).or_default() += 1;
            let s = shared(input, &a.street_names);
            if s == Shared::Distinctive {
                continue;
            }
            let x = Stranger {
                input: input.to_string(),
                result: a.result,
                answer: a.lines.join(", "),
                no_word: s == Shared::Nothing,
            };
            if s == Shared::Spelling {
                *r.spelling.entry(a.result).or_default() += 1;
                r.spelt.push(x);
                continue;
            }
            *r.no_distinctive_word.entry(a.result).or_default() += 1;
            if s == Shared::Nothing {
                *r.no_word.entry(a.result).or_default() += 1;
            }
            r.strangers.push(x);
        }
        r
    }

    /// The report as Markdown: answers per result code, how many are one address point, and
    /// how many of those share no street or building word with the input; then up to
    /// `examples` of them.
    pub fn to_markdown(&self, examples: usize) -> String {
        let mut s = String::new();
        let pct = |n: usize| 100.0 * n as f64 / self.total.max(1) as f64;
        s.push_str(
            "| result | answers | share | one address point | no street/building word in common | no distinctive word in common | a distinctive word only spelt differently |\n",
        );
        s.push_str("|---:|---:|---:|---:|---:|---:|---:|\n");
        let get = |m: &BTreeMap<u16, usize>, code: &u16| m.get(code).copied().unwrap_or(0);
        for (code, &n) in &self.codes {
            let _ = writeln!(
                s,
                "| {code} | {n} | {:.1}% | {} | {} | {} | {} |",
                pct(n),
                get(&self.points, code),
                get(&self.no_word, code),
                get(&self.no_distinctive_word, code),
                get(&self.spelling, code),
            );
        }
        let sum = |m: &BTreeMap<u16, usize>| m.values().sum::<usize>();
        let _ = writeln!(
            s,
            "| all | {} | 100.0% | {} | {} | {} | {} |",
            self.total,
            sum(&self.points),
            sum(&self.no_word),
            sum(&self.no_distinctive_word),
            sum(&self.spelling),
        );
        if examples > 0 && !self.strangers.is_empty() {
            s.push_str("\nAddress points sharing no distinctive street or building word with the input (those sharing no word at all first):\n\n| input | result | answer | in common |\n|---|---:|---|---|\n");
            let no_word = self.strangers.iter().filter(|x| x.no_word);
            let generic = self.strangers.iter().filter(|x| !x.no_word);
            for x in no_word.chain(generic).take(examples) {
                let common = if x.no_word {
                    "nothing"
                } else {
                    "street types only"
                };
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {common} |",
                    x.input, x.result, x.answer
                );
            }
        }
        if examples > 0 && !self.spelt.is_empty() {
            s.push_str("\nAddress points sharing a distinctive word with the input only as spelt differently:\n\n| input | result | answer |\n|---|---:|---|\n");
            for x in self.spelt.iter().take(examples) {
                let _ = writeln!(s, "| {} | {} | {} |", x.input, x.result, x.answer);
            }
        }
        s
    }
}

/// The texts of column `column` (by header name, any case) of a CSV file, in file order; rows
/// without it are skipped.
///
/// # Errors
/// [`Error::Io`] when the file cannot be read; [`Error::InvalidOption`] when it has no such
/// column.
pub fn read_column(path: &Path, column: &str) -> Result<Vec<String>> {
    let io = |e: csv::Error| Error::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(e.to_string()),
    };
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_path(path)
        .map_err(io)?;
    let at = reader
        .headers()
        .map_err(io)?
        .iter()
        .position(|h| h.trim().eq_ignore_ascii_case(column))
        .ok_or_else(|| Error::InvalidOption {
            option: "--column",
            message: format!("{} has no column {column:?}", path.display()),
        })?;
    let mut out = Vec::new();
    for row in reader.records() {
        let row = row.map_err(io)?;
        if let Some(text) = row.get(at) {
            out.push(text.to_string());
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(result: u16, point: bool, names: &[&str]) -> TypedAnswer {
        TypedAnswer {
            result,
            point,
            postcode: point.then(|| "D04Y586".to_string()),
            lines: names.iter().map(|n| n.to_string()).collect(),
            street_names: names.iter().map(|n| n.to_string()).collect(),
        }
    }

    #[test]
    fn words_in_common() {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            shared(
                "60 NUTLEY AVE, BALLSBRIDGE",
                &names(&["SHELBOURNE PARK MEWS"])
            ),
            Shared::Nothing
        );
        assert_eq!(
            shared("26 BUNREE RD, BALLINA", &names(&["CLARE ROAD"])),
            Shared::Generic
        );
        assert_eq!(
            shared("3 Lynton Ct, Merrion Rd", &names(&["LYNTON COURT"])),
            Shared::Distinctive
        );
        // The same word spelt differently: a misspelling, a plural, two words written as one.
        for (input, name) in [
            ("NO 4 KILADREENAN, DUCKWALK", "KILLADREENAN CLOSE"),
            ("45 THE SYCAMORES, EDENDERRY", "SYCAMORE PARK"),
            ("48 Rathullord, Kilkenny", "RATH ULLORD NEW ORCHARD"),
            ("27 ALDERGROVE, NASS", "ALDER GROVE"),
        ] {
            assert_eq!(shared(input, &names(&[name])), Shared::Spelling, "{input}");
        }
        // Short words one edit apart, and two street types written as one, are other words.
        assert_eq!(
            shared("37 MOIN NA RI, KILWORTH", &names(&["MAIN STREET"])),
            Shared::Nothing
        );
        assert_eq!(
            shared("3 PARKROAD, DUBLIN 9", &names(&["BELTON PARK ROAD"])),
            Shared::Nothing
        );
    }

    #[test]
    fn strangers_are_counted_per_code() {
        let rows = [
            (
                "60 NUTLEY AVE, BALLSBRIDGE",
                answer(400, true, &["SHELBOURNE PARK MEWS"]),
            ),
            ("26 BUNREE RD, BALLINA", answer(400, true, &["CLARE ROAD"])),
            (
                "4 KILADREENAN, DUCKWALK",
                answer(400, true, &["KILLADREENAN CLOSE"]),
            ),
            (
                "3 LYNTON COURT, BALLSBRIDGE",
                answer(400, true, &["LYNTON COURT"]),
            ),
            ("BALLSBRIDGE", answer(500, false, &[])),
        ];
        let r = TypedReport::compute(rows.iter().map(|(i, a)| (*i, a)));
        assert_eq!(r.total, 5);
        assert_eq!(r.codes.get(&400), Some(&4));
        assert_eq!(r.points.get(&400), Some(&4));
        assert_eq!(r.no_word.get(&400), Some(&1));
        assert_eq!(r.no_distinctive_word.get(&400), Some(&2));
        assert_eq!(r.spelling.get(&400), Some(&1));
        assert_eq!(r.strangers.len(), 2);
        let md = r.to_markdown(5);
        assert!(md.contains("| 400 | 4 | 80.0% | 4 | 1 | 2 | 1 |"), "{md}");
        assert!(md.contains("| all | 5 | 100.0% | 4 | 1 | 2 | 1 |"), "{md}");
        assert!(
            md.contains("| 60 NUTLEY AVE, BALLSBRIDGE | 400 | SHELBOURNE PARK MEWS | nothing |")
        );
    }
}
