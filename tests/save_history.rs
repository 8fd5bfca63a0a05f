//! The history check of version 2 saves: an edited history that is legal and ends in the same
//! position is refused, whether the `check` line was deleted or recomputed; version 1 saves still
//! verify as before (and say nothing about their history, as `docs/saves.md` says).

use std::sync::{Arc, OnceLock};
use table::shell::record::load::{self, LoadError};
use table::shell::record::save::to_text;
use table::shell::record::{FORMAT_VERSION, SaveFile};
use table::tashkalar::engine::{CardDb, GameState};
use table::tashkalar::record::GameSpec;

fn db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(CardDb::builtin().expect("built-in cards load")))
        .clone()
}

/// A version 1 save written by the program before version 2: a duel nine decisions in.
const V1: &str = include_str!("saves/v1-duel-nine-decisions.ron");

/// Choices 3 and 4 of that game ("place i6", "place b2") made the other way round: still legal,
/// and the same position at the end.
fn swapped(choices: &[String]) -> Vec<String> {
    let mut edited = choices.to_vec();
    edited.swap(2, 3);
    edited
}

fn without_check(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("check:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The same game saved by this build (version 2).
fn v2_save() -> SaveFile<GameSpec> {
    let v1 = load::parse::<GameState>(V1, &db()).expect("the version 1 save loads");
    SaveFile::new::<GameState>(
        v1.save.game.clone(),
        v1.save.seed,
        v1.save.choices.clone(),
        &v1.end,
    )
}

#[test]
fn an_edited_history_that_ends_in_the_same_position_is_refused() {
    let save = v2_save();
    assert_eq!(save.version, FORMAT_VERSION);
    assert!(save.history.is_some());
    let text = to_text(&save).expect("writes");
    load::parse::<GameState>(&text, &db()).expect("the save as written loads");

    let mut edited = save.clone();
    edited.choices = swapped(&save.choices);
    // The edit is legal and leads to the very same position.
    let start =
        <GameState as table::shell::record::Recordable>::start(&save.game, save.seed, &db())
            .unwrap();
    let mut replayed = start;
    for text in &edited.choices {
        let c = table::shell::game::Game::parse_choice(&replayed, text).unwrap();
        table::shell::game::Game::play(&mut replayed, c).unwrap();
    }
    assert_eq!(
        table::shell::record::format::hex(table::shell::record::Recordable::record_hash(
            &replayed,
            FORMAT_VERSION
        )),
        save.hash,
        "same position"
    );

    // The check recomputed over the edited text (to_text seals it anew) ...
    let recomputed = to_text(&edited).expect("writes");
    assert_eq!(
        load::parse::<GameState>(&recomputed, &db()).err(),
        Some(LoadError::HistoryMismatch)
    );
    // ... or deleted, as hand edits are told to do.
    assert_eq!(
        load::parse::<GameState>(&without_check(&recomputed), &db()).err(),
        Some(LoadError::HistoryMismatch)
    );
    assert_eq!(
        LoadError::HistoryMismatch.to_string(),
        "the choices are not the ones the `history` check was made over: the history was \
         changed after the game was saved"
    );
}

#[test]
fn replay_verify_refuses_the_edited_history() {
    let mut edited = v2_save();
    edited.choices = swapped(&edited.choices);
    let dir = std::env::temp_dir().join(format!("tashkalar-history-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("edited.ron");
    std::fs::write(&path, without_check(&to_text(&edited).unwrap())).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tashkalar"))
        .arg("replay")
        .arg(&path)
        .arg("--verify")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "tashkalar: {}: the choices are not the ones the `history` check was made over: the \
             history was changed after the game was saved\n",
            path.display()
        )
    );
}

#[test]
fn version_1_saves_verify_as_before_and_their_history_is_not_covered() {
    let v1 = load::parse::<GameState>(V1, &db()).expect("loads");
    assert_eq!(v1.save.version, 1);
    assert_eq!(v1.save.history, None);
    assert_eq!(v1.save.hash, "cc8b036358ae1cf1");
    // The documented limit of version 1: the same edit, without the check, verifies.
    let mut edited = v1.save.clone();
    edited.choices = swapped(&v1.save.choices);
    let text = without_check(&to_text(&edited).unwrap());
    assert!(load::parse::<GameState>(&text, &db()).is_ok());
    // A version 1 save with a history was edited.
    let mut with_history = v1.save.clone();
    with_history.history = Some("0000000000000000".into());
    assert_eq!(
        load::parse::<GameState>(&to_text(&with_history).unwrap(), &db()).err(),
        Some(LoadError::HistoryInVersion1)
    );
}

#[test]
fn a_version_2_save_needs_its_history_written_as_the_hash_is() {
    let save = v2_save();
    let mut none = save.clone();
    none.history = None;
    assert_eq!(
        load::parse::<GameState>(&to_text(&none).unwrap(), &db()).err(),
        Some(LoadError::NoHistory)
    );
    let mut upper = save.clone();
    upper.history = Some(save.history.clone().unwrap().to_uppercase());
    assert!(matches!(
        load::parse::<GameState>(&to_text(&upper).unwrap(), &db()).err(),
        Some(LoadError::BadHistory(_))
    ));
    let mut newer = to_text(&save).unwrap();
    newer = newer.replace("version: 2,", "version: 3,");
    assert_eq!(
        load::parse::<GameState>(&newer, &db())
            .err()
            .map(|e| e.to_string()),
        Some("save format version 3 is not supported (this build reads versions 1 and 2)".into())
    );
}
