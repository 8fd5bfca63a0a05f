//! Choices: the legal list of the pending decision, and making one.

use super::card::CardId;
use super::card::language::{Collect, Defence, Effect, Kind, Source, Trigger};
use super::essence::{Essence, Essences, Kinds};
use super::payment::Price;
use super::rules::gains;
use super::state::{Ask, CostPart, Decision, InPlay, PayFor, Phase, ResArcana, Target, Task};
use std::fmt;

/// One thing a seat can do at a decision.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Choice {
    /// Setup: this mage.
    Mage(CardId),
    /// Setup or passing: this magic item.
    Item(CardId),
    /// Action: place this artifact from hand.
    Place(CardId),
    /// Action: claim this face-up monument or Place of Power.
    Claim(CardId),
    /// Action: claim the monument deck's top card.
    ClaimBlind,
    /// Action: discard this card from hand for essences.
    Discard(CardId),
    /// Use power (or reaction) number `.1` of component `.0`.
    Use(CardId, u8),
    /// Action: pass.
    Pass,
    /// Pay exactly these essences.
    Pay(Essences),
    /// Take these essences.
    Gain(Essences),
    /// This card (the target of the step asked).
    Pick(CardId),
    /// This rival (seat index).
    Rival(u8),
    /// Collect: take the essences on the component.
    Take,
    /// Collect: leave them.
    Leave,
    /// Collect cost: turn the component instead of paying.
    Turn,
    /// Take the Life loss.
    Accept,
    /// Use the attack's own defence.
    Defend,
    /// Decline (to place a card, to react at a victory check).
    Done,
    /// Look at the monument deck (`true`) or your own.
    Deck(bool),
    /// Put the cards looked at back in this order (indices, top first; unused entries 0).
    Order([u8; 3]),
}

/// Why a choice was not accepted.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ApplyError {
    /// The game is over.
    Over,
    /// Not among the legal choices now.
    Illegal(String),
    /// The text does not read as a choice here.
    Unreadable(String),
}

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApplyError::Over => f.write_str("the game is over"),
            ApplyError::Illegal(what) => write!(f, "{what} is not a legal choice now"),
            ApplyError::Unreadable(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ApplyError {}

impl ResArcana {
    /// The pending decision, if any.
    pub fn decision(&self) -> Option<Decision> {
        self.pending
    }

    /// The legal choices now, in a deterministic order (empty once the game is over).
    pub fn legal(&self, out: &mut Vec<Choice>) {
        out.clear();
        let Some(d) = self.pending else { return };
        if self.outcome.is_some() {
            return;
        }
        self.choices_for(d.seat, d.ask, out);
    }

    /// The legal choices as a new list.
    pub fn legal_list(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        self.legal(&mut out);
        out
    }

    fn choices_for(&self, seat: u8, ask: Ask, out: &mut Vec<Choice>) {
        let s = &self.seats[seat as usize];
        match ask {
            Ask::Mage => out.extend(s.mages_dealt.iter().map(|&c| Choice::Mage(c))),
            Ask::Item | Ask::Swap => out.extend(self.items.iter().map(|&c| Choice::Item(c))),
            Ask::Draft => {
                let mut packet = s.packet.clone();
                packet.sort();
                out.extend(packet.into_iter().map(Choice::Pick));
            }
            Ask::Stored(_) => out.extend([Choice::Take, Choice::Leave]),
            Ask::CollectPick(card, i, j) => {
                match self.collect_at(card, i, j) {
                    Some(Collect::Either(list)) => {
                        out.extend(list.iter().map(|&e| Choice::Gain(e.into())))
                    }
                    Some(Collect::Any { n, except }) => {
                        out.extend(gains(*n, Kinds::of(except)).into_iter().map(Choice::Gain))
                    }
                    _ => {}
                }
                out.dedup();
            }
            Ask::CollectCost(card) => {
                if let Some(cost) = &self.db.get(card).collect_cost {
                    let pay: Essences = cost.pay.into();
                    if s.pool.covers(&pay) {
                        out.push(Choice::Pay(pay));
                    }
                    if cost.or_turn {
                        out.push(Choice::Turn);
                    }
                }
            }
            Ask::Action => self.actions(seat, out),
            Ask::DiscardGain => {
                out.push(Choice::Gain(Essences::of(Essence::Gold, 1)));
                out.extend(
                    gains(2, Kinds::of(&[Essence::Gold]))
                        .into_iter()
                        .map(Choice::Gain),
                );
            }
            Ask::Pay(price, _) => out.extend(price.payments(&s.pool).into_iter().map(Choice::Pay)),
            Ask::Gain { n, except, .. } => {
                out.extend(gains(n, except).into_iter().map(Choice::Gain))
            }
            Ask::Convert { x, not } => {
                for e in Essence::ALL {
                    if e != Essence::Gold && Some(e) != not {
                        out.push(Choice::Gain(Essences::of(e, x)));
                    }
                }
            }
            Ask::Target(t) => self.targets(seat, t, out),
            Ask::Rival { .. } => {
                out.extend(
                    (0..self.players() as u8)
                        .filter(|&r| r != seat)
                        .map(Choice::Rival),
                );
            }
            Ask::LifeLoss(attack) => {
                let triggers = self.attack_triggers(attack.card);
                out.extend(
                    self.reactions(seat, &triggers)
                        .into_iter()
                        .map(|(c, n)| Choice::Use(c, n)),
                );
                if self.defence(seat, &attack).is_some() {
                    out.push(Choice::Defend);
                }
                out.push(Choice::Accept);
            }
            Ask::ScryDeck { monuments, .. } => {
                if !s.deck.is_empty() || !s.discard.is_empty() {
                    out.push(Choice::Deck(false));
                }
                if monuments && !self.monument_deck.is_empty() {
                    out.push(Choice::Deck(true));
                }
            }
            Ask::ScryOrder { .. } => {
                for perm in permutations(self.looking.len()) {
                    out.push(Choice::Order(perm));
                }
            }
            Ask::Victory => {
                out.extend(
                    self.reactions(seat, &[Trigger::VictoryCheck])
                        .into_iter()
                        .map(|(c, n)| Choice::Use(c, n)),
                );
                out.push(Choice::Done);
            }
        }
    }

    /// The choices of the action decision.
    fn actions(&self, seat: u8, out: &mut Vec<Choice>) {
        let s = &self.seats[seat as usize];
        let mut hand = s.hand.clone();
        hand.sort();
        hand.dedup();
        for &c in &hand {
            if self.db.get(c).kind == Kind::Artifact
                && self.price(seat, c, 0, true).affordable(&s.pool)
            {
                out.push(Choice::Place(c));
            }
        }
        for &c in self.monuments.iter().chain(self.places.iter()) {
            if self.price(seat, c, 0, true).affordable(&s.pool) {
                out.push(Choice::Claim(c));
            }
        }
        if let Some(&top) = self.monument_deck.last()
            && self.price(seat, top, 0, true).affordable(&s.pool)
        {
            out.push(Choice::ClaimBlind);
        }
        for &c in &hand {
            out.push(Choice::Discard(c));
        }
        for comp in &s.play {
            for n in 1..=self.db.get(comp.card).powers.len() as u8 {
                if self.power_usable(seat, comp.card, n) {
                    out.push(Choice::Use(comp.card, n));
                }
            }
        }
        out.push(Choice::Pass);
    }

    /// The cards a target step may pick.
    fn targets(&self, seat: u8, t: Target, out: &mut Vec<Choice>) {
        let s = &self.seats[seat as usize];
        let mut picks: Vec<CardId> = match t {
            Target::Destroy(card, n) => match self.db.get(card).power(n) {
                Some(p) => match &p.cost.destroy {
                    Some(v) => self.victims(seat, card, v),
                    None => vec![],
                },
                None => vec![],
            },
            Target::DiscardCost(..) | Target::DiscardDown(_) | Target::DefenceDiscard(_) => {
                s.hand.clone()
            }
            Target::TurnOther(card, n) => match self.db.get(card).power(n) {
                Some(p) => match &p.cost.turn_other {
                    Some(f) => self.turnable(seat, card, f),
                    None => vec![],
                },
                None => vec![],
            },
            Target::Straighten(card, n, e) => match self.effect_at(card, n, e) {
                Some(Effect::Straighten(f)) => self.straightenable(seat, card, f),
                _ => vec![],
            },
            Target::StoreOn(_) => s.play.iter().map(|p| p.card).collect(),
            Target::Place(card, n, e) => self.placeable(seat, card, n, e),
            Target::DefenceDestroy(_) => s
                .play
                .iter()
                .map(|p| p.card)
                .filter(|&c| self.db.get(c).kind == Kind::Artifact)
                .collect(),
        };
        picks.sort();
        picks.dedup();
        out.extend(picks.into_iter().map(Choice::Pick));
        if matches!(t, Target::Place(..)) {
            out.push(Choice::Done);
        }
    }

    /// The cards effect `e` of power `n` of `card` may place for `seat` (affordable ones).
    fn placeable(&self, seat: u8, card: CardId, n: u8, e: u8) -> Vec<CardId> {
        let Some(Effect::Place {
            from,
            filter,
            discount,
            gold,
            free,
        }) = self.effect_at(card, n, e)
        else {
            return vec![];
        };
        let s = &self.seats[seat as usize];
        let pool: Vec<CardId> = match from {
            Source::Hand => s.hand.clone(),
            Source::OwnDiscard => s.discard.clone(),
            Source::AnyDiscard => self
                .seats
                .iter()
                .flat_map(|x| x.discard.iter().copied())
                .collect(),
        };
        pool.into_iter()
            .filter(|&c| {
                let def = self.db.get(c);
                def.kind == Kind::Artifact
                    && def.matches(filter)
                    && (*free || self.price(seat, c, *discount, *gold).affordable(&s.pool))
            })
            .collect()
    }

    /// Effect `e` (from 0) of power `n` (from 1) of `card`.
    pub fn effect_at(&self, card: CardId, n: u8, e: u8) -> Option<&Effect> {
        self.db.get(card).power(n)?.effects.get(e as usize)
    }

    /// Collect ability `i` of `card` (`j` = 0), or ability `j - 1` nested in it.
    pub fn collect_at(&self, card: CardId, i: u8, j: u8) -> Option<&Collect> {
        let top = self.db.get(card).collect.get(i as usize)?;
        if j == 0 {
            return Some(top);
        }
        match top {
            Collect::IfLeft { then, .. } => then.get(j as usize - 1),
            _ => None,
        }
    }

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
                let deck = if monuments {
                    &mut self.monument_deck
                } else {
                    &mut self.seats[si].deck
                };
                deck.extend(order.into_iter().rev());
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
        let Some(power) = self.db.get(card).power(n).cloned() else {
            return;
        };
        if let Some(p) = self.in_play_mut(seat, card) {
            if power.cost.turn {
                p.turned = true;
            }
            p.stored = p.stored.minus(&power.cost.remove.into());
        }
        let mut tasks = vec![
            Task::PowerCost(seat, card, n, CostPart::Essences),
            Task::PowerCost(seat, card, n, CostPart::Destroy),
            Task::PowerCost(seat, card, n, CostPart::Discard),
            Task::PowerCost(seat, card, n, CostPart::TurnOther),
        ];
        tasks.extend((0..power.effects.len() as u8).map(|e| Task::Effect(seat, card, n, e)));
        self.push_in_order(tasks);
    }

    /// A payment was chosen.
    fn paid(&mut self, seat: u8, price: Price, what: PayFor, e: Essences) {
        self.lose(seat, &e);
        match what {
            PayFor::Place(card) => self.put_in_play(seat, card),
            PayFor::Claim(card, blind) => {
                if blind {
                    if let Some(pos) = self.monument_deck.iter().rposition(|&c| c == card) {
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
    fn answer_attack(&mut self, seat: u8, attack: super::state::Attack, choice: Choice) {
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
        let k = owed.min(have) as u8;
        if k > 0 {
            let price = Price {
                any: k,
                ..Price::default()
            };
            self.ask(seat, Ask::Pay(price, PayFor::Loss));
        }
    }

    /// Sets the pending decision.
    pub(crate) fn ask(&mut self, seat: u8, ask: Ask) {
        self.pending = Some(Decision { seat, ask });
    }

    /// Adds essences to a seat's pool.
    pub(crate) fn gain(&mut self, seat: u8, e: &Essences) {
        let s = &mut self.seats[seat as usize];
        s.pool = s.pool.plus(e);
    }

    /// Takes essences from a seat's pool (never below 0).
    pub(crate) fn lose(&mut self, seat: u8, e: &Essences) {
        let s = &mut self.seats[seat as usize];
        s.pool = s.pool.minus(e);
    }

    /// Moves a card from its owner's hand to its discard pile.
    pub(crate) fn discard_from_hand(&mut self, seat: u8, card: CardId) {
        let s = &mut self.seats[seat as usize];
        if let Some(i) = s.hand.iter().position(|&c| c == card) {
            s.hand.remove(i);
            s.discard.push(card);
        }
    }

    /// Destroys a component of `seat`: to its discard pile, its essences back to the supply.
    pub(crate) fn destroy(&mut self, seat: u8, card: CardId) {
        let s = &mut self.seats[seat as usize];
        if let Some(i) = s.find(card) {
            s.play.remove(i);
            s.discard.push(card);
        }
    }

    /// Puts an artifact into play for `seat`, from its hand or from any discard pile.
    pub(crate) fn put_in_play(&mut self, seat: u8, card: CardId) {
        for s in self.seats.iter_mut() {
            if let Some(i) = s.discard.iter().position(|&c| c == card) {
                s.discard.remove(i);
            }
        }
        let s = &mut self.seats[seat as usize];
        s.hand.retain(|&c| c != card);
        s.play.push(InPlay::new(card));
    }

    /// Whether the game is in its setup.
    pub fn in_setup(&self) -> bool {
        self.phase == Phase::Setup
    }
}

/// Every order of `n` cards (n at most 3), as index lists, in lexicographic order.
fn permutations(n: usize) -> Vec<[u8; 3]> {
    let mut out = Vec::new();
    for a in 0..n.max(1) as u8 {
        for b in 0..3u8 {
            for c in 0..3u8 {
                let p = [a, b, c];
                let used = &p[..n];
                let distinct = (0..n).all(|i| (i + 1..n).all(|j| used[i] != used[j]));
                let in_range = used.iter().all(|&x| (x as usize) < n);
                let tail_zero = p[n.min(3)..].iter().all(|&x| x == 0);
                if distinct && in_range && tail_zero && !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }
    out
}
