//! The commands, each a file, built on the layers below.

pub mod input;
pub mod perft;
pub mod solve;
