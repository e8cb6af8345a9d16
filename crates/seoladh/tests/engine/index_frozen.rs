//! A committed index file of the current format opens, verifies and answers: a reader change that
//! breaks existing files fails here (see `fixtures/index/README.md`).

use seoladh::raw::index::format::FORMAT_VERSION;
use seoladh::raw::index::{EircodeHit, EntityKind, Index};

fn frozen() -> Index {
    let path = seoladh_testkit::fixtures_dir().join("index/frozen-v4.idx");
    Index::open(&path).unwrap_or_else(|e| {
        panic!("the frozen index no longer opens ({e}); if the format changed on purpose, rebuild it as fixtures/index/README.md says")
    })
}

#[test]
fn frozen_index_is_of_the_current_format() {
    assert_eq!(
        FORMAT_VERSION, 4,
        "FORMAT_VERSION changed: build fixtures/index/frozen-v{FORMAT_VERSION}.idx and point this test at it"
    );
}

#[test]
fn frozen_index_opens_verifies_and_answers() {
    let idx = frozen();
    idx.verify().expect("frozen index verifies");
    assert_eq!(idx.meta().counts.address_points, 10);
    let Some(EircodeHit::Current(ap)) = idx.eircode("A86VC04") else {
        panic!("A86VC04 not found in the frozen index");
    };
    assert_eq!(idx.address_point_id(ap), Some(1_700_000_001));
    assert_eq!(
        idx.entity(1_700_000_001),
        Some((EntityKind::AddressPoint, ap))
    );
    let parts = idx.address_point_parts(ap).expect("parts render");
    let lines = seoladh::raw::ecad::address::postal_address(
        &parts,
        seoladh::raw::ecad::address::Language::English,
    )
    .lines;
    assert_eq!(lines.last().map(String::as_str), Some("A86 VC04"));
}
