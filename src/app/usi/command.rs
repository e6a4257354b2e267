//! One line from the GUI, read into a command.

use std::time::Duration;

/// What a line from the GUI asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `usi`: identify the engine and list its options.
    Usi,
    /// `isready`: answered `readyok` at once, also while a search runs.
    IsReady,
    /// `setoption name <id> [value <x>]`; the name and the value may hold spaces.
    SetOption {
        /// The option's name.
        name: String,
        /// Its new value (none for a button).
        value: Option<String>,
    },
    /// `usinewgame`: nothing to do.
    UsiNewGame,
    /// `position …`: the whole line, for the SFEN reader.
    Position(String),
    /// `go mate …`: a mate search.
    GoMate(MateTime),
    /// `go` without `mate`: a game search, which a mate engine does not play.
    Go,
    /// `stop`: end the running search.
    Stop,
    /// `quit`: end the engine.
    Quit,
    /// `gameover …`, `ponderhit`: nothing to do.
    Ignored,
    /// A blank line.
    Empty,
    /// Anything else: the first word.
    Unknown(String),
}

/// The time a `go mate` allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateTime {
    /// `go mate <ms>`.
    Limit(Duration),
    /// `go mate infinite`, or `go mate` alone: until `stop`.
    Infinite,
    /// A word that is neither a number of milliseconds nor `infinite`.
    Bad(String),
}

/// Reads one line (surrounding white space, a `\r` included, already ignored).
pub fn parse(line: &str) -> Command {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Command::Empty;
    };
    match first {
        "usi" => Command::Usi,
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(words),
        "usinewgame" => Command::UsiNewGame,
        "position" => Command::Position(line.trim().to_string()),
        "go" => parse_go(words),
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "gameover" | "ponderhit" => Command::Ignored,
        other => Command::Unknown(other.to_string()),
    }
}

/// `name <words…> [value <words…>]`; words before `name` are passed over.
fn parse_setoption<'a>(words: impl Iterator<Item = &'a str>) -> Command {
    let mut name = Vec::new();
    let mut value: Option<Vec<&str>> = None;
    let mut in_name = false;
    for w in words {
        match (w, &mut value) {
            (_, Some(v)) => v.push(w),
            ("value", None) if in_name => value = Some(Vec::new()),
            ("name", None) if !in_name => in_name = true,
            (_, None) if in_name => name.push(w),
            _ => {}
        }
    }
    Command::SetOption {
        name: name.join(" "),
        value: value.map(|v| v.join(" ")),
    }
}

/// `go … mate <ms|infinite>`, or a `go` without `mate`.
fn parse_go<'a>(mut words: impl Iterator<Item = &'a str>) -> Command {
    if !words.any(|w| w == "mate") {
        return Command::Go;
    }
    Command::GoMate(match words.next() {
        None | Some("infinite") => MateTime::Infinite,
        Some(w) => match w.parse::<u64>() {
            Ok(ms) => MateTime::Limit(Duration::from_millis(ms)),
            Err(_) => MateTime::Bad(w.to_string()),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        assert_eq!(parse("usi"), Command::Usi);
        assert_eq!(parse("  isready  "), Command::IsReady);
        assert_eq!(parse(""), Command::Empty);
        assert_eq!(parse("stop"), Command::Stop);
        assert_eq!(parse("gameover win"), Command::Ignored);
        assert_eq!(parse("frobnicate 3"), Command::Unknown("frobnicate".into()));
        assert_eq!(
            parse("position startpos moves 7g7f"),
            Command::Position("position startpos moves 7g7f".into())
        );
    }

    #[test]
    fn go() {
        assert_eq!(
            parse("go mate 5000"),
            Command::GoMate(MateTime::Limit(Duration::from_secs(5)))
        );
        assert_eq!(
            parse("go mate infinite"),
            Command::GoMate(MateTime::Infinite)
        );
        assert_eq!(parse("go mate"), Command::GoMate(MateTime::Infinite));
        assert_eq!(
            parse("go mate -1"),
            Command::GoMate(MateTime::Bad("-1".into()))
        );
        assert_eq!(parse("go btime 0 wtime 0 byoyomi 1000"), Command::Go);
        assert_eq!(parse("go infinite"), Command::Go);
    }

    #[test]
    fn setoption() {
        assert_eq!(
            parse("setoption name USI_Hash value 1024"),
            Command::SetOption {
                name: "USI_Hash".into(),
                value: Some("1024".into())
            }
        );
        assert_eq!(
            parse("setoption name Book File value a b.db"),
            Command::SetOption {
                name: "Book File".into(),
                value: Some("a b.db".into())
            }
        );
        assert_eq!(
            parse("setoption name Clear"),
            Command::SetOption {
                name: "Clear".into(),
                value: None
            }
        );
        assert_eq!(
            parse("setoption"),
            Command::SetOption {
                name: String::new(),
                value: None
            }
        );
    }
}
