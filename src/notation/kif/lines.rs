//! The lines of moves of a KIF or KI2 file as they are read: the main line, then each
//! `変化：N手` block, with the words that end a line.
//!
//! A `変化：N手` block holds moves numbered from N that replace move N of the line it branches
//! from: the most recently read line that reaches move N − 1. Files list side lines depth first,
//! the latest branch first (Kifu for Windows, ShogiHome), so that line is always the right one.

use super::super::record::{Comment, Variation};
use super::preamble::leading_number;
use crate::shogi::{Move, Position, Square};

/// The words that end a line in place of a move (KIF `  70 投了`, KI2 `△投了`).
pub(crate) const TERMINAL_WORDS: [&str; 11] = [
    "投了",
    "詰み",
    "中断",
    "不詰",
    "千日手",
    "持将棋",
    "切れ負け",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    "封じ手",
];

/// The terminal word `s` starts with.
pub(crate) fn terminal_word(s: &str) -> Option<&'static str> {
    TERMINAL_WORDS.iter().copied().find(|w| s.starts_with(w))
}

/// A `変化：N手` line (also `変化:N手`): `Some(Some(N))`; `Some(None)` when the line starts with
/// 変化 but is not of that form; `None` for any other line.
pub(crate) fn branch_ply(t: &str) -> Option<Option<usize>> {
    let rest = t.strip_prefix("変化")?;
    let rest = rest.trim_start().strip_prefix(['：', ':']).unwrap_or(rest);
    let n = leading_number(rest).filter(|&n| n >= 1);
    Some(n.filter(|_| rest.trim().trim_start_matches(char::is_numeric).trim() == "手"))
}

/// `まで69手で詰み`: the number and whether it says 詰み. `None` if `t` is not such a line.
pub(crate) fn summary(t: &str) -> Option<(Option<usize>, bool)> {
    let rest = t.strip_prefix("まで")?;
    Some((leading_number(rest), rest.contains("詰み")))
}

/// The lines read so far and the one being read.
pub(crate) struct LineReader {
    start: Position,
    /// Each line whole from the start, with the ply where it branches (1 for the main line).
    lines: Vec<(usize, Vec<Move>)>,
    /// The position after the current (last) line's moves.
    pos: Position,
    /// The word that ended the current line, if one did.
    ended: Option<&'static str>,
    /// The current line is a side line cut short by a fault: its other moves are passed over.
    broken: bool,
    /// The comments read: the index of their line in `lines`, the moves of that line before
    /// them, their text.
    comments: Vec<(usize, usize, String)>,
}

impl LineReader {
    /// The reader of a file whose moves start from `start`.
    pub(crate) fn new(start: Position) -> LineReader {
        LineReader {
            pos: start.clone(),
            start,
            lines: vec![(1, Vec::new())],
            ended: None,
            broken: false,
            comments: Vec::new(),
        }
    }

    fn current(&self) -> &Vec<Move> {
        &self.lines.last().expect("the main line").1
    }

    /// The position before the next move.
    pub(crate) fn position(&self) -> &Position {
        &self.pos
    }

    /// The number of the next move.
    pub(crate) fn next_ply(&self) -> usize {
        self.current().len() + 1
    }

    /// The destination of the last move, for 同.
    pub(crate) fn previous_to(&self) -> Option<Square> {
        self.current().last().map(|m| m.to())
    }

    /// Whether the main line is being read.
    pub(crate) fn in_main_line(&self) -> bool {
        self.lines.len() == 1
    }

    /// The word that ended the current line, if any.
    pub(crate) fn ended(&self) -> Option<&'static str> {
        self.ended
    }

    /// Plays `m`, a legal move of [`LineReader::position`].
    pub(crate) fn push(&mut self, m: Move) {
        self.pos.make_move(m);
        self.lines.last_mut().expect("the main line").1.push(m);
    }

    /// Ends the current line with `word`.
    pub(crate) fn end(&mut self, word: &'static str) {
        self.ended = Some(word);
    }

    /// Cuts the current side line short at a fault: its other moves are passed over.
    pub(crate) fn cut_side_line(&mut self) {
        self.broken = true;
    }

    /// Whether the current line is a side line cut short ([`LineReader::cut_side_line`]).
    pub(crate) fn is_cut(&self) -> bool {
        self.broken
    }

    /// A comment after the moves read so far of the current line.
    pub(crate) fn comment(&mut self, text: &str) {
        let after = self.current().len();
        self.comments
            .push((self.lines.len() - 1, after, text.to_string()));
    }

    /// Starts the side line of `変化：N手` (N = `ply`).
    pub(crate) fn branch(&mut self, ply: usize) -> Result<(), String> {
        let Some((_, parent)) = self.lines.iter().rev().find(|(_, l)| l.len() + 1 >= ply) else {
            return Err(format!(
                "変化：{ply}手 branches from no line: none reaches move {}",
                ply - 1
            ));
        };
        let moves = parent[..ply - 1].to_vec();
        self.pos = self.start.clone();
        for &m in &moves {
            self.pos.make_move(m);
        }
        self.lines.push((ply, moves));
        self.ended = None;
        self.broken = false;
        Ok(())
    }

    /// The main line, the side lines that have a move of their own, and the comments of those
    /// lines.
    pub(crate) fn finish(self) -> (Vec<Move>, Vec<Variation>, Vec<Comment>) {
        // The index of each line among those kept: `None` for the main line.
        let mut kept = vec![Some(None)];
        let mut variations = Vec::new();
        let mut lines = self.lines.into_iter();
        let (_, main) = lines.next().expect("the main line");
        for (ply, moves) in lines {
            if moves.len() >= ply {
                kept.push(Some(Some(variations.len())));
                variations.push(Variation { ply, moves });
            } else {
                kept.push(None);
            }
        }
        let comments = self
            .comments
            .into_iter()
            .filter_map(|(i, after, text)| kept[i].map(|line| Comment { line, after, text }))
            .collect();
        (main, variations, comments)
    }
}
