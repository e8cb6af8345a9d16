//! `seoladh batch` with Parquet: CSV in, Parquet out (one row per input row, in order, the same
//! answers as the JSON lines), Parquet in (with the limits of every layout), and an existing
//! Parquet output, a device or a pipe refused.

use std::fs::File;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::{Int32Type, Int64Type};
use arrow_array::{Array, ArrayRef, Int64Array, RecordBatch, StringArray};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;
use serde_json::Value;

fn batch(input: &Path, output: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args([
            "batch",
            "--input",
            input.to_str().unwrap(),
            "--output",
            output.to_str().unwrap(),
            "--chunk-rows",
            "7",
        ])
        .output()
        .expect("runs")
}

fn ok(out: std::process::Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// (id as text, result code or error code) of every row of a Parquet output, in order.
fn parquet_rows(path: &Path) -> Vec<(String, i32)> {
    let reader = ParquetRecordBatchReaderBuilder::try_new(File::open(path).unwrap())
        .unwrap()
        .build()
        .unwrap();
    let mut rows = Vec::new();
    for batch in reader {
        let batch = batch.unwrap();
        let id = batch.column_by_name("id").unwrap();
        let result = batch
            .column_by_name("result_code")
            .unwrap()
            .as_primitive::<Int32Type>();
        let error = batch
            .column_by_name("error_code")
            .unwrap()
            .as_primitive::<Int32Type>();
        for i in 0..batch.num_rows() {
            let id = match id.data_type() {
                arrow_schema::DataType::Int64 => {
                    id.as_primitive::<Int64Type>().value(i).to_string()
                }
                _ => id.as_string::<i32>().value(i).to_string(),
            };
            let code = if result.is_null(i) {
                error.value(i)
            } else {
                result.value(i)
            };
            rows.push((id, code));
        }
    }
    rows
}

/// (id as text, result code or error code) of every line of a JSON-lines output.
fn jsonl_rows(path: &Path) -> Vec<(String, i32)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let id = match &v["id"] {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let code = v["response"]["result"]["code"]
                .as_i64()
                .or_else(|| v["error"]["type"]["code"].as_i64())
                .unwrap();
            (id, code as i32)
        })
        .collect()
}

#[test]
fn parquet_out_and_in_give_the_json_lines_answers() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("in.csv");
    let mut text = String::from("id,address,language\n");
    for i in 0..40 {
        text.push_str(&format!("r{i},\"{} MAIN STREET, GARRISTOWN\",\n", i % 9));
    }
    text.push_str("bad,\"x\",xx\nshort\n");
    std::fs::write(&csv, text).unwrap();

    let jsonl = dir.path().join("out.jsonl");
    ok(batch(&csv, &jsonl));
    let want = jsonl_rows(&jsonl);
    assert_eq!(want.len(), 42);
    assert_eq!(
        want[40],
        ("bad".to_string(), 400_001),
        "a bad language is that row's error"
    );
    assert_eq!(want[41].1, 400_011, "an unreadable row");

    let parquet = dir.path().join("out.parquet");
    ok(batch(&csv, &parquet));
    assert_eq!(parquet_rows(&parquet), want);
    assert!(!dir.path().join("out.parquet.partial").exists());

    // An existing Parquet output is refused, not overwritten.
    let again = batch(&csv, &parquet);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("cannot be resumed"));
    assert_eq!(parquet_rows(&parquet), want);

    // Parquet in: integer ids stay integers, a null address is an error row.
    let input = dir.path().join("in.parquet");
    let ids: ArrayRef = Arc::new(Int64Array::from(vec![10, 11, 12]));
    let addresses: ArrayRef = Arc::new(StringArray::from(vec![
        Some("1 MAIN STREET, GARRISTOWN"),
        None,
        Some("nowhere at all"),
    ]));
    let input_batch = RecordBatch::try_from_iter([("id", ids), ("address", addresses)]).unwrap();
    let mut w =
        ArrowWriter::try_new(File::create(&input).unwrap(), input_batch.schema(), None).unwrap();
    w.write(&input_batch).unwrap();
    w.close().unwrap();
    let from_parquet = dir.path().join("from-parquet.jsonl");
    ok(batch(&input, &from_parquet));
    let parquet_out = dir.path().join("from-parquet.parquet");
    ok(batch(&input, &parquet_out));
    let rows = jsonl_rows(&from_parquet);
    assert_eq!(rows[1], ("11".to_string(), 400_011));
    assert_eq!(parquet_rows(&parquet_out), rows);
}

/// Parquet input keeps the limits of every layout (a field over 64 KiB, an id over 256 bytes:
/// error rows, the long id never echoed) and reads `addressProfileName` per row; a Parquet input
/// from a pipe and a Parquet output to a device are refused with a message, never a hang.
#[test]
fn parquet_input_keeps_the_limits_and_pipes_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let long_id = "i".repeat(seoladh::limits::MAX_BATCH_ID_BYTES + 1);
    let long_address = "x".repeat(seoladh::limits::MAX_FIELD_BYTES + 1);
    let column = |v: Vec<Option<&str>>| Arc::new(StringArray::from(v)) as ArrayRef;
    let input_batch = RecordBatch::try_from_iter([
        (
            "id",
            column(vec![Some("a"), Some(&long_id), Some("c"), None]),
        ),
        (
            "address",
            column(vec![
                Some(&long_address),
                Some("1 MAIN STREET, GARRISTOWN"),
                Some("1 MAIN STREET, GARRISTOWN"),
                Some("1 MAIN STREET, GARRISTOWN"),
            ]),
        ),
        (
            "addressProfileName",
            column(vec![None, None, Some("5line30"), None]),
        ),
    ])
    .unwrap();
    let input = dir.path().join("limits.parquet");
    let mut w =
        ArrowWriter::try_new(File::create(&input).unwrap(), input_batch.schema(), None).unwrap();
    w.write(&input_batch).unwrap();
    w.close().unwrap();

    let out = dir.path().join("limits.jsonl");
    ok(batch(&input, &out));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(!text.contains(&long_id), "the long id is not echoed");
    let rows: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["id"], "a", "a sound id is kept");
    assert_eq!(rows[0]["error"]["type"]["code"], 400_011);
    let message = rows[0]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("field `address` is longer than 65536"),
        "{message}"
    );
    assert_eq!(rows[1]["id"], "2", "the row number stands in for a long id");
    assert!(rows[1]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("id is longer"));
    assert_eq!(rows[2]["id"], "c");
    assert_eq!(
        rows[2]["response"]["input"]["addressProfileName"],
        "5line30"
    );
    assert!(rows[2]["response"]["reformattedAddress"].is_array());
    assert_eq!(rows[3]["id"], "4", "no id: the row number, as a string");

    let to_device = Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args(["batch", "--input", input.to_str().unwrap()])
        .args(["--output", "/dev/null", "--format", "parquet"])
        .output()
        .unwrap();
    assert!(!to_device.status.success());
    let stderr = String::from_utf8_lossy(&to_device.stderr);
    assert!(stderr.contains("not a regular file"), "{stderr}");

    let fifo = dir.path().join("pipe.parquet");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let from_pipe = batch(&fifo, &dir.path().join("from-pipe.jsonl"));
    assert!(!from_pipe.status.success());
    let stderr = String::from_utf8_lossy(&from_pipe.stderr);
    assert!(stderr.contains("cannot come from a pipe"), "{stderr}");
}

/// A dictionary-encoded column repeating one long value (a small file that decodes to hundreds
/// of megabytes) is read a few rows at a time and answered row by row: every row an error row
/// with its own id, in order.
#[test]
fn a_repeated_long_dictionary_value_is_answered_row_by_row() {
    use arrow_array::{DictionaryArray, Int32Array};
    use parquet::file::properties::WriterProperties;
    let dir = tempfile::tempdir().unwrap();
    let rows = 200;
    let long = "x".repeat(1 << 20);
    let keys = Int32Array::from(vec![0; rows]);
    let values: ArrayRef = Arc::new(StringArray::from(vec![long.as_str()]));
    let address: ArrayRef = Arc::new(DictionaryArray::try_new(keys, values).unwrap());
    let ids: ArrayRef = Arc::new(Int64Array::from_iter_values(0..rows as i64));
    let input_batch = RecordBatch::try_from_iter([("id", ids), ("address", address)]).unwrap();
    let input = dir.path().join("repeated.parquet");
    // Room for the one value in the dictionary page, so the file stays a few kilobytes.
    let props = WriterProperties::builder()
        .set_dictionary_page_size_limit(4 << 20)
        .set_compression(parquet::basic::Compression::ZSTD(Default::default()))
        .build();
    let mut w = ArrowWriter::try_new(
        File::create(&input).unwrap(),
        input_batch.schema(),
        Some(props),
    )
    .unwrap();
    w.write(&input_batch).unwrap();
    w.close().unwrap();
    assert!(std::fs::metadata(&input).unwrap().len() < 1 << 20);

    let out = dir.path().join("repeated.parquet.jsonl");
    ok(batch(&input, &out));
    let rows_out = jsonl_rows(&out);
    assert_eq!(rows_out.len(), rows);
    for (i, (id, code)) in rows_out.iter().enumerate() {
        assert_eq!((id.as_str(), *code), (i.to_string().as_str(), 400_011));
    }
}
