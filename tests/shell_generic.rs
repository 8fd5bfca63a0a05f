//! The shell is generic: a second game (Nim, defined in this test crate) plays through the same
//! tournaments, saves, verification, replay viewer and terminal front end as Tash-Kalar, with no
//! change to the shell; and no module of the shell names a game.

mod nim;
mod support;

use nim::{Nim, NimScreen};
use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};
use support::{press, render, text};
use table::shell::game::Game;
use table::shell::record::save::{to_text, write_new};
use table::shell::record::{SaveFile, load};
use table::shell::seats::SeatKind;
use table::shell::sim::{self, Pairing, rotation};
use table::shell::tui::app::{App, SaveDirs, Screen};
use table::shell::tui::catalog::Catalog;
use table::shell::tui::keymap::Context;
use table::shell::tui::theme::PaletteKind;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("table-generic-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The table with Nim beside Tash-Kalar.
fn catalog() -> Catalog {
    Catalog {
        games: vec![
            Box::new(table::tashkalar::entry(support::db())),
            Box::new(nim::entry()),
        ],
    }
}

#[test]
fn no_module_of_the_shell_names_a_game() {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("src/shell").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(Path::new("src/shell"), &mut files);
    assert!(files.len() > 20, "the shell's files are found");
    // Every game module of the crate, as it sits next to the shell.
    let games: Vec<String> = std::fs::read_dir("src")
        .expect("src")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && !p.ends_with("shell"))
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    assert!(games.contains(&"tashkalar".to_string()));
    for file in files {
        let code = std::fs::read_to_string(&file).expect("readable");
        for game in &games {
            assert!(
                !code.contains(&format!("{game}::")),
                "{} names the game module `{game}`",
                file.display()
            );
        }
    }
}

#[test]
fn a_tournament_of_nim_is_played_and_its_games_save_and_verify() {
    let bots = vec!["greedy".to_string(), "mcts:easy".to_string()];
    let games: Vec<Pairing<nim::NimSpec>> = (0..6)
        .map(|i| {
            let seat_bots = rotation(&bots, 2, i);
            let kinds: Vec<SeatKind> = seat_bots.iter().map(|b| SeatKind::Bot(b.clone())).collect();
            Pairing {
                index: i,
                seed: 40 + u64::from(i),
                spec: nim::spec(vec![3, 4, 5], &kinds),
                bots: seat_bots,
            }
        })
        .collect();
    let dir = temp_dir("sim");
    let mut saved = Vec::new();
    let report = sim::run::<Nim>(&(), &games, &bots, 2, |g| {
        let start = <Nim as table::shell::record::Recordable>::start(&g.pairing.spec, 0, &())
            .expect("starts");
        let texts =
            table::shell::record::replay::notation(start, &g.played.choices).expect("replays");
        let save =
            SaveFile::new::<Nim>(g.pairing.spec.clone(), g.pairing.seed, texts, &g.played.end);
        let path = write_new(&dir, "nim", &to_text(&save).expect("writes")).expect("saved");
        saved.push((path, g.played.end.state_hash()));
    })
    .expect("runs");
    assert_eq!(report.games, 6);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.bot_stats.iter().map(|b| b.games).sum::<u32>(), 12);
    // Every save is found, verified and opened through the catalog, which knows its game from
    // its format alone.
    let catalog = catalog();
    let listed = catalog.list(std::slice::from_ref(&dir)).expect("lists");
    assert_eq!(listed.len(), 6);
    assert!(
        listed.iter().all(|e| e.summary.contains("Nim with heaps")),
        "{listed:?}"
    );
    for (path, hash) in saved {
        let (game, verified) = catalog.verify(&path).expect("verifies");
        assert_eq!(game.title(), "Nim");
        assert_eq!(verified, hash);
        let loaded = load::read::<Nim>(&path, &()).expect("loads");
        assert!(loaded.end.is_over());
    }
}

#[test]
fn nim_is_played_in_the_terminal_front_end_saved_continued_and_replayed() {
    let dir = temp_dir("tui");
    let mut app = App::new(catalog(), PaletteKind::Standard);
    app.saves = SaveDirs::only(dir.clone());
    // With two games, the table asks which first.
    assert_eq!(app.context(), Context::Games);
    let shown = text(&render(&app, 80, 24));
    assert!(
        shown.contains("Which game?") && shown.contains("Nim"),
        "{shown}"
    );
    press(&mut app, KeyCode::Char('2'));
    assert!(text(&render(&app, 80, 24)).contains("NIM"));
    // New game: both seats people (seat 2 starts as the AI).
    press(&mut app, KeyCode::Enter);
    assert!(text(&render(&app, 80, 24)).contains("New game of Nim"));
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains("Seat 2 (Right)"), "{shown}");
    while !text(&render(&app, 80, 24))
        .lines()
        .find(|l| l.contains("Seat 2"))
        .is_some_and(|l| l.contains("a person"))
    {
        press(&mut app, KeyCode::Right);
    }
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    // Two people at one keyboard: the shell's pass screen comes first.
    assert_eq!(app.context(), Context::PassTo);
    assert!(text(&render(&app, 80, 24)).contains("Pass the keyboard to"));
    press(&mut app, KeyCode::Enter);
    let nim = |app: &App| {
        app.table::<NimScreen>()
            .expect("Nim on the table")
            .game()
            .clone()
    };
    assert_eq!(nim(&app).heaps, vec![2, 3, 4]);
    // Take 2 from heap 1 with the game's own keys; the turn passes.
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Enter);
    assert_eq!(nim(&app).heaps, vec![0, 3, 4]);
    assert!(text(&render(&app, 80, 24)).contains("Pass the keyboard to"));
    press(&mut app, KeyCode::Enter);
    // Right's turn: the list of every choice (a shell feature) plays one.
    press(&mut app, KeyCode::Char('c'));
    assert_eq!(app.context(), Context::Popup);
    assert!(text(&render(&app, 80, 24)).contains("take 1 from heap 2"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(nim(&app).heaps, vec![0, 2, 4]);
    let path = app
        .table::<NimScreen>()
        .and_then(|t| t.save_path())
        .expect("saved")
        .to_path_buf();
    // The program "dies" (and with it its lock on the game): Continue in a new app finds the
    // Nim game and goes on.
    drop(app);
    let mut app = App::new(catalog(), PaletteKind::Standard);
    app.saves = SaveDirs::only(dir.clone());
    press(&mut app, KeyCode::Enter); // Tash-Kalar's menu, say
    press(&mut app, KeyCode::Char('2')); // Continue: any game of the table
    assert_eq!(nim(&app).heaps, vec![0, 2, 4]);
    assert!(text(&render(&app, 80, 24)).contains("Continued from"));
    // Play it out from the list of choices.
    for _ in 0..10 {
        if nim(&app).is_over() {
            break;
        }
        if app.context() == Context::PassTo {
            press(&mut app, KeyCode::Enter);
        }
        let t = app.table_mut::<NimScreen>().expect("Nim");
        let mut legal = Vec::new();
        t.game().legal(&mut legal);
        let biggest = *legal.iter().max_by_key(|t| t.count).expect("a take");
        t.apply_choice(biggest).expect("legal");
    }
    assert!(nim(&app).is_over());
    assert_eq!(app.context(), Context::GameOver);
    assert!(text(&render(&app, 80, 24)).contains("wins"));
    // The finished game replays in the shell's viewer.
    let watched = app.catalog.open(&path, true, &app.env).expect("opens");
    app.show(watched);
    assert_eq!(app.context(), Context::Replay);
    press(&mut app, KeyCode::End);
    assert!(text(&render(&app, 80, 24)).contains("wins"));
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::Menu));
}
