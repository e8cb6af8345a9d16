//! Of two readings that leave the same typed words over, the one needing fewer names the text
//! does not give is the answer, on a small hand-built dataset: the post town TRIM, CO. MEATH,
//! with house 6 of SCHOOL ROAD and house 6 of the estate ROSE COURT on it. `6 School Road, Co.
//! Meath` (the post town left out) is the house on the street: the estate's house needs ROSE
//! COURT as well as TRIM. And of the townland HALE ST and the street HALE STREET of one town,
//! `HALE ST` typed is the townland, written so, when the house number typed is on neither.

use seoladh::raw::ecad::*;
use seoladh::wire::WireEnum;
use seoladh::Language;

use crate::handbuilt::{
    answer, building, county, engine, named, point_id, post_town, street_house,
};

const MEATH: u64 = 1001000001;
const TRIM: u64 = 1100000001;
const SCHOOL_ROAD: u64 = 1200000001;
const ROSE_COURT: u64 = 1300000001;
const HOUSE: u64 = 1400000001;

fn dataset() -> Dataset {
    let trim = (TRIM, MEATH);
    let ds = Dataset {
        counties: vec![county(MEATH, "MEATH", "AN MHÍ")],
        post_towns: vec![post_town(TRIM, "TRIM", "BAILE ÁTHA TROIM", MEATH)],
        building_groups: vec![named(ROSE_COURT, "ROSE COURT", None, 3000)],
        thoroughfares: vec![named(SCHOOL_ROAD, "SCHOOL ROAD", None, 3100)],
        buildings: vec![
            street_house(HOUSE, 6, SCHOOL_ROAD, None, trim),
            Building {
                building_group_id: Some(ROSE_COURT),
                ..street_house(1400000002, 6, SCHOOL_ROAD, None, trim)
            },
        ],
        ..Dataset::default()
    };
    crate::handbuilt::assemble(ds, "C15")
}

#[test]
fn a_house_on_the_street_typed_beats_the_same_number_in_an_estate_on_it() {
    let engine = engine(&dataset());
    for text in ["6 School Road, Co. Meath", "6 School Road, Meath"] {
        let r = answer(&engine, text, Language::English);
        assert_eq!(
            (r.result.code(), r.address_id),
            (100, Some(point_id(HOUSE))),
            "{text}: {:?}",
            r.postal_address
        );
    }
}

#[test]
fn a_name_typed_as_written_beats_its_respelling() {
    const LOUTH: u64 = 1001000002;
    const DROGHEDA: u64 = 1100000002;
    const HALE_ST: u64 = 1110000001;
    const HALE_STREET: u64 = 1200000002;
    let drogheda = (DROGHEDA, LOUTH);
    let ds = Dataset {
        counties: vec![county(LOUTH, "LOUTH", "LÚ")],
        post_towns: vec![post_town(DROGHEDA, "DROGHEDA", "DROICHEAD ÁTHA", LOUTH)],
        localities: vec![named(HALE_ST, "HALE ST", None, 3400)],
        thoroughfares: vec![named(HALE_STREET, "HALE STREET", None, 3100)],
        buildings: vec![
            street_house(1400000011, 3, HALE_STREET, None, drogheda),
            building(1400000012, Some(HALE_ST), None, drogheda),
        ],
        ..Dataset::default()
    };
    let engine = engine(&crate::handbuilt::assemble(ds, "A92"));
    let r = answer(
        &engine,
        "18 Carleton Road, Hale St, Drogheda, Co. Louth",
        Language::English,
    );
    assert_eq!(
        (r.result.code(), r.address_id),
        (400, Some(HALE_ST)),
        "{:?}",
        r.postal_address
    );
}
