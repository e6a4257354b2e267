//! The position: board, hands, side to move, and incrementally updated keys.

use super::attacks::{
    between, bishop_attacks, bishop_pseudo_attacks, gold_attacks, king_attacks, knight_attacks,
    lance_attacks, pawn_attacks, rook_attacks, rook_pseudo_attacks, silver_attacks,
};
use super::rules::is_dead_piece;
use super::{zobrist, Bitboard, Color, Hand, Move, Piece, PieceKind, Square};
use thiserror::Error;

/// Why a set of pieces is not a legal shogi position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// More pieces of a kind (board and both hands, promoted counted with their base) than the
    /// set holds.
    #[error("too many {kind:?} pieces: {count}, the set holds {max}")]
    TooManyPieces {
        /// The unpromoted kind.
        kind: PieceKind,
        /// How many the position has.
        count: u8,
        /// How many the set has.
        max: u8,
    },
    /// A side with more than one king.
    #[error("{color:?} has {count} kings")]
    TooManyKings {
        /// The side.
        color: Color,
        /// How many.
        count: u8,
    },
    /// 二歩: two unpromoted pawns of one side on one file.
    #[error("二歩: two {color:?} pawns on file {file}")]
    DoublePawn {
        /// The side.
        color: Color,
        /// The file, 1..=9.
        file: u8,
    },
    /// A piece that can never move again (pawn or lance on the last rank, knight on the last two).
    #[error("{kind:?} on {square} can never move")]
    DeadPiece {
        /// The piece's kind.
        kind: PieceKind,
        /// Where it stands.
        square: Square,
    },
    /// The side that is not to move is in check: the side to move could capture the king.
    #[error("the side not to move ({color:?}) is in check")]
    OpponentInCheck {
        /// The side in check.
        color: Color,
    },
}

/// How many pieces of a kind a position may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PieceCounts {
    /// No more than the set: 18 pawns, 4 each of lance, knight, silver, gold, 2 bishops, 2 rooks.
    #[default]
    Standard,
    /// As many as a hand can hold (31 pawns, 7 of the small pieces, 3 bishops, 3 rooks): for
    /// composed test positions such as some perft suites use.
    Extended,
}

/// What [`Position::make_move`] returns so that [`Position::unmake_move`] can undo it.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: Option<Piece>,
    ply: u32,
    board_key: u64,
    hand_key: u64,
}

// The move number fits beside the captured piece: an undo is three words.
const _: () = assert!(std::mem::size_of::<Undo>() == 24);

/// A shogi position. The board key (pieces on squares and the side to move) is kept apart from
/// the hand key, so a table can key on the board and compare hands separately.
#[derive(Clone, Debug)]
pub struct Position {
    board: [Option<Piece>; 81],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; PieceKind::NUM],
    hands: [Hand; 2],
    side: Color,
    kings: [Option<Square>; 2],
    board_key: u64,
    hand_key: u64,
    ply: u32,
}

impl PartialEq for Position {
    /// Positions are equal when board, hands and side to move are; the move number is ignored.
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board && self.hands == other.hands && self.side == other.side
    }
}
impl Eq for Position {}

impl Position {
    /// Builds a position and checks that it is legal: piece counts within the set, at most one
    /// king a side, no 二歩, no piece that can never move, the side not to move not in check.
    /// Kings are optional (a tsume attacker usually has none).
    pub fn new(
        board: [Option<Piece>; 81],
        hands: [Hand; 2],
        side: Color,
        ply: u32,
    ) -> Result<Position, PositionError> {
        Position::new_with_counts(board, hands, side, ply, PieceCounts::Standard)
    }

    /// [`Position::new`] with a choice of how many pieces of a kind are allowed.
    pub fn new_with_counts(
        board: [Option<Piece>; 81],
        hands: [Hand; 2],
        side: Color,
        ply: u32,
        limit: PieceCounts,
    ) -> Result<Position, PositionError> {
        let mut pos = Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; PieceKind::NUM],
            hands,
            side,
            kings: [None; 2],
            board_key: 0,
            hand_key: 0,
            ply,
        };
        let mut counts = [0u8; 8]; // a u8 cannot overflow: 81 squares plus hands of at most 31
        let mut kings = [0u8; 2];
        for sq in Square::all() {
            if let Some(p) = board[sq.index()] {
                if is_dead_piece(p.color, p.kind, sq) {
                    return Err(PositionError::DeadPiece {
                        kind: p.kind,
                        square: sq,
                    });
                }
                if p.kind == PieceKind::King {
                    kings[p.color.index()] += 1;
                }
                counts[p.kind.unpromoted().index()] += 1;
                pos.put(sq, p);
            }
        }
        for color in Color::ALL {
            if kings[color.index()] > 1 {
                return Err(PositionError::TooManyKings {
                    color,
                    count: kings[color.index()],
                });
            }
            for (kind, n) in hands[color.index()].iter() {
                counts[kind.index()] += n;
                pos.hand_key = pos
                    .hand_key
                    .wrapping_add(zobrist::hand(color, kind).wrapping_mul(n as u64));
            }
        }
        for kind in PieceKind::HAND {
            let max = match limit {
                PieceCounts::Standard => kind.max_count(),
                PieceCounts::Extended => Hand::capacity(kind),
            };
            let count = counts[kind.index()];
            if count > max {
                return Err(PositionError::TooManyPieces { kind, count, max });
            }
        }
        for color in Color::ALL {
            let pawns = pos.pieces_of(color, PieceKind::Pawn);
            for file in 1..=9 {
                if (pawns & Bitboard::file(file)).has_more_than_one() {
                    return Err(PositionError::DoublePawn { color, file });
                }
            }
        }
        if side == Color::White {
            pos.board_key ^= zobrist::SIDE;
        }
        if pos.is_in_check(!side) {
            return Err(PositionError::OpponentInCheck { color: !side });
        }
        Ok(pos)
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The whole board, indexed by square index.
    #[inline]
    pub fn board(&self) -> &[Option<Piece>; 81] {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The hand of `color`.
    #[inline]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// Both hands, Black's first.
    #[inline]
    pub fn hands(&self) -> [Hand; 2] {
        self.hands
    }

    /// The square of `color`'s king, if it has one.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// The move number (1 for the first move), as in SFEN. It stops at `u32::MAX`.
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// Key of the board and the side to move; hands excluded.
    #[inline]
    pub fn board_key(&self) -> u64 {
        self.board_key
    }

    /// Key of both hands.
    #[inline]
    pub fn hand_key(&self) -> u64 {
        self.hand_key
    }

    /// Key of the whole position (board, side to move and hands).
    #[inline]
    pub fn key(&self) -> u64 {
        self.board_key ^ self.hand_key
    }

    /// The pieces of `color` that attack `sq`, with occupancy `occ`. A slider's attack is
    /// computed only when one of that kind stands on an empty-board line through `sq`.
    #[inline]
    pub fn attackers_to(&self, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
        use PieceKind::*;
        let them = !color;
        let own = self.by_color[color.index()];
        let k = &self.by_kind;
        let mut bb = ((pawn_attacks(them, sq) & k[Pawn.index()])
            | (knight_attacks(them, sq) & k[Knight.index()])
            | (silver_attacks(them, sq) & k[Silver.index()])
            | (gold_attacks(them, sq) & self.gold_like_squares())
            | (king_attacks(sq) & (k[King.index()] | k[Horse.index()] | k[Dragon.index()])))
            & own;
        let diagonal = (k[Bishop.index()] | k[Horse.index()]) & own & bishop_pseudo_attacks(sq);
        if diagonal.is_any() {
            bb |= bishop_attacks(sq, occ) & diagonal;
        }
        let straight = (k[Rook.index()] | k[Dragon.index()]) & own & rook_pseudo_attacks(sq);
        if straight.is_any() {
            bb |= rook_attacks(sq, occ) & straight;
        }
        let lances = k[Lance.index()] & own & lance_attacks(them, sq, Bitboard::EMPTY);
        if lances.is_any() {
            bb |= lance_attacks(them, sq, occ) & lances;
        }
        bb
    }

    /// Whether any piece of `color` attacks `sq`, with occupancy `occ`. Cheaper than
    /// [`Position::attackers_to`]: step pieces first, and a slider's attack is computed only when
    /// one of that kind stands on an empty-board line through `sq`.
    #[inline]
    pub fn is_attacked_by(&self, color: Color, sq: Square, occ: Bitboard) -> bool {
        use PieceKind::*;
        let them = !color;
        let own = self.by_color[color.index()];
        let k = &self.by_kind;
        if ((pawn_attacks(them, sq) & k[Pawn.index()])
            | (knight_attacks(them, sq) & k[Knight.index()])
            | (silver_attacks(them, sq) & k[Silver.index()])
            | (gold_attacks(them, sq) & self.gold_like_squares())
            | (king_attacks(sq) & (k[King.index()] | k[Horse.index()] | k[Dragon.index()])))
            & own
            != Bitboard::EMPTY
        {
            return true;
        }
        let diagonal = (k[Bishop.index()] | k[Horse.index()]) & own;
        if (diagonal & bishop_pseudo_attacks(sq)).is_any()
            && (bishop_attacks(sq, occ) & diagonal).is_any()
        {
            return true;
        }
        let straight = (k[Rook.index()] | k[Dragon.index()]) & own;
        if (straight & rook_pseudo_attacks(sq)).is_any()
            && (rook_attacks(sq, occ) & straight).is_any()
        {
            return true;
        }
        let lances = k[Lance.index()] & own;
        lances.is_any() && (lance_attacks(them, sq, occ) & lances).is_any()
    }

    /// Whether `color`'s king is attacked. A side without a king is never in check.
    #[inline]
    pub fn is_in_check(&self, color: Color) -> bool {
        match self.king(color) {
            Some(k) => self.is_attacked_by(!color, k, self.occupied()),
            None => false,
        }
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_in_check(self.side)
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.king(self.side) {
            Some(k) => self.attackers_to(!self.side, k, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// The pieces (of either side) that stand alone between `ksq` and a bishop, rook, horse,
    /// dragon or lance of `slider_color` aimed at it, with occupancy `occ`. Those of the king's
    /// side are pinned; those of `slider_color` can give a discovered check.
    pub fn slider_blockers(&self, ksq: Square, slider_color: Color, occ: Bitboard) -> Bitboard {
        use PieceKind::*;
        let snipers = ((self.by_kind[Rook.index()] | self.by_kind[Dragon.index()])
            & rook_pseudo_attacks(ksq))
            | ((self.by_kind[Bishop.index()] | self.by_kind[Horse.index()])
                & bishop_pseudo_attacks(ksq))
            | (self.by_kind[Lance.index()] & lance_attacks(!slider_color, ksq, Bitboard::EMPTY));
        let mut blockers = Bitboard::EMPTY;
        for s in snipers & self.by_color[slider_color.index()] {
            let b = between(ksq, s) & occ;
            if b.is_any() && !b.has_more_than_one() {
                blockers |= b;
            }
        }
        blockers
    }

    /// The squares of `color`'s gold-like pieces (gold and the four small promoted kinds).
    #[inline]
    pub(crate) fn gold_likes(&self, color: Color) -> Bitboard {
        self.gold_like_squares() & self.by_color[color.index()]
    }

    /// The squares of gold-like pieces (gold and the four small promoted kinds), both colours.
    #[inline]
    fn gold_like_squares(&self) -> Bitboard {
        use PieceKind::*;
        let k = &self.by_kind;
        k[Gold.index()]
            | k[ProPawn.index()]
            | k[ProLance.index()]
            | k[ProKnight.index()]
            | k[ProSilver.index()]
    }

    #[inline]
    fn put(&mut self, sq: Square, p: Piece) {
        let b = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(p);
        self.by_color[p.color.index()] |= b;
        self.by_kind[p.kind.index()] |= b;
        self.board_key ^= zobrist::piece(p.color, p.kind, sq.index());
        if p.kind == PieceKind::King {
            self.kings[p.color.index()] = Some(sq);
        }
    }

    #[inline]
    fn remove(&mut self, sq: Square, p: Piece) {
        let b = Bitboard::from_square(sq);
        self.board[sq.index()] = None;
        self.by_color[p.color.index()] ^= b;
        self.by_kind[p.kind.index()] ^= b;
        self.board_key ^= zobrist::piece(p.color, p.kind, sq.index());
        if p.kind == PieceKind::King {
            self.kings[p.color.index()] = None;
        }
    }

    #[inline]
    fn add_to_hand(&mut self, color: Color, kind: PieceKind) {
        self.hands[color.index()] = self.hands[color.index()].plus(kind);
        self.hand_key = self.hand_key.wrapping_add(zobrist::hand(color, kind));
    }

    #[inline]
    fn take_from_hand(&mut self, color: Color, kind: PieceKind) {
        self.hands[color.index()] = self.hands[color.index()].minus(kind);
        self.hand_key = self.hand_key.wrapping_sub(zobrist::hand(color, kind));
    }

    /// Moves one `kind` from `from`'s hand to the other side's hand (the board is unchanged).
    /// Undone by the same call with the colours swapped.
    pub fn pass_hand_piece(&mut self, from: Color, kind: PieceKind) {
        self.take_from_hand(from, kind);
        self.add_to_hand(!from, kind);
    }

    /// The board key and the mover's hand after `m`, without playing it.
    #[inline]
    pub fn keys_after(&self, m: Move) -> (u64, Hand) {
        let us = self.side;
        let to = m.to();
        let mut key = self.board_key ^ zobrist::SIDE;
        let mut hand = self.hands[us.index()];
        match m.from() {
            None => {
                let kind = m.drop_kind().expect("a move without origin is a drop");
                key ^= zobrist::piece(us, kind, to.index());
                hand = hand.minus(kind);
            }
            Some(from) => {
                let p = self.board[from.index()].expect("a move starts on a piece");
                if let Some(c) = self.board[to.index()] {
                    key ^= zobrist::piece(c.color, c.kind, to.index());
                    hand = hand.plus(c.kind.unpromoted());
                }
                let kind = if m.is_promotion() {
                    p.kind.promoted()
                } else {
                    p.kind
                };
                key ^=
                    zobrist::piece(us, p.kind, from.index()) ^ zobrist::piece(us, kind, to.index());
            }
        }
        (key, hand)
    }

    /// Plays `m`, which must be legal (or at least pseudo-legal) in this position.
    #[inline]
    pub fn make_move(&mut self, m: Move) -> Undo {
        let us = self.side;
        let to = m.to();
        let undo = Undo {
            captured: self.board[to.index()],
            ply: self.ply,
            board_key: self.board_key,
            hand_key: self.hand_key,
        };
        match m.from() {
            None => {
                let kind = m.drop_kind().expect("a move without origin is a drop");
                self.take_from_hand(us, kind);
                self.put(to, Piece::new(us, kind));
            }
            Some(from) => {
                let p = self.board[from.index()].expect("a move starts on a piece");
                if let Some(c) = undo.captured {
                    self.remove(to, c);
                    self.add_to_hand(us, c.kind.unpromoted());
                }
                self.remove(from, p);
                let kind = if m.is_promotion() {
                    p.kind.promoted()
                } else {
                    p.kind
                };
                self.put(to, Piece::new(us, kind));
            }
        }
        self.side = !us;
        self.board_key ^= zobrist::SIDE;
        // The move number stops at its largest value (a text may start there) rather than wrap.
        self.ply = self.ply.saturating_add(1);
        undo
    }

    /// Takes back `m`, which was the last move made, with what [`Position::make_move`] returned.
    #[inline]
    pub fn unmake_move(&mut self, m: Move, undo: Undo) {
        let us = !self.side;
        let to = m.to();
        let moved = self.board[to.index()].expect("the moved piece is on its destination");
        self.remove(to, moved);
        match m.from() {
            None => self.hands[us.index()] = self.hands[us.index()].plus(moved.kind),
            Some(from) => {
                let kind = if m.is_promotion() {
                    moved.kind.unpromoted()
                } else {
                    moved.kind
                };
                self.put(from, Piece::new(us, kind));
                if let Some(c) = undo.captured {
                    self.hands[us.index()] = self.hands[us.index()].minus(c.kind.unpromoted());
                    self.put(to, c);
                }
            }
        }
        self.side = us;
        self.ply = undo.ply;
        self.board_key = undo.board_key;
        self.hand_key = undo.hand_key;
    }

    /// The position with `color`'s hand replaced. The caller keeps piece counts within the set.
    pub fn with_hand(&self, color: Color, hand: Hand) -> Position {
        let mut p = self.clone();
        for (kind, n) in p.hands[color.index()].iter() {
            p.hand_key = p
                .hand_key
                .wrapping_sub(zobrist::hand(color, kind).wrapping_mul(n as u64));
        }
        for (kind, n) in hand.iter() {
            p.hand_key = p
                .hand_key
                .wrapping_add(zobrist::hand(color, kind).wrapping_mul(n as u64));
        }
        p.hands[color.index()] = hand;
        p
    }
}
