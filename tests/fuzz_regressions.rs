//! Inputs that once broke the library, most of them found (and minimized) by the fuzz targets in
//! `fuzz/`, each fed byte for byte to what it broke, with the behaviour now expected: an error
//! with its location, a record that writes and reads back unchanged, a position that writes and
//! reads back. Never a panic.

use tsume::notation::encoding::decode_record;
use tsume::notation::ki2::parse_ki2;
use tsume::notation::kif::{parse_kif, write_kif};
use tsume::notation::sfen::{parse_sfen, parse_sfen_record, to_sfen};
use tsume::notation::usi::parse_usi_move;

const START_BOARD: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

/// `kif`: a header whose value held a lone CR (Shift-JIS `J:b\rｷ\n▲５八金左`). The reader kept the
/// CR in the value and `write_kif` wrote it as a space, so the record did not read back the same.
/// A lone CR now ends the line: `ｷ` is a line of its own, which is no header and no move.
#[test]
fn a_lone_cr_ends_a_kif_line() {
    let bytes = b"J:b\r\xb7\n\x81\xa3\x82T\x94\xaa\x8b\xe0\x8d\xb6";
    let text = decode_record(bytes, false).unwrap();
    assert_eq!(text, "J:b\rｷ\n▲５八金左");
    for error in [parse_ki2(&text).unwrap_err(), parse_kif(&text).unwrap_err()] {
        assert_eq!((error.line, error.column), (2, 1), "{error}");
    }
}

/// The same fault on a record that reads: the CR splits the header line, and the record writes
/// and reads back with the same headers.
#[test]
fn headers_split_by_a_lone_cr_write_and_read_back() {
    let record =
        parse_kif("先手：甲\r後手：乙\r\n手数----指手---------消費時間--\n   1 ７六歩(77)\n")
            .unwrap();
    let headers = [("先手", "甲"), ("後手", "乙")].map(|(n, v)| (n.to_string(), v.to_string()));
    assert_eq!(record.headers, headers);
    let again = parse_kif(&write_kif(&record)).unwrap();
    assert_eq!(again.headers, record.headers);
    assert_eq!(again.moves, record.moves);
}

/// SFEN with the largest u32 as the move number, then a move: playing it overflowed the move
/// counter (a panic with overflow checks, else move number 0, which SFEN cannot hold). The counter now stops at its largest value, and taking the moves back restores the
/// number each started from.
#[test]
fn the_move_number_stops_at_its_largest_value() {
    let text = format!("{START_BOARD} b - 4294967295 moves 7g7f");
    let record = parse_sfen_record(&text).unwrap();
    assert_eq!(record.start.ply(), u32::MAX);
    let end = record.end_position();
    assert_eq!(end.ply(), u32::MAX);
    let back = parse_sfen(&to_sfen(&end)).unwrap();
    assert_eq!(back, end);
    assert_eq!(back.ply(), u32::MAX);

    let mut pos = parse_sfen(&format!("{START_BOARD} b - 4294967293")).unwrap();
    let mut undos = Vec::new();
    for usi in ["7g7f", "3c3d", "2g2f"] {
        let m = parse_usi_move(&pos, usi).unwrap();
        undos.push((m, pos.make_move(m)));
    }
    assert_eq!(pos.ply(), u32::MAX);
    let plies: Vec<u32> = undos
        .into_iter()
        .rev()
        .map(|(m, undo)| {
            pos.unmake_move(m, undo);
            pos.ply()
        })
        .collect();
    assert_eq!(plies, [u32::MAX, u32::MAX - 1, u32::MAX - 2]);
}
