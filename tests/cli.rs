//! The command-line contract scripts rely on: `cards check`, `legal --json [--then]`, `sim --json`.

use std::path::PathBuf;
use std::process::{Command, Output};

fn tashkalar(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tashkalar"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A fresh directory under the system temp dir for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn cards_check_prints_counts_and_succeeds() {
    let db = table::tashkalar::engine::CardDb::builtin().expect("cards");
    let beings: usize = db.decks.iter().map(|d| d.cards.len()).sum();
    let out = tashkalar(&["cards", "check"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let expected = format!(
        "total: {beings} beings, {} legends, {} flares, {} tasks",
        db.legends.len(),
        db.flares.len(),
        db.tasks.len()
    );
    assert!(stdout(&out).contains(&expected), "{}", stdout(&out));
    assert!(stdout(&out).contains("Imperial   18 beings"));
    // Six decks of 18 (the two Imperial colours play one list), as the issue asks.
    assert!(
        stdout(&out).contains("total: 108 beings, 12 legends, 12 flares, 24 tasks"),
        "{}",
        stdout(&out)
    );
    for deck in ["Nethervoid 18 beings", "Etherweave 18 beings"] {
        assert!(stdout(&out).contains(deck), "{}", stdout(&out));
    }
}

#[test]
fn a_malformed_card_file_is_reported_with_its_position() {
    let dir = temp_dir("bad-cards");
    for (name, text) in table::tashkalar::engine::cards::BUILTIN {
        std::fs::write(dir.join(name), text).expect("write");
    }
    std::fs::write(dir.join("zz-broken.ron"), "(\n  deck: \"Broken\",\n  beings: [ (name: \"X\", rank: Common, pattern: [\"T c\"], text: \"\", effect: [Explode]) ],\n)\n")
        .expect("write");
    let out = tashkalar(&["cards", "check", "--cards", dir.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("zz-broken.ron:3:"), "{err}");
    // A validation error (not a syntax error) points at the card.
    std::fs::write(dir.join("zz-broken.ron"), "(\n  deck: \"Broken\",\n  beings: [ (name: \"Y\", rank: Common, pattern: [\"c c\"], text: \"\", effect: []) ],\n)\n")
        .expect("write");
    let out = tashkalar(&["cards", "check", "--cards", dir.to_str().unwrap()]);
    let err = stderr(&out);
    assert!(
        !out.status.success()
            && err.contains("zz-broken.ron:3:")
            && err.contains("summoning square"),
        "{err}"
    );
}

#[test]
fn legal_json_lists_the_pending_decision_and_applies_choices_by_index() {
    let dir = temp_dir("legal");
    let file = dir.join("s.ron");
    std::fs::write(
        &file,
        r#"(pieces: ["1c e4", "1c e6", "2c d6"], hands: [(beings: ["Swordmaster"])])"#,
    )
    .expect("write");
    let out = tashkalar(&["legal", file.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("one JSON document");
    assert_eq!(doc["seat"], 1);
    assert_eq!(doc["decision"], "action");
    let choices = doc["choices"].as_array().expect("choices");
    assert_eq!(choices[0]["kind"], "place");
    assert!(choices[0]["square"].is_string());
    let summon = choices
        .iter()
        .position(|c| c["kind"] == "summon")
        .expect("a summon choice");
    assert_eq!(choices[summon]["card"], "Swordmaster");
    assert_eq!(choices[summon]["target"], "e5");
    // Summon, then take the enemy common on d6.
    let then = format!("{summon}");
    let out = tashkalar(&[
        "legal",
        file.to_str().unwrap(),
        "--json",
        "--then",
        &then,
        "0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(doc["actions_left"], 1);
    assert_eq!(
        doc["board"][0], "## ## .. .. .. .. .. ## ##",
        "rank 9, corners cut"
    );
    assert_eq!(
        doc["board"][3], ".. .. .. .. 1c .. .. .. ..",
        "rank 6: d6 was taken"
    );
    assert_eq!(doc["board"][4], ".. .. .. .. 1h .. .. .. ..");
    assert_eq!(doc["scores"], serde_json::json!([0, 0]));
}

#[test]
fn legal_refuses_a_choice_index_that_does_not_exist() {
    let dir = temp_dir("legal-bad");
    let file = dir.join("s.ron");
    std::fs::write(&file, "(pieces: [])").expect("write");
    let out = tashkalar(&["legal", file.to_str().unwrap(), "--json", "--then", "9999"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("does not exist"), "{}", stderr(&out));
    std::fs::write(&file, "(pieces: [\"9z q1\"])").expect("write");
    let out = tashkalar(&["legal", file.to_str().unwrap(), "--json"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("pieces:"), "{}", stderr(&out));
}

#[test]
fn sim_plays_whole_games_and_reports_json() {
    let out = tashkalar(&[
        "sim",
        "--mode",
        "deathmatch",
        "--players",
        "2",
        "--games",
        "200",
        "--seed",
        "9",
        "--bots",
        "random,random",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(doc["games"], 200);
    assert_eq!(doc["errors"], 0);
    let wins: f64 = doc["wins"]
        .as_array()
        .expect("wins")
        .iter()
        .map(|w| w.as_f64().unwrap_or(0.0))
        .sum();
    assert!(
        (wins - 200.0).abs() < 1e-9,
        "every game has winners: {wins}"
    );
}

#[test]
fn sim_saves_every_game_and_replay_verify_checks_them() {
    let dir = temp_dir("sim-saves");
    let out = tashkalar(&[
        "sim",
        "--games",
        "4",
        "--seed",
        "10",
        "--bots",
        "random",
        "--save-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut saves: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("save dir")
        .flatten()
        .map(|e| e.path())
        .collect();
    saves.sort();
    assert_eq!(saves.len(), 4, "one save per game: {saves:?}");
    for save in &saves {
        let text = std::fs::read_to_string(save).expect("read");
        let hash = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("hash: \""))
            .and_then(|h| h.strip_suffix("\","))
            .expect("a hash line")
            .to_string();
        let out = tashkalar(&["replay", save.to_str().unwrap(), "--verify"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out), format!("ok {hash}\n"));
        assert!(stderr(&out).is_empty());
    }

    // A corrupted save: non-zero exit, one line naming the file and what is wrong; the file is
    // left as it was.
    let text = std::fs::read_to_string(&saves[0]).expect("read");
    let first_place = text.find("\"place ").expect("a placement");
    let mut bad = text.clone();
    bad.replace_range(first_place + 1..first_place + 6, "plaze");
    let broken = dir.join("broken.ron");
    std::fs::write(&broken, &bad).expect("write");
    let out = tashkalar(&["replay", broken.to_str().unwrap(), "--verify"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!("{}: choice ", broken.display())) && err.contains("plaze"),
        "{err}"
    );
    assert!(stdout(&out).is_empty());
    assert_eq!(std::fs::read_to_string(&broken).expect("read"), bad);
    // Truncated, and not a save at all.
    std::fs::write(&broken, &text[..text.len() / 2]).expect("write");
    let out = tashkalar(&["replay", broken.to_str().unwrap(), "--verify"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("truncated or corrupt"),
        "{}",
        stderr(&out)
    );
    let out = tashkalar(&["replay", "Cargo.toml", "--verify"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("Cargo.toml: not a save file"),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains("panicked"));
}

#[test]
fn think_names_the_bots_choice_and_its_alternatives() {
    let scenario = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/tui_knight.ron"
    );
    let out = tashkalar(&["think", scenario, "--bot", "easy", "--json", "--top", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(doc["bot"], "mcts:easy");
    assert_eq!(doc["choice"], "summon Knight e5 0");
    let alternatives = doc["alternatives"].as_array().expect("alternatives");
    assert_eq!(alternatives.len(), 3);
    assert_eq!(alternatives[0]["choice"], "summon Knight e5 0");
    assert!(alternatives[0]["visits"].as_u64().is_some_and(|v| v > 0));
    assert!(
        alternatives[0]["value"]
            .as_f64()
            .is_some_and(|v| (0.0..=1.0).contains(&v))
    );
    let words = stdout(&tashkalar(&["think", scenario, "--bot", "greedy"]));
    assert!(
        words.starts_with("greedy chooses: summon Knight e5 0"),
        "{words}"
    );
    // A level with a time limit of its own is still the search, with its visits.
    let out = tashkalar(&["think", scenario, "--bot", "mcts:easy@30", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(doc["bot"], "mcts:easy@30");
    assert_eq!(doc["choice"], "summon Knight e5 0");
    assert!(
        doc["alternatives"][0]["visits"]
            .as_u64()
            .is_some_and(|v| v > 0)
    );
}
