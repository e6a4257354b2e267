//! `tsume`: a tsume-shogi (shogi mate problem) solver.
//!
//! Layers, each depending only on those below it: [`app`] (the commands) → [`notation`] (SFEN and
//! USI text) → [`shogi`] (the rules of the game).
#![deny(missing_docs)]

pub mod app;
pub mod notation;
pub mod search;
pub mod shogi;
