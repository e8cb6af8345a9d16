//! The hand-built mini dataset behind `fixtures/ecad-mini/` (shared by the integration tests).

use std::collections::BTreeMap;

use seoladh::raw::ecad::address::derive_address_tables;
use seoladh::raw::ecad::*;

use crate::handbuilt::{county, named};

fn town(id: u64, name: &str, irish: &str, address_type: u16, county_id: u64) -> PostTown {
    PostTown {
        id,
        name: name.into(),
        name_irish: Some(irish.into()),
        irish_verification: 4,
        address_type,
        county_id,
    }
}

#[allow(clippy::too_many_arguments)]
fn building(
    id: u64,
    name: Option<&str>,
    number: Option<&str>,
    group: Option<u64>,
    thoroughfare: Option<u64>,
    locality: Option<u64>,
    post_town: u64,
    post_county: u64,
    county: u64,
) -> Building {
    Building {
        id,
        name: name.map(Into::into),
        name_irish: None,
        irish_verification: 0,
        number: number.map(Into::into),
        address_type: 2200,
        building_group_id: group,
        primary_thoroughfare_id: thoroughfare,
        secondary_thoroughfare_id: None,
        primary_locality_id: locality,
        secondary_locality_id: None,
        post_town_id: post_town,
        post_county_id: post_county,
        county_id: county,
    }
}

fn point(
    id: u64,
    building_id: u64,
    eircode: Option<&str>,
    sub: Option<&str>,
    nua: bool,
) -> AddressPoint {
    AddressPoint {
        id,
        building_id,
        address_type: 2150,
        eircode: eircode.map(Into::into),
        sub_building_name: sub.map(Into::into),
        sub_building_name_irish: sub.map(|s| s.replace("APARTMENT", "ÁRASÁN")),
        nua,
        mail_delivery: eircode.is_some(),
    }
}

fn spatial(ecad_id: u64, lat: f64, long: f64) -> SpatialInfo {
    SpatialInfo {
        ecad_id,
        ing_easting: 300_000.5,
        ing_northing: 250_000.25,
        itm_easting: 699_950.125,
        itm_northing: 749_980.0,
        etrs89_lat: lat,
        etrs89_long: long,
        min_ing_easting: None,
        min_ing_northing: None,
        max_ing_easting: None,
        max_ing_northing: None,
        min_itm_easting: None,
        min_itm_northing: None,
        max_itm_easting: None,
        max_itm_northing: None,
        min_etrs89_lat: None,
        min_etrs89_long: None,
        max_etrs89_lat: None,
        max_etrs89_long: None,
        spatial_accuracy: 1,
        created: "2015-07-13T00:00:00.000Z".into(),
        modified: "2024-01-02T10:11:12.000Z".into(),
    }
}

const MEATH: u64 = 1001000001;
const DUBLIN: u64 = 1001000002;
const CARLOW: u64 = 1001000003;
const LAOIS: u64 = 1001000004;
const OFFALY: u64 = 1001000005;
const DUNBOYNE: u64 = 1100000001;
const DUBLIN_2: u64 = 1100000002;
const CARLOW_TOWN: u64 = 1100000003;
const PORTARLINGTON: u64 = 1100000004;
const DUBLIN_18: u64 = 1100000005;

/// A small dataset exercising every table and every postal rule with real Irish examples.
pub fn mini() -> Dataset {
    let mut ds = Dataset {
        counties: vec![
            county(MEATH, "MEATH", "NA MÍ"),
            county(DUBLIN, "DUBLIN", "BAILE ÁTHA CLIATH"),
            county(CARLOW, "CARLOW", "CEATHARLACH"),
            county(LAOIS, "LAOIS", "LAOIS"),
            county(OFFALY, "OFFALY", "UÍBH FHAILÍ"),
        ],
        post_towns: vec![
            town(DUNBOYNE, "DUNBOYNE", "DÚN BÚINNE", 3850, MEATH),
            town(DUBLIN_2, "DUBLIN 2", "BAILE ÁTHA CLIATH 2", 3750, DUBLIN),
            town(CARLOW_TOWN, "CARLOW", "CEATHARLACH", 3850, CARLOW),
            town(
                PORTARLINGTON,
                "PORTARLINGTON",
                "CÚIL AN TSÚDAIRE",
                3850,
                LAOIS,
            ),
            town(DUBLIN_18, "DUBLIN 18", "BAILE ÁTHA CLIATH 18", 3750, DUBLIN),
        ],
        localities: vec![
            named(1110000001, "MILLFARM", None, 1320),
            named(1110000002, "CABINTEELY", Some("CABÁN TSÍLE"), 3350),
            named(1110000003, "GRAIGUECULLEN", Some("GRÁIG CHUILINN"), 3350),
        ],
        thoroughfares: vec![
            named(1200000001, "DAME STREET", Some("SRÁID DAME"), 3100),
            named(1200000002, "WOODLANDS ROAD", None, 3100),
            named(1200000003, "MAIN STREET", Some("AN PHRÍOMHSRÁID"), 3100),
        ],
        building_groups: vec![named(1300000001, "SILVER BIRCHES", None, 1290)],
        buildings: buildings(),
        address_points: address_points(),
        organisations: vec![Organisation {
            id: 1900000001,
            address_point_id: 1700000002,
            name: "ACME, \"THE\" WORKS".into(),
            name_irish: None,
            department: Some("ACCOUNTS".into()),
            department_irish: Some("CUNTAIS".into()),
        }],
        aliases: aliases(),
        spatial: vec![
            spatial(1700000001, 53.41869, -6.47532),
            spatial(1200000001, 53.34414, -6.26491),
        ],
        building_info: vec![BuildingInfo {
            ecad_id: 1400000001,
            building_type: 2,
            holiday_home: false,
            under_construction: false,
            building_use: "R".into(),
            vacant: false,
            created: "2015-07-13T00:00:00.000Z".into(),
            modified: "2020-03-04T05:06:07.000Z".into(),
        }],
        organisation_info: vec![OrganisationInfo {
            ecad_id: 1900000001,
            nace_code: Some("M69.2".into()),
            nace_category: None,
            vacant: false,
            created: "2015-07-13T00:00:00.000Z".into(),
            modified: "2020-03-04T05:06:07.000Z".into(),
        }],
        administrative_info: administrative_info(),
        history: history(),
        uk_addresses: vec![UkAddress {
            id: 1000000001,
            organisation: None,
            sub_building: None,
            building_name: None,
            building_number: Some("12".into()),
            thoroughfare: Some("GLEN ROAD".into()),
            dependent_locality: None,
            post_town: "BELFAST".into(),
            postcode: "BT11 8QT".into(),
            country: UkCountry::Ni,
            latitude: 54.5801,
            longitude: -6.0153,
        }],
        ..Dataset::default()
    };
    derive_address_tables(&mut ds);
    ds
}

/// A house in an estate, an organisation's premises, a house on a street in a locality, a
/// named cottage, a border premises, an apartment block and a shared rural house.
fn buildings() -> Vec<Building> {
    vec![
        building(
            1400000001,
            None,
            Some("8"),
            Some(1300000001),
            None,
            Some(1110000001),
            DUNBOYNE,
            MEATH,
            MEATH,
        ),
        building(
            1400000002,
            Some("ACME, \"THE\" WORKS"),
            Some("22"),
            None,
            Some(1200000001),
            None,
            DUBLIN_2,
            DUBLIN,
            DUBLIN,
        ),
        building(
            1400000003,
            None,
            Some("1"),
            None,
            Some(1200000002),
            Some(1110000002),
            DUBLIN_18,
            DUBLIN,
            DUBLIN,
        ),
        building(
            1400000004,
            Some("ROSE COTTAGE"),
            None,
            None,
            None,
            Some(1110000003),
            CARLOW_TOWN,
            CARLOW,
            CARLOW,
        ),
        building(
            1400000005,
            None,
            Some("63-66"),
            None,
            Some(1200000003),
            None,
            PORTARLINGTON,
            LAOIS,
            OFFALY,
        ),
        building(
            1400000006,
            Some("THE MALTINGS"),
            Some("2A"),
            None,
            Some(1200000001),
            None,
            DUBLIN_2,
            DUBLIN,
            DUBLIN,
        ),
        building(
            1400000007,
            None,
            None,
            None,
            None,
            Some(1110000001),
            DUNBOYNE,
            MEATH,
            MEATH,
        ),
    ]
}

/// One point per building, two apartments, and three points sharing one rural address.
fn address_points() -> Vec<AddressPoint> {
    vec![
        point(1700000001, 1400000001, Some("A86VC04"), None, false),
        point(1700000002, 1400000002, Some("D02X285"), None, false),
        point(1700000003, 1400000003, Some("D18K7P3"), None, false),
        point(1700000004, 1400000004, Some("R93F4E2"), None, false),
        point(1700000005, 1400000005, Some("R32T6D4"), None, false),
        point(
            1700000006,
            1400000006,
            Some("D02AC81"),
            Some("APARTMENT 1"),
            false,
        ),
        point(
            1700000007,
            1400000006,
            Some("D02AC82"),
            Some("APARTMENT 2"),
            false,
        ),
        point(1700000008, 1400000007, Some("A86W2Y5"), None, true),
        point(1700000009, 1400000007, Some("A86W2Y6"), None, true),
        point(1700000010, 1400000007, None, None, true),
    ]
}

/// A street abbreviation, a locality's alternative name and a misspelling.
fn aliases() -> BTreeMap<AliasTable, Vec<Alias>> {
    BTreeMap::from([
        (
            AliasTable::Thoroughfare,
            vec![Alias {
                id: 1,
                element_id: 1200000001,
                name: "DAME ST".into(),
                alias_type: 3,
            }],
        ),
        (
            AliasTable::Locality,
            vec![
                Alias {
                    id: 2,
                    element_id: 1110000002,
                    name: "CABINTEELY VILLAGE".into(),
                    alias_type: 2,
                },
                Alias {
                    id: 3,
                    element_id: 1110000001,
                    name: "MILFARM".into(),
                    alias_type: 1,
                },
            ],
        ),
    ])
}

/// The administrative areas of the estate house.
fn administrative_info() -> Vec<AdministrativeInfo> {
    vec![AdministrativeInfo {
        ecad_id: 1400000001,
        la_id: 14,
        ded_id: 167_001,
        small_area_id: 167_001_001,
        townland_id: 58_123,
        county_id: MEATH,
        gaeltacht: false,
        la_2015_id: 14,
        ded_2015_id: 167_001,
        small_area_2015_id: 167_001_001,
        townland_2015_id: 58_123,
        county_2015_id: MEATH,
        gaeltacht_2015: false,
        created: "2015-07-13T00:00:00.000Z".into(),
        modified: "2020-03-04T05:06:07.000Z".into(),
    }]
}

/// A changed and a retired address point.
fn history() -> Vec<History> {
    vec![
        History {
            ecad_id: 1700000099,
            eircode: Some("A86VC99".into()),
            status: HistoryStatus::Changed,
            new_ecad_id: Some(1700000001),
            new_eircode: Some("A86VC04".into()),
            change_date: "2019-05-06T00:00:00.000Z".into(),
        },
        History {
            ecad_id: 1700000098,
            eircode: Some("A86VC98".into()),
            status: HistoryStatus::Retired,
            new_ecad_id: None,
            new_eircode: None,
            change_date: "2020-01-01T00:00:00.000Z".into(),
        },
    ]
}
