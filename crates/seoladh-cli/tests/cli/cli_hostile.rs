//! The commands against hostile surroundings: a damaged index is refused with the damaged
//! section named, a directory as index is named as one, an unwritable stdout or output is an
//! error, never a silent exit or a hang; a pipe as batch output is a stream; a batch output of
//! another layout is not appended to.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use seoladh::ecad::layout;
use seoladh::index::{IndexBuilder, NoProgress};

fn seoladh(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args(args)
        .output()
        .expect("runs")
}

fn index(dir: &Path) -> PathBuf {
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

fn input(dir: &Path, rows: usize) -> PathBuf {
    let path = dir.join("in.csv");
    let mut csv = String::from("id,address\n");
    for i in 0..rows {
        csv.push_str(&format!("r{i},\"{} MAIN STREET, GARRISTOWN\"\n", i % 40));
    }
    std::fs::write(&path, csv).expect("input");
    path
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn find_on_a_damaged_index_names_the_section() {
    let dir = tempfile::tempdir().expect("temp dir");
    let idx = index(dir.path());
    let mut bytes = std::fs::read(&idx).expect("read");
    let header =
        seoladh::index::format::read_header(&bytes, "t", seoladh::text::NORMALISER_VERSION)
            .expect("header");
    let places = header
        .section(seoladh::index::format::SectionId::Places)
        .expect("places");
    let at = places.offset as usize + 64;
    for (i, b) in bytes[at..at + 64].iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(151).wrapping_add(7);
    }
    std::fs::write(&idx, &bytes).expect("damage");
    let out = seoladh(&[
        "find",
        "--index",
        idx.to_str().expect("utf-8"),
        "main street dublin 7",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    assert!(err.contains("section places is damaged"), "{err}");
}

#[test]
fn a_directory_as_index_is_named_as_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = seoladh(&["find", "--index", dir.path().to_str().expect("utf-8"), "x"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("is a directory"), "{}", stderr(&out));
}

#[test]
fn an_unwritable_stdout_is_reported() {
    let dir = tempfile::tempdir().expect("temp dir");
    let idx = index(dir.path());
    let full = std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args([
            "find",
            "--index",
            idx.to_str().expect("utf-8"),
            "main street",
        ])
        .stdout(full)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("cannot write the answer to stdout"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn batch_to_an_unwritable_device_fails_with_a_message() {
    let dir = tempfile::tempdir().expect("temp dir");
    let idx = index(dir.path());
    let input = input(dir.path(), 5_000);
    let out = seoladh(&[
        "batch",
        "--index",
        idx.to_str().expect("utf-8"),
        "--input",
        input.to_str().expect("utf-8"),
        "--output",
        "/dev/full",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("not a regular file"), "{err}");
    assert!(
        err.contains("/dev/full") && err.contains("No space left"),
        "{err}"
    );
}

#[test]
fn batch_streams_into_a_pipe_and_stops_when_it_closes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let idx = index(dir.path());
    let input = input(dir.path(), 5_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args([
            "batch",
            "--index",
            idx.to_str().expect("utf-8"),
            "--input",
            input.to_str().expect("utf-8"),
            "--output",
            "/dev/stdout",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    // Read the first line, then close the pipe, as `| head -1` does.
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = Vec::new();
    let mut byte = [0u8; 1];
    while stdout.read(&mut byte).expect("reads") == 1 && byte[0] != b'\n' {
        first.push(byte[0]);
    }
    drop(stdout);
    let status = child.wait().expect("exits");
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("stderr");
    let first: serde_json::Value = serde_json::from_slice(&first).expect("a JSON line");
    assert_eq!(first["id"], "r0");
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(err.contains("Broken pipe"), "{err}");
}

#[test]
fn batch_does_not_resume_into_an_output_of_another_layout() {
    let dir = tempfile::tempdir().expect("temp dir");
    let idx = index(dir.path());
    let input = input(dir.path(), 30);
    let output = dir.path().join("out");
    let run = |format: &str| {
        seoladh(&[
            "batch",
            "--index",
            idx.to_str().expect("utf-8"),
            "--input",
            input.to_str().expect("utf-8"),
            "--output",
            output.to_str().expect("utf-8"),
            "--format",
            format,
        ])
    };
    assert!(run("jsonl").status.success());
    let before = std::fs::read(&output).expect("output");
    let out = run("csv");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--output"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(&output).expect("output"),
        before,
        "left as it was"
    );
}

#[test]
fn batch_reads_its_input_from_a_pipe() {
    use std::io::Write;
    let dir = tempfile::tempdir().expect("temp dir");
    let idx = index(dir.path());
    let output = dir.path().join("out.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args([
            "batch",
            "--index",
            idx.to_str().expect("utf-8"),
            "--input",
            "/dev/stdin",
            "--output",
            output.to_str().expect("utf-8"),
        ])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"{\"id\":\"a\",\"address\":\"main street, garristown\"}\n{\"address\":\"x\"}\n")
        .expect("feeds");
    drop(stdin);
    let out = child.wait_with_output().expect("exits");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&output).expect("output");
    let ids: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON")["id"].clone())
        .collect();
    assert_eq!(ids, vec![serde_json::json!("a"), serde_json::json!("2")]);
}

/// Text without its ANSI escape sequences (`ESC [ … letter`).
fn without_ansi(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn serve_logs_without_colour_when_stderr_is_not_a_terminal() {
    use std::io::{BufRead, BufReader};
    use std::time::Duration;
    let dir = tempfile::tempdir().expect("temp dir");
    let idx = index(dir.path());
    /// Stops the server however the test ends.
    struct Server(std::process::Child);
    impl Drop for Server {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args([
            "serve",
            "--index",
            idx.to_str().expect("utf-8"),
            "--listen",
            "127.0.0.1:0",
        ])
        .env_remove("RUST_LOG")
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    // Lines arrive on a channel, so a missing one fails the test instead of hanging it.
    let log = BufReader::new(child.stderr.take().expect("stderr"));
    let child = Server(child);
    let (tx, lines) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in log.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let mut seen = Vec::new();
    let mut next_line = |want: &str| -> String {
        loop {
            match lines.recv_timeout(Duration::from_secs(60)) {
                Ok(line) => {
                    seen.push(line.clone());
                    if without_ansi(&line).contains(want) {
                        return line;
                    }
                }
                Err(_) => panic!("no log line with {want:?} in {seen:?}"),
            }
        }
    };
    // The start-up line names the bound address.
    let start = without_ansi(&next_line("listen="));
    let addr: std::net::SocketAddr = start
        .split("listen=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|a| a.parse().ok())
        .expect("listen address");
    let r = seoladh_testkit::http::get(addr, "/health");
    assert_eq!(r.status, 200);
    let request = next_line("op=health");
    drop(child);
    assert!(
        !start.is_empty() && !request.contains('\u{1b}'),
        "ANSI escapes: {request:?}"
    );
    assert!(
        !seen.iter().any(|l| l.contains('\u{1b}')),
        "ANSI escapes in the log: {seen:?}"
    );
}
