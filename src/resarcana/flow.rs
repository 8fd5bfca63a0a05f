//! The engine's work between decisions: rounds, the Collect step, turns, power effects, Life
//! loss, drawing, victory checks. [`ResArcana::run`] does tasks until a decision is needed.

use super::card::CardId;
use super::card::language::{Collect, Effect, Kind, Victim};
use super::decision::{Choice, Offer};
use super::essence::{Essence, Essences, Kinds};
use super::state::{
    Ask, Attack, CostPart, InPlay, Outcome, PayFor, Phase, ResArcana, Target, Task, shuffle,
};
use std::cell::RefCell;
use std::sync::Arc;

/// How many tasks one run may do at most: a safety net against a loop in card data.
const MAX_STEPS: usize = 100_000;

thread_local! {
    /// The list [`ResArcana::run`] fills when it must see a decision's whole list, kept for the
    /// thread: runs then allocate none (they are made for every decision of every playout).
    static SCRATCH: RefCell<Vec<Choice>> = const { RefCell::new(Vec::new()) };
}

impl ResArcana {
    /// Does the work on the stack until a decision with a real choice is pending or the game is
    /// over. A decision with a single legal choice is made at once; one with none is skipped.
    pub fn run(&mut self) {
        for _ in 0..MAX_STEPS {
            if self.outcome.is_some() {
                self.pending = None;
                return;
            }
            if let Some(d) = self.pending {
                match SCRATCH.with_borrow_mut(|scratch| self.offer(d, scratch)) {
                    Offer::Nothing => self.pending = None,
                    // A forced choice goes through the same path as a chosen one.
                    Offer::Only(choice) => {
                        self.pending = None;
                        self.resolve(d.seat, d.ask, choice);
                    }
                    Offer::Several => return,
                }
                continue;
            }
            match self.tasks.pop() {
                Some(task) => self.exec(task),
                // Nothing left to do can only mean a game without seats to play.
                None => return,
            }
        }
    }

    fn exec(&mut self, task: Task) {
        match task {
            Task::AskMage(s) => self.ask(s, Ask::Mage),
            Task::RevealMages => {
                // The mages not picked stay listed as dealt: out of the game, unseen by rivals.
                for s in self.seats.iter_mut() {
                    if let Some(m) = s.mage {
                        s.play.insert(0, InPlay::new(m));
                    }
                }
            }
            Task::AskItem(s) => self.ask(s, Ask::Item),
            Task::DraftDeal => {
                let mut pile: Vec<CardId> = self
                    .boxed
                    .iter()
                    .copied()
                    .filter(|&c| self.db.get(c).kind == Kind::Artifact)
                    .collect();
                shuffle(&mut pile, &mut self.rng);
                for s in 0..self.players() {
                    let k = pile.len().saturating_sub(4);
                    let packet = pile.split_off(k);
                    self.boxed.retain(|c| !packet.contains(c));
                    self.seats[s].packet = packet;
                }
            }
            Task::DraftPick(s) => self.ask(s, Ask::Draft),
            Task::DraftPass(clockwise) => {
                let mut packets: Vec<Vec<CardId>> = self
                    .seats
                    .iter_mut()
                    .map(|s| std::mem::take(&mut s.packet))
                    .collect();
                // Clockwise, seat i's packet goes to seat i + 1.
                if clockwise {
                    packets.rotate_right(1);
                } else {
                    packets.rotate_left(1);
                }
                for (s, p) in self.seats.iter_mut().zip(packets) {
                    s.packet = p;
                }
            }
            Task::DraftEnd => {
                for s in 0..self.players() {
                    let seat = &mut self.seats[s];
                    seat.deck = std::mem::take(&mut seat.drafted);
                    let mut deck = std::mem::take(&mut self.seats[s].deck);
                    shuffle(&mut deck, &mut self.rng);
                    let k = deck.len().saturating_sub(3);
                    self.seats[s].hand = deck.split_off(k);
                    self.seats[s].deck = deck;
                }
            }
            Task::StartRound => {
                self.phase = Phase::Collect;
                self.round += 1;
                self.collect_start = self
                    .seats
                    .iter()
                    .map(|s| (s.pool, s.play.clone()))
                    .collect();
                let (n, token) = (self.players(), self.token);
                // The seats clockwise from the token holder (as `clockwise` lists them).
                let order = (0..n).map(move |i| ((token as usize + i) % n) as u8);
                self.push_in_order(order.map(Task::Collect).chain([Task::Turn(token)]));
            }
            Task::Collect(s) => self.collect(s),
            Task::CollectStored(s, c) => {
                if self.in_play(s, c).is_some_and(|p| !p.stored.is_zero()) {
                    self.ask(s, Ask::Stored(c));
                }
            }
            Task::CollectAbility(s, c, i) => self.collect_ability(s, c, i, 0),
            Task::CollectNested(s, c, i, j) => self.collect_ability(s, c, i, j + 1),
            Task::CollectCost(s, c) => self.ask(s, Ask::CollectCost(c)),
            Task::Turn(s) => {
                self.phase = Phase::Actions;
                self.collect_start.clear();
                if self.seats[s as usize].passed {
                    self.push(Task::NextTurn(s));
                } else {
                    self.ask(s, Ask::Action);
                }
            }
            Task::NextTurn(s) => {
                // The seats clockwise from the next one, `s` last (as `clockwise` lists them).
                let n = self.players();
                let next = (1..=n)
                    .map(|i| ((s as usize + i) % n) as u8)
                    .find(|&x| !self.seats[x as usize].passed);
                match next {
                    Some(x) => self.push(Task::Turn(x)),
                    None => self.push(Task::Victory(true)),
                }
            }
            Task::PowerCost(s, c, n, part) => self.power_cost(s, c, n, part),
            Task::Effect(s, c, n, e) => {
                // The data is shared and never changes: holding it by its own handle costs less
                // than copying the effect out of it.
                let db = Arc::clone(&self.db);
                if let Some(effect) = db.get(c).power(n).and_then(|p| p.effects.get(e as usize)) {
                    self.effect(s, c, n, e, effect);
                }
            }
            Task::ClaimEffect(s, c, i) => {
                if let Some(effect) = self.db.get(c).on_claim.get(i as usize).cloned() {
                    self.effect(s, c, 0, i, &effect);
                }
            }
            Task::RefillMonuments => {
                while self.monuments.len() < 2 {
                    self.forget_monument_top();
                    match self.monument_deck.pop() {
                        Some(m) => self.monuments.push(m),
                        None => break,
                    }
                }
            }
            Task::LifeLoss(s, attack) => {
                if !self.seats[s as usize].passed {
                    self.ask(s, Ask::LifeLoss(attack));
                }
            }
            Task::Draw(s, n) => self.draw(s, n),
            Task::Swap(s) => self.ask(s, Ask::Swap),
            Task::Victory(end) => {
                let (n, token) = (self.players(), self.token);
                let order = (0..n).map(move |i| ((token as usize + i) % n) as u8);
                self.push_in_order(order.map(Task::VictoryAsk).chain([Task::VictoryCount(end)]));
            }
            Task::VictoryAsk(s) => self.ask(s, Ask::Victory),
            Task::VictoryCount(end) => self.count_victory(end),
            Task::EndRound => {
                for s in self.seats.iter_mut() {
                    s.passed = false;
                    for p in s.play.iter_mut() {
                        p.turned = false;
                    }
                }
                self.first_passed = false;
                self.push(Task::StartRound);
            }
        }
    }

    /// A seat's Collect step: stored essences first (take or leave), then collect abilities
    /// (some depend on what was left), then collect costs.
    fn collect(&mut self, s: u8) {
        // The stack is filled in the order the tasks are done, then that stretch is reversed:
        // no copy of the components nor list of tasks is made.
        let ResArcana {
            seats, db, tasks, ..
        } = self;
        let play = &seats[s as usize].play;
        let start = tasks.len();
        for p in play {
            if !p.stored.is_zero() {
                tasks.push(Task::CollectStored(s, p.card));
            }
        }
        for p in play {
            for i in 0..db.get(p.card).collect.len() as u8 {
                tasks.push(Task::CollectAbility(s, p.card, i));
            }
        }
        for p in play {
            if db.get(p.card).collect_cost.is_some() {
                tasks.push(Task::CollectCost(s, p.card));
            }
        }
        tasks[start..].reverse();
    }

    fn collect_ability(&mut self, s: u8, card: CardId, i: u8, j: u8) {
        // Read through a handle of the shared data rather than copied out of it.
        let db = Arc::clone(&self.db);
        let top = db.get(card).collect.get(i as usize);
        let ability = match (top, j) {
            (_, 0) => top,
            (Some(Collect::IfLeft { then, .. }), _) => then.get(j as usize - 1),
            _ => None,
        };
        let Some(ability) = ability else {
            return;
        };
        match ability {
            Collect::Gain(e) => self.gain(s, &(*e).into()),
            Collect::Either(_) | Collect::Any { .. } => self.ask(s, Ask::CollectPick(card, i, j)),
            Collect::IfLeft { of, then } => {
                let stored = self.in_play(s, card).map_or(Essences::ZERO, |p| p.stored);
                let left = match of {
                    Some(e) => stored.get(*e) > 0,
                    None => !stored.is_zero(),
                };
                if left && j == 0 {
                    self.push_in_order(
                        (0..then.len() as u8).map(|k| Task::CollectNested(s, card, i, k)),
                    );
                }
            }
            Collect::StoreEachPresent(n) => {
                if let Some(p) = self.in_play_mut(s, card) {
                    let mut add = Essences::ZERO;
                    for e in p.stored.kinds() {
                        add.set(e, *n);
                    }
                    p.stored = p.stored.plus(&add);
                }
            }
        }
    }

    fn power_cost(&mut self, s: u8, card: CardId, n: u8, part: CostPart) {
        let Some(power) = self.db.get(card).power(n) else {
            return;
        };
        let cost = &power.cost;
        match part {
            CostPart::Essences => {
                let price = self.power_price(card, n);
                if !cost.pay.is_free() || cost.identical.is_some() {
                    self.ask(s, Ask::Pay(price, PayFor::Power(card, n)));
                }
            }
            CostPart::Destroy => match &cost.destroy {
                Some(Victim::This) => {
                    self.ctx.victim_cost = self.db.get(card).cost.total().min(255) as u8;
                    self.destroy(s, card);
                }
                Some(_) => self.ask(s, Ask::Target(Target::Destroy(card, n))),
                None => {}
            },
            CostPart::Discard => {
                if cost.discard {
                    self.ask(s, Ask::Target(Target::DiscardCost(card, n)));
                }
            }
            CostPart::TurnOther => {
                if cost.turn_other.is_some() {
                    self.ask(s, Ask::Target(Target::TurnOther(card, n)));
                }
            }
        }
    }

    /// Carries out one effect of a power (or of claiming) of `card` for seat `s`.
    fn effect(&mut self, s: u8, card: CardId, n: u8, e: u8, effect: &Effect) {
        match effect {
            Effect::Gain(x) => self.gain(s, &(*x).into()),
            Effect::GainAny { n: k, except } => self.ask(
                s,
                Ask::Gain {
                    n: *k,
                    except: Kinds::of(except),
                    onto: None,
                },
            ),
            Effect::Store(x) => {
                if let Some(p) = self.in_play_mut(s, card) {
                    p.stored = p.stored.plus(&(*x).into());
                }
            }
            Effect::StoreAny { n: k, except } => {
                if self.in_play(s, card).is_some() {
                    self.ask(
                        s,
                        Ask::Gain {
                            n: *k,
                            except: Kinds::of(except),
                            onto: Some(card),
                        },
                    );
                }
            }
            Effect::StorePaid { chosen } => {
                if *chosen {
                    self.ask(s, Ask::Target(Target::StoreOn(card)));
                } else {
                    let paid = self.ctx.paid;
                    if let Some(p) = self.in_play_mut(s, card) {
                        p.stored = p.stored.plus(&paid);
                    }
                }
            }
            Effect::RivalsGain(x) => {
                for r in 0..self.players() as u8 {
                    if r != s {
                        self.gain(r, &(*x).into());
                    }
                }
            }
            Effect::LifeLoss { amount, .. } => {
                let attack = Attack {
                    attacker: s,
                    card,
                    power: n,
                    effect: e,
                    amount: *amount,
                };
                let targets: Vec<Task> = self
                    .clockwise(self.next_seat(s))
                    .into_iter()
                    .filter(|&r| r != s)
                    .map(|r| Task::LifeLoss(r, attack))
                    .collect();
                self.push_in_order(targets);
            }
            Effect::Draw(k) => self.push(Task::Draw(s, *k)),
            Effect::DrawThenDiscard { draw, discard } => {
                self.draw(s, *draw);
                if *discard > 0 {
                    self.ask(s, Ask::Target(Target::DiscardDown(*discard)));
                }
            }
            Effect::Scry { n: k, monuments } => self.ask(
                s,
                Ask::ScryDeck {
                    n: (*k).min(3),
                    monuments: *monuments,
                },
            ),
            Effect::Straighten(_) => self.ask(s, Ask::Target(Target::Straighten(card, n, e))),
            Effect::StraightenThis => {
                if let Some(p) = self.in_play_mut(s, card) {
                    p.turned = false;
                }
            }
            Effect::Place { .. } => self.ask(s, Ask::Target(Target::Place(card, n, e))),
            Effect::GainCostOf { plus, gold } => {
                let total = self.ctx.victim_cost.saturating_add(*plus);
                if *gold {
                    self.gain(s, &Essences::of(Essence::Gold, total));
                } else if total > 0 {
                    self.ask(
                        s,
                        Ask::Gain {
                            n: total,
                            except: Kinds::of(&[Essence::Gold]),
                            onto: None,
                        },
                    );
                }
            }
            Effect::GainPerRival { theirs, yours } => self.ask(
                s,
                Ask::Rival {
                    theirs: *theirs,
                    yours: *yours,
                },
            ),
            Effect::ConvertIdentical { gold } => {
                let x = self.ctx.x;
                if x > 0 {
                    if *gold {
                        self.gain(s, &Essences::of(Essence::Gold, x));
                    } else {
                        self.ask(
                            s,
                            Ask::Convert {
                                x,
                                not: self.ctx.x_kind,
                            },
                        );
                    }
                }
            }
            Effect::CheckVictory => self.push(Task::Victory(false)),
            Effect::Ignore | Effect::TempPoints(_) => {}
        }
    }

    /// Takes up to `n` cards off the top of a seat's deck; when the deck runs out, the discard
    /// pile is shuffled into a new deck (only then).
    pub(crate) fn take_from_deck(&mut self, s: u8, n: u8) -> Vec<CardId> {
        let mut out = Vec::new();
        self.take_from_deck_into(s, n, &mut out);
        out
    }

    /// A seat draws `n` cards into its hand (straight into it: no list of the cards drawn).
    fn draw(&mut self, s: u8, n: u8) {
        let mut hand = std::mem::take(&mut self.seats[s as usize].hand);
        self.take_from_deck_into(s, n, &mut hand);
        self.seats[s as usize].hand = hand;
    }

    /// [`ResArcana::take_from_deck`], adding the cards to `out`.
    fn take_from_deck_into(&mut self, s: u8, n: u8, out: &mut Vec<CardId>) {
        for _ in 0..n {
            let seat = &mut self.seats[s as usize];
            if seat.deck.is_empty() {
                if seat.discard.is_empty() {
                    break;
                }
                seat.deck = std::mem::take(&mut seat.discard);
                // A deck of discards holds only cards the seat has seen, in no known order.
                seat.deck_unseen = false;
                seat.known_top.clear();
                shuffle(&mut seat.deck, &mut self.rng);
            }
            self.seats[s as usize].known_top.pop();
            if let Some(c) = self.seats[s as usize].deck.pop() {
                out.push(c);
            }
        }
    }

    /// Counts points at a victory check: 10 or more ends the game.
    fn count_victory(&mut self, end_of_round: bool) {
        let points: Vec<u32> = (0..self.players()).map(|s| self.points(s)).collect();
        let best = points.iter().copied().max().unwrap_or(0);
        if best >= 10 {
            let leaders: Vec<usize> = (0..self.players()).filter(|&s| points[s] == best).collect();
            let top = leaders.iter().map(|&s| self.tiebreak(s)).max().unwrap_or(0);
            let winners = leaders
                .into_iter()
                .filter(|&s| self.tiebreak(s) == top)
                .map(|s| s as u8)
                .collect();
            self.outcome = Some(Outcome {
                winners,
                points: points.iter().map(|&p| p.min(255) as u8).collect(),
            });
            self.phase = Phase::Over;
            self.tasks.clear();
            self.pending = None;
        } else if end_of_round {
            self.push(Task::EndRound);
        }
        for s in self.seats.iter_mut() {
            s.temp_points = 0;
        }
    }
}
