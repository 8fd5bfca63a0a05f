//! The one check of a game's set-up (form, players, teams, decks) before anything is dealt.
//!
//! Every way into a game goes through [`GameConfig::validate`]: a new game, a scenario file, a
//! saved game, `sim` and the menu. A refusal is a typed [`SetupError`], so a caller may add what
//! only it knows (the command line names its flags) while the rule itself lives here once.

use super::cards::CardDb;
use super::state::{GameConfig, HAND_BEINGS, Mode};
use std::fmt;

/// High Form needs this many task cards: three current tasks and the next one.
pub const MIN_TASKS: usize = 4;

/// One way to seat a game of a form: how many players, and whether they play as two teams.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Seating {
    pub players: u8,
    pub teams: bool,
}

/// Every seating a form allows, in the order a menu offers them. High Form is a duel or two
/// teams of two; Deathmatch is a duel, a melee of three or four, or two teams of two.
pub fn seatings(mode: Mode) -> &'static [Seating] {
    const fn s(players: u8, teams: bool) -> Seating {
        Seating { players, teams }
    }
    const HIGH_FORM: &[Seating] = &[s(2, false), s(4, true)];
    const DEATHMATCH: &[Seating] = &[s(2, false), s(3, false), s(4, false), s(4, true)];
    match mode {
        Mode::HighForm => HIGH_FORM,
        Mode::Deathmatch => DEATHMATCH,
    }
}

/// Why a game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Tash-Kalar is for 2 to 4 players.
    Players(u8),
    /// The team game is two teams of two.
    TeamsNeedFour(u8),
    /// High Form is a duel or a team game: never three players.
    HighFormForThree,
    /// Four players play High Form only as two teams.
    HighFormFourNeedsTeams,
    /// High Form needs [`MIN_TASKS`] task cards; this many are loaded.
    TooFewTasks(usize),
    /// Not one deck per seat.
    DeckCount { decks: usize, players: u8 },
    /// A deck the card database does not have.
    UnknownDeck { name: String, known: Vec<String> },
    /// A pile of cards larger than a game can hold.
    PileTooLarge { what: String, capacity: usize },
    /// A deck with fewer beings than a hand holds: no game can be dealt from it.
    DeckTooSmall { name: String, beings: usize },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => write!(f, "{n} players: Tash-Kalar is for 2 to 4 players"),
            SetupError::TeamsNeedFour(n) => write!(
                f,
                "the team game is two teams of 2: it needs 4 players, not {n}"
            ),
            SetupError::HighFormForThree => {
                f.write_str("High Form is played by 2 players or by two teams of 2, not by 3")
            }
            SetupError::HighFormFourNeedsTeams => {
                f.write_str("High Form for 4 players is only played as two teams of 2")
            }
            SetupError::TooFewTasks(0) => write!(
                f,
                "High Form needs at least {MIN_TASKS} task cards, and none are loaded"
            ),
            SetupError::TooFewTasks(n) => write!(
                f,
                "High Form needs at least {MIN_TASKS} task cards, and only {n} are loaded"
            ),
            SetupError::DeckCount { decks, players } => {
                write!(f, "{decks} decks for {players} players (one per seat)")
            }
            SetupError::UnknownDeck { name, known } => {
                write!(f, "unknown deck `{name}` (known: {})", known.join(", "))
            }
            SetupError::PileTooLarge { what, capacity } => {
                write!(f, "{what} has more than {capacity} cards")
            }
            SetupError::DeckTooSmall { name, beings } => write!(
                f,
                "deck `{name}` has {beings} being{}, fewer than a hand of {HAND_BEINGS}: no game \
                 can be dealt from it",
                if *beings == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl GameConfig {
    /// Checks that this game can be set up with these cards: the player count, the form and the
    /// teams fit together, every seat has a deck the database knows with at least a hand of beings,
    /// and High Form has its tasks.
    pub fn validate(&self, db: &CardDb) -> Result<(), SetupError> {
        let players = self.players;
        if !(2..=4).contains(&players) {
            return Err(SetupError::Players(players));
        }
        if self.teams && players != 4 {
            return Err(SetupError::TeamsNeedFour(players));
        }
        if self.mode == Mode::HighForm {
            match (players, self.teams) {
                (3, _) => return Err(SetupError::HighFormForThree),
                (4, false) => return Err(SetupError::HighFormFourNeedsTeams),
                _ => {}
            }
            if db.tasks.len() < MIN_TASKS {
                return Err(SetupError::TooFewTasks(db.tasks.len()));
            }
        }
        if self.decks.len() != players as usize {
            return Err(SetupError::DeckCount {
                decks: self.decks.len(),
                players,
            });
        }
        for name in &self.decks {
            let Some(deck) = db.deck_by_name(name) else {
                return Err(SetupError::UnknownDeck {
                    name: name.clone(),
                    known: db.decks.iter().map(|d| d.name.clone()).collect(),
                });
            };
            if db.deck(deck).cards.len() < HAND_BEINGS {
                return Err(SetupError::DeckTooSmall {
                    name: name.clone(),
                    beings: db.deck(deck).cards.len(),
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(mode: Mode, players: u8, teams: bool) -> GameConfig {
        GameConfig {
            mode,
            players,
            teams,
            decks: vec!["Imperial".into(); players as usize],
        }
    }

    #[test]
    fn every_seating_a_form_offers_is_valid_and_no_other() {
        let db = CardDb::builtin().expect("cards");
        for mode in [Mode::HighForm, Mode::Deathmatch] {
            for players in 1..=5 {
                for teams in [false, true] {
                    let offered = seatings(mode).contains(&Seating { players, teams });
                    let valid = config(mode, players, teams).validate(&db);
                    assert_eq!(
                        offered,
                        valid.is_ok(),
                        "{mode:?} {players} {teams}: {valid:?}"
                    );
                }
            }
        }
    }
}
