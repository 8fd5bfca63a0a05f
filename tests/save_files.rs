//! What can go wrong around save files, and what the player is told: folders that cannot take
//! saves, an unreadable newest save, a bot this build does not know, two copies of the program
//! on one save.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, OnceLock};
use table::shell::game::Game;
use table::shell::record::save::{to_text, write_new};
use table::shell::record::{Recordable, SaveFile};
use table::shell::rng::Rng;
use table::shell::seats::SeatKind;
use table::shell::tui::catalog::Catalog;
use table::shell::tui::table::TableEnv;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::{GameState, Mode};
use table::tashkalar::record::{GameSpec, SeatSpec};

fn db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(CardDb::builtin().expect("built-in cards load")))
        .clone()
}

fn catalog() -> Catalog {
    Catalog {
        games: vec![Box::new(table::tashkalar::entry(db()))],
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
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

/// A duel of a person against the bot `bot`, `decisions` random decisions in, saved in `dir`.
fn unfinished_save(dir: &Path, bot: &str, decisions: usize) -> PathBuf {
    let spec = GameSpec {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        rules: table::tashkalar::engine::RULES_VERSION,
        seats: vec![
            SeatSpec {
                name: "Blue".into(),
                player: SeatKind::Human,
                deck: "Imperial".into(),
            },
            SeatSpec {
                name: "Red".into(),
                player: SeatKind::Bot(bot.into()),
                deck: "Imperial".into(),
            },
        ],
        scenario: None,
    };
    let mut game = GameState::start(&spec, 5, &db()).expect("deals");
    let mut rng = Rng::seeded(5);
    let mut legal = Vec::new();
    let mut texts = Vec::new();
    while texts.len() < decisions && !game.is_over() {
        game.legal(&mut legal);
        let c = legal[rng.below(legal.len() as u32) as usize];
        texts.push(game.choice_text(&c));
        game.play(c).expect("legal");
    }
    let save = SaveFile::new::<GameState>(spec, 5, texts, &game);
    write_new(dir, "game", &to_text(&save).expect("text")).expect("written")
}

#[test]
fn a_bot_this_build_does_not_know_is_refused_alike_by_verify_and_continue() {
    let dir = temp_dir("unknown-bot");
    let path = unfinished_save(&dir, "wizard", 12);
    let expected = format!(
        "{}: the game cannot be set up: unknown bot `wizard` (known: random, greedy, mcts:easy, mcts:normal, mcts:hard, cmd:PROGRAM)",
        path.display()
    );
    let verify = catalog().verify(&path).err().expect("refused").to_string();
    assert_eq!(verify, expected);
    let open = catalog()
        .open(&path, false, &TableEnv::default())
        .err()
        .expect("refused")
        .to_string();
    assert_eq!(open, expected);
    // The command line says the same.
    let path_text = path.to_string_lossy().into_owned();
    let out = tashkalar(&["replay", &path_text, "--verify"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), format!("tashkalar: {expected}\n"));
    let dir_text = dir.to_string_lossy().into_owned();
    let out = tashkalar(&["play", "--continue", "--save-dir", &dir_text]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), format!("tashkalar: {expected}\n"));
}

#[test]
fn a_save_folder_that_is_a_file_is_one_sentence_before_anything_starts() {
    let dir = temp_dir("dir-is-file");
    let file = dir.join("saves");
    std::fs::write(&file, "a file").expect("write");
    let f = file.to_string_lossy().into_owned();
    for args in [
        vec!["play", "--save-dir", &f, "--continue"],
        vec!["play", "--save-dir", &f, "--ai", "2=random"],
        vec!["sim", "--games", "1", "--save-dir", &f],
    ] {
        let out = tashkalar(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            stderr(&out),
            format!("tashkalar: {f}: cannot save games there: it is a file, not a folder\n"),
            "{args:?}"
        );
    }
}

#[test]
fn continue_names_the_newest_save_when_it_cannot_be_read() {
    let dir = temp_dir("continue-damaged");
    let good = unfinished_save(&dir, "random", 10);
    let mut when = std::fs::metadata(&good).unwrap().modified().unwrap();
    when += std::time::Duration::from_secs(5);
    let damaged = dir.join("newer.ron");
    let text = std::fs::read_to_string(&good).unwrap();
    std::fs::write(&damaged, &text[..text.len() / 2]).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&damaged)
        .unwrap()
        .set_modified(when)
        .unwrap();
    let error = catalog()
        .continue_last(std::slice::from_ref(&dir), &TableEnv::default())
        .err()
        .expect("refused")
        .to_string();
    assert!(
        error.starts_with(&format!(
            "the newest unfinished game could not be read: {}: truncated or corrupt",
            damaged.display()
        )),
        "{error}"
    );
}
