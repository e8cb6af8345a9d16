//! Turning the areas' local records into the ECAD tables: ids, links, info tables, aliases of
//! counties and post towns, and history.
//!
//! Ids are assigned after generation, area by area in routing-key order, so they do not depend
//! on thread scheduling. Ranges (wire-compat §8): county 1001…, post town 1100…, locality
//! 1110…, thoroughfare 12…, building group 13…, building 14…, address point 17…, organisation
//! 19…. `ALIAS_ID`s are 18… (a range no element uses); retired and replaced address point ids in
//! `ECAD_HISTORY` are 179… (above every current point id).

use crate::local::{iso_date, AreaOut, Element, LocalBuilding, LocalOrg, LocalPoint};
use crate::names::misspelt;
use crate::projection::{etrs89_to_irish_grid, etrs89_to_itm};
use crate::world::World;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use seoladh::raw::ecad::*;

const COUNTY_BASE: u64 = 1_001_000_000;
const POST_TOWN_BASE: u64 = 1_100_000_000;
const LOCALITY_BASE: u64 = 1_110_000_000;
const THOROUGHFARE_BASE: u64 = 1_200_000_000;
const GROUP_BASE: u64 = 1_300_000_000;
const BUILDING_BASE: u64 = 1_400_000_000;
const POINT_BASE: u64 = 1_700_000_000;
const ALIAS_BASE: u64 = 1_800_000_000;
const OLD_POINT_BASE: u64 = 1_790_000_000;
const ORG_BASE: u64 = 1_900_000_000;

/// The Irish county name as written after `CO.` (`CO. NA MÍ`): the genitive of the Irish
/// county name. The reference file only has the nominative (`An Mhí`), which becomes an alias.
const COUNTY_GENITIVE: &[(&str, &str)] = &[
    ("CARLOW", "CHEATHARLACH"),
    ("CAVAN", "AN CHABHÁIN"),
    ("CLARE", "AN CHLÁIR"),
    ("CORK", "CHORCAÍ"),
    ("DONEGAL", "DHÚN NA NGALL"),
    ("DUBLIN", "BHAILE ÁTHA CLIATH"),
    ("GALWAY", "NA GAILLIMHE"),
    ("KERRY", "CHIARRAÍ"),
    ("KILDARE", "CHILL DARA"),
    ("KILKENNY", "CHILL CHAINNIGH"),
    ("LAOIS", "LAOISE"),
    ("LEITRIM", "LIATROMA"),
    ("LIMERICK", "LUIMNIGH"),
    ("LONGFORD", "AN LONGFOIRT"),
    ("LOUTH", "LÚ"),
    ("MAYO", "MHAIGH EO"),
    ("MEATH", "NA MÍ"),
    ("MONAGHAN", "MHUINEACHÁIN"),
    ("OFFALY", "UÍBH FHAILÍ"),
    ("ROSCOMMON", "ROS COMÁIN"),
    ("SLIGO", "SHLIGIGH"),
    ("TIPPERARY", "THIOBRAID ÁRANN"),
    ("WATERFORD", "PHORT LÁIRGE"),
    ("WESTMEATH", "NA HIARMHÍ"),
    ("WEXFORD", "LOCH GARMAN"),
    ("WICKLOW", "CHILL MHANTÁIN"),
];

/// Historic and alternative county names (alias type 2).
const COUNTY_OLD_NAMES: &[(&str, &str)] = &[
    ("LAOIS", "QUEENS COUNTY"),
    ("LAOIS", "LEIX"),
    ("OFFALY", "KINGS COUNTY"),
    ("WESTMEATH", "WEST MEATH"),
];

/// Historic post-town names (alias type 2).
const POST_TOWN_OLD_NAMES: &[(&str, &str)] = &[
    ("DUN LAOGHAIRE", "KINGSTOWN"),
    ("COBH", "QUEENSTOWN"),
    ("PORTLAOISE", "MARYBOROUGH"),
    ("TULLAMORE", "PHILIPSTOWN"),
    ("DAINGEAN", "PHILIPSTOWN"),
    ("BAGENALSTOWN", "MUINE BHEAG"),
];

fn round_to(x: f64, decimals: i32) -> f64 {
    let m = 10f64.powi(decimals);
    (x * m).round() / m
}

struct Ids {
    alias: u64,
}

impl Ids {
    fn alias(&mut self) -> u64 {
        self.alias += 1;
        ALIAS_BASE + self.alias
    }
}

fn named(id: u64, e: &Element) -> NamedElement {
    NamedElement {
        id,
        name: e.name.clone(),
        name_irish: e.name_ga.clone(),
        irish_verification: e.verification,
        address_type: e.address_type,
    }
}

fn push_aliases(ds: &mut Dataset, ids: &mut Ids, table: AliasTable, id: u64, e: &Element) {
    for (name, ty) in &e.aliases {
        let alias = Alias {
            id: ids.alias(),
            element_id: id,
            name: name.clone(),
            alias_type: *ty,
        };
        ds.aliases.entry(table).or_default().push(alias);
    }
}

/// A point in every coordinate system; `bbox` adds the MIN/MAX columns.
fn spatial_row(
    ecad_id: u64,
    lat: f64,
    lon: f64,
    bbox: Option<[f64; 4]>,
    accuracy: u8,
    created: &str,
    modified: &str,
) -> SpatialInfo {
    let (lat, lon) = (round_to(lat, 7), round_to(lon, 7));
    let (ie, in_) = etrs89_to_itm(lat, lon);
    let (ge, gn) = etrs89_to_irish_grid(lat, lon);
    let mut s = SpatialInfo {
        ecad_id,
        ing_easting: round_to(ge, 2),
        ing_northing: round_to(gn, 2),
        itm_easting: round_to(ie, 2),
        itm_northing: round_to(in_, 2),
        etrs89_lat: lat,
        etrs89_long: lon,
        min_ing_easting: None,
        min_ing_northing: None,
        max_ing_easting: None,
        max_ing_northing: None,
        min_itm_easting: None,
        min_itm_northing: None,
        max_itm_easting: None,
        max_itm_northing: None,
        min_etrs89_lat: None,
        min_etrs89_long: None,
        max_etrs89_lat: None,
        max_etrs89_long: None,
        spatial_accuracy: accuracy,
        created: created.to_string(),
        modified: modified.to_string(),
    };
    if let Some(b) = bbox {
        let (lo_lat, hi_lat) = (round_to(b[0], 7), round_to(b[1], 7));
        let (lo_lon, hi_lon) = (round_to(b[2], 7), round_to(b[3], 7));
        let (ie0, in0) = etrs89_to_itm(lo_lat, lo_lon);
        let (ie1, in1) = etrs89_to_itm(hi_lat, hi_lon);
        let (ge0, gn0) = etrs89_to_irish_grid(lo_lat, lo_lon);
        let (ge1, gn1) = etrs89_to_irish_grid(hi_lat, hi_lon);
        s.min_etrs89_lat = Some(lo_lat);
        s.max_etrs89_lat = Some(hi_lat);
        s.min_etrs89_long = Some(lo_lon);
        s.max_etrs89_long = Some(hi_lon);
        s.min_itm_easting = Some(round_to(ie0.min(ie1), 2));
        s.max_itm_easting = Some(round_to(ie0.max(ie1), 2));
        s.min_itm_northing = Some(round_to(in0.min(in1), 2));
        s.max_itm_northing = Some(round_to(in0.max(in1), 2));
        s.min_ing_easting = Some(round_to(ge0.min(ge1), 2));
        s.max_ing_easting = Some(round_to(ge0.max(ge1), 2));
        s.min_ing_northing = Some(round_to(gn0.min(gn1), 2));
        s.max_ing_northing = Some(round_to(gn0.max(gn1), 2));
    }
    s
}

/// Builds the dataset's ECAD tables (everything but the derived address lines and UK).
pub(crate) fn assemble(world: &World, outs: Vec<AreaOut>, seed: u64) -> Dataset {
    let mut ds = Dataset::default();
    let mut ids = Ids { alias: 0 };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x05ee_da11_a5e5);
    county_rows(world, &mut rng, &mut ds, &mut ids);
    post_town_rows(world, &mut rng, &mut ds, &mut ids);
    // Offsets of every area's ids, then the rows of all areas in parallel, joined in order.
    let offsets = area_offsets(&outs, ids.alias);
    let rows: Vec<AreaRows> = outs
        .into_par_iter()
        .zip(offsets)
        .map(|(out, off)| area_rows(out, off, seed))
        .collect();
    let history_candidates = join_area_rows(&mut ds, rows);
    history_rows(&mut ds, history_candidates);
    ds
}

/// The counties and their aliases (English, Irish, old names, a misspelling).
fn county_rows(world: &World, rng: &mut ChaCha8Rng, ds: &mut Dataset, ids: &mut Ids) {
    for (i, c) in world.counties.iter().enumerate() {
        let id = COUNTY_BASE + i as u64 + 1;
        let genitive = COUNTY_GENITIVE
            .iter()
            .find(|(en, _)| *en == c.name)
            .map(|(_, ga)| ga.to_string());
        ds.counties.push(County {
            id,
            name: c.name.clone(),
            name_irish: genitive.clone(),
            irish_verification: if genitive.is_some() { 4 } else { 0 },
            address_type: 3900,
        });
        let mut e = Element {
            name: c.name.clone(),
            name_ga: None,
            verification: 0,
            address_type: 3900,
            aliases: vec![
                (format!("COUNTY {}", c.name), 3),
                (format!("CO {}", c.name), 3),
            ],
        };
        if !c.name_ga.is_empty() {
            e.aliases.push((c.name_ga.clone(), 2));
        }
        for (en, old) in COUNTY_OLD_NAMES {
            if *en == c.name {
                e.aliases.push((old.to_string(), 2));
            }
        }
        if let Some(m) = misspelt(&c.name, rng.random(), rng.random()) {
            e.aliases.push((m, 1));
        }
        push_aliases(ds, ids, AliasTable::County, id, &e);
    }
}

/// The post towns and their aliases (variants, old names, `D6`/`BAC 6` forms, misspellings).
fn post_town_rows(world: &World, rng: &mut ChaCha8Rng, ds: &mut Dataset, ids: &mut Ids) {
    for (i, p) in world.post_towns.iter().enumerate() {
        let id = POST_TOWN_BASE + i as u64 + 1;
        ds.post_towns.push(PostTown {
            id,
            name: p.name.clone(),
            name_irish: p.name_ga.clone(),
            irish_verification: p.verification,
            address_type: p.address_type,
            county_id: COUNTY_BASE + p.county as u64 + 1,
        });
        let mut e = Element {
            name: p.name.clone(),
            name_ga: None,
            verification: 0,
            address_type: p.address_type,
            aliases: Vec::new(),
        };
        for v in &p.variants {
            let squash = |s: &str| s.replace([' ', '-', '\''], "");
            let ty = if squash(v) == squash(&p.name) {
                3 // Same letters, other spacing: alternative format.
            } else if strsim::levenshtein(v, &p.name) <= 2 {
                1 // CASTLEBLANEY for CASTLEBLAYNEY.
            } else {
                2
            };
            e.aliases.push((v.clone(), ty));
        }
        for (en, old) in POST_TOWN_OLD_NAMES {
            if *en == p.name {
                e.aliases.push((old.to_string(), 2));
            }
        }
        if let Some(d) = p.name.strip_prefix("DUBLIN ") {
            e.aliases.push((format!("D{d}"), 3));
            e.aliases.push((format!("BAC {d}"), 4));
        } else if let Some(f) = crate::names::reformatted(&p.name) {
            e.aliases.push((f, 3));
        }
        if rng.random_bool(0.3) {
            if let Some(m) = misspelt(&p.name, rng.random(), rng.random()) {
                e.aliases.push((m, 1));
            }
        }
        push_aliases(ds, ids, AliasTable::PostTown, id, &e);
    }
}

/// Where each area's ids start, the aliases numbered from after `alias`.
fn area_offsets(outs: &[AreaOut], alias: u64) -> Vec<Offsets> {
    let mut offsets = Vec::with_capacity(outs.len());
    let mut next = Offsets {
        alias,
        ..Offsets::default()
    };
    for out in outs {
        offsets.push(next);
        next.loc += out.localities.len() as u64;
        next.thr += out.thoroughfares.len() as u64;
        next.grp += out.groups.len() as u64;
        next.bld += out.buildings.len() as u64;
        next.pt += out.points.len() as u64;
        next.org += out.orgs.len() as u64;
        next.alias += [&out.localities, &out.thoroughfares, &out.groups]
            .iter()
            .flat_map(|v| v.iter())
            .map(|e| e.aliases.len() as u64)
            .sum::<u64>();
    }
    offsets
}

/// Appends every area's rows to the tables, in area order (spatial rows in ECAD id order);
/// returns the points chosen for a history row: (point id, Eircode, spare Eircode).
fn join_area_rows(ds: &mut Dataset, rows: Vec<AreaRows>) -> Vec<(u64, String, String)> {
    let mut history_candidates: Vec<(u64, String, String)> = Vec::new(); // (point id, eircode, spare)
    let tables = [
        AliasTable::Locality,
        AliasTable::Thoroughfare,
        AliasTable::BuildingGroup,
    ];
    // Reserve exactly, and move every row once: these tables hold millions of rows.
    let sum = |f: &dyn Fn(&AreaRows) -> usize| rows.iter().map(f).sum::<usize>();
    ds.buildings.reserve_exact(sum(&|r| r.buildings.len()));
    ds.building_info
        .reserve_exact(sum(&|r| r.building_info.len()));
    ds.administrative_info
        .reserve_exact(sum(&|r| r.admin.len()));
    ds.address_points.reserve_exact(sum(&|r| r.points.len()));
    ds.spatial.reserve_exact(sum(&|r| {
        r.element_spatial.iter().map(Vec::len).sum::<usize>()
            + r.building_spatial.len()
            + r.point_spatial.len()
    }));
    let mut rows = rows;
    // SPATIAL_INFO in ECAD id order: localities (1110…) < thoroughfares < groups < buildings <
    // points, each kind in area order.
    for k in 0..3 {
        for r in rows.iter_mut() {
            ds.spatial.append(&mut r.element_spatial[k]);
        }
    }
    for r in rows.iter_mut() {
        ds.spatial.append(&mut r.building_spatial);
    }
    for r in rows.iter_mut() {
        ds.spatial.append(&mut r.point_spatial);
    }
    for r in rows {
        let [l, t, g] = r.elements;
        ds.localities.extend(l);
        ds.thoroughfares.extend(t);
        ds.building_groups.extend(g);
        for (k, a) in r.element_aliases.into_iter().enumerate() {
            ds.aliases.entry(tables[k]).or_default().extend(a);
        }
        ds.buildings.extend(r.buildings);
        ds.building_info.extend(r.building_info);
        ds.administrative_info.extend(r.admin);
        ds.address_points.extend(r.points);
        ds.organisations.extend(r.orgs);
        ds.organisation_info.extend(r.org_info);
        history_candidates.extend(r.history);
    }
    history_candidates
}

/// History: an old id and Eircode replaced by the current ones (CHANGED), or an old id and
/// Eircode that are gone (RETIRED).
fn history_rows(ds: &mut Dataset, history_candidates: Vec<(u64, String, String)>) {
    for (k, (id, eircode, spare)) in history_candidates.into_iter().enumerate() {
        let day = 400 + (id % 3000) as u32;
        let old_id = OLD_POINT_BASE + k as u64 + 1;
        let row = if k % 3 == 2 {
            History {
                ecad_id: old_id,
                eircode: Some(spare),
                status: HistoryStatus::Retired,
                new_ecad_id: None,
                new_eircode: None,
                change_date: iso_date(day, 0),
            }
        } else {
            History {
                ecad_id: old_id,
                eircode: Some(spare),
                status: HistoryStatus::Changed,
                new_ecad_id: Some(id),
                new_eircode: Some(eircode),
                change_date: iso_date(day, 0),
            }
        };
        ds.history.push(row);
    }
}

/// Where one area's ids start (counts of the areas before it).
#[derive(Debug, Clone, Copy, Default)]
struct Offsets {
    loc: u64,
    thr: u64,
    grp: u64,
    bld: u64,
    pt: u64,
    org: u64,
    alias: u64,
}

/// The ECAD rows of one area.
#[derive(Default)]
struct AreaRows {
    elements: [Vec<NamedElement>; 3],
    element_aliases: [Vec<Alias>; 3],
    element_spatial: [Vec<SpatialInfo>; 3],
    buildings: Vec<Building>,
    building_spatial: Vec<SpatialInfo>,
    building_info: Vec<BuildingInfo>,
    admin: Vec<AdministrativeInfo>,
    points: Vec<AddressPoint>,
    point_spatial: Vec<SpatialInfo>,
    orgs: Vec<Organisation>,
    org_info: Vec<OrganisationInfo>,
    history: Vec<(u64, String, String)>,
}

fn area_rows(out: AreaOut, off: Offsets, seed: u64) -> AreaRows {
    let (nb, np) = (out.buildings.len(), out.points.len());
    let mut r = AreaRows {
        buildings: Vec::with_capacity(nb),
        building_spatial: Vec::with_capacity(nb),
        building_info: Vec::with_capacity(nb),
        admin: Vec::with_capacity(nb),
        points: Vec::with_capacity(np),
        point_spatial: Vec::with_capacity(np),
        ..AreaRows::default()
    };
    element_rows(&out, off, &mut r);
    building_rows(&out.buildings, off, seed, &mut r);
    point_rows(out.points, out.spare_eircodes, off, seed, &mut r);
    org_rows(out.orgs, off, &mut r);
    r
}

/// The localities, thoroughfares and groups of an area with their aliases, and the spatial
/// row of each (the box and first date of its buildings) that has buildings.
fn element_rows(out: &AreaOut, off: Offsets, r: &mut AreaRows) {
    let mut alias_id = off.alias;
    // Element boxes from their buildings.
    let sizes = [
        out.localities.len(),
        out.thoroughfares.len(),
        out.groups.len(),
    ];
    let mut boxes: [Vec<[f64; 4]>; 3] = sizes.map(|n| vec![[90.0, -90.0, 180.0, -180.0]; n]);
    let mut first_date: [Vec<u32>; 3] = sizes.map(|n| vec![u32::MAX; n]);
    for b in &out.buildings {
        for (k, link) in [b.locality, b.thoroughfare, b.group]
            .into_iter()
            .enumerate()
        {
            if let Some(l) = link {
                let bx = &mut boxes[k][l as usize];
                bx[0] = bx[0].min(b.lat);
                bx[1] = bx[1].max(b.lat);
                bx[2] = bx[2].min(b.lon);
                bx[3] = bx[3].max(b.lon);
                first_date[k][l as usize] = first_date[k][l as usize].min(b.created);
            }
        }
    }
    let bases = [
        (LOCALITY_BASE, off.loc),
        (THOROUGHFARE_BASE, off.thr),
        (GROUP_BASE, off.grp),
    ];
    for (k, elements) in [&out.localities, &out.thoroughfares, &out.groups]
        .into_iter()
        .enumerate()
    {
        for (j, e) in elements.iter().enumerate() {
            let id = bases[k].0 + bases[k].1 + j as u64 + 1;
            r.elements[k].push(named(id, e));
            for (name, ty) in &e.aliases {
                alias_id += 1;
                r.element_aliases[k].push(Alias {
                    id: ALIAS_BASE + alias_id,
                    element_id: id,
                    name: name.clone(),
                    alias_type: *ty,
                });
            }
            let bx = boxes[k][j];
            if bx[0] <= bx[1] {
                let d = iso_date(first_date[k][j], 0);
                r.element_spatial[k].push(spatial_row(
                    id,
                    (bx[0] + bx[1]) / 2.0,
                    (bx[2] + bx[3]) / 2.0,
                    Some(bx),
                    2,
                    &d,
                    &d,
                ));
            }
        }
    }
}

/// The buildings of an area: their rows, spatial rows, building and administrative info.
fn building_rows(buildings: &[LocalBuilding], off: Offsets, seed: u64, r: &mut AreaRows) {
    let link = |base: u64, first: u64, l: Option<u32>| l.map(|x| base + first + x as u64 + 1);
    for (j, b) in buildings.iter().enumerate() {
        let id = BUILDING_BASE + off.bld + j as u64 + 1;
        r.buildings.push(Building {
            id,
            name: b.name.clone(),
            name_irish: None,
            irish_verification: 0,
            number: b.number.clone(),
            address_type: b.address_type,
            building_group_id: link(GROUP_BASE, off.grp, b.group),
            primary_thoroughfare_id: link(THOROUGHFARE_BASE, off.thr, b.thoroughfare),
            secondary_thoroughfare_id: link(THOROUGHFARE_BASE, off.thr, b.secondary_thoroughfare),
            primary_locality_id: link(LOCALITY_BASE, off.loc, b.locality),
            secondary_locality_id: link(LOCALITY_BASE, off.loc, b.secondary_locality),
            post_town_id: POST_TOWN_BASE + b.post_town as u64 + 1,
            post_county_id: COUNTY_BASE + b.post_county as u64 + 1,
            county_id: COUNTY_BASE + b.county as u64 + 1,
        });
        let created = iso_date(b.created, (id % 86_400) as u32);
        let modified = iso_date(b.modified, ((id * 7) % 86_400) as u32);
        let accuracy = if id % 997 == 0 { 4 } else { 1 + (id % 3) as u8 };
        r.building_spatial.push(spatial_row(
            id, b.lat, b.lon, None, accuracy, &created, &modified,
        ));
        r.building_info.push(BuildingInfo {
            ecad_id: id,
            building_type: b.building_type,
            holiday_home: b.holiday,
            under_construction: b.under_construction,
            building_use: (b.building_use as char).to_string(),
            vacant: b.vacant,
            created: created.clone(),
            modified: modified.clone(),
        });
        // 2015 release: a few small areas were re-drawn for Census 2016.
        let redrawn = (b.admin.small_area ^ seed) % 25 == 0;
        r.admin.push(AdministrativeInfo {
            ecad_id: id,
            la_id: b.admin.la,
            ded_id: b.admin.ded,
            small_area_id: b.admin.small_area,
            townland_id: b.admin.townland,
            county_id: COUNTY_BASE + b.county as u64 + 1,
            gaeltacht: b.admin.gaeltacht,
            la_2015_id: b.admin.la,
            ded_2015_id: b.admin.ded,
            small_area_2015_id: if redrawn {
                b.admin.small_area + 500
            } else {
                b.admin.small_area
            },
            townland_2015_id: b.admin.townland,
            county_2015_id: COUNTY_BASE + b.county as u64 + 1,
            gaeltacht_2015: b.admin.gaeltacht,
            created,
            modified,
        });
    }
}

/// The address points of an area (each at its building), and those given a history row.
fn point_rows(
    points: Vec<LocalPoint>,
    spare: Vec<String>,
    off: Offsets,
    seed: u64,
    r: &mut AreaRows,
) {
    let mut spare = spare.into_iter();
    for (j, p) in points.into_iter().enumerate() {
        let id = POINT_BASE + off.pt + j as u64 + 1;
        // A point sits where its building does and was surveyed with it: same row, own id.
        let mut row = r.building_spatial[p.building as usize].clone();
        row.ecad_id = id;
        r.point_spatial.push(row);
        if let Some(e) = &p.eircode {
            if (id ^ seed).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 54 == 0 {
                if let Some(s) = spare.next() {
                    r.history.push((id, e.clone(), s));
                }
            }
        }
        r.points.push(AddressPoint {
            id,
            building_id: BUILDING_BASE + off.bld + p.building as u64 + 1,
            address_type: p.address_type,
            eircode: p.eircode,
            sub_building_name: p.sub,
            sub_building_name_irish: p.sub_ga,
            nua: p.nua,
            mail_delivery: p.mail,
        });
    }
}

/// The organisations of an area and their info rows.
fn org_rows(orgs: Vec<LocalOrg>, off: Offsets, r: &mut AreaRows) {
    for (j, o) in orgs.into_iter().enumerate() {
        let id = ORG_BASE + off.org + j as u64 + 1;
        r.orgs.push(Organisation {
            id,
            address_point_id: POINT_BASE + off.pt + o.point as u64 + 1,
            name: o.name,
            name_irish: o.name_ga,
            department: o.department.as_ref().map(|d| d.0.clone()),
            department_irish: o.department.map(|d| d.1),
        });
        r.org_info.push(OrganisationInfo {
            ecad_id: id,
            nace_code: Some(o.nace_code.to_string()),
            nace_category: Some(o.nace_category.to_string()),
            vacant: o.vacant,
            created: iso_date(o.created, 0),
            modified: iso_date(o.created, 3600),
        });
    }
}
