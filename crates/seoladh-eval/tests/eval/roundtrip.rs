//! The round trip over the whole bundled fixture dataset (`seoladh roundtrip` without flags):
//! every address point's own stored postal address, in English and in Irish, as stored and lower
//! cased, must come back as itself — 100/200 with its id when its text is unique, 300 with it
//! among the options when it is shared — and no answer may be a confident wrong one. Every
//! failure is listed, grouped, when it does not hold.

use seoladh_eval::roundtrip::{self, Expect, Lang, RoundTripOptions, Variant};
use seoladh_testkit::fixture;

#[test]
fn every_fixture_address_finds_itself() {
    let dir = seoladh_testkit::fixtures_dir().join("data");
    let points = roundtrip::read_points(&dir).expect("fixtures/data reads");
    assert!(points.len() > 10_000, "{} points", points.len());
    let opts = RoundTripOptions {
        langs: vec![Lang::English, Lang::Irish],
        variants: vec![Variant::Exact, Variant::Lower],
        examples: 10,
        ..RoundTripOptions::default()
    };
    let report = roundtrip::run(fixture::engine(), &points, &opts, &|_| {});
    let sent: u64 = report.scores.values().map(|s| s.n).sum();
    assert_eq!(sent, roundtrip::query_count(&points, &opts));
    for expect in [Expect::Unique, Expect::NoMail, Expect::Nua] {
        assert!(
            report.class_total(expect).n > 0,
            "the fixture has {} points",
            expect.name()
        );
    }
    let right: u64 = report.scores.values().map(|s| s.right).sum();
    assert!(
        right == sent && report.confident_wrong() == 0,
        "{} of {sent} points did not find themselves, {} confidently wrong:\n{}",
        sent - right,
        report.confident_wrong(),
        report.to_markdown(50)
    );
}
