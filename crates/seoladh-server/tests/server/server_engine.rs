//! The HTTP server over 127.0.0.1 with the real engine (`Engine::loader`) on the fixture index:
//! the server answers byte for byte what `wire::answer` (the CLI's path) answers.

use seoladh_testkit as common;

use std::time::Duration;

use seoladh::raw::engine::Engine;
use seoladh::wire::{self, Operation};
use seoladh_testkit::real::{self, RealServer};

const TXN: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";

/// The real engine serving the fixture index.
fn start() -> RealServer {
    RealServer::start(&real::dataset(), Duration::from_secs(1))
}

#[test]
fn http_answers_equal_the_library_answers() {
    let s = start();
    let engine = Engine::open(&s.index).expect("opens");
    let base = format!("http://{}", s.addr);
    for (op, path, query) in [
        (
            Operation::GetEcadData,
            "GetEcadData",
            format!("key=demo&txn={TXN}&ecadId=1700000629"),
        ),
        (
            Operation::GetEcadData,
            "getecaddata",
            format!("key=demo&txn={TXN}&ecadid=1790000001&history=True&administrativeInfo=2017"),
        ),
        (
            Operation::GetEcadData,
            "GetEcadData",
            format!("key=demo&txn={TXN}&ecadId=1200000001"),
        ),
        (
            Operation::GetEcadData,
            "GetEcadData",
            format!("key=demo&txn={TXN}&ecadId=42"),
        ),
        (
            Operation::FindAddress,
            "FindAddress",
            format!("key=demo&txn={TXN}&address=MAIN+STREET%2C+GARRISTOWN"),
        ),
        (
            Operation::AutoComplete,
            "autocomplete",
            format!("key=demo&txn={TXN}&address=main+st"),
        ),
    ] {
        let r = common::http::get(s.addr, &format!("/2.0/{path}?{query}"));
        assert_eq!(r.status, 200, "{path}?{query}: {}", r.text());
        let want = wire::answer(&engine, op, &query, &base).expect("answers");
        assert_eq!(
            r.text(),
            String::from_utf8(want.json).unwrap(),
            "{path}?{query}"
        );
    }
}

#[test]
fn ecad_data_over_http_and_jsonp() {
    let s = start();
    let ap = real::dataset().address_points[0].id;
    let r = common::http::get(s.addr, &format!("/2.0/GetEcadData?key=demo&ecadId={ap}"));
    let v = r.json();
    assert_eq!(v["result"]["code"], 100);
    assert_eq!(v["eircodeInfo"]["ecadId"], ap);
    assert!(v["links"][0]["href"]
        .as_str()
        .unwrap()
        .starts_with(&format!("http://{}/2.0/GetEcadData?key=demo&txn=", s.addr)));
    let r = common::http::get(s.addr, "/2.0/getecaddata?key=demo&ecadId=5&callback=cb_1");
    assert_eq!(r.status, 200);
    let body = r.text();
    assert!(body.starts_with("cb_1(") && body.ends_with(");"), "{body}");
    assert!(body.contains(r#""text":"EcadIdInvalid""#));
}
