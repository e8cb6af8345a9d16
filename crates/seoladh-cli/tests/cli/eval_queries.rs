//! The accuracy benchmark's query generator on the committed sample dataset
//! (`fixtures/eval-sample/`, written from `seoladh_eval::sample::dataset()`).
//!
//! Regenerate the fixture after changing the sample:
//! `SEOLADH_BLESS=1 cargo test -p seoladh-cli --test cli sample_fixture_is_current`.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use seoladh::raw::ecad::eircode::canonical_eircode;
use seoladh::raw::ecad::layout::{read_dir, write_dir};
use seoladh::raw::ecad::Dataset;
use seoladh_eval::corrupt::{fold_fadas, typo_eligible};
use seoladh_eval::keystrokes::{self, KeystrokeOptions, ScriptKind};
use seoladh_eval::queries::{derive, DeriveOptions};
use seoladh_eval::tsv::{read_queries, write_queries};
use seoladh_eval::{sample, QueryClass, TestQuery};

fn fixture_dir() -> PathBuf {
    seoladh_testkit::fixtures_dir().join("eval-sample")
}

fn dataset() -> Dataset {
    let (ds, report) = read_dir(&fixture_dir()).expect("fixtures/eval-sample reads");
    assert!(report.is_clean(), "{report:?}");
    ds
}

fn queries(ds: &Dataset, seed: u64) -> Vec<TestQuery> {
    derive(
        ds,
        &DeriveOptions {
            per_class: 6,
            seed,
            ..DeriveOptions::default()
        },
    )
}

/// English postal lines without the Eircode, by address point.
fn postal(ds: &Dataset) -> HashMap<u64, Vec<String>> {
    let eircodes: HashMap<u64, Option<String>> = ds
        .address_points
        .iter()
        .map(|p| (p.id, p.eircode.clone()))
        .collect();
    ds.postal_addresses
        .iter()
        .map(|r| {
            let mut lines = r.english.clone();
            if eircodes.get(&r.ecad_id).is_some_and(Option::is_some) {
                lines.pop();
            }
            (r.ecad_id, lines)
        })
        .collect()
}

#[test]
fn sample_fixture_is_current() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let ds = sample::dataset();
    write_dir(&ds, tmp.path()).expect("write sample");
    seoladh_testkit::golden::check_dir(&fixture_dir(), tmp.path());
    assert_eq!(dataset(), ds);
}

#[test]
fn same_seed_same_queries_other_seed_other_queries() {
    let ds = dataset();
    let a = queries(&ds, 42);
    assert_eq!(a, queries(&ds, 42));
    assert_ne!(a, queries(&ds, 43));
    let ids: HashSet<&str> = a.iter().map(|q| q.id.as_str()).collect();
    assert_eq!(ids.len(), a.len(), "query ids are unique");
}

#[test]
fn one_class_does_not_move_another() {
    let ds = dataset();
    let all = queries(&ds, 7);
    let typo_only = derive(
        &ds,
        &DeriveOptions {
            per_class: 6,
            seed: 7,
            classes: vec![QueryClass::Typo],
        },
    );
    let typo_in_all: Vec<_> = all
        .into_iter()
        .filter(|q| q.class == QueryClass::Typo)
        .collect();
    assert_eq!(typo_only, typo_in_all);
}

#[test]
fn every_class_is_produced() {
    let ds = dataset();
    let qs = queries(&ds, 1);
    for class in QueryClass::ALL {
        let n = qs.iter().filter(|q| q.class == class).count();
        assert!(n > 0, "no {class} queries");
        assert!(n <= 6);
    }
}

#[test]
fn expected_ids_exist_and_match_the_class() {
    let ds = dataset();
    check_expected_ids(&ds, &queries(&ds, 5));
}

#[test]
fn each_class_applies_its_corruption() {
    let ds = dataset();
    check_corruptions(&ds, &queries(&ds, 9));
}

/// The generated dataset of branch `synth`, once it is committed: the same checks at scale.
#[test]
fn derive_on_fixture_data_when_present() {
    let dir = seoladh_testkit::fixtures_dir().join("data");
    if !dir.is_dir() {
        eprintln!("fixtures/data is absent: only the sample dataset is checked");
        return;
    }
    let (ds, _) = read_dir(&dir).expect("fixtures/data reads");
    let qs = derive(
        &ds,
        &DeriveOptions {
            per_class: 50,
            seed: 2,
            ..DeriveOptions::default()
        },
    );
    for class in QueryClass::ALL {
        assert!(qs.iter().any(|q| q.class == class), "no {class} queries");
    }
    check_expected_ids(&ds, &qs);
    check_corruptions(&ds, &qs);

    let opts = KeystrokeOptions {
        per_kind: 20,
        seed: 2,
    };
    let scripts = keystrokes::scripts(&ds, &opts);
    let points: HashSet<u64> = ds.address_points.iter().map(|p| p.id).collect();
    for kind in ScriptKind::ALL {
        assert_eq!(
            scripts.iter().filter(|s| s.kind == kind).count(),
            20,
            "{kind:?}"
        );
    }
    for s in &scripts {
        assert!(points.contains(&s.target_id));
        assert_eq!(s.prefixes.last(), Some(&s.text));
    }
}

fn check_expected_ids(ds: &Dataset, qs: &[TestQuery]) {
    let points: HashMap<u64, &seoladh::raw::ecad::AddressPoint> =
        ds.address_points.iter().map(|p| (p.id, p)).collect();
    let streets: HashSet<u64> = ds.thoroughfares.iter().map(|t| t.id).collect();
    let postal = postal(ds);
    let mut shared: HashMap<&Vec<String>, usize> = HashMap::new();
    for lines in postal.values() {
        *shared.entry(lines).or_default() += 1;
    }
    for q in qs {
        assert_eq!(q.country, "ie");
        assert_eq!(q.expect_in_options, q.class == QueryClass::Nua);
        match q.class {
            QueryClass::Foreign | QueryClass::Invalid | QueryClass::Nomatch => {
                assert_eq!(q.expected_id, None, "{q:?}");
            }
            QueryClass::StreetOnly => {
                assert!(
                    streets.contains(&q.expected_id.expect("street id")),
                    "{q:?}"
                );
            }
            QueryClass::Absent => {
                // The level a 400 reaches: a street, locality or post town of the data; the
                // answers a 500 may offer: address points.
                let id = q.expected_id.expect("element id");
                let element = |id: &u64| {
                    streets.contains(id)
                        || ds.localities.iter().any(|l| l.id == *id)
                        || ds.post_towns.iter().any(|t| t.id == *id)
                };
                assert!(element(&id), "{q:?}");
                assert!(
                    q.accepted
                        .iter()
                        .all(|a| element(a) || points.contains_key(a)),
                    "{q:?}"
                );
                assert_eq!(q.expected_results, [400, 500, 550]);
            }
            _ => {
                let id = q.expected_id.expect("address point id");
                let p = points.get(&id).expect("expected id is an address point");
                let lines = postal.get(&id).expect("postal row");
                let share = shared.get(lines).copied().unwrap_or(0);
                match q.class {
                    QueryClass::Nua => assert!(p.nua && share > 1, "{q:?}"),
                    QueryClass::NoMail => assert!(p.eircode.is_none() && share == 1, "{q:?}"),
                    QueryClass::EircodeOnly | QueryClass::EircodeLookalike => {
                        assert!(p.eircode.is_some())
                    }
                    _ => assert!(!p.nua && share == 1 && p.eircode.is_some(), "{q:?}"),
                }
            }
        }
        assert!(!q.expected_results.is_empty());
    }
}

fn eircode_of(ds: &Dataset, id: u64) -> String {
    ds.address_points
        .iter()
        .find(|p| p.id == id)
        .and_then(|p| p.eircode.clone())
        .unwrap_or_default()
}

/// Undoes look-alikes (the inverse of `corrupt::LOOKALIKES`).
fn un_lookalike(s: &str) -> String {
    s.chars()
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            'S' => '5',
            'B' => '8',
            'Z' => '2',
            'G' => '6',
            other => other,
        })
        .collect()
}

fn last_token_eircode(text: &str) -> String {
    let words: Vec<&str> = text.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    match words.as_slice() {
        [.., a, b] if a.len() == 3 && b.len() == 4 => format!("{a}{b}").to_uppercase(),
        [.., b] => b.to_uppercase(),
        [] => String::new(),
    }
}

fn check_corruptions(ds: &Dataset, qs: &[TestQuery]) {
    let postal = postal(ds);
    let clean = |id: Option<u64>| -> Vec<String> {
        id.and_then(|id| postal.get(&id).cloned())
            .unwrap_or_default()
    };
    let all_eircodes: HashSet<String> = ds
        .address_points
        .iter()
        .filter_map(|p| p.eircode.clone())
        .collect();
    for q in qs {
        let lines = clean(q.expected_id);
        let joined = lines.join(", ");
        match q.class {
            QueryClass::Clean | QueryClass::Nua | QueryClass::NoMail => {
                assert_eq!(q.text, joined, "{q:?}")
            }
            QueryClass::Format => check_format(ds, q, &joined),
            QueryClass::Typo => check_typo(q, &lines),
            QueryClass::MissingCounty => {
                assert!(lines.iter().any(|l| l.starts_with("CO. ")));
                let without: Vec<&String> =
                    lines.iter().filter(|l| !l.starts_with("CO. ")).collect();
                let without: Vec<&str> = without.iter().map(|s| s.as_str()).collect();
                assert_eq!(q.text, without.join(", "));
            }
            QueryClass::WrongCounty => check_wrong_county(q, &lines, &joined),
            QueryClass::Vanity => {
                assert_ne!(q.text.to_uppercase(), joined, "{q:?}");
                assert_ne!(q.text, q.text.to_uppercase(), "vanity is mixed case");
            }
            QueryClass::Irish => {
                assert_ne!(
                    fold_fadas(&q.text.to_uppercase()),
                    fold_fadas(&joined),
                    "{q:?}"
                );
            }
            QueryClass::Mixed => check_mixed(ds, q, &joined),
            QueryClass::EircodeOnly => {
                let want = eircode_of(ds, q.expected_id.unwrap_or(0));
                assert_eq!(canonical_eircode(&q.text), Some(want), "{q:?}");
            }
            QueryClass::EircodeLookalike => {
                let (typed, want) = one_character_off(ds, q);
                assert_eq!(un_lookalike(&typed), want);
            }
            QueryClass::EircodeWrong => check_eircode_wrong(ds, q, &joined, &all_eircodes),
            QueryClass::EircodeOther => {
                let theirs = eircode_of(ds, q.expected_id.unwrap_or(0));
                assert_eq!(last_token_eircode(&q.text), theirs, "{q:?}");
                assert!(!q.text.starts_with(&joined), "the text is another address");
            }
            QueryClass::StreetOnly => {
                let id = q.expected_id.unwrap_or(0);
                let name = ds
                    .thoroughfares
                    .iter()
                    .find(|t| t.id == id)
                    .map(|t| t.name.clone());
                assert!(
                    q.text.to_uppercase().starts_with(&name.unwrap_or_default()),
                    "{q:?}"
                );
            }
            QueryClass::Foreign => {
                let towns: Vec<&str> = ds
                    .uk_addresses
                    .iter()
                    .map(|u| u.post_town.as_str())
                    .collect();
                assert!(towns.iter().any(|t| q.text.contains(t)), "{q:?}");
            }
            QueryClass::Invalid => assert!(!q.text.trim().is_empty()),
            QueryClass::Absent => {
                // A number and a name borrowed from elsewhere; every address a 500 may offer
                // has that number and name as a line of its own.
                let (first, _) = q.text.split_once(", ").expect("several lines");
                assert!(first.starts_with(|c: char| c.is_ascii_digit()), "{q:?}");
                for id in q.accepted.iter().filter(|a| postal.contains_key(a)) {
                    let lines = clean(Some(*id));
                    assert!(lines.iter().any(|l| l == first), "{lines:?} vs {q:?}");
                }
            }
            QueryClass::Nomatch => check_nomatch(ds, q),
        }
    }
}

/// Only the format changed; an Eircode added when the id says so.
fn check_format(ds: &Dataset, q: &TestQuery, joined: &str) {
    assert_ne!(q.text, joined, "{q:?}");
    if q.id.contains("-eircode_") {
        assert_eq!(q.expected_results, [110]);
        assert_eq!(
            last_token_eircode(&q.text),
            eircode_of(ds, q.expected_id.unwrap_or(0))
        );
    } else {
        assert_eq!(q.expected_results, [100]);
    }
    // Only formats change: every word of a clean line survives somewhere, spelled
    // the same, unless the variant rewrites that word's form.
    let rewrites = ["abbrev", "county_", "dublin_", "glued_number"];
    if !rewrites.iter().any(|v| q.id.contains(v)) {
        let text = q.text.to_uppercase();
        for w in joined.split([' ', ',']).filter(|w| !w.is_empty()) {
            assert!(text.contains(w), "{w} lost in {q:?}");
        }
    }
}

/// One typo in each line that has a word long enough for one, none elsewhere.
fn check_typo(q: &TestQuery, lines: &[String]) {
    let typed: Vec<&str> = q.text.split(", ").collect();
    assert_eq!(typed.len(), lines.len(), "{q:?}");
    let mut edited = 0;
    for (t, l) in typed.iter().zip(lines) {
        let d = strsim::osa_distance(t, l);
        let eligible = l.split(' ').any(typo_eligible);
        // One typo per element that has a word of 4+ letters, none elsewhere.
        assert_eq!(d, usize::from(eligible), "{t:?} vs {l:?}");
        edited += d;
    }
    assert!(edited >= 1);
}

/// Only the county line changed (or was added), to another county.
fn check_wrong_county(q: &TestQuery, lines: &[String], joined: &str) {
    // Only the county line changed (or was added), to another county.
    let (rest, written) = q.text.rsplit_once(", ").unwrap_or_default();
    assert!(written.starts_with("CO. "), "{q:?}");
    if q.id.contains("-replaced-") {
        let (clean_rest, postal_county) = joined.rsplit_once(", ").unwrap_or_default();
        assert!(postal_county.starts_with("CO. "), "{q:?}");
        assert_ne!(written, postal_county, "{q:?}");
        assert_eq!(rest, clean_rest, "{q:?}");
    } else {
        assert!(!lines.iter().any(|l| l.starts_with("CO. ")), "{q:?}");
        assert_eq!(rest, joined, "{q:?}");
    }
}

/// Neither the English nor the Irish address as it is.
fn check_mixed(ds: &Dataset, q: &TestQuery, joined: &str) {
    let row = ds
        .postal_addresses
        .iter()
        .find(|r| Some(r.ecad_id) == q.expected_id);
    let mut irish = row.map(|r| r.irish.clone()).unwrap_or_default();
    irish.pop();
    assert_ne!(q.text, joined, "{q:?}");
    assert_ne!(q.text, irish.join(", "), "{q:?}");
}

/// The Eircode typed last in the query and the expected point's, which it differs from in
/// exactly one character.
fn one_character_off(ds: &Dataset, q: &TestQuery) -> (String, String) {
    let want = eircode_of(ds, q.expected_id.unwrap_or(0));
    let typed = last_token_eircode(&q.text);
    let diff = typed
        .chars()
        .zip(want.chars())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(diff, 1, "{q:?}");
    (typed, want)
}

/// The address with an Eircode one character off that no point has.
fn check_eircode_wrong(ds: &Dataset, q: &TestQuery, joined: &str, all_eircodes: &HashSet<String>) {
    let (typed, _) = one_character_off(ds, q);
    assert!(canonical_eircode(&typed).is_some() && !all_eircodes.contains(&typed));
    assert!(q.text.starts_with(joined));
}

/// A town no element of the dataset is named.
fn check_nomatch(ds: &Dataset, q: &TestQuery) {
    let known: HashSet<String> = ds
        .thoroughfares
        .iter()
        .chain(&ds.localities)
        .map(|t| t.name.clone())
        .chain(ds.post_towns.iter().map(|t| t.name.clone()))
        .collect();
    let town = q.text.rsplit(", ").next().unwrap_or_default();
    assert!(!known.contains(town), "{q:?}");
}

#[test]
fn tsv_round_trips_derived_queries() {
    let ds = dataset();
    let qs = queries(&ds, 3);
    let mut buf = Vec::new();
    write_queries(&mut buf, &qs, Path::new("q.tsv")).expect("write");
    let back = read_queries(buf.as_slice(), Path::new("q.tsv")).expect("read");
    assert_eq!(back, qs);
}

#[test]
fn derive_queries_command_writes_the_file() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("q.tsv");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args(["derive-queries", "--data"])
        .arg(fixture_dir())
        .arg("--out")
        .arg(&out)
        .args(["--n", "4", "--seed", "11"])
        .status()
        .expect("run seoladh");
    assert!(status.success());
    let text = std::fs::read_to_string(&out).expect("output");
    let back = read_queries(text.as_bytes(), &out).expect("parse");
    let want = derive(
        &dataset(),
        &DeriveOptions {
            per_class: 4,
            seed: 11,
            ..DeriveOptions::default()
        },
    );
    assert_eq!(back, want);
}

#[test]
fn an_empty_dataset_gives_only_generated_classes() {
    let qs = derive(&Dataset::default(), &DeriveOptions::default());
    let classes: HashSet<QueryClass> = qs.iter().map(|q| q.class).collect();
    assert_eq!(
        classes,
        HashSet::from([QueryClass::Invalid, QueryClass::Nomatch])
    );
}
