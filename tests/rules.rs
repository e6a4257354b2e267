//! One test per rule, each on positions built by hand and explained in a comment. Squares are
//! USI: files 1–9 from Black's right, ranks a–i from the top (White's side); Black moves up.
//!
//! Each Black-attacking case is also checked rotated by 180° with the colours swapped, so that
//! White attacks: square (f, r) becomes (10 − f, 10 − r), e.g. P*1b becomes P*9h.

use std::collections::BTreeSet;
use tsume::notation::sfen::{parse_sfen, to_sfen, SfenFault};
use tsume::search::bounded::{Bounded, BoundedSearch};
use tsume::shogi::movegen::{check_moves, legal_move_list};
use tsume::shogi::rules::{board_move_fault, drop_fault, is_pawn_drop_mate, DropFault, MoveFault};
use tsume::shogi::{Color, MoveList, Piece, PieceKind, Position, PositionError, Square};

fn pos(sfen: &str) -> Position {
    parse_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn legal(p: &Position) -> BTreeSet<String> {
    legal_move_list(p).iter().map(|m| m.to_string()).collect()
}

fn checks(p: &Position) -> BTreeSet<String> {
    let mut list = MoveList::new();
    check_moves(p, &mut list);
    list.iter().map(|m| m.to_string()).collect()
}

/// The position after the USI move `usi`, which must be legal.
fn after(p: &Position, usi: &str) -> Position {
    let m = *legal_move_list(p)
        .iter()
        .find(|m| m.to_string() == usi)
        .unwrap_or_else(|| panic!("{usi} is not legal in {}", to_sfen(p)));
    let mut next = p.clone();
    next.make_move(m);
    next
}

fn sq(usi: &str) -> Square {
    let b = usi.as_bytes();
    Square::new(b[0] - b'0', b[1] - b'a' + 1).unwrap()
}

/// The same position seen from the other side: rotated by 180°, colours and hands swapped.
fn rotate(p: &Position) -> Position {
    let mut board = [None; 81];
    for s in Square::all() {
        if let Some(pc) = p.piece_at(s) {
            let r = Square::new(10 - s.file(), 10 - s.rank()).unwrap();
            board[r.index()] = Some(Piece::new(!pc.color, pc.kind));
        }
    }
    let [black, white] = p.hands();
    Position::new(board, [white, black], !p.side_to_move(), p.ply()).expect("rotated is legal")
}

/// A move written for Black (`1c1b+`) as the side to move in `p` plays it: as written for Black,
/// rotated for White (the position was rotated by [`rotate`]).
fn as_mover(p: &Position, usi: &str) -> String {
    if p.side_to_move() == Color::Black {
        usi.to_string()
    } else {
        rot(usi)
    }
}

/// A USI move or square rotated by 180°: `P*1b` → `P*9h`, `1c1b+` → `9g9h+`.
fn rot(usi: &str) -> String {
    usi.chars()
        .map(|c| match c {
            '1'..='9' => (b'0' + 10 - (c as u8 - b'0')) as char,
            'a'..='i' => (b'a' + b'i' - c as u8) as char,
            _ => c,
        })
        .collect()
}

/// Asserts the pawn-drop rule on `sfen` (Black to move, holding a pawn) and on its rotation:
/// the drop `drop` lands in front of the opponent's king (so it checks), and is generated, as a
/// legal move and as a check, exactly when `legal_drop`.
fn assert_pawn_drop(sfen: &str, drop: &str, legal_drop: bool) {
    let black = pos(sfen);
    for (p, d) in [
        (black.clone(), drop.to_string()),
        (rotate(&black), rot(drop)),
    ] {
        let to = sq(&d[2..]);
        assert_eq!(
            legal(&p).contains(&d),
            legal_drop,
            "{d} in {}: legal should be {legal_drop}",
            to_sfen(&p)
        );
        assert_eq!(checks(&p).contains(&d), legal_drop, "{d} in check_moves");
        assert_eq!(
            is_pawn_drop_mate(&p, to),
            !legal_drop,
            "is_pawn_drop_mate {d}"
        );
        // The drop is excluded by 打ち歩詰め and by nothing else: it passes 二歩 and the
        // dead-piece rule, lands in front of the king and checks it.
        assert!(p.piece_at(to).is_none());
        let king = p.king(!p.side_to_move()).unwrap();
        assert_eq!(
            to.forward(p.side_to_move()),
            Some(king),
            "{d} is in front of the king"
        );
    }
}

#[test]
fn pawn_drop_mate_with_a_pinned_capturer_is_illegal() {
    // White: king 1a, gold 2a. Black: rook 5a (pins the gold along rank a), silver 3c (covers
    // 2b), knight 2d (protects 1b), king 9i; pawn in hand. After P*1b the king cannot take the
    // protected pawn, 2a is its own gold, 2b is covered, and the gold, the only piece that
    // attacks 1b, is pinned: mate by a pawn drop, so illegal.
    assert_pawn_drop("4R2gk/9/6S2/7N1/9/9/9/9/K8 b Pg 1", "P*1b", false);
    // Without the rook the gold is free to take the pawn: a legal check.
    assert_pawn_drop("7gk/9/6S2/7N1/9/9/9/9/K8 b Pg 1", "P*1b", true);
}

#[test]
fn pawn_drop_mate_with_a_protected_pawn_is_illegal() {
    // White: king 1a alone. Black: gold 3b (covers 2a and 2b), knight 2d (protects 1b). After
    // P*1b the king can neither take the pawn nor step away; no other White piece exists, and
    // White's hand (a gold) cannot interpose next to the king: illegal.
    assert_pawn_drop("8k/6G2/9/7N1/9/9/9/9/K8 b Pg 1", "P*1b", false);
}

#[test]
fn pawn_drop_check_with_an_escape_square_is_legal() {
    // White: king 1a. Black: knight 3c (covers 2a and 4a), knight 2d (protects 1b). After P*1b
    // the king cannot take the pawn and 2a is covered, but 2b is free: not mate, legal.
    assert_pawn_drop("8k/9/6N2/7N1/9/9/9/9/K8 b P 1", "P*1b", true);
    let p = after(&pos("8k/9/6N2/7N1/9/9/9/9/K8 b P 1"), "P*1b");
    assert_eq!(legal(&p), BTreeSet::from(["1a2b".to_string()]));
}

#[test]
fn pawn_drop_check_on_an_unprotected_pawn_the_king_can_take_is_legal() {
    // White: king 1a. Black: gold 3b (covers 2a and 2b). After P*1b the only reply is the king
    // taking the pawn, which nothing protects: not mate, legal.
    assert_pawn_drop("8k/6G2/9/9/9/9/9/9/K8 b P 1", "P*1b", true);
    let p = after(&pos("8k/6G2/9/9/9/9/9/9/K8 b P 1"), "P*1b");
    assert_eq!(legal(&p), BTreeSet::from(["1a1b".to_string()]));
}

#[test]
fn pawn_drop_check_that_is_not_mate_is_legal() {
    // White: king 1a, gold 2a (not pinned). Black: silver 3c (covers 2b), knight 2d (protects
    // 1b). After P*1b the gold takes the pawn: a check, not mate, legal.
    let sfen = "7gk/9/6S2/7N1/9/9/9/9/K8 b P 1";
    assert_pawn_drop(sfen, "P*1b", true);
    let p = after(&pos(sfen), "P*1b");
    assert_eq!(legal(&p), BTreeSet::from(["2a1b".to_string()]));
}

#[test]
fn pawn_push_mate_is_legal() {
    // The protected-pawn position with the pawn already on 1c: pushing it to 1b mates (the
    // king cannot take it, 2a and 2b are covered), and only a pawn *drop* may not mate.
    for p in [
        pos("8k/6G2/8P/7N1/9/9/9/9/K8 b - 1"),
        rotate(&pos("8k/6G2/8P/7N1/9/9/9/9/K8 b - 1")),
    ] {
        let push = if p.side_to_move() == Color::Black {
            "1c1b".to_string()
        } else {
            rot("1c1b")
        };
        assert!(checks(&p).contains(&push), "{push} in {}", to_sfen(&p));
        let mated = after(&p, &push);
        assert!(mated.in_check());
        assert!(legal(&mated).is_empty(), "{push} mates");
    }
}

#[test]
fn pawn_drop_mate_with_white_attacking_is_illegal() {
    // The protected-pawn case written out for White: White king 1a is far away; Black king 9i,
    // White gold 7h (covers 8h and 8i), White knight 8f (protects 9h). P*9h mates: illegal.
    let p = pos("8k/9/9/9/9/1n7/9/2g6/K8 w p 1");
    assert_eq!(p, rotate(&pos("8k/6G2/9/7N1/9/9/9/9/K8 b P 1")));
    assert!(!legal(&p).contains("P*9h"));
    assert!(!checks(&p).contains("P*9h"));
    assert!(is_pawn_drop_mate(&p, sq("9h")));
    // Every other case above also runs rotated, with White attacking.
}

#[test]
fn pawn_drop_mate_rows_of_the_problem_files() {
    // perft.tsv tc_pawndropmate: White king 1a, lance 2a; Black silver 1c (protects 1b and
    // covers 2b), lance 2h (covers 2b up the file), king 1i. P*1b is mate by a pawn drop: 85
    // legal moves, 86 if it were counted.
    let p = pos("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
    assert_eq!(legal_move_list(&p).len(), 85);
    assert!(!legal(&p).contains("P*1b"));
    assert!(is_pawn_drop_mate(&p, sq("1b")));
    // short.tsv pawn-drop-mate-avoid-9: White king 1a, knight 2a; Black bishop 2c (protects
    // 1b), knight 3d (covers 2b). P*1b would mate: excluded.
    let p = pos("7nk/9/6PB1/6NP1/9/9/9/9/9 b P2rb4g4s2n4l15p 1");
    assert!(!legal(&p).contains("P*1b"));
    assert!(is_pawn_drop_mate(&p, sq("1b")));
    // short.tsv pawn-drop-no-mate: White king 9a, knight 8a, silver 8b; Black knight 8d
    // (protects 9b). The silver and knight cannot reach 9b and the king is boxed: P*9b would
    // mate, excluded.
    let p = pos("kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1");
    assert!(!legal(&p).contains("P*9b"));
    assert!(is_pawn_drop_mate(&p, sq("9b")));
}

#[test]
fn pawn_drop_mate_is_the_fault_of_a_pawn_drop_that_blocks_a_check_and_mates() {
    // White bishop 4a checks Black's king on 7d through 5b. P*5b blocks and checks the king on
    // 5a: 6a is covered by the silver on 7b, 6b and 4b and the pawn by the gold on 5c, and the
    // bishop, pinned by the rook on 2a, cannot take. A mate by a pawn drop, not a drop that
    // leaves the king in check.
    let p = pos("4kb1R1/2S6/4G4/2K6/9/9/9/9/9 b P 1");
    assert!(p.in_check());
    assert!(!legal(&p).contains("P*5b"));
    assert!(is_pawn_drop_mate(&p, sq("5b")));
    assert_eq!(
        drop_fault(&p, PieceKind::Pawn, sq("5b")),
        DropFault::PawnDropMate
    );
    // A pawn drop elsewhere does not block.
    assert_eq!(
        drop_fault(&p, PieceKind::Pawn, sq("9e")),
        DropFault::LeavesKingInCheck
    );
}

#[test]
fn nifu_pawn_drops_are_excluded_on_a_file_with_an_unpromoted_pawn() {
    // Black pawn on 5e, pawn in hand: no drop anywhere on file 5; drops elsewhere are fine.
    let p = pos("4k4/9/9/9/4P4/9/9/9/4K4 b P 1");
    let moves = legal(&p);
    for rank in 'b'..='h' {
        assert!(!moves.contains(&format!("P*5{rank}")), "P*5{rank}");
        assert!(moves.contains(&format!("P*4{rank}")), "P*4{rank}");
    }
    // A promoted pawn (と) does not count.
    let p = pos("4k4/9/9/9/4+P4/9/9/9/4K4 b P 1");
    assert!(legal(&p).contains("P*5d") && legal(&p).contains("P*5h"));
    // Nor does the opponent's pawn.
    let p = pos("4k4/9/9/9/4p4/9/9/9/4K4 b P 1");
    assert!(legal(&p).contains("P*5d") && legal(&p).contains("P*5h"));
    // White, the same.
    let p = pos("4k4/9/9/9/4p4/9/9/9/4K4 w p 1");
    let moves = legal(&p);
    for rank in 'b'..='h' {
        assert!(!moves.contains(&format!("P*5{rank}")), "P*5{rank}");
        assert!(moves.contains(&format!("P*6{rank}")), "P*6{rank}");
    }
}

#[test]
fn nifu_excludes_the_interposing_pawn_in_short_tsv_nifu_mate1() {
    // White king 9a, pawn 9h, 16 pawns in hand; Black king 7b covers 8a and 8b. The rook goes
    // 1g9g: check along file 9, and every interposition on 9b–9f would be a pawn on file 9,
    // which already holds White's pawn on 9h: mate.
    let p = pos("k8/2K6/9/7BB/7LL/7LL/8R/p2NNSSGG/P2NNSSGG b 16p 1");
    let mated = after(&p, "1g9g");
    assert!(mated.in_check());
    assert!(legal(&mated).is_empty());
    // Without the pawn on 9h, the same check can be answered by a pawn on any of 9b–9f.
    let p = pos("k8/2K6/9/7BB/7LL/7LL/8R/3NNSSGG/P2NNSSGG b 17p 1");
    let moves = legal(&after(&p, "1g9g"));
    assert_eq!(
        moves,
        ["P*9b", "P*9c", "P*9d", "P*9e", "P*9f"]
            .map(String::from)
            .into()
    );
}

#[test]
fn nifu_position_is_rejected_when_read() {
    // Black pawns on 5e and 5g; the error points at the second one (column 20).
    let e = parse_sfen("4k4/9/4p4/9/4P4/9/4P4/9/4K4 b - 1").unwrap_err();
    assert_eq!(e.column, 20);
    assert_eq!(
        e.fault,
        SfenFault::Illegal(PositionError::DoublePawn {
            color: Color::Black,
            file: 5
        })
    );
    // White pawns on 1c and 1g.
    let e = parse_sfen("4k4/9/8p/9/9/9/8p/9/4K4 b - 1").unwrap_err();
    assert_eq!(
        e.fault,
        SfenFault::Illegal(PositionError::DoublePawn {
            color: Color::White,
            file: 1
        })
    );
}

#[test]
fn dead_piece_drops_are_not_generated() {
    // Black holds a pawn, a lance and a knight: no pawn or lance drop on rank a, no knight drop
    // on ranks a and b; White (rotated) the same on ranks i, and h and i.
    let black = pos("4k4/9/9/9/9/9/9/9/4K4 b PLN 1");
    for p in [black.clone(), rotate(&black)] {
        let moves = legal(&p);
        let (last, second) = match p.side_to_move() {
            Color::Black => ('a', 'b'),
            Color::White => ('i', 'h'),
        };
        let third = if last == 'a' { 'c' } else { 'g' };
        for file in 1..=9 {
            if file == 5 {
                continue; // the kings' file
            }
            assert!(!moves.contains(&format!("P*{file}{last}")));
            assert!(!moves.contains(&format!("L*{file}{last}")));
            assert!(!moves.contains(&format!("N*{file}{last}")));
            assert!(!moves.contains(&format!("N*{file}{second}")));
            assert!(moves.contains(&format!("P*{file}{second}")));
            assert!(moves.contains(&format!("L*{file}{second}")));
            assert!(moves.contains(&format!("N*{file}{third}")));
        }
        // 3 kinds × 79 empty squares, less the dead squares: the 8 empty squares of the last
        // rank (a king stands on it) for pawn and lance, those and the 9 of the next rank for
        // the knight.
        assert_eq!(
            moves.iter().filter(|m| m.contains('*')).count(),
            3 * 79 - 8 - 8 - 17
        );
    }
}

#[test]
fn dead_piece_moves_must_promote() {
    // Black pawn 1b, lance 2c, knights 3d and 7e. A pawn or lance reaching rank a and a knight
    // reaching rank a or b must promote; a lance reaching b and a knight reaching c may stay.
    let black = pos("4k4/8P/7L1/6N2/2N6/9/9/9/4K4 b - 1");
    for p in [black.clone(), rotate(&black)] {
        let moves = legal(&p);
        let r = |m: &str| as_mover(&p, m);
        for only_promotion in ["1b1a", "2c2a", "3d2b", "3d4b"] {
            assert!(
                moves.contains(&r(&format!("{only_promotion}+"))),
                "{only_promotion}+"
            );
            assert!(!moves.contains(&r(only_promotion)), "{only_promotion}");
        }
        for both in ["2c2b", "7e6c", "7e8c"] {
            assert!(moves.contains(&r(both)), "{both}");
            assert!(moves.contains(&r(&format!("{both}+"))), "{both}+");
        }
    }
}

#[test]
fn every_legal_non_promotion_is_generated() {
    // A bishop entering the zone, a rook leaving it, a silver inside it, a pawn to rank c and
    // to rank b: both the promotion and the non-promotion are legal and generated.
    let black = pos("4k4/7R1/5S3/8P/2B6/9/9/9/4K4 b - 1");
    for p in [black.clone(), rotate(&black)] {
        let moves = legal(&p);
        let r = |m: &str| as_mover(&p, m);
        for both in [
            "7e4b", "7e9c", "7e3a", "2b2e", "2b2i", "4c4b", "4c3d", "1d1c",
        ] {
            assert!(moves.contains(&r(both)), "{both}");
            assert!(moves.contains(&r(&format!("{both}+"))), "{both}+");
        }
        // Outside the zone there is no promotion.
        assert!(moves.contains(&r("7e6f")) && !moves.contains(&r("7e6f+")));
        // A check is generated both ways too: the silver to 4b attacks 5a promoted or not.
        let c = checks(&p);
        assert!(c.contains(&r("4c4b")) && c.contains(&r("4c4b+")));
    }
    // After 1d1c, the pawn on 1c may step to 1b with or without promoting.
    let p = after(&black, "1d1c");
    let p = after(&p, "5a6a");
    assert!(legal(&p).contains("1c1b") && legal(&p).contains("1c1b+"));
}

#[test]
fn dead_piece_position_is_rejected_when_read() {
    // A Black knight on 9b can never move; the error points at its letter (column 5).
    let e = parse_sfen("4k4/N8/9/9/9/9/9/9/4K4 b - 1").unwrap_err();
    assert_eq!(
        e.fault,
        SfenFault::Illegal(PositionError::DeadPiece {
            kind: PieceKind::Knight,
            square: sq("9b")
        })
    );
    assert_eq!(e.column, 5);
    // Nor a White lance on 1i (column 22).
    let e = parse_sfen("4k4/9/9/9/9/9/9/9/4K3l b - 1").unwrap_err();
    assert_eq!(
        e.fault,
        SfenFault::Illegal(PositionError::DeadPiece {
            kind: PieceKind::Lance,
            square: sq("1i")
        })
    );
    assert_eq!(e.column, 22);
}

#[test]
fn dead_knight_drop_cannot_interpose_in_short_tsv_dead_knight_drop() {
    // R*2i checks White's king on 4i along rank i. The only empty square between is 3i, on
    // White's last rank, and White's only piece in hand is a knight, which may not be dropped
    // there: mate.
    let p = pos("l1+L6/9/p1pL3Gp/2s+Bp1pp1/2Np3P1/P1P6/1PKP1SB1P/2Gg+nr3/L4k3 b RG2SN5Pn 179");
    let mated = after(&p, "R*2i");
    assert!(mated.in_check());
    assert!(mated.hand(Color::White).count(PieceKind::Knight) == 1);
    assert!(mated.piece_at(sq("3i")).is_none());
    assert!(legal(&mated).is_empty());
}

#[test]
fn drop_fault_names_the_rule_a_drop_breaks() {
    // A pawn on 1b would be 打ち歩詰め (perft.tsv tc_pawndropmate); a gold there is mate.
    let p = pos("7lk/9/8S/9/9/9/9/7L1/8K b PG 1");
    let fault = |kind, s| drop_fault(&p, kind, sq(s));
    assert_eq!(fault(PieceKind::Pawn, "1b"), DropFault::PawnDropMate);
    assert_eq!(fault(PieceKind::Rook, "5e"), DropFault::NotInHand);
    assert_eq!(fault(PieceKind::Gold, "1c"), DropFault::Occupied);
    assert_eq!(fault(PieceKind::Pawn, "5a"), DropFault::DeadPiece);
    assert!(legal(&p).contains("G*1b"));
    // Black's pawn on 5e; the White rook on 1i checks Black's king on 5i.
    let p = pos("4k4/9/9/9/4P4/9/9/9/4K3r b P 1");
    let fault = |kind, s| drop_fault(&p, kind, sq(s));
    assert_eq!(fault(PieceKind::Pawn, "5c"), DropFault::DoublePawn);
    assert_eq!(fault(PieceKind::Pawn, "4c"), DropFault::LeavesKingInCheck);
    assert!(legal(&p).contains("P*3i"));
}

#[test]
fn a_defender_rook_left_unpromoted_makes_the_pawn_drop_a_mate_and_illegal() {
    // 図巧 No. 53 after S*8f 7g7f 5d6e 5e6e 7d7e 6e7e B*6g 5h6g P*7g 6g7g 8f7g 7f7g R*8g 7g7f
    // N*6h: White's rook on 9h takes the knight. Promoted, it guards 7g and P*7g is a legal
    // check; unpromoted it does not, the pawn drop would mate, and 打ち歩詰め forbids it. Both
    // captures are legal: the defender may decline to promote. (A mate search that leaves out
    // the defender's non-promotions finds a mate in 23 of the diagram along this line; this
    // defence refutes it.)
    let before = pos("9/2l6/9/1p7/1Pg6/2k1+Bs3/1R7/r2N5/1L+p1S4 w 3NPb3g2s2l14p 16");
    let replies = legal(&before);
    assert!(replies.contains("9h6h") && replies.contains("9h6h+"));
    let promoted = "9/2l6/9/1p7/1Pg6/2k1+Bs3/1R7/3+r5/1L+p1S4 b 3NPb3g2sn2l14p 17";
    let unpromoted = "9/2l6/9/1p7/1Pg6/2k1+Bs3/1R7/3r5/1L+p1S4 b 3NPb3g2sn2l14p 17";
    assert_eq!(to_sfen(&after(&before, "9h6h+")), promoted);
    assert_eq!(to_sfen(&after(&before, "9h6h")), unpromoted);
    assert_pawn_drop(promoted, "P*7g", true);
    assert_pawn_drop(unpromoted, "P*7g", false);
    // The exhaustive search (every check, every reply): the promoted rook is mated in 7 plies,
    // the unpromoted one not within 7.
    let mut search = BoundedSearch::new(50_000_000);
    assert_eq!(search.shortest_mate(&pos(promoted), 7), Bounded::Mate(7));
    assert_eq!(
        search.shortest_mate(&pos(unpromoted), 7),
        Bounded::NoMateWithin
    );
}

#[test]
fn an_illegal_board_move_is_told_by_the_rule_it_breaks() {
    let sq = |t: &str| {
        let b = t.as_bytes();
        Square::new(b[0] - b'0', b[1] - b'a' + 1).unwrap()
    };
    let fault = |sfen: &str, from: &str, to: &str, promote: bool| {
        board_move_fault(&parse_sfen(sfen).unwrap(), sq(from), sq(to), promote)
    };
    // A black gold on 5e, a black rook on 5h behind a pawn on 5f, the king on 5i.
    let p = "4k4/9/9/9/4G4/4P4/9/4R4/4K4 b - 1";
    assert_eq!(fault(p, "5e", "5g", false), MoveFault::OutOfReach);
    assert_eq!(fault(p, "5h", "5d", false), MoveFault::Blocked(sq("5f")));
    assert_eq!(fault(p, "5h", "5f", false), MoveFault::OwnPiece);
    assert_eq!(fault(p, "5e", "5d", true), MoveFault::CannotPromote);
    // A pawn on 5b must promote on 5a.
    let p = "9/4P4/9/9/9/9/9/k8/4K4 b - 1";
    assert_eq!(fault(p, "5b", "5a", false), MoveFault::MustPromote);
    // A white rook on 4a: the king may not step to 4i; the silver on 5h is pinned by the
    // lance on 5a; in check from the lance, a gold that does not answer it.
    let p = "4l4/9/9/9/9/9/9/4S4/4K4 b - 1";
    assert_eq!(fault(p, "5h", "4g", false), MoveFault::Pinned(sq("5a")));
    let p = "4lr3/9/9/9/9/9/9/9/G3K4 b - 1";
    assert_eq!(
        fault(p, "5i", "4i", false),
        MoveFault::KingIntoCheck(sq("4a"))
    );
    assert_eq!(
        fault(p, "9i", "9h", false),
        MoveFault::LeavesCheck(sq("5a"))
    );
    // Every fault in words, squares as the caller writes them.
    let words = MoveFault::Pinned(sq("5a")).describe(|s| s.to_string());
    assert_eq!(
        words,
        "the piece is pinned: moving it leaves its king in check from the piece on 5a"
    );
}
