//! Every kind of bot plays High Ground through the shared `Game` trait, unchanged: `random` and
//! `greedy` whole games, `mcts:easy` a Mini game and a stretch of a full one (to keep the test
//! fast), and `mcts:hard` alone plays the later steps of its playouts greedily. Bots are only ever
//! shown observations.

use std::sync::atomic::AtomicBool;
use table::highground::{HighGround, Setup, Variant};
use table::shell::ai::{Bot, make_bot};
use table::shell::game::{Game, Heuristics};

/// Plays `game` with one bot per seat for at most `decisions` decisions; returns the game.
fn play_with(mut game: HighGround, bots: &[&str], seed: u64, decisions: usize) -> HighGround {
    let cancel = AtomicBool::new(false);
    let mut seats: Vec<Box<dyn Bot<HighGround>>> = bots
        .iter()
        .enumerate()
        .map(|(i, name)| make_bot::<HighGround>(name, seed + i as u64).expect("bot"))
        .collect();
    for _ in 0..decisions {
        if game.is_over() {
            break;
        }
        let seat = Game::to_move(&game);
        let view = Game::observation(&game, seat);
        let n = seats.len();
        let choice = seats[seat % n]
            .choose(&view, &cancel)
            .expect("a bot always finds a choice");
        Game::play(&mut game, choice).unwrap_or_else(|e| panic!("{}: {e}", bots[seat]));
    }
    game
}

fn new_game(players: u8, variant: Variant, seed: u64) -> HighGround {
    HighGround::new_game(Setup { players, variant }, seed).expect("setup")
}

#[test]
fn random_and_greedy_bots_play_whole_games() {
    for (players, variant, seed) in [
        (2, Variant::Normal, 1),
        (3, Variant::Mini, 2),
        (4, Variant::Normal, 3),
    ] {
        let bots = ["greedy", "random", "greedy", "random"];
        let g = play_with(
            new_game(players, variant, seed),
            &bots[..players as usize],
            seed,
            100_000,
        );
        assert!(g.is_over(), "{players} players: the game ends");
    }
}

#[test]
fn greedy_beats_random_more_often_than_not() {
    let mut greedy = 0.0;
    for seed in 0..6 {
        let bots = if seed % 2 == 0 {
            ["greedy", "random"]
        } else {
            ["random", "greedy"]
        };
        let g = play_with(new_game(2, Variant::Mini, seed), &bots, seed, 100_000);
        greedy += Game::rewards(&g)[(seed % 2) as usize];
    }
    assert!(greedy >= 4.0, "greedy won {greedy} of 6");
}

#[test]
fn the_search_bot_plays_a_whole_mini_game_and_a_stretch_of_a_full_one() {
    let g = play_with(
        new_game(2, Variant::Mini, 7),
        &["mcts:easy", "greedy"],
        7,
        100_000,
    );
    assert!(g.is_over());
    let g = play_with(
        new_game(3, Variant::Normal, 8),
        &["mcts:easy", "random", "greedy"],
        8,
        60,
    );
    assert!(g.is_over() || g.turn_number() > 1, "the game moved on");
}

#[test]
fn only_hard_plays_the_steps_of_its_playouts_greedily() {
    use table::shell::ai::mcts::Level;
    let g = new_game(2, Variant::Normal, 3);
    let greedy: Vec<bool> = Level::ALL
        .iter()
        .map(|l| l.config(Heuristics::search_budgets(&g)).greedy_effects)
        .collect();
    assert_eq!(greedy, [false, false, true]);
    // The budgets stay the defaults: the steps, not more iterations, set `hard` apart.
    let iterations: Vec<u32> = Level::ALL
        .iter()
        .map(|l| l.config(Heuristics::search_budgets(&g)).iterations)
        .collect();
    assert_eq!(iterations, [400, 1_600, 6_400]);
}
