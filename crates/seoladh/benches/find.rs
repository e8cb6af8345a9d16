//! Find Address on its hot path, stage by stage: plan (tokenise + plan), terms (expansion),
//! candidates (seed elements + ranked places), score (places scored with on-demand element
//! verification), classify, and the whole request through the engine.
//!
//! Runs on the bundled fixture data by default; set `SEOLADH_BENCH_INDEX=/path/full.idx` to
//! measure a full-scale index (the queries are then rendered from that index's own addresses).
//! Each benchmark runs the same mixed set of queries (clean, lower case without commas, one typo
//! per long word); the throughput is queries per second.

use std::hint::black_box;

#[path = "common/engine.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use seoladh::raw::classify::{classify, EircodeCheck};
use seoladh::raw::engine::Engine;
use seoladh::raw::limits::MAX_SEED_VISITS;
use seoladh::raw::search::{
    elements::{self, HitTerms, IdfCache, Memo, Verifier},
    places,
    plan::Plan,
    search, terms, ElementMatch, Mode, Stages, TermHit,
};
use seoladh::wire::{Engine as _, FindAddressRequest, LinkContext};

fn engine() -> Engine {
    common::engine()
}

/// One typo (two letters swapped in the middle) in every word of 6+ letters.
fn garble(text: &str) -> String {
    text.split(' ')
        .map(|w| {
            let mut b: Vec<char> = w.chars().collect();
            if b.len() >= 6 && b.iter().all(|c| c.is_ascii_alphabetic()) {
                let m = b.len() / 2;
                b.swap(m, m + 1);
            }
            b.into_iter().collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Postal addresses of every 997th address point, in three spellings each.
fn queries(engine: &Engine) -> Vec<String> {
    let idx = engine.index();
    let total = idx.meta().counts.address_points as u32;
    let mut out = Vec::new();
    for ap in (0..total).step_by(997).take(40) {
        let Some(parts) = idx.address_point_parts(ap) else {
            continue;
        };
        let lines = seoladh::raw::ecad::address::postal_address(
            &parts,
            seoladh::raw::ecad::address::Language::English,
        )
        .lines;
        let clean = lines.join(", ");
        let plain = clean.replace(',', "").to_lowercase();
        out.push(garble(&plain));
        out.push(plain);
        out.push(clean);
    }
    out
}

fn bench(c: &mut Criterion) {
    let engine = engine();
    let index = engine.index();
    let qs = queries(&engine);
    let plans: Vec<Plan> = qs
        .iter()
        .map(|q| Plan::from_tokens(&seoladh::raw::text::tokenise(q)))
        .collect();
    let exact = Stages::default();
    let mut g = c.benchmark_group("find");
    g.throughput(Throughput::Elements(qs.len() as u64));

    g.bench_function("plan", |b| {
        b.iter(|| {
            for q in &qs {
                black_box(Plan::from_tokens(&seoladh::raw::text::tokenise(black_box(
                    q,
                ))));
            }
        })
    });

    let mut hits = Vec::new();
    let mut walk = seoladh::raw::index::completions::Walk::default();
    g.bench_function("terms", |b| {
        b.iter(|| {
            for p in &plans {
                terms::expand(index, p, exact, &mut walk, &mut hits);
                black_box(hits.len());
            }
        })
    });

    let (mut visit, mut matches, mut totals, mut places_out) = (
        elements::SeedScratch::default(),
        Vec::new(),
        places::PlaceTotals::default(),
        Vec::new(),
    );
    let mut weights = IdfCache::default();
    g.bench_function("candidates", |b| {
        b.iter(|| {
            for p in &plans {
                terms::expand(index, p, exact, &mut walk, &mut hits);
                seed(index, &hits, &mut weights, &mut visit, &mut matches);
                places::candidates(
                    index,
                    &matches,
                    false,
                    false,
                    seoladh::raw::limits::MAX_SCORED_PLACES,
                    &mut totals,
                    &mut places_out,
                );
                black_box(places_out.len());
            }
        })
    });

    let (mut pins, mut memo) = (Vec::new(), Memo::default());
    g.bench_function("score", |b| {
        b.iter(|| {
            for p in &plans {
                terms::expand(index, p, exact, &mut walk, &mut hits);
                seed(index, &hits, &mut weights, &mut visit, &mut matches);
                places::pins(index, &matches, &mut pins);
                places::candidates(
                    index,
                    &matches,
                    false,
                    false,
                    seoladh::raw::limits::MAX_SCORED_PLACES,
                    &mut totals,
                    &mut places_out,
                );
                let ww = vec![1.0f32; p.words.len()];
                let ht = HitTerms::new(&hits);
                let mut v = Verifier::new(index, &ht, &mut matches, &mut memo, &mut weights);
                let mut best = f32::MIN;
                for &pl in &places_out {
                    if let Some(s) = places::score_place(index, pl, &mut v, &pins, &ww) {
                        best = best.max(s.score);
                    }
                }
                black_box(best);
            }
        })
    });

    let searches: Vec<_> = qs.iter().map(|q| search(index, q, Mode::Find)).collect();
    g.bench_function("classify", |b| {
        b.iter(|| {
            for (q, s) in qs.iter().zip(&searches) {
                let check = EircodeCheck::of(index, s);
                black_box(classify(index, q, s, &check));
            }
        })
    });

    let ctx = LinkContext::new("http://127.0.0.1:8080", "bench", None);
    g.bench_function("find_address", |b| {
        b.iter(|| {
            for q in &qs {
                let req = FindAddressRequest {
                    key: "bench".into(),
                    address: q.clone(),
                    ..FindAddressRequest::default()
                };
                black_box(engine.find_address(&req, &ctx).ok());
            }
        })
    });
    g.finish();
}

/// A full search's seeds (every word, the whole budget).
fn seed(
    index: &seoladh::raw::index::Index,
    hits: &[TermHit],
    weights: &mut IdfCache,
    visit: &mut elements::SeedScratch,
    matches: &mut Vec<ElementMatch>,
) {
    let hits = HitTerms::new(hits);
    elements::seed_elements(
        index,
        &hits,
        u64::MAX,
        MAX_SEED_VISITS,
        weights,
        visit,
        matches,
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
