//! The engine the Find and Autocomplete benches measure: the index at `SEOLADH_BENCH_INDEX`
//! (full scale), else one built in memory from the bundled fixture data.

use std::path::Path;

use seoladh::engine::Engine;
use seoladh::index::{Index, IndexBuilder, NoProgress};
use seoladh::profile::ProfileSet;

/// The benched engine.
pub fn engine() -> Engine {
    let index = match std::env::var("SEOLADH_BENCH_INDEX") {
        Ok(path) => Index::open(path).expect("SEOLADH_BENCH_INDEX opens"),
        Err(_) => {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/data");
            let (ds, _) = seoladh::ecad::layout::read_dir(&dir).expect("fixture data");
            let built = IndexBuilder::new().build(&ds, &NoProgress).expect("builds");
            Index::from_bytes(built.to_bytes()).expect("opens")
        }
    };
    Engine::new(index, ProfileSet::builtin())
}
