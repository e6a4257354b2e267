//! The project's documents.

use std::path::{Path, PathBuf};

/// The root of the repository.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The files named `first` (relative to the root), then every Markdown file of `docs/` in name
/// order.
pub fn documents(first: &[&str]) -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut docs: Vec<PathBuf> = first.iter().map(|name| root.join(name)).collect();
    let mut more: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

/// The lines of a Markdown text outside its fenced code blocks (an opening or closing fence
/// may be indented; the fences themselves are left out).
pub fn outside_fences(text: &str) -> impl Iterator<Item = &str> {
    let mut fenced = false;
    text.lines().filter(move |line| {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            return false;
        }
        !fenced
    })
}

/// The `.rs` files under `dir`, recursively.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a folder") {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
