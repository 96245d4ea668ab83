//! Writing to standard output safely: a closed pipe ends the program quietly, JSON escapes every
//! character a terminal could act on, and numbers read well.

use serde::Serialize;
use std::io::{self, Write};

/// Writes `value` as one line of JSON. Besides what JSON requires, DEL, C1 controls,
/// bidirectional controls and line/paragraph separators are written as `\uXXXX`, so piping the
/// output to a terminal is as safe as the human report.
///
/// The writes go through a buffer of its own: serde_json writes a token at a time, and through
/// a `dyn Write` each of those writes is a call the compiler cannot inline (an audit's 7 MB of
/// JSON took twice as long).
pub fn json_line<W: Write + ?Sized, T: Serialize>(out: &mut W, value: &T) -> io::Result<()> {
    let mut buf = io::BufWriter::with_capacity(64 * 1024, out);
    let mut ser = serde_json::Serializer::with_formatter(&mut buf, SafeFormatter);
    value
        .serialize(&mut ser)
        // Keep the kind of a write error (a closed pipe ends the program quietly).
        .map_err(|e| io::Error::new(e.io_error_kind().unwrap_or(io::ErrorKind::Other), e))?;
    buf.write_all(b"\n")?;
    buf.flush()
}

struct SafeFormatter;

impl serde_json::ser::Formatter for SafeFormatter {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        // Every character escaped here is DEL or above: most fragments pass whole.
        if fragment.bytes().all(|b| b < 0x7F) {
            return writer.write_all(fragment.as_bytes());
        }
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            let u = c as u32;
            let escape = (0x7F..=0x9F).contains(&u)
                || (0x202A..=0x202E).contains(&u)
                || (0x2066..=0x2069).contains(&u)
                || u == 0x2028
                || u == 0x2029
                || u == 0x200E
                || u == 0x200F
                || u == 0x061C;
            if escape {
                writer.write_all(&fragment.as_bytes()[start..i])?;
                write!(writer, "\\u{u:04x}")?;
                start = i + c.len_utf8();
            }
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

/// `1234567` → `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// True when an I/O error means the reader went away (`| head`): exit quietly.
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes_terminal_controls() {
        let mut out = Vec::new();
        json_line(&mut out, &"a\u{1b}]0;x\u{7}\u{9b}2J\u{202e}b").unwrap();
        let s = String::from_utf8(out).unwrap();
        assert_eq!(s, "\"a\\u001b]0;x\\u0007\\u009b2J\\u202eb\"\n");
        let back: String = serde_json::from_str(&s).unwrap();
        assert_eq!(back, "a\u{1b}]0;x\u{7}\u{9b}2J\u{202e}b");
    }

    #[test]
    fn thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
