//! Index integration tests on the bundled fixture dataset: build → open → every record
//! round-trips; determinism; every corruption case gives its structured error.

use std::collections::HashMap;
use std::sync::OnceLock;

use seoladh::ecad::{layout, Dataset};
use seoladh::index::format::{read_header, SectionId};
use seoladh::index::store::{format_date, parse_date, DEGREE_SCALE, METRE_SCALE};
use seoladh::index::{
    EircodeHit, ElementKind, EntityKind, Index, IndexBuilder, NoProgress, VariantTag,
};
use seoladh::Error;

fn dataset() -> &'static Dataset {
    static DS: OnceLock<Dataset> = OnceLock::new();
    DS.get_or_init(|| {
        let dir = seoladh_testkit::fixtures_dir().join("data");
        let (ds, report) = layout::read_dir(&dir).expect("fixture dataset readable");
        assert!(report.issues.is_empty(), "fixture has issues: {report}");
        ds
    })
}

fn bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        IndexBuilder::new()
            .build(dataset(), &NoProgress)
            .expect("fixture builds")
            .to_bytes()
    })
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| Index::from_bytes(bytes().to_vec()).expect("fixture index opens"))
}

#[test]
fn build_is_deterministic() {
    let again = IndexBuilder::new()
        .build(dataset(), &NoProgress)
        .unwrap()
        .to_bytes();
    assert!(again == bytes(), "two builds of the same data differ");
}

#[test]
fn verify_passes_and_counts_agree() {
    let idx = index();
    let report = idx.verify().unwrap();
    let ds = dataset();
    assert_eq!(
        idx.meta().counts.address_points,
        ds.address_points.len() as u64
    );
    assert_eq!(idx.meta().counts.buildings, ds.buildings.len() as u64);
    assert_eq!(idx.meta().counts.uk_addresses, ds.uk_addresses.len() as u64);
    assert!(report.records > 0);
}

#[test]
fn file_round_trip_through_mmap() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.idx");
    let built = IndexBuilder::new().build(dataset(), &NoProgress).unwrap();
    built.write_file(&path).unwrap();
    let idx = Index::open(&path).unwrap();
    idx.verify().unwrap();
    assert!(std::fs::read(&path).unwrap() == bytes());
}

#[test]
fn file_read_into_memory_is_the_same_index() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.idx");
    std::fs::write(&path, bytes()).unwrap();
    let mapped = Index::open(&path).unwrap();
    let resident = Index::open_resident(&path).unwrap();
    resident.verify().unwrap();
    assert_eq!(resident.meta().counts, mapped.meta().counts);
    for ap in (0..mapped.meta().counts.address_points as u32).step_by(97) {
        assert_eq!(
            resident.address_point_parts(ap),
            mapped.address_point_parts(ap)
        );
    }
}

#[test]
fn damaged_files_read_into_memory_are_refused_alike() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.idx");
    let b = bytes();
    for cut in [0, 7, 64, b.len() / 2, b.len() - 1] {
        std::fs::write(&path, &b[..cut]).unwrap();
        let resident = Index::open_resident(&path).and_then(|i| i.verify().map(|_| ()));
        let mapped = Index::open(&path).and_then(|i| i.verify().map(|_| ()));
        let (Err(r), Err(m)) = (resident, mapped) else {
            panic!("truncation at {cut} of {} accepted", b.len());
        };
        assert_eq!(r.to_string(), m.to_string());
    }
    let err = Index::open_resident("/nonexistent/seoladh.idx").unwrap_err();
    assert!(matches!(err, Error::Io { .. }));
}

fn close(a: f64, b: f64, scale: f64) -> bool {
    (a - b).abs() <= 0.5 / scale + 1e-9
}

#[test]
fn every_address_point_round_trips() {
    let (ds, idx) = (dataset(), index());
    let spatial: HashMap<u64, _> = ds.spatial.iter().map(|s| (s.ecad_id, s)).collect();
    for ap in &ds.address_points {
        let (kind, ord) = idx.entity(ap.id).expect("address point id resolves");
        assert_eq!(kind, EntityKind::AddressPoint);
        let row = idx.address_point(ord).unwrap();
        assert_eq!(idx.address_point_id(ord), Some(ap.id));
        assert_eq!(idx.building_id(row.building), Some(ap.building_id));
        assert_eq!(idx.address_point_eircode(ord), ap.eircode.clone());
        if let Some(e) = &ap.eircode {
            assert_eq!(idx.eircode(e), Some(EircodeHit::Current(ord)));
            assert_eq!(
                idx.eircode(&e.to_lowercase()),
                Some(EircodeHit::Current(ord))
            );
        }
        assert_eq!(
            idx.string(row.sub_building),
            ap.sub_building_name.as_deref()
        );
        assert_eq!(row.flags & 1 != 0, ap.nua);
        assert_eq!(row.flags & 2 != 0, ap.mail_delivery);
        let rec = idx.record(kind, ord).unwrap();
        match (spatial.get(&ap.id), rec.spatial) {
            (None, None) => {}
            (Some(s), Some(r)) => {
                let (lat, long) = r.etrs89.to_f64(DEGREE_SCALE);
                assert!(close(lat, s.etrs89_lat, DEGREE_SCALE));
                assert!(close(long, s.etrs89_long, DEGREE_SCALE));
                let (e, n) = r.itm.to_f64(METRE_SCALE);
                assert!(
                    close(e, s.itm_easting, METRE_SCALE) && close(n, s.itm_northing, METRE_SCALE)
                );
                let (e, n) = r.ing.to_f64(METRE_SCALE);
                assert!(
                    close(e, s.ing_easting, METRE_SCALE) && close(n, s.ing_northing, METRE_SCALE)
                );
                assert_eq!(r.accuracy, s.spatial_accuracy);
                assert_eq!(
                    format_date(r.created),
                    format_date(parse_date(&s.created).unwrap())
                );
            }
            (a, b) => panic!("spatial of {} differs: {a:?} vs {b:?}", ap.id),
        }
    }
}

#[test]
fn every_building_round_trips_in_natural_order() {
    let (ds, idx) = (dataset(), index());
    let info: HashMap<u64, _> = ds.building_info.iter().map(|s| (s.ecad_id, s)).collect();
    let admin: HashMap<u64, _> = ds
        .administrative_info
        .iter()
        .map(|s| (s.ecad_id, s))
        .collect();
    for b in &ds.buildings {
        let (kind, ord) = idx.entity(b.id).expect("building id resolves");
        assert_eq!(kind, EntityKind::Building);
        let row = idx.building(ord).unwrap();
        assert_eq!(idx.string(row.number), b.number.as_deref());
        if let Some(name) = &b.name {
            let v: Vec<_> = idx.variants(row.name).collect();
            assert_eq!(v[0].name, name.as_str());
        }
        let place = idx.place(idx.place_of_building(ord).unwrap()).unwrap();
        let post_town = idx.element(place.post_town).unwrap();
        assert_eq!(post_town.id, b.post_town_id);
        assert_eq!(post_town.kind, ElementKind::PostTown);
        assert_eq!(idx.element(place.county).unwrap().id, b.county_id);
        let rec = idx.record(kind, ord).unwrap();
        if let Some(i) = info.get(&b.id) {
            let r = rec.building_info.as_ref().expect("building info stored");
            assert_eq!(r.building_type, i.building_type);
            assert_eq!(r.building_use, i.building_use);
            assert_eq!(
                (r.vacant, r.holiday_home, r.under_construction),
                (i.vacant, i.holiday_home, i.under_construction)
            );
        }
        if let Some(a) = admin.get(&b.id) {
            let r = rec.administrative.as_ref().expect("admin info stored");
            assert_eq!(r.release_2017.small_area_id, a.small_area_id);
            assert_eq!(r.release_2015.ded_id, a.ded_2015_id);
            assert_eq!(r.release_2017.gaeltacht, a.gaeltacht);
        }
    }
    // Within a place, house numbers ascend naturally.
    for p in 0..idx.meta().counts.places as u32 {
        let place = idx.place(p).unwrap();
        let keys: Vec<_> = (place.building_start..place.building_start + place.building_count)
            .map(|b| {
                let n = idx.string(idx.building(b).unwrap().number).unwrap_or("");
                seoladh::index::natural_key(n).0
            })
            .collect();
        assert!(
            keys.windows(2).all(|w| w[0] <= w[1]),
            "place {p} out of order: {keys:?}"
        );
    }
}

#[test]
fn every_element_keeps_its_names() {
    let (ds, idx) = (dataset(), index());
    let named = ds
        .counties
        .iter()
        .map(|c| (c.id, &c.name, &c.name_irish))
        .chain(ds.post_towns.iter().map(|c| (c.id, &c.name, &c.name_irish)))
        .chain(ds.localities.iter().map(|c| (c.id, &c.name, &c.name_irish)))
        .chain(
            ds.thoroughfares
                .iter()
                .map(|c| (c.id, &c.name, &c.name_irish)),
        )
        .chain(
            ds.building_groups
                .iter()
                .map(|c| (c.id, &c.name, &c.name_irish)),
        );
    for (id, name, irish) in named {
        let (kind, ord) = idx.entity(id).expect("element id resolves");
        assert_eq!(kind, EntityKind::Element);
        let v: Vec<_> = idx.variants(ord).collect();
        assert_eq!(v[0].tag, VariantTag::English);
        assert_eq!(v[0].name, name.as_str());
        assert!(v[0].term_count > 0, "{name} has no terms");
        if let Some(ga) = irish.as_ref().filter(|g| *g != name) {
            assert!(v
                .iter()
                .any(|x| x.tag == VariantTag::Irish && x.name == ga.as_str()));
        }
        // Every term of the name finds the element back.
        for t in v[0].term_ids() {
            assert!(idx.term_elements(t).any(|e| e == ord));
        }
    }
    for o in &ds.organisations {
        let (kind, ord) = idx.entity(o.id).expect("organisation id resolves");
        assert_eq!(kind, EntityKind::Element);
        assert_eq!(idx.element(ord).unwrap().kind, ElementKind::Organisation);
        assert_eq!(idx.variants(ord).next().unwrap().name, o.name.as_str());
    }
}

#[test]
fn history_and_uk_round_trip() {
    let (ds, idx) = (dataset(), index());
    for h in &ds.history {
        let (kind, i) = idx.entity(h.ecad_id).expect("history id resolves");
        if kind == EntityKind::History {
            assert_eq!(idx.history()[i as usize].ecad_id, h.ecad_id);
        }
        if let Some(e) = &h.eircode {
            assert!(idx.eircode(e).is_some());
        }
    }
    let mut uk: Vec<_> = (0..idx.uk_len())
        .map(|i| idx.uk_address(i).unwrap())
        .collect();
    let mut expected = ds.uk_addresses.clone();
    uk.sort_by_key(|u| u.id);
    expected.sort_by_key(|u| u.id);
    assert_eq!(uk, expected);
}

/// The one-walk near-miss search finds exactly what looking up every one-edit variant finds.
#[test]
fn eircodes_near_agree_with_one_edit_lookups() {
    let (ds, idx) = (dataset(), index());
    let lookup = |code: &str| -> Vec<u32> {
        let mut v: Vec<u32> = seoladh::text::eircode::near_misses(code)
            .iter()
            .filter_map(|e| match idx.eircode(e.as_str()) {
                Some(EircodeHit::Current(ap)) => Some(ap),
                _ => None,
            })
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let mut found = 0usize;
    for (n, ap) in ds.address_points.iter().step_by(7).take(400).enumerate() {
        let Some(code) = ap.eircode.as_deref() else {
            continue;
        };
        // The code itself, one character changed, two swapped, lower case, and a bad character.
        let mut b = code.as_bytes().to_vec();
        let pos = n % 7;
        b[pos] = if b[pos] == b'X' { b'Y' } else { b'X' };
        let changed = String::from_utf8(b).unwrap();
        let mut s = code.as_bytes().to_vec();
        s.swap(3, 4);
        let swapped = String::from_utf8(s).unwrap();
        for q in [
            code.to_string(),
            changed,
            swapped,
            code.to_lowercase(),
            format!("{}O", &code[..6]),
        ] {
            let near = idx.eircodes_near(&q);
            assert_eq!(near, lookup(&q), "{q}");
            found += near.len();
        }
    }
    assert!(found > 100, "the sample should find near misses ({found})");
    assert!(idx.eircodes_near("A86").is_empty());
}

// ---- corruption --------------------------------------------------------------------------

fn open_and_verify(bytes: Vec<u8>) -> Result<(), Error> {
    Index::from_bytes(bytes)?.verify().map(|_| ())
}

#[test]
fn truncated_files_are_refused() {
    let b = bytes();
    let step = (b.len() / 97).max(1);
    for cut in (0..b.len()).step_by(step).chain([b.len() - 1]) {
        let r = open_and_verify(b[..cut].to_vec());
        assert!(r.is_err(), "truncation at {cut} of {} accepted", b.len());
    }
}

#[test]
fn a_flipped_byte_in_every_section_is_caught() {
    let b = bytes();
    let header = read_header(b, "t", seoladh::text::NORMALISER_VERSION).unwrap();
    for entry in &header.sections {
        if entry.len == 0 {
            continue;
        }
        for at in [0, entry.len / 2, entry.len - 1] {
            let mut damaged = b.to_vec();
            damaged[(entry.offset + at) as usize] ^= 0x40;
            match open_and_verify(damaged) {
                Err(Error::IndexChecksum { section, .. })
                | Err(Error::IndexCorrupt { section, .. }) => {
                    assert_eq!(section, entry.id.name())
                }
                other => panic!("flip in {} at {at}: {other:?}", entry.id.name()),
            }
        }
    }
}

fn with_header_crc(mut b: Vec<u8>) -> Vec<u8> {
    let count = u32::from_le_bytes(b[16..20].try_into().unwrap()) as usize;
    let mut h = crc32fast::Hasher::new();
    h.update(&b[..20]);
    h.update(&b[24..24 + count * 32]);
    let crc = h.finalize();
    b[20..24].copy_from_slice(&crc.to_le_bytes());
    b
}

#[test]
fn foreign_and_versioned_files_are_named() {
    let b = bytes();
    let mut foreign = b.to_vec();
    foreign[..8].copy_from_slice(b"PK\x03\x04abcd");
    assert!(matches!(
        Index::from_bytes(foreign),
        Err(Error::IndexNotSeoladh { .. })
    ));
    assert!(matches!(
        Index::from_bytes(b"hello".to_vec()),
        Err(Error::IndexNotSeoladh { .. })
    ));
    assert!(matches!(
        Index::from_bytes(Vec::new()),
        Err(Error::IndexNotSeoladh { .. })
    ));

    let mut newer = b.to_vec();
    newer[8..12].copy_from_slice(&99u32.to_le_bytes());
    let err = Index::from_bytes(with_header_crc(newer)).unwrap_err();
    assert!(matches!(err, Error::IndexFormatVersion { found: 99, .. }));
    assert!(err.to_string().contains("upgrade seoladh"));

    let mut older = b.to_vec();
    older[8..12].copy_from_slice(&0u32.to_le_bytes());
    let err = Index::from_bytes(with_header_crc(older)).unwrap_err();
    assert!(err.to_string().contains("rebuild"), "{err}");

    let mut normaliser = b.to_vec();
    let v = seoladh::text::NORMALISER_VERSION + 1;
    normaliser[12..16].copy_from_slice(&v.to_le_bytes());
    let err = Index::from_bytes(with_header_crc(normaliser)).unwrap_err();
    assert!(matches!(err, Error::IndexNormaliserVersion { .. }));
    assert!(err.to_string().contains("seoladh build"));
}

#[test]
fn missing_file_is_an_io_error() {
    let err = Index::open("/nonexistent/seoladh.idx").unwrap_err();
    assert!(matches!(err, Error::Io { .. }));
}

#[test]
fn every_section_is_present() {
    let header = read_header(bytes(), "t", seoladh::text::NORMALISER_VERSION).unwrap();
    for id in SectionId::ALL {
        assert!(header.section(id).is_some(), "{} missing", id.name());
    }
}

#[test]
fn index_is_the_same_without_the_address_lines() {
    // `seoladh build` reads with `ReadOptions::for_index()`; the file must not depend on it.
    let dir = seoladh_testkit::fixtures_dir().join("data");
    let (slim, _) = layout::read_dir_with(&dir, &layout::ReadOptions::for_index())
        .expect("fixture dataset readable");
    let built = IndexBuilder::new()
        .build(&slim, &NoProgress)
        .expect("fixture builds");
    assert!(built.to_bytes() == bytes());
}

/// Record store bytes per address point on the fixture: 91.9 in format 2, about twice that in
/// format 1 (183.5 at full scale); the bound catches a lost "same as building" or date packing.
const STORE_BYTES_PER_AP_MAX: f64 = 110.0;

#[test]
fn record_store_stays_compact() {
    let built = IndexBuilder::new()
        .build(dataset(), &NoProgress)
        .expect("fixture builds");
    let per_ap = built.store_bytes as f64 / built.meta.counts.address_points as f64;
    assert!(
        per_ap < STORE_BYTES_PER_AP_MAX,
        "{per_ap:.1} bytes per address point"
    );
}
