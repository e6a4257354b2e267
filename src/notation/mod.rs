//! Text forms of positions and moves: SFEN, USI moves, 日本式 move text, and record files (KIF,
//! KI2, CSA). Parsers return errors with locations.

pub mod csa;
pub mod diagram;
pub mod encoding;
pub mod excerpt;
mod fault;
pub mod japanese;
pub mod japanese_parse;
pub mod ki2;
pub mod kif;
pub mod record;
pub mod sfen;
pub mod usi;
