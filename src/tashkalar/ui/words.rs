//! Plain words for the pending decision and for each choice: what the prompt line says and how
//! options are listed.

use super::interaction::DecisionModel;
use super::narrate::card_name;
use crate::shell::seats::Seats;
use crate::shell::tui::theme::colour_name;
use crate::tashkalar::engine::board::{Colour, Rank};
use crate::tashkalar::engine::cards::CardKind;
use crate::tashkalar::engine::decision::EffectStep;
use crate::tashkalar::engine::effect::program::{
    CLeap, CMoveKind, CPlaceRank, CSel, CSide, Op, Purpose,
};
use crate::tashkalar::engine::{Choice, Decision, DecisionKind, Dir, GameState, Square};

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
            let mut text = if state.turn.handed_over {
                format!(
                    "{who}: {n} action{plural} left in {}'s turn: place common pieces (Enter on \
                     an empty square)",
                    seats.name(state.turn.seat)
                )
            } else {
                format!(
                    "{who}: {n} action{plural} left. Place a piece (Enter on an empty square), \
                     summon a card (its letter in your hand), or discard a being (x)"
                )
            };
            text.push_str(&next_summoning(state));
            text
        }
        DecisionKind::AfterActions if choices == [Choice::EndTurn] => {
            format!("{who}: your turn is done. Enter ends it; u takes your last step back")
        }
        DecisionKind::AfterActions => {
            let mut can = Vec::new();
            if choices.iter().any(|c| matches!(c, Choice::Flare { .. })) {
                can.push("play a flare");
            }
            if choices.iter().any(|c| matches!(c, Choice::Thaw(_))) {
                can.push("thaw a frozen effect");
            }
            if choices.iter().any(|c| matches!(c, Choice::Warp(_))) {
                can.push("play a warp effect (w)");
            }
            let can = match can.as_slice() {
                [] => String::new(),
                [one] => format!("You may {one}, or end"),
                [a, b] => format!("You may {a} or {b}, or end"),
                [a, b, c, ..] => format!("You may {a}, {b} or {c}, or end"),
            };
            if can.is_empty() {
                format!("{who}: no actions left. End the turn (e)")
            } else {
                format!("{who}: no actions left. {can} the turn (e)")
            }
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
        EffectStep::Place => match op {
            Some(Op::PlacePick { side, rank, .. }) => {
                let whose = match side {
                    CSide::Me => "of yours",
                    CSide::Colour(_) => "of an enemy colour",
                };
                match rank {
                    CPlaceRank::Fixed(r) => {
                        format!(
                            "choose an empty square to place a {} piece {whose}",
                            r.name()
                        )
                    }
                    CPlaceRank::AnyRank => format!(
                        "choose an empty square to place a piece {whose} (of any rank: you pick it next)"
                    ),
                    CPlaceRank::SameAs(_) => {
                        format!("choose an empty square to place a matching piece {whose}")
                    }
                }
            }
            _ => "choose an empty square to place a piece".into(),
        },
        EffectStep::Move => {
            format!(
                "choose a piece, then where it goes ({})",
                move_kind(state, None)
            )
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

/// The kind of the pending effect move: "standard move", "combat leap", ... When the piece
/// that moves is known (`from`), the kind is that piece's: an effect may let the being make
/// standard moves and other pieces combat moves.
pub fn move_kind(state: &GameState, from: Option<Square>) -> String {
    use crate::tashkalar::engine::effect::program::CWho;
    let Some(Op::MoveStep { spec, .. }) = state.effect_op() else {
        return "move".into();
    };
    let leap = if matches!(spec.leap, CLeap::No) {
        "move"
    } else {
        "leap"
    };
    let name = |k: CMoveKind| match k {
        CMoveKind::Standard => "standard ",
        CMoveKind::Combat => "combat ",
        _ => "",
    };
    let being = state.effect.as_ref().and_then(|r| r.being);
    let kinds: Vec<CMoveKind> = spec.movers.iter().map(|m| m.kind).collect();
    let kind = match from {
        // The being moves by its own mover's rule; any other piece by the others'.
        Some(sq) => spec
            .movers
            .iter()
            .find(|m| matches!(m.who, CWho::Being) == (being == Some(sq)))
            .or(spec.movers.first())
            .map(|m| name(m.kind))
            .unwrap_or(""),
        None if kinds.windows(2).all(|w| w[0] == w[1]) => {
            kinds.first().copied().map(name).unwrap_or("")
        }
        None => return format!("a standard or combat {leap}, depending on the piece"),
    };
    format!("{kind}{leap}")
}

/// What this turn's effects have prepared for the next summoning, in words (empty if nothing):
/// possession, empty squares counted as pieces, an enemy piece to borrow.
pub fn next_summoning(state: &GameState) -> String {
    let mut parts = Vec::new();
    if let Some(c) = state.turn.possessed {
        parts.push(format!(
            "its pattern is matched with {}'s pieces instead of yours (possession)",
            colour_name(c)
        ));
    }
    let n = state.turn.void_squares;
    if n > 0 {
        parts.push(format!(
            "up to {n} empty square{} may stand in for your common pieces",
            if n == 1 { "" } else { "s" }
        ));
    }
    if state.turn.borrow {
        parts.push("it may use one enemy piece as yours".into());
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(". Your next summoning this turn: {}", parts.join("; "))
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

/// How the final scores came about, one line per side, and the tiebreak when one decided.
pub fn breakdown(state: &GameState, seats: &Seats) -> Vec<String> {
    use crate::tashkalar::engine::board::RankSet;
    use crate::tashkalar::engine::{Mode, Seat};
    let standings = state.standings();
    let mut lines = Vec::new();
    let mut told: Vec<Colour> = Vec::new();
    for seat in state.seat_ids() {
        let colour = state.colour_of(seat);
        // Teammates share a score: one line for the side.
        if told.contains(&colour) {
            continue;
        }
        told.push(colour);
        let side: Vec<Seat> = state
            .seat_ids()
            .filter(|s| state.colour_of(*s) == colour)
            .collect();
        let names: Vec<&str> = side.iter().map(|s| seats.name(*s)).collect();
        let sum = |f: fn(&crate::tashkalar::engine::state::ScoreBook) -> i16| -> i32 {
            side.iter()
                .map(|s| i32::from(f(&state.seat(*s).score)))
                .sum()
        };
        let score = standings.scores[seat.index()];
        let penalty = state.causality_penalty(seat);
        let penalty_text = if penalty > 0 {
            format!(", −{penalty} for a being still pending")
        } else {
            String::new()
        };
        let parts = match state.config.mode {
            Mode::HighForm => format!(
                "{} from tasks, {} for legendary pieces on the board{penalty_text}",
                sum(|b| b.tasks),
                state.board.count(colour, RankSet::LEGENDARY)
            ),
            Mode::Deathmatch if state.is_melee() => {
                let book = state.seat(seat).score;
                let per: Vec<String> = state
                    .colour_ids()
                    .filter(|c| *c != colour)
                    .map(|c| format!("{} {}", colour_name(c), book.by_colour[c.index()]))
                    .collect();
                format!(
                    "the lowest of its colour scores ({}){penalty_text}; {} for destroyed pieces, {} for legends, {} from flares played against it",
                    per.join(", "),
                    book.destroyed,
                    book.legends,
                    book.flares
                )
            }
            Mode::Deathmatch => format!(
                "{} for destroyed pieces, {} for legends summoned, {} from flares played against it{penalty_text}",
                sum(|b| b.destroyed),
                sum(|b| b.legends),
                sum(|b| b.flares)
            ),
        };
        let plural = if score == 1 { "" } else { "s" };
        lines.push(format!(
            "{}: {score} point{plural} = {parts}",
            names.join(" & ")
        ));
    }
    if standings.resigned.is_none() {
        // A tie on points is broken by the next parts of the ranking key.
        let best = standings
            .winners
            .first()
            .map(|w| standings.keys[w.index()].clone());
        if let Some(best) = best {
            let tied: Vec<Seat> = state
                .seat_ids()
                .filter(|s| standings.keys[s.index()].first() == best.first())
                .collect();
            let sides: std::collections::BTreeSet<usize> =
                tied.iter().map(|s| state.colour_of(*s).index()).collect();
            if sides.len() > 1 {
                let len = best.len();
                let first_diff = (1..len).find(|k| {
                    tied.iter()
                        .any(|s| standings.keys[s.index()].get(*k) != best.get(*k))
                });
                let what = |k: usize| {
                    if k + 2 == len {
                        "upgraded pieces on the board"
                    } else if k + 1 == len {
                        "pieces on the board"
                    } else {
                        "the next lowest colour score"
                    }
                };
                lines.push(match first_diff {
                    Some(k) => {
                        let values: Vec<String> = tied
                            .iter()
                            .map(|s| {
                                format!(
                                    "{} {}",
                                    seats.name(*s),
                                    standings.keys[s.index()].get(k).copied().unwrap_or(0)
                                )
                            })
                            .collect();
                        format!(
                            "Tied on points: decided by {} ({})",
                            what(k),
                            values.join(", ")
                        )
                    }
                    None => {
                        "Tied on points, upgraded pieces and pieces on the board: the tie stands"
                            .into()
                    }
                });
            }
        }
    }
    lines
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
            borrow,
            ..
        } => {
            // Ways are counted as the summoning screen shows them: the card's summonings on
            // this square, in the order Space goes through them.
            let ways: Vec<Choice> = state
                .choices()
                .into_iter()
                .filter(|c| {
                    matches!(c, Choice::Summon { card: k, target: t, .. } if *k == card && *t == target)
                })
                .collect();
            let way = match ways.iter().position(|c| c == choice) {
                Some(i) if ways.len() > 1 => format!(" (way {} of {} here)", i + 1, ways.len()),
                _ => String::new(),
            };
            let base = format!("Summon {} on {target}{way}", name(card));
            match borrow.and_then(|b| state.board.get(b).map(|p| (b, p))) {
                Some((b, p)) => format!("{base}, using {}'s piece on {b}", colour_name(p.colour)),
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
            // In Deathmatch the price is a point for the seat played against: say it where the
            // choice is made, not only in the log after it.
            let price = if state.config.mode == crate::tashkalar::engine::Mode::Deathmatch {
                format!("; {} scores 1 point", seats.name(against))
            } else {
                String::new()
            };
            format!(
                "Play the flare {} against {} ({halves}{price})",
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

/// Why no warp effect can be played now, in plain words.
pub fn why_no_warp(state: &GameState, model: &DecisionModel) -> String {
    let seat = state.turn.seat;
    let st = state.seat(seat);
    let in_game = state.seat_ids().any(|s| {
        state
            .db
            .deck(state.seat(s).deck_id)
            .cards
            .iter()
            .any(|c| state.db.get(*c).is_some_and(|card| card.warp.is_some()))
    });
    if !in_game {
        return "no deck in this game has warp effects (Etherweave beings have them)".into();
    }
    if !matches!(
        model.decision.kind,
        DecisionKind::Action | DecisionKind::AfterActions
    ) {
        return "a warp effect is played before or after an action: finish this step first".into();
    }
    if let Some(p) = st.pending {
        return format!(
            "{} waits to be summoned: one pending being at a time",
            card_name(state, p)
        );
    }
    if st.turns < 2 {
        return "no warp effects on your first turn".into();
    }
    "none of the cards in your hand has a warp effect".into()
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
