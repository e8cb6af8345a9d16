//! The HTTP server over real sockets on 127.0.0.1 with the fake engine: routes, parameter
//! variants, JSONP, CORS, every error code with its status, limits, links, health, keys,
//! rate limit, timeout, graceful shutdown and hot reload.

use seoladh_testkit as common;

use common::http::{get, request};
use common::TestServer;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

const TXN: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";

fn server() -> TestServer {
    TestServer::start(|_, _| {})
}

#[test]
fn operation_segment_is_case_insensitive() {
    let s = server();
    for path in ["FindAddress", "findaddress", "FINDADDRESS"] {
        let r = s.get(&format!("/2.0/{path}?key=demo&address=8+Silver+Birches"));
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.json()["result"]["code"], 100);
    }
    for path in ["AutoComplete", "autocomplete", "Autocomplete"] {
        let r = s.get(&format!("/2.0/{path}?key=demo&address=8+silv"));
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.json()["totalOptions"], 3);
    }
    for path in ["GetEcadData", "getecaddata"] {
        let r = s.get(&format!("/2.0/{path}?key=demo&ecadId=1701823929"));
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.json()["result"]["code"], 100);
    }
}

#[test]
fn every_query_case_over_http() {
    let s = server();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/wire/query_cases.tsv"
    ))
    .unwrap();
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (op, query, code, status): (&str, &str, u64, u16) =
            (f[0], f[1], f[2].parse().unwrap(), f[3].parse().unwrap());
        let r = s.get(&format!("/2.0/{op}?{query}"));
        assert_eq!(r.status, status, "{op}?{query}: {}", r.text());
        assert_eq!(r.header("content-type"), Some("application/json"));
        if code == 0 {
            assert!(r.json()["links"][0]["href"].is_string(), "{op}?{query}");
        } else {
            assert_eq!(r.error_code(), code, "{op}?{query}");
            assert!(!r.json()["errors"][0]["message"]
                .as_str()
                .unwrap()
                .is_empty());
        }
        n += 1;
    }
    assert!(n >= 40);
}

#[test]
fn values_and_names_in_any_case_are_echoed_normalised() {
    let s = server();
    let r = s.get("/2.0/findaddress?Key=demo&Address=8+Silver+Birches&language=EN&country=GB&vanityMode=True&addressElements=true&_=1700000000000");
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v["input"]["language"], "en");
    assert_eq!(v["input"]["country"], "gb");
    assert_eq!(v["input"]["vanityMode"], true);
    assert_eq!(v["input"]["addressElements"], true);
    assert_eq!(v["input"]["address"], "8 Silver Birches");
    let g = s
        .get("/2.0/GetEcadData?key=demo&ecadid=1701823929&history=True")
        .json();
    assert_eq!(g["input"]["history"], true);
    assert_eq!(g["input"]["ecadId"], 1_701_823_929u64);
}

#[test]
fn txn_twice_uses_the_first_and_links_carry_key_and_txn() {
    let s = server();
    let other = "11111111-2222-4333-8444-555555555555";
    let r = s.get(&format!(
        "/2.0/FindAddress?key=demo&address=Silver+Birches&txn={TXN}&txn={other}"
    ));
    let v = r.json();
    assert_eq!(v["input"]["txn"], TXN);
    let self_href = v["links"][0]["href"].as_str().unwrap();
    let base = format!("http://{}/2.0/FindAddress?key=demo&txn={TXN}&", s.addr);
    assert!(self_href.starts_with(&base), "{self_href}");
    for o in v["options"].as_array().unwrap() {
        let next = o["links"][0]["href"].as_str().unwrap();
        assert_eq!(o["links"][0]["rel"], "next");
        assert!(next.starts_with(&base), "{next}");
    }
    // Without a txn the server makes one, echoes it and puts it in every link.
    let v = s.get("/2.0/FindAddress?key=demo&address=x").json();
    let txn = v["input"]["txn"].as_str().unwrap();
    assert!(uuid::Uuid::try_parse(txn).is_ok());
    assert!(v["links"][0]["href"]
        .as_str()
        .unwrap()
        .contains(&format!("&txn={txn}&")));
}

/// The path and query of an absolute href on the test server.
fn target_of(href: &str, addr: std::net::SocketAddr) -> String {
    href.strip_prefix(&format!("http://{addr}"))
        .unwrap_or_else(|| panic!("{href} is not on {addr}"))
        .to_owned()
}

#[test]
fn links_are_followed_verbatim() {
    let s = server();
    let ac = s
        .get("/2.0/autocomplete?key=demo&address=8+silv&limit=5&vanityMode=true&language=ga")
        .json();
    assert!(ac["options"][0].get("optionType").is_none());
    let next = ac["options"][0]["links"][0]["href"].as_str().unwrap();
    assert!(next.contains("/2.0/FindAddress?"));
    let f = s.get(&target_of(next, s.addr)).json();
    assert_eq!(f["result"]["code"], 100);
    assert_eq!(f["addressId"], 1_701_823_929u64);
    assert_eq!(f["input"]["limit"], 5);
    assert_eq!(f["input"]["vanityMode"], true);
    assert_eq!(f["input"]["language"], "ga");
    assert_eq!(f["postalAddress"][2], "DÚN BÚINNE");
    assert_eq!(f["input"]["txn"], ac["input"]["txn"]);
    // Re-requesting self gives the same result and addressId.
    let again = s
        .get(&target_of(f["links"][0]["href"].as_str().unwrap(), s.addr))
        .json();
    assert_eq!(
        (again["result"].clone(), again["addressId"].clone()),
        (f["result"].clone(), f["addressId"].clone())
    );
}

#[test]
fn base_url_comes_from_config_then_host_header() {
    let s = server();
    let r = request(
        s.addr,
        "GET",
        "/2.0/FindAddress?key=demo&address=x",
        &[("Host", "addresses.example.ie:8443")],
        b"",
    );
    assert!(r.json()["links"][0]["href"]
        .as_str()
        .unwrap()
        .starts_with("http://addresses.example.ie:8443/2.0/FindAddress?key=demo&"));
    let r = request(
        s.addr,
        "GET",
        "/2.0/FindAddress?key=demo&address=x",
        &[("Host", "evil\"host")],
        b"",
    );
    assert!(r.json()["links"][0]["href"]
        .as_str()
        .unwrap()
        .starts_with("http://127.0.0.1:0/"));
    let p = TestServer::start(|c, _| c.base_url = Some("https://api.example.ie/lookup".into()));
    let v = p.get("/2.0/FindAddress?key=demo&address=x").json();
    assert!(v["links"][0]["href"]
        .as_str()
        .unwrap()
        .starts_with("https://api.example.ie/lookup/2.0/FindAddress?key=demo&txn="));
}

#[test]
fn jsonp_wraps_answers_and_errors_at_200() {
    let s = server();
    let r = s.get(
        "/2.0/FindAddress?key=demo&address=x&callback=jQuery3800123_1795000000000&_=1795000000001",
    );
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/javascript"));
    let body = r.text();
    let inner = body
        .strip_prefix("jQuery3800123_1795000000000(")
        .and_then(|b| b.strip_suffix(");"))
        .expect("wrapped");
    let v: serde_json::Value = serde_json::from_str(inner).unwrap();
    assert_eq!(v["result"]["code"], 100);
    // An error keeps HTTP 200 with a callback.
    let r = s.get("/2.0/FindAddress?key=wrong&address=x&callback=angular.callbacks._0");
    assert_eq!(r.status, 200);
    let body = r.text();
    assert!(
        body.starts_with("angular.callbacks._0({\"errors\":[{\"type\":{\"code\":401002,"),
        "{body}"
    );
    let r = s.get("/2.0/GetEcadData?ecadId=1&callback=$cb");
    assert_eq!(r.status, 200);
    assert!(r
        .text()
        .starts_with("$cb({\"errors\":[{\"type\":{\"code\":401001,"));
    // A bad callback name is refused, unwrapped.
    for bad in ["alert(1)", "a%20b", "x%3Cscript%3E", "%FF"] {
        let r = s.get(&format!(
            "/2.0/FindAddress?key=demo&address=x&callback={bad}"
        ));
        assert_eq!(r.status, 400, "{bad}");
        assert_eq!(r.header("content-type"), Some("application/json"));
        assert_eq!(r.error_code(), 400011);
    }
}

#[test]
fn cors_header_on_every_response() {
    let s = server();
    for target in [
        "/2.0/FindAddress?key=demo&address=x",
        "/2.0/FindAddress?address=x",
        "/nope",
        "/health",
        "/",
        "/2.0/Nope?key=demo",
    ] {
        let r = s.get(target);
        assert_eq!(
            r.header("access-control-allow-origin"),
            Some("*"),
            "{target}"
        );
    }
    let r = request(
        s.addr,
        "OPTIONS",
        "/2.0/FindAddress",
        &[
            ("Origin", "https://shop.example"),
            ("Access-Control-Request-Method", "GET"),
        ],
        b"",
    );
    assert!(r.status < 300, "preflight {}", r.status);
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
}

#[test]
fn unknown_paths_and_methods() {
    let s = server();
    let r = s.get("/2.0/PostcodeLookup?key=demo");
    assert_eq!((r.status, r.error_code()), (404, 404001));
    let r = s.get("/1.0/FindAddress?key=demo&address=x");
    assert_eq!((r.status, r.error_code()), (404, 404001));
    let r = request(
        s.addr,
        "POST",
        "/2.0/FindAddress?key=demo&address=x",
        &[],
        b"{}",
    );
    assert_eq!(r.status, 405);
    assert_eq!(r.header("allow"), Some("GET, HEAD"));
    assert!(r.json()["errors"][0]["message"]
        .as_str()
        .unwrap()
        .contains("GET"));
    let r = request(s.addr, "DELETE", "/health", &[], b"");
    assert_eq!(r.status, 405);
}

#[test]
fn size_limits_answer_with_an_error_body() {
    let s = server();
    let big = "a".repeat(100 * 1024);
    let r = s.get(&format!("/2.0/FindAddress?key=demo&address={big}"));
    assert_eq!((r.status, r.error_code()), (400, 400020));
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
    let r = s.get(&format!(
        "/2.0/FindAddress?key=demo&address={}",
        "c".repeat(30 * 1024)
    ));
    assert_eq!((r.status, r.error_code()), (400, 400020));
    let r = s.get(&format!("/2.0/FindAddress?key=demo&x={big}&address=y"));
    assert_eq!((r.status, r.error_code()), (400, 400011));
    let r = s.get(&format!("/2.0/FindAddress?key=demo&address=x&junk={big}"));
    assert_eq!((r.status, r.error_code()), (400, 400011));
    let long_address = "b".repeat(seoladh::raw::limits::MAX_QUERY_CHARS + 1);
    let r = s.get(&format!("/2.0/FindAddress?key=demo&address={long_address}"));
    assert_eq!((r.status, r.error_code()), (400, 400020));
    let r = request(
        s.addr,
        "GET",
        "/2.0/FindAddress?key=demo&address=x",
        &[],
        &vec![b'z'; 4096],
    );
    assert_eq!((r.status, r.error_code()), (400, 400011));
}

#[test]
fn encoding_errors_and_fadas() {
    let s = server();
    let r = s.get("/2.0/FindAddress?key=demo&address=%FF%FE");
    assert_eq!((r.status, r.error_code()), (400, 400020));
    let r = s.get("/2.0/FindAddress?key=demo&address=100%");
    assert_eq!((r.status, r.error_code()), (400, 400020));
    let r = s.get("/2.0/FindAddress?key=demo&address=D%C3%BAn+B%C3%BAinne%2C+Co.+na+M%C3%AD");
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["input"]["address"], "Dún Búinne, Co. na Mí");
    let r = s.get("/2.0/FindAddress?key=demo&address=8%0ASilver%00Birches");
    assert_eq!(r.json()["input"]["address"], "8 SilverBirches");
}

#[test]
fn accept_header_handling() {
    let s = server();
    for accept in [
        "application/json",
        "application/javascript",
        "*/*",
        "text/html,application/xhtml+xml,*/*;q=0.8",
    ] {
        let r = request(
            s.addr,
            "GET",
            "/2.0/FindAddress?key=demo&address=x",
            &[("Accept", accept)],
            b"",
        );
        assert_eq!(r.status, 200, "{accept}");
    }
    let r = request(
        s.addr,
        "GET",
        "/2.0/FindAddress?key=demo&address=x",
        &[("Accept", "image/png"), ("Client", "dotnet-sdk")],
        b"",
    );
    assert_eq!((r.status, r.error_code()), (406, 400011));
}

#[test]
fn engine_errors_are_500000() {
    let s = server();
    let r = s.get("/2.0/FindAddress?key=demo&address=boom");
    assert_eq!((r.status, r.error_code()), (500, 500000));
}

/// The connection gets a 500000 body, and the server keeps answering.
#[test]
fn an_engine_panic_is_500000_and_the_server_lives() {
    let s = server();
    for _ in 0..3 {
        let r = s.get("/2.0/FindAddress?key=demo&address=panic");
        assert_eq!((r.status, r.error_code()), (500, 500000));
    }
    let r = s.get("/2.0/FindAddress?key=demo&address=nomatch");
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["result"]["code"], 550);
}

#[test]
fn slow_engine_times_out_with_500000() {
    let s = TestServer::start(|c, _| c.timeout = Duration::from_millis(100));
    let r = s.get("/2.0/FindAddress?key=demo&address=slow");
    assert_eq!((r.status, r.error_code()), (500, 500000));
    assert!(r.json()["errors"][0]["message"]
        .as_str()
        .unwrap()
        .contains("100 ms"));
}

#[test]
fn keys_file_replaces_the_demo_key() {
    let s = TestServer::start(|c, dir| {
        let path = dir.join("keys.txt");
        std::fs::write(&path, "# shop keys\nshop-123\nother # second shop\n").unwrap();
        c.keys = Some(path);
    });
    assert_eq!(s.get("/2.0/FindAddress?key=shop-123&address=x").status, 200);
    assert_eq!(s.get("/2.0/FindAddress?key=other&address=x").status, 200);
    let r = s.get("/2.0/FindAddress?key=demo&address=x");
    assert_eq!((r.status, r.error_code()), (401, 401002));
    let r = s.get("/2.0/FindAddress?address=x");
    assert_eq!((r.status, r.error_code()), (401, 401001));
    // Without a keys file, only demo.
    let d = server();
    let r = d.get("/2.0/FindAddress?key=shop-123&address=x");
    assert_eq!((r.status, r.error_code()), (401, 401002));
    assert!(r.json()["errors"][0]["message"]
        .as_str()
        .unwrap()
        .contains("demo"));
}

#[test]
fn rate_limit_answers_429() {
    let s = TestServer::start(|c, _| c.rate_limit = Some(3));
    let statuses: Vec<u16> = (0..6)
        .map(|_| s.get("/2.0/FindAddress?key=demo&address=x").status)
        .collect();
    assert_eq!(&statuses[..3], &[200, 200, 200]);
    assert!(statuses[3..].contains(&429), "{statuses:?}");
    let r = s.get("/2.0/FindAddress?key=demo&address=x");
    if r.status == 429 {
        assert_eq!(r.error_code(), 401006);
    }
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(s.get("/2.0/FindAddress?key=demo&address=x").status, 200);
}

#[test]
fn health_reports_index_and_counts() {
    let s = server();
    let _ = s.get("/2.0/FindAddress?key=demo&address=x");
    let r = s.get("/health");
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v["status"], "ok");
    assert_eq!(v["generation"], 1);
    assert_eq!(v["counts"]["addressPoints"], 3);
    assert!(v["index"].as_str().unwrap().ends_with("index.bin"));
    assert!(v["loadedAt"].as_str().unwrap().ends_with('Z'));
    assert!(v["requestsServed"].as_u64().unwrap() >= 1);
    assert_eq!(v["demoKeyOnly"], true);
}

#[test]
fn demo_page_is_served() {
    let s = server();
    let r = s.get("/");
    assert_eq!(r.status, 200);
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
    assert!(r.text().contains("/2.0/autocomplete"));
}

fn set_index(path: &std::path::Path, text: &str, bump_secs: u64) {
    // Written beside it and renamed into place, as a deployment does: the server's poll sees
    // one change (a write then a separate mtime bump could be seen as two reloads).
    let tmp = path.with_extension("next");
    std::fs::write(&tmp, text).unwrap();
    // Make the change visible even on file systems with coarse mtimes.
    let f = std::fs::File::options().write(true).open(&tmp).unwrap();
    f.set_modified(SystemTime::now() + Duration::from_secs(bump_secs))
        .unwrap();
    drop(f);
    std::fs::rename(&tmp, path).unwrap();
}

/// Waits (polling, up to 10 s) until `done` holds: tests wait on what they need, not a guess.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn generation_of(s: &TestServer) -> String {
    s.get("/2.0/FindAddress?key=demo&address=8+Silver+Birches")
        .json()["vanityAddress"][0]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn hot_reload_swaps_engines_without_failing_requests() {
    let s = server();
    assert_eq!(generation_of(&s), "generation 1");
    let stop = Arc::new(AtomicBool::new(false));
    let ok = Arc::new(AtomicUsize::new(0));
    let addr = s.addr;
    let workers: Vec<_> = (0..3)
        .map(|i| {
            let (stop, ok) = (Arc::clone(&stop), Arc::clone(&ok));
            std::thread::spawn(move || {
                let target = if i == 0 {
                    "/2.0/FindAddress?key=demo&address=slow"
                } else {
                    "/2.0/FindAddress?key=demo&address=8+Silver+Birches"
                };
                let mut seen = Vec::new();
                while !stop.load(Ordering::Relaxed) {
                    let r = get(addr, target);
                    assert_eq!(
                        r.status,
                        200,
                        "a request failed during the swap: {}",
                        r.text()
                    );
                    seen.push(
                        r.json()["vanityAddress"][0]
                            .as_str()
                            .unwrap_or("")
                            .to_owned(),
                    );
                    ok.fetch_add(1, Ordering::Relaxed);
                }
                seen
            })
        })
        .collect();
    // The swap happens under load: workers have answers before it and after it.
    wait_until("answers before the swap", || {
        ok.load(Ordering::Relaxed) >= 4
    });
    set_index(&s.index_path(), "generation 2\n", 10);
    wait_until("the engine swap", || generation_of(&s) == "generation 2");
    let swapped_at = ok.load(Ordering::Relaxed);
    wait_until("answers after the swap", || {
        ok.load(Ordering::Relaxed) >= swapped_at + 6
    });
    stop.store(true, Ordering::Relaxed);
    let mut all = Vec::new();
    for w in workers {
        all.extend(w.join().expect("worker"));
    }
    assert!(ok.load(Ordering::Relaxed) >= 6);
    assert!(all.iter().any(|g| g == "generation 2"));
    // Generations only move forward in each worker's view.
    assert_eq!(s.get("/health").json()["generation"], 2);

    // A broken index keeps the current engine and reports why.
    set_index(&s.index_path(), "garbage\n", 20);
    wait_until("the failed reload in /health", || {
        !s.get("/health").json()["lastReloadError"].is_null()
    });
    assert_eq!(generation_of(&s), "generation 2");
    assert!(s.get("/health").json()["lastReloadError"]
        .as_str()
        .unwrap()
        .contains("not a fake index"));
    // A fixed file loads again.
    set_index(&s.index_path(), "generation 3\n", 30);
    wait_until("the swap after the fix", || {
        generation_of(&s) == "generation 3"
    });
    assert!(s.get("/health").json()["lastReloadError"].is_null());
}

#[test]
fn graceful_shutdown_finishes_requests_in_flight() {
    let mut s = server();
    let addr = s.addr;
    let slow =
        std::thread::spawn(move || get(addr, "/2.0/FindAddress?key=demo&address=slow-shutdown"));
    // In flight once the engine has begun to answer it (an open connection whose request is not
    // yet read is closed by the shutdown).
    wait_until("the slow request in flight", || {
        common::fake_engine::started("slow-shutdown")
    });
    s.stop();
    let r = slow.join().expect("slow request");
    assert_eq!(r.status, 200);
    assert!(
        std::net::TcpStream::connect(addr).is_err(),
        "server still listening after shutdown"
    );
}

#[test]
fn explicit_reload_as_on_sighup() {
    let s = server();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    // Same file, same mtime: a SIGHUP reload still loads it again.
    assert_eq!(rt.block_on(s.state.reload()), Ok(2));
    assert_eq!(s.get("/health").json()["generation"], 2);
    std::fs::remove_file(s.index_path()).unwrap();
    let err = rt.block_on(s.state.reload()).unwrap_err();
    assert!(err.contains("index.bin"), "{err}");
    assert_eq!(
        generation_of(&s),
        "generation 1",
        "the old engine (generation 1 content) still answers"
    );
}

#[derive(Clone, Default)]
struct LogBuffer(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for LogBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn one_log_line_per_request_without_the_key() {
    let logs = LogBuffer::default();
    let writer = logs.clone();
    let _ = tracing_subscriber::fmt()
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .try_init();
    let s = server();
    assert_eq!(
        s.get("/2.0/getecaddata?key=demo&ecadId=1701823929").status,
        200
    );
    assert_eq!(
        s.get("/2.0/FindAddress?key=secret-key-xyz&address=x")
            .status,
        401
    );
    let logged = || String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
    wait_until("both request lines in the log", || {
        logged().contains("op=GetEcadData") && logged().contains("status=401")
    });
    let text = logged();
    let line = text
        .lines()
        .find(|l| l.contains("path=/2.0/getecaddata") && l.contains("op=GetEcadData"))
        .unwrap_or_else(|| panic!("no request line in logs:\n{text}"));
    assert!(
        line.contains("status=200") && line.contains("result=100") && line.contains("latency_us="),
        "{line}"
    );
    assert!(
        text.lines()
            .any(|l| l.contains("status=401") && l.contains("result=401002")),
        "{text}"
    );
    assert!(!text.contains("secret-key-xyz"), "keys must not be logged");
}
