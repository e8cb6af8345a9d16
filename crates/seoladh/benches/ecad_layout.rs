//! Speed of the ECAD layout: validating read of a directory, address-table derivation, and one
//! postal rendering. The dataset is `fixtures/ecad-mini/` replicated to `POINTS` address points
//! with fresh ids and Eircodes, so the numbers scale linearly to the full ~2.2M points.

use std::path::Path;

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use seoladh::ecad::address::{derive_address_tables, postal_address, Language, Lookup};
use seoladh::ecad::layout::{read_dir, write_dir};
use seoladh::ecad::Dataset;

/// Address points in the scaled dataset.
const POINTS: usize = 100_000;

fn eircode(n: usize) -> String {
    const ALPHABET: &[u8] = seoladh::ecad::eircode::EIRCODE_ALPHABET;
    const KEYS: [&str; 4] = ["A86", "D02", "R93", "T12"];
    let mut s = String::from(KEYS[n % KEYS.len()]);
    let mut rest = n / KEYS.len();
    for _ in 0..4 {
        s.push(char::from(ALPHABET[rest % ALPHABET.len()]));
        rest /= ALPHABET.len();
    }
    s
}

fn scaled() -> Dataset {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/ecad-mini");
    let (mini, _) = read_dir(&dir).expect("fixture");
    let mut ds = Dataset {
        counties: mini.counties.clone(),
        post_towns: mini.post_towns.clone(),
        localities: mini.localities.clone(),
        thoroughfares: mini.thoroughfares.clone(),
        building_groups: mini.building_groups.clone(),
        ..Dataset::default()
    };
    let copies = POINTS / mini.address_points.len();
    let mut n = 0;
    for k in 0..copies as u64 {
        for b in &mini.buildings {
            let mut b = b.clone();
            b.id += k * 100;
            ds.buildings.push(b);
        }
        for p in &mini.address_points {
            let mut p = p.clone();
            p.id += k * 100;
            p.building_id += k * 100;
            if p.eircode.is_some() {
                p.eircode = Some(eircode(n));
                n += 1;
            }
            ds.address_points.push(p);
        }
        for o in &mini.organisations {
            let mut o = o.clone();
            o.id += k * 100;
            o.address_point_id += k * 100;
            ds.organisations.push(o);
        }
    }
    derive_address_tables(&mut ds);
    ds
}

fn bench(c: &mut Criterion) {
    let ds = scaled();
    let tmp = tempfile::tempdir().expect("tempdir");
    write_dir(&ds, tmp.path()).expect("write");
    let bytes: u64 = std::fs::read_dir(tmp.path())
        .expect("list")
        .filter_map(|e| e.ok()?.metadata().ok())
        .map(|m| m.len())
        .sum();

    let mut group = c.benchmark_group("ecad_layout");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("read_dir", |b| {
        b.iter(|| {
            let (read, report) = read_dir(black_box(tmp.path())).expect("read");
            assert_eq!(read.address_points.len(), ds.address_points.len());
            assert!(report.is_clean());
        })
    });
    group.throughput(Throughput::Elements(ds.address_points.len() as u64));
    group.bench_function("write_dir", |b| {
        let out = tempfile::tempdir().expect("tempdir");
        b.iter(|| write_dir(black_box(&ds), out.path()).expect("write"))
    });
    group.bench_function("derive_address_tables", |b| {
        b.iter_batched(
            || ds.clone(),
            |mut d| {
                derive_address_tables(black_box(&mut d));
                assert_eq!(d.postal_addresses.len(), ds.address_points.len());
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();

    let lookup = Lookup::new(&ds);
    let parts = lookup.address_point_parts(1700000001).expect("point");
    let mut group = c.benchmark_group("address");
    group.throughput(Throughput::Elements(1));
    group.bench_function("postal_address", |b| {
        b.iter(|| {
            let a = postal_address(black_box(&parts), Language::Irish);
            assert_eq!(a.lines.len(), 5);
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
