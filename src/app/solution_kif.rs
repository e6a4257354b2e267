//! `solve --kif`: the problem and its answer as a KIF: the mate's line, or the refutation of a
//! position with no mate as a tree of side lines.

use super::line_text::futile_end_pair;
use super::refutation_text::{holds_words_ja, left_out_words_ja};
use crate::notation::csa::kif_header_name;
use crate::notation::japanese::line_to_japanese;
use crate::notation::kif::{write_kif_with, KifNotes};
use crate::notation::record::{Comment, Record, Variation};
use crate::search::refutation::{Holds, Refutation};
use crate::search::Outcome;
use crate::shogi::{Move, Position};

/// The problem as solved and, for a mate, the line as played (futile pairs included), with the
/// input's headers (CSA names as their KIF names) and `手数` set to the counted length.
fn solution_record(input: &Record, pos: &Position, outcome: &Outcome) -> Record {
    let mut record = Record::new(pos.clone());
    record.headers = input
        .headers
        .iter()
        // The KIF written has a diagram: a 手合割 would contradict it.
        .filter(|(name, _)| name != "手数" && name != "手合割")
        .map(|(name, value)| {
            let name = kif_header_name(name).map_or_else(|| name.clone(), str::to_string);
            (name, value.clone())
        })
        .collect();
    match outcome {
        Outcome::Mate { line, .. } => {
            record.moves = line.moves.clone();
            record.stated_length = Some(line.length());
            record
                .headers
                .push(("手数".to_string(), line.length().to_string()));
        }
        // The line of a mate not proven shortest, without a stated length: it solves nothing.
        Outcome::Unknown {
            found: Some(line), ..
        } => record.moves = line.moves.clone(),
        _ => {}
    }
    record
}

/// The KIF of the problem `pos` as solved (with `input`'s headers, CSA names as their KIF
/// names, and `手数` the counted length of a mate) and of its answer `outcome`, with what the
/// moves alone do not say: a line that ends where every reply is a futile interposition is a mate
/// (`まで N手で詰み`, after a comment naming one such drop), a mate not proven shortest ends `まで
/// N手で中断` after a comment saying so, and a position with no mate has its `refutation` as
/// moves, each check with its holding reply (`変化` for all but the first).
pub fn solution_kif(
    input: &Record,
    pos: &Position,
    outcome: &Outcome,
    refutation: Option<&Refutation>,
) -> String {
    let mut record = solution_record(input, pos, outcome);
    let mut notes = KifNotes::default();
    let line = match outcome {
        Outcome::Mate { line, .. } => line,
        Outcome::Unknown {
            mate_at_most,
            found: Some(line),
        } => {
            let bound = mate_at_most.map_or(String::new(), |n| format!("（{n}手以内）"));
            notes.comments.push((
                0,
                format!("最短未証明：制限で探索が止まる前に見つかった詰み{bound}"),
            ));
            notes.mate = Some(false);
            line
        }
        Outcome::NoMate => {
            refutation_moves(&mut record, refutation);
            notes.mate = Some(false);
            return write_kif_with(&record, &notes);
        }
        _ => return write_kif_with(&record, &notes),
    };
    // Moves are numbered as played (docs/conventions.md §8): each futile pair is marked after
    // its capture, and the counted length is given beside the played one.
    let ja = line_to_japanese(pos, &line.moves);
    for &i in &line.futile {
        if let (Some(drop), Some(capture)) = (ja.get(i), ja.get(i + 1)) {
            notes
                .comments
                .push((i + 2, format!("無駄合（{drop} {capture}、数えない）")));
        }
    }
    if let Some((_, ja)) = futile_end_pair(pos, line) {
        notes
            .comments
            .push((line.moves.len(), futile_end_words_ja(&ja)));
        if notes.mate.is_none() {
            notes.mate = Some(true);
        }
    }
    if !line.futile.is_empty() {
        notes.comments.push((
            line.moves.len(),
            format!(
                "指し手{}手のうち無駄合{}手を除き{}手",
                line.moves.len(),
                2 * line.futile.len(),
                line.length()
            ),
        ));
    }
    write_kif_with(&record, &notes)
}

/// The note after a line that ends where every reply is a futile interposition, in Japanese,
/// with one such drop and its capture.
pub fn futile_end_words_ja(pair: &[String; 2]) -> String {
    format!("以下無駄合（{} {} など、数えない）", pair[0], pair[1])
}

/// The refutation of a position with no mate as the moves of `record`: each check shown with
/// its holding reply, the first as the main line and the others as side lines from ply 1, and
/// the checks answered after a reply (the tree's second level) from ply 3 of that line, the
/// first of them continuing it. After each reply a comment says how it holds; a level with
/// checks left out says how many. With no refutation shown, a comment says why.
fn refutation_moves(record: &mut Record, refutation: Option<&Refutation>) {
    let comment = |line: Option<usize>, after: usize, text: String| Comment { line, after, text };
    let Some(tree) = refutation else {
        record
            .comments
            .push(comment(None, 0, "不詰（反証は示せない）".to_string()));
        return;
    };
    if tree.answers.is_empty() {
        // No check to show: the attacker has none, or every one was left out.
        let why = match left_out_words_ja(tree) {
            None => "不詰：攻方に王手がない".to_string(),
            Some(_) if tree.cut == tree.left_out => {
                "不詰（制限が先に来たため反証は省略）".to_string()
            }
            Some(_) => format!("不詰（王手{}通りの反証は省略）", tree.left_out),
        };
        record.comments.push(comment(None, 0, why));
        return;
    }
    record.comments.push(comment(
        None,
        0,
        "不詰：攻方の王手それぞれに、逃れる応手".to_string(),
    ));
    if let Some(words) = left_out_words_ja(tree) {
        record.comments.push(comment(None, 0, words));
    }
    // Each line, whole from the start, with the ply where it leaves its parent.
    let mut lines: Vec<(usize, Vec<Move>)> = Vec::new();
    let mut words: Vec<(Vec<Move>, String)> = Vec::new();
    for (i, a) in tree.answers.iter().enumerate() {
        let first = vec![a.check, a.reply];
        words.push((first.clone(), holds_words_ja(&a.holds).to_string()));
        let mut line = first.clone();
        if let Holds::NoMate(Some(further)) = &a.holds {
            if let Some(w) = left_out_words_ja(further) {
                words.push((first.clone(), w));
            }
            for (j, b) in further.answers.iter().enumerate() {
                let deeper = [first.as_slice(), &[b.check, b.reply]].concat();
                words.push((deeper.clone(), holds_words_ja(&b.holds).to_string()));
                if j == 0 {
                    line = deeper;
                } else {
                    lines.push((3, deeper));
                }
            }
        }
        // The first line of the level is the main line, written before the side lines.
        lines.insert(if i == 0 { 0 } else { lines.len() }, (1, line));
    }
    let mut all = lines.into_iter();
    let (_, main) = all.next().expect("an answer");
    record.moves = main;
    record.variations = all.map(|(ply, moves)| Variation { ply, moves }).collect();
    for (at, text) in words {
        let line = record.line_playing(&at);
        record.comments.push(comment(line, at.len(), text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;

    /// A "no mate" whose refutation shows no check, for each reason: none to show, or every
    /// one left out (by the limits, or otherwise), is said in a comment, never a panic.
    #[test]
    fn a_refutation_with_no_check_shown_is_said_in_words() {
        let pos = parse_sfen("4k4/9/9/9/9/9/9/9/9 b G 1").unwrap();
        for (left_out, cut, words) in [
            (0, 0, "不詰：攻方に王手がない"),
            (3, 3, "不詰（制限が先に来たため反証は省略）"),
            (3, 1, "不詰（王手3通りの反証は省略）"),
        ] {
            let tree = Refutation {
                left_out,
                cut,
                ..Refutation::default()
            };
            let kif = solution_kif(
                &Record::new(pos.clone()),
                &pos,
                &Outcome::NoMate,
                Some(&tree),
            );
            assert!(
                kif.contains(&format!("*{words}")),
                "{left_out} {cut}:\n{kif}"
            );
        }
    }
}
