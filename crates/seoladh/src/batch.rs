//! Batch validation: Find Address over every row of a CSV or JSON-lines file (or rows read
//! elsewhere, such as a Parquet file's record batches), on all cores, in bounded chunks,
//! writing one output row per input row in input order.
//!
//! # Input
//! - CSV with a header row holding an `address` column and optionally `id`, `eircode`,
//!   `language`, `country`, `limit`, `addressProfileName` (names matched case-insensitively,
//!   other columns ignored);
//! - or JSON lines, one object per line with the same keys (`id` any scalar, `limit` a number or
//!   a string).
//!
//! [`InputFormat::detect`] picks by extension (`.csv`, `.jsonl`/`.ndjson`/`.json`), else by the
//! first byte (`{` is JSON lines).
//!
//! An `eircode` is appended to the address text (FindAddress has no separate postcode
//! parameter; the matcher finds an Eircode anywhere in the text).
//!
//! Each row is answered by [`find_row`], as the server answers a FindAddress request with the
//! row's fields; [`BatchOptions::query`] gives the language, country, limit and address profile
//! of rows without their own, and the extras of every row.
//!
//! # Output
//! JSON lines `{"id":…,"response":{…}}` or `{"id":…,"error":{"type":{…},"message":"…"}}`; CSV
//! with chosen columns ([`OutputFormat::Csv`]); or flat answers ([`FlatAnswer`],
//! [`Output::Flat`]) for columnar formats (with the `arrow` feature, the `arrow` module makes
//! them Arrow record batches). The `id` is the input's `id` as it came (a CSV field is a string;
//! a JSON or Arrow id a string or a number, as written), else the 1-based data row number as a
//! string (`"4"`).
//!
//! A row that cannot be read (wrong field count, bad UTF-8, a JSON line that is not an object
//! with an `address` string, a row longer than
//! [`MAX_RECORD_BYTES`], a field longer than
//! [`MAX_FIELD_BYTES`](crate::limits::MAX_FIELD_BYTES), an id longer than
//! [`MAX_BATCH_ID_BYTES`](crate::limits::MAX_BATCH_ID_BYTES)) becomes an error row with code
//! 400011 InvalidParameterValue and the row number as its id (a columnar row refused for a long
//! field keeps a sound id: see the `arrow` module): rows are never dropped, so output row *n*
//! answers input row *n*. An over-long row is read past without being held: memory stays
//! bounded whatever the input (`ecad::bounded`).
//!
//! # Memory and resuming
//! Rows are read [`BatchOptions::chunk_rows`] at a time, answered in parallel (rayon) and written
//! before the next chunk is read: memory does not grow with the file. [`resume_point`] counts the
//! complete lines of an existing output file (cutting a partial last line left by a kill), and
//! [`run`] skips that many input rows, so re-running with the same output appends the rest. An
//! output that is not a regular file (a pipe, a terminal, a device) is written as a stream,
//! without resuming; an existing file of another layout (JSON lines against CSV, or other CSV
//! columns) is refused rather than appended to. (A Parquet output is written whole and cannot be
//! resumed.)

mod answer;
#[cfg(feature = "arrow")]
pub mod arrow;
mod flat;
mod input;

pub use answer::{answer, cell, csv_header, find_row};
pub use flat::{FlatAnswer, FlatError};
pub use input::{InputFormat, Row, RowFields, Rows};

use std::collections::BTreeMap;
use std::io::{BufRead, Read, Seek, SeekFrom, Write};
use std::path::Path;

use rayon::prelude::*;
use serde_json::Value;

use crate::api::{self, ErrorCode, WireEnum};
use crate::engine::QueryOptions;
use crate::error::{Error, Result};
use crate::limits::MAX_RECORD_BYTES;
use answer::{answer_row, Answered, Rendered};

/// How answers are written.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// `{"id":…,"response":…}` / `{"id":…,"error":…}` per line.
    #[default]
    JsonLines,
    /// A header row, then one row per input row with these columns: `id`, `error` (the error
    /// message), `errorCode`, or any top-level FindAddress field (`result`, `addressId`,
    /// `postcode`, `postalAddress`, …). Enum objects are written as their code, line arrays
    /// joined with `, `, absent values empty.
    Csv(Vec<String>),
}

/// Knobs of [`run`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchOptions {
    /// Base URL of the links in each response.
    pub base_url: String,
    /// Licence key echoed in each response.
    pub key: String,
    /// Rows read, answered and written per step; bounds memory.
    pub chunk_rows: usize,
    /// Output layout of [`Output::Lines`].
    pub output: OutputFormat,
    /// Options of every row: the language, country, limit and address profile
    /// (`reformattedAddress`) of rows that give none, and the extras of all.
    pub query: QueryOptions,
    /// The output's name, for messages.
    pub output_name: std::path::PathBuf,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            base_url: "http://127.0.0.1:8080".into(),
            key: "batch".into(),
            chunk_rows: crate::limits::BATCH_CHUNK_ROWS,
            output: OutputFormat::JsonLines,
            query: QueryOptions::default(),
            output_name: "<output>".into(),
        }
    }
}

/// What a run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BatchSummary {
    /// Rows answered and written by this run.
    pub rows: u64,
    /// Input rows skipped because an earlier run had answered them.
    pub skipped: u64,
    /// FindAddress result code → rows.
    pub results: BTreeMap<u32, u64>,
    /// Error code → rows (refused requests and unreadable rows).
    pub errors: BTreeMap<u32, u64>,
}

impl std::fmt::Display for BatchSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{:>8}  {:<32} {:>10}", "code", "result", "rows")?;
        for (code, n) in &self.results {
            let name = api::FindResult::from_code(*code).map_or("?", |r| r.text());
            writeln!(f, "{code:>8}  {name:<32} {n:>10}")?;
        }
        for (code, n) in &self.errors {
            let name = ErrorCode::from_code(*code).map_or("?", |r| r.text());
            writeln!(f, "{code:>8}  {name:<32} {n:>10}")?;
        }
        write!(
            f,
            "{:>8}  {:<32} {:>10}\n{:>8}  {:<32} {:>10}",
            "", "answered now", self.rows, "", "skipped (done before)", self.skipped
        )
    }
}

/// Rows of the first chunk (see [`run_rows`]).
const FIRST_CHUNK_ROWS: usize = 64;

/// The rows to answer.
#[derive(Debug)]
pub struct Input<'a, R> {
    /// The input bytes.
    pub reader: R,
    /// Its name, for messages.
    pub name: &'a Path,
    /// Its layout.
    pub format: InputFormat,
    /// Rows answered by an earlier run ([`resume_point`]): read, not answered, not written.
    pub skip: u64,
}

/// Where answered rows go.
pub enum Output<'a> {
    /// JSON lines or CSV rows ([`BatchOptions::output`]), flushed after each chunk.
    Lines(&'a mut dyn Write),
    /// Flat answers with their row ids, a chunk at a time in input order (for a columnar
    /// writer: Parquet, Arrow).
    Flat(&'a mut dyn FnMut(Vec<(Value, FlatAnswer)>) -> Result<()>),
}

/// Answers every row of the input after the first `skip`, writing to `out` in input order (the CSV
/// header is not written here: see [`csv_header`]). `progress` gets the rows answered so far
/// after each chunk. [`run_rows`] takes rows from any source and writes lines or flat answers.
///
/// # Errors
/// [`Error::Io`] when reading or writing fails (`input_name` names the input), and
/// [`Error::InvalidOption`] for a CSV without an `address` column. Rows answered before a read
/// error are written first.
pub fn run<R: BufRead>(
    engine: &dyn api::Engine,
    input: Input<'_, R>,
    out: &mut dyn Write,
    opts: &BatchOptions,
    progress: &mut dyn FnMut(u64),
) -> Result<BatchSummary> {
    let rows = Rows::text(input.reader, input.format, input.name)?;
    let source = Source {
        rows,
        name: input.name,
        skip: input.skip,
    };
    run_rows(engine, source, Output::Lines(out), opts, progress)
}

/// The rows of a run.
pub struct Source<'a> {
    /// The rows.
    pub rows: Rows<'a>,
    /// The input's name, for messages.
    pub name: &'a Path,
    /// Rows answered by an earlier run ([`resume_point`]): read, not answered, not written.
    pub skip: u64,
}

/// Answers every row of `source` after its first `skip` and hands the answers to `out` in
/// input order, a chunk at a time.
///
/// The steps overlap: while the rayon pool answers chunk *k*, this thread writes chunk *k − 1*
/// and reads chunk *k + 1*, so the cores never wait on the file. Chunks are still written whole
/// and in order, so a killed run leaves a prefix of the output (see [`resume_point`]).
///
/// # Errors
/// The first error reading the rows or writing the answers ([`Error::Io`] naming the input).
/// Rows answered before a read error are written first.
pub fn run_rows(
    engine: &dyn api::Engine,
    source: Source<'_>,
    mut out: Output<'_>,
    opts: &BatchOptions,
    progress: &mut dyn FnMut(u64),
) -> Result<BatchSummary> {
    let Source {
        mut rows,
        name: input_name,
        skip,
    } = source;
    let flat = matches!(out, Output::Flat(_));
    let mut summary = BatchSummary::default();
    // The first chunks are small and grow to `chunk_rows`: the first rows are written (and an
    // unwritable output found) after a few dozen answers, not thousands.
    let full_chunk = opts.chunk_rows.max(1);
    let mut chunk = full_chunk.min(FIRST_CHUNK_ROWS);
    let mut skipped = 0u64;
    let mut next = read_chunk(&mut rows, chunk, skip, &mut skipped, input_name)?;
    chunk = (chunk * 4).min(full_chunk);
    let mut pending: Vec<(Value, Answered)> = Vec::new();
    let mut failed: Option<Error> = None;
    while !next.is_empty() || !pending.is_empty() {
        let current = std::mem::take(&mut next);
        let (more, wrote) = (!current.is_empty(), !pending.is_empty());
        let mut answered: Vec<(Value, Answered)> = Vec::new();
        let mut io_result = Ok(());
        rayon::in_place_scope(|scope| {
            if more {
                scope.spawn(|_| {
                    answered = current
                        .into_par_iter()
                        .map(|row| {
                            let a = answer_row(engine, &row, opts, flat);
                            (row.id, a)
                        })
                        .collect();
                });
            }
            io_result = write_chunk(
                std::mem::take(&mut pending),
                &mut out,
                &mut summary,
                &opts.output_name,
            );
            if io_result.is_ok() && more && failed.is_none() {
                match read_chunk(&mut rows, chunk, skip, &mut skipped, input_name) {
                    Ok(rows) => {
                        next = rows;
                        chunk = (chunk * 4).min(full_chunk);
                    }
                    // Answer and write what was read before reporting it.
                    Err(e) => failed = Some(e),
                }
            }
        });
        io_result?;
        if wrote {
            progress(summary.rows);
        }
        pending = answered;
    }
    summary.skipped = skipped;
    match failed {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}

/// Answers `rows` on all cores (the rayon pool) as flat answers in input order: what a
/// caller holding its rows in memory (an Arrow batch) wants, without a run's chunking and
/// writing.
pub fn answer_flat(engine: &dyn api::Engine, rows: &[Row], opts: &BatchOptions) -> Vec<FlatAnswer> {
    rows.par_iter()
        .map(|row| FlatAnswer::from(answer(engine, row, opts)))
        .collect()
}

/// Up to `chunk` rows after the first `skip` of the input (`skipped` counts those passed over).
fn read_chunk(
    rows: &mut Rows<'_>,
    chunk: usize,
    skip: u64,
    skipped: &mut u64,
    input_name: &Path,
) -> Result<Vec<Row>> {
    let mut batch = Vec::with_capacity(chunk);
    while batch.len() < chunk {
        match rows.next_row(input_name)? {
            Some(_) if *skipped < skip => *skipped += 1,
            Some(row) => batch.push(row),
            None => break,
        }
    }
    Ok(batch)
}

/// Writes answered rows in order, tallies them and flushes (so a kill loses at most the
/// chunks in flight).
fn write_chunk(
    answered: Vec<(Value, Answered)>,
    out: &mut Output<'_>,
    summary: &mut BatchSummary,
    output_name: &Path,
) -> Result<()> {
    if answered.is_empty() {
        return Ok(());
    }
    let io = |source| Error::Io {
        path: output_name.to_path_buf(),
        source,
    };
    for (_, (_, tally)) in &answered {
        match *tally {
            Ok(code) => *summary.results.entry(code).or_default() += 1,
            Err(code) => *summary.errors.entry(code).or_default() += 1,
        }
        summary.rows += 1;
    }
    match out {
        Output::Lines(w) => {
            for (_, (rendered, _)) in &answered {
                if let Rendered::Line(line) = rendered {
                    w.write_all(line).map_err(io)?;
                }
            }
            w.flush().map_err(io)
        }
        Output::Flat(sink) => sink(
            answered
                .into_iter()
                .filter_map(|(id, (rendered, _))| match rendered {
                    Rendered::Flat(f) => Some((id, f)),
                    Rendered::Line(_) => None,
                })
                .collect(),
        ),
    }
}

/// Where an existing output leaves off (see [`resume_point`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resume {
    /// A regular file (or none yet) holding this many complete lines, a CSV output's header
    /// among them: append after them.
    Lines(u64),
    /// Not a regular file (a pipe, a terminal, a device): nothing to resume from; write a
    /// stream from the first row.
    Stream,
}

/// Complete lines of an existing output file; a partial last line (a run killed mid-write) is
/// cut off so appending continues on a line boundary. `Lines(0)` when the file does not exist;
/// [`Resume::Stream`] when it is not a regular file (it is not read: a pipe or `/dev/zero` would
/// never end).
///
/// # Errors
/// [`Error::Io`] when the file cannot be read or truncated; [`Error::InvalidOption`] when it
/// holds another layout than `format` writes (JSON lines against CSV, other CSV columns).
pub fn resume_point(path: &Path, format: &OutputFormat) -> Result<Resume> {
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => return Ok(Resume::Stream),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Resume::Lines(0)),
        Err(e) => return Err(io(e)),
    }
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .map_err(io)?;
    let mut buf = vec![0u8; 1 << 20];
    let (mut lines, mut pos, mut end_of_last_line) = (0u64, 0u64, 0u64);
    let mut first_line = Vec::new();
    loop {
        let n = file.read(&mut buf).map_err(io)?;
        if n == 0 {
            break;
        }
        // Counted a block at a time (vectorised), not a branch per byte: an output of a million
        // rows is over a gigabyte.
        let block = &buf[..n];
        if lines == 0 && first_line.len() < MAX_RECORD_BYTES {
            let end = memchr::memchr(b'\n', block).map_or(n, |i| i + 1);
            first_line.extend_from_slice(&block[..end.min(MAX_RECORD_BYTES)]);
        }
        lines += memchr::memchr_iter(b'\n', block).count() as u64;
        if let Some(i) = memchr::memrchr(b'\n', block) {
            end_of_last_line = pos + i as u64 + 1;
        }
        pos += n as u64;
    }
    if lines > 0 {
        check_layout(path, &first_line, format)?;
    }
    if pos != end_of_last_line {
        file.set_len(end_of_last_line).map_err(io)?;
        file.seek(SeekFrom::End(0)).map_err(io)?;
    }
    Ok(Resume::Lines(lines))
}

/// Refuses to append to an output whose first line is not what `format` writes first.
fn check_layout(path: &Path, first_line: &[u8], format: &OutputFormat) -> Result<()> {
    let (fits, what) = match format {
        OutputFormat::JsonLines => (
            first_line.starts_with(br#"{"id":"#),
            "JSON lines".to_string(),
        ),
        OutputFormat::Csv(columns) => (
            first_line == csv_header(columns).as_slice(),
            format!("CSV with the columns {}", columns.join(",")),
        ),
    };
    if fits {
        return Ok(());
    }
    Err(Error::InvalidOption {
        option: "--output",
        message: format!(
            "{} already holds something other than {what} (another --format or --columns, or \
             not a batch output); resuming would mix layouts: choose another --output, or \
             delete it to start over",
            path.display()
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resume_cuts_a_partial_line() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.jsonl");
        let jsonl = OutputFormat::JsonLines;
        assert_eq!(resume_point(&p, &jsonl).unwrap(), Resume::Lines(0));
        std::fs::write(&p, "{\"id\":1}\n{\"id\":2}\n{\"id\":3,\"res").unwrap();
        assert_eq!(resume_point(&p, &jsonl).unwrap(), Resume::Lines(2));
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            "{\"id\":1}\n{\"id\":2}\n"
        );
        assert_eq!(resume_point(&p, &jsonl).unwrap(), Resume::Lines(2));
    }

    #[test]
    fn resume_refuses_another_layout_and_streams_to_devices() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out");
        std::fs::write(&p, "{\"id\":\"1\",\"response\":{}}\n").unwrap();
        let csv = OutputFormat::Csv(vec!["id".into(), "result".into()]);
        let err = resume_point(&p, &csv).unwrap_err();
        assert!(
            err.to_string().contains("CSV with the columns id,result"),
            "{err}"
        );
        std::fs::write(&p, "id,result\n1,100\n").unwrap();
        assert_eq!(resume_point(&p, &csv).unwrap(), Resume::Lines(2));
        let other = OutputFormat::Csv(vec!["id".into()]);
        assert!(resume_point(&p, &other).is_err());
        assert!(resume_point(&p, &OutputFormat::JsonLines).is_err());
        // Never read: it would not end.
        assert_eq!(
            resume_point(Path::new("/dev/zero"), &OutputFormat::JsonLines).unwrap(),
            Resume::Stream
        );
    }
}
