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
    /// The player that lost the game by failing to choose (an outside program that crashed,
    /// answered garbage or ran out of time), if one did.
    pub forfeit: Option<Forfeit>,
}

/// A game lost by a player that failed to choose ([`Bot::forfeits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    pub seat: usize,
    pub player: String,
    pub why: String,
}

impl fmt::Display for Forfeit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (seat {}) forfeited: {}",
            self.player,
            self.seat + 1,
            self.why
        )
    }
}

impl<G: Game> Match<G> {
    /// Per seat in [0, 1]: the game's result, or after a forfeit that the game could not end
    /// by its own rules (no resignation), a shared win for every other seat.
    pub fn rewards(&self) -> Vec<f64> {
        match &self.forfeit {
            Some(forfeit) if !self.end.is_over() => {
                let seats = self.end.players();
                let share = 1.0 / seats.saturating_sub(1).max(1) as f64;
                (0..seats)
                    .map(|s| if s == forfeit.seat { 0.0 } else { share })
                    .collect()
            }
            _ => self.end.rewards(),
        }
    }
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
///
/// A player that [forfeits](Bot::forfeits) and fails to choose loses the game: its seat resigns
/// (the game's own [`Game::resignation`], so teams and scores follow the rules), or where the
/// game has none the game stops there and [`Match::rewards`] gives it to the others. Any other
/// player's failure is an error.
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
        let answer = player.choose(&observation, cancel);
        timing[seat].0 += 1;
        timing[seat].1 += started.elapsed();
        let failure = match answer {
            None => MatchError::NoAnswer {
                seat,
                player: player.name(),
            },
            Some(choice) => match game.play(choice) {
                Ok(()) => {
                    choices.push(choice);
                    continue;
                }
                Err(why) => MatchError::Illegal {
                    seat,
                    player: player.name(),
                    why: why.to_string(),
                },
            },
        };
        if !player.forfeits() {
            return Err(failure);
        }
        let why = match (&failure, player.failure()) {
            (MatchError::NoAnswer { .. }, Some(why)) => why,
            (MatchError::Illegal { why, .. }, _) => format!("an illegal choice ({why})"),
            _ => "no choice".to_string(),
        };
        let forfeit = Forfeit {
            seat,
            player: player.name(),
            why,
        };
        if let Some(resign) = game.resignation()
            && game.play(resign).is_ok()
        {
            choices.push(resign);
        }
        return Ok(Match {
            choices,
            end: game,
            timing,
            forfeit: Some(forfeit),
        });
    }
    Ok(Match {
        choices,
        end: game,
        timing,
        forfeit: None,
    })
}
