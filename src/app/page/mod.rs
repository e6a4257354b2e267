//! The page's own requests, which the command line has no command for: a problem text read for
//! the board (its position, its moves, its header), a line played out, and a set-up written as
//! KIF. Solving and checking are the commands' own steps ([`super::engine`]).
//!
//! Texts come whole, never as file names: nothing here reads a file.

pub mod views;

use super::line_text::futile_end_pair;
use super::problem::{
    place_in, prepare_problem, record_format_of_text, record_text, side_line_warning, InputError,
    RecordFormat, TextProblem,
};
use crate::notation::kif::write_kif;
use crate::notation::record::{Record, RecordError};
use crate::notation::sfen::{
    board_column, parse_sfen_record, parse_sfen_with_unchecked_moves, SfenError, SfenFault,
};
use crate::search::Outcome;
use crate::shogi::movegen::is_legal;
use crate::shogi::{Move, Position};
use serde::Serialize;
use ts_rs::TS;
use views::{move_view, position_view, replay, LineError, MoveView, PositionView, StepView};

/// The name that places the faults of a text given whole (`<problem>:3:12: …`).
pub const TEXT_NAME: &str = "<problem>";

/// A fault of a problem's text that leaves the problem readable (a move of its solution, of a
/// side line), in the command line's words and placed in the text.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, TS)]
pub struct TextFault {
    /// The command line's message: `<problem>:24:6: move 5 '９九銀(34)': no piece on ３四`.
    pub message: String,
    /// The 1-based line of the text it is on.
    pub line: Option<usize>,
    /// The 1-based character column in that line.
    pub column: Option<usize>,
    /// The fault without its place: `move 5 '９九銀(34)': no piece on ３四`.
    pub fault: String,
}

impl TextFault {
    /// A record's fault, with the command line's `message` of it.
    fn of_record(e: &RecordError, message: String) -> TextFault {
        TextFault {
            message,
            line: Some(e.line),
            column: Some(e.column),
            fault: e.message.clone(),
        }
    }
}

/// A problem text as the board shows it.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "PositionAnswer")]
pub struct ProblemView {
    /// The position to solve: the hand convention applied (unless the hands are literal), a
    /// game's position after its last move.
    pub position: PositionView,
    /// The position as written.
    pub written: PositionView,
    /// `sfen`, `kif`, `ki2`, `csa` or `bod`.
    #[ts(type = "\"sfen\" | \"kif\" | \"ki2\" | \"csa\" | \"bod\"")]
    pub format: &'static str,
    /// The moves that came with the problem (its intended solution), up to the first that
    /// fails; empty for a game record.
    pub line: Vec<MoveView>,
    /// The first of those moves that fails, placed, with why: `check` finds the intended line
    /// failing there (不詰), `solve` warns and solves the diagram.
    pub line_fault: Option<TextFault>,
    /// The faults of the record's side lines (変化), as `check` warns of them: each side line
    /// ends before its faulty move; the main line stands.
    pub warnings: Vec<TextFault>,
    /// The record's header fields, in order.
    pub header: Vec<(String, String)>,
    /// For a game record: its moves played to reach `position`.
    pub game_moves: Option<usize>,
}

/// Reads `text` for the board. The moves after an SFEN (`… moves …`) are the intended solution,
/// as `check` reads them, not moves to play first.
pub fn describe_problem(text: &str, literal_hands: bool) -> Result<ProblemView, InputError> {
    let problem = record_text(text, TEXT_NAME)?;
    let format = match (&problem, record_format_of_text(text)) {
        (TextProblem::Sfen { .. }, _) => "sfen",
        (TextProblem::Record(_), Some(RecordFormat::Csa)) => "csa",
        (TextProblem::Record(_), Some(RecordFormat::Ki2)) => "ki2",
        (TextProblem::Record(_), _) if !text.contains("手数-") && !has_numbered_move(text) => {
            "bod"
        }
        (TextProblem::Record(_), _) => "kif",
    };
    match problem {
        TextProblem::Record(record) => describe_record(*record, format, literal_hands),
        TextProblem::Sfen { line, origin } => {
            let (start, moves) =
                parse_sfen_with_unchecked_moves(line).map_err(|error| InputError::Sfen {
                    origin: origin.clone(),
                    error,
                })?;
            let at = place_in(&origin, board_column(line));
            super::problem::require_defender_king(&start, &at)?;
            // The moves played in turn, as `solve` reads them, place the first that fails.
            let line_fault = match parse_sfen_record(line) {
                Err(SfenError { column, fault }) if matches!(fault, SfenFault::BadMove { .. }) => {
                    let fault = fault.to_string();
                    Some(TextFault {
                        message: format!("{}{fault}", place_in(&origin, column)),
                        line: origin_line(&origin),
                        column: Some(column),
                        fault,
                    })
                }
                _ => None,
            };
            let views = legal_prefix(&start, &moves);
            Ok(ProblemView {
                position: position_view(&prepare_problem(&start, literal_hands)?),
                written: position_view(&start),
                format,
                line: views,
                line_fault,
                warnings: Vec::new(),
                header: Vec::new(),
                game_moves: None,
            })
        }
    }
}

/// The line number of an origin `name:line: `.
fn origin_line(origin: &str) -> Option<usize> {
    let (_, n) = origin.strip_suffix(": ")?.rsplit_once(':')?;
    n.parse().ok()
}

/// A KIF line numbered like `   1 ２二金打`: a record with moves, not a bare diagram.
fn has_numbered_move(text: &str) -> bool {
    text.lines().any(|l| {
        let mut words = l.split_whitespace();
        words.next().is_some_and(|w| w.parse::<u32>().is_ok()) && words.next().is_some()
    })
}

fn describe_record(
    record: Record,
    format: &'static str,
    literal_hands: bool,
) -> Result<ProblemView, InputError> {
    let written = position_view(&record.start);
    if record.is_game() {
        let posed = super::problem::pose_record(&record, TEXT_NAME, true)?;
        return Ok(ProblemView {
            position: position_view(&posed.position),
            written,
            format,
            line: Vec::new(),
            line_fault: None,
            warnings: Vec::new(),
            header: record.headers,
            game_moves: posed.game_moves,
        });
    }
    let line = legal_prefix(&record.start, &record.moves);
    Ok(ProblemView {
        position: position_view(&prepare_problem(&record.start, literal_hands)?),
        written,
        format,
        line,
        line_fault: record
            .move_fault
            .as_ref()
            .map(|e| TextFault::of_record(e, e.placed(TEXT_NAME))),
        // As `check` words them.
        warnings: record
            .side_faults
            .iter()
            .map(|e| TextFault::of_record(e, side_line_warning(e, TEXT_NAME)))
            .collect(),
        header: record.headers,
        game_moves: None,
    })
}

/// The moves of `moves` that are legal in turn from `start`, described, up to the first that
/// is not.
fn legal_prefix(start: &Position, moves: &[Move]) -> Vec<MoveView> {
    let mut pos = start.clone();
    let mut previous = None;
    let mut out = Vec::new();
    for &m in moves {
        if !is_legal(&pos, m) {
            break;
        }
        out.push(move_view(&pos, m, previous));
        previous = Some(m.to());
        pos.make_move(m);
    }
    out
}

/// A line played out for the board: the start, the position after each move, and the legal
/// moves at the end when asked for.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "LineAnswer")]
pub struct LineView {
    /// The position before the first move.
    pub start: PositionView,
    /// Each move and the position after it.
    pub steps: Vec<StepView>,
    /// The legal moves at the end (empty unless asked for).
    pub legal: Vec<MoveView>,
}

/// Plays `moves` from `start` ([`replay`]); with `legal`, also the moves that may follow.
pub fn play_line(
    start: &Position,
    moves: &[Move],
    futile: &[usize],
    legal: bool,
) -> Result<LineView, LineError> {
    let (steps, end) = replay(start, moves, futile)?;
    let legal = if legal {
        let previous = moves.last().map(|m| m.to());
        views::legal_views(&end, previous)
    } else {
        Vec::new()
    };
    Ok(LineView {
        start: position_view(start),
        steps,
        legal,
    })
}

/// The futile ending of a solve's line (its `futile_end`: a drop and its capture after the
/// line's last check, not counted) in 日本式, as `solve --format ja` names it; `None` when the
/// line has none, or there is no line.
pub fn futile_end_ja(start: &Position, outcome: &Outcome) -> Option<[String; 2]> {
    let line = match outcome {
        Outcome::Mate { line, .. } => line,
        Outcome::Unknown {
            found: Some(line), ..
        } => line,
        Outcome::Unknown { found: None, .. } | Outcome::NoMate => return None,
    };
    futile_end_pair(start, line).map(|(_, ja)| ja)
}

/// `start` and `moves` (legal in turn) as a UTF-8 KIF, with `header` (name, value) first.
pub fn setup_kif(
    start: &Position,
    moves: &[Move],
    header: Vec<(String, String)>,
) -> Result<String, LineError> {
    replay(start, moves, &[])?;
    let mut record = Record::new(start.clone());
    record.headers = header;
    record.moves = moves.to_vec();
    Ok(write_kif(&record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;

    #[test]
    fn an_sfen_with_moves_gives_its_line_and_the_position_under_the_hand_convention() {
        let view = describe_problem("4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b", false).unwrap();
        assert_eq!(view.format, "sfen");
        assert_eq!(view.line.len(), 1);
        assert_eq!(view.line[0].ja, "▲５二金");
        assert!(view.line[0].check);
        assert_eq!(view.written.hands.white.len(), 0);
        assert_eq!(view.position.hands.white[&'R'], 2);
        assert_eq!(view.position.board[0][4], "k");
        assert_eq!(view.position.board[2][4], "P");
    }

    #[test]
    fn an_illegal_move_after_an_sfen_is_the_lines_fault_not_the_problems() {
        let view =
            describe_problem("4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*6b 5a4a 5c5a", false).unwrap();
        assert_eq!(view.line.len(), 2);
        let fault = view.line_fault.unwrap();
        assert_eq!(fault.fault.split(':').next(), Some("move 3"), "{fault:?}");
        // Placed on the third move's word: `5c5a`, from column 45.
        assert_eq!((fault.line, fault.column), (Some(1), Some(45)), "{fault:?}");
        assert!(
            fault.message.starts_with("<problem>:1:45: move 3"),
            "{fault:?}"
        );
    }

    #[test]
    fn an_illegal_setup_is_refused_with_its_place() {
        let e = describe_problem("4k4/4P4/4P4/9/9/9/9/9/9 b G 1", false).unwrap_err();
        let (line, column, fault) = e.place();
        assert_eq!((line, column), (Some(1), Some(10)));
        assert!(fault.contains("二歩"), "{fault}");
    }

    #[test]
    fn a_file_name_is_text_not_a_file() {
        let e = describe_problem("/etc/passwd", false).unwrap_err();
        assert!(!e.to_string().contains("root"), "{e}");
    }

    #[test]
    fn a_futile_pair_leads_back_to_the_virtual_position() {
        // A rook's check down the file, a pawn dropped between and taken.
        let start = parse_sfen("4k4/9/9/9/9/9/9/9/5R3 b - 1").unwrap();
        let start = crate::shogi::fill_defender_hand(&start);
        let moves: Vec<Move> = ["4i5i", "P*5c", "5i5c+"]
            .iter()
            .map(|w| crate::notation::usi::parse_usi_move_syntax(w).unwrap())
            .collect();
        let line = play_line(&start, &moves, &[2], true).unwrap();
        let end = &line.steps[2].position;
        // The pawn went back to White: the attacker's hand stays empty.
        assert!(end.hands.black.is_empty(), "{:?}", end.hands);
        assert_eq!(end.hands.white[&'P'], 18);
        assert_eq!(line.steps[1].position.board[2][4], "p");
        // The legal moves at the end are those of the position reached, the virtual one.
        let reached = parse_sfen(&end.sfen).unwrap();
        let to = moves.last().map(|m| m.to());
        assert_eq!(line.legal, super::views::legal_views(&reached, to));
        assert!(!line.legal.is_empty());
        assert!(matches!(
            play_line(&start, &moves, &[1], false),
            Err(LineError::NotFutile(1))
        ));
    }

    #[test]
    fn a_setup_is_written_as_kif_with_its_header() {
        let start = parse_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
        let m = crate::notation::usi::parse_usi_move_syntax("G*5b").unwrap();
        let kif = setup_kif(&start, &[m], vec![("作品名".into(), "試作".into())]).unwrap();
        assert!(kif.contains("作品名：試作"), "{kif}");
        assert!(kif.contains("５二金打"), "{kif}");
    }
}
