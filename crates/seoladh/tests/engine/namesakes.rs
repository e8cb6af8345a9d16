//! House names shared by several houses of one post town, on a small hand-built dataset: each
//! house typed as its postal address stores it finds itself, and a house named like a townland
//! of the same post town is never answered with that townland's house.

use seoladh::raw::ecad::address::{derive_address_tables, postal_address};
use seoladh::raw::ecad::*;
use seoladh::raw::index::{EntityKind, Index, IndexBuilder, NoProgress};
use seoladh::wire::WireEnum;
use seoladh::{Engine, Language, ProfileSet, QueryOptions};

const GALWAY: u64 = 1001000001;
const ATHENRY: u64 = 1100000001;
/// The locality the post town's own houses are in: its name is the post town's, so the postal
/// address leaves it out; it has no Irish name.
const ATHENRY_TOWN: u64 = 1110000003;
const RATHFEE: u64 = 1110000002;
/// A townland whose Irish name is a house's English name (its id first, so its place is read
/// before the house's among the tied candidates).
const GRENAN: u64 = 1110000001;

fn named(id: u64, name: &str, irish: Option<&str>) -> NamedElement {
    NamedElement {
        id,
        name: name.into(),
        name_irish: irish.map(Into::into),
        irish_verification: if irish.is_some() { 3 } else { 0 },
        address_type: 3400,
    }
}

fn house(id: u64, name: Option<&str>, locality: u64) -> Building {
    Building {
        id,
        name: name.map(Into::into),
        name_irish: None,
        irish_verification: 0,
        number: None,
        address_type: 2200,
        building_group_id: None,
        primary_thoroughfare_id: None,
        secondary_thoroughfare_id: None,
        primary_locality_id: Some(locality),
        secondary_locality_id: None,
        post_town_id: ATHENRY,
        post_county_id: GALWAY,
        county_id: GALWAY,
    }
}

fn point(id: u64, building_id: u64, eircode: &str) -> AddressPoint {
    AddressPoint {
        id,
        building_id,
        address_type: 2150,
        eircode: Some(eircode.into()),
        sub_building_name: None,
        sub_building_name_irish: None,
        nua: false,
        mail_delivery: true,
    }
}

/// ASHGROVE in the post town's own locality and in RATHFEE; the house AN GRIANÁN in the post
/// town's own locality and the only house of the townland GRENAN (AN GRIANÁN in Irish).
fn dataset() -> Dataset {
    let mut ds = Dataset {
        counties: vec![County {
            id: GALWAY,
            name: "GALWAY".into(),
            name_irish: Some("NA GAILLIMHE".into()),
            irish_verification: 4,
            address_type: 3900,
        }],
        post_towns: vec![PostTown {
            id: ATHENRY,
            name: "ATHENRY".into(),
            name_irish: Some("BAILE ÁTHA AN RÍ".into()),
            irish_verification: 4,
            address_type: 3850,
            county_id: GALWAY,
        }],
        localities: vec![
            named(ATHENRY_TOWN, "ATHENRY", None),
            named(RATHFEE, "RATHFEE", None),
            named(GRENAN, "GRENAN", Some("AN GRIANÁN")),
        ],
        buildings: vec![
            house(1400000001, Some("ASHGROVE"), ATHENRY_TOWN),
            house(1400000002, Some("ASHGROVE"), RATHFEE),
            house(1400000003, Some("AN GRIANÁN"), ATHENRY_TOWN),
            house(1400000004, None, GRENAN),
        ],
        address_points: vec![
            point(1700000001, 1400000001, "H65A001"),
            point(1700000002, 1400000002, "H65A002"),
            point(1700000003, 1400000003, "H65A003"),
            point(1700000004, 1400000004, "H65A004"),
        ],
        ..Dataset::default()
    };
    derive_address_tables(&mut ds);
    ds
}

fn engine() -> Engine {
    let built = IndexBuilder::new()
        .build(&dataset(), &NoProgress)
        .expect("builds");
    let index = Index::from_bytes(built.to_bytes()).expect("opens");
    Engine::new(index, ProfileSet::builtin())
}

/// Address point `id`'s postal address in `lang`, without its Eircode, as one line.
fn stored(engine: &Engine, id: u64, lang: Language) -> String {
    let index = engine.index();
    let Some((EntityKind::AddressPoint, ap)) = index.entity(id) else {
        panic!("{id} is no address point");
    };
    let parts = index.address_point_parts(ap).expect("renders");
    postal_address(&parts, lang)
        .lines_without_eircode()
        .join(", ")
}

fn find(engine: &Engine, text: &str, lang: Language) -> (u32, Option<u64>) {
    let options = QueryOptions {
        language: lang,
        ..QueryOptions::default()
    };
    let r = engine.find(text, &options).expect("answers");
    (r.result.code(), r.address_id)
}

#[test]
fn a_house_named_in_irish_text_is_the_one_without_a_townland_line() {
    let engine = engine();
    let text = stored(&engine, 1700000001, Language::Irish);
    assert_eq!(text, "ASHGROVE, BAILE ÁTHA AN RÍ, CO. NA GAILLIMHE");
    assert_eq!(
        find(&engine, &text, Language::Irish),
        (100, Some(1700000001))
    );
    let english = stored(&engine, 1700000001, Language::English);
    assert_eq!(
        find(&engine, &english, Language::English),
        (100, Some(1700000001))
    );
    let rathfee = stored(&engine, 1700000002, Language::Irish);
    assert_eq!(
        find(&engine, &rathfee, Language::Irish),
        (100, Some(1700000002))
    );
}

#[test]
fn a_house_named_like_a_townland_of_its_post_town_is_not_that_townland() {
    let engine = engine();
    let text = stored(&engine, 1700000003, Language::English);
    assert_eq!(text, "AN GRIANÁN, ATHENRY, CO. GALWAY");
    let (code, id) = find(&engine, &text, Language::English);
    // The townland's only house is as good a reading (its Irish name typed, and in Irish both
    // houses' addresses read the same): the person picks, or the answer is the house typed.
    match code {
        100 | 110 | 200 => assert_eq!(id, Some(1700000003)),
        300 | 500 => assert_ne!(id, Some(1700000004)),
        _ => panic!("{code} {id:?}"),
    }
    let townland = stored(&engine, 1700000004, Language::English);
    assert_eq!(
        find(&engine, &townland, Language::English),
        (100, Some(1700000004))
    );
}
