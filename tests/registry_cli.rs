//! The command line is the registry's: adding the toy game (Nim, `tests/nim`) to the list of games
//! makes every command work for it, through the same code `main` runs; another game's option is
//! refused in one line naming the game it belongs to; and `main.rs` names no game.

mod nim;

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use table::shell::cli::{Io, run_args};
use table::shell::registry::Registry;

/// The table's games and Nim.
fn registry() -> Registry {
    let mut registry = table::games::registry();
    registry.games.push(Box::new(nim::NimGame));
    registry
}

/// Runs a command line with `input` on standard input: (success, output, errors).
fn run(args: &[&str], input: &str) -> (bool, String, String) {
    let mut input = Cursor::new(input.as_bytes().to_vec());
    let (mut output, mut errors) = (Vec::new(), Vec::new());
    let io = Io {
        input: &mut input,
        output: &mut output,
        errors: &mut errors,
    };
    let mut all = vec!["tashkalar"];
    all.extend_from_slice(args);
    let status = run_args(registry(), all, io);
    (
        status == ExitCode::SUCCESS,
        String::from_utf8_lossy(&output).into_owned(),
        String::from_utf8_lossy(&errors).into_owned(),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("table-registry-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("writes");
    path.display().to_string()
}

#[test]
fn every_command_works_for_a_game_added_to_the_registry() {
    let dir = temp_dir("nim");
    let saves = dir.join("saves");
    let saves = saves.to_str().expect("utf-8 path");
    // The game's data check.
    let (ok, out, err) = run(&["--game", "nim", "cards", "check"], "");
    assert!(ok && out.contains("Nim has no data files"), "{out}{err}");
    // A tournament, with its option and its saves.
    let (ok, out, err) = run(
        &[
            "sim",
            "--game",
            "nim",
            "--heaps",
            "2,3",
            "--games",
            "4",
            "--bots",
            "greedy,random",
            "--json",
            "--save-dir",
            saves,
        ],
        "",
    );
    assert!(ok, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(report["games"], 4, "{report}");
    // Every save verifies, and names its game for replay.
    let files: Vec<PathBuf> = std::fs::read_dir(saves)
        .expect("saves written")
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(files.len(), 4);
    for file in &files {
        let (ok, out, err) = run(&["replay", "--verify", &file.display().to_string()], "");
        assert!(ok && out.starts_with("ok "), "{}: {err}", file.display());
    }
    // `legal`, with `--then`, as words and as JSON.
    let position = write(&dir, "pos.ron", "(heaps: [1, 2], to_move: 0)");
    let (ok, out, _) = run(&["legal", "--game", "nim", &position], "");
    assert!(ok);
    assert_eq!(
        out,
        "seat 1 decides: take tokens from a heap\n   0: take 1 from 1\n   1: take 1 from 2\n   2: take 2 from 2\n"
    );
    let (ok, out, _) = run(
        &["legal", "--game", "nim", &position, "--json", "--then", "2"],
        "",
    );
    assert!(ok);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(doc["seat"], 2);
    assert_eq!(doc["state"]["heaps"], serde_json::json!([1, 0]));
    assert_eq!(doc["choices"][0]["text"], "take 1 from 1");
    // An index the decision lacks: one line, nothing printed.
    let (ok, out, err) = run(&["legal", "--game", "nim", &position, "--then", "9"], "");
    assert!(!ok && out.is_empty());
    assert!(err.contains("choice 9 does not exist"), "{err}");
    assert_eq!(err.lines().count(), 1);
    // `think`: the winning take of (1, 2) is 1 from heap 2.
    let (ok, out, err) = run(
        &["think", "--game", "nim", &position, "--bot", "normal"],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("chooses: take 1 from 2"), "{out}");
    // `bot`: the protocol, served for the game.
    let session = concat!(
        r#"{"type":"hello","protocol":1,"seed":3}"#,
        "\n",
        r#"{"type":"decide","seat":0,"turn":1,"observation":{"heaps":[1,2],"to_move":0,"turn":1},"legal":["take 1 from 1","take 1 from 2","take 2 from 2"],"time_ms":2000}"#,
        "\n",
        r#"{"type":"quit"}"#,
        "\n"
    );
    let (ok, out, err) = run(&["bot", "--game", "nim", "--level", "normal"], session);
    assert!(ok, "{err}");
    let answers: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    assert_eq!(answers[0]["type"], "ready");
    assert_eq!(answers[1]["text"], "take 1 from 2", "{out}");
    // `play` reaches the game (and stops at the terminal, which a test has none of), and so
    // does `--continue` on a game of Nim in progress.
    {
        use table::shell::game::Game;
        use table::shell::record::Recordable;
        let spec = nim::spec_of(vec![2, 2], &[]);
        let mut game = nim::Nim::start(&spec, 1, &()).expect("starts");
        let take = game.parse_choice("take 1 from 1").expect("reads");
        game.play(take).expect("legal");
        let save = table::shell::record::SaveFile::new::<nim::Nim>(
            spec,
            1,
            vec!["take 1 from 1".into()],
            &game,
        );
        let text = table::shell::record::save::to_text(&save).expect("writes");
        table::shell::record::save::write_new(Path::new(saves), "nim-going", &text).expect("saved");
    }
    for args in [
        &[
            "play",
            "--game",
            "nim",
            "--heaps",
            "2,2",
            "--save-dir",
            saves,
        ][..],
        &["play", "--continue", "--save-dir", saves][..],
    ] {
        let (ok, _, err) = run(args, "");
        assert!(
            !ok && err.contains("interactive terminal"),
            "{args:?}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn another_games_option_is_refused_in_one_line_naming_its_game() {
    for (args, expected) in [
        (
            &["sim", "--game", "nim", "--mode", "deathmatch"][..],
            "--mode is Tash-Kalar's (--game tash-kalar) option, not Nim's; Nim takes --heaps",
        ),
        (
            &["sim", "--heaps", "3"][..],
            "--heaps is Nim's (--game nim) option, not Tash-Kalar's",
        ),
        (
            &["play", "--game", "high-ground", "--decks", "Imperial"][..],
            "--decks is Tash-Kalar's (--game tash-kalar) option, not High Ground's",
        ),
        (
            &["--game", "nim", "--cards", "/x", "cards", "check"][..],
            "--cards is Tash-Kalar's (--game tash-kalar) or Res Arcana's (--game res-arcana) \
             option, not Nim's",
        ),
        (
            &["--game", "chess", "cards", "check"][..],
            "unknown game `chess`",
        ),
    ] {
        let (ok, out, err) = run(args, "");
        assert!(!ok && out.is_empty(), "{args:?}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn a_game_without_a_capability_says_so() {
    // Nim without its position format would answer like this; every built-in game has one, so
    // the refusal is checked on the trait's own default.
    struct Bare;
    impl table::shell::registry::GameDef for Bare {
        fn about(&self) -> &'static table::shell::registry::About {
            nim::NimGame.about()
        }
        fn entry(
            &self,
            _: &table::shell::registry::Options,
        ) -> Result<
            Box<dyn table::shell::tui::catalog::GameEntry>,
            table::shell::registry::CommandError,
        > {
            Ok(Box::new(nim::entry()))
        }
        fn check(
            &self,
            _: &table::shell::registry::Options,
        ) -> Result<String, table::shell::registry::CommandError> {
            Ok(String::new())
        }
        fn table(
            &self,
            _: &table::shell::registry::Options,
            _: &table::shell::registry::PlayRequest,
            _: &table::shell::tui::table::TableEnv,
        ) -> Result<
            Box<dyn table::shell::tui::table::TableScreen>,
            table::shell::registry::CommandError,
        > {
            Err("no".into())
        }
        fn sim(
            &self,
            _: &table::shell::registry::Options,
            _: &table::shell::registry::SimRequest,
        ) -> Result<String, table::shell::registry::CommandError> {
            Err("no".into())
        }
    }
    use table::shell::registry::GameDef;
    let e = Bare
        .legal(&Default::default(), "", &[], false)
        .expect_err("no position format");
    assert_eq!(
        e.to_string(),
        "`legal` needs a position format, and Nim has none"
    );
    let e = Bare
        .serve(
            &Default::default(),
            "normal",
            &mut Cursor::new(Vec::new()),
            &mut Vec::new(),
        )
        .expect_err("no wire format");
    assert!(e.to_string().contains("wire format"), "{e}");
}

#[test]
fn main_and_the_shell_name_no_game() {
    let registry = registry();
    let main = std::fs::read_to_string("src/main.rs").expect("src/main.rs");
    for game in &registry.games {
        let about = game.about();
        let module = about.id.replace('-', "");
        for name in [about.title, about.id, module.as_str()] {
            assert!(!main.contains(name), "main.rs names {name}");
        }
    }
}

#[test]
fn a_tournament_that_would_run_past_the_largest_seed_is_refused() {
    let max = u64::MAX.to_string();
    let (ok, out, err) = run(
        &[
            "sim", "--game", "nim", "--seed", &max, "--games", "2", "--bots", "random",
        ],
        "",
    );
    assert!(!ok && out.is_empty());
    assert!(err.contains("goes past the largest seed"), "{err}");
    // The largest seed itself is a seed like any other.
    let (ok, out, err) = run(
        &[
            "sim", "--game", "nim", "--seed", &max, "--games", "1", "--bots", "random", "--json",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("\"games\":1"), "{out}");
}
