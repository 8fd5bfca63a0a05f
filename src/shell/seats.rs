//! Who sits at each seat of a game: a person at this keyboard or a bot, and the name the screen
//! and the save use for the seat.

use serde::{Deserialize, Serialize};

/// Who plays a seat. Saves write it as `Human` or `Bot("mcts:normal")`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum SeatKind {
    /// A person at the keyboard.
    Human,
    /// A bot, by its name in [`crate::shell::ai::BOT_NAMES`].
    Bot(String),
}

impl SeatKind {
    /// Whether a person plays it.
    pub fn is_human(&self) -> bool {
        matches!(self, SeatKind::Human)
    }

    /// The outside program this seat names (`cmd:PROGRAM ARGS`, `cmd@SECONDS:...`), if it names
    /// one rather than a person or a built-in bot.
    pub fn outside_program(&self) -> Option<&str> {
        match self {
            SeatKind::Bot(name) if name.starts_with("cmd:") || name.starts_with("cmd@") => {
                Some(name)
            }
            _ => None,
        }
    }
}

/// A seat that a file asked an outside program to play, given back empty: a file never starts a
/// program, since files are shared and a save could otherwise run anything with the rights of
/// whoever opens it. Only the command line names a program to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmptiedSeat {
    /// The seat (0-based).
    pub seat: usize,
    /// Its name ("Red").
    pub name: String,
    /// What the file asked for (`cmd:PROGRAM ARGS`), as it was written.
    pub asked: String,
}

impl std::fmt::Display for EmptiedSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The file's text may hold anything: escaped so that it cannot drive the terminal.
        write!(
            f,
            "The save asks for an outside program at {}'s seat ({}); a file never starts a \
             program, so {} is played at this keyboard (`play --continue --ai {}=LEVEL` names \
             who plays it)",
            crate::shell::quote::escape(&self.name),
            crate::shell::quote::escape(&self.asked),
            crate::shell::quote::escape(&self.name),
            self.seat + 1
        )
    }
}

/// One seat as a save records it: its name and who plays it. Games whose seats carry nothing
/// more use it as it is (a game whose seats carry more, as Tash-Kalar's decks, keeps its own).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRecord {
    /// The name shown for the seat.
    pub name: String,
    /// Who plays it.
    pub player: SeatKind,
}

/// One seat's player.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Player {
    /// The name shown for the seat ("Blue").
    pub name: String,
    pub kind: SeatKind,
}

/// Every seat's player, in seat order (seat 0 first).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Seats {
    pub players: Vec<Player>,
}

impl Seats {
    /// Seats from their names and who plays them (a seat without a kind is a person's).
    pub fn new(names: Vec<String>, kinds: &[SeatKind]) -> Seats {
        let players = names
            .into_iter()
            .enumerate()
            .map(|(i, name)| Player {
                name,
                kind: kinds.get(i).cloned().unwrap_or(SeatKind::Human),
            })
            .collect();
        Seats { players }
    }

    /// The seats a file describes, made safe to play: every seat the file gives to an outside
    /// program comes back as a person's, and is listed so that the player can be told (and can
    /// name who plays it instead). Every path from a file to a live table goes through here.
    pub fn from_file(mut self) -> (Seats, Vec<EmptiedSeat>) {
        let mut emptied = Vec::new();
        for (seat, player) in self.players.iter_mut().enumerate() {
            if let Some(asked) = player.kind.outside_program() {
                emptied.push(EmptiedSeat {
                    seat,
                    name: player.name.clone(),
                    asked: asked.to_string(),
                });
                player.kind = SeatKind::Human;
            }
        }
        (self, emptied)
    }

    /// The seats a save's records describe.
    pub fn from_records(records: &[SeatRecord]) -> Seats {
        Seats {
            players: records
                .iter()
                .map(|r| Player {
                    name: r.name.clone(),
                    kind: r.player.clone(),
                })
                .collect(),
        }
    }

    /// Writes who plays each seat into a save's records (their names stay the records').
    pub fn record_players(&self, records: &mut [SeatRecord]) {
        for (record, player) in records.iter_mut().zip(&self.players) {
            record.player = player.kind.clone();
        }
    }

    /// How many seats.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// Whether there is no seat at all.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// The name of a seat ("Blue"); an unknown seat is "a player". A game's own seat type
    /// may be given where it converts into the seat's index.
    pub fn name(&self, seat: impl Into<usize>) -> &str {
        self.players
            .get(seat.into())
            .map_or("a player", |p| p.name.as_str())
    }

    /// Who plays a seat (a person if the seat is unknown).
    pub fn kind(&self, seat: impl Into<usize>) -> SeatKind {
        self.players
            .get(seat.into())
            .map_or(SeatKind::Human, |p| p.kind.clone())
    }

    /// Who plays each seat.
    pub fn kinds(&self) -> Vec<SeatKind> {
        self.players.iter().map(|p| p.kind.clone()).collect()
    }

    /// Whether a person plays a seat.
    pub fn is_human(&self, seat: impl Into<usize>) -> bool {
        self.kind(seat).is_human()
    }

    /// How many seats are played at this keyboard.
    pub fn humans(&self) -> usize {
        self.players.iter().filter(|p| p.kind.is_human()).count()
    }

    /// The only human seat, when exactly one person plays (against the AI).
    pub fn sole_human(&self) -> Option<usize> {
        let mut humans = self
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.kind.is_human());
        match (humans.next(), humans.next()) {
            (Some((i, _)), None) => Some(i),
            _ => None,
        }
    }

    /// "Blue vs Red (mcts:normal)": every seat, bots with their names.
    pub fn summary(&self) -> String {
        self.players
            .iter()
            .map(|p| match &p.kind {
                SeatKind::Human => p.name.clone(),
                SeatKind::Bot(b) => format!("{} ({b})", p.name),
            })
            .collect::<Vec<_>>()
            .join(" vs ")
    }
}

/// The bot a level names: a name from [`crate::shell::ai::BOT_NAMES`] as is, or a level of the
/// search bot (`normal` for `mcts:normal`).
pub fn resolve_bot(level: &str) -> Result<String, String> {
    use crate::shell::ai::BOT_NAMES;
    let level = level.trim();
    if BOT_NAMES.contains(&level) {
        return Ok(level.to_string());
    }
    let prefixed = format!("mcts:{level}");
    if BOT_NAMES.contains(&prefixed.as_str()) {
        return Ok(prefixed);
    }
    Err(format!(
        "unknown AI level `{level}` (this build has: {})",
        BOT_NAMES.join(", ")
    ))
}

/// The bot a seat made an AI without a level gets: the level a new player should meet.
pub fn default_bot() -> &'static str {
    use crate::shell::ai::BOT_NAMES;
    if BOT_NAMES.contains(&"mcts:normal") {
        "mcts:normal"
    } else {
        BOT_NAMES.last().copied().unwrap_or("random")
    }
}

/// Reads `SEAT=LEVEL` (or just `SEAT`, for the default level) into a 0-based seat and a bot name.
pub fn parse_ai(spec: &str, players: usize) -> Result<(usize, String), String> {
    let (seat, level) = match spec.split_once('=') {
        Some((s, l)) => (s, Some(l)),
        None => (spec, None),
    };
    let n: usize = seat
        .trim()
        .parse()
        .map_err(|_| format!("--ai {spec}: `{seat}` is not a seat number (1-{players})"))?;
    if n == 0 || n > players {
        return Err(format!(
            "--ai {spec}: seat {n} does not exist in a {players}-player game"
        ));
    }
    let bot = match level {
        // An outside program, named here by the person starting the game (never by a file).
        Some(l)
            if SeatKind::Bot(l.trim().to_string())
                .outside_program()
                .is_some() =>
        {
            crate::shell::ai::external::ExternalBot::from_name(l.trim(), 0)
                .map_err(|e| format!("--ai {spec}: {e}"))?;
            l.trim().to_string()
        }
        Some(l) => resolve_bot(l).map_err(|e| format!("--ai {spec}: {e}"))?,
        None => default_bot().to_string(),
    };
    Ok((n - 1, bot))
}

/// Who plays each of `players` seats given `--ai SEAT=LEVEL` flags (the others are people).
pub fn kinds_from_flags(flags: &[String], players: usize) -> Result<Vec<SeatKind>, String> {
    let mut kinds = vec![SeatKind::Human; players];
    for spec in flags {
        let (seat, bot) = parse_ai(spec, players)?;
        kinds[seat] = SeatKind::Bot(bot);
    }
    Ok(kinds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ai_flags() {
        assert_eq!(parse_ai("2=random", 2), Ok((1, "random".to_string())));
        assert!(parse_ai("3=random", 2).is_err());
        assert!(parse_ai("x=random", 2).is_err());
        assert!(parse_ai("2=nonsense", 2).is_err());
        assert_eq!(parse_ai("2", 2).map(|(s, _)| s), Ok(1));
        assert_eq!(resolve_bot("hard"), Ok("mcts:hard".to_string()));
        assert_eq!(
            parse_ai("2=cmd:my-bot --fast", 2),
            Ok((1, "cmd:my-bot --fast".to_string()))
        );
        assert!(parse_ai("2=cmd:", 2).is_err());
    }

    #[test]
    fn a_file_never_names_a_program_to_start() {
        let kinds = [
            SeatKind::Human,
            SeatKind::Bot("cmd:rm -rf x".into()),
            SeatKind::Bot("mcts:hard".into()),
            SeatKind::Bot("cmd@3:sh".into()),
        ];
        let names = ["Blue", "Red", "Green", "Yellow"]
            .map(String::from)
            .to_vec();
        let (seats, emptied) = Seats::new(names, &kinds).from_file();
        assert_eq!(
            seats.kinds(),
            [
                SeatKind::Human,
                SeatKind::Human,
                SeatKind::Bot("mcts:hard".into()),
                SeatKind::Human
            ]
        );
        let asked: Vec<(usize, &str)> =
            emptied.iter().map(|e| (e.seat, e.asked.as_str())).collect();
        assert_eq!(asked, [(1, "cmd:rm -rf x"), (3, "cmd@3:sh")]);
        assert!(emptied[0].to_string().contains("--ai 2=LEVEL"));
    }
}
