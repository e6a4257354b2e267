//! A problem as `check` reads it: the position, the intended line and what the reader is told
//! of the record it came from.

use crate::app::problem::{
    place_in, pose_record, prepare_problem, problem_text, read_record_problem, record_text,
    require_defender_king, side_line_warning, InputError, TextProblem,
};
use crate::notation::record::Record;
use crate::notation::sfen::{board_column, parse_sfen_with_unchecked_moves};
use crate::shogi::{Move, Position};

/// A problem as `check` poses it: the position (the hand convention applied), the intended
/// line, and what the reader should be told of it.
#[derive(Clone, Debug)]
pub struct CheckProblem {
    /// The position checked: a problem's diagram under the hand convention, a game's position
    /// after its last move.
    pub position: Position,
    /// The intended solution (the moves after an SFEN, a record's moves), read for their syntax
    /// only; `None` when none is given.
    pub intended: Option<Vec<Move>>,
    /// A record's move that could not be read, placed in its file (the line is wrong there).
    pub line_fault: Option<String>,
    /// For a game record: its moves, played to reach [`CheckProblem::position`] (no intended
    /// line then).
    pub game_moves: Option<usize>,
    /// The composer's record, when the problem is a record file's: its headers, comments and
    /// side lines, which `--kif` keeps, and the faults of its side lines, placed in its file
    /// ([`CheckProblem::side_faults`]).
    pub record: Option<Record>,
    /// The faults of the record's side lines, placed in its file: warnings, the main line stands.
    pub side_faults: Vec<String>,
}

impl CheckProblem {
    /// Checks `moves` instead of the line the problem was given with. A record's side lines,
    /// comments and their faults stand on its own moves, so they go unless the moves are the
    /// same; and a fault of the record's own line no longer applies. The problem's own line,
    /// given again, changes nothing: it is checked up to the record's faulty move, if any, as
    /// the command line checks it.
    pub fn check_line_instead(&mut self, moves: Vec<Move>) {
        if self.intended.as_ref() == Some(&moves) {
            return;
        }
        if let Some(record) = self.record.as_mut().filter(|r| r.moves != moves) {
            record.moves.clone_from(&moves);
            record.variations.clear();
            record.comments.clear();
            self.side_faults.clear();
        }
        self.intended = Some(moves);
        self.line_fault = None;
    }
}

/// Reads one problem for `check` from `arg` (SFEN text, a file holding one, or a record file):
/// the moves after an SFEN, or a record's moves, are its intended solution.
pub fn pose_check(arg: &str, literal_hands: bool) -> Result<CheckProblem, InputError> {
    match read_record_problem(arg) {
        Some(record) => pose_check_record(record?, arg, literal_hands),
        None => {
            let (text, origin) = problem_text(arg)?;
            pose_check_sfen(&text, &origin, literal_hands)
        }
    }
}

/// [`pose_check`] of a whole text, never a file name (what a program or a web page passes): a
/// record told by its content, or an SFEN line; `name` places the faults.
pub fn pose_check_text(
    text: &str,
    name: &str,
    literal_hands: bool,
) -> Result<CheckProblem, InputError> {
    match record_text(text, name)? {
        TextProblem::Record(record) => pose_check_record(*record, name, literal_hands),
        TextProblem::Sfen { line, origin } => pose_check_sfen(line, &origin, literal_hands),
    }
}

/// A record's problem for `check`, read from `name`: a game's last position with no line, or a
/// problem's diagram with its moves as the intended line and the record kept.
fn pose_check_record(
    record: Record,
    name: &str,
    literal_hands: bool,
) -> Result<CheckProblem, InputError> {
    if record.is_game() {
        // A game's moves are no solution: its last position is checked alone.
        let posed = pose_record(&record, name, true)?;
        return Ok(CheckProblem {
            position: posed.position,
            intended: None,
            line_fault: None,
            game_moves: posed.game_moves,
            record: None,
            side_faults: Vec::new(),
        });
    }
    let line_fault = record.move_fault.as_ref().map(|e| e.placed(name));
    let position = prepare_problem(&record.start, literal_hands)?;
    let intended = (!record.moves.is_empty() || line_fault.is_some()).then(|| record.moves.clone());
    let side_faults = record
        .side_faults
        .iter()
        .map(|e| side_line_warning(e, name))
        .collect();
    Ok(CheckProblem {
        position,
        intended,
        line_fault,
        game_moves: None,
        record: Some(record),
        side_faults,
    })
}

/// An SFEN's problem for `check`: the moves after it are the intended line, read for their
/// syntax only; `origin` places the faults (`file:line: `, or empty).
fn pose_check_sfen(
    text: &str,
    origin: &str,
    literal_hands: bool,
) -> Result<CheckProblem, InputError> {
    let (start, moves) =
        parse_sfen_with_unchecked_moves(text).map_err(|error| InputError::Sfen {
            origin: origin.to_string(),
            error,
        })?;
    let at = place_in(origin, board_column(text));
    require_defender_king(&start, &at)?;
    let position = prepare_problem(&start, literal_hands)?;
    Ok(CheckProblem {
        position,
        intended: (!moves.is_empty()).then_some(moves),
        line_fault: None,
        game_moves: None,
        record: None,
        side_faults: Vec::new(),
    })
}
