//! A diagnostic, not a bot anyone plays: how much the search would gain from seeing what is
//! hidden. One seat's `mcts` level searches with hidden cards shown to it while the other seat's
//! level sees only its observation, as in play. `reveal=all`: the true game (the opponents' hands
//! and the order of every deck, High Form's tasks included: no dealing); `reveal=hands`: the
//! opponents' hands only (every deck is still dealt at random). The clairvoyant seat's win rate
//! bounds what any inference of the opponent's cards (weighting deals by what it has shown) could
//! buy the same search. Usage:
//!
//! `cargo run --release --example clairvoyant -- [mode=deathmatch|high-form] [games=40]
//!  [seed=1000] [level=normal] [vs=normal] [reveal=all|hands]`
//!
//! Games 2k and 2k+1 deal the same cards (seed + k) with the seats swapped. Imperial against
//! Imperial, as `tune_ai` plays.
#[path = "support/args.rs"]
mod args;

use args::Args;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use table::shell::ai::Bot;
use table::shell::ai::mcts::{Level, MctsBot};
use table::shell::game::{Game, Heuristics, SearchBudgets};
use table::shell::play::play_match;
use table::shell::rng::Rng;
use table::tashkalar::engine::{CardDb, GameConfig, GameState, Mode};

/// What the clairvoyant seat is shown.
#[derive(Clone, Copy, PartialEq)]
enum Reveal {
    /// Everything: no card is dealt again.
    All,
    /// The other seats' hands; every deck is dealt again as in play.
    Hands,
}

/// The game with hidden cards shown to whoever searches it: its observation is itself, and
/// dealing the hidden cards again deals only what `reveal` keeps hidden.
#[derive(Clone)]
struct Open {
    game: GameState,
    reveal: Reveal,
}

type G = GameState;

impl Game for Open {
    type Choice = <G as Game>::Choice;
    type Error = <G as Game>::Error;

    fn players(&self) -> usize {
        Game::players(&self.game)
    }
    fn to_move(&self) -> usize {
        Game::to_move(&self.game)
    }
    fn turn(&self) -> u32 {
        Game::turn(&self.game)
    }
    fn legal(&self, out: &mut Vec<Self::Choice>) {
        Game::legal(&self.game, out)
    }
    fn play(&mut self, choice: Self::Choice) -> Result<(), Self::Error> {
        Game::play(&mut self.game, choice)
    }
    fn play_listed(&mut self, choice: Self::Choice) {
        Game::play_listed(&mut self.game, choice)
    }
    fn is_over(&self) -> bool {
        Game::is_over(&self.game)
    }
    fn rewards(&self) -> Vec<f64> {
        Game::rewards(&self.game)
    }
    fn scores(&self) -> Vec<i32> {
        Game::scores(&self.game)
    }
    fn observation(&self, _seat: usize) -> Self {
        self.clone()
    }
    fn determinize(&self, seat: usize, seed: u64) -> Self {
        if self.reveal == Reveal::All {
            return self.clone();
        }
        let mut game = Game::determinize(&self.game, seat, seed);
        let mut rng = Rng::seeded(seed ^ 0x9e37_79b9_7f4a_7c15);
        for other in (0..Game::players(&self.game)).filter(|&s| s != seat) {
            // The true hand, and the rest of the seat's beings in a random order.
            let truth = &self.game.seats[other];
            let mut deck = truth.deck;
            deck.shuffle(&mut rng);
            game.seats[other].hand = truth.hand;
            game.seats[other].deck = deck;
        }
        // The shared legend and flare decks hold what no hand holds: with the true hands back,
        // the true decks (in a random order), so that no card is in two places.
        for (dealt, truth) in [
            (&mut game.legend_deck, self.game.legend_deck),
            (&mut game.flare_deck, self.game.flare_deck),
        ] {
            *dealt = truth;
            dealt.shuffle(&mut rng);
        }
        Open {
            game,
            reveal: self.reveal,
        }
    }
    fn state_hash(&self) -> u64 {
        Game::state_hash(&self.game)
    }
    fn choice_text(&self, choice: &Self::Choice) -> String {
        Game::choice_text(&self.game, choice)
    }
    fn parse_choice(&self, text: &str) -> Result<Self::Choice, Self::Error> {
        Game::parse_choice(&self.game, text)
    }
}

impl Heuristics for Open {
    fn evaluate(&self) -> Vec<f64> {
        Heuristics::evaluate(&self.game)
    }

    fn search_evaluate(&self) -> Vec<f64> {
        Heuristics::search_evaluate(&self.game)
    }

    fn step_evaluate(&self) -> Vec<f64> {
        Heuristics::step_evaluate(&self.game)
    }

    fn turn_passed(&self) -> Option<Self> {
        Heuristics::turn_passed(&self.game).map(|game| Open {
            game,
            reveal: self.reveal,
        })
    }

    fn threat_estimate(&self) -> Option<table::shell::game::ThreatEstimate> {
        Heuristics::threat_estimate(&self.game)
    }

    fn playout_pick(&self, legal: &[Self::Choice], random: u64) -> usize {
        Heuristics::playout_pick(&self.game, legal, random)
    }

    fn mid_action(&self) -> bool {
        Heuristics::mid_action(&self.game)
    }

    fn search_budgets(&self) -> SearchBudgets {
        Heuristics::search_budgets(&self.game)
    }
}

/// A bot that plays as usual, from its seat's observation of the open game.
struct Honest<B>(B);

impl<B: Bot<G>> Bot<Open> for Honest<B> {
    fn name(&self) -> String {
        self.0.name()
    }
    fn choose(&mut self, open: &Open, cancel: &AtomicBool) -> Option<<G as Game>::Choice> {
        let seat = Game::to_move(&open.game);
        self.0.choose(&Game::observation(&open.game, seat), cancel)
    }
}

fn main() -> Result<(), String> {
    let args = Args::from_env()?;
    let mode = match args.get("mode").as_deref() {
        Some("high-form") => Mode::HighForm,
        _ => Mode::Deathmatch,
    };
    let level_of = |key: &str| {
        let name = args.get(key).unwrap_or_else(|| "normal".into());
        Level::parse(&name).ok_or(format!("{key}: {name}?"))
    };
    let (level, vs) = (level_of("level")?, level_of("vs")?);
    let shown = args.get("reveal").unwrap_or_else(|| "all".into());
    let reveal = match shown.as_str() {
        "all" => Reveal::All,
        "hands" => Reveal::Hands,
        other => return Err(format!("reveal: {other}? (all, hands)")),
    };
    let games: u64 = args.parse("games", 40)?;
    let seed: u64 = args.parse("seed", 1000)?;

    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    let cancel = AtomicBool::new(false);
    let (mut wins, mut margins) = (0.0, Vec::new());
    for g in 0..games {
        let cfg = GameConfig {
            mode,
            players: 2,
            teams: false,
            decks: vec!["Imperial".into(); 2],
        };
        let state =
            GameState::new_game(db.clone(), cfg, seed + g / 2).map_err(|e| e.to_string())?;
        let seer = (g % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<Open>>> = vec![
            Box::new(MctsBot::new(level, seed + g)),
            Box::new(Honest(MctsBot::new(vs, (seed + g).wrapping_mul(31)))),
        ];
        if seer == 1 {
            bots.swap(0, 1);
        }
        let played = play_match(
            Open {
                game: state,
                reveal,
            },
            &mut bots,
            &cancel,
        )
        .map_err(|e| e.to_string())?;
        let won = played.rewards()[seer];
        wins += won;
        let scores = played.end.scores();
        let margin = f64::from(scores[seer] - scores[1 - seer]);
        margins.push(margin);
        eprintln!("game {g}: {won} (total {wins}/{}) margin {margin:+}", g + 1);
    }
    let n = margins.len().max(1) as f64;
    let mean = margins.iter().sum::<f64>() / n;
    println!(
        "clairvoyant ({shown}) {} against {}: {wins}/{games} = {:.1}%, score margin {mean:+.2}",
        level.name(),
        vs.name(),
        100.0 * wins / games.max(1) as f64
    );
    Ok(())
}
