//! `seoladh derive-queries`: writes the accuracy benchmark's queries as TSV.

use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use seoladh::ecad::layout::read_dir;
use seoladh::{Error, Result};
use seoladh_eval::queries::{derive, DeriveOptions};
use seoladh_eval::tsv::write_queries;
use seoladh_eval::QueryClass;

/// Arguments of `derive-queries`.
#[derive(Args)]
#[command(after_help = "Examples:
  seoladh derive-queries --data fixtures/data --out q.tsv --n 20
  seoladh derive-queries --data fixtures/data --out nua.tsv --n 50 --classes clean,nua")]
pub struct DeriveArgs {
    /// ECAD-layout directory to sample addresses from.
    #[arg(long, value_name = "DIR")]
    data: PathBuf,
    /// Where to write the queries (TSV: qid, class, expected_id, expected_results, text).
    #[arg(long, value_name = "Q.tsv")]
    out: PathBuf,
    /// Queries per class (fewer when the data has fewer eligible addresses).
    #[arg(long, default_value_t = DeriveOptions::default().per_class)]
    n: usize,
    /// Seed of every random choice: same data and seed, same file.
    #[arg(long, default_value_t = DeriveOptions::default().seed)]
    seed: u64,
    /// Only these classes, comma-separated (`clean,typo,nua`); all by default.
    #[arg(long, value_delimiter = ',', value_parser = parse_class)]
    classes: Vec<QueryClass>,
}

fn parse_class(s: &str) -> std::result::Result<QueryClass, String> {
    QueryClass::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = QueryClass::ALL.iter().map(|c| c.name()).collect();
        format!("unknown class {s:?}; expected one of {}", names.join(", "))
    })
}

/// Runs the subcommand.
pub fn run(args: &DeriveArgs) -> ExitCode {
    match derive_queries(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("seoladh derive-queries: {e}");
            ExitCode::FAILURE
        }
    }
}

fn derive_queries(args: &DeriveArgs) -> Result<()> {
    let (ds, report) = read_dir(&args.data)?;
    if report.skipped() > 0 {
        eprintln!(
            "{}: {} rows skipped by the validating reader (see `seoladh ecad`), sampling the rest",
            args.data.display(),
            report.skipped()
        );
    }
    let opts = DeriveOptions {
        per_class: args.n,
        seed: args.seed,
        classes: if args.classes.is_empty() {
            QueryClass::ALL.to_vec()
        } else {
            args.classes.clone()
        },
    };
    let queries = derive(&ds, &opts);
    let file = File::create(&args.out).map_err(|source| Error::Io {
        path: args.out.clone(),
        source,
    })?;
    write_queries(&mut BufWriter::new(file), &queries, &args.out)?;
    for class in &opts.classes {
        let n = queries.iter().filter(|q| q.class == *class).count();
        let note = if n < opts.per_class {
            " (fewer eligible addresses in the data)"
        } else {
            ""
        };
        eprintln!("{:>18} {n:>6}{note}", class.name());
    }
    eprintln!("wrote {} queries to {}", queries.len(), args.out.display());
    Ok(())
}
