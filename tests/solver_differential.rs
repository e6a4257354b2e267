//! df-pn against a plain search: on random tsume-like positions, the solver's verdict and
//! length agree with an exhaustive AND/OR search of every line up to five plies (three when the
//! defender holds many pieces, whose interpositions make the exhaustive search slow), under the
//! rules of the game and under tsume rules (where a drop is also answered by its virtual
//! position, see `tsume::search::futile`, at the same depth): `search::bounded::mates_within`.

use crate::support::random::{tsume_like, Rng};
use tsume::notation::sfen::to_sfen;
use tsume::search::bounded::shortest_by_definition;
use tsume::search::futile::Capturer;
use tsume::search::replay::verify_mate_line;
use tsume::search::{solve, Limits, MateLine, Options, Outcome, Rules};
use tsume::shogi::Position;

/// The deepest mate the exhaustive search looks for.
const DEPTH: u32 = 5;
/// The depth when the defender holds more than `SMALL_HAND` pieces.
const SHALLOW: u32 = 3;
const SMALL_HAND: u32 = 4;

/// Whether `line` replays as a mate and counts the minimax length, or (2手変長) an even number of
/// plies less.
fn line_fits(pos: &Position, line: &MateLine, minimax: usize) -> bool {
    let n = line.length();
    verify_mate_line(pos, line).is_ok() && n <= minimax && (minimax - n).is_multiple_of(2)
}

/// Runs `f` with a deep stack: the solver recurses once per ply of its (unbounded) first proof.
fn with_deep_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no failure");
}

/// The tsume conventions, any attacker piece capturing a futile interposition.
const TSUME_ANY: Rules = Rules::Tsume {
    futile: Capturer::Any,
};

/// The tsume conventions, only the checker capturing a futile interposition.
const TSUME_CHECKER: Rules = Rules::Tsume {
    futile: Capturer::Checker,
};

#[test]
fn dfpn_agrees_with_exhaustive_search_on_short_mates() {
    with_deep_stack(|| compare_on_random_positions(Rules::Game, 0x5eed_d1ff, 300));
}

#[test]
fn dfpn_agrees_with_exhaustive_search_under_tsume_rules() {
    with_deep_stack(|| compare_on_random_positions(TSUME_ANY, 0x0075_0ef0, 300));
}

#[test]
fn dfpn_agrees_with_exhaustive_search_under_tsume_rules_with_the_checker_capturing() {
    with_deep_stack(|| compare_on_random_positions(TSUME_CHECKER, 0x00c4_ec0e, 150));
}

#[test]
fn dfpn_with_two_threads_agrees_with_exhaustive_search() {
    with_deep_stack(|| {
        compare_with_threads(Rules::Game, 0x7412_ead5, 150, 2);
        compare_with_threads(TSUME_ANY, 0x7412_ead6, 150, 2);
    });
}

fn compare_on_random_positions(rules: Rules, seed: u64, positions: usize) {
    compare_with_threads(rules, seed, positions, 1);
}

fn compare_with_threads(rules: Rules, seed: u64, positions: usize, threads: usize) {
    let mut rng = Rng::new(seed);
    let options = Options {
        rules,
        hash_mb: 16,
        threads,
        limits: Limits {
            nodes: Some(100_000),
            ..Limits::default()
        },
        ..Options::default()
    };
    let (mut mates, mut longer_or_none, mut unknown) = (0, 0, 0);
    let mut failures = Vec::new();
    for i in 0..positions {
        let pos = tsume_like(&mut rng, i % 3 == 0);
        let depth = if pos.hand(!pos.side_to_move()).total() <= SMALL_HAND {
            DEPTH
        } else {
            SHALLOW
        };
        let expected = shortest_by_definition(&pos, depth, rules.futile());
        let report = solve(&pos, &options);
        let agrees = match (&report.outcome, expected) {
            (Outcome::Mate { line, minimax }, Some(n)) => {
                mates += 1;
                *minimax == n as usize && line_fits(&pos, line, *minimax)
            }
            (Outcome::Mate { line, minimax }, None) => {
                longer_or_none += 1;
                *minimax > depth as usize && line_fits(&pos, line, *minimax)
            }
            (Outcome::NoMate, None) => {
                longer_or_none += 1;
                true
            }
            (Outcome::NoMate, Some(_)) => false,
            (Outcome::Unknown { .. }, _) => {
                unknown += 1;
                true
            }
        };
        if !agrees {
            failures.push(format!(
                "{}: exhaustive {expected:?}, df-pn {:?}",
                to_sfen(&pos),
                report.outcome
            ));
        }
    }
    println!("{mates} mates within the depth, {longer_or_none} longer or none, {unknown} unknown");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        mates >= positions * 2 / 15,
        "too few mates to prove much: {mates}"
    );
    // An unknown is never a disagreement; the node limit only leaves some positions unchecked.
    assert!(
        unknown <= positions / 2,
        "too many searches stopped by the limit: {unknown}"
    );
}
