//! `seoladh load`: a bounded load run against a running server (`seoladh_eval::load`),
//! optionally swapping the served index file mid-run; prints throughput, latency percentiles and
//! every kind of failure, and exits non-zero when any request failed.

use clap::Args;
use seoladh::Error;
use seoladh_eval::load::{self, LoadConfig, ReloadPlan, Stop};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Flags of `seoladh load`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  seoladh derive-queries --data fixtures/data --out q.tsv --n 20
  seoladh serve --index ie.idx &
  seoladh load --queries q.tsv --concurrency 16 --duration 3
  seoladh load --queries q.tsv --requests 2000 --autocomplete-percent 30
  seoladh build --data fixtures/data --out ie-new.idx
  seoladh load --queries q.tsv --duration 6 --reload ie-new.idx --reload-at 2

The query file is a TSV whose first column is an id and last column the address text (the
format of `seoladh derive-queries` and `seoladh bench`). --reload copies FILE beside the served
index (the path /health reports, or --served-index) and renames it over it, so the server
hot-reloads while the load runs; the report splits requests started before and after the swap.
Exit status 1 when any request failed (connection, I/O, timeout, non-200, unparsable body) or
a planned reload did not take effect.")]
pub struct LoadArgs {
    /// The server: http://host:port.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// Query TSV: first column id, last column text.
    #[arg(long)]
    queries: PathBuf,
    /// Keep-alive connections, each with one request in flight.
    #[arg(long, default_value_t = 8)]
    concurrency: usize,
    /// Run for this many seconds (default 10 when --requests is not given).
    #[arg(long, conflicts_with = "requests")]
    duration: Option<f64>,
    /// Send exactly this many requests.
    #[arg(long)]
    requests: Option<u64>,
    /// Licence key sent with every request.
    #[arg(long, default_value = "demo")]
    key: String,
    /// Percentage of requests sent to autocomplete instead of FindAddress.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=100))]
    autocomplete_percent: u8,
    /// Milliseconds a request may take before it counts as a timeout.
    #[arg(long, default_value_t = 30_000)]
    timeout_ms: u64,
    /// Index file to swap in during the run (hot reload).
    #[arg(long, requires = "reload_at")]
    reload: Option<PathBuf>,
    /// Seconds after the start at which to swap the index file.
    #[arg(long, requires = "reload")]
    reload_at: Option<f64>,
    /// The served index file to replace; default: the `index` of the server's /health.
    #[arg(long)]
    served_index: Option<PathBuf>,
    /// Client threads (the load generator shares the machine with the server).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Also write the report as JSON to this file.
    #[arg(long)]
    json: Option<PathBuf>,
}

fn seconds(option: &'static str, secs: f64) -> Result<Duration, Error> {
    Duration::try_from_secs_f64(secs).map_err(|_| Error::InvalidOption {
        option,
        message: format!("`{secs}` is not a number of seconds ≥ 0"),
    })
}

/// Runs `seoladh load`.
pub fn run(args: &LoadArgs) -> ExitCode {
    match run_inner(args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("seoladh load: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `Ok(false)` when the run had failures.
fn run_inner(args: &LoadArgs) -> Result<bool, Error> {
    let (addr, host) = load::parse_url(&args.url)?;
    let queries = seoladh_eval::tsv::read_query_texts(&args.queries)?;
    let stop = match (args.requests, args.duration) {
        (Some(n), _) => Stop::Requests(n),
        (None, secs) => Stop::Duration(seconds("--duration", secs.unwrap_or(10.0))?),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.threads.max(1))
        .enable_all()
        .build()
        .map_err(|source| Error::Io {
            path: PathBuf::from("<tokio runtime>"),
            source,
        })?;
    let report = runtime.block_on(async {
        let reload = match (&args.reload, args.reload_at) {
            (Some(source), Some(at)) => {
                let target = match &args.served_index {
                    Some(t) => t.clone(),
                    None => load::served_index(addr, &host).await.ok_or_else(|| {
                        Error::InvalidOption {
                            option: "--served-index",
                            message: format!(
                                "{} did not answer /health with the index path; pass --served-index",
                                args.url
                            ),
                        }
                    })?,
                };
                Some(ReloadPlan {
                    source: source.clone(),
                    target,
                    at: seconds("--reload-at", at)?,
                })
            }
            _ => None,
        };
        if let Some(plan) = &reload {
            eprintln!(
                "will replace {} with {} at {:.1}s",
                plan.target.display(),
                plan.source.display(),
                plan.at.as_secs_f64()
            );
        }
        load::run(LoadConfig {
            addr,
            host,
            key: args.key.clone(),
            queries,
            concurrency: args.concurrency,
            stop,
            autocomplete_percent: args.autocomplete_percent,
            request_timeout: Duration::from_millis(args.timeout_ms.max(1)),
            reload,
        })
        .await
    })?;
    out!("{report}");
    if let Some(path) = &args.json {
        let json = serde_json::to_vec_pretty(&report).map_err(|e| Error::InvalidOption {
            option: "--json",
            message: format!("the report could not be written as JSON: {e}"),
        })?;
        std::fs::write(path, json).map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
    }
    let reload_ok = match &report.reload {
        Some(r) => r.error.is_none() && r.effective_at.is_some(),
        None => true,
    };
    Ok(report.total.errors == 0 && reload_ok)
}
