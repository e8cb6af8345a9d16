//! The GetEcadData response, shaped like the service sample (docs/wire.md §4):
//! `addressTypeId` and `buildingTypeId` are plain integers, `buildingUse`, `spatialAccuracy`
//! and `release` are strings, and the addresses are `{english, irish}` objects.

use super::enums::{EcadDataResult, EcadIdStatus};
use super::links::LinkContext;
use super::request::GetEcadDataRequest;
use super::response::Link;
use serde::{Deserialize, Serialize};

/// `eircodeInfo`: the Eircode of an address point (null for other ids).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EircodeInfo {
    /// The address point's id.
    pub ecad_id: u64,
    /// The Eircode, 7 characters without a space.
    pub eircode: Option<String>,
}

/// `postalAddress` / `geographicAddress`: upper-case lines in both languages.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BilingualAddress {
    /// English lines.
    pub english: Vec<String>,
    /// Irish lines (English where no translation exists).
    pub irish: Vec<String>,
}

/// `administrativeInfo` (for an address point: of its building).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdministrativeInfo {
    /// The building's id.
    pub ecad_id: u64,
    /// `2015` or `2017`.
    pub release: String,
    /// Local authority.
    pub la_id: Option<u64>,
    /// Electoral division.
    pub ded_id: Option<u64>,
    /// Small area.
    pub small_area_id: Option<u64>,
    /// Townland.
    pub townland_id: Option<u64>,
    /// County.
    pub county_id: Option<u64>,
    /// In a Gaeltacht area.
    pub gaeltacht: Option<bool>,
}

/// `buildingInfo`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BuildingInfo {
    /// The building's id.
    pub ecad_id: u64,
    /// Building type code (1 Detached, 2 Semi-detached, …); an integer, not an enum object.
    pub building_type_id: Option<u32>,
    /// Holiday home flag.
    pub holiday_home: Option<bool>,
    /// Under construction flag.
    pub under_construction: Option<bool>,
    /// `R`, `C`, `B` or `U`.
    pub building_use: Option<String>,
    /// Vacant flag.
    pub vacant: Option<bool>,
}

/// `organisationInfo`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrganisationInfo {
    /// The organisation's id.
    pub ecad_id: u64,
    /// The organisation's address is vacant.
    pub vacant: Option<bool>,
}

/// A grid position (ING or ITM), metres.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct GridLocation {
    /// Easting.
    pub easting: f64,
    /// Northing.
    pub northing: f64,
}

/// An ETRS89 position, decimal degrees.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct GeoLocation {
    /// Longitude.
    pub longitude: f64,
    /// Latitude.
    pub latitude: f64,
}

/// A bounding box: the south-west (`min`) and north-east (`max`) corners.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BoundingBox<L> {
    /// Lower corner.
    pub min: L,
    /// Upper corner.
    pub max: L,
}

/// A position in one reference system; points have no bounding box (it is left out).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Position<L> {
    /// The point.
    pub location: L,
    /// Extent of an area (a thoroughfare, a locality).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bounding_box: Option<BoundingBox<L>>,
}

/// `spatialInfo`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SpatialInfo {
    /// The id the position belongs to.
    pub ecad_id: u64,
    /// Irish national grid.
    pub ing: Option<Position<GridLocation>>,
    /// Irish transverse mercator.
    pub itm: Option<Position<GridLocation>>,
    /// ETRS89 lat/long.
    pub etrs89: Option<Position<GeoLocation>>,
    /// Accuracy indicator as a string (`"4"` = unverified, do not use).
    pub spatial_accuracy: Option<String>,
}

/// `relatedEcadIds`: the ids above (and below) this one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RelatedEcadIds {
    /// Address point.
    pub address_point_ecad_id: Option<u64>,
    /// Building.
    pub building_ecad_id: Option<u64>,
    /// Building group.
    pub building_group_ecad_id: Option<u64>,
    /// Thoroughfares (primary first).
    pub thoroughfare_ecad_ids: Vec<u64>,
    /// Localities (primary first).
    pub locality_ecad_ids: Vec<u64>,
    /// Post towns.
    pub post_town_ecad_ids: Vec<u64>,
    /// Postal counties.
    pub post_county_ecad_ids: Vec<u64>,
    /// Geographic counties.
    pub geographic_county_ecad_ids: Vec<u64>,
}

/// `dateInfo`: UTC ISO 8601 with fractional seconds and `Z` (see [`super::date`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DateInfo {
    /// When the record was created.
    pub created: Option<String>,
    /// When it was last modified.
    pub modified: Option<String>,
}

/// GetEcadData `input`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GetEcadDataInput {
    /// Licence key.
    pub key: String,
    /// The effective transaction id.
    pub txn: String,
    /// Requested id.
    pub ecad_id: u64,
    /// History requested.
    pub history: bool,
}

impl GetEcadDataInput {
    /// The echo of `req`, with the txn the links carry.
    pub fn from_request(req: &GetEcadDataRequest, ctx: &LinkContext) -> Self {
        GetEcadDataInput {
            key: req.key.clone(),
            txn: ctx.txn.clone(),
            ecad_id: req.ecad_id,
            history: req.history,
        }
    }
}

/// The GetEcadData answer. An unknown id is result 200 EcadIdInvalid with the rest null.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GetEcadDataResponse {
    /// Valid or invalid id.
    pub result: EcadDataResult,
    /// The id looked up.
    pub ecad_id: u64,
    /// Current, Changed, Retired or Invalid.
    pub ecad_id_status: EcadIdStatus,
    /// The ECAD address type code, as an integer.
    pub address_type_id: Option<u32>,
    /// Null for ids that are not address points.
    pub eircode_info: Option<EircodeInfo>,
    /// Postal lines in English and Irish.
    pub postal_address: Option<BilingualAddress>,
    /// Geographic lines in English and Irish.
    pub geographic_address: Option<BilingualAddress>,
    /// Administrative areas.
    pub administrative_info: Option<AdministrativeInfo>,
    /// Building data.
    pub building_info: Option<BuildingInfo>,
    /// Organisation data.
    pub organisation_info: Option<OrganisationInfo>,
    /// Coordinates.
    pub spatial_info: Option<SpatialInfo>,
    /// Related ids.
    pub related_ecad_ids: Option<RelatedEcadIds>,
    /// Created/modified dates.
    pub date_info: Option<DateInfo>,
    /// The request echoed.
    pub input: GetEcadDataInput,
    /// Holds the `self` link.
    pub links: Vec<Link>,
}

impl GetEcadDataResponse {
    /// A response with `result`/`status`, the echo and the `self` link, everything else null;
    /// as is, it is the answer for an unknown id (`EcadIdInvalid`, `Invalid`).
    pub fn new(
        result: EcadDataResult,
        status: EcadIdStatus,
        req: &GetEcadDataRequest,
        ctx: &LinkContext,
    ) -> Self {
        GetEcadDataResponse {
            result,
            ecad_id: req.ecad_id,
            ecad_id_status: status,
            address_type_id: None,
            eircode_info: None,
            postal_address: None,
            geographic_address: None,
            administrative_info: None,
            building_info: None,
            organisation_info: None,
            spatial_info: None,
            related_ecad_ids: None,
            date_info: None,
            input: GetEcadDataInput::from_request(req, ctx),
            links: vec![ctx.get_ecad_data_self(req)],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_position_has_no_bounding_box_field() {
        let p = Position {
            location: GeoLocation {
                longitude: -6.4,
                latitude: 53.4,
            },
            bounding_box: None,
        };
        assert_eq!(
            serde_json::to_string(&p).unwrap(),
            r#"{"location":{"longitude":-6.4,"latitude":53.4}}"#
        );
    }
}
