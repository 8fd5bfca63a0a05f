//! A game left before anyone at the keyboard decided anything leaves no save (issue 50), in every
//! game of the table: they all start through the shell's one set-up flow, and it is the shell's
//! table that writes the save. A bot's opening move alone does not make a file; a person's first
//! decision does, and from then on every decision is written as before.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use table::shell::game::Game;
use table::shell::registry::Options;
use table::shell::seats::SeatKind;
use table::shell::tui::catalog::GameEntry;
use table::shell::tui::table::{Table, TableEnv, TableScreen};
use table::shell::tui::ui::GameUi;

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tashkalar-abandoned-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The save files in `dir`.
fn saves(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("the folder is read")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ron"))
        .collect()
}

/// Starts a new game of `entry` as the menu's form does, seat 1 a person and the others the
/// random bot, saved into `dir`.
fn start(entry: &dyn GameEntry, dir: &Path) -> Box<dyn TableScreen> {
    let form = entry.setup().expect("the form opens");
    let mut seats = vec![SeatKind::Bot("random".into()); form.players()];
    seats[0] = SeatKind::Human;
    let env = TableEnv {
        ai_delay: Duration::ZERO,
        ..TableEnv::default()
    };
    form.start(&seats, 7, Some(dir), &env)
        .expect("the game starts")
}

/// Lets the bots play until the person is to decide; returns how many decisions they made.
fn bots_open<U: GameUi>(screen: &mut dyn TableScreen) -> usize {
    let table: &mut Table<U> = screen
        .as_any_mut()
        .downcast_mut()
        .expect("the game's table");
    for _ in 0..50 {
        if table.ai_turn().is_none() {
            break;
        }
        table
            .wait_for_ai(Duration::from_secs(20))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(table.human_turn(), "the person decides now");
    table.session().choices.len()
}

/// The person makes their first decision (the first legal choice).
fn decide<U: GameUi>(screen: &mut dyn TableScreen) {
    let table: &mut Table<U> = screen
        .as_any_mut()
        .downcast_mut()
        .expect("the game's table");
    let mut legal = Vec::new();
    table.game().legal(&mut legal);
    let first = *legal.first().expect("something to decide");
    table.apply_choice(first).expect("a legal choice");
}

fn check<U: GameUi>(entry: &dyn GameEntry) -> usize {
    let id = entry.id();
    // Left at once: no file, and the words say why.
    let dir = temp_dir(id);
    let mut screen = start(entry, &dir);
    let opening = bots_open::<U>(screen.as_mut());
    assert!(!screen.decided(), "{id}");
    let said = screen
        .save_now()
        .expect("a game in progress says where it is");
    assert_eq!(said, "nothing was decided yet, so no save was kept", "{id}");
    drop(screen);
    assert_eq!(saves(&dir), Vec::<String>::new(), "{id}: a save was left");
    // A person's first decision writes the save, the bots' opening moves included.
    let mut screen = start(entry, &dir);
    bots_open::<U>(screen.as_mut());
    decide::<U>(screen.as_mut());
    assert!(screen.decided(), "{id}");
    let said = screen
        .save_now()
        .expect("a game in progress says where it is");
    assert!(said.starts_with("the game is saved in "), "{id}: {said}");
    drop(screen);
    assert_eq!(saves(&dir).len(), 1, "{id}");
    let _ = std::fs::remove_dir_all(&dir);
    opening
}

#[test]
fn a_game_left_before_its_first_decision_leaves_no_save_in_every_game() {
    let catalog = Arc::new(table::games::registry()).catalog(&Options::none());
    let mut opened_by_a_bot = Vec::new();
    for entry in &catalog.games {
        let opening = match entry.id() {
            "tash-kalar" => check::<table::tashkalar::ui::ArenaScreen>(entry.as_ref()),
            "high-ground" => check::<table::highground::ui::HgScreen>(entry.as_ref()),
            "res-arcana" => check::<table::resarcana::ui::RaScreen>(entry.as_ref()),
            other => panic!("a game this test does not know: {other}"),
        };
        if opening > 0 {
            opened_by_a_bot.push(entry.id());
        }
    }
    // The trap was a bot's opening move writing the file: some game must open that way here.
    assert!(!opened_by_a_bot.is_empty(), "no bot moved first");
}
