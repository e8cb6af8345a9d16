//! The 55 ECAD address type codes (`ADDRESS_TYPE_ID`, docs/wire.md §5) and their wire names.
//!
//! The API layer renders `addressType` as `{code, text}` from this one table, so the names here are
//! exactly the PascalCase texts real clients compare against.

/// An ECAD `ADDRESS_TYPE_ID` code. Unknown codes are kept (a licensee's export may carry newer
/// ones); [`AddressTypeId::name`] is then `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AddressTypeId(pub u16);

/// Defines, from a single list, the closed enum of the published codes ([`AddressType`], the
/// wire's `addressType`), one `pub const` per code on [`AddressTypeId`], and the code ↔ name
/// table, so they cannot drift apart.
macro_rules! address_types {
    ($($variant:ident = $code:literal, $konst:ident;)*) => {
        /// One of the 55 published address type codes; the wire's `addressType` (its name is the
        /// variant's). [`AddressTypeId`] also keeps codes outside the list.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u16)]
        pub enum AddressType {
            $(
                #[doc = concat!("`", stringify!($code), "` ", stringify!($variant), ".")]
                $variant = $code,
            )*
        }

        impl AddressType {
            /// Every published code, in ascending order.
            pub const ALL: [AddressType; 55] = [$(AddressType::$variant),*];

            /// The wire name (`ResidentialAddressPoint`).
            pub fn name(self) -> &'static str {
                match self { $(AddressType::$variant => stringify!($variant)),* }
            }
        }

        impl AddressTypeId {
            $(
                #[doc = concat!("`", stringify!($code), "` ", stringify!($variant), ".")]
                pub const $konst: AddressTypeId = AddressTypeId($code);
            )*
        }

        /// Every known code with its wire name, in ascending code order.
        pub const ALL: &[(u16, &str)] = &[$(($code, stringify!($variant))),*];
    };
}

address_types! {
    IndustrialEstate = 1080, INDUSTRIAL_ESTATE;
    ResidentialEstate = 1090, RESIDENTIAL_ESTATE;
    SecondaryLocality = 1130, SECONDARY_LOCALITY;
    Terrace = 1180, TERRACE;
    ShoppingCentre = 1190, SHOPPING_CENTRE;
    ApartmentComplex = 1200, APARTMENT_COMPLEX;
    EducationalCampus = 1210, EDUCATIONAL_CAMPUS;
    BusinessPark = 1220, BUSINESS_PARK;
    Hospital = 1230, HOSPITAL;
    NursingHome = 1240, NURSING_HOME;
    VocationalTrainingAndEmployment = 1250, VOCATIONAL_TRAINING_AND_EMPLOYMENT;
    Court = 1260, COURT;
    HaltingSite = 1270, HALTING_SITE;
    FlatComplex = 1280, FLAT_COMPLEX;
    HousingEstate = 1290, HOUSING_ESTATE;
    ShelteredHousing = 1300, SHELTERED_HOUSING;
    School = 1310, SCHOOL;
    Townland = 1320, TOWNLAND;
    MobileHomePark = 1330, MOBILE_HOME_PARK;
    SportsComplex = 1340, SPORTS_COMPLEX;
    Townhouses = 1360, TOWNHOUSES;
    PrivateEstate = 1370, PRIVATE_ESTATE;
    ReligiousOrganisation = 1380, RELIGIOUS_ORGANISATION;
    College = 1390, COLLEGE;
    PowerGenerationPlant = 1400, POWER_GENERATION_PLANT;
    GroupOfDetachedHouses = 1410, GROUP_OF_DETACHED_HOUSES;
    HolidayHomes = 1430, HOLIDAY_HOMES;
    MixedDevelopment = 1440, MIXED_DEVELOPMENT;
    HotelComplex = 1450, HOTEL_COMPLEX;
    HeritageAndHistorical = 1460, HERITAGE_AND_HISTORICAL;
    FactoryComplex = 1470, FACTORY_COMPLEX;
    Organisation = 2000, ORGANISATION;
    SubAddressPoint = 2050, SUB_ADDRESS_POINT;
    NonResidentialAddressPoint = 2100, NON_RESIDENTIAL_ADDRESS_POINT;
    ResidentialAddressPoint = 2150, RESIDENTIAL_ADDRESS_POINT;
    MixedAddressPoint = 2180, MIXED_ADDRESS_POINT;
    SingleOccupancyResidentialBuilding = 2200, SINGLE_OCCUPANCY_RESIDENTIAL_BUILDING;
    MultiOccupancyResidentialBuilding = 2210, MULTI_OCCUPANCY_RESIDENTIAL_BUILDING;
    SingleOccupancyNonResidentialBuilding = 2220, SINGLE_OCCUPANCY_NON_RESIDENTIAL_BUILDING;
    MultiOccupancyNonResidentialBuilding = 2230, MULTI_OCCUPANCY_NON_RESIDENTIAL_BUILDING;
    MultiOccupancyMixedBuilding = 2240, MULTI_OCCUPANCY_MIXED_BUILDING;
    ResidentialCommercialNamedPremises = 2241, RESIDENTIAL_COMMERCIAL_NAMED_PREMISES;
    ResidentialBuildingGroup = 2300, RESIDENTIAL_BUILDING_GROUP;
    NonResidentialBuildingGroup = 2310, NON_RESIDENTIAL_BUILDING_GROUP;
    MixedBuildingGroup = 2320, MIXED_BUILDING_GROUP;
    Thoroughfare = 3100, THOROUGHFARE;
    UrbanArea = 3200, URBAN_AREA;
    SuburbanLocality = 3350, SUBURBAN_LOCALITY;
    RuralLocality = 3400, RURAL_LOCALITY;
    Village = 3600, VILLAGE;
    Town = 3700, TOWN;
    PostalDistrict = 3750, POSTAL_DISTRICT;
    City = 3800, CITY;
    PostTown = 3850, POST_TOWN;
    County = 3900, COUNTY;
}

impl AddressType {
    /// The code.
    pub fn code(self) -> u16 {
        self as u16
    }

    /// The published type of a code, `None` for a code outside the list.
    pub fn from_code(code: u16) -> Option<AddressType> {
        AddressType::ALL
            .binary_search_by_key(&code, |t| t.code())
            .ok()
            .map(|i| AddressType::ALL[i])
    }
}

impl AddressTypeId {
    /// The published type of this code, `None` for a code outside the list.
    pub fn known(self) -> Option<AddressType> {
        AddressType::from_code(self.0)
    }

    /// The wire name (`ResidentialAddressPoint`), or `None` for a code outside the published list.
    pub fn name(self) -> Option<&'static str> {
        ALL.binary_search_by_key(&self.0, |&(code, _)| code)
            .ok()
            .and_then(|i| ALL.get(i))
            .map(|&(_, name)| name)
    }

    /// The code for a wire name; exact match (the names are case-sensitive on the wire).
    pub fn from_name(name: &str) -> Option<AddressTypeId> {
        ALL.iter()
            .find(|&&(_, n)| n == name)
            .map(|&(code, _)| AddressTypeId(code))
    }

    /// Whether the code is one of the 55 published codes.
    pub fn is_known(self) -> bool {
        self.name().is_some()
    }
}

impl std::fmt::Display for AddressTypeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "Unknown({})", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifty_five_codes_sorted_and_unique() {
        assert_eq!(ALL.len(), 55);
        assert!(ALL.windows(2).all(|w| w[0].0 < w[1].0));
        let mut names: Vec<&str> = ALL.iter().map(|&(_, n)| n).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 55);
    }

    #[test]
    fn code_and_name_round_trip() {
        for &(code, name) in ALL {
            assert_eq!(AddressTypeId(code).name(), Some(name));
            assert_eq!(AddressTypeId::from_name(name), Some(AddressTypeId(code)));
        }
        assert_eq!(
            AddressTypeId::RESIDENTIAL_ADDRESS_POINT.name(),
            Some("ResidentialAddressPoint")
        );
        assert_eq!(AddressTypeId::POSTAL_DISTRICT.0, 3750);
    }

    #[test]
    fn unknown_code_has_no_name() {
        assert_eq!(AddressTypeId(15).name(), None);
        assert!(!AddressTypeId(9999).is_known());
        assert_eq!(AddressTypeId(9999).to_string(), "Unknown(9999)");
        assert_eq!(AddressTypeId::from_name("residentialaddresspoint"), None);
    }
}
