//! The calls the public 2.0 integrations make, replayed against the real engine over
//! 127.0.0.1 with `examples/profiles.toml`: the jQuery control's JSONP Autocomplete and the
//! FindAddress behind an option's `next` link (Magento, Dynamics, Gravity Forms, Salesforce,
//! Shopify, ArcGIS), the Python client svp-ie/autoaddress20 (`addressProfile=`, `True`), GB and
//! NI through `country=`, GetEcadData as Dynamics and ArcGIS call it, the unknown-profile
//! policy, and the control's own files (`--control-assets`).

use seoladh_testkit as common;

use common::real::{dataset, RealServer};
use seoladh::api::query::percent_encode;
use seoladh::profile::UnknownProfile;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/profiles.toml")
}

fn server(unknown: UnknownProfile, assets: Option<PathBuf>) -> RealServer {
    let loader = seoladh_server::engine_loader_with(Some(examples()), unknown);
    RealServer::start_with(&dataset(), Duration::from_secs(3600), loader, |c| {
        c.control_assets = assets;
    })
}

/// The JSON inside a JSONP body `name({...});`.
fn unwrap_jsonp(body: &str, callback: &str) -> Value {
    let inner = body
        .strip_prefix(&format!("{callback}("))
        .and_then(|b| b.strip_suffix(");"))
        .unwrap_or_else(|| panic!("not JSONP for {callback}: {body}"));
    serde_json::from_str(inner).expect("JSONP carries JSON")
}

/// Follows an href verbatim (it is absolute, on this server), as the control does.
fn follow(s: &RealServer, href: &str) -> common::http::Resp {
    let base = format!("http://{}", s.addr);
    let target = href
        .strip_prefix(&base)
        .unwrap_or_else(|| panic!("href not on this server: {href}"));
    s.get(target)
}

/// A filled form: a success result, the postcode, and every non-empty line of the profile.
fn assert_form_filled(v: &Value, what: &str) {
    let code = v["result"]["code"].as_u64().unwrap_or(0);
    assert!(matches!(code, 100 | 110), "{what}: result {code}: {v}");
    assert!(v["postcode"].is_string(), "{what}: no postcode: {v}");
    let lines = v["reformattedAddress"]
        .as_array()
        .unwrap_or_else(|| panic!("{what}: no reformattedAddress: {v}"));
    assert!(lines.first().is_some_and(Value::is_string), "{what}: {v}");
    assert_eq!(
        v["reformattedAddressResult"]["code"], 100,
        "{what}: reformatting had to give something: {v}"
    );
}

/// The jQuery control: JSONP Autocomplete with a cache-buster, then the chosen option's `next`
/// link, also as JSONP.
fn control_round_trip(s: &RealServer, profile: &str, country: &str, typed: &str) -> Value {
    let cb = "jQuery3800123_1795000000000";
    let r = s.get(&format!(
        "/2.0/autocomplete?key=demo&address={}&language=en&country={country}&limit=-1&vanityMode=true&addressProfileName={}&callback={cb}&_=1795000000001",
        percent_encode(typed),
        percent_encode(profile)
    ));
    assert_eq!(r.status, 200, "{profile}: {}", r.text());
    assert_eq!(r.header("content-type"), Some("application/javascript"));
    let v = unwrap_jsonp(&r.text(), cb);
    let option = v["options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["optionType"]["code"] == 0))
        .unwrap_or_else(|| panic!("{profile}: no address option for `{typed}`: {v}"));
    let href = option["links"][0]["href"].as_str().expect("next href");
    assert!(href.contains("addressProfileName="), "{href}");
    let r = follow(s, &format!("{href}&callback={cb}"));
    unwrap_jsonp(&r.text(), cb)
}

#[test]
fn every_integration_profile_name_fills_the_form_through_the_control() {
    let s = server(UnknownProfile::UseDefault, None);
    for profile in [
        "MagentoDefault",
        "DemoApi5Line",
        "Wordpress-Gravity Forms",
        "SalesforceProfile2",
        "Solution Centre Web",
        "Shopify Demo",
        "ArcGisGeneric",
        "Demo5LineV2",
    ] {
        let v = control_round_trip(&s, profile, "ie", "2 dooroge wo");
        assert_form_filled(&v, profile);
        assert_eq!(v["postcode"], "A41P9FY", "{profile}");
        assert_eq!(v["input"]["addressProfileName"], profile);
    }
    // Salesforce reads the Eircode from line 5; Magento from `postcode`, not a line.
    let v = control_round_trip(&s, "SalesforceProfile2", "ie", "2 dooroge wo");
    assert_eq!(v["reformattedAddress"][4], "A41 P9FY", "{v}");
    let v = control_round_trip(&s, "MagentoDefault", "ie", "2 dooroge wo");
    let lines = v["reformattedAddress"].to_string();
    assert!(!lines.contains("A41"), "{lines}");
}

#[test]
fn magento_with_gb_and_ni_selected_fills_the_form_from_uk_addresses() {
    let s = server(UnknownProfile::UseDefault, None);
    let v = control_round_trip(&s, "MagentoDefault", "GB", "S35 6NF");
    assert_form_filled(&v, "GB");
    assert_eq!(v["postcode"], "S35 6NF");
    let v = control_round_trip(&s, "MagentoDefault", "NI", "3 flax street belfast");
    assert_form_filled(&v, "NI");
    assert_eq!(v["postcode"], "BT14 7EJ");
    let v = control_round_trip(&s, "MagentoDefault", "ni", "BT14 7E");
    assert_eq!(v["postcode"], "BT14 7EJ");
}

/// svp-ie/autoaddress20 sends `addressProfile=Demo5LineV2` and Python's `True`, with
/// `Accept: */*`; its script then reads `addressData["result"]`.
#[test]
fn the_python_client_gets_its_reformatted_address() {
    let s = server(UnknownProfile::UseDefault, None);
    let r = common::http::request(
        s.addr,
        "GET",
        "/2.0/FindAddress?key=demo&address=2+Dooroge+Woods%2C+Ballyboughal&addressProfile=Demo5LineV2&vanityMode=True",
        &[("Accept", "*/*"), ("User-Agent", "svp_address_finder_app")],
        b"",
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_form_filled(&v, "python");
    assert_eq!(v["input"]["addressProfileName"], "Demo5LineV2");
    assert!(v["vanityAddress"].is_array(), "{v}");
}

/// Dynamics and ArcGIS call GetEcadData with `ecadid` in lower case, by JSONP and by plain GET.
#[test]
fn get_ecad_data_as_the_integrations_call_it() {
    let s = server(UnknownProfile::UseDefault, None);
    let r = s.get("/2.0/getecaddata?key=demo&ecadid=1700000002&callback=jQuery1_2");
    let v = unwrap_jsonp(&r.text(), "jQuery1_2");
    assert_eq!(v["result"]["code"], 100, "{v}");
    let r = s.get("/2.0/GetEcadData?key=demo&ecadid=1700000002");
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
    assert!(r.json()["spatialInfo"]["etrs89"]["location"]["latitude"].is_number());
}

#[test]
fn unknown_profile_names_follow_the_servers_policy() {
    let lenient = server(UnknownProfile::UseDefault, None);
    let q = "/2.0/FindAddress?key=demo&address=2+dooroge+woods+ballyboughal&addressProfileName=SomeoneElsesProfile";
    let v = lenient.get(q).json();
    assert_form_filled(&v, "unknown name, default policy");
    // Names ignore case, spaces and punctuation.
    let v = lenient
        .get("/2.0/FindAddress?key=demo&address=2+dooroge+woods+ballyboughal&addressProfileName=wordpress+gravity+forms")
        .json();
    assert_eq!(v["reformattedAddress"].as_array().map(Vec::len), Some(4));
    drop(lenient);

    let strict = server(UnknownProfile::Refuse, None);
    let r = strict.get(q);
    assert_eq!(r.status, 400);
    assert_eq!(r.error_code(), 400012);
    let r = strict.get(&format!("{q}&callback=cb"));
    assert_eq!(r.status, 200, "JSONP errors come with 200");
    assert!(r.text().starts_with("cb({\"errors\""), "{}", r.text());
    let r =
        strict.get("/2.0/AutoComplete?key=demo&address=2+doo&addressProfileName=MagentoDefault");
    assert_eq!(r.status, 200, "configured names are accepted: {}", r.text());
}

#[test]
fn the_controls_files_are_served_from_the_licensees_copy() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("js")).unwrap();
    std::fs::create_dir_all(dir.path().join("css")).unwrap();
    std::fs::write(
        dir.path().join("js/jquery.autoaddress.min.js"),
        "/*control*/",
    )
    .unwrap();
    std::fs::write(dir.path().join("css/autoaddress.min.css"), ".a{}").unwrap();
    std::fs::write(dir.path().join(".secret"), "no").unwrap();
    let outside = tempfile::tempdir().expect("temp dir");
    std::fs::write(outside.path().join("x.js"), "outside").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(outside.path().join("x.js"), dir.path().join("js/link.js")).unwrap();
    let s = server(UnknownProfile::UseDefault, Some(dir.path().to_path_buf()));

    for path in [
        "/control/js/jquery.autoaddress.min.js",
        "/2.0/control/js/jquery.autoaddress.min.js",
    ] {
        let r = s.get(path);
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(
            r.header("content-type"),
            Some("application/javascript; charset=utf-8")
        );
        assert_eq!(r.text(), "/*control*/");
    }
    let r = s.get("/2.0/control/css/autoaddress.min.css");
    assert_eq!(r.header("content-type"), Some("text/css; charset=utf-8"));
    assert_eq!(r.text(), ".a{}");
    for path in [
        "/2.0/control/js/missing.js",
        "/control/.secret",
        "/control/js/..%2F.secret",
        "/control/%2E%2E/%2E%2E/etc/passwd",
        "/2.0/control/js/link.js",
        "/control/js",
    ] {
        let r = s.get(path);
        assert_eq!(r.status, 404, "{path}: {}", r.text());
        assert_eq!(r.error_code(), 404001, "{path}");
    }
    drop(s);

    let without = server(UnknownProfile::UseDefault, None);
    let r = without.get("/2.0/control/js/jquery.autoaddress.min.js");
    assert_eq!(r.status, 404);
    let message = r.json()["errors"][0]["message"].to_string();
    assert!(message.contains("--control-assets"), "{message}");
}
