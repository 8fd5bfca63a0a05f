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
use table::shell::tui::theme::PaletteKind;
use table::tashkalar::engine::CardDb;

pub fn db() -> Arc<CardDb> {
    Arc::new(CardDb::builtin().expect("built-in cards load"))
}

pub fn app(palette: PaletteKind) -> App {
    App::new(db(), palette)
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

use table::shell::tui::app::body_area;
use table::shell::tui::game::seats::SeatKind;
use table::shell::tui::screens::game::game_layout;
use table::shell::tui::setup::GameSetup;
use table::tashkalar::engine::{Mode, Square};

/// A Deathmatch duel dealt from `seed` with the given seats.
pub fn duel(seed: u64, seats: Vec<SeatKind>) -> GameSetup {
    GameSetup {
        mode: Mode::Deathmatch,
        players: 2,
        seats,
        decks: vec!["Imperial".into(); 2],
        seed: Some(seed),
    }
}

/// Two people at one keyboard.
pub fn hot_seat(seed: u64) -> GameSetup {
    duel(seed, vec![SeatKind::Human, SeatKind::Human])
}

/// The screen cell at the centre of a square's board cell, for a game shown at `w` x `h`.
pub fn square_pos(app: &App, sq: Square, w: u16, h: u16) -> (u16, u16) {
    let g = app.game().expect("a game is on screen");
    let st = &g.session.state;
    let layout = game_layout(
        body_area(Rect::new(0, 0, w, h)),
        st.players(),
        st.config.mode == Mode::HighForm,
    )
    .expect("the game fits");
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
    let g = app.game().expect("a game is on screen");
    let st = &g.session.state;
    game_layout(
        body_area(Rect::new(0, 0, w, h)),
        st.players(),
        st.config.mode == Mode::HighForm,
    )
    .expect("the game fits")
    .board
    .cell(sq)
}

/// Presses arrow keys (and h/j/k/l) until the board cursor is on `target`.
pub fn move_cursor_to(app: &mut App, target: Square) {
    use table::shell::tui::game::interaction::Focus;
    use table::tashkalar::engine::board::arena;
    for _ in 0..3 {
        if app.game().expect("game").ui.focus == Focus::Board {
            break;
        }
        press(app, KeyCode::Tab);
    }
    for step in 0..40 {
        let cur = app.game().expect("game").ui.cursor;
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
