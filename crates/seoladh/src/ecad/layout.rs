//! The ECAD CSV directory layout (`docs/ecad-layout.md` §3): file names, columns, and the writer.
//! The validating reader is in [`read_dir`] (file `read.rs`).
//!
//! Files are UTF-8 with a header row, RFC 4180 quoting (fields quoted only when needed) and CRLF
//! line ends; an empty field is null. [`write_dir`] is byte-deterministic: rows in dataset order,
//! every file written (an empty table is a header-only file).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{AddressLinesRow, AliasTable, Dataset};
use crate::{Error, Result};

pub use super::read::{read_dir, read_dir_with, ReadOptions};
pub use super::report::{Action, FileReport, Issue, IssueKind, ReadReport};

/// File names of the layout, exactly as in `docs/ecad-layout.md` §3.
pub mod files {
    /// `COUNTY.csv`
    pub const COUNTY: &str = "COUNTY.csv";
    /// `POST_TOWN.csv`
    pub const POST_TOWN: &str = "POST_TOWN.csv";
    /// `LOCALITY.csv`
    pub const LOCALITY: &str = "LOCALITY.csv";
    /// `THOROUGHFARE.csv`
    pub const THOROUGHFARE: &str = "THOROUGHFARE.csv";
    /// `BUILDING_GROUP.csv`
    pub const BUILDING_GROUP: &str = "BUILDING_GROUP.csv";
    /// `BUILDING.csv`
    pub const BUILDING: &str = "BUILDING.csv";
    /// `ADDRESS_POINT.csv`
    pub const ADDRESS_POINT: &str = "ADDRESS_POINT.csv";
    /// `ORGANISATION.csv`
    pub const ORGANISATION: &str = "ORGANISATION.csv";
    /// `POSTAL_ADDRESS.csv`
    pub const POSTAL_ADDRESS: &str = "POSTAL_ADDRESS.csv";
    /// `GEOGRAPHIC_ADDRESS.csv`
    pub const GEOGRAPHIC_ADDRESS: &str = "GEOGRAPHIC_ADDRESS.csv";
    /// `SPATIAL_INFO.csv`
    pub const SPATIAL_INFO: &str = "SPATIAL_INFO.csv";
    /// `BUILDING_INFO.csv`
    pub const BUILDING_INFO: &str = "BUILDING_INFO.csv";
    /// `ORGANISATION_INFO.csv`
    pub const ORGANISATION_INFO: &str = "ORGANISATION_INFO.csv";
    /// `ADMINISTRATIVE_INFO.csv`
    pub const ADMINISTRATIVE_INFO: &str = "ADMINISTRATIVE_INFO.csv";
    /// `ECAD_HISTORY.csv`
    pub const ECAD_HISTORY: &str = "ECAD_HISTORY.csv";
    /// `UK_ADDRESS.csv`
    pub const UK_ADDRESS: &str = "UK_ADDRESS.csv";
}

/// Columns of every serde-mapped table, in file order. `NamedElement` and `Alias` tables write
/// their id column under the table's own name (`LOCALITY_ID`, `THOROUGHFARE_ID`): see
/// [`named_columns`] and [`alias_columns`].
pub mod columns {
    /// `COUNTY.csv`
    pub const COUNTY: &[&str] = &[
        "COUNTY_ID",
        "NAME",
        "NAME_IRISH",
        "IRISH_VERIFICATION_ID",
        "ADDRESS_TYPE_ID",
    ];
    /// `POST_TOWN.csv`
    pub const POST_TOWN: &[&str] = &[
        "POST_TOWN_ID",
        "NAME",
        "NAME_IRISH",
        "IRISH_VERIFICATION_ID",
        "ADDRESS_TYPE_ID",
        "COUNTY_ID",
    ];
    /// `BUILDING.csv`
    pub const BUILDING: &[&str] = &[
        "BUILDING_ID",
        "NAME",
        "NAME_IRISH",
        "IRISH_VERIFICATION_ID",
        "BUILDING_NUMBER",
        "ADDRESS_TYPE_ID",
        "BUILDING_GROUP_ID",
        "PRIMARY_THOROUGHFARE_ID",
        "SECONDARY_THOROUGHFARE_ID",
        "PRIMARY_LOCALITY_ID",
        "SECONDARY_LOCALITY_ID",
        "POST_TOWN_ID",
        "POST_COUNTY_ID",
        "COUNTY_ID",
    ];
    /// `ADDRESS_POINT.csv`
    pub const ADDRESS_POINT: &[&str] = &[
        "ADDRESS_POINT_ID",
        "BUILDING_ID",
        "ADDRESS_TYPE_ID",
        "EIRCODE",
        "SUB_BUILDING_NAME",
        "SUB_BUILDING_NAME_IRISH",
        "NUA",
        "MAIL_DELIVERY",
    ];
    /// `ORGANISATION.csv`
    pub const ORGANISATION: &[&str] = &[
        "ORGANISATION_ID",
        "ADDRESS_POINT_ID",
        "NAME",
        "NAME_IRISH",
        "DEPARTMENT",
        "DEPARTMENT_IRISH",
    ];
    /// `SPATIAL_INFO.csv`
    pub const SPATIAL_INFO: &[&str] = &[
        "ECAD_ID",
        "ING_EASTING",
        "ING_NORTHING",
        "ITM_EASTING",
        "ITM_NORTHING",
        "ETRS89_LAT",
        "ETRS89_LONG",
        "MIN_ING_EASTING",
        "MIN_ING_NORTHING",
        "MAX_ING_EASTING",
        "MAX_ING_NORTHING",
        "MIN_ITM_EASTING",
        "MIN_ITM_NORTHING",
        "MAX_ITM_EASTING",
        "MAX_ITM_NORTHING",
        "MIN_ETRS89_LAT",
        "MIN_ETRS89_LONG",
        "MAX_ETRS89_LAT",
        "MAX_ETRS89_LONG",
        "SPATIAL_ACCURACY",
        "CREATED_DATE",
        "LAST_UPDATED",
    ];
    /// `BUILDING_INFO.csv`
    pub const BUILDING_INFO: &[&str] = &[
        "ECAD_ID",
        "BUILDING_TYPE_ID",
        "HOLIDAY_HOME",
        "UNDER_CONSTRUCTION",
        "BUILDING_USE",
        "VACANT",
        "CREATED_DATE",
        "LAST_UPDATED",
    ];
    /// `ORGANISATION_INFO.csv`
    pub const ORGANISATION_INFO: &[&str] = &[
        "ECAD_ID",
        "NACE_CODE",
        "NACE_CATEGORY",
        "VACANT",
        "CREATED_DATE",
        "LAST_UPDATED",
    ];
    /// `ADMINISTRATIVE_INFO.csv`
    pub const ADMINISTRATIVE_INFO: &[&str] = &[
        "ECAD_ID",
        "LA_ID",
        "DED_ID",
        "SMALL_AREA_ID",
        "TOWNLAND_ID",
        "COUNTY_ID",
        "GAELTACHT",
        "LA_2015_ID",
        "DED_2015_ID",
        "SMALL_AREA_2015_ID",
        "TOWNLAND_2015_ID",
        "COUNTY_2015_ID",
        "GAELTACHT_2015",
        "CREATED_DATE",
        "LAST_UPDATED",
    ];
    /// `ECAD_HISTORY.csv`
    pub const ECAD_HISTORY: &[&str] = &[
        "ECAD_ID",
        "EIRCODE",
        "STATUS",
        "NEW_ECAD_ID",
        "NEW_EIRCODE",
        "CHANGE_DATE",
    ];
    /// `UK_ADDRESS.csv`
    pub const UK_ADDRESS: &[&str] = &[
        "ADDRESS_ID",
        "ORGANISATION",
        "SUB_BUILDING",
        "BUILDING_NAME",
        "BUILDING_NUMBER",
        "THOROUGHFARE",
        "DEPENDENT_LOCALITY",
        "POST_TOWN",
        "POSTCODE",
        "COUNTRY",
        "LATITUDE",
        "LONGITUDE",
    ];
}

/// Lines per language in `POSTAL_ADDRESS.csv` / `GEOGRAPHIC_ADDRESS.csv` (8 + the Eircode).
pub const ADDRESS_LINE_COLUMNS: usize = 9;

/// Columns of `LOCALITY.csv`, `THOROUGHFARE.csv` or `BUILDING_GROUP.csv` (`table` is
/// `LOCALITY` …): the id column is `<TABLE>_ID`.
pub fn named_columns(table: &str) -> Vec<String> {
    let mut cols = vec![format!("{table}_ID")];
    cols.extend(
        [
            "NAME",
            "NAME_IRISH",
            "IRISH_VERIFICATION_ID",
            "ADDRESS_TYPE_ID",
        ]
        .map(String::from),
    );
    cols
}

/// Columns of `<TABLE>_ALIAS.csv`.
pub fn alias_columns(table: AliasTable) -> Vec<String> {
    vec![
        "ALIAS_ID".to_string(),
        format!("{}_ID", table.table_name()),
        "NAME".to_string(),
        "ALIAS_TYPE_ID".to_string(),
    ]
}

/// File name of an alias table (`THOROUGHFARE_ALIAS.csv`).
pub fn alias_file(table: AliasTable) -> String {
    format!("{}_ALIAS.csv", table.table_name())
}

/// Columns of `POSTAL_ADDRESS.csv` and `GEOGRAPHIC_ADDRESS.csv`.
pub fn address_line_columns() -> Vec<String> {
    let mut cols = vec!["ECAD_ID".to_string()];
    cols.extend((1..=ADDRESS_LINE_COLUMNS).map(|i| format!("ADDR_LINE_{i}")));
    cols.extend((1..=ADDRESS_LINE_COLUMNS).map(|i| format!("IRISH_ADDR_LINE_{i}")));
    cols
}

/// Writes every table of `ds` to `dir` (created if missing), replacing existing files.
///
/// The derived tables are written as they are in `ds`: call
/// [`derive_address_tables`](super::address::derive_address_tables) first to fill them.
///
/// # Errors
/// [`Error::Io`] when the directory or a file cannot be written; [`Error::TooManyAddressLines`]
/// when a derived address row has more than 9 lines in one language.
pub fn write_dir(ds: &Dataset, dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|source| Error::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    write_table(dir, files::COUNTY, columns::COUNTY, &ds.counties)?;
    write_table(dir, files::POST_TOWN, columns::POST_TOWN, &ds.post_towns)?;
    write_table(
        dir,
        files::LOCALITY,
        &named_columns("LOCALITY"),
        &ds.localities,
    )?;
    write_table(
        dir,
        files::THOROUGHFARE,
        &named_columns("THOROUGHFARE"),
        &ds.thoroughfares,
    )?;
    write_table(
        dir,
        files::BUILDING_GROUP,
        &named_columns("BUILDING_GROUP"),
        &ds.building_groups,
    )?;
    write_table(dir, files::BUILDING, columns::BUILDING, &ds.buildings)?;
    write_table(
        dir,
        files::ADDRESS_POINT,
        columns::ADDRESS_POINT,
        &ds.address_points,
    )?;
    write_table(
        dir,
        files::ORGANISATION,
        columns::ORGANISATION,
        &ds.organisations,
    )?;
    for table in AliasTable::ALL {
        let rows = ds.aliases.get(&table).map(Vec::as_slice).unwrap_or(&[]);
        write_table(dir, &alias_file(table), &alias_columns(table), rows)?;
    }
    write_address_lines(dir, files::POSTAL_ADDRESS, &ds.postal_addresses)?;
    write_address_lines(dir, files::GEOGRAPHIC_ADDRESS, &ds.geographic_addresses)?;
    write_table(dir, files::SPATIAL_INFO, columns::SPATIAL_INFO, &ds.spatial)?;
    write_table(
        dir,
        files::BUILDING_INFO,
        columns::BUILDING_INFO,
        &ds.building_info,
    )?;
    write_table(
        dir,
        files::ORGANISATION_INFO,
        columns::ORGANISATION_INFO,
        &ds.organisation_info,
    )?;
    write_table(
        dir,
        files::ADMINISTRATIVE_INFO,
        columns::ADMINISTRATIVE_INFO,
        &ds.administrative_info,
    )?;
    write_table(dir, files::ECAD_HISTORY, columns::ECAD_HISTORY, &ds.history)?;
    write_table(
        dir,
        files::UK_ADDRESS,
        columns::UK_ADDRESS,
        &ds.uk_addresses,
    )?;
    Ok(())
}

type CsvWriter = csv::Writer<BufWriter<File>>;

fn create(dir: &Path, file: &str) -> Result<(CsvWriter, PathBuf)> {
    let path = dir.join(file);
    let f = File::create(&path).map_err(|source| Error::Io {
        path: path.clone(),
        source,
    })?;
    let writer = csv::WriterBuilder::new()
        .has_headers(false)
        .terminator(csv::Terminator::CRLF)
        .from_writer(BufWriter::with_capacity(1 << 16, f));
    Ok((writer, path))
}

fn csv_error(path: &Path, e: csv::Error) -> Error {
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

fn finish(mut writer: CsvWriter, path: &Path) -> Result<()> {
    writer.flush().map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut inner = writer
        .into_inner()
        .map_err(|e| csv_error(path, csv::Error::from(e.into_error())))?;
    inner.flush().map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })
}

fn write_table<T: Serialize, C: AsRef<[u8]>>(
    dir: &Path,
    file: &str,
    columns: &[C],
    rows: &[T],
) -> Result<()> {
    let (mut w, path) = create(dir, file)?;
    w.write_record(columns).map_err(|e| csv_error(&path, e))?;
    for row in rows {
        w.serialize(row).map_err(|e| csv_error(&path, e))?;
    }
    finish(w, &path)
}

fn write_address_lines(dir: &Path, file: &str, rows: &[AddressLinesRow]) -> Result<()> {
    let (mut w, path) = create(dir, file)?;
    w.write_record(address_line_columns())
        .map_err(|e| csv_error(&path, e))?;
    let mut record: Vec<String> = Vec::with_capacity(1 + 2 * ADDRESS_LINE_COLUMNS);
    for row in rows {
        for lines in [&row.english, &row.irish] {
            if lines.len() > ADDRESS_LINE_COLUMNS {
                return Err(Error::TooManyAddressLines {
                    path: path.clone(),
                    ecad_id: row.ecad_id,
                    lines: lines.len(),
                });
            }
        }
        record.clear();
        record.push(row.ecad_id.to_string());
        for lines in [&row.english, &row.irish] {
            record.extend(lines.iter().cloned());
            record.extend((lines.len()..ADDRESS_LINE_COLUMNS).map(|_| String::new()));
        }
        w.write_record(&record).map_err(|e| csv_error(&path, e))?;
    }
    finish(w, &path)
}
