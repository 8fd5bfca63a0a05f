//! Positions: any moment of a game written by hand in a file and read back, the capability that
//! unlocks `legal` and `think` (and `play --scenario`) for a game. A position is the `Setup` of
//! shakmaty's split: text that may describe an impossible game, checked into a playable state
//! with a typed error naming what is wrong.

use crate::shell::record::Recordable;
use serde_json::{Value, json};

/// A game whose positions can be written in a file and read back.
pub trait Positions: Recordable {
    /// Why a position's text sets up no game; its text names the line, field or entry.
    type PositionError: std::error::Error + Send + Sync + 'static;

    /// Reads a position file's text into a game ready to be played from it.
    fn from_position(ctx: &Self::Context, text: &str) -> Result<Self, Self::PositionError>;

    /// The pending decision in a few words, for people ("main action", "where the King goes").
    fn decision_name(&self) -> String;

    /// What `legal --json` prints besides the decision and its choices: the game's state as a
    /// JSON object (each game documents its fields; no seat's view is applied, since a position
    /// file is written by someone who knows everything in it).
    fn state_document(&self) -> Value;

    /// `legal --json`: the pending decision, its choices and the state as one JSON document
    /// ([`decision_document`] unless the game has its own, documented, shape).
    fn legal_document(&self) -> Value {
        decision_document(self)
    }

    /// `legal` without `--json`: the decision and its choices in words ([`decision_text`]
    /// unless the game words it its own way).
    fn legal_text(&self) -> String {
        decision_text(self)
    }
}

/// The pending decision of `game` as one JSON document: who decides, what, the choices (index
/// and text, in the game's order) and the game's state.
pub fn decision_document<G: Positions>(game: &G) -> Value {
    let mut legal = Vec::new();
    game.legal(&mut legal);
    let choices: Vec<Value> = legal
        .iter()
        .enumerate()
        .map(|(index, c)| json!({"index": index, "text": game.choice_text(c)}))
        .collect();
    json!({
        "decision": game.decision_name(),
        "seat": game.to_move() + 1,
        "turn": game.turn(),
        "over": game.is_over(),
        "choices": choices,
        "state": game.state_document(),
    })
}

/// The pending decision of `game` in words: who decides, what, and each choice with its index.
pub fn decision_text<G: Positions>(game: &G) -> String {
    let mut legal = Vec::new();
    game.legal(&mut legal);
    let mut out = if game.is_over() {
        "the game is over\n".to_string()
    } else {
        format!(
            "seat {} decides: {}\n",
            game.to_move() + 1,
            game.decision_name()
        )
    };
    for (i, c) in legal.iter().enumerate() {
        out.push_str(&format!("{i:4}: {}\n", game.choice_text(c)));
    }
    out
}

/// Why `legal --then` stopped: a step named a choice its decision does not have, or the game
/// refused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThenError {
    /// Step `step` (from 1) asked for choice `index` of a decision with `choices` choices.
    NoSuchChoice {
        step: usize,
        index: usize,
        choices: usize,
    },
    /// The game refused the choice of step `step`, for the reason given.
    Refused { step: usize, why: String },
}

impl std::fmt::Display for ThenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ThenError::NoSuchChoice {
                step,
                index,
                choices,
            } => write!(
                f,
                "--then step {step}: choice {index} does not exist (that decision has {choices} \
                 choices)"
            ),
            ThenError::Refused { step, why } => write!(f, "--then step {step}: {why}"),
        }
    }
}

impl std::error::Error for ThenError {}

/// Makes the choices with the indexes `then`, one decision after another; on an error the game is
/// left as it was before the refused step.
pub fn play_indexes<G: Recordable>(game: &mut G, then: &[usize]) -> Result<(), ThenError> {
    let mut legal = Vec::new();
    for (step, &index) in then.iter().enumerate() {
        game.legal(&mut legal);
        let Some(&choice) = legal.get(index) else {
            return Err(ThenError::NoSuchChoice {
                step: step + 1,
                index,
                choices: legal.len(),
            });
        };
        game.play(choice).map_err(|e| ThenError::Refused {
            step: step + 1,
            why: e.to_string(),
        })?;
    }
    Ok(())
}
