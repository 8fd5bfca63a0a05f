//! Undo on a served table (issue 52), at the level of the shell's table face: the referee
//! takes back only the asking seat's own decisions since another seat decided, on its turn,
//! never past a barrier; a mirror told to rewind follows. (Over SSH the referee sends that word
//! to every mirror; the positions with two steps in one turn are set up here, not dealt.)

mod hg;

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
