//! Summoning patterns: grids as printed on the cards, their 8 symmetries, and matching on the board.
//!
//! Grid rows are written top to bottom as printed. Tokens, separated by spaces:
//! `.` any square; `T` the summoning square; `X` a summoning square that must hold one of your pieces
//! (`Xh`: your heroic-or-better piece); `c` your piece of any rank; `h` your heroic-or-better piece;
//! a digit marks a square the effect refers to (`1`, `2`), and may follow a piece letter (`c1`);
//! `n ne e se s sw w nw` are the arrows printed next to the summoning square.

use super::bitboard::{Bitboard, ShiftPlan};
use super::board::{Rank, arena};
use super::square::{Dir, Square};

/// One of the 8 symmetries of the square: an optional left-right mirror, then quarter turns anticlockwise.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Symmetry {
    pub mirror: bool,
    pub turns: u8,
}

impl Symmetry {
    pub const IDENTITY: Symmetry = Symmetry {
        mirror: false,
        turns: 0,
    };

    pub fn all() -> impl Iterator<Item = Symmetry> {
        (0..8u8).map(|i| Symmetry {
            mirror: i >= 4,
            turns: i % 4,
        })
    }

    /// Transforms an offset (files right, ranks up).
    pub fn apply(self, (mut x, mut y): (i8, i8)) -> (i8, i8) {
        if self.mirror {
            x = -x;
        }
        for _ in 0..self.turns {
            (x, y) = (-y, x);
        }
        (x, y)
    }

    /// The inverse transform.
    pub fn invert(self, (mut x, mut y): (i8, i8)) -> (i8, i8) {
        for _ in 0..self.turns {
            (x, y) = (y, -x);
        }
        if self.mirror {
            x = -x;
        }
        (x, y)
    }

    pub fn apply_dir(self, dir: Dir) -> Dir {
        let (x, y) = self.apply(dir.delta());
        Dir::from_delta(x, y).unwrap_or(dir)
    }
}

/// A square of the pattern that must hold one of your pieces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Cell {
    pub df: i8,
    pub dr: i8,
    pub min_rank: Rank,
}

/// A marked square (effects refer to marks by number).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Mark {
    pub df: i8,
    pub dr: i8,
    pub kind: u8,
}

/// What the summoning square itself requires.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TargetRule {
    /// Empty, or holding a piece the summoned piece may combat-leap onto.
    Open,
    /// Must hold one of your pieces of at least this rank (summoned "on top" of it).
    OwnPiece(Rank),
    /// No summoning square in the pattern: the pattern must be somewhere on the board, and the
    /// being lands on any empty square of this set (Time Traveler). Offsets are relative to the
    /// piece nearest the middle of the grid.
    Detached(Bitboard),
}

/// A pattern in one orientation, offsets relative to the summoning square.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Placement {
    pub symmetry: Symmetry,
    pub cells: Vec<Cell>,
    /// Per cell: the shift that brings a cell's pieces onto the summoning squares they allow.
    pub plans: Vec<ShiftPlan>,
    pub marks: Vec<Mark>,
    pub arrows: Vec<Dir>,
}

impl Placement {
    /// Squares of the pattern cells when the summoning square is `target` (all on the grid when matched).
    pub fn cell_squares(&self, target: Square) -> Bitboard {
        Bitboard::from_squares(self.cells.iter().filter_map(|c| target.offset(c.df, c.dr)))
    }

    /// Marked squares of one kind, on the arena.
    pub fn mark_squares(&self, target: Square, kind: u8) -> Bitboard {
        Bitboard::from_squares(
            self.marks
                .iter()
                .filter(|m| m.kind == kind)
                .filter_map(|m| target.offset(m.df, m.dr)),
        ) & arena::PLAYABLE
    }

    /// The mirror image of `sq` across the pattern's own vertical axis through the summoning square.
    pub fn mirror_square(&self, target: Square, sq: Square) -> Option<Square> {
        let rel = (sq.file() - target.file(), sq.rank() - target.rank());
        let (x, y) = self.symmetry.invert(rel);
        let (x, y) = self.symmetry.apply((-x, y));
        target.offset(x, y).filter(|s| arena::is_playable(*s))
    }
}

/// A card's pattern with its distinct orientations precomputed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pattern {
    pub grid: Vec<String>,
    pub target: TargetRule,
    /// Distinct orientations (symmetric patterns have fewer than 8).
    pub placements: Vec<Placement>,
}

/// Why a pattern grid is malformed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridError(pub String);

impl Pattern {
    /// Parses a printed grid and precomputes its orientations.
    pub fn parse(grid: &[String]) -> Result<Pattern, GridError> {
        Pattern::parse_with(grid, None)
    }

    /// Parses a grid without a summoning square: the being lands on an empty square of `lands`.
    pub fn parse_detached(grid: &[String], lands: Bitboard) -> Result<Pattern, GridError> {
        Pattern::parse_with(grid, Some(lands))
    }

    fn parse_with(grid: &[String], detached: Option<Bitboard>) -> Result<Pattern, GridError> {
        let mut target: Option<((i32, i32), TargetRule)> = None;
        let mut cells = Vec::new();
        let mut marks = Vec::new();
        let mut arrows = Vec::new();
        let mut width = None;
        for (y, row) in grid.iter().enumerate() {
            let tokens: Vec<&str> = row.split_whitespace().collect();
            if let Some(w) = width
                && w != tokens.len()
            {
                return Err(GridError(format!(
                    "row {} has {} cells but row 1 has {w}",
                    y + 1,
                    tokens.len()
                )));
            }
            width = Some(tokens.len());
            for (x, token) in tokens.iter().enumerate() {
                let at = (x as i32, y as i32);
                if let Some(dir) = Dir::from_name(token) {
                    arrows.push((at, dir));
                    continue;
                }
                let (head, digits) = token.split_at(
                    token
                        .find(|c: char| c.is_ascii_digit())
                        .unwrap_or(token.len()),
                );
                if !digits.is_empty() {
                    let kind: u8 = digits
                        .parse()
                        .ok()
                        .filter(|k| (1..=9).contains(k))
                        .ok_or_else(|| GridError(format!("bad mark `{token}`")))?;
                    marks.push((at, kind));
                }
                let rule = match head {
                    "" | "." => None,
                    "T" => Some(TargetRule::Open),
                    "X" => Some(TargetRule::OwnPiece(Rank::Common)),
                    "Xh" => Some(TargetRule::OwnPiece(Rank::Heroic)),
                    "c" => {
                        cells.push((at, Rank::Common));
                        None
                    }
                    "h" => {
                        cells.push((at, Rank::Heroic));
                        None
                    }
                    _ => {
                        return Err(GridError(format!(
                            "unknown token `{token}` in row {}",
                            y + 1
                        )));
                    }
                };
                if let Some(rule) = rule {
                    if target.is_some() {
                        return Err(GridError("more than one summoning square".into()));
                    }
                    target = Some((at, rule));
                }
            }
        }
        let ((tx, ty), rule) = match (target, detached) {
            (Some(t), None) => t,
            (None, Some(lands)) => {
                // Offsets are taken from the piece nearest the middle of the grid (the first such
                // piece on a tie), which is then a cell at (0, 0): a symmetric pattern keeps its
                // symmetry and has no more orientations than it shows.
                let (w, h) = (width.unwrap_or(0) as i32, grid.len() as i32);
                let Some(&(first, _)) = cells
                    .iter()
                    .min_by_key(|((x, y), _)| (2 * x - (w - 1)).pow(2) + (2 * y - (h - 1)).pow(2))
                else {
                    return Err(GridError("the pattern has no pieces".into()));
                };
                if !marks.is_empty() || !arrows.is_empty() {
                    return Err(GridError(
                        "a pattern without a summoning square has no marks or arrows".into(),
                    ));
                }
                (first, TargetRule::Detached(lands))
            }
            (Some(_), Some(_)) => {
                return Err(GridError(
                    "a being that `lands` anywhere has no summoning square (T or X)".into(),
                ));
            }
            (None, None) => {
                return Err(GridError(
                    "the pattern has no summoning square (T or X)".into(),
                ));
            }
        };
        if cells.is_empty() && rule == TargetRule::Open {
            return Err(GridError("the pattern has no pieces".into()));
        }
        // Card grid: x right, y down. Board: files right, ranks up.
        let rel = |(x, y): (i32, i32)| ((x - tx) as i8, (ty - y) as i8);
        let base_cells: Vec<Cell> = cells
            .iter()
            .map(|&(at, min_rank)| {
                let (df, dr) = rel(at);
                Cell { df, dr, min_rank }
            })
            .collect();
        let base_marks: Vec<Mark> = marks
            .iter()
            .map(|&(at, kind)| {
                let (df, dr) = rel(at);
                Mark { df, dr, kind }
            })
            .collect();
        let base_arrows: Vec<Dir> = arrows.iter().map(|&(_, d)| d).collect();
        for &((x, y), d) in &arrows {
            let (df, dr) = rel((x, y));
            if (df, dr) != d.delta() {
                return Err(GridError(format!(
                    "arrow `{d}` must sit on the square next to the summoning square in its own direction"
                )));
            }
        }

        let mut placements: Vec<Placement> = Vec::new();
        let mut seen: Vec<(Vec<Cell>, Vec<Mark>, Vec<Dir>)> = Vec::new();
        for sym in Symmetry::all() {
            let mut cells: Vec<Cell> = base_cells
                .iter()
                .map(|c| {
                    let (df, dr) = sym.apply((c.df, c.dr));
                    Cell {
                        df,
                        dr,
                        min_rank: c.min_rank,
                    }
                })
                .collect();
            let mut marks: Vec<Mark> = base_marks
                .iter()
                .map(|m| {
                    let (df, dr) = sym.apply((m.df, m.dr));
                    Mark {
                        df,
                        dr,
                        kind: m.kind,
                    }
                })
                .collect();
            let mut arrows: Vec<Dir> = base_arrows.iter().map(|d| sym.apply_dir(*d)).collect();
            // Heroic cells first: they are the scarcest pieces, so a failed match stops soonest.
            cells.sort_by_key(|c| (std::cmp::Reverse(c.min_rank), c.df, c.dr));
            marks.sort();
            arrows.sort();
            let key = (cells.clone(), marks.clone(), arrows.clone());
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let plans = cells
                .iter()
                .map(|c| Bitboard::shift_plan(-c.df, -c.dr))
                .collect();
            placements.push(Placement {
                symmetry: sym,
                cells,
                plans,
                marks,
                arrows,
            });
        }
        Ok(Pattern {
            grid: grid.to_vec(),
            target: rule,
            placements,
        })
    }

    /// Own pieces the pattern needs (the summoning square's own piece not counted).
    pub fn pieces_needed(&self) -> usize {
        self.placements[0].cells.len()
    }

    /// Heroic-or-better pieces the pattern needs.
    pub fn heroic_needed(&self) -> usize {
        self.placements[0]
            .cells
            .iter()
            .filter(|c| c.min_rank >= Rank::Heroic)
            .count()
    }

    /// Whether the pattern fits on the arena in at least one orientation and place: one that
    /// does not (wider or taller than the arena, or shaped to miss its corners) could never be
    /// summoned.
    pub fn fits_on_arena(&self) -> bool {
        self.placements.iter().any(|p| {
            Square::all().filter(|&t| arena::is_playable(t)).any(|t| {
                p.cells
                    .iter()
                    .all(|c| t.offset(c.df, c.dr).is_some_and(arena::is_playable))
            })
        })
    }

    /// Highest mark number used.
    pub fn max_mark(&self) -> u8 {
        self.placements[0]
            .marks
            .iter()
            .map(|m| m.kind)
            .max()
            .unwrap_or(0)
    }

    pub fn has_arrows(&self) -> bool {
        !self.placements[0].arrows.is_empty()
    }
}

/// Own pieces by minimum rank: `[any rank, heroic or better, legendary]`.
pub type PiecesAtLeast = [Bitboard; 3];

/// Summoning squares where `placement` is matched by `own` pieces (target rules not yet applied).
pub fn match_targets(placement: &Placement, own: &PiecesAtLeast) -> Bitboard {
    match_targets_within(placement, own, arena::PLAYABLE)
}

/// The summoning squares among `within` where `placement` is matched by `own` pieces. Starting
/// from the squares the being may land on, rather than filtering by them afterwards, lets the
/// match stop as soon as none of them is left: most cells' shifts are then skipped.
pub fn match_targets_within(
    placement: &Placement,
    own: &PiecesAtLeast,
    within: Bitboard,
) -> Bitboard {
    let mut targets = within;
    for (c, plan) in placement.cells.iter().zip(&placement.plans) {
        targets &= own[c.min_rank.index()].shift_by(plan);
        if targets.is_empty() {
            break;
        }
    }
    targets
}

/// The summoning squares among `within` where `placement` is matched with up to `voids` of the
/// common cells filled by empty squares instead of own pieces (Void Summoner).
pub fn match_targets_void(
    placement: &Placement,
    own: &PiecesAtLeast,
    empty: Bitboard,
    voids: u8,
    within: Bitboard,
) -> Bitboard {
    let matched = match voids {
        0 => match_with_voids::<0>,
        1 => match_with_voids::<1>,
        2 => match_with_voids::<2>,
        _ => match_with_voids::<3>,
    };
    matched(placement, own, empty, within).0
}

/// The summoning squares among `within` where `placement` is matched by `own` pieces now, and
/// those where it would be with one more common piece on one of the `empty` squares (the first
/// among them).
pub fn match_targets_now_and_near(
    placement: &Placement,
    own: &PiecesAtLeast,
    empty: Bitboard,
    within: Bitboard,
) -> (Bitboard, Bitboard) {
    let (near, now) = match_with_voids::<1>(placement, own, empty, within);
    (now, near)
}

/// The targets matched with at most `MOST` of the common cells filled by empty squares (3 or
/// more: any number of them), and those of them matched with none.
///
/// The evaluation asks this of every card in hand at every position it judges, so a target that
/// has used the empty squares it may is dropped at once (most placements then run out of targets
/// after a cell or two), and the bound is a constant, so each use compiles to its own loop.
#[inline]
fn match_with_voids<const MOST: u8>(
    placement: &Placement,
    own: &PiecesAtLeast,
    empty: Bitboard,
    within: Bitboard,
) -> (Bitboard, Bitboard) {
    let mut targets = within;
    // Bit-sliced counts of the empty squares each target has used: one or more, two or more.
    let (mut one, mut two) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for (c, plan) in placement.cells.iter().zip(&placement.plans) {
        let by_piece = own[c.min_rank.index()].shift_by(plan);
        if c.min_rank == Rank::Common && MOST > 0 {
            // Own pieces are never empty squares, so the two sets are apart.
            let by_void = empty.shift_by(plan);
            // A target that has used all the empty squares it may takes no more.
            let spent = match MOST {
                1 => one,
                2 => two,
                _ => Bitboard::EMPTY,
            };
            targets &= by_piece | (by_void - spent);
            let used = by_void & targets;
            two |= one & used;
            one |= used;
        } else {
            targets &= by_piece;
        }
        if targets.is_empty() {
            break;
        }
    }
    (targets, targets - one)
}

/// The summoning squares among `within` where exactly cell `borrowed` is filled by a borrowed
/// (enemy) piece and the others by own pieces.
pub fn match_targets_borrowing(
    placement: &Placement,
    own: &PiecesAtLeast,
    borrowable: &PiecesAtLeast,
    borrowed: usize,
    within: Bitboard,
) -> Bitboard {
    let mut targets = within;
    for (i, (c, plan)) in placement.cells.iter().zip(&placement.plans).enumerate() {
        let set = if i == borrowed { borrowable } else { own };
        targets &= set[c.min_rank.index()].shift_by(plan);
        if targets.is_empty() {
            break;
        }
    }
    targets
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Vec<String> {
        rows.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn symmetric_patterns_are_deduplicated() {
        // Swordmaster-like: two pieces in a line, marks on the diagonals.
        let p = Pattern::parse(&grid(&["1 c 1", ". T .", "1 c 1"])).unwrap();
        assert_eq!(p.placements.len(), 2);
        // Messenger-like diagonal: 4 orientations.
        let p = Pattern::parse(&grid(&["T . .", ". c .", ". . c"])).unwrap();
        assert_eq!(p.placements.len(), 4);
        // Fully asymmetric.
        let p = Pattern::parse(&grid(&["T c .", ". . c"])).unwrap();
        assert_eq!(p.placements.len(), 8);
        // Master of Intrigue: four corners, one orientation.
        let p = Pattern::parse(&grid(&["c1 . c1", ". T .", "c1 . c1"])).unwrap();
        assert_eq!(p.placements.len(), 1);
    }

    #[test]
    fn arrows_make_orientations_distinct() {
        let p = Pattern::parse(&grid(&["w T e", ". c c", ". c c"])).unwrap();
        assert_eq!(p.placements.len(), 8);
        assert!(Pattern::parse(&grid(&["e T w", ". c c"])).is_err());
    }

    #[test]
    fn bad_grids_are_rejected() {
        assert!(Pattern::parse(&grid(&["c c", "c c"])).is_err());
        assert!(Pattern::parse(&grid(&["T c", "c"])).is_err());
        assert!(Pattern::parse(&grid(&["T q"])).is_err());
        assert!(Pattern::parse(&grid(&["T T c"])).is_err());
    }

    #[test]
    fn symmetry_inverse() {
        for s in Symmetry::all() {
            for v in [(1, 0), (2, -1), (-3, 2)] {
                assert_eq!(s.invert(s.apply(v)), v);
            }
        }
    }

    #[test]
    fn matching_finds_targets() {
        // Sapling: T above two pieces.
        let p = Pattern::parse(&grid(&["T", "c", "c"])).unwrap();
        let e4: Square = "e4".parse().unwrap();
        let e3: Square = "e3".parse().unwrap();
        let own = Bitboard::from_squares([e4, e3]);
        let at = [own, Bitboard::EMPTY, Bitboard::EMPTY];
        let all: Bitboard = p
            .placements
            .iter()
            .fold(Bitboard::EMPTY, |acc, pl| acc | match_targets(pl, &at));
        let names: Vec<String> = all.iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["e2", "e5"]);
    }

    #[test]
    fn matching_within_squares_keeps_only_those() {
        let p = Pattern::parse(&grid(&["T", "c", "c"])).unwrap();
        let sq = |name: &str| -> Square { name.parse().unwrap() };
        let at = [
            Bitboard::from_squares([sq("e4"), sq("e3")]),
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        ];
        let within = Bitboard::from_squares([sq("e5"), sq("a1")]);
        for pl in &p.placements {
            assert_eq!(
                match_targets_within(pl, &at, within),
                match_targets(pl, &at) & within
            );
        }
        let found = p.placements.iter().fold(Bitboard::EMPTY, |acc, pl| {
            acc | match_targets_within(pl, &at, within)
        });
        assert_eq!(found, Bitboard::from_squares([sq("e5")]));
    }

    #[test]
    fn now_and_near_agree_with_the_void_counts() {
        // Boards drawn by a fixed linear congruential sequence: own pieces (some heroic) and
        // empty squares apart, as in a game.
        let patterns = [
            Pattern::parse(&grid(&["c c T", ". c ."])).unwrap(),
            Pattern::parse(&grid(&["h . c", "c T c", ". c ."])).unwrap(),
            Pattern::parse(&grid(&["c c c c X"])).unwrap(),
        ];
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = || {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            x >> 11
        };
        let (mut ready, mut short) = (0, 0);
        for _ in 0..200 {
            let (mut own, mut heroic, mut empty) = (0u128, 0u128, 0u128);
            for sq in arena::PLAYABLE {
                match next() % 8 {
                    0..=2 => own |= Bitboard::from_squares([sq]).0,
                    3 => {
                        own |= Bitboard::from_squares([sq]).0;
                        heroic |= Bitboard::from_squares([sq]).0;
                    }
                    4..=6 => empty |= Bitboard::from_squares([sq]).0,
                    _ => {}
                }
            }
            let at = [Bitboard(own), Bitboard(heroic), Bitboard::EMPTY];
            let empty = Bitboard(empty);
            for pattern in &patterns {
                for pl in &pattern.placements {
                    let (now, near) = match_targets_now_and_near(pl, &at, empty, arena::PLAYABLE);
                    assert_eq!(now, match_targets_void(pl, &at, empty, 0, arena::PLAYABLE));
                    assert_eq!(near, match_targets_void(pl, &at, empty, 1, arena::PLAYABLE));
                    ready += now.count();
                    short += (near - now).count();
                }
            }
        }
        // Both answers were exercised, not only empty sets.
        assert!(
            ready > 0 && short > 0,
            "{ready} matched, {short} a piece short"
        );
    }
}
