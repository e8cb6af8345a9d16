//! Index lookups: Eircode → address point, and ECAD id → entity + full record decode.
//!
//! Runs on the bundled fixture data by default; set `SEOLADH_BENCH_INDEX=/path/full.idx` to
//! measure a full-scale index (`seoladh build --data /tmp/full --out /tmp/full.idx`).

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use seoladh::index::{EntityKind, Index, IndexBuilder, NoProgress};

fn index() -> Index {
    if let Ok(path) = std::env::var("SEOLADH_BENCH_INDEX") {
        return Index::open(path).expect("SEOLADH_BENCH_INDEX opens");
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/data");
    let (ds, _) = seoladh::ecad::layout::read_dir(&dir).expect("fixture data");
    let built = IndexBuilder::new().build(&ds, &NoProgress).expect("builds");
    Index::from_bytes(built.to_bytes()).expect("opens")
}

fn lookups(c: &mut Criterion) {
    let idx = index();
    let n = idx.meta().counts.address_points as u32;
    // Every 97th address point: spread over the file, so page cache and fst paths vary.
    let sample: Vec<(String, u64)> = (0..n)
        .step_by(97)
        .filter_map(|ap| Some((idx.address_point_eircode(ap)?, idx.address_point_id(ap)?)))
        .take(1_000)
        .collect();
    let mut g = c.benchmark_group("index");
    g.throughput(Throughput::Elements(sample.len() as u64));
    g.bench_function("eircode_lookup", |b| {
        b.iter(|| {
            for (e, _) in &sample {
                let hit = idx.eircode(black_box(e));
                assert!(hit.is_some());
            }
        })
    });
    g.bench_function("id_lookup_and_record_decode", |b| {
        b.iter(|| {
            for (_, id) in &sample {
                let (kind, ord) = idx.entity(black_box(*id)).expect("id resolves");
                assert_eq!(kind, EntityKind::AddressPoint);
                let record = idx.record(kind, ord).expect("record decodes");
                black_box(record);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, lookups);
criterion_main!(benches);
