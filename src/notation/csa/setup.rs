//! The position lines of a CSA record: `PI`, the rows `P1`…`P9` and the `P+`/`P-` placements,
//! built into a position piece by piece, each fault reported where it stands.

use super::{code, color_of, csa_square, read_kind, square_at, Stmt};
use crate::notation::excerpt::{excerpt, printable};
use crate::notation::fault::fault_square;
use crate::notation::record::RecordError;
use crate::notation::sfen::startpos;
use crate::shogi::{Color, Hand, Piece, PieceKind, Position, PositionError, Square};

/// How far the board description has got.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Form {
    /// Nothing placed yet.
    #[default]
    Empty,
    /// `PI`: the start position, maybe less the handicap pieces.
    Initial,
    /// Rows `P1`…`Pn` read.
    Rows(usize),
    /// `P+`/`P-` lines read (after `PI`, after all nine rows, or alone on an empty board).
    Pieces,
}

/// The position being built from position lines.
pub(super) struct Setup {
    board: [Option<Piece>; 81],
    hands: [Hand; 2],
    /// Pieces placed so far of each unpromoted kind (the king included), board and hands.
    placed: [u8; 8],
    pub(super) form: Form,
    /// The line and the column just past the end of the last position statement.
    pub(super) last: (usize, usize),
    /// The line of the first position statement.
    pub(super) first: Option<usize>,
    /// The line and column where each square's piece was placed.
    placed_at: [(usize, usize); 81],
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            board: [None; 81],
            hands: [Hand::EMPTY; 2],
            placed: [0; 8],
            form: Form::Empty,
            last: (1, 1),
            first: None,
            placed_at: [(1, 1); 81],
        }
    }
}

impl Setup {
    /// Reads a position statement: `PI…`, `P1`…`P9` or `P+…`/`P-…`.
    pub(super) fn statement(&mut self, stmt: &Stmt) -> Result<(), RecordError> {
        let chars = stmt.chars();
        self.last = (stmt.line, stmt.column + chars.len());
        self.first.get_or_insert(stmt.line);
        match chars.get(1).copied() {
            Some('I') => self.initial(stmt, &chars),
            Some(c @ '1'..='9') => self.row(stmt, &chars, c as usize - '0' as usize),
            Some(c) if color_of(c).is_some() => self.pieces(stmt, &chars),
            _ => fail!(
                stmt,
                0,
                "unknown position line '{}' (expected PI, P1 to P9, P+ or P-)",
                excerpt(stmt.text)
            ),
        }
    }

    /// `PI` then `SSKK` entries: the start position less the named pieces (a handicap).
    fn initial(&mut self, stmt: &Stmt, chars: &[char]) -> Result<(), RecordError> {
        if self.form != Form::Empty {
            fail!(stmt, 0, "PI must be the first position line");
        }
        self.form = Form::Initial;
        for (sq, p) in Square::all().zip(*startpos().board()) {
            if let Some(p) = p {
                self.place(stmt, 0, p.color, p.kind, Some(sq))?;
            }
        }
        for at in entries(stmt, chars)? {
            let Some(sq) = square_at(stmt, chars, at)? else {
                fail!(
                    stmt,
                    at,
                    "square 00 is only for hands: PI removes board pieces"
                );
            };
            let kind = read_kind(stmt, chars, at + 2)?;
            match self.board[sq.index()] {
                Some(p) if p.kind == kind => {
                    self.board[sq.index()] = None;
                    self.placed[kind.unpromoted().index()] -= 1;
                }
                _ => fail!(
                    stmt,
                    at,
                    "no {} on {} in the start position",
                    code(kind),
                    csa_square(sq)
                ),
            }
        }
        Ok(())
    }

    /// `Pn` and nine cells, file 9 first: ` * ` empty, `+FU` Black, `-FU` White. Spaces only
    /// separate cells, so rows whose trailing or doubled spaces were lost still read.
    fn row(&mut self, stmt: &Stmt, chars: &[char], rank: usize) -> Result<(), RecordError> {
        let expected = match self.form {
            Form::Empty => 1,
            Form::Rows(n) if n < 9 => n + 1,
            _ => fail!(stmt, 0, "P{rank} after the board was already given"),
        };
        if rank != expected {
            fail!(stmt, 1, "P{rank} where P{expected} was expected");
        }
        self.form = Form::Rows(rank);
        let (mut cells, mut at) = (0, 2);
        while let Some(&c) = chars.get(at) {
            if c == ' ' {
                at += 1;
                continue;
            }
            if cells == 9 {
                fail!(stmt, at, "P{rank} has more than 9 cells");
            }
            if let Some(color) = color_of(c) {
                let kind = read_kind(stmt, chars, at + 1)?;
                let sq = Square::new(9 - cells, rank as u8);
                let sq = sq.ok_or_else(|| stmt.err(at, "a cell off the board"))?;
                self.place(stmt, at, color, kind, Some(sq))?;
                at += 3;
            } else if c == '*' {
                at += 1;
            } else {
                fail!(
                    stmt,
                    at,
                    "unexpected '{}' in P{rank} (expected ' * ' or a sign and a piece code)",
                    printable(c)
                );
            }
            cells += 1;
        }
        if cells < 9 {
            fail!(stmt, chars.len(), "P{rank} has {cells} cells, expected 9");
        }
        Ok(())
    }

    /// `P+`/`P-` then `SSKK` entries: a piece on a square, `00KK` one in hand, `00AL` every
    /// piece not yet placed (kings excluded) in hand.
    fn pieces(&mut self, stmt: &Stmt, chars: &[char]) -> Result<(), RecordError> {
        if let Form::Rows(n @ 1..=8) = self.form {
            fail!(stmt, 0, "P{} expected before P+/P- lines", n + 1);
        }
        self.form = Form::Pieces;
        let color = chars
            .get(1)
            .copied()
            .and_then(color_of)
            .unwrap_or(Color::Black);
        for at in entries(stmt, chars)? {
            let sq = square_at(stmt, chars, at)?;
            let text: String = chars.iter().skip(at + 2).take(2).collect();
            match (text.as_str(), sq) {
                ("AL", None) => self.all_remaining(color),
                ("AL", Some(_)) => fail!(stmt, at, "AL (all remaining pieces) goes with 00: 00AL"),
                _ => {
                    let kind = read_kind(stmt, chars, at + 2)?;
                    self.place(stmt, at, color, kind, sq)?;
                }
            }
        }
        Ok(())
    }

    /// Gives `color` every piece not yet placed, kings excluded.
    fn all_remaining(&mut self, color: Color) {
        for kind in PieceKind::HAND {
            let max = kind.max_count();
            let hand = &mut self.hands[color.index()];
            let total = hand.count(kind) + max.saturating_sub(self.placed[kind.index()]);
            *hand = hand.with_count(kind, total).unwrap_or(*hand);
            self.placed[kind.index()] = max;
        }
    }

    /// Puts a piece on `sq`, or in `color`'s hand for `None`, counting it against the set.
    fn place(
        &mut self,
        stmt: &Stmt,
        at: usize,
        color: Color,
        kind: PieceKind,
        sq: Option<Square>,
    ) -> Result<(), RecordError> {
        let base = kind.unpromoted();
        let is_king = |p: &Piece| p.kind == PieceKind::King && p.color == color;
        if base == PieceKind::King && self.board.iter().flatten().any(is_king) {
            fail!(stmt, at, "{color:?} has a second king");
        }
        if self.placed[base.index()] >= base.max_count() {
            fail!(
                stmt,
                at,
                "too many {}: the set holds {}",
                code(base),
                base.max_count()
            );
        }
        match sq {
            Some(sq) if self.board[sq.index()].is_some() => {
                fail!(stmt, at, "two pieces on {}", csa_square(sq))
            }
            Some(sq) => {
                self.board[sq.index()] = Some(Piece::new(color, kind));
                self.placed_at[sq.index()] = (stmt.line, stmt.column + at);
            }
            None if kind.is_promoted() || kind == PieceKind::King => {
                fail!(
                    stmt,
                    at + 2,
                    "a hand holds only FU, KY, KE, GI, KI, KA, HI, not {}",
                    code(kind)
                )
            }
            None => self.hands[color.index()] = self.hands[color.index()].plus(kind),
        }
        self.placed[base.index()] += 1;
        Ok(())
    }

    /// The position with `side` to move, checked legal; a fault is put where the piece it names
    /// was placed ([`fault_square`]), else at the turn line.
    pub(super) fn finish(&self, side: Color, turn: &Stmt) -> Result<Position, RecordError> {
        if let Form::Rows(n @ 1..=8) = self.form {
            fail!(turn, 0, "P{} expected before the turn line", n + 1);
        }
        match Position::new(self.board, self.hands, side, 1) {
            Ok(pos) => Ok(pos),
            Err(e) => {
                let message = format!("illegal position: {}", position_fault(&e));
                Err(match fault_square(&e, &self.board) {
                    Some(sq) => {
                        let (line, column) = self.placed_at[sq.index()];
                        RecordError::new(line, column, message)
                    }
                    None => turn.err(0, message),
                })
            }
        }
    }
}

/// The offsets of the four-character entries after a two-character `PI`, `P+` or `P-`.
fn entries(stmt: &Stmt, chars: &[char]) -> Result<impl Iterator<Item = usize>, RecordError> {
    let len = chars.len().max(2);
    let at = len - (len - 2) % 4;
    if at < len {
        let rest: String = chars.iter().skip(at).collect();
        fail!(
            stmt,
            at,
            "truncated entry '{}' (expected a square and a piece code, e.g. 55KI or 00KI)",
            excerpt(&rest)
        );
    }
    Ok((2..len).step_by(4))
}

/// A position fault in words, squares and kinds as CSA writes them.
fn position_fault(e: &PositionError) -> String {
    match *e {
        PositionError::DoublePawn { color, file } => {
            format!("二歩: two unpromoted {color:?} FU on file {file}")
        }
        PositionError::DeadPiece { kind, square } => {
            format!("{} on {} could never move", code(kind), csa_square(square))
        }
        PositionError::OpponentInCheck { color } => {
            format!("{color:?} is in check but {:?} is to move", !color)
        }
        ref other => other.to_string(),
    }
}
