//! Tash-Kalar's rules, in the project's own short words, page by page.

use crate::shell::tui::catalog::RulesPage;

/// Pages: a title and paragraphs.
const PAGES: &[(&str, &[&str])] = &[
    (
        "The game",
        &[
            "Two to four summoners fight over a 69-square arena. You place pieces of your colour, and when your pieces form the pattern printed on one of your cards you may summon that being: a new piece leaps onto the pattern's target square and the card's effect happens.",
            "Pieces have three ranks: common (lower-case letter on the board, e.g. b), heroic (upper case, B) and legendary (*B*). A higher rank always counts as a lower one when a pattern or a task asks for a piece.",
            "The arena has red squares (◆), green squares (●) and a 3x3 centre (+); tasks and effects refer to them.",
        ],
    ),
    (
        "A turn",
        &[
            "You have two actions per turn (the very first turn of the game has one). An action is one of: place a common piece on an empty square; summon a being from your hand; discard a being card (once per turn; you may then return other cards to the bottoms of their decks).",
            "Before or after any action you may play a flare, for free, when an opponent is ahead of you: the upper half needs them to have that many more upgraded pieces, the lower half that many more pieces in all.",
            "At the end of the turn you draw back up to three beings, two legends and one flare.",
        ],
    ),
    (
        "Summoning",
        &[
            "A pattern may be turned and mirrored. The summoned piece makes a combat leap onto the target: it may land on an empty square or destroy a piece of the same or lower rank (yours too). Some patterns instead need one of your pieces on the target.",
            "Legends need heroic pieces in their pattern and summon legendary pieces; you may have at most three legendary pieces on the board.",
            "A standard move or leap may only destroy lower-ranked pieces; a combat one may also destroy pieces of equal rank. \"May\" and \"up to\" parts of an effect are optional; everything else must be done as far as possible.",
        ],
    ),
    (
        "Deathmatch",
        &[
            "No tasks. At the end of your turn you score for what you destroyed that turn: 1 point per heroic piece, 2 per legendary piece, and 1 per two common pieces (an unpaired one scores nothing). Summoning a legend scores 1. When you play a flare, the opponent gains 1.",
            "Two players: the game ends after everyone has had one more turn once someone reaches 18 points. With three or four players each colour is scored separately and your score is your lowest one; the end comes at 12 (three players) or 10 (four) in one colour. The end also comes when a player draws the last card of their deck: everyone then gets one more turn too.",
            "In a melee you may, once per opponent colour, use one enemy piece as your own in a pattern.",
        ],
    ),
    (
        "High Form",
        &[
            "Three tasks are face up, with a fourth waiting as the next task. At the end of your turn you may claim one task whose condition you meet and score its points. Each of your legendary pieces on the board is worth one more point.",
            "At nine points (or when someone draws the last card of their deck), everyone gets one more turn. High Form is played with task cards: where this copy of the game has none, the new-game form does not offer it.",
        ],
    ),
    (
        "Playing here",
        &[
            "Move the cursor with the arrow keys or h j k l, or click a square. Enter places a piece on an empty square. Tab moves between the board, your hand and the options; in the hand, Enter on a card highlights every square where it can be summoned now. Move there: the pattern is drawn on the board ([ ] your pieces it uses, > < where the new piece lands, digits the marked squares). Space shows the next orientation; Enter summons.",
            "Every effect step says what it wants in the decision panel and highlights its legal targets with ( ). Optional steps can be skipped with s. Options that are not squares (flares, end turn, directions, either/or) are numbered: press their number. c lists every legal choice in words. A flare or a discard (x) is only selected by its key: the prompt says what it costs, Enter confirms and Esc cancels.",
            "In a hot-seat game the hand of the player to move stays hidden behind a \"pass to\" screen until that player presses Enter. Against the AI, its moves are shown one step at a time; Space shows the next step at once.",
            "The score board (t) shows each side's points (with what this turn will add), its pieces on the board and how many of them are upgraded (what flares compare), the discs and legendary pieces left in its supply, and each player's cards in hand (drawn back up to 3 beings, 2 legends and 1 flare at the end of a turn), deck and discards; p shows the discard piles.",
            "Press ? anywhere for every key. Colours: p in the menu, or --palette standard|colour-blind|mono (NO_COLOR is honoured).",
        ],
    ),
];

/// The rules pages.
pub fn pages() -> Vec<RulesPage> {
    RulesPage::from_texts(PAGES)
}
