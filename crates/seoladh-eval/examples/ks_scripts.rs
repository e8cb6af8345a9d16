//! Developer probe: the keystroke replay's scripts (`id target shared text`) for a seed.
//! `cargo run --release --example ks_scripts -- DATA_DIR N SEED`
use seoladh_eval::keystrokes::{scripts, KeystrokeOptions};

fn main() {
    let mut a = std::env::args().skip(1);
    let dir = a.next().expect("data dir");
    let n: usize = a.next().and_then(|s| s.parse().ok()).unwrap_or(25);
    let seed: u64 = a
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(seoladh_eval::DEFAULT_SEED);
    let (ds, _) = seoladh::ecad::layout::read_dir(std::path::Path::new(&dir)).expect("read data");
    for s in scripts(&ds, &KeystrokeOptions { per_kind: n, seed }) {
        println!("{}\t{}\t{}\t{}", s.id, s.target_id, s.shared_early, s.text);
    }
}
