//! Bytes drive a walk through legal moves, from the start position or from a position built from
//! the bytes. At every step the generated legal moves and check moves are compared with an
//! independent reading of the rules (a step-by-step mover written here, without the library's
//! attack tables), and every legal move is made and unmade: the position after it must match the
//! reference board, its keys must equal keys computed from scratch, and unmaking must restore
//! the position and keys exactly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;
use tsume::notation::sfen::{startpos, to_sfen};
use tsume::shogi::movegen::{check_moves, legal_move_list};
use tsume::shogi::{Color, Hand, Move, MoveList, Piece, PieceCounts, PieceKind, Position, Square};

/// The longest walk, in plies.
const MAX_STEPS: usize = 96;

/// Reads the fuzzer's bytes one at a time, zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }
    fn byte(&mut self) -> u8 {
        self.next().unwrap_or(0)
    }
}

// ---------------------------------------------------------------------------------------------
// The reference: the rules read directly, square by square.

type Board = [Option<Piece>; 81];

fn at(file: i8, rank: i8) -> Option<Square> {
    if (1..=9).contains(&file) && (1..=9).contains(&rank) {
        Square::new(file as u8, rank as u8)
    } else {
        None
    }
}

/// `(file step, rank step, ranging)` as Black sees them (rank −1 is forward).
type Direction = (i8, i8, bool);

const PAWN: &[Direction] = &[(0, -1, false)];
const LANCE: &[Direction] = &[(0, -1, true)];
const KNIGHT: &[Direction] = &[(-1, -2, false), (1, -2, false)];
const SILVER: &[Direction] = &[
    (0, -1, false),
    (-1, -1, false),
    (1, -1, false),
    (-1, 1, false),
    (1, 1, false),
];
const GOLD: &[Direction] = &[
    (0, -1, false),
    (-1, -1, false),
    (1, -1, false),
    (-1, 0, false),
    (1, 0, false),
    (0, 1, false),
];
const KING: &[Direction] = &[
    (-1, -1, false),
    (0, -1, false),
    (1, -1, false),
    (-1, 0, false),
    (1, 0, false),
    (-1, 1, false),
    (0, 1, false),
    (1, 1, false),
];
const BISHOP: &[Direction] = &[(-1, -1, true), (1, -1, true), (-1, 1, true), (1, 1, true)];
const ROOK: &[Direction] = &[(0, -1, true), (0, 1, true), (-1, 0, true), (1, 0, true)];
const HORSE: &[Direction] = &[
    (-1, -1, true),
    (1, -1, true),
    (-1, 1, true),
    (1, 1, true),
    (0, -1, false),
    (0, 1, false),
    (-1, 0, false),
    (1, 0, false),
];
const DRAGON: &[Direction] = &[
    (0, -1, true),
    (0, 1, true),
    (-1, 0, true),
    (1, 0, true),
    (-1, -1, false),
    (1, -1, false),
    (-1, 1, false),
    (1, 1, false),
];

/// The directions of a piece.
fn directions(kind: PieceKind) -> &'static [Direction] {
    use PieceKind::*;
    match kind {
        Pawn => PAWN,
        Lance => LANCE,
        Knight => KNIGHT,
        Silver => SILVER,
        Gold | ProPawn | ProLance | ProKnight | ProSilver => GOLD,
        King => KING,
        Bishop => BISHOP,
        Rook => ROOK,
        Horse => HORSE,
        Dragon => DRAGON,
    }
}

/// Calls `visit` with each square the piece on `from` reaches (own pieces included, as attacked
/// squares) until it returns true; returns whether it did.
fn any_reached(board: &Board, from: Square, mut visit: impl FnMut(Square) -> bool) -> bool {
    let p = board[from.index()].expect("a piece");
    let sign = if p.color == Color::Black { 1 } else { -1 };
    for &(df, dr, range) in directions(p.kind) {
        let (mut f, mut r) = (from.file() as i8, from.rank() as i8);
        loop {
            f += df;
            r += dr * sign;
            let Some(s) = at(f, r) else { break };
            if visit(s) {
                return true;
            }
            if !range || board[s.index()].is_some() {
                break;
            }
        }
    }
    false
}

/// The squares the piece on `from` reaches.
fn reach(board: &Board, from: Square) -> Vec<Square> {
    let mut out = Vec::new();
    any_reached(board, from, |s| {
        out.push(s);
        false
    });
    out
}

fn king_square(board: &Board, color: Color) -> Option<Square> {
    Square::all().find(|s| board[s.index()] == Some(Piece::new(color, PieceKind::King)))
}

/// Whether some piece of `by` attacks `target`.
fn attacked(board: &Board, by: Color, target: Square) -> bool {
    Square::all().any(|s| {
        board[s.index()].is_some_and(|p| p.color == by) && any_reached(board, s, |t| t == target)
    })
}

/// Whether `color`'s king (if it has one) is attacked.
fn in_check(board: &Board, color: Color) -> bool {
    king_square(board, color).is_some_and(|k| attacked(board, !color, k))
}

/// Pawns and lances on the last rank, knights on the last two: they could never move again.
fn dead(color: Color, kind: PieceKind, sq: Square) -> bool {
    let last = if color == Color::Black {
        sq.rank()
    } else {
        10 - sq.rank()
    };
    match kind {
        PieceKind::Pawn | PieceKind::Lance => last == 1,
        PieceKind::Knight => last <= 2,
        _ => false,
    }
}

fn in_zone(color: Color, sq: Square) -> bool {
    match color {
        Color::Black => sq.rank() <= 3,
        Color::White => sq.rank() >= 7,
    }
}

/// The board and hands after `m` by `us`.
fn play(board: &Board, hands: [Hand; 2], us: Color, m: Move) -> (Board, [Hand; 2]) {
    let mut b = *board;
    let mut h = hands;
    let to = m.to();
    match m.from() {
        None => {
            let kind = m.drop_kind().expect("a drop");
            h[us.index()] = h[us.index()].minus(kind);
            b[to.index()] = Some(Piece::new(us, kind));
        }
        Some(from) => {
            let p = b[from.index()].take().expect("a piece to move");
            if let Some(c) = b[to.index()] {
                assert_ne!(c.kind, PieceKind::King, "{m} captures a king");
                h[us.index()] = h[us.index()].plus(c.kind.unpromoted());
            }
            let kind = if m.is_promotion() {
                p.kind.promoted()
            } else {
                p.kind
            };
            b[to.index()] = Some(Piece::new(us, kind));
        }
    }
    (b, h)
}

/// Every legal move of `us`, read from the rules. The pawn-drop-mate rule is applied when
/// `pawn_drop_mate` is set (it never matters for the replies it is judged by: a drop cannot
/// answer the check of an adjacent pawn).
fn reference_moves(board: &Board, hands: [Hand; 2], us: Color, pawn_drop_mate: bool) -> Vec<Move> {
    let mut candidates = Vec::new();
    for from in Square::all() {
        let Some(p) = board[from.index()] else {
            continue;
        };
        if p.color != us {
            continue;
        }
        for to in reach(board, from) {
            if board[to.index()].is_some_and(|q| q.color == us) {
                continue;
            }
            if p.kind.can_promote() && (in_zone(us, from) || in_zone(us, to)) {
                candidates.push(Move::normal(from, to, true));
            }
            if !dead(us, p.kind, to) {
                candidates.push(Move::normal(from, to, false));
            }
        }
    }
    for kind in PieceKind::HAND {
        if !hands[us.index()].has(kind) {
            continue;
        }
        for to in Square::all() {
            if board[to.index()].is_some() || dead(us, kind, to) {
                continue;
            }
            if kind == PieceKind::Pawn
                && (1..=9).any(|r| {
                    board[Square::new(to.file(), r).unwrap().index()]
                        == Some(Piece::new(us, PieceKind::Pawn))
                })
            {
                continue;
            }
            candidates.push(Move::drop(kind, to));
        }
    }
    candidates.retain(|&m| {
        let (b, h) = play(board, hands, us, m);
        if in_check(&b, us) {
            return false;
        }
        if pawn_drop_mate && m.drop_kind() == Some(PieceKind::Pawn) && in_check(&b, !us) {
            // 打ち歩詰め: a checking pawn drop that leaves no reply.
            return !reference_moves(&b, h, !us, false).is_empty();
        }
        true
    });
    candidates
}

// ---------------------------------------------------------------------------------------------
// The walk.

/// A legal position from the bytes, or the start position. Pieces that would break a rule (a
/// second king, more than the set allows, 二歩, a piece that could never move) are left out;
/// when the side not to move is in check, the other side moves.
fn start(bytes: &mut Bytes<'_>) -> Option<Position> {
    let mode = bytes.byte();
    if mode & 1 == 0 {
        return Some(startpos());
    }
    let limit = if mode & 4 == 0 {
        PieceCounts::Standard
    } else {
        PieceCounts::Extended
    };
    let most = |kind: PieceKind| match limit {
        PieceCounts::Standard => kind.max_count(),
        PieceCounts::Extended => Hand::capacity(kind),
    };
    let mut board: Board = [None; 81];
    let mut used = [0u8; 7];
    let mut kings = [false; 2];
    let pieces = bytes.byte() % 41;
    for _ in 0..pieces {
        let sq = Square::from_index((bytes.byte() % 81) as usize).expect("a square");
        let p = bytes.byte();
        let color = if p & 1 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let kind = PieceKind::from_index((p >> 1) as usize % PieceKind::NUM).expect("a kind");
        let double_pawn = kind == PieceKind::Pawn
            && (1..=9).any(|r| {
                board[Square::new(sq.file(), r).unwrap().index()]
                    == Some(Piece::new(color, PieceKind::Pawn))
            });
        let full = if kind == PieceKind::King {
            kings[color.index()]
        } else {
            used[kind.unpromoted().index()] >= most(kind.unpromoted())
        };
        if board[sq.index()].is_some() || full || double_pawn || dead(color, kind, sq) {
            continue;
        }
        if kind == PieceKind::King {
            kings[color.index()] = true;
        } else {
            used[kind.unpromoted().index()] += 1;
        }
        board[sq.index()] = Some(Piece::new(color, kind));
    }
    let mut hands = [Hand::EMPTY; 2];
    for hand in &mut hands {
        for kind in PieceKind::HAND {
            let b = bytes.byte();
            let wanted = if b & 0x80 == 0 { b % 3 } else { b & 0x7F };
            let n = wanted.min(most(kind) - used[kind.index()]);
            used[kind.index()] += n;
            *hand = hand.with_count(kind, n)?;
        }
    }
    let side = if mode & 2 == 0 {
        Color::Black
    } else {
        Color::White
    };
    Position::new_with_counts(board, hands, side, 1, limit)
        .or_else(|_| Position::new_with_counts(board, hands, !side, 1, limit))
        .ok()
}

/// The position's keys computed from scratch.
fn fresh_keys(pos: &Position) -> (u64, u64) {
    let fresh = Position::new_with_counts(
        *pos.board(),
        pos.hands(),
        pos.side_to_move(),
        pos.ply(),
        PieceCounts::Extended,
    )
    .unwrap_or_else(|e| panic!("{} reached by legal moves is illegal: {e}", to_sfen(pos)));
    (fresh.board_key(), fresh.hand_key())
}

fn as_set(list: &MoveList, what: &str, pos: &Position) -> BTreeSet<u16> {
    let set: BTreeSet<u16> = list.iter().map(|m| m.raw()).collect();
    assert_eq!(
        set.len(),
        list.len(),
        "{what} repeat a move in {}",
        to_sfen(pos)
    );
    set
}

fn names(moves: &BTreeSet<u16>, all: &[Move]) -> BTreeSet<String> {
    all.iter()
        .filter(|m| moves.contains(&m.raw()))
        .map(|m| m.to_string())
        .collect()
}

/// Checks the generators and make/unmake at `pos`; returns the legal moves.
fn check_position(pos: &mut Position) -> MoveList {
    let sfen = to_sfen(pos);
    let us = pos.side_to_move();
    let board = *pos.board();
    let hands = pos.hands();
    let legal = legal_move_list(pos);
    let mut checks = MoveList::new();
    check_moves(pos, &mut checks);

    let reference = reference_moves(&board, hands, us, true);
    let reference_set: BTreeSet<u16> = reference.iter().map(|m| m.raw()).collect();
    let legal_set = as_set(&legal, "legal moves", pos);
    let all: Vec<Move> = reference.iter().chain(legal.iter()).copied().collect();
    assert!(
        legal_set == reference_set,
        "{sfen}: generated but illegal {:?}, legal but not generated {:?}",
        names(
            &legal_set.difference(&reference_set).copied().collect(),
            &all
        ),
        names(
            &reference_set.difference(&legal_set).copied().collect(),
            &all
        ),
    );

    let checking: BTreeSet<u16> = reference
        .iter()
        .filter(|&&m| in_check(&play(&board, hands, us, m).0, !us))
        .map(|m| m.raw())
        .collect();
    let check_set = as_set(&checks, "check moves", pos);
    assert!(
        check_set == checking,
        "{sfen}: check moves not legal checks {:?}, legal checks not generated {:?}",
        names(&check_set.difference(&checking).copied().collect(), &all),
        names(&checking.difference(&check_set).copied().collect(), &all),
    );

    let before = pos.clone();
    let keys = (pos.board_key(), pos.hand_key());
    assert_eq!(
        keys,
        fresh_keys(pos),
        "{sfen}: keys differ from keys from scratch"
    );
    for &m in legal.iter() {
        let (key_after, hand_after) = pos.keys_after(m);
        let undo = pos.make_move(m);
        let (b, h) = play(&board, hands, us, m);
        assert!(
            pos.board() == &b && pos.hands() == h,
            "{sfen}: {m} misplayed"
        );
        assert_eq!(pos.side_to_move(), !us);
        assert_eq!(pos.ply(), before.ply() + 1);
        for c in Color::ALL {
            assert_eq!(pos.king(c), king_square(&b, c), "{sfen}: {m} loses a king");
        }
        let now = (pos.board_key(), pos.hand_key());
        assert_eq!(
            now,
            fresh_keys(pos),
            "{sfen}: keys after {m} differ from scratch"
        );
        assert_eq!(
            (key_after, hand_after),
            (now.0, pos.hand(us)),
            "{sfen}: keys_after {m}"
        );
        pos.unmake_move(m, undo);
        assert!(
            *pos == before && pos.ply() == before.ply(),
            "{sfen}: {m} not undone"
        );
        assert_eq!(
            (pos.board_key(), pos.hand_key()),
            keys,
            "{sfen}: keys after undoing {m}"
        );
        assert_eq!(pos.king(Color::Black), before.king(Color::Black));
        assert_eq!(pos.king(Color::White), before.king(Color::White));
    }
    legal
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let Some(mut pos) = start(&mut bytes) else {
        return;
    };
    let origin = pos.clone();
    let mut played: Vec<(Move, tsume::shogi::Undo, Position)> = Vec::new();
    for _ in 0..MAX_STEPS {
        let Some(b) = bytes.next() else { break };
        let legal = check_position(&mut pos);
        if b == 0xFF {
            // Take back the last move.
            if let Some((m, undo, was)) = played.pop() {
                pos.unmake_move(m, undo);
                assert!(pos == was && pos.ply() == was.ply());
                assert_eq!(
                    (pos.board_key(), pos.hand_key()),
                    (was.board_key(), was.hand_key())
                );
            }
            continue;
        }
        if legal.is_empty() {
            break;
        }
        let m = legal.as_slice()[b as usize % legal.len()];
        let was = pos.clone();
        let undo = pos.make_move(m);
        played.push((m, undo, was));
    }
    check_position(&mut pos);
    while let Some((m, undo, _)) = played.pop() {
        pos.unmake_move(m, undo);
    }
    assert!(pos == origin && pos.ply() == origin.ply());
    assert_eq!(
        (pos.board_key(), pos.hand_key()),
        (origin.board_key(), origin.hand_key())
    );
});
