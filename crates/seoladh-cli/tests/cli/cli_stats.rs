//! `seoladh stats DIR`: text and JSON output on the committed mini dataset, and the error path.

use std::process::Command;

fn seoladh() -> Command {
    Command::new(env!("CARGO_BIN_EXE_seoladh"))
}

fn mini() -> String {
    format!("{}/../../fixtures/ecad-mini", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn stats_text() {
    let out = seoladh().args(["stats", &mini()]).output().expect("run");
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("non-unique (NUA=Y)"), "{stdout}");
    assert!(stdout.contains("ResidentialAddressPoint"), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no issues"), "{stderr}");
}

#[test]
fn stats_json() {
    let out = seoladh()
        .args(["stats", &mini(), "--json"])
        .output()
        .expect("run");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["address_points"], 10);
    assert_eq!(v["nua"], 3);
    assert_eq!(v["border"], 1);
    assert_eq!(v["history"]["CHANGED"], 1);
}

#[test]
fn stats_on_missing_dir_fails_with_message() {
    let out = seoladh()
        .args(["stats", "/no/such/dir"])
        .output()
        .expect("run");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such/dir"));
}

#[test]
fn a_closed_stdout_ends_the_report_quietly() {
    // The reader is gone before the command writes (`seoladh stats DIR | head -0`): every
    // write to stdout fails with a broken pipe, which must not panic.
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let out = seoladh()
        .args(["stats", &mini()])
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("run");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("no issues"), "{stderr}");
}
