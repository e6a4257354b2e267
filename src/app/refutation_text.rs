//! The refutation of a position with no mate as `solve` prints it: a tree in 日本式 and USI for
//! the text, the 日本式 lines alone for `--format ja`, the USI lines alone for `--format usi`, and
//! the `refutation` object of the JSON.

use crate::notation::japanese::line_to_japanese;
use crate::search::refutation::{Holds, Refutation};
use crate::shogi::Position;
use serde::Serialize;

/// The `refutation` object of `solve --json`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq, ts_rs::TS)]
#[ts(rename = "Refutation")]
pub struct RefutationJson {
    /// Each check shown, with the reply that holds against it.
    pub checks: Vec<AnswerJson>,
    /// Checks not shown: beyond the few shown, with no holding reply found or proven again
    /// within the nodes allowed, or left out by the limits.
    pub left_out: usize,
    /// Of `left_out`, the checks the limits left out: the time (or Ctrl-C) came before a
    /// holding reply was looked for, or before the replay proved it again.
    pub left_out_by_limit: usize,
}

/// One check and the reply that holds.
#[derive(Serialize, Debug, Clone, PartialEq, Eq, ts_rs::TS)]
#[ts(rename = "RefutationCheck")]
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
    #[ts(type = "\"no_check\" | \"repetition\" | \"no_mate\"")]
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
        left_out_by_limit: tree.cut,
    }
}

/// How a reply holds, in Japanese: `以下王手なし`, `同一局面：…`, `以下不詰（証明済み）`.
pub fn holds_words_ja(h: &Holds) -> &'static str {
    match h {
        Holds::NoCheck => "以下王手なし",
        Holds::Repetition => "同一局面：王手を続ければ連続王手の千日手",
        Holds::NoMate(_) => "以下不詰（証明済み）",
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
    if tree.answers.is_empty() && tree.cut == tree.left_out {
        let cut = if usi {
            "not shown: the limit came first"
        } else {
            "制限が先に来たため省略"
        };
        lines.push(cut.to_string());
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
            (Holds::NoMate(Some(_)), false) => "以下不詰（証明済み）、続いて",
            (holds, false) => holds_words_ja(holds),
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
    let n = tree.left_out;
    if n > 0 && usi {
        let s = if n == 1 { "" } else { "s" };
        let cut = match tree.cut {
            0 => String::new(),
            c if c == n => " (the limit came first)".to_string(),
            c => format!(" ({c} of them: the limit came first)"),
        };
        out.push(format!("{indent}… {n} more check{s} not shown{cut}"));
    } else if let Some(words) = left_out_words_ja(tree) {
        out.push(format!("{indent}…{words}"));
    }
}

/// `ほか王手N通りは省略` for a level of the tree with checks left out, saying how many of them the
/// limits left out (`（うちM通りは制限が先に来たため）`).
pub fn left_out_words_ja(tree: &Refutation) -> Option<String> {
    let n = tree.left_out;
    let cut = match tree.cut {
        0 => String::new(),
        c if c == n => "（制限が先に来たため）".to_string(),
        c => format!("（うち{c}通りは制限が先に来たため）"),
    };
    (n > 0).then(|| format!("ほか王手{n}通りは省略{cut}"))
}

/// The lines of the tree for `--format usi`, indented two spaces a level: `5c5b+ 5a5b no_mate`
/// (how the reply holds in the words of the JSON `holds`), `left_out N` (`left_out N by_limit M`
/// when M of them the limits left out) after a level with
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
    if tree.cut > 0 {
        out.push(format!(
            "{indent}left_out {} by_limit {}",
            tree.left_out, tree.cut
        ));
    } else if tree.left_out > 0 {
        out.push(format!("{indent}left_out {}", tree.left_out));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::notation::usi::parse_usi_move;
    use crate::search::refutation::Answer;

    fn tree(pos: &Position, answers: &[(&str, &str)], left_out: usize, cut: usize) -> Refutation {
        let answers = answers
            .iter()
            .map(|(c, r)| {
                let check = parse_usi_move(pos, c).unwrap();
                let mut after = pos.clone();
                after.make_move(check);
                Answer {
                    check,
                    reply: parse_usi_move(&after, r).unwrap(),
                    holds: Holds::NoMate(None),
                }
            })
            .collect();
        Refutation {
            answers,
            left_out,
            cut,
            budget: None,
        }
    }

    #[test]
    fn checks_the_limit_left_out_are_said_so_in_every_format() {
        let pos = parse_sfen("4k4/9/4P4/9/9/9/9/9/9 b 2S 1").unwrap();
        let t = tree(&pos, &[("5c5b+", "5a5b")], 2, 1);
        let text = refutation_lines(&pos, &t, true);
        assert_eq!(
            text.last().unwrap(),
            "  … 2 more checks not shown (1 of them: the limit came first)"
        );
        let ja = refutation_lines(&pos, &t, false);
        assert_eq!(
            ja.last().unwrap(),
            "  …ほか王手2通りは省略（うち1通りは制限が先に来たため）"
        );
        assert_eq!(
            refutation_lines_usi(&t).last().unwrap(),
            "  left_out 2 by_limit 1"
        );
        let json = refutation_json(&pos, &t);
        assert_eq!((json.left_out, json.left_out_by_limit), (2, 1));
        // Everything left out by the limit: said in one line.
        let t = tree(&pos, &[], 3, 3);
        assert_eq!(
            refutation_lines(&pos, &t, true),
            ["not shown: the limit came first"]
        );
        assert_eq!(
            refutation_lines(&pos, &t, false),
            ["制限が先に来たため省略"]
        );
        // No check at all is not a limit's doing.
        let t = tree(&pos, &[], 0, 0);
        assert_eq!(
            refutation_lines(&pos, &t, true),
            ["the attacker has no check"]
        );
    }
}
