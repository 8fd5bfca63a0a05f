//! Every rule and text readable at every size (issue 50): the Deathmatch rules page, the header
//! never cutting the seed, the quit question and the return options whole, the High Form tasks.

mod support;

use ratatui::crossterm::event::KeyCode;
use support::*;
use table::shell::seats::SeatKind;
use table::shell::tui::app::Screen;
use table::shell::tui::theme::PaletteKind;
use table::tashkalar::engine::{DecisionKind, Mode};
use table::tashkalar::ui::setup::GameSetup;

#[test]
fn the_deathmatch_rules_page_says_the_last_card_also_brings_the_end() {
    let mut app = app(PaletteKind::Standard);
    press(&mut app, KeyCode::Char('5'));
    assert!(matches!(app.screen, Screen::Rules(_)));
    for _ in 0..10 {
        let shown = text(&render(&app, 120, 40));
        if shown.contains("Tash-Kalar: Deathmatch") {
            let squeezed = shown
                .replace('│', " ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                squeezed.contains("draws the last card of their deck"),
                "{shown}"
            );
            return;
        }
        press(&mut app, KeyCode::Right);
    }
    panic!("no Deathmatch page");
}

/// A game against the AI dealt from a seed as long as a random one.
fn long_seed() -> (table::shell::tui::app::App, u64) {
    let seed = 18_446_744_073_709_551_557;
    let mut app = app(PaletteKind::Standard);
    start(
        &mut app,
        &duel(seed, vec![SeatKind::Human, SeatKind::Human]),
    );
    press(&mut app, KeyCode::Enter);
    (app, seed)
}

#[test]
fn the_header_shows_the_seed_whole_or_not_at_all() {
    let (app, seed) = long_seed();
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let buf = render(&app, w, h);
        let header = text(&buf).lines().next().unwrap_or_default().to_string();
        if header.contains("seed") {
            assert!(
                header.contains(&format!("seed {seed}")),
                "at {w}x{h}: {header}"
            );
        }
    }
    let header = text(&render(&app, 200, 60))
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    assert!(header.contains(&format!("seed {seed}")), "{header}");
}

#[test]
fn the_quit_question_is_never_cut_and_says_whether_anything_is_kept() {
    let squeezed = |app: &table::shell::tui::app::App, w, h| {
        let shown = text(&render(app, w, h));
        let flat = shown
            .replace(['│', '┃'], " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        (shown, flat)
    };
    // Nothing decided yet: nothing is kept, and the question says so (issue 50).
    let (mut app, _) = long_seed();
    press(&mut app, KeyCode::Char('q'));
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let (shown, flat) = squeezed(&app, w, h);
        assert!(
            flat.contains("Quit? Nothing is decided yet: no save is kept."),
            "at {w}x{h}:\n{shown}"
        );
        assert!(flat.contains("y yes n/Esc no"), "at {w}x{h}:\n{shown}");
    }
    // After a decision, an unsaved game is lost (this app keeps no saves).
    press(&mut app, KeyCode::Char('n'));
    let first = {
        let mut legal = Vec::new();
        table::shell::game::Game::legal(game(&app).game(), &mut legal);
        legal[0]
    };
    game_mut(&mut app).apply_choice(first).expect("legal");
    press(&mut app, KeyCode::Char('q'));
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let (shown, flat) = squeezed(&app, w, h);
        assert!(
            flat.contains("Quit? The game in progress will be lost."),
            "at {w}x{h}:\n{shown}"
        );
        assert!(flat.contains("y yes n/Esc no"), "at {w}x{h}:\n{shown}");
    }
}

#[test]
fn the_options_to_return_cards_after_a_discard_are_not_cut() {
    let mut app = app(PaletteKind::Standard);
    start(&mut app, &hot_seat(8));
    // The pass screen, Red's start square, the pass screen: Blue to play.
    for _ in 0..3 {
        press(&mut app, KeyCode::Enter);
    }
    assert!(game(&app).human_turn());
    let g = game(&app);
    let being = g
        .items()
        .iter()
        .position(|i| {
            let c = g.state().db.card(i.card);
            !c.is_legend() && c.flare.is_none()
        })
        .expect("a being in hand");
    let key = table::tashkalar::ui::hand_key(g.items()[being].slot).expect("a key");
    press(&mut app, KeyCode::Char(key));
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Enter);
    assert_eq!(game(&app).model().decision.kind, DecisionKind::ReturnCards);
    let names: Vec<String> = game(&app)
        .items()
        .iter()
        .map(|i| game(&app).state().db.card(i.card).name.clone())
        .collect();
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let shown = text(&render(&app, w, h));
        for name in &names {
            assert!(
                shown.contains(&format!("Return {name}")),
                "at {w}x{h}, the option for {name} is whole:\n{shown}"
            );
        }
        assert!(!shown.contains("bottom of its …"), "at {w}x{h}:\n{shown}");
    }
}

#[test]
fn high_form_tasks_are_read_in_full_at_120x40_and_with_t_at_80x24() {
    let mut app = app(PaletteKind::Standard);
    let setup = GameSetup {
        mode: Mode::HighForm,
        ..hot_seat(745_770_372)
    };
    start(&mut app, &setup);
    press(&mut app, KeyCode::Enter);
    let g = game(&app);
    let texts: Vec<String> = g
        .seat_view()
        .current_tasks
        .iter()
        .flatten()
        .map(|t| g.state().db.tasks[t.0 as usize].text.clone())
        .collect();
    assert!(!texts.is_empty(), "tasks are face up");
    let squeeze = |s: &str| {
        s.replace(['│', '┃'], " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (w, h) in [(120, 40), (200, 60)] {
        let buf = render(&app, w, h);
        // The task panel's rows, read across wrapped lines.
        let (x, y) = find(&buf, "Tasks (").expect("the task panel");
        let mut panel = String::new();
        for row in y + 1..buf.area.height {
            if buf[(x - 1, row)].symbol() == "└" {
                break;
            }
            let mut col = x;
            while col < buf.area.width && buf[(col, row)].symbol() != "│" {
                panel.push_str(buf[(col, row)].symbol());
                col += 1;
            }
            panel.push(' ');
        }
        let panel = squeeze(&panel);
        for t in &texts {
            assert!(panel.contains(t.as_str()), "at {w}x{h}: {t}\n{panel}");
        }
    }
    // At 80x24 the panel says where to read them; the score board has them whole.
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains("t: tasks in full"), "{shown}");
    press(&mut app, KeyCode::Char('t'));
    let mut seen = String::new();
    for _ in 0..12 {
        seen.push_str(&text(&render(&app, 80, 24)));
        press(&mut app, KeyCode::Down);
    }
    let seen = squeeze(&seen);
    for t in &texts {
        let start: String = t.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
        assert!(seen.contains(&start), "the score board lists {t}");
    }
}

#[test]
fn the_recap_and_the_log_tell_a_summon_onto_ones_own_piece_alike() {
    use table::tashkalar::ui::setup::scenario_state;
    let text_ = r###"(
    mode: Deathmatch,
    seed: 7,
    to_move: 2,
    actions_left: 1,
    turn: 6,
    board: [
        "## ## .. .. .. .. .. ## ##",
        "## .. .. .. .. .. .. .. ##",
        ".. .. .. .. .. .. .. .. ..",
        ".. .. .. .. .. .. .. .. ..",
        ".. .. .. 2c 2c .. .. .. ..",
        ".. .. 2c .. .. .. .. .. ..",
        ".. .. .. .. .. .. 1c .. ..",
        "## .. .. .. .. .. .. .. ##",
        "## ## .. .. .. .. .. ## ##",
    ],
    hands: [(beings: ["Knight"]), (beings: ["Cannon"])],
)"###;
    let db = db();
    let state = scenario_state(db.clone(), text_).expect("scenario loads");
    let mut app = table::shell::tui::app::App::new(catalog_with(db), PaletteKind::Standard);
    start_state(&mut app, state, &[SeatKind::Human, SeatKind::Human]);
    press(&mut app, KeyCode::Enter); // Red takes the keyboard
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Enter); // the Cannon on Red's own piece
    press(&mut app, KeyCode::Char('s')); // no shot
    confirm_turn_end(&mut app);
    press(&mut app, KeyCode::Enter); // Blue takes the keyboard
    let g = game(&app);
    let line = g
        .log()
        .iter()
        .find(|l| l.text.contains("Cannon"))
        .map(|l| l.text.clone())
        .expect("the log tells the summon");
    assert!(line.contains("replacing its own common piece"), "{line}");
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let squeezed = panel_text(&render(&app, w, h), "to decide");
        assert!(
            squeezed.contains("Since your last decision: Red summoned Cannon on e5, replacing its own common piece"),
            "the recap says it as the log does at {w}x{h}: {squeezed}"
        );
    }
    // The big screen's empty decision rows tell Red's last turn in full, as the log does.
    let squeezed = panel_text(&render(&app, 200, 60), "to decide");
    assert!(
        squeezed.contains(&format!("Last turn of Red (turn 6): {line}")),
        "{squeezed}"
    );
}

#[test]
fn quitting_a_game_started_from_the_menu_returns_to_the_menu() {
    let mut app = app(PaletteKind::Standard);
    assert!(matches!(app.screen, Screen::Menu));
    press(&mut app, KeyCode::Enter); // the new-game form
    assert!(matches!(app.screen, Screen::NewGame(_)));
    app.start_from_form();
    assert!(matches!(app.screen, Screen::Table(_)));
    press(&mut app, KeyCode::Char('q'));
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Back to the menu?"), "at {w}x{h}:\n{shown}");
    }
    press(&mut app, KeyCode::Char('y'));
    assert!(!app.quit, "the program goes on");
    assert!(matches!(app.screen, Screen::Menu));
    // From the menu, q quits as before.
    press(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
}

#[test]
fn the_header_says_the_end_is_triggered_whole_at_every_size() {
    // Seen in tmux at 80x24: "· 2 actions left · end trigg".
    let db = db();
    let mut state = table::tashkalar::ui::setup::scenario_state(
        db.clone(),
        include_str!("scenarios/tui_traps.ron"),
    )
    .expect("scenario loads");
    state.ending.triggered = true;
    state.ending.turns_left = 1;
    let mut app = app_with(db, PaletteKind::Standard);
    start_state(&mut app, state, &[SeatKind::Human, SeatKind::Human]);
    press(&mut app, KeyCode::Enter);
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let header = text(&render(&app, w, h))
            .lines()
            .next()
            .unwrap_or_default()
            .trim_end()
            .to_string();
        assert!(
            header.ends_with(" · end triggered: 1 more turn")
                || header.ends_with(" · ends in 1 turn"),
            "at {w}x{h}: {header}"
        );
        assert!(header.contains("2 actions left"), "at {w}x{h}: {header}");
        if w >= 120 {
            assert!(header.contains("Tash-Kalar · Deathmatch"), "{header}");
        }
    }
}
