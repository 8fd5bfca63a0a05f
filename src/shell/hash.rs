//! A hasher whose results are the same on every machine and build: FNV-1a over little-endian
//! bytes, with `usize`/`isize` widened to 64 bits. `std`'s hasher is randomised per process and
//! derived `Hash` feeds native-endian, platform-width integers; state hashes that saves record
//! must not depend on either.

use std::hash::{Hash, Hasher};

/// FNV-1a, 64 bit, fed in a platform-independent way (see the module documentation).
#[derive(Clone, Debug)]
pub struct StableHasher(u64);

impl Default for StableHasher {
    fn default() -> Self {
        StableHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl StableHasher {
    pub fn new() -> StableHasher {
        StableHasher::default()
    }

    /// Hashes any value through its `Hash` implementation.
    pub fn add<T: Hash + ?Sized>(&mut self, value: &T) -> &mut Self {
        value.hash(self);
        self
    }

    /// A string, length first (so that names cannot run into each other).
    pub fn text(&mut self, s: &str) -> &mut Self {
        self.write_u64(s.len() as u64);
        self.write(s.as_bytes());
        self
    }
}

impl Hasher for StableHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u16(&mut self, i: u16) {
        self.write(&i.to_le_bytes());
    }

    fn write_u32(&mut self, i: u32) {
        self.write(&i.to_le_bytes());
    }

    fn write_u64(&mut self, i: u64) {
        self.write(&i.to_le_bytes());
    }

    fn write_u128(&mut self, i: u128) {
        self.write(&i.to_le_bytes());
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    fn write_i16(&mut self, i: i16) {
        self.write(&i.to_le_bytes());
    }

    fn write_i32(&mut self, i: i32) {
        self.write(&i.to_le_bytes());
    }

    fn write_i64(&mut self, i: i64) {
        self.write(&i.to_le_bytes());
    }

    fn write_isize(&mut self, i: isize) {
        self.write_i64(i as i64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_of_known_bytes() {
        // FNV-1a 64 of "a" (published test vector).
        let mut h = StableHasher::new();
        h.write(b"a");
        assert_eq!(h.finish(), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn widths_do_not_depend_on_the_platform() {
        let mut a = StableHasher::new();
        a.write_usize(7);
        let mut b = StableHasher::new();
        b.write_u64(7);
        assert_eq!(a.finish(), b.finish());
    }
}
