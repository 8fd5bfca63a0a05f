//! A game on the table: the session (position, seats, log), the game's own screen, and
//! everything the shell does around it for any game: hot-seat passing, AI seats on a worker
//! thread, hints, undo, resignation, autosaving, lists of choices, and the replay viewer.
//!
//! [`Table`] is generic over the game's screen; the app holds it as a [`TableScreen`] so that it
//! never needs to know which game is on the table.

mod ai_turn;
pub mod ai_worker;
pub mod hint;
pub mod replay;
pub mod session;

use super::action::Action;
use super::keymap::{self, Context, HelpLine, Hint, HintBar, KEYMAP};
use super::screens::overlays::{self, Popup};
use super::theme::Theme;
use super::ui::{AiStatus, GameUi, LineKind, LogLine, Note, Outcome, TableView};
use crate::shell::ai;
use crate::shell::game::Game;
use crate::shell::record::lock::SaveLock;
use crate::shell::record::{Autosave, Loaded, Recordable};
use crate::shell::seats::{SeatKind, Seats};
use ai_turn::AiProgress;
use ai_worker::AiWorker;
use hint::{HintPoll, HintSearch};
use ratatui::Frame;
use ratatui::crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use replay::{ReplayCursor, Watch};
use session::Session;
use std::any::Any;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Default pause between two AI steps, so a person can follow them.
pub const AI_STEP_DELAY: Duration = Duration::from_millis(700);

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
    /// The program is about to end (a signal): writes the save again if the last write failed,
    /// and says in words where the game is saved, or why it is not (`None`: nothing to save).
    fn save_now(&mut self) -> Option<String>;
    /// Whether something moves by itself (the loop then wakes up sooner).
    fn animating(&self) -> bool;
    /// The smallest terminal the game's screen fits in.
    fn min_size(&self) -> (u16, u16);
    /// The table itself, for tests and tools that know which game it holds.
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// What live play has besides the session: bots, hints, the save.
struct Live<G: Recordable> {
    worker: Option<AiWorker<G>>,
    hint: Option<HintSearch<G::Choice>>,
    autosave: Option<Autosave<G>>,
    /// The last problem writing the save; shown until a write succeeds again.
    save_problem: Option<String>,
    ai: AiProgress,
    ai_delay: Duration,
    next_ticket: u64,
    /// The person at the keyboard confirmed being this seat (hot seat).
    revealed: Option<usize>,
}

/// A question the table asks before doing something it cannot take back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Question {
    Resign,
}

/// A person's choice that ends their turn, held until they confirm the end of the turn.
struct Staged<U: GameUi> {
    choice: <U::Game as Game>::Choice,
    /// The session as it would be with the choice made, the turn's end still to come.
    session: Session<U>,
}

/// Everything of a table but the game's own screen (so that the screen can be handed a view of
/// it while it changes itself).
struct Core<U: GameUi> {
    session: Session<U>,
    /// A choice of the person deciding that would end their turn: the screen shows where it
    /// leads, and it is made only when they confirm the end of the turn.
    staged: Option<Staged<U>>,
    live: Option<Live<U::Game>>,
    replay: Option<ReplayCursor<U>>,
    /// The seat whose hidden information may be drawn.
    viewer: Option<usize>,
    /// A "pass to" screen is up for this seat: its hand stays hidden until it confirms.
    gate: Option<usize>,
    note: Option<Note>,
    log_scroll: usize,
    popup: Option<(Popup, Vec<<U::Game as Game>::Choice>)>,
    question: Option<Question>,
    now: Instant,
}

/// A game on the table.
pub struct Table<U: GameUi> {
    screen: U,
    core: Core<U>,
}

/// How a table is set up around its game.
#[derive(Clone, Debug)]
pub struct TableEnv {
    /// Pause between AI steps.
    pub ai_delay: Duration,
}

impl Default for TableEnv {
    fn default() -> Self {
        TableEnv {
            ai_delay: AI_STEP_DELAY,
        }
    }
}

impl<U: GameUi> Core<U> {
    /// The session on screen: the game as it stands, or as a staged choice leaves it.
    fn shown(&self) -> &Session<U> {
        self.staged.as_ref().map_or(&self.session, |s| &s.session)
    }

    fn view(&self) -> TableView<'_, U> {
        let s = self.shown();
        TableView {
            game: &s.game,
            seats: &s.seats,
            narrator: &s.narrator,
            log: &s.log,
            log_scroll: self.log_scroll,
            viewer: self.viewer,
            human_turn: self.human_turn(),
            ai: self.ai_turn().map(|seat| AiStatus {
                seat,
                thinking: self.live.as_ref().and_then(|l| {
                    l.ai.waiting
                        .and(l.ai.since)
                        .map(|t| self.now.saturating_duration_since(t))
                }),
            }),
            last_ai_step: self.live.as_ref().and_then(|l| l.ai.last_step.as_deref()),
            replay: self.replay.as_ref().map(|r| &r.info),
            seed: s.seed,
            note: self.note.as_ref(),
            now: self.now,
        }
    }

    /// The seat that decides now, or `None` once the game is over.
    fn decider(&self) -> Option<usize> {
        let g = &self.shown().game;
        (!g.is_over()).then(|| g.to_move())
    }

    /// Whether a person at this keyboard decides now (and has confirmed being there).
    fn human_turn(&self) -> bool {
        self.live.is_some()
            && self.gate.is_none()
            && self
                .decider()
                .is_some_and(|s| self.session.seats.is_human(s))
    }

    /// The AI seat that decides now.
    fn ai_turn(&self) -> Option<usize> {
        self.live.as_ref()?;
        self.decider().filter(|s| !self.session.seats.is_human(*s))
    }

    /// Works out who may see what: the pass screen of hot-seat play, and the replay's eyes.
    fn seat_the_viewer(&mut self) {
        let seats = &self.session.seats;
        if let Some(r) = &self.replay {
            self.gate = None;
            self.viewer = match r.watch {
                Watch::Public => None,
                Watch::Seat(s) => Some(s),
                Watch::All => Some(self.session.game.to_move()),
            };
            return;
        }
        let revealed = self.live.as_ref().and_then(|l| l.revealed);
        match self.decider() {
            Some(seat) if seats.is_human(seat) => {
                if seats.humans() >= 2 && revealed != Some(seat) {
                    self.gate = Some(seat);
                    self.viewer = None;
                } else {
                    self.gate = None;
                    self.viewer = Some(seat);
                }
            }
            // While the AI plays (and once the game is over), one person may keep looking at
            // their own hand; two or more must not see each other's, so nobody's is shown.
            _ => {
                self.gate = None;
                self.viewer = seats.sole_human();
            }
        }
    }
}

impl<U: GameUi> Table<U> {
    fn with_core(core: Core<U>) -> Table<U> {
        let screen = U::new(&core.view());
        let mut table = Table { screen, core };
        table.refresh();
        table
    }

    fn bare(session: Session<U>) -> Core<U> {
        Core {
            session,
            staged: None,
            live: None,
            replay: None,
            viewer: None,
            gate: None,
            note: None,
            log_scroll: 0,
            popup: None,
            question: None,
            now: Instant::now(),
        }
    }

    /// A game to play, from any position: bots are started for the seats they play, and each
    /// decision is written to `autosave` when there is one.
    pub fn live(
        game: U::Game,
        seats: Seats,
        seed: Option<u64>,
        autosave: Option<Autosave<U::Game>>,
        env: &TableEnv,
    ) -> Result<Table<U>, String> {
        Self::live_session(Session::new(game, seats, seed), autosave, env)
    }

    fn live_session(
        session: Session<U>,
        autosave: Option<Autosave<U::Game>>,
        env: &TableEnv,
    ) -> Result<Table<U>, String> {
        let mut bots = Vec::new();
        let mut any = false;
        for (i, player) in session.seats.players.iter().enumerate() {
            bots.push(match &player.kind {
                SeatKind::Human => None,
                SeatKind::Bot(name) => {
                    any = true;
                    // Each seat's bot gets its own seed, derived from the game's.
                    let bot_seed = session
                        .seed
                        .unwrap_or(0)
                        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                        .wrapping_add(i as u64 + 1);
                    Some(ai::make_bot::<U::Game>(name, bot_seed)?)
                }
            });
        }
        let mut core = Self::bare(session);
        core.live = Some(Live {
            worker: any.then(|| AiWorker::start(bots)),
            hint: None,
            autosave,
            save_problem: None,
            ai: AiProgress::default(),
            ai_delay: env.ai_delay,
            next_ticket: 1,
            revealed: None,
        });
        Ok(Self::with_core(core))
    }

    /// A saved game to play on from where it stopped; it goes on being saved to the same file,
    /// which `lock` holds for play while the table lives.
    pub fn resume(
        loaded: Loaded<U::Game>,
        path: PathBuf,
        lock: SaveLock,
        env: &TableEnv,
    ) -> Result<Self, String> {
        let seats = <U::Game as Recordable>::seats(&loaded.save.game);
        let mut session = Session::<U>::new(loaded.start.clone(), seats, Some(loaded.save.seed));
        for (i, c) in loaded.choices.iter().enumerate() {
            session
                .apply(*c)
                .map_err(|why| format!("{}: choice {}: {why}", path.display(), i + 1))?;
        }
        session.log.push(LogLine {
            turn: session.game.turn(),
            seat: None,
            kind: LineKind::Important,
            text: format!("Continued from {}", path.display()),
        });
        let autosave = Autosave::resume(path, &loaded.save, lock);
        Self::live_session(session, Some(autosave), env)
    }

    /// A saved game to watch in the replay viewer. A finished game may be watched with every
    /// hand shown; one still in progress shows public information only, since its players may
    /// go on with it.
    pub fn replay(loaded: Loaded<U::Game>, path: PathBuf) -> Result<Self, String> {
        let seats = <U::Game as Recordable>::seats(&loaded.save.game);
        let cursor = ReplayCursor::new(path, &loaded, seats)?;
        let start = cursor.session_at(0)?;
        let mut core = Self::bare(start);
        core.replay = Some(cursor);
        let mut table = Self::with_core(core);
        table.update_replay_info();
        Ok(table)
    }

    /// The game as it stands.
    pub fn game(&self) -> &U::Game {
        &self.core.session.game
    }

    /// The session: position, seats, log and the choices made.
    pub fn session(&self) -> &Session<U> {
        &self.core.session
    }

    /// The game's screen.
    pub fn screen(&self) -> &U {
        &self.screen
    }

    /// What the game's screen is shown.
    pub fn view(&self) -> TableView<'_, U> {
        self.core.view()
    }

    /// The message under the prompt, if any.
    pub fn note(&self) -> Option<&Note> {
        self.core.note.as_ref()
    }

    /// The list of choices open over the game, if any.
    pub fn popup(&self) -> Option<&Popup> {
        self.core.popup.as_ref().map(|(p, _)| p)
    }

    /// The seat a "pass the keyboard" screen waits for.
    pub fn gate(&self) -> Option<usize> {
        self.core.gate
    }

    /// The seat whose hidden information is shown.
    pub fn viewer(&self) -> Option<usize> {
        self.core.viewer
    }

    /// Whether a person at this keyboard decides now.
    pub fn human_turn(&self) -> bool {
        self.core.human_turn()
    }

    /// The save file, once written.
    pub fn save_path(&self) -> Option<&std::path::Path> {
        self.core.live.as_ref()?.autosave.as_ref()?.path()
    }

    /// The last problem writing the save, while it lasts.
    pub fn save_problem(&self) -> Option<&str> {
        self.core.live.as_ref()?.save_problem.as_deref()
    }

    /// The replay cursor, when a saved game is watched.
    pub fn replay_cursor(&self) -> Option<&ReplayCursor<U>> {
        self.core.replay.as_ref()
    }

    /// Rebuilds everything derived from the game after a change.
    fn refresh(&mut self) {
        self.core.seat_the_viewer();
        self.screen.refresh(&self.core.view());
    }

    /// The person at the keyboard confirms they are the seat the pass screen waits for.
    pub fn pass_gate(&mut self) {
        if let (Some(seat), Some(live)) = (self.core.gate, self.core.live.as_mut()) {
            live.revealed = Some(seat);
            self.refresh();
        }
    }

    /// Every choice made in live play goes through here (people and AI alike), so saving and
    /// undo hook in at one place. A refusal is shown under the prompt and returned.
    pub fn apply_choice(&mut self, choice: <U::Game as Game>::Choice) -> Result<(), String> {
        if self.core.live.is_none() {
            return Err("nobody plays a replayed game".into());
        }
        self.core.staged = None;
        // Notation is written at the state the choice is made in.
        let text = self.core.session.game.choice_text(&choice);
        if let Err(why) = self.core.session.apply(choice) {
            let why = why.to_string();
            self.core.note = Some(Note::warn(format!("Not allowed: {why}")));
            return Err(why);
        }
        self.core.note = None;
        self.core.log_scroll = 0;
        self.core.popup = None;
        if let Some(live) = self.core.live.as_mut() {
            live.hint = None;
            if let Some(autosave) = &mut live.autosave {
                autosave.push_text(text);
            }
        }
        self.write_save();
        self.refresh();
        Ok(())
    }

    /// A choice of the person deciding. One that would end their turn is staged: the screen shows
    /// where it leads and the turn ends only when they confirm (the choice is then made for
    /// real), so the last action of a turn can still be taken back.
    pub fn person_choice(&mut self, choice: <U::Game as Game>::Choice) {
        if let Some(staged) = self.core.staged.take() {
            let mut legal = Vec::new();
            staged.session.game.legal(&mut legal);
            if legal.contains(&choice) || Some(choice) == self.core.session.game.resignation() {
                let held = if legal.contains(&choice) {
                    staged.choice
                } else {
                    choice
                };
                let _ = self.apply_choice(held);
            } else {
                self.core.staged = Some(staged);
                self.core.note = Some(Note::warn(
                    "Only the end of the turn is left: confirm it, or take your last step back",
                ));
            }
            return;
        }
        if self.core.live.is_some()
            && let Some(after) = self.core.session.game.before_turn_end(&choice)
        {
            let session = self.core.session.staged(choice, after);
            self.core.staged = Some(Staged { choice, session });
            self.core.note = None;
            self.core.log_scroll = 0;
            self.core.popup = None;
            if let Some(live) = self.core.live.as_mut() {
                live.hint = None;
            }
            self.refresh();
            return;
        }
        let _ = self.apply_choice(choice);
    }

    /// Whether a choice that ends the turn waits for the person to confirm it.
    pub fn staged(&self) -> bool {
        self.core.staged.is_some()
    }

    /// Takes back the deciding person's last decision (and bots' decisions after it): the game
    /// is replayed from its start without them, and the save is rewritten to match.
    pub fn undo(&mut self) {
        if let Some(staged) = self.core.staged.take() {
            let what = U::describe(&self.core.view(), &staged.choice);
            self.core.note = Some(Note::info(format!("Took back: {what}")));
            self.refresh();
            return;
        }
        let Some(keep) = self.core.session.undo_point() else {
            self.core.note = Some(Note::warn(
                "Nothing to take back: undo goes back only over your own decisions of this turn, \
                 and never past something drawn, shuffled or rolled",
            ));
            return;
        };
        let taken = self.core.session.choices.len() - keep;
        match self.core.session.rewound(keep) {
            Ok(session) => {
                self.core.session = session;
                self.core.popup = None;
                if let Some(live) = self.core.live.as_mut() {
                    // Whatever the AI was about to do belonged to the position taken back.
                    live.ai = AiProgress::default();
                    live.hint = None;
                    if let Some(autosave) = &mut live.autosave {
                        autosave.truncate(keep);
                    }
                }
                self.core.note = Some(Note::info(format!(
                    "Took back {taken} decision{}",
                    if taken == 1 { "" } else { "s" }
                )));
            }
            Err((i, why)) => {
                self.core.note = Some(Note::warn(format!(
                    "Cannot undo: replaying decision {}: {why}",
                    i + 1
                )));
                return;
            }
        }
        self.write_save();
        self.refresh();
    }

    /// Writes the game's save, if it has one. A failure stays on screen until a write succeeds.
    fn write_save(&mut self) {
        let Some(live) = self.core.live.as_mut() else {
            return;
        };
        let Some(autosave) = &mut live.autosave else {
            return;
        };
        let session = &mut self.core.session;
        // The save and the session record the same choices; should they ever differ, writing
        // would produce a save that does not load, so it is better not to.
        let result = if autosave.choices().len() == session.choices.len() {
            autosave
                .write(&session.game)
                .map(|_| ())
                .map_err(|e| e.reason_first())
        } else {
            Err("the save fell out of step with the game; it is no longer updated".into())
        };
        match result {
            Ok(()) => live.save_problem = None,
            Err(problem) => {
                if live.save_problem.as_ref() != Some(&problem) {
                    session.log.push(LogLine {
                        turn: session.game.turn(),
                        seat: None,
                        kind: LineKind::Important,
                        text: format!("Not saved: {problem}"),
                    });
                }
                live.save_problem = Some(problem);
            }
        }
    }

    /// Starts looking for a hint for the person to move.
    fn ask_hint(&mut self) {
        if !self.core.human_turn() {
            return;
        }
        let mut legal = Vec::new();
        self.core.shown().game.legal(&mut legal);
        if legal.len() <= 1 {
            self.core.note = Some(Note::info("there is nothing to choose here"));
            return;
        }
        let Some(live) = self.core.live.as_mut() else {
            return;
        };
        let seat = self.core.session.game.to_move();
        live.hint = Some(HintSearch::start(
            &self.core.session.game,
            seat,
            live.next_ticket,
        ));
        live.next_ticket += 1;
        self.core.note = Some(Note::info("looking for a hint…"));
    }

    /// Shows a hint that has arrived (waiting up to `wait` for it, for tests), if it is still for
    /// the position on screen: the screen selects its choice, so that one key takes it.
    pub fn poll_hint(&mut self, wait: Option<Duration>) {
        let Some(search) = self.core.live.as_ref().and_then(|l| l.hint.as_ref()) else {
            return;
        };
        let poll = match wait {
            Some(t) => search.wait(t),
            None => search.poll(),
        };
        if poll == HintPoll::Thinking {
            return;
        }
        let position = search.position;
        if let Some(live) = self.core.live.as_mut() {
            live.hint = None;
        }
        if self.core.session.game.state_hash() != position {
            return;
        }
        let text = match poll {
            HintPoll::Found(choice) => {
                let view = self.core.view();
                self.screen.select(&view, &choice);
                format!("hint: {} (Enter takes it)", U::describe(&view, &choice))
            }
            _ => "no hint could be found".into(),
        };
        self.core.note = Some(Note::info(text));
    }

    /// Carries out what a selection on the game's screen led to.
    fn follow(&mut self, outcome: Outcome<<U::Game as Game>::Choice>) {
        match outcome {
            Outcome::Nothing => {}
            Outcome::Apply(choice) => {
                if self.core.human_turn() {
                    self.person_choice(choice);
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

    fn open_popup(&mut self, title: String, choices: Vec<<U::Game as Game>::Choice>) {
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

    fn scroll_log(&mut self, lines: i32) {
        let max = self.core.shown().log.len().saturating_sub(1);
        let now = self.core.log_scroll as i64 + i64::from(lines);
        self.core.log_scroll = now.clamp(0, max as i64) as usize;
    }

    /// Whether a shell action does something now (the key bar shows only those).
    fn available(&self, action: Action) -> bool {
        let core = &self.core;
        match core.replay.as_ref() {
            Some(r) if core.popup.is_none() => return r.available(action),
            _ => {}
        }
        let human = core.human_turn();
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
            Action::Undo => human && (core.staged.is_some() || core.session.undo_point().is_some()),
            Action::Hint => human && legal() > 1,
            Action::Choices => human && legal() > 0,
            Action::Resign => human && core.session.game.resignation().is_some(),
            _ => true,
        }
    }

    /// Handles one shell action.
    fn shell_action(&mut self, action: Action) -> Go {
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
                Action::Continue => {
                    if let Some(live) = self.core.live.as_mut() {
                        live.ai.resume_at = Some(now);
                    }
                }
                Action::Hint => self.ask_hint(),
                Action::Undo if self.core.human_turn() => self.undo(),
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

    fn popup_action(&mut self, action: Action) {
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

    /// Shows the replayed position after `i` decisions.
    fn seek(&mut self, i: usize) {
        let Some(r) = self.core.replay.as_mut() else {
            return;
        };
        let old = r.pos();
        if !r.seek(i) {
            return;
        }
        let new = r.pos();
        // One step on: apply it to what is shown, so the board marks what just changed. Anything
        // else: rebuild that position from the start (log and all).
        let stepped = new == old + 1
            && r.choice(old)
                .is_some_and(|c| self.core.session.apply(c).is_ok());
        if stepped {
            self.core.log_scroll = 0;
        } else if let Ok(session) = r.session_at(new) {
            self.core.session = session;
            self.core.log_scroll = 0;
        }
        self.refresh();
    }

    fn update_replay_info(&mut self) {
        let view = self.core.view();
        let next = self
            .core
            .replay
            .as_ref()
            .and_then(|r| r.next_choice())
            .map(|c| {
                format!(
                    "{}: {}",
                    view.seats.name(view.game.to_move()),
                    U::describe(&view, &c)
                )
            });
        if let Some(r) = self.core.replay.as_mut() {
            r.update_info(next);
        }
    }

    /// The merged keymap of the game context: the game's keys first, then the shell's.
    fn game_key(&mut self, event: &KeyEvent) -> Go {
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
        self.core
            .live
            .as_ref()
            .is_some_and(|l| l.autosave.is_some() && l.save_problem.is_none())
    }

    fn save_now(&mut self) -> Option<String> {
        if !self.in_progress() {
            return None;
        }
        // Every decision is written as it is made; only a failed write is left to retry.
        if !self.saved() {
            self.write_save();
        }
        let live = self.core.live.as_ref()?;
        Some(match (&live.save_problem, self.save_path()) {
            (Some(problem), _) => format!("the game could not be saved: {problem}"),
            (None, Some(path)) => format!("the game is saved in {}", path.display()),
            (None, None) => "the game was not being saved".to_string(),
        })
    }

    fn animating(&self) -> bool {
        self.core.ai_turn().is_some()
            || self.core.replay.as_ref().is_some_and(|r| r.autoplay)
            || self.core.live.as_ref().is_some_and(|l| l.hint.is_some())
    }

    fn min_size(&self) -> (u16, u16) {
        U::min_size()
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
    let last: Vec<Line> = core
        .session
        .log
        .iter()
        .rev()
        .take(6)
        .rev()
        .map(|l| Line::styled(format!("  {}", l.text), theme.muted()))
        .collect();
    let mut lines = vec![
        Line::default(),
        Line::from(vec![
            Span::raw("Pass the keyboard to "),
            Span::styled(format!(" {name} "), theme.badge(colour)),
        ])
        .centered(),
        Line::default(),
        Line::from(format!(
            "{name}: press Enter when you are ready to see your hand."
        ))
        .centered(),
        Line::styled("Everyone else: please look away.", theme.muted()).centered(),
        Line::default(),
        Line::styled("Lately:", theme.title()),
    ];
    lines.extend(last);
    let w = area.width.min(76);
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
