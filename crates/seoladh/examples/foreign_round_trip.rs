//! Developer check: every address point's own postal address (English and Irish, as stored and
//! lower-cased, without its Eircode) through Find Address classification, counting the result
//! codes; an Irish address answered 600 ForeignAddressDetected is printed (none may be).
//!
//! `cargo run --release --example foreign_round_trip -- INDEX [EVERY]` (every EVERY-th point;
//! default 1).
use std::collections::BTreeMap;

use rayon::prelude::*;
use seoladh::api::{FindResult, WireEnum};
use seoladh::classify::{classify, EircodeCheck};
use seoladh::ecad::address::{postal_address, Language};
use seoladh::index::Index;
use seoladh::search::{search, Mode};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: foreign_round_trip INDEX [EVERY]");
    let every: u32 = args
        .next()
        .map_or(1, |s| s.parse().expect("EVERY is a number"));
    let index = Index::open_resident(path).expect("index opens");
    let n = index.meta().counts.address_points as u32;
    let counts = (0..n)
        .into_par_iter()
        .filter(|ap| ap % every == 0)
        .map(|ap| {
            let mut counts: BTreeMap<u32, u64> = BTreeMap::new();
            let Some(parts) = index.address_point_parts(ap) else {
                return counts;
            };
            let mut texts = Vec::new();
            for lang in [Language::English, Language::Irish] {
                let line = postal_address(&parts, lang)
                    .lines_without_eircode()
                    .join(", ");
                if !texts.contains(&line) {
                    texts.push(line.to_lowercase());
                    texts.push(line);
                }
            }
            for text in texts {
                let s = search(&index, &text, Mode::Find);
                let e = EircodeCheck::of(&index, &s);
                let result = classify(&index, &text, &s, &e).result;
                if result == FindResult::ForeignAddressDetected {
                    println!("600\t{ap}\t{text}");
                }
                *counts.entry(result.code()).or_default() += 1;
            }
            counts
        })
        .reduce(BTreeMap::new, |mut a, b| {
            for (k, v) in b {
                *a.entry(k).or_default() += v;
            }
            a
        });
    let total: u64 = counts.values().sum();
    eprintln!("{total} queries: {counts:?}");
}
