//! Options a person can tell apart (`docs/matching.md` §4-5), exhaustively over the fixture data:
//! every locality, thoroughfare, building group, post town and multi-unit building is drilled
//! down through its `addressId` (in English and in Irish), searched as text, and typed into
//! Autocomplete; every grouped
//! option met on the way is drilled into as well, and every Autocomplete option's `next` link is
//! followed. No answer may hold two options with one `displayName`, nor the same option twice
//! (the same `addressId`, or the same label and target).

use seoladh_testkit::fixture;
use std::collections::{BTreeSet, HashSet};

use fixture::{dataset, engine};
use seoladh::api::dispatch::{answer, Operation};
use seoladh::api::query::percent_encode;
use serde_json::Value;

const BASE: &str = "http://127.0.0.1:8080";

fn call(op: Operation, raw: &str) -> Value {
    let a = answer(engine(), op, raw, BASE).unwrap_or_else(|e| panic!("{raw}: {e:?}"));
    serde_json::from_slice(&a.json).expect("JSON")
}

/// What the walk found.
#[derive(Default)]
struct Tally {
    answers: usize,
    options: usize,
    /// Options whose `displayName` an earlier option of the same answer has.
    duplicate_labels: usize,
    /// Options whose `addressId` (or label and target) an earlier option of the same answer has.
    duplicate_options: usize,
    /// Options told apart by nothing but their ECAD id.
    by_id: usize,
    examples: Vec<String>,
    /// Drill-down ids already walked.
    drilled: HashSet<u64>,
}

impl Tally {
    fn check(&mut self, what: &str, v: &Value) {
        self.answers += 1;
        let options = v["options"].as_array().cloned().unwrap_or_default();
        let mut labels = HashSet::new();
        let mut ids = HashSet::new();
        let mut targets = HashSet::new();
        let before = self.examples.len();
        for o in &options {
            self.options += 1;
            let label = o["displayName"].as_str().unwrap_or("").to_string();
            if label.contains(", ECAD ") {
                self.by_id += 1;
                self.example(format!("{what}: told apart by id only: `{label}`"));
            }
            let id = o["addressId"].as_u64();
            if !labels.insert(label.clone()) {
                self.duplicate_labels += 1;
                if self.examples.len() == before {
                    self.example(format!("{what}: label `{label}` twice"));
                }
            }
            let same_id = id.is_some_and(|id| !ids.insert(id));
            let same_target = !targets.insert((label.clone(), id));
            if same_id || same_target {
                self.duplicate_options += 1;
                if self.examples.len() == before {
                    self.example(format!("{what}: option {id:?} `{label}` twice"));
                }
            }
        }
    }

    fn example(&mut self, e: String) {
        if self.examples.len() < 60 {
            self.examples.push(e);
        }
    }
}

/// FindAddress by id, then every grouped option below it, depth first.
fn drill(t: &mut Tally, id: u64, label: &str) {
    if !t.drilled.insert(id) {
        return;
    }
    let v = call(
        Operation::FindAddress,
        &format!("key=demo&address={}&addressId={id}", percent_encode(label)),
    );
    t.check(&format!("drill {id}"), &v);
    for o in v["options"].as_array().cloned().unwrap_or_default() {
        let grouped = o["optionType"]["code"].as_u64().unwrap_or(0) != 0;
        if let (true, Some(child)) = (grouped, o["addressId"].as_u64()) {
            drill(t, child, o["displayName"].as_str().unwrap_or(""));
        }
    }
}

/// Autocomplete for `text` in `country`, then FindAddress through every option's `next` link.
fn type_in(t: &mut Tally, text: &str, country: &str) {
    let v = call(
        Operation::AutoComplete,
        &format!(
            "key=demo&country={country}&address={}",
            percent_encode(text)
        ),
    );
    t.check(&format!("autocomplete `{text}`"), &v);
    for o in v["options"].as_array().cloned().unwrap_or_default() {
        let href = o["links"][0]["href"].as_str().unwrap_or("");
        let query = href
            .strip_prefix(&format!("{BASE}/2.0/FindAddress?"))
            .unwrap_or_else(|| panic!("next is not FindAddress: {href}"));
        let followed = call(Operation::FindAddress, query);
        t.check(&format!("next of `{}`", o["displayName"]), &followed);
        let grouped = o["optionType"]["code"].as_u64().unwrap_or(0) != 0;
        if let (true, Some(id)) = (grouped, o["addressId"].as_u64()) {
            drill(t, id, o["displayName"].as_str().unwrap_or(""));
        }
    }
}

/// Every UK postcode of the fixture and its outward code, typed with its country.
fn uk_postcodes(t: &mut Tally) -> usize {
    let mut typed = BTreeSet::new();
    for a in &dataset().uk_addresses {
        let country = match a.country {
            seoladh::ecad::UkCountry::Ni => "ni",
            _ => "gb",
        };
        let outward = a.postcode.split(' ').next().unwrap_or("").to_string();
        typed.insert((a.postcode.clone(), country));
        typed.insert((outward, country));
    }
    for (text, country) in &typed {
        type_in(t, text, country);
    }
    typed.len()
}

/// The ids of every group of the fixture data: localities, thoroughfares, building groups,
/// post towns and buildings with more than one unit.
fn group_ids() -> BTreeSet<u64> {
    let ds = dataset();
    let mut units: std::collections::HashMap<u64, usize> = std::collections::HashMap::new();
    for ap in &ds.address_points {
        *units.entry(ap.building_id).or_default() += 1;
    }
    ds.localities
        .iter()
        .map(|l| l.id)
        .chain(ds.thoroughfares.iter().map(|t| t.id))
        .chain(ds.building_groups.iter().map(|g| g.id))
        .chain(ds.post_towns.iter().map(|p| p.id))
        .chain(units.iter().filter(|(_, &n)| n > 1).map(|(&b, _)| b))
        .collect()
}

#[test]
fn no_answer_lists_two_options_a_person_cannot_tell_apart() {
    let mut t = Tally::default();
    let groups = group_ids();
    for &id in &groups {
        drill(&mut t, id, "");
        // Irish labels can coincide where English ones differ.
        let v = call(
            Operation::FindAddress,
            &format!("key=demo&address=&addressId={id}&language=ga"),
        );
        t.check(&format!("drill {id} in Irish"), &v);
        // The group's own address, as a person would type it, searched and typed.
        let v = call(
            Operation::FindAddress,
            &format!("key=demo&address=&addressId={id}"),
        );
        let Some(lines) = v["postalAddress"].as_array() else {
            continue;
        };
        let text = lines
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        let found = call(
            Operation::FindAddress,
            &format!("key=demo&address={}", percent_encode(&text)),
        );
        t.check(&format!("find `{text}`"), &found);
        type_in(&mut t, &text, "ie");
        // The first line alone, half typed: what the list looks like mid-word.
        if let Some(first) = lines.first().and_then(Value::as_str) {
            let cut: String = first
                .chars()
                .take(first.chars().count().max(4) - 2)
                .collect();
            type_in(&mut t, &cut, "ie");
        }
    }
    let uk = uk_postcodes(&mut t);
    eprintln!(
        "{} groups and {uk} UK postcodes, {} answers, {} options: {} duplicate labels, {} duplicate options ({} labels told apart by their ECAD id only)",
        groups.len(),
        t.answers,
        t.options,
        t.duplicate_labels,
        t.duplicate_options,
        t.by_id
    );
    for e in &t.examples {
        eprintln!("  {e}");
    }
    assert!(groups.len() > 600, "{} groups", groups.len());
    assert_eq!(t.duplicate_labels, 0, "{:#?}", t.examples);
    assert_eq!(t.duplicate_options, 0, "{:#?}", t.examples);
}
