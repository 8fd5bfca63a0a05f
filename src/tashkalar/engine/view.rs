//! What one seat may know, and re-dealing everything it cannot see (for the AI's determinizations).
//!
//! Hidden: other seats' hands, the order of every deck (including one's own), the task deck order,
//! and the random generator's future. Everything else is on the table.

use super::board::{Board, Supply};
use super::cards::CardId;
use super::decision::Choice;
use super::effect::run::EffectRun;
use super::square::Square;
use super::state::*;
use crate::shell::rng::Rng;

/// How many cards of each kind a seat holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct HandCounts {
    pub beings: usize,
    pub legends: usize,
    pub flares: usize,
}

/// Everything one seat may see.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatView {
    pub seat: Seat,
    pub board: Board,
    pub supply: Vec<Supply>,
    /// The seat's own hand.
    pub hand: Vec<CardId>,
    /// Card counts of every seat's hand.
    pub hand_counts: Vec<HandCounts>,
    pub deck_sizes: Vec<usize>,
    pub discards: Vec<Vec<CardId>>,
    pub frozen: Vec<Vec<CardId>>,
    /// Each seat's pending being (Etherweave): face up, so public.
    pub pending: Vec<Option<CardId>>,
    /// Each seat's Gateway (Nethervoid).
    pub gateways: Vec<Option<Square>>,
    /// Whether each seat's Gateway is held on a card (it comes back with the piece).
    pub gateways_held: Vec<bool>,
    /// A piece kept on one of each seat's cards (Merchant of Time).
    pub held: Vec<Option<HeldPiece>>,
    /// Turns each seat has begun (only whether it is past its first turn matters).
    pub turns: Vec<u8>,
    pub legend_deck: usize,
    pub legend_discard: Vec<CardId>,
    pub flare_deck: usize,
    pub flare_discard: Vec<CardId>,
    pub scores: Vec<ScoreBook>,
    pub claimed: Vec<Vec<u8>>,
    pub current_tasks: [Option<super::cards::tasks::TaskId>; 3],
    pub next_task: Option<super::cards::tasks::TaskId>,
    pub task_deck: usize,
    pub turn: Turn,
    pub phase: Phase,
    pub ending: Ending,
    /// The effect being resolved is public.
    pub effect: Option<EffectRun>,
    /// The pending choices, when this seat is the one deciding.
    pub choices: Vec<Choice>,
}

impl GameState {
    /// Counts of each kind of card in a seat's hand.
    pub fn hand_counts(&self, seat: Seat) -> HandCounts {
        HandCounts {
            beings: self.hand_of_kind(seat, HandKind::Being).count(),
            legends: self.hand_of_kind(seat, HandKind::Legend).count(),
            flares: self.hand_of_kind(seat, HandKind::Flare).count(),
        }
    }

    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> SeatView {
        let seats: Vec<Seat> = self.seat_ids().collect();
        SeatView {
            seat,
            board: self.board.clone(),
            supply: self.colour_ids().map(|c| self.supply[c.index()]).collect(),
            hand: self.seat(seat).hand.iter().collect(),
            hand_counts: seats.iter().map(|s| self.hand_counts(*s)).collect(),
            deck_sizes: seats.iter().map(|s| self.seat(*s).deck.len()).collect(),
            discards: seats
                .iter()
                .map(|s| self.seat(*s).discard.iter().collect())
                .collect(),
            frozen: seats
                .iter()
                .map(|s| self.seat(*s).frozen.iter().collect())
                .collect(),
            pending: seats.iter().map(|s| self.seat(*s).pending).collect(),
            gateways: seats.iter().map(|s| self.seat(*s).gateway).collect(),
            gateways_held: seats.iter().map(|s| self.seat(*s).gateway_held).collect(),
            held: seats.iter().map(|s| self.seat(*s).held).collect(),
            turns: seats.iter().map(|s| self.seat(*s).turns).collect(),
            legend_deck: self.legend_deck.len(),
            legend_discard: self.legend_discard.iter().collect(),
            flare_deck: self.flare_deck.len(),
            flare_discard: self.flare_discard.iter().collect(),
            scores: seats.iter().map(|s| self.seat(*s).score).collect(),
            claimed: seats
                .iter()
                .map(|s| self.seat(*s).claimed.as_slice().to_vec())
                .collect(),
            current_tasks: self.tasks.current,
            next_task: self.tasks.next,
            task_deck: self.tasks.deck.len as usize,
            turn: self.turn,
            phase: self.phase,
            ending: self.ending,
            effect: self.effect.clone(),
            choices: if self.decision().seat == seat {
                self.choices()
            } else {
                Vec::new()
            },
        }
    }

    /// The game as `observer` knows it: everything it cannot see is put in a fixed canonical
    /// arrangement (hidden cards sorted and dealt back in that order, generator reset). Two games
    /// that look the same to `observer` give the same observation, so a bot that only ever sees
    /// observations cannot depend on hidden information.
    pub fn observation(&self, observer: Seat) -> GameState {
        self.redeal(observer, None)
    }

    /// A copy of the game where everything `observer` cannot see is shuffled and dealt again,
    /// consistently with what it can see, and the generator is reseeded. Depends only on what
    /// `observer` can see and on `seed`.
    pub fn determinize(&self, observer: Seat, seed: u64) -> GameState {
        self.redeal(observer, Some(seed))
    }

    fn redeal(&self, observer: Seat, seed: Option<u64>) -> GameState {
        let mut g = self.clone();
        g.log_events = false;
        g.events.clear();
        g.rng = Rng::seeded(seed.unwrap_or(0));
        let shuffle = |list: &mut Deck, rng: &mut Rng| {
            list.sort();
            if seed.is_some() {
                list.shuffle(rng);
            }
        };
        for seat in self.seat_ids() {
            // Own deck order is hidden even from its owner.
            if seat == observer {
                let mut deck = g.seats[seat.index()].deck;
                shuffle(&mut deck, &mut g.rng);
                g.seats[seat.index()].deck = deck;
                continue;
            }
            // Other seats' beings: hand and deck pooled and dealt again, except a pending being,
            // which lies face up.
            let pending = g.seat(seat).pending;
            let in_hand: Vec<CardId> = g
                .hand_of_kind(seat, HandKind::Being)
                .filter(|c| Some(*c) != pending)
                .collect();
            let st = &mut g.seats[seat.index()];
            let mut pool = st.deck;
            for &c in &in_hand {
                pool.push(c);
                st.hand.remove(c);
            }
            shuffle(&mut pool, &mut g.rng);
            let deck_len = st.deck.len();
            let mut deck = Deck::default();
            for (i, c) in pool.iter().enumerate() {
                if i < deck_len {
                    deck.push(c);
                } else {
                    st.hand.push(c);
                }
            }
            st.deck = deck;
        }
        // Legends and flares: the other seats' hands plus the face-down deck.
        for kind in [HandKind::Legend, HandKind::Flare] {
            let mut pool = if kind == HandKind::Legend {
                g.legend_deck
            } else {
                g.flare_deck
            };
            let mut counts = Vec::new();
            for seat in self.seat_ids().filter(|s| *s != observer) {
                let held: Vec<CardId> = g.hand_of_kind(seat, kind).collect();
                for &c in &held {
                    g.seats[seat.index()].hand.remove(c);
                    pool.push(c);
                }
                counts.push((seat, held.len()));
            }
            shuffle(&mut pool, &mut g.rng);
            for (seat, n) in counts {
                for _ in 0..n {
                    if let Some(c) = pool.pop() {
                        g.seats[seat.index()].hand.push(c);
                    }
                }
            }
            if kind == HandKind::Legend {
                g.legend_deck = pool;
            } else {
                g.flare_deck = pool;
            }
        }
        let mut tasks = g.tasks.deck;
        tasks.items[..tasks.len as usize].sort();
        if seed.is_some() {
            tasks.shuffle(&mut g.rng);
        }
        g.tasks.deck = tasks;
        g
    }
}
