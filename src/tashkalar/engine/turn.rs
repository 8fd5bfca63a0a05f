//! Setting up a game and the flow of a turn: actions, flares, frozen effects, discards, the end of
//! the turn (tasks, scoring, drawing up) and the end of the game.

use super::board::{Colour, Rank, RankSet, Supply, arena};
use super::cards::{CardDb, CardId, CardKind};
use super::decision::Choice;
use super::effect::run::{EffectRun, Source};
use super::state::*;
use crate::shell::rng::Rng;
use std::sync::Arc;

impl GameState {
    /// A new game: decks shuffled and hands dealt from `seed`.
    pub fn new_game(
        db: Arc<CardDb>,
        config: GameConfig,
        seed: u64,
    ) -> Result<GameState, SetupError> {
        let mut state = GameState::empty(db, config, seed)?;
        state.fill_supplies();
        state.shuffle_and_deal();
        state.start();
        Ok(state)
    }

    /// A state with seats, empty board, unshuffled decks and empty hands.
    pub(crate) fn empty(
        db: Arc<CardDb>,
        config: GameConfig,
        seed: u64,
    ) -> Result<GameState, SetupError> {
        config.validate(&db)?;
        // The card database never holds larger piles; this keeps a hand-made one from panicking.
        let pile = |cards: &[CardId], what: String| {
            Deck::from_slice(cards).ok_or(SetupError::PileTooLarge {
                what,
                capacity: Deck::CAPACITY,
            })
        };
        let mut seats: [SeatState; Seat::MAX] = Default::default();
        for (i, name) in config.decks.iter().enumerate() {
            // `validate` checked every deck name.
            let Some(deck) = db.deck_by_name(name) else {
                continue;
            };
            seats[i].deck_id = deck;
            seats[i].deck = pile(&db.deck(deck).cards, format!("deck `{name}`"))?;
            seats[i].colour = Colour(if config.teams { (i % 2) as u8 } else { i as u8 });
            seats[i].sideways = if config.teams { TEAM_SIDEWAYS } else { 0 };
        }
        let legend_deck = pile(&db.legends, "the legend deck".into())?;
        let flare_deck = pile(&db.flares, "the flare deck".into())?;
        let mut tasks = TaskQueue::default();
        if config.mode == Mode::HighForm {
            for t in &db.tasks {
                tasks.deck.push(t.id);
            }
        }
        Ok(GameState {
            db,
            config: Arc::new(config),
            board: Default::default(),
            supply: [Supply::default(); 4],
            seats,
            legend_deck,
            legend_discard: Deck::default(),
            flare_deck,
            flare_discard: Deck::default(),
            tasks,
            turn: Turn {
                seat: Seat(0),
                number: 1,
                actions_left: 1,
                ..Default::default()
            },
            phase: Phase::Action,
            effect: None,
            ending: Ending::default(),
            resigned: None,
            setup_step: 0,
            rng: Rng::seeded(seed),
            scratch: Vec::new(),
            log_events: false,
            events: Vec::new(),
        })
    }

    /// Every colour's pieces in its supply.
    pub(crate) fn fill_supplies(&mut self) {
        let discs = self.discs_per_colour();
        for c in self.colour_ids() {
            self.supply[c.index()] = Supply {
                discs,
                legendary: LEGENDARY,
                ..Default::default()
            };
        }
    }

    fn shuffle_and_deal(&mut self) {
        for i in 0..self.players() {
            let mut deck = self.seats[i].deck;
            deck.shuffle(&mut self.rng);
            self.seats[i].deck = deck;
        }
        self.legend_deck.shuffle(&mut self.rng);
        self.flare_deck.shuffle(&mut self.rng);
        if self.config.mode == Mode::HighForm {
            self.setup_tasks();
        }
        for seat in self.seat_ids() {
            self.refill(seat);
        }
        if self.config.teams {
            // Each team holds one pair of legends, with the teammate who plays first.
            for seat in [Seat(0), Seat(1)] {
                self.draw_legends(seat);
            }
        }
        // Dealing never ends the game, even from a tiny deck.
        self.ending = Ending::default();
        self.events.clear();
    }

    /// After dealing: the setup decision, or the first turn.
    pub(crate) fn start(&mut self) {
        self.turn = Turn {
            seat: Seat(0),
            number: 1,
            actions_left: 1,
            ..Default::default()
        };
        match self.config.mode {
            Mode::Deathmatch if self.is_melee() => {
                self.phase = Phase::MeleeStart;
                self.setup_step = 0;
            }
            // A duel, or two teams: the second player sets up the two start pieces.
            Mode::Deathmatch => self.phase = Phase::StartSquare,
            Mode::HighForm => self.begin_turn(Seat(0), false, true),
        }
    }

    /// Who decides the setup: the second player in the duel, the player before the first in melee.
    pub(crate) fn setup_seat(&self) -> Seat {
        match self.phase {
            Phase::StartSquare => Seat(1),
            _ => Seat(self.config.players - 1),
        }
    }

    pub(crate) fn start_square_choices(&self, out: &mut Vec<Choice>) {
        out.extend(
            arena::DUEL_START
                .iter()
                .copied()
                .filter(|s| self.board.get(*s).is_none())
                .map(Choice::StartSquare),
        );
    }

    pub(crate) fn apply_start_square(&mut self, choice: Choice) {
        let Choice::StartSquare(mine) = choice else {
            return;
        };
        let other = arena::DUEL_START
            .into_iter()
            .find(|s| *s != mine)
            .unwrap_or(mine);
        let (second, first) = (self.colour_of(Seat(1)), self.colour_of(Seat(0)));
        self.place_piece(mine, second, Rank::Common);
        self.place_piece(other, first, Rank::Common);
        self.begin_turn(Seat(0), false, true);
    }

    /// Melee setup order: the colours that get a start piece (4 players: all but the second seat).
    fn melee_start_colours(&self) -> Vec<Colour> {
        self.seat_ids()
            .filter(|s| self.players() == 3 || s.0 != 1)
            .map(|s| self.colour_of(s))
            .collect()
    }

    pub(crate) fn melee_start_choices(&self, out: &mut Vec<Choice>) {
        let mut free = super::bitboard::Bitboard::EMPTY;
        for pair in arena::MELEE_START {
            if pair.iter().all(|s| self.board.get(*s).is_none()) {
                free |= super::bitboard::Bitboard::from_squares(pair);
            }
        }
        out.extend(free.iter().map(Choice::StartSquare));
    }

    pub(crate) fn apply_melee_start(&mut self, choice: Choice) {
        let Choice::StartSquare(sq) = choice else {
            return;
        };
        let colours = self.melee_start_colours();
        if let Some(&c) = colours.get(self.setup_step as usize) {
            self.place_piece(sq, c, Rank::Common);
        }
        // Saturating: a state read from outside (the bot protocol) may be at any step.
        self.setup_step = self.setup_step.saturating_add(1);
        if self.setup_step as usize >= colours.len() {
            self.begin_turn(Seat(0), false, true);
        }
    }

    /// Colour whose start piece is being placed (melee setup).
    pub fn melee_start_colour(&self) -> Option<Colour> {
        self.melee_start_colours()
            .get(self.setup_step as usize)
            .copied()
    }

    pub(crate) fn begin_turn(&mut self, seat: Seat, is_extra: bool, first: bool) {
        let number = if first {
            1
        } else {
            self.turn.number.saturating_add(1)
        };
        let lost = std::mem::take(&mut self.seat_mut(seat).lose_actions);
        let st = self.seat_mut(seat);
        st.turns = st.turns.saturating_add(1);
        let base: u8 = if first { 1 } else { 2 };
        self.turn = Turn {
            seat,
            number,
            actions_left: base.saturating_sub(lost),
            is_extra,
            ..Default::default()
        };
        self.phase = if self.turn.actions_left > 0 {
            Phase::Action
        } else {
            Phase::AfterActions
        };
        self.log(Event::TurnStarted {
            seat,
            number,
            actions: self.turn.actions_left,
        });
    }

    /// Main-action choices: place, summon, discard, then flares and frozen effects.
    pub(crate) fn action_choices(&self, out: &mut Vec<Choice>) {
        self.place_choices(out);
        if self.turn.handed_over {
            // The teammate spends the remaining actions placing common pieces, and plays no flares.
            if out.is_empty() {
                out.push(Choice::EndTurn);
            }
            return;
        }
        self.summon_choices_for_hand(out);
        if !self.turn.discarded {
            // The pending being cannot be discarded (it waits to be summoned).
            let pending = self.seat(self.turn.seat).pending;
            out.extend(
                self.hand_of_kind(self.turn.seat, HandKind::Being)
                    .filter(|c| Some(*c) != pending)
                    .map(Choice::Discard),
            );
        }
        if out.is_empty() {
            // Nothing can be done with the actions left: they are lost.
            out.push(Choice::EndTurn);
        }
        self.flare_choices(out);
        self.thaw_choices(out);
        self.warp_choices(out);
        if self.can_hand_over() {
            out.push(Choice::HandOver);
        }
    }

    /// The place action: a common piece on an empty square, or, with an empty supply, first one
    /// of your common or heroic pieces picked up (it then goes on any empty square as a common,
    /// the one it left included).
    fn place_choices(&self, out: &mut Vec<Choice>) {
        let me = self.me();
        if self.supply[me.index()].discs > 0 {
            out.extend(self.board.empty_squares().iter().map(Choice::Place));
        } else {
            out.extend(
                self.board
                    .pieces(me, RankSet::NON_LEGENDARY)
                    .iter()
                    .map(Choice::Pickup),
            );
        }
    }

    pub(crate) fn after_actions_choices(&self, out: &mut Vec<Choice>) {
        out.push(Choice::EndTurn);
        if !self.turn.handed_over {
            self.flare_choices(out);
            self.thaw_choices(out);
            self.warp_choices(out);
        }
    }

    /// Whether the acting seat may play `card`'s warp effect now: it is in hand, has a warp
    /// effect, no being of the seat is pending, and this is not the seat's first turn.
    pub(crate) fn can_warp(&self, card: CardId) -> bool {
        self.may_warp()
            && self.seat(self.turn.seat).hand.contains(card)
            && self.db.get(card).is_some_and(|c| c.warp.is_some())
    }

    /// What [`GameState::can_warp`] asks of the acting seat rather than of the card: the turn is
    /// its own, no being of it is pending, and this is not its first turn.
    fn may_warp(&self) -> bool {
        let st = self.seat(self.turn.seat);
        !self.turn.handed_over && st.pending.is_none() && st.turns >= 2
    }

    /// The warp effects playable now: the seat's conditions checked once, then only whether each
    /// card in hand has one (this runs at every main decision).
    fn warp_choices(&self, out: &mut Vec<Choice>) {
        if !self.may_warp() {
            return;
        }
        out.extend(
            self.seat(self.turn.seat)
                .hand
                .iter()
                .filter(|&c| self.db.card(c).warp.is_some())
                .map(Choice::Warp),
        );
    }

    /// Team game: the turn may be handed to the teammate (once, before an action or during an effect).
    pub(crate) fn can_hand_over(&self) -> bool {
        self.config.teams && !self.turn.handed_over
    }

    /// Which halves of a flare hold against a seat: bit 0 upper, bit 1 lower.
    pub fn flare_halves(&self, card: CardId, against: Seat) -> u8 {
        let Some(info) = self.db.card(card).flare.as_ref() else {
            return 0;
        };
        let (me, them) = (self.me(), self.colour_of(against));
        let upgraded = |c: Colour| self.board.count(c, RankSet::UPGRADED) as i32;
        let total = |c: Colour| self.board.count(c, RankSet::ALL) as i32;
        let mut bits = 0;
        if upgraded(them) - upgraded(me) >= info.upper_needs as i32 {
            bits |= 1;
        }
        if total(them) - total(me) >= info.lower_needs as i32 {
            bits |= 2;
        }
        bits
    }

    fn flare_choices(&self, out: &mut Vec<Choice>) {
        let me = self.turn.seat;
        for card in self.hand_of_kind(me, HandKind::Flare) {
            let mut seen = 0u8;
            for against in self.seat_ids() {
                let colour = self.colour_of(against);
                // One comparison per opposing colour (team mates share one).
                if self.allies(against, me) || seen >> colour.0 & 1 == 1 {
                    continue;
                }
                seen |= 1 << colour.0;
                if self.flare_halves(card, against) != 0 {
                    out.push(Choice::Flare { card, against });
                }
            }
        }
    }

    fn thaw_choices(&self, out: &mut Vec<Choice>) {
        out.extend(self.seat(self.turn.seat).frozen.iter().map(Choice::Thaw));
    }

    pub(crate) fn apply_main(&mut self, choice: Choice) {
        let seat = self.turn.seat;
        match choice {
            Choice::Place(sq) => {
                self.turn.actions_left = self.turn.actions_left.saturating_sub(1);
                self.place_piece(sq, self.me(), Rank::Common);
                self.after_action();
            }
            Choice::Pickup(from) => {
                // The place action with an empty supply: the piece comes back to the supply first.
                self.turn.actions_left = self.turn.actions_left.saturating_sub(1);
                self.pick_up(from);
                self.phase = Phase::PlaceLifted;
            }
            Choice::Summon {
                card,
                target,
                placement,
                borrow,
            } => {
                self.begin_summon(PendingSummon {
                    card,
                    target,
                    placement,
                    borrow,
                });
            }
            Choice::Discard(card) => {
                self.turn.actions_left = self.turn.actions_left.saturating_sub(1);
                self.turn.discarded = true;
                let st = self.seat_mut(seat);
                st.hand.remove(card);
                st.discard.push(card);
                self.log(Event::Discarded { seat, card });
                self.phase = Phase::ReturnCards;
            }
            Choice::Flare { card, against } => {
                let halves = self.flare_halves(card, against);
                self.seat_mut(seat).hand.remove(card);
                if self.config.mode == Mode::Deathmatch {
                    let me = self.me();
                    let book = &mut self.seat_mut(against).score;
                    book.by_colour[me.index()] += 1;
                    book.flares += 1;
                    self.log(Event::Scored {
                        seat: against,
                        points: 1,
                        colour: me,
                        why: "flare",
                    });
                }
                self.log(Event::FlarePlayed {
                    seat,
                    card,
                    upper: halves & 1 != 0,
                    lower: halves & 2 != 0,
                });
                let mut run = EffectRun::new(card, Source::Flare);
                run.flare_halves = halves;
                self.start_effect(run);
            }
            Choice::Thaw(card) => {
                self.seat_mut(seat).frozen.remove(card);
                self.log(Event::Thawed { seat, card });
                self.start_effect(EffectRun::new(card, Source::Thaw));
            }
            Choice::Warp(card) => {
                // The card stays in the hand, face up, as the pending being.
                self.seat_mut(seat).pending = Some(card);
                self.log(Event::WarpPlayed { seat, card });
                if let Some(slot) = self.turn.warps_played.iter_mut().find(|w| w.is_none()) {
                    *slot = Some(card);
                }
                self.start_effect(EffectRun::new(card, Source::Warp));
            }
            Choice::EndTurn => self.end_turn(),
            _ => {}
        }
    }

    /// Summoning with an empty supply: own pieces of the summoned kind that may be picked up.
    pub(crate) fn pickup_choices(&self, out: &mut Vec<Choice>) {
        if let Phase::SummonPickup(p) = self.phase {
            out.extend(self.pickup_candidates(&p).iter().map(Choice::Pickup));
        }
    }

    pub(crate) fn apply_pickup(&mut self, choice: Choice) {
        let Choice::Pickup(from) = choice else { return };
        if let Phase::SummonPickup(p) = self.phase {
            self.pick_up(from);
            self.execute_summon(p);
        }
    }

    /// The piece picked up for the place action goes on an empty square, as a common piece.
    pub(crate) fn apply_place_lifted(&mut self, choice: Choice) {
        if let Choice::Place(sq) = choice {
            self.place_piece(sq, self.me(), Rank::Common);
            self.after_action();
        }
    }

    pub(crate) fn apply_return(&mut self, choice: Choice) {
        let seat = self.turn.seat;
        match choice {
            Choice::Return(card) => {
                if self.seat(seat).pending != Some(card) && self.seat_mut(seat).hand.remove(card) {
                    match self.db.card(card).kind {
                        CardKind::Being(_) => {
                            self.seat_mut(seat).deck.push_bottom(card);
                        }
                        CardKind::Legend => {
                            self.legend_deck.push_bottom(card);
                        }
                        CardKind::Flare => {
                            self.flare_deck.push_bottom(card);
                        }
                    }
                    self.log(Event::Returned { seat, card });
                }
            }
            _ => self.after_action(),
        }
    }

    pub(crate) fn apply_keep_frozen(&mut self, choice: Choice) {
        let Choice::Keep(keep) = choice else { return };
        let seat = self.turn.seat;
        let frozen = self.seat(seat).frozen;
        for card in frozen.iter().filter(|c| *c != keep) {
            let st = self.seat_mut(seat);
            st.frozen.remove(card);
            st.discard.push(card);
            self.log(Event::Discarded { seat, card });
        }
        self.after_action();
    }

    /// The effect has run to its end: put its card where it belongs and carry on with the turn.
    pub(crate) fn finish_effect(&mut self) {
        let Some(mut run) = self.effect.take() else {
            return;
        };
        // A copied warp effect hands back to the effect that copied it.
        if let Some(parent) = run.parent.take() {
            self.effect = Some(*parent);
            return;
        }
        let seat = self.turn.seat;
        let card = self.db.card(run.card);
        match run.source {
            Source::Summon if run.to_deck_bottom => {
                self.seat_mut(seat).deck.push_bottom(run.card);
            }
            Source::Summon => {
                if card.frozen.is_some() {
                    self.seat_mut(seat).frozen.push(run.card);
                    self.log(Event::Frozen {
                        seat,
                        card: run.card,
                    });
                } else if card.is_legend() {
                    self.legend_discard.push(run.card);
                } else {
                    self.seat_mut(seat).discard.push(run.card);
                }
            }
            Source::Flare => {
                self.flare_discard.push(run.card);
            }
            Source::Thaw => {
                self.seat_mut(seat).discard.push(run.card);
            }
            // Played from the hand: the card waits there as the pending being.
            Source::Warp => {}
        }
        self.after_action();
    }

    /// After an action, flare or thaw: what the acting seat decides next.
    pub(crate) fn after_action(&mut self) {
        if self.effect.is_some() {
            return;
        }
        self.phase = if self.seat(self.turn.seat).frozen.len() > 1 {
            Phase::KeepFrozen
        } else if self.turn.actions_left > 0 {
            Phase::Action
        } else {
            Phase::AfterActions
        };
    }

    /// The acting seat ends its turn: tasks (High Form), scoring (Deathmatch), drawing up, the end.
    pub(crate) fn end_turn(&mut self) {
        if self.config.mode == Mode::HighForm && self.claimable_tasks().next().is_some() {
            self.phase = Phase::ClaimTask;
            return;
        }
        self.end_turn_scoring();
    }

    /// Deathmatch scoring, then the rest of the end of the turn (called again after colour choices).
    pub(crate) fn end_turn_scoring(&mut self) {
        if self.config.mode == Mode::Deathmatch && self.score_destruction() {
            return; // waiting for a colour choice
        }
        self.end_turn_finish();
    }

    pub(crate) fn end_turn_finish(&mut self) {
        let seat = self.turn.seat;
        self.refill(seat);
        if self.config.teams {
            self.pass_legends(seat);
        }
        let (deck, legends) = std::mem::take(&mut self.turn.extra_draw);
        for _ in 0..deck {
            self.draw_own(seat);
        }
        // Extra legends go to whoever holds the side's legends: in the team game, the teammate
        // they were just passed to.
        let holder = self.teammate(seat);
        for _ in 0..legends {
            self.draw_shared(holder, true);
        }
        if !self.ending.triggered && self.score_trigger() {
            self.trigger_end(seat);
        }
        // Normal turns after the triggering one count down the final round.
        if self.ending.triggered
            && self.turn.number > self.ending.triggered_turn
            && !self.turn.is_extra
        {
            self.ending.turns_left = self.ending.turns_left.saturating_sub(1);
        }
        if self.ending.triggered && self.ending.turns_left == 0 && !self.turn.extra_turn {
            self.phase = Phase::GameOver;
            self.log(Event::GameOver);
            return;
        }
        let next = if self.turn.extra_turn {
            seat
        } else {
            self.next_seat(seat)
        };
        let extra = self.turn.extra_turn;
        self.begin_turn(next, extra, false);
    }

    /// Marks the end: after this turn every seat plays one more (normal) turn.
    pub(crate) fn trigger_end(&mut self, by: Seat) {
        if self.ending.triggered {
            return;
        }
        self.ending = Ending {
            triggered: true,
            turns_left: self.config.players,
            triggered_turn: self.turn.number,
        };
        self.log(Event::EndTriggered { seat: by });
    }

    /// Draws up to 3 beings, 2 legends and 1 flare (team game: legends travel with the team, see
    /// `pass_legends`).
    pub(crate) fn refill(&mut self, seat: Seat) {
        while self.hand_of_kind(seat, HandKind::Being).count() < HAND_BEINGS && self.draw_own(seat)
        {
        }
        if !self.config.teams {
            self.draw_legends(seat);
        }
        while self.hand_of_kind(seat, HandKind::Flare).count() < HAND_FLARES
            && self.draw_shared(seat, false)
        {}
    }

    /// Draws legends up to the hand limit.
    fn draw_legends(&mut self, seat: Seat) {
        while self.hand_of_kind(seat, HandKind::Legend).count() < HAND_LEGENDS
            && self.draw_shared(seat, true)
        {}
    }

    /// Team game: the team's legends go to the teammate, who draws them up to two.
    fn pass_legends(&mut self, seat: Seat) {
        let mate = self.teammate(seat);
        let legends: Vec<CardId> = self.hand_of_kind(seat, HandKind::Legend).collect();
        for card in legends {
            self.seat_mut(seat).hand.remove(card);
            self.seat_mut(mate).hand.push(card);
        }
        self.draw_legends(mate);
    }

    /// Draws from the seat's own deck (never reshuffled). Drawing its last card (team game: its last
    /// card that is not turned sideways) triggers the end.
    fn draw_own(&mut self, seat: Seat) -> bool {
        let Some(card) = self.seat_mut(seat).deck.pop() else {
            return false;
        };
        self.seat_mut(seat).hand.push(card);
        self.log(Event::Drew { seat, count: 1 });
        if self.seat(seat).deck.len() <= self.seat(seat).sideways as usize {
            self.trigger_end(seat);
        }
        true
    }

    /// Draws a legend or a flare, reshuffling that deck's discards when it runs out.
    fn draw_shared(&mut self, seat: Seat, legend: bool) -> bool {
        let (deck, discard) = if legend {
            (&mut self.legend_deck, &mut self.legend_discard)
        } else {
            (&mut self.flare_deck, &mut self.flare_discard)
        };
        if deck.is_empty() && !discard.is_empty() {
            *deck = *discard;
            discard.clear();
            deck.shuffle(&mut self.rng);
        }
        match deck.pop() {
            Some(card) => {
                self.seat_mut(seat).hand.push(card);
                true
            }
            None => false,
        }
    }
}
