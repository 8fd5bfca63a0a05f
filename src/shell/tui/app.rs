//! The application state and what each action does to it. The event loop (`mod.rs`) only turns
//! terminal events into calls here; drawing reads this state and changes nothing.

use super::action::Action;
use super::ai_worker::{AiWorker, Answer, Reply};
use super::game::interaction::{Focus, Note, Outcome, Stage, next_target, targets};
use super::game::narrate::{LineKind, LogLine};
use super::game::replay::ReplayView;
use super::game::seats::SeatKind;
use super::game::session::GameSession;
use super::game::words::describe;
use super::game::{AiProgress, GameScreen};
use super::hint::{HintPoll, HintSearch, focus_square};
use super::keymap::{self, Context};
use super::records::{self, Opened, RecordsError};
use super::screens::form::{self, FormState, Row};
use super::screens::game::{self as game_screen, GameHit, MIN_HEIGHT, MIN_WIDTH};
use super::screens::menu::{self, MENU, MenuItem, MenuState};
use super::screens::overlays::{self, Popup};
use super::screens::rules::{self, RulesState};
use super::screens::saves::{self, SavesList, SavesPurpose};
use super::setup::GameSetup;
use super::theme::{PaletteKind, Theme};
use super::widgets::keybar::KeyBar;
use crate::shell::ai;
use crate::shell::game::Game;
use crate::shell::record::{Autosave, save};
use crate::tashkalar::engine::{CardDb, Choice, GameState};
use ratatui::Frame;
use ratatui::crossterm::event::{KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

/// The screen being shown.
pub enum Screen {
    Menu,
    NewGame,
    Rules(RulesState),
    Game(Box<GameScreen>),
    /// A saved game being watched.
    Replay(Box<ReplayView>),
    /// The saved games, to load or to watch.
    Saves(SavesList),
}

/// A window over the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The key help, scrolled this far.
    Help(u16),
    ConfirmQuit,
    Popup(Popup),
    Notice(String),
}

/// Default pause between two AI steps, so a person can follow them.
pub const AI_STEP_DELAY: Duration = Duration::from_millis(700);

/// The whole front end's state.
pub struct App {
    pub db: Arc<CardDb>,
    pub theme: Theme,
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub menu: MenuState,
    pub form: FormState,
    pub quit: bool,
    /// A problem that ends the program; reported once the terminal is restored.
    pub fatal: Option<String>,
    /// Pause between AI steps.
    pub ai_delay: Duration,
    worker: Option<AiWorker>,
    /// A hint being searched for.
    hint: Option<HintSearch>,
    next_ticket: u64,
    /// The time of the last tick (drawing animates from it).
    pub now: Instant,
    /// Where games are saved and looked for (`None`: this session keeps no saves, as in tests
    /// that do not ask for them).
    pub save_dir: Option<PathBuf>,
    /// The save of the game on screen, rewritten after every decision.
    pub autosave: Option<Autosave<GameState>>,
    /// The last problem writing the save (told once in the log, not at every decision).
    pub save_problem: Option<String>,
}

impl App {
    /// The app at the main menu.
    pub fn new(db: Arc<CardDb>, palette: PaletteKind) -> App {
        App {
            db,
            theme: Theme::new(palette),
            screen: Screen::Menu,
            overlay: None,
            menu: MenuState::default(),
            form: FormState::default(),
            quit: false,
            fatal: None,
            ai_delay: AI_STEP_DELAY,
            worker: None,
            hint: None,
            next_ticket: 1,
            now: Instant::now(),
            save_dir: None,
            autosave: None,
            save_problem: None,
        }
    }

    /// Deals a new game and shows it; it is saved after every decision when saves are on.
    pub fn start_game(&mut self, setup: &GameSetup) -> Result<(), String> {
        let (state, seed) = setup.deal(Arc::clone(&self.db))?;
        let session = GameSession::new(state, setup.seats.clone(), Some(seed));
        let autosave = self.new_autosave(&session, seed, None);
        self.show_game(session, autosave)
    }

    /// Shows a game set up by a scenario file (`text`, with the state it gives); it is saved
    /// with the scenario text when saves are on.
    pub fn start_scenario(
        &mut self,
        state: GameState,
        kinds: Vec<SeatKind>,
        text: String,
    ) -> Result<(), String> {
        let seed = crate::tashkalar::engine::scenario::Scenario::parse(&text).map_or(0, |s| s.seed);
        let session = GameSession::new(state, kinds, None);
        let autosave = self.new_autosave(&session, seed, Some(text));
        self.show_game(session, autosave)
    }

    /// Shows a game from any position, without saving it (nothing would say how to set it up).
    pub fn start_state(
        &mut self,
        state: GameState,
        kinds: Vec<SeatKind>,
        seed: Option<u64>,
    ) -> Result<(), String> {
        self.show_game(GameSession::new(state, kinds, seed), None)
    }

    /// Plays on a saved game from where it stopped; it goes on being saved to the same file.
    pub fn resume(&mut self, opened: Opened) -> Result<(), String> {
        let seed = opened.loaded.save.seed;
        let mut session =
            GameSession::with_seats(opened.loaded.start.clone(), opened.seats(), Some(seed));
        for (i, c) in opened.loaded.choices.iter().enumerate() {
            session
                .apply(*c)
                .map_err(|why| format!("{}: choice {}: {why}", opened.path.display(), i + 1))?;
        }
        session.log.push(LogLine {
            turn: session.state.turn.number,
            seat: None,
            kind: LineKind::Important,
            text: format!("Continued from {}", opened.path.display()),
        });
        let autosave = Autosave::resume(opened.path.clone(), &opened.loaded.save);
        self.show_game(session, Some(autosave))
    }

    /// Opens a saved game in the replay viewer.
    pub fn open_replay(&mut self, opened: Opened) -> Result<(), String> {
        let seats = opened.seats();
        let view = ReplayView::new(opened.path, opened.loaded, seats)?;
        self.worker = None;
        self.autosave = None;
        self.screen = Screen::Replay(Box::new(view));
        self.overlay = None;
        Ok(())
    }

    /// The autosaver of a new game, when this session keeps saves.
    fn new_autosave(
        &self,
        session: &GameSession,
        seed: u64,
        scenario: Option<String>,
    ) -> Option<Autosave<GameState>> {
        let dir = self.save_dir.clone()?;
        let spec = records::spec_for(&session.state, &session.seats, scenario);
        let stem = save::stem_for(SystemTime::now(), session.state.config.mode.name());
        Some(Autosave::new(dir, stem, spec, seed))
    }

    /// Shows a game session, with bots started for its AI seats.
    fn show_game(
        &mut self,
        session: GameSession,
        autosave: Option<Autosave<GameState>>,
    ) -> Result<(), String> {
        let seed = session.seed;
        let kinds: Vec<SeatKind> = session
            .seats
            .players
            .iter()
            .map(|p| p.kind.clone())
            .collect();
        let mut bots = Vec::new();
        for (i, kind) in kinds.iter().enumerate().take(session.state.players()) {
            bots.push(match kind {
                SeatKind::Human => None,
                SeatKind::Ai(name) => {
                    // Each seat's bot gets its own seed, derived from the game's.
                    let bot_seed = seed
                        .unwrap_or(0)
                        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                        .wrapping_add(i as u64 + 1);
                    Some(ai::make_bot::<GameState>(name, bot_seed)?)
                }
            });
        }
        self.worker = bots
            .iter()
            .any(Option::is_some)
            .then(|| AiWorker::start(bots));
        self.screen = Screen::Game(Box::new(GameScreen::new(session)));
        self.overlay = None;
        self.autosave = autosave;
        self.save_problem = None;
        Ok(())
    }

    /// Leaves whatever is on screen for the main menu.
    pub fn to_menu(&mut self) {
        self.worker = None;
        self.autosave = None;
        self.screen = Screen::Menu;
    }

    /// The game on screen, if any.
    pub fn game(&self) -> Option<&GameScreen> {
        match &self.screen {
            Screen::Game(g) => Some(g),
            _ => None,
        }
    }

    fn game_mut(&mut self) -> Option<&mut GameScreen> {
        match &mut self.screen {
            Screen::Game(g) => Some(g),
            _ => None,
        }
    }

    /// The keymap context of what is on screen.
    pub fn context(&self) -> Context {
        if let Some(o) = &self.overlay {
            return match o {
                Overlay::Help(_) => Context::Help,
                Overlay::ConfirmQuit => Context::Confirm,
                Overlay::Popup(_) => Context::Popup,
                Overlay::Notice(_) => Context::Notice,
            };
        }
        match &self.screen {
            Screen::Menu => Context::Menu,
            Screen::NewGame => Context::Form,
            Screen::Rules(_) => Context::Rules,
            Screen::Replay(_) => Context::Replay,
            Screen::Saves(_) => Context::Saves,
            Screen::Game(g) if g.gate.is_some() => Context::PassTo,
            Screen::Game(g) if g.session.state.is_over() => Context::GameOver,
            Screen::Game(_) => Context::Game,
        }
    }

    /// Whether an action does something now (the hint bar shows only those).
    pub fn available(&self, action: Action) -> bool {
        if let (None, Screen::Replay(v)) = (&self.overlay, &self.screen) {
            return match action {
                Action::Select | Action::Erase => !v.typed.is_empty(),
                Action::Left | Action::ToStart => v.pos() > 0,
                Action::Right | Action::ToEnd => !v.replay.at_end(),
                Action::Perspective => v.perspectives().len() > 1,
                Action::Faster | Action::Slower => v.autoplay,
                _ => true,
            };
        }
        if self.context() != Context::Game {
            return true;
        }
        let Some(g) = self.game() else {
            return false;
        };
        let human = g.human_turn();
        let stage = g.ui.shown_stage(&g.items);
        let has = |c: Choice| g.model.choices.contains(&c);
        match action {
            Action::Continue => g.ai_turn().is_some() && g.ai.waiting.is_none(),
            Action::Cycle | Action::CycleBack => human && matches!(stage, Stage::Card(_)),
            Action::Skip => human && has(Choice::Skip),
            Action::EndTurn => human && has(Choice::EndTurn),
            Action::Discard => {
                human
                    && g.model
                        .choices
                        .iter()
                        .any(|c| matches!(c, Choice::Discard(_)))
            }
            Action::Choices => human && !g.model.choices.is_empty(),
            Action::Undo => human && g.session.undo_point().is_some(),
            Action::Hint => human && g.model.choices.len() > 1,
            Action::Option(_) => human && !g.model.options.is_empty(),
            Action::Back => human && (g.ui.stage != Stage::Idle || g.ui.focus != Focus::Board),
            Action::Up
            | Action::Down
            | Action::Left
            | Action::Right
            | Action::Select
            | Action::FocusNext
            | Action::FocusPrev => human,
            Action::PageUp | Action::PageDown | Action::Help | Action::Quit => true,
            _ => false,
        }
    }

    /// Whether something moves on screen by itself (the loop then redraws more often).
    pub fn animating(&self) -> bool {
        self.game().is_some_and(|g| g.ai_turn().is_some())
            || matches!(&self.screen, Screen::Replay(v) if v.autoplay)
    }

    /// A key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind != KeyEventKind::Press {
            return;
        }
        let ctx = self.context();
        if let Some(action) = keymap::action_for(ctx, &key, |a| self.available(a)) {
            self.handle_action(action);
        }
    }

    /// Does what an action asks.
    pub fn handle_action(&mut self, action: Action) {
        if let Some(overlay) = self.overlay.take() {
            self.overlay_action(overlay, action);
            return;
        }
        match action {
            Action::Help => {
                self.overlay = Some(Overlay::Help(0));
                return;
            }
            Action::Quit => {
                let playing = self.game().is_some_and(|g| !g.session.state.is_over());
                if playing {
                    self.overlay = Some(Overlay::ConfirmQuit);
                } else {
                    self.quit = true;
                }
                return;
            }
            _ => {}
        }
        match &mut self.screen {
            Screen::Menu => self.menu_action(action),
            Screen::NewGame => self.form_action(action),
            Screen::Rules(r) => match action {
                Action::Left => r.prev_page(),
                Action::Right => r.next_page(),
                Action::Up => r.scroll = r.scroll.saturating_sub(1),
                Action::Down => r.scroll = r.scroll.saturating_add(1).min(60),
                Action::PageUp => r.scroll = r.scroll.saturating_sub(10),
                Action::PageDown => r.scroll = r.scroll.saturating_add(10).min(60),
                Action::Back => self.screen = Screen::Menu,
                _ => {}
            },
            Screen::Game(_) => self.game_action(action),
            Screen::Replay(_) => self.replay_action(action),
            Screen::Saves(_) => self.saves_action(action),
        }
    }

    fn replay_action(&mut self, action: Action) {
        let now = self.now;
        let Screen::Replay(v) = &mut self.screen else {
            return;
        };
        match action {
            Action::Left => v.back(),
            Action::Right => {
                v.forward();
            }
            Action::Up => v.previous_turn(),
            Action::Down => v.next_turn(),
            Action::ToStart => v.to_start(),
            Action::ToEnd => v.to_end(),
            Action::Digit(d) => v.type_digit(d),
            Action::Erase => v.erase(),
            Action::Select => {
                v.jump_typed();
            }
            Action::Autoplay => v.toggle_autoplay(now),
            Action::Faster => v.change_speed(true, now),
            Action::Slower => v.change_speed(false, now),
            Action::Perspective => v.cycle_watch(),
            Action::PageUp => {
                let g = &mut v.screen;
                g.ui.log_scroll = (g.ui.log_scroll + 5).min(g.session.log.len().saturating_sub(1));
            }
            Action::PageDown => {
                let g = &mut v.screen;
                g.ui.log_scroll = g.ui.log_scroll.saturating_sub(5);
            }
            // Esc first drops a turn number being typed, then leaves.
            Action::Back if !v.typed.is_empty() => v.clear_typed(),
            Action::Back => self.to_menu(),
            _ => {}
        }
    }

    fn saves_action(&mut self, action: Action) {
        let Screen::Saves(list) = &mut self.screen else {
            return;
        };
        let n = list.entries.len().max(1);
        match action {
            Action::Up => list.index = (list.index + n - 1) % n,
            Action::Down => list.index = (list.index + 1) % n,
            Action::Select => self.open_selected_save(),
            Action::Back => self.to_menu(),
            _ => {}
        }
    }

    /// Opens the highlighted save of the list: to play on, or to watch.
    fn open_selected_save(&mut self) {
        let Screen::Saves(list) = &self.screen else {
            return;
        };
        let Some(entry) = list.selected() else {
            return;
        };
        let purpose = list.purpose;
        let play_on = purpose == SavesPurpose::Load && entry.unfinished;
        let result = records::open(&entry.path, &self.db)
            .map_err(|e| e.to_string())
            .and_then(|opened| {
                if play_on {
                    self.resume(opened)
                } else {
                    self.open_replay(opened)
                }
            });
        if let Err(e) = result {
            self.overlay = Some(Overlay::Notice(e));
        }
    }

    /// Shows the list of saves, or says why there is none.
    fn show_saves(&mut self, purpose: SavesPurpose) {
        let Some(dir) = self.save_dir.clone() else {
            self.overlay = Some(Overlay::Notice(capitalised(&RecordsError::Off)));
            return;
        };
        match records::list_saves(&dir) {
            Ok(entries) => {
                self.screen = Screen::Saves(SavesList {
                    purpose,
                    dir,
                    entries,
                    index: 0,
                })
            }
            Err(e) => self.overlay = Some(Overlay::Notice(capitalised(&e))),
        }
    }

    /// Plays on the last unfinished game of the save directory.
    pub fn continue_last(&mut self) -> Result<(), String> {
        let dir = self
            .save_dir
            .clone()
            .ok_or_else(|| capitalised(&RecordsError::Off))?;
        let opened = records::continue_last(&dir, &self.db).map_err(|e| capitalised(&e))?;
        self.resume(opened)
    }

    fn overlay_action(&mut self, overlay: Overlay, action: Action) {
        match overlay {
            Overlay::Help(scroll) => {
                let keep = match action {
                    Action::Up => Some(scroll.saturating_sub(1)),
                    Action::Down => Some(scroll.saturating_add(1).min(200)),
                    Action::PageUp => Some(scroll.saturating_sub(10)),
                    Action::PageDown => Some(scroll.saturating_add(10).min(200)),
                    _ => None,
                };
                self.overlay = keep.map(Overlay::Help);
            }
            Overlay::ConfirmQuit => match action {
                Action::Yes => self.quit = true,
                Action::No | Action::Back => {}
                _ => self.overlay = Some(Overlay::ConfirmQuit),
            },
            Overlay::Notice(text) => {
                if !matches!(action, Action::Select | Action::Back) {
                    self.overlay = Some(Overlay::Notice(text));
                }
            }
            Overlay::Popup(mut popup) => {
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
                    Action::Option(k) => (k as usize).checked_sub(1),
                    Action::Back => return,
                    _ => None,
                };
                match take.and_then(|i| popup.entries.get(i).map(|(_, c)| *c)) {
                    Some(choice) => {
                        let _ = self.apply_choice(choice);
                    }
                    None => self.overlay = Some(Overlay::Popup(popup)),
                }
            }
        }
    }

    fn menu_action(&mut self, action: Action) {
        let n = MENU.len();
        match action {
            Action::Up => self.menu.index = (self.menu.index + n - 1) % n,
            Action::Down => self.menu.index = (self.menu.index + 1) % n,
            Action::Select => self.activate_menu(self.menu.index),
            Action::Option(k) if (1..=n).contains(&(k as usize)) => {
                self.menu.index = k as usize - 1;
                self.activate_menu(self.menu.index);
            }
            Action::Palette => self.theme = Theme::new(self.theme.kind.next()),
            _ => {}
        }
    }

    fn activate_menu(&mut self, index: usize) {
        let Some((item, ..)) = MENU.get(index) else {
            return;
        };
        match item {
            MenuItem::NewGame => self.screen = Screen::NewGame,
            MenuItem::Continue => {
                if let Err(e) = self.continue_last() {
                    self.overlay = Some(Overlay::Notice(e));
                }
            }
            MenuItem::Load => self.show_saves(SavesPurpose::Load),
            MenuItem::Replay => self.show_saves(SavesPurpose::Replay),
            MenuItem::Rules => self.screen = Screen::Rules(RulesState::default()),
            MenuItem::Quit => self.quit = true,
        }
    }

    fn form_action(&mut self, action: Action) {
        let db = Arc::clone(&self.db);
        match action {
            Action::Up => self.form.up(),
            Action::Down => self.form.down(),
            Action::Left => self.form.change(-1, &db),
            Action::Right => self.form.change(1, &db),
            Action::Digit(d) => self.form.digit(d),
            Action::Erase => self.form.erase(),
            Action::Palette => self.theme = Theme::new(self.theme.kind.next()),
            Action::Back => self.screen = Screen::Menu,
            Action::Select => {
                if self.form.row() == Row::Start {
                    self.start_from_form();
                } else {
                    self.form.down();
                }
            }
            _ => {}
        }
    }

    fn start_from_form(&mut self) {
        let result = self
            .form
            .setup(&self.db)
            .and_then(|setup| self.start_game(&setup));
        if let Err(e) = result {
            self.form.note = Some(e);
        }
    }

    fn game_action(&mut self, action: Action) {
        let now = self.now;
        let Some(g) = self.game_mut() else {
            return;
        };
        if g.gate.is_some() {
            if action == Action::Select {
                g.pass_gate();
            }
            return;
        }
        if g.session.state.is_over() {
            if action == Action::Select {
                self.to_menu();
            }
            return;
        }
        match action {
            Action::PageUp => {
                g.ui.log_scroll = (g.ui.log_scroll + 5).min(g.session.log.len().saturating_sub(1));
                return;
            }
            Action::PageDown => {
                g.ui.log_scroll = g.ui.log_scroll.saturating_sub(5);
                return;
            }
            Action::Continue => {
                g.ai.resume_at = Some(now);
                return;
            }
            Action::Hint => {
                self.ask_hint();
                return;
            }
            _ => {}
        }
        if !g.human_turn() {
            return;
        }
        if action == Action::Undo {
            self.undo();
            return;
        }
        let outcome = game_input(g, action);
        self.follow(outcome);
    }

    /// Carries out what a selection led to.
    fn follow(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Nothing => {}
            Outcome::Apply(choice) => {
                let _ = self.apply_choice(choice);
            }
            Outcome::Note(note) => {
                if let Some(g) = self.game_mut() {
                    g.ui.note = Some(note);
                }
            }
            Outcome::Popup(title, choices) => {
                if let Some(g) = self.game_mut() {
                    let st = &g.session.state;
                    let entries = choices
                        .iter()
                        .map(|c| (describe(st, &g.session.seats, &g.model.decision, c), *c))
                        .collect();
                    self.overlay = Some(Overlay::Popup(Popup {
                        title,
                        entries,
                        index: 0,
                    }));
                }
            }
        }
    }

    /// Every choice made in live play goes through here (people and AI alike), so saving and
    /// undo can hook in at one place. A refusal is shown under the prompt and returned.
    pub fn apply_choice(&mut self, choice: Choice) -> Result<(), String> {
        let Some(g) = self.game_mut() else {
            return Err("no game is in progress".into());
        };
        // Notation is written at the state the choice is made in.
        let text = g.session.state.choice_text(&choice);
        match g.session.apply(choice) {
            Ok(()) => {
                g.ui.note = None;
                g.ui.log_scroll = 0;
                g.refresh();
            }
            Err(why) => {
                g.ui.note = Some(Note {
                    text: format!("Not allowed: {why}"),
                    warn: true,
                });
                return Err(why);
            }
        }
        if let Some(autosave) = &mut self.autosave {
            autosave.push_text(text);
        }
        self.write_save();
        Ok(())
    }

    /// Takes back the deciding person's last decision (and bots' decisions after it): the game
    /// is replayed from its start without them, and the save is rewritten to match.
    pub fn undo(&mut self) {
        let Some(g) = self.game_mut() else {
            return;
        };
        let Some(keep) = g.session.undo_point() else {
            g.ui.note = Some(Note {
                text: "Nothing to take back: undo goes back only over your own decisions of \
                       this turn, and never past a card drawn or shuffled"
                    .into(),
                warn: true,
            });
            return;
        };
        let taken = g.session.choices.len() - keep;
        match g.session.rewound(keep) {
            Ok(session) => {
                g.replace_session(session);
                // Whatever the AI was about to do belonged to the position taken back.
                g.ai = AiProgress::default();
                g.ui.note = Some(Note {
                    text: format!(
                        "Took back {taken} decision{}",
                        if taken == 1 { "" } else { "s" }
                    ),
                    warn: false,
                });
            }
            Err(why) => {
                g.ui.note = Some(Note {
                    text: format!("Cannot undo: {why}"),
                    warn: true,
                });
                return;
            }
        }
        if let Some(autosave) = &mut self.autosave {
            autosave.truncate(keep);
        }
        self.write_save();
    }

    /// Writes the game's save, if it has one. A failure is told once in the log; play goes on.
    fn write_save(&mut self) {
        let (Screen::Game(g), Some(autosave)) = (&mut self.screen, &mut self.autosave) else {
            return;
        };
        // The save and the session record the same choices; should they ever differ, writing
        // would produce a save that does not load, so it is better not to.
        let result = if autosave.choices().len() == g.session.choices.len() {
            autosave
                .write(&g.session.state)
                .map(|_| ())
                .map_err(|e| e.to_string())
        } else {
            Err("the save fell out of step with the game; it is no longer updated".into())
        };
        match result {
            Ok(()) => self.save_problem = None,
            Err(problem) => {
                if self.save_problem.as_ref() != Some(&problem) {
                    g.session.log.push(LogLine {
                        turn: g.session.state.turn.number,
                        seat: None,
                        kind: LineKind::Important,
                        text: format!("Not saved: {problem}"),
                    });
                }
                self.save_problem = Some(problem);
            }
        }
    }

    /// Time passes: collect AI answers, and ask the AI for its next step when it is due.
    pub fn tick(&mut self, now: Instant) {
        self.now = now;
        loop {
            let reply = match &self.worker {
                Some(w) => w.try_reply(),
                None => Ok(None),
            };
            match reply {
                Ok(Some(r)) => self.on_ai_reply(r),
                Ok(None) => break,
                Err(e) => {
                    self.fail(e);
                    break;
                }
            }
        }
        self.request_ai(now);
        if let Screen::Replay(v) = &mut self.screen {
            v.tick(now);
        }
        self.poll_hint(None);
    }

    /// Starts looking for a hint for the human seat to move.
    fn ask_hint(&mut self) {
        let seed = self.next_ticket;
        let Some(g) = self.game_mut() else {
            return;
        };
        if !g.human_turn() {
            return;
        }
        let text = if g.model.choices.len() <= 1 {
            "there is nothing to choose here"
        } else {
            "looking for a hint…"
        };
        g.ui.note = Some(Note {
            text: text.into(),
            warn: false,
        });
        if g.model.choices.len() <= 1 {
            return;
        }
        let seat = g.session.state.decider();
        let search = HintSearch::start(&g.session.state, seat, seed);
        self.next_ticket += 1;
        self.hint = Some(search);
    }

    /// Shows a hint that has arrived (waiting up to `wait` for it, for tests), if it is still for
    /// the position on screen.
    pub fn poll_hint(&mut self, wait: Option<Duration>) {
        let Some(search) = &self.hint else {
            return;
        };
        let poll = match wait {
            Some(t) => search.wait(t),
            None => search.poll(),
        };
        let position = search.position;
        if poll == HintPoll::Thinking {
            return;
        }
        self.hint = None;
        let Some(g) = self.game_mut() else {
            return;
        };
        if g.session.state.hash64() != position {
            return;
        }
        let text = match poll {
            HintPoll::Found(choice) => {
                if let Some(sq) = focus_square(&choice) {
                    g.ui.cursor = sq;
                    g.ui.focus = Focus::Board;
                }
                let st = &g.session.state;
                format!(
                    "hint: {}",
                    describe(st, &g.session.seats, &g.model.decision, &choice)
                )
            }
            _ => "no hint could be found".into(),
        };
        g.ui.note = Some(Note { text, warn: false });
    }

    /// Blocks until the AI answers (or `timeout` passes) and handles the answer; for tests and
    /// scripted play. Returns whether an answer came.
    pub fn wait_for_ai(&mut self, timeout: Duration) -> bool {
        let now = Instant::now();
        self.now = now;
        if let Some(g) = self.game_mut() {
            g.ai.resume_at = Some(now);
        }
        self.request_ai(now);
        let reply = match &self.worker {
            Some(w) => w.wait_reply(timeout),
            None => return false,
        };
        match reply {
            Ok(Some(r)) => {
                self.on_ai_reply(r);
                true
            }
            Ok(None) => false,
            Err(e) => {
                self.fail(e);
                false
            }
        }
    }

    fn request_ai(&mut self, now: Instant) {
        let ticket = self.next_ticket;
        let Screen::Game(g) = &mut self.screen else {
            return;
        };
        let Some(seat) = g.ai_turn() else {
            return;
        };
        if g.ai.waiting.is_some() || g.ai.resume_at.is_some_and(|t| now < t) {
            return;
        }
        let Some(worker) = &self.worker else {
            return;
        };
        let sent = worker.request(ticket, seat, &g.session.state);
        match sent {
            Ok(()) => {
                g.ai.waiting = Some(ticket);
                g.ai.since = Some(now);
                self.next_ticket += 1;
            }
            Err(e) => self.fail(e),
        }
    }

    fn on_ai_reply(&mut self, reply: Reply) {
        let now = self.now;
        let delay = self.ai_delay;
        let Some(g) = self.game_mut() else {
            return;
        };
        if g.ai.waiting != Some(reply.ticket) {
            return;
        }
        g.ai.waiting = None;
        g.ai.since = None;
        let name = g.session.seats.name(reply.seat).to_string();
        let chosen = match reply.answer {
            Answer::Chose(c) => Some(c),
            Answer::NoChoice => None,
            Answer::Crashed(why) => {
                self.fail(format!("the AI for {name} crashed: {why}"));
                return;
            }
        };
        // A bot's pick is checked like anyone's; should it be refused, the game goes on with the
        // first legal choice rather than stalling, and the log says so.
        let legal = g.model.choices.clone();
        let choice = match chosen {
            Some(c) if legal.contains(&c) => c,
            other => match legal.first() {
                Some(first) => {
                    g.session.log.push(super::game::narrate::LogLine {
                        turn: g.session.state.turn.number,
                        seat: Some(reply.seat),
                        kind: super::game::narrate::LineKind::Important,
                        text: format!(
                            "{name}'s AI gave {} ; playing the first legal choice instead",
                            match other {
                                Some(c) => format!("an illegal choice ({c:?})"),
                                None => "no choice".into(),
                            }
                        ),
                    });
                    *first
                }
                None => return,
            },
        };
        let text = describe(
            &g.session.state,
            &g.session.seats,
            &g.model.decision,
            &choice,
        );
        if self.apply_choice(choice).is_ok()
            && let Some(g) = self.game_mut()
        {
            g.ai.last_step = Some(format!("{name}: {text}"));
            g.ai.resume_at = Some(now + delay);
        }
    }

    fn fail(&mut self, message: String) {
        self.fatal = Some(message);
        self.quit = true;
    }

    /// A mouse event; `area` is the whole terminal.
    pub fn handle_mouse(&mut self, event: MouseEvent, area: Rect) {
        let body = body_area(area);
        let (x, y) = (event.column, event.row);
        let click = matches!(event.kind, MouseEventKind::Down(MouseButton::Left));
        let right = matches!(event.kind, MouseEventKind::Down(MouseButton::Right));
        let wheel = match event.kind {
            MouseEventKind::ScrollUp => Some(Action::Up),
            MouseEventKind::ScrollDown => Some(Action::Down),
            _ => None,
        };
        if let Some(overlay) = &self.overlay {
            match overlay {
                Overlay::Popup(p) => {
                    if click && let Some(i) = overlays::popup_entry_at(body, p, x, y) {
                        if let Some(Overlay::Popup(p)) = &mut self.overlay {
                            p.index = i;
                        }
                        self.handle_action(Action::Select);
                    } else if let Some(a) = wheel {
                        self.handle_action(a);
                    }
                }
                Overlay::Notice(_) if click => self.overlay = None,
                Overlay::Help(_) => {
                    if let Some(a) = wheel {
                        self.handle_action(a);
                    }
                }
                _ => {}
            }
            return;
        }
        match &mut self.screen {
            Screen::Menu => {
                if click && let Some(i) = menu::item_at(body, x, y) {
                    self.menu.index = i;
                    self.activate_menu(i);
                } else if let Some(a) = wheel {
                    self.handle_action(a);
                }
            }
            Screen::NewGame => {
                if click && let Some(i) = form::row_at(body, &self.form, x, y) {
                    self.form.index = i;
                    if self.form.row() == Row::Start {
                        self.start_from_form();
                    } else {
                        self.form.change(1, &Arc::clone(&self.db));
                    }
                }
            }
            Screen::Rules(_) => {
                if let Some(a) = wheel {
                    self.handle_action(a);
                }
            }
            Screen::Saves(list) => {
                if click && let Some(i) = saves::entry_at(body, list, x, y) {
                    list.index = i;
                    self.open_selected_save();
                } else if let Some(a) = wheel {
                    self.handle_action(a);
                }
            }
            Screen::Replay(v) => {
                // The wheel steps through the game; the screen has nothing to click.
                match wheel {
                    Some(Action::Up) => v.back(),
                    Some(_) => {
                        v.forward();
                    }
                    None => {}
                }
            }
            Screen::Game(g) => {
                if g.gate.is_some() {
                    if click {
                        g.pass_gate();
                    }
                    return;
                }
                if g.session.state.is_over() {
                    return;
                }
                let Some(target) = game_screen::hit(g, body, x, y) else {
                    return;
                };
                if !g.human_turn() && target != GameHit::Log {
                    return;
                }
                let outcome = match (target, click, right, wheel) {
                    (GameHit::Log, _, _, Some(Action::Up)) => {
                        g.ui.log_scroll =
                            (g.ui.log_scroll + 1).min(g.session.log.len().saturating_sub(1));
                        Outcome::Nothing
                    }
                    (GameHit::Log, _, _, Some(_)) => {
                        g.ui.log_scroll = g.ui.log_scroll.saturating_sub(1);
                        Outcome::Nothing
                    }
                    (GameHit::Square(sq), true, _, _) => {
                        g.ui.focus = Focus::Board;
                        let summoning = matches!(g.ui.shown_stage(&g.items), Stage::Card(_));
                        if let Stage::Card(c) = g.ui.shown_stage(&g.items) {
                            g.ui.stage = Stage::Card(c);
                        }
                        if summoning && sq != g.ui.cursor {
                            // First click shows the pattern there; a second click summons.
                            g.ui.cursor = sq;
                            g.ui.cycle = 0;
                            Outcome::Nothing
                        } else {
                            g.ui.cursor = sq;
                            game_input(g, Action::Select)
                        }
                    }
                    (GameHit::Square(sq), _, true, _) => {
                        g.ui.focus = Focus::Board;
                        if sq != g.ui.cursor {
                            g.ui.cursor = sq;
                            g.ui.cycle = 0;
                        }
                        game_input(g, Action::Cycle)
                    }
                    (GameHit::Square(_), _, _, Some(Action::Up)) => {
                        game_input(g, Action::CycleBack)
                    }
                    (GameHit::Square(_), _, _, Some(_)) => game_input(g, Action::Cycle),
                    (GameHit::Hand(i), true, _, _) => {
                        g.ui.focus = Focus::Hand;
                        g.ui.hand_index = i;
                        game_input(g, Action::Select)
                    }
                    (GameHit::Option(i), true, _, _) => {
                        g.ui.focus = Focus::Options;
                        g.ui.option_index = i;
                        game_input(g, Action::Select)
                    }
                    _ => Outcome::Nothing,
                };
                self.follow(outcome);
            }
        }
    }

    /// Draws everything.
    pub fn render(&self, frame: &mut Frame) {
        let area = frame.area();
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            overlays::render_too_small(frame, area, (MIN_WIDTH, MIN_HEIGHT), &self.theme);
            return;
        }
        let body = body_area(area);
        match &self.screen {
            Screen::Menu => menu::render(frame, body, &self.menu, &self.theme),
            Screen::NewGame => form::render(frame, body, &self.form, &self.db, &self.theme),
            Screen::Rules(r) => rules::render(frame, body, r, &self.theme),
            Screen::Game(g) if g.gate.is_some() => {
                game_screen::render_pass(frame, body, g, &self.theme)
            }
            Screen::Game(g) => game_screen::render(frame, body, g, &self.theme, self.now),
            Screen::Replay(v) => game_screen::render(frame, body, &v.screen, &self.theme, self.now),
            Screen::Saves(list) => saves::render(frame, body, list, &self.theme),
        }
        match &self.overlay {
            Some(Overlay::Help(scroll)) => overlays::render_help(frame, body, *scroll, &self.theme),
            Some(Overlay::ConfirmQuit) => overlays::render_confirm(
                frame,
                body,
                if self.autosave.is_some() && self.save_problem.is_none() {
                    "Quit Tash-Kalar? The game is saved: pick it up later with Continue in the \
                     menu (or tashkalar play --continue)."
                } else {
                    "Quit Tash-Kalar? The game in progress will be lost."
                },
                &self.theme,
            ),
            Some(Overlay::Popup(p)) => overlays::render_popup(frame, body, p, &self.theme),
            Some(Overlay::Notice(text)) => overlays::render_notice(frame, body, text, &self.theme),
            None => {}
        }
        let bar = Rect::new(area.x, area.bottom() - 1, area.width, 1);
        let hints = keymap::hints(self.context(), |a| self.available(a));
        frame.render_widget(
            KeyBar {
                hints,
                theme: &self.theme,
            },
            bar,
        );
    }
}

/// Everything above the key bar.
pub fn body_area(area: Rect) -> Rect {
    Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1))
}

/// A game-screen action on the deciding person's selection.
fn game_input(g: &mut GameScreen, action: Action) -> Outcome {
    let state = &g.session.state;
    let model = &g.model;
    match action {
        Action::FocusNext | Action::FocusPrev => {
            let order = [Focus::Board, Focus::Hand, Focus::Options];
            let usable = |f: &Focus| match f {
                Focus::Board => true,
                Focus::Hand => !g.items.is_empty(),
                Focus::Options => !model.options.is_empty(),
            };
            let i = order.iter().position(|f| *f == g.ui.focus).unwrap_or(0);
            for k in 1..=3 {
                let j = if action == Action::FocusNext {
                    (i + k) % 3
                } else {
                    (i + 3 - k) % 3
                };
                if usable(&order[j]) {
                    g.ui.focus = order[j];
                    break;
                }
            }
            Outcome::Nothing
        }
        Action::Up | Action::Down | Action::Left | Action::Right => {
            let (df, dr) = match action {
                Action::Up => (0, 1),
                Action::Down => (0, -1),
                Action::Left => (-1, 0),
                _ => (1, 0),
            };
            match g.ui.focus {
                Focus::Board => g.ui.move_cursor(df, dr),
                Focus::Hand => {
                    let n = g.items.len().max(1);
                    let step = if dr > 0 || df < 0 { n - 1 } else { 1 };
                    g.ui.hand_index = (g.ui.hand_index + step) % n;
                }
                Focus::Options => {
                    let n = model.options.len().max(1);
                    let step = if dr > 0 || df < 0 { n - 1 } else { 1 };
                    g.ui.option_index = (g.ui.option_index + step) % n;
                }
            }
            Outcome::Nothing
        }
        Action::Select => match g.ui.focus {
            Focus::Board => g.ui.select_square(state, model),
            Focus::Hand => match g.hand_item() {
                Some(item) => g.ui.select_card(state, model, item),
                None => Outcome::Nothing,
            },
            Focus::Options => match model.options.get(g.ui.option_index) {
                Some(c) => Outcome::Apply(*c),
                None => Outcome::Nothing,
            },
        },
        Action::Option(k) => match (k as usize)
            .checked_sub(1)
            .and_then(|i| model.options.get(i))
        {
            Some(c) => Outcome::Apply(*c),
            None => Outcome::Note(Note {
                text: format!("there is no option {k} now"),
                warn: true,
            }),
        },
        Action::Cycle | Action::CycleBack => {
            if g.ui.stage == Stage::Idle && g.ui.focus == Focus::Hand {
                return match g.hand_item() {
                    Some(item) => g.ui.select_card(state, model, item),
                    None => Outcome::Nothing,
                };
            }
            let stage = g.ui.shown_stage(&g.items);
            let here = super::game::interaction::choices_at(model, stage, g.ui.cursor);
            if here.is_empty() {
                if let Some(sq) = next_target(targets(model, stage), g.ui.cursor) {
                    g.ui.cursor = sq;
                    g.ui.cycle = 0;
                }
            } else if action == Action::Cycle {
                g.ui.cycle = (g.ui.cycle + 1) % here.len();
            } else {
                g.ui.cycle = (g.ui.cycle + here.len() - 1) % here.len();
            }
            Outcome::Nothing
        }
        Action::Skip => {
            if model.choices.contains(&Choice::Skip) {
                Outcome::Apply(Choice::Skip)
            } else {
                Outcome::Note(Note {
                    text: "this step cannot be skipped".into(),
                    warn: true,
                })
            }
        }
        Action::EndTurn => {
            if model.choices.contains(&Choice::EndTurn) {
                Outcome::Apply(Choice::EndTurn)
            } else {
                let n = state.turn.actions_left;
                let text = if n > 0
                    && matches!(
                        model.decision.kind,
                        crate::tashkalar::engine::DecisionKind::Action
                    ) {
                    format!(
                        "you still have {n} action{} and every action must be used (place, summon or discard)",
                        if n == 1 { "" } else { "s" }
                    )
                } else {
                    format!("the turn cannot end now: {}", model.prompt.text)
                };
                Outcome::Note(Note { text, warn: true })
            }
        }
        Action::Discard => {
            let item = g.hand_item();
            g.ui.discard(state, model, item)
        }
        Action::Choices => {
            if model.choices.is_empty() {
                Outcome::Nothing
            } else {
                Outcome::Popup("Every legal choice".into(), model.choices.clone())
            }
        }
        Action::Back => {
            if g.ui.stage != Stage::Idle {
                g.ui.stage = Stage::Idle;
                g.ui.cycle = 0;
                Outcome::Note(Note {
                    text: "selection cancelled".into(),
                    warn: false,
                })
            } else {
                g.ui.focus = Focus::Board;
                Outcome::Nothing
            }
        }
        _ => Outcome::Nothing,
    }
}

/// Shows the hint bar's entries for the current context (for tests and the docs).
pub fn hint_text(app: &App) -> String {
    keymap::hints(app.context(), |a| app.available(a))
        .iter()
        .map(|h| format!("{} {}", h.keys, h.label))
        .collect::<Vec<_>>()
        .join("  ")
}

impl App {
    /// The palette in use.
    pub fn palette(&self) -> PaletteKind {
        self.theme.kind
    }
}

/// An error as a sentence on its own (notices start with a capital).
fn capitalised(e: &impl std::fmt::Display) -> String {
    let text = e.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}
