//! The one game loop for games without a screen: bots (or anything behind the [`Bot`] trait) take
//! turns until the game ends. Tournaments (`sim`), tests and examples all play through here.

use super::ai::Bot;
use super::game::Game;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Longest game before it is abandoned (a safety net: a game whose rules let it go on for ever
/// must end itself; real games are far shorter).
pub const MAX_DECISIONS: usize = 50_000;

/// A game played to its end.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    /// Every choice, in order.
    pub choices: Vec<G::Choice>,
    /// The game after the last choice.
    pub end: G,
    /// Per seat: decisions made and time spent choosing.
    pub timing: Vec<(u64, Duration)>,
}

/// Why a game could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// The game offered no choice before it was over (a fault of the game's rules).
    NoChoice { decision: usize },
    /// A player answered with nothing.
    NoAnswer { seat: usize, player: String },
    /// A player's choice was refused.
    Illegal {
        seat: usize,
        player: String,
        why: String,
    },
    /// No end after [`MAX_DECISIONS`] decisions.
    TooLong,
    /// The number of players does not match the game's seats.
    Players { players: usize, seats: usize },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::NoChoice { decision } => {
                write!(f, "decision {decision} has no legal choice")
            }
            MatchError::NoAnswer { seat, player } => {
                write!(f, "{player} (seat {}) gave no choice", seat + 1)
            }
            MatchError::Illegal { seat, player, why } => {
                write!(f, "{player} (seat {}) chose badly: {why}", seat + 1)
            }
            MatchError::TooLong => write!(f, "no end after {MAX_DECISIONS} decisions"),
            MatchError::Players { players, seats } => {
                write!(f, "{players} players for a game of {seats} seats")
            }
        }
    }
}

impl std::error::Error for MatchError {}

/// Plays `game` to its end, each seat's decisions made by its player (index = seat). Every
/// player is shown only its seat's observation. `cancel` is handed to the players' searches.
pub fn play_match<G: Game>(
    mut game: G,
    players: &mut [Box<dyn Bot<G>>],
    cancel: &AtomicBool,
) -> Result<Match<G>, MatchError> {
    if players.len() != game.players() {
        return Err(MatchError::Players {
            players: players.len(),
            seats: game.players(),
        });
    }
    let mut timing = vec![(0, Duration::ZERO); players.len()];
    let mut choices = Vec::new();
    let mut legal = Vec::new();
    while !game.is_over() {
        if choices.len() >= MAX_DECISIONS {
            return Err(MatchError::TooLong);
        }
        game.legal(&mut legal);
        if legal.is_empty() {
            return Err(MatchError::NoChoice {
                decision: choices.len() + 1,
            });
        }
        let seat = game.to_move();
        let observation = game.observation(seat);
        let started = Instant::now();
        let player = &mut players[seat];
        let choice = player
            .choose(&observation, cancel)
            .ok_or_else(|| MatchError::NoAnswer {
                seat,
                player: player.name(),
            })?;
        timing[seat].0 += 1;
        timing[seat].1 += started.elapsed();
        game.play(choice).map_err(|why| MatchError::Illegal {
            seat,
            player: player.name(),
            why: why.to_string(),
        })?;
        choices.push(choice);
    }
    Ok(Match {
        choices,
        end: game,
        timing,
    })
}
