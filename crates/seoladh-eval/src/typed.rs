//! Real typed addresses without known answers (the Property Price Register's `Address`
//! column): which result codes they get, and which answers hand out an address the person did
//! not type.
//!
//! Most such addresses are not in a synthetic dataset, so no answer can be scored right; but one
//! kind of answer is wrong whatever the data: an address point whose street and building share
//! no word with the input (`60 NUTLEY AVE, BALLSBRIDGE` answered `60 SHELBOURNE PARK MEWS,
//! BALLSBRIDGE`), only its house number and town. [`TypedReport`] counts them per result code,
//! twice: sharing no word at all, and sharing no distinctive word (street types, qualifiers and
//! stop words aside: `26 BUNREE ROAD` and `26 CLARE ROAD` share only `road`).

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
        for t in terms(name) {
            if typed.contains(&t) {
                if !generic(&t) {
                    return Shared::Distinctive;
                }
                out = Shared::Generic;
            }
        }
    }
    out
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
    /// Every answer counted in `no_distinctive_word`, in input order.
    pub strangers: Vec<Stranger>,
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
            *r.no_distinctive_word.entry(a.result).or_default() += 1;
            if s == Shared::Nothing {
                *r.no_word.entry(a.result).or_default() += 1;
            }
            r.strangers.push(Stranger {
                input: input.to_string(),
                result: a.result,
                answer: a.lines.join(", "),
                no_word: s == Shared::Nothing,
            });
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
            "| result | answers | share | one address point | no street/building word in common | no distinctive word in common |\n",
        );
        s.push_str("|---:|---:|---:|---:|---:|---:|\n");
        let get = |m: &BTreeMap<u16, usize>, code: &u16| m.get(code).copied().unwrap_or(0);
        for (code, &n) in &self.codes {
            let _ = writeln!(
                s,
                "| {code} | {n} | {:.1}% | {} | {} | {} |",
                pct(n),
                get(&self.points, code),
                get(&self.no_word, code),
                get(&self.no_distinctive_word, code),
            );
        }
        let sum = |m: &BTreeMap<u16, usize>| m.values().sum::<usize>();
        let _ = writeln!(
            s,
            "| all | {} | 100.0% | {} | {} | {} |",
            self.total,
            sum(&self.points),
            sum(&self.no_word),
            sum(&self.no_distinctive_word),
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
                "3 LYNTON COURT, BALLSBRIDGE",
                answer(400, true, &["LYNTON COURT"]),
            ),
            ("BALLSBRIDGE", answer(500, false, &[])),
        ];
        let r = TypedReport::compute(rows.iter().map(|(i, a)| (*i, a)));
        assert_eq!(r.total, 4);
        assert_eq!(r.codes.get(&400), Some(&3));
        assert_eq!(r.points.get(&400), Some(&3));
        assert_eq!(r.no_word.get(&400), Some(&1));
        assert_eq!(r.no_distinctive_word.get(&400), Some(&2));
        assert_eq!(r.strangers.len(), 2);
        let md = r.to_markdown(5);
        assert!(md.contains("| 400 | 3 | 75.0% | 3 | 1 | 2 |"), "{md}");
        assert!(md.contains("| all | 4 | 100.0% | 3 | 1 | 2 |"), "{md}");
        assert!(
            md.contains("| 60 NUTLEY AVE, BALLSBRIDGE | 400 | SHELBOURNE PARK MEWS | nothing |")
        );
    }
}
