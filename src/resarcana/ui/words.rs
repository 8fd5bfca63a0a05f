//! Res Arcana in words and colours: the five essences as the theme draws them, costs, the
//! prompt of each decision, and every choice told as the one looking may read it.

use crate::resarcana::card::CardId;
use crate::resarcana::card::language::{Collect, Cost, Defence, Kind};
use crate::resarcana::decision::Choice;
use crate::resarcana::essence::{Essence, Essences};
use crate::resarcana::state::{Ask, Decision, PayFor, Phase, ResArcana, Target};
use crate::shell::seats::Seats;
use crate::shell::tui::theme::{NamedColour, Theme};
use ratatui::text::Span;

/// The essences' colours, in [`Essence::ALL`] order: red Elan, green Life, blue Calm, black
/// Death, yellow Gold; each with its letter, which is all the mono palette shows.
pub const ESSENCE_COLOURS: [NamedColour; 5] = [
    NamedColour {
        name: "Elan",
        letter: 'E',
        standard: (160, 231),
        colour_blind: (166, 16),
    },
    NamedColour {
        name: "Life",
        letter: 'L',
        standard: (28, 231),
        colour_blind: (36, 16),
    },
    NamedColour {
        name: "Calm",
        letter: 'C',
        standard: (27, 231),
        colour_blind: (74, 16),
    },
    NamedColour {
        name: "Death",
        letter: 'D',
        standard: (238, 231),
        colour_blind: (238, 231),
    },
    NamedColour {
        name: "Gold",
        letter: 'G',
        standard: (220, 16),
        colour_blind: (221, 16),
    },
];

/// The colour of an essence.
pub fn colour(e: Essence) -> &'static NamedColour {
    &ESSENCE_COLOURS[e as usize]
}

/// An essence's name as players say it ("Elan").
pub fn essence_name(e: Essence) -> &'static str {
    colour(e).name
}

/// Essences in words: "2 Elan, 1 Gold" ("nothing" for none).
pub fn essences_text(es: &Essences) -> String {
    if es.is_zero() {
        return "nothing".into();
    }
    es.kinds()
        .map(|e| format!("{} {}", es.get(e), essence_name(e)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Essences as coloured badges, one per kind present ("2E" on red): the count and the letter
/// always, so they read without colour too. `all`: every kind, zeros dimmed (a pool).
pub fn essence_spans(es: &Essences, theme: &Theme, all: bool) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for e in Essence::ALL {
        let n = es.get(e);
        if n == 0 && !all {
            continue;
        }
        if !out.is_empty() {
            out.push(Span::raw(" "));
        }
        let c = colour(e);
        let style = if n == 0 {
            theme.muted()
        } else {
            theme.named(c)
        };
        out.push(Span::styled(format!("{n}{}", c.letter), style));
    }
    if out.is_empty() {
        out.push(Span::styled("nothing", theme.muted()));
    }
    out
}

/// A printed cost as badges, "free" when it asks nothing.
pub fn cost_spans(cost: &Cost, theme: &Theme) -> Vec<Span<'static>> {
    if cost.is_free() {
        return vec![Span::styled("free", theme.muted())];
    }
    let mut out = Vec::new();
    if !cost.fixed().is_zero() {
        out.extend(essence_spans(&cost.fixed(), theme, false));
    }
    if cost.any > 0 {
        if !out.is_empty() {
            out.push(Span::raw(" "));
        }
        let but: Vec<String> = cost
            .any_except
            .iter()
            .map(|e| colour(*e).letter.to_string())
            .collect();
        let any = if but.is_empty() {
            format!("+{} any", cost.any)
        } else {
            format!("+{} not {}", cost.any, but.join("/"))
        };
        out.push(Span::raw(any));
    }
    out
}

/// A printed cost in words ("2 Elan, 1 Gold + 3 of any kind").
pub fn cost_text(cost: &Cost) -> String {
    if cost.is_free() {
        return "free".into();
    }
    let mut parts = Vec::new();
    if !cost.fixed().is_zero() {
        parts.push(essences_text(&cost.fixed()));
    }
    if cost.any > 0 {
        parts.push(format!("{} of any kind", cost.any));
    }
    parts.join(" + ")
}

/// A card's printed cost, and how much the deciding seat's discounts take off it: a player who
/// sees only the printed cost would think a card they can afford out of reach.
fn price_text(g: &ResArcana, card: CardId) -> String {
    let cost = &g.db.get(card).cost;
    let printed = cost_text(cost);
    let Some(d) = g.pending else { return printed };
    let price = g.price(d.seat, card, 0, true);
    let off = (cost.fixed().total() + cost.any as u32).saturating_sub(price.base_total());
    if off == 0 {
        printed
    } else {
        format!("{printed}, {off} less with discounts")
    }
}

/// What a place, claim or power choice pays when the pool can pay it only one way: the rules
/// then ask no question (RULES.md §12), so the log would otherwise never say what was paid.
pub fn single_payment(g: &ResArcana, choice: &Choice) -> Option<Essences> {
    let d = g.pending?;
    let price = match (d.ask, *choice) {
        (Ask::Action, Choice::Place(c) | Choice::Claim(c)) => g.price(d.seat, c, 0, true),
        (Ask::Action, Choice::ClaimBlind) => g.price(d.seat, *g.monument_deck.last()?, 0, true),
        (Ask::Action, Choice::Use(c, n)) => g.power_price(c, n),
        _ => return None,
    };
    match price.payments(&g.seats[d.seat as usize].pool).as_slice() {
        [only] if !only.is_zero() => Some(*only),
        _ => None,
    }
}

/// The part of a card's rules text that tells power `n` ("turn, pay 1 Elan: ..."), if the
/// text numbers its powers; else the whole text.
pub fn power_text(g: &ResArcana, card: CardId, n: u8) -> String {
    let text = &g.db.get(card).text;
    power_part(text, n).unwrap_or_else(|| text.clone())
}

/// The sentence of `text` that power `n` opens ("1: ..." or "1 (reaction): ..."), without its
/// number, up to the next power's; `None` when the text does not number it.
fn power_part(text: &str, n: u8) -> Option<String> {
    let opens = |k: u8| {
        [format!("{k}: "), format!("{k} (")]
            .into_iter()
            .find_map(|mark| {
                text.match_indices(&mark)
                    .map(|(i, _)| i)
                    .find(|&i| i == 0 || text[..i].ends_with(". "))
            })
    };
    let start = opens(n)?;
    let end = opens(n + 1).filter(|&e| e > start).unwrap_or(text.len());
    let part = text[start..end][n.to_string().len()..]
        .trim_start_matches(':')
        .trim()
        .trim_end_matches('.');
    // "(reaction): pay 1 Calm" reads "reaction: pay 1 Calm" inside the brackets of a choice.
    Some(
        match part.strip_prefix('(').and_then(|p| p.split_once("):")) {
            Some((when, rest)) => format!("{when}:{rest}"),
            None => part.to_string(),
        },
    )
}

/// Whether the seat deciding now may have its secret choices told to `viewer`: the choices
/// made in secret (a mage, an artifact kept in the draft, the order cards go back in, a
/// Collect step not over) are told only to the seat making them.
fn secret_to(g: &ResArcana, viewer: Option<usize>) -> bool {
    let Some(d) = g.pending else { return false };
    let secret = matches!(
        d.ask,
        Ask::Mage
            | Ask::Draft
            | Ask::ScryOrder { .. }
            | Ask::Stored(_)
            | Ask::CollectPick(..)
            | Ask::CollectCost(_)
    ) || (g.phase == Phase::Collect
        && matches!(
            d.ask,
            Ask::Pay(_, PayFor::CollectCost(_)) | Ask::Gain { .. }
        ));
    secret && viewer != Some(d.seat as usize)
}

/// A choice of the pending decision in words, as `viewer` may read it (`None`: as anyone at
/// the table may). Cards another seat chose in secret are not named.
pub fn describe(g: &ResArcana, seats: &Seats, viewer: Option<usize>, choice: &Choice) -> String {
    let name = |c: CardId| g.db.name(c).to_string();
    let ask = g.pending.map(|d| d.ask);
    // What lies on the component a Collect asks about (its owner decides, so it is seen).
    let stored = || match g.pending {
        Some(Decision {
            seat,
            ask: Ask::Stored(c),
        }) => g.in_play(seat, c).map(|p| p.stored),
        _ => None,
    };
    if secret_to(g, viewer) {
        return match ask {
            Some(Ask::Mage) => "pick a mage".into(),
            Some(Ask::Draft) => "keep an artifact of the packet".into(),
            Some(Ask::ScryOrder { .. }) => "put the cards looked at back".into(),
            _ => "make a Collect choice".into(),
        };
    }
    match *choice {
        Choice::Mage(c) => format!("play {} as mage", name(c)),
        Choice::Item(c) => match ask {
            Some(Ask::Swap) => format!("swap the magic item for {}", name(c)),
            _ => format!("take the magic item {}", name(c)),
        },
        Choice::Place(c) => format!("place {} ({})", name(c), price_text(g, c)),
        Choice::Claim(c) => {
            let kind = match g.db.get(c).kind {
                Kind::Place => "the Place of Power",
                _ => "the monument",
            };
            format!("claim {kind} {} ({})", name(c), price_text(g, c))
        }
        Choice::ClaimBlind => "claim the top monument of the deck, unseen".into(),
        Choice::Discard(c) => format!("discard {} for essences", name(c)),
        Choice::Use(c, n) => {
            // What the power does, so that neither the list nor the log needs the card looked up.
            let def = g.db.get(c);
            let what = power_part(&def.text, n).map_or_else(String::new, |w| format!(" ({w})"));
            // The number matters only to tell a card's powers apart.
            let which = if def.powers.len() > 1 {
                format!(", power {n}")
            } else {
                String::new()
            };
            match ask {
                Some(Ask::LifeLoss(_)) | Some(Ask::Victory) => {
                    format!("react with {}{which}{what}", name(c))
                }
                _ => format!("use {}{which}{what}", name(c)),
            }
        }
        Choice::Pass => "pass (no more actions this round)".into(),
        Choice::Pay(e) => format!("pay {}", essences_text(&e)),
        Choice::Gain(e) => format!("take {}", essences_text(&e)),
        Choice::Pick(c) => match ask {
            Some(Ask::Draft) => format!("keep {}", name(c)),
            Some(Ask::Target(t)) => match t {
                Target::Destroy(..) => format!("destroy {}", name(c)),
                Target::DiscardCost(..) | Target::DiscardDown(_) => {
                    format!("discard {}", name(c))
                }
                Target::TurnOther(..) => format!("turn {}", name(c)),
                Target::Straighten(..) => format!("straighten {}", name(c)),
                Target::StoreOn(_) => format!("put them on {}", name(c)),
                Target::Place(..) => format!("place {}", name(c)),
                Target::DefenceDiscard(_) => format!("discard {} instead of losing Life", name(c)),
                Target::DefenceDestroy(_) => format!("destroy {} instead of losing Life", name(c)),
            },
            _ => format!("pick {}", name(c)),
        },
        Choice::Rival(r) => format!("count the essences of {}", seats.name(r as usize)),
        Choice::Take => match (ask, stored()) {
            (Some(Ask::Stored(c)), Some(es)) => {
                format!("take {} from {}", essences_text(&es), name(c))
            }
            (Some(Ask::Stored(c)), None) => format!("take what lies on {}", name(c)),
            _ => "take them".into(),
        },
        Choice::Leave => match (ask, stored()) {
            (Some(Ask::Stored(c)), Some(es)) => {
                format!("leave {} on {}", essences_text(&es), name(c))
            }
            _ => "leave them there".into(),
        },
        Choice::Turn => match ask {
            Some(Ask::CollectCost(c)) => format!("turn {} instead of paying", name(c)),
            _ => "turn it instead of paying".into(),
        },
        Choice::Accept => match g.pending {
            Some(Decision {
                seat,
                ask: Ask::LifeLoss(a),
            }) => format!("accept: {}", loss_text(g, seat, a.amount)),
            _ => "accept the loss".into(),
        },
        Choice::Defend => match g.pending {
            Some(Decision {
                seat,
                ask: Ask::LifeLoss(a),
            }) => match g.defence(seat, &a) {
                Some(d) => format!("{} instead of losing Life", defence_text(&d)),
                None => "give the attack's own defence".into(),
            },
            _ => "give the attack's own defence".into(),
        },
        Choice::Done => match ask {
            Some(Ask::Victory) => "no reaction".into(),
            Some(Ask::Target(Target::Place(..))) => "place nothing".into(),
            _ => "done".into(),
        },
        Choice::Deck(false) => "look at the top of your own deck".into(),
        Choice::Deck(true) => "look at the top of the monument deck".into(),
        Choice::Order(_) => {
            // The notation names the cards, top first.
            let text = g.choice_text(choice);
            let cards = text.strip_prefix("order ").unwrap_or(&text);
            format!("put back, top first: {cards}")
        }
    }
}

/// What an attack's own defence asks, in words ("pay 1 Death").
fn defence_text(d: &Defence) -> String {
    match d {
        Defence::Pay(e) => format!("pay {}", essences_text(&(*e).into())),
        Defence::DiscardCard => "discard a card from your hand".into(),
        Defence::DestroyArtifact => "destroy one of your artifacts".into(),
    }
}

/// What losing `amount` Life costs `seat` with its pool as it is: the Life it has, then 2
/// other essences for each Life it lacks, as far as it has them (RULES §12 #4, #5). "Lose 2
/// Life" would mislead a seat that holds none.
fn loss_text(g: &ResArcana, seat: u8, amount: u8) -> String {
    let pool = g.seats[seat as usize].pool;
    let life = u32::from(pool.get(Essence::Life).min(amount));
    let others = ((u32::from(amount) - life) * 2).min(pool.total() - life);
    match (life, others) {
        (0, 0) => "lose nothing (you have no essence)".into(),
        (l, 0) => format!("lose {l} Life"),
        (0, o) => format!("lose {o} other {} (no Life)", plural(o, "essence")),
        (l, o) => format!("lose {l} Life and {o} other {}", plural(o, "essence")),
    }
}

/// A count's noun: "1 essence", "2 essences".
pub fn plural(n: u32, noun: &str) -> String {
    if n == 1 {
        noun.to_string()
    } else {
        format!("{noun}s")
    }
}

/// The essences a choice pays or takes, to draw in colour beside its words.
pub fn choice_essences(choice: &Choice) -> Option<Essences> {
    match *choice {
        Choice::Pay(e) | Choice::Gain(e) => Some(e),
        _ => None,
    }
}

/// The card a choice is about, when the one deciding may read it (its text is shown beside
/// the highlighted option).
pub fn choice_card(g: &ResArcana, choice: &Choice) -> Option<CardId> {
    match *choice {
        Choice::Mage(c)
        | Choice::Item(c)
        | Choice::Place(c)
        | Choice::Claim(c)
        | Choice::Discard(c)
        | Choice::Use(c, _)
        | Choice::Pick(c) => Some(c),
        _ => decision_card(g),
    }
}

/// The card the pending decision is about (what is collected from, paid for, attacked with).
fn decision_card(g: &ResArcana) -> Option<CardId> {
    match g.pending?.ask {
        Ask::Stored(c) | Ask::CollectPick(c, ..) | Ask::CollectCost(c) => Some(c),
        Ask::Pay(_, what) => match what {
            PayFor::Place(c) | PayFor::Claim(c, false) | PayFor::Power(c, _) => Some(c),
            PayFor::CollectCost(c) => Some(c),
            PayFor::Claim(_, true) | PayFor::Loss => None,
        },
        Ask::LifeLoss(a) => Some(a.card),
        Ask::Target(t) => match t {
            Target::Destroy(c, _)
            | Target::DiscardCost(c, _)
            | Target::TurnOther(c, _)
            | Target::Straighten(c, ..)
            | Target::Place(c, ..) => Some(c),
            Target::DefenceDiscard(a) | Target::DefenceDestroy(a) => Some(a.card),
            Target::StoreOn(_) | Target::DiscardDown(_) => None,
        },
        _ => None,
    }
}

/// What a payment pays for, in words.
fn paying_for(g: &ResArcana, what: PayFor) -> String {
    let name = |c: CardId| g.db.name(c).to_string();
    match what {
        PayFor::Place(c) => format!("placing {}", name(c)),
        PayFor::Claim(_, true) => "claiming the top monument of the deck".into(),
        PayFor::Claim(c, false) => format!("claiming {}", name(c)),
        PayFor::Power(c, n) => format!("power {n} of {}", name(c)),
        PayFor::CollectCost(c) => format!("the collect cost of {}", name(c)),
        PayFor::Loss => "the Life lost (one essence each)".into(),
    }
}

/// The question of the pending decision, put to the seat deciding.
pub fn prompt(g: &ResArcana, seats: &Seats) -> String {
    let Some(d) = g.pending else {
        return "The game is over.".into();
    };
    let name = |c: CardId| g.db.name(c).to_string();
    match d.ask {
        Ask::Mage => "Pick your mage (the other leaves the game).".into(),
        Ask::Item => "Pick a magic item from the supply.".into(),
        Ask::Draft => "Draft: keep one artifact of this packet; the rest go on.".into(),
        Ask::Swap => "You passed: swap your magic item for one in the supply.".into(),
        Ask::Stored(c) => {
            // Leaving essences pays only on a component whose Collect asks for it (the Vault);
            // elsewhere they just stay there (and may count for points).
            let grows =
                g.db.get(c)
                    .collect
                    .iter()
                    .any(|a| matches!(a, Collect::IfLeft { .. }));
            format!(
                "Collect: take everything lying on {}, or leave it there{}?",
                name(c),
                if grows { " (it gives more then)" } else { "" }
            )
        }
        Ask::CollectPick(c, ..) => format!("Collect: what does {} give you?", name(c)),
        Ask::CollectCost(c) => format!("Collect: pay the collect cost of {}, or turn it?", name(c)),
        Ask::Action => "Your action: place, claim, use a power, discard, or pass.".into(),
        Ask::DiscardGain => "Discarded: take 1 Gold, or 2 other essences.".into(),
        Ask::Pay(_, what) => format!("Pay for {}: which essences?", paying_for(g, what)),
        Ask::Gain { n, onto, .. } => match onto {
            Some(c) => format!(
                "Put {n} {} of your choice on {}.",
                plural(n as u32, "essence"),
                name(c)
            ),
            None => format!("Take {n} {} of your choice.", plural(n as u32, "essence")),
        },
        Ask::Convert { x, .. } => {
            format!("Take {x} {}, all of one kind.", plural(x as u32, "essence"))
        }
        Ask::Target(t) => match t {
            Target::Destroy(c, _) => format!("{}: which artifact is destroyed?", name(c)),
            Target::DiscardCost(c, _) => format!("{}: which card do you discard?", name(c)),
            Target::TurnOther(c, _) => format!("{}: which other component is turned?", name(c)),
            Target::Straighten(c, ..) => format!("{}: which component is straightened?", name(c)),
            Target::StoreOn(_) => "Which of your components do the essences go on?".into(),
            Target::Place(c, ..) => format!("{}: which card do you place, if any?", name(c)),
            Target::DiscardDown(n) => format!("Discard down: {n} card(s) still to discard."),
            Target::DefenceDiscard(a) | Target::DefenceDestroy(a) => format!(
                "Against {} of {}: what do you give up?",
                name(a.card),
                seats.name(a.attacker as usize)
            ),
        },
        Ask::Rival { theirs, yours } => format!(
            "Whose {} counts (you take that much {})?",
            essence_name(theirs),
            essence_name(yours)
        ),
        Ask::LifeLoss(a) => format!(
            "{} attacks with {}: you are to lose {} Life (2 other essences for each Life you lack). React, defend or accept?",
            seats.name(a.attacker as usize),
            name(a.card),
            a.amount
        ),
        Ask::ScryDeck { n, .. } => format!("Look at the top {n} cards of which deck?"),
        Ask::ScryOrder { .. } => {
            let cards: Vec<String> = g.looking.iter().rev().map(|&c| name(c)).collect();
            format!(
                "You see {}: put them back in which order?",
                cards.join(", ")
            )
        }
        Ask::Victory => "Victory check: react now, or not?".into(),
    }
}

/// What the table is waiting for, told to those who are not deciding (no card named that they
/// may not see).
pub fn waiting(g: &ResArcana, seats: &Seats) -> String {
    let Some(d) = g.pending else {
        return "The game is over.".into();
    };
    let who = seats.name(d.seat as usize);
    let what = match d.ask {
        Ask::Mage => "picks a mage",
        Ask::Item => "picks a magic item",
        Ask::Draft => "keeps an artifact of the packet",
        Ask::Swap => "swaps magic items",
        Ask::Stored(_) | Ask::CollectPick(..) | Ask::CollectCost(_) => "collects",
        Ask::Action => "takes an action",
        Ask::LifeLoss(_) | Ask::Target(Target::DefenceDiscard(_) | Target::DefenceDestroy(_)) => {
            "answers an attack"
        }
        Ask::Victory => "may react to the victory check",
        _ => "goes on with an action",
    };
    format!("{who} {what}.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::tui::theme::PaletteKind;

    #[test]
    fn the_five_essences_differ_in_every_colour_palette_and_by_letter() {
        for kind in [PaletteKind::Standard, PaletteKind::ColourBlind] {
            let t = Theme::new(kind);
            for (i, a) in ESSENCE_COLOURS.iter().enumerate() {
                for b in &ESSENCE_COLOURS[i + 1..] {
                    assert_ne!(
                        t.named(a).bg,
                        t.named(b).bg,
                        "{kind}: {} {}",
                        a.name,
                        b.name
                    );
                }
            }
        }
        let letters: String = ESSENCE_COLOURS.iter().map(|c| c.letter).collect();
        assert_eq!(letters, "ELCDG");
        for e in Essence::ALL {
            assert_eq!(essence_name(e).to_ascii_lowercase(), e.name());
        }
    }

    #[test]
    fn essences_read_as_words_and_as_badges() {
        let es = Essences([2, 0, 0, 0, 1]);
        assert_eq!(essences_text(&es), "2 Elan, 1 Gold");
        assert_eq!(essences_text(&Essences::ZERO), "nothing");
        let t = Theme::new(PaletteKind::Mono);
        let badges: String = essence_spans(&es, &t, false)
            .iter()
            .map(|s| s.content.to_string())
            .collect();
        assert_eq!(badges, "2E 1G");
        let pool: String = essence_spans(&es, &t, true)
            .iter()
            .map(|s| s.content.to_string())
            .collect();
        assert_eq!(pool, "2E 0L 0C 0D 1G");
    }

    #[test]
    fn a_power_is_read_out_of_the_card_text_by_its_number() {
        let text =
            "1 point. Collect 1 Elan. 1: turn: take 2 Calm. 2 (reaction): pay 1 Gold: ignore it.";
        assert_eq!(power_part(text, 1).as_deref(), Some("turn: take 2 Calm"));
        assert_eq!(
            power_part(text, 2).as_deref(),
            Some("reaction: pay 1 Gold: ignore it")
        );
        assert_eq!(power_part(text, 3), None);
        // A number inside a sentence opens no power.
        assert_eq!(power_part("Collect 1 Elan. 2 Calm: no.", 1), None);
    }
}
