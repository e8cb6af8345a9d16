//! `UK_ADDRESS.csv`: Northern Ireland and a Great Britain sample (docs/ecad-layout.md §7).
//!
//! NI: the 1,580 real school addresses of the Department of Education (with their real BT
//! postcodes and Irish Grid positions), plus generated addresses on real NI street names
//! (PSNI street list) in the real BT postcode districts and post towns, positioned around the
//! district's schools. GB: generated addresses in real postcode districts and post towns of
//! the major postcode areas listed in [`GB_AREAS`]; streets are named after real GB places of
//! the same country (OS Open Names) with common street types. `ADDRESS_ID`s are 21… for NI and
//! 22… for GB.

use crate::names::clean;
use crate::projection::irish_grid_to_etrs89;
use crate::reference::Reference;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use seoladh::ecad::{UkAddress, UkCountry};
use std::collections::{BTreeMap, BTreeSet};

const NI_BASE: u64 = 2_100_000_000;
const GB_BASE: u64 = 2_200_000_000;

/// Letters of a UK inward code's unit (Royal Mail never uses C I K M O V there).
const INWARD_LETTERS: &[u8] = b"ABDEFGHJLNPQRSTUWXYZ";

/// GB postcode areas sampled, with an approximate centre (lat, lon), spread (km) and country.
const GB_AREAS: &[(&str, f64, f64, f64, &str)] = &[
    ("B", 52.48, -1.90, 9.0, "England"),
    ("BS", 51.45, -2.59, 7.0, "England"),
    ("CF", 51.48, -3.18, 7.0, "Wales"),
    ("CB", 52.20, 0.12, 8.0, "England"),
    ("EH", 55.95, -3.19, 7.0, "Scotland"),
    ("G", 55.86, -4.25, 8.0, "Scotland"),
    ("L", 53.41, -2.98, 6.0, "England"),
    ("LS", 53.80, -1.55, 7.0, "England"),
    ("M", 53.48, -2.24, 7.0, "England"),
    ("NE", 54.98, -1.61, 8.0, "England"),
    ("NG", 52.95, -1.15, 8.0, "England"),
    ("S", 53.38, -1.47, 7.0, "England"),
    ("OX", 51.75, -1.26, 8.0, "England"),
    ("BN", 50.83, -0.14, 8.0, "England"),
    ("AB", 57.15, -2.09, 8.0, "Scotland"),
    ("E", 51.53, -0.03, 4.0, "England"),
    ("N", 51.57, -0.11, 4.0, "England"),
    ("NW", 51.55, -0.19, 4.0, "England"),
    ("SE", 51.46, -0.05, 5.0, "England"),
    ("SW", 51.46, -0.17, 5.0, "England"),
    ("W", 51.51, -0.25, 4.0, "England"),
    ("LE", 52.63, -1.13, 8.0, "England"),
    ("SA", 51.62, -3.94, 8.0, "Wales"),
    ("YO", 53.96, -1.08, 9.0, "England"),
];

const GB_STREET_TYPES: &[&str] = &[
    "ROAD", "ROAD", "STREET", "STREET", "AVENUE", "LANE", "CLOSE", "DRIVE", "GARDENS", "WAY",
    "CRESCENT", "GROVE", "TERRACE", "PLACE",
];

fn inward(rng: &mut ChaCha8Rng) -> String {
    format!(
        "{}{}{}",
        rng.random_range(0..10),
        INWARD_LETTERS[rng.random_range(0..INWARD_LETTERS.len())] as char,
        INWARD_LETTERS[rng.random_range(0..INWARD_LETTERS.len())] as char
    )
}

/// `BT96GW` → `BT9 6GW`.
fn spaced(postcode: &str) -> Option<String> {
    let p = postcode.trim().to_uppercase().replace(' ', "");
    (p.len() >= 5).then(|| format!("{} {}", &p[..p.len() - 3], &p[p.len() - 3..]))
}

/// `3 Flax Street` → (`3`, `FLAX STREET`).
fn split_number(address: &str) -> (Option<String>, String) {
    let a = clean(address);
    match a.split_once(' ') {
        Some((n, rest)) if n.chars().next().is_some_and(|c| c.is_ascii_digit()) => {
            (Some(n.to_string()), rest.to_string())
        }
        _ => (None, a),
    }
}

fn jitter(rng: &mut ChaCha8Rng, c: (f64, f64), km: f64) -> (f64, f64) {
    let dlat = (rng.random::<f64>() + rng.random::<f64>() - 1.0) * km / 111.2;
    let dlon =
        (rng.random::<f64>() + rng.random::<f64>() - 1.0) * km / (111.2 * c.0.to_radians().cos());
    (
        ((c.0 + dlat) * 1e7).round() / 1e7,
        ((c.1 + dlon) * 1e7).round() / 1e7,
    )
}

/// Generates `ni` Northern Irish (incl. the real school addresses) and `gb` British addresses.
pub(crate) fn generate(r: &Reference, ni: usize, gb: usize, seed: u64) -> Vec<UkAddress> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0b7_0b7);
    let mut out = Vec::with_capacity(ni + gb);
    let mut used: BTreeSet<String> = BTreeSet::new();

    // NI district centres from the schools' positions.
    let mut centres: BTreeMap<String, (f64, f64, f64)> = BTreeMap::new();
    let mut schools = Vec::new();
    for (name, address, town, postcode, e, n) in &r.ni_schools {
        let Some(pc) = spaced(postcode) else { continue };
        if *e <= 0.0 || *n <= 0.0 {
            continue;
        }
        let (lat, lon) = irish_grid_to_etrs89(*e, *n);
        let district = pc.split(' ').next().unwrap_or_default().to_string();
        let c = centres.entry(district).or_insert((0.0, 0.0, 0.0));
        c.0 += lat;
        c.1 += lon;
        c.2 += 1.0;
        schools.push((name, address, town, pc, lat, lon));
    }
    let ni_districts: Vec<(String, String, (f64, f64))> = r
        .uk_districts
        .iter()
        .filter(|d| d.0 == "BT" && !d.3)
        .filter_map(|d| {
            centres
                .get(&d.1)
                .map(|c| (d.1.clone(), clean(&d.2), (c.0 / c.2, c.1 / c.2)))
        })
        .collect();
    let real_schools = schools.len().min(ni / 4);
    for (name, address, town, pc, lat, lon) in schools.into_iter().take(real_schools) {
        let (number, street) = split_number(address);
        used.insert(pc.clone());
        out.push(UkAddress {
            id: NI_BASE + out.len() as u64 + 1,
            organisation: Some(clean(name)),
            sub_building: None,
            building_name: None,
            building_number: number,
            thoroughfare: Some(street),
            dependent_locality: None,
            post_town: clean(town),
            postcode: pc,
            country: UkCountry::Ni,
            latitude: (lat * 1e7).round() / 1e7,
            longitude: (lon * 1e7).round() / 1e7,
        });
    }
    let streets: Vec<String> = r
        .ni_streets
        .iter()
        .map(|(s, _)| clean(s))
        .filter(|s| s.split(' ').count() >= 2 && !s.contains("PETROL") && !s.contains("STATION"))
        .collect();
    fill(
        &mut out,
        &mut rng,
        &mut used,
        ni.saturating_sub(real_schools),
        &ni_districts,
        |rng, _| streets[rng.random_range(0..streets.len())].clone(),
        NI_BASE,
        UkCountry::Ni,
        3.0,
    );

    // GB.
    let mut gb_districts = Vec::new();
    let mut gb_places: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (name, ty, country) in &r.gb_places {
        if matches!(ty.as_str(), "Village" | "Hamlet" | "Suburban Area") {
            gb_places
                .entry(country.as_str())
                .or_default()
                .push(clean(name));
        }
    }
    for (area, lat, lon, km, _) in GB_AREAS {
        for d in r.uk_districts.iter().filter(|d| d.0 == *area && !d.3) {
            let h = crate::world::fnv(&d.1);
            let off = (
                ((h & 0xffff) as f64 / 65535.0 - 0.5) * km * 2.0 / 111.2,
                (((h >> 16) & 0xffff) as f64 / 65535.0 - 0.5) * km * 2.0 / 70.0,
            );
            gb_districts.push((d.1.clone(), clean(&d.2), (lat + off.0, lon + off.1)));
        }
    }
    let start = out.len();
    let country_of = |district: &str| {
        let area: String = district
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        GB_AREAS
            .iter()
            .find(|a| a.0 == area)
            .map(|a| a.4)
            .unwrap_or("England")
    };
    let empty = Vec::new();
    fill(
        &mut out,
        &mut rng,
        &mut used,
        gb,
        &gb_districts,
        |rng, d| {
            let places = gb_places.get(country_of(d)).unwrap_or(&empty);
            let base = if places.is_empty() {
                "VICTORIA".to_string()
            } else {
                places[rng.random_range(0..places.len())].clone()
            };
            format!(
                "{base} {}",
                GB_STREET_TYPES[rng.random_range(0..GB_STREET_TYPES.len())]
            )
        },
        GB_BASE - start as u64,
        UkCountry::Gb,
        2.0,
    );
    out
}

/// Adds `n` addresses: streets of 5–40 numbered houses, ~15 houses per postcode unit.
#[allow(clippy::too_many_arguments)]
fn fill(
    out: &mut Vec<UkAddress>,
    rng: &mut ChaCha8Rng,
    used: &mut BTreeSet<String>,
    n: usize,
    districts: &[(String, String, (f64, f64))],
    mut street_name: impl FnMut(&mut ChaCha8Rng, &str) -> String,
    base: u64,
    country: UkCountry,
    km: f64,
) {
    if districts.is_empty() {
        return;
    }
    let target = out.len() + n;
    while out.len() < target {
        let (district, town, centre) = &districts[rng.random_range(0..districts.len())];
        let street = street_name(rng, district);
        let street_centre = jitter(rng, *centre, km);
        let houses = rng.random_range(5..40).min(target - out.len());
        let mut postcode = String::new();
        for h in 0..houses {
            if h % 15 == 0 {
                loop {
                    let pc = format!("{district} {}", inward(rng));
                    if used.insert(pc.clone()) {
                        postcode = pc;
                        break;
                    }
                }
            }
            let (lat, lon) = jitter(rng, street_centre, 0.3);
            out.push(UkAddress {
                id: base + out.len() as u64 + 1,
                organisation: None,
                sub_building: None,
                building_name: None,
                building_number: Some((h + 1).to_string()),
                thoroughfare: Some(street.clone()),
                dependent_locality: None,
                post_town: town.clone(),
                postcode: postcode.clone(),
                country,
                latitude: lat,
                longitude: lon,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jitter_stays_near_its_centre() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..100 {
            let (lat, lon) = jitter(&mut rng, (52.48, -1.90), 2.0);
            assert!(
                (lat - 52.48).abs() < 0.02 && (lon + 1.90).abs() < 0.04,
                "{lat},{lon}"
            );
        }
    }

    #[test]
    fn postcodes_get_their_space_and_numbers_split() {
        assert_eq!(spaced("BT96GW").as_deref(), Some("BT9 6GW"));
        assert_eq!(spaced("BT147EJ").as_deref(), Some("BT14 7EJ"));
        assert_eq!(spaced("BT1"), None);
        assert_eq!(
            split_number("3 Flax Street"),
            (Some("3".to_string()), "FLAX STREET".to_string())
        );
        assert_eq!(split_number("The Kings Hall Complex").0, None);
    }
}
