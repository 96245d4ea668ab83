//! Johab (KS X 1001:1998 annex 3, "combination" code; Windows code page 1361): Korean of the
//! DOS era that WHATWG does not decode. Each Hangul syllable is two bytes holding three 5-bit
//! jamo indices (initial, medial, final), so all 11,172 modern syllables have a code; symbols
//! and Hanja are KS X 1001's, moved to lead bytes D8–F9 by a fixed rule.
//!
//! Bytes below 0x80 are ASCII. Everything else is a two-byte sequence.

/// Hangul: initial code → index of the 19 initials (code 1 is the fill).
fn initial(code: u16) -> Option<Jamo> {
    match code {
        1 => Some(Jamo::Fill),
        2..=20 => Some(Jamo::Index(code - 2)),
        _ => None,
    }
}

/// Hangul: medial code → index of the 21 vowels (code 2 is the fill; 8, 9, 16, 17, 24, 25
/// and 30, 31 are unused).
fn medial(code: u16) -> Option<Jamo> {
    match code {
        2 => Some(Jamo::Fill),
        3..=7 => Some(Jamo::Index(code - 3)),
        10..=15 => Some(Jamo::Index(code - 5)),
        18..=23 => Some(Jamo::Index(code - 7)),
        26..=29 => Some(Jamo::Index(code - 9)),
        _ => None,
    }
}

/// Hangul: final code → index of the 27 finals, from 1 (code 1 is the fill, "no final";
/// 18 is unused).
fn final_(code: u16) -> Option<Jamo> {
    match code {
        1 => Some(Jamo::Fill),
        2..=17 => Some(Jamo::Index(code - 1)),
        19..=29 => Some(Jamo::Index(code - 2)),
        _ => None,
    }
}

#[derive(Clone, Copy)]
enum Jamo {
    Fill,
    Index(u16),
}

/// Hangul compatibility jamo (U+3131…) of each initial, and of each final (from index 1).
const INITIAL_JAMO: [u16; 19] = [
    0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146, 0x3147,
    0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
];
const FINAL_JAMO: [u16; 27] = [
    0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A, 0x313B, 0x313C, 0x313D,
    0x313E, 0x313F, 0x3140, 0x3141, 0x3142, 0x3144, 0x3145, 0x3146, 0x3147, 0x3148, 0x314A, 0x314B,
    0x314C, 0x314D, 0x314E,
];

/// The character of a Hangul code (lead 84–D3): a syllable (Unicode §3.12, `AC00 + (i × 21 +
/// m) × 28 + f`), a lone jamo where the other parts are fills, or a space for three fills.
fn hangul(code: u16) -> Option<char> {
    let i = initial((code >> 10) & 0x1F)?;
    let m = medial((code >> 5) & 0x1F)?;
    let f = final_(code & 0x1F)?;
    let cp = match (i, m, f) {
        (Jamo::Index(i), Jamo::Index(m), f) => {
            let f = match f {
                Jamo::Fill => 0,
                Jamo::Index(f) => f,
            };
            0xAC00 + (u32::from(i) * 21 + u32::from(m)) * 28 + u32::from(f)
        }
        (Jamo::Index(i), Jamo::Fill, Jamo::Fill) => u32::from(INITIAL_JAMO[i as usize]),
        (Jamo::Fill, Jamo::Index(m), Jamo::Fill) => 0x314F + u32::from(m),
        (Jamo::Fill, Jamo::Fill, Jamo::Index(f)) => u32::from(FINAL_JAMO[f as usize - 1]),
        // The ideographic space, as Python's `johab` codec has it (Microsoft's table: U+3164).
        (Jamo::Fill, Jamo::Fill, Jamo::Fill) => 0x3000,
        _ => return None,
    };
    char::from_u32(cp)
}

/// The KS X 1001 row and cell (each 0x21–0x7E) of a symbol or Hanja code (lead D9–DE or
/// E0–F9, trail 31–7E or 91–FE): each lead byte holds two rows. Row 4's jamo are coded as
/// Hangul, not here.
fn ksx1001(lead: u8, trail: u8) -> Option<(u8, u8)> {
    let rows = match lead {
        0xD9..=0xDE => 2 * (lead - 0xD9),
        0xE0..=0xF9 => 2 * (lead - 0xE0) + 41,
        _ => return None,
    };
    let t = match trail {
        0x31..=0x7E => trail - 0x31,
        0x91..=0xFE => trail - 0x43,
        _ => return None,
    };
    if lead == 0xDA && (0xA1..=0xD3).contains(&trail) {
        return None;
    }
    let (row, cell) = if t < 94 {
        (rows, t)
    } else {
        (rows + 1, t - 94)
    };
    Some((0x21 + row, 0x21 + cell))
}

/// A byte that begins a two-byte sequence.
pub fn is_lead(b: u8) -> bool {
    matches!(b, 0x84..=0xD3 | 0xD8..=0xDE | 0xE0..=0xF9)
}

/// The character of the two bytes `lead trail`, or `None` if Johab defines none.
pub fn decode_pair(lead: u8, trail: u8) -> Option<char> {
    match lead {
        0x84..=0xD3 => {
            if !matches!(trail, 0x41..=0x7E | 0x81..=0xFE) {
                return None;
            }
            hangul(u16::from_be_bytes([lead, trail]))
        }
        _ => {
            let (row, cell) = ksx1001(lead, trail)?;
            let euc = [row | 0x80, cell | 0x80];
            let (text, bad) = encoding_rs::EUC_KR.decode_without_bom_handling(&euc);
            let mut chars = text.chars();
            match (bad, chars.next(), chars.next()) {
                (false, Some(c), None) => Some(c),
                _ => None,
            }
        }
    }
}

/// The bytes of `c` in Johab, or `None` if Johab has no code for it: the inverse of
/// [`decode_pair`] (a jamo that is both an initial and a final is coded as the initial; the
/// ideographic space as KS X 1001's).
pub fn encode_char(c: char, out: &mut Vec<u8>) -> Option<()> {
    let cp = c as u32;
    if cp < 0x80 {
        out.push(cp as u8);
        return Some(());
    }
    let code = |i: u16, m: u16, f: u16| 0x8000 | (i << 10) | (m << 5) | f;
    let medial_code = |m: u16| match m {
        0..=4 => m + 3,
        5..=10 => m + 5,
        11..=16 => m + 7,
        _ => m + 9,
    };
    let final_code = |f: u16| match f {
        0 => 1,
        1..=16 => f + 1,
        _ => f + 2,
    };
    let hangul = if (0xAC00..=0xD7A3).contains(&cp) {
        let s = (cp - 0xAC00) as u16;
        Some(code(
            s / 588 + 2,
            medial_code(s % 588 / 28),
            final_code(s % 28),
        ))
    } else if let Some(i) = INITIAL_JAMO.iter().position(|&j| u32::from(j) == cp) {
        Some(code(i as u16 + 2, 2, 1))
    } else if (0x314F..=0x3163).contains(&cp) {
        Some(code(1, medial_code((cp - 0x314F) as u16), 1))
    } else {
        FINAL_JAMO
            .iter()
            .position(|&j| u32::from(j) == cp)
            .map(|f| code(1, 2, final_code(f as u16 + 1)))
    };
    if let Some(h) = hangul {
        out.extend_from_slice(&h.to_be_bytes());
        return Some(());
    }
    // A symbol or Hanja: its KS X 1001 row and cell, by EUC-KR.
    let mut buf = [0u8; 4];
    let (euc, _, unmappable) = encoding_rs::EUC_KR.encode(c.encode_utf8(&mut buf));
    let [b1, b2] = euc[..] else { return None };
    if unmappable || !(0xA1..=0xFE).contains(&b1) || !(0xA1..=0xFE).contains(&b2) {
        return None;
    }
    let (rr, cell) = (b1 - 0xA1, b2 - 0xA1);
    let (lead, second) = match rr {
        0..=11 => (0xD9 + rr / 2, rr % 2),
        41..=92 => (0xE0 + (rr - 41) / 2, (rr - 41) % 2),
        _ => return None,
    };
    let t = second * 94 + cell;
    let trail = if t < 78 { t + 0x31 } else { t + 0x43 };
    out.extend_from_slice(&[lead, trail]);
    Some(())
}

/// One step of decoding: the character and the bytes it took, or an error and the bytes to
/// skip (a lead byte alone when its trail is ASCII, which is then read as itself, as WHATWG
/// does for the CJK encodings). `None` when `bytes` ends inside a sequence and more may come.
pub fn step(bytes: &[u8], last: bool) -> super::Stepped {
    let b = *bytes.first()?;
    if b < 0x80 {
        return Some((Ok((char::from(b), None)), 1));
    }
    if !is_lead(b) {
        return Some((Err(()), 1));
    }
    let Some(&t) = bytes.get(1) else {
        return last.then_some((Err(()), 1));
    };
    Some(match decode_pair(b, t) {
        Some(c) => (Ok((c, None)), 2),
        None if t < 0x80 => (Err(()), 1),
        None => (Err(()), 2),
    })
}

/// Decodes `bytes` whole, counting malformed sequences and the offset of the first.
pub fn decode_counting(bytes: &[u8], last: bool) -> (String, u32, Option<usize>) {
    super::decode_stepped(step, bytes, last)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values checked against Python's `johab` codec.
    #[test]
    fn hangul_symbols_and_hanja() {
        assert_eq!(decode_counting(b"\xD0\x65\x8B\x69", true).0, "한글");
        // The first syllable and the last.
        assert_eq!(decode_pair(0x88, 0x61), Some('가'));
        assert_eq!(decode_pair(0xD3, 0xBD), Some('힣'));
        // Lone jamo and the filler.
        assert_eq!(decode_pair(0x88, 0x41), Some('ㄱ'));
        assert_eq!(decode_pair(0x84, 0x61), Some('ㅏ'));
        assert_eq!(decode_pair(0x84, 0x42), Some('ㄱ'));
        assert_eq!(decode_pair(0x84, 0x41), Some('\u{3000}'));
        // Symbols (KS X 1001 row 1) and Hanja (row 0x4A: 伽).
        assert_eq!(decode_pair(0xD9, 0x31), Some('\u{3000}'));
        assert_eq!(decode_pair(0xD9, 0x32), Some('、'));
        assert_eq!(decode_pair(0xE0, 0x31), Some('伽'));
        // Row 4's jamo are not coded here.
        assert_eq!(decode_pair(0xDA, 0xA1), None);
        // A trail byte out of range, a byte that leads nothing.
        assert_eq!(decode_pair(0x88, 0x30), None);
        let (text, errors, first) = decode_counting(b"a\xFF\x88A", true);
        assert_eq!((text.as_str(), errors, first), ("a\u{FFFD}ㄱ", 1, Some(1)));
        // Cut in the middle: waits, or an error at the end.
        assert_eq!(step(b"\x88", false), None);
        assert_eq!(step(b"\x88", true), Some((Err(()), 1)));
    }

    /// Every two-byte sequence, against a digest of Python's `johab` codec over the same
    /// 32,768 pairs (17,065 defined; made by a one-off script, sum of code point × pair
    /// value, rolled by 31, modulo 2^61 − 1).
    #[test]
    fn every_pair_matches_pythons_codec() {
        let (mut n, mut digest) = (0u32, 0u128);
        for l in 0x80..=0xFFu8 {
            for t in 0x00..=0xFFu8 {
                if let Some(c) = decode_pair(l, t).filter(|_| is_lead(l)) {
                    n += 1;
                    let v = u128::from(c as u32) * u128::from(u16::from_be_bytes([l, t]));
                    digest = (digest * 31 + v) % ((1 << 61) - 1);
                }
            }
        }
        assert_eq!((n, digest), (17_065, 1_687_087_004_654_949_973));
    }

    /// Every character Johab decodes encodes to bytes that decode to it again.
    #[test]
    fn encoding_inverts_decoding() {
        for l in 0x84..=0xF9u8 {
            for t in 0x00..=0xFFu8 {
                let Some(c) = decode_pair(l, t).filter(|_| is_lead(l)) else {
                    continue;
                };
                let mut out = Vec::new();
                assert_eq!(
                    encode_char(c, &mut out),
                    Some(()),
                    "{c} from {l:02X} {t:02X}"
                );
                assert_eq!(
                    decode_pair(out[0], out[1]),
                    Some(c),
                    "{c} from {l:02X} {t:02X}"
                );
            }
        }
        let mut out = Vec::new();
        assert_eq!(encode_char('한', &mut out), Some(()));
        assert_eq!(out, [0xD0, 0x65]);
        // As Python's `johab` codec: the euro sign of KS X 1001:1998, no `ä`.
        out.clear();
        assert_eq!(encode_char('€', &mut out), Some(()));
        assert_eq!(out, [0xD9, 0xE6]);
        assert_eq!(encode_char('ä', &mut out), None);
    }
}
