//! Golden files: output compared byte for byte with a committed file, rewritten when the test
//! runs with `SEOLADH_BLESS=1` (review the diff before committing it). For outputs that other
//! code reads as fixtures (CSV datasets, batch output bytes); JSON answers use insta snapshots.

use std::collections::BTreeSet;
use std::path::Path;

/// Whether this run rewrites the golden files.
pub fn blessing() -> bool {
    std::env::var_os("SEOLADH_BLESS").is_some()
}

/// Compares `got` with the file at `path`, or writes it when blessing. On a difference the
/// panic shows both sides around the first differing byte.
pub fn check_bytes(path: &Path, got: &[u8]) {
    if blessing() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("create golden directory");
        }
        std::fs::write(path, got).expect("write golden file");
        return;
    }
    let want = std::fs::read(path)
        .unwrap_or_else(|e| panic!("{}: {e}; create it with SEOLADH_BLESS=1", path.display()));
    if got == want.as_slice() {
        return;
    }
    let at = got
        .iter()
        .zip(&want)
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(want.len()));
    let around = |b: &[u8]| {
        String::from_utf8_lossy(&b[at.saturating_sub(60)..(at + 60).min(b.len())]).into_owned()
    };
    panic!(
        "{} differs at byte {at} (rerun with SEOLADH_BLESS=1 after a deliberate change):\n got: {}\nwant: {}",
        path.display(),
        around(got),
        around(&want),
    );
}

/// Compares every file of directory `fresh` with the file of the same name in `golden`, and
/// the two sets of names (or copies `fresh` over `golden` when blessing).
pub fn check_dir(golden: &Path, fresh: &Path) {
    let names = |dir: &Path| -> BTreeSet<String> {
        std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .map(|e| {
                        e.expect("directory entry")
                            .file_name()
                            .to_string_lossy()
                            .into_owned()
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let made = names(fresh);
    for name in &made {
        let got = std::fs::read(fresh.join(name)).expect("read fresh file");
        check_bytes(&golden.join(name), &got);
    }
    if !blessing() {
        assert_eq!(
            made,
            names(golden),
            "{}: the files differ from those written (rerun with SEOLADH_BLESS=1)",
            golden.display()
        );
    }
}
