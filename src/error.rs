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
    /// A setting (a flag, a keys file line, a base URL) is unusable.
    InvalidConfig {
        /// The setting, e.g. `--base-url` or `keys.txt line 3`.
        setting: String,
        /// What is wrong with it and what is expected.
        problem: String,
    },
    /// The server could not listen on its address.
    Bind {
        /// The address asked for.
        addr: String,
        /// The underlying error.
        source: std::io::Error,
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
            Error::InvalidConfig { setting, problem } => {
                write!(f, "invalid {setting}: {problem}")
            }
            Error::Bind { addr, source } => write!(
                f,
                "cannot listen on {addr}: {source} (choose a free address with --listen, or stop what uses it)"
            ),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } | Error::Bind { source, .. } => Some(source),
            Error::InvalidConfig { .. } => None,
        }
    }
}

/// `Result` with the library's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
