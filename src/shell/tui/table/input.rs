//! What keys, clicks and list picks do on the table: the shell's actions, the list of choices,
//! and the merge of the game's keys with the shell's.

use super::super::action::Action;
use super::super::keymap::{self, Context, KEYMAP};
use super::super::screens::overlays::Popup;
use super::super::ui::{GameUi, Outcome};
use super::replay;
use super::{Go, Question, Table, TableScreen};
use crate::shell::game::Game;
use ratatui::crossterm::event::KeyEvent;

impl<U: GameUi> Table<U> {
    /// Carries out what a selection on the game's screen led to.
    pub(super) fn follow(&mut self, outcome: Outcome<<U::Game as Game>::Choice>) {
        match outcome {
            Outcome::Nothing => {}
            Outcome::Apply(choice) => {
                if self.core.human_turn() {
                    self.person_choice(choice);
                }
            }
            Outcome::ApplyAll(choices) => {
                let who = self.core.decider();
                for choice in choices {
                    let made = self.core.session.choices.len();
                    if !self.core.human_turn()
                        || self.core.decider() != who
                        || self.core.staged.is_some()
                    {
                        break;
                    }
                    self.person_choice(choice);
                    if self.core.session.choices.len() == made {
                        break;
                    }
                }
            }
            Outcome::Note(note) => self.core.note = Some(note),
            Outcome::Popup(title, choices) => {
                if self.core.human_turn() && !choices.is_empty() {
                    self.open_popup(title, choices);
                }
            }
            Outcome::ScrollLog(d) => self.scroll_log(d),
        }
    }

    pub(super) fn open_popup(&mut self, title: String, choices: Vec<<U::Game as Game>::Choice>) {
        let view = self.core.view();
        let entries = choices.iter().map(|c| U::describe(&view, c)).collect();
        self.core.popup = Some((
            Popup {
                title,
                entries,
                index: 0,
            },
            choices,
        ));
    }

    pub(super) fn scroll_log(&mut self, lines: i32) {
        let max = self.core.shown().log.len().saturating_sub(1);
        let now = self.core.log_scroll as i64 + i64::from(lines);
        self.core.log_scroll = now.clamp(0, max as i64) as usize;
    }

    /// Whether a shell action does something now (the key bar shows only those).
    pub(super) fn available(&self, action: Action) -> bool {
        let core = &self.core;
        match core.replay.as_ref() {
            Some(r) if core.popup.is_none() => return r.available(action),
            _ => {}
        }
        let human = core.human_turn();
        // A served game's screen lets no bot go on and asks for no hint: those are the
        // referee's, or would search a position holding the others' hands. It asks the referee
        // to take back (see `remote.rs`).
        let remote = core.remote().is_some();
        if remote && matches!(action, Action::Continue | Action::Hint) {
            return false;
        }
        let legal = || {
            let mut v = Vec::new();
            core.shown().game.legal(&mut v);
            v.len()
        };
        match action {
            Action::Continue => {
                core.ai_turn().is_some()
                    && core.live.as_ref().is_some_and(|l| l.ai.waiting.is_none())
            }
            Action::Undo => human && (core.staged.is_some() || core.undo_point().is_some()),
            Action::Hint => human && legal() > 1,
            Action::Choices => human && legal() > 0,
            Action::Resign => human && core.session.game.resignation().is_some(),
            _ => true,
        }
    }

    /// Handles one shell action.
    pub(super) fn shell_action(&mut self, action: Action) -> Go {
        let now = self.core.now;
        match action {
            Action::Help => return Go::Help,
            Action::Quit => return Go::Quit,
            _ => {}
        }
        match self.context() {
            Context::PassTo => {
                if action == Action::Select {
                    self.pass_gate();
                }
            }
            Context::GameOver => {
                if action == Action::Select {
                    return Go::Menu;
                }
            }
            Context::Popup => self.popup_action(action),
            Context::Confirm => {
                let question = self.core.question.take();
                match (question, action) {
                    (Some(Question::Resign), Action::Yes) => {
                        if let Some(choice) = self.core.session.game.resignation() {
                            // A step waiting for the turn's end is not made.
                            let _ = self.apply_choice(choice);
                        }
                    }
                    (_, Action::No | Action::Back) => {}
                    (q, _) => self.core.question = q,
                }
            }
            Context::Replay => {
                if let Some(r) = self.core.replay.as_mut() {
                    match r.action(action, now) {
                        replay::Step::Stay => {}
                        replay::Step::Seek(i) => self.seek(i),
                        replay::Step::Watch => self.refresh(),
                        replay::Step::Leave => return Go::Menu,
                        replay::Step::ScrollLog(d) => self.scroll_log(d),
                    }
                    self.update_replay_info();
                }
            }
            _ => match action {
                Action::PageUp => self.scroll_log(5),
                Action::PageDown => self.scroll_log(-5),
                Action::Continue if self.core.remote().is_none() => {
                    if let Some(live) = self.core.live.as_mut() {
                        live.ai.resume_at = Some(now);
                    }
                }
                Action::Hint if self.core.remote().is_none() => self.ask_hint(),
                Action::Undo if self.core.human_turn() && self.core.remote().is_none() => {
                    self.undo()
                }
                Action::Undo if self.core.human_turn() => self.ask_undo(),
                Action::Resign if self.available(Action::Resign) => {
                    self.core.question = Some(Question::Resign);
                }
                Action::Choices if self.core.human_turn() => {
                    let mut legal = Vec::new();
                    self.core.shown().game.legal(&mut legal);
                    self.open_popup("Every legal choice".into(), legal);
                }
                _ => {}
            },
        }
        Go::Stay
    }

    pub(super) fn popup_action(&mut self, action: Action) {
        let Some((popup, choices)) = self.core.popup.as_mut() else {
            return;
        };
        let n = popup.entries.len();
        let take = match action {
            Action::Up => {
                popup.index = popup.index.saturating_sub(1);
                None
            }
            Action::Down => {
                popup.index = (popup.index + 1).min(n.saturating_sub(1));
                None
            }
            Action::Select => Some(popup.index),
            Action::Option(k) => (k as usize).checked_sub(1).filter(|&i| i < n),
            Action::Back => {
                self.core.popup = None;
                return;
            }
            _ => None,
        };
        if let Some(choice) = take.and_then(|i| choices.get(i).copied()) {
            self.core.popup = None;
            self.person_choice(choice);
        }
    }

    /// The merged keymap of the game context: the game's keys first, then the shell's.
    pub(super) fn game_key(&mut self, event: &KeyEvent) -> Go {
        // A refusal answers the key before this one: once the person presses another (a cursor
        // move, Esc, Tab), it no longer describes what is on screen, so it goes.
        if self.core.note.as_ref().is_some_and(|n| n.warn) {
            self.core.note = None;
        }
        let view = self.core.view();
        let game: Vec<U::Action> = keymap::matching(U::KEYS, Context::Game, event);
        let shell: Vec<Action> = keymap::matching(KEYMAP, Context::Game, event);
        let game_ok = |a: &U::Action| view.human_turn && self.screen.available(&view, *a);
        if let Some(a) = game.iter().find(|a| game_ok(a)).copied() {
            let outcome = self.screen.act(&view, a);
            self.follow(outcome);
            return Go::Stay;
        }
        if let Some(a) = shell.iter().find(|a| self.available(**a)).copied() {
            return self.shell_action(a);
        }
        // Nothing available: the first match still gets its say (it may explain a refusal).
        if let Some(&a) = game.first()
            && view.human_turn
        {
            let outcome = self.screen.act(&view, a);
            self.follow(outcome);
            return Go::Stay;
        }
        match shell.first() {
            Some(&a) => self.shell_action(a),
            None => Go::Stay,
        }
    }
}
