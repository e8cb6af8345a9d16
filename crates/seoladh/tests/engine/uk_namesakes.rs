//! Irish places named like UK towns, on a small hand-built dataset: the townlands LEEDS and DERRY
//! of a few scattered houses, and the locality CRUMLIN with a MAIN STREET, all of the post town
//! TUAM, CO. GALWAY. A house number before a UK town whose Irish namesakes hold no street cannot
//! be an Irish address there (600); a namesake holding streets keeps the input Irish unless a
//! UK address of the data holds every word typed (10 BRAESIDE PARK, CRUMLIN, BT29 4AA); and a
//! name only the UK has (`Londonderry`) is the UK's whatever its county token reads.

use seoladh::raw::ecad::*;
use seoladh::Language;

use crate::handbuilt::{building, county, engine, find, named, ni_house, post_town, street_house};

const GALWAY: u64 = 1001000001;
const TUAM: u64 = 1100000001;
const LEEDS: u64 = 1110000001;
const DERRY: u64 = 1110000002;
const CRUMLIN: u64 = 1110000003;
const MAIN_STREET: u64 = 1200000001;

fn dataset() -> Dataset {
    let town = (TUAM, GALWAY);
    let ds = Dataset {
        counties: vec![county(GALWAY, "GALWAY", "GAILLIMH")],
        post_towns: vec![post_town(TUAM, "TUAM", "TUAIM", GALWAY)],
        localities: vec![
            named(LEEDS, "LEEDS", None, 3400),
            named(DERRY, "DERRY", None, 3400),
            named(CRUMLIN, "CRUMLIN", None, 3400),
        ],
        thoroughfares: vec![named(MAIN_STREET, "MAIN STREET", None, 3100)],
        buildings: vec![
            building(1400000001, Some(LEEDS), None, town),
            building(1400000002, Some(DERRY), None, town),
            street_house(1400000003, 12, MAIN_STREET, Some(CRUMLIN), town),
        ],
        uk_addresses: vec![ni_house(
            2100000001,
            "10",
            "BRAESIDE PARK",
            "CRUMLIN",
            "BT29 4AA",
        )],
        ..Dataset::default()
    };
    crate::handbuilt::assemble(ds, "H54")
}

fn code(engine: &seoladh::Engine, text: &str) -> u32 {
    find(engine, text, Language::English).0
}

#[test]
fn a_numbered_street_in_a_uk_town_whose_namesakes_are_townlands_is_foreign() {
    let engine = engine(&dataset());
    assert_eq!(code(&engine, "20 Frostenden Corner Road, Leeds"), 600);
    assert_eq!(code(&engine, "20 FROSTENDEN CORNER ROAD LEEDS"), 600);
    // No number: a house of the townland may be meant.
    assert_ne!(code(&engine, "Rose Cottage, Leeds"), 600);
    // An Irish county beside the town keeps it Irish.
    assert_ne!(
        code(&engine, "20 Frostenden Corner Road, Leeds, Co. Galway"),
        600
    );
}

#[test]
fn a_namesake_holding_streets_keeps_the_input_irish() {
    let engine = engine(&dataset());
    assert_ne!(code(&engine, "20 Frostenden Corner Road, Crumlin"), 600);
    assert_eq!(code(&engine, "12 Main Street, Crumlin"), 100);
}

#[test]
fn a_uk_address_of_the_data_typed_in_full_is_foreign_beside_a_namesake_with_streets() {
    let engine = engine(&dataset());
    assert_eq!(code(&engine, "10 Braeside Park, Crumlin"), 600);
    assert_eq!(code(&engine, "10 braeside park crumlin"), 600);
    // Another house of the street is no address the data holds.
    assert_ne!(code(&engine, "11 Braeside Park, Crumlin"), 600);
}

#[test]
fn londonderry_is_no_townland_called_derry() {
    let engine = engine(&dataset());
    assert_eq!(code(&engine, "Fodnamona Court, Londonderry"), 600);
    assert_ne!(code(&engine, "Fodnamona Court, Derry"), 600);
    // DERRY here is a townland of scattered houses: no numbered street.
    assert_eq!(code(&engine, "4 Fodnamona Court, Derry"), 600);
}
