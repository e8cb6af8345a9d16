//! Subcommands of the `seoladh` binary, one file each.

mod derive;
mod generate;

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
    /// Generate a synthetic ECAD-layout dataset from the public reference data.
    Generate(generate::GenerateArgs),
    /// Serve the 2.0 API and the demo page.
    Serve,
    /// Derive the accuracy benchmark's queries (known answers) from an ECAD directory.
    DeriveQueries(derive::DeriveArgs),
}

/// Parses the command line and runs the subcommand; errors are printed with their fix.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Generate(args) => match generate::run(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("seoladh generate: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Serve => {
            eprintln!("seoladh serve: the HTTP server is not built yet");
            ExitCode::FAILURE
        }
        Command::DeriveQueries(args) => derive::run(&args),
    }
}
