//! The ECAD data model: typed records, the CSV directory layout, and the address line builders.
//!
//! A licensee's export and the generator's output share this layout, so one reader builds every
//! index. See `docs/ecad-layout.md` for the tables and the postal address rules.

pub mod address;
pub mod address_type;
pub mod bounded;
mod case;
pub mod eircode;
mod ids;
pub mod layout;
mod lookup;
mod read;
mod read_rows;
pub mod records;
pub(crate) mod render;
mod report;
pub mod stats;

pub use address_type::AddressTypeId;
pub use records::*;

/// Every table of an ECAD-layout directory, in memory.
///
/// Rows keep file order. Readers fill it (validating as they go); the generator fills it and
/// writes it out with the same code.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Dataset {
    /// `COUNTY.csv`
    pub counties: Vec<County>,
    /// `POST_TOWN.csv`
    pub post_towns: Vec<PostTown>,
    /// `LOCALITY.csv`
    pub localities: Vec<Locality>,
    /// `THOROUGHFARE.csv`
    pub thoroughfares: Vec<Thoroughfare>,
    /// `BUILDING_GROUP.csv`
    pub building_groups: Vec<BuildingGroup>,
    /// `BUILDING.csv`
    pub buildings: Vec<Building>,
    /// `ADDRESS_POINT.csv`
    pub address_points: Vec<AddressPoint>,
    /// `ORGANISATION.csv`
    pub organisations: Vec<Organisation>,
    /// `<TABLE>_ALIAS.csv`, one list per table.
    pub aliases: std::collections::BTreeMap<AliasTable, Vec<Alias>>,
    /// `POSTAL_ADDRESS.csv` (derived: written by the address builder).
    pub postal_addresses: Vec<AddressLinesRow>,
    /// `GEOGRAPHIC_ADDRESS.csv` (derived: written by the address builder).
    pub geographic_addresses: Vec<AddressLinesRow>,
    /// `SPATIAL_INFO.csv`
    pub spatial: Vec<SpatialInfo>,
    /// `BUILDING_INFO.csv`
    pub building_info: Vec<BuildingInfo>,
    /// `ORGANISATION_INFO.csv`
    pub organisation_info: Vec<OrganisationInfo>,
    /// `ADMINISTRATIVE_INFO.csv`
    pub administrative_info: Vec<AdministrativeInfo>,
    /// `ECAD_HISTORY.csv`
    pub history: Vec<History>,
    /// `UK_ADDRESS.csv`
    pub uk_addresses: Vec<UkAddress>,
}
