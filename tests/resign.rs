//! Resignation: in a two-sided game (a duel, or two teams of two, either form) the side to decide
//! may give up and the other side wins. It is a choice the engine applies (so saves and replays
//! record it) but never lists among the legal choices (so bots and playouts never consider it).
//! A melee cannot be resigned.

mod common;
use common::*;
use table::shell::game::Game;
use table::shell::record::format::hex;
use table::shell::record::load;
use table::shell::record::save::to_text;
use table::shell::record::{Recordable, SaveFile};
use table::shell::seats::SeatKind as Player;
use table::shell::seats::{SeatKind, Seats};
use table::tashkalar::engine::{Choice, GameConfig, GameState, IllegalChoice, Mode, Seat};
use table::tashkalar::record::{GameSpec, SeatSpec};
use table::tashkalar::ui::setup::seat_names;
use table::tashkalar::ui::words::game_over_text;

fn new_game(mode: Mode, players: u8, teams: bool) -> GameState {
    let config = GameConfig {
        mode,
        players,
        teams,
        decks: vec!["Imperial".into(); players as usize],
    };
    GameState::new_game(db(), config, 21).expect("a game")
}

#[test]
fn in_a_duel_the_side_to_decide_may_resign_and_the_other_side_wins() {
    let mut g = scenario(r#"(scores: [9, 2], pieces: ["1h e5", "2c a5"])"#);
    assert_eq!(g.resignation(), Some(Choice::Resign));
    assert!(
        !g.choices().contains(&Choice::Resign),
        "resigning is not one of the listed choices"
    );
    play(&mut g, &["place e4", "resign"]);
    assert!(g.is_over());
    assert_eq!(g.decision().kind.name(), "game-over");
    let standings = g.standings();
    assert_eq!(standings.resigned, Some(Seat(0)));
    assert_eq!(
        standings.winners,
        vec![Seat(1)],
        "the other side wins, whatever the score"
    );
    assert_eq!(standings.scores, vec![9, 2], "scores are kept as they were");
    assert_eq!(g.resignation(), None, "a finished game cannot be resigned");
    let before = scenario(r#"(pieces: ["1h e5"])"#);
    let after = {
        let mut g = before.clone();
        play(&mut g, &["resign"]);
        g
    };
    assert!(
        GameState::undo_barrier(&before, &after),
        "a resignation is final: undo does not take it back"
    );
    assert_eq!(g.apply(Choice::Resign), Err(IllegalChoice::GameOver));
    assert_eq!(Game::rewards(&g), vec![0.0, 1.0]);
}

#[test]
fn a_resignation_may_come_at_any_decision_even_in_the_middle_of_an_effect() {
    let mut g = scenario(
        r#"(pieces: ["1c d4", "1c e4", "1c f4", "1c d3", "2h e6"], hands: [(beings: ["Knight"])])"#,
    );
    summon(&mut g, "Knight", "e5", &[]);
    assert_eq!(pending(&g), "effect:move");
    let mut resigned = g.clone();
    play(&mut resigned, &["resign"]);
    assert_eq!(resigned.standings().winners, vec![Seat(1)]);
    // And at the very first decision of a dealt game: seat 2 sets up the start pieces.
    let mut g = new_game(Mode::Deathmatch, 2, false);
    assert_eq!(g.decision().seat, Seat(1));
    play(&mut g, &["resign"]);
    assert_eq!(g.standings().winners, vec![Seat(0)]);
}

#[test]
fn in_a_team_game_a_teammate_resigns_for_the_team() {
    for mode in [Mode::HighForm, Mode::Deathmatch] {
        let mut g = new_game(mode, 4, true);
        if mode == Mode::Deathmatch {
            play(&mut g, &["start c5"]);
        }
        play(&mut g, &["place e5"]); // seat 1's only action; seat 2 to move
        play(&mut g, &["place e4", "place e3", "resign"]); // seat 3 gives up
        let standings = g.standings();
        assert_eq!(standings.resigned, Some(Seat(2)), "{mode:?}");
        assert_eq!(standings.winners, vec![Seat(1), Seat(3)], "{mode:?}");
    }
}

#[test]
fn a_melee_cannot_be_resigned() {
    for players in [3, 4] {
        let mut g = new_game(Mode::Deathmatch, players, false);
        assert_eq!(g.resignation(), None);
        assert_eq!(
            g.apply(Choice::Resign),
            Err(IllegalChoice::NoResignationInMelee)
        );
        assert!(!g.is_over());
    }
}

#[test]
fn the_end_of_game_panel_says_who_resigned() {
    let mut g = new_game(Mode::Deathmatch, 2, false);
    play(&mut g, &["start c5", "resign"]);
    let seats = Seats::new(seat_names(&g.config), &[SeatKind::Human, SeatKind::Human]);
    let text = game_over_text(&g, &seats);
    assert!(
        text.starts_with(&format!(
            "Game over: {} resigned; {} wins",
            seats.name(Seat(0)),
            seats.name(Seat(1))
        )),
        "{text}"
    );
}

#[test]
fn a_resigned_game_is_saved_and_replays_to_the_same_end() {
    let mut g = new_game(Mode::HighForm, 2, false);
    play(&mut g, &["place e5", "place e4", "resign"]);
    let spec = GameSpec {
        mode: Mode::HighForm,
        players: 2,
        teams: false,
        seats: ["Blue", "Red"]
            .map(|name| SeatSpec {
                name: name.into(),
                player: Player::Human,
                deck: "Imperial".into(),
            })
            .to_vec(),
        scenario: None,
        rules: table::tashkalar::engine::RULES_VERSION,
    };
    let choices = vec!["place e5".into(), "place e4".into(), "resign".into()];
    let save = SaveFile::new::<GameState>(spec, 21, choices, &g);
    assert!(save.finished);
    let text = to_text(&save).expect("writes");
    let loaded = load::parse::<GameState>(&text, &db()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.end.record_hash(1), g.record_hash(1));
    assert_eq!(loaded.end.standings().resigned, Some(Seat(1)));
    assert_eq!(
        hex(loaded.end.record_hash(table::shell::record::FORMAT_VERSION)),
        save.hash
    );
    // The same choices without the resignation lead to another hash.
    let mut on = new_game(Mode::HighForm, 2, false);
    play(&mut on, &["place e5", "place e4"]);
    assert_ne!(on.record_hash(1), g.record_hash(1));
}
