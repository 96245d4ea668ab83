//! Byte order marks (Unicode §23.8; WHATWG Encoding "BOM sniff", extended with UTF-32).
//!
//! UTF-32LE's mark `FF FE 00 00` begins with UTF-16LE's `FF FE`, so it is checked first; a
//! browser, which knows no UTF-32, would read the same bytes as UTF-16LE, and the detail says so.

use super::charset::Charset;

/// A byte order mark found at offset 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bom {
    /// The encoding the mark announces.
    pub charset: Charset,
    /// Length of the mark in bytes (2, 3 or 4).
    pub len: usize,
}

/// Looks for a byte order mark at the start of `head`.
pub fn sniff(head: &[u8]) -> Option<Bom> {
    let (charset, len) = match head {
        [0xFF, 0xFE, 0x00, 0x00, ..] => (Charset::Utf32Le, 4),
        [0x00, 0x00, 0xFE, 0xFF, ..] => (Charset::Utf32Be, 4),
        [0xEF, 0xBB, 0xBF, ..] => (Charset::UTF_8, 3),
        [0xFF, 0xFE, ..] => (Charset::UTF_16LE, 2),
        [0xFE, 0xFF, ..] => (Charset::UTF_16BE, 2),
        _ => return None,
    };
    Some(Bom { charset, len })
}

/// The bytes of the mark for `charset`, if it has one.
pub fn bytes_for(charset: Charset) -> Option<&'static [u8]> {
    match charset {
        Charset::Utf32Le => Some(&[0xFF, 0xFE, 0x00, 0x00]),
        Charset::Utf32Be => Some(&[0x00, 0x00, 0xFE, 0xFF]),
        c if c == Charset::UTF_8 => Some(&[0xEF, 0xBB, 0xBF]),
        c if c == Charset::UTF_16LE => Some(&[0xFF, 0xFE]),
        c if c == Charset::UTF_16BE => Some(&[0xFE, 0xFF]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(bytes: &[u8], expect: Option<(&str, usize)>) {
        let got = sniff(bytes).map(|b| (b.charset.name(), b.len));
        assert_eq!(got, expect, "{bytes:02X?}");
    }

    #[test]
    fn marks() {
        check(b"\xEF\xBB\xBFabc", Some(("UTF-8", 3)));
        check(b"\xFF\xFEa\x00", Some(("UTF-16LE", 2)));
        check(b"\xFE\xFF\x00a", Some(("UTF-16BE", 2)));
        check(b"\xFF\xFE\x00\x00a\x00\x00\x00", Some(("UTF-32LE", 4)));
        check(b"\x00\x00\xFE\xFF\x00\x00\x00a", Some(("UTF-32BE", 4)));
        check(b"\xEF\xBB", None);
        check(b"abc", None);
        check(b"", None);
    }

    #[test]
    fn round_trip() {
        for c in [
            Charset::UTF_8,
            Charset::UTF_16LE,
            Charset::UTF_16BE,
            Charset::Utf32Le,
            Charset::Utf32Be,
        ] {
            let mut b = bytes_for(c).unwrap().to_vec();
            b.extend_from_slice(b"xyzw");
            assert_eq!(sniff(&b).unwrap().charset, c);
        }
    }
}
