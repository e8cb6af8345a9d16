use seoladh::index::Index;
use seoladh::search::{search, Mode};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let index = Index::open(&args[1]).unwrap();
    let s = search(&index, &args[2], Mode::Find);
    println!("typos={} weights={:?}", s.used_typos, s.word_weights);
    if std::env::var("SEEDS").is_ok() {
        let mut ms: Vec<_> = s.matches.iter().collect();
        ms.sort_by(|a, b| b.score.total_cmp(&a.score));
        for m in ms.iter().take(30) {
            let id = index.element(m.element).map(|r| r.id).unwrap_or(0);
            let name = index
                .variants(m.element)
                .next()
                .map(|v| v.name.to_string())
                .unwrap_or_default();
            println!(
                "  seed {:?} {} {} {:.2} mask={:b} places={}",
                m.kind,
                id,
                name,
                m.score,
                m.mask,
                index.element_places_bound(m.element)
            );
        }
    }
    let e = seoladh::classify::EircodeCheck::of(&index, &s);
    let c = seoladh::classify::classify(&index, &args[2], &s, &e);
    println!("classify: {:?} target={:?} options={:?}", c.result, c.target, match &c.options { seoladh::classify::OptionSet::AddressPoints(a) => format!("{} points", a.len()), o => format!("{o:?}")});
    let own = s.candidates.iter().filter(|c| c.building.is_none()).map(|c| c.place.place).collect::<std::collections::BTreeSet<_>>();
    println!("{} candidates, {} distinct unresolved places", s.candidates.len(), own.len());
    for (i, c) in s.candidates.iter().enumerate().take(40) {
        let els: Vec<String> = c
            .place
            .assigned()
            .iter()
            .map(|&m| {
                let m = &s.matches[m as usize];
                let id = index.element(m.element).map(|r| r.id).unwrap_or(0);
                format!("{:?}:{}:{:.2}:{:b}", m.kind, id, m.score, m.mask)
            })
            .collect();
        let parts = c
            .address_point
            .and_then(|ap| index.address_point_parts(ap))
            .or_else(|| c.building.and_then(|b| index.building_parts(b)))
            .or_else(|| {
                index.place_parts(c.place.place, seoladh::index::PlaceLevel::BuildingGroup)
            });
        let name = parts
            .map(|p| {
                seoladh::ecad::address::postal_display_name(
                    &p,
                    seoladh::ecad::address::Language::English,
                )
            })
            .unwrap_or_default();
        println!(
            "{i:2} {:.2} place={} b={:?} ap={:?} mask={:b} used={:b} unm={} | {} | {}",
            c.score,
            c.place.place,
            c.building,
            c.address_point,
            c.place.mask,
            c.numbers_used,
            c.number_unmatched,
            name,
            els.join(" ")
        );
    }
}
#[allow(dead_code)]
fn unused() {}
