//! Pyramids and the stacks they form on territories.
//!
//! Each seat has two trios (Mini-High Ground: one) of a small, a medium and a large pyramid. A
//! pyramid is named by its seat, size and the trio it started in: `1Lt` is seat 1's large pyramid
//! of the tree, `2Sn` seat 2's small pyramid of the nest.
//!
//! Pyramids on a territory form stacks, listed bottom first. A pyramid's status follows from the
//! pyramid directly on it in its stack: one of the same size or larger covers it (it is
//! **trapped**); a smaller one sits on it (it is **hobbled**); nothing above, it is **free**. So the tree (large,
//! medium, small from the bottom) has a hobbled large and medium and a free small, and the nest
//! (small inside medium inside large) has a trapped small and medium and a free large.

use super::pos::Pos;
use std::fmt;

/// A pyramid's size.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Size {
    Small,
    Medium,
    Large,
}

impl Size {
    pub const ALL: [Size; 3] = [Size::Small, Size::Medium, Size::Large];

    /// `S`, `M` or `L`.
    pub fn letter(self) -> char {
        match self {
            Size::Small => 'S',
            Size::Medium => 'M',
            Size::Large => 'L',
        }
    }

    /// Pips, as Icehouse pieces count them (small 1, medium 2, large 3).
    pub fn pips(self) -> u8 {
        self as u8 + 1
    }
}

/// The trio a pyramid started in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Trio {
    /// Stacked upward on the King: large, medium, small.
    Tree,
    /// Nested on the King: the small inside the medium inside the large.
    Nest,
}

impl Trio {
    /// `t` or `n`.
    pub fn letter(self) -> char {
        match self {
            Trio::Tree => 't',
            Trio::Nest => 'n',
        }
    }
}

/// One pyramid: seat (0-based), size and trio in one small number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PieceId(u8);

impl PieceId {
    /// The pyramid of `seat` (0-3) of this size from this trio.
    pub fn new(seat: u8, size: Size, trio: Trio) -> PieceId {
        PieceId(seat * 6 + size as u8 * 2 + trio as u8)
    }

    /// The owning seat (0-based).
    pub fn seat(self) -> u8 {
        self.0 / 6
    }

    pub fn size(self) -> Size {
        Size::ALL[((self.0 % 6) / 2) as usize]
    }

    pub fn trio(self) -> Trio {
        if self.0.is_multiple_of(2) {
            Trio::Tree
        } else {
            Trio::Nest
        }
    }

    /// A small number unique to each pyramid (for hashing and ordering).
    pub fn code(self) -> u8 {
        self.0
    }

    /// Reads a name like `1Lt`: seat 1-4, size `S`/`M`/`L`, trio `t`/`n`.
    pub fn parse(text: &str) -> Option<PieceId> {
        let b = text.as_bytes();
        if b.len() != 3 || !(b'1'..=b'4').contains(&b[0]) {
            return None;
        }
        let size = match b[1] {
            b'S' => Size::Small,
            b'M' => Size::Medium,
            b'L' => Size::Large,
            _ => return None,
        };
        let trio = match b[2] {
            b't' => Trio::Tree,
            b'n' => Trio::Nest,
            _ => return None,
        };
        Some(PieceId::new(b[0] - b'1', size, trio))
    }
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.seat() + 1,
            self.size().letter(),
            self.trio().letter()
        )
    }
}

/// What a pyramid may do, from what lies above it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    /// Nothing above it.
    Free,
    /// A smaller pyramid directly on it: it may move, but never onto a higher territory.
    Hobbled,
    /// Covered directly by a pyramid of its size or larger: it may do nothing.
    Trapped,
}

/// The most pyramids a game has (four seats, two trios each).
pub const MAX_PIECES: usize = 24;

/// Pyramids piled on one territory, bottom first (never empty). Held inline so that copying a
/// game (which search does all the time) allocates once for all the stacks.
#[derive(Clone, Copy, Debug)]
pub struct Stack {
    pub pos: Pos,
    len: u8,
    items: [PieceId; MAX_PIECES],
}

// Two stacks are equal when they hold the same pyramids at the same place: the slots past the
// top keep whatever was last there and are no part of the stack.
impl PartialEq for Stack {
    fn eq(&self, other: &Stack) -> bool {
        self.pos == other.pos && self.pieces() == other.pieces()
    }
}

impl Eq for Stack {}

impl std::hash::Hash for Stack {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.pos.hash(state);
        self.pieces().hash(state);
    }
}

impl Stack {
    fn new(pos: Pos, pieces: &[PieceId]) -> Stack {
        let mut s = Stack {
            pos,
            len: 0,
            items: [PieceId(0); MAX_PIECES],
        };
        s.extend(pieces);
        s
    }

    /// The pyramids, bottom first.
    pub fn pieces(&self) -> &[PieceId] {
        &self.items[..self.len as usize]
    }

    fn extend(&mut self, pieces: &[PieceId]) {
        for &p in pieces {
            if (self.len as usize) < MAX_PIECES {
                self.items[self.len as usize] = p;
                self.len += 1;
            }
        }
    }

    /// Cuts the stack at `height`: returns the pyramids from there up.
    fn split_off(&mut self, height: usize) -> Vec<PieceId> {
        let group = self.pieces()[height.min(self.len as usize)..].to_vec();
        self.len = height.min(self.len as usize) as u8;
        group
    }

    fn remove(&mut self, height: usize) {
        let n = self.len as usize;
        if height < n {
            self.items.copy_within(height + 1..n, height);
            self.len -= 1;
        }
    }

    /// The pyramid on top.
    pub fn top(&self) -> PieceId {
        self.items[(self.len as usize).saturating_sub(1)]
    }

    /// Whether `id` is in this stack.
    pub fn contains(&self, id: PieceId) -> bool {
        self.pieces().contains(&id)
    }

    /// The status of the pyramid at `height` (0 = bottom), from the pyramid directly on it (the
    /// one that attacked it, or was stacked on it): none, free; a smaller one, hobbled; one of its
    /// size or larger, trapped. What lies further up does not count: *"Trapped = When a larger
    /// piece attacks a smaller piece"*, and a pyramid covering the one on top of this one attacked
    /// that one, not this.
    pub fn status_at(&self, height: usize) -> Status {
        let pieces = self.pieces();
        let (Some(me), Some(on)) = (pieces.get(height), pieces.get(height + 1)) else {
            return Status::Free;
        };
        if on.size() >= me.size() {
            Status::Trapped
        } else {
            Status::Hobbled
        }
    }
}

/// Where a pyramid is: the index of its stack and its height in it.
const NOWHERE: (u8, u8) = (u8::MAX, u8::MAX);

/// Every pyramid on the board, as stacks in a canonical order (by position, then by the bottom
/// pyramid), so that equal positions compare and hash equal however they came about.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Pyramids {
    stacks: Vec<Stack>,
    /// Per pyramid (by code), where it is: kept with the stacks, for quick look-ups.
    at: [(u8, u8); MAX_PIECES],
}

impl Default for Pyramids {
    fn default() -> Pyramids {
        Pyramids {
            stacks: Vec::new(),
            at: [NOWHERE; MAX_PIECES],
        }
    }
}

impl Pyramids {
    /// The stacks in canonical order.
    pub fn stacks(&self) -> &[Stack] {
        &self.stacks
    }

    /// The stacks on the territory at `pos`.
    pub fn stacks_at(&self, pos: Pos) -> impl Iterator<Item = &Stack> + '_ {
        self.stacks.iter().filter(move |s| s.pos == pos)
    }

    /// Where `id` is: the index of its stack and its height in it.
    fn find(&self, id: PieceId) -> Option<(usize, usize)> {
        match self.at.get(id.0 as usize) {
            Some(&(i, h)) if (i, h) != NOWHERE => Some((i as usize, h as usize)),
            _ => None,
        }
    }

    /// The stack holding `id`.
    pub fn stack_of(&self, id: PieceId) -> Option<&Stack> {
        self.find(id).map(|(i, _)| &self.stacks[i])
    }

    /// The territory `id` stands on, if it is on the board.
    pub fn pos_of(&self, id: PieceId) -> Option<Pos> {
        self.find(id).map(|(i, _)| self.stacks[i].pos)
    }

    /// The status of `id`, if it is on the board.
    pub fn status(&self, id: PieceId) -> Option<Status> {
        self.find(id).map(|(i, h)| self.stacks[i].status_at(h))
    }

    /// The pyramid directly below `id`.
    pub fn below(&self, id: PieceId) -> Option<PieceId> {
        let (i, h) = self.find(id)?;
        h.checked_sub(1).map(|b| self.stacks[i].pieces()[b])
    }

    /// Whether `id` is on the board.
    pub fn contains(&self, id: PieceId) -> bool {
        self.find(id).is_some()
    }

    /// Every pyramid on the board with its position and status, in canonical stack order.
    pub fn all(&self) -> impl Iterator<Item = (PieceId, Pos, Status)> + '_ {
        self.stacks
            .iter()
            .flat_map(|s| (0..s.len as usize).map(move |h| (s.pieces()[h], s.pos, s.status_at(h))))
    }

    /// How many of `seat`'s pyramids are on the board.
    pub fn count(&self, seat: u8) -> usize {
        let first = seat as usize * 6;
        self.at
            .get(first..first + 6)
            .map_or(0, |list| list.iter().filter(|l| **l != NOWHERE).count())
    }

    /// The seats with a pyramid on the territory at `pos`, as a bit set (bit 0: seat 1).
    pub fn seats_mask_at(&self, pos: Pos) -> u8 {
        self.stacks_at(pos)
            .flat_map(|s| s.pieces())
            .fold(0, |mask, p| mask | 1 << p.seat())
    }

    /// The seats with a pyramid on the territory at `pos`, in seat order.
    pub fn seats_at(&self, pos: Pos) -> Vec<u8> {
        let mask = self.seats_mask_at(pos);
        (0..4).filter(|s| mask & (1 << s) != 0).collect()
    }

    fn normalize(&mut self) {
        self.stacks.retain(|s| s.len > 0);
        self.stacks
            .sort_by(|a, b| a.pos.cmp(&b.pos).then(a.items[0].cmp(&b.items[0])));
        self.at = [NOWHERE; MAX_PIECES];
        for (i, s) in self.stacks.iter().enumerate() {
            for (h, p) in s.pieces().iter().enumerate() {
                if let Some(slot) = self.at.get_mut(p.0 as usize) {
                    *slot = (i as u8, h as u8);
                }
            }
        }
    }

    /// Takes `id` off the board with everything above it (a moving pyramid carries the
    /// pyramids sitting on it); returns them bottom first.
    pub(crate) fn lift(&mut self, id: PieceId) -> Vec<PieceId> {
        let Some((i, h)) = self.find(id) else {
            return Vec::new();
        };
        let group = self.stacks[i].split_off(h);
        self.normalize();
        group
    }

    /// Takes `id` alone off the board; whatever was above it settles onto what was below it.
    pub(crate) fn take(&mut self, id: PieceId) -> bool {
        let Some((i, h)) = self.find(id) else {
            return false;
        };
        self.stacks[i].remove(h);
        self.normalize();
        true
    }

    /// Stands `group` (bottom first) on the territory at `pos` as a stack of its own.
    pub(crate) fn place(&mut self, pos: Pos, group: Vec<PieceId>) {
        if group.is_empty() {
            return;
        }
        self.stacks.push(Stack::new(pos, &group));
        self.normalize();
    }

    /// Drops `group` onto the stack whose top is `onto`.
    pub(crate) fn drop_onto(&mut self, onto: PieceId, group: Vec<PieceId>) {
        if let Some((i, _)) = self.find(onto) {
            self.stacks[i].extend(&group);
            self.normalize();
        }
    }

    /// Tips off every pyramid above `id`; each stands upright on its own on the same territory.
    pub(crate) fn tip(&mut self, id: PieceId) {
        let Some((i, h)) = self.find(id) else {
            return;
        };
        let pos = self.stacks[i].pos;
        let riders = self.stacks[i].split_off(h + 1);
        for p in riders {
            self.stacks.push(Stack::new(pos, &[p]));
        }
        self.normalize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> PieceId {
        PieceId::parse(text).unwrap()
    }

    #[test]
    fn names_read_back() {
        for seat in 0..4 {
            for size in Size::ALL {
                for trio in [Trio::Tree, Trio::Nest] {
                    let p = PieceId::new(seat, size, trio);
                    assert_eq!(PieceId::parse(&p.to_string()), Some(p));
                    assert_eq!((p.seat(), p.size(), p.trio()), (seat, size, trio));
                }
            }
        }
        assert_eq!(PieceId::parse("5Lt"), None);
        assert_eq!(PieceId::parse("1lt"), None);
    }

    #[test]
    fn the_tree_and_the_nest_have_the_statuses_of_the_rules() {
        let mut p = Pyramids::default();
        p.place(Pos::CENTRE, vec![id("1Lt"), id("1Mt"), id("1St")]);
        p.place(Pos::CENTRE, vec![id("1Sn"), id("1Mn"), id("1Ln")]);
        let status = |p: &Pyramids, s: &str| p.status(id(s)).unwrap();
        assert_eq!(status(&p, "1Lt"), Status::Hobbled);
        assert_eq!(status(&p, "1Mt"), Status::Hobbled);
        assert_eq!(status(&p, "1St"), Status::Free);
        assert_eq!(status(&p, "1Sn"), Status::Trapped);
        assert_eq!(status(&p, "1Mn"), Status::Trapped);
        assert_eq!(status(&p, "1Ln"), Status::Free);
        // Lifting the medium of the tree carries the small with it.
        let group = p.lift(id("1Mt"));
        assert_eq!(group, [id("1Mt"), id("1St")]);
        assert_eq!(status(&p, "1Lt"), Status::Free);
    }
}
