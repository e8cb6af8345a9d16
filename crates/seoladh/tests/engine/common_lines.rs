//! Lines made of common words, on a small hand-built dataset: the townland PARK of GOREY
//! beside GOREY BUSINESS PARK, which reads `park` and `gorey` across the comma, among over a
//! thousand estates named `… PARK` elsewhere (more than seeding reads for a word) and hundreds of
//! other townlands of GOREY; and the house THE LODGE in the townland LODGE of MALLOW, whose
//! one-word name is the line that holds it alone.

use seoladh::raw::ecad::*;
use seoladh::Language;

use crate::handbuilt::{answer, building, county, finds_itself, letters, named, post_town};

const WEXFORD: u64 = 1001000001;
const CORK: u64 = 1001000002;
const LAOIS: u64 = 1001000003;
const GOREY: u64 = 1100000001;
const MALLOW: u64 = 1100000002;
const PORTLAOISE: u64 = 1100000003;
const PARK: u64 = 1110000001;
const KILLOWEN: u64 = 1110000002;
const LODGE: u64 = 1110000003;
const GOREY_BUSINESS_PARK: u64 = 1300000001;
/// The first of the estates named `… PARK` in Portlaoise.
const PARKS: u64 = 1300001000;
/// More estates named `… PARK` than seeding reads postings of one word.
const MANY_PARKS: u64 = 1_200;

/// The first of the other townlands of Gorey.
const GOREY_TOWNLANDS: u64 = 1110001000;
/// Townlands of Gorey that name nothing typed.
const MANY_TOWNLANDS: u64 = 600;

fn dataset() -> Dataset {
    let gorey = (GOREY, WEXFORD);
    let mut localities = vec![
        named(PARK, "PARK", None, 3400),
        named(KILLOWEN, "KILLOWEN", None, 3400),
        named(LODGE, "LODGE", None, 3400),
    ];
    // Gorey's other townlands come first in the data, so the places of Gorey run by ordinal
    // reach PARK last.
    let mut buildings = Vec::new();
    for i in 0..MANY_TOWNLANDS {
        localities.push(named(
            GOREY_TOWNLANDS + i,
            &format!("KNOCK{}", letters(i)),
            None,
            3400,
        ));
        buildings.push(building(
            1400200000 + i,
            Some(GOREY_TOWNLANDS + i),
            None,
            gorey,
        ));
    }
    buildings.extend([
        Building {
            name: Some("BAYVIEW".into()),
            ..building(1400000001, Some(PARK), None, gorey)
        },
        building(1400000002, Some(PARK), None, gorey),
        building(1400000003, Some(PARK), None, gorey),
        Building {
            name: Some("BAYVIEW".into()),
            ..building(1400000004, Some(KILLOWEN), Some(GOREY_BUSINESS_PARK), gorey)
        },
        building(1400000005, Some(KILLOWEN), Some(GOREY_BUSINESS_PARK), gorey),
        Building {
            name: Some("THE LODGE".into()),
            ..building(1400000006, Some(LODGE), None, (MALLOW, CORK))
        },
        building(1400000007, Some(LODGE), None, (MALLOW, CORK)),
    ]);
    let mut building_groups = vec![named(
        GOREY_BUSINESS_PARK,
        "GOREY BUSINESS PARK",
        None,
        1070,
    )];
    for i in 0..MANY_PARKS {
        building_groups.push(named(
            PARKS + i,
            &format!("{} PARK", letters(i)),
            None,
            1070,
        ));
        buildings.push(building(
            1400100000 + i,
            None,
            Some(PARKS + i),
            (PORTLAOISE, LAOIS),
        ));
    }
    crate::handbuilt::assemble(
        Dataset {
            counties: vec![
                county(WEXFORD, "WEXFORD", "LOCH GARMAN"),
                county(CORK, "CORK", "CORCAIGH"),
                county(LAOIS, "LAOIS", "LAOIS"),
            ],
            post_towns: vec![
                post_town(GOREY, "GOREY", "GUAIRE", WEXFORD),
                post_town(MALLOW, "MALLOW", "MALA", CORK),
                post_town(PORTLAOISE, "PORTLAOISE", "PORT LAOISE", LAOIS),
            ],
            localities,
            building_groups,
            buildings,
            ..Dataset::default()
        },
        "Y25",
    )
}

#[test]
fn a_townland_named_by_a_common_word_is_found_in_the_town_typed_after_it() {
    let engine = crate::handbuilt::engine(&dataset());
    // BAYVIEW of the townland PARK, not of GOREY BUSINESS PARK.
    let bayview = 1700000001;
    finds_itself(
        &engine,
        bayview,
        Language::English,
        "BAYVIEW, PARK, GOREY, CO. WEXFORD",
    );
    // The townland alone is its three houses' group, not the business park.
    let r = answer(&engine, "PARK, GOREY, CO. WEXFORD", Language::English);
    let first = r.postal_address.as_ref().and_then(|l| l.first().cloned());
    assert_eq!(first.as_deref(), Some("PARK"));
}

#[test]
fn a_one_word_townland_reads_the_line_that_is_its_name_alone() {
    let engine = crate::handbuilt::engine(&dataset());
    let the_lodge = 1700000006;
    finds_itself(
        &engine,
        the_lodge,
        Language::English,
        "THE LODGE, LODGE, MALLOW, CO. CORK",
    );
}
