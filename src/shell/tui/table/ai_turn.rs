//! The AI seats' turns on the table: asking the worker thread for a choice, taking its answer
//! (checked like a person's), and the pause between steps that lets people follow them.

use super::ai_worker::{Answer, Reply};
use super::{Go, Table};
use crate::shell::game::{Game, Heuristics};
use crate::shell::tui::ui::{GameUi, LineKind, LogLine};
use std::time::{Duration, Instant};

/// Where the AI is in its turn.
#[derive(Clone, Debug, Default)]
pub(super) struct AiProgress {
    /// The request being thought about (its ticket).
    pub(super) waiting: Option<u64>,
    /// When the current request was sent.
    pub(super) since: Option<Instant>,
    /// The next AI step waits until then, so people can follow each step.
    pub(super) resume_at: Option<Instant>,
    /// The last AI step, in words.
    pub(super) last_step: Option<String>,
}

impl<U: GameUi> Table<U> {
    /// Blocks until the AI answers (or `timeout` passes) and handles the answer; for tests and
    /// scripted play. Whether an answer came; the error is a problem that would end the program.
    pub fn wait_for_ai(&mut self, timeout: Duration) -> Result<bool, String> {
        let now = Instant::now();
        self.core.now = now;
        if let Some(live) = self.core.live.as_mut() {
            live.ai.resume_at = Some(now);
        }
        if let Go::Fatal(e) = self.request_ai(now) {
            return Err(e);
        }
        let reply = match self.core.live.as_ref().and_then(|l| l.worker.as_ref()) {
            Some(w) => w.wait_reply(timeout)?,
            None => return Ok(false),
        };
        match reply {
            Some(r) => match self.on_ai_reply(r) {
                Go::Fatal(e) => Err(e),
                _ => Ok(true),
            },
            None => Ok(false),
        }
    }

    /// The AI seat that decides now.
    pub fn ai_turn(&self) -> Option<usize> {
        self.core.ai_turn()
    }

    /// Whether a bot is thinking about the position on screen.
    pub fn ai_thinking(&self) -> bool {
        self.core
            .live
            .as_ref()
            .is_some_and(|l| l.ai.waiting.is_some())
    }

    /// When the AI's next step is due (it waits so that people can follow its steps).
    pub fn ai_resume_at(&self) -> Option<Instant> {
        self.core.live.as_ref()?.ai.resume_at
    }

    /// The AI's last step, in words.
    pub fn last_ai_step(&self) -> Option<&str> {
        self.core.live.as_ref()?.ai.last_step.as_deref()
    }

    /// Changes the pause between AI steps.
    pub fn set_ai_delay(&mut self, delay: Duration) {
        if let Some(live) = self.core.live.as_mut() {
            live.ai_delay = delay;
        }
    }

    pub(super) fn request_ai(&mut self, now: Instant) -> Go {
        let Some(seat) = self.core.ai_turn() else {
            return Go::Stay;
        };
        let Some(live) = self.core.live.as_mut() else {
            return Go::Stay;
        };
        if live.ai.waiting.is_some() || live.ai.resume_at.is_some_and(|t| now < t) {
            return Go::Stay;
        }
        let Some(worker) = &live.worker else {
            return Go::Stay;
        };
        match worker.request(live.next_ticket, seat, &self.core.session.game) {
            Ok(()) => {
                live.ai.waiting = Some(live.next_ticket);
                live.ai.since = Some(now);
                live.next_ticket += 1;
                Go::Stay
            }
            Err(e) => Go::Fatal(e),
        }
    }

    pub(super) fn on_ai_reply(&mut self, reply: Reply<<U::Game as Game>::Choice>) -> Go {
        let now = self.core.now;
        let Some(live) = self.core.live.as_mut() else {
            return Go::Stay;
        };
        if live.ai.waiting != Some(reply.ticket) {
            return Go::Stay;
        }
        live.ai.waiting = None;
        live.ai.since = None;
        let delay = live.ai_delay;
        let name = self.core.session.seats.name(reply.seat).to_string();
        let chosen = match reply.answer {
            Answer::Chose(c) => Some(c),
            Answer::NoChoice => None,
            Answer::Crashed(why) => return Go::Fatal(format!("the AI for {name} crashed: {why}")),
        };
        // A bot's pick is checked like anyone's; should it be refused, the game goes on with the
        // first legal choice rather than stalling, and the log says so.
        let mut legal = Vec::new();
        self.core.session.game.legal(&mut legal);
        let choice = match chosen {
            Some(c) if legal.contains(&c) => c,
            other => {
                let Some(&first) = legal.first() else {
                    return Go::Stay;
                };
                let what = match other {
                    Some(c) => format!("an illegal choice ({c:?})"),
                    None => "no choice".into(),
                };
                self.core.session.log.push(LogLine {
                    turn: self.core.session.game.turn(),
                    seat: Some(reply.seat),
                    kind: LineKind::Important,
                    text: format!(
                        "{name}'s AI gave {what}; playing the first legal choice instead"
                    ),
                });
                first
            }
        };
        let text = U::describe(&self.core.view(), &choice);
        if self.apply_choice(choice).is_ok()
            && let Some(live) = self.core.live.as_mut()
        {
            live.ai.last_step = Some(format!("{name}: {text}"));
            // The pause is between whole actions: the steps of one (a payment, its targets)
            // follow at once, so that people see an action begun and finished, not halves.
            let same_action = {
                let game = &self.core.session.game;
                !game.is_over() && game.to_move() == reply.seat && game.mid_action()
            };
            live.ai.resume_at = Some(if same_action { now } else { now + delay });
        }
        Go::Stay
    }
}
