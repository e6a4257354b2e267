//! The Japanese page `README.ja.md` gives the README's commands, not commands of its own: the
//! README's "two commands" block word for word, and every `tsume …` or `cargo …` command line it
//! shows (in a code block or a code span) is one the README shows, and the other way round for
//! the README's code blocks. A command only one page shows is in an allow-list below, with the
//! reason. (The outputs shown with the commands are re-made by `doc_figures`, which runs the
//! Japanese page's examples as the README's.)

use std::collections::BTreeSet;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Commands the Japanese page shows and the README does not, with the reason.
const ONLY_IN_JAPANESE: &[(&str, &str)] = &[
    (
        r#"tsume solve "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1" --format ja"#,
        "the 無駄合 example of docs/conventions.md §7, in 日本式 for readers of Japanese",
    ),
    (
        r#"tsume solve "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1" --rules game --format ja"#,
        "the same problem under the rules of the game, in 日本式",
    ),
];

/// Commands of the README's code blocks the Japanese page leaves out, with the reason.
const ONLY_IN_ENGLISH: &[(&str, &str)] = &[];

fn read(name: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A fenced code block: its info string and its lines.
#[derive(Debug, PartialEq)]
struct Block {
    info: String,
    lines: Vec<String>,
}

/// The fenced code blocks of a Markdown text, each with the index of its opening line.
fn blocks(text: &str) -> Vec<(usize, Block)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(info) = lines[i].trim_start().strip_prefix("```") else {
            i += 1;
            continue;
        };
        let end = (i + 1..lines.len())
            .find(|&k| lines[k].trim_start().starts_with("```"))
            .unwrap_or_else(|| panic!("line {}: an unclosed code block", i + 1));
        let block = Block {
            info: info.trim().to_string(),
            lines: lines[i + 1..end].iter().map(|l| l.to_string()).collect(),
        };
        out.push((i, block));
        i = end + 1;
    }
    out
}

/// The code spans of a Markdown text outside its fenced blocks.
fn code_spans(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in crate::support::docs::outside_fences(text) {
        let parts: Vec<&str> = line.split('`').collect();
        // Odd parts are inside backquotes, when the line closes its last span.
        if parts.len() % 2 == 1 {
            out.extend(parts.iter().skip(1).step_by(2).map(|s| s.to_string()));
        }
    }
    out
}

/// A line of a shell block as a command: the prompt `$ ` and a trailing comment (a `#` outside
/// quotes after a space) dropped, runs of spaces made one; `None` unless it runs `tsume` or
/// `cargo`, first or after `&&`, `||`, `|` or `;`.
fn command(line: &str) -> Option<String> {
    let line = line.strip_prefix("$ ").unwrap_or(line);
    let mut kept = String::new();
    let mut quoted = false;
    let mut previous = ' ';
    for c in line.chars() {
        if c == '"' {
            quoted = !quoted;
        } else if c == '#' && !quoted && previous.is_whitespace() {
            break;
        }
        kept.push(c);
        previous = c;
    }
    let words: Vec<&str> = kept.split_whitespace().collect();
    let runs = |w: &str| w == "tsume" || w == "cargo";
    let found = words.first().is_some_and(|w| runs(w))
        || words
            .windows(2)
            .any(|p| ["&&", "||", "|", ";"].contains(&p[0]) && runs(p[1]));
    found.then(|| words.join(" "))
}

/// The commands of a document's code blocks.
fn block_commands(text: &str) -> BTreeSet<String> {
    blocks(text)
        .into_iter()
        .flat_map(|(_, b)| b.lines)
        .filter_map(|l| command(&l))
        .collect()
}

/// The commands of a document's code blocks and code spans.
fn all_commands(text: &str) -> BTreeSet<String> {
    let mut commands = block_commands(text);
    commands.extend(code_spans(text).iter().filter_map(|s| command(s)));
    commands
}

/// The README's "two commands" block: the first code block after that heading.
fn two_commands(readme: &str) -> Block {
    let heading = readme
        .lines()
        .position(|l| l == "## The two commands")
        .expect("README.md has a section \"The two commands\"");
    blocks(readme)
        .into_iter()
        .find(|(at, _)| *at > heading)
        .map(|(_, b)| b)
        .expect("a code block under \"The two commands\"")
}

#[test]
fn the_japanese_readme_shows_the_two_commands_of_the_readme_word_for_word() {
    let block = two_commands(&read("README.md"));
    let commands: Vec<String> = block.lines.iter().filter_map(|l| command(l)).collect();
    assert_eq!(commands.len(), 2, "{block:?}");
    let japanese = read("README.ja.md");
    assert!(
        blocks(&japanese).iter().any(|(_, b)| *b == block),
        "README.ja.md lacks README.md's block of the two commands, word for word:\n```{}\n{}\n```",
        block.info,
        block.lines.join("\n")
    );
}

#[test]
fn every_command_of_the_japanese_readme_is_one_of_the_readme() {
    let readme = all_commands(&read("README.md"));
    let japanese = all_commands(&read("README.ja.md"));
    assert!(japanese.len() >= 15, "{japanese:?}");
    let allowed: BTreeSet<&str> = ONLY_IN_JAPANESE.iter().map(|(c, _)| *c).collect();
    let foreign: Vec<&String> = japanese
        .iter()
        .filter(|c| !readme.contains(*c) && !allowed.contains(c.as_str()))
        .collect();
    assert!(
        foreign.is_empty(),
        "README.ja.md shows commands README.md does not (give README.md's, or add one to \
         ONLY_IN_JAPANESE with the reason):\n{}",
        foreign
            .iter()
            .map(|c| c.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    for (allowed, _) in ONLY_IN_JAPANESE {
        assert!(
            japanese.contains(*allowed),
            "ONLY_IN_JAPANESE lists a command README.ja.md no longer shows: {allowed}"
        );
    }
}

#[test]
fn every_command_of_the_readmes_code_blocks_is_in_the_japanese_readme() {
    let readme = block_commands(&read("README.md"));
    assert!(readme.len() >= 10, "{readme:?}");
    let japanese = block_commands(&read("README.ja.md"));
    let allowed: BTreeSet<&str> = ONLY_IN_ENGLISH.iter().map(|(c, _)| *c).collect();
    let missing: Vec<&String> = readme
        .iter()
        .filter(|c| !japanese.contains(*c) && !allowed.contains(c.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "README.ja.md lacks commands of README.md's code blocks (add them, or list them in \
         ONLY_IN_ENGLISH with the reason):\n{}",
        missing
            .iter()
            .map(|c| c.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn command_lines_are_read_as_a_shell_reads_them() {
    assert_eq!(
        command("tsume completions zsh  > ~/.zfunc/_tsume          # with fpath"),
        Some("tsume completions zsh > ~/.zfunc/_tsume".to_string())
    );
    assert_eq!(
        command("mkdir -p man1 && tsume man > man1/tsume.1"),
        Some("mkdir -p man1 && tsume man > man1/tsume.1".to_string())
    );
    assert_eq!(
        command(r#"$ tsume solve "a # b" --json"#),
        Some(r#"tsume solve "a # b" --json"#.to_string())
    );
    assert_eq!(command("# cargo test --release"), None);
    assert_eq!(command("print(tsume.solve(s))   # tsume solve"), None);
    assert_eq!(command("< checkmate G*5b"), None);
    assert_eq!(
        code_spans("run `tsume usi` or `cargo test`.\n```sh\n`tsume x`\n```\n"),
        ["tsume usi", "cargo test"]
    );
}
