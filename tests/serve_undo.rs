//! Undo on a served table (issue 52), at the level of the shell's table face: the referee
//! takes back only the asking seat's own decisions since another seat decided, on its turn,
//! never past a barrier; a mirror told to rewind follows. (Over SSH the referee sends that word
//! to every mirror; the positions with two steps in one turn are set up here, not dealt.) And
//! over SSH: a Tash-Kalar seat takes back its first action of a turn; both screens follow.

mod hg;
mod serve_kit;

use serve_kit::{Person, Server, open_for_two, runtime, saves, verified};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};
use table::highground::HighGround;
use table::highground::ui::HgScreen;
use table::highground::ui::setup::seat_names;
use table::shell::game::Game;
use table::shell::seats::{SeatKind, Seats};
use table::shell::tui::table::remote::{RefereeLink, Ruling};
use table::shell::tui::table::{Table, TableEnv, TableScreen};

/// A served High Ground table for two people, Blue to hop (two steps of one turn).
fn referee() -> Table<HgScreen> {
    let g = hg::duel(
        r#"stacks: ["1,-1: 1St", "-1,1: 1Ln", "1,0: 2Sn", "0,2: 2Lt"], hands: ["Q", "A"], roll: Hop"#,
    );
    let seats = Seats::new(
        seat_names(g.players() as u8),
        &[SeatKind::Human, SeatKind::Human],
    );
    let env = TableEnv {
        ai_delay: Duration::ZERO,
        ..TableEnv::default()
    };
    Table::<HgScreen>::live(g, seats, Some(7), None, &env).expect("the table opens")
}

fn choice(t: &Table<HgScreen>, text: &str) -> <HighGround as Game>::Choice {
    Game::parse_choice(t.game(), text).expect("notation")
}

#[test]
fn a_seat_takes_back_its_own_steps_of_its_turn_only() {
    let mut referee = referee();
    // Red may not take back anything of Blue's, nor on Blue's turn.
    assert!(TableScreen::undo_for(&mut referee, 1).is_err());
    assert!(
        TableScreen::undo_for(&mut referee, 0).is_err(),
        "nothing yet"
    );

    let hop = choice(&referee, "hop 1St");
    TableScreen::decide_for(&mut referee, 0, &hop).expect("Blue hops");
    let to = choice(&referee, "to 1,0");
    TableScreen::decide_for(&mut referee, 0, &to).expect("Blue lands");
    assert_eq!(TableScreen::decisions(&referee), 2);

    // Blue's mirror, which followed both decisions.
    let (to_referee, _from_mirror) = channel();
    let (to_mirror, from_referee) = channel();
    let link = RefereeLink {
        to_referee,
        from_referee,
    };
    let mut mirror =
        TableScreen::mirror(&referee, Some(0), link).expect("a live table has mirrors");
    assert_eq!(mirror.decisions(), 2);

    assert!(
        TableScreen::undo_for(&mut referee, 1).is_err(),
        "not Red's turn"
    );
    let keep = TableScreen::undo_for(&mut referee, 0).expect("Blue takes back");
    assert_eq!(keep, 1);
    assert_eq!(TableScreen::decisions(&referee), 1);
    to_mirror.send(Ruling::Rewound(keep)).expect("sent");
    let _ = mirror.tick(Instant::now());
    assert_eq!(mirror.decisions(), 1, "the mirror follows the rewind");

    let keep = TableScreen::undo_for(&mut referee, 0).expect("and the hop's pick");
    assert_eq!(keep, 0);
    assert!(
        TableScreen::undo_for(&mut referee, 0).is_err(),
        "nothing more"
    );
}

#[test]
fn over_ssh_a_seat_takes_back_its_action_and_every_screen_follows() {
    let server = Server::start("undo");
    runtime().block_on(async {
        let blue = Person::connect(server.address, 120, 40).await;
        open_for_two(&blue, "Tash-Kalar").await;
        let red = Person::connect(server.address, 120, 40).await;
        red.take_lobby_row("take the free seat Red").await;
        red.wait_for("Hand of Red").await;
        // Red's start square, then Blue's one action of turn 1.
        red.keys(b"\r").await;
        blue.wait_for("Turn 1: Blue").await;
        // Blue places a piece where its cursor is, or on the next square that is empty.
        for _ in 0..6 {
            blue.keys(b"\r").await;
            tokio::time::sleep(Duration::from_millis(300)).await;
            if red.text().contains("2 actions left") {
                break;
            }
            blue.keys(b"l").await;
        }
        red.wait_for("2 actions left").await;
        // Nothing of Blue's is Red's to take back.
        assert!(!red.text().contains("u undo"), "{}", red.text());
        // Red places a piece on an empty square right of its own, and takes it back.
        for _ in 0..6 {
            red.keys(b"l").await;
            red.keys(b"\r").await;
            tokio::time::sleep(Duration::from_millis(300)).await;
            if red.text().contains("1 action left") {
                break;
            }
        }
        red.wait_for("1 action left").await;
        blue.wait_for("1 action left").await;
        red.keys(b"u").await;
        red.wait_for("Took back 1 decision").await;
        let shown = red.wait_for("2 actions left").await;
        assert!(!shown.contains("Red placed"), "{shown}");
        let shown = blue.wait_for("2 actions left").await;
        assert!(!shown.contains("Red placed"), "{shown}");
        // Blue, not to move, has nothing to take back.
        assert!(!blue.text().contains("u undo"), "{}", blue.text());
        // The save was rewritten without the decision, and still checks.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let files = saves(&server.dir);
        assert_eq!(files.len(), 1, "{files:?}");
        verified(&files[0]);
    });
}
