//! Prints a game of Res Arcana between two bots, one line per decision: who, what, the points.
//! `cargo run --release --example ra_watch [SEED] [BOT1] [BOT2]` (bots as `sim --bots` names).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use table::resarcana::{Db, ResArcana, Setup, Variant};
use table::shell::game::Game;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let names = [
        args.get(2).cloned().unwrap_or("greedy".into()),
        args.get(3).cloned().unwrap_or("random".into()),
    ];
    let db = Db::embedded().expect("data");
    let setup = Setup {
        players: 2,
        variant: Variant::Standard,
        expansion_counts: false,
    };
    let mut g = ResArcana::new_game(Arc::clone(&db), setup, seed).expect("a game");
    let mut bots: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, n)| table::shell::ai::make_bot::<ResArcana>(n, seed + i as u64).expect("a bot"))
        .collect();
    let cancel = AtomicBool::new(false);
    while !g.is_over() {
        let seat = g.to_move();
        let view = g.observation(seat);
        let choice = bots[seat].choose(&view, &cancel).expect("a choice");
        println!(
            "r{} s{} [{} {}] {}",
            g.round,
            seat + 1,
            g.points(0),
            g.points(1),
            g.choice_text(&choice)
        );
        g.play(choice).expect("legal");
    }
    println!("winners {:?}", g.outcome.as_ref().map(|o| &o.winners));
}
