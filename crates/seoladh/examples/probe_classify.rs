//! Developer probe of classification: `probe_classify INDEX` then type queries; prints the
//! plan's words, the top candidates (place elements, assigned matches) and the classification.
use seoladh::classify::{classify, EircodeCheck};
use seoladh::ecad::address::{postal_address, Language};
use seoladh::index::{Index, PlaceLevel};
use seoladh::search::{search, Mode};
use std::io::BufRead;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: probe_classify INDEX");
        return;
    };
    let idx = match Index::open(path) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    let top: usize = std::env::var("TOP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8);
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let s = search(&idx, &line, Mode::Find);
        println!("> {line}");
        let words: Vec<String> = s
            .plan
            .words
            .iter()
            .zip(&s.word_weights)
            .map(|(w, wt)| format!("{}:{:?}:{wt:.2}", w.text, w.kind))
            .collect();
        println!("  words {words:?}");
        for c in s.candidates.iter().take(top) {
            let parts = match (c.address_point, c.building) {
                (Some(ap), _) => idx.address_point_parts(ap),
                (None, Some(b)) => idx.building_parts(b),
                _ => idx.place_parts(c.place.place, PlaceLevel::BuildingGroup),
            };
            let lines = parts
                .map(|p| postal_address(&p, Language::English).lines.join(", "))
                .unwrap_or_default();
            let assigned: Vec<String> = c
                .place
                .assigned()
                .iter()
                .map(|&m| {
                    let em = &s.matches[m as usize];
                    format!("e{}:{:?}:m{:b}:t{}", em.element, em.kind, em.mask, em.typos)
                })
                .collect();
            let row = idx.place(c.place.place);
            println!(
                "  {:7.2} p{} mask={:b} typos={} ap={:?} b={:?} nu={} {lines}\n          assigned {assigned:?} place {:?}",
                c.score,
                c.place.place,
                c.place.mask,
                c.place.typos,
                c.address_point,
                c.building,
                c.number_unmatched,
                row.map(|r| r.elements())
            );
        }
        let e = EircodeCheck::of(&idx, &s);
        let c = classify(&idx, &line, &s, &e);
        println!(
            "  => {:?} target {:?} level {:?} unmatched {:?} spelling {} options {:?}",
            c.result,
            c.target,
            c.match_level,
            c.unmatched_words,
            c.spelling_changed,
            format!("{:?}", c.options)
                .chars()
                .take(300)
                .collect::<String>()
        );
    }
}
