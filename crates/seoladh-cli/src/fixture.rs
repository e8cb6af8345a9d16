//! The bundled fixture index: what `serve`, `find`, `autocomplete`, `ecad` and `batch` use
//! without `--index`, so a fresh clone answers with `cargo run --release -- serve`.
//!
//! The index is built from `fixtures/data/` (the committed generated dataset) on first use into a
//! cache file whose name carries a checksum of the data files, the index `FORMAT_VERSION` and the
//! `NORMALISER_VERSION`: a change to any of them builds a new file, a stale one is never opened.
//! Cache directory: `$XDG_CACHE_HOME/seoladh`, else `~/.cache/seoladh`, else the system temp
//! directory. Builders write a temporary file and rename it, so two processes starting at once
//! both end with a whole index.

use std::path::{Path, PathBuf};

use seoladh::raw::index::format::FORMAT_VERSION;
use seoladh::raw::index::{IndexBuilder, NoProgress};
use seoladh::raw::text::normalise::NORMALISER_VERSION;
use seoladh::Error;

/// Where the bundled dataset lives in the source tree.
pub fn fixture_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/data")
}

/// The index file to open: `explicit` when given, else the bundled fixture index.
///
/// # Errors
/// As [`fixture_index`].
pub fn index_path(explicit: Option<&Path>) -> Result<PathBuf, Error> {
    match explicit {
        Some(p) => Ok(p.to_path_buf()),
        None => fixture_index(),
    }
}

/// The bundled fixture index, built into the cache on first use (progress on stderr).
///
/// # Errors
/// [`Error::InvalidOption`] when the fixture data is not there (an installed binary without
/// its source tree: pass `--index`); the read and build errors of `seoladh build`.
pub fn fixture_index() -> Result<PathBuf, Error> {
    let data = fixture_data();
    let key = data_key(&data)?;
    let path = cache_dir().join(format!("fixture-{key}.idx"));
    if path.is_file() {
        return Ok(path);
    }
    eprintln!(
        "seoladh: no --index given: building the bundled fixture index from {} into {} (once)",
        data.display(),
        path.display()
    );
    std::fs::create_dir_all(path.parent().unwrap_or(Path::new("."))).map_err(|source| {
        Error::Io {
            path: path.clone(),
            source,
        }
    })?;
    let (dataset, _report) = seoladh::raw::ecad::layout::read_dir_with(
        &data,
        &seoladh::raw::ecad::layout::ReadOptions::for_index(),
    )?;
    let built = IndexBuilder::new().build(&dataset, &NoProgress)?;
    built.write_file(&path)?;
    Ok(path)
}

/// CRC-32 and total size of every file in `dir` (sorted by name, names included) plus both
/// version numbers: the cache key.
fn data_key(dir: &Path) -> Result<String, Error> {
    let missing = || Error::InvalidOption {
        option: "--index",
        message: format!(
            "no --index given and the bundled fixture data {} is not there; build an index with \
             `seoladh build --data DIR --out FILE` and pass `--index FILE`",
            dir.display()
        ),
    };
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|_| missing())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    names.sort();
    if names.is_empty() {
        return Err(missing());
    }
    let mut crc = crc32fast::Hasher::new();
    let mut total = 0u64;
    for p in &names {
        let bytes = std::fs::read(p).map_err(|source| Error::Io {
            path: p.clone(),
            source,
        })?;
        crc.update(p.file_name().map_or(&[][..], |n| n.as_encoded_bytes()));
        crc.update(&bytes);
        total += bytes.len() as u64;
    }
    Ok(format!(
        "{:08x}-{total}-f{FORMAT_VERSION}-n{NORMALISER_VERSION}",
        crc.finalize()
    ))
}

/// `$XDG_CACHE_HOME/seoladh`, `~/.cache/seoladh`, or `<temp>/seoladh`.
fn cache_dir() -> PathBuf {
    let non_empty = |v: &str| {
        std::env::var_os(v)
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
    };
    if let Some(x) = non_empty("XDG_CACHE_HOME") {
        return x.join("seoladh");
    }
    if let Some(h) = non_empty("HOME") {
        return h.join(".cache").join("seoladh");
    }
    std::env::temp_dir().join("seoladh")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_changes_with_the_data() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("A.csv"), "x").unwrap();
        let a = data_key(dir.path()).unwrap();
        assert_eq!(a, data_key(dir.path()).unwrap(), "deterministic");
        std::fs::write(dir.path().join("A.csv"), "y").unwrap();
        assert_ne!(a, data_key(dir.path()).unwrap());
        assert!(a.ends_with(&format!("-f{FORMAT_VERSION}-n{NORMALISER_VERSION}")));
        let empty = tempfile::tempdir().unwrap();
        assert!(data_key(empty.path())
            .unwrap_err()
            .to_string()
            .contains("--index FILE"));
    }
}
