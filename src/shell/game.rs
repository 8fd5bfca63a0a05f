//! The small interface that bots (`ai`) and records (`record`) are written against, so that they do
//! not depend on Tash-Kalar's rules and another game could plug in later. The one Tash-Kalar type
//! it names is the form being played ([`Game::mode`]), for settings that differ per form; another
//! game answers `None`.

use crate::tashkalar::engine::{self, GameState, Mode, Seat};

/// A turn-based game with hidden information, seen as decisions and choices.
pub trait Game: Clone + Send + Sync + 'static {
    type Choice: Copy + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync + 'static;

    fn players(&self) -> usize;
    /// The seat that decides now (0-based).
    fn to_move(&self) -> usize;
    /// The legal choices now, in a deterministic order (replaces `out`'s contents).
    fn legal(&self, out: &mut Vec<Self::Choice>);
    fn play(&mut self, choice: Self::Choice) -> Result<(), String>;
    /// Plays a choice taken from this very position's [`Game::legal`] list: the same as `play`,
    /// but a game may skip checking it again (search and greedy play only make such choices).
    fn play_listed(&mut self, choice: Self::Choice) {
        // A listed choice is legal, so `play` cannot refuse it.
        let _ = self.play(choice);
    }
    fn is_over(&self) -> bool;
    /// Per seat in [0, 1] once the game is over: winners share 1.
    fn rewards(&self) -> Vec<f64>;
    /// A heuristic estimate of `rewards` for a game in progress (cut-offs, greedy play).
    fn evaluate(&self) -> Vec<f64>;
    /// The game as `seat` knows it; equal for games that look the same to `seat`.
    fn observation(&self, seat: usize) -> Self;
    /// Hidden information dealt again at random, consistently with what `seat` knows.
    fn determinize(&self, seat: usize, seed: u64) -> Self;
    /// A stable fingerprint of the position.
    fn state_hash(&self) -> u64;
    fn choice_text(&self, choice: &Self::Choice) -> String;
    /// The playout policy of tree search: an index into `legal` picked with the fresh random
    /// number `random`. Uniform unless the game knows better.
    fn playout_pick(&self, legal: &[Self::Choice], random: u64) -> usize {
        (random % legal.len().max(1) as u64) as usize
    }
    /// Whether the seat to move is in the middle of one action (an effect's later steps), so
    /// that judging a choice should look at the whole action it starts.
    fn mid_action(&self) -> bool {
        false
    }
    fn parse_choice(&self, text: &str) -> Result<Self::Choice, String>;
    /// The form being played, for settings that differ per form (the search levels' budgets).
    fn mode(&self) -> Option<Mode> {
        None
    }
}

impl Game for GameState {
    type Choice = engine::Choice;

    fn players(&self) -> usize {
        GameState::players(self)
    }

    fn to_move(&self) -> usize {
        self.decider().index()
    }

    fn legal(&self, out: &mut Vec<engine::Choice>) {
        self.legal_choices(out);
    }

    fn play(&mut self, choice: engine::Choice) -> Result<(), String> {
        self.apply(choice).map_err(|e| e.to_string())
    }

    fn play_listed(&mut self, choice: engine::Choice) {
        self.apply_listed(choice);
    }

    fn is_over(&self) -> bool {
        GameState::is_over(self)
    }

    fn rewards(&self) -> Vec<f64> {
        let standings = self.standings();
        let share = 1.0 / standings.winners.len().max(1) as f64;
        self.seat_ids()
            .map(|s| {
                if standings.winners.contains(&s) {
                    share
                } else {
                    0.0
                }
            })
            .collect()
    }

    fn evaluate(&self) -> Vec<f64> {
        engine::eval::estimate(self)
    }

    fn observation(&self, seat: usize) -> Self {
        GameState::observation(self, Seat(seat as u8))
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        GameState::determinize(self, Seat(seat as u8), seed)
    }

    fn state_hash(&self) -> u64 {
        self.hash64()
    }

    fn choice_text(&self, choice: &engine::Choice) -> String {
        engine::notation::write(choice, &self.db)
    }

    fn playout_pick(&self, legal: &[engine::Choice], random: u64) -> usize {
        GameState::playout_pick(self, legal, random)
    }

    fn mid_action(&self) -> bool {
        GameState::mid_action(self)
    }

    fn parse_choice(&self, text: &str) -> Result<engine::Choice, String> {
        engine::notation::parse(text, &self.db)
    }

    fn mode(&self) -> Option<Mode> {
        Some(self.config.mode)
    }
}
