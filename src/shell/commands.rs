//! The commands of the table written once for every game: a new game put on a table (one set-up
//! flow), a tournament with its saves and report, `legal` and `think` on a position, and a bot
//! served over the protocol. A game's [`crate::shell::registry::GameDef`] calls these with its
//! own types and the few things only it knows (its set-up, its pairings, its labels).

use crate::shell::ai::{serve, think};
use crate::shell::game::Heuristics;
use crate::shell::position::{Positions, play_indexes};
use crate::shell::record::save::{self, write_new};
use crate::shell::record::{Recordable, SaveFile};
use crate::shell::registry::{CommandError, SimRequest, ThinkRequest};
use crate::shell::sim::{self, Pairing, Played};
use crate::shell::tui::catalog::autosave_for;
use crate::shell::tui::table::{Table, TableEnv, TableScreen};
use crate::shell::tui::ui::GameUi;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// A new game on a table, from its spec: set up from `seed` (or from the position the spec
/// holds), its seats as the spec names them, saved into `save_dir` (when given) under a name
/// made of the time and `label`. The one set-up flow of every game, from the command line and
/// from the new-game form alike.
pub fn start_table<U: GameUi>(
    ctx: &<U::Game as Recordable>::Context,
    spec: <U::Game as Recordable>::Spec,
    seed: u64,
    label: &str,
    save_dir: Option<&Path>,
    env: &TableEnv,
) -> Result<Box<dyn TableScreen>, String> {
    let game = <U::Game as Recordable>::start(&spec, seed, ctx).map_err(|e| e.to_string())?;
    let seats = <U::Game as Recordable>::seats(&spec);
    let autosave = autosave_for::<U::Game>(save_dir, label, spec, seed);
    let table = Table::<U>::live(game, seats, Some(seed), autosave, env)?;
    Ok(Box::new(table))
}

/// What a game's tournament plays: its games, and how the report and the saves name them.
pub struct Tournament<S> {
    pub games: Vec<Pairing<S>>,
    /// The end of each save's name ("deathmatch", "high-ground-mini").
    pub label: String,
    /// The report's title ("200 games of deathmatch for 2 players" is made from "deathmatch
    /// for 2 players").
    pub title: String,
    /// The set-up as the JSON report gives it (`{"game": ..., "mode": ...}`).
    pub setup: serde_json::Value,
}

/// Plays a tournament, saving each game when the request names a folder; the report to print.
pub fn sim<G: Recordable + Heuristics>(
    ctx: &G::Context,
    tournament: &Tournament<G::Spec>,
    request: &SimRequest,
) -> Result<String, CommandError> {
    refuse_unserved_programs::<G>(ctx, tournament, &request.bots)?;
    if let Some(dir) = &request.save_dir {
        save::check_dir(dir).map_err(|e| e.to_string())?;
    }
    let mut save_problem = None;
    let mut saved = 0;
    let report = sim::run::<G>(
        ctx,
        &tournament.games,
        &request.bots,
        request.jobs,
        |game| {
            if let Some(dir) = &request.save_dir
                && save_problem.is_none()
            {
                match save_played(ctx, dir, game, &tournament.label) {
                    Ok(_) => saved += 1,
                    Err(e) => save_problem = Some(e),
                }
            }
        },
    )
    .map_err(|e| e.to_string())?;
    if let Some(problem) = save_problem {
        return Err(CommandError::Failed(format!(
            "{problem} (after {saved} saves)"
        )));
    }
    Ok(if request.json {
        format!("{}\n", report.json(tournament.setup.clone()))
    } else {
        let title = format!("{} games of {}", report.games, tournament.title);
        report.text(&title, &request.bots)
    })
}

/// An outside program cannot play a game that is not offered over the bot protocol: refused
/// before the first game rather than forfeiting every one.
fn refuse_unserved_programs<G: Recordable>(
    ctx: &G::Context,
    tournament: &Tournament<G::Spec>,
    bots: &[String],
) -> Result<(), CommandError> {
    let program = bots.iter().find(|b| {
        crate::shell::seats::SeatKind::Bot((*b).clone())
            .outside_program()
            .is_some()
    });
    let (Some(program), Some(first)) = (program, tournament.games.first()) else {
        return Ok(());
    };
    let start = G::start(&first.spec, first.seed, ctx).map_err(|e| e.to_string())?;
    if start.observation(start.to_move()).wire().is_none() {
        return Err(CommandError::Failed(format!(
            "`{}`: {} is not offered over the bot protocol, so an outside program cannot play it",
            crate::shell::quote::escape(program),
            G::TITLE
        )));
    }
    Ok(())
}

/// Writes one bot game of a tournament as a save in `dir`; returns the file.
fn save_played<G: Recordable + Heuristics>(
    ctx: &G::Context,
    dir: &Path,
    game: &Played<G>,
    label: &str,
) -> Result<PathBuf, String> {
    let seed = game.pairing.seed;
    let start = G::start(&game.pairing.spec, seed, ctx).map_err(|e| format!("seed {seed}: {e}"))?;
    let texts = crate::shell::record::replay::notation(start, &game.played.choices)
        .map_err(|e| format!("seed {seed}: {e}"))?;
    let save = SaveFile::new::<G>(game.pairing.spec.clone(), seed, texts, &game.played.end);
    let text = save::to_text(&save).map_err(|e| e.to_string())?;
    let stem = format!(
        "{}-seed{seed}",
        save::stem_for(std::time::SystemTime::now(), label)
    );
    write_new(dir, &stem, &text).map_err(|e| e.to_string())
}

/// `legal`: the position's pending decision after the choices `then` (indexes, one decision
/// after another), as the game writes it.
pub fn legal<G: Positions>(
    ctx: &G::Context,
    position: &str,
    then: &[usize],
    json: bool,
) -> Result<String, CommandError> {
    let mut game = G::from_position(ctx, position).map_err(|e| e.to_string())?;
    play_indexes(&mut game, then).map_err(|e| e.to_string())?;
    Ok(if json {
        format!("{}\n", game.legal_document())
    } else {
        game.legal_text()
    })
}

/// `think`: the choice a built-in bot makes in the position (as the seat to move sees it), with
/// its best alternatives.
pub fn think<G: Positions + Heuristics>(
    ctx: &G::Context,
    position: &str,
    request: &ThinkRequest,
) -> Result<String, CommandError> {
    let bot = built_in(&request.bot, "--bot")?;
    let game = G::from_position(ctx, position).map_err(|e| e.to_string())?;
    if game.is_over() {
        return Err("the game is over in this position: there is nothing to decide".into());
    }
    let observation = game.observation(game.to_move());
    let analysis = think::think(&observation, &bot, request.seed, request.top)?;
    Ok(if request.json {
        format!("{}\n", analysis.json())
    } else {
        analysis.text()
    })
}

/// `bot`: serves a built-in bot over the bot protocol on `input` and `output`.
pub fn serve_bot<G: Recordable + Heuristics>(
    ctx: &G::Context,
    level: &str,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), CommandError> {
    let bot = built_in(level, "--level")?;
    serve::serve::<G>(ctx, &bot, input, output).map_err(CommandError::Failed)
}

/// The built-in bot a level names (`hard` for `mcts:hard`); an outside program is refused, since
/// these commands play the table's own bots.
fn built_in(level: &str, flag: &str) -> Result<String, CommandError> {
    let bot = serve::level_bot(level);
    if crate::shell::seats::SeatKind::Bot(bot.clone())
        .outside_program()
        .is_some()
    {
        return Err(CommandError::Failed(format!(
            "{flag} names a built-in bot, not an outside program"
        )));
    }
    Ok(bot)
}
