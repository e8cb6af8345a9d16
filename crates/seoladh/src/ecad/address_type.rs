//! The 55 ECAD address type codes (`ADDRESS_TYPE_ID`, wire-compat.md §5) and their wire names.
//!
//! The API layer renders `addressType` as `{code, text}` from this one table, so the names here are
//! exactly the PascalCase texts real clients compare against.

/// An ECAD `ADDRESS_TYPE_ID` code. Unknown codes are kept (a licensee's export may carry newer
/// ones); [`AddressTypeId::name`] is then `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AddressTypeId(pub u16);

/// Defines one `pub const` per code and the code ↔ name table from a single list, so the two
/// cannot drift apart.
macro_rules! address_types {
    ($($konst:ident = $code:literal, $name:literal;)*) => {
        impl AddressTypeId {
            $(
                #[doc = concat!("`", stringify!($code), "` ", $name, ".")]
                pub const $konst: AddressTypeId = AddressTypeId($code);
            )*
        }

        /// Every known code with its wire name, in ascending code order.
        pub const ALL: &[(u16, &str)] = &[$(($code, $name)),*];
    };
}

address_types! {
    INDUSTRIAL_ESTATE = 1080, "IndustrialEstate";
    RESIDENTIAL_ESTATE = 1090, "ResidentialEstate";
    SECONDARY_LOCALITY = 1130, "SecondaryLocality";
    TERRACE = 1180, "Terrace";
    SHOPPING_CENTRE = 1190, "ShoppingCentre";
    APARTMENT_COMPLEX = 1200, "ApartmentComplex";
    EDUCATIONAL_CAMPUS = 1210, "EducationalCampus";
    BUSINESS_PARK = 1220, "BusinessPark";
    HOSPITAL = 1230, "Hospital";
    NURSING_HOME = 1240, "NursingHome";
    VOCATIONAL_TRAINING_AND_EMPLOYMENT = 1250, "VocationalTrainingAndEmployment";
    COURT = 1260, "Court";
    HALTING_SITE = 1270, "HaltingSite";
    FLAT_COMPLEX = 1280, "FlatComplex";
    HOUSING_ESTATE = 1290, "HousingEstate";
    SHELTERED_HOUSING = 1300, "ShelteredHousing";
    SCHOOL = 1310, "School";
    TOWNLAND = 1320, "Townland";
    MOBILE_HOME_PARK = 1330, "MobileHomePark";
    SPORTS_COMPLEX = 1340, "SportsComplex";
    TOWNHOUSES = 1360, "Townhouses";
    PRIVATE_ESTATE = 1370, "PrivateEstate";
    RELIGIOUS_ORGANISATION = 1380, "ReligiousOrganisation";
    COLLEGE = 1390, "College";
    POWER_GENERATION_PLANT = 1400, "PowerGenerationPlant";
    GROUP_OF_DETACHED_HOUSES = 1410, "GroupOfDetachedHouses";
    HOLIDAY_HOMES = 1430, "HolidayHomes";
    MIXED_DEVELOPMENT = 1440, "MixedDevelopment";
    HOTEL_COMPLEX = 1450, "HotelComplex";
    HERITAGE_AND_HISTORICAL = 1460, "HeritageAndHistorical";
    FACTORY_COMPLEX = 1470, "FactoryComplex";
    ORGANISATION = 2000, "Organisation";
    SUB_ADDRESS_POINT = 2050, "SubAddressPoint";
    NON_RESIDENTIAL_ADDRESS_POINT = 2100, "NonResidentialAddressPoint";
    RESIDENTIAL_ADDRESS_POINT = 2150, "ResidentialAddressPoint";
    MIXED_ADDRESS_POINT = 2180, "MixedAddressPoint";
    SINGLE_OCCUPANCY_RESIDENTIAL_BUILDING = 2200, "SingleOccupancyResidentialBuilding";
    MULTI_OCCUPANCY_RESIDENTIAL_BUILDING = 2210, "MultiOccupancyResidentialBuilding";
    SINGLE_OCCUPANCY_NON_RESIDENTIAL_BUILDING = 2220, "SingleOccupancyNonResidentialBuilding";
    MULTI_OCCUPANCY_NON_RESIDENTIAL_BUILDING = 2230, "MultiOccupancyNonResidentialBuilding";
    MULTI_OCCUPANCY_MIXED_BUILDING = 2240, "MultiOccupancyMixedBuilding";
    RESIDENTIAL_COMMERCIAL_NAMED_PREMISES = 2241, "ResidentialCommercialNamedPremises";
    RESIDENTIAL_BUILDING_GROUP = 2300, "ResidentialBuildingGroup";
    NON_RESIDENTIAL_BUILDING_GROUP = 2310, "NonResidentialBuildingGroup";
    MIXED_BUILDING_GROUP = 2320, "MixedBuildingGroup";
    THOROUGHFARE = 3100, "Thoroughfare";
    URBAN_AREA = 3200, "UrbanArea";
    SUBURBAN_LOCALITY = 3350, "SuburbanLocality";
    RURAL_LOCALITY = 3400, "RuralLocality";
    VILLAGE = 3600, "Village";
    TOWN = 3700, "Town";
    POSTAL_DISTRICT = 3750, "PostalDistrict";
    CITY = 3800, "City";
    POST_TOWN = 3850, "PostTown";
    COUNTY = 3900, "County";
}

impl AddressTypeId {
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
