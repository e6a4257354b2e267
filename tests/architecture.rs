//! ARCHITECTURE.md stays true to the tree: every file and folder it names exists, and the app
//! prints nothing of its own.

use crate::support::docs::rust_files;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The paths a text names: each word that begins with a folder of the repository, with the
/// punctuation around it taken off (`src/app/answer.rs`, `web/src/generated/`).
fn named_paths(text: &str) -> Vec<String> {
    const FOLDERS: &[&str] = &[
        "src/",
        "tests/",
        "web/",
        "python/",
        "docs/",
        "problems/",
        "benches/",
    ];
    let mut paths = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || "`()[],;:".contains(c)) {
        let word = word.trim_end_matches(['.', ')']);
        if FOLDERS.iter().any(|f| word.starts_with(f)) {
            paths.push(word.to_string());
        }
    }
    paths
}

#[test]
fn every_path_the_architecture_names_exists() {
    let text = std::fs::read_to_string(Path::new(ROOT).join("ARCHITECTURE.md")).unwrap();
    let paths = named_paths(&text);
    assert!(paths.len() > 40, "too few paths read: {}", paths.len());
    let missing: Vec<&String> = paths
        .iter()
        .filter(|p| !Path::new(ROOT).join(p).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths the tree does not have: {missing:?}"
    );
}

#[test]
fn the_paths_of_a_text_are_found_with_their_punctuation_taken_off() {
    let found = named_paths("see `src/app/answer.rs`, (`web/src/`) and src/cli/mod.rs. Not app/x");
    assert_eq!(found, ["src/app/answer.rs", "web/src/", "src/cli/mod.rs"]);
}

#[test]
fn the_app_prints_nothing_outside_its_usi_engine() {
    const PRINTING: &[&str] = &[
        "println!",
        "print!(",
        "eprintln!",
        "eprint!(",
        "stdout()",
        "stderr()",
        "ProgressBar",
    ];
    let app = Path::new(ROOT).join("src/app");
    let mut files = Vec::new();
    rust_files(&app, &mut files);
    assert!(files.len() > 30, "too few files read: {}", files.len());
    let mut faults = Vec::new();
    for file in files.iter().filter(|f| !f.starts_with(app.join("usi"))) {
        let text = std::fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if let Some(p) = PRINTING.iter().find(|p| code.contains(*p)) {
                let name = file.strip_prefix(ROOT).unwrap().display();
                faults.push(format!("{name}:{}: {p}", i + 1));
            }
        }
    }
    assert!(faults.is_empty(), "the app prints:\n{}", faults.join("\n"));
}

#[test]
fn no_face_names_the_search() {
    let mut files = Vec::new();
    for face in ["src/cli", "src/serve", "python/src"] {
        rust_files(&Path::new(ROOT).join(face), &mut files);
    }
    assert!(files.len() > 10, "too few files read: {}", files.len());
    let mut faults = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("search::") {
                let name = file.strip_prefix(ROOT).unwrap().display();
                faults.push(format!("{name}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        faults.is_empty(),
        "a face names the search (give the app SearchSettings instead):\n{}",
        faults.join("\n")
    );
}
