//! TEMPORARY: a minimal registration of Res Arcana, to try its screen from the real binary
//! before the lead's `def.rs` is merged. Dropped on merge.

use super::ui::{BANNER, BLURB};
use super::{Db, ID, Setup, Variant, record};
use crate::shell::registry::{
    About, CommandError, GameDef, Options, PlayRequest, SimRequest, seat_kinds,
};
use crate::shell::tui::catalog::GameEntry;
use crate::shell::tui::screens::form::fresh_seed;
use crate::shell::tui::table::{TableEnv, TableScreen};

/// Res Arcana on the table (temporary).
pub struct TryResArcana;

static ABOUT: About = About {
    id: ID,
    title: "Res Arcana",
    blurb: BLURB,
    banner: BANNER,
    save_format: record::FORMAT,
    players: (2, 4),
    hidden_information: true,
    chance: true,
};

fn db() -> Result<std::sync::Arc<Db>, CommandError> {
    Db::embedded().map_err(|e| CommandError::Failed(e.to_string()))
}

impl GameDef for TryResArcana {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn entry(&self, _: &Options) -> Result<Box<dyn GameEntry>, CommandError> {
        Ok(Box::new(super::ui::entry(db()?)))
    }

    fn check(&self, _: &Options) -> Result<String, CommandError> {
        Ok(format!("{} components\n", db()?.len()))
    }

    fn table(
        &self,
        _: &Options,
        request: &PlayRequest,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, CommandError> {
        let setup = Setup {
            players: request.players.unwrap_or(2),
            variant: Variant::Standard,
            expansion_counts: false,
        };
        let kinds = seat_kinds(&request.ai, setup.players as usize)?;
        let seed = request.seed.unwrap_or_else(fresh_seed);
        Ok(super::ui::setup::table(
            db()?,
            setup,
            &kinds,
            seed,
            request.save_dir.as_deref(),
            env,
        )?)
    }

    fn sim(&self, _: &Options, _: &SimRequest) -> Result<String, CommandError> {
        Err(self.lacks("sim", "a registration (this one is temporary)"))
    }
}
