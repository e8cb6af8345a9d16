//! The `seoladh` command line: one file per subcommand.

/// `print!` for reports: a closed stdout (`seoladh stats | head`) drops the rest of the report
/// quietly, where `print!` panics ([`write_stdout`]).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::write_stdout(format_args!($($arg)*), false)
    };
}

/// `println!` for reports, as [`out!`].
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::write_stdout(format_args!($($arg)*), true)
    };
}

mod batch;
mod build;
mod columnar;
mod derive;
mod fixture;
mod generate;
mod load;
mod measure;
mod ops;
mod prefixes;
mod profiles;
mod roundtrip;
mod serve;
mod stats;
mod typed;

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
    /// Validate an ECAD-layout directory and print its statistics.
    Stats(stats::StatsArgs),
    /// Build an index file from an ECAD-layout directory.
    Build(build::BuildArgs),
    /// Check every byte of an index file.
    Verify(build::VerifyArgs),
    /// Derive the accuracy benchmark's queries (known answers) from an ECAD directory.
    DeriveQueries(derive::DeriveArgs),
    /// Serve the 2.0 API and the demo page.
    Serve(serve::ServeArgs),
    /// Load a running server with FindAddress/autocomplete requests (optionally hot-reloading).
    Load(load::LoadArgs),
    /// Find Address: print the JSON the server returns for an address or Eircode.
    Find(ops::FindArgs),
    /// Autocomplete: print the JSON the server returns for partial address text.
    Autocomplete(ops::AutocompleteArgs),
    /// Get ECAD Data: print the JSON the server returns for an ECAD id.
    Ecad(ops::EcadArgs),
    /// Find Address over every row of a CSV, JSON-lines or Parquet file (resumable).
    Batch(batch::BatchArgs),
    /// Accuracy benchmark: derived messy queries with known answers, per variation class.
    Accuracy(measure::AccuracyArgs),
    /// Whole-engine benchmark: latency of find (top 1) and auto (top 10) per query.
    Bench(measure::BenchArgs),
    /// Keystroke replay: autocomplete latency and effectiveness per typed character.
    Keystrokes(measure::KeystrokesArgs),
    /// Real typed addresses without known answers (a CSV column): result codes, and answers
    /// whose street and building share no word with the input.
    Typed(typed::TypedArgs),
    /// Prefix benchmark: sample typed prefixes of addresses into a file, or answer one.
    Prefixes(prefixes::PrefixesArgs),
    /// Every address point's own stored address through Find Address: does each find itself?
    Roundtrip(roundtrip::RoundTripArgs),
}

/// Parses the command line and runs the subcommand; errors are printed with their fix.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Generate(args) => generate::run(args),
        Command::Stats(args) => return stats::run(&args),
        Command::Build(args) => build::build(&args),
        Command::Verify(args) => build::verify(&args),
        Command::DeriveQueries(args) => return derive::run(&args),
        Command::Serve(args) => return serve::run(args),
        Command::Load(args) => return load::run(&args),
        Command::Find(args) => return ops::find(&args),
        Command::Autocomplete(args) => return ops::autocomplete(&args),
        Command::Ecad(args) => return ops::ecad(&args),
        Command::Batch(args) => batch::run(&args),
        Command::Accuracy(args) => measure::accuracy(&args),
        Command::Bench(args) => measure::bench(&args),
        Command::Keystrokes(args) => measure::keystrokes(&args),
        Command::Typed(args) => typed::run(&args),
        Command::Prefixes(args) => prefixes::run_command(&args),
        Command::Roundtrip(args) => roundtrip::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Writes `args` (and a newline) to stdout. When stdout is closed (the reader wanted no more)
/// the rest of the report is dropped and the command goes on: the files it writes are still
/// written. Any other write error ends the command with a message.
pub(crate) fn write_stdout(args: std::fmt::Arguments<'_>, newline: bool) {
    use std::io::Write;
    use std::sync::atomic::{AtomicBool, Ordering};
    static CLOSED: AtomicBool = AtomicBool::new(false);
    if CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let mut out = std::io::stdout().lock();
    let written = out
        .write_fmt(args)
        .and_then(|()| {
            if newline {
                out.write_all(b"\n")
            } else {
                Ok(())
            }
        })
        .and_then(|()| out.flush());
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            CLOSED.store(true, Ordering::Relaxed);
        }
        Err(e) => {
            eprintln!("error: cannot write to stdout: {e}");
            std::process::exit(1);
        }
    }
}

/// mimalloc: the generator, the address builder and the CSV writer allocate millions of small
/// strings; glibc malloc spent a third of a full `seoladh generate` in malloc/free.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    run()
}
