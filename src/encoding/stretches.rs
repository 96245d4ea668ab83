//! Stretches: the runs of bytes between delimiters that hold a non-ASCII byte — the only
//! places where ASCII-compatible encodings read a sample differently. The likely verdict
//! weighs them (condensed), segmentation cuts between them.

/// Bytes that end a stretch: white space and markup delimiters, which no legacy multi-byte
/// encoding uses as a trail byte (so a multi-byte character never straddles a stretch's end)
/// — but Johab, whose Hanja and symbols take trail bytes 31–7E: see [`ends_stretch`].
pub(crate) fn is_delim(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | b'<' | b'>' | 0x0C)
}

/// Whether `bytes[at]` ends a stretch: a delimiter, unless it is `<` or `>` right after a
/// byte that leads a Johab Hanja or symbol (D8–F9, KS C 5601-1992 annex 3), whose trail it
/// may be (`ED 3C` is Johab's `亞`). Markup after such a byte only lengthens the stretch.
fn ends_stretch(bytes: &[u8], at: usize) -> bool {
    is_delim(bytes[at])
        && !(matches!(bytes[at], b'<' | b'>') && at > 0 && (0xD8..=0xF9).contains(&bytes[at - 1]))
}

/// The stretches of `bytes[from..to]` that hold a non-ASCII byte, in order, as `[start, end)`
/// offsets in `bytes`: from the delimiter before the first non-ASCII byte to the one after.
pub(crate) fn stretches(
    bytes: &[u8],
    from: usize,
    to: usize,
) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut i = from;
    std::iter::from_fn(move || {
        let hit = i + bytes[i..to].iter().position(|&b| b >= 0x80)?;
        let start = bytes[i..hit]
            .iter()
            .rposition(|&b| is_delim(b))
            .map_or(i, |q| i + q + 1);
        let mut end = hit;
        while end < to && !ends_stretch(bytes, end) {
            end += 1;
        }
        i = end;
        Some((start, end))
    })
}

/// The stretches of `sample` around non-ASCII bytes (to the nearest white space or markup
/// delimiter on each side), joined by newlines, up to `budget` bytes (the likely verdict's
/// `CONDENSED_BYTES`), then the first stretch holding each byte value not yet held (at most
/// 128 more); and for each piece, (offset in the condensed bytes, offset in the sample). Multi-byte characters never straddle
/// a piece boundary: the boundaries are ASCII white space or `<`/`>`, which no legacy
/// multi-byte encoding uses as a trail byte.
pub(crate) fn condense(sample: &[u8], budget: usize) -> (Vec<u8>, Vec<(usize, usize)>) {
    let mut out = Vec::new();
    let mut pieces = Vec::new();
    let mut held = [false; 256];
    let mut rest = None;
    for (start, end) in stretches(sample, 0, sample.len()) {
        if out.len() >= budget {
            rest = Some(start);
            break;
        }
        pieces.push((out.len(), start));
        out.extend_from_slice(&sample[start..end]);
        out.push(b'\n');
        for &b in &sample[start..end] {
            held[b as usize] = true;
        }
    }
    // Past the budget, the first stretch holding each byte value not yet held: readings that
    // decode the condensed bytes alike then decode the whole sample alike, and a letter met
    // only late (Hungarian `ű`, the one byte ISO-8859-16 and windows-1250 read differently)
    // is weighed.
    if let Some(from) = rest {
        let mut missing = [false; 256];
        for &b in &sample[from..] {
            missing[b as usize] = b >= 0x80 && !held[b as usize];
        }
        let mut left = missing.iter().filter(|&&m| m).count();
        for (start, end) in stretches(sample, from, sample.len()) {
            if left == 0 {
                break;
            }
            if sample[start..end]
                .iter()
                .any(|&b| b >= 0x80 && !held[b as usize])
            {
                pieces.push((out.len(), start));
                out.extend_from_slice(&sample[start..end]);
                out.push(b'\n');
                for &b in &sample[start..end] {
                    if missing[b as usize] && !held[b as usize] {
                        left -= 1;
                    }
                    held[b as usize] = true;
                }
            }
        }
    }
    (out, pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Up to the budget, every stretch in order; past it, only the first stretch holding a byte
    /// value not yet met, each piece mapped back to its offset in the sample.
    #[test]
    fn condense_keeps_every_byte_value_past_its_budget() {
        let sample = b"caf\xe9 na\xefve caf\xe9 caf\xe9 m\xfcde caf\xe9 \xfcber";
        let (out, pieces) = condense(sample, 10);
        assert_eq!(out, b"caf\xe9\nna\xefve\nm\xfcde\n");
        assert_eq!(pieces, vec![(0, 0), (5, 5), (11, 21)]);
        // Within budget, everything, repeats included.
        let (all, p) = condense(sample, 4096);
        assert_eq!(p.len(), 7);
        assert_eq!(all.len(), sample.len() - 6 + 7);
        assert_eq!(condense(b"only ascii", 10), (Vec::new(), Vec::new()));
    }

    /// `<` after a Johab Hanja lead byte is its trail (`ED 3C`, `亞`), not markup: the stretch
    /// runs on to the next delimiter (in Latin-1 `café<br>`, to the tag's end). After any
    /// other byte, `<` still ends it.
    #[test]
    fn a_johab_trail_byte_is_no_delimiter() {
        let johab = b"a \xed<\xb5w b";
        assert_eq!(
            stretches(johab, 0, johab.len()).collect::<Vec<_>>(),
            [(2, 6)]
        );
        let html = b"caf\xe9<br> m\xfc<br>";
        assert_eq!(
            stretches(html, 0, html.len()).collect::<Vec<_>>(),
            [(0, 7), (9, 11)]
        );
    }
}
