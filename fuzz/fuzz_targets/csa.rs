//! Arbitrary bytes through the record decoder and the CSA reader. Every record that reads has
//! legal moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tsume::notation::csa::parse_csa;
use tsume::notation::encoding::decode_record;
use tsume::notation::sfen::to_sfen;
use tsume::shogi::movegen::is_legal;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = decode_record(data, false) else {
        return;
    };
    if let Ok(records) = parse_csa(&text) {
        assert!(!records.is_empty());
        for record in &records {
            let mut pos = record.start.clone();
            for &m in &record.moves {
                assert!(is_legal(&pos, m), "{m} is not legal in {}", to_sfen(&pos));
                pos.make_move(m);
            }
        }
    }
});
