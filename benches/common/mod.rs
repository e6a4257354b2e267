//! The bundled problems for the benches, read through the program's own collection reader.

use std::path::Path;
use tsume::app::collection::{load, Expected, LoadOptions};
use tsume::search::Rules;
use tsume::shogi::Position;

/// The short mates and rule cases.
pub const SHORT_TSV: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/short.tsv");

/// One problem of a collection, with what the benches use.
// Each bench is its own crate and reads only some of the fields.
#[allow(dead_code)]
pub struct Problem {
    /// The problem's id.
    pub id: String,
    /// The position, as written (the benches' rows list every piece).
    pub pos: Position,
    /// The length under the rules of the game, when the file gives one.
    pub game_length: Option<usize>,
}

/// Every problem of a collection file, with its length under the rules of the game. Panics on a
/// row that is not a problem: a bench must not silently skip one.
pub fn load_problems(path: &str) -> Vec<Problem> {
    let options = LoadOptions {
        rules: Rules::Game,
        ..LoadOptions::default()
    };
    load(Path::new(path), &options)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|row| {
            let p = row.unwrap_or_else(|e| panic!("{e}"));
            let game_length = match p.expected {
                Expected::Mate(n) => Some(n),
                _ => None,
            };
            Problem {
                id: p.id,
                pos: p.position,
                game_length,
            }
        })
        .collect()
}
