//! The integration tests: one crate, a module a subject, each running the real binary or the
//! library against independent oracles and the bundled data (`problems/`, `tests/data/`,
//! `tests/fixtures/`).

mod bench_cmd;
mod check;
mod classics;
mod csa;
mod doc_figures;
mod doc_links;
mod formats;
mod fuzz_regressions;
mod game_records;
mod help;
mod interrupt;
mod japanese_readme;
mod kif;
mod kif_readers;
mod limits;
mod malformed;
mod movegen_differential;
mod perft;
mod problem_input;
mod properties;
mod refutation;
mod rules;
mod selfcheck;
mod serve;
mod sfen_cli;
mod solve;
mod solver_differential;
mod support;
mod third_party;
mod usi;
mod verify;
