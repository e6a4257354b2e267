//! A seeded generator of varied legal positions, deterministic for a given seed:
//!
//! - game-like: a random playout of 10–150 plies from the start position (either side to move);
//! - tsume-like: a defender king (often near an edge or in the attacker's promotion zone) among
//!   3–12 random pieces of both colours, promoted ones too, with a large attacker hand and the
//!   defender holding the rest, part of it or nothing; with or without the attacker's king; either
//!   colour attacking (the attacker is to move);
//! - in check: one of the above after a random checking move, so the side to move is in check.
//!
//! Every position is built with `Position::new`, which rejects illegal ones; those are discarded.

use tsume::notation::sfen::{startpos, to_sfen};
use tsume::shogi::movegen::{check_moves, legal_move_list};
use tsume::shogi::rules::is_dead_piece;
use tsume::shogi::{Color, Hand, Move, MoveList, Piece, PieceKind, Position, Square};

/// SplitMix64, the generator `tsume selfcheck` uses.
pub use tsume::app::selfcheck::generate::Rng;

/// The kinds of generated position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A random playout from the start position; both kings; either side to move.
    Game,
    /// A game-like position after a random checking move: the side to move is in check.
    GameInCheck,
    /// Tsume-like, the attacker (to move, either colour) has a king.
    TsumeWithKing,
    /// Tsume-like, the attacker (to move, either colour) has no king.
    TsumeNoKing,
    /// `TsumeWithKing` after a random checking move: the defender is to move and in check.
    CheckedWithKing,
    /// `TsumeNoKing` after a random checking move: the defender is to move and in check, and its
    /// opponent has no king.
    CheckedNoKing,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 6] = [
        Kind::Game,
        Kind::GameInCheck,
        Kind::TsumeWithKing,
        Kind::TsumeNoKing,
        Kind::CheckedWithKing,
        Kind::CheckedNoKing,
    ];

    /// Whether positions of this kind always have both kings.
    pub fn both_kings(self) -> bool {
        !matches!(self, Kind::TsumeNoKing | Kind::CheckedNoKing)
    }

    /// Whether the side to move is always in check.
    pub fn in_check(self) -> bool {
        matches!(
            self,
            Kind::GameInCheck | Kind::CheckedWithKing | Kind::CheckedNoKing
        )
    }
}

/// A random legal position of `kind`.
pub fn generate(rng: &mut Rng, kind: Kind) -> Position {
    match kind {
        Kind::Game => game_like(rng),
        Kind::GameInCheck => after_random_check(rng, game_like),
        Kind::TsumeWithKing => tsume_like(rng, true),
        Kind::TsumeNoKing => tsume_like(rng, false),
        Kind::CheckedWithKing => after_random_check(rng, |r| tsume_like(r, true)),
        Kind::CheckedNoKing => after_random_check(rng, |r| tsume_like(r, false)),
    }
}

/// A random playout of 10–150 plies from the start position (shorter if a side is mated).
pub fn game_like(rng: &mut Rng) -> Position {
    let plies = rng.range(10, 150);
    let mut pos = startpos();
    for _ in 0..plies {
        let list = legal_move_list(&pos);
        if list.is_empty() {
            break;
        }
        play(&mut pos, rng.pick(&list));
    }
    pos
}

/// Plays a generated move, failing at once if it leaves the mover's king attacked (a later
/// move could otherwise capture a king and fail somewhere less clear).
fn play(pos: &mut Position, m: Move) {
    let us = pos.side_to_move();
    let undo = pos.make_move(m);
    if pos.is_in_check(us) {
        pos.unmake_move(m, undo);
        panic!(
            "the generator produced {m}, which leaves the king in check, in {}",
            to_sfen(pos)
        );
    }
}

/// A position from `make` after one of its checking moves, chosen at random.
fn after_random_check(rng: &mut Rng, mut make: impl FnMut(&mut Rng) -> Position) -> Position {
    loop {
        let mut pos = make(rng);
        let mut checks = MoveList::new();
        check_moves(&pos, &mut checks);
        if !checks.is_empty() {
            play(&mut pos, rng.pick(&checks));
            return pos;
        }
    }
}

/// A tsume-like position, the attacker to move.
pub fn tsume_like(rng: &mut Rng, attacker_king: bool) -> Position {
    loop {
        if let Some(pos) = try_tsume_like(rng, attacker_king) {
            return pos;
        }
    }
}

/// Where the defender's king goes: mostly in the attacker's promotion zone, often on an edge file.
fn defender_king_square(rng: &mut Rng, attacker: Color) -> Square {
    let relative_rank = match rng.below(10) {
        0..=5 => rng.range(1, 3),
        6..=7 => rng.range(4, 6),
        _ => rng.range(7, 9),
    };
    let rank = match attacker {
        Color::Black => relative_rank,
        Color::White => 10 - relative_rank,
    };
    let file = if rng.chance(50) {
        rng.pick(&[1, 2, 8, 9])
    } else {
        rng.range(1, 9)
    };
    Square::new(file as u8, rank as u8).expect("on the board")
}

/// A square within two files and two ranks of `centre`, or `None` off the board.
fn near(rng: &mut Rng, centre: Square) -> Option<Square> {
    let df = rng.range(0, 4) as i8 - 2;
    let dr = rng.range(0, 4) as i8 - 2;
    centre.offset(df, dr)
}

fn try_tsume_like(rng: &mut Rng, attacker_king: bool) -> Option<Position> {
    use PieceKind::*;
    let attacker = if rng.chance(50) {
        Color::Black
    } else {
        Color::White
    };
    let defender = !attacker;
    let mut board: [Option<Piece>; 81] = [None; 81];
    let king = defender_king_square(rng, attacker);
    board[king.index()] = Some(Piece::new(defender, King));
    if attacker_king {
        let sq = rng.square();
        if board[sq.index()].is_some() {
            return None;
        }
        board[sq.index()] = Some(Piece::new(attacker, King));
    }

    let mut used = [0u8; 7];
    let pieces = rng.range(3, 12);
    let mut placed = 0;
    for _ in 0..200 {
        if placed == pieces {
            break;
        }
        let base = rng.pick(&[
            Pawn, Pawn, Pawn, Lance, Knight, Silver, Gold, Gold, Bishop, Rook,
        ]);
        if used[base.index()] >= base.max_count() {
            continue;
        }
        let kind = if base.can_promote() && rng.chance(30) {
            base.promoted()
        } else {
            base
        };
        let color = if rng.chance(55) { attacker } else { defender };
        let sq = if rng.chance(60) {
            match near(rng, king) {
                Some(s) => s,
                None => continue,
            }
        } else {
            rng.square()
        };
        if board[sq.index()].is_some() {
            continue;
        }
        if is_dead_piece(color, kind, sq) {
            continue;
        }
        if kind == Pawn
            && (1..=9).any(|rank| {
                board[Square::new(sq.file(), rank).unwrap().index()]
                    == Some(Piece::new(color, Pawn))
            })
        {
            continue;
        }
        board[sq.index()] = Some(Piece::new(color, kind));
        used[base.index()] += 1;
        placed += 1;
    }

    let rest = |used: &[u8; 7], k: PieceKind| k.max_count() - used[k.index()];
    let mut hands = [Hand::EMPTY; 2];
    // The attacker holds several kinds, a pawn more often than not.
    let mut kinds: Vec<PieceKind> = PieceKind::HAND.to_vec();
    let mut wanted = rng.range(2, 6);
    if rng.chance(70) {
        kinds.retain(|&k| k != Pawn);
        let n = rng.range(1, rest(&used, Pawn).min(4) as usize);
        hands[attacker.index()] = hands[attacker.index()].with_count(Pawn, n as u8).unwrap();
        used[Pawn.index()] += n as u8;
        wanted -= 1;
    }
    for _ in 0..wanted {
        let k = kinds.remove(rng.below(kinds.len()));
        let available = rest(&used, k);
        if available == 0 {
            continue;
        }
        let n = rng.range(1, available.min(3) as usize) as u8;
        hands[attacker.index()] = hands[attacker.index()].with_count(k, n).unwrap();
        used[k.index()] += n;
    }
    // The defender holds every remaining piece, a random part of them, or nothing.
    let mode = rng.below(10);
    for k in PieceKind::HAND {
        let available = rest(&used, k) as usize;
        let n = match mode {
            0..=4 => available,
            5..=7 => rng.range(0, available),
            _ => 0,
        };
        hands[defender.index()] = hands[defender.index()].with_count(k, n as u8).unwrap();
    }
    Position::new(board, hands, attacker, 1).ok()
}
