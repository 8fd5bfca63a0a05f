//! The bot protocol (`docs/bot-protocol.md`): observations written and read back exactly,
//! `tashkalar bot --level L` answering over it, and outside programs as seats of `sim`: the
//! binary itself plays the same games as the built-in bot, and a program that crashes, answers
//! garbage or runs out of time loses its game (a forfeit) while the tournament goes on.

mod common;

use serde_json::{Value, json};
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::AtomicBool;
use table::shell::ai::make_bot;
use table::shell::game::{Game, Heuristics};
use table::shell::record::Recordable;
use table::shell::rng::Rng;
use table::tashkalar::engine::{GameConfig, GameState, Mode};

const BIN: &str = env!("CARGO_BIN_EXE_tashkalar");

fn sim(args: &[&str]) -> Value {
    let out = Command::new(BIN)
        .arg("sim")
        .args(args)
        .arg("--json")
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("sim --json prints JSON")
}

/// Positions along random games of every deck, both forms, two to four seats.
fn positions() -> Vec<GameState> {
    let db = common::db();
    let decks: Vec<String> = db.decks.iter().map(|d| d.name.clone()).collect();
    let mut rng = Rng::seeded(17);
    let mut out = Vec::new();
    for game in 0..12u64 {
        let players = [2u8, 2, 3, 4][game as usize % 4];
        let mode = if game % 2 == 0 {
            Mode::Deathmatch
        } else {
            Mode::HighForm
        };
        let teams = mode == Mode::HighForm && players == 4;
        let players = if mode == Mode::HighForm && players == 3 {
            2
        } else {
            players
        };
        let config = GameConfig {
            mode,
            players,
            teams,
            decks: (0..players)
                .map(|s| decks[(game as usize + s as usize) % decks.len()].clone())
                .collect(),
        };
        let mut g = GameState::new_game(db.clone(), config, game).expect("a game");
        let mut legal = Vec::new();
        while !g.is_over() {
            out.push(g.clone());
            Game::legal(&g, &mut legal);
            let c = legal[rng.below(legal.len() as u32) as usize];
            g.play_listed(c);
        }
    }
    out
}

#[test]
fn an_observation_is_read_back_exactly_at_every_step_of_random_games() {
    let db = common::db();
    let mut checked = 0;
    for g in positions() {
        let seat = Game::to_move(&g);
        let obs = Game::observation(&g, seat);
        let wire = obs.wire().expect("Tash-Kalar is offered over the protocol");
        // Through text, as it travels.
        let text = wire.to_string();
        let back: Value = serde_json::from_str(&text).expect("JSON");
        let restored = GameState::from_wire(&db, &back).expect("reads back");
        assert_eq!(restored.state_hash(), obs.state_hash());
        assert_eq!(restored.view(obs.decider()), obs.view(obs.decider()));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        Game::legal(&restored, &mut a);
        Game::legal(&obs, &mut b);
        assert_eq!(a, b);
        assert_eq!(restored.evaluate(), obs.evaluate());
        checked += 1;
    }
    assert!(checked > 500, "{checked} positions");
}

#[test]
fn the_view_shows_the_own_hand_by_name_and_the_others_by_count() {
    let with = |theirs: &str| {
        common::scenario(&format!(
            r#"(seed: 5, hands: [(beings: ["Knight"], legends: [], flares: []), (beings: ["{theirs}"], legends: [], flares: [])])"#
        ))
    };
    let wire = Game::observation(&with("Bomb"), 0).wire().expect("wire");
    let view = &wire["view"];
    assert_eq!(view["hand"]["beings"], json!(["Knight"]));
    assert_eq!(view["hand_counts"][1]["beings"], json!(1));
    // What the other seat holds changes nothing that is sent.
    let other = Game::observation(&with("Cannon"), 0).wire().expect("wire");
    assert_eq!(wire, other);
}

#[test]
fn garbage_states_are_refused_with_a_sentence() {
    let db = common::db();
    let g = common::scenario("()");
    let mut wire = Game::observation(&g, 0).wire().expect("wire");
    for bad in [
        json!({"state": 3}),
        json!({}),
        {
            wire["state"]["seats"][0]["hand"] = json!([9999]);
            wire.clone()
        },
        {
            wire["state"]["pieces"] = json!([[200, {"colour": 0, "rank": "Common"}]]);
            wire.clone()
        },
    ] {
        assert!(GameState::from_wire(&db, &bad).is_err(), "{bad}");
    }
}

/// Runs `tashkalar bot --level LEVEL` with `lines` on its input.
fn bot(level: &str, lines: &[Value]) -> Output {
    let mut child = Command::new(BIN)
        .args(["bot", "--level", level])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    for line in lines {
        writeln!(input, "{line}").expect("write");
    }
    drop(input);
    child.wait_with_output().expect("bot output")
}

#[test]
fn bot_level_answers_hello_and_a_decision_with_the_built_in_choice() {
    let g = common::scenario("(seed: 4)");
    let obs = Game::observation(&g, 0);
    let mut legal = Vec::new();
    Game::legal(&obs, &mut legal);
    let texts: Vec<String> = legal.iter().map(|c| obs.choice_text(c)).collect();
    let decide = json!({"type": "decide", "seat": 0, "turn": 2, "observation": obs.wire(),
                        "legal": texts, "time_ms": 5000});
    let out = bot(
        "greedy",
        &[
            json!({"type": "hello", "protocol": 1, "seed": 77}),
            decide,
            json!({"type": "quit"}),
        ],
    );
    assert!(out.status.success());
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0]["type"], "ready");
    assert_eq!(lines[0]["name"], "greedy");
    assert_eq!(lines[1]["type"], "choice");
    let mut built_in = make_bot::<GameState>("greedy", 77).expect("greedy");
    let expected = built_in
        .choose(&obs, &AtomicBool::new(false))
        .expect("a choice");
    let index = lines[1]["index"].as_u64().expect("an index") as usize;
    assert_eq!(legal[index], expected);
    assert_eq!(lines[1]["text"], obs.choice_text(&expected));
}

#[test]
fn bot_level_answers_nonsense_with_an_error_line_and_goes_on() {
    let out = bot(
        "normal",
        &[
            json!("not a message"),
            json!({"type": "decide", "observation": {"state": {"pieces": 1}}}),
            json!({"type": "hello", "seed": 1}),
        ],
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines[0]["type"], "error");
    assert_eq!(lines[1]["type"], "error");
    assert_eq!(lines[2]["type"], "ready");
    assert_eq!(lines[2]["name"], "mcts:normal");
}

/// What a tournament's report says about its games, without its times.
fn outcome(report: &Value) -> Value {
    json!([
        report["wins"],
        report["average_scores"],
        report["average_turns"],
        report["errors"],
        report["forfeits"]
    ])
}

#[test]
fn the_binary_as_an_outside_program_plays_the_same_games_as_the_built_in_bot() {
    // The search level gets a time limit it never reaches on either side, so that a search cut
    // short by a busy machine cannot make the two runs differ.
    for (mode, level, bot) in [
        ("deathmatch", "greedy", "greedy"),
        ("high-form", "mcts:easy@600", "mcts:easy@600"),
    ] {
        let cmd = format!("cmd@1200:{BIN} bot --level {level}");
        let outside = sim(&[
            "--mode",
            mode,
            "--games",
            "2",
            "--seed",
            "31",
            "--bots",
            &format!("greedy,{cmd}"),
        ]);
        let inside = sim(&[
            "--mode",
            mode,
            "--games",
            "2",
            "--seed",
            "31",
            "--bots",
            &format!("greedy,{bot}"),
        ]);
        assert_eq!(outcome(&outside), outcome(&inside), "{mode}");
        assert_eq!(outside["forfeits"], json!([]));
    }
}

#[test]
fn a_level_with_a_time_limit_of_its_own_plays_and_a_bad_limit_is_a_one_line_error() {
    let report = sim(&[
        "--games",
        "1",
        "--seed",
        "5",
        "--bots",
        "greedy,mcts:easy@30",
    ]);
    assert_eq!(report["bots"][1]["name"], json!("mcts:easy@30"), "{report}");
    for bad in [
        "mcts:easy@",
        "mcts:easy@soon",
        "mcts:easy@-1",
        "mcts:easy@0",
        "mcts:wise@5",
    ] {
        let out = Command::new(BIN)
            .args(["sim", "--games", "1", "--bots"])
            .arg(format!("greedy,{bad}"))
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{bad} accepted");
        assert_eq!(err.trim().lines().count(), 1, "{bad}: {err}");
        assert!(!err.contains("panicked"), "{bad}: {err}");
    }
}

/// A shell script in a fresh file, as an outside program.
fn script(name: &str, body: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tashkalar-bots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, body).expect("script");
    path.display().to_string()
}

#[test]
fn a_program_that_crashes_answers_garbage_or_is_too_slow_forfeits_and_the_tournament_goes_on() {
    let ready = r#"read l; echo '{"type":"ready"}'"#;
    let crash = script("crash.sh", "exit 3\n");
    let garbage = script("garbage.sh", &format!("{ready}\nread l\necho hello\n"));
    let wrong = script(
        "wrong.sh",
        &format!("{ready}\nread l\necho '{{\"type\":\"choice\",\"index\":999}}'\n"),
    );
    let slow = script("slow.sh", &format!("{ready}\nread l\nsleep 5\n"));
    for (program, why) in [
        (format!("cmd@1:sh {crash}"), "exited"),
        ("cmd@1:/no/such/program".to_string(), "could not start"),
        (format!("cmd@1:sh {garbage}"), "not JSON"),
        (format!("cmd@1:sh {wrong}"), "index 999"),
        (format!("cmd@0.2:sh {slow}"), "no answer within"),
    ] {
        let report = sim(&[
            "--games",
            "2",
            "--seed",
            "3",
            "--bots",
            &format!("greedy,{program}"),
        ]);
        assert_eq!(report["games"], 2, "{program}");
        assert_eq!(report["errors"], 0, "{program}");
        let forfeits = report["forfeits"].as_array().expect("forfeits");
        assert_eq!(forfeits.len(), 2, "{program}: {report}");
        for f in forfeits {
            assert!(
                f.as_str().is_some_and(|f| f.contains(why)),
                "{program}: {f}"
            );
        }
        let greedy = report["bots"]
            .as_array()
            .expect("bots")
            .iter()
            .find(|b| b["name"] == "greedy")
            .expect("greedy's row")
            .clone();
        assert_eq!(
            greedy["wins"], 2.0,
            "{program}: the other seat wins every game"
        );
    }
}
