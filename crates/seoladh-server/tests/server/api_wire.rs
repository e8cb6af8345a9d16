//! The 2.0 wire layer without HTTP: query parsing cases from `fixtures/wire/query_cases.tsv`
//! and insta snapshots that pin the exact serialisation (`fixtures/wire/golden/*.snap`).
//!
//! After an intended change of the wire format, review and accept the new snapshots with
//! `cargo insta test -p seoladh-server --review` (or `INSTA_UPDATE=always cargo test`).

use seoladh_testkit as common;

use common::fake_engine::{FakeEngine, KNOWN_ID};
use seoladh::api::*;
use std::path::PathBuf;

const TXN: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";

fn fixtures() -> PathBuf {
    seoladh_testkit::fixtures_dir().join("wire")
}

/// (op, query, code, status) rows of the cases file.
pub fn query_cases() -> Vec<(String, String, u32, u16)> {
    let text =
        std::fs::read_to_string(fixtures().join("query_cases.tsv")).expect("read query_cases.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "bad case line {l:?}");
            (
                f[0].to_owned(),
                f[1].to_owned(),
                f[2].parse().expect("code"),
                f[3].parse().expect("status"),
            )
        })
        .collect()
}

fn parse_code(op: &str, query: &str, profiles: &[String]) -> u32 {
    let outcome = match op {
        "FindAddress" => FindAddressRequest::from_query(query)
            .and_then(|r| check_profile(r.address_profile_name.as_deref(), profiles)),
        "AutoComplete" => AutocompleteRequest::from_query(query)
            .and_then(|r| check_profile(r.address_profile_name.as_deref(), profiles)),
        "GetEcadData" => GetEcadDataRequest::from_query(query).map(|_| ()),
        other => panic!("unknown op {other}"),
    };
    outcome.err().map_or(0, |e| e.code.code())
}

#[test]
fn query_cases_give_their_codes() {
    let profiles = FakeEngine { generation: 1 }.profile_names();
    let cases = query_cases();
    assert!(cases.len() >= 40);
    for (op, query, code, _) in cases {
        assert_eq!(parse_code(&op, &query, &profiles), code, "{op}?{query}");
    }
}

#[test]
fn error_codes_map_to_statuses_of_the_cases_file() {
    for (_, _, code, status) in query_cases() {
        if code != 0 {
            let e = ErrorCode::from_code(code).expect("known code");
            assert_eq!(e.http_status(), status, "code {code}");
        }
    }
}

fn no_empty_strings(v: &serde_json::Value, path: &str) {
    match v {
        serde_json::Value::String(s) => assert!(
            !s.is_empty() || path.ends_with(".address"),
            "empty string at {path}"
        ),
        serde_json::Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| no_empty_strings(x, &format!("{path}[{i}]"))),
        serde_json::Value::Object(o) => o
            .iter()
            .for_each(|(k, x)| no_empty_strings(x, &format!("{path}.{k}"))),
        _ => {}
    }
}

fn golden(name: &str, value: &impl serde::Serialize) {
    let json = serde_json::to_string_pretty(value).expect("serialise");
    no_empty_strings(&serde_json::from_str(&json).expect("reparse"), name);
    insta::with_settings!({
        snapshot_path => fixtures().join("golden"),
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, json);
    });
}

fn ctx() -> LinkContext {
    LinkContext::new("http://api.test", "demo", Some(TXN))
}

#[test]
fn golden_find_address_unique() {
    let req = FindAddressRequest::from_query(
        "key=demo&address=8+Silver+Birches%2C+Dunboyne&txn=0f8fad5b-d9cb-469f-a165-70867728950e",
    )
    .unwrap();
    let r = FakeEngine { generation: 1 }
        .find_address(&req, &ctx())
        .unwrap();
    golden("find_address_unique", &r);
}

#[test]
fn golden_find_address_irish_with_elements() {
    let req = FindAddressRequest::from_query(
        "key=demo&address=8+Silver+Birches&language=ga&addressElements=true",
    )
    .unwrap();
    let r = FakeEngine { generation: 1 }
        .find_address(&req, &ctx())
        .unwrap();
    golden("find_address_ga_elements", &r);
}

#[test]
fn golden_find_address_incomplete_with_options() {
    let req = FindAddressRequest::from_query("key=demo&address=Silver+Birches").unwrap();
    let r = FakeEngine { generation: 1 }
        .find_address(&req, &ctx())
        .unwrap();
    golden("find_address_incomplete", &r);
}

#[test]
fn golden_find_address_no_match() {
    let req = FindAddressRequest::from_query("key=demo&address=nomatch").unwrap();
    let r = FakeEngine { generation: 1 }
        .find_address(&req, &ctx())
        .unwrap();
    golden("find_address_no_match", &r);
}

#[test]
fn golden_autocomplete() {
    let req =
        AutocompleteRequest::from_query("key=demo&address=8+silv&limit=5&vanityMode=true").unwrap();
    let r = FakeEngine { generation: 1 }
        .autocomplete(&req, &ctx())
        .unwrap();
    golden("autocomplete", &r);
}

#[test]
fn golden_get_ecad_data_valid_and_invalid() {
    let engine = FakeEngine { generation: 1 };
    let req = GetEcadDataRequest::from_query(&format!("key=demo&ecadId={KNOWN_ID}")).unwrap();
    golden(
        "get_ecad_data",
        &engine.get_ecad_data(&req, &ctx()).unwrap(),
    );
    let req = GetEcadDataRequest::from_query("key=demo&ecadId=1234567890&history=true").unwrap();
    golden(
        "get_ecad_data_invalid",
        &engine.get_ecad_data(&req, &ctx()).unwrap(),
    );
}

#[test]
fn golden_error_body() {
    let e = ApiError::new(ErrorCode::InvalidLicenceKey, "the licence key is not valid");
    golden("error_invalid_key", &e.body());
}

#[test]
fn responses_round_trip_through_serde() {
    let engine = FakeEngine { generation: 1 };
    let req =
        FindAddressRequest::from_query("key=demo&address=Silver+Birches&addressElements=true")
            .unwrap();
    let r = engine.find_address(&req, &ctx()).unwrap();
    let back: FindAddressResponse =
        serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(back, r);
    let req = GetEcadDataRequest::from_query(&format!("key=demo&ecadId={KNOWN_ID}")).unwrap();
    let g = engine.get_ecad_data(&req, &ctx()).unwrap();
    let back: GetEcadDataResponse =
        serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
}

#[test]
fn wire_conventions_hold() {
    let engine = FakeEngine { generation: 1 };
    let req = FindAddressRequest::from_query("key=demo&address=8+Silver+Birches").unwrap();
    let v = serde_json::to_value(engine.find_address(&req, &ctx()).unwrap()).unwrap();
    assert!(v["addressId"].is_u64(), "ids are numbers");
    assert_eq!(v["postcode"], "A86VC04");
    assert!(
        v.get("postcodeNotAvailable").is_none(),
        "absent unless result 200"
    );
    assert!(v["geographicAddress"].is_null() && v["unmatched"].is_null());
    assert_eq!(v["input"]["txn"], TXN);
    assert_eq!(v["input"]["limit"], -1);
    assert_eq!(v["input"]["language"], "en");
    let req = GetEcadDataRequest::from_query(&format!("key=demo&ecadId={KNOWN_ID}")).unwrap();
    let g = serde_json::to_value(engine.get_ecad_data(&req, &ctx()).unwrap()).unwrap();
    assert!(g["addressTypeId"].is_u64(), "addressTypeId is an int");
    assert!(g["buildingInfo"]["buildingTypeId"].is_u64());
    assert!(g["buildingInfo"]["buildingUse"].is_string());
    assert!(g["spatialInfo"]["spatialAccuracy"].is_string());
    assert_eq!(g["administrativeInfo"]["release"], "2015");
    assert_eq!(g["dateInfo"]["created"], "2015-07-13T00:00:00.000Z");
    assert_eq!(g["ecadIdStatus"]["text"], "Current");
}
