//! High Ground's rules, in the project's own short words, page by page (the rules as the
//! engine plays them are in `docs/high-ground.md`).

use crate::shell::tui::catalog::RulesPage;

/// Pages: a title and paragraphs.
const PAGES: &[(&str, &[&str])] = &[
    (
        "The game",
        &[
            "Two to four players each command pyramids of one colour (small, medium and large) on a board made of playing cards. A card on the table is a territory; its value is its height: Ace 1, 2 to 10, Jack 11, Queen 12, King 13. A Joker is whatever height its player picks when putting it down, Ace to Queen. Suits play no part.",
            "Pyramids walk downhill only. To climb, you need the die. You win when every other colour's pyramids are gone, or when your turn begins with only your pyramids standing on an opponent's King.",
            "Cards lie long side against short side, so neighbours always lie crosswise: the centre card stands upright (|), its neighbours lie sideways (-), and so on like a chessboard. Only cards sharing a side are neighbours.",
        ],
    ),
    (
        "Setting up",
        &[
            "Kings are set aside; nine cards (Mini: five) are dealt face down. The first is turned over in the centre; then each player in turn turns over the next and lays it next to a card already laid, filling the 3x3 around the centre (Mini: the centre and its four neighbours).",
            "Then each player puts a King on a free side of the square (Mini: on a corner); the Kings nobody plays fill the other sides. On your King stand your tree (large, medium, small stacked upward) and your nest (the small inside the medium inside the large). Each player is dealt three cards (Mini: two, and one nest only). The first seat begins.",
        ],
    ),
    (
        "Stacks",
        &[
            "Pyramids on a territory stand in stacks. What a pyramid may do depends on the one directly on it: one of its size or bigger covers it, and it is trapped: it can do nothing. A smaller one sits on it, and it is hobbled: it may move, carrying what is on it, but never uphill, not even with the die. Nothing on it: it is free. Only the pyramid directly on it counts: a large over the small on your medium traps the small, not your medium.",
            "Attacking: drop your pyramid onto any free or hobbled enemy pyramid on your territory (not a trapped one). Whatever sits on a hobbled victim is tipped off first, each pyramid upright on its own. Smaller than its victim, the attacker sits on it and hobbles it; bigger, it covers it and traps it; the same size, it kills it and takes its place. An attacker may move off its victim on a later turn unless something bigger has covered it since.",
        ],
    ),
    (
        "A turn",
        &[
            "On your turn do one of four things. Move: one of your free or hobbled pyramids steps to a neighbouring territory of equal or lower height, and may go on stepping as long as you like (never twice onto the same territory). Before a step or after any step it may attack instead; attacking ends the turn.",
            "Play cards: one or more from your hand, each onto a territory without enemy pyramids (never onto a player's King; a King nobody plays is a territory like any other) or into a blank space at the outside of the board (not a hole the cards enclose). The territory takes the new card's height; pyramids on it stay. Discard and/or draw: discard any number of cards, then draw back up to three (Mini: two) or stop; or just draw. Roll the die.",
        ],
    ),
    (
        "The die",
        &[
            "HOP: one of your free pyramids goes to any neighbouring territory, higher ones too, and may attack there. If you can hop, you must.",
            "SWAP: one of your pyramids that is not trapped trades places with any other untrapped pyramid on a neighbouring territory; each goes alone, and nobody attacks. TIP: everything on one of your hobbled pyramids stands up on its own. AIM: one of your untrapped pyramids kills the pyramid right under it, whatever its size. DIG: draw a card and play it at once. WILD: use any of the other faces.",
            "Any face but HOP may be left unused; a face with no use simply ends the turn.",
        ],
    ),
    (
        "Winning",
        &[
            "A colour whose pyramids are all killed is out; the last colour standing wins. You also win when your turn begins and only your pyramids stand on another player's King (a King nobody plays does not count), so the King's owner always has one turn to answer.",
            "Thirty rounds in a row without a kill end the game in a draw among the colours still in it.",
        ],
    ),
    (
        "Playing here",
        &[
            "Each card of the board shows its value and orientation (7| upright, 7- sideways; *9 is a Joker played as a 9; K b is Blue's King). Under it, each stack bottom first: the owner's letter (b Blue, r Red, g Green, y Yellow) then the sizes S M L on the owner's colour. Lower case and dim: trapped. Underlined: hobbled. Blue's start: bLMS (the tree) and bsmL (the nest). A dot is a blank space where a card may go. Letters in a card's corner show where another player acted on their last turn.",
            "Move the cursor with the arrows or h j k l, or click. Highlighted places are where the decision can be taken. Enter on a territory picks your pyramid there (a list opens when several could go); then pick a highlighted territory to step to, s stops the move, and an attack is an option or Enter on your own territory. Space or n jumps to the next highlighted place.",
            "Cards: Tab to your hand, Enter on a card, then Enter on a highlighted place; x discards the highlighted card, d draws. r rolls the die; its face shows at the top and in the players' panel. HOP and SWAP: Enter on your pyramid, then on where it goes (or whom it swaps with); u takes the pick back. Options that are not places (roll, draw, stop, the die's faces, a Joker's level, your King's side) are numbered: press the number, or Tab to the list, walk it with the arrows and press Enter (a Joker's level puts the keys in the list at once). c lists every legal choice in words.",
            "In a hot-seat game your hand stays hidden behind a \"pass to\" screen until you press Enter. Against the AI, its steps are shown one at a time; Space shows the next step at once. u takes back your last decision of the turn (never past a roll or a draw); i asks for a hint; ? lists every key.",
        ],
    ),
];

/// The rules pages.
pub fn pages() -> Vec<RulesPage> {
    RulesPage::from_texts(PAGES)
}
