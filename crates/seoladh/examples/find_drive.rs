//! Instruction-count driver for the whole Find Address (or Autocomplete) request:
//! `valgrind --tool=callgrind target/release/examples/find_drive INDEX Q.tsv PASSES [auto]`.
//! Runs every query (last TSV column) once to warm up, then PASSES more times. With `PRINT=1`
//! it prints each answer of the warm-up pass (result code, id, options) to compare builds; with
//! `TIME=1` the fastest timed pass's mean per query (the least disturbed on a shared machine).
//! With `RESIDENT=1` the index is read into memory (`Index::open_resident`, as the server and
//! `seoladh bench` do) instead of memory-mapped.
use seoladh::api::{AutocompleteRequest, Engine as _, FindAddressRequest, LinkContext};
use seoladh::engine::Engine;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(index), Some(queries)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: find_drive INDEX Q.tsv PASSES [auto]");
        std::process::exit(2);
    };
    let passes: usize = args.get(3).and_then(|p| p.parse().ok()).unwrap_or(1);
    let auto = args.get(4).is_some_and(|m| m == "auto");
    let opened = if std::env::var_os("RESIDENT").is_some() {
        seoladh::index::Index::open_resident(index)
    } else {
        seoladh::index::Index::open(index)
    };
    let engine = Engine::new(
        opened.unwrap_or_else(|e| panic!("{e}")),
        seoladh::profile::ProfileSet::builtin(),
    )
    .remember_suggestions(false);
    let text = std::fs::read_to_string(queries).unwrap_or_else(|e| panic!("{e}"));
    let queries: Vec<&str> = text.lines().filter_map(|l| l.rsplit('\t').next()).collect();
    let links = LinkContext::new("http://127.0.0.1", "demo", None);
    let print = std::env::var_os("PRINT").is_some();
    let time = std::env::var_os("TIME").is_some();
    let mut fastest = f64::MAX;
    let mut n = 0usize;
    for pass in 0..=passes {
        let started = std::time::Instant::now();
        for q in &queries {
            if auto {
                let req = AutocompleteRequest {
                    key: "demo".into(),
                    address: (*q).into(),
                    ..AutocompleteRequest::default()
                };
                let r = seoladh::api::Engine::autocomplete(&engine, &req, &links);
                if print && pass == 0 {
                    let ids: Vec<_> = r
                        .iter()
                        .flat_map(|r| &r.options)
                        .map(|o| o.address_id)
                        .collect();
                    println!("{q}\t{ids:?}");
                }
                n += r.map_or(0, |r| r.options.len());
            } else {
                let req = FindAddressRequest {
                    key: "demo".into(),
                    address: (*q).into(),
                    ..FindAddressRequest::default()
                };
                let r = engine.find_address(&req, &links);
                if print && pass == 0 {
                    if let Ok(r) = &r {
                        let ids: Vec<_> = r.options.iter().map(|o| o.address_id).collect();
                        println!("{q}\t{}\t{:?}\t{ids:?}", r.result, r.address_id);
                    }
                }
                n += r.map_or(0, |r| r.options.len());
            }
        }
        if pass > 0 {
            fastest = fastest.min(started.elapsed().as_secs_f64());
        }
    }
    if time && passes > 0 {
        let per = fastest * 1e6 / queries.len().max(1) as f64;
        eprintln!("fastest pass: {per:.1} µs per query");
    }
    println!("{n}");
}
