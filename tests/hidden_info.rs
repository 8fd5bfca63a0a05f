//! Nothing shows another seat's hidden cards (issue 15, #5): seeded games against the AI and
//! the replay viewer of unfinished games are walked decision by decision; every screen (at two
//! sizes, and after `v` in the viewer) and every log line is read, and no name of a card hidden
//! from the person looking may appear on it. Hidden: cards in another seat's hand or deck that
//! have never been in a public place (a discard pile, a frozen effect, a pending being, an effect
//! in play).

mod support;

use ratatui::crossterm::event::KeyCode;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;
use support::*;
use table::shell::game::Game;
use table::shell::record::save::{to_text, write_new};
use table::shell::record::{Recordable, SaveFile};
use table::shell::rng::Rng;
use table::shell::seats::SeatKind;
use table::shell::tui::app::{App, SaveDirs};
use table::shell::tui::theme::PaletteKind;
use table::tashkalar::engine::state::Phase;
use table::tashkalar::engine::{CardId, Choice, GameState, Mode, Seat};
use table::tashkalar::record::{GameSpec, SeatSpec};
use table::tashkalar::ui::setup::GameSetup;

fn names(state: &GameState, cards: impl Iterator<Item = CardId>) -> BTreeSet<String> {
    cards
        .filter_map(|c| state.db.get(c).map(|c| c.name.clone()))
        .collect()
}

/// Names of the cards in public places now.
fn public_now(state: &GameState) -> BTreeSet<String> {
    let mut out = names(
        state,
        state
            .legend_discard
            .iter()
            .chain(state.flare_discard.iter()),
    );
    for seat in state.seat_ids() {
        let st = state.seat(seat);
        out.extend(names(
            state,
            st.discard.iter().chain(st.frozen.iter()).chain(st.pending),
        ));
    }
    // A summoning announced, waiting for a piece to be taken back.
    if let Phase::SummonPickup(p) = state.phase {
        out.extend(names(state, std::iter::once(p.card)));
    }
    let mut run = state.effect.as_ref();
    while let Some(r) = run {
        out.extend(names(state, std::iter::once(r.card)));
        run = r.parent.as_deref();
    }
    out
}

/// Names of the cards `viewer` may not see (`None`: every hand is hidden), leaving out any name
/// ever public or held by the viewer.
fn hidden(state: &GameState, viewer: Option<usize>, ever_public: &BTreeSet<String>) -> Vec<String> {
    let own: BTreeSet<String> = viewer.map_or_else(BTreeSet::new, |v| {
        let st = state.seat(Seat(v as u8));
        names(state, st.hand.iter().chain(st.deck.iter()))
    });
    let mut out = BTreeSet::new();
    for seat in state.seat_ids() {
        if Some(seat.index()) == viewer {
            continue;
        }
        let st = state.seat(seat);
        out.extend(names(state, st.hand.iter().chain(st.deck.iter())));
    }
    out.into_iter()
        .filter(|n| !ever_public.contains(n) && !own.contains(n))
        .collect()
}

/// Every name in `secret` that shows on the screen (at two sizes) or in the log.
fn leaks(app: &App, secret: &[String]) -> Vec<String> {
    let mut shown = text(&render(app, 120, 40));
    shown.push_str(&text(&render(app, 200, 60)));
    for line in game(app).log() {
        shown.push_str(&line.text);
        shown.push('\n');
    }
    secret
        .iter()
        .filter(|n| shown.contains(n.as_str()))
        .map(|n| {
            let at = shown.find(n.as_str()).unwrap_or(0);
            let line = shown[..at].rsplit('\n').next().unwrap_or("");
            let rest = shown[at..].split('\n').next().unwrap_or("");
            format!("{n:?} in: {}{}", line.trim_start(), rest.trim_end())
        })
        .collect()
}

/// Blue (a person, Imperial) against the random bot (Red, Sylvan): different decks, so a name
/// on screen can only be the other seat's card.
fn against_the_ai(seed: u64) -> GameSetup {
    GameSetup {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        seats: vec![SeatKind::Human, SeatKind::Bot("random".into())],
        decks: vec!["Imperial".into(), "Sylvan".into()],
        seed,
    }
}

#[test]
fn playing_against_the_ai_shows_none_of_its_hidden_cards() {
    let mut returns_seen = 0;
    for seed in 1..=4u64 {
        let mut app = app(PaletteKind::Standard);
        app.env.ai_delay = Duration::ZERO;
        start(&mut app, &against_the_ai(seed));
        let mut rng = Rng::seeded(seed);
        let mut ever_public = BTreeSet::new();
        for step in 0..2_000 {
            let state = game(&app).state();
            if state.is_over() {
                break;
            }
            ever_public.extend(public_now(state));
            let secret = hidden(state, Some(0), &ever_public);
            let found = leaks(&app, &secret);
            assert!(found.is_empty(), "seed {seed}, step {step}: {found:#?}");
            if game(&app).ai_turn().is_some() {
                assert!(wait_ai(&mut app), "the AI answers");
                if game(&app)
                    .last_ai_step()
                    .is_some_and(|s| s.contains("to the bottom of its deck"))
                {
                    returns_seen += 1;
                }
            } else {
                let legal = state.choices();
                let c = legal[rng.below(legal.len() as u32) as usize];
                game_mut(&mut app).apply_choice(c).expect("a listed choice");
            }
        }
        assert!(game(&app).state().is_over(), "seed {seed}: the game ends");
    }
    // The step the issue found (the AI returning a card to its deck) was shown, without a name.
    assert!(returns_seen > 0);
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-hidden-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A random duel stopped after `decisions`, saved in `dir`: its path, start, choices and end.
fn unfinished_save(
    dir: &Path,
    seed: u64,
    decisions: usize,
) -> (PathBuf, GameState, Vec<Choice>, GameState) {
    let seat = |name: &str, player, deck: &str| SeatSpec {
        name: name.into(),
        player,
        deck: deck.into(),
    };
    let spec = GameSpec {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        seats: vec![
            seat("Blue", SeatKind::Human, "Imperial"),
            seat("Red", SeatKind::Human, "Sylvan"),
        ],
        scenario: None,
        rules: table::tashkalar::engine::RULES_VERSION,
    };
    let start = GameState::start(&spec, seed, &db()).expect("sets up");
    let mut game = start.clone();
    let mut rng = Rng::seeded(seed);
    let (mut texts, mut choices) = (Vec::new(), Vec::new());
    for _ in 0..decisions {
        let legal = game.choices();
        if game.is_over() || legal.is_empty() {
            break;
        }
        let c = legal[rng.below(legal.len() as u32) as usize];
        texts.push(game.choice_text(&c));
        choices.push(c);
        game.play(c).expect("legal");
    }
    assert!(!game.is_over(), "the game is unfinished");
    let save = SaveFile::new::<GameState>(spec, seed, texts, &game);
    let path = write_new(dir, "unfinished", &to_text(&save).expect("writes")).expect("saved");
    (path, start, choices, game)
}

#[test]
fn the_replay_of_an_unfinished_game_shows_no_hand() {
    let dir = temp_dir("replay");
    for seed in [3u64, 11] {
        let (path, start, choices, end) = unfinished_save(&dir, seed, 120);
        // Hidden: what is in a hand or deck at the end of the record and was never public
        // on the way there.
        let mut ever_public = BTreeSet::new();
        let mut g = start.clone();
        ever_public.extend(public_now(&g));
        for c in choices {
            g.play(c).expect("the record replays");
            ever_public.extend(public_now(&g));
        }
        assert_eq!(g.state_hash(), end.state_hash());
        let secret = hidden(&end, None, &ever_public);
        assert!(!secret.is_empty());

        let mut app = app(PaletteKind::Standard);
        app.saves = SaveDirs::only(dir.clone());
        let t = app.catalog.open(&path, true, &app.env).expect("opens");
        app.show(t);
        loop {
            let pos = game(&app).replay_cursor().expect("the viewer").pos();
            for _ in 0..3 {
                let found = leaks(&app, &secret);
                assert!(found.is_empty(), "seed {seed}, decision {pos}: {found:#?}");
                assert_eq!(game(&app).viewer(), None, "no seat's eyes");
                press(&mut app, KeyCode::Char('v'));
            }
            press(&mut app, KeyCode::Right);
            let cursor = game(&app).replay_cursor().expect("the viewer");
            if cursor.pos() == pos {
                break;
            }
        }
        assert_eq!(
            game(&app).replay_cursor().map(|c| c.pos()),
            game(&app).replay_cursor().map(|c| c.len())
        );
    }
}
