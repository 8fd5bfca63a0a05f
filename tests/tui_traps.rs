//! No key that surprises (issue 50): a letter selects its card and nothing else, a flare or a
//! discard waits for Enter with its price in the prompt, what can be summoned is tagged at every
//! size, the cursor stays where the player put it, and the defaults spare the player's own pieces.

mod support;

use ratatui::crossterm::event::KeyCode;
use support::*;
use table::shell::seats::SeatKind;
use table::shell::tui::app::App;
use table::shell::tui::theme::PaletteKind;
use table::tashkalar::engine::{Choice, DecisionKind, Seat};
use table::tashkalar::ui::interaction::{DecisionModel, Focus, Interaction, Stage, targets};
use table::tashkalar::ui::setup::scenario_state;

/// Blue to move with two actions: the Knight fits on e5, the Herald and the Swordmaster fit
/// nowhere, and Red leads by enough pieces for the flare Rally (lower half).
const TRAPS: &str = include_str!("scenarios/tui_traps.ron");

/// The sizes every point is checked at.
const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

fn position() -> App {
    let db = db();
    let state = scenario_state(db.clone(), TRAPS).expect("scenario loads");
    let mut app = app_with(db, PaletteKind::Standard);
    start_state(&mut app, state, &[SeatKind::Human, SeatKind::Human]);
    press(&mut app, KeyCode::Enter); // Blue takes the keyboard
    assert!(game(&app).human_turn());
    app
}

/// The hand entry of a card by name, and its letter.
fn entry(app: &App, name: &str) -> (usize, char) {
    let g = game(app);
    let i = g
        .items()
        .iter()
        .position(|it| g.state().db.card(it.card).name == name)
        .unwrap_or_else(|| panic!("{name} is in the hand"));
    let slot = g.items()[i].slot;
    (i, table::tashkalar::ui::hand_key(slot).expect("a hot key"))
}

/// The screen's rows that contain `needle`.
fn rows_with(screen: &str, needle: &str) -> Vec<String> {
    screen
        .lines()
        .filter(|l| l.contains(needle))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_letter_on_a_card_that_cannot_be_summoned_leaves_the_keys_on_the_board() {
    for (w, h) in SIZES {
        let mut app = position();
        let (titan, key) = entry(&app, "Titan");
        let g = game(&app);
        assert!(
            !g.model().choices.iter().any(
                |c| matches!(c, Choice::Summon { card, .. } if *card == g.items()[titan].card)
            ),
            "the Titan fits nowhere in this position"
        );
        press(&mut app, KeyCode::Char(key));
        let g = game(&app);
        assert_eq!(g.ui().focus, Focus::Board, "at {w}x{h}");
        assert_eq!(g.ui().hand_index, titan, "the card is the one highlighted");
        // Which panel has the keys is written in its title, at every size.
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Arena (keys)"), "at {w}x{h}:\n{shown}");
        assert!(!shown.contains("Blue (keys)"), "at {w}x{h}:\n{shown}");
        // The arrows still move the board's cursor, and Enter plays no card.
        let before = game(&app).ui().cursor;
        press(&mut app, KeyCode::Up);
        assert_ne!(game(&app).ui().cursor, before, "the arrows move the cursor");
        assert_eq!(game(&app).ui().hand_index, titan);
    }
}

#[test]
fn a_flare_letter_selects_it_and_enter_confirms_with_the_price_in_the_prompt() {
    for (w, h) in SIZES {
        let mut app = position();
        let (rally, key) = entry(&app, "Rally");
        let hash = game(&app).state().state_hash();
        press(&mut app, KeyCode::Char(key));
        let g = game(&app);
        assert_eq!(g.state().state_hash(), hash, "the letter plays nothing");
        assert_eq!(g.state().score(Seat(1)), 0);
        assert_eq!(g.ui().hand_index, rally);
        assert!(matches!(g.ui().confirm, Some(Choice::Flare { .. })));
        let squeezed = panel_text(&render(&app, w, h), "to decide");
        assert!(
            squeezed.contains("Red scores 1 point"),
            "the price is in the prompt at {w}x{h}:\n{}",
            text(&render(&app, w, h))
        );
        assert!(squeezed.contains("Enter confirms"), "at {w}x{h}");
        // Esc: nothing played.
        press(&mut app, KeyCode::Esc);
        let g = game(&app);
        assert_eq!(g.state().state_hash(), hash);
        assert!(g.ui().confirm.is_none());
        // The letter twice, or the letter and Enter: played.
        press(&mut app, KeyCode::Char(key));
        press(&mut app, KeyCode::Enter);
        let g = game(&app);
        assert_eq!(g.state().score(Seat(1)), 1, "Red scored the flare's point");
        assert!(matches!(
            g.model().decision.kind,
            DecisionKind::Effect { .. }
        ));
        // Only the half that applies is shown while it resolves.
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Rally (lower half)"), "at {w}x{h}:\n{shown}");
    }
}

#[test]
fn enter_on_a_flare_in_the_hand_and_a_number_key_also_wait_for_confirmation() {
    let mut app = position();
    let (rally, _) = entry(&app, "Rally");
    let hash = game(&app).state().state_hash();
    press(&mut app, KeyCode::Tab);
    assert_eq!(game(&app).ui().focus, Focus::Hand);
    while game(&app).ui().hand_index != rally {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        game(&app).state().state_hash(),
        hash,
        "one Enter plays nothing"
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(game(&app).state().score(Seat(1)), 1, "the second one does");

    // The flare is also option 1 of the decision panel: its number only selects it.
    let mut app = position();
    let g = game(&app);
    let k = g
        .model()
        .options
        .iter()
        .position(|c| matches!(c, Choice::Flare { .. }))
        .expect("the flare is an option")
        + 1;
    let digit = char::from_digit(k as u32, 10).expect("a digit");
    press(&mut app, KeyCode::Char(digit));
    assert_eq!(game(&app).state().state_hash(), hash);
    press(&mut app, KeyCode::Char(digit));
    assert_eq!(game(&app).state().score(Seat(1)), 1);
}

#[test]
fn x_selects_the_discard_and_enter_confirms_it() {
    for (w, h) in SIZES {
        let mut app = position();
        let (herald, key) = entry(&app, "Herald");
        let hash = game(&app).state().state_hash();
        press(&mut app, KeyCode::Char(key));
        press(&mut app, KeyCode::Char('x'));
        let g = game(&app);
        assert_eq!(g.state().state_hash(), hash, "x discards nothing yet");
        assert_eq!(g.ui().hand_index, herald);
        let squeezed = panel_text(&render(&app, w, h), "to decide");
        assert!(
            !squeezed.contains("Enter summons"),
            "Enter does one thing only at {w}x{h}: {squeezed}"
        );
        assert!(
            squeezed.contains("Discard Herald (uses 1 of your 2 actions)? Enter confirms"),
            "at {w}x{h}:\n{}",
            text(&render(&app, w, h))
        );
        press(&mut app, KeyCode::Enter);
        let g = game(&app);
        assert_eq!(g.model().decision.kind, DecisionKind::ReturnCards);
        assert!(g.log().iter().any(|l| l.text == "Blue discarded Herald"));
    }
}

#[test]
fn what_can_be_summoned_is_tagged_in_the_hand_at_every_size() {
    for (w, h) in SIZES {
        let app = position();
        let buf = render(&app, w, h);
        let shown = text(&buf);
        // A list names the card and its tag on one row; a grid of cards puts the tag on the
        // bottom border of the card's box (the border starts one cell left of its name).
        let tagged = |name: &str, tag: &str| {
            rows_with(&shown, name).iter().any(|r| r.contains(tag))
                || find(&buf, name).map(|(x, _)| x.saturating_sub(1))
                    == find(&buf, &format!("└ {tag} ")).map(|(x, _)| x)
        };
        assert!(
            tagged("Knight", "summon"),
            "the Knight is tagged as summonable at {w}x{h}:\n{shown}"
        );
        assert!(
            tagged("Rally", "play"),
            "the flare is tagged as playable at {w}x{h}:\n{shown}"
        );
        let name = "Titan";
        let list_tag = w < 200 && rows_with(&shown, name).iter().any(|r| r.contains("summon"));
        let box_tag = find(&buf, name).map(|(x, _)| x.saturating_sub(1))
            == find(&buf, "└ summon ").map(|(x, _)| x);
        assert!(
            !list_tag && !box_tag,
            "{name} is not tagged at {w}x{h}:\n{shown}"
        );
    }
}

#[test]
fn the_highlighted_cards_now_line_names_its_card() {
    for (w, h) in SIZES {
        let mut app = position();
        // Highlight the flare in the hand (the keys go there because the player moves them).
        let (rally, _) = entry(&app, "Rally");
        press(&mut app, KeyCode::Tab);
        while game(&app).ui().hand_index != rally {
            press(&mut app, KeyCode::Down);
        }
        let shown = text(&render(&app, w, h));
        for row in rows_with(&shown, "now") {
            if row.contains("now: play") || row.contains("now play") {
                assert!(
                    row.contains("Rally") || !row.contains("Knight"),
                    "a 'now' line is never read as another card's at {w}x{h}:\n{shown}"
                );
            }
            assert!(
                !(row.contains("Knight") && row.contains("now") && !row.contains("summon")),
                "at {w}x{h}:\n{shown}"
            );
        }
    }
}

/// Blue's state after summoning the Knight on e5: its combat moves are asked for.
fn knight_moving() -> App {
    let mut app = position();
    let (_, key) = entry(&app, "Knight");
    press(&mut app, KeyCode::Char(key));
    assert_eq!(game(&app).ui().cursor, sq("e5"));
    press(&mut app, KeyCode::Enter);
    assert!(matches!(
        game(&app).model().decision.kind,
        DecisionKind::Effect { .. }
    ));
    app
}

#[test]
fn the_cursor_stays_on_a_target_the_player_put_it_on() {
    let app = knight_moving();
    let g = game(&app);
    let state = g.state().clone();
    let seats = g.session().seats.clone();
    let model = DecisionModel::new(&state, &seats);
    let mut ui = Interaction::default();
    ui.reset_for(&state, &model);
    let dests = targets(&model, ui.stage);
    assert_eq!(ui.stage, Stage::MoveFrom(sq("e5")));
    // A legal destination that is not the "best" (the Red heroic piece on e6): it stays.
    let mine = sq("d6");
    assert!(dests.contains(mine));
    ui.cursor = mine;
    ui.reset_for(&state, &model);
    assert_eq!(ui.cursor, mine, "the cursor stays where the player put it");
    // Off the targets, it goes to one of them.
    ui.cursor = sq("a5");
    ui.reset_for(&state, &model);
    assert!(dests.contains(ui.cursor));
}

#[test]
fn the_summoning_square_starts_where_no_own_piece_is_destroyed() {
    let app = position();
    let g = game(&app);
    let state = g.state().clone();
    let seats = g.session().seats.clone();
    let model = DecisionModel::new(&state, &seats);
    let me = state.colour_of(Seat(0));
    for item in g.items() {
        let stage = Stage::Card(item.card);
        let t = targets(&model, stage);
        if t.is_empty() || item.frozen {
            continue;
        }
        let mut ui = Interaction {
            cursor: sq("a5"),
            ..Interaction::default()
        };
        let _ = ui.select_card(&state, &model, *item);
        let spare = t
            .iter()
            .any(|s| state.board.get(s).is_none_or(|p| p.colour != me));
        if spare {
            assert!(
                state.board.get(ui.cursor).is_none_or(|p| p.colour != me),
                "the first square shown spares Blue's own pieces"
            );
        }
    }
}

/// A position of `board` rows (rank 9 first) with Blue to move holding `beings`.
fn custom(board: [&str; 9], beings: &str) -> App {
    let rows: Vec<String> = board.iter().map(|r| format!("        \"{r}\",")).collect();
    let text = format!(
        "(\n    mode: Deathmatch,\n    seed: 7,\n    to_move: 1,\n    actions_left: 2,\n    turn: 5,\n    board: [\n{}\n    ],\n    hands: [(beings: [{beings}])],\n)",
        rows.join("\n")
    );
    let db = db();
    let state = scenario_state(db.clone(), &text).expect("scenario loads");
    let mut app = app_with(db, PaletteKind::Standard);
    start_state(&mut app, state, &[SeatKind::Human, SeatKind::Human]);
    press(&mut app, KeyCode::Enter);
    app
}

#[test]
fn upgrading_ones_own_piece_is_not_flagged_as_a_loss() {
    let mut app = custom(
        [
            "## ## .. .. .. .. .. ## ##",
            "## .. .. .. .. .. .. .. ##",
            "2c .. .. .. .. .. .. .. ..",
            ".. .. .. .. .. .. .. .. ..",
            ".. .. .. .. 1c .. .. .. ..",
            ".. .. .. 1c .. 1c .. .. ..",
            ".. .. .. .. .. .. .. .. ..",
            "## .. .. .. .. .. .. .. ##",
            "## ## .. .. .. .. .. ## ##",
        ],
        "\"Chronicler\"",
    );
    press(&mut app, KeyCode::Char('a'));
    assert_eq!(game(&app).ui().cursor, sq("e4"), "the only square it fits");
    press(&mut app, KeyCode::Enter);
    assert!(matches!(
        game(&app).model().decision.kind,
        DecisionKind::Effect { .. }
    ));
    for (w, h) in SIZES {
        let squeezed = panel_text(&render(&app, w, h), "to decide");
        assert!(
            squeezed.contains("This choice changes the piece on"),
            "the upgrade is previewed at {w}x{h}: {squeezed}"
        );
        assert!(
            !squeezed.contains("of yours!"),
            "an upgrade of one's own piece is no warning at {w}x{h}: {squeezed}"
        );
    }
}

#[test]
fn the_cannons_first_direction_does_not_shoot_ones_own_pieces() {
    use table::tashkalar::ui::interaction::outcome;
    let mut app = custom(
        [
            "## ## .. .. .. .. .. ## ##",
            "## .. .. .. .. .. .. .. ##",
            ".. .. .. .. .. .. .. .. ..",
            ".. .. .. 1c 1c 1c .. .. ..",
            ".. .. .. 1c 1c 2c .. .. ..",
            ".. .. 1c 2c 2c 2c .. .. ..",
            ".. .. .. .. .. .. .. .. ..",
            "## .. .. .. .. .. .. .. ##",
            "## ## .. .. .. .. .. ## ##",
        ],
        "\"Cannon\"",
    );
    press(&mut app, KeyCode::Char('a'));
    // Summon it wherever the screen starts (its first way there).
    press(&mut app, KeyCode::Enter);
    let g = game(&app);
    let state = g.state();
    let options = &g.model().options;
    let dirs: Vec<&Choice> = options
        .iter()
        .filter(|c| matches!(c, Choice::Dir(_)))
        .collect();
    assert!(!dirs.is_empty(), "the Cannon asks for a direction");
    let harms_own = |c: &Choice| outcome(state, *c).is_some_and(|(_, own)| !own.is_empty());
    let chosen = &options[g.ui().option_index];
    assert!(
        harms_own(&options[0]),
        "in this position the first listed direction would shoot Blue's own pieces"
    );
    if options.iter().any(|c| !harms_own(c)) {
        assert!(
            !harms_own(chosen),
            "the first highlighted option spares Blue's pieces: {chosen:?} of {options:?}"
        );
    }
}

/// The panel whose title says it has the keys.
fn keys_row(shown: &str) -> Vec<String> {
    rows_with(shown, "(keys)")
}

#[test]
fn the_options_have_the_keys_only_while_the_board_has_nothing_and_give_them_back() {
    for (w, h) in SIZES {
        let mut app = position();
        // Two pieces: the second ends the turn, which waits for Enter on "End the turn".
        move_cursor_to(&mut app, sq("b3"));
        press(&mut app, KeyCode::Enter);
        assert_eq!(game(&app).ui().focus, Focus::Board, "at {w}x{h}");
        move_cursor_to(&mut app, sq("c3"));
        press(&mut app, KeyCode::Enter);
        assert!(game(&app).staged(), "at {w}x{h}");
        // The board has nothing to choose: the options panel has the keys, and its title
        // says so, at every size; the board's does not.
        assert_eq!(game(&app).ui().focus, Focus::Options, "at {w}x{h}");
        let shown = text(&render(&app, w, h));
        let keys = keys_row(&shown);
        assert_eq!(keys.len(), 1, "at {w}x{h}:\n{shown}");
        assert!(keys[0].contains("to decide"), "at {w}x{h}:\n{shown}");
        assert!(shown.contains("End the turn"), "at {w}x{h}:\n{shown}");
        // Taken back: the keys are on the board again, where the player had them.
        press(&mut app, KeyCode::Char('u'));
        assert!(!game(&app).staged());
        assert_eq!(game(&app).ui().focus, Focus::Board, "at {w}x{h}");
        assert!(text(&render(&app, w, h)).contains("Arena (keys)"));
        // From the hand, the keys go back to the hand, not to the board.
        press(&mut app, KeyCode::Tab);
        assert_eq!(game(&app).ui().focus, Focus::Hand, "at {w}x{h}");
        press(&mut app, KeyCode::Char('x'));
        press(&mut app, KeyCode::Enter);
        // Cards to return to the decks: options only.
        assert_eq!(game(&app).ui().focus, Focus::Options, "at {w}x{h}");
        let shown = text(&render(&app, w, h));
        assert!(
            shown.contains("Return Herald") && keys_row(&shown)[0].contains("to decide"),
            "at {w}x{h}:\n{shown}"
        );
        press(&mut app, KeyCode::Char('u'));
        assert_eq!(game(&app).ui().focus, Focus::Hand, "at {w}x{h}");
        let shown = text(&render(&app, w, h));
        let keys = keys_row(&shown);
        assert!(
            keys.len() == 1 && keys[0].contains("Blue"),
            "at {w}x{h}:\n{shown}"
        );
        // Keys the player moves while they are lent stay where the player put them.
        press(&mut app, KeyCode::Char('x'));
        press(&mut app, KeyCode::Enter);
        assert_eq!(game(&app).ui().focus, Focus::Options, "at {w}x{h}");
        press(&mut app, KeyCode::Tab);
        assert_eq!(game(&app).ui().focus, Focus::Board, "at {w}x{h}");
        press(&mut app, KeyCode::Char('u'));
        assert_eq!(game(&app).ui().focus, Focus::Board, "at {w}x{h}");
    }
}

#[test]
fn titans_marked_squares_read_apart_from_its_pieces() {
    for (w, h) in SIZES {
        let mut app = position();
        let (titan, _) = entry(&app, "Titan");
        press(&mut app, KeyCode::Tab);
        while game(&app).ui().hand_index != titan {
            press(&mut app, KeyCode::Down);
        }
        // In the hand's preview: the heroic piece on the square marked 2 carries a raised ²,
        // apart from the 1 of the next cell (a plain "B2 1" read as the numbers 2 and 1).
        let shown = text(&render(&app, w, h));
        assert!(
            !rows_with(&shown, " 1  B² 1 ").is_empty() && !shown.contains("B2 1"),
            "at {w}x{h}:\n{shown}"
        );
        // The card's window says what the digits are.
        press(&mut app, KeyCode::Char('v'));
        let shown = text(&render(&app, w, h));
        let flat = shown
            .replace(['┃', '│'], " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            flat.contains("1 2: the marked squares the effect acts on; a raised ² beside a piece"),
            "at {w}x{h}:\n{shown}"
        );
    }
}

#[test]
fn the_opponents_steps_do_not_move_the_players_cursor() {
    // The Knight's combat moves, decided by the AI this time: the person's cursor stays where
    // it was (e5) instead of following the AI's targets to the Red heroic piece on e6, so that
    // the person's next turn starts where they left it.
    let state = game(&knight_moving()).state().clone();
    let mut app = app_with(db(), PaletteKind::Standard);
    start_state(
        &mut app,
        state.clone(),
        &[SeatKind::Bot("random".into()), SeatKind::Human],
    );
    assert!(!game(&app).human_turn());
    assert_eq!(game(&app).ui().cursor, sq("e5"));
    assert_eq!(game(&app).ui().stage, Stage::Idle);
    // The same step for a person starts on a target, as before.
    let mut app = app_with(db(), PaletteKind::Standard);
    start_state(&mut app, state, &[SeatKind::Human, SeatKind::Human]);
    press(&mut app, KeyCode::Enter); // Blue takes the keyboard
    assert!(game(&app).human_turn());
    assert_eq!(game(&app).ui().stage, Stage::MoveFrom(sq("e5")));
    assert_ne!(game(&app).ui().cursor, sq("e5"));
}

#[test]
fn a_card_keeps_its_letter_and_the_highlight_while_it_stays_in_the_hand() {
    let mut app = position();
    let before: Vec<(&str, char)> = ["Knight", "Swordmaster", "Titan", "Rally"]
        .into_iter()
        .map(|name| (name, entry(&app, name).1))
        .collect();
    let (_, herald) = entry(&app, "Herald");
    press(&mut app, KeyCode::Char(herald));
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Enter);
    assert!(
        game(&app)
            .log()
            .iter()
            .any(|l| l.text == "Blue discarded Herald")
    );
    for (name, key) in before {
        assert_eq!(entry(&app, name).1, key, "{name} keeps its letter");
    }
    // The letter Herald had now takes nobody (until a card is drawn into its place).
    press(&mut app, KeyCode::Char(herald));
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains(&format!("no card of your hand has the key {herald}")),
        "{shown}"
    );
    // Returning no card ends the step; a letter then highlights its card, and the highlight
    // stays on that card (its row in the list is not its letter any more).
    press(&mut app, KeyCode::Char('5'));
    let (titan_row, titan) = entry(&app, "Titan");
    assert_eq!(
        titan, 'f',
        "Titan kept the letter it had before the discard"
    );
    press(&mut app, KeyCode::Char(titan));
    assert_eq!(game(&app).ui().hand_index, titan_row);
    assert_eq!(game(&app).items()[titan_row].slot, 3);
}
