//! Card data: types, loading from RON with `file:line:col` errors, and the card database.
//!
//! Every card lives in `assets/cards/*.ron`; those files are embedded as the defaults and can be
//! replaced by a directory (`--cards DIR`). A file holds any of `beings` (with the `deck` they form),
//! `legends`, `flares` and `tasks`.

pub mod compile;
pub mod language;
pub mod tasks;

use super::board::Rank;
use super::effect::program::Program;
use super::pattern::Pattern;
use crate::shell::quote;
use crate::tashkalar::engine::state::HAND_BEINGS;
use compile::Context;
use language::Step;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use tasks::{Task, TaskDef};

/// Index of a card in the database.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize, serde::Deserialize,
)]
pub struct CardId(pub u16);

/// Index of a being deck (Imperial, Highland, ...).
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct DeckId(pub u8);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CardKind {
    Being(DeckId),
    Legend,
    Flare,
}

/// The two halves of a flare: each needs the opponent to be ahead by some number of pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct FlareInfo {
    /// Upper half: the opponent has at least this many more upgraded pieces.
    pub upper_needs: u8,
    /// Lower half: the opponent has at least this many more pieces in total.
    pub lower_needs: u8,
    pub upper_text: String,
    pub lower_text: String,
}

/// A frozen effect (Everfrost): kept in front of its owner and resolved later.
#[derive(Clone, Debug, PartialEq)]
pub struct Frozen {
    pub text: String,
    pub effect: Program,
}

/// A warp effect (Etherweave): played from the hand without a pattern; the card then waits as its
/// owner's pending being until it is summoned.
#[derive(Clone, Debug, PartialEq)]
pub struct Warp {
    pub text: String,
    pub effect: Program,
    /// Cannot be copied, and while pending cannot be discarded or taken back (Merchant of Time).
    pub locked: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    pub id: CardId,
    pub name: String,
    pub kind: CardKind,
    /// Rank of the summoned piece (flares: unused, common).
    pub rank: Rank,
    pub pattern: Option<Pattern>,
    /// Our own short rules text.
    pub text: String,
    /// The effect (for flares: both halves, guarded by which half qualified).
    pub effect: Program,
    pub frozen: Option<Frozen>,
    pub flare: Option<FlareInfo>,
    pub warp: Option<Warp>,
}

impl Card {
    pub fn is_legend(&self) -> bool {
        self.kind == CardKind::Legend
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Deck {
    pub name: String,
    pub cards: Vec<CardId>,
    /// Nethervoid: summoning one of these beings when its seat has no Gateway (or a common one,
    /// for a heroic being) makes the summoned piece the seat's Gateway.
    pub gateway: bool,
    /// Where the deck was first named (`file:line:col`), for errors about the deck as a whole.
    pub written_at: String,
}

/// Every card the game knows.
#[derive(Clone, Debug, Default)]
pub struct CardDb {
    pub cards: Vec<Card>,
    pub decks: Vec<Deck>,
    pub legends: Vec<CardId>,
    pub flares: Vec<CardId>,
    pub tasks: Vec<Task>,
    by_name: BTreeMap<String, CardId>,
}

/// A card file that could not be loaded: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for LoadError {
    /// `file:line:col: message`, on one line, whatever the file holds (quotes cut short,
    /// control characters escaped: [`quote::message`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            quote::escape(&self.file),
            self.line,
            self.col,
            quote::message(&self.message)
        )
    }
}

impl std::error::Error for LoadError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    #[serde(default)]
    deck: Option<String>,
    /// The deck's beings claim the Gateway when summoned (see [`Deck::gateway`]).
    #[serde(default)]
    gateway: bool,
    #[serde(default)]
    beings: Vec<BeingDef>,
    #[serde(default)]
    legends: Vec<BeingDef>,
    #[serde(default)]
    flares: Vec<FlareDef>,
    #[serde(default)]
    tasks: Vec<TaskDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BeingDef {
    name: String,
    rank: Rank,
    pattern: Vec<String>,
    text: String,
    effect: Vec<Step>,
    #[serde(default)]
    frozen: Option<FrozenDef>,
    #[serde(default)]
    warp: Option<WarpDef>,
    /// A pattern without a summoning square: the being lands on any empty square in all these
    /// areas while the pattern is anywhere on the board (Time Traveler).
    #[serde(default)]
    lands: Option<Vec<language::Area>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WarpDef {
    text: String,
    effect: Vec<Step>,
    #[serde(default)]
    locked: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FrozenDef {
    text: String,
    effect: Vec<Step>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FlareDef {
    name: String,
    upper: HalfDef,
    lower: HalfDef,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HalfDef {
    needs: u8,
    text: String,
    effect: Vec<Step>,
}

/// Most cards in one deck or pile (decks are inline lists in the game state).
pub const MAX_PILE: usize = 32;

/// The card files shipped inside the binary.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "imperial.ron",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/cards/imperial.ron"
        )),
    ),
    (
        "highland.ron",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/cards/highland.ron"
        )),
    ),
    (
        "sylvan.ron",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/cards/sylvan.ron"
        )),
    ),
    (
        "legends.ron",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/cards/legends.ron"
        )),
    ),
    (
        "flares.ron",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/cards/flares.ron"
        )),
    ),
    (
        "tasks.ron",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/cards/tasks.ron"
        )),
    ),
    (
        "everfrost.ron",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/cards/everfrost.ron"
        )),
    ),
    (
        "nethervoid.ron",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/cards/nethervoid.ron"
        )),
    ),
    (
        "etherweave.ron",
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/cards/etherweave.ron"
        )),
    ),
];

/// The RON dialect of card, scenario and save files.
pub fn ron_options() -> ron::Options {
    use ron::extensions::Extensions;
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES)
}

impl CardDb {
    /// The built-in cards.
    pub fn builtin() -> Result<CardDb, LoadError> {
        CardDb::from_sources(BUILTIN.iter().map(|(n, t)| (n.to_string(), t.to_string())))
    }

    /// Loads cards from `(file name, text)` pairs, in order.
    pub fn from_sources(
        files: impl IntoIterator<Item = (String, String)>,
    ) -> Result<CardDb, LoadError> {
        let mut db = CardDb::default();
        // Where each card and deck was written, for errors found once every file is read.
        let mut origins = Origins::default();
        for (file, text) in files {
            db.load_file(&file, &text, &mut origins)?;
        }
        // Decks, piles and the task queue are fixed-size lists inside the game state.
        let too_many = |what: &str, n: usize, max: usize| {
            format!("{what} has {n} cards; at most {max} are supported")
        };
        for deck in &db.decks {
            if deck.cards.len() > MAX_PILE {
                return Err(origins.error(
                    &format!("deck:{}", deck.name),
                    too_many(&format!("deck `{}`", deck.name), deck.cards.len(), MAX_PILE),
                ));
            }
        }
        for (what, list, n) in [
            ("the legend deck", &db.legends, db.legends.len()),
            ("the flare deck", &db.flares, db.flares.len()),
        ] {
            if n > MAX_PILE {
                let last = list
                    .last()
                    .map(|&c| db.card(c).name.clone())
                    .unwrap_or_default();
                return Err(origins.error(&last, too_many(what, n, MAX_PILE)));
            }
        }
        if db.tasks.len() > MAX_PILE {
            let last = db.tasks.last().map(|t| t.name.clone()).unwrap_or_default();
            return Err(origins.error(&last, too_many("the task deck", db.tasks.len(), MAX_PILE)));
        }
        if db.legends.is_empty() {
            return Err(origins
                .first_file("no legends in any card file (a `legends: [...]` list is needed)"));
        }
        if db.flares.is_empty() {
            return Err(
                origins.first_file("no flares in any card file (a `flares: [...]` list is needed)")
            );
        }
        // Conditions may name other cards (Shadow Twins); they can be in any file.
        for card in &db.cards {
            let programs = [Some(&card.effect), card.warp.as_ref().map(|w| &w.effect)];
            for name in programs.into_iter().flatten().flat_map(|p| p.card_names()) {
                if db.by_name(&name).is_none() {
                    return Err(origins.error(
                        &card.name,
                        format!(
                            "`{}`: effect names a card `{name}` that does not exist",
                            card.name
                        ),
                    ));
                }
            }
        }
        Ok(db)
    }

    fn load_file(
        &mut self,
        file: &str,
        text: &str,
        origins: &mut Origins,
    ) -> Result<(), LoadError> {
        // A byte-order mark (some editors add one) is no part of the RON.
        let text = quote::without_bom(text);
        if origins.first.is_none() {
            origins.first = Some(file.to_string());
        }
        let parsed: CardFile = ron_options().from_str(text).map_err(|e| {
            let (line, col, message) = quote::ron_error(&e);
            LoadError {
                file: file.to_string(),
                line,
                col,
                message,
            }
        })?;
        // Validation errors point at the card's name in the text.
        let at = |name: &str, message: String| {
            let (line, col) = locate(text, name);
            LoadError {
                file: file.to_string(),
                line,
                col,
                message: format!("`{name}`: {message}"),
            }
        };
        let mut seen = |key: String, name: &str| {
            let (line, col) = locate(text, name);
            origins
                .at
                .entry(key)
                .or_insert((file.to_string(), line, col));
        };
        if let Some(name) = &parsed.deck {
            seen(format!("deck:{name}"), name);
        }
        for def in parsed.beings.iter().chain(&parsed.legends) {
            seen(def.name.clone(), &def.name);
        }
        for def in &parsed.flares {
            seen(def.name.clone(), &def.name);
        }
        for def in &parsed.tasks {
            seen(def.name.clone(), &def.name);
        }
        if !parsed.beings.is_empty() && parsed.deck.is_none() {
            return Err(LoadError {
                file: file.into(),
                line: 1,
                col: 1,
                message: "a file with `beings` needs `deck: \"Name\"`".into(),
            });
        }
        let deck = match &parsed.deck {
            Some(name) => {
                let (line, col) = locate(text, name);
                let written_at = format!("{}:{line}:{col}", quote::escape(file));
                Some(self.deck_id(name, written_at).map_err(|m| LoadError {
                    file: file.to_string(),
                    line,
                    col,
                    message: format!("deck `{name}`: {m}"),
                })?)
            }
            None => None,
        };
        if let Some(d) = deck {
            self.decks[d.0 as usize].gateway |= parsed.gateway;
        }
        for def in &parsed.beings {
            let Some(deck) = deck else {
                break;
            };
            let id = self
                .add_being(def, CardKind::Being(deck))
                .map_err(|m| at(&def.name, m))?;
            self.decks[deck.0 as usize].cards.push(id);
        }
        for def in &parsed.legends {
            let id = self
                .add_being(def, CardKind::Legend)
                .map_err(|m| at(&def.name, m))?;
            self.legends.push(id);
        }
        for def in &parsed.flares {
            let id = self.add_flare(def).map_err(|m| at(&def.name, m))?;
            self.flares.push(id);
        }
        for def in &parsed.tasks {
            check_name(&def.name).map_err(|m| at(&def.name, m))?;
            let task = Task::from_def(def, self.tasks.len()).map_err(|m| at(&def.name, m))?;
            if self.tasks.iter().any(|t| t.name == task.name) {
                return Err(at(&def.name, "a task with this name already exists".into()));
            }
            self.tasks.push(task);
        }
        Ok(())
    }

    fn deck_id(&mut self, name: &str, written_at: String) -> Result<DeckId, String> {
        if let Some(i) = self.decks.iter().position(|d| d.name == name) {
            return Ok(DeckId(i as u8));
        }
        check_name(name)?;
        let id = u8::try_from(self.decks.len()).map_err(|_| "too many decks".to_string())?;
        self.decks.push(Deck {
            name: name.to_string(),
            cards: Vec::new(),
            gateway: false,
            written_at,
        });
        Ok(DeckId(id))
    }

    /// What keeps these cards from being played although they load: decks with fewer beings
    /// than a hand holds (a game could not deal one). Each at `file:line:col`.
    pub fn playable_problems(&self) -> Vec<String> {
        self.decks
            .iter()
            .filter(|d| d.cards.len() < HAND_BEINGS)
            .map(|d| {
                format!(
                    "{}: deck `{}` has {} being{}, fewer than a hand of {HAND_BEINGS}: no game \
                     can be dealt from it",
                    d.written_at,
                    quote::short(&d.name),
                    d.cards.len(),
                    if d.cards.len() == 1 { "" } else { "s" }
                )
            })
            .collect()
    }

    fn next_id(&self, name: &str) -> Result<CardId, String> {
        if self.by_name.contains_key(name) {
            return Err("a card with this name already exists".into());
        }
        check_name(name)?;
        u16::try_from(self.cards.len())
            .map(CardId)
            .map_err(|_| "too many cards".into())
    }

    fn add_being(&mut self, def: &BeingDef, kind: CardKind) -> Result<CardId, String> {
        let id = self.next_id(&def.name)?;
        let pattern = match &def.lands {
            None => Pattern::parse(&def.pattern),
            Some(areas) => {
                let lands = compile::static_squares(areas).map_err(|e| format!("lands: {e}"))?;
                Pattern::parse_detached(&def.pattern, lands)
            }
        }
        .map_err(|e| format!("pattern: {}", e.0))?;
        if !pattern.fits_on_arena() {
            return Err(
                "pattern: it fits nowhere on the arena (in no orientation), so the card could \
                 never be summoned"
                    .into(),
            );
        }
        if kind == CardKind::Legend && def.rank != Rank::Legendary {
            return Err("a legend summons a legendary piece".into());
        }
        if kind != CardKind::Legend && def.rank == Rank::Legendary {
            return Err("only legends summon legendary pieces".into());
        }
        let ctx = Context {
            has_being: true,
            max_mark: pattern.max_mark(),
            has_arrows: pattern.has_arrows(),
            has_warp: def.warp.is_some(),
        };
        let effect = compile::compile(&def.effect, ctx).map_err(|e| format!("effect: {e}"))?;
        // Frozen and warp effects have no summoned piece and no placement.
        let detached = Context {
            has_being: false,
            max_mark: 0,
            has_arrows: false,
            has_warp: false,
        };
        let warp = match &def.warp {
            Some(w) => {
                if kind == CardKind::Legend {
                    return Err("legends have no warp effect".into());
                }
                if def.frozen.is_some() {
                    return Err("a card has a frozen or a warp effect, not both".into());
                }
                let effect = compile::compile(&w.effect, detached)
                    .map_err(|e| format!("warp effect: {e}"))?;
                Some(Warp {
                    text: w.text.clone(),
                    effect,
                    locked: w.locked,
                })
            }
            None => None,
        };
        let frozen = match &def.frozen {
            Some(f) => {
                let ctx = detached;
                let effect =
                    compile::compile(&f.effect, ctx).map_err(|e| format!("frozen effect: {e}"))?;
                Some(Frozen {
                    text: f.text.clone(),
                    effect,
                })
            }
            None => None,
        };
        self.push(Card {
            id,
            name: def.name.clone(),
            kind,
            rank: def.rank,
            pattern: Some(pattern),
            text: def.text.clone(),
            effect,
            frozen,
            flare: None,
            warp,
        });
        Ok(id)
    }

    fn add_flare(&mut self, def: &FlareDef) -> Result<CardId, String> {
        let id = self.next_id(&def.name)?;
        if def.upper.needs == 0 || def.lower.needs == 0 {
            return Err("a flare half needs a difference of at least 1".into());
        }
        let effect = compile::compile_flare(&def.upper.effect, &def.lower.effect)?;
        self.push(Card {
            id,
            name: def.name.clone(),
            kind: CardKind::Flare,
            rank: Rank::Common,
            pattern: None,
            text: format!("{} / {}", def.upper.text, def.lower.text),
            effect,
            frozen: None,
            warp: None,
            flare: Some(FlareInfo {
                upper_needs: def.upper.needs,
                lower_needs: def.lower.needs,
                upper_text: def.upper.text.clone(),
                lower_text: def.lower.text.clone(),
            }),
        });
        Ok(id)
    }

    fn push(&mut self, card: Card) {
        self.by_name.insert(card.name.clone(), card.id);
        self.cards.push(card);
    }

    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[id.0 as usize]
    }

    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.cards.get(id.0 as usize)
    }

    pub fn by_name(&self, name: &str) -> Option<CardId> {
        self.by_name.get(name).copied()
    }

    pub fn deck_by_name(&self, name: &str) -> Option<DeckId> {
        self.decks
            .iter()
            .position(|d| d.name.eq_ignore_ascii_case(name))
            .map(|i| DeckId(i as u8))
    }

    pub fn deck(&self, id: DeckId) -> &Deck {
        &self.decks[id.0 as usize]
    }

    pub fn task_by_name(&self, name: &str) -> Option<tasks::TaskId> {
        self.tasks
            .iter()
            .position(|t| t.name == name)
            .map(|i| tasks::TaskId(i as u8))
    }
}

/// 1-based line and column of the first `"name"` in the text (or 1:1).
/// The longest name of a card, task or deck (the longest printed card has 22 characters; names
/// are shown in one line of the card panels and written in saves).
pub const MAX_NAME: usize = 40;

/// A name a card, task or deck may have: not empty, at most [`MAX_NAME`] characters, no control
/// characters (they would reach the terminal).
fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err("empty name".into());
    }
    if name.chars().any(char::is_control) {
        return Err("a name may not hold control characters".into());
    }
    let n = name.chars().count();
    if n > MAX_NAME {
        return Err(format!(
            "a name of {n} characters; at most {MAX_NAME} are allowed"
        ));
    }
    Ok(())
}

/// Where the cards and decks of the files read so far were written (the first place each name
/// appears), so that errors found after every file is read still name a file, line and column.
#[derive(Default)]
struct Origins {
    /// By card or task name, and `deck:NAME` for decks.
    at: BTreeMap<String, (String, usize, usize)>,
    /// The first file read.
    first: Option<String>,
}

impl Origins {
    /// An error about `key`, where it was written.
    fn error(&self, key: &str, message: String) -> LoadError {
        match self.at.get(key) {
            Some((file, line, col)) => LoadError {
                file: file.clone(),
                line: *line,
                col: *col,
                message,
            },
            None => self.first_file(&message),
        }
    }

    /// An error about the card set as a whole, at the start of its first file.
    fn first_file(&self, message: &str) -> LoadError {
        LoadError {
            file: self
                .first
                .clone()
                .unwrap_or_else(|| "(no card files)".into()),
            line: 1,
            col: 1,
            message: message.to_string(),
        }
    }
}

fn locate(text: &str, name: &str) -> (usize, usize) {
    let needle = format!("\"{name}\"");
    match text.find(&needle) {
        Some(at) => {
            let before = &text[..at];
            let line = before.matches('\n').count() + 1;
            let col = at - before.rfind('\n').map(|i| i + 1).unwrap_or(0) + 1;
            (line, col)
        }
        None => (1, 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every effect of a card file: main, warp, frozen, and both halves of each flare.
    fn effects(file: &CardFile) -> Vec<(String, u64)> {
        let mut out = Vec::new();
        for def in file.beings.iter().chain(&file.legends) {
            out.push((def.name.clone(), compile::work(&def.effect)));
            if let Some(w) = &def.warp {
                out.push((format!("{} (warp)", def.name), compile::work(&w.effect)));
            }
            if let Some(f) = &def.frozen {
                out.push((format!("{} (frozen)", def.name), compile::work(&f.effect)));
            }
        }
        for def in &file.flares {
            let both = compile::work(&def.upper.effect) + compile::work(&def.lower.effect);
            out.push((def.name.clone(), both));
        }
        out
    }

    #[test]
    fn max_work_of_the_built_in_cards() {
        let mut all = Vec::new();
        for (name, text) in BUILTIN {
            let file: CardFile = ron_options()
                .from_str(quote::without_bom(text))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            all.extend(effects(&file));
        }
        all.sort_by_key(|(_, work)| std::cmp::Reverse(*work));
        println!("the longest built-in effects: {:?}", &all[..5]);
        // The bound is far above every real card.
        assert!(all[0].1 * 10 <= compile::MAX_WORK, "{:?}", all[0]);
    }
}
