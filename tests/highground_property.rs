//! Thousands of seeded random games of High Ground for 2, 3 and 4 players, through the shared
//! `Game` trait: no panic, every invariant after every decision (a full deck of cards somewhere,
//! every pyramid on the board once or removed, a seat's King never covered), every decision has a choice
//! and every choice's notation reads back, games end, the same seed gives the same game, and a
//! seat's observation never depends on what it cannot see.

use table::highground::card::DECK_SIZE;
use table::highground::{HighGround, Pending, Setup, Variant, notation};
use table::shell::game::Game;
use table::shell::rng::Rng;

fn new_game(players: u8, variant: Variant, seed: u64) -> HighGround {
    HighGround::new_game(Setup { players, variant }, seed).expect("setup")
}

fn check_invariants(g: &HighGround, context: &str) {
    assert_eq!(g.card_count(), DECK_SIZE, "{context}: cards lost or made");
    for seat in 0..g.players() as u8 {
        for p in g.variant().pieces_of(seat) {
            let on_board = g
                .pyramids()
                .stacks()
                .iter()
                .flat_map(|s| s.pieces())
                .filter(|q| **q == p)
                .count();
            let removed = g.removed().iter().filter(|q| **q == p).count();
            // The quick look-up agrees with the stacks.
            let found = g
                .pyramids()
                .stacks()
                .iter()
                .find(|s| s.contains(p))
                .map(|s| s.pos);
            assert_eq!(g.pyramids().pos_of(p), found, "{context}: {p} mislaid");
            if g.in_setup() {
                assert_eq!(on_board + removed, 0, "{context}: {p} before the Kings");
            } else {
                assert_eq!(on_board + removed, 1, "{context}: {p} is not conserved");
            }
        }
        assert!(
            g.hand(seat as usize).len() <= g.variant().hand_max(),
            "{context}: hand too big"
        );
    }
    let pieces_total: usize = g.pyramids().stacks().iter().map(|s| s.pieces().len()).sum();
    let per_seat = g.variant().pieces_of(0).count();
    if !g.in_setup() {
        assert_eq!(
            pieces_total + g.removed().len(),
            per_seat * g.players(),
            "{context}"
        );
    }
    for s in g.pyramids().stacks() {
        assert!(
            !s.pieces().is_empty() && g.board().has(s.pos),
            "{context}: a stack off the board"
        );
    }
    if !g.in_setup() {
        for seat in 0..g.players() as u8 {
            assert!(
                g.board().king_of(seat).is_some(),
                "{context}: seat {seat}'s King was covered"
            );
        }
    }
    for t in g.board().territories() {
        let cards = g.board().cards_at(t.pos);
        assert_eq!(cards.len(), t.depth(), "{context}");
        // A King is only ever laid, so only ever the bottom card; a seat's King stays on top.
        assert!(
            !cards.iter().skip(1).any(|c| c.is_king()),
            "{context}: a King played at {}",
            t.pos
        );
        let choosing = matches!(g.pending(), Pending::Level { at, .. } if *at == t.pos);
        if t.top().is_joker() && !choosing {
            assert!(
                (1..=12).contains(&t.joker),
                "{context}: a Joker without a level"
            );
        }
    }
    assert!(g.board().is_connected(), "{context}: the board fell apart");
    if !g.is_over() && !g.in_setup() {
        assert!(
            g.alive(g.seat_to_move() as u8),
            "{context}: a removed seat moves"
        );
        assert!(
            g.quiet_turns() <= g.quiet_limit(),
            "{context}: too long without a kill"
        );
    }
}

/// A seat's observation is the same whatever the hidden cards are, and keeps its own hand.
fn check_hidden_information(g: &HighGround, seed: u64) {
    for seat in 0..g.players() {
        let other = g.determinize(seat, seed.wrapping_mul(7) + 1);
        assert_eq!(
            g.observation(seat),
            other.observation(seat),
            "seed {seed}: seat {seat}"
        );
        assert_eq!(
            Game::state_hash(&g.observation(seat)),
            Game::state_hash(&other.observation(seat))
        );
        assert_eq!(other.hand(seat), g.hand(seat), "our own hand stays");
        for s in 0..g.players() {
            assert_eq!(other.hand(s).len(), g.hand(s).len());
        }
        assert_eq!(other.deck_len(), g.deck_len());
        assert_eq!(other.card_count(), DECK_SIZE);
        let mut a = Vec::new();
        let mut b = Vec::new();
        Game::legal(g, &mut a);
        Game::legal(&other, &mut b);
        if g.seat_to_move() == seat {
            assert_eq!(a, b, "the seat to move sees the same choices in every deal");
        }
    }
}

struct Played {
    hash: u64,
    decisions: usize,
    turns: u32,
    outcome: String,
}

/// Plays one random game through the `Game` trait.
fn random_game(players: u8, variant: Variant, seed: u64, deep_checks: bool) -> Played {
    let mut g = new_game(players, variant, seed);
    let mut rng = Rng::seeded(seed ^ 0x9e37_79b9);
    let mut legal = Vec::new();
    let mut decisions = 0;
    while !Game::is_over(&g) {
        let context = format!(
            "{players}p {} seed {seed}, decision {decisions}",
            variant.name()
        );
        check_invariants(&g, &context);
        Game::legal(&g, &mut legal);
        assert!(!legal.is_empty(), "{context}: no choice");
        if deep_checks {
            for c in &legal {
                let text = Game::choice_text(&g, c);
                assert_eq!(Game::parse_choice(&g, &text), Ok(*c), "{context}: `{text}`");
            }
            if decisions % 23 == 0 {
                check_hidden_information(&g, seed);
            }
        }
        let choice = legal[rng.below(legal.len() as u32) as usize];
        if deep_checks {
            // The unchecked path search uses gives the same game as the checked one.
            let mut checked = g.clone();
            Game::play(&mut checked, choice).unwrap_or_else(|e| panic!("{context}: {e}"));
            Game::play_listed(&mut g, choice);
            assert_eq!(checked, g, "{context}");
        } else {
            Game::play(&mut g, choice).unwrap_or_else(|e| panic!("{context}: {e}"));
        }
        decisions += 1;
        assert!(decisions < 100_000, "{context}: the game does not end");
    }
    check_invariants(&g, &format!("seed {seed}, the end"));
    Game::legal(&g, &mut legal);
    assert!(legal.is_empty(), "a finished game offers no choice");
    let rewards = Game::rewards(&g);
    assert!((rewards.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    Played {
        hash: Game::state_hash(&g),
        decisions,
        turns: g.turn_number(),
        outcome: format!("{:?}", g.outcome()),
    }
}

fn many(players: u8, variant: Variant, games: u64) {
    let mut decisions = 0;
    let mut turns = 0;
    let mut drawn = 0;
    let mut king = 0;
    for seed in 0..games {
        let played = random_game(players, variant, seed, seed % 10 == 0);
        decisions += played.decisions;
        turns += played.turns as u64;
        drawn += played.outcome.contains("Drawn") as u32;
        king += played.outcome.contains("King") as u32;
    }
    eprintln!(
        "{players}p {}: {games} games, {decisions} decisions, {:.0} turns a game, {drawn} drawn, {king} by a King",
        variant.name(),
        turns as f64 / games as f64
    );
    assert!(
        decisions > games as usize * 20,
        "games are suspiciously short"
    );
}

#[test]
fn two_thousand_random_duels_keep_every_invariant() {
    many(2, Variant::Normal, 2000);
}

#[test]
fn a_thousand_random_games_each_for_three_and_four_players_keep_every_invariant() {
    many(3, Variant::Normal, 1000);
    many(4, Variant::Normal, 1000);
}

#[test]
fn a_thousand_random_mini_games_each_for_two_to_four_players_keep_every_invariant() {
    for players in 2..=4 {
        many(players, Variant::Mini, 1000);
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    for seed in [3, 99, 12345] {
        let a = random_game(3, Variant::Normal, seed, false);
        let b = random_game(3, Variant::Normal, seed, false);
        assert_eq!((a.hash, a.decisions), (b.hash, b.decisions));
    }
    assert_ne!(
        random_game(2, Variant::Normal, 1, false).hash,
        random_game(2, Variant::Normal, 2, false).hash
    );
}

#[test]
fn an_observation_hides_the_other_hands_and_the_deck_order() {
    // Through the setup at random, to the first turn (hands are dealt after the Kings).
    let mut g = new_game(2, Variant::Normal, 5);
    let mut rng = Rng::seeded(5);
    while g.in_setup() {
        let list = g.choices();
        g.apply(list[rng.below(list.len() as u32) as usize])
            .expect("legal");
    }
    let swapped = g.determinize(0, 77);
    assert_ne!(
        g.hand(1),
        swapped.hand(1),
        "the opponent's hand was dealt again"
    );
    assert_eq!(g.hand(0), swapped.hand(0), "our own hand stays");
    assert_eq!(g.observation(0), swapped.observation(0));
}

#[test]
fn every_kind_of_choice_reads_back_from_its_text() {
    // The unit test in `notation` covers each kind; here every choice met in a few games does.
    for seed in 0..30 {
        let mut g = new_game(2 + (seed % 3) as u8, Variant::Normal, seed);
        let mut rng = Rng::seeded(seed);
        while !g.is_over() {
            for c in g.choices() {
                assert_eq!(notation::parse(&notation::write(&c)), Ok(c));
            }
            let list = g.choices();
            g.apply(list[rng.below(list.len() as u32) as usize])
                .expect("legal");
        }
    }
}
