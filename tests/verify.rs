//! `tsume verify` run as a binary: exit codes, the summary, the JSON report, and collections
//! with faults in them.

use crate::support::cli::tsume;
use serde::Deserialize;
use std::path::{Path, PathBuf};

const BUNDLED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems");

/// Mate in 3 (mate3-01 of short.tsv); White attacks.
const MATE3: &str =
    "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42";
/// Mate in 5 (mate5-01 of short.tsv).
const MATE5: &str =
    "l2gkg2l/2s3s2/p1nppp1pp/2p3p2/P4P1P1/4n3P/1PPPG1N2/1BKS2+s2/LN3+r3 w RBgl3p 72";
/// 図巧 No. 1, mate in 69: far beyond a small node limit.
const ZUKO_001: &str = "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1";

/// The documented report of `verify --report`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Report {
    version: String,
    rules: String,
    futile: Option<String>,
    jobs: usize,
    hash_mb: usize,
    node_limit: Option<u64>,
    time_limit_s: Option<f64>,
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
    ok: usize,
    mismatch: usize,
    unknown: usize,
    error: usize,
    nodes: u64,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Record {
    id: String,
    source: String,
    sfen: String,
    expected: Option<String>,
    result: Option<String>,
    length: Option<usize>,
    mate_at_most: Option<u16>,
    line: Vec<String>,
    futile_plies: Vec<usize>,
    first_mate: Option<FirstMate>,
    nodes: u64,
    ms: f64,
    hash_permille: u32,
    status: String,
    message: Option<String>,
    warning: Option<String>,
}

/// The first mate a search proved, as the report gives it.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct FirstMate {
    plies: u16,
    nodes: u64,
    time_ms: u64,
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("verify-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The (id, status) of every problem in a report, in order.
fn statuses(r: &Report) -> Vec<(&str, &str)> {
    r.problems
        .iter()
        .map(|p| (p.id.as_str(), p.status.as_str()))
        .collect()
}

fn read_report(path: &Path) -> Report {
    let json = std::fs::read_to_string(path).expect("the report is written");
    let report: Report =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("unparsable report ({e}): {json}"));
    assert_eq!(report.version, env!("CARGO_PKG_VERSION"));
    report
}

#[test]
fn the_bundled_short_collection_verifies() {
    let dir = scratch("short");
    let report = dir.join("short.json");
    let out = tsume(&[
        "verify",
        &format!("{BUNDLED}/short.tsv"),
        "--rules",
        "game",
        "--jobs",
        "2",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let summary = text(&out.stdout);
    assert!(
        summary.contains("66 problems: 66 ok, 0 mismatch, 0 unknown, 0 error"),
        "{summary}"
    );
    let r = read_report(&report);
    assert_eq!(
        (r.rules.as_str(), r.futile.as_deref(), r.jobs, r.interrupted),
        ("game", None, 2, false)
    );
    assert_eq!((r.node_limit, r.time_limit_s, r.hash_mb), (None, None, 256));
    let t = &r.totals;
    assert_eq!(
        (t.problems, t.finished, t.ok, t.mismatch, t.unknown, t.error),
        (66, 66, 66, 0, 0, 0)
    );
    assert_eq!(r.problems.len(), 66);
    assert_eq!(
        r.totals.nodes,
        r.problems.iter().map(|p| p.nodes).sum::<u64>()
    );
    assert!(r.wall_ms < 120_000);
    for p in &r.problems {
        assert_eq!(p.status, "ok", "{p:?}");
        assert!(p.source.contains("short.tsv:") && !p.sfen.is_empty() && p.message.is_none());
        assert!(p.ms >= 0.0 && p.hash_permille <= 1000);
        match p.result.as_deref() {
            Some("mate") => assert_eq!(p.line.len(), p.length.unwrap(), "{p:?}"),
            Some("nomate") => assert!(p.line.is_empty() && p.length.is_none()),
            _ => panic!("{p:?}"),
        }
    }
    let row = |id: &str| r.problems.iter().find(|p| p.id == id).unwrap();
    assert_eq!(row("mate3-01").expected.as_deref(), Some("mate=3"));
    assert_eq!(row("mate3-01").source, format!("{BUNDLED}/short.tsv:2"));
    assert_eq!(
        row("pawn-drop-no-mate").expected.as_deref(),
        Some("nomate-within=5")
    );
    assert_eq!(row("repetition-nomate").expected.as_deref(), Some("nomate"));
    // No tsume_length and no game_length: a mate of any length is expected.
    assert_eq!(row("futile-long-51").expected.as_deref(), Some("mate"));
}

#[test]
fn a_wrong_expected_length_exits_1_and_names_it() {
    let dir = scratch("wrong-length");
    let list = dir.join("wrong.sfen");
    let report = dir.join("wrong.json");
    std::fs::write(
        &list,
        format!(
            "# two right, one wrong\n{MATE3} # id=right-3 mate=3\n\n\
             {MATE5} # id=wrong-5 mate=7\nsfen {MATE3} # id=any mate\n"
        ),
    )
    .unwrap();
    let out = tsume(&[
        "verify",
        list.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    let summary = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{summary}");
    let mismatch = summary
        .lines()
        .find(|l| l.starts_with("mismatch"))
        .unwrap_or_else(|| panic!("no mismatch line: {summary}"));
    assert!(
        mismatch.contains("wrong-5") && mismatch.contains("wrong.sfen:4"),
        "{mismatch}"
    );
    assert!(
        mismatch.contains("expected mate=7, got mate 5"),
        "{mismatch}"
    );
    assert!(
        summary.contains("3 problems: 2 ok, 1 mismatch, 0 unknown, 0 error"),
        "{summary}"
    );
    let r = read_report(&report);
    let statuses = statuses(&r);
    assert_eq!(
        statuses,
        [("right-3", "ok"), ("wrong-5", "mismatch"), ("any", "ok")]
    );
    assert_eq!(r.problems[1].length, Some(5));
    assert_eq!(r.problems[2].expected.as_deref(), Some("mate"));
}

#[test]
fn a_malformed_row_is_an_error_row_and_the_rest_still_run() {
    let dir = scratch("malformed");
    let tsv = dir.join("c.tsv");
    let report = dir.join("c.json");
    let bad = MATE3.replace(" w ", " x ");
    std::fs::write(
        &tsv,
        format!(
            "id\tsfen\tgame_length\n\
             good-3\t{MATE3}\t3\n\
             bad\t{bad}\t3\n\
             good-5\t{MATE5}\t5\n\
             no-king\t9/9/9/9/9/9/9/9/9 b - 1\t\n"
        ),
    )
    .unwrap();
    let out = tsume(&[
        "verify",
        tsv.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    let summary = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{summary}");
    let line = |id: &str| {
        summary
            .lines()
            .find(|l| l.starts_with("error") && l.contains(id))
            .unwrap_or_else(|| panic!("no error line for {id}: {summary}"))
            .to_string()
    };
    let bad_line = line("bad");
    // The fault is placed in the file: `bad` and a tab come before the SFEN.
    let column = 4 + MATE3.find(" w ").unwrap() + 2;
    assert!(bad_line.contains("c.tsv:3"), "{bad_line}");
    assert!(
        bad_line.contains(&format!("column {column}: side to move must be 'b' or 'w'")),
        "{bad_line}"
    );
    assert!(line("no-king").contains("c.tsv:5"));
    assert!(
        summary.contains("4 problems: 2 ok, 0 mismatch, 0 unknown, 2 error"),
        "{summary}"
    );
    let r = read_report(&report);
    let statuses = statuses(&r);
    assert_eq!(
        statuses,
        [
            ("good-3", "ok"),
            ("bad", "error"),
            ("good-5", "ok"),
            ("no-king", "error")
        ]
    );
    assert_eq!(r.problems[1].sfen, bad);
    assert!(r.problems[1].result.is_none() && r.problems[1].nodes == 0);
}

#[test]
fn no_report_when_the_run_cannot_start() {
    let dir = scratch("no-start");
    let report = dir.join("r.json");
    let unknown_type = dir.join("problems.txt");
    std::fs::write(&unknown_type, format!("{MATE3}\n")).unwrap();
    let missing_sfen = dir.join("nosfen.tsv");
    std::fs::write(&missing_sfen, "id\tposition\nx\ty\n").unwrap();
    let short = format!("{BUNDLED}/short.tsv");
    for (paths, needle) in [
        (
            vec![short.clone(), dir.join("absent.sfen").display().to_string()],
            "absent.sfen",
        ),
        (
            vec![unknown_type.display().to_string()],
            "unknown collection type",
        ),
        (vec![missing_sfen.display().to_string()], "no 'sfen' column"),
    ] {
        let mut args = vec!["verify"];
        args.extend(paths.iter().map(String::as_str));
        args.extend(["--report", report.to_str().unwrap()]);
        let out = tsume(&args);
        assert_eq!(out.status.code(), Some(2), "{paths:?}");
        let err = text(&out.stderr);
        assert!(err.contains(needle), "{paths:?}: {err}");
        assert!(out.stdout.is_empty(), "{paths:?}");
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".json") || n.ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "{paths:?}: {left:?}");
    }
    let out = tsume(&["verify", &short, "--length-column", "nonesuch"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no 'nonesuch' column"));
}

#[test]
fn a_limit_gives_unknown_and_exit_3() {
    let dir = scratch("limit");
    let list = dir.join("l.sfen");
    let report = dir.join("l.json");
    std::fs::write(
        &list,
        format!("{ZUKO_001} # id=zuko-001 mate=69\n{MATE3} # mate=3\n"),
    )
    .unwrap();
    let out = tsume(&[
        "verify",
        list.to_str().unwrap(),
        "--nodes",
        "3000",
        "--report",
        report.to_str().unwrap(),
    ]);
    let summary = text(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{summary}");
    assert!(
        summary
            .lines()
            .any(|l| l.starts_with("unknown") && l.contains("zuko-001")),
        "{summary}"
    );
    let r = read_report(&report);
    assert_eq!(r.node_limit, Some(3000));
    let p = &r.problems[0];
    assert_eq!(
        (p.status.as_str(), p.result.as_deref()),
        ("unknown", Some("unknown"))
    );
    assert!(p.line.is_empty() && p.length.is_none());
    assert_eq!(r.problems[1].id, "l:2");
    assert_eq!(r.problems[1].status, "ok");
}

#[test]
fn a_directory_stands_for_its_collections_and_the_length_column_can_be_chosen() {
    let dir = scratch("directory");
    std::fs::write(dir.join("a.sfen"), format!("{MATE3} # id=a1 mate=3\n")).unwrap();
    std::fs::write(dir.join("b.tsv"), format!("sfen\tmine\n{MATE5}\t5\n")).unwrap();
    std::fs::write(dir.join("README.md"), "not a collection\n").unwrap();
    let out = tsume(&[
        "verify",
        dir.to_str().unwrap(),
        "--length-column",
        "mine",
        "-q",
    ]);
    let summary = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{summary}{}", text(&out.stderr));
    assert_eq!(
        summary.trim_end().lines().count(),
        1,
        "quiet prints the totals only: {summary}"
    );
    assert!(summary.starts_with("2 problems: 2 ok"), "{summary}");
}

#[test]
fn the_reference_collections_load_as_they_are() {
    // A one-node limit: every problem is read and searched, none is decided.
    for file in [
        "zuko.tsv",
        "short.tsv",
        "microcosmos.tsv",
        "long.tsv",
        "zuko-lines.tsv",
        "zuko-canonical.tsv",
    ] {
        let out = tsume(&[
            "verify",
            &format!("{BUNDLED}/{file}"),
            "--nodes",
            "1",
            "--hash",
            "1",
        ]);
        let summary = text(&out.stdout);
        assert!(
            matches!(out.status.code(), Some(0 | 3)),
            "{file}: {summary}{}",
            text(&out.stderr)
        );
        assert!(
            summary.contains(" 0 mismatch, ") && summary.contains(" 0 error;"),
            "{file}: {summary}"
        );
    }
}

/// 図巧 No. 50: with `--nodes 200000` (and `--hash 64`) a mate of at most 19 plies is found and
/// not proven shortest.
const ZUKO_050: &str = "9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1";

#[test]
fn the_report_of_an_unknown_keeps_the_mate_found_and_its_bound() {
    let dir = scratch("at-most");
    let list = dir.join("z.sfen");
    let report = dir.join("z.json");
    std::fs::write(&list, format!("{ZUKO_050} # id=zuko-050 mate=19\n")).unwrap();
    let out = tsume(&[
        "verify",
        list.to_str().unwrap(),
        "--nodes",
        "200000",
        "--hash",
        "64",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stdout));
    let p = &read_report(&report).problems[0];
    assert_eq!(p.result.as_deref(), Some("unknown"));
    assert_eq!(p.mate_at_most, Some(19), "{p:?}");
    let first = p.first_mate.as_ref().expect("a first mate");
    assert!(first.plies >= 19 && first.nodes <= p.nodes, "{p:?}");
    assert!(first.time_ms as f64 <= p.ms + 1.0, "{p:?}");
    assert!(!p.line.is_empty() && p.line.len() <= 19, "{p:?}");
    assert!(p.length.is_none(), "an unknown has no length: {p:?}");
    assert!(p.warning.is_none(), "an SFEN row has no faulty move: {p:?}");
}

#[test]
fn the_report_marks_the_futile_interpositions_of_a_line() {
    // 図巧 No. 20: △５七歩 ▲同　馬 at plies 10 and 11 are not counted.
    let dir = scratch("futile-plies");
    let list = dir.join("z.sfen");
    let report = dir.join("z.json");
    std::fs::write(
        &list,
        "4ng2+r/5+r1+L1/4P1k1G/4l2P1/3spS1p+p/9/3N1L+p2/3+b5/1+B7 b 2g2s2nl12p 1 # id=zuko-020 \
         mate=37\n",
    )
    .unwrap();
    let out = tsume(&[
        "verify",
        list.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let p = &read_report(&report).problems[0];
    assert_eq!((p.length, p.line.len()), (Some(37), 39));
    assert_eq!(p.futile_plies, [10]);
}
