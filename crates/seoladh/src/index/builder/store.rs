//! Writes the record store: one encoded record per entity (elements, then buildings, then
//! address points), in ordinal order.
//!
//! Records are encoded in parallel a chunk at a time and appended straight to the section, so
//! the build never holds one allocation per entity (millions of small `Vec`s).

use std::collections::HashMap;

use rayon::prelude::*;

use super::build_error;
use crate::ecad::Dataset;
use crate::error::Result;
use crate::index::lists::ListsWriter;
use crate::index::meta::Meta;
use crate::index::record_codec::encode_record;
use crate::index::store::*;
use crate::index::tables::{AddressPointRow, BuildingRow};

/// Entities encoded per parallel batch: large enough to keep both cores busy, small enough that
/// the batch's blobs are a few MB.
const CHUNK: usize = 1 << 15;

/// What a store slot refers to.
#[derive(Clone, Copy)]
enum Slot {
    /// A building-name element: no record of its own (the building has it).
    Empty,
    /// An entity with this ECAD id.
    Entity(u64),
    /// An address point with this ECAD id, in the building with that ECAD id.
    AddressPoint(u64, u64),
}

/// Encodes the record of every entity. `elements` are `(ECAD id, is a building name)` in
/// element ordinal order.
pub(crate) fn write_store(
    ds: &Dataset,
    elements: &[(u64, bool)],
    buildings: &[BuildingRow],
    aps: &[AddressPointRow],
    meta: &Meta,
) -> Result<ListsWriter> {
    let spatial: HashMap<u64, &crate::ecad::SpatialInfo> =
        ds.spatial.iter().map(|s| (s.ecad_id, s)).collect();
    let building_info: HashMap<u64, &crate::ecad::BuildingInfo> =
        ds.building_info.iter().map(|s| (s.ecad_id, s)).collect();
    let org_info: HashMap<u64, &crate::ecad::OrganisationInfo> = ds
        .organisation_info
        .iter()
        .map(|s| (s.ecad_id, s))
        .collect();
    let admin: HashMap<u64, &crate::ecad::AdministrativeInfo> = ds
        .administrative_info
        .iter()
        .map(|s| (s.ecad_id, s))
        .collect();
    let building_id = |ord: u32| meta.building_id_base + u64::from(ord);
    let slot = |i: usize| -> Slot {
        if let Some(&(id, is_name)) = elements.get(i) {
            return if is_name {
                Slot::Empty
            } else {
                Slot::Entity(id)
            };
        }
        let i = i - elements.len();
        if let Some(b) = buildings.get(i) {
            return Slot::Entity(building_id(b.id_offset));
        }
        let i = i - buildings.len();
        match aps.get(i) {
            Some(a) => Slot::AddressPoint(
                meta.address_point_id_base + u64::from(a.id_offset),
                buildings
                    .get(a.building as usize)
                    .map_or(0, |b| building_id(b.id_offset)),
            ),
            None => Slot::Empty,
        }
    };
    let encode = |s: Slot| -> Vec<u8> {
        let (id, building) = match s {
            Slot::Empty => return Vec::new(),
            Slot::Entity(id) => (id, None),
            Slot::AddressPoint(id, b) => (id, Some(b)),
        };
        let record = StoredRecord {
            spatial: spatial.get(&id).map(|s| stored_spatial(s)),
            building_info: building_info.get(&id).map(|b| StoredBuildingInfo {
                building_type: b.building_type,
                holiday_home: b.holiday_home,
                under_construction: b.under_construction,
                building_use: b.building_use.clone(),
                vacant: b.vacant,
                created: date(&b.created),
                modified: date(&b.modified),
            }),
            organisation_info: org_info.get(&id).map(|o| StoredOrganisationInfo {
                nace_code: o.nace_code.clone(),
                nace_category: o.nace_category.clone(),
                vacant: o.vacant,
                created: date(&o.created),
                modified: date(&o.modified),
            }),
            administrative: admin.get(&id).map(|a| stored_admin(a)),
        };
        let building_spatial = building
            .and_then(|b| spatial.get(&b))
            .map(|s| stored_spatial(s));
        encode_record(&record, building_spatial.as_ref())
    };
    let total = elements.len() + buildings.len() + aps.len();
    let mut store_w = ListsWriter::new();
    let mut start = 0;
    while start < total {
        let end = (start + CHUNK).min(total);
        let blobs: Vec<Vec<u8>> = (start..end)
            .into_par_iter()
            .map(|i| encode(slot(i)))
            .collect();
        for b in &blobs {
            store_w.push_bytes(b);
        }
        if store_w.data_len() > u32::MAX as usize {
            return Err(build_error("store", "record store over 4 GiB"));
        }
        start = end;
    }
    Ok(store_w)
}

fn date(s: &str) -> i64 {
    parse_date(s).unwrap_or(0)
}

fn stored_spatial(s: &crate::ecad::SpatialInfo) -> StoredSpatial {
    let pair = |a: Option<f64>, b: Option<f64>, scale| Some(FixedPair::from_f64(a?, b?, scale));
    let boxes = (|| {
        Some(StoredBoxes {
            ing_min: pair(s.min_ing_easting, s.min_ing_northing, METRE_SCALE)?,
            ing_max: pair(s.max_ing_easting, s.max_ing_northing, METRE_SCALE)?,
            itm_min: pair(s.min_itm_easting, s.min_itm_northing, METRE_SCALE)?,
            itm_max: pair(s.max_itm_easting, s.max_itm_northing, METRE_SCALE)?,
            etrs89_min: pair(s.min_etrs89_lat, s.min_etrs89_long, DEGREE_SCALE)?,
            etrs89_max: pair(s.max_etrs89_lat, s.max_etrs89_long, DEGREE_SCALE)?,
        })
    })();
    StoredSpatial {
        ing: FixedPair::from_f64(s.ing_easting, s.ing_northing, METRE_SCALE),
        itm: FixedPair::from_f64(s.itm_easting, s.itm_northing, METRE_SCALE),
        etrs89: FixedPair::from_f64(s.etrs89_lat, s.etrs89_long, DEGREE_SCALE),
        boxes,
        accuracy: s.spatial_accuracy,
        created: date(&s.created),
        modified: date(&s.modified),
    }
}

fn stored_admin(a: &crate::ecad::AdministrativeInfo) -> StoredAdministrative {
    StoredAdministrative {
        release_2017: StoredAdminRelease {
            la_id: a.la_id,
            ded_id: a.ded_id,
            small_area_id: a.small_area_id,
            townland_id: a.townland_id,
            county_id: a.county_id,
            gaeltacht: a.gaeltacht,
        },
        release_2015: StoredAdminRelease {
            la_id: a.la_2015_id,
            ded_id: a.ded_2015_id,
            small_area_id: a.small_area_2015_id,
            townland_id: a.townland_2015_id,
            county_id: a.county_2015_id,
            gaeltacht: a.gaeltacht_2015,
        },
        created: date(&a.created),
        modified: date(&a.modified),
    }
}
