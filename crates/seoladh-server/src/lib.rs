//! The HTTP front: the 2.0 routes, JSONP, CORS, licence keys, rate limit,
//! request logs, health, the demo page and hot reload, over any [`Engine`](seoladh::api::Engine).
//!
//! A thin layer: it parses with [`seoladh::api`], calls the engine, writes bytes. Tests bind
//! `127.0.0.1:0` and call [`run`] with their own engine loader; the binary calls [`serve`].

mod assets;
mod conn;
mod guard;
mod handlers;
mod idle;
pub mod keys;
mod state;

pub use conn::ConnLimits;
pub use keys::{KeyStore, RateLimiter, DEMO_KEY};
pub use state::{AppState, Loaded, Loader};

use axum::extract::Request;
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::any;
use axum::Router;
use seoladh::error::{Error, Result};
use seoladh::limits;
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tower_http::cors::{Any, CorsLayer};

/// How the server runs; every field maps to a `seoladh serve` flag.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// `--listen` (default `127.0.0.1:8080`).
    pub listen: SocketAddr,
    /// `--index`: the file the loader opens, watched for hot reload.
    pub index: PathBuf,
    /// `--keys`: licence keys, one per line; `None` accepts only `demo`.
    pub keys: Option<PathBuf>,
    /// `--base-url`: absolute base for links (behind a proxy); `None` uses the Host header.
    pub base_url: Option<String>,
    /// `--rate-limit`: requests per second per key.
    pub rate_limit: Option<u32>,
    /// `--timeout-ms`: time the engine gets per request.
    pub timeout: Duration,
    /// How often the index file is checked for changes.
    pub reload_poll: Duration,
    /// `--control-assets`: a directory with the licensee's copy of the control's files, served
    /// at `/control/…` and `/2.0/control/…`; `None` answers those paths 404.
    pub control_assets: Option<PathBuf>,
    /// `--header-timeout-ms`: time a connection gets to send a whole request head, from its
    /// opening or its previous response (so also the idle keep-alive timeout).
    pub header_timeout: Duration,
    /// `--max-connections`: connections served at once (lowered under the open-file limit);
    /// more are answered 503.
    pub max_connections: usize,
}

impl ServerConfig {
    /// Defaults for everything but the index file.
    pub fn new(index: impl Into<PathBuf>) -> Self {
        ServerConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            index: index.into(),
            keys: None,
            base_url: None,
            rate_limit: None,
            timeout: Duration::from_millis(limits::DEFAULT_REQUEST_TIMEOUT_MS),
            reload_poll: Duration::from_millis(limits::RELOAD_POLL_MS),
            control_assets: None,
            header_timeout: Duration::from_millis(limits::DEFAULT_HEADER_TIMEOUT_MS),
            max_connections: limits::DEFAULT_MAX_CONNECTIONS,
        }
    }

    /// Checks the settings that can be wrong before anything starts.
    ///
    /// # Errors
    /// A base URL that is not `http(s)://host…`, or a zero rate limit or timeout.
    pub fn validate(&self) -> Result<()> {
        if let Some(base) = &self.base_url {
            let ok = (base.starts_with("http://") || base.starts_with("https://"))
                && !base.contains(['?', '#', ' '])
                && base.len() > "https://".len();
            if !ok {
                return Err(Error::InvalidConfig {
                    setting: "--base-url".into(),
                    problem: format!("`{base}` is not an absolute URL like https://api.example.ie"),
                });
            }
        }
        if self.rate_limit == Some(0) {
            return Err(Error::InvalidConfig {
                setting: "--rate-limit".into(),
                problem: "must be at least 1 request per second (omit it for no limit)".into(),
            });
        }
        if let Some(dir) = &self.control_assets {
            if !dir.is_dir() {
                return Err(Error::InvalidConfig {
                    setting: "--control-assets".into(),
                    problem: format!("`{}` is not a directory", dir.display()),
                });
            }
        }
        if self.timeout.is_zero() {
            return Err(Error::InvalidConfig {
                setting: "--timeout-ms".into(),
                problem: "must be at least 1".into(),
            });
        }
        if self.header_timeout.is_zero() {
            return Err(Error::InvalidConfig {
                setting: "--header-timeout-ms".into(),
                problem: "must be at least 1".into(),
            });
        }
        if self.max_connections == 0 {
            return Err(Error::InvalidConfig {
                setting: "--max-connections".into(),
                problem: "must be at least 1".into(),
            });
        }
        Ok(())
    }
}

/// The router: `/2.0/{op}` (case-insensitive op), `/health`, `/` (demo page), the control's
/// files at `/control/…` and `/2.0/control/…`, 404 elsewhere; CORS on every response and one log
/// line per request.
pub fn router(state: AppState) -> Router {
    let cors = CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::HEAD])
        .allow_headers(Any);
    Router::new()
        .route("/2.0/{op}", any(handlers::operation))
        .route("/health", any(handlers::health))
        .route("/control/{*path}", any(assets::control))
        .route("/2.0/control/{*path}", any(assets::control))
        .route("/", any(handlers::demo))
        .fallback(handlers::fallback)
        .with_state(state)
        .layer(axum::middleware::from_fn(log_request))
        .layer(cors)
}

/// Logs op, status, latency and result code; never the query (it holds the key).
async fn log_request(req: Request, next: Next) -> Response {
    // Off (e.g. RUST_LOG=warn): not even the path is copied.
    if !tracing::enabled!(target: "seoladh::request", tracing::Level::INFO) {
        return next.run(req).await;
    }
    let start = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let resp = next.run(req).await;
    let info = resp.extensions().get::<handlers::LogInfo>().copied();
    let op = info.map_or("-", |i| i.op);
    let result = info
        .and_then(|i| i.result)
        .map_or_else(|| "-".to_owned(), |r| r.to_string());
    tracing::info!(
        target: "seoladh::request",
        %method,
        path = %path.chars().take(100).collect::<String>(),
        op = %op,
        status = resp.status().as_u16(),
        latency_us = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX),
        result = %result,
        "request"
    );
    resp
}

/// Serves on `listener` until `shutdown` completes, watching the index for hot reload.
/// In-flight requests finish before it returns.
///
/// # Errors
/// None today (a failing `accept` is retried); kept for listeners that can fail for good.
pub async fn run(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<()> {
    let limits = ConnLimits::new(
        state.config().max_connections,
        state.config().header_timeout,
    );
    if limits.max_connections < state.config().max_connections {
        tracing::warn!(
            max_connections = limits.max_connections,
            "connection cap lowered to fit the open-file limit (raise it with `ulimit -n`)"
        );
    }
    let watcher = tokio::spawn(state.clone().watch());
    conn::serve(listener, router(state.clone()), state, limits, shutdown).await;
    watcher.abort();
    Ok(())
}

/// Resolves on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}

/// Loads the keys and the engine, binds `config.listen` and serves until SIGINT/SIGTERM.
/// Blocks the calling thread (it owns its tokio runtime).
///
/// # Errors
/// Bad settings, keys or index; the address cannot be bound.
pub fn serve(config: ServerConfig, loader: Loader) -> Result<()> {
    config.validate()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|source| Error::Io {
            path: PathBuf::from("<tokio runtime>"),
            source,
        })?;
    runtime.block_on(async move {
        let listen = config.listen;
        let state = AppState::new(config, loader)?;
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .map_err(|source| Error::Bind {
                addr: listen.to_string(),
                source,
            })?;
        let keys = state.keys();
        if keys.is_demo_only() {
            tracing::warn!("no --keys file: only the key `demo` is accepted");
        } else {
            tracing::info!(keys = keys.len(), "licence keys loaded");
        }
        tracing::info!(
            listen = %listener.local_addr().map(|a| a.to_string()).unwrap_or_default(),
            index = %state.config().index.display(),
            "seoladh serving the 2.0 API; demo page at /"
        );
        run(listener, state, shutdown_signal()).await
    })
}

/// The engine loader of `seoladh serve` with the built-in profiles: see [`engine_loader_with`].
pub fn engine_loader() -> Loader {
    engine_loader_with(None, seoladh::profile::UnknownProfile::default())
}

/// The engine loader of `seoladh serve`: [`seoladh::Engine::open_resident`] on the file it is
/// given (at start and on every reload; during a reload both indexes are in memory), with the
/// profiles of `profiles` (a profiles file, read again on every load, so a reload also picks up
/// its changes; a bad file fails the load) and `unknown` for names it does not define.
pub fn engine_loader_with(
    profiles: Option<std::path::PathBuf>,
    unknown: seoladh::profile::UnknownProfile,
) -> Loader {
    std::sync::Arc::new(move |path: &std::path::Path| {
        let set = match &profiles {
            Some(file) => seoladh::ProfileSet::load(file)?,
            None => seoladh::ProfileSet::builtin(),
        };
        let engine = seoladh::Engine::open_resident(path)?.with_profiles(set.with_unknown(unknown));
        // Read the UK addresses' words now (about half a second at full scale), not on the
        // first UK keystroke.
        engine.prepare_uk();
        Ok(std::sync::Arc::new(engine) as std::sync::Arc<dyn seoladh::api::Engine>)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_validation() {
        let mut c = ServerConfig::new("index.bin");
        assert!(c.validate().is_ok());
        c.base_url = Some("api.example.ie".into());
        assert!(matches!(c.validate(), Err(Error::InvalidConfig { .. })));
        c.base_url = Some("https://api.example.ie/lookup".into());
        assert!(c.validate().is_ok());
        c.rate_limit = Some(0);
        assert!(c.validate().is_err());
        c.rate_limit = Some(5);
        c.timeout = Duration::ZERO;
        assert!(c.validate().is_err());
    }
}
