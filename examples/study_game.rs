//! Studies a saved game decision by decision (docs/ai-journal.md, "The games `hard` lost"):
//! prints every choice with its seat and the scores after it, and writes the position before
//! chosen decisions as a tactics position (a Tash-Kalar scenario, a High Ground position), so
//! that `tashkalar think` can be asked about it and it can join a tactics suite.
//!
//! `cargo run --release --example study_game -- file=SAVE [dump=DIR] [at=I,J,...]`
//!
//! `at` lists choice numbers (1-based, as printed); without it, with `dump`, every decision that
//! a position can write is dumped: a Tash-Kalar action's start, a High Ground turn's start or its
//! die showing a face. The files are named after the save and the choice number.
#[path = "support/args.rs"]
mod args;
#[path = "support/scenario.rs"]
mod scenario;

use args::Args;
use std::path::Path;
use std::sync::Arc;
use table::highground::card::write_cards;
use table::highground::{HighGround, Pending};
use table::shell::game::Game;
use table::shell::record::{Recordable, load};
use table::tashkalar::engine::state::Phase;
use table::tashkalar::engine::{CardDb, GameState};

fn main() -> Result<(), String> {
    let args = Args::from_env()?;
    let file = args.get("file").ok_or("file=SAVE is needed")?;
    let dump = args.get("dump");
    let at: Vec<usize> = match args.get("at") {
        Some(list) => list
            .split(',')
            .map(|n| n.trim().parse().map_err(|_| format!("at: `{n}`?")))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    let stem = Path::new(&file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let out = |n: usize, body: String| -> Result<(), String> {
        let Some(dir) = &dump else { return Ok(()) };
        std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        let path = format!("{dir}/{stem}-{n:03}.ron");
        std::fs::write(&path, body).map_err(|e| format!("{path}: {e}"))
    };
    // Which save it is: the format line names the game.
    if text.contains("\"highground-save\"") {
        let save = load::parse_fields::<HighGround>(&text).map_err(|e| e.to_string())?;
        let start = HighGround::start(&save.game, save.seed, &()).map_err(|e| e.to_string())?;
        let describe = |g: &HighGround| {
            format!(
                "stacks {:?} hands {:?} die {:?}",
                g.stacks_text(),
                (0..g.players())
                    .map(|s| write_cards(g.hand(s)))
                    .collect::<Vec<_>>(),
                g.die_face()
            )
        };
        study(&start, &save.choices, &at, hg_position, describe, out)
    } else {
        let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
        let save = load::parse_fields::<GameState>(&text).map_err(|e| e.to_string())?;
        let start = GameState::start(&save.game, save.seed, &db).map_err(|e| e.to_string())?;
        study(
            &start,
            &save.choices,
            &at,
            tk_position,
            |_| String::new(),
            out,
        )
    }
}

/// Replays `choices` from `start`, printing each with its seat, the turn and the scores after it
/// (and `describe` of the position whenever another seat is to decide),
/// and hands the position before each decision in `at` (or, if `at` is empty, every decision
/// `position` can write) to `out`.
fn study<G: Game>(
    start: &G,
    choices: &[String],
    at: &[usize],
    position: impl Fn(&G) -> Option<String>,
    describe: impl Fn(&G) -> String,
    out: impl Fn(usize, String) -> Result<(), String>,
) -> Result<(), String> {
    let mut g = start.clone();
    let mut last_seat = usize::MAX;
    for (i, choice) in choices.iter().enumerate() {
        let n = i + 1;
        let seat = g.to_move();
        let written = position(&g);
        let wanted = if at.is_empty() {
            written.is_some()
        } else {
            at.contains(&n)
        };
        if wanted {
            match written {
                Some(body) => out(n, body)?,
                None => eprintln!("#{n}: no position can be written before it"),
            }
        }
        let turn = g.turn();
        if n == 1 || seat != last_seat {
            let more = describe(&g);
            if !more.is_empty() {
                println!("     {more}");
            }
        }
        last_seat = seat;
        // A save that no longer replays (a rules change) is studied up to where it stops.
        let played = g
            .parse_choice(choice)
            .map_err(|e| format!("{e:?}"))
            .and_then(|c| g.play(c).map_err(|e| format!("{e:?}")));
        if let Err(why) = played {
            let mut legal = Vec::new();
            g.legal(&mut legal);
            let legal: Vec<String> = legal.iter().map(|c| g.choice_text(c)).collect();
            return Err(format!("#{n} {choice}: {why}; legal: {legal:?}"));
        }
        let text = choice;
        println!(
            "#{n:<3} t{turn:<3} seat {} {text:<32} scores {:?}",
            seat + 1,
            g.scores()
        );
    }
    println!("over: {} rewards {:?}", g.is_over(), g.rewards());
    Ok(())
}

/// A Tash-Kalar scenario at the start of an action (a scenario cannot start mid-action).
fn tk_position(g: &GameState) -> Option<String> {
    (g.phase == Phase::Action && g.effect.is_none())
        .then(|| scenario::scenario_text(g, g.turn.actions_left.max(1)))
}

/// A High Ground position at the start of a turn or with the die showing a face (the two moments
/// a position can write, docs/high-ground.md "Positions"). The draw pile is left out: it is
/// hidden from both seats, and a position left without one shuffles the cards placed nowhere.
fn hg_position(g: &HighGround) -> Option<String> {
    let roll = match g.pending() {
        Pending::Action => None,
        Pending::Die(face) => Some(face),
        _ => return None,
    };
    let quote = |v: Vec<String>| {
        v.iter()
            .map(|s| format!("{s:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let players = g.players();
    let kings: Vec<String> = (0..players)
        .map(|s| {
            g.board()
                .king_of(s as u8)
                .map(|t| t.pos.to_string())
                .unwrap_or_default()
        })
        .collect();
    let hands: Vec<String> = (0..players).map(|s| write_cards(g.hand(s))).collect();
    let mut s = String::from("(\n");
    s.push_str(&format!("    variant: {:?},\n", g.variant()));
    s.push_str("    seed: 1,\n");
    s.push_str(&format!("    to_move: {},\n", g.seat_to_move() + 1));
    s.push_str(&format!("    turn: {},\n", g.turn_number()));
    s.push_str(&format!("    quiet: {},\n", g.quiet_turns()));
    s.push_str(&format!("    board: [{}],\n", quote(g.board_text())));
    s.push_str(&format!("    kings: [{}],\n", quote(kings)));
    s.push_str(&format!("    stacks: [{}],\n", quote(g.stacks_text())));
    s.push_str(&format!("    hands: [{}],\n", quote(hands)));
    s.push_str(&format!("    discard: {:?},\n", write_cards(g.discard())));
    if let Some(face) = roll {
        s.push_str(&format!("    roll: {face:?},\n"));
    }
    s.push_str(")\n");
    Some(s)
}
