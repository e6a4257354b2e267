//! The commands, each a file, built on the layers below, and the parts they share: the problem
//! input, the batch runner of the collection commands, the whole-or-nothing output file, and the
//! exit-code contract.

pub mod answer;
pub mod batch;
pub mod bench;
pub mod check;
pub mod collection;
pub mod engine;
pub mod exit;
pub mod interrupt;
pub mod line_text;
pub mod output_file;
pub mod page;
pub mod problem;
pub mod refutation_text;
pub mod selfcheck;
pub mod settings;
pub mod solution_kif;
pub mod stats_text;
pub mod usi;
pub mod verify;
