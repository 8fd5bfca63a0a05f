//! High Ground over the bot protocol (`docs/bot-protocol.md`, "High Ground"): a seat's
//! observation as one JSON document, and back.
//!
//! The document is written from an observation ([`HighGround::observation`]) of the seat to
//! move, in the words of positions (`docs/high-ground.md`): the board and the stacks as a
//! position writes them, the seat's own hand by name, every other hand and the face-down piles
//! by their sizes only, the discard pile (face up: every card in it was seen going there), the
//! die, and the pending decision with what it carries (the moving pyramid and where it has been,
//! the card turned over or dug, the Joker whose level is chosen). Reading it back deals the
//! unseen cards exactly as the observation does, so a bot on the other side searches the very
//! same game as one inside the program.

use super::card::{Card, full_deck, parse_cards, write_cards};
use super::die::Face;
use super::pos::Pos;
use super::position::{MAX_TURN, Phase, Position};
use super::pyramid::PieceId;
use super::setup::Setup;
use super::state::{HighGround, Outcome, Pending, Then, Victory};
use crate::shell::rng::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The document, field by field (`docs/bot-protocol.md` describes each).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    /// Always `high-ground`, so a program serving several games can tell.
    game: String,
    /// `normal` or `mini`.
    variant: String,
    /// 2-4.
    players: u8,
    /// The observing seat, which is the seat to decide (1-based).
    seat: u8,
    /// The turn in play (0 during the setup).
    turn: u32,
    /// Turns begun since the last kill.
    quiet: u32,
    /// Territories as positions write them: `"x,y: cards"`, bottom card first.
    board: Vec<String>,
    /// Per seat, where its King lies (`null` while it is not laid).
    kings: Vec<Option<String>>,
    /// Stacks of pyramids, bottom first, as positions write them.
    stacks: Vec<String>,
    /// The observing seat's hand.
    hand: String,
    /// How many cards each seat holds (the observing seat's own included).
    hand_sizes: Vec<usize>,
    /// Cards in the draw pile.
    deck: usize,
    /// Setup: face-down cards still to lay.
    pile: usize,
    /// The discard pile, bottom first.
    discard: String,
    /// The face the die shows since it was last rolled.
    die: Option<String>,
    /// What is being decided.
    decision: Decision,
}

/// The pending decision and what it carries.
#[derive(Serialize, Deserialize)]
#[serde(tag = "name", rename_all = "kebab-case")]
enum Decision {
    /// Setup: lay this card, just turned over.
    Lay { card: String },
    /// Setup: put the King on a side.
    King,
    /// The level of the Joker just put at `at`; `then`: `lay`, `playing` or `end-turn`.
    Level { at: String, then: String },
    /// The start of a turn.
    Action,
    /// `piece` is moving; `visited` lists where it has been, where it set out first.
    Moving { piece: String, visited: Vec<String> },
    /// Cards are being played: another, or stop.
    Playing,
    /// Cards are being discarded: another, or draw.
    Discarding,
    /// The die shows `face` (a `wild`: pick the face).
    Die { face: String },
    /// DIG: `card` was drawn and is played at once.
    Dug { card: String },
    /// HOP: `piece` was picked; where it goes is decided.
    Hopping { piece: String },
    /// SWAP: `piece` was picked; whom it trades places with is decided.
    Swapping { piece: String },
    /// A HOP landed `piece` where it may attack.
    HopAttack { piece: String },
    /// The game is over: `winner` (1-based) `by` `annihilation` or `king`; no winner: drawn.
    Over {
        winner: Option<u8>,
        by: Option<String>,
    },
}

fn then_name(then: Then) -> &'static str {
    match then {
        Then::Lay => "lay",
        Then::Playing => "playing",
        Then::EndTurn => "end-turn",
    }
}

/// The observation `g` (of the seat to move) as the protocol's document.
pub fn to_wire(g: &HighGround) -> Value {
    let seat = g.seat_to_move();
    let decision = match g.pending() {
        Pending::Lay(card) => Decision::Lay {
            card: card.name().into(),
        },
        Pending::King => Decision::King,
        Pending::Level { at, then } => Decision::Level {
            at: at.to_string(),
            then: then_name(*then).into(),
        },
        Pending::Action => Decision::Action,
        Pending::Moving { piece, visited } => Decision::Moving {
            piece: piece.to_string(),
            visited: visited.iter().map(Pos::to_string).collect(),
        },
        Pending::Playing => Decision::Playing,
        Pending::Discarding => Decision::Discarding,
        Pending::Die(face) => Decision::Die {
            face: face.name().into(),
        },
        Pending::Dug(card) => Decision::Dug {
            card: card.name().into(),
        },
        Pending::Hopping(piece) => Decision::Hopping {
            piece: piece.to_string(),
        },
        Pending::Swapping(piece) => Decision::Swapping {
            piece: piece.to_string(),
        },
        Pending::HopAttack(piece) => Decision::HopAttack {
            piece: piece.to_string(),
        },
        Pending::Over(Outcome::Won { seat, by }) => Decision::Over {
            winner: Some(seat + 1),
            by: Some(
                match by {
                    Victory::Annihilation => "annihilation",
                    Victory::King => "king",
                }
                .into(),
            ),
        },
        Pending::Over(Outcome::Drawn) => Decision::Over {
            winner: None,
            by: None,
        },
    };
    let wire = Wire {
        game: super::ID.into(),
        variant: g.variant().name().into(),
        players: g.players,
        seat: g.seat + 1,
        turn: g.turn,
        quiet: g.quiet,
        board: g.board_text(),
        kings: (0..g.players)
            .map(|s| g.board().king_of(s).map(|t| t.pos.to_string()))
            .collect(),
        stacks: g.stacks_text(),
        hand: write_cards(g.hand(seat)),
        hand_sizes: g.hands.iter().map(Vec::len).collect(),
        deck: g.deck.len(),
        pile: g.pile.len(),
        discard: write_cards(&g.discard),
        die: g.die.map(|f| f.name().into()),
        decision,
    };
    // Strings, numbers and lists of them always serialize.
    serde_json::to_value(&wire).unwrap_or(Value::Null)
}

fn pos(field: &str, text: &str) -> Result<Pos, String> {
    Pos::parse(text).ok_or_else(|| format!("{field}: `{text}` is not a place like 0,-1"))
}

fn card(field: &str, text: &str) -> Result<Card, String> {
    Card::parse(text).ok_or_else(|| format!("{field}: `{text}` is not a card"))
}

fn piece(field: &str, text: &str) -> Result<PieceId, String> {
    PieceId::parse(text).ok_or_else(|| format!("{field}: `{text}` is not a pyramid like 1Lt"))
}

fn cards(field: &str, text: &str) -> Result<Vec<Card>, String> {
    parse_cards(text).map_err(|w| format!("{field}: `{w}` is not a card"))
}

/// Reads back a document written by [`to_wire`] as the observation it was written from.
/// Anything that is not such an observation (fields missing or out of range, unknown cards or
/// pyramids, more cards than a deck holds, sizes that do not add up) is refused with a sentence.
pub fn from_wire(value: &Value) -> Result<HighGround, String> {
    let w = Wire::deserialize(value).map_err(|e| format!("not a High Ground observation: {e}"))?;
    if w.game != super::ID {
        return Err(format!("game: `{}` is not {}", w.game, super::ID));
    }
    let variant = super::cli::parse_variant(&w.variant).map_err(|e| format!("variant: {e}"))?;
    Setup {
        players: w.players,
        variant,
    }
    .validate()
    .map_err(|e| format!("players: {e}"))?;
    let players = w.players as usize;
    if !(1..=w.players).contains(&w.seat) {
        return Err(format!(
            "seat: {} is not a seat of a game of {players}",
            w.seat
        ));
    }
    let seat = (w.seat - 1) as usize;
    if w.turn > MAX_TURN || w.quiet > w.turn {
        return Err(format!(
            "turn {} and quiet {}: turns run to {MAX_TURN}, and the quiet ones are among them",
            w.turn, w.quiet
        ));
    }
    let pending = read_decision(&w.decision)?;
    let setup = matches!(
        pending,
        Pending::Lay(_)
            | Pending::King
            | Pending::Level {
                then: Then::Lay,
                ..
            }
    );
    if setup != (w.turn == 0) {
        return Err(format!(
            "decision: `{}` in turn {} (turn 0 is the setup, and only the setup)",
            pending.name(),
            w.turn
        ));
    }
    let mut g = HighGround {
        variant,
        players: w.players,
        board: Default::default(),
        pyramids: Default::default(),
        removed: Vec::new(),
        hands: vec![Vec::new(); players],
        deck: Vec::new(),
        discard: Vec::new(),
        pile: Vec::new(),
        kings_aside: 0,
        seat: seat as u8,
        turn: w.turn,
        quiet: w.quiet,
        pending: Pending::Action,
        rng: Rng::seeded(0),
        die: match &w.die {
            Some(name) => Some(Face::parse(name).ok_or_else(|| format!("die: `{name}`"))?),
            None => None,
        },
        blind: false,
        unseen_roll: false,
    };
    let unset = match pending {
        Pending::Level { at, .. } => Some(at),
        _ => None,
    };
    let layout = Position {
        board: w.board.clone(),
        stacks: w.stacks.clone(),
        ..Position::default()
    };
    layout
        .read_board(&mut g, unset)
        .map_err(|e| e.to_string())?;
    read_kings(&mut g, &w.kings)?;
    let phase = if setup { Phase::Lay } else { Phase::Play };
    layout
        .read_stacks(&mut g, phase)
        .map_err(|e| e.to_string())?;
    check_decision(&g, &pending)?;
    deal(&mut g, &w, &pending, seat)?;
    g.pending = pending;
    // The observation deals the unseen cards in its fixed order and resets the generator.
    Ok(g.observation(seat))
}

fn read_decision(d: &Decision) -> Result<Pending, String> {
    Ok(match d {
        Decision::Lay { card: c } => Pending::Lay(card("decision", c)?),
        Decision::King => Pending::King,
        Decision::Level { at, then } => Pending::Level {
            at: pos("decision", at)?,
            then: match then.as_str() {
                "lay" => Then::Lay,
                "playing" => Then::Playing,
                "end-turn" => Then::EndTurn,
                other => {
                    return Err(format!(
                        "decision: `{other}` is not lay, playing or end-turn"
                    ));
                }
            },
        },
        Decision::Action => Pending::Action,
        Decision::Moving { piece: p, visited } => Pending::Moving {
            piece: piece("decision", p)?,
            visited: visited
                .iter()
                .map(|v| pos("decision", v))
                .collect::<Result<_, _>>()?,
        },
        Decision::Playing => Pending::Playing,
        Decision::Discarding => Pending::Discarding,
        Decision::Die { face } => {
            Pending::Die(Face::parse(face).ok_or_else(|| format!("decision: die `{face}`"))?)
        }
        Decision::Dug { card: c } => Pending::Dug(card("decision", c)?),
        Decision::Hopping { piece: p } => Pending::Hopping(piece("decision", p)?),
        Decision::Swapping { piece: p } => Pending::Swapping(piece("decision", p)?),
        Decision::HopAttack { piece: p } => Pending::HopAttack(piece("decision", p)?),
        Decision::Over { winner, by } => Pending::Over(match (winner, by.as_deref()) {
            (None, None) => Outcome::Drawn,
            (Some(w), Some(by)) if (1..=4).contains(w) => Outcome::Won {
                seat: w - 1,
                by: match by {
                    "annihilation" => Victory::Annihilation,
                    "king" => Victory::King,
                    other => return Err(format!("decision: won by `{other}`")),
                },
            },
            _ => return Err("decision: over needs a winner and how, or neither".into()),
        }),
    })
}

/// Gives each listed King its seat; a King nobody plays is on the board with no seat.
fn read_kings(g: &mut HighGround, kings: &[Option<String>]) -> Result<(), String> {
    if kings.len() != g.players as usize {
        return Err(format!(
            "kings: {} listed for {} players",
            kings.len(),
            g.players
        ));
    }
    for (seat, at) in kings.iter().enumerate() {
        let Some(at) = at else { continue };
        let at = pos("kings", at)?;
        match g.board.get(at) {
            Some(t) if t.is_king() && t.owner.is_none() => g.board.set_owner(at, Some(seat as u8)),
            _ => return Err(format!("kings: no King of its own at {at}")),
        }
    }
    Ok(())
}

/// The decision must be about things in the game: the mover's own pyramid where it stands, a
/// Joker whose level is unset.
fn check_decision(g: &HighGround, pending: &Pending) -> Result<(), String> {
    let own = |p: &PieceId| {
        p.seat() == g.seat
            && g.variant.pieces_of(g.seat).any(|q| q == *p)
            && g.pyramids.contains(*p)
    };
    match pending {
        Pending::Moving { piece, visited } => {
            let here = g.pyramids.pos_of(*piece);
            if !own(piece) || visited.is_empty() || here != visited.last().copied() {
                return Err(format!(
                    "decision: {piece} is not the seat's pyramid standing at the last place visited"
                ));
            }
            if visited.iter().any(|v| !g.board.has(*v)) {
                return Err("decision: a place visited has no card".into());
            }
        }
        Pending::HopAttack(piece) | Pending::Hopping(piece) | Pending::Swapping(piece)
            if !own(piece) =>
        {
            return Err(format!("decision: {piece} is not the seat's pyramid"));
        }
        // Only this Joker may lack its level: `read_board` refused any other.
        Pending::Level { at, .. } => {
            let waiting = g.board.get(*at).is_some_and(|t| t.top().is_joker());
            if !waiting {
                return Err(format!("decision: no Joker waiting for its level at {at}"));
            }
        }
        _ => {}
    }
    Ok(())
}

/// Puts the seat's own hand and the discard pile in place, and the cards it cannot see (every
/// card of the deck that is nowhere in sight) into the other hands and the piles by their sizes;
/// [`HighGround::observation`] then deals them in its own order.
fn deal(g: &mut HighGround, w: &Wire, pending: &Pending, seat: usize) -> Result<(), String> {
    let hand = cards("hand", &w.hand)?;
    let discard = cards("discard", &w.discard)?;
    let max = g.variant.hand_max();
    if w.hand_sizes.len() != g.players as usize
        || w.hand_sizes.iter().any(|n| *n > max)
        || w.hand_sizes[seat] != hand.len()
    {
        return Err(format!(
            "hand_sizes: one size per seat, at most {max} each, the seat's own that of its hand"
        ));
    }
    if hand.iter().chain(&discard).any(|c| c.is_king()) {
        return Err("hand, discard: Kings are never in a hand or a pile".into());
    }
    let mut unseen = full_deck();
    let mut take = |c: Card, field: &str| match unseen.iter().position(|u| *u == c) {
        Some(i) => {
            unseen.remove(i);
            Ok(())
        }
        None => Err(format!("{field}: one {} too many for a deck", c.name())),
    };
    for c in g.board.cards().collect::<Vec<_>>() {
        take(c, "board")?;
    }
    for &c in &hand {
        take(c, "hand")?;
    }
    for &c in &discard {
        take(c, "discard")?;
    }
    if let Pending::Lay(c) | Pending::Dug(c) = pending {
        take(*c, "decision")?;
    }
    // The Kings not on the board are set aside until the setup lays them; no other card is.
    let aside = unseen.iter().filter(|c| c.is_king()).count();
    unseen.retain(|c| !c.is_king());
    if aside > 0 && g.turn > 0 {
        return Err("board: every King is on the board once the game has begun".into());
    }
    let others: usize = (0..g.players as usize)
        .filter(|s| *s != seat)
        .map(|s| w.hand_sizes[s])
        .sum();
    // Saturating: sizes come from outside and may be anything.
    let held = others.saturating_add(w.deck).saturating_add(w.pile);
    if held != unseen.len() {
        return Err(format!(
            "{} cards are out of sight, but the other hands, the deck and the pile hold {held}",
            unseen.len(),
        ));
    }
    g.kings_aside = aside as u8;
    g.hands[seat] = hand;
    g.hands[seat].sort();
    for s in (0..g.players as usize).filter(|s| *s != seat) {
        let rest = unseen.len() - w.hand_sizes[s];
        g.hands[s] = unseen.split_off(rest);
    }
    g.pile = unseen.split_off(unseen.len() - w.pile);
    g.deck = unseen;
    g.discard = discard;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::highground::Variant;

    #[test]
    fn a_new_game_reads_back_as_its_observation() {
        let g = HighGround::new_game(
            Setup {
                players: 3,
                variant: Variant::Normal,
            },
            5,
        )
        .expect("a game");
        let obs = g.observation(g.seat_to_move());
        assert_eq!(from_wire(&to_wire(&obs)), Ok(obs));
    }
}
