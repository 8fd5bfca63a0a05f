//! Scenarios: a position written by hand in RON (see `docs/scenario.md`), checked and turned into a
//! playable [`GameState`], and the board notation shared with the CLI and tests.
//!
//! Like a chess FEN, a [`Scenario`] may describe an impossible position; [`Scenario::into_state`]
//! validates it and says exactly what is wrong.

use super::board::{Colour, Piece, Rank, RankSet, arena};
use super::cards::{CardDb, CardKind};
use super::square::Square;
use super::state::*;
use serde::Deserialize;
use std::fmt;
use std::sync::Arc;

/// A position as written in a scenario file. Everything has a default.
#[derive(Clone, Debug, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Scenario {
    pub mode: Option<Mode>,
    pub players: Option<u8>,
    pub teams: bool,
    /// Deck name per seat (default: Imperial for every seat).
    pub decks: Vec<String>,
    /// Seed for shuffling whatever the scenario leaves to chance.
    pub seed: u64,
    /// Seat to move, 1-4 (default 1).
    pub to_move: Option<u8>,
    /// Actions left this turn (default 2).
    pub actions_left: Option<u8>,
    /// Turn number (default 2, so the short first turn is over).
    pub turn: Option<u16>,
    /// 9 rows, rank 9 first; cells `..`, `##`, or seat number plus rank letter (`1c`, `2h`, `1l`).
    pub board: Vec<String>,
    /// Pieces as `"1c e4"` entries (seat, rank, square), added to the board: handier for small positions.
    pub pieces: Vec<String>,
    /// Per seat; a seat left out is dealt cards from its shuffled deck.
    pub hands: Vec<Option<HandSpec>>,
    /// Per seat: cards in the discard pile.
    pub discards: Vec<Vec<String>>,
    /// Per seat: frozen effects in play.
    pub frozen: Vec<Vec<String>>,
    /// Per seat: total score (Deathmatch duel or team game: points; High Form: task points). Not in
    /// a melee, never negative.
    pub scores: Vec<i16>,
    /// Melee only: per seat, points scored against each colour (colour 1 first, 0 for its own).
    pub colour_scores: Vec<Vec<i16>>,
    /// Melee: per seat, the colours (1-4) already used for an improvised summoning.
    pub improvised: Vec<Vec<u8>>,
    /// High Form: the three current tasks and the next task, by name (default: dealt).
    pub tasks: Option<TaskSpec>,
    /// The discard action was already used this turn.
    pub discarded: bool,
    /// The next summoning may use an enemy piece as your own.
    pub borrow: bool,
    /// The end of the game has been triggered; this many turns remain.
    pub turns_left: Option<u8>,
    /// Nethervoid, per seat: the square of the seat's Gateway (one of its non-legendary pieces).
    pub gateway: Vec<Option<String>>,
    /// Etherweave, per seat: the pending being (a card with a warp effect, put in the hand).
    pub pending: Vec<Option<String>>,
    /// Per seat: a piece kept on one of its cards (Merchant of Time), as seat and rank (`2h`).
    pub held: Vec<Option<String>>,
}

#[derive(Clone, Debug, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct HandSpec {
    pub beings: Vec<String>,
    pub legends: Vec<String>,
    pub flares: Vec<String>,
}

#[derive(Clone, Debug, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct TaskSpec {
    pub current: Vec<String>,
    pub next: Option<String>,
}

/// What is wrong with a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError(pub String);

impl fmt::Display for ScenarioError {
    /// One line, whatever the scenario holds (quotes cut short, control characters escaped).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::shell::quote::message(&self.0))
    }
}

impl std::error::Error for ScenarioError {}

fn err<T>(msg: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError(msg.into()))
}

impl Scenario {
    /// Reads a scenario from RON text.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        // A byte-order mark (some editors add one) is no part of the RON.
        let text = crate::shell::quote::without_bom(text);
        super::cards::ron_options().from_str(text).map_err(|e| {
            let (line, col, message) = crate::shell::quote::ron_error(&e);
            ScenarioError(format!("{line}:{col}: {message}"))
        })
    }

    /// Checks the scenario and builds the position.
    pub fn into_state(&self, db: Arc<CardDb>) -> Result<GameState, ScenarioError> {
        let players = self.players.unwrap_or(if self.decks.is_empty() {
            2
        } else {
            self.decks.len() as u8
        });
        let decks = if self.decks.is_empty() {
            vec!["Imperial".to_string(); players as usize]
        } else {
            self.decks.clone()
        };
        let config = GameConfig {
            mode: self.mode.unwrap_or(Mode::Deathmatch),
            players,
            teams: self.teams,
            decks,
        };
        let mut state = GameState::empty(db.clone(), config, self.seed)
            .map_err(|e| ScenarioError(e.to_string()))?;
        state.fill_supplies();
        self.read_board(&mut state)?;
        self.read_cards(&mut state, &db)?;
        self.read_tasks(&mut state, &db)?;
        self.read_scores(&mut state)?;
        let to_move = self.to_move.unwrap_or(1);
        if to_move == 0 || to_move > players {
            return err(format!(
                "to_move: seat {to_move} does not exist (1-{players})"
            ));
        }
        let actions = self.actions_left.unwrap_or(2);
        if actions > 9 {
            return err(format!(
                "actions_left: {actions} is more than a turn can have"
            ));
        }
        let number = self.turn.unwrap_or(2);
        if number == 0 {
            return err("turn: turns are numbered from 1");
        }
        state.turn = Turn {
            seat: Seat(to_move - 1),
            number,
            actions_left: actions,
            discarded: self.discarded,
            borrow: self.borrow,
            ..Default::default()
        };
        if let Some(left) = self.turns_left {
            state.ending = Ending {
                triggered: true,
                turns_left: left,
                triggered_turn: state.turn.number.saturating_sub(1),
            };
        }
        // Turn 1 is the first turn of the game (of the seat to move); any later turn comes after
        // every seat's first turn.
        for seat in state.seat_ids() {
            state.seat_mut(seat).turns = match state.turn.number {
                1 if seat == state.turn.seat => 1,
                1 => 0,
                _ => 2,
            };
        }
        self.read_expansions(&mut state, &db)?;
        state.phase = if actions > 0 {
            Phase::Action
        } else {
            Phase::AfterActions
        };
        state.settle();
        Ok(state)
    }

    /// Scores, per-colour melee scores and used improvisations: only what a game can reach.
    fn read_scores(&self, state: &mut GameState) -> Result<(), ScenarioError> {
        let players = state.players();
        let melee = state.is_melee();
        if self.scores.len() > players {
            return err(format!(
                "scores: {} entries for {players} players",
                self.scores.len()
            ));
        }
        if melee && !self.scores.is_empty() {
            return err("scores: a melee scores per colour; use colour_scores");
        }
        for (i, &score) in self.scores.iter().enumerate() {
            if score < 0 {
                return err(format!(
                    "scores: seat {} has {score}; scores are never negative",
                    i + 1
                ));
            }
            let seat = Seat(i as u8);
            match state.config.mode {
                Mode::HighForm => state.seat_mut(seat).score.tasks = score,
                Mode::Deathmatch => {
                    // The points are booked against the other side's colour.
                    let other = Colour((state.colour_of(seat).0 + 1) % state.colours() as u8);
                    let book = &mut state.seat_mut(seat).score;
                    book.by_colour[other.index()] = score;
                    book.destroyed = score;
                }
            }
        }
        if !self.colour_scores.is_empty() && !melee {
            return err("colour_scores: only a melee (3 or 4 sides) scores per colour; use scores");
        }
        if self.colour_scores.len() > players {
            return err(format!(
                "colour_scores: {} rows for {players} players",
                self.colour_scores.len()
            ));
        }
        for (i, row) in self.colour_scores.iter().enumerate() {
            let seat = Seat(i as u8);
            let own = state.colour_of(seat).index();
            if row.len() != state.colours() {
                return err(format!(
                    "colour_scores: seat {} has {} numbers; give one per colour ({}), 0 for its own",
                    i + 1,
                    row.len(),
                    state.colours()
                ));
            }
            if row[own] != 0 {
                return err(format!(
                    "colour_scores: seat {} cannot score against its own colour",
                    i + 1
                ));
            }
            if let Some(v) = row.iter().find(|v| **v < 0) {
                return err(format!(
                    "colour_scores: seat {} has {v}; scores are never negative",
                    i + 1
                ));
            }
            let book = &mut state.seat_mut(seat).score;
            for (c, &v) in row.iter().enumerate() {
                book.by_colour[c] = v;
                book.destroyed += v;
            }
        }
        if !self.improvised.is_empty() && !melee {
            return err("improvised: only a melee has improvised summoning");
        }
        if self.improvised.len() > players {
            return err("improvised: more rows than seats");
        }
        for (i, used) in self.improvised.iter().enumerate() {
            let own = state.seats[i].colour.0 + 1;
            for &c in used {
                if c == 0 || c as usize > state.colours() {
                    return err(format!("improvised: colour {c} does not exist"));
                }
                if c == own {
                    return err(format!(
                        "improvised: seat {} cannot improvise with its own colour",
                        i + 1
                    ));
                }
                let bit = 1 << (c - 1);
                if state.seats[i].improvised & bit != 0 {
                    return err(format!(
                        "improvised: seat {} names colour {c} twice (each colour is used once)",
                        i + 1
                    ));
                }
                state.seats[i].improvised |= bit;
            }
        }
        Ok(())
    }

    /// Gateways, pending beings and held pieces.
    fn read_expansions(&self, state: &mut GameState, db: &CardDb) -> Result<(), ScenarioError> {
        let players = state.players();
        for (what, len) in [
            ("gateway", self.gateway.len()),
            ("pending", self.pending.len()),
            ("held", self.held.len()),
        ] {
            if len > players {
                return err(format!("{what}: {len} entries for {players} players"));
            }
        }
        for (i, entry) in self.gateway.iter().enumerate() {
            let Some(name) = entry else { continue };
            let seat = Seat(i as u8);
            let sq: Square = name
                .parse()
                .map_err(|e: super::square::BadSquare| ScenarioError(format!("gateway: {e}")))?;
            let deck = db.deck(state.seat(seat).deck_id);
            if !deck.gateway {
                return err(format!(
                    "gateway: seat {} plays {}, a deck without a Gateway",
                    i + 1,
                    deck.name
                ));
            }
            let colour = state.colour_of(seat);
            if !state
                .board
                .get(sq)
                .is_some_and(|p| p.colour == colour && p.rank.is_disc())
            {
                return err(format!(
                    "gateway: {sq} must hold a common or heroic piece of seat {}",
                    i + 1
                ));
            }
            state.seat_mut(seat).gateway = Some(sq);
        }
        for (i, entry) in self.pending.iter().enumerate() {
            let Some(name) = entry else { continue };
            let seat = Seat(i as u8);
            let card = db
                .by_name(name)
                .ok_or_else(|| ScenarioError(format!("pending: no card named `{name}`")))?;
            if db.card(card).warp.is_none()
                || db.card(card).kind != CardKind::Being(state.seat(seat).deck_id)
            {
                return err(format!(
                    "pending: `{name}` is not a being with a warp effect in seat {}'s deck",
                    i + 1
                ));
            }
            let st = state.seat_mut(seat);
            let in_hand = st.hand.contains(card) || (st.deck.remove(card) && st.hand.push(card));
            if !in_hand {
                return err(format!(
                    "pending: `{name}` is neither in seat {}'s hand nor in its deck",
                    i + 1
                ));
            }
            st.pending = Some(card);
        }
        for (i, entry) in self.held.iter().enumerate() {
            let Some(cell) = entry else { continue };
            let piece =
                parse_piece(cell, state).map_err(|m| ScenarioError(format!("held: {m}")))?;
            if !state.supply[piece.colour.index()].take(piece.rank) {
                return err(format!("held: no {} piece left for `{cell}`", piece.rank));
            }
            state.seats[i].held = Some(HeldPiece {
                piece,
                gateway_of: None,
            });
        }
        Ok(())
    }

    fn read_board(&self, state: &mut GameState) -> Result<(), ScenarioError> {
        if self.board.is_empty() {
            return self.read_pieces(state);
        }
        if self.board.len() != 9 {
            return err(format!(
                "board: {} rows, expected 9 (rank 9 first)",
                self.board.len()
            ));
        }
        for (row, line) in self.board.iter().enumerate() {
            let rank = 8 - row as i8;
            let cells: Vec<&str> = line.split_whitespace().collect();
            if cells.len() != 9 {
                return err(format!(
                    "board: rank {} has {} cells, expected 9",
                    rank + 1,
                    cells.len()
                ));
            }
            for (file, cell) in cells.iter().enumerate() {
                let sq = Square::new(file as i8, rank).expect("9x9");
                let playable = arena::is_playable(sq);
                match *cell {
                    "##" if !playable => {}
                    "##" => return err(format!("board: {sq} is part of the arena, not `##`")),
                    _ if !playable => {
                        return err(format!("board: {sq} is a cut corner and must be `##`"));
                    }
                    ".." => {}
                    _ => {
                        let piece = parse_piece(cell, state)
                            .map_err(|m| ScenarioError(format!("board: {sq}: {m}")))?;
                        if !state.supply[piece.colour.index()].take(piece.rank) {
                            return err(format!(
                                "board: too many {} pieces of seat {} (a colour has {} discs and {LEGENDARY} legendary pieces)",
                                piece.rank,
                                cell.chars().next().unwrap_or('?'),
                                state.discs_per_colour()
                            ));
                        }
                        state.board.put(sq, piece);
                    }
                }
            }
        }
        self.read_pieces(state)
    }

    fn read_pieces(&self, state: &mut GameState) -> Result<(), ScenarioError> {
        for entry in &self.pieces {
            let words: Vec<&str> = entry.split_whitespace().collect();
            let [cell, square] = words.as_slice() else {
                return err(format!("pieces: `{entry}` should look like `1c e4`"));
            };
            let sq: Square = square
                .parse()
                .map_err(|e: super::square::BadSquare| ScenarioError(format!("pieces: {e}")))?;
            if !arena::is_playable(sq) {
                return err(format!("pieces: {sq} is a cut corner"));
            }
            if state.board.get(sq).is_some() {
                return err(format!("pieces: {sq} is given twice"));
            }
            let piece =
                parse_piece(cell, state).map_err(|m| ScenarioError(format!("pieces: {m}")))?;
            if !state.supply[piece.colour.index()].take(piece.rank) {
                return err(format!(
                    "pieces: too many {} pieces for seat {}",
                    piece.rank,
                    &cell[..1]
                ));
            }
            state.board.put(sq, piece);
        }
        Ok(())
    }

    fn read_cards(&self, state: &mut GameState, db: &CardDb) -> Result<(), ScenarioError> {
        let players = state.players();
        for (what, len) in [
            ("hands", self.hands.len()),
            ("discards", self.discards.len()),
            ("frozen", self.frozen.len()),
        ] {
            if len > players {
                return err(format!("{what}: {len} entries for {players} players"));
            }
        }
        if let Some(i) = self.frozen.iter().position(|f| f.len() > 1) {
            return err(format!(
                "frozen: seat {} has {} frozen effects; at most one stays in play",
                i + 1,
                self.frozen[i].len()
            ));
        }
        let lookup = |name: &str, what: &str| {
            db.by_name(name)
                .ok_or_else(|| ScenarioError(format!("{what}: no card named `{name}`")))
        };
        // Cards named anywhere are taken out of the decks first; the rest is shuffled.
        for i in 0..players {
            let seat = Seat(i as u8);
            let deck_id = state.seat(seat).deck_id;
            let mut named = Vec::new();
            if let Some(Some(h)) = self.hands.get(i) {
                for n in &h.beings {
                    named.push((lookup(n, "hands")?, "hand"));
                }
            }
            for n in self.discards.get(i).into_iter().flatten() {
                named.push((lookup(n, "discards")?, "discard"));
            }
            for n in self.frozen.get(i).into_iter().flatten() {
                named.push((lookup(n, "frozen")?, "frozen"));
            }
            for (card, place) in named {
                if db.card(card).kind != CardKind::Being(deck_id) {
                    return err(format!(
                        "seat {}: `{}` is not in the {} deck",
                        i + 1,
                        db.card(card).name,
                        db.deck(deck_id).name
                    ));
                }
                let st = state.seat_mut(seat);
                if !st.deck.remove(card) {
                    return err(format!(
                        "seat {}: `{}` is named twice",
                        i + 1,
                        db.card(card).name
                    ));
                }
                let pushed = match place {
                    "hand" => st.hand.push(card),
                    "discard" => st.discard.push(card),
                    _ => {
                        if db.card(card).frozen.is_none() {
                            return err(format!(
                                "frozen: `{}` has no frozen effect",
                                db.card(card).name
                            ));
                        }
                        st.frozen.push(card)
                    }
                };
                if !pushed {
                    return err(format!("seat {}: too many cards", i + 1));
                }
            }
            if let Some(Some(h)) = self.hands.get(i) {
                for (names, kind) in [(&h.legends, CardKind::Legend), (&h.flares, CardKind::Flare)]
                {
                    for n in names {
                        let card = lookup(n, "hands")?;
                        if db.card(card).kind != kind {
                            return err(format!(
                                "hands: `{n}` is not a {}",
                                if kind == CardKind::Legend {
                                    "legend"
                                } else {
                                    "flare"
                                }
                            ));
                        }
                        let deck = if kind == CardKind::Legend {
                            &mut state.legend_deck
                        } else {
                            &mut state.flare_deck
                        };
                        if !deck.remove(card) {
                            return err(format!("hands: `{n}` is in two hands"));
                        }
                        if !state.seat_mut(seat).hand.push(card) {
                            return err(format!("seat {}: too many cards", i + 1));
                        }
                    }
                }
            }
        }
        for i in 0..players {
            let mut deck = state.seats[i].deck;
            deck.shuffle(&mut state.rng);
            state.seats[i].deck = deck;
        }
        state.legend_deck.shuffle(&mut state.rng);
        state.flare_deck.shuffle(&mut state.rng);
        for i in 0..players {
            if !matches!(self.hands.get(i), Some(Some(_))) {
                state.refill(Seat(i as u8));
            }
        }
        state.ending = Ending::default();
        Ok(())
    }

    fn read_tasks(&self, state: &mut GameState, db: &CardDb) -> Result<(), ScenarioError> {
        if state.config.mode != Mode::HighForm {
            if self.tasks.is_some() {
                return err("tasks: only High Form uses tasks");
            }
            return Ok(());
        }
        let Some(spec) = &self.tasks else {
            state.setup_tasks();
            return Ok(());
        };
        // A game always shows three current tasks and the next one.
        if spec.current.len() != 3 || spec.next.is_none() {
            return err(
                "tasks: name 3 current tasks and the next one (or leave `tasks` out to deal them)",
            );
        }
        let take = |state: &mut GameState, name: &str| {
            let id = db
                .task_by_name(name)
                .ok_or_else(|| ScenarioError(format!("tasks: no task named `{name}`")))?;
            let deck = &mut state.tasks.deck;
            let items: Vec<u8> = deck
                .as_slice()
                .iter()
                .copied()
                .filter(|t| *t != id.0)
                .collect();
            if items.len() == deck.len as usize {
                return err(format!("tasks: `{name}` is named twice"));
            }
            *deck = TaskList::default();
            for t in items {
                deck.push(super::cards::tasks::TaskId(t));
            }
            Ok(id)
        };
        for (i, name) in spec.current.iter().enumerate() {
            state.tasks.current[i] = Some(take(state, name)?);
        }
        if let Some(name) = &spec.next {
            state.tasks.next = Some(take(state, name)?);
        }
        state.tasks.deck.shuffle(&mut state.rng);
        Ok(())
    }
}

fn parse_piece(cell: &str, state: &GameState) -> Result<Piece, String> {
    let b = cell.as_bytes();
    if b.len() != 2 {
        return Err(format!(
            "`{cell}` is not a cell (`..`, `##`, or seat and rank like `1c`)"
        ));
    }
    let seat = (b[0] as char)
        .to_digit(10)
        .filter(|d| (1..=state.players() as u32).contains(d));
    let Some(seat) = seat else {
        return Err(format!("`{cell}`: seat must be 1-{}", state.players()));
    };
    let rank = match b[1] {
        b'c' => Rank::Common,
        b'h' => Rank::Heroic,
        b'l' => Rank::Legendary,
        _ => return Err(format!("`{cell}`: rank must be c, h or l")),
    };
    Ok(Piece {
        colour: state.colour_of(Seat(seat as u8 - 1)),
        rank,
    })
}

impl GameState {
    /// The board in scenario notation: 9 rows, rank 9 first.
    pub fn board_rows(&self) -> Vec<String> {
        (0..9)
            .rev()
            .map(|rank| {
                (0..9)
                    .map(|file| {
                        let sq = Square::new(file, rank).expect("9x9");
                        match self.board.get(sq) {
                            _ if !arena::is_playable(sq) => "##".to_string(),
                            None => "..".to_string(),
                            Some(p) => {
                                let seat = self
                                    .seat_ids()
                                    .find(|s| self.colour_of(*s) == p.colour)
                                    .map_or(0, |s| s.0);
                                format!("{}{}", seat + 1, p.rank.letter())
                            }
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// The pieces on the board as `1c e4` entries in square order (compact, exact, for tests).
    pub fn piece_list(&self) -> String {
        self.board
            .occupied()
            .iter()
            .filter_map(|sq| {
                let p = self.board.get(sq)?;
                let seat = self
                    .seat_ids()
                    .find(|s| self.colour_of(*s) == p.colour)
                    .map_or(0, |s| s.0);
                Some(format!("{}{} {sq}", seat + 1, p.rank.letter()))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Pieces of one colour on the board and in its supply add up to its full set (minus removed ones).
    pub fn pieces_consistent(&self) -> bool {
        self.colour_ids().all(|c| {
            let s = &self.supply[c.index()];
            // Pieces kept on a card (Merchant of Time) are out of both.
            let held = |disc: bool| {
                self.seats
                    .iter()
                    .filter_map(|st| st.held)
                    .filter(|h| h.piece.colour == c && h.piece.rank.is_disc() == disc)
                    .count() as u32
            };
            let discs = self.board.count(c, RankSet::NON_LEGENDARY)
                + s.discs as u32
                + s.removed_discs as u32
                + held(true);
            let legendary = self.board.count(c, RankSet::LEGENDARY)
                + s.legendary as u32
                + s.removed_legendary as u32
                + held(false);
            discs == self.discs_per_colour() as u32 && legendary == LEGENDARY as u32
        })
    }
}
