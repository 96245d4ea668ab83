//! The decoder engine of the encodings decoded one step at a time by a function of this tool
//! ([`Step`]: Johab, EUC-TW, JIS X 0213): ASCII runs as themselves, each multi-byte sequence as its
//! character, with the byte↔char offset map like every other decoding.

use super::Sink;
use crate::decode::Step;

/// Hands `bytes` to `sink`; returns bytes consumed (a sequence cut off by the chunk's end waits
/// for the next one).
pub(super) fn units(step: Step, bytes: &[u8], pos: u64, last: bool, sink: &mut dyn Sink) -> usize {
    let mut i = 0;
    let mut buf = [0u8; 4];
    while i < bytes.len() && !sink.stopped() {
        let run = bytes[i..]
            .iter()
            .position(|&b| b >= 0x80)
            .unwrap_or(bytes.len() - i);
        if run > 0 {
            // ASCII only, so valid UTF-8.
            sink.same(std::str::from_utf8(&bytes[i..i + run]).unwrap_or_default());
            i += run;
            continue;
        }
        match step(&bytes[i..], last) {
            None => return i,
            Some((Ok((c, None)), n)) => {
                sink.chars(c.encode_utf8(&mut buf), n);
                i += n;
            }
            Some((Ok((c, Some(next))), n)) => {
                let mut two = String::with_capacity(8);
                two.push(c);
                two.push(next);
                sink.chars(&two, n);
                i += n;
            }
            Some((Err(()), n)) => {
                if !sink.error(pos + i as u64, n) {
                    return i;
                }
                i += n;
            }
        }
    }
    i
}
