//! Autocomplete with `country=ni|gb` over every UK address of the fixture data:
//! - by postcode: once the outward code and two characters of the inward code are typed
//!   (`BT14 7E`, also without the space), the address is in the first 5 options, itself or
//!   inside a grouped postcode option whose `next` link lists it;
//! - by text: its lines as a person types them (`3 flax street belfast`), the address itself in
//!   the first 5;
//! - every option's `next` link is answered by Find Address with success, and an address
//!   option's link answers that address.

use seoladh_testkit::fixture;

use fixture::{dataset, engine};
use seoladh::api::dispatch::{answer, Operation};
use seoladh::api::query::percent_encode;
use seoladh::ecad::{UkAddress, UkCountry};
use serde_json::Value;

const BASE: &str = "http://127.0.0.1:8080";
const TOP: usize = 5;

fn call(op: Operation, raw: &str) -> Value {
    let a = answer(engine(), op, raw, BASE).unwrap_or_else(|e| panic!("{raw}: {e:?}"));
    serde_json::from_slice(&a.json).expect("JSON")
}

fn country(a: &UkAddress) -> &'static str {
    match a.country {
        UkCountry::Ni => "ni",
        _ => "gb",
    }
}

fn autocomplete(text: &str, country: &str) -> Vec<Value> {
    let v = call(
        Operation::AutoComplete,
        &format!(
            "key=demo&country={country}&address={}",
            percent_encode(text)
        ),
    );
    v["options"].as_array().cloned().unwrap_or_default()
}

fn follow(option: &Value) -> Value {
    let href = option["links"][0]["href"].as_str().expect("next href");
    let query = href
        .strip_prefix(&format!("{BASE}/2.0/FindAddress?"))
        .unwrap_or_else(|| panic!("next is not FindAddress: {href}"));
    call(Operation::FindAddress, query)
}

/// Where `a` is among the first [`TOP`] options: `Some(true)` as an option of its own,
/// `Some(false)` inside a grouped option; `None` when not there. Every option shown is followed
/// and must be answered with success.
fn place(a: &UkAddress, options: &[Value], failures: &mut Vec<String>) -> Option<bool> {
    let mut found = None;
    for o in options.iter().take(TOP) {
        let v = follow(o);
        let code = v["result"]["code"].as_u64().unwrap_or(0);
        let grouped = o["optionType"]["code"].as_u64().unwrap_or(0) != 0;
        if grouped {
            if code != 500 {
                failures.push(format!("group {} answered {code}", o["displayName"]));
            }
            let lists = v["options"]
                .as_array()
                .is_some_and(|l| l.iter().any(|x| x["addressId"].as_u64() == Some(a.id)));
            if lists && found.is_none() {
                found = Some(false);
            }
        } else {
            if code != 110 {
                failures.push(format!("option {} answered {code}", o["displayName"]));
            }
            if o["addressId"].as_u64() == Some(a.id) {
                if v["addressId"].as_u64() != Some(a.id) {
                    failures.push(format!("{} drills to {}", a.id, v["addressId"]));
                }
                found = Some(true);
            }
        }
    }
    found
}

/// How a person types the address: its lines without the postcode, lower case.
fn typed_text(a: &UkAddress) -> String {
    let lines = seoladh::engine::uk::uk_lines(a);
    lines[..lines.len() - 1].join(" ").to_lowercase()
}

#[test]
fn every_uk_address_is_found_by_postcode_prefix_and_by_text() {
    let uk = &dataset().uk_addresses;
    assert!(uk.len() >= 500, "{} UK addresses", uk.len());
    let mut failures = Vec::new();
    let (mut by_code, mut by_code_direct, mut by_compact, mut by_text) = (0, 0, 0, 0);
    let mut by_half_word = 0;
    for a in uk {
        let c = country(a);
        // Outward code, space, two characters of the inward code.
        let code = &a.postcode[..a.postcode.len() - 1];
        match place(a, &autocomplete(code, c), &mut failures) {
            Some(direct) => {
                by_code += 1;
                by_code_direct += usize::from(direct);
            }
            None => failures.push(format!("{} not in the top {TOP} for `{code}`", a.id)),
        }
        let compact = code.replace(' ', "").to_lowercase();
        if place(a, &autocomplete(&compact, c), &mut failures).is_some() {
            by_compact += 1;
        } else {
            failures.push(format!("{} not in the top {TOP} for `{compact}`", a.id));
        }
        let text = typed_text(a);
        if place(a, &autocomplete(&text, c), &mut failures) == Some(true) {
            by_text += 1;
        } else {
            failures.push(format!("{} not in the top {TOP} for `{text}`", a.id));
        }
        // The last word half typed.
        let last = text.rsplit(' ').next().unwrap_or("");
        let keep = text.len() - last.len() + last.len().div_ceil(2);
        let half = text.get(..keep).unwrap_or(&text);
        if place(a, &autocomplete(half, c), &mut failures) == Some(true) {
            by_half_word += 1;
        } else {
            failures.push(format!("{} not in the top {TOP} for `{half}`", a.id));
        }
    }
    let n = uk.len();
    eprintln!(
        "{n} UK addresses: postcode prefix {by_code}/{n} in the top {TOP} ({by_code_direct} as an option of their own), compact {by_compact}/{n}, text {by_text}/{n}, text with its last word half typed {by_half_word}/{n}"
    );
    for f in failures.iter().take(30) {
        eprintln!("  {f}");
    }
    assert!(failures.is_empty(), "{} failures", failures.len());
}

/// A postcode of the other side, or an Irish address, is not suggested.
#[test]
fn each_country_suggests_its_own_addresses() {
    assert!(autocomplete("S35 6N", "ni").is_empty());
    assert!(autocomplete("BT14 7E", "gb").is_empty());
    for o in autocomplete("2 dooroge woods", "ni") {
        let name = o["displayName"].as_str().unwrap_or("");
        assert!(!name.contains("DOOROGE"), "{name}");
    }
    let ie = autocomplete("BT14 7E", "ie");
    assert!(ie
        .iter()
        .all(|o| !o["displayName"].as_str().unwrap_or("").contains("BT14")));
}
