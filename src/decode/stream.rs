//! Whole inputs through a decoder in constant memory: the one loop that clips the input's
//! chunks to a byte range (after a byte order mark), says which piece is the last, and feeds a
//! [`StreamDecoder`] or an [`ErrorCounter`]. `decode`, `fix`, the encoding stage's whole-file
//! error counts all stream through here.

use super::{Charset, DecodeStats, ErrorCounter, ErrorMode, StreamDecoder};
use crate::error::SourceError;
use crate::source::Input;

/// Hands `f` the bytes `[start, end)` of `input` a chunk at a time: the piece's offset, its
/// bytes, and whether it is the last. `f` returns false to stop. Returns whether the range was
/// read to its end.
pub fn for_each_piece(
    input: &Input,
    start: u64,
    end: u64,
    mut f: impl FnMut(u64, &[u8], bool) -> bool,
) -> Result<bool, SourceError> {
    let end = end.min(input.len());
    if start >= end {
        return Ok(f(start, &[], true));
    }
    let mut finished = false;
    input.for_each_chunk(|off, chunk| {
        let chunk_end = off + chunk.len() as u64;
        if chunk_end <= start {
            return true;
        }
        let from = start.saturating_sub(off) as usize;
        let to = (end.min(chunk_end) - off) as usize;
        let last = chunk_end >= end;
        let go_on = f(off + from as u64, &chunk[from..to], last);
        finished = last && go_on;
        go_on && !last
    })?;
    Ok(finished)
}

/// Decodes bytes `[start, end)` of `input` under `charset` in `mode`, handing each decoded
/// piece of text to `f` (false stops). Returns whether the range was decoded to its end.
pub fn decode_range(
    input: &Input,
    charset: Charset,
    mode: ErrorMode,
    start: u64,
    end: u64,
    mut f: impl FnMut(&str) -> bool,
) -> Result<bool, SourceError> {
    let mut dec = StreamDecoder::new(charset, start, mode);
    for_each_piece(input, start, end, |_, piece, last| f(dec.feed(piece, last)))
}

/// Counts the malformed sequences of bytes `[start, end)` of `input` under `charset`, telling
/// `progress` how far it got after each chunk; `None` when `progress` said stop.
pub fn count_errors(
    input: &Input,
    charset: Charset,
    start: u64,
    end: u64,
    mut progress: impl FnMut(u64) -> bool,
) -> Result<Option<DecodeStats>, SourceError> {
    let mut counter = ErrorCounter::new(charset, start);
    let done = for_each_piece(input, start, end, |off, piece, last| {
        counter.feed(piece, last);
        progress(off + piece.len() as u64)
    })?;
    Ok(done.then(|| counter.finish()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_cover_the_range_once() {
        let input = Input::from_bytes("t", b"\xEF\xBB\xBFcaf\xC3\xA9 and more".to_vec());
        let mut got = Vec::new();
        let done = for_each_piece(&input, 3, 9, |off, p, last| {
            got.push((off, p.to_vec(), last));
            true
        })
        .unwrap();
        assert!(done);
        assert_eq!(got, vec![(3, b"caf\xC3\xA9 ".to_vec(), true)]);
        let mut text = String::new();
        decode_range(
            &input,
            Charset::UTF_8,
            ErrorMode::Replace,
            3,
            input.len(),
            |t| {
                text.push_str(t);
                true
            },
        )
        .unwrap();
        assert_eq!(text, "café and more");
        let bad = Input::from_bytes("b", b"ok \xFF ok \xC3".to_vec());
        let s = count_errors(&bad, Charset::UTF_8, 0, bad.len(), |_| true)
            .unwrap()
            .unwrap();
        assert_eq!(s.replacement_chars, 2);
        assert_eq!(s.first_error_offset, Some(3));
        assert!(
            count_errors(&bad, Charset::UTF_8, 0, bad.len(), |_| false)
                .unwrap()
                .is_none()
        );
    }
}
