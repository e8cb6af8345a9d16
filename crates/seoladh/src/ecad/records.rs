//! Typed rows of every ECAD table (`docs/ecad-layout.md` §3).
//!
//! Field names follow the CSV headers exactly through `serde(rename)`, so the `csv` crate reads and
//! writes the layout with no hand-written parsing. Empty cells are `None`. Ids are `u64` (10-digit
//! ECAD ids), address type codes `u16`.

use serde::{Deserialize, Serialize};

/// `Y`/`N` cells as `bool`.
pub(crate) mod yes_no {
    use serde::{de::Error as _, Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(v: &bool, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if *v { "Y" } else { "N" })
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
        let s = String::deserialize(d)?;
        match s.trim() {
            "Y" | "y" => Ok(true),
            "N" | "n" => Ok(false),
            other => Err(D::Error::custom(format!(
                "expected Y or N, found {other:?}"
            ))),
        }
    }
}

/// How trustworthy the Irish name of an element is (`IRISH_VERIFICATION_ID`).
pub mod irish_verification {
    /// No Irish name: the English one is used.
    pub const NONE: u8 = 0;
    /// Translated for Eircode.
    pub const EIRCODE_TRANSLATION: u8 = 1;
    /// Unofficial translation.
    pub const UNOFFICIAL: u8 = 2;
    /// Official translation.
    pub const OFFICIAL: u8 = 3;
    /// Legally official (placenames order).
    pub const LEGAL_OFFICIAL: u8 = 4;
}

/// `COUNTY.csv`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct County {
    /// `COUNTY_ID`.
    #[serde(rename = "COUNTY_ID")]
    pub id: u64,
    /// `NAME`.
    #[serde(rename = "NAME")]
    pub name: String,
    /// `NAME_IRISH`.
    #[serde(rename = "NAME_IRISH")]
    pub name_irish: Option<String>,
    /// `IRISH_VERIFICATION_ID`.
    #[serde(rename = "IRISH_VERIFICATION_ID")]
    pub irish_verification: u8,
    /// `ADDRESS_TYPE_ID`.
    #[serde(rename = "ADDRESS_TYPE_ID")]
    pub address_type: u16,
}

/// `POST_TOWN.csv`. Dublin postal districts (`DUBLIN 2`, `DUBLIN 6W`) are post towns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PostTown {
    /// `POST_TOWN_ID`.
    #[serde(rename = "POST_TOWN_ID")]
    pub id: u64,
    /// `NAME`.
    #[serde(rename = "NAME")]
    pub name: String,
    /// `NAME_IRISH`.
    #[serde(rename = "NAME_IRISH")]
    pub name_irish: Option<String>,
    /// `IRISH_VERIFICATION_ID`.
    #[serde(rename = "IRISH_VERIFICATION_ID")]
    pub irish_verification: u8,
    /// `ADDRESS_TYPE_ID`.
    #[serde(rename = "ADDRESS_TYPE_ID")]
    pub address_type: u16,
    /// The county the post town belongs to (the postal county of its addresses).
    #[serde(rename = "COUNTY_ID")]
    pub county_id: u64,
}

/// A named element table with no links of its own: `LOCALITY.csv`, `THOROUGHFARE.csv`,
/// `BUILDING_GROUP.csv`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NamedElement {
    /// `LOCALITY_ID`, `THOROUGHFARE_ID` or `BUILDING_GROUP_ID` (the header is chosen by the layout).
    #[serde(rename = "ID")]
    pub id: u64,
    /// `NAME`.
    #[serde(rename = "NAME")]
    pub name: String,
    /// `NAME_IRISH`.
    #[serde(rename = "NAME_IRISH")]
    pub name_irish: Option<String>,
    /// `IRISH_VERIFICATION_ID`.
    #[serde(rename = "IRISH_VERIFICATION_ID")]
    pub irish_verification: u8,
    /// `ADDRESS_TYPE_ID`.
    #[serde(rename = "ADDRESS_TYPE_ID")]
    pub address_type: u16,
}

/// `LOCALITY.csv` (townland, village, town, urban area, ...).
pub type Locality = NamedElement;
/// `THOROUGHFARE.csv`.
pub type Thoroughfare = NamedElement;
/// `BUILDING_GROUP.csv` (estate, terrace, apartment complex, business park).
pub type BuildingGroup = NamedElement;

/// `BUILDING.csv`: a building and every link that places it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Building {
    /// `BUILDING_ID`.
    #[serde(rename = "BUILDING_ID")]
    pub id: u64,
    /// `NAME`.
    #[serde(rename = "NAME")]
    pub name: Option<String>,
    /// `NAME_IRISH`.
    #[serde(rename = "NAME_IRISH")]
    pub name_irish: Option<String>,
    /// `IRISH_VERIFICATION_ID`.
    #[serde(rename = "IRISH_VERIFICATION_ID")]
    pub irish_verification: u8,
    /// `22`, `2A`, `63/64`, `63-66`.
    #[serde(rename = "BUILDING_NUMBER")]
    pub number: Option<String>,
    /// `ADDRESS_TYPE_ID`.
    #[serde(rename = "ADDRESS_TYPE_ID")]
    pub address_type: u16,
    /// `BUILDING_GROUP_ID`.
    #[serde(rename = "BUILDING_GROUP_ID")]
    pub building_group_id: Option<u64>,
    /// `PRIMARY_THOROUGHFARE_ID`.
    #[serde(rename = "PRIMARY_THOROUGHFARE_ID")]
    pub primary_thoroughfare_id: Option<u64>,
    /// `SECONDARY_THOROUGHFARE_ID`.
    #[serde(rename = "SECONDARY_THOROUGHFARE_ID")]
    pub secondary_thoroughfare_id: Option<u64>,
    /// `PRIMARY_LOCALITY_ID`.
    #[serde(rename = "PRIMARY_LOCALITY_ID")]
    pub primary_locality_id: Option<u64>,
    /// `SECONDARY_LOCALITY_ID`.
    #[serde(rename = "SECONDARY_LOCALITY_ID")]
    pub secondary_locality_id: Option<u64>,
    /// `POST_TOWN_ID`.
    #[serde(rename = "POST_TOWN_ID")]
    pub post_town_id: u64,
    /// County of the post town (the county written in the postal address).
    #[serde(rename = "POST_COUNTY_ID")]
    pub post_county_id: u64,
    /// The geographic county (differs from `post_county_id` for border addresses).
    #[serde(rename = "COUNTY_ID")]
    pub county_id: u64,
}

/// `ADDRESS_POINT.csv`: what an Eircode belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AddressPoint {
    /// `ADDRESS_POINT_ID`.
    #[serde(rename = "ADDRESS_POINT_ID")]
    pub id: u64,
    /// `BUILDING_ID`.
    #[serde(rename = "BUILDING_ID")]
    pub building_id: u64,
    /// `ADDRESS_TYPE_ID`.
    #[serde(rename = "ADDRESS_TYPE_ID")]
    pub address_type: u16,
    /// Stored without the space (`A65F4E2`); `None` when the point has no Eircode.
    #[serde(rename = "EIRCODE")]
    pub eircode: Option<String>,
    /// `FLAT 1`, `APARTMENT 12`.
    #[serde(rename = "SUB_BUILDING_NAME")]
    pub sub_building_name: Option<String>,
    /// `SUB_BUILDING_NAME_IRISH`.
    #[serde(rename = "SUB_BUILDING_NAME_IRISH")]
    pub sub_building_name_irish: Option<String>,
    /// Non-unique address: the postal address is shared with other address points.
    #[serde(rename = "NUA", with = "yes_no")]
    pub nua: bool,
    /// `MAIL_DELIVERY`.
    #[serde(rename = "MAIL_DELIVERY", with = "yes_no")]
    pub mail_delivery: bool,
}

/// `ORGANISATION.csv`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Organisation {
    /// `ORGANISATION_ID`.
    #[serde(rename = "ORGANISATION_ID")]
    pub id: u64,
    /// `ADDRESS_POINT_ID`.
    #[serde(rename = "ADDRESS_POINT_ID")]
    pub address_point_id: u64,
    /// `NAME`.
    #[serde(rename = "NAME")]
    pub name: String,
    /// `NAME_IRISH`.
    #[serde(rename = "NAME_IRISH")]
    pub name_irish: Option<String>,
    /// `DEPARTMENT`.
    #[serde(rename = "DEPARTMENT")]
    pub department: Option<String>,
    /// `DEPARTMENT_IRISH`.
    #[serde(rename = "DEPARTMENT_IRISH")]
    pub department_irish: Option<String>,
}

/// `ALIAS_TYPE_ID` values.
pub mod alias_type {
    /// A common misspelling of the name.
    pub const COMMON_MISSPELLING: u8 = 1;
    /// Another name for the same element.
    pub const ALTERNATIVE_NAME: u8 = 2;
    /// The same name written differently.
    pub const ALTERNATIVE_FORMAT: u8 = 3;
    /// Both another name and another format.
    pub const ALTERNATIVE_NAME_AND_FORMAT: u8 = 4;
}

/// `<TABLE>_ALIAS.csv`: an alias of one element. `element_id` is the `<TABLE>_ID` column.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Alias {
    /// `ALIAS_ID`.
    #[serde(rename = "ALIAS_ID")]
    pub id: u64,
    /// The `<TABLE>_ID` column (the layout renames the header per table).
    #[serde(rename = "ELEMENT_ID")]
    pub element_id: u64,
    /// `NAME`.
    #[serde(rename = "NAME")]
    pub name: String,
    /// `ALIAS_TYPE_ID`.
    #[serde(rename = "ALIAS_TYPE_ID")]
    pub alias_type: u8,
}

/// The element tables that have alias files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum AliasTable {
    /// `ORGANISATION_ALIAS.csv`
    Organisation,
    /// `BUILDING_ALIAS.csv`
    Building,
    /// `BUILDING_GROUP_ALIAS.csv`
    BuildingGroup,
    /// `THOROUGHFARE_ALIAS.csv`
    Thoroughfare,
    /// `LOCALITY_ALIAS.csv`
    Locality,
    /// `POST_TOWN_ALIAS.csv`
    PostTown,
    /// `COUNTY_ALIAS.csv`
    County,
}

impl AliasTable {
    /// Every alias table, in file order.
    pub const ALL: [AliasTable; 7] = [
        AliasTable::Organisation,
        AliasTable::Building,
        AliasTable::BuildingGroup,
        AliasTable::Thoroughfare,
        AliasTable::Locality,
        AliasTable::PostTown,
        AliasTable::County,
    ];

    /// The table name as used in file and column names (`BUILDING_GROUP`).
    pub fn table_name(self) -> &'static str {
        match self {
            AliasTable::Organisation => "ORGANISATION",
            AliasTable::Building => "BUILDING",
            AliasTable::BuildingGroup => "BUILDING_GROUP",
            AliasTable::Thoroughfare => "THOROUGHFARE",
            AliasTable::Locality => "LOCALITY",
            AliasTable::PostTown => "POST_TOWN",
            AliasTable::County => "COUNTY",
        }
    }
}

/// One row of `POSTAL_ADDRESS.csv` or `GEOGRAPHIC_ADDRESS.csv`: up to 9 lines per language,
/// the last non-empty one being the Eircode in display form when the point has one.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AddressLinesRow {
    /// The address point.
    pub ecad_id: u64,
    /// `ADDR_LINE_1..9`, empty lines dropped.
    pub english: Vec<String>,
    /// `IRISH_ADDR_LINE_1..9`, empty lines dropped.
    pub irish: Vec<String>,
}

/// A bounding box in one coordinate system (`MIN_x, MIN_y, MAX_x, MAX_y`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BoundingBox {
    /// Minimum easting (or longitude).
    pub min_x: f64,
    /// Minimum northing (or latitude).
    pub min_y: f64,
    /// Maximum easting (or longitude).
    pub max_x: f64,
    /// Maximum northing (or latitude).
    pub max_y: f64,
}

/// `SPATIAL_INFO.csv`: a point for address points and buildings; a point plus boxes for
/// thoroughfares, localities and other areas.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpatialInfo {
    /// `ECAD_ID`.
    #[serde(rename = "ECAD_ID")]
    pub ecad_id: u64,
    /// `ING_EASTING`.
    #[serde(rename = "ING_EASTING")]
    pub ing_easting: f64,
    /// `ING_NORTHING`.
    #[serde(rename = "ING_NORTHING")]
    pub ing_northing: f64,
    /// `ITM_EASTING`.
    #[serde(rename = "ITM_EASTING")]
    pub itm_easting: f64,
    /// `ITM_NORTHING`.
    #[serde(rename = "ITM_NORTHING")]
    pub itm_northing: f64,
    /// `ETRS89_LAT`.
    #[serde(rename = "ETRS89_LAT")]
    pub etrs89_lat: f64,
    /// `ETRS89_LONG`.
    #[serde(rename = "ETRS89_LONG")]
    pub etrs89_long: f64,
    /// `MIN_ING_EASTING`.
    #[serde(rename = "MIN_ING_EASTING")]
    pub min_ing_easting: Option<f64>,
    /// `MIN_ING_NORTHING`.
    #[serde(rename = "MIN_ING_NORTHING")]
    pub min_ing_northing: Option<f64>,
    /// `MAX_ING_EASTING`.
    #[serde(rename = "MAX_ING_EASTING")]
    pub max_ing_easting: Option<f64>,
    /// `MAX_ING_NORTHING`.
    #[serde(rename = "MAX_ING_NORTHING")]
    pub max_ing_northing: Option<f64>,
    /// `MIN_ITM_EASTING`.
    #[serde(rename = "MIN_ITM_EASTING")]
    pub min_itm_easting: Option<f64>,
    /// `MIN_ITM_NORTHING`.
    #[serde(rename = "MIN_ITM_NORTHING")]
    pub min_itm_northing: Option<f64>,
    /// `MAX_ITM_EASTING`.
    #[serde(rename = "MAX_ITM_EASTING")]
    pub max_itm_easting: Option<f64>,
    /// `MAX_ITM_NORTHING`.
    #[serde(rename = "MAX_ITM_NORTHING")]
    pub max_itm_northing: Option<f64>,
    /// `MIN_ETRS89_LAT`.
    #[serde(rename = "MIN_ETRS89_LAT")]
    pub min_etrs89_lat: Option<f64>,
    /// `MIN_ETRS89_LONG`.
    #[serde(rename = "MIN_ETRS89_LONG")]
    pub min_etrs89_long: Option<f64>,
    /// `MAX_ETRS89_LAT`.
    #[serde(rename = "MAX_ETRS89_LAT")]
    pub max_etrs89_lat: Option<f64>,
    /// `MAX_ETRS89_LONG`.
    #[serde(rename = "MAX_ETRS89_LONG")]
    pub max_etrs89_long: Option<f64>,
    /// 4 = unverified, must not be used.
    #[serde(rename = "SPATIAL_ACCURACY")]
    pub spatial_accuracy: u8,
    /// `CREATED_DATE`.
    #[serde(rename = "CREATED_DATE")]
    pub created: String,
    /// `LAST_UPDATED`.
    #[serde(rename = "LAST_UPDATED")]
    pub modified: String,
}

/// `BUILDING_INFO.csv`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BuildingInfo {
    /// `ECAD_ID`.
    #[serde(rename = "ECAD_ID")]
    pub ecad_id: u64,
    /// `BUILDING_TYPE_ID`.
    #[serde(rename = "BUILDING_TYPE_ID")]
    pub building_type: u16,
    /// `HOLIDAY_HOME`.
    #[serde(rename = "HOLIDAY_HOME", with = "yes_no")]
    pub holiday_home: bool,
    /// `UNDER_CONSTRUCTION`.
    #[serde(rename = "UNDER_CONSTRUCTION", with = "yes_no")]
    pub under_construction: bool,
    /// `R` residential, `C` commercial, `B` both, `U` unknown.
    #[serde(rename = "BUILDING_USE")]
    pub building_use: String,
    /// `VACANT`.
    #[serde(rename = "VACANT", with = "yes_no")]
    pub vacant: bool,
    /// `CREATED_DATE`.
    #[serde(rename = "CREATED_DATE")]
    pub created: String,
    /// `LAST_UPDATED`.
    #[serde(rename = "LAST_UPDATED")]
    pub modified: String,
}

/// `ORGANISATION_INFO.csv`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrganisationInfo {
    /// `ECAD_ID`.
    #[serde(rename = "ECAD_ID")]
    pub ecad_id: u64,
    /// `NACE_CODE`.
    #[serde(rename = "NACE_CODE")]
    pub nace_code: Option<String>,
    /// `NACE_CATEGORY`.
    #[serde(rename = "NACE_CATEGORY")]
    pub nace_category: Option<String>,
    /// `VACANT`.
    #[serde(rename = "VACANT", with = "yes_no")]
    pub vacant: bool,
    /// `CREATED_DATE`.
    #[serde(rename = "CREATED_DATE")]
    pub created: String,
    /// `LAST_UPDATED`.
    #[serde(rename = "LAST_UPDATED")]
    pub modified: String,
}

/// `ADMINISTRATIVE_INFO.csv`, keyed by building. The unsuffixed columns are the 2017 release.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AdministrativeInfo {
    /// `ECAD_ID`.
    #[serde(rename = "ECAD_ID")]
    pub ecad_id: u64,
    /// `LA_ID`.
    #[serde(rename = "LA_ID")]
    pub la_id: u64,
    /// `DED_ID`.
    #[serde(rename = "DED_ID")]
    pub ded_id: u64,
    /// `SMALL_AREA_ID`.
    #[serde(rename = "SMALL_AREA_ID")]
    pub small_area_id: u64,
    /// `TOWNLAND_ID`.
    #[serde(rename = "TOWNLAND_ID")]
    pub townland_id: u64,
    /// `COUNTY_ID`.
    #[serde(rename = "COUNTY_ID")]
    pub county_id: u64,
    /// `GAELTACHT`.
    #[serde(rename = "GAELTACHT", with = "yes_no")]
    pub gaeltacht: bool,
    /// `LA_2015_ID`.
    #[serde(rename = "LA_2015_ID")]
    pub la_2015_id: u64,
    /// `DED_2015_ID`.
    #[serde(rename = "DED_2015_ID")]
    pub ded_2015_id: u64,
    /// `SMALL_AREA_2015_ID`.
    #[serde(rename = "SMALL_AREA_2015_ID")]
    pub small_area_2015_id: u64,
    /// `TOWNLAND_2015_ID`.
    #[serde(rename = "TOWNLAND_2015_ID")]
    pub townland_2015_id: u64,
    /// `COUNTY_2015_ID`.
    #[serde(rename = "COUNTY_2015_ID")]
    pub county_2015_id: u64,
    /// `GAELTACHT_2015`.
    #[serde(rename = "GAELTACHT_2015", with = "yes_no")]
    pub gaeltacht_2015: bool,
    /// `CREATED_DATE`.
    #[serde(rename = "CREATED_DATE")]
    pub created: String,
    /// `LAST_UPDATED`.
    #[serde(rename = "LAST_UPDATED")]
    pub modified: String,
}

/// `STATUS` of an `ECAD_HISTORY.csv` row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HistoryStatus {
    /// Replaced by `new_ecad_id` / `new_eircode`.
    #[serde(rename = "CHANGED")]
    Changed,
    /// Gone, with no replacement (`new_*` may still name a successor).
    #[serde(rename = "RETIRED")]
    Retired,
}

/// `ECAD_HISTORY.csv`: ids and Eircodes that are no longer current.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct History {
    /// `ECAD_ID`.
    #[serde(rename = "ECAD_ID")]
    pub ecad_id: u64,
    /// `EIRCODE`.
    #[serde(rename = "EIRCODE")]
    pub eircode: Option<String>,
    /// `STATUS`.
    #[serde(rename = "STATUS")]
    pub status: HistoryStatus,
    /// `NEW_ECAD_ID`.
    #[serde(rename = "NEW_ECAD_ID")]
    pub new_ecad_id: Option<u64>,
    /// `NEW_EIRCODE`.
    #[serde(rename = "NEW_EIRCODE")]
    pub new_eircode: Option<String>,
    /// `CHANGE_DATE`.
    #[serde(rename = "CHANGE_DATE")]
    pub change_date: String,
}

/// `NI` or `GB` in `UK_ADDRESS.csv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UkCountry {
    /// Northern Ireland (BT postcodes).
    #[serde(rename = "NI")]
    Ni,
    /// Great Britain.
    #[serde(rename = "GB")]
    Gb,
}

/// `UK_ADDRESS.csv` (`docs/ecad-layout.md` §7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UkAddress {
    /// `ADDRESS_ID`.
    #[serde(rename = "ADDRESS_ID")]
    pub id: u64,
    /// `ORGANISATION`.
    #[serde(rename = "ORGANISATION")]
    pub organisation: Option<String>,
    /// `SUB_BUILDING`.
    #[serde(rename = "SUB_BUILDING")]
    pub sub_building: Option<String>,
    /// `BUILDING_NAME`.
    #[serde(rename = "BUILDING_NAME")]
    pub building_name: Option<String>,
    /// `BUILDING_NUMBER`.
    #[serde(rename = "BUILDING_NUMBER")]
    pub building_number: Option<String>,
    /// `THOROUGHFARE`.
    #[serde(rename = "THOROUGHFARE")]
    pub thoroughfare: Option<String>,
    /// `DEPENDENT_LOCALITY`.
    #[serde(rename = "DEPENDENT_LOCALITY")]
    pub dependent_locality: Option<String>,
    /// `POST_TOWN`.
    #[serde(rename = "POST_TOWN")]
    pub post_town: String,
    /// With its space: `BT11 8QT`.
    #[serde(rename = "POSTCODE")]
    pub postcode: String,
    /// `COUNTRY`.
    #[serde(rename = "COUNTRY")]
    pub country: UkCountry,
    /// `LATITUDE`.
    #[serde(rename = "LATITUDE")]
    pub latitude: f64,
    /// `LONGITUDE`.
    #[serde(rename = "LONGITUDE")]
    pub longitude: f64,
}
