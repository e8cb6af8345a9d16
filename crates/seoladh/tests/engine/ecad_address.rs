//! Address builders over a real dataset (`fixtures/ecad-mini/`): element-level addresses, the
//! three forms of one address point, and properties that hold for any parts.

use proptest::prelude::*;
use seoladh::ecad::address::{
    geographic_address, postal_address, vanity_address, AddressParts, ElementType, Language,
    Lookup, Part, MAX_ADDRESS_LINES,
};
use seoladh::ecad::layout::read_dir;
use seoladh::ecad::Dataset;

fn mini() -> Dataset {
    let dir = seoladh_testkit::fixtures_dir().join("ecad-mini");
    let (ds, report) = read_dir(&dir).expect("read fixture");
    assert!(report.is_clean(), "{report}");
    ds
}

#[test]
fn thoroughfare_element_address() {
    let ds = mini();
    let lookup = Lookup::new(&ds);
    let parts = lookup.element_parts(1200000001).expect("DAME STREET");
    assert_eq!(
        postal_address(&parts, Language::English).lines,
        ["DAME STREET", "DUBLIN 2"]
    );
    assert_eq!(
        postal_address(&parts, Language::Irish).lines,
        ["SRÁID DAME", "BAILE ÁTHA CLIATH 2"]
    );
}

#[test]
fn other_element_levels() {
    let ds = mini();
    let lookup = Lookup::new(&ds);
    let lines = |id: u64| {
        postal_address(
            &lookup.element_parts(id).expect("element"),
            Language::English,
        )
        .lines
    };
    // Building group, locality, post town, county, building, organisation.
    assert_eq!(
        lines(1300000001),
        ["SILVER BIRCHES", "MILLFARM", "DUNBOYNE", "CO. MEATH"]
    );
    assert_eq!(lines(1110000002), ["CABINTEELY", "DUBLIN 18"]);
    assert_eq!(lines(1100000001), ["DUNBOYNE", "CO. MEATH"]);
    assert_eq!(lines(1001000001), ["CO. MEATH"]);
    assert_eq!(
        lines(1400000006),
        ["THE MALTINGS", "2A DAME STREET", "DUBLIN 2"]
    );
    assert_eq!(
        lines(1900000001),
        [
            "ACCOUNTS",
            "ACME, \"THE\" WORKS",
            "22 DAME STREET",
            "DUBLIN 2",
            "D02 X285"
        ]
    );
    assert!(lookup.element_parts(42).is_none());
}

#[test]
fn stored_lines_agree_with_rendering() {
    let ds = mini();
    let lookup = Lookup::new(&ds);
    for row in &ds.postal_addresses {
        let parts = lookup.address_point_parts(row.ecad_id).expect("point");
        assert_eq!(postal_address(&parts, Language::English).lines, row.english);
        assert_eq!(postal_address(&parts, Language::Irish).lines, row.irish);
    }
    for row in &ds.geographic_addresses {
        let parts = lookup.address_point_parts(row.ecad_id).expect("point");
        assert_eq!(
            geographic_address(&parts, Language::English).lines,
            row.english
        );
    }
}

#[test]
fn three_forms_of_one_point() {
    let ds = mini();
    let lookup = Lookup::new(&ds);
    let parts = lookup.address_point_parts(1700000003).expect("point");
    assert_eq!(
        postal_address(&parts, Language::English).lines,
        ["1 WOODLANDS ROAD", "CABINTEELY", "DUBLIN 18", "D18 K7P3"]
    );
    assert_eq!(
        vanity_address(&parts).lines,
        ["1 Woodlands Road", "Cabinteely", "Dublin 18", "D18 K7P3"]
    );
    let kinds: Vec<ElementType> = postal_address(&parts, Language::English)
        .elements
        .iter()
        .map(|e| e.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            ElementType::BuildingNumber,
            ElementType::Thoroughfare,
            ElementType::Locality,
            ElementType::DublinPostalArea,
            ElementType::Eircode
        ]
    );
}

fn arb_part(kind: ElementType) -> impl Strategy<Value = Option<Part>> {
    proptest::option::of((
        "[A-Z ÁÉÍÓÚ'-]{0,12}",
        proptest::option::of("[A-Z ÁÍ]{0,10}"),
        any::<u64>(),
    ))
    .prop_map(move |o| {
        o.map(|(en, ga, id)| Part {
            id,
            english: en,
            irish: ga,
            kind,
        })
    })
}

prop_compose! {
    fn arb_parts()(
        a in (arb_part(ElementType::Organisation), arb_part(ElementType::Organisation),
              arb_part(ElementType::AddressPointName), arb_part(ElementType::BuildingName),
              proptest::option::of("[0-9]{1,3}[A-Z]?|[0-9]{1,2}[/-][0-9]{1,2}| ?")),
        b in (arb_part(ElementType::BuildingGroup), arb_part(ElementType::Thoroughfare),
              arb_part(ElementType::Thoroughfare), arb_part(ElementType::RuralLocality),
              arb_part(ElementType::Village)),
        c in (prop_oneof![arb_part(ElementType::PostTown), arb_part(ElementType::DublinPostalArea)],
              arb_part(ElementType::County), arb_part(ElementType::County),
              proptest::option::of("[A-Z0-9 ]{0,9}")),
    ) -> AddressParts {
        AddressParts {
            address_point_id: 17,
            building_id: 14,
            department: a.0, organisation: a.1, sub_building: a.2, building_name: a.3, building_number: a.4,
            building_group: b.0, primary_thoroughfare: b.1, secondary_thoroughfare: b.2,
            primary_locality: b.3, secondary_locality: b.4,
            post_town: c.0, post_county: c.1, geographic_county: c.2, eircode: c.3,
        }
    }
}

proptest! {
    #[test]
    fn any_parts_render_within_limits(parts in arb_parts()) {
        for address in [
            postal_address(&parts, Language::English),
            postal_address(&parts, Language::Irish),
            geographic_address(&parts, Language::Irish),
            vanity_address(&parts),
        ] {
            let eircode = usize::from(address.elements.last().is_some_and(|e| e.kind == ElementType::Eircode));
            prop_assert!(address.lines.len() <= MAX_ADDRESS_LINES + eircode);
            // Every line has a letter or digit: a name of punctuation only takes no line.
            prop_assert!(address.lines.iter().all(|l| l.chars().any(char::is_alphanumeric)), "{:?}", address.lines);
            // A building number never stands alone on a line unless nothing but a county is left.
            let number = parts.building_number.as_deref().map(str::trim).filter(|n| !n.is_empty());
            if let Some(number) = number {
                let alone = address.elements.iter().any(|e| e.kind == ElementType::BuildingNumber)
                    && address.lines_without_eircode().iter().any(|l| l == number);
                let others = address.elements.iter().filter(|e| !matches!(e.kind, ElementType::Eircode | ElementType::County | ElementType::BuildingNumber)).count();
                prop_assert!(!alone || others == 0, "{:?}", address.lines);
            }
        }
    }

    #[test]
    fn rendering_is_deterministic(parts in arb_parts()) {
        prop_assert_eq!(postal_address(&parts, Language::Irish), postal_address(&parts.clone(), Language::Irish));
    }
}

/// Regression (issue 2): a sub-building named `'` normalises to nothing, yet it took a line and
/// the building number `0` was left on a line of its own (`["'", "0"]`).
#[test]
fn punctuation_only_sub_building_leaves_no_line_and_no_lone_number() {
    let number_and_sub = |sub: &str| AddressParts {
        address_point_id: 17,
        building_id: 14,
        sub_building: Some(Part::new(1, sub, ElementType::AddressPointName)),
        building_number: Some("0".into()),
        ..AddressParts::default()
    };
    for sub in ["'", "-", " ' ", "'-'"] {
        let parts = number_and_sub(sub);
        for address in [
            postal_address(&parts, Language::English),
            postal_address(&parts, Language::Irish),
            vanity_address(&parts),
        ] {
            assert_eq!(address.lines, ["0"], "sub-building {sub:?}");
            assert!(address
                .elements
                .iter()
                .all(|e| e.kind != ElementType::AddressPointName));
        }
    }
    // With a line to prefix, the number goes onto it and the blank sub-building stays out.
    let parts = AddressParts {
        organisation: Some(Part::new(19, "ACME", ElementType::Organisation)),
        post_county: Some(Part::new(1001, "MEATH", ElementType::County)),
        ..number_and_sub("'")
    };
    assert_eq!(
        postal_address(&parts, Language::English).lines,
        ["0 ACME", "CO. MEATH"]
    );
    let parts = AddressParts {
        primary_thoroughfare: Some(Part::new(12, "MAIN STREET", ElementType::Thoroughfare)),
        ..number_and_sub("'")
    };
    assert_eq!(
        postal_address(&parts, Language::English).lines,
        ["0 MAIN STREET"]
    );
    // An Irish name of punctuation only falls back to the English name.
    let parts = AddressParts {
        sub_building: Some(Part::new(1, "FLAT 1", ElementType::AddressPointName).with_irish("'")),
        primary_thoroughfare: Some(
            Part::new(12, "MAIN STREET", ElementType::Thoroughfare).with_irish("-"),
        ),
        ..number_and_sub("'")
    };
    assert_eq!(
        postal_address(&parts, Language::Irish).lines,
        ["FLAT 1", "0 MAIN STREET"]
    );
}
