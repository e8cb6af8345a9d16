//! A server running the fake engine on 127.0.0.1:0.

use crate::running::Running;
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
    running: Running,
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
        let running = Running::spawn(state.clone(), Duration::from_secs(10));
        TestServer {
            addr: running.addr,
            state,
            dir,
            running,
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
        self.running.stop();
    }
}
