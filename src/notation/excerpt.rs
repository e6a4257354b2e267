//! Input text quoted in an error message: cut short and with control characters escaped, so that
//! a message stays one short line whatever the input holds (a 5 MB line, a NUL, a newline).

/// The most characters of input text a message quotes.
pub const MAX_CHARS: usize = 40;

/// `text` as a message quotes it: its first [`MAX_CHARS`] characters, then `…` if there are
/// more; control characters escaped as Rust writes them (`\u{7}`, `\t`).
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_CHARS {
            out.push('…');
            break;
        }
        out.push_str(&printable(c));
    }
    out
}

/// `c` as a message quotes it: a control character escaped, any other as it is.
pub fn printable(c: char) -> String {
    if c.is_control() {
        c.escape_debug().to_string()
    } else {
        c.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_and_control_characters_escaped() {
        assert_eq!(excerpt("7g7f"), "7g7f");
        let long = "x".repeat(5_000_000);
        assert_eq!(excerpt(&long), format!("{}…", "x".repeat(MAX_CHARS)));
        assert_eq!(excerpt(&"歩".repeat(MAX_CHARS)), "歩".repeat(MAX_CHARS));
        assert_eq!(excerpt("a\u{7}b\nc\0"), "a\\u{7}b\\nc\\0");
        assert_eq!(printable('９'), "９");
        assert_eq!(printable('\t'), "\\t");
    }
}
