//! FxHash (as in rustc): a fast, deterministic hash for short keys and ordinals, used by the
//! matcher's per-query maps and the index's prefix-completion table. Not DoS-resistant, which
//! is fine: the completion keys are the index's own terms, and a query's maps hold at most a
//! few thousand index ordinals under named limits. (The lexicon's exact-lookup table has its
//! own fixed-cost hash: `text::table`.)

use std::hash::{BuildHasherDefault, Hasher};

const K: u64 = 0x517c_c1b7_2722_0a95;

/// The FxHash state.
#[derive(Debug, Default, Clone, Copy)]
pub struct FxHasher(u64);

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }

    #[inline]
    fn write_u32(&mut self, v: u32) {
        self.add(u64::from(v));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Builds [`FxHasher`]s for `HashMap`/`HashSet`.
pub type FxBuildHasher = BuildHasherDefault<FxHasher>;
