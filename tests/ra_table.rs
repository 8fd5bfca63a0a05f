//! Res Arcana's table as a player met it by hand (issue 48's last screen points): the whole
//! Collect step on one key, an attack's answers that say what they cost, every seat readable
//! at 80x24 with three or four seats, the seats side by side at 200x60, the monument deck's
//! count while a seat looks at its top, and a key bar that says what Enter does here.

mod support;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use std::sync::Arc;
use std::time::Duration;
use support::{press, render};
use table::resarcana::state::{Ask, Phase, ResArcana, Variant};
use table::resarcana::ui::setup::seat_names;
use table::resarcana::ui::{RaScreen, collect_rest, suggested};
use table::resarcana::{Choice, Db, Setup};
use table::shell::seats::{SeatKind, Seats};
use table::shell::tui::app::{App, hint_text};
use table::shell::tui::catalog::Catalog;
use table::shell::tui::table::Table;
use table::shell::tui::theme::PaletteKind;

fn db() -> Arc<Db> {
    Db::embedded().expect("the embedded components load")
}

fn new_app() -> App {
    let catalog = Catalog {
        games: vec![Box::new(table::resarcana::ui::entry(db()))],
    };
    let mut app = App::new(catalog, PaletteKind::Standard);
    app.env.ai_delay = Duration::ZERO;
    app
}

fn ra(app: &App) -> &Table<RaScreen> {
    app.table::<RaScreen>()
        .expect("a game of Res Arcana is on screen")
}

fn game(players: u8, seed: u64) -> ResArcana {
    let setup = Setup {
        players,
        variant: Variant::Standard,
        expansion_counts: false,
    };
    ResArcana::new_game(db(), setup, seed).expect("a game deals")
}

/// Puts a position on the app's table, every seat a person, and passes the first pass screen.
fn show(app: &mut App, g: ResArcana) {
    let n = g.players();
    let seats = Seats::new(seat_names(n as u8), &vec![SeatKind::Human; n]);
    let t = Table::<RaScreen>::live(g, seats, Some(7), None, &app.env).expect("the table opens");
    app.show(Box::new(t));
    if ra(app).gate().is_some() {
        press(app, KeyCode::Enter);
    }
}

fn next(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// The first position of seeded random games (passing seldom) that `found` accepts.
fn search(players: u8, found: impl Fn(&ResArcana) -> bool) -> ResArcana {
    for seed in 1..400u64 {
        let mut g = game(players, seed);
        let mut r = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        for _ in 0..3000 {
            if g.is_over() {
                break;
            }
            if found(&g) {
                return g;
            }
            let legal = g.legal_list();
            let mut i = (next(&mut r) % legal.len() as u64) as usize;
            if legal[i] == Choice::Pass && legal.len() > 1 && !next(&mut r).is_multiple_of(4) {
                i = (i + 1) % legal.len();
            }
            g.apply(legal[i]).expect("a listed choice applies");
        }
    }
    panic!("no such position in 400 games");
}

fn text(buf: &Buffer) -> String {
    support::text(buf).replace('\u{a0}', " ")
}

fn key_bar(app: &App, w: u16, h: u16) -> String {
    text(&render(app, w, h))
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn a_whole_collect_step_is_answered_with_one_key() {
    // A seat with at least two Collect questions still to answer.
    let g = search(3, |g| {
        g.phase == Phase::Collect
            && g.legal_list()
                .first()
                .is_some_and(|&c| collect_rest(g, c).len() >= 2)
    });
    let seat = g.seat_to_move();
    let rest = collect_rest(&g, suggested(&g).expect("a choice"));
    let mut app = new_app();
    show(&mut app, g);
    assert_eq!(ra(&app).viewer(), Some(seat));
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        assert!(
            key_bar(&app, w, h).contains("a collect all"),
            "{w}x{h}: {}",
            key_bar(&app, w, h)
        );
        assert!(key_bar(&app, w, h).contains("Enter collect"));
    }
    // The panel says what `a` ends with before it is pressed.
    let mut after = ra(&app).game().clone();
    for c in &rest {
        after.apply(*c).expect("the rest applies");
    }
    let shown = text(&render(&app, 120, 40));
    let questions = format!("answers the {} questions left", rest.len());
    assert!(shown.contains(&questions), "{shown}");
    let made = ra(&app).session().choices.len();
    press(&mut app, KeyCode::Char('a'));
    let t = ra(&app);
    assert_eq!(
        &t.session().choices[made..],
        rest.as_slice(),
        "each answer recorded"
    );
    assert_eq!(t.game().seats[seat].pool, after.seats[seat].pool);
    // The seat's Collect is over: another seat decides, or the step is.
    assert!(
        t.game().phase != Phase::Collect || t.game().seat_to_move() != seat,
        "{:?}",
        t.game().pending
    );
}

#[test]
fn an_attacks_answers_say_what_they_cost_and_enter_says_answer() {
    // A Life loss whose own defence is a payment the seat can make.
    let g = search(3, |g| {
        g.pending.is_some_and(|d| match d.ask {
            Ask::LifeLoss(a) => {
                matches!(
                    g.defence(d.seat, &a),
                    Some(table::resarcana::card::language::Defence::Pay(_))
                )
            }
            _ => false,
        })
    });
    let d = g.pending.expect("a decision");
    let Ask::LifeLoss(a) = d.ask else {
        unreachable!()
    };
    let life = g.seats[d.seat as usize]
        .pool
        .get(table::resarcana::Essence::Life);
    let mut app = new_app();
    show(&mut app, g);
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("instead of losing Life"), "{shown}");
    assert!(!shown.contains("the attack's own defence"), "{shown}");
    let accept = if life >= a.amount {
        format!("accept: lose {} Life", a.amount)
    } else if life > 0 {
        format!("accept: lose {life} Life and")
    } else {
        "(no Life)".to_string()
    };
    assert!(shown.contains(&accept), "{accept}:\n{shown}");
    assert!(key_bar(&app, 120, 40).contains("Enter answer"));
}

#[test]
fn enter_is_named_for_what_it_does_and_a_payment_says_pay() {
    let g = search(2, |g| {
        g.pending
            .is_some_and(|d| matches!(d.ask, Ask::Pay(..)) && g.phase == Phase::Actions)
    });
    let mut app = new_app();
    show(&mut app, g);
    let bar = key_bar(&app, 80, 24);
    assert!(bar.contains("Enter pay"), "{bar}");
    assert!(!bar.contains("collect all"), "{bar}");
    let g = search(2, |g| {
        g.pending.is_some_and(|d| d.ask == Ask::Action) && g.round >= 2
    });
    show(&mut app, g);
    assert!(key_bar(&app, 80, 24).contains("Enter act"));
    press(&mut app, KeyCode::Tab);
    assert!(key_bar(&app, 80, 24).contains("Enter place"));
    press(&mut app, KeyCode::Char('?'));
    let help = text(&render(&app, 120, 40));
    assert!(help.contains("Paying: pay the highlighted way"), "{help}");
}

/// The seat lines of the Mages panel at this size.
fn mages_panel(shown: &str) -> Vec<String> {
    shown
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('└'))
        .map(|l| l.split('│').nth(1).unwrap_or_default().to_string())
        .collect()
}

#[test]
fn at_80_by_24_every_one_of_three_or_four_seats_is_readable() {
    for players in [3u8, 4] {
        // Late enough that tableaux are long and some components are turned.
        let g = search(players, |g| {
            g.round >= 3
                && g.pending.is_some_and(|d| d.ask == Ask::Action)
                && g.seats.iter().any(|s| s.play.len() >= 5)
                && g.seats.iter().any(|s| s.play.iter().any(|p| p.turned))
        });
        let mut app = new_app();
        show(&mut app, g.clone());
        let shown = text(&render(&app, 80, 24));
        let panel = mages_panel(&shown);
        let names = ["Blue", "Red", "Green", "Yellow"];
        for (i, s) in g.seats.iter().enumerate() {
            let head = panel
                .iter()
                .position(|l| l.trim_start().starts_with(names[i]))
                .unwrap_or_else(|| panic!("{}:\n{shown}", names[i]));
            let line = &panel[head];
            let p = g.points(i);
            assert!(line.contains(&format!("{p} pt")), "{line}");
            for e in table::resarcana::Essence::ALL {
                let n = s.pool.get(e);
                if n > 0 {
                    let letter = &e.name()[..1].to_uppercase();
                    assert!(line.contains(&format!("{n}{letter}")), "{e:?}: {line}");
                }
            }
            assert!(line.contains(&format!("h{}", s.hand.len())), "{line}");
            assert_eq!(line.contains('★'), g.token as usize == i, "{line}");
            assert_eq!(line.contains("passed"), s.passed, "{line}");
            // The tableau on the next line, each component shown and never cut off the end.
            let tableau = &panel[head + 1];
            assert!(!tableau.contains('…'), "{tableau}");
            let shown_parts = tableau.split(" · ").count();
            assert_eq!(shown_parts, s.play.len(), "{tableau}");
            let turned = s.play.iter().filter(|p| p.turned).count();
            assert_eq!(tableau.matches('↷').count(), turned, "{tableau}");
        }
        // The choices keep their rows: the list is not scrolled for want of room.
        assert!(shown.contains("pass (no more actions"), "{shown}");
    }
}

#[test]
fn at_200_by_60_the_seats_sit_side_by_side() {
    let g = search(4, |g| {
        g.round >= 2 && g.pending.is_some_and(|d| d.ask == Ask::Action)
    });
    let mut app = new_app();
    show(&mut app, g);
    let shown = text(&render(&app, 200, 60));
    let row = shown
        .lines()
        .find(|l| l.contains(" Blue ") && l.contains(" Red "))
        .unwrap_or_else(|| panic!("not side by side:\n{shown}"));
    assert!(row.contains(" Green ") && row.contains(" Yellow "), "{row}");
    // Each pool whole on one row of its column.
    let pools = shown
        .lines()
        .find(|l| l.matches("Pool ").count() == 4)
        .unwrap_or_else(|| panic!("the four pools on one row:\n{shown}"));
    assert!(pools.matches('G').count() >= 4, "{pools}");
    // At 120x40 they are one under the other, as before.
    let shown = text(&render(&app, 120, 40));
    assert!(
        !shown
            .lines()
            .any(|l| l.contains(" Blue ") && l.contains(" Red ")),
        "{shown}"
    );
}

#[test]
fn the_monument_deck_keeps_its_count_while_a_seat_looks_at_its_top() {
    let g = search(2, |g| {
        g.pending
            .is_some_and(|d| d.ask == Ask::ScryOrder { monuments: true })
    });
    let whole = g.monument_deck.len() + g.looking.len();
    let g_deck = g.monument_deck.len();
    assert!(!g.looking.is_empty());
    let mut app = new_app();
    show(&mut app, g);
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let shown = text(&render(&app, w, h));
        assert!(
            shown.contains(&format!("· deck {whole}"))
                || shown.contains(&format!("deck: {whole} face down")),
            "{whole} at {w}x{h}:\n{shown}"
        );
        let fewer = format!("· deck {}", g_deck);
        assert!(!shown.contains(&fewer), "{w}x{h}:\n{shown}");
    }
}

#[test]
fn the_news_since_the_last_decision_never_shows_a_heading_alone() {
    // Blue to act at 80x24 after the others did things, with wrapped options.
    let g = search(2, |g| {
        g.round >= 2
            && g.pending
                .is_some_and(|d| d.ask == Ask::Action && d.seat == 0)
    });
    let mut app = new_app();
    show(&mut app, g);
    let shown = text(&render(&app, 80, 24));
    let lines: Vec<&str> = shown.lines().collect();
    // The news is there, whole lines under a heading, or a pointer to the log when none fits;
    // a heading says so when older lines were left to the log.
    if let Some(i) = lines
        .iter()
        .position(|l| l.contains("Since your last decision"))
        && !lines[i].contains("see the log")
    {
        assert!(lines[i + 1].contains("┃· "), "{shown}");
    }
    assert!(hint_text(&app).contains("Enter act"));
}

#[test]
fn the_dragon_scenario_played_by_hand_each_answer_behind_its_pass_screen() {
    // tests/positions/ra-dragon.ron, as played in tmux: Blue's Bone Dragon attacks; Red turns
    // Dragon Bridle, Green Protection, each after the pass screen, and nobody loses Life.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/positions/ra-dragon.ron"
    ))
    .expect("the example position");
    let g = table::resarcana::position::Position::parse(&text)
        .expect("it reads")
        .into_game(db())
        .expect("it is a game");
    let pools: Vec<_> = g.seats.iter().map(|s| s.pool).collect();
    let mut app = new_app();
    show(&mut app, g);
    press(&mut app, KeyCode::Char('2'));
    for (seat, name, reaction) in [(1, "Red", "Dragon Bridle"), (2, "Green", "Protection")] {
        assert_eq!(ra(&app).gate(), Some(seat), "{name}'s pass screen first");
        let shown = text_of(&app);
        assert!(
            shown.contains(&format!("Pass the keyboard to  {name}")),
            "{shown}"
        );
        // The pass screen says why this person is called out of turn.
        assert!(
            shown.contains("Blue attacks you with Bone Dragon: answer it, out of turn."),
            "{shown}"
        );
        press(&mut app, KeyCode::Enter);
        let shown = text_of(&app);
        assert!(shown.contains("Blue attacks with Bone Dragon"), "{shown}");
        assert!(
            shown.contains(&format!("1 react with {reaction}")),
            "{shown}"
        );
        assert!(key_bar(&app, 120, 40).contains("Enter answer"));
        press(&mut app, KeyCode::Enter);
    }
    let t = ra(&app);
    for (seat, pool) in pools.iter().enumerate().skip(1) {
        assert_eq!(&t.game().seats[seat].pool, pool, "seat {seat} lost nothing");
    }
    // Red's turn next, behind its pass screen; the log tells both answers.
    assert_eq!(t.gate(), Some(1));
    let shown = text_of(&app);
    assert!(!shown.contains("attacks you"), "its own turn: {shown}");
    assert!(shown.contains("Red: react with Dragon Bridle"), "{shown}");
    assert!(shown.contains("Green: react with Protection"), "{shown}");
}

fn text_of(app: &App) -> String {
    text(&render(app, 120, 40))
}

#[test]
fn a_wrapped_tableau_never_starts_a_line_with_its_separator() {
    // Two seats at 80x24 (three lines a seat): a long tableau wraps onto a second line.
    let g = search(2, |g| {
        g.pending.is_some_and(|d| d.ask == Ask::Action) && g.seats.iter().any(|s| s.play.len() >= 6)
    });
    let mut app = new_app();
    show(&mut app, g);
    let shown = text(&render(&app, 80, 24));
    for line in mages_panel(&shown) {
        assert!(!line.trim_start().starts_with('·'), "{line}:\n{shown}");
    }
}

#[test]
fn essences_saved_up_on_a_component_are_left_there_by_default() {
    // A Collect question about essences on a component that spends or scores them (Athanor,
    // Vault...): the list highlights "leave", and `a` leaves them too.
    let g = search(2, |g| {
        g.pending.is_some_and(|d| matches!(d.ask, Ask::Stored(_)))
            && suggested(g) == Some(Choice::Leave)
    });
    let Some(Ask::Stored(card)) = g.pending.map(|d| d.ask) else {
        unreachable!()
    };
    let name = g.db.name(card).to_string();
    let seat = g.seat_to_move();
    let mut app = new_app();
    show(&mut app, g);
    let t = ra(&app);
    assert_eq!(t.screen().options[t.screen().selected], Choice::Leave);
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains(&format!(" on {name}")), "{shown}");
    press(&mut app, KeyCode::Char('a'));
    let t = ra(&app);
    let on = t.game().seats[seat]
        .play
        .iter()
        .find(|p| p.card == card)
        .map(|p| p.stored)
        .unwrap_or_default();
    assert!(!on.is_zero(), "{name} keeps its essences");
}
