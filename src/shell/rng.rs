//! The game's random number generator: ChaCha8 from a seed, with our own bounded sampling so that a
//! seed gives the same game on every machine and with every version of `rand`.

use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(ChaCha8Rng);

impl Rng {
    pub fn seeded(seed: u64) -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `0..n` (Lemire's method, exact); `n` must be at least 1.
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n = n.max(1);
        let mut m = (self.0.next_u32() as u64) * n as u64;
        let mut low = m as u32;
        if low < n {
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                m = (self.0.next_u32() as u64) * n as u64;
                low = m as u32;
            }
        }
        (m >> 32) as u32
    }

    /// How many 32-bit words have been drawn (part of the state hash).
    pub fn word_pos(&self) -> u128 {
        self.0.get_word_pos()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_streams_are_stable() {
        let mut a = Rng::seeded(7);
        let mut b = Rng::seeded(7);
        let xs: Vec<u32> = (0..20).map(|_| a.below(10)).collect();
        let ys: Vec<u32> = (0..20).map(|_| b.below(10)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| x < 10));
        // Pin the stream so that a dependency change that alters it is noticed (saves replay from it).
        let mut c = Rng::seeded(1);
        let first: Vec<u32> = (0..5).map(|_| c.below(1000)).collect();
        assert_eq!(first, PINNED);
    }

    const PINNED: [u32; 5] = [549, 402, 984, 80, 211];
}
