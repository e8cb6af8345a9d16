//! Dataset statistics: the numbers `seoladh stats DIR` prints and the README quotes.
//!
//! Every share is over all address points and is defined next to its field, so a number in the
//! README can be traced back to one line of code.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;

use serde::Serialize;

use super::layout::{alias_file, files};
use super::{AddressTypeId, AliasTable, Dataset, HistoryStatus, NamedElement};

/// Rows in one file of the layout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableCount {
    /// File name (`ADDRESS_POINT.csv`).
    pub file: String,
    /// Data rows.
    pub rows: usize,
}

/// How often one address type code is used in one table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AddressTypeCount {
    /// File name (`LOCALITY.csv`).
    pub file: String,
    /// `ADDRESS_TYPE_ID`.
    pub code: u16,
    /// Wire name, `Unknown(<code>)` for codes outside the published list.
    pub name: String,
    /// Rows with this code.
    pub count: usize,
}

/// Aliases of one table with one `ALIAS_TYPE_ID`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AliasCount {
    /// File name (`THOROUGHFARE_ALIAS.csv`).
    pub file: String,
    /// `ALIAS_TYPE_ID` (1 misspelling, 2 alternative name, 3 alternative format, 4 both).
    pub alias_type: u8,
    /// Rows.
    pub count: usize,
}

/// Numbers describing a dataset.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stats {
    /// Rows per file, in layout order.
    pub tables: Vec<TableCount>,
    /// Address points.
    pub address_points: usize,
    /// Address points flagged `NUA=Y` (postal address shared with other points).
    pub nua: usize,
    /// Address points whose building has at least one thoroughfare or locality (primary or
    /// secondary) with a `NAME_IRISH` and `IRISH_VERIFICATION_ID` > 0.
    pub irish_named: usize,
    /// Address points whose Irish postal lines (`POSTAL_ADDRESS.csv`) differ from the English
    /// ones; `None` when the postal table is empty.
    pub irish_postal_differs: Option<usize>,
    /// Address points without an Eircode.
    pub without_eircode: usize,
    /// Address points with `MAIL_DELIVERY=N`.
    pub no_mail_delivery: usize,
    /// Address points whose building's post county differs from its geographic county.
    pub border: usize,
    /// Buildings in a Gaeltacht area (`ADMINISTRATIVE_INFO.GAELTACHT=Y`).
    pub gaeltacht_buildings: usize,
    /// Aliases by table and type.
    pub aliases: Vec<AliasCount>,
    /// `ECAD_HISTORY.csv` rows by status (`CHANGED`, `RETIRED`).
    pub history: BTreeMap<String, usize>,
    /// Address types per table, by table in layout order then code.
    pub address_types: Vec<AddressTypeCount>,
}

/// Computes the statistics of a dataset (one pass per table).
pub fn compute(ds: &Dataset) -> Stats {
    let mut stats = Stats {
        tables: table_counts(ds),
        address_points: ds.address_points.len(),
        nua: 0,
        irish_named: 0,
        irish_postal_differs: None,
        without_eircode: 0,
        no_mail_delivery: 0,
        border: 0,
        gaeltacht_buildings: ds
            .administrative_info
            .iter()
            .filter(|a| a.gaeltacht)
            .count(),
        aliases: alias_counts(ds),
        history: BTreeMap::new(),
        address_types: address_type_counts(ds),
    };
    count_address_points(ds, &mut stats);
    if !ds.postal_addresses.is_empty() {
        stats.irish_postal_differs = Some(
            ds.postal_addresses
                .iter()
                .filter(|r| r.english != r.irish)
                .count(),
        );
    }
    for h in &ds.history {
        let status = match h.status {
            HistoryStatus::Changed => "CHANGED",
            HistoryStatus::Retired => "RETIRED",
        };
        *stats.history.entry(status.to_string()).or_insert(0) += 1;
    }
    stats
}

/// The rows of every table, in layout order.
fn table_counts(ds: &Dataset) -> Vec<TableCount> {
    let mut tables = vec![
        (files::COUNTY.to_string(), ds.counties.len()),
        (files::POST_TOWN.to_string(), ds.post_towns.len()),
        (files::LOCALITY.to_string(), ds.localities.len()),
        (files::THOROUGHFARE.to_string(), ds.thoroughfares.len()),
        (files::BUILDING_GROUP.to_string(), ds.building_groups.len()),
        (files::BUILDING.to_string(), ds.buildings.len()),
        (files::ADDRESS_POINT.to_string(), ds.address_points.len()),
        (files::ORGANISATION.to_string(), ds.organisations.len()),
    ];
    for table in AliasTable::ALL {
        let n = ds.aliases.get(&table).map_or(0, Vec::len);
        tables.push((alias_file(table), n));
    }
    tables.extend([
        (files::POSTAL_ADDRESS.to_string(), ds.postal_addresses.len()),
        (
            files::GEOGRAPHIC_ADDRESS.to_string(),
            ds.geographic_addresses.len(),
        ),
        (files::SPATIAL_INFO.to_string(), ds.spatial.len()),
        (files::BUILDING_INFO.to_string(), ds.building_info.len()),
        (
            files::ORGANISATION_INFO.to_string(),
            ds.organisation_info.len(),
        ),
        (
            files::ADMINISTRATIVE_INFO.to_string(),
            ds.administrative_info.len(),
        ),
        (files::ECAD_HISTORY.to_string(), ds.history.len()),
        (files::UK_ADDRESS.to_string(), ds.uk_addresses.len()),
    ]);
    tables
        .into_iter()
        .map(|(file, rows)| TableCount { file, rows })
        .collect()
}

/// The address point counts: NUA, no Eircode, no mail delivery, border, on an Irish-named
/// street or locality.
fn count_address_points(ds: &Dataset, stats: &mut Stats) {
    let irish = |rows: &[NamedElement]| -> HashSet<u64> {
        rows.iter()
            .filter(|e| {
                e.irish_verification > 0
                    && e.name_irish.as_ref().is_some_and(|n| !n.trim().is_empty())
            })
            .map(|e| e.id)
            .collect()
    };
    let irish_thoroughfares = irish(&ds.thoroughfares);
    let irish_localities = irish(&ds.localities);
    let buildings: HashMap<u64, &super::Building> =
        ds.buildings.iter().map(|b| (b.id, b)).collect();
    for ap in &ds.address_points {
        stats.nua += usize::from(ap.nua);
        stats.without_eircode += usize::from(ap.eircode.is_none());
        stats.no_mail_delivery += usize::from(!ap.mail_delivery);
        if let Some(b) = buildings.get(&ap.building_id) {
            stats.border += usize::from(b.post_county_id != b.county_id);
            let t = [b.primary_thoroughfare_id, b.secondary_thoroughfare_id];
            let l = [b.primary_locality_id, b.secondary_locality_id];
            let named = t
                .iter()
                .flatten()
                .any(|id| irish_thoroughfares.contains(id))
                || l.iter().flatten().any(|id| irish_localities.contains(id));
            stats.irish_named += usize::from(named);
        }
    }
}

/// Aliases by table and type.
fn alias_counts(ds: &Dataset) -> Vec<AliasCount> {
    let mut out = Vec::new();
    for (table, rows) in &ds.aliases {
        let mut by_type: BTreeMap<u8, usize> = BTreeMap::new();
        for a in rows {
            *by_type.entry(a.alias_type).or_insert(0) += 1;
        }
        for (alias_type, count) in by_type {
            out.push(AliasCount {
                file: alias_file(*table),
                alias_type,
                count,
            });
        }
    }
    out
}

/// Address types per table, by table in layout order then code.
fn address_type_counts(ds: &Dataset) -> Vec<AddressTypeCount> {
    let mut out = Vec::new();
    let mut push_types = |file: &str, codes: &mut dyn Iterator<Item = u16>| {
        let mut counts: BTreeMap<u16, usize> = BTreeMap::new();
        for code in codes {
            *counts.entry(code).or_insert(0) += 1;
        }
        for (code, count) in counts {
            out.push(AddressTypeCount {
                file: file.to_string(),
                code,
                name: AddressTypeId(code).to_string(),
                count,
            });
        }
    };
    push_types(
        files::COUNTY,
        &mut ds.counties.iter().map(|r| r.address_type),
    );
    push_types(
        files::POST_TOWN,
        &mut ds.post_towns.iter().map(|r| r.address_type),
    );
    push_types(
        files::LOCALITY,
        &mut ds.localities.iter().map(|r| r.address_type),
    );
    push_types(
        files::THOROUGHFARE,
        &mut ds.thoroughfares.iter().map(|r| r.address_type),
    );
    push_types(
        files::BUILDING_GROUP,
        &mut ds.building_groups.iter().map(|r| r.address_type),
    );
    push_types(
        files::BUILDING,
        &mut ds.buildings.iter().map(|r| r.address_type),
    );
    push_types(
        files::ADDRESS_POINT,
        &mut ds.address_points.iter().map(|r| r.address_type),
    );
    out
}

/// `part` as a percentage of `whole`, one decimal (0 when `whole` is 0).
fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        // Counts stay far below 2^52, so the conversion is exact.
        (part as f64) * 100.0 / (whole as f64)
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Tables (rows)")?;
        for t in &self.tables {
            writeln!(f, "  {:<28} {:>10}", t.file, t.rows)?;
        }
        let n = self.address_points;
        writeln!(f, "\nAddress points ({n})")?;
        let mut line = |label: &str, count: usize| {
            writeln!(f, "  {label:<60} {count:>10} {:>6.1}%", percent(count, n))
        };
        line("non-unique (NUA=Y)", self.nua)?;
        line(
            "thoroughfare or locality with an Irish name (verified > 0)",
            self.irish_named,
        )?;
        if let Some(d) = self.irish_postal_differs {
            line("Irish postal address differs from the English", d)?;
        }
        line("without Eircode", self.without_eircode)?;
        line("no mail delivery (MAIL_DELIVERY=N)", self.no_mail_delivery)?;
        line(
            "border (post county differs from geographic county)",
            self.border,
        )?;
        writeln!(f, "\nGaeltacht buildings: {}", self.gaeltacht_buildings)?;
        writeln!(f, "\nAliases (file, ALIAS_TYPE_ID, rows)")?;
        if self.aliases.is_empty() {
            writeln!(f, "  none")?;
        }
        for a in &self.aliases {
            let kind = match a.alias_type {
                1 => "common misspelling",
                2 => "alternative name",
                3 => "alternative format",
                4 => "alternative name and format",
                _ => "unknown type",
            };
            writeln!(
                f,
                "  {:<28} {} {:<28} {:>10}",
                a.file, a.alias_type, kind, a.count
            )?;
        }
        writeln!(f, "\nHistory (STATUS, rows)")?;
        if self.history.is_empty() {
            writeln!(f, "  none")?;
        }
        for (status, count) in &self.history {
            writeln!(f, "  {status:<10} {count:>10}")?;
        }
        writeln!(f, "\nAddress types (file, code, name, rows)")?;
        for t in &self.address_types {
            writeln!(
                f,
                "  {:<22} {:>5} {:<40} {:>10}",
                t.file, t.code, t.name, t.count
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ecad::{AddressPoint, Building, County};

    fn county(id: u64) -> County {
        County {
            id,
            name: format!("C{id}"),
            name_irish: None,
            irish_verification: 0,
            address_type: 3900,
        }
    }

    #[test]
    fn counts_and_shares() {
        let mut ds = Dataset {
            counties: vec![county(1), county(2)],
            thoroughfares: vec![NamedElement {
                id: 12,
                name: "DAME STREET".into(),
                name_irish: Some("SRÁID DAME".into()),
                irish_verification: 3,
                address_type: 3100,
            }],
            ..Dataset::default()
        };
        for (id, county_id, street) in [(14, 1, Some(12)), (15, 2, None)] {
            ds.buildings.push(Building {
                id,
                name: None,
                name_irish: None,
                irish_verification: 0,
                number: None,
                address_type: 2200,
                building_group_id: None,
                primary_thoroughfare_id: street,
                secondary_thoroughfare_id: None,
                primary_locality_id: None,
                secondary_locality_id: None,
                post_town_id: 100,
                post_county_id: 1,
                county_id,
            });
        }
        for (id, building_id, eircode, nua) in [
            (17, 14, Some("A65F4E2"), false),
            (18, 15, None, true),
            (19, 15, None, true),
        ] {
            ds.address_points.push(AddressPoint {
                id,
                building_id,
                address_type: 2150,
                eircode: eircode.map(Into::into),
                sub_building_name: None,
                sub_building_name_irish: None,
                nua,
                mail_delivery: eircode.is_some(),
            });
        }
        let s = compute(&ds);
        assert_eq!(s.address_points, 3);
        assert_eq!(s.nua, 2);
        assert_eq!(s.irish_named, 1);
        assert_eq!(s.without_eircode, 2);
        assert_eq!(s.no_mail_delivery, 2);
        assert_eq!(s.border, 2);
        assert_eq!(s.irish_postal_differs, None);
        assert!(s.address_types.contains(&AddressTypeCount {
            file: "ADDRESS_POINT.csv".into(),
            code: 2150,
            name: "ResidentialAddressPoint".into(),
            count: 3
        }));
        let text = s.to_string();
        assert!(text.contains("non-unique (NUA=Y)"), "{text}");
        assert!(text.contains("66.7%"), "{text}");
    }

    #[test]
    fn empty_dataset_does_not_divide_by_zero() {
        let text = compute(&Dataset::default()).to_string();
        assert!(text.contains("0.0%"));
    }
}
