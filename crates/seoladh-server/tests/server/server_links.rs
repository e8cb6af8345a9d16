//! End to end over 127.0.0.1 with the real engine on the fixture index: links followed verbatim
//! (docs/wire.md §3). FindAddress options' `next` drill down to the option's address,
//! Autocomplete options' `next` give the address with a success code, `self` re-requested gives
//! the same answer, and a found address's id answers GetEcadData. Queries come from the fixture
//! dataset through the accuracy benchmark's deriver, so the expected ids are known.

use seoladh_testkit as common;

use common::real::{dataset, RealServer};
use seoladh_eval::load::encode_component;
use seoladh_eval::queries::{derive, DeriveOptions};
use seoladh_eval::{QueryClass, TestQuery};
use serde_json::Value;
use std::time::Duration;

/// Result codes of a FindAddress that found something to show (docs/matching.md §2).
const FOUND: [u64; 8] = [100, 110, 120, 130, 140, 200, 300, 500];

fn queries(ds: &seoladh::raw::ecad::Dataset, class: QueryClass, n: usize) -> Vec<TestQuery> {
    derive(
        ds,
        &DeriveOptions {
            per_class: n,
            seed: 5,
            classes: vec![class],
        },
    )
}

/// The path and query of an absolute href on the server (fails if it points elsewhere).
fn target_of(href: &str, s: &RealServer) -> String {
    href.strip_prefix(&format!("http://{}", s.addr))
        .unwrap_or_else(|| panic!("{href} is not on {}", s.addr))
        .to_owned()
}

fn follow(s: &RealServer, href: &str) -> Value {
    let r = s.get(&target_of(href, s));
    assert_eq!(r.status, 200, "{href}: {}", r.text());
    r.json()
}

fn href(v: &Value, rel: &str) -> String {
    let link = &v["links"][0];
    assert_eq!(link["rel"], rel, "{v}");
    link["href"].as_str().expect("href").to_owned()
}

fn code(v: &Value) -> u64 {
    v["result"]["code"].as_u64().unwrap_or(0)
}

#[test]
fn find_address_option_links_drill_down_to_the_option() {
    let ds = dataset();
    let s = RealServer::start(&ds, Duration::from_secs(3600));
    let mut followed = 0;
    for q in queries(&ds, QueryClass::StreetOnly, 8) {
        let v = s
            .get(&format!(
                "/2.0/FindAddress?key=demo&address={}&limit=-1",
                encode_component(&q.text)
            ))
            .json();
        let options = v["options"].as_array().cloned().unwrap_or_default();
        if code(&v) != 500 || options.is_empty() {
            continue;
        }
        let txn = v["input"]["txn"].as_str().expect("txn").to_owned();
        for o in options.iter().take(4) {
            let next = href(o, "next");
            assert!(
                next.starts_with(&format!(
                    "http://{}/2.0/FindAddress?key=demo&txn={txn}&",
                    s.addr
                )),
                "{next}"
            );
            let d = follow(&s, &next);
            assert!(FOUND.contains(&code(&d)), "{next} answered {d}");
            assert_eq!(d["addressId"], o["addressId"], "{next}");
            assert_eq!(d["input"]["txn"], txn.as_str());
            // Every option of the drill-down links on, too.
            for o2 in d["options"].as_array().into_iter().flatten().take(2) {
                let d2 = follow(&s, &href(o2, "next"));
                assert_eq!(d2["addressId"], o2["addressId"]);
                assert!(FOUND.contains(&code(&d2)), "{d2}");
            }
            followed += 1;
        }
    }
    assert!(followed >= 8, "only {followed} option links followed");
}

#[test]
fn autocomplete_next_links_give_the_typed_address() {
    let ds = dataset();
    let s = RealServer::start(&ds, Duration::from_secs(3600));
    let (mut tried, mut found) = (0, 0);
    for q in queries(&ds, QueryClass::Clean, 16) {
        // What a person has typed part-way: the first two comma sections.
        let partial: String = q.text.split(',').take(2).collect::<Vec<_>>().join(",");
        let v = s
            .get(&format!(
                "/2.0/autocomplete?key=demo&address={}&limit=10&language=ga",
                encode_component(&partial)
            ))
            .json();
        assert!(v.get("result").is_none(), "autocomplete has no result: {v}");
        let options = v["options"].as_array().cloned().unwrap_or_default();
        tried += 1;
        for o in options.iter().take(3) {
            let next = href(o, "next");
            assert!(next.contains("/2.0/FindAddress?"), "{next}");
            let d = follow(&s, &next);
            assert!(FOUND.contains(&code(&d)), "{next} answered {d}");
            assert_eq!(d["addressId"], o["addressId"], "{next}");
            assert_eq!(d["input"]["language"], "ga", "{next}");
            assert_eq!(d["input"]["limit"], 10);
            assert_eq!(d["input"]["txn"], v["input"]["txn"]);
        }
        let want = q.expected_id.expect("clean queries have an answer");
        if let Some(o) = options.iter().find(|o| o["addressId"] == want) {
            let d = follow(&s, &href(o, "next"));
            assert!([100, 110].contains(&code(&d)), "{d}");
            assert_eq!(d["addressId"], want);
            found += 1;
        }
    }
    assert_eq!(tried, 16);
    assert!(
        found >= 8,
        "the typed address was an option for only {found} of {tried}"
    );
}

#[test]
fn self_links_re_requested_give_the_same_answer() {
    let ds = dataset();
    let s = RealServer::start(&ds, Duration::from_secs(3600));
    let mut checked = 0;
    for q in
        queries(&ds, QueryClass::Typo, 4)
            .into_iter()
            .chain(queries(&ds, QueryClass::StreetOnly, 2))
    {
        let text = encode_component(&q.text);
        for target in [
            format!("/2.0/FindAddress?key=demo&address={text}&addressElements=true"),
            format!("/2.0/AutoComplete?key=demo&address={text}"),
        ] {
            let first = s.get(&target);
            assert_eq!(first.status, 200);
            let v = first.json();
            let again = s.get(&target_of(&href(&v, "self"), &s));
            assert_eq!(again.status, 200);
            // The self href carries the txn, so the whole answer repeats byte for byte.
            assert_eq!(again.text(), first.text(), "{target}");
            checked += 1;
        }
    }
    assert_eq!(checked, 12);
}

#[test]
fn found_addresses_answer_get_ecad_data_and_its_self_link() {
    let ds = dataset();
    let s = RealServer::start(&ds, Duration::from_secs(3600));
    let mut checked = 0;
    for q in queries(&ds, QueryClass::Clean, 6) {
        let f = s
            .get(&format!(
                "/2.0/FindAddress?key=demo&address={}",
                encode_component(&q.text)
            ))
            .json();
        if code(&f) != 100 {
            continue;
        }
        let id = f["addressId"].as_u64().expect("addressId");
        let g = s.get(&format!(
            "/2.0/GetEcadData?key=demo&ecadId={id}&history=true"
        ));
        assert_eq!(g.status, 200);
        let v = g.json();
        assert_eq!(v["result"]["code"], 100, "{v}");
        assert_eq!(v["eircodeInfo"]["ecadId"], id);
        let postcode = f["postcode"].as_str().unwrap_or("").replace(' ', "");
        assert_eq!(v["eircodeInfo"]["eircode"], postcode.as_str(), "{v}");
        let again = s.get(&target_of(&href(&v, "self"), &s));
        assert_eq!(again.text(), g.text());
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} clean queries answered 100");
}
