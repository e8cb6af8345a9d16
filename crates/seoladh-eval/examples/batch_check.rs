//! Checks a `seoladh batch` JSON-lines output against its CSV input: one output line per input
//! row, in input order (output line n carries input row n's `id`, or n without an id column), no
//! duplicates, every line a `response` or an `error`.
//!
//! `cargo run --release --example batch_check -- INPUT.csv OUTPUT.jsonl`
//! Prints the counts; exit status 1 on the first mismatch (with its line number).

use serde::Deserialize;
use serde_json::Value;
use std::collections::HashSet;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::process::ExitCode;

#[derive(Deserialize)]
struct Line {
    id: Value,
    response: Option<serde::de::IgnoredAny>,
    error: Option<serde::de::IgnoredAny>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: batch_check INPUT.csv OUTPUT.jsonl");
        return ExitCode::FAILURE;
    };
    match check(input, output) {
        Ok(rows) => {
            println!("ok: {rows} input rows, {rows} output lines, in order, no duplicates");
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("FAILED: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The id a batch output line carries for data row `n` (1-based): the `id` cell, else `n`.
fn expected_id(id_cell: Option<&str>, n: u64) -> Value {
    match id_cell {
        Some(s) if !s.trim().is_empty() => Value::String(s.trim().to_owned()),
        _ => Value::from(n),
    }
}

fn check(input: &str, output: &str) -> Result<u64, String> {
    let mut csv = csv::ReaderBuilder::new()
        .flexible(true)
        .from_path(input)
        .map_err(|e| format!("{input}: {e}"))?;
    let id_col = csv
        .headers()
        .map_err(|e| format!("{input}: {e}"))?
        .iter()
        .position(|h| h.trim().eq_ignore_ascii_case("id"));
    let out = File::open(output).map_err(|e| format!("{output}: {e}"))?;
    let mut lines = BufReader::new(out).lines();
    let mut seen: HashSet<String> = HashSet::new();
    let mut n = 0u64;
    for record in csv.records() {
        n += 1;
        let record = record.map_err(|e| format!("{input}: row {n}: {e}"))?;
        let want = expected_id(id_col.and_then(|c| record.get(c)), n);
        let line = lines
            .next()
            .ok_or_else(|| {
                format!(
                    "{output} has only {} lines; input row {n} has no answer",
                    n - 1
                )
            })?
            .map_err(|e| format!("{output}: line {n}: {e}"))?;
        let parsed: Line = serde_json::from_str(&line)
            .map_err(|e| format!("{output}: line {n}: not JSON: {e}"))?;
        if parsed.id != want {
            return Err(format!(
                "{output}: line {n} has id {} where input row {n} has {want}",
                parsed.id
            ));
        }
        if parsed.response.is_none() == parsed.error.is_none() {
            return Err(format!(
                "{output}: line {n} has neither or both of response and error"
            ));
        }
        if !seen.insert(parsed.id.to_string()) {
            return Err(format!("{output}: line {n}: id {want} answered twice"));
        }
    }
    if let Some(extra) = lines.next() {
        let extra = extra.map_err(|e| format!("{output}: {e}"))?;
        return Err(format!(
            "{output} has more lines than the {n} input rows, e.g. {extra:.80}"
        ));
    }
    Ok(n)
}
