//! One position through both searches, and whether their answers agree.

use crate::notation::sfen::to_sfen;
use crate::search::bounded::{Bounded, BoundedSearch};
use crate::search::replay::verify_mate_line;
use crate::search::session::Session;
use crate::search::{solve, Options, Outcome};
use crate::shogi::attacks::between;
use crate::shogi::rules;
use crate::shogi::{Color, Move, PieceKind, Position};
use std::time::{Duration, Instant};

/// The longest mate the bounded search looks for.
pub const MAX_PLIES: u32 = 7;

/// What df-pn answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dfpn {
    /// A mate of this minimax length, with its main line.
    Mate {
        /// Minimax length in plies.
        length: usize,
        /// The main line.
        line: Vec<Move>,
    },
    /// Proven: no mate.
    NoMate,
    /// Proven by the fallback search: no mate within [`MAX_PLIES`].
    NoMateWithin,
    /// A limit stopped the search.
    Unknown,
}

/// What both searches made of one position.
#[derive(Clone, Debug)]
pub struct Case {
    /// The position's index in the run.
    pub index: u64,
    /// The position.
    pub sfen: String,
    /// df-pn's answer.
    pub dfpn: Dfpn,
    /// Whether the whole search reached its limit, so that `dfpn` is the answer of df-pn bounded
    /// to [`MAX_PLIES`] plies.
    pub dfpn_fell_back: bool,
    /// The bounded search's answer.
    pub bounded: Bounded,
    /// For a df-pn mate: why its line failed the replay check, if it did (or that a search
    /// panicked).
    pub replay_fault: Option<String>,
    /// The features of the position and of df-pn's line.
    pub features: Features,
    /// df-pn's nodes and time.
    pub dfpn_cost: (u64, Duration),
    /// The bounded search's nodes and time.
    pub bounded_cost: (u64, Duration),
}

/// Rule cases a position or its mate line exercises.
#[derive(Clone, Copy, Debug, Default)]
pub struct Features {
    /// Black holds a pawn whose drop in front of the king would mate: 打ち歩詰め, illegal.
    pub pawn_drop_mate_at_root: bool,
    /// The mate line has a promotion.
    pub promotion: bool,
    /// The mate line has an interposition (a defender piece moved or dropped between its king
    /// and a checking piece).
    pub interposition: bool,
    /// The mate line has a pawn drop.
    pub pawn_drop: bool,
}

/// How the answers of one position compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// Both found the shortest mate of this many plies (at most [`MAX_PLIES`]).
    Mate(u32),
    /// Neither found a mate within [`MAX_PLIES`]; df-pn proved a longer mate.
    LongerMate,
    /// Neither found a mate within [`MAX_PLIES`]; df-pn proved there is none.
    NoMate,
    /// Neither found a mate within [`MAX_PLIES`]; df-pn only searched that far.
    NoMateWithin,
    /// df-pn reached its limit: not compared.
    DfpnUnknown,
    /// The bounded search spent its budget: not compared.
    BoundedGaveUp,
    /// The answers differ, or df-pn's line failed its replay.
    Disagree,
}

impl Case {
    /// The comparison: df-pn's mate of length L ≤ 7 must be the bounded search's shortest mate;
    /// a longer mate or no mate must be no mate within 7 plies for the bounded search.
    pub fn agreement(&self) -> Agreement {
        if self.replay_fault.is_some() {
            return Agreement::Disagree;
        }
        match (&self.dfpn, self.bounded) {
            (Dfpn::Unknown, _) => Agreement::DfpnUnknown,
            (_, Bounded::GaveUp) => Agreement::BoundedGaveUp,
            (Dfpn::Mate { length, .. }, Bounded::Mate(n)) if *length == n as usize => {
                Agreement::Mate(n)
            }
            (Dfpn::Mate { length, .. }, Bounded::NoMateWithin) if *length > MAX_PLIES as usize => {
                Agreement::LongerMate
            }
            (Dfpn::NoMate, Bounded::NoMateWithin) => Agreement::NoMate,
            (Dfpn::NoMateWithin, Bounded::NoMateWithin) => Agreement::NoMateWithin,
            _ => Agreement::Disagree,
        }
    }
}

/// Solves `pos`, position `index` of the run, both ways: df-pn under the rules of the game with
/// `options` (the whole search, as `solve --rules game` runs it; if that reaches its limit, df-pn
/// bounded to [`MAX_PLIES`] plies with the same limits), and the bounded AND/OR search with
/// `bounded_budget` nodes.
pub fn check_one(index: u64, pos: &Position, options: &Options, bounded_budget: u64) -> Case {
    let start = Instant::now();
    let mut report = solve(pos, options);
    let mut nodes = report.nodes;
    let dfpn_fell_back = matches!(report.outcome, Outcome::Unknown { .. });
    if dfpn_fell_back {
        let mut session = Session::new(pos.side_to_move(), options);
        report = session.solve_within(pos, Some(MAX_PLIES as usize), options.limits.clone());
        nodes += report.nodes;
    }
    let dfpn_cost = (nodes, start.elapsed());
    let start = Instant::now();
    let mut bounded = BoundedSearch::new(bounded_budget);
    let answer = bounded.shortest_mate(pos, MAX_PLIES);
    let bounded_cost = (bounded.nodes, start.elapsed());
    let mut features = Features {
        pawn_drop_mate_at_root: pawn_drop_would_mate(pos),
        ..Features::default()
    };
    let mut replay_fault = None;
    let dfpn = match report.outcome {
        Outcome::Mate { line, minimax } => {
            if let Err(fault) = verify_mate_line(pos, &line) {
                replay_fault = Some(fault.to_string());
            } else if line.length() != minimax {
                replay_fault = Some(format!(
                    "the line has {} plies, the minimax length is {minimax}",
                    line.length()
                ));
            }
            line_features(pos, &line.moves, &mut features);
            Dfpn::Mate {
                length: minimax,
                line: line.moves,
            }
        }
        Outcome::NoMate if dfpn_fell_back => Dfpn::NoMateWithin,
        Outcome::NoMate => Dfpn::NoMate,
        Outcome::Unknown { .. } => Dfpn::Unknown,
    };
    Case {
        index,
        sfen: to_sfen(pos),
        dfpn,
        dfpn_fell_back,
        bounded: answer,
        replay_fault,
        features,
        dfpn_cost,
        bounded_cost,
    }
}

/// The record of `pos`, position `index` of the run, when a search panicked on it (the message
/// has gone to standard error): a disagreement, so that the position is printed.
pub fn panicked(index: u64, pos: &Position) -> Case {
    Case {
        index,
        sfen: to_sfen(pos),
        dfpn: Dfpn::Unknown,
        dfpn_fell_back: false,
        bounded: Bounded::GaveUp,
        replay_fault: Some("a search panicked on this position".to_string()),
        features: Features::default(),
        dfpn_cost: (0, Duration::ZERO),
        bounded_cost: (0, Duration::ZERO),
    }
}

/// Whether Black could drop a pawn in front of White's king, giving a check that leaves no
/// legal reply, were it not for the 打ち歩詰め rule (which makes that drop illegal).
fn pawn_drop_would_mate(pos: &Position) -> bool {
    let (Color::Black, Some(king), true) = (
        pos.side_to_move(),
        pos.king(Color::White),
        pos.hand(Color::Black).has(PieceKind::Pawn),
    ) else {
        return false;
    };
    let Some(to) = king.forward(Color::White) else {
        return false;
    };
    if pos.piece_at(to).is_some() || rules::double_pawn_files(pos, Color::Black).contains(to) {
        return false;
    }
    // A drop uncovers nothing, so it leaves Black's king in check only when it was in check.
    if pos.in_check() {
        let mut after = pos.clone();
        after.make_move(Move::drop(PieceKind::Pawn, to));
        if after.is_in_check(Color::Black) {
            return false;
        }
    }
    rules::is_pawn_drop_mate(pos, to)
}

/// Marks the promotions, interpositions and pawn drops of `line`, played from `pos`.
fn line_features(pos: &Position, line: &[Move], features: &mut Features) {
    let mut pos = pos.clone();
    for &m in line {
        features.promotion |= m.is_promotion();
        features.pawn_drop |= m.drop_kind() == Some(PieceKind::Pawn);
        if let (true, Some(king)) = (pos.in_check(), pos.king(pos.side_to_move())) {
            let lines = pos
                .checkers()
                .into_iter()
                .fold(crate::shogi::Bitboard::EMPTY, |b, c| b | between(king, c));
            features.interposition |= lines.contains(m.to());
        }
        pos.make_move(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::selfcheck::generate::random_problem;
    use crate::notation::sfen::parse_sfen;
    use crate::shogi::fill_defender_hand;

    fn case(dfpn: Dfpn, bounded: Bounded) -> Case {
        Case {
            index: 0,
            sfen: String::new(),
            dfpn,
            dfpn_fell_back: false,
            bounded,
            replay_fault: None,
            features: Features::default(),
            dfpn_cost: (0, Duration::ZERO),
            bounded_cost: (0, Duration::ZERO),
        }
    }

    fn mate(length: usize) -> Dfpn {
        Dfpn::Mate {
            length,
            line: vec![],
        }
    }

    #[test]
    fn a_short_mate_agrees_only_with_the_same_length() {
        assert_eq!(
            case(mate(5), Bounded::Mate(5)).agreement(),
            Agreement::Mate(5)
        );
        assert_eq!(
            case(mate(5), Bounded::Mate(3)).agreement(),
            Agreement::Disagree
        );
        assert_eq!(
            case(mate(3), Bounded::Mate(5)).agreement(),
            Agreement::Disagree
        );
        assert_eq!(
            case(mate(7), Bounded::NoMateWithin).agreement(),
            Agreement::Disagree
        );
    }

    #[test]
    fn a_longer_mate_or_none_agrees_only_with_no_mate_within_the_bound() {
        let longer = MAX_PLIES as usize + 2;
        let no_mate = Bounded::NoMateWithin;
        assert_eq!(
            case(mate(longer), no_mate).agreement(),
            Agreement::LongerMate
        );
        assert_eq!(case(Dfpn::NoMate, no_mate).agreement(), Agreement::NoMate);
        assert_eq!(
            case(Dfpn::NoMateWithin, no_mate).agreement(),
            Agreement::NoMateWithin
        );
        for dfpn in [mate(longer), Dfpn::NoMate, Dfpn::NoMateWithin] {
            assert_eq!(
                case(dfpn, Bounded::Mate(7)).agreement(),
                Agreement::Disagree
            );
        }
    }

    #[test]
    fn a_line_that_fails_its_replay_is_a_disagreement() {
        let mut c = case(mate(3), Bounded::Mate(3));
        c.replay_fault = Some("ply 3: 5b5a is not a legal check".to_string());
        assert_eq!(c.agreement(), Agreement::Disagree);
    }

    #[test]
    fn a_search_stopped_by_its_limit_is_not_compared() {
        assert_eq!(
            case(Dfpn::Unknown, Bounded::Mate(1)).agreement(),
            Agreement::DfpnUnknown
        );
        assert_eq!(
            case(mate(1), Bounded::GaveUp).agreement(),
            Agreement::BoundedGaveUp
        );
    }

    #[test]
    fn a_pawn_drop_that_would_mate_is_noticed() {
        // pawn-drop-no-mate of short.tsv: P*9b would mate.
        let pos = fill_defender_hand(&parse_sfen("kn7/1s7/9/1N7/9/9/9/9/9 b P 1").unwrap());
        assert!(pawn_drop_would_mate(&pos));
        // Without the knight guarding 9b the king takes the pawn.
        let pos = fill_defender_hand(&parse_sfen("kn7/1s7/9/9/9/9/9/9/9 b P 1").unwrap());
        assert!(!pawn_drop_would_mate(&pos));
    }

    #[test]
    fn a_position_is_checked_both_ways() {
        let options = Options {
            rules: crate::search::Rules::Game,
            hash_mb: 4,
            limits: crate::search::Limits {
                nodes: Some(100_000),
                ..Default::default()
            },
            ..Options::default()
        };
        let c = check_one(0, &random_problem(1, 0), &options, 1_000_000);
        // Compared, not left undecided by either search, and in agreement.
        assert!(
            matches!(
                c.agreement(),
                Agreement::Mate(_)
                    | Agreement::LongerMate
                    | Agreement::NoMate
                    | Agreement::NoMateWithin
            ),
            "{c:?}"
        );
    }
}
