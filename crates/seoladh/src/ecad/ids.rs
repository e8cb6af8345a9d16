//! Fast hashing of ECAD ids for the reader's sets and the lookup maps.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// Hashes a `u64` id with one multiplication (Fibonacci hashing): ids come from local files,
/// not from an adversary, and SipHash would cost a large share of the read.
#[derive(Default)]
pub(crate) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, id: u64) {
        self.0 = (self.0 ^ id).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// A set of ECAD ids.
pub(crate) type IdSet = HashSet<u64, BuildHasherDefault<IdHasher>>;

/// A map keyed by ECAD id.
pub(crate) type IdMap<V> = HashMap<u64, V, BuildHasherDefault<IdHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_and_maps_behave() {
        let mut set = IdSet::default();
        assert!(set.insert(1_700_000_001));
        assert!(!set.insert(1_700_000_001));
        let mut map: IdMap<usize> = IdMap::default();
        map.insert(12, 3);
        assert_eq!(map.get(&12), Some(&3));
        assert_eq!(map.get(&13), None);
    }
}
