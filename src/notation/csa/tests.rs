//! Unit tests of the CSA reader.

use super::*;
use crate::notation::sfen::{startpos, to_sfen};

fn one(text: &str) -> Record {
    let mut records = parse_csa(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(records.len(), 1);
    records.remove(0)
}

/// The line, column and message of the fault in `text`.
/// The fault of `text`: the reading's, or a record's first move that cannot be played.
fn fault(text: &str) -> (usize, usize, String) {
    let e = match parse_csa(text) {
        Ok(records) => records
            .into_iter()
            .find_map(|r| r.move_fault)
            .expect("a fault"),
        Err(e) => e,
    };
    (e.line, e.column, e.message)
}

fn usi(r: &Record) -> Vec<String> {
    r.moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn statements_split_at_commas_except_comments_and_headers() {
    let split = |line| -> Vec<(&str, usize)> {
        statements(line, 1)
            .iter()
            .map(|s| (s.text, s.column))
            .collect()
    };
    assert_eq!(split("+7776FU,T12"), [("+7776FU", 1), ("T12", 9)]);
    assert_eq!(split("$EVENT:a,b"), [("$EVENT:a,b", 1)]);
    assert_eq!(split("+7776FU,'a,b"), [("+7776FU", 1), ("'a,b", 9)]);
    assert_eq!(split(""), []);
}

#[test]
fn codes_name_every_kind() {
    for kind in PieceKind::ALL {
        assert_eq!(kind_of(code(kind)), Some(kind));
    }
    assert_eq!(kind_of("XX"), None);
}

#[test]
fn squares_are_file_then_rank_and_00_is_a_hand() {
    let square = |text| {
        let stmt = Stmt {
            text,
            line: 1,
            column: 1,
        };
        square_at(&stmt, &stmt.chars(), 0).map_err(|e| e.column)
    };
    assert_eq!(square("00"), Ok(None));
    assert_eq!(square("76"), Ok(Square::new(7, 6)));
    for bad in ["50", "05", "a1", "7"] {
        assert_eq!(square(bad), Err(1), "{bad}");
    }
}

#[test]
fn pi_is_the_start_position() {
    let r = one("PI\n+\n+7776FU\n-3334FU\n%TORYO\n");
    assert_eq!(r.start, startpos());
    assert_eq!(usi(&r), ["7g7f", "3c3d"]);
    assert_eq!(r.stated_length, None);
}

#[test]
fn handicap_removes_pieces() {
    let r = one("PI82HI22KA\n-\n");
    let sfen = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    assert_eq!(to_sfen(&r.start), sfen);
    let (line, column, message) = fault("PI82KA\n-\n");
    assert_eq!((line, column), (1, 3));
    assert!(message.contains("no KA on 82"), "{message}");
}

#[test]
fn rows_read_without_trailing_or_doubled_spaces() {
    let rows = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI * * * * * -KA *\n\
                P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \n\
                P5 *  *  *  *  *  *  *  *  *\nP6 *  *  *  *  *  *  *  *  * \n\
                P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \n\
                P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\n";
    assert_eq!(one(rows).start, startpos());
}

#[test]
fn all_remaining_goes_to_one_hand() {
    let r = one("P-51OU\nP+53FU\nP+00KI\nP-00AL\n+\n+0052KI\n%TSUMI\n");
    let sfen = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    assert_eq!(to_sfen(&r.start), sfen);
    assert_eq!(usi(&r), ["G*5b"]);
    assert_eq!(r.stated_length, Some(1));
}

#[test]
fn promotion_is_the_code_after_the_move() {
    assert_eq!(usi(&one("P-51OU\nP+28HI\n+\n+2822RY\n")), ["2h2b+"]);
    assert_eq!(usi(&one("P-51OU\nP+28HI\n+\n+2822HI\n")), ["2h2b"]);
    let (line, column, message) = fault("P-51OU\nP+28HI\n+\n+2822KI\n");
    assert_eq!((line, column), (4, 6));
    assert!(
        message.contains("expected HI, or RY when it promotes"),
        "{message}"
    );
}

#[test]
fn headers_keep_file_order() {
    let r = one("V2.2\nN+Sente\nN-Gote\n$EVENT:x:y\nPI\n+\n$END_TIME:z\n");
    let names: Vec<_> = r.headers.iter().map(|(n, v)| format!("{n}={v}")).collect();
    assert_eq!(names, ["N+=Sente", "N-=Gote", "EVENT=x:y", "END_TIME=z"]);
}

#[test]
fn times_follow_moves() {
    let r = one("PI\n+\n+7776FU,T12\n-3334FU\nT0.5\n%CHUDAN\nT1\n");
    assert_eq!(r.moves.len(), 2);
    assert_eq!(fault("PI\n+\n+7776FU,T1x\n").1, 9);
}

#[test]
fn crlf_and_a_byte_order_mark_are_read() {
    assert_eq!(usi(&one("\u{feff}PI\r\n+\r\n+7776FU\r\n")), ["7g7f"]);
}

#[test]
fn a_last_slash_closes_the_last_record() {
    assert_eq!(parse_csa("PI\n+\n/\n'end\n").map(|r| r.len()), Ok(1));
    assert_eq!(fault("PI\n+\n/\n/\nPI\n+\n").0, 4);
}
