//! Decoding a window of a large input: the bytes around an offset, aligned to character
//! boundaries, decoded with their offset map, each byte classified. (The anomalies of a window
//! are found a stage above, by `anomaly::window_findings`.)
//!
//! Views of big files never decode the whole file; they ask for the window around the cursor.
//! Alignment depends on the encoding: UTF-8 backs up over continuation bytes (RFC 3629 §3: a
//! boundary is any byte not of the form 10xxxxxx); UTF-16/32 align to code units (and step back
//! over a low surrogate); single-byte encodings need nothing; the multi-byte legacy encodings
//! start a little earlier and let the decoder resynchronise.

use super::charset::Charset;
use super::decoder::{Decoded, ErrorMode, decode};
use crate::error::SourceError;
use crate::source::Input;
use crate::span::ByteSpan;
use serde::Serialize;

/// What a byte is, in the encoding being viewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ByteClass {
    /// An ASCII character that prints.
    AsciiPrintable,
    /// An ASCII control (including TAB, LF, CR).
    AsciiControl,
    /// The first byte of a 2-, 3- or 4-byte character.
    Lead2,
    Lead3,
    Lead4,
    /// A byte after the first of a multi-byte character.
    Continuation,
    /// A byte ≥ 0x80 that is one character by itself (single-byte encodings).
    HighSingle,
    /// A byte that is part of a malformed sequence.
    Invalid,
    /// A byte of the byte order mark.
    Bom,
    /// A byte that produced no character (an escape sequence; a character cut off at the window's
    /// end).
    NoChar,
}

/// A decoded window of an input.
#[derive(Clone, Debug)]
pub struct Window {
    pub charset: Charset,
    /// The first byte decoded (a character boundary).
    pub start: u64,
    /// One past the last byte read.
    pub end: u64,
    /// Whether the window reaches the end of the input.
    pub at_end: bool,
    /// The raw bytes `[start, end)`.
    pub bytes: Vec<u8>,
    /// The text and its map (map offsets are input offsets).
    pub decoded: Decoded,
    /// One class per byte of `bytes`.
    pub classes: Vec<ByteClass>,
    /// What the decoder did with malformed bytes.
    pub mode: ErrorMode,
    /// Bytes of byte order mark at the start of the input (shown, not decoded).
    pub bom_len: u64,
}

impl Window {
    /// The class of input byte `offset`, if it is in the window.
    pub fn class_of(&self, offset: u64) -> Option<ByteClass> {
        offset
            .checked_sub(self.start)
            .and_then(|i| self.classes.get(i as usize).copied())
    }

    /// The raw byte at `offset`, if it is in the window.
    pub fn byte_at(&self, offset: u64) -> Option<u8> {
        offset
            .checked_sub(self.start)
            .and_then(|i| self.bytes.get(i as usize).copied())
    }

    /// The text offset of the character that holds byte `offset`.
    pub fn text_offset_of(&self, offset: u64) -> Option<usize> {
        self.decoded.map.text_offset_of(&self.decoded.text, offset)
    }

    /// The bytes of the character that starts at text offset `t`.
    pub fn span_of_text(&self, t: usize) -> Option<ByteSpan> {
        self.decoded.map.span_of(&self.decoded.text, t)
    }

    /// True when `offset` lies inside the window with `margin` bytes to spare on both sides
    /// (or the window reaches that end of the input).
    pub fn covers(&self, offset: u64, margin: u64) -> bool {
        let lo_ok = self.start <= self.bom_len.max(offset.saturating_sub(margin))
            || offset >= self.start + margin;
        let hi_ok = self.at_end || offset + margin < self.end;
        offset >= self.start.min(self.bom_len) && lo_ok && hi_ok
    }
}

/// Decodes the window `[around − before, around + after)` of `input` under `charset`, aligned to
/// character boundaries. `bom_len` is the length of a byte order mark at the start that
/// announces `charset` (0 if none): those bytes are classed as BOM and not decoded.
pub fn decode_window(
    input: &Input,
    charset: Charset,
    bom_len: u64,
    around: u64,
    before: u64,
    after: u64,
) -> Result<Window, SourceError> {
    decode_window_mode(
        input,
        charset,
        bom_len,
        around,
        before,
        after,
        ErrorMode::Replace,
    )
}

/// [`decode_window`] in a chosen error mode (ignore mode shows what a deleting decoder drops).
pub fn decode_window_mode(
    input: &Input,
    charset: Charset,
    bom_len: u64,
    around: u64,
    before: u64,
    after: u64,
    mode: ErrorMode,
) -> Result<Window, SourceError> {
    let len = input.len();
    let around = around.min(len);
    let want_start = around.saturating_sub(before).max(bom_len);
    let end = (around + after).min(len).max(want_start);
    let start = align(input, charset, bom_len, want_start)?;
    let bytes = input.read_range(start, end)?;
    let end = start + bytes.len() as u64;
    let at_end = end >= len;
    let decoded = decode(&bytes, start, charset, mode, at_end);
    let classes = classify(&bytes, start, bom_len.min(start), &decoded);
    // BOM bytes before the window's start are shown by a separate read.
    let (bytes, classes, start) = if start == bom_len && bom_len > 0 {
        let mut b = input.read_range(0, bom_len)?;
        b.extend_from_slice(&bytes);
        let mut c = vec![ByteClass::Bom; bom_len as usize];
        c.extend_from_slice(&classes);
        (b, c, 0)
    } else {
        (bytes, classes, start)
    };
    Ok(Window {
        charset,
        start,
        end,
        at_end,
        bytes,
        decoded,
        classes,
        mode,
        bom_len,
    })
}

/// Moves `offset` back to a character boundary of `charset`.
fn align(input: &Input, charset: Charset, bom_len: u64, offset: u64) -> Result<u64, SourceError> {
    if offset <= bom_len {
        return Ok(bom_len);
    }
    match charset {
        c if c == Charset::UTF_8 => {
            let from = offset.saturating_sub(3).max(bom_len);
            let back = input.read_range(from, offset + 1)?;
            let mut o = offset;
            // Step back over at most three continuation bytes to their lead byte.
            while o > from {
                let b = back[(o - from) as usize];
                if b & 0xC0 != 0x80 {
                    break;
                }
                o -= 1;
            }
            let b = back.get((o - from) as usize).copied().unwrap_or(0);
            Ok(if b & 0xC0 == 0x80 { offset } else { o })
        }
        c if c == Charset::UTF_16LE || c == Charset::UTF_16BE => {
            let mut o = bom_len + ((offset - bom_len) & !1);
            if o >= bom_len + 2 {
                let u = input.read_range(o, o + 2)?;
                if u.len() == 2 {
                    let unit = if c == Charset::UTF_16LE {
                        u16::from_le_bytes([u[0], u[1]])
                    } else {
                        u16::from_be_bytes([u[0], u[1]])
                    };
                    if (0xDC00..=0xDFFF).contains(&unit) {
                        o -= 2;
                    }
                }
            }
            Ok(o)
        }
        Charset::Utf32Le | Charset::Utf32Be => Ok(bom_len + ((offset - bom_len) & !3)),
        c if c.is_single_byte() => Ok(offset),
        c if c == Charset::Whatwg(encoding_rs::ISO_2022_JP) && offset <= 1 << 20 => {
            // Stateful: decode from the start when that is cheap.
            Ok(bom_len)
        }
        // Multi-byte legacy encodings: start earlier and let the decoder resynchronise.
        _ => Ok(offset.saturating_sub(64).max(bom_len)),
    }
}

/// Classes every byte from the decoding's map and errors.
fn classify(bytes: &[u8], start: u64, _bom: u64, d: &Decoded) -> Vec<ByteClass> {
    let mut classes = vec![ByteClass::NoChar; bytes.len()];
    let idx = |o: u64| (o - start) as usize;
    for (_, span) in d.map.iter(&d.text) {
        if span.start < start || span.end > start + bytes.len() as u64 {
            continue;
        }
        let n = span.len() as usize;
        let first = idx(span.start);
        if n == 1 {
            let b = bytes[first];
            classes[first] = match b {
                0x20..=0x7E => ByteClass::AsciiPrintable,
                0x00..=0x1F | 0x7F => ByteClass::AsciiControl,
                _ => ByteClass::HighSingle,
            };
        } else {
            classes[first] = match n {
                2 => ByteClass::Lead2,
                3 => ByteClass::Lead3,
                _ => ByteClass::Lead4,
            };
            for c in &mut classes[first + 1..first + n] {
                *c = ByteClass::Continuation;
            }
        }
    }
    for e in &d.errors {
        let s = e.byte_span;
        if s.start >= start && s.end <= start + bytes.len() as u64 {
            for c in &mut classes[idx(s.start)..idx(s.end)] {
                *c = ByteClass::Invalid;
            }
        }
    }
    classes
}

#[cfg(test)]
mod tests {
    use super::*;
    use ByteClass::*;

    fn window(bytes: &[u8], label: &str, bom: u64, around: u64, before: u64, after: u64) -> Window {
        let input = Input::from_bytes("w", bytes.to_vec());
        let cs = Charset::for_label(label).unwrap().charset;
        decode_window(&input, cs, bom, around, before, after).unwrap()
    }

    #[test]
    fn utf8_classes_as_in_the_hex_view() {
        let w = window("aé€😀".as_bytes(), "utf-8", 0, 0, 0, 100);
        assert_eq!(
            w.classes,
            [
                AsciiPrintable,
                Lead2,
                Continuation,
                Lead3,
                Continuation,
                Continuation,
                Lead4,
                Continuation,
                Continuation,
                Continuation
            ]
        );
        let bad = window(b"r\xE9sum\xE9\n", "utf-8", 0, 0, 0, 100);
        assert_eq!(bad.classes[1], Invalid);
        assert_eq!(bad.classes[6], AsciiControl);
        let latin = window(b"r\xE9s", "windows-1252", 0, 0, 0, 100);
        assert_eq!(latin.classes, [AsciiPrintable, HighSingle, AsciiPrintable]);
    }

    #[test]
    fn windows_align_to_characters() {
        let text = "ééééé".as_bytes(); // C3 A9 × 5
        // Ask for a window starting on a continuation byte (offset 3): it backs up to 2.
        let w = window(text, "utf-8", 0, 3, 0, 4);
        assert_eq!(w.start, 2);
        assert!(w.decoded.text.starts_with('é'));
        // UTF-16: odd offsets round down to a code unit.
        let u16: Vec<u8> = "a😀b"
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        let w = window(&u16, "utf-16le", 0, 5, 0, 10);
        assert_eq!(w.start, 2); // back over the low surrogate at 4 to the high one at 2
        assert!(w.decoded.text.starts_with('😀'));
    }

    #[test]
    fn bom_bytes_are_shown_not_decoded() {
        let w = window(b"\xEF\xBB\xBFhi", "utf-8", 3, 0, 0, 100);
        assert_eq!(w.start, 0);
        assert_eq!(w.classes, [Bom, Bom, Bom, AsciiPrintable, AsciiPrintable]);
        assert_eq!(w.decoded.text, "hi");
        assert_eq!(w.text_offset_of(3), Some(0));
    }
}
