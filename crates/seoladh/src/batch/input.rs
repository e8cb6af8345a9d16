//! Reading batch rows: CSV with a header, JSON lines, or rows made elsewhere (Arrow record
//! batches: the `arrow` module, with the `arrow` feature).

use std::io::BufRead;
use std::path::Path;

use serde_json::Value;

use crate::error::{Error, Result};

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
    /// The row's `id`, else its 1-based row number.
    pub id: Value,
    /// What the row asks, or why it cannot be read (it is answered 400011
    /// InvalidParameterValue with this message).
    pub fields: std::result::Result<RowFields, String>,
}

impl Row {
    /// Row `n` (1-based) that cannot be read.
    pub fn unreadable(n: u64, why: String) -> Row {
        Row {
            id: Value::from(n),
            fields: Err(why),
        }
    }
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
}

impl RowFields {
    /// A row that is only an address.
    pub fn address(text: impl Into<String>) -> RowFields {
        RowFields {
            address: text.into(),
            ..RowFields::default()
        }
    }
}

/// Where a run's rows come from.
pub struct Rows<'a>(Source<'a>);

enum Source<'a> {
    Csv {
        records: Box<csv::ByteRecordsIntoIter<Box<dyn BufRead + 'a>>>,
        columns: Columns,
        width: usize,
        number: u64,
    },
    Json(Box<dyn BufRead + 'a>, u64),
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
            InputFormat::JsonLines => Source::Json(Box::new(input), 0),
        }))
    }

    /// Rows read elsewhere (a Parquet file's record batches): an error ends the run after the
    /// rows before it are written.
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
                columns,
                width,
                number,
            } => {
                let Some(record) = records.next() else {
                    return Ok(None);
                };
                *number += 1;
                let n = *number;
                let record = match record {
                    Ok(r) => r,
                    Err(e) if e.is_io_error() => {
                        return Err(io(std::io::Error::other(e.to_string())));
                    }
                    Err(e) => return Ok(Some(Row::unreadable(n, format!("row {n}: {e}")))),
                };
                let id = match field(&record, columns.id, n) {
                    Ok(Some(id)) => Value::String(id),
                    _ => Value::from(n),
                };
                Ok(Some(Row {
                    id,
                    fields: csv_fields(&record, columns, *width, n),
                }))
            }
            Source::Json(input, number) => {
                let mut line = Vec::new();
                if input.read_until(b'\n', &mut line).map_err(io)? == 0 {
                    return Ok(None);
                }
                *number += 1;
                Ok(Some(json_row(*number, &line)))
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
}

fn csv_source<'a>(input: impl BufRead + 'a, name: &Path) -> Result<Source<'a>> {
    let boxed: Box<dyn BufRead + 'a> = Box::new(input);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .has_headers(true)
        .from_reader(boxed);
    let header = reader.byte_headers().map_err(|e| Error::InvalidOption {
        option: "--input",
        message: format!("{}: cannot read the CSV header: {e}", name.display()),
    })?;
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
                 optionally id, eircode, language, country, limit)",
                name.display()
            ),
        })?,
        id: find("id"),
        eircode: find("eircode"),
        language: find("language"),
        country: find("country"),
        limit: find("limit"),
    };
    let width = header.len();
    Ok(Source::Csv {
        records: Box::new(reader.into_byte_records()),
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
    })
}

/// A JSON line's row.
fn json_row(n: u64, line: &[u8]) -> Row {
    let v: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => return Row::unreadable(n, format!("row {n}: not a JSON object: {e}")),
    };
    let id = match v.get("id") {
        Some(id @ (Value::String(_) | Value::Number(_))) => id.clone(),
        _ => Value::from(n),
    };
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
        }),
        _ => Err(format!("row {n}: no `address` string")),
    };
    Row { id, fields }
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
