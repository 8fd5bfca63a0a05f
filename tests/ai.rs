//! The bots: names, reproducibility, no hidden information, legal play in every mode, and the
//! obvious moves a bot of each kind must find.

mod common;
use common::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use table::shell::ai::{BOT_NAMES, Bot, make_bot};
use table::shell::game::Heuristics;
use table::tashkalar::engine::{Choice, GameConfig, GameState, Mode, Seat, notation};

fn bot(name: &str, seed: u64) -> Box<dyn Bot<GameState>> {
    make_bot::<GameState>(name, seed).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn choose(name: &str, seed: u64, g: &GameState) -> Choice {
    let seat = g.decision().seat;
    bot(name, seed)
        .choose(&g.observation(seat), &AtomicBool::new(false))
        .expect("a choice")
}

fn text(g: &GameState, c: Choice) -> String {
    notation::write(&c, &g.db)
}

#[test]
fn every_listed_bot_is_built_by_name_and_unknown_ones_are_refused() {
    for name in BOT_NAMES {
        assert_eq!(bot(name, 1).name(), *name);
    }
    assert_eq!(bot("mcts", 1).name(), "mcts:normal", "mcts alone is normal");
    let err = make_bot::<GameState>("mcts:godlike", 1)
        .err()
        .expect("refused");
    assert!(err.contains("godlike"), "{err}");
    assert!(make_bot::<GameState>("alphazero", 1).is_err());
}

/// A position where the seat to move can destroy an enemy heroic piece by summoning.
fn capture_position() -> GameState {
    scenario(
        r#"(pieces: ["1c e4", "1c e6", "2h d6", "2c f4", "1c b2"],
            hands: [(beings: ["Swordmaster", "Knight", "Herald"]), (beings: ["Knight", "Herald", "Messenger"])])"#,
    )
}

#[test]
fn the_greedy_bot_takes_the_destruction_the_position_offers() {
    let mut g = capture_position();
    // Swordmaster on e5 may cut a diagonal common: the greedy bot summons and then cuts.
    let mut bot = bot("greedy", 3);
    let cancel = AtomicBool::new(false);
    let first = bot
        .choose(&g.observation(Seat(0)), &cancel)
        .expect("a choice");
    assert!(
        matches!(first, Choice::Summon { .. }),
        "summoning beats placing here, got {}",
        text(&g, first)
    );
    g.apply(first).expect("legal");
    while g.decision().seat == Seat(0) && Heuristics::mid_action(&g) {
        let c = bot
            .choose(&g.observation(Seat(0)), &cancel)
            .expect("a choice");
        g.apply(c).expect("legal");
    }
    let destroyed: u8 = g.turn.tally.destroyed[1].iter().sum();
    assert!(
        destroyed >= 1,
        "an enemy piece was destroyed: {}",
        pieces(&g)
    );
}

#[test]
fn seeded_bots_repeat_their_choices() {
    let g = capture_position();
    for name in ["random", "greedy", "mcts:easy"] {
        assert_eq!(choose(name, 11, &g), choose(name, 11, &g), "{name}");
    }
}

#[test]
fn a_bot_decides_the_same_whatever_the_opponent_holds() {
    // Two games that differ only in the opponent's hidden hand look the same to seat 1, and a
    // seeded bot given seat 1's observation makes the same decision in both.
    let a = capture_position();
    let b = scenario(
        r#"(pieces: ["1c e4", "1c e6", "2h d6", "2c f4", "1c b2"],
            hands: [(beings: ["Swordmaster", "Knight", "Herald"]), (beings: ["Swordmaster", "Bomb", "Cannon"])])"#,
    );
    assert_ne!(a.seat(Seat(1)).hand, b.seat(Seat(1)).hand);
    assert_eq!(a.view(Seat(0)), b.view(Seat(0)));
    for name in ["greedy", "mcts:easy"] {
        assert_eq!(choose(name, 5, &a), choose(name, 5, &b), "{name}");
    }
}

#[test]
fn the_search_reports_a_legal_choice_and_spends_its_budget_on_it() {
    use table::shell::ai::mcts::{Level, MctsBot};
    let g = capture_position();
    let mut bot = MctsBot::new(Level::Easy, 9);
    let report = bot.search(&g.observation(Seat(0)), &AtomicBool::new(false));
    let choice = report.choice.expect("a choice");
    assert!(g.is_legal(choice));
    assert!(report.iterations > 0);
    let best = report.visits.iter().max().copied().unwrap_or(0);
    let legal = g.choices();
    let index = legal.iter().position(|c| *c == choice).expect("listed");
    assert_eq!(
        report.visits[index], best,
        "the most visited choice is played"
    );
}

#[test]
fn a_search_shared_among_trees_adds_their_visits_and_repeats_itself() {
    use table::shell::ai::mcts::{Level, MctsBot, MctsConfig};
    use table::shell::game::Heuristics;
    let g = capture_position();
    let observation = g.observation(Seat(0));
    let config = MctsConfig {
        trees: 3,
        time_limit: std::time::Duration::from_secs(3600),
        ..Level::Easy.config(Heuristics::search_budgets(&g))
    };
    let search = || {
        MctsBot::with_config("trees".into(), config, 4)
            .search(&observation, &AtomicBool::new(false))
    };
    let (first, again) = (search(), search());
    assert_eq!(first.choice, again.choice);
    assert_eq!(
        first.visits, again.visits,
        "the trees' seeds fix their searches"
    );
    // `easy` counts no virtual visits, so every iteration of every tree is one root visit.
    assert_eq!(first.visits.iter().sum::<u32>(), first.iterations);
    assert!(first.iterations > 0 && first.iterations <= config.iterations);
    let choice = first.choice.expect("a choice");
    let index = g
        .choices()
        .iter()
        .position(|c| *c == choice)
        .expect("listed");
    assert_eq!(
        first.visits[index],
        first.visits.iter().copied().max().unwrap_or(0)
    );
}

#[test]
fn a_cancelled_search_still_answers_at_once() {
    use table::shell::ai::mcts::{Level, MctsBot};
    let g = capture_position();
    let mut bot = MctsBot::new(Level::Hard, 9);
    let report = bot.search(&g.observation(Seat(0)), &AtomicBool::new(true));
    assert!(g.is_legal(report.choice.expect("a choice")));
    assert!(report.iterations <= 32, "stopped at the first check");
}

#[test]
fn each_level_searches_more_than_the_one_below_with_budgets_per_form() {
    use table::shell::ai::mcts::{Evaluation, Level, MctsBot};
    use table::shell::game::{Heuristics, SearchBudgets};
    let forms = [Mode::Deathmatch, Mode::HighForm].map(|mode| {
        let config = GameConfig {
            mode,
            players: 2,
            teams: false,
            decks: vec!["Imperial".into(); 2],
        };
        let g = GameState::new_game(db(), config, 3).expect("new game");
        g.search_budgets()
    });
    for budgets in forms.into_iter().chain([SearchBudgets::default()]) {
        let iterations: Vec<u32> = Level::ALL
            .iter()
            .map(|l| l.config(budgets).iterations)
            .collect();
        assert!(
            iterations.windows(2).all(|w| w[0] < w[1]),
            "{budgets:?}: {iterations:?}"
        );
        // The root plan counts as visits above `easy` only, as the game's share of the budget.
        let plan: Vec<u32> = Level::ALL
            .iter()
            .map(|l| l.config(budgets).prior_visits)
            .collect();
        let share = |i: u32| i.checked_div(budgets.plan_share).unwrap_or(0);
        assert_eq!(
            plan,
            [0, share(iterations[1]), share(iterations[2])],
            "{budgets:?}"
        );
    }
    assert_eq!(
        forms.map(|b| b.plan_share),
        [24, 24],
        "Tash-Kalar counts its plan in both forms"
    );
    for &b in &forms {
        let greedy: Vec<(bool, Evaluation)> = Level::ALL
            .iter()
            .map(|l| (l.config(b).greedy_effects, l.config(b).step_evaluation))
            .collect();
        assert_eq!(
            greedy,
            [
                (false, Evaluation::Step),
                (true, Evaluation::Step),
                (true, Evaluation::Search)
            ],
            "normal and hard resolve their playouts' effects greedily, normal by the cheap estimate"
        );
    }
    // A named level takes the budget of the form it searches: a decision between ten choices
    // or more spends the whole budget of `easy`, 400 iterations in Deathmatch, 300 in High Form.
    for (mode, budget) in [(Mode::Deathmatch, 400), (Mode::HighForm, 300)] {
        let config = GameConfig {
            mode,
            players: 2,
            teams: false,
            decks: vec!["Imperial".into(); 2],
        };
        let mut g = GameState::new_game(db(), config, 3).expect("new game");
        while g.choices().len() < 10 {
            let first = g.choices()[0];
            g.apply(first).expect("a listed choice");
        }
        let seat = g.decision().seat;
        let report =
            MctsBot::new(Level::Easy, 9).search(&g.observation(seat), &AtomicBool::new(false));
        assert!(
            report.iterations > budget * 3 / 4 && report.iterations <= budget,
            "{mode:?}: {} iterations",
            report.iterations
        );
    }
}

/// Plays a whole game with the given bots (seat i takes `names[i % len]`), checking every pick.
fn play_game(mode: Mode, players: u8, teams: bool, names: &[&str], seed: u64) -> GameState {
    let config = GameConfig {
        mode,
        players,
        teams,
        decks: vec!["Imperial".into(); players as usize],
    };
    let mut g = GameState::new_game(db(), config, seed).expect("new game");
    let mut bots: Vec<Box<dyn Bot<GameState>>> = (0..players as usize)
        .map(|s| bot(names[s % names.len()], seed + s as u64))
        .collect();
    let cancel = AtomicBool::new(false);
    let mut steps = 0;
    while !g.is_over() {
        let seat = g.decision().seat;
        let c = bots[seat.index()]
            .choose(&g.observation(seat), &cancel)
            .expect("a choice");
        g.apply(c)
            .unwrap_or_else(|e| panic!("{} chose badly: {e}", names[seat.index() % names.len()]));
        steps += 1;
        assert!(steps < 20_000, "the game ends");
    }
    g
}

#[test]
fn every_bot_plays_whole_games_in_every_form_and_player_count() {
    let _ = Arc::strong_count(&db());
    play_game(Mode::Deathmatch, 2, false, &["greedy", "random"], 1);
    play_game(Mode::HighForm, 2, false, &["greedy", "random"], 2);
    play_game(
        Mode::Deathmatch,
        3,
        false,
        &["greedy", "random", "random"],
        3,
    );
    play_game(Mode::Deathmatch, 4, false, &["greedy", "random"], 4);
    play_game(Mode::HighForm, 4, true, &["greedy", "random"], 5);
}

#[test]
fn the_search_bot_plays_whole_games_with_three_and_four_seats() {
    // Vector rewards: every seat of a melee or a team game is searched for from its own side.
    let g = play_game(
        Mode::Deathmatch,
        3,
        false,
        &["mcts:easy", "random", "random"],
        6,
    );
    assert!(g.is_over());
    let g = play_game(Mode::HighForm, 4, true, &["mcts:easy", "random"], 7);
    assert!(g.is_over());
}

/// Tournaments are run in chunks on several cores: with the decks fixed, `sim --games 2n --seed s`
/// plays the very games of `--games n --seed s` followed by `--games n --seed s+n` (n even, so
/// the seats rotate alike), and `--jobs 2` plays them two at a time with the same results.
#[test]
fn a_tournament_in_chunks_or_on_two_threads_plays_the_games_of_one_long_run() {
    use table::shell::sim::run;
    use table::tashkalar::cli::{TournamentSpec, pairings};
    let sim = |games, seed, jobs| {
        let spec = TournamentSpec {
            mode: Mode::Deathmatch,
            players: 2,
            teams: false,
            decks: Vec::new(),
            games,
            seed,
            // Bots without a time limit: on a busy machine a search cut by its clock would
            // not repeat, and this test is about the tournament's seeding, not the search.
            bots: vec!["random".into(), "greedy".into()],
        };
        (spec, jobs)
    };
    let played = |(spec, jobs): (TournamentSpec, usize)| {
        let db = db();
        let mut games = Vec::new();
        let pairs = pairings(&db, &spec).expect("pairings");
        let report = run::<GameState>(&db, &pairs, &spec.bots, jobs, |g| {
            games.push((
                g.pairing.seed,
                g.pairing.bots.clone(),
                g.played.end.state_hash(),
            ))
        })
        .expect("sim");
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        let wins: Vec<f64> = report.bot_stats.iter().map(|b| b.wins).collect();
        (games, wins)
    };
    let (whole, wins) = played(sim(4, 500, 1));
    let (mut chunks, _) = played(sim(2, 500, 1));
    chunks.extend(played(sim(2, 502, 1)).0);
    assert_eq!(whole.len(), 4);
    assert_eq!(whole, chunks);
    assert_eq!(played(sim(4, 500, 2)), (whole, wins));
}

/// Seat 1's commons bunched around e5, next to seat 2's two commons that make a Bomb's pattern
/// there (f6, g6), seat 2 to act with `actions` actions.
fn bomb_position(actions: u8, pattern: &[&str]) -> GameState {
    let enemy: Vec<String> = pattern.iter().map(|sq| format!("\"2c {sq}\"")).collect();
    scenario(&format!(
        r#"(mode: Deathmatch, to_move: 2, actions_left: {actions},
            pieces: ["1c d4", "1c e4", "1c f4", "1c d5", "1c d6", "1h b2", {}],
            hands: [(beings: ["Knight", "Herald", "Messenger"]), (beings: ["Bomb", "Herald", "Messenger"])])"#,
        enemy.join(", ")
    ))
}

#[test]
fn the_threat_counts_what_each_card_the_opponent_may_hold_could_destroy() {
    use table::tashkalar::engine::eval::threat::threat;
    let g = bomb_position(2, &["f6", "g6"]);
    let bomb = g.db.by_name("Bomb").expect("Bomb");
    // Seen from seat 1, seat 2's hand is any three of its beings.
    let seen = g.observation(Seat(0));
    let t = threat(&seen).expect("a Deathmatch action");
    assert_eq!(t.attacker, Seat(1));
    let (_, points, chance) = *t
        .cards
        .iter()
        .find(|(c, _, _)| *c == bomb)
        .expect("the Bomb threatens the five commons");
    assert_eq!(points, 2.0, "five commons are two pairs");
    assert!(chance > 0.0 && chance < 1.0, "{chance}");
    assert!(t.expected >= points * chance, "{t:?}");
    // As the last action of the turn the Bomb does not blow up.
    let last = threat(&bomb_position(1, &["f6", "g6"]).observation(Seat(0))).expect("threat");
    assert!(last.cards.iter().all(|(c, _, _)| *c != bomb), "{last:?}");
}

#[test]
fn the_search_estimate_sees_a_card_one_common_away_and_greedys_does_not() {
    // Seat 1's Swordmaster needs one more common; seat 2's Time Mage needs three more.
    let g = scenario(
        r#"(pieces: ["1c e4", "2c a5"],
            hands: [(beings: ["Swordmaster"]), (beings: ["Time Mage"])])"#,
    );
    let (reference, search) = (g.evaluate(), g.search_evaluate());
    assert!(
        search[0] > reference[0] + 0.01,
        "{search:?} against {reference:?}"
    );
    // Without the near card the two estimates agree.
    let far = scenario(
        r#"(pieces: ["1c e4", "2c a5"],
            hands: [(beings: ["Time Mage"]), (beings: ["Time Mage"])])"#,
    );
    let (reference, search) = (far.evaluate(), far.search_evaluate());
    assert!(
        (search[0] - reference[0]).abs() < 1e-12,
        "{search:?} against {reference:?}"
    );
}

#[test]
fn the_step_estimate_counts_points_and_pieces_but_not_what_they_could_summon() {
    // Seat 1 could summon Swordmaster now (two commons in a line, a square between); seat 2
    // holds the same card with its pieces far apart.
    let ready = scenario(
        r#"(pieces: ["1c e4", "1c e6", "2c a5", "2c i5"],
            hands: [(beings: ["Swordmaster"]), (beings: ["Swordmaster"])])"#,
    );
    assert!(ready.evaluate()[0] > 0.5 + 0.01, "{:?}", ready.evaluate());
    assert_eq!(ready.step_evaluate(), vec![0.5, 0.5]);
    // Points and pieces count as they do in the other estimates.
    let ahead = scenario(
        r#"(pieces: ["1c e4", "1h e6", "2c a5", "2c i5"], scores: [2, 0],
            hands: [(beings: []), (beings: [])])"#,
    );
    let step = ahead.step_evaluate();
    assert!((step.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{step:?}");
    assert!((step[0] - ahead.evaluate()[0]).abs() < 1e-12, "{step:?}");
}

#[test]
fn in_high_form_the_search_estimate_sees_a_task_one_piece_away() {
    // Red squares: c2 d8 e5 h4. Seat 2 (not acting) has two heroic pieces on red squares, one
    // piece short of Red Conquest; elsewhere they meet no task and are far from one.
    let position = |pieces: &str| {
        scenario(&format!(
            r#"(mode: HighForm, pieces: [{pieces}],
                hands: [(beings: []), (beings: [])],
                tasks: (current: ["Red Conquest", "Destruction", "Red Summoning"], next: "Devastation"))"#
        ))
    };
    let close = position(r#""2h c2", "2h d8""#);
    let far = position(r#""2h b3", "2h f7""#);
    assert!(close.search_evaluate()[1] > close.evaluate()[1] + 0.01);
    assert!((far.search_evaluate()[1] - far.evaluate()[1]).abs() < 1e-12);
    // `greedy`'s estimate does not tell the two apart.
    assert!((close.evaluate()[1] - far.evaluate()[1]).abs() < 1e-12);
}

#[test]
fn in_high_form_the_threat_is_the_task_the_next_placements_meet() {
    use table::tashkalar::engine::eval::threat::threat;
    // Seat 2, about to act, holds e4, e5 and e6 of Center Cross's "+": two placements (d5, f5)
    // meet it. A common of seat 1's on d5 leaves no pair of placements that does.
    let position = |actions: u8, blocked: &str| {
        scenario(&format!(
            r#"(mode: HighForm, to_move: 2, actions_left: {actions},
                pieces: ["2c e4", "2c e5", "2c e6", "1c a5"{blocked}],
                hands: [(beings: []), (beings: [])],
                tasks: (current: ["Center Cross", "Destruction", "Red Summoning"], next: "Devastation"))"#
        ))
    };
    let open = threat(&position(2, "")).expect("an action in High Form");
    let placed = open.placed.expect("two placements meet Center Cross");
    let mut squares: Vec<String> = placed.squares.iter().map(|s| s.to_string()).collect();
    squares.sort();
    assert_eq!(squares, ["d5", "f5"]);
    assert!(placed.points > 0);
    assert!(open.expected >= f64::from(placed.points));
    // The threat's estimate is sure (no card is needed) and costs seat 1 its chances.
    let g = position(2, "");
    let estimate = g.threat_estimate().expect("an estimate");
    assert!(estimate.sure);
    assert!(
        estimate.values[0] < g.search_evaluate()[0] - 0.01,
        "{estimate:?}"
    );
    // Blocked, or with one action left, no placement meets it.
    assert_eq!(
        threat(&position(2, r#", "1c d5""#)).expect("threat").placed,
        None
    );
    assert_eq!(threat(&position(1, "")).expect("threat").placed, None);
}

#[test]
fn the_turn_can_pass_after_a_discard_so_the_threat_it_leaves_is_judged() {
    // A discard leaves its seat to return cards; the search's probe of the next seat's reply
    // ends that step with the cards kept.
    let mut g = scenario(
        r#"(mode: Deathmatch, to_move: 1, actions_left: 1, pieces: ["1c e4", "2c a5"],
            hands: [(beings: ["Knight", "Herald"]), (beings: ["Bomb"])])"#,
    );
    let discard = notation::parse("discard Knight", &g.db).expect("a choice");
    g.apply(discard).expect("legal");
    let passed = g.turn_passed().expect("the turn can pass after a discard");
    assert_eq!(table::shell::game::Game::to_move(&passed), 1);
    assert_eq!(passed.turn.actions_left, 2, "the next seat's whole turn");
}
