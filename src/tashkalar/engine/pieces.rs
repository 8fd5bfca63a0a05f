//! Every change to the pieces on the board goes through these functions, so that supplies, the
//! turn's tallies, an effect's tracked pieces and the event log stay in step.

use super::board::{Colour, Piece, Rank};
use super::square::Square;
use super::state::{Event, GameState, HeldPiece};

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
        let counts = self.counted(how.counts_as);
        let tally = &mut self.turn.tally.destroyed[piece.colour.index()][piece.rank.index()];
        *tally = tally.saturating_add(counts);
        if let Some(run) = self.effect.as_mut() {
            run.forget(sq);
        }
        self.gateway_gone(sq);
        Some(piece)
    }

    /// How many destroyed pieces a credited destruction counts for this turn (Gate of Oblivion's
    /// warp adds to every one).
    fn counted(&self, counts_as: u8) -> u8 {
        if counts_as == 0 {
            0
        } else {
            counts_as.saturating_add(self.turn.extra_count)
        }
    }

    /// The piece on `sq` left the board or changed beyond being a Gateway: no seat's Gateway now.
    fn gateway_gone(&mut self, sq: Square) {
        // No list is built: pieces are removed millions of times in a search.
        for i in 0..self.seats.len() {
            if self.seats[i].gateway == Some(sq) {
                self.seats[i].gateway = None;
                self.log(Event::Gateway {
                    seat: super::state::Seat(i as u8),
                    square: None,
                    held: false,
                });
            }
        }
    }

    /// A piece moved from `from` to `to`: a Gateway goes with it.
    fn gateway_moved(&mut self, from: Square, to: Square) {
        for seat in &mut self.seats {
            if seat.gateway == Some(from) {
                seat.gateway = Some(to);
            }
        }
    }

    /// Makes the piece on `sq` the acting seat's Gateway: one of its own non-legendary pieces.
    pub(crate) fn make_gateway(&mut self, sq: Square) -> bool {
        let me = self.me();
        if !self
            .board
            .get(sq)
            .is_some_and(|p| p.colour == me && p.rank.is_disc())
        {
            return false;
        }
        let seat = self.turn.seat;
        let st = self.seat_mut(seat);
        st.gateway = Some(sq);
        st.gateway_held = false;
        self.log(Event::Gateway {
            seat,
            square: Some(sq),
            held: false,
        });
        true
    }

    /// Swaps the pieces on two squares (nothing is destroyed). False unless both hold a piece.
    pub(crate) fn swap_pieces(&mut self, a: Square, b: Square) -> bool {
        let (Some(pa), Some(pb)) = (self.board.take(a), self.board.take(b)) else {
            return false;
        };
        self.board.put(b, pa);
        self.board.put(a, pb);
        self.log(Event::Moved {
            piece: pa,
            from: a,
            to: b,
        });
        self.log(Event::Moved {
            piece: pb,
            from: b,
            to: a,
        });
        // Followed through a square no piece can stand on, so the two do not get mixed up.
        let limbo = Square::new(0, 0).expect("a1");
        for (from, to) in [(a, limbo), (b, a), (limbo, b)] {
            if let Some(run) = self.effect.as_mut() {
                run.relocate(from, to);
            }
            self.gateway_moved(from, to);
        }
        true
    }

    /// Takes the piece on `sq` off the board onto the acting seat's card (not a destruction; it
    /// does not go back to its supply). False if there is no piece or the card holds one already.
    pub(crate) fn hold_piece(&mut self, sq: Square) -> bool {
        let seat = self.turn.seat;
        if self.seat(seat).held.is_some() {
            return false;
        }
        let Some(piece) = self.board.take(sq) else {
            return false;
        };
        let gateway_of = self.seat_ids().find(|s| self.seat(*s).gateway == Some(sq));
        if let Some(owner) = gateway_of {
            let st = self.seat_mut(owner);
            st.gateway = None;
            st.gateway_held = true;
            self.log(Event::Gateway {
                seat: owner,
                square: None,
                held: true,
            });
        }
        self.seat_mut(seat).held = Some(HeldPiece { piece, gateway_of });
        self.log(Event::PickedUp { piece, square: sq });
        if let Some(run) = self.effect.as_mut() {
            run.forget(sq);
        }
        true
    }

    /// Puts the acting seat's held piece on `sq`, destroying (and crediting) what stood there.
    pub(crate) fn release_piece(&mut self, sq: Square) -> Option<super::board::Piece> {
        let seat = self.turn.seat;
        let held = self.seat_mut(seat).held.take()?;
        let destroyed = if self.board.get(sq).is_some() {
            self.remove_piece(sq, Removal::DESTROY)
        } else {
            None
        };
        self.board.put(sq, held.piece);
        self.log(Event::Placed {
            seat,
            piece: held.piece,
            square: sq,
        });
        if let Some(owner) = held.gateway_of {
            let st = self.seat_mut(owner);
            if st.gateway_held {
                st.gateway_held = false;
                st.gateway = Some(sq);
                self.log(Event::Gateway {
                    seat: owner,
                    square: Some(sq),
                    held: false,
                });
            }
        }
        destroyed
    }

    /// Takes one of a colour's pieces back into its supply (piece shortage); not a destruction.
    pub(crate) fn pick_up(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board.take(sq)?;
        self.supply[piece.colour.index()].give_back(piece.rank);
        self.log(Event::PickedUp { piece, square: sq });
        self.gateway_gone(sq);
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
            self.gateway_moved(from, to);
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
        if rank == Rank::Legendary {
            // A Gateway upgraded to a legendary piece stops being the Gateway.
            self.gateway_gone(sq);
        }
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
        let counts = self.counted(1);
        let tally = &mut self.turn.tally.destroyed[old.colour.index()][old.rank.index()];
        *tally = tally.saturating_add(counts);
        self.gateway_gone(sq);
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
