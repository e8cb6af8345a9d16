//! The records of one routing area before ids are assigned, and the small helpers every area
//! uses: the Eircode allocator, dates, positions.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The 25 characters of an Eircode's unique identifier.
pub(crate) use seoladh::ecad::eircode::EIRCODE_ALPHABET;
const EIRCODE_SPACE: usize = 25 * 25 * 25 * 25;

/// A named element (locality, thoroughfare, building group) local to an area.
#[derive(Debug, Clone)]
pub(crate) struct Element {
    pub name: String,
    pub name_ga: Option<String>,
    pub verification: u8,
    pub address_type: u16,
    /// `(alias, ALIAS_TYPE_ID)`.
    pub aliases: Vec<(String, u8)>,
}

/// A building local to an area. Element links are indices into the area's vectors; the post
/// town and counties are global indices.
#[derive(Debug, Clone)]
pub(crate) struct LocalBuilding {
    pub name: Option<String>,
    pub number: Option<String>,
    pub address_type: u16,
    pub group: Option<u32>,
    pub thoroughfare: Option<u32>,
    pub secondary_thoroughfare: Option<u32>,
    pub locality: Option<u32>,
    pub secondary_locality: Option<u32>,
    pub post_town: u32,
    pub post_county: u32,
    pub county: u32,
    pub admin: Admin,
    pub building_type: u16,
    pub building_use: u8,
    pub holiday: bool,
    pub vacant: bool,
    pub under_construction: bool,
    pub created: u32,
    pub modified: u32,
    pub lat: f64,
    pub lon: f64,
}

/// Administrative ids of a building.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Admin {
    pub la: u64,
    pub ded: u64,
    pub small_area: u64,
    pub townland: u64,
    pub gaeltacht: bool,
}

/// An address point local to an area.
#[derive(Debug, Clone)]
pub(crate) struct LocalPoint {
    pub building: u32,
    pub address_type: u16,
    pub eircode: Option<String>,
    pub sub: Option<String>,
    pub sub_ga: Option<String>,
    pub nua: bool,
    pub mail: bool,
}

/// An organisation local to an area.
#[derive(Debug, Clone)]
pub(crate) struct LocalOrg {
    pub point: u32,
    pub name: String,
    pub name_ga: Option<String>,
    pub department: Option<(String, String)>,
    pub nace_code: &'static str,
    pub nace_category: &'static str,
    pub vacant: bool,
    pub created: u32,
}

/// Everything one routing area produced.
#[derive(Debug, Default)]
pub(crate) struct AreaOut {
    pub localities: Vec<Element>,
    pub thoroughfares: Vec<Element>,
    pub groups: Vec<Element>,
    pub buildings: Vec<LocalBuilding>,
    pub points: Vec<LocalPoint>,
    pub orgs: Vec<LocalOrg>,
    /// Eircodes never given to a current point, for the history table.
    pub spare_eircodes: Vec<String>,
}

/// Draws unique Eircodes of one routing key at random (a seeded sample without replacement),
/// so neighbouring houses do not get neighbouring codes.
pub(crate) struct EircodeAllocator {
    key: String,
    used: Vec<bool>,
    count: usize,
}

impl EircodeAllocator {
    pub(crate) fn new(key: &str) -> Self {
        EircodeAllocator {
            key: key.to_string(),
            used: vec![false; EIRCODE_SPACE],
            count: 0,
        }
    }

    /// The next unused code, or `None` when the key's 390,625 codes are spent.
    pub(crate) fn next(&mut self, rng: &mut ChaCha8Rng) -> Option<String> {
        if self.count * 10 >= EIRCODE_SPACE * 9 {
            return None; // Keep rejection sampling fast; no real key comes close.
        }
        loop {
            let i = rng.random_range(0..EIRCODE_SPACE);
            if !self.used[i] {
                self.used[i] = true;
                self.count += 1;
                return Some(encode_eircode(&self.key, i));
            }
        }
    }
}

/// Routing key + the base-25 digits of `i` in the Eircode alphabet.
pub(crate) fn encode_eircode(key: &str, mut i: usize) -> String {
    let mut s = [0u8; 4];
    for c in s.iter_mut().rev() {
        *c = EIRCODE_ALPHABET[i % 25];
        i /= 25;
    }
    let mut out = String::with_capacity(7);
    out.push_str(key);
    out.extend(s.iter().map(|&b| b as char));
    out
}

/// Day 0 of the generator's calendar: 2014-07-01, when ECAD was being built.
const EPOCH_DAYS: i64 = 16_252; // days from 1970-01-01 to 2014-07-01

/// ISO 8601 UTC for a day number since 2014-07-01 and a second of that day.
pub(crate) fn iso_date(day: u32, second: u32) -> String {
    let (y, m, d) = civil_from_days(EPOCH_DAYS + i64::from(day));
    let s = second % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        s / 3600,
        (s / 60) % 60,
        s % 60
    )
}

/// Howard Hinnant's days → civil date.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// A point `sd_km` (one standard deviation, roughly normal) around `centre`, kept in `bbox`
/// (lat min, lat max, lon min, lon max).
pub(crate) fn scatter(
    rng: &mut ChaCha8Rng,
    centre: (f64, f64),
    sd_km: f64,
    bbox: [f64; 4],
) -> (f64, f64) {
    // Sum of three uniforms: cheap, bounded, close enough to normal for house positions.
    let mut g = || (rng.random::<f64>() + rng.random::<f64>() + rng.random::<f64>() - 1.5) * 2.0;
    let dlat = g() * sd_km / 111.2;
    let dlon = g() * sd_km / (111.2 * centre.0.to_radians().cos());
    clamp_into(bbox, (centre.0 + dlat, centre.1 + dlon))
}

/// Keeps a point a metre or so inside `bbox`, so rounding to 7 decimals cannot push it out.
pub(crate) fn clamp_into(bbox: [f64; 4], p: (f64, f64)) -> (f64, f64) {
    const MARGIN: f64 = 1e-5;
    (
        p.0.clamp(bbox[0] + MARGIN, bbox[1] - MARGIN),
        p.1.clamp(bbox[2] + MARGIN, bbox[3] - MARGIN),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn eircodes_use_the_real_alphabet_and_never_repeat() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut a = EircodeAllocator::new("D6W");
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..5000 {
            let e = a.next(&mut rng).unwrap_or_default();
            assert_eq!(e.len(), 7);
            assert!(e.starts_with("D6W"));
            assert!(e[3..].bytes().all(|b| EIRCODE_ALPHABET.contains(&b)));
            assert!(seen.insert(e));
        }
        assert_eq!(encode_eircode("A65", 0), "A650000");
        assert_eq!(encode_eircode("A65", 25 * 25 * 25 * 25 - 1), "A65YYYY");
    }

    #[test]
    fn dates_are_iso_8601_utc() {
        assert_eq!(iso_date(0, 0), "2014-07-01T00:00:00Z");
        assert_eq!(iso_date(365, 3661), "2015-07-01T01:01:01Z");
        assert_eq!(iso_date(1340, 0), "2018-03-02T00:00:00Z");
    }
}
