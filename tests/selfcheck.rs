//! `tsume selfcheck` run as a binary: df-pn and the bounded AND/OR search agree on seeded random
//! positions, the mix has mates of several lengths and non-mates, and the summary reads right.

use crate::support::cli::tsume;
use serde::Deserialize;

/// The `--json` summary, every field named so that a new or renamed one fails the test.
#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Summary {
    version: String,
    positions: u64,
    seed: u64,
    rules: String,
    max_plies: u32,
    mates_by_length: [u64; 4],
    no_mate_within: u64,
    longer_mates: u64,
    proven_no_mates: u64,
    no_mates_within: u64,
    dfpn_fell_back: u64,
    dfpn_unknown: u64,
    bounded_gave_up: u64,
    disagreements: Vec<Disagreement>,
    dfpn_mates: u64,
    lines_replayed: u64,
    features: Features,
    dfpn_nodes: u64,
    dfpn_seconds: f64,
    bounded_nodes: u64,
    bounded_seconds: f64,
    wall_seconds: f64,
    jobs: usize,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Disagreement {
    index: u64,
    sfen: String,
    dfpn: String,
    bounded: String,
    replay_fault: Option<String>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Features {
    pawn_drop_mate_at_root: u64,
    promotion: u64,
    interposition: u64,
    pawn_drop: u64,
}

fn json_summary(args: &[&str]) -> Summary {
    let mut all = vec!["selfcheck", "--json"];
    all.extend(args);
    let out = tsume(&all);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Summary = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(summary.version, env!("CARGO_PKG_VERSION"));
    summary
}

#[test]
fn two_hundred_seeded_positions_agree_with_a_mix_of_answers() {
    let s = json_summary(&["--random", "200", "--seed", "7"]);
    assert_eq!(s.disagreements, []);
    assert_eq!((s.positions, s.seed, s.rules.as_str()), (200, 7, "game"));
    assert_eq!(s.max_plies, 7);
    let mates: u64 = s.mates_by_length.iter().sum();
    let unknown = s.dfpn_unknown + s.bounded_gave_up;
    // A mix: mates of every length up to seven, and positions without a mate within seven.
    for (i, &n) in s.mates_by_length.iter().enumerate() {
        assert!(n > 0, "no mate in {}: {s:?}", 2 * i + 1);
    }
    assert!((20..=120).contains(&mates), "{mates} mates of 200: {s:?}");
    assert!(s.proven_no_mates > 0 && s.longer_mates > 0, "{s:?}");
    // A limit leaves (almost) nothing undecided. (Every df-pn line was replayed: a failed
    // replay is a disagreement.)
    assert!(unknown <= 2, "{s:?}");
    assert!(s.features.promotion > 0, "{s:?}");
    assert!(s.dfpn_nodes > 0 && s.bounded_nodes > 0);
}

#[test]
fn the_text_summary_gives_every_count() {
    let out = tsume(&["selfcheck", "--random", "40", "--seed", "3", "--quiet"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 12, "{text}");
    assert!(lines[0].starts_with("selfcheck: 40 random positions, seed 3, rules of the game"));
    let count = |line: &str, prefix: &str| -> u64 {
        let rest = line
            .strip_prefix(prefix)
            .unwrap_or_else(|| panic!("{line:?} does not start with {prefix:?}"));
        rest.split_whitespace().next().unwrap().parse().unwrap()
    };
    let mut total = 0;
    for (i, plies) in [1, 3, 5, 7].iter().enumerate() {
        total += count(lines[1 + i], &format!("mate in {plies}: "));
    }
    total += count(lines[5], "no mate within 7: ");
    total += count(lines[6], "unknown: ");
    assert_eq!(total, 40, "{text}");
    count(lines[7], "df-pn limit reached: ");
    assert_eq!(lines[8], "disagreements: 0");
    assert!(lines[9].starts_with("df-pn lines replayed: "), "{text}");
    assert!(lines[10].starts_with("rule cases: 打ち歩詰め at the start "));
    assert!(lines[11].starts_with("time: "), "{text}");
}

#[test]
fn the_answers_do_not_depend_on_the_number_of_jobs() {
    let counts = |jobs: &str| {
        let s = json_summary(&["--random", "24", "--seed", "11", "--jobs", jobs]);
        (
            s.mates_by_length,
            s.no_mate_within,
            s.proven_no_mates,
            s.dfpn_nodes,
            s.bounded_nodes,
        )
    };
    assert_eq!(counts("1"), counts("2"));
}

/// The seed reaches the generator (that a seed and an index name one position is tested in
/// `selfcheck::generate`): other positions, other searches.
#[test]
fn another_seed_gives_other_searches() {
    let a = json_summary(&["--random", "12", "--seed", "1"]);
    let b = json_summary(&["--random", "12", "--seed", "2"]);
    assert_ne!(
        (a.dfpn_nodes, a.bounded_nodes),
        (b.dfpn_nodes, b.bounded_nodes)
    );
}

#[test]
fn bad_arguments_exit_with_code_two() {
    for args in [
        vec!["selfcheck"],
        vec!["selfcheck", "--random", "0"],
        vec!["selfcheck", "--random", "ten"],
        vec!["selfcheck", "--random", "5", "--seed", "-1"],
        vec!["selfcheck", "--random", "5", "--jobs", "0"],
        vec!["selfcheck", "--random", "5", "--nodes", "0"],
    ] {
        let out = tsume(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}
