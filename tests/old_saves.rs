//! Saves recorded under older rules. Every save records the rules version it was played under
//! (`game.rules`; none means rules 1) and is replayed under the current rules. One that still
//! replays loads as before; one whose replay the new rules change says so in one line naming the
//! change, for `replay --verify` and `play --continue` alike, never with a panic.
//!
//! The two fixtures in `tests/saves/` were written by the program at commit 526bf64 (rules 1):
//! - `rules1-high-form.ron`: a High Form duel between greedy bots (`sim --mode high-form --seed 307
//!   --bots greedy --save-dir`), untouched by the changes of rules 2: it still verifies.
//! - `rules1-deathmatch-mid-game.ron`: a Deathmatch duel between greedy bots (`sim --seed 408 --bots
//!   greedy --save-dir`) cut after its 90th choice, with the hash that program computed for that
//!   position (what its autosave held mid-game), so that `--continue` can open it. Played to its end
//!   the game scored 2 to 13 under rules 1 and scores 2 to 11 under rules 2: unpaired commons no
//!   longer carry over.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;
use table::shell::record::format::hex;
use table::shell::record::load::{self, LoadError};
use table::shell::record::save::to_text;
use table::shell::record::{Recordable, SaveFile};
use table::shell::seats::SeatKind as Player;
use table::tashkalar::engine::{CardDb, GameState, Mode, RULES_VERSION};
use table::tashkalar::record::{GameSpec, SeatSpec, rules_change_note};

const STILL_REPLAYS: &str = "tests/saves/rules1-high-form.ron";
const CHANGED: &str = "tests/saves/rules1-deathmatch-mid-game.ron";
const NO_CARRY: &str =
    "played under rules 1: scoring no longer carries unpaired commons over to later turns";

fn db() -> Arc<CardDb> {
    Arc::new(CardDb::builtin().expect("cards"))
}

fn tashkalar(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tashkalar"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-old-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn a_rules_1_save_that_still_replays_loads_as_before() {
    let loaded =
        load::read::<GameState>(Path::new(STILL_REPLAYS), &db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        loaded.save.game.rules, 1,
        "a save without `rules` is rules 1"
    );
    assert!(loaded.save.finished);
    assert_eq!(
        hex(loaded.end.record_hash(loaded.save.version)),
        loaded.save.hash
    );
    let out = tashkalar(&["replay", STILL_REPLAYS, "--verify"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("ok {}\n", loaded.save.hash)
    );
}

#[test]
fn a_rules_1_save_the_new_rules_change_says_so_in_one_line() {
    let error = load::read::<GameState>(Path::new(CHANGED), &db())
        .err()
        .expect("the save no longer replays to its hash")
        .error;
    let LoadError::OlderRules { error: inner, note } = &error else {
        panic!("not explained by the rules: {error}");
    };
    assert!(matches!(**inner, LoadError::HashMismatch { .. }), "{inner}");
    assert_eq!(note, NO_CARRY);
    assert!(error.to_string().ends_with(&format!("({NO_CARRY})")));

    // `replay --verify`: exit 1, one line naming the file and the rules change.
    let out = tashkalar(&["replay", CHANGED, "--verify"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(CHANGED) && err.contains(NO_CARRY), "{err}");
    assert!(!err.contains("panicked"));
    assert!(out.stdout.is_empty());

    // `play --continue` opens the newest unfinished save: the same line, before any screen.
    let dir = temp_dir("continue");
    std::fs::copy(CHANGED, dir.join("old.ron")).expect("copy the fixture");
    let out = tashkalar(&[
        "play",
        "--continue",
        "--save-dir",
        dir.to_str().expect("utf-8"),
    ]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("old.ron") && err.contains(NO_CARRY), "{err}");
    assert!(!err.contains("panicked"));
}

fn spec(rules: u32) -> GameSpec {
    GameSpec {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        rules,
        seats: ["Blue", "Red"]
            .map(|name| SeatSpec {
                name: name.into(),
                player: Player::Human,
                deck: "Imperial".into(),
            })
            .to_vec(),
        scenario: None,
    }
}

#[test]
fn new_saves_record_the_rules_version_and_newer_ones_are_refused() {
    let start = GameState::start(&spec(RULES_VERSION), 5, &db()).expect("sets up");
    let save = SaveFile::new::<GameState>(spec(RULES_VERSION), 5, Vec::new(), &start);
    let text = to_text(&save).expect("writes");
    assert!(text.contains(&format!("rules: {RULES_VERSION},")), "{text}");
    let loaded = load::parse::<GameState>(&text, &db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.save.game.rules, RULES_VERSION);
    let newer = text.replace(
        &format!("rules: {RULES_VERSION},"),
        &format!("rules: {},", RULES_VERSION + 1),
    );
    // Without its check line: an edit on purpose.
    let newer: String = newer
        .lines()
        .filter(|l| !l.trim_start().starts_with("check:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let error = load::parse::<GameState>(&newer, &db())
        .err()
        .expect("refused")
        .to_string();
    assert!(
        error.contains(&format!("played under rules {}", RULES_VERSION + 1)),
        "{error}"
    );
}

#[test]
fn a_current_save_that_fails_gets_no_rules_note() {
    let start = GameState::start(&spec(RULES_VERSION), 5, &db()).expect("sets up");
    let save = SaveFile::new::<GameState>(spec(RULES_VERSION), 5, vec!["start c5".into()], &start);
    let mut broken = save.clone();
    broken.hash = "0000000000000000".into();
    broken.check = None;
    let text = to_text(&broken).expect("writes");
    let error = load::parse::<GameState>(&text, &db())
        .err()
        .expect("refused");
    assert!(matches!(error, LoadError::HashMismatch { .. }), "{error}");
}

#[test]
fn the_note_names_the_change_that_may_explain_it() {
    let mut s = spec(1);
    let note = |s: &GameSpec, failed: Option<&str>| rules_change_note(s, failed);
    assert_eq!(note(&s, None), NO_CARRY);
    assert_eq!(
        note(&s, Some("place e5")),
        "played under rules 1: placing with an empty supply now picks the piece up first"
    );
    assert_eq!(
        note(&s, Some("summon Cannon e5 0 borrow e5")),
        "played under rules 1: a lent piece now also counts as yours on the summoning square"
    );
    s.players = 3;
    assert!(note(&s, Some("colour 2")).contains("colour choices offer only colours"));
    s.mode = Mode::HighForm;
    s.players = 4;
    s.teams = true;
    assert_eq!(
        note(&s, None),
        "played under rules 1: extra legends now go to the teammate who holds the team's legends"
    );
}
