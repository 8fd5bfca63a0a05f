//! Res Arcana from the command line, through the registry like every game: the data check,
//! `legal` (words, JSON, `--then`), `think`, `sim` with saves that verify, and `bot`.

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use table::shell::cli::{Io, run_args};

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
    let status = run_args(table::games::registry(), all, io);
    (
        status == ExitCode::SUCCESS,
        String::from_utf8_lossy(&output).into_owned(),
        String::from_utf8_lossy(&errors).into_owned(),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("table-ra-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("writes");
    path.display().to_string()
}

/// Seat 1 acts: it may discard either card, use its Seer, or pass.
const POSITION: &str = r#"(
    to_move: 1,
    seats: [
        (pool: (elan: 2, gold: 1), hand: ["Fire Dragon", "Hawk"], deck: ["Vault"],
         play: [(card: "Seer"), (card: "Alchemy")]),
        (pool: (life: 3), play: [(card: "Druid")]),
    ],
    monuments: ["Obelisk", "Temple"],
    monument_deck: ["Colossus"],
    places: ["Sacred Grove"],
)"#;

#[test]
fn the_data_check_counts_every_kind() {
    let (ok, out, err) = run(&["--game", "res-arcana", "cards", "check"], "");
    assert!(ok, "{err}");
    for line in [
        "mages                  10",
        "magic items            8",
        "artifacts              40",
        "monuments              10",
        "Place of Power sides   10",
        "total: 78 components",
    ] {
        assert!(out.contains(line), "{out}");
    }
    // A folder with a broken file: one line naming the file.
    let dir = temp_dir("broken");
    write(&dir, "mages.ron", "[ (name: \"Seer\", oops) ]");
    let dir = dir.display().to_string();
    let (ok, out, err) = run(
        &["--game", "res-arcana", "--cards", &dir, "cards", "check"],
        "",
    );
    assert!(!ok && out.is_empty());
    assert!(err.contains("mages.ron"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn legal_lists_the_choices_and_the_state_and_then_plays_on() {
    let dir = temp_dir("legal");
    let position = write(&dir, "pos.ron", POSITION);
    let (ok, out, err) = run(&["legal", "--game", "res-arcana", &position], "");
    assert!(ok, "{err}");
    assert!(
        out.starts_with("seat 1 decides: the turn's action\n"),
        "{out}"
    );
    assert!(
        out.contains(": use Seer 1\n") && out.contains(": pass\n"),
        "{out}"
    );

    let (ok, out, err) = run(&["legal", "--game", "res-arcana", &position, "--json"], "");
    assert!(ok, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(doc["seat"], 1);
    let state = &doc["state"];
    assert_eq!(state["phase"], "actions");
    assert_eq!(state["first_player"], 1);
    assert_eq!(state["seats"][0]["pool"]["elan"], 2);
    assert_eq!(state["seats"][1]["pool"]["life"], 3);
    let components = state["components"].as_array().expect("components");
    assert_eq!(components.len(), 78, "every component, once");
    let find = |name: &str| {
        components
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("{name}"))
    };
    assert_eq!(find("Hawk")["location"], "hand");
    assert_eq!(find("Hawk")["owner"], 1);
    assert_eq!(find("Vault")["location"], "deck");
    assert_eq!(find("Druid")["location"], "in play");
    assert_eq!(find("Druid")["owner"], 2);
    assert_eq!(find("Colossus")["location"], "monument deck");
    assert_eq!(find("Obelisk")["location"], "monument display");
    assert_eq!(find("Sacred Grove")["location"], "supply");
    assert_eq!(find("Dragon Bridle")["location"], "out of the game");

    // `--then`: pass; seat 2 decides next.
    let choices = doc["choices"].as_array().expect("choices");
    let pass = choices
        .iter()
        .position(|c| c["text"] == "pass")
        .expect("pass is offered");
    let (ok, out, err) = run(
        &[
            "legal",
            "--game",
            "res-arcana",
            &position,
            "--json",
            "--then",
            &pass.to_string(),
        ],
        "",
    );
    assert!(ok, "{err}");
    let after: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(after["state"]["seats"][0]["passed"], true, "{after}");
    // An index the decision lacks: one line, nothing printed.
    let (ok, out, err) = run(
        &["legal", "--game", "res-arcana", &position, "--then", "99"],
        "",
    );
    assert!(!ok && out.is_empty());
    assert!(err.contains("choice 99 does not exist"), "{err}");
    assert_eq!(err.lines().count(), 1);
    // A position naming no such card: one line naming the field.
    let bad = write(
        &dir,
        "bad.ron",
        "(to_move: 1, seats: [(hand: [\"Dragon King\"])])",
    );
    let (ok, _, err) = run(&["legal", "--game", "res-arcana", &bad], "");
    assert!(!ok && err.contains("seat 1: hand"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn think_names_a_listed_choice() {
    let dir = temp_dir("think");
    let position = write(&dir, "pos.ron", POSITION);
    let (ok, out, err) = run(
        &["think", "--game", "res-arcana", &position, "--bot", "easy"],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.starts_with("mcts:easy chooses: "), "{out}");
}

#[test]
fn a_tournament_saves_games_that_verify() {
    let dir = temp_dir("sim");
    let saves = dir.join("saves").display().to_string();
    let (ok, out, err) = run(
        &[
            "sim",
            "--game",
            "res-arcana",
            "--variant",
            "draft",
            "--players",
            "3",
            "--games",
            "3",
            "--bots",
            "random,greedy",
            "--json",
            "--save-dir",
            &saves,
        ],
        "",
    );
    assert!(ok, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(report["games"], 3, "{report}");
    let files: Vec<PathBuf> = std::fs::read_dir(&saves)
        .expect("saves written")
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(files.len(), 3);
    for file in &files {
        let (ok, out, err) = run(&["replay", "--verify", &file.display().to_string()], "");
        assert!(ok && out.starts_with("ok "), "{}: {err}", file.display());
    }
    // Another game's variant: one line.
    let (ok, _, err) = run(
        &[
            "sim",
            "--game",
            "res-arcana",
            "--variant",
            "mini",
            "--bots",
            "random",
        ],
        "",
    );
    assert!(!ok && err.contains("unknown variant `mini`"), "{err}");
}

#[test]
fn the_bot_protocol_answers_with_a_listed_choice() {
    use table::shell::game::Game;
    let db = table::resarcana::Db::embedded().expect("data");
    let mut g = table::resarcana::position::Position::parse(POSITION)
        .expect("reads")
        .into_game(db)
        .expect("plays");
    let mut legal = Vec::new();
    g.legal(&mut legal);
    let texts: Vec<String> = legal.iter().map(|c| g.choice_text(c)).collect();
    let observation = g.observation(0).wire().expect("a wire document");
    let decide = serde_json::json!({
        "type": "decide", "seat": 0, "turn": g.turn(), "observation": observation,
        "legal": texts, "time_ms": 2000,
    });
    let session = format!(
        "{}\n{decide}\n{}\n",
        r#"{"type":"hello","protocol":1,"seed":3}"#, r#"{"type":"quit"}"#
    );
    let (ok, out, err) = run(
        &["bot", "--game", "res-arcana", "--level", "easy"],
        &session,
    );
    assert!(ok, "{err}");
    let answers: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    assert_eq!(answers[0]["type"], "ready", "{out}");
    let text = answers[1]["text"].as_str().expect("a choice's text");
    assert!(texts.iter().any(|t| t == text), "{text} in {texts:?}");
    g.play(g.parse_choice(text).expect("reads back"))
        .expect("legal");
}

#[test]
fn play_starts_from_a_position_and_its_save_replays_and_verifies() {
    use table::resarcana::def::ResArcanaGame;
    use table::resarcana::ui::RaScreen;
    use table::shell::registry::{GameDef, Options, PlayRequest};
    use table::shell::tui::table::{Table, TableEnv};
    let dir = temp_dir("scenario");
    let position = write(&dir, "duel.ron", POSITION);
    let saves = dir.join("saves");
    let request = |players: Option<u8>| PlayRequest {
        players,
        ai: vec!["2=random".into()],
        seed: None,
        scenario: Some(PathBuf::from(&position)),
        save_dir: Some(saves.clone()),
        seats: None,
    };
    let env = TableEnv::default();
    let mut screen = ResArcanaGame
        .table(&Options::new(vec![]), &request(None), &env)
        .unwrap_or_else(|e| panic!("the position plays: {e}"));
    let t = screen
        .as_any_mut()
        .downcast_mut::<Table<RaScreen>>()
        .expect("a Res Arcana table");
    // The game is the position's: seat 1 to act, with its hand.
    let g = t.game().clone();
    assert_eq!(g.seat_to_move(), 0);
    assert_eq!(g.round, 1);
    let hand: Vec<&str> = g.seats[0].hand.iter().map(|&c| g.db.name(c)).collect();
    assert_eq!(hand, ["Fire Dragon", "Hawk"]);
    // Seat 1 discards the Hawk for a Gold, then passes: the save records both.
    let hawk = g.seats[0].hand[1];
    t.apply_choice(table::resarcana::Choice::Discard(hawk))
        .expect("legal");
    let gold = t
        .game()
        .legal_list()
        .into_iter()
        .find(|c| t.game().choice_text(c) == "gain 1 gold")
        .expect("1 Gold is offered");
    t.apply_choice(gold).expect("legal");
    let file = t.save_path().expect("saved").to_path_buf();
    drop(screen);
    let text = std::fs::read_to_string(&file).expect("the save reads");
    assert!(text.contains("position:"), "{text}");
    assert!(text.contains("Fire Dragon"), "{text}");
    let (ok, out, err) = run(&["replay", "--verify", &file.display().to_string()], "");
    assert!(ok && out.starts_with("ok "), "{out}{err}");
    // What a position cannot say again is refused in one line, before anything is saved.
    let refused = ResArcanaGame
        .table(&Options::new(vec![]), &request(Some(3)), &env)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(refused.contains("drop --variant"), "{refused}");
    let one = write(&dir, "one.ron", "(to_move: 1, seats: [(pool: (elan: 1))])");
    let one_seat = PlayRequest {
        scenario: Some(PathBuf::from(&one)),
        ai: Vec::new(),
        ..request(None)
    };
    let refused = ResArcanaGame
        .table(&Options::new(vec![]), &one_seat, &env)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(refused.contains("needs 2 to 4 seats"), "{refused}");
}
