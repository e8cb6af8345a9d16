//! Callgrind driver for the text pipeline: runs one stage over one of the address sets of
//! `benches/text.rs`, `ITERS` times. Instructions per address are the difference between a run
//! with `ITERS` and one with 0 (setup), divided by `ITERS × 1000`:
//!
//! ```text
//! valgrind --tool=callgrind target/release/examples/text_drive clean 0
//! valgrind --tool=callgrind target/release/examples/text_drive clean 5
//! ```
//!
//! A profile of the loop alone: add `--toggle-collect=text_drive::measured --dump-instr=yes`.
//!
//! Sets: `clean`, `normal_ascii`, `fada_heavy`, `abbreviation_heavy`. Stages (third argument):
//! `tokenise` (default: one `tokenise_into` per address, which normalises and tokenises: the
//! whole pipeline, the acceptance figure) or `normalise` (`normalise` alone). Run from the crate
//! root.

#[path = "../benches/common/text_sets.rs"]
mod text_sets;

use seoladh::text::{normalise, tokenise_into, Tokenised};

fn main() {
    let mut args = std::env::args().skip(1);
    let set = args.next().unwrap_or_else(|| "clean".to_owned());
    let iters: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(10);
    let stage = args.next().unwrap_or_else(|| "tokenise".to_owned());
    let addresses = match set.as_str() {
        "clean" => text_sets::clean_addresses(),
        "normal_ascii" => text_sets::clean_addresses()
            .iter()
            .map(|a| normalise(a).into_owned())
            .collect(),
        "fada_heavy" => text_sets::fada_heavy(),
        "abbreviation_heavy" => text_sets::abbreviation_heavy(),
        other => {
            eprintln!("unknown set {other}");
            std::process::exit(2);
        }
    };
    let mut t = Tokenised::new();
    // Warm the lexicon and thread-local buffers in the setup run too, so the difference is
    // steady-state work only.
    // A non-ASCII warm-up too: the general path builds its folding table on first use.
    tokenise_into("warm up", &mut t);
    tokenise_into("Bóthar Úr", &mut t);
    let _ = normalise("Warm Up");
    let _ = normalise("Bóthar Úr");
    let total = measured(&addresses, iters, &stage, &mut t);
    println!("{set} {stage} x{iters}: {total}");
}

/// The measured loop, out of line so that a profile can collect it alone
/// (`--toggle-collect=text_drive::measured`), without the lexicon's build and the setup.
#[inline(never)]
fn measured(addresses: &[String], iters: usize, stage: &str, t: &mut Tokenised) -> usize {
    let mut total = 0usize;
    for _ in 0..iters {
        for a in addresses {
            total += match stage {
                "normalise" => normalise(std::hint::black_box(a)).len(),
                _ => {
                    tokenise_into(std::hint::black_box(a), t);
                    t.tokens.len()
                }
            };
        }
    }
    total
}
