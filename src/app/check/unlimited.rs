//! 非限定: an alternative that differs from the main move only in promotion, or in the distance
//! of the same ranging piece on the same line to the king.

use crate::shogi::{Move, PieceKind, Position, Square};

/// 非限定: the alternative `alt` differs from the main move only in promotion, or it puts the
/// same ranging piece (lance, bishop, rook, horse, dragon: the same kind dropped, or the same
/// piece moved alike) on the same line from the defender's king at another distance. Which of
/// the two, in words.
pub fn unlimited(pos: &Position, main: Move, alt: Move) -> Option<&'static str> {
    if main.from().is_some() && main.from() == alt.from() && main.to() == alt.to() {
        return Some("the same move with the other promotion choice");
    }
    let kind = match (main.from(), alt.from()) {
        (None, None) if main.drop_kind() == alt.drop_kind() => main.drop_kind(),
        (Some(a), Some(b)) if a == b && main.is_promotion() == alt.is_promotion() => {
            pos.piece_at(a).map(|p| p.kind)
        }
        _ => None,
    };
    let ranging = matches!(
        kind,
        Some(
            PieceKind::Lance
                | PieceKind::Bishop
                | PieceKind::Rook
                | PieceKind::Horse
                | PieceKind::Dragon
        )
    );
    let king = pos.king(!pos.side_to_move())?;
    let same_line =
        direction(king, main.to()).is_some_and(|d| Some(d) == direction(king, alt.to()));
    (ranging && same_line).then_some("the same ranging piece on the same line at another distance")
}

/// The unit step from `from` towards `to` when they share a file, rank or diagonal.
fn direction(from: Square, to: Square) -> Option<(i8, i8)> {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let aligned = (df, dr) != (0, 0) && (df == 0 || dr == 0 || df.abs() == dr.abs());
    aligned.then_some((df.signum(), dr.signum()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::notation::usi::parse_usi_move_syntax;

    fn mv(usi: &str) -> Move {
        parse_usi_move_syntax(usi).unwrap()
    }

    #[test]
    fn a_ranging_piece_at_another_distance_or_the_other_promotion_is_unlimited() {
        let pos = parse_sfen("4k4/9/9/9/9/9/9/9/9 b 2RL 1").unwrap();
        let distance = Some("the same ranging piece on the same line at another distance");
        assert_eq!(unlimited(&pos, mv("R*5c"), mv("R*5g")), distance);
        assert_eq!(unlimited(&pos, mv("L*5c"), mv("L*5i")), distance);
        assert_eq!(unlimited(&pos, mv("R*5c"), mv("L*5e")), None);
        assert_eq!(unlimited(&pos, mv("R*5c"), mv("R*4b")), None);
        let pos = parse_sfen("4k4/9/9/9/9/9/9/9/1R7 b - 1").unwrap();
        assert_eq!(
            unlimited(&pos, mv("8i8a+"), mv("8i8a")),
            Some("the same move with the other promotion choice")
        );
        let pos = parse_sfen("4k4/9/9/9/9/9/9/9/R8 b - 1").unwrap();
        assert_eq!(unlimited(&pos, mv("9i7i"), mv("9i6i")), None);
    }

    fn sq(file: u8, rank: u8) -> Square {
        Square::new(file, rank).unwrap()
    }

    #[test]
    fn squares_on_one_line_from_the_king_share_a_direction() {
        assert_eq!(direction(sq(5, 1), sq(5, 4)), Some((0, 1)));
        assert_eq!(direction(sq(5, 1), sq(5, 9)), Some((0, 1)));
        assert_eq!(direction(sq(5, 5), sq(2, 2)), Some((-1, -1)));
        assert_eq!(direction(sq(5, 5), sq(3, 4)), None);
        assert_eq!(direction(sq(5, 5), sq(5, 5)), None);
    }
}
