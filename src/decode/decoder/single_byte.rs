//! Single-byte decoding: each byte one character by a table (WHATWG's single-byte encodings,
//! the DOS and Mac pages, the EBCDIC pages), runs of ASCII copied as they stand.

use super::Sink;
use crate::decode::charset::{Charset, OemPage};
use crate::decode::ebcdic::EbcdicPage;
use encoding_rs::Encoding;
use std::sync::{Mutex, OnceLock};

/// A legacy single-byte encoding as a table: byte → character (None = unmapped).
pub struct SingleByteTable {
    chars: [Option<char>; 256],
    /// Bytes below 0x80 are ASCII (all but VISCII, which gives six C0 controls to letters).
    ascii_low: bool,
}

/// The table for a single-byte encoding, built once from encoding_rs and cached.
pub(super) fn single_byte_table(enc: &'static Encoding) -> &'static SingleByteTable {
    static CACHE: OnceLock<Mutex<Vec<(&'static Encoding, &'static SingleByteTable)>>> =
        OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    let mut guard = cache.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, t)) = guard.iter().find(|(e, _)| *e == enc) {
        return t;
    }
    let mut chars = [None; 256];
    for (b, slot) in chars.iter_mut().enumerate() {
        let byte = [b as u8];
        *slot = enc
            .decode_without_bom_handling_and_without_replacement(&byte)
            .and_then(|s| s.chars().next());
    }
    let table: &'static SingleByteTable = Box::leak(Box::new(SingleByteTable {
        chars,
        ascii_low: true,
    }));
    guard.push((enc, table));
    table
}

impl SingleByteTable {
    /// The character of byte `b`, if the encoding maps it.
    pub fn get(&self, b: u8) -> Option<char> {
        self.chars[b as usize]
    }

    /// True when byte `b` reads as the ASCII character of its value.
    fn plain(&self, b: u8) -> bool {
        b < 0x80 && (self.ascii_low || self.chars[b as usize] == Some(char::from(b)))
    }
}

/// The table of a DOS, Mac or Vietnamese code page outside WHATWG.
pub(super) fn oem_table(page: OemPage) -> &'static SingleByteTable {
    static TABLES: [OnceLock<SingleByteTable>; OemPage::ALL.len()] =
        [const { OnceLock::new() }; OemPage::ALL.len()];
    TABLES[page.index()].get_or_init(|| {
        let mut chars = [None; 256];
        for (b, c) in chars.iter_mut().enumerate() {
            // An undefined byte (IBM857's 0xD5) decodes as an error, as in WHATWG's tables.
            *c = (!page.is_undefined(b as u8)).then(|| page.char_of(b as u8));
        }
        SingleByteTable {
            chars,
            ascii_low: page.low_letters().is_empty(),
        }
    })
}

/// The table of an EBCDIC page: no byte reads as the ASCII character of its value but by
/// chance, so no run is copied as ASCII.
pub(super) fn ebcdic_table(page: EbcdicPage) -> &'static SingleByteTable {
    static TABLES: [OnceLock<SingleByteTable>; EbcdicPage::ALL.len()] =
        [const { OnceLock::new() }; EbcdicPage::ALL.len()];
    TABLES[page.index()].get_or_init(|| {
        let mut chars = [None; 256];
        for (b, c) in chars.iter_mut().enumerate() {
            *c = Some(page.char_of(b as u8));
        }
        SingleByteTable {
            chars,
            ascii_low: false,
        }
    })
}

/// The cached table of any single-byte charset the tool decodes (WHATWG, DOS and Mac, EBCDIC);
/// `None` for the others (true Latin-1 needs none: every byte is its code point).
pub fn single_byte_table_of(cs: Charset) -> Option<&'static SingleByteTable> {
    match cs {
        Charset::Whatwg(e) => table_for(e),
        Charset::Oem(p) => Some(oem_table(p)),
        Charset::Ebcdic(p) => Some(ebcdic_table(p)),
        _ => None,
    }
}

/// Public access to the cached table of a single-byte encoding (mojibake analysis inverts it).
pub fn table_for(enc: &'static Encoding) -> Option<&'static SingleByteTable> {
    enc.is_single_byte().then(|| single_byte_table(enc))
}

pub(super) fn single_byte(
    table: &SingleByteTable,
    bytes: &[u8],
    pos: u64,
    sink: &mut dyn Sink,
) -> usize {
    let mut i = 0;
    let mut buf = [0u8; 4 * RUN_CHARS];
    while i < bytes.len() {
        if sink.stopped() {
            return i;
        }
        // All WHATWG single-byte encodings are ASCII-compatible; VISCII all but six bytes.
        let ascii_end = if table.ascii_low {
            bytes[i..].iter().position(|&b| b >= 0x80)
        } else {
            bytes[i..].iter().position(|&b| !table.plain(b))
        }
        .map_or(bytes.len(), |p| i + p);
        if ascii_end > i {
            // ASCII bytes are valid UTF-8 as they stand.
            sink.same(std::str::from_utf8(&bytes[i..ascii_end]).unwrap_or_default());
            i = ascii_end;
            continue;
        }
        // A run of mapped non-ASCII bytes whose characters have one UTF-8 length (Cyrillic
        // letters: 2 bytes each) goes to the sink in one call: one map run, one copy.
        let mut n = 0usize;
        let mut width = 0usize;
        while i + n < bytes.len() && n < RUN_CHARS && !table.plain(bytes[i + n]) {
            let Some(c) = table.chars[bytes[i + n] as usize] else {
                break;
            };
            let w = c.len_utf8();
            if n > 0 && w != width {
                break;
            }
            width = w;
            c.encode_utf8(&mut buf[n * width..]);
            n += 1;
        }
        if n > 0 {
            let s = std::str::from_utf8(&buf[..n * width]).unwrap_or_default();
            sink.chars_fixed(s, n, 1);
            i += n;
            continue;
        }
        if !sink.error(pos + i as u64, 1) {
            return i;
        }
        i += 1;
    }
    i
}

/// The most characters [`single_byte`] hands the sink in one call.
const RUN_CHARS: usize = 64;
