//! The mate search: df-pn with a transposition table, the shortest-mate loop and the main line;
//! and a plain bounded AND/OR search to hold df-pn to ([`bounded`]).

mod answer;
pub mod bounded;
mod dfpn;
pub mod futile;
mod hands;
mod limits;
mod main_line;
mod params;
mod path;
pub mod refutation;
pub mod replay;
pub mod session;
pub mod stats;
pub mod table;

pub use answer::{MateFound, MateLine, Outcome, Report, Step};
pub use limits::{Limits, Progress};
pub use params::{LINE_AFTER_LIMIT_NODES, LINE_CHOICE_BUDGET};
pub use session::solve;

/// Stack size of a thread that runs a search: the search recurses once per ply, and the
/// longest problems (ミクロコスモス, 1525 plies) go thousands of plies deep.
pub const SEARCH_STACK: usize = 1 << 30;

/// The most threads one search may have ([`Options::threads`]).
pub const MAX_THREADS: usize = 256;

/// How a mate's length is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// The rules of the game: the minimax length, every legal defence counted.
    Game,
    /// The tsume conventions: futile interpositions not counted, no pieces left over.
    Tsume {
        /// Which attacker pieces may take an interposed piece for the drop to be futile.
        futile: futile::Capturer,
    },
}

impl Default for Rules {
    /// The tsume conventions, with the default capturer of futile interpositions.
    fn default() -> Rules {
        Rules::Tsume {
            futile: futile::Capturer::default(),
        }
    }
}

impl Rules {
    /// Under the tsume conventions, which pieces may take a futile interposition; `None` under
    /// the rules of the game, where no interposition is futile.
    pub fn futile(self) -> Option<futile::Capturer> {
        match self {
            Rules::Game => None,
            Rules::Tsume { futile } => Some(futile),
        }
    }

    /// Whether lengths are counted by the tsume conventions.
    pub fn is_tsume(self) -> bool {
        matches!(self, Rules::Tsume { .. })
    }

    /// The name the command line and the JSON outputs give these rules: `tsume` or `game`.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Game => "game",
            Rules::Tsume { .. } => "tsume",
        }
    }
}

/// Written as its [`Rules::name`]; the capturer is a field of its own where an output gives it.
impl serde::Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Settings of a search.
#[derive(Clone, Debug)]
pub struct Options {
    /// How lengths are counted (under the tsume conventions, with who may take a futile drop).
    pub rules: Rules,
    /// Transposition table size in megabytes.
    pub hash_mb: usize,
    /// Threads searching each root together on one table.
    pub threads: usize,
    /// Node, time and stop limits.
    pub limits: Limits,
    /// What to measure of the searches, and experiments with them.
    pub diagnostics: Diagnostics,
}

/// Statistics and experiments of `tsume bench`: none by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    /// Gather [`stats::SearchStats`] for each search of a session (one thread's visits); the
    /// search is the same as without.
    pub stats: bool,
    /// An experiment: under a length bound too, chain a defender's drops on unguarded squares
    /// that do not check, as without a bound (the answer stays the same, the nodes not).
    pub defer_drops_under_bound: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rules: Rules::default(),
            hash_mb: 256,
            threads: 1,
            limits: Limits::default(),
            diagnostics: Diagnostics::default(),
        }
    }
}

/// koba-mate5 of `short.tsv`: a mate in 5, Black to move, White holding the other pieces.
#[cfg(test)]
pub(crate) fn koba_mate5() -> crate::shogi::Position {
    let pos = crate::notation::sfen::parse_sfen("3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1").unwrap();
    crate::shogi::fill_defender_hand(&pos)
}
