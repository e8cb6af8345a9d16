//! Get ECAD Data: everything the index stores about one ECAD id, of any entity level
//! (`docs/wire.md` §4 and §7).
//!
//! # Status and result
//! | the id is | `history=false` | `history=true` |
//! |---|---|---|
//! | current (any level) | 100 EcadIdValid, Current, its data | the same |
//! | CHANGED in `ECAD_HISTORY` | 100, Changed, the data of its **new** id | 200 EcadIdInvalid, Retired |
//! | RETIRED in `ECAD_HISTORY` | 100, Retired | 200, Retired |
//! | unknown | 200, Invalid, everything null (`dateInfo` too) | the same |
//!
//! The rule behind the table (§7 fixes the CHANGED rows): without history a known id is valid
//! and answered with the data now current for it – a changed id with its successor's, a retired
//! id with what history keeps (its old Eircode and the retirement date), so a client can tell a
//! retired id from a mistyped one. With history the question is about the id itself, which is no
//! longer in use: 200 and Retired, with the same historical facts. A changed id whose new id is
//! not in the index is answered like a retired one (Changed/Retired status kept).
//!
//! # What each level carries
//! - Address point: `eircodeInfo`; addresses from `Index::address_point_parts`; building,
//!   administrative (its building's, `administrativeInfo.ecadId` = the building's id, §7) and
//!   spatial info (its own, else its building's); `organisationInfo` of the organisation its
//!   postal address shows (the lowest organisation id there), because that organisation is in the
//!   lines returned beside it.
//! - Building: addresses without an Eircode, its building, administrative and spatial info;
//!   `addressPointEcadId` only when it has exactly one address point.
//! - Organisation: its address point's address and building data with this organisation (and its
//!   department) in the lines, `organisationInfo`; no `eircodeInfo` (it is not an address point,
//!   `relatedEcadIds.addressPointEcadId` names the one that has it).
//! - Building group, thoroughfare, locality: the address of that level from a place holding the
//!   element (one where it is the primary element when there is one), spatial info with the
//!   bounding box; related ids are the element itself and everything above it, over all its
//!   places (up to [`MAX_ECAD_DATA_PLACES`]).
//! - Post town, county: their own lines (`DUNBOYNE | CO. MEATH`, `CO. MEATH`).
//! - `dateInfo`: the entity's own record dates (spatial, else building, organisation or
//!   administrative info); null when the index holds none.

use crate::api::date::format_date;
use crate::api::{
    AdministrativeInfo, AdministrativeRelease, BilingualAddress, BoundingBox, BuildingInfo,
    DateInfo, EcadDataResult, EcadIdStatus, EircodeInfo, GeoLocation, GetEcadDataRequest,
    GetEcadDataResponse, GridLocation, LinkContext, OrganisationInfo, Position, RelatedEcadIds,
    SpatialInfo,
};
use crate::ecad::address::{geographic_address, postal_address, AddressParts, Language, Part};
use crate::ecad::{History, HistoryStatus};
use crate::engine::Engine;
use crate::index::store::{StoredRecord, StoredSpatial, DEGREE_SCALE, METRE_SCALE};
use crate::index::{ElementKind, EntityKind, Index, PlaceLevel, PlaceRow, NONE};
use crate::limits::MAX_ECAD_DATA_PLACES;

/// Answers GetEcadData (the table in the module docs).
pub(crate) fn get_ecad_data(
    engine: &Engine,
    req: &GetEcadDataRequest,
    links: &LinkContext,
) -> GetEcadDataResponse {
    let index = engine.index();
    let invalid = || {
        GetEcadDataResponse::new(
            EcadDataResult::EcadIdInvalid,
            EcadIdStatus::Invalid,
            req,
            links,
        )
    };
    let Some((kind, ord)) = index.entity(req.ecad_id) else {
        return invalid();
    };
    if kind != EntityKind::History {
        let mut r = GetEcadDataResponse::new(
            EcadDataResult::EcadIdValid,
            EcadIdStatus::Current,
            req,
            links,
        );
        return if fill(index, kind, ord, req.administrative_info, &mut r) {
            r
        } else {
            invalid()
        };
    }
    let Some(h) = history_row(index, ord, req.ecad_id) else {
        return invalid();
    };
    let status = match h.status {
        HistoryStatus::Changed if !req.history => EcadIdStatus::Changed,
        _ => EcadIdStatus::Retired,
    };
    let result = if req.history {
        EcadDataResult::EcadIdInvalid
    } else {
        EcadDataResult::EcadIdValid
    };
    let mut r = GetEcadDataResponse::new(result, status, req, links);
    if status == EcadIdStatus::Changed {
        let successor = h.new_ecad_id.and_then(|id| index.entity(id));
        if let Some((kind, ord)) = successor.filter(|(k, _)| *k != EntityKind::History) {
            if fill(index, kind, ord, req.administrative_info, &mut r) {
                return r;
            }
        }
    }
    historical(h, &mut r);
    r
}

/// History row `ord`, checked against the id (rows are ordered by id, so a mismatch falls back
/// to a binary search).
fn history_row(index: &Index, ord: u32, id: u64) -> Option<&History> {
    let rows = index.history();
    match rows.get(ord as usize) {
        Some(h) if h.ecad_id == id => Some(h),
        _ => rows
            .binary_search_by_key(&id, |h| h.ecad_id)
            .ok()
            .and_then(|i| rows.get(i)),
    }
}

/// What history keeps of a changed or retired id: its old Eircode and the change date.
fn historical(h: &History, r: &mut GetEcadDataResponse) {
    r.eircode_info = h.eircode.as_ref().map(|e| EircodeInfo {
        ecad_id: h.ecad_id,
        eircode: Some(e.clone()),
    });
    r.date_info = crate::api::date::parse_date(&h.change_date).map(|ms| DateInfo {
        created: None,
        modified: Some(format_date(ms)),
    });
}

/// Fills `r` with the data of entity `(kind, ord)`; `false` when the index rows are missing
/// (a damaged index), which is then answered as an unknown id.
fn fill(
    index: &Index,
    kind: EntityKind,
    ord: u32,
    release: AdministrativeRelease,
    r: &mut GetEcadDataResponse,
) -> bool {
    match kind {
        EntityKind::AddressPoint => fill_address_point(index, ord, None, release, r),
        EntityKind::Building => fill_building(index, ord, release, r),
        EntityKind::Element => fill_element(index, ord, release, r),
        EntityKind::History => None,
    }
    .is_some()
}

fn fill_address_point(
    index: &Index,
    ap: u32,
    organisation: Option<u32>,
    release: AdministrativeRelease,
    r: &mut GetEcadDataResponse,
) -> Option<()> {
    let row = index.address_point(ap)?;
    let mut parts = index.address_point_parts(ap)?;
    let ap_id = parts.address_point_id;
    let org = match organisation {
        Some(o) => index.organisations_at(ap).find(|x| x.element == o),
        None => index.organisations_at(ap).next(),
    };
    if let Some(org) = &org {
        parts.organisation = index.part(org.element);
        parts.department = index.string(org.department).map(|d| {
            let id = parts.organisation.as_ref().map_or(0, |o| o.id);
            let part = Part::new(id, d, crate::ecad::address::ElementType::Organisation);
            match index.string(org.department_irish) {
                Some(ga) => part.with_irish(ga),
                None => part,
            }
        });
    }
    let own = index
        .record(EntityKind::AddressPoint, ap)
        .unwrap_or_default();
    let building = index
        .record(EntityKind::Building, row.building)
        .unwrap_or_default();
    let building_id = parts.building_id;
    r.address_type_id = Some(u32::from(row.address_type));
    if organisation.is_none() {
        r.eircode_info = Some(EircodeInfo {
            ecad_id: ap_id,
            eircode: parts.eircode.clone(),
        });
    }
    addresses(&parts, r);
    building_data(&building, building_id, release, r);
    let spatial = own.spatial.as_ref().map(|s| (ap_id, s));
    r.spatial_info = spatial
        .or_else(|| building.spatial.as_ref().map(|s| (building_id, s)))
        .map(|(id, s)| spatial_info(id, s));
    if let Some(org) = &org {
        let id = index.element(org.element)?.id;
        let rec = index
            .record(EntityKind::Element, org.element)
            .unwrap_or_default();
        r.organisation_info = Some(OrganisationInfo {
            ecad_id: id,
            vacant: rec.organisation_info.as_ref().map(|o| o.vacant),
        });
        if organisation.is_some() {
            r.date_info = dates(&rec);
        }
    }
    if organisation.is_none() {
        r.date_info = dates(&own).or_else(|| dates(&building));
    }
    let place = index.place(index.place_of_building(row.building)?)?;
    let mut related = related_from_places(index, &[place], PlaceLevel::BuildingGroup);
    related.address_point_ecad_id = Some(ap_id);
    related.building_ecad_id = Some(building_id);
    r.related_ecad_ids = Some(related);
    Some(())
}

fn fill_building(
    index: &Index,
    b: u32,
    release: AdministrativeRelease,
    r: &mut GetEcadDataResponse,
) -> Option<()> {
    let row = index.building(b)?;
    let parts = index.building_parts(b)?;
    let rec = index.record(EntityKind::Building, b).unwrap_or_default();
    r.address_type_id = Some(u32::from(row.address_type));
    addresses(&parts, r);
    building_data(&rec, parts.building_id, release, r);
    r.spatial_info = rec
        .spatial
        .as_ref()
        .map(|s| spatial_info(parts.building_id, s));
    r.date_info = dates(&rec);
    let place = index.place(index.place_of_building(b)?)?;
    let mut related = related_from_places(index, &[place], PlaceLevel::BuildingGroup);
    related.building_ecad_id = Some(parts.building_id);
    if row.ap_count == 1 {
        related.address_point_ecad_id = index.address_point_id(row.ap_start);
    }
    r.related_ecad_ids = Some(related);
    Some(())
}

fn fill_element(
    index: &Index,
    ord: u32,
    release: AdministrativeRelease,
    r: &mut GetEcadDataResponse,
) -> Option<()> {
    let row = index.element(ord)?;
    let level = match row.kind {
        ElementKind::Organisation => {
            return fill_address_point(index, row.link, Some(ord), release, r)
                .map(|()| r.address_type_id = Some(u32::from(row.address_type)));
        }
        ElementKind::BuildingName => return fill_building(index, row.link, release, r),
        ElementKind::County => PlaceLevel::County,
        ElementKind::PostTown => PlaceLevel::PostTown,
        ElementKind::Locality => PlaceLevel::Locality,
        ElementKind::Thoroughfare => PlaceLevel::Thoroughfare,
        ElementKind::BuildingGroup => PlaceLevel::BuildingGroup,
    };
    // Counties are not expanded through their places: a border place would list its other
    // county as a postal county of this one.
    let places: Vec<(u32, PlaceRow)> = if level == PlaceLevel::County {
        Vec::new()
    } else {
        index
            .element_places(ord)
            .take(MAX_ECAD_DATA_PLACES)
            .filter_map(|p| Some((p, index.place(p)?)))
            .collect()
    };
    let parts = match level {
        PlaceLevel::County => {
            let county = index.part(ord)?;
            AddressParts {
                post_county: Some(county.clone()),
                geographic_county: Some(county),
                ..AddressParts::default()
            }
        }
        PlaceLevel::PostTown => {
            let county = index.part(row.link);
            AddressParts {
                post_town: Some(index.part(ord)?),
                post_county: county.clone(),
                geographic_county: county,
                ..AddressParts::default()
            }
        }
        _ => {
            let place = places
                .iter()
                .find(|(_, p)| primary_of(p, level) == ord)
                .or_else(|| places.first());
            match place {
                Some((place, _)) => index.place_parts(*place, level)?,
                // An element no building uses yet: its own name is all there is.
                None => lone_parts(level, index.part(ord)?),
            }
        }
    };
    let rec = index.record(EntityKind::Element, ord).unwrap_or_default();
    r.address_type_id = Some(u32::from(row.address_type));
    addresses(&parts, r);
    r.spatial_info = rec.spatial.as_ref().map(|s| spatial_info(row.id, s));
    r.date_info = dates(&rec);
    let rows: Vec<PlaceRow> = places.iter().map(|(_, p)| *p).collect();
    let mut related = related_from_places(index, &rows, level);
    // The element heads its own list even where no place names it in that slot.
    let own = match level {
        PlaceLevel::BuildingGroup => {
            related.building_group_ecad_id = Some(row.id);
            None
        }
        PlaceLevel::Thoroughfare => Some(&mut related.thoroughfare_ecad_ids),
        PlaceLevel::Locality => Some(&mut related.locality_ecad_ids),
        PlaceLevel::PostTown => Some(&mut related.post_town_ecad_ids),
        PlaceLevel::County => None,
    };
    if let Some(list) = own {
        list.retain(|&id| id != row.id);
        list.insert(0, row.id);
    }
    if level == PlaceLevel::PostTown {
        if let Some(c) = index.element(row.link) {
            push_unique(&mut related.post_county_ecad_ids, c.id);
        }
    }
    if level == PlaceLevel::County {
        related.post_county_ecad_ids = vec![row.id];
        related.geographic_county_ecad_ids = vec![row.id];
    }
    r.related_ecad_ids = Some(related);
    Some(())
}

/// The parts of an element that is in no place: its name in its own slot.
fn lone_parts(level: PlaceLevel, part: Part) -> AddressParts {
    let mut parts = AddressParts::default();
    let slot = match level {
        PlaceLevel::BuildingGroup => &mut parts.building_group,
        PlaceLevel::Thoroughfare => &mut parts.primary_thoroughfare,
        PlaceLevel::Locality => &mut parts.primary_locality,
        PlaceLevel::PostTown => &mut parts.post_town,
        PlaceLevel::County => &mut parts.post_county,
    };
    *slot = Some(part);
    parts
}

/// The element a place holds in the primary slot of `level`.
fn primary_of(p: &PlaceRow, level: PlaceLevel) -> u32 {
    match level {
        PlaceLevel::BuildingGroup => p.group,
        PlaceLevel::Thoroughfare => p.thoroughfare,
        PlaceLevel::Locality => p.locality,
        PlaceLevel::PostTown => p.post_town,
        PlaceLevel::County => p.post_county,
    }
}

/// Related ids at and above `level` over `places`, each list in first-seen order, deduplicated.
fn related_from_places(index: &Index, places: &[PlaceRow], level: PlaceLevel) -> RelatedEcadIds {
    let id = |ord: u32| {
        (ord != NONE)
            .then(|| index.element(ord).map(|e| e.id))
            .flatten()
    };
    let mut r = RelatedEcadIds::default();
    for p in places {
        if level <= PlaceLevel::BuildingGroup && r.building_group_ecad_id.is_none() {
            r.building_group_ecad_id = id(p.group);
        }
        let lists: [(PlaceLevel, &mut Vec<u64>, [u32; 2]); 5] = [
            (
                PlaceLevel::Thoroughfare,
                &mut r.thoroughfare_ecad_ids,
                [p.thoroughfare, p.thoroughfare2],
            ),
            (
                PlaceLevel::Locality,
                &mut r.locality_ecad_ids,
                [p.locality, p.locality2],
            ),
            (
                PlaceLevel::PostTown,
                &mut r.post_town_ecad_ids,
                [p.post_town, NONE],
            ),
            (
                PlaceLevel::County,
                &mut r.post_county_ecad_ids,
                [p.post_county, NONE],
            ),
            (
                PlaceLevel::County,
                &mut r.geographic_county_ecad_ids,
                [p.county, NONE],
            ),
        ];
        for (at, list, ords) in lists {
            if level <= at {
                for v in ords.into_iter().filter_map(id) {
                    push_unique(list, v);
                }
            }
        }
    }
    r
}

fn push_unique(list: &mut Vec<u64>, v: u64) {
    if !list.contains(&v) {
        list.push(v);
    }
}

/// Postal and geographic lines in both languages.
fn addresses(parts: &AddressParts, r: &mut GetEcadDataResponse) {
    let both = |f: fn(&AddressParts, Language) -> crate::ecad::address::Address| BilingualAddress {
        english: f(parts, Language::English).lines,
        irish: f(parts, Language::Irish).lines,
    };
    r.postal_address = Some(both(postal_address));
    r.geographic_address = Some(both(geographic_address));
}

/// `buildingInfo` and `administrativeInfo` (of `release`) from a building's record.
fn building_data(
    rec: &StoredRecord,
    building_id: u64,
    release: AdministrativeRelease,
    r: &mut GetEcadDataResponse,
) {
    r.building_info = rec.building_info.as_ref().map(|b| BuildingInfo {
        ecad_id: building_id,
        building_type_id: Some(u32::from(b.building_type)),
        holiday_home: Some(b.holiday_home),
        under_construction: Some(b.under_construction),
        building_use: Some(b.building_use.clone()),
        vacant: Some(b.vacant),
    });
    r.administrative_info = rec.administrative.as_ref().map(|a| {
        let rel = match release {
            AdministrativeRelease::Release2015 => &a.release_2015,
            AdministrativeRelease::Release2017 => &a.release_2017,
        };
        AdministrativeInfo {
            ecad_id: building_id,
            release: release.as_str().to_string(),
            la_id: Some(rel.la_id),
            ded_id: Some(rel.ded_id),
            small_area_id: Some(rel.small_area_id),
            townland_id: Some(rel.townland_id),
            county_id: Some(rel.county_id),
            gaeltacht: Some(rel.gaeltacht),
        }
    });
}

/// `spatialInfo` of a stored position; a bounding box only for areas.
fn spatial_info(ecad_id: u64, s: &StoredSpatial) -> SpatialInfo {
    let grid = |p: crate::index::store::FixedPair| {
        let (easting, northing) = p.to_f64(METRE_SCALE);
        GridLocation { easting, northing }
    };
    let geo = |p: crate::index::store::FixedPair| {
        let (latitude, longitude) = p.to_f64(DEGREE_SCALE);
        GeoLocation {
            longitude,
            latitude,
        }
    };
    let boxes = s.boxes.as_ref();
    SpatialInfo {
        ecad_id,
        ing: Some(Position {
            location: grid(s.ing),
            bounding_box: boxes.map(|b| BoundingBox {
                min: grid(b.ing_min),
                max: grid(b.ing_max),
            }),
        }),
        itm: Some(Position {
            location: grid(s.itm),
            bounding_box: boxes.map(|b| BoundingBox {
                min: grid(b.itm_min),
                max: grid(b.itm_max),
            }),
        }),
        etrs89: Some(Position {
            location: geo(s.etrs89),
            bounding_box: boxes.map(|b| BoundingBox {
                min: geo(b.etrs89_min),
                max: geo(b.etrs89_max),
            }),
        }),
        spatial_accuracy: Some(s.accuracy.to_string()),
    }
}

/// Created/modified of a record: its spatial row's, else its building, organisation or
/// administrative row's; `None` when it has none (a zero date means "not given" in the store).
fn dates(rec: &StoredRecord) -> Option<DateInfo> {
    let (created, modified) = rec
        .spatial
        .as_ref()
        .map(|s| (s.created, s.modified))
        .or_else(|| rec.building_info.as_ref().map(|b| (b.created, b.modified)))
        .or_else(|| {
            rec.organisation_info
                .as_ref()
                .map(|o| (o.created, o.modified))
        })
        .or_else(|| rec.administrative.as_ref().map(|a| (a.created, a.modified)))?;
    let f = |ms: i64| (ms != 0).then(|| format_date(ms));
    Some(DateInfo {
        created: f(created),
        modified: f(modified),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::store::{FixedPair, StoredBoxes, StoredBuildingInfo};

    fn spatial(boxes: Option<StoredBoxes>) -> StoredSpatial {
        StoredSpatial {
            ing: FixedPair(331_497_000, 370_699_500),
            itm: FixedPair(731_455_100, 870_733_200),
            etrs89: FixedPair(533_498_000, -62_603_000),
            boxes,
            accuracy: 4,
            created: 1_436_779_800_005,
            modified: 0,
        }
    }

    #[test]
    fn a_point_has_no_box_and_an_area_has_one_in_every_system() {
        let p = spatial_info(7, &spatial(None));
        assert_eq!(p.ecad_id, 7);
        assert_eq!(p.spatial_accuracy.as_deref(), Some("4"));
        let etrs = p.etrs89.unwrap();
        assert_eq!(
            (etrs.location.latitude, etrs.location.longitude),
            (53.3498, -6.2603)
        );
        assert!(etrs.bounding_box.is_none() && p.itm.unwrap().bounding_box.is_none());
        let b = StoredBoxes {
            ing_min: FixedPair(1, 2),
            ing_max: FixedPair(3, 4),
            itm_min: FixedPair(5, 6),
            itm_max: FixedPair(7, 8),
            etrs89_min: FixedPair(530_000_000, -70_000_000),
            etrs89_max: FixedPair(540_000_000, -60_000_000),
        };
        let a = spatial_info(7, &spatial(Some(b)));
        let bb = a.etrs89.unwrap().bounding_box.unwrap();
        assert_eq!((bb.min.latitude, bb.max.longitude), (53.0, -6.0));
        assert_eq!(a.itm.unwrap().bounding_box.unwrap().max.northing, 0.008);
        assert!(a.ing.unwrap().bounding_box.is_some());
    }

    #[test]
    fn dates_come_from_the_first_record_that_has_them() {
        let rec = StoredRecord {
            spatial: Some(spatial(None)),
            ..StoredRecord::default()
        };
        let d = dates(&rec).unwrap();
        assert_eq!(d.created.as_deref(), Some("2015-07-13T09:30:00.005Z"));
        assert_eq!(d.modified, None, "a zero date is not given");
        let rec = StoredRecord {
            building_info: Some(StoredBuildingInfo {
                building_type: 1,
                holiday_home: false,
                under_construction: false,
                building_use: "R".into(),
                vacant: false,
                created: 0,
                modified: 86_400_000,
            }),
            ..StoredRecord::default()
        };
        assert_eq!(
            dates(&rec).unwrap().modified.as_deref(),
            Some("1970-01-02T00:00:00.000Z")
        );
        assert_eq!(dates(&StoredRecord::default()), None);
    }

    #[test]
    fn lone_elements_fill_their_own_slot() {
        let part = Part::new(
            1,
            "MAIN STREET",
            crate::ecad::address::ElementType::Thoroughfare,
        );
        let p = lone_parts(PlaceLevel::Thoroughfare, part.clone());
        assert_eq!(p.primary_thoroughfare, Some(part));
        assert!(p.post_town.is_none() && p.primary_locality.is_none());
        assert_eq!(
            postal_address(&p, Language::English).lines,
            vec!["MAIN STREET"]
        );
        let mut v = vec![3];
        push_unique(&mut v, 3);
        push_unique(&mut v, 1);
        assert_eq!(v, vec![3, 1]);
    }
}
