//! Thousands of seeded random games played to the end, in every form (duels, melees, and two teams
//! of two in High Form and Deathmatch): no panic, every invariant holds after every decision, the
//! same seed replays to the same game, a seat's view never shows hidden cards, and a game resigned
//! at a random decision ends for the other side and saves and loads to the same position.

use std::sync::Arc;
use table::shell::game::Game;
use table::shell::record::SaveFile;
use table::shell::record::load;
use table::shell::record::save::to_text;
use table::shell::rng::Rng;
use table::shell::seats::SeatKind as Player;
use table::tashkalar::engine::board::RankSet;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::playout::Apply;
use table::tashkalar::engine::state::HandKind;
use table::tashkalar::engine::{Choice, GameConfig, GameState, IllegalChoice, Mode, Seat};
use table::tashkalar::record::{GameSpec, SeatSpec};

fn check_invariants(g: &GameState, context: &str) {
    assert!(
        g.pieces_consistent(),
        "{context}: pieces on board + supply != all pieces"
    );
    for c in g.colour_ids() {
        assert!(
            g.board.count(c, RankSet::LEGENDARY) <= 3,
            "{context}: more than 3 legendary pieces"
        );
    }
    for seat in g.seat_ids() {
        let book = g.seat(seat).score;
        let booked: i16 = book.by_colour.iter().sum();
        assert_eq!(
            booked,
            book.destroyed + book.legends + book.flares,
            "{context}: score != its tallies"
        );
        let claimed: i16 = g
            .seat(seat)
            .claimed
            .as_slice()
            .iter()
            .map(|t| g.db.tasks[*t as usize].points as i16)
            .sum();
        assert_eq!(
            book.tasks, claimed,
            "{context}: task points != claimed tasks"
        );
        assert_eq!(
            g.score(seat),
            g.score(g.teammate(seat)),
            "{context}: teammates score together"
        );
    }
    if g.config.teams {
        // The team's legends are with one teammate at a time.
        for seat in [Seat(0), Seat(1)] {
            let held = |s: Seat| g.hand_of_kind(s, HandKind::Legend).count();
            assert!(
                held(seat) == 0 || held(g.teammate(seat)) == 0,
                "{context}: both teammates hold legends"
            );
        }
    }
}

/// Plays one random game; returns its final hash and the number of decisions.
fn random_game(
    db: &Arc<CardDb>,
    mode: Mode,
    players: u8,
    seed: u64,
    check_views: bool,
) -> (u64, usize) {
    random_game_of(db, mode, players, false, seed, check_views)
}

/// Plays one random game, teams or not; returns its final hash and the number of decisions.
fn random_game_of(
    db: &Arc<CardDb>,
    mode: Mode,
    players: u8,
    teams: bool,
    seed: u64,
    check_views: bool,
) -> (u64, usize) {
    // Every deck takes part, against every deck (itself included): the seats' decks rotate with
    // the seed at a stride that also changes with the seed.
    let n = db.decks.len();
    let stride = 1 + seed as usize / n;
    let decks = (0..players as usize)
        .map(|i| db.decks[(seed as usize + i * stride) % n].name.clone())
        .collect();
    let config = GameConfig {
        mode,
        players,
        teams,
        decks,
    };
    let mut g = GameState::new_game(db.clone(), config, seed).expect("new game");
    let mut decisions = 0;
    g.play_out_randomly(
        &mut Rng::seeded(seed ^ 0x9e37_79b9),
        Apply::Checked,
        |g, choice| {
            decisions += 1;
            assert_ne!(choice, Choice::Resign, "seed {seed}: random play resigned");
            check_invariants(g, &format!("seed {seed}, decision {decisions}"));
            if check_views && decisions % 37 == 0 {
                check_hidden_information(g, seed);
            }
            assert!(decisions < 20_000, "seed {seed}: the game does not end");
        },
    )
    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    (g.state_hash(), decisions)
}

/// Re-dealing what a seat cannot see changes nothing it can see.
fn check_hidden_information(g: &GameState, seed: u64) {
    for seat in g.seat_ids() {
        let other = g.determinize(seat, seed.wrapping_mul(7));
        assert_eq!(
            g.view(seat),
            other.view(seat),
            "seed {seed}: seat {seat}'s view depends on hidden cards"
        );
        assert_eq!(
            g.observation(seat).state_hash(),
            other.observation(seat).state_hash()
        );
        let view = g.view(seat);
        assert_eq!(view.hand, g.seat(seat).hand.iter().collect::<Vec<_>>());
        if g.decision().seat != seat {
            assert!(
                view.choices.is_empty(),
                "a seat sees choices only when it decides"
            );
        }
        // The view holds no other seat's hand: only counts.
        for s in g.seat_ids().filter(|s| *s != seat) {
            let counts = view.hand_counts[s.index()];
            assert_eq!(
                counts.beings + counts.legends + counts.flares,
                g.seat(s).hand.len()
            );
        }
    }
}

#[test]
fn two_thousand_random_duels_keep_every_invariant() {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let mut decisions = 0;
    for seed in 0..2000 {
        decisions += random_game(&db, Mode::Deathmatch, 2, seed, seed % 10 == 0).1;
    }
    assert!(
        decisions > 2000 * 50,
        "games are suspiciously short: {decisions} decisions"
    );
}

#[test]
fn two_thousand_random_high_form_duels_keep_every_invariant() {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let mut decisions = 0;
    for seed in 0..2000 {
        decisions += random_game(&db, Mode::HighForm, 2, seed, seed % 10 == 0).1;
    }
    assert!(
        decisions > 2000 * 50,
        "games are suspiciously short: {decisions} decisions"
    );
}

#[test]
fn a_thousand_random_melees_each_for_three_and_four_players_keep_every_invariant() {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    for players in [3, 4] {
        for seed in 0..1000 {
            random_game(&db, Mode::Deathmatch, players, seed, seed % 20 == 0);
        }
    }
}

#[test]
fn a_thousand_random_team_deathmatches_keep_every_invariant() {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let mut decisions = 0;
    for seed in 0..1000 {
        decisions += random_game_of(&db, Mode::Deathmatch, 4, true, seed, seed % 20 == 0).1;
    }
    assert!(
        decisions > 1000 * 50,
        "games are suspiciously short: {decisions} decisions"
    );
}

/// The save of a game whose choices are `texts`, loaded back: it must lead to the same position.
fn save_and_load(g: &GameState, texts: &[String], seed: u64) -> GameState {
    let names = ["Blue", "Red", "Green", "Yellow"];
    let spec = GameSpec {
        mode: g.config.mode,
        players: g.config.players,
        teams: g.config.teams,
        rules: table::tashkalar::engine::RULES_VERSION,
        seats: g
            .config
            .decks
            .iter()
            .enumerate()
            .map(|(i, deck)| SeatSpec {
                name: names[i].into(),
                player: Player::Bot("random".into()),
                deck: deck.clone(),
            })
            .collect(),
        scenario: None,
    };
    let save = SaveFile::new::<GameState>(spec, seed, texts.to_vec(), g);
    let text = to_text(&save).expect("the save writes");
    load::parse::<GameState>(&text, &g.db)
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
        .end
}

/// Random games of every two-sided form in which, at a random decision, the side to decide
/// resigns: the game is over, the other side wins, every invariant holds, and the save of the game
/// loads to the same position. In a melee nobody can resign and trying changes nothing.
#[test]
fn random_games_with_a_resignation_at_a_random_decision_keep_every_invariant() {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let forms = [
        (Mode::Deathmatch, 2, false),
        (Mode::HighForm, 2, false),
        (Mode::Deathmatch, 4, true),
        (Mode::HighForm, 4, true),
        (Mode::Deathmatch, 3, false),
        (Mode::Deathmatch, 4, false),
    ];
    let n = db.decks.len();
    let mut resigned = 0;
    for seed in 0..600u64 {
        let (mode, players, teams) = forms[seed as usize % forms.len()];
        let decks = (0..players as usize)
            .map(|i| db.decks[(seed as usize + i) % n].name.clone())
            .collect();
        let config = GameConfig {
            mode,
            players,
            teams,
            decks,
        };
        let mut g = GameState::new_game(db.clone(), config, seed).expect("new game");
        let mut rng = Rng::seeded(seed ^ 0x2e51_9a7e);
        // Somewhere in the first few hundred decisions (most games last longer).
        let at = rng.below(400) as usize;
        let mut texts = Vec::new();
        let mut choices = Vec::new();
        while !g.is_over() && texts.len() < at {
            g.legal_choices(&mut choices);
            assert!(!choices.contains(&Choice::Resign), "seed {seed}: listed");
            let c = choices[rng.below(choices.len() as u32) as usize];
            texts.push(g.choice_text(&c));
            g.apply(c).expect("a listed choice");
        }
        if g.is_over() {
            continue;
        }
        let context = format!("seed {seed}, {mode:?} {players} teams {teams}");
        if !g.is_two_sided() {
            assert_eq!(g.resignation(), None, "{context}");
            let before = g.state_hash();
            assert_eq!(
                g.apply(Choice::Resign),
                Err(IllegalChoice::NoResignationInMelee),
                "{context}"
            );
            assert_eq!(
                g.state_hash(),
                before,
                "{context}: a refused resignation changes nothing"
            );
            continue;
        }
        let who = g.decision().seat;
        let choice = g.resignation().expect("a two-sided game may be resigned");
        texts.push(g.choice_text(&choice));
        g.apply(choice).unwrap_or_else(|e| panic!("{context}: {e}"));
        resigned += 1;
        assert!(g.is_over(), "{context}");
        check_invariants(&g, &context);
        let standings = g.standings();
        assert_eq!(standings.resigned, Some(who), "{context}");
        let others: Vec<Seat> = g.seat_ids().filter(|s| !g.allies(*s, who)).collect();
        assert_eq!(standings.winners, others, "{context}");
        let loaded = save_and_load(&g, &texts, seed);
        assert_eq!(loaded.state_hash(), g.state_hash(), "{context}");
        assert_eq!(loaded.standings(), standings, "{context}");
    }
    // 400 of the games are two-sided; some end before their resignation point.
    assert!(resigned > 200, "only {resigned} games were resigned");
}

#[test]
fn the_same_seed_and_choices_replay_the_same_game() {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    for seed in [3, 99, 12345] {
        assert_eq!(
            random_game(&db, Mode::Deathmatch, 2, seed, false),
            random_game(&db, Mode::Deathmatch, 2, seed, false)
        );
    }
    assert_ne!(
        random_game(&db, Mode::Deathmatch, 2, 1, false).0,
        random_game(&db, Mode::Deathmatch, 2, 2, false).0
    );
}

#[test]
fn a_seat_view_is_the_same_whatever_the_hidden_cards() {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let config = GameConfig {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        decks: vec!["Imperial".into(); 2],
    };
    let g = GameState::new_game(db, config, 5).expect("new game");
    let swapped = g.determinize(Seat(0), 77);
    assert_ne!(
        g.seat(Seat(1)).hand,
        swapped.seat(Seat(1)).hand,
        "the opponent's hand was re-dealt"
    );
    assert_eq!(
        g.seat(Seat(0)).hand,
        swapped.seat(Seat(0)).hand,
        "our own hand stays"
    );
    assert_eq!(g.view(Seat(0)), swapped.view(Seat(0)));
}

/// The search plays listed choices without checking them again (`apply_listed`): at every step of
/// many random games (with the decks rotating between games), each listed choice must be accepted
/// by the checked `apply` and lead to the very same position.
#[test]
fn every_listed_choice_applies_unchecked_exactly_as_checked() {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let n = db.decks.len();
    let mut choices = Vec::new();
    for (k, (mode, players, teams)) in [
        (Mode::Deathmatch, 2, false),
        (Mode::HighForm, 2, false),
        (Mode::Deathmatch, 3, false),
        (Mode::Deathmatch, 4, false),
        (Mode::HighForm, 4, true),
        (Mode::Deathmatch, 4, true),
    ]
    .into_iter()
    .enumerate()
    {
        for seed in 0..24u64 {
            let decks = (0..players)
                .map(|i| db.decks[(seed as usize + i * (1 + k)) % n].name.clone())
                .collect();
            let config = GameConfig {
                mode,
                players: players as u8,
                teams,
                decks,
            };
            let mut g = GameState::new_game(db.clone(), config, seed).expect("new game");
            let mut rng = Rng::seeded(seed);
            while !g.is_over() {
                g.legal_choices(&mut choices);
                assert!(
                    !choices.contains(&Choice::Resign),
                    "resigning is never listed"
                );
                for &c in &choices {
                    let mut checked = g.clone();
                    checked
                        .apply(c)
                        .unwrap_or_else(|e| panic!("seed {seed}: listed {c:?} refused: {e}"));
                    let mut unchecked = g.clone();
                    unchecked.apply_listed(c);
                    assert_eq!(
                        checked.state_hash(),
                        unchecked.state_hash(),
                        "seed {seed}: {c:?}"
                    );
                }
                let pick = choices[rng.below(choices.len() as u32) as usize];
                g.apply(pick).expect("legal");
            }
        }
    }
}

/// Plays one random game with the given decks (and teams); returns the number of decisions.
fn random_game_with(
    db: &Arc<CardDb>,
    mode: Mode,
    decks: Vec<String>,
    teams: bool,
    seed: u64,
    check_views: bool,
) -> usize {
    let config = GameConfig {
        mode,
        players: decks.len() as u8,
        teams,
        decks,
    };
    let mut g = GameState::new_game(db.clone(), config, seed).expect("new game");
    let mut decisions = 0;
    g.play_out_randomly(
        &mut Rng::seeded(seed ^ 0x5bd1_e995),
        Apply::Checked,
        |g, _| {
            decisions += 1;
            check_invariants(g, &format!("seed {seed}, decision {decisions}"));
            if check_views && decisions % 29 == 0 {
                check_hidden_information(g, seed);
            }
            assert!(decisions < 20_000, "seed {seed}: the game does not end");
        },
    )
    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    decisions
}

/// Every ordered pairing of decks (each deck against itself too), in both duel forms, a few
/// seeds each: the new decks' mechanics meet every other deck's.
#[test]
fn every_deck_pairing_plays_both_duel_forms() {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let names: Vec<String> = db.decks.iter().map(|d| d.name.clone()).collect();
    assert_eq!(names.len(), 6, "six decks: {names:?}");
    for (i, a) in names.iter().enumerate() {
        for (j, b) in names.iter().enumerate() {
            for mode in [Mode::Deathmatch, Mode::HighForm] {
                for k in 0..3u64 {
                    let seed = 10_000 + (i * 36 + j * 6) as u64 * 3 + k;
                    random_game_with(&db, mode, vec![a.clone(), b.clone()], false, seed, k == 0);
                }
            }
        }
    }
}

/// Melees for three and four players and the 2 vs 2 team game, with the Nethervoid and
/// Etherweave decks at every seat among the others.
#[test]
fn the_new_decks_play_melees_and_the_team_game() {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let names: Vec<String> = db.decks.iter().map(|d| d.name.clone()).collect();
    let new = ["Nethervoid", "Etherweave"];
    for seed in 0..120u64 {
        for players in [3usize, 4] {
            let mut decks: Vec<String> = (0..players)
                .map(|i| names[(seed as usize + 2 * i) % names.len()].clone())
                .collect();
            decks[seed as usize % players] = new[seed as usize % 2].into();
            decks[(seed as usize + 1) % players] = new[(seed as usize + 1) % 2].into();
            random_game_with(
                &db,
                Mode::Deathmatch,
                decks,
                false,
                20_000 + seed,
                seed % 10 == 0,
            );
        }
        let decks: Vec<String> = (0..4)
            .map(|i| {
                if i == seed as usize % 4 {
                    new[seed as usize % 2].to_string()
                } else {
                    names[(seed as usize + i) % names.len()].clone()
                }
            })
            .collect();
        random_game_with(
            &db,
            Mode::HighForm,
            decks,
            true,
            30_000 + seed,
            seed % 10 == 0,
        );
    }
}
