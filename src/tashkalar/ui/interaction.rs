//! How the player reaches every choice of the pending decision with a cursor, a hand and an
//! options list: the screen's selection state, and what selecting something means.
//!
//! Choices that name a square (place, pick, move, summon target) are taken on the board; the others
//! (discard, flare, thaw, end turn, directions, either/or, yes/skip, tasks, colours) are listed in
//! the options panel. Summons start from a card in hand. Nothing here draws or touches the terminal.

use super::narrate::card_name;
use super::recap::Marks;
use super::words::{self, Prompt};
use crate::shell::seats::Seats;
use crate::shell::tui::ui::{Note, Outcome as Reply};
use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::board::arena;
use crate::tashkalar::engine::cards::CardKind;
use crate::tashkalar::engine::state::Event;
use crate::tashkalar::engine::view::SeatView;
use crate::tashkalar::engine::{CardId, Choice, Decision, DecisionKind, GameState, Square};

pub use crate::shell::tui::ui::Focus;

/// A selection in progress on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    Idle,
    /// A card was picked: the board shows where it can be summoned.
    Card(CardId),
    /// An effect moves a piece: this one was picked, its destination is next.
    MoveFrom(Square),
}

/// What a player's request leads to.
pub type Outcome = Reply<Choice>;

/// The pending decision and its choices, split the way the screen shows them. Rebuilt after every
/// change of the game, not every frame.
#[derive(Clone, Debug)]
pub struct DecisionModel {
    pub decision: Decision,
    pub choices: Vec<Choice>,
    /// Choices that do not name a square: the options panel.
    pub options: Vec<Choice>,
    pub prompt: Prompt,
}

impl DecisionModel {
    /// The pending decision of `state`, split for the screen.
    pub fn new(state: &GameState, seats: &Seats) -> DecisionModel {
        let choices = state.choices();
        // Discards are taken from the hand (x); listing each again would crowd out the rest.
        let options = choices
            .iter()
            .copied()
            .filter(|c| board_square(c).is_none() && !matches!(c, Choice::Discard(_)))
            .collect();
        DecisionModel {
            decision: state.decision(),
            prompt: words::prompt(state, seats, &choices),
            choices,
            options,
        }
    }
}

/// The square a choice is taken on, if it is a board choice (summons: their target; moves: origin).
pub fn board_square(choice: &Choice) -> Option<Square> {
    match *choice {
        Choice::Place(sq)
        | Choice::Pickup(sq)
        | Choice::StartSquare(sq)
        | Choice::Square(sq)
        | Choice::PlaceAs(sq, _) => Some(sq),
        Choice::Move { from, .. } => Some(from),
        Choice::Summon { target, .. } => Some(target),
        _ => None,
    }
}

/// One entry of the hand panel: a card in hand, or a frozen effect of the seat (thawable).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HandItem {
    pub card: CardId,
    pub frozen: bool,
    /// Its place in the list, whose hot key it has ([`super::hand_key`]): kept while the card
    /// stays in the hand (see [`keep_letters`]).
    pub slot: usize,
}

/// The hand panel's entries for a view: beings, legends, flares, then frozen effects.
pub fn hand_items(view: &SeatView, state: &GameState) -> Vec<HandItem> {
    let order = |c: &CardId| match state.db.get(*c).map(|c| c.kind) {
        Some(CardKind::Being(_)) => 0,
        Some(CardKind::Legend) => 1,
        _ => 2,
    };
    let mut cards = view.hand.clone();
    cards.sort_by_key(order);
    let mut items: Vec<HandItem> = cards
        .into_iter()
        .map(|card| HandItem {
            card,
            frozen: false,
            slot: 0,
        })
        .collect();
    if let Some(frozen) = view.frozen.get(view.seat.index()) {
        items.extend(frozen.iter().map(|&card| HandItem {
            card,
            frozen: true,
            slot: 0,
        }));
    }
    for (i, item) in items.iter_mut().enumerate() {
        item.slot = i;
    }
    items
}

/// The entries of a hand as they were (`before`, in slot order) and as they are now (`now`, in
/// [`hand_items`]' order): each entry still there keeps its slot, so its letter, and new ones
/// take the free slots in order. A letter learnt for a card then holds until the card leaves:
/// playing `a` does not turn `b` into `a` (a player pressing the letter they read a moment ago
/// takes the card they read it on).
pub fn keep_letters(before: &[HandItem], now: Vec<HandItem>) -> Vec<HandItem> {
    let same = |a: &HandItem, b: &HandItem| a.card == b.card && a.frozen == b.frozen;
    let mut slots: Vec<Option<HandItem>> = Vec::new();
    for old in before {
        if now.iter().any(|n| same(n, old)) {
            if slots.len() <= old.slot {
                slots.resize(old.slot + 1, None);
            }
            slots[old.slot] = Some(*old);
        }
    }
    for item in now {
        if slots.iter().flatten().any(|s| same(s, &item)) {
            continue;
        }
        match slots.iter().position(Option::is_none) {
            Some(free) => slots[free] = Some(item),
            None => slots.push(Some(item)),
        }
    }
    slots
        .into_iter()
        .enumerate()
        .filter_map(|(slot, item)| item.map(|item| HandItem { slot, ..item }))
        .collect()
}

/// The selection state of the game screen.
#[derive(Clone, Debug)]
pub struct Interaction {
    pub focus: Focus,
    pub cursor: Square,
    pub hand_index: usize,
    pub option_index: usize,
    pub stage: Stage,
    /// Which of the summons on the cursor's square is shown (cycled with Space).
    pub cycle: usize,
    /// A hint the screen put the selection on: Enter takes exactly this choice, until the
    /// selection is moved.
    pub hint: Option<Choice>,
    /// A choice that costs something (a flare, a discard), selected and waiting for Enter to
    /// confirm it: such a choice is never made by the key that selects it.
    pub confirm: Option<Choice>,
    /// The keys lent to another panel for this decision (from, to): the panel the player put
    /// them in has nothing to choose now (the board, when a decision has only options). They
    /// go back as soon as it has something again, unless the player moved them meanwhile.
    pub lent: Option<(Focus, Focus)>,
}

impl Default for Interaction {
    fn default() -> Self {
        Interaction {
            focus: Focus::Board,
            cursor: CENTRE,
            hand_index: 0,
            option_index: 0,
            stage: Stage::Idle,
            cycle: 0,
            hint: None,
            confirm: None,
            lent: None,
        }
    }
}

/// Whether a choice costs the player something that a stray key must not spend: a flare (a point
/// for the opponent in Deathmatch, the card in any mode) or a discard (an action and a card).
pub fn is_costly(choice: &Choice) -> bool {
    matches!(choice, Choice::Flare { .. } | Choice::Discard(_))
}

/// e5, where the cursor starts.
const CENTRE: Square = match Square::new(4, 4) {
    Some(sq) => sq,
    None => panic!("e5 is on the grid"),
};

impl Interaction {
    /// Forgets selections that belonged to the previous decision, while someone else decides
    /// (the AI, a replay): the cursor and the keys stay where the player left them, so that
    /// the player's next turn does not start on the square of the opponent's last effect.
    pub fn reset_watching(&mut self) {
        self.stage = Stage::Idle;
        self.cycle = 0;
        self.option_index = 0;
        self.hint = None;
        self.confirm = None;
    }

    /// Forgets selections that belonged to the previous decision.
    pub fn reset_for(&mut self, state: &GameState, model: &DecisionModel) {
        self.stage = Stage::Idle;
        self.cycle = 0;
        self.option_index = first_harmless_option(state, model);
        self.hint = None;
        self.confirm = None;
        // A move whose piece is already decided (the summoned being moves) starts at its
        // destinations.
        let mut froms = model.choices.iter().filter_map(|c| match c {
            Choice::Move { from, .. } => Some(*from),
            _ => None,
        });
        let mut from = self.cursor;
        if let Some(first) = froms.next()
            && froms.all(|f| f == first)
        {
            self.stage = Stage::MoveFrom(first);
            from = first;
        }
        let targets = targets(model, self.stage);
        // The cursor stays where the player put it while it is on a legal target: planned
        // arrow presses must land where the player counted. Only when it is not, outside the
        // main action, it goes to the best legal target: an enemy piece for a step that harms,
        // one's own for one that helps, then the nearest.
        if !matches!(model.decision.kind, DecisionKind::Action)
            && !targets.contains(self.cursor)
            && let Some(sq) = best_target(state, model, self.stage, targets, from)
        {
            self.cursor = sq;
        }
        self.place_keys(model);
    }

    /// Puts the keys for a new decision. They stay in the panel the player put them in (the
    /// player's panel), so that planned keys do what the player counted on; only when that
    /// panel has nothing to choose do they go where the choices are (the options, when the
    /// board has none), and the panel's title says so. Lent keys come back to the player's
    /// panel with the next decision that has something there.
    fn place_keys(&mut self, model: &DecisionModel) {
        let home = match self.lent.take() {
            Some((from, to)) if self.focus == to => from,
            // The player moved the keys while they were lent: where they are now is theirs.
            _ => self.focus,
        };
        let usable = |f: Focus| match f {
            Focus::Board => model.choices.iter().any(|c| board_square(c).is_some()),
            Focus::Hand => model.choices.iter().any(|c| {
                matches!(
                    c,
                    Choice::Summon { .. }
                        | Choice::Discard(_)
                        | Choice::Flare { .. }
                        | Choice::Thaw(_)
                        | Choice::Warp(_)
                )
            }),
            Focus::Options => !model.options.is_empty(),
        };
        if usable(home) {
            self.focus = home;
            return;
        }
        let Some(there) = [Focus::Board, Focus::Options, Focus::Hand]
            .into_iter()
            .find(|f| usable(*f))
        else {
            return;
        };
        self.focus = there;
        // Options belong to one decision: once they are gone, the keys stay on the board
        // rather than jump back to the next decision's options. The board and the hand are the
        // panels a player returns to.
        if home != Focus::Options {
            self.lent = Some((home, there));
        }
    }

    /// The stage the board shows: the hand's highlighted card previews its summons.
    pub fn shown_stage(&self, items: &[HandItem]) -> Stage {
        if self.confirm.is_some() {
            // A flare or a discard waits for Enter: no summoning is shown that Enter would not do.
            return Stage::Idle;
        }
        match (self.stage, self.focus) {
            (Stage::Idle, Focus::Hand) => match items.get(self.hand_index) {
                Some(item) if !item.frozen => Stage::Card(item.card),
                _ => Stage::Idle,
            },
            (stage, _) => stage,
        }
    }

    /// Shows the next (or previous) summoning of `card`: the next way on the cursor's square,
    /// then the first way on the next highlighted square (reading order), and round again.
    pub fn cycle_summon(&mut self, model: &DecisionModel, card: CardId, forward: bool) {
        let order = summon_order(model, card);
        if order.is_empty() {
            return;
        }
        let stage = Stage::Card(card);
        let here = choices_at(model, stage, self.cursor);
        let next = match here.get(self.cycle % here.len().max(1)) {
            Some(now) => {
                let i = order.iter().position(|c| c == now).unwrap_or(0);
                let n = order.len();
                order[if forward {
                    (i + 1) % n
                } else {
                    (i + n - 1) % n
                }]
            }
            None if forward => {
                let key = reading_key(self.cursor);
                order
                    .iter()
                    .copied()
                    .find(|c| board_square(c).is_some_and(|s| reading_key(s) > key))
                    .unwrap_or(order[0])
            }
            None => {
                let key = reading_key(self.cursor);
                order
                    .iter()
                    .rev()
                    .copied()
                    .find(|c| board_square(c).is_some_and(|s| reading_key(s) < key))
                    .unwrap_or(order[order.len() - 1])
            }
        };
        if let Some(sq) = board_square(&next) {
            self.cursor = sq;
            self.cycle = choices_at(model, stage, sq)
                .iter()
                .position(|c| *c == next)
                .unwrap_or(0);
        }
    }

    /// Moves the board cursor one playable square in a direction (skipping the cut corners).
    pub fn move_cursor(&mut self, df: i8, dr: i8) {
        let mut sq = self.cursor;
        while let Some(next) = sq.offset(df, dr) {
            if arena::is_playable(next) {
                self.cursor = next;
                self.cycle = 0;
                return;
            }
            sq = next;
        }
    }

    /// Enter on the board.
    pub fn select_square(&mut self, state: &GameState, model: &DecisionModel) -> Outcome {
        let sq = self.cursor;
        if !arena::is_playable(sq) {
            return warn(format!("{sq} is not part of the arena"));
        }
        match self.stage {
            Stage::Card(card) => {
                let here = choices_at(model, self.stage, sq);
                if here.is_empty() {
                    let name = card_name(state, card);
                    let reason = explain(
                        state,
                        Choice::Summon {
                            card,
                            target: sq,
                            placement: 0,
                            borrow: None,
                        },
                    );
                    return warn(format!(
                        "{name} cannot be summoned on {sq}: {reason}. The highlighted squares are where it can"
                    ));
                }
                Outcome::Apply(here[self.cycle % here.len()])
            }
            Stage::MoveFrom(from) => {
                let here = choices_at(model, self.stage, sq);
                if let Some(c) = here.first() {
                    return Outcome::Apply(*c);
                }
                if sq == from {
                    if self.is_forced_origin(model) {
                        return warn(
                            "this piece is the one that moves: choose where it goes".into(),
                        );
                    }
                    self.stage = Stage::Idle;
                    return note(format!("{sq} deselected: choose the piece to move"));
                }
                if targets(model, Stage::Idle).contains(sq) {
                    self.stage = Stage::MoveFrom(sq);
                    return note(format!("{sq} selected: now choose where it goes"));
                }
                warn(format!(
                    "the piece on {from} cannot go to {sq}: choose one of the highlighted squares"
                ))
            }
            Stage::Idle => {
                let here = choices_at(model, Stage::Idle, sq);
                if here.iter().any(|c| matches!(c, Choice::Move { .. })) {
                    self.stage = Stage::MoveFrom(sq);
                    return note(format!("{sq} selected: now choose where it goes"));
                }
                match here.as_slice() {
                    [one] => Outcome::Apply(*one),
                    [] => warn(self.why_not_here(state, model, sq)),
                    many => Outcome::Popup(format!("Choose for {sq}"), many.to_vec()),
                }
            }
        }
    }

    /// Whether every move of the decision starts from one square (the player cannot pick another).
    fn is_forced_origin(&self, model: &DecisionModel) -> bool {
        targets(model, Stage::Idle).count() == 1
    }

    fn why_not_here(&self, state: &GameState, model: &DecisionModel, sq: Square) -> String {
        let candidate = match model.decision.kind {
            DecisionKind::Action => Choice::Place(sq),
            DecisionKind::StartSquare | DecisionKind::MeleeStart => Choice::StartSquare(sq),
            DecisionKind::Pickup => Choice::Pickup(sq),
            DecisionKind::Effect { .. } => Choice::Square(sq),
            _ => {
                return format!("nothing to do on {sq} now: {}", model.prompt.text);
            }
        };
        if targets(model, Stage::Idle).is_empty() {
            return format!("nothing to do on the board now: {}", model.prompt.text);
        }
        match model.decision.kind {
            DecisionKind::Action => explain(state, candidate),
            _ => format!(
                "{sq} is not one of the highlighted squares ({})",
                explain(state, candidate)
            ),
        }
    }

    /// Enter on a hand entry.
    pub fn select_card(
        &mut self,
        state: &GameState,
        model: &DecisionModel,
        item: HandItem,
    ) -> Outcome {
        let name = card_name(state, item.card);
        if item.frozen {
            let thaw = Choice::Thaw(item.card);
            if model.choices.contains(&thaw) {
                return Outcome::Apply(thaw);
            }
            return warn(format!(
                "the frozen effect of {name} can be thawed during your turn, before or after an action"
            ));
        }
        let summons = model
            .choices
            .iter()
            .filter(|c| matches!(c, Choice::Summon { card, .. } if *card == item.card))
            .count();
        if summons > 0 {
            self.stage = Stage::Card(item.card);
            self.focus = Focus::Board;
            self.cycle = 0;
            let targets = targets(model, self.stage);
            // The cursor stays on a square the player chose; otherwise it starts on the nearest
            // square whose summoning does not destroy one of the player's own pieces.
            if !targets.contains(self.cursor) {
                let me = state.colour_of(model.decision.seat);
                let own = |sq: Square| state.board.get(sq).is_some_and(|p| p.colour == me);
                let spare: Bitboard = Bitboard::from_squares(targets.iter().filter(|sq| !own(*sq)));
                if let Some(sq) =
                    nearest(spare, self.cursor).or_else(|| nearest(targets, self.cursor))
                {
                    self.cursor = sq;
                }
            }
            return Outcome::Nothing;
        }
        // A warp effect is played with its own key (w), never by taking the card.
        let other: Vec<Choice> = model
            .choices
            .iter()
            .copied()
            .filter(|c| {
                mentions(c, item.card) && !matches!(c, Choice::Discard(_) | Choice::Warp(_))
            })
            .collect();
        let warp = model.choices.contains(&Choice::Warp(item.card));
        match other.as_slice() {
            [one] => Outcome::Apply(*one),
            [] if warp => note(format!(
                "{name} cannot be summoned now; w plays its warp effect"
            )),
            [] => warn(why_card_unusable(state, model, item.card)),
            many => Outcome::Popup(name, many.to_vec()),
        }
    }

    /// `x` on a hand entry.
    pub fn discard(
        &self,
        state: &GameState,
        model: &DecisionModel,
        item: Option<HandItem>,
    ) -> Outcome {
        let Some(item) = item.filter(|i| !i.frozen) else {
            return warn(
                "highlight a being card in your hand first (Tab moves to the hand)".into(),
            );
        };
        let choice = Choice::Discard(item.card);
        if model.choices.contains(&choice) {
            return Outcome::Apply(choice);
        }
        let name = card_name(state, item.card);
        let reason = match state.db.get(item.card).map(|c| c.kind) {
            Some(CardKind::Legend) | Some(CardKind::Flare) => {
                format!(
                    "{name} is not a being from your deck: only those can be discarded (legends and flares can be returned after a discard)"
                )
            }
            _ if !matches!(model.decision.kind, DecisionKind::Action) => {
                format!(
                    "discarding is an action, and this is not the time for one: {}",
                    model.prompt.text
                )
            }
            _ if state.turn.discarded => "only one discard per turn".into(),
            _ => explain(state, choice),
        };
        warn(reason)
    }
}

/// Board choices on one square for a stage.
pub fn choices_at(model: &DecisionModel, stage: Stage, sq: Square) -> Vec<Choice> {
    model
        .choices
        .iter()
        .copied()
        .filter(|c| match (stage, *c) {
            (
                Stage::Card(card),
                Choice::Summon {
                    card: k, target, ..
                },
            ) => k == card && target == sq,
            (Stage::MoveFrom(f), Choice::Move { from, to }) => from == f && to == sq,
            (Stage::Idle, Choice::Summon { .. }) => false,
            (Stage::Idle, c) => board_square(&c) == Some(sq),
            _ => false,
        })
        .collect()
}

/// Every square where something can be done in a stage.
pub fn targets(model: &DecisionModel, stage: Stage) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for c in &model.choices {
        let sq = match (stage, *c) {
            (
                Stage::Card(card),
                Choice::Summon {
                    card: k, target, ..
                },
            ) if k == card => Some(target),
            (Stage::MoveFrom(f), Choice::Move { from, to }) if from == f => Some(to),
            (Stage::Idle, Choice::Summon { .. }) => None,
            (Stage::Idle, c) => board_square(&c),
            _ => None,
        };
        if let Some(sq) = sq {
            bb.insert(sq);
        }
    }
    bb
}

/// Where the cursor starts for an effect's step: among `targets`, enemy pieces first (the
/// higher rank first) when the step destroys, downgrades, converts or moves, the deciding
/// seat's own pieces first when it upgrades; then the nearest to `from`.
pub fn best_target(
    state: &GameState,
    model: &DecisionModel,
    stage: Stage,
    targets: Bitboard,
    from: Square,
) -> Option<Square> {
    use crate::tashkalar::engine::decision::EffectStep;
    use crate::tashkalar::engine::effect::program::Purpose;
    let me = state.colour_of(model.decision.seat);
    let harm = matches!(stage, Stage::MoveFrom(_))
        || matches!(
            &model.decision.kind,
            DecisionKind::Effect {
                step: EffectStep::Pick(Purpose::Destroy | Purpose::Downgrade | Purpose::Convert),
                ..
            }
        );
    let help = matches!(
        &model.decision.kind,
        DecisionKind::Effect {
            step: EffectStep::Pick(Purpose::Upgrade),
            ..
        }
    );
    let class = |sq: Square| match state.board.get(sq) {
        Some(p) if harm && p.colour != me => 3 - p.rank.index() as i32,
        Some(p) if help && p.colour == me => 0,
        Some(_) if harm || help => 6,
        _ if harm || help => 5,
        _ => 0,
    };
    targets
        .iter()
        .min_by_key(|t| (class(*t), t.distance(from), t.index()))
}

/// The first option of a decision whose outcome harms none of the deciding seat's own pieces
/// (a Cannon's first direction that does not shoot one's own), or the first option.
fn first_harmless_option(state: &GameState, model: &DecisionModel) -> usize {
    if !matches!(model.decision.kind, DecisionKind::Effect { .. }) {
        return 0;
    }
    model
        .options
        .iter()
        .position(|c| outcome(state, *c).is_none_or(|(_, own)| own.is_empty()))
        .unwrap_or(0)
}

/// The target closest to `from` (king distance, then square order).
pub fn nearest(targets: Bitboard, from: Square) -> Option<Square> {
    targets.iter().min_by_key(|t| (t.distance(from), t.index()))
}

/// A square's place in reading order (top row first, left to right).
fn reading_key(s: Square) -> usize {
    (8 - s.rank()) as usize * 9 + s.file() as usize
}

/// A card's summonings in the order Space goes through them: square by square in reading
/// order, and on each square in the order of the legal choices.
pub fn summon_order(model: &DecisionModel, card: CardId) -> Vec<Choice> {
    let mut all: Vec<(usize, usize, Choice)> = model
        .choices
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match *c {
            Choice::Summon {
                card: k, target, ..
            } if k == card => Some((reading_key(target), i, *c)),
            _ => None,
        })
        .collect();
    all.sort_by_key(|(key, i, _)| (*key, *i));
    all.into_iter().map(|(_, _, c)| c).collect()
}

/// The next target after `from` in reading order (top row first), wrapping around.
pub fn next_target(targets: Bitboard, from: Square) -> Option<Square> {
    let key = reading_key;
    let mut all: Vec<Square> = targets.iter().collect();
    all.sort_by_key(|s| key(*s));
    all.iter()
        .copied()
        .find(|s| key(*s) > key(from))
        .or_else(|| all.first().copied())
}

/// Whether a choice is about a card.
pub fn mentions(choice: &Choice, card: CardId) -> bool {
    match *choice {
        Choice::Summon { card: c, .. }
        | Choice::Discard(c)
        | Choice::Flare { card: c, .. }
        | Choice::Thaw(c)
        | Choice::Warp(c)
        | Choice::Return(c)
        | Choice::Keep(c)
        | Choice::Card(c) => c == card,
        _ => false,
    }
}

/// Why a card in hand offers nothing now, in plain words.
fn why_card_unusable(state: &GameState, model: &DecisionModel, card: CardId) -> String {
    let name = card_name(state, card);
    let Some(c) = state.db.get(card) else {
        return format!("{name} is not a known card");
    };
    let in_turn = matches!(
        model.decision.kind,
        DecisionKind::Action | DecisionKind::AfterActions
    );
    match c.kind {
        CardKind::Flare => {
            if !in_turn {
                return "flares are played before or after an action; finish the current step first".into();
            }
            match &c.flare {
                Some(f) => format!(
                    "{name} needs an opponent ahead by {} upgraded pieces (upper half) or by {} pieces in all (lower half)",
                    f.upper_needs, f.lower_needs
                ),
                None => format!("{name} cannot be played now"),
            }
        }
        _ if matches!(model.decision.kind, DecisionKind::AfterActions) => {
            "no actions are left this turn: end the turn (e) or play a flare".into()
        }
        _ if !in_turn => "finish the current step first (see the prompt)".into(),
        CardKind::Legend => format!(
            "{name} cannot be summoned now: its pattern (with heroic pieces) is not on the board, or you already have 3 legendary pieces"
        ),
        CardKind::Being(_) => format!(
            "{name} cannot be summoned now: no orientation of its pattern matches your pieces on the board"
        ),
    }
}

/// The engine's reason a choice is refused (applied to a copy; the game is untouched).
pub fn explain(state: &GameState, choice: Choice) -> String {
    let mut probe = state.clone();
    probe.log_events = false;
    match probe.apply(choice) {
        Err(e) => e.to_string(),
        Ok(()) => "it is allowed".into(),
    }
}

fn warn(text: String) -> Outcome {
    Outcome::Note(Note::warn(text))
}

fn note(text: String) -> Outcome {
    Outcome::Note(Note::info(text))
}

/// What making `choice` would do to the pieces on the board at once (before anything else is
/// asked): the squares whose pieces would be destroyed, converted or changed, or moved away, and
/// which of those hold the deciding seat's own pieces. `None` when it changes no piece. Worked
/// out on a copy of the game; the game itself is untouched.
pub fn outcome(state: &GameState, choice: Choice) -> Option<(Marks, Bitboard)> {
    let me = state.colour_of(state.decider());
    let mut probe = state.clone();
    probe.log_events = true;
    probe.drain_events();
    probe.apply(choice).ok()?;
    let mut marks = Marks::default();
    let mut own = Bitboard::EMPTY;
    for e in probe.drain_events() {
        let (square, colour) = match e {
            Event::Destroyed { piece, square } | Event::Removed { piece, square } => {
                marks.destroyed.insert(square);
                (square, piece.colour)
            }
            Event::Converted { from, square, .. } => {
                marks.changed.insert(square);
                (square, from.colour)
            }
            // Upgrading one's own piece is what the player wants: it is not flagged as theirs.
            Event::Upgraded { square, .. } => {
                marks.changed.insert(square);
                continue;
            }
            Event::Downgraded { piece, square } => {
                marks.changed.insert(square);
                (square, piece.colour)
            }
            Event::Moved { piece, from, .. } => {
                marks.left.insert(from);
                (from, piece.colour)
            }
            // Only what happens before the next question: a turn that ends here shows nothing of
            // the next one.
            Event::TurnStarted { .. } => break,
            _ => continue,
        };
        if colour == me {
            own.insert(square);
        }
    }
    (!marks.is_empty()).then_some((marks, own))
}
