//! `tsume solve` against the reference problems: every row of short.tsv with a known length under
//! the rules of the game and under tsume rules, the no-mate rows, the 図巧 problems whose minimax
//! length is at most 21, and the published 図巧 lines that end in futile interpositions.

use crate::support::tsv::{rows, sfen_of};
use serde::Deserialize;
use std::process::Command;

const SHORT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/short.tsv");
const ZUKO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/zuko.tsv");
const ZUKO_LINES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/zuko-lines.tsv");

/// The documented `--json` object of `tsume solve`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct SolveJson {
    version: String,
    sfen: String,
    game_moves: Option<usize>,
    warning: Option<String>,
    rules: String,
    futile: Option<String>,
    result: String,
    interrupted: bool,
    length: Option<usize>,
    minimax_length: Option<usize>,
    mate_at_most: Option<u16>,
    proven_shortest: bool,
    mates_found: Vec<MateFound>,
    line: Vec<String>,
    line_ja: Vec<String>,
    futile_plies: Vec<usize>,
    futile_end: Option<[String; 2]>,
    pieces_left: String,
    line_choice_cut: bool,
    /// Checked apart, by `tests/refutation.rs`.
    refutation: Option<serde_json::Value>,
    /// What failed its replay: nothing, unless the solver has a bug.
    dropped: Vec<String>,
    nodes: u64,
    time_ms: u64,
    nodes_per_second: u64,
    hash_permille: u32,
    hash_mb: usize,
}

/// A mate proven during a search, as `mates_found` lists it.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct MateFound {
    plies: u16,
    nodes: u64,
    time_ms: u64,
}

/// Whether `mates_found` tells the story of the answer: each mate shorter than the one before,
/// found no earlier, within the search's nodes; for a mate proven shortest the last has its
/// proven length, for no mate there is none.
fn mates_found_agree(json: &SolveJson) -> bool {
    let m = &json.mates_found;
    let in_order = m.windows(2).all(|w| {
        w[1].plies < w[0].plies && w[1].nodes >= w[0].nodes && w[1].time_ms >= w[0].time_ms
    }) && m.iter().all(|f| f.nodes <= json.nodes);
    let end = match json.result.as_str() {
        "mate" => {
            json.proven_shortest
                && m.last().map(|f| usize::from(f.plies)) == json.minimax_length
                && json.refutation.is_none()
        }
        "nomate" => !json.proven_shortest && m.is_empty() && json.refutation.is_some(),
        _ => {
            !json.proven_shortest
                && m.last().map(|f| f.plies) == json.mate_at_most
                && json.refutation.is_none()
        }
    };
    in_order && end && json.dropped.is_empty()
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
    assert_eq!(json.version, env!("CARGO_PKG_VERSION"));
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
                let (len, minimax) = (json.length.unwrap_or(0), json.minimax_length.unwrap_or(0));
                let consistent = json.line.len() == len + 2 * json.futile_plies.len()
                    && minimax >= len
                    && (minimax == len || json.rules == "tsume")
                    && json.line_ja.len() == json.line.len()
                    && json.mate_at_most.is_none()
                    && json.game_moves.is_none()
                    && json.warning.is_none()
                    && mates_found_agree(&json)
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

/// The short.tsv rows with a known answer in `column`, solved under `rules`.
fn short_cases(
    column: &str,
    rules: &'static str,
) -> Vec<(String, String, Vec<&'static str>, Option<usize>)> {
    let mut cases = Vec::new();
    for r in rows(SHORT) {
        let mut flags = vec!["--rules", rules];
        if r["hands"].starts_with("literal") {
            flags.push("--literal-hands");
        }
        let expected = match (r["expect"].as_str(), r[column].parse::<usize>()) {
            ("mate", Ok(n)) => Some(n),
            ("nomate", _) => None,
            _ => continue,
        };
        cases.push((r["id"].clone(), r["sfen"].clone(), flags, expected));
    }
    cases
}

#[test]
fn short_problems_solve_to_their_minimax_length_under_game_rules() {
    let cases = short_cases("game_length", "game");
    assert!(cases.len() >= 55, "only {} game_length rows", cases.len());
    let failures = check_all(cases);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn short_problems_solve_to_their_tsume_length_under_tsume_rules() {
    let cases = short_cases("tsume_length", "tsume");
    assert!(cases.len() >= 22, "only {} tsume_length rows", cases.len());
    let failures = check_all(cases);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn short_problems_solve_to_the_same_lengths_with_two_threads() {
    let mut cases = short_cases("tsume_length", "tsume");
    cases.extend(short_cases("game_length", "game"));
    for case in &mut cases {
        case.2.extend(["--threads", "2"]);
    }
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

/// The zuko.tsv rows of at most 21 plies, solved under game rules with `extra` flags.
fn zuko_cases(extra: &[&'static str]) -> Vec<(String, String, Vec<&'static str>, Option<usize>)> {
    rows(ZUKO)
        .into_iter()
        .filter_map(|r| {
            let n: usize = r["game_length"].parse().ok()?;
            (n <= 21).then(|| {
                let flags = [&["--rules", "game"][..], extra].concat();
                (r["id"].clone(), r["sfen"].clone(), flags, Some(n))
            })
        })
        .collect()
}

#[test]
fn zuko_problems_up_to_21_plies_solve_to_their_minimax_length() {
    let cases = zuko_cases(&[]);
    assert!(cases.len() >= 20, "only {} 図巧 rows", cases.len());
    let failures = check_all(cases);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn zuko_problems_up_to_21_plies_solve_to_their_minimax_length_with_two_threads() {
    let cases = zuko_cases(&["--threads", "2"]);
    assert!(cases.len() >= 20, "only {} 図巧 rows", cases.len());
    let failures = check_all(cases);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_limit_gives_unknown_never_no_mate() {
    let zuko_001 = sfen_of(ZUKO, "zuko-001");
    let (code, json) = solve(&zuko_001, &["--nodes", "2000"]);
    assert_eq!((code, json.result.as_str()), (3, "unknown"), "{json:?}");
    assert!(json.line.is_empty() && json.length.is_none() && !json.interrupted);
}

#[test]
fn each_mate_found_is_shown_at_once_and_the_answer_says_if_it_is_proven_shortest() {
    // 図巧 No. 50 stopped after 200,000 nodes: a mate in at most 19 proven, not yet shortest.
    let zuko_050 = sfen_of(ZUKO, "zuko-050");
    let limits = ["--hash", "64", "--nodes", "200000", "--threads", "1"];
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(["solve", &zuko_050, "--json"])
        .args(limits)
        .arg("--progress-json")
        .output()
        .expect("run tsume");
    let json: SolveJson = serde_json::from_slice(&out.stdout).expect("the JSON answer");
    assert_eq!(
        (out.status.code(), json.result.as_str()),
        (Some(3), "unknown")
    );
    assert!(
        !json.proven_shortest && mates_found_agree(&json),
        "{json:?}"
    );
    assert_eq!(json.mate_at_most, Some(19));
    // Standard error has one event a mate, as the answer lists them.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Event {
        event: String,
        plies: u16,
        nodes: u64,
        time_ms: u64,
    }
    let events: Vec<Event> = String::from_utf8(out.stderr)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(events.len(), json.mates_found.len());
    for (e, m) in events.iter().zip(&json.mates_found) {
        assert_eq!(e.event, "mate_found");
        assert_eq!((e.plies, e.nodes, e.time_ms), (m.plies, m.nodes, m.time_ms));
    }
    // The text says the same.
    let text = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(["solve", &zuko_050])
        .args(limits)
        .output()
        .expect("run tsume");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("not proven shortest"), "{text}");
    let found = text
        .lines()
        .find(|l| l.starts_with("mates found: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(found.ends_with("; not proven shortest"), "{found}");
    assert!(found.contains("19 at "), "{found}");
    // Solved to the end, the same problem's answer is proven shortest.
    let (code, json) = solve(&zuko_050, &[]);
    assert_eq!((code, json.proven_shortest), (0, true), "{json:?}");
    assert!(mates_found_agree(&json), "{json:?}");
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
        text.contains("後手の持駒") && text.contains("mate in 13 (tsume rules), proven shortest"),
        "{text}"
    );
    assert!(text.contains("proven shortest at "), "{text}");
    assert!(text.contains("日本式: ▲２二香成 △同　玉"), "{text}");
}

#[test]
fn input_errors_exit_2_with_the_column() {
    for (input, needle) in [
        ("9/9/9/9/9/9/9/9/9 b - 1", "no king"),
        (
            "/nonexistent/problem.sfen",
            "no such file: /nonexistent/problem.sfen",
        ),
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
fn a_table_the_machine_cannot_give_exits_2_without_searching() {
    // A petabyte: beyond the address space of any machine, so the mapping is refused.
    for command in ["solve", "verify", "check", "bench"] {
        let mut args = vec![
            command,
            "4k4/9/4P4/9/9/9/9/9/9 b G 1",
            "--hash",
            "1000000000",
        ];
        if command == "verify" || command == "bench" {
            args[1] = "problems/mate357.sfen";
        }
        let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
            .args(&args)
            .output()
            .expect("run tsume");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert_eq!(
            err.trim_end(),
            "tsume: error: --hash 1000000000: this machine cannot give a table of 1000000000 MB",
            "{command}"
        );
        assert!(out.stdout.is_empty(), "{command}");
    }
}

#[test]
fn published_lines_ending_in_futile_interpositions_have_their_published_length() {
    let cases: Vec<_> = rows(ZUKO_LINES)
        .into_iter()
        .filter(|r| r["note"].contains("futile"))
        .map(|r| {
            let n = r["plies"].parse().expect("plies");
            (r["id"].clone(), r["sfen"].clone(), vec![], Some(n))
        })
        .collect();
    assert_eq!(cases.len(), 3, "zuko-lines.tsv has 3 futile endings");
    let failures = check_all(cases);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const ZUKO_SHORT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/zuko-short.tsv");

#[test]
fn zuko_problems_up_to_21_plies_have_their_published_length_under_tsume_rules() {
    // The bundled rows whose published count follows the futile-interposition definition of the
    // README; the others carry a note and no tsume_length. No. 29 is 17 plies under game rules.
    let cases: Vec<_> = rows(ZUKO_SHORT)
        .into_iter()
        .filter_map(|r| {
            let n: usize = r["tsume_length"].parse().ok()?;
            Some((r["id"].clone(), r["sfen"].clone(), vec![], Some(n)))
        })
        .collect();
    assert!(cases.len() >= 13, "only {} rows", cases.len());
    assert!(cases.iter().any(|c| c.0 == "zuko-029" && c.3 == Some(15)));
    let failures = check_all(cases);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn among_equally_short_mates_the_one_that_leaves_no_pieces_is_printed() {
    // Both lines mate in 9; under game rules the first found ends ▲６一龍 with a lance in hand,
    // under tsume rules the lance is dropped: ▲７三香.
    let sfen = "9/+p8/1k7/P8/2+L3l2/1+B4+L2/4K4/9/5B3 b 2RL2s3n2p 1";
    let (_, game) = solve(sfen, &["--rules", "game"]);
    let (code, tsume) = solve(sfen, &[]);
    assert_eq!((code, game.length, tsume.length), (0, Some(9), Some(9)));
    assert_eq!(game.pieces_left, "L", "{game:?}");
    assert_eq!(tsume.pieces_left, "", "{tsume:?}");
    assert_eq!(tsume.line.last().map(String::as_str), Some("L*7c"));
}

#[test]
fn a_longest_defence_that_leaves_pieces_over_loses_to_one_two_plies_shorter_that_leaves_none() {
    // 2手変長, 図巧 No. 59: every defence of 31 plies leaves a bishop over; the published line
    // of 29 leaves none. Finding it takes more than 20,000 line nodes of comparison.
    let zuko_059 = sfen_of(ZUKO, "zuko-059");
    let (code, json) = solve(&zuko_059, &[]);
    assert_eq!(
        (code, json.length, json.minimax_length),
        (0, Some(29), Some(31)),
        "{json:?}"
    );
    assert_eq!(json.pieces_left, "", "{json:?}");
    assert!(!json.line_choice_cut, "{json:?}");
}

#[test]
fn a_futile_interposition_inside_the_line_is_played_and_not_counted() {
    // 図巧 No. 20: a longest defence at ply 10 is a pawn drop on 5g that the horse takes back;
    // the line goes on with the pawn back in the defender's hand. 37 plies counted, 39 played.
    let zuko_020 = sfen_of(ZUKO, "zuko-020");
    let (code, json) = solve(&zuko_020, &[]);
    assert_eq!((code, json.length), (0, Some(37)), "{json:?}");
    assert_eq!(json.line.len(), 39);
    for &ply in &json.futile_plies {
        assert!(json.line[ply - 1].contains('*'), "{json:?}");
    }
    assert_eq!(json.futile_plies.len(), 1);
}

#[test]
fn futile_interpositions_at_the_end_are_not_counted_and_are_shown() {
    // futile-drops-60: ▲３二龍 mates; every reply is a drop on 2b that the dragon takes with
    // mate. Under the rules of the game the interposition counts: mate in 3.
    let sfen = "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1";
    let (code, game) = solve(sfen, &["--rules", "game"]);
    assert_eq!(
        (code, game.rules.as_str(), game.length),
        (0, "game", Some(3))
    );
    assert_eq!((game.futile_end, game.futile), (None, None));
    let (code, tsume) = solve(sfen, &[]);
    assert_eq!(
        (code, tsume.rules.as_str(), tsume.futile.as_deref()),
        (0, "tsume", Some("any")),
        "tsume rules are the default, with any capturer"
    );
    assert_eq!(
        (tsume.length, tsume.line.as_slice()),
        (Some(1), &["4b3b".to_string()][..])
    );
    let [drop, capture] = tsume.futile_end.expect("the futile ending is shown");
    assert!(
        drop.ends_with("*2b") && capture == "3b2b" || capture == "3b2b+",
        "{drop} {capture}"
    );
    assert_eq!(tsume.pieces_left, "G");
    let text = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(["solve", sfen])
        .output()
        .expect("run tsume");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("mate in 1 (tsume rules)"), "{text}");
    assert!(
        text.contains("then every reply is a futile interposition"),
        "{text}"
    );
    assert!(text.contains("pieces left in hand: 金"), "{text}");
}

#[test]
fn an_unwritable_output_path_exits_2_at_once_before_any_search() {
    // 図巧 No. 1 takes seconds to solve (about 7 on the development machine), so only a check
    // made before the search answers within the bound.
    let zuko_001 = sfen_of(ZUKO, "zuko-001");
    let path = "/nonexistent-dir/out.kif";
    let runs: [&[&str]; 3] = [
        &["solve", &zuko_001, "--kif", path],
        &["verify", ZUKO, "--report", path],
        &["check", ZUKO, "--report", path, "--quiet"],
    ];
    for args in runs {
        let start = std::time::Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
            .args(args)
            .args(["--time", "20", "--hash", "64"])
            .output()
            .expect("run tsume");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            start.elapsed().as_secs_f64() < 3.0,
            "{args:?}: searched first"
        );
        assert!(err.contains(path), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn without_threads_flag_tsume_threads_decides_and_a_bad_value_is_refused() {
    let sfen = sfen_of(ZUKO, "zuko-001");
    let run = |threads: &str, extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tsume"))
            .args(["solve", &sfen, "--hash", "64"])
            .args(extra)
            .env("TSUME_THREADS", threads)
            .output()
            .expect("run tsume")
    };
    for bad in ["0", "many", "257"] {
        let out = run(bad, &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert!(
            err.contains(&format!("TSUME_THREADS={bad}: expected 1 to 256")),
            "{err}"
        );
    }
    // The flag wins over the variable; a good value is taken.
    assert_eq!(run("many", &["--threads", "1"]).status.code(), Some(0));
    assert_eq!(run("2", &[]).status.code(), Some(0));
}
