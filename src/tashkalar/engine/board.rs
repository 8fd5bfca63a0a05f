//! The arena (69 playable squares, coloured squares), pieces, and the board that holds them.

use super::bitboard::Bitboard;
use super::square::Square;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The rank of a piece: common and heroic are two sides of one disc; legendary pieces are separate.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Rank {
    Common,
    Heroic,
    Legendary,
}

impl Rank {
    pub const ALL: [Rank; 3] = [Rank::Common, Rank::Heroic, Rank::Legendary];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Rank {
        Rank::ALL[i.min(2)]
    }

    /// One rank up, if there is one.
    pub fn up(self) -> Option<Rank> {
        match self {
            Rank::Common => Some(Rank::Heroic),
            Rank::Heroic => Some(Rank::Legendary),
            Rank::Legendary => None,
        }
    }

    /// One rank down, if there is one.
    pub fn down(self) -> Option<Rank> {
        match self {
            Rank::Common => None,
            Rank::Heroic => Some(Rank::Common),
            Rank::Legendary => Some(Rank::Heroic),
        }
    }

    /// Scenario letter: `c`, `h`, `l`.
    pub fn letter(self) -> char {
        match self {
            Rank::Common => 'c',
            Rank::Heroic => 'h',
            Rank::Legendary => 'l',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rank::Common => "common",
            Rank::Heroic => "heroic",
            Rank::Legendary => "legendary",
        }
    }

    /// Common and heroic pieces share one pool of discs; legendary pieces have their own.
    pub fn is_disc(self) -> bool {
        self != Rank::Legendary
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of ranks (bit per rank), used by selectors.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct RankSet(pub u8);

impl RankSet {
    pub const NONE: RankSet = RankSet(0);
    pub const ALL: RankSet = RankSet(0b111);
    pub const COMMON: RankSet = RankSet(0b001);
    pub const HEROIC: RankSet = RankSet(0b010);
    pub const LEGENDARY: RankSet = RankSet(0b100);
    pub const UPGRADED: RankSet = RankSet(0b110);
    pub const NON_LEGENDARY: RankSet = RankSet(0b011);

    pub const fn of(rank: Rank) -> RankSet {
        RankSet(1 << rank as u8)
    }

    pub const fn contains(self, rank: Rank) -> bool {
        self.0 >> rank as u8 & 1 == 1
    }

    /// Ranks at or above `rank` (a pattern cell accepts the printed rank or higher).
    pub const fn at_least(rank: Rank) -> RankSet {
        RankSet(0b111 & !((1 << rank as u8) - 1))
    }

    /// Ranks strictly below `rank`.
    pub const fn below(rank: Rank) -> RankSet {
        RankSet(0b111 & ((1 << rank as u8) - 1))
    }

    /// Ranks strictly above `rank`.
    pub const fn above(rank: Rank) -> RankSet {
        RankSet(0b111 & !((2 << rank as u8) - 1))
    }

    pub fn ranks(self) -> impl Iterator<Item = Rank> {
        Rank::ALL.into_iter().filter(move |r| self.contains(*r))
    }
}

/// The colour of a set of pieces. Seats own colours (in the team game two seats share one).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
pub struct Colour(pub u8);

impl Colour {
    pub const MAX: usize = 4;

    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A colour as the table counts player colours (the theme's colours are indexed by it).
impl From<Colour> for usize {
    fn from(colour: Colour) -> usize {
        colour.index()
    }
}

/// A piece on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub colour: Colour,
    pub rank: Rank,
}

/// The fixed geometry of the arena.
pub mod arena {
    use super::*;

    const fn build(squares: &[(i8, i8)]) -> Bitboard {
        let mut bb = 0u128;
        let mut i = 0;
        while i < squares.len() {
            let (f, r) = squares[i];
            bb |= 1u128 << (r * 9 + f) as u32;
            i += 1;
        }
        Bitboard(bb)
    }

    const fn playable() -> Bitboard {
        // x = file+1, y = 9-rank in the reference data: x+y>3, x+y<17, x-y<7, y-x<7.
        let mut bb = 0u128;
        let mut i = 0;
        while i < 81 {
            let x = (i % 9) + 1;
            let y = 9 - (i / 9);
            if x + y > 3 && x + y < 17 && x - y < 7 && y - x < 7 {
                bb |= 1u128 << i;
            }
            i += 1;
        }
        Bitboard(bb)
    }

    /// The 69 squares of the arena.
    pub const PLAYABLE: Bitboard = playable();
    /// Red squares: c2 d8 e5 h4.
    pub const RED: Bitboard = build(&[(2, 1), (3, 7), (4, 4), (7, 3)]);
    /// Green squares: a5 c7 f2 g7 i6.
    pub const GREEN: Bitboard = build(&[(0, 4), (2, 6), (5, 1), (6, 6), (8, 5)]);
    /// The nine central squares d4-f6.
    pub const CENTRAL: Bitboard = build(&[
        (3, 3),
        (4, 3),
        (5, 3),
        (3, 4),
        (4, 4),
        (5, 4),
        (3, 5),
        (4, 5),
        (5, 5),
    ]);
    /// Deathmatch duel start squares c5 and g5.
    pub const DUEL_START: [Square; 2] = [sq(2, 4), sq(6, 4)];
    /// Melee start pairs, one piece next to each melee symbol: f8/g8, g4/g3, b3/c3.
    pub const MELEE_START: [[Square; 2]; 3] = [
        [sq(5, 7), sq(6, 7)],
        [sq(6, 3), sq(6, 2)],
        [sq(1, 2), sq(2, 2)],
    ];

    const fn sq(f: i8, r: i8) -> Square {
        match Square::new(f, r) {
            Some(s) => s,
            None => panic!("arena constant off the grid"),
        }
    }

    pub fn is_playable(sq: Square) -> bool {
        PLAYABLE.contains(sq)
    }
}

/// Kinds of arena squares that effects and tasks refer to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum SquareKind {
    Red,
    Green,
    /// Red or green.
    Coloured,
    Central,
    /// Every playable square.
    Any,
}

impl SquareKind {
    pub fn squares(self) -> Bitboard {
        match self {
            SquareKind::Red => arena::RED,
            SquareKind::Green => arena::GREEN,
            SquareKind::Coloured => arena::RED | arena::GREEN,
            SquareKind::Central => arena::CENTRAL,
            SquareKind::Any => arena::PLAYABLE,
        }
    }
}

/// Pieces on the arena: a mailbox for lookups plus bitboards for set operations.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// 0 = empty, otherwise `1 + colour * 3 + rank`.
    cells: [u8; 81],
    by_colour: [Bitboard; Colour::MAX],
    by_rank: [Bitboard; 3],
}

impl Default for Board {
    fn default() -> Self {
        Board {
            cells: [0; 81],
            by_colour: [Bitboard::EMPTY; 4],
            by_rank: [Bitboard::EMPTY; 3],
        }
    }
}

impl Board {
    pub fn get(&self, sq: Square) -> Option<Piece> {
        match self.cells[sq.index()] {
            0 => None,
            v => {
                let v = v - 1;
                Some(Piece {
                    colour: Colour(v / 3),
                    rank: Rank::from_index((v % 3) as usize),
                })
            }
        }
    }

    /// Puts a piece on an empty square. The caller guarantees the square is empty and playable.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.cells[sq.index()] == 0, "put on occupied square {sq}");
        self.cells[sq.index()] = 1 + piece.colour.0 * 3 + piece.rank as u8;
        self.by_colour[piece.colour.index()].insert(sq);
        self.by_rank[piece.rank.index()].insert(sq);
    }

    /// Removes and returns whatever is on the square.
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.get(sq)?;
        self.cells[sq.index()] = 0;
        self.by_colour[piece.colour.index()].remove(sq);
        self.by_rank[piece.rank.index()].remove(sq);
        Some(piece)
    }

    pub fn occupied(&self) -> Bitboard {
        self.by_rank[0] | self.by_rank[1] | self.by_rank[2]
    }

    pub fn empty_squares(&self) -> Bitboard {
        arena::PLAYABLE - self.occupied()
    }

    pub fn colour(&self, c: Colour) -> Bitboard {
        self.by_colour[c.index()]
    }

    pub fn rank(&self, r: Rank) -> Bitboard {
        self.by_rank[r.index()]
    }

    pub fn ranks(&self, set: RankSet) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for r in set.ranks() {
            bb |= self.by_rank[r.index()];
        }
        bb
    }

    /// Pieces of one colour whose rank is in `set`.
    pub fn pieces(&self, c: Colour, set: RankSet) -> Bitboard {
        self.by_colour[c.index()] & self.ranks(set)
    }

    pub fn count(&self, c: Colour, set: RankSet) -> u32 {
        self.pieces(c, set).count()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..9).rev() {
            for file in 0..9 {
                let sq = Square::new(file, rank).expect("grid square");
                let cell = match self.get(sq) {
                    Some(p) => format!("{}{}", p.colour.0 + 1, p.rank.letter()),
                    None if arena::is_playable(sq) => "..".into(),
                    None => "##".into(),
                };
                write!(f, "{cell} ")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Pieces of one colour that are not on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Supply {
    /// Two-sided common/heroic discs in the supply.
    pub discs: u8,
    /// Legendary pieces in the supply.
    pub legendary: u8,
    /// Discs removed from the game (Deathbringer).
    pub removed_discs: u8,
    /// Legendary pieces removed from the game.
    pub removed_legendary: u8,
}

impl Supply {
    pub fn has(&self, rank: Rank) -> bool {
        if rank.is_disc() {
            self.discs > 0
        } else {
            self.legendary > 0
        }
    }

    pub fn take(&mut self, rank: Rank) -> bool {
        let pool = if rank.is_disc() {
            &mut self.discs
        } else {
            &mut self.legendary
        };
        if *pool == 0 {
            return false;
        }
        *pool -= 1;
        true
    }

    pub fn give_back(&mut self, rank: Rank) {
        // Saturating: a supply read from outside (the bot protocol) may already be full.
        if rank.is_disc() {
            self.discs = self.discs.saturating_add(1);
        } else {
            self.legendary = self.legendary.saturating_add(1);
        }
    }

    pub fn remove_from_game(&mut self, rank: Rank) {
        if rank.is_disc() {
            self.removed_discs += 1;
        } else {
            self.removed_legendary += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arena_has_69_squares() {
        assert_eq!(arena::PLAYABLE.count(), 69);
        for cut in [
            "a1", "b1", "a2", "h1", "i1", "i2", "a8", "a9", "b9", "h9", "i9", "i8",
        ] {
            assert!(!arena::is_playable(cut.parse().unwrap()), "{cut}");
        }
        for s in ["c1", "a3", "e5", "i7", "g9"] {
            assert!(arena::is_playable(s.parse().unwrap()), "{s}");
        }
    }

    #[test]
    fn coloured_squares_match_the_notation() {
        let names = |bb: Bitboard| bb.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(names(arena::RED), ["c2", "h4", "e5", "d8"]);
        assert_eq!(names(arena::GREEN), ["f2", "a5", "i6", "c7", "g7"]);
        assert_eq!(arena::CENTRAL.count(), 9);
        assert_eq!(arena::DUEL_START.map(|s| s.to_string()), ["c5", "g5"]);
        assert_eq!(arena::MELEE_START[1].map(|s| s.to_string()), ["g4", "g3"]);
    }

    #[test]
    fn board_put_take() {
        let mut b = Board::default();
        let e5: Square = "e5".parse().unwrap();
        b.put(
            e5,
            Piece {
                colour: Colour(1),
                rank: Rank::Heroic,
            },
        );
        assert_eq!(b.count(Colour(1), RankSet::UPGRADED), 1);
        assert_eq!(
            b.take(e5),
            Some(Piece {
                colour: Colour(1),
                rank: Rank::Heroic
            })
        );
        assert!(b.occupied().is_empty());
    }

    #[test]
    fn rank_sets() {
        assert_eq!(RankSet::at_least(Rank::Heroic), RankSet::UPGRADED);
        assert_eq!(RankSet::above(Rank::Common), RankSet::UPGRADED);
        assert_eq!(RankSet::above(Rank::Legendary), RankSet::NONE);
        assert_eq!(RankSet::at_least(Rank::Common), RankSet::ALL);
    }
}
