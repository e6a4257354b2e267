//! `check --kif`: the composer's record with the check's findings added, so a composer can step
//! through every cook and longer defence on a board in a GUI (Kifu for Windows, ShogiGUI,
//! ShogiHome read `変化：N手`).
//!
//! The composer's headers, comments and side lines are kept as they are; the checker's words are
//! comments of their own, each starting with [`MARK`], in Japanese with 日本式 moves (those of an
//! earlier check, in a file checked again, are replaced). Each finding
//! with evidence is a side line from its ply (or, when a line of the file already plays it, a
//! comment on that line); evidence that starts past the end of the main line (a reply to a main
//! line that does not end in mate) cannot branch from it and is a comment at its end, so that no
//! reader takes it for the main line's continuation.

use super::{CheckReport, Finding, Kind, Verdict};
use crate::notation::diagram::hand_to_japanese;
use crate::notation::japanese::line_to_japanese;
use crate::notation::kif::write_kif;
use crate::notation::record::{Comment, Record, Variation};
use crate::shogi::movegen::is_legal;
use crate::shogi::{Move, Position};

/// The start of every comment the checker writes.
pub const MARK: &str = "［tsume check］";

/// The KIF of `report` on the problem `pos`: `composer`'s record (its headers but a 手合割, its
/// comments and side lines), with the main line checked (the composer's, else the solver's),
/// a comment with the verdict, and each finding as a comment, on the side line of its evidence
/// when it has one.
pub fn findings_kif(pos: &Position, report: &CheckReport, composer: Option<&Record>) -> String {
    let mut record = Record::new(pos.clone());
    if let Some(c) = composer {
        // The KIF written has a diagram: a 手合割 would contradict it.
        record.headers = c
            .headers
            .iter()
            .filter(|(name, _)| name != "手合割")
            .cloned()
            .collect();
        record.variations = c.variations.clone();
        // The checker's words of an earlier check are replaced by this one's.
        record.comments = c
            .comments
            .iter()
            .filter(|c| !c.text.starts_with(MARK))
            .cloned()
            .collect();
    }
    record.moves = main_moves(pos, report, composer);
    let mut words = vec![(None, 0, verdict_words(report))];
    for f in &report.findings {
        let text = finding_words(pos, &record.moves, report, f);
        let ply = f.ply.unwrap_or(1);
        match evidence(pos, &record.moves, f) {
            Some(line) if ply <= record.moves.len() => {
                let at = place(&mut record, line);
                words.push((at(ply), ply, text));
            }
            Some(line) => {
                // Past the end of the main line: its moves in words, at the end.
                let ja = line_to_japanese(pos, &line)[ply - 1..].join(" ");
                let end = record.moves.len();
                words.push((None, end, format!("{text}：以下 {ja}")));
            }
            None => {
                let after = f.ply.map_or(0, |p| p.min(record.moves.len()));
                words.push((None, after, text));
            }
        }
    }
    for (line, after, text) in words {
        record.comments.push(Comment { line, after, text });
    }
    write_kif(&record)
}

/// Adds `line` (whole from the start) to the lines of `record` unless one of them already plays
/// it: as a side line branching where it leaves the line it shares most moves with, or, when
/// that line is a side line that stops before it, as that side line's continuation. Returns
/// where the line's ply N is written: the line ([`Comment::line`]) that writes the move N of
/// `line`.
fn place(record: &mut Record, line: Vec<Move>) -> impl Fn(usize) -> Option<usize> + '_ {
    let shared = |moves: &[Move]| moves.iter().zip(&line).take_while(|(a, b)| a == b).count();
    let plays = |moves: &[Move]| moves.len() >= line.len() && shared(moves) == line.len();
    let played = plays(&record.moves) || record.variations.iter().any(|v| plays(&v.moves));
    if !played {
        let (best, common) = record
            .variations
            .iter()
            .enumerate()
            .map(|(k, v)| (Some(k), shared(&v.moves)))
            .fold(
                (None, shared(&record.moves)),
                |a, b| if b.1 > a.1 { b } else { a },
            );
        match best {
            Some(k) if common == record.variations[k].moves.len() => {
                record.variations[k].moves = line.clone();
            }
            _ => record.variations.push(Variation {
                ply: common + 1,
                moves: line.clone(),
            }),
        }
    }
    let record = &*record;
    move |ply| record.line_playing(&line[..ply])
}

/// The verdict and the count of findings, in words.
fn verdict_words(report: &CheckReport) -> String {
    let verdict = match report.verdict {
        Verdict::Sound => "完全",
        Verdict::Flawed => "不完全",
        Verdict::Undecided => "未決",
    };
    let of = |c: super::Class| {
        report
            .findings
            .iter()
            .filter(|f| f.kind.class() == c)
            .count()
    };
    format!(
        "{MARK}判定：{verdict}（欠陥{}件、注記{}件、未決{}件）",
        of(super::Class::Flaw),
        of(super::Class::Note),
        of(super::Class::Undecided)
    )
}

/// The main line: the checked line, else the composer's moves (as far as they could be read),
/// else the given moves up to the first that is not legal.
fn main_moves(pos: &Position, report: &CheckReport, composer: Option<&Record>) -> Vec<Move> {
    if let Some(line) = &report.line {
        return line.moves.clone();
    }
    if let Some(c) = composer {
        return c.moves.clone();
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

/// The whole line of `f`'s evidence from the start: the main line's moves before its ply, then
/// the evidence, when it has evidence, the main line reaches that ply and every move is legal
/// where it is played (the KIF writer takes them as they are).
fn evidence(pos: &Position, main: &[Move], f: &Finding) -> Option<Vec<Move>> {
    let ply = f.ply.unwrap_or(1);
    if f.line.moves.is_empty() || ply == 0 || ply > main.len() + 1 {
        return None;
    }
    let mut moves = main[..ply - 1].to_vec();
    moves.extend(&f.line.moves);
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

/// A finding in Japanese, after [`MARK`]: its name and what it is, its move in 日本式.
fn finding_words(pos: &Position, main: &[Move], report: &CheckReport, f: &Finding) -> String {
    format!(
        "{MARK}{}：{}",
        f.kind.japanese(),
        finding_body_ja(pos, main, report, f)
    )
}

/// What a finding of `report` on the problem `pos` is, in Japanese, its move in 日本式: the
/// words after its name (`▲４二金でも5手で詰む（本手順は残り5手）`), against the main line as
/// shown.
pub fn finding_message_ja(pos: &Position, report: &CheckReport, f: &Finding) -> String {
    finding_body_ja(pos, &main_moves(pos, report, None), report, f)
}

fn finding_body_ja(pos: &Position, main: &[Move], report: &CheckReport, f: &Finding) -> String {
    let ply = f.ply.unwrap_or(1);
    // The alternative move in 日本式, read where it is played (同 after the main line's move).
    let first = (!f.line.moves.is_empty() && ply <= main.len() + 1)
        .then(|| {
            let mut line = main[..ply - 1].to_vec();
            line.push(f.line.moves[0]);
            let mut p = pos.clone();
            line.iter()
                .all(|&m| {
                    let ok = is_legal(&p, m);
                    p.make_move(m);
                    ok
                })
                .then(|| line_to_japanese(pos, &line).pop())
                .flatten()
        })
        .flatten();
    let mv = first.as_deref().unwrap_or("別の手");
    let n = |x: Option<usize>| x.map_or_else(|| "?".to_string(), |v| v.to_string());
    let (length, left) = (n(f.length), n(f.main_left));
    let attacker_move = ply % 2 == 1;
    let body = match f.kind {
        Kind::Cook => format!("{mv}でも{length}手で詰む（本手順は残り{left}手）"),
        Kind::EarlyMate => format!("{length}手で詰む（作意は{left}手）"),
        Kind::LongerDefence if f.length.is_some() => {
            format!("{mv}で詰みまで{length}手かかる（本手順は残り{left}手）")
        }
        Kind::LongerDefence => format!("{mv}で本手順の残り{left}手より長くかかる"),
        Kind::Escape => format!("{mv}で詰まない"),
        Kind::NoMate => "この局面に詰みはない".to_string(),
        Kind::WrongLine => match &first {
            Some(mv) => format!("作意手順が{ply}手目で成立しない（{mv}で逃れる）"),
            None => format!("作意手順が{ply}手目で成立しない"),
        },
        Kind::PiecesLeft => {
            let hand = report
                .line
                .as_ref()
                .map(|l| l.end_position(pos).hand(pos.side_to_move()))
                .map(hand_to_japanese)
                .unwrap_or_default();
            format!("詰め上がりに攻方の持駒（{hand}）が余る")
        }
        Kind::FinalMove => format!("最終手{mv}でも詰む"),
        Kind::Unlimited if attacker_move => format!("{mv}でも{length}手で詰む"),
        Kind::Unlimited => format!("{mv}（別の駒の合駒）でも同じ{length}手で駒が余らない"),
        Kind::Detour => format!("{mv}から本手順に戻る"),
        Kind::EqualDefence => format!("{mv}でも同じ{length}手で駒が余らない"),
        Kind::TwoPliesLonger => format!("{mv}で2手長い{length}手かかるが駒が余る"),
        Kind::Undecided if first.is_some() => format!("{mv}は制限で探索が止まり決まらなかった"),
        Kind::Undecided => "制限で探索が止まり決まらなかった".to_string(),
    };
    body
}
