//! Batch validation (`seoladh::batch`) over the fixture index: order, one output row per input
//! row, malformed rows reported, resume after a kill, CSV output.

use std::io::Cursor;
use std::path::Path;

use seoladh::batch::{self, BatchOptions, Input, InputFormat, OutputFormat};
use serde_json::Value;

use fixture::{dataset, engine};
use seoladh_testkit::fixture;

/// A CSV input of `n` rows: postal lines of fixture address points, every 10th with an id, and
/// one malformed row (too many fields) at row 7 and one row with an invalid limit at row 9.
fn csv_input(n: usize) -> String {
    let ds = dataset();
    let mut s = String::from("id,address,limit,language\n");
    for i in 1..=n {
        let p = &ds.postal_addresses[i % ds.postal_addresses.len()];
        let address = p.english.join(", ");
        match i {
            7 => s.push_str("x,\"a\",1,en,extra\n"),
            9 => s.push_str(&format!(",\"{address}\",lots,en\n")),
            _ if i % 10 == 0 => s.push_str(&format!("row-{i},\"{address}\",-1,en\n")),
            _ => s.push_str(&format!(",\"{address}\",,\n")),
        }
    }
    s
}

fn run(
    input: &str,
    format: InputFormat,
    skip: u64,
    opts: &BatchOptions,
) -> (Vec<u8>, batch::BatchSummary) {
    let mut out = Vec::new();
    let summary = batch::run(
        engine(),
        Input {
            reader: Cursor::new(input.as_bytes()),
            name: Path::new("test-input"),
            format,
            skip,
        },
        &mut out,
        opts,
        &mut |_| {},
    )
    .expect("batch runs");
    (out, summary)
}

fn small_chunks() -> BatchOptions {
    BatchOptions {
        chunk_rows: 16,
        ..BatchOptions::default()
    }
}

fn lines(out: &[u8]) -> Vec<Value> {
    std::str::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn one_row_out_per_row_in_and_in_order() {
    let input = csv_input(100);
    let (out, summary) = run(&input, InputFormat::Csv, 0, &small_chunks());
    let rows = lines(&out);
    assert_eq!(rows.len(), 100);
    assert_eq!(summary.rows, 100);
    for (i, row) in rows.iter().enumerate() {
        let n = i + 1;
        if n == 7 {
            assert_eq!(row["id"], "x", "a malformed row keeps its readable id");
        } else if n % 10 == 0 {
            assert_eq!(row["id"], format!("row-{n}"), "the input id is kept");
        } else {
            assert_eq!(row["id"], n.to_string(), "else the row number, as a string");
        }
        if n == 7 || n == 9 {
            continue;
        }
        let expected = dataset().postal_addresses[n % dataset().postal_addresses.len()]
            .english
            .join(", ");
        assert_eq!(row["response"]["input"]["address"], expected, "row {n}");
        assert!(row["response"]["result"]["code"].is_u64());
    }
    let results: u64 = summary.results.values().sum();
    let errors: u64 = summary.errors.values().sum();
    assert_eq!(results + errors, 100);
}

#[test]
fn malformed_rows_become_error_rows() {
    let (out, summary) = run(&csv_input(12), InputFormat::Csv, 0, &small_chunks());
    let rows = lines(&out);
    assert_eq!(rows.len(), 12);
    assert_eq!(rows[6]["id"], "x");
    assert_eq!(rows[6]["error"]["type"]["code"], 400011);
    assert!(rows[6]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("5 fields"));
    assert_eq!(
        rows[8]["error"]["type"]["text"], "InvalidLimit",
        "the API's own check"
    );
    assert_eq!(summary.errors.get(&400011), Some(&1));
    assert_eq!(summary.errors.get(&400003), Some(&1));

    let jsonl = "{\"id\": 5, \"address\": \"Main Street, Garristown\"}\nnot json\n{\"address\": 3}\n{\"address\":\"x\",\"eircode\":\"A96 9VA7\",\"limit\":2}\n";
    let (out, _) = run(jsonl, InputFormat::JsonLines, 0, &small_chunks());
    let rows = lines(&out);
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["id"], 5, "a JSON id comes back as it was written");
    assert!(rows[0]["response"].is_object());
    assert_eq!(
        (
            rows[1]["id"].clone(),
            rows[1]["error"]["type"]["code"].clone()
        ),
        ("2".into(), 400011.into())
    );
    assert_eq!(rows[2]["error"]["type"]["code"], 400011);
    assert_eq!(rows[3]["response"]["input"]["address"], "x, A96 9VA7");
    assert_eq!(rows[3]["response"]["input"]["limit"], 2);
}

#[test]
fn a_csv_without_an_address_column_is_refused() {
    let mut out = Vec::new();
    let err = batch::run(
        engine(),
        Input {
            reader: Cursor::new(&b"id,text\n1,x\n"[..]),
            name: Path::new("in.csv"),
            format: InputFormat::Csv,
            skip: 0,
        },
        &mut out,
        &BatchOptions::default(),
        &mut |_| {},
    )
    .unwrap_err();
    assert!(err.to_string().contains("no `address` column"), "{err}");
}

#[test]
fn resume_after_a_kill_gives_the_whole_file_once() {
    let input = csv_input(60);
    let opts = small_chunks();
    let (full, _) = run(&input, InputFormat::Csv, 0, &opts);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.jsonl");
    // A kill mid-write: 23 whole lines and half of the 24th.
    let text = std::str::from_utf8(&full).unwrap();
    let cut: usize = text.lines().take(23).map(|l| l.len() + 1).sum::<usize>() + 40;
    std::fs::write(&path, &full[..cut]).unwrap();
    let done = match batch::resume_point(&path, &OutputFormat::JsonLines).unwrap() {
        batch::Resume::Lines(n) => n,
        batch::Resume::Stream => panic!("a regular file streams"),
    };
    assert_eq!(done, 23);
    let (rest, summary) = run(&input, InputFormat::Csv, done, &opts);
    assert_eq!(summary.skipped, 23);
    assert_eq!(summary.rows, 37);
    let mut resumed = std::fs::read(&path).unwrap();
    resumed.extend_from_slice(&rest);
    let strip_txn = |v: Vec<Value>| -> Vec<(Value, Value)> {
        v.into_iter()
            .map(|r| (r["id"].clone(), r["response"]["result"].clone()))
            .collect()
    };
    assert_eq!(strip_txn(lines(&resumed)), strip_txn(lines(&full)));
    assert_eq!(lines(&resumed).len(), 60, "no duplicates, nothing missing");
}

#[test]
fn csv_output_has_the_chosen_columns() {
    let opts = BatchOptions {
        output: OutputFormat::Csv(vec!["id".into(), "result".into(), "errorCode".into()]),
        ..small_chunks()
    };
    let (out, _) = run(&csv_input(8), InputFormat::Csv, 0, &opts);
    let text = String::from_utf8(out).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 8, "no header: the caller writes it once");
    assert_eq!(rows[6], "x,,400011");
    assert!(
        rows[0].starts_with("1,") && rows[0].ends_with(','),
        "{}",
        rows[0]
    );
    assert_eq!(
        batch::csv_header(&["id".into(), "postalAddress".into()]),
        b"id,postalAddress\n"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Whatever the bytes, JSON-lines input gives exactly one JSON output line per input line.
    #[test]
    fn any_json_lines_input_gives_one_row_per_line(
        lines_in in proptest::collection::vec("\\PC{0,30}|\\{\"address\":\"[a-z ]{0,20}\"\\}", 0..20)
    ) {
        let input: String = lines_in.iter().map(|l| format!("{l}\n")).collect();
        let (out, summary) = run(&input, InputFormat::JsonLines, 0, &small_chunks());
        let rows = lines(&out);
        proptest::prop_assert_eq!(rows.len(), lines_in.len());
        proptest::prop_assert_eq!(summary.rows as usize, lines_in.len());
        for (i, r) in rows.iter().enumerate() {
            proptest::prop_assert!(r["response"].is_object() || r["error"].is_object(), "row {}", i);
        }
    }

    /// Arbitrary CSV bodies under a valid header never fail the run and every output line is JSON.
    #[test]
    fn any_csv_body_is_answered_row_by_row(body in "[a-z0-9,\"\n ]{0,200}") {
        let input = format!("address,id\n{body}");
        let (out, summary) = run(&input, InputFormat::Csv, 0, &small_chunks());
        proptest::prop_assert_eq!(lines(&out).len() as u64, summary.rows);
    }
}

/// An engine over the fixture index with `examples/profiles.toml` and the given policy.
fn engine_with_profiles(unknown: seoladh::profile::UnknownProfile) -> seoladh::engine::Engine {
    let bytes = seoladh::index::IndexBuilder::new()
        .build(dataset(), &seoladh::index::NoProgress)
        .expect("fixture builds")
        .to_bytes();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/profiles.toml");
    let profiles = seoladh::profile::ProfileSet::load(path).expect("example profiles load");
    seoladh::engine::Engine::new(
        seoladh::index::Index::from_bytes(bytes).expect("opens"),
        profiles.with_unknown(unknown),
    )
}

/// Rows name their profile (`addressProfileName`), or get the run's (`BatchOptions::query`);
/// an unknown name follows the engine's policy.
#[test]
fn rows_are_reformatted_with_their_profile() {
    use seoladh::profile::UnknownProfile;
    let input = "id,address,addressProfileName\n\
                 a,\"2 dooroge woods, ballyboughal\",MagentoDefault\n\
                 b,\"2 dooroge woods, ballyboughal\",\n\
                 c,\"2 dooroge woods, ballyboughal\",SomeoneElses\n";
    let opts = BatchOptions {
        query: seoladh::QueryOptions::default().address_profile("Demo5LineV2"),
        ..small_chunks()
    };
    let answer = |unknown| {
        let engine = engine_with_profiles(unknown);
        let mut out = Vec::new();
        batch::run(
            &engine,
            Input {
                reader: Cursor::new(input.as_bytes()),
                name: Path::new("profiles-input"),
                format: InputFormat::Csv,
                skip: 0,
            },
            &mut out,
            &opts,
            &mut |_| {},
        )
        .expect("batch runs");
        lines(&out)
    };
    let rows = answer(UnknownProfile::UseDefault);
    assert_eq!(rows.len(), 3);
    let lines_of = |r: &Value| r["response"]["reformattedAddress"].as_array().map(Vec::len);
    assert_eq!(lines_of(&rows[0]), Some(4), "MagentoDefault: {}", rows[0]);
    assert_eq!(
        rows[1]["response"]["input"]["addressProfileName"], "Demo5LineV2",
        "the batch's profile"
    );
    assert_eq!(lines_of(&rows[1]), Some(5));
    assert_eq!(
        lines_of(&rows[2]),
        Some(9),
        "answered with default: {}",
        rows[2]
    );
    let strict = answer(UnknownProfile::Refuse);
    assert_eq!(lines_of(&strict[0]), Some(4));
    assert_eq!(strict[2]["error"]["type"]["code"], 400012, "{}", strict[2]);
}
