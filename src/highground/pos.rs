//! Where cards lie: a square grid with the first card laid at `0,0`, x growing east and y north.
//!
//! Cards touch long side to short side, so neighbours always differ in orientation: on the grid the
//! orientation is fixed by the position's parity (the centre card stands upright; a card at `x,y`
//! stands upright when `x + y` is even and lies sideways otherwise). Only orthogonal neighbours are
//! adjacent; cards meeting at a corner are not.

use std::cmp::Ordering;
use std::fmt;

/// How far from the centre a card may lie. The 54 cards of a deck cannot reach further, so this
/// only bounds positions read from text.
pub const LIMIT: i8 = 60;

/// A grid position: `x` east, `y` north, the centre card at `0,0`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pos {
    pub x: i8,
    pub y: i8,
}

impl Pos {
    /// The centre, where the first card is laid.
    pub const CENTRE: Pos = Pos { x: 0, y: 0 };

    pub const fn new(x: i8, y: i8) -> Pos {
        Pos { x, y }
    }

    /// The four orthogonal neighbours in reading order: north, west, east, south (those inside
    /// [`LIMIT`]).
    pub fn neighbours(self) -> impl Iterator<Item = Pos> {
        [(0, 1), (-1, 0), (1, 0), (0, -1)]
            .into_iter()
            .map(move |(dx, dy)| (self.x as i16 + dx, self.y as i16 + dy))
            .filter(|(x, y)| x.abs() <= LIMIT as i16 && y.abs() <= LIMIT as i16)
            .map(|(x, y)| Pos::new(x as i8, y as i8))
    }

    /// Whether `other` is an orthogonal neighbour.
    pub fn touches(self, other: Pos) -> bool {
        (self.x as i16 - other.x as i16).abs() + (self.y as i16 - other.y as i16).abs() == 1
    }

    /// How a card lies here (the orientation rule).
    pub fn orientation(self) -> Orientation {
        if (self.x as i16 + self.y as i16) % 2 == 0 {
            Orientation::Upright
        } else {
            Orientation::Sideways
        }
    }

    /// Reads `x,y` (signed whole numbers within [`LIMIT`]).
    pub fn parse(text: &str) -> Option<Pos> {
        let (x, y) = text.split_once(',')?;
        let x: i8 = x.trim().parse().ok()?;
        let y: i8 = y.trim().parse().ok()?;
        (x.abs() <= LIMIT && y.abs() <= LIMIT).then_some(Pos::new(x, y))
    }
}

/// Reading order: the northern row first, west to east within a row. Lists of positions (and so
/// of choices) come in this order.
impl Ord for Pos {
    fn cmp(&self, other: &Pos) -> Ordering {
        other.y.cmp(&self.y).then(self.x.cmp(&other.x))
    }
}

impl PartialOrd for Pos {
    fn partial_cmp(&self, other: &Pos) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// How a card lies on the table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Orientation {
    /// Long side north-south (`|`).
    Upright,
    /// Long side east-west (`-`).
    Sideways,
}

impl Orientation {
    /// `|` or `-`.
    pub fn symbol(self) -> char {
        match self {
            Orientation::Upright => '|',
            Orientation::Sideways => '-',
        }
    }
}

/// Where a King is laid around the first nine (or five) cards.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    North,
    East,
    South,
    West,
    NorthEast,
    SouthEast,
    SouthWest,
    NorthWest,
}

impl Side {
    /// The sides of the full game: beyond the middle of each edge of the 3x3.
    pub const ORTHOGONAL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];
    /// The sides of Mini-High Ground: the corners of its 3x3.
    pub const CORNERS: [Side; 4] = [
        Side::NorthEast,
        Side::SouthEast,
        Side::SouthWest,
        Side::NorthWest,
    ];

    /// The King's position on this side.
    pub fn pos(self) -> Pos {
        match self {
            Side::North => Pos::new(0, 2),
            Side::East => Pos::new(2, 0),
            Side::South => Pos::new(0, -2),
            Side::West => Pos::new(-2, 0),
            Side::NorthEast => Pos::new(1, 1),
            Side::SouthEast => Pos::new(1, -1),
            Side::SouthWest => Pos::new(-1, -1),
            Side::NorthWest => Pos::new(-1, 1),
        }
    }

    /// The short name used in notation: `n`, `e`, `s`, `w`, `ne`, `se`, `sw`, `nw`.
    pub fn name(self) -> &'static str {
        match self {
            Side::North => "n",
            Side::East => "e",
            Side::South => "s",
            Side::West => "w",
            Side::NorthEast => "ne",
            Side::SouthEast => "se",
            Side::SouthWest => "sw",
            Side::NorthWest => "nw",
        }
    }

    /// Reads a short name.
    pub fn parse(text: &str) -> Option<Side> {
        Side::ORTHOGONAL
            .into_iter()
            .chain(Side::CORNERS)
            .find(|s| s.name() == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_back_and_sort_in_reading_order() {
        for text in ["0,0", "-1,2", "60,-60"] {
            assert_eq!(
                Pos::parse(text).map(|p| p.to_string()).as_deref(),
                Some(text)
            );
        }
        assert_eq!(Pos::parse("61,0"), None);
        let mut list = vec![
            Pos::new(0, -1),
            Pos::new(1, 1),
            Pos::new(-1, 1),
            Pos::new(0, 0),
        ];
        list.sort();
        assert_eq!(
            list,
            [
                Pos::new(-1, 1),
                Pos::new(1, 1),
                Pos::new(0, 0),
                Pos::new(0, -1)
            ]
        );
    }

    #[test]
    fn neighbours_alternate_orientation() {
        for n in Pos::CENTRE.neighbours() {
            assert_eq!(n.orientation(), Orientation::Sideways);
            assert!(n.touches(Pos::CENTRE));
        }
        assert_eq!(Side::North.pos().orientation(), Orientation::Upright);
        assert_eq!(Side::NorthEast.pos().orientation(), Orientation::Upright);
    }
}
