//! Allocation budget of the hot path: already-normal ASCII addresses cost at most one allocation
//! per address on average (normalise + tokenise_into with reused buffers), counted by the
//! binary's allocator (`alloc_meter`), per thread.

use crate::alloc_meter::allocations;
use seoladh::text::{normalise, tokenise_into, Tokenised};

#[test]
fn normal_ascii_addresses_allocate_at_most_once_each() {
    let text = std::fs::read_to_string(
        seoladh_testkit::fixtures_dir()
            .join("reference/addresses/ppr_sample_10k_2010_2026_with_eircodes.csv"),
    )
    .expect("csv");
    let mut rdr = csv::Reader::from_reader(text.as_bytes());
    let col = rdr
        .headers()
        .expect("header")
        .iter()
        .position(|h| h == "address")
        .expect("column");
    let addresses: Vec<String> = rdr
        .records()
        .flatten()
        .take(2000)
        .map(|r| normalise(r.get(col).unwrap_or("")).into_owned())
        .collect();
    let mut t = Tokenised::new();
    // Warm up: buffers grow to their working size, the lexicon is built.
    for a in &addresses {
        tokenise_into(a, &mut t);
        let _ = normalise(a);
    }
    let before = allocations();
    let mut tokens = 0;
    for a in &addresses {
        let n = normalise(a);
        assert!(
            matches!(n, std::borrow::Cow::Borrowed(_)),
            "{a:?} is already normal"
        );
        tokenise_into(a, &mut t);
        tokens += t.tokens.len();
    }
    let allocations = allocations() - before;
    assert!(tokens > addresses.len());
    assert!(
        allocations <= addresses.len(),
        "{allocations} allocations for {} addresses",
        addresses.len()
    );
}
