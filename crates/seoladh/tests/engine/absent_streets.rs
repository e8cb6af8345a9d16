//! A street the town does not have, on a small hand-built dataset: the post town TRIM, CO. MEATH,
//! with TRIM ROAD (in Irish BÓTHAR TRIM) in its townland BARRISTOWN and SCHOOL ROAD and the
//! townland IVY HILL; KELLS with a TRIM ROAD of its own. `6 CRUMLIN ROAD, TRIM` names no street
//! of Trim: its `ROAD` is no TRIM ROAD (BÓTHAR TRIM read across the comma), no SCHOOL ROAD, and
//! a `HILL` typed so is no IVY HILL. The answer is 400 at TRIM or above (550 when the town alone
//! is too little to go by), never a street, townland or postcode. A townland TRIM of KELLS does
//! not make the typed post town TRIM doubtful: that reading needs the post town KELLS, untyped.

use seoladh::raw::ecad::*;
use seoladh::wire::WireEnum;
use seoladh::Language;

use crate::handbuilt::{answer, building, county, engine, named, post_town, street_house};

const MEATH: u64 = 1001000001;
const TRIM: u64 = 1100000001;
const KELLS: u64 = 1100000002;
const BARRISTOWN: u64 = 1110000001;
const IVY_HILL: u64 = 1110000002;
const TRIM_ROAD: u64 = 1200000001;
const SCHOOL_ROAD: u64 = 1200000002;
const KELLS_TRIM_ROAD: u64 = 1200000003;
const KELLS_TRIM: u64 = 1110000003;

fn dataset() -> Dataset {
    let trim = (TRIM, MEATH);
    let ds = Dataset {
        counties: vec![county(MEATH, "MEATH", "AN MHÍ")],
        post_towns: vec![
            post_town(TRIM, "TRIM", "BAILE ÁTHA TROIM", MEATH),
            post_town(KELLS, "KELLS", "CEANANNAS", MEATH),
        ],
        localities: vec![
            named(BARRISTOWN, "BARRISTOWN", None, 3400),
            named(IVY_HILL, "IVY HILL", None, 3400),
        ],
        thoroughfares: vec![
            named(TRIM_ROAD, "TRIM ROAD", Some("BÓTHAR TRIM"), 3100),
            named(SCHOOL_ROAD, "SCHOOL ROAD", None, 3100),
            named(KELLS_TRIM_ROAD, "TRIM ROAD", Some("BÓTHAR TRIM"), 3100),
        ],
        buildings: vec![
            street_house(1400000001, 6, TRIM_ROAD, Some(BARRISTOWN), trim),
            street_house(1400000002, 6, SCHOOL_ROAD, None, trim),
            street_house(1400000003, 6, KELLS_TRIM_ROAD, None, (KELLS, MEATH)),
            building(1400000004, Some(IVY_HILL), None, trim),
        ],
        ..Dataset::default()
    };
    crate::handbuilt::assemble(ds, "C15")
}

#[test]
fn a_street_type_of_an_absent_street_names_no_street_of_the_town() {
    let engine = engine(&dataset());
    let r = answer(
        &engine,
        "6 CRUMLIN ROAD, TRIM, CO. MEATH",
        Language::English,
    );
    assert_eq!(
        (r.result.code(), r.address_id, r.postcode.as_deref()),
        (400, Some(TRIM), None),
        "{:?}",
        r.postal_address
    );
    // A place above the townland (the town, or the county beside it) or nothing, never IVY HILL
    // nor TRIM ROAD, and no postcode.
    for text in [
        "9 Hunters Hill, Trim, Co. Meath",
        "9 Hunters Hill, Trim",
        "6 Crumlin Road, Trim",
    ] {
        let r = answer(&engine, text, Language::English);
        assert_eq!(r.postcode, None, "{text}");
        assert!(
            matches!(
                (r.result.code(), r.address_id),
                (400, Some(TRIM | MEATH)) | (550, None)
            ),
            "{text}: {} {:?}",
            r.result.code(),
            r.postal_address
        );
    }
    // The street typed whole is the street.
    let r = answer(&engine, "6 School Road, Trim", Language::English);
    assert_eq!(r.result.code(), 100);
}

#[test]
fn a_townland_named_like_the_typed_post_town_elsewhere_keeps_the_post_town() {
    let mut ds = dataset();
    ds.localities
        .push(named(KELLS_TRIM, "TRIM", Some("BAILE ÁTHA TROIM"), 3400));
    ds.buildings.push(street_house(
        1400000005,
        6,
        KELLS_TRIM_ROAD,
        Some(KELLS_TRIM),
        (KELLS, MEATH),
    ));
    let ds = crate::handbuilt::assemble(ds, "C15");
    let engine = engine(&ds);
    for text in [
        "6 CRUMLIN ROAD, TRIM, CO. MEATH",
        "8 Mannix Place, Trim, Co. Meath",
    ] {
        let r = answer(&engine, text, Language::English);
        assert_eq!(
            (r.result.code(), r.address_id, r.postcode.as_deref()),
            (400, Some(TRIM), None),
            "{text}: {:?}",
            r.postal_address
        );
    }
}
