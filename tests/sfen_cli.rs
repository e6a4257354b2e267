//! SFEN through the real binary: every kind of malformed or illegal position is rejected by
//! `tsume perft <SFEN> 1` with exit code 2, nothing on stdout and one line on stderr naming the
//! column and the fault. And SFEN printing and reading round-trip on random positions.

use crate::support::cli::tsume;
use crate::support::random::{generate, Kind, Rng};
use tsume::notation::sfen::{parse_sfen, to_sfen};
use tsume::shogi::movegen::legal_move_list;

/// An empty board but for the kings (21 characters): the side is at column 23, the hands at 25,
/// the move number at 27.
const KINGS: &str = "4k4/9/9/9/9/9/9/9/4K4";

/// The start position's board (57 characters).
const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

/// Asserts that `tsume perft <input> 1` fails as malformed input at `column` with a message
/// containing `fault`.
fn assert_rejected(input: &str, column: usize, fault: &str) {
    let out = tsume(&["perft", input, "1"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{input:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{input:?} printed to stdout");
    assert_eq!(
        stderr.lines().count(),
        1,
        "{input:?}: one line expected: {stderr}"
    );
    assert!(
        stderr.contains(&format!("column {column}: ")),
        "{input:?}: expected column {column}: {stderr}"
    );
    assert!(
        stderr.contains(fault),
        "{input:?}: expected {fault:?}: {stderr}"
    );
}

#[test]
fn bad_character_in_the_board() {
    // The 57th character is the X in the last rank.
    let input = format!("{}X b - 1", &START[..START.len() - 1]);
    assert_rejected(&input, 57, "unexpected 'X' in the board");
}

#[test]
fn bad_character_in_the_hands() {
    assert_rejected(
        &format!("{KINGS} b PK 1"),
        26,
        "unexpected 'K' in the hands",
    );
}

#[test]
fn rank_width() {
    // Rank 2 "1r5b" covers 8 files; the fault is seen at the '/' after it (column 15).
    let short = START.replacen("1r5b1", "1r5b", 1);
    assert_rejected(&format!("{short} b - 1"), 15, "rank 2 covers 8 files");
    // "1r5b2" reaches 10 files at its last digit (column 15).
    let long = START.replacen("1r5b1", "1r5b2", 1);
    assert_rejected(&format!("{long} b - 1"), 15, "rank 2 covers 10 files");
}

#[test]
fn rank_count() {
    // Eight ranks: the board (57 − 2 characters) ends before column 56.
    let eight = START.replacen("9/9/9/", "9/9/", 1);
    assert_rejected(&format!("{eight} b - 1"), 56, "the board has 8 ranks");
    // A tenth rank begins at the '/' in column 58.
    assert_rejected(&format!("{START}/9 b - 1"), 58, "the board has 10 ranks");
}

#[test]
fn bad_promotion_sign() {
    // '+' before a king (the k at column 6) and '+' ending a rank (the '/' at column 10).
    let king = START.replacen("lnsgkgsnl", "lnsg+kgsnl", 1);
    assert_rejected(&format!("{king} b - 1"), 6, "'+' must be followed by");
    let end = START.replacen("lnsgkgsnl", "lnsgkgsn+", 1);
    assert_rejected(&format!("{end} b - 1"), 10, "'+' must be followed by");
}

#[test]
fn bad_side_to_move() {
    assert_rejected(
        &format!("{KINGS} x - 1"),
        23,
        "side to move must be 'b' or 'w'",
    );
}

#[test]
fn bad_hand_count() {
    assert_rejected(&format!("{KINGS} b 0P 1"), 25, "bad count 0 in the hands");
    assert_rejected(
        &format!("{KINGS} b 100P 1"),
        25,
        "bad count 100 in the hands",
    );
    // 32 does not fit a hand (at most 31 pawns): reported at the letter.
    assert_rejected(&format!("{KINGS} b 32P 1"), 27, "bad count 32 in the hands");
    // A count with no piece after it.
    assert_rejected(&format!("{KINGS} b P2 1"), 26, "bad count 2 in the hands");
}

#[test]
fn repeated_hand_piece() {
    assert_rejected(
        &format!("{KINGS} b PRP 1"),
        27,
        "P listed twice in the hands",
    );
}

#[test]
fn bad_move_number() {
    assert_rejected(
        &format!("{KINGS} b - 0"),
        27,
        "move number must be a positive integer",
    );
    assert_rejected(&format!("{KINGS} b - 1x"), 27, "found '1x'");
}

#[test]
fn trailing_text() {
    assert_rejected(
        &format!("{KINGS} b - 1 foo"),
        29,
        "unexpected 'foo' after the position",
    );
}

#[test]
fn missing_field() {
    assert_rejected(&format!("{KINGS} b"), 24, "missing the hands");
    assert_rejected(KINGS, 22, "missing the side to move");
    assert_rejected("position", 9, "missing the position after 'position'");
    assert_rejected("position sfen", 14, "missing the board");
}

#[test]
fn bad_move_in_the_move_list() {
    // "startpos moves 7g7f " is 20 characters: the second move starts at column 21.
    assert_rejected(
        "startpos moves 7g7f 3c3x",
        21,
        "move 2: '3c3x' is not a USI move",
    );
    assert_rejected(
        "startpos moves 7g7f 7g7f",
        21,
        "move 2: '7g7f' is not legal",
    );
    // A pawn drop that would be 打ち歩詰め is an illegal move too (perft.tsv tc_pawndropmate).
    assert_rejected(
        "sfen 7lk/9/8S/9/9/9/9/7L1/8K b P 1 moves P*1b",
        42,
        "move 1: 'P*1b' is not legal",
    );
}

#[test]
fn empty_input() {
    assert_rejected("", 1, "empty input");
    assert_rejected("   ", 1, "empty input");
}

#[test]
fn too_many_pieces_of_a_kind() {
    // 19 pawns, all in hand: reported at the hands (column 25).
    assert_rejected(
        &format!("{KINGS} b 19P 1"),
        25,
        "too many Pawn pieces: 19, the set holds 18",
    );
    // 19 pawns on the board: reported at the board (column 1).
    let pawns = "4k4/9/9/ppppppppp/9/PPPPPPPPP/9/4+P4/4K4 b - 1";
    assert_rejected(pawns, 1, "too many Pawn pieces: 19, the set holds 18");
    // perft.tsv peeper_a has three bishops, one in hand: rejected (at the hands, column 41)
    // unless --any-counts is given.
    let peeper = "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1";
    assert_rejected(peeper, 41, "too many Bishop pieces: 3, the set holds 2");
    let out = tsume(&["perft", peeper, "1", "--any-counts"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("perft 1: 45 nodes"));
}

#[test]
fn two_kings_of_one_side() {
    // The second Black king is at column 21.
    assert_rejected("4k4/9/9/9/9/9/9/9/3KK4 b - 1", 21, "Black has 2 kings");
}

#[test]
fn nifu_on_the_board() {
    // Black pawns on 5e and 5g; the second is at column 20.
    assert_rejected(
        "4k4/9/4p4/9/4P4/9/4P4/9/4K4 b - 1",
        20,
        "二歩: two Black pawns on file 5",
    );
}

#[test]
fn dead_piece_on_the_board() {
    assert_rejected(
        "4k4/N8/9/9/9/9/9/9/4K4 b - 1",
        5,
        "Knight on 9b can never move",
    );
    assert_rejected(
        "4k4/9/9/9/9/9/9/9/4K3l w - 1",
        22,
        "Lance on 1i can never move",
    );
    assert_rejected(
        "4k3P/9/9/9/9/9/9/9/4K4 b - 1",
        4,
        "Pawn on 1a can never move",
    );
}

#[test]
fn the_side_not_to_move_in_check() {
    // The Black rook on 5b attacks White's king with Black to move; the side is at column 25.
    assert_rejected(
        "4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
        25,
        "the side not to move (White) is in check",
    );
}

#[test]
fn a_legal_position_prints_its_count() {
    let out = tsume(&["perft", &format!("{KINGS} b G 1"), "1"]);
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    // King: 5 moves; gold: 79 empty squares.
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("perft 1: 84 nodes"));
}

#[test]
fn sfen_round_trips_on_random_positions() {
    let mut n = 0;
    for kind in Kind::ALL {
        let mut rng = Rng::new(0x5fe2 + kind as u64);
        for _ in 0..2000 {
            let pos = generate(&mut rng, kind);
            let text = to_sfen(&pos);
            let back = parse_sfen(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back, pos, "{text}");
            assert_eq!(back.ply(), pos.ply(), "{text}");
            assert_eq!(back.board_key(), pos.board_key(), "{text}");
            assert_eq!(back.hand_key(), pos.hand_key(), "{text}");
            assert_eq!(to_sfen(&back), text);
            // The `sfen …` and `position sfen …` forms read the same.
            assert_eq!(parse_sfen(&format!("position sfen {text}")).unwrap(), pos);
            n += 1;
        }
    }
    println!("{n} positions round-tripped");
    assert_eq!(n, 12_000);
}

#[test]
fn the_binary_reads_random_positions() {
    // A few random positions through the command line: the count is the number of legal moves.
    let mut rng = Rng::new(0xc11);
    for kind in Kind::ALL {
        for _ in 0..4 {
            let pos = generate(&mut rng, kind);
            let text = to_sfen(&pos);
            let out = tsume(&["perft", &text, "1"]);
            assert!(out.status.success(), "{text}");
            let expected = format!("perft 1: {} nodes", legal_move_list(&pos).len());
            assert!(
                String::from_utf8_lossy(&out.stdout).starts_with(&expected),
                "{text}: expected {expected}"
            );
        }
    }
}

#[test]
fn perft_joins_an_sfen_typed_without_quotes_as_solve_does() {
    let quoted = format!("{START} w - 1");
    let mut args = vec!["perft"];
    args.extend(quoted.split(' '));
    args.push("3");
    let unquoted = tsume(&args);
    let quoted = tsume(&["perft", &quoted, "3"]);
    assert_eq!(unquoted.status.code(), Some(0), "{unquoted:?}");
    let count = |out: &std::process::Output| {
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        text.split(" nodes").next().unwrap_or_default().to_string()
    };
    assert_eq!(count(&unquoted), count(&quoted));
    assert!(count(&quoted).starts_with("perft 3: "), "{quoted:?}");
    // Words that are not an SFEN are refused with a hint to quote one.
    let out = tsume(&["perft", "a", "b", "3"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("quote an SFEN (tsume perft"), "{err}");
}
