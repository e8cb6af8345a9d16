//! `seoladh batch`: Find Address over a CSV or JSON-lines file (the library's `seoladh::batch`),
//! with a progress bar, a summary of result codes, and resuming into an existing output file.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use seoladh::batch::{self, BatchOptions, Input, InputFormat, OutputFormat, Resume};
use seoladh::Error;

/// Output layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `{"id":…,"response":{…}}` per line.
    Jsonl,
    /// CSV with the `--columns` columns.
    Csv,
}

/// Flags of `seoladh batch`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  seoladh batch --input examples/addresses.csv --output answers.jsonl
  seoladh batch --index ie.idx --input examples/addresses.jsonl --output answers.csv --format csv \\
      --columns id,result,addressId,postcode,postalAddress

Input: CSV with a header holding `address` (and optionally id, eircode, language, country,
limit, addressProfileName), or JSON lines with the same keys. Re-running with the same --output
resumes after the last complete line (an output of another --format or --columns is refused). A
row longer than 1 MiB, a field longer than 64 KiB or an id longer than 256 bytes becomes an error
row.")]
pub struct BatchArgs {
    /// Index file; default: the bundled fixture index.
    #[arg(long)]
    index: Option<PathBuf>,
    /// CSV or JSON-lines input (detected by extension, else by the first byte).
    #[arg(long)]
    input: PathBuf,
    /// Output file; when it exists, rows already answered in it are skipped (resume). A pipe,
    /// terminal or device (`/dev/stdout`) is written as a stream, without resuming.
    #[arg(long)]
    output: PathBuf,
    /// Output layout.
    #[arg(long, value_enum, default_value_t = Format::Jsonl)]
    format: Format,
    /// CSV output columns: id, error, errorCode, or any FindAddress field.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "id,result,addressId,postcode,matchLevel,postalAddress,error"
    )]
    columns: Vec<String>,
    /// Base URL written into the response links.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    base_url: String,
    /// Licence key echoed in the responses.
    #[arg(long, default_value = "batch")]
    key: String,
    /// Rows answered per step (memory bound).
    #[arg(long, default_value_t = seoladh::limits::BATCH_CHUNK_ROWS)]
    chunk_rows: usize,
    /// Address profile for the rows without an `addressProfileName` of their own
    /// (`reformattedAddress` in every answer).
    #[arg(long)]
    profile: Option<String>,
    #[command(flatten)]
    profiles: super::profiles::ProfileArgs,
}

/// Counts bytes read, for the progress bar.
struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Runs `seoladh batch`.
pub fn run(args: &BatchArgs) -> Result<(), Error> {
    super::profiles::init_logging("warn");
    let engine = super::ops::open_engine_resident(args.index.as_deref())?
        .with_profiles(args.profiles.load()?);
    let io = |path: &PathBuf| {
        let path = path.clone();
        move |source| Error::Io { path, source }
    };
    let file = File::open(&args.input).map_err(io(&args.input))?;
    let size = file.metadata().map_or(0, |m| m.len());
    let read = Arc::new(AtomicU64::new(0));
    // The first byte is peeked, not read and rewound: the input may be a pipe (`/dev/stdin`).
    let mut reader = BufReader::new(Counting {
        inner: file,
        read: Arc::clone(&read),
    });
    let first_byte = reader.fill_buf().map_err(io(&args.input))?.first().copied();
    let format = InputFormat::detect(&args.input, first_byte);

    let output = match args.format {
        Format::Jsonl => OutputFormat::JsonLines,
        Format::Csv => OutputFormat::Csv(args.columns.clone()),
    };
    let done_lines = match batch::resume_point(&args.output, &output)? {
        Resume::Lines(n) => n,
        Resume::Stream => {
            eprintln!(
                "{} is not a regular file: writing a stream from the first row (no resuming)",
                args.output.display()
            );
            0
        }
    };
    let header = matches!(output, OutputFormat::Csv(_));
    let skip = if header {
        done_lines.saturating_sub(1)
    } else {
        done_lines
    };
    let out_file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.output)
        .map_err(io(&args.output))?;
    let mut out = BufWriter::new(out_file);
    if let (OutputFormat::Csv(columns), 0) = (&output, done_lines) {
        out.write_all(&batch::csv_header(columns))
            .map_err(io(&args.output))?;
    }
    if skip > 0 {
        eprintln!(
            "resuming: {} already holds {skip} answered rows; skipping them",
            args.output.display()
        );
    }

    let bar = ProgressBar::new(size);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{bar:30}] {bytes}/{total_bytes} {msg} {elapsed} eta {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let opts = BatchOptions {
        base_url: args.base_url.trim_end_matches('/').to_string(),
        key: args.key.clone(),
        chunk_rows: args.chunk_rows,
        output,
        profile: args.profile.clone(),
        output_name: args.output.clone(),
    };
    let started = std::time::Instant::now();
    let summary = batch::run(
        &engine,
        Input {
            reader,
            name: &args.input,
            format,
            skip,
        },
        &mut out,
        &opts,
        &mut |rows| {
            bar.set_position(read.load(Ordering::Relaxed));
            bar.set_message(format!("{rows} rows"));
        },
    )?;
    out.flush().map_err(io(&args.output))?;
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    eprintln!("{summary}");
    eprintln!(
        "wrote {} in {secs:.1}s ({:.0} rows/s)",
        args.output.display(),
        summary.rows as f64 / secs.max(1e-9)
    );
    Ok(())
}
