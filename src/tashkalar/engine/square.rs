//! Squares and directions of the 9x9 grid, and their notation (`a1`..`i9`).
//!
//! A square is an index `rank * 9 + file`, with file 0 = `a` (left) and rank 0 = `1` (bottom, as seen by
//! the first seat). Whether a square belongs to the arena is the board's business (see `board.rs`).

use std::fmt;
use std::str::FromStr;

/// One of the 81 grid squares (12 of them are cut corners and never playable).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "u8", into = "u8")]
pub struct Square(u8);

impl Square {
    /// Number of grid squares (including the cut corners).
    pub const COUNT: usize = 81;

    /// The square at `file` (0 = a) and `rank` (0 = 1), if both are on the grid.
    pub const fn new(file: i8, rank: i8) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 9 {
            Some(Square((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    /// The square with this index (0..81).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Self::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..9 (`a`..`i`).
    pub const fn file(self) -> i8 {
        (self.0 % 9) as i8
    }

    /// Rank 0..9 (`1`..`9`).
    pub const fn rank(self) -> i8 {
        (self.0 / 9) as i8
    }

    /// The square `df` files right and `dr` ranks up, if it is on the grid.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::new(self.file() + df, self.rank() + dr)
    }

    /// The next square in a direction.
    pub const fn step(self, dir: Dir) -> Option<Square> {
        let (df, dr) = dir.delta();
        self.offset(df, dr)
    }

    /// King-move distance (the rules' "distance").
    pub fn distance(self, other: Square) -> u8 {
        let df = (self.file() - other.file()).unsigned_abs();
        let dr = (self.rank() - other.rank()).unsigned_abs();
        df.max(dr)
    }

    /// The direction from `self` to `other` if they share a line or diagonal.
    pub fn direction_to(self, other: Square) -> Option<Dir> {
        let df = other.file() - self.file();
        let dr = other.rank() - self.rank();
        if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
            return None;
        }
        Dir::from_delta(df.signum(), dr.signum())
    }

    /// All 81 grid squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSquare(pub String);

impl fmt::Display for BadSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a square (expected a1..i9)", self.0)
    }
}

impl std::error::Error for BadSquare {}

/// A square as a number (its index), as the bot protocol's game states write it.
impl From<Square> for u8 {
    fn from(sq: Square) -> u8 {
        sq.0
    }
}

/// Reads a square's index, refusing numbers off the grid.
impl TryFrom<u8> for Square {
    type Error = BadSquare;
    fn try_from(i: u8) -> Result<Self, Self::Error> {
        if (i as usize) < Square::COUNT {
            Ok(Square(i))
        } else {
            Err(BadSquare(i.to_string()))
        }
    }
}

impl FromStr for Square {
    type Err = BadSquare;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return Err(BadSquare(s.to_string()));
        }
        let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        Square::new(file as i8, rank as i8)
            .filter(|_| file < 9 && rank < 9)
            .ok_or_else(|| BadSquare(s.to_string()))
    }
}

/// One of the eight directions of a king move, clockwise from north (towards rank 9).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize, serde::Deserialize,
)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];

    /// (files, ranks) of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    pub fn from_delta(df: i8, dr: i8) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.delta() == (df, dr))
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 8]
    }

    /// The direction turned clockwise by `eighths` of a full turn (negative = anticlockwise).
    pub fn turn(self, eighths: i8) -> Dir {
        Dir::from_index((self.index() as i8 + eighths).rem_euclid(8) as usize)
    }

    pub fn is_diagonal(self) -> bool {
        self.index() % 2 == 1
    }

    /// Whether two directions differ by at most 45 degrees.
    pub fn within_45(self, other: Dir) -> bool {
        let d = (self.index() as i8 - other.index() as i8).rem_euclid(8);
        d <= 1 || d == 7
    }

    pub fn name(self) -> &'static str {
        match self {
            Dir::N => "n",
            Dir::NE => "ne",
            Dir::E => "e",
            Dir::SE => "se",
            Dir::S => "s",
            Dir::SW => "sw",
            Dir::W => "w",
            Dir::NW => "nw",
        }
    }

    pub fn from_name(s: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == s)
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for sq in Square::all() {
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>(), Ok(sq));
        }
        assert_eq!(
            "e5".parse::<Square>().map(|s| (s.file(), s.rank())),
            Ok((4, 4))
        );
        assert!("j1".parse::<Square>().is_err());
        assert!("a0".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
        assert!("e55".parse::<Square>().is_err());
    }

    #[test]
    fn directions() {
        assert!(Dir::N.within_45(Dir::NE));
        assert!(Dir::N.within_45(Dir::NW));
        assert!(!Dir::N.within_45(Dir::E));
        assert_eq!(Dir::NW.turn(1), Dir::N);
        assert_eq!(Dir::N.turn(-1), Dir::NW);
        let e5: Square = "e5".parse().unwrap();
        let g7: Square = "g7".parse().unwrap();
        assert_eq!(e5.direction_to(g7), Some(Dir::NE));
        assert_eq!(e5.distance(g7), 2);
    }
}
