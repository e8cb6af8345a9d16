//! Autocomplete per keystroke: a few real addresses typed one character at a time (English,
//! Irish with and without fadas, one with a typo) and Eircodes typed into the box.
//!
//! Runs on the bundled fixture data by default; set `SEOLADH_BENCH_INDEX=/path/full.idx` to
//! measure a full-scale index (`seoladh build --data /tmp/full --out /tmp/full.idx`; the
//! sequences below are then taken from that index's own addresses). The engine's recent-answer
//! cache is off, so every keystroke searches; the throughput is keystrokes per second.

use std::hint::black_box;

#[path = "common/engine.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use seoladh::api::{AutocompleteRequest, Language, LinkContext};
use seoladh::engine::Engine;

fn engine() -> Engine {
    common::engine().remember_suggestions(false)
}

/// Every prefix of `text`, one per character.
fn keystrokes(text: &str) -> Vec<String> {
    text.char_indices()
        .map(|(i, c)| text[..i + c.len_utf8()].to_string())
        .collect()
}

/// Display names and Eircodes of every 9,973rd address point (spread over the index).
fn sample(engine: &Engine, n: usize) -> Vec<(String, String)> {
    let idx = engine.index();
    let total = idx.meta().counts.address_points as u32;
    (0..total)
        .step_by(9_973)
        .filter_map(|ap| {
            let parts = idx.address_point_parts(ap)?;
            let name = seoladh::ecad::address::postal_address(
                &parts,
                seoladh::ecad::address::Language::English,
            )
            .display_name();
            Some((name, idx.address_point_eircode(ap)?))
        })
        .take(n)
        .collect()
}

fn run(engine: &Engine, ctx: &LinkContext, prefixes: &[String], language: Language) -> usize {
    let mut options = 0;
    for p in prefixes {
        let req = AutocompleteRequest {
            key: "bench".into(),
            address: black_box(p.clone()),
            language,
            ..AutocompleteRequest::default()
        };
        let resp = seoladh::api::Engine::autocomplete(engine, &req, ctx).expect("answers");
        assert!(resp.options.iter().all(|o| !o.links.is_empty()));
        options += resp.options.len();
    }
    options
}

fn autocomplete(c: &mut Criterion) {
    let engine = engine();
    let ctx = LinkContext::new("http://127.0.0.1:8080", "bench", None);
    let full = std::env::var("SEOLADH_BENCH_INDEX").is_ok();
    let sampled = sample(&engine, 4);
    // Real fixture addresses; at full scale the sampled ones stand in for them.
    let texts: Vec<(&str, String, Language)> = if full {
        sampled
            .iter()
            .enumerate()
            .map(|(i, (name, _))| {
                let name = name.to_lowercase();
                let cut: String = name.split(", ").take(3).collect::<Vec<_>>().join(" ");
                (
                    ["address_a", "address_b", "address_c", "address_d"][i % 4],
                    cut,
                    Language::English,
                )
            })
            .collect()
    } else {
        vec![
            (
                "plain",
                "41 Hampstead Park, Ballymun, Dublin 9".into(),
                Language::English,
            ),
            (
                "typo",
                "20 Mountgaret Crescent, Macetown".into(),
                Language::English,
            ),
            (
                "irish",
                "44 Garrán Manor, Baile Bhailcín".into(),
                Language::Irish,
            ),
            (
                "irish_no_fadas",
                "18 an phriomhsraid, leitir ceanainn".into(),
                Language::Irish,
            ),
        ]
    };
    let mut g = c.benchmark_group("autocomplete");
    for (name, text, language) in &texts {
        let prefixes = keystrokes(text);
        g.throughput(Throughput::Elements(prefixes.len() as u64));
        g.bench_function(*name, |b| {
            b.iter(|| {
                let n = run(&engine, &ctx, &prefixes, *language);
                assert!(n > 0, "{text}: no options");
                n
            })
        });
    }
    let eircodes: Vec<String> = sampled
        .iter()
        .map(|(_, e)| format!("{} {}", &e[..3], &e[3..]))
        .collect();
    let prefixes: Vec<String> = eircodes.iter().flat_map(|e| keystrokes(e)).collect();
    g.throughput(Throughput::Elements(prefixes.len() as u64));
    g.bench_function("eircode", |b| {
        b.iter(|| {
            let n = run(&engine, &ctx, &prefixes, Language::English);
            assert!(n > 0);
            n
        })
    });
    g.finish();
}

criterion_group!(benches, autocomplete);
criterion_main!(benches);
