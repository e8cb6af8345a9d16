//! Subcommands of the `seoladh` binary, one file each.

#[cfg(feature = "server")]
mod serve;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// seoladh: Irish, Northern Irish and British address lookup (Autoaddress 2.0 compatible).
#[derive(Parser)]
#[command(name = "seoladh", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the 2.0 API and the demo page.
    #[cfg(feature = "server")]
    Serve(serve::ServeArgs),
}

/// Parses the command line and runs the subcommand; errors are printed with their fix.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        #[cfg(feature = "server")]
        Command::Serve(args) => serve::run(args),
    }
}
