//! Throughput of the text pipeline on real-looking addresses: `normalise/{set}` is the match key
//! alone; `tokenise/{set}` is the whole pipeline, one `tokenise_into` per address, which
//! normalises and tokenises in one call (what a caller needs: the typed tokens, holding the
//! normalised text). `tokenise` is the acceptance figure of issue 3.
//!
//! Four sets, each a batch of addresses per iteration (throughput in addresses):
//! - `clean`: real Property Price Register addresses with their Eircode, as typed (mixed case,
//!   commas, `Co.`);
//! - `normal_ascii`: the same, already normalised (lower-case ASCII, single spaces);
//! - `fada_heavy`: Irish-language addresses with fadas and mutations;
//! - `abbreviation_heavy`: `Apt`, `St.`, `Rd`, `Upr`, `Co.`, glued digits.
//!
//! The sets live in `benches/common/text_sets.rs`, shared with `examples/text_drive.rs`, which
//! counts instructions per address under callgrind (steadier than wall time on a shared machine).

#[path = "common/text_sets.rs"]
mod text_sets;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use seoladh::text::{normalise, tokenise_into, Tokenised};
use text_sets::{abbreviation_heavy, clean_addresses, fada_heavy};

fn bench_set(c: &mut Criterion, name: &str, set: &[String]) {
    let mut group = c.benchmark_group("text");
    group.throughput(Throughput::Elements(set.len() as u64));
    group.bench_function(format!("normalise/{name}"), |b| {
        b.iter(|| {
            let mut words = 0;
            for a in set {
                let n = normalise(black_box(a));
                words += n.len();
            }
            assert!(words > 0);
            words
        })
    });
    // The whole pipeline, once per address: `tokenise_into` normalises and tokenises (the tokens
    // carry the normalised text). This is the acceptance figure.
    let mut t = Tokenised::new();
    group.bench_function(format!("tokenise/{name}"), |b| {
        b.iter(|| {
            let mut tokens = 0;
            for a in set {
                tokenise_into(black_box(a), &mut t);
                tokens += t.tokens.len();
            }
            assert!(tokens >= set.len());
            tokens
        })
    });
    group.finish();
}

fn text(c: &mut Criterion) {
    let clean = clean_addresses();
    assert_eq!(clean.len(), 1000);
    let normal: Vec<String> = clean.iter().map(|a| normalise(a).into_owned()).collect();
    bench_set(c, "clean", &clean);
    bench_set(c, "normal_ascii", &normal);
    bench_set(c, "fada_heavy", &fada_heavy());
    bench_set(c, "abbreviation_heavy", &abbreviation_heavy());
}

criterion_group!(benches, text);
criterion_main!(benches);
