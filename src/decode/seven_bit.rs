//! The 7-bit escape schemes that carry Chinese and Korean text in ASCII bytes — HZ
//! (RFC 1843), ISO-2022-KR (RFC 1557) and ISO-2022-CN (RFC 1922) — which the WHATWG Encoding
//! Standard refuses to decode (their labels read as the replacement encoding).
//!
//! Their bytes are all below 0x80, so every ASCII-compatible decoder, UTF-8 included, reads
//! them "successfully": the index gets `~{J@=gHKH(~}` or `4kGQ9N19` for 世界人权 and 대한민국,
//! and nothing looks wrong. [`detect`] recognises the schemes by their shifts and checks that
//! the shifted bytes decode to Han or Hangul, so that ASCII which merely contains `~{` (TeX,
//! code) is not mistaken for one; [`decode`] reads them, for evidence and for the user.

use crate::span::ByteSpan;
use serde::Serialize;

/// A 7-bit escape scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Scheme {
    /// RFC 1843: `~{` shifts to GB 2312 (both bytes with the high bit cleared), `~}` back;
    /// `~~` is a tilde and `~` at the end of a line joins it to the next.
    #[serde(rename = "HZ-GB-2312")]
    Hz,
    /// RFC 1557: `ESC $ ) C` designates KS X 1001, SO (0x0E) shifts to it, SI (0x0F) back.
    #[serde(rename = "ISO-2022-KR")]
    Iso2022Kr,
    /// RFC 1922: `ESC $ ) A` (GB 2312), `ESC $ ) G` (CNS 11643 plane 1) or `ESC $ ) E`
    /// (ISO-IR-165) designate G1, which SO shifts to; `ESC $ * H` designates CNS 11643 plane
    /// 2 as G2, reached one character at a time by `ESC N`.
    #[serde(rename = "ISO-2022-CN")]
    Iso2022Cn,
}

impl Scheme {
    /// The name a user looks up (the IANA charset name).
    pub fn name(self) -> &'static str {
        match self {
            Scheme::Hz => "HZ-GB-2312",
            Scheme::Iso2022Kr => "ISO-2022-KR",
            Scheme::Iso2022Cn => "ISO-2022-CN",
        }
    }

    /// The RFC that defines it.
    pub fn rfc(self) -> &'static str {
        match self {
            Scheme::Hz => "RFC 1843",
            Scheme::Iso2022Kr => "RFC 1557",
            Scheme::Iso2022Cn => "RFC 1922",
        }
    }

    /// The shift sequences, as a reader would spot them in the bytes.
    pub fn shifts(self) -> &'static str {
        match self {
            Scheme::Hz => "~{ … ~}",
            Scheme::Iso2022Kr => "ESC $ ) C, then SO … SI",
            Scheme::Iso2022Cn => "ESC $ ) A/G/E, then SO … SI",
        }
    }

    /// The character set its shifted bytes are in.
    pub fn charset(self) -> &'static str {
        match self {
            Scheme::Hz => "GB 2312",
            Scheme::Iso2022Kr => "KS X 1001",
            Scheme::Iso2022Cn => "GB 2312 or CNS 11643",
        }
    }
}

/// Bytes read under a 7-bit scheme.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SevenBit {
    pub scheme: Scheme,
    /// From the first shift (or designation) to the end of the last shifted run.
    pub byte_span: ByteSpan,
    /// Shifted runs.
    pub runs: usize,
    /// Double-byte characters read in them.
    pub characters: usize,
    /// Of those, Han, Hangul, kana and CJK punctuation: what real text in the scheme holds.
    pub cjk: usize,
    /// Of those, the common ones: the punctuation rows and GB 2312's level-1 Hanzi (rows
    /// 0x30–0x57, the 3,755 most used) or KS X 1001's Hangul (rows 0x30–0x48). Running text is
    /// mostly these; ASCII that only happens to sit between `~{` and `~}` is not (`~{abcd~}`
    /// reads as level-2 Hanzi, rows 0x61–0x77, from its small letters).
    pub common: usize,
    /// Double-byte characters of a set no decoder here holds (ISO-IR-165, or a CNS 11643 plane
    /// no designation named), shown as U+FFFD.
    pub undecoded: usize,
    /// Shift sequences or pairs that break the scheme's rules, and where the first one is.
    pub faults: usize,
    pub first_fault: Option<u64>,
    /// The first characters of the text from its first shifted run (see [`SevenBit::excerpt`]).
    pub excerpt: String,
    /// The text the bytes hold, read under the scheme.
    #[serde(skip)]
    pub text: String,
}

/// How many characters [`SevenBit::excerpt`] holds.
pub const EXCERPT_CHARS: usize = 40;

/// Up to `n` characters of `text` from its first non-ASCII one, white space collapsed.
fn excerpt(text: &str, n: usize) -> String {
    let start = text
        .char_indices()
        .find(|(_, c)| !c.is_ascii())
        .map_or(0, |(i, _)| i);
    let mut out = String::new();
    let (mut count, mut space) = (0, false);
    for c in text[start..].chars() {
        if count >= n {
            out.push('…');
            break;
        }
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
            count += 1;
        }
        out.push(c);
        count += 1;
    }
    // Short of the window, what follows the last shifted character is ASCII around the text
    // (`</p></body></html>` in a page), not the text.
    if !out.ends_with('…')
        && let Some((i, c)) = out.char_indices().rev().find(|(_, c)| !c.is_ascii())
    {
        out.truncate(i + c.len_utf8());
    }
    out
}

const SO: u8 = 0x0E;
const SI: u8 = 0x0F;

/// The scheme the bytes use, when they are 7-bit text with at least two characters shifted
/// into a double-byte set, the shifted pairs read as CJK text (at least four in five) and
/// mostly common characters (seven in ten, [`SevenBit::common`]), with few faults. `None` for
/// everything else, including ASCII that only happens to hold `~{`.
pub fn detect(bytes: &[u8]) -> Option<SevenBit> {
    // Every scheme shifts with `~` or ESC: most ASCII has neither, and is done with here.
    if memchr::memchr2(b'~', 0x1B, bytes).is_none() || bytes.iter().any(|&b| b >= 0x80) {
        return None;
    }
    let scheme = if find(bytes, b"\x1B$)C").is_some() && bytes.contains(&SO) {
        Scheme::Iso2022Kr
    } else if [&b"\x1B$)A"[..], b"\x1B$)G", b"\x1B$)E", b"\x1B$*H"]
        .iter()
        .any(|d| find(bytes, d).is_some())
        && (bytes.contains(&SO) || find(bytes, b"\x1BN").is_some())
    {
        Scheme::Iso2022Cn
    } else if find(bytes, b"~{").is_some() {
        Scheme::Hz
    } else {
        return None;
    };
    let r = decode(bytes, scheme);
    let read = r.characters - r.undecoded;
    let plausible = r.characters >= 2
        && r.cjk * 5 >= read * 4
        && r.common * 10 >= read * 7
        && r.faults * 10 <= r.characters + r.runs;
    plausible.then_some(r)
}

/// Reads `bytes` under `scheme`, leniently: a fault (an unknown `~` sequence, a pair outside
/// the set, a line ending inside a shifted run) is counted and read as U+FFFD, or as nothing
/// where it only ends a run early.
pub fn decode(bytes: &[u8], scheme: Scheme) -> SevenBit {
    let mut r = Reader::new(scheme);
    let mut st = Stats::default();
    let mut i = 0;
    while i < bytes.len() {
        let unit = r.step(&bytes[i..], true);
        if let Unit::Char(_, 2) = unit
            && r.shifted()
        {
            st.common += usize::from(r.is_common_row(bytes[i]));
        }
        i += st.add(unit, i, &r);
    }
    st.finish(scheme)
}

/// One step of reading a 7-bit scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// An ASCII byte, read as itself.
    Ascii(u8),
    /// A character read from `len` bytes: a shifted pair, or HZ's `~~` for a tilde.
    Char(char, usize),
    /// One character of CNS 11643 plane 2–7 after a single shift (`ESC N` or `ESC O`, 4
    /// bytes), read whether or not a run is shifted.
    Single(char),
    /// Bytes that shift, designate or join lines: no text.
    Shift(usize),
    /// A shifted pair of a set no table here holds (ISO-IR-165), or a single shift to a plane
    /// no designation named: U+FFFD.
    Undecoded(usize),
    /// Bytes that break the scheme's rules: U+FFFD.
    Fault(usize),
    /// A line end inside a shifted run, which ends it (RFC 1843 §2, RFC 1557): no bytes are
    /// consumed, and the line end is read next, in ASCII.
    LineEndsRun,
    /// The bytes end inside a sequence: more input is needed.
    Incomplete,
}

/// What the double-byte set in use is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Set {
    Gb2312,
    Ksc,
    /// CNS 11643 plane 1 ([`crate::decode::euc_tw::cns`]).
    Cns1,
    /// ISO-IR-165 (GB 2312 with additions): recognised, not decoded.
    IsoIr165,
}

/// The state of a reading: shifted or not, and the set SO shifts to.
#[derive(Clone, Debug)]
pub struct Reader {
    scheme: Scheme,
    shifted: bool,
    g1: Option<Set>,
    /// The CNS 11643 plane (3–7) `ESC $ + I`…`M` designated as G3, which `ESC O` reaches (G2 is
    /// always plane 2, `ESC $ * H`).
    g3: Option<u8>,
}

impl Reader {
    pub fn new(scheme: Scheme) -> Self {
        Reader {
            scheme,
            shifted: false,
            g1: (scheme == Scheme::Hz).then_some(Set::Gb2312),
            g3: None,
        }
    }

    /// Whether the reading is inside a shifted run.
    pub fn shifted(&self) -> bool {
        self.shifted
    }

    /// Is a shifted pair whose first byte is `row` in the common part of the set in use (see
    /// [`SevenBit::common`])? CNS 11643 plane 1's are its symbols and its 5,401 level-1 Hanzi.
    fn is_common_row(&self, row: u8) -> bool {
        match self.g1 {
            Some(Set::Cns1) => matches!(row, 0x21..=0x26 | 0x44..=0x7D),
            _ => is_common_row(self.scheme, row),
        }
    }

    /// The next unit of `b` (which starts where the last step ended); `last` says `b` ends
    /// the input, so that a sequence cut off there is a fault rather than incomplete.
    pub fn step(&mut self, b: &[u8], last: bool) -> Unit {
        let Some(&c) = b.first() else {
            return Unit::Incomplete;
        };
        if self.shifted && matches!(c, b'\r' | b'\n') {
            self.shifted = false;
            return Unit::LineEndsRun;
        }
        let unit = match self.scheme {
            Scheme::Hz => self.hz(b),
            Scheme::Iso2022Kr | Scheme::Iso2022Cn => self.iso(b),
        };
        match unit {
            Unit::Incomplete if last => Unit::Fault(b.len()),
            u => u,
        }
    }

    /// RFC 1843.
    fn hz(&mut self, b: &[u8]) -> Unit {
        let (c, next) = (b[0], b.get(1).copied());
        match (self.shifted, c, next) {
            (_, b'~', None) => Unit::Incomplete,
            (false, b'~', Some(b'~')) => Unit::Char('~', 2),
            (false, b'~', Some(b'\n')) => Unit::Shift(2),
            (false, b'~', Some(b'{')) => {
                self.shifted = true;
                Unit::Shift(2)
            }
            (true, b'~', Some(b'}')) => {
                self.shifted = false;
                Unit::Shift(2)
            }
            (false, b'~', _) => Unit::Fault(1),
            (false, c, _) => Unit::Ascii(c),
            (true, _, _) => pair(b, Set::Gb2312),
        }
    }

    /// ISO 2022 as RFC 1557 and RFC 1922 use it.
    fn iso(&mut self, b: &[u8]) -> Unit {
        const ESC: u8 = 0x1B;
        match b[0] {
            ESC => {
                let set = match &b[1..] {
                    [b'$', b')', b'C', ..] => Some(Set::Ksc),
                    [b'$', b')', b'A', ..] => Some(Set::Gb2312),
                    [b'$', b')', b'G', ..] => Some(Set::Cns1),
                    [b'$', b')', b'E', ..] => Some(Set::IsoIr165),
                    // G2 and G3 (CNS 11643 planes 2–7): reached only by single shifts.
                    [b'$', b'*', b'H', ..] => None,
                    [b'$', b'+', p @ b'I'..=b'M', ..] => {
                        self.g3 = Some(p - b'I' + 3);
                        None
                    }
                    // A single shift: one character of CNS 11643 plane 2 (G2 can be no other),
                    // or of G3's plane.
                    [s @ (b'N' | b'O'), x, y, ..] => {
                        if !(0x21..=0x7E).contains(x) || !(0x21..=0x7E).contains(y) {
                            return Unit::Fault(2);
                        }
                        let plane = if *s == b'N' { Some(2) } else { self.g3 };
                        let Some(plane) = plane else {
                            return Unit::Undecoded(4);
                        };
                        return match crate::decode::euc_tw::cns(plane, x | 0x80, y | 0x80) {
                            Some(c) => Unit::Single(c),
                            None => Unit::Fault(4),
                        };
                    }
                    rest if rest.len() < 3 && is_escape_prefix(rest) => return Unit::Incomplete,
                    _ => return Unit::Fault(1),
                };
                if let Some(set) = set {
                    self.g1 = Some(set);
                }
                Unit::Shift(4)
            }
            SO if self.g1.is_some() => {
                self.shifted = true;
                Unit::Shift(1)
            }
            SO => Unit::Fault(1),
            SI => {
                self.shifted = false;
                Unit::Shift(1)
            }
            0x21..=0x7E if self.shifted => pair(b, self.g1.unwrap_or(Set::Ksc)),
            c => Unit::Ascii(c),
        }
    }
}

/// Is a shifted pair whose first byte is `row` in the common part of its set (see
/// [`SevenBit::common`])?
fn is_common_row(scheme: Scheme, row: u8) -> bool {
    match scheme {
        Scheme::Iso2022Kr => matches!(row, 0x21..=0x23 | 0x30..=0x48),
        Scheme::Hz | Scheme::Iso2022Cn => matches!(row, 0x21..=0x23 | 0x30..=0x57),
    }
}

/// Could `rest` (the bytes after an ESC) still become a sequence [`Reader::iso`] knows?
fn is_escape_prefix(rest: &[u8]) -> bool {
    match rest {
        [] | [b'$'] | [b'N' | b'O'] | [b'N' | b'O', 0x21..=0x7E] => true,
        [b'$', x] => matches!(x, b')' | b'*' | b'+'),
        _ => false,
    }
}

/// A shifted pair at the start of `b`, in `set`.
fn pair(b: &[u8], set: Set) -> Unit {
    let c = b[0];
    if !(0x21..=0x7E).contains(&c) {
        // White space and controls stay themselves in a shifted run (ISO 2022 keeps 0x20
        // out of the 94-character sets); DEL is not text.
        return if c < 0x21 {
            Unit::Ascii(c)
        } else {
            Unit::Fault(1)
        };
    }
    let Some(&d) = b.get(1) else {
        return Unit::Incomplete;
    };
    if !(0x21..=0x7E).contains(&d) {
        return Unit::Fault(1);
    }
    let enc = match set {
        Set::Ksc => encoding_rs::EUC_KR,
        Set::Gb2312 => encoding_rs::GBK,
        Set::IsoIr165 => return Unit::Undecoded(2),
        Set::Cns1 => {
            return match crate::decode::euc_tw::cns(1, c | 0x80, d | 0x80) {
                Some(ch) => Unit::Char(ch, 2),
                None => Unit::Fault(2),
            };
        }
    };
    match enc
        .decode_without_bom_handling_and_without_replacement(&[c | 0x80, d | 0x80])
        .and_then(|s| s.chars().next())
    {
        Some(ch) => Unit::Char(ch, 2),
        None => Unit::Fault(2),
    }
}

/// The counts [`decode`] gathers as it reads.
#[derive(Default)]
struct Stats {
    out: String,
    shifted: bool,
    first: Option<u64>,
    last: u64,
    runs: usize,
    characters: usize,
    cjk: usize,
    undecoded: usize,
    common: usize,
    faults: usize,
    first_fault: Option<u64>,
}

impl Stats {
    /// Takes in `unit`, read at byte `at`, with `r` the reader after it; returns the bytes it
    /// consumed.
    fn add(&mut self, unit: Unit, at: usize, r: &Reader) -> usize {
        let before = std::mem::replace(&mut self.shifted, r.shifted());
        match unit {
            Unit::Ascii(c) => {
                self.out.push(c as char);
                1
            }
            Unit::Char(c, n) => {
                if before {
                    self.characters += 1;
                    self.cjk += usize::from(is_cjk(c));
                    self.last = (at + n) as u64;
                }
                self.out.push(c);
                n
            }
            Unit::Shift(n) => {
                if !before && r.shifted() {
                    self.runs += 1;
                    self.first.get_or_insert(at as u64);
                } else if before && !r.shifted() {
                    self.last = (at + n) as u64;
                } else if n == 4 {
                    // A designation starts the span before its first shift.
                    self.first.get_or_insert(at as u64);
                }
                n
            }
            Unit::Single(c) => {
                self.characters += 1;
                self.cjk += usize::from(is_cjk(c));
                self.first.get_or_insert(at as u64);
                self.last = (at + 4) as u64;
                self.out.push(c);
                4
            }
            Unit::Undecoded(n) => {
                self.characters += 1;
                self.undecoded += 1;
                self.first.get_or_insert(at as u64);
                self.last = (at + n) as u64;
                self.out.push('\u{FFFD}');
                n
            }
            Unit::Fault(n) => {
                self.fault(at);
                self.out.push('\u{FFFD}');
                n
            }
            Unit::LineEndsRun => {
                self.fault(at);
                0
            }
            // `decode` passes `last`: never reached, but consume a byte to be sure to end.
            Unit::Incomplete => 1,
        }
    }

    fn fault(&mut self, at: usize) {
        self.faults += 1;
        self.first_fault.get_or_insert(at as u64);
    }

    fn finish(self, scheme: Scheme) -> SevenBit {
        let start = self.first.unwrap_or(0);
        SevenBit {
            scheme,
            byte_span: ByteSpan::new(start, self.last.max(start)),
            runs: self.runs,
            characters: self.characters,
            cjk: self.cjk,
            common: self.common,
            undecoded: self.undecoded,
            faults: self.faults,
            first_fault: self.first_fault,
            excerpt: excerpt(&self.out, EXCERPT_CHARS),
            text: self.out,
        }
    }
}

/// Han, Hangul, kana, CJK punctuation and full-width forms: what the double-byte rows of GB
/// 2312 and KS X 1001 hold for running text (their Greek, Cyrillic and box rows aside).
fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3000..=0x30FF | 0x3130..=0x318F | 0x3200..=0x33FF | 0x4E00..=0x9FFF
        | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFF00..=0xFFEF | 0x2010..=0x2027 | 0x00B7)
}

/// Where `needle` first occurs in `hay` (memchr's substring search: every ASCII input is
/// looked at).
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(hay, needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hz_reads_gb2312_between_the_shifts() {
        // 世界人权宣言 in HZ, with a tilde and a joined line in ASCII.
        let r = detect(b"a~~b ~{J@=gHKH(P{QT~}~\nend").unwrap();
        assert_eq!(r.scheme, Scheme::Hz);
        assert_eq!(r.text, "a~b 世界人权宣言end");
        assert_eq!((r.runs, r.characters, r.cjk, r.faults), (1, 6, 6, 0));
        assert_eq!(r.byte_span, ByteSpan::new(5, 21));
        assert_eq!(excerpt(&r.text, 3), "世界人…");
        assert_eq!(r.excerpt, "世界人权宣言");
        assert_eq!(excerpt("<p>世界 </p>", 40), "世界");
        assert_eq!(excerpt("世界 217A(III) 号", 40), "世界 217A(III) 号");
    }

    #[test]
    fn ascii_with_a_tilde_brace_is_not_hz() {
        assert!(detect(b"\\def\\x~{a} and ~{} in TeX").is_none());
        assert!(detect(b"plain ascii").is_none());
        // Letters that happen to decode, but to Greek and box drawing, not running text.
        assert!(detect(b"~{&A&B&C&D~}").is_none());
        // Small letters between the shifts read as rare (level-2) Hanzi.
        assert!(detect(b"x = ~{abcdefgh~}\n").is_none());
        // Non-ASCII bytes rule every 7-bit scheme out.
        assert!(detect("~{J@=g~} é".as_bytes()).is_none());
    }

    #[test]
    fn a_line_end_inside_a_run_is_a_fault() {
        let r = decode(b"~{J@=g\nHK", Scheme::Hz);
        assert_eq!(r.text, "世界\nHK");
        assert_eq!((r.faults, r.first_fault), (1, Some(6)));
    }

    #[test]
    fn iso_2022_kr_reads_ks_x_1001_between_so_and_si() {
        // 대한민국 헌법 as Python's iso2022_kr writes it.
        let b = b"\x1B$)C\x0E4kGQ9N19\x0F \x0EGe9}\x0F.";
        let r = detect(b).unwrap();
        assert_eq!(r.scheme, Scheme::Iso2022Kr);
        assert_eq!(r.text, "대한민국 헌법.");
        assert_eq!((r.runs, r.characters, r.cjk, r.faults), (2, 6, 6, 0));
        assert_eq!(r.byte_span, ByteSpan::new(0, 21));
    }

    #[test]
    fn iso_2022_cn_reads_gb2312_and_cns_11643() {
        // As glibc's iconv reads them: GB 2312 after `ESC $ ) A`, CNS 11643 plane 1 after
        // `ESC $ ) G`, and one character of plane 2 by the single shift `ESC N`.
        let r = detect(b"\x1B$)A\x0EJ@=g\x0F \x1B$)G\x0EDCXB\x0F \x1B$*H\x1BN!!").unwrap();
        assert_eq!(r.scheme, Scheme::Iso2022Cn);
        assert_eq!(r.text, "世界 刃財 乂");
        assert_eq!((r.characters, r.cjk, r.undecoded, r.faults), (5, 5, 0, 0));
        // ISO-IR-165 is recognised, not read; `ESC O` before any G3 designation names no plane.
        let r = decode(b"\x1B$)E\x0EJ@\x0F \x1BO!!", Scheme::Iso2022Cn);
        assert_eq!(r.text, "\u{FFFD} \u{FFFD}");
        assert_eq!(r.undecoded, 2);
    }

    #[test]
    fn iso_2022_jp_is_not_claimed() {
        // ISO-2022-JP has a WHATWG decoder; its ESC $ B is not a designation here.
        assert!(detect(b"\x1B$B$3$s$K$A$O\x1B(B").is_none());
    }
}
