//! `tsume solve` against the reference problems: every row of short.tsv with a known minimax
//! length, the no-mate rows, and the 図巧 problems whose minimax length is at most 21.

mod support;

use serde::Deserialize;
use std::process::Command;
use support::tsv::rows;

const SHORT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/problems/short.tsv");
const ZUKO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/problems/zuko.tsv");

/// The documented `--json` object of `tsume solve`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct SolveJson {
    sfen: String,
    result: String,
    length: Option<usize>,
    mate_at_most: Option<u16>,
    line: Vec<String>,
    line_ja: Vec<String>,
    nodes: u64,
    time_ms: u64,
    nodes_per_second: u64,
    hash_permille: u32,
    hash_mb: usize,
}

/// Runs `tsume solve SFEN --json [extra…]`, returning the exit code and the parsed output.
fn solve(sfen: &str, extra: &[&str]) -> (i32, SolveJson) {
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(["solve", sfen, "--json", "--hash", "512"])
        .args(extra)
        .output()
        .expect("run tsume");
    let json: SolveJson = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{sfen}: unparsable output ({e}): {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().expect("an exit code"), json)
}

/// Solves each `(id, sfen, flags, expected)` on two workers; returns the failures.
fn check_all(cases: Vec<(String, String, Vec<&'static str>, Option<usize>)>) -> Vec<String> {
    let cases = std::sync::Mutex::new(cases.into_iter());
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some((id, sfen, flags, expected)) = cases.lock().unwrap().next() else {
                    break;
                };
                let (code, json) = solve(&sfen, &flags);
                let ok = match expected {
                    Some(n) => code == 0 && json.result == "mate" && json.length == Some(n),
                    None => code == 1 && json.result == "nomate",
                };
                let consistent = json.line.len() == json.length.unwrap_or(0)
                    && json.line_ja.len() == json.line.len()
                    && json.mate_at_most.is_none()
                    && json.nodes > 0
                    && json.nodes_per_second > 0
                    && json.time_ms < 600_000
                    && json.hash_mb == 512
                    && json.hash_permille <= 1000;
                if !ok || !consistent {
                    failures.lock().unwrap().push(format!(
                        "{id}: expected {expected:?}, got exit {code}, {} {:?} {:?}",
                        json.result, json.length, json.line
                    ));
                }
            });
        }
    });
    failures.into_inner().unwrap()
}

#[test]
fn short_problems_solve_to_their_minimax_length() {
    let mut cases = Vec::new();
    for r in rows(SHORT) {
        let flags = if r["hands"].starts_with("literal") {
            vec!["--literal-hands"]
        } else {
            vec![]
        };
        let expected = match (r["expect"].as_str(), r["game_length"].parse::<usize>()) {
            ("mate", Ok(n)) => Some(n),
            ("nomate", _) => None,
            _ => continue,
        };
        cases.push((r["id"].clone(), r["sfen"].clone(), flags, expected));
    }
    assert!(
        cases.len() >= 55,
        "only {} rows with a known answer",
        cases.len()
    );
    let failures = check_all(cases);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn no_mate_within_five_means_no_mate_or_a_longer_one() {
    let row = rows(SHORT)
        .into_iter()
        .find(|r| r["expect"] == "nomate-within-5")
        .expect("the nomate-within-5 row");
    let (code, json) = solve(&row["sfen"], &[]);
    match json.result.as_str() {
        "nomate" => assert_eq!(code, 1),
        "mate" => assert!(code == 0 && json.length.unwrap() > 5, "{json:?}"),
        other => panic!("{other}: {json:?}"),
    }
}

#[test]
fn zuko_problems_up_to_21_plies_solve_to_their_minimax_length() {
    let cases: Vec<_> = rows(ZUKO)
        .into_iter()
        .filter_map(|r| {
            let n: usize = r["game_length"].parse().ok()?;
            (n <= 21).then(|| (r["id"].clone(), r["sfen"].clone(), vec![], Some(n)))
        })
        .collect();
    assert!(cases.len() >= 20, "only {} 図巧 rows", cases.len());
    let failures = check_all(cases);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_limit_gives_unknown_never_no_mate() {
    let zuko_001 = rows(ZUKO)
        .into_iter()
        .find(|r| r["id"] == "zuko-001")
        .expect("zuko-001");
    let (code, json) = solve(&zuko_001["sfen"], &["--nodes", "2000"]);
    assert_eq!((code, json.result.as_str()), (3, "unknown"), "{json:?}");
    assert!(json.line.is_empty() && json.length.is_none());
}

#[test]
fn the_printed_line_reads_in_japanese_and_usi() {
    let (code, json) = solve("6kp1/8n/5R1L1/4+b2sB/6N2/9/6L2/9/9 b r4g3s2n2l17p 1", &[]);
    assert_eq!(code, 0);
    assert_eq!(json.length, Some(13));
    assert_eq!(json.line[0], "2c2b+");
    assert_eq!(json.line_ja[0], "▲２二香成");
    assert_eq!(json.line_ja[1], "△同　玉");
    let text = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(["solve", &json.sfen])
        .output()
        .expect("run tsume");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("後手の持駒") && text.contains("mate in 13"),
        "{text}"
    );
    assert!(text.contains("日本式: ▲２二香成 △同　玉"), "{text}");
}

#[test]
fn input_errors_exit_2_with_the_column() {
    for (input, needle) in [
        ("9/9/9/9/9/9/9/9/9 b - 1", "no king"),
        ("/nonexistent/problem.sfen", "No such file"),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
            "column 57",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
            .args(["solve", input])
            .output()
            .expect("run tsume");
        assert_eq!(out.status.code(), Some(2), "{input}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{input}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn tsume_rules_are_refused_until_they_are_computed() {
    for cmd in ["verify", "bench"] {
        let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
            .args([cmd, "--rules", "tsume", SHORT])
            .output()
            .expect("run tsume");
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--rules tsume is not available"));
        assert!(out.stdout.is_empty(), "{cmd} ran anyway");
    }
}
