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
    json_to(&mut buf, value)?;
    buf.write_all(b"\n")?;
    buf.flush()
}

/// Writes `value` as JSON (no line end) with the escapes of [`json_line`].
pub fn json_to<W: Write, T: Serialize + ?Sized>(out: W, value: &T) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, SafeFormatter);
    value
        .serialize(&mut ser)
        // Keep the kind of a write error (a closed pipe ends the program quietly).
        .map_err(|e| io::Error::new(e.io_error_kind().unwrap_or(io::ErrorKind::Other), e))
}

/// The JSON array of `items`, as [`json_to`] writes it, rendered in parallel (on the current
/// rayon pool) in chunks of `chunk` items: a corpus audit's ten thousand documents are 7 MB of
/// JSON, written while every other thread waits. Write it with [`write_json_array`].
pub fn json_array_parallel<T: Serialize + Sync>(
    items: &[T],
    chunk: usize,
) -> io::Result<Vec<Vec<u8>>> {
    use rayon::prelude::*;
    items
        .par_chunks(chunk.max(1))
        .map(|c| {
            // About 650 bytes a Reuters document: room enough not to grow.
            let mut v = Vec::with_capacity(c.len() * 1024);
            for (i, item) in c.iter().enumerate() {
                if i > 0 {
                    v.push(b',');
                }
                json_to(&mut v, item)?;
            }
            Ok(v)
        })
        .collect()
}

/// Writes the chunks of [`json_array_parallel`] as one array.
pub fn write_json_array<W: Write>(mut out: W, parts: &[Vec<u8>]) -> io::Result<()> {
    out.write_all(b"[")?;
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        out.write_all(p)?;
    }
    out.write_all(b"]")
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

/// A writer for the human reports: whatever reaches it, no byte a terminal could act on goes
/// through. Control characters other than LF and TAB (which lay reports out), DEL, C1 controls,
/// bidirectional controls and invisible characters become the placeholders of
/// [`crate::visible`] (`␛`, `⟨U+009B⟩`, `⟨RLO⟩`), and bytes that are not UTF-8 become `\xFF`.
/// Reports render document text and file names visibly themselves; this is the backstop that
/// makes a forgotten call harmless. A character split across two writes is held back until
/// its end arrives.
pub struct Sanitize<W: Write> {
    inner: W,
    pending: Vec<u8>,
}

impl<W: Write> Sanitize<W> {
    pub fn new(inner: W) -> Self {
        Sanitize {
            inner,
            pending: Vec::new(),
        }
    }

    /// Writes valid UTF-8 with placeholders where needed.
    fn write_text(&mut self, s: &str) -> io::Result<()> {
        let bytes = s.as_bytes();
        let mut start = 0;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            // Lead bytes of every character that needs a placeholder (C1 and SHY: C2; CGJ: CD;
            // ALM: D8; Hangul fillers, MVS: E1; U+200B–206F: E2; U+3164: E3; U+FE00–FFFB: EF;
            // tags and variation selectors: F3).
            let suspect = match b {
                b'\n' | b'\t' => false,
                0..=0x1F | 0x7F => true,
                0xC2 | 0xCD | 0xD8 | 0xE1 | 0xE2 | 0xE3 | 0xEF | 0xF3 => true,
                _ => false,
            };
            if !suspect {
                i += 1;
                continue;
            }
            let c = s[i..].chars().next().unwrap_or('\0');
            let len = c.len_utf8();
            if let Some(p) = crate::visible::placeholder(c) {
                self.inner.write_all(&bytes[start..i])?;
                self.inner.write_all(p.as_bytes())?;
                start = i + len;
            }
            i += len;
        }
        self.inner.write_all(&bytes[start..])
    }
}

impl<W: Write> Write for Sanitize<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let joined;
        let mut rest: &[u8] = if self.pending.is_empty() {
            buf
        } else {
            let mut j = std::mem::take(&mut self.pending);
            j.extend_from_slice(buf);
            joined = j;
            &joined
        };
        loop {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    self.write_text(s)?;
                    break;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    self.write_text(std::str::from_utf8(good).unwrap_or_default())?;
                    match e.error_len() {
                        None => {
                            self.pending = bad.to_vec();
                            break;
                        }
                        Some(n) => {
                            for b in &bad[..n] {
                                write!(self.inner, "\\x{b:02X}")?;
                            }
                            rest = &bad[n..];
                        }
                    }
                }
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        for b in std::mem::take(&mut self.pending) {
            write!(self.inner, "\\x{b:02X}")?;
        }
        self.inner.flush()
    }
}

/// Writes `message` on standard error after `delineate: `, through [`Sanitize`]: messages
/// name paths and quote documents, and neither may act on the terminal. Every message of the
/// tool goes through here.
pub fn report(message: impl std::fmt::Display) {
    let stderr = io::stderr();
    let mut w = Sanitize::new(stderr.lock());
    let _ = writeln!(w, "delineate: {message}");
    let _ = w.flush();
}

/// True when an I/O error means the reader went away (`| head`): exit quietly.
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// `--color`: when reports are coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// When standard output is a terminal and `NO_COLOR` is not set (no-color.org).
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether to colour output going to standard output.
    pub fn enabled(self) -> bool {
        use std::io::IsTerminal;
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && io::stdout().is_terminal()
            }
        }
    }
}

const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const YELLOW: &str = "\x1b[33m";
const MAGENTA: &str = "\x1b[35m";
const RESET: &str = "\x1b[0m";

/// Colours a human report by its layout, after [`Sanitize`] has made every document byte
/// inert: headings (lines that start in column 0) bold, rules dim, conflict lines (`  ! …`)
/// yellow with a red `!`, the evidence that won (`  ✔`) green, flagged rows of a table
/// (`  12! lt`) yellow, and the visible placeholders of invisible characters (`⟨ZWSP⟩`, `␛`,
/// `␊`) magenta. Only these fixed SGR sequences are ever written, so a document can at worst
/// look like a heading; it can never send the terminal anything of its own.
pub struct Colorize<W: Write> {
    inner: W,
    on: bool,
    line: Vec<u8>,
}

impl<W: Write> Colorize<W> {
    pub fn new(inner: W, on: bool) -> Self {
        Colorize {
            inner,
            on,
            line: Vec::new(),
        }
    }

    fn emit_line(&mut self) -> io::Result<()> {
        let line = std::mem::take(&mut self.line);
        match std::str::from_utf8(&line) {
            Ok(s) => {
                let styled = paint_line(s);
                self.inner.write_all(styled.as_bytes())
            }
            Err(_) => self.inner.write_all(&line),
        }
    }
}

/// One report line with its colours (the line ends with `\n` or is the unfinished last one).
fn paint_line(s: &str) -> String {
    let (body, nl) = match s.strip_suffix('\n') {
        Some(b) => (b, "\n"),
        None => (s, ""),
    };
    if body.trim().is_empty() {
        return s.to_string();
    }
    let trimmed = body.trim_start();
    let indent = &body[..body.len() - trimmed.len()];
    if trimmed.chars().all(|c| c == '─' || c == '━' || c == '┄') {
        return format!("{DIM}{body}{RESET}{nl}");
    }
    let placeholders = |t: &str, base: &str| -> String {
        // ⟨…⟩ spans and the control pictures (U+2400–U+2426) stand for invisible characters.
        let mut out = String::with_capacity(t.len() + 16);
        let mut in_angle = false;
        for c in t.chars() {
            let picture = ('\u{2400}'..='\u{2426}').contains(&c);
            if c == '⟨' && !in_angle {
                in_angle = true;
                out.push_str(MAGENTA);
                out.push(c);
            } else if c == '⟩' && in_angle {
                in_angle = false;
                out.push(c);
                out.push_str(RESET);
                out.push_str(base);
            } else if picture && !in_angle {
                out.push_str(MAGENTA);
                out.push(c);
                out.push_str(RESET);
                out.push_str(base);
            } else {
                out.push(c);
            }
        }
        if in_angle {
            out.push_str(RESET);
        }
        out
    };
    if indent.is_empty() {
        return format!("{BOLD}{}{RESET}{nl}", placeholders(body, BOLD));
    }
    if trimmed.starts_with("──") {
        return format!("{indent}{BOLD}{}{RESET}{nl}", placeholders(trimmed, BOLD));
    }
    if let Some(rest) = trimmed.strip_prefix("! ") {
        return format!(
            "{indent}{RED}{BOLD}!{RESET} {YELLOW}{}{RESET}{nl}",
            placeholders(rest, YELLOW)
        );
    }
    if let Some(rest) = trimmed.strip_prefix("✔ ") {
        return format!(
            "{indent}{GREEN}{BOLD}✔{RESET} {GREEN}{}{RESET}{nl}",
            placeholders(rest, GREEN)
        );
    }
    // A flagged row of a ranked table: `  12! term …`.
    let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && trimmed[digits..].starts_with('!') {
        return format!(
            "{indent}{YELLOW}{}{RESET}{nl}",
            placeholders(trimmed, YELLOW)
        );
    }
    format!("{indent}{}{nl}", placeholders(trimmed, ""))
}

impl<W: Write> Write for Colorize<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.on {
            return self.inner.write(buf);
        }
        let mut rest = buf;
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            self.line.extend_from_slice(&rest[..=i]);
            self.emit_line()?;
            rest = &rest[i + 1..];
        }
        self.line.extend_from_slice(rest);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.on && !self.line.is_empty() {
            self.emit_line()?;
        }
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_writer_lets_no_control_through() {
        let mut out = Vec::new();
        {
            let mut w = Sanitize::new(&mut out);
            write!(w, "a\x1b]52;c;x\x07 b\r\u{9b}2J\u{202e}\tc\nd").unwrap();
            // A character split across writes, then a byte that is not UTF-8.
            w.write_all(&[0xC3]).unwrap();
            w.write_all(&[0xA9, b' ', 0x9B, b'x', 0xE2, 0x80]).unwrap();
            w.flush().unwrap();
        }
        let s = String::from_utf8(out).unwrap();
        assert_eq!(s, "a␛]52;c;x␇ b␍⟨U+009B⟩2J⟨RLO⟩\tc\ndé \\x9Bx\\xE2\\x80");
    }

    #[test]
    fn json_escapes_terminal_controls() {
        let mut out = Vec::new();
        json_line(&mut out, &"a\u{1b}]0;x\u{7}\u{9b}2J\u{202e}b").unwrap();
        let s = String::from_utf8(out).unwrap();
        assert_eq!(s, "\"a\\u001b]0;x\\u0007\\u009b2J\\u202eb\"\n");
        let back: String = serde_json::from_str(&s).unwrap();
        assert_eq!(back, "a\u{1b}]0;x\u{7}\u{9b}2J\u{202e}b");
    }

    /// The parallel array is the array `json_to` writes, whatever the chunking.
    #[test]
    fn parallel_array_is_the_serial_one() {
        let items: Vec<String> = (0..50).map(|i| format!("item {i}\u{202e}")).collect();
        let mut serial = Vec::new();
        json_to(&mut serial, &items).unwrap();
        for chunk in [1, 3, 7, 50, 64] {
            let mut par = Vec::new();
            write_json_array(&mut par, &json_array_parallel(&items, chunk).unwrap()).unwrap();
            assert_eq!(
                String::from_utf8(par).unwrap(),
                String::from_utf8(serial.clone()).unwrap()
            );
        }
        let mut empty = Vec::new();
        write_json_array(
            &mut empty,
            &json_array_parallel(&Vec::<String>::new(), 4).unwrap(),
        )
        .unwrap();
        assert_eq!(empty, b"[]");
    }
}
