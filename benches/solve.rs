//! Solving the mate3, mate5 and mate7 rows of `problems/short.tsv`, one pass over all
//! of them per iteration. Every answer is checked to be a mate of the row's `game_length`, so
//! the bench cannot silently time a wrong answer.

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tsume::search::replay::verify_mate_line;
use tsume::search::{solve, Options, Outcome, Rules};

/// Transposition table size per solve.
const HASH_MB: usize = 16;

fn bench_solve(c: &mut Criterion) {
    let problems: Vec<_> = common::load_problems(common::SHORT_TSV)
        .into_iter()
        .filter(|p| {
            ["mate3-", "mate5-", "mate7-"]
                .iter()
                .any(|s| p.id.starts_with(s))
        })
        .map(|p| {
            let len = p
                .game_length
                .unwrap_or_else(|| panic!("{}: no game_length", p.id));
            (p.id, p.pos, len)
        })
        .collect();
    assert!(!problems.is_empty(), "no mate3/5/7 rows in short.tsv");
    let options = Options {
        rules: Rules::Game,
        hash_mb: HASH_MB,
        ..Options::default()
    };
    let solve_checked = |id: &str, pos, len: usize| {
        let report = solve(black_box(pos), &options);
        match report.outcome {
            Outcome::Mate { line, .. } if line.length() == len => line,
            other => panic!("{id}: expected a mate in {len}, got {other:?}"),
        }
    };
    // Once outside the timing: the main lines replay as mates.
    for (id, pos, len) in &problems {
        let line = solve_checked(id, pos, *len);
        if let Err(fault) = verify_mate_line(pos, &line) {
            panic!("{id}: the main line fails the replay check: {fault}");
        }
    }

    let mut group = c.benchmark_group("solve_short_tsv");
    group.sample_size(10);
    group.throughput(Throughput::Elements(problems.len() as u64));
    group.bench_function(format!("mate3_5_7_{}problems", problems.len()), |b| {
        b.iter(|| {
            for (id, pos, len) in &problems {
                black_box(solve_checked(id, pos, *len));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
