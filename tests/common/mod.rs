//! Helpers for rules scenarios: build a position from scenario RON, play choices in notation,
//! and read the board back as a compact piece list.
#![allow(dead_code)]

use std::sync::{Arc, OnceLock};
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::scenario::Scenario;
use table::tashkalar::engine::{Choice, GameState, Square, notation};

/// The built-in cards, loaded once per test binary.
pub fn db() -> Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(CardDb::builtin().expect("built-in cards load")))
        .clone()
}

/// A position from scenario RON (see docs/scenario.md).
pub fn scenario(ron: &str) -> GameState {
    let sc = Scenario::parse(ron).unwrap_or_else(|e| panic!("scenario does not parse: {e}"));
    sc.into_state(db())
        .unwrap_or_else(|e| panic!("scenario is invalid: {e}"))
}

/// Plays choices written in notation, one after another.
pub fn play(g: &mut GameState, moves: &[&str]) {
    for m in moves {
        let choice = notation::parse(m, &g.db).unwrap_or_else(|e| panic!("`{m}`: {e}"));
        if let Err(e) = g.apply(choice) {
            panic!("`{m}` refused: {e}\nchoices: {:?}", texts(g));
        }
    }
}

/// The legal choices in notation.
pub fn texts(g: &GameState) -> Vec<String> {
    g.choices()
        .iter()
        .map(|c| notation::write(c, &g.db))
        .collect()
}

/// Whether a choice (in notation) is legal now.
pub fn legal(g: &GameState, m: &str) -> bool {
    texts(g).iter().any(|t| t == m)
}

/// Summons `card` on `target`, with the one placement whose pattern pieces stand on `cells`
/// (or the only placement there when `cells` is empty).
pub fn summon(g: &mut GameState, card: &str, target: &str, cells: &[&str]) {
    let id =
        g.db.by_name(card)
            .unwrap_or_else(|| panic!("no card {card}"));
    let target: Square = target.parse().expect("square");
    let wanted: Vec<Square> = cells.iter().map(|c| c.parse().expect("square")).collect();
    let matching: Vec<Choice> = g
        .choices()
        .into_iter()
        .filter(|c| match c {
            Choice::Summon {
                card: k,
                target: t,
                placement,
                borrow: None,
            } if *k == id && *t == target => {
                let pattern = g.db.card(id).pattern.as_ref().expect("pattern");
                let squares = pattern.placements[*placement as usize].cell_squares(target);
                wanted.iter().all(|s| squares.contains(*s))
            }
            _ => false,
        })
        .collect();
    match matching.as_slice() {
        [one] => g
            .apply(*one)
            .unwrap_or_else(|e| panic!("summon refused: {e}")),
        [] => panic!(
            "{card} cannot be summoned on {target}; choices: {:?}",
            texts(g)
        ),
        many => panic!(
            "{card} on {target} is ambiguous ({} placements); name the pattern squares",
            many.len()
        ),
    }
}

/// The board as `1c e4, 2h f6` in square order.
pub fn pieces(g: &GameState) -> String {
    g.piece_list()
}

/// The name of the pending decision (`action`, `effect:destroy`, ...).
pub fn pending(g: &GameState) -> String {
    let d = g.decision();
    match &d.kind {
        table::tashkalar::engine::DecisionKind::Effect { step, .. } => {
            format!("effect:{}", step.name())
        }
        k => k.name().to_string(),
    }
}

/// A piece list in square order (as `pieces` writes it), so expectations can be written in any
/// order.
pub fn board(list: &str) -> String {
    let mut v: Vec<&str> = list.split(", ").collect();
    v.sort_by_key(|p| {
        let sq = &p.as_bytes()[3..];
        (sq[1], sq[0])
    });
    v.join(", ")
}

/// Checks that `deck` has 18 beings, each with a text and an effect, and that each can be
/// summoned on e5 with seat 1's pieces exactly where its first orientation wants them (and under
/// the summoning square when the pattern asks for that).
pub fn every_being_summons_from_its_printed_pattern(deck_name: &str) {
    let db = db();
    let deck = db.deck_by_name(deck_name).expect("the deck");
    assert_eq!(db.deck(deck).cards.len(), 18);
    let target: Square = "e5".parse().expect("square");
    for &id in &db.deck(deck).cards {
        let card = db.card(id);
        let pattern = card.pattern.as_ref().expect("a pattern");
        // A being whose only effect is frozen or a warp may do nothing when summoned.
        assert!(
            !card.text.is_empty()
                && (!card.effect.is_empty() || card.frozen.is_some() || card.warp.is_some()),
            "{}",
            card.name
        );
        let mut squares: Vec<String> = pattern.placements[0]
            .cell_squares(target)
            .iter()
            .map(|s| format!("1c {s}"))
            .collect();
        let prefix = match pattern.target {
            table::tashkalar::engine::pattern::TargetRule::Open => {
                format!("summon {} e5 ", card.name)
            }
            // Built around e5, it lands on a square of its own (any it allows).
            table::tashkalar::engine::pattern::TargetRule::Detached(_) => {
                format!("summon {} ", card.name)
            }
            table::tashkalar::engine::pattern::TargetRule::OwnPiece(_) => {
                squares.push("1c e5".into());
                format!("summon {} e5 ", card.name)
            }
        };
        let g = scenario(&format!(
            r#"(decks: ["{deck_name}", "Imperial"], pieces: {squares:?}, hands: [(beings: ["{}"])])"#,
            card.name
        ));
        assert!(
            texts(&g).iter().any(|t| t.starts_with(&prefix)),
            "{} cannot be summoned on e5",
            card.name
        );
    }
}
