//! What the tests on small hand-built datasets share: an engine over a dataset, an address
//! point's stored postal address, Find Address's code and id, and the rows they are built from.

use seoladh::raw::ecad::address::postal_address;
use seoladh::raw::ecad::*;
use seoladh::raw::index::{EntityKind, Index, IndexBuilder, NoProgress};
use seoladh::wire::{FindAddressResponse, WireEnum};
use seoladh::{Engine, Language, ProfileSet, QueryOptions};

/// A county with its Irish name.
pub fn county(id: u64, name: &str, irish: &str) -> County {
    County {
        id,
        name: name.into(),
        name_irish: Some(irish.into()),
        irish_verification: 4,
        address_type: 3900,
    }
}

/// A post town of `county_id` with its Irish name.
pub fn post_town(id: u64, name: &str, irish: &str, county_id: u64) -> PostTown {
    PostTown {
        id,
        name: name.into(),
        name_irish: Some(irish.into()),
        irish_verification: 4,
        address_type: 3850,
        county_id,
    }
}

/// A locality, thoroughfare or building group with an optional Irish name.
pub fn named(id: u64, name: &str, irish: Option<&str>, address_type: u16) -> NamedElement {
    NamedElement {
        id,
        name: name.into(),
        name_irish: irish.map(Into::into),
        irish_verification: if irish.is_some() { 3 } else { 0 },
        address_type,
    }
}

/// A building with no name or number in `locality` (and estate `group`) of `town` in `county`.
pub fn building(
    id: u64,
    locality: Option<u64>,
    group: Option<u64>,
    (town, county): (u64, u64),
) -> Building {
    Building {
        id,
        name: None,
        name_irish: None,
        irish_verification: 0,
        number: None,
        address_type: 2200,
        building_group_id: group,
        primary_thoroughfare_id: None,
        secondary_thoroughfare_id: None,
        primary_locality_id: locality,
        secondary_locality_id: None,
        post_town_id: town,
        post_county_id: county,
        county_id: county,
    }
}

/// House `number` of thoroughfare `street` in `locality` (none: the post town itself) of `town`
/// in `county`.
pub fn street_house(
    id: u64,
    number: u64,
    street: u64,
    locality: Option<u64>,
    (town, county): (u64, u64),
) -> Building {
    Building {
        number: Some(number.to_string()),
        primary_thoroughfare_id: Some(street),
        ..building(id, locality, None, (town, county))
    }
}

/// House `number` of `street` in the Northern Ireland post town `town`, postcode `postcode`.
pub fn ni_house(id: u64, number: &str, street: &str, town: &str, postcode: &str) -> UkAddress {
    UkAddress {
        id,
        organisation: None,
        sub_building: None,
        building_name: None,
        building_number: Some(number.into()),
        thoroughfare: Some(street.into()),
        dependent_locality: None,
        post_town: town.into(),
        postcode: postcode.into(),
        country: UkCountry::Ni,
        latitude: 54.6,
        longitude: -6.0,
    }
}

/// Three capital letters, distinct for each `i` below 26³ (names of many look-alike places).
pub fn letters(mut i: u64) -> String {
    let mut s = String::new();
    for _ in 0..3 {
        s.push((b'A' + (i % 26) as u8) as char);
        i /= 26;
    }
    s
}

/// Asserts that address point `id`'s stored postal address in `lang` is `expected`, and that
/// Find Address answers it, typed so, with that point (100).
pub fn finds_itself(engine: &Engine, id: u64, lang: Language, expected: &str) {
    let text = stored(engine, id, lang);
    assert_eq!(text, expected);
    assert_eq!(find(engine, &text, lang), (100, Some(id)), "{text}");
}

/// An organisation at address point `address_point_id`, with no Irish name or department.
pub fn organisation(id: u64, address_point_id: u64, name: &str) -> Organisation {
    Organisation {
        id,
        address_point_id,
        name: name.into(),
        name_irish: None,
        department: None,
        department_irish: None,
    }
}

/// `ds` with one plain point per building (Eircodes of routing key `routing`, see [`points`])
/// and its address tables derived: a hand-built dataset ready to index.
pub fn assemble(mut ds: Dataset, routing: &str) -> Dataset {
    ds.address_points = points(&ds.buildings, routing);
    seoladh::raw::ecad::address::derive_address_tables(&mut ds);
    ds
}

/// One plain point per building, its Eircode `routing` and the building's position.
pub fn points(buildings: &[Building], routing: &str) -> Vec<AddressPoint> {
    buildings
        .iter()
        .enumerate()
        .map(|(i, b)| point(point_id(b.id), b.id, &format!("{routing}{i:04}")))
        .collect()
}

/// The id of the plain point [`points`] gives building `building_id`.
pub fn point_id(building_id: u64) -> u64 {
    building_id + 300000000
}

/// A plain residential point with an Eircode.
pub fn point(id: u64, building_id: u64, eircode: &str) -> AddressPoint {
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

/// The engine over `ds`, its index built and opened from bytes.
pub fn engine(ds: &Dataset) -> Engine {
    let built = IndexBuilder::new().build(ds, &NoProgress).expect("builds");
    let index = Index::from_bytes(built.to_bytes()).expect("opens");
    Engine::new(index, ProfileSet::builtin())
}

/// Address point `id`'s postal address in `lang`, without its Eircode, as one line.
pub fn stored(engine: &Engine, id: u64, lang: Language) -> String {
    let index = engine.index();
    let Some((EntityKind::AddressPoint, ap)) = index.entity(id) else {
        panic!("{id} is no address point");
    };
    let parts = index.address_point_parts(ap).expect("renders");
    postal_address(&parts, lang)
        .lines_without_eircode()
        .join(", ")
}

/// Find Address's answer to `text` in `lang`.
pub fn answer(engine: &Engine, text: &str, lang: Language) -> FindAddressResponse {
    let options = QueryOptions {
        language: lang,
        ..QueryOptions::default()
    };
    engine.find(text, &options).expect("answers")
}

/// Find Address's result code and address id for `text` in `lang`.
pub fn find(engine: &Engine, text: &str, lang: Language) -> (u32, Option<u64>) {
    let r = answer(engine, text, lang);
    (r.result.code(), r.address_id)
}
