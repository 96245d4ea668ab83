//! UTF-8 characters legacy text does not form by chance (RFC 3629 sequences that read as
//! mojibake in every code page): symbols, shapes, typographic punctuation and Latin-1 signs,
//! which make a few valid multi-byte characters enough to settle UTF-8.

/// The first UTF-8 symbol in `bytes` that no legacy text forms by chance: arrows,
/// mathematical and technical signs (U+2190–U+23FF, `E2 86`–`E2 8F`), symbols and dingbats
/// (U+2600–U+27BF, `E2 98`–`E2 9E`), or an emoji or pictograph (U+1F000–U+1FFFF, `F0 9F`).
/// bs4's example of a UTF-8 document with windows-1252 quotes pasted in begins `☃☃☃`, `E2 98
/// 83` three times: `â˜ƒ` (mojibake) in windows-1252, C1 controls in ISO 8859, `в` before an
/// undefined byte in windows-1251, `т` before a capital in IBM866. Left out: U+2400–U+25FF
/// (`E2 90`–`E2 97`: enclosed numbers, box drawing, shapes), which windows-1251 forms with `в`
/// before curly quotes (`„“в“”` in Russian with quotes typed around the word is `E2 93 94`,
/// `ⓔ`); U+2800–U+2BFF (`E2 A0`–`E2 AF`), which IBM866 Russian forms with every `т` before
/// `а`–`п` (`тем` is U+296C).
pub fn first_symbol(bytes: &[u8]) -> Option<char> {
    symbols(bytes).next()
}

/// The UTF-8 symbols of `bytes` ([`first_symbol`]), in order.
pub fn symbols(bytes: &[u8]) -> impl Iterator<Item = char> + '_ {
    valid_chars_led_by(bytes, 0xE2, 0xF0, |lead, tail| match lead {
        0xE2 => matches!(tail, [0x86..=0x8F | 0x98..=0x9E, ..]),
        _ => matches!(tail, [0x9F, ..]),
    })
}

/// The characters of the valid UTF-8 runs of `bytes` that begin with lead byte `a` or `b` and
/// whose next bytes (up to two, fewer at a run's end) `keep` accepts.
fn valid_chars_led_by(
    bytes: &[u8],
    a: u8,
    b: u8,
    keep: fn(u8, &[u8]) -> bool,
) -> impl Iterator<Item = char> + '_ {
    bytes.utf8_chunks().flat_map(move |chunk| {
        let v = chunk.valid();
        memchr::memchr2_iter(a, b, v.as_bytes())
            .filter(move |&at| {
                let s = v.as_bytes();
                keep(s[at], &s[at + 1..(at + 3).min(s.len())])
            })
            .filter_map(move |at| v[at..].chars().next())
    })
}

/// The first UTF-8 box drawing, block element or geometric shape in `bytes` (U+2500–U+25FF,
/// `E2 94`–`E2 97`: `─ │ ┌ ▄ ■ ▲ ●`, the lines and bullets of code, logs and command output),
/// control picture, enclosed alphanumeric (U+2400–U+24FF, `E2 90`–`E2 93`: `␊ ① ⓒ`),
/// letterlike symbol or number form (U+2100–U+217F, `E2 84`–`E2 85`: `ℤ ™ № Ⅱ ⅓`),
/// superscript or subscript (U+2070–U+209F, `E2 81 B0`–`E2 82 9F`: `2⁶⁴` in a manual page),
/// currency sign but the euro (U+20A0–U+20BF, `₹ ₽ ₩ ₪`; `€` is [`first_typographic`]'s), or
/// U+FFFD (`EF BF BD`, what a lossy decoder wrote earlier): symbols a whole input's few
/// multi-byte characters often are, and that legacy text does not form by chance. Read in a
/// code page they are mojibake: `â”€` and `ï¿½` in windows-1252 (this tool's own mojibake
/// finding), `в”Ђ` and `пїЅ` in windows-1251, a letter before a C1 control in ISO 8859, `тФА`
/// in IBM866 (a small letter before two capitals). Kept out of [`first_symbol`], which also
/// places segment boundaries: windows-1251 forms `E2 93`–`E2 97` with `в` before curly quotes
/// and dashes, which a boundary must not take for UTF-8; a whole input valid throughout it
/// cannot be (its other letters would break the validity).
pub fn first_shape(bytes: &[u8]) -> Option<char> {
    valid_chars_led_by(bytes, 0xE2, 0xEF, |lead, tail| match (lead, tail) {
        (0xE2, [0x84..=0x85 | 0x90..=0x97, _]) => true,
        (0xE2, [0x81, 0xB0..=0xBF]) => true,
        (0xE2, [0x82, t]) => *t != 0xAC,
        (0xEF, [0xBF, 0xBD]) => true,
        _ => false,
    })
    .next()
}

/// The first UTF-8 typographic punctuation in `bytes` — a General Punctuation character from
/// the hyphen U+2010 on (dashes, curly quotes, the ellipsis), or the euro sign — the few
/// non-ASCII characters UTF-8 English carries. Legacy text does not form one by chance:
/// `E2 80 99` is `â€™` in windows-1252 (the mojibake of that very `’`), a letter and two C1
/// controls in ISO 8859, `вЂ™` in windows-1251.
pub fn first_typographic(bytes: &[u8]) -> Option<char> {
    memchr::memchr_iter(0xE2, bytes).find_map(|at| {
        let seq = bytes.get(at..at + 3)?;
        matches!(
            seq[1..],
            [0x80, 0x90..=0xBF] | [0x81, 0x80..=0x9E] | [0x82, 0xAC]
        )
        .then(|| std::str::from_utf8(seq).ok()?.chars().next())
        .flatten()
    })
}

/// Does `bytes` hold UTF-8 typographic punctuation ([`first_typographic`])?
pub fn typographic(bytes: &[u8]) -> bool {
    first_typographic(bytes).is_some()
}

/// The first Latin-1 sign in UTF-8 after an ASCII byte (or at the start) in `bytes`: `¢ £ ¥ §
/// © ® ° ± ¶`, `C2 A2`–`C2 B6`. In windows-1252 each is `Â` before the sign, which only
/// mojibake writes; but `C2` is a capital in Cyrillic, Greek and Arabic pages too (windows-1251
/// `ВІ` is `²`), so a sign weighs less than a symbol ([`first_symbol`]), and the signs those
/// pages make with it most (`» ¿ ² ³ «`) are not taken.
pub fn first_sign(bytes: &[u8]) -> Option<char> {
    memchr::memchr_iter(0xC2, bytes).find_map(|at| {
        let after_ascii = at == 0 || bytes[at - 1].is_ascii();
        let sign = matches!(
            bytes.get(at + 1),
            Some(0xA2 | 0xA3 | 0xA5 | 0xA7 | 0xA9 | 0xAE | 0xB0 | 0xB1 | 0xB6)
        );
        (after_ascii && sign)
            .then(|| char::from_u32(u32::from(bytes[at + 1])))
            .flatten()
    })
}

/// Does `bytes` hold a UTF-8 symbol no legacy text forms by chance ([`first_symbol`])?
pub fn symbolic(bytes: &[u8]) -> bool {
    first_symbol(bytes).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// UTF-8 typographic punctuation is UTF-8 text however few; other three-byte sequences,
    /// and legacy bytes around an E2, are not.
    #[test]
    fn typographic_punctuation_is_utf8_text() {
        for yes in ["report’s", "a – b", "“quoted”", "wait…", "25 €", "co‐op"] {
            assert!(typographic(yes.as_bytes()), "{yes}");
        }
        for no in [
            &b"caf\xe9"[..],
            "中文".as_bytes(),
            b"\xe2\x80\x80",
            b"\xe2\x80",
            b"\xe2 \x80\x99",
        ] {
            assert!(!typographic(no), "{no:?}");
        }
    }

    /// UTF-8 symbols are UTF-8 text however few (bs4's `☃☃☃` before windows-1252 quotes);
    /// letters, punctuation, IBM866 Russian read as UTF-8, and bytes that are no valid
    /// sequence, are not.
    #[test]
    fn symbols_are_utf8_text() {
        for yes in ["☃☃☃", "→ next", "x ≤ y", "⌘ Q", "★", "✓ done", "😀"] {
            assert!(symbolic(yes.as_bytes()), "{yes}");
        }
        assert_eq!(first_symbol("Done ✓ → next".as_bytes()), Some('✓'));
        assert_eq!(first_typographic("a – b".as_bytes()), Some('–'));
        assert_eq!(first_typographic("25 €".as_bytes()), Some('€'));
        assert_eq!(first_sign("It costs £5".as_bytes()), Some('£'));
        // Not after a legacy byte, and not the signs Cyrillic pages make with their `В`
        // (windows-1251 `ВІ` is `²`, `В»` is `»`).
        assert_eq!(first_sign(b"\xe9\xc2\xa3"), None);
        assert_eq!(first_sign("x² »".as_bytes()), None);
        for no in [
            "é ü".as_bytes(),
            "report’s".as_bytes(),
            // Enclosed numbers and box drawing: windows-1251 `в“”` is `ⓔ`.
            "① ②".as_bytes(),
            "┌─┐".as_bytes(),
            b"\xe2\x93\x94",
            // IBM866 `тем`: E2 A5 AC, valid UTF-8 (U+296C) but no symbol taken here.
            b"\xe2\xa5\xac",
            b"\xe2\x98",
            b"\xe2 \x98\x83",
        ] {
            assert!(!symbolic(no), "{no:?}");
        }
    }

    /// Box drawing, shapes, enclosed and letterlike symbols, number forms, superscripts,
    /// currency signs and U+FFFD are shapes for a whole valid input, not symbols for a
    /// boundary (windows-1251 makes `ⓔ` of `в“”`); IBM866's `тем`, typographic punctuation and
    /// the euro are not shapes, nor is a shape's lead byte without its tail.
    #[test]
    fn shapes_are_box_drawing_blocks_and_replacement() {
        for (text, c) in [
            ("default \"─\"", '─'),
            ("┌─┐", '┌'),
            ("▄ low half", '▄'),
            ("● item", '●'),
            ("Jos\u{FFFD}", '\u{FFFD}'),
            ("2⁶⁴ entries", '⁶'),
            ("H₂O", '₂'),
            ("₹ 500", '₹'),
            ("(c) ⓒ 2024", 'ⓒ'),
            ("the ring ℤ", 'ℤ'),
            ("Part Ⅱ", 'Ⅱ'),
        ] {
            assert_eq!(first_shape(text.as_bytes()), Some(c), "{text}");
            assert!(!symbolic(text.as_bytes()), "{text}");
        }
        for no in [
            &b"\xe2\xa5\xac"[..],
            b"\xe2\x94",
            b"\xef\xbf\xbe",
            "é ü ’ € ⁄".as_bytes(),
        ] {
            assert_eq!(first_shape(no), None, "{no:?}");
        }
    }
}
