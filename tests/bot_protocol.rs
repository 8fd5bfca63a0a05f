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

// High Ground over the protocol.

mod hg_wire {
    use super::{BIN, outcome, sim};
    use serde_json::{Value, json};
    use std::collections::BTreeSet;
    use table::highground::{HighGround, Setup, Variant};
    use table::shell::game::Game;
    use table::shell::record::Recordable;
    use table::shell::rng::Rng;

    /// Positions along random games of both variants, two to four seats, the setup included.
    fn positions() -> Vec<HighGround> {
        let mut rng = Rng::seeded(23);
        let mut out = Vec::new();
        for game in 0..12u64 {
            let players = [2u8, 3, 4][game as usize % 3];
            let variant = if game % 2 == 0 {
                Variant::Normal
            } else {
                Variant::Mini
            };
            let mut g = HighGround::new_game(Setup { players, variant }, game).expect("a game");
            let mut legal = Vec::new();
            while !Game::is_over(&g) {
                out.push(g.clone());
                Game::legal(&g, &mut legal);
                let c = legal[rng.below(legal.len() as u32) as usize];
                g.play_listed(c);
            }
        }
        out
    }

    #[test]
    fn a_high_ground_observation_is_read_back_exactly_at_every_step_of_random_games() {
        let mut decisions = BTreeSet::new();
        let mut checked = 0;
        for g in positions() {
            let obs = Game::observation(&g, Game::to_move(&g));
            let wire = obs
                .wire()
                .expect("High Ground is offered over the protocol");
            // Through text, as it travels.
            let back: Value = serde_json::from_str(&wire.to_string()).expect("JSON");
            let restored = HighGround::from_wire(&(), &back).expect("reads back");
            // The very same game: every field, the generator and the cards unseen included.
            assert_eq!(restored, obs, "{wire}");
            assert_eq!(restored.state_hash(), obs.state_hash());
            decisions.insert(obs.pending().name());
            checked += 1;
        }
        assert!(checked > 1000, "{checked} positions");
        // Every kind of decision a seat can face went over the wire.
        for name in [
            "lay",
            "king",
            "level",
            "action",
            "moving",
            "playing",
            "discarding",
            "die",
            "dug",
            "hop-attack",
        ] {
            assert!(decisions.contains(name), "no `{name}` among {decisions:?}");
        }
    }

    /// A duel where seat 2 holds `theirs`; seat 1 to move holds 7 and Q.
    fn duel(theirs: &str) -> HighGround {
        HighGround::from_position(&format!(
            r#"(
                board: ["0,2: K", "-1,1: 5", "0,1: 6", "1,1: 7", "-2,0: K", "-1,0: 4",
                        "0,0: 9", "1,0: 3", "2,0: K", "-1,-1: 8", "0,-1: 9", "1,-1: 2",
                        "0,-2: K"],
                kings: ["0,-2", "0,2"],
                stacks: ["0,-2: 1Lt 1Mt 1St", "0,-2: 1Sn 1Mn 1Ln",
                         "0,2: 2Lt 2Mt 2St", "0,2: 2Sn 2Mn 2Ln"],
                hands: ["7 Q", "{theirs}"],
                discard: "2 5",
                seed: 4,
            )"#
        ))
        .expect("the position")
    }

    #[test]
    fn the_document_shows_the_own_hand_by_name_and_the_other_hands_and_piles_by_size() {
        let wire = Game::observation(&duel("A joker 3"), 0)
            .wire()
            .expect("wire");
        assert_eq!(wire["game"], "high-ground");
        assert_eq!(wire["seat"], 1);
        assert_eq!(wire["hand"], "7 Q");
        assert_eq!(wire["hand_sizes"], json!([2, 3]));
        assert_eq!(wire["discard"], "2 5");
        assert_eq!(wire["decision"], json!({"name": "action"}));
        assert_eq!(wire["kings"], json!(["0,-2", "0,2"]));
        assert_eq!(wire["stacks"][0], "0,2: 2Sn 2Mn 2Ln");
        assert_eq!(wire["stacks"][3], "0,-2: 1Lt 1Mt 1St");
        let n = |v: &Value| v.as_u64().expect("a number");
        // 54 cards: 13 on the board, 2 + 3 in hand, 2 discarded.
        assert_eq!(n(&wire["deck"]), 54 - 13 - 5 - 2);
        assert_eq!(n(&wire["pile"]), 0);
        // What the other seat holds (and so the order of the draw pile) changes nothing sent.
        let same_size = Game::observation(&duel("8 8 J"), 0).wire().expect("wire");
        assert_eq!(wire, same_size);
        let text = wire.to_string();
        assert!(!text.contains("\"8 8 J\"") && !text.contains("\"A joker 3\""));
    }

    #[test]
    fn malformed_high_ground_documents_are_refused_with_a_sentence() {
        let good = Game::observation(&duel("A joker 3"), 0)
            .wire()
            .expect("wire");
        let with = |field: &str, value: Value| {
            let mut w = good.clone();
            w[field] = value;
            w
        };
        for (bad, why) in [
            (json!(3), "not a High Ground observation"),
            (json!({}), "not a High Ground observation"),
            (with("game", json!("chess")), "game"),
            (with("variant", json!("huge")), "variant"),
            (with("players", json!(7)), "players"),
            (with("players", json!(-1)), "not a High Ground observation"),
            (with("seat", json!(3)), "seat"),
            (with("seat", json!(0)), "seat"),
            (with("turn", json!(0)), "turn 0"),
            (with("quiet", json!(99)), "quiet"),
            (with("hand", json!("7 Q Q Q")), "hand_sizes"),
            (with("hand", json!("7 Z")), "`Z` is not a card"),
            (with("hand", json!("K Q")), "Kings"),
            (with("discard", json!("5 5 5 5 5")), "one 5 too many"),
            (with("hand_sizes", json!([2])), "hand_sizes"),
            (with("hand_sizes", json!([2, 9])), "hand_sizes"),
            (with("deck", json!(3)), "out of sight"),
            (with("deck", json!(1_000_000_000_000u64)), "out of sight"),
            (with("deck", json!(u64::MAX)), "out of sight"),
            (with("pile", json!(2)), "out of sight"),
            (with("kings", json!(["0,-2"])), "kings"),
            (with("kings", json!(["0,-1", "0,2"])), "kings"),
            (with("board", json!(["0,0: 9", "5,5: 3"])), "connected"),
            (with("board", json!(["0,0: 9 K"])), "King"),
            (with("board", json!(["99,0: 9"])), "board"),
            (with("stacks", json!(["0,-2: 1Lt 1Lt"])), "two places"),
            (with("stacks", json!(["0,-2: 3Lt"])), "not in this game"),
            (with("stacks", json!(["7,7: 1Lt"])), "no card"),
            (with("die", json!("jump")), "die"),
            (
                with("decision", json!({"name": "dance"})),
                "not a High Ground observation",
            ),
            (
                with(
                    "decision",
                    json!({"name": "moving", "piece": "2Lt", "visited": ["0,2"]}),
                ),
                "not the seat's pyramid",
            ),
            (
                with(
                    "decision",
                    json!({"name": "moving", "piece": "1Lt", "visited": []}),
                ),
                "not the seat's pyramid",
            ),
            (
                with(
                    "decision",
                    json!({"name": "level", "at": "0,0", "then": "playing"}),
                ),
                "no Joker",
            ),
            (
                with("decision", json!({"name": "dug", "card": "K"})),
                "one K too many",
            ),
            (
                with("decision", json!({"name": "lay", "card": "5"})),
                "decision",
            ),
        ] {
            match HighGround::from_wire(&(), &bad) {
                Ok(_) => panic!("accepted: {bad}"),
                Err(e) => assert!(e.contains(why), "{bad}\n`{e}` does not say `{why}`"),
            }
        }
    }

    #[test]
    fn mangled_high_ground_documents_never_panic() {
        // Every field of documents from random games replaced by values of every kind: each is
        // refused with a sentence, or read into a game whose choices can be listed and played.
        let junk = [
            json!(null),
            json!(-3),
            json!(0),
            json!(7),
            json!(u64::MAX),
            json!("K"),
            json!("0,0"),
            json!("1Lt"),
            json!([]),
            json!(["0,0: K", "5,5: joker"]),
            json!([null, "0,2"]),
            json!({"name": "moving", "piece": "1St", "visited": ["0,0", "0,0"]}),
            json!({"name": "level", "at": "0,0", "then": "end-turn"}),
        ];
        let mut rng = Rng::seeded(5);
        let (mut read, mut refused) = (0, 0);
        for g in positions().into_iter().step_by(37) {
            let wire = Game::observation(&g, Game::to_move(&g))
                .wire()
                .expect("wire");
            let fields: Vec<String> = wire
                .as_object()
                .expect("an object")
                .keys()
                .cloned()
                .collect();
            for field in &fields {
                let mut bad = wire.clone();
                bad[field] = junk[rng.below(junk.len() as u32) as usize].clone();
                match HighGround::from_wire(&(), &bad) {
                    Ok(mut back) => {
                        read += 1;
                        let mut legal = Vec::new();
                        Game::legal(&back, &mut legal);
                        if let Some(c) = legal.first() {
                            back.play_listed(*c);
                        }
                    }
                    Err(why) => {
                        refused += 1;
                        assert!(!why.is_empty());
                    }
                }
            }
        }
        assert!(refused > 100, "{refused} refused, {read} read");
    }

    #[test]
    fn bot_serves_high_ground() {
        let g = duel("A joker 3");
        let obs = Game::observation(&g, 0);
        let mut legal = Vec::new();
        Game::legal(&obs, &mut legal);
        let texts: Vec<String> = legal.iter().map(|c| obs.choice_text(c)).collect();
        let decide = json!({"type": "decide", "seat": 0, "turn": 1, "observation": obs.wire(),
                            "legal": texts, "time_ms": 5000});
        let mut child = std::process::Command::new(BIN)
            .args(["--game", "high-ground", "bot", "--level", "greedy"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the binary runs");
        {
            use std::io::Write;
            let mut input = child.stdin.take().expect("stdin");
            for line in [
                json!({"type": "hello", "protocol": 1, "seed": 77}),
                decide,
                json!({"type": "decide", "observation": {"game": "high-ground"}}),
                json!({"type": "quit"}),
            ] {
                writeln!(input, "{line}").expect("write");
            }
        }
        let out = child.wait_with_output().expect("bot output");
        assert!(out.status.success());
        let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON lines"))
            .collect();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(lines[0]["type"], "ready");
        let mut built_in = table::shell::ai::make_bot::<HighGround>("greedy", 77).expect("greedy");
        let expected = built_in
            .choose(&obs, &std::sync::atomic::AtomicBool::new(false))
            .expect("a choice");
        assert_eq!(lines[1]["text"], obs.choice_text(&expected));
        assert_eq!(
            lines[1]["index"],
            json!(legal.iter().position(|c| *c == expected))
        );
        assert_eq!(lines[2]["type"], "error");
    }

    /// The saves in `dir`, in name order: each one's choices and final hash.
    fn played(dir: &std::path::Path) -> Vec<(Vec<String>, String)> {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("the save dir")
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        files
            .iter()
            .map(|f| {
                let text = std::fs::read_to_string(f).expect("a save");
                let choices: Vec<String> = text
                    .split("choices: [")
                    .nth(1)
                    .and_then(|rest| rest.split(']').next())
                    .expect("the choices")
                    .lines()
                    .map(|l| l.trim().trim_end_matches(',').trim_matches('"').to_string())
                    .filter(|l| !l.is_empty())
                    .collect();
                let hash = text
                    .lines()
                    .find_map(|l| l.trim().strip_prefix("hash: "))
                    .expect("the final hash")
                    .to_string();
                (choices, hash)
            })
            .collect()
    }

    #[test]
    fn the_binary_as_an_outside_program_plays_the_same_high_ground_games_as_the_built_in_bot() {
        // The search gets a time limit it never reaches on either side, so that a search cut
        // short by a busy machine cannot make the two runs differ.
        let base = std::env::temp_dir().join(format!("hg-bots-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let cmd = format!("cmd@1200:{BIN} --game high-ground bot --level mcts:easy@600");
        let mut runs = Vec::new();
        for (name, bot) in [("outside", cmd.as_str()), ("inside", "mcts:easy@600")] {
            let dir = base.join(name);
            std::fs::create_dir_all(&dir).expect("a save dir");
            let report = sim(&[
                "--game",
                "high-ground",
                "--games",
                "2",
                "--seed",
                "31",
                "--bots",
                &format!("greedy,{bot}"),
                "--save-dir",
                dir.to_str().expect("utf-8"),
            ]);
            assert_eq!(report["forfeits"], json!([]), "{report}");
            runs.push((outcome(&report), played(&dir)));
        }
        assert_eq!(runs[0].0, runs[1].0);
        assert_eq!(runs[0].1.len(), 2);
        assert!(runs[0].1.iter().all(|(choices, _)| choices.len() > 20));
        assert_eq!(runs[0].1, runs[1].1, "the same choices and final hashes");
        let _ = std::fs::remove_dir_all(&base);
    }
}
