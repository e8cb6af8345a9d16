//! Integration tests of the generator (`seoladh generate`): determinism, geography, Eircodes,
//! and the committed sample in `fixtures/data/` (which must be exactly what the generator
//! writes for its documented command).

use seoladh::ecad::layout::write_dir;
use seoladh::ecad::{AliasTable, Dataset, HistoryStatus};
use seoladh_synth::projection::{etrs89_to_irish_grid, etrs89_to_itm};
use seoladh_synth::{county_bounding_boxes, default_reference_dir, generate, GenerateOptions};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

/// The options of the committed sample in `fixtures/data/` (see `fixtures/data/README.md`).
fn fixture_options() -> GenerateOptions {
    GenerateOptions {
        addresses: 12_000,
        seed: 1,
        counties: Some(vec![
            "DUBLIN".to_string(),
            "DONEGAL".to_string(),
            "LEITRIM".to_string(),
        ]),
        ni_addresses: Some(300),
        gb_addresses: Some(300),
        ..GenerateOptions::default()
    }
}

fn sample() -> &'static Dataset {
    static DS: OnceLock<Dataset> = OnceLock::new();
    DS.get_or_init(|| match generate(&fixture_options()) {
        Ok(ds) => ds,
        Err(e) => panic!("generate failed: {e}"),
    })
}

fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).expect("readable dir").flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if name.ends_with(".csv") {
            out.insert(name, std::fs::read(entry.path()).expect("readable file"));
        }
    }
    out
}

#[test]
fn same_seed_gives_byte_identical_files_and_another_seed_does_not() {
    let small = GenerateOptions {
        addresses: 3_000,
        seed: 7,
        counties: Some(vec!["LEITRIM".into(), "LOUTH".into()]),
        ni_addresses: Some(50),
        gb_addresses: Some(50),
        ..GenerateOptions::default()
    };
    let (a, b) = (
        tempfile::tempdir().expect("tmp"),
        tempfile::tempdir().expect("tmp"),
    );
    write_dir(&generate(&small).expect("gen"), a.path()).expect("write");
    write_dir(&generate(&small).expect("gen"), b.path()).expect("write");
    let (fa, fb) = (files(a.path()), files(b.path()));
    assert!(
        fa.len() >= 20,
        "expected the full layout, got {:?}",
        fa.keys()
    );
    assert_eq!(fa, fb);
    let other = generate(&GenerateOptions { seed: 8, ..small }).expect("gen");
    let c = tempfile::tempdir().expect("tmp");
    write_dir(&other, c.path()).expect("write");
    assert_ne!(
        files(c.path())["ADDRESS_POINT.csv"],
        fa["ADDRESS_POINT.csv"]
    );
}

#[test]
fn committed_fixture_is_exactly_what_the_generator_writes() {
    let dir = tempfile::tempdir().expect("tmp");
    write_dir(sample(), dir.path()).expect("write");
    let fresh = files(dir.path());
    let committed = files(&seoladh_testkit::fixtures_dir().join("data"));
    assert_eq!(
        fresh.keys().collect::<Vec<_>>(),
        committed.keys().collect::<Vec<_>>()
    );
    for (name, bytes) in &fresh {
        assert!(
            committed[name] == *bytes,
            "fixtures/data/{name} differs from the generator's output: regenerate it with the \
             command in fixtures/data/README.md"
        );
    }
}

#[test]
fn points_lie_in_ireland_inside_their_county_with_consistent_grids() {
    let ds = sample();
    let boxes: BTreeMap<String, [f64; 4]> = county_bounding_boxes(&default_reference_dir())
        .expect("boxes")
        .into_iter()
        .collect();
    let county_name: BTreeMap<u64, &str> = ds
        .counties
        .iter()
        .map(|c| (c.id, c.name.as_str()))
        .collect();
    let building_county: BTreeMap<u64, u64> =
        ds.buildings.iter().map(|b| (b.id, b.county_id)).collect();
    let spatial: BTreeMap<u64, _> = ds.spatial.iter().map(|s| (s.ecad_id, s)).collect();
    for ap in &ds.address_points {
        let s = spatial[&ap.id];
        assert!((51.3..55.5).contains(&s.etrs89_lat) && (-10.7..-5.9).contains(&s.etrs89_long));
        let county = county_name[&building_county[&ap.building_id]];
        let b = boxes[county];
        assert!(
            s.etrs89_lat >= b[0]
                && s.etrs89_lat <= b[1]
                && s.etrs89_long >= b[2]
                && s.etrs89_long <= b[3],
            "{} at {},{} outside {county}",
            ap.id,
            s.etrs89_lat,
            s.etrs89_long
        );
        let (e, n) = etrs89_to_itm(s.etrs89_lat, s.etrs89_long);
        assert!((e - s.itm_easting).abs() < 1.0 && (n - s.itm_northing).abs() < 1.0);
        let (e, n) = etrs89_to_irish_grid(s.etrs89_lat, s.etrs89_long);
        assert!((e - s.ing_easting).abs() < 1.0 && (n - s.ing_northing).abs() < 1.0);
    }
}

#[test]
fn eircodes_are_unique_valid_and_from_real_routing_keys() {
    let ds = sample();
    let keys: BTreeSet<String> = std::fs::read_to_string(
        default_reference_dir().join("eircode/post_town_routing_key_sherkinone.csv"),
    )
    .expect("routing keys")
    .lines()
    .skip(1)
    .filter_map(|l| l.rsplit(',').next().map(str::to_string))
    .collect();
    assert_eq!(keys.len(), 139);
    let mut seen = BTreeSet::new();
    let mut without = 0;
    for ap in &ds.address_points {
        match &ap.eircode {
            Some(e) => {
                assert_eq!(e.len(), 7);
                assert!(keys.contains(&e[..3]), "unknown routing key in {e}");
                assert!(e[3..]
                    .bytes()
                    .all(|b| seoladh::ecad::eircode::EIRCODE_ALPHABET.contains(&b)));
                assert!(seen.insert(e.clone()), "duplicate {e}");
            }
            None => {
                assert!(!ap.mail_delivery);
                without += 1;
            }
        }
    }
    assert!(
        without > 0,
        "some points have no mail delivery and no Eircode"
    );
}

#[test]
fn dublin_has_its_real_postal_districts_as_post_towns() {
    let ds = sample();
    let districts: BTreeSet<&str> = ds
        .post_towns
        .iter()
        .filter_map(|p| p.name.strip_prefix("DUBLIN "))
        .collect();
    let real: BTreeSet<&str> = [
        "1", "2", "3", "4", "5", "6", "6W", "7", "8", "9", "10", "11", "12", "13", "14", "15",
        "16", "17", "18", "20", "22", "24",
    ]
    .into_iter()
    .collect();
    assert_eq!(districts, real);
    let d6w = ds
        .post_towns
        .iter()
        .find(|p| p.name == "DUBLIN 6W")
        .expect("6W");
    assert_eq!(d6w.name_irish.as_deref(), Some("BAILE ÁTHA CLIATH 6W"));
}

#[test]
fn the_sample_has_gaeltacht_irish_aliases_history_and_uk_rows() {
    let ds = sample();
    assert!(ds.administrative_info.iter().any(|a| a.gaeltacht));
    let irish = ds
        .localities
        .iter()
        .chain(&ds.thoroughfares)
        .filter(|e| e.name_irish.is_some())
        .count();
    let all = ds.localities.len() + ds.thoroughfares.len();
    assert!(
        irish * 100 >= all * 60,
        "{irish} of {all} elements have an Irish name"
    );
    let alias_types: BTreeSet<u8> = ds
        .aliases
        .values()
        .flatten()
        .map(|a| a.alias_type)
        .collect();
    assert_eq!(alias_types, [1, 2, 3, 4].into_iter().collect());
    assert!(ds.aliases.contains_key(&AliasTable::Thoroughfare));
    let current: BTreeSet<u64> = ds.address_points.iter().map(|a| a.id).collect();
    assert!(!ds.history.is_empty());
    for h in &ds.history {
        assert!(!current.contains(&h.ecad_id));
        if h.status == HistoryStatus::Changed {
            assert!(current.contains(&h.new_ecad_id.expect("new id")));
        }
    }
    assert!(ds.uk_addresses.iter().any(|u| u.postcode.starts_with("BT")));
    assert!(ds
        .uk_addresses
        .iter()
        .any(|u| !u.postcode.starts_with("BT")));
    assert!(ds.address_points.iter().any(|a| a.nua));
    assert!(ds.organisations.iter().any(|o| o.department.is_some()));
    assert!(ds.address_points.iter().any(|a| a
        .sub_building_name
        .as_deref()
        .is_some_and(|s| s.starts_with("APARTMENT"))));
    assert!(ds.buildings.iter().any(|b| b.county_id != b.post_county_id));
}

#[test]
fn uk_rows_sit_in_northern_ireland_or_great_britain() {
    for u in &sample().uk_addresses {
        let ni = u.postcode.starts_with("BT");
        assert!(
            (49.8..61.0).contains(&u.latitude) && (-8.3..1.9).contains(&u.longitude),
            "{} {} at {},{}",
            u.id,
            u.postcode,
            u.latitude,
            u.longitude
        );
        if ni {
            assert!((54.0..55.4).contains(&u.latitude) && (-8.3..-5.3).contains(&u.longitude));
        }
        assert!(u.postcode.contains(' '));
    }
}
