//! Playing a game to its end with uniformly random choices: the workhorse of property tests,
//! benchmarks and bot baselines.

use super::decision::Choice;
use super::rng::Rng;
use super::state::GameState;

impl GameState {
    /// Plays to the end, each choice uniform among the legal ones; `each` sees the state after
    /// every choice. Returns the number of decisions made, or what went wrong (a decision without
    /// choices, or a listed choice that `apply` refused — both engine bugs).
    pub fn play_out_randomly(
        &mut self,
        rng: &mut Rng,
        mut each: impl FnMut(&GameState, Choice),
    ) -> Result<usize, String> {
        let mut choices = Vec::new();
        let mut decisions = 0;
        while !self.is_over() {
            self.legal_choices(&mut choices);
            let Some(&choice) = choices.get(rng.below(choices.len().max(1) as u32) as usize) else {
                return Err(format!("no legal choice at {:?}", self.decision()));
            };
            self.apply(choice)
                .map_err(|e| format!("a listed choice was refused: {e}"))?;
            decisions += 1;
            each(self, choice);
        }
        Ok(decisions)
    }
}
