//! Names shared by different kinds of element, on a small hand-built dataset: a townland named
//! like another county's post town, two streets of one town whose names read alike in English
//! but not in Irish, an organisation whose name holds the words of its street and town, a
//! locality named like the street in it, and a house name that begins with the article of the
//! next line's Irish name.
//! Each address typed as its postal address stores it finds itself.

use seoladh::raw::ecad::address::derive_address_tables;
use seoladh::raw::ecad::*;
use seoladh::Language;

use crate::handbuilt::{
    building, county, find, finds_itself, named, organisation, point, post_town, stored,
};

const LOUTH: u64 = 1001000001;
const CORK: u64 = 1001000002;
const SLIGO_COUNTY: u64 = 1001000003;
const DUNDALK: u64 = 1100000001;
const CHARLEVILLE_TOWN: u64 = 1100000002;
const DROGHEDA: u64 = 1100000003;
const SLIGO: u64 = 1100000004;
/// A townland of DUNDALK named like the post town in CO. CORK.
const CHARLEVILLE: u64 = 1110000001;
/// No Irish name: the Irish address writes it in English.
const GEORGE_S_STREET: u64 = 1200000001;
/// Irish name SRÁID GEORGES: in English it reads as GEORGE'S STREET does.
const GEORGES_STREET: u64 = 1200000002;
const STATION_ROAD: u64 = 1200000003;
const ARDEE: u64 = 1100000005;
/// A locality named like its street MAIN STREET.
const MAIN_ST: u64 = 1110000002;
const MAIN_STREET: u64 = 1200000004;
const TERRACE: u64 = 1200000005;
/// A townland of DUNDALK whose Irish name is AN PORTÁN.
const PORTAN: u64 = 1110000003;

/// A house: `number` on `street`, or in `locality`, of `town` in `county`.
fn house(
    id: u64,
    number: Option<&str>,
    street: Option<u64>,
    locality: Option<u64>,
    town: (u64, u64),
) -> Building {
    Building {
        number: number.map(Into::into),
        primary_thoroughfare_id: street,
        ..building(id, locality, None, town)
    }
}

/// A flat of a building.
fn flat(id: u64, building: u64, name: &str, eircode: &str) -> AddressPoint {
    AddressPoint {
        sub_building_name: Some(name.into()),
        ..point(id, building, eircode)
    }
}

fn dataset() -> Dataset {
    let dundalk = (DUNDALK, LOUTH);
    let charleville = (CHARLEVILLE_TOWN, CORK);
    let drogheda = (DROGHEDA, LOUTH);
    let sligo = (SLIGO, SLIGO_COUNTY);
    let ardee = (ARDEE, LOUTH);
    let mut ds = Dataset {
        counties: vec![
            county(LOUTH, "LOUTH", "LÚ"),
            county(CORK, "CORK", "CHORCAÍ"),
            county(SLIGO_COUNTY, "SLIGO", "SHLIGIGH"),
        ],
        post_towns: vec![
            post_town(DUNDALK, "DUNDALK", "DÚN DEALGAN", LOUTH),
            post_town(CHARLEVILLE_TOWN, "CHARLEVILLE", "AN RÁTH", CORK),
            post_town(DROGHEDA, "DROGHEDA", "DROICHEAD ÁTHA", LOUTH),
            post_town(SLIGO, "SLIGO", "SLIGEACH", SLIGO_COUNTY),
            post_town(ARDEE, "ARDEE", "BAILE ÁTHA FHIRDHIA", LOUTH),
        ],
        localities: vec![
            named(CHARLEVILLE, "CHARLEVILLE", None, 3400),
            named(MAIN_ST, "MAIN ST", None, 3400),
            named(PORTAN, "PORTAN", Some("AN PORTÁN"), 3400),
        ],
        thoroughfares: vec![
            named(GEORGE_S_STREET, "GEORGE'S STREET", None, 3200),
            named(
                GEORGES_STREET,
                "GEORGES STREET",
                Some("SRÁID GEORGES"),
                3200,
            ),
            named(
                STATION_ROAD,
                "STATION ROAD",
                Some("BÓTHAR AN STÁISIÚIN"),
                3200,
            ),
            named(MAIN_STREET, "MAIN STREET", Some("AN PHRÍOMHSRÁID"), 3200),
            named(TERRACE, "SAINT CATHERINE'S TERRACE", None, 3200),
        ],
        buildings: vec![
            house(1400000001, None, None, Some(CHARLEVILLE), dundalk),
            house(1400000002, None, None, None, charleville),
            house(1400000003, None, None, None, charleville),
            house(1400000004, Some("5"), Some(GEORGE_S_STREET), None, drogheda),
            house(1400000005, Some("5"), Some(GEORGES_STREET), None, drogheda),
            house(1400000006, Some("1"), Some(STATION_ROAD), None, sligo),
            house(1400000007, Some("2"), Some(STATION_ROAD), None, sligo),
            house(1400000008, Some("3"), Some(STATION_ROAD), None, sligo),
            house(
                1400000009,
                Some("1"),
                Some(MAIN_STREET),
                Some(MAIN_ST),
                ardee,
            ),
            house(1400000010, Some("1"), Some(TERRACE), Some(MAIN_ST), ardee),
            Building {
                name: Some("AN GRIANÁN".into()),
                ..house(1400000011, None, None, Some(PORTAN), dundalk)
            },
            house(1400000012, None, None, Some(PORTAN), dundalk),
            house(1400000013, Some("14"), Some(STATION_ROAD), None, sligo),
        ],
        address_points: vec![
            point(1700000001, 1400000001, "A91A001"),
            point(1700000002, 1400000002, "P56A002"),
            point(1700000003, 1400000003, "P56A003"),
            point(1700000004, 1400000004, "A92A004"),
            point(1700000005, 1400000005, "A92A005"),
            point(1700000006, 1400000006, "F91A006"),
            point(1700000007, 1400000007, "F91A007"),
            point(1700000008, 1400000008, "F91A008"),
            point(1700000009, 1400000009, "A92A009"),
            point(1700000010, 1400000010, "A92A010"),
            point(1700000011, 1400000011, "A91A011"),
            point(1700000012, 1400000012, "A91A012"),
            flat(1700000013, 1400000013, "FLAT 5", "F91A013"),
            flat(1700000014, 1400000013, "FLAT 6", "F91A014"),
        ],
        organisations: vec![organisation(1800000001, 1700000008, "SLIGO GARDA STATION")],
        ..Dataset::default()
    };
    derive_address_tables(&mut ds);
    ds
}

#[test]
fn a_townland_named_like_a_post_town_elsewhere_is_not_shared_with_it() {
    let engine = crate::handbuilt::engine(&dataset());
    finds_itself(
        &engine,
        1700000001,
        Language::English,
        "CHARLEVILLE, DUNDALK, CO. LOUTH",
    );
    // The post town's own address is shared by its two unnumbered houses.
    let town = stored(&engine, 1700000002, Language::English);
    assert_eq!(town, "CHARLEVILLE, CO. CORK");
    assert_eq!(find(&engine, &town, Language::English).0, 300);
}

#[test]
fn irish_text_is_the_address_whose_irish_lines_it_is() {
    let engine = crate::handbuilt::engine(&dataset());
    finds_itself(
        &engine,
        1700000004,
        Language::Irish,
        "5 GEORGE'S STREET, DROICHEAD ÁTHA, CO. LÚ",
    );
    let other = stored(&engine, 1700000005, Language::Irish);
    assert_eq!(other, "5 SRÁID GEORGES, DROICHEAD ÁTHA, CO. LÚ");
    assert_eq!(
        find(&engine, &other, Language::Irish),
        (100, Some(1700000005))
    );
    // In English the two read alike: neither is chosen for the person.
    let english = stored(&engine, 1700000004, Language::English);
    let (code, _) = find(&engine, &english, Language::English);
    assert!(matches!(code, 100 | 300 | 500), "{english}: {code}");
}

#[test]
fn an_organisation_named_after_its_street_and_town_leaves_them_their_words() {
    let engine = crate::handbuilt::engine(&dataset());
    for id in [1700000006, 1700000007] {
        let text = stored(&engine, id, Language::English);
        assert_eq!(
            find(&engine, &text, Language::English),
            (100, Some(id)),
            "{text}"
        );
    }
    let garda = stored(&engine, 1700000008, Language::English);
    assert_eq!(garda, "SLIGO GARDA STATION, 3 STATION ROAD, SLIGO");
    assert_eq!(
        find(&engine, &garda, Language::English),
        (100, Some(1700000008))
    );
}

#[test]
fn a_number_typed_beside_an_organisations_words_is_no_flat_of_another_building() {
    let engine = crate::handbuilt::engine(&dataset());
    // CASTLEGATE is not in the data; STATION and SLIGO name the organisation's words too.
    let text = "5 CASTLEGATE, STATION RD, SLIGO";
    let (code, id) = find(&engine, text, Language::English);
    assert_ne!(id, Some(1700000013), "{text}: {code}");
    assert!(!matches!(code, 100..=200), "{text}: {code} {id:?}");
    // The flat typed with its building is found.
    let flat = stored(&engine, 1700000013, Language::English);
    assert_eq!(flat, "FLAT 5, 14 STATION ROAD, SLIGO");
    assert_eq!(
        find(&engine, &flat, Language::English),
        (100, Some(1700000013))
    );
}

#[test]
fn a_street_named_like_its_locality_is_read_from_its_own_line() {
    let engine = crate::handbuilt::engine(&dataset());
    finds_itself(
        &engine,
        1700000009,
        Language::English,
        "1 MAIN STREET, MAIN ST, ARDEE, CO. LOUTH",
    );
    let terrace = stored(&engine, 1700000010, Language::English);
    assert_eq!(
        find(&engine, &terrace, Language::English),
        (100, Some(1700000010))
    );
}

#[test]
fn a_house_name_keeps_its_article_from_the_next_lines_irish_name() {
    let engine = crate::handbuilt::engine(&dataset());
    finds_itself(
        &engine,
        1700000011,
        Language::English,
        "AN GRIANÁN, PORTAN, DUNDALK, CO. LOUTH",
    );
    let townland = stored(&engine, 1700000012, Language::Irish);
    assert_eq!(townland, "AN PORTÁN, DÚN DEALGAN, CO. LÚ");
    assert_eq!(
        find(&engine, &townland, Language::Irish),
        (100, Some(1700000012))
    );
}
