//! The round trip: every address point's own stored postal address, sent to Find Address, must
//! come back as that address point (docs/matching.md §7).
//!
//! Each point's query is its `ADDR_LINE_*` (or `IRISH_ADDR_LINE_*`, sent with `language=ga`)
//! joined with `", "`, the Eircode line left out; a [`Variant`] changes it the way people do
//! (lower case, no commas, the county dropped). What a right answer is depends on the point
//! ([`Expect`]):
//! - a point whose text no other point shares: 100 (or 110) with its id, or 200 with its id when
//!   it has no Eircode;
//! - a point of a non-unique address (`NUA`): 300 with the point among the options (or, when the
//!   options are too many to list, the shared text as the answer's address);
//! - a point whose text another point has too, as far as the engine can tell (case, spacing and
//!   commas aside): 300 or 500 with the point among the options.
//!
//! An answer is *confident wrong* when it is 100, 110, 120, 130 or 200 and names another point.
//!
//! Queries go through the same path as `seoladh batch`: a query string parsed into a
//! [`Prepared`] request and answered by the [`wire::Engine`], on all cores (rayon). Only the JSON
//! is not written. The scores, and the failures grouped by what went wrong, are in
//! [`RoundTripReport`].

use std::collections::HashMap;
use std::path::Path;

use rayon::prelude::*;

use seoladh::wire::{self, Operation, Prepared, RawQuery, WireEnum};
use seoladh::{Error, Result};

pub use super::roundtrip_report::{ClassScore, Failure, FailureGroup, RoundTripReport};

/// The language of the stored lines sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// `ADDR_LINE_*`, `language=en`.
    English,
    /// `IRISH_ADDR_LINE_*`, `language=ga`.
    Irish,
}

impl Lang {
    /// The wire value (`en`, `ga`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Irish => "ga",
        }
    }
}

/// How the stored lines are changed before they are sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// As stored, joined with `", "`.
    Exact,
    /// Lower case.
    Lower,
    /// Joined with spaces instead of commas.
    NoComma,
    /// The county line (`CO. …`) dropped, as people often leave it out.
    Noisy,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 4] = [
        Variant::Exact,
        Variant::Lower,
        Variant::NoComma,
        Variant::Noisy,
    ];

    /// The name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Exact => "exact",
            Variant::Lower => "lower",
            Variant::NoComma => "nocomma",
            Variant::Noisy => "noisy",
        }
    }

    /// The variant with this [`name`](Variant::name).
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The query text for stored `lines` (Eircode line already removed).
    pub fn text<S: AsRef<str>>(self, lines: &[S]) -> String {
        let lines: Vec<&str> = lines.iter().map(AsRef::as_ref).collect();
        match self {
            Variant::Exact => lines.join(", "),
            Variant::Lower => lines.join(", ").to_lowercase(),
            Variant::NoComma => lines.join(" "),
            Variant::Noisy => {
                let keep = match lines.split_last() {
                    Some((last, rest)) if is_county_line(last) && !rest.is_empty() => rest,
                    _ => &lines[..],
                };
                keep.join(", ")
            }
        }
    }
}

/// Whether a stored line is the county line (`CO. MEATH`, `CO. NA MÍ`).
fn is_county_line(line: &str) -> bool {
    line.starts_with("CO. ")
}

/// What a right answer to a point's own text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expect {
    /// A text no other point has, with an Eircode: 100 with the point's id.
    Unique,
    /// A text no other point has, without an Eircode: 200 with the point's id.
    NoMail,
    /// A non-unique address (`NUA = Y`): 300 with the point among the options.
    Nua,
    /// Not flagged NUA, but another point's text is the same to the engine (case, spacing and
    /// commas aside): 300, or 500, with the point among the options.
    Shared,
}

impl Expect {
    /// Every class, in report order.
    pub const ALL: [Expect; 4] = [Expect::Unique, Expect::NoMail, Expect::Nua, Expect::Shared];

    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Expect::Unique => "unique",
            Expect::NoMail => "no-mail",
            Expect::Nua => "nua",
            Expect::Shared => "shared",
        }
    }
}

/// One address point's stored postal address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Point {
    /// `ADDRESS_POINT_ID`.
    pub id: u64,
    /// It has an Eircode.
    pub has_eircode: bool,
    /// `NUA = Y`.
    pub nua: bool,
    /// The English lines, Eircode line removed, joined with `\n`.
    pub english: String,
    /// The Irish lines, the same way.
    pub irish: String,
}

impl Point {
    /// The stored lines in `lang`.
    pub fn lines(&self, lang: Lang) -> Vec<&str> {
        let text = match lang {
            Lang::English => &self.english,
            Lang::Irish => &self.irish,
        };
        text.split('\n').filter(|l| !l.is_empty()).collect()
    }
}

/// Reads every address point of an ECAD-layout directory that has a postal address
/// (`POSTAL_ADDRESS.csv` for the lines, `ADDRESS_POINT.csv` for NUA and the Eircode), in the
/// order of `POSTAL_ADDRESS.csv`.
///
/// # Errors
/// [`Error::Io`] when a file cannot be read, [`Error::InvalidOption`] when a file lacks a
/// column this needs.
pub fn read_points(dir: &Path) -> Result<Vec<Point>> {
    let flags = read_flags(&dir.join("ADDRESS_POINT.csv"))?;
    let path = dir.join("POSTAL_ADDRESS.csv");
    let mut reader = csv_reader(&path)?;
    let header = reader
        .byte_headers()
        .map_err(|e| csv_error(&path, e))?
        .clone();
    let col = |name: &str| column(&header, name, &path);
    let id_col = col("ECAD_ID")?;
    let english: Vec<usize> = (1..=9)
        .map(|i| col(&format!("ADDR_LINE_{i}")))
        .collect::<Result<_>>()?;
    let irish: Vec<usize> = (1..=9)
        .map(|i| col(&format!("IRISH_ADDR_LINE_{i}")))
        .collect::<Result<_>>()?;
    let mut out = Vec::with_capacity(flags.len());
    let mut record = csv::ByteRecord::new();
    while reader
        .read_byte_record(&mut record)
        .map_err(|e| csv_error(&path, e))?
    {
        let Some(id) = number(record.get(id_col)) else {
            continue;
        };
        let Some(&(eircode, nua)) = flags.get(&id) else {
            continue;
        };
        out.push(Point {
            id,
            has_eircode: eircode.is_some(),
            nua,
            english: joined_lines(&record, &english, eircode),
            irish: joined_lines(&record, &irish, eircode),
        });
    }
    Ok(out)
}

/// An Eircode without its space, as eight bytes to keep the table small (7 used).
type Compact = [u8; 7];

/// `ADDRESS_POINT.csv`: id → (Eircode, NUA).
fn read_flags(path: &Path) -> Result<HashMap<u64, (Option<Compact>, bool)>> {
    let mut reader = csv_reader(path)?;
    let header = reader
        .byte_headers()
        .map_err(|e| csv_error(path, e))?
        .clone();
    let id_col = column(&header, "ADDRESS_POINT_ID", path)?;
    let eircode_col = column(&header, "EIRCODE", path)?;
    let nua_col = column(&header, "NUA", path)?;
    let mut out = HashMap::new();
    let mut record = csv::ByteRecord::new();
    while reader
        .read_byte_record(&mut record)
        .map_err(|e| csv_error(path, e))?
    {
        let Some(id) = number(record.get(id_col)) else {
            continue;
        };
        let eircode = record
            .get(eircode_col)
            .and_then(|e| <Compact>::try_from(e).ok());
        let nua = record.get(nua_col) == Some(b"Y");
        out.insert(id, (eircode, nua));
    }
    Ok(out)
}

/// The non-empty lines of a record's columns, joined with `\n`, without the last line when it
/// is the point's Eircode.
fn joined_lines(record: &csv::ByteRecord, cols: &[usize], eircode: Option<Compact>) -> String {
    let mut lines: Vec<&str> = cols
        .iter()
        .filter_map(|&c| record.get(c))
        .filter_map(|b| std::str::from_utf8(b).ok())
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if let (Some(code), Some(last)) = (eircode, lines.last()) {
        let compact = last.bytes().filter(|b| *b != b' ');
        if compact.eq(code.iter().copied()) {
            lines.pop();
        }
    }
    lines.join("\n")
}

fn csv_reader(path: &Path) -> Result<csv::Reader<std::fs::File>> {
    let file = std::fs::File::open(path).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(csv::ReaderBuilder::new()
        .flexible(true)
        .buffer_capacity(1 << 20)
        .from_reader(file))
}

fn csv_error(path: &Path, e: csv::Error) -> Error {
    Error::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(e.to_string()),
    }
}

fn column(header: &csv::ByteRecord, name: &str, path: &Path) -> Result<usize> {
    header
        .iter()
        .position(|h| h == name.as_bytes())
        .ok_or_else(|| Error::InvalidOption {
            option: "--data",
            message: format!("{}: no `{name}` column", path.display()),
        })
}

fn number(b: Option<&[u8]>) -> Option<u64> {
    std::str::from_utf8(b?).ok()?.trim().parse().ok()
}

/// The key under which two query texts are the same address to the engine: its words as
/// written, apostrophes, full stops and fadas kept (case, spacing and commas aside). Of two
/// addresses the engine reads alike (`ST MARGARET'S ROAD`, `ST MARGARETS ROAD`), the one whose
/// lines are the text as written is the answer (`docs/matching.md` §2).
fn text_key(text: &str) -> u64 {
    use seoladh::raw::text::{tokenise, TokenKind};
    let mut h = std::hash::DefaultHasher::new();
    for (t, _) in tokenise(text).iter() {
        if t.kind == TokenKind::Separator {
            continue;
        }
        let raw = seoladh::raw::classify::as_written(text, &t.span);
        std::hash::Hasher::write(&mut h, raw.as_bytes());
        std::hash::Hasher::write_u8(&mut h, 0);
    }
    std::hash::Hasher::finish(&h)
}

/// Each point's class for `lang` and `variant`: by its NUA flag, then by whether any other
/// point's text is the same.
///
/// A text is shared when another point's text, in either language, is the same to the engine: a
/// person typing `18 BEECHGROVE LAWNS` names the estate of that English name as much as the one
/// whose Irish name it is.
pub fn expectations(points: &[Point], lang: Lang, variant: Variant) -> Vec<Expect> {
    let key_of = |p: &Point, l: Lang| text_key(&variant.text(&p.lines(l)));
    let keys: Vec<u64> = points.par_iter().map(|p| key_of(p, lang)).collect();
    // (key, point index): every point's text in both languages, each key once per point.
    let mut all: Vec<(u64, u32)> = points
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, p)| {
            let en = key_of(p, Lang::English);
            let ga = key_of(p, Lang::Irish);
            let i = i as u32;
            std::iter::once((en, i)).chain((ga != en).then_some((ga, i)))
        })
        .collect();
    all.par_sort_unstable();
    keys.iter()
        .zip(points)
        .map(|(k, p)| {
            let lo = all.partition_point(|x| x.0 < *k);
            let shared = all.get(lo + 1).is_some_and(|x| x.0 == *k);
            match (p.nua, shared, p.has_eircode) {
                (true, _, _) => Expect::Nua,
                (false, true, _) => Expect::Shared,
                (false, false, true) => Expect::Unique,
                (false, false, false) => Expect::NoMail,
            }
        })
        .collect()
}

/// Where the point stands in an answer, for grouping failures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relation {
    /// The answer's id is the point's.
    Own,
    /// The point is the first option.
    OwnFirst,
    /// The point is among the options, not first.
    OwnAmong,
    /// The answer's id is another point or element, and the point is not among the options.
    Other,
    /// No id, and the point is not among the options.
    Neither,
}

impl Relation {
    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Relation::Own => "own id",
            Relation::OwnFirst => "own first option",
            Relation::OwnAmong => "own among options",
            Relation::Other => "other id",
            Relation::Neither => "no id",
        }
    }
}

/// What Find Address answered, as far as the round trip reads it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Answer {
    /// The result code (0 when the request was refused).
    pub result: u16,
    /// `addressId`.
    pub address_id: Option<u64>,
    /// The options' `addressId`s, in order.
    pub option_ids: Vec<u64>,
    /// The postal address's lines (without the Eircode line).
    pub postal: Vec<String>,
    /// The display name of the first option that is not the answer's own address point (what
    /// the answer offers beside or instead of it).
    pub rival: Option<String>,
}

/// Result codes of a confident answer naming one address point.
const CONFIDENT: [u16; 5] = [100, 110, 120, 130, 200];

/// How an answer to point `point`'s text (`lines`, in the answer's language) is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// The right answer.
    pub right: bool,
    /// A confident answer naming another point.
    pub confident_wrong: bool,
    /// Where the point stands in the answer.
    pub relation: Relation,
}

/// Judges `answer` to point `id`'s own text `lines` of class `expect`.
pub fn judge(expect: Expect, id: u64, lines: &[&str], answer: &Answer) -> Verdict {
    let relation = if answer.address_id == Some(id) {
        Relation::Own
    } else if answer.option_ids.first() == Some(&id) {
        Relation::OwnFirst
    } else if answer.option_ids.contains(&id) {
        Relation::OwnAmong
    } else if answer.address_id.is_some() {
        Relation::Other
    } else {
        Relation::Neither
    };
    let own = answer.address_id == Some(id);
    let right = match expect {
        Expect::Unique => own && matches!(answer.result, 100 | 110),
        Expect::NoMail => own && answer.result == 200,
        Expect::Nua => {
            answer.result == 300
                && (answer.option_ids.contains(&id)
                    || (answer.option_ids.is_empty() && same_lines(&answer.postal, lines)))
        }
        // Texts the same to the engine but stored apart (`ST.MARY'S ROAD`, `ST. MARY'S ROAD`):
        // a choice that offers the point is right.
        Expect::Shared => {
            matches!(answer.result, 300 | 500)
                && (answer.option_ids.contains(&id)
                    || (answer.option_ids.is_empty() && same_lines(&answer.postal, lines)))
        }
    };
    Verdict {
        right,
        confident_wrong: CONFIDENT.contains(&answer.result) && !own,
        relation,
    }
}

fn same_lines(a: &[String], b: &[&str]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.eq_ignore_ascii_case(y))
}

/// Asks the engine the way `seoladh batch` does (query string → request → engine), without
/// writing the JSON.
pub fn ask(engine: &dyn wire::Engine, text: &str, lang: Lang) -> Answer {
    let mut q = String::with_capacity(text.len() * 3 / 2 + 48);
    q.push_str("key=roundtrip&address=");
    wire::query::percent_encode_into(text, &mut q);
    q.push_str("&language=");
    q.push_str(lang.code());
    let raw = RawQuery::parse(&q);
    let Ok(Prepared::FindAddress(req, ctx)) = Prepared::parse(
        Operation::FindAddress,
        &raw,
        engine,
        "http://127.0.0.1:8080",
    ) else {
        return Answer::default();
    };
    let Ok(r) = engine.find_address(&req, &ctx) else {
        return Answer::default();
    };
    let mut postal = r.postal_address.unwrap_or_default();
    if r.postcode.is_some() {
        postal.pop();
    }
    let option_ids: Vec<u64> = r.options.iter().filter_map(|o| o.address_id).collect();
    let rival = r
        .options
        .into_iter()
        .find(|o| o.address_id.is_none() || o.address_id != r.address_id)
        .map(|o| o.display_name);
    Answer {
        result: r.result.code() as u16,
        address_id: r.address_id,
        option_ids,
        postal,
        rival,
    }
}

/// What to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundTripOptions {
    /// Languages, each run in full.
    pub langs: Vec<Lang>,
    /// Variants, each run in full.
    pub variants: Vec<Variant>,
    /// Every `every`-th point only (1: all of them).
    pub every: usize,
    /// Examples kept per failure group.
    pub examples: usize,
    /// Keep every failure in the report (for `--failures`), not only the examples.
    pub keep_failures: bool,
    /// Only these points (sorted ids), when given: the failures of an earlier run.
    pub only: Option<Vec<u64>>,
}

impl Default for RoundTripOptions {
    fn default() -> Self {
        RoundTripOptions {
            langs: vec![Lang::English, Lang::Irish],
            variants: vec![Variant::Exact],
            every: 1,
            examples: 3,
            keep_failures: false,
            only: None,
        }
    }
}

/// Points answered per step of the parallel loop (the progress callback runs after each).
const CHUNK: usize = 512;

/// Runs every selected point's text in every language and variant of `opts` through `engine`
/// on all cores. `progress` gets the number of queries answered in a step, from any thread.
pub fn run(
    engine: &dyn wire::Engine,
    points: &[Point],
    opts: &RoundTripOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> RoundTripReport {
    let mut report = RoundTripReport::new(opts.examples, opts.keep_failures);
    for &lang in &opts.langs {
        for &variant in &opts.variants {
            let expect = expectations(points, lang, variant);
            let picked = pick(points, opts);
            let partial = picked
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut part = RoundTripReport::new(opts.examples, opts.keep_failures);
                    for &i in chunk {
                        let p = &points[i];
                        let lines = p.lines(lang);
                        let text = variant.text(&lines);
                        let answer = ask(engine, &text, lang);
                        let verdict = judge(expect[i], p.id, &lines, &answer);
                        part.add(lang, variant, expect[i], p.id, text, &answer, verdict);
                    }
                    progress(chunk.len() as u64);
                    part
                })
                .reduce(
                    || RoundTripReport::new(opts.examples, opts.keep_failures),
                    RoundTripReport::merge,
                );
            report = report.merge(partial);
        }
    }
    report.finish();
    report
}

/// The indices of the points `opts` selects.
fn pick(points: &[Point], opts: &RoundTripOptions) -> Vec<usize> {
    (0..points.len())
        .step_by(opts.every.max(1))
        .filter(|&i| {
            opts.only
                .as_ref()
                .map_or(true, |ids| ids.binary_search(&points[i].id).is_ok())
        })
        .collect()
}

/// Queries [`run`] sends for `points` with `opts`.
pub fn query_count(points: &[Point], opts: &RoundTripOptions) -> u64 {
    (pick(points, opts).len() * opts.langs.len() * opts.variants.len()) as u64
}

/// The point ids of a `--failures` TSV ([`RoundTripReport::failures_tsv`]), sorted.
///
/// # Errors
/// [`Error::Io`] when it cannot be read.
pub fn failed_points(path: &Path) -> Result<Vec<u64>> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut ids: Vec<u64> = text
        .lines()
        .filter_map(|l| l.split('\t').nth(3)?.parse().ok())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// The scores of one language and variant, per class: the key of [`RoundTripReport::scores`].
pub type ScoreKey = (Lang, Variant, Expect);

/// Failure groups are counted by these; see [`FailureGroup`].
pub type GroupKey = (Expect, u16, Relation);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_change_the_text_as_people_do() {
        let lines = ["1 MAIN STREET", "OLDTOWN", "CO. DUBLIN"];
        assert_eq!(
            Variant::Exact.text(&lines),
            "1 MAIN STREET, OLDTOWN, CO. DUBLIN"
        );
        assert_eq!(
            Variant::Lower.text(&lines),
            "1 main street, oldtown, co. dublin"
        );
        assert_eq!(
            Variant::NoComma.text(&lines),
            "1 MAIN STREET OLDTOWN CO. DUBLIN"
        );
        assert_eq!(Variant::Noisy.text(&lines), "1 MAIN STREET, OLDTOWN");
        // A Dublin district or a county-named post town is no county line.
        assert_eq!(
            Variant::Noisy.text(&["2 DAME STREET", "DUBLIN 2"]),
            "2 DAME STREET, DUBLIN 2"
        );
    }

    #[test]
    fn texts_differing_in_case_and_commas_share_a_key() {
        assert_eq!(text_key("1 MAIN ST, NAAS"), text_key("1 main st naas"));
        assert_ne!(text_key("1 MAIN ST, NAAS"), text_key("11 MAIN ST, NAAS"));
        assert_eq!(
            text_key("23 . BEECHGROVE LAWNS, BREE"),
            text_key("23 BEECHGROVE LAWNS, BREE")
        );
        // Written otherwise: the engine answers the one typed.
        assert_ne!(
            text_key("2 ST MARGARETS ROAD, DUBLIN 24"),
            text_key("2 ST MARGARET'S ROAD, DUBLIN 24")
        );
        assert_ne!(
            text_key("1 ST. MOBHI ROAD, DUBLIN 9"),
            text_key("1 ST MOBHI ROAD, DUBLIN 9")
        );
    }

    fn answer(result: u16, id: Option<u64>, options: &[u64]) -> Answer {
        Answer {
            result,
            address_id: id,
            option_ids: options.to_vec(),
            ..Answer::default()
        }
    }

    #[test]
    fn judging_follows_the_class() {
        let lines = ["A", "B"];
        let v = judge(Expect::Unique, 7, &lines, &answer(100, Some(7), &[]));
        assert!(v.right && !v.confident_wrong && v.relation == Relation::Own);
        let v = judge(Expect::Unique, 7, &lines, &answer(500, Some(3), &[7, 8]));
        assert!(!v.right && !v.confident_wrong && v.relation == Relation::OwnFirst);
        let v = judge(Expect::Unique, 7, &lines, &answer(100, Some(8), &[]));
        assert!(!v.right && v.confident_wrong && v.relation == Relation::Other);
        let v = judge(Expect::NoMail, 7, &lines, &answer(100, Some(7), &[]));
        assert!(!v.right && !v.confident_wrong);
        let v = judge(Expect::Nua, 7, &lines, &answer(300, Some(3), &[8, 7]));
        assert!(v.right && v.relation == Relation::OwnAmong);
        let v = judge(Expect::Nua, 7, &lines, &answer(200, Some(8), &[]));
        assert!(!v.right && v.confident_wrong);
        let mut a = answer(300, Some(3), &[]);
        a.postal = vec!["a".into(), "b".into()];
        assert!(judge(Expect::Shared, 7, &lines, &a).right);
    }
}
