//! The demo page in a real headless Chromium, driven over WebDriver (chromedriver): type an
//! address character by character, wait for suggestions, click one, and check the result panel
//! shows a result code, the Eircode and the Irish address from GetEcadData.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them). Without them the
//! test prints loudly that it was skipped and passes, so a fresh machine still runs every other
//! test; under `CI=true` it fails instead. WebDriver is plain HTTP + JSON, spoken with
//! the same small client the other server tests use, so no browser-automation crate is built.

use seoladh_testkit as common;

use common::http::{request, Resp};
use common::TestServer;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn find_program(names: &[&str]) -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in names {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// A chromedriver process and one browser session; both ended on drop.
struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    _profile: tempfile::TempDir,
}

/// Chromium and chromedriver, when both are installed.
fn browser_programs() -> Option<(std::path::PathBuf, std::path::PathBuf)> {
    let chromium = find_program(&["chromium", "chromium-browser", "google-chrome"])?;
    let chromedriver = find_program(&["chromedriver"])?;
    Some((chromium, chromedriver))
}

impl Browser {
    fn start(chromium: &std::path::Path, chromedriver: &std::path::Path) -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromedriver.display()));
        let profile = tempfile::tempdir().unwrap();
        let mut browser = Browser {
            driver,
            addr,
            session: String::new(),
            _profile: profile,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if std::net::TcpStream::connect(addr).is_ok() {
                let s = request(addr, "GET", "/status", &[], b"");
                if s.status == 200 && s.json()["value"]["ready"] == true {
                    break;
                }
            }
            assert!(
                Instant::now() < deadline,
                "chromedriver did not become ready on {addr}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1100,1300",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .chain([format!(
            "--user-data-dir={}",
            browser._profile.path().display()
        )])
        .collect::<Vec<_>>();
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium.display().to_string(), "args": args}
        }}});
        let r = browser.call("POST", "/session", Some(caps));
        browser.session = r["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {r}"))
            .to_owned();
        browser
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let headers: &[(&str, &str)] = if method == "POST" {
            &[("Content-Type", "application/json")]
        } else {
            &[]
        };
        let r: Resp = request(self.addr, method, path, headers, body.as_bytes());
        let v = r.json();
        assert!(
            r.status < 300,
            "WebDriver {method} {path} failed ({}): {v}",
            r.status
        );
        v["value"].clone()
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    fn find_all(&self, css: &str) -> Vec<String> {
        let v = self.session_call(
            "POST",
            "/elements",
            Some(json!({"using": "css selector", "value": css})),
        );
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| e[ELEMENT].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn text(&self, css: &str) -> String {
        match self.find_all(css).first() {
            Some(id) => self
                .session_call("GET", &format!("/element/{id}/text"), None)
                .as_str()
                .unwrap_or("")
                .to_owned(),
            None => String::new(),
        }
    }

    fn wait_for(&self, what: &str, mut ok: impl FnMut(&Browser) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while !ok(self) {
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; status line: {:?}",
                self.text("#status")
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Saves a screenshot (base64 PNG from WebDriver) for a person to look at.
    fn screenshot(&self, path: &std::path::Path) {
        let b64 = self.session_call("GET", "/screenshot", None);
        if let Some(bytes) = b64.as_str().and_then(decode_base64) {
            let _ = std::fs::write(path, bytes);
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = request(
                self.addr,
                "DELETE",
                &format!("/session/{}", self.session),
                &[],
                b"",
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

fn decode_base64(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in s.bytes().filter(|c| !c.is_ascii_whitespace() && *c != b'=') {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        acc = acc << 6 | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Some(out)
}

#[test]
fn typing_suggesting_and_choosing_an_address() {
    let Some((chromium, chromedriver)) = browser_programs() else {
        let message = "the demo page test needs Chromium and chromedriver: \
                       apt-get install chromium chromium-driver";
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{message}");
        }
        eprintln!("\n*** SKIPPED typing_suggesting_and_choosing_an_address: {message} ***\n");
        return;
    };
    let server = TestServer::start(|_, _| {});
    let browser = Browser::start(&chromium, &chromedriver);
    browser.session_call(
        "POST",
        "/url",
        Some(json!({"url": format!("http://{}/", server.addr)})),
    );
    let input = browser.find_all("#address").pop().expect("the address box");
    for ch in "8 Silver".chars() {
        browser.session_call(
            "POST",
            &format!("/element/{input}/value"),
            Some(json!({"text": ch.to_string()})),
        );
        std::thread::sleep(Duration::from_millis(40));
    }
    browser.wait_for("suggestions", |b| {
        b.find_all("#options button.option").len() == 3
    });
    assert_eq!(
        browser.text("#options button.option"),
        "8 SILVER BIRCHES, MILLFARM, DUNBOYNE, CO. MEATH"
    );
    let first = browser.find_all("#options button.option").remove(0);
    browser.session_call("POST", &format!("/element/{first}/click"), Some(json!({})));
    browser.wait_for("the result code", |b| !b.text("#result-code").is_empty());
    assert_eq!(browser.text("#result-code"), "100 PostcodeAppended");
    assert_eq!(browser.text("#eircode"), "A86 VC04");
    browser.wait_for("the Irish address from GetEcadData", |b| {
        b.text("#postal-ga").contains("DÚN BÚINNE")
    });
    assert!(browser.text("#postal-en").contains("CO. MEATH"));
    assert!(browser.text("#ecad-status").contains("Current"));
    assert!(browser.text("#ecad-building").contains("R"));
    let shot = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("demo_page.png");
    browser.screenshot(&shot);
}
