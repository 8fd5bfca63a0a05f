//! Nim, the smallest game that shows the shell is generic: heaps of tokens, each turn takes one
//! or more tokens from one heap, whoever takes the last token wins. It brings only its rules
//! ([`Game`], [`Recordable`]) and its screen ([`GameUi`]); everything else is the shell's.
#![allow(dead_code)]

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, MouseEvent};
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};
use serde::{Deserialize, Serialize};
use std::fmt;
use table::shell::commands::{self, Tournament};
use table::shell::game::{Game, Heuristics};
use table::shell::position::Positions;
use table::shell::record::Recordable;
use table::shell::registry::{
    About, CommandError, GameDef, GameOption, OptionValue, Options, PlayRequest, Scope, SimRequest,
    ThinkRequest,
};
use table::shell::seats::{Player, SeatKind, Seats};
use table::shell::tui::catalog::GameEntry;
use table::shell::tui::catalog::{Entry, FormRow, RulesPage, SetupForm, autosave_for};
use table::shell::tui::keymap::{Binding, Key, WithDigit};
use table::shell::tui::table::{Table, TableEnv, TableScreen};
use table::shell::tui::theme::Theme;
use table::shell::tui::ui::{GameUi, LineKind, LogLine, Narrator, Outcome, TableView};

/// A position: the heaps, whose turn it is, how many turns were played.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    pub heaps: Vec<u8>,
    pub to_move: usize,
    pub turn: u32,
}

/// Take `count` tokens from heap `heap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take {
    pub heap: u8,
    pub count: u8,
}

/// Why a take is refused.
#[derive(Debug, PartialEq, Eq)]
pub struct NimError(pub String);

impl fmt::Display for NimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NimError {}

impl Game for Nim {
    type Choice = Take;
    type Error = NimError;

    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> usize {
        self.to_move
    }
    fn turn(&self) -> u32 {
        self.turn
    }
    fn legal(&self, out: &mut Vec<Take>) {
        out.clear();
        for (heap, &n) in self.heaps.iter().enumerate() {
            for count in 1..=n {
                out.push(Take {
                    heap: heap as u8,
                    count,
                });
            }
        }
    }
    fn play(&mut self, t: Take) -> Result<(), NimError> {
        match self.heaps.get(t.heap as usize) {
            Some(&n) if t.count >= 1 && t.count <= n && !self.is_over() => {
                self.heaps[t.heap as usize] -= t.count;
                if !self.is_over() {
                    self.to_move = 1 - self.to_move;
                }
                self.turn += 1;
                Ok(())
            }
            _ => Err(NimError(format!(
                "heap {} has not {} tokens",
                t.heap + 1,
                t.count
            ))),
        }
    }
    fn is_over(&self) -> bool {
        self.heaps.iter().all(|&n| n == 0)
    }
    fn rewards(&self) -> Vec<f64> {
        // The last to move took the last token.
        let mut r = vec![0.0; 2];
        r[self.to_move] = 1.0;
        r
    }
    fn observation(&self, _seat: usize) -> Nim {
        self.clone()
    }
    fn determinize(&self, _seat: usize, _seed: u64) -> Nim {
        self.clone()
    }
    fn state_hash(&self) -> u64 {
        let mut h = table::shell::hash::StableHasher::new();
        h.add(self);
        std::hash::Hasher::finish(&h)
    }
    fn choice_text(&self, t: &Take) -> String {
        format!("take {} from {}", t.count, t.heap + 1)
    }
    fn wire(&self) -> Option<serde_json::Value> {
        Some(serde_json::json!({"heaps": self.heaps, "to_move": self.to_move, "turn": self.turn}))
    }
    fn parse_choice(&self, text: &str) -> Result<Take, NimError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["take", count, "from", heap] => {
                let count = count.parse().map_err(|_| NimError("bad count".into()))?;
                let heap: u8 = heap.parse().map_err(|_| NimError("bad heap".into()))?;
                Ok(Take {
                    heap: heap.saturating_sub(1),
                    count,
                })
            }
            _ => Err(NimError(format!("`{text}` is no take"))),
        }
    }
}

impl Heuristics for Nim {
    fn evaluate(&self) -> Vec<f64> {
        vec![0.5, 0.5]
    }
}

/// A saved game of Nim: the heaps it started with and who played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NimSpec {
    pub heaps: Vec<u8>,
    pub seats: Vec<(String, SeatKind)>,
}

impl Recordable for Nim {
    type Spec = NimSpec;
    type Context = ();
    type SetupError = NimError;
    const FORMAT: &'static str = "nim-save";
    const TITLE: &'static str = "Nim";

    fn start(spec: &NimSpec, _seed: u64, _ctx: &()) -> Result<Nim, NimError> {
        if spec.heaps.is_empty() || spec.seats.len() != 2 {
            return Err(NimError("Nim needs heaps and two seats".into()));
        }
        Ok(Nim {
            heaps: spec.heaps.clone(),
            to_move: 0,
            turn: 1,
        })
    }
    fn undo_barrier(before: &Nim, after: &Nim) -> bool {
        before.to_move != after.to_move
    }
    fn seats(spec: &NimSpec) -> Seats {
        Seats {
            players: spec
                .seats
                .iter()
                .map(|(name, kind)| Player {
                    name: name.clone(),
                    kind: kind.clone(),
                })
                .collect(),
        }
    }
    fn set_players(spec: &mut NimSpec, seats: &Seats) {
        for ((_, kind), player) in spec.seats.iter_mut().zip(&seats.players) {
            *kind = player.kind.clone();
        }
    }
    fn describe(spec: &NimSpec) -> String {
        format!("Nim with heaps {:?}", spec.heaps)
    }
    fn from_wire(_: &(), wire: &serde_json::Value) -> Result<Nim, String> {
        let position: NimPosition =
            serde_json::from_value(wire.clone()).map_err(|e| e.to_string())?;
        position.into_game().map_err(|e| e.0)
    }
}

/// A position of Nim as a file (RON) or the bot protocol (JSON) writes it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NimPosition {
    pub heaps: Vec<u8>,
    #[serde(default)]
    pub to_move: usize,
    #[serde(default = "first_turn")]
    pub turn: u32,
}

fn first_turn() -> u32 {
    1
}

impl NimPosition {
    fn into_game(self) -> Result<Nim, NimError> {
        if self.to_move > 1 || self.heaps.is_empty() {
            return Err(NimError(
                "a position has heaps and seat 0 or 1 to move".into(),
            ));
        }
        Ok(Nim {
            heaps: self.heaps,
            to_move: self.to_move,
            turn: self.turn,
        })
    }
}

impl Positions for Nim {
    type PositionError = NimError;
    fn from_position(_: &(), text: &str) -> Result<Nim, NimError> {
        let position: NimPosition = ron::from_str(text).map_err(|e| NimError(e.to_string()))?;
        position.into_game()
    }
    fn decision_name(&self) -> String {
        "take tokens from a heap".into()
    }
    fn state_document(&self) -> serde_json::Value {
        serde_json::json!({"heaps": self.heaps})
    }
}

/// Nim on the table's registry: everything the table's commands need of it.
pub struct NimGame;

static ABOUT: About = About {
    id: "nim",
    title: "Nim",
    blurb: "Take tokens from heaps; whoever takes the last one wins",
    banner: &["NIM"],
    save_format: "nim-save",
    players: (2, 2),
    hidden_information: false,
    chance: false,
};

static OPTIONS: &[GameOption] = &[GameOption {
    name: "heaps",
    value_name: "SIZES",
    help: "Nim: the heaps' sizes, comma-separated (default 3,4,5)",
    value: OptionValue::Words,
    label: "",
    scope: Scope::Setup,
}];

fn heaps(options: &Options) -> Result<Vec<u8>, CommandError> {
    match options.values("heaps") {
        [] => Ok(vec![3, 4, 5]),
        given => given
            .iter()
            .map(|h| {
                h.parse()
                    .map_err(|_| CommandError::Failed(format!("--heaps: `{h}`")))
            })
            .collect(),
    }
}

/// A new game's spec: the heaps and who plays.
pub fn spec_of(heaps: Vec<u8>, kinds: &[SeatKind]) -> NimSpec {
    NimSpec {
        heaps,
        seats: ["Left", "Right"]
            .iter()
            .enumerate()
            .map(|(i, n)| {
                (
                    n.to_string(),
                    kinds.get(i).cloned().unwrap_or(SeatKind::Human),
                )
            })
            .collect(),
    }
}

impl GameDef for NimGame {
    fn about(&self) -> &'static About {
        &ABOUT
    }
    fn options(&self) -> &'static [GameOption] {
        OPTIONS
    }
    fn entry(&self, _: &Options) -> Result<Box<dyn GameEntry>, CommandError> {
        Ok(Box::new(entry()))
    }
    fn check(&self, _: &Options) -> Result<String, CommandError> {
        Ok("Nim has no data files\n".into())
    }
    fn table(
        &self,
        options: &Options,
        request: &PlayRequest,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, CommandError> {
        let kinds = request.seat_kinds(2)?;
        let spec = spec_of(heaps(options)?, &kinds);
        Ok(commands::start_table::<NimScreen>(
            &(),
            spec,
            request.seed.unwrap_or(1),
            "nim",
            request.save_dir.as_deref(),
            env,
        )?)
    }
    fn sim(&self, options: &Options, request: &SimRequest) -> Result<String, CommandError> {
        let heaps = heaps(options)?;
        let games = table::shell::sim::pairings(
            &request.bots,
            2,
            request.games,
            request.seed,
            |_, kinds| Ok(spec_of(heaps.clone(), kinds)),
        )?;
        let tournament = Tournament {
            games,
            label: "nim".into(),
            title: "Nim".into(),
            setup: serde_json::json!({"game": "nim"}),
        };
        commands::sim::<Nim>(&(), &tournament, request)
    }
    fn legal(
        &self,
        _: &Options,
        position: &str,
        then: &[usize],
        json: bool,
    ) -> Result<String, CommandError> {
        commands::legal::<Nim>(&(), position, then, json)
    }
    fn think(
        &self,
        _: &Options,
        position: &str,
        request: &ThinkRequest,
    ) -> Result<String, CommandError> {
        commands::think::<Nim>(&(), position, request)
    }
    fn serve(
        &self,
        _: &Options,
        bot: &str,
        input: &mut dyn std::io::BufRead,
        output: &mut dyn std::io::Write,
    ) -> Result<(), CommandError> {
        commands::serve_bot::<Nim>(&(), bot, input, output)
    }
}

/// The log of a game of Nim.
#[derive(Clone, Default)]
pub struct NimNarrator;

impl Narrator<Nim> for NimNarrator {
    fn opening(&mut self, game: &Nim, _seats: &Seats, _seed: Option<u64>) -> Vec<LogLine> {
        vec![LogLine {
            turn: game.turn,
            seat: None,
            kind: LineKind::Important,
            text: format!("Nim with heaps {:?}", game.heaps),
        }]
    }
    fn narrate(&mut self, before: &Nim, t: &Take, after: &mut Nim, seats: &Seats) -> Vec<LogLine> {
        let mut out = vec![LogLine {
            turn: before.turn,
            seat: Some(before.to_move),
            kind: LineKind::Normal,
            text: format!(
                "{} took {} from heap {}",
                seats.name(before.to_move),
                t.count,
                t.heap + 1
            ),
        }];
        if after.is_over() {
            out.push(LogLine {
                turn: after.turn,
                seat: Some(after.to_move),
                kind: LineKind::Important,
                text: format!("{} wins", seats.name(after.to_move)),
            });
        }
        out
    }
}

/// The Nim screen's own keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NimAction {
    Up,
    Down,
    Less,
    More,
    Take,
}

impl WithDigit for NimAction {
    fn with_digit(self, _d: u8) -> NimAction {
        self
    }
}

const fn bind(keys: &'static [Key], action: NimAction, hint: &'static str) -> Binding<NimAction> {
    Binding::game(keys, action, hint, None, hint, true)
}

pub const KEYS: &[Binding<NimAction>] = &[
    bind(&[Key::Code(KeyCode::Up)], NimAction::Up, "previous heap"),
    bind(&[Key::Code(KeyCode::Down)], NimAction::Down, "next heap"),
    bind(&[Key::Code(KeyCode::Left)], NimAction::Less, "fewer"),
    bind(&[Key::Code(KeyCode::Right)], NimAction::More, "more"),
    bind(&[Key::Code(KeyCode::Enter)], NimAction::Take, "take"),
];

/// The Nim screen: which heap and how many.
pub struct NimScreen {
    pub heap: usize,
    pub count: u8,
}

impl GameUi for NimScreen {
    type Game = Nim;
    type Narrator = NimNarrator;
    type Action = NimAction;
    const KEYS: &'static [Binding<NimAction>] = KEYS;

    fn new(_view: &TableView<'_, Self>) -> NimScreen {
        NimScreen { heap: 0, count: 1 }
    }
    fn refresh(&mut self, view: &TableView<'_, Self>) {
        let heaps = &view.game.heaps;
        if let Some(h) = (0..heaps.len()).find(|&h| heaps[h] > 0)
            && heaps.get(self.heap).is_none_or(|&n| n == 0)
        {
            self.heap = h;
        }
        self.count = self
            .count
            .clamp(1, heaps.get(self.heap).copied().unwrap_or(1).max(1));
    }
    fn available(&self, _view: &TableView<'_, Self>, _action: NimAction) -> bool {
        true
    }
    fn act(&mut self, view: &TableView<'_, Self>, action: NimAction) -> Outcome<Take> {
        let n = view.game.heaps.len();
        match action {
            NimAction::Up => self.heap = (self.heap + n - 1) % n,
            NimAction::Down => self.heap = (self.heap + 1) % n,
            NimAction::Less => self.count = self.count.saturating_sub(1).max(1),
            NimAction::More => self.count = self.count.saturating_add(1),
            NimAction::Take => {
                return Outcome::Apply(Take {
                    heap: self.heap as u8,
                    count: self.count,
                });
            }
        }
        Outcome::Nothing
    }
    fn click(&mut self, _v: &TableView<'_, Self>, _a: Rect, _e: &MouseEvent) -> Outcome<Take> {
        Outcome::Nothing
    }
    fn render(&self, frame: &mut Frame, area: Rect, view: &TableView<'_, Self>, _theme: &Theme) {
        let mut lines: Vec<Line> = view
            .game
            .heaps
            .iter()
            .enumerate()
            .map(|(i, &n)| {
                let mark = if i == self.heap { ">" } else { " " };
                Line::from(format!("{mark} heap {}: {}", i + 1, "|".repeat(n as usize)))
            })
            .collect();
        lines.push(Line::from(if view.game.is_over() {
            format!("{} wins", view.seats.name(view.game.to_move))
        } else {
            format!(
                "{} to take {} from heap {}",
                view.seats.name(view.game.to_move),
                self.count,
                self.heap + 1
            )
        }));
        if let Some(note) = view.note {
            lines.push(Line::from(note.text.clone()));
        }
        if let Some(last) = view.log.last() {
            lines.push(Line::from(last.text.clone()));
        }
        frame.render_widget(
            Paragraph::new(lines).block(Block::bordered().title("Nim")),
            area,
        );
    }
    fn describe(_view: &TableView<'_, Self>, t: &Take) -> String {
        format!("take {} from heap {}", t.count, t.heap + 1)
    }
    fn select(&mut self, _view: &TableView<'_, Self>, t: &Take) {
        self.heap = t.heap as usize;
        self.count = t.count;
    }
    fn seat_colour(_game: &Nim, seat: usize) -> usize {
        seat
    }
}

/// The new-game form of Nim: how many heaps.
pub struct NimSetup {
    pub heaps: u8,
}

impl SetupForm for NimSetup {
    fn rows(&self) -> Vec<FormRow> {
        vec![
            FormRow::Option {
                label: "Heaps".into(),
                value: self.heaps.to_string(),
            },
            FormRow::Seat(0),
            FormRow::Seat(1),
        ]
    }
    fn change(&mut self, row: usize, delta: i32) -> Result<(), String> {
        if row == 0 {
            self.heaps = (self.heaps as i32 + delta).clamp(1, 5) as u8;
        }
        Ok(())
    }
    fn players(&self) -> usize {
        2
    }
    fn seat(&self, seat: usize) -> (String, usize) {
        (["Left", "Right"][seat % 2].to_string(), seat)
    }
    fn start(
        &self,
        seats: &[SeatKind],
        seed: u64,
        save_dir: Option<&std::path::Path>,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, String> {
        let spec = spec((1..=self.heaps).map(|h| h + 1).collect(), seats);
        let game = Nim::start(&spec, seed, &()).map_err(|e| e.to_string())?;
        let names = spec.seats.iter().map(|(n, _)| n.clone()).collect();
        let autosave = autosave_for::<Nim>(save_dir, "nim", spec, seed);
        let table =
            Table::<NimScreen>::live(game, Seats::new(names, seats), Some(seed), autosave, env)?;
        Ok(Box::new(table))
    }
}

/// The spec of a game of Nim with these heaps and players.
pub fn spec(heaps: Vec<u8>, kinds: &[SeatKind]) -> NimSpec {
    NimSpec {
        heaps,
        seats: ["Left", "Right"]
            .iter()
            .zip(kinds)
            .map(|(n, k)| (n.to_string(), k.clone()))
            .collect(),
    }
}

/// Nim's entry in the table's catalog.
pub fn entry() -> Entry<NimScreen> {
    Entry {
        id: "nim",
        blurb: "Take tokens from heaps; whoever takes the last one wins",
        banner: &["NIM"],
        ctx: (),
        setup: Some(|_| Box::new(NimSetup { heaps: 3 })),
        rules: || {
            vec![RulesPage {
                title: "Nim",
                paragraphs: vec![
                    "Take one or more tokens from one heap; the last token wins.".into(),
                ],
            }]
        },
    }
}
