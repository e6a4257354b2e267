//! Finds seeded random positions with long mates, for the proof-tail benchmark
//! (`problems/random-long.tsv`): positions `FROM..TO` of the `selfcheck` generator with SEED,
//! each searched under the rules of the game for at most NODES nodes; a position where a mate
//! of at least MIN plies was proven (shortest or not) is printed as a TSV row.
//!
//! `cargo run --release --example long_mates -- SEED FROM TO NODES MIN`

use tsume::app::selfcheck::generate::random_problem;
use tsume::notation::sfen::to_sfen;
use tsume::search::{solve, Limits, Options, Outcome, Rules};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("five numbers: SEED FROM TO NODES MIN"))
        .collect();
    let [seed, from, to, nodes, min] = args[..] else {
        panic!("usage: long_mates SEED FROM TO NODES MIN");
    };
    let options = Options {
        rules: Rules::Game,
        hash_mb: 64,
        limits: Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        ..Options::default()
    };
    println!("id\tsfen\tfirst_mate\tfirst_nodes\tresult");
    for i in from..to {
        let pos = random_problem(seed, i);
        let report = solve(&pos, &options);
        let Some(first) = report.mates_found.first() else {
            continue;
        };
        let result = match report.outcome {
            Outcome::Mate { minimax, .. } => format!("mate={minimax}"),
            Outcome::Unknown { mate_at_most, .. } => {
                format!("unknown<={}", mate_at_most.unwrap_or(0))
            }
            Outcome::NoMate => "nomate".to_string(),
        };
        if u64::from(first.plies) >= min {
            println!(
                "s{seed}-{i}\t{}\t{}\t{}\t{result}",
                to_sfen(&pos),
                first.plies,
                first.nodes
            );
        }
    }
}
