//! The table as the app sees it ([`TableScreen`]), and what it draws around the game's own
//! screen: the hot-seat pass screen, the list of choices, questions and a failed save.

use super::super::action::Action;
use super::super::keymap::{self, Context, HelpLine, Hint, HintBar, KEYMAP};
use super::super::screens::overlays;
use super::super::theme::Theme;
use super::super::ui::{GameUi, LogFilter, LogLine};
use super::remote::{AnyChoice, RefereeLink};
use super::{Core, Question, Table};
use crate::shell::game::Game;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use std::any::Any;
use std::time::Instant;

/// What the app should do after the table handled something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Go {
    Stay,
    /// Back to the main menu.
    Menu,
    /// Show the help.
    Help,
    /// The player asked to quit.
    Quit,
    /// Something broke that ends the program (reported once the terminal is restored).
    Fatal(String),
}

/// A game on the table, whatever the game: what the app needs of it.
pub trait TableScreen: Send {
    /// The keymap context of what the table shows now.
    fn context(&self) -> Context;
    /// A key press.
    fn key(&mut self, event: &KeyEvent) -> Go;
    /// A mouse event; `area` is the table's area (the terminal without the key bar).
    fn mouse(&mut self, event: &MouseEvent, area: Rect) -> Go;
    /// Time passes: AI answers, autoplay steps, hints.
    fn tick(&mut self, now: Instant) -> Go;
    /// Draws the table into `area`.
    fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme);
    /// The key bar now.
    fn hints(&self) -> Vec<Hint>;
    /// The game screen's own keys, for the help.
    fn game_keys(&self) -> Vec<HelpLine>;
    /// Whether a game is being played and is not over (quitting then asks first).
    fn in_progress(&self) -> bool;
    /// Whether the game is saved up to its last decision.
    fn saved(&self) -> bool;
    /// Whether a person has decided anything yet: a game left before that keeps no save.
    fn decided(&self) -> bool;
    /// The game is about to be left (a quit, a signal): makes a staged end of turn for real,
    /// writes the save again if the last write failed, and says in words where the game is
    /// saved, or why it is not (`None`: nothing to save).
    fn save_now(&mut self) -> Option<String>;
    /// Whether something moves by itself (the loop then wakes up sooner).
    fn animating(&self) -> bool;
    /// The smallest terminal the game's screen fits in.
    fn min_size(&self) -> (u16, u16);
    /// How many decisions were made on this table (a referee's mirrors follow them in order).
    fn decisions(&self) -> usize;
    /// Decision `i`, type-erased for a mirror of this table.
    fn decision(&self, i: usize) -> Option<AnyChoice>;
    /// The referee's side: makes `choice` for `seat` if it is that person's turn and the choice
    /// is legal; says why not otherwise.
    fn decide_for(&mut self, seat: usize, choice: &dyn Any) -> Result<(), String>;
    /// The referee's side: takes back `seat`'s own last decision (only on its turn, only its
    /// own since another seat decided, never past a barrier); gives the decisions kept.
    fn undo_for(&mut self, seat: usize) -> Result<usize, String>;
    /// A mirror of this live table for the person at `seat` (or, `None`, for someone watching
    /// it, who sees what is public only), its choices ruled through `link` (`None`: a replayed
    /// game has none).
    fn mirror(&self, seat: Option<usize>, link: RefereeLink) -> Option<Box<dyn TableScreen>>;
    /// Each seat's name, and whether a person plays it.
    fn seat_names(&self) -> Vec<(String, bool)>;
    /// Whether the game is over.
    fn over(&self) -> bool;
    /// The save file, once written.
    fn save_file(&self) -> Option<std::path::PathBuf>;
    /// The table itself, for tests and tools that know which game it holds.
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<U: GameUi> TableScreen for Table<U> {
    fn context(&self) -> Context {
        let core = &self.core;
        if core.popup.is_some() {
            Context::Popup
        } else if core.question.is_some() {
            Context::Confirm
        } else if core.replay.is_some() {
            Context::Replay
        } else if core.gate.is_some() {
            Context::PassTo
        } else if core.session.game.is_over() {
            Context::GameOver
        } else {
            Context::Game
        }
    }

    fn key(&mut self, event: &KeyEvent) -> Go {
        let context = self.context();
        if context == Context::Game {
            return self.game_key(event);
        }
        match keymap::shell_action(context, event, |a| self.available(a)) {
            Some(action) => self.shell_action(action),
            None => Go::Stay,
        }
    }

    fn mouse(&mut self, event: &MouseEvent, area: Rect) -> Go {
        let click = matches!(event.kind, MouseEventKind::Down(MouseButton::Left));
        let wheel = match event.kind {
            MouseEventKind::ScrollUp => Some(Action::Up),
            MouseEventKind::ScrollDown => Some(Action::Down),
            _ => None,
        };
        match self.context() {
            Context::Popup => {
                if let Some((popup, _)) = &self.core.popup {
                    if click
                        && let Some(i) =
                            overlays::popup_entry_at(area, popup, event.column, event.row)
                    {
                        if let Some((p, _)) = self.core.popup.as_mut() {
                            p.index = i;
                        }
                        return self.shell_action(Action::Select);
                    }
                    if let Some(a) = wheel {
                        return self.shell_action(a);
                    }
                }
                Go::Stay
            }
            Context::PassTo => {
                if click {
                    self.pass_gate();
                }
                Go::Stay
            }
            // The wheel steps through a replayed game; there is nothing to click.
            Context::Replay => match wheel {
                Some(Action::Up) => self.shell_action(Action::Left),
                Some(_) => self.shell_action(Action::Right),
                None => Go::Stay,
            },
            Context::Confirm | Context::GameOver => Go::Stay,
            _ => {
                let view = self.core.view();
                let outcome = self.screen.click(&view, area, event);
                self.follow(outcome);
                Go::Stay
            }
        }
    }

    fn tick(&mut self, now: Instant) -> Go {
        self.core.now = now;
        self.follow_referee();
        loop {
            let reply = match self.core.live.as_ref().and_then(|l| l.worker.as_ref()) {
                Some(w) => w.try_reply(),
                None => Ok(None),
            };
            match reply {
                Ok(Some(r)) => {
                    if let Go::Fatal(e) = self.on_ai_reply(r) {
                        return Go::Fatal(e);
                    }
                }
                Ok(None) => break,
                Err(e) => return Go::Fatal(e),
            }
        }
        if let Go::Fatal(e) = self.request_ai(now) {
            return Go::Fatal(e);
        }
        let step = self.core.replay.as_mut().and_then(|r| r.tick(now));
        if let Some(i) = step {
            self.seek(i);
            self.update_replay_info();
        }
        self.poll_hint(None);
        Go::Stay
    }

    fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let core = &self.core;
        let problem = core.live.as_ref().and_then(|l| l.save_problem.as_deref());
        if let Some(seat) = core.gate {
            render_pass(frame, area, core, seat, theme);
            if let Some(problem) = problem {
                render_save_problem(frame, area, problem, theme);
            }
            return;
        }
        self.screen.render(frame, area, &core.view(), theme);
        if let Some(problem) = problem {
            render_save_problem(frame, area, problem, theme);
        }
        if let Some(who) = core.remote().and_then(|r| r.waiting.as_deref()) {
            render_waiting(frame, area, who, theme);
        }
        if let Some((popup, _)) = &core.popup {
            overlays::render_popup(frame, area, popup, theme);
        }
        if core.question == Some(Question::Resign) {
            // In a team game the whole team resigns: the question names every seat of it.
            let game = &core.session.game;
            let names: Vec<&str> = game
                .side(game.to_move())
                .into_iter()
                .map(|s| core.session.seats.name(s))
                .collect();
            let side = names.join(" and ");
            overlays::render_confirm(
                frame,
                area,
                &format!("Resign the game for {side}? The other side wins."),
                theme,
            );
        }
    }

    fn hints(&self) -> Vec<Hint> {
        let context = self.context();
        let mut bar = HintBar::default();
        if context == Context::Game {
            let view = self.core.view();
            bar = bar.add(U::KEYS, context, |a| {
                view.human_turn && self.screen.available(&view, a)
            });
        }
        bar.add(KEYMAP, context, |a| self.available(a)).finish()
    }

    fn game_keys(&self) -> Vec<HelpLine> {
        keymap::help_lines(U::KEYS, Context::Game)
    }

    fn in_progress(&self) -> bool {
        self.core.live.is_some() && !self.core.session.game.is_over()
    }

    fn saved(&self) -> bool {
        // A served game is saved by its referee.
        if self.core.remote().is_some() {
            return true;
        }
        self.core
            .live
            .as_ref()
            .is_some_and(|l| l.autosave.is_some() && l.save_problem.is_none())
    }

    fn decided(&self) -> bool {
        self.person_decided()
    }

    fn save_now(&mut self) -> Option<String> {
        if !self.in_progress() {
            return None;
        }
        // Nothing of a served game is this screen's to save: a staged step stays unmade.
        if self.core.remote().is_some() {
            return Some("the server keeps the game".into());
        }
        self.commit_staged();
        // Every decision is written as it is made; only a failed write is left to retry.
        if !self.saved() {
            self.write_save();
        }
        let live = self.core.live.as_ref()?;
        Some(match (&live.save_problem, self.save_path()) {
            (Some(problem), _) => format!("the game could not be saved: {problem}"),
            (None, Some(path)) => format!("the game is saved in {}", path.display()),
            (None, None) if live.autosave.is_some() && !live.person_decided => {
                "nothing was decided yet, so no save was kept".to_string()
            }
            (None, None) => "the game was not being saved".to_string(),
        })
    }

    fn animating(&self) -> bool {
        // A served game changes by the referee's word: the loop looks for it often.
        self.core
            .remote()
            .is_some_and(|r| !r.cut && !self.core.session.game.is_over())
            || self.core.ai_turn().is_some()
            || self.core.replay.as_ref().is_some_and(|r| r.autoplay)
            || self.core.live.as_ref().is_some_and(|l| l.hint.is_some())
    }

    fn min_size(&self) -> (u16, u16) {
        U::min_size()
    }

    fn decisions(&self) -> usize {
        self.core.session.choices.len()
    }

    fn decision(&self, i: usize) -> Option<AnyChoice> {
        Table::decision(self, i)
    }

    fn decide_for(&mut self, seat: usize, choice: &dyn Any) -> Result<(), String> {
        Table::decide_for(self, seat, choice)
    }

    fn undo_for(&mut self, seat: usize) -> Result<usize, String> {
        Table::undo_for(self, seat)
    }

    fn mirror(&self, seat: Option<usize>, link: RefereeLink) -> Option<Box<dyn TableScreen>> {
        self.core.live.as_ref()?;
        Some(Box::new(Table::mirror(self, seat, link)))
    }

    fn seat_names(&self) -> Vec<(String, bool)> {
        self.core
            .session
            .seats
            .players
            .iter()
            .map(|p| (p.name.clone(), p.kind.is_human()))
            .collect()
    }

    fn over(&self) -> bool {
        self.core.session.game.is_over()
    }

    fn save_file(&self) -> Option<std::path::PathBuf> {
        self.save_path().map(|p| p.to_path_buf())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A save that could not be written, over the top line of the table until a write succeeds:
/// the game goes on, and the player must know it is not being saved.
fn render_save_problem(frame: &mut Frame, area: Rect, problem: &str, theme: &Theme) {
    if area.height == 0 {
        return;
    }
    let line = Rect::new(area.x, area.y, area.width, 1);
    frame.render_widget(ratatui::widgets::Clear, line);
    frame.render_widget(
        Paragraph::new(Line::styled(
            format!(" Not saved: {problem} "),
            theme
                .warn()
                .add_modifier(ratatui::style::Modifier::REVERSED),
        )),
        line,
    );
}

/// The "pass to" screen: nothing private is drawn until the named player confirms.
fn render_pass<U: GameUi>(
    frame: &mut Frame,
    area: Rect,
    core: &Core<U>,
    seat: usize,
    theme: &Theme,
) {
    let name = core.session.seats.name(seat);
    let colour = U::seat_colour(&core.session.game, seat);
    // Nobody's private lines: the person who sits down has not confirmed being `seat` yet.
    let public = LogFilter::default();
    let shown: Vec<&LogLine> = core
        .session
        .log
        .iter()
        .filter(|l| public.shows(l))
        .collect();
    let w = area.width.min(76);
    // Long lines are wrapped, not cut: the move the next person most needs to read is often
    // the longest (an attack and what it tipped off).
    let room = (w as usize).saturating_sub(2 + 2).max(10);
    let last: Vec<Line> = shown[shown.len().saturating_sub(6)..]
        .iter()
        .flat_map(|l| crate::shell::tui::widgets::log::wrap_words(&l.text, room))
        .map(|part| Line::styled(format!("  {part}"), theme.muted()))
        .collect();
    let mut lines = vec![
        Line::default(),
        Line::from(vec![
            Span::raw("Pass the keyboard to "),
            Span::styled(format!(" {name} "), theme.badge(colour)),
        ])
        .centered(),
        Line::default(),
    ];
    if let Some(reason) = U::pass_reason(&core.session.game, seat, &core.session.seats) {
        lines.push(Line::styled(reason, theme.warn()).centered());
    }
    lines.extend([
        Line::from(format!(
            "{name}: press Enter when you are ready to see your hand."
        ))
        .centered(),
        Line::styled("Everyone else: please look away.", theme.muted()).centered(),
        Line::default(),
        Line::styled("Lately:", theme.title()),
    ]);
    lines.extend(last);
    let h = (lines.len() as u16 + 2).min(area.height);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height.saturating_sub(h)) / 2,
        w,
        h,
    );
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .border_style(theme.focus_border())
                .title(Span::styled("Hot seat", theme.title())),
        ),
        r,
    );
}

/// Who a served table waits for, on the bottom line of the table (every game's screen, whoever
/// decides: the game's own panels say nothing of connections).
fn render_waiting(frame: &mut Frame, area: Rect, who: &str, theme: &Theme) {
    if area.height == 0 || area.width == 0 {
        return;
    }
    let text = format!(" {who} ");
    let width = (text.chars().count() as u16).min(area.width);
    let line = Rect::new(area.x, area.y + area.height - 1, width, 1);
    frame.render_widget(Paragraph::new(text).style(theme.warn()), line);
}
