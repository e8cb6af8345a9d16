//! The `seoladh find|autocomplete|ecad|batch` commands as a user runs them: the JSON printed is
//! the library's answer, errors say what to do.

use std::path::Path;
use std::process::Command;

use seoladh::ecad::layout;
use seoladh::index::{IndexBuilder, NoProgress};

const TXN: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";

fn index(dir: &Path) -> std::path::PathBuf {
    let data = seoladh_testkit::fixtures_dir().join("data");
    let (ds, _) = layout::read_dir(&data).expect("fixture readable");
    let path = dir.join("fixture.idx");
    IndexBuilder::new()
        .build(&ds, &NoProgress)
        .expect("builds")
        .write_file(&path)
        .expect("writes");
    path
}

/// The first address point of the fixture.
fn index_ap() -> u64 {
    let data = seoladh_testkit::fixtures_dir().join("data");
    layout::read_dir(&data)
        .expect("fixture readable")
        .0
        .address_points[0]
        .id
}

fn seoladh(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn commands_print_the_server_json() {
    let dir = tempfile::tempdir().unwrap();
    let idx = index(dir.path());
    let idx = idx.to_str().unwrap();
    let ap = index_ap();
    let out = seoladh(&["ecad", "--index", idx, &ap.to_string()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(v["result"]["code"], 100);
    assert_eq!(v["eircodeInfo"]["ecadId"], ap);
    assert!(v["links"][0]["href"]
        .as_str()
        .unwrap()
        .starts_with("http://127.0.0.1:8080/2.0/GetEcadData?key=demo&txn="));

    let engine = seoladh::engine::Engine::open(idx).unwrap();
    let q =
        "key=demo&address=MAIN%20STREET%2C%20GARRISTOWN&limit=5&language=ga&geographicAddress=true";
    let want =
        seoladh::api::answer(&engine, seoladh::api::Operation::FindAddress, q, "http://x").unwrap();
    let out = seoladh(&[
        "find",
        "--index",
        idx,
        "--base-url",
        "http://x/",
        "--limit",
        "5",
        "--language",
        "ga",
        "--geographic-address",
        "MAIN STREET, GARRISTOWN",
    ]);
    assert!(out.status.success());
    let mut got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut want: serde_json::Value = serde_json::from_slice(&want.json).unwrap();
    // Only the generated txn differs between two runs.
    for v in [&mut got, &mut want] {
        let txn = v["input"]["txn"].as_str().unwrap().to_string();
        *v = serde_json::from_str(&v.to_string().replace(&txn, TXN)).unwrap();
    }
    assert_eq!(got, want);

    let out = seoladh(&["autocomplete", "--index", idx, "--pretty", "main st"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("{\n  \"totalOptions\": "), "{text}");
}

#[test]
fn errors_say_what_to_do() {
    let out = seoladh(&["find", "--index", "/nonexistent/ie.idx", "x"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent/ie.idx"), "{err}");

    let dir = tempfile::tempdir().unwrap();
    let idx = index(dir.path());
    let out = seoladh(&["ecad", "--index", idx.to_str().unwrap(), "not-a-number"]);
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["errors"][0]["type"]["code"], 400005);
}

#[test]
fn batch_resumes_into_the_same_output() {
    let dir = tempfile::tempdir().unwrap();
    let idx = index(dir.path());
    let input = dir.path().join("in.csv");
    let mut csv = String::from("address\n");
    for i in 0..50 {
        csv.push_str(&format!("\"{i} MAIN STREET, GARRISTOWN\"\n"));
    }
    std::fs::write(&input, csv).unwrap();
    let output = dir.path().join("out.csv");
    let args = |o: &Path| {
        vec![
            "batch".to_string(),
            "--index".into(),
            idx.to_str().unwrap().into(),
            "--input".into(),
            input.to_str().unwrap().into(),
            "--output".into(),
            o.to_str().unwrap().into(),
            "--format".into(),
            "csv".into(),
            "--columns".into(),
            "id,result".into(),
            "--chunk-rows".into(),
            "7".into(),
        ]
    };
    let run = |o: &Path| {
        let a = args(o);
        let out = seoladh(&a.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let summary = run(&output);
    assert!(summary.contains("answered now"), "{summary}");
    let full = std::fs::read_to_string(&output).unwrap();
    assert_eq!(full.lines().count(), 51, "header + one row per input row");
    assert_eq!(full.lines().next(), Some("id,result"));
    // Kill simulated: 20 whole lines and a partial one.
    let cut: usize = full.lines().take(20).map(|l| l.len() + 1).sum::<usize>() + 2;
    std::fs::write(&output, &full[..cut]).unwrap();
    let summary = run(&output);
    assert!(summary.contains("resuming"), "{summary}");
    assert_eq!(std::fs::read_to_string(&output).unwrap(), full);
}

#[test]
fn keystrokes_reports_replay_medians_and_the_slowest_keystrokes() {
    let dir = tempfile::tempdir().unwrap();
    let idx = index(dir.path());
    let data = seoladh_testkit::fixtures_dir().join("data");
    let args = [
        "keystrokes",
        "--index",
        idx.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--n",
        "2",
    ];
    let out = seoladh(&[&args[..], &["--repeat", "3"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap_or_default();
    assert!(
        first.contains("keystrokes: latency median ")
            && first.contains("(each keystroke the median of 3 replays; slowest single timing "),
        "{text}"
    );
    assert!(text.contains("Slowest: `"), "{text}");
    // Replays answer alike: no warning.
    assert!(!String::from_utf8_lossy(&out.stderr).contains("differently"));
    let bad = seoladh(&[&args[..], &["--repeat", "0"]].concat());
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--repeat"));
}
