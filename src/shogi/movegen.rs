//! Move generation: one routine, parameterised by mode (all legal moves, or only checks).
//!
//! When the side to move is in check, the same routine generates evasions: king moves to
//! unattacked squares, and for a single checker, captures of it and interpositions between it and
//! the king. Pinned pieces move only along the line through their king. A side without a king has
//! no such limits.

use super::attacks::{
    attacks, between, bishop_attacks, bishop_pseudo_attacks, gold_attacks, king_attacks,
    knight_attacks, lance_attacks, line, pawn_attacks, rook_attacks, rook_pseudo_attacks,
    silver_attacks,
};
use super::rules::{double_pawn_files, is_dead_piece, is_pawn_drop_mate};
use super::{Bitboard, Color, Move, MoveList, PieceKind, Position, Square};

/// Appends every legal move of the side to move. In check, these are the evasions.
pub fn legal_moves(pos: &Position, list: &mut MoveList) {
    generate::<false>(pos, list);
}

/// Appends every legal move that gives check to the opponent's king (none if it has no king).
/// Also correct when the side to move is itself in check: then these are the checking evasions.
pub fn check_moves(pos: &Position, list: &mut MoveList) {
    generate::<true>(pos, list);
}

/// Appends the legal replies to a check. The side to move must be in check.
pub fn evasions(pos: &Position, list: &mut MoveList) {
    debug_assert!(pos.in_check());
    generate::<false>(pos, list);
}

/// The legal moves of the side to move, as a new list.
pub fn legal_move_list(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list
}

/// Whether `m` is a legal move in `pos`.
pub fn is_legal(pos: &Position, m: Move) -> bool {
    legal_move_list(pos).contains(&m)
}

/// What a move needs in order to give check: for every kind, the squares from which a piece of
/// that kind attacks the enemy king, and the pieces whose departure uncovers a slider on it.
struct CheckInfo {
    king: Square,
    squares: [Bitboard; PieceKind::NUM],
    discoverers: Bitboard,
}

impl CheckInfo {
    fn new(pos: &Position, us: Color, king: Square) -> CheckInfo {
        use PieceKind::*;
        let occ = pos.occupied();
        let them = !us;
        let bishop = bishop_attacks(king, occ);
        let rook = rook_attacks(king, occ);
        let gold = gold_attacks(them, king);
        let mut squares = [Bitboard::EMPTY; PieceKind::NUM];
        squares[Pawn.index()] = pawn_attacks(them, king);
        squares[Lance.index()] = lance_attacks(them, king, occ);
        squares[Knight.index()] = knight_attacks(them, king);
        squares[Silver.index()] = silver_attacks(them, king);
        squares[Bishop.index()] = bishop;
        squares[Rook.index()] = rook;
        squares[Horse.index()] = bishop | king_attacks(king);
        squares[Dragon.index()] = rook | king_attacks(king);
        for kind in [Gold, ProPawn, ProLance, ProKnight, ProSilver] {
            squares[kind.index()] = gold;
        }
        CheckInfo {
            king,
            squares,
            discoverers: pos.slider_blockers(king, us, occ) & pos.pieces(us),
        }
    }

    /// Whether a piece that ends as `kind` on `to`, having left `from`, gives check. Direct checks
    /// read the squares computed with the piece still on `from`: in a legal position a slider
    /// cannot uncover its own line to the king by moving along it.
    #[inline]
    fn gives_check(&self, kind: PieceKind, from: Square, to: Square) -> bool {
        self.squares[kind.index()].contains(to)
            || (self.discoverers.contains(from) && !line(self.king, from).contains(to))
    }
}

fn generate<const CHECKS: bool>(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let them = !us;
    let occ = pos.occupied();
    let own = pos.pieces(us);
    let check_info = if CHECKS {
        match pos.king(them) {
            Some(k) => Some(CheckInfo::new(pos, us, k)),
            None => return,
        }
    } else {
        None
    };
    let check_info = check_info.as_ref();

    let our_king = pos.king(us);
    let (checkers, pinned) = match our_king {
        Some(k) => (
            // The full attacker set only when there is one.
            if pos.is_attacked_by(them, k, occ) {
                pos.attackers_to(them, k, occ)
            } else {
                Bitboard::EMPTY
            },
            pos.slider_blockers(k, them, occ) & own,
        ),
        None => (Bitboard::EMPTY, Bitboard::EMPTY),
    };
    let (targets, drop_targets) = if checkers.is_empty() {
        (!own, !occ)
    } else if checkers.has_more_than_one() {
        (Bitboard::EMPTY, Bitboard::EMPTY)
    } else {
        let k = our_king.expect("only a king can be in check");
        let b = between(k, checkers.first().expect("one checker"));
        (b | checkers, b)
    };

    if let Some(k) = our_king {
        king_moves(pos, k, check_info, list);
    }
    if targets.is_any() {
        let mut movers = own & !our_king.map_or(Bitboard::EMPTY, Bitboard::from_square);
        if checkers.is_any() && targets.count() <= 3 {
            // An evasion that is not a king move lands on one of few squares: only the pieces
            // attacking one of them can make it.
            movers &= targets.fold(Bitboard::EMPTY, |b, t| b | pos.attackers_to(us, t, occ));
        }
        if let Some(ci) = check_info {
            // Far from the king only a ranging piece, or one that uncovers a slider, can check.
            let ranging = [
                PieceKind::Lance,
                PieceKind::Bishop,
                PieceKind::Rook,
                PieceKind::Horse,
                PieceKind::Dragon,
            ]
            .iter()
            .fold(Bitboard::EMPTY, |b, &k| b | pos.pieces_of(us, k));
            movers &= CHECK_BOX[ci.king.index()] | ranging | ci.discoverers;
        }
        for from in movers {
            let kind = pos.piece_at(from).expect("own square holds a piece").kind;
            let mut to_set = attacks(us, kind, from, occ) & targets;
            if pinned.contains(from) {
                to_set &= line(our_king.expect("pinned to a king"), from);
            }
            if let Some(ci) = check_info {
                // Only a piece that uncovers a slider may check from anywhere; the others only
                // from a square where they (or their promoted form) attack the king.
                if !ci.discoverers.contains(from) {
                    let mut reach = ci.squares[kind.index()];
                    if kind.can_promote() {
                        reach |= ci.squares[kind.promoted().index()];
                    }
                    to_set &= reach;
                }
            }
            piece_moves(us, kind, from, to_set, check_info, list);
        }
    }
    if drop_targets.is_any() {
        drops(pos, drop_targets, check_info, list);
    }
}

fn king_moves(pos: &Position, k: Square, check_info: Option<&CheckInfo>, list: &mut MoveList) {
    let us = pos.side_to_move();
    if let Some(ci) = check_info {
        // A king gives check only by uncovering a slider.
        if !ci.discoverers.contains(k) {
            return;
        }
    }
    let occ = pos.occupied().without(k);
    let area = king_attacks(k) & !pos.pieces(us);
    for to in area & !attacked_within(pos, !us, k, area, occ) {
        if check_info.is_some_and(|ci| line(ci.king, k).contains(to)) {
            continue;
        }
        list.push(Move::normal(k, to, false));
    }
}

/// The squares of `area`, which lies next to the square `k`, that pieces of `color` attack with
/// occupancy `occ`. A piece that steps (or jumps as a knight) onto a square next to `k` stands
/// within two files and three ranks of `k`; farther away only a ranging piece can reach it.
fn attacked_within(
    pos: &Position,
    color: Color,
    k: Square,
    area: Bitboard,
    occ: Bitboard,
) -> Bitboard {
    use PieceKind::*;
    let theirs = pos.pieces(color);
    let near = KING_REACH[k.index()];
    let mut attacked = Bitboard::EMPTY;
    for from in theirs & near {
        let kind = pos.piece_at(from).expect("own square holds a piece").kind;
        attacked |= attacks(color, kind, from, occ);
    }
    let far = theirs & !near;
    let diagonal = (pos.pieces_of(color, Bishop) | pos.pieces_of(color, Horse)) & far;
    let straight = (pos.pieces_of(color, Rook) | pos.pieces_of(color, Dragon)) & far;
    for from in diagonal {
        if (bishop_pseudo_attacks(from) & area).is_any() {
            attacked |= bishop_attacks(from, occ);
        }
    }
    for from in straight {
        if (rook_pseudo_attacks(from) & area).is_any() {
            attacked |= rook_attacks(from, occ);
        }
    }
    for from in pos.pieces_of(color, Lance) & far {
        if (lance_attacks(color, from, Bitboard::EMPTY) & area).is_any() {
            attacked |= lance_attacks(color, from, occ);
        }
    }
    attacked & area
}

/// `KING_REACH[k]`: the squares within two files and three ranks of `k`, from which a piece
/// that steps or jumps can reach a square next to `k`.
static KING_REACH: [Bitboard; 81] = box_around(2, 3);

#[inline]
fn piece_moves(
    us: Color,
    kind: PieceKind,
    from: Square,
    to_set: Bitboard,
    check_info: Option<&CheckInfo>,
    list: &mut MoveList,
) {
    let promotable = kind.can_promote();
    let from_in_zone = from.in_promotion_zone(us);
    for to in to_set {
        if promotable && (from_in_zone || to.in_promotion_zone(us)) {
            let promoted = kind.promoted();
            if check_info.is_none_or(|ci| ci.gives_check(promoted, from, to)) {
                list.push(Move::normal(from, to, true));
            }
        }
        // A move that would leave the piece unable to move again must promote.
        if !is_dead_piece(us, kind, to)
            && check_info.is_none_or(|ci| ci.gives_check(kind, from, to))
        {
            list.push(Move::normal(from, to, false));
        }
    }
}

fn drops(
    pos: &Position,
    drop_targets: Bitboard,
    check_info: Option<&CheckInfo>,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    let hand = pos.hand(us);
    if hand.is_empty() {
        return;
    }
    let pawn_mate_square = pos.king(!us).and_then(|k| k.forward(!us));
    for kind in PieceKind::HAND {
        if !hand.has(kind) {
            continue;
        }
        let mut to_set = drop_targets & drop_zone(us, kind);
        if let Some(ci) = check_info {
            to_set &= ci.squares[kind.index()];
        }
        if kind == PieceKind::Pawn && to_set.is_any() {
            to_set &= !double_pawn_files(pos, us);
        }
        for to in to_set {
            if kind == PieceKind::Pawn && Some(to) == pawn_mate_square && is_pawn_drop_mate(pos, to)
            {
                continue;
            }
            list.push(Move::drop(kind, to));
        }
    }
}

/// `DROP_ZONE[color][kind]`: the squares where `color` may drop hand kind `kind` without making
/// it a dead piece (no pawn or lance on the last rank, no knight on the last two).
static DROP_ZONE: [[Bitboard; 7]; 2] = {
    let mut t = [[Bitboard::FULL; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let (last, second) = if c == 0 { (1, 2) } else { (9, 8) };
        let not_last = Bitboard(Bitboard::FULL.0 & !Bitboard::rank(last).0);
        t[c][PieceKind::Pawn as usize] = not_last;
        t[c][PieceKind::Lance as usize] = not_last;
        t[c][PieceKind::Knight as usize] = Bitboard(not_last.0 & !Bitboard::rank(second).0);
        c += 1;
    }
    t
};

#[inline]
fn drop_zone(color: Color, kind: PieceKind) -> Bitboard {
    DROP_ZONE[color.index()][kind.index()]
}

/// `CHECK_BOX[k]`: the squares within two files and four ranks of `k`. A piece that moves one
/// step (or jumps as a knight) and uncovers nothing can give check only from inside it.
static CHECK_BOX: [Bitboard; 81] = box_around(2, 4);

/// For every square, the squares within `files` files and `ranks` ranks of it.
const fn box_around(files: i32, ranks: i32) -> [Bitboard; 81] {
    let mut t = [Bitboard::EMPTY; 81];
    let mut k = 0;
    while k < 81 {
        let (kf, kr) = ((k / 9) as i32, (k % 9) as i32);
        let mut s: usize = 0;
        while s < 81 {
            let (f, r) = ((s / 9) as i32, (s % 9) as i32);
            if (f - kf).abs() <= files && (r - kr).abs() <= ranks {
                t[k].0 |= 1u128 << s;
            }
            s += 1;
        }
        k += 1;
    }
    t
}

/// Counts the leaves of the legal move tree to `depth` plies (打ち歩詰め excluded).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = legal_move_list(pos);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for &m in list.iter() {
        let undo = pos.make_move(m);
        total += perft(pos, depth - 1);
        pos.unmake_move(m, undo);
    }
    total
}

/// [`perft`] split by first move.
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let list = legal_move_list(pos);
    list.iter()
        .map(|&m| {
            let undo = pos.make_move(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.unmake_move(m, undo);
            (m, n)
        })
        .collect()
}
