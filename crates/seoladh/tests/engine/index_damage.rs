//! A damaged index never takes the process down: random byte runs flipped or overwritten in every
//! section of the fixture index (seeded), opened, and, when it opens, asked a fixed set of
//! questions. Required of every case: no panic, no abort, no thread holding more than
//! [`ALLOC_CEILING`] bytes above what it held before (the binary's allocator refuses it), no
//! operation over [`SLOWEST_OPERATION`], and an answer or a structured error.
//!
//! Two passes. With the checksums as written, opening refuses every case (a valid CRC over
//! damaged bytes is not forged by accident). With the checksums recomputed over the damage
//! ("resealed"), what opening checks next (the fsts' own checksums, offsets columns, links
//! between tables) and the read paths' own bounds are what stands between the damage and a
//! request.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use seoladh::raw::engine::Engine;
use seoladh::raw::index::format::{read_header, SectionEntry, SectionId};
use seoladh::raw::index::Index;
use seoladh::raw::profile::ProfileSet;
use seoladh::{EcadDataOptions, Error, QueryOptions};

/// Most bytes one case may hold above what the test thread held before it.
const ALLOC_CEILING: usize = 256 << 20;
/// Longest any one open or request may take (debug build: ~100 times the usual).
const SLOWEST_OPERATION: Duration = Duration::from_secs(1);
/// Cases per section and pass.
const CASES_PER_SECTION: u64 = 48;

/// SplitMix64: a seeded, dependency-free source of damage.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// One way of damaging a run of bytes.
#[derive(Debug, Clone, Copy)]
enum Damage {
    FlipBit,
    Random,
    Ones,
    Zeros,
}

/// Damages `len` bytes (clamped to the section) at `at` of `entry`; returns the range touched.
fn damage(
    bytes: &mut [u8],
    entry: &SectionEntry,
    rng: &mut Rng,
    kind: Damage,
) -> std::ops::Range<usize> {
    let start = entry.offset as usize + rng.below(entry.len) as usize;
    let end = (start + 1 + rng.below(64) as usize).min((entry.offset + entry.len) as usize);
    let clean_run = &seoladh_testkit::fixture::index_bytes()[start..end];
    match kind {
        Damage::FlipBit => bytes[start] ^= 1 << rng.below(8),
        Damage::Random => bytes[start..end]
            .iter_mut()
            .for_each(|b| *b = rng.next() as u8),
        Damage::Ones => bytes[start..end].fill(0xff),
        Damage::Zeros => bytes[start..end].fill(0),
    }
    // Damage that left the bytes as they were (zeros over zeros) flips a bit instead.
    if bytes[start..end] == *clean_run {
        bytes[start] ^= 1;
    }
    start..end
}

/// Recomputes every section checksum and the header checksum (the layout of `index::format`).
fn reseal(bytes: &mut [u8]) {
    let header = read_header(bytes, "t", seoladh::raw::text::NORMALISER_VERSION).expect("header");
    for (i, entry) in header.sections.iter().enumerate() {
        let data = &bytes[entry.offset as usize..(entry.offset + entry.len) as usize];
        let crc = crc32fast::hash(data);
        let at = 24 + i * 32 + 4;
        bytes[at..at + 4].copy_from_slice(&crc.to_le_bytes());
    }
    let count = header.sections.len();
    let mut h = crc32fast::Hasher::new();
    h.update(&bytes[..20]);
    h.update(&bytes[24..24 + count * 32]);
    let crc = h.finalize();
    bytes[20..24].copy_from_slice(&crc.to_le_bytes());
}

/// Ids and texts to ask, taken from the undamaged fixture.
struct Questions {
    texts: Vec<&'static str>,
    ids: Vec<u64>,
}

fn questions() -> Questions {
    let index = seoladh_testkit::fixture::engine().index();
    let c = &index.meta().counts;
    let mut ids = Vec::new();
    for k in [0, c.address_points / 2, c.address_points - 1] {
        ids.extend(index.address_point_id(k as u32));
    }
    for k in [0, c.buildings / 3, c.buildings - 1] {
        ids.extend(index.building_id(k as u32));
    }
    for k in [0, c.elements / 5, c.elements / 2, c.elements - 1] {
        ids.extend(index.element(k as u32).map(|e| e.id));
    }
    Questions {
        texts: vec![
            "main street dublin 7",
            "2 dooroge woods, ballyboughal",
            "2 dooroge w",
            "apartment 4, the laurels, swords",
            "mian stret dubln",
            "bóthar na trá, gaoth dobhair",
            "dublin",
            "A65F4E2",
            "BT1 1AA",
        ],
        ids,
    }
}

/// What a case did: `true` when the damaged index opened.
fn run_case(bytes: Vec<u8>, q: &Questions) -> Result<bool, String> {
    let timed = |what: &str, started: Instant| {
        let took = started.elapsed();
        if took > SLOWEST_OPERATION {
            Err(format!("{what} took {took:?}"))
        } else {
            Ok(())
        }
    };
    let started = Instant::now();
    let index = match Index::from_bytes(bytes) {
        Ok(index) => index,
        Err(
            Error::IndexChecksum { .. }
            | Error::IndexCorrupt { .. }
            | Error::IndexTruncated { .. }
            | Error::IndexNotSeoladh { .. }
            | Error::IndexFormatVersion { .. }
            | Error::IndexNormaliserVersion { .. },
        ) => return timed("a refused open", started).map(|()| false),
        Err(other) => return Err(format!("open gave an unstructured error: {other}")),
    };
    let engine = Engine::new(index, ProfileSet::builtin());
    timed("open", started)?;
    let every = QueryOptions::default().limit(-1);
    for text in &q.texts {
        for opts in [&QueryOptions::default(), &every] {
            let started = Instant::now();
            let _ = engine.find(text, opts);
            timed(&format!("find {text:?}"), started)?;
        }
        let started = Instant::now();
        let _ = engine.autocomplete(text, &QueryOptions::default());
        timed(&format!("autocomplete {text:?}"), started)?;
    }
    for &id in &q.ids {
        let started = Instant::now();
        let _ = engine.find_id(id, &every);
        let _ = engine.ecad_data(id, &EcadDataOptions::default());
        timed(&format!("id {id}"), started)?;
    }
    Ok(true)
}

/// Runs every case of one pass; returns how many damaged indexes opened.
fn pass(resealed: bool, seed: u64) -> usize {
    let clean = seoladh_testkit::fixture::index_bytes();
    let header = read_header(clean, "t", seoladh::raw::text::NORMALISER_VERSION).expect("header");
    let q = questions();
    let kinds = [Damage::FlipBit, Damage::Random, Damage::Ones, Damage::Zeros];
    let mut rng = Rng(seed);
    let mut opened = 0;
    let mut failures = Vec::new();
    for entry in &header.sections {
        assert!(entry.len > 0, "section {} is empty", entry.id.name());
        for case in 0..CASES_PER_SECTION {
            let kind = kinds[(case % 4) as usize];
            let mut bytes = clean.to_vec();
            let range = damage(&mut bytes, entry, &mut rng, kind);
            if resealed {
                reseal(&mut bytes);
            }
            let what = format!(
                "{} {kind:?} at {range:?} (resealed: {resealed})",
                entry.id.name()
            );
            let held = crate::alloc_meter::limit_growth(ALLOC_CEILING);
            let outcome = catch_unwind(AssertUnwindSafe(|| run_case(bytes, &q)));
            let peak = crate::alloc_meter::peak() - held;
            crate::alloc_meter::unlimit();
            match outcome {
                Ok(Ok(true)) => opened += 1,
                Ok(Ok(false)) => {}
                Ok(Err(why)) => failures.push(format!("{what}: {why}")),
                Err(_) => failures.push(format!("{what}: panicked")),
            }
            assert!(peak < ALLOC_CEILING as isize, "{what}: held {peak} bytes");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    opened
}

#[test]
fn damage_under_intact_checksums_is_refused_at_open() {
    assert_eq!(pass(false, 22), 0, "a damaged index opened");
}

#[test]
fn damage_with_recomputed_checksums_never_takes_the_process_down() {
    let opened = pass(true, 23);
    // Some damage leaves a usable index (a changed date, a name's letter): the questions ran.
    assert!(opened > 0, "every resealed case was refused at open");
}

#[test]
fn the_damage_of_the_report_is_refused_with_the_damaged_section() {
    // The reported case: 64 bytes inside the places section of the fixture index.
    let mut bytes = seoladh_testkit::fixture::index_bytes().to_vec();
    let header = read_header(&bytes, "t", seoladh::raw::text::NORMALISER_VERSION).expect("header");
    let places = *header.section(SectionId::Places).expect("places");
    let start = places.offset as usize + 64;
    let mut rng = Rng(156_033);
    bytes[start..start + 64]
        .iter_mut()
        .for_each(|b| *b = rng.next() as u8);
    match Index::from_bytes(bytes.clone()) {
        Err(Error::IndexChecksum { section, .. }) => assert_eq!(section, "places"),
        other => panic!("{other:?}"),
    }
    reseal(&mut bytes);
    match Index::from_bytes(bytes) {
        Err(Error::IndexCorrupt {
            section, reason, ..
        }) => {
            assert_eq!(section, "places", "{reason}")
        }
        other => panic!("{other:?}"),
    }
}
