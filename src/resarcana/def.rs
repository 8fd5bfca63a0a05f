//! Res Arcana as a game of the table's registry: what it is, the options it declares (its setup
//! variant, the player count option of the expansion, a folder of component files), each
//! command of the table done for it, and its positions (`docs/res-arcana.md`) as the position
//! format that `legal`, `think` and `play --scenario` read.

use super::ID;
use super::card::language::Kind;
use super::card::{CardId, Db};
use super::essence::Essences;
use super::position::{Position, PositionError};
use super::record;
use super::setup::Setup;
use super::state::{Ask, Phase, ResArcana, Target, Variant};
use super::ui::setup::{label, spec_for};
use super::ui::{self, BANNER, BLURB, RaScreen};
use crate::shell::commands::{self, Tournament};
use crate::shell::position::Positions;
use crate::shell::registry::{
    About, CommandError, GameDef, GameOption, OptionValue, Options, PlayRequest, Scope, SimRequest,
    ThinkRequest, Word,
};
use crate::shell::sim;
use crate::shell::tui::catalog::GameEntry;
use crate::shell::tui::screens::form::fresh_seed;
use crate::shell::tui::table::{TableEnv, TableScreen};
use serde_json::{Value, json};
use std::io::{BufRead, Write};
use std::sync::Arc;

/// Res Arcana on the table.
pub struct ResArcanaGame;

static ABOUT: About = About {
    id: ID,
    title: "Res Arcana",
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
        help: "Res Arcana: component files found in this directory replace the built-in ones",
        value: OptionValue::Path,
        scope: Scope::Data,
        label: "",
    },
    GameOption {
        name: "variant",
        value_name: "VARIANT",
        help: "Res Arcana: standard, first-game or draft (default: standard)",
        value: OptionValue::Word(&[
            Word {
                word: "standard",
                means: "Standard (2 mages and 8 artifacts dealt)",
            },
            Word {
                word: "first-game",
                means: "First game (preset mages and hands)",
            },
            Word {
                word: "draft",
                means: "Draft (artifacts drafted from packets of 4)",
            },
        ]),
        scope: Scope::Setup,
        label: "Variant",
    },
    GameOption {
        name: "expansion-counts",
        value_name: "",
        help: "Res Arcana: with 2 players, 7 monuments and 4 Places of Power (the expansion's \
               counts) instead of all of them",
        value: OptionValue::Switch,
        scope: Scope::Setup,
        label: "Expansion counts (2 players)",
    },
];

/// The components the options name: the built-in ones, or a folder's.
fn components(options: &Options) -> Result<Arc<Db>, CommandError> {
    match options.path("cards") {
        None => Db::embedded().map_err(|e| format!("built-in components: {e}").into()),
        Some(dir) => {
            if !dir.is_dir() {
                return Err(format!("{}: not a directory", dir.display()).into());
            }
            Db::from_dir(dir).map_err(|e| e.to_string().into())
        }
    }
}

/// A variant as the command line writes it.
pub fn parse_variant(word: &str) -> Result<Variant, String> {
    match word {
        "standard" => Ok(Variant::Standard),
        "first-game" => Ok(Variant::FirstGame),
        "draft" => Ok(Variant::Draft),
        _ => Err(format!(
            "unknown variant `{}` (standard, first-game or draft)",
            crate::shell::quote::short(word)
        )),
    }
}

/// A variant's word on the command line and in labels.
pub fn variant_word(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "standard",
        Variant::FirstGame => "first-game",
        Variant::Draft => "draft",
    }
}

/// The setup the options and the player count ask for, checked.
fn setup(options: &Options, players: u8) -> Result<Setup, CommandError> {
    let variant = parse_variant(options.word("variant").unwrap_or("standard"))?;
    if !(2..=4).contains(&players) {
        return Err(format!("--players: Res Arcana is for 2 to 4 players, not {players}").into());
    }
    Ok(Setup {
        players,
        variant,
        expansion_counts: options.given("expansion-counts"),
    })
}

/// `cards check`: the counts of each kind, once the data has loaded and validated.
fn check_text(db: &Db) -> String {
    let kinds = [
        (Kind::Mage, "mages"),
        (Kind::MagicItem, "magic items"),
        (Kind::Artifact, "artifacts"),
        (Kind::Monument, "monuments"),
        (Kind::Place, "Place of Power sides"),
    ];
    let mut out = String::new();
    for (kind, name) in kinds {
        out.push_str(&format!("{:<22} {}\n", name, db.of_kind(kind).len()));
    }
    out.push_str(&format!("total: {} components\n", db.len()));
    out
}

/// `play --scenario POSITION`: the game at a position (its seats, whose action it is), with
/// the position's text in the save, so that the save replays and verifies from it.
fn scenario_table(
    db: Arc<Db>,
    path: &std::path::Path,
    request: &PlayRequest,
    options: &Options,
    env: &TableEnv,
) -> Result<Box<dyn TableScreen>, CommandError> {
    if options.given("variant") || options.given("expansion-counts") || request.players.is_some() {
        return Err(
            "--scenario sets up the game itself; drop --variant, --expansion-counts \
                    and --players"
                .into(),
        );
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let position = Position::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    // Checked here so that a bad position is told with its file, before anything is saved.
    position
        .into_game(db.clone())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let players = position.seats.len() as u8;
    if players < 2 {
        return Err(format!(
            "{}: a game on the table needs 2 to 4 seats, the position has {players} \
             (a 1-seat position works with `legal` and `think`)",
            path.display()
        )
        .into());
    }
    let setup = Setup {
        players,
        variant: Variant::Standard,
        expansion_counts: false,
    };
    let kinds = request.seat_kinds(players as usize)?;
    let mut spec = spec_for(setup, &kinds);
    spec.position = Some(text);
    // The position's seed is the save's: the same file plays the same game.
    let seed = request.seed.unwrap_or(position.seed);
    Ok(commands::start_table::<RaScreen>(
        &db,
        spec,
        seed,
        "res-arcana-scenario",
        request.save_dir.as_deref(),
        env,
    )?)
}

impl GameDef for ResArcanaGame {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn options(&self) -> &'static [GameOption] {
        OPTIONS
    }

    fn form_from_options(&self) -> bool {
        true
    }

    fn entry(&self, options: &Options) -> Result<Box<dyn GameEntry>, CommandError> {
        Ok(Box::new(ui::entry(components(options)?)))
    }

    fn check(&self, options: &Options) -> Result<String, CommandError> {
        Ok(check_text(components(options)?.as_ref()))
    }

    fn table(
        &self,
        options: &Options,
        request: &PlayRequest,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, CommandError> {
        let db = components(options)?;
        if let Some(path) = &request.scenario {
            return scenario_table(db, path, request, options, env);
        }
        let setup = setup(options, request.players.unwrap_or(2))?;
        let kinds = request.seat_kinds(setup.players as usize)?;
        let seed = request.seed.unwrap_or_else(fresh_seed);
        Ok(ui::setup::table(
            db,
            setup,
            &kinds,
            seed,
            request.save_dir.as_deref(),
            env,
        )?)
    }

    fn sim(&self, options: &Options, request: &SimRequest) -> Result<String, CommandError> {
        let db = components(options)?;
        let setup = setup(options, request.players)?;
        let games = sim::pairings(
            &request.bots,
            request.players as usize,
            request.games,
            request.seed,
            |_, kinds| Ok(spec_for(setup, kinds)),
        )?;
        let tournament = Tournament {
            games,
            label: label(setup.variant).to_string(),
            title: format!(
                "Res Arcana ({}) for {} players",
                variant_word(setup.variant),
                setup.players
            ),
            setup: json!({
                "game": ID,
                "variant": variant_word(setup.variant),
                "players": setup.players,
                "expansion_counts": setup.expansion_counts,
            }),
        };
        commands::sim::<ResArcana>(&db, &tournament, request)
    }

    fn legal(
        &self,
        options: &Options,
        position: &str,
        then: &[usize],
        json: bool,
    ) -> Result<String, CommandError> {
        commands::legal::<ResArcana>(&components(options)?, position, then, json)
    }

    fn think(
        &self,
        options: &Options,
        position: &str,
        request: &ThinkRequest,
    ) -> Result<String, CommandError> {
        commands::think::<ResArcana>(&components(options)?, position, request)
    }

    fn serve(
        &self,
        options: &Options,
        bot: &str,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<(), CommandError> {
        commands::serve_bot::<ResArcana>(&components(options)?, bot, input, output)
    }
}

/// Where every component is: `(card, location, owner seat from 1)`, each component once.
fn locations(g: &ResArcana) -> Vec<(CardId, &'static str, Option<usize>)> {
    let mut out = Vec::new();
    for (i, s) in g.seats.iter().enumerate() {
        let owner = Some(i + 1);
        out.extend(s.hand.iter().map(|&c| (c, "hand", owner)));
        out.extend(s.deck.iter().rev().map(|&c| (c, "deck", owner)));
        out.extend(s.discard.iter().map(|&c| (c, "discard", owner)));
        out.extend(s.play.iter().map(|p| (p.card, "in play", owner)));
        out.extend(s.packet.iter().map(|&c| (c, "draft packet", owner)));
        out.extend(s.drafted.iter().map(|&c| (c, "drafted", owner)));
        if s.mage.is_none() {
            out.extend(s.mages_dealt.iter().map(|&c| (c, "mage choice", owner)));
        }
    }
    out.extend(g.items.iter().map(|&c| (c, "supply", None)));
    out.extend(g.places.iter().map(|&c| (c, "supply", None)));
    out.extend(g.monuments.iter().map(|&c| (c, "monument display", None)));
    out.extend(
        g.monument_deck
            .iter()
            .rev()
            .map(|&c| (c, "monument deck", None)),
    );
    out.extend(g.looking.iter().map(|&c| (c, "looked at", None)));
    let placed: Vec<CardId> = out.iter().map(|(c, _, _)| *c).collect();
    out.extend(
        g.db.ids()
            .filter(|c| !placed.contains(c))
            .map(|c| (c, "out of the game", None)),
    );
    out
}

/// Essences as the JSON of `legal --json` (every kind named, zeros included).
fn essences_json(e: &Essences) -> Value {
    json!({
        "elan": e.0[0],
        "life": e.0[1],
        "calm": e.0[2],
        "death": e.0[3],
        "gold": e.0[4],
    })
}

/// Res Arcana's positions are the RON files of `docs/res-arcana.md`. `legal --json`'s `state`:
/// `phase`, `round`, `first_player` (seat from 1), `winners` (seats from 1, once over),
/// `seats` (each: `seat`, `pool` by kind, `points`, `passed`, `token`), and `components`
/// (each: `name`, `location`, `owner` or null, `turned`, `stored` by kind).
impl Positions for ResArcana {
    type PositionError = PositionError;

    fn from_position(db: &Arc<Db>, text: &str) -> Result<ResArcana, PositionError> {
        Position::parse(text)?.into_game(Arc::clone(db))
    }

    fn decision_name(&self) -> String {
        let Some(d) = self.pending else {
            return "the game is over".into();
        };
        let name = |c: CardId| self.db.name(c).to_string();
        match d.ask {
            Ask::Mage => "pick a mage".into(),
            Ask::Item => "pick a magic item".into(),
            Ask::Draft => "keep an artifact of the packet".into(),
            Ask::Swap => "swap the magic item".into(),
            Ask::Stored(c) => format!("take the essences on {}, or leave them", name(c)),
            Ask::CollectPick(c, ..) => format!("what {} collects", name(c)),
            Ask::CollectCost(c) => format!("pay {}'s collect cost, or turn it", name(c)),
            Ask::Action => "the turn's action".into(),
            Ask::DiscardGain => "what the discard gives".into(),
            Ask::Pay(..) => "how to pay".into(),
            Ask::Gain { n, onto, .. } => match onto {
                Some(c) => format!("which {n} essences go on {}", name(c)),
                None => format!("which {n} essences to gain"),
            },
            Ask::Convert { x, .. } => format!("which kind the {x} essences become"),
            Ask::Target(t) => match t {
                Target::Destroy(c, _) => format!("which artifact {} destroys", name(c)),
                Target::DiscardCost(c, _) => format!("which card to discard for {}", name(c)),
                Target::TurnOther(c, _) => format!("which component to turn for {}", name(c)),
                Target::Straighten(c, ..) => format!("which component {} straightens", name(c)),
                Target::StoreOn(c) => format!("which component {}'s essences go on", name(c)),
                Target::Place(c, ..) => format!("which card {} places, or none", name(c)),
                Target::DiscardDown(n) => format!("a card to discard ({n} to go)"),
                Target::DefenceDiscard(_) => "which card to discard against the attack".into(),
                Target::DefenceDestroy(_) => "which artifact to destroy against the attack".into(),
            },
            Ask::Rival { .. } => "which rival".into(),
            Ask::LifeLoss(a) => format!(
                "answer seat {}'s attack with {}: react, defend or accept",
                a.attacker + 1,
                name(a.card)
            ),
            Ask::ScryDeck { .. } => "which deck to look at".into(),
            Ask::ScryOrder { .. } => "the order the cards go back".into(),
            Ask::Victory => "a reaction before the victory check, or not".into(),
        }
    }

    fn state_document(&self) -> Value {
        let phase = match self.phase {
            Phase::Setup => "setup",
            Phase::Collect => "collect",
            Phase::Actions => "actions",
            Phase::Over => "over",
        };
        let winners: Vec<usize> = self
            .outcome
            .as_ref()
            .map(|o| o.winners.iter().map(|&w| w as usize + 1).collect())
            .unwrap_or_default();
        let seats: Vec<Value> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                json!({
                    "seat": i + 1,
                    "pool": essences_json(&s.pool),
                    "points": self.points(i),
                    "passed": s.passed,
                    "token": self.token as usize == i,
                })
            })
            .collect();
        let components: Vec<Value> = locations(self)
            .into_iter()
            .map(|(card, location, owner)| {
                let in_play = owner.and_then(|o| self.in_play(o as u8 - 1, card));
                json!({
                    "name": self.db.name(card),
                    "location": location,
                    "owner": owner,
                    "turned": in_play.is_some_and(|p| p.turned),
                    "stored": essences_json(&in_play.map(|p| p.stored).unwrap_or(Essences::ZERO)),
                })
            })
            .collect();
        json!({
            "variant": variant_word(self.variant),
            "phase": phase,
            "round": self.round,
            "first_player": self.token as usize + 1,
            "winners": winners,
            "seats": seats,
            "components": components,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_read_back_and_strangers_are_refused() {
        for v in [Variant::Standard, Variant::FirstGame, Variant::Draft] {
            assert_eq!(parse_variant(variant_word(v)), Ok(v));
        }
        assert!(parse_variant("mini").is_err());
    }

    #[test]
    fn every_component_has_one_location() {
        let db = Db::embedded().expect("data");
        let g = ResArcana::new_game(
            Arc::clone(&db),
            Setup {
                players: 3,
                variant: Variant::Standard,
                expansion_counts: false,
            },
            5,
        )
        .expect("a game");
        let places = locations(&g);
        assert_eq!(places.len(), db.len());
        let mut cards: Vec<CardId> = places.iter().map(|p| p.0).collect();
        cards.sort();
        cards.dedup();
        assert_eq!(cards.len(), db.len());
    }
}
