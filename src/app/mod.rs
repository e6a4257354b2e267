//! The commands, each a file, built on the layers below, and the parts they share: the problem
//! input, the batch runner of the collection commands, the whole-or-nothing output file, and the
//! exit-code contract.

pub mod batch;
pub mod bench;
pub mod check;
pub mod collection;
pub mod exit;
pub mod interrupt;
pub mod output_file;
pub mod perft;
pub mod problem;
pub mod selfcheck;
pub mod solve;
pub mod usi;
pub mod verify;
