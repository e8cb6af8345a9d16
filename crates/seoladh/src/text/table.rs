//! The lexicon's exact-lookup table: short keys (words, county forms) to packed `u64` values.
//!
//! The tokeniser asks it about every word of every address, and most words are in no table, so
//! a lookup must be a handful of instructions: a (first byte, last byte, length) bitset turns
//! most misses away before hashing; the hash reads at most two 8-byte words of the key (not a byte loop);
//! the table is open-addressed at most a quarter full, each slot holding a 32-bit tag of the
//! hash so a probe compares keys only when the tags agree, and then compares the two words the
//! hash read (they are the whole key up to 16 bytes) rather than calling `memcmp`.

use std::collections::BTreeMap;

/// An exact-lookup table built once from sorted entries.
pub(super) struct Index {
    /// Entry number + 1 (0: empty) and the hash tag, per slot.
    slots: Vec<(u32, u32)>,
    mask: usize,
    keys: Vec<Box<[u8]>>,
    /// Per entry: the key's [`words`] and length, then its value.
    entries: Vec<(u64, u64, usize, u64)>,
    /// Bit `min(len, 31)` of row [`Index::shape`] is set when some key has that first and last
    /// byte (their low 5 bits: letters are told apart) and length.
    shapes: Box<[u32; 1024]>,
}

fn le8(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[..8]);
    u64::from_le_bytes(w)
}

fn le4(b: &[u8]) -> u64 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&b[..4]);
    u64::from(u32::from_le_bytes(w))
}

/// Keys of at most this many bytes are told apart by their [`words`] and length alone.
const SHORT: usize = 16;

/// Two words of a key: its first and last 8 (or 4) bytes, or for a key under 4 bytes all of
/// them; with the length they determine a key of up to [`SHORT`] bytes.
fn words(k: &[u8]) -> (u64, u64) {
    let n = k.len();
    if n >= 8 {
        (le8(k), le8(&k[n - 8..]))
    } else if n >= 4 {
        (le4(k), le4(&k[n - 4..]))
    } else if n > 0 {
        let a = u64::from(k[0]) | u64::from(k[n / 2]) << 8 | u64::from(k[n - 1]) << 16;
        (a, 0)
    } else {
        (0, 0)
    }
}

/// Hash of a key from its [`words`] and length, in a fixed number of instructions.
fn hash((a, b): (u64, u64), n: usize) -> u64 {
    let x = (a ^ (n as u64) << 58).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b;
    x.wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

impl Index {
    /// The table of `entries` (keys unique, as a map guarantees).
    pub(super) fn new(entries: &BTreeMap<String, u64>) -> Index {
        let size = (entries.len() * 4).max(8).next_power_of_two();
        let mask = size - 1;
        let mut index = Index {
            slots: vec![(0, 0); size],
            mask,
            keys: Vec::with_capacity(entries.len()),
            entries: Vec::with_capacity(entries.len()),
            shapes: Box::new([0; 1024]),
        };
        for (k, v) in entries {
            let (row, bit) = Index::shape(k.as_bytes());
            index.shapes[row] |= bit;
            let kw = words(k.as_bytes());
            let h = hash(kw, k.len());
            let mut i = (h >> 40) as usize & mask;
            while index.slots[i].0 != 0 {
                i = (i + 1) & mask;
            }
            index.keys.push(k.as_bytes().into());
            index.entries.push((kw.0, kw.1, k.len(), *v));
            index.slots[i] = (index.keys.len() as u32, (h >> 32) as u32);
        }
        index
    }

    /// Number of keys.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.keys.len()
    }

    /// Row and bit of a key (the empty key has row 0, bit 0).
    fn shape(key: &[u8]) -> (usize, u32) {
        let first = key.first().copied().unwrap_or(0);
        let last = key.last().copied().unwrap_or(0);
        let row = usize::from(first & 31) << 5 | usize::from(last & 31);
        (row, 1u32 << key.len().min(31))
    }

    /// The value of `key`, if it is in the table.
    #[inline(always)]
    pub(super) fn get(&self, key: &str) -> Option<u64> {
        self.get_bytes(key.as_bytes())
    }

    /// [`Index::get`] of a key given as bytes.
    #[inline(always)]
    pub(super) fn get_bytes(&self, k: &[u8]) -> Option<u64> {
        let (row, bit) = Index::shape(k);
        if self.shapes[row] & bit == 0 {
            return None;
        }
        self.probe(k)
    }

    /// [`Index::get`] past the shape test: hash and probe. Out of line, so that the shape test
    /// (which turns most misses away) costs no call.
    #[inline(never)]
    fn probe(&self, k: &[u8]) -> Option<u64> {
        if k.len() > SHORT {
            return self.probe_long(k);
        }
        let kw = words(k);
        let n = k.len();
        // A short key is told apart by its words and length alone.
        let e = self.find(hash(kw, n), |e| {
            self.entries
                .get(e)
                .is_some_and(|&(a, b, m, _)| (a, b, m) == (kw.0, kw.1, n))
        })?;
        self.entries.get(e).map(|x| x.3)
    }

    /// [`Index::probe`] of a key longer than [`SHORT`] (compared whole): out of line, so that
    /// the common lookup needs few registers (no frame to save and restore).
    #[cold]
    #[inline(never)]
    fn probe_long(&self, k: &[u8]) -> Option<u64> {
        let e = self.find(hash(words(k), k.len()), |e| {
            self.keys.get(e).is_some_and(|s| **s == *k)
        })?;
        self.entries.get(e).map(|x| x.3)
    }

    /// The entry whose slot matches hash `h` and for which `same` holds. At most a quarter
    /// full, so an empty slot always ends the probe. Inlined into each probe, so that each
    /// keeps its own register use.
    #[inline(always)]
    fn find(&self, h: u64, same: impl Fn(usize) -> bool) -> Option<usize> {
        let tag = (h >> 32) as u32;
        let mut i = (h >> 40) as usize & self.mask;
        loop {
            let (e, t) = *self.slots.get(i)?;
            if e == 0 {
                return None;
            }
            if t == tag && same(e as usize - 1) {
                return Some(e as usize - 1);
            }
            i = (i + 1) & self.mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_key_and_nothing_else() {
        let mut entries = BTreeMap::new();
        for (i, w) in [
            "",
            "a",
            "co",
            "rd",
            "road",
            "bothar",
            "baile atha cliath",
            "avenue",
            "abcdefghijklmnop",
            "abcdefghijklmnopq",
        ]
        .iter()
        .enumerate()
        {
            entries.insert((*w).to_owned(), i as u64 + 10);
        }
        for i in 0..500u64 {
            entries.insert(format!("w{i}x"), i);
        }
        let t = Index::new(&entries);
        assert_eq!(t.len(), entries.len());
        for (k, v) in &entries {
            assert_eq!(t.get(k), Some(*v), "{k:?}");
        }
        for k in [
            "b",
            "roads",
            "roa",
            "avenu",
            "baile atha cliatH",
            "w500x",
            "w1",
            "abcdefghXjklmnop",
            "abcdefghXjklmnopq",
            "abcdefghijklmnopqr",
        ] {
            assert_eq!(t.get(k), None, "{k:?}");
        }
    }
}
