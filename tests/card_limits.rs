//! Issue 51: a card set cannot freeze the game. One effect may take at most
//! `compile::MAX_WORK` steps (nested repeats multiply: four nested `Repeat(Exactly(255))` were
//! 255^4 steps for one summoning, and `legal` took minutes); a card that could take more is
//! refused when the cards load, by `cards check` in one line that names the card and where it
//! is. And a card file that is not UTF-8 is refused at the line and column of its first bad
//! byte.

use std::path::PathBuf;
use std::process::{Command, Output};
use table::tashkalar::engine::cards::compile::MAX_WORK;
use table::tashkalar::engine::cards::{BUILTIN, CardDb};

fn cards_check(dir: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tashkalar"))
        .arg("--cards")
        .arg(dir)
        .args(["cards", "check"])
        .output()
        .expect("the binary runs")
}

/// The built-in card files and `extra` in a fresh folder.
fn folder(name: &str, extra: &[(&str, &[u8])]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-limits-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (n, t) in BUILTIN {
        std::fs::write(dir.join(n), t).expect("write");
    }
    for (n, t) in extra {
        std::fs::write(dir.join(n), t).expect("write");
    }
    dir
}

/// A deck of six beings with `effect`, the first named `first`.
fn deck(first: &str, effect: &str) -> String {
    let beings: Vec<String> = (0..6)
        .map(|i| {
            let name = if i == 0 {
                first.to_string()
            } else {
                format!("Plain {i}")
            };
            format!(
                "        (name: \"{name}\", rank: Common, pattern: [\"c T\"], text: \"t\", \
                 effect: [{}]),",
                if i == 0 { effect } else { "" }
            )
        })
        .collect();
    format!(
        "(\n    deck: \"Crafted\",\n    beings: [\n{}\n    ],\n)\n",
        beings.join("\n")
    )
}

const PLACE: &str = "Place(at: Pick(Empty([])), owner: Me, rank: Common)";

fn nested(times: &[u32], inner: &str) -> String {
    times.iter().rev().fold(inner.to_string(), |body, n| {
        format!("Repeat(Exactly({n}), [{body}])")
    })
}

#[test]
fn nested_repeats_are_refused_by_cards_check_naming_the_card() {
    let effect = nested(&[255, 255, 255, 255], PLACE);
    let dir = folder(
        "nested",
        &[("crafted.ron", deck("Endless Mason", &effect).as_bytes())],
    );
    let out = cards_check(&dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "accepted: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("crafted.ron:4:"), "where: {err}");
    assert!(err.contains("`Endless Mason`"), "which card: {err}");
    assert!(err.contains("4228250625 steps"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether the built-in cards and a deck whose first being has `effect` load.
fn loads(effect: &str) -> Result<(), String> {
    let mut files: Vec<(String, String)> = BUILTIN
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    files.push(("crafted.ron".into(), deck("Crafted One", effect)));
    CardDb::from_sources(files)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[test]
fn the_bound_counts_every_way_an_effect_grows() {
    assert_eq!(MAX_WORK, 1_000);
    // Exactly at the bound, and one step past it.
    assert_eq!(loads(&nested(&[10, 10, 10], PLACE)), Ok(()));
    let over = format!("{}, {PLACE}", nested(&[10, 10, 10], PLACE));
    assert!(loads(&over).is_err_and(|e| e.contains("1001 steps")));
    // A run of moves counts its moves; one without a number counts the squares of the grid.
    let run = "Move(who: Being, kind: Standard, leap: Anywhere, count: UpTo(100))";
    assert_eq!(loads(&nested(&[10], run)), Ok(()));
    assert!(loads(&nested(&[11], run)).is_err());
    let endless =
        "Move(who: Pick(Piece(owner: Me)), kind: Standard, count: Unlimited, each_once: true)";
    assert!(loads(&nested(&[13], endless)).is_err_and(|e| e.contains("1053 steps")));
    // Each colour runs the body once; of two branches, the longer counts (not both: 1,002).
    let colours = format!("ForEachColour(All, \"c\", [{}])", nested(&[251], PLACE));
    assert!(loads(&colours).is_err_and(|e| e.contains("1004 steps")));
    let either = format!(
        "Either([(\"a\", [{PLACE}]), (\"b\", [{}])])",
        nested(&[2, 2, 250], PLACE) + ", " + PLACE
    );
    let refused = loads(&either);
    assert!(
        refused.as_ref().is_err_and(|e| e.contains("1001 steps")),
        "{refused:?}"
    );
}

#[test]
fn a_card_file_that_is_not_utf8_is_refused_at_its_line_and_column() {
    let mut bad = "(\n    deck: \"Crafté".as_bytes().to_vec();
    bad.extend_from_slice(b"\xff\",\n)\n");
    let dir = folder("utf8", &[("bad.ron", &bad)]);
    let out = cards_check(&dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "accepted: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("bad.ron:2:18: not UTF-8 text"),
        "file:line:col of the byte: {err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
