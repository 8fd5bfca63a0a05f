//! The keymap drives both the hint bar and the help screen; menus, refusals, lists and privacy.

mod support;

use ratatui::crossterm::event::KeyCode;
use support::*;
use table::shell::seats::SeatKind;
use table::shell::tui::app::{App, Overlay, Screen, hint_text};
use table::shell::tui::keymap::{self, Context, KEYMAP};
use table::shell::tui::theme::PaletteKind;
use table::tashkalar::engine::{Choice, DecisionKind, Mode, Seat};
use table::tashkalar::ui::setup::GameSetup;

fn blue_to_play() -> App {
    let mut app = app(PaletteKind::Standard);
    start(&mut app, &hot_seat(8));
    for _ in 0..3 {
        press(&mut app, KeyCode::Enter);
    }
    assert!(game(&app).human_turn());
    app
}

#[test]
fn the_help_screen_lists_every_binding_of_the_keymap() {
    let mut app = blue_to_play();
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(app.context(), Context::Help);
    // Scroll through the help and collect everything it shows.
    let mut seen = String::new();
    for _ in 0..30 {
        seen.push_str(&text(&render(&app, 200, 60)));
        for _ in 0..20 {
            press(&mut app, KeyCode::Down);
        }
    }
    for b in KEYMAP {
        assert!(seen.contains(b.help), "help shows: {}", b.help);
        assert!(
            seen.contains(&keymap::keys_text(b)),
            "help shows keys {}",
            keymap::keys_text(b)
        );
    }
    // The game screen's own keys too.
    for b in table::tashkalar::ui::KEYS {
        assert!(seen.contains(b.help), "help shows: {}", b.help);
        assert!(seen.contains(&keymap::keys_text(b)));
    }
    for ctx in Context::ALL {
        assert!(seen.contains(ctx.title()));
    }
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.context(), Context::Game);
}

#[test]
fn the_hint_bar_offers_only_what_is_possible_now() {
    let mut app = blue_to_play();
    let bar = hint_text(&app);
    assert!(
        bar.contains("Enter choose") && bar.contains("? help"),
        "{bar}"
    );
    // One action left, so ending the turn is not offered; nothing to skip.
    assert!(!bar.contains("end turn"), "{bar}");
    assert!(!bar.contains("skip"), "{bar}");
    // e explains why not.
    press(&mut app, KeyCode::Char('e'));
    let note = game(&app).note().cloned().expect("a reason");
    assert!(
        note.text.contains("every action must be used"),
        "{}",
        note.text
    );
    // Every hint is a binding of this context (the game's or the shell's).
    for h in app.hints() {
        let known = |hint: &str, group: Option<&str>| hint == h.label || group == Some(&h.label);
        assert!(
            keymap::bindings(KEYMAP, Context::Game).any(|b| known(b.hint, b.group))
                || keymap::bindings(table::tashkalar::ui::KEYS, Context::Game)
                    .any(|b| known(b.hint, b.group)),
            "{h:?}"
        );
    }
    // Selecting a card brings "next way" and "back" into the bar.
    press(&mut app, KeyCode::Tab);
    let bar = hint_text(&app);
    assert!(bar.contains("Space next way"), "{bar}");
    assert!(bar.contains("Esc cancel"), "{bar}");
}

#[test]
fn keys_reach_every_kind_of_choice_even_without_the_board() {
    let mut app = blue_to_play();
    // c lists every legal choice in words; taking the first one applies it.
    press(&mut app, KeyCode::Char('c'));
    let popup = game(&app)
        .popup()
        .cloned()
        .expect("the list of choices opens");
    let g = game(&app);
    assert_eq!(popup.entries.len(), g.model().choices.len());
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("Every legal choice"));
    assert!(shown.contains(&popup.entries[0]));
    let before = (g.state().state_hash(), g.log().len());
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert!(game(&app).popup().is_none());
    // Blue's only action ends the turn: Enter on "End turn" confirms it.
    confirm_turn_end(&mut app);
    let g = game(&app);
    assert_ne!(
        g.state().state_hash(),
        before.0,
        "the second choice was applied"
    );
    assert!(g.log().len() > before.1, "and told in the log");
}

#[test]
fn a_discard_then_returning_cards_with_number_keys_and_skip() {
    let mut app = blue_to_play();
    press(&mut app, KeyCode::Tab);
    let g = game(&app);
    let being = g
        .items()
        .iter()
        .position(|i| {
            !g.state().db.card(i.card).is_legend() && g.state().db.card(i.card).flare.is_none()
        })
        .expect("a being in hand");
    while game(&app).ui().hand_index != being {
        press(&mut app, KeyCode::Down);
    }
    let name = game(&app)
        .state()
        .db
        .card(game(&app).items()[being].card)
        .name
        .clone();
    // The first being has the hand's first letter: once it is gone, the bar still offers
    // the letters of the cards left.
    assert_eq!(game(&app).items()[being].slot, 0);
    // x selects the discard; Enter confirms it (a discard is never made by one key).
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Enter);
    let g = game(&app);
    assert!(
        g.log()
            .iter()
            .any(|l| l.text == format!("Blue discarded {name}"))
    );
    assert_eq!(g.model().decision.kind, DecisionKind::ReturnCards);
    // No board choice: the options panel has the focus and numbers every option.
    assert_eq!(
        g.ui().focus,
        table::tashkalar::ui::interaction::Focus::Options
    );
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("1 Return "), "{shown}");
    assert!(shown.contains("Done: return no more cards"));
    assert!(hint_text(&app).contains("s skip"));
    assert!(
        app.hints().iter().any(|h| h.label == "card"),
        "{}",
        hint_text(&app)
    );
    let returned = g.model().options[0];
    press(&mut app, KeyCode::Char('1'));
    let g = game(&app);
    let Choice::Return(card) = returned else {
        panic!("the first option returns a card");
    };
    assert!(!g.state().seat(Seat(0)).hand.contains(card));
    assert!(g.log().iter().any(|l| l.text.contains("returned a")));
    if g.model().decision.kind == DecisionKind::ReturnCards {
        press(&mut app, KeyCode::Char('s'));
    }
    assert_ne!(game(&app).model().decision.kind, DecisionKind::ReturnCards);
}

#[test]
fn refusals_explain_why() {
    let mut app = blue_to_play();
    // A legend cannot be discarded.
    press(&mut app, KeyCode::Tab);
    let g = game(&app);
    let legend = g
        .items()
        .iter()
        .position(|i| g.state().db.card(i.card).is_legend())
        .expect("a legend in hand");
    while game(&app).ui().hand_index != legend {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Char('x'));
    let note = game(&app).note().cloned().expect("a reason");
    assert!(
        note.warn && note.text.contains("only those can be discarded"),
        "{}",
        note.text
    );
    assert!(text(&render(&app, 120, 40)).contains("only those can be"));
    // A card that cannot be summoned says so.
    press(&mut app, KeyCode::Enter);
    let note = game(&app).note().cloned().expect("a reason");
    assert!(
        note.text.contains("cannot be summoned now"),
        "{}",
        note.text
    );
    // Esc returns to the board, and the refusal goes with the key it answered.
    press(&mut app, KeyCode::Esc);
    assert_eq!(
        game(&app).ui().focus,
        table::tashkalar::ui::interaction::Focus::Board
    );
    assert!(game(&app).note().is_none());
    assert!(!text(&render(&app, 120, 40)).contains("cannot be summoned now"));
}

#[test]
fn menu_entries_for_saves_say_why_there_is_nothing_to_open() {
    // A session without a save directory keeps no saves; one with an empty directory has none.
    let dir = std::env::temp_dir().join(format!("tashkalar-keys-{}-empty", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for save_dir in [None, Some(dir.clone())] {
        let mut app = app(PaletteKind::Standard);
        app.saves = table::shell::tui::app::SaveDirs {
            write: save_dir.clone(),
            also: Vec::new(),
        };
        for (i, what) in [
            (1, "No unfinished game to continue"),
            (2, "No saved games"),
            (3, "No saved games"),
        ] {
            let what = if save_dir.is_none() {
                "Saving is off"
            } else {
                what
            };
            press(&mut app, KeyCode::Char(char::from(b'1' + i)));
            let Some(Overlay::Notice(text_shown)) = app.overlay.clone() else {
                panic!("a notice for entry {i}");
            };
            assert!(text_shown.contains(what), "{text_shown}");
            assert!(text(&render(&app, 80, 24)).contains(what));
            press(&mut app, KeyCode::Enter);
            assert!(app.overlay.is_none());
            assert!(matches!(app.screen, Screen::Menu));
        }
    }
}

#[test]
fn rules_pages_and_palettes_from_the_menu() {
    let mut app = app(PaletteKind::Standard);
    press(&mut app, KeyCode::Char('5'));
    assert!(matches!(app.screen, Screen::Rules(_)));
    let first = text(&render(&app, 80, 24));
    assert!(first.contains("Tash-Kalar: The game"));
    press(&mut app, KeyCode::Right);
    assert!(text(&render(&app, 80, 24)).contains("Tash-Kalar: A turn"));
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::Menu));
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(app.palette(), PaletteKind::ColourBlind);
    assert!(text(&render(&app, 80, 24)).contains("Colours: colour-blind"));
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(app.palette(), PaletteKind::Mono);
    press(&mut app, KeyCode::Char('q'));
    assert!(app.quit, "q quits at once from the menu");
}

#[test]
fn a_click_on_a_rules_tab_opens_its_page_where_the_tab_is_drawn() {
    use table::shell::tui::screens::rules;
    let mut app = app(PaletteKind::Standard);
    press(&mut app, KeyCode::Char('5'));
    let Screen::Rules(state) = &app.screen else {
        panic!("the rules pages");
    };
    let titles: Vec<&str> = state.pages.iter().map(|p| p.title).collect();
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        // Scrolled down first: the tabs stay where they are drawn.
        press(&mut app, KeyCode::PageDown);
        for (i, title) in titles.iter().enumerate().rev() {
            let buf = render(&app, w, h);
            let (x, y) = find(&buf, &format!(" {title} "))
                .unwrap_or_else(|| panic!("{w}x{h}: tab {title} drawn: {}", text(&buf)));
            // The tab's cells are the ones the layout gives it.
            let Screen::Rules(state) = &app.screen else {
                panic!("still the rules pages");
            };
            let body = table::shell::tui::app::body_area(ratatui::layout::Rect::new(0, 0, w, h));
            assert_eq!(
                rules::tab_at(body, state, x + 1, y),
                Some(i),
                "{w}x{h} {title}"
            );
            click(&mut app, x + 1, y, w, h);
            let Screen::Rules(state) = &app.screen else {
                panic!("a click on a tab stays on the rules pages");
            };
            assert_eq!(state.page, i, "{w}x{h}: a click on {title}");
            assert!(
                text(&render(&app, w, h)).contains(&format!("Tash-Kalar: {title}")),
                "{w}x{h}: {title} shown"
            );
        }
    }
    // A click beside the tabs does nothing.
    click(&mut app, 0, 0, 120, 40);
    assert!(matches!(&app.screen, Screen::Rules(s) if s.page == 0));
}

#[test]
fn hands_stay_hidden_while_the_ai_plays_between_two_people() {
    let mut app = app(PaletteKind::Standard);
    let bot = table::shell::ai::BOT_NAMES[0].to_string();
    let setup = GameSetup {
        mode: Mode::Deathmatch,
        players: 3,
        teams: false,
        seats: vec![SeatKind::Human, SeatKind::Human, SeatKind::Bot(bot)],
        decks: vec!["Imperial".into(); 3],
        seed: 17,
    };
    start(&mut app, &setup);
    // The melee setup is decided by the last seat: the AI.
    let mut guard = 0;
    loop {
        let g = game(&app);
        if g.gate().is_some() {
            break;
        }
        assert!(g.ai_turn().is_some(), "{:?}", g.model().decision);
        assert_eq!(g.viewer(), None, "no hand while the AI plays");
        let shown = text(&render(&app, 120, 40));
        assert!(shown.contains("Hands stay hidden"), "{shown}");
        for seat in [Seat(0), Seat(1)] {
            for c in g.state().seat(seat).hand.iter() {
                let name = &g.state().db.card(c).name;
                assert!(!shown.contains(name.as_str()), "{name} hidden");
            }
        }
        assert!(wait_ai(&mut app));
        guard += 1;
        assert!(guard < 20);
    }
    // Then Blue is asked to take the keyboard.
    assert_eq!(game(&app).gate(), Some(0));
    press(&mut app, KeyCode::Enter);
    let g = game(&app);
    assert_eq!(g.viewer(), Some(0));
    assert_eq!(g.model().decision.kind, DecisionKind::Action);
    // Melee scores are per colour.
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains("0 points (the lowest of: Red 0, Green 0)"),
        "{shown}"
    );
}

#[test]
fn a_number_with_no_such_option_is_refused_in_words() {
    let mut app = blue_to_play();
    let before = game(&app).session().choices.len();
    press(&mut app, KeyCode::Char('7'));
    let shown = text(&render(&app, 140, 45));
    assert!(shown.contains("there is no option 7 now"), "{shown}");
    assert_eq!(
        game(&app).session().choices.len(),
        before,
        "nothing was chosen"
    );
}
