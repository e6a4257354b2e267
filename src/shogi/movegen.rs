//! Move generation: one routine, parameterised by mode (all legal moves, or only checks) and by
//! where the moves go (a [`MoveList`], or a counter that gives a [`MoveCount`]).
//!
//! When the side to move is in check, the same routine generates evasions: king moves to
//! unattacked squares, and for a single checker, captures of it and interpositions between it and
//! the king. Pinned pieces move only along the line through their king. A side without a king has
//! no such limits.

use super::attacks::{
    attacks, between, bishop_attacks, bishop_pseudo_attacks, gold_attacks, king_attacks,
    knight_attacks, lance_attacks, line, pawn_attacks, rook_attacks, rook_pseudo_attacks,
    silver_attacks, step_check_sources,
};
use super::rules::{double_pawn_files, is_dead_piece, is_pawn_drop_mate};
use super::{Bitboard, Color, Move, MoveList, PieceKind, Position, Square};

/// Appends every legal move of the side to move. In check, these are the evasions.
pub fn legal_moves(pos: &Position, list: &mut MoveList) {
    generate::<LEGAL, _>(pos, list);
}

/// Appends every legal move that gives check to the opponent's king (none if it has no king).
/// Also correct when the side to move is itself in check: then these are the checking evasions.
pub fn check_moves(pos: &Position, list: &mut MoveList) {
    generate::<CHECKS, _>(pos, list);
}

/// Appends the legal replies to a check. The side to move must be in check.
pub fn evasions(pos: &Position, list: &mut MoveList) {
    debug_assert!(pos.in_check());
    generate::<EVASIONS, _>(pos, list);
}

/// The moves [`legal_moves`] appends, counted without listing them.
pub fn count_legal_moves(pos: &Position) -> MoveCount {
    let mut counter = Counter::default();
    generate::<LEGAL, _>(pos, &mut counter);
    counter.finish()
}

/// The moves [`evasions`] appends, counted without listing them. The side to move must be in
/// check.
pub fn count_evasions(pos: &Position) -> MoveCount {
    debug_assert!(pos.in_check());
    let mut counter = Counter::default();
    generate::<EVASIONS, _>(pos, &mut counter);
    counter.finish()
}

/// Whether the side to move has a legal move and what kind: generation stops at the first
/// board move (drops come after every board move, so a drop found means there is none).
pub fn legal_move_kind(pos: &Position) -> LegalMoves {
    let mut first = First::default();
    generate::<LEGAL, _>(pos, &mut first);
    first.0
}

/// [`legal_move_kind`] of a side to move that is in check.
pub fn evasion_kind(pos: &Position) -> LegalMoves {
    debug_assert!(pos.in_check());
    let mut first = First::default();
    generate::<EVASIONS, _>(pos, &mut first);
    first.0
}

/// What [`legal_move_kind`] finds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LegalMoves {
    /// No legal move.
    #[default]
    None,
    /// Drops, and no move of a piece on the board.
    DropsOnly,
    /// At least one move of a piece on the board.
    Board,
}

/// The number of moves [`check_moves`] appends, counted without listing them.
pub fn count_checks(pos: &Position) -> usize {
    let mut counter = Tally::default();
    generate::<CHECKS, _>(pos, &mut counter);
    counter.0 as usize
}

/// The moves of a position, counted by what they are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCount {
    /// Moves of a piece on the board; a promotion and the same move unpromoted are two.
    pub board: u32,
    /// Drops: one per kind and square.
    pub drops: u32,
    /// Squares with at least one drop.
    pub drop_squares: Bitboard,
}

impl MoveCount {
    /// Every move.
    #[inline]
    pub fn total(&self) -> u32 {
        self.board + self.drops
    }
}

/// Where [`generate`] puts the moves it finds, a set of destinations at a time.
trait Sink {
    /// The moves of the piece on `from` to the squares of `promoting`, promoting, and to those of
    /// `plain`, not promoting. A list holds them by destination (in square order), a promotion
    /// before the same move unpromoted.
    fn board(&mut self, from: Square, promoting: Bitboard, plain: Bitboard);
    /// The drops of `kind` on the squares of `to`, in square order.
    fn drops(&mut self, kind: PieceKind, to: Bitboard);
    /// Whether the sink has what it needs, so generation may stop.
    #[inline]
    fn done(&self) -> bool {
        false
    }
    /// Whether the sink wants one move only: then king moves are looked for one square at a
    /// time, and the first free square ends the search.
    const FIRST_ONLY: bool = false;
}

impl Sink for MoveList {
    #[inline]
    fn board(&mut self, from: Square, promoting: Bitboard, plain: Bitboard) {
        if promoting.is_empty() {
            for to in plain {
                self.push(Move::normal(from, to, false));
            }
            return;
        }
        for to in promoting | plain {
            if promoting.contains(to) {
                self.push(Move::normal(from, to, true));
            }
            if plain.contains(to) {
                self.push(Move::normal(from, to, false));
            }
        }
    }

    #[inline]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        for t in to {
            self.push(Move::drop(kind, t));
        }
    }
}

/// Counts what a [`MoveList`] would hold.
#[derive(Default)]
struct Counter {
    board: u32,
    drops: u32,
    drop_squares: Bitboard,
}

impl Counter {
    fn finish(&self) -> MoveCount {
        MoveCount {
            board: self.board,
            drops: self.drops,
            drop_squares: self.drop_squares,
        }
    }
}

impl Sink for Counter {
    #[inline]
    fn board(&mut self, _from: Square, promoting: Bitboard, plain: Bitboard) {
        self.board += few(promoting) + few(plain);
    }

    #[inline]
    fn drops(&mut self, _kind: PieceKind, to: Bitboard) {
        self.drops += few(to);
        self.drop_squares |= to;
    }
}

/// Counts the moves, no more ([`count_checks`]).
#[derive(Default)]
struct Tally(u32);

impl Sink for Tally {
    #[inline]
    fn board(&mut self, _from: Square, promoting: Bitboard, plain: Bitboard) {
        self.0 += few(promoting) + few(plain);
    }

    #[inline]
    fn drops(&mut self, _kind: PieceKind, to: Bitboard) {
        self.0 += few(to);
    }
}

/// Stops at the first legal move, noting its kind ([`legal_move_kind`]).
#[derive(Default)]
struct First(LegalMoves);

impl Sink for First {
    #[inline]
    fn board(&mut self, _from: Square, promoting: Bitboard, plain: Bitboard) {
        if (promoting | plain).is_any() {
            self.0 = LegalMoves::Board;
        }
    }

    #[inline]
    fn drops(&mut self, _kind: PieceKind, to: Bitboard) {
        // Reached only while nothing is found: generation stops at the first move.
        if to.is_any() {
            self.0 = LegalMoves::DropsOnly;
        }
    }

    #[inline]
    fn done(&self) -> bool {
        self.0 != LegalMoves::None
    }
    const FIRST_ONLY: bool = true;
}

/// The number of squares in `b`, one step per square: cheaper than a full population count on
/// the few squares one piece moves to.
#[inline]
fn few(b: Bitboard) -> u32 {
    let mut x = b.0;
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
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
        let hand = pos.hand(us);
        // A ranging kind's squares only when the side has such a piece to move or drop: they
        // are the dear ones, and the others are never read.
        let has = |kinds: &[PieceKind]| {
            kinds
                .iter()
                .any(|&k| pos.pieces_of(us, k).is_any() || (k.can_promote() && hand.has(k)))
        };
        let gold = gold_attacks(them, king);
        let mut squares = [Bitboard::EMPTY; PieceKind::NUM];
        squares[Pawn.index()] = pawn_attacks(them, king);
        squares[Knight.index()] = knight_attacks(them, king);
        squares[Silver.index()] = silver_attacks(them, king);
        if has(&[Lance]) {
            squares[Lance.index()] = lance_attacks(them, king, occ);
        }
        if has(&[Bishop, Horse]) {
            let bishop = bishop_attacks(king, occ);
            squares[Bishop.index()] = bishop;
            squares[Horse.index()] = bishop | king_attacks(king);
        }
        if has(&[Rook, Dragon]) {
            let rook = rook_attacks(king, occ);
            squares[Rook.index()] = rook;
            squares[Dragon.index()] = rook | king_attacks(king);
        }
        for kind in [Gold, ProPawn, ProLance, ProKnight, ProSilver] {
            squares[kind.index()] = gold;
        }
        CheckInfo {
            king,
            squares,
            discoverers: pos.slider_blockers(king, us, occ) & pos.pieces(us),
        }
    }

    /// The squares where a piece that ends as `kind`, having left `from`, gives check. Direct
    /// checks read the squares computed with the piece still on `from`: in a legal position a
    /// slider cannot uncover its own line to the king by moving along it.
    #[inline]
    fn checking_squares(&self, kind: PieceKind, from: Square) -> Bitboard {
        if self.discoverers.contains(from) {
            self.squares[kind.index()] | !line(self.king, from)
        } else {
            self.squares[kind.index()]
        }
    }
}

/// [`generate`]'s mode: every legal move.
const LEGAL: u8 = 0;
/// [`generate`]'s mode: the legal moves that give check.
const CHECKS: u8 = 1;
/// [`generate`]'s mode: every legal move of a side to move known to be in check (the replies to
/// the check), which spares the test whether it is.
const EVASIONS: u8 = 2;

fn generate<const MODE: u8, S: Sink>(pos: &Position, sink: &mut S) {
    let us = pos.side_to_move();
    let them = !us;
    let occ = pos.occupied();
    let own = pos.pieces(us);
    let check_info = if MODE == CHECKS {
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
            if MODE == EVASIONS || pos.is_attacked_by(them, k, occ) {
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
        king_moves(pos, k, check_info, sink);
        if sink.done() {
            return;
        }
    }
    if targets.is_any() {
        let mut movers = own & !our_king.map_or(Bitboard::EMPTY, Bitboard::from_square);
        if checkers.is_any() && targets.count() <= 3 {
            // An evasion that is not a king move lands on one of few squares: only the pieces
            // attacking one of them can make it.
            movers &= targets.fold(Bitboard::EMPTY, |b, t| b | pos.attackers_to(us, t, occ));
        }
        if let Some(ci) = check_info {
            // A stepping piece checks directly only from a few squares near the king; a ranging
            // piece, or one that uncovers a slider, may check from anywhere.
            let ranging = PieceKind::RANGING
                .iter()
                .fold(Bitboard::EMPTY, |b, &k| b | pos.pieces_of(us, k));
            movers &= step_checkers(pos, us, ci.king) | ranging | ci.discoverers;
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
            if to_set.is_any() {
                piece_moves(us, kind, from, to_set, check_info, sink);
                if sink.done() {
                    return;
                }
            }
        }
    }
    if drop_targets.is_any() {
        drops(pos, drop_targets, check_info, sink);
    }
}

/// The stepping pieces of `us` (pawns, knights, silvers and gold-like pieces) that stand where
/// they could give a direct check to a king on `king` in one move ([`step_check_sources`]).
#[inline]
fn step_checkers(pos: &Position, us: Color, king: Square) -> Bitboard {
    use PieceKind::*;
    let own = pos.pieces(us);
    let pawns = pos.pieces_of(us, Pawn);
    let knights = pos.pieces_of(us, Knight);
    let silvers = pos.pieces_of(us, Silver);
    let others = PieceKind::RANGING.iter().fold(
        pawns | knights | silvers | pos.pieces_of(us, King),
        |b, &k| b | pos.pieces_of(us, k),
    );
    (pawns & step_check_sources(us, Pawn, king))
        | (knights & step_check_sources(us, Knight, king))
        | (silvers & step_check_sources(us, Silver, king))
        | (own & !others & step_check_sources(us, Gold, king))
}

fn king_moves<S: Sink>(pos: &Position, k: Square, check_info: Option<&CheckInfo>, sink: &mut S) {
    let us = pos.side_to_move();
    let mut area = king_attacks(k) & !pos.pieces(us);
    if let Some(ci) = check_info {
        // A king gives check only by uncovering a slider, so only off the line.
        if !ci.discoverers.contains(k) {
            return;
        }
        area &= !line(ci.king, k);
    }
    let occ = pos.occupied().without(k);
    if S::FIRST_ONLY {
        if let Some(s) = area.into_iter().find(|&s| !pos.is_attacked_by(!us, s, occ)) {
            sink.board(k, Bitboard::EMPTY, Bitboard::from_square(s));
        }
        return;
    }
    let to = area & !attacked_within(pos, !us, k, area, occ);
    sink.board(k, Bitboard::EMPTY, to);
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
    let near = KING_REACH[k.index()];
    let of = |kind: PieceKind| pos.pieces_of(color, kind);
    // One-square moves, a class of kinds at a time (a horse's and a dragon's are a king's), from
    // near the king only.
    let mut attacked = Bitboard::EMPTY;
    for from in of(Pawn) & near {
        attacked |= pawn_attacks(color, from);
    }
    for from in of(Knight) & near {
        attacked |= knight_attacks(color, from);
    }
    for from in of(Silver) & near {
        attacked |= silver_attacks(color, from);
    }
    for from in pos.gold_likes(color) & near {
        attacked |= gold_attacks(color, from);
    }
    for from in (of(King) | of(Horse) | of(Dragon)) & near {
        attacked |= king_attacks(from);
    }
    // Ranging moves from anywhere, where the empty-board line meets the area.
    for from in of(Bishop) | of(Horse) {
        if (bishop_pseudo_attacks(from) & area).is_any() {
            attacked |= bishop_attacks(from, occ);
        }
    }
    for from in of(Rook) | of(Dragon) {
        if (rook_pseudo_attacks(from) & area).is_any() {
            attacked |= rook_attacks(from, occ);
        }
    }
    for from in of(Lance) {
        if (lance_attacks(color, from, Bitboard::EMPTY) & area).is_any() {
            attacked |= lance_attacks(color, from, occ);
        }
    }
    attacked & area
}

/// `KING_REACH[k]`: the squares within two files and three ranks of `k`, from which a piece
/// that steps or jumps can reach a square next to `k`.
static KING_REACH: [Bitboard; 81] = box_around(2, 3);

#[inline(always)]
fn piece_moves<S: Sink>(
    us: Color,
    kind: PieceKind,
    from: Square,
    to_set: Bitboard,
    check_info: Option<&CheckInfo>,
    sink: &mut S,
) {
    let mut promoting = Bitboard::EMPTY;
    if kind.can_promote() {
        promoting = if from.in_promotion_zone(us) {
            to_set
        } else {
            to_set & PROMOTION_ZONE[us.index()]
        };
        if let Some(ci) = check_info {
            promoting &= ci.checking_squares(kind.promoted(), from);
        }
    }
    // A move that would leave the piece unable to move again must promote.
    let mut plain = to_set & live_squares(us, kind);
    if let Some(ci) = check_info {
        plain &= ci.checking_squares(kind, from);
    }
    sink.board(from, promoting, plain);
}

fn drops<S: Sink>(
    pos: &Position,
    drop_targets: Bitboard,
    check_info: Option<&CheckInfo>,
    sink: &mut S,
) {
    let us = pos.side_to_move();
    let hand = pos.hand(us);
    if hand.is_empty() {
        return;
    }
    for kind in PieceKind::HAND {
        if !hand.has(kind) {
            continue;
        }
        let mut to_set = drop_targets & live_squares(us, kind);
        if let Some(ci) = check_info {
            to_set &= ci.squares[kind.index()];
        }
        if kind == PieceKind::Pawn && to_set.is_any() {
            // One square (a check's, or a single interposition's): its file alone is read.
            to_set &= match to_set.first() {
                Some(s) if !to_set.has_more_than_one() => {
                    if (pos.pieces_of(us, PieceKind::Pawn) & Bitboard::file(s.file())).is_any() {
                        Bitboard::EMPTY
                    } else {
                        to_set
                    }
                }
                _ => !double_pawn_files(pos, us),
            };
            if let Some(s) = pos.king(!us).and_then(|k| k.forward(!us)) {
                if to_set.contains(s) && is_pawn_drop_mate(pos, s) {
                    to_set = to_set.without(s);
                }
            }
        }
        sink.drops(kind, to_set);
        if sink.done() {
            return;
        }
    }
}

/// `PROMOTION_ZONE[color]`: the squares of [`Square::in_promotion_zone`] for `color`.
static PROMOTION_ZONE: [Bitboard; 2] = {
    let mut t = [Bitboard::EMPTY; 2];
    let mut s = 0;
    while s < 81 {
        let square = Square::from_index_unchecked(s);
        if square.in_promotion_zone(Color::Black) {
            t[0].0 |= 1u128 << s;
        }
        if square.in_promotion_zone(Color::White) {
            t[1].0 |= 1u128 << s;
        }
        s += 1;
    }
    t
};

/// `LIVE[color][kind]`: the squares where a piece of `color` and `kind` can move again
/// ([`is_dead_piece`] is false): where it may be dropped, and where a move may leave it
/// unpromoted.
static LIVE: [[Bitboard; PieceKind::NUM]; 2] = {
    let mut t = [[Bitboard::FULL; PieceKind::NUM]; 2];
    let mut c = 0;
    while c < 2 {
        let color = if c == 0 { Color::Black } else { Color::White };
        let mut k = 0;
        while k < PieceKind::NUM {
            let kind = PieceKind::ALL[k];
            let mut s = 0;
            while s < 81 {
                if is_dead_piece(color, kind, Square::from_index_unchecked(s)) {
                    t[c][kind as usize].0 &= !(1u128 << s);
                }
                s += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
};

#[inline]
fn live_squares(color: Color, kind: PieceKind) -> Bitboard {
    LIVE[color.index()][kind.index()]
}

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
