//! The query file: `qid<TAB>class<TAB>expected_id<TAB>expected_results<TAB>text`, one query per
//! line after a header line, UTF-8, `\n` line ends.
//!
//! The first column is the id and the last the text, which is all the whole-engine benchmark
//! (`seoladh bench`) reads. `expected_id` is empty when no address is right; `expected_results`
//! is comma-separated (`100` or `110,140`). Tabs and line breaks in a text are written as spaces,
//! so every line splits into exactly five fields and the text is read back as written otherwise.

use std::io::{BufRead, Write};
use std::path::Path;

use super::queries::COUNTRY;
use super::{QueryClass, TestQuery};
use seoladh::{Error, Result};

/// The header line (without its line end).
pub const HEADER: &str = "qid\tclass\texpected_id\texpected_results\ttext";

fn clean(s: &str) -> String {
    s.replace(['\t', '\n', '\r'], " ")
}

/// Writes the queries to `out` in the TSV layout.
///
/// # Errors
/// [`Error::Io`] (naming `path`, used only for the message) when writing fails.
pub fn write_queries(out: &mut impl Write, queries: &[TestQuery], path: &Path) -> Result<()> {
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    writeln!(out, "{HEADER}").map_err(io)?;
    for q in queries {
        let results: Vec<String> = q.expected_results.iter().map(u16::to_string).collect();
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}",
            clean(&q.id),
            q.class,
            q.expected_id.map(|id| id.to_string()).unwrap_or_default(),
            results.join(","),
            clean(&q.text)
        )
        .map_err(io)?;
    }
    out.flush().map_err(io)
}

/// Reads a query file written by [`write_queries`]; `path` names it in errors. The header line
/// and empty lines are skipped. Every query gets `country` `ie`; `expect_in_options` is set for
/// the `nua` class.
///
/// # Errors
/// [`Error::Io`] when reading fails; [`Error::BadQueryFile`] for a line that does not have five
/// fields, an unknown class, or an id or result code that is not a number.
pub fn read_queries(input: impl BufRead, path: &Path) -> Result<Vec<TestQuery>> {
    let mut out = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let line = line.strip_suffix('\r').unwrap_or(&line);
        if line.is_empty() || line == HEADER {
            continue;
        }
        let bad = |reason: String| Error::BadQueryFile {
            path: path.to_path_buf(),
            line: i as u64 + 1,
            reason,
        };
        let fields: Vec<&str> = line.splitn(5, '\t').collect();
        let &[id, class, expected, results, text] = fields.as_slice() else {
            return Err(bad(format!("{} fields, expected 5", fields.len())));
        };
        let class =
            QueryClass::from_name(class).ok_or_else(|| bad(format!("unknown class {class:?}")))?;
        let expected_id = match expected {
            "" => None,
            s => Some(
                s.parse::<u64>()
                    .map_err(|_| bad(format!("expected_id {s:?} is not a number")))?,
            ),
        };
        let expected_results = results
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<u16>()
                    .map_err(|_| bad(format!("result code {s:?} is not a number")))
            })
            .collect::<Result<Vec<u16>>>()?;
        out.push(TestQuery {
            id: id.to_string(),
            class,
            text: text.to_string(),
            country: COUNTRY.to_string(),
            expected_id,
            expected_results,
            expect_in_options: class == QueryClass::Nua,
        });
    }
    Ok(out)
}

/// A query of any query file: an id and the address text (what `seoladh bench` and
/// `seoladh load` read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryText {
    /// First column of the TSV.
    pub id: String,
    /// Last column of the TSV.
    pub text: String,
}

/// Reads any query TSV loosely: first column id, last column text (a file of
/// `seoladh derive-queries`, or any `id<TAB>…<TAB>text` lines); a first line
/// whose first column is `qid` is a header; lines with fewer than two columns are skipped.
///
/// # Errors
/// The file cannot be read, or holds no query.
pub fn read_query_texts(path: &Path) -> Result<Vec<QueryText>> {
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut out = Vec::new();
    for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(io)?;
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 2 || (n == 0 && cols[0].eq_ignore_ascii_case("qid")) {
            continue;
        }
        out.push(QueryText {
            id: cols[0].to_owned(),
            text: cols[cols.len() - 1].to_owned(),
        });
    }
    if out.is_empty() {
        return Err(Error::BadQueryFile {
            path: path.to_path_buf(),
            line: 1,
            reason: "no query lines (need id<TAB>…<TAB>text)".into(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(class: QueryClass, text: &str, id: Option<u64>, results: &[u16]) -> TestQuery {
        TestQuery {
            id: format!("{class}-v-00001"),
            class,
            text: text.into(),
            country: "ie".into(),
            expected_id: id,
            expected_results: results.to_vec(),
            expect_in_options: class == QueryClass::Nua,
        }
    }

    #[test]
    fn round_trip() {
        let qs = vec![
            q(
                QueryClass::Format,
                " a86  vc04 , Dún Búinne ",
                Some(1_700_000_001),
                &[110],
            ),
            q(
                QueryClass::Nua,
                "BALLYMORE, DUNBOYNE",
                Some(1_700_000_002),
                &[300],
            ),
            q(QueryClass::Invalid, "!!!", None, &[700]),
        ];
        let mut buf = Vec::new();
        write_queries(&mut buf, &qs, Path::new("q.tsv")).expect("write to memory");
        let text = String::from_utf8(buf.clone()).expect("utf-8");
        assert!(text.starts_with(HEADER));
        assert!(text.contains("invalid-v-00001\tinvalid\t\t700\t!!!\n"));
        let back = read_queries(buf.as_slice(), Path::new("q.tsv")).expect("read back");
        assert_eq!(back, qs);
    }

    #[test]
    fn tabs_in_text_become_spaces() {
        let mut buf = Vec::new();
        let qs = [q(QueryClass::Clean, "A\tB\nC", Some(1), &[100])];
        write_queries(&mut buf, &qs, Path::new("q.tsv")).expect("write");
        let back = read_queries(buf.as_slice(), Path::new("q.tsv")).expect("read");
        assert_eq!(back[0].text, "A B C");
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let input = format!("{HEADER}\nx\tclean\t1\t100\tok\ny\tnot_a_class\t1\t100\tt\n");
        match read_queries(input.as_bytes(), Path::new("q.tsv")) {
            Err(Error::BadQueryFile { line, reason, .. }) => {
                assert_eq!(line, 3);
                assert!(reason.contains("not_a_class"));
            }
            other => panic!("expected BadQueryFile, got {other:?}"),
        }
        let short = read_queries("a\tb\n".as_bytes(), Path::new("q.tsv"));
        assert!(matches!(short, Err(Error::BadQueryFile { line: 1, .. })));
    }

    #[test]
    fn loose_query_files() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("q.tsv");
        std::fs::write(
            &p,
            "qid\tclass\ttext\na\tclean\t1 Main St\nbad\nb\tx\ty\tD6W\n",
        )
        .unwrap();
        let q = read_query_texts(&p).unwrap();
        assert_eq!(
            q,
            vec![
                QueryText {
                    id: "a".into(),
                    text: "1 Main St".into()
                },
                QueryText {
                    id: "b".into(),
                    text: "D6W".into()
                },
            ]
        );
        std::fs::write(&p, "qid\ttext\n").unwrap();
        assert!(matches!(
            read_query_texts(&p),
            Err(Error::BadQueryFile { .. })
        ));
    }
}
