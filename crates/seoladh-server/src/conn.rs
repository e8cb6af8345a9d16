//! Connections: accepting them under a cap, serving each with hyper under a header timeout, and
//! a graceful shutdown.
//!
//! - **Cap**: at most [`ConnLimits::max_connections`] are served at once. One more first closes
//!   the connection that has waited longest for a request head (`idle`: a silent, trickling or
//!   idle keep-alive one); when none has waited long enough, it is answered 503 with a 2.0 error
//!   body (500000, `Retry-After: 1`) and closed. `accept` never runs out of descriptors, and
//!   `/health` is answered while slow clients hold connections.
//! - **Header timeout**: a connection must deliver a whole request head within
//!   [`ConnLimits::header_timeout`] of opening or of its previous response (hyper's header read
//!   timer starts when it waits for a head): a silent socket, a client trickling one header line
//!   at a time and an idle keep-alive connection are all closed after it.
//! - **Shutdown**: the listener closes, idle connections close, requests in flight finish.

use std::future::Future;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use seoladh::api::{ApiError, ErrorCode};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

use crate::guard::GuardedStream;
use crate::idle::Registry;
use crate::state::AppState;

/// Refusals written at once; past this a connection over the cap is closed without an answer
/// (each refusal holds its descriptor for up to [`REFUSAL_LINGER`]). Kept out of the cap, with
/// [`seoladh::limits::RESERVED_DESCRIPTORS`], under the open-file limit.
const MAX_REFUSALS_IN_FLIGHT: usize = 32;
/// How long a refused connection is read from after its 503, so the client receives the answer
/// rather than a reset for the request bytes it had sent.
const REFUSAL_LINGER: Duration = Duration::from_millis(250);
/// Pause after `accept` fails (out of descriptors): the condition is not cleared by retrying at
/// once.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(20);
/// How long a new connection waits for the slot of one it evicted to be given back.
const EVICTION_GRACE: Duration = Duration::from_millis(200);

/// The connection limits in force.
#[derive(Debug, Clone, Copy)]
pub struct ConnLimits {
    /// Most connections served at once.
    pub max_connections: usize,
    /// Time to deliver a whole request head (also the idle keep-alive timeout).
    pub header_timeout: Duration,
}

impl ConnLimits {
    /// The configured cap, lowered to leave the refusals and
    /// [`seoladh::limits::RESERVED_DESCRIPTORS`] free under the process's open-file limit.
    pub fn new(max_connections: usize, header_timeout: Duration) -> ConnLimits {
        let reserved = seoladh::limits::RESERVED_DESCRIPTORS + MAX_REFUSALS_IN_FLIGHT;
        let cap = match open_file_limit() {
            Some(n) => max_connections.min(n.saturating_sub(reserved)),
            None => max_connections,
        };
        ConnLimits {
            max_connections: cap.max(1),
            header_timeout,
        }
    }
}

/// The soft open-file limit (`/proc/self/limits`), where the system reports one.
fn open_file_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// Serves `app` on `listener` until `shutdown` completes, then waits for the connections.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    state: AppState,
    limits: ConnLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let open = Arc::new(Semaphore::new(limits.max_connections));
    let registry = Arc::new(Registry::new());
    let evictable_after = limits.header_timeout / 40;
    let refusing = Arc::new(Semaphore::new(MAX_REFUSALS_IN_FLIGHT));
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let tcp = match accepted {
            Ok((tcp, _)) => tcp,
            Err(e) => {
                tracing::warn!(error = %e, "accept failed; pausing");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let mut permit = Arc::clone(&open).try_acquire_owned().ok();
        if permit.is_none() && registry.evict_longest_waiting(evictable_after) {
            state.inner.evicted.fetch_add(1, Ordering::Relaxed);
            let freed = tokio::time::timeout(EVICTION_GRACE, Arc::clone(&open).acquire_owned());
            permit = freed.await.ok().and_then(Result::ok);
        }
        let Some(permit) = permit else {
            state.inner.refused.fetch_add(1, Ordering::Relaxed);
            if let Ok(slot) = Arc::clone(&refusing).try_acquire_owned() {
                tokio::spawn(async move {
                    refuse_busy(tcp, limits.max_connections).await;
                    drop(slot);
                });
            }
            continue;
        };
        let service = app
            .clone()
            .map_request(|req: Request<Incoming>| req.map(Body::new));
        let (key, slot) = registry.add();
        let conn = http.serve_connection(
            TokioIo::new(GuardedStream::new(tcp, slot)),
            TowerToHyperService::new(service),
        );
        let conn = graceful.watch(conn);
        let inner = Arc::clone(&state.inner);
        let registry = Arc::clone(&registry);
        inner.open_connections.fetch_add(1, Ordering::Relaxed);
        tokio::spawn(async move {
            // A failed connection (a reset, a timeout, a malformed head hyper answered, an
            // eviction) is the client's business: nothing to report.
            let _ = conn.await;
            registry.remove(key);
            inner.open_connections.fetch_sub(1, Ordering::Relaxed);
            drop(permit);
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

/// The 503 for a connection over the cap: written at once, then the request is read (briefly)
/// so closing does not reset the answer away.
async fn refuse_busy(mut tcp: TcpStream, cap: usize) {
    let e = ApiError::new(
        ErrorCode::InternalServerError,
        format!("the server is busy ({cap} connections open); retry shortly"),
    );
    let body = serde_json::to_string(&e.body()).unwrap_or_default();
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         access-control-allow-origin: *\r\nretry-after: 1\r\nconnection: close\r\n\
         content-length: {}\r\n\r\n{body}",
        body.len()
    );
    if tcp.write_all(response.as_bytes()).await.is_err() {
        return;
    }
    let _ = tcp.shutdown().await;
    let mut sink = [0u8; 4096];
    let _ = tokio::time::timeout(REFUSAL_LINGER, async {
        while matches!(tcp.read(&mut sink).await, Ok(n) if n > 0) {}
    })
    .await;
}
