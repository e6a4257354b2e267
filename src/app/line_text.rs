//! Pieces of a mate line's text shared by `solve` and `check`: the moves in USI, futile pairs in
//! parentheses, and the pieces an attacker holds in SFEN letters.

use crate::notation::sfen::hands_to_sfen;
use crate::shogi::{Color, Hand, Move};

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
