//! Issue 51: the bot server (`tashkalar bot`, `shell::ai::serve`) answers every bad line with an
//! error line and goes on: an observation with any number out of range (a deck, a seat, a
//! colour, a step of an effect), a line that is not UTF-8, a line far too long (read in bounded
//! memory). Nothing it is sent makes it panic.

mod common;

use serde_json::{Value, json};
use std::io::{BufReader, Cursor, Read};
use std::panic::{AssertUnwindSafe, catch_unwind};
use table::shell::ai::lines::MAX_LINE;
use table::shell::ai::serve::serve;
use table::shell::game::Game;
use table::shell::record::Recordable;
use table::shell::rng::Rng;
use table::tashkalar::engine::{GameConfig, GameState, Mode};

/// Serves `input` with `bot`; the lines answered.
fn served(bot: &str, input: impl Read) -> Vec<Value> {
    let mut output = Vec::new();
    serve::<GameState>(&common::db(), bot, BufReader::new(input), &mut output)
        .unwrap_or_else(|e| panic!("serving ends without an error: {e}"));
    String::from_utf8(output)
        .expect("the server writes UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("every answer is JSON"))
        .collect()
}

/// Positions along random games, each kind of decision once at most (effects mid-way included).
fn positions() -> Vec<GameState> {
    let db = common::db();
    let decks: Vec<String> = db.decks.iter().map(|d| d.name.clone()).collect();
    let mut rng = Rng::seeded(51);
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for game in 0..4u64 {
        let (mode, players, teams) = [
            (Mode::Deathmatch, 2, false),
            (Mode::HighForm, 2, false),
            (Mode::Deathmatch, 3, false),
            (Mode::HighForm, 4, true),
        ][game as usize];
        let config = GameConfig {
            mode,
            players,
            teams,
            decks: (0..players)
                .map(|s| decks[(game as usize * 3 + s as usize) % decks.len()].clone())
                .collect(),
        };
        let mut g = GameState::new_game(db.clone(), config, game).expect("a game");
        let mut legal = Vec::new();
        while !g.is_over() {
            let kind = format!("{:?}", g.phase);
            let kind = kind.split('(').next().unwrap_or_default().to_string();
            if seen.insert((game, kind, g.effect.is_some())) {
                out.push(g.clone());
            }
            Game::legal(&g, &mut legal);
            let c = legal[rng.below(legal.len() as u32) as usize];
            g.play_listed(c);
        }
    }
    out
}

/// Every number in `value`, by its path.
fn numbers(value: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match value {
        Value::Number(_) => out.push(path.clone()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(i.to_string());
                numbers(item, path, out);
                path.pop();
            }
        }
        Value::Object(fields) => {
            for (k, item) in fields {
                path.push(k.clone());
                numbers(item, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(value: &'a mut Value, path: &[String]) -> &'a mut Value {
    path.iter().fold(value, |v, k| match v {
        Value::Array(items) => &mut items[k.parse::<usize>().expect("an index")],
        other => &mut other[k.as_str()],
    })
}

/// Everything the server does with a state it accepted: its choices, the view the host would
/// get, each choice played, and the evaluation a bot would make.
fn exercise(g: &GameState) {
    let mut legal = Vec::new();
    Game::legal(g, &mut legal);
    let _ = Game::wire(g);
    // The evaluations the search bots make (called as the engine's functions, whichever trait
    // the bots reach them through).
    let _ = table::tashkalar::engine::eval::estimate(g);
    let _ = table::tashkalar::engine::eval::search_estimate(g);
    for c in legal.iter().take(8) {
        let _ = g.choice_text(c);
        let mut next = g.clone();
        next.play_listed(*c);
        let mut after = Vec::new();
        Game::legal(&next, &mut after);
    }
}

#[test]
fn no_number_out_of_range_in_an_observation_makes_the_server_panic() {
    let db = common::db();
    let mut tried = 0;
    let mut refused = 0;
    let mut panics = Vec::new();
    for g in positions() {
        let seat = Game::to_move(&g);
        let wire = Game::observation(&g, seat).wire().expect("offered");
        let mut paths = Vec::new();
        numbers(&wire["state"], &mut vec!["state".to_string()], &mut paths);
        for path in &paths {
            // One value of each kind that once panicked: a square taken twice (0, 9), a deck
            // past the six (9, 255), a full supply or set-up step (255), the last turn (65535).
            for bad in [
                json!(0),
                json!(9),
                json!(255),
                json!(65535),
                json!(u32::MAX),
            ] {
                let mut sent = wire.clone();
                *at(&mut sent, path) = bad.clone();
                tried += 1;
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    match GameState::from_wire(&db, &sent) {
                        Ok(state) => exercise(&state),
                        Err(_) => refused += 1,
                    }
                }));
                if outcome.is_err() {
                    panics.push(format!("{} = {bad}", path.join(".")));
                }
            }
        }
    }
    println!("{tried} observations with a number out of range, {refused} refused");
    assert!(tried > 10_000, "{tried}");
    assert!(panics.is_empty(), "{} panics: {:#?}", panics.len(), panics);
}

#[test]
fn an_out_of_range_deck_number_is_answered_with_an_error_line() {
    let g = common::scenario("(seed: 4)");
    let mut wire = Game::observation(&g, 0).wire().expect("offered");
    wire["state"]["seats"][0]["deck_id"] = json!(200);
    let decide =
        json!({"type": "decide", "seat": 0, "turn": 1, "observation": wire, "time_ms": 1000});
    let answers = served(
        "random",
        Cursor::new(format!("{decide}\n{{\"type\":\"hello\"}}\n")),
    );
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!(answers[0]["type"], "error", "{answers:?}");
    assert_eq!(answers[1]["type"], "ready");
}

#[test]
fn a_line_that_is_not_utf8_gets_an_error_and_serving_goes_on() {
    let mut input = b"{\"type\":\"he\xffllo\"}\n".to_vec();
    input.extend_from_slice(b"{\"type\":\"hello\",\"seed\":1}\n");
    let answers = served("random", Cursor::new(input));
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!(answers[0]["type"], "error");
    assert!(
        answers[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("UTF-8")),
        "{answers:?}"
    );
    assert_eq!(answers[1]["type"], "ready");
}

/// A reader of `size` bytes of `x` and a newline, made up as it is read (never held whole).
struct Endless {
    left: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Ok(0);
        }
        let n = buf.len().min(self.left);
        buf[..n].fill(b'x');
        self.left -= n;
        if self.left == 0 {
            buf[n - 1] = b'\n';
        }
        Ok(n)
    }
}

#[test]
fn a_huge_line_is_skipped_with_an_error_and_serving_goes_on() {
    // 64 MiB: the server holds at most MAX_LINE of it (what the limit is for; not measured).
    let huge = Endless { left: 64 << 20 };
    let after = Cursor::new(b"{\"type\":\"hello\",\"seed\":1}\n".to_vec());
    let answers = served("random", huge.chain(after));
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!(answers[0]["type"], "error");
    let message = answers[0]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(&MAX_LINE.to_string()),
        "the error names the limit: {message}"
    );
    assert_eq!(answers[1]["type"], "ready");
}
