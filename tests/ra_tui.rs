//! Res Arcana on the table, as a player meets it: the tableaux, pools and centre readable at
//! 80x24 and using the room at 120x40 and 200x60, only the viewer's hand shown, the pass
//! screen before another person's answer out of turn, payments in colour, the key bar, and
//! whole games played to their end.

mod support;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::Color;
use std::sync::Arc;
use std::time::Duration;
use support::{press, render};
use table::resarcana::Essence;
use table::resarcana::state::Phase;
use table::resarcana::state::{Ask, ResArcana, Variant};
use table::resarcana::ui::RaScreen;
use table::resarcana::ui::setup::{seat_names, table as ra_table};
use table::resarcana::ui::words::colour;
use table::resarcana::{Choice, Db, Setup};
use table::shell::seats::{SeatKind, Seats};
use table::shell::tui::app::{App, hint_text};
use table::shell::tui::catalog::Catalog;
use table::shell::tui::catalog::{FormRow, SetupForm};
use table::shell::tui::table::Table;
use table::shell::tui::theme::{PaletteKind, Theme};
use table::shell::tui::ui::LineKind;

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

fn db() -> Arc<Db> {
    Db::embedded().expect("the embedded components load")
}

fn catalog() -> Catalog {
    Catalog {
        games: vec![Box::new(table::resarcana::ui::entry(db()))],
    }
}

fn new_app(palette: PaletteKind) -> App {
    let mut app = App::new(catalog(), palette);
    app.env.ai_delay = Duration::ZERO;
    app
}

fn ra(app: &App) -> &Table<RaScreen> {
    app.table::<RaScreen>()
        .expect("a game of Res Arcana is on screen")
}

fn ra_mut(app: &mut App) -> &mut Table<RaScreen> {
    app.table_mut::<RaScreen>()
        .expect("a game of Res Arcana is on screen")
}

fn game(players: u8, variant: Variant, seed: u64) -> ResArcana {
    ResArcana::new_game(
        db(),
        Setup {
            players,
            variant,
            expansion_counts: false,
        },
        seed,
    )
    .expect("a game deals")
}

/// Puts a position on the app's table with these players (unsaved).
fn show(app: &mut App, g: ResArcana, kinds: &[SeatKind]) {
    let seats = Seats::new(seat_names(g.players() as u8), kinds);
    let t = Table::<RaScreen>::live(g, seats, Some(7), None, &app.env).expect("the table opens");
    app.show(Box::new(t));
}

fn human_vs_random() -> Vec<SeatKind> {
    vec![SeatKind::Human, SeatKind::Bot("random".into())]
}

/// A small generator for the searches below (the tests' positions come from seeded play).
fn next(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// Plays random games from consecutive seeds (passing seldom) until `found` picks a position
/// and a choice of it; returns them.
fn search(
    players: u8,
    found: impl Fn(&ResArcana, &Choice, &ResArcana) -> bool,
) -> (ResArcana, Choice) {
    for seed in 1..400u64 {
        let mut g = game(players, Variant::Standard, seed);
        let mut r = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        for _ in 0..3000 {
            if g.is_over() {
                break;
            }
            let legal = g.legal_list();
            let mut i = (next(&mut r) % legal.len() as u64) as usize;
            if legal[i] == Choice::Pass && legal.len() > 1 && !next(&mut r).is_multiple_of(4) {
                i = (i + 1) % legal.len();
            }
            let mut after = g.clone();
            after.apply(legal[i]).expect("a listed choice applies");
            if found(&g, &legal[i], &after) {
                return (g, legal[i]);
            }
            g = after;
        }
    }
    panic!("no such position in 400 games");
}

/// Plays the first legal choice (anything but passing, when there is) until `stop` holds.
fn play_until(app: &mut App, limit: usize, stop: impl Fn(&ResArcana) -> bool) {
    for _ in 0..limit {
        let t = ra_mut(app);
        if stop(t.game()) || t.game().is_over() {
            return;
        }
        let legal = t.game().legal_list();
        let c = legal
            .iter()
            .copied()
            .find(|c| *c != Choice::Pass)
            .unwrap_or(legal[0]);
        t.apply_choice(c).expect("legal");
    }
    panic!("the position was not reached");
}

/// Blue (a person) to act in round 2, against the random bot.
fn round_two(app: &mut App) {
    show(app, game(2, Variant::Standard, 3), &human_vs_random());
    play_until(app, 300, |g| {
        g.round >= 2
            && g.pending
                .is_some_and(|d| d.seat == 0 && d.ask == Ask::Action)
    });
}

/// Essences as the screen writes them, every kind ("1E 0L 2C 0D 1G").
fn pool_text(g: &ResArcana, seat: usize) -> String {
    Essence::ALL
        .iter()
        .zip(["E", "L", "C", "D", "G"])
        .map(|(e, l)| format!("{}{l}", g.seats[seat].pool.get(*e)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The screen as text, names kept whole on one line shown with plain spaces.
fn text(buf: &Buffer) -> String {
    support::text(buf).replace('\u{a0}', " ")
}

/// Where a string first appears on screen (column, row).
fn find(buf: &Buffer, needle: &str) -> Option<(u16, u16)> {
    text(buf).lines().enumerate().find_map(|(y, line)| {
        line.find(needle)
            .map(|i| (line[..i].chars().count() as u16, y as u16))
    })
}

fn at(buf: &Buffer, needle: &str) -> (u16, u16) {
    find(buf, needle).unwrap_or_else(|| panic!("`{needle}` is not on screen:\n{}", text(buf)))
}

#[test]
fn the_table_shows_pools_tableaux_points_the_centre_and_only_the_viewers_hand() {
    let theme = Theme::new(PaletteKind::Standard);
    let mut app = new_app(PaletteKind::Standard);
    round_two(&mut app);
    let g = ra(&app).game().clone();
    for (w, h) in SIZES {
        let buf = render(&app, w, h);
        let shown = text(&buf);
        assert!(shown.contains("round 2"), "{w}x{h}:\n{shown}");
        // Both pools, every kind, and the Elan badge in Elan's colour.
        for seat in 0..2 {
            assert!(
                shown.contains(&pool_text(&g, seat)),
                "{w}x{h} pool {seat}:\n{shown}"
            );
        }
        let (x, y) = at(&buf, &pool_text(&g, 1));
        let elan = theme.named(colour(Essence::Elan));
        if g.seats[1].pool.get(Essence::Elan) > 0 {
            assert_eq!(
                buf[(x + 1, y)].bg,
                elan.bg.unwrap_or(Color::Reset),
                "{w}x{h}"
            );
        }
        // Every component in play, by name; the mages revealed.
        for seat in &g.seats {
            for p in &seat.play {
                assert!(
                    shown.contains(g.db.name(p.card)),
                    "{w}x{h}: {}\n{shown}",
                    g.db.name(p.card)
                );
            }
        }
        // Points and the First Player token.
        assert!(shown.contains("★"), "{w}x{h}:\n{shown}");
        assert!(
            shown.contains(&format!("{} pt", g.points(0))),
            "{w}x{h}:\n{shown}"
        );
        // The centre: a Place of Power, the monuments face up and the deck.
        assert!(shown.contains(g.db.name(g.places[0])), "{w}x{h}:\n{shown}");
        for &m in &g.monuments {
            assert!(shown.contains(g.db.name(m)), "{w}x{h}:\n{shown}");
        }
        assert!(
            shown.contains(&format!("deck {}", g.monument_deck.len()))
                || shown.contains(&format!("deck: {}", g.monument_deck.len())),
            "{w}x{h}:\n{shown}"
        );
        // Blue's hand, never Red's.
        assert!(shown.contains("Hand of Blue"), "{w}x{h}:\n{shown}");
        for &c in &g.seats[0].hand {
            assert!(shown.contains(g.db.name(c)), "{w}x{h}:\n{shown}");
        }
        for &c in &g.seats[1].hand {
            assert!(
                !shown.contains(g.db.name(c)),
                "Red's {} on screen at {w}x{h}:\n{shown}",
                g.db.name(c)
            );
        }
        // The choices, numbered.
        assert!(shown.contains("1 "), "{w}x{h}:\n{shown}");
        assert!(
            shown.contains("pass (no more actions this round)"),
            "{w}x{h}:\n{shown}"
        );
    }
    // The wide screens name each component's kind and the essences in full.
    let shown = text(&render(&app, 200, 60));
    assert!(shown.contains("Places of Power"), "{shown}");
    assert!(
        shown.contains("E Elan L Life C Calm D Death G Gold"),
        "{shown}"
    );
}

#[test]
fn without_colour_the_letters_carry_the_essences() {
    let mut app = new_app(PaletteKind::Mono);
    round_two(&mut app);
    let g = ra(&app).game().clone();
    let buf = render(&app, 80, 24);
    let (x, y) = at(&buf, &pool_text(&g, 0));
    assert_eq!(buf[(x + 1, y)].bg, Color::Reset);
    assert_eq!(buf[(x + 1, y)].symbol(), "E");
}

#[test]
fn arrows_walk_the_choices_and_enter_or_a_number_takes_one() {
    let mut app = new_app(PaletteKind::Standard);
    round_two(&mut app);
    let options = ra(&app).screen().options.clone();
    assert!(options.len() >= 3, "{options:?}");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Char('j'));
    press(&mut app, KeyCode::Char('k'));
    assert_eq!(ra(&app).screen().selected, 1);
    let made = ra(&app).session().choices.len();
    press(&mut app, KeyCode::Enter);
    let t = ra(&app);
    assert_eq!(t.session().choices.get(made), Some(&options[1]));
    // A number takes its choice at once (whatever comes next).
    let mut app = new_app(PaletteKind::Standard);
    round_two(&mut app);
    let options = ra(&app).screen().options.clone();
    press(&mut app, KeyCode::Char('2'));
    assert_eq!(ra(&app).session().choices.last(), Some(&options[1]));
}

#[test]
fn the_key_bar_and_the_help_name_the_keys() {
    let mut app = new_app(PaletteKind::Standard);
    round_two(&mut app);
    let bar = hint_text(&app);
    for key in [
        "move",
        "Enter act",
        "1-9 choice",
        "Tab hand",
        "p pass",
        "? help",
    ] {
        assert!(bar.contains(key), "{key}: {bar}");
    }
    // Every key of the game's in the bar even at 80 columns (the shell's rarer ones give way).
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        let last = shown.lines().last().unwrap_or_default().to_string();
        for key in [
            "move",
            "Enter act",
            "1-9 choice",
            "Tab hand",
            "p pass",
            "? help",
        ] {
            assert!(last.contains(key), "{key} at {w}x{h}: {last}");
        }
    }
    // In the hand, x discards the highlighted card and Esc goes back.
    press(&mut app, KeyCode::Tab);
    let last = text(&render(&app, 80, 24))
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    assert!(last.contains("x discard"), "{last}");
    press(&mut app, KeyCode::Esc);
    // p passes.
    press(&mut app, KeyCode::Char('p'));
    assert_eq!(ra(&app).session().choices.last(), Some(&Choice::Pass));
    press(&mut app, KeyCode::Char('?'));
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains("Pass: no more actions this round"),
        "{shown}"
    );
}

#[test]
fn a_payment_lists_each_way_to_pay_in_the_essences_colours() {
    // A person's payment with several ways to pay.
    let (g, _) = search(2, |g, _, _| {
        g.pending
            .is_some_and(|d| matches!(d.ask, Ask::Pay(..)) && d.seat == 0)
            && g.legal_list().len() >= 2
            && g.phase == Phase::Actions
    });
    let theme = Theme::new(PaletteKind::Standard);
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, g.clone(), &human_vs_random());
    for (w, h) in SIZES {
        let buf = render(&app, w, h);
        let shown = text(&buf);
        assert!(shown.contains("Pay for"), "{w}x{h}:\n{shown}");
        assert!(
            shown.contains("A step of the action begun"),
            "{w}x{h}:\n{shown}"
        );
        for c in g.legal_list() {
            let Choice::Pay(es) = c else { panic!("{c:?}") };
            let kind = es.kinds().next().expect("something paid");
            let badge = format!("{}{}", es.get(kind), colour(kind).letter);
            // Some option row shows it ("3 pay 1E 1L"), in its colour.
            let found = (0..h).any(|r| {
                let line: String = (0..w).map(|cx| buf[(cx, r)].symbol().to_string()).collect();
                let Some(p) = line.find(" pay ") else {
                    return false;
                };
                let numbered = line[..p].ends_with(|c: char| c.is_ascii_digit());
                match line[p..].find(&badge) {
                    Some(i) if numbered => {
                        let cx = line[..p + i].chars().count() as u16;
                        buf[(cx, r)].bg == theme.named(colour(kind)).bg.unwrap_or(Color::Reset)
                    }
                    _ => false,
                }
            });
            assert!(found, "{badge} in colour at {w}x{h}:\n{shown}");
        }
    }
}

#[test]
fn another_persons_answer_to_an_attack_waits_behind_the_pass_screen() {
    // Blue's choice that makes Red answer a Life loss out of turn.
    let (g, choice) = search(2, |g, _, after| {
        g.pending.is_some_and(|d| d.seat == 0)
            && after
                .pending
                .is_some_and(|d| d.seat == 1 && matches!(d.ask, Ask::LifeLoss(_)))
    });
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, g, &[SeatKind::Human, SeatKind::Human]);
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains("Pass the keyboard to"), "{shown}");
    press(&mut app, KeyCode::Enter);
    let t = ra(&app);
    let red_hand: Vec<String> = t.game().seats[1]
        .hand
        .iter()
        .map(|&c| t.game().db.name(c).to_string())
        .collect();
    let i = t
        .screen()
        .options
        .iter()
        .position(|c| *c == choice)
        .expect("listed");
    for _ in 0..i {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(ra(&app).gate(), Some(1), "the pass screen waits for Red");
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Pass the keyboard to"), "{w}x{h}:\n{shown}");
        assert!(!shown.contains("Hand of"), "{w}x{h}:\n{shown}");
        for c in &red_hand {
            assert!(!shown.contains(c.as_str()), "{c} at {w}x{h}:\n{shown}");
        }
    }
    press(&mut app, KeyCode::Enter);
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("Hand of Red"), "{shown}");
    assert!(shown.contains("attacks with"), "{shown}");
    assert!(shown.contains("accept: lose"), "{shown}");
    assert!(!shown.contains("A step of the action begun"), "{shown}");
}

#[test]
fn a_hot_seat_game_shows_each_seat_its_own_mages_only() {
    let g = game(2, Variant::Standard, 5);
    let (blue, red) = (
        g.seats[0].mages_dealt.clone(),
        g.seats[1].mages_dealt.clone(),
    );
    let name = |c| g.db.name(c).to_string();
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, g.clone(), &[SeatKind::Human, SeatKind::Human]);
    assert!(text(&render(&app, 80, 24)).contains("Pass the keyboard to"));
    press(&mut app, KeyCode::Enter);
    let shown = text(&render(&app, 120, 40));
    for &m in &blue {
        assert!(shown.contains(&name(m)), "{shown}");
    }
    for &m in &red {
        assert!(!shown.contains(&name(m)), "{shown}");
    }
    press(&mut app, KeyCode::Char('1'));
    // Red's turn to pick: behind the pass screen, then Red's mages and not Blue's pick.
    assert!(text(&render(&app, 80, 24)).contains("Pass the keyboard to"));
    press(&mut app, KeyCode::Enter);
    let shown = text(&render(&app, 120, 40));
    for &m in &red {
        assert!(shown.contains(&name(m)), "{shown}");
    }
    for &m in &blue {
        assert!(
            !shown.contains(&name(m)),
            "Blue's mage shown to Red:\n{shown}"
        );
    }
    assert!(shown.contains("mage picked"), "{shown}");
}

#[test]
fn the_collect_step_is_shown_in_one_place() {
    let (g, _) = search(2, |g, _, _| {
        g.phase == Phase::Collect && g.pending.is_some_and(|d| d.seat == 0) && g.round >= 2
    });
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, g, &human_vs_random());
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Collect: pool was"), "{w}x{h}:\n{shown}");
        assert!(shown.contains("Collect"), "{w}x{h}:\n{shown}");
    }
}

#[test]
fn the_new_game_form_sets_variant_players_and_seats() {
    // The form the shell makes from the options Res Arcana declares.
    let registry = Arc::new(table::games::registry());
    let index = registry
        .ids()
        .iter()
        .position(|id| *id == "res-arcana")
        .expect("Res Arcana is registered");
    let mut form = table::shell::tui::screens::options_form::OptionsForm::new(
        registry,
        index,
        table::shell::registry::Options::none(),
    );
    let label = |f: &dyn SetupForm, l: &str| {
        f.rows()
            .into_iter()
            .find_map(|r| match r {
                FormRow::Option { label, value } if label == l => Some(value),
                _ => None,
            })
            .expect("a row")
    };
    assert!(label(&form, "Variant").starts_with("Standard"));
    form.change(0, 1).expect("changes");
    assert!(label(&form, "Variant").starts_with("First game"));
    form.change(0, 1).expect("changes");
    assert!(label(&form, "Variant").starts_with("Draft"));
    assert_eq!(label(&form, "Expansion counts (2 players)"), "no");
    form.change(2, 2).expect("changes");
    assert_eq!(form.players(), 4);
    assert_eq!(form.seat(3).0, "Yellow");
    let app = new_app(PaletteKind::Standard);
    let t = form
        .start(
            &[
                SeatKind::Human,
                SeatKind::Bot("random".into()),
                SeatKind::Bot("random".into()),
                SeatKind::Bot("random".into()),
            ],
            9,
            None,
            &app.env,
        )
        .expect("deals");
    let mut app = app;
    app.show(t);
    assert_eq!(ra(&app).game().players(), 4);
    assert_eq!(ra(&app).game().variant, Variant::Draft);
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains("Res Arcana, draft"), "{shown}");
    assert!(
        ra_table(
            db(),
            Setup {
                players: 5,
                variant: Variant::Standard,
                expansion_counts: false
            },
            &[],
            1,
            None,
            &app.env
        )
        .is_err()
    );
}

#[test]
fn the_rules_pages_say_how_to_play_here() {
    let pages = table::resarcana::ui::rules::pages();
    assert!(pages.len() >= 5);
    assert!(pages.iter().any(|p| p.title == "Playing here"));
}

#[test]
fn a_whole_game_between_two_ai_seats_runs_to_its_end_on_the_table() {
    let mut app = new_app(PaletteKind::Standard);
    let t = ra_table(
        db(),
        Setup {
            players: 2,
            variant: Variant::Standard,
            expansion_counts: false,
        },
        &[
            SeatKind::Bot("random".into()),
            SeatKind::Bot("random".into()),
        ],
        11,
        None,
        &app.env,
    )
    .expect("deals");
    app.show(t);
    let mut steps = 0;
    while !ra(&app).game().is_over() && steps < 20_000 {
        let answered = ra_mut(&mut app)
            .wait_for_ai(Duration::from_secs(10))
            .expect("the AI answers");
        assert!(answered, "the AI answered");
        steps += 1;
        if steps % 97 == 0 {
            let (w, h) = SIZES[steps / 97 % 3];
            render(&app, w, h);
        }
    }
    assert!(ra(&app).game().is_over(), "over after {steps} steps");
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Game over"), "{w}x{h}:\n{shown}");
    }
    let last = ra(&app).session().log.last().expect("a log").text.clone();
    assert!(last.starts_with("Game over"), "{last}");
    // The winner's points come with the winner's name, each seat's points with their sources.
    let g = ra(&app).game().clone();
    let o = g.outcome.clone().expect("an outcome");
    let w = o.winners[0] as usize;
    let name = ["Blue", "Red"][w];
    assert!(
        last.contains(&format!("{name} wins with {} points", o.points[w]))
            || last.contains("share the victory"),
        "{last}"
    );
    let shown = text(&render(&app, 120, 40));
    let scoring = (0..g.seats[w].play.len())
        .find(|&k| g.component_points(w, k) > 0)
        .map(|k| {
            format!(
                "{} {}",
                g.db.name(g.seats[w].play[k].card),
                g.component_points(w, k)
            )
        });
    if let Some(part) = scoring {
        assert!(shown.contains(&part), "{part}:\n{shown}");
    }
}

#[test]
fn four_seats_fit_at_80_by_24() {
    let mut app = new_app(PaletteKind::Standard);
    let kinds = vec![
        SeatKind::Human,
        SeatKind::Bot("random".into()),
        SeatKind::Bot("random".into()),
        SeatKind::Bot("random".into()),
    ];
    show(&mut app, game(4, Variant::Standard, 4), &kinds);
    play_until(&mut app, 600, |g| {
        g.round >= 2
            && g.pending
                .is_some_and(|d| d.seat == 0 && d.ask == Ask::Action)
    });
    let g = ra(&app).game().clone();
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        for (seat, name) in ["Blue", "Red", "Green", "Yellow"].iter().enumerate() {
            assert!(shown.contains(name), "{name} at {w}x{h}:\n{shown}");
            // At 80x24 a pool names only the kinds it holds ("3E 1G").
            let pool = if w == 80 {
                pool_text(&g, seat)
                    .split(' ')
                    .filter(|b| !b.starts_with('0'))
                    .collect::<Vec<_>>()
                    .join(" ")
            } else {
                pool_text(&g, seat)
            };
            assert!(shown.contains(&pool), "{name}'s pool at {w}x{h}:\n{shown}");
        }
        assert!(shown.contains("pass (no more actions"), "{w}x{h}:\n{shown}");
    }
}

#[test]
fn in_the_hand_enter_places_and_x_discards_the_highlighted_card() {
    let mut app = new_app(PaletteKind::Standard);
    round_two(&mut app);
    let hand = ra(&app).screen().hand.clone();
    press(&mut app, KeyCode::Tab);
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("▸ "), "{shown}");
    // The card's text is shown beside the hand.
    let g = ra(&app).game().clone();
    let first =
        g.db.get(hand[0])
            .text
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string();
    assert!(shown.contains(&first), "{shown}");
    press(&mut app, KeyCode::Char('x'));
    assert_eq!(
        ra(&app).session().choices.last(),
        Some(&Choice::Discard(hand[0]))
    );
}

#[test]
fn in_hot_seat_a_collect_step_stays_secret_until_every_seat_has_collected() {
    // Blue's Collect with a choice in it, Red's still to come.
    let (g, _) = search(2, |g, _, _| {
        g.phase == Phase::Collect
            && g.round >= 2
            && g.pending.is_some_and(|d| d.seat == 0)
            && g.collect_start.len() == 2
    });
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, g, &[SeatKind::Human, SeatKind::Human]);
    press(&mut app, KeyCode::Enter);
    for _ in 0..40 {
        if ra(&app).gate().is_some() || ra(&app).game().phase != Phase::Collect {
            break;
        }
        press(&mut app, KeyCode::Char('1'));
    }
    let t = ra(&app);
    if t.game().phase != Phase::Collect {
        // Red had nothing to decide: the step is over and public.
        return;
    }
    assert_eq!(
        t.gate(),
        Some(1),
        "Red's Collect waits behind the pass screen"
    );
    let blue_start = t.game().collect_start[0].0;
    press(&mut app, KeyCode::Enter);
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("Hand of Red"), "{shown}");
    assert!(!shown.contains("Blue (secret)"), "{shown}");
    // Blue's pool as it was when the step began.
    let pool: String = Essence::ALL
        .iter()
        .zip(["E", "L", "C", "D", "G"])
        .map(|(e, l)| format!("{}{l}", blue_start.get(*e)))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(shown.contains(&pool), "{pool}:\n{shown}");
}

/// The essences a place choice can pay with: the one way, when there is only one.
fn only_payment(g: &ResArcana, choice: &Choice) -> Option<table::resarcana::Essences> {
    let (Some(d), Choice::Place(c)) = (g.pending, *choice) else {
        return None;
    };
    match g
        .price(d.seat, c, 0, true)
        .payments(&g.seats[d.seat as usize].pool)
        .as_slice()
    {
        [only] if !only.is_zero() => Some(*only),
        _ => None,
    }
}

#[test]
fn a_discounted_card_says_so_and_a_payment_made_without_a_question_is_logged() {
    // Blue to place an artifact a discount makes cheaper, payable one way only.
    let (g, choice) = search(2, |g, c, _| {
        let Choice::Place(card) = *c else {
            return false;
        };
        g.pending
            .is_some_and(|d| d.seat == 0 && d.ask == Ask::Action)
            && g.price(0, card, 0, true).base_total() < g.db.get(card).cost.total()
            && only_payment(g, c).is_some()
    });
    let paid = only_payment(&g, &choice).expect("one way to pay");
    let Choice::Place(card) = choice else {
        unreachable!("the search found a place choice")
    };
    let name = g.db.name(card).to_string();
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, g, &human_vs_random());
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains(&format!("place {name} (")) && shown.contains("less with discounts"),
        "{shown}"
    );
    ra_mut(&mut app).person_choice(choice);
    let log: Vec<&str> = ra(&app)
        .session()
        .log
        .iter()
        .map(|l| l.text.as_str())
        .collect();
    let said = format!(
        "Blue paid {}",
        table::resarcana::ui::words::essences_text(&paid)
    );
    assert!(log.contains(&said.as_str()), "{said}: {log:#?}");
}

#[test]
fn a_seat_reads_the_cards_it_drew_and_not_also_how_many() {
    // Blue's choice that puts a card in Blue's hand.
    let (g, choice) = search(2, |g, _, after| {
        g.pending
            .is_some_and(|d| d.seat == 0 && d.ask == Ask::Action)
            && after.seats[0].hand.len() > g.seats[0].hand.len()
    });
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, g, &human_vs_random());
    ra_mut(&mut app).person_choice(choice);
    let log = &ra(&app).session().log;
    let line = |private: bool| {
        log.iter()
            .find(|l| match l.kind {
                LineKind::Private(0) => private && l.text.starts_with("Blue drew "),
                LineKind::Others(0) => !private,
                _ => false,
            })
            .map(|l| l.text.clone())
            .expect("the draw is logged twice: for Blue and for the others")
    };
    let (names, count) = (line(true), line(false));
    let shown = text(&render(&app, 200, 60));
    assert!(shown.contains(&names), "{names}:\n{shown}");
    assert!(!shown.contains(&count), "{count}:\n{shown}");
}

#[test]
fn a_power_to_use_says_what_it_does_in_the_list_and_the_log() {
    // Blue to act, with a component whose single power may be used.
    let (g, choice) = search(2, |g, c, _| {
        g.pending
            .is_some_and(|d| d.seat == 0 && d.ask == Ask::Action)
            && matches!(*c, Choice::Use(card, _) if g.db.get(card).powers.len() == 1
                && g.db.get(card).text.contains("1: "))
    });
    let Choice::Use(card, _) = choice else {
        unreachable!("the search found a power")
    };
    let name = g.db.name(card).to_string();
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, g, &human_vs_random());
    let shown = text(&render(&app, 200, 60));
    assert!(shown.contains(&format!("use {name} (")), "{shown}");
    assert!(!shown.contains(&format!("use {name}, power")), "{shown}");
    ra_mut(&mut app).person_choice(choice);
    let said = format!("Blue: use {name} (");
    assert!(
        ra(&app)
            .session()
            .log
            .iter()
            .any(|l| l.text.starts_with(&said)),
        "{said}"
    );
}

#[test]
fn what_the_own_choice_led_to_is_not_news_since_the_last_decision() {
    // Blue pays one way for something and decides again at once (Red has passed).
    let (g, choice) = search(2, |g, c, after| {
        g.pending
            .is_some_and(|d| d.seat == 0 && d.ask == Ask::Action)
            && matches!(c, Choice::Place(_))
            && only_payment(g, c).is_some()
            && after
                .pending
                .is_some_and(|d| d.seat == 0 && d.ask == Ask::Action)
    });
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, g, &human_vs_random());
    ra_mut(&mut app).person_choice(choice);
    assert!(
        ra(&app)
            .session()
            .log
            .iter()
            .any(|l| l.text.starts_with("Blue paid")),
        "the payment is logged"
    );
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(!shown.contains("· Blue paid"), "{w}x{h}:\n{shown}");
    }
}

#[test]
fn a_secret_choice_is_told_to_its_seat_once() {
    // Blue puts cards looked at back in an order: Blue's line names them, the others' does not.
    let (g, choice) = search(2, |g, _, _| {
        g.pending
            .is_some_and(|d| d.seat == 0 && matches!(d.ask, Ask::ScryOrder { .. }))
    });
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, g, &human_vs_random());
    ra_mut(&mut app).person_choice(choice);
    let shown = text(&render(&app, 200, 60));
    assert!(shown.contains("Blue (secret): put back"), "{shown}");
    assert!(
        !shown.contains("Blue: put the cards looked at back"),
        "{shown}"
    );
    let log = &ra(&app).session().log;
    assert!(
        log.iter().any(
            |l| l.kind == LineKind::Others(0) && l.text == "Blue: put the cards looked at back"
        ),
        "the others are told: {log:#?}"
    );
}

#[test]
fn the_new_game_form_keeps_its_values_in_one_column() {
    // The menu as `tashkalar` opens it: the list of games, Res Arcana's menu, its form.
    let registry = Arc::new(table::games::registry());
    let catalog = registry.catalog(&table::shell::registry::Options::none());
    let mut app = App::new(catalog, PaletteKind::Standard);
    press(&mut app, KeyCode::Char('3'));
    for _ in 0..3 {
        if text(&render(&app, 120, 40)).contains("New game of Res Arcana") {
            break;
        }
        press(&mut app, KeyCode::Enter);
    }
    let buf = render(&app, 120, 40);
    let shown = text(&buf);
    assert!(shown.contains("New game of Res Arcana"), "{shown}");
    // Where the value after a label begins.
    let value_at = |label: &str| {
        let (x, y) = at(&buf, label);
        let line: Vec<char> = shown
            .lines()
            .nth(y as usize)
            .expect("a line")
            .chars()
            .collect();
        let mut i = x as usize + label.chars().count();
        while line.get(i).is_some_and(|c| *c == ' ' || *c == '‹') {
            i += 1;
        }
        i
    };
    let players = value_at("Players");
    assert_eq!(value_at("Expansion counts (2 players)"), players, "{shown}");
    assert_eq!(value_at("Seed"), players, "{shown}");
}

/// Whether `name` is on screen as a name of its own (the mage Alchemist is not in
/// "Alchemist's Tower").
fn names(shown: &str, name: &str) -> bool {
    shown.match_indices(name).any(|(i, _)| {
        let after = shown[i + name.len()..].chars().next();
        let before = shown[..i].chars().next_back();
        !after.is_some_and(|c| c.is_alphanumeric() || c == '\'')
            && !before.is_some_and(|c| c.is_alphanumeric())
    })
}

/// The names of the cards in every hand but `seat`'s, and every mage dealt but not played.
fn hidden_from(g: &ResArcana, seat: usize) -> Vec<String> {
    let mut out = Vec::new();
    for (i, s) in g.seats.iter().enumerate() {
        if i == seat {
            continue;
        }
        out.extend(s.hand.iter().map(|&c| g.db.name(c).to_string()));
        out.extend(
            s.mages_dealt
                .iter()
                .filter(|&&m| Some(m) != s.mage)
                .map(|&c| g.db.name(c).to_string()),
        );
    }
    out
}

#[test]
fn in_a_three_person_game_a_dragons_victim_answers_behind_the_pass_screen() {
    // Blue's choice that makes a Dragon attack, its victim able to react or defend.
    let (g, choice) = search(3, |g, _, after| {
        g.pending.is_some_and(|d| d.seat == 0)
            && after.pending.is_some_and(|d| match d.ask {
                Ask::LifeLoss(a) => {
                    d.seat != 0
                        && after
                            .db
                            .get(a.card)
                            .has_tag(table::resarcana::card::language::Tag::Dragon)
                        && after
                            .legal_list()
                            .iter()
                            .any(|c| matches!(c, Choice::Use(..) | Choice::Defend))
                }
                _ => false,
            })
    });
    let mut app = new_app(PaletteKind::Standard);
    show(
        &mut app,
        g,
        &[SeatKind::Human, SeatKind::Human, SeatKind::Human],
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(ra(&app).viewer(), Some(0));
    ra_mut(&mut app).person_choice(choice);
    let victim = ra(&app).game().seat_to_move();
    assert_ne!(victim, 0);
    assert_eq!(ra(&app).gate(), Some(victim), "the pass screen comes first");
    // Behind the pass screen nobody's hand or hidden mage shows.
    let every_secret = |g: &ResArcana| hidden_from(g, usize::MAX);
    for (w, h) in SIZES {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("Pass the keyboard to"), "{w}x{h}:\n{shown}");
        for c in every_secret(ra(&app).game()) {
            assert!(!names(&shown, &c), "{c} at {w}x{h}:\n{shown}");
        }
    }
    press(&mut app, KeyCode::Enter);
    let shown = text(&render(&app, 120, 40));
    let name = ["Blue", "Red", "Green"][victim];
    assert!(shown.contains(&format!("Hand of {name}")), "{shown}");
    assert!(shown.contains("attacks with"), "{shown}");
    for c in hidden_from(ra(&app).game(), victim) {
        assert!(!names(&shown, &c), "{c}:\n{shown}");
    }
    // The answer: a reaction or the attack's own defence, then whoever decides next is gated.
    let answer = ra(&app)
        .screen()
        .options
        .iter()
        .copied()
        .find(|c| matches!(c, Choice::Use(..) | Choice::Defend))
        .expect("a reaction or a defence is offered");
    ra_mut(&mut app).person_choice(answer);
    for _ in 0..6 {
        let t = ra(&app);
        if t.game().is_over() {
            break;
        }
        let next = t.game().seat_to_move();
        if let Some(gate) = t.gate() {
            assert_eq!(gate, next);
            let shown = text(&render(&app, 120, 40));
            for c in every_secret(t.game()) {
                assert!(!names(&shown, &c), "{c}:\n{shown}");
            }
            press(&mut app, KeyCode::Enter);
        }
        let t = ra(&app);
        let me = t.viewer().expect("a person looks");
        let shown = text(&render(&app, 120, 40));
        for c in hidden_from(t.game(), me) {
            assert!(!names(&shown, &c), "{c}:\n{shown}");
        }
        if t.game()
            .pending
            .is_some_and(|d| d.seat == 0 && d.ask == Ask::Action)
        {
            break;
        }
        let c = t.screen().options[0];
        ra_mut(&mut app).person_choice(c);
    }
}

#[test]
fn a_point_lost_with_the_token_is_told_as_a_loss() {
    // Blue passes first and takes the First Player token (and its point) from Red.
    let (g, choice) = search(2, |g, c, after| {
        *c == Choice::Pass
            && g.pending
                .is_some_and(|d| d.seat == 0 && d.ask == Ask::Action)
            && g.token == 1
            && after.token == 0
    });
    let red_after = {
        let mut after = g.clone();
        after.apply(choice).expect("passing is legal");
        after.points(1)
    };
    let mut app = new_app(PaletteKind::Standard);
    show(&mut app, g, &human_vs_random());
    ra_mut(&mut app).person_choice(choice);
    let log: Vec<&str> = ra(&app)
        .session()
        .log
        .iter()
        .map(|l| l.text.as_str())
        .collect();
    let unit = if red_after == 1 { "point" } else { "points" };
    let said = format!("Red is down to {red_after} {unit}");
    assert!(log.contains(&said.as_str()), "{said}: {log:#?}");
}

#[test]
fn news_cut_short_says_the_rest_is_in_the_log() {
    // Blue plays against two random seats (its choices by a fixed rule) until it acts in the
    // second round: the others' steps since its last decision outnumber the rows a short
    // panel leaves, and the heading must then say where the rest is.
    let mut app = new_app(PaletteKind::Standard);
    let kinds = [
        SeatKind::Human,
        SeatKind::Bot("random".into()),
        SeatKind::Bot("random".into()),
    ];
    show(&mut app, game(3, Variant::Standard, 5), &kinds);
    let mut n = 0usize;
    loop {
        let g = ra(&app).game();
        assert!(!g.is_over() && n < 5_000, "Blue acts in round 2");
        let blue_acts = g
            .pending
            .is_some_and(|d| d.seat == 0 && d.ask == Ask::Action);
        if g.round >= 2 && blue_acts {
            break;
        }
        if g.pending.is_some_and(|d| d.seat == 0) {
            let mut legal = Vec::new();
            g.legal(&mut legal);
            // Passing seldom, so that the others act many times in between.
            let pick = legal
                .iter()
                .copied()
                .filter(|c| *c != Choice::Pass || legal.len() == 1)
                .nth(n % legal.len().max(1))
                .unwrap_or(legal[0]);
            ra_mut(&mut app)
                .apply_choice(pick)
                .expect("a listed choice");
        } else {
            let answered = ra_mut(&mut app)
                .wait_for_ai(Duration::from_secs(10))
                .expect("the AI answers");
            assert!(answered, "the AI answered");
        }
        n += 1;
    }
    let mut forms = Vec::new();
    for h in 24..=60 {
        let shown = text(&render(&app, 120, h));
        let Some(line) = shown
            .lines()
            .find(|l| l.contains("Since your last decision"))
        else {
            continue;
        };
        for form in [": see the log", " (earlier: the log):", "decision:"] {
            if line.contains(form) && !forms.contains(&form) {
                forms.push(form);
            }
        }
    }
    assert!(
        forms.contains(&" (earlier: the log):") && forms.contains(&"decision:"),
        "a cut recap and a whole one, by the panel's height: {forms:?}"
    );
}

#[test]
fn a_game_from_a_position_says_where_it_begins() {
    use table::shell::game::Game;
    // A dealt game opens with its kind and seats; one set up later in the game says its round
    // and step, so its log never reads as a dealt game whose first rounds went untold.
    let mut app = new_app(PaletteKind::Standard);
    let dealt = game(2, Variant::Standard, 3);
    show(&mut app, dealt.clone(), &human_vs_random());
    let first = ra(&app).session().log[0].text.clone();
    assert!(first.starts_with("Res Arcana for 2 players"), "{first}");
    assert!(!first.contains("from a position"), "{first}");
    let mut later = dealt;
    let mut legal = Vec::new();
    while later.round < 2 && !later.is_over() {
        later.legal(&mut legal);
        let pick = legal
            .iter()
            .copied()
            .find(|c| *c == Choice::Pass)
            .unwrap_or(legal[0]);
        later.play(pick).expect("a listed choice");
    }
    let round = later.round;
    show(&mut app, later, &human_vs_random());
    let first = ra(&app).session().log[0].text.clone();
    assert!(
        first.contains(&format!("from a position: round {round}")),
        "{first}"
    );
}

#[test]
fn every_variant_is_shown_whole_on_its_line_and_the_form_keeps_its_width() {
    let registry = Arc::new(table::games::registry());
    let catalog = registry.catalog(&table::shell::registry::Options::none());
    let mut app = App::new(catalog, PaletteKind::Standard);
    press(&mut app, KeyCode::Char('3'));
    for _ in 0..3 {
        if text(&render(&app, 110, 36)).contains("New game of Res Arcana") {
            break;
        }
        press(&mut app, KeyCode::Enter);
    }
    let mut widths = Vec::new();
    for variant in [
        "Standard (2 mages and 8 artifacts dealt)",
        "First game (preset mages and hands)",
        "Draft (artifacts drafted from packets of 4)",
    ] {
        for cols in [110, 80] {
            let buf = render(&app, cols, 36);
            let shown = text(&buf);
            let line = shown
                .lines()
                .find(|l| l.contains("Variant"))
                .unwrap_or_else(|| panic!("no Variant line at {cols} columns:\n{shown}"));
            assert!(
                line.contains(&format!("‹ {variant} ›")),
                "{variant} whole at {cols} columns:\n{shown}"
            );
            let (x, _) = at(&buf, "New game of Res Arcana");
            widths.push((cols, x));
        }
        press(&mut app, KeyCode::Right);
    }
    // Back to the first: the form does not narrow again (it would jump as values change).
    let (x, _) = at(&render(&app, 110, 36), "New game of Res Arcana");
    assert_eq!(
        Some(&(110, x)),
        widths.iter().rev().find(|(c, _)| *c == 110)
    );
}
