//! Saved games in the front end: autosave after every decision, Continue after the program is
//! gone, the replay viewer stepping, jumping, autoplaying and changing perspective (checked on the
//! rendered screen), and undo in hot-seat play and against the AI.

mod support;

use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use support::*;
use table::shell::game::Game;
use table::shell::record::save::{to_text, write_new};
use table::shell::record::{Recordable, Replay, SaveFile};
use table::shell::rng::Rng;
use table::shell::tui::app::{App, Screen, hint_text};
use table::shell::tui::game::Watch;
use table::shell::tui::game::seats::SeatKind;
use table::shell::tui::records;
use table::shell::tui::theme::PaletteKind;
use table::tashkalar::engine::board::arena;
use table::tashkalar::engine::{Choice, DecisionKind, GameState, Mode, Seat};
use table::tashkalar::record::{GameSpec, Player, SeatSpec};

const W: u16 = 120;
const H: u16 = 40;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-tuirec-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn app_with_saves(dir: &Path) -> App {
    let mut app = App::new(db(), PaletteKind::Standard);
    app.save_dir = Some(dir.to_path_buf());
    app.ai_delay = Duration::ZERO;
    app
}

/// A finished random duel (Blue a person, Red the random bot) saved in `dir`.
fn saved_game(dir: &Path, seed: u64) -> (PathBuf, Replay<GameState>) {
    let spec = GameSpec {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        seats: vec![
            SeatSpec {
                name: "Blue".into(),
                player: Player::Human,
                deck: "Imperial".into(),
            },
            SeatSpec {
                name: "Red".into(),
                player: Player::Bot("random".into()),
                deck: "Imperial".into(),
            },
        ],
        scenario: None,
    };
    let start = GameState::start(&spec, seed, &db()).expect("sets up");
    let mut game = start.clone();
    let mut rng = Rng::seeded(seed);
    let (mut legal, mut texts, mut choices) = (Vec::new(), Vec::new(), Vec::new());
    while !game.is_over() {
        game.legal(&mut legal);
        let c = legal[rng.below(legal.len() as u32) as usize];
        texts.push(game.choice_text(&c));
        choices.push(c);
        game.play(c).expect("legal");
    }
    let save = SaveFile::new::<GameState>(spec, seed, texts, &game);
    let path = write_new(dir, "replayed", &to_text(&save).expect("writes")).expect("saved");
    (path, Replay::new(start, choices).expect("replays"))
}

/// The status line (top row) of the screen.
fn status(app: &App) -> String {
    text(&render(app, W, H))
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

fn viewer(app: &App) -> &table::shell::tui::game::replay::ReplayView {
    match &app.screen {
        Screen::Replay(v) => v,
        _ => panic!("the replay viewer is on screen"),
    }
}

fn shown_hash(app: &App) -> u64 {
    viewer(app).screen.session.state.hash64()
}

#[test]
fn the_replay_viewer_steps_jumps_and_keeps_the_log_in_sync() {
    let dir = temp_dir("viewer");
    let (path, reference) = saved_game(&dir, 5);
    let n = reference.len();
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut app = app_with_saves(&dir);

    // Menu entry 4 lists the saves; Enter opens the highlighted one.
    press(&mut app, KeyCode::Char('4'));
    assert!(matches!(app.screen, Screen::Saves(_)));
    let shown = text(&render(&app, W, H));
    assert!(shown.contains("Replay a save"), "{shown}");
    assert!(
        shown.contains(&file) && shown.contains("finished"),
        "{shown}"
    );
    press(&mut app, KeyCode::Enter);
    assert!(status(&app).contains(&format!("replay {file} · decision 0/{n}")));
    assert_eq!(shown_hash(&app), reference.state_at(0).unwrap().hash64());
    let log_at_start = viewer(&app).screen.session.log.len();
    let next = viewer(&app).screen.replay.clone().unwrap().next.unwrap();
    assert!(text(&render(&app, W, H)).contains(&format!("Next: {next}")));

    // One step on: the position, the counter and the log move together.
    press(&mut app, KeyCode::Right);
    assert!(status(&app).contains(&format!("decision 1/{n}")));
    assert_eq!(shown_hash(&app), reference.state_at(1).unwrap().hash64());
    let log = &viewer(&app).screen.session.log;
    assert!(log.len() > log_at_start);
    let newest = log.last().unwrap().text.clone();
    assert!(text(&render(&app, W, H)).contains(&newest), "{newest}");
    // ... and one back.
    press(&mut app, KeyCode::Char('h'));
    assert!(status(&app).contains(&format!("decision 0/{n}")));
    assert_eq!(viewer(&app).screen.session.log.len(), log_at_start);
    assert!(!text(&render(&app, W, H)).contains(&newest));

    // End and start.
    press(&mut app, KeyCode::End);
    let shown = text(&render(&app, W, H));
    assert!(shown.contains(&format!("decision {n}/{n}")), "{shown}");
    assert!(shown.contains("End of the record") && shown.contains("game over"));
    assert_eq!(shown_hash(&app), reference.last().hash64());
    assert!(!hint_text(&app).contains("forward"), "{}", hint_text(&app));
    press(&mut app, KeyCode::Char('g'));
    assert_eq!(viewer(&app).pos(), 0);

    // A turn typed and Enter: the start of that turn (Esc drops what was typed).
    press(&mut app, KeyCode::Char('9'));
    assert!(
        hint_text(&app).contains("Enter jump"),
        "{}",
        hint_text(&app)
    );
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::Replay(_)));
    assert!(viewer(&app).typed.is_empty());
    for c in "7".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    assert!(text(&render(&app, W, H)).contains("Jump to turn 7_"));
    press(&mut app, KeyCode::Enter);
    let turn7 = reference.first_where(|g| g.turn.number >= 7).unwrap();
    assert_eq!(viewer(&app).pos(), turn7);
    assert!(status(&app).contains("turn 7 "), "{}", status(&app));
    assert_eq!(
        shown_hash(&app),
        reference.state_at(turn7).unwrap().hash64()
    );
    // Next and previous turn.
    press(&mut app, KeyCode::Down);
    let turn8 = reference.first_where(|g| g.turn.number >= 8).unwrap();
    assert_eq!(viewer(&app).pos(), turn8);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Up);
    assert_eq!(viewer(&app).pos(), turn8, "back to the start of this turn");
    press(&mut app, KeyCode::Char('k'));
    assert_eq!(viewer(&app).pos(), turn7, "then to the previous turn");
    // The log matches the position however it was reached.
    let jumped: Vec<String> = viewer(&app)
        .screen
        .session
        .log
        .iter()
        .map(|l| l.text.clone())
        .collect();
    press(&mut app, KeyCode::Home);
    for _ in 0..turn7 {
        press(&mut app, KeyCode::Right);
    }
    let stepped: Vec<String> = viewer(&app)
        .screen
        .session
        .log
        .iter()
        .map(|l| l.text.clone())
        .collect();
    assert_eq!(jumped, stepped);

    // Esc goes back to the menu.
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::Menu));
}

#[test]
fn the_replay_viewer_autoplays_and_changes_perspective() {
    let dir = temp_dir("autoplay");
    let (path, reference) = saved_game(&dir, 8);
    let mut app = app_with_saves(&dir);
    app.open_replay(records::open(&path, &db()).expect("opens"))
        .expect("viewer");
    let bar = hint_text(&app);
    assert!(
        bar.contains("step") && bar.contains("autoplay") && bar.contains("view"),
        "{bar}"
    );

    // A finished game is watched with every hand: the hand shown is the decider's.
    assert_eq!(viewer(&app).watch, Watch::All);
    let decider = reference.state_at(0).unwrap().decision().seat;
    let name = ["Blue", "Red"][decider.index()];
    assert!(text(&render(&app, W, H)).contains(&format!("Hand of {name}")));
    // v: one seat's view, its hand only, whoever decides.
    press(&mut app, KeyCode::Char('v'));
    assert_eq!(viewer(&app).watch, Watch::Seat(Seat(0)));
    let shown = text(&render(&app, W, H));
    assert!(shown.contains("Hand of Blue"), "{shown}");
    assert!(shown.contains("Watching: Blue's view"));
    let g = &viewer(&app).screen;
    let hand: Vec<_> = g.items.iter().map(|i| i.card).collect();
    assert_eq!(
        hand,
        g.session
            .state
            .seat(Seat(0))
            .hand
            .iter()
            .collect::<Vec<_>>()
    );
    press(&mut app, KeyCode::Char('v'));
    assert!(text(&render(&app, W, H)).contains("Hand of Red"));
    press(&mut app, KeyCode::Tab);
    assert_eq!(viewer(&app).watch, Watch::All);

    // Space starts autoplay: time passing steps through the game by itself.
    let t0 = Instant::now();
    press(&mut app, KeyCode::Char(' '));
    assert!(app.animating());
    assert!(text(&render(&app, W, H)).contains("Autoplay: 1 decision / 0.8 s"));
    app.tick(t0 + Duration::from_millis(100));
    assert_eq!(viewer(&app).pos(), 0, "not yet");
    app.tick(t0 + Duration::from_secs(1));
    assert_eq!(viewer(&app).pos(), 1);
    press(&mut app, KeyCode::Char('+'));
    assert!(text(&render(&app, W, H)).contains("2.5 decisions / s"));
    app.tick(t0 + Duration::from_secs(2));
    assert_eq!(viewer(&app).pos(), 2);
    // Space again stops it.
    press(&mut app, KeyCode::Char(' '));
    app.tick(t0 + Duration::from_secs(60));
    assert_eq!(viewer(&app).pos(), 2);
    assert!(!app.animating());
    // Autoplay stops by itself at the end.
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Char(' '));
    app.tick(t0 + Duration::from_secs(120));
    assert!(viewer(&app).replay.at_end());
    assert!(!app.animating());
    // q leaves at once (nothing is being played).
    press(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
}

/// The first empty playable square.
fn empty_square(app: &App) -> table::tashkalar::engine::Square {
    let st = &app.game().expect("game").session.state;
    arena::PLAYABLE
        .iter()
        .find(|s| st.board.get(*s).is_none())
        .expect("an empty square")
}

fn pass_gate(app: &mut App) {
    if app.game().expect("game").gate.is_some() {
        press(app, KeyCode::Enter);
    }
}

/// Plays (placing pieces, ending turns) until `seat` decides a main action with two actions left.
fn until_two_actions(app: &mut App, seat: Seat) {
    for _ in 0..40 {
        pass_gate(app);
        let g = app.game().expect("game");
        let d = g.model.decision.clone();
        if d.seat == seat
            && d.kind == DecisionKind::Action
            && g.session.state.turn.actions_left == 2
        {
            return;
        }
        if g.ai_turn().is_some() {
            assert!(app.wait_for_ai(Duration::from_secs(10)));
            continue;
        }
        let choice = match d.kind {
            DecisionKind::Action => Choice::Place(empty_square(app)),
            _ => g.model.choices[0],
        };
        app.apply_choice(choice).expect("legal");
    }
    panic!("{seat} never got two actions");
}

/// The save of the game on screen, as it is on disk.
fn saved(app: &App) -> records::Opened {
    let path = app
        .autosave
        .as_ref()
        .and_then(|a| a.path())
        .expect("the game has a save file")
        .to_path_buf();
    records::open(&path, &db()).expect("the save loads")
}

#[test]
fn undo_takes_back_own_decisions_of_the_turn_in_hot_seat_and_the_save_follows() {
    let dir = temp_dir("undo-hot");
    let mut app = app_with_saves(&dir);
    app.start_game(&hot_seat(12)).expect("deal");
    until_two_actions(&mut app, Seat(0));
    let g = app.game().expect("game");
    let (h0, n0) = (g.session.state.hash64(), g.session.choices.len());
    let log0 = g.session.log.len();
    assert!(
        !hint_text(&app).contains("undo"),
        "nothing of this turn yet"
    );

    // A placement and a discard (returning cards is still Blue's turn), then u twice: back where
    // the turn started, log and save included.
    let a = empty_square(&app);
    app.apply_choice(Choice::Place(a)).expect("place");
    let h1 = app.game().unwrap().session.state.hash64();
    assert!(hint_text(&app).contains("u undo"), "{}", hint_text(&app));
    let discard = app
        .game()
        .unwrap()
        .model
        .choices
        .iter()
        .find(|c| matches!(c, Choice::Discard(_)))
        .copied()
        .expect("a card to discard");
    app.apply_choice(discard).expect("discard");
    let g = app.game().expect("game");
    assert_eq!(
        g.session.state.decision().seat,
        Seat(0),
        "still Blue's turn"
    );
    assert_eq!(g.model.decision.kind, DecisionKind::ReturnCards);
    assert_eq!(saved(&app).loaded.choices.len(), n0 + 2);
    press(&mut app, KeyCode::Char('u'));
    let g = app.game().expect("game");
    assert_eq!(g.session.state.hash64(), h1);
    assert!(g.gate.is_none(), "no hand-over screen for one's own undo");
    assert!(text(&render(&app, W, H)).contains("Took back 1 decision"));
    assert_eq!(saved(&app).loaded.end.hash64(), h1);
    press(&mut app, KeyCode::Char('u'));
    let g = app.game().expect("game");
    assert_eq!(g.session.state.hash64(), h0);
    assert_eq!(g.session.log.len(), log0);
    assert!(g.session.state.board.get(a).is_none());
    let on_disk = saved(&app);
    assert_eq!(on_disk.loaded.choices.len(), n0);
    assert_eq!(on_disk.loaded.end.hash64(), h0);
    // Nothing more: the turn's start is as far as undo goes.
    press(&mut app, KeyCode::Char('u'));
    let g = app.game().expect("game");
    assert_eq!(g.session.state.hash64(), h0);
    let note = g.ui.note.clone().expect("a reason");
    assert!(note.text.contains("Nothing to take back"), "{}", note.text);

    // Red's turn: Blue's decisions (and the draw that ended Blue's turn) are not Red's to undo.
    until_two_actions(&mut app, Seat(1));
    let h = app.game().unwrap().session.state.hash64();
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.game().unwrap().session.state.hash64(), h);
    assert!(!hint_text(&app).contains("undo"));
}

#[test]
fn undo_against_the_ai_stops_at_the_turn_start_and_after_a_draw() {
    let dir = temp_dir("undo-ai");
    let mut app = app_with_saves(&dir);
    let bot = table::shell::ai::BOT_NAMES[0].to_string();
    app.start_game(&duel(31, vec![SeatKind::Human, SeatKind::Ai(bot)]))
        .expect("deal");
    until_two_actions(&mut app, Seat(0));
    let h0 = app.game().unwrap().session.state.hash64();
    app.apply_choice(Choice::Place(empty_square(&app)))
        .expect("place");
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.game().unwrap().session.state.hash64(), h0);
    // Blue ends the turn (drawing cards), the AI plays its turn: none of that can be taken back.
    until_two_actions(&mut app, Seat(0));
    let g = app.game().expect("game");
    assert!(g.session.steps.last().is_some_and(|s| s.barrier));
    let h = g.session.state.hash64();
    assert!(!app.available(table::shell::tui::action::Action::Undo));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.game().unwrap().session.state.hash64(), h);

    // A discard draws nothing but returns cards to the deck: that can be taken back, while the
    // cards a flare or an effect might draw could not.
    let g = app.game().expect("game");
    if let Some(discard) = g
        .model
        .choices
        .iter()
        .find(|c| matches!(c, Choice::Discard(_)))
        .copied()
    {
        let before = g.session.state.hash64();
        app.apply_choice(discard).expect("discard");
        press(&mut app, KeyCode::Char('u'));
        assert_eq!(app.game().unwrap().session.state.hash64(), before);
    }
}

#[test]
fn a_game_whose_program_was_killed_continues_from_the_menu_where_it_stopped() {
    let dir = temp_dir("continue");
    let (hash, choices, path) = {
        let mut app = app_with_saves(&dir);
        let bot = table::shell::ai::BOT_NAMES[0].to_string();
        app.start_game(&duel(44, vec![SeatKind::Human, SeatKind::Ai(bot)]))
            .expect("deal");
        until_two_actions(&mut app, Seat(0));
        until_two_actions(&mut app, Seat(0));
        app.apply_choice(Choice::Place(empty_square(&app)))
            .expect("place");
        let g = app.game().expect("game");
        let path = app.autosave.as_ref().and_then(|a| a.path()).unwrap();
        (
            g.session.state.hash64(),
            g.session.choices.len(),
            path.to_path_buf(),
        )
        // The app is dropped here without quitting: nothing but the autosave remains.
    };
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.ends_with("-deathmatch.ron"), "{name}");
    let mut app = app_with_saves(&dir);
    press(&mut app, KeyCode::Char('2'));
    let g = app.game().expect("Continue opened the game");
    assert_eq!(g.session.state.hash64(), hash);
    assert_eq!(g.session.choices.len(), choices);
    assert!(g.session.seats.is_human(Seat(0)) && !g.session.seats.is_human(Seat(1)));
    assert!(text(&render(&app, W, H)).contains("Continued from"));
    // Play goes on into the same file.
    app.apply_choice(Choice::Place(empty_square(&app)))
        .expect("place");
    assert_eq!(
        app.autosave.as_ref().and_then(|a| a.path()),
        Some(path.as_path())
    );
    assert_eq!(saved(&app).loaded.choices.len(), choices + 1);
    // The Load list offers it too, marked in progress.
    app.to_menu();
    press(&mut app, KeyCode::Char('3'));
    let shown = text(&render(&app, W, H));
    assert!(
        shown.contains(&name) && shown.contains("in progress"),
        "{shown}"
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.game().expect("loaded").session.choices.len(),
        choices + 1
    );
}
