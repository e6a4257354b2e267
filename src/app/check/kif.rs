//! `check --kif`: the checked main line as a KIF, each finding's evidence a 変化 branch at its
//! ply with the finding as a comment, so a composer can step through every cook and longer
//! defence on a board in a GUI (Kifu for Windows, ShogiGUI, ShogiHome read `変化：N手`).

use super::{CheckReport, Finding};
use crate::notation::kif::{write_kif_with, KifNotes};
use crate::notation::record::{Record, Variation};
use crate::shogi::movegen::is_legal;
use crate::shogi::{Move, Position};

/// The KIF of `report` on the problem `pos`: the main line (the checked line, or of a given
/// line that fails, its moves as far as they are legal), a comment with the verdict, and for each
/// finding with evidence a side line from its ply, its name and message as a comment after the
/// branching move; a finding without evidence is a comment on the main line where it occurs.
pub fn findings_kif(pos: &Position, report: &CheckReport) -> String {
    let main = main_moves(pos, report);
    let mut record = Record::new(pos.clone());
    record.moves = main.clone();
    let mut notes = KifNotes::default();
    notes
        .comments
        .push((0, format!("tsume check: {}", verdict_words(report))));
    for f in &report.findings {
        let words = format!("{}: {}", f.kind.japanese(), f.message);
        let ply = f.ply.unwrap_or(1);
        match evidence(pos, &main, f) {
            Some(moves) => {
                notes
                    .variation_comments
                    .push((record.variations.len(), words));
                record.variations.push(Variation { ply, moves });
            }
            None => notes
                .comments
                .push((ply.saturating_sub(1).min(main.len()), words)),
        }
    }
    write_kif_with(&record, &notes)
}

/// The verdict and the count of findings, in words.
fn verdict_words(report: &CheckReport) -> String {
    let n = report.findings.len();
    let s = if n == 1 { "" } else { "s" };
    format!("{:?}, {n} finding{s}", report.verdict).to_lowercase()
}

/// The main line: the checked line, else the given moves up to the first that is not legal.
fn main_moves(pos: &Position, report: &CheckReport) -> Vec<Move> {
    if let Some(line) = &report.line {
        return line.moves.clone();
    }
    let mut p = pos.clone();
    let mut moves = Vec::new();
    for &m in report.given.iter().flatten() {
        if !is_legal(&p, m) {
            break;
        }
        p.make_move(m);
        moves.push(m);
    }
    moves
}

/// The whole side line of `f`: the main line's moves before its ply, then its evidence, when it
/// has evidence and the main line reaches that ply.
fn evidence(pos: &Position, main: &[Move], f: &Finding) -> Option<Vec<Move>> {
    let ply = f.ply.unwrap_or(1);
    if f.line.moves.is_empty() || ply == 0 || ply > main.len() + 1 {
        return None;
    }
    let mut moves = main[..ply - 1].to_vec();
    moves.extend(&f.line.moves);
    // Every move must be legal where it is played: the KIF writer takes them as they are.
    let mut p = pos.clone();
    moves
        .iter()
        .all(|&m| {
            let ok = is_legal(&p, m);
            if ok {
                p.make_move(m);
            }
            ok
        })
        .then_some(moves)
}
