//! Saves: thousands of random games saved, loaded and verified to the same hash; every kind of
//! damaged or foreign file refused with an error (never a panic, the file left as it was); and a
//! game killed mid-way resumed from its autosave to exactly the same position.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use table::shell::game::Game;
use table::shell::record::format::hex;
use table::shell::record::load::{self, LoadError};
use table::shell::record::save::{self, to_text};
use table::shell::record::{Autosave, FORMAT_VERSION, Recordable, SaveFile};
use table::shell::rng::Rng;
use table::shell::seats::SeatKind as Player;
use table::shell::tui::catalog::Catalog;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::{GameState, Mode};
use table::tashkalar::record::{GameSpec, SeatSpec};

fn db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(CardDb::builtin().expect("built-in cards load")))
        .clone()
}

/// A fresh directory under the system temp dir for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-rec-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn spec(mode: Mode, players: u8, teams: bool) -> GameSpec {
    let names = ["Blue", "Red", "Green", "Yellow"];
    GameSpec {
        mode,
        players,
        teams,
        seats: (0..players as usize)
            .map(|i| SeatSpec {
                name: names[i].into(),
                player: if i == 0 {
                    Player::Human
                } else {
                    Player::Bot("random".into())
                },
                deck: "Imperial".into(),
            })
            .collect(),
        scenario: None,
        rules: table::tashkalar::engine::RULES_VERSION,
    }
}

/// Plays a random game of `spec` from `seed` for at most `limit` decisions; returns the save and
/// the state it describes.
fn random_save(spec: &GameSpec, seed: u64, limit: usize) -> (SaveFile<GameSpec>, GameState) {
    let mut game = GameState::start(spec, seed, &db()).expect("game sets up");
    let mut rng = Rng::seeded(seed ^ 0x5a5a);
    let mut legal = Vec::new();
    let mut texts = Vec::new();
    while !game.is_over() && texts.len() < limit {
        game.legal(&mut legal);
        let c = legal[rng.below(legal.len() as u32) as usize];
        texts.push(game.choice_text(&c));
        game.play(c).expect("a legal choice is accepted");
    }
    (
        SaveFile::new::<GameState>(spec.clone(), seed, texts, &game),
        game,
    )
}

#[test]
fn two_thousand_random_games_save_load_and_verify_to_the_same_hash() {
    let db = db();
    let kinds = [
        spec(Mode::Deathmatch, 2, false),
        spec(Mode::Deathmatch, 3, false),
        spec(Mode::Deathmatch, 4, false),
        spec(Mode::HighForm, 2, false),
        spec(Mode::HighForm, 4, true),
        spec(Mode::Deathmatch, 4, true),
    ];
    let mut decisions = 0;
    for seed in 0..2000u64 {
        // Mostly duels (the common case), every form and player count regularly.
        let spec = &kinds[if seed % 4 == 0 {
            (seed / 4 % 6) as usize
        } else {
            0
        }];
        let (save, end) = random_save(spec, seed, usize::MAX);
        assert!(save.finished, "seed {seed}: the game ends");
        let text = to_text(&save).expect("save writes");
        let loaded = load::parse::<GameState>(&text, &db)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(loaded.end.state_hash(), end.state_hash(), "seed {seed}");
        assert_eq!(loaded.save.hash, hex(end.record_hash(FORMAT_VERSION)));
        assert_eq!(loaded.save.game, *spec);
        assert_eq!(loaded.choices.len(), save.choices.len());
        // Writing the loaded save again gives the same text.
        assert_eq!(to_text(&loaded.save).expect("save writes"), text);
        decisions += save.choices.len();
    }
    assert!(decisions > 2000 * 50, "{decisions} decisions");
}

#[test]
fn the_saved_hash_does_not_depend_on_card_numbers() {
    // The same game with more card files loaded first (so every card has another number) has
    // the same state hash and saved hash: adding a deck does not break older saves.
    let spec = spec(Mode::Deathmatch, 2, false);
    let (save, end) = random_save(&spec, 13, 60);
    let mut files: Vec<(String, String)> = vec![(
        "aaa-extra.ron".into(),
        "(deck: \"Extra\", beings: [(name: \"Extra One\", rank: Common, pattern: [\"c T\"], \
         text: \"Nothing.\", effect: [])])"
            .into(),
    )];
    files.extend(
        table::tashkalar::engine::cards::BUILTIN
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string())),
    );
    let renumbered = Arc::new(CardDb::from_sources(files).expect("cards load"));
    let text = to_text(&save).expect("writes");
    let loaded = load::parse::<GameState>(&text, &renumbered).expect("loads with other numbers");
    let knight = |db: &CardDb| db.by_name("Knight").expect("Knight");
    assert_ne!(
        knight(&renumbered),
        knight(&db()),
        "the card numbers did change"
    );
    assert_eq!(loaded.end.state_hash(), end.state_hash());
    assert_eq!(loaded.end.record_hash(1), end.record_hash(1));
}

#[test]
fn a_game_started_from_a_scenario_is_saved_with_its_text() {
    let text = "(\n    pieces: [\"1c e4\", \"1c e6\", \"2c d6\"],\n    seed: 11,\n)\n";
    let mut spec = spec(Mode::Deathmatch, 2, false);
    spec.scenario = Some(text.to_string());
    let (save, end) = random_save(&spec, 11, 40);
    let written = to_text(&save).expect("save writes");
    let loaded = load::parse::<GameState>(&written, &db()).expect("loads");
    assert_eq!(loaded.end.state_hash(), end.state_hash());
    assert_eq!(loaded.save.game.scenario.as_deref(), Some(text));
    // Seats that do not match what the scenario sets up are refused.
    let mut wrong = save.clone();
    wrong.game.seats[1].deck = "Nowhere".into();
    let err = load::parse::<GameState>(&to_text(&wrong).expect("writes"), &db())
        .err()
        .expect("refused");
    assert!(matches!(err, LoadError::Setup(_)), "{err}");
}

/// Loads `bytes` without letting a panic escape: a panic fails the test, naming the input.
fn load_must_fail(bytes: &[u8], what: &str) -> LoadError {
    let db = db();
    let result = catch_unwind(AssertUnwindSafe(|| {
        load::parse_bytes::<GameState>(bytes, &db).map(|l| l.end.state_hash())
    }));
    match result {
        Err(_) => panic!("{what}: the loader panicked"),
        Ok(Ok(hash)) => panic!("{what}: loaded (hash {hash:016x}) instead of failing"),
        Ok(Err(e)) => {
            let line = e.to_string();
            assert!(
                !line.contains('\n') && !line.is_empty(),
                "{what}: one line: {line:?}"
            );
            e
        }
    }
}

#[test]
fn every_truncation_of_a_real_save_is_refused() {
    let (save, _) = random_save(&spec(Mode::Deathmatch, 2, false), 7, usize::MAX);
    let text = to_text(&save).expect("writes");
    let bytes = text.as_bytes();
    let mut kinds = std::collections::HashSet::new();
    // Every shorter prefix, down to nothing (the final newline alone may go: that is no damage).
    for len in 0..bytes.len() - 1 {
        let e = load_must_fail(&bytes[..len], &format!("prefix of {len} bytes"));
        kinds.insert(std::mem::discriminant(&e));
        if len > 0 && bytes[..len].iter().any(|b| !b.is_ascii_whitespace()) {
            assert!(
                matches!(e, LoadError::Syntax { .. } | LoadError::NotText),
                "prefix of {len} bytes: {e}"
            );
        }
    }
    assert!(kinds.len() >= 2);
}

#[test]
fn every_bit_flip_of_a_save_is_refused() {
    // A short game in progress (every bit of it), and bits spread over a finished game.
    let (short, _) = random_save(&spec(Mode::Deathmatch, 2, false), 3, 25);
    let short = to_text(&short).expect("writes").into_bytes();
    for i in 0..short.len() {
        for bit in 0..8 {
            let mut b = short.clone();
            b[i] ^= 1 << bit;
            load_must_fail(&b, &format!("byte {i} bit {bit} of the short save"));
        }
    }
    let (long, _) = random_save(&spec(Mode::HighForm, 2, false), 5, usize::MAX);
    let long = to_text(&long).expect("writes").into_bytes();
    let mut rng = Rng::seeded(99);
    for _ in 0..3000 {
        let i = rng.below(long.len() as u32) as usize;
        let bit = rng.below(8);
        let mut b = long.clone();
        b[i] ^= 1 << bit;
        load_must_fail(&b, &format!("byte {i} bit {bit} of the long save"));
    }
}

#[test]
fn foreign_and_empty_files_are_refused_with_what_they_are() {
    let (save, _) = random_save(&spec(Mode::Deathmatch, 2, false), 9, 30);
    let json = serde_json::json!({"format": "tashkalar-save", "version": 1, "choices": ["end"]});
    let scenario = std::fs::read("tests/scenarios/tui_knight.ron").expect("scenario file");
    let mut newer = to_text(&save).expect("writes");
    newer = newer.replace(&format!("version: {FORMAT_VERSION},"), "version: 99,");
    let other_game = to_text(&save)
        .expect("writes")
        .replace("\"tashkalar-save\"", "\"chess-save\"");
    let mut binary: Vec<u8> = (0..=255u8).collect();
    binary.extend((0..=255u8).rev());
    let deep = "(".repeat(100_000);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("blank", b"  \n\t\n".to_vec()),
        ("json", json.to_string().into_bytes()),
        ("binary", binary),
        ("nul in text", b"(format: \"tashkalar-save\"\0)".to_vec()),
        ("scenario", scenario),
        ("prose", b"Dear diary, today I won at Tash-Kalar.".to_vec()),
        ("newer version", newer.into_bytes()),
        ("another game", other_game.into_bytes()),
        ("deep nesting", deep.into_bytes()),
        ("unit", b"()".to_vec()),
        ("number", b"42".to_vec()),
        (
            "huge seed",
            to_text(&save)
                .expect("writes")
                .replace(
                    &format!("seed: {},", save.seed),
                    "seed: 99999999999999999999999,",
                )
                .into_bytes(),
        ),
    ];
    for (what, bytes) in &cases {
        let e = load_must_fail(bytes, what);
        let expected = match *what {
            "empty" | "blank" => matches!(e, LoadError::Empty),
            "binary" | "nul in text" => matches!(e, LoadError::NotText),
            "json" | "prose" | "number" => matches!(e, LoadError::NotRon { .. }),
            "scenario" | "unit" => matches!(e, LoadError::Foreign { found: None, .. }),
            "another game" => matches!(e, LoadError::Foreign { found: Some(_), .. }),
            "newer version" => matches!(e, LoadError::Version(99)),
            _ => matches!(e, LoadError::Syntax { .. }),
        };
        assert!(expected, "{what}: {e}");
    }
}

#[test]
fn hand_written_saves_load_and_wrong_ones_name_the_choice() {
    let db = db();
    let (save, end) = random_save(&spec(Mode::Deathmatch, 2, false), 21, 30);
    // Without a check, in the shortest RON a person would write.
    let choices: Vec<String> = save.choices.iter().map(|c| format!("{c:?}")).collect();
    let hand = format!(
        "(format: \"tashkalar-save\", version: 1, program: \"by hand\",
          game: (mode: Deathmatch, players: 2, seats: [
            (name: \"Ann\", player: Human, deck: \"Imperial\"),
            (name: \"Bob\", player: Human, deck: \"Imperial\")]),
          seed: {}, choices: [{}], finished: false, hash: \"{}\")",
        save.seed,
        choices.join(", "),
        hex(end.record_hash(1))
    );
    let loaded = load::parse::<GameState>(&hand, &db).expect("a hand-written save loads");
    assert_eq!(loaded.end.state_hash(), end.state_hash());
    // A choice that cannot be made where it stands is named with its number.
    let mut wrong = save.clone();
    wrong.choices[16] = "place a1".into();
    let e = load::parse::<GameState>(&to_text(&wrong).expect("writes"), &db)
        .err()
        .expect("refused");
    assert!(
        e.to_string()
            .starts_with("choice 17 \"place a1\" is not legal here: "),
        "{e}"
    );
    // Choices after the end, and a wrong "finished", are refused too.
    let (done, _) = random_save(&spec(Mode::Deathmatch, 2, false), 22, usize::MAX);
    let mut after = done.clone();
    after.choices.push("end".into());
    let e = load::parse::<GameState>(&to_text(&after).expect("writes"), &db).err();
    assert!(matches!(e, Some(LoadError::AfterEnd { .. })), "{e:?}");
    let mut unfinished = done.clone();
    unfinished.finished = false;
    let e = load::parse::<GameState>(&to_text(&unfinished).expect("writes"), &db).err();
    assert!(
        matches!(e, Some(LoadError::Finished { saved: false })),
        "{e:?}"
    );
}

fn file_state(path: &Path) -> (Vec<u8>, std::time::SystemTime) {
    let meta = std::fs::metadata(path).expect("metadata");
    (
        std::fs::read(path).expect("read"),
        meta.modified().expect("mtime"),
    )
}

#[test]
fn reading_a_bad_file_leaves_it_untouched_and_names_it() {
    let dir = temp_dir("untouched");
    let (save, _) = random_save(&spec(Mode::Deathmatch, 2, false), 4, 40);
    let text = to_text(&save).expect("writes");
    let path = dir.join("broken.ron");
    std::fs::write(&path, &text[..text.len() / 2]).expect("write");
    let before = file_state(&path);
    let e = load::read::<GameState>(&path, &db())
        .err()
        .expect("refused");
    assert!(
        e.to_string().starts_with(&format!("{}: ", path.display())),
        "{e}"
    );
    assert_eq!(file_state(&path), before);
}

/// Plays `seed` randomly to the end from `game`, with `rng`; returns the final hash.
fn finish(mut game: GameState, rng: &mut Rng) -> u64 {
    let mut legal = Vec::new();
    while !game.is_over() {
        game.legal(&mut legal);
        let c = legal[rng.below(legal.len() as u32) as usize];
        game.play(c).expect("legal");
    }
    game.state_hash()
}

#[test]
fn a_game_killed_mid_way_resumes_from_its_autosave_to_the_same_state() {
    let db = db();
    let dir = temp_dir("kill");
    for (seed, kill_at) in [(1u64, 1usize), (2, 17), (3, 60), (4, 133)] {
        let spec = spec(Mode::Deathmatch, 2, false);
        // The uninterrupted game, for reference.
        let reference = {
            let game = GameState::start(&spec, seed, &db).expect("sets up");
            finish(game, &mut Rng::seeded(seed))
        };
        // The same game, autosaved after every decision, "killed" after `kill_at` decisions:
        // everything in memory is dropped and only the directory remains.
        let mut rng = Rng::seeded(seed);
        let hash_at_kill = {
            let mut game = GameState::start(&spec, seed, &db).expect("sets up");
            let mut autosave =
                Autosave::<GameState>::new(&dir, format!("kill-{seed}"), spec.clone(), seed);
            let mut legal = Vec::new();
            for _ in 0..kill_at {
                game.legal(&mut legal);
                let c = legal[rng.below(legal.len() as u32) as usize];
                autosave.push(&game, &c);
                game.play(c).expect("legal");
                autosave.write(&game).expect("autosave");
            }
            game.state_hash()
        };
        // Continue: the newest unfinished save is this game, and it is exactly where it stopped.
        let catalog = Catalog {
            games: vec![Box::new(table::tashkalar::entry(std::sync::Arc::clone(
                &db,
            )))],
        };
        let listed = catalog.list(std::slice::from_ref(&dir)).expect("lists");
        let last = listed
            .iter()
            .find(|e| e.unfinished)
            .expect("an unfinished save");
        assert!(
            last.path.ends_with(format!("kill-{seed}.ron")),
            "{:?}",
            last.path
        );
        let loaded = load::read::<GameState>(&last.path, &db).expect("loads");
        assert_eq!(loaded.end.state_hash(), hash_at_kill);
        assert_eq!(loaded.choices.len(), kill_at);
        // Playing on with the same random stream reaches the same end as never being killed.
        assert_eq!(finish(loaded.end, &mut rng), reference, "seed {seed}");
        // Finished saves are not offered for continuing; no temporary file is left behind.
        let stray: Vec<_> = std::fs::read_dir(&dir)
            .expect("dir")
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(stray.is_empty(), "{stray:?}");
    }
}

#[test]
fn a_crash_while_writing_leaves_the_previous_save_loadable() {
    let db = db();
    let dir = temp_dir("crash");
    let spec = spec(Mode::Deathmatch, 2, false);
    let (save, end) = random_save(&spec, 8, 50);
    let path = save::write_new(&dir, "game", &to_text(&save).expect("writes")).expect("written");
    // A write cut off by a crash leaves at most a half-written temporary file next to the save.
    let text = to_text(&random_save(&spec, 8, 51).0).expect("writes");
    let temp = dir.join(format!(".game.ron.{}.tmp", 4_000_000));
    std::fs::write(&temp, &text[..text.len() / 3]).expect("write");
    let listed = load::save_files(&dir).expect("lists");
    assert_eq!(listed.len(), 1, "temporary files are not saves");
    let loaded = load::read::<GameState>(&path, &db).expect("the save is intact");
    assert_eq!(loaded.end.state_hash(), end.state_hash());
    // Two games started in the same second get two files.
    let second = save::write_new(&dir, "game", &to_text(&save).expect("writes")).expect("ok");
    assert_ne!(second, path);
    assert!(second.ends_with("game-2.ron"), "{second:?}");
}

#[test]
fn the_example_in_the_docs_is_a_valid_save() {
    let doc = std::fs::read_to_string("docs/saves.md").expect("docs/saves.md");
    let start = doc.find("```ron\n").expect("an example") + "```ron\n".len();
    let example = &doc[start..start + doc[start..].find("```").expect("end of the example")];
    let loaded = load::parse::<GameState>(example, &db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.save.choices.len(), 9);
    assert!(!loaded.save.finished);
    // It is exactly what this build writes for that game.
    assert_eq!(to_text(&loaded.save).expect("writes"), example);
}

#[test]
fn games_with_the_new_decks_save_load_and_verify_even_with_other_card_numbers() {
    let db = db();
    let mut files: Vec<(String, String)> = vec![(
        "aaa-extra.ron".into(),
        "(deck: \"Extra\", beings: [(name: \"Extra One\", rank: Common, pattern: [\"c T\"], \
         text: \"Nothing.\", effect: [])])"
            .into(),
    )];
    files.extend(
        table::tashkalar::engine::cards::BUILTIN
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string())),
    );
    let renumbered = Arc::new(CardDb::from_sources(files).expect("cards load"));
    let decks = ["Nethervoid", "Etherweave", "Everfrost", "Imperial"];
    let mut pending_at_the_end = 0;
    for seed in 0..60u64 {
        let (mode, players, teams) = match seed % 4 {
            0 => (Mode::Deathmatch, 3, false),
            1 => (Mode::HighForm, 2, false),
            2 => (Mode::HighForm, 4, true),
            _ => (Mode::Deathmatch, 2, false),
        };
        let mut spec = spec(mode, players, teams);
        for (i, seat) in spec.seats.iter_mut().enumerate() {
            seat.deck = decks[(seed as usize + i) % 2 + 2 * (i / 2 % 2)].into();
        }
        let (save, end) = random_save(&spec, seed, usize::MAX);
        if end.seats.iter().any(|s| s.pending.is_some()) {
            pending_at_the_end += 1;
        }
        let text = to_text(&save).expect("save writes");
        let loaded = load::parse::<GameState>(&text, &db)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(loaded.end.state_hash(), end.state_hash(), "seed {seed}");
        assert_eq!(loaded.save.hash, hex(end.record_hash(FORMAT_VERSION)));
        let other = load::parse::<GameState>(&text, &renumbered).expect("loads renumbered");
        assert_eq!(other.end.record_hash(1), end.record_hash(1), "seed {seed}");
    }
    assert!(
        pending_at_the_end > 0,
        "some game ends with a pending being"
    );
}
