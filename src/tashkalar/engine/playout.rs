//! Playing a game to its end with uniformly random choices: the workhorse of property tests,
//! benchmarks and bot baselines.

use super::decision::Choice;
use super::state::GameState;
use crate::shell::rng::Rng;

/// How [`GameState::play_out_randomly`] applies the choices it picks from the legal list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Apply {
    /// Through [`GameState::apply`], which checks each choice again: a listed choice it refuses
    /// is an engine bug, and the play-out reports it (property tests).
    Checked,
    /// Through [`GameState::apply_listed`], without the second check, as the search's playouts
    /// apply theirs: what a random game costs the search (benchmarks; debug builds still check).
    Listed,
}

impl GameState {
    /// Plays to the end, each choice uniform among the legal ones, applied as `apply` says;
    /// `each` sees the state after every choice. Returns the number of decisions made, or what
    /// went wrong (a decision without choices, or a listed choice that `apply` refused — both
    /// engine bugs).
    pub fn play_out_randomly(
        &mut self,
        rng: &mut Rng,
        apply: Apply,
        mut each: impl FnMut(&GameState, Choice),
    ) -> Result<usize, String> {
        let mut choices = Vec::new();
        let mut decisions = 0;
        while !self.is_over() {
            self.legal_choices(&mut choices);
            let Some(&choice) = choices.get(rng.below(choices.len().max(1) as u32) as usize) else {
                return Err(format!("no legal choice at {:?}", self.decision()));
            };
            match apply {
                Apply::Checked => self
                    .apply(choice)
                    .map_err(|e| format!("a listed choice was refused: {e}"))?,
                Apply::Listed => self.apply_listed(choice),
            }
            decisions += 1;
            each(self, choice);
        }
        Ok(decisions)
    }
}

impl GameState {
    /// The playout policy of the tree search: a cheap, slightly informed random pick among
    /// `legal`. Summoning beats placing (three times in four) and doing something beats skipping
    /// (seven times in eight), because uniformly random play mostly places commons and declines
    /// effects, which makes playouts say little about a position. `random` is a fresh random
    /// number; the same number gives the same pick.
    pub fn playout_pick(&self, legal: &[Choice], random: u64) -> usize {
        let len = legal.len().max(1);
        let (coin, index) = (random & 7, (random >> 3) as usize);
        let nth_matching = |keep: &dyn Fn(&Choice) -> bool| -> Option<usize> {
            let count = legal.iter().filter(|c| keep(c)).count();
            if count == 0 {
                return None;
            }
            let nth = index % count;
            legal
                .iter()
                .enumerate()
                .filter(|(_, c)| keep(c))
                .nth(nth)
                .map(|(i, _)| i)
        };
        if coin < 6
            && let Some(i) = nth_matching(&|c| matches!(c, Choice::Summon { .. }))
        {
            return i;
        }
        if coin < 7
            && legal.iter().any(|c| matches!(c, Choice::Skip))
            && let Some(i) = nth_matching(&|c| !matches!(c, Choice::Skip))
        {
            return i;
        }
        index % len
    }
}
