//! Tash-Kalar as a game of the table's registry: what it is, the options it declares (its card
//! folder, form, teams and decks), and each command of the table done for it.

use super::cli::{self as tk_cli, TournamentSpec};
use super::engine::{CardDb, GameConfig, GameState};
use super::ui::setup::{self as tk_setup, GameSetup};
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
use serde_json::Value;
use std::io::{BufRead, Write};
use std::sync::Arc;

/// Tash-Kalar on the table.
pub struct TashKalar;

static ABOUT: About = About {
    id: ID,
    title: "Tash-Kalar",
    blurb: BLURB,
    banner: BANNER,
    save_format: record::FORMAT,
    players: (2, 4),
    hidden_information: true,
    chance: true,
};

static OPTIONS: &[GameOption] = &[
    GameOption {
        name: "cards",
        value_name: "DIR",
        help: "Tash-Kalar: load card files from this directory instead of the built-in ones",
        value: OptionValue::Path,
        scope: Scope::Data,
        label: "",
    },
    GameOption {
        name: "mode",
        value_name: "MODE",
        help: "Tash-Kalar: high-form or deathmatch (default: deathmatch)",
        value: OptionValue::Word(&[
            Word {
                word: "deathmatch",
                means: "Deathmatch",
            },
            Word {
                word: "high-form",
                means: "High Form",
            },
        ]),
        scope: Scope::Setup,
        label: "",
    },
    GameOption {
        name: "teams",
        value_name: "",
        help: "Tash-Kalar: two teams of 2 (4 players, either form): seats 1 and 3 against seats 2 \
               and 4; High Form for 4 players is only played this way",
        value: OptionValue::Switch,
        scope: Scope::Setup,
        label: "",
    },
    GameOption {
        name: "decks",
        value_name: "DECKS",
        help: "Tash-Kalar: decks per seat, comma-separated (e.g. Imperial,Highland); `sim` also \
               takes `mixed` for random decks each game",
        value: OptionValue::Words,
        scope: Scope::Setup,
        label: "",
    },
];

/// The cards the options name: the built-in ones, or a folder's.
fn cards(options: &Options) -> Result<Arc<CardDb>, CommandError> {
    Ok(Arc::new(tk_cli::load_cards(options.path("cards"))?))
}

fn mode(options: &Options) -> Result<super::engine::Mode, CommandError> {
    Ok(tk_cli::parse_mode(
        options.word("mode").unwrap_or("deathmatch"),
    )?)
}

impl GameDef for TashKalar {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn options(&self) -> &'static [GameOption] {
        OPTIONS
    }

    fn entry(&self, options: &Options) -> Result<Box<dyn GameEntry>, CommandError> {
        Ok(Box::new(super::entry(cards(options)?)))
    }

    fn check(&self, options: &Options) -> Result<String, CommandError> {
        Ok(tk_cli::cards_check(cards(options)?.as_ref())?)
    }

    fn table(
        &self,
        options: &Options,
        request: &PlayRequest,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, CommandError> {
        let db = cards(options)?;
        let save_dir = request.save_dir.as_deref();
        let teams = options.given("teams");
        let decks = options.values("decks");
        if let Some(path) = &request.scenario {
            if options.given("mode") || request.players.is_some() || teams || !decks.is_empty() {
                return Err(
                    "--scenario sets the form, players, teams and decks itself; drop \
                            --mode, --players, --teams and --decks"
                        .into(),
                );
            }
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let state = tk_setup::scenario_state(Arc::clone(&db), &text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let kinds = request.seat_kinds(state.players())?;
            return Ok(tk_setup::scenario_table(db, &text, &kinds, save_dir, env)
                .map_err(|e| format!("{}: {e}", path.display()))?);
        }
        let mode = mode(options)?;
        let players = request.players.unwrap_or(2);
        let decks = tk_setup::decks_for(&db, decks, players)?;
        let config = GameConfig {
            mode,
            players,
            teams,
            decks: decks.clone(),
        };
        config.validate(&db).map_err(|e| tk_cli::setup_error(&e))?;
        let setup = GameSetup {
            mode,
            players,
            teams,
            seats: request.seat_kinds(players as usize)?,
            decks,
            seed: request.seed.unwrap_or_else(fresh_seed),
        };
        Ok(setup.table(db, save_dir, env)?)
    }

    fn sim(&self, options: &Options, request: &SimRequest) -> Result<String, CommandError> {
        let db = cards(options)?;
        let spec = TournamentSpec {
            mode: mode(options)?,
            players: request.players,
            teams: options.given("teams"),
            decks: options.values("decks").to_vec(),
            games: request.games,
            seed: request.seed,
            bots: request.bots.clone(),
        };
        let tournament = Tournament {
            games: tk_cli::pairings(&db, &spec)?,
            label: spec.mode.name().to_string(),
            title: format!("{} for {} players", spec.mode.name(), spec.players),
            setup: serde_json::json!({
                "game": ID,
                "mode": spec.mode.name(),
                "players": spec.players,
                "teams": spec.teams,
            }),
        };
        commands::sim::<GameState>(&db, &tournament, request)
    }

    fn legal(
        &self,
        options: &Options,
        position: &str,
        then: &[usize],
        json: bool,
    ) -> Result<String, CommandError> {
        commands::legal::<GameState>(&cards(options)?, position, then, json)
    }

    fn think(
        &self,
        options: &Options,
        position: &str,
        request: &ThinkRequest,
    ) -> Result<String, CommandError> {
        commands::think::<GameState>(&cards(options)?, position, request)
    }

    fn serve(
        &self,
        options: &Options,
        bot: &str,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<(), CommandError> {
        commands::serve_bot::<GameState>(&cards(options)?, bot, input, output)
    }
}

/// Tash-Kalar's positions are its scenario files (`docs/scenario.md`); `legal --json` keeps the
/// document `docs/scenario.md` describes.
impl Positions for GameState {
    type PositionError = PositionError;

    fn from_position(db: &Arc<CardDb>, text: &str) -> Result<GameState, PositionError> {
        tk_setup::scenario_state(Arc::clone(db), text).map_err(PositionError)
    }

    fn decision_name(&self) -> String {
        tk_cli::json::decision_name(&self.decision(), self)
    }

    fn state_document(&self) -> Value {
        let mut doc = tk_cli::json::decision_document(self);
        if let Some(fields) = doc.as_object_mut() {
            fields.remove("choices");
        }
        doc
    }

    fn legal_document(&self) -> Value {
        tk_cli::json::decision_document(self)
    }

    fn legal_text(&self) -> String {
        tk_cli::legal_text(self)
    }
}

/// Why a scenario sets up no game (its text names the line and column, or the field).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError(pub String);

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PositionError {}
