//! Res Arcana: rules scenarios (a position, choices, the exact outcome) and a property test over
//! seeded random games.

mod ra;

use ra::*;
use table::resarcana::state::Variant;
use table::shell::game::Game;

/// Plays `n` random games and checks the engine's invariants at every step.
fn random_games(players: u8, games: u64, seed0: u64) {
    for seed in seed0..seed0 + games {
        let variant = if seed % 3 == 0 {
            Variant::FirstGame
        } else {
            Variant::Standard
        };
        let mut g = game(players, variant, seed);
        let mut twin = game(players, variant, seed);
        let mut pick = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut steps = 0;
        while !g.is_over() && steps < 3000 {
            steps += 1;
            let mut legal = Vec::new();
            Game::legal(&g, &mut legal);
            assert!(
                !legal.is_empty(),
                "seed {seed}: no legal choice at {:?}",
                g.pending
            );
            for c in &legal {
                let text = g.choice_text(c);
                assert_eq!(
                    g.parse_choice(&text).as_ref(),
                    Ok(c),
                    "seed {seed}: `{text}`"
                );
            }
            pick ^= pick << 13;
            pick ^= pick >> 7;
            pick ^= pick << 17;
            // Passing less often makes games go somewhere.
            let mut i = (pick % legal.len() as u64) as usize;
            if legal[i] == table::resarcana::Choice::Pass && pick % 4 != 0 {
                i = (i + 1) % legal.len();
            }
            let c = legal[i];
            let seat = g.seat_to_move();
            let obs = g.observation(seat);
            assert_eq!(
                obs.legal_list(),
                g.legal_list(),
                "seed {seed}: the mover's view lists other choices"
            );
            g.apply(c)
                .unwrap_or_else(|e| panic!("seed {seed}: listed {c:?} refused: {e}"));
            twin.apply(c).expect("the twin plays the same");
            assert_eq!(
                g.state_hash(),
                twin.state_hash(),
                "seed {seed}: not deterministic"
            );
        }
        assert!(g.is_over() || steps >= 3000);
    }
}

#[test]
fn random_games_two_players() {
    random_games(2, 40, 1);
}

#[test]
fn random_games_three_players() {
    random_games(3, 30, 100);
}

#[test]
fn random_games_four_players() {
    random_games(4, 30, 200);
}

#[test]
fn probe_stats() {
    let mut over = 0;
    let mut rounds = 0;
    for seed in 0..20u64 {
        let mut g = game(2, Variant::Standard, seed);
        let mut pick = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut steps = 0;
        while !g.is_over() && steps < 3000 {
            steps += 1;
            let legal = g.legal_list();
            pick ^= pick << 13;
            pick ^= pick >> 7;
            pick ^= pick << 17;
            let mut i = (pick % legal.len() as u64) as usize;
            if legal[i] == table::resarcana::Choice::Pass && pick % 4 != 0 {
                i = (i + 1) % legal.len();
            }
            if seed == 0 && steps < 60 {
                println!(
                    "{} {:?}: {}",
                    g.seat_to_move(),
                    g.pending.map(|d| d.ask),
                    g.choice_text(&legal[i])
                );
            }
            g.apply(legal[i]).unwrap();
        }
        if g.is_over() {
            over += 1;
        }
        rounds += g.round;
        println!(
            "seed {seed}: over {} round {} steps {steps} points {:?}",
            g.is_over(),
            g.round,
            (0..2).map(|s| g.points(s)).collect::<Vec<_>>()
        );
    }
    println!("over {over} rounds {rounds}");
}
