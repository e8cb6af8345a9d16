//! `seoladh-peer`: a tantivy baseline for seoladh's prefix benchmark.
//!
//! It indexes the English and Irish lines of every address point of a dataset
//! (`POSTAL_ADDRESS.csv`, the Irish lines only where they differ) as one document each: the
//! whole words (lower case, accents folded, the Eircode also compact) and their edge n-grams.
//! A typed prefix becomes one clause per word: a whole word matches itself or, from 4
//! characters, a term one edit away (two from 8); the last word, unless a space or comma
//! follows it, matches as the start of a word, or from 4 characters as the start of a term one
//! edit away. Documents are ranked by BM25 and the first ten address points answer.
//!
//! Three ways to combine the clauses (`--mode`): `strict` (every word must match), `loose`
//! (any word may) and `filled` (the strict answers, then the loose ones after them).
//!
//! ```text
//! seoladh prefixes make --data DIR --out prefixes.tsv
//! seoladh-peer build --data DIR --index-dir peer.tantivy
//! seoladh-peer run --index-dir peer.tantivy --file prefixes.tsv --mode filled
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use tantivy::collector::TopDocs;
use tantivy::columnar::Column;
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST};
use tantivy::tokenizer::{AsciiFoldingFilter, LowerCaser, SimpleTokenizer, TextAnalyzer};
use tantivy::{Index, IndexReader, TantivyDocument, Term};

use std::io::Write;

use seoladh_eval::prefix_report::{found, run, write_found_at};
use seoladh_eval::prefixes::PrefixSet;

/// Name of the analyser: words of letters and digits, lower case, accents folded.
const ANALYZER: &str = "address";
/// Longest edge n-gram indexed.
const MAX_GRAM: usize = 20;
/// Options answered per prefix.
const ANSWERS: usize = 10;
/// Weight of a word matching as typed over a fuzzy match.
const EXACT_BOOST: f32 = 2.0;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

#[derive(Parser)]
#[command(
    name = "seoladh-peer",
    about = "tantivy baseline for `seoladh prefixes`"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Index a dataset's POSTAL_ADDRESS.csv into a directory.
    Build {
        /// ECAD-layout directory.
        #[arg(long)]
        data: PathBuf,
        /// Directory for the tantivy index (created; must be empty).
        #[arg(long)]
        index_dir: PathBuf,
    },
    /// Answer a prefix file (`seoladh prefixes make`) and print the report.
    Run {
        /// Directory of the tantivy index.
        #[arg(long)]
        index_dir: PathBuf,
        /// The prefix file.
        #[arg(long)]
        file: PathBuf,
        /// How the words' clauses combine.
        #[arg(long, value_enum, default_value_t = Mode::Filled)]
        mode: Mode,
        /// Also write every prefix whose target is not in the top 5 to this TSV (id, target,
        /// prefix, option ids), as `seoladh prefixes run --failures` does.
        #[arg(long)]
        failures: Option<PathBuf>,
        /// Also write, per keystroke script, the characters typed until its target was in the
        /// top 5 (script, kind, target, chars), as `seoladh prefixes run --scripts` does.
        #[arg(long)]
        scripts: Option<PathBuf>,
    },
}

/// How the clauses of a query's words combine.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Mode {
    /// Every word must match.
    Strict,
    /// Any word may match.
    Loose,
    /// The strict answers, then the loose ones.
    Filled,
}

struct Fields {
    words: Field,
    edges: Field,
}

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let text = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(ANALYZER)
            .set_index_option(IndexRecordOption::WithFreqs),
    );
    let words = b.add_text_field("words", text.clone());
    let edges = b.add_text_field("edges", text);
    b.add_u64_field("id", FAST);
    (b.build(), Fields { words, edges })
}

fn analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stream = analyzer.token_stream(text);
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

/// The edge n-grams of `words`, space-separated.
fn edge_grams(words: &[String]) -> String {
    let mut out = String::new();
    for w in words {
        for (n, (i, c)) in w.char_indices().enumerate() {
            if n >= MAX_GRAM {
                break;
            }
            out.push_str(&w[..i + c.len_utf8()]);
            out.push(' ');
        }
    }
    out
}

fn build(data: &Path, dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir)?;
    let (schema, fields) = schema();
    let id = schema.get_field("id")?;
    let index = Index::create_in_dir(dir, schema)?;
    index.tokenizers().register(ANALYZER, analyzer());
    let mut analyzer = analyzer();
    let mut writer = index.writer_with_num_threads::<TantivyDocument>(1, 1_500_000_000)?;
    let mut csv = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_path(data.join("POSTAL_ADDRESS.csv"))?;
    let mut docs = 0u64;
    for row in csv.records() {
        let row = row?;
        let ecad: u64 = row.get(0).unwrap_or("").parse()?;
        let lines = |from: usize| -> Vec<&str> {
            (from..from + 9)
                .filter_map(|i| row.get(i))
                .filter(|l| !l.is_empty())
                .collect()
        };
        let english = lines(1);
        let irish = lines(10);
        for (n, lines) in [english.clone(), irish].into_iter().enumerate() {
            if lines.is_empty() || (n == 1 && lines == english) {
                continue;
            }
            let mut words = tokens(&mut analyzer, &lines.join(" "));
            // The Eircode is also typed without its space.
            if let Some(last) = lines
                .last()
                .filter(|l| l.len() == 8 && l.as_bytes()[3] == b' ')
            {
                words.extend(tokens(&mut analyzer, &last.replace(' ', "")));
            }
            let mut doc = TantivyDocument::default();
            doc.add_text(fields.words, words.join(" "));
            doc.add_text(fields.edges, edge_grams(&words));
            doc.add_u64(id, ecad);
            writer.add_document(doc)?;
            docs += 1;
        }
    }
    writer.commit()?;
    writer.wait_merging_threads()?;
    eprintln!("{docs} documents indexed into {}", dir.display());
    Ok(())
}

struct Peer {
    reader: IndexReader,
    fields: Fields,
    analyzer: TextAnalyzer,
    ids: Vec<Column<u64>>,
    mode: Mode,
}

impl Peer {
    fn open(dir: &Path, mode: Mode) -> Result<Peer> {
        let index = Index::open_in_dir(dir)?;
        index.tokenizers().register(ANALYZER, analyzer());
        let reader = index.reader()?;
        let schema = index.schema();
        let fields = Fields {
            words: schema.get_field("words")?,
            edges: schema.get_field("edges")?,
        };
        let ids = reader
            .searcher()
            .segment_readers()
            .iter()
            .map(|s| s.fast_fields().u64("id"))
            .collect::<tantivy::Result<Vec<_>>>()?;
        Ok(Peer {
            reader,
            fields,
            analyzer: analyzer(),
            ids,
            mode,
        })
    }

    /// One clause per word.
    fn clauses(&mut self, text: &str) -> Vec<Box<dyn Query>> {
        let words = tokens(&mut self.analyzer, text);
        let partial = text.chars().last().is_some_and(char::is_alphanumeric);
        let n = words.len();
        words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let chars = w.chars().count();
                let mut any: Vec<(Occur, Box<dyn Query>)> = Vec::new();
                if partial && i + 1 == n {
                    let term = Term::from_field_text(self.fields.edges, w);
                    any.push((
                        Occur::Should,
                        Box::new(BoostQuery::new(
                            Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)),
                            EXACT_BOOST,
                        )),
                    ));
                    if chars >= 4 {
                        let term = Term::from_field_text(self.fields.words, w);
                        any.push((
                            Occur::Should,
                            Box::new(FuzzyTermQuery::new_prefix(term, 1, true)),
                        ));
                    }
                } else {
                    let term = Term::from_field_text(self.fields.words, w);
                    any.push((
                        Occur::Should,
                        Box::new(BoostQuery::new(
                            Box::new(TermQuery::new(term.clone(), IndexRecordOption::WithFreqs)),
                            EXACT_BOOST,
                        )),
                    ));
                    if chars >= 4 {
                        let d = if chars >= 8 { 2 } else { 1 };
                        any.push((Occur::Should, Box::new(FuzzyTermQuery::new(term, d, true))));
                    }
                }
                Box::new(BooleanQuery::new(any)) as Box<dyn Query>
            })
            .collect()
    }

    fn search(&self, clauses: Vec<Box<dyn Query>>, occur: Occur, out: &mut Vec<u64>) {
        if clauses.is_empty() {
            return;
        }
        let query = BooleanQuery::new(clauses.into_iter().map(|c| (occur, c)).collect());
        let searcher = self.reader.searcher();
        let Ok(top) = searcher.search(&query, &TopDocs::with_limit(2 * ANSWERS).order_by_score())
        else {
            return;
        };
        for (_, addr) in top {
            let id = self
                .ids
                .get(addr.segment_ord as usize)
                .and_then(|c| c.first(addr.doc_id));
            if let Some(id) = id {
                if !out.contains(&id) && out.len() < ANSWERS {
                    out.push(id);
                }
            }
        }
    }

    fn answer(&mut self, text: &str) -> Vec<u64> {
        let mut out = Vec::new();
        if matches!(self.mode, Mode::Strict | Mode::Filled) {
            let clauses = self.clauses(text);
            self.search(clauses, Occur::Must, &mut out);
        }
        if self.mode == Mode::Loose || (self.mode == Mode::Filled && out.len() < ANSWERS) {
            let clauses = self.clauses(text);
            self.search(clauses, Occur::Should, &mut out);
        }
        out
    }
}

fn run_file(
    dir: &Path,
    file: &Path,
    mode: Mode,
    failures: Option<&Path>,
    scripts: Option<&Path>,
) -> Result<()> {
    let mut peer = Peer::open(dir, mode)?;
    let set = PrefixSet::read(std::io::BufReader::new(std::fs::File::open(file)?))?;
    let name = match mode {
        Mode::Strict => "tantivy, strict",
        Mode::Loose => "tantivy, loose",
        Mode::Filled => "tantivy, strict then loose",
    };
    let (report, answers) = run(name, false, &set, |text| peer.answer(text));
    println!("{}", report.to_markdown());
    if let Some(path) = scripts {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
        write_found_at(&mut out, &set, &report)?;
    }
    if let Some(path) = failures {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
        writeln!(out, "id\ttarget\tprefix\toptions")?;
        for (c, ids) in set.cases.iter().zip(&answers) {
            if found(c, ids).0 {
                continue;
            }
            let ids: Vec<String> = ids.iter().map(u64::to_string).collect();
            writeln!(
                out,
                "{}\t{}\t{}\t{}",
                c.id,
                c.target,
                c.text,
                ids.join(" | ")
            )?;
        }
        out.flush()?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Build { data, index_dir } => build(&data, &index_dir),
        Command::Run {
            index_dir,
            file,
            mode,
            failures,
            scripts,
        } => run_file(
            &index_dir,
            &file,
            mode,
            failures.as_deref(),
            scripts.as_deref(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_grams_start_every_word() {
        let words = vec!["main".to_string(), "st".to_string()];
        assert_eq!(edge_grams(&words), "m ma mai main s st ");
        let mut a = analyzer();
        assert_eq!(
            tokens(&mut a, "Bóthar Mór, A86 VC04"),
            ["bothar", "mor", "a86", "vc04"]
        );
    }
}
