//! The engine's options: declared on `usi`, set by `setoption`, used by the next `go mate`.

use crate::search::futile::Capturer;
use crate::search::{Options, Rules, MAX_THREADS};
use std::time::Duration;

/// Default transposition table size in megabytes.
const HASH_DEFAULT: usize = 256;
/// Largest `USI_Hash` accepted, in megabytes.
const HASH_MAX: usize = 65536;

/// The settings a GUI can change, and the limits of every search, which it cannot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// `USI_Hash`: table size in megabytes.
    pub hash_mb: usize,
    /// `Threads`: threads searching together on one table.
    pub threads: usize,
    /// `Rules`: `Tsume` (futile interpositions not counted: true) or `Game` (every defence
    /// counted: false).
    pub tsume: bool,
    /// `FutileCapture`: which attacker pieces may take a futile interposition under `Tsume`;
    /// kept under `Game` for a later switch back.
    pub futile: Capturer,
    /// `DefenderHasRest`: the defender also holds every piece not on the board or in a hand.
    pub defender_has_rest: bool,
    /// Nodes of each search (`--nodes`).
    pub nodes: Option<u64>,
    /// Time of each search (`--time`); a `go mate <ms>` may only shorten it.
    pub time: Option<Duration>,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mb: HASH_DEFAULT,
            threads: 1,
            tsume: true,
            futile: Capturer::Any,
            defender_has_rest: false,
            nodes: None,
            time: None,
        }
    }
}

impl EngineOptions {
    /// The engine's options as the command line sets them: rules, capturer (`futile`, given
    /// apart since `--rules game` has none) and table size, which the GUI may change, and the
    /// limits of every search.
    pub fn from_command_line(defaults: &Options, futile: Capturer) -> EngineOptions {
        EngineOptions {
            hash_mb: defaults.hash_mb.clamp(1, HASH_MAX),
            threads: 1,
            tsume: defaults.rules.is_tsume(),
            futile,
            defender_has_rest: false,
            nodes: defaults.limits.nodes,
            time: defaults.limits.time,
        }
    }

    /// The `option …` lines of the answer to `usi`, these options their defaults.
    pub fn declarations(&self) -> Vec<String> {
        let rules = if self.tsume { "Tsume" } else { "Game" };
        let futile = match self.futile {
            Capturer::Any => "Any",
            Capturer::Checker => "Checker",
        };
        vec![
            format!(
                "option name USI_Hash type spin default {} min 1 max {HASH_MAX}",
                self.hash_mb
            ),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!("option name Rules type combo default {rules} var Tsume var Game"),
            format!("option name FutileCapture type combo default {futile} var Any var Checker"),
            format!(
                "option name DefenderHasRest type check default {}",
                self.defender_has_rest
            ),
        ]
    }

    /// Applies `setoption name <name> value <value>`. Names and values are matched without
    /// regard to case. `USI_Ponder`, which GUIs send to every engine, is accepted and has no
    /// effect (a mate search never ponders). On an unknown name or a bad value nothing changes
    /// and the error says why.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let key = name.to_ascii_lowercase();
        if key == "usi_ponder" {
            return Ok(());
        }
        let known = [
            "usi_hash",
            "threads",
            "rules",
            "futilecapture",
            "defenderhasrest",
        ];
        if !known.contains(&key.as_str()) {
            return Err(format!("unknown option '{name}' (ignored)"));
        }
        let Some(value) = value else {
            return Err(format!("option {name} needs a value (ignored)"));
        };
        let bad = |expected: &str| format!("option {name}: '{value}' is not {expected} (ignored)");
        let v = value.to_ascii_lowercase();
        match key.as_str() {
            "usi_hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=HASH_MAX).contains(&mb) => self.hash_mb = mb,
                _ => return Err(bad(&format!("a whole number from 1 to {HASH_MAX}"))),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => self.threads = n,
                _ => return Err(bad(&format!("a whole number from 1 to {MAX_THREADS}"))),
            },
            "rules" => {
                self.tsume = match v.as_str() {
                    "tsume" => true,
                    "game" => false,
                    _ => return Err(bad("Tsume or Game")),
                }
            }
            "futilecapture" => {
                self.futile = match v.as_str() {
                    "any" => Capturer::Any,
                    "checker" => Capturer::Checker,
                    _ => return Err(bad("Any or Checker")),
                }
            }
            _ => {
                self.defender_has_rest = match v.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(bad("true or false")),
                }
            }
        }
        Ok(())
    }

    /// How lengths are counted, as `Rules` and `FutileCapture` set it.
    pub fn rules(&self) -> Rules {
        if self.tsume {
            Rules::Tsume {
                futile: self.futile,
            }
        } else {
            Rules::Game
        }
    }

    /// The search settings for a `go mate` that allows `time` (`None`: until `stop`), within
    /// the limits of every search.
    pub fn search_options(&self, time: Option<Duration>) -> Options {
        let mut options = Options {
            rules: self.rules(),
            hash_mb: self.hash_mb,
            threads: self.threads,
            ..Options::default()
        };
        options.limits.nodes = self.nodes;
        options.limits.time = match (time, self.time) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        options
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setting_each_option() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("USI_Hash", Some("1024")), Ok(()));
        assert_eq!(o.set("rules", Some("game")), Ok(()));
        assert_eq!(o.set("FutileCapture", Some("Checker")), Ok(()));
        assert_eq!(o.set("DefenderHasRest", Some("true")), Ok(()));
        assert_eq!(o.set("Threads", Some("2")), Ok(()));
        assert_eq!(o.set("USI_Ponder", Some("true")), Ok(()));
        assert_eq!(
            o,
            EngineOptions {
                hash_mb: 1024,
                threads: 2,
                tsume: false,
                futile: Capturer::Checker,
                defender_has_rest: true,
                ..EngineOptions::default()
            }
        );
    }

    #[test]
    fn refused_settings_change_nothing() {
        let mut o = EngineOptions::default();
        for (name, value) in [
            ("USI_Hash", Some("0")),
            ("USI_Hash", Some("65537")),
            ("USI_Hash", Some("big")),
            ("USI_Hash", None),
            ("Threads", Some("0")),
            ("Threads", Some("257")),
            ("Rules", Some("Chess")),
            ("FutileCapture", Some("")),
            ("DefenderHasRest", Some("yes")),
            ("Nope", Some("1")),
        ] {
            assert!(o.set(name, value).is_err(), "{name} {value:?}");
        }
        assert_eq!(o, EngineOptions::default());
    }

    #[test]
    fn every_declared_option_can_be_set_to_its_default() {
        let game = Options {
            rules: Rules::Game,
            hash_mb: 32,
            ..Options::default()
        };
        for defaults in [
            EngineOptions::default(),
            EngineOptions::from_command_line(&game, Capturer::Checker),
        ] {
            let mut o = EngineOptions::default();
            for line in defaults.declarations() {
                let words: Vec<&str> = line.split(' ').collect();
                let name = words[2];
                let default = words[words.iter().position(|w| *w == "default").unwrap() + 1];
                assert_eq!(o.set(name, Some(default)), Ok(()), "{line}");
            }
            assert_eq!(o, defaults);
        }
    }

    #[test]
    fn the_command_line_limits_bound_every_search() {
        let mut defaults = Options::default();
        defaults.limits.nodes = Some(5000);
        defaults.limits.time = Some(Duration::from_secs(2));
        let o = EngineOptions::from_command_line(&defaults, Capturer::Any);
        let limits = |go: Option<u64>| {
            let l = o.search_options(go.map(Duration::from_millis)).limits;
            (l.nodes, l.time.map(|t| t.as_millis()))
        };
        assert_eq!(limits(None), (Some(5000), Some(2000)));
        assert_eq!(limits(Some(500)), (Some(5000), Some(500)));
        assert_eq!(limits(Some(9000)), (Some(5000), Some(2000)));
        let free = EngineOptions::default().search_options(Some(Duration::from_millis(700)));
        assert_eq!(
            (free.limits.nodes, free.limits.time.map(|t| t.as_millis())),
            (None, Some(700))
        );
    }
}
