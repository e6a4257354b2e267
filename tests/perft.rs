//! Perft counts (legal-move leaves, 打ち歩詰め excluded) from tests/data/perft.tsv.
//!
//! Rows up to 60 M leaves run in the normal suite; larger ones in an ignored test:
//! `cargo test --release --test perft -- --ignored` runs those up to `TSUME_PERFT_MAX_NODES`
//! leaves (default 10,000,000,000; `all` for every row, which includes startpos depth 8 with
//! 416 G leaves).

use crate::support::tsv;
use std::process::Command;
use std::time::Instant;
use tsume::notation::sfen::parse_sfen_record_with;
use tsume::shogi::movegen::perft;
use tsume::shogi::PieceCounts;

const PERFT_TSV: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.tsv");

/// Rows up to this many leaves run in the normal suite.
const NORMAL_LIMIT: u64 = 60_000_000;

struct Row {
    name: String,
    sfen: String,
    depth: u32,
    nodes: u64,
}

fn rows() -> Vec<Row> {
    let number = |row: &std::collections::HashMap<String, String>, col: &str| -> u64 {
        row[col]
            .parse()
            .unwrap_or_else(|_| panic!("perft.tsv row {}: bad {col}", row["name"]))
    };
    tsv::rows(PERFT_TSV)
        .iter()
        .map(|r| Row {
            name: r["name"].clone(),
            sfen: r["sfen"].clone(),
            depth: number(r, "depth") as u32,
            nodes: number(r, "nodes"),
        })
        .collect()
}

/// Runs every row within `min..=max` leaves and returns how many ran.
fn check_rows(min: u64, max: u64) -> usize {
    let mut ran = 0;
    let mut wrong = Vec::new();
    for row in rows() {
        if row.nodes < min || row.nodes > max {
            continue;
        }
        // peeper_a has three rooks and three bishops: composed, so extended counts.
        let mut pos = parse_sfen_record_with(&row.sfen, PieceCounts::Extended)
            .unwrap_or_else(|e| panic!("{}: {e}", row.name))
            .end_position();
        let start = Instant::now();
        let n = perft(&mut pos, row.depth);
        println!(
            "{} depth {}: {n} (expected {}) in {:.2} s",
            row.name,
            row.depth,
            row.nodes,
            start.elapsed().as_secs_f64()
        );
        if n != row.nodes {
            wrong.push(format!(
                "{} depth {}: {n}, expected {}",
                row.name, row.depth, row.nodes
            ));
        }
        ran += 1;
    }
    assert!(
        wrong.is_empty(),
        "wrong perft counts:\n{}",
        wrong.join("\n")
    );
    ran
}

#[test]
fn perft_matches_every_row_up_to_60m_leaves() {
    let ran = check_rows(0, NORMAL_LIMIT);
    // 31 of the 42 rows (all 9 positions) are within the limit.
    assert_eq!(ran, 31);
}

#[test]
#[ignore = "billions of leaves; run with --ignored (TSUME_PERFT_MAX_NODES caps the rows)"]
fn perft_matches_the_rows_above_60m_leaves() {
    let max = match std::env::var("TSUME_PERFT_MAX_NODES") {
        Ok(v) if v == "all" => u64::MAX,
        Ok(v) => v.parse().expect("TSUME_PERFT_MAX_NODES: a number or 'all'"),
        Err(_) => 10_000_000_000,
    };
    let ran = check_rows(NORMAL_LIMIT + 1, max);
    println!("{ran} rows above 60 M leaves checked (up to {max})");
    assert!(ran > 0);
}

fn run_tsume(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(args)
        .output()
        .expect("run tsume");
    assert!(
        out.status.success(),
        "tsume {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The count on the summary line `perft N: COUNT nodes in …`.
fn total(stdout: &str, depth: u32) -> u64 {
    let prefix = format!("perft {depth}: ");
    let line = stdout
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no summary line in {stdout:?}"));
    line[prefix.len()..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {line:?}"))
}

#[test]
fn the_binary_prints_the_startpos_count_and_divide_sums_to_it() {
    let out = run_tsume(&["perft", "startpos", "3"]);
    assert_eq!(total(&out, 3), 25_470, "{out}");

    let out = run_tsume(&["perft", "startpos", "3", "--divide"]);
    let mut sum = 0;
    let mut moves = Vec::new();
    for line in out.lines().filter(|l| !l.starts_with("perft ")) {
        let (m, n) = line
            .split_once(": ")
            .unwrap_or_else(|| panic!("bad divide line {line:?}"));
        moves.push(m.to_string());
        sum += n.parse::<u64>().expect("a count");
    }
    assert_eq!(moves.len(), 30, "{out}");
    assert!(moves.iter().any(|m| m == "7g7f") && moves.iter().any(|m| m == "2h5h"));
    assert_eq!(sum, 25_470);
    assert_eq!(total(&out, 3), 25_470, "{out}");
}
