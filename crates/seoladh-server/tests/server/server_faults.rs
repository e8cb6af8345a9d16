//! Malformed and hostile requests over real sockets (fake engine): raw invalid UTF-8 and control
//! bytes in the request line, every percent-encoded control character, a 10 MB query, odd
//! parameter shapes, unknown and repeated parameters. Each gets a structured error body (or, for
//! bytes HTTP itself forbids, hyper's 400) and the server keeps answering. `tests/server_wire.rs`
//! covers the per-parameter error codes and the 100 KB query.

use seoladh_testkit as common;

use common::TestServer;
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::Duration;

fn server() -> TestServer {
    TestServer::start(|_, _| {})
}

/// The server still answers a normal request.
fn alive(s: &TestServer) {
    let r = s.get("/2.0/FindAddress?key=demo&address=8+Silver+Birches");
    assert_eq!(r.status, 200, "server stopped answering: {}", r.text());
    assert_eq!(r.json()["result"]["code"], 100);
}

/// Writes `bytes` as they are (while reading, so a server that answers early is not blocked),
/// then returns everything the server sent before closing (empty if it reset the connection).
fn raw(s: &TestServer, bytes: Vec<u8>) -> Vec<u8> {
    let mut stream = TcpStream::connect(s.addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let mut writer = stream.try_clone().expect("clone");
    let sender = std::thread::spawn(move || {
        // The server may close before taking it all; that is its right.
        let _ = writer.write_all(&bytes);
        let _ = writer.shutdown(Shutdown::Write);
    });
    let mut got = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    let _ = sender.join();
    got
}

/// Status and body of the first response in `raw`.
fn status_and_body(raw: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(raw);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_owned());
    (status, body)
}

fn error_code(body: &str) -> u64 {
    serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v["errors"][0]["type"]["code"].as_u64())
        .unwrap_or(0)
}

#[test]
fn every_percent_encoded_control_character_is_dropped_from_the_address() {
    let s = server();
    for b in (0u8..0x20).chain([0x7f]) {
        let r = s.get(&format!(
            "/2.0/FindAddress?key=demo&address=8%{b:02X}Silver+Birches"
        ));
        assert_eq!(r.status, 200, "%{b:02X}: {}", r.text());
        let echoed = r.json()["input"]["address"]
            .as_str()
            .expect("address echoed")
            .to_owned();
        assert!(
            !echoed.chars().any(char::is_control),
            "%{b:02X} echoed as {echoed:?}"
        );
    }
    // C1 controls and odd Unicode whitespace, UTF-8 encoded.
    let r = s.get("/2.0/FindAddress?key=demo&address=8%C2%85Silver%E2%80%A8Birches%EF%BB%BF");
    assert_eq!(r.status, 200);
    assert!(!r.json()["input"]["address"]
        .as_str()
        .unwrap_or("")
        .chars()
        .any(char::is_control));
    alive(&s);
}

#[test]
fn raw_bytes_http_forbids_get_a_400_and_the_server_lives() {
    let s = server();
    for bad in [
        &b"GET /2.0/FindAddress?key=demo&address=\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n"[..],
        b"GET /2.0/FindAddress?key=demo&address=a\x01b HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /2.0/FindAddress?key=demo&address=a\x7fb HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /2.0/FindAddress?key=demo&address=a\tb HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /2.0/FindAddress?key=demo&address=a\0b HTTP/1.1\r\nHost: x\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 TLS hello on a plain port\r\n\r\n",
        b"GARBAGE\r\n\r\n",
        b"GET /2.0/FindAddress?key=demo&address=x HTTP/9.9\r\nHost: x\r\n\r\n",
    ] {
        let got = raw(&s, bad.to_vec());
        let (status, _) = status_and_body(&got);
        assert!(
            status == 400 || status == 505 || got.is_empty(),
            "{:?} answered {:?}",
            String::from_utf8_lossy(bad),
            String::from_utf8_lossy(&got)
        );
        alive(&s);
    }
}

#[test]
fn a_10_mb_query_is_refused_with_an_error_body() {
    let s = server();
    let mut req = b"GET /2.0/FindAddress?key=demo&address=".to_vec();
    req.extend(std::iter::repeat_n(b'a', 10 * 1024 * 1024));
    req.extend_from_slice(b" HTTP/1.1\r\nHost: x\r\n\r\n");
    let got = raw(&s, req);
    // The guard answers as soon as the line is too long; the client may see a reset instead
    // once the server stops reading, and both are acceptable. The server must survive.
    if !got.is_empty() {
        let (status, body) = status_and_body(&got);
        assert_eq!((status, error_code(&body)), (400, 400020), "{body}");
    }
    alive(&s);
    // A 10 MB value in another parameter: 400011.
    let mut req = b"GET /2.0/FindAddress?key=demo&address=x&junk=".to_vec();
    req.extend(std::iter::repeat_n(b'j', 10 * 1024 * 1024));
    req.extend_from_slice(b" HTTP/1.1\r\nHost: x\r\n\r\n");
    let got = raw(&s, req);
    if !got.is_empty() {
        let (status, body) = status_and_body(&got);
        assert_eq!((status, error_code(&body)), (400, 400011), "{body}");
    }
    alive(&s);
    // 10 MB of headers.
    let mut req =
        b"GET /2.0/FindAddress?key=demo&address=x HTTP/1.1\r\nHost: x\r\nX-Big: ".to_vec();
    req.extend(std::iter::repeat_n(b'h', 10 * 1024 * 1024));
    req.extend_from_slice(b"\r\n\r\n");
    let got = raw(&s, req);
    let (status, _) = status_and_body(&got);
    assert!(
        got.is_empty() || status == 431 || status == 400,
        "{:.200}",
        String::from_utf8_lossy(&got)
    );
    alive(&s);
}

#[test]
fn odd_parameter_shapes_get_structured_answers() {
    let s = server();
    let mut wrong = Vec::new();
    for (query, status, code) in [
        // Unknown parameters are ignored, in any case and number.
        ("key=demo&address=x&foo=bar&FOO=baz&foo=&=&&&", 200, 0),
        ("key=demo&address=x&callback2=alert(1)", 200, 0),
        // A name without `=` is a parameter with an empty value (an empty address is allowed).
        ("key=demo&address", 200, 0),
        ("key&address=x", 401, 401001),
        // Percent-encoded names are decoded before matching.
        ("%6Bey=demo&%61ddress=8+Silver+Birches", 200, 0),
        // Wrong types.
        ("key=demo&address=x&limit=ten", 400, 400003),
        ("key=demo&address=x&limit=99999999999999999999", 400, 400003),
        ("key=demo&address=x&addressId=-5", 400, 400004),
        ("key=demo&address=x&language[]=en", 200, 0),
        ("key=demo&address[]=x", 400, 400008),
        // Bad escapes in any parameter.
        ("key=demo&address=x&limit=%", 400, 400003),
        ("key=de%ZZmo&address=x", 401, 401002),
        // Only separators.
        ("&&&&", 401, 401001),
        ("", 401, 401001),
    ] {
        let r = s.get(&format!("/2.0/FindAddress?{query}"));
        let got = if r.status == 200 {
            assert!(r.json()["links"][0]["href"].is_string(), "{query}");
            0
        } else {
            r.error_code()
        };
        if (r.status, got) != (status, code) {
            wrong.push(format!("{query}: {} {got} {:.300}", r.status, r.text()));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    alive(&s);
}

#[test]
fn many_bad_requests_on_one_keep_alive_connection() {
    let s = server();
    let mut stream = TcpStream::connect(s.addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let mut batch = Vec::new();
    let targets = [
        "/2.0/FindAddress?key=demo&address=%FF",
        "/2.0/FindAddress?key=demo",
        "/2.0/GetEcadData?key=demo&ecadId=abc",
        "/2.0/Nope",
        "/2.0/FindAddress?key=demo&address=8+Silver+Birches",
    ];
    for t in targets {
        batch.extend_from_slice(format!("GET {t} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes());
    }
    batch.extend_from_slice(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(&batch).expect("send");
    let mut got = Vec::new();
    stream.read_to_end(&mut got).expect("read");
    let text = String::from_utf8_lossy(&got);
    let statuses: Vec<&str> = text
        .match_indices("HTTP/1.1 ")
        .map(|(i, _)| &text[i + 9..i + 12])
        .collect();
    assert_eq!(
        statuses,
        ["400", "400", "400", "404", "200", "200"],
        "{text:.2000}"
    );
    alive(&s);
}
