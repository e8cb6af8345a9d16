//! Shared helpers of the workspace's integration tests: the bundled fixture dataset and an
//! engine over it, golden files, and (feature `server`) servers on 127.0.0.1:0 with a blocking HTTP client.
//! Test binaries use it as `use seoladh_testkit as common;`.
#![allow(missing_docs)]

pub mod fixture;
pub mod golden;

#[cfg(feature = "server")]
pub mod fake_engine;
#[cfg(feature = "server")]
pub mod http;
#[cfg(feature = "server")]
pub mod real;
#[cfg(feature = "server")]
pub mod running;
#[cfg(feature = "server")]
mod server;

#[cfg(feature = "server")]
pub use server::TestServer;

/// The repository's `fixtures/` directory.
pub fn fixtures_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}
