//! Making a choice: checking it is legal, then carrying it out (an action, a payment, a target,
//! an answer to a Life loss, a reaction) and running the engine on to the next decision.

use super::card::CardId;
use super::card::language::{Defence, Effect};
use super::decision::{ApplyError, Choice};
use super::essence::{Essence, Essences};
use super::payment::Price;
use super::state::{Ask, Attack, CostPart, Decision, InPlay, PayFor, ResArcana, Target, Task};

impl ResArcana {
    /// Makes a choice of the pending decision; an illegal one changes nothing.
    pub fn apply(&mut self, choice: Choice) -> Result<(), ApplyError> {
        if self.outcome.is_some() {
            return Err(ApplyError::Over);
        }
        if !self.legal_list().contains(&choice) {
            return Err(ApplyError::Illegal(self.choice_text(&choice)));
        }
        self.apply_listed(choice);
        Ok(())
    }

    /// Makes a choice known to be legal, then runs until the next decision.
    pub fn apply_listed(&mut self, choice: Choice) {
        if let Some(d) = self.pending.take() {
            self.resolve(d.seat, d.ask, choice);
        }
        self.run();
    }

    /// Carries out `choice` made by `seat` at `ask`.
    pub(crate) fn resolve(&mut self, seat: u8, ask: Ask, choice: Choice) {
        let si = seat as usize;
        match (ask, choice) {
            (Ask::Mage, Choice::Mage(c)) => self.seats[si].mage = Some(c),
            (Ask::Draft, Choice::Pick(c)) => {
                let s = &mut self.seats[si];
                s.packet.retain(|&x| x != c);
                s.drafted.push(c);
            }
            (Ask::Item, Choice::Item(c)) => {
                self.items.retain(|&i| i != c);
                self.seats[si].play.push(InPlay::new(c));
            }
            (Ask::Swap, Choice::Item(c)) => {
                if let Some(old) = self.item_of(seat) {
                    self.seats[si].play.retain(|p| p.card != old);
                    self.items.push(old);
                    self.items.sort();
                }
                self.items.retain(|&i| i != c);
                self.seats[si].play.push(InPlay::new(c));
            }
            (Ask::Stored(card), Choice::Take) => {
                if let Some(p) = self.in_play_mut(seat, card) {
                    let stored = std::mem::take(&mut p.stored);
                    let pool = &mut self.seats[si].pool;
                    *pool = pool.plus(&stored);
                }
            }
            (Ask::Stored(_), Choice::Leave) => {}
            (Ask::CollectCost(_), Choice::Pay(e)) => self.lose(seat, &e),
            (Ask::CollectCost(card), Choice::Turn) => {
                if let Some(p) = self.in_play_mut(seat, card) {
                    p.turned = true;
                }
            }
            (Ask::Action, c) => self.action(seat, c),
            (Ask::Pay(price, what), Choice::Pay(e)) => self.paid(seat, price, what, e),
            (
                Ask::Gain {
                    onto: Some(card), ..
                },
                Choice::Gain(e),
            ) => {
                if let Some(p) = self.in_play_mut(seat, card) {
                    p.stored = p.stored.plus(&e);
                }
            }
            (_, Choice::Gain(e)) => self.gain(seat, &e),
            (Ask::Target(t), c) => self.target(seat, t, c),
            (Ask::Rival { theirs, yours }, Choice::Rival(r)) => {
                let n = self.seats.get(r as usize).map_or(0, |x| x.pool.get(theirs));
                self.gain(seat, &Essences::of(yours, n));
            }
            (Ask::LifeLoss(attack), c) => self.answer_attack(seat, attack, c),
            (Ask::ScryDeck { n, .. }, Choice::Deck(monuments)) => {
                // Top first, the way they are shown (a draw takes the top first already).
                self.looking = if monuments {
                    let k = self.monument_deck.len().saturating_sub(n as usize);
                    for _ in k..self.monument_deck.len() {
                        self.forget_monument_top();
                    }
                    let mut top = self.monument_deck.split_off(k);
                    top.reverse();
                    top
                } else {
                    self.take_from_deck(seat, n)
                };
                self.pending = Some(Decision {
                    seat,
                    ask: Ask::ScryOrder { monuments },
                });
            }
            (Ask::ScryOrder { monuments }, Choice::Order(perm)) => {
                let cards = std::mem::take(&mut self.looking);
                let order: Vec<CardId> = perm[..cards.len()]
                    .iter()
                    .map(|&i| cards[i as usize])
                    .collect();
                let back: Vec<CardId> = order.into_iter().rev().collect();
                if monuments {
                    // Only this seat knows the new order of the top.
                    for (i, s) in self.seats.iter_mut().enumerate() {
                        if i == si {
                            s.known_monuments.extend(&back);
                        } else {
                            s.known_monuments.clear();
                        }
                    }
                    self.monument_deck.extend(back);
                } else {
                    let s = &mut self.seats[si];
                    s.known_top.extend(&back);
                    s.deck.extend(back);
                }
            }
            (Ask::Victory, Choice::Use(card, n)) => self.react(seat, card, n),
            (Ask::Victory, Choice::Done) => {}
            _ => {}
        }
    }

    /// The action decision's choice.
    fn action(&mut self, seat: u8, choice: Choice) {
        let si = seat as usize;
        self.turn += 1;
        self.push(Task::NextTurn(seat));
        match choice {
            Choice::Place(c) => {
                let price = self.price(seat, c, 0, true);
                self.ask(seat, Ask::Pay(price, PayFor::Place(c)));
            }
            Choice::Claim(c) => {
                let price = self.price(seat, c, 0, true);
                self.ask(seat, Ask::Pay(price, PayFor::Claim(c, false)));
            }
            Choice::ClaimBlind => {
                if let Some(&c) = self.monument_deck.last() {
                    let price = self.price(seat, c, 0, true);
                    self.ask(seat, Ask::Pay(price, PayFor::Claim(c, true)));
                }
            }
            Choice::Discard(c) => {
                self.discard_from_hand(seat, c);
                self.ask(seat, Ask::DiscardGain);
            }
            Choice::Use(card, n) => self.start_power(seat, card, n),
            Choice::Pass => {
                self.seats[si].passed = true;
                if !self.first_passed {
                    self.first_passed = true;
                    self.token = seat;
                }
                self.push_in_order([Task::Swap(seat), Task::Draw(seat, 1)]);
            }
            _ => {}
        }
    }

    /// Pays a power's whole cost, part by part, then carries out its effects.
    pub(crate) fn start_power(&mut self, seat: u8, card: CardId, n: u8) {
        self.ctx = Default::default();
        let Some(power) = self.db.get(card).power(n) else {
            return;
        };
        let (turn, remove, effects) = (power.cost.turn, power.cost.remove, power.effects.len());
        if let Some(p) = self.in_play_mut(seat, card) {
            if turn {
                p.turned = true;
            }
            p.stored = p.stored.minus(&remove.into());
        }
        let parts = [
            CostPart::Essences,
            CostPart::Destroy,
            CostPart::Discard,
            CostPart::TurnOther,
        ];
        self.push_in_order(
            parts
                .into_iter()
                .map(|part| Task::PowerCost(seat, card, n, part))
                .chain((0..effects as u8).map(|e| Task::Effect(seat, card, n, e))),
        );
    }

    /// A payment was chosen.
    fn paid(&mut self, seat: u8, price: Price, what: PayFor, e: Essences) {
        self.lose(seat, &e);
        match what {
            PayFor::Place(card) => self.put_in_play(seat, card),
            PayFor::Claim(card, blind) => {
                if blind {
                    if let Some(pos) = self.monument_deck.iter().rposition(|&c| c == card) {
                        self.forget_monument_top();
                        self.monument_deck.remove(pos);
                    }
                } else {
                    self.monuments.retain(|&c| c != card);
                    self.places.retain(|&c| c != card);
                }
                self.seats[seat as usize].play.push(InPlay::new(card));
                let k = self.db.get(card).on_claim.len() as u8;
                let mut tasks: Vec<Task> =
                    (0..k).map(|i| Task::ClaimEffect(seat, card, i)).collect();
                tasks.push(Task::RefillMonuments);
                self.push_in_order(tasks);
            }
            PayFor::Power(..) => {
                if let Some((base, kind, x)) = price.split(&e) {
                    self.ctx.paid = base;
                    self.ctx.x_kind = kind;
                    self.ctx.x = x;
                }
            }
            PayFor::CollectCost(_) | PayFor::Loss => {}
        }
    }

    /// A card was picked for a target step.
    fn target(&mut self, seat: u8, t: Target, choice: Choice) {
        let Choice::Pick(c) = choice else {
            return;
        };
        match t {
            Target::Destroy(..) | Target::DefenceDestroy(_) => {
                self.ctx.victim_cost = self.db.get(c).cost.total().min(255) as u8;
                self.destroy(seat, c);
            }
            Target::DiscardCost(..) => {
                self.ctx.victim_cost = self.db.get(c).cost.total().min(255) as u8;
                self.discard_from_hand(seat, c);
            }
            Target::DefenceDiscard(_) => self.discard_from_hand(seat, c),
            Target::DiscardDown(left) => {
                self.discard_from_hand(seat, c);
                if left > 1 && !self.seats[seat as usize].hand.is_empty() {
                    self.ask(seat, Ask::Target(Target::DiscardDown(left - 1)));
                }
            }
            Target::TurnOther(..) => {
                if let Some(p) = self.in_play_mut(seat, c) {
                    p.turned = true;
                }
            }
            Target::Straighten(..) => {
                if let Some(p) = self.in_play_mut(seat, c) {
                    p.turned = false;
                }
            }
            Target::StoreOn(_) => {
                let paid = self.ctx.paid;
                if let Some(p) = self.in_play_mut(seat, c) {
                    p.stored = p.stored.plus(&paid);
                }
            }
            Target::Place(card, n, e) => {
                if let Some(Effect::Place {
                    discount,
                    gold,
                    free,
                    ..
                }) = self.effect_at(card, n, e).cloned()
                {
                    if free {
                        self.put_in_play(seat, c);
                    } else {
                        let price = self.price(seat, c, discount, gold);
                        self.ask(seat, Ask::Pay(price, PayFor::Place(c)));
                    }
                }
            }
        }
    }

    /// The attacked seat's answer to a Life loss.
    fn answer_attack(&mut self, seat: u8, attack: Attack, choice: Choice) {
        match choice {
            Choice::Use(card, n) => self.react(seat, card, n),
            Choice::Defend => match self.defence(seat, &attack) {
                Some(Defence::Pay(e)) => self.lose(seat, &e.into()),
                Some(Defence::DiscardCard) => {
                    self.ask(seat, Ask::Target(Target::DefenceDiscard(attack)))
                }
                Some(Defence::DestroyArtifact) => {
                    self.ask(seat, Ask::Target(Target::DefenceDestroy(attack)))
                }
                None => {}
            },
            _ => self.lose_life(seat, attack.amount),
        }
    }

    /// Uses a reaction: pays its cost (turning, fixed essences) and carries out its effects
    /// (ignoring the loss is the absence of the loss).
    fn react(&mut self, seat: u8, card: CardId, n: u8) {
        let Some(power) = self.db.get(card).power(n).cloned() else {
            return;
        };
        self.lose(seat, &power.cost.pay.fixed());
        if let Some(p) = self.in_play_mut(seat, card) {
            if power.cost.turn {
                p.turned = true;
            }
            p.stored = p.stored.minus(&power.cost.remove.into());
        }
        for e in &power.effects {
            match e {
                Effect::Store(x) => {
                    if let Some(p) = self.in_play_mut(seat, card) {
                        p.stored = p.stored.plus(&(*x).into());
                    }
                }
                Effect::Gain(x) => self.gain(seat, &(*x).into()),
                Effect::TempPoints(k) => {
                    let s = &mut self.seats[seat as usize];
                    s.temp_points = s.temp_points.saturating_add(*k);
                }
                _ => {}
            }
        }
    }

    /// Takes Life from a seat; each Life missing costs 2 other essences, as far as it has them.
    fn lose_life(&mut self, seat: u8, amount: u8) {
        let pool = self.seats[seat as usize].pool;
        let life = pool.get(Essence::Life).min(amount);
        self.lose(seat, &Essences::of(Essence::Life, life));
        let owed = (amount - life) as u32 * 2;
        let have = self.seats[seat as usize].pool.total();
        let k = owed.min(have).min(255) as u8;
        if k > 0 {
            let price = Price {
                any: k,
                ..Price::default()
            };
            self.ask(seat, Ask::Pay(price, PayFor::Loss));
        }
    }
}
