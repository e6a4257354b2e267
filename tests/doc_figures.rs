//! The example outputs of the README and `docs/` are what the binary prints. Every fenced block
//! whose first line is `$ tsume …`, and every block right after a line `<!-- output of: tsume …
//! -->`, is run from the repository's root and compared with the binary's standard output line
//! by line: a line that starts with `…` stands for any lines left out, and decimal numbers
//! (times, rates, percentages) may differ; every other figure (nodes, lengths, counts) must be
//! the same. `TSUME_REMAKE_FIGURES=1 cargo test --release --test integration doc_figures` writes
//! the blocks anew from the binary's output (the `…` lines kept, every other line taken whole
//! from that run, its times and rates with it: run it on a quiet machine), so no figure is
//! typed by hand; `TSUME_REMAKE_FIGURES=all` remakes the examples that still match as well.
//! The commands run with `TSUME_THREADS=1`, so a `solve` searches the same nodes every run.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const MARK: &str = "<!-- output of: ";

/// The documents whose examples are checked: the README, its Japanese page (whose examples are
/// the README's, see `japanese_readme`) and everything in `docs/`.
fn documents() -> Vec<PathBuf> {
    crate::support::docs::documents(&["README.md", "README.ja.md"])
}

/// An example: the command, and the lines of the document that show its output.
struct Example {
    command: String,
    /// The 0-based indices, in the document's lines, of the shown output.
    lines: std::ops::Range<usize>,
}

/// The examples of a document's lines: in a fenced block, each `$ tsume …` line and the lines
/// after it up to the next `$ ` line or the end of the block; or a whole block after a `<!--
/// output of: … -->` line.
fn examples(lines: &[&str]) -> Vec<Example> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with("```") {
            i += 1;
            continue;
        }
        let end = (i + 1..lines.len())
            .find(|&k| lines[k].starts_with("```"))
            .expect("a closed block");
        let marked = i
            .checked_sub(1)
            .and_then(|k| lines[k].strip_prefix(MARK))
            .and_then(|r| r.strip_suffix(" -->"));
        if let Some(command) = marked {
            out.push(Example {
                command: command.to_string(),
                lines: i + 1..end,
            });
        } else {
            let starts: Vec<usize> = (i + 1..end)
                .filter(|&k| lines[k].starts_with("$ "))
                .collect();
            for (n, &k) in starts.iter().enumerate() {
                if lines[k].starts_with("$ tsume ") {
                    let stop = starts.get(n + 1).copied().unwrap_or(end);
                    out.push(Example {
                        command: lines[k][2..].to_string(),
                        lines: k + 1..stop,
                    });
                }
            }
        }
        i = end + 1;
    }
    out
}

/// The words of a command line, double quotes grouping.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (k, part) in command.split('"').enumerate() {
        if k % 2 == 1 {
            out.push(part.to_string());
        } else {
            out.extend(part.split_whitespace().map(str::to_string));
        }
    }
    out
}

/// The standard output of the example's command.
fn run(command: &str) -> Vec<String> {
    let w = words(command);
    assert_eq!(w[0], "tsume", "{command}");
    // One thread, whatever the machine, so that node counts are the same every run.
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(&w[1..])
        .env("TSUME_THREADS", "1")
        .current_dir(ROOT)
        .output()
        .expect("run tsume");
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// `line` with each decimal number (`0.041`, `12.05`) as `#`.
fn figures(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let digits = |from: usize| {
            (from..chars.len())
                .take_while(|&k| chars[k].is_ascii_digit())
                .count()
        };
        let whole = digits(i);
        let number_start = i == 0 || !chars[i - 1].is_ascii_alphanumeric();
        if whole > 0 && number_start && chars.get(i + whole) == Some(&'.') {
            let fraction = digits(i + whole + 1);
            if fraction > 0 {
                out.push('#');
                i += whole + 1 + fraction;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// Whether a shown line stands for lines left out.
fn is_gap(shown: &str) -> bool {
    shown.trim_start().starts_with('…')
}

/// For each shown line, the output line it shows (`None` for a gap), if the shown lines match
/// the output: a gap matches any lines, every other line its output line up to decimal numbers.
fn align(shown: &[&str], output: &[String]) -> Option<Vec<Option<usize>>> {
    align_by(shown, output, |a, b| figures(a) == figures(b))
}

/// [`align`] with `same` telling a shown line and an output line alike.
fn align_by(
    shown: &[&str],
    output: &[String],
    same: impl Fn(&str, &str) -> bool,
) -> Option<Vec<Option<usize>>> {
    // matches[i][j]: shown[i..] matches output[j..].
    let (n, m) = (shown.len(), output.len());
    let mut matches = vec![vec![false; m + 1]; n + 1];
    matches[n][m] = true;
    for i in (0..n).rev() {
        for j in (0..=m).rev() {
            matches[i][j] = if is_gap(shown[i]) {
                matches[i + 1][j] || (j < m && matches[i][j + 1])
            } else {
                j < m && same(shown[i], &output[j]) && matches[i + 1][j + 1]
            };
        }
    }
    if !matches[0][0] {
        return None;
    }
    let (mut i, mut j) = (0, 0);
    let mut at = Vec::with_capacity(n);
    while i < n {
        if is_gap(shown[i]) {
            if matches[i + 1][j] {
                at.push(None);
                i += 1;
            } else {
                j += 1;
            }
        } else {
            at.push(Some(j));
            i += 1;
            j += 1;
        }
    }
    Some(at)
}

/// The shown lines made anew from `output`: aligned with the output as lines alike but for
/// their numbers, every line that is no gap replaced whole by the output line it stands for, so
/// that all its figures (times and rates too) are of one run; when no such alignment exists,
/// the whole output.
fn remade(shown: &[&str], output: &[String]) -> Vec<String> {
    let shape = |l: &str| {
        l.chars()
            .filter(|c| !c.is_ascii_digit())
            .collect::<String>()
    };
    match align_by(shown, output, |a, b| shape(a) == shape(b)) {
        Some(at) => shown
            .iter()
            .zip(at)
            .map(|(line, j)| match j {
                Some(j) => output[j].clone(),
                None => line.to_string(),
            })
            .collect(),
        None => output.to_vec(),
    }
}

#[test]
fn the_example_outputs_of_the_documents_are_what_the_binary_prints() {
    let remake_as = std::env::var("TSUME_REMAKE_FIGURES").ok();
    let remake = remake_as.is_some();
    let remake_all = remake_as.as_deref() == Some("all");
    // A command shown in several documents (the README's and its Japanese page's) runs once.
    let mut outputs: HashMap<String, Vec<String>> = HashMap::new();
    let mut failures = Vec::new();
    let mut count = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut new_lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        for example in examples(&lines).into_iter().rev() {
            count += 1;
            let shown = &lines[example.lines.clone()];
            let output = outputs
                .entry(example.command.clone())
                .or_insert_with(|| run(&example.command));
            if align(shown, output).is_some() && !remake_all {
                continue;
            }
            if remake {
                new_lines.splice(example.lines.clone(), remade(shown, output));
            } else {
                failures.push(format!(
                    "{}: `{}` shows\n{}\nbut prints\n{}",
                    doc.display(),
                    example.command,
                    shown.join("\n"),
                    output.join("\n")
                ));
            }
        }
        if remake {
            let mut written = new_lines.join("\n");
            written.push('\n');
            if written != text {
                std::fs::write(&doc, written).unwrap();
            }
        }
    }
    assert!(count >= 8, "{count} examples");
    assert!(
        failures.is_empty(),
        "{}\n\nremake them with TSUME_REMAKE_FIGURES=1 cargo test --release --test integration \
         doc_figures",
        failures.join("\n\n")
    );
}

#[test]
fn a_shown_output_matches_with_gaps_and_other_times() {
    let output: Vec<String> = ["a", "b", "c 1.5 s 12 nodes", "d"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert!(align(&["a", "…", "c 0.1 s 12 nodes", "d"], &output).is_some());
    assert!(align(&["…", "d"], &output).is_some());
    assert!(align(&["a", "…", "c 0.1 s 13 nodes", "d"], &output).is_none());
    assert!(align(&["a", "b"], &output).is_none());
    // Each line is taken whole from the run, its time with its nodes; a gap stays.
    for shown in [
        ["a", "…", "c 0.1 s 13 nodes", "d"],
        ["a", "…", "c 0.1 s 12 nodes", "d"],
    ] {
        assert_eq!(remade(&shown, &output), ["a", "…", "c 1.5 s 12 nodes", "d"]);
    }
    // Lines that changed more than their numbers: the whole output.
    assert_eq!(remade(&["a", "x"], &output), output);
    assert_eq!(
        figures("time 0.041 s  0.23 M nodes/s, 9536 nodes, ply 4"),
        "time # s  # M nodes/s, 9536 nodes, ply 4"
    );
}
