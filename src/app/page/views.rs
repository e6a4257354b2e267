//! Positions, moves and lines as a board shows them: what the workbench page draws, in plain
//! JSON (`docs/serve.md`, "Positions and moves"). The rules stay here: the page draws what it is
//! given and offers only the legal moves it is given.

use crate::notation::japanese::move_to_japanese;
use crate::notation::sfen::to_sfen;
use crate::notation::usi::parse_usi_move_syntax;
use crate::search::futile::{self, Futility};
use crate::shogi::movegen::{is_legal, legal_move_list};
use crate::shogi::{Color, Move, PieceKind, Position, Square};
use serde::Serialize;
use std::collections::BTreeMap;
use thiserror::Error;
use ts_rs::TS;

/// A position as the page draws it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, TS)]
pub struct PositionView {
    /// The position in SFEN.
    pub sfen: String,
    /// `black` or `white`: the side to move.
    #[ts(type = "\"black\" | \"white\"")]
    pub side: &'static str,
    /// Nine ranks, 一 to 九, each of nine squares from file 9 to file 1: `""` or an SFEN piece
    /// (upper case Black, lower case White, `+` before a promoted piece).
    pub board: Vec<Vec<String>>,
    /// Each side's pieces in hand by SFEN letter (upper case), counts above zero only.
    pub hands: Hands,
    /// The side to move is in check.
    pub in_check: bool,
}

/// Both sides' pieces in hand.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, TS)]
pub struct Hands {
    /// Black's (先手).
    #[ts(type = "{ [piece in \"R\" | \"B\" | \"G\" | \"S\" | \"N\" | \"L\" | \"P\"]?: number }")]
    pub black: BTreeMap<char, u8>,
    /// White's (後手).
    #[ts(type = "{ [piece in \"R\" | \"B\" | \"G\" | \"S\" | \"N\" | \"L\" | \"P\"]?: number }")]
    pub white: BTreeMap<char, u8>,
}

/// A move as the page shows and plays it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, TS)]
pub struct MoveView {
    /// In USI.
    pub usi: String,
    /// In 日本式, with ▲ or △.
    pub ja: String,
    /// The square it leaves (USI, `7g`), or null for a drop.
    pub from: Option<String>,
    /// The square it goes to.
    pub to: String,
    /// The piece dropped (SFEN letter), or null.
    #[ts(type = "\"R\" | \"B\" | \"G\" | \"S\" | \"N\" | \"L\" | \"P\" | null")]
    pub drop: Option<char>,
    /// It promotes.
    pub promote: bool,
    /// It gives check.
    pub check: bool,
}

/// The name of a side in the views.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// `pos` as the page draws it.
pub fn position_view(pos: &Position) -> PositionView {
    let board = (1..=9u8)
        .map(|rank| {
            (1..=9u8)
                .rev()
                .map(|file| {
                    let sq = Square::new(file, rank).expect("on the board");
                    pos.piece_at(sq)
                        .map_or(String::new(), |p| piece_text(p.color, p.kind))
                })
                .collect()
        })
        .collect();
    let hand = |color| {
        pos.hand(color)
            .iter()
            .filter(|&(_, n)| n > 0)
            .map(|(kind, n)| (kind.sfen_letter(), n))
            .collect()
    };
    PositionView {
        sfen: to_sfen(pos),
        side: side_name(pos.side_to_move()),
        board,
        hands: Hands {
            black: hand(Color::Black),
            white: hand(Color::White),
        },
        in_check: pos.in_check(),
    }
}

/// A piece in SFEN: `+R`, `k`.
fn piece_text(color: Color, kind: PieceKind) -> String {
    let base = kind.unpromoted().sfen_letter();
    let letter = match color {
        Color::Black => base.to_ascii_uppercase(),
        Color::White => base.to_ascii_lowercase(),
    };
    if kind.is_promoted() {
        format!("+{letter}")
    } else {
        letter.to_string()
    }
}

/// `m`, legal in `pos`, where the move before went to `previous_to` (for 同).
pub fn move_view(pos: &Position, m: Move, previous_to: Option<Square>) -> MoveView {
    let mut after = pos.clone();
    after.make_move(m);
    MoveView {
        usi: m.to_string(),
        ja: move_to_japanese(pos, m, previous_to),
        from: m.from().map(|s| s.to_string()),
        to: m.to().to_string(),
        drop: m.drop_kind().map(PieceKind::sfen_letter),
        promote: m.is_promotion(),
        check: after.in_check(),
    }
}

/// Every legal move of the side to move in `pos`.
pub fn legal_views(pos: &Position, previous_to: Option<Square>) -> Vec<MoveView> {
    legal_move_list(pos)
        .as_slice()
        .iter()
        .map(|&m| move_view(pos, m, previous_to))
        .collect()
}

/// One ply of a line: the move and the position after it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, TS)]
pub struct StepView {
    /// The move.
    #[serde(rename = "move")]
    pub played: MoveView,
    /// The position after it.
    pub position: PositionView,
}

/// Why a line cannot be played.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum LineError {
    /// A word that is no USI move.
    #[error("move {index} '{text}': not a USI move")]
    Syntax {
        /// 1-based index in the line.
        index: usize,
        /// The word.
        text: String,
    },
    /// A move that is not legal where it is played.
    #[error("move {index} '{text}': illegal in the position reached")]
    Illegal {
        /// 1-based index in the line.
        index: usize,
        /// The move.
        text: String,
    },
    /// A ply marked as a futile interposition that is none.
    #[error("ply {0} is marked futile but is not a drop followed by its capture")]
    NotFutile(usize),
}

/// Reads `words` as USI moves, for their syntax.
pub fn line_moves(words: &[String]) -> Result<Vec<Move>, LineError> {
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            parse_usi_move_syntax(w.trim()).ok_or_else(|| LineError::Syntax {
                index: i + 1,
                text: w.clone(),
            })
        })
        .collect()
}

/// Plays `moves` from `start`, each checked legal: the position after each, and the position
/// reached. The plies of `futile` (1-based) are futile interpositions: after each one's capture
/// the piece is back in the defender's hand, as the tsume conventions count the line.
pub fn replay(
    start: &Position,
    moves: &[Move],
    futile: &[usize],
) -> Result<(Vec<StepView>, Position), LineError> {
    let mut pos = start.clone();
    let mut previous = None;
    let mut steps = Vec::with_capacity(moves.len());
    // A futile drop awaiting its capture, and the position before it.
    let mut pending: Option<(Move, Position)> = None;
    for (i, &m) in moves.iter().enumerate() {
        let ply = i + 1;
        if !is_legal(&pos, m) {
            return Err(LineError::Illegal {
                index: ply,
                text: m.to_string(),
            });
        }
        let played = move_view(&pos, m, previous);
        previous = Some(m.to());
        match pending.take() {
            Some((drop, mut before)) => {
                if m.to() != drop.to() {
                    return Err(LineError::NotFutile(ply - 1));
                }
                futile::enter(&mut before, Futility { drop, capture: m });
                pos = before;
            }
            None if futile.contains(&ply) => {
                if !m.is_drop() || ply == moves.len() {
                    return Err(LineError::NotFutile(ply));
                }
                pending = Some((m, pos.clone()));
                pos.make_move(m);
            }
            None => {
                pos.make_move(m);
            }
        }
        steps.push(StepView {
            played,
            position: position_view(&pos),
        });
    }
    Ok((steps, pos))
}
