//! `tsume check` run as a binary: sound problems, and the same problems changed so that each
//! flaw appears (a second mate, a piece left in hand, a line too long, a line that fails, a
//! defence the line does not meet), the notes, and collections with their exit codes.

use crate::support::cli::tsume;
use serde::Deserialize;
use std::path::{Path, PathBuf};

const PROBLEMS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems");

/// koba-mate5 of short.tsv: sound, mate in 5.
const KOBA5: &str = "3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1";
const KOBA5_LINE: &str = "G*5a 6a5a 2d5a+ 4a5a G*5b";
/// koba-mate5 with a rook on 2b: ▲４二金 mates too.
const KOBA5_ROOK: &str = "3g1ks2/6gR1/4S4/7B1/9/9/9/9/9 b G 1";
/// everyday-2021-11-16 of short.tsv: sound, mate in 5.
const EVERYDAY: &str = "9/6Spk/9/5R1+B1/9/9/9/9/9 b Nrb4g3s3n4l17p 1";
const EVERYDAY_LINE: &str = "2d1c 1b1c N*2e 1c1b 4d1d";
/// mate1-not-unique of short.tsv: ▲８二金 and ▲９二金 both mate.
const MATE1_NOT_UNIQUE: &str = "k8/9/K8/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1";
/// futile-drops-60 of short.tsv: ▲３二龍, then every drop on 2b is futile.
const FUTILE_60: &str = "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1";
/// 図巧 No. 5 (21 plies): at ply 15 ▲６二桂成 and ▲６二飛成 can be played in either order.
const ZUKO_005: &str = "n+B1sS4/1R1g5/1Ls6/2k6/2n6/3L5/R8/9/9 b B2P3gs2n2l16p 1";
const ZUKO_005_LINE: &str = "B*6c 7d8d 9g9c+ 8d9c 8b9b 9c8c P*8d 8c8d P*8e 8d8c 8a8b 7c8b 6c7d+ \
                             8c7b 5a6b+ 6a6b 6f6b+ 7b6b G*6c 6b6a S*6b";

/// The documented `--json` object of `check` for one problem.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct CheckJson {
    version: String,
    sfen: String,
    rules: String,
    futile: Option<String>,
    verdict: String,
    line_source: String,
    length: Option<usize>,
    line: Vec<String>,
    line_ja: Vec<String>,
    futile_plies: Vec<usize>,
    futile_end: Option<[String; 2]>,
    pieces_left: String,
    findings: Vec<Finding>,
    searches: u64,
    nodes: u64,
    time_ms: u64,
    interrupted: bool,
    /// Present only when a record file gives them.
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    author: Option<String>,
    #[serde(default)]
    warnings: Vec<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Finding {
    kind: String,
    name: String,
    class: String,
    ply: Option<usize>,
    counted_ply: Option<usize>,
    line: Vec<String>,
    line_ja: Vec<String>,
    futile_plies: Vec<usize>,
    length: Option<usize>,
    main_left: Option<usize>,
    message: String,
    message_ja: String,
}

/// The documented report of a collection run.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RunReport {
    version: String,
    rules: String,
    futile: Option<String>,
    jobs: usize,
    hash_mb: usize,
    node_limit: Option<u64>,
    time_limit_s: Option<f64>,
    total_node_limit: Option<u64>,
    total_time_limit_s: Option<f64>,
    interrupted: bool,
    wall_ms: u64,
    totals: Totals,
    problems: Vec<Record>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Totals {
    problems: usize,
    finished: usize,
    sound: usize,
    flawed: usize,
    undecided: usize,
    error: usize,
    nodes: u64,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Record {
    id: String,
    source: String,
    sfen: String,
    status: String,
    message: Option<String>,
    check: Option<CheckJson>,
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `tsume check PROBLEM --json [extra…]`: the exit code and the parsed output.
fn check(problem: &str, extra: &[&str]) -> (i32, CheckJson) {
    let mut args = vec!["check", problem, "--json", "--nodes", "2000000"];
    args.extend_from_slice(extra);
    let out = tsume(&args);
    let json: CheckJson = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{problem}: unparsable output ({e}): {}{}",
            text(&out.stdout),
            text(&out.stderr)
        )
    });
    assert_eq!(json.version, env!("CARGO_PKG_VERSION"));
    (out.status.code().expect("an exit code"), json)
}

fn with_line(sfen: &str, line: &str) -> String {
    format!("{sfen} moves {line}")
}

/// The (kind, ply) of every finding, in order.
fn kinds(j: &CheckJson) -> Vec<(&str, Option<usize>)> {
    j.findings
        .iter()
        .map(|f| (f.kind.as_str(), f.ply))
        .collect()
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("check-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

#[test]
fn a_sound_problem_with_its_intended_line_is_sound() {
    let (code, j) = check(&with_line(KOBA5, KOBA5_LINE), &[]);
    assert_eq!(code, 0, "{j:?}");
    assert_eq!(
        (j.verdict.as_str(), j.line_source.as_str()),
        ("sound", "given")
    );
    assert_eq!(
        (j.length, j.line.join(" ")),
        (Some(5), KOBA5_LINE.to_string())
    );
    assert_eq!(
        j.line_ja,
        ["▲５一金", "△同　金", "▲同　角成", "△同　玉", "▲５二金"]
    );
    assert_eq!(
        (j.rules.as_str(), j.futile.as_deref()),
        ("tsume", Some("any"))
    );
    assert!(j.findings.is_empty(), "{j:?}");
    assert!(j.sfen.starts_with("3g1ks2/6g2/") && j.pieces_left.is_empty());
    assert!(j.searches > 0 && j.nodes > 0 && j.time_ms < 10_000);
}

#[test]
fn without_an_intended_line_the_solvers_is_checked_and_the_report_says_so() {
    let (code, j) = check(EVERYDAY, &[]);
    assert_eq!(code, 0, "{j:?}");
    assert_eq!(
        (j.verdict.as_str(), j.line_source.as_str()),
        ("sound", "solver")
    );
    assert_eq!(j.line.join(" "), EVERYDAY_LINE);
    let out = tsume(&["check", EVERYDAY]);
    let shown = text(&out.stdout);
    assert!(
        shown.contains("no intended line given: the solver's line is checked, 5 plies"),
        "{shown}"
    );
    assert!(shown.contains("verdict: sound"), "{shown}");
}

#[test]
fn a_second_mate_is_a_cook_with_its_line() {
    let (code, j) = check(&with_line(KOBA5_ROOK, KOBA5_LINE), &[]);
    assert_eq!((code, j.verdict.as_str()), (1, "flawed"), "{j:?}");
    assert_eq!(kinds(&j), [("cook", Some(1))]);
    let f = &j.findings[0];
    assert_eq!((f.name.as_str(), f.class.as_str()), ("余詰", "flaw"));
    assert_eq!(f.line.join(" "), "G*4b 3b4b 2b4b 4a5a G*4a");
    assert_eq!(f.line_ja[0], "▲４二金");
    assert_eq!(f.line_ja.len(), f.line.len());
    assert_eq!((f.length, f.main_left), (Some(5), Some(5)));
    assert!(f.futile_plies.is_empty());
    assert!(f.message.contains("G*4b also mates in 5"), "{}", f.message);
    assert_eq!(f.message_ja, "▲４二金でも5手で詰む（本手順は残り5手）");
    // The text output shows the evidence in both notations.
    let out = tsume(&["check", &with_line(KOBA5_ROOK, KOBA5_LINE)]);
    let shown = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(shown.contains("flaw      余詰 (cook) at ply 1"), "{shown}");
    assert!(shown.contains("▲４二金 △同　金 ▲同　飛不成"), "{shown}");
    assert!(shown.contains("G*4b 3b4b 2b4b 4a5a G*4a"), "{shown}");
}

#[test]
fn a_piece_left_in_hand_is_a_flaw() {
    let sfen = KOBA5.replace(" b G 1", " b GP 1");
    let (code, j) = check(&with_line(&sfen, KOBA5_LINE), &[]);
    assert_eq!((code, j.verdict.as_str()), (1, "flawed"), "{j:?}");
    assert_eq!(j.pieces_left, "P");
    let f = j
        .findings
        .iter()
        .find(|f| f.kind == "pieces-left")
        .unwrap_or_else(|| panic!("{j:?}"));
    assert_eq!((f.name.as_str(), f.ply), ("駒余り", Some(5)));
    assert!(f.message.contains("holds P (歩)"), "{}", f.message);
}

#[test]
fn a_line_longer_than_the_shortest_mate_is_an_early_mate_and_a_cook() {
    // ▲６二金 at ply 5 mates two plies later than ▲５二金.
    let line = "G*5a 6a5a 2d5a+ 4a5a G*6b 5a4a 5c5b+";
    let (code, j) = check(&with_line(KOBA5, line), &[]);
    assert_eq!((code, j.verdict.as_str(), j.length), (1, "flawed", Some(7)));
    assert_eq!(
        kinds(&j),
        [
            ("early-mate", None),
            ("cook", Some(5)),
            ("final-move", Some(7))
        ]
    );
    let early = &j.findings[0];
    assert_eq!(early.name, "早詰");
    assert_eq!((early.length, early.main_left), (Some(5), Some(7)));
    assert_eq!(early.line.join(" "), KOBA5_LINE);
    let cook = &j.findings[1];
    assert_eq!((cook.line[0].as_str(), cook.length), ("G*5b", Some(1)));
}

#[test]
fn a_line_that_fails_is_no_mate_at_the_ply_where_it_fails() {
    for (line, ply, words) in [
        ("G*5a 6a5a 2d5a+", Some(4), "the defender can play 4a5a"),
        ("G*9i", Some(1), "legal but does not give check"),
        ("G*5a 5a5b", Some(2), "not a legal move"),
        ("G*5a 6a5a", None, "ends with the defender's move"),
    ] {
        let (code, j) = check(&with_line(KOBA5, line), &[]);
        assert_eq!((code, j.verdict.as_str()), (1, "flawed"), "{line}: {j:?}");
        assert_eq!(kinds(&j), [("wrong-line", ply)], "{line}");
        let f = &j.findings[0];
        assert_eq!((f.name.as_str(), f.class.as_str()), ("不詰", "flaw"));
        assert!(f.message.contains(words), "{line}: {}", f.message);
        // What the position does instead.
        assert!(
            f.message.contains("the position mates in 5"),
            "{}",
            f.message
        );
        assert_eq!((j.length, j.line.join(" ")), (None, line.to_string()));
    }
    // The end that is no mate names the reply as its evidence.
    let (_, j) = check(&with_line(KOBA5, "G*5a 6a5a 2d5a+"), &[]);
    assert_eq!(j.findings[0].line, ["4a5a"]);
    assert_eq!(j.line_ja.len(), 3);
}

#[test]
fn a_position_without_mate_is_no_mate() {
    let (code, j) = check("4k4/9/9/9/9/9/9/9/9 b G 1", &[]);
    assert_eq!((code, j.verdict.as_str()), (1, "flawed"), "{j:?}");
    assert_eq!(kinds(&j), [("no-mate", None)]);
    assert_eq!((j.line_source.as_str(), j.length), ("solver", None));
}

#[test]
fn a_longer_defence_than_the_line_meets_is_a_flaw() {
    // The line answers ▲１三角成 with △１一玉, mated at once; △同玉 lasts four plies more.
    let (code, j) = check(&with_line(EVERYDAY, "2d1c 1b1a 4d4a+"), &[]);
    assert_eq!((code, j.verdict.as_str(), j.length), (1, "flawed", Some(3)));
    let f = j
        .findings
        .iter()
        .find(|f| f.kind == "longer-defence")
        .unwrap_or_else(|| panic!("{j:?}"));
    assert_eq!((f.name.as_str(), f.ply), ("変長", Some(2)));
    assert_eq!((f.length, f.main_left), (Some(4), Some(2)));
    assert_eq!(f.line.join(" "), "1b1c N*2e 1c1b 4d1d");
    assert_eq!(f.line_ja[0], "△同　玉");
    assert!(j.findings.iter().all(|f| f.kind != "cook"), "{j:?}");
}

#[test]
fn a_defence_that_escapes_the_line_is_no_mate() {
    // ▲４二銀不成 mates only after △５二玉; △同銀 and △同金 escape.
    let (code, j) = check(&with_line(KOBA5, "5c4b 4a5b G*5c"), &[]);
    assert_eq!((code, j.verdict.as_str()), (1, "flawed"), "{j:?}");
    assert_eq!(kinds(&j), [("escape", Some(2)), ("escape", Some(2))]);
    let f = &j.findings[0];
    assert_eq!(
        (f.name.as_str(), f.line.join(" ")),
        ("不詰", "3a4b".to_string())
    );
    assert_eq!((f.line_ja[0].as_str(), f.length), ("△同　銀", None));
}

#[test]
fn another_mate_on_the_last_move_is_only_a_note() {
    let (code, j) = check(&with_line(MATE1_NOT_UNIQUE, "G*8b"), &[]);
    assert_eq!((code, j.verdict.as_str()), (0, "sound"), "{j:?}");
    assert_eq!(kinds(&j), [("final-move", Some(1))]);
    let f = &j.findings[0];
    assert_eq!((f.name.as_str(), f.class.as_str()), ("最終手余詰", "note"));
    assert_eq!(
        (f.line.join(" "), f.line_ja.join(" ")),
        ("G*9b".into(), "▲９二金".into())
    );
}

#[test]
fn a_transposition_into_the_main_line_is_a_detour_note() {
    let (code, j) = check(&with_line(ZUKO_005, ZUKO_005_LINE), &[]);
    assert_eq!(
        (code, j.verdict.as_str(), j.length),
        (0, "sound", Some(21)),
        "{j:?}"
    );
    let f = j
        .findings
        .iter()
        .find(|f| f.kind == "detour")
        .unwrap_or_else(|| panic!("{j:?}"));
    assert_eq!(
        (f.name.as_str(), f.class.as_str(), f.ply),
        ("迂回手順", "note", Some(15))
    );
    assert_eq!(f.line[0], "6f6b+");
    assert!(
        f.message
            .contains("comes back into the main line after ply 18"),
        "{}",
        f.message
    );
}

#[test]
fn futile_interpositions_in_the_line_are_not_counted() {
    let (code, j) = check(&with_line(FUTILE_60, "4b3b L*2b 3b2b"), &[]);
    assert_eq!((j.length, j.futile_plies.clone()), (Some(1), vec![2]));
    assert_eq!(j.futile_end, None);
    // ▲３二龍 takes a gold: left in hand at the end.
    assert_eq!((code, kinds(&j)), (1, vec![("pieces-left", Some(3))]));
    assert_eq!(j.pieces_left, "G");
    let (_, j) = check(&with_line(FUTILE_60, "4b3b"), &[]);
    assert_eq!(j.length, Some(1), "{j:?}");
    assert_eq!(j.futile_end, Some(["L*2b".to_string(), "3b2b".to_string()]));
    // Under the rules of the game the drop counts and the line of one ply is no mate.
    let (_, j) = check(&with_line(FUTILE_60, "4b3b"), &["--rules", "game"]);
    assert_eq!(kinds(&j), [("wrong-line", Some(2))]);
}

#[test]
fn a_limit_leaves_the_problem_undecided_never_sound() {
    // Limits are looked at every 1,024 nodes: some searches of 図巧 No. 5 take more.
    let out = tsume(&[
        "check",
        &with_line(ZUKO_005, ZUKO_005_LINE),
        "--json",
        "--nodes",
        "1500",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stdout));
    let j: CheckJson = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j.verdict, "undecided");
    assert!(!j.interrupted, "a limit is no interruption");
    assert!(j
        .findings
        .iter()
        .any(|f| f.kind == "undecided" && f.class == "undecided"));
    // Once the overall limit is spent no search is run.
    let (code, j) = check(&with_line(KOBA5, KOBA5_LINE), &["--total-nodes", "1"]);
    assert_eq!((code, j.verdict.as_str()), (3, "undecided"));
    assert!(j
        .findings
        .iter()
        .any(|f| f.message.contains("overall limit")));
}

#[test]
fn bad_input_exits_2() {
    let out = tsume(&["check", "4k4/9/9/9/9/9/9/9/9 x G 1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("column 21"),
        "{}",
        text(&out.stderr)
    );
    let out = tsume(&["check", &with_line(KOBA5, "G*5a 6a5x")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("move 2"),
        "{}",
        text(&out.stderr)
    );
    let out = tsume(&["check", KOBA5, "--report", "x.json"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_collection_is_checked_row_by_row_with_a_summary_and_a_report() {
    let dir = scratch("collection");
    let tsv = dir.join("problems.tsv");
    std::fs::write(
        &tsv,
        format!(
            "id\tsfen\tline\n\
             koba5\t{KOBA5}\t{KOBA5_LINE}\n\
             cooked\t{KOBA5_ROOK}\t{KOBA5_LINE}\n\
             solver\t{EVERYDAY}\t\n\
             bad-move\t{KOBA5}\tG*5a 6a5x\n\
             bad-sfen\t4k4/9 b G 1\t\n"
        ),
    )
    .unwrap();
    let list = dir.join("more.sfen");
    std::fs::write(
        &list,
        format!("{} # id=mate1\n", with_line(MATE1_NOT_UNIQUE, "G*8b")),
    )
    .unwrap();
    let report = dir.join("report.json");
    let out = tsume(&[
        "check",
        tsv.to_str().unwrap(),
        list.to_str().unwrap(),
        "--jobs",
        "2",
        "--nodes",
        "2000000",
        "--report",
        report.to_str().unwrap(),
    ]);
    let summary = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{summary}{}", text(&out.stderr));
    assert!(
        summary.contains("6 problems: 3 sound, 1 flawed, 0 undecided, 2 error"),
        "{summary}"
    );
    assert!(
        summary.contains("flawed    cooked") && summary.contains("余詰 at ply 1 (▲４二金)"),
        "{summary}"
    );
    let r: RunReport = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(
        (r.rules.as_str(), r.futile.as_deref(), r.jobs),
        ("tsume", Some("any"), 2)
    );
    assert_eq!(
        (r.hash_mb, r.node_limit, r.time_limit_s),
        (64, Some(2_000_000), None)
    );
    assert_eq!(
        (r.total_node_limit, r.total_time_limit_s, r.interrupted),
        (None, None, false)
    );
    let t = &r.totals;
    assert_eq!(
        (
            t.problems,
            t.finished,
            t.sound,
            t.flawed,
            t.undecided,
            t.error
        ),
        (6, 6, 3, 1, 0, 2)
    );
    let statuses: Vec<(&str, &str)> = r
        .problems
        .iter()
        .map(|p| (p.id.as_str(), p.status.as_str()))
        .collect();
    assert_eq!(
        statuses,
        [
            ("koba5", "sound"),
            ("cooked", "flawed"),
            ("solver", "sound"),
            ("bad-move", "error"),
            ("bad-sfen", "error"),
            ("mate1", "sound"),
        ]
    );
    let row = |id: &str| r.problems.iter().find(|p| p.id == id).unwrap();
    assert_eq!(row("solver").check.as_ref().unwrap().line_source, "solver");
    assert_eq!(row("koba5").check.as_ref().unwrap().line_source, "given");
    assert_eq!(
        row("mate1").check.as_ref().unwrap().findings[0].kind,
        "final-move"
    );
    assert!(row("bad-move")
        .message
        .as_deref()
        .unwrap()
        .contains("'6a5x'"));
    assert!(row("bad-move").check.is_none());
    assert_eq!(row("cooked").source, format!("{}:3", tsv.display()));
    assert!(row("koba5").message.is_none() && row("koba5").sfen == KOBA5);
    assert_eq!(
        t.nodes,
        r.problems
            .iter()
            .filter_map(|p| p.check.as_ref())
            .map(|c| c.nodes)
            .sum::<u64>()
    );
    assert!(r.wall_ms < 60_000);
}

#[test]
fn collection_exit_codes_are_the_worst_verdict() {
    let dir = scratch("exit-codes");
    let sound = dir.join("sound.tsv");
    std::fs::write(
        &sound,
        format!("id\tsfen\tline\na\t{KOBA5}\t{KOBA5_LINE}\nb\t{EVERYDAY}\t{EVERYDAY_LINE}\n"),
    )
    .unwrap();
    let out = tsume(&["check", sound.to_str().unwrap(), "-q"]);
    let summary = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{summary}");
    assert!(
        summary.contains("2 problems: 2 sound, 0 flawed, 0 undecided, 0 error"),
        "{summary}"
    );
    let limited = dir.join("limited.tsv");
    std::fs::write(
        &limited,
        format!("id\tsfen\tline\na\t{KOBA5}\t{KOBA5_LINE}\nz\t{ZUKO_005}\t{ZUKO_005_LINE}\n"),
    )
    .unwrap();
    let out = tsume(&["check", limited.to_str().unwrap(), "--nodes", "1500", "-q"]);
    let summary = text(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{summary}");
    assert!(
        summary.contains("1 sound, 0 flawed, 1 undecided"),
        "{summary}"
    );
    // --json prints the report.
    let out = tsume(&["check", sound.to_str().unwrap(), "--json"]);
    let r: RunReport = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r.version, env!("CARGO_PKG_VERSION"));
    assert_eq!(r.totals.sound, 2);
    let out = tsume(&["check", dir.join("missing.tsv").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_published_lines_of_zuko_that_are_short_check_as_known() {
    // No. 82: the published 21-ply line; the diagram mates in 17 (早詰, found by ▲６二馬 at
    // ply 3).
    let row = crate::support::tsv::row(&format!("{PROBLEMS}/zuko-lines.tsv"), "zuko-082");
    let (code, j) = check(&with_line(&row["sfen"], &row["line"]), &["--time", "20"]);
    assert_eq!((code, j.length), (1, Some(21)), "{j:?}");
    assert!(kinds(&j).contains(&("early-mate", None)), "{j:?}");
    assert!(kinds(&j).contains(&("cook", Some(3))), "{j:?}");
}

#[test]
fn the_text_names_a_findings_move_in_japanese_and_counts_one_in_the_singular() {
    let out = tsume(&["check", &with_line(KOBA5_ROOK, KOBA5_LINE)]);
    let shown = text(&out.stdout);
    assert!(
        shown.contains("余詰 (cook) at ply 1: ▲４二金 also mates in 5 plies"),
        "{shown}"
    );
    assert!(
        shown.contains("verdict: flawed (1 flaw, 0 notes,"),
        "{shown}"
    );
    // The JSON keeps the move in USI.
    let (_, j) = check(&with_line(KOBA5_ROOK, KOBA5_LINE), &[]);
    assert!(j.findings[0].message.starts_with("G*4b also mates"));

    let out = tsume(&["check", &with_line(FUTILE_60, "4b3b")]);
    let shown = text(&out.stdout);
    assert!(
        shown.contains("intended line: 1 ply (tsume rules)"),
        "{shown}"
    );
    assert!(shown.contains("1 search, 1 node,"), "{shown}");
}

/// 図巧 No. 20: its line of 37 counted plies plays 39, with △５七歩 ▲同　馬 futile at plies 10
/// and 11.
const ZUKO_020: &str = "4ng2+r/5+r1+L1/4P1k1G/4l2P1/3spS1p+p/9/3N1L+p2/3+b5/1+B7 b 2g2s2nl12p 1";

#[test]
fn a_findings_ply_is_numbered_as_played_with_the_counted_ply_beside_it() {
    let (code, j) = check(ZUKO_020, &[]);
    assert_eq!(code, 1, "{j:?}");
    assert_eq!((j.length, j.line.len()), (Some(37), 39));
    assert_eq!(j.futile_plies, [10]);
    assert_eq!(j.line_ja[9..11], ["△５七歩", "▲同　馬"]);
    // The cooks on the last move: ply 37 of the line as played is the 35th counted.
    let last: Vec<_> = j.findings.iter().filter(|f| f.ply == Some(37)).collect();
    assert!(!last.is_empty(), "{j:?}");
    for f in &last {
        assert_eq!(f.counted_ply, Some(35), "{f:?}");
    }
    // The main move there, ▲３二金, is the 37th of `line`.
    assert_eq!(
        (j.line[36].as_str(), j.line_ja[36].as_str()),
        ("G*3b", "▲３二金")
    );
    // Before the futile pair both numberings agree.
    for f in j.findings.iter().filter(|f| f.ply.is_some_and(|p| p < 10)) {
        assert_eq!(f.counted_ply, f.ply, "{f:?}");
    }
    let shown = text(&tsume(&["check", ZUKO_020]).stdout);
    assert!(
        shown.contains(
            "the solver's line is checked, 37 plies (tsume rules; 39 played, numbered as played"
        ),
        "{shown}"
    );
    assert!(
        shown.contains("at ply 37 (counted: 35): ▲４二龍 also mates"),
        "{shown}"
    );
}

#[test]
fn check_kif_writes_each_findings_evidence_as_a_line_that_reads_back() {
    // 図巧 No. 92's canonical line with a gold added to the attacker's hand: many cooks, an
    // early mate and notes, most with an evidence line.
    let problem = "6kp1/8n/5R1L1/4+b2sB/6N2/9/6L2/9/9 b G 1 moves 2c2b+ 3a2b 4c1c+ 2d1c 1d2c+ \
                   2b1a 2c3c 2a2b 3e2c 1a2a 3c4c 5d4c 3g3a+";
    let dir = scratch("kif-variations");
    let kif = dir.join("flawed.kif");
    let (code, json) = check(problem, &["--kif", kif.to_str().unwrap()]);
    assert_eq!(code, 1, "{json:?}");
    let text = std::fs::read_to_string(&kif).unwrap();
    let record = tsume::notation::kif::parse_kif(&text).unwrap();
    // The main line as checked, read back move by move.
    let main: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(main, json.line);
    // Each finding's evidence is played by a line of the file, whole from the start (two
    // findings whose evidence begins alike share the moves they have in common), and each
    // finding's name is in a comment of the checker's.
    let with_evidence: Vec<&Finding> = json
        .findings
        .iter()
        .filter(|f| !f.line.is_empty())
        .collect();
    assert!(with_evidence.len() >= 10, "{}", with_evidence.len());
    let lines: Vec<Vec<String>> = std::iter::once(&record.moves)
        .chain(record.variations.iter().map(|v| &v.moves))
        .map(|l| l.iter().map(|m| m.to_string()).collect())
        .collect();
    assert!(record.variations.len() <= with_evidence.len());
    for f in &with_evidence {
        let ply = f.ply.unwrap_or(1);
        let mut moves = json.line[..ply - 1].to_vec();
        moves.extend(f.line.iter().cloned());
        assert!(
            lines.iter().any(|l| l.starts_with(&moves)),
            "{moves:?} is no line of\n{text}"
        );
    }
    for f in &json.findings {
        let comment = format!("*［tsume check］{}：", f.name);
        assert!(text.contains(&comment), "{comment}\n{text}");
    }
    assert!(
        text.contains("変化：1手") && text.contains("変化：11手"),
        "{text}"
    );
}

#[test]
fn check_kif_is_refused_for_a_collection_before_anything_runs() {
    let dir = scratch("kif-collection");
    let kif = dir.join("out.kif");
    let file = format!("{PROBLEMS}/short.tsv");
    let out = tsume(&["check", &file, "--kif", kif.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("--kif writes the KIF of one problem"));
    assert!(!kif.exists());
}

/// A line that opens with another mating check than the shortest mate's: the check reports 早詰
/// exactly when the problem mates two plies sooner than the line, as the plain bounded search
/// (every line tried, nothing remembered) says.
#[test]
fn an_early_mate_is_reported_exactly_when_the_problem_mates_sooner() {
    use tsume::app::check::{check_problem, CheckSettings, Class, Kind};
    use tsume::app::selfcheck::generate::random_problem;
    use tsume::search::bounded::mates_within;
    use tsume::search::session::Session;
    use tsume::search::{Limits, Options, Outcome, Rules};
    use tsume::shogi::movegen::check_moves;
    use tsume::shogi::{fill_defender_hand, MoveList};

    let (mut sooner_seen, mut not_sooner_seen) = (0, 0);
    for rules in [Rules::Game, Rules::default()] {
        let settings = CheckSettings {
            options: Options {
                rules,
                hash_mb: 16,
                limits: Limits {
                    nodes: Some(2_000_000),
                    ..Limits::default()
                },
                ..Options::default()
            },
            total_nodes: None,
            total_time: None,
            progress: None,
        };
        for i in 0..60 {
            let pos = fill_defender_hand(&random_problem(5, i));
            let mut session = Session::new(pos.side_to_move(), &settings.options);
            let mate = session.solve_within(&pos, Some(7), Limits::default());
            if !matches!(mate.outcome, Outcome::Mate { .. }) {
                continue;
            }
            let mut checks = MoveList::new();
            check_moves(&pos, &mut checks);
            for &c in checks.iter() {
                let mut after = pos.clone();
                after.make_move(c);
                let Outcome::Mate { line, .. } = session
                    .solve_within(&after, Some(6), Limits::default())
                    .outcome
                else {
                    continue;
                };
                let mut moves = vec![c];
                moves.extend(&line.moves);
                let report = check_problem(&pos, Some(&moves), None, &settings).unwrap();
                if report
                    .findings
                    .iter()
                    .any(|f| f.kind.class() == Class::Undecided)
                {
                    continue;
                }
                let length = report.line.as_ref().unwrap().length() as u32;
                let sooner =
                    length >= 3 && mates_within(&mut pos.clone(), length - 2, rules.futile());
                let reported = report.findings.iter().any(|f| f.kind == Kind::EarlyMate);
                let sfen = tsume::notation::sfen::to_sfen(&pos);
                assert_eq!(reported, sooner, "{rules:?} {sfen} {c}");
                if sooner {
                    sooner_seen += 1;
                } else {
                    not_sooner_seen += 1;
                }
            }
        }
    }
    assert!(
        sooner_seen >= 20 && not_sooner_seen >= 20,
        "{sooner_seen} {not_sooner_seen}"
    );
}

/// 図巧's short canonical lines with a node limit of half what the search of the whole problem
/// for a shorter mate takes: that search stops undecided, and the searches of the alternatives
/// along the line settle that there is no shorter mate, as the whole search shows.
#[test]
fn the_alternatives_along_the_line_settle_an_early_mate_left_undecided() {
    use tsume::app::check::{check_problem, CheckSettings, Class, Kind};
    use tsume::notation::sfen::parse_sfen;
    use tsume::notation::usi::parse_usi_moves_syntax;
    use tsume::search::session::Session;
    use tsume::search::{Limits, Options, Outcome, Rules};
    use tsume::shogi::fill_defender_hand;

    let canonical = std::fs::read_to_string(format!("{PROBLEMS}/zuko-canonical.tsv")).unwrap();
    let mut settled = 0;
    for row in canonical.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        let plies: usize = cols[2].parse().unwrap();
        if plies > 17 {
            continue;
        }
        let pos = fill_defender_hand(&parse_sfen(cols[1]).unwrap());
        let moves = parse_usi_moves_syntax(cols[3]).unwrap();
        for rules in [Rules::Game, Rules::default()] {
            let options = Options {
                rules,
                hash_mb: 16,
                ..Options::default()
            };
            let mut whole = Session::new(pos.side_to_move(), &options);
            let r = whole.solve_within(&pos, Some(plies - 2), Limits::default());
            if r.outcome != Outcome::NoMate || r.nodes < 8192 {
                continue;
            }
            let settings = CheckSettings {
                options: Options {
                    limits: Limits {
                        nodes: Some(r.nodes / 2),
                        ..Limits::default()
                    },
                    ..options
                },
                total_nodes: None,
                total_time: None,
                progress: None,
            };
            let report = check_problem(&pos, Some(&moves), None, &settings).unwrap();
            assert!(
                !report.findings.iter().any(|f| f.kind == Kind::EarlyMate),
                "{}",
                cols[0]
            );
            let undecided = report
                .findings
                .iter()
                .any(|f| f.kind.class() == Class::Undecided);
            settled += usize::from(!undecided);
        }
    }
    // No. 85 under both rules; the others' limited searches of alternatives stop too.
    assert!(settled >= 2, "{settled}");
}

const COMPOSER_COOK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/kif/composer-cook.kif"
);
const COMPOSER_SIDE_FAULT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/kif/composer-side-fault.kif"
);

#[test]
fn check_kif_keeps_the_composers_headers_comments_and_side_lines_beside_the_findings() {
    let dir = scratch("composer-kif");
    let kif = dir.join("checked.kif");
    let out = tsume(&["check", COMPOSER_COOK, "--kif", kif.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    // The text names the problem.
    let report = text(&out.stdout);
    assert!(
        report.starts_with("作品名：角成りの五手詰（余詰あり）　作者：試験　太郎\n"),
        "{report}"
    );
    let written = std::fs::read_to_string(&kif).unwrap();
    for kept in [
        "作品名：角成りの五手詰（余詰あり）\n",
        "作者：試験　太郎\n",
        "発表誌：tsume のテスト\n",
        "*作意：金を捨てて角を成る\n",
        "   1 ５一金打     ( 0:00/00:00:00)+\n*捨て駒\n",
        "変化：3手\n   3 ４二銀成(53) ( 0:00/00:00:00)\n*紛れ：銀成は同金で続かない\n",
    ] {
        assert!(written.contains(kept), "{kept:?} not kept:\n{written}");
    }
    // The checker's words are its own comments, in Japanese with 日本式 moves.
    assert!(
        written.contains("*［tsume check］判定：不完全（欠陥1件、注記0件、未決0件）\n"),
        "{written}"
    );
    assert!(
        written.contains(
            "   1 ４二金打     ( 0:00/00:00:00)\n*［tsume check］余詰：▲４二金でも5手で詰む（本手順は残り5手）\n"
        ),
        "{written}"
    );
    // Read back: the composer's line, side line and comments, and the cook's line.
    let composer =
        tsume::notation::kif::parse_kif(&std::fs::read_to_string(COMPOSER_COOK).unwrap()).unwrap();
    let read = tsume::notation::kif::parse_kif(&written).unwrap();
    assert_eq!(read.moves, composer.moves);
    assert!(read.variations.contains(&composer.variations[0]));
    assert_eq!(read.variations.len(), 2);
    for c in &composer.comments {
        assert!(read.comments.contains(c), "{c:?}");
    }
    let (_, json) = check(COMPOSER_COOK, &[]);
    assert_eq!(
        (json.title.as_deref(), json.author.as_deref()),
        (Some("角成りの五手詰（余詰あり）"), Some("試験　太郎"))
    );
    // Checked again, the file is the same: the earlier check's words are replaced, its side
    // line is now the file's and the cook is said on it.
    let again = dir.join("again.kif");
    let out = tsume(&[
        "check",
        kif.to_str().unwrap(),
        "--kif",
        again.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&again).unwrap(), written);
}

#[test]
fn an_illegal_move_in_a_composers_side_line_is_a_warning_with_its_place_not_no_mate() {
    let out = tsume(&["check", COMPOSER_SIDE_FAULT]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    // The 5-ply main line is sound.
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("verdict: sound"), "{stdout}");
    let place = format!("{COMPOSER_SIDE_FAULT}:28:6: move 2 '４二玉(41)' is illegal");
    assert!(
        stderr.starts_with(&format!("tsume: warning: {place}")),
        "{stderr}"
    );
    assert!(
        stderr.contains("(in a side line: it ends there)"),
        "{stderr}"
    );
    assert!(stdout.contains(&format!("warning: {place}")), "{stdout}");
    let (code, json) = check(COMPOSER_SIDE_FAULT, &[]);
    assert_eq!((code, json.verdict.as_str()), (0, "sound"), "{json:?}");
    assert!(json.findings.is_empty(), "{json:?}");
    assert_eq!(json.warnings.len(), 1);
    assert!(json.warnings[0].contains(&place), "{json:?}");
}
