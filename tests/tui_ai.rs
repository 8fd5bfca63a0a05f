//! Playing against the AI: it moves by itself on a worker thread, the screen says it is thinking
//! and stays usable, and each of its steps is shown before the next one.

mod support;

use ratatui::crossterm::event::KeyCode;
use std::time::{Duration, Instant};
use support::*;
use table::shell::seats::SeatKind;
use table::shell::tui::app::{App, Overlay};
use table::shell::tui::theme::{PaletteKind, Theme};
use table::tashkalar::engine::DecisionKind;

const W: u16 = 120;
const H: u16 = 40;

fn against_ai(seed: u64) -> App {
    let mut app = app(PaletteKind::Standard);
    let bot = table::shell::ai::BOT_NAMES[0].to_string();
    start(
        &mut app,
        &duel(seed, vec![SeatKind::Human, SeatKind::Bot(bot)]),
    );
    app
}

/// Lets the AI play until a person decides (or the game ends).
fn ai_plays(app: &mut App) -> usize {
    let mut steps = 0;
    while game(app).ai_turn().is_some() {
        assert!(wait_ai(app), "the AI answers");
        steps += 1;
        assert!(steps < 200, "the AI's turn ends");
    }
    steps
}

#[test]
fn the_ai_moves_by_itself_and_the_screen_shows_it() {
    let mut app = against_ai(21);
    // Red (AI) sets up first: no pass screen with one person; Blue's hand stays visible.
    let g = game(&app);
    assert!(g.gate().is_none());
    assert_eq!(g.ai_turn(), Some(1));
    assert_eq!(g.viewer(), Some(0));
    let shown = text(&render(&app, W, H));
    assert!(shown.contains("AI playing"), "{shown}");
    assert!(shown.contains("Hand of Blue"));

    // The loop's tick sends the request; the answer comes back over the channel.
    app.tick(Instant::now());
    let g = game(&app);
    assert!(g.ai_thinking(), "the AI was asked");
    let shown = text(&render(&app, W, H));
    assert!(shown.contains("thinking"), "{shown}");
    // The screen stays usable meanwhile: help opens and closes, resizing redraws.
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.overlay, Some(Overlay::Help(0)));
    assert!(text(&render(&app, 80, 24)).contains("Keys"));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, None);

    assert!(ai_plays(&mut app) >= 1);
    let g = game(&app);
    assert!(g.log().iter().any(|l| l.text.contains("start piece")));
    let last = g.last_ai_step().expect("the AI's step is told").to_string();
    assert!(last.starts_with("Red: Start on"), "{last}");
    // What the AI did since Blue's last decision is told under the prompt.
    let shown = text(&render(&app, W, H));
    assert!(shown.contains("Since your last decision: Red "), "{shown}");

    // Blue places a piece; its only action ends the turn and Red plays its two actions.
    assert_eq!(g.model().decision.kind, DecisionKind::Action);
    let empty = table::tashkalar::engine::board::arena::PLAYABLE
        .iter()
        .find(|s| g.state().board.get(*s).is_none())
        .expect("an empty square");
    move_cursor_to(&mut app, empty);
    press(&mut app, KeyCode::Enter);
    // The placement ends Blue's turn: it waits for Enter on "End turn" (and could be undone).
    assert!(game(&app).staged());
    assert_eq!(game(&app).ai_turn(), None);
    confirm_turn_end(&mut app);
    assert_eq!(game(&app).ai_turn(), Some(1));
    let steps = ai_plays(&mut app);
    assert!(steps >= 2, "two actions, one step at a time");
    let g = game(&app);
    assert!(g.human_turn());
    assert!(g.log().iter().any(|l| l.text.starts_with("Turn 2: Red")));
    // What the AI's last step changed is highlighted.
    let theme = Theme::new(PaletteKind::Standard);
    let buf = render(&app, W, H);
    for s in g.session().narrator.recent.iter() {
        if s != g.ui().cursor {
            let r = cell_rect(&app, s, W, H);
            assert_eq!(Some(buf[(r.x, r.y)].bg), theme.recent().bg, "recent {s}");
        }
    }
}

#[test]
fn ai_steps_wait_so_people_can_follow_them_and_space_skips_the_wait() {
    let mut app = against_ai(4);
    game_mut(&mut app).set_ai_delay(Duration::from_secs(3600));
    assert!(wait_ai(&mut app));
    // Red set up; Blue plays its single action, then it is Red's turn.
    let g = game(&app);
    assert!(g.human_turn());
    press(&mut app, KeyCode::Enter);
    confirm_turn_end(&mut app);
    let g = game(&app);
    if g.ai_turn().is_none() {
        // The cursor square was not empty: place anywhere empty.
        let empty = table::tashkalar::engine::board::arena::PLAYABLE
            .iter()
            .find(|s| g.state().board.get(*s).is_none())
            .expect("an empty square");
        move_cursor_to(&mut app, empty);
        press(&mut app, KeyCode::Enter);
        confirm_turn_end(&mut app);
    }
    assert!(wait_ai(&mut app), "first step");
    let g = game(&app);
    assert_eq!(g.ai_turn(), Some(1), "Red has a second action");
    let due = g.ai_resume_at().expect("the next step waits");
    assert!(due > Instant::now() + Duration::from_secs(60));
    // Ticking before the pause is over asks nothing.
    app.tick(Instant::now());
    assert!(!game(&app).ai_thinking());
    assert!(table::shell::tui::app::hint_text(&app).contains("Space next AI step"));
    // Space: the next step now.
    press(&mut app, KeyCode::Char(' '));
    app.tick(Instant::now());
    assert!(game(&app).ai_thinking());
}

#[test]
fn quitting_a_game_in_progress_asks_first() {
    let mut app = against_ai(9);
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.overlay, Some(Overlay::ConfirmQuit));
    // Nobody at the keyboard has decided anything yet: there is nothing to keep (issue 50).
    assert!(text(&render(&app, 80, 24)).contains("Quit? Nothing is decided yet"));
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.quit && app.overlay.is_none());
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.quit);
}

#[test]
fn a_game_between_bots_runs_to_its_end_and_shows_the_result() {
    let mut app = app(PaletteKind::Standard);
    let bot = table::shell::ai::BOT_NAMES[0].to_string();
    start(
        &mut app,
        &duel(2, vec![SeatKind::Bot(bot.clone()), SeatKind::Bot(bot)]),
    );
    game_mut(&mut app).set_ai_delay(Duration::ZERO);
    let mut steps = 0;
    while !game(&app).state().is_over() {
        assert!(wait_ai(&mut app), "the AI answers");
        steps += 1;
        assert!(steps < 20_000, "the game ends");
        if steps % 97 == 0 {
            // Nobody at the keyboard: no hand is ever shown.
            assert_eq!(game(&app).viewer(), None);
            let _ = render(&app, 80, 24);
        }
    }
    let g = game(&app);
    let standings = g.state().standings();
    let shown = text(&render(&app, W, H));
    assert!(shown.contains("game over"), "{shown}");
    let winner = g.session().seats.name(standings.winners[0]).to_string();
    assert!(
        shown.contains(&format!("{winner} wins")) || shown.contains("tie between"),
        "{shown}"
    );
    assert!(g.log().iter().any(|l| l.text == "Game over"));
    // Enter goes back to the menu; q now quits without asking.
    press(&mut app, KeyCode::Enter);
    assert!(app.table_screen().is_none());
    press(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
}

#[test]
fn the_hint_key_names_the_choice_the_ai_would_make_and_points_at_it() {
    let mut app = app(PaletteKind::Standard);
    start(&mut app, &duel(8, vec![SeatKind::Human, SeatKind::Human]));
    // Past the "pass to" screen, to the first decision with something to choose.
    let mut guard = 0;
    loop {
        let g = game(&app);
        if g.gate().is_some() {
            press(&mut app, KeyCode::Enter);
        } else if g.model().choices.len() > 1 {
            break;
        } else {
            panic!("a decision without a choice is taken automatically");
        }
        guard += 1;
        assert!(guard < 5);
    }
    let bar = table::shell::tui::app::hint_text(&app);
    assert!(bar.contains("i hint"), "{bar}");
    press(&mut app, KeyCode::Char('i'));
    let shown = text(&render(&app, W, H));
    assert!(shown.contains("looking for a hint"), "{shown}");
    game_mut(&mut app).poll_hint(Some(Duration::from_secs(30)));
    let g = game(&app);
    let note = g.note().expect("a note").text.clone();
    assert!(note.starts_with("hint: "), "{note}");
    let shown = text(&render(&app, W, H));
    assert!(shown.contains("hint: "), "{shown}");
    // The hint does not play: the same decision is still waiting.
    assert!(game(&app).model().choices.len() > 1);
}

#[test]
fn an_ai_seat_shows_its_level_and_every_count_in_a_narrow_players_panel() {
    let mut app = app(PaletteKind::Standard);
    let hard = SeatKind::Bot("mcts:hard".into());
    start(&mut app, &duel(5, vec![SeatKind::Human, hard]));
    // At this size the players panel is narrow but tall: the counts get a line of their own
    // instead of being cut off after the AI's name.
    let shown = text(&render(&app, 150, 48));
    assert!(shown.contains("Red  (AI: Hard) 0 points"), "{shown}");
    assert_eq!(
        shown.matches("hand 3 beings, 2 legends, 1 flare").count(),
        2,
        "{shown}"
    );
    assert_eq!(shown.matches("discarded 0").count(), 2, "{shown}");
    // A line too long for the panel goes on indented, not from the panel's edge.
    assert!(!shown.contains("│16 + 3 legendary"), "{shown}");
}

#[test]
fn the_ai_pauses_between_whole_actions_not_between_their_steps() {
    let mut app = app(PaletteKind::Standard);
    let bot = table::shell::ai::BOT_NAMES[0].to_string();
    start(
        &mut app,
        &duel(3, vec![SeatKind::Bot(bot.clone()), SeatKind::Bot(bot)]),
    );
    game_mut(&mut app).set_ai_delay(Duration::from_secs(3600));
    let (mut within, mut between) = (0, 0);
    for _ in 0..400 {
        if game(&app).state().is_over() {
            break;
        }
        let before = game(&app).state().to_move();
        assert!(wait_ai(&mut app), "the AI answers");
        let g = game(&app);
        let state = g.state();
        let due = g.ai_resume_at().expect("a step was made");
        if !state.is_over() && state.to_move() == before && state.mid_action() {
            within += 1;
            assert!(due <= Instant::now(), "no pause inside an action");
        } else {
            between += 1;
            assert!(
                due > Instant::now() + Duration::from_secs(60),
                "a pause after it"
            );
        }
    }
    assert!(
        within > 0 && between > 0,
        "{within} steps inside, {between} after"
    );
}
