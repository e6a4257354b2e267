//! Move generation: perft of the start position, and check / legal move generation over every
//! position of `problems/short.tsv` (one pass over all of them per iteration).

mod common;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::hint::black_box;
use tsume::notation::sfen::startpos;
use tsume::shogi::movegen::{check_moves, legal_moves, perft};
use tsume::shogi::{MoveList, Position};

/// Leaves of the start position's move tree, by depth.
const STARTPOS_PERFT: [u64; 6] = [1, 30, 900, 25_470, 719_731, 19_861_490];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_startpos");
    group.sample_size(10);
    for depth in [4, 5] {
        let expected = STARTPOS_PERFT[depth as usize];
        group.throughput(Throughput::Elements(expected));
        group.bench_function(format!("depth{depth}"), |b| {
            b.iter_batched_ref(
                startpos,
                |pos| assert_eq!(perft(black_box(pos), depth), expected),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

/// Runs `generate` over every position per iteration, after checking once that it yields
/// `expected` moves in all; the throughput is in positions.
fn bench_generator(
    c: &mut Criterion,
    name: &str,
    positions: &[Position],
    generate: fn(&Position, &mut MoveList),
) {
    let mut list = MoveList::new();
    let total: usize = positions
        .iter()
        .map(|p| {
            list.clear();
            generate(p, &mut list);
            list.len()
        })
        .sum();
    let mut group = c.benchmark_group("short_tsv");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            let mut n = 0;
            for p in positions {
                list.clear();
                generate(black_box(p), &mut list);
                n += list.len();
            }
            assert_eq!(n, total);
        })
    });
    group.finish();
}

fn bench_short_tsv(c: &mut Criterion) {
    let positions: Vec<Position> = common::load_problems(common::SHORT_TSV)
        .into_iter()
        .map(|p| p.pos)
        .collect();
    bench_generator(c, "check_moves", &positions, check_moves);
    bench_generator(c, "legal_moves", &positions, legal_moves);
}

criterion_group!(benches, bench_perft, bench_short_tsv);
criterion_main!(benches);
