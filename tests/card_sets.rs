//! Card sets that load but could not be played are refused, by `cards check` and when a game
//! starts: a deck with fewer beings than a hand, High Form without tasks, a pattern that fits
//! nowhere on the arena, names with control characters (or too long to show).

use std::path::PathBuf;
use std::process::{Command, Output};
use table::tashkalar::engine::cards::{BUILTIN, CardDb};
use table::tashkalar::engine::setup::SetupError;
use table::tashkalar::engine::{GameConfig, Mode};

fn tashkalar(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tashkalar"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The built-in card files (less those named in `skip`) and `extra`, as `(name, text)`.
fn files(skip: &[&str], extra: &[(&str, String)]) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = BUILTIN
        .iter()
        .filter(|(n, _)| !skip.contains(n))
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    files.extend(extra.iter().map(|(n, t)| (n.to_string(), t.clone())));
    files
}

/// The same files in a directory, for `--cards`.
fn card_dir(name: &str, files: &[(String, String)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-sets-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (n, t) in files {
        std::fs::write(dir.join(n), t).expect("write");
    }
    dir
}

fn being(name: &str, pattern: &str) -> String {
    format!("(name: \"{name}\", rank: Common, pattern: [{pattern}], text: \"t\", effect: [])")
}

fn tiny_deck() -> (&'static str, String) {
    (
        "tiny.ron",
        format!(
            "(\n    deck: \"Tiny\",\n    beings: [{}, {}],\n)\n",
            being("Tiny One", "\"c T\""),
            being("Tiny Two", "\"c . T\"")
        ),
    )
}

#[test]
fn a_deck_with_fewer_beings_than_a_hand_is_refused_by_the_checker_and_at_start() {
    let files = files(&[], &[tiny_deck()]);
    let db = CardDb::from_sources(files.clone()).expect("the cards load");
    assert_eq!(
        db.playable_problems(),
        vec![
            "tiny.ron:2:11: deck `Tiny` has 2 beings, fewer than a hand of 3: no game can be \
             dealt from it"
                .to_string()
        ]
    );
    let config = GameConfig {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        decks: vec!["Imperial".into(), "Tiny".into()],
    };
    assert_eq!(
        config.validate(&db),
        Err(SetupError::DeckTooSmall {
            name: "Tiny".into(),
            beings: 2
        })
    );
    let dir = card_dir("tiny", &files);
    let d = dir.to_string_lossy().into_owned();
    let out = tashkalar(&["cards", "check", "--cards", &d]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("tiny.ron:2:11: deck `Tiny` has 2 beings"),
        "{}",
        stderr(&out)
    );
    let out = tashkalar(&[
        "sim",
        "--games",
        "1",
        "--cards",
        &d,
        "--decks",
        "Imperial,Tiny",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "tashkalar: deck `Tiny` has 2 beings, fewer than a hand of 3: no game can be dealt from it\n"
    );
    // The other decks of the set still play.
    let out = tashkalar(&["sim", "--games", "1", "--cards", &d, "--decks", "Imperial"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn without_tasks_the_checker_says_high_form_cannot_be_played_and_a_start_is_refused() {
    let files = files(&["tasks.ron"], &[]);
    let dir = card_dir("no-tasks", &files);
    let d = dir.to_string_lossy().into_owned();
    let out = tashkalar(&["cards", "check", "--cards", &d]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("0 tasks (High Form needs at least 4: only Deathmatch can be played)")
    );
    let out = tashkalar(&["sim", "--games", "1", "--cards", &d, "--mode", "high-form"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "tashkalar: High Form needs at least 4 task cards, and none are loaded\n"
    );
}

#[test]
fn a_pattern_that_fits_nowhere_on_the_arena_is_refused_where_it_is_written() {
    let wide = "\"c . . . . . . . . . T\"";
    // Nine by nine fits the grid but not the arena, whose corners are cut.
    let square: Vec<String> = (0..9)
        .map(|r| {
            let row: Vec<&str> = (0..9)
                .map(|c| if (r, c) == (4, 4) { "T" } else { "c" })
                .collect();
            format!("\"{}\"", row.join(" "))
        })
        .collect();
    for (what, pattern) in [("wide", wide.to_string()), ("square", square.join(", "))] {
        let file = (
            "odd.ron",
            format!(
                "(\n    deck: \"Odd\",\n    beings: [\n        {},\n    ],\n)\n",
                being("Too Big", &pattern)
            ),
        );
        let error = CardDb::from_sources(files(&[], &[file]))
            .expect_err(what)
            .to_string();
        assert!(
            error.starts_with("odd.ron:4:16: `Too Big`: pattern: it fits nowhere on the arena"),
            "{what}: {error}"
        );
    }
    // Every card that ships fits.
    assert!(CardDb::builtin().is_ok());
}

#[test]
fn names_with_control_characters_or_too_long_to_show_are_refused() {
    for (name, why) in [
        ("Red\u{1b}[31mAlert".to_string(), "control characters"),
        ("Tab\tName".to_string(), "control characters"),
        ("L".repeat(41), "at most 40"),
    ] {
        let file = (
            "odd.ron",
            format!(
                "(deck: \"Odd\", beings: [{}])",
                being(&name.replace('\u{1b}', "\\u{1b}"), "\"c T\"")
            ),
        );
        let error = CardDb::from_sources(files(&[], &[file]))
            .expect_err("refused")
            .to_string();
        assert!(error.starts_with("odd.ron:1:"), "{error}");
        assert!(error.contains(why), "{error}");
        assert!(!error.chars().any(char::is_control), "{error:?}");
    }
    let deck = (
        "odd.ron",
        format!(
            "(deck: \"Bad\\nDeck\", beings: [{}])",
            being("Fine", "\"c T\"")
        ),
    );
    let error = CardDb::from_sources(files(&[], &[deck]))
        .expect_err("refused")
        .to_string();
    assert!(error.contains("control characters"), "{error}");
}

/// Issue 15 #3: a run of moves without a number that nothing ends (a leap anywhere, or steps
/// back and forth) made the bots think for minutes. The checker refuses it where it is written;
/// runs that end by themselves (a straight line, closer every move, each piece once) still load.
#[test]
fn a_run_of_moves_that_could_go_on_without_end_is_refused_where_it_is_written() {
    let with = |effect: &str| {
        (
            "runs.ron",
            format!(
                "(\n    deck: \"Runs\",\n    beings: [\n        (name: \"Runner\", rank: Common, pattern: [\"c T\"], text: \"t\", effect: [{effect}]),\n    ],\n)\n"
            ),
        )
    };
    for endless in [
        "Move(who: Being, kind: Standard, leap: Anywhere, count: Unlimited)",
        "Move(who: Being, kind: Combat, count: Unlimited)",
        "Move(who: Pick(Piece(owner: Me)), kind: Standard, dir: Turning(Any), count: AllTheWay)",
        "Repeat(UpTo(9), [Move(who: Being, kind: Combat, leap: Anywhere, count: Unlimited)])",
    ] {
        let error = CardDb::from_sources(files(&[], &[with(endless)]))
            .expect_err(endless)
            .to_string();
        assert!(
            error.starts_with("runs.ron:4:")
                && error.contains("`Runner`")
                && error.contains("could go on without end"),
            "{endless}: {error}"
        );
    }
    for ending in [
        "Move(who: Being, kind: Standard, dir: Straight(Any), count: Unlimited)",
        "Move(who: Being, kind: Combat, onto: [Closer(Being)], count: Unlimited)",
        "Move(who: Pick(Piece(owner: Me)), kind: Standard, count: Unlimited, each_once: true)",
        "Move(who: Being, kind: Standard, leap: Anywhere, count: UpTo(3))",
    ] {
        if let Err(e) = CardDb::from_sources(files(&[], &[with(ending)])) {
            panic!("{ending}: {e}");
        }
    }
    // The checker on the command line says the same.
    let dir = card_dir("endless", &files(&[], &[with(HANG)]));
    let out = tashkalar(&["cards", "check", "--cards", &dir.to_string_lossy()]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("could go on without end"),
        "{}",
        stderr(&out)
    );
}

/// The card of the issue.
const HANG: &str = "Move(who: Being, kind: Standard, leap: Anywhere, count: Unlimited)";
