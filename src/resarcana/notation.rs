//! The text of a choice: cards by English name, powers by their number on the card, essences
//! as counts and kinds. Read back at the same position exactly (saves, tests, the CLI).
//!
//! | choice | text |
//! |---|---|
//! | pick a mage / magic item | `mage Seer`, `item Alchemy` |
//! | place an artifact | `place Fire Dragon` |
//! | claim a monument or Place of Power | `claim Obelisk`, `claim blind` |
//! | discard for essences | `discard Hawk` |
//! | use power 2 of a component (or react with it) | `use Sacred Grove 2` |
//! | pass | `pass` |
//! | pay / take essences | `pay 2 elan 1 gold`, `gain 1 gold`, `pay none` |
//! | a card as a step's target | `pick Vault` |
//! | a rival | `rival 2` (seat number from 1) |
//! | stored essences at Collect | `take`, `leave` |
//! | turn instead of a collect cost | `turn` |
//! | Life loss | `accept`, `defend` |
//! | decline | `done` |
//! | which deck to look at | `deck own`, `deck monuments` |
//! | put back in order (top first) | `order Hawk, Vault, Crypt` |

use super::decision::{ApplyError, Choice};
use super::essence::Essences;
use super::state::ResArcana;

impl ResArcana {
    /// The text of a choice at this position.
    pub fn choice_text(&self, choice: &Choice) -> String {
        let name = |c| self.db.name(c).to_string();
        match *choice {
            Choice::Mage(c) => format!("mage {}", name(c)),
            Choice::Item(c) => format!("item {}", name(c)),
            Choice::Place(c) => format!("place {}", name(c)),
            Choice::Claim(c) => format!("claim {}", name(c)),
            Choice::ClaimBlind => "claim blind".into(),
            Choice::Discard(c) => format!("discard {}", name(c)),
            Choice::Use(c, n) => format!("use {} {n}", name(c)),
            Choice::Pass => "pass".into(),
            Choice::Pay(e) => format!("pay {}", e.text()),
            Choice::Gain(e) => format!("gain {}", e.text()),
            Choice::Pick(c) => format!("pick {}", name(c)),
            Choice::Rival(r) => format!("rival {}", r as u32 + 1),
            Choice::Take => "take".into(),
            Choice::Leave => "leave".into(),
            Choice::Turn => "turn".into(),
            Choice::Accept => "accept".into(),
            Choice::Defend => "defend".into(),
            Choice::Done => "done".into(),
            Choice::Deck(false) => "deck own".into(),
            Choice::Deck(true) => "deck monuments".into(),
            Choice::Order(perm) => {
                let names: Vec<String> = perm
                    .iter()
                    .take(self.looking.len())
                    .filter_map(|&i| self.looking.get(i as usize))
                    .map(|&c| name(c))
                    .collect();
                format!("order {}", names.join(", "))
            }
        }
    }

    /// Reads a choice written by [`ResArcana::choice_text`] at this position.
    pub fn parse_choice(&self, text: &str) -> Result<Choice, ApplyError> {
        let fail = |why: &str| {
            ApplyError::Unreadable(format!("`{}`: {why}", crate::shell::quote::short(text)))
        };
        let text = text.trim();
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        let rest = rest.trim();
        let card = |s: &str| {
            self.db
                .find(s)
                .ok_or_else(|| fail("no component has that name"))
        };
        let essences = |s: &str| {
            Essences::parse(s).ok_or_else(|| fail("essences are written like `2 elan 1 gold`"))
        };
        let bare = |c: Choice| {
            if rest.is_empty() {
                Ok(c)
            } else {
                Err(fail("nothing may follow this word"))
            }
        };
        match word {
            "mage" => Ok(Choice::Mage(card(rest)?)),
            "item" => Ok(Choice::Item(card(rest)?)),
            "place" => Ok(Choice::Place(card(rest)?)),
            "claim" if rest == "blind" => Ok(Choice::ClaimBlind),
            "claim" => Ok(Choice::Claim(card(rest)?)),
            "discard" => Ok(Choice::Discard(card(rest)?)),
            "use" => {
                let (name, n) = rest
                    .rsplit_once(' ')
                    .ok_or_else(|| fail("write `use NAME NUMBER`"))?;
                let n: u8 = n
                    .parse()
                    .map_err(|_| fail("the power number is not a number"))?;
                Ok(Choice::Use(card(name)?, n))
            }
            "pass" => bare(Choice::Pass),
            "pay" => Ok(Choice::Pay(essences(rest)?)),
            "gain" => Ok(Choice::Gain(essences(rest)?)),
            "pick" => Ok(Choice::Pick(card(rest)?)),
            "rival" => {
                let n: u8 = rest.parse().map_err(|_| fail("a rival is a seat number"))?;
                if n == 0 {
                    return Err(fail("seats are numbered from 1"));
                }
                Ok(Choice::Rival(n - 1))
            }
            "take" => bare(Choice::Take),
            "leave" => bare(Choice::Leave),
            "turn" => bare(Choice::Turn),
            "accept" => bare(Choice::Accept),
            "defend" => bare(Choice::Defend),
            "done" => bare(Choice::Done),
            "deck" => match rest {
                "own" => Ok(Choice::Deck(false)),
                "monuments" => Ok(Choice::Deck(true)),
                _ => Err(fail("the deck is `own` or `monuments`")),
            },
            "order" => {
                let mut perm = [0u8; 3];
                let names: Vec<&str> = if rest.is_empty() {
                    vec![]
                } else {
                    rest.split(',').map(str::trim).collect()
                };
                if names.len() != self.looking.len() {
                    return Err(fail("name every card looked at, once"));
                }
                for (k, n) in names.iter().enumerate() {
                    let c = card(n)?;
                    let i = self
                        .looking
                        .iter()
                        .position(|&x| x == c)
                        .ok_or_else(|| fail("that card is not being looked at"))?;
                    perm[k] = i as u8;
                }
                Ok(Choice::Order(perm))
            }
            _ => Err(fail("not a choice")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resarcana::setup::Setup;
    use crate::resarcana::state::Variant;
    use crate::resarcana::{Db, ResArcana};

    fn start() -> ResArcana {
        let db = Db::embedded().expect("embedded data");
        let setup = Setup {
            players: 2,
            variant: Variant::Standard,
            expansion_counts: false,
        };
        ResArcana::new_game(db, setup, 3).expect("a game")
    }

    #[test]
    fn names_and_numbers_read_back() {
        let g = start();
        let shard = g.db.find("Magical Shard").expect("a card");
        for c in [
            Choice::Use(shard, 1),
            Choice::Place(shard),
            Choice::ClaimBlind,
            Choice::Rival(1),
            Choice::Pay(Essences([0, 2, 0, 0, 1])),
            Choice::Gain(Essences::ZERO),
            Choice::Deck(true),
        ] {
            assert_eq!(g.parse_choice(&g.choice_text(&c)), Ok(c));
        }
        assert_eq!(g.choice_text(&Choice::Use(shard, 1)), "use Magical Shard 1");
        assert_eq!(
            g.parse_choice("use sacred grove 2"),
            Ok(Choice::Use(g.db.find("Sacred Grove").expect("a card"), 2))
        );
    }

    #[test]
    fn unreadable_texts_say_why() {
        let g = start();
        for bad in [
            "",
            "place Nothing Such",
            "use Magical Shard",
            "pay 2 gold 1 elan",
            "rival 0",
            "pass now",
            "order Hawk",
            "dance",
        ] {
            assert!(
                matches!(g.parse_choice(bad), Err(ApplyError::Unreadable(_))),
                "{bad}"
            );
        }
    }
}
