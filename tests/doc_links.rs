//! Every relative link of the project's documents resolves: the file exists, and an `#anchor`
//! names a heading of it (GitHub's rule: lower case, punctuation dropped, spaces to hyphens, a
//! repeated heading numbered `-1`, `-2`, …; letters and digits of any script kept, so a Japanese
//! heading keeps its kana and kanji and loses its `（）：・`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The documents whose links are checked: the README and its Japanese page, CONTRIBUTING and
/// everything in `docs/`.
fn documents() -> Vec<PathBuf> {
    crate::support::docs::documents(&[
        "README.md",
        "README.ja.md",
        "CONTRIBUTING.md",
        "ARCHITECTURE.md",
    ])
}

/// The lines of a Markdown text outside fenced code blocks, with code spans blanked out.
fn prose(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in crate::support::docs::outside_fences(text) {
        let mut kept = String::new();
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            } else if !in_code {
                kept.push(c);
            }
        }
        out.push(kept);
    }
    out
}

/// GitHub's anchor of a heading's text: letters and digits (of any script: kana, kanji,
/// full-width digits) kept, `-` and `_` kept, spaces to `-`, every other character dropped
/// (ASCII and full-width punctuation, the ideographic space, symbols).
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a document's headings (code spans keep their text in a heading's slug).
fn anchors(text: &str) -> HashSet<String> {
    let mut seen = HashSet::new();
    for line in crate::support::docs::outside_fences(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes == 0 || hashes > 6 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..].replace('`', ""));
        let mut anchor = base.clone();
        let mut n = 0;
        while !seen.insert(anchor.clone()) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
    }
    seen
}

/// The targets of the inline links `[text](target)` and reference definitions `[x]: target`.
fn link_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.trim_matches(['<', '>']).to_string());
        rest = &after[end..];
    }
    let trimmed = line.trim_start();
    if trimmed.starts_with('[') {
        if let Some((_, target)) = trimmed.split_once("]: ") {
            targets.push(target.split_whitespace().next().unwrap_or("").to_string());
        }
    }
    targets
}

/// Whether `path` lies in the Python package while this tree has none: the crate `cargo
/// package` makes leaves out `python/`, a package of its own, and the links into it stand.
fn in_left_out_package(path: &Path) -> bool {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join("python");
    let mut normal = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                normal.pop();
            }
            std::path::Component::CurDir => {}
            other => normal.push(other),
        }
    }
    !python.join("Cargo.toml").exists() && normal.starts_with(&python)
}

fn is_external(target: &str) -> bool {
    target.contains("://") || target.starts_with("mailto:")
}

#[test]
fn every_relative_link_of_the_documents_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        let text =
            std::fs::read_to_string(&doc).unwrap_or_else(|e| panic!("{}: {e}", doc.display()));
        for (i, line) in prose(&text).iter().enumerate() {
            for target in link_targets(line) {
                if target.is_empty() || is_external(&target) {
                    continue;
                }
                checked += 1;
                let (file, anchor) = match target.split_once('#') {
                    Some((f, a)) => (f, Some(a)),
                    None => (target.as_str(), None),
                };
                let path = if file.is_empty() {
                    doc.clone()
                } else {
                    doc.parent().unwrap().join(file)
                };
                let at = format!("{}:{}: {target}", doc.display(), i + 1);
                if !path.exists() && in_left_out_package(&path) {
                    continue;
                }
                if !path.exists() {
                    broken.push(format!("{at}: no such file"));
                    continue;
                }
                if let Some(anchor) = anchor {
                    let target_text = std::fs::read_to_string(&path).unwrap_or_default();
                    if !anchors(&target_text).contains(anchor) {
                        broken.push(format!("{at}: no heading with this anchor"));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked > 0, "no relative link found: the parser is broken");
}

#[test]
fn anchors_follow_the_headings_as_github_makes_them() {
    let text = "# Install\n## Exit codes\n```sh\n# not a heading\n```\n## `--rules tsume|game`\n\
                ## 打ち歩詰め (pawn-drop mate)\n## Exit codes\n";
    let found = anchors(text);
    for a in [
        "install",
        "exit-codes",
        "--rules-tsumegame",
        "打ち歩詰め-pawn-drop-mate",
        "exit-codes-1",
    ] {
        assert!(found.contains(a), "{a}: {found:?}");
    }
    assert!(!found.contains("not-a-heading"));
    let japanese = "## 動作の確認: 二つのコマンド\n## ワークベンチ: 盤で作る・解く・検討する\n\
                    ## 将棋GUIから使う: USI\n## 説明書（英語）\n## ルール: `--rules tsume|game`\n\
                    ## 詰上り　全角の空白と１２３、句読点。\n## Python から使う\n";
    let found = anchors(japanese);
    for a in [
        "動作の確認-二つのコマンド",
        "ワークベンチ-盤で作る解く検討する",
        "将棋guiから使う-usi",
        "説明書英語",
        "ルール---rules-tsumegame",
        "詰上り全角の空白と１２３句読点",
        "python-から使う",
    ] {
        assert!(found.contains(a), "{a}: {found:?}");
    }
    assert_eq!(
        link_targets("see [a](docs/json.md#solve) and [b](#install)."),
        ["docs/json.md#solve", "#install"]
    );
}

#[test]
fn every_ignored_test_is_listed_in_contributing_as_the_grep_prints_it() {
    let root = Path::new(ROOT);
    let contributing = std::fs::read_to_string(root.join("CONTRIBUTING.md")).unwrap();
    let mut files = Vec::new();
    crate::support::docs::rust_files(&root.join("tests"), &mut files);
    crate::support::docs::rust_files(&root.join("src"), &mut files);
    let mut ignored = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let relative = file.strip_prefix(root).unwrap().display().to_string();
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("#[ignore") {
                // `grep -rn '^#\[ignore' tests src` must find it.
                assert!(line.starts_with('#'), "{relative}:{}: indented", i + 1);
                let grep = format!("{relative}:{}:{line}", i + 1);
                assert!(
                    contributing.contains(&grep),
                    "CONTRIBUTING.md's list of long checks lacks {grep}"
                );
                ignored += 1;
            }
        }
    }
    assert!(ignored >= 2, "{ignored}");
}
