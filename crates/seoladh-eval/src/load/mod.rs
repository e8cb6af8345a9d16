//! The load generator behind `seoladh load`: keep-alive connections sending FindAddress (and
//! optionally autocomplete) GETs for a time or a number of requests, counting every outcome,
//! optionally swapping the served index file in the middle to exercise hot reload.
//!
//! Request *i* uses query `i mod n` and is an autocomplete when `i mod 100 <
//! autocomplete_percent`, so a `Stop::Requests` run sends the same requests every time. Every
//! request taken from the counter is accounted for exactly once: a response (by status), a
//! connection error, an I/O error or a timeout, so `sent == responses + failures`.
//!
//! Latencies are measured from writing the request to reading the whole body; timing only
//! reports, nothing here asserts speed.

mod client;
mod report;

pub use client::encode_component;
pub use report::{LoadReport, Phase, ReloadOutcome, Tally};

use crate::tsv::QueryText;
use client::Connection;
use seoladh::error::{Error, Result};
use serde::de::IgnoredAny;
use serde::Deserialize;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// When the run ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// After this long (requests in flight then finish and are counted).
    Duration(Duration),
    /// After exactly this many requests.
    Requests(u64),
}

/// Replace the served index file during the run.
#[derive(Debug, Clone)]
pub struct ReloadPlan {
    /// The index file to put in place.
    pub source: PathBuf,
    /// The file the server serves (and watches). The new file is copied to a temporary name in
    /// its directory when the run starts and renamed over it at `at`, so the server never sees a
    /// half-written file and the swap happens on time however big the index.
    pub target: PathBuf,
    /// How long after the start to rename.
    pub at: Duration,
}

/// Everything a run needs.
#[derive(Debug, Clone)]
pub struct LoadConfig {
    /// The server's address.
    pub addr: SocketAddr,
    /// The `Host` header (`host:port` of the URL).
    pub host: String,
    /// Licence key sent with every request.
    pub key: String,
    /// Queries, used round-robin.
    pub queries: Vec<QueryText>,
    /// Keep-alive connections, each with one request in flight.
    pub concurrency: usize,
    /// When to stop.
    pub stop: Stop,
    /// Share of autocomplete requests, 0–100.
    pub autocomplete_percent: u8,
    /// Time allowed per request before it counts as a timeout.
    pub request_timeout: Duration,
    /// Optional index swap.
    pub reload: Option<ReloadPlan>,
}

/// Splits `http://host:port` (optionally with a trailing `/`) into a socket address and the
/// Host header.
///
/// # Errors
/// Not `http://`, a path, or a host that does not resolve.
pub fn parse_url(url: &str) -> Result<(SocketAddr, String)> {
    let bad = |message: String| Error::InvalidOption {
        option: "--url",
        message,
    };
    let rest = url.strip_prefix("http://").ok_or_else(|| {
        bad(format!(
            "`{url}` must start with http:// (like http://127.0.0.1:8080); https is not supported"
        ))
    })?;
    let host = rest.trim_end_matches('/');
    if host.is_empty() || host.contains(['/', '?', '#', ' ']) {
        return Err(bad(format!(
            "`{url}` must be http://host:port with no path; requests go to /2.0/…"
        )));
    }
    let with_port = if host
        .rsplit_once(':')
        .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
    {
        host.to_owned()
    } else {
        format!("{host}:80")
    };
    let addr = with_port
        .to_socket_addrs()
        .map_err(|e| bad(format!("`{host}` does not resolve: {e}")))?
        .next()
        .ok_or_else(|| bad(format!("`{host}` has no address")))?;
    Ok((addr, host.to_owned()))
}

/// The two kinds of request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Find,
    Auto,
}

/// What a FindAddress body must hold to count as parsed.
#[derive(Deserialize)]
struct FindShape {
    result: ResultShape,
    #[allow(dead_code)]
    input: IgnoredAny,
    #[allow(dead_code)]
    links: IgnoredAny,
}

#[derive(Deserialize)]
struct ResultShape {
    code: u32,
}

/// What an autocomplete body must hold to count as parsed.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AutoShape {
    #[allow(dead_code)]
    options: Vec<IgnoredAny>,
    #[allow(dead_code)]
    total_options: u64,
    #[allow(dead_code)]
    input: IgnoredAny,
    #[allow(dead_code)]
    links: IgnoredAny,
}

/// Shared by the workers.
struct Shared {
    config: LoadConfig,
    find_requests: Vec<Vec<u8>>,
    auto_requests: Vec<Vec<u8>>,
    next: AtomicU64,
    stopping: AtomicBool,
    /// Set once the index file has been replaced; requests started after it count as "after".
    reloaded: AtomicBool,
}

impl Shared {
    /// The next request index, or `None` when the run is over.
    fn take(&self) -> Option<u64> {
        if self.stopping.load(Ordering::Relaxed) {
            return None;
        }
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        match self.config.stop {
            Stop::Requests(n) if i >= n => None,
            _ => Some(i),
        }
    }

    fn request(&self, i: u64) -> (Op, &[u8]) {
        let n = self.find_requests.len() as u64;
        let q = usize::try_from(i % n).unwrap_or(0);
        if i % 100 < u64::from(self.config.autocomplete_percent) {
            (Op::Auto, &self.auto_requests[q])
        } else {
            (Op::Find, &self.find_requests[q])
        }
    }
}

/// Runs the load and returns its report. Call inside a tokio runtime.
///
/// # Errors
/// A bad configuration (no queries, zero concurrency, a request count of zero); a reload whose
/// copy or rename fails is reported in [`LoadReport::reload`], not as an error.
pub async fn run(config: LoadConfig) -> Result<LoadReport> {
    if config.queries.is_empty() {
        return Err(Error::InvalidOption {
            option: "--queries",
            message: "no queries to send".into(),
        });
    }
    if config.concurrency == 0 || config.stop == Stop::Requests(0) {
        return Err(Error::InvalidOption {
            option: "--concurrency",
            message: "concurrency and --requests must be at least 1".into(),
        });
    }
    if config.autocomplete_percent > 100 {
        return Err(Error::InvalidOption {
            option: "--autocomplete-percent",
            message: "must be between 0 and 100".into(),
        });
    }
    let key = encode_component(&config.key);
    let target = |path: &str, text: &str| {
        client::get_request(
            &config.host,
            &format!("/2.0/{path}?key={key}&address={}", encode_component(text)),
        )
    };
    let find_requests = config
        .queries
        .iter()
        .map(|q| target("FindAddress", &q.text))
        .collect();
    let auto_requests = config
        .queries
        .iter()
        .map(|q| target("autocomplete", &q.text))
        .collect();
    let generation_before = health_generation(config.addr, &config.host).await;
    let shared = Arc::new(Shared {
        config,
        find_requests,
        auto_requests,
        next: AtomicU64::new(0),
        stopping: AtomicBool::new(false),
        reloaded: AtomicBool::new(false),
    });
    let start = Instant::now();
    let workers: Vec<_> = (0..shared.config.concurrency)
        .map(|_| tokio::spawn(worker(Arc::clone(&shared))))
        .collect();
    let reloader = shared
        .config
        .reload
        .clone()
        .map(|plan| tokio::spawn(reload(Arc::clone(&shared), plan, start, generation_before)));
    if let Stop::Duration(d) = shared.config.stop {
        tokio::time::sleep(d).await;
        shared.stopping.store(true, Ordering::Relaxed);
    }
    let mut phases = [Tally::default(), Tally::default()];
    for w in workers {
        if let Ok(done) = w.await {
            for (into, from) in phases.iter_mut().zip(done) {
                into.merge(from);
            }
        }
    }
    let elapsed = start.elapsed();
    shared.stopping.store(true, Ordering::Relaxed);
    let reload = match reloader {
        Some(r) => Some(r.await.unwrap_or_else(|e| ReloadOutcome {
            error: Some(format!("the reload task failed: {e}")),
            ..ReloadOutcome::default()
        })),
        None => None,
    };
    let generation_after = health_generation(shared.config.addr, &shared.config.host).await;
    Ok(LoadReport::new(
        phases,
        elapsed,
        shared.config.concurrency,
        reload,
        generation_before,
        generation_after,
    ))
}

/// One connection's loop; returns its tallies before and after the reload.
async fn worker(shared: Arc<Shared>) -> [Tally; 2] {
    let mut tallies = [Tally::default(), Tally::default()];
    let mut conn: Option<Connection> = None;
    while let Some(i) = shared.take() {
        let phase = usize::from(shared.reloaded.load(Ordering::Relaxed));
        let tally = &mut tallies[phase];
        tally.sent += 1;
        let (op, request) = shared.request(i);
        let c = match conn.as_mut() {
            Some(c) => c,
            None => match Connection::connect(shared.config.addr).await {
                Ok(c) => conn.insert(c),
                Err(e) => {
                    tally.note_connect_error(&e);
                    // Do not spin on a dead server.
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
        };
        let began = Instant::now();
        let outcome =
            tokio::time::timeout(shared.config.request_timeout, c.exchange(request)).await;
        let micros = u64::try_from(began.elapsed().as_micros()).unwrap_or(u64::MAX);
        match outcome {
            Err(_) => {
                tally.timeouts += 1;
                conn = None;
            }
            Ok(Err(e)) => {
                tally.note_io_error(&e);
                conn = None;
            }
            Ok(Ok(resp)) => {
                tally.record(resp.status, micros);
                if resp.status == 200 {
                    let parsed = match op {
                        Op::Find => serde_json::from_slice::<FindShape>(&c.body)
                            .map(|f| Some(f.result.code)),
                        Op::Auto => serde_json::from_slice::<AutoShape>(&c.body).map(|_| None),
                    };
                    match parsed {
                        Ok(Some(code)) => tally.note_find_code(code),
                        Ok(None) => tally.auto_ok += 1,
                        Err(e) => tally.note_bad_body(&e.to_string()),
                    }
                }
                if resp.close {
                    conn = None;
                }
            }
        }
    }
    tallies
}

/// Copies the new file beside the served one at once, renames it over the served one at
/// `plan.at`, then watches `/health` for the new generation.
async fn reload(
    shared: Arc<Shared>,
    plan: ReloadPlan,
    start: Instant,
    generation_before: Option<u64>,
) -> ReloadOutcome {
    let mut outcome = ReloadOutcome::default();
    let staged = {
        let plan = plan.clone();
        tokio::task::spawn_blocking(move || stage_file(&plan.source, &plan.target)).await
    };
    let tmp = match staged {
        Ok(Ok(tmp)) => tmp,
        Ok(Err(e)) => {
            outcome.error = Some(e.to_string());
            return outcome;
        }
        Err(e) => {
            outcome.error = Some(format!("the copy task failed: {e}"));
            return outcome;
        }
    };
    tokio::time::sleep_until((start + plan.at).into()).await;
    if let Err(e) = commit_file(&tmp, &plan.target) {
        outcome.error = Some(e.to_string());
        return outcome;
    }
    shared.reloaded.store(true, Ordering::Relaxed);
    outcome.swapped_at = Some(start.elapsed());
    // Watch for the server to pick it up (its poll interval, plus the load time), also after a
    // short run has ended: whether the reload took effect must not depend on the run's length.
    let mut deadline: Option<Instant> = None;
    loop {
        let now = health_generation(shared.config.addr, &shared.config.host).await;
        if now.is_some() && generation_before.is_some() && now > generation_before {
            outcome.effective_at = Some(start.elapsed());
            break;
        }
        if shared.stopping.load(Ordering::Relaxed) {
            let until = *deadline.get_or_insert_with(|| Instant::now() + RELOAD_GRACE);
            if Instant::now() >= until {
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    outcome
}

/// How long the reload watcher keeps waiting for the new generation once the run has ended.
const RELOAD_GRACE: Duration = Duration::from_secs(30);

/// Copies `source` to a temporary name beside `target`, then renames it over `target`.
///
/// # Errors
/// The copy or the rename fails (the temporary file is removed).
pub fn replace_file(source: &Path, target: &Path) -> Result<()> {
    let tmp = stage_file(source, target)?;
    commit_file(&tmp, target)
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> Error {
    let path = path.to_path_buf();
    move |source| Error::Io { path, source }
}

/// Copies `source` to a hidden temporary name in `target`'s directory (same file system, so
/// the rename is atomic); returns that name.
fn stage_file(source: &Path, target: &Path) -> Result<PathBuf> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "index".into());
    let tmp = target.with_file_name(format!(".{name}.load-{}.tmp", std::process::id()));
    if let Err(e) = std::fs::copy(source, &tmp) {
        let _ = std::fs::remove_file(&tmp);
        return Err(io_error(source)(e));
    }
    Ok(tmp)
}

/// Renames the staged copy over `target` (removing it if that fails).
fn commit_file(tmp: &Path, target: &Path) -> Result<()> {
    std::fs::rename(tmp, target).map_err(|e| {
        let _ = std::fs::remove_file(tmp);
        io_error(target)(e)
    })
}

/// `generation` from `/health`, or `None` if it cannot be read.
pub async fn health_generation(addr: SocketAddr, host: &str) -> Option<u64> {
    health(addr, host)
        .await
        .and_then(|v| v.get("generation").and_then(serde_json::Value::as_u64))
}

/// The `/health` body as JSON, or `None` if it cannot be read.
pub async fn health(addr: SocketAddr, host: &str) -> Option<serde_json::Value> {
    let mut c = Connection::connect(addr).await.ok()?;
    let req = client::get_request(host, "/health");
    let r = tokio::time::timeout(Duration::from_secs(10), c.exchange(&req))
        .await
        .ok()?
        .ok()?;
    if r.status != 200 {
        return None;
    }
    serde_json::from_slice(&c.body).ok()
}

/// The index file the server reports in `/health` (what `--reload` replaces by default).
pub async fn served_index(addr: SocketAddr, host: &str) -> Option<PathBuf> {
    health(addr, host)
        .await
        .and_then(|v| v.get("index").and_then(|i| i.as_str()).map(PathBuf::from))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        let (addr, host) = parse_url("http://127.0.0.1:8080/").unwrap();
        assert_eq!(
            (addr.to_string(), host.as_str()),
            ("127.0.0.1:8080".into(), "127.0.0.1:8080")
        );
        assert!(parse_url("https://127.0.0.1:8080").is_err());
        assert!(parse_url("http://127.0.0.1:8080/2.0/FindAddress").is_err());
        assert!(parse_url("127.0.0.1:8080").is_err());
    }

    #[test]
    fn replace_is_a_rename() {
        let dir = tempfile::tempdir().unwrap();
        let (src, dst) = (dir.path().join("new.idx"), dir.path().join("served.idx"));
        std::fs::write(&src, "new").unwrap();
        std::fs::write(&dst, "old").unwrap();
        replace_file(&src, &dst).unwrap();
        assert_eq!(std::fs::read_to_string(&dst).unwrap(), "new");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "no temporary file left: {names:?}");
        assert!(replace_file(&dir.path().join("missing"), &dst).is_err());
    }
}
