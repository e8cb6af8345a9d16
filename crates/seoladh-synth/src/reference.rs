//! Loading the public reference data (`fixtures/reference/`, see its `SOURCES.md`).
//!
//! Every table is read with the `csv` crate into plain rows; no value is invented here. Known
//! errors of the sources are corrected in [`crate::world`], next to the rule that uses them.

use seoladh::error::{Error, Result};
use std::path::{Path, PathBuf};

/// One townland with its routing key (SherkinOne) and, where OSM has it, Irish name and position.
#[derive(Debug, Clone)]
pub(crate) struct TownlandRow {
    pub county: String,
    pub name: String,
    pub routing_key: String,
}

/// One OSM townland (townlands.ie export).
#[derive(Debug, Clone)]
pub(crate) struct OsmTownland {
    pub osm_id: i64,
    pub name_en: String,
    pub name_ga: String,
    pub alt_name: String,
    pub logainm: u64,
    pub county: String,
    pub ed_name: String,
    pub ed_logainm: u64,
    pub lat: f64,
    pub lon: f64,
}

/// Every reference table the generator reads.
#[derive(Debug, Default)]
pub(crate) struct Reference {
    /// `routing_key, town_rank, town, county` (RobertLucey).
    pub routing_towns: Vec<(String, u32, String, String)>,
    /// `key, post_town, post_county` (Wikipedia).
    pub routing_wikipedia: Vec<(String, String, String)>,
    /// `town, routing_key` (SherkinOne).
    pub routing_sherkin: Vec<(String, String)>,
    pub townlands: Vec<TownlandRow>,
    pub osm_townlands: Vec<OsmTownland>,
    /// `name_en, name_ga` of the 26 counties.
    pub counties: Vec<(String, String)>,
    /// `county, locality` (HSE).
    pub hse_localities: Vec<(String, String)>,
    /// PPR addresses with a routing key when the source has one: `address, key, county`.
    pub ppr: Vec<(String, Option<String>, Option<String>)>,
    /// `name, name_ga` of real Dublin streets.
    pub dublin_streets: Vec<(String, String)>,
    /// Real NI street names with their frequency.
    pub ni_streets: Vec<(String, u32)>,
    /// `area, district, post_town, non_geographic`.
    pub uk_districts: Vec<(String, String, String, bool)>,
    /// NI schools: `name, address, town, postcode (no space), easting, northing` (Irish Grid).
    pub ni_schools: Vec<(String, String, String, String, f64, f64)>,
    /// `name, type, country` of GB populated places.
    pub gb_places: Vec<(String, String, String)>,
}

/// A parsed CSV table: header names and rows.
struct Table {
    path: PathBuf,
    headers: Vec<String>,
    rows: Vec<csv::StringRecord>,
}

impl Table {
    fn read(dir: &Path, rel: &str, delimiter: u8) -> Result<Table> {
        let path = dir.join(rel);
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(delimiter)
            .flexible(true)
            .comment(Some(b'#'))
            .from_path(&path)
            .map_err(|e| reference_error(&path, 0, e.to_string()))?;
        let headers = reader
            .headers()
            .map_err(|e| reference_error(&path, 1, e.to_string()))?
            .iter()
            .map(|h| h.trim().to_string())
            .collect();
        let mut rows = Vec::new();
        for (i, rec) in reader.records().enumerate() {
            rows.push(rec.map_err(|e| reference_error(&path, i as u64 + 2, e.to_string()))?);
        }
        Ok(Table {
            path,
            headers,
            rows,
        })
    }

    fn col(&self, name: &str) -> Result<usize> {
        self.headers
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| reference_error(&self.path, 1, format!("no column {name:?}")))
    }
}

fn reference_error(path: &Path, line: u64, message: String) -> Error {
    Error::Reference {
        path: path.to_path_buf(),
        line,
        message,
    }
}

fn cell(rec: &csv::StringRecord, i: usize) -> String {
    rec.get(i).unwrap_or("").trim().to_string()
}

fn num<T: std::str::FromStr + Default>(rec: &csv::StringRecord, i: usize) -> T {
    rec.get(i)
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or_default()
}

impl Reference {
    /// Reads every file the generator uses from `dir` (normally `fixtures/reference`).
    pub(crate) fn load(dir: &Path) -> Result<Reference> {
        let mut r = Reference::default();
        r.load_eircode(dir)?;
        r.load_placenames(dir)?;
        r.load_sales(dir)?;
        r.load_streets(dir)?;
        r.load_uk(dir)?;
        Ok(r)
    }

    /// Routing keys: their towns and counties, and the townlands in each.
    fn load_eircode(&mut self, dir: &Path) -> Result<()> {
        let r = self;
        let t = Table::read(dir, "eircode/routing_key_towns_robertlucey.csv", b',')?;
        let (k, rank, town, county) = (
            t.col("routing_key")?,
            t.col("town_rank")?,
            t.col("town")?,
            t.col("county")?,
        );
        r.routing_towns = t
            .rows
            .iter()
            .map(|x| (cell(x, k), num(x, rank), cell(x, town), cell(x, county)))
            .collect();

        let t = Table::read(dir, "eircode/routing_keys_wikipedia.tsv", b'\t')?;
        let (k, town, county) = (t.col("key")?, t.col("post_town")?, t.col("post_county")?);
        r.routing_wikipedia = t
            .rows
            .iter()
            .map(|x| (cell(x, k), cell(x, town), cell(x, county)))
            .collect();

        let t = Table::read(dir, "eircode/post_town_routing_key_sherkinone.csv", b',')?;
        let (town, k) = (t.col("town")?, t.col("routing_key")?);
        r.routing_sherkin = t.rows.iter().map(|x| (cell(x, town), cell(x, k))).collect();

        let t = Table::read(dir, "eircode/townland_routing_key_sherkinone.csv", b',')?;
        let (county, name, k) = (t.col("county")?, t.col("townland")?, t.col("routing_key")?);
        r.townlands = t
            .rows
            .iter()
            .map(|x| TownlandRow {
                county: cell(x, county),
                name: cell(x, name),
                routing_key: cell(x, k),
            })
            .collect();
        Ok(())
    }

    /// Townlands with their Irish names and positions, counties, localities.
    fn load_placenames(&mut self, dir: &Path) -> Result<()> {
        let r = self;
        let t = Table::read(dir, "placenames/townlands_townlandsie_osm.csv", b',')?;
        let c = [
            t.col("osm_id")?,
            t.col("name_en")?,
            t.col("name_ga")?,
            t.col("alt_name")?,
            t.col("logainm_re")?,
            t.col("co_name")?,
            t.col("ed_name")?,
            t.col("ed_logainm")?,
            t.col("latitude")?,
            t.col("longitude")?,
            t.col("name_tag")?,
        ];
        r.osm_townlands = t
            .rows
            .iter()
            .map(|x| {
                let mut name_en = cell(x, c[1]);
                if name_en.is_empty() {
                    name_en = cell(x, c[10]);
                }
                OsmTownland {
                    osm_id: num(x, c[0]),
                    name_en,
                    name_ga: cell(x, c[2]),
                    alt_name: cell(x, c[3]),
                    logainm: num(x, c[4]),
                    county: cell(x, c[5]),
                    ed_name: cell(x, c[6]),
                    ed_logainm: num(x, c[7]),
                    lat: num(x, c[8]),
                    lon: num(x, c[9]),
                }
            })
            .collect();

        let t = Table::read(dir, "placenames/ie_counties_provinces_iso3166_ga.csv", b',')?;
        let (ty, en, ga) = (t.col("type")?, t.col("name_en")?, t.col("name_ga")?);
        r.counties = t
            .rows
            .iter()
            .filter(|x| cell(x, ty) == "County")
            .map(|x| (cell(x, en), cell(x, ga)))
            .collect();

        let t = Table::read(dir, "placenames/ie_localities_hse_covid_app.csv", b',')?;
        let (county, loc) = (t.col("county")?, t.col("locality")?);
        r.hse_localities = t
            .rows
            .iter()
            .map(|x| (cell(x, county), cell(x, loc)))
            .collect();
        Ok(())
    }

    /// The addresses of property sales (Property Price Register), with their routing keys.
    fn load_sales(&mut self, dir: &Path) -> Result<()> {
        let r = self;
        let t = Table::read(
            dir,
            "addresses/ppr_2010_with_routing_key_mathsgrinds.csv",
            b',',
        )?;
        let (a, k) = (t.col("Address")?, t.col("RoutingKey")?);
        for x in &t.rows {
            let key = cell(x, k);
            let key = (key.len() == 3 && key != "NA").then_some(key);
            r.ppr.push((cell(x, a), key, None));
        }
        let t = Table::read(dir, "addresses/ppr_2021_jan_apr_psra.csv", b',')?;
        let (a, pc, county) = (t.col("Address")?, t.col("Postal Code")?, t.col("County")?);
        for x in &t.rows {
            let key = dublin_district_key(&cell(x, pc));
            r.ppr.push((cell(x, a), key, Some(cell(x, county))));
        }
        let t = Table::read(
            dir,
            "addresses/ppr_sample_10k_2010_2026_with_eircodes.csv",
            b',',
        )?;
        let (a, e, county) = (t.col("address")?, t.col("eircode")?, t.col("county")?);
        for x in &t.rows {
            let eircode = cell(x, e).to_uppercase();
            let key = (eircode.len() == 7).then(|| eircode[..3].to_string());
            r.ppr.push((cell(x, a), key, Some(cell(x, county))));
        }
        Ok(())
    }

    /// Street names: central Dublin (English and Irish) and Northern Ireland.
    fn load_streets(&mut self, dir: &Path) -> Result<()> {
        let r = self;
        let t = Table::read(
            dir,
            "streets/dublin_centre_osm_street_names_en_ga.csv",
            b',',
        )?;
        let (n, ga) = (t.col("name")?, t.col("name_ga")?);
        r.dublin_streets = t.rows.iter().map(|x| (cell(x, n), cell(x, ga))).collect();

        let t = Table::read(dir, "streets/ni_street_names_policeuk_2016_11.csv", b',')?;
        let (n, c) = (t.col("location_name")?, t.col("records")?);
        r.ni_streets = t.rows.iter().map(|x| (cell(x, n), num(x, c))).collect();
        Ok(())
    }

    /// UK postcode districts and post towns, Northern Ireland schools, Great Britain places.
    fn load_uk(&mut self, dir: &Path) -> Result<()> {
        let r = self;
        let t = Table::read(
            dir,
            "uk/uk_postcode_districts_post_towns_wikipedia.csv",
            b',',
        )?;
        let c = [
            t.col("postcode_area")?,
            t.col("postcode_district")?,
            t.col("post_town")?,
            t.col("non_geographic")?,
        ];
        r.uk_districts = t
            .rows
            .iter()
            .map(|x| {
                (
                    cell(x, c[0]),
                    cell(x, c[1]),
                    cell(x, c[2]),
                    cell(x, c[3]) == "Y",
                )
            })
            .collect();

        let t = Table::read(dir, "uk/ni_schools_addresses_deni.csv", b',')?;
        let c = [
            t.col("centre_name")?,
            t.col("address")?,
            t.col("town")?,
            t.col("postcode")?,
            t.col("easting")?,
            t.col("northing")?,
        ];
        r.ni_schools = t
            .rows
            .iter()
            .map(|x| {
                (
                    cell(x, c[0]),
                    cell(x, c[1]),
                    cell(x, c[2]),
                    cell(x, c[3]),
                    num(x, c[4]),
                    num(x, c[5]),
                )
            })
            .collect();

        let t = Table::read(dir, "uk/gb_populated_places_os_open_names.csv", b',')?;
        let c = [t.col("name")?, t.col("type")?, t.col("country")?];
        r.gb_places = t
            .rows
            .iter()
            .map(|x| (cell(x, c[0]), cell(x, c[1]), cell(x, c[2])))
            .collect();
        Ok(())
    }
}

/// `Dublin 6w` → `D6W`, `Dublin 4` → `D04`.
fn dublin_district_key(postal_code: &str) -> Option<String> {
    let rest = postal_code.trim().to_uppercase();
    let rest = rest.strip_prefix("DUBLIN")?.trim().to_string();
    if rest == "6W" {
        return Some("D6W".to_string());
    }
    let n: u32 = rest.parse().ok()?;
    (1..=24).contains(&n).then(|| format!("D{n:02}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dublin_postal_codes_become_routing_keys() {
        assert_eq!(dublin_district_key("Dublin 4").as_deref(), Some("D04"));
        assert_eq!(dublin_district_key("Dublin 6w").as_deref(), Some("D6W"));
        assert_eq!(dublin_district_key("Dublin 24").as_deref(), Some("D24"));
        assert_eq!(dublin_district_key(""), None);
        assert_eq!(dublin_district_key("Dublin 99"), None);
    }
}
