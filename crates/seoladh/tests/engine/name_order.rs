//! Find Address reading a name's words where they are typed, on small hand-built datasets:
//! house 11 of LOWER BLYRY ROAD in the townland TRIM RD of the post town ENFIELD, and house 4 of
//! MAIN STREET in the post town TRIM (which has no LOWER BLYRY ROAD), CO. MEATH; and house 15 of
//! the estate BREFFNI COURT in the townland CARRICK-ON-SHANNON of the post town CARRICK ON
//! SHANNON, beside the CARRICK ON SHANNON CREDIT UNION at 15 BREFFNI CRESCENT, DROMARD; and
//! house 28 of KILMALLOCK RETAIL PARK and of RETAIL PARK, both in ARDPATRICK, KILMALLOCK; and
//! house 1 of two streets BACHELORS WALK in DUBLIN 2, one in the locality DUBLIN.

use seoladh::raw::ecad::*;
use seoladh::Language;

use crate::handbuilt::{
    building, county, engine, find, named, organisation, point_id, post_town, street_house,
};

const MEATH: u64 = 1001000001;
const TRIM: u64 = 1100000001;
const ENFIELD: u64 = 1100000002;
const TRIM_RD: u64 = 1110000001;
const BLYRY: u64 = 1200000001;
const MAIN: u64 = 1200000002;
const BLYRY_HOUSE: u64 = 1400000001;
const MAIN_HOUSE: u64 = 1400000002;

/// House `number` of `street` in `locality` of `town`.
fn house(id: u64, number: u64, street: u64, locality: Option<u64>, town: u64) -> Building {
    street_house(id, number, street, locality, (town, MEATH))
}

fn dataset() -> Dataset {
    crate::handbuilt::assemble(
        Dataset {
            counties: vec![county(MEATH, "MEATH", "AN MHÍ")],
            post_towns: vec![
                post_town(TRIM, "TRIM", "BAILE ÁTHA TROIM", MEATH),
                post_town(ENFIELD, "ENFIELD", "BÓTHAR BUÍ", MEATH),
            ],
            localities: vec![named(TRIM_RD, "TRIM RD", None, 3400)],
            thoroughfares: vec![
                named(BLYRY, "LOWER BLYRY ROAD", None, 3100),
                named(MAIN, "MAIN STREET", None, 3100),
            ],
            buildings: vec![
                house(BLYRY_HOUSE, 11, BLYRY, Some(TRIM_RD), ENFIELD),
                house(MAIN_HOUSE, 4, MAIN, None, TRIM),
            ],
            ..Dataset::default()
        },
        "A83",
    )
}

#[test]
fn a_name_is_not_read_backwards_across_a_comma() {
    let engine = engine(&dataset());
    let blyry = point_id(BLYRY_HOUSE);
    // `Road, Trim` is not the townland TRIM RD: the text names the post town TRIM, which has no
    // LOWER BLYRY ROAD, so the house in TRIM RD, ENFIELD is not the answer.
    let (code, id) = find(
        &engine,
        "11 LOWER BLYRY ROAD, TRIM, CO. MEATH",
        Language::English,
    );
    assert!(
        !(matches!(code, 100 | 110 | 200) && id == Some(blyry)),
        "answered {code} with the house in TRIM RD, ENFIELD"
    );
    // Typed in its order, the townland is named.
    assert_eq!(
        find(
            &engine,
            "11 LOWER BLYRY ROAD, TRIM RD, ENFIELD",
            Language::English
        ),
        (100, Some(blyry))
    );
}

#[test]
fn a_town_named_like_its_townland_is_not_a_line_typed_twice() {
    const LEITRIM: u64 = 1001000002;
    const CARRICK: u64 = 1100000010;
    const CARRICK_TOWNLAND: u64 = 1110000010;
    const DROMARD: u64 = 1110000011;
    const COURT: u64 = 1300000010;
    const CRESCENT: u64 = 1200000010;
    let town = (CARRICK, LEITRIM);
    let court = Building {
        number: Some("15".into()),
        ..building(1400000010, Some(CARRICK_TOWNLAND), Some(COURT), town)
    };
    let crescent = street_house(1400000011, 15, CRESCENT, Some(DROMARD), town);
    let mut ds = Dataset {
        counties: vec![county(LEITRIM, "LEITRIM", "LIATROIM")],
        post_towns: vec![post_town(
            CARRICK,
            "CARRICK ON SHANNON",
            "CORA DROMA RÚISC",
            LEITRIM,
        )],
        localities: vec![
            named(CARRICK_TOWNLAND, "CARRICK-ON-SHANNON", None, 3400),
            named(DROMARD, "DROMARD", None, 3400),
        ],
        thoroughfares: vec![named(CRESCENT, "BREFFNI CRESCENT", None, 3100)],
        building_groups: vec![named(COURT, "BREFFNI COURT", None, 1070)],
        buildings: vec![court, crescent],
        ..Dataset::default()
    };
    ds = crate::handbuilt::assemble(ds, "N41");
    ds.organisations = vec![organisation(
        1500000001,
        point_id(1400000011),
        "CARRICK ON SHANNON CREDIT UNION",
    )];
    seoladh::raw::ecad::address::derive_address_tables(&mut ds);
    let engine = engine(&ds);
    // The townland and the post town share their words; the credit union's name reads them once
    // and its post town again, which does not make the townland's line free for it.
    assert_eq!(
        find(
            &engine,
            "15 BREFFNI COURT, CARRICK-ON-SHANNON, CARRICK ON SHANNON, CO. LEITRIM",
            Language::English
        ),
        (100, Some(point_id(1400000010)))
    );
}

#[test]
fn a_line_read_as_two_names_out_of_their_order_is_no_exact_address() {
    const LIMERICK: u64 = 1001000003;
    const KILMALLOCK: u64 = 1100000020;
    const ARDPATRICK: u64 = 1110000020;
    const NAMED_PARK: u64 = 1200000020;
    const PARK: u64 = 1200000021;
    let town = (KILMALLOCK, LIMERICK);
    let ds = crate::handbuilt::assemble(
        Dataset {
            counties: vec![county(LIMERICK, "LIMERICK", "LUIMNEACH")],
            post_towns: vec![post_town(
                KILMALLOCK,
                "KILMALLOCK",
                "CILL MOCHEALLÓG",
                LIMERICK,
            )],
            localities: vec![named(ARDPATRICK, "ARDPATRICK", None, 3400)],
            thoroughfares: vec![
                named(NAMED_PARK, "KILMALLOCK RETAIL PARK", None, 3100),
                named(PARK, "RETAIL PARK", None, 3100),
            ],
            buildings: vec![
                street_house(1400000020, 28, NAMED_PARK, Some(ARDPATRICK), town),
                street_house(1400000021, 28, PARK, Some(ARDPATRICK), town),
            ],
            ..Dataset::default()
        },
        "V35",
    );
    let engine = engine(&ds);
    let (named_house, house) = (point_id(1400000020), point_id(1400000021));
    // Every word is one of 28 RETAIL PARK, ARDPATRICK, KILMALLOCK's, but only if the line
    // `Kilmallock Retail Park` holds the post town before the street: it reads as well as the
    // street KILMALLOCK RETAIL PARK with its post town left out, so neither is certain.
    let (code, id) = find(
        &engine,
        "28 Kilmallock Retail Park, Ardpatrick, Co. Limerick",
        Language::English,
    );
    assert!(
        !(matches!(code, 100 | 110 | 200) && id == Some(house)),
        "answered {code} with 28 RETAIL PARK"
    );
    // Each typed as stored is itself.
    assert_eq!(
        find(
            &engine,
            "28 KILMALLOCK RETAIL PARK, ARDPATRICK, KILMALLOCK, CO. LIMERICK",
            Language::English
        ),
        (100, Some(named_house))
    );
    assert_eq!(
        find(
            &engine,
            "28 RETAIL PARK, ARDPATRICK, KILMALLOCK, CO. LIMERICK",
            Language::English
        ),
        (100, Some(house))
    );
}

#[test]
fn a_county_word_that_is_one_addresses_own_line_is_that_address() {
    const DUBLIN_COUNTY: u64 = 1001000004;
    const DUBLIN_2: u64 = 1100000030;
    const DUBLIN: u64 = 1110000030;
    const WALK: u64 = 1200000030;
    const OTHER_WALK: u64 = 1200000031;
    let town = (DUBLIN_2, DUBLIN_COUNTY);
    let ds = crate::handbuilt::assemble(
        Dataset {
            counties: vec![county(DUBLIN_COUNTY, "DUBLIN", "BAILE ÁTHA CLIATH")],
            post_towns: vec![post_town(
                DUBLIN_2,
                "DUBLIN 2",
                "BAILE ÁTHA CLIATH 2",
                DUBLIN_COUNTY,
            )],
            localities: vec![named(DUBLIN, "DUBLIN", None, 3400)],
            thoroughfares: vec![
                named(WALK, "BACHELORS WALK", None, 3100),
                named(OTHER_WALK, "BACHELORS WALK", None, 3100),
            ],
            buildings: vec![
                street_house(1400000030, 1, WALK, Some(DUBLIN), town),
                street_house(1400000031, 1, OTHER_WALK, None, town),
            ],
            ..Dataset::default()
        },
        "D02",
    );
    let engine = engine(&ds);
    // Both are the text exactly (DUBLIN may be the county, which a Dublin district address does
    // not print), but only one takes `DUBLIN` as a line of its own.
    assert_eq!(
        find(
            &engine,
            "1 BACHELORS WALK, DUBLIN, DUBLIN 2",
            Language::English
        ),
        (100, Some(point_id(1400000030)))
    );
    assert_eq!(
        find(&engine, "1 BACHELORS WALK, DUBLIN 2", Language::English),
        (100, Some(point_id(1400000031)))
    );
}
