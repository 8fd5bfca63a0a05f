//! A game on the table: the session (position, seats, log), the game's own screen, and
//! everything the shell does around it for any game: hot-seat passing, AI seats on a worker
//! thread, hints, undo, resignation, autosaving, lists of choices, and the replay viewer.
//!
//! [`Table`] is generic over the game's screen; the app holds it as a [`TableScreen`] so that it
//! never needs to know which game is on the table.
//!
//! This file holds the table's state and what changes the game (a choice made or staged, undo,
//! the save, hints); around it, `viewer` says who decides and who may see what, `input` what
//! keys and list picks do, `screen` what the app calls and what is drawn over the game's own
//! screen, `ai_turn` the bots' turns, and `replay` the replay viewer.

mod ai_turn;
pub mod ai_worker;
pub mod hint;
mod input;
pub mod remote;
pub mod replay;
mod screen;
pub mod session;
mod viewer;

pub use screen::{Go, TableScreen};

use super::screens::overlays::Popup;
use super::ui::{GameUi, LineKind, LogLine, Note, TableView};
use crate::shell::ai;
use crate::shell::game::Game;
use crate::shell::record::lock::SaveLock;
use crate::shell::record::{Autosave, Loaded, Recordable};
use crate::shell::seats::{SeatKind, Seats};
use ai_turn::AiProgress;
use ai_worker::AiWorker;
use hint::{HintPoll, HintSearch};
use replay::ReplayCursor;
use session::Session;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Default pause between two AI steps, so a person can follow them.
pub const AI_STEP_DELAY: Duration = Duration::from_millis(700);

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
    /// Whether a person at this keyboard has made a decision in this game (always, for a game
    /// that nobody here plays, or one resumed from its file). Until then the save is not
    /// written: a game left at once, a bot's opening move made, must not leave a file behind.
    person_decided: bool,
    /// Set when this table mirrors a table refereed elsewhere (a served game): its person's
    /// choices go to the referee, and the referee's rulings are what it applies.
    remote: Option<remote::Remote>,
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
    /// Who plays which seat (0-based) of a game resumed from its save, as the person resuming it
    /// says now (`play --continue --ai 2=hard`): it replaces what the save recorded.
    pub resume_seats: Vec<(usize, SeatKind)>,
}

impl Default for TableEnv {
    fn default() -> Self {
        TableEnv {
            ai_delay: AI_STEP_DELAY,
            resume_seats: Vec::new(),
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
            person_decided: core.session.seats.humans() == 0,
            remote: None,
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
        // A file never starts a program: its outside-program seats come back as people's,
        // unless the command line names who plays them now.
        let (mut seats, emptied) = <U::Game as Recordable>::seats(&loaded.save.game).from_file();
        for (seat, kind) in &env.resume_seats {
            let Some(player) = seats.players.get_mut(*seat) else {
                return Err(format!(
                    "--ai {}: the saved game has {} seats",
                    seat + 1,
                    seats.len()
                ));
            };
            player.kind = kind.clone();
        }
        let mut spec = loaded.save.game.clone();
        <U::Game as Recordable>::set_players(&mut spec, &seats);
        let mut session =
            Session::<U>::new(loaded.start.clone(), seats.clone(), Some(loaded.save.seed));
        for (i, c) in loaded.choices.iter().enumerate() {
            session
                .apply(*c)
                .map_err(|why| format!("{}: choice {}: {why}", path.display(), i + 1))?;
        }
        session.log.push(LogLine {
            turn: session.game.turn(),
            seat: None,
            kind: LineKind::Important,
            // The file's name: a full path fills the log's narrow column with directories.
            text: format!(
                "Continued from {}",
                path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned()
                )
            ),
        });
        // Said for each seat whose program was not started and that nobody was named for.
        let unfilled: Vec<String> = emptied
            .iter()
            .filter(|e| !env.resume_seats.iter().any(|(s, _)| *s == e.seat))
            .map(|e| e.to_string())
            .collect();
        for text in &unfilled {
            session.log.push(LogLine {
                turn: session.game.turn(),
                seat: None,
                kind: LineKind::Important,
                text: text.clone(),
            });
        }
        let mut save = loaded.save;
        save.game = spec;
        let autosave = Autosave::resume(path, &save, lock);
        let mut table = Self::live_session(session, Some(autosave), env)?;
        // The file exists already: each decision from here on is written to it.
        if let Some(live) = table.core.live.as_mut() {
            live.person_decided = true;
        }
        if let Some(first) = unfilled.first() {
            table.core.note = Some(Note::warn(first.clone()));
        }
        Ok(table)
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

    /// Whether a person at this keyboard has decided something in this game (or nobody here
    /// plays it): before that, its save is not written.
    pub fn person_decided(&self) -> bool {
        self.core.live.as_ref().is_some_and(|l| l.person_decided)
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
        // A mirror's choices are the referee's to make.
        if self.core.remote().is_some() {
            return self.submit(choice);
        }
        self.apply_ruled(choice)
    }

    /// Makes a choice on this table: every choice of live play, and a mirror's rulings.
    fn apply_ruled(&mut self, choice: <U::Game as Game>::Choice) -> Result<(), String> {
        if self.core.live.is_none() {
            return Err("nobody plays a replayed game".into());
        }
        self.core.staged = None;
        // Notation is written at the state the choice is made in.
        let text = self.core.session.game.choice_text(&choice);
        let by_person = self
            .core
            .session
            .seats
            .is_human(self.core.session.game.to_move());
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
            live.person_decided |= by_person;
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

    /// Makes a staged choice for real: the game is being left (a quit, a stop signal) while
    /// the screen shows the turn's last step as made, and what the screen shows as done must
    /// be in the save that the program then says is written.
    pub fn commit_staged(&mut self) {
        if let Some(staged) = self.core.staged.take() {
            let _ = self.apply_choice(staged.choice);
        }
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

    /// Writes the game's save, if it has one and a person has decided something in it. A
    /// failure stays on screen until a write succeeds.
    fn write_save(&mut self) {
        let Some(live) = self.core.live.as_mut() else {
            return;
        };
        if !live.person_decided {
            return;
        }
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
}
