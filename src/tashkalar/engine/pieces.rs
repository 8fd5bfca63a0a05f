//! Every change to the pieces on the board goes through these functions, so that supplies, the
//! turn's tallies, an effect's tracked pieces and the event log stay in step.

use super::board::{Colour, Piece, Rank};
use super::square::Square;
use super::state::{Event, GameState};

/// How a piece leaves the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    /// Counts as this many destroyed pieces in the acting seat's tally (0: not credited).
    pub counts_as: u8,
    /// Removed from the game rather than returned to its owner's supply.
    pub remove: bool,
}

impl Removal {
    pub const DESTROY: Removal = Removal {
        counts_as: 1,
        remove: false,
    };
}

impl GameState {
    /// Destroys whatever is on `sq`. Returns the piece that was there.
    pub(crate) fn remove_piece(&mut self, sq: Square, how: Removal) -> Option<Piece> {
        let piece = self.board.take(sq)?;
        let supply = &mut self.supply[piece.colour.index()];
        if how.remove {
            supply.remove_from_game(piece.rank);
            self.log(Event::Removed { piece, square: sq });
        } else {
            supply.give_back(piece.rank);
            self.log(Event::Destroyed { piece, square: sq });
        }
        let tally = &mut self.turn.tally.destroyed[piece.colour.index()][piece.rank.index()];
        *tally = tally.saturating_add(how.counts_as);
        if let Some(run) = self.effect.as_mut() {
            run.forget(sq);
        }
        Some(piece)
    }

    /// Takes one of a colour's pieces back into its supply (piece shortage); not a destruction.
    pub(crate) fn pick_up(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board.take(sq)?;
        self.supply[piece.colour.index()].give_back(piece.rank);
        self.log(Event::PickedUp { piece, square: sq });
        Some(piece)
    }

    /// Moves a piece, destroying (and crediting) whatever stood on the destination.
    pub(crate) fn move_piece(&mut self, from: Square, to: Square) -> Option<Piece> {
        let destroyed = if self.board.get(to).is_some() {
            self.remove_piece(to, Removal::DESTROY)
        } else {
            None
        };
        if let Some(piece) = self.board.take(from) {
            self.board.put(to, piece);
            self.log(Event::Moved { piece, from, to });
            if let Some(run) = self.effect.as_mut() {
                run.relocate(from, to);
            }
        }
        destroyed
    }

    /// Puts a new piece from its colour's supply on an empty square. False if the supply has none.
    pub(crate) fn place_piece(&mut self, sq: Square, colour: Colour, rank: Rank) -> bool {
        if self.board.get(sq).is_some() || !self.supply[colour.index()].take(rank) {
            return false;
        }
        let piece = Piece { colour, rank };
        self.board.put(sq, piece);
        self.log(Event::Placed {
            seat: self.turn.seat,
            piece,
            square: sq,
        });
        true
    }

    /// Whether the piece on `sq` could become `rank` (heroic <-> legendary swaps need the other piece).
    pub(crate) fn can_change_rank(&self, sq: Square, rank: Rank) -> bool {
        let Some(piece) = self.board.get(sq) else {
            return false;
        };
        if piece.rank == rank {
            return false;
        }
        piece.rank.is_disc() && rank.is_disc() || self.supply[piece.colour.index()].has(rank)
    }

    /// Upgrades or downgrades the piece on `sq` to `rank`. False if impossible.
    pub(crate) fn change_rank(&mut self, sq: Square, rank: Rank) -> bool {
        if !self.can_change_rank(sq, rank) {
            return false;
        }
        let Some(old) = self.board.take(sq) else {
            return false;
        };
        let supply = &mut self.supply[old.colour.index()];
        if !(old.rank.is_disc() && rank.is_disc()) {
            supply.give_back(old.rank);
            supply.take(rank);
        }
        let new = Piece {
            colour: old.colour,
            rank,
        };
        self.board.put(sq, new);
        if rank > old.rank {
            self.log(Event::Upgraded {
                piece: new,
                square: sq,
            });
        } else {
            self.log(Event::Downgraded {
                piece: new,
                square: sq,
            });
        }
        true
    }

    pub(crate) fn can_convert(&self, sq: Square, colour: Colour, rank: Rank) -> bool {
        match self.board.get(sq) {
            Some(p) => p.colour != colour && self.supply[colour.index()].has(rank),
            None => false,
        }
    }

    /// Replaces the piece on `sq` by a piece of `colour` and `rank`; the old piece counts as destroyed.
    pub(crate) fn convert_piece(&mut self, sq: Square, colour: Colour, rank: Rank) -> bool {
        if !self.can_convert(sq, colour, rank) {
            return false;
        }
        let Some(old) = self.board.take(sq) else {
            return false;
        };
        self.supply[old.colour.index()].give_back(old.rank);
        let tally = &mut self.turn.tally.destroyed[old.colour.index()][old.rank.index()];
        *tally = tally.saturating_add(1);
        self.supply[colour.index()].take(rank);
        let new = Piece { colour, rank };
        self.board.put(sq, new);
        self.log(Event::Converted {
            from: old,
            to: new,
            square: sq,
        });
        true
    }
}
