//! Mutation fuzzing of the three loaders a user can feed by hand: saved games, scenario files
//! and card folders. Real files of the repository are damaged at random (characters changed,
//! cut, repeated, RON tokens, huge numbers, escape sequences, a byte-order mark inserted,
//! the text truncated) and handed to the loader. Whatever the damage, the loader either accepts
//! the text or refuses it with one printable line of reasonable length; it never panics.
//!
//! The suite runs a short, fixed set of cases (seeded: the same every run). A longer run:
//! `FUZZ_CASES=3000 cargo test --release --test fuzz_loaders -- --nocapture` (cases per
//! loader; the seed moves with `FUZZ_SEED`). Outcomes are recorded in `docs/reliability.md`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use table::shell::rng::Rng;
use table::shell::tui::catalog::Catalog;
use table::tashkalar::cli::load_cards;
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
    "é", "\n", "r#\"", "#", "..",
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
