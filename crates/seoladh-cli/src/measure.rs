//! `seoladh accuracy`, `seoladh bench` and `seoladh keystrokes`: the engine measured against
//! queries with known answers, whole-engine latency, and per-keystroke autocomplete.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;
use seoladh::raw::engine::Engine;
use seoladh::wire::{
    AutocompleteRequest, Country, Engine as _, FindAddressRequest, LinkContext, WireEnum,
};
use seoladh::Error;
use seoladh_eval::keystrokes::{
    early_keystroke, first_found, rank, rank_drops, scripts, Keystroke, KeystrokeOptions,
    KeystrokeReport, KeystrokeScript, EARLY_TOKENS,
};
use seoladh_eval::queries::{derive, DeriveOptions};
use seoladh_eval::report::{AccuracyReport, Outcome};
use seoladh_eval::TestQuery;

/// Arguments of `seoladh accuracy`.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  seoladh accuracy --index ie.idx --data fixtures/data --n 20")]
pub struct AccuracyArgs {
    /// Index file built from `--data`.
    #[arg(long)]
    pub index: PathBuf,
    /// The ECAD-layout directory the queries are derived from.
    #[arg(long)]
    pub data: PathBuf,
    /// Queries per class.
    #[arg(long, default_value_t = 500)]
    pub n: usize,
    /// Seed of the query derivation.
    #[arg(long, default_value_t = seoladh_eval::DEFAULT_SEED)]
    pub seed: u64,
    /// Also write the queries answered wrongly to this TSV (id, class, expected, result, got, text).
    #[arg(long)]
    pub failures: Option<PathBuf>,
    /// Only these classes, comma-separated (`absent,wrong_county`); all by default.
    #[arg(long, value_delimiter = ',', value_parser = crate::derive::parse_class)]
    pub classes: Vec<seoladh_eval::QueryClass>,
}

/// Arguments of `seoladh bench`.
#[derive(clap::Args)]
#[command(
    after_help = "Example:\n  seoladh derive-queries --data fixtures/data --out q.tsv --n 20\n  seoladh bench --index ie.idx --queries q.tsv --out r.tsv"
)]
pub struct BenchArgs {
    /// Index file.
    #[arg(long)]
    pub index: PathBuf,
    /// TSV: first column a query id, last column the query text (a header line is skipped).
    #[arg(long)]
    pub queries: PathBuf,
    /// Output TSV: `qid<TAB>mode<TAB>micros<TAB>ids`.
    #[arg(long)]
    pub out: PathBuf,
}

/// Arguments of `seoladh keystrokes`.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  seoladh keystrokes --index ie.idx --data fixtures/data --n 10")]
pub struct KeystrokesArgs {
    /// Index file built from `--data`.
    #[arg(long)]
    pub index: PathBuf,
    /// The ECAD-layout directory the scripts are sampled from.
    #[arg(long)]
    pub data: PathBuf,
    /// Scripts per kind (plain, typo, Irish, Eircode).
    #[arg(long, default_value_t = 100)]
    pub n: usize,
    /// Seed.
    #[arg(long, default_value_t = seoladh_eval::DEFAULT_SEED)]
    pub seed: u64,
    /// Also write the scripts not found within the first 3 tokens, and those whose rank dropped,
    /// to this TSV (id, kind, target, addresses sharing the first 3 words, tokens to find, what,
    /// prefix, rank, options shown).
    #[arg(long)]
    pub failures: Option<PathBuf>,
    /// Replays of every script: each keystroke's latency is the median of its replays, so a
    /// stall of the machine during one of them does not count as the engine's (the slowest
    /// single timing is reported too).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u16).range(1..))]
    pub repeat: u16,
}

pub(crate) fn links() -> LinkContext {
    LinkContext::new("http://127.0.0.1:8080", "bench", None)
}

fn find(engine: &Engine, text: &str, country: Country, ctx: &LinkContext) -> Outcome {
    let req = FindAddressRequest {
        key: "bench".into(),
        address: text.to_string(),
        options: seoladh::QueryOptions::default().country(country),
        ..FindAddressRequest::default()
    };
    match engine.find_address(&req, ctx) {
        Ok(r) => Outcome {
            result: r.result.code() as u16,
            address_id: r.address_id,
            option_ids: r.options.iter().filter_map(|o| o.address_id).collect(),
            postcode: r.postcode.is_some(),
        },
        Err(_) => Outcome::default(),
    }
}

pub(crate) fn autocomplete(engine: &Engine, text: &str, ctx: &LinkContext) -> Vec<u64> {
    autocomplete_named(engine, text, ctx)
        .into_iter()
        .map(|(id, _)| id)
        .collect()
}

/// The options' ids and display names (a grouped option's id is its group's).
pub(crate) fn autocomplete_named(
    engine: &Engine,
    text: &str,
    ctx: &LinkContext,
) -> Vec<(u64, String)> {
    let req = AutocompleteRequest {
        key: "bench".into(),
        address: text.to_string(),
        ..AutocompleteRequest::default()
    };
    seoladh::wire::Engine::autocomplete(engine, &req, ctx)
        .map(|r| {
            r.options
                .iter()
                .filter_map(|o| Some((o.address_id?, o.display_name.clone())))
                .collect()
        })
        .unwrap_or_default()
}

fn country(code: &str) -> Country {
    match code {
        "ni" => Country::Ni,
        "gb" => Country::Gb,
        _ => Country::Ie,
    }
}

fn read_data(dir: &Path) -> Result<seoladh::raw::ecad::Dataset, Error> {
    let (ds, report) = seoladh::raw::ecad::layout::read_dir(dir)?;
    if !report.issues.is_empty() {
        eprintln!("{report}");
    }
    Ok(ds)
}

/// Runs `seoladh accuracy`: derives queries, answers them on all cores, prints the report.
pub fn accuracy(args: &AccuracyArgs) -> Result<(), Error> {
    let engine = Engine::open_resident(&args.index)?;
    let ds = read_data(&args.data)?;
    let queries: Vec<TestQuery> = derive(
        &ds,
        &DeriveOptions {
            per_class: args.n,
            seed: args.seed,
            classes: if args.classes.is_empty() {
                seoladh_eval::QueryClass::ALL.to_vec()
            } else {
                args.classes.clone()
            },
        },
    );
    drop(ds);
    let ctx = links();
    let started = Instant::now();
    let outcomes: Vec<Outcome> = queries
        .par_iter()
        .map(|q| find(&engine, &q.text, country(&q.country), &ctx))
        .collect();
    let report = AccuracyReport::compute(queries.iter().zip(&outcomes));
    outln!("{}", report.to_markdown());
    if let Some(path) = &args.failures {
        let io = |source| Error::Io {
            path: path.clone(),
            source,
        };
        let mut out = std::io::BufWriter::new(std::fs::File::create(path).map_err(io)?);
        for (q, o) in queries.iter().zip(&outcomes) {
            if !seoladh_eval::report::is_right(q, o) {
                let id = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
                writeln!(
                    out,
                    "{}\t{}\t{}\t{}\t{}\t{}",
                    q.id,
                    q.class.name(),
                    id(q.expected_id),
                    o.result,
                    id(o.address_id),
                    q.text
                )
                .map_err(io)?;
            }
        }
        out.flush().map_err(io)?;
    }
    eprintln!(
        "{} queries in {:.1}s",
        queries.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Runs `seoladh bench`: every query as `find` (top 1) and `auto` (top 10), single thread, after
/// a warm-up pass; writes one line per query and mode and prints median, p90, p99 and QPS; then
/// Find Address throughput on every core.
pub fn bench(args: &BenchArgs) -> Result<(), Error> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| Error::Io { path, source }
    };
    let engine = Engine::open_resident(&args.index)?;
    let queries: Vec<(String, String)> = seoladh_eval::tsv::read_query_texts(&args.queries)?
        .into_iter()
        .map(|q| (q.id, q.text))
        .collect();
    let ctx = links();
    for (_, q) in &queries {
        let _ = find(&engine, q, Country::Ie, &ctx);
        let _ = autocomplete(&engine, q, &ctx);
    }
    let out = std::fs::File::create(&args.out).map_err(io(&args.out))?;
    let mut out = std::io::BufWriter::new(out);
    for mode in ["find", "auto"] {
        let mut micros = Vec::with_capacity(queries.len());
        let started = Instant::now();
        for (qid, q) in &queries {
            let t = Instant::now();
            let ids: Vec<u64> = if mode == "find" {
                let o = find(&engine, q, Country::Ie, &ctx);
                o.address_id.into_iter().collect()
            } else {
                autocomplete(&engine, q, &ctx)
            };
            let us = t.elapsed().as_micros() as u64;
            micros.push(us);
            let ids: Vec<String> = ids.iter().map(u64::to_string).collect();
            writeln!(out, "{qid}\t{mode}\t{us}\t{}", ids.join(",")).map_err(io(&args.out))?;
        }
        let total = started.elapsed().as_secs_f64();
        micros.sort_unstable();
        outln!(
            "{mode}: {} queries, median {} µs, p90 {} µs, p99 {} µs, max {} µs, {:.0} QPS",
            micros.len(),
            percentile(&micros, 0.5),
            percentile(&micros, 0.9),
            percentile(&micros, 0.99),
            micros.last().copied().unwrap_or(0),
            micros.len() as f64 / total.max(f64::EPSILON)
        );
    }
    out.flush().map_err(io(&args.out))?;
    // Find through the library on every core (rayon): the batch figure without CSV and JSON.
    use rayon::prelude::*;
    let mut rates: Vec<f64> = (0..3)
        .map(|_| {
            let started = Instant::now();
            let answered: usize = queries
                .par_iter()
                .map(|(_, q)| usize::from(find(&engine, q, Country::Ie, &ctx).address_id.is_some()))
                .sum();
            std::hint::black_box(answered);
            queries.len() as f64 / started.elapsed().as_secs_f64().max(f64::EPSILON)
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    outln!(
        "find, all cores ({} threads): {} queries, median of 3 passes {:.0} QPS",
        rayon::current_num_threads(),
        queries.len(),
        rates[1]
    );
    Ok(())
}

/// Runs `seoladh keystrokes`: types sampled addresses one character at a time.
pub fn keystrokes(args: &KeystrokesArgs) -> Result<(), Error> {
    let engine = Engine::open_resident(&args.index)?;
    let ds = read_data(&args.data)?;
    let scripts = scripts(
        &ds,
        &KeystrokeOptions {
            per_kind: args.n,
            seed: args.seed,
        },
    );
    drop(ds);
    let ctx = links();
    // Warm up on the first script.
    if let Some(s) = scripts.first() {
        for p in &s.prefixes {
            let _ = autocomplete(&engine, p, &ctx);
        }
    }
    // Every replay types all scripts in order, as a user would; answers come from the first.
    let mut timings: Vec<Vec<Vec<u64>>> = scripts
        .iter()
        .map(|s| vec![Vec::with_capacity(usize::from(args.repeat)); s.prefixes.len()])
        .collect();
    let mut runs: Vec<Vec<Keystroke>> = Vec::with_capacity(scripts.len());
    let mut differed = 0usize;
    for replay in 0..args.repeat {
        for (si, s) in scripts.iter().enumerate() {
            if replay == 0 {
                runs.push(Vec::with_capacity(s.prefixes.len()));
            }
            for (pi, p) in s.prefixes.iter().enumerate() {
                let t = Instant::now();
                let option_ids = autocomplete(&engine, p, &ctx);
                timings[si][pi].push(t.elapsed().as_micros() as u64);
                if replay == 0 {
                    runs[si].push(Keystroke {
                        latency_us: 0,
                        option_ids,
                    });
                } else if runs[si][pi].option_ids != option_ids {
                    differed += 1;
                }
            }
        }
    }
    let mut timing_max_us = 0;
    for (run, times) in runs.iter_mut().zip(timings.iter_mut()) {
        for (k, t) in run.iter_mut().zip(times.iter_mut()) {
            t.sort_unstable();
            timing_max_us = timing_max_us.max(t.last().copied().unwrap_or(0));
            k.latency_us = t[t.len() / 2];
        }
    }
    if differed > 0 {
        eprintln!("warning: {differed} keystrokes answered differently between replays");
    }
    let mut report = KeystrokeReport::compute(scripts.iter().zip(runs.iter().map(Vec::as_slice)));
    report.repeats = usize::from(args.repeat);
    report.timing_max_us = timing_max_us;
    outln!("{}", report.to_markdown());
    if let Some(path) = &args.failures {
        write_keystroke_failures(path, &engine, &scripts, &runs)?;
    }
    Ok(())
}

/// One TSV row per script not found within [`EARLY_TOKENS`] tokens (`what` = `late`, at the last
/// prefix of that many tokens) and per rank drop (`drop`, at the later prefix): the prefix, the
/// target's rank there (`-` when absent) and the options shown, `id=display name` joined by ` | `.
fn write_keystroke_failures(
    path: &Path,
    engine: &Engine,
    scripts: &[KeystrokeScript],
    runs: &[Vec<Keystroke>],
) -> Result<(), Error> {
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    let ctx = links();
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).map_err(io)?);
    writeln!(
        out,
        "id\tkind\ttarget\tshared_early\ttokens_to_find\twhat\tprefix\trank\toptions"
    )
    .map_err(io)?;
    for (s, keys) in scripts.iter().zip(runs) {
        let tokens = first_found(s, keys).map_or("never".to_string(), |(_, t)| t.to_string());
        let late = first_found(s, keys).map_or(true, |(_, t)| t as usize > EARLY_TOKENS);
        let mut rows: Vec<(&str, usize)> = Vec::new();
        if late {
            rows.extend(early_keystroke(s).map(|k| ("late", k)));
        }
        rows.extend(rank_drops(s, keys).into_iter().map(|(_, k)| ("drop", k)));
        for (what, k) in rows {
            let (Some(prefix), Some(key)) = (s.prefixes.get(k), keys.get(k)) else {
                continue;
            };
            let shown: Vec<String> = autocomplete_named(engine, prefix, &ctx)
                .into_iter()
                .map(|(id, name)| format!("{id}={name}"))
                .collect();
            let r = rank(key, s.target_id).map_or("-".to_string(), |r| (r + 1).to_string());
            writeln!(
                out,
                "{}\t{}\t{}\t{}\t{tokens}\t{what}\t{prefix}\t{r}\t{}",
                s.id,
                s.kind.name(),
                s.target_id,
                s.shared_early,
                shown.join(" | ")
            )
            .map_err(io)?;
        }
    }
    out.flush().map_err(io)
}
