//! Text forms of positions and moves: SFEN and USI moves. Parsers return errors with locations.

pub mod diagram;
pub mod japanese;
pub mod sfen;
pub mod usi;
