//! Reading the shared reference problems for the benches.

use tsume::notation::sfen::parse_sfen;
use tsume::shogi::Position;

/// The short mates and rule cases, read at bench start.
pub const SHORT_TSV: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/problems/short.tsv");

/// One row of a problem file, with the columns the benches use.
// Each bench is its own crate and reads only some of the fields.
#[allow(dead_code)]
pub struct Problem {
    /// The `id` column.
    pub id: String,
    /// The `sfen` column, parsed.
    pub pos: Position,
    /// The `game_length` column, when it is filled.
    pub game_length: Option<usize>,
}

/// Every row of a tab-separated problem file whose columns include `id` and `sfen`.
/// Panics with the row's id if a position does not parse: a bench must not silently skip one.
pub fn load(path: &str) -> Vec<Problem> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header row").split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("{path}: no column {name}"))
    };
    let (id, sfen, game_length) = (column("id"), column("sfen"), column("game_length"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split('\t').collect();
            let pos =
                parse_sfen(fields[sfen]).unwrap_or_else(|e| panic!("{path}: {}: {e}", fields[id]));
            let game_length = fields
                .get(game_length)
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().expect("game_length is a number"));
            Problem {
                id: fields[id].to_string(),
                pos,
                game_length,
            }
        })
        .collect()
}
