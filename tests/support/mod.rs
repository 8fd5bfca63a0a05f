//! Helpers shared by the TUI tests: drive an [`App`] with keys and clicks, render it to a
//! `TestBackend`, and read symbols and styles back.
#![allow(dead_code)]

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::sync::Arc;
use table::shell::tui::app::App;
use table::shell::tui::catalog::Catalog;
use table::shell::tui::table::Table;
use table::shell::tui::theme::PaletteKind;
use table::shell::tui::ui::LogLine;
use table::tashkalar::engine::view::SeatView;
use table::tashkalar::engine::{CardDb, GameState};
use table::tashkalar::ui::ArenaScreen;
use table::tashkalar::ui::interaction::{DecisionModel, HandItem, Interaction};

pub fn db() -> Arc<CardDb> {
    Arc::new(CardDb::builtin().expect("built-in cards load"))
}

/// The table's games, playing with the cards of `db`.
pub fn catalog_with(db: Arc<CardDb>) -> Catalog {
    Catalog {
        games: vec![Box::new(table::tashkalar::entry(db))],
    }
}

pub fn app(palette: PaletteKind) -> App {
    App::new(catalog_with(db()), palette)
}

/// An app whose games play with the cards of `db`.
pub fn app_with(db: Arc<CardDb>, palette: PaletteKind) -> App {
    App::new(catalog_with(db), palette)
}

/// Deals the game `setup` describes and puts it on the app's table (saved when the app keeps
/// saves).
pub fn start(app: &mut App, setup: &GameSetup) {
    start_with(app, db(), setup);
}

/// [`start`] with the cards of `db`.
pub fn start_with(app: &mut App, db: Arc<CardDb>, setup: &GameSetup) {
    let table = setup
        .table(db, app.saves.write.as_deref(), &app.env)
        .expect("the game deals");
    app.show(table);
}

/// Puts a position on the app's table, unsaved (nothing would say how to set it up again).
pub fn start_state(app: &mut App, state: GameState, kinds: &[SeatKind]) {
    let names = table::tashkalar::ui::setup::seat_names(&state.config);
    let seats = table::shell::seats::Seats::new(names, kinds);
    let t =
        Table::<ArenaScreen>::live(state, seats, None, None, &app.env).expect("the table opens");
    app.show(Box::new(t));
}

/// The new-game form on screen.
pub fn form(app: &App) -> &table::shell::tui::screens::form::FormState {
    match &app.screen {
        table::shell::tui::app::Screen::NewGame(f) => f,
        _ => panic!("the new-game form is not on screen"),
    }
}

/// The value a row of the new-game form shows ("Form" -> "Deathmatch").
pub fn form_value(app: &App, label: &str) -> String {
    use table::shell::tui::catalog::FormRow;
    form(app)
        .setup
        .rows()
        .into_iter()
        .find_map(|r| match r {
            FormRow::Option { label: l, value } if l == label => Some(value),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no row {label}"))
}

/// Lets the AI on the table take one step (waiting up to 10 s); whether it did.
pub fn wait_ai(app: &mut App) -> bool {
    game_mut(app)
        .wait_for_ai(std::time::Duration::from_secs(10))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The Tash-Kalar game on the app's table.
pub fn game(app: &App) -> &Table<ArenaScreen> {
    app.table::<ArenaScreen>()
        .expect("a game of Tash-Kalar is on screen")
}

/// The Tash-Kalar game on the app's table, to act on.
pub fn game_mut(app: &mut App) -> &mut Table<ArenaScreen> {
    app.table_mut::<ArenaScreen>()
        .expect("a game of Tash-Kalar is on screen")
}

/// Short ways to the parts of a Tash-Kalar table that tests look at.
pub trait Arena {
    fn state(&self) -> &GameState;
    fn ui(&self) -> &Interaction;
    fn model(&self) -> &DecisionModel;
    fn seat_view(&self) -> &SeatView;
    fn items(&self) -> &[HandItem];
    fn log(&self) -> &[LogLine];
}

impl Arena for Table<ArenaScreen> {
    fn state(&self) -> &GameState {
        self.game()
    }
    fn ui(&self) -> &Interaction {
        &self.screen().ui
    }
    fn model(&self) -> &DecisionModel {
        &self.screen().model
    }
    fn seat_view(&self) -> &SeatView {
        &self.screen().view
    }
    fn items(&self) -> &[HandItem] {
        &self.screen().items
    }
    fn log(&self) -> &[LogLine] {
        &self.session().log
    }
}

/// Renders the app at a size and returns the buffer.
pub fn render(app: &App, w: u16, h: u16) -> Buffer {
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    term.draw(|f| app.render(f)).expect("draw");
    term.backend().buffer().clone()
}

/// The buffer as text, one line per row.
pub fn text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        for x in 0..area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// Where a string first appears on screen (column, row).
pub fn find(buf: &Buffer, needle: &str) -> Option<(u16, u16)> {
    let t = text(buf);
    for (y, line) in t.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let n: Vec<char> = needle.chars().collect();
        if n.len() > chars.len() {
            continue;
        }
        for x in 0..=chars.len() - n.len() {
            if chars[x..x + n.len()] == n[..] {
                return Some((x as u16, y as u16));
            }
        }
    }
    None
}

/// The text inside the panel whose top border holds `title`, its rows joined by spaces and
/// runs of spaces squeezed: a sentence reads the same however the panel wraps it.
pub fn panel_text(buf: &Buffer, title: &str) -> String {
    let (x, y) = find(buf, title).unwrap_or_else(|| panic!("a panel titled {title}"));
    // The panel's left border is the corner before the title.
    let mut left = x;
    while left > 0 && !["┌", "┏"].contains(&buf[(left, y)].symbol()) {
        left -= 1;
    }
    let mut out = String::new();
    for row in y + 1..buf.area.height {
        let first = buf[(left, row)].symbol();
        if first == "└" || first == "┗" {
            break;
        }
        let mut col = left + 1;
        while col < buf.area.width && !["│", "┃"].contains(&buf[(col, row)].symbol()) {
            out.push_str(buf[(col, row)].symbol());
            col += 1;
        }
        out.push(' ');
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub fn press(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

pub fn chars(app: &mut App, s: &str) {
    for c in s.chars() {
        press(app, KeyCode::Char(c));
    }
}

pub fn click(app: &mut App, x: u16, y: u16, w: u16, h: u16) {
    app.handle_mouse(
        MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        },
        Rect::new(0, 0, w, h),
    );
}

use table::shell::seats::SeatKind;
use table::shell::tui::app::body_area;
use table::tashkalar::engine::{Mode, Square};
use table::tashkalar::ui::layout::layout_for;
use table::tashkalar::ui::setup::GameSetup;

/// A Deathmatch duel dealt from `seed` with the given seats.
pub fn duel(seed: u64, seats: Vec<SeatKind>) -> GameSetup {
    GameSetup {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        seats,
        decks: vec!["Imperial".into(); 2],
        seed,
    }
}

/// Two people at one keyboard.
pub fn hot_seat(seed: u64) -> GameSetup {
    duel(seed, vec![SeatKind::Human, SeatKind::Human])
}

/// The screen cell at the centre of a square's board cell, for a game shown at `w` x `h`.
pub fn square_pos(app: &App, sq: Square, w: u16, h: u16) -> (u16, u16) {
    let st = game(app).state();
    let layout = layout_for(st, body_area(Rect::new(0, 0, w, h))).expect("the game fits");
    let cell = layout.board.cell(sq);
    (cell.x + cell.width / 2, cell.y + cell.height / 2)
}

/// A square by name.
pub fn sq(name: &str) -> Square {
    name.parse().expect("square name")
}

/// Task cards for tests only (none ship yet): four simple ones of different types.
pub const TEST_TASKS: &str = r#"(
    tasks: [
        (name: "Crowd the Centre", type: Pattern, points: 2, text: "Have 3 pieces on central squares.",
         condition: PiecesOn(squares: Kind(Central), at_least: 3)),
        (name: "Red Watch", type: Coloured, points: 1, text: "Have 2 pieces on red squares.",
         condition: PiecesOn(squares: Kind(Red), at_least: 2)),
        (name: "Skirmish", type: Destruction, points: 1, text: "Destroy 2 enemy pieces this turn.",
         condition: Destroyed(at_least: 2)),
        (name: "Conjurer", type: Summoning, points: 2, text: "Summon 2 beings this turn.",
         condition: Summoned(at_least: 2)),
        (name: "Pincer", type: Enemy, points: 2, text: "Have 3 pieces next to one enemy piece.",
         condition: Surround(at_least: 3)),
    ],
)"#;

/// The built-in cards plus [`TEST_TASKS`].
pub fn db_with_tasks() -> Arc<CardDb> {
    let mut files: Vec<(String, String)> = table::tashkalar::engine::cards::BUILTIN
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    files.push(("test-tasks.ron".into(), TEST_TASKS.into()));
    Arc::new(CardDb::from_sources(files).expect("cards with test tasks load"))
}

/// The board cell of a square for a game shown at `w` x `h`.
pub fn cell_rect(app: &App, sq: Square, w: u16, h: u16) -> Rect {
    let st = game(app).state();
    layout_for(st, body_area(Rect::new(0, 0, w, h)))
        .expect("the game fits")
        .board
        .cell(sq)
}

/// Presses arrow keys (and h/j/k/l) until the board cursor is on `target`.
pub fn move_cursor_to(app: &mut App, target: Square) {
    use table::tashkalar::engine::board::arena;
    use table::tashkalar::ui::interaction::Focus;
    for _ in 0..3 {
        if game(app).ui().focus == Focus::Board {
            break;
        }
        press(app, KeyCode::Tab);
    }
    for step in 0..40 {
        let cur = game(app).ui().cursor;
        if cur == target {
            return;
        }
        let df = (target.file() - cur.file()).signum();
        let dr = (target.rank() - cur.rank()).signum();
        // Go along the side of the rectangle that stays inside the (convex) arena.
        let corner = Square::new(cur.file(), target.rank()).filter(|s| arena::is_playable(*s));
        let vertical_first = dr != 0 && corner.is_some();
        // Alternate arrows and vi keys so both are exercised.
        let vi = step % 2 == 1;
        let code = if vertical_first || df == 0 {
            match (dr > 0, vi) {
                (true, false) => KeyCode::Up,
                (true, true) => KeyCode::Char('k'),
                (false, false) => KeyCode::Down,
                (false, true) => KeyCode::Char('j'),
            }
        } else {
            match (df > 0, vi) {
                (true, false) => KeyCode::Right,
                (true, true) => KeyCode::Char('l'),
                (false, false) => KeyCode::Left,
                (false, true) => KeyCode::Char('h'),
            }
        };
        press(app, code);
    }
    panic!("cursor did not reach {target}");
}

/// Confirms the end of the turn when the deciding person's last step waits for it: Enter on
/// "End turn" (a step that ends the turn is only made once its end is confirmed).
pub fn confirm_turn_end(app: &mut App) {
    if game(app).staged() {
        press(app, KeyCode::Enter);
        assert!(!game(app).staged(), "Enter confirms the end of the turn");
    }
}
