//! The integration tests: one crate, a module a subject, each running the real binary or the
//! library against independent oracles and the bundled data (`problems/`, `tests/data/`,
//! `tests/fixtures/`).

// ARCHITECTURE.md names only paths the tree has; the app prints nothing; no face names the search
mod architecture;
// `tsume bench`: one row a problem, then the totals
mod bench_cmd;
// `check`: sound problems, each flaw made to appear, the notes, limits, collections
mod check;
// `docs/classics.md` is what its reports make; the short 図巧 check as recorded
mod classics;
// the CSA reader on fixture files (V2.2, V3.0, handicap, several records)
mod csa;
// every example output of the README, `README.ja.md` and `docs/` is what the binary prints
mod doc_figures;
// every relative link of the README, `README.ja.md`, CONTRIBUTING and `docs/` resolves
mod doc_links;
// record files through `solve` (every `--format`), `verify` and `check`
mod formats;
// inputs that once broke the library, with the behaviour now expected
mod fuzz_regressions;
// game records solved after their last move; problem files with a faulty move
mod game_records;
// every `--help` ends with examples that exist; each flag's text is its command's
mod help;
// Ctrl-C, `--nodes`, `--time` and `--hash` for each command (unix)
mod interrupt;
// `README.ja.md` gives the README's commands
mod japanese_readme;
// the KIF, KI2 and 日本式 readers on fixtures, round trips, malformed inputs
mod kif;
// every kind of KIF tsume writes, read back by tsume and the GUIs' readers
mod kif_readers;
// the source's layers: no import cycle in `search/` or `notation/`, imports only downwards
mod layers;
// every limit out of range refused with exit 2 and the setting's range
mod limits;
// a corpus of malformed inputs in every format: exit 2, one short line, no panic
mod malformed;
// move generation against a brute-force reference and `shogi_legality_lite`
mod movegen_differential;
// the perft counts of `tests/data/perft.tsv`
mod perft;
// `solve -`, BOD diagrams, mistyped file names, SFEN without quotes
mod problem_input;
// proptest: incremental keys, SFEN round trips, hand superiority
mod properties;
// the refutation of a proven no mate, replayed apart from the program
mod refutation;
// one test a rule: 打ち歩詰め, 二歩, dead pieces, forced promotion
mod rules;
// `selfcheck` on seeded positions, its summaries, jobs, bad arguments
mod selfcheck;
// `tsume serve` over a socket: the page, the guard, errors, searches, Stop
mod serve;
// SFEN through the binary: malformed and illegal positions refused, round trips
mod sfen_cli;
// `solve` on `short.tsv` and the 図巧 problems of up to 21 plies, futile and leftover cases
mod solve;
// df-pn against an exhaustive AND/OR search on random positions
mod solver_differential;
// helpers: random positions, oracles, a USI driver, TSV rows, an HTTP client
mod support;
// `THIRD-PARTY.md` lists the bundled crates under licences an MIT program may bundle
mod third_party;
// scripted USI sessions: handshake, mates, no mates, options, `stop`, time limits, bad input
mod usi;
// `verify`: its errors and reports
mod verify;
