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

/// The lines of the tree, indented by level. With `usi` (the text output) in 日本式 with the USI
/// and English words: `▲５二金打 △同　玉 (G*5b 5a5b): no check follows`; without (`--format ja`)
/// in Japanese: `▲５二金打 △同　玉：以下王手なし`.
pub fn refutation_lines(pos: &Position, tree: &Refutation, usi: bool) -> Vec<String> {
    let mut lines = Vec::new();
    if tree.answers.is_empty() && tree.left_out == 0 {
        let none = if usi {
            "the attacker has no check"
        } else {
            "王手なし"
        };
        lines.push(none.to_string());
        return lines;
    }
    push_lines(pos, tree, usi, 1, &mut lines);
    lines
}

fn push_lines(pos: &Position, tree: &Refutation, usi: bool, level: usize, out: &mut Vec<String>) {
    let indent = "  ".repeat(level);
    for a in &tree.answers {
        let ja = line_to_japanese(pos, &[a.check, a.reply]);
        let how = match (&a.holds, usi) {
            (Holds::NoCheck, true) => "no check follows",
            (Holds::Repetition, true) => "the position repeats: checking on is perpetual check",
            (Holds::NoMate(None), true) => "no mate follows (proven)",
            (Holds::NoMate(Some(_)), true) => "no mate follows (proven); then",
            (Holds::NoCheck, false) => "以下王手なし",
            (Holds::Repetition, false) => "同一局面：王手を続ければ連続王手の千日手",
            (Holds::NoMate(None), false) => "以下不詰（証明済み）",
            (Holds::NoMate(Some(_)), false) => "以下不詰（証明済み）、続いて",
        };
        if usi {
            out.push(format!(
                "{indent}{} {} ({} {}): {how}",
                ja[0], ja[1], a.check, a.reply
            ));
        } else {
            out.push(format!("{indent}{} {}：{how}", ja[0], ja[1]));
        }
        if let Holds::NoMate(Some(further)) = &a.holds {
            push_lines(&after(pos, a.check, a.reply), further, usi, level + 1, out);
        }
    }
    if tree.left_out > 0 && usi {
        let s = if tree.left_out == 1 { "" } else { "s" };
        out.push(format!(
            "{indent}… {} more check{s} not shown",
            tree.left_out
        ));
    } else if tree.left_out > 0 {
        out.push(format!("{indent}…ほか王手{}通りは省略", tree.left_out));
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
