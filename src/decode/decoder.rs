//! Decoding bytes into text under a chosen encoding, in three error modes, with the byte↔char
//! offset map.
//!
//! * **replace**: each malformed sequence becomes one U+FFFD (WHATWG Encoding §4.1 "error mode
//!   replacement"; for UTF-8 one per maximal subpart, as browsers do).
//! * **ignore**: malformed bytes are dropped, the "silent deletion" failure of the seed.
//! * **strict**: decoding stops at the first malformed sequence, which is reported.
//!
//! Decoders are small state machines (`Engine`) that report what they see to a `Sink`:
//! text copied verbatim, characters decoded from *n* bytes, bytes that produced nothing, and
//! malformed sequences with their offsets. One sink builds text with its [`OffsetMap`]; another
//! only counts errors, so whole-file statistics stream through the same decoders in constant
//! memory. UTF-8, UTF-16 and UTF-32 are decoded here (UTF-32 is absent from encoding_rs);
//! legacy single-byte encodings through a 256-entry table built from encoding_rs; the
//! multi-byte legacy encodings (Shift_JIS, EUC-JP, ISO-2022-JP, GBK, gb18030, Big5, EUC-KR)
//! through encoding_rs itself, fed one byte at a time when exact character spans are needed.

use super::charset::Charset;
use super::offsets::OffsetMap;
use super::{seven_bit, validity};
use crate::error::StrictDecodeError;
use crate::span::ByteSpan;
use encoding_rs::{DecoderResult, Encoding};
use serde::Serialize;

/// What a decoder does with a malformed byte sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ErrorMode {
    /// Substitute U+FFFD, one per malformed sequence (what browsers and most indexers do).
    #[default]
    Replace,
    /// Drop the malformed bytes.
    Ignore,
    /// Stop at the first malformed sequence.
    Strict,
}

/// How many individual error spans a decoding keeps (counts are always exact).
pub const MAX_KEPT_ERRORS: usize = 10_000;

/// One malformed sequence met while decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DecodeError {
    /// The malformed bytes.
    pub byte_span: ByteSpan,
    /// Where in the text the U+FFFD stands (replace) or where the bytes vanished (ignore).
    pub text_offset: usize,
}

/// Text decoded from bytes, with the map back to the bytes.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// The encoding used.
    pub charset: Charset,
    /// The error mode used.
    pub mode: ErrorMode,
    /// The decoded text.
    pub text: String,
    /// For every character of `text`, its input bytes.
    pub map: OffsetMap,
    /// Malformed sequences (the first [`MAX_KEPT_ERRORS`]).
    pub errors: Vec<DecodeError>,
    /// Number of malformed sequences (= U+FFFD inserted in replace mode).
    pub error_count: u64,
    /// Bytes in malformed sequences, all of them (replaced or dropped).
    pub error_bytes: u64,
    /// Bytes dropped (ignore mode).
    pub deleted_bytes: u64,
    /// In strict mode, the first malformed sequence, which ended decoding.
    pub strict_error: Option<StrictDecodeError>,
}

/// Decodes `bytes`, which start at input offset `base`. `last` says the bytes end the input;
/// when false (a sample cut from a longer input) an incomplete sequence at the end is left
/// undecoded rather than reported as an error.
pub fn decode(bytes: &[u8], base: u64, charset: Charset, mode: ErrorMode, last: bool) -> Decoded {
    decode_keeping(bytes, base, charset, mode, last, MAX_KEPT_ERRORS)
}

/// [`decode`], keeping only the first `keep` error spans (the counts stay exact): a candidate
/// reading that is wrong for the bytes (a legacy file read as UTF-8) meets an error every few
/// bytes, and its list of thousands of spans is never shown.
pub fn decode_keeping(
    bytes: &[u8],
    base: u64,
    charset: Charset,
    mode: ErrorMode,
    last: bool,
    keep: usize,
) -> Decoded {
    let mut engine = Engine::new(charset, base, true);
    let mut sink = TextSink::new(base, mode, true, bytes.len());
    sink.keep = keep.min(MAX_KEPT_ERRORS);
    engine.feed(bytes, last, &mut sink);
    let strict_error = sink.strict_at.map(|(offset, len)| {
        let rel = (offset - base) as usize;
        let window = &bytes[rel..bytes.len().min(rel + len + 1)];
        StrictDecodeError {
            encoding: charset.name().to_string(),
            offset,
            reason: explain_error(charset, window, len),
        }
    });
    Decoded {
        charset,
        mode,
        text: sink.text,
        map: sink.map.unwrap_or_default(),
        errors: sink.errors,
        error_count: sink.error_count,
        error_bytes: sink.error_bytes,
        deleted_bytes: sink.deleted,
        strict_error,
    }
}

/// Explains a malformed sequence `window[..len]` (`window[len]` is the next byte, if any).
pub fn explain_error(charset: Charset, window: &[u8], len: usize) -> String {
    if charset == Charset::UTF_8 {
        return validity::explain(window, len, window.len() == len);
    }
    let bytes = validity::hex(&window[..len.min(window.len())]);
    match charset {
        Charset::Utf32Le | Charset::Utf32Be if len == 4 => {
            format!(
                "{bytes} is not a Unicode scalar value in {charset} (above U+10FFFF or a surrogate)"
            )
        }
        c if c.is_wide() && len < c.unit_len() => {
            format!(
                "{bytes}: the input ends inside a {}-byte code unit",
                c.unit_len()
            )
        }
        c if c == Charset::UTF_16LE || c == Charset::UTF_16BE => {
            format!("{bytes} is an unpaired surrogate code unit in {charset}")
        }
        c if c.is_single_byte() => format!("byte {bytes} has no character in {charset}"),
        _ => format!("{bytes} is not a valid sequence in {charset}"),
    }
}

impl Charset {
    /// Code unit size in bytes: 4 for UTF-32, 2 for UTF-16, 1 otherwise.
    pub fn unit_len(&self) -> usize {
        match self {
            Charset::Utf32Le | Charset::Utf32Be => 4,
            c if *c == Charset::UTF_16LE || *c == Charset::UTF_16BE => 2,
            _ => 1,
        }
    }
}

/// Whole-input error statistics of one encoding, gathered in one streaming pass.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DecodeStats {
    /// Malformed sequences: the number of U+FFFD a replace decode inserts.
    pub replacement_chars: u64,
    /// Bytes an ignore decode deletes.
    pub deleted_bytes: u64,
    /// Where a strict decode stops.
    pub first_error_offset: Option<u64>,
    /// The first malformed sequences.
    pub error_spans: Vec<ByteSpan>,
}

/// Counts decoding errors over a stream of chunks in constant memory.
pub struct ErrorCounter {
    engine: Engine,
    sink: CountSink,
}

impl ErrorCounter {
    /// A counter for `charset` whose first byte is at input offset `base`.
    pub fn new(charset: Charset, base: u64) -> Self {
        ErrorCounter {
            engine: Engine::new(charset, base, false),
            sink: CountSink::default(),
        }
    }

    /// Feeds the next chunk; `last` on the final one.
    pub fn feed(&mut self, chunk: &[u8], last: bool) {
        self.engine.feed(chunk, last, &mut self.sink);
    }

    /// The statistics so far.
    pub fn finish(self) -> DecodeStats {
        self.sink.stats
    }
}

/// Decodes a stream chunk by chunk into text pieces without keeping a map; used to write large
/// decodes to an output without holding them in memory.
pub struct StreamDecoder {
    engine: Engine,
    sink: TextSink,
}

impl StreamDecoder {
    /// A streaming decoder for `charset` starting at input offset `base`.
    pub fn new(charset: Charset, base: u64, mode: ErrorMode) -> Self {
        StreamDecoder {
            engine: Engine::new(charset, base, false),
            sink: TextSink::new(base, mode, false, 0),
        }
    }

    /// Decodes the next chunk and returns the text it produced.
    pub fn feed(&mut self, chunk: &[u8], last: bool) -> &str {
        self.sink.text.clear();
        self.engine.feed(chunk, last, &mut self.sink);
        &self.sink.text
    }

    /// Errors met so far (count) and bytes deleted.
    pub fn error_count(&self) -> (u64, u64) {
        (self.sink.error_count, self.sink.deleted)
    }

    /// In strict mode: where decoding stopped.
    pub fn strict_stop(&self) -> Option<(u64, usize)> {
        self.sink.strict_at
    }
}

// ---------------------------------------------------------------------------------------------
// Sinks

/// Receives what a decoder sees, in input order.
trait Sink {
    /// Text whose bytes are the input bytes themselves (ASCII, valid UTF-8).
    fn same(&mut self, s: &str);
    /// Text decoded from the next `src_len` input bytes.
    fn chars(&mut self, s: &str, src_len: usize);
    /// `count` characters of the same UTF-8 length in `s`, each decoded from the next
    /// `src_len` input bytes (a run of a single-byte encoding's letters, one call).
    fn chars_fixed(&mut self, s: &str, count: usize, src_len: usize);
    /// `src_len` input bytes that produced no text (e.g. ISO-2022-JP escapes).
    fn skip(&mut self, src_len: usize);
    /// A malformed sequence of `len` bytes at `offset`. Returns false to stop decoding.
    fn error(&mut self, offset: u64, len: usize) -> bool;
    /// True once decoding must stop.
    fn stopped(&self) -> bool;
}

struct TextSink {
    text: String,
    map: Option<OffsetMap>,
    mode: ErrorMode,
    errors: Vec<DecodeError>,
    /// How many error spans `errors` keeps.
    keep: usize,
    error_count: u64,
    error_bytes: u64,
    deleted: u64,
    strict_at: Option<(u64, usize)>,
}

impl TextSink {
    fn new(base: u64, mode: ErrorMode, with_map: bool, size_hint: usize) -> Self {
        TextSink {
            text: String::with_capacity(size_hint + size_hint / 4),
            map: with_map.then(|| OffsetMap::new(base)),
            mode,
            errors: Vec::new(),
            keep: MAX_KEPT_ERRORS,
            error_count: 0,
            error_bytes: 0,
            deleted: 0,
            strict_at: None,
        }
    }
}

impl Sink for TextSink {
    fn same(&mut self, s: &str) {
        self.text.push_str(s);
        if let Some(m) = &mut self.map {
            m.push_same(s.len());
        }
    }
    fn chars(&mut self, s: &str, src_len: usize) {
        self.text.push_str(s);
        if let Some(m) = &mut self.map {
            m.push_char(src_len as u32, s.len() as u32);
        }
    }
    fn chars_fixed(&mut self, s: &str, count: usize, src_len: usize) {
        self.text.push_str(s);
        if let Some(m) = &mut self.map {
            m.push_chars(src_len as u32, (s.len() / count.max(1)) as u32, count);
        }
    }
    fn skip(&mut self, src_len: usize) {
        if let Some(m) = &mut self.map {
            m.skip_src(src_len as u64);
        }
    }
    fn error(&mut self, offset: u64, len: usize) -> bool {
        if self.mode == ErrorMode::Strict {
            self.strict_at = Some((offset, len));
            return false;
        }
        self.error_count += 1;
        self.error_bytes += len as u64;
        if self.errors.len() < self.keep {
            self.errors.push(DecodeError {
                byte_span: ByteSpan::at(offset, len as u64),
                text_offset: self.text.len(),
            });
        }
        match self.mode {
            ErrorMode::Replace => {
                self.text.push('\u{FFFD}');
                if let Some(m) = &mut self.map {
                    m.push_char(len as u32, 3);
                }
            }
            _ => {
                self.deleted += len as u64;
                if let Some(m) = &mut self.map {
                    m.skip_src(len as u64);
                }
            }
        }
        true
    }
    fn stopped(&self) -> bool {
        self.strict_at.is_some()
    }
}

#[derive(Default)]
struct CountSink {
    stats: DecodeStats,
}

impl Sink for CountSink {
    fn same(&mut self, _: &str) {}
    fn chars(&mut self, _: &str, _: usize) {}
    fn chars_fixed(&mut self, _: &str, _: usize, _: usize) {}
    fn skip(&mut self, _: usize) {}
    fn error(&mut self, offset: u64, len: usize) -> bool {
        let s = &mut self.stats;
        s.replacement_chars += 1;
        s.deleted_bytes += len as u64;
        s.first_error_offset.get_or_insert(offset);
        if s.error_spans.len() < validity::MAX_ERROR_POSITIONS {
            s.error_spans.push(ByteSpan::at(offset, len as u64));
        }
        true
    }
    fn stopped(&self) -> bool {
        false
    }
}

// ---------------------------------------------------------------------------------------------
// Engines

/// A decoding state machine for one encoding.
enum Engine {
    Utf8(Carry),
    SingleByte(&'static SingleByteTable, u64),
    Latin1(u64),
    Utf16 { be: bool, carry: Carry },
    Utf32 { be: bool, carry: Carry },
    SevenBit(seven_bit::Reader, Carry),
    Stepped(crate::decode::Step, Carry),
    Generic(GenericEngine),
}

/// Bytes held back at the end of a chunk because they may begin a character completed by the
/// next chunk; `pos` is the input offset of the first held byte (or of the next chunk).
#[derive(Default)]
struct Carry {
    held: Vec<u8>,
    joined: Vec<u8>,
    pos: u64,
}

impl Carry {
    fn at(pos: u64) -> Self {
        Carry {
            pos,
            ..Default::default()
        }
    }

    /// Runs `f(bytes, pos)` over held bytes + `chunk`; `f` returns how many bytes it consumed;
    /// the rest is held for the next chunk.
    fn run(&mut self, chunk: &[u8], f: impl FnOnce(&[u8], u64) -> usize) {
        if self.held.is_empty() {
            let used = f(chunk, self.pos);
            self.pos += used as u64;
            self.held.extend_from_slice(&chunk[used..]);
        } else {
            let mut joined = std::mem::take(&mut self.joined);
            joined.clear();
            joined.append(&mut self.held);
            joined.extend_from_slice(chunk);
            let used = f(&joined, self.pos);
            self.pos += used as u64;
            self.held.extend_from_slice(&joined[used..]);
            self.joined = joined;
        }
    }
}

impl Engine {
    fn new(charset: Charset, base: u64, precise: bool) -> Engine {
        match charset {
            Charset::Utf32Le => Engine::Utf32 {
                be: false,
                carry: Carry::at(base),
            },
            Charset::Utf32Be => Engine::Utf32 {
                be: true,
                carry: Carry::at(base),
            },
            Charset::Latin1 => Engine::Latin1(base),
            Charset::SevenBit(s) => Engine::SevenBit(seven_bit::Reader::new(s), Carry::at(base)),
            Charset::Oem(p) => Engine::SingleByte(oem_table(p), base),
            Charset::Ebcdic(p) => Engine::SingleByte(ebcdic_table(p), base),
            Charset::Johab => Engine::Stepped(crate::decode::johab::step, Carry::at(base)),
            Charset::EucTw => Engine::Stepped(crate::decode::euc_tw::step, Carry::at(base)),
            Charset::ShiftJis2004 => {
                Engine::Stepped(crate::decode::jis_x_0213::step_sjis, Carry::at(base))
            }
            Charset::EucJis2004 => {
                Engine::Stepped(crate::decode::jis_x_0213::step_euc, Carry::at(base))
            }
            Charset::Whatwg(e) if e == encoding_rs::UTF_8 => Engine::Utf8(Carry::at(base)),
            Charset::Whatwg(e) if e == encoding_rs::UTF_16LE => Engine::Utf16 {
                be: false,
                carry: Carry::at(base),
            },
            Charset::Whatwg(e) if e == encoding_rs::UTF_16BE => Engine::Utf16 {
                be: true,
                carry: Carry::at(base),
            },
            Charset::Whatwg(e) if e.is_single_byte() => {
                Engine::SingleByte(single_byte_table(e), base)
            }
            Charset::Whatwg(e) => Engine::Generic(GenericEngine::new(e, base, precise)),
        }
    }

    fn feed(&mut self, bytes: &[u8], last: bool, sink: &mut dyn Sink) {
        match self {
            Engine::Utf8(carry) => {
                carry.run(bytes, |b, pos| utf8(b, pos, last, sink));
            }
            Engine::SingleByte(table, pos) => {
                *pos += single_byte(table, bytes, *pos, sink) as u64;
            }
            Engine::Latin1(pos) => {
                *pos += latin1(bytes, sink) as u64;
            }
            Engine::Utf16 { be, carry } => {
                let be = *be;
                carry.run(bytes, |b, pos| utf16(b, pos, be, last, sink));
            }
            Engine::Utf32 { be, carry } => {
                let be = *be;
                carry.run(bytes, |b, pos| utf32(b, pos, be, last, sink));
            }
            Engine::SevenBit(reader, carry) => {
                carry.run(bytes, |b, pos| {
                    seven_bit_engine::units(reader, b, pos, last, sink)
                });
            }
            Engine::Stepped(step, carry) => {
                let step = *step;
                carry.run(bytes, |b, pos| {
                    stepped_engine::units(step, b, pos, last, sink)
                });
            }
            Engine::Generic(g) => g.feed(bytes, last, sink),
        }
    }
}

/// UTF-8 (RFC 3629), one error per maximal subpart. Returns bytes consumed.
fn utf8(bytes: &[u8], pos: u64, last: bool, sink: &mut dyn Sink) -> usize {
    let mut i = 0;
    while i < bytes.len() {
        match simdutf8::compat::from_utf8(&bytes[i..]) {
            Ok(s) => {
                sink.same(s);
                return bytes.len();
            }
            Err(e) => {
                let good = e.valid_up_to();
                // SAFETY-free: from_utf8 just validated this prefix.
                sink.same(std::str::from_utf8(&bytes[i..i + good]).unwrap_or_default());
                i += good;
                let n = match e.error_len() {
                    Some(n) => n,
                    None if last => bytes.len() - i,
                    None => return i,
                };
                if !sink.error(pos + i as u64, n) {
                    return i;
                }
                i += n;
            }
        }
    }
    i
}

fn latin1(bytes: &[u8], sink: &mut dyn Sink) -> usize {
    let mut buf = [0u8; 4];
    let mut i = 0;
    while i < bytes.len() {
        let ascii_end = bytes[i..]
            .iter()
            .position(|&b| b >= 0x80)
            .map_or(bytes.len(), |p| i + p);
        if ascii_end > i {
            sink.same(std::str::from_utf8(&bytes[i..ascii_end]).unwrap_or_default());
            i = ascii_end;
            continue;
        }
        sink.chars(char::from(bytes[i]).encode_utf8(&mut buf), 1);
        i += 1;
    }
    i
}

/// UTF-16 per the WHATWG "shared UTF-16 decoder": an unpaired surrogate is one error of two
/// bytes; a lead surrogate followed by a non-trail unit is an error and the unit is re-read.
fn utf16(bytes: &[u8], pos: u64, be: bool, last: bool, sink: &mut dyn Sink) -> usize {
    let unit = |i: usize| -> u16 {
        let pair = [bytes[i], bytes[i + 1]];
        if be {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    };
    let mut buf = [0u8; 4];
    let mut i = 0;
    while i + 1 < bytes.len() {
        let u = unit(i);
        match u {
            0xD800..=0xDBFF => {
                if i + 3 >= bytes.len() {
                    if !last {
                        return i;
                    }
                    // A lead surrogate at the end of the input, with or without one more odd
                    // byte: one error (WHATWG Encoding §14.2.1, end-of-queue).
                    let n = bytes.len() - i;
                    if !sink.error(pos + i as u64, n) {
                        return i;
                    }
                    return bytes.len();
                }
                let t = unit(i + 2);
                if (0xDC00..=0xDFFF).contains(&t) {
                    let c = 0x10000 + (((u as u32) - 0xD800) << 10) + ((t as u32) - 0xDC00);
                    let c = char::from_u32(c).unwrap_or('\u{FFFD}');
                    sink.chars(c.encode_utf8(&mut buf), 4);
                    i += 4;
                } else {
                    if !sink.error(pos + i as u64, 2) {
                        return i;
                    }
                    i += 2;
                }
            }
            0xDC00..=0xDFFF => {
                if !sink.error(pos + i as u64, 2) {
                    return i;
                }
                i += 2;
            }
            _ => {
                let c = char::from_u32(u as u32).unwrap_or('\u{FFFD}');
                sink.chars(c.encode_utf8(&mut buf), 2);
                i += 2;
            }
        }
    }
    if i < bytes.len() && last {
        // An odd byte at the end of the input.
        if sink.error(pos + i as u64, bytes.len() - i) {
            i = bytes.len();
        }
    }
    i
}

/// UTF-32 (Unicode §3.9, D90): each 4-byte unit is a scalar value or one error.
fn utf32(bytes: &[u8], pos: u64, be: bool, last: bool, sink: &mut dyn Sink) -> usize {
    let mut buf = [0u8; 4];
    let mut i = 0;
    while i + 3 < bytes.len() {
        let q = [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]];
        let v = if be {
            u32::from_be_bytes(q)
        } else {
            u32::from_le_bytes(q)
        };
        match char::from_u32(v) {
            Some(c) => sink.chars(c.encode_utf8(&mut buf), 4),
            None => {
                if !sink.error(pos + i as u64, 4) {
                    return i;
                }
            }
        }
        i += 4;
    }
    if i < bytes.len() && last && sink.error(pos + i as u64, bytes.len() - i) {
        i = bytes.len();
    }
    i
}

/// The multi-byte legacy encodings, through encoding_rs's own decoders.
struct GenericEngine {
    decoder: encoding_rs::Decoder,
    /// Feed one byte at a time so every character gets its exact bytes.
    precise: bool,
    /// Offset of the first byte not yet attributed to any character or error.
    attributed: u64,
    /// Offset of the next byte to feed.
    fed: u64,
    /// Bytes after the last malformed sequence that the decoder read and hands back to be
    /// read again (WHATWG "prepend": ISO-2022-JP's `ESC $` before another ESC gives back the
    /// `$`): they start at `attributed`, whatever else was read after them.
    handed_back: u64,
    scratch: String,
}

impl GenericEngine {
    fn new(enc: &'static Encoding, base: u64, precise: bool) -> Self {
        GenericEngine {
            decoder: enc.new_decoder_without_bom_handling(),
            precise,
            attributed: base,
            fed: base,
            handed_back: 0,
            scratch: String::new(),
        }
    }

    fn feed(&mut self, bytes: &[u8], last: bool, sink: &mut dyn Sink) {
        if self.precise {
            for i in 0..bytes.len() {
                if sink.stopped() {
                    return;
                }
                self.step(&bytes[i..i + 1], last && i + 1 == bytes.len(), sink);
            }
            if bytes.is_empty() && last {
                self.step(&[], true, sink);
            }
        } else {
            self.step(bytes, last, sink);
        }
    }

    /// Decodes `src` completely, reporting output and errors to the sink.
    fn step(&mut self, mut src: &[u8], last: bool, sink: &mut dyn Sink) {
        loop {
            self.scratch.clear();
            let need = self
                .decoder
                .max_utf8_buffer_length_without_replacement(src.len())
                .unwrap_or(src.len() * 4 + 16)
                .max(16);
            self.scratch.reserve(need);
            let (res, read) =
                self.decoder
                    .decode_to_string_without_replacement(src, &mut self.scratch, last);
            self.fed += read as u64;
            src = &src[read..];
            match res {
                DecoderResult::InputEmpty => {
                    self.flush_output(sink, self.fed, last);
                    return;
                }
                DecoderResult::OutputFull => {
                    self.flush_output(sink, self.fed, false);
                }
                DecoderResult::Malformed(bad, after) => {
                    let err_start = self.fed - after as u64 - bad as u64;
                    self.flush_output(sink, err_start, true);
                    if err_start > self.attributed {
                        sink.skip((err_start - self.attributed) as usize);
                    }
                    if !sink.error(err_start, bad as usize) {
                        return;
                    }
                    self.attributed = err_start + bad as u64;
                    self.handed_back = after as u64;
                    if src.is_empty() && !last {
                        return;
                    }
                    if src.is_empty() && last {
                        // Flush any state left after the error.
                        continue;
                    }
                }
            }
        }
    }

    /// Attributes the text in `scratch` to the bytes up to `upto`. When `complete` is false
    /// and nothing was output, the fed bytes stay pending (a character is still incomplete).
    fn flush_output(&mut self, sink: &mut dyn Sink, upto: u64, complete: bool) {
        if self.scratch.is_empty() {
            if complete && upto > self.attributed && !self.precise {
                // Bulk mode: bytes that produced nothing yet (escapes) are skipped.
                sink.skip((upto - self.attributed) as usize);
                self.attributed = upto;
            }
            return;
        }
        let mut text = std::mem::take(&mut self.scratch);
        // Bytes handed back after an error, read again as ASCII: each is its own character at
        // its own offset, before any byte read after them (which may still be pending).
        let back = std::mem::take(&mut self.handed_back) as usize;
        if back > 0 && text.is_ascii() {
            let k = back.min(text.len());
            sink.same(&text[..k]);
            self.attributed += k as u64;
            text.drain(..k);
            if text.is_empty() {
                self.scratch = text;
                return;
            }
        }
        let src_len = upto.saturating_sub(self.attributed) as usize;
        if text.is_ascii() && text.len() == src_len {
            // ASCII bytes handed back by the decoder after an error (WHATWG "prepend"): each
            // is its own character.
            sink.same(&text);
        } else {
            sink.chars(&text, src_len.max(1));
        }
        self.scratch = text;
        self.scratch.clear();
        self.attributed = upto;
    }
}

mod seven_bit_engine;
mod single_byte;
pub use single_byte::{SingleByteTable, single_byte_table_of, table_for};
use single_byte::{ebcdic_table, oem_table, single_byte, single_byte_table};
mod stepped_engine;

#[cfg(test)]
mod tests;
