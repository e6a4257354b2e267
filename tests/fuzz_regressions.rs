//! Inputs the fuzz targets in `fuzz/` found (minimized), each fed byte for byte to the reader it
//! broke, with the behaviour now expected: an error with its location, or a record that writes
//! and reads back unchanged. Never a panic.

use tsume::notation::encoding::decode_record;
use tsume::notation::ki2::parse_ki2;
use tsume::notation::kif::{parse_kif, write_kif};

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
