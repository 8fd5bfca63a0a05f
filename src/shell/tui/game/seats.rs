//! Who sits at each seat: a person at this keyboard or a bot, and the name the screen uses.

use crate::shell::tui::theme::colour_name;
use crate::tashkalar::engine::{GameState, Seat};

/// Who plays a seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SeatKind {
    Human,
    /// A bot, by its `ai::BOT_NAMES` name.
    Ai(String),
}

impl SeatKind {
    /// Whether a person plays it.
    pub fn is_human(&self) -> bool {
        matches!(self, SeatKind::Human)
    }
}

/// One seat's player.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Player {
    pub name: String,
    pub kind: SeatKind,
}

/// Every seat's player, in seat order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Seats {
    pub players: Vec<Player>,
}

impl Seats {
    /// Names seats after their piece colours; in the team game the second player of a colour
    /// gets a "2" ("Blue", "Red", "Blue 2", "Red 2").
    pub fn new(state: &GameState, kinds: Vec<SeatKind>) -> Seats {
        let mut players = Vec::new();
        for (i, seat) in state.seat_ids().enumerate() {
            let colour = state.colour_of(seat);
            let earlier = state
                .seat_ids()
                .take(i)
                .filter(|s| state.colour_of(*s) == colour)
                .count();
            let name = if earlier == 0 {
                colour_name(colour).to_string()
            } else {
                format!("{} {}", colour_name(colour), earlier + 1)
            };
            let kind = kinds.get(i).cloned().unwrap_or(SeatKind::Human);
            players.push(Player { name, kind });
        }
        Seats { players }
    }

    /// The name of a seat ("Blue"); unknown seats get their number.
    pub fn name(&self, seat: Seat) -> &str {
        self.players
            .get(seat.index())
            .map_or("a player", |p| p.name.as_str())
    }

    /// Who plays a seat (a person if the seat is unknown).
    pub fn kind(&self, seat: Seat) -> SeatKind {
        self.players
            .get(seat.index())
            .map_or(SeatKind::Human, |p| p.kind.clone())
    }

    /// Whether a person plays a seat.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.kind(seat).is_human()
    }

    /// How many seats are played at this keyboard.
    pub fn humans(&self) -> usize {
        self.players.iter().filter(|p| p.kind.is_human()).count()
    }

    /// The only human seat, when exactly one person plays (against the AI).
    pub fn sole_human(&self) -> Option<Seat> {
        let mut humans = self
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.kind.is_human());
        match (humans.next(), humans.next()) {
            (Some((i, _)), None) => Some(Seat(i as u8)),
            _ => None,
        }
    }
}
