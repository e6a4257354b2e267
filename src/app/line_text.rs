//! Pieces of a mate line's text shared by `solve` and `check`: the moves in USI, futile pairs in
//! parentheses, and the pieces an attacker holds in SFEN letters.

use crate::notation::japanese::line_to_japanese;
use crate::notation::sfen::hands_to_sfen;
use crate::search::{MateLine, Rules};
use crate::shogi::{Color, Hand, Move, Position};

/// How `rules` count a length, in the words of a text report: `tsume rules` or `rules of the
/// game`.
pub fn rules_text(rules: Rules) -> &'static str {
    match rules {
        Rules::Tsume { .. } => "tsume rules",
        Rules::Game => "rules of the game",
    }
}

/// For a line from `start` that ends where every reply is a futile interposition
/// (`futile_end`): one such drop and its capture, in USI and in 日本式. Every output names the
/// same example.
pub fn futile_end_pair(start: &Position, line: &MateLine) -> Option<([String; 2], [String; 2])> {
    let end = line.end_position(start);
    let f = line.futile_end_example(&end)?;
    let ja = line_to_japanese(&end, &[f.drop, f.capture]);
    Some((
        [f.drop.to_string(), f.capture.to_string()],
        [ja[0].clone(), ja[1].clone()],
    ))
}

/// The plies of a line as `text` gives them (USI, 日本式), joined by spaces, each futile
/// interposition (a 0-based index in `futile`) in parentheses with the capture after it.
pub fn bracket_futile(futile: &[usize], text: &[String]) -> String {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if futile.contains(&i) && i + 1 < text.len() {
            out.push(format!("({} {})", text[i], text[i + 1]));
            i += 2;
        } else {
            out.push(text[i].clone());
            i += 1;
        }
    }
    out.join(" ")
}

/// The `attacker`'s `hand` in SFEN letters, in the attacker's case; empty when it holds nothing.
pub fn hand_letters(hand: Hand, attacker: Color) -> String {
    let mut hands = [Hand::EMPTY; 2];
    hands[attacker.index()] = hand;
    match hands_to_sfen(hands) {
        t if t == "-" => String::new(),
        t => t,
    }
}

/// Each move in USI.
pub fn usi_moves(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// `n` and its noun, in the singular for one: `count(1, "flaw", "flaws")` is `1 flaw`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n` plies in words: `1 ply`, `3 plies`.
pub fn plies(n: usize) -> String {
    count(n, "ply", "plies")
}

/// `text` with each whole occurrence of the USI move `usi` (not part of a longer token such as
/// `usi+`) replaced by `ja`, its 日本式 text: a finding's words name its move the way the
/// reader of the text output reads moves.
pub fn name_move_in_japanese(text: &str, usi: &str, ja: &str) -> String {
    let is_token = |c: char| c.is_ascii_alphanumeric() || c == '*' || c == '+';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(usi) {
        let before = rest[..i].chars().last().or_else(|| out.chars().last());
        let after = rest[i + usi.len()..].chars().next();
        out.push_str(&rest[..i]);
        if before.is_some_and(is_token) || after.is_some_and(is_token) {
            out.push_str(usi);
        } else {
            out.push_str(ja);
        }
        rest = &rest[i + usi.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_take_the_singular_for_one() {
        assert_eq!(plies(1), "1 ply");
        assert_eq!(plies(0), "0 plies");
        assert_eq!(count(2, "flaw", "flaws"), "2 flaws");
    }

    #[test]
    fn a_move_is_renamed_only_where_it_is_a_whole_token() {
        assert_eq!(
            name_move_in_japanese("G*4b also mates; 4c5d+ and G*4b.", "G*4b", "▲４二金"),
            "▲４二金 also mates; 4c5d+ and ▲４二金."
        );
        assert_eq!(
            name_move_in_japanese("4c5d+ 4c5d", "4c5d", "▲５四銀不成"),
            "4c5d+ ▲５四銀不成"
        );
    }
}
