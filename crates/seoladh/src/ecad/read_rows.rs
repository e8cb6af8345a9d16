//! Row-level reading for the validating reader: open a file and check its header, read rows
//! (malformed ones reported and skipped), and the bookkeeping of issues and per-file counts.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::sync::Arc;

use csv::ByteRecord;
use serde::de::DeserializeOwned;

use super::bounded::{BoundedCsv, Cuts};
use super::ids::IdSet;
use super::layout::{address_line_columns, named_columns};
use super::report::{Action, FileReport, Issue, IssueKind, ReadReport};
use super::{AddressLinesRow, AliasTable, NamedElement};
use crate::{Error, Result};

/// An open layout file, read in bounded memory (`ecad::bounded`).
pub(crate) type CsvReader = csv::Reader<BoundedCsv<BufReader<File>>>;

/// Ids accepted so far, per table.
#[derive(Default)]
pub(crate) struct Ids {
    pub(crate) counties: IdSet,
    pub(crate) post_towns: IdSet,
    pub(crate) localities: IdSet,
    pub(crate) thoroughfares: IdSet,
    pub(crate) building_groups: IdSet,
    pub(crate) buildings: IdSet,
    pub(crate) address_points: IdSet,
    pub(crate) organisations: IdSet,
}

impl Ids {
    pub(crate) fn of_alias_table(&self, table: AliasTable) -> &IdSet {
        match table {
            AliasTable::Organisation => &self.organisations,
            AliasTable::Building => &self.buildings,
            AliasTable::BuildingGroup => &self.building_groups,
            AliasTable::Thoroughfare => &self.thoroughfares,
            AliasTable::Locality => &self.localities,
            AliasTable::PostTown => &self.post_towns,
            AliasTable::County => &self.counties,
        }
    }

    pub(crate) fn contains(&self, id: u64) -> bool {
        [
            &self.address_points,
            &self.buildings,
            &self.organisations,
            &self.thoroughfares,
            &self.localities,
            &self.building_groups,
            &self.post_towns,
            &self.counties,
        ]
        .iter()
        .any(|set| set.contains(&id))
    }
}

/// Reading state: the report and the counts of the file being read.
pub(crate) struct Ctx<'d> {
    pub(crate) dir: &'d Path,
    pub(crate) report: ReadReport,
    pub(crate) current: FileReport,
    /// Added to csv's line numbers of the current file (1 for CRLF files, see `open`).
    pub(crate) line_fix: u64,
    /// Rows of the current file cut for their length (see `ecad::bounded`).
    pub(crate) cuts: Arc<Cuts>,
}

impl Ctx<'_> {
    pub(crate) fn issue(&mut self, line: u64, kind: IssueKind, action: Action, message: String) {
        self.report.push(Issue {
            file: self.current.file.clone(),
            line,
            kind,
            action,
            message,
        });
    }

    pub(crate) fn skip(&mut self, line: u64, kind: IssueKind, message: String) {
        self.current.skipped += 1;
        self.issue(line, kind, Action::Skipped, message);
    }

    /// The file line of a record or error position.
    fn line_of(&self, pos: Option<&csv::Position>) -> u64 {
        pos.map_or(0, |p| {
            p.line() + self.line_fix + self.cuts.lines_before(p.byte())
        })
    }

    /// Why a row read at `pos` is too long to keep (cut by the reader, or a field past
    /// [`MAX_FIELD_BYTES`](crate::limits::MAX_FIELD_BYTES)), if it is.
    fn oversized(
        &self,
        pos: Option<&csv::Position>,
        record: Option<&ByteRecord>,
    ) -> Option<String> {
        if pos.is_some_and(|p| self.cuts.at(p.byte()).is_some()) {
            return Some(format!(
                "the row is longer than {} bytes; skipped unread",
                crate::limits::MAX_RECORD_BYTES
            ));
        }
        let field = record?
            .iter()
            .position(|f| f.len() > crate::limits::MAX_FIELD_BYTES)?;
        Some(format!(
            "field {} is longer than {} bytes",
            field + 1,
            crate::limits::MAX_FIELD_BYTES
        ))
    }

    pub(crate) fn end(&mut self) {
        let mut file = std::mem::take(&mut self.current);
        file.kept = file.read.saturating_sub(file.skipped);
        self.report.files.push(file);
    }

    /// Skips a row whose required text is empty.
    pub(crate) fn empty_name(&mut self, line: u64, col: &str, value: &str) -> bool {
        let empty = value.trim().is_empty();
        if empty {
            self.skip(line, IssueKind::MalformedRow, format!("{col} is empty"));
        }
        empty
    }

    /// Skips a row whose id was already used; records the id otherwise.
    pub(crate) fn duplicate(&mut self, line: u64, col: &str, id: u64, seen: &mut IdSet) -> bool {
        let dup = !seen.insert(id);
        if dup {
            self.skip(
                line,
                IssueKind::DuplicateId,
                format!("{col} {id} is already used by an earlier row"),
            );
        }
        dup
    }

    /// Skips a row whose required link points nowhere.
    pub(crate) fn dangling(
        &mut self,
        line: u64,
        col: &str,
        id: u64,
        targets: &IdSet,
        table: &str,
    ) -> bool {
        self.dangling_if(!targets.contains(&id), line, col, id, table)
    }

    pub(crate) fn dangling_if(
        &mut self,
        dangling: bool,
        line: u64,
        col: &str,
        id: u64,
        table: &str,
    ) -> bool {
        if dangling {
            self.skip(
                line,
                IssueKind::DanglingReference,
                format!("{col} {id} matches no {table} row"),
            );
        }
        dangling
    }

    /// Skips a row of an information table whose `ECAD_ID` matches no row of any table.
    pub(crate) fn dangling_any(&mut self, line: u64, id: u64, ids: &Ids) -> bool {
        self.dangling_if(!ids.contains(id), line, "ECAD_ID", id, "table's")
    }

    /// Clears an optional link that points nowhere; the row is kept.
    pub(crate) fn clear_dangling(
        &mut self,
        line: u64,
        col: &str,
        link: &mut Option<u64>,
        targets: &IdSet,
        table: &str,
    ) -> bool {
        match *link {
            Some(id) if !targets.contains(&id) => {
                *link = None;
                self.issue(
                    line,
                    IssueKind::DanglingReference,
                    Action::Repaired,
                    format!("{col} {id} matches no {table} row; link cleared"),
                );
                true
            }
            _ => false,
        }
    }

    pub(crate) fn named_table(
        &mut self,
        file: &str,
        table: &str,
        ids: &mut IdSet,
    ) -> Result<Vec<NamedElement>> {
        let cols = named_columns(table);
        let id_col = cols[0].clone();
        let mut kept = Vec::new();
        self.read_each::<NamedElement>(
            file,
            &cols,
            &[(id_col.as_str(), "ID")],
            true,
            |cx, line, e| {
                if cx.empty_name(line, "NAME", &e.name) || cx.duplicate(line, &id_col, e.id, ids) {
                    return;
                }
                kept.push(e);
            },
        )?;
        self.end();
        Ok(kept)
    }

    /// Opens a file and checks its header; `None` when an optional file is absent (noted).
    pub(crate) fn open(
        &mut self,
        file: &str,
        columns: &[impl AsRef<str>],
        required: bool,
    ) -> Result<Option<(CsvReader, Vec<String>)>> {
        let path = self.dir.join(file);
        self.current = FileReport {
            file: file.to_string(),
            ..FileReport::default()
        };
        let f = match File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if required {
                    return Err(Error::MissingTable { path });
                }
                self.issue(
                    0,
                    IssueKind::MissingFile,
                    Action::Noted,
                    format!("{file} is absent; its table is empty"),
                );
                return Ok(None);
            }
            Err(source) => return Err(Error::Io { path, source }),
        };
        self.current.present = true;
        let mut buffered = BufReader::with_capacity(1 << 16, f);
        // csv reports CRLF rows one line early (BurntSushi/rust-csv#395): detect the terminator
        // from the header line and correct every line number of this file.
        let head = buffered.fill_buf().map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
        self.line_fix = match head.iter().position(|&b| b == b'\n') {
            Some(i) if i > 0 && head.get(i - 1) == Some(&b'\r') => 1,
            _ => 0,
        };
        let bounded = BoundedCsv::new(buffered, crate::limits::MAX_RECORD_BYTES);
        self.cuts = bounded.cuts();
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .flexible(false)
            .from_reader(bounded);
        let header = reader.byte_headers().map_err(|e| read_error(&path, e))?;
        if self.cuts.at(0).is_some() {
            return Err(Error::Io {
                path,
                source: std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!(
                        "the header line is longer than {} bytes: not an ECAD-layout CSV file",
                        crate::limits::MAX_RECORD_BYTES
                    ),
                ),
            });
        }
        let header: Vec<String> = header
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let h = String::from_utf8_lossy(h);
                let h = if i == 0 {
                    h.trim_start_matches('\u{feff}')
                } else {
                    &h
                };
                h.trim().to_string()
            })
            .collect();
        let missing: Vec<String> = columns
            .iter()
            .map(|c| c.as_ref())
            .filter(|c| !header.iter().any(|h| h == c))
            .map(String::from)
            .collect();
        if !missing.is_empty() {
            if required {
                return Err(Error::BadHeader { path, missing });
            }
            // An optional table with a broken header is left out whole, and said so.
            self.issue(
                1,
                IssueKind::BadHeader,
                Action::Skipped,
                format!(
                    "header lacks column(s) {}; the whole file is ignored",
                    missing.join(", ")
                ),
            );
            return Ok(None);
        }
        for h in &header {
            if !columns.iter().any(|c| c.as_ref() == h) {
                self.issue(
                    1,
                    IssueKind::UnknownColumn,
                    Action::Noted,
                    format!("column {h:?} is not part of the layout; ignored"),
                );
            }
        }
        Ok(Some((reader, header)))
    }

    /// Reads every row of a serde-mapped table and hands each parsed row, with its line, to
    /// `each` (streaming: no table is held twice). Malformed rows are reported and skipped.
    /// `renames` maps a file column to the struct's serde name (`LOCALITY_ID` → `ID`).
    pub(crate) fn read_each<T: DeserializeOwned>(
        &mut self,
        file: &str,
        columns: &[impl AsRef<str>],
        renames: &[(&str, &str)],
        required: bool,
        mut each: impl FnMut(&mut Self, u64, T),
    ) -> Result<()> {
        let Some((mut reader, header)) = self.open(file, columns, required)? else {
            return Ok(());
        };
        let path = self.dir.join(file);
        let serde_header: ByteRecord = header
            .iter()
            .map(|h| {
                renames
                    .iter()
                    .find(|(from, _)| from == h)
                    .map_or(h.as_str(), |(_, to)| to)
            })
            .collect();
        // Columns in layout order (every file this crate writes): positional deserialisation,
        // with no per-row name matching. Otherwise fields are matched by header name.
        let in_order = header.len() == columns.len()
            && header.iter().zip(columns).all(|(h, c)| h == c.as_ref());
        let by_name = (!in_order).then_some(&serde_header);
        let mut record = ByteRecord::new();
        loop {
            match reader.read_byte_record(&mut record) {
                Ok(false) => break,
                Ok(true) => {
                    self.current.read += 1;
                    let line = self.line_of(record.position());
                    if let Some(why) = self.oversized(record.position(), Some(&record)) {
                        self.skip(line, IssueKind::MalformedRow, why);
                        continue;
                    }
                    match record.deserialize::<T>(by_name) {
                        Ok(row) => each(self, line, row),
                        Err(e) => {
                            let message = deserialize_message(&e, &header);
                            self.skip(line, IssueKind::MalformedRow, message);
                        }
                    }
                }
                Err(e) => {
                    if let Some((pos, message)) = recoverable(&e) {
                        self.current.read += 1;
                        let line = self.line_of(pos);
                        let why = self.oversized(pos, None).unwrap_or(message);
                        self.skip(line, IssueKind::MalformedRow, why);
                    } else {
                        return Err(read_error(&path, e));
                    }
                }
            }
        }
        Ok(())
    }

    /// Reads `POSTAL_ADDRESS.csv` or `GEOGRAPHIC_ADDRESS.csv`.
    pub(crate) fn address_lines(
        &mut self,
        file: &str,
        points: &IdSet,
    ) -> Result<Vec<AddressLinesRow>> {
        let columns = address_line_columns();
        let Some((mut reader, header)) = self.open(file, &columns, false)? else {
            self.end();
            return Ok(Vec::new());
        };
        let path = self.dir.join(file);
        // Column positions of ECAD_ID, the English lines and the Irish lines.
        let pos = |name: &str| header.iter().position(|h| h == name).unwrap_or(0);
        let id_pos = pos("ECAD_ID");
        let english: Vec<usize> = columns[1..10].iter().map(|c| pos(c)).collect();
        let irish: Vec<usize> = columns[10..].iter().map(|c| pos(c)).collect();
        let mut rows = Vec::new();
        let mut seen = IdSet::default();
        let mut record = ByteRecord::new();
        loop {
            match reader.read_byte_record(&mut record) {
                Ok(false) => break,
                Ok(true) => {
                    self.current.read += 1;
                    let line = self.line_of(record.position());
                    if let Some(why) = self.oversized(record.position(), Some(&record)) {
                        self.skip(line, IssueKind::MalformedRow, why);
                        continue;
                    }
                    let text = |i: usize| std::str::from_utf8(record.get(i).unwrap_or_default());
                    let id = match text(id_pos).ok().and_then(|s| s.trim().parse::<u64>().ok()) {
                        Some(id) => id,
                        None => {
                            self.skip(
                                line,
                                IssueKind::MalformedRow,
                                "ECAD_ID is not a number".to_string(),
                            );
                            continue;
                        }
                    };
                    let lines = |cols: &[usize]| -> Option<Vec<String>> {
                        let mut out = Vec::new();
                        for &c in cols {
                            let s = text(c).ok()?;
                            if !s.is_empty() {
                                out.push(s.to_string());
                            }
                        }
                        Some(out)
                    };
                    let (Some(en), Some(ga)) = (lines(&english), lines(&irish)) else {
                        self.skip(
                            line,
                            IssueKind::MalformedRow,
                            "an address line is not valid UTF-8".to_string(),
                        );
                        continue;
                    };
                    if self.dangling(line, "ECAD_ID", id, points, "ADDRESS_POINT")
                        || self.duplicate(line, "ECAD_ID", id, &mut seen)
                    {
                        continue;
                    }
                    rows.push(AddressLinesRow {
                        ecad_id: id,
                        english: en,
                        irish: ga,
                    });
                }
                Err(e) => {
                    if let Some((pos, message)) = recoverable(&e) {
                        self.current.read += 1;
                        let line = self.line_of(pos);
                        let why = self.oversized(pos, None).unwrap_or(message);
                        self.skip(line, IssueKind::MalformedRow, why);
                    } else {
                        return Err(read_error(&path, e));
                    }
                }
            }
        }
        self.end();
        Ok(rows)
    }
}

/// A row-level CSV error the reader can step over: its position and a message.
fn recoverable(e: &csv::Error) -> Option<(Option<&csv::Position>, String)> {
    match e.kind() {
        csv::ErrorKind::UnequalLengths {
            pos,
            expected_len,
            len,
        } => Some((
            pos.as_ref(),
            format!("{len} fields where the header has {expected_len}"),
        )),
        csv::ErrorKind::Utf8 { pos, err } => Some((
            pos.as_ref(),
            format!("field {} is not valid UTF-8", err.field() + 1),
        )),
        _ => None,
    }
}

fn deserialize_message(e: &csv::Error, header: &[String]) -> String {
    let csv::ErrorKind::Deserialize { err, .. } = e.kind() else {
        return e.to_string();
    };
    let column = err
        .field()
        .and_then(|i| usize::try_from(i).ok())
        .and_then(|i| header.get(i))
        .map_or_else(|| "a field".to_string(), |h| format!("column {h}"));
    format!("{column}: {}", err.kind())
}

fn read_error(path: &Path, e: csv::Error) -> Error {
    let message = e.to_string();
    match e.into_kind() {
        csv::ErrorKind::Io(source) => Error::Io {
            path: path.to_path_buf(),
            source,
        },
        _ => Error::Io {
            path: path.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidData, message),
        },
    }
}
