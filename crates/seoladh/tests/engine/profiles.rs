//! Address profiles, driven by `fixtures/profile_cases.toml`: each case is an address (its parts,
//! rendered by the postal builder), a built-in profile, the expected lines and result code.

use proptest::prelude::*;
use seoladh::ecad::address::{
    postal_address, Address, AddressElement, AddressParts, ElementType, Language, Part,
};
use seoladh::profile::{
    Abbreviation, Capitalisation, IrishLetters, Profile, ProfileSet, ReformatResult,
};
use serde::Deserialize;

#[derive(Deserialize)]
struct Cases {
    case: Vec<Case>,
}

/// One case. Every element field has an Irish twin `<field>_ga`; `""` in `expected` is a null
/// line.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    profile: String,
    #[serde(default)]
    language: Option<String>,
    department: Option<String>,
    organisation: Option<String>,
    sub_building: Option<String>,
    sub_building_ga: Option<String>,
    building_name: Option<String>,
    building_number: Option<String>,
    building_group: Option<String>,
    building_group_ga: Option<String>,
    thoroughfare: Option<String>,
    thoroughfare_ga: Option<String>,
    secondary_thoroughfare: Option<String>,
    secondary_thoroughfare_ga: Option<String>,
    locality: Option<String>,
    locality_ga: Option<String>,
    secondary_locality: Option<String>,
    secondary_locality_ga: Option<String>,
    post_town: Option<String>,
    post_town_ga: Option<String>,
    county: Option<String>,
    county_ga: Option<String>,
    eircode: Option<String>,
    expected: Vec<String>,
    result: u16,
}

fn part(
    id: u64,
    english: &Option<String>,
    irish: &Option<String>,
    kind: ElementType,
) -> Option<Part> {
    english.as_ref().map(|e| {
        let p = Part::new(id, e.as_str(), kind);
        match irish {
            Some(ga) => p.with_irish(ga.as_str()),
            None => p,
        }
    })
}

fn parts(c: &Case) -> AddressParts {
    let dublin = c.post_town.as_deref().is_some_and(|t| {
        t.strip_prefix("DUBLIN ")
            .is_some_and(|n| n.starts_with(|ch: char| ch.is_ascii_digit()))
    });
    let town_kind = if dublin {
        ElementType::DublinPostalArea
    } else {
        ElementType::PostTown
    };
    AddressParts {
        address_point_id: 1_700_000_001,
        building_id: 1_400_000_001,
        department: part(
            1_900_000_001,
            &c.department,
            &None,
            ElementType::Organisation,
        ),
        organisation: part(
            1_900_000_001,
            &c.organisation,
            &None,
            ElementType::Organisation,
        ),
        sub_building: part(
            1_700_000_001,
            &c.sub_building,
            &c.sub_building_ga,
            ElementType::AddressPointName,
        ),
        building_name: part(
            1_400_000_001,
            &c.building_name,
            &None,
            ElementType::BuildingName,
        ),
        building_number: c.building_number.clone(),
        building_group: part(
            1_300_000_001,
            &c.building_group,
            &c.building_group_ga,
            ElementType::BuildingGroup,
        ),
        primary_thoroughfare: part(
            1_200_000_001,
            &c.thoroughfare,
            &c.thoroughfare_ga,
            ElementType::Thoroughfare,
        ),
        secondary_thoroughfare: part(
            1_200_000_002,
            &c.secondary_thoroughfare,
            &c.secondary_thoroughfare_ga,
            ElementType::Thoroughfare,
        ),
        primary_locality: part(
            1_110_000_001,
            &c.locality,
            &c.locality_ga,
            ElementType::Locality,
        ),
        secondary_locality: part(
            1_110_000_002,
            &c.secondary_locality,
            &c.secondary_locality_ga,
            ElementType::RuralLocality,
        ),
        post_town: part(1_100_000_001, &c.post_town, &c.post_town_ga, town_kind),
        post_county: part(1_001_000_001, &c.county, &c.county_ga, ElementType::County),
        geographic_county: part(1_001_000_001, &c.county, &c.county_ga, ElementType::County),
        eircode: c.eircode.clone(),
    }
}

fn load_cases() -> Vec<Case> {
    let path = seoladh_testkit::fixtures_dir().join("profile_cases.toml");
    let text = std::fs::read_to_string(&path).expect("fixtures/profile_cases.toml is readable");
    let cases: Cases = toml::from_str(&text).expect("profile_cases.toml parses");
    cases.case
}

#[test]
fn profile_cases() {
    let profiles = ProfileSet::builtin();
    let cases = load_cases();
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        let profile = profiles
            .get(&c.profile)
            .unwrap_or_else(|| panic!("{}: unknown profile {}", c.name, c.profile));
        let lang = match c.language.as_deref() {
            Some("ga") => Language::Irish,
            _ => Language::English,
        };
        let out = profile.reformat_parts(&parts(c), lang);
        let expected: Vec<Option<String>> = c
            .expected
            .iter()
            .map(|l| (!l.is_empty()).then(|| l.clone()))
            .collect();
        if out.lines != expected || out.result.code() != c.result {
            failures.push(format!(
                "{}:\n  expected {:?} {}\n  got      {:?} {}",
                c.name,
                expected,
                c.result,
                out.lines,
                out.result.code()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn cases_cover_every_result_code_and_profile() {
    let cases = load_cases();
    for code in [100, 101, 102, 103, 110] {
        assert!(cases.iter().any(|c| c.result == code), "no case for {code}");
    }
    for name in ProfileSet::builtin().names() {
        assert!(
            cases.iter().any(|c| c.profile == name),
            "no case for {name}"
        );
    }
    assert!(cases.iter().any(|c| c.language.as_deref() == Some("ga")));
}

#[test]
fn an_unknown_profile_name_is_a_structured_error() {
    let strict = ProfileSet::builtin().with_unknown(seoladh::profile::UnknownProfile::Refuse);
    let err = strict.resolve("label9").err();
    let message = err.map(|e| e.to_string()).unwrap_or_default();
    assert!(message.contains("label9"), "{message}");
    assert!(message.contains("label4"), "{message}");
}

fn any_profile() -> impl Strategy<Value = Profile> {
    (
        1usize..=9,
        prop::option::of(10usize..=40),
        0usize..3,
        0usize..4,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(lines, max, abbr, case, plain, county)| {
            let mut p = Profile::new("prop");
            p.lines = lines;
            p.max_chars = max;
            p.abbreviation = [
                Abbreviation::Never,
                Abbreviation::Always,
                Abbreviation::WhenNeeded,
            ][abbr];
            p.capitalisation = [
                Capitalisation::AsIs,
                Capitalisation::Upper,
                Capitalisation::Lower,
                Capitalisation::Proper,
            ][case];
            p.irish_letters = if plain {
                IrishLetters::Plain
            } else {
                IrishLetters::Keep
            };
            p.county_always = county;
            p
        })
}

fn name() -> impl Strategy<Value = Option<String>> {
    prop::option::of("[A-ZÁÉÍÓÚ' ]{1,40}")
}

fn any_parts() -> impl Strategy<Value = AddressParts> {
    (
        (name(), name(), name(), name()),
        (name(), name(), name(), name()),
        (
            prop::option::of("[0-9]{1,3}[A-Z]?"),
            prop::option::of("[ACDEFHKNPRTVWXY0-9]{7}"),
        ),
    )
        .prop_map(
            |((org, sub, bname, group), (street, loc, town, county), (num, eircode))| {
                let case = Case {
                    organisation: org,
                    sub_building: sub,
                    building_name: bname,
                    building_group: group,
                    thoroughfare: street,
                    locality: loc,
                    post_town: town,
                    county,
                    building_number: num,
                    eircode,
                    ..Case::default()
                };
                parts(&case)
            },
        )
}

fn any_kind() -> impl Strategy<Value = ElementType> {
    prop::sample::select(vec![
        ElementType::Unknown,
        ElementType::Organisation,
        ElementType::AddressPointName,
        ElementType::BuildingName,
        ElementType::BuildingNumber,
        ElementType::BuildingGroup,
        ElementType::Thoroughfare,
        ElementType::Locality,
        ElementType::RuralLocality,
        ElementType::PostTown,
        ElementType::DublinPostalArea,
        ElementType::County,
        ElementType::Eircode,
    ])
}

/// A hand-built address: any elements, any lines (usually not matching them).
fn any_address() -> impl Strategy<Value = Address> {
    (
        prop::collection::vec((any_kind(), "\\PC{0,45}"), 0..14),
        prop::collection::vec("\\PC{0,30}", 0..12),
        any::<bool>(),
    )
        .prop_map(|(elements, lines, consistent)| {
            let elements: Vec<AddressElement> = elements
                .into_iter()
                .map(|(kind, value)| AddressElement { value, kind, id: 1 })
                .collect();
            let lines = if consistent {
                elements.iter().map(|e| e.value.clone()).collect()
            } else {
                lines
            };
            Address { elements, lines }
        })
}

proptest! {
    /// No input panics the reformatter, and the output always has the profile's shape.
    #[test]
    fn any_address_any_profile(p in any_profile(), address in any_address()) {
        let out = p.reformat(&address);
        prop_assert_eq!(out.lines.len(), p.lines);
        for line in out.lines.iter().flatten() {
            prop_assert!(!line.trim().is_empty());
            if let Some(max) = p.max_chars {
                prop_assert!(line.chars().count() <= max);
            }
        }
        prop_assert_eq!(&out, &p.reformat(&address));
    }

    /// Whatever the address and profile: exactly the profile's lines, none empty, none longer
    /// than the limit, the same bytes twice.
    #[test]
    fn output_always_fits_the_profile(p in any_profile(), parts in any_parts()) {
        let out = p.reformat_parts(&parts, Language::English);
        prop_assert_eq!(out.lines.len(), p.lines);
        for line in out.lines.iter().flatten() {
            prop_assert!(!line.trim().is_empty());
            if let Some(max) = p.max_chars {
                prop_assert!(line.chars().count() <= max, "{} > {}", line, max);
            }
        }
        prop_assert_eq!(&out, &p.reformat_parts(&parts, Language::English));
    }

    /// Nothing goes missing unless the result code says so.
    #[test]
    fn success_keeps_every_line(lines in 1usize..=9, max in prop::option::of(10usize..=40), parts in any_parts()) {
        let mut p = Profile::new("prop");
        p.lines = lines;
        p.max_chars = max;
        let address = postal_address(&parts, Language::English);
        let out = p.reformat(&address);
        if out.result == ReformatResult::Success {
            let joined: Vec<String> = out.lines.iter().flatten().cloned().collect();
            let joined = joined.join(" | ");
            for line in &address.lines {
                prop_assert!(joined.contains(line.as_str()), "{} not in {}", line, joined);
            }
        }
    }
}
