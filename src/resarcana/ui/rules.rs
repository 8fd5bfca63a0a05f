//! Res Arcana's rules, in the project's own short words, page by page (the rules as the engine
//! plays them are in `docs/res-arcana.md`).

use crate::shell::tui::catalog::RulesPage;

/// Pages: a title and paragraphs.
const PAGES: &[(&str, &[&str])] = &[
    (
        "The game",
        &[
            "Two to four mages race to 10 points. Points come from the components in front of you: artifacts, monuments and Places of Power (some also count essences lying on them), plus 1 for holding the First Player token.",
            "Everything is bought with essences of five kinds: Elan (red, E), Life (green, L), Calm (blue, C), Death (black, D) and Gold (yellow, G). Your pool is what you hold; components may also store essences on themselves.",
        ],
    ),
    (
        "Setting up",
        &[
            "Each seat starts with one essence of each kind. In a standard game each seat is dealt two mages and eight artifacts: the artifacts become its deck, three of them its hand. Each seat secretly keeps one mage; all mages are shown together once everyone has chosen. Then each seat takes a magic item from the supply, the First Player choosing last.",
            "The first game deals preset mages and hands instead. The draft deals artifacts in packets of four: keep one, pass the rest on, until eight are kept.",
        ],
    ),
    (
        "A round",
        &[
            "Collect: every seat, from the First Player on, takes what its components give. Essences stored on a component are taken all together or left to grow; some components let you choose what they give; some have a price to pay (or the component is turned instead). What the others collect stays hidden until everyone has collected.",
            "Actions: in turn, each seat does one thing: place an artifact from its hand, claim a monument or Place of Power, use a power of a component that is not turned, discard a card for 1 Gold or 2 other essences, or pass. A seat that passes is done for the round, swaps its magic item for one in the supply and draws a card; the first to pass takes the First Player token.",
            "When everyone has passed, the round ends: if a seat has 10 points or more the game ends, else every component is straightened and a new round begins.",
        ],
    ),
    (
        "Powers and attacks",
        &[
            "A power's cost may ask you to turn its component, pay essences, take essences off it, discard a card, destroy an artifact or turn another component. A turned component still collects and still scores; its powers wait until it is straightened.",
            "Some powers make each rival lose Life. An attacked seat may answer with a reaction, with the defence the attack allows (often paying an essence or giving up a card), or accept: it then gives up Life essences, and two other essences for each Life it lacks.",
        ],
    ),
    (
        "Winning",
        &[
            "The victory check at the end of a round ends the game when someone has 10 points or more: the most points wins. A tie goes to the most essences in the pool, Gold counting twice; a tie even then is a shared victory.",
        ],
    ),
    (
        "Playing here",
        &[
            "The left side shows every mage's tableau (components in play, ↷ marks a turned one, essences stored on a component in brackets), pool, points, ★ for the First Player token, and who has passed; then the centre: Places of Power, face-up monuments with the deck's size, and the magic items in the supply. The right side shows your hand, the card of the highlighted choice, and the log.",
            "Essences are written as a count and a letter, 2E for two Elan, in the essence's colour. Only your own hand is ever shown: in a hot-seat game a \"pass to\" screen hides the table until the next person is at the keyboard, also when someone must answer an attack out of turn.",
            "The decision panel lists every choice: press its number, or move the highlight with the arrows or j and k and press Enter. A payment is its own step right after what it pays for, each way to pay shown in colour. Tab moves to your hand: Enter places the highlighted artifact, x discards it; p passes. u takes back your last decision, i asks for a hint, ? lists every key.",
        ],
    ),
];

/// The rules pages.
pub fn pages() -> Vec<RulesPage> {
    RulesPage::from_texts(PAGES)
}
