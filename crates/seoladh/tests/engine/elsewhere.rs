//! A house on a street the town typed does not have, on small hand-built datasets of one
//! county's towns: what is offered elsewhere, and how far the answer reaches in the town.
//!
//! - `3 FRANCIS STREET, TRIM` (TRIM has none) offers the same address in other towns, word for
//!   word: house 3 of FRANCIS STREET in KELLS, not 3 ST. FRANCIS STREET, 3 FRANCIS STREET
//!   CRESCENT or 3/4 FRANCIS STREET.
//! - `43 BRIARWOOD PARK, SCHOOL ROAD, TRIM` names an estate TRIM does not have on its SCHOOL
//!   ROAD: 400 at the street, though TRIM has a townland PARK (the estate's type, typed so, is
//!   no townland).
//! - `MAIN STREET, ADDISON, MEATH` (a town named like its county, a MAIN STREET in each of a
//!   dozen towns of the county, and a word none has) reaches the MAIN STREET of the town MEATH:
//!   every other needs its own town's name, untyped, however many there are.
//! - `20 RATHGAR ROAD, BOOTERSTOWN, STILLORGAN`: of the townland BOOTERSTOWN of the post town
//!   STILLORGAN and the townland STILLORGAN of the post town BOOTERSTOWN, the lines in the order
//!   typed name the first.

use seoladh::raw::ecad::*;
use seoladh::wire::WireEnum;
use seoladh::Language;

use crate::handbuilt::{answer, county, engine, letters, named, point_id, post_town, street_house};

const MEATH: u64 = 1001000001;
const TRIM: u64 = 1100000001;
const KELLS: u64 = 1100000002;
const NAVAN: u64 = 1100000003;
const ATHBOY: u64 = 1100000004;
const DUNBOYNE: u64 = 1100000005;
const PARK: u64 = 1110000001;
const SCHOOL_ROAD: u64 = 1200000001;
const FRANCIS_STREET: u64 = 1200000002;
const ST_FRANCIS_STREET: u64 = 1200000003;
const FRANCIS_STREET_CRESCENT: u64 = 1200000004;
const DUNBOYNE_FRANCIS_STREET: u64 = 1200000005;
const KELLS_HOUSE: u64 = 1400000002;

fn towns() -> Dataset {
    let at = |town| (town, MEATH);
    let ds = Dataset {
        counties: vec![county(MEATH, "MEATH", "AN MHÍ")],
        post_towns: vec![
            post_town(TRIM, "TRIM", "BAILE ÁTHA TROIM", MEATH),
            post_town(KELLS, "KELLS", "CEANANNAS", MEATH),
            post_town(NAVAN, "NAVAN", "AN UAIMH", MEATH),
            post_town(ATHBOY, "ATHBOY", "BAILE ÁTHA BUÍ", MEATH),
            post_town(DUNBOYNE, "DUNBOYNE", "DÚN BÚINNE", MEATH),
        ],
        localities: vec![named(PARK, "PARK", Some("AN PHÁIRC"), 3400)],
        thoroughfares: vec![
            named(SCHOOL_ROAD, "SCHOOL ROAD", None, 3100),
            named(FRANCIS_STREET, "FRANCIS STREET", None, 3100),
            named(ST_FRANCIS_STREET, "ST. FRANCIS STREET", None, 3100),
            named(
                FRANCIS_STREET_CRESCENT,
                "FRANCIS STREET CRESCENT",
                None,
                3100,
            ),
            named(DUNBOYNE_FRANCIS_STREET, "FRANCIS STREET", None, 3100),
        ],
        buildings: vec![
            street_house(1400000001, 43, SCHOOL_ROAD, None, at(TRIM)),
            street_house(KELLS_HOUSE, 3, FRANCIS_STREET, None, at(KELLS)),
            street_house(1400000003, 3, ST_FRANCIS_STREET, None, at(NAVAN)),
            street_house(1400000004, 3, FRANCIS_STREET_CRESCENT, None, at(ATHBOY)),
            Building {
                number: Some("3/4".into()),
                ..street_house(1400000005, 0, DUNBOYNE_FRANCIS_STREET, None, at(DUNBOYNE))
            },
            crate::handbuilt::building(1400000006, Some(PARK), None, at(TRIM)),
        ],
        ..Dataset::default()
    };
    crate::handbuilt::assemble(ds, "C15")
}

#[test]
fn only_the_same_street_and_number_are_offered_elsewhere() {
    let engine = engine(&towns());
    let r = answer(&engine, "3 FRANCIS STREET, TRIM", Language::English);
    let offered: Vec<(Option<u64>, &str)> = r
        .options
        .iter()
        .map(|o| (o.address_id, o.display_name.as_str()))
        .collect();
    assert_eq!(r.postcode, None);
    assert_eq!(
        (r.result.code(), offered),
        (
            500,
            vec![(
                Some(point_id(KELLS_HOUSE)),
                "3 FRANCIS STREET, KELLS, CO. MEATH"
            )]
        )
    );
}

#[test]
fn a_street_type_typed_after_a_name_is_no_townland() {
    let engine = engine(&towns());
    let r = answer(
        &engine,
        "43 BRIARWOOD PARK, SCHOOL ROAD, TRIM",
        Language::English,
    );
    assert_eq!(
        (r.result.code(), r.address_id, r.postcode.as_deref()),
        (400, Some(SCHOOL_ROAD), None),
        "{:?}",
        r.postal_address
    );
}

#[test]
fn the_town_named_like_its_county_is_read_past_the_window() {
    const TOWN: u64 = 1100000100;
    const STREET: u64 = 1200000100;
    let mut ds = Dataset {
        counties: vec![county(MEATH, "MEATH", "AN MHÍ")],
        post_towns: vec![post_town(TOWN, "MEATH", "AN MHÍ", MEATH)],
        thoroughfares: vec![named(STREET, "MAIN STREET", Some("AN PHRÍOMHSRÁID"), 3100)],
        buildings: vec![street_house(1400000100, 13, STREET, None, (TOWN, MEATH))],
        ..Dataset::default()
    };
    // A dozen other towns of the county, each with a house 13 on its own MAIN STREET: more
    // near-tied readings than the classifier reads closely.
    for i in 0..12 {
        let (town, street) = (1100000200 + i, 1200000200 + i);
        let name = format!("BALLY{}", letters(i));
        ds.post_towns.push(post_town(town, &name, &name, MEATH));
        ds.thoroughfares
            .push(named(street, "MAIN STREET", Some("AN PHRÍOMHSRÁID"), 3100));
        ds.buildings.push(street_house(
            1400000200 + i,
            13,
            street,
            None,
            (town, MEATH),
        ));
    }
    let engine = engine(&crate::handbuilt::assemble(ds, "C15"));
    let r = answer(&engine, "MAIN STREET, ADDISON, MEATH", Language::English);
    assert_eq!(
        (r.result.code(), r.address_id, r.postcode.as_deref()),
        (400, Some(STREET), None),
        "{:?}",
        r.postal_address
    );
}

#[test]
fn lines_in_the_order_typed_name_the_townland_of_the_post_town_typed() {
    const DUBLIN: u64 = 1001000006;
    const STILLORGAN: u64 = 1100000011;
    const BOOTERSTOWN: u64 = 1100000012;
    const BOOTERSTOWN_OF_STILLORGAN: u64 = 1110000011;
    const STILLORGAN_OF_BOOTERSTOWN: u64 = 1110000012;
    const ALL_SAINTS_PARK: u64 = 1200000011;
    const LISMORE_ROAD: u64 = 1200000012;
    let ds = Dataset {
        counties: vec![county(DUBLIN, "DUBLIN", "BAILE ÁTHA CLIATH")],
        post_towns: vec![
            post_town(STILLORGAN, "STILLORGAN", "STIGH LORGAN", DUBLIN),
            post_town(BOOTERSTOWN, "BOOTERSTOWN", "BAILE AN BHÓTHAIR", DUBLIN),
        ],
        localities: vec![
            named(BOOTERSTOWN_OF_STILLORGAN, "BOOTERSTOWN", None, 3400),
            named(STILLORGAN_OF_BOOTERSTOWN, "STILLORGAN", None, 3400),
        ],
        thoroughfares: vec![
            named(ALL_SAINTS_PARK, "ALL SAINTS PARK", None, 3100),
            named(LISMORE_ROAD, "LISMORE ROAD", None, 3100),
        ],
        buildings: vec![
            street_house(
                1400000011,
                20,
                ALL_SAINTS_PARK,
                Some(BOOTERSTOWN_OF_STILLORGAN),
                (STILLORGAN, DUBLIN),
            ),
            street_house(
                1400000012,
                20,
                LISMORE_ROAD,
                Some(STILLORGAN_OF_BOOTERSTOWN),
                (BOOTERSTOWN, DUBLIN),
            ),
        ],
        ..Dataset::default()
    };
    let engine = engine(&crate::handbuilt::assemble(ds, "A94"));
    let r = answer(
        &engine,
        "20 RATHGAR ROAD, BOOTERSTOWN, STILLORGAN, CO. DUBLIN",
        Language::English,
    );
    assert_eq!(
        (r.result.code(), r.address_id, r.postcode.as_deref()),
        (400, Some(BOOTERSTOWN_OF_STILLORGAN), None),
        "{:?}",
        r.postal_address
    );
}
