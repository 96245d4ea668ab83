//! The set of encodings the tool can decode, and how labels resolve to them.
//!
//! Labels resolve by the WHATWG Encoding Standard (`Encoding::for_label`), so `latin1` means
//! windows-1252 exactly as it does in a browser; the report says when such a remap happens.
//! Two families outside that standard are decoded by this tool itself: UTF-32 (BOMs exist in
//! the wild; encoding_rs deliberately lacks it) and true ISO-8859-1 (C1 controls kept at
//! 0x80–0x9F), which mojibake analysis needs because Python's and Java's `latin-1` codecs
//! produce it. And DOS and Mac code pages (from the `oem_cp` tables, and `pages.rs`): a
//! Windows console shows UTF-8 through IBM437 and IBM850 (`╨ƒ╤Ç╨╕╨▓╨╡╤é` for `Привет`), and
//! mojibake repair must read that back; DOS-era Cyrillic text files are in IBM855, which the
//! likely verdict names; the other DOS and Mac pages (IBM737 Greek, IBM857 Turkish, IBM862
//! Hebrew, Mac Greek, Turkish, Icelandic, Romanian, Croatian…) are decoded where a label names
//! them (an XML declaration, `--encoding`), as Python, ICU and iconv do. And the EBCDIC pages
//! of the Latin-1 repertoire (`ebcdic.rs`): mainframe text, which no WHATWG decoder reads.

use crate::decode::ebcdic::EbcdicPage;
use crate::decode::seven_bit::Scheme;
use crate::error::UnknownLabel;
use encoding_rs::Encoding;
use serde::{Serialize, Serializer};
use std::fmt;

/// An encoding the tool can decode.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Charset {
    /// An encoding of the WHATWG Encoding Standard, decoded by encoding_rs.
    Whatwg(&'static Encoding),
    /// UTF-32, little-endian.
    Utf32Le,
    /// UTF-32, big-endian.
    Utf32Be,
    /// ISO-8859-1 as ISO defines it: every byte is the code point of the same value, so
    /// 0x80–0x9F become C1 controls (unlike windows-1252).
    Latin1,
    /// A DOS ("OEM") code page outside the WHATWG standard.
    Oem(OemPage),
    /// HZ, ISO-2022-KR or ISO-2022-CN: Chinese or Korean in 7-bit shifts, which WHATWG maps to
    /// replacement. No label reaches it; only the likely verdict names it
    /// ([`crate::decode::seven_bit`]).
    SevenBit(Scheme),
    /// Johab (code page 1361): Korean with Hangul composed from jamo bits, which WHATWG does not
    /// decode ([`crate::decode::johab`]).
    Johab,
    /// EUC-TW: Traditional Chinese in CNS 11643, which WHATWG does not decode
    /// ([`crate::decode::euc_tw`]).
    EucTw,
    /// Shift_JIS-2004 and EUC-JIS-2004: Japanese in JIS X 0213, whose kanji beyond JIS X 0208
    /// WHATWG's Shift_JIS and EUC-JP leave undecoded ([`crate::decode::jis_x_0213`]).
    ShiftJis2004,
    EucJis2004,
    /// An EBCDIC code page of the Latin-1 repertoire (IBM037, IBM500, IBM1047, IBM273…): text
    /// from IBM mainframes, no byte of which means what it does in ASCII
    /// ([`crate::decode::ebcdic`]).
    Ebcdic(EbcdicPage),
}

/// The single-byte code pages outside WHATWG that the tool decodes (each byte one character;
/// ASCII below 0x80): DOS ("OEM") pages, and Mac Central European.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OemPage {
    /// IBM437, the original IBM PC and US Windows console code page (box drawing, Greek).
    Cp437,
    /// IBM850, DOS Latin-1 (Western European consoles).
    Cp850,
    /// IBM852, DOS Latin-2 (Central European consoles).
    Cp852,
    /// IBM855, DOS Cyrillic (Serbian, Macedonian, Bulgarian and Russian text of the DOS era;
    /// each letter's capital beside it, box drawing between).
    Cp855,
    /// IBM865, DOS Nordic (IBM437 with `ø` and `Ø` for `¢` and `¥`).
    Cp865,
    /// Mac OS Central European (Apple's `CENTEURO.TXT`; Mozilla's `x-mac-ce`, Python's
    /// `mac_latin2`): Polish, Czech, Slovak, Hungarian, Slovene and Baltic text from Macs.
    MacCentralEurope,
    /// VISCII (RFC 1456): Vietnamese with every precomposed letter one byte, the whole high
    /// half and six C0 controls (02 05 06 14 19 1E) given to letters.
    Viscii,
    /// IBM737, DOS Greek.
    Cp737,
    /// IBM775, DOS Baltic Rim (Lithuanian, Latvian, Estonian).
    Cp775,
    /// IBM857, DOS Turkish (0xD5, 0xE7 and 0xF2 undefined).
    Cp857,
    /// IBM860, DOS Portuguese.
    Cp860,
    /// IBM861, DOS Icelandic.
    Cp861,
    /// IBM862, DOS Hebrew (often in visual order: the letters of a line stored right to left).
    Cp862,
    /// IBM863, DOS Canadian French.
    Cp863,
    /// CP1125 (RUSCII), DOS Ukrainian: IBM866 with Ґ, Є, І and Ї.
    Cp1125,
    /// Mac OS Greek.
    MacGreek,
    /// Mac OS Turkish.
    MacTurkish,
    /// Mac OS Icelandic.
    MacIcelandic,
    /// Mac OS Romanian.
    MacRomanian,
    /// Mac OS Croatian.
    MacCroatian,
    /// IBM856, DOS Hebrew (IBM's; the letters at 0x80–0x9A, most other high bytes undefined).
    Cp856,
    /// IBM864, DOS Arabic: the letters' presentation forms (shaped as displayed), Arabic
    /// digits, box drawing; byte 0x25 is the Arabic percent sign `٪`.
    Cp864,
    /// KOI8-T, Tajik Cyrillic: KOI8-R's letters with Ғ, Ӣ, Қ, Ӯ, Ҳ and Ҷ in the high punctuation.
    Koi8T,
    /// TCVN 5712:1993 (VN1), Vietnam's national standard: precomposed letters in the high half
    /// and twelve C0 controls, and five tone marks (B0–B4) that combine with the letter before.
    Tcvn,
}

impl OemPage {
    /// Every page, in the order of [`OemPage::index`].
    pub const ALL: [OemPage; 24] = [
        OemPage::Cp437,
        OemPage::Cp850,
        OemPage::Cp852,
        OemPage::Cp855,
        OemPage::Cp865,
        OemPage::MacCentralEurope,
        OemPage::Viscii,
        OemPage::Cp737,
        OemPage::Cp775,
        OemPage::Cp857,
        OemPage::Cp860,
        OemPage::Cp861,
        OemPage::Cp862,
        OemPage::Cp863,
        OemPage::Cp1125,
        OemPage::MacGreek,
        OemPage::MacTurkish,
        OemPage::MacIcelandic,
        OemPage::MacRomanian,
        OemPage::MacCroatian,
        OemPage::Cp856,
        OemPage::Cp864,
        OemPage::Koi8T,
        OemPage::Tcvn,
    ];

    /// The page's place in [`OemPage::ALL`] (a slot in per-page caches).
    pub fn index(self) -> usize {
        OemPage::ALL.iter().position(|&p| p == self).unwrap_or(0)
    }
}

/// Mac OS Central European, bytes 0x80–0xFF: Apple's `CENTEURO.TXT` from Unicode's vendor
/// mappings (equal to Python's `mac_latin2`, byte for byte).
const MAC_CENTRAL_EUROPE: [char; 128] = [
    '\u{00C4}', '\u{0100}', '\u{0101}', '\u{00C9}', '\u{0104}', '\u{00D6}', '\u{00DC}', '\u{00E1}',
    '\u{0105}', '\u{010C}', '\u{00E4}', '\u{010D}', '\u{0106}', '\u{0107}', '\u{00E9}', '\u{0179}',
    '\u{017A}', '\u{010E}', '\u{00ED}', '\u{010F}', '\u{0112}', '\u{0113}', '\u{0116}', '\u{00F3}',
    '\u{0117}', '\u{00F4}', '\u{00F6}', '\u{00F5}', '\u{00FA}', '\u{011A}', '\u{011B}', '\u{00FC}',
    '\u{2020}', '\u{00B0}', '\u{0118}', '\u{00A3}', '\u{00A7}', '\u{2022}', '\u{00B6}', '\u{00DF}',
    '\u{00AE}', '\u{00A9}', '\u{2122}', '\u{0119}', '\u{00A8}', '\u{2260}', '\u{0123}', '\u{012E}',
    '\u{012F}', '\u{012A}', '\u{2264}', '\u{2265}', '\u{012B}', '\u{0136}', '\u{2202}', '\u{2211}',
    '\u{0142}', '\u{013B}', '\u{013C}', '\u{013D}', '\u{013E}', '\u{0139}', '\u{013A}', '\u{0145}',
    '\u{0146}', '\u{0143}', '\u{00AC}', '\u{221A}', '\u{0144}', '\u{0147}', '\u{2206}', '\u{00AB}',
    '\u{00BB}', '\u{2026}', '\u{00A0}', '\u{0148}', '\u{0150}', '\u{00D5}', '\u{0151}', '\u{014C}',
    '\u{2013}', '\u{2014}', '\u{201C}', '\u{201D}', '\u{2018}', '\u{2019}', '\u{00F7}', '\u{25CA}',
    '\u{014D}', '\u{0154}', '\u{0155}', '\u{0158}', '\u{2039}', '\u{203A}', '\u{0159}', '\u{0156}',
    '\u{0157}', '\u{0160}', '\u{201A}', '\u{201E}', '\u{0161}', '\u{015A}', '\u{015B}', '\u{00C1}',
    '\u{0164}', '\u{0165}', '\u{00CD}', '\u{017D}', '\u{017E}', '\u{016A}', '\u{00D3}', '\u{00D4}',
    '\u{016B}', '\u{016E}', '\u{00DA}', '\u{016F}', '\u{0170}', '\u{0171}', '\u{0172}', '\u{0173}',
    '\u{00DD}', '\u{00FD}', '\u{0137}', '\u{017B}', '\u{0141}', '\u{017C}', '\u{0122}', '\u{02C7}',
];

/// VISCII, bytes 0x80–0xFF (RFC 1456's table; equal to glibc iconv's `VISCII`, byte for byte).
const VISCII: [char; 128] = [
    '\u{1EA0}', '\u{1EAE}', '\u{1EB0}', '\u{1EB6}', '\u{1EA4}', '\u{1EA6}', '\u{1EA8}', '\u{1EAC}',
    '\u{1EBC}', '\u{1EB8}', '\u{1EBE}', '\u{1EC0}', '\u{1EC2}', '\u{1EC4}', '\u{1EC6}', '\u{1ED0}',
    '\u{1ED2}', '\u{1ED4}', '\u{1ED6}', '\u{1ED8}', '\u{1EE2}', '\u{1EDA}', '\u{1EDC}', '\u{1EDE}',
    '\u{1ECA}', '\u{1ECE}', '\u{1ECC}', '\u{1EC8}', '\u{1EE6}', '\u{0168}', '\u{1EE4}', '\u{1EF2}',
    '\u{00D5}', '\u{1EAF}', '\u{1EB1}', '\u{1EB7}', '\u{1EA5}', '\u{1EA7}', '\u{1EA9}', '\u{1EAD}',
    '\u{1EBD}', '\u{1EB9}', '\u{1EBF}', '\u{1EC1}', '\u{1EC3}', '\u{1EC5}', '\u{1EC7}', '\u{1ED1}',
    '\u{1ED3}', '\u{1ED5}', '\u{1ED7}', '\u{1EE0}', '\u{01A0}', '\u{1ED9}', '\u{1EDD}', '\u{1EDF}',
    '\u{1ECB}', '\u{1EF0}', '\u{1EE8}', '\u{1EEA}', '\u{1EEC}', '\u{01A1}', '\u{1EDB}', '\u{01AF}',
    '\u{00C0}', '\u{00C1}', '\u{00C2}', '\u{00C3}', '\u{1EA2}', '\u{0102}', '\u{1EB3}', '\u{1EB5}',
    '\u{00C8}', '\u{00C9}', '\u{00CA}', '\u{1EBA}', '\u{00CC}', '\u{00CD}', '\u{0128}', '\u{1EF3}',
    '\u{0110}', '\u{1EE9}', '\u{00D2}', '\u{00D3}', '\u{00D4}', '\u{1EA1}', '\u{1EF7}', '\u{1EEB}',
    '\u{1EED}', '\u{00D9}', '\u{00DA}', '\u{1EF9}', '\u{1EF5}', '\u{00DD}', '\u{1EE1}', '\u{01B0}',
    '\u{00E0}', '\u{00E1}', '\u{00E2}', '\u{00E3}', '\u{1EA3}', '\u{0103}', '\u{1EEF}', '\u{1EAB}',
    '\u{00E8}', '\u{00E9}', '\u{00EA}', '\u{1EBB}', '\u{00EC}', '\u{00ED}', '\u{0129}', '\u{1EC9}',
    '\u{0111}', '\u{1EF1}', '\u{00F2}', '\u{00F3}', '\u{00F4}', '\u{00F5}', '\u{1ECF}', '\u{1ECD}',
    '\u{1EE5}', '\u{00F9}', '\u{00FA}', '\u{0169}', '\u{1EE7}', '\u{00FD}', '\u{1EE3}', '\u{1EEE}',
];

/// VISCII's capital letters in the C0 range (RFC 1456): Ẳ Ẵ Ẫ Ỷ Ỹ Ỵ.
const VISCII_LOW: [(u8, char); 6] = [
    (0x02, '\u{1EB2}'),
    (0x05, '\u{1EB4}'),
    (0x06, '\u{1EAA}'),
    (0x14, '\u{1EF6}'),
    (0x19, '\u{1EF8}'),
    (0x1E, '\u{1EF4}'),
];

/// TCVN 5712:1993 (VN1), bytes 0x80–0xFF: glibc's `TCVN5712-1` charmap, its one-byte entries.
/// B0–B4 are the combining grave, hook above, tilde, acute and dot below, kept as combining
/// marks after their letter (glibc's iconv composes them with it; NFC, in the normalisation
/// pipeline, gives the same text).
const TCVN: [char; 128] = [
    '\u{00C0}', '\u{1EA2}', '\u{00C3}', '\u{00C1}', '\u{1EA0}', '\u{1EB6}', '\u{1EAC}', '\u{00C8}',
    '\u{1EBA}', '\u{1EBC}', '\u{00C9}', '\u{1EB8}', '\u{1EC6}', '\u{00CC}', '\u{1EC8}', '\u{0128}',
    '\u{00CD}', '\u{1ECA}', '\u{00D2}', '\u{1ECE}', '\u{00D5}', '\u{00D3}', '\u{1ECC}', '\u{1ED8}',
    '\u{1EDC}', '\u{1EDE}', '\u{1EE0}', '\u{1EDA}', '\u{1EE2}', '\u{00D9}', '\u{1EE6}', '\u{0168}',
    '\u{00A0}', '\u{0102}', '\u{00C2}', '\u{00CA}', '\u{00D4}', '\u{01A0}', '\u{01AF}', '\u{0110}',
    '\u{0103}', '\u{00E2}', '\u{00EA}', '\u{00F4}', '\u{01A1}', '\u{01B0}', '\u{0111}', '\u{1EB0}',
    '\u{0300}', '\u{0309}', '\u{0303}', '\u{0301}', '\u{0323}', '\u{00E0}', '\u{1EA3}', '\u{00E3}',
    '\u{00E1}', '\u{1EA1}', '\u{1EB2}', '\u{1EB1}', '\u{1EB3}', '\u{1EB5}', '\u{1EAF}', '\u{1EB4}',
    '\u{1EAE}', '\u{1EA6}', '\u{1EA8}', '\u{1EAA}', '\u{1EA4}', '\u{1EC0}', '\u{1EB7}', '\u{1EA7}',
    '\u{1EA9}', '\u{1EAB}', '\u{1EA5}', '\u{1EAD}', '\u{00E8}', '\u{1EC2}', '\u{1EBB}', '\u{1EBD}',
    '\u{00E9}', '\u{1EB9}', '\u{1EC1}', '\u{1EC3}', '\u{1EC5}', '\u{1EBF}', '\u{1EC7}', '\u{00EC}',
    '\u{1EC9}', '\u{1EC4}', '\u{1EBE}', '\u{1ED2}', '\u{0129}', '\u{00ED}', '\u{1ECB}', '\u{00F2}',
    '\u{1ED4}', '\u{1ECF}', '\u{00F5}', '\u{00F3}', '\u{1ECD}', '\u{1ED3}', '\u{1ED5}', '\u{1ED7}',
    '\u{1ED1}', '\u{1ED9}', '\u{1EDD}', '\u{1EDF}', '\u{1EE1}', '\u{1EDB}', '\u{1EE3}', '\u{00F9}',
    '\u{1ED6}', '\u{1EE7}', '\u{0169}', '\u{00FA}', '\u{1EE5}', '\u{1EEB}', '\u{1EED}', '\u{1EEF}',
    '\u{1EE9}', '\u{1EF1}', '\u{1EF3}', '\u{1EF7}', '\u{1EF9}', '\u{00FD}', '\u{1EF5}', '\u{1ED0}',
];
/// TCVN 5712's capital letters in the C0 range (glibc's charmap): Ú Ụ Ừ Ử Ữ Ứ Ự Ỳ Ỷ Ỹ Ý Ỵ.
const TCVN_LOW: [(u8, char); 12] = [
    (0x01, '\u{00DA}'),
    (0x02, '\u{1EE4}'),
    (0x04, '\u{1EEA}'),
    (0x05, '\u{1EEC}'),
    (0x06, '\u{1EEE}'),
    (0x11, '\u{1EE8}'),
    (0x12, '\u{1EF0}'),
    (0x13, '\u{1EF2}'),
    (0x14, '\u{1EF6}'),
    (0x15, '\u{1EF8}'),
    (0x16, '\u{00DD}'),
    (0x17, '\u{1EF4}'),
];

impl OemPage {
    /// The IANA name.
    pub fn name(self) -> &'static str {
        match self {
            OemPage::Cp437 => "IBM437",
            OemPage::Cp850 => "IBM850",
            OemPage::Cp852 => "IBM852",
            OemPage::Cp855 => "IBM855",
            OemPage::Cp865 => "IBM865",
            OemPage::MacCentralEurope => "x-mac-ce",
            OemPage::Viscii => "VISCII",
            OemPage::Cp737 => "IBM737",
            OemPage::Cp775 => "IBM775",
            OemPage::Cp857 => "IBM857",
            OemPage::Cp860 => "IBM860",
            OemPage::Cp861 => "IBM861",
            OemPage::Cp862 => "IBM862",
            OemPage::Cp863 => "IBM863",
            OemPage::Cp1125 => "CP1125",
            OemPage::MacGreek => "x-mac-greek",
            OemPage::MacTurkish => "x-mac-turkish",
            OemPage::MacIcelandic => "x-mac-icelandic",
            OemPage::MacRomanian => "x-mac-romanian",
            OemPage::MacCroatian => "x-mac-croatian",
            OemPage::Cp856 => "IBM856",
            OemPage::Cp864 => "IBM864",
            OemPage::Koi8T => "KOI8-T",
            OemPage::Tcvn => "TCVN5712-1",
        }
    }

    /// The characters of bytes 0x80–0xFF; U+FFFD for a byte the page leaves undefined
    /// ([`OemPage::is_undefined`]).
    pub fn high_half(self) -> &'static [char; 128] {
        use super::pages::*;
        use oem_cp::code_table::*;
        match self {
            OemPage::Cp437 => &DECODING_TABLE_CP437,
            OemPage::Cp850 => &DECODING_TABLE_CP850,
            OemPage::Cp852 => &DECODING_TABLE_CP852,
            OemPage::Cp855 => &DECODING_TABLE_CP855,
            OemPage::Cp865 => &DECODING_TABLE_CP865,
            OemPage::MacCentralEurope => &MAC_CENTRAL_EUROPE,
            OemPage::Viscii => &VISCII,
            OemPage::Cp737 => &DECODING_TABLE_CP737,
            OemPage::Cp775 => &DECODING_TABLE_CP775,
            OemPage::Cp857 => &CP857,
            OemPage::Cp860 => &DECODING_TABLE_CP860,
            OemPage::Cp861 => &DECODING_TABLE_CP861,
            OemPage::Cp862 => &DECODING_TABLE_CP862,
            OemPage::Cp863 => &DECODING_TABLE_CP863,
            OemPage::Cp1125 => &CP1125,
            OemPage::MacGreek => &MAC_GREEK,
            OemPage::MacTurkish => &MAC_TURKISH,
            OemPage::MacIcelandic => &MAC_ICELANDIC,
            OemPage::MacRomanian => &MAC_ROMANIAN,
            OemPage::MacCroatian => &MAC_CROATIAN,
            OemPage::Cp856 => &CP856,
            OemPage::Cp864 => &CP864,
            OemPage::Koi8T => &KOI8_T,
            OemPage::Tcvn => &TCVN,
        }
    }

    /// Whether byte `b` is one the page leaves undefined (IBM857's 0xD5, 0xE7, 0xF2): decoded
    /// as an error, never produced by encoding.
    pub fn is_undefined(self, b: u8) -> bool {
        b >= 0x80 && self.high_half()[usize::from(b - 0x80)] == '\u{FFFD}'
    }

    /// The bytes below 0x80 that are not ASCII: letters rather than controls (VISCII's six,
    /// TCVN 5712's twelve),
    /// IBM864's `٪` for `%`; every other byte below 0x80 is ASCII.
    pub fn low_letters(self) -> &'static [(u8, char)] {
        match self {
            OemPage::Viscii => &VISCII_LOW,
            OemPage::Tcvn => &TCVN_LOW,
            OemPage::Cp864 => &super::pages::CP864_LOW,
            _ => &[],
        }
    }

    /// The character of byte `b` (U+FFFD for a byte the page leaves undefined).
    pub fn char_of(self, b: u8) -> char {
        if b >= 0x80 {
            self.high_half()[usize::from(b - 0x80)]
        } else {
            self.low_letters()
                .iter()
                .find(|&&(x, _)| x == b)
                .map_or(char::from(b), |&(_, c)| c)
        }
    }

    /// The byte of `c`, if the page has it.
    pub fn byte_of(self, c: char) -> Option<u8> {
        if let Some(&(b, _)) = self.low_letters().iter().find(|&&(_, x)| x == c) {
            return Some(b);
        }
        if c.is_ascii() {
            let b = c as u8;
            return self.low_letters().iter().all(|&(x, _)| x != b).then_some(b);
        }
        if c == '\u{FFFD}' {
            return None;
        }
        self.high_half()
            .iter()
            .position(|&h| h == c)
            .map(|i| 0x80 + i as u8)
    }
}

/// The result of resolving a label, with the note a report shows when the label meant
/// something other than what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelResolution {
    /// The label as written in the document or on the command line.
    pub label: String,
    /// What it resolves to.
    pub charset: Charset,
    /// Set when the WHATWG rules substitute another encoding for the named one
    /// (e.g. `iso-8859-1` → windows-1252).
    pub remap: Option<String>,
}

impl Charset {
    pub const UTF_8: Charset = Charset::Whatwg(encoding_rs::UTF_8);
    pub const WINDOWS_1252: Charset = Charset::Whatwg(encoding_rs::WINDOWS_1252);
    pub const UTF_16LE: Charset = Charset::Whatwg(encoding_rs::UTF_16LE);
    pub const UTF_16BE: Charset = Charset::Whatwg(encoding_rs::UTF_16BE);

    /// The canonical name: the WHATWG name (`UTF-8`, `windows-1252`, `UTF-16LE`, `Shift_JIS`),
    /// or `UTF-32LE` / `UTF-32BE` / `ISO-8859-1` for the three extras.
    pub fn name(&self) -> &'static str {
        match self {
            Charset::Whatwg(e) => e.name(),
            Charset::Utf32Le => "UTF-32LE",
            Charset::Utf32Be => "UTF-32BE",
            Charset::Latin1 => "ISO-8859-1",
            Charset::Oem(p) => p.name(),
            Charset::SevenBit(s) => s.name(),
            Charset::Johab => "Johab",
            Charset::EucTw => "EUC-TW",
            Charset::ShiftJis2004 => "Shift_JIS-2004",
            Charset::EucJis2004 => "EUC-JIS-2004",
            Charset::Ebcdic(p) => p.name(),
        }
    }

    /// The encoding_rs encoding, when there is one.
    pub fn whatwg(&self) -> Option<&'static Encoding> {
        match self {
            Charset::Whatwg(e) => Some(e),
            _ => None,
        }
    }

    /// True for encodings where every byte is one character (legacy single-byte and true Latin-1).
    pub fn is_single_byte(&self) -> bool {
        match self {
            Charset::Whatwg(e) => e.is_single_byte(),
            Charset::Latin1 | Charset::Oem(_) | Charset::Ebcdic(_) => true,
            _ => false,
        }
    }

    /// True when bytes 0x00–0x7F mean ASCII (false for UTF-16/32 and ISO-2022-JP's escapes
    /// aside, which still keeps ASCII bytes as ASCII). VISCII counts: only six rare C0 controls
    /// are letters there ([`OemPage::low_letters`]), and markup reads the same.
    pub fn is_ascii_compatible(&self) -> bool {
        match self {
            Charset::Whatwg(e) => e.is_ascii_compatible(),
            Charset::Latin1
            | Charset::Oem(_)
            | Charset::Johab
            | Charset::EucTw
            | Charset::ShiftJis2004
            | Charset::EucJis2004 => true,
            _ => false,
        }
    }

    /// True for the UTF-16 and UTF-32 families.
    /// (ISO-2022-JP, which encoding_rs calls not ASCII-compatible, is not one.)
    pub fn is_wide(&self) -> bool {
        self.is_unicode() && *self != Charset::UTF_8
    }

    /// True for UTF-8, UTF-16 and UTF-32.
    pub fn is_unicode(&self) -> bool {
        matches!(self, Charset::Utf32Le | Charset::Utf32Be)
            || *self == Charset::UTF_8
            || *self == Charset::UTF_16LE
            || *self == Charset::UTF_16BE
    }

    /// One label of each encoding the tool decodes beside the WHATWG ones, that a user can
    /// give `--encoding` (the CLI's help lists them; a test keeps the two in step). The 7-bit
    /// Chinese and Korean schemes are not here: no label reaches them.
    pub const OUTSIDE_WHATWG: [&'static str; 52] = [
        "utf-32le",
        "utf-32be",
        "x-iso-8859-1-c1",
        "cp437",
        "cp737",
        "cp775",
        "cp850",
        "cp852",
        "cp855",
        "cp856",
        "cp857",
        "cp860",
        "cp861",
        "cp862",
        "cp863",
        "cp864",
        "cp865",
        "cp1125",
        "koi8-t",
        "x-mac-ce",
        "x-mac-croatian",
        "x-mac-greek",
        "x-mac-icelandic",
        "x-mac-romanian",
        "x-mac-turkish",
        "viscii",
        "tcvn",
        "johab",
        "euc-tw",
        "shift_jis-2004",
        "euc-jis-2004",
        "cp037",
        "cp273",
        "cp277",
        "cp278",
        "cp280",
        "cp284",
        "cp285",
        "cp297",
        "cp500",
        "cp871",
        "cp1047",
        "cp1140",
        "cp1141",
        "cp1142",
        "cp1143",
        "cp1144",
        "cp1145",
        "cp1146",
        "cp1147",
        "cp1148",
        "cp1149",
    ];

    /// Resolves a label: WHATWG labels first, then `utf-32`, `utf-32le`, `utf-32be`, `ucs-4`,
    /// and `x-iso-8859-1-c1` / `latin1-c1` for true ISO-8859-1.
    pub fn for_label(label: &str) -> Result<LabelResolution, UnknownLabel> {
        let norm = label.trim().to_ascii_lowercase();
        let extra = match norm.as_str() {
            "utf-32" | "utf-32le" | "utf32" | "utf32le" | "ucs-4" | "ucs4" | "ucs-4le" => {
                Some(Charset::Utf32Le)
            }
            "utf-32be" | "utf32be" | "ucs-4be" => Some(Charset::Utf32Be),
            "x-iso-8859-1-c1" | "latin1-c1" | "iso-8859-1-c1" => Some(Charset::Latin1),
            "ibm437" | "cp437" | "437" | "cspc8codepage437" => Some(Charset::Oem(OemPage::Cp437)),
            "ibm850" | "cp850" | "850" | "cspc850multilingual" => {
                Some(Charset::Oem(OemPage::Cp850))
            }
            "ibm852" | "cp852" | "852" | "cspcp852" => Some(Charset::Oem(OemPage::Cp852)),
            "ibm855" | "cp855" | "855" | "csibm855" => Some(Charset::Oem(OemPage::Cp855)),
            "ibm865" | "cp865" | "865" | "csibm865" => Some(Charset::Oem(OemPage::Cp865)),
            "x-mac-ce"
            | "x-mac-centraleurroman"
            | "maccentraleurope"
            | "mac-centraleurope"
            | "mac_latin2"
            | "maclatin2"
            | "cp10029" => Some(Charset::Oem(OemPage::MacCentralEurope)),
            "johab" | "x-johab" | "cp1361" | "ms1361" | "windows-1361" => Some(Charset::Johab),
            "euc-tw" | "euctw" | "x-euc-tw" | "cns11643" | "cp964" | "ibm-964" => {
                Some(Charset::EucTw)
            }
            "shift_jis-2004" | "shift_jis_2004" | "shift_jisx0213" | "shift-jisx0213"
            | "sjis-2004" | "sjis_2004" | "s_jis_2004" | "x-sjis-2004" => {
                Some(Charset::ShiftJis2004)
            }
            "euc-jis-2004" | "euc_jis_2004" | "euc-jisx0213" | "euc_jisx0213"
            | "x-euc-jis-2004" | "jisx0213" | "eucjis2004" => Some(Charset::EucJis2004),
            "viscii" | "csviscii" | "viscii1.1-1" => Some(Charset::Oem(OemPage::Viscii)),
            "ibm737" | "cp737" | "737" => Some(Charset::Oem(OemPage::Cp737)),
            "ibm775" | "cp775" | "775" | "cspc775baltic" => Some(Charset::Oem(OemPage::Cp775)),
            "ibm857" | "cp857" | "857" | "csibm857" => Some(Charset::Oem(OemPage::Cp857)),
            "ibm860" | "cp860" | "860" | "csibm860" => Some(Charset::Oem(OemPage::Cp860)),
            "ibm861" | "cp861" | "861" | "cp-is" | "csibm861" => Some(Charset::Oem(OemPage::Cp861)),
            "ibm862" | "cp862" | "862" | "cspc862latinhebrew" => Some(Charset::Oem(OemPage::Cp862)),
            "ibm863" | "cp863" | "863" | "csibm863" => Some(Charset::Oem(OemPage::Cp863)),
            "cp1125" | "ibm1125" | "ruscii" => Some(Charset::Oem(OemPage::Cp1125)),
            "x-mac-greek" | "macgreek" | "mac-greek" | "mac_greek" | "cp10006" => {
                Some(Charset::Oem(OemPage::MacGreek))
            }
            "x-mac-turkish" | "macturkish" | "mac-turkish" | "mac_turkish" | "cp10081" => {
                Some(Charset::Oem(OemPage::MacTurkish))
            }
            "x-mac-icelandic" | "maciceland" | "macicelandic" | "mac_iceland" | "cp10079" => {
                Some(Charset::Oem(OemPage::MacIcelandic))
            }
            "x-mac-romanian" | "macromania" | "macromanian" | "mac_romanian" | "cp10010" => {
                Some(Charset::Oem(OemPage::MacRomanian))
            }
            "x-mac-croatian" | "maccroatian" | "mac_croatian" | "cp10082" => {
                Some(Charset::Oem(OemPage::MacCroatian))
            }
            "ibm856" | "cp856" | "856" | "csibm856" => Some(Charset::Oem(OemPage::Cp856)),
            "ibm864" | "cp864" | "864" | "csibm864" => Some(Charset::Oem(OemPage::Cp864)),
            "koi8-t" | "koi8t" | "cskoi8t" => Some(Charset::Oem(OemPage::Koi8T)),
            "tcvn" | "tcvn-5712" | "tcvn5712" | "tcvn5712-1" | "tcvn5712-1:1993" => {
                Some(Charset::Oem(OemPage::Tcvn))
            }
            _ => EbcdicPage::for_label(&norm).map(Charset::Ebcdic),
        };
        if let Some(charset) = extra {
            let remap = (norm == "utf-32" || norm == "utf32" || norm.starts_with("ucs"))
                .then(|| "no byte order given: little-endian assumed".to_string());
            return Ok(LabelResolution {
                label: label.to_string(),
                charset,
                remap,
            });
        }
        match Encoding::for_label(norm.as_bytes()) {
            Some(enc) => Ok(LabelResolution {
                label: label.to_string(),
                charset: Charset::Whatwg(enc),
                remap: remap_note(&norm, enc),
            }),
            None => Err(UnknownLabel {
                label: label.to_string(),
            }),
        }
    }
}

/// What a label outside the WHATWG Encoding Standard names, by the table below.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lenient {
    /// An encoding this tool decodes: the label's spelling and the encoding.
    Names(Charset),
    /// An encoding neither WHATWG nor this tool decodes (the EBCDIC pages outside the Latin-1
    /// repertoire): its name.
    Undecodable(&'static str),
}

/// Resolves a label that the WHATWG Encoding Standard does not know, the way the files that
/// carry it mean it: IANA names and aliases, Python codec names, Java and ICU spellings,
/// vendor names (`MacCyrillic`, `win-1251`, `latin-2`, `ISO8859_2`, `x-mac-ce`, `cp437`).
/// Spelling first — case, `_` for `-`, a dropped or added hyphen (`latin-2` → `latin2`,
/// `windows1251` → `windows-1251`, `cp-1252` → `cp1252`) — then these names:
///
/// | written | names |
/// |---|---|
/// | `win-125x`, `win125x`, `ms-125x`, `ansi-125x` | windows-125x |
/// | `maccyrillic`, `mac-cyrillic`, `x-mac-ukrainian`, `macukraine`, `cp10007` | x-mac-cyrillic |
/// | `macroman`, `mac-roman`, `mac`, `x-mac`, `cp10000` | macintosh |
/// | `iso8859_N`, `iso_8859_N`, `iso-8859N`, `8859-N` | ISO-8859-N |
/// | `utf8`, `utf_8`, `utf-8n`, `unicode-1-1-utf-8`… | UTF-8 |
/// | `sjis`, `s-jis`, `shift-jis`, `ms-kanji`, `cp932`, `windows-932` | Shift_JIS |
/// | `eucjp`, `euc_jp`, `eucjis`, `ujis` | EUC-JP |
/// | `euckr`, `euc_kr`, `uhc`, `cp949`, `windows-949`, `ks_c_5601` | EUC-KR |
/// | `gb2312`, `gb_2312`, `euc-cn`, `cp936`, `windows-936`, `hzgb` excluded | GBK |
/// | `big5hkscs`, `big5-hkscs`, `cp950`, `windows-950` | Big5 |
/// | `koi8r`, `koi8_r`, `koi8u`, `koi8_u` | KOI8-R, KOI8-U |
/// | `cp866`, `ibm-866`, `dos-866`, `alt` | IBM866 |
/// | `tis620`, `tis_620`, `cp874`, `ms874`, `windows874` | windows-874 |
/// | `x-mac-ce`, `macce`, `maccentraleurope`, `cp10029` | x-mac-ce (decoded by this tool) |
/// | `x-mac-greek`, `x-mac-turkish`, `x-mac-icelandic`, `x-mac-romanian`, `x-mac-croatian` (`macgreek`, `cp10006`…) | the Mac pages of those names (decoded by this tool) |
/// | `cp437`, `ibm437`, `cp850`, `cp852`, `cp855`, `cp865` (`dos437`…) | IBM437, IBM850, IBM852, IBM855, IBM865 (decoded by this tool) |
/// | `cp737`, `cp775`, `cp857`, `cp860`–`cp863` (`cp-is`, `cspc862latinhebrew`…), `cp1125` (`ruscii`) | IBM737, IBM775, IBM857, IBM860–IBM863, CP1125 (decoded by this tool) |
/// | `cp856`, `cp864` (`csibm864`…), `koi8-t` | IBM856, IBM864, KOI8-T (decoded by this tool) |
/// | `ms-ansi`, `ms-ee`, `ms-cyrl`, `ms-greek`, `ms-turk`, `ms-hebr`, `ms-arab`, `winbaltrim` (glibc iconv) | windows-1252, -1250, -1251, -1253, -1254, -1255, -1256, -1257 |
/// | `tcvn`, `tcvn-5712`, `tcvn5712-1` | TCVN5712-1 (decoded by this tool) |
/// | `cp037` (`ebcdic-cp-us`…), `cp273`, `cp277`, `cp278`, `cp280`, `cp284`, `cp285`, `cp297`, `cp500` (`ebcdic-cp-be`…), `cp871`, `cp1047`, `cp1140`–`cp1149` (`ibm01140`…) | the EBCDIC pages of those numbers (decoded by this tool) |
/// | `cp424`, `cp875`, `cp1026` | EBCDIC Hebrew, Greek, Turkish: no decoder |
///
/// Every spelling [`Charset::for_label`] knows of the pages outside WHATWG is found here too,
/// once case, `_` and hyphens are set aside; `dos` and a number is that DOS page.
pub fn for_lenient_label(label: &str) -> Option<Lenient> {
    let norm: String = label
        .trim()
        .trim_matches(['"', '\'', ';'])
        .to_ascii_lowercase()
        .replace(['_', ' '], "-");
    let whatwg =
        |l: &str| Encoding::for_label(l.as_bytes()).map(|e| Lenient::Names(Charset::Whatwg(e)));
    if let Some(r) = whatwg(&norm) {
        return Some(r);
    }
    let compact: String = norm.chars().filter(|c| *c != '-').collect();
    if let Some(r) = whatwg(&compact) {
        return Some(r);
    }
    let named = |e: &'static Encoding| Some(Lenient::Names(Charset::Whatwg(e)));
    // A hyphen added back between letters and digits: `windows1251`, `iso88592` are WHATWG
    // already; `latin2`, `cp1252` too; this catches `cp-1252`, `ibm-866`.
    let digits: String = compact.chars().filter(char::is_ascii_digit).collect();
    let letters: String = compact.chars().filter(|c| !c.is_ascii_digit()).collect();
    match (letters.as_str(), digits.as_str()) {
        ("win" | "ms" | "ansi" | "windows" | "cp" | "xcp", d)
            if d.len() == 4 && d.starts_with("125") =>
        {
            return whatwg(&format!("windows-{d}"));
        }
        ("iso" | "isolatin" | "", d) if d.len() >= 5 && d.starts_with("8859") => {
            return whatwg(&format!("iso-8859-{}", &d[4..]));
        }
        ("latin" | "isolatin" | "l", d) if !d.is_empty() => return whatwg(&format!("latin{d}")),
        // `dos437`, `DOS-850`: the DOS code page of that number.
        ("dos", d) if !d.is_empty() => {
            if let Ok(r) = Charset::for_label(&format!("cp{d}")) {
                return Some(Lenient::Names(r.charset));
            }
        }
        _ => {}
    }
    // The code pages outside WHATWG that this tool decodes, spelled as `Charset::for_label`
    // has them once case, `_` and hyphens are set aside (`x_mac_ce`, `CP-437`, `IBM_864`).
    for l in [&norm, &compact] {
        if let Ok(r) = Charset::for_label(l) {
            return Some(Lenient::Names(r.charset));
        }
    }
    match compact.as_str() {
        "maccyrillic" | "xmacukrainian" | "macukraine" | "macukrainian" | "cp10007" => {
            named(encoding_rs::X_MAC_CYRILLIC)
        }
        "macroman" | "mac" | "xmac" | "cp10000" | "xmacroman" => named(encoding_rs::MACINTOSH),
        "utf8n" | "unicode11utf8" | "utf" => named(encoding_rs::UTF_8),
        "sjis" | "sjis2004" | "shiftjis2004" | "mskanji" | "cp932" | "windows932" | "ibm943" => {
            named(encoding_rs::SHIFT_JIS)
        }
        "eucjp" | "eucjis" | "ujis" | "eucjp2004" => named(encoding_rs::EUC_JP),
        "euckr" | "uhc" | "cp949" | "windows949" | "ksc5601" | "ksc56011987" | "ksc56011989" => {
            named(encoding_rs::EUC_KR)
        }
        "gb2312" | "euccn" | "cp936" | "windows936" | "gb231280" => named(encoding_rs::GBK),
        "big5hkscs" | "cp950" | "windows950" | "big5tw" => named(encoding_rs::BIG5),
        "koi8r" => named(encoding_rs::KOI8_R),
        "koi8u" | "koi8ru" => named(encoding_rs::KOI8_U),
        "cp866" | "ibm866" | "alt" => named(encoding_rs::IBM866),
        "tis620" | "cp874" | "ms874" | "windows874" | "dos874" => named(encoding_rs::WINDOWS_874),
        // Spellings of the code pages this tool decodes that `Charset::for_label` lacks.
        "macce" | "xmacce" => Some(Lenient::Names(Charset::Oem(OemPage::MacCentralEurope))),
        "ruscii1125" | "cp866u" => Some(Lenient::Names(Charset::Oem(OemPage::Cp1125))),
        // EBCDIC pages outside the Latin-1 repertoire: no WHATWG decoder, none here.
        "cp424" | "ibm424" => Some(Lenient::Undecodable("IBM424 (EBCDIC Hebrew)")),
        "cp875" | "ibm875" => Some(Lenient::Undecodable("IBM875 (EBCDIC Greek)")),
        "cp1026" | "ibm1026" => Some(Lenient::Undecodable("IBM1026 (EBCDIC Turkish)")),
        // glibc iconv's names of the Windows code pages (which Python took over).
        "msansi" => named(encoding_rs::WINDOWS_1252),
        "msee" => named(encoding_rs::WINDOWS_1250),
        "mscyrl" => named(encoding_rs::WINDOWS_1251),
        "msgreek" => named(encoding_rs::WINDOWS_1253),
        "msturk" => named(encoding_rs::WINDOWS_1254),
        "mshebr" => named(encoding_rs::WINDOWS_1255),
        "msarab" => named(encoding_rs::WINDOWS_1256),
        "winbaltrim" => named(encoding_rs::WINDOWS_1257),
        _ => None,
    }
}

impl Charset {
    /// Encodes `text` in this encoding (for searching the raw bytes for a query), or `None`
    /// when a character has no representation in it.
    pub fn encode(&self, text: &str) -> Option<Vec<u8>> {
        match self {
            Charset::Utf32Le => Some(
                text.chars()
                    .flat_map(|c| (c as u32).to_le_bytes())
                    .collect(),
            ),
            Charset::Utf32Be => Some(
                text.chars()
                    .flat_map(|c| (c as u32).to_be_bytes())
                    .collect(),
            ),
            Charset::Latin1 => text.chars().map(|c| u8::try_from(c as u32).ok()).collect(),
            Charset::Oem(p) => text.chars().map(|c| p.byte_of(c)).collect(),
            Charset::Ebcdic(p) => text.chars().map(|c| p.byte_of(c)).collect(),
            c if *c == Charset::UTF_16LE => {
                Some(text.encode_utf16().flat_map(|u| u.to_le_bytes()).collect())
            }
            c if *c == Charset::UTF_16BE => {
                Some(text.encode_utf16().flat_map(|u| u.to_be_bytes()).collect())
            }
            Charset::Whatwg(e) if *e == encoding_rs::REPLACEMENT => None,
            Charset::Johab | Charset::EucTw => {
                let encode_char = if *self == Charset::Johab {
                    crate::decode::johab::encode_char
                } else {
                    crate::decode::euc_tw::encode_char
                };
                let mut out = Vec::with_capacity(text.len());
                text.chars()
                    .try_for_each(|c| encode_char(c, &mut out))
                    .map(|()| out)
            }
            Charset::ShiftJis2004 | Charset::EucJis2004 => {
                crate::decode::jis_x_0213::encode(text, *self == Charset::ShiftJis2004)
            }
            // Searching the raw bytes for text in shifts is not offered.
            Charset::SevenBit(_) => None,
            Charset::Whatwg(e) => {
                let (bytes, _, unmappable) = e.encode(text);
                (!unmappable).then(|| bytes.into_owned())
            }
        }
    }
}

/// Explains a WHATWG label whose encoding differs from the one the label names
/// (WHATWG Encoding Standard §4.2, "Names and labels").
fn remap_note(norm: &str, enc: &'static Encoding) -> Option<String> {
    const LATIN1: &[&str] = &[
        "ansi_x3.4-1968",
        "ascii",
        "cp819",
        "csisolatin1",
        "ibm819",
        "iso-8859-1",
        "iso-ir-100",
        "iso8859-1",
        "iso88591",
        "iso_8859-1",
        "iso_8859-1:1987",
        "l1",
        "latin1",
        "us-ascii",
    ];
    const LATIN5: &[&str] = &[
        "csisolatin5",
        "iso-8859-9",
        "iso-ir-148",
        "iso8859-9",
        "iso88599",
        "iso_8859-9",
        "iso_8859-9:1989",
        "l5",
        "latin5",
    ];
    const THAI: &[&str] = &[
        "dos-874",
        "iso-8859-11",
        "iso8859-11",
        "iso885911",
        "tis-620",
    ];
    const GB2312: &[&str] = &[
        "chinese",
        "csgb2312",
        "csiso58gb231280",
        "gb2312",
        "gb_2312",
        "gb_2312-80",
        "iso-ir-58",
        "x-gbk",
    ];
    const UTF16: &[&str] = &[
        "csunicode",
        "iso-10646-ucs-2",
        "ucs-2",
        "unicode",
        "unicodefeff",
        "utf-16",
    ];
    let named = if LATIN1.contains(&norm) {
        Some("ISO-8859-1/US-ASCII")
    } else if LATIN5.contains(&norm) {
        Some("ISO-8859-9")
    } else if THAI.contains(&norm) {
        Some("ISO-8859-11/TIS-620")
    } else if GB2312.contains(&norm) {
        Some("GB2312")
    } else if UTF16.contains(&norm) {
        Some("UTF-16 of unspecified byte order")
    } else {
        None
    };
    if let Some(named) = named {
        return Some(format!(
            "label \"{norm}\" names {named}; the WHATWG Encoding Standard reads it as {}, a superset every browser uses",
            enc.name()
        ));
    }
    if enc == encoding_rs::REPLACEMENT {
        return Some(format!(
            "label \"{norm}\" names an encoding (ISO-2022-KR/CN or HZ) that the WHATWG Encoding Standard refuses to decode: the whole input becomes one U+FFFD"
        ));
    }
    None
}

impl fmt::Debug for Charset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Charset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Charset {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(test)]
mod tests;
