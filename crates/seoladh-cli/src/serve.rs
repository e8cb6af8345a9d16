//! `seoladh serve`: the 2.0 HTTP API and the demo page over an index file.

use clap::Args;

use seoladh_server::{self as server, ServerConfig};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Flags of `seoladh serve`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  seoladh serve
  seoladh serve --index ie.idx --keys examples/keys.txt --base-url https://api.example.ie
  seoladh serve --profiles examples/profiles.toml --unknown-profile error

--control-assets DIR serves your licensed copy of the address control's files.")]
pub struct ServeArgs {
    /// Index file built with `seoladh build`; reloaded on SIGHUP or when it changes. Default: the
    /// bundled fixture index (built from `fixtures/data/` into the cache on first start).
    #[arg(long)]
    index: Option<PathBuf>,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Licence keys, one per line (`#` comments); without it only the key `demo` works.
    #[arg(long)]
    keys: Option<PathBuf>,
    /// Absolute base URL for links (e.g. behind a proxy); default: http:// + the Host header.
    #[arg(long)]
    base_url: Option<String>,
    /// Requests per second allowed per key (429 above it); default: no limit.
    #[arg(long)]
    rate_limit: Option<u32>,
    /// Time the engine gets per request, in milliseconds.
    #[arg(long, default_value_t = seoladh::limits::DEFAULT_REQUEST_TIMEOUT_MS)]
    timeout_ms: u64,
    #[command(flatten)]
    profiles: super::profiles::ProfileArgs,
    /// A directory holding your copy of the address control's files (`js/…`, `css/…`), served
    /// at `/control/…` and `/2.0/control/…`; seoladh does not ship the control.
    #[arg(long, value_name = "DIR")]
    control_assets: Option<PathBuf>,
    /// Time a connection gets to send a whole request head, in milliseconds, counted from its
    /// opening or its previous response (also the idle keep-alive timeout).
    #[arg(long, default_value_t = seoladh::limits::DEFAULT_HEADER_TIMEOUT_MS)]
    header_timeout_ms: u64,
    /// Most connections served at once (lowered to fit the open-file limit); more get 503.
    #[arg(long, default_value_t = seoladh::limits::DEFAULT_MAX_CONNECTIONS)]
    max_connections: usize,
}

/// Runs the server until SIGINT/SIGTERM.
pub fn run(args: ServeArgs) -> ExitCode {
    let index = match super::fixture::index_path(args.index.as_deref()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("seoladh serve: {e}");
            return ExitCode::FAILURE;
        }
    };
    if args.index.is_none() {
        eprintln!(
            "seoladh serve: serving the bundled fixture index {}",
            index.display()
        );
    }
    let loader =
        seoladh_server::engine_loader_with(args.profiles.profiles.clone(), args.profiles.policy());
    crate::profiles::init_logging("info");
    let mut config = ServerConfig::new(index);
    config.listen = args.listen;
    config.keys = args.keys;
    config.base_url = args.base_url.map(|b| b.trim_end_matches('/').to_owned());
    config.rate_limit = args.rate_limit;
    config.timeout = Duration::from_millis(args.timeout_ms);
    config.control_assets = args.control_assets;
    config.header_timeout = Duration::from_millis(args.header_timeout_ms);
    config.max_connections = args.max_connections;
    match server::serve(config, loader) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("seoladh serve: {e}");
            ExitCode::FAILURE
        }
    }
}
