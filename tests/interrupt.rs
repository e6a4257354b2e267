//! Limits and Ctrl-C, with the real binary: `--nodes`, `--time` and `--hash` are honoured by
//! `solve`, `verify`, `check` and `usi`, and SIGINT stops each of them promptly with exit code
//! 130 and what had finished.
//!
//! A node limit is checked every 1,024 nodes, so a search stops at most [`CHECK_EVERY`] nodes
//! past it (plus [`UNWIND`] for the nodes on the path as it returns); `solve` may then spend up
//! to `LINE_AFTER_LIMIT_NODES` more extracting the line of a mate found but not proven
//! shortest. Deadlines are generous: the machine may be slow and loaded.
#![cfg(target_os = "linux")]

use crate::support::engine::Engine;
use crate::support::tsv::sfen_of;
use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tsume::notation::sfen::parse_sfen;
use tsume::notation::usi::parse_usi_move_syntax;
use tsume::search::futile::Capturer;
use tsume::search::replay::verify_mate_line;
use tsume::search::{MateLine, LINE_AFTER_LIMIT_NODES};

const ZUKO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/zuko.tsv");
const ZUKO_SHORT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/zuko-short.tsv");

/// Mate in 3 (mate3-01 of short.tsv); White attacks. Solved and checked in moments.
const MATE3: &str =
    "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42";

/// How often a search looks at its limits, in nodes.
const CHECK_EVERY: u64 = 1024;
/// Nodes counted after the limit is seen, as the search returns along its path.
const UNWIND: u64 = 64;
/// How long a stopped command may take to end (the search itself stops in well under a second).
const PROMPTLY: Duration = Duration::from_secs(10);
/// Time allowed for anything else to end.
const DEADLINE: Duration = Duration::from_secs(120);

/// 図巧 No. 1 (69 plies): far beyond any search these tests let run.
fn zuko_001() -> String {
    sfen_of(ZUKO, "zuko-001")
}

/// `tsume solve <zuko-001> --json` with `flags`, which must stop it within `within` with exit
/// code 3 (unknown): its JSON.
fn solve_zuko_001(flags: &[&str], within: Duration) -> Value {
    let sfen = zuko_001();
    let mut args = vec!["solve", sfen.as_str(), "--json"];
    args.extend(flags);
    let out = Run::start(&args).finish(within);
    assert_eq!(out.code(), Some(3), "{}", out.show());
    out.json()
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("interrupt-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

/// A running `tsume`, its output read on threads so that it never blocks on a full pipe.
struct Run {
    child: Child,
    /// Taken when the run ends.
    stdout: Option<JoinHandle<String>>,
    stderr: Option<JoinHandle<String>>,
    started: Instant,
}

/// What a finished run printed and how it ended.
struct Ended {
    status: ExitStatus,
    stdout: String,
    stderr: String,
    /// From the moment asked (the SIGINT, or the start) to the end.
    took: Duration,
}

fn read_all(mut r: impl Read + Send + 'static) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = r.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

impl Run {
    fn start(args: &[&str]) -> Run {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tsume"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run tsume");
        let stdout = Some(read_all(child.stdout.take().expect("piped")));
        let stderr = Some(read_all(child.stderr.take().expect("piped")));
        Run {
            child,
            stdout,
            stderr,
            started: Instant::now(),
        }
    }

    /// Waits until the command has installed its Ctrl-C handler (which starts a thread, the
    /// first thing each searching command does), then lets it search for `busy`.
    fn wait_started(&self, busy: Duration) {
        let tasks = format!("/proc/{}/task", self.child.id());
        let deadline = Instant::now() + DEADLINE;
        while std::fs::read_dir(&tasks).map_or(0, |d| d.count()) < 2 {
            assert!(Instant::now() < deadline, "tsume did not start");
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(busy);
    }

    fn interrupt(&self) {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a pid");
        // SAFETY: kill(2) only sends a signal to the child this test started and still holds.
        let r = unsafe { libc::kill(pid, libc::SIGINT) };
        assert_eq!(r, 0, "kill -INT {pid}");
    }

    /// Waits for the end, at most `within` from now; `took` counts from now.
    fn end(mut self, within: Duration) -> Ended {
        let asked = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait for tsume") {
                break status;
            }
            if asked.elapsed() > within {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!(
                    "tsume did not end within {within:?}; stderr: {}",
                    self.stderr.take().unwrap().join().unwrap_or_default()
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let took = asked.elapsed();
        Ended {
            status,
            stdout: self.stdout.take().unwrap().join().expect("stdout"),
            stderr: self.stderr.take().unwrap().join().expect("stderr"),
            took,
        }
    }

    /// Runs to the end; `took` counts from the start.
    fn finish(self, within: Duration) -> Ended {
        let started = self.started;
        let mut e = self.end(within);
        e.took = started.elapsed();
        e
    }

    /// Sends SIGINT once the command has searched for a second, and waits for the end.
    fn interrupted(self) -> Ended {
        self.wait_started(Duration::from_secs(1));
        self.interrupt();
        self.end(PROMPTLY)
    }
}

/// A run given up on (a failed assertion) is not left searching.
impl Drop for Run {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Ended {
    fn code(&self) -> Option<i32> {
        self.status.code()
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}\n{}", self.stdout, self.stderr))
    }

    fn show(&self) -> String {
        format!(
            "exit {:?} after {:?}\nstdout:\n{}\nstderr:\n{}",
            self.status, self.took, self.stdout, self.stderr
        )
    }
}

fn u64_of(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("a number: {v}"))
}

/// The line of a `solve --json` object, as the solver would hand it to the replay check.
fn line_of(json: &Value) -> MateLine {
    MateLine {
        moves: json["line"]
            .as_array()
            .expect("line")
            .iter()
            .map(|m| parse_usi_move_syntax(m.as_str().expect("a move")).expect("a USI move"))
            .collect(),
        futile: json["futile_plies"]
            .as_array()
            .expect("futile_plies")
            .iter()
            .map(|p| u64_of(p) as usize - 1)
            .collect(),
        futile_end: !json["futile_end"].is_null(),
        capturer: Capturer::Any,
        choice_cut: json["line_choice_cut"] == true,
    }
}

// ---- solve ----

#[test]
fn ctrl_c_stops_solve_which_prints_unknown_interrupted_and_exits_130() {
    let dir = scratch("solve-text");
    let kif = dir.join("out.kif");
    let sfen = zuko_001();
    let run = Run::start(&["solve", &sfen, "--hash", "64"]);
    let out = run.interrupted();
    assert_eq!(out.code(), Some(130), "{}", out.show());
    assert!(
        out.stdout.contains("unknown (interrupted by Ctrl-C)"),
        "{}",
        out.show()
    );
    assert!(out.stdout.contains("nodes "), "{}", out.show());
    assert!(!out.stdout.contains("no mate"), "{}", out.show());
    // --kif is not written on an interruption, and nothing is left beside it.
    let run = Run::start(&[
        "solve",
        &sfen,
        "--hash",
        "64",
        "--kif",
        kif.to_str().unwrap(),
    ]);
    let out = run.interrupted();
    assert_eq!(out.code(), Some(130), "{}", out.show());
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "files left: {left:?}");
}

#[test]
fn ctrl_c_stops_solve_with_json_saying_interrupted() {
    let sfen = zuko_001();
    let run = Run::start(&["solve", &sfen, "--hash", "64", "--json"]);
    let out = run.interrupted();
    assert_eq!(out.code(), Some(130), "{}", out.show());
    let json = out.json();
    assert_eq!(json["result"], "unknown", "{json}");
    assert_eq!(json["interrupted"], true, "{json}");
    assert!(json["length"].is_null(), "{json}");
    assert!(u64_of(&json["nodes"]) > 0, "{json}");
    assert!(
        u64_of(&json["time_ms"]) >= 500,
        "it ran about a second: {json}"
    );
}

#[test]
fn a_second_ctrl_c_ends_solve_at_once_with_130() {
    let sfen = zuko_001();
    let run = Run::start(&["solve", &sfen, "--hash", "64"]);
    run.wait_started(Duration::from_secs(1));
    run.interrupt();
    // A person's second Ctrl-C: not at once (as a script's double signal is), but later.
    std::thread::sleep(Duration::from_millis(700));
    run.interrupt();
    let out = run.end(PROMPTLY);
    assert_eq!(out.code(), Some(130), "{}", out.show());
}

/// `timeout -s INT` sends its signal to the process and then to its process group, so the
/// process may get two at once: they are one Ctrl-C, and the answer is still printed.
#[test]
fn two_sigints_at_once_are_one_ctrl_c_for_solve() {
    let sfen = zuko_001();
    let run = Run::start(&["solve", &sfen, "--hash", "64"]);
    run.wait_started(Duration::from_secs(1));
    run.interrupt();
    run.interrupt();
    let out = run.end(PROMPTLY);
    assert_eq!(out.code(), Some(130), "{}", out.show());
    assert!(
        out.stdout.contains("unknown (interrupted by Ctrl-C)"),
        "{}",
        out.show()
    );
}

#[test]
fn solve_honours_the_node_limit() {
    for nodes in [5_000u64, 20_000, 100_000] {
        let json = solve_zuko_001(
            &[
                "--hash",
                "64",
                "--threads",
                "1",
                "--nodes",
                &nodes.to_string(),
            ],
            DEADLINE,
        );
        assert_eq!(
            (&json["result"], &json["interrupted"]),
            (&Value::from("unknown"), &Value::from(false))
        );
        assert!(json["mate_at_most"].is_null(), "{json}");
        let searched = u64_of(&json["nodes"]);
        assert!(
            (nodes..nodes + CHECK_EVERY + UNWIND).contains(&searched),
            "--nodes {nodes}: {searched} nodes searched"
        );
    }
}

#[test]
fn solve_honours_the_time_limit() {
    let json = solve_zuko_001(&["--hash", "64", "--time", "1"], Duration::from_secs(30));
    let ms = u64_of(&json["time_ms"]);
    assert!((1000..5000).contains(&ms), "--time 1: {ms} ms");
}

#[test]
fn solve_uses_a_table_of_the_size_asked() {
    // The same search fills a table of 1 MB much more than one of 64 MB.
    let permille = |mb: u64| {
        let json = solve_zuko_001(&["--nodes", "200000", "--hash", &mb.to_string()], DEADLINE);
        assert_eq!(u64_of(&json["hash_mb"]), mb, "{json}");
        u64_of(&json["hash_permille"])
    };
    let (small, large) = (permille(1), permille(64));
    assert!(small > 4 * large.max(1), "1 MB: {small}‰, 64 MB: {large}‰");
}

#[test]
fn a_mate_found_but_not_proven_shortest_is_shown_replayed_and_labelled() {
    // 図巧 No. 50: some of these limits stop the search after a mate was found and before it
    // was proven shortest.
    let sfen = sfen_of(ZUKO_SHORT, "zuko-050");
    let mut shown = 0;
    for nodes in [150_000u64, 200_000, 300_000, 400_000] {
        let limit = nodes.to_string();
        // One thread: the text run must stop where the JSON run did.
        let args = [
            "solve",
            &sfen,
            "--hash",
            "64",
            "--threads",
            "1",
            "--nodes",
            &limit,
        ];
        let out = Run::start(&[&args[..], &["--json"]].concat()).finish(DEADLINE);
        assert_eq!(out.code(), Some(3), "{}", out.show());
        let json = out.json();
        let searched = u64_of(&json["nodes"]);
        assert!(
            searched < nodes + CHECK_EVERY + UNWIND + LINE_AFTER_LIMIT_NODES,
            "--nodes {nodes}: {searched}"
        );
        if json["line"].as_array().unwrap().is_empty() {
            continue;
        }
        shown += 1;
        let start = parse_sfen(json["sfen"].as_str().unwrap()).unwrap();
        let at_most = u64_of(&json["mate_at_most"]) as usize;
        let line = line_of(&json);
        assert_eq!(verify_mate_line(&start, &line), Ok(()), "{json}");
        assert!(line.length() <= at_most, "{json}");
        assert!(json["length"].is_null(), "an unknown has no length: {json}");
        let text = Run::start(&args).finish(DEADLINE);
        assert_eq!(text.code(), Some(3), "{}", text.show());
        assert!(
            text.stdout.contains(&format!(
                "the mate found, {} plies, NOT proven shortest:",
                line.length()
            )),
            "{}",
            text.show()
        );
        assert!(
            text.stdout
                .contains(&format!("usi: {}", json["line"][0].as_str().unwrap())),
            "{}",
            text.show()
        );
    }
    assert!(
        shown > 0,
        "no limit stopped the search after a mate was found"
    );
}

// ---- verify ----

/// A collection of a quick mate and three long searches.
fn quick_and_long(dir: &Path) -> PathBuf {
    let list = dir.join("problems.sfen");
    let z = zuko_001();
    std::fs::write(
        &list,
        format!(
            "{MATE3} # id=quick mate=3\n{z} # id=long-1 mate=69\n{z} # id=long-2 mate=69\n\
             {z} # id=long-3 mate=69\n"
        ),
    )
    .unwrap();
    list
}

/// The report, which must parse as a whole; with the ids of its problems.
fn report(path: &Path) -> (Value, Vec<String>) {
    let text = std::fs::read_to_string(path).expect("the report is written");
    let r: Value = serde_json::from_str(&text).expect("the report is complete JSON");
    let ids = r["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| p["id"].as_str().expect("an id").to_string())
        .collect();
    (r, ids)
}

/// Starts `command` (`verify` or `check`) on [`quick_and_long`] in the scratch directory `name`,
/// two jobs at once, with a report: the run, the directory and the report's path.
fn start_collection_run(command: &str, name: &str) -> (Run, PathBuf, PathBuf) {
    let dir = scratch(name);
    let list = quick_and_long(&dir);
    let path = dir.join("report.json");
    let run = Run::start(&[
        command,
        list.to_str().unwrap(),
        "--jobs",
        "2",
        "--hash",
        "64",
        "--report",
        path.to_str().unwrap(),
    ]);
    (run, dir, path)
}

/// Runs `command` (`verify` or `check`) on [`quick_and_long`] with a report, interrupts it once
/// the quick problem is done, and checks what every collection run must show: exit 130, the
/// summary's interrupted line, and a report that is complete JSON holding the quick problem
/// only. Returns the output, the report and the run's directory.
fn interrupt_a_collection_run(command: &str) -> (Ended, Value, PathBuf) {
    let (run, dir, path) = start_collection_run(command, command);
    let out = run.interrupted();
    assert_eq!(out.code(), Some(130), "{}", out.show());
    assert!(
        out.stdout.contains("interrupted: 1 of 4 problems finished"),
        "{}",
        out.show()
    );
    let (r, ids) = report(&path);
    assert_eq!(r["interrupted"], true);
    assert_eq!(ids, ["quick"]);
    assert_eq!(
        (
            u64_of(&r["totals"]["problems"]),
            u64_of(&r["totals"]["finished"])
        ),
        (4, 1)
    );
    (out, r, dir)
}

/// Two SIGINTs at once (as `timeout -s INT` sends them) at many moments of a `verify` run,
/// among them the moments its problems meet their own time limit (2 s each, two at a time, so
/// the run would take some 4 s):
/// each run keeps its summary and its whole report, and exits 130.
#[test]
fn sigints_at_any_moment_of_verify_keep_the_summary_and_the_report() {
    let dir = scratch("moments");
    let list = quick_and_long(&dir);
    for ms in [150, 600, 1200, 1900, 2000, 2100, 2600] {
        let path = dir.join(format!("report-{ms}.json"));
        let run = Run::start(&[
            "verify",
            list.to_str().unwrap(),
            "--jobs",
            "2",
            "--hash",
            "64",
            "--time",
            "2",
            "--report",
            path.to_str().unwrap(),
        ]);
        run.wait_started(Duration::from_millis(ms));
        run.interrupt();
        run.interrupt();
        let out = run.end(PROMPTLY);
        let at = format!("SIGINT at {ms} ms: {}", out.show());
        assert_eq!(out.code(), Some(130), "{at}");
        assert!(out.stdout.contains("interrupted: "), "{at}");
        let (r, ids) = report(&path);
        assert_eq!(r["interrupted"], true, "{at}");
        assert_eq!(u64_of(&r["totals"]["finished"]), ids.len() as u64, "{at}");
    }
}

/// A run killed outright (SIGKILL: no handler runs) writes no report, but its journal beside
/// the report holds every record known before, one synced JSON line each; a cut last line
/// would be the only loss.
#[test]
fn a_killed_verify_keeps_what_finished_in_its_journal() {
    let (mut run, dir, path) = start_collection_run("verify", "killed");
    run.wait_started(Duration::from_secs(1));
    run.child.kill().expect("kill -KILL");
    let out = run.end(PROMPTLY);
    assert_eq!(out.code(), None, "killed by a signal: {}", out.show());
    assert!(!path.exists(), "no report: the run was killed");
    let journal = std::fs::read_to_string(dir.join("report.json.partial.jsonl")).unwrap();
    let records: Vec<Value> = journal
        .lines()
        .map(|l| serde_json::from_str(l).expect("a whole JSON line"))
        .collect();
    assert_eq!(records.len(), 1, "{journal}");
    assert_eq!(records[0]["id"], "quick");
    assert_eq!(records[0]["status"], "ok");
    assert_eq!(u64_of(&records[0]["length"]), 3);
}

#[test]
fn ctrl_c_stops_verify_which_reports_what_finished_and_exits_130() {
    let (out, r, dir) = interrupt_a_collection_run("verify");
    assert!(out.stdout.contains("1 problem: 1 ok"), "{}", out.show());
    assert_eq!(r["problems"][0]["status"], "ok");
    // Only the report is left in the directory: no temporary file.
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["problems.sfen", "report.json"]);
}

#[test]
fn verify_honours_the_limits_and_the_table_size() {
    let dir = scratch("verify-limits");
    let list = dir.join("long.sfen");
    std::fs::write(&list, format!("{} # id=long mate=69\n", zuko_001())).unwrap();
    let path = dir.join("report.json");
    let verify_in = |mb: &str, limit: &[&str]| {
        let args = [
            &["verify", list.to_str().unwrap(), "--hash", mb][..],
            &["--report", path.to_str().unwrap()],
            limit,
        ]
        .concat();
        let out = Run::start(&args).finish(DEADLINE);
        assert_eq!(out.code(), Some(3), "{}", out.show());
        let (r, _) = report(&path);
        (out, r)
    };
    let verify = |limit: &[&str]| verify_in("16", limit);
    let (_, r) = verify(&["--nodes", "20000"]);
    let p = &r["problems"][0];
    assert_eq!(
        (&p["status"], &p["result"]),
        (&"unknown".into(), &"unknown".into())
    );
    let searched = u64_of(&p["nodes"]);
    assert!(
        (20_000..20_000 + CHECK_EVERY + UNWIND).contains(&searched),
        "{searched}"
    );
    assert_eq!(
        (u64_of(&r["hash_mb"]), u64_of(&r["node_limit"])),
        (16, 20_000)
    );
    // The same search fills a table of 1 MB much more than one of 64 MB.
    let permille = |mb: &str| {
        let (_, r) = verify_in(mb, &["--nodes", "50000"]);
        assert_eq!(r["hash_mb"], mb.parse::<u64>().unwrap());
        u64_of(&r["problems"][0]["hash_permille"])
    };
    let (small, large) = (permille("1"), permille("64"));
    assert!(small > 4 * large.max(1), "1 MB: {small}‰, 64 MB: {large}‰");

    let (out, r) = verify(&["--time", "1"]);
    assert!(out.took < Duration::from_secs(30), "{}", out.show());
    let ms = r["problems"][0]["ms"].as_f64().unwrap();
    assert!((1000.0..5000.0).contains(&ms), "--time 1: {ms} ms");
}

// ---- check ----

#[test]
fn ctrl_c_stops_a_check_of_collections_which_reports_what_finished_and_exits_130() {
    let (_, r, _) = interrupt_a_collection_run("check");
    let quick = &r["problems"][0];
    assert_ne!(quick["status"], "undecided", "{quick}");
    assert_eq!(quick["check"]["interrupted"], false, "{quick}");
}

#[test]
fn ctrl_c_stops_a_check_of_one_problem_which_prints_it_undecided_and_exits_130() {
    let run = Run::start(&["check", &zuko_001(), "--hash", "64", "--json", "-q"]);
    let out = run.interrupted();
    assert_eq!(out.code(), Some(130), "{}", out.show());
    let json = out.json();
    assert_eq!(
        (&json["verdict"], &json["interrupted"]),
        (&"undecided".into(), &true.into()),
        "{json}"
    );
}

#[test]
fn check_honours_the_limits() {
    let z = zuko_001();
    let out = Run::start(&[
        "check", &z, "--hash", "16", "--json", "-q", "--nodes", "20000",
    ])
    .finish(DEADLINE);
    assert_eq!(out.code(), Some(3), "{}", out.show());
    let json = out.json();
    assert_eq!(
        (&json["verdict"], &json["interrupted"]),
        (&"undecided".into(), &false.into())
    );
    let (searches, nodes) = (u64_of(&json["searches"]), u64_of(&json["nodes"]));
    assert!(searches >= 1, "{json}");
    assert!(
        nodes < searches * (20_000 + CHECK_EVERY + UNWIND),
        "{nodes} nodes in {searches} searches"
    );
    let out =
        Run::start(&["check", &z, "--hash", "16", "--json", "-q", "--time", "1"]).finish(DEADLINE);
    assert_eq!(out.code(), Some(3), "{}", out.show());
    assert!(out.took < Duration::from_secs(30), "{}", out.show());
}

// ---- usi ----

/// The answer to `go mate …` on `sfen`: the lines up to `checkmate`, and the time taken.
fn go_mate(usi: &mut Engine, sfen: &str, go: &str) -> (Vec<String>, Duration) {
    let start = Instant::now();
    usi.send(&format!("position sfen {sfen}"));
    usi.send(go);
    let lines = usi.until("checkmate", DEADLINE);
    (lines, start.elapsed())
}

/// Sends `quit` and waits for the engine to end.
fn quit(usi: &mut Engine) -> ExitStatus {
    usi.send("quit");
    usi.exit_status(DEADLINE)
}

/// `nodes` and `hashfull` of the last `info time` line.
fn last_info(lines: &[String]) -> (u64, u64) {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info time"))
        .unwrap_or_else(|| panic!("an info line: {lines:?}"));
    let words: Vec<&str> = info.split(' ').collect();
    let after = |key: &str| -> u64 {
        let i = words.iter().position(|w| *w == key).expect(key);
        words[i + 1].parse().expect("a number")
    };
    (after("nodes"), after("hashfull"))
}

#[test]
fn usi_honours_the_node_limit_and_usi_hash_overrides_the_hash_flag() {
    let mut usi = Engine::start_with(&["--nodes", "50000", "--hash", "64"]);
    usi.send("usi");
    let options = usi.until("usiok", DEADLINE);
    assert!(
        options.contains(&"option name USI_Hash type spin default 64 min 1 max 65536".to_string()),
        "{options:?}"
    );
    let z = zuko_001();
    let (lines, _) = go_mate(&mut usi, &z, "go mate infinite");
    assert_eq!(lines.last().unwrap(), "checkmate timeout", "{lines:?}");
    let (nodes, hashfull_64) = last_info(&lines);
    assert!(
        (50_000..50_000 + CHECK_EVERY + UNWIND).contains(&nodes),
        "{lines:?}"
    );
    // The same search in a table of 1 MB fills it much more.
    usi.send("setoption name USI_Hash value 1");
    let (lines, _) = go_mate(&mut usi, &z, "go mate infinite");
    assert_eq!(lines.last().unwrap(), "checkmate timeout", "{lines:?}");
    let (nodes, hashfull_1) = last_info(&lines);
    assert!(
        (50_000..50_000 + CHECK_EVERY + UNWIND).contains(&nodes),
        "{lines:?}"
    );
    assert!(
        hashfull_1 > 4 * hashfull_64.max(1),
        "{hashfull_1} vs {hashfull_64}"
    );
    assert_eq!(quit(&mut usi).code(), Some(0));
}

#[test]
fn usi_honours_the_time_limit_and_go_mate_may_shorten_it() {
    let mut usi = Engine::start_with(&["--time", "1", "--hash", "16"]);
    let z = zuko_001();
    let (lines, took) = go_mate(&mut usi, &z, "go mate infinite");
    assert_eq!(lines.last().unwrap(), "checkmate timeout", "{lines:?}");
    assert!(took < Duration::from_secs(30), "{took:?}");
    let (lines, took) = go_mate(&mut usi, &z, "go mate 100000");
    assert_eq!(lines.last().unwrap(), "checkmate timeout", "{lines:?}");
    assert!(
        took < Duration::from_secs(30),
        "--time 1 bounds go mate 100000: {took:?}"
    );
    assert_eq!(quit(&mut usi).code(), Some(0));
}

#[test]
fn ctrl_c_ends_usi_during_a_search_with_130() {
    let mut usi = Engine::start_with(&["--hash", "64"]);
    usi.send("usi");
    usi.until("usiok", DEADLINE);
    usi.send(&format!("position sfen {}", zuko_001()));
    usi.send("go mate infinite");
    usi.until("info time", DEADLINE);
    let pid = libc::pid_t::try_from(usi.pid()).expect("a pid");
    // SAFETY: kill(2) only sends a signal to the child this test started and still holds.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    assert_eq!(usi.exit_status(PROMPTLY).code(), Some(130));
}
