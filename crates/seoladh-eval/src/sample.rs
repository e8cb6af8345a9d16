//! A tiny hand-built dataset that exercises every query class: a Meath estate and townland (with
//! a shared rural address), Dublin 2 and Dublin 6W streets (an organisation, apartments), a town
//! named like its county (Kildare), a border address (Portarlington: postal Laois, geographic
//! Offaly), an address point without an Eircode, Irish names with mutations, and UK addresses.
//!
//! Doc examples and tests use it; real benchmarks use a generated or licensed dataset.

use seoladh::raw::ecad::address::derive_address_tables;
use seoladh::raw::ecad::{
    AddressPoint, AddressTypeId, Building, County, Dataset, NamedElement, Organisation, PostTown,
    UkAddress, UkCountry,
};

const COUNTY: u64 = 1_001_000_000;
const TOWN: u64 = 1_100_000_000;
const LOCALITY: u64 = 1_110_000_000;
const STREET: u64 = 1_200_000_000;
const GROUP: u64 = 1_300_000_000;
const BUILDING: u64 = 1_400_000_000;
const POINT: u64 = 1_700_000_000;

/// Id of the sample's first address point (`1 SILVER BIRCHES, MILLFARM, DUNBOYNE, CO. MEATH`).
pub const FIRST_POINT_ID: u64 = POINT + 1;

fn named(id: u64, name: &str, irish: &str, address_type: AddressTypeId) -> NamedElement {
    NamedElement {
        id,
        name: name.to_string(),
        name_irish: (!irish.is_empty()).then(|| irish.to_string()),
        irish_verification: if irish.is_empty() { 0 } else { 3 },
        address_type: address_type.0,
    }
}

/// Where a building sits: (post town, post county, geographic county, routing key).
#[derive(Clone, Copy)]
struct Place {
    town: u64,
    post_county: u64,
    county: u64,
    routing: &'static str,
}

/// The building links other than the place.
#[derive(Clone, Copy, Default)]
struct Links {
    group: Option<u64>,
    street: Option<u64>,
    locality: Option<u64>,
}

/// A deterministic Eircode unique per `(routing, k)` for `k < 625`.
fn eircode(routing: &str, k: u64) -> String {
    const A: &[u8] = seoladh::raw::ecad::eircode::EIRCODE_ALPHABET;
    let at = |i: u64| char::from(A[(i % 25) as usize]);
    format!(
        "{routing}{}{}{}{}",
        at(k * 7 + 3),
        at(k * 11 + 5),
        at(k),
        at(k / 25)
    )
}

struct Builder {
    ds: Dataset,
    next: u64,
}

impl Builder {
    /// Adds a building and its address points (`subs`: sub-building names, `None` for a plain
    /// point); returns the first address point id.
    #[allow(clippy::too_many_arguments)]
    fn building(
        &mut self,
        place: Place,
        links: Links,
        number: Option<&str>,
        name: Option<&str>,
        subs: &[Option<&str>],
        nua: bool,
        with_eircode: bool,
    ) -> u64 {
        self.next += 1;
        let b = self.next;
        self.ds.buildings.push(Building {
            id: BUILDING + b,
            name: name.map(str::to_string),
            name_irish: None,
            irish_verification: 0,
            number: number.map(str::to_string),
            address_type: AddressTypeId::SINGLE_OCCUPANCY_RESIDENTIAL_BUILDING.0,
            building_group_id: links.group,
            primary_thoroughfare_id: links.street,
            secondary_thoroughfare_id: None,
            primary_locality_id: links.locality,
            secondary_locality_id: None,
            post_town_id: place.town,
            post_county_id: place.post_county,
            county_id: place.county,
        });
        let first = POINT + self.ds.address_points.len() as u64 + 1;
        for sub in subs {
            let k = self.ds.address_points.len() as u64 + 1;
            self.ds.address_points.push(AddressPoint {
                id: POINT + k,
                building_id: BUILDING + b,
                address_type: AddressTypeId::RESIDENTIAL_ADDRESS_POINT.0,
                eircode: with_eircode.then(|| eircode(place.routing, k)),
                sub_building_name: sub.map(str::to_string),
                sub_building_name_irish: None,
                nua,
                mail_delivery: with_eircode,
            });
        }
        first
    }

    fn numbered(&mut self, place: Place, links: Links, numbers: std::ops::RangeInclusive<u32>) {
        for n in numbers {
            let n = n.to_string();
            self.building(place, links, Some(&n), None, &[None], false, true);
        }
    }
}

/// The sample dataset (derived address tables filled).
pub fn dataset() -> Dataset {
    let (mut ds, acme) = buildings(named_tables());
    ds.organisations = vec![Organisation {
        id: 1_900_000_001,
        address_point_id: acme,
        name: "ACME TRADING LIMITED".to_string(),
        name_irish: None,
        department: None,
        department_irish: None,
    }];
    ds.uk_addresses = uk_addresses();
    derive_address_tables(&mut ds);
    ds
}

/// The counties, post towns, localities, thoroughfares and building groups.
fn named_tables() -> Dataset {
    let mut ds = Dataset::default();
    let county = |k: u64, name: &str, irish: &str| County {
        id: COUNTY + k,
        name: name.to_string(),
        name_irish: Some(irish.to_string()),
        irish_verification: 4,
        address_type: AddressTypeId::COUNTY.0,
    };
    ds.counties = vec![
        county(1, "MEATH", "NA MÍ"),
        county(2, "DUBLIN", "BAILE ÁTHA CLIATH"),
        county(3, "KILDARE", "CILL DARA"),
        county(4, "LAOIS", "LAOIS"),
        county(5, "OFFALY", "UÍBH FHAILÍ"),
    ];
    let town = |k: u64, name: &str, irish: &str, c: u64, t: AddressTypeId| PostTown {
        id: TOWN + k,
        name: name.to_string(),
        name_irish: Some(irish.to_string()),
        irish_verification: 4,
        address_type: t.0,
        county_id: COUNTY + c,
    };
    let (pt, pd) = (AddressTypeId::POST_TOWN, AddressTypeId::POSTAL_DISTRICT);
    ds.post_towns = vec![
        town(1, "DUNBOYNE", "DÚN BÚINNE", 1, pt),
        town(2, "DUBLIN 6W", "BAILE ÁTHA CLIATH 6W", 2, pd),
        town(3, "DUBLIN 2", "BAILE ÁTHA CLIATH 2", 2, pd),
        town(4, "KILDARE", "CILL DARA", 3, pt),
        town(5, "PORTARLINGTON", "CÚIL AN TSÚDAIRE", 4, pt),
    ];
    ds.localities = vec![
        named(LOCALITY + 1, "MILLFARM", "", AddressTypeId::RURAL_LOCALITY),
        named(
            LOCALITY + 2,
            "KIMMAGE",
            "CIOMÁIN",
            AddressTypeId::SUBURBAN_LOCALITY,
        ),
        named(
            LOCALITY + 3,
            "BALLYMORE",
            "AN BAILE MÓR",
            AddressTypeId::TOWNLAND,
        ),
    ];
    let th = AddressTypeId::THOROUGHFARE;
    ds.thoroughfares = vec![
        named(STREET + 1, "MAIN STREET", "AN PHRÍOMHSRÁID", th),
        named(STREET + 2, "DAME STREET", "SRÁID DAME", th),
        named(
            STREET + 3,
            "KIMMAGE ROAD LOWER",
            "BÓTHAR CHIOMÁIN ÍOCHTARACH",
            th,
        ),
        named(STREET + 4, "STATION ROAD", "BÓTHAR AN STÁISIÚIN", th),
        named(STREET + 5, "CHURCH AVENUE", "", th),
        named(STREET + 6, "STONE PARK", "PÁIRC NA GCLOCH", th),
    ];
    ds.building_groups = vec![named(
        GROUP + 1,
        "SILVER BIRCHES",
        "",
        AddressTypeId::HOUSING_ESTATE,
    )];
    ds
}

/// The buildings and address points (`ds` holding the named tables); the id of the address
/// point of an organisation.
fn buildings(ds: Dataset) -> (Dataset, u64) {
    let place = |t: u64, pc: u64, c: u64, routing| Place {
        town: TOWN + t,
        post_county: COUNTY + pc,
        county: COUNTY + c,
        routing,
    };
    let dunboyne = place(1, 1, 1, "A86");
    let d6w = place(2, 2, 2, "D6W");
    let d2 = place(3, 2, 2, "D02");
    let kildare = place(4, 3, 3, "R51");
    let portarlington = place(5, 4, 5, "R32");
    let street = |k| Links {
        street: Some(STREET + k),
        ..Links::default()
    };

    let mut b = Builder { ds, next: 0 };
    let birches = Links {
        group: Some(GROUP + 1),
        locality: Some(LOCALITY + 1),
        ..Links::default()
    };
    b.numbered(dunboyne, birches, 1..=8);
    b.numbered(dunboyne, street(1), 1..=4);
    b.building(dunboyne, street(1), Some("5"), None, &[None], false, false);
    b.numbered(dunboyne, street(1), 6..=7);
    let ballymore = Links {
        locality: Some(LOCALITY + 3),
        ..Links::default()
    };
    for _ in 0..3 {
        b.building(dunboyne, ballymore, None, None, &[None], true, true);
    }
    b.building(
        dunboyne,
        ballymore,
        None,
        Some("ROSE COTTAGE"),
        &[None],
        false,
        true,
    );
    b.numbered(d2, street(2), 10..=11);
    let acme = b.building(d2, street(2), Some("12"), None, &[None], false, true);
    b.numbered(d2, street(2), 13..=15);
    let kimmage = Links {
        street: Some(STREET + 3),
        locality: Some(LOCALITY + 2),
        ..Links::default()
    };
    b.numbered(d6w, kimmage, 100..=107);
    b.building(
        d6w,
        kimmage,
        Some("108"),
        None,
        &[
            Some("APARTMENT 1"),
            Some("APARTMENT 2"),
            Some("APARTMENT 3"),
        ],
        false,
        true,
    );
    b.numbered(kildare, street(4), 1..=5);
    b.numbered(kildare, street(6), 1..=4);
    b.numbered(portarlington, street(5), 1..=4);
    (b.ds, acme)
}

/// Three UK addresses (two in Northern Ireland).
fn uk_addresses() -> Vec<UkAddress> {
    let uk = |k: u64, num: &str, street: &str, town: &str, pc: &str, c: UkCountry| UkAddress {
        id: 9_000_000_000 + k,
        organisation: None,
        sub_building: None,
        building_name: None,
        building_number: Some(num.to_string()),
        thoroughfare: Some(street.to_string()),
        dependent_locality: None,
        post_town: town.to_string(),
        postcode: pc.to_string(),
        country: c,
        latitude: 54.6,
        longitude: -5.93,
    };
    vec![
        uk(1, "12", "ANN STREET", "BELFAST", "BT1 4EF", UkCountry::Ni),
        uk(
            2,
            "10",
            "DOWNING STREET",
            "LONDON",
            "SW1A 2AA",
            UkCountry::Gb,
        ),
        uk(
            3,
            "5",
            "ENGLISH STREET",
            "ARMAGH",
            "BT61 7BH",
            UkCountry::Ni,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use seoladh::raw::ecad::eircode::is_valid_eircode;

    #[test]
    fn eircodes_valid_and_unique() {
        let ds = dataset();
        let mut seen = std::collections::HashSet::new();
        for ap in &ds.address_points {
            if let Some(e) = &ap.eircode {
                assert!(is_valid_eircode(e), "{e}");
                assert!(seen.insert(e.clone()), "{e}");
            }
        }
        assert_eq!(ds.postal_addresses.len(), ds.address_points.len());
    }

    #[test]
    fn first_point_renders_as_documented() {
        let ds = dataset();
        let row = ds
            .postal_addresses
            .iter()
            .find(|r| r.ecad_id == FIRST_POINT_ID)
            .map(|r| r.english.clone())
            .unwrap_or_default();
        assert_eq!(
            row[..4],
            ["1 SILVER BIRCHES", "MILLFARM", "DUNBOYNE", "CO. MEATH"]
        );
    }
}
