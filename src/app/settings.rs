//! The settings of a search as every face gives them — names and plain numbers from the command
//! line's flags, a Python call's keywords or a web request's fields — checked here, once, and
//! turned into the search's [`Options`].
//!
//! Each setting has one range, and a value outside it is refused with the setting named as the
//! face names it ([`Setting::flag`] on the command line, [`Setting::key`] in Python and JSON).

use crate::search::table::Table;
use crate::search::{Diagnostics, Limits, Options, MAX_THREADS};

/// Who may take a futile interposition: the search's own names, which every face uses.
pub use crate::search::futile::Capturer;
/// How lengths are counted: the search's own rules, as the answers carry them.
pub use crate::search::Rules;
use serde::Deserialize;
use std::fmt;
use std::time::Duration;

/// The longest time limit taken, in seconds (some 31 years): beyond it a clock's arithmetic
/// could overflow, and no search needs more.
pub const MAX_SECONDS: f64 = 1e9;

/// A setting of a search, for the messages that refuse a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// Seconds for each search.
    Time,
    /// Nodes for each search.
    Nodes,
    /// The table's megabytes.
    Hash,
    /// Threads searching one problem together.
    Threads,
    /// Problems searched at once.
    Jobs,
    /// Seconds for a whole check.
    TotalTime,
    /// Nodes for a whole check.
    TotalNodes,
    /// How lengths are counted.
    Rules,
    /// Who may take a futile interposition.
    Futile,
}

impl Setting {
    /// The command line's flag.
    pub fn flag(self) -> &'static str {
        match self {
            Setting::Time => "--time",
            Setting::Nodes => "--nodes",
            Setting::Hash => "--hash",
            Setting::Threads => "--threads",
            Setting::Jobs => "--jobs",
            Setting::TotalTime => "--total-time",
            Setting::TotalNodes => "--total-nodes",
            Setting::Rules => "--rules",
            Setting::Futile => "--futile",
        }
    }

    /// The keyword of the Python module and the field of the web API's requests.
    pub fn key(self) -> &'static str {
        match self {
            Setting::Time => "time",
            Setting::Nodes => "nodes",
            Setting::Hash => "hash_mb",
            Setting::Threads => "threads",
            Setting::Jobs => "jobs",
            Setting::TotalTime => "total_time",
            Setting::TotalNodes => "total_nodes",
            Setting::Rules => "rules",
            Setting::Futile => "futile",
        }
    }
}

/// A value refused for a setting: what was given and what is taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingError {
    /// The setting.
    pub setting: Setting,
    /// The value as given.
    pub value: String,
    /// What the setting takes, or why the value cannot be had.
    pub expected: String,
}

impl SettingError {
    fn new(setting: Setting, value: impl fmt::Display, expected: impl Into<String>) -> Self {
        SettingError {
            setting,
            value: value.to_string(),
            expected: expected.into(),
        }
    }

    /// The message with the setting named as the command line names it: `--time -1: …`.
    pub fn for_command_line(&self) -> String {
        format!("{} {}: {}", self.setting.flag(), self.value, self.expected)
    }

    /// The message with the setting named as Python and JSON name it: `time=-1: …`.
    pub fn for_keywords(&self) -> String {
        format!("{}={}: {}", self.setting.key(), self.value, self.expected)
    }
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.for_keywords())
    }
}

impl std::error::Error for SettingError {}

/// A number of seconds as text (`10`, `0.5`), for `setting`: positive, finite, at most
/// [`MAX_SECONDS`].
pub fn parse_seconds(setting: Setting, text: &str) -> Result<Duration, SettingError> {
    match text.trim().parse::<f64>() {
        Ok(s) if !s.is_nan() => seconds(setting, s),
        _ => Err(SettingError::new(setting, text, SECONDS_WANTED)),
    }
}

const SECONDS_WANTED: &str = "expected a number of seconds above 0, at most 1e9";

/// A number of seconds for `setting`: at least a nanosecond, at most [`MAX_SECONDS`].
pub fn seconds(setting: Setting, s: f64) -> Result<Duration, SettingError> {
    match Duration::try_from_secs_f64(s) {
        // A time that rounds to nothing is no limit a search can keep.
        Ok(d) if s <= MAX_SECONDS && !d.is_zero() => Ok(d),
        _ => Err(SettingError::new(setting, s, SECONDS_WANTED)),
    }
}

/// A whole number as text for `setting`, from `min` up (`--nodes 0` is no limit a search can
/// keep).
pub fn parse_count(setting: Setting, text: &str, min: u64) -> Result<u64, SettingError> {
    let wanted = || format!("expected a whole number, at least {min}");
    let n = text
        .trim()
        .parse::<u64>()
        .map_err(|_| SettingError::new(setting, text, wanted()))?;
    count(setting, n, min)
}

/// A whole number for `setting`, from `min` up.
pub fn count(setting: Setting, n: u64, min: u64) -> Result<u64, SettingError> {
    if n >= min {
        Ok(n)
    } else {
        Err(SettingError::new(
            setting,
            n,
            format!("expected a whole number, at least {min}"),
        ))
    }
}

/// How lengths are counted, by name: `tsume` or `game`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum RulesName {
    /// The tsume conventions.
    #[default]
    Tsume,
    /// The rules of the game.
    Game,
}

impl RulesName {
    /// The rules a name gives, refused unless `tsume` or `game`.
    pub fn parse(text: &str) -> Result<RulesName, SettingError> {
        match text {
            "tsume" => Ok(RulesName::Tsume),
            "game" => Ok(RulesName::Game),
            _ => Err(SettingError::new(
                Setting::Rules,
                format!("{text:?}"),
                "expected \"tsume\" or \"game\"",
            )),
        }
    }
}

/// Who may take a futile interposition, by name: `any` or `checker`.
pub fn parse_capturer(text: &str) -> Result<Capturer, SettingError> {
    match text {
        "any" => Ok(Capturer::Any),
        "checker" => Ok(Capturer::Checker),
        _ => Err(SettingError::new(
            Setting::Futile,
            format!("{text:?}"),
            "expected \"any\" or \"checker\"",
        )),
    }
}

/// The settings of a search as a face gives them.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSettings {
    /// How lengths are counted.
    pub rules: RulesName,
    /// Under tsume rules, who may take a futile interposition.
    pub futile: Capturer,
    /// The table in megabytes.
    pub hash_mb: u64,
    /// Threads searching each problem together.
    pub threads: u64,
    /// Seconds for each search (`None`: no limit).
    pub time: Option<f64>,
    /// Nodes for each search (`None`: no limit).
    pub nodes: Option<u64>,
    /// Gather each search's statistics (`bench --stats`); the search is the same.
    pub stats: bool,
    /// An experiment of `bench`: a defender's drops chained under a bound too.
    pub defer_drops_under_bound: bool,
}

impl Default for SearchSettings {
    fn default() -> SearchSettings {
        SearchSettings {
            rules: RulesName::Tsume,
            futile: Capturer::Any,
            hash_mb: 256,
            threads: 1,
            time: None,
            nodes: None,
            stats: false,
            defer_drops_under_bound: false,
        }
    }
}

impl SearchSettings {
    /// The rules, with the capturer of futile interpositions under tsume rules.
    pub fn search_rules(&self) -> Rules {
        match self.rules {
            RulesName::Game => Rules::Game,
            RulesName::Tsume => Rules::Tsume {
                futile: self.futile,
            },
        }
    }

    /// The search's options, every value checked: a table the machine cannot give, no thread,
    /// more threads than a search takes, a time or node limit out of range.
    pub fn options(&self) -> Result<Options, SettingError> {
        Ok(Options {
            rules: self.search_rules(),
            hash_mb: table_mb(self.hash_mb)?,
            threads: threads(self.threads)?,
            limits: self.limits()?,
            diagnostics: Diagnostics {
                stats: self.stats,
                defer_drops_under_bound: self.defer_drops_under_bound,
            },
        })
    }

    /// [`SearchSettings::options`] for the command line: a refused value is a usage error,
    /// named by its flag.
    pub fn command_options(&self) -> Result<Options, crate::app::exit::AppError> {
        self.options()
            .map_err(|e| crate::app::exit::AppError::Usage(e.for_command_line()))
    }

    /// The node and time limits of each search.
    pub fn limits(&self) -> Result<Limits, SettingError> {
        Ok(Limits {
            nodes: self
                .nodes
                .map(|n| count(Setting::Nodes, n, 1))
                .transpose()?,
            time: self.time.map(|s| seconds(Setting::Time, s)).transpose()?,
            ..Limits::default()
        })
    }
}

/// The table of `mb` megabytes, refused when the machine cannot give it (before any search would
/// end the process trying).
pub fn table_mb(mb: u64) -> Result<usize, SettingError> {
    let size = usize::try_from(mb).unwrap_or(usize::MAX);
    if mb == 0 {
        Err(SettingError::new(
            Setting::Hash,
            mb,
            "expected a number of megabytes, at least 1",
        ))
    } else if Table::can_map(size) {
        Ok(size)
    } else {
        Err(SettingError::new(
            Setting::Hash,
            mb,
            format!("this machine cannot give a table of {mb} MB"),
        ))
    }
}

/// Threads for one search: 1 to [`MAX_THREADS`].
pub fn threads(n: u64) -> Result<usize, SettingError> {
    match usize::try_from(n) {
        Ok(t) if (1..=MAX_THREADS).contains(&t) => Ok(t),
        _ => Err(SettingError::new(
            Setting::Threads,
            n,
            format!("expected 1 to {MAX_THREADS}"),
        )),
    }
}

/// The environment variable that sets the threads of `solve` and `serve` when no `--threads`
/// is given.
pub const THREADS_VARIABLE: &str = "TSUME_THREADS";

/// The threads of a search no `--threads` was given for: `variable`, the value of
/// [`THREADS_VARIABLE`] if it is set, else every core this process may use (at most
/// [`MAX_THREADS`]).
pub fn default_threads(variable: Option<&str>) -> Result<usize, String> {
    match variable {
        Some(text) => text
            .trim()
            .parse::<u64>()
            .ok()
            .and_then(|n| threads(n).ok())
            .ok_or_else(|| format!("{THREADS_VARIABLE}={text}: expected 1 to {MAX_THREADS}")),
        None => Ok(std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(MAX_THREADS)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_default_threads_are_the_variables_else_every_core() {
        assert_eq!(default_threads(Some("3")), Ok(3));
        assert_eq!(default_threads(Some(" 1 ")), Ok(1));
        assert!(default_threads(None).is_ok_and(|n| (1..=MAX_THREADS).contains(&n)));
        for bad in ["0", "-2", "x", "", "257"] {
            assert_eq!(
                default_threads(Some(bad)),
                Err(format!("TSUME_THREADS={bad}: expected 1 to 256"))
            );
        }
    }

    #[test]
    fn seconds_out_of_range_are_refused_with_their_setting() {
        for text in ["0", "-1", "1e20", "inf", "NaN", "x", "", "1e9.5"] {
            let e = parse_seconds(Setting::Time, text).unwrap_err();
            assert_eq!(e.setting, Setting::Time, "{text}");
            assert!(e.for_command_line().starts_with("--time "), "{e:?}");
        }
        assert_eq!(
            parse_seconds(Setting::TotalTime, "-1")
                .unwrap_err()
                .for_command_line(),
            "--total-time -1: expected a number of seconds above 0, at most 1e9"
        );
        assert_eq!(
            parse_seconds(Setting::Time, "0.5"),
            Ok(Duration::from_millis(500))
        );
        assert!(parse_seconds(Setting::Time, "1e9").is_ok());
    }

    #[test]
    fn counts_below_their_minimum_are_refused() {
        assert_eq!(
            parse_count(Setting::Nodes, "0", 1)
                .unwrap_err()
                .for_command_line(),
            "--nodes 0: expected a whole number, at least 1"
        );
        assert!(parse_count(Setting::Nodes, "-3", 1).is_err());
        assert!(parse_count(Setting::Nodes, "99999999999999999999999", 1).is_err());
        assert_eq!(
            parse_count(Setting::Nodes, "18446744073709551615", 1),
            Ok(u64::MAX)
        );
    }

    #[test]
    fn settings_out_of_range_name_the_keyword() {
        let bad = |s: SearchSettings| s.options().unwrap_err().for_keywords();
        let base = SearchSettings {
            hash_mb: 16,
            ..SearchSettings::default()
        };
        assert!(bad(SearchSettings {
            hash_mb: 0,
            ..base.clone()
        })
        .starts_with("hash_mb=0: "));
        assert!(bad(SearchSettings {
            hash_mb: u64::MAX,
            ..base.clone()
        })
        .starts_with("hash_mb=18446744073709551615: this machine cannot"));
        assert!(bad(SearchSettings {
            threads: 0,
            ..base.clone()
        })
        .starts_with("threads=0: "));
        assert!(bad(SearchSettings {
            time: Some(1e20),
            ..base.clone()
        })
        .starts_with("time=100000000000000000000: "));
        assert!(bad(SearchSettings {
            nodes: Some(0),
            ..base.clone()
        })
        .starts_with("nodes=0: "));
        let o = base.options().unwrap();
        assert_eq!((o.hash_mb, o.threads, o.rules), (16, 1, Rules::default()));
    }

    #[test]
    fn names_of_rules_and_capturers() {
        assert_eq!(RulesName::parse("game"), Ok(RulesName::Game));
        assert_eq!(
            RulesName::parse("Game").unwrap_err().for_keywords(),
            "rules=\"Game\": expected \"tsume\" or \"game\""
        );
        assert_eq!(parse_capturer("checker"), Ok(Capturer::Checker));
        assert!(parse_capturer("all").is_err());
    }

    proptest! {
        /// Any text at all gives a limit in range or an error: never a panic.
        #[test]
        fn any_text_is_a_limit_or_an_error(text in ".{0,40}") {
            if let Ok(d) = parse_seconds(Setting::Time, &text) {
                prop_assert!(d > Duration::ZERO && d.as_secs_f64() <= MAX_SECONDS);
            }
            if let Ok(n) = parse_count(Setting::Nodes, &text, 1) {
                prop_assert!(n >= 1);
            }
        }

        /// Numbers written as floats, huge, tiny or negative, likewise.
        #[test]
        fn any_float_is_a_limit_or_an_error(s in proptest::num::f64::ANY) {
            if let Ok(d) = seconds(Setting::Time, s) {
                prop_assert!(d > Duration::ZERO && d.as_secs_f64() <= MAX_SECONDS);
            }
            let text = format!("{s:e}");
            let _ = parse_seconds(Setting::Time, &text);
        }
    }
}
