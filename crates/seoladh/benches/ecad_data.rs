//! Get ECAD Data per request on the fixture index, answer serialised (what the server does minus
//! HTTP): an address point, a building and a street (a street walks all its places for
//! `relatedEcadIds`), and batch validation's per-row overhead around Find Address.

use std::io::Cursor;
use std::path::Path;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use seoladh::api::{self, Operation};
use seoladh::batch::{self, BatchOptions, Input, InputFormat};
use seoladh::ecad::layout;
use seoladh::engine::Engine;
use seoladh::index::{Index, IndexBuilder, NoProgress};
use seoladh::profile::ProfileSet;

fn engine() -> (Engine, seoladh::ecad::Dataset) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/data");
    let (ds, _) = layout::read_dir(&dir).expect("fixture readable");
    let bytes = IndexBuilder::new()
        .build(&ds, &NoProgress)
        .expect("builds")
        .to_bytes();
    let engine = Engine::new(
        Index::from_bytes(bytes).expect("opens"),
        ProfileSet::builtin(),
    );
    (engine, ds)
}

fn bench(c: &mut Criterion) {
    let (engine, ds) = engine();
    let changed = ds
        .history
        .iter()
        .find(|h| h.status == seoladh::ecad::HistoryStatus::Changed)
        .map_or(0, |h| h.ecad_id);
    let mut g = c.benchmark_group("ecad_data");
    g.throughput(Throughput::Elements(1));
    for (name, id) in [
        ("address_point", ds.address_points[0].id),
        ("building", ds.buildings[0].id),
        (
            "thoroughfare",
            ds.buildings[0].primary_thoroughfare_id.unwrap_or(0),
        ),
        ("changed_id", changed),
    ] {
        let q = format!("key=demo&ecadId={id}");
        g.bench_function(name, |b| {
            b.iter(|| {
                let a = api::answer(&engine, Operation::GetEcadData, black_box(&q), "http://h")
                    .expect("answers");
                assert_eq!(a.result, Some(100));
                a
            })
        });
    }
    g.finish();

    let rows = 1_000u64;
    let mut input = String::from("id,address\n");
    for i in 0..rows {
        input.push_str(&format!(
            "{i},\"{} MAIN STREET, GARRISTOWN, CO. DUBLIN\"\n",
            i % 40
        ));
    }
    let mut g = c.benchmark_group("batch");
    g.throughput(Throughput::Elements(rows));
    g.sample_size(10);
    g.bench_function("csv_1000_rows", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(2 << 20);
            let s = batch::run(
                &engine,
                Input {
                    reader: Cursor::new(black_box(input.as_bytes())),
                    name: Path::new("bench.csv"),
                    format: InputFormat::Csv,
                    skip: 0,
                },
                &mut out,
                &BatchOptions::default(),
                &mut |_| {},
            )
            .expect("runs");
            assert_eq!(s.rows, rows);
            out
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
