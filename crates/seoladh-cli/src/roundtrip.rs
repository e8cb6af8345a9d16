//! `seoladh roundtrip`: every address point's own stored postal address through Find Address
//! (the library's `seoladh_eval::roundtrip`), with a progress bar and the report on stdout.

use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use seoladh::Error;
use seoladh_eval::roundtrip::{self, Expect, Lang, RoundTripOptions, Variant};

/// Languages to send.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Langs {
    /// `ADDR_LINE_*`.
    En,
    /// `IRISH_ADDR_LINE_*` with `language=ga`.
    Ga,
    /// Both, one after the other.
    Both,
}

/// Flags of `seoladh roundtrip`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  seoladh roundtrip
  seoladh roundtrip --index ie.idx --data fixtures/data --lang en --variant exact,lower \\
      --failures failures.tsv
  seoladh roundtrip --index ie.idx --data fixtures/data --lang en --retry failures.tsv

Variants: exact (the stored lines joined with \", \"), lower (lower case), nocomma (joined with
spaces), noisy (the county line dropped). Classes: unique (expects 100 with the point's id),
no-mail (200 with its id), nua (300 with the point among the options), shared (300 or 500
with the point among the options).")]
pub struct RoundTripArgs {
    /// Index file built from `--data`; default: the bundled fixture index.
    #[arg(long)]
    index: Option<PathBuf>,
    /// The ECAD-layout directory whose address points are sent; default: the bundled fixture
    /// data.
    #[arg(long)]
    data: Option<PathBuf>,
    /// Languages sent.
    #[arg(long, value_enum, default_value_t = Langs::Both)]
    lang: Langs,
    /// Variants sent, comma-separated: exact, lower, nocomma, noisy.
    #[arg(long, value_delimiter = ',', default_value = "exact")]
    variant: Vec<String>,
    /// Only every N-th address point (a quick sample; 1 = all).
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// Examples shown per failure group.
    #[arg(long, default_value_t = 3)]
    examples: usize,
    /// Failure groups shown per language and variant.
    #[arg(long, default_value_t = 25)]
    groups: usize,
    /// Also write every failure to this TSV.
    #[arg(long)]
    failures: Option<PathBuf>,
    /// Only the points of an earlier run's `--failures` TSV (to check a fix quickly).
    #[arg(long)]
    retry: Option<PathBuf>,
}

/// Runs `seoladh roundtrip`.
pub fn run(args: &RoundTripArgs) -> Result<(), Error> {
    let variants = args
        .variant
        .iter()
        .map(|v| {
            Variant::from_name(v.trim()).ok_or_else(|| Error::InvalidOption {
                option: "--variant",
                message: format!("`{v}` is not one of exact, lower, nocomma, noisy"),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let langs = match args.lang {
        Langs::En => vec![Lang::English],
        Langs::Ga => vec![Lang::Irish],
        Langs::Both => vec![Lang::English, Lang::Irish],
    };
    let opts = RoundTripOptions {
        langs,
        variants,
        every: args.every.max(1),
        examples: args.examples,
        keep_failures: args.failures.is_some(),
        only: args
            .retry
            .as_deref()
            .map(roundtrip::failed_points)
            .transpose()?,
    };
    let data = match &args.data {
        Some(d) => d.clone(),
        None => super::fixture::fixture_data(),
    };
    let engine = super::ops::open_engine_resident(args.index.as_deref())?;
    let started = Instant::now();
    let points = roundtrip::read_points(&data)?;
    eprintln!(
        "{} address points read in {:.1}s",
        points.len(),
        started.elapsed().as_secs_f64()
    );
    let bar = ProgressBar::new(roundtrip::query_count(&points, &opts));
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{bar:30}] {pos}/{len} queries {per_sec} {elapsed} eta {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let started = Instant::now();
    let report = roundtrip::run(&engine, &points, &opts, &|n| bar.inc(n));
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    outln!("{}", report.to_markdown(args.groups));
    if let Some(path) = &args.failures {
        std::fs::write(path, report.failures_tsv()).map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
    }
    let sent: u64 = report.scores.values().map(|s| s.n).sum();
    let unique = report.class_total(Expect::Unique);
    let nua = report.class_total(Expect::Nua);
    eprintln!(
        "{sent} queries in {secs:.1}s ({:.0}/s); unique {:.3}%, nua {:.3}%, confident wrong {}",
        sent as f64 / secs.max(1e-9),
        unique.rate() * 100.0,
        nua.rate() * 100.0,
        report.confident_wrong()
    );
    Ok(())
}
