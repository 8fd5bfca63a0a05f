//! The board: a growing set of territories (piles of cards at grid positions).
//!
//! A card played onto a territory covers the cards below it; the top card gives the territory's
//! level. The board starts as nine cards (five in Mini-High Ground) and four Kings and grows when
//! cards are played into the blank spaces around it.

use super::card::Card;
use super::pos::Pos;

/// One card pile in play (the covered cards are kept by the [`Board`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Territory {
    pub pos: Pos,
    /// The top card, which gives the level.
    top: Card,
    /// How many cards lie here, the top one included.
    depth: u8,
    /// The level chosen for a Joker on top (0 while none is chosen or the top is no Joker).
    pub joker: u8,
    /// The seat (0-based) whose King this is; `None` for any other card and for a King nobody
    /// plays (fewer than four players).
    pub owner: Option<u8>,
}

impl Territory {
    /// The top card.
    pub fn top(&self) -> Card {
        self.top
    }

    /// How many cards lie here, the top one included.
    pub fn depth(&self) -> usize {
        self.depth as usize
    }

    /// The level: the top card's rank, or the level chosen for a Joker on top.
    pub fn level(&self) -> u8 {
        self.top.level().unwrap_or(self.joker)
    }

    /// Whether this is a King on top (a seat's King is never covered; a King nobody plays may
    /// be).
    pub fn is_king(&self) -> bool {
        self.top.is_king()
    }
}

/// Every territory, kept in reading order of their positions.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    territories: Vec<Territory>,
    /// Covered cards, by position in reading order, each position's bottom card first.
    covered: Vec<(Pos, Card)>,
    /// The blank spaces at the outside of the board, in reading order (kept up to date as cards
    /// are laid).
    blanks: Vec<Pos>,
}

impl Board {
    /// The territories in reading order.
    pub fn territories(&self) -> &[Territory] {
        &self.territories
    }

    fn index(&self, pos: Pos) -> Result<usize, usize> {
        self.territories.binary_search_by(|t| t.pos.cmp(&pos))
    }

    /// The territory at `pos`.
    pub fn get(&self, pos: Pos) -> Option<&Territory> {
        self.index(pos).ok().map(|i| &self.territories[i])
    }

    fn get_mut(&mut self, pos: Pos) -> Option<&mut Territory> {
        self.index(pos).ok().map(|i| &mut self.territories[i])
    }

    /// The cards at `pos`, bottom first (empty when there is no territory).
    pub fn cards_at(&self, pos: Pos) -> Vec<Card> {
        let mut cards: Vec<Card> = self
            .covered
            .iter()
            .filter(|(p, _)| *p == pos)
            .map(|(_, c)| *c)
            .collect();
        cards.extend(self.get(pos).map(|t| t.top));
        cards
    }

    /// The level of the territory at `pos`.
    pub fn level(&self, pos: Pos) -> Option<u8> {
        self.get(pos).map(Territory::level)
    }

    /// Whether there is a territory at `pos`.
    pub fn has(&self, pos: Pos) -> bool {
        self.index(pos).is_ok()
    }

    /// How many territories there are.
    pub fn len(&self) -> usize {
        self.territories.len()
    }

    /// Whether no card has been laid yet.
    pub fn is_empty(&self) -> bool {
        self.territories.is_empty()
    }

    /// Puts `card` at `pos`: on top of the territory there, or as a new one. A Joker's level is
    /// unset until [`Board::set_joker`].
    pub(crate) fn play(&mut self, pos: Pos, card: Card) {
        if let Some(t) = self.get_mut(pos) {
            let covered = t.top;
            t.top = card;
            t.depth = t.depth.saturating_add(1);
            t.joker = 0;
            let at = self.covered.partition_point(|(p, _)| *p <= pos);
            self.covered.insert(at, (pos, covered));
            return;
        }
        let at = self.index(pos).unwrap_or_else(|i| i);
        self.territories.insert(
            at,
            Territory {
                pos,
                top: card,
                depth: 1,
                joker: 0,
                owner: None,
            },
        );
        // The new card fills a blank space, opens the empty places around it, and may close a
        // hole inside the board.
        self.blanks = self.outside_blanks();
    }

    /// The empty places sharing a side with a territory that are at the outside of the board:
    /// reached from beyond its bounding box through empty places (a hole the cards enclose is
    /// not), in reading order.
    fn outside_blanks(&self) -> Vec<Pos> {
        let Some(first) = self.territories.first() else {
            return Vec::new();
        };
        let (mut x0, mut x1, mut y0, mut y1) = (first.pos.x, first.pos.x, first.pos.y, first.pos.y);
        for t in &self.territories {
            x0 = x0.min(t.pos.x);
            x1 = x1.max(t.pos.x);
            y0 = y0.min(t.pos.y);
            y1 = y1.max(t.pos.y);
        }
        // One place of margin all round: its ring is outside and connected.
        let (x0, x1, y0, y1) = (x0 as i32 - 1, x1 as i32 + 1, y0 as i32 - 1, y1 as i32 + 1);
        let width = (x1 - x0 + 1) as usize;
        let index = |x: i32, y: i32| (y - y0) as usize * width + (x - x0) as usize;
        let mut card = vec![false; width * (y1 - y0 + 1) as usize];
        for t in &self.territories {
            card[index(t.pos.x as i32, t.pos.y as i32)] = true;
        }
        let mut outside = vec![false; card.len()];
        let mut todo = vec![(x0, y0)];
        outside[index(x0, y0)] = true;
        while let Some((x, y)) = todo.pop() {
            for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                if (x0..=x1).contains(&nx) && (y0..=y1).contains(&ny) {
                    let i = index(nx, ny);
                    if !card[i] && !outside[i] {
                        outside[i] = true;
                        todo.push((nx, ny));
                    }
                }
            }
        }
        let mut blanks: Vec<Pos> = self
            .territories
            .iter()
            .flat_map(|t| t.pos.neighbours())
            .filter(|n| !self.has(*n) && outside[index(n.x as i32, n.y as i32)])
            .collect();
        blanks.sort();
        blanks.dedup();
        blanks
    }

    /// Lays a King owned by `owner` at `pos` (an empty position).
    pub(crate) fn lay_king(&mut self, pos: Pos, owner: Option<u8>) {
        self.play(pos, Card::KING);
        self.set_owner(pos, owner);
    }

    /// Makes the territory at `pos` (a King) belong to `owner`.
    pub(crate) fn set_owner(&mut self, pos: Pos, owner: Option<u8>) {
        if let Some(t) = self.get_mut(pos) {
            t.owner = owner;
        }
    }

    /// Sets the level of the Joker on top of `pos`.
    pub(crate) fn set_joker(&mut self, pos: Pos, level: u8) {
        if let Some(t) = self.get_mut(pos) {
            t.joker = level;
        }
    }

    /// The territories orthogonally adjacent to `pos`, in reading order.
    pub fn adjacent(&self, pos: Pos) -> Vec<Pos> {
        pos.neighbours().filter(|n| self.has(*n)).collect()
    }

    /// The blank spaces at the outside of the board: empty positions orthogonally adjacent to a
    /// territory and open to the outside (a hole the cards enclose is none), in reading order.
    pub fn blank_spaces(&self) -> &[Pos] {
        &self.blanks
    }

    /// The King owned by `seat`.
    pub fn king_of(&self, seat: u8) -> Option<&Territory> {
        self.territories
            .iter()
            .find(|t| t.is_king() && t.owner == Some(seat))
    }

    /// Whether every territory can be reached from every other through adjacent ones.
    pub fn is_connected(&self) -> bool {
        let Some(first) = self.territories.first() else {
            return true;
        };
        let mut seen = vec![first.pos];
        let mut next = 0;
        while next < seen.len() {
            let here = seen[next];
            next += 1;
            for n in self.adjacent(here) {
                if !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        seen.len() == self.territories.len()
    }

    /// Every card on the board (covered ones included).
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.covered
            .iter()
            .map(|(_, c)| *c)
            .chain(self.territories.iter().map(|t| t.top))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_played_on_a_territory_sets_its_level() {
        let mut b = Board::default();
        b.play(Pos::CENTRE, Card::of_level(5).unwrap());
        b.play(Pos::CENTRE, Card::JOKER);
        b.set_joker(Pos::CENTRE, 9);
        assert_eq!(b.level(Pos::CENTRE), Some(9));
        b.play(Pos::CENTRE, Card::of_level(2).unwrap());
        assert_eq!(b.level(Pos::CENTRE), Some(2));
        assert_eq!(b.blank_spaces().len(), 4);
    }
}
