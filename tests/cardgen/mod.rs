//! Random card sets for property tests: decks whose beings take the patterns and effects of real
//! cards in new combinations (and a few hostile effects of our own: pieces removed from the game,
//! places with an empty supply, long runs of leaps anywhere), plus the real legends, flares and
//! tasks. Every set loads; combinations the card checker refuses are replaced.
#![allow(dead_code)]

use std::sync::Arc;
use table::shell::rng::Rng;
use table::tashkalar::engine::cards::{BUILTIN, CardDb};

/// Effects no shipped card has, that make the engine's corners show: the supply running dry,
/// pieces taken out of the game, long runs of moves.
pub const HOSTILE_EFFECTS: &[&str] = &[
    "[Destroy(target: All(Piece(owner: Me, rank: NonLegendary, area: [Not(At(Being))])), remove: true)]",
    "[Destroy(target: Pick(Piece(owner: Enemy, rank: NonLegendary)), remove: true)]",
    "[Destroy(target: All(Piece(owner: Enemy)), remove: true)]",
    "[Place(at: Pick(Empty([])), owner: Me), Place(at: Pick(Empty([])), owner: Me)]",
    "[Place(at: Pick(Empty([])), owner: Enemy, rank: Heroic)]",
    "[Move(who: Being, kind: Standard, leap: Anywhere, count: UpTo(12))]",
    "[Move(who: Pick(Piece(owner: Me)), kind: Combat, leap: Anywhere, count: UpTo(12))]",
    "[Move(who: Being, kind: Swap, leap: Anywhere, count: UpTo(12))]",
    "[Repeat(UpTo(9), [Move(who: Pick(Piece(owner: Any)), kind: Combat, leap: Anywhere, count: UpTo(4))])]",
    "[Move(who: Pick(Piece(owner: Me)), kind: Standard, count: Unlimited, each_once: true)]",
    "[Convert(target: All(Piece(owner: Enemy, rank: NonLegendary)), to: Me)]",
    "[Upgrade(target: All(Piece(owner: Me))), Gain(3)]",
    "[Downgrade(target: All(Piece(owner: Any)))]",
];

/// What real cards are made of, taken from the shipped card files.
pub struct Parts {
    pub patterns: Vec<String>,
    pub effects: Vec<String>,
}

/// The balanced `[...]` that follows each `key: ` in `text`.
fn lists_after(text: &str, key: &str) -> Vec<String> {
    let mut out = Vec::new();
    let needle = format!("{key}: [");
    let mut from = 0;
    while let Some(at) = text[from..].find(&needle) {
        let start = from + at + needle.len() - 1;
        let mut depth = 0usize;
        let mut end = None;
        let mut in_string = false;
        for (i, c) in text[start..].char_indices() {
            match c {
                '"' => in_string = !in_string,
                '[' if !in_string => depth += 1,
                ']' if !in_string => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(start + i + 1);
                        break;
                    }
                }
                _ => {}
            }
        }
        match end {
            Some(end) => {
                out.push(text[start..end].to_string());
                from = end;
            }
            None => break,
        }
    }
    out
}

/// Patterns and effects of every shipped card (beings, legends, flares' halves, frozen and warp
/// effects), plus [`HOSTILE_EFFECTS`].
pub fn parts() -> Parts {
    let mut patterns = Vec::new();
    let mut effects: Vec<String> = HOSTILE_EFFECTS.iter().map(|s| s.to_string()).collect();
    for (_, text) in BUILTIN {
        patterns.extend(lists_after(text, "pattern"));
        effects.extend(lists_after(text, "effect"));
    }
    effects.retain(|e| e != "[]");
    Parts { patterns, effects }
}

/// One random being: a random pattern with a random effect.
fn being(rng: &mut Rng, parts: &Parts, name: &str) -> String {
    let pattern = &parts.patterns[rng.below(parts.patterns.len() as u32) as usize];
    // One being in three takes a hostile effect: they are few among the real ones.
    let effect = if rng.below(3) == 0 {
        HOSTILE_EFFECTS[rng.below(HOSTILE_EFFECTS.len() as u32) as usize]
    } else {
        &parts.effects[rng.below(parts.effects.len() as u32) as usize]
    };
    let rank = if rng.below(3) == 0 {
        "Heroic"
    } else {
        "Common"
    };
    format!("(name: \"{name}\", rank: {rank}, pattern: {pattern}, text: \"t\", effect: {effect})")
}

/// A generated deck.
struct GenDeck {
    name: String,
    gateway: bool,
    beings: Vec<String>,
}

impl GenDeck {
    fn text(&self) -> String {
        format!(
            "(deck: \"{}\", gateway: {}, beings: [{}])",
            self.name,
            self.gateway,
            self.beings.join(",\n")
        )
    }
}

/// A random card set from `seed`: `decks` decks of 3 to 18 beings (named `R1`, `R2`, ...; their
/// beings `R1 1`, `R1 2`, ...) and the shipped legends, flares and tasks. Beings whose pattern
/// and effect do not go together are dealt again until the set loads.
pub fn random_card_set(seed: u64, decks: usize) -> Arc<CardDb> {
    let parts = parts();
    let mut rng = Rng::seeded(seed);
    let shared: Vec<(String, String)> = BUILTIN
        .iter()
        .filter(|(n, _)| ["legends.ron", "flares.ron", "tasks.ron"].contains(n))
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    let mut generated: Vec<GenDeck> = (0..decks)
        .map(|d| {
            let name = format!("R{}", d + 1);
            let size = 3 + rng.below(16) as usize;
            GenDeck {
                beings: (0..size)
                    .map(|i| being(&mut rng, &parts, &format!("{name} {}", i + 1)))
                    .collect(),
                gateway: rng.below(4) == 0,
                name,
            }
        })
        .collect();
    for _ in 0..10_000 {
        let mut files = shared.clone();
        files.extend(
            generated
                .iter()
                .enumerate()
                .map(|(i, d)| (format!("r{i}.ron"), d.text())),
        );
        match CardDb::from_sources(files) {
            Ok(db) => return Arc::new(db),
            Err(e) => {
                // Deal the refused being again: its name is quoted first in the message.
                let message = e.to_string();
                let name = message
                    .split('`')
                    .nth(1)
                    .unwrap_or_else(|| panic!("no card named in {message}"))
                    .to_string();
                let (deck, index) = name[1..]
                    .split_once(' ')
                    .and_then(|(d, i)| Some((d.parse::<usize>().ok()?, i.parse::<usize>().ok()?)))
                    .unwrap_or_else(|| panic!("not a generated card: {message}"));
                generated[deck - 1].beings[index - 1] = being(&mut rng, &parts, &name);
            }
        }
    }
    panic!("seed {seed}: no card set loads");
}
