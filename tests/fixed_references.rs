//! `greedy` and `random` are fixed references for measuring the AI (`docs/ai.md`): their choices
//! for a seed must never change, whatever happens to the search and its evaluation. These are the
//! games they played at the frozen baseline (the `baseline:` commit), as digests of every choice.

mod common;

use std::hash::Hasher;
use std::sync::atomic::AtomicBool;
use table::shell::ai::make_bot;
use table::shell::game::Game;
use table::shell::hash::StableHasher;
use table::tashkalar::engine::{GameConfig, GameState, Mode};

/// A digest of every choice (in notation) of `games` games between `bots` with rotating seats.
fn digest(mode: Mode, decks: &[&str], bots: [&str; 2], games: u64) -> u64 {
    let mut hasher = StableHasher::new();
    let cancel = AtomicBool::new(false);
    for seed in 0..games {
        let config = GameConfig {
            mode,
            players: 2,
            teams: false,
            decks: decks.iter().map(|d| d.to_string()).collect(),
        };
        let mut g = GameState::new_game(common::db(), config, seed).expect("a game");
        let mut players: Vec<_> = (0..2)
            .map(|s| {
                make_bot::<GameState>(bots[(s + seed as usize) % 2], seed * 31 + s as u64)
                    .expect("bot")
            })
            .collect();
        while !g.is_over() {
            let seat = Game::to_move(&g);
            let obs = Game::observation(&g, seat);
            let c = players[seat].choose(&obs, &cancel).expect("a choice");
            hasher.write(g.choice_text(&c).as_bytes());
            g.play(c).expect("legal");
        }
    }
    hasher.finish()
}

#[test]
fn greedy_and_random_choose_as_they_did_at_the_baseline() {
    let rows = [
        (
            Mode::Deathmatch,
            ["Imperial", "Imperial"],
            ["greedy", "random"],
        ),
        (
            Mode::HighForm,
            ["Imperial", "Imperial"],
            ["greedy", "random"],
        ),
        (
            Mode::Deathmatch,
            ["Highland", "Sylvan"],
            ["greedy", "greedy"],
        ),
        (
            Mode::HighForm,
            ["Everfrost", "Nethervoid"],
            ["greedy", "greedy"],
        ),
        (
            Mode::Deathmatch,
            ["Etherweave", "Everfrost"],
            ["random", "greedy"],
        ),
    ];
    let got: Vec<u64> = rows
        .iter()
        .map(|(mode, decks, bots)| digest(*mode, decks, *bots, 3))
        .collect();
    assert_eq!(got, EXPECTED);
}

const EXPECTED: [u64; 5] = [
    0x26a9f30790099aa8,
    0xe137520c438e2335,
    0x968b260973c488af,
    0xb1cb04b49f891815,
    0xe1af14e2f3f37a03,
];
