//! "No mate" explained: the refutation `tsume solve` prints for a position with no mate is
//! replayed here, apart from the program: every check of each position shown is answered or
//! counted as left out, each check and reply is legal, and each way of holding is so (no check
//! follows; the position repeats; no mate follows, proven again by a search of its own on a
//! fresh table and held to the plain bounded search's "no mate within 5 plies"). The
//! `--format usi` lines carry the same tree.

use serde::Deserialize;
use std::process::Command;
use tsume::app::selfcheck::generate::random_problem;
use tsume::notation::sfen::parse_sfen;
use tsume::notation::usi::parse_usi_move;
use tsume::search::bounded::{Bounded, BoundedSearch};
use tsume::search::{solve, Limits, Options, Outcome, Rules};
use tsume::shogi::movegen::legal_moves;
use tsume::shogi::{fill_defender_hand, Move, MoveList, Position};

const SHORT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/short.tsv");

#[derive(Deserialize, Debug)]
struct Answer {
    result: String,
    sfen: String,
    refutation: Option<Tree>,
}

/// `solve --json`'s other fields are not looked at here.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Tree {
    checks: Vec<Check>,
    left_out: usize,
    left_out_by_limit: usize,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Check {
    check: String,
    check_ja: String,
    reply: String,
    reply_ja: String,
    holds: String,
    then: Option<Tree>,
}

/// The legal moves of `pos` that give check, found through the legal moves (not the solver's
/// check generator).
fn checks_of(pos: &Position) -> Vec<Move> {
    let mut moves = MoveList::new();
    legal_moves(pos, &mut moves);
    moves
        .iter()
        .copied()
        .filter(|&m| {
            let mut p = pos.clone();
            p.make_move(m);
            p.in_check()
        })
        .collect()
}

fn is_legal(pos: &Position, m: Move) -> bool {
    let mut moves = MoveList::new();
    legal_moves(pos, &mut moves);
    moves.contains(&m)
}

/// Whether a search of its own, on a fresh table, proves that `pos` has no mate under `rules`.
fn no_mate_proven_again(pos: &Position, rules: Rules) -> bool {
    let options = Options {
        rules,
        hash_mb: 16,
        limits: Limits {
            nodes: Some(2_000_000),
            ..Limits::default()
        },
        ..Options::default()
    };
    solve(pos, &options).outcome == Outcome::NoMate
}

/// The position as SFEN without its move number: two positions are the same position (for a
/// repetition) when these are equal, compared apart from the program's hash keys.
fn same_position_text(pos: &Position) -> String {
    let sfen = tsume::notation::sfen::to_sfen(pos);
    sfen.rsplit_once(' ')
        .expect("an SFEN has fields")
        .0
        .to_string()
}

/// Replays `tree` from `pos` (attacker to move) under `rules`; `path` holds the attacker-to-move
/// positions above and `pos`, each as [`same_position_text`]. Returns the number of answers checked.
fn replay(pos: &Position, tree: &Tree, path: &mut Vec<String>, rules: Rules, id: &str) -> usize {
    let checks = checks_of(pos);
    assert_eq!(
        tree.checks.len() + tree.left_out,
        checks.len(),
        "{id}: every check"
    );
    let mut seen = Vec::new();
    let mut count = 0;
    for c in &tree.checks {
        let check = parse_usi_move(pos, &c.check).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(
            checks.contains(&check) && !seen.contains(&check),
            "{id}: {}",
            c.check
        );
        seen.push(check);
        assert!(
            c.check_ja.starts_with('▲') || c.check_ja.starts_with('△'),
            "{id}"
        );
        let mut p = pos.clone();
        p.make_move(check);
        let reply = parse_usi_move(&p, &c.reply).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(is_legal(&p, reply), "{id}: {} {}", c.check, c.reply);
        assert!(!c.reply_ja.is_empty());
        p.make_move(reply);
        match c.holds.as_str() {
            "no_check" => assert!(checks_of(&p).is_empty(), "{id}: {} {}", c.check, c.reply),
            "repetition" => assert!(
                path.contains(&same_position_text(&p)),
                "{id}: {} {}",
                c.check,
                c.reply
            ),
            "no_mate" => {
                let bounded = BoundedSearch::new(2_000_000).shortest_mate(&p, 5);
                assert_eq!(
                    bounded,
                    Bounded::NoMateWithin,
                    "{id}: {} {}",
                    c.check,
                    c.reply
                );
                assert!(
                    no_mate_proven_again(&p, rules),
                    "{id}: {} {}",
                    c.check,
                    c.reply
                );
                if let Some(then) = &c.then {
                    path.push(same_position_text(&p));
                    count += replay(&p, then, path, rules, id);
                    path.pop();
                }
            }
            other => panic!("{id}: holds {other}"),
        }
        count += 1;
    }
    count
}

/// The lines `--format usi` prints below `nomate` for `tree`, built from the JSON.
fn usi_lines(tree: &Tree, level: usize, out: &mut Vec<String>) {
    let indent = "  ".repeat(level);
    for c in &tree.checks {
        out.push(format!("{indent}{} {} {}", c.check, c.reply, c.holds));
        if let Some(then) = &c.then {
            usi_lines(then, level + 1, out);
        }
    }
    if tree.left_out_by_limit > 0 {
        let (n, m) = (tree.left_out, tree.left_out_by_limit);
        out.push(format!("{indent}left_out {n} by_limit {m}"));
    } else if tree.left_out > 0 {
        out.push(format!("{indent}left_out {}", tree.left_out));
    }
}

/// Solves `sfen` with the binary and replays its refutation; the number of answers. The
/// `--format usi` output is `nomate` and the same tree (both on one thread, which chooses the
/// same replies every run).
fn solve_and_replay(id: &str, sfen: &str, flags: &[&str]) -> usize {
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(["solve", sfen, "--json", "--hash", "32", "--threads", "1"])
        .args(flags)
        .output()
        .expect("run tsume");
    let answer: Answer = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{id}: {e}: {}", String::from_utf8_lossy(&out.stdout)));
    assert_eq!(
        (out.status.code(), answer.result.as_str()),
        (Some(1), "nomate"),
        "{id}"
    );
    let tree = answer
        .refutation
        .unwrap_or_else(|| panic!("{id}: no refutation"));
    assert_eq!(tree.left_out_by_limit, 0, "{id}: no limit was given");
    let usi = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args([
            "solve",
            sfen,
            "--format",
            "usi",
            "--hash",
            "32",
            "--threads",
            "1",
        ])
        .args(flags)
        .output()
        .expect("run tsume");
    let mut expected = vec!["nomate".to_string()];
    if tree.checks.is_empty() && tree.left_out == 0 {
        expected.push("  no_check".to_string());
    }
    usi_lines(&tree, 1, &mut expected);
    assert_eq!(
        String::from_utf8_lossy(&usi.stdout)
            .lines()
            .collect::<Vec<_>>(),
        expected,
        "{id}: --format usi"
    );
    let rules = if flags.contains(&"game") {
        Rules::Game
    } else {
        Rules::default()
    };
    let pos = parse_sfen(&answer.sfen).unwrap();
    replay(&pos, &tree, &mut vec![same_position_text(&pos)], rules, id)
}

#[test]
fn the_refutation_of_every_no_mate_row_of_short_tsv_replays() {
    let text = std::fs::read_to_string(SHORT).unwrap();
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.get(2) != Some(&"nomate") {
            continue;
        }
        let literal = f.get(5).is_some_and(|h| h.starts_with("literal"));
        for rules in ["game", "tsume"] {
            let mut flags = vec!["--rules", rules];
            if literal {
                flags.push("--literal-hands");
            }
            solve_and_replay(f[0], f[1], &flags);
        }
        rows += 1;
    }
    assert!(rows >= 2, "{rows} no-mate rows");
}

#[test]
fn the_refutation_of_twenty_random_positions_with_no_mate_replays() {
    let options = Options {
        rules: Rules::Game,
        hash_mb: 16,
        limits: Limits {
            nodes: Some(100_000),
            ..Limits::default()
        },
        ..Options::default()
    };
    let mut found = 0;
    let mut answers = 0;
    for i in 0..2_000 {
        let pos = fill_defender_hand(&random_problem(11, i));
        if solve(&pos, &options).outcome != Outcome::NoMate {
            continue;
        }
        let sfen = tsume::notation::sfen::to_sfen(&pos);
        answers += solve_and_replay(&format!("s11-{i}"), &sfen, &["--rules", "game"]);
        found += 1;
        if found == 20 {
            break;
        }
    }
    assert_eq!(found, 20);
    assert!(answers >= 20, "{answers} answers in all");
}

#[test]
fn a_search_stopped_by_a_limit_shows_no_refutation_and_says_so() {
    // 図巧 No. 1 is far from proven in 2,000 nodes.
    let zuko =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/problems/zuko.tsv")).unwrap();
    let sfen = zuko
        .lines()
        .find(|l| !l.starts_with('#') && l.contains('/'))
        .and_then(|l| l.split('\t').nth(1))
        .unwrap()
        .to_string();
    let run = |format: &str| {
        Command::new(env!("CARGO_BIN_EXE_tsume"))
            .args([
                "solve", &sfen, "--nodes", "2000", "--hash", "16", "--format", format,
            ])
            .output()
            .expect("run tsume")
    };
    let text = run("text");
    assert_eq!(text.status.code(), Some(3));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("no refutation is proven"), "{text}");
    assert!(!text.contains("a reply that holds"), "{text}");
    let json: serde_json::Value = serde_json::from_slice(&run("json").stdout).unwrap();
    assert_eq!(json["result"], "unknown");
    assert!(json["refutation"].is_null(), "{json}");
    assert_eq!(
        String::from_utf8_lossy(&run("usi").stdout).lines().count(),
        1
    );
}

/// The checks of every level of `tree` from `pos` are all answered or counted, the ones the
/// limits left out among them; the number of answers.
fn every_check_counted(pos: &Position, tree: &Tree) -> usize {
    assert_eq!(tree.checks.len() + tree.left_out, checks_of(pos).len());
    assert!(tree.left_out_by_limit <= tree.left_out);
    let mut answers = tree.checks.len();
    for c in &tree.checks {
        if let Some(then) = &c.then {
            let mut p = pos.clone();
            p.make_move(parse_usi_move(&p, &c.check).unwrap());
            p.make_move(parse_usi_move(&p, &c.reply).unwrap());
            answers += every_check_counted(&p, then);
        }
    }
    answers
}

/// The checks the limits left out, over the whole tree.
fn left_out_by_limit(tree: &Tree) -> usize {
    let below: usize = tree
        .checks
        .iter()
        .filter_map(|c| c.then.as_ref())
        .map(left_out_by_limit)
        .sum();
    tree.left_out_by_limit + below
}

/// 図巧 No. 73 as `zuko.tsv` gives it has no mate: one thread proves it in about 5 M nodes, and
/// the answer to ▲５八金 (G*5h 6h5h) needs about as many again to be proven on a table of its
/// own. With `--time 20` the whole command, the refutation's building and replay included,
/// keeps to the time, and what the time did not allow is left out by the limit, never an
/// internal error; without a limit the refutation is whole, the answer to ▲５八金 shown.
#[test]
#[ignore = "about a minute: two searches of 図巧 No. 73 and their refutations"]
fn zuko_73s_refutation_keeps_to_the_time_and_is_whole_without_one() {
    let zuko =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/problems/zuko.tsv")).unwrap();
    let sfen = zuko
        .lines()
        .find(|l| l.starts_with("zuko-073\t"))
        .and_then(|l| l.split('\t').nth(1))
        .unwrap()
        .to_string();
    let run = |flags: &[&str]| {
        let started = std::time::Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
            .args(["solve", &sfen, "--hash", "512", "--threads", "1", "--json"])
            .args(flags)
            .output()
            .expect("run tsume");
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(!stderr.contains("internal error"), "{stderr}");
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        let answer: Answer = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(answer.result, "nomate");
        (answer, started.elapsed())
    };
    let (answer, took) = run(&["--time", "20"]);
    // The limits are looked at every 1,024 nodes; the process starts and ends around them.
    assert!(took.as_secs_f64() < 22.0, "{took:?}");
    let pos = parse_sfen(&answer.sfen).unwrap();
    let tree = answer
        .refutation
        .expect("a tree, whole or cut by the limit");
    every_check_counted(&pos, &tree);

    let (answer, _) = run(&[]);
    let tree = answer.refutation.expect("a refutation");
    assert_eq!(left_out_by_limit(&tree), 0);
    assert!(every_check_counted(&pos, &tree) >= 40);
    let g5h = tree
        .checks
        .iter()
        .find(|c| c.check == "G*5h")
        .expect("▲５八金 answered");
    assert_eq!(g5h.holds, "no_mate");
}
