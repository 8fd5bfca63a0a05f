//! The 2 vs 2 team game (High Form): a shared colour, sideways cards, legends passed between
//! teammates, tasks for the team, and handing a turn to the teammate.

use std::sync::Arc;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::playout::Apply;
use table::tashkalar::engine::scenario::Scenario;
use table::tashkalar::engine::state::HandKind;
use table::tashkalar::engine::{Colour, GameConfig, GameState, Mode, Seat, notation};

fn db() -> Arc<CardDb> {
    Arc::new(CardDb::builtin().expect("cards"))
}

fn team_game(seed: u64) -> GameState {
    let config = GameConfig {
        mode: Mode::HighForm,
        players: 4,
        teams: true,
        decks: vec!["Imperial".into(); 4],
    };
    GameState::new_game(db(), config, seed).expect("team game")
}

fn play(g: &mut GameState, moves: &[&str]) {
    for m in moves {
        let c = notation::parse(m, &g.db).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.apply(c).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn texts(g: &GameState) -> Vec<String> {
    g.choices()
        .iter()
        .map(|c| notation::write(c, &g.db))
        .collect()
}

fn legends(g: &GameState, seat: u8) -> usize {
    g.hand_of_kind(Seat(seat), HandKind::Legend).count()
}

#[test]
fn teammates_share_a_colour_and_one_set_of_pieces() {
    let g = team_game(1);
    assert_eq!(g.colour_of(Seat(0)), g.colour_of(Seat(2)));
    assert_eq!(g.colour_of(Seat(1)), g.colour_of(Seat(3)));
    assert_ne!(g.colour_of(Seat(0)), g.colour_of(Seat(1)));
    assert_eq!(g.colours(), 2);
    assert_eq!(g.supply[0].discs, 17);
    assert_eq!(g.supply[2].discs, 0, "no third colour");
}

#[test]
fn the_team_legends_start_with_its_first_player_and_pass_along() {
    let mut g = team_game(2);
    assert_eq!(
        [
            legends(&g, 0),
            legends(&g, 1),
            legends(&g, 2),
            legends(&g, 3)
        ],
        [2, 2, 0, 0]
    );
    play(&mut g, &["place e5"]); // seat 1's single first action
    assert_eq!(
        (legends(&g, 0), legends(&g, 2)),
        (0, 2),
        "handed to the teammate"
    );
}

#[test]
fn only_sideways_cards_left_triggers_the_end() {
    let mut g = team_game(3);
    // Seat 1 has 15 cards in its deck after the deal: drawing down to the 6 sideways ones ends the game.
    assert_eq!(g.seat(Seat(0)).sideways, 6);
    let keep = 7;
    while g.seat(Seat(0)).deck.len() > keep {
        let card = g.seats[0].deck.pop().expect("card");
        g.seats[0].discard.push(card);
    }
    // Discarding makes seat 1 draw one card at the end of its turn: the seventh from the bottom.
    let discard = texts(&g)
        .into_iter()
        .find(|t| t.starts_with("discard"))
        .expect("a being to discard");
    play(&mut g, &[&discard, "skip"]);
    assert!(g.ending.triggered, "seat 1 drew its last upright card");
    assert_eq!(g.ending.turns_left, 4, "every player gets one more turn");
}

#[test]
fn a_turn_can_be_handed_to_the_teammate_who_then_only_places_commons() {
    let text = r#"(mode: HighForm, players: 4, teams: true, pieces: ["3c d4", "3c e4", "3c f4", "1c d3", "2h c9", "2h d9", "2h e9", "4h f9"],
                   hands: [(beings: ["Knight"], flares: ["Ember"])])"#;
    let mut g = Scenario::parse(text)
        .expect("parse")
        .into_state(db())
        .expect("valid");
    assert_eq!(
        g.colour_of(Seat(2)),
        Colour(0),
        "seat 3's pieces are seat 1's colour"
    );
    assert!(texts(&g).contains(&"summon Knight e5 0".to_string()));
    assert!(texts(&g).contains(&"flare Ember 2".to_string()));
    play(&mut g, &["handover"]);
    assert_eq!(g.decision().seat, Seat(2), "the teammate decides now");
    let offered = texts(&g);
    assert!(
        offered.iter().all(|t| t.starts_with("place")),
        "only common pieces: {offered:?}"
    );
    play(&mut g, &["place a5", "place a6"]);
    assert_eq!(g.turn.seat, Seat(1), "the turn is over");
}

#[test]
fn the_teammate_finishes_an_effect_handed_over_mid_way() {
    let text = r#"(mode: HighForm, players: 4, teams: true, pieces: ["1c d4", "3c e4", "1c f4", "1c d3", "2h e6"],
                   hands: [(beings: ["Knight"])])"#;
    let mut g = Scenario::parse(text)
        .expect("parse")
        .into_state(db())
        .expect("valid");
    play(&mut g, &["summon Knight e5 0"]);
    assert!(texts(&g).contains(&"handover".to_string()));
    play(&mut g, &["handover"]);
    assert_eq!(g.decision().seat, Seat(2));
    play(&mut g, &["move e5 e6", "skip"]);
    assert_eq!(
        g.decision().seat,
        Seat(2),
        "and spends the remaining action"
    );
    assert!(texts(&g).iter().all(|t| t.starts_with("place")));
}

#[test]
fn tasks_and_legendary_pieces_count_for_the_whole_team() {
    let text =
        r#"(mode: HighForm, players: 4, teams: true, scores: [2, 0, 1, 0], pieces: ["3l a5"])"#;
    let g = Scenario::parse(text)
        .expect("parse")
        .into_state(db())
        .expect("valid");
    assert_eq!(
        g.score(Seat(0)),
        4,
        "2 + 1 task points and a legendary piece"
    );
    assert_eq!(g.score(Seat(2)), 4);
    assert_eq!(g.standings().winners, vec![Seat(0), Seat(2)]);
}

#[test]
fn a_thousand_random_team_games_keep_every_invariant() {
    let db = db();
    for seed in 0..1000u64 {
        let config = GameConfig {
            mode: Mode::HighForm,
            players: 4,
            teams: true,
            decks: vec!["Imperial".into(); 4],
        };
        let mut g = GameState::new_game(db.clone(), config, seed).expect("team game");
        let mut n = 0;
        g.play_out_randomly(
            &mut table::shell::rng::Rng::seeded(seed),
            Apply::Checked,
            |g, _| {
                assert!(g.pieces_consistent(), "seed {seed}");
                // Teammates always share their score; legends are only ever held by one of them.
                assert_eq!(g.score(Seat(0)), g.score(Seat(2)));
                assert!(
                    legends(g, 0) == 0 || legends(g, 2) == 0,
                    "seed {seed}: both teammates hold legends"
                );
                n += 1;
                assert!(n < 30_000, "seed {seed}: no end");
            },
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

// ----- Team Deathmatch: two teams of two play a Deathmatch duel -----

fn team_deathmatch(seed: u64) -> GameState {
    let config = GameConfig {
        mode: Mode::Deathmatch,
        players: 4,
        teams: true,
        decks: vec!["Imperial".into(); 4],
    };
    GameState::new_game(db(), config, seed).expect("team Deathmatch")
}

fn scenario(text: &str) -> GameState {
    Scenario::parse(text)
        .expect("parse")
        .into_state(db())
        .expect("valid")
}

#[test]
fn team_deathmatch_starts_like_a_duel_with_shared_colours_and_legends() {
    let mut g = team_deathmatch(4);
    assert_eq!(g.colours(), 2);
    assert!(!g.is_melee() && g.is_two_sided());
    assert_eq!(
        (g.decision().seat, g.decision().kind.name()),
        (Seat(1), "start-square"),
        "the second player sets up the start pieces, as in a duel"
    );
    play(&mut g, &["start c5"]);
    assert_eq!(g.piece_list(), "2c c5, 1c g5");
    assert_eq!(
        (g.supply[0].discs, g.supply[1].discs),
        (15, 15),
        "17 discs, one on the team's score board, one on the board"
    );
    assert_eq!(
        g.seat(Seat(2)).sideways,
        6,
        "the bottom 6 cards are sideways"
    );
    assert_eq!(
        [0, 1, 2, 3].map(|s| legends(&g, s)),
        [2, 2, 0, 0],
        "each team's legends start with its first player"
    );
    assert_eq!(g.borrowable_colours(), 0, "no improvised summoning");
    assert!(texts(&g).contains(&"handover".to_string()));
}

#[test]
fn teammates_score_deathmatch_points_together_and_eighteen_ends_the_game() {
    // Seat 3 (team of seats 1 and 3) blows up four enemy commons: 2 points for the team.
    let mut g = scenario(
        r#"(players: 4, teams: true, to_move: 3, scores: [10, 4, 6, 0],
            pieces: ["3c f4", "3c f3", "2c d6", "2c e6", "4c d4", "4c d5"],
            hands: [None, None, (beings: ["Bomb"])])"#,
    );
    let bomb = texts(&g)
        .into_iter()
        .find(|t| t.starts_with("summon Bomb e5"))
        .expect("the Bomb can be summoned");
    play(&mut g, &[&bomb, "place a5"]);
    assert_eq!(g.seat(Seat(2)).score.destroyed, 6 + 2);
    assert_eq!(
        (g.score(Seat(0)), g.score(Seat(2)), g.score(Seat(1))),
        (18, 18, 4),
        "a team's score is both teammates' points"
    );
    assert!(g.ending.triggered, "18 points for the team end the game");
    assert_eq!(g.ending.turns_left, 4, "then everyone plays one more turn");
}

#[test]
fn a_flare_in_team_deathmatch_gives_the_other_team_a_point() {
    let mut g = scenario(
        r#"(players: 4, teams: true, pieces: ["2c a5", "2c a6", "4c a7", "4c b8", "2c c9", "4c d9", "2c e9"],
            hands: [(flares: ["Ember"])])"#,
    );
    play(&mut g, &["flare Ember 2", "pick e5"]);
    assert_eq!((g.score(Seat(1)), g.score(Seat(3))), (1, 1));
    assert_eq!(g.score(Seat(0)), 0);
}

#[test]
fn extra_legends_go_to_the_teammate_who_holds_the_team_legends() {
    // Forest Mystic: one extra being and one extra legend at the end of the turn. In the team game
    // the legends have just passed to the teammate, who draws the extra one.
    let mut g = scenario(
        r#"(mode: HighForm, players: 4, teams: true, decks: ["Sylvan", "Imperial", "Sylvan", "Imperial"],
            actions_left: 1, pieces: ["1c e6", "1c d5", "1c f4"],
            hands: [(beings: ["Forest Mystic"], legends: ["Titan", "Time Elemental"])])"#,
    );
    let mystic = texts(&g)
        .into_iter()
        .find(|t| t.starts_with("summon Forest Mystic e5"))
        .expect("the Mystic can be summoned");
    play(&mut g, &[&mystic]);
    assert_eq!(g.turn.seat, Seat(1), "that was the last action");
    assert_eq!(
        (legends(&g, 0), legends(&g, 2)),
        (0, 3),
        "the two team legends and the extra one are with the teammate"
    );
    assert_eq!(
        g.hand_of_kind(Seat(0), HandKind::Being).count(),
        4,
        "the extra being is the summoner's own"
    );
}
