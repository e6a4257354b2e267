//! The commands, each a file, built on the layers below.

pub mod perft;
