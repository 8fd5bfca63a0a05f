//! Standard output that goes away: a reader that closes the pipe ends the program quietly
//! (exit 0, nothing on stderr), a full disk is one line on stderr and exit 1; never a panic
//! ("failed printing to stdout", exit 101).

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tashkalar"))
}

/// Runs the program with its standard output a pipe whose reading end is already closed, so
/// that its first write fails with a broken pipe whatever the timing.
fn into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    bin()
        .args(args)
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-out-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn scenario() -> String {
    format!(
        "{}/tests/scenarios/tui_knight.ron",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A save written by `sim`, to verify.
fn a_save(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    let out = bin()
        .args(["sim", "--games", "1", "--seed", "3", "--save-dir"])
        .arg(&dir)
        .output()
        .expect("sim runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_dir(&dir)
        .expect("the save dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "ron"))
        .expect("a save")
}

fn assert_quiet(out: &Output, what: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{what}: {err}");
    assert!(err.is_empty(), "{what} said: {err}");
}

#[test]
fn every_command_ends_quietly_when_its_reader_has_gone() {
    let save = a_save("closed");
    let save = save.to_string_lossy().into_owned();
    let knight = scenario();
    let commands: Vec<Vec<&str>> = vec![
        vec!["cards", "check"],
        vec!["legal", &knight],
        vec!["legal", &knight, "--json"],
        vec!["sim", "--games", "2", "--bots", "random"],
        vec!["sim", "--games", "2", "--bots", "random", "--json"],
        vec!["replay", &save, "--verify"],
        vec!["--help"],
        vec!["--version"],
    ];
    for args in commands {
        let out = into_closed_pipe(&args);
        assert_quiet(&out, &args.join(" "));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_one_line_and_a_failure() {
    let knight = scenario();
    for args in [
        vec!["cards", "check"],
        vec!["legal", &knight, "--json"],
        vec!["sim", "--games", "1", "--bots", "random"],
        vec!["--help"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = bin()
            .args(&args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("tashkalar: cannot write to standard output: "),
            "{err}"
        );
    }
}
