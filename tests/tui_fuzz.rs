//! Nothing a player types or clicks may panic: long random sequences of keys and clicks on every
//! screen, at several sizes (including too small ones), rendering after each.

mod support;

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::path::Path;
use std::time::{Duration, Instant};
use support::*;
use table::shell::tui::action::Action;
use table::shell::tui::app::App;
use table::shell::tui::theme::PaletteKind;

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

/// Keys of the replay viewer, the list of saves and undo, on top of [`KEYS`].
const RECORD_KEYS: &[KeyCode] = &[
    KeyCode::Char('u'),
    KeyCode::Char('u'),
    KeyCode::Char('v'),
    KeyCode::Char('g'),
    KeyCode::Char('G'),
    KeyCode::Char('a'),
    KeyCode::Char('+'),
    KeyCode::Char('-'),
    KeyCode::Char('4'),
    KeyCode::Char('3'),
    KeyCode::Char('2'),
    KeyCode::End,
    KeyCode::Right,
    KeyCode::Right,
];

fn new_app(palette: PaletteKind, saves: Option<&Path>) -> App {
    let mut app = App::new(db(), palette);
    app.ai_delay = Duration::ZERO;
    app.save_dir = saves.map(Path::to_path_buf);
    app
}

/// Returns how many events reached a game screen and how many choices were made.
fn run(seed: u64, events: usize) -> (usize, usize) {
    let (in_game, moves, _) = run_with(seed, events, None, &[]);
    (in_game, moves)
}

/// [`run`], with saves kept in `saves` and `extra` keys pressed as often as the others; also
/// returns how many events reached the replay viewer or the list of saves.
fn run_with(
    seed: u64,
    events: usize,
    saves: Option<&Path>,
    extra: &[KeyCode],
) -> (usize, usize, usize) {
    let keys: Vec<KeyCode> = KEYS.iter().chain(extra).copied().collect();
    let (mut in_game, mut moves, mut in_records) = (0, 0, 0);
    let mut rng = Lcg(seed);
    let mut app = new_app(PaletteKind::ALL[(seed % 3) as usize], saves);
    let mut size = SIZES[0];
    for step in 0..events {
        // With saves around, go back to the menu now and then (as after quitting and starting
        // again), so the lists, Continue and the viewer are reached, not just one long game.
        if saves.is_some() && step % 100 == 99 {
            app.overlay = None;
            app.to_menu();
        }
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
                let code = keys[rng.below(keys.len() as u64) as usize];
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
            app = new_app(PaletteKind::Standard, saves);
        }
        if app.game().is_some_and(|g| g.ai_turn().is_some()) {
            app.wait_for_ai(Duration::from_secs(5));
        }
        app.tick(Instant::now());
        let _ = render(&app, size.0, size.1);
        if matches!(
            app.screen,
            table::shell::tui::app::Screen::Replay(_) | table::shell::tui::app::Screen::Saves(_)
        ) {
            in_records += 1;
        }
        if let Some(g) = app.game() {
            in_game += 1;
            if before.is_some_and(|n| g.session.log.len() != n) {
                moves += 1;
            }
        }
    }
    (in_game, moves, in_records)
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

#[test]
fn random_keys_in_saves_lists_replays_and_undo_never_panic() {
    use table::shell::record::save::{to_text, write_new};
    let dir = std::env::temp_dir().join(format!("tashkalar-fuzz-{}-saves", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    // A finished game, one in progress, and a damaged file to find in the lists.
    let sim = table::shell::sim::SimConfig {
        mode: table::tashkalar::engine::Mode::Deathmatch,
        players: 2,
        teams: false,
        decks: vec![],
        games: 2,
        seed: 3,
        bots: vec!["random".into()],
        jobs: 1,
    };
    let db = db();
    table::shell::sim::run(db.clone(), &sim, |game| {
        let mut state = table::tashkalar::engine::GameState::new_game(
            db.clone(),
            game.config.clone(),
            game.seed,
        )
        .expect("deal");
        let kinds = vec![
            table::shell::tui::game::seats::SeatKind::Human,
            table::shell::tui::game::seats::SeatKind::Ai("random".into()),
        ];
        let seats = table::shell::tui::game::seats::Seats::new(&state, kinds);
        let spec = table::shell::tui::records::spec_for(&state, &seats, None);
        // The second game is cut short: a game in progress.
        let keep = if game.seed == 3 {
            game.choices.len()
        } else {
            30
        };
        let mut texts = Vec::new();
        for c in &game.choices[..keep] {
            texts.push(table::shell::game::Game::choice_text(&state, c));
            state.apply(*c).expect("legal");
        }
        let save = table::shell::record::SaveFile::new::<table::tashkalar::engine::GameState>(
            spec, game.seed, texts, &state,
        );
        write_new(&dir, "fuzz", &to_text(&save).expect("writes")).expect("saved");
    })
    .expect("sim");
    std::fs::write(
        dir.join("zz-damaged.ron"),
        "(format: \"tashkalar-save\", vers",
    )
    .expect("write");
    let (mut in_game, mut moves, mut in_records) = (0, 0, 0);
    for seed in 11..=12 {
        let (g, m, r) = run_with(seed, 1000, Some(&dir), RECORD_KEYS);
        in_game += g;
        moves += m;
        in_records += r;
    }
    assert!(in_game > 300, "{in_game} events in games");
    assert!(moves > 10, "{moves} moves");
    assert!(
        in_records > 60,
        "{in_records} events in the viewer and the lists"
    );
}
