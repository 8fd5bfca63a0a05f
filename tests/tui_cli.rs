//! The front end's command line: without a terminal, and with flags it must refuse, the program
//! says why on stderr and exits non-zero, without panicking or touching the terminal.

use std::process::{Command, Stdio};

fn run(args: &[&str], envs: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tashkalar"));
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn without_a_terminal_the_menu_refuses_clearly() {
    for args in [&[][..], &["play"][..], &["play", "--seed", "3"][..]] {
        let (code, stdout, stderr) = run(args, &[]);
        assert_eq!(code, 1, "{args:?}");
        assert!(stderr.contains("needs an interactive terminal"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(stdout.is_empty(), "nothing drawn: {stdout:?}");
    }
}

#[test]
fn flags_that_cannot_work_are_refused_with_a_reason() {
    let cases: &[(&[&str], &str)] = &[
        (&["play", "--ai", "3=random"], "seat 3 does not exist"),
        (
            &["play", "--ai", "2=grandmaster"],
            "unknown AI level `grandmaster`",
        ),
        (
            &["play", "--players", "5"],
            "Tash-Kalar is for 2 to 4 players",
        ),
        (&["play", "--mode", "chess"], "unknown mode"),
        (&["play", "--decks", "Nowhere"], "unknown deck `Nowhere`"),
        (
            &["play", "--continue", "--save-dir", "/nonexistent/saves"],
            "no unfinished game to continue in /nonexistent/saves",
        ),
        (
            &["play", "--continue", "--seed", "3"],
            "drop the other game flags",
        ),
        (
            &["play", "--scenario", "/nonexistent/scenario.ron"],
            "/nonexistent/scenario.ron",
        ),
        (&["--palette", "plaid"], "unknown palette `plaid`"),
    ];
    for (args, expected) in cases {
        let (code, _, stderr) = run(args, &[]);
        assert_ne!(code, 0, "{args:?}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn the_top_level_save_dir_is_the_one_of_play() {
    // A file where a folder should be: both spellings check it the same way before anything
    // starts (issue 50: `tashkalar --save-dir DIR` was refused as an unknown flag).
    let file = std::env::temp_dir().join(format!("tk-save-dir-file-{}", std::process::id()));
    std::fs::write(&file, "not a folder").expect("a file");
    let path = file.to_string_lossy().into_owned();
    let (code_play, _, err_play) = run(&["play", "--save-dir", &path], &[]);
    let (code_top, _, err_top) = run(&["--save-dir", &path], &[]);
    let _ = std::fs::remove_file(&file);
    assert_ne!(code_top, 0);
    assert_eq!(code_top, code_play);
    assert_eq!(err_top, err_play, "the same check and the same words");
    assert!(!err_top.contains("unexpected argument"), "{err_top}");
}
