//! EUC-TW: Traditional Chinese in CNS 11643-1992, the EUC form of Taiwan's Unix systems, which
//! WHATWG does not decode (its Traditional Chinese is Big5). Plane 1 is two bytes, row and
//! cell (each A1–FE); any of planes 1–7 is four: SS2 (8E), A1 + plane − 1, row, cell. Bytes
//! below 0x80 are ASCII.
//!
//! The table is `assets/encoding/cns11643.bin` (`scripts/make_cns11643.py`, from glibc's
//! EUC-TW converter: 48,721 characters, 24,237 of them outside the BMP).

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

/// Planes 1–7, 94 × 94 cells each, three bytes little-endian per cell (0: none).
static TABLE: &[u8] = include_bytes!("../../assets/encoding/cns11643.bin");
const CELLS: usize = 94 * 94;

/// Single shift 2: the next byte names the plane.
const SS2: u8 = 0x8E;

fn in_94(b: u8) -> bool {
    (0xA1..=0xFE).contains(&b)
}

/// The character of CNS 11643 `plane` (1–7) at `row` and `cell` (each A1–FE), if defined.
pub fn cns(plane: u8, row: u8, cell: u8) -> Option<char> {
    if !(1..=7).contains(&plane) || !in_94(row) || !in_94(cell) {
        return None;
    }
    let i = ((usize::from(plane) - 1) * CELLS
        + usize::from(row - 0xA1) * 94
        + usize::from(cell - 0xA1))
        * 3;
    let cp = u32::from_le_bytes([TABLE[i], TABLE[i + 1], TABLE[i + 2], 0]);
    if cp == 0 { None } else { char::from_u32(cp) }
}

/// One step of decoding ([`super::Step`]): the character and the bytes it took, or an error
/// and the bytes to skip. A byte that cannot continue the sequence is not taken into the
/// error, so it is read again as the start of the next (as WHATWG's EUC decoders do with
/// ASCII). `None` when `bytes` ends inside a sequence and more may come.
pub fn step(bytes: &[u8], last: bool) -> super::Stepped {
    let b = *bytes.first()?;
    if b < 0x80 {
        return Some((Ok((char::from(b), None)), 1));
    }
    // The bytes each position of the sequence may hold after the first.
    let (len, plane_byte) = match b {
        SS2 => (4, true),
        0xA1..=0xFE => (2, false),
        _ => return Some((Err(()), 1)),
    };
    let fits = |k: usize, x: u8| {
        if k == 1 && plane_byte {
            (0xA1..=0xA7).contains(&x)
        } else {
            in_94(x)
        }
    };
    if let Some(stepped) = super::euc_trail(bytes, len, last, fits) {
        return stepped;
    }
    let c = if plane_byte {
        cns(bytes[1] - 0xA0, bytes[2], bytes[3])
    } else {
        cns(1, b, bytes[1])
    };
    Some((c.map(|c| (c, None)).ok_or(()), len))
}

/// Decodes `bytes` whole, counting malformed sequences and the offset of the first.
pub fn decode_counting(bytes: &[u8], last: bool) -> (String, u32, Option<usize>) {
    super::decode_stepped(step, bytes, last)
}

/// Every character's first code: plane 1 in its two-byte form, then planes 2–7.
fn codes() -> &'static FxHashMap<char, (u8, u8, u8)> {
    static CODES: OnceLock<FxHashMap<char, (u8, u8, u8)>> = OnceLock::new();
    CODES.get_or_init(|| {
        let mut map = FxHashMap::default();
        for plane in 1..=7u8 {
            for row in 0xA1..=0xFEu8 {
                for cell in 0xA1..=0xFEu8 {
                    if let Some(c) = cns(plane, row, cell) {
                        map.entry(c).or_insert((plane, row, cell));
                    }
                }
            }
        }
        map
    })
}

/// The bytes of `c` in EUC-TW, or `None` if CNS 11643 has no code for it: the inverse of
/// [`step`] (a character in two planes is written in the first).
pub fn encode_char(c: char, out: &mut Vec<u8>) -> Option<()> {
    if c.is_ascii() {
        out.push(c as u8);
        return Some(());
    }
    let &(plane, row, cell) = codes().get(&c)?;
    if plane == 1 {
        out.extend_from_slice(&[row, cell]);
    } else {
        out.extend_from_slice(&[SS2, 0xA0 + plane, row, cell]);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values checked against glibc's iconv (`iconv -f EUC-TW`).
    #[test]
    fn planes_and_forms() {
        // 中文 in plane 1, two-byte and four-byte forms alike.
        assert_eq!(decode_counting(b"\xC4\xE3\xC5\xC6", true).0, "中文");
        assert_eq!(decode_counting(b"\x8E\xA1\xC4\xE3", true).0, "中");
        // The ideographic space opens plane 1; plane 2 begins with 乂.
        assert_eq!(cns(1, 0xA1, 0xA1), Some('\u{3000}'));
        assert_eq!(cns(2, 0xA1, 0xA1), Some('乂'));
        // Planes past 7 do not exist; a cell plane 1 leaves empty.
        assert_eq!(step(b"\x8E\xA8\xA1\xA1", true), Some((Err(()), 1)));
        assert_eq!(cns(1, 0xFE, 0xFE), None);
        // A lead byte before ASCII: one error, and the ASCII byte is read again.
        let (text, errors, first) = decode_counting(b"a\xC4b", true);
        assert_eq!((text.as_str(), errors, first), ("a\u{FFFD}b", 1, Some(1)));
        // Bytes that lead nothing.
        assert_eq!(step(b"\x80", true), Some((Err(()), 1)));
        assert_eq!(step(b"\xFF\xA1", true), Some((Err(()), 1)));
        // Cut in the middle: waits, or an error for what there is at the end.
        assert_eq!(step(b"\x8E\xA2\xA1", false), None);
        assert_eq!(step(b"\x8E\xA2\xA1", true), Some((Err(()), 3)));
        assert_eq!(step(b"\xC4", false), None);
    }

    /// The table as `scripts/make_cns11643.py` documents it: how many characters each plane
    /// holds, and how many lie outside the BMP.
    #[test]
    fn the_table_holds_what_its_script_says() {
        let mut per_plane = [0usize; 7];
        let mut astral = 0;
        for plane in 1..=7u8 {
            for row in 0xA1..=0xFEu8 {
                for cell in 0xA1..=0xFEu8 {
                    if let Some(c) = cns(plane, row, cell) {
                        per_plane[usize::from(plane) - 1] += 1;
                        astral += usize::from(c as u32 > 0xFFFF);
                    }
                }
            }
        }
        assert_eq!(per_plane, [5867, 7650, 6394, 7286, 8601, 6386, 6537]);
        assert_eq!(astral, 24_237);
    }

    /// Every character EUC-TW decodes encodes to bytes that decode to it again.
    #[test]
    fn encoding_inverts_decoding() {
        for (&c, _) in codes().iter() {
            let mut out = Vec::new();
            assert_eq!(encode_char(c, &mut out), Some(()), "{c}");
            assert_eq!(step(&out, true), Some((Ok((c, None)), out.len())), "{c}");
        }
        let mut out = Vec::new();
        assert_eq!(encode_char('中', &mut out), Some(()));
        assert_eq!(out, [0xC4, 0xE3]);
        assert_eq!(encode_char('ä', &mut out), None);
    }
}
