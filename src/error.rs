//! The one error type of the library.
//!
//! Every variant carries the facts a user needs (file, line, offset, versions) and its message
//! says how to fix the problem.

use std::path::PathBuf;

/// Everything that can go wrong in seoladh.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// Reading or writing a file failed.
    Io {
        /// The file involved.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A reference data file (`fixtures/reference/`) is missing or malformed.
    Reference {
        /// The file.
        path: PathBuf,
        /// 1-based line (0 when the file could not be opened).
        line: u64,
        /// What is wrong.
        message: String,
    },
    /// A generator option is out of range or names something unknown.
    InvalidOption {
        /// The option (`--counties`).
        option: &'static str,
        /// What is wrong and what is accepted.
        message: String,
    },
    /// The output directory is not empty and `--force` was not given.
    OutputNotEmpty {
        /// The directory.
        path: PathBuf,
    },
    /// A table the ECAD layout requires is absent from the directory.
    MissingTable {
        /// The file that should exist.
        path: PathBuf,
    },
    /// A layout file lacks columns of its header.
    BadHeader {
        /// The file.
        path: PathBuf,
        /// The columns not found in its header row.
        missing: Vec<String>,
    },
    /// An address row has more lines than the layout's 9 columns per language.
    TooManyAddressLines {
        /// The file being written.
        path: PathBuf,
        /// The address point.
        ecad_id: u64,
        /// How many lines it has.
        lines: usize,
    },
    /// A benchmark query file (`seoladh derive-queries` output) has a malformed line.
    BadQueryFile {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: u64,
        /// What is wrong with it.
        reason: String,
    },
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Io { path, source } => write!(
                f,
                "cannot read or write {}: {source} (check the path exists and is readable)",
                path.display()
            ),
            Error::Reference {
                path,
                line,
                message,
            } => write!(
                f,
                "reference data {} line {line}: {message} (restore the file from fixtures/reference or pass --reference DIR)",
                path.display()
            ),
            Error::InvalidOption { option, message } => {
                write!(f, "invalid {option}: {message}")
            }
            Error::OutputNotEmpty { path } => write!(
                f,
                "{} is not empty (choose an empty directory or pass --force to overwrite)",
                path.display()
            ),
            Error::MissingTable { path } => write!(
                f,
                "required ECAD table {} is missing (export it from ECAD, or run `seoladh generate` to create a complete directory)",
                path.display()
            ),
            Error::BadHeader { path, missing } => write!(
                f,
                "{} lacks the column(s) {} (the header row must name every column of ecad-model.md §3; check the export or the delimiter)",
                path.display(),
                missing.join(", ")
            ),
            Error::TooManyAddressLines { path, ecad_id, lines } => write!(
                f,
                "cannot write {}: address {ecad_id} has {lines} lines, the layout holds 9 (render it with ecad::address::postal_address, which caps lines at 8 plus the Eircode)",
                path.display()
            ),
            Error::BadQueryFile { path, line, reason } => write!(
                f,
                "{}:{line}: {reason} (a query line is qid<TAB>class<TAB>expected_id<TAB>expected_results<TAB>text; regenerate the file with `seoladh derive-queries`)",
                path.display()
            ),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// `Result` with the library's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
