//! Error messages of the save, scenario and card loaders: one line; the offending text quoted
//! short (at most 80 characters) with control characters escaped; no advice meant for users of
//! the RON library; a UTF-8 byte-order mark accepted; every card error at `file:line:col`.

use std::sync::{Arc, OnceLock};
use table::shell::game::Game;
use table::shell::quote::{MAX_MESSAGE, MAX_QUOTE};
use table::shell::record::load;
use table::shell::record::save::to_text;
use table::shell::record::{Recordable, SaveFile};
use table::tashkalar::engine::cards::{BUILTIN, CardDb};
use table::tashkalar::engine::scenario::Scenario;
use table::tashkalar::engine::{GameState, Mode};
use table::tashkalar::record::{GameSpec, SeatSpec};

fn db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(CardDb::builtin().expect("built-in cards load")))
        .clone()
}

/// One line, short, nothing that a terminal would take as a command.
fn assert_tame(message: &str) {
    assert!(
        message.chars().count() <= MAX_MESSAGE + 40,
        "{} characters: {}",
        message.len(),
        &message[..200.min(message.len())]
    );
    assert!(
        !message.chars().any(char::is_control),
        "a control character: {message:?}"
    );
    for advice in ["recursion_limit", "serde_stacker", "try increasing"] {
        assert!(!message.contains(advice), "{message}");
    }
}

fn save_text(choices: Vec<String>) -> String {
    let spec = GameSpec {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        rules: table::tashkalar::engine::RULES_VERSION,
        seats: ["Blue", "Red"]
            .iter()
            .map(|n| SeatSpec {
                name: n.to_string(),
                player: table::shell::seats::SeatKind::Human,
                deck: "Imperial".into(),
            })
            .collect(),
        scenario: None,
    };
    let mut game = GameState::start(&spec, 3, &db()).unwrap();
    // The hash is of the position the choices lead to, as far as they can be played.
    for text in &choices {
        match game.parse_choice(text) {
            Ok(c) if game.play(c).is_ok() => {}
            _ => break,
        }
    }
    to_text(&SaveFile::new::<GameState>(spec, 3, choices, &game)).unwrap()
}

const HUGE: usize = 100_000;

#[test]
fn a_huge_value_or_an_escape_sequence_in_a_save_is_quoted_short_and_escaped() {
    let long = format!("summon {}", "K".repeat(HUGE));
    let escape = "place \u{1b}]0;owned\u{7}e5".to_string();
    for choice in [long, escape] {
        let text = save_text(vec![choice]);
        let error = load::parse::<GameState>(&text, &db())
            .err()
            .expect("refused")
            .to_string();
        assert_tame(&error);
        assert!(error.starts_with("choice 1 \""), "{error}");
    }
    let text = save_text(vec!["place e5".into()]).replace("Blue", &"B\u{1b}".repeat(HUGE));
    let error = load::parse::<GameState>(&text, &db())
        .err()
        .expect("refused");
    assert_tame(&error.to_string());
    // The same through the command line, with the file named.
    let dir = std::env::temp_dir().join(format!("tashkalar-msg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge.ron");
    std::fs::write(&path, save_text(vec!["x".repeat(HUGE)])).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tashkalar"))
        .arg("replay")
        .arg(&path)
        .arg("--verify")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1);
    assert!(err.len() < MAX_MESSAGE + 200, "{}", err.len());
}

#[test]
fn nesting_too_deep_is_said_without_library_advice() {
    // A field no save has, nested deep: the reader skips it, and gives up at its limit.
    let deep = format!("(format: \"tashkalar-save\", odd: {})", "[".repeat(HUGE));
    let save = load::parse::<GameState>(&deep, &db()).err().unwrap();
    assert_tame(&save.to_string());
    assert!(save.to_string().contains("nested too deeply"), "{save}");
    let scenario = Scenario::parse(&"(".repeat(HUGE)).err().unwrap();
    assert_tame(&scenario.to_string());
    let effect = "May([".repeat(HUGE / 5);
    let card = format!(
        "(deck: \"D\", beings: [(name: \"Deep\", rank: Common, pattern: [\"c T\"], text: \"t\", effect: [{effect}])])"
    );
    let cards = CardDb::from_sources([("deep.ron".to_string(), card)])
        .err()
        .unwrap();
    assert_tame(&cards.to_string());
    assert!(cards.to_string().starts_with("deep.ron:1:"), "{cards}");
    assert!(cards.to_string().contains("nested too deeply"), "{cards}");
}

#[test]
fn a_byte_order_mark_is_accepted_everywhere() {
    let bom = '\u{feff}';
    // A save, its check unchanged (the mark is no part of the file's text).
    let text = save_text(vec!["start c5".into()]);
    let loaded = load::parse::<GameState>(&format!("{bom}{text}"), &db()).expect("loads");
    assert_eq!(loaded.choices.len(), 1);
    // A scenario.
    let scenario = Scenario::parse(&format!("{bom}(pieces: [\"1c e4\"], seed: 3)")).expect("reads");
    assert!(scenario.into_state(db()).is_ok());
    // Card files.
    let files: Vec<(String, String)> = BUILTIN
        .iter()
        .map(|(n, t)| (n.to_string(), format!("{bom}{t}")))
        .collect();
    let with_marks = CardDb::from_sources(files).expect("cards with byte-order marks load");
    assert_eq!(with_marks.cards.len(), db().cards.len());
}

#[test]
fn a_scenario_quotes_what_is_wrong_short() {
    let long = "x".repeat(HUGE);
    for text in [
        format!("(pieces: [\"{long}\"], seed: 3)"),
        format!("(pieces: [\"1c e4\"], decks: [\"{long}\", \"Imperial\"], seed: 3)"),
        "(pieces: [\"1c \u{1b}[2Je4\"], seed: 3)".to_string(),
        format!("(pieces: [\"1c e4\"], seed: 3, {long}: 1)"),
    ] {
        let error = Scenario::parse(&text).and_then(|s| s.into_state(db()).map(|_| ()));
        let error = error.expect_err("refused").to_string();
        assert_tame(&error);
        assert!(error.contains('…') || error.contains("\\u{1b}"), "{error}");
    }
}

/// Card files that do not load, each with what the error must say.
fn broken_card_sets() -> Vec<(&'static str, Vec<(String, String)>)> {
    let builtin = |skip: &[&str]| -> Vec<(String, String)> {
        BUILTIN
            .iter()
            .filter(|(n, _)| !skip.contains(n))
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    };
    let being = |name: &str, effect: &str| {
        format!(
            "(deck: \"Odd\", beings: [(name: \"{name}\", rank: Common, pattern: [\"c T\"], \
             text: \"t\", effect: [{effect}])])"
        )
    };
    let with = |extra: String, skip: &[&str]| {
        let mut files = builtin(skip);
        files.push(("zz-odd.ron".into(), extra));
        files
    };
    let many: String = (0..70)
        .map(|i| {
            format!(
                "(name: \"Many {i}\", rank: Common, pattern: [\"c T\"], text: \"t\", effect: [])"
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    vec![
        ("unknown step", with(being("Odd", "Explode"), &[])),
        (
            "names a card `Nobody`",
            with(being("Odd", "If(InDiscard(\"Nobody\"), [])"), &[]),
        ),
        ("no legends", builtin(&["legends.ron"])),
        ("no flares", builtin(&["flares.ron"])),
        (
            "at most",
            with(format!("(deck: \"Many\", beings: [{many}])"), &[]),
        ),
        (
            "nested too deeply",
            with(being("Deep", &"May([".repeat(1_000)), &[]),
        ),
        (
            "unknown step with a long name",
            with(being("Odd", &"E".repeat(HUGE)), &[]),
        ),
        ("duplicate", with(being("Knight", "Gain(1)"), &[])),
    ]
}

#[test]
fn every_card_error_has_file_line_and_column() {
    for (what, files) in broken_card_sets() {
        let error = CardDb::from_sources(files).err();
        let Some(error) = error else {
            panic!("{what}: loaded");
        };
        let text = error.to_string();
        assert_tame(&text);
        let mut parts = text.splitn(4, ':');
        let (file, line, col) = (parts.next(), parts.next(), parts.next());
        assert!(
            file.is_some_and(|f| f.ends_with(".ron")),
            "{what}: no file: {text}"
        );
        assert!(
            line.is_some_and(|l| l.parse::<usize>().is_ok_and(|l| l >= 1)),
            "{what}: no line: {text}"
        );
        assert!(
            col.is_some_and(|c| c.parse::<usize>().is_ok()),
            "{what}: no column: {text}"
        );
        assert!(!text.contains("(cards)"), "{text}");
    }
}

#[test]
fn quotes_in_messages_are_at_most_80_characters() {
    let long = "y".repeat(HUGE);
    let text = save_text(vec![format!("summon {long}")]);
    let error = load::parse::<GameState>(&text, &db())
        .err()
        .unwrap()
        .to_string();
    for quoted in error.split('"').skip(1).step_by(2) {
        assert!(quoted.chars().count() <= MAX_QUOTE, "{quoted}");
    }
}
