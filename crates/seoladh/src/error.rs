//! The one error type of the library.
//!
//! Every variant carries the facts a user needs (file, line, offset, versions) and its message
//! says how to fix the problem.

use std::path::PathBuf;

/// Everything that can go wrong in seoladh.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Reading or writing a file failed.
    #[error("cannot read or write {}: {source} (check the path exists and is readable)", .path.display())]
    Io {
        /// The file involved.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The file does not start with the seoladh magic bytes: it is some other kind of file.
    #[error("{file} is not a seoladh index (wrong magic bytes); build one with `seoladh build --data DIR --out FILE`")]
    IndexNotSeoladh {
        /// The file (or `<memory>`).
        file: String,
    },
    /// The file is shorter than its header says.
    #[error("{file} is truncated: {actual} bytes, the header needs {expected}; copy the file again or rebuild it with `seoladh build`")]
    IndexTruncated {
        /// The file (or `<memory>`).
        file: String,
        /// Bytes the header requires.
        expected: u64,
        /// Bytes present.
        actual: u64,
    },
    /// The file was written by another version of the index format.
    #[error("{}", format_version_message(.file, *.found, *.expected))]
    IndexFormatVersion {
        /// The file (or `<memory>`).
        file: String,
        /// Version in the file.
        found: u32,
        /// Version this build reads.
        expected: u32,
    },
    /// The index was built with another version of the text normaliser, so its terms would not
    /// match the queries of this build.
    #[error("{file} was built with normaliser version {found}, this seoladh uses {expected}; rebuild it with `seoladh build`")]
    IndexNormaliserVersion {
        /// The file (or `<memory>`).
        file: String,
        /// Normaliser version in the file.
        found: u32,
        /// Normaliser version of this build.
        expected: u32,
    },
    /// A section's bytes do not match the checksum written at build time.
    #[error("{file}: section {section} is damaged (checksum {actual:08x}, expected {expected:08x}); rebuild the index with `seoladh build` or copy it again")]
    IndexChecksum {
        /// The file (or `<memory>`).
        file: String,
        /// The damaged section.
        section: &'static str,
        /// Checksum in the header.
        expected: u32,
        /// Checksum of the bytes.
        actual: u32,
    },
    /// The data cannot be indexed as it is.
    #[error("cannot build the {section} section: {reason}; fix the data (see `seoladh stats`) and run `seoladh build` again")]
    IndexBuild {
        /// The section being built.
        section: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// The index is structurally damaged (bad offsets, undecodable data).
    #[error(
        "{file}: section {section} is damaged ({reason}); rebuild the index with `seoladh build`"
    )]
    IndexCorrupt {
        /// The file (or `<memory>`).
        file: String,
        /// The section where the damage was found.
        section: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// A reference data file (`fixtures/reference/`) is missing or malformed.
    #[error("reference data {} line {line}: {message} (restore the file from fixtures/reference or pass --reference DIR)", .path.display())]
    Reference {
        /// The file.
        path: PathBuf,
        /// 1-based line (0 when the file could not be opened).
        line: u64,
        /// What is wrong.
        message: String,
    },
    /// A generator option is out of range or names something unknown.
    #[error("invalid {option}: {message}")]
    InvalidOption {
        /// The option (`--counties`).
        option: &'static str,
        /// What is wrong and what is accepted.
        message: String,
    },
    /// The output directory is not empty and `--force` was not given.
    #[error("{} is not empty (choose an empty directory or pass --force to overwrite)", .path.display())]
    OutputNotEmpty {
        /// The directory.
        path: PathBuf,
    },
    /// A table the ECAD layout requires is absent from the directory.
    #[error("required ECAD table {} is missing (export it from ECAD, or run `seoladh generate` to create a complete directory)", .path.display())]
    MissingTable {
        /// The file that should exist.
        path: PathBuf,
    },
    /// A layout file lacks columns of its header.
    #[error("{} lacks the column(s) {} (the header row must name every column of the ECAD layout, docs/ecad-layout.md; check the export or the delimiter)", .path.display(), .missing.join(", "))]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// The columns not found in its header row.
        missing: Vec<String>,
    },
    /// An address row has more lines than the layout's 9 columns per language.
    #[error("cannot write {}: address {ecad_id} has {lines} lines, the layout holds 9 (render it with ecad::address::postal_address, which caps lines at 8 plus the Eircode)", .path.display())]
    TooManyAddressLines {
        /// The file being written.
        path: PathBuf,
        /// The address point.
        ecad_id: u64,
        /// How many lines it has.
        lines: usize,
    },
    /// A setting (a flag, a keys file line, a base URL) is unusable.
    #[error("invalid {setting}: {problem}")]
    InvalidConfig {
        /// The setting, e.g. `--base-url` or `keys.txt line 3`.
        setting: String,
        /// What is wrong with it and what is expected.
        problem: String,
    },
    /// The server could not listen on its address.
    #[error("cannot listen on {addr}: {source} (choose a free address with --listen, or stop what uses it)")]
    Bind {
        /// The address asked for.
        addr: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// An address profiles file (`profiles.toml`) is malformed or breaks a rule.
    #[error("{}", profile_config_message(.path, *.line, *.column, .field.as_deref(), .message))]
    ProfileConfig {
        /// The file (`<builtin>` for the embedded default set).
        path: PathBuf,
        /// 1-based line of the offending text (0 when the file as a whole is at fault).
        line: usize,
        /// 1-based column of the offending text (0 when unknown).
        column: usize,
        /// The profile and key at fault (`5line30.max_chars`), when known.
        field: Option<String>,
        /// What is wrong and what is accepted.
        message: String,
    },
    /// No profile has the requested name (the wire's 400012 InvalidAddressProfileName).
    #[error("unknown address profile `{name}` (use one of: {}; or add it to the profiles file)", .known.join(", "))]
    UnknownProfile {
        /// The name asked for.
        name: String,
        /// The names that exist, sorted.
        known: Vec<String>,
    },
    /// A benchmark query file (`seoladh derive-queries` output) has a malformed line.
    #[error("{}:{line}: {reason} (a query line is qid<TAB>class<TAB>expected_id<TAB>expected_results<TAB>text; regenerate the file with `seoladh derive-queries`)", .path.display())]
    BadQueryFile {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: u64,
        /// What is wrong with it.
        reason: String,
    },
}

fn format_version_message(file: &str, found: u32, expected: u32) -> String {
    if found < expected {
        format!("{file} uses index format {found}, this seoladh reads format {expected}; rebuild it with `seoladh build`")
    } else {
        format!("{file} uses index format {found}, newer than this seoladh (format {expected}); upgrade seoladh or rebuild the index with this version's `seoladh build`")
    }
}

fn profile_config_message(
    path: &std::path::Path,
    line: usize,
    column: usize,
    field: Option<&str>,
    message: &str,
) -> String {
    let mut s = path.display().to_string();
    if line > 0 {
        s.push_str(&format!(":{line}:{column}"));
    }
    if let Some(field) = field {
        s.push_str(&format!(" ({field})"));
    }
    s.push_str(&format!(
        ": {message} (fix the profiles file; the built-in profiles.toml of the seoladh crate documents every key)"
    ));
    s
}

/// `Result` with the library's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
