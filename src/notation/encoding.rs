//! The character encoding of a record file. KIF and KI2 files are Shift-JIS (CP932) by tradition;
//! `.kifu` and `.ki2u` files, and files that say so, are UTF-8.

use super::excerpt::excerpt;
use super::record::RecordError;
use encoding_rs::{DecoderResult, Encoding, SHIFT_JIS, UTF_8};

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The text of a record file: a UTF-8 BOM or a `#KIF version=2.0 encoding=…` first line decides;
/// else `utf8_by_name` (the `.kifu`/`.ki2u` extensions) means UTF-8; else valid UTF-8 is taken as
/// UTF-8 and anything else as Shift-JIS (CP932). The BOM is dropped. Bytes that are not valid in
/// the encoding chosen are an error at their line and column.
pub fn decode_record(bytes: &[u8], utf8_by_name: bool) -> Result<String, RecordError> {
    if let Some(rest) = bytes.strip_prefix(BOM) {
        return decode(UTF_8, rest).map_err(|e| e.with_message("not UTF-8"));
    }
    if let Some(encoding) = declared_encoding(bytes)? {
        return decode(encoding, bytes)
            .map_err(|e| e.with_message(&format!("not {}", encoding.name())));
    }
    if utf8_by_name {
        return decode(UTF_8, bytes).map_err(|e| e.with_message("not UTF-8"));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_string()),
        Err(_) => {
            decode(SHIFT_JIS, bytes).map_err(|e| e.with_message("neither UTF-8 nor Shift-JIS"))
        }
    }
}

/// The encoding a first line `#KIF version=2.0 encoding=UTF-8` names, if there is one.
fn declared_encoding(bytes: &[u8]) -> Result<Option<&'static Encoding>, RecordError> {
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    if !first.starts_with(b"#KIF") {
        return Ok(None);
    }
    const KEY: &[u8] = b"encoding=";
    let Some(at) = first.windows(KEY.len()).position(|w| w == KEY) else {
        return Ok(None);
    };
    let start = at + KEY.len();
    let label: Vec<u8> = first[start..]
        .iter()
        .copied()
        .take_while(|b| !b.is_ascii_whitespace() && *b != b';')
        .collect();
    let column = String::from_utf8_lossy(&first[..start]).chars().count() + 1;
    let encoding = match label.to_ascii_lowercase().as_slice() {
        b"cp932" => Some(SHIFT_JIS),
        other => Encoding::for_label(other),
    };
    encoding.map(Some).ok_or_else(|| {
        let name = String::from_utf8_lossy(&label);
        RecordError::new(1, column, format!("unknown encoding '{}'", excerpt(&name)))
    })
}

/// Where decoding stopped: the text before the fault and the bytes at it.
struct Fault {
    before: String,
    bytes: Vec<u8>,
}

impl Fault {
    /// The error at the fault, `byte 0x81 is {what}` or `bytes 0xE3 0x81 are {what}`, at the
    /// line and column the decoded text before it reaches.
    fn with_message(self, what: &str) -> RecordError {
        let line = self.before.matches('\n').count() + 1;
        let last = self.before.rsplit('\n').next().unwrap_or_default();
        let hex: Vec<String> = self.bytes.iter().map(|b| format!("0x{b:02X}")).collect();
        let (noun, verb) = if self.bytes.len() == 1 {
            ("byte", "is")
        } else {
            ("bytes", "are")
        };
        RecordError::new(
            line,
            last.chars().count() + 1,
            format!("{noun} {} {verb} {what}", hex.join(" ")),
        )
    }
}

/// `bytes` decoded from `encoding`, failing at the first malformed sequence.
fn decode(encoding: &'static Encoding, bytes: &[u8]) -> Result<String, Fault> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(bytes.len() * 3 / 2 + 16);
    let mut read = 0;
    loop {
        let (result, n) =
            decoder.decode_to_string_without_replacement(&bytes[read..], &mut text, true);
        read += n;
        match result {
            DecoderResult::InputEmpty => return Ok(text),
            DecoderResult::OutputFull => text.reserve((bytes.len() - read) * 3 + 16),
            DecoderResult::Malformed(bad, extra) => {
                let end = read.saturating_sub(extra as usize);
                let start = end.saturating_sub(bad as usize);
                return Err(Fault {
                    before: text,
                    bytes: bytes[start..end].to_vec(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_jis_utf8_and_declared_encodings() {
        let text = "作品名：詰将棋\n";
        let (sjis, _, _) = SHIFT_JIS.encode(text);
        assert_eq!(decode_record(&sjis, false).unwrap(), text);
        assert_eq!(decode_record(text.as_bytes(), false).unwrap(), text);
        let bom = [BOM, text.as_bytes()].concat();
        assert_eq!(decode_record(&bom, false).unwrap(), text);
        let declared = format!("#KIF version=2.0 encoding=Shift_JIS\n{text}");
        let (bytes, _, _) = SHIFT_JIS.encode(&declared);
        assert_eq!(decode_record(&bytes, true).unwrap(), declared);
        let e = decode_record(&sjis, true).unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = decode_record(b"#KIF version=2.0 encoding=KLINGON\n", false).unwrap_err();
        assert_eq!((e.line, e.column), (1, 27));
        assert_eq!(e.message, "unknown encoding 'KLINGON'");
    }
}
