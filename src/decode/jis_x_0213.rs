//! Shift_JIS-2004 and EUC-JIS-2004: Japanese in JIS X 0213:2004, whose plane 1 adds to JIS X
//! 0208's rows the kanji and kana of names and literature (`鷗`, `頰`, `か゚`) and whose plane 2
//! holds 2,436 rarer kanji (`𩸽`). WHATWG decodes neither: its Shift_JIS (CP932) and EUC-JP
//! read their JIS X 0208 part alike and leave the rest undecoded.
//!
//! EUC-JIS-2004: plane 1 is two bytes, row and cell (each A1–FE); plane 2 is three, 8F, row,
//! cell; 8E and one byte A1–DF are half-width katakana. Shift_JIS-2004 (JIS X 0213 annex 1):
//! a lead byte covers two rows, the trail byte says which and the cell; leads F0–FC are plane
//! 2. Bytes below 0x80 are ASCII in both (Python's `shift_jis_2004` reads 5C and 7E as JIS X
//! 0201's `¥` and `‾`; WHATWG's Shift_JIS and this tool keep them ASCII).
//!
//! The table is `assets/encoding/jisx0213.bin` (`scripts/make_jis_x_0213.py`, from Python's
//! `euc_jis_2004` codec: 17,300 codes, 25 of them two code points; like that codec, the
//! plane-2 rows JIS X 0213 leaves free read as JIS X 0212 after 8F).

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

/// Planes 1–2, 94 × 94 cells each, two code points of three bytes little-endian per cell (0:
/// none).
static TABLE: &[u8] = include_bytes!("../../assets/encoding/jisx0213.bin");
const CELLS: usize = 94 * 94;

/// What one code decodes to: a character, and a combining one where the code stands for two.
type Chars = (char, Option<char>);

fn code_point(i: usize) -> Option<char> {
    let cp = u32::from_le_bytes([TABLE[i], TABLE[i + 1], TABLE[i + 2], 0]);
    if cp == 0 { None } else { char::from_u32(cp) }
}

/// The characters of JIS X 0213 `plane` (1–2) at `row` and `cell` (each 1–94), if defined.
pub fn cell(plane: u8, row: u8, cell: u8) -> Option<Chars> {
    if !(1..=2).contains(&plane) || !(1..=94).contains(&row) || !(1..=94).contains(&cell) {
        return None;
    }
    let i =
        ((usize::from(plane) - 1) * CELLS + usize::from(row - 1) * 94 + usize::from(cell - 1)) * 6;
    Some((code_point(i)?, code_point(i + 3)))
}

/// The two rows a Shift_JIS-2004 lead byte covers, and their plane (JIS X 0213 annex 1).
fn sjis_rows(lead: u8) -> Option<(u8, u8, u8)> {
    Some(match lead {
        0x81..=0x9F => (1, (lead - 0x81) * 2 + 1, (lead - 0x81) * 2 + 2),
        0xE0..=0xEF => (1, (lead - 0xE0) * 2 + 63, (lead - 0xE0) * 2 + 64),
        0xF0 => (2, 1, 8),
        0xF1 => (2, 3, 4),
        0xF2 => (2, 5, 12),
        0xF3 => (2, 13, 14),
        0xF4 => (2, 15, 78),
        0xF5..=0xFC => (2, (lead - 0xF5) * 2 + 79, (lead - 0xF5) * 2 + 80),
        _ => return None,
    })
}

/// The plane, row and cell of a Shift_JIS-2004 code, if `lead` and `trail` have its shape.
fn sjis_code(lead: u8, trail: u8) -> Option<(u8, u8, u8)> {
    let (plane, odd, even) = sjis_rows(lead)?;
    match trail {
        0x40..=0x7E => Some((plane, odd, trail - 0x3F)),
        0x80..=0x9E => Some((plane, odd, trail - 0x40)),
        0x9F..=0xFC => Some((plane, even, trail - 0x9E)),
        _ => None,
    }
}

/// One step of decoding Shift_JIS-2004 ([`super::Step`]). An ASCII trail byte that makes no
/// code is read again as itself, as WHATWG's decoders do.
pub fn step_sjis(bytes: &[u8], last: bool) -> super::Stepped {
    let b = *bytes.first()?;
    match b {
        0x00..=0x7F => return Some((Ok((char::from(b), None)), 1)),
        // Half-width katakana (JIS X 0201).
        0xA1..=0xDF => {
            return Some((Ok((char::from_u32(0xFF61 + u32::from(b - 0xA1))?, None)), 1));
        }
        _ if sjis_rows(b).is_none() => return Some((Err(()), 1)),
        _ => {}
    }
    let Some(&t) = bytes.get(1) else {
        return last.then_some((Err(()), 1));
    };
    Some(match sjis_code(b, t).and_then(|(p, r, c)| cell(p, r, c)) {
        Some(chars) => (Ok(chars), 2),
        None if t < 0x80 => (Err(()), 1),
        None => (Err(()), 2),
    })
}

fn in_94(b: u8) -> bool {
    (0xA1..=0xFE).contains(&b)
}

/// One step of decoding EUC-JIS-2004 ([`super::Step`]). A byte that cannot continue the
/// sequence is not taken into the error.
pub fn step_euc(bytes: &[u8], last: bool) -> super::Stepped {
    let b = *bytes.first()?;
    let len = match b {
        0x00..=0x7F => return Some((Ok((char::from(b), None)), 1)),
        0x8E | 0xA1..=0xFE => 2,
        0x8F => 3,
        _ => return Some((Err(()), 1)),
    };
    let fits = |_: usize, x: u8| {
        if b == 0x8E {
            (0xA1..=0xDF).contains(&x)
        } else {
            in_94(x)
        }
    };
    if let Some(stepped) = super::euc_trail(bytes, len, last, fits) {
        return stepped;
    }
    let chars = match b {
        0x8E => char::from_u32(0xFF61 + u32::from(bytes[1] - 0xA1)).map(|c| (c, None)),
        0x8F => cell(2, bytes[1] - 0xA0, bytes[2] - 0xA0),
        _ => cell(1, b - 0xA0, bytes[1] - 0xA0),
    };
    Some((chars.ok_or(()), len))
}

/// Every code by what it decodes to: the first code of each character (and of each pair), in
/// JIS X 0213's rows before the JIS X 0212 ones.
fn codes() -> &'static FxHashMap<Chars, (u8, u8, u8)> {
    static CODES: OnceLock<FxHashMap<Chars, (u8, u8, u8)>> = OnceLock::new();
    CODES.get_or_init(|| {
        let mut map = FxHashMap::default();
        // JIS X 0213's own rows first: a character JIS X 0212 codes too is written where
        // Shift_JIS-2004 can reach it.
        let own = |plane: u8, row: u8| plane == 1 || sjis_bytes((plane, row, 1)).is_some();
        let rows = (1..=2u8).flat_map(|p| (1..=94u8).map(move |r| (p, r)));
        let (first, rest): (Vec<_>, Vec<_>) = rows.partition(|&(p, r)| own(p, r));
        for (plane, row) in first.into_iter().chain(rest) {
            for c in 1..=94u8 {
                if let Some(chars) = cell(plane, row, c) {
                    map.entry(chars).or_insert((plane, row, c));
                }
            }
        }
        map
    })
}

/// The Shift_JIS-2004 bytes of a plane, row and cell: the inverse of [`sjis_code`].
fn sjis_bytes((plane, row, cell): (u8, u8, u8)) -> Option<[u8; 2]> {
    let lead = (0x81..=0xFCu8).find(|&l| {
        sjis_rows(l).is_some_and(|(p, odd, even)| p == plane && (odd == row || even == row))
    })?;
    let (_, odd, _) = sjis_rows(lead)?;
    let trail = if row == odd {
        if cell <= 63 { cell + 0x3F } else { cell + 0x40 }
    } else {
        cell + 0x9E
    };
    Some([lead, trail])
}

/// The bytes of `text` in Shift_JIS-2004 (`sjis`) or EUC-JIS-2004, or `None` if JIS X 0213
/// has no code for one of its characters: the inverse of the steps (a pair of a letter and a
/// combining mark that JIS X 0213 codes as one is written as that code).
pub fn encode(text: &str, sjis: bool) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii() {
            out.push(c as u8);
            continue;
        }
        if ('\u{FF61}'..='\u{FF9F}').contains(&c) {
            let b = 0xA1 + (c as u32 - 0xFF61) as u8;
            if !sjis {
                out.push(0x8E);
            }
            out.push(b);
            continue;
        }
        let pair = chars
            .peek()
            .and_then(|&n| codes().get(&(c, Some(n))).copied());
        let code = match pair {
            Some(code) => {
                chars.next();
                code
            }
            None => *codes().get(&(c, None))?,
        };
        let (plane, row, cell) = code;
        if sjis {
            out.extend_from_slice(&sjis_bytes(code)?);
        } else if plane == 1 {
            out.extend_from_slice(&[0xA0 + row, 0xA0 + cell]);
        } else {
            out.extend_from_slice(&[0x8F, 0xA0 + row, 0xA0 + cell]);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values checked against Python's codecs (`shift_jis_2004`, `euc_jis_2004`).
    #[test]
    fn planes_and_forms() {
        // 鷗: plane 1 row 94 cell 69; 𩸽: plane 2 row 93 cell 44 (Shift_JIS-2004 FC 6B).
        assert_eq!(step_sjis(b"\xEF\xE3", true), Some((Ok(('鷗', None)), 2)));
        assert_eq!(step_euc(b"\xFE\xE5", true), Some((Ok(('鷗', None)), 2)));
        assert_eq!(step_sjis(b"\xFC\x6B", true), Some((Ok(('𩸽', None)), 2)));
        assert_eq!(step_euc(b"\x8F\xFD\xCC", true), Some((Ok(('𩸽', None)), 3)));
        // か゚, one code of two code points.
        assert_eq!(
            step_sjis(b"\x82\xF5", true),
            Some((Ok(('か', Some('\u{309A}'))), 2))
        );
        // JIS X 0208's part as Shift_JIS reads it; half-width katakana.
        assert_eq!(step_sjis(b"\x82\xA0", true), Some((Ok(('あ', None)), 2)));
        assert_eq!(step_sjis(b"\xB1", true), Some((Ok(('ｱ', None)), 1)));
        assert_eq!(step_euc(b"\x8E\xB1", true), Some((Ok(('ｱ', None)), 2)));
        // A lead before ASCII: the ASCII byte is read again; a cut sequence waits.
        assert_eq!(step_sjis(b"\x82 ", true), Some((Err(()), 1)));
        assert_eq!(step_euc(b"\x8F\xFD", false), None);
    }

    /// Every code encodes back to its bytes in both forms.
    #[test]
    fn every_code_round_trips() {
        for plane in 1..=2u8 {
            for row in 1..=94u8 {
                for c in 1..=94u8 {
                    let Some((a, b)) = cell(plane, row, c) else {
                        continue;
                    };
                    let text: String = std::iter::once(a).chain(b).collect();
                    // Python's table (and so this one) reads JIS X 0212 codes in the
                    // plane-2 rows JIS X 0213 leaves free, after 8F: Shift_JIS-2004 has no
                    // bytes for those rows.
                    let sjis_too = sjis_bytes((plane, row, c)).is_some();
                    for sjis in [true, false].into_iter().filter(|&s| sjis_too || !s) {
                        let bytes = encode(&text, sjis)
                            .unwrap_or_else(|| panic!("{plane}-{row}-{c} {text:?} {sjis}"));
                        let step = if sjis { step_sjis } else { step_euc };
                        let (got, n) = step(&bytes, true).unwrap();
                        let got = got.unwrap();
                        // A character coded twice decodes from its first code.
                        assert_eq!(got, (a, b), "{text} {bytes:02X?}");
                        assert_eq!(n, bytes.len());
                    }
                }
            }
        }
    }
}
