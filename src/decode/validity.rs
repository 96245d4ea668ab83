//! UTF-8 validity (RFC 3629 §3–4; Unicode Table 3-7) and the NUL-column pattern of BOM-less
//! UTF-16/32.
//!
//! Validity is the one piece of encoding evidence that can be *certain*: bytes that are not
//! valid UTF-8 are not UTF-8. [`Utf8Scanner`] validates a stream chunk by chunk, counts invalid
//! sequences by the "maximal subpart" rule that browsers use for U+FFFD (one error per maximal
//! subpart, WHATWG Encoding §8.1.1), counts multi-byte sequences (pure ASCII is valid UTF-8 but
//! proves nothing) and explains the first error in words.

use crate::span::ByteSpan;
use serde::Serialize;

mod symbols;
pub use symbols::{
    first_shape, first_sign, first_symbol, first_typographic, symbolic, symbols, typographic,
};

/// How many error positions are kept (the count is always exact).
pub const MAX_ERROR_POSITIONS: usize = 64;

/// One invalid UTF-8 sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InvalidSequence {
    /// The maximal subpart that is invalid (what one U+FFFD replaces).
    pub byte_span: ByteSpan,
    /// The bytes of the subpart and the byte after it, in hex, e.g. `E9 73`.
    pub bytes_hex: String,
    /// Why it is invalid, in words: "E9 announces a 3-byte sequence, but 73 does not begin with 10".
    pub reason: String,
}

/// The result of validating a whole input as UTF-8.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Utf8Validity {
    /// Bytes examined.
    pub bytes: u64,
    /// True when the input is entirely valid UTF-8.
    pub valid: bool,
    /// Number of invalid sequences (maximal subparts), each of which a browser replaces with
    /// one U+FFFD.
    pub invalid_sequences: u64,
    /// Number of bytes inside invalid sequences (what an "ignore" decoder deletes).
    pub invalid_bytes: u64,
    /// Number of valid multi-byte sequences (characters ≥ U+0080).
    pub multibyte_sequences: u64,
    /// Multi-byte sequences by length: index 0 = 2-byte, 1 = 3-byte, 2 = 4-byte.
    pub multibyte_by_length: [u64; 3],
    /// Bytes ≥ 0x80.
    pub non_ascii_bytes: u64,
    /// Offset of the first byte ≥ 0x80 (where samples for statistics should look).
    pub first_non_ascii: Option<u64>,
    /// The first invalid sequence, explained.
    pub first_invalid: Option<InvalidSequence>,
    /// The first [`MAX_ERROR_POSITIONS`] invalid sequences.
    pub positions: Vec<ByteSpan>,
    /// Set when the only error is a sequence cut off by the end of the input (a truncated file).
    pub truncated_at_end: bool,
}

impl Utf8Validity {
    /// True when no byte is ≥ 0x80: every ASCII-compatible encoding decodes it identically.
    pub fn is_pure_ascii(&self) -> bool {
        self.non_ascii_bytes == 0
    }

    /// Valid except for one sequence cut off at the very end (a file truncated mid-character).
    pub fn is_valid_but_truncated(&self) -> bool {
        self.invalid_sequences == 1 && self.truncated_at_end
    }
}

/// Streaming UTF-8 validator. Feed chunks in order, then call [`Utf8Scanner::finish`].
#[derive(Debug, Default)]
pub struct Utf8Scanner {
    /// Bytes of an incomplete sequence at the end of the previous chunk (at most 3).
    carry: Vec<u8>,
    /// Reused buffer joining `carry` with the next chunk.
    joined: Vec<u8>,
    /// Offset of the first byte not yet settled (the first byte of `carry`, if any).
    offset: u64,
    out: Utf8Validity,
}

impl Utf8Scanner {
    /// A scanner at offset 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// Validates the next chunk.
    pub fn feed(&mut self, chunk: &[u8]) {
        if chunk.is_empty() {
            return;
        }
        if self.carry.is_empty() {
            self.scan(chunk);
        } else {
            let mut joined = std::mem::take(&mut self.joined);
            joined.clear();
            joined.append(&mut self.carry);
            joined.extend_from_slice(chunk);
            self.scan(&joined);
            self.joined = joined;
        }
    }

    /// Ends a stream that was cut from a longer input: a sequence cut off at the end is not an
    /// error (the rest of it lies beyond the cut).
    pub fn finish_cut(mut self) -> Utf8Validity {
        self.carry.clear();
        self.finish()
    }

    /// Ends the stream and returns the verdict.
    pub fn finish(mut self) -> Utf8Validity {
        if !self.carry.is_empty() {
            let carry = std::mem::take(&mut self.carry);
            self.record_error(self.offset, &carry, carry.len());
            self.offset += carry.len() as u64;
            self.out.truncated_at_end = true;
        }
        self.out.truncated_at_end &= self.out.invalid_sequences == 1;
        self.out.valid = self.out.invalid_sequences == 0;
        self.out.bytes = self.offset;
        self.out
    }

    /// Scans bytes starting at `self.offset`; an incomplete sequence at the end is carried.
    fn scan(&mut self, mut bytes: &[u8]) {
        loop {
            // simdutf8's `compat` API reports errors exactly as `std::str::from_utf8` does
            // (maximal subparts), at SIMD speed.
            match simdutf8::compat::from_utf8(bytes) {
                Ok(_) => {
                    self.count_valid(bytes);
                    self.offset += bytes.len() as u64;
                    return;
                }
                Err(e) => {
                    let good = e.valid_up_to();
                    self.count_valid(&bytes[..good]);
                    self.offset += good as u64;
                    match e.error_len() {
                        Some(n) => {
                            // `from_utf8` only rejects a subpart once it has seen the byte that
                            // breaks it, so `bytes[good + n]` is here when the reason needs it.
                            self.record_error(self.offset, &bytes[good..], n);
                            self.offset += n as u64;
                            bytes = &bytes[good + n..];
                        }
                        None => {
                            self.carry.extend_from_slice(&bytes[good..]);
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Counts lead bytes in a valid stretch (each lead byte starts one multi-byte character).
    fn count_valid(&mut self, valid: &[u8]) {
        if valid.is_ascii() {
            return;
        }
        if self.out.first_non_ascii.is_none() {
            let at = valid.iter().position(|&b| b >= 0x80).unwrap_or(0);
            self.out.first_non_ascii = Some(self.offset + at as u64);
        }
        let [non_ascii, lead, lead3, lead4] = threshold_counts(valid);
        self.out.non_ascii_bytes += non_ascii;
        self.out.multibyte_by_length[0] += lead - lead3;
        self.out.multibyte_by_length[1] += lead3 - lead4;
        self.out.multibyte_by_length[2] += lead4;
        self.out.multibyte_sequences += lead;
    }

    /// Records the invalid subpart `rest[..n]` at `start`; `rest[n]`, if present, broke it.
    fn record_error(&mut self, start: u64, rest: &[u8], n: usize) {
        self.out.invalid_sequences += 1;
        self.out.invalid_bytes += n as u64;
        if self.out.first_non_ascii.is_none() {
            self.out.first_non_ascii = Some(start);
        }
        self.out.non_ascii_bytes += rest[..n].iter().filter(|&&b| b >= 0x80).count() as u64;
        let span = ByteSpan::at(start, n as u64);
        if self.out.positions.len() < MAX_ERROR_POSITIONS {
            self.out.positions.push(span);
        }
        if self.out.first_invalid.is_none() {
            let context = &rest[..rest.len().min(n + 1)];
            self.out.first_invalid = Some(InvalidSequence {
                byte_span: span,
                bytes_hex: hex(context),
                reason: explain(context, n, context.len() == n),
            });
        }
    }
}

/// Counts bytes ≥ 0x80, ≥ 0xC0, ≥ 0xE0 and ≥ 0xF0. Blocks of 255 bytes keep the counters in
/// `u8` lanes, which the compiler vectorises (measured ≥ 10 GB/s; one byte at a time into `u64`
/// counters ran at 1 GB/s and was the bottleneck of `inspect` on large files).
fn threshold_counts(bytes: &[u8]) -> [u64; 4] {
    let mut total = [0u64; 4];
    for block in bytes.chunks(255) {
        let (mut a, mut b, mut c, mut d) = (0u8, 0u8, 0u8, 0u8);
        for &x in block {
            a += (x >= 0x80) as u8;
            b += (x >= 0xC0) as u8;
            c += (x >= 0xE0) as u8;
            d += (x >= 0xF0) as u8;
        }
        total[0] += a as u64;
        total[1] += b as u64;
        total[2] += c as u64;
        total[3] += d as u64;
    }
    total
}

/// Validates a whole in-memory buffer.
pub fn validate(bytes: &[u8]) -> Utf8Validity {
    let mut s = Utf8Scanner::new();
    s.feed(bytes);
    s.finish()
}

/// Length announced by a UTF-8 lead byte (0 for bytes that cannot start a sequence).
pub fn sequence_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    }
}

/// Whether the lone byte at `at` (one no UTF-8 sequence takes in) stands where UTF-8 damage
/// leaves one and legacy text never puts a letter: glued to a valid multi-byte letter
/// (`הו\xD7 `, a Hebrew letter cut short after two whole ones; a stray byte before `é`), or a
/// lead byte C2–DE, a capital in every Windows code page, after a small ASCII letter and before
/// no capital (`munkan\xC3lk`, `posibil\xC4 `). DF is `ß` in windows-1252, typed between small
/// letters.
pub fn damage_shaped(bytes: &[u8], at: usize) -> bool {
    let letter =
        |c: Option<char>| c.is_some_and(|c| !c.is_ascii() && crate::unicode::is_alphabetic(c));
    if letter(char_ending_at(bytes, at)) || letter(char_starting_at(bytes, at + 1)) {
        return true;
    }
    (0xC2..=0xDE).contains(&bytes[at])
        && at > 0
        && bytes[at - 1].is_ascii_lowercase()
        && !bytes.get(at + 1).is_some_and(|b| b.is_ascii_uppercase())
}

/// Code pages whose capitals begin words of legacy text in the Latin, Cyrillic and Greek
/// scripts ([`cut_at_word_start`]).
pub const CAPITALS_IN: [&encoding_rs::Encoding; 14] = [
    encoding_rs::WINDOWS_1250,
    encoding_rs::WINDOWS_1251,
    encoding_rs::WINDOWS_1252,
    encoding_rs::WINDOWS_1253,
    encoding_rs::WINDOWS_1254,
    encoding_rs::WINDOWS_1257,
    encoding_rs::WINDOWS_1258,
    encoding_rs::ISO_8859_2,
    encoding_rs::ISO_8859_4,
    encoding_rs::ISO_8859_10,
    encoding_rs::ISO_8859_13,
    encoding_rs::ISO_8859_15,
    encoding_rs::ISO_8859_16,
    encoding_rs::KOI8_U,
];

/// Whether the byte at `at` is a lead byte C2–DF at a word's start (the input's, or after
/// ASCII that is no letter or digit) before a small letter: where [`cut_at_word_start`] looks.
pub fn lead_at_word_start(bytes: &[u8], at: usize) -> bool {
    let starts = at == 0 || (bytes[at - 1].is_ascii() && !bytes[at - 1].is_ascii_alphanumeric());
    (0xC2..=0xDF).contains(&bytes[at])
        && starts
        && char_starting_at(bytes, at + 1).is_some_and(char::is_lowercase)
}

/// Whether the lone byte at `at` (one no UTF-8 sequence takes in) is a lead byte C2–DF that
/// begins a word of small letters as no letter of `alphabet` (a language's standard letters,
/// non-ASCII, lower case, sorted) in any of the encodings `readers` (the code pages of
/// [`CAPITALS_IN`], or the one a draft reads): what a cut leaves at a word's start
/// (`\xC3ksikult` of Estonian `üksikult`: `Ã`, `Ă`, `У`, `Ć`… in the code pages, no Estonian
/// letter). Legacy text begins words with its language's own capitals (windows-1257
/// `\xDClemkohus`, `Ü`).
pub fn cut_at_word_start(
    bytes: &[u8],
    at: usize,
    alphabet: &[char],
    readers: &[&'static encoding_rs::Encoding],
) -> bool {
    if !lead_at_word_start(bytes, at) {
        return false;
    }
    let one = [bytes[at]];
    readers.iter().all(|enc| {
        let (text, _) = enc.decode_without_bom_handling(&one);
        text.chars().all(|c| {
            let small = c.to_lowercase().next().unwrap_or(c);
            alphabet.binary_search(&small).is_err()
        })
    })
}

/// The valid character that ends at `at` in `bytes`, if any (a sequence is at most four bytes).
pub fn char_ending_at(bytes: &[u8], at: usize) -> Option<char> {
    (1..=4.min(at)).find_map(|n| {
        std::str::from_utf8(&bytes[at - n..at])
            .ok()
            .and_then(|s| s.chars().next())
    })
}

/// The valid character that begins at `at` in `bytes`, if any.
pub fn char_starting_at(bytes: &[u8], at: usize) -> Option<char> {
    let end = (at + 4).min(bytes.len());
    bytes
        .get(at..end)?
        .utf8_chunks()
        .next()
        .and_then(|c| c.valid().chars().next())
}

/// Bytes as upper-case hex pairs separated by spaces.
pub fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 3);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&format!("{b:02X}"));
    }
    s
}

/// Explains why the maximal subpart `bytes[..n]` is invalid. `bytes[n]`, when present, is the
/// byte that broke the sequence; `eof` says the input ended right after the subpart.
/// Rules from RFC 3629 §4 and Unicode Table 3-7 (well-formed byte sequences).
pub fn explain(bytes: &[u8], n: usize, eof: bool) -> String {
    let b0 = bytes[0];
    match b0 {
        0x80..=0xBF => {
            format!("{b0:02X} is a continuation byte (10xxxxxx), but no lead byte announces it")
        }
        0xC0 | 0xC1 => format!(
            "{b0:02X} could only begin an overlong 2-byte form of an ASCII character, which RFC 3629 forbids"
        ),
        0xF5..=0xF7 => format!(
            "{b0:02X} would begin a 4-byte sequence for a code point above U+10FFFF, which RFC 3629 forbids"
        ),
        0xF8..=0xFF => {
            format!("{b0:02X} never occurs in UTF-8 (5- and 6-byte forms were removed by RFC 3629)")
        }
        _ => {
            let want = sequence_len(b0);
            match bytes.get(n) {
                None if eof || bytes.len() <= n => format!(
                    "{b0:02X} announces a {want}-byte sequence, but the input ends after {n} byte{}",
                    if n == 1 { "" } else { "s" }
                ),
                Some(&next) => {
                    if n == 1 {
                        match (b0, next) {
                            (0xE0, 0x80..=0x9F) => {
                                return format!(
                                    "E0 {next:02X} would be an overlong 3-byte form (after E0 the next byte must be A0–BF)"
                                );
                            }
                            (0xED, 0xA0..=0xBF) => {
                                return format!(
                                    "ED {next:02X} would encode a UTF-16 surrogate (U+D800–U+DFFF), which UTF-8 forbids"
                                );
                            }
                            (0xF0, 0x80..=0x8F) => {
                                return format!(
                                    "F0 {next:02X} would be an overlong 4-byte form (after F0 the next byte must be 90–BF)"
                                );
                            }
                            (0xF4, 0x90..=0xBF) => {
                                return format!(
                                    "F4 {next:02X} would encode a code point above U+10FFFF (after F4 the next byte must be 80–8F)"
                                );
                            }
                            _ => {}
                        }
                    }
                    format!(
                        "{b0:02X} announces a {want}-byte sequence, but {next:02X} does not begin with 10"
                    )
                }
                None => format!("{b0:02X} announces a {want}-byte sequence that is cut short"),
            }
        }
    }
}

/// The NUL-byte column pattern of UTF-16 or UTF-32 text without a byte order mark.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WidePattern {
    /// The encoding the pattern points to (UTF-16LE/BE or UTF-32LE/BE).
    pub encoding: &'static str,
    /// Share of NUL bytes at each position modulo 4 (or 2 for UTF-16) in the sample.
    pub nul_share_by_column: Vec<f64>,
    /// Bytes examined.
    pub sample_bytes: usize,
    /// For UTF-16 told by its code units rather than by NUL columns (Chinese or Korean text,
    /// whose units seldom hold a NUL byte): the units that read as text, of those read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_units: Option<(usize, usize)>,
}

/// Shortest run of NUL bytes taken for padding: the tail of a preallocated or fixed-size file,
/// the hole a crash leaves in a log. Binary formats scatter their NULs in ones and twos (a
/// field's high bytes); UTF-16 text alternates them with letters.
pub const PADDING_RUN: usize = 16;

/// The NUL bytes of some bytes: those scattered among the others, which text in an
/// ASCII-compatible encoding does not hold, and those in padding (runs of [`PADDING_RUN`] or
/// more), which the text around does not own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nuls {
    pub scattered: usize,
    pub padding: usize,
    /// Offset of the first scattered NUL.
    pub first_scattered: Option<usize>,
}

/// Counts the NULs of `bytes`, scattered and padding ([`Nuls`]).
pub fn nuls(bytes: &[u8]) -> Nuls {
    let mut n = Nuls::default();
    let mut at = 0;
    while let Some(i) = memchr::memchr(0, &bytes[at..]) {
        let start = at + i;
        let run = bytes[start..].iter().take_while(|&&b| b == 0).count();
        if run >= PADDING_RUN {
            n.padding += run;
        } else {
            n.scattered += run;
            n.first_scattered.get_or_insert(start);
        }
        at = start + run;
    }
    n
}

/// Looks for NUL-byte columns in a sample: ASCII-range text in UTF-16LE has NUL in almost every
/// odd byte and almost never in an even one; UTF-32 has three NUL columns out of four.
/// Returns `None` for text without such columns (including all ASCII-compatible text).
pub fn wide_pattern(sample: &[u8]) -> Option<WidePattern> {
    let n = sample.len() & !3;
    if n < 8 {
        return None;
    }
    let s = &sample[..n];
    // Every column pattern needs NUL bytes; most text has none (memchr finds that at memory
    // speed). Without the columns, text in UTF-16 may still show by its code units.
    if memchr::memchr(0, s).is_none() {
        return utf16_by_units(s);
    }
    let mut nul = [0usize; 4];
    for (i, &b) in s.iter().enumerate() {
        nul[i & 3] += (b == 0) as usize;
    }
    let per = (n / 4) as f64;
    let share: Vec<f64> = nul.iter().map(|&c| c as f64 / per).collect();
    let hi = |i: usize| share[i] >= 0.9;
    let lo = |i: usize| share[i] <= 0.05;
    // UTF-32: columns 2 and 3 (LE) or 0 and 1 (BE) are NUL for every BMP character.
    if hi(2) && hi(3) && lo(0) {
        return Some(WidePattern {
            encoding: "UTF-32LE",
            nul_share_by_column: share,
            sample_bytes: n,
            text_units: None,
        });
    }
    if hi(0) && hi(1) && lo(3) {
        return Some(WidePattern {
            encoding: "UTF-32BE",
            nul_share_by_column: share,
            sample_bytes: n,
            text_units: None,
        });
    }
    let even = (share[0] + share[2]) / 2.0;
    let odd = (share[1] + share[3]) / 2.0;
    // Spaces and punctuation alone put NULs in ≥ 10 % of the high bytes even of non-Latin text;
    // real single-byte text almost never contains NUL at all.
    let pair = [even, odd];
    if odd >= 0.10 && even <= 0.01 {
        return Some(WidePattern {
            encoding: "UTF-16LE",
            nul_share_by_column: pair.to_vec(),
            sample_bytes: n,
            text_units: None,
        });
    }
    if even >= 0.10 && odd <= 0.01 {
        return Some(WidePattern {
            encoding: "UTF-16BE",
            nul_share_by_column: pair.to_vec(),
            sample_bytes: n,
            text_units: None,
        });
    }
    utf16_by_units(s).map(|mut p| {
        p.nul_share_by_column = pair.to_vec();
        p
    })
}

/// UTF-16 without a byte order mark told by its code units, for text whose units seldom hold
/// a NUL byte (Han U+4E00–9FFF, Hangul U+AC00–D7A3). The bytes must hold control bytes or NULs
/// that no ASCII-compatible text holds — so that Shift_JIS, EUC-KR or GBK text, whose byte
/// pairs also read as Han or Hangul units, is never taken for it — and in one byte order at
/// least 98 % of at least 16 code units must be text: CJK, kana, Hangul, ASCII letters, digits,
/// punctuation and white space, with no unpaired surrogate, private-use unit or control.
fn utf16_by_units(s: &[u8]) -> Option<WidePattern> {
    let n = s.len().min(4096) & !1;
    let s = &s[..n];
    let units = n / 2;
    if units < 16 {
        return None;
    }
    let foreign_to_text = s
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C))
        .count();
    if foreign_to_text < 2 {
        return None;
    }
    let judge = |unit: fn([u8; 2]) -> u16| -> Option<usize> {
        let mut text = 0usize;
        let mut high: Option<u16> = None;
        for pair in s.chunks_exact(2) {
            let u = unit([pair[0], pair[1]]);
            match (high.take(), u) {
                (Some(_), 0xDC00..=0xDFFF) => text += 2,
                (Some(_), _) => return None,
                (None, 0xD800..=0xDBFF) => high = Some(u),
                (None, 0xDC00..=0xDFFF) => return None,
                (None, _) => text += is_text_unit(u) as usize,
            }
        }
        Some(text)
    };
    let le = judge(u16::from_le_bytes);
    let be = judge(u16::from_be_bytes);
    let enough = |t: Option<usize>| t.filter(|&t| t * 100 >= units * 98);
    let (encoding, text) = match (enough(le), enough(be)) {
        (Some(a), Some(b)) if a > b => ("UTF-16LE", a),
        (Some(a), Some(b)) if b > a => ("UTF-16BE", b),
        (Some(a), None) => ("UTF-16LE", a),
        (None, Some(b)) => ("UTF-16BE", b),
        _ => return None,
    };
    Some(WidePattern {
        encoding,
        nul_share_by_column: vec![0.0, 0.0],
        sample_bytes: n,
        text_units: Some((text, units)),
    })
}

/// A UTF-16 code unit that East Asian or Latin text is made of: ASCII letters, digits,
/// punctuation and white space, Latin-1 letters, general and CJK punctuation, kana, Han,
/// Hangul, full-width forms.
fn is_text_unit(u: u16) -> bool {
    matches!(u,
        0x0009 | 0x000A | 0x000D | 0x0020..=0x007E
        | 0x00A0..=0x00FF
        | 0x2010..=0x2027 | 0x2030..=0x205E
        | 0x3000..=0x303F | 0x3040..=0x30FF | 0x3130..=0x318F
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFF01..=0xFFEF
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_reason(bytes: &[u8]) -> String {
        validate(bytes).first_invalid.unwrap().reason
    }

    /// Lone bytes glued to a valid letter, or capitals C2–DE after a small ASCII letter, are
    /// shaped as UTF-8 damage; `ß` between small letters, a capital before capitals and a small
    /// letter of every code page are not.
    #[test]
    fn damage_is_shaped_where_no_legacy_letter_stands() {
        let he = ["הו".as_bytes(), b"\xd7 ", "ב".as_bytes()].concat();
        assert!(damage_shaped(&he, 4));
        assert!(
            damage_shaped(b"x\xe9\xc3\xa9t\xc3\xa9", 1),
            "a stray byte before `é`"
        );
        assert!(damage_shaped(b"munkan\xc3lk", 6));
        assert!(damage_shaped(b"posibil\xc4 dezvoltare", 7));
        assert!(!damage_shaped(b"Stra\xdfe", 4), "ß between small letters");
        assert!(
            !damage_shaped(b"an \xc9TAT", 3),
            "a capital before capitals"
        );
        assert!(
            !damage_shaped(b"caf\xe9 au", 3),
            "a small letter of every code page"
        );
        assert!(!damage_shaped(b"\xc3", 0));
    }

    /// A lead byte at a word's start before small letters is a cut when no code page reads it
    /// as a letter of the language (`Ã`, `Ă`, `У` are not Estonian); Romanian writes `ă`, which
    /// windows-1250 makes of C3, and Estonian `Ü` is windows-1257's DC: legacy capitals. Not
    /// inside a word, nor before a capital.
    #[test]
    fn a_cut_at_a_word_start_is_no_letter_of_the_language() {
        let et = ['õ', 'ä', 'ö', 'ü', 'š', 'ž'];
        let mut et = et.to_vec();
        et.sort();
        assert!(cut_at_word_start(b"on \xc3ks kuni", 3, &et, &CAPITALS_IN));
        assert!(cut_at_word_start(b"\xc3htegi", 0, &et, &CAPITALS_IN));
        assert!(!cut_at_word_start(b"on \xdcks", 3, &et, &CAPITALS_IN));
        assert!(!cut_at_word_start(b"on \xc3KS", 3, &et, &CAPITALS_IN));
        assert!(!cut_at_word_start(b"on\xc3ks", 2, &et, &CAPITALS_IN));
        let ro = ['â', 'î', 'ă', 'ș', 'ț'];
        let mut ro = ro.to_vec();
        ro.sort();
        assert!(!cut_at_word_start(
            b"si \xc3ndatoriri",
            3,
            &ro,
            &CAPITALS_IN
        ));
        // A draft's own reading: windows-1255 makes a Hebrew point of it.
        let he = [encoding_rs::WINDOWS_1255];
        assert!(cut_at_word_start(b"si \xc3ndatoriri", 3, &ro, &he));
    }

    #[test]
    fn seed_example_latin1_resume() {
        let v = validate(b"r\xE9sum\xE9");
        assert!(!v.valid);
        assert_eq!(v.invalid_sequences, 2);
        assert_eq!(v.invalid_bytes, 2);
        let first = v.first_invalid.unwrap();
        assert_eq!(first.byte_span, ByteSpan::at(1, 1));
        assert_eq!(
            first.reason,
            "E9 announces a 3-byte sequence, but 73 does not begin with 10"
        );
        assert_eq!(first.bytes_hex, "E9 73");
    }

    #[test]
    fn reasons() {
        assert!(first_reason(b"a\xA9b").contains("continuation byte"));
        assert!(first_reason(b"\xC0\xAF").contains("overlong"));
        assert!(first_reason(b"\xE0\x80\x80").contains("overlong 3-byte"));
        assert!(first_reason(b"\xED\xA0\x80").contains("surrogate"));
        assert!(first_reason(b"\xF4\x90\x80\x80").contains("above U+10FFFF"));
        assert!(first_reason(b"\xF5\x80").contains("above U+10FFFF"));
        assert!(first_reason(b"\xFF").contains("never occurs"));
        assert_eq!(
            first_reason(b"ab\xE2\x82"),
            "E2 announces a 3-byte sequence, but the input ends after 2 bytes"
        );
    }

    #[test]
    fn counts_multibyte_and_ascii() {
        let v = validate("résumé €😀".as_bytes());
        assert!(v.valid);
        assert_eq!(v.multibyte_sequences, 4);
        assert_eq!(v.multibyte_by_length, [2, 1, 1]);
        assert!(!v.is_pure_ascii());
        let a = validate(b"plain ascii");
        assert!(a.valid && a.is_pure_ascii() && a.multibyte_sequences == 0);
    }

    #[test]
    fn truncated_file_is_recognised() {
        let mut b = "Καλημέρα".as_bytes().to_vec();
        b.pop();
        let v = validate(&b);
        assert!(!v.valid);
        assert!(v.is_valid_but_truncated());
        assert!(v.first_invalid.unwrap().reason.contains("input ends"));
    }

    /// Maximal-subpart counting must not depend on where chunks are cut.
    #[test]
    fn chunking_does_not_change_the_verdict() {
        let text = "Ünïcödé 中文 😀 r\u{e9}sum\u{e9}".as_bytes();
        let mut bytes = text.to_vec();
        bytes.extend_from_slice(b"\xE9s\xF0\x9F\x98 x\xC3");
        let whole = validate(&bytes);
        for cut in 1..6 {
            let mut s = Utf8Scanner::new();
            for c in bytes.chunks(cut) {
                s.feed(c);
            }
            let v = s.finish();
            assert_eq!(v.invalid_sequences, whole.invalid_sequences, "cut {cut}");
            assert_eq!(v.invalid_bytes, whole.invalid_bytes, "cut {cut}");
            assert_eq!(
                v.multibyte_sequences, whole.multibyte_sequences,
                "cut {cut}"
            );
            assert_eq!(v.positions, whole.positions, "cut {cut}");
            assert_eq!(
                v.first_invalid.as_ref().map(|f| &f.reason),
                whole.first_invalid.as_ref().map(|f| &f.reason),
                "cut {cut}"
            );
        }
    }

    #[test]
    fn utf16_without_bom() {
        let le: Vec<u8> = "Hello, world. Ça va?"
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        assert_eq!(wide_pattern(&le).unwrap().encoding, "UTF-16LE");
        let be: Vec<u8> = "Привет, мир! Как дела?"
            .encode_utf16()
            .flat_map(|u| u.to_be_bytes())
            .collect();
        assert_eq!(wide_pattern(&be).unwrap().encoding, "UTF-16BE");
        let utf32: Vec<u8> = "plain text here"
            .chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect();
        assert_eq!(wide_pattern(&utf32).unwrap().encoding, "UTF-32LE");
        assert!(wide_pattern(b"plain ASCII text, no NULs at all").is_none());
    }

    fn utf16(text: &str, le: bool) -> Vec<u8> {
        text.encode_utf16()
            .flat_map(|u| if le { u.to_le_bytes() } else { u.to_be_bytes() })
            .collect()
    }

    const ZH: &str =
        "人人生而自由，在尊严和权利上一律平等。他们赋有理性和良心，并应以兄弟关系的精神相对待。";
    const KO: &str = "모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다.";

    #[test]
    fn utf16_without_nul_columns_is_told_by_its_code_units() {
        for (text, le, want) in [
            (ZH, false, "UTF-16BE"),
            (ZH, true, "UTF-16LE"),
            (KO, true, "UTF-16LE"),
            (KO, false, "UTF-16BE"),
        ] {
            let p = wide_pattern(&utf16(text, le)).unwrap_or_else(|| panic!("{want}: {text}"));
            assert_eq!(p.encoding, want, "{text}");
            // The Chinese has no NUL byte at all: only its code units can tell.
            if text == ZH {
                let (t, n) = p.text_units.unwrap();
                assert!(t * 100 >= n * 98, "{t} of {n}");
            }
        }
    }

    #[test]
    fn legacy_cjk_text_is_never_taken_for_utf16() {
        // Their byte pairs read as Han or Hangul units too, but they hold no control byte.
        for (text, enc) in [
            (ZH, encoding_rs::GBK),
            (ZH, encoding_rs::BIG5),
            (KO, encoding_rs::EUC_KR),
            (
                "すべての人間は、生れながらにして自由であり、かつ、尊厳と権利とについて平等である。",
                encoding_rs::SHIFT_JIS,
            ),
            (
                "すべての人間は、生れながらにして自由であり、かつ、尊厳と権利とについて平等である。",
                encoding_rs::EUC_JP,
            ),
        ] {
            let (bytes, _, _) = enc.encode(text);
            assert!(wide_pattern(&bytes).is_none(), "{}", enc.name());
        }
    }

    #[test]
    fn binary_bytes_and_broken_units_are_not_utf16_text() {
        // An unpaired surrogate, control units, bytes of a program.
        let mut lone = utf16(ZH, true);
        lone[10..12].copy_from_slice(&0xD834u16.to_le_bytes());
        assert!(wide_pattern(&lone).is_none());
        let controls: Vec<u8> = (0..64u8).flat_map(|i| [i % 31 + 1, i % 29 + 1]).collect();
        assert!(utf16_by_units(&controls).is_none());
        let program: Vec<u8> = (0..512u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
            .collect();
        assert!(wide_pattern(&program).is_none());
    }
}
