//! Giant lines cost no memory: a 200 MB single line in a batch input (CSV and JSON lines) and in
//! an ECAD table is reported as one error row and skipped while the reading thread holds at
//! most a few megabytes (measured by the binary's allocator, `alloc_meter`); the rows around it
//! keep their order. Over-long fields and ids are refused per row, never echoed.

use std::io::{BufReader, Read};
use std::path::Path;

use seoladh::batch::{self, BatchOptions, Input, InputFormat};
use seoladh::ecad::bounded::{read_line_capped, BoundedCsv, Line};
use seoladh::limits::{MAX_BATCH_ID_BYTES, MAX_FIELD_BYTES, MAX_RECORD_BYTES};
use serde_json::Value;

use crate::alloc_meter;

/// The giant line's length.
const GIANT: u64 = 200 << 20;
/// Most the reading thread may hold above what it held before.
const READER_CEILING: usize = 64 << 20;
/// What it may hold at its peak: a record at the limit, a few times over (parser buffers,
/// answers of a chunk).
const READER_PEAK: isize = 16 << 20;

/// `head`, then `len` copies of `fill`, then `tail`: a huge input generated as it is read.
struct Generated {
    parts: [(Vec<u8>, u64); 3],
    at: usize,
    pos: u64,
}

impl Generated {
    fn new(head: &str, fill: u8, len: u64, tail: &str) -> Self {
        Generated {
            parts: [
                (head.as_bytes().to_vec(), 1),
                (vec![fill; 1 << 16], len.div_ceil(1 << 16)),
                (tail.as_bytes().to_vec(), 1),
            ],
            at: 0,
            pos: 0,
        }
    }
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while let Some((chunk, times)) = self.parts.get(self.at) {
            let total = chunk.len() as u64 * times;
            if self.pos >= total {
                self.at += 1;
                self.pos = 0;
                continue;
            }
            let within = (self.pos % chunk.len() as u64) as usize;
            let n = buf.len().min(chunk.len() - within);
            buf[..n].copy_from_slice(&chunk[within..within + n]);
            self.pos += n as u64;
            return Ok(n);
        }
        Ok(0)
    }
}

fn run_batch(input: impl Read, format: InputFormat) -> Vec<Value> {
    let mut out = Vec::new();
    // Built (once per binary) before measuring.
    let engine = seoladh_testkit::fixture::engine();
    let held = alloc_meter::limit_growth(READER_CEILING);
    batch::run(
        engine,
        Input {
            reader: BufReader::new(input),
            name: Path::new("giant"),
            format,
            skip: 0,
        },
        &mut out,
        &BatchOptions::default(),
        &mut |_| {},
    )
    .expect("batch runs");
    let peak = alloc_meter::peak() - held;
    alloc_meter::unlimit();
    assert!(peak < READER_PEAK, "the reading thread held {peak} bytes");
    std::str::from_utf8(&out)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

fn error_message(row: &Value) -> &str {
    row["error"]["message"].as_str().unwrap_or("")
}

#[test]
fn a_200_mb_csv_line_is_one_error_row_in_bounded_memory() {
    let input = Generated::new(
        "id,address\nfirst,\"2 dooroge woods, ballyboughal\"\ngiant,\"",
        b'a',
        GIANT,
        "\"\nlast,\"main street, garristown\"\n",
    );
    let rows = run_batch(input, InputFormat::Csv);
    assert_eq!(rows.len(), 3, "one row out per row in");
    assert_eq!(rows[0]["id"], "first");
    assert!(rows[0]["response"].is_object());
    assert_eq!(rows[1]["id"], "2", "the giant row's own id is not trusted");
    assert_eq!(rows[1]["error"]["type"]["code"], 400011);
    assert!(
        error_message(&rows[1]).contains("longer than"),
        "{}",
        rows[1]
    );
    assert_eq!(rows[2]["id"], "last");
    assert!(rows[2]["response"].is_object());
}

#[test]
fn a_200_mb_json_line_is_one_error_row_in_bounded_memory() {
    let input = Generated::new(
        "{\"id\":\"first\",\"address\":\"2 dooroge woods\"}\n{\"address\":\"",
        b'b',
        GIANT,
        "\"}\n{\"id\":7,\"address\":\"main street, garristown\"}\n",
    );
    let rows = run_batch(input, InputFormat::JsonLines);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["id"], "first");
    assert_eq!(rows[1]["id"], "2");
    assert!(
        error_message(&rows[1]).contains("longer than"),
        "{}",
        rows[1]
    );
    assert_eq!(rows[2]["id"], 7);
    assert!(rows[2]["response"].is_object());
}

#[test]
fn long_ids_and_fields_are_refused_not_echoed() {
    let long_id = "i".repeat(MAX_BATCH_ID_BYTES + 1);
    let long_field = "f".repeat(MAX_FIELD_BYTES + 1);
    let csv = format!(
        "id,address,note\n{long_id},\"main street\",\nok,\"main street\",{long_field}\n,x,\n"
    );
    let rows = run_batch(csv.as_bytes(), InputFormat::Csv);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["id"], "1");
    assert!(
        error_message(&rows[0]).contains("id is longer"),
        "{}",
        rows[0]
    );
    assert!(
        !rows[0].to_string().contains(&long_id),
        "the id is not echoed"
    );
    assert_eq!(rows[1]["id"], "2");
    assert!(
        error_message(&rows[1]).contains("field 3 is longer"),
        "{}",
        rows[1]
    );
    assert_eq!(
        rows[2]["id"], "3",
        "a row without an id: its number, as a string"
    );

    let jsonl = format!("{{\"id\":\"{long_id}\",\"address\":\"x\"}}\n");
    let rows = run_batch(jsonl.as_bytes(), InputFormat::JsonLines);
    assert_eq!(rows[0]["id"], "1");
    assert!(error_message(&rows[0]).contains("id is longer"));
}

#[test]
fn a_giant_header_is_refused_in_bounded_memory() {
    let input = Generated::new("address", b'h', GIANT, "\n1 main street\n");
    let engine = seoladh_testkit::fixture::engine();
    let held = alloc_meter::limit_growth(READER_CEILING);
    let err = batch::run(
        engine,
        Input {
            reader: BufReader::new(input),
            name: Path::new("giant"),
            format: InputFormat::Csv,
            skip: 0,
        },
        &mut Vec::new(),
        &BatchOptions::default(),
        &mut |_| {},
    )
    .unwrap_err();
    let peak = alloc_meter::peak() - held;
    alloc_meter::unlimit();
    assert!(peak < READER_PEAK, "held {peak} bytes");
    assert!(err.to_string().contains("header is longer"), "{err}");
}

#[test]
fn the_bounded_csv_reader_cuts_quote_aware_and_keeps_line_numbers() {
    // Record 2 is a quoted field with line breaks, far over the limit; record 3 follows it.
    let limit = 64;
    let long = format!("\"{}\"", "x\n".repeat(100));
    let text = format!("a,b\n1,{long}\n3,ok\n");
    let bounded = BoundedCsv::new(text.as_bytes(), limit);
    let cuts = bounded.cuts();
    let mut reader = csv::ReaderBuilder::new().from_reader(bounded);
    let mut record = csv::ByteRecord::new();
    let mut seen = Vec::new();
    while reader.read_byte_record(&mut record).expect("parses") {
        let pos = record.position().expect("position");
        let line = pos.line() + cuts.lines_before(pos.byte());
        seen.push((
            cuts.at(pos.byte()).is_some(),
            line,
            record.get(0).unwrap().to_vec(),
        ));
    }
    assert_eq!(
        seen,
        vec![(true, 2, b"1".to_vec()), (false, 103, b"3".to_vec())],
        "the cut record is marked; the next keeps its file line"
    );
    // Under the limit, bytes pass unchanged.
    let mut same = Vec::new();
    BoundedCsv::new(text.as_bytes(), MAX_RECORD_BYTES)
        .read_to_end(&mut same)
        .expect("reads");
    assert_eq!(same, text.as_bytes());
}

#[test]
fn capped_lines_keep_their_head_and_report_their_length() {
    let mut input: &[u8] = b"short\n0123456789abcdef\nlast";
    let mut line = Vec::new();
    assert_eq!(
        read_line_capped(&mut input, 8, &mut line).unwrap(),
        Line::Whole
    );
    assert_eq!(line, b"short\n");
    assert_eq!(
        read_line_capped(&mut input, 8, &mut line).unwrap(),
        Line::TooLong(17)
    );
    assert_eq!(line, b"01234567");
    assert_eq!(
        read_line_capped(&mut input, 8, &mut line).unwrap(),
        Line::Whole
    );
    assert_eq!(line, b"last");
    assert_eq!(
        read_line_capped(&mut input, 8, &mut line).unwrap(),
        Line::End
    );
}

#[test]
fn an_ecad_table_with_a_giant_row_reads_in_bounded_memory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = seoladh_testkit::fixtures_dir().join("ecad-mini");
    for entry in std::fs::read_dir(&data).expect("ecad-mini") {
        let path = entry.expect("entry").path();
        if path.is_file() {
            std::fs::copy(&path, dir.path().join(path.file_name().expect("name"))).expect("copy");
        }
    }
    // A 16 MB row in the middle of the county table (written to disk, so kept smaller).
    let county = dir.path().join("COUNTY.csv");
    let text = std::fs::read_to_string(&county).expect("county table");
    let (head, rest) = text.split_once('\n').expect("header");
    let mut giant = format!("{head}\n");
    giant.push_str(&"9".repeat(16 << 20));
    giant.push_str(",\"NOWHERE\"\n");
    giant.push_str(rest);
    std::fs::write(&county, giant).expect("write");
    let held = alloc_meter::limit_growth(READER_CEILING);
    let (_, report) = seoladh::ecad::layout::read_dir(dir.path()).expect("reads");
    let peak = alloc_meter::peak() - held;
    alloc_meter::unlimit();
    assert!(peak < READER_PEAK, "held {peak} bytes");
    let issue = report
        .issues
        .iter()
        .find(|i| i.file == "COUNTY.csv")
        .expect("the giant row is reported");
    assert_eq!(issue.line, 2);
    assert!(issue.message.contains("longer than"), "{}", issue.message);
}
