//! One set-up check: player count, form, teams and decks are validated in one place in the engine
//! (`GameConfig::validate`, a typed `SetupError`), and `play`, `sim`, scenario files and saves all
//! refuse the same games with one clear line, before any game is played.

mod common;
use common::*;
use std::path::PathBuf;
use std::process::{Command, Output};
use table::tashkalar::engine::scenario::Scenario;
use table::tashkalar::engine::setup::{SetupError, seatings};
use table::tashkalar::engine::{GameConfig, GameState, Mode};

fn config(mode: Mode, players: u8, teams: bool) -> GameConfig {
    GameConfig {
        mode,
        players,
        teams,
        decks: vec!["Imperial".into(); players as usize],
    }
}

#[test]
fn the_engine_names_what_is_wrong_with_a_set_up() {
    let db = db();
    let check = |c: GameConfig| c.validate(&db);
    assert_eq!(
        check(config(Mode::Deathmatch, 5, false)),
        Err(SetupError::Players(5))
    );
    assert_eq!(
        check(config(Mode::Deathmatch, 3, true)),
        Err(SetupError::TeamsNeedFour(3))
    );
    assert_eq!(
        check(config(Mode::HighForm, 3, false)),
        Err(SetupError::HighFormForThree)
    );
    assert_eq!(
        check(config(Mode::HighForm, 4, false)),
        Err(SetupError::HighFormFourNeedsTeams),
        "4-player High Form exists only as 2 vs 2"
    );
    let mut odd = config(Mode::Deathmatch, 2, false);
    odd.decks = vec!["Imperial".into(), "Nowhere".into()];
    assert!(matches!(check(odd), Err(SetupError::UnknownDeck { name, .. }) if name == "Nowhere"));
    let mut short = config(Mode::Deathmatch, 3, false);
    short.decks.pop();
    assert_eq!(
        check(short),
        Err(SetupError::DeckCount {
            decks: 2,
            players: 3
        })
    );
    assert_eq!(check(config(Mode::Deathmatch, 4, true)), Ok(()));
    assert_eq!(check(config(Mode::HighForm, 4, true)), Ok(()));
    // A new game goes through the same check.
    let refused = GameState::new_game(db.clone(), config(Mode::HighForm, 4, false), 1);
    assert_eq!(refused.err(), Some(SetupError::HighFormFourNeedsTeams));
}

#[test]
fn high_form_without_task_cards_is_refused() {
    let files: Vec<(String, String)> = table::tashkalar::engine::cards::BUILTIN
        .iter()
        .filter(|(name, _)| !name.contains("tasks"))
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    let db = table::tashkalar::engine::CardDb::from_sources(files).expect("cards without tasks");
    assert_eq!(
        config(Mode::HighForm, 2, false).validate(&db),
        Err(SetupError::TooFewTasks(0))
    );
    assert_eq!(config(Mode::Deathmatch, 2, false).validate(&db), Ok(()));
}

#[test]
fn every_offered_seating_deals_a_game() {
    for mode in [Mode::HighForm, Mode::Deathmatch] {
        for s in seatings(mode) {
            let g = GameState::new_game(db(), config(mode, s.players, s.teams), 3)
                .unwrap_or_else(|e| panic!("{mode:?} {s:?}: {e}"));
            assert_eq!(g.colours(), if s.teams { 2 } else { s.players as usize });
        }
    }
}

#[test]
fn scenario_files_are_checked_the_same_way() {
    let refused = |text: &str| {
        Scenario::parse(text)
            .expect("parses")
            .into_state(db())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert_eq!(
        refused("(mode: HighForm, players: 4)"),
        SetupError::HighFormFourNeedsTeams.to_string()
    );
    assert_eq!(
        refused("(players: 2, teams: true)"),
        SetupError::TeamsNeedFour(2).to_string()
    );
    assert!(refused(r#"(decks: ["Imperial", "Nowhere"])"#).starts_with("unknown deck `Nowhere`"));
}

fn tashkalar(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tashkalar"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A card directory with every built-in file but the tasks.
fn cards_without_tasks() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-setup-{}-cards", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (name, text) in table::tashkalar::engine::cards::BUILTIN {
        if !name.contains("tasks") {
            let file = std::path::Path::new(name).file_name().expect("a file name");
            std::fs::write(dir.join(file), text).expect("write a card file");
        }
    }
    dir
}

#[test]
fn the_command_line_refuses_impossible_games_in_one_line_before_playing() {
    let no_tasks = cards_without_tasks();
    let no_tasks = no_tasks.to_str().expect("utf-8 path");
    let cases: &[(&[&str], &str)] = &[
        (
            &["sim", "--mode", "high-form", "--players", "4"],
            "High Form for 4 players is only played as two teams of 2: add --teams",
        ),
        (
            &["sim", "--players", "3", "--teams"],
            "--teams: the team game is two teams of 2: it needs 4 players, not 3",
        ),
        (
            &["sim", "--players", "2", "--bots", "random,greedy,random"],
            "--bots names 3 bots for 2 seats",
        ),
        (
            &["sim", "--decks", "Nowhere"],
            "unknown deck `Nowhere` (known: Imperial",
        ),
        (
            &["sim", "--players", "5"],
            "5 players: Tash-Kalar is for 2 to 4 players",
        ),
        (
            &["--cards", no_tasks, "sim", "--mode", "high-form"],
            "High Form needs at least 4 task cards, and none are loaded",
        ),
        (
            &["play", "--mode", "high-form", "--players", "4"],
            "add --teams",
        ),
        (&["play", "--players", "2", "--teams"], "needs 4 players"),
        (&["play", "--decks", "Nowhere"], "unknown deck `Nowhere`"),
        (
            &["--cards", no_tasks, "play", "--mode", "high-form"],
            "High Form needs at least 4 task cards",
        ),
    ];
    for (args, expected) in cases {
        let out = tashkalar(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}: no game was played");
    }
}

#[test]
fn sim_plays_team_deathmatch() {
    let out = tashkalar(&[
        "sim",
        "--mode",
        "deathmatch",
        "--players",
        "4",
        "--teams",
        "--games",
        "6",
        "--bots",
        "random,greedy",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("one JSON document on stdout");
    assert_eq!(doc["games"], 6);
    assert_eq!(doc["errors"], 0);
}

#[test]
fn the_menu_offers_team_deathmatch() {
    use table::shell::tui::catalog::{FormRow, SetupForm};
    use table::tashkalar::ui::setup::TkSetup;
    let db = db();
    let mut form = TkSetup::new(db.clone());
    let players_row = 1;
    let mut offered = Vec::new();
    for _ in 0..seatings(Mode::Deathmatch).len() {
        offered.push((form.players, form.teams));
        form.change(players_row, 1).expect("a seating");
    }
    assert_eq!(offered, [(2, false), (3, false), (4, false), (4, true)]);
    form.change(players_row, -1).expect("a seating");
    assert!(matches!(
        &form.rows()[players_row],
        FormRow::Option { value, .. } if value == "4 (two teams)"
    ));
    let seats = vec![table::shell::seats::SeatKind::Human; form.players()];
    let table = form
        .start(&seats, 3, None, &Default::default())
        .expect("deals");
    let state = table
        .as_any()
        .downcast_ref::<table::shell::tui::table::Table<table::tashkalar::ui::ArenaScreen>>()
        .expect("a game of Tash-Kalar")
        .game();
    assert!(state.config.teams && state.config.mode == Mode::Deathmatch);
}
