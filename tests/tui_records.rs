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
use table::shell::record::{Loaded, load};
use table::shell::record::{Recordable, Replay, SaveFile};
use table::shell::rng::Rng;
use table::shell::seats::SeatKind;
use table::shell::seats::SeatKind as Player;
use table::shell::tui::app::{App, Overlay, SaveDirs, Screen, hint_text};
use table::shell::tui::table::Table;
use table::shell::tui::table::replay::{ReplayCursor, Watch};
use table::shell::tui::theme::PaletteKind;
use table::tashkalar::engine::board::arena;
use table::tashkalar::engine::{Choice, DecisionKind, GameState, Mode, Seat};
use table::tashkalar::record::{GameSpec, SeatSpec};
use table::tashkalar::ui::ArenaScreen;

const W: u16 = 120;
const H: u16 = 40;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-tuirec-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn app_with_saves(dir: &Path) -> App {
    let mut app = app(PaletteKind::Standard);
    app.saves = SaveDirs::only(dir.to_path_buf());
    app.env.ai_delay = Duration::ZERO;
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
        rules: table::tashkalar::engine::RULES_VERSION,
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

/// A random duel between two people saved in `dir` as `stem.ron`: `moves` random choices (all
/// of them, to the end, when `None`), then a resignation when `resign`. Returns the path and
/// the position reached.
fn saved_duel(
    dir: &Path,
    stem: &str,
    seed: u64,
    moves: Option<usize>,
    resign: bool,
) -> (PathBuf, GameState) {
    let seat = |name: &str| SeatSpec {
        name: name.into(),
        player: Player::Human,
        deck: "Imperial".into(),
    };
    let spec = GameSpec {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        seats: vec![seat("Blue"), seat("Red")],
        scenario: None,
        rules: table::tashkalar::engine::RULES_VERSION,
    };
    let mut game = GameState::start(&spec, seed, &db()).expect("sets up");
    let mut rng = Rng::seeded(seed);
    let (mut legal, mut texts) = (Vec::new(), Vec::new());
    while !game.is_over() && moves.is_none_or(|n| texts.len() < n) {
        game.legal(&mut legal);
        let c = legal[rng.below(legal.len() as u32) as usize];
        texts.push(game.choice_text(&c));
        game.play(c).expect("legal");
    }
    if resign {
        let c = game.resignation().expect("a duel may be given up");
        texts.push(game.choice_text(&c));
        game.play(c).expect("resigns");
    }
    let save = SaveFile::new::<GameState>(spec, seed, texts, &game);
    let path = write_new(dir, stem, &to_text(&save).expect("writes")).expect("saved");
    (path, game)
}

#[test]
fn the_saves_list_shows_who_won_with_the_scores_who_resigned_and_whose_turn_it_is() {
    let dir = temp_dir("results");
    let names = ["Blue", "Red"];
    let (_, over) = saved_duel(&dir, "a-over", 5, None, false);
    let (_, going) = saved_duel(&dir, "b-going", 7, Some(9), false);
    let (_, resigned) = saved_duel(&dir, "c-resigned", 8, Some(6), true);

    // The finished game: its winner and the scores, the winner's first, and the last turn.
    let scores = over.scores();
    let winner = (0..2).find(|&s| over.rewards()[s] > 0.0).expect("a winner");
    let won = if over.rewards().iter().all(|r| *r > 0.0) {
        format!("a draw {}-{}, turn {}", scores[0], scores[1], over.turn())
    } else {
        format!(
            "{} won {}-{}, turn {}",
            names[winner],
            scores[winner],
            scores[1 - winner],
            over.turn()
        )
    };
    let going_line = format!(
        "turn {}, {} to play",
        going.turn(),
        names[Game::to_move(&going)]
    );
    // Whoever was to move gave up.
    let gave_up = resigned
        .rewards()
        .iter()
        .position(|r| *r == 0.0)
        .expect("a loser");
    let resigned_line = format!("{} resigned, turn {}", names[gave_up], resigned.turn());

    let mut app = app_with_saves(&dir);
    press(&mut app, KeyCode::Char('3'));
    let shown = text(&render(&app, 200, H));
    for (file, line) in [
        ("a-over.ron", &won),
        ("b-going.ron", &going_line),
        ("c-resigned.ron", &resigned_line),
    ] {
        let row = shown
            .lines()
            .find(|l| l.contains(file))
            .unwrap_or_else(|| panic!("{file} listed:\n{shown}"));
        assert!(row.contains(&format!("{file} · {line} · ")), "{row}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_save_is_deleted_from_the_list_after_a_yes_with_its_lock_file_but_not_while_played() {
    use table::shell::record::lock::SaveLock;
    let dir = temp_dir("delete");
    let (keep, _) = saved_duel(&dir, "a-keep", 5, Some(4), false);
    let (gone, _) = saved_duel(&dir, "b-gone", 7, Some(4), false);
    // A lock file left behind by a crash goes with its save.
    let stale = dir.join(".b-gone.ron.lock");
    std::fs::write(&stale, "999999").expect("stale lock");
    let mut app = app_with_saves(&dir);
    press(&mut app, KeyCode::Char('3'));
    let highlighted = |app: &App| match &app.screen {
        Screen::Saves(list) => list.selected().map(|e| e.path.clone()),
        _ => None,
    };
    if highlighted(&app) != Some(gone.clone()) {
        press(&mut app, KeyCode::Down);
    }
    assert_eq!(highlighted(&app), Some(gone.clone()));
    let shown = text(&render(&app, W, H));
    assert!(
        shown.contains("d delete"),
        "the key bar offers it:\n{shown}"
    );

    // No keeps it; yes deletes it and the list goes on without it.
    press(&mut app, KeyCode::Char('d'));
    let shown = text(&render(&app, W, H));
    assert!(shown.contains("Delete b-gone.ron? y/n"), "{shown}");
    press(&mut app, KeyCode::Char('n'));
    assert!(gone.exists());
    assert!(!text(&render(&app, W, H)).contains("Delete b-gone.ron?"));
    press(&mut app, KeyCode::Delete);
    press(&mut app, KeyCode::Char('y'));
    assert!(
        !gone.exists() && !stale.exists(),
        "the save and its lock file"
    );
    let shown = text(&render(&app, W, H));
    assert!(
        !shown.contains("b-gone.ron") && shown.contains("a-keep.ron"),
        "{shown}"
    );
    assert_eq!(highlighted(&app), Some(keep.clone()));

    // A game being played is not deleted, and the player is told why.
    let lock = SaveLock::acquire(&keep).expect("locks");
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('y'));
    assert!(keep.exists());
    match &app.overlay {
        Some(Overlay::Notice(why)) => assert!(
            why.contains("not deleted: this game is open in another copy"),
            "{why}"
        ),
        other => panic!("no notice: {other:?}"),
    }
    drop(lock);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The status line (top row) of the screen.
fn status(app: &App) -> String {
    text(&render(app, W, H))
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The saved game being watched.
fn viewer(app: &App) -> &Table<ArenaScreen> {
    let t = game(app);
    assert!(
        t.replay_cursor().is_some(),
        "the replay viewer is on screen"
    );
    t
}

/// Where the replay viewer is.
fn cursor(app: &App) -> &ReplayCursor<ArenaScreen> {
    viewer(app).replay_cursor().expect("the replay viewer")
}

fn shown_hash(app: &App) -> u64 {
    viewer(app).state().state_hash()
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
    assert_eq!(
        shown_hash(&app),
        reference.state_at(0).unwrap().state_hash()
    );
    let log_at_start = viewer(&app).log().len();
    let next = cursor(&app).info.next.clone().unwrap();
    assert!(text(&render(&app, W, H)).contains(&format!("Next: {next}")));

    // One step on: the position, the counter and the log move together.
    press(&mut app, KeyCode::Right);
    assert!(status(&app).contains(&format!("decision 1/{n}")));
    assert_eq!(
        shown_hash(&app),
        reference.state_at(1).unwrap().state_hash()
    );
    let log = &viewer(&app).log();
    assert!(log.len() > log_at_start);
    let newest = log.last().unwrap().text.clone();
    assert!(text(&render(&app, W, H)).contains(&newest), "{newest}");
    // ... and one back.
    press(&mut app, KeyCode::Char('h'));
    assert!(status(&app).contains(&format!("decision 0/{n}")));
    assert_eq!(viewer(&app).log().len(), log_at_start);
    assert!(!text(&render(&app, W, H)).contains(&newest));

    // End and start.
    press(&mut app, KeyCode::End);
    let shown = text(&render(&app, W, H));
    assert!(shown.contains(&format!("decision {n}/{n}")), "{shown}");
    assert!(shown.contains("End of the record") && shown.contains("game over"));
    assert_eq!(shown_hash(&app), reference.last().state_hash());
    assert!(!hint_text(&app).contains("forward"), "{}", hint_text(&app));
    press(&mut app, KeyCode::Char('g'));
    assert_eq!(cursor(&app).pos(), 0);

    // A turn typed and Enter: the start of that turn (Esc drops what was typed).
    press(&mut app, KeyCode::Char('9'));
    assert!(
        hint_text(&app).contains("Enter jump"),
        "{}",
        hint_text(&app)
    );
    press(&mut app, KeyCode::Esc);
    assert!(game(&app).replay_cursor().is_some());
    assert!(cursor(&app).typed.is_empty());
    for c in "7".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    assert!(text(&render(&app, W, H)).contains("Jump to turn 7_"));
    press(&mut app, KeyCode::Enter);
    let turn7 = reference.first_where(|g| g.turn.number >= 7).unwrap();
    assert_eq!(cursor(&app).pos(), turn7);
    assert!(status(&app).contains("turn 7 "), "{}", status(&app));
    assert_eq!(
        shown_hash(&app),
        reference.state_at(turn7).unwrap().state_hash()
    );
    // Next and previous turn.
    press(&mut app, KeyCode::Down);
    let turn8 = reference.first_where(|g| g.turn.number >= 8).unwrap();
    assert_eq!(cursor(&app).pos(), turn8);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Up);
    assert_eq!(cursor(&app).pos(), turn8, "back to the start of this turn");
    press(&mut app, KeyCode::Char('k'));
    assert_eq!(cursor(&app).pos(), turn7, "then to the previous turn");
    // The log matches the position however it was reached.
    let jumped: Vec<String> = viewer(&app).log().iter().map(|l| l.text.clone()).collect();
    press(&mut app, KeyCode::Home);
    for _ in 0..turn7 {
        press(&mut app, KeyCode::Right);
    }
    let stepped: Vec<String> = viewer(&app).log().iter().map(|l| l.text.clone()).collect();
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
    let t = app.catalog.open(&path, true, &app.env).expect("opens");
    app.show(t);
    let bar = hint_text(&app);
    assert!(
        bar.contains("step") && bar.contains("autoplay") && bar.contains("view"),
        "{bar}"
    );
    // At 80 columns the bar drops autoplay's speed and the turn number before the ways to
    // watch as another seat and to go back.
    let small = text(&render(&app, 80, 24));
    let bottom = small.lines().last().unwrap_or_default();
    for key in ["view", "back", "help", "quit"] {
        assert!(bottom.contains(key), "{key}: {bottom}");
    }

    // A finished game is watched with every hand: the hand shown is the decider's.
    assert_eq!(cursor(&app).watch, Watch::All);
    let decider = reference.state_at(0).unwrap().decision().seat;
    let name = ["Blue", "Red"][decider.index()];
    assert!(text(&render(&app, W, H)).contains(&format!("Hand of {name}")));
    // v: one seat's view, its hand only, whoever decides.
    press(&mut app, KeyCode::Char('v'));
    assert_eq!(cursor(&app).watch, Watch::Seat(0));
    let shown = text(&render(&app, W, H));
    assert!(shown.contains("Hand of Blue"), "{shown}");
    assert!(shown.contains("Watching: Blue's view"));
    let g = viewer(&app);
    let hand: Vec<_> = g.items().iter().map(|i| i.card).collect();
    assert_eq!(
        hand,
        g.state().seat(Seat(0)).hand.iter().collect::<Vec<_>>()
    );
    press(&mut app, KeyCode::Char('v'));
    assert!(text(&render(&app, W, H)).contains("Hand of Red"));
    press(&mut app, KeyCode::Tab);
    assert_eq!(cursor(&app).watch, Watch::All);

    // Space starts autoplay: time passing steps through the game by itself.
    let t0 = Instant::now();
    press(&mut app, KeyCode::Char(' '));
    assert!(app.animating());
    assert!(text(&render(&app, W, H)).contains("Autoplay: 1 decision / 0.8 s"));
    app.tick(t0 + Duration::from_millis(100));
    assert_eq!(cursor(&app).pos(), 0, "not yet");
    app.tick(t0 + Duration::from_secs(1));
    assert_eq!(cursor(&app).pos(), 1);
    press(&mut app, KeyCode::Char('+'));
    assert!(text(&render(&app, W, H)).contains("2.5 decisions / s"));
    app.tick(t0 + Duration::from_secs(2));
    assert_eq!(cursor(&app).pos(), 2);
    // Space again stops it.
    press(&mut app, KeyCode::Char(' '));
    app.tick(t0 + Duration::from_secs(60));
    assert_eq!(cursor(&app).pos(), 2);
    assert!(!app.animating());
    // Autoplay stops by itself at the end.
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Char(' '));
    app.tick(t0 + Duration::from_secs(120));
    assert_eq!(cursor(&app).pos(), cursor(&app).len());
    assert!(!app.animating());
    // q leaves at once (nothing is being played).
    press(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
}

/// The first empty playable square.
fn empty_square(app: &App) -> table::tashkalar::engine::Square {
    let st = &game(app).state();
    arena::PLAYABLE
        .iter()
        .find(|s| st.board.get(*s).is_none())
        .expect("an empty square")
}

fn pass_gate(app: &mut App) {
    if game(app).gate().is_some() {
        press(app, KeyCode::Enter);
    }
}

/// Plays (placing pieces, ending turns) until `seat` decides a main action with two actions left.
fn until_two_actions(app: &mut App, seat: Seat) {
    for _ in 0..40 {
        pass_gate(app);
        let g = game(app);
        let d = g.model().decision.clone();
        if d.seat == seat && d.kind == DecisionKind::Action && g.state().turn.actions_left == 2 {
            return;
        }
        if g.ai_turn().is_some() {
            assert!(wait_ai(app));
            continue;
        }
        let choice = match d.kind {
            DecisionKind::Action => Choice::Place(empty_square(app)),
            _ => g.model().choices[0],
        };
        game_mut(app).apply_choice(choice).expect("legal");
    }
    panic!("{seat} never got two actions");
}

/// The save of the game on screen, as it is on disk.
fn saved(app: &App) -> Loaded<GameState> {
    let path = game(app)
        .save_path()
        .expect("the game has a save file")
        .to_path_buf();
    load::read::<GameState>(&path, &db()).expect("the save loads")
}

#[test]
fn undo_takes_back_own_decisions_of_the_turn_in_hot_seat_and_the_save_follows() {
    let dir = temp_dir("undo-hot");
    let mut app = app_with_saves(&dir);
    start(&mut app, &hot_seat(12));
    until_two_actions(&mut app, Seat(0));
    let g = game(&app);
    let (h0, n0) = (g.state().state_hash(), g.session().choices.len());
    let log0 = g.log().len();
    assert!(
        !hint_text(&app).contains("undo"),
        "nothing of this turn yet"
    );

    // A placement and a discard (returning cards is still Blue's turn), then u twice: back where
    // the turn started, log and save included.
    let a = empty_square(&app);
    game_mut(&mut app)
        .apply_choice(Choice::Place(a))
        .expect("place");
    let h1 = game(&app).state().state_hash();
    assert!(hint_text(&app).contains("u undo"), "{}", hint_text(&app));
    let discard = game(&app)
        .model()
        .choices
        .iter()
        .find(|c| matches!(c, Choice::Discard(_)))
        .copied()
        .expect("a card to discard");
    game_mut(&mut app).apply_choice(discard).expect("discard");
    let g = game(&app);
    assert_eq!(g.state().decision().seat, Seat(0), "still Blue's turn");
    assert_eq!(g.model().decision.kind, DecisionKind::ReturnCards);
    assert_eq!(saved(&app).choices.len(), n0 + 2);
    press(&mut app, KeyCode::Char('u'));
    let g = game(&app);
    assert_eq!(g.state().state_hash(), h1);
    assert!(g.gate().is_none(), "no hand-over screen for one's own undo");
    assert!(text(&render(&app, W, H)).contains("Took back 1 decision"));
    assert_eq!(saved(&app).end.state_hash(), h1);
    press(&mut app, KeyCode::Char('u'));
    let g = game(&app);
    assert_eq!(g.state().state_hash(), h0);
    assert_eq!(g.log().len(), log0);
    assert!(g.state().board.get(a).is_none());
    let on_disk = saved(&app);
    assert_eq!(on_disk.choices.len(), n0);
    assert_eq!(on_disk.end.state_hash(), h0);
    // Nothing more: the turn's start is as far as undo goes.
    press(&mut app, KeyCode::Char('u'));
    let g = game(&app);
    assert_eq!(g.state().state_hash(), h0);
    let note = g.note().cloned().expect("a reason");
    assert!(note.text.contains("Nothing to take back"), "{}", note.text);

    // Red's turn: Blue's decisions (and the draw that ended Blue's turn) are not Red's to undo.
    until_two_actions(&mut app, Seat(1));
    let h = game(&app).state().state_hash();
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(game(&app).state().state_hash(), h);
    assert!(!hint_text(&app).contains("undo"));
}

#[test]
fn undo_against_the_ai_stops_at_the_turn_start_and_after_a_draw() {
    let dir = temp_dir("undo-ai");
    let mut app = app_with_saves(&dir);
    let bot = table::shell::ai::BOT_NAMES[0].to_string();
    start(
        &mut app,
        &duel(31, vec![SeatKind::Human, SeatKind::Bot(bot)]),
    );
    until_two_actions(&mut app, Seat(0));
    let h0 = game(&app).state().state_hash();
    {
        let e = empty_square(&app);
        game_mut(&mut app).apply_choice(Choice::Place(e))
    }
    .expect("place");
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(game(&app).state().state_hash(), h0);
    // Blue ends the turn (drawing cards), the AI plays its turn: none of that can be taken back.
    until_two_actions(&mut app, Seat(0));
    let g = game(&app);
    assert!(g.session().steps.last().is_some_and(|s| s.barrier));
    let h = g.state().state_hash();
    assert!(!hint_text(&app).contains("undo"));
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(game(&app).state().state_hash(), h);

    // A discard draws nothing but returns cards to the deck: that can be taken back, while the
    // cards a flare or an effect might draw could not.
    let g = game(&app);
    if let Some(discard) = g
        .model()
        .choices
        .iter()
        .find(|c| matches!(c, Choice::Discard(_)))
        .copied()
    {
        let before = g.state().state_hash();
        game_mut(&mut app).apply_choice(discard).expect("discard");
        press(&mut app, KeyCode::Char('u'));
        assert_eq!(game(&app).state().state_hash(), before);
    }
}

#[test]
fn a_game_whose_program_was_killed_continues_from_the_menu_where_it_stopped() {
    let dir = temp_dir("continue");
    let (hash, choices, path) = {
        let mut app = app_with_saves(&dir);
        let bot = table::shell::ai::BOT_NAMES[0].to_string();
        start(
            &mut app,
            &duel(44, vec![SeatKind::Human, SeatKind::Bot(bot)]),
        );
        until_two_actions(&mut app, Seat(0));
        until_two_actions(&mut app, Seat(0));
        {
            let e = empty_square(&app);
            game_mut(&mut app).apply_choice(Choice::Place(e))
        }
        .expect("place");
        let g = game(&app);
        let path = game(&app).save_path().unwrap();
        (
            g.state().state_hash(),
            g.session().choices.len(),
            path.to_path_buf(),
        )
        // The app is dropped here without quitting: nothing but the autosave remains.
    };
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.ends_with("-deathmatch.ron"), "{name}");
    let mut app = app_with_saves(&dir);
    press(&mut app, KeyCode::Char('2'));
    let g = game(&app);
    assert_eq!(g.state().state_hash(), hash);
    assert_eq!(g.session().choices.len(), choices);
    assert!(g.session().seats.is_human(Seat(0)) && !g.session().seats.is_human(Seat(1)));
    assert!(text(&render(&app, W, H)).contains("Continued from"));
    // The log names the save by its file's name, not its full path (issue 50).
    assert!(
        g.log()
            .iter()
            .any(|l| l.text == format!("Continued from {name}")),
        "{:?}",
        g.log().iter().map(|l| &l.text).collect::<Vec<_>>()
    );
    // Play goes on into the same file.
    {
        let e = empty_square(&app);
        game_mut(&mut app).apply_choice(Choice::Place(e))
    }
    .expect("place");
    assert_eq!(game(&app).save_path(), Some(path.as_path()));
    assert_eq!(saved(&app).choices.len(), choices + 1);
    // The Load list offers it too, with whose turn it is.
    app.to_menu();
    press(&mut app, KeyCode::Char('3'));
    let shown = text(&render(&app, W, H));
    assert!(
        shown.contains(&name) && shown.contains(" to play · "),
        "{shown}"
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(game(&app).session().choices.len(), choices + 1);
}

/// The words of a text, without the separators and markers that wrapping moves about.
fn words(text: &str) -> String {
    text.replace(['│', '┃', '▸'], " ")
        .split_whitespace()
        .filter(|w| *w != "·")
        .collect::<Vec<_>>()
        .join(" ")
}

/// A four-player game of random people, `moves` choices in, saved in `dir` as `stem.ron`.
fn saved_melee(dir: &Path, stem: &str, moves: usize) -> PathBuf {
    let seat = |name: &str| SeatSpec {
        name: name.into(),
        player: Player::Bot("random".into()),
        deck: "Imperial".into(),
    };
    let spec = GameSpec {
        mode: Mode::Deathmatch,
        players: 4,
        teams: false,
        seats: ["Blue", "Red", "Green", "Yellow"].map(seat).to_vec(),
        scenario: None,
        rules: table::tashkalar::engine::RULES_VERSION,
    };
    let mut game = GameState::start(&spec, 3, &db()).expect("sets up");
    let mut rng = Rng::seeded(3);
    let (mut legal, mut texts) = (Vec::new(), Vec::new());
    while texts.len() < moves {
        game.legal(&mut legal);
        let c = legal[rng.below(legal.len() as u32) as usize];
        texts.push(game.choice_text(&c));
        game.play(c).expect("legal");
    }
    let save = SaveFile::new::<GameState>(spec, 3, texts, &game);
    write_new(dir, stem, &to_text(&save).expect("writes")).expect("saved")
}

#[test]
fn the_saves_list_and_the_replay_header_are_never_cut() {
    let dir = temp_dir("uncut");
    let long = "2026-11-28T23-48-26-deathmatch-seed2";
    saved_melee(&dir, long, 12);
    saved_duel(&dir, "2026-11-28T23-00-00-deathmatch", 5, Some(4), false);
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let mut app = app_with_saves(&dir);
        press(&mut app, KeyCode::Char('3'));
        let Screen::Saves(list) = &app.screen else {
            panic!("the Load list is shown");
        };
        let summaries: Vec<String> = list.entries.iter().map(|e| e.summary.clone()).collect();
        assert_eq!(summaries.len(), 2);
        assert!(
            summaries
                .iter()
                .any(|s| s.contains("Blue (random) vs Red (random) vs Green")),
            "{summaries:?}"
        );
        // Every entry is on screen whole, its parts wrapped onto more rows where they do not fit.
        let buf = render(&app, w, h);
        let shown = text(&buf);
        for summary in &summaries {
            assert!(
                words(&shown).contains(&words(summary)),
                "at {w}x{h}, {summary}:\n{shown}"
            );
        }
        // A click on the last row of an entry picks that entry (here: the four-player game,
        // still in progress: it is played on).
        let (x, y) = find(&buf, &format!("{long}.ron")).expect("the file is listed");
        let last = (y..h)
            .find(|&r| {
                shown
                    .lines()
                    .nth(r as usize)
                    .is_some_and(|l| l.contains("12 decisions"))
            })
            .expect("the entry ends on screen");
        if w < 200 {
            assert!(
                last > y,
                "at {w}x{h}: the entry goes on under its name:\n{shown}"
            );
        }
        click(&mut app, x, last, w, h);
        assert_eq!(
            game(&app).session().choices.len(),
            12,
            "at {w}x{h}: the four-player game is opened"
        );
    }
    // The replay header: where the record is, whole, with the file's name only where it fits;
    // the replay panel names the file at every size.
    let path = dir.join(format!("{long}.ron"));
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let mut app = app_with_saves(&dir);
        press(&mut app, KeyCode::Char('4'));
        let Screen::Saves(list) = &app.screen else {
            panic!("the Replay list is shown");
        };
        let i = list
            .entries
            .iter()
            .position(|e| e.path == path)
            .expect("listed");
        for _ in 0..i {
            press(&mut app, KeyCode::Down);
        }
        press(&mut app, KeyCode::Enter);
        let shown = text(&render(&app, w, h));
        let header = shown
            .lines()
            .next()
            .unwrap_or_default()
            .trim_end()
            .to_string();
        assert!(
            header.ends_with(&format!(" · replay {long}.ron · decision 0/12"))
                || header.ends_with(" · replay · decision 0/12")
                || header.ends_with(" · replay"),
            "at {w}x{h}: {header}"
        );
        if w >= 200 {
            assert!(header.contains(&format!("{long}.ron")), "{header}");
        }
        let panel: String = shown
            .lines()
            .map(|l| l.split('│').nth(1).unwrap_or_default().trim_end())
            .collect::<Vec<_>>()
            .join("");
        assert!(
            panel.contains(&format!("File:{long}.ron"))
                || panel.contains(&format!("File: {long}.ron")),
            "at {w}x{h}:\n{shown}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
