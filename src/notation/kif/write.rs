//! Writing a record as KIF, in the layout of Kifu for Windows.

use super::super::diagram::diagram;
use super::super::japanese::{kind_name, square_to_japanese};
use super::super::record::{Record, Variation};
use crate::shogi::movegen::legal_move_list;
use crate::shogi::{Move, Position, Square};
use std::fmt::Write;

/// The record as UTF-8 KIF: `#KIF version=2.0 encoding=UTF-8`, the headers as `名前：値` (line
/// breaks in them become spaces), the BOD diagram, `手数----指手---------消費時間--`, the main line
/// (`   1 ２二金打     ( 0:00/00:00:00)`, `成` on a move that promotes and nothing on one that
/// could and does not, a `+` after a move some side line replaces), `まで N手で詰み` when the main
/// line ends in mate and `まで N手で中断` otherwise (nothing after no moves), then each side line
/// as a `変化：N手` block; each of the record's comments as a `*` line after the move it follows.
///
/// `不成` is left out because the GUIs' readers do not take it after a piece (ShogiHome's
/// tsshogi, Kifu for JS's json-kifu-format read `２三桂不成(35)` as no move), as their writers
/// leave it out; the origin and the piece say the move all the same.
///
/// Side lines are written depth first, the latest branch first, so that each follows the line
/// [`super::parse_kif`] takes it to branch from; the record's order is kept where it already
/// does. A side line with no move of its own is left out. [`super::parse_kif`] reads the text back
/// to the same start, headers, moves, side lines and comments.
///
/// # Panics
/// If a board move of a line starts on an empty square where it is played. Nothing else of a
/// move is checked: the moves are taken to be legal, as the readers of this crate leave them.
pub fn write_kif(record: &Record) -> String {
    write_kif_with(record, &KifNotes::default())
}

/// What a solution's KIF says beyond its moves: comments on the main line, and how it ends when
/// its last position alone does not tell (a line ending where every reply is a futile
/// interposition is a mate under the tsume conventions; a mate not proven shortest is no solved
/// problem).
#[derive(Clone, Debug, Default)]
pub struct KifNotes {
    /// Comment lines (`*…`) on the main line, each after the given number of its moves (0:
    /// before the first), in order.
    pub comments: Vec<(usize, String)>,
    /// `Some(true)`: end `まで N手で詰み`; `Some(false)`: `まで N手で中断`; `None`: as the last
    /// position is.
    pub mate: Option<bool>,
}

/// [`write_kif`] with `notes`: their comments are written as `*` lines after their moves (after
/// the record's own there), and `notes.mate` decides the closing `まで` line.
/// [`super::parse_kif`] reads the text back to the same record, the notes' comments among its
/// comments.
pub fn write_kif_with(record: &Record, notes: &KifNotes) -> String {
    let mut s = String::from("#KIF version=2.0 encoding=UTF-8\n");
    for (name, value) in &record.headers {
        writeln!(s, "{}：{}", one_line(name), one_line(value)).expect("write to string");
    }
    s.push_str(&diagram(&record.start));
    s.push_str("手数----指手---------消費時間--\n");
    let (order, parents) = writing_order(record);
    let mut lines: Vec<(usize, &[Move])> = vec![(1, &record.moves)];
    lines.extend(order.iter().map(|v| (v.ply, v.moves.as_slice())));
    let mut marked: Vec<Vec<bool>> = lines.iter().map(|(_, l)| vec![false; l.len()]).collect();
    for (v, &parent) in order.iter().zip(&parents) {
        if let Some(mark) = marked[parent].get_mut(v.ply - 1) {
            *mark = true;
        }
    }
    for (i, &(ply, moves)) in lines.iter().enumerate() {
        if i > 0 {
            writeln!(s, "\n変化：{ply}手").expect("write to string");
        }
        // The side line's index in the record, by identity.
        let line = (i > 0).then(|| {
            record
                .variations
                .iter()
                .position(|v| std::ptr::eq(v, order[i - 1]))
                .expect("a side line of the record")
        });
        let mut comments: Vec<(usize, String)> = record
            .comments
            .iter()
            .filter(|c| c.line == line)
            .map(|c| (c.after, c.text.clone()))
            .collect();
        if i == 0 {
            comments.extend(notes.comments.iter().cloned());
        }
        write_moves(&mut s, &record.start, moves, ply, &marked[i], &comments);
        if i == 0 && !moves.is_empty() {
            let end = record.end_position();
            let mate = notes
                .mate
                .unwrap_or_else(|| end.in_check() && legal_move_list(&end).is_empty());
            let word = if mate { "詰み" } else { "中断" };
            writeln!(s, "まで{}手で{word}", moves.len()).expect("write to string");
        }
    }
    s
}

/// `text` with its line breaks as spaces.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

/// The side lines worth writing, in an order in which the reader takes each to branch from the
/// right line, and the index of that line (0 the main line, k the k-th side line written).
///
/// A side line branching at ply N hangs from the line with the same first N − 1 moves that itself
/// branches before N (the main line, else the first such side line). From each line, its side
/// lines are written latest branch first (the record's order among equal plies), each followed at
/// once by its own side lines: then the most recent line that reaches move N − 1, which the reader
/// takes, always has the right first N − 1 moves. Side lines that hang from no line (whose first
/// moves are no other line's) come last, in the record's order, each with its own side lines.
fn writing_order(record: &Record) -> (Vec<&Variation>, Vec<usize>) {
    let lines: Vec<&Variation> = record
        .variations
        .iter()
        .filter(|v| v.ply >= 1 && v.moves.len() >= v.ply)
        .collect();
    let shares = |moves: &[Move], v: &Variation| moves.get(..v.ply - 1) == v.moves.get(..v.ply - 1);
    // The parent of each side line: `None` for the main line, `Some(k)` for side line k.
    let parent: Vec<Option<Option<usize>>> = lines
        .iter()
        .map(|v| {
            if shares(&record.moves, v) {
                return Some(None);
            }
            let from_side = lines
                .iter()
                .position(|u| u.ply < v.ply && shares(&u.moves, v));
            from_side.map(Some)
        })
        .collect();
    // The side lines hanging from a line, in reverse order for `pop`: latest branch first, the
    // record's order among equal plies.
    let children = |line: Option<usize>| {
        let mut c: Vec<usize> = (0..lines.len())
            .filter(|&k| parent[k] == Some(line))
            .collect();
        c.sort_by_key(|&k| (lines[k].ply, std::cmp::Reverse(k)));
        c
    };
    let (mut order, mut parents) = (Vec::new(), Vec::new());
    let orphans = (0..lines.len()).filter(|&k| parent[k].is_none());
    // Depth first: each entry is the side lines of a line still to write, and that line's index.
    let mut stack = vec![(children(None), 0)];
    stack.extend(orphans.map(|k| (vec![k], 0)));
    stack.reverse();
    while let Some((left, written_as)) = stack.last_mut() {
        let parent_index = *written_as;
        match left.pop() {
            None => {
                stack.pop();
            }
            Some(k) => {
                order.push(lines[k]);
                parents.push(parent_index);
                stack.push((children(Some(k)), order.len()));
            }
        }
    }
    (order, parents)
}

/// Writes `moves[first_ply - 1..]`, numbered from `first_ply`, each followed by `+` where
/// `marked`, and each comment of `comments` as a `*` line after its number of moves (one before
/// `first_ply - 1`, a move of another line, at the start of the block).
fn write_moves(
    s: &mut String,
    start: &Position,
    moves: &[Move],
    first_ply: usize,
    marked: &[bool],
    comments: &[(usize, String)],
) {
    let comment = |s: &mut String, after: usize| {
        for (_, text) in comments.iter().filter(|(n, _)| *n == after) {
            writeln!(s, "*{}", one_line(text)).expect("write to string");
        }
    };
    for before in 0..first_ply.min(moves.len() + 1) {
        comment(s, before);
    }
    let mut pos = start.clone();
    let mut previous_to = None;
    for (i, &m) in moves.iter().enumerate() {
        if i + 1 >= first_ply {
            let text = kif_move(&pos, m, previous_to);
            let pad = 13usize.saturating_sub(display_width(&text)).max(1);
            let mark = if marked[i] { "+" } else { "" };
            writeln!(s, "{:>4} {text}{:pad$}( 0:00/00:00:00){mark}", i + 1, "")
                .expect("write to string");
        }
        pos.make_move(m);
        previous_to = Some(m.to());
        if i + 1 >= first_ply {
            comment(s, i + 1);
        }
    }
}

/// Columns a text takes in a fixed-width font: two for each full-width character.
fn display_width(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// A move as KIF writes it: `２二金打`, `同　玉(13)`, `３四銀成(43)`, `２三桂(35)` (not
/// promoting where it could), `５五角(88)`.
fn kif_move(pos: &Position, m: Move, previous_to: Option<Square>) -> String {
    let mut s = if previous_to == Some(m.to()) {
        "同　".to_string()
    } else {
        square_to_japanese(m.to())
    };
    match m.from() {
        Some(from) => {
            let piece = pos.piece_at(from).expect("a board move starts on a piece");
            s.push_str(kind_name(piece.kind));
            if m.is_promotion() {
                s.push('成');
            }
            write!(s, "({}{})", from.file(), from.rank()).expect("write to string");
        }
        None => {
            s.push_str(kind_name(m.drop_kind().expect("a drop")));
            s.push('打');
        }
    }
    s
}
