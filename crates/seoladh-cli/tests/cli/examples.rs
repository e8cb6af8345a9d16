//! Every example a user is shown runs on the bundled data as written: the `seoladh …` lines of
//! each command's `--help` and of the README's `sh` blocks, in a working directory that looks like
//! the repository root (`fixtures/`, `examples/`). Commands that build files later examples read
//! (`build`, `generate`, `derive-queries`, `stats`, `verify`) run first.
//!
//! Servers are the one exception to "as written": a fixed port cannot be assumed free on a test
//! machine, so a `seoladh serve` without `--listen` is given `--listen 127.0.0.1:0`, and a
//! `seoladh load` without `--url` is pointed at the server its example started. A foreground
//! `serve` must answer `/health`; a `serve … &` keeps serving the rest of its example block.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// One block of examples: one command's `--help`, or one README `sh` block.
struct Block {
    source: String,
    lines: Vec<String>,
}

/// Commands whose examples make the files the others read.
const SETUP: [&str; 5] = ["generate", "stats", "build", "verify", "derive-queries"];

fn seoladh() -> Command {
    Command::new(env!("CARGO_BIN_EXE_seoladh"))
}

fn stdout_of(args: &[&str]) -> String {
    let out = seoladh().args(args).output().expect("seoladh runs");
    assert!(out.status.success(), "seoladh {args:?} failed");
    String::from_utf8(out.stdout).expect("utf-8 help")
}

/// The subcommands `seoladh --help` lists.
fn subcommands() -> Vec<String> {
    let help = stdout_of(&["--help"]);
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// The `seoladh …` lines of a text's example section(s), continuation lines joined;
/// `in_section` says where a section starts (`Some(true)`) or ends (`Some(false)`).
fn example_lines(
    text: &str,
    starts_inside: bool,
    in_section: impl Fn(&str) -> Option<bool>,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut inside = starts_inside;
    let mut pending: Option<String> = None;
    for raw in text.lines() {
        if let Some(state) = in_section(raw) {
            inside = state;
            continue;
        }
        if !inside {
            continue;
        }
        let line = raw.trim();
        let joined = match pending.take() {
            Some(start) => format!("{start} {line}"),
            None if line.starts_with("seoladh ") || line == "seoladh" => line.to_owned(),
            None => continue,
        };
        match joined.strip_suffix('\\') {
            Some(head) => pending = Some(head.trim_end().to_owned()),
            None => lines.push(joined),
        }
    }
    lines
}

fn help_blocks() -> Vec<Block> {
    subcommands()
        .into_iter()
        .map(|name| {
            let help = stdout_of(&[&name, "--help"]);
            // An example section runs from its `Example:`/`Examples:` line to the next blank line.
            let lines = example_lines(&help, false, |l| {
                if l.starts_with("Example") {
                    Some(true)
                } else if l.trim().is_empty() {
                    Some(false)
                } else {
                    None
                }
            });
            assert!(
                !lines.is_empty(),
                "`seoladh {name} --help` shows no example"
            );
            Block {
                source: format!("seoladh {name} --help"),
                lines,
            }
        })
        .collect()
}

fn readme_blocks(readme: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in readme.lines() {
        match (&mut current, line.trim_start()) {
            (None, "```sh") => current = Some(Vec::new()),
            (Some(_), "```") => {
                let text = current.take().expect("inside a block").join("\n");
                let lines = example_lines(&text, true, |_| None);
                if !lines.is_empty() {
                    blocks.push(Block {
                        source: "README.md".into(),
                        lines,
                    });
                }
            }
            (Some(block), _) => block.push(line.to_owned()),
            (None, _) => {}
        }
    }
    blocks
}

/// A server started by an example, stopped however the test ends.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `seoladh serve` (its arguments as written, plus a free port when none is given) and
/// waits for the start-up line that names the bound address.
fn start_server(dir: &Path, args: &[String]) -> Server {
    let mut args = args.to_vec();
    if !args.iter().any(|a| a == "--listen") {
        args.extend(["--listen".into(), "127.0.0.1:0".into()]);
    }
    let mut child = seoladh()
        .args(&args)
        .current_dir(dir)
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve spawns");
    let log = BufReader::new(child.stderr.take().expect("stderr"));
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in log.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let mut seen = Vec::new();
    let addr = loop {
        match rx.recv_timeout(Duration::from_secs(120)) {
            Ok(line) => {
                let addr = line
                    .split("listen=")
                    .nth(1)
                    .and_then(|rest| rest.split_whitespace().next())
                    .and_then(|a| a.parse::<SocketAddr>().ok());
                seen.push(line);
                if let Some(addr) = addr {
                    break addr;
                }
            }
            Err(_) => panic!(
                "`seoladh {}` never started listening: {seen:#?}",
                args.join(" ")
            ),
        }
    };
    // Keep draining the log so the server never blocks on a full pipe.
    std::thread::spawn(move || while rx.recv().is_ok() {});
    Server { child, addr }
}

fn run_block(dir: &Path, block: &Block) {
    let mut background: Option<Server> = None;
    for line in &block.lines {
        let (text, in_background) = match line.strip_suffix('&') {
            Some(head) => (head.trim_end(), true),
            None => (line.as_str(), false),
        };
        let words =
            shlex::split(text).unwrap_or_else(|| panic!("{}: cannot split {line:?}", block.source));
        assert_eq!(words[0], "seoladh", "{}: {line:?}", block.source);
        let mut args = words[1..].to_vec();
        let what = format!("{}: `{line}`", block.source);
        if args.first().map(String::as_str) == Some("serve") {
            let server = start_server(dir, &args);
            let health = seoladh_testkit::http::get(server.addr, "/health");
            assert_eq!(
                health.status,
                200,
                "{what}: /health answered {}",
                health.text()
            );
            if in_background {
                background = Some(server);
            }
            continue;
        }
        if args.first().map(String::as_str) == Some("load") && !args.iter().any(|a| a == "--url") {
            let server = background
                .as_ref()
                .unwrap_or_else(|| panic!("{what}: no `seoladh serve … &` before it"));
            args.extend(["--url".into(), format!("http://{}", server.addr)]);
        }
        let out = seoladh()
            .args(&args)
            .current_dir(dir)
            .output()
            .expect("seoladh runs");
        assert!(
            out.status.success(),
            "{what} failed ({}):\n{}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        if matches!(
            args.first().map(String::as_str),
            Some("find" | "autocomplete" | "ecad")
        ) {
            let answer: serde_json::Value =
                serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(answer.is_object(), "{what}: {answer}");
        }
    }
}

#[test]
fn every_help_and_readme_example_runs_on_the_bundled_data() {
    let fixtures = seoladh_testkit::fixtures_dir();
    let root = fixtures.parent().expect("repository root").to_path_buf();
    let dir = tempfile::tempdir().expect("temp dir");
    for name in ["fixtures", "examples"] {
        std::os::unix::fs::symlink(root.join(name), dir.path().join(name)).expect("symlink");
    }
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let mut blocks = help_blocks();
    blocks.extend(readme_blocks(&readme));
    let first_word = |b: &Block| {
        b.lines[0]
            .split_whitespace()
            .nth(1)
            .unwrap_or_default()
            .to_owned()
    };
    // Stable: setup blocks first (in SETUP order), the rest as listed.
    blocks.sort_by_key(|b| {
        SETUP
            .iter()
            .position(|s| *s == first_word(b))
            .unwrap_or(SETUP.len())
    });
    let total: usize = blocks.iter().map(|b| b.lines.len()).sum();
    assert!(total >= 25, "only {total} examples found");
    for block in &blocks {
        run_block(dir.path(), block);
    }
}
