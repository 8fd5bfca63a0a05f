//! `think`: the choice a bot makes in a position, with its best alternatives, for analysing
//! positions and for tactics tests.

use super::deadline::Deadline;
use super::greedy::{self, settle};
use super::{Bot, make_bot, search_bot};
use crate::shell::game::Heuristics;
use serde_json::{Value, json};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// One choice the bot considered.
#[derive(Clone, Debug, PartialEq)]
pub struct Alternative {
    /// The choice in the game's notation.
    pub text: String,
    /// Search visits (search bots only).
    pub visits: Option<u32>,
    /// The search's mean result for the deciding seat (a win chance), or `greedy`'s evaluation
    /// after the whole action.
    pub value: Option<f64>,
}

/// What a bot chose in a position and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub bot: String,
    /// The choice in notation (`None` when the position has none).
    pub choice: Option<String>,
    /// The best alternatives, best first (most visits, or best value), the choice among them.
    pub alternatives: Vec<Alternative>,
    /// Search iterations spent (0 for bots that do not search).
    pub iterations: u32,
    pub elapsed: Duration,
}

impl Analysis {
    /// The analysis as words, one alternative a line.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{} chooses: {} ({} iterations, {:.2} s)\n",
            self.bot,
            self.choice.as_deref().unwrap_or("nothing"),
            self.iterations,
            self.elapsed.as_secs_f64()
        );
        for a in &self.alternatives {
            let visits = a
                .visits
                .map_or(String::new(), |v| format!("{v:>7} visits  "));
            let value = a.value.map_or(String::new(), |v| format!("value {v:.3}  "));
            out.push_str(&format!("  {visits}{value}{}\n", a.text));
        }
        out
    }

    /// The analysis as one JSON document.
    pub fn json(&self) -> Value {
        json!({
            "bot": self.bot,
            "choice": self.choice,
            "iterations": self.iterations,
            "seconds": self.elapsed.as_secs_f64(),
            "alternatives": self.alternatives.iter().map(|a| json!({
                "choice": a.text, "visits": a.visits, "value": a.value,
            })).collect::<Vec<_>>(),
        })
    }
}

/// Lets `bot` (a name [`make_bot`] knows) choose in `observation` with `seed`, and reports its
/// choice and up to `top` alternatives.
pub fn think<G: Heuristics>(
    observation: &G,
    bot: &str,
    seed: u64,
    top: usize,
) -> Result<Analysis, String> {
    let started = Instant::now();
    let cancel = AtomicBool::new(false);
    let mut legal = Vec::new();
    observation.legal(&mut legal);
    let text = |c: &G::Choice| observation.choice_text(c);
    if let Some(search) = search_bot(bot, seed) {
        let mut search = search?;
        let report = search.search(observation, &cancel);
        let mut order: Vec<usize> = (0..legal.len()).collect();
        // Most visits first; the legal order among equals (stable).
        order.sort_by(|&a, &b| report.visits[b].cmp(&report.visits[a]));
        return Ok(Analysis {
            bot: Bot::<G>::name(&search),
            choice: report.choice.as_ref().map(text),
            alternatives: order
                .into_iter()
                .take(top)
                .map(|i| Alternative {
                    text: text(&legal[i]),
                    visits: Some(report.visits[i]),
                    value: report.values[i],
                })
                .collect(),
            iterations: report.iterations,
            elapsed: report.elapsed,
        });
    }
    let mut player: Box<dyn Bot<G>> = make_bot(bot, seed)?;
    let choice = player.choose(observation, &cancel);
    let alternatives = if bot == "greedy" {
        let seat = observation.to_move();
        let mut buffer = Vec::new();
        // The alternatives are valued within greedy's own time limit (a long action would
        // otherwise keep the analysis going for minutes).
        let deadline = Deadline::after(greedy::TIME_LIMIT, &cancel);
        let mut valued: Vec<(f64, &G::Choice)> = legal
            .iter()
            .map(|c| {
                let mut next = observation.clone();
                next.play_listed(*c);
                (settle(next, seat, &mut buffer, &deadline), c)
            })
            .collect();
        valued.sort_by(|a, b| b.0.total_cmp(&a.0));
        valued
            .into_iter()
            .take(top)
            .map(|(v, c)| Alternative {
                text: text(c),
                visits: None,
                value: Some(v),
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(Analysis {
        bot: player.name(),
        choice: choice.as_ref().map(text),
        alternatives,
        iterations: 0,
        elapsed: started.elapsed(),
    })
}
