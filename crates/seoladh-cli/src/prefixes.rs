//! `seoladh prefixes`: the prefix benchmark (`seoladh_eval::prefixes`). `make` samples the
//! prefixes and keystroke scripts of a dataset into a file; `run` answers that file with
//! Autocomplete on one thread and prints the report. The tantivy peer (`crates/seoladh-peer`)
//! answers the same file.

use std::io::Write;
use std::path::{Path, PathBuf};

use seoladh::raw::engine::Engine;
use seoladh::Error;
use seoladh_eval::prefix_report::{found, run, write_found_at};
use seoladh_eval::prefixes::{PrefixOptions, PrefixSet};

/// Arguments of `seoladh prefixes`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  seoladh prefixes make --data fixtures/data --out prefixes.tsv --addresses 40 --scripts 4
  seoladh prefixes run --index ie.idx --file prefixes.tsv")]
pub struct PrefixesArgs {
    #[command(subcommand)]
    command: PrefixesCommand,
}

#[derive(clap::Subcommand)]
enum PrefixesCommand {
    /// Sample prefixes and keystroke scripts from a dataset into a file.
    Make(MakeArgs),
    /// Answer a prefix file with Autocomplete and print the report.
    Run(RunArgs),
}

/// Arguments of `seoladh prefixes make`.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  seoladh prefixes make --data fixtures/data --out prefixes.tsv")]
struct MakeArgs {
    /// The ECAD-layout directory to sample.
    #[arg(long)]
    data: PathBuf,
    /// The prefix file to write.
    #[arg(long)]
    out: PathBuf,
    /// Addresses sampled (a quarter per kind: plain, lower, Irish, typo).
    #[arg(long, default_value_t = 800)]
    addresses: usize,
    /// Keystroke scripts per kind (plain, typo, Irish, Eircode).
    #[arg(long, default_value_t = 100)]
    scripts: usize,
    /// Seed.
    #[arg(long, default_value_t = seoladh_eval::DEFAULT_SEED)]
    seed: u64,
}

/// Arguments of `seoladh prefixes run`.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  seoladh prefixes run --index ie.idx --file prefixes.tsv")]
struct RunArgs {
    /// Index file built from the dataset the file was sampled from.
    #[arg(long)]
    index: PathBuf,
    /// The prefix file (`seoladh prefixes make`).
    #[arg(long)]
    file: PathBuf,
    /// Also write every prefix whose target is not in the top 5 as itself to this TSV (id,
    /// target, whether a group holds it, prefix, options shown as `id=display name`).
    #[arg(long)]
    failures: Option<PathBuf>,
    /// Also write, per keystroke script, the characters typed until its target was in the top
    /// 5 as itself to this TSV (script, kind, target, chars; empty when never).
    #[arg(long)]
    scripts: Option<PathBuf>,
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Runs `seoladh prefixes`.
pub fn run_command(args: &PrefixesArgs) -> Result<(), Error> {
    match &args.command {
        PrefixesCommand::Make(a) => make(a),
        PrefixesCommand::Run(a) => answer(a),
    }
}

fn make(args: &MakeArgs) -> Result<(), Error> {
    let (ds, report) = seoladh::raw::ecad::layout::read_dir(&args.data)?;
    if !report.issues.is_empty() {
        eprintln!("{report}");
    }
    let set = PrefixSet::generate(
        &ds,
        &PrefixOptions {
            addresses: args.addresses,
            scripts_per_kind: args.scripts,
            seed: args.seed,
        },
    );
    let file = std::fs::File::create(&args.out).map_err(io(&args.out))?;
    let mut out = std::io::BufWriter::new(file);
    set.write(&mut out).map_err(io(&args.out))?;
    out.flush().map_err(io(&args.out))?;
    eprintln!("{}", set.summary());
    Ok(())
}

/// Reads a prefix file.
fn read_set(path: &Path) -> Result<PrefixSet, Error> {
    let file = std::fs::File::open(path).map_err(io(path))?;
    PrefixSet::read(std::io::BufReader::new(file))
        .map_err(|e| io(path)(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

fn answer(args: &RunArgs) -> Result<(), Error> {
    let engine = Engine::open_resident(&args.index)?;
    let set = read_set(&args.file)?;
    let ctx = super::measure::links();
    let (report, answers) = run("seoladh", true, &set, |text| {
        super::measure::autocomplete(&engine, text, &ctx)
    });
    outln!("{}", report.to_markdown());
    if let Some(path) = &args.scripts {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path).map_err(io(path))?);
        write_found_at(&mut out, &set, &report).map_err(io(path))?;
    }
    if let Some(path) = &args.failures {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path).map_err(io(path))?);
        writeln!(out, "id\ttarget\tin_group\tprefix\toptions").map_err(io(path))?;
        for (c, ids) in set.cases.iter().zip(&answers) {
            let (itself, grouped) = found(c, ids);
            if itself {
                continue;
            }
            let shown: Vec<String> = super::measure::autocomplete_named(&engine, &c.text, &ctx)
                .into_iter()
                .map(|(id, name)| format!("{id}={name}"))
                .collect();
            writeln!(
                out,
                "{}\t{}\t{grouped}\t{}\t{}",
                c.id,
                c.target,
                c.text,
                shown.join(" | ")
            )
            .map_err(io(path))?;
        }
        out.flush().map_err(io(path))?;
    }
    Ok(())
}
