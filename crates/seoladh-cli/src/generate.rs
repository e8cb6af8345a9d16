//! `seoladh generate`: write a deterministic synthetic ECAD-layout dataset.

use indicatif::{ProgressBar, ProgressStyle};
use seoladh::raw::ecad::layout::write_dir;
use seoladh::{Error, Result};
use seoladh_synth::{default_reference_dir, generate_with_progress, GenerateOptions, Progress};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of `seoladh generate`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example:
  seoladh generate --out leitrim --addresses 5000 --counties LEITRIM --seed 2 --force

Without --addresses and --counties it generates the whole island at full scale (about 2.2
million address points, a few minutes on two cores).")]
pub struct GenerateArgs {
    /// Output directory (created; must be empty unless --force).
    #[arg(long)]
    pub out: PathBuf,
    /// Irish address points to generate.
    #[arg(long, default_value_t = 2_200_000)]
    pub addresses: usize,
    /// RNG seed: the same seed and options give byte-identical files.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Only these counties, comma-separated (e.g. DUBLIN,DONEGAL,LEITRIM).
    #[arg(long, value_delimiter = ',')]
    pub counties: Option<Vec<String>>,
    /// Northern Irish addresses (default: 2% of --addresses).
    #[arg(long)]
    pub ni_addresses: Option<usize>,
    /// British addresses (default: 2.5% of --addresses).
    #[arg(long)]
    pub gb_addresses: Option<usize>,
    /// Reference data directory (default: the crate's fixtures/reference).
    #[arg(long)]
    pub reference: Option<PathBuf>,
    /// Overwrite a non-empty output directory.
    #[arg(long)]
    pub force: bool,
}

/// The bar, and the current phase with its start (to print each phase's time when it ends).
struct Bar(ProgressBar, std::sync::Mutex<Option<(String, Instant)>>);

impl Bar {
    fn end_phase(&self) {
        if let Ok(mut cur) = self.1.lock() {
            if let Some((name, t)) = cur.take() {
                let line = format!("  {name}: {:.1}s", t.elapsed().as_secs_f64());
                if self.0.is_hidden() {
                    eprintln!("{line}");
                } else {
                    self.0.println(line);
                }
            }
        }
    }
}

impl Progress for Bar {
    fn phase(&self, name: &str, total: u64) {
        self.end_phase();
        if let Ok(mut cur) = self.1.lock() {
            *cur = Some((name.to_string(), Instant::now()));
        }
        self.0.set_position(0);
        self.0.set_length(total);
        self.0.set_message(name.to_string());
    }
    fn advance(&self, n: u64) {
        self.0.inc(n);
    }
}

fn is_non_empty_dir(dir: &Path) -> Result<bool> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => Ok(entries.next().is_some()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(source) => Err(Error::Io {
            path: dir.to_path_buf(),
            source,
        }),
    }
}

/// Runs the subcommand.
///
/// # Errors
/// [`Error::OutputNotEmpty`] without `--force`; generator and write errors otherwise.
pub fn run(args: GenerateArgs) -> Result<()> {
    if !args.force && is_non_empty_dir(&args.out)? {
        return Err(Error::OutputNotEmpty { path: args.out });
    }
    let opts = GenerateOptions {
        addresses: args.addresses,
        seed: args.seed,
        counties: args.counties,
        reference: args.reference.unwrap_or_else(default_reference_dir),
        ni_addresses: args.ni_addresses,
        gb_addresses: args.gb_addresses,
    };
    let start = Instant::now();
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg} {pos}/{len}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    let progress = Bar(bar, std::sync::Mutex::new(None));
    let ds = generate_with_progress(&opts, &progress)?;
    progress.phase("writing CSV files", 0);
    write_dir(&ds, &args.out)?;
    progress.end_phase();
    progress.0.finish_and_clear();
    let nua = ds.address_points.iter().filter(|p| p.nua).count();
    outln!(
        "generated {} address points ({} buildings, {:.1}% NUA), {} UK addresses, {} history rows in {} in {:.1}s (seed {})",
        ds.address_points.len(),
        ds.buildings.len(),
        100.0 * nua as f64 / ds.address_points.len().max(1) as f64,
        ds.uk_addresses.len(),
        ds.history.len(),
        args.out.display(),
        start.elapsed().as_secs_f64(),
        opts.seed
    );
    Ok(())
}
