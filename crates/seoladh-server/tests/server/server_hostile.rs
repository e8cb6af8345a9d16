//! Hostile clients and a damaged index over real sockets: the HTTP layer's own refusals carry 2.0
//! error bodies; silent, trickling and idle connections are closed after the header timeout;
//! connections over the cap get a 503 with an error body while `/health` stays reachable below
//! it; a deleted index file and a failed reload make `/health` say `degraded`; a damaged index
//! file is never swapped in. Every wait is for an event (a read returning, a counter reaching a
//! value), bounded by a generous deadline.

use seoladh_testkit as common;

use common::http::{get, request};
use common::TestServer;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// Bound on every wait: far beyond what any event here needs.
const DEADLINE: Duration = Duration::from_secs(30);

/// Sends `bytes` on a fresh connection and reads until the server closes it.
fn exchange(addr: SocketAddr, bytes: &[u8]) -> (Vec<u8>, Duration) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(DEADLINE)).expect("timeout");
    let started = Instant::now();
    let _ = stream.write_all(bytes);
    (read_to_close(&mut stream), started.elapsed())
}

/// Everything the server sends until it closes (or resets) the connection.
fn read_to_close(stream: &mut TcpStream) -> Vec<u8> {
    let mut got = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return got,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                panic!("the server kept the connection open past {DEADLINE:?}")
            }
            Err(_) => return got,
        }
    }
}

/// Status and error code of a raw response.
fn status_and_code(raw: &[u8]) -> (u16, u64) {
    let text = String::from_utf8_lossy(raw);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let code = text
        .split_once("\r\n\r\n")
        .and_then(|(_, body)| serde_json::from_str::<serde_json::Value>(body).ok())
        .and_then(|v| v["errors"][0]["type"]["code"].as_u64())
        .unwrap_or(0);
    (status, code)
}

/// Polls `/health` until `ready` holds for its JSON; returns that JSON. A 503 (connections the
/// server has not yet seen closed still fill the cap) is asked again.
fn health_when(addr: SocketAddr, ready: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let r = get(addr, "/health");
        if r.status != 503 {
            assert_eq!(r.status, 200, "/health: {}", r.text());
            let health = r.json();
            if ready(&health) {
                return health;
            }
        }
        assert!(Instant::now() < deadline, "never reached: {}", r.text());
        std::thread::yield_now();
    }
}

#[test]
fn refusals_of_the_http_layer_carry_error_bodies() {
    let s = TestServer::start(|_, _| {});
    let mut big_headers = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ".to_vec();
    big_headers.extend(std::iter::repeat_n(b'h', 1 << 20));
    big_headers.extend_from_slice(b"\r\n\r\n");
    // A good request first, then a malformed one, on one keep-alive connection.
    let keep_alive_then_bad =
        b"GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost x\r\n\r\n".to_vec();
    for (what, bytes, status) in [
        ("garbage", b"GARBAGE\r\n\r\n".to_vec(), 400),
        (
            "a header without a colon",
            b"GET / HTTP/1.1\r\nHost x\r\n\r\n".to_vec(),
            400,
        ),
        ("1 MiB of headers", big_headers, 431),
    ] {
        let (raw, _) = exchange(s.addr, &bytes);
        assert_eq!(
            status_and_code(&raw),
            (status, 400_011),
            "{what}: {:.300}",
            String::from_utf8_lossy(&raw)
        );
        assert!(String::from_utf8_lossy(&raw).contains("access-control-allow-origin: *"));
    }
    let (raw, _) = exchange(s.addr, &keep_alive_then_bad);
    let text = String::from_utf8_lossy(&raw);
    let second = text.find("HTTP/1.1 400").expect("two answers");
    assert_eq!(
        status_and_code(text[second..].as_bytes()),
        (400, 400_011),
        "{text:.600}"
    );
    // A request line over hyper's URI limit after a first request (the guard reads only the
    // first line of a connection): hyper's own 414, with the body.
    let mut long_second = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health?".to_vec();
    long_second.extend(std::iter::repeat_n(b'q', 70 * 1024));
    long_second.extend_from_slice(b" HTTP/1.1\r\nHost: x\r\n\r\n");
    let (raw, _) = exchange(s.addr, &long_second);
    let text = String::from_utf8_lossy(&raw);
    let second = text
        .find("HTTP/1.1 414")
        .expect("a 414 after the first answer");
    assert_eq!(
        status_and_code(text[second..].as_bytes()),
        (414, 400_011),
        "{text:.600}"
    );
}

#[test]
fn a_wrong_method_is_405_without_the_not_found_code() {
    let s = TestServer::start(|_, _| {});
    for (method, target) in [
        ("POST", "/2.0/FindAddress?key=demo&address=x"),
        ("DELETE", "/health"),
        ("PUT", "/"),
    ] {
        let r = request(s.addr, method, target, &[], b"");
        assert_eq!(r.status, 405, "{method} {target}");
        assert_eq!(r.error_code(), 400_011, "{method} {target}: {}", r.text());
        assert_eq!(r.header("allow"), Some("GET, HEAD"));
    }
}

#[test]
fn silent_trickling_and_idle_connections_are_closed_after_the_header_timeout() {
    let s = TestServer::start(|c, _| c.header_timeout = Duration::from_millis(300));
    // Sends nothing.
    let (raw, _) = exchange(s.addr, b"");
    assert!(raw.is_empty());
    // A header line at a time, forever: closed although bytes keep coming.
    let mut trickle = TcpStream::connect(s.addr).expect("connect");
    trickle.set_read_timeout(Some(DEADLINE)).expect("timeout");
    let mut writer = trickle.try_clone().expect("clone");
    let sender = std::thread::spawn(move || {
        let _ = writer.write_all(b"GET /health HTTP/1.1\r\n");
        for i in 0.. {
            std::thread::sleep(Duration::from_millis(50));
            if writer
                .write_all(format!("X-Slow-{i}: 1\r\n").as_bytes())
                .is_err()
            {
                return i;
            }
        }
        unreachable!()
    });
    assert!(read_to_close(&mut trickle).is_empty());
    let _ = trickle.shutdown(std::net::Shutdown::Both);
    sender.join().expect("trickler");
    // Idle after an answer on a keep-alive connection.
    let (raw, _) = exchange(s.addr, b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(status_and_code(&raw).0, 200);
}

#[test]
fn health_answers_while_slow_clients_are_held() {
    const SLOW: usize = 48;
    let s = TestServer::start(|c, _| {
        c.header_timeout = Duration::from_secs(60);
        c.max_connections = 64;
    });
    let slow: Vec<TcpStream> = (0..SLOW)
        .map(|_| {
            let mut t = TcpStream::connect(s.addr).expect("connect");
            t.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Half: ")
                .expect("half a head");
            t
        })
        .collect();
    // Every slow client accepted and held, plus the /health connection asking.
    let health = health_when(s.addr, |h| {
        h["connectionsOpen"].as_u64() >= Some(SLOW as u64 + 1)
    });
    assert_eq!(health["status"], "ok");
    let r = s.get("/2.0/FindAddress?key=demo&address=8+Silver+Birches");
    assert_eq!(r.status, 200);
    drop(slow);
    health_when(s.addr, |h| h["connectionsOpen"] == 1);
}

#[test]
fn connections_over_the_cap_get_a_503_with_an_error_body() {
    const CAP: usize = 4;
    // Held connections become evictable after a fortieth of the header timeout: 15 s here,
    // far beyond this test.
    let s = TestServer::start(|c, _| {
        c.header_timeout = Duration::from_secs(600);
        c.max_connections = CAP;
    });
    let held: Vec<TcpStream> = (0..CAP)
        .map(|_| {
            let mut t = TcpStream::connect(s.addr).expect("connect");
            t.write_all(b"GET /health HTTP/1.1\r\n")
                .expect("half a head");
            t
        })
        .collect();
    // Until the server has accepted all four, a fifth may still be served: ask until refused.
    let deadline = Instant::now() + DEADLINE;
    let raw = loop {
        let (raw, _) = exchange(
            s.addr,
            b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        );
        if status_and_code(&raw).0 == 503 {
            break raw;
        }
        assert!(Instant::now() < deadline, "never refused");
    };
    assert_eq!(status_and_code(&raw), (503, 500_000));
    let text = String::from_utf8_lossy(&raw);
    assert!(
        text.contains("retry-after: 1") && text.contains("busy"),
        "{text}"
    );
    drop(held);
    let h = health_when(s.addr, |h| h["connectionsOpen"] == 1);
    assert!(h["connectionsRefused"].as_u64() >= Some(1));
}

#[test]
fn at_the_cap_the_longest_waiting_connection_makes_room() {
    const CAP: usize = 4;
    // Evictable after a fortieth of the header timeout: 200 ms.
    let s = TestServer::start(|c, _| {
        c.header_timeout = Duration::from_secs(8);
        c.max_connections = CAP;
    });
    let mut held: Vec<TcpStream> = (0..CAP)
        .map(|_| {
            let mut t = TcpStream::connect(s.addr).expect("connect");
            t.set_read_timeout(Some(DEADLINE)).expect("timeout");
            t.write_all(b"GET /health HTTP/1.1\r\nX-Slow: ")
                .expect("half a head");
            t
        })
        .collect();
    // Refused until a held connection has waited 200 ms, then answered in its place.
    let h = health_when(s.addr, |_| true);
    assert!(
        h["connectionsEvicted"].as_u64() >= Some(1),
        "answered without evicting (the header timeout came first?): {h}"
    );
    assert_eq!(h["status"], "ok");
    // The one that waited longest was closed; the others are still held (their header timeout
    // is seconds away).
    assert!(read_to_close(&mut held[0]).is_empty());
    for t in &held[1..] {
        t.set_nonblocking(true).expect("non-blocking");
        let mut byte = [0u8; 1];
        let still_open =
            matches!(t.peek(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock);
        assert!(still_open, "a younger connection was closed too");
    }
}

#[test]
fn health_is_degraded_after_a_failed_reload_or_with_the_index_file_gone() {
    // The test reloads by hand: the watcher must not reload the rewritten file first.
    let s = TestServer::start(|c, _| c.reload_poll = std::time::Duration::from_secs(3600));
    let h = s.get("/health").json();
    assert_eq!(
        (h["status"].as_str(), h["indexFile"].as_str()),
        (Some("ok"), Some("present"))
    );
    assert!(h["problem"].is_null());

    std::fs::write(s.index_path(), "garbage\n").expect("damage");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    assert!(rt.block_on(s.state.reload()).is_err());
    let h = s.get("/health").json();
    assert_eq!(h["status"], "degraded");
    assert_eq!(h["generation"], 1);
    assert!(
        h["problem"]
            .as_str()
            .unwrap_or("")
            .contains("reload failed"),
        "{h}"
    );

    std::fs::write(s.index_path(), "generation 2\n").expect("fix");
    assert_eq!(rt.block_on(s.state.reload()), Ok(2));
    assert_eq!(s.get("/health").json()["status"], "ok");

    std::fs::remove_file(s.index_path()).expect("delete");
    let h = s.get("/health").json();
    assert_eq!(
        (h["status"].as_str(), h["indexFile"].as_str()),
        (Some("degraded"), Some("missing"))
    );
    assert!(
        h["problem"]
            .as_str()
            .unwrap_or("")
            .contains("restart would fail"),
        "{h}"
    );
}

#[test]
fn a_damaged_index_file_is_not_swapped_in() {
    let ds = common::real::dataset();
    let s = common::real::RealServer::start(&ds, Duration::from_millis(50));
    let answer = |s: &common::real::RealServer| {
        let r = s.get("/2.0/FindAddress?key=demo&address=main+street+dublin+7");
        assert_eq!(r.status, 200, "{}", r.text());
        r.json()["result"]["code"].clone()
    };
    let before = answer(&s);
    // The report's damage: 64 random bytes inside the places section, renamed into place.
    let mut bytes = std::fs::read(&s.index).expect("read index");
    let header = seoladh::raw::index::format::read_header(
        &bytes,
        "t",
        seoladh::raw::text::NORMALISER_VERSION,
    )
    .expect("header");
    let places = header
        .section(seoladh::raw::index::format::SectionId::Places)
        .expect("places");
    let at = places.offset as usize + 64;
    let mut x = 0x9e37_79b9_u32;
    for b in &mut bytes[at..at + 64] {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *b = x as u8;
    }
    let next = s.index.with_extension("next");
    std::fs::write(&next, &bytes).expect("write damaged");
    std::fs::rename(&next, &s.index).expect("swap");
    let h = health_when(s.addr, |h| !h["lastReloadError"].is_null());
    assert_eq!(h["status"], "degraded");
    assert_eq!(h["generation"], 1);
    let why = h["lastReloadError"].as_str().unwrap_or("");
    assert!(why.contains("places") && why.contains("damaged"), "{why}");
    assert_eq!(answer(&s), before, "the old index still answers");
}
