//! KI2, the Kakinoki record format with 日本式 moves:
//!
//! ```text
//! 手合割：平手
//! ▲７六歩    △３四歩    ▲２二角成  △同　銀
//! まで4手で中断
//!
//! 変化：3手
//! ▲６六歩    △８四歩
//! ```
//!
//! The headers and the position are read as for KIF ([`super::kif`]). Each move starts
//! with its side mark (`▲` `△`, also `☗` `☖` `▽`) and runs to the next mark, so `▲同　歩` is one
//! move; several stand on a line. A move is read by [`parse_japanese_move`], so its mark must be
//! the side to move's. A terminal word (`△投了`) or `まで69手で詰み` ends the line, as in KIF;
//! `変化：N手` blocks are read as in KIF, their first move being move N.

use super::excerpt::excerpt;
use super::japanese_parse::{mark_color, parse_japanese_move};
use super::kif::{parse_record, terminal_word, LineReader};
use super::record::{Record, RecordError};

/// The record a KI2 text holds.
pub fn parse_ki2(text: &str) -> Result<Record, RecordError> {
    parse_record(
        text,
        |t| t.starts_with(|c| mark_color(c).is_some()),
        |reader, t, n, column| {
            for (text, at) in moves_of(t, column) {
                read_move(reader, text, n, at)?;
            }
            Ok(())
        },
    )
}

/// The moves of a line that starts with a side mark, each from its mark to the next, trimmed,
/// with the column of its mark.
fn moves_of(t: &str, column: usize) -> Vec<(&str, usize)> {
    let marks: Vec<(usize, usize)> = t
        .char_indices()
        .enumerate()
        .filter(|(_, (_, c))| mark_color(*c).is_some())
        .map(|(col, (byte, _))| (byte, column + col))
        .collect();
    marks
        .iter()
        .enumerate()
        .map(|(k, &(byte, col))| {
            let end = marks.get(k + 1).map_or(t.len(), |&(b, _)| b);
            (t[byte..end].trim_end(), col)
        })
        .collect()
}

/// Reads one move (`▲７六歩`, `△同　銀`, `△投了`) at `column` of line `n` and plays it.
fn read_move(
    reader: &mut LineReader,
    text: &str,
    n: usize,
    column: usize,
) -> Result<(), RecordError> {
    let ply = reader.next_ply();
    if let Some(word) = reader.ended() {
        let message = format!(
            "move {ply} '{}' after the line ended ({word})",
            excerpt(text)
        );
        return Err(RecordError::new(n, column, message));
    }
    let mut body = text.chars();
    body.next();
    if let Some(word) = terminal_word(body.as_str().trim_start()) {
        reader.end(word);
        return Ok(());
    }
    let m = parse_japanese_move(reader.position(), text, reader.previous_to())
        .map_err(|e| RecordError::new(n, column, format!("move {ply} '{}': {e}", excerpt(text))))?;
    reader.push(m);
    Ok(())
}
