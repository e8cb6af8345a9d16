//! The validating reader of the ECAD layout.
//!
//! Tables are read in dependency order (counties before post towns before buildings …) so every
//! link is checked against rows already accepted. A bad row is reported with file, line and
//! reason and left out; a dangling *optional* link (a building's group, thoroughfares,
//! localities) is cleared and the row kept. Rows that depend on a skipped row are then dangling
//! themselves and reported in turn: nothing disappears without a line in the report.

use std::path::Path;

use super::eircode::{canonical_eircode, is_valid_eircode};
use super::ids::{IdMap, IdSet};
use super::layout::{alias_columns, alias_file, columns, files};
use super::read_rows::{Ctx, Ids};
use super::report::{Action, FileReport, IssueKind, ReadReport};
use super::{AliasTable, Dataset};
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
    read_dir_with(dir, &ReadOptions::default())
}

/// Which optional tables [`read_dir_with`] loads. The default loads everything, as [`read_dir`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadOptions {
    /// Load `POSTAL_ADDRESS.csv` and `GEOGRAPHIC_ADDRESS.csv`. The index builder derives its
    /// addresses from the element tables, so `seoladh build` skips these millions of strings
    /// (they are then neither read nor checked, and their tables stay empty).
    pub address_lines: bool,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            address_lines: true,
        }
    }
}

impl ReadOptions {
    /// What the index builder needs: everything but the derived address lines.
    pub fn for_index() -> Self {
        ReadOptions {
            address_lines: false,
        }
    }
}

/// [`read_dir`] with a choice of optional tables.
///
/// # Errors
/// As [`read_dir`].
pub fn read_dir_with(dir: &Path, options: &ReadOptions) -> Result<(Dataset, ReadReport)> {
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
        line_fix: 0,
        cuts: Default::default(),
    };
    let mut ds = Dataset::default();
    let mut ids = Ids::default();
    let town_county = read_places(&mut cx, &mut ds, &mut ids)?;
    read_buildings(&mut cx, &mut ds, &mut ids, &town_county)?;
    read_address_points(&mut cx, &mut ds, &mut ids)?;
    read_organisations(&mut cx, &mut ds, &mut ids)?;
    read_aliases(&mut cx, &mut ds, &ids)?;
    if options.address_lines {
        ds.postal_addresses = cx.address_lines(files::POSTAL_ADDRESS, &ids.address_points)?;
        ds.geographic_addresses =
            cx.address_lines(files::GEOGRAPHIC_ADDRESS, &ids.address_points)?;
    }
    read_information(&mut cx, &mut ds, &ids)?;
    read_history(&mut cx, &mut ds, &ids)?;
    read_uk(&mut cx, &mut ds)?;
    shrink(&mut ds);
    Ok((ds, cx.report))
}

/// Counties, post towns, localities, thoroughfares and building groups: the elements buildings
/// link to. Returns the county of each post town (the only right POST_COUNTY_ID of its
/// buildings).
fn read_places(cx: &mut Ctx, ds: &mut Dataset, ids: &mut Ids) -> Result<IdMap<u64>> {
    cx.read_each::<super::County>(files::COUNTY, columns::COUNTY, &[], true, |cx, line, c| {
        if cx.empty_name(line, "NAME", &c.name)
            || cx.duplicate(line, "COUNTY_ID", c.id, &mut ids.counties)
        {
            return;
        }
        ds.counties.push(c);
    })?;
    cx.end();

    let mut town_county: IdMap<u64> = IdMap::default();
    cx.read_each::<super::PostTown>(
        files::POST_TOWN,
        columns::POST_TOWN,
        &[],
        true,
        |cx, line, t| {
            if cx.empty_name(line, "NAME", &t.name)
                || cx.dangling(line, "COUNTY_ID", t.county_id, &ids.counties, "COUNTY")
                || cx.duplicate(line, "POST_TOWN_ID", t.id, &mut ids.post_towns)
            {
                return;
            }
            town_county.insert(t.id, t.county_id);
            ds.post_towns.push(t);
        },
    )?;
    cx.end();

    ds.localities = cx.named_table(files::LOCALITY, "LOCALITY", &mut ids.localities)?;
    ds.thoroughfares =
        cx.named_table(files::THOROUGHFARE, "THOROUGHFARE", &mut ids.thoroughfares)?;
    ds.building_groups = cx.named_table(
        files::BUILDING_GROUP,
        "BUILDING_GROUP",
        &mut ids.building_groups,
    )?;

    Ok(town_county)
}

/// Buildings: required links checked, dangling optional links cleared, a post county that is not
/// the post town's noted.
fn read_buildings(
    cx: &mut Ctx,
    ds: &mut Dataset,
    ids: &mut Ids,
    town_county: &IdMap<u64>,
) -> Result<()> {
    cx.read_each::<super::Building>(
        files::BUILDING,
        columns::BUILDING,
        &[],
        true,
        |cx, line, mut b| {
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
                return;
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
            if let Some(&county) = town_county.get(&b.post_town_id) {
                if county != b.post_county_id {
                    cx.issue(
                        line,
                        IssueKind::InconsistentReference,
                        Action::Noted,
                        format!(
                            "POST_COUNTY_ID {} is not the county of POST_TOWN_ID {} ({county}); the postal address shows POST_COUNTY_ID",
                            b.post_county_id, b.post_town_id
                        ),
                    );
                }
            }
            ds.buildings.push(b);
        },
    )?;
    cx.end();

    Ok(())
}

/// Address points: Eircodes stored canonical and unique.
fn read_address_points(cx: &mut Ctx, ds: &mut Dataset, ids: &mut Ids) -> Result<()> {
    let mut eircodes = IdSet::default();
    cx.read_each::<super::AddressPoint>(files::ADDRESS_POINT, columns::ADDRESS_POINT, &[], true, |cx, line, mut ap| {
        if cx.dangling(
            line,
            "BUILDING_ID",
            ap.building_id,
            &ids.buildings,
            "BUILDING",
        ) {
            return;
        }
        let mut repaired = false;
        if let Some(raw) = ap.eircode.take() {
            // Fast path: already in stored form (no allocation).
            let canonical = if is_valid_eircode(&raw) {
                raw
            } else if let Some(canonical) = canonical_eircode(&raw) {
                cx.issue(
                    line,
                    IssueKind::NonCanonicalEircode,
                    Action::Repaired,
                    format!("EIRCODE {raw:?} stored as {canonical}"),
                );
                repaired = true;
                canonical
            } else {
                cx.skip(line, IssueKind::BadEircode, format!("EIRCODE {raw:?} is not a valid Eircode (7 characters: routing key such as A65 or D6W, then 4 of 0-9 ACDEFHKNPRTVWXY)"));
                return;
            };
            if eircodes.contains(&pack_eircode(&canonical)) {
                cx.skip(
                    line,
                    IssueKind::DuplicateEircode,
                    format!("EIRCODE {canonical} already belongs to an earlier address point"),
                );
                return;
            }
            ap.eircode = Some(canonical);
        }
        if cx.duplicate(line, "ADDRESS_POINT_ID", ap.id, &mut ids.address_points) {
            return;
        }
        if let Some(e) = &ap.eircode {
            eircodes.insert(pack_eircode(e));
        }
        if repaired {
            cx.current.repaired += 1;
        }
        ds.address_points.push(ap);
    })?;
    drop(eircodes);
    cx.end();

    Ok(())
}

/// Organisations, each at an accepted address point.
fn read_organisations(cx: &mut Ctx, ds: &mut Dataset, ids: &mut Ids) -> Result<()> {
    cx.read_each::<super::Organisation>(
        files::ORGANISATION,
        columns::ORGANISATION,
        &[],
        false,
        |cx, line, o| {
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
                return;
            }
            ds.organisations.push(o);
        },
    )?;
    cx.end();

    Ok(())
}

/// The alias tables, each alias of an accepted element.
fn read_aliases(cx: &mut Ctx, ds: &mut Dataset, ids: &Ids) -> Result<()> {
    for table in AliasTable::ALL {
        let file = alias_file(table);
        let cols = alias_columns(table);
        let id_col = cols[1].clone();
        let targets = ids.of_alias_table(table);
        let mut seen = IdSet::default();
        let mut kept = Vec::new();
        cx.read_each::<super::Alias>(
            &file,
            &cols,
            &[(id_col.as_str(), "ELEMENT_ID")],
            false,
            |cx, line, a| {
                if cx.empty_name(line, "NAME", &a.name)
                    || cx.dangling(line, &id_col, a.element_id, targets, table.table_name())
                    || cx.duplicate(line, "ALIAS_ID", a.id, &mut seen)
                {
                    return;
                }
                kept.push(a);
            },
        )?;
        cx.end();
        if !kept.is_empty() {
            ds.aliases.insert(table, kept);
        }
    }

    Ok(())
}

/// The information tables (spatial, building, organisation, administrative), one row per id.
fn read_information(cx: &mut Ctx, ds: &mut Dataset, ids: &Ids) -> Result<()> {
    let mut seen = IdSet::default();
    cx.read_each::<super::SpatialInfo>(
        files::SPATIAL_INFO,
        columns::SPATIAL_INFO,
        &[],
        false,
        |cx, line, s| {
            if cx.dangling_any(line, s.ecad_id, ids)
                || cx.duplicate(line, "ECAD_ID", s.ecad_id, &mut seen)
            {
                return;
            }
            ds.spatial.push(s);
        },
    )?;
    cx.end();

    let mut seen = IdSet::default();
    cx.read_each::<super::BuildingInfo>(
        files::BUILDING_INFO,
        columns::BUILDING_INFO,
        &[],
        false,
        |cx, line, b| {
            let known =
                ids.buildings.contains(&b.ecad_id) || ids.address_points.contains(&b.ecad_id);
            if cx.dangling_if(
                !known,
                line,
                "ECAD_ID",
                b.ecad_id,
                "BUILDING or ADDRESS_POINT",
            ) || cx.duplicate(line, "ECAD_ID", b.ecad_id, &mut seen)
            {
                return;
            }
            ds.building_info.push(b);
        },
    )?;
    cx.end();

    let mut seen = IdSet::default();
    cx.read_each::<super::OrganisationInfo>(
        files::ORGANISATION_INFO,
        columns::ORGANISATION_INFO,
        &[],
        false,
        |cx, line, o| {
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
                return;
            }
            ds.organisation_info.push(o);
        },
    )?;
    cx.end();

    let mut seen = IdSet::default();
    cx.read_each::<super::AdministrativeInfo>(
        files::ADMINISTRATIVE_INFO,
        columns::ADMINISTRATIVE_INFO,
        &[],
        false,
        |cx, line, a| {
            let known =
                ids.buildings.contains(&a.ecad_id) || ids.address_points.contains(&a.ecad_id);
            if cx.dangling_if(
                !known,
                line,
                "ECAD_ID",
                a.ecad_id,
                "BUILDING or ADDRESS_POINT",
            ) || cx.duplicate(line, "ECAD_ID", a.ecad_id, &mut seen)
            {
                return;
            }
            ds.administrative_info.push(a);
        },
    )?;
    cx.end();

    Ok(())
}

/// History: the old id is gone by definition; a successor must exist.
fn read_history(cx: &mut Ctx, ds: &mut Dataset, ids: &Ids) -> Result<()> {
    let mut seen = IdSet::default();
    cx.read_each::<super::History>(
        files::ECAD_HISTORY,
        columns::ECAD_HISTORY,
        &[],
        false,
        |cx, line, mut h| {
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
                            return;
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
                    return;
                }
            }
            if cx.duplicate(line, "ECAD_ID", h.ecad_id, &mut seen) {
                return;
            }
            ds.history.push(h);
        },
    )?;
    cx.end();

    Ok(())
}

/// UK addresses (Northern Ireland and Great Britain), each with a postcode.
fn read_uk(cx: &mut Ctx, ds: &mut Dataset) -> Result<()> {
    let mut seen = IdSet::default();
    cx.read_each::<super::UkAddress>(
        files::UK_ADDRESS,
        columns::UK_ADDRESS,
        &[],
        false,
        |cx, line, u| {
            if cx.empty_name(line, "POSTCODE", &u.postcode)
                || cx.duplicate(line, "ADDRESS_ID", u.id, &mut seen)
            {
                return;
            }
            ds.uk_addresses.push(u);
        },
    )?;
    cx.end();

    Ok(())
}

/// A valid Eircode's 7 ASCII bytes as one number, so the duplicate check stores no strings.
fn pack_eircode(e: &str) -> u64 {
    e.bytes().fold(0u64, |acc, b| (acc << 8) | u64::from(b))
}

/// Returns the spare capacity of every table: a full-scale dataset is held for a whole build.
fn shrink(ds: &mut Dataset) {
    ds.counties.shrink_to_fit();
    ds.post_towns.shrink_to_fit();
    ds.localities.shrink_to_fit();
    ds.thoroughfares.shrink_to_fit();
    ds.building_groups.shrink_to_fit();
    ds.buildings.shrink_to_fit();
    ds.address_points.shrink_to_fit();
    ds.organisations.shrink_to_fit();
    ds.aliases.values_mut().for_each(Vec::shrink_to_fit);
    ds.postal_addresses.shrink_to_fit();
    ds.geographic_addresses.shrink_to_fit();
    ds.spatial.shrink_to_fit();
    ds.building_info.shrink_to_fit();
    ds.organisation_info.shrink_to_fit();
    ds.administrative_info.shrink_to_fit();
    ds.history.shrink_to_fit();
    ds.uk_addresses.shrink_to_fit();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_options_skip_only_the_address_lines() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/data");
        let (all, all_report) = read_dir(&dir).expect("fixture readable");
        let (slim, slim_report) =
            read_dir_with(&dir, &ReadOptions::for_index()).expect("fixture readable");
        assert!(!all.postal_addresses.is_empty() && !all.geographic_addresses.is_empty());
        assert!(slim.postal_addresses.is_empty() && slim.geographic_addresses.is_empty());
        let without_lines = Dataset {
            postal_addresses: Vec::new(),
            geographic_addresses: Vec::new(),
            ..all
        };
        assert_eq!(slim, without_lines);
        // The skipped files are not in the report; every other file is, with the same counts.
        let skipped = [files::POSTAL_ADDRESS, files::GEOGRAPHIC_ADDRESS];
        assert!(all_report
            .files
            .iter()
            .any(|f| skipped.contains(&f.file.as_str())));
        let kept: Vec<_> = all_report
            .files
            .iter()
            .filter(|f| !skipped.contains(&f.file.as_str()))
            .collect();
        assert_eq!(slim_report.files.iter().collect::<Vec<_>>(), kept);
    }
}
