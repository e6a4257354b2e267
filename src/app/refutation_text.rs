//! The refutation of a position with no mate as `solve` prints it: a tree in 日本式 and USI for
//! the text, the 日本式 lines alone for `--format ja`, the USI lines alone for `--format usi`, and
//! the `refutation` object of the JSON.

use crate::notation::japanese::line_to_japanese;
use crate::search::refutation::{Holds, Refutation};
use crate::shogi::Position;
use serde::Serialize;

/// The `refutation` object of `solve --json`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct RefutationJson {
    /// Each check shown, with the reply that holds against it.
    pub checks: Vec<AnswerJson>,
    /// Checks not shown (the tree is kept small).
    pub left_out: usize,
}

/// One check and the reply that holds.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct AnswerJson {
    /// The check in USI.
    pub check: String,
    /// The check in 日本式.
    pub check_ja: String,
    /// The reply in USI.
    pub reply: String,
    /// The reply in 日本式.
    pub reply_ja: String,
    /// `no_check` (the attacker has no check after it), `repetition` (it brings back a
    /// position of the line above) or `no_mate` (no mate after it, proven).
    pub holds: &'static str,
    /// For `no_mate`: the attacker's next checks answered in turn, when shown.
    pub then: Option<RefutationJson>,
}

/// The JSON of `tree`, refuting `pos`.
pub fn refutation_json(pos: &Position, tree: &Refutation) -> RefutationJson {
    RefutationJson {
        checks: tree
            .answers
            .iter()
            .map(|a| {
                let ja = line_to_japanese(pos, &[a.check, a.reply]);
                let then = match &a.holds {
                    Holds::NoMate(Some(further)) => {
                        Some(refutation_json(&after(pos, a.check, a.reply), further))
                    }
                    _ => None,
                };
                AnswerJson {
                    check: a.check.to_string(),
                    check_ja: ja[0].clone(),
                    reply: a.reply.to_string(),
                    reply_ja: ja[1].clone(),
                    holds: holds_word(&a.holds),
                    then,
                }
            })
            .collect(),
        left_out: tree.left_out,
    }
}

fn holds_word(h: &Holds) -> &'static str {
    match h {
        Holds::NoCheck => "no_check",
        Holds::Repetition => "repetition",
        Holds::NoMate(_) => "no_mate",
    }
}

fn after(pos: &Position, check: crate::shogi::Move, reply: crate::shogi::Move) -> Position {
    let mut p = pos.clone();
    p.make_move(check);
    p.make_move(reply);
    p
}

/// The lines of the tree, indented by level: `▲５二金打 △同　玉 (G*5b 5a5b): no check follows`,
/// with the USI in parentheses when `usi`.
pub fn refutation_lines(pos: &Position, tree: &Refutation, usi: bool) -> Vec<String> {
    let mut lines = Vec::new();
    if tree.answers.is_empty() && tree.left_out == 0 {
        lines.push("the attacker has no check".to_string());
        return lines;
    }
    push_lines(pos, tree, usi, 1, &mut lines);
    lines
}

fn push_lines(pos: &Position, tree: &Refutation, usi: bool, level: usize, out: &mut Vec<String>) {
    let indent = "  ".repeat(level);
    for a in &tree.answers {
        let ja = line_to_japanese(pos, &[a.check, a.reply]);
        let moves = if usi {
            format!("{} {} ({} {})", ja[0], ja[1], a.check, a.reply)
        } else {
            format!("{} {}", ja[0], ja[1])
        };
        let how = match &a.holds {
            Holds::NoCheck => "no check follows".to_string(),
            Holds::Repetition => "the position repeats: checking on is perpetual check".to_string(),
            Holds::NoMate(None) => "no mate follows (proven)".to_string(),
            Holds::NoMate(Some(_)) => "no mate follows (proven); then".to_string(),
        };
        out.push(format!("{indent}{moves}: {how}"));
        if let Holds::NoMate(Some(further)) = &a.holds {
            push_lines(&after(pos, a.check, a.reply), further, usi, level + 1, out);
        }
    }
    if tree.left_out > 0 {
        let s = if tree.left_out == 1 { "" } else { "s" };
        out.push(format!(
            "{indent}… {} more check{s} not shown",
            tree.left_out
        ));
    }
}

/// The lines of the tree for `--format usi`, indented two spaces a level: `5c5b+ 5a5b no_mate`
/// (how the reply holds in the words of the JSON `holds`), `left_out N` after a level with
/// checks not shown, and `no_check` alone when the attacker has no check at all.
pub fn refutation_lines_usi(tree: &Refutation) -> Vec<String> {
    let mut lines = Vec::new();
    if tree.answers.is_empty() && tree.left_out == 0 {
        lines.push("  no_check".to_string());
        return lines;
    }
    push_usi_lines(tree, 1, &mut lines);
    lines
}

fn push_usi_lines(tree: &Refutation, level: usize, out: &mut Vec<String>) {
    let indent = "  ".repeat(level);
    for a in &tree.answers {
        out.push(format!(
            "{indent}{} {} {}",
            a.check,
            a.reply,
            holds_word(&a.holds)
        ));
        if let Holds::NoMate(Some(further)) = &a.holds {
            push_usi_lines(further, level + 1, out);
        }
    }
    if tree.left_out > 0 {
        out.push(format!("{indent}left_out {}", tree.left_out));
    }
}
