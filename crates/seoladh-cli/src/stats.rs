//! `seoladh stats DIR`: read and validate an ECAD-layout directory, print its statistics.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use seoladh::raw::ecad::{layout, stats};

/// Arguments of `seoladh stats`.
#[derive(Args)]
#[command(after_help = "Examples:
  seoladh stats fixtures/data
  seoladh stats --json fixtures/data")]
pub struct StatsArgs {
    /// ECAD-layout directory (the output of `seoladh generate` or a licensee's export).
    pub dir: PathBuf,
    /// Print the statistics as JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Reads `dir` (the validation report goes to stderr), prints the statistics to stdout.
pub fn run(args: &StatsArgs) -> ExitCode {
    let (ds, report) = match layout::read_dir(&args.dir) {
        Ok(read) => read,
        Err(e) => {
            eprintln!("seoladh stats: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprint!("{report}");
    let stats = stats::compute(&ds);
    if args.json {
        match serde_json::to_string_pretty(&stats) {
            Ok(json) => outln!("{json}"),
            Err(e) => {
                eprintln!("seoladh stats: cannot encode JSON: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        out!("{stats}");
    }
    ExitCode::SUCCESS
}
