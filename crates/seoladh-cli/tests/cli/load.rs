//! Load runs over 127.0.0.1 against the real engine on the fixture index, with the in-repo load
//! client (`seoladh_server::load`, the library behind `seoladh load`): every request is
//! answered with a 200 that parses, including across a hot reload of a rebuilt index file swapped
//! in mid-run. Counts only; speed is measured by the scripts and benches, never asserted here.

use seoladh_testkit as common;

use common::real::{build_index, dataset, RealServer};
use seoladh_eval::load::{self, LoadConfig, LoadReport, ReloadPlan, Stop};
use seoladh_eval::queries::{derive, DeriveOptions};
use seoladh_eval::tsv::write_queries;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Derived messy queries (every variation class) written as a TSV, as `seoladh bench` reads.
fn query_file(ds: &seoladh::ecad::Dataset, dir: &Path) -> std::path::PathBuf {
    let queries = derive(
        ds,
        &DeriveOptions {
            per_class: 8,
            seed: 11,
            ..DeriveOptions::default()
        },
    );
    let path = dir.join("queries.tsv");
    let mut f = std::fs::File::create(&path).expect("create");
    write_queries(&mut f, &queries, &path).expect("write queries");
    path
}

fn config(s: &RealServer, queries: &Path, stop: Stop) -> LoadConfig {
    LoadConfig {
        addr: s.addr,
        host: s.addr.to_string(),
        key: "demo".into(),
        queries: seoladh_eval::tsv::read_query_texts(queries).expect("queries"),
        concurrency: 4,
        stop,
        autocomplete_percent: 25,
        request_timeout: Duration::from_secs(60),
        reload: None,
    }
}

fn run(config: LoadConfig) -> LoadReport {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(load::run(config))
        .expect("load runs")
}

/// Every request taken is answered with a 200 whose body parses, and the tallies add up.
fn assert_clean(r: &LoadReport) {
    let t = &r.total;
    assert_eq!(t.errors, 0, "{r}");
    assert_eq!(
        (
            t.connect_errors,
            t.io_errors,
            t.timeouts,
            t.non_200,
            t.bad_bodies
        ),
        (0, 0, 0, 0, 0),
        "{r}"
    );
    assert_eq!(t.sent, t.responses, "{r}");
    assert_eq!(
        t.statuses.get(&200).copied().unwrap_or(0),
        t.responses,
        "{r}"
    );
    let parsed = t.find_codes.values().sum::<u64>() + t.autocomplete_ok;
    assert_eq!(parsed, t.responses, "every body parsed: {r}");
}

#[test]
fn load_with_a_hot_reload_mid_run_has_no_failures() {
    let ds = dataset();
    let s = RealServer::start(&ds, Duration::from_millis(50));
    let queries = query_file(&ds, s.dir.path());
    // A rebuilt index (a separate file, same data) to swap in.
    let rebuilt = s.dir.path().join("rebuilt.idx");
    build_index(&ds, &rebuilt);

    let mut c = config(&s, &queries, Stop::Duration(Duration::from_secs(4)));
    c.reload = Some(ReloadPlan {
        source: rebuilt,
        target: s.index.clone(),
        at: Duration::from_millis(1500),
    });
    let r = run(c);
    assert_clean(&r);
    let reload = r.reload.as_ref().expect("reload planned");
    assert!(reload.error.is_none(), "{r}");
    assert!(
        reload.swapped_at.is_some() && reload.effective_at.is_some(),
        "{r}"
    );
    assert_eq!(r.generation, [Some(1), Some(2)], "{r}");
    let (before, after) = (&r.before_reload, r.after_reload.as_ref().expect("after"));
    assert!(before.responses > 0 && after.responses > 0, "{r}");
    assert_eq!(before.sent + after.sent, r.total.sent);
    assert_eq!((before.errors, after.errors), (0, 0));
    // The answers use both operations, and real matches among them.
    assert!(r.total.autocomplete_ok > 0, "{r}");
    assert!(
        r.total.find_codes.get(&100).copied().unwrap_or(0) > 0,
        "{r}"
    );
    // The served file is the swapped one; no temporary file is left beside it.
    let leftovers: Vec<_> = std::fs::read_dir(s.dir.path())
        .expect("dir")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    assert_eq!(s.get("/health").json()["generation"], 2);
}

#[test]
fn a_request_count_sends_exactly_that_many() {
    let ds = dataset();
    let s = RealServer::start(&ds, Duration::from_secs(3600));
    let queries = query_file(&ds, s.dir.path());
    let r = run(config(&s, &queries, Stop::Requests(123)));
    assert_clean(&r);
    assert_eq!(r.total.sent, 123);
    assert!(r.reload.is_none() && r.after_reload.is_none());
    // Request i is an autocomplete when i mod 100 < 25: 25 of the first 100, then 23 more.
    assert_eq!(r.total.autocomplete_ok, 25 + 23);
    let served = s.get("/health").json()["requestsServed"]
        .as_u64()
        .unwrap_or(0);
    assert!(served >= 123, "the server counted {served}");
}

#[test]
fn a_dead_server_is_counted_as_connection_errors() {
    let ds = dataset();
    let queries = {
        let dir = tempfile::tempdir().expect("dir");
        let p = query_file(&ds, dir.path());
        seoladh_eval::tsv::read_query_texts(&p).expect("read")
    };
    // A port nobody listens on: bind, note it, close.
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("port");
    let r = run(LoadConfig {
        addr,
        host: addr.to_string(),
        key: "demo".into(),
        queries,
        concurrency: 2,
        stop: Stop::Requests(10),
        autocomplete_percent: 0,
        request_timeout: Duration::from_secs(5),
        reload: None,
    });
    assert_eq!(
        (r.total.sent, r.total.connect_errors, r.total.responses),
        (10, 10, 0)
    );
    assert_eq!(r.total.errors, 10);
    assert!(r.to_string().contains("error: connect:"), "{r}");
}

#[test]
fn the_load_command_reports_and_exits_by_outcome() {
    let ds = dataset();
    let s = RealServer::start(&ds, Duration::from_millis(50));
    let queries = query_file(&ds, s.dir.path());
    let rebuilt = s.dir.path().join("rebuilt.idx");
    build_index(&ds, &rebuilt);
    let json = s.dir.path().join("report.json");
    let out = Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args(["load", "--url", &format!("http://{}", s.addr), "--queries"])
        .arg(&queries)
        .args([
            "--requests",
            "60",
            "--concurrency",
            "3",
            "--autocomplete-percent",
            "50",
        ])
        .args(["--reload"])
        .arg(&rebuilt)
        .args(["--reload-at", "0", "--json"])
        .arg(&json)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("60 responses in"), "{stdout}");
    assert!(stdout.contains("HTTP status: 200: 60"), "{stdout}");
    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("json written")).expect("json");
    assert_eq!(v["total"]["sent"], 60);
    assert_eq!(v["total"]["errors"], 0);
    // --reload without --served-index replaced the file /health names.
    assert_eq!(
        std::fs::read(&s.index).expect("served"),
        std::fs::read(&rebuilt).expect("rebuilt")
    );

    // Against nothing: failures are reported and the exit status says so.
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("port");
    let out = Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args(["load", "--url", &format!("http://{addr}"), "--queries"])
        .arg(&queries)
        .args(["--requests", "3"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("errors"));
    let out = Command::new(env!("CARGO_BIN_EXE_seoladh"))
        .args(["load", "--url", "https://example.ie", "--queries"])
        .arg(&queries)
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("http://"));
}
