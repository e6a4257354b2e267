//! `tsume`: a tsume-shogi (shogi mate problem) solver.
//!
//! Layers, each depending only on those below it: [`app`] (the commands) → [`search`] (df-pn) and
//! [`notation`] (SFEN, USI and 日本式 text) → [`shogi`] (the rules of the game).
//!
//! Solving a problem from a program:
//!
//! ```
//! use tsume::notation::sfen::parse_sfen;
//! use tsume::search::{replay::verify_mate_line, solve, Options, Outcome};
//! use tsume::shogi::fill_defender_hand;
//!
//! // Black drops the gold on 5b: mate. The defender holds every other piece.
//! let pos = fill_defender_hand(&parse_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap());
//! let report = solve(&pos, &Options { hash_mb: 16, ..Options::default() });
//! let Outcome::Mate { line, .. } = report.outcome else { panic!("a mate in 1") };
//! assert_eq!(line.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["G*5b"]);
//! assert!(verify_mate_line(&pos, &line).is_ok());
//! ```
#![deny(missing_docs)]

/// The version of tsume, as the JSON outputs give it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The build: the commit the binary was built from (`400217d`, `400217d, modified`, or
/// `commit unknown`), from `build.rs`.
pub const BUILD: &str = env!("TSUME_BUILD");

/// The version and the build, as `--version` gives them: `0.2.0 (400217d)`.
pub const LONG_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("TSUME_BUILD"), ")");

pub mod app;
pub mod notation;
pub mod search;
pub mod shogi;
