//! High Ground's side of the command line: the set-ups of `sim` (the games of a tournament),
//! as plain functions that are easy to test.

use super::record::Spec;
use super::setup::Setup;
use super::state::Variant;
use super::ui::setup::spec_for;
use crate::shell::sim::{self, Pairing};

/// What a tournament of High Ground plays.
#[derive(Clone, Debug)]
pub struct TournamentSpec {
    pub variant: Variant,
    pub players: u8,
    pub games: u32,
    /// Game `i` is dealt from `seed + i`.
    pub seed: u64,
    /// Bot names; seats rotate from game to game so that every bot plays every seat.
    pub bots: Vec<String>,
}

/// The games of a tournament, in order. The set-up is checked first: a refusal is the run's
/// error.
pub fn pairings(t: &TournamentSpec) -> Result<Vec<Pairing<Spec>>, String> {
    let setup = Setup {
        players: t.players,
        variant: t.variant,
    };
    setup.validate().map_err(|e| format!("--players: {e}"))?;
    sim::pairings(&t.bots, t.players as usize, t.games, t.seed, |_, kinds| {
        Ok(spec_for(setup, kinds))
    })
}

/// Reads a variant as the command line writes it.
pub fn parse_variant(s: &str) -> Result<Variant, String> {
    match s {
        "normal" => Ok(Variant::Normal),
        "mini" => Ok(Variant::Mini),
        _ => Err(format!("unknown variant `{s}` (normal or mini)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_rotate_and_set_ups_are_checked() {
        let spec = TournamentSpec {
            variant: Variant::Mini,
            players: 2,
            games: 3,
            seed: 10,
            bots: vec!["greedy".into(), "random".into()],
        };
        let games = pairings(&spec).expect("pairings");
        assert_eq!(games.len(), 3);
        assert_eq!(games[1].bots, ["random", "greedy"]);
        assert_eq!(games[2].seed, 12);
        assert_eq!(games[0].spec.seats[0].name, "Blue");
        let five = TournamentSpec {
            players: 5,
            ..spec.clone()
        };
        assert!(pairings(&five).is_err());
        let crowded = TournamentSpec {
            bots: vec!["random".into(); 3],
            ..spec
        };
        assert!(pairings(&crowded).is_err());
        assert_eq!(parse_variant("mini"), Ok(Variant::Mini));
        assert!(parse_variant("huge").is_err());
    }
}
