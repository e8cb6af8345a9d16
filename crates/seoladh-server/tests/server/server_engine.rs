//! The HTTP server over 127.0.0.1 with the real engine (`Engine::loader`) on the fixture index:
//! the server answers byte for byte what `api::answer` (the CLI's path) answers.

use seoladh_testkit as common;

use std::net::SocketAddr;
use std::time::Duration;

use seoladh::api::{self, Operation};
use seoladh::ecad::layout;
use seoladh::engine::Engine;
use seoladh::index::{IndexBuilder, NoProgress};
use seoladh_server::{AppState, ServerConfig};

const TXN: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";

struct Server {
    addr: SocketAddr,
    index: std::path::PathBuf,
    _dir: tempfile::TempDir,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn dataset() -> seoladh::ecad::Dataset {
    let data = seoladh_testkit::fixtures_dir().join("data");
    layout::read_dir(&data).expect("fixture readable").0
}

fn start() -> Server {
    let dir = tempfile::tempdir().expect("temp dir");
    let ds = dataset();
    let index = dir.path().join("fixture.idx");
    IndexBuilder::new()
        .build(&ds, &NoProgress)
        .expect("builds")
        .write_file(&index)
        .expect("writes");
    let mut config = ServerConfig::new(&index);
    config.listen = SocketAddr::from(([127, 0, 0, 1], 0));
    let state = AppState::new(config, seoladh_server::engine_loader()).expect("real engine loads");
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind");
            addr_tx
                .send(listener.local_addr().expect("addr"))
                .expect("send");
            seoladh_server::run(listener, state, async {
                let _ = rx.await;
            })
            .await
            .expect("server runs");
        });
    });
    let addr = addr_rx
        .recv_timeout(Duration::from_secs(30))
        .expect("server started");
    Server {
        addr,
        index,
        _dir: dir,
        shutdown: Some(tx),
        thread: Some(thread),
    }
}

#[test]
fn http_answers_equal_the_library_answers() {
    let s = start();
    let engine = Engine::open(&s.index).expect("opens");
    let base = format!("http://{}", s.addr);
    for (op, path, query) in [
        (
            Operation::GetEcadData,
            "GetEcadData",
            format!("key=demo&txn={TXN}&ecadId=1700000629"),
        ),
        (
            Operation::GetEcadData,
            "getecaddata",
            format!("key=demo&txn={TXN}&ecadid=1790000001&history=True&administrativeInfo=2017"),
        ),
        (
            Operation::GetEcadData,
            "GetEcadData",
            format!("key=demo&txn={TXN}&ecadId=1200000001"),
        ),
        (
            Operation::GetEcadData,
            "GetEcadData",
            format!("key=demo&txn={TXN}&ecadId=42"),
        ),
        (
            Operation::FindAddress,
            "FindAddress",
            format!("key=demo&txn={TXN}&address=MAIN+STREET%2C+GARRISTOWN"),
        ),
        (
            Operation::AutoComplete,
            "autocomplete",
            format!("key=demo&txn={TXN}&address=main+st"),
        ),
    ] {
        let r = common::http::get(s.addr, &format!("/2.0/{path}?{query}"));
        assert_eq!(r.status, 200, "{path}?{query}: {}", r.text());
        let want = api::answer(&engine, op, &query, &base).expect("answers");
        assert_eq!(
            r.text(),
            String::from_utf8(want.json).unwrap(),
            "{path}?{query}"
        );
    }
}

#[test]
fn ecad_data_over_http_and_jsonp() {
    let s = start();
    let ap = dataset().address_points[0].id;
    let r = common::http::get(s.addr, &format!("/2.0/GetEcadData?key=demo&ecadId={ap}"));
    let v = r.json();
    assert_eq!(v["result"]["code"], 100);
    assert_eq!(v["eircodeInfo"]["ecadId"], ap);
    assert!(v["links"][0]["href"]
        .as_str()
        .unwrap()
        .starts_with(&format!("http://{}/2.0/GetEcadData?key=demo&txn=", s.addr)));
    let r = common::http::get(s.addr, "/2.0/getecaddata?key=demo&ecadId=5&callback=cb_1");
    assert_eq!(r.status, 200);
    let body = r.text();
    assert!(body.starts_with("cb_1(") && body.ends_with(");"), "{body}");
    assert!(body.contains(r#""text":"EcadIdInvalid""#));
}
