//! A file never starts a program: a save whose seat names an outside program (`cmd:PROGRAM`)
//! opens with that seat empty (played at the keyboard), with a notice naming what the file asked
//! for, by every way a save is opened: the menu's Continue and Load, `play --continue`, the
//! replay viewer and `replay --verify`. For every game of the table, since it is the shell that
//! turns a file's seats into players.

mod support;

use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use support::{db, press, render, text};
use table::shell::record::save::{to_text, write_new};
use table::shell::record::{Recordable, SaveFile};
use table::shell::seats::SeatKind;
use table::shell::tui::app::{App, SaveDirs};
use table::shell::tui::catalog::Catalog;
use table::shell::tui::table::TableEnv;
use table::shell::tui::theme::PaletteKind;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-noprog-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn both_games() -> Catalog {
    Catalog {
        games: vec![
            Box::new(table::tashkalar::entry(db())),
            Box::new(table::highground::entry()),
        ],
    }
}

/// What a crafted save asks to run: a program that leaves a mark when it starts.
fn program(marker: &Path) -> SeatKind {
    SeatKind::Bot(format!("cmd:touch {}", marker.display()))
}

/// A Tash-Kalar duel not yet begun whose first seat (the one to move) is `first`.
fn tashkalar_save(dir: &Path, first: SeatKind) -> PathBuf {
    use table::tashkalar::engine::{GameState, Mode, RULES_VERSION};
    use table::tashkalar::record::{GameSpec, SeatSpec};
    let seat = |name: &str, player| SeatSpec {
        name: name.into(),
        player,
        deck: "Imperial".into(),
    };
    let spec = GameSpec {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        rules: RULES_VERSION,
        seats: vec![seat("Blue", first), seat("Red", SeatKind::Human)],
        scenario: None,
    };
    let start = GameState::start(&spec, 7, &db()).expect("deals");
    let save = SaveFile::new::<GameState>(spec, 7, Vec::new(), &start);
    write_new(dir, "crafted-tk", &to_text(&save).expect("writes")).expect("saved")
}

/// A High Ground game not yet begun whose first seat is `first`.
fn highground_save(dir: &Path, first: SeatKind) -> PathBuf {
    use table::highground::HighGround;
    use table::highground::record::{SeatSpec, Spec};
    let spec = Spec {
        variant: Default::default(),
        players: 2,
        rules: table::highground::record::RULES_VERSION,
        seats: vec![
            SeatSpec {
                name: "Red".into(),
                player: first,
            },
            SeatSpec {
                name: "Blue".into(),
                player: SeatKind::Human,
            },
        ],
        position: None,
    };
    let start = HighGround::start(&spec, 7, &()).expect("deals");
    let save = SaveFile::new::<HighGround>(spec, 7, Vec::new(), &start);
    write_new(dir, "crafted-hg", &to_text(&save).expect("writes")).expect("saved")
}

/// Lets the table run as it would on screen for a while (long enough for a bot of the seat to
/// move to have started its program), then says whether the program left its mark.
fn started(app: &mut App, marker: &Path) -> bool {
    let until = Instant::now() + Duration::from_millis(800);
    while Instant::now() < until {
        app.tick(Instant::now());
        if marker.exists() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    marker.exists()
}

fn app_on(dir: &Path) -> App {
    let mut app = App::new(both_games(), PaletteKind::Standard);
    app.saves = SaveDirs::only(dir.to_path_buf());
    app.env.ai_delay = Duration::ZERO;
    app
}

#[test]
fn continue_from_the_menu_leaves_the_programs_seat_empty_and_says_so() {
    for (name, make) in [
        ("tk", tashkalar_save as fn(&Path, SeatKind) -> PathBuf),
        ("hg", highground_save),
    ] {
        let dir = temp_dir(&format!("menu-{name}"));
        let marker = dir.join("started");
        make(&dir, program(&marker));
        let mut app = app_on(&dir);
        // The menu's Continue (the first game's menu: Continue takes the last game of any).
        press(&mut app, KeyCode::Char('1'));
        press(&mut app, KeyCode::Char('2'));
        let shown = text(&render(&app, 200, 60));
        assert!(!started(&mut app, &marker), "{name}: a program was started");
        assert!(
            shown.contains("asks for an outside program"),
            "{name}: no notice:\n{shown}"
        );
        // The menu's Load opens it the same way.
        app.to_menu();
        press(&mut app, KeyCode::Char('3'));
        press(&mut app, KeyCode::Enter);
        assert!(
            !started(&mut app, &marker),
            "{name}: Load started a program"
        );
    }
}

#[test]
fn the_seat_is_played_at_the_keyboard_and_saved_so() {
    let dir = temp_dir("seats");
    let marker = dir.join("started");
    let path = tashkalar_save(&dir, program(&marker));
    let table = both_games()
        .open(&path, false, &TableEnv::default())
        .expect("opens");
    drop(table);
    assert!(!marker.exists());
    // Played on, the save records the seat as the keyboard's: the program is named nowhere.
    let mut app = app_on(&dir);
    press(&mut app, KeyCode::Char('1'));
    press(&mut app, KeyCode::Char('2'));
    assert!(!started(&mut app, &marker));
    let table = app
        .table::<table::tashkalar::ui::ArenaScreen>()
        .expect("the game is on the table");
    assert!(table.session().seats.is_human(0usize));
    let log: Vec<&str> = table
        .session()
        .log
        .iter()
        .map(|l| l.text.as_str())
        .collect();
    assert!(
        log.iter().any(
            |l| l.starts_with("The save asks for an outside program at Blue's seat")
                && l.contains("--ai 1=LEVEL")
        ),
        "{log:?}"
    );
}

#[test]
fn continue_may_name_who_plays_the_emptied_seat() {
    let dir = temp_dir("fill");
    let marker = dir.join("started");
    let path = highground_save(&dir, program(&marker));
    let env = TableEnv {
        resume_seats: vec![
            (0, SeatKind::Bot("random".into())),
            (1, SeatKind::Bot("greedy".into())),
        ],
        ..TableEnv::default()
    };
    let table = both_games().open(&path, false, &env).expect("opens");
    let mut app = app_on(&dir);
    app.show(table);
    // The bots named now play (a first decision is made), and no program starts.
    let until = Instant::now() + Duration::from_secs(5);
    while std::fs::read_to_string(&path).is_ok_and(|t| t.contains("choices: []")) {
        assert!(Instant::now() < until, "the seat's bot never played");
        app.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!marker.exists());
    let saved = std::fs::read_to_string(&path).expect("reads");
    assert!(
        saved.contains("Bot(\"random\")")
            && saved.contains("Bot(\"greedy\")")
            && !saved.contains("cmd:"),
        "{saved}"
    );
    // A seat the game lacks is refused in one line.
    let env = TableEnv {
        resume_seats: vec![(3, SeatKind::Human)],
        ..TableEnv::default()
    };
    drop(app);
    let refused = both_games()
        .open(&path, false, &env)
        .err()
        .map(|e| e.to_string());
    assert!(
        refused.as_deref().is_some_and(|e| e.contains("--ai 4")),
        "{refused:?}"
    );
}

#[test]
fn replay_and_verify_start_no_program() {
    let bin = env!("CARGO_BIN_EXE_tashkalar");
    for (name, make) in [
        ("tk", tashkalar_save as fn(&Path, SeatKind) -> PathBuf),
        ("hg", highground_save),
    ] {
        let dir = temp_dir(&format!("verify-{name}"));
        let marker = dir.join("started");
        let path = make(&dir, program(&marker));
        let out = Command::new(bin)
            .args(["replay", "--verify"])
            .arg(&path)
            .output()
            .expect("runs");
        assert!(out.status.success(), "{name}: {out:?}");
        assert!(String::from_utf8_lossy(&out.stdout).starts_with("ok "));
        // The viewer, as `replay FILE` opens it.
        let table = both_games()
            .open(&path, true, &TableEnv::default())
            .expect("opens");
        let mut app = app_on(&dir);
        app.show(table);
        assert!(!started(&mut app, &marker), "{name}");
    }
}
