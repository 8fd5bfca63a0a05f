//! Issue 51: outside programs that misbehave on purpose. Whatever a program does (not read its
//! input, flood blank lines or one endless line, write bytes that are not UTF-8, exit while a
//! child it forked keeps its pipes open, answer with escape sequences), the tournament goes on,
//! the program forfeits for the true reason, the reason prints safely on a terminal, and
//! nothing it started outlives it.
//!
//! Every run of the binary is bounded by [`LIMIT`] (killed and failed past it); no test asserts
//! how fast anything is.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_tashkalar");

/// The longest a `sim` run of these tests may take before the test fails (a hang): far above
/// what each should need (a few seconds of program budget), so that a busy machine never fails
/// them.
const LIMIT: Duration = Duration::from_secs(180);

/// A fresh folder for this test's scripts and files.
fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A shell script as an outside program (`sh PATH`).
fn script(dir: &std::path::Path, body: &str) -> String {
    let path = dir.join("bot.sh");
    std::fs::write(&path, body).expect("script");
    format!("sh {}", path.display())
}

/// `sim --json` of one game between greedy and `program` (`cmd@SECONDS:...`), bounded by
/// [`LIMIT`]; the report and what it printed on standard output as text.
fn sim(program: &str) -> (Value, String) {
    let text = sim_printing(program, true);
    let report: Value = serde_json::from_str(&text).expect("sim --json prints JSON");
    (report, text)
}

/// What `sim` printed on standard output for one game between greedy and `program`, as JSON
/// or as text; bounded by [`LIMIT`].
fn sim_printing(program: &str, json: bool) -> String {
    let mut child = Command::new(BIN)
        .args(["sim", "--games", "1", "--seed", "3"])
        .args(json.then_some("--json"))
        .arg("--bots")
        .arg(format!("greedy,{program}"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    loop {
        match child.try_wait().expect("wait") {
            Some(_) => break,
            None if start.elapsed() > LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("sim with {program} still running after {LIMIT:?}: it hangs");
            }
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    let out = child.wait_with_output().expect("output");
    assert!(
        out.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// The one forfeit of a one-game tournament, which the outside program lost.
fn forfeit(report: &Value) -> String {
    assert_eq!(report["games"], 1, "{report}");
    assert_eq!(report["errors"], 0, "{report}");
    let forfeits = report["forfeits"].as_array().expect("forfeits");
    assert_eq!(forfeits.len(), 1, "{report}");
    let greedy = report["bots"]
        .as_array()
        .expect("bots")
        .iter()
        .find(|b| b["name"] == "greedy")
        .expect("greedy's row");
    assert_eq!(greedy["wins"], 1.0, "the other seat wins: {report}");
    forfeits[0].as_str().expect("a reason").to_string()
}

const READY: &str = r#"read l; echo '{"type":"ready"}'"#;

#[test]
fn a_program_that_does_not_read_its_input_runs_out_of_time_instead_of_blocking_the_host() {
    // It answers every decision at once (index 0 is always legal) but never reads again: the
    // pipe to it fills after a few requests, and the write of the next one must time out.
    let dir = dir("deaf");
    let bot = script(
        &dir,
        &format!("{READY}\nyes '{{\"type\":\"choice\",\"index\":0}}'\n"),
    );
    let (report, _) = sim(&format!("cmd@0.2:{bot}"));
    let why = forfeit(&report);
    assert!(why.contains("did not read its input within"), "{why}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_program_flooding_blank_lines_forfeits_for_it() {
    let dir = dir("blank");
    let bot = script(&dir, &format!("{READY}\nread l\nyes ''\n"));
    let (report, _) = sim(&format!("cmd@30:{bot}"));
    let why = forfeit(&report);
    assert!(why.contains("blank lines in a row"), "{why}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_endless_line_is_cut_at_the_limit_and_forfeits() {
    // Endless: `yes` without a newline in its output would do, `tr` turns its newlines away.
    let dir = dir("long");
    let bot = script(&dir, &format!("{READY}\nread l\nyes x | tr -d '\\n'\n"));
    let (report, _) = sim(&format!("cmd@30:{bot}"));
    let why = forfeit(&report);
    assert!(why.contains("a line longer than"), "{why}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_line_that_is_not_utf8_forfeits_for_it() {
    let dir = dir("utf8");
    let bot = script(
        &dir,
        &format!("{READY}\nread l\nprintf '\\377\\376\\n'\nsleep 60\n"),
    );
    let (report, _) = sim(&format!("cmd@30:{bot}"));
    let why = forfeit(&report);
    assert!(why.contains("not UTF-8"), "{why}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether process `pid` is gone (or a zombie waiting for its reaper: it runs no more).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        // The state follows the command name in parentheses.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_program_that_exits_leaving_a_child_on_its_pipes_is_said_to_exit_and_the_child_is_ended() {
    // The child holds the program's output open, so the host never sees it close: the program's
    // own exit must be the reason (not "no answer"), and its whole group is killed.
    let dir = dir("fork");
    let pid_file = dir.join("child.pid");
    let bot = script(
        &dir,
        &format!(
            "sleep 1000 &\necho $! > {}\nread l\nexit 3\n",
            pid_file.display()
        ),
    );
    let (report, _) = sim(&format!("cmd@30:{bot}"));
    let why = forfeit(&report);
    assert!(why.contains("exited (exit status: 3)"), "{why}");
    let pid: u32 = std::fs::read_to_string(&pid_file)
        .expect("the program wrote its child's pid")
        .trim()
        .parse()
        .expect("a pid");
    // The kill was sent before `sim` ended; this only waits for the system to carry it out.
    let start = Instant::now();
    while !gone(pid) && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(gone(pid), "the program's child {pid} outlived it");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_a_program_answers_reaches_the_report_escaped() {
    // An answer with a terminal escape sequence, a bell and a C1 control character.
    let dir = dir("escape");
    let bot = script(
        &dir,
        &format!("{READY}\nread l\nprintf '\\033]0;pwned\\007\\302\\233 x\\n'\nsleep 60\n"),
    );
    let (report, text) = sim(&format!("cmd@30:{bot}"));
    let why = forfeit(&report);
    assert!(why.contains("not JSON"), "{why}");
    assert!(!why.chars().any(char::is_control), "{why:?}");
    assert!(why.contains("\\u{1b}]0;pwned\\u{7}\\u{9b} x"), "{why}");
    assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'));
    // The report in words too, and the program's name with a control character in it.
    let text = sim_printing(&format!("cmd@30:{bot} \u{1b}[2J"), false);
    assert!(text.contains("pwned"), "{text}");
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
#[test]
fn a_program_does_not_outlive_a_host_killed_with_sigkill() {
    // The host cannot end anything once it is killed outright: the program is started so that
    // the system kills it when its host dies (it is in a group of its own, out of the reach of
    // the terminal's Ctrl-C).
    let dir = dir("orphan");
    let pid_file = dir.join("bot.pid");
    let bot = script(
        &dir,
        &format!("echo $$ > {}\nexec sleep 1000\n", pid_file.display()),
    );
    let mut host = Command::new(BIN)
        .args(["sim", "--games", "1", "--seed", "3", "--bots"])
        .arg(format!("greedy,cmd@60:{bot}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    let pid: u32 = loop {
        if let Some(pid) = std::fs::read_to_string(&pid_file)
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            break pid;
        }
        if start.elapsed() > LIMIT {
            let _ = host.kill();
            let _ = host.wait();
            panic!("the program never started");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = host.kill();
    let _ = host.wait();
    // The system's kill follows the host's death; this only waits for it to be carried out.
    let start = Instant::now();
    while !gone(pid) && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let survived = !gone(pid);
    if survived {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
    }
    assert!(!survived, "the program {pid} outlived its host");
    let _ = std::fs::remove_dir_all(&dir);
}
