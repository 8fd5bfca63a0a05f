//! How long the game screen takes to draw: a full mid-game screen at 160x50 rendered to ratatui's
//! `TestBackend` (target: under 1 ms per frame), and the path from nothing to the first frame.

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::hint::black_box;
use std::sync::Arc;
use table::shell::tui::app::App;
use table::shell::tui::game::seats::SeatKind;
use table::shell::tui::setup::GameSetup;
use table::shell::tui::theme::PaletteKind;
use table::tashkalar::engine::{CardDb, Choice, Mode};

fn key(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// A hot-seat duel played 40 choices deep (summoning whenever possible, otherwise placing), with
/// the hand revealed and a card selected so the pattern overlay and targets are drawn too.
fn midgame() -> App {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let mut app = App::new(db, PaletteKind::Standard);
    let setup = GameSetup {
        mode: Mode::Deathmatch,
        players: 2,
        seats: vec![SeatKind::Human, SeatKind::Human],
        decks: vec!["Imperial".into(); 2],
        seed: Some(11),
    };
    app.start_game(&setup).expect("deal");
    let mut rng = 12345u64;
    for _ in 0..40 {
        let Some(g) = app.game() else { break };
        let choices = g.model.choices.clone();
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = |pool: &[Choice]| pool[(rng >> 33) as usize % pool.len()];
        let summons: Vec<Choice> = choices
            .iter()
            .copied()
            .filter(|c| matches!(c, Choice::Summon { .. }))
            .collect();
        let others: Vec<Choice> = choices
            .iter()
            .copied()
            .filter(|c| !matches!(c, Choice::Discard(_)))
            .collect();
        let choice = if !summons.is_empty() {
            pick(&summons)
        } else if !others.is_empty() {
            pick(&others)
        } else {
            pick(&choices)
        };
        app.apply_choice(choice).expect("legal");
    }
    key(&mut app, KeyCode::Enter); // pass the keyboard
    key(&mut app, KeyCode::Tab); // the hand: its first card previews its summons
    app
}

fn render(c: &mut Criterion) {
    let app = midgame();
    let mut term = Terminal::new(TestBackend::new(160, 50)).expect("terminal");
    c.bench_function("tui: mid-game screen 160x50", |b| {
        b.iter(|| {
            term.draw(|f| app.render(f)).expect("draw");
            black_box(term.backend().buffer().area);
        })
    });
    let mut small = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    c.bench_function("tui: mid-game screen 80x24", |b| {
        b.iter(|| {
            small.draw(|f| app.render(f)).expect("draw");
        })
    });
    c.bench_function(
        "tui: load cards, build the app, draw the menu (first frame)",
        |b| {
            b.iter(|| {
                let db = Arc::new(CardDb::builtin().expect("cards"));
                let app = App::new(db, PaletteKind::Standard);
                let mut term = Terminal::new(TestBackend::new(160, 50)).expect("terminal");
                term.draw(|f| app.render(f)).expect("draw");
                black_box(term.backend().buffer().area);
            })
        },
    );
}

criterion_group!(benches, render);
criterion_main!(benches);
