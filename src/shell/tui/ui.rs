//! What a game's screen brings to the table: how to draw a position, which keys and clicks of
//! the game screen lead to which choices, how to tell a choice and what happened in words.
//!
//! The shell does everything else around it (the pass screen of hot-seat play, the AI seats,
//! hints, undo, saving, replays, popups of choices, the log's scrolling, help and the key bar),
//! so a game's screen holds only its own selection state. It is only ever asked to draw what
//! [`TableView::viewer`] may see.

use super::keymap::{Binding, WithDigit};
use super::theme::Theme;
use crate::shell::game::Game;
use crate::shell::record::Recordable;
use crate::shell::seats::Seats;
use ratatui::Frame;
use ratatui::crossterm::event::MouseEvent;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use std::fmt::Debug;
use std::time::{Duration, Instant};

/// What kind of log line it is (the log styles them differently).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineKind {
    /// "Turn 3: Blue".
    Turn,
    Normal,
    /// Points and goals reached.
    Score,
    /// The end of the game approaching, game over, saving trouble.
    Important,
    /// Seen only by this seat (the cards it drew, what it was dealt): shown to that seat, and to
    /// everyone only in the replay of a finished game watched with every hand.
    Private(usize),
    /// What the others learn of a private line of this seat ("Blue drew 1 card" beside "Blue
    /// drew Hawk"): shown to everyone but that seat, who has its private line instead, and
    /// hidden when every hand is shown, where the private line is drawn.
    Others(usize),
}

/// Which log lines may be drawn: a private line only for its seat, or when every hand is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LogFilter {
    /// The seat whose hidden information may be drawn.
    pub viewer: Option<usize>,
    /// Every hand is shown (the replay of a finished game).
    pub every_hand: bool,
}

impl LogFilter {
    /// Whether `line` may be drawn.
    pub fn shows(&self, line: &LogLine) -> bool {
        match line.kind {
            LineKind::Private(seat) => self.every_hand || self.viewer == Some(seat),
            LineKind::Others(seat) => !self.every_hand && self.viewer != Some(seat),
            _ => true,
        }
    }
}

/// One line of the event log.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LogLine {
    pub turn: u32,
    /// The seat the line is mostly about (its colour badge is shown).
    pub seat: Option<usize>,
    pub kind: LineKind,
    pub text: String,
}

/// A short message under the prompt: a refusal explained, a hint, what undo did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Note {
    pub text: String,
    pub warn: bool,
}

impl Note {
    /// A plain message.
    pub fn info(text: impl Into<String>) -> Note {
        Note {
            text: text.into(),
            warn: false,
        }
    }

    /// A refusal or a problem.
    pub fn warn(text: impl Into<String>) -> Note {
        Note {
            text: text.into(),
            warn: true,
        }
    }
}

/// What a player's key or click on the game screen leads to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome<C> {
    Nothing,
    /// Make this choice.
    Apply(C),
    /// Make these choices one after the other while the same person decides (several
    /// questions of one step answered by one key); the rest are dropped once another seat
    /// decides, a choice is refused or one waits to be confirmed.
    ApplyAll(Vec<C>),
    /// Several choices fit: let the player pick one from a list with this title.
    Popup(String, Vec<C>),
    Note(Note),
    /// Scroll the log by this many lines (positive: back in time).
    ScrollLog(i32),
}

impl<C: Copy> Outcome<C> {
    /// The option numbered `k` (from 1) of a decision's list: made, or a refusal saying there
    /// is no such option.
    pub fn numbered(options: &[C], k: u8) -> Outcome<C> {
        match (k as usize).checked_sub(1).and_then(|i| options.get(i)) {
            Some(c) => Outcome::Apply(*c),
            None => Outcome::Note(Note::warn(format!("there is no option {k} now"))),
        }
    }
}

/// Moves a highlight one entry through a list of `len`, wrapping at both ends: back (up or
/// left) or on (down or right).
pub fn step_in_list(index: &mut usize, len: usize, back: bool) {
    let n = len.max(1);
    *index = if back {
        (*index + n - 1) % n
    } else {
        (*index + 1) % n
    };
}

/// Turns choices into log lines. It lives with the game on screen and is rebuilt from the start
/// whenever the game is (undo, replay jumps), so it may remember what it needs between choices.
pub trait Narrator<G: Game>: Default + Clone + Send + 'static {
    /// Readies the live state of a session before its first choice (a game that records
    /// events for its narrator switches that on here; bots' copies never pay for it).
    fn prepare(&mut self, game: &mut G) {
        let _ = game;
    }
    /// The first lines of a session's log ("Deathmatch for 2 players (seed 7)").
    fn opening(&mut self, game: &G, seats: &Seats, seed: Option<u64>) -> Vec<LogLine>;
    /// The lines for `choice`, made in `before` and leading to `after`.
    fn narrate(
        &mut self,
        before: &G,
        choice: &G::Choice,
        after: &mut G,
        seats: &Seats,
    ) -> Vec<LogLine>;
}

/// How far the AI seat to move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiStatus {
    pub seat: usize,
    /// How long it has been thinking (`None`: it waits a moment before its next step).
    pub thinking: Option<Duration>,
}

/// The frames of the spinner beside an AI's thinking time.
const SPINNER: [&str; 8] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"];

impl AiStatus {
    /// The lines of a game's decision panel while this AI plays: a spinner and its thinking
    /// time (or that its next step comes in a moment), then its last step.
    pub fn details(&self, last_step: Option<&str>, theme: &Theme) -> Vec<Line<'static>> {
        let mut lines = vec![match self.thinking {
            Some(t) => {
                let frame = (t.as_millis() / 100) as usize % SPINNER.len();
                Line::styled(
                    format!("{} thinking {:.1}s", SPINNER[frame], t.as_secs_f32()),
                    theme.key(),
                )
            }
            None => Line::styled("next step in a moment (Space: now)", theme.muted()),
        }];
        if let Some(last) = last_step {
            lines.push(Line::from(format!("last step: {last}")));
        }
        lines
    }
}

/// A decision panel's title for a seat: its name on its badge, then what it is doing
/// ("AI playing", "to decide").
pub fn seat_title(name: &str, badge: Style, doing: &str) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!(" {name} "), badge),
        Span::raw(format!(" {doing} ")),
    ])
}

/// Which panel of a game's screen the arrows and Enter act on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Focus {
    #[default]
    Board,
    Hand,
    Options,
}

impl Focus {
    /// The next panel in Tab order (`forward`) or the one before (Shift-Tab), skipping those
    /// that are not `usable` now (an empty hand, a decision without options); the board always is.
    pub fn cycle(self, forward: bool, usable: impl Fn(Focus) -> bool) -> Focus {
        const ORDER: [Focus; 3] = [Focus::Board, Focus::Hand, Focus::Options];
        let i = ORDER.iter().position(|f| *f == self).unwrap_or(0);
        (1..=ORDER.len())
            .map(|k| {
                if forward {
                    ORDER[(i + k) % ORDER.len()]
                } else {
                    ORDER[(i + ORDER.len() - k) % ORDER.len()]
                }
            })
            .find(|f| usable(*f))
            .unwrap_or(self)
    }
}

/// What the replay viewer shows besides the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayInfo {
    /// Decisions made at this point, and in the whole record.
    pub step: usize,
    pub steps: usize,
    /// The decision made next, in words.
    pub next: Option<String>,
    /// The autoplay speed, when autoplaying.
    pub autoplay: Option<String>,
    /// Whose eyes, in words.
    pub watch: String,
    /// A turn number being typed.
    pub typed: String,
    /// The save's file name.
    pub file: String,
}

impl ReplayInfo {
    /// The replay viewer's lines for a game's decision panel: where the record is (at `turn`,
    /// `over` once the game has ended), the next decision, whose eyes, autoplay, a turn being typed.
    pub fn details(
        &self,
        turn: impl std::fmt::Display,
        over: bool,
        theme: &Theme,
    ) -> Vec<Line<'static>> {
        let mut lines = vec![
            Line::from(format!(
                "Decision {} of {} · turn {turn}{}",
                self.step,
                self.steps,
                if over { " · game over" } else { "" }
            )),
            match &self.next {
                Some(next) => Line::styled(format!("Next: {next}"), theme.key()),
                None => Line::styled("End of the record", theme.warn()),
            },
            Line::styled(format!("Watching: {}", self.watch), theme.muted()),
            Line::styled(
                match &self.autoplay {
                    Some(speed) => {
                        format!("Autoplay: {speed} (Space stops, + and - change speed)")
                    }
                    None => "Autoplay off (Space starts it)".to_string(),
                },
                theme.muted(),
            ),
        ];
        if !self.typed.is_empty() {
            lines.push(Line::styled(
                format!("Jump to turn {}_ (Enter)", self.typed),
                theme.key(),
            ));
        }
        lines
    }

    /// The file's name as a line of the replay panel, for a game whose header shows it only
    /// when there is room (see [`ReplayInfo::status`]).
    pub fn file_line(&self, theme: &Theme) -> Line<'static> {
        Line::styled(format!("File: {}", self.file), theme.muted())
    }

    /// The replay's part of a game's header line, in at most `room` cells: the file's name and
    /// where the record is, or without the name (the replay panel names the file), or only
    /// "replay". Never cut: a cut name or count would read as another file or another step.
    pub fn status(&self, room: usize) -> String {
        let count = format!(" · decision {}/{}", self.step, self.steps);
        [
            format!(" · replay {}{count}", self.file),
            format!(" · replay{count}"),
            " · replay".to_string(),
        ]
        .into_iter()
        .find(|t| t.chars().count() <= room)
        .unwrap_or_default()
    }
}

/// Everything a game's screen may read to draw and to decide: the game, who sits where, the log,
/// and the shell's state around it.
pub struct TableView<'a, U: GameUi> {
    /// The true position. Draw only what `viewer` may see (hands of other seats never).
    pub game: &'a U::Game,
    pub seats: &'a Seats,
    pub narrator: &'a U::Narrator,
    pub log: &'a [LogLine],
    /// Log lines scrolled back from the newest.
    pub log_scroll: usize,
    /// The seat whose hidden information may be drawn (`None`: public information only).
    pub viewer: Option<usize>,
    /// Every hand may be drawn (the replay of a finished game watched with every hand).
    pub every_hand: bool,
    /// A person at this keyboard decides now: the selection is shown and keys act.
    pub human_turn: bool,
    /// The AI seat that decides now, if any.
    pub ai: Option<AiStatus>,
    /// The AI's last step, in words ("Red: summon Knight on e5").
    pub last_ai_step: Option<&'a str>,
    /// Set while a saved game is watched: nobody plays.
    pub replay: Option<&'a ReplayInfo>,
    /// The seed the game was dealt from, when known.
    pub seed: Option<u64>,
    pub note: Option<&'a Note>,
    /// The time of this frame (spinners, animations).
    pub now: Instant,
}

impl<U: GameUi> TableView<'_, U> {
    /// Which log lines this view may draw.
    pub fn log_filter(&self) -> LogFilter {
        LogFilter {
            viewer: self.viewer,
            every_hand: self.every_hand,
        }
    }

    /// The seat that decides now, or `None` once the game is over.
    pub fn decider(&self) -> Option<usize> {
        (!self.game.is_over()).then(|| self.game.to_move())
    }

    /// The seat the screen is played from ("you"): the viewer, but nobody in a replay, which is
    /// watched, not played.
    pub fn player(&self) -> Option<usize> {
        if self.replay.is_some() {
            None
        } else {
            self.viewer
        }
    }
}

/// The screen of one game: its selection state and how it draws and reads input.
pub trait GameUi: Sized + Send + 'static {
    type Game: Recordable + crate::shell::game::Heuristics;
    type Narrator: Narrator<Self::Game>;
    /// The game screen's own actions.
    type Action: WithDigit + Eq + Debug + Send + 'static;
    /// Keys of the game screen, besides the shell's (help, quit, undo, hint, log, AI steps).
    const KEYS: &'static [Binding<Self::Action>];

    /// The screen for a game just put on the table.
    fn new(view: &TableView<'_, Self>) -> Self;
    /// Rebuilds what the screen derives from the game: called after every change of the
    /// position or of who is looking.
    fn refresh(&mut self, view: &TableView<'_, Self>);
    /// Whether an action does something now (the key bar shows only those).
    fn available(&self, view: &TableView<'_, Self>, action: Self::Action) -> bool;
    /// An action of the person deciding.
    fn act(
        &mut self,
        view: &TableView<'_, Self>,
        action: Self::Action,
    ) -> Outcome<<Self::Game as Game>::Choice>;
    /// A mouse event inside `area` (the screen's whole area, as given to `render`).
    fn click(
        &mut self,
        view: &TableView<'_, Self>,
        area: Rect,
        event: &MouseEvent,
    ) -> Outcome<<Self::Game as Game>::Choice>;
    /// Draws the position into `area`.
    fn render(&self, frame: &mut Frame, area: Rect, view: &TableView<'_, Self>, theme: &Theme);
    /// A choice of the pending decision in words, as `view.viewer` may read it: the shell also
    /// shows other seats' choices (the AI's last step, the replay's next step), so name no card
    /// the viewer may not see.
    fn describe(view: &TableView<'_, Self>, choice: &<Self::Game as Game>::Choice) -> String;
    /// Puts the selection on exactly this choice, so that one key takes it (a hint).
    fn select(&mut self, view: &TableView<'_, Self>, choice: &<Self::Game as Game>::Choice);
    /// The player colour (0-3, see [`Theme::player`]) a seat is drawn in.
    fn seat_colour(game: &Self::Game, seat: usize) -> usize;
    /// The smallest terminal the screen is laid out for.
    fn min_size() -> (u16, u16) {
        (80, 24)
    }
    /// Whether `seat`, deciding now, has something the other people at the keyboard must not
    /// see (a hand), so that a hot-seat game waits behind the pass screen before showing it.
    /// Every decision does unless the game knows better (High Ground's setup hides nothing).
    fn hides_something(game: &Self::Game, seat: usize) -> bool {
        let _ = (game, seat);
        true
    }
    /// Why `seat` is called to the keyboard now, when it is not simply its turn (an answer out
    /// of turn, say): the pass screen says it in one line, so the person knows what waits
    /// behind it before looking. `None` (the default): its turn.
    fn pass_reason(game: &Self::Game, seat: usize, seats: &Seats) -> Option<String> {
        let _ = (game, seat, seats);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{Focus, LineKind, LogFilter, LogLine};

    #[test]
    fn a_private_line_and_its_public_twin_are_never_both_shown() {
        let line = |kind| LogLine {
            turn: 1,
            seat: Some(0),
            kind,
            text: String::new(),
        };
        let (own, others) = (line(LineKind::Private(0)), line(LineKind::Others(0)));
        let seen = |f: LogFilter| (f.shows(&own), f.shows(&others));
        let as_seat = |viewer| LogFilter {
            viewer,
            every_hand: false,
        };
        // The seat itself reads its private line, the others and the public the count.
        assert_eq!(seen(as_seat(Some(0))), (true, false));
        assert_eq!(seen(as_seat(Some(1))), (false, true));
        assert_eq!(seen(as_seat(None)), (false, true));
        // With every hand shown, the private line tells it all.
        let all = LogFilter {
            viewer: None,
            every_hand: true,
        };
        assert_eq!(seen(all), (true, false));
    }

    #[test]
    fn focus_cycles_over_the_usable_panels_both_ways() {
        let all = |_: Focus| true;
        assert_eq!(Focus::Board.cycle(true, all), Focus::Hand);
        assert_eq!(Focus::Options.cycle(true, all), Focus::Board);
        assert_eq!(Focus::Board.cycle(false, all), Focus::Options);
        // An empty hand is skipped either way; with nothing else the board keeps the focus.
        let no_hand = |f: Focus| f != Focus::Hand;
        assert_eq!(Focus::Board.cycle(true, no_hand), Focus::Options);
        assert_eq!(Focus::Options.cycle(false, no_hand), Focus::Board);
        let board_only = |f: Focus| f == Focus::Board;
        assert_eq!(Focus::Board.cycle(true, board_only), Focus::Board);
        assert_eq!(Focus::Hand.cycle(false, board_only), Focus::Board);
    }
}
