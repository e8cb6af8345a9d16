//! A server running the fake engine on 127.0.0.1:0.

use crate::{fake_engine, http};
use seoladh_server::{AppState, ServerConfig};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// A server running the fake engine on its own runtime thread; stopped (gracefully) on drop.
pub struct TestServer {
    pub addr: SocketAddr,
    pub state: AppState,
    pub dir: tempfile::TempDir,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl TestServer {
    /// Writes `generation 1` as the index, applies `configure`, serves on 127.0.0.1:0.
    pub fn start(configure: impl FnOnce(&mut ServerConfig, &std::path::Path)) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let index = dir.path().join("index.bin");
        std::fs::write(&index, "generation 1\n").expect("write index");
        let mut config = ServerConfig::new(&index);
        config.listen = SocketAddr::from(([127, 0, 0, 1], 0));
        config.reload_poll = Duration::from_millis(50);
        configure(&mut config, dir.path());
        let state = AppState::new(config, fake_engine::loader()).expect("server state");
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let run_state = state.clone();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind 127.0.0.1:0");
                addr_tx
                    .send(listener.local_addr().expect("local addr"))
                    .expect("send addr");
                seoladh_server::run(listener, run_state, async {
                    let _ = rx.await;
                })
                .await
                .expect("server run");
            });
        });
        let addr = addr_rx
            .recv_timeout(Duration::from_secs(10))
            .expect("server started");
        TestServer {
            addr,
            state,
            dir,
            shutdown: Some(tx),
            thread: Some(thread),
        }
    }

    pub fn index_path(&self) -> PathBuf {
        self.dir.path().join("index.bin")
    }

    pub fn get(&self, target: &str) -> http::Resp {
        http::get(self.addr, target)
    }

    /// Signals shutdown and waits for in-flight requests and the server to finish.
    pub fn stop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.stop();
    }
}
