//! Fast scanning over ASCII: most documents a search pipeline sees are mostly ASCII, and most
//! analyses have nothing to do there. These helpers find the stretches that need a closer look
//! eight or more bytes at a time (SWAR: SIMD within a register, portable to any target).

use std::ops::Range;

const L: u64 = 0x0101_0101_0101_0101;
const H: u64 = 0x8080_8080_8080_8080;

/// High bit of each byte of `y` that is zero (exact: no carry crosses bytes).
#[inline(always)]
pub fn zero_bytes(y: u64) -> u64 {
    !(((y & !H) + !H) | y) & H
}

/// High bit of each byte of `x` equal to `c`.
#[inline(always)]
pub fn eq_bytes(x: u64, c: u8) -> u64 {
    zero_bytes(x ^ (L * c as u64))
}

/// High bit of each byte of `x` below `n` (`n` ≤ 0x80).
#[inline(always)]
pub fn lt_bytes(x: u64, n: u8) -> u64 {
    debug_assert!(n <= 0x80);
    !((x | H) - L * n as u64) & !x & H
}

/// High bit of each byte of `x` that is not ASCII.
#[inline(always)]
pub fn high_bytes(x: u64) -> u64 {
    x & H
}

/// The high bits packed into the low eight bits, byte k → bit k.
#[inline(always)]
pub fn movemask(m: u64) -> u64 {
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// Up to eight bytes as a little-endian word, padded with `pad`.
#[inline(always)]
pub fn word(chunk: &[u8], pad: u8) -> u64 {
    let mut w = [pad; 8];
    w[..chunk.len()].copy_from_slice(chunk);
    u64::from_le_bytes(w)
}

/// Offset of the first byte at or after `from` that is not ASCII.
pub fn next_non_ascii(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i + 32 <= b.len() {
        if b[i..i + 32].is_ascii() {
            i += 32;
        } else {
            break;
        }
    }
    b[i..].iter().position(|&c| c >= 0x80).map(|p| i + p)
}

/// Ranges of `text` that hold all its non-ASCII characters, each starting and ending on an
/// ASCII character (or the text's ends) and widened by one ASCII character in front, which
/// may be the base of combining marks. Between two ranges lie at least `gap` ASCII bytes.
///
/// A cut between two ASCII characters is a normalisation boundary (UAX #15: both are
/// starters that compose with nothing before them), so a stretch can be normalised on its own.
pub fn non_ascii_stretches(text: &str, gap: usize) -> NonAsciiStretches<'_> {
    NonAsciiStretches {
        b: text.as_bytes(),
        pos: 0,
        gap: gap.max(1),
    }
}

/// Iterator of [`non_ascii_stretches`].
pub struct NonAsciiStretches<'a> {
    b: &'a [u8],
    pos: usize,
    gap: usize,
}

impl Iterator for NonAsciiStretches<'_> {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        let b = self.b;
        let n = b.len();
        let q = next_non_ascii(b, self.pos)?;
        let start = q.saturating_sub(1).max(self.pos);
        // Walk eight bytes at a time, remembering the last non-ASCII byte, until `gap` ASCII
        // bytes follow it.
        let mut last_high = q;
        let mut i = q + 1;
        while i < n && i - (last_high + 1) < self.gap {
            let take = (n - i).min(8);
            let h = movemask(high_bytes(word(&b[i..i + take], 0)));
            if h != 0 {
                last_high = i + 7 - (h as u8).leading_zeros() as usize;
            }
            i += take;
        }
        let end = last_high + 1;
        self.pos = end;
        Some(start..end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swar_matches_bytewise() {
        for base in (0..=255u8).step_by(8) {
            let bytes: Vec<u8> = (base..=base.saturating_add(7)).collect();
            let x = word(&bytes, b'x');
            for (k, &c) in bytes.iter().enumerate() {
                let bit = |m: u64| movemask(m) >> k & 1 == 1;
                assert_eq!(bit(eq_bytes(x, 0x20)), c == 0x20);
                assert_eq!(bit(lt_bytes(x, 0x21)), c < 0x21);
                assert_eq!(bit(high_bytes(x)), c >= 0x80);
            }
        }
    }

    #[test]
    fn stretches_cover_every_non_ascii_byte() {
        let text = format!(
            "{}é{}ü and ö{}",
            "a".repeat(40),
            "b".repeat(40),
            "c".repeat(3)
        );
        let s: Vec<_> = non_ascii_stretches(&text, 8).collect();
        assert_eq!(s.len(), 2);
        assert_eq!(&text[s[0].clone()], "aé");
        assert_eq!(&text[s[1].clone()], "bü and ö");
        assert_eq!(non_ascii_stretches("plain", 8).count(), 0);
        let all: Vec<_> = non_ascii_stretches("éé", 8).collect();
        assert_eq!(all, vec![0..4]);
        assert_eq!(next_non_ascii(text.as_bytes(), 0), Some(40));
    }
}
