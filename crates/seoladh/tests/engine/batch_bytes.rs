//! The exact bytes of answers with the real engine on the fixture index: compact FindAddress
//! JSON as `api::answer` (and so the server, see `server_engine.rs`) writes it, and the JSON
//! lines and CSV rows `seoladh::batch` writes. Speed work on serialisation and the batch
//! pipeline must not move a byte.
//!
//! Batch rows carry a generated txn (a v4 UUID) per row; it is replaced by a fixed one before
//! comparing. The files are compared byte for byte by hand rather than as insta snapshots:
//! line ends and the final newline are part of what is pinned, and insta normalises them.
//! After an intended change of the wire format, rewrite the golden files with
//! `SEOLADH_BLESS=1 cargo test -p seoladh --test engine batch_bytes` and review the diff.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use seoladh::api::{self, Operation};
use seoladh::batch::{self, BatchOptions, Input, InputFormat, OutputFormat};

const TXN: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";

use fixture::{dataset, engine};
use seoladh_testkit::fixture;

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/wire/golden")
        .join(name)
}

/// Compares `got` with the golden file byte for byte (or writes it when blessing).
fn check(name: &str, got: &[u8]) {
    let path = golden(name);
    if std::env::var_os("SEOLADH_BLESS").is_some() {
        std::fs::write(&path, got).expect("write golden");
        return;
    }
    let want = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; create it with SEOLADH_BLESS=1", path.display()));
    if got != want.as_slice() {
        let got = String::from_utf8_lossy(got);
        let want = String::from_utf8_lossy(&want);
        let at = got
            .bytes()
            .zip(want.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(got.len().min(want.len()));
        panic!(
            "{name}: bytes differ from {} at byte {at}:\n got: {}\nwant: {}",
            path.display(),
            &got[at.saturating_sub(60)..(at + 60).min(got.len())],
            &want[at.saturating_sub(60)..(at + 60).min(want.len())],
        );
    }
}

/// Every v4 UUID after `txn":"` or `txn=` replaced by [`TXN`].
fn fix_txns(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let next = ["txn\":\"", "txn="]
            .iter()
            .filter_map(|m| rest.find(m).map(|i| (i + m.len(), i)))
            .min_by_key(|&(_, i)| i);
        let Some((start, _)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..start]);
        let uuid = rest.get(start..start + 36).unwrap_or("");
        assert!(
            uuid::Uuid::try_parse(uuid).is_ok(),
            "a UUID after txn: {uuid:?}"
        );
        out.push_str(TXN);
        rest = &rest[start + 36..];
    }
}

/// Postal lines without the Eircode line.
fn lines_of(i: usize) -> Vec<String> {
    let mut lines = dataset().postal_addresses[i].english.clone();
    if lines
        .last()
        .is_some_and(|l| l.len() == 8 && l.as_bytes()[3] == b' ')
    {
        lines.pop();
    }
    lines
}

/// Two address points' texts and the second one's street without its number.
fn texts() -> (String, String, String) {
    let first = lines_of(1).join(", ");
    let mut second = lines_of(40);
    let full = second.join(", ");
    let first_line = second.remove(0);
    let street = first_line.trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ');
    second.insert(0, street.to_owned());
    (first, full, second.join(", "))
}

/// Queries covering the response's shapes: a unique match, one with options, Irish lines with
/// elements, geographic and vanity addresses, a profile, a partial match, no match, an error.
fn find_queries() -> Vec<String> {
    let enc = api::query::percent_encode;
    let (first, second, street) = texts();
    vec![
        format!("key=demo&txn={TXN}&address={}", enc(&first)),
        format!("key=demo&txn={TXN}&address={}&limit=-1", enc(&street)),
        format!(
            "key=demo&txn={TXN}&address={}&language=ga&addressElements=true&geographicAddress=true&vanityMode=true",
            enc(&second)
        ),
        format!(
            "key=demo&txn={TXN}&address={}&addressProfileName=Label4&limit=5",
            enc(&first)
        ),
        format!("key=demo&txn={TXN}&address={}", enc(&format!("{first} zzqx"))),
        format!("key=demo&txn={TXN}&address=qqqq%20zzzz%20wwww"),
        format!("key=demo&txn={TXN}&address=x&limit=lots"),
    ]
}

#[test]
fn find_address_answers_keep_their_bytes() {
    let mut all = Vec::new();
    for q in find_queries() {
        match api::answer(engine(), Operation::FindAddress, &q, "http://api.test") {
            Ok(a) => all.extend_from_slice(&a.json),
            Err(e) => all.extend_from_slice(&serde_json::to_vec(&e.body()).expect("error body")),
        }
        all.push(b'\n');
    }
    check("engine_find_address.jsonl", &all);
}

/// A CSV input whose rows are the same shapes as [`find_queries`], plus an unreadable row.
fn batch_csv() -> String {
    let (first, second, street) = texts();
    format!(
        "id,address,eircode,language,limit\n\
         a-1,\"{first}\",,,\n\
         ,\"{street}\",,,-1\n\
         \"q \"\"3\"\"\",\"{second}\",,ga,\n\
         4,\"{first}\",A00 XXXX,,5\n\
         x,\"a\",1,en,extra,too many\n\
         ,qqqq zzzz wwww,,,\n\
         ,x,,,lots\n"
    )
}

fn run_batch(input: &str, format: InputFormat, output: OutputFormat) -> Vec<u8> {
    let mut out = Vec::new();
    if let OutputFormat::Csv(columns) = &output {
        out.extend_from_slice(&batch::csv_header(columns));
    }
    let opts = BatchOptions {
        chunk_rows: 3,
        output,
        ..BatchOptions::default()
    };
    batch::run(
        engine(),
        Input {
            reader: Cursor::new(input.as_bytes()),
            name: Path::new("golden-input"),
            format,
            skip: 0,
        },
        &mut out,
        &opts,
        &mut |_| {},
    )
    .expect("batch runs");
    out
}

#[test]
fn batch_json_lines_keep_their_bytes() {
    let out = run_batch(&batch_csv(), InputFormat::Csv, OutputFormat::JsonLines);
    let text = fix_txns(std::str::from_utf8(&out).expect("UTF-8 output"));
    assert_eq!(text.lines().count(), 7);
    check("batch_rows.jsonl", text.as_bytes());
}

#[test]
fn batch_json_lines_input_keeps_its_bytes() {
    let ds = dataset();
    let first = ds.postal_addresses[1].english.join(", ");
    let input = format!(
        "{{\"id\":17,\"address\":\"{first}\",\"limit\":\"5\"}}\n\
         {{\"id\":\"s\",\"address\":\"{first}\",\"eircode\":\"A00 XXXX\",\"language\":\"ga\"}}\n\
         not json\n\
         {{\"id\":[1],\"address\":3}}\n"
    );
    let out = run_batch(&input, InputFormat::JsonLines, OutputFormat::JsonLines);
    let text = fix_txns(std::str::from_utf8(&out).expect("UTF-8 output"));
    assert_eq!(text.lines().count(), 4);
    check("batch_rows_from_json.jsonl", text.as_bytes());
}

#[test]
fn batch_csv_rows_keep_their_bytes() {
    let columns = [
        "id",
        "result",
        "addressId",
        "postcode",
        "matchLevel",
        "postalAddress",
        "cleanResult",
        "totalOptions",
        "error",
        "errorCode",
    ]
    .map(String::from)
    .to_vec();
    let out = run_batch(&batch_csv(), InputFormat::Csv, OutputFormat::Csv(columns));
    check("batch_rows.csv", &out);
}
