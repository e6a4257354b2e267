//! The engine's options: declared on `usi`, set by `setoption`, used by the next `go mate`.

use crate::search::futile::Capturer;
use crate::search::{Options, Rules};

/// Default transposition table size in megabytes.
const HASH_DEFAULT: usize = 256;
/// Largest `USI_Hash` accepted, in megabytes.
const HASH_MAX: usize = 65536;
/// Most `Threads` accepted.
const THREADS_MAX: usize = 256;

/// The settings a GUI can change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// `USI_Hash`: table size in megabytes.
    pub hash_mb: usize,
    /// `Threads`: threads searching together on one table.
    pub threads: usize,
    /// `Rules`: `Tsume` (futile interpositions not counted) or `Game` (every defence counted).
    pub rules: Rules,
    /// `FutileCapture`: which attacker pieces may take a futile interposition.
    pub futile: Capturer,
    /// `DefenderHasRest`: the defender also holds every piece not on the board or in a hand.
    pub defender_has_rest: bool,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mb: HASH_DEFAULT,
            threads: 1,
            rules: Rules::Tsume,
            futile: Capturer::Any,
            defender_has_rest: false,
        }
    }
}

impl EngineOptions {
    /// The `option …` lines of the answer to `usi`.
    pub fn declarations() -> Vec<String> {
        vec![
            format!("option name USI_Hash type spin default {HASH_DEFAULT} min 1 max {HASH_MAX}"),
            format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
            "option name Rules type combo default Tsume var Tsume var Game".to_string(),
            "option name FutileCapture type combo default Any var Any var Checker".to_string(),
            "option name DefenderHasRest type check default false".to_string(),
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
                Ok(n) if (1..=THREADS_MAX).contains(&n) => self.threads = n,
                _ => return Err(bad(&format!("a whole number from 1 to {THREADS_MAX}"))),
            },
            "rules" => {
                self.rules = match v.as_str() {
                    "tsume" => Rules::Tsume,
                    "game" => Rules::Game,
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

    /// The search settings for a `go mate` with the given time limit.
    pub fn search_options(&self, time: Option<std::time::Duration>) -> Options {
        let mut options = Options {
            rules: self.rules,
            futile: self.futile,
            hash_mb: self.hash_mb,
            threads: self.threads,
            ..Options::default()
        };
        options.limits.time = time;
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
                rules: Rules::Game,
                futile: Capturer::Checker,
                defender_has_rest: true,
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
        let mut o = EngineOptions::default();
        for line in EngineOptions::declarations() {
            let words: Vec<&str> = line.split(' ').collect();
            let name = words[2];
            let default = words[words.iter().position(|w| *w == "default").unwrap() + 1];
            assert_eq!(o.set(name, Some(default)), Ok(()), "{line}");
        }
        assert_eq!(o, EngineOptions::default());
    }
}
