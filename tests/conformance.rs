//! The conformance kit (`table::shell::conformance`) run for every game of the registry, at every
//! number of players it seats, and for the toy game of the tests. Kept lean: a handful of games a
//! player count, each state checked deeply (the games' own property tests play thousands).

mod nim;

use table::shell::conformance::{Kit, check};
use table::shell::registry::GameDef;
use table::shell::seats::SeatKind;

/// Every seat a bot's (the kit plays every seat itself; the kind is only recorded).
fn bots(players: usize) -> Vec<SeatKind> {
    vec![SeatKind::Bot("random".into()); players]
}

/// The player counts a game of the registry seats.
fn player_counts(game: &dyn GameDef) -> std::ops::RangeInclusive<usize> {
    let (least, most) = game.about().players;
    least as usize..=most as usize
}

#[test]
fn the_registry_lists_each_game_once_with_a_sane_description() {
    let registry = table::games::registry();
    let ids = registry.ids();
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "{ids:?}");
    for game in &registry.games {
        let about = game.about();
        assert!(
            about.players.0 >= 1 && about.players.0 <= about.players.1,
            "{about:?}"
        );
        assert!(!about.title.is_empty() && !about.save_format.is_empty());
    }
}

#[test]
fn tash_kalar_conforms() {
    use table::tashkalar::engine::{CardDb, GameConfig, GameState, Mode};
    use table::tashkalar::ui::setup::spec_for;
    let db = std::sync::Arc::new(CardDb::builtin().expect("built-in cards"));
    let game = table::tashkalar::TashKalar;
    // Deathmatch for 2-4, High Form for 2, and both forms for two teams of 2.
    let forms = player_counts(&game)
        .map(|p| (Mode::Deathmatch, false, p))
        .chain([
            (Mode::HighForm, false, 2),
            (Mode::Deathmatch, true, 4),
            (Mode::HighForm, true, 4),
        ]);
    for (mode, teams, players) in forms {
        {
            let decks: Vec<String> = db
                .decks
                .iter()
                .take(players)
                .map(|d| d.name.clone())
                .collect();
            let spec = |players: usize| {
                let config = GameConfig {
                    mode,
                    players: players as u8,
                    teams,
                    decks: decks.clone(),
                };
                spec_for(&config, &bots(players), None)
            };
            let kit = Kit::<GameState> {
                ctx: &db,
                spec: &spec,
                games: 2,
                seed: 100 + players as u64,
                max_decisions: 400,
            };
            let played = check(&kit, players)
                .unwrap_or_else(|v| panic!("{mode:?} {players} players (teams {teams}): {v}"));
            assert_eq!(played.games, 2);
        }
    }
}

#[test]
fn high_ground_conforms() {
    use table::highground::setup::Setup;
    use table::highground::ui::setup::spec_for;
    use table::highground::{HighGround, Variant};
    let game = table::highground::HighGroundGame;
    for variant in [Variant::Normal, Variant::Mini] {
        for players in player_counts(&game) {
            let spec = |players: usize| {
                let setup = Setup {
                    players: players as u8,
                    variant,
                };
                spec_for(setup, &bots(players))
            };
            let kit = Kit::<HighGround> {
                ctx: &(),
                spec: &spec,
                games: 3,
                seed: 200 + players as u64,
                max_decisions: 600,
            };
            let played =
                check(&kit, players).unwrap_or_else(|v| panic!("{variant:?} {players}: {v}"));
            assert_eq!(played.games, 3);
        }
    }
}

#[test]
fn the_toy_game_conforms() {
    let spec = |players: usize| nim::NimSpec {
        heaps: vec![3, 4, 5],
        seats: (0..players)
            .map(|i| (format!("Seat {}", i + 1), SeatKind::Human))
            .collect(),
    };
    let kit = Kit::<nim::Nim> {
        ctx: &(),
        spec: &spec,
        games: 20,
        seed: 1,
        max_decisions: 100,
    };
    let played = check(&kit, 2).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(played.finished, 20, "every game of Nim ends");
}

#[test]
fn res_arcana_conforms() {
    // Not on the registry yet (its screen is still to come), but its rules already pass the kit.
    use table::resarcana::record::{SeatSpec, Spec};
    use table::resarcana::{Db, ResArcana, Variant};
    let db = Db::embedded().expect("built-in components");
    for variant in [Variant::Standard, Variant::FirstGame, Variant::Draft] {
        for players in 2..=4 {
            let spec = |players: usize| Spec {
                variant,
                players: players as u8,
                expansion_counts: false,
                seats: (0..players)
                    .map(|i| SeatSpec {
                        name: format!("Seat {}", i + 1),
                        player: SeatKind::Bot("random".into()),
                    })
                    .collect(),
                position: None,
            };
            let kit = Kit::<ResArcana> {
                ctx: &db,
                spec: &spec,
                games: 2,
                seed: 300 + players as u64,
                max_decisions: 1_500,
            };
            let played =
                check(&kit, players).unwrap_or_else(|v| panic!("{variant:?} {players}: {v}"));
            assert_eq!(played.games, 2);
        }
    }
}
