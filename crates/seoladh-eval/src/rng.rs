//! A tiny seeded random number generator (SplitMix64) for the benchmark generators.
//!
//! `rand`/`rand_chacha` are optional (feature `synth`); the evaluation code is feature-independent,
//! so it carries its own generator. SplitMix64 passes BigCrush, is one line of arithmetic and its
//! output is fixed by the algorithm, so the same seed gives the same queries on every platform and
//! every release of every dependency.

/// A SplitMix64 stream.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A stream from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// An independent stream for `(seed, stream)`: each query class draws from its own stream, so
    /// adding a class or changing one class's count leaves every other class's queries unchanged.
    pub fn stream(seed: u64, stream: u64) -> Self {
        let mut mixer = SplitMix64::new(seed ^ stream.wrapping_mul(0xA076_1D64_78BD_642F));
        SplitMix64::new(mixer.next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0). Lemire's multiply-shift: no modulo bias worth
    /// measuring at the sizes used here, and no rejection loop.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// `true` with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    /// One element of `items`, `None` when it is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len()))
    }

    /// Moves `k` elements chosen uniformly without replacement to the front of `items` (partial
    /// Fisher–Yates) and returns them.
    pub fn sample<'a, T>(&mut self, items: &'a mut [T], k: usize) -> &'a [T] {
        let k = k.min(items.len());
        for i in 0..k {
            let j = i + self.below(items.len() - i);
            items.swap(i, j);
        }
        &items[..k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_sequence() {
        // Reference values of SplitMix64 seeded with 1234567 (as printed by the reference C code).
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn streams_differ_and_repeat() {
        let a: Vec<u64> = (0..4)
            .map(|_| SplitMix64::stream(7, 1).next_u64())
            .collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(
            SplitMix64::stream(7, 1).next_u64(),
            SplitMix64::stream(7, 2).next_u64()
        );
    }

    #[test]
    fn below_stays_in_range() {
        let mut r = SplitMix64::new(3);
        for n in [1usize, 2, 3, 10, 1000] {
            for _ in 0..200 {
                assert!(r.below(n) < n);
            }
        }
        assert_eq!(r.below(0), 0);
    }

    #[test]
    fn sample_is_a_permutation_prefix() {
        let mut r = SplitMix64::new(9);
        let mut items: Vec<u32> = (0..20).collect();
        let picked = r.sample(&mut items, 5).to_vec();
        assert_eq!(picked.len(), 5);
        let mut all = items.clone();
        all.sort_unstable();
        assert_eq!(all, (0..20).collect::<Vec<_>>());
        let mut dedup = picked.clone();
        dedup.sort_unstable();
        dedup.dedup();
        assert_eq!(dedup.len(), 5);
    }
}
