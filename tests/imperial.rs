//! Rules scenarios for the Imperial deck: each being's effect, its options and its limits.

mod common;
use common::*;

#[test]
fn swordmaster_cuts_a_diagonal_common_and_turns_heroic() {
    let mut g = scenario(
        r#"(pieces: ["1c e4", "1c e6", "2c d6", "2c f4"], hands: [(beings: ["Swordmaster"])])"#,
    );
    summon(&mut g, "Swordmaster", "e5", &[]);
    assert_eq!(pending(&g), "effect:destroy");
    assert_eq!(texts(&g), ["pick f4", "pick d6", "skip"]);
    play(&mut g, &["pick d6"]);
    assert_eq!(pieces(&g), "1c e4, 2c f4, 1h e5, 1c e6");
    assert_eq!(g.turn.actions_left, 1);
}
