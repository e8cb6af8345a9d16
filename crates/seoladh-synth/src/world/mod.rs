//! The real geography the generator populates: counties, routing areas, post towns, townlands.
//!
//! Built once from the reference data. Source errors listed in `SOURCES.md` are fixed here:
//! RobertLucey gives `F26` the county *Down* (Ballina is in Mayo) and `X35` the county
//! *Dungarvan* (Waterford); Wikipedia gives `R45 Edenderry` the county *Meath* (Offaly). The
//! RobertLucey table is the base (it ranks the towns of each key), corrected as above.

use crate::names::{clean, mine, MinedNames};
use crate::reference::Reference;
use seoladh::error::{Error, Result};
use std::collections::BTreeMap;

mod facts;
use facts::{
    CITY_SHARE, COUNTY_FACTS, DUBLIN_WEIGHTS, GAELTACHT_EDS, KEY_CENTRES, MISSING_COUNTY_BOXES,
    POST_TOWN_IRISH,
};

/// A county (ROI).
#[derive(Debug, Clone)]
pub(crate) struct CountyInfo {
    pub name: String,
    pub name_ga: String,
    pub households: f64,
    pub urban_share: f64,
    pub coastal: bool,
    /// lat min, lat max, lon min, lon max.
    pub bbox: [f64; 4],
    pub selected: bool,
}

/// A post town (incl. Dublin districts).
#[derive(Debug, Clone)]
pub(crate) struct PostTownInfo {
    pub name: String,
    pub name_ga: Option<String>,
    pub verification: u8,
    pub address_type: u16,
    pub county: usize,
    pub centre: (f64, f64),
    pub weight: f64,
    /// Other spellings seen in the sources (aliases).
    pub variants: Vec<String>,
}

/// A townland (rural locality).
#[derive(Debug, Clone)]
pub(crate) struct TownlandInfo {
    pub name: String,
    pub name_ga: Option<String>,
    /// `IRISH_VERIFICATION_ID` of `name_ga`: 4 from the townland's own logainm name, 2 when
    /// borrowed from a same-named townland elsewhere.
    pub ga_verification: u8,
    pub alt_name: Option<String>,
    pub county: usize,
    pub lat: f64,
    pub lon: f64,
    pub townland_id: u64,
    pub ded_id: u64,
    pub gaeltacht: bool,
}

/// A village (HSE locality list) with its county.
#[derive(Debug, Clone)]
pub(crate) struct VillageInfo {
    pub name: String,
    pub county: usize,
}

/// One routing area: the generator's unit of work.
#[derive(Debug, Clone)]
pub(crate) struct AreaInfo {
    pub key: String,
    pub county: usize,
    /// Post towns, principal first.
    pub post_towns: Vec<usize>,
    pub townlands: Vec<usize>,
    pub villages: Vec<usize>,
    pub centre: (f64, f64),
}

/// The whole populated geography.
#[derive(Debug)]
pub(crate) struct World {
    pub counties: Vec<CountyInfo>,
    pub post_towns: Vec<PostTownInfo>,
    pub townlands: Vec<TownlandInfo>,
    pub villages: Vec<VillageInfo>,
    pub areas: Vec<AreaInfo>,
    pub names: MinedNames,
    /// Real Dublin streets `(NAME, NAME_IRISH)` (OSM).
    pub dublin_streets: Vec<(String, Option<String>)>,
    /// Every Irish townland name ([`join_key`] form), to recognise names that are Irish.
    pub irish_names: std::collections::BTreeSet<String>,
    /// The usual Irish form of an English townland name anywhere on the island.
    pub national_irish: BTreeMap<String, String>,
}

/// Stable 64-bit FNV-1a, used for ids derived from names (never for output order).
pub(crate) fn fnv(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn fix_county(key: &str, county: &str) -> String {
    match key {
        "F26" => "Mayo".to_string(),      // RobertLucey says Down.
        "X35" => "Waterford".to_string(), // RobertLucey says Dungarvan.
        "R45" => "Offaly".to_string(),    // Wikipedia says Meath.
        _ => county.to_string(),
    }
}

/// `Cork city southside` → `CORK`, `Dublin 4` → `DUBLIN 4`, `Walsh Island, Offaly` → `WALSH ISLAND`.
fn post_town_name(raw: &str) -> String {
    let raw = raw.split(',').next().unwrap_or(raw);
    let up = clean(raw);
    if up.starts_with("CORK CITY") {
        return "CORK".to_string();
    }
    up
}

impl World {
    /// Builds the geography; `counties` selects a subset (English names, any case) or all.
    pub(crate) fn build(r: &Reference, counties: Option<&[String]>) -> Result<World> {
        let names = mine(
            &r.ppr,
            &COUNTY_FACTS
                .iter()
                .map(|c| c.0.to_string())
                .collect::<Vec<_>>(),
        );
        let mut county_list = select_counties(r, counties)?;
        let osm_by_name = index_osm_townlands(r, &mut county_list)?;
        let Routing {
            mut areas,
            mut post_towns,
            town_index,
        } = routing_areas(r, &county_list)?;
        let national_irish = national_irish_names(r);
        let mut townlands =
            join_townlands(r, &county_list, &osm_by_name, &national_irish, &mut areas);
        place_areas(&mut areas, &mut townlands, &county_list);
        describe_post_towns(r, &mut post_towns, &areas, &osm_by_name);
        weigh_post_towns(&mut post_towns, &areas);
        let villages = place_villages(r, &county_list, &town_index, &townlands, &mut areas);
        let dublin_streets = r
            .dublin_streets
            .iter()
            .map(|(n, ga)| (clean(n), (!ga.is_empty()).then(|| ga.to_uppercase())))
            .filter(|(n, _)| n.split(' ').count() >= 2)
            .collect();
        let irish_names = r
            .osm_townlands
            .iter()
            .filter(|o| !o.name_ga.is_empty())
            .map(|o| join_key(&o.name_ga))
            .collect();
        Ok(World {
            irish_names,
            national_irish,
            counties: county_list,
            post_towns,
            townlands,
            villages,
            areas,
            names,
            dublin_streets,
        })
    }
}

/// The index of the county named `name` (any case).
fn county_index(counties: &[CountyInfo], name: &str) -> Option<usize> {
    let up = name.trim().to_uppercase();
    counties.iter().position(|c| c.name == up)
}

/// The 26 counties with their facts and Irish names, `selected` as `counties` asks (all when
/// `None`).
fn select_counties(r: &Reference, counties: Option<&[String]>) -> Result<Vec<CountyInfo>> {
    let mut county_list: Vec<CountyInfo> = Vec::new();
    for (name, households, urban, coastal) in COUNTY_FACTS {
        let ga = r
            .counties
            .iter()
            .find(|(en, _)| en == name)
            .map(|(_, ga)| ga.replace("Uibh Fhailí", "Uíbh Fhailí")) // source typo
            .unwrap_or_default();
        county_list.push(CountyInfo {
            name: name.to_uppercase(),
            name_ga: ga.to_uppercase(),
            households: *households,
            urban_share: *urban,
            coastal: *coastal,
            bbox: [90.0, -90.0, 180.0, -180.0],
            selected: true,
        });
    }
    if let Some(sel) = counties {
        for c in county_list.iter_mut() {
            c.selected = false;
        }
        for s in sel {
            let up = s.trim().to_uppercase();
            let c = county_list
                .iter_mut()
                .find(|c| c.name == up)
                .ok_or_else(|| Error::InvalidOption {
                    option: "--counties",
                    message: format!(
                        "{s:?} is not one of the 26 counties (write e.g. DUBLIN,DONEGAL)"
                    ),
                })?;
            c.selected = true;
        }
    }
    Ok(county_list)
}

/// OSM townlands by (county, name), in file order; each county's bounding box is widened to
/// hold its positioned townlands (or taken from the known boxes of counties OSM lacks).
fn index_osm_townlands(
    r: &Reference,
    county_list: &mut [CountyInfo],
) -> Result<BTreeMap<(usize, String), Vec<usize>>> {
    let mut osm_by_name: BTreeMap<(usize, String), Vec<usize>> = BTreeMap::new();
    for (i, t) in r.osm_townlands.iter().enumerate() {
        if let Some(c) = county_index(county_list, &t.county) {
            osm_by_name
                .entry((c, join_key(&t.name_en)))
                .or_default()
                .push(i);
            let b = &mut county_list[c].bbox;
            if t.lat != 0.0 {
                b[0] = b[0].min(t.lat);
                b[1] = b[1].max(t.lat);
                b[2] = b[2].min(t.lon);
                b[3] = b[3].max(t.lon);
            }
        }
    }
    for (name, bbox) in MISSING_COUNTY_BOXES {
        if let Some(c) = county_index(county_list, name) {
            county_list[c].bbox = *bbox;
        }
    }
    for c in county_list.iter() {
        if c.bbox[0] > c.bbox[1] {
            return Err(Error::Reference {
                path: "placenames/townlands_townlandsie_osm.csv".into(),
                line: 0,
                message: format!("no townland positions for county {}", c.name),
            });
        }
    }
    Ok(osm_by_name)
}

/// The routing areas and their post towns.
struct Routing {
    areas: Vec<AreaInfo>,
    post_towns: Vec<PostTownInfo>,
    /// Each post town's index by name.
    town_index: BTreeMap<String, usize>,
}

/// The routing areas with their post towns (principal first). Spelling variants of the
/// principal towns come from the other two routing-key sources.
fn routing_areas(r: &Reference, county_list: &[CountyInfo]) -> Result<Routing> {
    let mut areas: Vec<AreaInfo> = Vec::new();
    let mut post_towns: Vec<PostTownInfo> = Vec::new();
    let mut town_index: BTreeMap<String, usize> = BTreeMap::new();
    let mut keys: BTreeMap<String, Vec<(u32, String, String)>> = BTreeMap::new();
    for (k, rank, town, county) in &r.routing_towns {
        keys.entry(k.clone())
            .or_default()
            .push((*rank, town.clone(), fix_county(k, county)));
    }
    for (key, mut towns) in keys {
        towns.sort();
        let county = county_index(county_list, &towns[0].2).ok_or_else(|| Error::Reference {
            path: "eircode/routing_key_towns_robertlucey.csv".into(),
            line: 0,
            message: format!("routing key {key} has unknown county {:?}", towns[0].2),
        })?;
        let mut pts = Vec::new();
        for (_, town, _) in &towns {
            let name = post_town_name(town);
            let idx = *town_index.entry(name.clone()).or_insert_with(|| {
                post_towns.push(PostTownInfo {
                    name: name.clone(),
                    name_ga: None,
                    verification: 0,
                    address_type: 3850,
                    county,
                    centre: (0.0, 0.0),
                    weight: 0.0,
                    variants: Vec::new(),
                });
                post_towns.len() - 1
            });
            if !pts.contains(&idx) {
                pts.push(idx);
            }
        }
        areas.push(AreaInfo {
            key,
            county,
            post_towns: pts,
            townlands: Vec::new(),
            villages: Vec::new(),
            centre: (0.0, 0.0),
        });
    }
    for (town, key) in &r.routing_sherkin {
        add_variant(&mut post_towns, &areas, key, &post_town_name(town));
    }
    for (key, town, _) in &r.routing_wikipedia {
        if !town.contains('(') && !town.contains(',') {
            add_variant(&mut post_towns, &areas, key, &post_town_name(town));
        }
    }
    Ok(Routing {
        areas,
        post_towns,
        town_index,
    })
}

/// The index of the routing area `key`.
fn area_of(key: &str, areas: &[AreaInfo]) -> Option<usize> {
    areas.iter().position(|a| a.key == key)
}

/// Makes [`TownlandInfo`]s: Irish names, ids and Gaeltacht flags from a townland's OSM row when
/// it has one, else derived from its name.
struct TownlandMaker<'a> {
    gaeltacht_eds: Vec<(usize, &'static str)>,
    national_irish: &'a BTreeMap<String, String>,
}

impl TownlandMaker<'_> {
    fn make(
        &self,
        county: usize,
        name: String,
        osm: Option<&crate::reference::OsmTownland>,
    ) -> TownlandInfo {
        let (name_ga, alt, lat, lon, tl_id, ded_id, gael) = match osm {
            Some(o) => (
                (!o.name_ga.is_empty()).then(|| o.name_ga.to_uppercase()),
                (!o.alt_name.is_empty()).then(|| clean(&o.alt_name)),
                o.lat,
                o.lon,
                if o.logainm > 0 {
                    o.logainm
                } else {
                    o.osm_id.unsigned_abs() % 10_000_000
                },
                if o.ed_logainm > 0 {
                    o.ed_logainm
                } else {
                    fnv(&format!("{county}/{}", o.ed_name)) % 100_000
                },
                self.gaeltacht_eds
                    .iter()
                    .any(|(c, ed)| *c == county && *ed == o.ed_name),
            ),
            None => (
                None,
                None,
                f64::NAN,
                f64::NAN,
                fnv(&format!("{county}/{name}")) % 10_000_000,
                0,
                false,
            ),
        };
        let (name_ga, ga_verification) = match name_ga {
            Some(ga) => (Some(ga), 4),
            None => match self.national_irish.get(&join_key(&name)) {
                Some(ga) => (Some(ga.clone()), 2),
                None => (None, 0),
            },
        };
        TownlandInfo {
            ga_verification,
            name,
            name_ga,
            alt_name: alt,
            county,
            lat,
            lon,
            townland_id: tl_id,
            ded_id,
            gaeltacht: gael,
        }
    }
}

/// The townlands of every routing area: SherkinOne rows joined to OSM by (county, name), the
/// k-th duplicate to the k-th; Monaghan, which has no townland→key file, from OSM, each
/// townland in the nearest Monaghan key.
fn join_townlands(
    r: &Reference,
    county_list: &[CountyInfo],
    osm_by_name: &BTreeMap<(usize, String), Vec<usize>>,
    national_irish: &BTreeMap<String, String>,
    areas: &mut [AreaInfo],
) -> Vec<TownlandInfo> {
    let maker = TownlandMaker {
        gaeltacht_eds: GAELTACHT_EDS
            .iter()
            .filter_map(|(c, ed)| county_index(county_list, c).map(|i| (i, *ed)))
            .collect(),
        national_irish,
    };
    let mut townlands: Vec<TownlandInfo> = Vec::new();
    let mut used: BTreeMap<(usize, String), usize> = BTreeMap::new();
    for t in &r.townlands {
        let (Some(county), Some(a)) = (
            county_index(county_list, &t.county),
            area_of(&t.routing_key, areas),
        ) else {
            continue; // One SherkinOne row has no key.
        };
        let name = clean(&t.name);
        if name.is_empty() {
            continue;
        }
        let k = used.entry((county, join_key(&name))).or_insert(0);
        let osm = osm_by_name
            .get(&(county, join_key(&name)))
            .and_then(|v| v.get(*k))
            .map(|&i| &r.osm_townlands[i]);
        *k += 1;
        if osm.is_none() && !looks_like_townland(&name) {
            continue;
        }
        townlands.push(maker.make(county, name, osm));
        areas[a].townlands.push(townlands.len() - 1);
    }
    let Some(mon) = county_index(county_list, "Monaghan") else {
        return townlands;
    };
    let mut pending_monaghan: Vec<usize> = Vec::new();
    for o in r
        .osm_townlands
        .iter()
        .filter(|o| county_index(county_list, &o.county) == Some(mon))
    {
        townlands.push(maker.make(mon, clean(&o.name_en), Some(o)));
        pending_monaghan.push(townlands.len() - 1);
    }
    for i in pending_monaghan {
        let t = &townlands[i];
        let best = KEY_CENTRES
            .iter()
            .filter(|(k, _, _)| area_of(k, areas).is_some_and(|a| areas[a].county == t.county))
            .min_by(|a, b| {
                let da = (a.1 - t.lat).powi(2) + (a.2 - t.lon).powi(2);
                let db = (b.1 - t.lat).powi(2) + (b.2 - t.lon).powi(2);
                da.total_cmp(&db).then(a.0.cmp(b.0))
            });
        if let Some(a) = best.and_then(|(k, _, _)| area_of(k, areas)) {
            areas[a].townlands.push(i);
        }
    }
    townlands
}

/// Each area's centre (the known town position, else the mean of its positioned townlands,
/// else its county's centre), then the townlands without a position scattered around their
/// area's centre, inside the county.
fn place_areas(areas: &mut [AreaInfo], townlands: &mut [TownlandInfo], county_list: &[CountyInfo]) {
    for a in areas.iter_mut() {
        let pos: Vec<(f64, f64)> = a
            .townlands
            .iter()
            .map(|&i| (townlands[i].lat, townlands[i].lon))
            .filter(|p| p.0.is_finite() && townlands_in_county_box(p, &county_list[a.county]))
            .collect();
        a.centre = KEY_CENTRES
            .iter()
            .find(|(k, _, _)| *k == a.key)
            .map(|(_, la, lo)| (*la, *lo))
            .unwrap_or_else(|| {
                if pos.is_empty() {
                    let b = county_list[a.county].bbox;
                    ((b[0] + b[1]) / 2.0, (b[2] + b[3]) / 2.0)
                } else {
                    let n = pos.len() as f64;
                    (
                        pos.iter().map(|p| p.0).sum::<f64>() / n,
                        pos.iter().map(|p| p.1).sum::<f64>() / n,
                    )
                }
            });
    }
    for a in areas.iter() {
        for &i in &a.townlands {
            let t = &mut townlands[i];
            if !t.lat.is_finite() {
                let h = fnv(&format!("{}/{}/{}", a.key, t.name, i));
                let u = (h & 0xffff) as f64 / 65535.0;
                let v = ((h >> 16) & 0xffff) as f64 / 65535.0;
                let r = 0.16 * u.sqrt();
                let th = v * std::f64::consts::TAU;
                let b = county_list[t.county].bbox;
                t.lat = (a.centre.0 + r * th.sin()).clamp(b[0], b[1]);
                t.lon = (a.centre.1 + 1.6 * r * th.cos()).clamp(b[2], b[3]);
            }
        }
    }
}

/// Each post town's position (its OSM townland, else its area's centre), Irish name and
/// address type (postal district, city, post town).
fn describe_post_towns(
    r: &Reference,
    post_towns: &mut [PostTownInfo],
    areas: &[AreaInfo],
    osm_by_name: &BTreeMap<(usize, String), Vec<usize>>,
) {
    for (pi, p) in post_towns.iter_mut().enumerate() {
        let a = areas
            .iter()
            .find(|a| a.post_towns.contains(&pi))
            .map(|a| a.centre)
            .unwrap_or((53.4, -7.9));
        let osm = osm_by_name
            .get(&(p.county, join_key(&p.name)))
            .and_then(|v| v.first())
            .map(|&i| &r.osm_townlands[i]);
        p.centre = match osm {
            Some(o) if o.lat != 0.0 => (o.lat, o.lon),
            _ => a,
        };
        if let Some(o) = osm.filter(|o| !o.name_ga.is_empty()) {
            p.name_ga = Some(o.name_ga.to_uppercase());
            p.verification = 4;
        } else if let Some((_, ga)) = POST_TOWN_IRISH.iter().find(|(en, _)| *en == p.name) {
            p.name_ga = Some(ga.to_uppercase());
            p.verification = 3;
        }
        if let Some(n) = p.name.strip_prefix("DUBLIN ") {
            p.name_ga = Some(format!("BAILE ÁTHA CLIATH {n}"));
            p.verification = 3;
            p.address_type = 3750;
        }
        if CITY_SHARE.iter().any(|(c, _)| *c == p.name) {
            p.address_type = 3800;
        }
    }
}

/// Post town weights: Dublin by district; elsewhere by the area's townland count (secondary
/// towns 30% of the principal's); then the cities take their share of their county.
fn weigh_post_towns(post_towns: &mut [PostTownInfo], areas: &[AreaInfo]) {
    for a in areas {
        let base = DUBLIN_WEIGHTS
            .iter()
            .find(|(k, _)| *k == a.key)
            .map(|(_, w)| *w)
            .unwrap_or(a.townlands.len().max(20) as f64 / 10.0);
        for (rank, &p) in a.post_towns.iter().enumerate() {
            let w = if rank == 0 { base } else { base * 0.3 };
            post_towns[p].weight += w;
        }
    }
    for (city, share) in CITY_SHARE {
        if let Some(ci) = post_towns.iter().position(|p| p.name == *city) {
            let c = post_towns[ci].county;
            let others: f64 = post_towns
                .iter()
                .enumerate()
                .filter(|(i, p)| p.county == c && *i != ci)
                .map(|(_, p)| p.weight)
                .sum();
            post_towns[ci].weight = others * share / (1.0 - share);
        }
    }
}

/// Villages: HSE localities that are not post towns, in the area whose townland has the
/// village's name, else the county's principal area.
fn place_villages(
    r: &Reference,
    county_list: &[CountyInfo],
    town_index: &BTreeMap<String, usize>,
    townlands: &[TownlandInfo],
    areas: &mut [AreaInfo],
) -> Vec<VillageInfo> {
    let mut villages = Vec::new();
    let mut area_of_townland: BTreeMap<(usize, String), usize> = BTreeMap::new();
    for (ai, a) in areas.iter().enumerate() {
        for &t in &a.townlands {
            area_of_townland
                .entry((townlands[t].county, townlands[t].name.clone()))
                .or_insert(ai);
        }
    }
    for (county, name) in &r.hse_localities {
        let Some(c) = county_index(county_list, county) else {
            continue;
        };
        let name = clean(name);
        if town_index.contains_key(&name) || name.is_empty() {
            continue;
        }
        let by_townland = area_of_townland.get(&(c, name.clone())).copied();
        let by_county = areas.iter().position(|a| a.county == c);
        if let Some(a) = by_townland.or(by_county) {
            villages.push(VillageInfo { name, county: c });
            areas[a].villages.push(villages.len() - 1);
        }
    }
    villages
}

/// The Irish form of each English townland name (by [`join_key`]) as OSM/logainm give it,
/// over the whole island: the most frequent form, ties to the alphabetically first. Townland
/// names recur (`NEWTOWN` is `AN BAILE NUA` in every county) so a townland whose own Irish name
/// the data lacks — all of Cork and Galway — can borrow it (verification 2, unofficial).
fn national_irish_names(r: &Reference) -> BTreeMap<String, String> {
    let mut counts: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    for o in &r.osm_townlands {
        if !o.name_ga.is_empty() && !o.name_en.is_empty() {
            *counts
                .entry(join_key(&o.name_en))
                .or_default()
                .entry(o.name_ga.to_uppercase())
                .or_insert(0) += 1;
        }
    }
    counts
        .into_iter()
        .filter_map(|(k, forms)| {
            let best = forms
                .iter()
                .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
                .map(|(f, _)| f.clone())?;
            Some((k, best))
        })
        .collect()
}

/// The key two spellings of a place name are joined on: letters only, upper case
/// (`KILL O' THE GRANGE` and `Kill O'The Grange` meet).
pub(crate) fn join_key(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphabetic())
        .flat_map(char::to_uppercase)
        .collect()
}

/// SherkinOne's townland lists also hold estates and business parks, and cut names at 19
/// characters (`STILLORGAN INDUSTRI`); such rows are not townlands. Rows that match an OSM
/// townland are always kept.
fn looks_like_townland(name: &str) -> bool {
    const NOT_TOWNLAND: &[&str] = &[
        "BUSINESS",
        "INDUSTRIAL",
        "APARTMENTS",
        "ESTATE",
        "ST",
        "RD",
        "LANE",
        "CRESCENT",
        "WALK",
        "QUAY",
        "PLACE",
        "MEWS",
        "HOUSE",
        "VILLAS",
        "APTS",
        "CENTRE",
        "SHOPPING",
        "RETAIL",
        "ROUNDABOUT",
        "COTTAGES",
        "GARDENS",
        "PARK",
        "COURT",
        "MANOR",
        "AVENUE",
        "ROAD",
        "STREET",
        "SQUARE",
        "TERRACE",
        "HEIGHTS",
        "LAWNS",
        "GROVE",
        "CLOSE",
        "DRIVE",
        "VIEW",
        "&",
    ];
    name.chars().count() < 19 && !name.split(' ').any(|w| NOT_TOWNLAND.contains(&w))
}

fn townlands_in_county_box(p: &(f64, f64), c: &CountyInfo) -> bool {
    p.0 >= c.bbox[0] && p.0 <= c.bbox[1] && p.1 >= c.bbox[2] && p.1 <= c.bbox[3]
}

fn add_variant(post_towns: &mut [PostTownInfo], areas: &[AreaInfo], key: &str, name: &str) {
    if let Some(a) = areas.iter().find(|a| a.key == key) {
        if let Some(&p) = a.post_towns.first() {
            let pt = &mut post_towns[p];
            if pt.name != name
                && !name.is_empty()
                && !pt.variants.iter().any(|v| v == name)
                && !name.starts_with("CORK")
            {
                pt.variants.push(name.to_string());
            }
        }
    }
}
