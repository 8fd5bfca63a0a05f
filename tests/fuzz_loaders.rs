//! Mutation fuzzing of every loader a user or another program can feed: saved games of both
//! games, Tash-Kalar scenario files, High Ground positions, card folders, and the bot protocol's
//! messages in both directions (what a host sends `tashkalar bot`, and what an outside program
//! answers the host), down to the line reader under both. Real texts (the repository's files,
//! saves of random games, messages of a real game) are damaged at random (characters changed,
//! cut, repeated, RON and JSON tokens, huge numbers, escape sequences, a byte-order mark,
//! bytes that are not UTF-8, the text truncated) and handed to the loader. Whatever the
//! damage, the loader either accepts the text or refuses it with one printable line of
//! reasonable length; it never panics, and the bot server answers every line with one line.
//!
//! The suite runs a short, fixed set of cases (seeded: the same every run; a few seconds in
//! all). A longer run: `FUZZ_CASES=3000 cargo test --release --test fuzz_loaders --
//! --nocapture` (cases per loader; the seed moves with `FUZZ_SEED`; a test name after `--`
//! picks one loader). Outcomes are recorded in `docs/reliability.md`.

use serde_json::{Value, json};
use std::io::{BufReader, Cursor};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use table::highground::HighGround;
use table::highground::Variant;
use table::highground::record::{SeatSpec as HgSeat, Spec as HgSpec};
use table::shell::ai::external::read_answer;
use table::shell::ai::lines::{Line, read_line};
use table::shell::ai::serve::serve;
use table::shell::game::Game;
use table::shell::record::save::to_text;
use table::shell::record::{Recordable, SaveFile};
use table::shell::rng::Rng;
use table::shell::seats::SeatKind;
use table::shell::tui::catalog::Catalog;
use table::tashkalar::cli::load_cards;
use table::tashkalar::engine::GameState;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::ui::setup::scenario_state;

fn db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(CardDb::builtin().expect("built-in cards load")))
        .clone()
}

fn cases() -> usize {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(120)
}

fn seed() -> u64 {
    std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(15)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-fuzz-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Text a hostile or careless hand might put into a RON file.
#[rustfmt::skip]
const TOKENS: &[&str] = &[
    "(", ")", "[", "]", "{", "}", ",", ":", "\"", "'", "//", "/*", "None", "Some(", "true",
    "-1", "0", "99999999999999999999", "1e309", "\u{1b}[2J", "\u{7}", "\u{feff}", "\u{0}",
    "é", "\n", "r#\"", "#", "..", "null", "{\"type\":", "\\u0000", "\\ud800", "-0", "1e-400",
    "18446744073709551616", "\u{9b}", "\u{2028}",
];

/// One random damage to `text`.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let len = chars.len().max(1) as u32;
    let at = rng.below(len) as usize;
    let span = (1 + rng.below(40) as usize).min(chars.len().saturating_sub(at));
    match rng.below(7) {
        // A character changed to any other, control characters included.
        0 => {
            if at < chars.len() {
                chars[at] = char::from_u32(rng.below(0x250)).unwrap_or('?');
            }
        }
        // A stretch cut out.
        1 => {
            chars.drain(at..at + span);
        }
        // A stretch repeated (long values, repeated fields).
        2 => {
            let piece: Vec<char> = chars[at..at + span].to_vec();
            let most = if rng.below(10) == 0 { 2_000 } else { 3 };
            let times = 1 + rng.below(most) as usize;
            for _ in 0..times {
                chars.splice(at..at, piece.iter().copied());
            }
        }
        // A token inserted.
        3 => {
            let token = TOKENS[rng.below(TOKENS.len() as u32) as usize];
            chars.splice(at..at, token.chars());
        }
        // A number swapped for another.
        4 => {
            if let Some(i) = (at..chars.len()).find(|i| chars[*i].is_ascii_digit()) {
                let digit = char::from_digit(rng.below(10), 10).unwrap_or('9');
                chars[i] = digit;
                if rng.below(3) == 0 {
                    chars.splice(i..i, "000000".chars());
                }
            }
        }
        // Truncated.
        5 => chars.truncate(at),
        // Two stretches swapped.
        _ => {
            let other = rng.below(len) as usize;
            let other_span = span.min(chars.len().saturating_sub(other));
            if at + span <= other {
                let a: Vec<char> = chars[at..at + span].to_vec();
                let b: Vec<char> = chars[other..other + other_span].to_vec();
                chars.splice(other..other + other_span, a);
                chars.splice(at..at + span, b);
            }
        }
    }
    chars.into_iter().collect()
}

/// A few damages at once, sometimes many.
fn damaged(text: &str, rng: &mut Rng) -> String {
    let most = if rng.below(8) == 0 { 12 } else { 3 };
    let times = 1 + rng.below(most);
    let mut text = text.to_string();
    for _ in 0..times {
        text = mutate(&text, rng);
    }
    text
}

/// Bytes that are not UTF-8 (a lone continuation byte, a lead byte without its follower, an
/// encoded surrogate, an overlong NUL), put into a damaged text now and then: only loaders
/// that read bytes see them (the bot protocol's; files are read as bytes and refused whole).
const NOT_UTF8: &[&[u8]] = &[b"\xff", b"\x80", b"\xc3", b"\xed\xa0\x80", b"\xc0\x80"];

/// [`damaged`], as bytes, sometimes with bytes that are not UTF-8 inserted.
fn damaged_bytes(text: &str, rng: &mut Rng) -> Vec<u8> {
    let mut bytes = damaged(text, rng).into_bytes();
    if rng.below(4) == 0 {
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(bytes.len() as u32 + 1) as usize;
            let bad = NOT_UTF8[rng.below(NOT_UTF8.len() as u32) as usize];
            bytes.splice(at..at, bad.iter().copied());
        }
    }
    bytes
}

/// How the loaders answered, for the report.
#[derive(Default, Debug)]
struct Tally {
    accepted: usize,
    refused: usize,
}

/// A refusal is one printable line, short enough to read (offending text is quoted at most
/// about 80 characters; the rest is a path and a sentence).
fn assert_one_line(what: &str, input: &str, message: &str) {
    assert!(
        !message.chars().any(char::is_control),
        "{what}: a control character in the message {message:?} (input {:?})",
        clip(input)
    );
    assert!(
        message.chars().count() <= 400,
        "{what}: a message of {} characters: {message:?}",
        message.chars().count()
    );
    assert!(!message.trim().is_empty(), "{what}: an empty message");
}

fn clip(text: &str) -> String {
    text.chars().take(200).collect()
}

/// Runs `load` on `cases` damaged copies of each of `files`; a panic fails with its case.
fn fuzz(
    what: &str,
    files: &[(PathBuf, String)],
    salt: u64,
    mut load: impl FnMut(&Path, &str) -> Result<(), String>,
) -> Tally {
    let mut rng = Rng::seeded(seed() ^ salt);
    let mut tally = Tally::default();
    for case in 0..cases() {
        let (path, text) = &files[case % files.len()];
        let input = damaged(text, &mut rng);
        let answer = catch_unwind(AssertUnwindSafe(|| load(path, &input)));
        match answer {
            Ok(Ok(())) => tally.accepted += 1,
            Ok(Err(message)) => {
                assert_one_line(what, &input, &message);
                tally.refused += 1;
            }
            Err(_) => panic!(
                "{what}: the loader panicked on case {case} (damaged {}): {:?}",
                path.display(),
                clip(&input)
            ),
        }
    }
    println!("{what}: {} cases, {tally:?}", cases());
    tally
}

fn read_all(dir: &str, keep: impl Fn(&Path) -> bool) -> Vec<(PathBuf, String)> {
    let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(dir)
        .expect("folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron") && keep(p))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            (p, text)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no files in {dir}");
    files
}

#[test]
fn damaged_saves_are_refused_in_one_line_or_verify() {
    let files = read_all(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/saves"), |_| {
        true
    });
    let catalog = Catalog {
        games: vec![Box::new(table::tashkalar::entry(db()))],
    };
    let dir = temp_dir("saves");
    let file = dir.join("damaged.ron");
    let tally = fuzz("save", &files, 1, |_, text| {
        std::fs::write(&file, text).map_err(|e| e.to_string())?;
        catalog.verify(&file).map(|_| ()).map_err(|e| e.to_string())
    });
    assert!(tally.refused > 0, "the damage never reached the loader");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_scenarios_are_refused_in_one_line_or_set_up() {
    let mut files = read_all(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tactics"), |p| {
        p.file_name().is_some_and(|n| n != "suite.ron")
    });
    files.truncate(12);
    files.extend(read_all(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios"),
        |_| true,
    ));
    let tally = fuzz("scenario", &files, 2, |_, text| {
        scenario_state(db(), text).map(|_| ())
    });
    assert!(tally.refused > 0 && tally.accepted > 0, "{tally:?}");
}

#[test]
fn damaged_card_folders_are_refused_in_one_line_or_load() {
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/cards");
    let files = read_all(source, |_| true);
    let dir = temp_dir("cards");
    let tally = fuzz("cards", &files, 3, |damaged_file, text| {
        // The whole folder, with one of its files damaged.
        for (path, original) in &files {
            let name = path.file_name().ok_or("a file name")?;
            let body = if path == damaged_file { text } else { original };
            std::fs::write(dir.join(name), body).map_err(|e| e.to_string())?;
        }
        load_cards(Some(&dir)).map(|_| ())
    });
    assert!(tally.refused > 0, "{tally:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A save of a High Ground game of `players` seats, `decisions` random decisions in (or to its
/// end), as the program writes it.
fn high_ground_save(variant: Variant, players: u8, decisions: usize, seed: u64) -> String {
    let spec = HgSpec {
        variant,
        players,
        rules: table::highground::record::RULES_VERSION,
        seats: (0..players)
            .map(|s| HgSeat {
                name: ["Blue", "Red", "Green", "Yellow"][s as usize].into(),
                player: if s == 0 {
                    SeatKind::Human
                } else {
                    SeatKind::Bot("random".into())
                },
            })
            .collect(),
        position: None,
    };
    let mut game = HighGround::start(&spec, seed, &()).expect("sets up");
    let texts = random_play(&mut game, decisions, seed);
    to_text(&SaveFile::new::<HighGround>(spec, seed, texts, &game)).expect("text")
}

/// Plays `decisions` random decisions of `game` (fewer if it ends); their texts.
fn random_play<G: Game>(game: &mut G, decisions: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng::seeded(seed);
    let mut legal = Vec::new();
    let mut texts = Vec::new();
    while texts.len() < decisions && !game.is_over() {
        game.legal(&mut legal);
        let c = legal[rng.below(legal.len() as u32) as usize];
        texts.push(game.choice_text(&c));
        game.play(c).expect("a listed choice is legal");
    }
    texts
}

#[test]
fn damaged_high_ground_saves_are_refused_in_one_line_or_verify() {
    let files: Vec<(PathBuf, String)> = [
        (Variant::Normal, 2, 0),
        (Variant::Normal, 2, 40),
        (Variant::Normal, 3, 80),
        (Variant::Mini, 2, 30),
        (Variant::Normal, 4, 2_000),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, (variant, players, decisions))| {
        (
            PathBuf::from(format!("hg-{i}.ron")),
            high_ground_save(variant, players, decisions, 7 + i as u64),
        )
    })
    .collect();
    let catalog = Catalog {
        games: vec![Box::new(table::highground::entry())],
    };
    let dir = temp_dir("hg-saves");
    let file = dir.join("damaged.ron");
    let tally = fuzz("high ground save", &files, 4, |_, text| {
        std::fs::write(&file, text).map_err(|e| e.to_string())?;
        catalog.verify(&file).map(|_| ()).map_err(|e| e.to_string())
    });
    assert!(tally.refused > 0, "the damage never reached the loader");
    let _ = std::fs::remove_dir_all(&dir);
}

/// High Ground positions: the example of `docs/high-ground.md` and positions of the tests.
const HG_POSITIONS: &[&str] = &[
    r#"(
    variant: Normal,
    players: 2,
    seed: 7,
    to_move: 1,
    turn: 12,
    quiet: 5,
    board: [
        "0,0 |: 5 9",
        "1,0: joker=7",
        "0,2: K", "2,0: K", "0,-2: K", "-2,0: K",
    ],
    kings: ["0,-2", "0,2"],
    stacks: [
        "0,-2: 1Lt 1Mt 1St",
        "0,0: 2Sn 1Mn",
    ],
    hands: ["7 Q", "A joker"],
    deck: "3 4",
    discard: "2 2",
    roll: Hop,
)"#,
    r#"(players: 2, pile: "5 7 9 2 3 4 6 8 10")"#,
    r#"(players: 3, pile: "joker 7 9 2 3 4 6 8 10")"#,
    r#"(board: [
    "0,2: K",
    "-1,1: 5", "0,1: 6", "1,1: 7",
    "-2,0: K", "-1,0: 4", "0,0: 9", "1,0: 3", "2,0: K",
    "-1,-1: 8", "0,-1: 9", "1,-1: 2",
    "0,-2: K",
], kings: ["0,-2", "0,2"], stacks: ["0,-2: 1Lt 1Mt 1St", "0,2: 2Ln 2Mn 2Sn"], hands: ["7 Q", "A"])"#,
    r#"(variant: Mini, players: 4, seed: 3)"#,
];

#[test]
fn damaged_high_ground_positions_are_refused_in_one_line_or_set_up() {
    let files: Vec<(PathBuf, String)> = HG_POSITIONS
        .iter()
        .enumerate()
        .map(|(i, t)| (PathBuf::from(format!("position-{i}.ron")), t.to_string()))
        .collect();
    let tally = fuzz("high ground position", &files, 5, |_, text| {
        let mut game = HighGround::from_position(text).map_err(|e| e.to_string())?;
        // A position that sets up is played on a little: what it set up must hold together.
        random_play(&mut game, 20, 1);
        Ok(())
    });
    assert!(tally.refused > 0 && tally.accepted > 0, "{tally:?}");
}

/// Messages a host sends `tashkalar bot` along a real game: hello, decisions of every kind
/// of the first turns (observation, legal choices and budget as the host writes them), quit.
fn host_messages() -> Vec<(PathBuf, String)> {
    let mut g = GameState::start(
        &table::tashkalar::record::GameSpec {
            mode: table::tashkalar::engine::Mode::HighForm,
            players: 2,
            teams: false,
            rules: table::tashkalar::engine::RULES_VERSION,
            seats: ["Imperial", "Everfrost"]
                .map(|deck| table::tashkalar::record::SeatSpec {
                    name: deck.into(),
                    player: SeatKind::Human,
                    deck: deck.into(),
                })
                .to_vec(),
            scenario: None,
        },
        3,
        &db(),
    )
    .expect("deals");
    let mut out = vec![json!({"type": "hello", "protocol": 1, "seed": 9}).to_string()];
    let mut rng = Rng::seeded(3);
    let mut legal = Vec::new();
    for _ in 0..40 {
        if g.is_over() {
            break;
        }
        let seat = g.to_move();
        let obs = g.observation(seat);
        g.legal(&mut legal);
        let texts: Vec<String> = legal.iter().map(|c| obs.choice_text(c)).collect();
        out.push(
            json!({"type": "decide", "seat": seat, "turn": g.turn(), "observation": obs.wire(),
                   "legal": texts, "time_ms": 1000})
            .to_string(),
        );
        let c = legal[rng.below(legal.len() as u32) as usize];
        g.play(c).expect("legal");
    }
    out.push(json!({"type": "quit"}).to_string());
    // Every fourth decision, and the first and last messages: a varied, short set.
    let keep = out.len() - 1;
    out.into_iter()
        .enumerate()
        .filter(|(i, _)| i % 4 == 0 || *i == keep)
        .map(|(i, m)| (PathBuf::from(format!("message-{i}")), m))
        .collect()
}

#[test]
fn damaged_messages_to_the_bot_server_each_get_one_answer() {
    let messages = host_messages();
    let mut rng = Rng::seeded(seed() ^ 6);
    let (mut answered, mut errors) = (0, 0);
    for case in 0..cases() {
        let (_, text) = &messages[case % messages.len()];
        // The damaged message, then a hello: the server must still be there to answer it.
        let mut input = damaged_bytes(text, &mut rng);
        input.retain(|b| *b != b'\n');
        let sent_quit = serde_json::from_slice::<Value>(&input)
            .is_ok_and(|m| m.get("type").and_then(Value::as_str) == Some("quit"));
        input.extend_from_slice(b"\n{\"type\":\"hello\",\"seed\":1}\n");
        let mut output = Vec::new();
        let served = catch_unwind(AssertUnwindSafe(|| {
            serve::<GameState>(
                &db(),
                "random",
                BufReader::new(Cursor::new(&input)),
                &mut output,
            )
        }));
        let clipped = clip(&String::from_utf8_lossy(&input));
        match served {
            Ok(Ok(())) => {}
            Ok(Err(e)) => panic!("case {case}: serving stopped: {e} (input {clipped:?})"),
            Err(_) => panic!("case {case}: the server panicked (input {clipped:?})"),
        }
        let text = String::from_utf8(output).expect("the server writes UTF-8");
        let answers: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("every answer is one line of JSON"))
            .collect();
        if sent_quit {
            assert!(answers.is_empty(), "case {case}: answered after quit");
            continue;
        }
        // One answer for the damaged line (unless it turned blank), then the hello's.
        assert!(
            (1..=2).contains(&answers.len()),
            "case {case}: {answers:?} (input {clipped:?})"
        );
        assert_eq!(answers.last().map(|a| &a["type"]), Some(&json!("ready")));
        if answers.len() == 2 {
            answered += 1;
            if answers[0]["type"] == "error" {
                errors += 1;
            }
        }
    }
    println!(
        "bot server: {} cases, {answered} answered, {errors} of them with an error",
        cases()
    );
    assert!(errors > 0 && errors < answered, "{errors} of {answered}");
}

#[test]
fn damaged_answers_to_the_host_are_refused_in_one_line_or_name_a_legal_choice() {
    let legal: Vec<String> = ["place c3", "summon Knight e4 0", "end"]
        .map(String::from)
        .to_vec();
    let answers: Vec<(PathBuf, String)> = [
        json!({"type": "choice", "index": 1, "text": "summon Knight e4 0"}),
        json!({"type": "choice", "text": "end"}),
        json!({"type": "choice", "index": 2}),
        json!({"type": "error", "message": "no idea"}),
        json!({"type": "ready", "protocol": 1, "name": "mybot"}),
    ]
    .iter()
    .enumerate()
    .map(|(i, a)| (PathBuf::from(format!("answer-{i}")), a.to_string()))
    .collect();
    let tally = fuzz("host reading answers", &answers, 7, |_, line| {
        let index = read_answer(line, &legal)?;
        assert!(index < legal.len(), "index {index} of {}", legal.len());
        Ok(())
    });
    assert!(tally.refused > 0 && tally.accepted > 0, "{tally:?}");
}

#[test]
fn random_bytes_are_read_as_bounded_lines() {
    let mut rng = Rng::seeded(seed() ^ 8);
    let alphabet: &[u8] = b"ab\n\n\r\xff\xc3\xa9{}\"";
    let mut lines = 0;
    for case in 0..cases() * 4 {
        let len = rng.below(if case % 10 == 0 { 5_000 } else { 200 }) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u32) as usize])
            .collect();
        let max = 1 + rng.below(64) as usize;
        let skip = rng.below(2) == 0;
        let capacity = 1 + rng.below(16) as usize;
        let mut reader = BufReader::with_capacity(capacity, Cursor::new(&bytes));
        let mut newlines_seen = 0;
        loop {
            match read_line(&mut reader, max, skip).expect("a cursor reads") {
                Line::End => break,
                Line::Text(t) => {
                    assert!(t.len() <= max, "case {case}: {} > {max}", t.len());
                    assert!(!t.contains('\n'));
                }
                Line::NotUtf8 | Line::TooLong => {}
            }
            lines += 1;
            newlines_seen += 1;
            assert!(
                newlines_seen <= len + 1,
                "case {case}: more lines than bytes"
            );
        }
    }
    println!("line reader: {} streams, {lines} lines", cases() * 4);
}

// ----- Res Arcana: its component data, its positions and its wire format -----

fn res_arcana_db() -> Arc<table::resarcana::Db> {
    table::resarcana::Db::embedded().expect("built-in components")
}

/// Res Arcana games of 2-4 players played a little at random, for their positions and wires.
fn res_arcana_games() -> Vec<table::resarcana::ResArcana> {
    use table::resarcana::record::{SeatSpec, Spec};
    use table::shell::record::Recordable;
    let db = res_arcana_db();
    let mut out = Vec::new();
    for (i, players) in [2usize, 3, 4].into_iter().enumerate() {
        let spec = Spec {
            variant: Default::default(),
            players: players as u8,
            expansion_counts: false,
            seats: (0..players)
                .map(|s| SeatSpec {
                    name: format!("Seat {}", s + 1),
                    player: table::shell::seats::SeatKind::Human,
                })
                .collect(),
            position: None,
        };
        let mut game =
            table::resarcana::ResArcana::start(&spec, 40 + i as u64, &db).expect("deals");
        random_play(&mut game, 25 + 10 * i, 7 + i as u64);
        out.push(game);
    }
    out
}

#[test]
fn damaged_res_arcana_data_files_are_refused_in_one_line_or_load() {
    use table::resarcana::card::FILES;
    let files: Vec<(PathBuf, String)> = FILES
        .iter()
        .map(|(f, _)| {
            let text = std::fs::read_to_string(Path::new("assets/res-arcana").join(f))
                .expect("the component files are in the repository");
            (PathBuf::from(*f), text)
        })
        .collect();
    let originals = files.clone();
    let tally = fuzz("res arcana data", &files, 11, |path, text| {
        // One file damaged, the others as built in.
        let texts: Vec<(String, String)> = originals
            .iter()
            .map(|(p, t)| {
                let t = if p == path { text } else { t.as_str() };
                (p.display().to_string(), t.to_string())
            })
            .collect();
        let db = table::resarcana::Db::from_texts(&texts).map_err(|e| e.to_string())?;
        // Data that loads is played a little: the engine must hold together on it.
        let setup = table::resarcana::Setup {
            players: 2,
            variant: Default::default(),
            expansion_counts: false,
        };
        if let Ok(mut game) = table::resarcana::ResArcana::new_game(db, setup, 3) {
            random_play(&mut game, 40, 2);
        }
        Ok(())
    });
    assert!(tally.refused > 0, "{tally:?}");
}

#[test]
fn damaged_res_arcana_positions_are_refused_in_one_line_or_set_up() {
    use table::resarcana::position::Position;
    let files: Vec<(PathBuf, String)> = res_arcana_games()
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let text = Position::of_game(g, 5).to_text();
            (PathBuf::from(format!("ra-position-{i}.ron")), text)
        })
        .collect();
    let db = res_arcana_db();
    let tally = fuzz("res arcana position", &files, 12, |_, text| {
        let mut game = Position::parse(text)
            .map_err(|e| e.to_string())?
            .into_game(Arc::clone(&db))
            .map_err(|e| e.to_string())?;
        random_play(&mut game, 20, 1);
        Ok(())
    });
    assert!(tally.refused > 0 && tally.accepted > 0, "{tally:?}");
}

#[test]
fn damaged_res_arcana_wires_are_refused_in_one_line_or_read() {
    use table::shell::game::Game;
    let files: Vec<(PathBuf, String)> = res_arcana_games()
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            let wire = g.observation(g.to_move()).wire()?;
            Some((PathBuf::from(format!("ra-wire-{i}.json")), wire.to_string()))
        })
        .collect();
    assert_eq!(files.len(), 3, "Res Arcana offers the bot protocol");
    let db = res_arcana_db();
    let tally = fuzz("res arcana wire", &files, 13, |_, text| {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let mut game =
            <table::resarcana::ResArcana as table::shell::record::Recordable>::from_wire(
                &db, &value,
            )?;
        random_play(&mut game, 20, 1);
        Ok(())
    });
    assert!(tally.refused > 0 && tally.accepted > 0, "{tally:?}");
}
