//! Reading batch rows: CSV with a header, JSON lines, or rows made elsewhere (Arrow record
//! batches: the `arrow` module, with the `arrow` feature). Every layout keeps the same limits
//! ([`Row::checked`]): a record over [`MAX_RECORD_BYTES`] is read past without being held, a
//! field over [`MAX_FIELD_BYTES`] or an id over [`MAX_BATCH_ID_BYTES`] makes its row an error
//! row (the id is not echoed), and a row without a usable id gets its number, as a string.

use std::io::BufRead;
use std::path::Path;
use std::sync::Arc;

use serde_json::Value;

use crate::ecad::bounded::{read_line_capped, BoundedCsv, Cuts, Line};
use crate::error::{Error, Result};
use crate::limits::{MAX_BATCH_ID_BYTES, MAX_FIELD_BYTES, MAX_RECORD_BYTES};

/// How a text input is laid out.
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

/// One input row: its output id and its request fields, or why it could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The row's `id` as it came (a string or a number), else its 1-based row number as a
    /// string.
    pub id: Value,
    /// What the row asks, or why it cannot be read (it is answered 400011
    /// InvalidParameterValue with this message).
    pub fields: std::result::Result<RowFields, String>,
}

impl Row {
    /// Row `n` (1-based) that cannot be read; its id is its number.
    pub fn unreadable(n: u64, why: String) -> Row {
        Row {
            id: row_number(n),
            fields: Err(why),
        }
    }

    /// Row `n` of a file with its own `id` (a string or a number; else its number) and
    /// `fields`, unless the id is longer than [`MAX_BATCH_ID_BYTES`] or a field longer than
    /// [`MAX_FIELD_BYTES`]: then an error row numbered `n`, without the id. Messages start
    /// with the row number (`row 4: …`).
    pub fn checked(
        n: u64,
        id: Option<Value>,
        fields: std::result::Result<RowFields, String>,
    ) -> Row {
        match over_limits(&id, &fields) {
            Some(why) => Row::unreadable(n, format!("row {n}: {why}")),
            None => Row::with_id(n, id, fields),
        }
    }

    /// [`Row::checked`] for row `n` of a columnar batch (Arrow), whose messages carry no row
    /// number: a batch may be one partition of many (Spark), where its row numbers mean
    /// nothing, and a row's answer must not depend on how the input was split. A row refused
    /// for a long field keeps its own id (within its limit): its columns are read apart, so the
    /// id is sound, and an integer id column gets no row number that could be another row's id.
    pub fn columnar(
        n: u64,
        id: Option<Value>,
        fields: std::result::Result<RowFields, String>,
    ) -> Row {
        match over_limits(&id, &fields) {
            Some(why) if id_too_long(&id) => Row::unreadable(n, why),
            Some(why) => Row::with_id(n, id, Err(why)),
            None => Row::with_id(n, id, fields),
        }
    }

    fn with_id(n: u64, id: Option<Value>, fields: std::result::Result<RowFields, String>) -> Row {
        match id {
            Some(id @ (Value::String(_) | Value::Number(_))) => Row { id, fields },
            _ => Row {
                id: row_number(n),
                fields,
            },
        }
    }
}

/// Why a row breaks a limit (a field over [`MAX_FIELD_BYTES`], an id over
/// [`MAX_BATCH_ID_BYTES`]), if it does.
fn over_limits(
    id: &Option<Value>,
    fields: &std::result::Result<RowFields, String>,
) -> Option<String> {
    if let Some(name) = fields.as_ref().ok().and_then(RowFields::too_long) {
        return Some(long_field(name));
    }
    id_too_long(id).then(long_id)
}

/// Why a row whose field `name` is longer than [`MAX_FIELD_BYTES`] is refused.
pub(super) fn long_field(name: &str) -> String {
    format!("field `{name}` is longer than {MAX_FIELD_BYTES} bytes")
}

/// Why a row whose id is longer than [`MAX_BATCH_ID_BYTES`] is refused.
pub(super) fn long_id() -> String {
    format!("the id is longer than {MAX_BATCH_ID_BYTES} bytes")
}

fn id_too_long(id: &Option<Value>) -> bool {
    matches!(id, Some(Value::String(s)) if s.len() > MAX_BATCH_ID_BYTES)
}

/// The id of a row that has none (or whose own cannot be echoed): its 1-based number, as a
/// string like the ids of CSV input.
fn row_number(n: u64) -> Value {
    Value::String(n.to_string())
}

fn too_long(n: u64) -> Row {
    Row::unreadable(
        n,
        format!("row {n}: longer than {MAX_RECORD_BYTES} bytes; skipped unread"),
    )
}

/// The request fields of one row, as text: they are checked as the wire checks its
/// parameters, so a bad value becomes that row's error, not the run's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowFields {
    /// Address text (may be empty when `eircode` is given).
    pub address: String,
    /// An Eircode, appended to the address (FindAddress has no separate postcode parameter;
    /// the matcher finds an Eircode anywhere in the text).
    pub eircode: Option<String>,
    /// `en` or `ga`; the run's default when absent.
    pub language: Option<String>,
    /// `ie`, `ni` or `gb`; the run's default when absent.
    pub country: Option<String>,
    /// The option bound; the run's default when absent.
    pub limit: Option<String>,
    /// `addressProfileName` (`reformattedAddress`); the run's profile when absent.
    pub profile: Option<String>,
}

impl RowFields {
    /// A row that is only an address.
    pub fn address(text: impl Into<String>) -> RowFields {
        RowFields {
            address: text.into(),
            ..RowFields::default()
        }
    }

    /// The name of the first field longer than [`MAX_FIELD_BYTES`], if one is.
    fn too_long(&self) -> Option<&'static str> {
        let long = |v: &Option<String>| v.as_ref().is_some_and(|s| s.len() > MAX_FIELD_BYTES);
        if self.address.len() > MAX_FIELD_BYTES {
            return Some("address");
        }
        [
            ("eircode", &self.eircode),
            ("language", &self.language),
            ("country", &self.country),
            ("limit", &self.limit),
            ("addressProfileName", &self.profile),
        ]
        .into_iter()
        .find(|(_, v)| long(v))
        .map(|(name, _)| name)
    }
}

/// Where a run's rows come from.
pub struct Rows<'a>(Source<'a>);

enum Source<'a> {
    Csv {
        records: Box<csv::ByteRecordsIntoIter<BoundedCsv<Box<dyn BufRead + 'a>>>>,
        /// The records the bounded reader cut (over [`MAX_RECORD_BYTES`]).
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
    Made(Box<dyn Iterator<Item = Result<Row>> + 'a>),
}

impl<'a> Rows<'a> {
    /// Rows of a CSV or JSON-lines input (`name` is for messages).
    ///
    /// # Errors
    /// [`Error::InvalidOption`] for a CSV whose header cannot be read or has no `address`
    /// column.
    pub fn text(input: impl BufRead + 'a, format: InputFormat, name: &Path) -> Result<Rows<'a>> {
        Ok(Rows(match format {
            InputFormat::Csv => csv_source(input, name)?,
            InputFormat::JsonLines => Source::Json {
                input: Box::new(input),
                number: 0,
                line: Vec::new(),
            },
        }))
    }

    /// Rows read elsewhere (a Parquet file's record batches, made with [`Row::checked`] so
    /// that they keep the limits of the text layouts): an error ends the run after the rows
    /// before it are written.
    pub fn made(rows: impl Iterator<Item = Result<Row>> + 'a) -> Rows<'a> {
        Rows(Source::Made(Box::new(rows)))
    }

    /// The next row, `None` at the end.
    pub(super) fn next_row(&mut self, name: &Path) -> Result<Option<Row>> {
        let io = |source| Error::Io {
            path: name.to_path_buf(),
            source,
        };
        match &mut self.0 {
            Source::Csv {
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
                    Err(e) => return Ok(Some(Row::unreadable(n, format!("row {n}: {e}")))),
                };
                // Every field, the columns not read included: the record is not a batch row.
                if let Some(i) = record.iter().position(|f| f.len() > MAX_FIELD_BYTES) {
                    return Ok(Some(Row::unreadable(
                        n,
                        format!(
                            "row {n}: field {} is longer than {MAX_FIELD_BYTES} bytes",
                            i + 1
                        ),
                    )));
                }
                let id = field(&record, columns.id, n).ok().flatten();
                let fields = csv_fields(&record, columns, *width, n);
                Ok(Some(Row::checked(n, id.map(Value::String), fields)))
            }
            Source::Json {
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
            Source::Made(rows) => rows.next().transpose(),
        }
    }
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

fn csv_source<'a>(input: impl BufRead + 'a, name: &Path) -> Result<Source<'a>> {
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
                "{}: the CSV header is longer than {MAX_RECORD_BYTES} bytes (is it a CSV file \
                 with a header row?)",
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
    Ok(Source::Csv {
        records: Box::new(reader.into_byte_records()),
        cuts,
        columns,
        width,
        number: 0,
    })
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
) -> std::result::Result<RowFields, String> {
    if record.len() != width {
        return Err(format!(
            "row {n}: {} fields where the header has {width}",
            record.len()
        ));
    }
    Ok(RowFields {
        address: field(record, Some(columns.address), n)?.unwrap_or_default(),
        eircode: field(record, columns.eircode, n)?,
        language: field(record, columns.language, n)?,
        country: field(record, columns.country, n)?,
        limit: field(record, columns.limit, n)?,
        profile: field(record, columns.profile, n)?,
    })
}

/// A JSON line's row.
fn json_row(n: u64, line: &[u8]) -> Row {
    let v: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => return Row::unreadable(n, format!("row {n}: not a JSON object: {e}")),
    };
    let id = v.get("id").cloned();
    let text = |k: &str| match v.get(k) {
        Some(Value::String(s)) => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
        Some(Value::Number(x)) => Some(x.to_string()),
        _ => None,
    };
    let fields = match v.get("address") {
        Some(Value::String(a)) => Ok(RowFields {
            address: a.clone(),
            eircode: text("eircode"),
            language: text("language"),
            country: text("country"),
            limit: text("limit"),
            profile: text("addressProfileName"),
        }),
        _ => Err(format!("row {n}: no `address` string")),
    };
    Row::checked(n, id, fields)
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
}
