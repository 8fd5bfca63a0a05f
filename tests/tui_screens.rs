//! The screens rendered to a `TestBackend` at several sizes: what is shown, and the styles that
//! carry meaning (seat colours, square kinds, targets, the cursor), in every palette.

mod support;

use ratatui::crossterm::event::KeyCode;
use ratatui::style::Modifier;
use support::*;
use table::shell::seats::SeatKind;
use table::shell::tui::app::App;
use table::shell::tui::theme::{PaletteKind, Theme};
use table::tashkalar::engine::board::{Colour, Rank, arena};
use table::tashkalar::engine::{CardDb, DecisionKind, Mode};
use table::tashkalar::ui::look::{SquareLook, piece_letter};
use table::tashkalar::ui::setup::GameSetup;

const SIZES: [(u16, u16); 4] = [(80, 24), (120, 40), (160, 50), (200, 60)];

/// A hot-seat game past its setup, with Blue to play and its hand revealed.
fn started(palette: PaletteKind) -> App {
    let mut app = app(palette);
    start(&mut app, &hot_seat(5));
    press(&mut app, KeyCode::Enter); // Red passes the gate
    press(&mut app, KeyCode::Enter); // Red's start square (cursor starts on a legal one)
    press(&mut app, KeyCode::Enter); // Blue passes the gate
    let g = game(&app);
    assert_eq!(g.model().decision.kind, DecisionKind::Action);
    assert!(g.human_turn());
    app
}

#[test]
fn menu_renders_at_every_size_with_the_selection_marked() {
    let app = app(PaletteKind::Standard);
    for (w, h) in SIZES {
        let buf = render(&app, w, h);
        let (x, y) = find(&buf, "New game").expect("menu entry");
        assert!(
            buf[(x, y)].modifier.contains(Modifier::REVERSED),
            "{w}x{h}: the selected entry is reversed"
        );
        let (qx, qy) = find(&buf, "Quit").expect("quit entry");
        assert!(!buf[(qx, qy)].modifier.contains(Modifier::REVERSED));
        for label in [
            "Continue the last game",
            "Load a save",
            "Replay a save",
            "Rules and help",
        ] {
            assert!(find(&buf, label).is_some(), "{w}x{h}: {label}");
        }
    }
}

#[test]
fn a_too_small_terminal_gets_a_message_not_a_broken_screen() {
    let game = started(PaletteKind::Standard);
    for (w, h) in [(79, 24), (80, 23), (40, 12), (12, 3), (1, 1)] {
        let buf = render(&game, w, h);
        let shown = text(&buf);
        if w >= 18 && h >= 2 {
            assert!(shown.contains("Terminal too small"), "{w}x{h}:\n{shown}");
        }
        assert!(!shown.contains("Arena"), "{w}x{h}: no board drawn");
    }
    let buf = render(&game, 60, 20);
    assert!(text(&buf).contains("60x20 now, 80x24 needed"));
}

#[test]
fn the_board_shows_coordinates_squares_and_pieces_at_every_size() {
    let app = started(PaletteKind::Standard);
    let theme = Theme::new(PaletteKind::Standard);
    let g = game(&app);
    let board = g.seat_view().board.clone();
    for (w, h) in SIZES {
        let buf = render(&app, w, h);
        // File letters in order on one line, under the grid; rank numbers left of it.
        let files_y = cell_rect(&app, sq("e1"), w, h).bottom();
        for (i, f) in ('a'..='i').enumerate() {
            let s = table::tashkalar::engine::Square::new(i as i8, 0).expect("grid");
            let (x, _) = square_pos(&app, s, w, h);
            assert_eq!(
                buf[(x, files_y)].symbol(),
                f.to_string(),
                "{w}x{h}: file {f}"
            );
        }
        for r in 1..=9i8 {
            let s = table::tashkalar::engine::Square::new(0, r - 1).expect("grid");
            let (x, y) = square_pos(&app, s, w, h);
            let left: String = (0..x).map(|c| buf[(c, y)].symbol().to_string()).collect();
            assert!(
                left.contains(&r.to_string()),
                "{w}x{h}: rank {r} label ({left:?})"
            );
        }
        // Every piece: its letter, on its seat's colour; heroic and legendary in bold.
        for s in arena::PLAYABLE.iter() {
            let (x, y) = square_pos(&app, s, w, h);
            let cell = &buf[(x, y)];
            match board.get(s) {
                Some(p) => {
                    assert_eq!(
                        cell.symbol(),
                        piece_letter(p.colour, p.rank).to_string(),
                        "{w}x{h} {s}"
                    );
                    assert_eq!(
                        Some(cell.bg),
                        theme.player(p.colour).bg,
                        "{w}x{h} {s}: seat colour"
                    );
                }
                None => {
                    let look = SquareLook::of(s);
                    assert_eq!(cell.symbol(), look.symbol().to_string(), "{w}x{h} {s}");
                    if g.ui().cursor != s {
                        assert_eq!(
                            Some(cell.bg),
                            theme.square(look.tint()).bg,
                            "{w}x{h} {s}: square colour"
                        );
                    }
                }
            }
        }
        // Off-board corners stay blank.
        let (x, y) = square_pos(&app, sq("a1"), w, h);
        assert_eq!(buf[(x, y)].symbol(), " ");
        // The cursor is reversed.
        let (x, y) = square_pos(&app, g.ui().cursor, w, h);
        assert!(
            buf[(x, y)].modifier.contains(Modifier::REVERSED),
            "{w}x{h}: cursor"
        );
    }
}

#[test]
fn red_green_and_central_squares_differ_in_colour_and_symbol() {
    let app = started(PaletteKind::Standard);
    let theme = Theme::new(PaletteKind::Standard);
    let buf = render(&app, 120, 40);
    let g = game(&app);
    let mut seen = Vec::new();
    for (name, look) in [
        ("d8", SquareLook::Red),
        ("c7", SquareLook::Green),
        ("d5", SquareLook::Central),
        ("b6", SquareLook::Plain),
    ] {
        let s = sq(name);
        assert!(
            g.seat_view().board.get(s).is_none(),
            "{name} is empty in this deal"
        );
        let (x, y) = square_pos(&app, s, 120, 40);
        seen.push((buf[(x, y)].symbol().to_string(), buf[(x, y)].bg));
        assert_eq!(Some(buf[(x, y)].bg), theme.square(look.tint()).bg);
    }
    for i in 0..seen.len() {
        for j in i + 1..seen.len() {
            assert_ne!(seen[i].0, seen[j].0, "symbols differ");
            assert_ne!(seen[i].1, seen[j].1, "colours differ");
        }
    }
}

#[test]
fn mono_palette_and_no_color_keep_every_meaning_in_letters_and_attributes() {
    let mut app = started(PaletteKind::Mono);
    let buf = render(&app, 120, 40);
    for y in 0..40 {
        for x in 0..120 {
            let c = &buf[(x, y)];
            assert_eq!(c.fg, ratatui::style::Color::Reset, "no colour at {x},{y}");
            assert_eq!(c.bg, ratatui::style::Color::Reset, "no colour at {x},{y}");
        }
    }
    // Start pieces: Red's lower-case r and Blue's b.
    let g = game(&app);
    for s in arena::DUEL_START {
        let p = g.seat_view().board.get(s).expect("start piece");
        let (x, y) = square_pos(&app, s, 120, 40);
        assert_eq!(
            buf[(x, y)].symbol(),
            piece_letter(p.colour, Rank::Common).to_string()
        );
    }
    // Select a card: targets get ( ) markers and underline, not colour.
    press(&mut app, KeyCode::Tab);
    let g = game(&app);
    let stage = g.ui().shown_stage(g.items());
    let targets = table::tashkalar::ui::interaction::targets(g.model(), stage);
    let buf = render(&app, 120, 40);
    for t in targets.iter() {
        let (x, y) = square_pos(&app, t, 120, 40);
        assert_eq!(buf[(x - 2, y)].symbol(), "(");
        assert_eq!(buf[(x + 2, y)].symbol(), ")");
        assert!(buf[(x - 2, y)].modifier.contains(Modifier::UNDERLINED));
    }
    assert_eq!(PaletteKind::from_env_value(Some("1")), PaletteKind::Mono);
    assert_eq!(PaletteKind::from_env_value(Some("")), PaletteKind::Standard);
    assert_eq!(PaletteKind::from_env_value(None), PaletteKind::Standard);
}

#[test]
fn colour_blind_palette_uses_its_own_seat_colours() {
    let std_app = started(PaletteKind::Standard);
    let cb_app = started(PaletteKind::ColourBlind);
    let a = render(&std_app, 120, 40);
    let b = render(&cb_app, 120, 40);
    let cb = Theme::new(PaletteKind::ColourBlind);
    for s in arena::DUEL_START {
        let (x, y) = square_pos(&cb_app, s, 120, 40);
        assert_eq!(a[(x, y)].symbol(), b[(x, y)].symbol());
        assert_ne!(a[(x, y)].bg, b[(x, y)].bg);
        let p = game(&cb_app).seat_view().board.get(s).expect("piece");
        assert_eq!(Some(b[(x, y)].bg), cb.player(p.colour).bg);
    }
}

#[test]
fn the_game_screen_shows_hand_scores_decks_log_and_prompt_at_every_size() {
    let app = started(PaletteKind::Standard);
    let g = game(&app);
    let st = &g.state();
    let first_card = st.db.card(g.items()[0].card).name.clone();
    for (w, h) in SIZES {
        let buf = render(&app, w, h);
        let shown = text(&buf);
        assert!(shown.contains("Hand of Blue"), "{w}x{h}");
        assert!(
            shown.contains(&first_card[..first_card.len().min(12)]),
            "{w}x{h}: first card"
        );
        assert!(
            shown.contains("Score: the end comes at 18"),
            "{w}x{h}: {shown}"
        );
        assert!(shown.contains("0 points"), "{w}x{h}: scores");
        // At 80x24 the score panel has room for the scores only; its footer names the key of
        // the whole score board (checked below).
        assert!(
            w == 80 || shown.contains(&format!("deck {}", g.seat_view().deck_sizes[0])),
            "{w}x{h}: deck size {shown}"
        );
        assert!(shown.contains("t: score board"), "{w}x{h}");
        assert!(shown.contains("Turn 1: Blue"), "{w}x{h}: log");
        assert!(shown.contains("1 action left"), "{w}x{h}: actions left");
        assert!(shown.contains("Blue: 1 action left."), "{w}x{h}: prompt");
        // The key bar is the keymap's hints for this context.
        let bar: String = (0..w)
            .map(|x| buf[(x, h - 1)].symbol().to_string())
            .collect();
        let hints = app.hints();
        assert!(
            bar.starts_with(&format!("{} {}", hints[0].keys, hints[0].label)),
            "{w}x{h}: {bar}"
        );
        assert!(
            bar.contains("? help") && bar.contains("q quit"),
            "{w}x{h}: {bar}"
        );
    }
    // Large screens show every card of the hand with its pattern and text.
    let buf = render(&app, 200, 60);
    let shown = text(&buf);
    for item in g.items() {
        let card = st.db.card(item.card);
        assert!(shown.contains(&card.name), "200x60: {}", card.name);
    }
    // t opens the whole score board, which fits at 80x24 too; t closes it.
    let deck = format!("deck {}", g.seat_view().deck_sizes[0]);
    let mut app = app;
    press(&mut app, KeyCode::Char('t'));
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains(&deck), "{shown}");
    assert!(shown.contains("upgraded 0"), "{shown}");
    press(&mut app, KeyCode::Char('t'));
    assert!(!text(&render(&app, 80, 24)).contains(&deck));
}

#[test]
fn every_card_of_the_hand_can_be_shown_with_its_pattern_grid() {
    let mut app = started(PaletteKind::Standard);
    press(&mut app, KeyCode::Tab);
    let n = game(&app).items().len();
    for i in 0..n {
        let g = game(&app);
        assert_eq!(g.ui().hand_index, i);
        let card = g.state().db.card(g.items()[i].card).clone();
        let buf = render(&app, 120, 40);
        let shown = text(&buf);
        let first_words: String = card
            .text
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ");
        if card.pattern.is_some() {
            // The summoned piece's letter in brackets marks the target of the grid.
            let letter = piece_letter(Colour(0), card.rank);
            assert!(
                shown.contains(&format!("({letter})")) || shown.contains(&format!("[{letter}]")),
                "{}: grid target",
                card.name
            );
            assert!(shown.contains(&first_words), "{}: text", card.name);
        }
        press(&mut app, KeyCode::Down);
    }
}

#[test]
fn high_form_shows_the_task_queue_or_is_marked_unavailable() {
    // Without task cards the form says why.
    let without_tasks = table::tashkalar::engine::cards::BUILTIN
        .iter()
        .filter(|(name, _)| *name != "tasks.ron")
        .map(|(n, t)| (n.to_string(), t.to_string()));
    let db = std::sync::Arc::new(CardDb::from_sources(without_tasks).expect("cards load"));
    let mut app = app_with(db, PaletteKind::Standard);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Right);
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains("High Form is unavailable"), "{shown}");
    assert_eq!(form_value(&app, "Form"), "Deathmatch");

    // With task cards, High Form deals and shows the current and next tasks.
    let db = db_with_tasks();
    let mut app = app_with(db.clone(), PaletteKind::Standard);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Right);
    assert_eq!(form_value(&app, "Form"), "High Form");
    let setup = GameSetup {
        mode: Mode::HighForm,
        players: 2,
        teams: false,
        seats: vec![SeatKind::Human, SeatKind::Human],
        decks: vec!["Imperial".into(); 2],
        seed: 3,
    };
    start(&mut app, &setup);
    press(&mut app, KeyCode::Enter);
    let g = game(&app);
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Tasks ("), "{w}x{h}");
        assert!(
            shown.contains("Score: the end comes at 9"),
            "{w}x{h}: {shown}"
        );
        for t in g.seat_view().current_tasks.iter().flatten() {
            let name = &db.tasks[t.0 as usize].name;
            assert!(shown.contains(name.as_str()), "{w}x{h}: {name}");
        }
        assert!(shown.contains("next:"), "{w}x{h}");
    }
}

#[test]
fn the_newest_log_line_is_always_in_view() {
    let mut app = started(PaletteKind::Standard);
    // A few turns of play fill the log beyond any panel.
    for _ in 0..30 {
        let g = game(&app);
        let Some(choice) = g.model().choices.first().copied() else {
            break;
        };
        game_mut(&mut app).apply_choice(choice).expect("legal");
        if game(&app).gate().is_some() {
            press(&mut app, KeyCode::Enter);
        }
    }
    let g = game(&app);
    let newest = g.log().last().expect("a log").text.clone();
    let head: String = newest.chars().take(16).collect();
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains(&head), "{w}x{h}: {newest}\n{shown}");
    }
    // Scrolling back hides it and says so; scrolling forward brings it back.
    press(&mut app, KeyCode::PageUp);
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("Log (scrolled back 5; PgDn)"), "{shown}");
    press(&mut app, KeyCode::PageDown);
    assert!(text(&render(&app, 120, 40)).contains(&head));
}

#[test]
fn the_new_game_form_gives_each_seat_a_different_deck_by_default() {
    let mut app = app(PaletteKind::Standard);
    press(&mut app, KeyCode::Enter);
    let decks = &db().decks;
    let first = form_value(&app, "  deck of seat 1");
    let second = form_value(&app, "  deck of seat 2");
    assert_eq!(first, decks[0].name);
    assert_eq!(second, decks[1 % decks.len()].name);
    assert_ne!(first, second, "two decks are loaded, so the seats differ");
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains(&second), "{shown}");
}
