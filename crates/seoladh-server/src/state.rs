//! Server state: the engine behind an atomic swap, and hot reload.
//!
//! Requests clone the current `Arc` (a read lock held for one pointer copy) and keep it to the
//! end, so a swap never disturbs a request in flight: it finishes on the engine it started with.
//! A failed load keeps the old engine and records why.

use super::keys::{KeyStore, RateLimiter};
use super::ServerConfig;
use seoladh::error::{Error, Result};
use seoladh::wire::Engine;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::SystemTime;

/// Turns an index file into an engine; supplied by the caller (the binary wires the real one).
pub type Loader = Arc<dyn Fn(&Path) -> Result<Arc<dyn Engine>, Error> + Send + Sync>;

/// One loaded engine and when it came.
pub struct Loaded {
    /// The engine.
    pub engine: Arc<dyn Engine>,
    /// 1 for the first load, +1 for each successful reload.
    pub generation: u64,
    /// When it was loaded.
    pub loaded_at: SystemTime,
}

/// Modification time and size: what the poller compares to notice a new index file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FileStamp {
    modified: Option<SystemTime>,
    len: u64,
}

fn stamp(path: &Path) -> Option<FileStamp> {
    let meta = std::fs::metadata(path).ok()?;
    Some(FileStamp {
        modified: meta.modified().ok(),
        len: meta.len(),
    })
}

/// Everything the handlers share; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub(crate) config: ServerConfig,
    pub(crate) keys: KeyStore,
    pub(crate) limiter: Option<RateLimiter>,
    loader: Loader,
    current: RwLock<Arc<Loaded>>,
    /// The stamp of the file last tried, so a broken file is not reloaded every poll.
    last_seen: Mutex<Option<FileStamp>>,
    reloading: tokio::sync::Mutex<()>,
    pub(crate) last_reload_error: Mutex<Option<String>>,
    pub(crate) served: AtomicU64,
    /// Connections being served now.
    pub(crate) open_connections: AtomicU64,
    /// Connections answered 503 because the cap was reached.
    pub(crate) refused: AtomicU64,
    /// Connections closed at the cap to make room (they were waiting for a request head).
    pub(crate) evicted: AtomicU64,
    /// The address actually bound (differs from the config with port 0).
    pub(crate) bound: OnceLock<SocketAddr>,
}

impl AppState {
    /// Loads the keys (or the demo key) and the first engine.
    ///
    /// # Errors
    /// The keys file or the index cannot be loaded.
    pub fn new(config: ServerConfig, loader: Loader) -> Result<Self> {
        let keys = match &config.keys {
            Some(path) => KeyStore::load(path)?,
            None => KeyStore::demo_only(),
        };
        let seen = stamp(&config.index);
        let engine = loader(&config.index)?;
        let limiter = config.rate_limit.map(RateLimiter::new);
        Ok(AppState {
            inner: Arc::new(Inner {
                config,
                keys,
                limiter,
                loader,
                current: RwLock::new(Arc::new(Loaded {
                    engine,
                    generation: 1,
                    loaded_at: SystemTime::now(),
                })),
                last_seen: Mutex::new(seen),
                reloading: tokio::sync::Mutex::new(()),
                last_reload_error: Mutex::new(None),
                served: AtomicU64::new(0),
                open_connections: AtomicU64::new(0),
                refused: AtomicU64::new(0),
                evicted: AtomicU64::new(0),
                bound: OnceLock::new(),
            }),
        })
    }

    /// The engine requests should use now.
    pub fn current(&self) -> Arc<Loaded> {
        Arc::clone(&self.inner.current.read().unwrap_or_else(|p| p.into_inner()))
    }

    /// The configuration the server runs with.
    pub fn config(&self) -> &ServerConfig {
        &self.inner.config
    }

    /// The accepted keys.
    pub fn keys(&self) -> &KeyStore {
        &self.inner.keys
    }

    /// Loads the index file again and swaps the new engine in; returns the new generation.
    ///
    /// # Errors
    /// The loader's error, as text; the old engine stays in place.
    pub async fn reload(&self) -> std::result::Result<u64, String> {
        let _one_at_a_time = self.inner.reloading.lock().await;
        let path = self.inner.config.index.clone();
        *self
            .inner
            .last_seen
            .lock()
            .unwrap_or_else(|p| p.into_inner()) = stamp(&path);
        let loader = Arc::clone(&self.inner.loader);
        let loaded = tokio::task::spawn_blocking(move || loader(&path)).await;
        let outcome = match loaded {
            Ok(Ok(engine)) => {
                let mut slot = self
                    .inner
                    .current
                    .write()
                    .unwrap_or_else(|p| p.into_inner());
                let generation = slot.generation + 1;
                *slot = Arc::new(Loaded {
                    engine,
                    generation,
                    loaded_at: SystemTime::now(),
                });
                Ok(generation)
            }
            Ok(Err(e)) => Err(e.to_string()),
            Err(join) => Err(format!("the loader panicked: {join}")),
        };
        let mut last = self
            .inner
            .last_reload_error
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        match &outcome {
            Ok(generation) => {
                *last = None;
                tracing::info!(generation, index = %self.inner.config.index.display(), "index reloaded");
            }
            Err(why) => {
                *last = Some(why.clone());
                tracing::warn!(error = %why, index = %self.inner.config.index.display(), "index reload failed; keeping the current engine");
            }
        }
        outcome
    }

    /// Reloads if the index file's modification time or size changed since the last try.
    pub async fn reload_if_changed(&self) {
        let now = stamp(&self.inner.config.index);
        let changed = {
            let seen = self
                .inner
                .last_seen
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            now.is_some() && now != *seen
        };
        if changed {
            let _ = self.reload().await;
        }
    }

    /// Polls the index file and listens for SIGHUP, reloading on either, until dropped.
    pub(crate) async fn watch(self) {
        // The first poll is one period away: the index was stamped when it was loaded, and an
        // immediate tick delayed on a busy runtime could race a reload made by hand.
        let period = self.inner.config.reload_poll;
        let mut poll = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
        poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        #[cfg(unix)]
        let mut hangup =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()).ok();
        loop {
            #[cfg(unix)]
            {
                let hup = async {
                    match hangup.as_mut() {
                        Some(s) => s.recv().await,
                        None => std::future::pending().await,
                    }
                };
                tokio::select! {
                    _ = poll.tick() => self.reload_if_changed().await,
                    _ = hup => {
                        tracing::info!("SIGHUP: reloading the index");
                        let _ = self.reload().await;
                    }
                }
            }
            #[cfg(not(unix))]
            {
                poll.tick().await;
                self.reload_if_changed().await;
            }
        }
    }

    pub(crate) fn count_request(&self) {
        self.inner.served.fetch_add(1, Ordering::Relaxed);
    }
}
