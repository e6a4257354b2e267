//! The rules of the game: squares, bitboards, pieces, hands, the position and move generation.
//! Knows nothing of search or files.

pub mod attacks;
mod bitboard;
mod color;
mod hand;
pub mod movegen;
mod moves;
mod piece;
mod position;
pub mod rules;
mod square;
mod tsume_hand;
mod zobrist;

pub use bitboard::Bitboard;
pub use color::Color;
pub use hand::Hand;
pub use moves::{Move, MoveList, MAX_MOVES};
pub use piece::{Piece, PieceKind};
pub use position::{PieceCounts, Position, PositionError, Undo};
pub use square::Square;
pub use tsume_hand::{fill_defender_hand, remaining_pieces};
