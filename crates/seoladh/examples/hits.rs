//! Developer probe: term expansions and element matches of a query.
use seoladh::raw::index::Index;
use seoladh::raw::search::{plan::Plan, terms, Stages};
fn main() {
    let mut a = std::env::args().skip(1);
    let idx = Index::open(a.next().unwrap()).unwrap();
    let q = a.next().unwrap();
    let plan = Plan::from_tokens(&seoladh::raw::text::tokenise(&q));
    let mut hits = Vec::new();
    terms::expand(
        &idx,
        &plan,
        Stages {
            typos: true,
            prefix_last: std::env::var("AC").is_ok(),
            join_last: false,
        },
        &mut seoladh::raw::index::completions::Walk::default(),
        &mut hits,
    );
    use fst::Streamer;
    let mut terms: Vec<String> = Vec::new();
    let mut st = idx.terms().stream();
    while let Some((k, _)) = st.next() {
        terms.push(String::from_utf8_lossy(k).into());
    }
    for h in &hits {
        println!(
            "{:?} {}",
            h,
            terms.get(h.term as usize).cloned().unwrap_or_default()
        );
    }
}
