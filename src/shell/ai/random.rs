//! The `random` bot: uniform over the legal choices.

use super::Bot;
use crate::shell::game::Game;
use crate::shell::rng::Rng;
use std::sync::atomic::AtomicBool;

pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::seeded(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, observation: &G, _cancel: &AtomicBool) -> Option<G::Choice> {
        let mut choices = Vec::new();
        observation.legal(&mut choices);
        if choices.is_empty() {
            return None;
        }
        Some(choices[self.rng.below(choices.len() as u32) as usize])
    }
}
