//! Plain words for the pending decision and for each choice: what the prompt line says and how
//! options are listed.

use super::narrate::card_name;
use crate::shell::seats::Seats;
use crate::shell::tui::theme::colour_name;
use crate::tashkalar::engine::board::Rank;
use crate::tashkalar::engine::cards::CardKind;
use crate::tashkalar::engine::decision::EffectStep;
use crate::tashkalar::engine::effect::program::{
    CLeap, CMoveKind, CPlaceRank, CSel, CSide, Op, Purpose,
};
use crate::tashkalar::engine::{Choice, Decision, DecisionKind, Dir, GameState};

/// What the screen asks of the deciding player.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Prompt {
    /// The question, in plain words.
    pub text: String,
    /// Whether the step may be skipped (the prompt then ends with "— or skip (s)").
    pub can_skip: bool,
}

/// The prompt for the pending decision.
pub fn prompt(state: &GameState, seats: &Seats, choices: &[Choice]) -> Prompt {
    let decision = state.decision();
    let can_skip = choices.contains(&Choice::Skip);
    let who = seats.name(decision.seat);
    let text = match &decision.kind {
        DecisionKind::StartSquare => format!(
            "{who}: choose the start square of your first piece; {} gets the other one",
            seats.name(state.next_seat(decision.seat))
        ),
        DecisionKind::MeleeStart => {
            let colour = state
                .melee_start_colour()
                .map_or("the next", |c| colour_name(c));
            format!("{who}: choose where {colour}'s start piece goes (next to a melee symbol)")
        }
        DecisionKind::Action => {
            let n = state.turn.actions_left;
            let plural = if n == 1 { "" } else { "s" };
            format!(
                "{who}: {n} action{plural} left. Place a piece (Enter on an empty square), summon a \
                 card from your hand (Tab), or discard a being (x)"
            )
        }
        DecisionKind::AfterActions => {
            format!(
                "{who}: no actions left. Play a flare or thaw a frozen effect, or end the turn (e)"
            )
        }
        DecisionKind::Pickup => {
            format!("{who}: your supply is empty. First take back one of your pieces (highlighted)")
        }
        DecisionKind::PlaceLifted => {
            format!("{who}: put the piece you took back on an empty square")
        }
        DecisionKind::ReturnCards => {
            format!("{who}: you may return other cards to the bottom of their decks, one at a time")
        }
        DecisionKind::KeepFrozen => {
            format!("{who}: two frozen effects are in play; choose the one to keep")
        }
        DecisionKind::ClaimTask => format!("{who}: you may claim one task now"),
        DecisionKind::CommonColour => format!(
            "{who}: choose which colour your leftover destroyed common pieces score against"
        ),
        DecisionKind::LegendColour => {
            format!("{who}: choose which colour the point for your legend scores against")
        }
        DecisionKind::Effect { card, step } => {
            format!(
                "{}: {}",
                card_name(state, *card),
                effect_question(state, step)
            )
        }
        DecisionKind::GameOver => game_over_text(state, seats),
    };
    let text = if can_skip && !matches!(decision.kind, DecisionKind::GameOver) {
        format!("{text} — or skip (s)")
    } else {
        text
    };
    Prompt { text, can_skip }
}

/// The question of an effect step, using the pending operation for detail.
fn effect_question(state: &GameState, step: &EffectStep) -> String {
    let op = state.effect_op();
    match step {
        EffectStep::Confirm => "use the optional part of the effect? (1: yes)".into(),
        EffectStep::Branch(_) => "choose one of the options".into(),
        EffectStep::Pick(purpose) => {
            let square = matches!(
                op,
                Some(Op::Pick {
                    sel: CSel::Empty(_),
                    ..
                })
            );
            match purpose {
                Purpose::Destroy => "choose a piece to destroy".into(),
                Purpose::Upgrade => "choose a piece to upgrade".into(),
                Purpose::Downgrade => "choose a piece to downgrade".into(),
                Purpose::Convert => "choose an enemy piece to convert".into(),
                Purpose::Gateway => "choose the piece that becomes the Gateway".into(),
                Purpose::Hold => "choose a piece to take off the board onto the card".into(),
                Purpose::Release => "choose where the piece on the card lands".into(),
                Purpose::Choose if square => "choose a square".into(),
                Purpose::Choose => "choose a piece".into(),
            }
        }
        EffectStep::Place => {
            let (whose, rank) = match op {
                Some(Op::PlacePick { side, rank, .. }) => (
                    match side {
                        CSide::Me => "your",
                        CSide::Colour(_) => "an enemy",
                    },
                    match rank {
                        CPlaceRank::Fixed(r) => r.name(),
                        CPlaceRank::AnyRank => "any rank of",
                        CPlaceRank::SameAs(_) => "a matching",
                    },
                ),
                _ => ("a", "new"),
            };
            format!("choose an empty square to place {whose} {rank} piece")
        }
        EffectStep::Move => {
            format!("choose a piece, then where it goes ({})", move_kind(state))
        }
        EffectStep::Direction => "choose a direction".into(),
        EffectStep::Enemy => "choose an enemy colour".into(),
        EffectStep::Recover => {
            "choose a card from your discard pile to put on top of your deck".into()
        }
        EffectStep::DiscardFlare => "you may discard a flare".into(),
        EffectStep::Refreeze => {
            "choose a frozen effect from your discard pile to put back into play".into()
        }
        EffectStep::DiscardPending => "you may discard your pending being".into(),
        EffectStep::ReturnPending => "you may take back your pending being".into(),
        EffectStep::DiscardCard => "you may discard a card from your hand".into(),
        EffectStep::CopyWarp => {
            "choose a card from your discard pile whose warp effect to copy".into()
        }
    }
}

/// The kind of the pending effect move: "standard move", "combat leap", ...
pub fn move_kind(state: &GameState) -> String {
    match state.effect_op() {
        Some(Op::MoveStep { spec, .. }) => {
            let leap = !matches!(spec.leap, CLeap::No);
            let kind = match spec.movers.first().map(|m| m.kind) {
                Some(CMoveKind::Standard) => "standard ",
                Some(CMoveKind::Combat) => "combat ",
                _ => "",
            };
            format!("{kind}{}", if leap { "leap" } else { "move" })
        }
        _ => "move".into(),
    }
}

/// What the AI seat is doing, for the people watching.
pub fn watching(state: &GameState, seats: &Seats) -> String {
    let d = state.decision();
    let who = seats.name(d.seat);
    match &d.kind {
        DecisionKind::StartSquare | DecisionKind::MeleeStart => {
            format!("{who} is choosing where the start pieces go")
        }
        DecisionKind::Action | DecisionKind::AfterActions => {
            let n = state.turn.actions_left;
            format!(
                "{who} is playing its turn ({n} action{} left)",
                if n == 1 { "" } else { "s" }
            )
        }
        DecisionKind::Effect { card, .. } => {
            format!("{who} is resolving {}", card_name(state, *card))
        }
        DecisionKind::ClaimTask => format!("{who} may claim a task"),
        _ => format!("{who} is deciding"),
    }
}

/// "Blue wins 18 to 12" (or a tie).
pub fn game_over_text(state: &GameState, seats: &Seats) -> String {
    let standings = state.standings();
    let scores: Vec<String> = state
        .seat_ids()
        .map(|s| format!("{} {}", seats.name(s), standings.scores[s.index()]))
        .collect();
    let winners: Vec<&str> = standings.winners.iter().map(|s| seats.name(*s)).collect();
    let head = match winners.as_slice() {
        [one] => format!("{one} wins"),
        many if standings.resigned.is_some() => format!("{} win", many.join(" and ")),
        many => format!("tie between {}", many.join(" and ")),
    };
    let head = match standings.resigned {
        Some(seat) => format!("{} resigned; {head}", seats.name(seat)),
        None => head,
    };
    format!("Game over: {head} ({})", scores.join(", "))
}

/// [`describe`] as `viewer` may read it (`None`: public information only). A card that another
/// seat returns to the bottom of its deck stays secret, as in the log: only its kind is named.
/// The AI's last step and the replay viewer's next step are described this way.
pub fn describe_seen(
    state: &GameState,
    seats: &Seats,
    decision: &Decision,
    choice: &Choice,
    viewer: Option<usize>,
) -> String {
    match *choice {
        Choice::Return(card) if viewer != Some(decision.seat.index()) => {
            let kind = match state.db.get(card).map(|c| &c.kind) {
                Some(CardKind::Being(_)) => "being",
                Some(CardKind::Legend) => "legend",
                Some(CardKind::Flare) => "flare",
                None => "hidden",
            };
            format!("Return a {kind} card to the bottom of its deck")
        }
        _ => describe(state, seats, decision, choice),
    }
}

/// One choice in plain words, as the options panel and the choice list show it.
pub fn describe(state: &GameState, seats: &Seats, decision: &Decision, choice: &Choice) -> String {
    let name = |c| card_name(state, c);
    match *choice {
        Choice::Place(sq) => format!("Place a common piece on {sq}"),
        Choice::Summon {
            card,
            target,
            placement,
            borrow,
        } => {
            let total = state
                .db
                .get(card)
                .and_then(|c| c.pattern.as_ref())
                .map_or(1, |p| p.placements.len());
            let base = format!(
                "Summon {} on {target} (orientation {}/{total})",
                name(card),
                placement as usize + 1
            );
            match borrow.and_then(|b| state.board.get(b).map(|p| (b, p))) {
                Some((b, p)) => format!("{base} using {}'s piece on {b}", colour_name(p.colour)),
                None => base,
            }
        }
        Choice::Discard(c) => format!("Discard {}", name(c)),
        Choice::Flare { card, against } => {
            let halves = match state.flare_halves(card, against) {
                3 => "both halves",
                1 => "upper half",
                _ => "lower half",
            };
            format!(
                "Play the flare {} against {} ({halves})",
                name(card),
                seats.name(against)
            )
        }
        Choice::Thaw(c) => format!("Thaw the frozen effect of {}", name(c)),
        Choice::Warp(c) => format!("Play the warp effect of {}", name(c)),
        Choice::EndTurn => "End the turn".into(),
        Choice::Pickup(sq) => format!("Take back your piece on {sq}"),
        Choice::Return(c) => format!("Return {} to the bottom of its deck", name(c)),
        Choice::Keep(c) => format!("Keep the frozen effect of {}", name(c)),
        Choice::Claim(t) => match state.db.tasks.get(t.0 as usize) {
            Some(task) => format!("Claim {} (+{}): {}", task.name, task.points, task.text),
            None => "Claim a task".into(),
        },
        Choice::Colour(c) => match decision.kind {
            DecisionKind::Effect { .. } => format!("{} (enemy colour)", colour_name(c)),
            _ => format!("Score against {}", colour_name(c)),
        },
        Choice::StartSquare(sq) => format!("Start on {sq}"),
        Choice::Square(sq) => {
            let what = match &decision.kind {
                DecisionKind::Effect { step, .. } => match step {
                    EffectStep::Pick(Purpose::Destroy) => "Destroy the piece on",
                    EffectStep::Pick(Purpose::Upgrade) => "Upgrade the piece on",
                    EffectStep::Pick(Purpose::Downgrade) => "Downgrade the piece on",
                    EffectStep::Pick(Purpose::Convert) => "Convert the piece on",
                    EffectStep::Place => "Place a piece on",
                    _ => "Choose",
                },
                _ => "Choose",
            };
            format!("{what} {sq}")
        }
        Choice::PlaceAs(sq, rank) => format!("Place a {rank} piece on {sq}"),
        Choice::Move { from, to } => match state.board.get(to) {
            Some(p) => format!(
                "Move {from} → {to}, destroying {}'s {} piece",
                colour_name(p.colour),
                p.rank
            ),
            None => format!("Move {from} → {to}"),
        },
        Choice::Dir(d) => format!("{} {}", dir_name(d), dir_arrow(d)),
        Choice::Branch(i) => match &decision.kind {
            DecisionKind::Effect {
                step: EffectStep::Branch(labels),
                ..
            } => labels
                .get(i as usize)
                .cloned()
                .unwrap_or_else(|| format!("Option {}", i + 1)),
            _ => format!("Option {}", i + 1),
        },
        Choice::Card(c) => match &decision.kind {
            DecisionKind::Effect { step, .. } => match step {
                EffectStep::Recover => format!("Put {} on top of your deck", name(c)),
                EffectStep::DiscardFlare => format!("Discard the flare {}", name(c)),
                EffectStep::Refreeze => format!("Put the frozen effect of {} back", name(c)),
                _ => name(c),
            },
            _ => name(c),
        },
        Choice::Yes => "Yes".into(),
        Choice::Resign => format!("Resign: {} gives up", seats.name(decision.seat)),
        Choice::HandOver => format!(
            "Hand the rest of the turn to {}",
            seats.name(state.teammate(decision.seat))
        ),
        Choice::Skip => match decision.kind {
            DecisionKind::ReturnCards => "Done: return no more cards".into(),
            DecisionKind::ClaimTask => "Claim no task".into(),
            _ => "Skip this step".into(),
        },
    }
}

/// A rank's name with an article ("a heroic").
pub fn rank_article(rank: Rank) -> &'static str {
    match rank {
        Rank::Common => "a common",
        Rank::Heroic => "a heroic",
        Rank::Legendary => "a legendary",
    }
}

/// A direction in words ("North (up)").
pub fn dir_name(d: Dir) -> &'static str {
    match d {
        Dir::N => "North (up)",
        Dir::NE => "North-east",
        Dir::E => "East (right)",
        Dir::SE => "South-east",
        Dir::S => "South (down)",
        Dir::SW => "South-west",
        Dir::W => "West (left)",
        Dir::NW => "North-west",
    }
}

/// A direction as an arrow.
pub fn dir_arrow(d: Dir) -> &'static str {
    match d {
        Dir::N => "↑",
        Dir::NE => "↗",
        Dir::E => "→",
        Dir::SE => "↘",
        Dir::S => "↓",
        Dir::SW => "↙",
        Dir::W => "←",
        Dir::NW => "↖",
    }
}
