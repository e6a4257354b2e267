//! The reference data's TSV files, read as rows of named fields.

use std::collections::HashMap;

/// The rows of the TSV file at `path` as maps from header name to field (blank lines skipped).
pub fn rows(path: &str) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path}: {e} (the reference data belongs beside the project)"));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            header
                .iter()
                .zip(l.split('\t'))
                .map(|(h, v)| (h.to_string(), v.to_string()))
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
