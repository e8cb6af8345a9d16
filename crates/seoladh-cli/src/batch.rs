//! `seoladh batch`: Find Address over a CSV, JSON-lines or Parquet file (the library's
//! `seoladh::batch`), with a progress bar, a summary of result codes, and resuming into an
//! existing JSON-lines or CSV output.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use seoladh::batch::{self, BatchOptions, InputFormat, Output, OutputFormat, Resume, Rows, Source};
use seoladh::{Country, Error, Language, QueryOptions};

use crate::columnar::{self, IdType};

/// Output layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `{"id":…,"response":{…}}` per line.
    Jsonl,
    /// CSV with the `--columns` columns.
    Csv,
    /// Parquet with flat answer columns (id, result_code, result, address_id, postcode,
    /// match_level, postal_address, …); written whole, not resumable.
    Parquet,
}

impl Format {
    /// By the output's extension: `.csv`, `.parquet`/`.pq`, else JSON lines.
    fn of(path: &Path) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("csv") => Format::Csv,
            _ if columnar::is_parquet(path) => Format::Parquet,
            _ => Format::Jsonl,
        }
    }
}

/// `--language` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum LanguageArg {
    /// English.
    En,
    /// Irish.
    Ga,
}

/// `--country` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CountryArg {
    /// Ireland.
    Ie,
    /// Northern Ireland.
    Ni,
    /// Great Britain.
    Gb,
}

/// Flags of `seoladh batch`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  seoladh batch --input examples/addresses.csv --output answers.jsonl
  seoladh batch --index ie.idx --input examples/addresses.jsonl --output answers.csv --format csv \\
      --columns id,result,addressId,postcode,postalAddress
  seoladh batch --index ie.idx --input examples/addresses.csv --output answers.parquet

Input: CSV with a header holding `address` (and optionally id, eircode, language, country,
limit, addressProfileName), JSON lines with the same keys, or Parquet with the same columns
(strings or integers). Re-running with the same JSON-lines or CSV --output resumes after the
last complete line (an output of another --format or --columns is refused). A row longer than
1 MiB, a field longer than 64 KiB or an id longer than 256 bytes becomes an error row.")]
pub struct BatchArgs {
    /// Index file; default: the bundled fixture index.
    #[arg(long)]
    index: Option<PathBuf>,
    /// CSV, JSON-lines or Parquet input (by extension, else `{` as the first byte means JSON
    /// lines); CSV and JSON lines may come from a pipe (`/dev/stdin`).
    #[arg(long)]
    input: PathBuf,
    /// Output file; when a JSON-lines or CSV output exists, rows already answered in it are
    /// skipped (resume). A pipe, terminal or device (`/dev/stdout`) is written as a stream,
    /// without resuming (JSON lines and CSV only).
    #[arg(long)]
    output: PathBuf,
    /// Output layout; default: by the output's extension (.csv, .parquet), else JSON lines.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Language of rows without a `language`.
    #[arg(long, value_enum, default_value_t = LanguageArg::En)]
    language: LanguageArg,
    /// Address set of rows without a `country`.
    #[arg(long, value_enum, default_value_t = CountryArg::Ie)]
    country: CountryArg,
    /// Option bound of rows without a `limit` (-1: no fixed bound).
    #[arg(long, default_value_t = -1, allow_negative_numbers = true)]
    limit: i32,
    /// Address profile for the rows without an `addressProfileName` of their own
    /// (`reformattedAddress` in every answer).
    #[arg(long)]
    profile: Option<String>,
    #[command(flatten)]
    profiles: super::profiles::ProfileArgs,
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
    let format = args.format.unwrap_or_else(|| Format::of(&args.output));
    let output = match format {
        Format::Csv => OutputFormat::Csv(args.columns.clone()),
        Format::Jsonl | Format::Parquet => OutputFormat::JsonLines,
    };
    let opts = BatchOptions {
        base_url: args.base_url.trim_end_matches('/').to_string(),
        key: args.key.clone(),
        chunk_rows: args.chunk_rows,
        output,
        query: query_options(args),
        output_name: args.output.clone(),
    };
    let (rows, id_type, size, read) = open_input(args)?;
    let bar = progress_bar(size);
    let mut progress = |rows: u64| {
        bar.set_position(read.load(Ordering::Relaxed));
        bar.set_message(format!("{rows} rows"));
    };
    let started = std::time::Instant::now();
    let summary = if format == Format::Parquet {
        let mut writer = columnar::Writer::create(&args.output, id_type)?;
        let source = Source {
            rows,
            name: &args.input,
            skip: 0,
        };
        let mut sink = |answers| writer.write(answers);
        match batch::run_rows(
            &engine,
            source,
            Output::Flat(&mut sink),
            &opts,
            &mut progress,
        ) {
            Ok(summary) => {
                writer.finish()?;
                summary
            }
            Err(e) => {
                writer.abandon();
                return Err(e);
            }
        }
    } else {
        run_lines(&engine, args, rows, &opts, &mut progress)?
    };
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

/// The options of rows without their own.
fn query_options(args: &BatchArgs) -> QueryOptions {
    let mut q = QueryOptions::default()
        .language(match args.language {
            LanguageArg::En => Language::English,
            LanguageArg::Ga => Language::Irish,
        })
        .country(match args.country {
            CountryArg::Ie => Country::Ie,
            CountryArg::Ni => Country::Ni,
            CountryArg::Gb => Country::Gb,
        })
        .limit(args.limit);
    if let Some(p) = &args.profile {
        q = q.address_profile(p.clone());
    }
    q
}

/// The input's rows, the type of a Parquet output's `id` column, the input's size and the
/// bytes read so far (for the progress bar).
fn open_input(args: &BatchArgs) -> Result<(Rows<'static>, IdType, u64, Arc<AtomicU64>), Error> {
    let io = |path: &PathBuf| {
        let path = path.clone();
        move |source| Error::Io { path, source }
    };
    let read = Arc::new(AtomicU64::new(0));
    if columnar::is_parquet(&args.input) {
        let (rows, id_type) = columnar::read(&args.input, args.chunk_rows)?;
        // Parquet is read a record batch at a time: the bar shows rows, not bytes.
        return Ok((rows, id_type, 0, read));
    }
    let file = File::open(&args.input).map_err(io(&args.input))?;
    let size = file.metadata().map_or(0, |m| m.len());
    // The first byte is peeked, not read and rewound: the input may be a pipe (`/dev/stdin`).
    let mut reader = BufReader::new(Counting {
        inner: file,
        read: Arc::clone(&read),
    });
    let first_byte = reader.fill_buf().map_err(io(&args.input))?.first().copied();
    let format = InputFormat::detect(&args.input, first_byte);
    let rows = Rows::text(reader, format, &args.input)?;
    Ok((rows, IdType::Text, size, read))
}

/// Answers into a JSON-lines or CSV output, resuming after the rows it already holds.
fn run_lines(
    engine: &seoladh::Engine,
    args: &BatchArgs,
    rows: Rows<'_>,
    opts: &BatchOptions,
    progress: &mut dyn FnMut(u64),
) -> Result<batch::BatchSummary, Error> {
    let io = |path: &PathBuf| {
        let path = path.clone();
        move |source| Error::Io { path, source }
    };
    let done_lines = match batch::resume_point(&args.output, &opts.output)? {
        Resume::Lines(n) => n,
        Resume::Stream => {
            eprintln!(
                "{} is not a regular file: writing a stream from the first row (no resuming)",
                args.output.display()
            );
            0
        }
    };
    let header = matches!(opts.output, OutputFormat::Csv(_));
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
    if let (OutputFormat::Csv(columns), 0) = (&opts.output, done_lines) {
        out.write_all(&batch::csv_header(columns))
            .map_err(io(&args.output))?;
    }
    if skip > 0 {
        eprintln!(
            "resuming: {} already holds {skip} answered rows; skipping them",
            args.output.display()
        );
    }
    let source = Source {
        rows,
        name: &args.input,
        skip,
    };
    let summary = batch::run_rows(engine, source, Output::Lines(&mut out), opts, progress)?;
    out.flush().map_err(io(&args.output))?;
    Ok(summary)
}

fn progress_bar(size: u64) -> ProgressBar {
    let bar = ProgressBar::new(size);
    let template = if size > 0 {
        "{spinner} [{bar:30}] {bytes}/{total_bytes} {msg} {elapsed} eta {eta}"
    } else {
        "{spinner} {msg} {elapsed}"
    };
    bar.set_style(
        ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar
}
