//! Batch validation: Find Address over every row of a CSV or JSON-lines file, on all cores, in
//! bounded chunks, writing one output row per input row in input order.
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
//! # Output
//! JSON lines `{"id":…,"response":{…}}` or `{"id":…,"error":{"type":{…},"message":"…"}}`; or CSV
//! with chosen columns ([`OutputFormat::Csv`]). The `id` is the input's `id` as it came (a CSV
//! field is a string; a JSON id a string or a number, as written), else the 1-based data row
//! number as a string (`"4"`). A row that cannot be read (wrong field count, bad UTF-8, a JSON
//! line that is not an object with an `address` string, a row longer than
//! [`MAX_RECORD_BYTES`], a field longer than [`MAX_FIELD_BYTES`], an id longer than
//! [`MAX_BATCH_ID_BYTES`]) becomes an error row with code
//! 400011 InvalidParameterValue and the row number as its id: rows are never dropped, so output
//! row *n* answers input row *n*. An over-long row is read past without being held: memory stays
//! bounded whatever the input (`ecad::bounded`).
//!
//! # Memory and resuming
//! Rows are read [`BatchOptions::chunk_rows`] at a time, answered in parallel (rayon) and written
//! before the next chunk is read: memory does not grow with the file. [`resume_point`] counts the
//! complete lines of an existing output file (cutting a partial last line left by a kill), and
//! [`run`] skips that many input rows, so re-running with the same output appends the rest. An
//! output that is not a regular file (a pipe, a terminal, a device) is written as a stream,
//! without resuming; an existing file of another layout (JSON lines against CSV, or other CSV
//! columns) is refused rather than appended to.

use std::collections::BTreeMap;
use std::io::{BufRead, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Arc;

use rayon::prelude::*;
use serde_json::Value;

use crate::api::{self, ErrorCode, ErrorEntry, Operation, WireEnum};
use crate::ecad::bounded::{read_line_capped, BoundedCsv, Cuts, Line};
use crate::error::{Error, Result};
use crate::limits::{MAX_BATCH_ID_BYTES, MAX_FIELD_BYTES, MAX_RECORD_BYTES};

/// How the input is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputFormat {
    /// CSV with a header row.
    Csv,
    /// One JSON object per line.
    JsonLines,
}

impl InputFormat {
    /// By extension (`csv`; `jsonl`, `ndjson`, `json`), else `{` as the first non-blank byte
    /// means JSON lines, anything else CSV.
    pub fn detect(path: &Path, first_byte: Option<u8>) -> InputFormat {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("csv") => InputFormat::Csv,
            Some("jsonl" | "ndjson" | "json") => InputFormat::JsonLines,
            _ if first_byte == Some(b'{') => InputFormat::JsonLines,
            _ => InputFormat::Csv,
        }
    }
}

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
    /// Output layout.
    pub output: OutputFormat,
    /// `addressProfileName` of the rows that name none (`reformattedAddress` in every answer).
    pub profile: Option<String>,
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
            profile: None,
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

/// Rows of the first chunk (see [`run`]).
const FIRST_CHUNK_ROWS: usize = 64;

/// One input row: its output id and its request fields, or why it could not be read.
struct Row {
    id: Value,
    fields: std::result::Result<Fields, String>,
}

/// One answered row: its output line and its tally (a result code, or an error code).
type Answered = (Vec<u8>, std::result::Result<u32, u32>);

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

/// Answers every row of the input after the first `skip`, writing to `out` in input order (the CSV
/// header is not written here: see [`csv_header`]). `progress` gets the rows answered so far
/// after each chunk.
///
/// The steps overlap: while the rayon pool answers chunk *k*, this thread writes chunk *k − 1*
/// and reads chunk *k + 1*, so the cores never wait on the file. Chunks are still written whole
/// and in order, so a killed run leaves a prefix of the output (see [`resume_point`]).
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
    let Input {
        reader,
        name: input_name,
        format,
        skip,
    } = input;
    let mut rows = match format {
        InputFormat::Csv => RowSource::csv(reader, input_name)?,
        InputFormat::JsonLines => RowSource::Json {
            input: Box::new(reader),
            number: 0,
            line: Vec::new(),
        },
    };
    let mut summary = BatchSummary::default();
    // The first chunks are small and grow to `chunk_rows`: the first rows are written (and an
    // unwritable output found) after a few dozen answers, not thousands.
    let full_chunk = opts.chunk_rows.max(1);
    let mut chunk = full_chunk.min(FIRST_CHUNK_ROWS);
    let mut skipped = 0u64;
    let mut next = read_chunk(&mut rows, chunk, skip, &mut skipped, input_name)?;
    chunk = (chunk * 4).min(full_chunk);
    let mut pending: Vec<Answered> = Vec::new();
    let mut failed: Option<Error> = None;
    while !next.is_empty() || !pending.is_empty() {
        let current = std::mem::take(&mut next);
        let mut answered: Vec<Answered> = Vec::new();
        let mut io_result = Ok(());
        rayon::in_place_scope(|scope| {
            if !current.is_empty() {
                scope.spawn(|_| {
                    answered = current
                        .par_iter()
                        .map(|row| answer_row(engine, row, opts))
                        .collect();
                });
            }
            io_result = write_chunk(&pending, out, &mut summary, &opts.output_name);
            if io_result.is_ok() && !current.is_empty() && failed.is_none() {
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
        if !pending.is_empty() {
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

/// Up to `chunk` rows after the first `skip` of the input (`skipped` counts those passed over).
fn read_chunk(
    rows: &mut RowSource<'_>,
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

/// Writes answered lines in order, tallies them and flushes (so a kill loses at most the
/// chunks in flight).
fn write_chunk(
    answered: &[Answered],
    out: &mut dyn Write,
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
    for (line, tally) in answered {
        out.write_all(line).map_err(io)?;
        match *tally {
            Ok(code) => *summary.results.entry(code).or_default() += 1,
            Err(code) => *summary.errors.entry(code).or_default() += 1,
        }
        summary.rows += 1;
    }
    out.flush().map_err(io)
}

/// Answers one row and renders its output line.
fn answer_row(engine: &dyn api::Engine, row: &Row, opts: &BatchOptions) -> Answered {
    let refused = |e: api::ApiError| {
        let tally = Err(e.code.code());
        (render(&row.id, Err(&e), &opts.output), tally)
    };
    let fields = match &row.fields {
        Ok(f) => f,
        Err(why) => {
            return refused(api::ApiError::new(
                ErrorCode::InvalidParameterValue,
                why.clone(),
            ))
        }
    };
    let q = query(fields, opts);
    let raw = api::RawQuery::parse(&q);
    let prepared = match api::Prepared::parse(Operation::FindAddress, &raw, engine, &opts.base_url)
    {
        Ok(p) => p,
        Err(e) => return refused(e),
    };
    match &opts.output {
        // The response is serialised straight into the line, after its id.
        OutputFormat::JsonLines => {
            let mut line = Vec::with_capacity(2048);
            line.extend_from_slice(br#"{"id":"#);
            write_json(&mut line, &row.id);
            line.extend_from_slice(br#","response":"#);
            match prepared.run_into(engine, &mut line) {
                Ok(result) => {
                    line.extend_from_slice(b"}\n");
                    (line, Ok(result.unwrap_or(0)))
                }
                Err(e) => refused(e),
            }
        }
        OutputFormat::Csv(_) => match prepared.run(engine) {
            Ok(a) => {
                let tally = Ok(a.result.unwrap_or(0));
                (render(&row.id, Ok(&a.json), &opts.output), tally)
            }
            Err(e) => refused(e),
        },
    }
}

/// Appends `v` as JSON (writing to a `Vec` cannot fail; a `Value` always serialises).
fn write_json(out: &mut Vec<u8>, v: &impl serde::Serialize) {
    let _ = serde_json::to_writer(out, v);
}

/// The header line of a CSV output.
pub fn csv_header(columns: &[String]) -> Vec<u8> {
    csv_line(columns.iter().map(String::as_str))
}

/// One output line (with its newline): the response JSON, or the error it was refused with.
fn render(
    id: &Value,
    outcome: std::result::Result<&[u8], &api::ApiError>,
    format: &OutputFormat,
) -> Vec<u8> {
    match format {
        OutputFormat::JsonLines => {
            let mut line = Vec::with_capacity(256);
            line.extend_from_slice(br#"{"id":"#);
            write_json(&mut line, id);
            match outcome {
                Ok(json) => {
                    line.extend_from_slice(br#","response":"#);
                    line.extend_from_slice(json);
                }
                Err(e) => {
                    let entry = ErrorEntry {
                        error_type: e.code,
                        message: e.message.clone(),
                    };
                    line.extend_from_slice(br#","error":"#);
                    write_json(&mut line, &entry);
                }
            }
            line.extend_from_slice(b"}\n");
            line
        }
        OutputFormat::Csv(columns) => {
            let response = match outcome {
                Ok(json) => serde_json::from_slice(json).unwrap_or(Value::Null),
                Err(_) => Value::Null,
            };
            let cells: Vec<String> = columns
                .iter()
                .map(|c| match (c.as_str(), outcome) {
                    ("id", _) => cell(id),
                    ("error", Err(e)) => e.message.clone(),
                    ("errorCode", Err(e)) => e.code.code().to_string(),
                    (name, _) => response.get(name).map_or_else(String::new, cell),
                })
                .collect();
            csv_line(cells.iter().map(String::as_str))
        }
    }
}

/// A JSON value as one CSV cell (no newlines: one output row is one line, for resuming).
fn cell(v: &Value) -> String {
    let s = match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Object(o) => o.get("code").map_or_else(|| v.to_string(), cell),
        Value::Array(a) => a.iter().map(cell).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    };
    s.replace(['\n', '\r'], " ")
}

fn csv_line<'a>(cells: impl Iterator<Item = &'a str>) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new().from_writer(Vec::new());
    // Writing to a Vec cannot fail.
    let _ = w.write_record(cells);
    w.into_inner().unwrap_or_default()
}

/// Rows from either input layout.
enum RowSource<'a> {
    Csv {
        records: Box<csv::ByteRecordsIntoIter<BoundedCsv<Box<dyn BufRead + 'a>>>>,
        cuts: Arc<Cuts>,
        columns: Columns,
        width: usize,
        number: u64,
    },
    Json {
        input: Box<dyn BufRead + 'a>,
        number: u64,
        /// The current line (at most [`MAX_RECORD_BYTES`] of it).
        line: Vec<u8>,
    },
}

/// Where each known column is in the CSV header.
#[derive(Default)]
struct Columns {
    address: usize,
    id: Option<usize>,
    eircode: Option<usize>,
    language: Option<usize>,
    country: Option<usize>,
    limit: Option<usize>,
    profile: Option<usize>,
}

/// The request fields of one row.
#[derive(Default)]
struct Fields {
    address: String,
    eircode: Option<String>,
    language: Option<String>,
    country: Option<String>,
    limit: Option<String>,
    profile: Option<String>,
}

impl<'a> RowSource<'a> {
    fn csv(input: impl BufRead + 'a, name: &Path) -> Result<Self> {
        let boxed: Box<dyn BufRead + 'a> = Box::new(input);
        let bounded = BoundedCsv::new(boxed, MAX_RECORD_BYTES);
        let cuts = bounded.cuts();
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .has_headers(true)
            .from_reader(bounded);
        let header = reader.byte_headers().map_err(|e| Error::InvalidOption {
            option: "--input",
            message: format!("{}: cannot read the CSV header: {e}", name.display()),
        })?;
        if cuts.at(0).is_some() {
            return Err(Error::InvalidOption {
                option: "--input",
                message: format!(
                    "{}: the CSV header is longer than {MAX_RECORD_BYTES} bytes (is it a CSV \
                     file with a header row?)",
                    name.display()
                ),
            });
        }
        let find = |n: &str| {
            header
                .iter()
                .position(|h| String::from_utf8_lossy(h).trim().eq_ignore_ascii_case(n))
        };
        let columns = Columns {
            address: find("address").ok_or_else(|| Error::InvalidOption {
                option: "--input",
                message: format!(
                    "{}: the CSV header has no `address` column (columns: address, and \
                     optionally id, eircode, language, country, limit, addressProfileName)",
                    name.display()
                ),
            })?,
            id: find("id"),
            eircode: find("eircode"),
            language: find("language"),
            country: find("country"),
            limit: find("limit"),
            profile: find("addressProfileName"),
        };
        let width = header.len();
        Ok(RowSource::Csv {
            records: Box::new(reader.into_byte_records()),
            cuts,
            columns,
            width,
            number: 0,
        })
    }

    fn next_row(&mut self, name: &Path) -> Result<Option<Row>> {
        let io = |source| Error::Io {
            path: name.to_path_buf(),
            source,
        };
        match self {
            RowSource::Csv {
                records,
                cuts,
                columns,
                width,
                number,
            } => {
                let Some(record) = records.next() else {
                    return Ok(None);
                };
                *number += 1;
                let n = *number;
                let cut =
                    |pos: Option<&csv::Position>| pos.is_some_and(|p| cuts.at(p.byte()).is_some());
                let record = match record {
                    Ok(r) if cut(r.position()) => return Ok(Some(too_long(n))),
                    Ok(r) => r,
                    Err(e) if e.is_io_error() => {
                        return Err(io(std::io::Error::other(e.to_string())));
                    }
                    Err(e) if cut(e.position()) => return Ok(Some(too_long(n))),
                    Err(e) => return Ok(Some(bad_row(n, format!("row {n}: {e}")))),
                };
                if let Some(i) = record.iter().position(|f| f.len() > MAX_FIELD_BYTES) {
                    return Ok(Some(bad_row(
                        n,
                        format!(
                            "row {n}: field {} is longer than {MAX_FIELD_BYTES} bytes",
                            i + 1
                        ),
                    )));
                }
                let id = match field(&record, columns.id, n) {
                    Ok(Some(id)) if id.len() > MAX_BATCH_ID_BYTES => {
                        return Ok(Some(long_id(n)));
                    }
                    Ok(Some(id)) => Value::String(id),
                    _ => row_number(n),
                };
                Ok(Some(Row {
                    id,
                    fields: csv_fields(&record, columns, *width, n),
                }))
            }
            RowSource::Json {
                input,
                number,
                line,
            } => {
                let read = read_line_capped(input.as_mut(), MAX_RECORD_BYTES, line).map_err(io)?;
                if read == Line::End {
                    return Ok(None);
                }
                *number += 1;
                Ok(Some(match read {
                    Line::TooLong(_) => too_long(*number),
                    _ => json_row(*number, line),
                }))
            }
        }
    }
}

/// Field `i` of a CSV record, trimmed; `None` when absent or empty.
fn field(
    record: &csv::ByteRecord,
    i: Option<usize>,
    n: u64,
) -> std::result::Result<Option<String>, String> {
    match i.and_then(|i| record.get(i)) {
        None => Ok(None),
        Some(b) => std::str::from_utf8(b)
            .map(|s| Some(s.trim().to_string()).filter(|s| !s.is_empty()))
            .map_err(|_| format!("row {n}: a field is not valid UTF-8")),
    }
}

/// The request fields of CSV row `n`, or why it cannot be read.
fn csv_fields(
    record: &csv::ByteRecord,
    columns: &Columns,
    width: usize,
    n: u64,
) -> std::result::Result<Fields, String> {
    if record.len() != width {
        return Err(format!(
            "row {n}: {} fields where the header has {width}",
            record.len()
        ));
    }
    Ok(Fields {
        address: field(record, Some(columns.address), n)?.unwrap_or_default(),
        eircode: field(record, columns.eircode, n)?,
        language: field(record, columns.language, n)?,
        country: field(record, columns.country, n)?,
        limit: field(record, columns.limit, n)?,
        profile: field(record, columns.profile, n)?,
    })
}

fn bad_row(n: u64, why: String) -> Row {
    Row {
        id: row_number(n),
        fields: Err(why),
    }
}

/// The id of a row that has none (or whose own cannot be echoed): its 1-based number, as a
/// string like the ids of CSV input.
fn row_number(n: u64) -> Value {
    Value::String(n.to_string())
}

fn too_long(n: u64) -> Row {
    bad_row(
        n,
        format!("row {n}: longer than {MAX_RECORD_BYTES} bytes; skipped unread"),
    )
}

fn long_id(n: u64) -> Row {
    bad_row(
        n,
        format!("row {n}: the id is longer than {MAX_BATCH_ID_BYTES} bytes"),
    )
}

/// A JSON line's row.
fn json_row(n: u64, line: &[u8]) -> Row {
    let v: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => return bad_row(n, format!("row {n}: not a JSON object: {e}")),
    };
    let id = match v.get("id") {
        Some(Value::String(s)) if s.len() > MAX_BATCH_ID_BYTES => return long_id(n),
        Some(id @ (Value::String(_) | Value::Number(_))) => id.clone(),
        _ => row_number(n),
    };
    let text = |k: &str| match v.get(k) {
        Some(Value::String(s)) => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
        Some(Value::Number(x)) => Some(x.to_string()),
        _ => None,
    };
    let fields = match v.get("address") {
        Some(Value::String(a)) => Ok(Fields {
            address: a.clone(),
            eircode: text("eircode"),
            language: text("language"),
            country: text("country"),
            limit: text("limit"),
            profile: text("addressProfileName"),
        }),
        _ => Err(format!("row {n}: no `address` string")),
    };
    Row { id, fields }
}

/// The FindAddress query string of a row.
fn query(f: &Fields, opts: &BatchOptions) -> String {
    let joined;
    let address = match &f.eircode {
        Some(e) if f.address.is_empty() => e.as_str(),
        Some(e) => {
            joined = format!("{}, {e}", f.address);
            joined.as_str()
        }
        None => f.address.as_str(),
    };
    let enc = api::query::percent_encode_into;
    let mut q = String::with_capacity(address.len() * 3 / 2 + 64);
    q.push_str("key=");
    enc(&opts.key, &mut q);
    q.push_str("&address=");
    enc(address, &mut q);
    let profile = f.profile.as_ref().or(opts.profile.as_ref());
    for (k, v) in [
        ("&language=", f.language.as_ref()),
        ("&country=", f.country.as_ref()),
        ("&limit=", f.limit.as_ref()),
        ("&addressProfileName=", profile),
    ] {
        if let Some(v) = v {
            q.push_str(k);
            enc(v, &mut q);
        }
    }
    q
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
    fn formats_are_detected() {
        assert_eq!(
            InputFormat::detect(Path::new("a.CSV"), Some(b'{')),
            InputFormat::Csv
        );
        assert_eq!(
            InputFormat::detect(Path::new("a.jsonl"), None),
            InputFormat::JsonLines
        );
        assert_eq!(
            InputFormat::detect(Path::new("a.txt"), Some(b'{')),
            InputFormat::JsonLines
        );
        assert_eq!(
            InputFormat::detect(Path::new("a"), Some(b'a')),
            InputFormat::Csv
        );
    }

    #[test]
    fn eircode_joins_the_address_and_values_are_encoded() {
        let f = Fields {
            address: "1 Main St, Dún Laoghaire".into(),
            eircode: Some("A96 X2Y3".into()),
            limit: Some("-1".into()),
            ..Fields::default()
        };
        let q = query(&f, &BatchOptions::default());
        assert_eq!(
            q,
            "key=batch&address=1%20Main%20St%2C%20D%C3%BAn%20Laoghaire%2C%20A96%20X2Y3&limit=-1"
        );
    }

    #[test]
    fn csv_cells_flatten_enums_and_lines() {
        let v: Value = serde_json::json!({"result": {"code": 100, "text": "PostcodeAppended"},
            "postalAddress": ["1 MAIN ST", "NAAS\nX"], "addressId": 1700000001u64});
        assert_eq!(cell(&v["result"]), "100");
        assert_eq!(cell(&v["postalAddress"]), "1 MAIN ST, NAAS X");
        assert_eq!(cell(&v["addressId"]), "1700000001");
        assert_eq!(cell(&Value::Null), "");
    }

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
