//! Steps 2 and 3 of the build: buildings grouped into places (distinct postal contexts) and
//! ordered naturally within them (2 < 10 < 10A), then address points ordered by building and
//! sub-building. Every ordering ends with the ECAD id, so the same data gives the same bytes.

use std::collections::HashMap;

use rayon::prelude::*;

use crate::ecad::Dataset;
use crate::error::Result;
use crate::index::eircode_key;
use crate::index::lists::ListsWriter;
use crate::index::meta::Meta;
use crate::index::natural_key;
use crate::index::tables::{AddressPointRow, BuildingRow, ElementKind, PlaceRow, NONE};

use super::build_error;
use super::elements::ElementTable;

/// The place key of a building: its element ordinals in address order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct PlaceKey([u32; 8]);

impl PlaceKey {
    fn of(p: &PlaceRow) -> PlaceKey {
        PlaceKey(p.elements())
    }
}

/// Buildings in index order and the places they form.
pub(super) struct Places {
    /// Dataset index of each building, in index order.
    pub(super) building_order: Vec<usize>,
    pub(super) places: Vec<PlaceRow>,
    /// The place of each building (by index order).
    pub(super) place_of_building: Vec<u32>,
}

/// Step 2: buildings sorted by their place key, then naturally by number and name, then id;
/// consecutive buildings with one key form a place.
pub(super) fn places(ds: &Dataset, elements: &ElementTable<'_>) -> Places {
    let mut place_keys: Vec<(PlaceKey, usize)> = ds
        .buildings
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let key = PlaceKey([
                elements.ordinal(ElementKind::BuildingGroup, b.building_group_id),
                elements.ordinal(ElementKind::Thoroughfare, b.primary_thoroughfare_id),
                elements.ordinal(ElementKind::Thoroughfare, b.secondary_thoroughfare_id),
                elements.ordinal(ElementKind::Locality, b.primary_locality_id),
                elements.ordinal(ElementKind::Locality, b.secondary_locality_id),
                elements.ordinal(ElementKind::PostTown, Some(b.post_town_id)),
                elements.ordinal(ElementKind::County, Some(b.post_county_id)),
                elements.ordinal(ElementKind::County, Some(b.county_id)),
            ]);
            (key, i)
        })
        .collect();
    let building_keys: Vec<(u32, String, u64)> = ds
        .buildings
        .iter()
        .map(|b| {
            let (n, rest) = natural_key(b.number.as_deref().unwrap_or(""));
            (
                n,
                format!("{rest}\u{0}{}", b.name.as_deref().unwrap_or("")),
                b.id,
            )
        })
        .collect();
    place_keys.par_sort_unstable_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| building_keys[a.1].cmp(&building_keys[b.1]))
    });
    // Big intermediates are dropped at their last use: the dataset is alive throughout, so
    // these are what the peak memory of a build is made of.
    drop(building_keys);
    let building_order: Vec<usize> = place_keys.iter().map(|(_, i)| *i).collect();
    let mut places: Vec<PlaceRow> = Vec::new();
    let mut place_of_building = vec![0u32; building_order.len()];
    for (pos, (key, _)) in place_keys.iter().enumerate() {
        if places.last().map(PlaceKey::of) != Some(*key) {
            let k = key.0;
            places.push(PlaceRow {
                group: k[0],
                thoroughfare: k[1],
                thoroughfare2: k[2],
                locality: k[3],
                locality2: k[4],
                post_town: k[5],
                post_county: k[6],
                county: k[7],
                building_start: pos as u32,
                building_count: 0,
            });
        }
        let last = places.len() - 1;
        places[last].building_count += 1;
        place_of_building[pos] = last as u32;
    }
    Places {
        building_order,
        places,
        place_of_building,
    }
}

/// Building and address-point rows in index order.
pub(super) struct Points {
    pub(super) buildings: Vec<BuildingRow>,
    pub(super) aps: Vec<AddressPointRow>,
    /// The ordinal of each address point by ECAD id.
    pub(super) ap_ord_of: HashMap<u64, u32>,
}

/// Step 3: address points ordered by building, then naturally by sub-building, then id (points
/// of unknown buildings are counted in `meta` and left out); the building rows get their
/// address-point ranges. Also fixes the id bases and routing keys in `meta`.
pub(super) fn points(
    ds: &Dataset,
    building_order: &[usize],
    meta: &mut Meta,
    strings: &mut StringTable,
) -> Result<Points> {
    let building_ord: HashMap<u64, u32> = building_order
        .iter()
        .enumerate()
        .map(|(ord, &i)| (ds.buildings[i].id, ord as u32))
        .collect();
    let mut ap_order: Vec<(u32, u32, String, u64, usize)> = Vec::new();
    let mut orphan_points = 0u64;
    for (i, ap) in ds.address_points.iter().enumerate() {
        let Some(&b) = building_ord.get(&ap.building_id) else {
            orphan_points += 1;
            continue;
        };
        let (n, rest) = natural_key(ap.sub_building_name.as_deref().unwrap_or(""));
        ap_order.push((b, n, rest.to_string(), ap.id, i));
    }
    ap_order.par_sort_unstable();
    meta.skipped_address_points = orphan_points;
    drop(building_ord);

    meta.building_id_base = id_base(ds.buildings.iter().map(|b| b.id), "building")?;
    meta.address_point_id_base = id_base(ds.address_points.iter().map(|a| a.id), "address point")?;
    meta.routing_keys = super::lookups::routing_keys(ds);
    meta.uk_only_towns = super::lookups::uk_only_towns(ds);

    // Building rows (address-point ranges filled below).
    let mut buildings: Vec<BuildingRow> = building_order
        .iter()
        .map(|&i| {
            let b = &ds.buildings[i];
            BuildingRow {
                id_offset: (b.id - meta.building_id_base) as u32,
                number: b.number.as_deref().map_or(NONE, |n| strings.intern(n)),
                name: NONE,
                ap_start: 0,
                ap_count: 0,
                address_type: b.address_type,
            }
        })
        .collect();
    let mut aps: Vec<AddressPointRow> = Vec::with_capacity(ap_order.len());
    let mut ap_ord_of: HashMap<u64, u32> = HashMap::with_capacity(ap_order.len());
    for (ord, (b, _, _, _, i)) in ap_order.iter().enumerate() {
        let ap = &ds.address_points[*i];
        let row = &mut buildings[*b as usize];
        if row.ap_count == 0 {
            row.ap_start = ord as u32;
        }
        row.ap_count = row.ap_count.saturating_add(1);
        let mut flags = 0;
        if ap.nua {
            flags |= AddressPointRow::NUA;
        }
        if ap.mail_delivery {
            flags |= AddressPointRow::MAIL_DELIVERY;
        }
        ap_ord_of.entry(ap.id).or_insert(ord as u32);
        aps.push(AddressPointRow {
            id_offset: (ap.id - meta.address_point_id_base) as u32,
            building: *b,
            eircode: ap
                .eircode
                .as_deref()
                .and_then(|e| eircode_key(&meta.routing_keys, e))
                .unwrap_or(NONE),
            sub_building: ap
                .sub_building_name
                .as_deref()
                .map_or(NONE, |s| strings.intern(s)),
            sub_building_irish: ap
                .sub_building_name_irish
                .as_deref()
                .map_or(NONE, |s| strings.intern(s)),
            address_type: ap.address_type,
            flags,
        });
    }
    Ok(Points {
        buildings,
        aps,
        ap_ord_of,
    })
}

/// The smallest id of a table; every id must lie within `u32` of it so rows can store offsets.
fn id_base(ids: impl Iterator<Item = u64> + Clone, what: &'static str) -> Result<u64> {
    let min = ids.clone().min().unwrap_or(0);
    let max = ids.max().unwrap_or(0);
    if max - min >= u64::from(u32::MAX) {
        return Err(build_error(
            what,
            format!("{what} ids span {min}..{max}, more than 2^32; ECAD ids of one entity kind share their leading digits"),
        ));
    }
    Ok(min)
}

/// Deduplicated short strings (house numbers, sub-building names, departments).
#[derive(Default)]
pub(super) struct StringTable {
    ids: HashMap<String, u32>,
    lists: Option<ListsWriter>,
}

impl StringTable {
    pub(super) fn intern(&mut self, s: &str) -> u32 {
        if let Some(&id) = self.ids.get(s) {
            return id;
        }
        let lists = self.lists.get_or_insert_with(ListsWriter::new);
        let id = lists.len() as u32;
        lists.push_bytes(s.as_bytes());
        self.ids.insert(s.to_string(), id);
        id
    }

    pub(super) fn len(&self) -> usize {
        self.ids.len()
    }

    pub(super) fn finish(self) -> (Vec<u8>, Vec<u8>) {
        self.lists.unwrap_or_default().finish()
    }
}
