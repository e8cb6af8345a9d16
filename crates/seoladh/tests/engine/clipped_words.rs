//! Find Address reading a three-letter word as the longer word it was clipped from, on a small
//! hand-built dataset: house 19 of MAIN STREET in the town WICKLOW and of MAIN STREET in its
//! townland RATHNEW, whose street has the misspelt alias MANI STREET; forty more MAIN STREETs
//! (so MAIN is a common word) and a townland MAI (so `mai` is a rare word of its own).

use seoladh::raw::ecad::*;
use seoladh::Language;

use crate::handbuilt::{county, engine, find, named, post_town};

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
    Building {
        number: Some(number.to_string()),
        primary_thoroughfare_id: Some(street),
        ..crate::handbuilt::building(id, locality, None, (WICKLOW, WICKLOW_COUNTY))
    }
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
        crate::handbuilt::building(1400000003, Some(MAI), None, (WICKLOW, WICKLOW_COUNTY)),
    ];
    for i in 0..40 {
        let townland = TOWNLANDS + i;
        localities.push(named(
            townland,
            &format!("KNOCK{}", crate::handbuilt::letters(i)),
            None,
            3400,
        ));
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

/// The point of building `id` (one plain point per building, see `handbuilt::points`).
fn point_of(id: u64) -> u64 {
    id + 300000000
}

#[test]
fn a_clipped_word_is_the_common_word_before_a_rare_misspelling_of_it() {
    let engine = engine(&dataset());
    // `mai` is MAIN clipped, no more the MANI of RATHNEW's misspelt alias than MAIN.
    assert_eq!(
        find(&engine, "19 mai street, wicklow", Language::English),
        (100, Some(point_of(TOWN_HOUSE)))
    );
    assert_eq!(
        find(
            &engine,
            "19 mai street, rathnew, wicklow",
            Language::English
        ),
        (100, Some(point_of(RATHNEW_HOUSE)))
    );
    // The alias typed in full is RATHNEW's street.
    assert_eq!(
        find(&engine, "19 mani street, wicklow", Language::English),
        (100, Some(point_of(RATHNEW_HOUSE)))
    );
}
