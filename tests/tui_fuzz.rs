//! Nothing a player types or clicks may panic: long random sequences of keys and clicks on every
//! screen, at several sizes (including too small ones), rendering after each.

mod support;

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::time::{Duration, Instant};
use support::*;
use tashkalar::tui::action::Action;
use tashkalar::tui::app::App;
use tashkalar::tui::theme::PaletteKind;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const KEYS: &[KeyCode] = &[
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Enter,
    KeyCode::Enter,
    KeyCode::Enter,
    KeyCode::Esc,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Char(' '),
    KeyCode::Char('r'),
    KeyCode::Char('R'),
    KeyCode::Char('s'),
    KeyCode::Char('e'),
    KeyCode::Char('x'),
    KeyCode::Char('c'),
    KeyCode::Char('1'),
    KeyCode::Char('2'),
    KeyCode::Char('9'),
    KeyCode::Char('0'),
    KeyCode::Char('?'),
    KeyCode::Char('h'),
    KeyCode::Char('j'),
    KeyCode::Char('k'),
    KeyCode::Char('l'),
    KeyCode::Char('p'),
    KeyCode::Char('n'),
    KeyCode::Char('z'),
    KeyCode::Backspace,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::Home,
    KeyCode::F(1),
];

const SIZES: [(u16, u16); 6] = [(80, 24), (120, 40), (200, 60), (81, 25), (60, 20), (3, 2)];

/// Returns how many events reached a game screen and how many choices were made.
fn run(seed: u64, events: usize) -> (usize, usize) {
    let (mut in_game, mut moves) = (0, 0);
    let mut rng = Lcg(seed);
    let mut app = App::new(db(), PaletteKind::ALL[(seed % 3) as usize]);
    app.ai_delay = Duration::ZERO;
    let mut size = SIZES[0];
    for _ in 0..events {
        let before = app.game().map(|g| g.session.log.len());
        match rng.below(20) {
            0 => size = SIZES[rng.below(SIZES.len() as u64) as usize],
            1 => {
                // Actions straight from code, including values no key produces.
                let n = rng.below(256) as u8;
                let action = [
                    Action::Option(n),
                    Action::Digit(n),
                    Action::Cycle,
                    Action::CycleBack,
                    Action::Continue,
                    Action::Yes,
                    Action::No,
                    Action::Palette,
                    Action::Select,
                ][rng.below(9) as usize];
                app.handle_action(action);
            }
            2..=3 => {
                let kind = match rng.below(5) {
                    0 => MouseEventKind::Down(MouseButton::Right),
                    1 => MouseEventKind::ScrollUp,
                    2 => MouseEventKind::ScrollDown,
                    _ => MouseEventKind::Down(MouseButton::Left),
                };
                let ev = MouseEvent {
                    kind,
                    column: rng.below(size.0 as u64 + 5) as u16,
                    row: rng.below(size.1 as u64 + 5) as u16,
                    modifiers: KeyModifiers::NONE,
                };
                app.handle_mouse(ev, Rect::new(0, 0, size.0, size.1));
            }
            _ => {
                let code = KEYS[rng.below(KEYS.len() as u64) as usize];
                // Quitting would end the run early: refuse it (n) instead.
                if code == KeyCode::Char('q') {
                    continue;
                }
                app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
            }
        }
        if app.quit {
            // Only the menu's Quit entry gets here; start over from a fresh menu.
            assert!(app.fatal.is_none(), "{:?}", app.fatal);
            app = App::new(db(), PaletteKind::Standard);
            app.ai_delay = Duration::ZERO;
        }
        if app.game().is_some_and(|g| g.ai_turn().is_some()) {
            app.wait_for_ai(Duration::from_secs(5));
        }
        app.tick(Instant::now());
        let _ = render(&app, size.0, size.1);
        if let Some(g) = app.game() {
            in_game += 1;
            if before.is_some_and(|n| g.session.log.len() != n) {
                moves += 1;
            }
        }
    }
    (in_game, moves)
}

#[test]
fn random_keys_and_clicks_never_panic() {
    let (mut in_game, mut moves) = (0, 0);
    for seed in 1..=6 {
        let (g, m) = run(seed, 1000);
        in_game += g;
        moves += m;
    }
    // The random walk really plays: most events land in games, and games move on.
    assert!(in_game > 3000, "{in_game} events in games");
    assert!(moves > 50, "{moves} moves");
}
