//! The record store: what Get ECAD Data returns for an entity, decoded one at a time. These are
//! the values; their compact on-disk form (shared spatial rows, packed dates) is in
//! `record_codec.rs`.
//!
//! Coordinates are fixed-point (1e-7 degree, 1 mm) and dates are milliseconds since the Unix
//! epoch, which halves the store against `f64`s and ISO strings while keeping every value the
//! layout can express to that precision.

use serde::{Deserialize, Serialize};

/// bincode configuration of every stored blob: varint integers, little-endian.
pub(crate) fn config() -> bincode::config::Configuration {
    bincode::config::standard()
}

/// Encodes a value with the store configuration.
pub(crate) fn encode<T: Serialize>(v: &T) -> Vec<u8> {
    // Encoding plain data structs into a Vec cannot fail; an empty blob would be reported as
    // undecodable by `verify` rather than panic here.
    bincode::serde::encode_to_vec(v, config()).unwrap_or_default()
}

/// Decodes a value; `None` when the bytes are damaged.
///
/// A damaged length must not make the decoder allocate what no blob of this size describes:
/// each element of a stored list takes at least one byte and a few more in memory, so the
/// memory a blob may claim is bounded by a tier at least 64 times its length (a 4 KB meta
/// section may claim 1 MiB, not the 1.7 GB a damaged length once asked for).
pub(crate) fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Option<T> {
    const KIB: usize = 1 << 10;
    let (v, used) = match bytes.len() {
        n if n <= 4 * KIB => decode_within(bytes, config().with_limit::<{ 1 << 20 }>()),
        n if n <= 256 * KIB => decode_within(bytes, config().with_limit::<{ 1 << 26 }>()),
        n if n <= 16 * KIB * KIB => decode_within(bytes, config().with_limit::<{ 1 << 30 }>()),
        _ => decode_within(bytes, config()),
    }?;
    (used == bytes.len()).then_some(v)
}

fn decode_within<T: serde::de::DeserializeOwned, C: bincode::config::Config>(
    bytes: &[u8],
    config: C,
) -> Option<(T, usize)> {
    bincode::serde::decode_from_slice(bytes, config).ok()
}

/// Degrees are stored in units of 1e-7 (about 1 cm).
pub const DEGREE_SCALE: f64 = 1e7;
/// Metres are stored in millimetres.
pub const METRE_SCALE: f64 = 1e3;

/// A point or extent in one coordinate system, fixed-point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixedPair(pub i64, pub i64);

impl FixedPair {
    pub(crate) fn from_f64(x: f64, y: f64, scale: f64) -> Self {
        FixedPair((x * scale).round() as i64, (y * scale).round() as i64)
    }

    /// The pair as floating point values.
    pub fn to_f64(self, scale: f64) -> (f64, f64) {
        (self.0 as f64 / scale, self.1 as f64 / scale)
    }
}

/// Bounding boxes of an area (thoroughfare, locality …): min and max corners per system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredBoxes {
    /// Irish Grid min (easting, northing), mm.
    pub ing_min: FixedPair,
    /// Irish Grid max, mm.
    pub ing_max: FixedPair,
    /// ITM min, mm.
    pub itm_min: FixedPair,
    /// ITM max, mm.
    pub itm_max: FixedPair,
    /// ETRS89 min (latitude, longitude), 1e-7 degree.
    pub etrs89_min: FixedPair,
    /// ETRS89 max, 1e-7 degree.
    pub etrs89_max: FixedPair,
}

/// `SPATIAL_INFO.csv` of one entity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredSpatial {
    /// Irish Grid (easting, northing), mm.
    pub ing: FixedPair,
    /// ITM (easting, northing), mm.
    pub itm: FixedPair,
    /// ETRS89 (latitude, longitude), 1e-7 degree.
    pub etrs89: FixedPair,
    /// Boxes, for areas.
    pub boxes: Option<StoredBoxes>,
    /// 4 = unverified, must not be used.
    pub accuracy: u8,
    /// Created, ms since the epoch.
    pub created: i64,
    /// Last updated, ms since the epoch.
    pub modified: i64,
}

/// `BUILDING_INFO.csv` of one building.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredBuildingInfo {
    /// Building type id.
    pub building_type: u16,
    /// Holiday home.
    pub holiday_home: bool,
    /// Under construction.
    pub under_construction: bool,
    /// `R`, `C`, `B` or `U`.
    pub building_use: String,
    /// Vacant.
    pub vacant: bool,
    /// Created, ms since the epoch.
    pub created: i64,
    /// Last updated, ms since the epoch.
    pub modified: i64,
}

/// `ORGANISATION_INFO.csv` of one organisation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredOrganisationInfo {
    /// NACE code.
    pub nace_code: Option<String>,
    /// NACE category.
    pub nace_category: Option<String>,
    /// Vacant.
    pub vacant: bool,
    /// Created, ms since the epoch.
    pub created: i64,
    /// Last updated, ms since the epoch.
    pub modified: i64,
}

/// One release of the administrative areas of a building.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredAdminRelease {
    /// Local authority.
    pub la_id: u64,
    /// Electoral division.
    pub ded_id: u64,
    /// Small area.
    pub small_area_id: u64,
    /// Townland.
    pub townland_id: u64,
    /// County.
    pub county_id: u64,
    /// In a Gaeltacht area.
    pub gaeltacht: bool,
}

/// `ADMINISTRATIVE_INFO.csv` of one building: both releases.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredAdministrative {
    /// The 2017 release.
    pub release_2017: StoredAdminRelease,
    /// The 2015 release.
    pub release_2015: StoredAdminRelease,
    /// Created, ms since the epoch.
    pub created: i64,
    /// Last updated, ms since the epoch.
    pub modified: i64,
}

/// Everything stored for one entity beyond what the search tables hold.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredRecord {
    /// Spatial info.
    pub spatial: Option<StoredSpatial>,
    /// Building info (buildings).
    pub building_info: Option<StoredBuildingInfo>,
    /// Organisation info (organisations).
    pub organisation_info: Option<StoredOrganisationInfo>,
    /// Administrative info (buildings).
    pub administrative: Option<StoredAdministrative>,
}

// One date module for the crate: `api::date`; the store keeps its milliseconds.
pub use crate::api::date::{format_date, parse_date};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_length_claims_no_more_than_its_blob_could_hold() {
        // A list of 2^32 numbers in nine bytes: refused, not allocated (32 GiB).
        let damaged = [253u8, 0, 0, 0, 0, 1, 0, 0, 0];
        assert_eq!(decode::<Vec<u64>>(&damaged), None);
        let whole = encode(&vec![7u64; 1000]);
        assert_eq!(decode::<Vec<u64>>(&whole), Some(vec![7u64; 1000]));
    }

    #[test]
    fn records_round_trip_and_damage_is_none() {
        let r = StoredRecord {
            spatial: Some(StoredSpatial {
                ing: FixedPair::from_f64(331497.0, 370699.5, METRE_SCALE),
                itm: FixedPair::from_f64(731455.1, 870733.2, METRE_SCALE),
                etrs89: FixedPair::from_f64(53.3498, -6.2603, DEGREE_SCALE),
                boxes: None,
                accuracy: 3,
                created: 1,
                modified: 2,
            }),
            ..Default::default()
        };
        let b = encode(&r);
        assert_eq!(decode::<StoredRecord>(&b), Some(r));
        assert_eq!(decode::<StoredRecord>(&b[..b.len() - 1]), None);
        let (lat, long) = FixedPair::from_f64(53.3498, -6.2603, DEGREE_SCALE).to_f64(DEGREE_SCALE);
        assert!((lat - 53.3498).abs() < 1e-9 && (long + 6.2603).abs() < 1e-9);
    }
}
