//! Find Address reading misspelt words, on small hand-built datasets. A three-letter word read
//! as the longer word it was clipped from: house 19 of MAIN STREET in the town WICKLOW and of
//! MAIN STREET in its townland RATHNEW, whose street has the misspelt alias MANI STREET; forty
//! more MAIN STREETs (so MAIN is a common word) and a townland MAI (so `mai` is a rare word of
//! its own). A townland named like a street, its street type misspelt: house 23 of the estate
//! ALPINE HEIGHTS in KILL O' THE GRANGE, MONKSTOWN, CO. DUBLIN.

use seoladh::raw::ecad::*;
use seoladh::Language;

use crate::handbuilt::{
    building, county, engine, find, letters, named, point_id, post_town, street_house,
};

const WICKLOW_COUNTY: u64 = 1001000001;
const WICKLOW: u64 = 1100000001;
const RATHNEW: u64 = 1110000001;
const MAI: u64 = 1110000002;
/// The first of the townlands holding one more MAIN STREET each.
const TOWNLANDS: u64 = 1110001000;
const TOWN_STREET: u64 = 1200000001;
const RATHNEW_STREET: u64 = 1200000002;
const OTHER_STREETS: u64 = 1200001000;
const TOWN_HOUSE: u64 = 1400000001;
const RATHNEW_HOUSE: u64 = 1400000002;

/// House `number` of thoroughfare `street` in `locality` (none: the town itself) of WICKLOW.
fn house(id: u64, number: u64, street: u64, locality: Option<u64>) -> Building {
    street_house(id, number, street, locality, (WICKLOW, WICKLOW_COUNTY))
}

fn dataset() -> Dataset {
    let mut localities = vec![
        named(RATHNEW, "RATHNEW", None, 3400),
        named(MAI, "MAI", None, 3400),
    ];
    let mut thoroughfares = vec![
        named(TOWN_STREET, "MAIN STREET", None, 3100),
        named(RATHNEW_STREET, "MAIN STREET", None, 3100),
    ];
    let mut buildings = vec![
        house(TOWN_HOUSE, 19, TOWN_STREET, None),
        house(RATHNEW_HOUSE, 19, RATHNEW_STREET, Some(RATHNEW)),
        building(1400000003, Some(MAI), None, (WICKLOW, WICKLOW_COUNTY)),
    ];
    for i in 0..40 {
        let townland = TOWNLANDS + i;
        localities.push(named(townland, &format!("KNOCK{}", letters(i)), None, 3400));
        thoroughfares.push(named(OTHER_STREETS + i, "MAIN STREET", None, 3100));
        buildings.push(house(1400001000 + i, 3, OTHER_STREETS + i, Some(townland)));
    }
    let mut ds = Dataset {
        counties: vec![county(WICKLOW_COUNTY, "WICKLOW", "CILL MHANTÁIN")],
        post_towns: vec![post_town(
            WICKLOW,
            "WICKLOW",
            "CILL MHANTÁIN",
            WICKLOW_COUNTY,
        )],
        localities,
        thoroughfares,
        buildings,
        ..Dataset::default()
    };
    ds.aliases.insert(
        AliasTable::Thoroughfare,
        vec![Alias {
            id: 1800000001,
            element_id: RATHNEW_STREET,
            name: "MANI STREET".into(),
            alias_type: 1,
        }],
    );
    crate::handbuilt::assemble(ds, "A67")
}

#[test]
fn a_clipped_word_is_the_common_word_before_a_rare_misspelling_of_it() {
    let engine = engine(&dataset());
    // `mai` is MAIN clipped, no more the MANI of RATHNEW's misspelt alias than MAIN.
    assert_eq!(
        find(&engine, "19 mai street, wicklow", Language::English),
        (100, Some(point_id(TOWN_HOUSE)))
    );
    assert_eq!(
        find(
            &engine,
            "19 mai street, rathnew, wicklow",
            Language::English
        ),
        (100, Some(point_id(RATHNEW_HOUSE)))
    );
    // The alias typed in full is RATHNEW's street.
    assert_eq!(
        find(&engine, "19 mani street, wicklow", Language::English),
        (100, Some(point_id(RATHNEW_HOUSE)))
    );
}

#[test]
fn a_townland_named_like_a_street_is_named_whole_by_its_misspelt_street_type() {
    const DUBLIN: u64 = 1001000002;
    const MONKSTOWN: u64 = 1100000002;
    const KILL: u64 = 1110000010;
    const ALPINE: u64 = 1300000010;
    const OTHER_TOWNS: u64 = 1100000100;
    const GRANGES: u64 = 1110000100;
    let mut buildings = vec![Building {
        number: Some("23".into()),
        ..building(1400000010, Some(KILL), Some(ALPINE), (MONKSTOWN, DUBLIN))
    }];
    let mut localities = vec![named(KILL, "KILL O' THE GRANGE", None, 3400)];
    let mut post_towns = vec![post_town(
        MONKSTOWN,
        "MONKSTOWN",
        "BAILE AN MHANAIGH",
        DUBLIN,
    )];
    // Townlands GRANGE and KILL in other towns: places the words may name on their own.
    for i in 0..6 {
        let town = OTHER_TOWNS + i;
        post_towns.push(post_town(
            town,
            &format!("TOWN{}", letters(i)),
            "BAILE",
            DUBLIN,
        ));
        for (k, name) in ["GRANGE", "KILL"].into_iter().enumerate() {
            let townland = GRANGES + 2 * i + k as u64;
            localities.push(named(townland, name, None, 3400));
            buildings.push(building(
                1400000100 + 2 * i + k as u64,
                Some(townland),
                None,
                (town, DUBLIN),
            ));
        }
    }
    let ds = crate::handbuilt::assemble(
        Dataset {
            counties: vec![county(DUBLIN, "DUBLIN", "BAILE ÁTHA CLIATH")],
            post_towns,
            localities,
            building_groups: vec![named(ALPINE, "ALPINE HEIGHTS", None, 1070)],
            buildings,
            ..Dataset::default()
        },
        "A94",
    );
    let engine = engine(&ds);
    // GRANGE is a street type: the townland typed with it misspelt is still named whole, not
    // a street name typed without its type (which left nothing to answer: 550).
    assert_eq!(
        find(
            &engine,
            "23 ALPINE HEIGHTS, KILL O' THE GRNAGE, MONKSTOWN, CO. DUBIN",
            Language::English
        ),
        (100, Some(point_id(1400000010)))
    );
}
