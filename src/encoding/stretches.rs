//! Stretches: the runs of bytes between delimiters that hold a non-ASCII byte — the only
//! places where ASCII-compatible encodings read a sample differently. The likely verdict
//! weighs them (condensed), segmentation cuts between them.

/// Bytes that end a stretch: white space and markup delimiters, which no legacy multi-byte
/// encoding uses as a trail byte (so a multi-byte character never straddles a stretch's end).
pub(crate) fn is_delim(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | b'<' | b'>' | 0x0C)
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
        while end < to && !is_delim(bytes[end]) {
            end += 1;
        }
        i = end;
        Some((start, end))
    })
}
