//! A set of grid squares as one `u128` (bit `i` = square index `i`).
//!
//! Pattern matching and area selection are whole-board set operations: shifting a set by an offset,
//! growing it by one king move, intersecting. Each is a handful of instructions, which is what lets
//! legal-move generation stay in the microsecond range.

use super::square::{Dir, Square};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

/// A set of squares of the 9x9 grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(from = "[u64; 2]", into = "[u64; 2]")]
pub struct Bitboard(pub u128);

/// Per square, the square one step away in each direction (empty off the grid), in
/// [`Dir::ALL`] order.
const STEPS: [[Bitboard; 8]; Square::COUNT] = {
    let mut table = [[Bitboard(0); 8]; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let mut d = 0;
        while d < 8 {
            table[i][d] = Bitboard(1u128 << i).step(Dir::ALL[d]);
            d += 1;
        }
        i += 1;
    }
    table
};

/// Low and high halves (JSON numbers stop at 64 bits), as the bot protocol's states write it.
impl From<Bitboard> for [u64; 2] {
    fn from(b: Bitboard) -> [u64; 2] {
        [b.0 as u64, (b.0 >> 64) as u64]
    }
}

/// Squares off the grid are dropped.
impl From<[u64; 2]> for Bitboard {
    fn from([low, high]: [u64; 2]) -> Bitboard {
        Bitboard((u128::from(high) << 64 | u128::from(low)) & GRID)
    }
}

const GRID: u128 = (1u128 << 81) - 1;

/// `FILES_FROM[f]`: every square whose file is `>= f`.
const fn files_from(f: i8) -> u128 {
    let mut bb = 0u128;
    let mut i = 0;
    while i < 81 {
        if (i % 9) as i8 >= f {
            bb |= 1u128 << i;
        }
        i += 1;
    }
    bb
}

/// `FILE_MASKS[f]` = squares with file `>= f`, precomputed so shifts cost a table lookup.
const FILE_MASKS: [u128; 10] = {
    let mut t = [0u128; 10];
    let mut f = 0;
    while f < 10 {
        t[f] = files_from(f as i8);
        f += 1;
    }
    t
};

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const GRID: Bitboard = Bitboard(GRID);

    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    pub fn from_squares(squares: impl IntoIterator<Item = Square>) -> Bitboard {
        squares
            .into_iter()
            .fold(Bitboard::EMPTY, |bb, sq| bb | Bitboard::from_square(sq))
    }

    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 == 1
    }

    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn any(self) -> bool {
        self.0 != 0
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square in the set.
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// Every square moved by `df` files and `dr` ranks; squares leaving the grid are dropped (no wrap).
    pub const fn shift(self, df: i8, dr: i8) -> Bitboard {
        // Drop the files that would wrap around before shifting.
        if df >= 9 || df <= -9 {
            return Bitboard(0);
        }
        let kept = if df > 0 {
            self.0 & GRID & !FILE_MASKS[(9 - df) as usize]
        } else if df < 0 {
            self.0 & FILE_MASKS[(-df) as usize]
        } else {
            self.0
        };
        let by = df as i32 + 9 * dr as i32;
        let moved = if by >= 0 {
            if by >= 128 { 0 } else { kept << by }
        } else if -by >= 128 {
            0
        } else {
            kept >> -by
        };
        Bitboard(moved & GRID)
    }

    /// The parameters of `shift(df, dr)` as a mask of squares that survive and a bit offset, so that a
    /// shift known in advance (a pattern cell) costs one AND and one shift.
    pub const fn shift_plan(df: i8, dr: i8) -> ShiftPlan {
        let keep = if df >= 9 || df <= -9 {
            0
        } else if df > 0 {
            GRID & !FILE_MASKS[(9 - df) as usize]
        } else if df < 0 {
            FILE_MASKS[(-df) as usize]
        } else {
            GRID
        };
        ShiftPlan {
            keep,
            by: df as i32 + 9 * dr as i32,
        }
    }

    /// Applies a precomputed shift.
    #[inline]
    pub const fn shift_by(self, plan: &ShiftPlan) -> Bitboard {
        let kept = self.0 & plan.keep;
        let moved = if plan.by >= 0 {
            if plan.by >= 128 { 0 } else { kept << plan.by }
        } else if -plan.by >= 128 {
            0
        } else {
            kept >> -plan.by
        };
        Bitboard(moved & GRID)
    }

    /// The squares one step from the set in `dir`.
    pub const fn step(self, dir: Dir) -> Bitboard {
        let (df, dr) = dir.delta();
        self.shift(df, dr)
    }

    /// The squares one step from `sq` in each direction whose bit ([`Dir::index`]) is set in
    /// `dirs`: a table read per direction, for the moves of effects, which the search generates
    /// at almost every step of its playouts.
    pub fn steps_from(sq: Square, dirs: u8) -> Bitboard {
        let row = &STEPS[sq.index()];
        let (mut out, mut bits) = (0, dirs);
        while bits != 0 {
            out |= row[bits.trailing_zeros() as usize].0;
            bits &= bits - 1;
        }
        Bitboard(out)
    }

    /// Squares at king distance exactly 1 from some square of the set, or in it.
    pub const fn grow(self) -> Bitboard {
        let row = self.0 | self.shift(1, 0).0 | self.shift(-1, 0).0;
        let b = Bitboard(row);
        Bitboard(row | b.shift(0, 1).0 | b.shift(0, -1).0)
    }

    /// Squares orthogonally next to some square of the set (the set itself not included).
    pub const fn orthogonal_ring(self) -> Bitboard {
        Bitboard(
            self.shift(1, 0).0 | self.shift(-1, 0).0 | self.shift(0, 1).0 | self.shift(0, -1).0,
        )
    }

    /// Squares diagonally next to some square of the set.
    pub const fn diagonal_ring(self) -> Bitboard {
        Bitboard(
            self.shift(1, 1).0 | self.shift(-1, 1).0 | self.shift(1, -1).0 | self.shift(-1, -1).0,
        )
    }

    /// Squares adjacent (8 neighbours) to some square of the set.
    pub const fn ring(self) -> Bitboard {
        Bitboard(self.orthogonal_ring().0 | self.diagonal_ring().0)
    }

    pub fn iter(self) -> BitIter {
        BitIter(self.0)
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.to_string()))
            .finish()
    }
}

/// A shift by a fixed offset, prepared by [`Bitboard::shift_plan`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ShiftPlan {
    keep: u128,
    by: i32,
}

/// Iterates squares in increasing index order.
pub struct BitIter(u128);

impl Iterator for BitIter {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Square::from_index(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitIter;
    fn into_iter(self) -> BitIter {
        self.iter()
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}
impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}
impl Sub for Bitboard {
    type Output = Bitboard;
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}
impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & GRID)
    }
}
impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}
impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn steps_from_a_square_are_the_shifts_of_it() {
        for i in 0..Square::COUNT {
            let Some(from) = Square::from_index(i) else {
                continue;
            };
            let origin = Bitboard::from_square(from);
            for dirs in 0..=u8::MAX {
                let shifted = Dir::ALL
                    .into_iter()
                    .filter(|d| dirs >> d.index() & 1 == 1)
                    .fold(Bitboard::EMPTY, |acc, d| acc | origin.step(d));
                assert_eq!(
                    Bitboard::steps_from(from, dirs),
                    shifted,
                    "{from} {dirs:08b}"
                );
            }
        }
        // A corner square has three neighbours on the grid.
        assert_eq!(Bitboard::steps_from(sq("a1"), 0xff).count(), 3);
    }

    #[test]
    fn shifts_do_not_wrap() {
        let i5 = Bitboard::from_square(sq("i5"));
        assert!(i5.shift(1, 0).is_empty());
        assert_eq!(i5.shift(-1, 0), Bitboard::from_square(sq("h5")));
        let a5 = Bitboard::from_square(sq("a5"));
        assert!(a5.shift(-2, 0).is_empty());
        assert_eq!(a5.shift(2, 1), Bitboard::from_square(sq("c6")));
        assert!(Bitboard::from_square(sq("e9")).shift(0, 1).is_empty());
        assert!(Bitboard::from_square(sq("e1")).shift(0, -1).is_empty());
    }

    #[test]
    fn rings() {
        let e5 = Bitboard::from_square(sq("e5"));
        assert_eq!(e5.ring().count(), 8);
        assert_eq!(e5.orthogonal_ring().count(), 4);
        assert_eq!(e5.grow().count(), 9);
        assert_eq!(Bitboard::from_square(sq("a1")).ring().count(), 3);
    }

    #[test]
    fn a_prepared_shift_is_the_plain_shift() {
        // Full grid, each single square, and some scattered sets, at every offset a pattern has.
        let mut sets = vec![Bitboard(GRID)];
        sets.extend((0..81).map(|i| Bitboard(1u128 << i)));
        let mut x: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834;
        for _ in 0..50 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            sets.push(Bitboard(x & GRID));
        }
        for df in -9..=9 {
            for dr in -9..=9 {
                let plan = Bitboard::shift_plan(df, dr);
                for set in &sets {
                    assert_eq!(set.shift_by(&plan), set.shift(df, dr), "{df},{dr}");
                }
            }
        }
    }
}
