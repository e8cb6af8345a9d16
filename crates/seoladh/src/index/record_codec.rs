//! The on-disk form of a [`StoredRecord`]: smaller than bincode of the public structs, decoded
//! back to exactly the same values.
//!
//! What makes it small:
//! - an address point whose spatial row equals its building's stores one tag byte
//!   ([`SpatialSlot::SameAsBuilding`]); the reader copies the building's;
//! - dates are a `u64` code: whole seconds (`secs << 1`) when the milliseconds are zero and the
//!   date is not before 1970, else zig-zag milliseconds (`zz << 1 | 1`); a date until 2038 then
//!   takes 5 varint bytes instead of 9. `modified` is stored as the difference from `created`,
//!   often zero (1 byte);
//! - the 2015 administrative release is `None` when equal to the 2017 one;
//! - building flags share one byte.

use serde::{Deserialize, Serialize};

use super::store::{
    self, FixedPair, StoredAdminRelease, StoredAdministrative, StoredBoxes, StoredBuildingInfo,
    StoredOrganisationInfo, StoredRecord, StoredSpatial,
};

/// Dates are clamped to ±2^60 ms (millions of years) so that the difference of two packs
/// exactly; `parse_date` never yields anything near.
const DATE_LIMIT: i64 = 1 << 60;

/// Exact for |ms| < 2^62 (the zig-zag value then has a spare top bit for the tag).
fn pack_date(ms: i64) -> u64 {
    let ms = ms.clamp(-(1 << 62) + 1, (1 << 62) - 1);
    if ms >= 0 && ms % 1000 == 0 {
        ((ms / 1000) as u64) << 1
    } else {
        let zz = ((ms << 1) ^ (ms >> 63)) as u64;
        (zz << 1) | 1
    }
}

fn unpack_date(code: u64) -> i64 {
    let v = code >> 1;
    if code & 1 == 0 {
        // v < 2^63, and seconds of any clamped date times 1000 stay in range; saturating keeps
        // damaged codes total.
        (v as i64).saturating_mul(1000)
    } else {
        ((v >> 1) as i64) ^ -((v & 1) as i64)
    }
}

/// `(created, modified)` as stored: created, and modified as the difference.
fn pack_dates(created: i64, modified: i64) -> (u64, u64) {
    let c = created.clamp(-DATE_LIMIT, DATE_LIMIT);
    let m = modified.clamp(-DATE_LIMIT, DATE_LIMIT);
    (pack_date(c), pack_date(m - c))
}

fn unpack_dates(created: u64, delta: u64) -> (i64, i64) {
    let c = unpack_date(created);
    (c, c.wrapping_add(unpack_date(delta)))
}

/// A spatial row as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct DiskSpatial {
    ing: FixedPair,
    itm: FixedPair,
    etrs89: FixedPair,
    boxes: Option<StoredBoxes>,
    accuracy: u8,
    created: u64,
    modified_delta: u64,
}

/// Where an entity's spatial row is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum SpatialSlot {
    /// No spatial row.
    None,
    /// The same row as the address point's building (address points only).
    SameAsBuilding,
    /// Its own row.
    Own(DiskSpatial),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct DiskBuildingInfo {
    building_type: u16,
    /// Bit 0 holiday home, bit 1 under construction, bit 2 vacant.
    flags: u8,
    building_use: String,
    created: u64,
    modified_delta: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct DiskOrganisationInfo {
    nace_code: Option<String>,
    nace_category: Option<String>,
    vacant: bool,
    created: u64,
    modified_delta: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct DiskAdministrative {
    release_2017: StoredAdminRelease,
    /// `None` when equal to the 2017 release.
    release_2015: Option<StoredAdminRelease>,
    created: u64,
    modified_delta: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct DiskRecord {
    spatial: SpatialSlot,
    building_info: Option<DiskBuildingInfo>,
    organisation_info: Option<DiskOrganisationInfo>,
    administrative: Option<DiskAdministrative>,
}

fn disk_spatial(s: &StoredSpatial) -> DiskSpatial {
    let (created, modified_delta) = pack_dates(s.created, s.modified);
    DiskSpatial {
        ing: s.ing,
        itm: s.itm,
        etrs89: s.etrs89,
        boxes: s.boxes,
        accuracy: s.accuracy,
        created,
        modified_delta,
    }
}

fn stored_spatial(s: DiskSpatial) -> StoredSpatial {
    let (created, modified) = unpack_dates(s.created, s.modified_delta);
    StoredSpatial {
        ing: s.ing,
        itm: s.itm,
        etrs89: s.etrs89,
        boxes: s.boxes,
        accuracy: s.accuracy,
        created,
        modified,
    }
}

/// Encodes `r`; `building_spatial` is the spatial row of an address point's building (`None`
/// for every other entity). An empty record is an empty blob.
pub(crate) fn encode_record(r: &StoredRecord, building_spatial: Option<&StoredSpatial>) -> Vec<u8> {
    if *r == StoredRecord::default() {
        return Vec::new();
    }
    let spatial = match (&r.spatial, building_spatial) {
        (None, _) => SpatialSlot::None,
        (Some(s), Some(b)) if s == b => SpatialSlot::SameAsBuilding,
        (Some(s), _) => SpatialSlot::Own(disk_spatial(s)),
    };
    let building_info = r.building_info.as_ref().map(|b| {
        let (created, modified_delta) = pack_dates(b.created, b.modified);
        DiskBuildingInfo {
            building_type: b.building_type,
            flags: u8::from(b.holiday_home)
                | u8::from(b.under_construction) << 1
                | u8::from(b.vacant) << 2,
            building_use: b.building_use.clone(),
            created,
            modified_delta,
        }
    });
    let organisation_info = r.organisation_info.as_ref().map(|o| {
        let (created, modified_delta) = pack_dates(o.created, o.modified);
        DiskOrganisationInfo {
            nace_code: o.nace_code.clone(),
            nace_category: o.nace_category.clone(),
            vacant: o.vacant,
            created,
            modified_delta,
        }
    });
    let administrative = r.administrative.as_ref().map(|a| {
        let (created, modified_delta) = pack_dates(a.created, a.modified);
        DiskAdministrative {
            release_2017: a.release_2017,
            release_2015: (a.release_2015 != a.release_2017).then_some(a.release_2015),
            created,
            modified_delta,
        }
    });
    store::encode(&DiskRecord {
        spatial,
        building_info,
        organisation_info,
        administrative,
    })
}

/// Whether `bytes` decode (for `verify`); the empty blob is the empty record.
pub(crate) fn is_decodable(bytes: &[u8]) -> bool {
    bytes.is_empty() || store::decode::<DiskRecord>(bytes).is_some()
}

/// Decodes a record. `building_spatial` is asked only for a
/// [`SpatialSlot::SameAsBuilding`] row; it returns `None` when there is no such building (damage),
/// which makes the whole record `None`.
pub(crate) fn decode_record(
    bytes: &[u8],
    building_spatial: impl FnOnce() -> Option<Option<StoredSpatial>>,
) -> Option<StoredRecord> {
    if bytes.is_empty() {
        return Some(StoredRecord::default());
    }
    let d: DiskRecord = store::decode(bytes)?;
    let spatial = match d.spatial {
        SpatialSlot::None => None,
        SpatialSlot::SameAsBuilding => building_spatial()?,
        SpatialSlot::Own(s) => Some(stored_spatial(s)),
    };
    Some(StoredRecord {
        spatial,
        building_info: d.building_info.map(|b| {
            let (created, modified) = unpack_dates(b.created, b.modified_delta);
            StoredBuildingInfo {
                building_type: b.building_type,
                holiday_home: b.flags & 1 != 0,
                under_construction: b.flags & 2 != 0,
                building_use: b.building_use,
                vacant: b.flags & 4 != 0,
                created,
                modified,
            }
        }),
        organisation_info: d.organisation_info.map(|o| {
            let (created, modified) = unpack_dates(o.created, o.modified_delta);
            StoredOrganisationInfo {
                nace_code: o.nace_code,
                nace_category: o.nace_category,
                vacant: o.vacant,
                created,
                modified,
            }
        }),
        administrative: d.administrative.map(|a| {
            let (created, modified) = unpack_dates(a.created, a.modified_delta);
            StoredAdministrative {
                release_2017: a.release_2017,
                release_2015: a.release_2015.unwrap_or(a.release_2017),
                created,
                modified,
            }
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn spatial(created: i64, modified: i64) -> StoredSpatial {
        StoredSpatial {
            ing: FixedPair(315_269_640, 252_429_310),
            itm: FixedPair(715_195_810, 752_451_720),
            etrs89: FixedPair(535_094_174, -62_632_778),
            boxes: None,
            accuracy: 2,
            created,
            modified,
        }
    }

    fn building_record() -> StoredRecord {
        let rel = StoredAdminRelease {
            la_id: 29,
            ded_id: 17384,
            small_area_id: 617_384_000,
            townland_id: 16970,
            county_id: 1_001_000_006,
            gaeltacht: false,
        };
        StoredRecord {
            spatial: Some(spatial(1_404_604_800_000, 1_404_604_800_000)),
            building_info: Some(StoredBuildingInfo {
                building_type: 3,
                holiday_home: true,
                under_construction: false,
                building_use: "C".into(),
                vacant: true,
                created: 1_443_804_801_000,
                modified: 1_605_996_807_000,
            }),
            organisation_info: None,
            administrative: Some(StoredAdministrative {
                release_2017: rel,
                release_2015: StoredAdminRelease { la_id: 30, ..rel },
                created: 1_443_804_801_000,
                modified: 1_605_996_807_000,
            }),
        }
    }

    #[test]
    fn records_round_trip_and_shrink() {
        let b = building_record();
        let bytes = encode_record(&b, None);
        assert_eq!(decode_record(&bytes, || None), Some(b.clone()));
        assert!(
            bytes.len() < store::encode(&b).len() - 20,
            "{}",
            bytes.len()
        );
        // Equal releases store one.
        let mut same = b.clone();
        if let Some(a) = same.administrative.as_mut() {
            a.release_2015 = a.release_2017;
        }
        let shorter = encode_record(&same, None);
        assert!(shorter.len() < bytes.len());
        assert_eq!(decode_record(&shorter, || None), Some(same));
    }

    #[test]
    fn address_point_spatial_shares_the_buildings() {
        let s = spatial(1_404_604_800_000, 1_404_604_800_123);
        let ap = StoredRecord {
            spatial: Some(s.clone()),
            ..Default::default()
        };
        let shared = encode_record(&ap, Some(&s));
        assert_eq!(shared.len(), 4);
        assert_eq!(
            decode_record(&shared, || Some(Some(s.clone()))),
            Some(ap.clone())
        );
        // A missing building makes the record undecodable rather than wrong.
        assert_eq!(decode_record(&shared, || None), None);
        // A different building row is not shared.
        let other = spatial(0, 0);
        let own = encode_record(&ap, Some(&other));
        assert!(own.len() > 4);
        assert_eq!(decode_record(&own, || None), Some(ap));
        assert_eq!(
            encode_record(&StoredRecord::default(), None),
            Vec::<u8>::new()
        );
        assert_eq!(decode_record(&[], || None), Some(StoredRecord::default()));
    }

    #[test]
    fn damaged_bytes_are_none() {
        let bytes = encode_record(&building_record(), None);
        assert_eq!(decode_record(&bytes[..bytes.len() - 1], || None), None);
        assert!(!is_decodable(&bytes[..bytes.len() - 1]));
        assert!(is_decodable(&bytes));
    }

    proptest! {
        #[test]
        fn dates_round_trip(c in -DATE_LIMIT..=DATE_LIMIT, m in -DATE_LIMIT..=DATE_LIMIT) {
            let (pc, pm) = pack_dates(c, m);
            prop_assert_eq!(unpack_dates(pc, pm), (c, m));
        }

        #[test]
        fn whole_seconds_are_short(secs in 0i64..(1 << 31)) {
            prop_assert_eq!(unpack_date(pack_date(secs * 1000)), secs * 1000);
            prop_assert!(pack_date(secs * 1000) < 1 << 32);
        }

        #[test]
        fn any_code_decodes_without_panic(a in any::<u64>(), b in any::<u64>()) {
            let _ = unpack_dates(a, b);
        }
    }
}
