//! Setting a game up: the supply, the Places of Power, the monuments, each seat's mages,
//! artifacts and essences, then the setup decisions (mages, magic items) before round 1.

use super::card::language::{Kind, Side};
use super::card::{CardId, Db};
use super::essence::Essences;
use super::state::{Ctx, Phase, ResArcana, Seat, Task, Variant, shuffle};
use crate::shell::rng::Rng;
use std::fmt;
use std::sync::Arc;

/// What a new game is made from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Setup {
    /// 2 to 4 (1 is allowed for rules scenarios).
    pub players: u8,
    /// Standard, first game or draft.
    pub variant: Variant,
    /// The *Lux et Tenebrae* counts: with 2 players, 7 monuments and 4 Places of Power (the
    /// base game, the default, uses all 10 and 5 at every count).
    pub expansion_counts: bool,
}

/// Why a game cannot be set up.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// Res Arcana is for 2 to 4 players (1 for scenarios).
    Players(u8),
    /// The component data has too few of a kind for this many players.
    TooFew {
        /// Which components.
        kind: &'static str,
        /// How many are needed.
        need: usize,
        /// How many the data has.
        have: usize,
    },
    /// The first game needs a preset set per seat: a mage and three artifacts.
    FirstGameSet(u8),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => write!(f, "Res Arcana is for 2 to 4 players, not {n}"),
            SetupError::TooFew { kind, need, have } => {
                write!(f, "{need} {kind} are needed, the data has {have}")
            }
            SetupError::FirstGameSet(n) => write!(
                f,
                "first-game set {n} needs exactly one mage and three artifacts in the data"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl ResArcana {
    /// A new game: everything dealt from `seed`, the first setup decision pending.
    pub fn new_game(db: Arc<Db>, setup: Setup, seed: u64) -> Result<ResArcana, SetupError> {
        let n = setup.players as usize;
        if !(1..=4).contains(&setup.players) {
            return Err(SetupError::Players(setup.players));
        }
        let mut rng = Rng::seeded(seed);
        let need = |kind: &'static str, need: usize, have: usize| {
            if have < need {
                Err(SetupError::TooFew { kind, need, have })
            } else {
                Ok(())
            }
        };
        let mut mages = db.of_kind(Kind::Mage);
        let mut artifacts = db.of_kind(Kind::Artifact);
        let items = db.of_kind(Kind::MagicItem);
        let mut monuments = db.of_kind(Kind::Monument);
        need("mages", 2 * n, mages.len())?;
        need("artifacts", 8 * n, artifacts.len())?;
        if setup.variant == Variant::Draft && n < 2 {
            return Err(SetupError::Players(setup.players));
        }
        need("magic items", n + 1, items.len())?;
        let mut seats = vec![Seat::default(); n];
        for s in seats.iter_mut() {
            s.pool = Essences([1; 5]);
        }
        let mut boxed = Vec::new();
        match setup.variant {
            Variant::Standard | Variant::Draft => {
                shuffle(&mut mages, &mut rng);
                shuffle(&mut artifacts, &mut rng);
                for s in seats.iter_mut() {
                    s.mages_dealt = mages.split_off(mages.len() - 2);
                    s.mages_dealt.sort();
                    // The draft deals its packets later, from the artifacts left in the box.
                    if setup.variant == Variant::Standard {
                        s.deck = artifacts.split_off(artifacts.len() - 8);
                    }
                }
            }
            Variant::FirstGame => {
                for (i, s) in seats.iter_mut().enumerate() {
                    let set = i as u8 + 1;
                    let in_set = |kind: Kind| -> Vec<CardId> {
                        db.ids()
                            .filter(|&c| {
                                db.get(c).kind == kind && db.get(c).first_game == Some(set)
                            })
                            .collect()
                    };
                    let (m, hand) = (in_set(Kind::Mage), in_set(Kind::Artifact));
                    if m.len() != 1 || hand.len() != 3 {
                        return Err(SetupError::FirstGameSet(set));
                    }
                    s.mages_dealt = m;
                    s.hand = hand;
                }
                let preset: Vec<CardId> = seats.iter().flat_map(|s| s.hand.clone()).collect();
                mages.retain(|m| !seats.iter().any(|s| s.mages_dealt.contains(m)));
                artifacts.retain(|a| !preset.contains(a));
                need("artifacts", 5 * n, artifacts.len())?;
                shuffle(&mut artifacts, &mut rng);
                for s in seats.iter_mut() {
                    s.deck = artifacts.split_off(artifacts.len() - 5);
                    s.deck_unseen = true;
                }
            }
        }
        boxed.extend(mages);
        boxed.extend(artifacts);
        boxed.sort();
        for s in seats.iter_mut() {
            shuffle(&mut s.deck, &mut rng);
            // The standard deal draws the hand from the shuffled deck.
            if setup.variant == Variant::Standard {
                let k = s.deck.len().saturating_sub(3);
                s.hand = s.deck.split_off(k);
            }
        }
        shuffle(&mut monuments, &mut rng);
        let reduced = setup.expansion_counts && n == 2;
        if reduced {
            // 7 monuments: the others go out of the game unseen.
            let out = monuments.len().saturating_sub(7);
            boxed.extend(monuments.drain(..out));
            boxed.sort();
        }
        let up = monuments.split_off(monuments.len().saturating_sub(2));
        let mut places = Vec::new();
        let mut place_cards = db.place_cards();
        if reduced && place_cards.len() > 4 {
            // 4 Places of Power: one card, at random, stays in the box (both its sides known).
            let i = rng.below(place_cards.len() as u32) as usize;
            place_cards.remove(i);
        }
        for (_, a, b) in place_cards {
            let side = match setup.variant {
                Variant::FirstGame => Side::A,
                Variant::Standard | Variant::Draft => {
                    if rng.below(2) == 0 {
                        Side::A
                    } else {
                        Side::B
                    }
                }
            };
            places.push(if side == Side::A { a } else { b });
        }
        let mut g = ResArcana {
            db,
            variant: setup.variant,
            seats,
            token: 0,
            first_passed: false,
            monuments: up,
            monument_deck: monuments,
            places,
            items,
            boxed,
            looking: Vec::new(),
            collect_start: Vec::new(),
            phase: Phase::Setup,
            pending: None,
            tasks: Vec::new(),
            ctx: Ctx::default(),
            round: 0,
            turn: 0,
            rng,
            outcome: None,
        };
        // Mages are picked one seat after the other from the First Player, each pick hidden
        // until all are made; magic items counter-clockwise from the First Player's right.
        let mut tasks: Vec<Task> = Vec::new();
        if setup.variant == Variant::Draft {
            tasks.extend(draft_tasks(&g));
        }
        tasks.extend(g.clockwise(0).into_iter().map(Task::AskMage));
        tasks.push(Task::RevealMages);
        let right_first: Vec<u8> = (1..=n).map(|i| ((n - i) % n) as u8).collect();
        tasks.extend(right_first.into_iter().map(Task::AskItem));
        tasks.push(Task::StartRound);
        g.push_in_order(tasks);
        g.run();
        Ok(g)
    }
}

/// The draft's steps: 4 cards each, keep 1 and pass the rest clockwise until none are left;
/// then 4 more, passed counter-clockwise; then the 8 kept are each seat's deck. Each round of
/// picks is made one seat after the other from the First Player, hidden until all have picked.
fn draft_tasks(g: &ResArcana) -> Vec<Task> {
    let mut tasks = Vec::new();
    for clockwise in [true, false] {
        tasks.push(Task::DraftDeal);
        for _ in 0..4 {
            tasks.extend(g.clockwise(0).into_iter().map(Task::DraftPick));
            tasks.push(Task::DraftPass(clockwise));
        }
    }
    tasks.push(Task::DraftEnd);
    tasks
}
