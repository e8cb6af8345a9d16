//! Autocomplete acceptance on the fixture dataset, through the wire layer the server uses
//! (`api::dispatch::answer`):
//! - `fixtures/autocomplete.toml`: partial inputs (plain, Irish with and without fadas, typos in
//!   earlier words, mid-word prefixes, Eircode prefixes, full Eircodes, grouped options) with the
//!   option expected among the first N, and drill-down: the option's `next` href is followed
//!   verbatim and FindAddress must answer with a success code and the expected address;
//! - monotonicity: for keystroke scripts sampled from the fixture, the target never ranks lower
//!   after a later whole word than after an earlier one, once it has appeared;
//! - every option of every keystroke carries a `next` link to FindAddress with the request's
//!   parameters, and the response has no `result` field.

use std::sync::OnceLock;

use seoladh::api::dispatch::{answer, Operation};
use seoladh::api::query::percent_encode;
use seoladh::engine::Engine;
use seoladh::index::{Index, IndexBuilder, NoProgress};
use seoladh::profile::ProfileSet;
use seoladh_eval::keystrokes::{rank_drops, scripts, Keystroke, KeystrokeOptions, ScriptKind};
use serde::Deserialize;
use serde_json::Value;

const BASE: &str = "http://127.0.0.1:8080";

#[derive(Debug, Deserialize)]
struct Cases {
    case: Vec<Case>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    input: String,
    /// ECAD id of the expected option.
    id: Option<u64>,
    /// Start of the expected option's displayName.
    display: Option<String>,
    /// The option must be among the first `within`.
    within: usize,
    option_type: Option<u64>,
    /// Exact number of options.
    options: Option<usize>,
    #[serde(default)]
    drill: bool,
    #[serde(default)]
    drill_codes: Vec<u64>,
    drill_id: Option<u64>,
}

fn dataset() -> seoladh::ecad::Dataset {
    let data = seoladh_testkit::fixtures_dir().join("data");
    seoladh::ecad::layout::read_dir(&data)
        .expect("fixture data readable")
        .0
}

fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| {
        let built = IndexBuilder::new()
            .build(&dataset(), &NoProgress)
            .expect("fixture index builds");
        let index = Index::from_bytes(built.to_bytes()).expect("fixture index opens");
        Engine::new(index, ProfileSet::builtin())
    })
}

fn call(op: Operation, raw: &str) -> Value {
    let a = answer(engine(), op, raw, BASE).unwrap_or_else(|e| panic!("{raw}: {e:?}"));
    serde_json::from_slice(&a.json).expect("JSON")
}

fn autocomplete(input: &str) -> Value {
    call(
        Operation::AutoComplete,
        &format!("key=demo&address={}", percent_encode(input)),
    )
}

/// Follows an href verbatim: it must be FindAddress on our base URL.
fn follow(href: &str) -> Value {
    let query = href
        .strip_prefix(&format!("{BASE}/2.0/FindAddress?"))
        .unwrap_or_else(|| panic!("next href is not FindAddress on the base URL: {href}"));
    call(Operation::FindAddress, query)
}

fn ids(v: &Value) -> Vec<u64> {
    v["options"]
        .as_array()
        .map(|o| o.iter().filter_map(|o| o["addressId"].as_u64()).collect())
        .unwrap_or_default()
}

fn load_cases() -> Vec<Case> {
    let path = seoladh_testkit::fixtures_dir().join("autocomplete.toml");
    let text = std::fs::read_to_string(&path).expect("fixtures/autocomplete.toml");
    toml::from_str::<Cases>(&text).expect("cases parse").case
}

/// Checks one case; `Err` says what went wrong.
fn check(case: &Case) -> Result<(), String> {
    let v = autocomplete(&case.input);
    if v.get("result").is_some() {
        return Err("an Autocomplete response has no `result` field".into());
    }
    let options = v["options"].as_array().cloned().unwrap_or_default();
    let shown = || -> String {
        options
            .iter()
            .map(|o| format!("{} {}", o["addressId"], o["displayName"]))
            .collect::<Vec<_>>()
            .join(" | ")
    };
    if let Some(n) = case.options {
        if options.len() != n {
            return Err(format!(
                "{} options, expected {n}: {}",
                options.len(),
                shown()
            ));
        }
    }
    let at = options.iter().position(|o| {
        case.id
            .map_or(true, |id| o["addressId"].as_u64() == Some(id))
            && case.display.as_deref().map_or(true, |d| {
                o["displayName"]
                    .as_str()
                    .is_some_and(|name| name.starts_with(d))
            })
    });
    let Some(at) = at.filter(|&at| at < case.within) else {
        return Err(format!(
            "expected option not in the first {} (at {at:?}): {}",
            case.within,
            shown()
        ));
    };
    let option = &options[at];
    if let Some(t) = case.option_type {
        if option["optionType"]["code"].as_u64() != Some(t) {
            return Err(format!("optionType {}, expected {t}", option["optionType"]));
        }
    }
    if case.drill {
        let href = option["links"][0]["href"]
            .as_str()
            .ok_or("option has no next href")?;
        let found = follow(href);
        let code = found["result"]["code"].as_u64().unwrap_or(0);
        if !case.drill_codes.contains(&code) {
            return Err(format!(
                "drill-down answered {code}, expected one of {:?}: {found}",
                case.drill_codes
            ));
        }
        if let Some(id) = case.drill_id {
            let answered = found["addressId"].as_u64() == Some(id);
            if !answered && !ids(&found).contains(&id) {
                return Err(format!(
                    "drill-down neither answers nor lists {id}: addressId {} options {:?}",
                    found["addressId"],
                    ids(&found)
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn fixture_cases_find_the_expected_option() {
    let cases = load_cases();
    assert!(cases.len() >= 60, "only {} cases", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| {
            check(c)
                .err()
                .map(|e| format!("{} `{}`: {e}", c.name, c.input))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn fixture_cases_cover_every_kind_of_input() {
    let cases = load_cases();
    let count = |prefix: &str| cases.iter().filter(|c| c.name.starts_with(prefix)).count();
    for (kind, min) in [
        ("plain", 20),
        ("irish", 20),
        ("typo", 5),
        ("eircode", 8),
        ("group", 8),
    ] {
        assert!(count(kind) >= min, "{kind}: {} cases", count(kind));
    }
    assert!(cases.iter().filter(|c| c.drill).count() >= 20);
}

#[test]
fn full_eircode_gives_one_option_per_delivery_point() {
    let v = autocomplete("D09 2C03");
    assert_eq!(ids(&v), vec![1_700_003_868]);
    assert_eq!(v["totalOptions"], 1);
    let found = follow(v["options"][0]["links"][0]["href"].as_str().expect("href"));
    assert_eq!(found["addressId"], 1_700_003_868);
    assert_eq!(found["postcode"], "D092C03");
}

#[test]
fn next_links_carry_the_request_and_self_link_is_present() {
    let raw = "key=demo&address=41%20hampstead&language=ga&limit=5&vanityMode=true\
               &addressElements=true&geographicAddress=true&addressProfileName=default&txn=0f8fad5b-d9cb-469f-a165-70867728950e";
    let v = call(Operation::AutoComplete, raw);
    assert!(v.get("result").is_none());
    assert_eq!(v["input"]["txn"], "0f8fad5b-d9cb-469f-a165-70867728950e");
    let self_href = v["links"][0]["href"].as_str().expect("self link");
    assert!(self_href.contains("txn=0f8fad5b"), "{self_href}");
    let options = v["options"].as_array().expect("options");
    assert!(!options.is_empty());
    for o in options {
        let href = o["links"][0]["href"].as_str().expect("next href");
        assert_eq!(o["links"][0]["rel"], "next");
        for part in [
            "key=demo",
            "txn=0f8fad5b-d9cb-469f-a165-70867728950e",
            "limit=5",
            "language=ga",
            "vanityMode=true",
            "addressElements=true",
            "geographicAddress=true",
            "addressProfileName=default",
        ] {
            assert!(href.contains(part), "{part} missing in {href}");
        }
        let found = follow(href);
        let code = found["result"]["code"].as_u64().unwrap_or(0);
        assert!(
            [100, 110, 200, 300, 500].contains(&code),
            "{href} answered {code}"
        );
    }
}

/// Rank drops the engine has today (matcher ranking, `src/search/`), reported to the lead: a
/// later whole word that names another element too (`Crescent`, `Walkinstown`) lets other
/// addresses overtake the target by a place or two. New drops fail the test; fixed ones pass.
const KNOWN_DROPS: [&str; 3] = ["typo-00008", "typo-00013", "irish-00011"];

/// What is checked: for 20 plain, 20 typo and 20 Irish keystroke scripts sampled from the fixture
/// (seed 1), at each keystroke that ends a whole word (the next character typed is a space or a
/// comma, or the text ends), the target's position among the options is compared with the best
/// position it had at any earlier whole-word keystroke; a later position, or the target missing
/// after having appeared, is a drop. Mid-word keystrokes are not compared (a half-typed word may
/// complete to other names first).
#[test]
fn a_more_specific_input_never_ranks_the_target_lower() {
    let ds = dataset();
    let sampled = scripts(
        &ds,
        &KeystrokeOptions {
            per_kind: 20,
            seed: 1,
        },
    );
    let mut drops = Vec::new();
    let mut checked = 0;
    for s in sampled.iter().filter(|s| s.kind != ScriptKind::Eircode) {
        checked += 1;
        let keys: Vec<Keystroke> = s
            .prefixes
            .iter()
            .map(|p| Keystroke {
                latency_us: 0,
                option_ids: ids(&autocomplete(p)),
            })
            .collect();
        for (a, b) in rank_drops(s, &keys) {
            if KNOWN_DROPS.contains(&s.id.as_str()) {
                continue;
            }
            drops.push(format!(
                "{} target {}: `{}` rank {:?} -> `{}` rank {:?}",
                s.id,
                s.target_id,
                s.prefixes[a],
                keys[a].option_ids.iter().position(|&i| i == s.target_id),
                s.prefixes[b],
                keys[b].option_ids.iter().position(|&i| i == s.target_id),
            ));
        }
    }
    assert_eq!(checked, 60);
    assert!(drops.is_empty(), "rank drops:\n{}", drops.join("\n"));
}

/// What one autocomplete call answers on `engine`: each option's id, type and display name.
fn answer_of(engine: &Engine, text: &str) -> Vec<(Option<u64>, String)> {
    let links = seoladh::api::LinkContext::new(BASE, "demo", None);
    let req = seoladh::api::AutocompleteRequest {
        key: "demo".into(),
        address: text.into(),
        ..seoladh::api::AutocompleteRequest::default()
    };
    seoladh::api::Engine::autocomplete(engine, &req, &links)
        .expect("autocomplete answers")
        .options
        .into_iter()
        .map(|o| (o.address_id, o.display_name))
        .collect()
}

/// Autocomplete keeps some of the previous keystroke's work on the thread (the prefix's typo
/// walk, rendered options): answers typed one character at a time on one thread must be
/// exactly those of each prefix asked alone on a fresh thread.
#[test]
fn answers_do_not_depend_on_the_previous_keystroke() {
    let ds = dataset();
    let built = IndexBuilder::new()
        .build(&ds, &NoProgress)
        .expect("fixture index builds");
    let engine = Engine::new(
        Index::from_bytes(built.to_bytes()).expect("fixture index opens"),
        ProfileSet::builtin(),
    )
    .remember_suggestions(false);
    let sampled = scripts(
        &ds,
        &KeystrokeOptions {
            per_kind: 6,
            seed: 3,
        },
    );
    let mut compared = 0;
    let mut differing = Vec::new();
    std::thread::scope(|scope| {
        for s in &sampled {
            for p in &s.prefixes {
                let warm = answer_of(&engine, p);
                let cold = scope
                    .spawn(|| answer_of(&engine, p))
                    .join()
                    .expect("a fresh thread answers");
                if warm != cold {
                    differing.push(format!("{p:?}: {warm:?} / {cold:?}"));
                }
                compared += 1;
            }
        }
    });
    assert!(compared > 300, "{compared} keystrokes compared");
    assert!(differing.is_empty(), "{}", differing.join("\n"));
}
