//! `tsume bench` run as a binary: one row per problem, then the totals.

use std::path::Path;
use std::process::Command;

const MATE357: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/mate357.sfen");

#[test]
fn bench_prints_one_row_per_problem_then_the_totals() {
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(["bench", MATE357, "--hash", "16", "--rules", "game"])
        .output()
        .expect("run tsume");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "problem",
            "result",
            "length",
            "expected",
            "first",
            "1st-nodes",
            "1st-ms",
            "nodes",
            "ms",
            "nodes/s",
            "table",
            "status"
        ]
    );
    let ids: Vec<String> = std::fs::read_to_string(MATE357)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            l.split("id=")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(ids.len(), 32);
    assert_eq!(lines.len(), 1 + ids.len() + 1, "{text}");
    for (line, id) in lines[1..=ids.len()].iter().zip(&ids) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells.len(), 12, "{line}");
        let length = &id[4..5];
        assert_eq!(cells[0], id);
        assert_eq!(
            &cells[1..4],
            ["mate", length, &format!("mate={length}")],
            "{line}"
        );
        // The first mate found is at least as long as the shortest, and found no later.
        let first: usize = cells[4].parse().unwrap();
        let first_nodes: u64 = cells[5].parse().unwrap();
        let nodes: u64 = cells[7].parse().unwrap();
        assert!(first >= length.parse().unwrap(), "{line}");
        assert!(first_nodes > 0 && first_nodes <= nodes, "{line}");
        assert!(
            cells[6].parse::<u64>().is_ok()
                && cells[8].parse::<f64>().is_ok()
                && cells[10].ends_with('%'),
            "{line}"
        );
        assert_eq!(cells[11], "ok");
    }
    let totals = lines.last().unwrap();
    assert!(
        totals.starts_with("solved 32 of 32 problems; total search time"),
        "{totals}"
    );
}

#[test]
fn bench_shows_rows_that_are_not_problems() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-error-row");
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("b.sfen");
    std::fs::write(
        &list,
        "4k4/9/4P4/9/9/9/9/9/9 b G 1 # id=g mate=1\n4k4/9/4P4/9/9/9/9/9/9 b Q 1 # id=q\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(["bench", list.to_str().unwrap(), "--hash", "1"])
        .output()
        .expect("run tsume");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[1].starts_with("g ") && lines[1].ends_with(" ok"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("q ") && lines[2].ends_with(" error"),
        "{text}"
    );
    assert!(
        lines[3].ends_with("b.sfen:2:25: unexpected 'Q' in the hands"),
        "{text}"
    );
    assert!(lines[4].starts_with("solved 1 of 2 problems"), "{text}");
}

#[test]
fn the_proof_tail_benchmark_finds_each_first_mate_fast_and_proves_none_as_fast() {
    // problems/random-long.tsv: six random positions whose first mate comes within some
    // 100,000 nodes and whose proof of the shortest takes millions. Stopped at 300,000 nodes,
    // each has a first mate no shorter than its proven length, and is unknown: no row is
    // proven shortest that soon, and none claims more than was proven.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/random-long.tsv");
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args([
            "bench", file, "--rules", "game", "--hash", "64", "--nodes", "300000",
        ])
        .output()
        .expect("run tsume");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.starts_with("s7-"))
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 6, "{text}");
    for cells in rows {
        let expected: usize = cells[3].trim_start_matches("mate=").parse().unwrap();
        let first: usize = cells[4].parse().unwrap();
        let first_nodes: u64 = cells[5].parse().unwrap();
        assert_eq!(cells[1], "unknown", "{cells:?}");
        assert!(first >= expected && first_nodes <= 300_000, "{cells:?}");
    }
}

/// `tsume bench` of the first rows of `problems/zuko-short.tsv` with `extra` flags: its output.
fn bench_zuko_rows(extra: &[&str]) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bench-stats");
    std::fs::create_dir_all(&dir).unwrap();
    // One file a call: the tests run at once, and one writing while another reads is a fault.
    let name: String = extra
        .concat()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let rows = dir.join(format!("rows-{name}.tsv"));
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/zuko-short.tsv");
    let text = std::fs::read_to_string(source).unwrap();
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(4)
        .collect();
    std::fs::write(&rows, kept.join("\n") + "\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(["bench", rows.to_str().unwrap(), "--hash", "16"])
        .args(extra)
        .output()
        .expect("run tsume");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{text}");
    text
}

/// The cells of each problem's row that do not depend on the clock: id, result, length,
/// expected, first mate, first nodes, nodes, table, status.
fn steady_cells(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .skip(1)
        .filter(|l| l.starts_with("zuko-"))
        .map(|l| {
            let cells: Vec<&str> = l.split_whitespace().collect();
            [0, 1, 2, 3, 4, 5, 7, 10, 11]
                .iter()
                .map(|&i| cells[i].to_string())
                .collect()
        })
        .collect()
}

#[test]
fn bench_stats_describe_each_search_and_leave_the_nodes_as_they_were() {
    let plain = bench_zuko_rows(&[]);
    let text = bench_zuko_rows(&["--stats"]);
    assert_eq!(steady_cells(&plain), steady_cells(&text), "{text}");
    assert_eq!(steady_cells(&text).len(), 3);
    let total = |t: &str| {
        t.lines()
            .last()
            .unwrap()
            .split("total nodes ")
            .nth(1)
            .and_then(|rest| rest.split(';').next())
            .unwrap()
            .to_string()
    };
    assert_eq!(total(&plain), total(&text));
    // Each problem ends with its final disproof, two plies below its length.
    let finals: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("stats: search within") && l.ends_with(": disproven"))
        .collect();
    assert_eq!(finals.len(), 3, "{text}");
    for (row, last) in steady_cells(&text).iter().zip(&finals) {
        let length: u16 = row[2].parse().unwrap();
        assert!(
            last.contains(&format!("within {} plies", length - 2)),
            "{last}"
        );
    }
    for needle in [
        "visits each",
        "positions visited N times: 1: ",
        "plies left",
        "table fill: ",
        "entries given up by full clusters: ",
        "twins' share",
        "      check ",
        "      reply ",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
}

#[test]
fn bench_with_drops_deferred_under_a_bound_finds_the_same_lengths() {
    let plain = steady_cells(&bench_zuko_rows(&["--rules", "game"]));
    let deferred = steady_cells(&bench_zuko_rows(&[
        "--rules",
        "game",
        "--defer-drops-under-bound",
    ]));
    let answers = |rows: &[Vec<String>]| -> Vec<Vec<String>> {
        rows.iter().map(|r| r[..4].to_vec()).collect()
    };
    assert_eq!(answers(&plain), answers(&deferred));
}
