//! The bundled data's TSV files, read through the program's own TSV reader as rows of named
//! fields.

use std::collections::HashMap;
use tsume::app::collection::tsv::Table;

/// The rows of the TSV file at `path` as maps from header name to field (trimmed).
pub fn rows(path: &str) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let table = Table::parse(&text);
    table
        .records
        .iter()
        .map(|r| {
            table
                .columns
                .iter()
                .filter_map(|c| Some((c.clone(), table.get(r, c)?.to_string())))
                .collect()
        })
        .collect()
}

/// The row of the TSV file at `path` whose `id` is `id`.
pub fn row(path: &str, id: &str) -> HashMap<String, String> {
    rows(path)
        .into_iter()
        .find(|r| r["id"] == id)
        .unwrap_or_else(|| panic!("{id} in {path}"))
}

/// The SFEN of the row of the TSV file at `path` whose `id` is `id`.
pub fn sfen_of(path: &str, id: &str) -> String {
    row(path, id)["sfen"].clone()
}
