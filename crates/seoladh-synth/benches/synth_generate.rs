//! Generator throughput: address points generated (areas, assembly, address lines) per second,
//! on one county so a run stays short. Reference loading is included: it is part of every run.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use seoladh_synth::{generate, GenerateOptions};

fn bench_generate(c: &mut Criterion) {
    let opts = GenerateOptions {
        addresses: 20_000,
        seed: 1,
        counties: Some(vec!["LEITRIM".to_string(), "LOUTH".to_string()]),
        ni_addresses: Some(0),
        gb_addresses: Some(0),
        ..GenerateOptions::default()
    };
    let mut group = c.benchmark_group("synth");
    group.sample_size(10);
    group.throughput(Throughput::Elements(opts.addresses as u64));
    group.bench_function("generate_20k_points", |b| {
        b.iter(|| {
            let ds = generate(black_box(&opts)).expect("generate");
            assert_eq!(ds.address_points.len(), opts.addresses);
            ds
        })
    });
    group.finish();
}

criterion_group!(benches, bench_generate);
criterion_main!(benches);
