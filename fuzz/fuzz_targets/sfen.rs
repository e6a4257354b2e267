//! Arbitrary text through the SFEN readers. A position that reads is written with `to_sfen` and
//! read again: it must give the same position, with the same move number and keys; the moves read
//! after it must be legal where they are played.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tsume::notation::sfen::{
    parse_sfen_record, parse_sfen_record_with, parse_sfen_with_unchecked_moves, to_sfen,
};
use tsume::shogi::movegen::is_legal;
use tsume::shogi::{PieceCounts, Position};

/// `to_sfen` then the reader with `limit` gives `pos` back.
fn round_trips(pos: &Position, limit: PieceCounts) {
    let text = to_sfen(pos);
    let again = parse_sfen_record_with(&text, limit)
        .unwrap_or_else(|e| panic!("{text:?} written by to_sfen does not read: {e}"));
    assert!(again.moves.is_empty());
    let again = again.start;
    assert_eq!(&again, pos, "{text:?}");
    assert_eq!(again.ply(), pos.ply(), "{text:?}");
    assert_eq!(again.board_key(), pos.board_key(), "{text:?}");
    assert_eq!(again.hand_key(), pos.hand_key(), "{text:?}");
    assert_eq!(to_sfen(&again), text);
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for limit in [PieceCounts::Standard, PieceCounts::Extended] {
        if let Ok(record) = parse_sfen_record_with(text, limit) {
            round_trips(&record.start, limit);
            let mut pos = record.start.clone();
            for &m in &record.moves {
                assert!(is_legal(&pos, m), "{m} is not legal in {}", to_sfen(&pos));
                pos.make_move(m);
            }
            round_trips(&record.end_position(), limit);
        }
    }
    if let Ok((start, _moves)) = parse_sfen_with_unchecked_moves(text) {
        let plain = parse_sfen_record(&to_sfen(&start)).expect("written SFEN reads");
        assert_eq!(plain.start, start);
    }
});
