//! Developer probe: `cargo run --release --example probe -- INDEX` then type queries.
use seoladh::raw::ecad::address::{postal_address, Language};
use seoladh::raw::index::Index;
use seoladh::raw::search::{search, Mode};
use std::io::BufRead;

fn main() {
    let path = std::env::args().nth(1).expect("index path");
    let idx = Index::open(path).expect("open");
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let t = std::time::Instant::now();
        let (mode, line) = match line.strip_prefix("AC:") {
            Some(r) => (Mode::Autocomplete, r.to_string()),
            None => (Mode::Find, line.clone()),
        };
        let s = search(&idx, &line, mode);
        let el = t.elapsed();
        println!(
            "> {line}   ({:.0} µs, typos={})",
            el.as_secs_f64() * 1e6,
            s.used_typos
        );
        if std::env::var("PROBE_M").is_ok() {
            for m in &s.matches {
                let name = idx.variants(m.element).next().map(|v| v.name.to_string());
                println!(
                    "  m {:?} {:?} score={:.2} mask={:b} cov={:.2} {:?} alt={:b}@{:.2}",
                    m.kind, name, m.score, m.mask, m.coverage, m.variant, m.alt.mask, m.alt.score
                );
            }
        }
        for c in s.candidates.iter().take(
            std::env::var("PROBE_N")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(5),
        ) {
            let parts = match (c.address_point, c.building) {
                (Some(ap), _) => idx.address_point_parts(ap),
                (None, Some(b)) => idx.building_parts(b),
                _ => idx.place_parts(
                    c.place.place,
                    seoladh::raw::index::PlaceLevel::BuildingGroup,
                ),
            };
            let lines = parts
                .map(|p| postal_address(&p, Language::English).lines.join(", "))
                .unwrap_or_default();
            println!(
                "  {:7.2} mask={:b} unmatched_no={} place={} {lines}",
                c.score, c.place.mask, c.number_unmatched, c.place.place
            );
        }
    }
}
