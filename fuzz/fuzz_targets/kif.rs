//! Arbitrary bytes through the record decoder and the KIF and KI2 readers. A record that reads
//! has legal moves on its main line and side lines, and `write_kif` writes it so that the KIF
//! reader gives back the same start, headers, moves and side lines.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tsume::notation::encoding::decode_record;
use tsume::notation::ki2::parse_ki2;
use tsume::notation::kif::{parse_kif, write_kif};
use tsume::notation::record::Record;
use tsume::notation::sfen::to_sfen;
use tsume::shogi::movegen::is_legal;
use tsume::shogi::Move;

fn assert_legal(record: &Record, moves: &[Move]) {
    let mut pos = record.start.clone();
    for &m in moves {
        assert!(is_legal(&pos, m), "{m} is not legal in {}", to_sfen(&pos));
        pos.make_move(m);
    }
}

fn check(record: &Record) {
    assert_legal(record, &record.moves);
    for v in &record.variations {
        assert!(v.ply >= 1 && v.ply <= v.moves.len(), "{v:?}");
        assert_legal(record, &v.moves);
    }
    let text = write_kif(record);
    let again =
        parse_kif(&text).unwrap_or_else(|e| panic!("the KIF written does not read: {e}\n{text}"));
    assert_eq!(again.start, record.start, "{text}");
    assert_eq!(again.headers, record.headers, "{text}");
    assert_eq!(again.moves, record.moves, "{text}");
    assert_eq!(again.variations.len(), record.variations.len(), "{text}");
    for v in &record.variations {
        assert!(again.variations.contains(v), "{v:?} lost in\n{text}");
    }
}

fuzz_target!(|data: &[u8]| {
    for utf8_by_name in [false, true] {
        let Ok(text) = decode_record(data, utf8_by_name) else {
            continue;
        };
        if let Ok(record) = parse_kif(&text) {
            check(&record);
        }
        if let Ok(record) = parse_ki2(&text) {
            check(&record);
        }
    }
});
