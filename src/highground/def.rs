//! High Ground as a game of the table's registry: what it is, the option it declares (its
//! variant), each command of the table done for it, and its positions (`docs/high-ground.md`)
//! as the position format that `legal`, `think` and `play --scenario` read.

use super::card::{Card, full_deck};
use super::cli::{self as hg_cli, TournamentSpec};
use super::position::{Position, PositionError};
use super::setup::Setup;
use super::state::{HighGround, Outcome, Pending, Variant, Victory};
use super::ui::HgScreen;
use super::ui::setup::spec_for;
use super::{BANNER, BLURB, ID, record};
use crate::shell::commands::{self, Tournament};
use crate::shell::position::Positions;
use crate::shell::registry::{
    About, CommandError, GameDef, GameOption, OptionValue, Options, PlayRequest, Scope, SimRequest,
    ThinkRequest, Word,
};
use crate::shell::tui::catalog::GameEntry;
use crate::shell::tui::screens::form::fresh_seed;
use crate::shell::tui::table::{TableEnv, TableScreen};
use serde_json::{Value, json};
use std::io::{BufRead, Write};

/// High Ground on the table.
pub struct HighGroundGame;

static ABOUT: About = About {
    id: ID,
    title: "High Ground",
    blurb: BLURB,
    banner: BANNER,
    save_format: record::FORMAT,
    players: (2, 4),
    hidden_information: true,
    chance: true,
};

static OPTIONS: &[GameOption] = &[GameOption {
    name: "variant",
    value_name: "VARIANT",
    help: "High Ground: normal or mini (default: normal)",
    value: OptionValue::Word(&[
        Word {
            word: "normal",
            means: "High Ground",
        },
        Word {
            word: "mini",
            means: "Mini (one nest each, 5 cards, hands of 2)",
        },
    ]),
    scope: Scope::Setup,
    label: "Variant",
}];

fn variant(options: &Options) -> Result<Variant, CommandError> {
    Ok(hg_cli::parse_variant(
        options.word("variant").unwrap_or("normal"),
    )?)
}

/// The words of a list of cards ("7 Q joker").
fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl GameDef for HighGroundGame {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn options(&self) -> &'static [GameOption] {
        OPTIONS
    }

    fn form_from_options(&self) -> bool {
        true
    }

    fn entry(&self, _: &Options) -> Result<Box<dyn GameEntry>, CommandError> {
        Ok(Box::new(super::entry()))
    }

    fn check(&self, _: &Options) -> Result<String, CommandError> {
        // Nothing is loaded from files: the deck is the rules' own. Said, with what it holds.
        let deck = full_deck();
        Ok(format!(
            "High Ground has no data files: its deck of {} cards is built in ({})\n",
            deck.len(),
            cards_text(&deck)
        ))
    }

    fn table(
        &self,
        options: &Options,
        request: &PlayRequest,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, CommandError> {
        let save_dir = request.save_dir.as_deref();
        if let Some(path) = &request.scenario {
            if options.given("variant") || request.players.is_some() {
                return Err(
                    "--scenario sets the variant and players itself; drop --variant \
                            and --players"
                        .into(),
                );
            }
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let position =
                Position::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let game = position
                .into_game()
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let setup = Setup {
                players: game.players,
                variant: game.variant(),
            };
            let kinds = request.seat_kinds(setup.players as usize)?;
            let mut spec = spec_for(setup, &kinds);
            spec.position = Some(text);
            let label = format!("high-ground-{}", setup.variant.name());
            return Ok(commands::start_table::<HgScreen>(
                &(),
                spec,
                position.seed,
                &label,
                save_dir,
                env,
            )?);
        }
        let setup = Setup {
            players: request.players.unwrap_or(2),
            variant: variant(options)?,
        };
        setup.validate().map_err(|e| format!("--players: {e}"))?;
        let kinds = request.seat_kinds(setup.players as usize)?;
        let seed = request.seed.unwrap_or_else(fresh_seed);
        Ok(super::ui::setup::table(setup, &kinds, seed, save_dir, env)?)
    }

    fn sim(&self, options: &Options, request: &SimRequest) -> Result<String, CommandError> {
        let spec = TournamentSpec {
            variant: variant(options)?,
            players: request.players,
            games: request.games,
            seed: request.seed,
            bots: request.bots.clone(),
        };
        let tournament = Tournament {
            games: hg_cli::pairings(&spec)?,
            label: format!("high-ground-{}", spec.variant.name()),
            title: format!(
                "High Ground ({}) for {} players",
                spec.variant.name(),
                spec.players
            ),
            setup: json!({
                "game": ID,
                "variant": spec.variant.name(),
                "players": spec.players,
            }),
        };
        commands::sim::<HighGround>(&(), &tournament, request)
    }

    fn legal(
        &self,
        _: &Options,
        position: &str,
        then: &[usize],
        json: bool,
    ) -> Result<String, CommandError> {
        commands::legal::<HighGround>(&(), position, then, json)
    }

    fn think(
        &self,
        _: &Options,
        position: &str,
        request: &ThinkRequest,
    ) -> Result<String, CommandError> {
        commands::think::<HighGround>(&(), position, request)
    }

    fn serve(
        &self,
        _: &Options,
        bot: &str,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<(), CommandError> {
        commands::serve_bot::<HighGround>(&(), bot, input, output)
    }
}

/// High Ground's positions are the RON files of `docs/high-ground.md`. `legal --json`'s `state`:
/// `variant`, `players`, `turn`, `to_move` (1-based), `die` (the face shown, if rolled),
/// `board` and `stacks` as a position writes them, `hands` (per seat, as positions write them),
/// `deck` and `pile` (how many cards), `discard` (bottom first), `outcome` (once over).
impl Positions for HighGround {
    type PositionError = PositionError;

    fn from_position(_: &(), text: &str) -> Result<HighGround, PositionError> {
        HighGround::from_position(text)
    }

    fn decision_name(&self) -> String {
        match self.pending() {
            Pending::Lay(card) => format!("lay the {card} face up in the setup"),
            Pending::King => "lay a King".into(),
            Pending::Level { .. } => "name the Joker's level".into(),
            Pending::Action => "the turn's action".into(),
            Pending::Moving { .. } => "move on, or stop".into(),
            Pending::Playing => "play another card, or stop".into(),
            Pending::Discarding => "discard or draw".into(),
            Pending::Die(face) => format!("use the die's {}", face.name()),
            Pending::Dug(card) => format!("use the dug {card}"),
            Pending::Hopping(_) => "where the hopping pyramid goes".into(),
            Pending::Swapping(_) => "whom the pyramid trades places with".into(),
            Pending::HopAttack(_) => "attack after the hop, or not".into(),
            Pending::Over(_) => "the game is over".into(),
        }
    }

    fn state_document(&self) -> Value {
        let outcome = self.outcome().map(|o| match o {
            Outcome::Won { seat, by } => json!({
                "winner": seat + 1,
                "by": match by {
                    Victory::Annihilation => "annihilation",
                    Victory::King => "king",
                },
            }),
            Outcome::Drawn => json!({"drawn": true}),
        });
        json!({
            "variant": self.variant().name(),
            "players": self.players,
            "turn": self.turn_number(),
            "to_move": self.seat_to_move() + 1,
            "decision": self.pending().name(),
            "die": self.die.map(|f| f.name()),
            "board": self.board_text(),
            "stacks": self.stacks_text(),
            "hands": self.hands.iter().map(|h| cards_text(h)).collect::<Vec<_>>(),
            "deck": self.deck.len(),
            "pile": self.pile.len(),
            "discard": cards_text(&self.discard),
            "outcome": outcome,
        })
    }
}
