//! Decisions and choices: at every moment one seat decides one thing from an enumerable list.
//!
//! `legal_choices` lists the choices of the pending decision in a deterministic order; `apply`
//! advances the game with one of them, or returns an [`IllegalChoice`] naming why it cannot.
//! Decisions that leave exactly one choice (outside the main action) are taken automatically.

use super::board::{Colour, Rank};
use super::cards::CardId;
use super::cards::tasks::TaskId;
use super::effect::program::{CardMove, Op, Purpose};
use super::square::{Dir, Square};
use super::state::{GameState, Phase, Seat};
use std::fmt;

/// One thing a player can do at a decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Choice {
    /// Main action: place a common piece.
    Place(Square),
    /// Main action: summon a being with a pattern placement; `borrow` is an enemy piece used as own.
    Summon {
        card: CardId,
        target: Square,
        placement: u8,
        borrow: Option<Square>,
    },
    /// Main action: discard a being card.
    Discard(CardId),
    /// Play a flare, comparing with the seat `against`.
    Flare { card: CardId, against: Seat },
    /// Resolve a frozen effect.
    Thaw(CardId),
    /// Play a being's warp effect from the hand (it then waits as the pending being).
    Warp(CardId),
    /// End the turn (no actions left, or none possible).
    EndTurn,
    /// Piece shortage: take this piece of yours back first (a summoning's, or the place action's
    /// with an empty supply).
    Pickup(Square),
    /// After a discard: return this card to the bottom of its deck.
    Return(CardId),
    /// Two frozen effects: keep this one.
    Keep(CardId),
    /// End of turn: claim this task.
    Claim(TaskId),
    /// A colour (an enemy colour for an effect, or the colour a melee point is scored in).
    Colour(Colour),
    /// Deathmatch setup: your start piece goes here.
    StartSquare(Square),
    /// An effect picks this piece or square.
    Square(Square),
    /// An effect places a piece of this rank here.
    PlaceAs(Square, Rank),
    /// An effect moves a piece.
    Move { from: Square, to: Square },
    /// An effect direction.
    Dir(Dir),
    /// An option of an either/or.
    Branch(u8),
    /// A card (from a discard pile or a hand) an effect asks for.
    Card(CardId),
    /// Yes to an optional part.
    Yes,
    /// Decline: skip an optional step, stop a run of moves, return no more cards, claim no task.
    Skip,
    /// Team game: let the teammate finish this turn (the effect in progress, then placing commons).
    HandOver,
    /// Give up: the other side wins. Two-sided games only (a duel, or two teams); never listed
    /// among the legal choices (see [`GameState::resignation`]).
    Resign,
}

/// What kind of step an effect is asking for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EffectStep {
    Confirm,
    Branch(Vec<String>),
    Pick(Purpose),
    Place,
    Move,
    Direction,
    Enemy,
    Recover,
    DiscardFlare,
    Refreeze,
    /// Discard the pending being (or skip).
    DiscardPending,
    /// Take back the pending being as an ordinary card of the hand (or skip).
    ReturnPending,
    /// Discard a card from the hand (or skip).
    DiscardCard,
    /// Copy the warp effect of a card from the discard pile (or skip).
    CopyWarp,
}

/// What is being decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecisionKind {
    StartSquare,
    MeleeStart,
    Action,
    AfterActions,
    /// Summoning with an empty supply: pick up one of your pieces first.
    Pickup,
    /// The place action with an empty supply: the piece just picked up goes on an empty square.
    PlaceLifted,
    ReturnCards,
    KeepFrozen,
    ClaimTask,
    CommonColour,
    LegendColour,
    Effect {
        card: CardId,
        step: EffectStep,
    },
    GameOver,
}

/// The pending decision: who decides what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub seat: Seat,
    pub kind: DecisionKind,
}

impl DecisionKind {
    /// Short machine name (JSON, saves, tests).
    pub fn name(&self) -> &'static str {
        match self {
            DecisionKind::StartSquare => "start-square",
            DecisionKind::MeleeStart => "melee-start",
            DecisionKind::Action => "action",
            DecisionKind::AfterActions => "after-actions",
            DecisionKind::Pickup => "pickup",
            DecisionKind::PlaceLifted => "place-lifted",
            DecisionKind::ReturnCards => "return-cards",
            DecisionKind::KeepFrozen => "keep-frozen",
            DecisionKind::ClaimTask => "claim-task",
            DecisionKind::CommonColour => "common-colour",
            DecisionKind::LegendColour => "legend-colour",
            DecisionKind::Effect { .. } => "effect",
            DecisionKind::GameOver => "game-over",
        }
    }
}

impl EffectStep {
    pub fn name(&self) -> &'static str {
        match self {
            EffectStep::Confirm => "confirm",
            EffectStep::Branch(_) => "branch",
            EffectStep::Pick(Purpose::Choose) => "choose",
            EffectStep::Pick(Purpose::Destroy) => "destroy",
            EffectStep::Pick(Purpose::Upgrade) => "upgrade",
            EffectStep::Pick(Purpose::Downgrade) => "downgrade",
            EffectStep::Pick(Purpose::Convert) => "convert",
            EffectStep::Pick(Purpose::Gateway) => "gateway",
            EffectStep::Pick(Purpose::Hold) => "hold",
            EffectStep::Pick(Purpose::Release) => "release",
            EffectStep::Place => "place",
            EffectStep::Move => "move",
            EffectStep::Direction => "direction",
            EffectStep::Enemy => "enemy",
            EffectStep::Recover => "recover",
            EffectStep::DiscardFlare => "discard-flare",
            EffectStep::Refreeze => "refreeze",
            EffectStep::DiscardPending => "discard-pending",
            EffectStep::ReturnPending => "return-pending",
            EffectStep::DiscardCard => "discard-card",
            EffectStep::CopyWarp => "copy-warp",
        }
    }
}

/// Why a choice was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalChoice {
    GameOver,
    /// Not among the legal choices; `why` says so in plain words.
    NotLegal {
        choice: Choice,
        why: String,
    },
    /// Text that is no choice in the notation (`docs/saves.md`); `why` says what is wrong.
    Unreadable {
        text: String,
        why: String,
    },
    /// Resigning is for a game of two sides (a duel, or two teams): a melee has no one side
    /// that would win.
    NoResignationInMelee,
}

impl fmt::Display for IllegalChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalChoice::GameOver => f.write_str("the game is over"),
            IllegalChoice::NotLegal { why, .. } | IllegalChoice::Unreadable { why, .. } => {
                f.write_str(why)
            }
            IllegalChoice::NoResignationInMelee => f.write_str(
                "nobody can resign a melee: resigning is for a duel or a game of two teams",
            ),
        }
    }
}

impl std::error::Error for IllegalChoice {}

impl GameState {
    /// The seat that decides now (what `decision().seat` says, without describing the step).
    pub fn decider(&self) -> Seat {
        match self.phase {
            Phase::StartSquare | Phase::MeleeStart => self.setup_seat(),
            _ if self.turn.handed_over => self.teammate(self.turn.seat),
            _ => self.turn.seat,
        }
    }

    /// Whether the pending decision is a later step of an action in progress (an effect's step,
    /// a piece to take back, a colour for melee points) rather than a new action or the turn's end.
    pub fn mid_action(&self) -> bool {
        matches!(
            self.phase,
            Phase::Effect
                | Phase::PlaceLifted
                | Phase::SummonPickup(_)
                | Phase::CommonColour
                | Phase::LegendColour
        )
    }

    /// The pending decision.
    pub fn decision(&self) -> Decision {
        let seat = self.decider();
        let kind = match self.phase {
            Phase::StartSquare => DecisionKind::StartSquare,
            Phase::MeleeStart => DecisionKind::MeleeStart,
            Phase::Action => DecisionKind::Action,
            Phase::AfterActions => DecisionKind::AfterActions,
            Phase::SummonPickup(_) => DecisionKind::Pickup,
            Phase::PlaceLifted => DecisionKind::PlaceLifted,
            Phase::ReturnCards => DecisionKind::ReturnCards,
            Phase::KeepFrozen => DecisionKind::KeepFrozen,
            Phase::ClaimTask => DecisionKind::ClaimTask,
            Phase::CommonColour => DecisionKind::CommonColour,
            Phase::LegendColour => DecisionKind::LegendColour,
            Phase::GameOver => DecisionKind::GameOver,
            Phase::Effect => {
                let card = self.effect.as_ref().map(|r| r.card).unwrap_or(CardId(0));
                let step = match self.effect_op() {
                    Some(Op::Confirm { .. }) => EffectStep::Confirm,
                    Some(Op::Branch { labels, .. }) => EffectStep::Branch(labels.clone()),
                    Some(Op::Pick { act, .. }) => EffectStep::Pick(match act {
                        None => Purpose::Choose,
                        Some(super::effect::program::Act::Destroy { .. }) => Purpose::Destroy,
                        Some(super::effect::program::Act::Upgrade) => Purpose::Upgrade,
                        Some(super::effect::program::Act::Downgrade) => Purpose::Downgrade,
                        Some(super::effect::program::Act::Convert { .. }) => Purpose::Convert,
                        Some(super::effect::program::Act::MakeGateway) => Purpose::Gateway,
                        Some(super::effect::program::Act::Hold) => Purpose::Hold,
                    }),
                    Some(Op::Release { .. }) => EffectStep::Pick(Purpose::Release),
                    Some(Op::PlacePick { .. }) => EffectStep::Place,
                    Some(Op::MoveStep { .. }) => EffectStep::Move,
                    Some(Op::ChooseDir { .. }) => EffectStep::Direction,
                    Some(Op::ChooseEnemy { .. }) => EffectStep::Enemy,
                    Some(Op::MoveCard { kind, .. }) => match kind {
                        CardMove::Recover => EffectStep::Recover,
                        CardMove::DiscardFlare => EffectStep::DiscardFlare,
                        CardMove::Refreeze => EffectStep::Refreeze,
                        CardMove::DiscardPending => EffectStep::DiscardPending,
                        CardMove::ReturnPending => EffectStep::ReturnPending,
                        CardMove::DiscardCard => EffectStep::DiscardCard,
                        CardMove::CopyWarp => EffectStep::CopyWarp,
                    },
                    _ => EffectStep::Confirm,
                };
                DecisionKind::Effect { card, step }
            }
        };
        Decision { seat, kind }
    }

    /// The legal choices of the pending decision, in a deterministic order (replaces `out`'s contents).
    pub fn legal_choices(&self, out: &mut Vec<Choice>) {
        out.clear();
        match self.phase {
            Phase::StartSquare => self.start_square_choices(out),
            Phase::MeleeStart => self.melee_start_choices(out),
            Phase::Action => self.action_choices(out),
            Phase::AfterActions => self.after_actions_choices(out),
            Phase::SummonPickup(_) => self.pickup_choices(out),
            Phase::PlaceLifted => out.extend(self.board.empty_squares().iter().map(Choice::Place)),
            Phase::Effect => {
                self.effect_choices(out);
                if self.can_hand_over() {
                    out.push(Choice::HandOver);
                }
            }
            Phase::ReturnCards => {
                let st = self.seat(self.turn.seat);
                out.extend(
                    st.hand
                        .iter()
                        .filter(|c| Some(*c) != st.pending)
                        .map(Choice::Return),
                );
                out.push(Choice::Skip);
            }
            Phase::KeepFrozen => {
                out.extend(self.seat(self.turn.seat).frozen.iter().map(Choice::Keep))
            }
            Phase::ClaimTask => {
                out.extend(self.claimable_tasks().map(Choice::Claim));
                out.push(Choice::Skip);
            }
            Phase::CommonColour | Phase::LegendColour => self.scoring_colour_choices(out),
            Phase::GameOver => {}
        }
    }

    /// Convenience: the legal choices as a new vector.
    pub fn choices(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        self.legal_choices(&mut out);
        out
    }

    /// The seat to decide may resign at any decision of a two-sided game (a duel, or two teams of
    /// two, either form): then this is `Some(Choice::Resign)`. Resigning is kept out of
    /// [`GameState::legal_choices`], so that random play and the search never consider giving up;
    /// `apply` accepts it all the same, so saves and replays record it like any choice.
    pub fn resignation(&self) -> Option<Choice> {
        (!self.is_over() && self.is_two_sided()).then_some(Choice::Resign)
    }

    /// The deciding seat gives up for its side: the game is over and the other side wins.
    fn resign(&mut self) {
        let seat = self.decider();
        self.resigned = Some(seat);
        self.phase = Phase::GameOver;
        self.log(super::state::Event::Resigned { seat });
        self.log(super::state::Event::GameOver);
    }

    /// Applies a choice of the pending decision.
    pub fn apply(&mut self, choice: Choice) -> Result<(), IllegalChoice> {
        if self.is_over() {
            return Err(IllegalChoice::GameOver);
        }
        if matches!(choice, Choice::Resign) && !self.is_two_sided() {
            return Err(IllegalChoice::NoResignationInMelee);
        }
        if !self.is_legal(choice) {
            return Err(IllegalChoice::NotLegal {
                choice,
                why: self.why_illegal(choice),
            });
        }
        self.apply_legal(choice);
        self.settle();
        Ok(())
    }

    /// Applies a choice the caller took from [`GameState::legal_choices`] of this very state,
    /// without checking it again. The search plays millions of such choices, and the check is the
    /// dearest part of applying a summoning (it lists the card's summonings again). The result is
    /// the same as [`GameState::apply`]'s; debug builds still check.
    pub fn apply_listed(&mut self, choice: Choice) {
        debug_assert!(
            !self.is_over() && self.is_legal(choice),
            "{choice:?} is not among the legal choices"
        );
        self.apply_legal(choice);
        self.settle();
    }

    /// Whether a choice is among the legal choices, without listing all of them when one kind of
    /// choice can be checked on its own (the main decision has dozens of choices).
    pub fn is_legal(&self, choice: Choice) -> bool {
        let mut buf = Vec::new();
        // After a hand-over only some kinds remain: let the full list decide.
        let phase = if self.turn.handed_over {
            Phase::GameOver
        } else {
            self.phase
        };
        match (phase, choice) {
            (_, Choice::Resign) => self.resignation().is_some(),
            (Phase::Action, Choice::Place(sq)) => {
                self.is_empty_square(sq) && self.supply[self.me().index()].discs > 0
            }
            (Phase::Action, Choice::Summon { card, .. }) => {
                let in_hand = self.seat(self.turn.seat).hand.contains(card)
                    && self.db.get(card).is_some_and(|c| c.pattern.is_some());
                in_hand && {
                    self.summon_choices_for(card, &mut buf);
                    buf.contains(&choice)
                }
            }
            (Phase::Action, Choice::Discard(card)) => {
                !self.turn.discarded
                    && self.seat(self.turn.seat).pending != Some(card)
                    && self
                        .hand_of_kind(self.turn.seat, super::state::HandKind::Being)
                        .any(|c| c == card)
            }
            (Phase::Action | Phase::AfterActions, Choice::Thaw(card)) => {
                self.seat(self.turn.seat).frozen.contains(card)
            }
            (Phase::Action | Phase::AfterActions, Choice::Warp(card)) => self.can_warp(card),
            _ => {
                self.legal_choices(&mut buf);
                buf.contains(&choice)
            }
        }
    }

    /// Applies a choice known to be legal.
    fn apply_legal(&mut self, choice: Choice) {
        if matches!(choice, Choice::Resign) {
            self.resign();
            return;
        }
        if matches!(choice, Choice::HandOver) {
            // The same decision stays pending; only who makes it changes.
            self.turn.handed_over = true;
            return;
        }
        match self.phase {
            Phase::StartSquare => self.apply_start_square(choice),
            Phase::MeleeStart => self.apply_melee_start(choice),
            Phase::Action | Phase::AfterActions => self.apply_main(choice),
            Phase::SummonPickup(_) => self.apply_pickup(choice),
            Phase::PlaceLifted => self.apply_place_lifted(choice),
            Phase::Effect => self.apply_effect_choice(choice),
            Phase::ReturnCards => self.apply_return(choice),
            Phase::KeepFrozen => self.apply_keep_frozen(choice),
            Phase::ClaimTask => self.apply_claim(choice),
            Phase::CommonColour | Phase::LegendColour => self.apply_scoring_colour(choice),
            Phase::GameOver => {}
        }
    }

    /// Takes every follow-up decision that has exactly one legal choice.
    pub(crate) fn settle(&mut self) {
        loop {
            if matches!(self.phase, Phase::GameOver | Phase::Action | Phase::Effect) {
                return;
            }
            let mut legal = std::mem::take(&mut self.scratch);
            self.legal_choices(&mut legal);
            let only = if legal.len() == 1 {
                Some(legal[0])
            } else {
                None
            };
            self.scratch = legal;
            match only {
                Some(c) => self.apply_legal(c),
                None => return,
            }
        }
    }

    /// When `choice` would end the turn by itself (the last action, flare or effect step, after
    /// which ending the turn is all that is left, so the engine ends it by itself), the state
    /// just before that end: its only legal choice is [`Choice::EndTurn`], and applying that
    /// gives exactly what applying `choice` here gives. `None` for any other choice. The screen
    /// shows this state so that a person confirms the end of their turn (and may still take the
    /// choice back); the decisions recorded are the same either way.
    pub fn before_turn_end(&self, choice: Choice) -> Option<GameState> {
        if self.is_over() || matches!(choice, Choice::Resign) || !self.is_legal(choice) {
            return None;
        }
        let mut g = self.clone();
        g.apply_legal(choice);
        // What `settle` does, stopping where ending the turn is the only choice left.
        loop {
            if matches!(g.phase, Phase::GameOver | Phase::Action | Phase::Effect) {
                return None;
            }
            match g.choices().as_slice() {
                [Choice::EndTurn] if g.phase == Phase::AfterActions => return Some(g),
                [only] => g.apply_legal(*only),
                _ => return None,
            }
        }
    }

    /// A plain-words reason a choice is not legal now.
    fn why_illegal(&self, choice: Choice) -> String {
        let decision = self.decision();
        let expects = match &decision.kind {
            DecisionKind::Effect { step, .. } => format!("an effect step ({})", step.name()),
            k => format!("a {} decision", k.name()),
        };
        let hand = &self.seat(self.turn.seat).hand;
        match choice {
            Choice::Place(sq) | Choice::Square(sq) | Choice::StartSquare(sq)
                if !super::board::arena::is_playable(sq) =>
            {
                format!("{sq} is not part of the arena")
            }
            Choice::Place(sq)
                if matches!(self.phase, Phase::Action | Phase::PlaceLifted)
                    && self.board.get(sq).is_some() =>
            {
                format!("{sq} is occupied")
            }
            Choice::Place(_)
                if self.phase == Phase::Action && self.supply[self.me().index()].discs == 0 =>
            {
                "the supply is empty: first pick up one of your common or heroic pieces".into()
            }
            Choice::Summon { card, .. }
            | Choice::Discard(card)
            | Choice::Flare { card, .. }
            | Choice::Warp(card)
                if self.phase == Phase::Action && !hand.contains(card) =>
            {
                format!(
                    "{} is not in seat {}'s hand",
                    self.db.get(card).map_or("that card", |c| &c.name),
                    decision.seat
                )
            }
            Choice::Summon { card, target, .. } if self.phase == Phase::Action => {
                let name = self.db.get(card).map_or("that card", |c| &c.name);
                format!(
                    "{name} cannot be summoned on {target} that way: the pattern is not there, the square holds a higher-rank piece, or no piece is available"
                )
            }
            Choice::Discard(_) if self.turn.discarded => "only one discard per turn".into(),
            Choice::Discard(card) if self.seat(self.turn.seat).pending == Some(card) => {
                "the pending being cannot be discarded".into()
            }
            Choice::Warp(_) if self.seat(self.turn.seat).pending.is_some() => {
                "no warp effect while a being is pending".into()
            }
            Choice::Warp(_) if self.seat(self.turn.seat).turns < 2 => {
                "no warp effect on a seat's first turn".into()
            }
            Choice::Flare { card, .. } if self.phase == Phase::Action => {
                let name = self.db.get(card).map_or("that flare", |c| &c.name);
                format!("{name}: neither half's condition holds against that opponent")
            }
            Choice::EndTurn if self.turn.actions_left > 0 => {
                "actions are left: every action must be used".into()
            }
            _ => format!("it is not one of the choices of {expects}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_stay_small() {
        // Choice lists are built for every decision: keep the element small.
        assert!(
            std::mem::size_of::<Choice>() <= 8,
            "{}",
            std::mem::size_of::<Choice>()
        );
    }
}
