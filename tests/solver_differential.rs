//! df-pn against a plain search: on random tsume-like positions, the solver's verdict and
//! minimax length agree with an exhaustive AND/OR search of every line up to five plies (three
//! when the defender holds many pieces, whose interpositions make the exhaustive search slow).

mod support;

use support::random::{tsume_like, Rng};
use tsume::notation::sfen::to_sfen;
use tsume::search::verify::verify_mate_line;
use tsume::search::{solve, Limits, Options, Outcome};
use tsume::shogi::movegen::{check_moves, legal_moves};
use tsume::shogi::{MoveList, Position};

/// The deepest mate the exhaustive search looks for.
const DEPTH: u32 = 5;
/// The depth when the defender holds more than `SMALL_HAND` pieces.
const SHALLOW: u32 = 3;
const SMALL_HAND: u32 = 4;

/// Whether the attacker (to move) mates within `depth` plies, every defence tried.
fn attacker_mates_within(pos: &mut Position, depth: u32) -> bool {
    if depth == 0 {
        return false;
    }
    let mut checks = MoveList::new();
    check_moves(pos, &mut checks);
    checks.iter().any(|&m| {
        let undo = pos.make_move(m);
        let mated = defender_mated_within(pos, depth - 1);
        pos.unmake_move(m, undo);
        mated
    })
}

/// Whether every reply of the defender (to move, in check) is mated within `depth` plies.
fn defender_mated_within(pos: &mut Position, depth: u32) -> bool {
    let mut replies = MoveList::new();
    legal_moves(pos, &mut replies);
    if replies.is_empty() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    replies.iter().all(|&m| {
        let undo = pos.make_move(m);
        let mated = attacker_mates_within(pos, depth - 1);
        pos.unmake_move(m, undo);
        mated
    })
}

/// The shortest mate of at most `depth` plies, by the exhaustive search.
fn shortest_by_exhaustion(pos: &Position, depth: u32) -> Option<u32> {
    let mut pos = pos.clone();
    (1..=depth)
        .step_by(2)
        .find(|&n| attacker_mates_within(&mut pos, n))
}

#[test]
fn dfpn_agrees_with_exhaustive_search_on_short_mates() {
    // The solver recurses once per ply of its (unbounded) first proof: give it a deep stack.
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(compare_on_random_positions)
        .expect("spawn")
        .join()
        .expect("no failure");
}

fn compare_on_random_positions() {
    let mut rng = Rng::new(0x5eed_d1ff);
    let options = Options {
        hash_mb: 16,
        limits: Limits {
            nodes: Some(100_000),
            ..Limits::default()
        },
        ..Options::default()
    };
    let (mut mates, mut longer_or_none, mut unknown) = (0, 0, 0);
    let mut failures = Vec::new();
    for i in 0..300 {
        let pos = tsume_like(&mut rng, i % 3 == 0);
        let depth = if pos.hand(!pos.side_to_move()).total() <= SMALL_HAND {
            DEPTH
        } else {
            SHALLOW
        };
        let expected = shortest_by_exhaustion(&pos, depth);
        let report = solve(&pos, &options);
        let agrees = match (&report.outcome, expected) {
            (Outcome::Mate { line }, Some(n)) => {
                mates += 1;
                line.len() == n as usize && verify_mate_line(&pos, line).is_ok()
            }
            (Outcome::Mate { line }, None) => {
                longer_or_none += 1;
                line.len() > depth as usize && verify_mate_line(&pos, line).is_ok()
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
    assert!(mates >= 40, "too few mates to prove much: {mates}");
    // An unknown is never a disagreement; the node limit only leaves some positions unchecked.
    assert!(
        unknown <= 150,
        "too many searches stopped by the limit: {unknown}"
    );
}
