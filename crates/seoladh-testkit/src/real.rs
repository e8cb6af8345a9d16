//! A server with the real engine (`seoladh_server::engine_loader`) on an index built from `fixtures/data`,
//! on 127.0.0.1:0 with its own runtime thread; stopped gracefully on drop.

use seoladh::raw::ecad::layout;

use crate::running::Running;
use seoladh::raw::index::{IndexBuilder, NoProgress};
use seoladh_server::{AppState, ServerConfig};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub struct RealServer {
    pub addr: SocketAddr,
    /// The served (and watched) index file.
    pub index: PathBuf,
    pub dir: tempfile::TempDir,
    _running: Running,
}

pub fn dataset() -> seoladh::raw::ecad::Dataset {
    let data = crate::fixtures_dir().join("data");
    layout::read_dir(&data).expect("fixture readable").0
}

/// Builds the fixture index into `path`.
pub fn build_index(ds: &seoladh::raw::ecad::Dataset, path: &Path) {
    IndexBuilder::new()
        .build(ds, &NoProgress)
        .expect("builds")
        .write_file(path)
        .expect("writes");
}

impl RealServer {
    /// Serves `ds`'s index, polling the file for reloads every `reload_poll`.
    pub fn start(ds: &seoladh::raw::ecad::Dataset, reload_poll: Duration) -> RealServer {
        RealServer::start_with(ds, reload_poll, seoladh_server::engine_loader(), |_| {})
    }

    /// [`RealServer::start`] with an engine loader of the caller's (profiles) and settings of
    /// its own (`configure` sees the config after the index and listen address are set).
    pub fn start_with(
        ds: &seoladh::raw::ecad::Dataset,
        reload_poll: Duration,
        loader: seoladh_server::Loader,
        configure: impl FnOnce(&mut ServerConfig),
    ) -> RealServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let index = dir.path().join("served.idx");
        build_index(ds, &index);
        let mut config = ServerConfig::new(&index);
        config.listen = SocketAddr::from(([127, 0, 0, 1], 0));
        config.reload_poll = reload_poll;
        configure(&mut config);
        let state = AppState::new(config, loader).expect("real engine loads");
        let running = Running::spawn(state, Duration::from_secs(60));
        RealServer {
            addr: running.addr,
            index,
            dir,
            _running: running,
        }
    }

    pub fn get(&self, target: &str) -> crate::http::Resp {
        crate::http::get(self.addr, target)
    }
}
