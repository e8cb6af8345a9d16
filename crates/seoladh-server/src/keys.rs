//! Licence keys and the optional per-key rate limit.

use seoladh::error::{Error, Result};
use std::collections::BTreeSet;
use std::num::NonZeroU32;
use std::path::Path;

/// The key accepted when the server runs without `--keys`.
pub const DEMO_KEY: &str = "demo";

/// The licence keys the server accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyStore {
    keys: BTreeSet<String>,
    demo_only: bool,
}

impl KeyStore {
    /// Only the key `demo` (no `--keys` file).
    pub fn demo_only() -> Self {
        KeyStore {
            keys: BTreeSet::from([DEMO_KEY.to_owned()]),
            demo_only: true,
        }
    }

    /// Keys from text: one per line, `#` starts a comment, blank lines skipped.
    ///
    /// # Errors
    /// A key with spaces or control characters, or a file with no key at all.
    pub fn parse(text: &str, source: &str) -> Result<Self> {
        let mut keys = BTreeSet::new();
        for (n, line) in text.lines().enumerate() {
            let key = line.split('#').next().unwrap_or("").trim();
            if key.is_empty() {
                continue;
            }
            if key.chars().any(|c| c.is_whitespace() || c.is_control()) {
                return Err(Error::InvalidConfig {
                    setting: format!("{source} line {}", n + 1),
                    problem:
                        "a key may not contain spaces or control characters; put one key per line"
                            .into(),
                });
            }
            keys.insert(key.to_owned());
        }
        if keys.is_empty() {
            return Err(Error::InvalidConfig {
                setting: source.to_owned(),
                problem: "no key found: write one licence key per line (`#` starts a comment)"
                    .into(),
            });
        }
        Ok(KeyStore {
            keys,
            demo_only: false,
        })
    }

    /// Reads a keys file.
    ///
    /// # Errors
    /// The file cannot be read, or [`KeyStore::parse`] refuses it.
    pub fn load(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })?;
        Self::parse(&text, &path.display().to_string())
    }

    /// Whether `key` is accepted.
    pub fn contains(&self, key: &str) -> bool {
        self.keys.contains(key)
    }

    /// Whether this is the built-in `demo`-only store.
    pub fn is_demo_only(&self) -> bool {
        self.demo_only
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are no keys (never true for a loaded store).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// One rate per licence key: `per_second` requests a second, in bursts of up to the same number
/// (governor's GCRA, one state per key in a concurrent map).
#[derive(Debug)]
pub struct RateLimiter {
    limiter: governor::DefaultKeyedRateLimiter<String>,
}

impl RateLimiter {
    /// A limiter allowing `per_second` requests a second per key (at least 1).
    pub fn new(per_second: u32) -> Self {
        let rate = NonZeroU32::new(per_second.max(1)).unwrap_or(NonZeroU32::MIN);
        RateLimiter {
            limiter: governor::RateLimiter::keyed(governor::Quota::per_second(rate)),
        }
    }

    /// Takes one request for `key`; false when the key is over its rate. Keys are checked
    /// against the [`KeyStore`] first, so the map stays as small as the key list.
    pub fn allow(&self, key: &String) -> bool {
        self.limiter.check_key(key).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_keys_with_comments() {
        let ks = KeyStore::parse("# licence keys\nabc\n\n  def  # shop\n", "keys").unwrap();
        assert!(ks.contains("abc") && ks.contains("def"));
        assert!(!ks.contains("demo"));
        assert_eq!(ks.len(), 2);
        assert!(KeyStore::parse("# nothing\n", "keys").is_err());
        assert!(KeyStore::parse("a b\n", "keys").is_err());
        assert!(KeyStore::demo_only().contains("demo"));
    }

    #[test]
    fn limiter_refuses_past_the_burst() {
        let rl = RateLimiter::new(3);
        let (k, other) = ("k".to_string(), "other".to_string());
        assert!(rl.allow(&k) && rl.allow(&k) && rl.allow(&k));
        assert!(!rl.allow(&k));
        assert!(rl.allow(&other));
    }
}
