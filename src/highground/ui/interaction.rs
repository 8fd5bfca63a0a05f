//! How the person deciding reaches every choice: a cursor over the board of cards, the hand, and
//! the numbered options; a card's play needs two picks (the card, then its place) and goes
//! through a stage. A HOP and a SWAP are two decisions of the rules (the pyramid, then where it
//! goes or whom it trades places with), each taken on the board like any other.
//!
//! Every legal choice has one way in: choices about a place or a pyramid are taken on the board
//! (Enter on the territory; a list pops up when several fit), a card's play starts in the hand,
//! and the rest (roll, draw, stop, pass, discards, die faces, a Joker's level, the King's side)
//! are numbered options. `c` (the shell's list of every choice) is always there too.

use crate::highground::card::Card;
use crate::highground::decision::Choice;
use crate::highground::pos::Pos;
use crate::highground::pyramid::PieceId;
use crate::highground::state::{HighGround, Pending};
use crate::shell::seats::Seats;
use crate::shell::tui::ui::{Note, Outcome};

pub use crate::shell::tui::ui::Focus;

/// A selection under way.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Stage {
    #[default]
    Idle,
    /// A card of the hand was picked: where does it go?
    Card(Card),
}

/// The pending decision as the screen works with it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DecisionModel {
    /// The seat that decides.
    pub seat: usize,
    /// Every legal choice, in the engine's order.
    pub choices: Vec<Choice>,
    /// The choices listed as numbered options, in the order shown.
    pub options: Vec<Choice>,
}

/// Whether a choice is listed as an option (it is about no place, or there are few of them).
fn is_option(c: &Choice) -> bool {
    matches!(
        c,
        Choice::Roll
            | Choice::Draw
            | Choice::Stop
            | Choice::Pass
            | Choice::Dig
            | Choice::Face(_)
            | Choice::Level(_)
            | Choice::King(_)
            | Choice::Attack(_)
            | Choice::Tip(_)
            | Choice::Aim(_)
            | Choice::Discard(_)
    )
}

/// The order of options: the die and the draw first, discards last (so that the first numbers
/// are the actions people reach for).
fn option_rank(c: &Choice) -> u8 {
    match c {
        Choice::Roll => 0,
        Choice::Draw => 1,
        Choice::Discard(_) => 3,
        _ => 2,
    }
}

impl DecisionModel {
    /// The model of `g`'s pending decision.
    pub fn new(g: &HighGround) -> DecisionModel {
        let choices = g.choices();
        let mut options: Vec<Choice> = choices.iter().copied().filter(is_option).collect();
        // Stable: equal ranks keep the engine's order.
        options.sort_by_key(option_rank);
        DecisionModel {
            seat: g.seat_to_move(),
            choices,
            options,
        }
    }
}

/// Where a choice is taken on the board in stage `stage`. `None`: not on the board in this
/// stage.
pub fn anchor(g: &HighGround, stage: Stage, c: &Choice) -> Option<Pos> {
    let at = |p: PieceId| g.pyramids().pos_of(p);
    match (stage, *c) {
        (Stage::Card(card), Choice::Play(k, pos)) if k == card => Some(pos),
        (Stage::Idle, choice) => match choice {
            Choice::Lay(pos) | Choice::Step(pos) | Choice::Place(pos) => Some(pos),
            Choice::King(side) => Some(side.pos()),
            Choice::Move(p)
            | Choice::Attack(p)
            | Choice::Tip(p)
            | Choice::Aim(p)
            | Choice::Hop(p)
            | Choice::Swap(p)
            | Choice::With(p) => at(p),
            _ => None,
        },
        _ => None,
    }
}

/// The places where Enter does something in `stage`, in reading order.
pub fn targets(g: &HighGround, model: &DecisionModel, stage: Stage) -> Vec<Pos> {
    let mut out: Vec<Pos> = model
        .choices
        .iter()
        .filter_map(|c| anchor(g, stage, c))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The choices taken at `pos` in `stage`.
pub fn choices_at(g: &HighGround, model: &DecisionModel, stage: Stage, pos: Pos) -> Vec<Choice> {
    model
        .choices
        .iter()
        .filter(|c| anchor(g, stage, c) == Some(pos))
        .copied()
        .collect()
}

/// Whether a card of the hand can be played now.
pub fn playable(model: &DecisionModel, card: Card) -> bool {
    model
        .choices
        .iter()
        .any(|c| matches!(c, Choice::Play(k, _) if *k == card))
}

/// The selection of the person deciding.
#[derive(Clone, Debug, PartialEq)]
pub struct Interaction {
    pub cursor: Pos,
    pub focus: Focus,
    pub hand_index: usize,
    pub option_index: usize,
    pub stage: Stage,
}

impl Default for Interaction {
    fn default() -> Self {
        Interaction {
            cursor: Pos::CENTRE,
            focus: Focus::Board,
            hand_index: 0,
            option_index: 0,
            stage: Stage::Idle,
        }
    }
}

impl Interaction {
    /// Forgets a stage the decision no longer allows, and after a new decision puts the cursor
    /// on a place where it can be taken.
    pub fn reset_for(&mut self, g: &HighGround, model: &DecisionModel, new_decision: bool) {
        let valid = match self.stage {
            Stage::Idle => true,
            Stage::Card(card) => playable(model, card),
        };
        if !valid || new_decision {
            self.stage = Stage::Idle;
        }
        if self.option_index >= model.options.len() {
            self.option_index = 0;
        }
        if new_decision {
            let here = targets(g, model, self.stage);
            self.option_index = 0;
            self.focus = match g.pending() {
                // Another card may follow: the hand is where it starts.
                Pending::Playing => Focus::Hand,
                // A turn starts on the board, wherever the last one ended (after cards were
                // played the keys were in the hand, and Enter on a pyramid would play a card).
                Pending::Action => Focus::Board,
                Pending::Discarding => self.focus,
                // Nothing to take on the board (a Joker's level, the WILD's faces, DIG or
                // pass): the keys go to the options, so that the arrows walk the list and Enter
                // takes the highlighted one, however long it is.
                _ if here.is_empty() && !model.options.is_empty() => Focus::Options,
                _ => Focus::Board,
            };
            if !here.is_empty() && !here.contains(&self.cursor) {
                self.cursor = nearest(&here, self.cursor).unwrap_or(self.cursor);
            }
        }
    }

    /// Moves the cursor by one place, within `bounds` (west, east, south, north).
    pub fn move_cursor(&mut self, dx: i8, dy: i8, bounds: (i8, i8, i8, i8)) {
        let (w, e, s, n) = bounds;
        self.cursor.x = (self.cursor.x + dx).clamp(w, e);
        self.cursor.y = (self.cursor.y + dy).clamp(s, n);
    }

    /// Enter on the board: the choice at the cursor, a list when several fit, or a stage.
    pub fn select_place(
        &mut self,
        g: &HighGround,
        seats: &Seats,
        model: &DecisionModel,
    ) -> Outcome<Choice> {
        let pos = self.cursor;
        let here = choices_at(g, model, self.stage, pos);
        let place = super::words::territory(g, seats, pos);
        if here.is_empty() {
            return Outcome::Note(Note::warn(self.nothing_here(g, model, pos, &place)));
        }
        match here[..] {
            [one] => Outcome::Apply(one),
            _ => Outcome::Popup(format!("What on {place}?"), here),
        }
    }

    /// Why nothing can be done at `pos` now.
    fn nothing_here(&self, g: &HighGround, model: &DecisionModel, pos: Pos, place: &str) -> String {
        match self.stage {
            Stage::Card(card) => {
                let why = match g.board().get(pos) {
                    Some(t) if t.owner.is_some() => "a player's King is never covered",
                    Some(_) => "an enemy pyramid stands there",
                    None if g.board().blank_spaces().contains(&pos) => "it cannot go there",
                    // Next to a card but no blank space: the cards enclose it.
                    None if !g.board().adjacent(pos).is_empty() => {
                        "a hole inside the board is no blank space at its outside"
                    }
                    None => "cards go on territories or next to the board",
                };
                format!(
                    "The {} cannot go on {place}: {why}",
                    super::words::card_name(card)
                )
            }
            Stage::Idle => {
                if model.choices.iter().any(|c| matches!(c, Choice::Play(..)))
                    && !model
                        .choices
                        .iter()
                        .any(|c| anchor(g, Stage::Idle, c).is_some())
                {
                    "Pick a card in your hand first (Tab), then where it goes".into()
                } else {
                    format!("Nothing to do on {place} now: the highlighted places can be chosen")
                }
            }
        }
    }

    /// Enter on a card of the hand: play it (pick its place next), or discard it while
    /// discarding.
    pub fn select_card(
        &mut self,
        g: &HighGround,
        model: &DecisionModel,
        card: Card,
    ) -> Outcome<Choice> {
        if playable(model, card) {
            self.stage = Stage::Card(card);
            self.focus = Focus::Board;
            let spots = targets(g, model, self.stage);
            if !spots.contains(&self.cursor)
                && let Some(to) = nearest(&spots, self.cursor)
            {
                self.cursor = to;
            }
            return Outcome::Nothing;
        }
        if model.choices.contains(&Choice::Discard(card))
            && matches!(g.pending(), Pending::Discarding)
        {
            return Outcome::Apply(Choice::Discard(card));
        }
        Outcome::Note(Note::warn(format!(
            "The {} cannot be played now",
            super::words::card_name(card)
        )))
    }
}

/// The place of `list` nearest to `from` (the first in reading order among equals).
pub fn nearest(list: &[Pos], from: Pos) -> Option<Pos> {
    let dist = |p: &Pos| (p.x as i16 - from.x as i16).abs() + (p.y as i16 - from.y as i16).abs();
    list.iter().min_by_key(|p| dist(p)).copied()
}

/// The target after `from` in reading order (wrapping round).
pub fn next_target(list: &[Pos], from: Pos) -> Option<Pos> {
    list.iter()
        .find(|p| **p > from)
        .or_else(|| list.first())
        .copied()
}
