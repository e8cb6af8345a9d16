//! The validating reader of the ECAD layout.
//!
//! Tables are read in dependency order (counties before post towns before buildings …) so every
//! link is checked against rows already accepted. A bad row is reported with file, line and
//! reason and left out; a dangling *optional* link (a building's group, thoroughfares,
//! localities) is cleared and the row kept. Rows that depend on a skipped row are then dangling
//! themselves and reported in turn: nothing disappears without a line in the report.

use std::collections::HashSet;
use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use csv::ByteRecord;
use serde::de::DeserializeOwned;

use super::eircode::canonical_eircode;
use super::layout::{
    address_line_columns, alias_columns, alias_file, columns, files, named_columns,
};
use super::report::{Action, FileReport, Issue, IssueKind, ReadReport};
use super::{AddressLinesRow, AliasTable, Dataset, NamedElement};
use crate::{Error, Result};

/// Reads and validates an ECAD-layout directory.
///
/// Returns the accepted rows and a report of everything found. The seven address tables
/// (`COUNTY` … `ADDRESS_POINT`) are required; every other file may be absent (its table is then
/// empty and the report says so).
///
/// # Errors
/// [`Error::Io`] when `dir` is not a readable directory or a file cannot be read;
/// [`Error::MissingTable`] when a required file is absent; [`Error::BadHeader`] when a file lacks
/// a column of the layout.
pub fn read_dir(dir: &Path) -> Result<(Dataset, ReadReport)> {
    if !dir.is_dir() {
        return Err(Error::Io {
            path: dir.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "not a directory"),
        });
    }
    let mut cx = Ctx {
        dir,
        report: ReadReport::default(),
        current: FileReport::default(),
    };
    let mut ds = Dataset::default();
    let mut ids = Ids::default();

    // Counties.
    let rows = cx.read::<super::County>(files::COUNTY, columns::COUNTY, &[], true)?;
    for (line, c) in rows {
        if cx.empty_name(line, "NAME", &c.name)
            || cx.duplicate(line, "COUNTY_ID", c.id, &mut ids.counties)
        {
            continue;
        }
        ds.counties.push(c);
    }
    cx.end();

    // Post towns.
    let rows = cx.read::<super::PostTown>(files::POST_TOWN, columns::POST_TOWN, &[], true)?;
    for (line, t) in rows {
        if cx.empty_name(line, "NAME", &t.name)
            || cx.dangling(line, "COUNTY_ID", t.county_id, &ids.counties, "COUNTY")
            || cx.duplicate(line, "POST_TOWN_ID", t.id, &mut ids.post_towns)
        {
            continue;
        }
        ds.post_towns.push(t);
    }
    cx.end();

    ds.localities = cx.named_table(files::LOCALITY, "LOCALITY", &mut ids.localities)?;
    ds.thoroughfares =
        cx.named_table(files::THOROUGHFARE, "THOROUGHFARE", &mut ids.thoroughfares)?;
    ds.building_groups = cx.named_table(
        files::BUILDING_GROUP,
        "BUILDING_GROUP",
        &mut ids.building_groups,
    )?;

    // Buildings.
    let rows = cx.read::<super::Building>(files::BUILDING, columns::BUILDING, &[], true)?;
    for (line, mut b) in rows {
        if cx.dangling(
            line,
            "POST_TOWN_ID",
            b.post_town_id,
            &ids.post_towns,
            "POST_TOWN",
        ) || cx.dangling(
            line,
            "POST_COUNTY_ID",
            b.post_county_id,
            &ids.counties,
            "COUNTY",
        ) || cx.dangling(line, "COUNTY_ID", b.county_id, &ids.counties, "COUNTY")
            || cx.duplicate(line, "BUILDING_ID", b.id, &mut ids.buildings)
        {
            continue;
        }
        let mut repaired = false;
        repaired |= cx.clear_dangling(
            line,
            "BUILDING_GROUP_ID",
            &mut b.building_group_id,
            &ids.building_groups,
            "BUILDING_GROUP",
        );
        repaired |= cx.clear_dangling(
            line,
            "PRIMARY_THOROUGHFARE_ID",
            &mut b.primary_thoroughfare_id,
            &ids.thoroughfares,
            "THOROUGHFARE",
        );
        repaired |= cx.clear_dangling(
            line,
            "SECONDARY_THOROUGHFARE_ID",
            &mut b.secondary_thoroughfare_id,
            &ids.thoroughfares,
            "THOROUGHFARE",
        );
        repaired |= cx.clear_dangling(
            line,
            "PRIMARY_LOCALITY_ID",
            &mut b.primary_locality_id,
            &ids.localities,
            "LOCALITY",
        );
        repaired |= cx.clear_dangling(
            line,
            "SECONDARY_LOCALITY_ID",
            &mut b.secondary_locality_id,
            &ids.localities,
            "LOCALITY",
        );
        if repaired {
            cx.current.repaired += 1;
        }
        ds.buildings.push(b);
    }
    cx.end();

    // Address points.
    let rows =
        cx.read::<super::AddressPoint>(files::ADDRESS_POINT, columns::ADDRESS_POINT, &[], true)?;
    let mut eircodes: HashSet<String> = HashSet::with_capacity(rows.len());
    for (line, mut ap) in rows {
        if cx.dangling(
            line,
            "BUILDING_ID",
            ap.building_id,
            &ids.buildings,
            "BUILDING",
        ) {
            continue;
        }
        let mut repaired = false;
        if let Some(raw) = ap.eircode.take() {
            match canonical_eircode(&raw) {
                None => {
                    cx.skip(line, IssueKind::BadEircode, format!("EIRCODE {raw:?} is not a valid Eircode (7 characters: routing key such as A65 or D6W, then 4 of 0-9 ACDEFHKNPRTVWXY)"));
                    continue;
                }
                Some(canonical) => {
                    if canonical != raw {
                        cx.issue(
                            line,
                            IssueKind::NonCanonicalEircode,
                            Action::Repaired,
                            format!("EIRCODE {raw:?} stored as {canonical}"),
                        );
                        repaired = true;
                    }
                    if eircodes.contains(&canonical) {
                        cx.skip(
                            line,
                            IssueKind::DuplicateEircode,
                            format!(
                                "EIRCODE {canonical} already belongs to an earlier address point"
                            ),
                        );
                        continue;
                    }
                    ap.eircode = Some(canonical);
                }
            }
        }
        if cx.duplicate(line, "ADDRESS_POINT_ID", ap.id, &mut ids.address_points) {
            continue;
        }
        if let Some(e) = &ap.eircode {
            eircodes.insert(e.clone());
        }
        if repaired {
            cx.current.repaired += 1;
        }
        ds.address_points.push(ap);
    }
    drop(eircodes);
    cx.end();

    // Organisations.
    let rows =
        cx.read::<super::Organisation>(files::ORGANISATION, columns::ORGANISATION, &[], false)?;
    for (line, o) in rows {
        if cx.empty_name(line, "NAME", &o.name)
            || cx.dangling(
                line,
                "ADDRESS_POINT_ID",
                o.address_point_id,
                &ids.address_points,
                "ADDRESS_POINT",
            )
            || cx.duplicate(line, "ORGANISATION_ID", o.id, &mut ids.organisations)
        {
            continue;
        }
        ds.organisations.push(o);
    }
    cx.end();

    // Aliases.
    for table in AliasTable::ALL {
        let file = alias_file(table);
        let cols = alias_columns(table);
        let id_col = cols[1].clone();
        let rows =
            cx.read::<super::Alias>(&file, &cols, &[(id_col.as_str(), "ELEMENT_ID")], false)?;
        let targets = ids.of_alias_table(table);
        let mut seen = HashSet::new();
        let mut kept = Vec::with_capacity(rows.len());
        for (line, a) in rows {
            if cx.empty_name(line, "NAME", &a.name)
                || cx.dangling(line, &id_col, a.element_id, targets, table.table_name())
                || cx.duplicate(line, "ALIAS_ID", a.id, &mut seen)
            {
                continue;
            }
            kept.push(a);
        }
        cx.end();
        if !kept.is_empty() {
            ds.aliases.insert(table, kept);
        }
    }

    // Derived address lines.
    ds.postal_addresses = cx.address_lines(files::POSTAL_ADDRESS, &ids.address_points)?;
    ds.geographic_addresses = cx.address_lines(files::GEOGRAPHIC_ADDRESS, &ids.address_points)?;

    // Information tables.
    let rows =
        cx.read::<super::SpatialInfo>(files::SPATIAL_INFO, columns::SPATIAL_INFO, &[], false)?;
    let mut seen = HashSet::new();
    for (line, s) in rows {
        if cx.dangling_any(line, s.ecad_id, &ids)
            || cx.duplicate(line, "ECAD_ID", s.ecad_id, &mut seen)
        {
            continue;
        }
        ds.spatial.push(s);
    }
    cx.end();

    let rows =
        cx.read::<super::BuildingInfo>(files::BUILDING_INFO, columns::BUILDING_INFO, &[], false)?;
    let mut seen = HashSet::new();
    for (line, b) in rows {
        let known = ids.buildings.contains(&b.ecad_id) || ids.address_points.contains(&b.ecad_id);
        if cx.dangling_if(
            !known,
            line,
            "ECAD_ID",
            b.ecad_id,
            "BUILDING or ADDRESS_POINT",
        ) || cx.duplicate(line, "ECAD_ID", b.ecad_id, &mut seen)
        {
            continue;
        }
        ds.building_info.push(b);
    }
    cx.end();

    let rows = cx.read::<super::OrganisationInfo>(
        files::ORGANISATION_INFO,
        columns::ORGANISATION_INFO,
        &[],
        false,
    )?;
    let mut seen = HashSet::new();
    for (line, o) in rows {
        let known =
            ids.organisations.contains(&o.ecad_id) || ids.address_points.contains(&o.ecad_id);
        if cx.dangling_if(
            !known,
            line,
            "ECAD_ID",
            o.ecad_id,
            "ORGANISATION or ADDRESS_POINT",
        ) || cx.duplicate(line, "ECAD_ID", o.ecad_id, &mut seen)
        {
            continue;
        }
        ds.organisation_info.push(o);
    }
    cx.end();

    let rows = cx.read::<super::AdministrativeInfo>(
        files::ADMINISTRATIVE_INFO,
        columns::ADMINISTRATIVE_INFO,
        &[],
        false,
    )?;
    let mut seen = HashSet::new();
    for (line, a) in rows {
        let known = ids.buildings.contains(&a.ecad_id) || ids.address_points.contains(&a.ecad_id);
        if cx.dangling_if(
            !known,
            line,
            "ECAD_ID",
            a.ecad_id,
            "BUILDING or ADDRESS_POINT",
        ) || cx.duplicate(line, "ECAD_ID", a.ecad_id, &mut seen)
        {
            continue;
        }
        ds.administrative_info.push(a);
    }
    cx.end();

    // History: the old id is gone by definition; a successor must exist.
    let rows = cx.read::<super::History>(files::ECAD_HISTORY, columns::ECAD_HISTORY, &[], false)?;
    let mut seen = HashSet::new();
    'history: for (line, mut h) in rows {
        for (col, value) in [
            ("EIRCODE", &mut h.eircode),
            ("NEW_EIRCODE", &mut h.new_eircode),
        ] {
            if let Some(raw) = value.take() {
                match canonical_eircode(&raw) {
                    Some(c) => *value = Some(c),
                    None => {
                        cx.skip(
                            line,
                            IssueKind::BadEircode,
                            format!("{col} {raw:?} is not a valid Eircode"),
                        );
                        continue 'history;
                    }
                }
            }
        }
        if let Some(new_id) = h.new_ecad_id {
            if cx.dangling_if(
                !ids.contains(new_id),
                line,
                "NEW_ECAD_ID",
                new_id,
                "any table",
            ) {
                continue;
            }
        }
        if cx.duplicate(line, "ECAD_ID", h.ecad_id, &mut seen) {
            continue;
        }
        ds.history.push(h);
    }
    cx.end();

    let rows = cx.read::<super::UkAddress>(files::UK_ADDRESS, columns::UK_ADDRESS, &[], false)?;
    let mut seen = HashSet::new();
    for (line, u) in rows {
        if cx.empty_name(line, "POSTCODE", &u.postcode)
            || cx.duplicate(line, "ADDRESS_ID", u.id, &mut seen)
        {
            continue;
        }
        ds.uk_addresses.push(u);
    }
    cx.end();

    Ok((ds, cx.report))
}

/// An open layout file.
type CsvReader = csv::Reader<BufReader<File>>;

/// Ids accepted so far, per table.
#[derive(Default)]
struct Ids {
    counties: HashSet<u64>,
    post_towns: HashSet<u64>,
    localities: HashSet<u64>,
    thoroughfares: HashSet<u64>,
    building_groups: HashSet<u64>,
    buildings: HashSet<u64>,
    address_points: HashSet<u64>,
    organisations: HashSet<u64>,
}

impl Ids {
    fn of_alias_table(&self, table: AliasTable) -> &HashSet<u64> {
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

    fn contains(&self, id: u64) -> bool {
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
struct Ctx<'d> {
    dir: &'d Path,
    report: ReadReport,
    current: FileReport,
}

impl Ctx<'_> {
    fn issue(&mut self, line: u64, kind: IssueKind, action: Action, message: String) {
        self.report.push(Issue {
            file: self.current.file.clone(),
            line,
            kind,
            action,
            message,
        });
    }

    fn skip(&mut self, line: u64, kind: IssueKind, message: String) {
        self.current.skipped += 1;
        self.issue(line, kind, Action::Skipped, message);
    }

    fn end(&mut self) {
        let mut file = std::mem::take(&mut self.current);
        file.kept = file.read.saturating_sub(file.skipped);
        self.report.files.push(file);
    }

    /// Skips a row whose required text is empty.
    fn empty_name(&mut self, line: u64, col: &str, value: &str) -> bool {
        let empty = value.trim().is_empty();
        if empty {
            self.skip(line, IssueKind::MalformedRow, format!("{col} is empty"));
        }
        empty
    }

    /// Skips a row whose id was already used; records the id otherwise.
    fn duplicate(&mut self, line: u64, col: &str, id: u64, seen: &mut HashSet<u64>) -> bool {
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
    fn dangling(
        &mut self,
        line: u64,
        col: &str,
        id: u64,
        targets: &HashSet<u64>,
        table: &str,
    ) -> bool {
        self.dangling_if(!targets.contains(&id), line, col, id, table)
    }

    fn dangling_if(&mut self, dangling: bool, line: u64, col: &str, id: u64, table: &str) -> bool {
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
    fn dangling_any(&mut self, line: u64, id: u64, ids: &Ids) -> bool {
        self.dangling_if(!ids.contains(id), line, "ECAD_ID", id, "table's")
    }

    /// Clears an optional link that points nowhere; the row is kept.
    fn clear_dangling(
        &mut self,
        line: u64,
        col: &str,
        link: &mut Option<u64>,
        targets: &HashSet<u64>,
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

    fn named_table(
        &mut self,
        file: &str,
        table: &str,
        ids: &mut HashSet<u64>,
    ) -> Result<Vec<NamedElement>> {
        let cols = named_columns(table);
        let id_col = cols[0].clone();
        let rows = self.read::<NamedElement>(file, &cols, &[(id_col.as_str(), "ID")], true)?;
        let mut kept = Vec::with_capacity(rows.len());
        for (line, e) in rows {
            if self.empty_name(line, "NAME", &e.name) || self.duplicate(line, &id_col, e.id, ids) {
                continue;
            }
            kept.push(e);
        }
        self.end();
        Ok(kept)
    }

    /// Opens a file and checks its header; `None` when an optional file is absent (noted).
    fn open(
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
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .flexible(false)
            .from_reader(BufReader::with_capacity(1 << 16, f));
        let header = reader.byte_headers().map_err(|e| read_error(&path, e))?;
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
            return Err(Error::BadHeader { path, missing });
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

    /// Reads every row of a serde-mapped table; malformed rows are reported and skipped.
    /// `renames` maps a file column to the struct's serde name (`LOCALITY_ID` → `ID`).
    fn read<T: DeserializeOwned>(
        &mut self,
        file: &str,
        columns: &[impl AsRef<str>],
        renames: &[(&str, &str)],
        required: bool,
    ) -> Result<Vec<(u64, T)>> {
        let Some((mut reader, header)) = self.open(file, columns, required)? else {
            return Ok(Vec::new());
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
        let mut rows = Vec::new();
        let mut record = ByteRecord::new();
        loop {
            match reader.read_byte_record(&mut record) {
                Ok(false) => break,
                Ok(true) => {
                    self.current.read += 1;
                    let line = record.position().map_or(0, |p| p.line());
                    match record.deserialize::<T>(Some(&serde_header)) {
                        Ok(row) => rows.push((line, row)),
                        Err(e) => {
                            let message = deserialize_message(&e, &header);
                            self.skip(line, IssueKind::MalformedRow, message);
                        }
                    }
                }
                Err(e) => {
                    if let Some((line, message)) = recoverable(&e) {
                        self.current.read += 1;
                        self.skip(line, IssueKind::MalformedRow, message);
                    } else {
                        return Err(read_error(&path, e));
                    }
                }
            }
        }
        Ok(rows)
    }

    /// Reads `POSTAL_ADDRESS.csv` or `GEOGRAPHIC_ADDRESS.csv`.
    fn address_lines(&mut self, file: &str, points: &HashSet<u64>) -> Result<Vec<AddressLinesRow>> {
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
        let mut seen = HashSet::new();
        let mut record = ByteRecord::new();
        loop {
            match reader.read_byte_record(&mut record) {
                Ok(false) => break,
                Ok(true) => {
                    self.current.read += 1;
                    let line = record.position().map_or(0, |p| p.line());
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
                    if let Some((line, message)) = recoverable(&e) {
                        self.current.read += 1;
                        self.skip(line, IssueKind::MalformedRow, message);
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

/// A row-level CSV error the reader can step over: its line and a message.
fn recoverable(e: &csv::Error) -> Option<(u64, String)> {
    match e.kind() {
        csv::ErrorKind::UnequalLengths {
            pos,
            expected_len,
            len,
        } => Some((
            pos.as_ref().map_or(0, |p| p.line()),
            format!("{len} fields where the header has {expected_len}"),
        )),
        csv::ErrorKind::Utf8 { pos, err } => Some((
            pos.as_ref().map_or(0, |p| p.line()),
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
