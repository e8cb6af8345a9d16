//! `seoladh build` and `seoladh verify`: ECAD-layout directory → index file, and a full check of
//! an index file.

use std::path::PathBuf;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use seoladh::raw::index::{BuildProgress, Index, IndexBuilder};

/// Arguments of `seoladh build`.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  seoladh build --data fixtures/data --out ie.idx")]
pub struct BuildArgs {
    /// ECAD-layout directory (the CSV files of `seoladh generate` or a licensee's export).
    #[arg(long)]
    pub data: PathBuf,
    /// Index file to write (replaced atomically).
    #[arg(long)]
    pub out: PathBuf,
}

/// Arguments of `seoladh verify`.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  seoladh verify ie.idx")]
pub struct VerifyArgs {
    /// Index file to check.
    pub file: PathBuf,
}

/// indicatif bar behind the library's progress trait.
struct Bar(ProgressBar);

impl BuildProgress for Bar {
    fn phase(&self, name: &str, total: u64) {
        self.0.set_position(0);
        self.0.set_length(total);
        self.0.set_message(name.to_string());
    }

    fn advance(&self, n: u64) {
        self.0.inc(n);
    }
}

fn bar() -> ProgressBar {
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg:>16} [{bar:30}] {pos}/{len} {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar
}

/// Runs `seoladh build`.
pub fn build(args: &BuildArgs) -> Result<(), seoladh::Error> {
    let started = Instant::now();
    let progress = Bar(bar());
    progress.phase("reading", 0);
    let (dataset, report) = seoladh::raw::ecad::layout::read_dir_with(
        &args.data,
        &seoladh::raw::ecad::layout::ReadOptions::for_index(),
    )?;
    progress.0.suspend(|| eprintln!("{report}"));
    let built = IndexBuilder::new().build(&dataset, &progress)?;
    drop(dataset);
    progress.phase("writing", 0);
    let bytes = built.write_file(&args.out)?;
    progress.0.finish_and_clear();
    let c = &built.meta.counts;
    let per_ap = |b: u64| b as f64 / c.address_points.max(1) as f64;
    outln!(
        "wrote {} ({bytes} bytes) in {:.1}s: {} address points, {} buildings, {} places, {} elements, {} terms",
        args.out.display(),
        started.elapsed().as_secs_f64(),
        c.address_points,
        c.buildings,
        c.places,
        c.elements,
        c.terms
    );
    outln!(
        "bytes per address point: {:.1} in all, {:.1} search structures, {:.1} record store",
        per_ap(bytes),
        per_ap(built.search_bytes),
        per_ap(built.store_bytes)
    );
    Ok(())
}

/// Runs `seoladh verify`.
pub fn verify(args: &VerifyArgs) -> Result<(), seoladh::Error> {
    let started = Instant::now();
    let index = Index::open(&args.file)?;
    let opened = started.elapsed();
    let report = index.verify()?;
    outln!(
        "{}: OK (opened in {:.1} ms, verified in {:.0} ms, {} records)",
        args.file.display(),
        opened.as_secs_f64() * 1e3,
        started.elapsed().as_secs_f64() * 1e3,
        report.records
    );
    outln!("{:<24} {:>14} {:>12}  kind", "section", "bytes", "items");
    for s in &report.sections {
        outln!(
            "{:<24} {:>14} {:>12}  {}",
            s.name,
            s.bytes,
            s.items,
            if s.store { "store" } else { "search" }
        );
    }
    Ok(())
}
