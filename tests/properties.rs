//! Properties checked on generated inputs (proptest), each shrunk to a smallest failing case:
//!
//! 1. the incremental keys equal the keys of the same position built from scratch after every
//!    move of a random legal walk (from the start position or an arbitrary legal position), and
//!    again at every step of unmaking the walk;
//! 2. `to_sfen` then `parse_sfen` gives back any legal position (board, hands, side to move and
//!    move number) with the same keys;
//! 3. hand superiority (`Hand::covers`, which the transposition table uses to reuse proofs and
//!    disproofs) is a partial order that agrees with comparing the counts kind by kind, and
//!    `max_each` / `min_each` (which combine the hands of children's proofs and disproofs) are
//!    its least upper and greatest lower bounds.

use proptest::prelude::*;
use tsume::notation::sfen::{parse_sfen, startpos, to_sfen};
use tsume::shogi::movegen::legal_move_list;
use tsume::shogi::rules::is_dead_piece;
use tsume::shogi::{Color, Hand, Move, Piece, PieceCounts, PieceKind, Position, Square};

/// The keys of `pos` computed from scratch, by building the same position anew.
fn fresh_keys(pos: &Position) -> (u64, u64) {
    let fresh = Position::new_with_counts(
        *pos.board(),
        pos.hands(),
        pos.side_to_move(),
        pos.ply(),
        PieceCounts::Extended,
    )
    .expect("a position reached by legal moves is legal");
    (fresh.board_key(), fresh.hand_key())
}

fn keys(pos: &Position) -> (u64, u64) {
    (pos.board_key(), pos.hand_key())
}

/// What a generated position is made from, before the rules sort it out.
#[derive(Clone, Debug)]
struct Sketch {
    kings: [Option<u8>; 2],
    /// Square index, kind index (the king excluded), Black or not.
    pieces: Vec<(u8, u8, bool)>,
    /// Per side, the count of each hand kind wanted.
    hands: [[u8; 7]; 2],
    white_to_move: bool,
    ply: u32,
}

fn sketch() -> impl Strategy<Value = Sketch> {
    let king = prop::option::weighted(0.9, 0u8..81);
    let piece = (0u8..81, 0u8..PieceKind::NUM as u8, any::<bool>());
    // Mostly a few of a kind, sometimes many (two-digit counts in SFEN).
    let hand = prop::array::uniform7(prop_oneof![3 => 0u8..=2, 1 => 0u8..=18]);
    (
        [king.clone(), king],
        prop::collection::vec(piece, 0..40),
        [hand.clone(), hand],
        any::<bool>(),
        prop_oneof![Just(1u32), 1u32..1000],
    )
        .prop_map(|(kings, pieces, hands, white_to_move, ply)| Sketch {
            kings,
            pieces,
            hands,
            white_to_move,
            ply,
        })
}

/// The legal position a sketch describes: pieces that would break a rule (a square taken, a
/// second king, more than the set, 二歩, a piece that could never move) are left out and hands
/// hold at most what remains; `None` only when the side not to move is in check.
fn build(s: &Sketch) -> Option<Position> {
    let mut board: [Option<Piece>; 81] = [None; 81];
    let mut used = [0u8; 7];
    for (color, king) in Color::ALL.into_iter().zip(s.kings) {
        if let Some(sq) = king {
            board[sq as usize].get_or_insert(Piece::new(color, PieceKind::King));
        }
    }
    for &(sq, kind, black) in &s.pieces {
        let kind = PieceKind::from_index(kind as usize).expect("a kind");
        let color = if black { Color::Black } else { Color::White };
        let square = Square::from_index(sq as usize).expect("a square");
        let base = kind.unpromoted();
        let double_pawn = kind == PieceKind::Pawn
            && (1..=9).any(|r| {
                board[Square::new(square.file(), r).unwrap().index()]
                    == Some(Piece::new(color, PieceKind::Pawn))
            });
        if kind == PieceKind::King
            || board[sq as usize].is_some()
            || used[base.index()] == base.max_count()
            || is_dead_piece(color, kind, square)
            || double_pawn
        {
            continue;
        }
        board[sq as usize] = Some(Piece::new(color, kind));
        used[base.index()] += 1;
    }
    let mut hands = [Hand::EMPTY; 2];
    for (hand, wanted) in hands.iter_mut().zip(s.hands) {
        for kind in PieceKind::HAND {
            let n = wanted[kind.index()].min(kind.max_count() - used[kind.index()]);
            used[kind.index()] += n;
            *hand = hand.with_count(kind, n).expect("within the set");
        }
    }
    let side = if s.white_to_move {
        Color::White
    } else {
        Color::Black
    };
    Position::new(board, hands, side, s.ply).ok()
}

/// An arbitrary legal position.
fn position() -> impl Strategy<Value = Position> {
    sketch().prop_filter_map("the side not to move is in check", |s| build(&s))
}

/// The start position or an arbitrary legal one.
fn start() -> impl Strategy<Value = Position> {
    prop_oneof![1 => Just(startpos()), 3 => position()]
}

/// Plays the walk `choices` picks from `pos` (each choice indexes the legal moves, modulo their
/// number) until a side has no move; returns the moves with what undoes them and the keys
/// before each.
fn walk(pos: &mut Position, choices: &[u16]) -> Vec<(Move, tsume::shogi::Undo, (u64, u64))> {
    let mut played = Vec::new();
    for &c in choices {
        let list = legal_move_list(pos);
        if list.is_empty() {
            break;
        }
        let m = list.as_slice()[c as usize % list.len()];
        let before = keys(pos);
        let undo = pos.make_move(m);
        assert_eq!(keys(pos), fresh_keys(pos), "after {m}: {}", to_sfen(pos));
        played.push((m, undo, before));
    }
    played
}

fn hand() -> impl Strategy<Value = Hand> {
    // Up to each field's capacity, past the set's counts, so the guard bits are exercised.
    prop::array::uniform7(any::<u8>()).prop_map(|n| {
        PieceKind::HAND.iter().fold(Hand::EMPTY, |h, &k| {
            h.with_count(k, n[k.index()] % (Hand::capacity(k) + 1))
                .expect("within capacity")
        })
    })
}

/// `h` with up to `less[k]` fewer of each kind (never below zero).
fn reduced(h: Hand, less: [u8; 7]) -> Hand {
    PieceKind::HAND.iter().fold(h, |r, &k| {
        r.with_count(k, h.count(k).saturating_sub(less[k.index()]))
            .expect("fewer than before")
    })
}

fn counts_cover(a: Hand, b: Hand) -> bool {
    PieceKind::HAND.iter().all(|&k| a.count(k) >= b.count(k))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn keys_are_fresh_after_every_move_and_every_unmake(
        mut pos in start(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let origin = pos.clone();
        prop_assert_eq!(keys(&pos), fresh_keys(&pos));
        let mut played = walk(&mut pos, &choices);
        while let Some((m, undo, before)) = played.pop() {
            pos.unmake_move(m, undo);
            prop_assert_eq!(keys(&pos), before, "unmaking {}", m);
            prop_assert_eq!(keys(&pos), fresh_keys(&pos), "unmaking {}", m);
        }
        prop_assert_eq!(&pos, &origin);
        prop_assert_eq!(pos.ply(), origin.ply());
    }

    #[test]
    fn keys_are_fresh_after_replacing_or_passing_hand_pieces(
        pos in position(),
        black in any::<bool>(),
        less in prop::array::uniform7(0u8..=4),
    ) {
        let color = if black { Color::Black } else { Color::White };
        let smaller = pos.with_hand(color, reduced(pos.hand(color), less));
        prop_assert_eq!(keys(&smaller), fresh_keys(&smaller));
        let mut passed = pos.clone();
        for (kind, n) in pos.hand(color).iter() {
            for _ in 0..n {
                passed.pass_hand_piece(color, kind);
                prop_assert_eq!(keys(&passed), fresh_keys(&passed));
            }
        }
        prop_assert!(passed.hand(color).is_empty());
        prop_assert_eq!(keys(&pos.with_hand(color, pos.hand(color))), keys(&pos));
    }

    #[test]
    fn sfen_round_trips_any_legal_position(
        start in start(),
        choices in prop::collection::vec(any::<u16>(), 0..20),
    ) {
        let mut pos = start;
        walk(&mut pos, &choices);
        let text = to_sfen(&pos);
        let again = parse_sfen(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&again, &pos, "{}", text);
        prop_assert_eq!(again.ply(), pos.ply());
        prop_assert_eq!(keys(&again), keys(&pos));
        prop_assert_eq!(to_sfen(&again), text);
    }

    #[test]
    fn hand_superiority_is_reflexive(a in hand()) {
        prop_assert!(a.covers(a));
        prop_assert!(a.covers(Hand::EMPTY));
        prop_assert!(Hand::full().covers(a));
    }

    #[test]
    fn hand_superiority_is_antisymmetric(
        a in hand(),
        less in prop::array::uniform7(0u8..=1),
        other in prop::array::uniform7(0u8..=1),
    ) {
        // b and c are a or slightly less: a covers both, and either may cover the other.
        let (b, c) = (reduced(a, less), reduced(a, other));
        prop_assert_eq!(a.covers(b) && b.covers(a), a == b);
        prop_assert_eq!(b.covers(c) && c.covers(b), b == c);
    }

    #[test]
    fn hand_superiority_is_transitive(
        a in hand(),
        ab in prop::array::uniform7(0u8..=3),
        bc in prop::array::uniform7(0u8..=3),
        c_free in hand(),
    ) {
        // A chain a ≥ b ≥ c built to meet the premise, and a free c for the general rule.
        let b = reduced(a, ab);
        let c = reduced(b, bc);
        prop_assert!(a.covers(b) && b.covers(c));
        prop_assert!(a.covers(c));
        if a.covers(b) && b.covers(c_free) {
            prop_assert!(a.covers(c_free));
        }
    }

    #[test]
    fn hand_superiority_is_counting_kind_by_kind(
        a in hand(),
        b in hand(),
        less in prop::array::uniform7(0u8..=2),
    ) {
        for (x, y) in [(a, b), (b, a), (a, reduced(a, less)), (reduced(a, less), a)] {
            prop_assert_eq!(x.covers(y), counts_cover(x, y), "{:?} covers {:?}", x, y);
        }
    }

    #[test]
    fn max_each_and_min_each_are_the_least_upper_and_greatest_lower_bounds(
        a in hand(),
        b in hand(),
        more in prop::array::uniform7(0u8..=2),
    ) {
        let (upper, lower) = (a.max_each(b), a.min_each(b));
        prop_assert!(upper.covers(a) && upper.covers(b));
        prop_assert!(a.covers(lower) && b.covers(lower));
        for k in PieceKind::HAND {
            prop_assert_eq!(upper.count(k), a.count(k).max(b.count(k)));
            prop_assert_eq!(lower.count(k), a.count(k).min(b.count(k)));
        }
        // A bound that is tighter in any kind is no bound.
        for k in PieceKind::HAND {
            if upper.count(k) > more[k.index()] {
                let below = upper.with_count(k, upper.count(k) - 1 - more[k.index()]).unwrap();
                prop_assert!(!(below.covers(a) && below.covers(b)));
            }
            if lower.count(k) + more[k.index()] < Hand::capacity(k) {
                let above = lower.with_count(k, lower.count(k) + 1 + more[k.index()]).unwrap();
                prop_assert!(!(a.covers(above) && b.covers(above)));
            }
        }
    }
}
