//! Tests of the address rules ([`super`]): real examples, each rule, and a property test that
//! display names match the rendered lines.

use super::super::address::{
    geographic_address, mixed_case, postal_address, vanity_address, Address, AddressParts,
    ElementType as T, Language::*, Part, MAX_ADDRESS_LINES as MAX_LINES,
};

fn part(id: u64, en: &str, kind: T) -> Option<Part> {
    Some(Part::new(id, en, kind))
}

fn part_ga(id: u64, en: &str, ga: &str, kind: T) -> Option<Part> {
    Some(Part::new(id, en, kind).with_irish(ga))
}

fn meath() -> Option<Part> {
    part_ga(1001, "MEATH", "NA MÍ", T::County)
}

fn dublin() -> Option<Part> {
    part_ga(1002, "DUBLIN", "BAILE ÁTHA CLIATH", T::County)
}

/// `8 SILVER BIRCHES | MILLFARM | DUNBOYNE | CO. MEATH | A86 VC04`
fn silver_birches() -> AddressParts {
    AddressParts {
        address_point_id: 1700,
        building_id: 1400,
        building_number: Some("8".into()),
        building_group: part(1300, "SILVER BIRCHES", T::BuildingGroup),
        primary_locality: part(1110, "MILLFARM", T::RuralLocality),
        post_town: part_ga(1100, "DUNBOYNE", "DÚN BÚINNE", T::PostTown),
        post_county: meath(),
        geographic_county: meath(),
        eircode: Some("A86VC04".into()),
        ..AddressParts::default()
    }
}

fn dame_street() -> AddressParts {
    AddressParts {
        primary_thoroughfare: part_ga(1200, "DAME STREET", "SRÁID DAME", T::Thoroughfare),
        post_town: part_ga(1102, "DUBLIN 2", "BAILE ÁTHA CLIATH 2", T::DublinPostalArea),
        post_county: dublin(),
        geographic_county: dublin(),
        ..AddressParts::default()
    }
}

fn lines(a: &Address) -> Vec<&str> {
    a.lines.iter().map(String::as_str).collect()
}

#[test]
fn real_example_silver_birches() {
    let a = postal_address(&silver_birches(), English);
    assert_eq!(
        lines(&a),
        [
            "8 SILVER BIRCHES",
            "MILLFARM",
            "DUNBOYNE",
            "CO. MEATH",
            "A86 VC04"
        ]
    );
    assert_eq!(
        a.display_name(),
        "8 SILVER BIRCHES, MILLFARM, DUNBOYNE, CO. MEATH"
    );
    let kinds: Vec<(T, u64)> = a.elements.iter().map(|e| (e.kind, e.id)).collect();
    assert_eq!(
        kinds,
        [
            (T::BuildingNumber, 1400),
            (T::BuildingGroup, 1300),
            (T::RuralLocality, 1110),
            (T::PostTown, 1100),
            (T::County, 1001),
            (T::Eircode, 1700)
        ]
    );
}

#[test]
fn irish_county_line() {
    let a = postal_address(&silver_birches(), Irish);
    // MILLFARM and SILVER BIRCHES have no Irish name: English per element.
    assert_eq!(
        lines(&a),
        [
            "8 SILVER BIRCHES",
            "MILLFARM",
            "DÚN BÚINNE",
            "CO. NA MÍ",
            "A86 VC04"
        ]
    );
}

#[test]
fn real_example_dame_street_dublin_2() {
    assert_eq!(
        lines(&postal_address(&dame_street(), English)),
        ["DAME STREET", "DUBLIN 2"]
    );
    assert_eq!(
        lines(&postal_address(&dame_street(), Irish)),
        ["SRÁID DAME", "BAILE ÁTHA CLIATH 2"]
    );
}

#[test]
fn department_needs_organisation() {
    let mut p = dame_street();
    p.department = part(19, "ACCOUNTS", T::Organisation);
    assert_eq!(
        lines(&postal_address(&p, English)),
        ["DAME STREET", "DUBLIN 2"]
    );
    p.organisation = part(19, "ACME LTD", T::Organisation);
    assert_eq!(
        lines(&postal_address(&p, English)),
        ["ACCOUNTS", "ACME LTD", "DAME STREET", "DUBLIN 2"]
    );
}

#[test]
fn building_name_equal_to_organisation_or_group_dropped() {
    let mut p = dame_street();
    p.organisation = part(19, "ACME LTD", T::Organisation);
    p.building_name = part(14, "ACME LTD", T::BuildingName);
    assert_eq!(
        lines(&postal_address(&p, English)),
        ["ACME LTD", "DAME STREET", "DUBLIN 2"]
    );
    let mut p = silver_birches();
    p.building_name = part(14, "Silver Birches ", T::BuildingName);
    assert_eq!(lines(&postal_address(&p, English))[0], "8 SILVER BIRCHES");
    p.building_name = part(14, "ROSE COTTAGE", T::BuildingName);
    assert_eq!(
        lines(&postal_address(&p, English))[..2],
        ["ROSE COTTAGE", "8 SILVER BIRCHES"]
    );
}

#[test]
fn number_prefixes_group_then_thoroughfare_then_locality() {
    let mut p = silver_birches();
    p.primary_thoroughfare = part(12, "MAIN STREET", T::Thoroughfare);
    assert_eq!(
        lines(&postal_address(&p, English))[..2],
        ["8 SILVER BIRCHES", "MAIN STREET"]
    );
    p.building_group = None;
    assert_eq!(lines(&postal_address(&p, English))[0], "8 MAIN STREET");
    p.primary_thoroughfare = None;
    assert_eq!(
        lines(&postal_address(&p, English))[..2],
        ["8 MILLFARM", "DUNBOYNE"]
    );
}

#[test]
fn number_forms_kept_verbatim() {
    for form in ["22", "2A", "63/64", "63-66"] {
        let mut p = dame_street();
        p.building_number = Some(form.into());
        assert_eq!(
            lines(&postal_address(&p, English))[0],
            format!("{form} DAME STREET")
        );
    }
}

#[test]
fn number_never_alone_even_without_street() {
    let p = AddressParts {
        building_number: Some("5".into()),
        post_town: part(11, "DUNBOYNE", T::PostTown),
        post_county: meath(),
        ..AddressParts::default()
    };
    assert_eq!(
        lines(&postal_address(&p, English)),
        ["5 DUNBOYNE", "CO. MEATH"]
    );
}

#[test]
fn number_with_only_an_organisation_prefixes_it() {
    let p = AddressParts {
        organisation: part(19, "ACME LTD", T::Organisation),
        building_number: Some("7".into()),
        post_county: meath(),
        ..AddressParts::default()
    };
    assert_eq!(
        lines(&postal_address(&p, English)),
        ["7 ACME LTD", "CO. MEATH"]
    );
}

#[test]
fn sub_building_own_line_or_prefix_of_building_name() {
    let mut p = dame_street();
    p.building_name = part(14, "THE MALTINGS", T::BuildingName);
    p.sub_building = part(17, "FLAT 1", T::AddressPointName);
    assert_eq!(
        lines(&postal_address(&p, English))[..2],
        ["FLAT 1", "THE MALTINGS"]
    );
    p.sub_building = part(17, "2A", T::AddressPointName);
    let a = postal_address(&p, English);
    assert_eq!(a.lines[0], "2A THE MALTINGS");
    assert_eq!(a.elements[0].kind, T::AddressPointName);
    assert_eq!(a.elements[1].kind, T::BuildingName);
}

#[test]
fn county_omitted_for_dublin_districts_and_county_named_towns() {
    assert!(!postal_address(&dame_street(), English)
        .lines
        .iter()
        .any(|l| l.starts_with("CO.")));
    for (town, county) in [("CARLOW", "CARLOW"), ("KILDARE", "KILDARE")] {
        let p = AddressParts {
            primary_thoroughfare: part(12, "MAIN STREET", T::Thoroughfare),
            post_town: part(11, town, T::PostTown),
            post_county: part(10, county, T::County),
            ..AddressParts::default()
        };
        assert_eq!(lines(&postal_address(&p, English)), ["MAIN STREET", town]);
        assert_eq!(lines(&postal_address(&p, Irish)), ["MAIN STREET", town]);
    }
    // A Dublin post town that is not a district keeps its county.
    let p = AddressParts {
        primary_thoroughfare: part(12, "MAIN STREET", T::Thoroughfare),
        post_town: part(11, "SWORDS", T::PostTown),
        post_county: dublin(),
        ..AddressParts::default()
    };
    assert_eq!(
        lines(&postal_address(&p, Irish)),
        ["MAIN STREET", "SWORDS", "CO. BAILE ÁTHA CLIATH"]
    );
}

#[test]
fn at_most_eight_lines_plus_eircode() {
    let p = AddressParts {
        address_point_id: 17,
        building_id: 14,
        department: part(19, "ACCOUNTS", T::Organisation),
        organisation: part(19, "ACME LTD", T::Organisation),
        sub_building: part(17, "FLAT 1", T::AddressPointName),
        building_name: part(14, "THE MALTINGS", T::BuildingName),
        building_number: Some("3".into()),
        building_group: part(13, "MARIAN TERRACE", T::BuildingGroup),
        primary_thoroughfare: part(12, "MAIN STREET", T::Thoroughfare),
        secondary_thoroughfare: part(121, "CHURCH ROAD", T::Thoroughfare),
        primary_locality: part(111, "MILLFARM", T::RuralLocality),
        secondary_locality: part(112, "CLONEE", T::Village),
        post_town: part(11, "DUNBOYNE", T::PostTown),
        post_county: meath(),
        geographic_county: meath(),
        eircode: Some("A86VC04".into()),
    };
    let a = postal_address(&p, English);
    assert_eq!(
        lines(&a),
        [
            "ACCOUNTS",
            "ACME LTD",
            "FLAT 1 THE MALTINGS",
            "3 MARIAN TERRACE",
            "MAIN STREET",
            "MILLFARM",
            "DUNBOYNE",
            "CO. MEATH",
            "A86 VC04"
        ]
    );
    // Every element still adds up to its line.
    let joined: usize = a.elements.iter().map(|e| e.value.len()).sum();
    let spaces = a.elements.len() - a.lines.len();
    assert_eq!(
        joined + spaces,
        a.lines.iter().map(String::len).sum::<usize>()
    );
}

#[test]
fn irish_falls_back_to_english_per_element() {
    let mut p = dame_street();
    p.primary_thoroughfare = part(12, "WOODLANDS ROAD", T::Thoroughfare);
    p.primary_locality = part_ga(111, "CABINTEELY", "CABÁN TSÍLE", T::Locality);
    assert_eq!(
        lines(&postal_address(&p, Irish)),
        ["WOODLANDS ROAD", "CABÁN TSÍLE", "BAILE ÁTHA CLIATH 2"]
    );
}

#[test]
fn locality_equal_to_post_town_not_repeated() {
    let mut p = silver_birches();
    p.primary_locality = part(1110, "DUNBOYNE", T::Town);
    assert_eq!(
        lines(&postal_address(&p, English)),
        ["8 SILVER BIRCHES", "DUNBOYNE", "CO. MEATH", "A86 VC04"]
    );
}

#[test]
fn duplicate_lines_dropped_alike_in_both_languages() {
    let mut p = silver_birches();
    // The locality has no Irish name, the post town has: Irish must drop the same line.
    p.primary_locality = part(1110, "DUNBOYNE", T::Town);
    assert_eq!(
        lines(&postal_address(&p, Irish)),
        ["8 SILVER BIRCHES", "DÚN BÚINNE", "CO. NA MÍ", "A86 VC04"]
    );
}

#[test]
fn geographic_address_uses_geographic_county() {
    let p = AddressParts {
        building_number: Some("4".into()),
        primary_thoroughfare: part(12, "MAIN STREET", T::Thoroughfare),
        primary_locality: part(111, "CLONYGOWAN", T::Village),
        post_town: part(11, "PORTARLINGTON", T::PostTown),
        post_county: part(10, "LAOIS", T::County),
        geographic_county: part(20, "OFFALY", T::County),
        ..AddressParts::default()
    };
    assert_eq!(
        lines(&postal_address(&p, English)),
        ["4 MAIN STREET", "CLONYGOWAN", "PORTARLINGTON", "CO. LAOIS"]
    );
    assert_eq!(
        lines(&geographic_address(&p, English)),
        ["4 MAIN STREET", "CLONYGOWAN", "CO. OFFALY"]
    );
    // Not a border address: the same as the postal one.
    assert_eq!(
        geographic_address(&silver_birches(), English),
        postal_address(&silver_birches(), English)
    );
}

#[test]
fn vanity_address_prefers_locality_and_mixed_case() {
    let p = AddressParts {
        building_number: Some("1".into()),
        primary_thoroughfare: part(12, "WOODLANDS ROAD", T::Thoroughfare),
        primary_locality: part(111, "CABINTEELY", T::Locality),
        post_town: part(11, "DUBLIN 18", T::DublinPostalArea),
        post_county: dublin(),
        eircode: Some("D18K7P3".into()),
        ..AddressParts::default()
    };
    assert_eq!(
        lines(&vanity_address(&p)),
        ["1 Woodlands Road", "Cabinteely", "Dublin 18", "D18 K7P3"]
    );
    assert_eq!(
        lines(&vanity_address(&silver_birches())),
        ["8 Silver Birches", "Millfarm", "Co. Meath", "A86 VC04"]
    );
}

#[test]
fn mixed_case_rules() {
    assert_eq!(
        mixed_case("O'CONNELL STREET UPPER"),
        "O'Connell Street Upper"
    );
    assert_eq!(mixed_case("DUBLIN 6W"), "Dublin 6W");
    assert_eq!(mixed_case("BAILE NA HABHANN"), "Baile na hAbhann");
    assert_eq!(mixed_case("BÓTHAR NA GCLOCH"), "Bóthar na gCloch");
    assert_eq!(mixed_case("AN TSRÁID MHÓR"), "An tSráid Mhór");
    assert_eq!(
        mixed_case("CHURCH OF THE ASCENSION"),
        "Church of the Ascension"
    );
    assert_eq!(mixed_case("MCDONAGH PARK"), "McDonagh Park");
    assert_eq!(mixed_case("CARRICK-ON-SHANNON"), "Carrick-On-Shannon");
    assert_eq!(mixed_case("PÁIRC NA BHFEAR"), "Páirc na bhFear");
    assert_eq!(mixed_case("AN TOILEÁN"), "An tOileán");
    assert_eq!(mixed_case("NA HILLS"), "Na hIlls");
}

#[test]
fn empty_parts_give_empty_address() {
    let a = postal_address(&AddressParts::default(), English);
    assert!(a.lines.is_empty() && a.elements.is_empty());
    let p = AddressParts {
        post_town: part(1, "  ", T::PostTown),
        ..AddressParts::default()
    };
    assert!(postal_address(&p, Irish).lines.is_empty());
}

/// Names drawn to collide: equal names across slots (rules 2 and 5), number-like and
/// blank sub-buildings (rule 3), a county-named town (rule 6), fadas and odd spacing.
fn name() -> impl proptest::strategy::Strategy<Value = Option<String>> {
    use proptest::prelude::*;
    proptest::option::weighted(
        0.7,
        prop::sample::select(vec![
            "MEATH",
            "meath ",
            "DUNBOYNE",
            "2A",
            "3/4",
            "FLAT 1",
            " ",
            "'",
            "-",
            "ROSE COURT",
            "DUBLIN 2",
            "CO. MEATH",
            "NA MÍ",
            "BAILE ÁTHA CLIATH",
            "22",
            "THE  MILL",
        ])
        .prop_map(str::to_string),
    )
}

fn arb_part(kind: T) -> impl proptest::strategy::Strategy<Value = Option<Part>> {
    use proptest::prelude::*;
    (name(), name(), 1u64..4).prop_map(move |(en, ga, id)| {
        en.map(|en| match ga {
            Some(ga) => Part::new(id, en, kind).with_irish(ga),
            None => Part::new(id, en, kind),
        })
    })
}

fn arb_parts() -> impl proptest::strategy::Strategy<Value = AddressParts> {
    use proptest::prelude::*;
    let upper = (
        arb_part(T::Organisation),
        arb_part(T::Organisation),
        arb_part(T::AddressPointName),
        arb_part(T::BuildingName),
        name(),
        arb_part(T::BuildingGroup),
        arb_part(T::Thoroughfare),
        arb_part(T::Thoroughfare),
    );
    let lower = (
        arb_part(T::RuralLocality),
        arb_part(T::Town),
        prop_oneof![arb_part(T::PostTown), arb_part(T::DublinPostalArea)],
        arb_part(T::County),
        arb_part(T::County),
        proptest::option::of(prop::sample::select(vec!["A86VC04", " d02 x285 ", "XYZ"])),
    );
    (upper, lower).prop_map(|(u, l)| AddressParts {
        address_point_id: 9,
        building_id: 8,
        department: u.0,
        organisation: u.1,
        sub_building: u.2,
        building_name: u.3,
        building_number: u.4,
        building_group: u.5,
        primary_thoroughfare: u.6,
        secondary_thoroughfare: u.7,
        primary_locality: l.0,
        secondary_locality: l.1,
        post_town: l.2,
        post_county: l.3,
        geographic_county: l.4,
        eircode: l.5.map(str::to_string),
    })
}

proptest::proptest! {
    /// An option's display name, written straight from the lines, is the rendered
    /// address's display name; and every address keeps the line cap and its elements.
    #[test]
    fn display_name_is_the_rendered_lines(parts in arb_parts()) {
        for lang in [English, Irish] {
            let address = postal_address(&parts, lang);
            proptest::prop_assert_eq!(
                crate::ecad::address::postal_display_name(&parts, lang),
                address.display_name()
            );
            proptest::prop_assert!(address.lines_without_eircode().len() <= MAX_LINES);
            let joined: Vec<&str> = address.elements.iter().map(|e| e.value.as_str()).collect();
            let lines = address.lines.join(" ");
            proptest::prop_assert_eq!(joined.join(" "), lines);
        }
    }
}
