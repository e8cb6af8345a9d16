//! The ECAD layout: write → read round trip on the committed `fixtures/ecad-mini/` directory, and
//! one test per validation issue on deliberately broken copies of it.
//!
//! `fixtures/ecad-mini/` is written by `ecad_mini::mini`; regenerate it after a deliberate layout
//! change with `SEOLADH_BLESS=1 cargo test -p seoladh --test engine ecad_layout`.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use seoladh::ecad::layout::{read_dir, write_dir, Action, IssueKind, ReadReport};
use seoladh::Error;

use crate::ecad_mini;
use ecad_mini::mini;

fn fixture() -> PathBuf {
    seoladh_testkit::fixtures_dir().join("ecad-mini")
}

fn files_of(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for entry in fs::read_dir(dir).expect("list dir") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        out.insert(name, fs::read(&path).expect("read file"));
    }
    out
}

#[test]
fn fixture_is_what_the_writer_writes() {
    let tmp = tempfile::tempdir().expect("tempdir");
    write_dir(&mini(), tmp.path()).expect("write");
    if std::env::var_os("SEOLADH_BLESS").is_some() {
        fs::create_dir_all(fixture()).expect("mkdir");
        write_dir(&mini(), &fixture()).expect("bless");
    }
    assert_eq!(
        files_of(tmp.path()),
        files_of(&fixture()),
        "rerun with SEOLADH_BLESS=1 after a deliberate layout change"
    );
}

#[test]
fn round_trip_write_read_identical() {
    let ds = mini();
    let tmp = tempfile::tempdir().expect("tempdir");
    write_dir(&ds, tmp.path()).expect("write");
    let (back, report) = read_dir(tmp.path()).expect("read");
    assert!(report.is_clean(), "{report}");
    assert!(report.issues.is_empty(), "{report}");
    assert_eq!(back, ds);
    // Writing what was read gives the same bytes.
    let tmp2 = tempfile::tempdir().expect("tempdir");
    write_dir(&back, tmp2.path()).expect("write again");
    assert_eq!(files_of(tmp.path()), files_of(tmp2.path()));
}

#[test]
fn written_files_have_real_headers_and_rfc4180_quoting() {
    let text = fs::read_to_string(fixture().join("LOCALITY.csv")).expect("read");
    assert!(
        text.starts_with("LOCALITY_ID,NAME,NAME_IRISH,IRISH_VERIFICATION_ID,ADDRESS_TYPE_ID\r\n")
    );
    let text = fs::read_to_string(fixture().join("THOROUGHFARE_ALIAS.csv")).expect("read");
    assert!(text.starts_with("ALIAS_ID,THOROUGHFARE_ID,NAME,ALIAS_TYPE_ID\r\n"));
    let text = fs::read_to_string(fixture().join("ORGANISATION.csv")).expect("read");
    assert!(text.contains("\"ACME, \"\"THE\"\" WORKS\""), "{text}");
    let text = fs::read_to_string(fixture().join("POSTAL_ADDRESS.csv")).expect("read");
    assert!(text.contains("1700000001,8 SILVER BIRCHES,MILLFARM,DUNBOYNE,CO. MEATH,A86 VC04,,,,,8 SILVER BIRCHES,MILLFARM,DÚN BÚINNE,CO. NA MÍ,A86 VC04,,,,\r\n"), "{text}");
}

#[test]
fn postal_lines_of_the_fixture() {
    let (ds, _) = read_dir(&fixture()).expect("read");
    let lines = |id: u64| -> (Vec<String>, Vec<String>) {
        let row = ds
            .postal_addresses
            .iter()
            .find(|r| r.ecad_id == id)
            .expect("row");
        (row.english.clone(), row.irish.clone())
    };
    assert_eq!(
        lines(1700000002).0,
        [
            "ACCOUNTS",
            "ACME, \"THE\" WORKS",
            "22 DAME STREET",
            "DUBLIN 2",
            "D02 X285"
        ]
    );
    assert_eq!(
        lines(1700000002).1,
        [
            "CUNTAIS",
            "ACME, \"THE\" WORKS",
            "22 SRÁID DAME",
            "BAILE ÁTHA CLIATH 2",
            "D02 X285"
        ]
    );
    assert_eq!(
        lines(1700000004).0,
        ["ROSE COTTAGE", "GRAIGUECULLEN", "CARLOW", "R93 F4E2"]
    );
    assert_eq!(
        lines(1700000006).0,
        [
            "APARTMENT 1",
            "THE MALTINGS",
            "2A DAME STREET",
            "DUBLIN 2",
            "D02 AC81"
        ]
    );
    assert_eq!(lines(1700000010).0, ["MILLFARM", "DUNBOYNE", "CO. MEATH"]);
    // Border address: postal county Laois, geographic county Offaly without the Laois post town.
    assert_eq!(
        lines(1700000005).0,
        [
            "63-66 MAIN STREET",
            "PORTARLINGTON",
            "CO. LAOIS",
            "R32 T6D4"
        ]
    );
    let geo = ds
        .geographic_addresses
        .iter()
        .find(|r| r.ecad_id == 1700000005)
        .expect("row");
    assert_eq!(
        geo.english,
        [
            "63-66 MAIN STREET",
            "PORTARLINGTON",
            "CO. OFFALY",
            "R32 T6D4"
        ]
    );
}

// ---- validation: one broken copy per issue kind ----

/// Copies the fixture to a temp dir and replaces line `line` (1-based) of `file` with `text`
/// (`None` deletes the file).
fn broken(edits: &[(&str, usize, Option<&str>)]) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tempdir");
    for (name, bytes) in files_of(&fixture()) {
        fs::write(tmp.path().join(name), bytes).expect("copy");
    }
    for &(file, line, text) in edits {
        let path = tmp.path().join(file);
        match text {
            None => fs::remove_file(&path).expect("remove"),
            Some(text) => {
                let content = fs::read_to_string(&path).expect("read");
                let mut lines: Vec<String> = content.split("\r\n").map(String::from).collect();
                if line == 0 {
                    lines.insert(lines.len() - 1, text.to_string());
                } else {
                    lines[line - 1] = text.to_string();
                }
                fs::write(&path, lines.join("\r\n")).expect("write");
            }
        }
    }
    tmp
}

fn only_issue(report: &ReadReport, kind: IssueKind) -> (String, u64, Action, String) {
    let found: Vec<_> = report.issues.iter().filter(|i| i.kind == kind).collect();
    assert_eq!(found.len(), 1, "{report}");
    let i = found[0];
    (i.file.clone(), i.line, i.action, i.message.clone())
}

#[test]
fn malformed_row_reported_with_file_and_line() {
    // Line 3 = second address point: a non-numeric building id.
    let dir = broken(&[(
        "ADDRESS_POINT.csv",
        3,
        Some("1700000002,NOT_A_NUMBER,2150,D02X285,,,N,Y"),
    )]);
    let (ds, report) = read_dir(dir.path()).expect("read");
    let (file, line, action, message) = only_issue(&report, IssueKind::MalformedRow);
    assert_eq!(
        (file.as_str(), line, action),
        ("ADDRESS_POINT.csv", 3, Action::Skipped)
    );
    assert!(message.contains("BUILDING_ID"), "{message}");
    assert_eq!(ds.address_points.len(), 9);
    // Rows hanging off that point now dangle, and each says so.
    let dangling: Vec<(&str, u64)> = report
        .issues
        .iter()
        .filter(|i| i.kind == IssueKind::DanglingReference)
        .map(|i| (i.file.as_str(), i.line))
        .collect();
    assert_eq!(
        dangling,
        [
            ("ORGANISATION.csv", 2),
            ("POSTAL_ADDRESS.csv", 3),
            ("GEOGRAPHIC_ADDRESS.csv", 3),
            ("ORGANISATION_INFO.csv", 2)
        ]
    );
    let summary = report.to_string();
    assert!(
        summary.contains("ADDRESS_POINT.csv:3: MalformedRow"),
        "{summary}"
    );
    assert_eq!(
        report
            .file("ADDRESS_POINT.csv")
            .map(|f| (f.read, f.kept, f.skipped)),
        Some((10, 9, 1))
    );
}

#[test]
fn wrong_field_count_is_malformed() {
    let dir = broken(&[("COUNTY.csv", 4, Some("1001000003,CARLOW"))]);
    let (ds, report) = read_dir(dir.path()).expect("read");
    let (file, line, _, message) = only_issue(&report, IssueKind::MalformedRow);
    assert_eq!((file.as_str(), line), ("COUNTY.csv", 4));
    assert!(message.contains("2 fields"), "{message}");
    assert_eq!(ds.counties.len(), 4);
    // The Carlow post town and building now dangle in turn.
    assert!(report
        .issues
        .iter()
        .any(|i| i.file == "POST_TOWN.csv" && i.kind == IssueKind::DanglingReference));
}

#[test]
fn bad_yes_no_is_malformed() {
    let dir = broken(&[(
        "ADDRESS_POINT.csv",
        2,
        Some("1700000001,1400000001,2150,A86VC04,,,MAYBE,Y"),
    )]);
    let (_, report) = read_dir(dir.path()).expect("read");
    let found: Vec<_> = report
        .issues
        .iter()
        .filter(|i| i.kind == IssueKind::MalformedRow)
        .collect();
    assert_eq!(found.len(), 1, "{report}");
    assert_eq!(
        (found[0].file.as_str(), found[0].line),
        ("ADDRESS_POINT.csv", 2)
    );
    assert!(
        found[0].message.contains("expected Y or N"),
        "{}",
        found[0].message
    );
}

#[test]
fn dangling_required_link_skips_the_row() {
    // Building 1400000005 (line 6) names a post town that does not exist.
    let dir = broken(&[(
        "BUILDING.csv",
        6,
        Some("1400000005,,,0,63-66,2200,,1200000003,,,,1100009999,1001000004,1001000005"),
    )]);
    let (ds, report) = read_dir(dir.path()).expect("read");
    let first = &report.issues[0];
    assert_eq!(
        (first.file.as_str(), first.line, first.kind, first.action),
        (
            "BUILDING.csv",
            6,
            IssueKind::DanglingReference,
            Action::Skipped
        )
    );
    assert!(
        first.message.contains("POST_TOWN_ID 1100009999"),
        "{}",
        first.message
    );
    assert!(!ds.buildings.iter().any(|b| b.id == 1400000005));
    // Its address point is skipped and reported too, as are its derived address rows.
    assert!(report.issues.iter().any(|i| i.file == "ADDRESS_POINT.csv"
        && i.line == 6
        && i.kind == IssueKind::DanglingReference));
    assert!(report
        .issues
        .iter()
        .any(|i| i.file == "POSTAL_ADDRESS.csv" && i.kind == IssueKind::DanglingReference));
}

#[test]
fn dangling_optional_link_is_cleared_and_row_kept() {
    let dir = broken(&[(
        "BUILDING.csv",
        2,
        Some("1400000001,,,0,8,2200,1300009999,,,1110000001,,1100000001,1001000001,1001000001"),
    )]);
    let (ds, report) = read_dir(dir.path()).expect("read");
    let (file, line, action, message) = only_issue(&report, IssueKind::DanglingReference);
    assert_eq!(
        (file.as_str(), line, action),
        ("BUILDING.csv", 2, Action::Repaired)
    );
    assert!(message.contains("BUILDING_GROUP_ID"), "{message}");
    assert_eq!(ds.buildings[0].building_group_id, None);
    assert_eq!(
        report.file("BUILDING.csv").map(|f| (f.kept, f.repaired)),
        Some((7, 1))
    );
}

#[test]
fn post_county_not_the_post_towns_county_is_noted() {
    // Building 1400000001 (line 2): post town DUNBOYNE (Meath) with post county Dublin.
    let dir = broken(&[(
        "BUILDING.csv",
        2,
        Some("1400000001,,,0,8,2200,1300000001,,,1110000001,,1100000001,1001000002,1001000001"),
    )]);
    let (ds, report) = read_dir(dir.path()).expect("read");
    let (file, line, action, message) = only_issue(&report, IssueKind::InconsistentReference);
    assert_eq!(
        (file.as_str(), line, action),
        ("BUILDING.csv", 2, Action::Noted)
    );
    assert!(message.contains("POST_COUNTY_ID 1001000002"), "{message}");
    assert_eq!(ds.buildings.len(), 7);
}

#[test]
fn bad_eircode_reported() {
    let dir = broken(&[(
        "ADDRESS_POINT.csv",
        4,
        Some("1700000003,1400000003,2150,B18K7P3,,,N,Y"),
    )]);
    let (ds, report) = read_dir(dir.path()).expect("read");
    let first = report
        .issues
        .iter()
        .find(|i| i.kind == IssueKind::BadEircode)
        .expect("issue");
    assert_eq!(
        (first.file.as_str(), first.line, first.action),
        ("ADDRESS_POINT.csv", 4, Action::Skipped)
    );
    assert!(first.message.contains("B18K7P3"));
    assert!(!ds.address_points.iter().any(|a| a.id == 1700000003));
}

#[test]
fn non_canonical_eircode_is_normalised() {
    let dir = broken(&[(
        "ADDRESS_POINT.csv",
        2,
        Some("1700000001,1400000001,2150,a86 vc04,,,N,Y"),
    )]);
    let (ds, report) = read_dir(dir.path()).expect("read");
    let (file, line, action, _) = only_issue(&report, IssueKind::NonCanonicalEircode);
    assert_eq!(
        (file.as_str(), line, action),
        ("ADDRESS_POINT.csv", 2, Action::Repaired)
    );
    assert_eq!(ds.address_points[0].eircode.as_deref(), Some("A86VC04"));
}

#[test]
fn duplicate_id_reported_first_row_wins() {
    let dir = broken(&[(
        "THOROUGHFARE.csv",
        0,
        Some("1200000001,DAME ST DUPLICATE,,0,3100"),
    )]);
    let (ds, report) = read_dir(dir.path()).expect("read");
    let (file, line, action, message) = only_issue(&report, IssueKind::DuplicateId);
    assert_eq!(
        (file.as_str(), line, action),
        ("THOROUGHFARE.csv", 5, Action::Skipped)
    );
    assert!(message.contains("THOROUGHFARE_ID 1200000001"), "{message}");
    assert_eq!(ds.thoroughfares.len(), 3);
    assert_eq!(ds.thoroughfares[0].name, "DAME STREET");
}

#[test]
fn duplicate_eircode_reported() {
    let dir = broken(&[(
        "ADDRESS_POINT.csv",
        3,
        Some("1700000002,1400000002,2150,A86VC04,,,N,Y"),
    )]);
    let (_, report) = read_dir(dir.path()).expect("read");
    let (file, line, _, _) = only_issue(&report, IssueKind::DuplicateEircode);
    assert_eq!((file.as_str(), line), ("ADDRESS_POINT.csv", 3));
}

#[test]
fn unknown_column_noted_and_ignored() {
    let tmp = broken(&[]);
    let path = tmp.path().join("COUNTY.csv");
    let text = fs::read_to_string(&path).expect("read");
    let text: Vec<String> = text
        .split("\r\n")
        .enumerate()
        .map(|(i, l)| match (i, l.is_empty()) {
            (_, true) => String::new(),
            (0, _) => format!("{l},EXTRA"),
            _ => format!("{l},x"),
        })
        .collect();
    fs::write(&path, text.join("\r\n")).expect("write");
    let (ds, report) = read_dir(tmp.path()).expect("read");
    let (file, line, action, _) = only_issue(&report, IssueKind::UnknownColumn);
    assert_eq!(
        (file.as_str(), line, action),
        ("COUNTY.csv", 1, Action::Noted)
    );
    assert_eq!(ds.counties, mini().counties);
}

#[test]
fn columns_in_any_order_are_read_by_name() {
    let tmp = broken(&[]);
    let path = tmp.path().join("LOCALITY.csv");
    let text = fs::read_to_string(&path).expect("read");
    // Move the id column last.
    let moved: Vec<String> = text
        .split("\r\n")
        .map(|l| match l.split_once(',') {
            Some((id, rest)) => format!("{rest},{id}"),
            None => l.to_string(),
        })
        .collect();
    fs::write(&path, moved.join("\r\n")).expect("write");
    let (ds, report) = read_dir(tmp.path()).expect("read");
    assert!(report.is_clean(), "{report}");
    assert_eq!(ds.localities, mini().localities);
}

#[test]
fn optional_file_absent_is_noted() {
    let dir = broken(&[("UK_ADDRESS.csv", 0, None), ("ECAD_HISTORY.csv", 0, None)]);
    let (ds, report) = read_dir(dir.path()).expect("read");
    assert!(ds.uk_addresses.is_empty() && ds.history.is_empty());
    assert_eq!(report.count(IssueKind::MissingFile), 2);
    assert_eq!(
        report.file("UK_ADDRESS.csv").map(|f| f.present),
        Some(false)
    );
    assert!(report.to_string().contains("absent"));
}

#[test]
fn required_file_absent_is_an_error() {
    let dir = broken(&[("BUILDING.csv", 0, None)]);
    match read_dir(dir.path()) {
        Err(Error::MissingTable { path }) => assert!(path.ends_with("BUILDING.csv")),
        other => panic!("expected MissingTable, got {other:?}"),
    }
}

#[test]
fn missing_column_is_an_error() {
    let dir = broken(&[(
        "POST_TOWN.csv",
        1,
        Some("POST_TOWN_ID,NAME,NAME_IRISH,IRISH_VERIFICATION_ID,ADDRESS_TYPE_ID"),
    )]);
    match read_dir(dir.path()) {
        Err(e @ Error::BadHeader { .. }) => assert!(e.to_string().contains("COUNTY_ID")),
        other => panic!("expected BadHeader, got {other:?}"),
    }
}

#[test]
fn optional_file_with_bad_header_is_ignored_and_reported() {
    let dir = broken(&[("ECAD_HISTORY.csv", 1, Some("ECAD_ID,EIRCODE,STATUS"))]);
    let (ds, report) = read_dir(dir.path()).expect("read");
    let (file, line, action, message) = only_issue(&report, IssueKind::BadHeader);
    assert_eq!(
        (file.as_str(), line, action),
        ("ECAD_HISTORY.csv", 1, Action::Skipped)
    );
    assert!(message.contains("NEW_ECAD_ID"), "{message}");
    assert!(ds.history.is_empty());
    assert!(!report.is_clean());
}

#[test]
fn not_a_directory_is_an_error() {
    assert!(matches!(
        read_dir(Path::new("/no/such/dir")),
        Err(Error::Io { .. })
    ));
}
