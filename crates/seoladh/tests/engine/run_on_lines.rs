//! Addresses typed as one run of words, without the commas between their lines, on a small
//! hand-built dataset of townlands whose Irish names read differently when a line follows:
//! - BAILE AN CHLÁIR ends in a county's Irish name (`An Clár`), the county Clare when it ends
//!   its line, the words `an chláir` when `GUAIRE` follows; AN BAILE LÁIR is one edit away;
//! - COILL AN Ó ends in a lone `Ó`, which the tokeniser joins to the word after it (`Ó Conaill`
//!   is one surname), here `TULACH`; AN CHOILL MHÓR shares its other words;
//! - BAILE AN TSRUTHÁIN starts with the word its post town BAILE ÁTHA FHIRDHIA starts with, and
//!   the house name before it ends in its article (`AN GRIANÁN`).
//!
//! Each house has a namesake in the rival townland, so the wrong reading answers confidently
//! with the wrong house. And `St` between two words, Saint before a name and Street after one,
//! where a line ends in it (NORTH ST, then SORD) or the next begins with it (ROSSMORE GROVE, then
//! ST GABRIELS).

use seoladh::raw::ecad::*;
use seoladh::wire::WireEnum;
use seoladh::Language;

use crate::handbuilt::{answer, building, county, find, named, post_town, stored};

const WEXFORD: u64 = 1001000001;
const OFFALY: u64 = 1001000002;
const LOUTH: u64 = 1001000003;
const CLARE: u64 = 1001000004;
const GOREY: u64 = 1100000001;
const TULLAMORE: u64 = 1100000002;
const ARDEE: u64 = 1100000003;
const ENNIS: u64 = 1100000004;

/// Each townland of the dataset: id, English name, Irish name, post town and county.
const TOWNLANDS: [(u64, &str, &str, (u64, u64)); 6] = [
    (
        1110000001,
        "BALLINCLARE",
        "BAILE AN CHLÁIR",
        (GOREY, WEXFORD),
    ),
    (1110000002, "MIDDLETOWN", "AN BAILE LÁIR", (GOREY, WEXFORD)),
    (1110000003, "WOODOFO", "COILL AN Ó", (TULLAMORE, OFFALY)),
    (1110000004, "KILMORE", "AN CHOILL MHÓR", (TULLAMORE, OFFALY)),
    (
        1110000005,
        "STREAMSTOWN",
        "BAILE AN TSRUTHÁIN",
        (ARDEE, LOUTH),
    ),
    (1110000006, "TULLYALLEN", "TULAIGH ÁLAINN", (ARDEE, LOUTH)),
];

/// The house names, each in every townland of its post town.
const HOUSES: [&str; 3] = ["ROSE COTTAGE", "BAYVIEW", "AN GRIANÁN"];

fn dataset() -> Dataset {
    let mut buildings = Vec::new();
    for (t, &(townland, _, _, town)) in TOWNLANDS.iter().enumerate() {
        for (h, house) in HOUSES.iter().enumerate() {
            buildings.push(Building {
                name: Some(house.to_string()),
                ..building(
                    1400000000 + 10 * t as u64 + h as u64,
                    Some(townland),
                    None,
                    town,
                )
            });
        }
        // A plain house too: the townland typed alone is its address.
        buildings.push(building(
            1400000000 + 10 * t as u64 + 9,
            Some(townland),
            None,
            town,
        ));
    }
    crate::handbuilt::assemble(
        Dataset {
            counties: vec![
                county(WEXFORD, "WEXFORD", "LOCH GARMAN"),
                county(OFFALY, "OFFALY", "UÍBH FHAILÍ"),
                county(LOUTH, "LOUTH", "LÚ"),
                county(CLARE, "CLARE", "AN CLÁR"),
            ],
            post_towns: vec![
                post_town(GOREY, "GOREY", "GUAIRE", WEXFORD),
                post_town(TULLAMORE, "TULLAMORE", "TULACH MHÓR", OFFALY),
                post_town(ARDEE, "ARDEE", "BAILE ÁTHA FHIRDHIA", LOUTH),
                post_town(ENNIS, "ENNIS", "INIS", CLARE),
            ],
            localities: TOWNLANDS
                .iter()
                .map(|&(id, en, ga, _)| named(id, en, Some(ga), 3400))
                .collect(),
            buildings,
            ..Dataset::default()
        },
        "Y25",
    )
}

#[test]
fn every_house_typed_without_commas_finds_itself_in_irish_and_english() {
    let ds = dataset();
    let engine = crate::handbuilt::engine(&ds);
    let named_points = ds.address_points.iter().filter(|p| {
        ds.buildings
            .iter()
            .any(|b| b.id == p.building_id && b.name.is_some())
    });
    let mut checked = 0;
    for p in named_points {
        for lang in [Language::Irish, Language::English] {
            let text = stored(&engine, p.id, lang);
            for typed in [
                text.clone(),
                text.replace(',', ""),
                text.replace(',', "").to_lowercase(),
            ] {
                let r = answer(&engine, &typed, lang);
                assert_eq!(
                    (r.result.code(), r.address_id),
                    (100, Some(p.id)),
                    "{typed}"
                );
                // Typed as stored, no word of it was misspelt (`Ó TULACH` is no typo of TULACH).
                let clean = r.clean_result.expect("a match reports its clean result");
                assert!(!clean.is_spelling_changed, "{typed}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, TOWNLANDS.len() * HOUSES.len() * 2 * 3);
}

#[test]
fn a_townland_typed_without_commas_is_itself_not_its_look_alike() {
    let engine = crate::handbuilt::engine(&dataset());
    // The plain house of townland `t`: the one point with the townland's address.
    let plain = |t: u64| Some(1700000009 + 10 * t);
    for (typed, lang, townland) in [
        ("BAILE AN CHLÁIR GUAIRE CO. LOCH GARMAN", Language::Irish, 0),
        ("baile an chlair guaire", Language::Irish, 0),
        ("COILL AN Ó TULACH MHÓR CO. UÍBH FHAILÍ", Language::Irish, 2),
        ("Coill an O Tulach Mhor", Language::English, 2),
        (
            "BAILE AN TSRUTHÁIN BAILE ÁTHA FHIRDHIA CO. LÚ",
            Language::Irish,
            4,
        ),
    ] {
        assert_eq!(
            find(&engine, typed, lang),
            (100, plain(townland)),
            "{typed}"
        );
    }
}

/// Estates in a townland NORTH ST of SWORDS, and in ST GABRIELS of DUBLIN 18.
fn saints_and_streets() -> Dataset {
    const DUBLIN: u64 = 1001000001;
    const SWORDS: u64 = 1100000001;
    const DUBLIN_18: u64 = 1100000002;
    const NORTH_ST: u64 = 1110000001;
    const ST_GABRIELS: u64 = 1110000002;
    const EDEN_VILLAS: u64 = 1300000001;
    const ROSSMORE_GROVE: u64 = 1300000002;
    let mut buildings = Vec::new();
    for n in 1..=4u64 {
        buildings.push(Building {
            number: Some(n.to_string()),
            ..building(
                1400000000 + n,
                Some(NORTH_ST),
                Some(EDEN_VILLAS),
                (SWORDS, DUBLIN),
            )
        });
        buildings.push(Building {
            number: Some(n.to_string()),
            ..building(
                1400000100 + n,
                Some(ST_GABRIELS),
                Some(ROSSMORE_GROVE),
                (DUBLIN_18, DUBLIN),
            )
        });
    }
    crate::handbuilt::assemble(
        Dataset {
            counties: vec![county(DUBLIN, "DUBLIN", "BAILE ÁTHA CLIATH")],
            post_towns: vec![
                post_town(SWORDS, "SWORDS", "SORD", DUBLIN),
                post_town(DUBLIN_18, "DUBLIN 18", "BAILE ÁTHA CLIATH 18", DUBLIN),
            ],
            localities: vec![
                named(NORTH_ST, "NORTH ST", None, 3400),
                named(ST_GABRIELS, "ST GABRIELS", None, 3400),
            ],
            building_groups: vec![
                named(EDEN_VILLAS, "EDEN VILLAS", None, 1070),
                named(
                    ROSSMORE_GROVE,
                    "ROSSMORE GROVE",
                    Some("GARRÁN ROSSMORE"),
                    1070,
                ),
            ],
            buildings,
            ..Dataset::default()
        },
        "K67",
    )
}

#[test]
fn st_ending_one_line_or_beginning_the_next_is_read_both_ways_without_commas() {
    let ds = saints_and_streets();
    let engine = crate::handbuilt::engine(&ds);
    for p in &ds.address_points {
        for lang in [Language::English, Language::Irish] {
            let text = stored(&engine, p.id, lang);
            for typed in [text.clone(), text.replace(',', "")] {
                assert_eq!(find(&engine, &typed, lang), (100, Some(p.id)), "{typed}");
            }
        }
    }
    // Typed whole, `St` keeps the reading its position gives.
    assert_eq!(
        find(
            &engine,
            "3 Eden Villas, North St., Swords",
            Language::English
        ),
        (100, Some(1700000003))
    );
}
