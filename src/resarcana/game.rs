//! Res Arcana behind the shared [`Game`] trait, so that bots and records play it unchanged.

use super::decision::{ApplyError, Choice};
use super::eval;
use super::state::{Ask, ResArcana};
use crate::shell::game::{Game, Heuristics, SearchBudgets};

impl Game for ResArcana {
    type Choice = Choice;
    type Error = ApplyError;

    fn players(&self) -> usize {
        ResArcana::players(self)
    }

    fn to_move(&self) -> usize {
        self.seat_to_move()
    }

    fn turn(&self) -> u32 {
        self.turn + 1
    }

    fn legal(&self, out: &mut Vec<Choice>) {
        ResArcana::legal(self, out);
    }

    fn play(&mut self, choice: Choice) -> Result<(), ApplyError> {
        self.apply(choice)
    }

    fn play_listed(&mut self, choice: Choice) {
        self.apply_listed(choice);
    }

    fn is_over(&self) -> bool {
        ResArcana::is_over(self)
    }

    fn rewards(&self) -> Vec<f64> {
        match &self.outcome {
            Some(o) => eval::rewards(self, o),
            None => vec![0.0; self.players()],
        }
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.players()).map(|s| self.points(s) as i32).collect()
    }

    fn observation(&self, seat: usize) -> Self {
        ResArcana::observation(self, seat)
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        ResArcana::determinize(self, seat, seed)
    }

    fn state_hash(&self) -> u64 {
        ResArcana::state_hash(self)
    }

    fn choice_text(&self, choice: &Choice) -> String {
        ResArcana::choice_text(self, choice)
    }

    fn parse_choice(&self, text: &str) -> Result<Choice, ApplyError> {
        ResArcana::parse_choice(self, text)
    }

    fn wire(&self) -> Option<serde_json::Value> {
        Some(super::wire::to_wire(self))
    }
}

impl Heuristics for ResArcana {
    fn evaluate(&self) -> Vec<f64> {
        eval::estimate(self)
    }

    /// A decision here is cheap to search (about a microsecond a step) and `normal` at the
    /// default 1,600 iterations took 70 ms and beat `easy` only 62.5% of 200 games, so the
    /// levels above `easy` get more of the second they may take; and the later steps of an
    /// action (which essences to pay, which to gain) are played in their playouts as their
    /// mover's best by the estimate, not at random: a random payment spends Gold a player
    /// would keep, and a playout of such payments says little (`docs/ai.md`).
    fn search_budgets(&self) -> SearchBudgets {
        SearchBudgets {
            easy: 400,
            normal: 3_200,
            hard: 12_800,
            normal_greedy_effects: true,
            hard_greedy_effects: true,
            ..SearchBudgets::default()
        }
    }

    /// Uniform, but passing only a quarter of the times another action is offered: a random
    /// seat that passes as often as it acts ends every round at once and never builds, so its
    /// playouts say little about a position.
    fn playout_pick(&self, legal: &[Choice], random: u64) -> usize {
        let n = legal.len().max(1);
        let pass = legal.iter().position(|c| *c == Choice::Pass);
        match pass {
            Some(p) if n > 1 => {
                if random.is_multiple_of(4) {
                    return p;
                }
                // One of the others, uniformly.
                let k = ((random >> 2) % (n as u64 - 1)) as usize;
                if k >= p { k + 1 } else { k }
            }
            _ => (random % n as u64) as usize,
        }
    }

    /// The later steps of something begun: payments, targets, gains, the swap after passing,
    /// the answers to a Life loss. Decisions that start something of their own are not: the
    /// action, the setup picks, each Collect decision, a victory-check reaction.
    fn mid_action(&self) -> bool {
        !matches!(
            self.pending.map(|d| d.ask),
            None | Some(
                Ask::Action
                    | Ask::Mage
                    | Ask::Item
                    | Ask::Draft
                    | Ask::Stored(_)
                    | Ask::CollectPick(..)
                    | Ask::CollectCost(_)
                    | Ask::Victory
            )
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_pass_a_quarter_of_the_time() {
        let g = crate::resarcana::ResArcana::new_game(
            crate::resarcana::Db::embedded().expect("data"),
            crate::resarcana::Setup {
                players: 2,
                variant: crate::resarcana::Variant::Standard,
                expansion_counts: false,
            },
            1,
        )
        .expect("a game");
        let legal = [Choice::Take, Choice::Pass, Choice::Leave];
        let passes = (0..400u64)
            .filter(|&r| legal[g.playout_pick(&legal, r.wrapping_mul(0x9e37_79b9))] == Choice::Pass)
            .count();
        assert!((60..140).contains(&passes), "{passes}");
        assert_eq!(g.playout_pick(&[Choice::Pass], 7), 0);
    }
}
