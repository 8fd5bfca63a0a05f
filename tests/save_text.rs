//! Issue 51: every save the program writes loads again, whatever a file let into it. A seat
//! name is read from saves and scenario files with RON's escapes (`"A\u{0}B"`), so it may hold
//! a NUL or any other control character; the save writer (which writes strings unescaped, for
//! readable scenarios) must still write a file that reads back to the same game, for both
//! games. And temporary files left by a `kill -9` mid-write are cleared away.

use std::path::PathBuf;
use std::sync::Arc;
use table::highground::HighGround;
use table::highground::record::{SeatSpec as HgSeat, Spec as HgSpec};
use table::shell::game::Game;
use table::shell::record::save::{to_text, write_new};
use table::shell::record::{Recordable, SaveFile};
use table::shell::rng::Rng;
use table::shell::seats::SeatKind;
use table::shell::tui::catalog::Catalog;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::{GameState, Mode};
use table::tashkalar::record::{GameSpec, SeatSpec};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-text-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Names no person would type but a file can hold: every control character of ASCII, DEL, C1
/// controls, a byte-order mark, line and paragraph separators, RON's own quote and raw-string
/// marks, and a string ending in a backslash.
fn hostile_names() -> Vec<String> {
    let mut names: Vec<String> = (0u8..0x20)
        .map(|c| format!("A{}B", char::from(c)))
        .collect();
    names.extend(
        [
            "\u{7f}",
            "\u{85}",
            "\u{9b}[2J",
            "\u{feff}",
            "\u{2028}",
            "\u{2029}",
            "\"#",
            "r#\"",
            "\"##",
            "end\\",
            "\u{1b}]0;pwned\u{7}",
            "",
        ]
        .map(String::from),
    );
    names
}

/// Plays `decisions` random decisions of `game`; their texts.
fn play<G: Game>(game: &mut G, decisions: usize) -> Vec<String> {
    let mut rng = Rng::seeded(5);
    let mut legal = Vec::new();
    let mut texts = Vec::new();
    while texts.len() < decisions && !game.is_over() {
        game.legal(&mut legal);
        let c = legal[rng.below(legal.len() as u32) as usize];
        texts.push(game.choice_text(&c));
        game.play(c).expect("legal");
    }
    texts
}

#[test]
fn a_tash_kalar_save_with_any_seat_name_loads_again() {
    let db = Arc::new(CardDb::builtin().expect("built-in cards"));
    let catalog = Catalog {
        games: vec![Box::new(table::tashkalar::entry(db.clone()))],
    };
    let dir = temp_dir("tk");
    for name in hostile_names() {
        let spec = GameSpec {
            mode: Mode::Deathmatch,
            players: 2,
            teams: false,
            rules: table::tashkalar::engine::RULES_VERSION,
            seats: vec![
                SeatSpec {
                    name: name.clone(),
                    player: SeatKind::Human,
                    deck: "Imperial".into(),
                },
                SeatSpec {
                    name: "Red".into(),
                    player: SeatKind::Bot("random".into()),
                    deck: "Imperial".into(),
                },
            ],
            scenario: None,
        };
        let mut game = GameState::start(&spec, 5, &db).expect("deals");
        let texts = play(&mut game, 6);
        let save = SaveFile::new::<GameState>(spec.clone(), 5, texts, &game);
        let text = to_text(&save).expect("text");
        let path = write_new(&dir, "game", &text).expect("written");
        catalog
            .verify(&path)
            .unwrap_or_else(|e| panic!("the save of seat name {name:?} does not load: {e}"));
        let back: SaveFile<GameSpec> = table::tashkalar::engine::cards::ron_options()
            .from_str(&text)
            .unwrap_or_else(|e| panic!("{name:?}: {e}"));
        assert_eq!(
            back.game.seats[0].name, name,
            "the name reads back the same"
        );
        let _ = std::fs::remove_file(&path);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_high_ground_save_with_any_seat_name_loads_again() {
    let catalog = Catalog {
        games: vec![Box::new(table::highground::entry())],
    };
    let dir = temp_dir("hg");
    for name in hostile_names() {
        let spec = HgSpec {
            variant: Default::default(),
            players: 2,
            rules: table::highground::record::RULES_VERSION,
            seats: vec![
                HgSeat {
                    name: name.clone(),
                    player: SeatKind::Human,
                },
                HgSeat {
                    name: "Red".into(),
                    player: SeatKind::Bot("random".into()),
                },
            ],
            position: None,
        };
        let mut game = HighGround::start(&spec, 5, &()).expect("sets up");
        let texts = play(&mut game, 6);
        let save = SaveFile::new::<HighGround>(spec.clone(), 5, texts, &game);
        let text = to_text(&save).expect("text");
        let path = write_new(&dir, "game", &text).expect("written");
        catalog
            .verify(&path)
            .unwrap_or_else(|e| panic!("the save of seat name {name:?} does not load: {e}"));
        let _ = std::fs::remove_file(&path);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_deleted_lock_file_does_not_let_a_second_copy_overwrite_the_game() {
    use table::shell::record::lock::{LockError, SaveLock, lock_path};
    use table::shell::record::save::Autosave;
    let db = Arc::new(CardDb::builtin().expect("built-in cards"));
    let dir = temp_dir("lock");
    let spec = GameSpec {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        rules: table::tashkalar::engine::RULES_VERSION,
        seats: ["Blue", "Red"]
            .map(|name| SeatSpec {
                name: name.into(),
                player: SeatKind::Human,
                deck: "Imperial".into(),
            })
            .to_vec(),
        scenario: None,
    };
    let mut game = GameState::start(&spec, 5, &db).expect("deals");
    let mut autosave = Autosave::<GameState>::new(&dir, "game".into(), spec, 5);
    let mut legal = Vec::new();
    for turn in 0..3 {
        game.legal(&mut legal);
        let choice = legal[0];
        autosave.push(&game, &choice);
        game.play(choice).expect("legal");
        let path = autosave.write(&game).expect("saved").to_path_buf();
        // Someone deletes the lock file: the save itself is still held, after every write.
        std::fs::remove_file(lock_path(&path)).expect("the lock file is there");
        match SaveLock::acquire(&path) {
            Err(LockError::Held(_)) => {}
            other => panic!("turn {turn}: a second copy took the game: {other:?}"),
        }
    }
    let path = autosave.path().expect("written").to_path_buf();
    drop(autosave);
    SaveLock::acquire(&path).expect("let go with the autosaver");
    let _ = std::fs::remove_dir_all(&dir);
}
