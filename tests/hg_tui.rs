//! High Ground on the table, as a player meets it: the menu asks which game, a new game from the
//! form, the board of cards and stacks readable at 80x24 and using the room at 120x40 and 200x60,
//! the die, hot seat hiding the other hand, the log in words, a whole game against `random`
//! played by keys, and a saved game continued and replayed.

mod hg;
mod support;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use std::path::{Path, PathBuf};
use std::time::Duration;
use support::{click, find, press, render, text};
use table::highground::ui::HgScreen;
use table::highground::ui::board::{LARGE, MEDIUM, SMALL};
use table::highground::ui::interaction::{Focus, Stage};
use table::highground::ui::layout::layout;
use table::highground::ui::setup::{seat_names, table as hg_table};
use table::highground::ui::words::face_name;
use table::highground::{Choice, HighGround, Pending, Pos, Setup, Variant};
use table::shell::game::Game;
use table::shell::seats::{SeatKind, Seats};
use table::shell::tui::app::{App, SaveDirs, Screen, body_area};
use table::shell::tui::catalog::Catalog;
use table::shell::tui::table::Table;
use table::shell::tui::theme::{PaletteKind, Theme};

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

/// The table's games, as `tashkalar` offers them (High Ground's form is the one the registry
/// makes from its declared options).
fn catalog() -> Catalog {
    std::sync::Arc::new(table::games::registry()).catalog(&table::shell::registry::Options::none())
}

fn new_app(palette: PaletteKind) -> App {
    let mut app = App::new(catalog(), palette);
    app.env.ai_delay = Duration::ZERO;
    app
}

fn hg(app: &App) -> &Table<HgScreen> {
    app.table::<HgScreen>()
        .expect("a game of High Ground is on screen")
}

fn hg_mut(app: &mut App) -> &mut Table<HgScreen> {
    app.table_mut::<HgScreen>()
        .expect("a game of High Ground is on screen")
}

/// Puts a position on the app's table with these players (unsaved).
fn show(app: &mut App, game: HighGround, kinds: &[SeatKind]) {
    let seats = Seats::new(seat_names(game.players() as u8), kinds);
    let t = Table::<HgScreen>::live(game, seats, Some(7), None, &app.env).expect("the table opens");
    app.show(Box::new(t));
}

fn people(n: usize) -> Vec<SeatKind> {
    vec![SeatKind::Human; n]
}

/// One person (Blue) against the random bot: no pass screen, Blue's hand on show.
fn against_ai() -> Vec<SeatKind> {
    vec![SeatKind::Human, SeatKind::Bot("random".into())]
}

/// A duel in play on the scenarios' board (`tests/hg`): Blue's King south, Red's north, both
/// trios on their Kings; the hands given.
fn duel(hands: &str, rest: &str) -> HighGround {
    hg::duel(&format!(
        r#"stacks: [
            "0,-2: 1Lt 1Mt 1St", "0,-2: 1Sn 1Mn 1Ln",
            "0,2: 2Lt 2Mt 2St", "0,2: 2Sn 2Mn 2Ln",
        ], hands: {hands}, {rest}"#
    ))
}

/// The screen cell of the first character of `needle` on screen.
fn at(buf: &Buffer, needle: &str) -> (u16, u16) {
    find(buf, needle).unwrap_or_else(|| panic!("`{needle}` is not on screen:\n{}", text(buf)))
}

/// The screen position of a grid place's cell, for a game shown at `w` x `h`.
fn place_on_screen(app: &App, pos: Pos, w: u16, h: u16) -> (u16, u16) {
    let t = hg(app);
    let l = layout(
        body_area(Rect::new(0, 0, w, h)),
        t.game(),
        t.screen().ui.cursor,
    )
    .expect("the game fits");
    let cell = l.board.cell(pos).expect("the place is in the window");
    (cell.x + cell.width / 2, cell.y + cell.height / 2)
}

#[test]
fn the_menu_asks_which_game_first_and_a_new_game_starts_from_the_form() {
    let mut app = new_app(PaletteKind::Standard);
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Which game?"), "{w}x{h}:\n{shown}");
        // Each blurb whole on its line.
        assert!(shown.contains("take the high ground"), "{w}x{h}:\n{shown}");
        assert!(shown.contains("patterns of pieces"), "{w}x{h}:\n{shown}");
        let tk = at(&render(&app, w, h), "Tash-Kalar");
        let hgr = at(&render(&app, w, h), "High Ground");
        assert!(tk.1 < hgr.1, "Tash-Kalar is listed first");
    }
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains("█▀█ █ █▄█ █▀█"), "the banner:\n{shown}");
    assert!(shown.contains("New game"), "{shown}");
    press(&mut app, KeyCode::Enter);
    let shown = text(&render(&app, 80, 24));
    for row in ["Variant", "Players", "Seat 1 (Blue)", "Seat 2 (Red)"] {
        assert!(shown.contains(row), "{row}:\n{shown}");
    }
    // Four players: the seats are named after their colours.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains("Seat 4 (Yellow)"), "{shown}");
    // Back to two, the variant to Mini, Red to the random bot, seed 42, start.
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Up);
    press(&mut app, KeyCode::Right);
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains("Mini"), "{shown}");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    // Seat 2 starts as the default AI: step left through the bots to the random one.
    for _ in 0..6 {
        if text(&render(&app, 80, 24)).contains("AI: random") {
            break;
        }
        press(&mut app, KeyCode::Left);
    }
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains("AI: random"), "{shown}");
    support::chars(&mut app, "42");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    let t = hg(&app);
    assert_eq!(t.game().variant(), Variant::Mini);
    assert_eq!(t.session().seed, Some(42));
    assert_eq!(
        t.session().seats.kinds(),
        [SeatKind::Human, SeatKind::Bot("random".into())]
    );
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains("Mini-High Ground"), "{shown}");
    assert!(shown.contains("setting up"), "{shown}");
}

#[test]
fn the_board_shows_cards_with_value_and_orientation_and_stacks_with_size_colour_and_status() {
    let theme = Theme::new(PaletteKind::Standard);
    for (w, h) in SIZES {
        let mut app = new_app(PaletteKind::Standard);
        show(
            &mut app,
            duel(r#"["Q 3 joker", "A 5 5"]"#, ""),
            &against_ai(),
        );
        let buf = render(&app, w, h);
        let shown = text(&buf);
        let size = layout(
            body_area(Rect::new(0, 0, w, h)),
            hg(&app).game(),
            Pos::CENTRE,
        )
        .expect("fits")
        .board
        .size;
        let expected = match (w, h) {
            (80, 24) => SMALL,
            (120, 40) => MEDIUM,
            _ => LARGE,
        };
        assert_eq!(size, expected, "{w}x{h}");
        // Values with their orientation: the centre (a 9) upright, its east neighbour (a 3)
        // sideways.
        let (upright, sideways) = if size.boxed {
            ("9 |", "3 -")
        } else {
            ("9|", "3-")
        };
        assert!(shown.contains(upright), "{w}x{h}:\n{shown}");
        assert!(shown.contains(sideways), "{w}x{h}:\n{shown}");
        // Stacks bottom first: Blue's tree and nest, Red's.
        for stack in ["bLMS", "bsmL", "rLMS", "rsmL"] {
            assert!(shown.contains(stack), "{stack} at {w}x{h}:\n{shown}");
        }
        // Colour, and status: the tree's large and medium are hobbled (underlined), the nest's
        // small and medium trapped (lower case, dim); the free ones plain.
        let (x, y) = at(&buf, "bLMS");
        let cell = |dx: u16| &buf[(x + dx, y)];
        assert_eq!(cell(1).bg, theme.player(0usize).bg.unwrap_or_default());
        assert!(cell(1).modifier.contains(Modifier::UNDERLINED), "hobbled L");
        assert!(cell(2).modifier.contains(Modifier::UNDERLINED), "hobbled M");
        assert!(!cell(3).modifier.contains(Modifier::UNDERLINED), "free S");
        let (x, y) = at(&buf, "bsmL");
        assert!(
            buf[(x + 1, y)].modifier.contains(Modifier::DIM),
            "trapped s"
        );
        assert!(!buf[(x + 3, y)].modifier.contains(Modifier::DIM), "free L");
        let (x, y) = at(&buf, "rLMS");
        assert_eq!(
            buf[(x + 1, y)].bg,
            theme.player(1usize).bg.unwrap_or_default()
        );
        // Kings say whose they are; the wide layouts name the owner.
        if size == LARGE {
            assert!(shown.contains("K | Blue"), "{shown}");
        }
        // The hand of the one looking, and the piles.
        assert!(shown.contains("Hand of Blue"), "{shown}");
        assert!(shown.contains("Deck"), "{shown}");
    }
    // Without colour, the letters carry it all.
    let mut app = new_app(PaletteKind::Mono);
    show(
        &mut app,
        duel(r#"["Q 3 joker", "A 5 5"]"#, ""),
        &against_ai(),
    );
    let buf = render(&app, 80, 24);
    let (x, y) = at(&buf, "bsmL");
    assert_eq!(buf[(x + 1, y)].bg, ratatui::style::Color::Reset);
    assert!(buf[(x + 1, y)].modifier.contains(Modifier::DIM));
}

#[test]
fn the_die_is_shown_when_rolled_and_the_log_says_what_it_showed() {
    let mut app = new_app(PaletteKind::Standard);
    show(
        &mut app,
        duel(r#"["Q 3 joker", "A 5 5"]"#, "roll: Tip"),
        &against_ai(),
    );
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("rolled  TIP"), "{w}x{h}:\n{shown}");
        assert!(shown.contains("Die:  TIP"), "{w}x{h}:\n{shown}");
    }
    // From the start of a turn: r rolls, and the log tells the face.
    let mut app = new_app(PaletteKind::Standard);
    show(
        &mut app,
        duel(r#"["Q 3 joker", "A 5 5"]"#, "seed: 11"),
        &against_ai(),
    );
    press(&mut app, KeyCode::Char('r'));
    let t = hg(&app);
    let face = t.game().die_face().expect("the die was rolled");
    let said = format!("Blue rolled {}", face_name(face));
    assert!(
        t.session().log.iter().any(|l| l.text.starts_with(&said)),
        "{said}: {:?}",
        t.session().log
    );
    assert!(text(&render(&app, 120, 40)).contains(face_name(face)));
}

#[test]
fn the_next_turn_does_not_start_with_the_previous_roll_shown_as_its_own() {
    let mut app = new_app(PaletteKind::Standard);
    show(
        &mut app,
        duel(r#"["Q 3 joker", "A 5 5"]"#, "roll: Tip"),
        &[SeatKind::Bot("random".into()), SeatKind::Human],
    );
    // Blue (the AI) leaves its TIP unused; Red's turn starts.
    apply_all(&mut app, &["pass"]);
    let t = hg(&app);
    assert_eq!(t.game().seat_to_move(), 1);
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("Die: TIP (the last roll)"), "{shown}");
    assert!(!shown.contains("rolled  TIP"), "{shown}");
}

#[test]
fn a_hot_seat_game_hides_the_other_hand_behind_the_pass_screen() {
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, duel(r#"["Q Q Q", "5 5 5"]"#, ""), &people(2));
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Pass the keyboard to"), "{shown}");
        assert!(!shown.contains("[Q]") && !shown.contains("[5]"), "{shown}");
        assert!(!shown.contains("Hand of"), "{shown}");
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(hg(&app).screen().hand, hg(&app).game().hand(0));
    let shown = text(&render(&app, 80, 24));
    assert!(
        shown.contains("Hand of Blue") && shown.contains("[Q]"),
        "{shown}"
    );
    assert!(!shown.contains("[5]"), "Red's hand stays hidden:\n{shown}");
    // Blue discards a Queen and draws: Red's turn behind the pass screen again.
    press(&mut app, KeyCode::Tab);
    assert_eq!(hg(&app).screen().ui.focus, Focus::Hand);
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Char('d'));
    assert_eq!(hg(&app).game().seat_to_move(), 1);
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("Pass the keyboard to"), "{shown}");
    assert!(
        !shown.contains("[Q]") && !shown.contains("Hand of"),
        "{shown}"
    );
    assert!(
        shown.contains("Blue discarded the Queen and drew 1 card"),
        "the log says what was public:\n{shown}"
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(hg(&app).screen().hand, hg(&app).game().hand(1));
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains("Hand of Red") && shown.contains(" 5 "),
        "{shown}"
    );
    assert!(!shown.contains(" Q "), "Blue's hand stays hidden:\n{shown}");
}

#[test]
fn the_log_tells_a_move_with_its_kill_and_the_board_marks_the_other_seats_last_turn() {
    let mut app = new_app(PaletteKind::Standard);
    let g = hg::duel(
        r#"stacks: ["0,-2: 1Lt 1Mt 1St", "0,1: 1Ln", "0,2: 2Lt 2Mt 2St", "1,1: 2Ln"],
           hands: ["Q 3 joker", "A 5 5"], to_move: 2"#,
    );
    show(
        &mut app,
        g,
        &[SeatKind::Human, SeatKind::Bot("random".into())],
    );
    let t = hg_mut(&mut app);
    for c in ["move 2Ln", "attack 1Ln"] {
        let choice = Game::parse_choice(t.game(), c).expect("notation");
        if c == "attack 1Ln" {
            t.apply_choice(Game::parse_choice(t.game(), "to 0,1").expect("step"))
                .expect("legal");
        }
        t.apply_choice(choice).expect("legal");
    }
    let log: Vec<&str> = t.session().log.iter().map(|l| l.text.as_str()).collect();
    assert!(
        log.contains(
            &"Red moved its large pyramid from the 7 (1,1) to the 6 (0,1), killing Blue's large pyramid"
        ),
        "{log:?}"
    );
    assert!(log.contains(&"Turn 2: Blue"), "{log:?}");
    // Blue looks: Red's last turn is marked where it left and where it killed.
    let marks = &hg(&app).screen().marks;
    assert!(
        marks.contains(&(Pos::new(1, 1), 1)) && marks.contains(&(Pos::new(0, 1), 1)),
        "{marks:?}"
    );
    let shown = text(&render(&app, 200, 60));
    assert!(
        shown.contains("last turn: moved L 1,1>0,1, killed Blue's L"),
        "{shown}"
    );
}

#[test]
fn keys_and_clicks_pick_a_pyramid_its_steps_and_a_cards_place() {
    let (w, h) = (120, 40);
    let mut app = new_app(PaletteKind::Standard);
    show(
        &mut app,
        duel(r#"["Q 3 joker", "A 5 5"]"#, ""),
        &against_ai(),
    );
    // The cursor starts on a place where something can be done: Blue's King, with pyramids.
    assert_eq!(hg(&app).screen().ui.cursor, Pos::new(0, -2));
    press(&mut app, KeyCode::Enter);
    let popup = hg(&app)
        .popup()
        .expect("several pyramids could move: a list");
    assert!(
        popup
            .entries
            .iter()
            .any(|e| e.starts_with("Move the small pyramid")),
        "{:?}",
        popup.entries
    );
    press(&mut app, KeyCode::Esc);
    // A click on a territory where one choice fits takes it: the small pyramid of the tree
    // moves, then steps where it is clicked.
    let c = Game::parse_choice(hg(&app).game(), "move 1St").expect("notation");
    hg_mut(&mut app).apply_choice(c).expect("legal");
    assert!(matches!(hg(&app).game().pending(), Pending::Moving { .. }));
    let (x, y) = place_on_screen(&app, Pos::new(0, -1), w, h);
    click(&mut app, x, y, w, h);
    assert!(
        hg(&app)
            .game()
            .stacks_text()
            .contains(&"0,-1: 1St".to_string()),
        "{:?}",
        hg(&app).game().stacks_text()
    );
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(hg(&app).game().seat_to_move(), 1);
    // Red's turn in a new game of two people: its card goes where the keys say.
    let mut app = new_app(PaletteKind::Standard);
    show(
        &mut app,
        duel(r#"["Q 3 joker", "A 5 5"]"#, ""),
        &against_ai(),
    );
    press(&mut app, KeyCode::Tab);
    assert_eq!(hg(&app).screen().ui.focus, Focus::Hand);
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        hg(&app).screen().ui.stage,
        Stage::Card(table::highground::Card::of_level(3).unwrap())
    );
    let shown = text(&render(&app, w, h));
    assert!(shown.contains("Play the 3:"), "{shown}");
    let target = hg(&app).screen().ui.cursor;
    press(&mut app, KeyCode::Enter);
    assert!(matches!(hg(&app).game().pending(), Pending::Playing));
    assert_eq!(
        hg(&app).game().board().get(target).map(|t| t.top().name()),
        Some("3")
    );
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(hg(&app).game().seat_to_move(), 1);
    assert!(
        hg(&app)
            .session()
            .log
            .iter()
            .any(|l| l.text.starts_with("Blue played the 3"))
    );
}

/// Plays the person's decisions by keys, as someone who moves when they can and rolls now and
/// then; the AI plays its own. Returns how many keys were pressed.
fn play_by_keys(app: &mut App, limit: usize) -> usize {
    let mut keys = 0;
    // Keys pressed since the last decision: a person stuck (no pyramid can move, the cursor
    // only cycles) takes the first numbered option, as the panel offers it.
    let mut progress = (0, 0);
    while keys < limit {
        let made = hg(app).session().choices.len();
        if made != progress.0 {
            progress = (made, keys);
        }
        let stuck = keys - progress.1 > 40;
        let t = hg_mut(app);
        if t.game().is_over() {
            break;
        }
        if t.ai_turn().is_some() {
            t.wait_for_ai(Duration::from_secs(10))
                .expect("the AI answers");
            continue;
        }
        if t.gate().is_some() || t.popup().is_some() {
            press(app, KeyCode::Enter);
            keys += 1;
            continue;
        }
        let t = hg(app);
        let g = t.game();
        let options = t.screen().model.options.clone();
        let key = match g.pending() {
            _ if stuck && !options.is_empty() => {
                progress.1 = keys;
                KeyCode::Char('1')
            }
            // Every fourth turn a roll, else a move (Enter on the pyramid under the cursor).
            Pending::Action if g.turn_number().is_multiple_of(4) => KeyCode::Char('r'),
            Pending::Action => {
                if t.screen().ui.focus != Focus::Board {
                    KeyCode::Esc
                } else if t.session().choices.len() % 7 == 3 {
                    KeyCode::Char('r')
                } else {
                    KeyCode::Enter
                }
            }
            Pending::Moving { visited, .. } => {
                if let Some(i) = options.iter().position(|c| matches!(c, Choice::Attack(_))) {
                    KeyCode::Char((b'1' + i as u8) as char)
                } else if visited.len() > 2 && options.contains(&Choice::Stop) {
                    KeyCode::Char('s')
                } else {
                    KeyCode::Enter
                }
            }
            _ if !options.is_empty() && g.choices().len() == options.len() => KeyCode::Char('1'),
            _ => KeyCode::Enter,
        };
        let before = (t.session().choices.len(), t.screen().ui.cursor);
        press(app, key);
        keys += 1;
        // Enter on a place with nothing to do: on to the next highlighted place.
        let t = hg(app);
        if key == KeyCode::Enter
            && t.popup().is_none()
            && (t.session().choices.len(), t.screen().ui.cursor) == before
            && t.screen().ui.stage == Stage::Idle
        {
            press(app, KeyCode::Char(' '));
            keys += 1;
        }
    }
    keys
}

#[test]
fn a_game_against_random_is_played_to_its_end_by_keys() {
    let mut app = new_app(PaletteKind::Standard);
    let t = hg_table(
        Setup {
            players: 2,
            variant: Variant::Mini,
        },
        &[SeatKind::Human, SeatKind::Bot("random".into())],
        5,
        None,
        &app.env,
    )
    .expect("deals");
    app.show(t);
    let keys = play_by_keys(&mut app, 20_000);
    let t = hg(&app);
    assert!(
        t.game().is_over(),
        "the game ended ({keys} keys, turn {}, {} decisions, {:?}, popup {:?}, stage {:?}):\n{}",
        t.game().turn_number(),
        t.session().choices.len(),
        t.game().pending(),
        t.popup().map(|p| p.entries.clone()),
        t.screen().ui.stage,
        text(&render(&app, 120, 40))
    );
    let last = t.session().log.last().expect("a log").text.clone();
    assert!(last.contains("wins") || last.contains("drawn"), "{last}");
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Game over"), "{shown}");
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hg-tui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn save_of(app: &App) -> PathBuf {
    hg(app)
        .save_path()
        .expect("the game is saved")
        .to_path_buf()
}

#[test]
fn a_saved_game_is_continued_and_replayed() {
    let dir = temp_dir("saves");
    let mut app = new_app(PaletteKind::Standard);
    app.saves = SaveDirs::only(dir.clone());
    let t = hg_table(
        Setup {
            players: 2,
            variant: Variant::Normal,
        },
        &[SeatKind::Human, SeatKind::Bot("greedy".into())],
        9,
        Some(&dir),
        &app.env,
    )
    .expect("deals");
    app.show(t);
    play_by_keys(&mut app, 60);
    let made = hg(&app).session().choices.len();
    assert!(made > 10, "{made} decisions");
    let hash = Game::state_hash(hg(&app).game());
    let path = save_of(&app);
    // Quit to the menu and continue: the same game, saved to the same file.
    app.to_menu();
    app.continue_last().expect("continues");
    let t = hg(&app);
    assert_eq!(t.session().choices.len(), made);
    assert_eq!(Game::state_hash(t.game()), hash);
    assert_eq!(save_of(&app), path);
    assert!(
        t.session()
            .log
            .iter()
            .any(|l| l.text.starts_with("Continued from"))
    );
    // The save checks out, and the viewer steps through it.
    let games = catalog();
    let (entry, _) = games.verify(&path).expect("verifies");
    assert_eq!(entry.id(), "high-ground");
    let viewer = catalog()
        .open(&path, true, &app.env)
        .expect("opens in the viewer");
    app.show(viewer);
    for _ in 0..5 {
        press(&mut app, KeyCode::Right);
    }
    let t = hg(&app);
    assert_eq!(t.replay_cursor().map(|r| r.info.step), Some(5));
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains("replay") && shown.contains("decision 5/"),
        "{shown}"
    );
    cleanup(&dir);
}

fn cleanup(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
}

/// From the list of games, High Ground's menu (the second game).
fn hg_menu(app: &mut App) {
    press(app, KeyCode::Down);
    press(app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Menu));
}

/// Highlights the menu entry labelled `label` and takes it.
fn menu_pick(app: &mut App, label: &str) {
    for _ in 0..10 {
        let buf = render(app, 120, 40);
        let (x, y) = at(&buf, label);
        let row: String = (0..120).map(|x| buf[(x, y)].symbol()).collect();
        if row.contains('▶') || buf[(x, y)].modifier.contains(Modifier::REVERSED) {
            break;
        }
        press(app, KeyCode::Down);
    }
    let (x, y) = at(&render(app, 120, 40), label);
    click(app, x + 1, y, 120, 40);
}

#[test]
fn the_rules_pages_and_the_key_help_cover_high_ground() {
    let mut app = new_app(PaletteKind::Standard);
    hg_menu(&mut app);
    menu_pick(&mut app, "Rules and help");
    assert!(matches!(app.screen, Screen::Rules(_)), "the rules pages");
    // Every page in turn: setting up, stacks, a turn, the die, winning, and how to play here.
    let mut seen = String::new();
    for _ in 0..8 {
        seen.push_str(&text(&render(&app, 120, 40)));
        press(&mut app, KeyCode::Right);
    }
    for words in [
        "High Ground",
        "Kings are set aside",
        "hobbled",
        "Play cards",
        "HOP",
        "SWAP",
        "TIP",
        "AIM",
        "DIG",
        "WILD",
        "last colour standing",
        "Move the cursor",
        "pass to",
    ] {
        assert!(
            seen.contains(words),
            "`{words}` in the rules pages:\n{seen}"
        );
    }
    press(&mut app, KeyCode::Esc);
    // In a game, ? lists High Ground's own keys with the shell's.
    show(
        &mut app,
        duel(r#"["Q 3 joker", "A 5 5"]"#, ""),
        &against_ai(),
    );
    press(&mut app, KeyCode::Char('?'));
    let mut help = String::new();
    for _ in 0..6 {
        help.push_str(&text(&render(&app, 120, 40)));
        for _ in 0..20 {
            press(&mut app, KeyCode::Down);
        }
    }
    for words in ["roll", "draw", "discard", "stop", "hint", "quit"] {
        assert!(
            help.to_lowercase().contains(words),
            "`{words}` in the key help:\n{help}"
        );
    }
}

#[test]
fn a_high_ground_save_is_listed_with_the_saves_and_replays_from_the_list() {
    let dir = temp_dir("list");
    let mut app = new_app(PaletteKind::Standard);
    app.saves = SaveDirs::only(dir.clone());
    let t = hg_table(
        Setup {
            players: 2,
            variant: Variant::Mini,
        },
        &[SeatKind::Human, SeatKind::Bot("random".into())],
        3,
        Some(&dir),
        &app.env,
    )
    .expect("deals");
    app.show(t);
    play_by_keys(&mut app, 40);
    let made = hg(&app).session().choices.len();
    assert!(made > 4, "{made} decisions");
    let file = save_of(&app)
        .file_name()
        .expect("a file")
        .to_string_lossy()
        .into_owned();
    app.to_menu();
    // Back to the list of games, High Ground's menu, Replay a save.
    for _ in 0..3 {
        if matches!(app.screen, Screen::Games) {
            break;
        }
        press(&mut app, KeyCode::Esc);
    }
    if !matches!(app.screen, Screen::Games) {
        menu_pick(&mut app, "Another game");
    }
    hg_menu(&mut app);
    menu_pick(&mut app, "Replay a save");
    assert!(matches!(app.screen, Screen::Saves(_)), "the saves list");
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains(&file), "`{file}` listed:\n{shown}");
    press(&mut app, KeyCode::Enter);
    let t = hg(&app);
    let cursor = t.replay_cursor().expect("the replay viewer");
    assert_eq!(cursor.info.step, 0);
    press(&mut app, KeyCode::End);
    let t = hg(&app);
    assert_eq!(t.replay_cursor().map(|r| r.info.step), Some(made));
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains(&format!("decision {made}/{made}")),
        "{shown}"
    );
    cleanup(&dir);
}

/// Plays `choices` (notation) on the table's game as they come, whoever's seat it is.
fn apply_all(app: &mut App, choices: &[&str]) {
    let t = hg_mut(app);
    for c in choices {
        let choice = Game::parse_choice(t.game(), c).expect("notation");
        t.apply_choice(choice)
            .unwrap_or_else(|e| panic!("`{c}`: {e}"));
    }
}

fn log_of(app: &App) -> Vec<String> {
    hg(app)
        .session()
        .log
        .iter()
        .map(|l| l.text.clone())
        .collect()
}

#[test]
fn a_move_that_ends_by_itself_is_logged_and_marked() {
    // Red's small on the 3 at 1,0 has one way down, to the 2, and nowhere to go from there: the
    // step and the stop are made for it.
    let mut app = new_app(PaletteKind::Standard);
    let g = hg::duel(
        r#"stacks: ["0,-2: 1Lt 1Mt 1St", "1,0: 2St", "0,2: 2Lt 2Mt"],
           hands: ["Q", "A"], to_move: 2"#,
    );
    show(&mut app, g, &against_ai());
    apply_all(&mut app, &["move 2St"]);
    assert_eq!(
        hg(&app).game().seat_to_move(),
        0,
        "the move ended Red's turn"
    );
    let log = log_of(&app);
    assert!(
        log.contains(
            &"Red moved its small pyramid from the 3 (1,0) to the 2 (1,-1) (its only way)"
                .to_string()
        ),
        "{log:?}"
    );
    let marks = &hg(&app).screen().marks;
    assert!(
        marks.contains(&(Pos::new(1, 0), 1)) && marks.contains(&(Pos::new(1, -1), 1)),
        "{marks:?}"
    );
    let shown = text(&render(&app, 200, 60));
    assert!(shown.contains("last turn: moved S 1,0>1,-1"), "{shown}");
}

#[test]
fn a_hop_with_one_destination_is_logged_and_marked() {
    // Red's only free pyramid is the small on top of its tree, and its King touches one card.
    let mut app = new_app(PaletteKind::Standard);
    let g = hg::duel(
        r#"stacks: ["0,-2: 1Lt 1Mt 1St", "0,2: 2Lt 2Mt 2St"],
           hands: ["Q", "A"], to_move: 2, roll: Wild"#,
    );
    show(&mut app, g, &against_ai());
    apply_all(&mut app, &["wild hop"]);
    assert_eq!(hg(&app).game().seat_to_move(), 0);
    let log = log_of(&app);
    let hop = log
        .iter()
        .find(|l| l.starts_with("Red hopped its small pyramid from"))
        .unwrap_or_else(|| panic!("{log:?}"));
    assert!(hop.ends_with("to the 6 (0,1) (its only hop)"), "{hop}");
    let marks = &hg(&app).screen().marks;
    assert!(
        marks.contains(&(Pos::new(0, 2), 1)) && marks.contains(&(Pos::new(0, 1), 1)),
        "{marks:?}"
    );
}

#[test]
fn discards_are_told_per_turn_and_seat_with_or_without_a_draw() {
    let mut app = new_app(PaletteKind::Standard);
    let g = hg::duel(
        r#"stacks: ["0,-2: 1Lt 1Mt 1St", "0,2: 2Lt 2Mt 2St"],
           hands: ["Q 3", "A 5"], to_move: 2"#,
    );
    show(&mut app, g, &people(2));
    // Red discards without drawing; Blue discards its whole hand and draws; Red discards again.
    apply_all(
        &mut app,
        &[
            "discard 5",
            "stop",
            "discard 3",
            "discard Q",
            "draw",
            "discard A",
            "draw",
        ],
    );
    let log = log_of(&app);
    let discards: Vec<&String> = log.iter().filter(|l| l.contains("discarded")).collect();
    assert_eq!(
        discards,
        [
            "Red discarded the 5 and drew nothing",
            "Blue discarded the 3 and the Queen and drew 3 cards",
            "Red discarded the Ace and drew 3 cards",
        ],
        "{log:?}"
    );
}

#[test]
fn words_say_an_ace_one_card_a_minis_corners_a_joker_without_a_level_yet_and_ai_normal() {
    use table::highground::ui::words::{cards_count, describe, place_detail, prompt};
    let seats = Seats::new(seat_names(2), &people(2));
    let mut g = duel(r#"["joker 3", "A 5 5"]"#, "");
    hg::play(&mut g, &["play joker 1,-1"]);
    let said = |c: Choice| describe(&g, &seats, &c);
    assert_eq!(said(Choice::Level(1)), "Make the Joker an Ace (level 1)");
    assert_eq!(said(Choice::Level(8)), "Make the Joker an 8 (level 8)");
    assert_eq!(said(Choice::Level(9)), "Make the Joker a 9 (level 9)");
    let detail = place_detail(&g, &seats, Pos::new(1, -1));
    assert!(detail.contains("level not chosen yet"), "{detail}");
    assert!(!detail.contains("level 0"), "{detail}");
    assert_eq!(cards_count(1), "1 card");
    assert_eq!(cards_count(3), "3 cards");
    // Mini's Kings go on corners, and are called so.
    let mini = hg::position(
        r#"(variant: Mini, players: 2,
            board: ["0,1: 6", "-1,0: 8", "0,0: 5", "1,0: 7", "0,-1: 9"])"#,
    );
    let side = mini.choices()[0];
    let words = describe(&mini, &seats, &side);
    assert!(
        words.starts_with("Put the King on the north-east corner"),
        "{words}"
    );
    assert!(prompt(&mini, &seats).contains("a free corner"));
    // The players' panel counts one card as one card, and names the AI as Tash-Kalar does.
    let mut app = new_app(PaletteKind::Standard);
    show(
        &mut app,
        duel(r#"["Q", "A 5 5"]"#, ""),
        &[SeatKind::Human, SeatKind::Bot("mcts:normal".into())],
    );
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains(", 1 card") && !shown.contains("1 cards"),
        "{shown}"
    );
    assert!(
        shown.contains("(AI: Normal)") && !shown.contains("mcts:normal"),
        "{shown}"
    );
}

#[test]
fn a_turn_starts_on_the_board_even_after_the_last_one_played_cards() {
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, duel(r#"["Q 3 joker", "A 5 5"]"#, ""), &people(2));
    press(&mut app, KeyCode::Enter);
    // Blue plays its 3 by keys and stops: the keys were in the hand.
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    assert!(matches!(hg(&app).game().pending(), Pending::Playing));
    assert_eq!(hg(&app).screen().ui.focus, Focus::Hand);
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(hg(&app).game().seat_to_move(), 1);
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        hg(&app).screen().ui.focus,
        Focus::Board,
        "Red starts on the board"
    );
}

#[test]
fn a_hot_seat_setup_has_no_pass_screen_but_play_does() {
    let mut app = new_app(PaletteKind::Standard);
    let g = HighGround::new_game(
        Setup {
            players: 2,
            variant: Variant::Normal,
        },
        3,
    )
    .expect("a game");
    show(&mut app, g, &people(2));
    while hg(&app).game().in_setup() {
        let shown = text(&render(&app, 120, 40));
        assert!(!shown.contains("Pass the keyboard"), "{shown}");
        let first = hg(&app).game().choices()[0];
        hg_mut(&mut app).apply_choice(first).expect("legal");
    }
    // Hands are dealt: the first turn waits for its player.
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("Pass the keyboard to"), "{shown}");
}

#[test]
fn the_panel_with_the_keys_is_marked_as_in_tash_kalar_not_by_colour_alone() {
    let mut app = new_app(PaletteKind::Mono);
    show(
        &mut app,
        duel(r#"["Q 3 joker", "A 5 5"]"#, ""),
        &against_ai(),
    );
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("▸ Board (north up) (keys)"), "{shown}");
    assert!(!shown.contains("▸ Hand"), "{shown}");
    press(&mut app, KeyCode::Tab);
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains("Board (north up)") && !shown.contains("▸ Board"),
        "{shown}"
    );
    assert!(shown.contains("▸ Hand"), "{shown}");
}

#[test]
fn a_hop_is_picked_in_two_steps_on_the_board_and_undo_takes_the_pick_back() {
    let mut app = new_app(PaletteKind::Standard);
    let g =
        hg::duel(r#"stacks: ["1,-1: 1St", "-1,1: 1Ln", "0,2: 2Lt"], hands: ["Q", "A"], roll: Hop"#);
    show(&mut app, g, &against_ai());
    // Two free pyramids: the cursor is on one of them, and Enter picks it.
    assert_eq!(hg(&app).screen().ui.cursor, Pos::new(-1, 1));
    press(&mut app, KeyCode::Enter);
    assert!(matches!(hg(&app).game().pending(), Pending::Hopping(_)));
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains("HOP the large pyramid to which territory?"),
        "{shown}"
    );
    // Undo takes the pick back: the die waits again.
    press(&mut app, KeyCode::Char('u'));
    assert!(matches!(hg(&app).game().pending(), Pending::Die(_)));
    press(&mut app, KeyCode::Enter);
    // Then where: only its neighbours, the cursor on the nearest; Enter lands there.
    let to = hg(&app).screen().ui.cursor;
    assert!([Pos::new(0, 1), Pos::new(-1, 0)].contains(&to), "{to:?}");
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        hg(&app).game().pyramids().pos_of(hg::piece("1Ln")),
        Some(to)
    );
    let log = log_of(&app);
    assert!(
        log.iter()
            .any(|l| l.starts_with("Blue hopped its large pyramid from the 5 (-1,1) to")),
        "{log:?}"
    );
}

#[test]
fn a_swap_is_picked_in_two_steps_and_several_partners_on_one_card_open_a_list() {
    let mut app = new_app(PaletteKind::Standard);
    let g = hg::duel(
        r#"stacks: ["1,-1: 1St", "1,0: 2Ln 2Sn", "0,-1: 2Mn", "0,2: 2Lt"],
           hands: ["Q", "A"], roll: Swap"#,
    );
    show(&mut app, g, &against_ai());
    assert_eq!(hg(&app).screen().ui.cursor, Pos::new(1, -1));
    press(&mut app, KeyCode::Enter);
    assert!(matches!(hg(&app).game().pending(), Pending::Swapping(_)));
    // The partners' cards are the places now; on the 3 stand two of them: a list.
    assert_eq!(hg(&app).screen().ui.cursor, Pos::new(1, 0));
    press(&mut app, KeyCode::Enter);
    let popup = hg(&app).popup().expect("two partners on the 3: a list");
    assert_eq!(
        popup.entries,
        [
            "Trade places with Red's small pyramid on the 3 (1,0)",
            "Trade places with Red's large pyramid on the 3 (1,0)"
        ]
    );
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert!(
        hg(&app)
            .game()
            .stacks_text()
            .contains(&"1,-1: 2Ln".to_string()),
        "{:?}",
        hg(&app).game().stacks_text()
    );
    let log = log_of(&app);
    assert!(
        log.contains(
            &"Blue swapped its small pyramid on the 2 (1,-1) with Red's large pyramid on the 3 (1,0)"
                .to_string()
        ),
        "{log:?}"
    );
}

#[test]
fn the_jokers_twelve_levels_are_walked_with_the_arrows_and_picked_with_enter() {
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, duel(r#"["joker", "A 5 5"]"#, ""), &against_ai());
    apply_all(&mut app, &["play joker 1,1"]);
    assert!(matches!(hg(&app).game().pending(), Pending::Level { .. }));
    // Nothing to take on the board: the keys are in the list of levels.
    assert_eq!(hg(&app).screen().ui.focus, Focus::Options);
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains("▸ "),
        "the list is marked as having the keys:\n{shown}"
    );
    // Past the ninth entry, which has no number: ten presses down lead to the Jack.
    for _ in 0..10 {
        press(&mut app, KeyCode::Char('j'));
    }
    assert_eq!(hg(&app).screen().ui.option_index, 10);
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("Make the Joker a Jack"), "{shown}");
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        hg(&app).game().board().level(Pos::new(1, 1)),
        Some(11),
        "the highlighted level was taken"
    );
}

/// A board of seven rows of cards (a card played north of Red's King and one south of Blue's),
/// with stacks on several cards.
fn seven_rows() -> HighGround {
    hg::position(
        r#"(board: [
            "0,3: 5",
            "0,2: K",
            "-1,1: 5", "0,1: 6", "1,1: 7",
            "-2,0: K", "-1,0: 4", "0,0: 9", "1,0: 3", "2,0: K",
            "-1,-1: 8", "0,-1: 9", "1,-1: 2",
            "0,-2: K",
            "0,-3: 7",
        ], kings: ["0,-2", "0,2"],
        stacks: [
            "0,-2: 1Lt 1Mt", "0,-2: 1Sn 1Mn 1Ln", "0,-3: 1St",
            "0,2: 2Lt 2Mt 2St", "0,3: 2Sn 2Mn", "0,3: 2Ln",
        ], hands: ["Q 3", "A 5"])"#,
    )
}

#[test]
fn at_120x40_a_board_of_seven_rows_keeps_its_boxed_cards_and_whole_stacks() {
    let mut app = new_app(PaletteKind::Mono);
    show(&mut app, seven_rows(), &against_ai());
    let (w, h) = (120, 40);
    let l = layout(
        body_area(Rect::new(0, 0, w, h)),
        hg(&app).game(),
        hg(&app).screen().ui.cursor,
    )
    .expect("the game fits");
    assert_eq!(l.board.size, MEDIUM, "boxed cards, not the 80x24 notation");
    assert_eq!(l.board.more, [false; 4], "the whole board shows, no window");
    assert_eq!(
        l.board
            .rows
            .iter()
            .filter(|(_, _, h)| *h == MEDIUM.h)
            .count(),
        7,
        "seven rows of cards"
    );
    let buf = render(&app, w, h);
    let shown = text(&buf);
    // Every stack written whole, bottom first, nothing cut on the board.
    for stack in ["bsmL bLM", "bS", "rLMS", "rsM rL"] {
        assert!(
            shown.contains(stack),
            "`{stack}` is not on screen:\n{shown}"
        );
    }
    let board: String = (l.board_block.y..l.board_block.bottom())
        .map(|y| {
            (l.board_block.x..l.board_block.right())
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect();
    assert!(!board.contains('…'), "a stack is cut:\n{shown}");
    // The decision panel went beside the board, under the hand, and still asks.
    assert!(l.decision.x >= l.board_block.right(), "{l:?}");
    assert!(shown.contains("Blue: move a pyramid"), "{shown}");
    // The other sizes still draw it: the window at 80x24, bigger boxes at 200x60.
    for (w, h) in [(80, 24), (200, 60)] {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Board (north up)"), "{w}x{h}:\n{shown}");
        assert!(shown.contains("Blue: move a pyramid"), "{w}x{h}:\n{shown}");
    }
}

#[test]
fn at_120x40_a_board_too_wide_for_boxes_gets_taller_blocks_and_cuts_no_stack() {
    // Cards played east and west of the Kings: seven columns of cards, too wide for boxes at
    // 120 columns; four stacks on Blue's King.
    let mut app = new_app(PaletteKind::Mono);
    let g = hg::position(
        r#"(board: [
            "0,2: K",
            "-1,1: 5", "0,1: 6", "1,1: 7",
            "-3,0: 8", "-2,0: K", "-1,0: 4", "0,0: 9", "1,0: 3", "2,0: K", "3,0: 8",
            "-1,-1: 8", "0,-1: 9", "1,-1: 2",
            "0,-2: K",
        ], kings: ["2,0", "-2,0"],
        stacks: ["2,0: 1Sn 1Mn 1Ln", "2,0: 1Lt", "2,0: 1Mt", "2,0: 1St", "-2,0: 2Lt 2Mt 2St"],
        hands: ["Q 3", "A 5"])"#,
    );
    show(&mut app, g, &against_ai());
    let (w, h) = (120, 40);
    let l = layout(
        body_area(Rect::new(0, 0, w, h)),
        hg(&app).game(),
        hg(&app).screen().ui.cursor,
    )
    .expect("the game fits");
    assert!(!l.board.size.boxed);
    assert!(l.board.size.h > SMALL.h, "{:?}", l.board.size);
    assert_eq!(l.board.more, [false; 4], "the whole board shows");
    let buf = render(&app, w, h);
    let shown = text(&buf);
    for stack in ["bsmL", "bL", "bM", "bS", "rLMS"] {
        assert!(
            shown.contains(stack),
            "`{stack}` is not on screen:\n{shown}"
        );
    }
    let board: String = (l.board_block.y..l.board_block.bottom())
        .flat_map(|y| (l.board_block.x..l.board_block.right()).map(move |x| (x, y)))
        .map(|(x, y)| buf[(x, y)].symbol().to_string())
        .collect();
    assert!(!board.contains('…'), "a stack is cut:\n{shown}");
}

#[test]
fn after_each_step_of_a_move_the_cursor_goes_on_to_where_it_can_step_next() {
    // Seen in tmux: after a step the cursor stayed on the pyramid, where Enter does nothing.
    let mut app = new_app(PaletteKind::Standard);
    let g = hg::duel(r#"stacks: ["1,1: 1St", "0,2: 2Lt"], hands: ["Q", "A"]"#);
    show(&mut app, g, &against_ai());
    assert_eq!(hg(&app).screen().ui.cursor, Pos::new(1, 1));
    press(&mut app, KeyCode::Enter);
    // From the 7 it may step to the 6 at 0,1 or the 3 at 1,0: the northern one comes first.
    assert_eq!(hg(&app).screen().ui.cursor, Pos::new(0, 1));
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        hg(&app).game().pyramids().pos_of(hg::piece("1St")),
        Some(Pos::new(0, 1))
    );
    // From the 6 the only way on is the 5 at -1,1: the cursor is there, and Enter steps.
    assert_eq!(hg(&app).screen().ui.cursor, Pos::new(-1, 1));
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        hg(&app).game().pyramids().pos_of(hg::piece("1St")),
        Some(Pos::new(-1, 1))
    );
}

#[test]
fn two_pyramids_of_one_size_on_one_card_never_read_alike_in_a_list() {
    // Seen in tmux: "Move the large pyramid from Blue's King (2,0)" twice in one list.
    let mut app = new_app(PaletteKind::Standard);
    let g = hg::duel(
        r#"stacks: ["0,-2: 1Sn 1Mn 1Ln", "0,-2: 1Lt", "0,-2: 1Mt", "0,2: 2Lt"],
           hands: ["Q", "A"]"#,
    );
    show(&mut app, g, &against_ai());
    assert_eq!(hg(&app).screen().ui.cursor, Pos::new(0, -2));
    press(&mut app, KeyCode::Enter);
    let popup = hg(&app)
        .popup()
        .expect("several pyramids could move: a list");
    let mut entries = popup.entries.clone();
    assert!(
        entries
            .iter()
            .any(|e| e.contains("large pyramid (on the medium one)")),
        "{entries:?}"
    );
    entries.sort();
    entries.dedup();
    assert_eq!(entries.len(), popup.entries.len(), "{:?}", popup.entries);
}

#[test]
fn undo_after_a_hop_lands_among_enemies_returns_to_where_it_goes() {
    let mut app = new_app(PaletteKind::Standard);
    let g = hg::duel(
        r#"stacks: ["1,-1: 1St", "-1,1: 1Ln", "1,0: 2Sn", "0,2: 2Lt"], hands: ["Q", "A"], roll: Hop"#,
    );
    show(&mut app, g, &against_ai());
    apply_all(&mut app, &["hop 1St", "to 1,0"]);
    assert!(matches!(hg(&app).game().pending(), Pending::HopAttack(_)));
    // The second step is taken back: the small is where it was, and where it goes is asked again.
    press(&mut app, KeyCode::Char('u'));
    assert!(matches!(hg(&app).game().pending(), Pending::Hopping(_)));
    assert_eq!(
        hg(&app).game().pyramids().pos_of(hg::piece("1St")),
        Some(Pos::new(1, -1))
    );
    // And then the first: the die waits for a pyramid again.
    press(&mut app, KeyCode::Char('u'));
    assert!(matches!(hg(&app).game().pending(), Pending::Die(_)));
}

/// The 3-player position of the last check of issue 49, played in tmux: Red's large on the 9
/// at 0,0 hobbled by Blue's small of the nest, Blue's tree (small on top) and Green's medium on
/// the 9 at 0,-1; `rest` adds the roll and whose turn it is.
fn three_seats(rest: &str) -> HighGround {
    hg::position(&format!(
        r#"({board}, players: 3, seed: 42, turn: 4, kings: ["0,-2", "0,2", "-2,0"],
           stacks: [
               "0,-1: 1Lt 1Mt 1St", "0,-2: 1Ln",
               "0,0: 2Ln 1Sn", "0,2: 2Lt 2Mt 2St", "1,1: 2Mn 2Sn",
               "0,-1: 3Mt", "-2,0: 3Lt", "-1,1: 3Sn 3Mn 3Ln", "-1,0: 3St",
           ],
           hands: ["7 Q joker", "A 5 10", "2 3 4"], {rest})"#,
        board = hg::BOARD
    ))
}

#[test]
fn a_hop_that_attacks_a_hobbled_pyramid_is_told_once_with_what_it_tipped_off() {
    // Blue hops its small from the tree onto the 9 at 0,0 and attacks Red's large, hobbled by
    // Blue's own small of the nest: that small is tipped off first. The players' panel said
    // "hopped S 0,-1>0,0" twice, and neither the option nor the log told the tip.
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, three_seats("roll: Hop"), &people(3));
    apply_all(&mut app, &["hop 1St", "to 0,0"]);
    let attack = hg(&app)
        .game()
        .choices()
        .into_iter()
        .find(|c| matches!(c, Choice::Attack(_)))
        .expect("an attack is offered");
    let seats = Seats::new(seat_names(3), &people(3));
    assert_eq!(
        table::highground::ui::words::describe(hg(&app).game(), &seats, &attack),
        "Attack Red's large pyramid with the small pyramid (tips Blue's small pyramid off it, \
         then hobbles it)"
    );
    apply_all(&mut app, &["attack 2Ln"]);
    let log = log_of(&app);
    assert!(
        log.contains(
            &"Blue hopped its small pyramid from the 9 (0,-1) to the 9 (0,0), hobbling Red's \
              large pyramid (after tipping Blue's small pyramid off it)"
                .to_string()
        ),
        "{log:?}"
    );
    // The pass screen's recent lines wrap rather than cut the end of the longest.
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Pass the keyboard to"), "{shown}");
        assert!(shown.contains("pyramid off it)"), "{w}x{h}:\n{shown}");
    }
    press(&mut app, KeyCode::Enter); // past Red's pass screen
    let shown = text(&render(&app, 200, 60));
    assert!(
        shown.contains("last turn: hopped S 0,-1>0,0, hobbled Red's L"),
        "{shown}"
    );
    assert_eq!(shown.matches("hopped S").count(), 1, "{shown}");
}

#[test]
fn a_hop_that_stays_among_enemies_says_hopped_once() {
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, three_seats("roll: Hop"), &people(3));
    apply_all(&mut app, &["hop 1St", "to 0,0", "stop"]);
    press(&mut app, KeyCode::Enter); // past Red's pass screen
    let shown = text(&render(&app, 200, 60));
    assert!(shown.contains("last turn: hopped S 0,-1>0,0"), "{shown}");
    assert_eq!(shown.matches("hopped S").count(), 1, "{shown}");
}

#[test]
fn a_move_that_attacks_a_hobbled_pyramid_tells_what_it_tipped_off() {
    // Green's medium attacks Blue's large where it stands, the large hobbled by Blue's medium
    // (the tree): the medium stands on its own, and the log says so.
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, three_seats("to_move: 3"), &people(3));
    apply_all(&mut app, &["move 3Mt", "attack 1Lt"]);
    let log = log_of(&app);
    assert!(
        log.contains(
            &"Green's medium pyramid attacked on the 9 (0,-1), hobbling Blue's large pyramid \
              (after tipping Blue's medium pyramid and Blue's small pyramid off it)"
                .to_string()
        ),
        "{log:?}"
    );
}

#[test]
fn a_wild_used_as_tip_is_not_called_a_roll_of_tip() {
    // Blue rolled WILD and uses it as TIP: the panel said "Blue rolled TIP".
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, three_seats("roll: Wild"), &people(3));
    press(&mut app, KeyCode::Enter); // past the pass screen
    apply_all(&mut app, &["wild tip"]);
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains("Blue uses the WILD as TIP: tip everything off one of your hobbled"),
        "{shown}"
    );
    assert!(!shown.contains("Blue rolled TIP"), "{shown}");
}

#[test]
fn the_boards_legend_is_whole_at_every_size() {
    // At some widths the full legend was cut mid-word ("... S M L: size · lo"): the border
    // now holds the longest one that fits, or none.
    let sizes = SIZES.into_iter().chain(
        (80..=200)
            .step_by(10)
            .flat_map(|w| [30, 40, 50, 60].map(|h| (w, h))),
    );
    for (w, h) in sizes {
        let mut app = new_app(PaletteKind::Standard);
        show(
            &mut app,
            duel(r#"["Q 3 joker", "A 5 5"]"#, ""),
            &against_ai(),
        );
        let shown = text(&render(&app, w, h));
        for line in shown.lines().filter(|l| l.contains("┗")) {
            if line.contains("owner") || line.contains("lower") {
                assert!(line.contains("underlined: hobbled"), "{w}x{h}: {line}");
            }
        }
        if w >= 120 {
            assert!(
                shown.contains("lower case: trapped · underlined: hobbled"),
                "{w}x{h}"
            );
        }
    }
}
