//! High Ground from the command line: `sim --game high-ground` plays and reports, its saves pass
//! `replay --verify` (and a damaged one does not), and `play --game high-ground` takes the
//! player counts the game has and refuses the others with a reason, before touching the
//! terminal.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs the binary without a terminal: exit code, stdout, stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tashkalar"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hg-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn sim_plays_high_ground_between_bots_and_reports_in_words_and_json() {
    let (code, out, err) = run(&[
        "sim",
        "--game",
        "high-ground",
        "--bots",
        "greedy,random",
        "--games",
        "20",
        "--seed",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("20 games of High Ground (normal) for 2 players (greedy vs random)"),
        "{out}"
    );
    for words in [
        "greedy",
        "random",
        "wins in",
        "95% CI",
        "average turns",
        "errors: 0",
    ] {
        assert!(out.contains(words), "`{words}`:\n{out}");
    }
    // Mini, three players, as JSON: every game has its winners (or shares a draw).
    let (code, out, err) = run(&[
        "sim",
        "--game",
        "high-ground",
        "--variant",
        "mini",
        "--players",
        "3",
        "--bots",
        "random,greedy,random",
        "--games",
        "12",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(doc["games"], 12);
    assert_eq!(doc["errors"], 0);
    let wins: f64 = doc["wins"]
        .as_array()
        .expect("wins")
        .iter()
        .filter_map(|w| w.as_f64())
        .sum();
    assert!(
        (wins - 12.0).abs() < 1e-9,
        "every game is shared out: {wins}"
    );
}

#[test]
fn high_ground_saves_from_sim_pass_replay_verify_and_a_damaged_one_fails() {
    let dir = temp_dir("verify");
    let (code, _, err) = run(&[
        "sim",
        "--game",
        "high-ground",
        "--bots",
        "greedy,random",
        "--games",
        "3",
        "--seed",
        "20",
        "--save-dir",
        dir.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(code, 0, "{err}");
    let mut saves: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the save dir")
        .flatten()
        .map(|e| e.path())
        .collect();
    saves.sort();
    assert_eq!(saves.len(), 3, "{saves:?}");
    for save in &saves {
        let text = std::fs::read_to_string(save).expect("read");
        assert!(
            text.contains("format: \"highground-save\""),
            "the save names its game:\n{text}"
        );
        let (code, out, err) = run(&["replay", save.to_str().expect("utf-8"), "--verify"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("ok ") && out.lines().count() == 1, "{out}");
        assert!(err.is_empty(), "{err}");
    }
    // One choice changed into nonsense: refused in one line naming the file.
    let text = std::fs::read_to_string(&saves[0]).expect("read");
    let at = text
        .find("\"move ")
        .or_else(|| text.find("\"play "))
        .expect("a move or a play");
    let mut bad = text.clone();
    bad.replace_range(at + 1..at + 5, "mvoe");
    let broken = dir.join("broken.ron");
    std::fs::write(&broken, &bad).expect("write");
    let (code, out, err) = run(&["replay", broken.to_str().expect("utf-8"), "--verify"]);
    assert_ne!(code, 0);
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&broken.display().to_string()), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_takes_two_to_four_players_and_refuses_the_rest_with_a_reason() {
    let dir = temp_dir("play");
    let saves = dir.to_str().expect("utf-8");
    // Accepted: the game is dealt, and only the missing terminal stops it.
    for players in ["2", "3", "4"] {
        for variant in ["normal", "mini"] {
            let (code, out, err) = run(&[
                "play",
                "--game",
                "high-ground",
                "--players",
                players,
                "--variant",
                variant,
                "--ai",
                "2=normal",
                "--save-dir",
                saves,
            ]);
            assert_eq!(code, 1, "{players} {variant}: {err}");
            assert!(
                err.contains("needs an interactive terminal"),
                "{players}: {err}"
            );
            assert!(out.is_empty());
        }
    }
    // Refused: with the reason, before the terminal.
    for (args, reason) in [
        (&["--players", "1"][..], "--players"),
        (&["--players", "5"][..], "--players"),
        (&["--variant", "huge"][..], "huge"),
        (
            &["--mode", "deathmatch"][..],
            "--mode is Tash-Kalar's (--game tash-kalar) option, not High Ground's",
        ),
        (
            &["--teams", "--players", "4"][..],
            "--teams is Tash-Kalar's (--game tash-kalar) option",
        ),
        (&["--ai", "5=normal"][..], "5"),
        (&["--ai", "2=genius"][..], "genius"),
    ] {
        let mut all = vec!["play", "--game", "high-ground", "--save-dir", saves];
        all.extend_from_slice(args);
        let (code, out, err) = run(&all);
        assert_ne!(code, 0, "{args:?}");
        assert!(err.contains(reason), "{args:?}: {err}");
        assert!(!err.contains("interactive terminal"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn high_ground_is_served_over_the_bot_protocol_and_outside_programs_take_its_seats() {
    // `bot` answers hello and quits at quit.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tashkalar"))
        .args(["--game", "high-ground", "bot", "--level", "normal"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    {
        use std::io::Write;
        let mut input = child.stdin.take().expect("stdin");
        writeln!(input, r#"{{"type":"hello","protocol":1,"seed":1}}"#).expect("write");
        writeln!(input, r#"{{"type":"quit"}}"#).expect("write");
    }
    let out = child.wait_with_output().expect("output");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"name\":\"mcts:normal\",\"protocol\":1,\"type\":\"ready\"}\n"
    );
    // An outside program is seated, no longer refused up front: one that cannot start forfeits
    // its games and the tournament reports them.
    let (code, out, err) = run(&[
        "sim",
        "--game",
        "high-ground",
        "--bots",
        "greedy,cmd@1:/no/such/program",
        "--games",
        "2",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(report["games"], 2);
    let forfeits = report["forfeits"].as_array().expect("forfeits");
    assert_eq!(forfeits.len(), 2, "{report}");
    assert!(
        forfeits
            .iter()
            .all(|f| f.as_str().is_some_and(|f| f.contains("could not start"))),
        "{report}"
    );
}

/// Two High Ground saves written by the program before rules versions (rules 1, commit 7711738:
/// `sim --game high-ground --games 6 --seed 40 --bots greedy,random --save-dir`, the games of
/// seeds 42 and 40). The first is untouched by the rules of issue 49 and still verifies; in the
/// second a move that ended by itself under rules 1 now may attack a hobbled pyramid, so the
/// recorded `roll` lands in the middle of that move: refused in one line naming the change.
#[test]
fn old_high_ground_saves_still_verify_or_are_refused_with_a_note_naming_the_rules_change() {
    let (code, out, err) = run(&[
        "replay",
        "tests/saves/hg-rules1-still-replays.ron",
        "--verify",
    ]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    assert!(out.starts_with("ok "), "{out}");
    let (code, out, err) = run(&["replay", "tests/saves/hg-rules1-changed.ron", "--verify"]);
    assert_ne!(code, 0);
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(r#"choice 37 "roll" is not legal here"#)
            && err.trim_end().ends_with(
                "(played under rules 1: attacks on hobbled pyramids, trapping, discarding and \
                 where cards go changed)"
            ),
        "{err}"
    );
}

#[test]
fn sim_reports_each_games_result_and_the_drawn_games_for_both_games() {
    // Random bots draw most High Ground games (thirty rounds without a kill).
    let (code, out, err) = run(&[
        "sim",
        "--game",
        "high-ground",
        "--bots",
        "random",
        "--games",
        "10",
        "--seed",
        "4",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let results = report["results"].as_array().expect("results");
    assert_eq!(results.len(), 10);
    let drawn = results.iter().filter(|r| r["drawn"] == true).count();
    assert_eq!(report["draws"], drawn);
    assert!(drawn > 0, "{report}");
    for (i, r) in results.iter().enumerate() {
        assert_eq!(r["game"], i + 1);
        let winners = r["winners"].as_array().expect("winners");
        // A drawn game is shared by both seats; a won one has one winner.
        assert_eq!(winners.len(), if r["drawn"] == true { 2 } else { 1 }, "{r}");
    }
    let (code, text, err) = run(&[
        "sim",
        "--game",
        "high-ground",
        "--bots",
        "random",
        "--games",
        "10",
        "--seed",
        "4",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains(&format!("draws: {drawn}\n")), "{text}");
    // Tash-Kalar's report says the same.
    let (code, out, err) = run(&[
        "sim", "--bots", "greedy", "--games", "2", "--seed", "3", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let drawn = report["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter(|r| r["drawn"] == true)
        .count();
    assert_eq!(report["draws"], drawn);
}
