//! Developer probe: `cargo run --release --example probe_api -- INDEX` then type queries.
use seoladh::api::dispatch::{answer, Operation};
use seoladh::api::query::percent_encode;
use seoladh::engine::Engine;
use std::io::BufRead;

fn main() {
    let path = std::env::args().nth(1).expect("index path");
    let engine = Engine::open(path).expect("open");
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let (q, extra) = line.split_once(" ||").unwrap_or((&line, ""));
        let (auto, q) = match q.strip_prefix("AC:") {
            Some(rest) => (true, rest),
            None => (false, q),
        };
        let raw = format!("key=demo&address={}{}", percent_encode(q), extra.trim());
        let t = std::time::Instant::now();
        let op = if auto {
            Operation::AutoComplete
        } else {
            Operation::FindAddress
        };
        let a = answer(&engine, op, &raw, "http://127.0.0.1:8080").unwrap();
        let el = t.elapsed();
        let v: serde_json::Value = serde_json::from_slice(&a.json).unwrap();
        println!(
            "> {q} ({:.0} µs)\n  {} id={} level={} unique={} post={} total={} clean={}\n  {}",
            el.as_secs_f64() * 1e6,
            v["result"]["text"],
            v["addressId"],
            v["matchLevel"]["text"],
            v["isUniqueAddress"],
            v["postcode"],
            v["totalOptions"],
            v["cleanResult"],
            v["postalAddress"]
        );
        if let Some(u) = v.get("unmatched") {
            if !u.is_null() {
                println!("  unmatched {u}");
            }
        }
        for o in v["options"].as_array().unwrap().iter().take(4) {
            println!(
                "    - [{}] {} {}",
                o["optionType"]["code"], o["displayName"], o["addressId"]
            );
        }
    }
}
