//! Tash-Kalar as a [`Game`] of the table: the engine's state seen through the shell's trait.

use super::engine::{self, GameState, IllegalChoice, Mode, Seat};
use crate::shell::game::{Game, Heuristics, SearchBudgets, ThreatEstimate};

impl Game for GameState {
    type Choice = engine::Choice;
    type Error = IllegalChoice;

    fn players(&self) -> usize {
        GameState::players(self)
    }

    fn to_move(&self) -> usize {
        self.decider().index()
    }

    fn turn(&self) -> u32 {
        u32::from(self.turn.number)
    }

    fn legal(&self, out: &mut Vec<engine::Choice>) {
        self.legal_choices(out);
    }

    fn play(&mut self, choice: engine::Choice) -> Result<(), IllegalChoice> {
        self.apply(choice)
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

    fn scores(&self) -> Vec<i32> {
        self.standings().scores
    }

    fn observation(&self, seat: usize) -> Self {
        GameState::observation(self, Seat(seat as u8))
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        GameState::determinize(self, Seat(seat as u8), seed)
    }

    fn state_hash(&self) -> u64 {
        GameState::state_hash(self)
    }

    fn choice_text(&self, choice: &engine::Choice) -> String {
        engine::notation::write(choice, &self.db)
    }

    fn parse_choice(&self, text: &str) -> Result<engine::Choice, IllegalChoice> {
        engine::notation::parse(text, &self.db).map_err(|why| IllegalChoice::Unreadable {
            text: text.to_string(),
            why,
        })
    }

    fn before_turn_end(&self, choice: &engine::Choice) -> Option<Self> {
        GameState::before_turn_end(self, *choice)
    }

    fn side(&self, seat: usize) -> Vec<usize> {
        let me = Seat(seat as u8);
        self.seat_ids()
            .filter(|s| self.allies(me, *s))
            .map(|s| s.index())
            .collect()
    }

    fn resignation(&self) -> Option<engine::Choice> {
        GameState::resignation(self)
    }

    fn wire(&self) -> Option<serde_json::Value> {
        Some(super::wire::to_wire(self))
    }
}

impl Heuristics for GameState {
    fn evaluate(&self) -> Vec<f64> {
        engine::eval::estimate(self)
    }

    fn search_evaluate(&self) -> Vec<f64> {
        engine::eval::search_estimate(self)
    }

    fn step_evaluate(&self) -> Vec<f64> {
        engine::eval::step_estimate(self)
    }

    fn learned_evaluate(&self) -> Vec<f64> {
        engine::eval::learned::estimate(self)
    }

    fn turn_passed(&self) -> Option<Self> {
        use engine::state::Phase;
        let mut next = self.clone();
        if next.phase == Phase::ReturnCards {
            // A discard's step of returning cards, ended with the cards kept: the turn can pass
            // after a discard as after any other action, and the threat it leaves be judged.
            next.apply(engine::Choice::Skip).ok()?;
            if next.turn.seat != self.turn.seat {
                // It was the turn's last action: the turn has passed already.
                return Some(next);
            }
        }
        if !matches!(next.phase, Phase::Action | Phase::AfterActions) || next.is_over() {
            return None;
        }
        next.turn.actions_left = 0;
        next.phase = Phase::AfterActions;
        next.apply(engine::Choice::EndTurn).ok()?;
        Some(next)
    }

    fn threat_estimate(&self) -> Option<ThreatEstimate> {
        let (values, sure) = engine::eval::threat::estimate_after_threat(self)?;
        Some(ThreatEstimate { values, sure })
    }

    fn playout_pick(&self, legal: &[engine::Choice], random: u64) -> usize {
        GameState::playout_pick(self, legal, random)
    }

    fn mid_action(&self) -> bool {
        GameState::mid_action(self)
    }

    fn search_budgets(&self) -> SearchBudgets {
        budgets(self.config.mode)
    }
}

/// The root plan counts as a 24th of the budget at `normal` and `hard` (400 virtual visits for
/// `normal` in Deathmatch): it raised `normal`'s share of the tactics suite from 78% to 91%.
/// When `easy` leaned on the same plan the levels drew together (`normal` beat `easy` in 14 of
/// 20 Deathmatch games, against 20 of 20 without the plan), so `easy` searches without it
/// (`docs/ai.md`); `examples/tactics` keeps `pv=N` to study the weight. `hard` with a quarter of
/// it (a 96th: as many virtual visits as `normal`'s, so that its root explores more) won the top
/// step 27 of 50 games where this share won 31 on the same seeds.
const PLAN_SHARE: u32 = 24;

/// The search levels' budgets in a form. Search pays off more in High Form (tasks reward
/// looking ahead), so its easy level looks less far. `hard` has four times `normal`'s budget in
/// Deathmatch and three times in High Form, but more iterations alone bought little (`hard` over
/// `normal` 55-60% in Deathmatch); what sets it apart is that it resolves its playouts' effects
/// as their mover's best (`hard_greedy_effects`): a playout then spends a summon the way a player
/// would, so both its own combinations and the opponent's threats are seen. By the search's
/// whole estimate that doubles `hard`'s time a decision (about 3 s); `normal`, held to 1 s,
/// ranks the steps by the cheap step estimate instead (`normal_greedy_effects`; about half as
/// much time again, 0.5-0.6 s a decision), which won 34 of 60 games against the `normal` before
/// it (`docs/ai.md`).
pub fn budgets(mode: Mode) -> SearchBudgets {
    match mode {
        Mode::HighForm => SearchBudgets {
            easy: 300,
            normal: 6_400,
            hard: 19_200,
            plan_share: PLAN_SHARE,
            hard_greedy_effects: true,
            normal_greedy_effects: true,
            ..SearchBudgets::default()
        },
        Mode::Deathmatch => SearchBudgets {
            easy: 400,
            normal: 9_600,
            hard: 38_400,
            plan_share: PLAN_SHARE,
            hard_greedy_effects: true,
            normal_greedy_effects: true,
            ..SearchBudgets::default()
        },
    }
}
