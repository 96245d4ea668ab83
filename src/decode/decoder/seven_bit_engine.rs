//! The decoder engine of the 7-bit schemes (HZ, ISO-2022-KR, ISO-2022-CN): the steps of
//! [`seven_bit::Reader`] handed to a decoder's sink with their byte lengths, so that the text
//! keeps its byte↔char offset map like every other decoding.

use super::Sink;
use crate::decode::seven_bit;

/// HZ, ISO-2022-KR or ISO-2022-CN ([`seven_bit::Reader`]): ASCII as itself, shifts as no
/// text, each shifted pair as its character, faults and sets not read here as errors. Returns
/// bytes consumed (a sequence cut off by the chunk's end waits for the next one).
pub(super) fn units(
    reader: &mut seven_bit::Reader,
    bytes: &[u8],
    pos: u64,
    last: bool,
    sink: &mut dyn Sink,
) -> usize {
    use seven_bit::Unit;
    let mut i = 0;
    let mut buf = [0u8; 4];
    while i < bytes.len() && !sink.stopped() {
        // A run of ASCII outside the shifts, handed over at once.
        if !reader.shifted() {
            let run = bytes[i..]
                .iter()
                .position(|&b| matches!(b, b'~' | 0x0E | 0x0F | 0x1B) || b >= 0x80)
                .unwrap_or(bytes.len() - i);
            if run > 0 {
                // Only ASCII bytes before the first that needs a look.
                sink.same(std::str::from_utf8(&bytes[i..i + run]).unwrap_or_default());
                i += run;
                continue;
            }
        }
        let n = match reader.step(&bytes[i..], last) {
            Unit::Incomplete => return i,
            Unit::Ascii(c) if c < 0x80 => {
                sink.same(std::str::from_utf8(&bytes[i..i + 1]).unwrap_or_default());
                1
            }
            Unit::Ascii(_) => {
                // A byte ≥ 0x80 is no part of a 7-bit scheme.
                if !sink.error(pos + i as u64, 1) {
                    return i;
                }
                1
            }
            Unit::Char(c, n) => {
                sink.chars(c.encode_utf8(&mut buf), n);
                n
            }
            Unit::Single(c) => {
                sink.chars(c.encode_utf8(&mut buf), 4);
                4
            }
            Unit::Shift(n) => {
                sink.skip(n);
                n
            }
            Unit::Undecoded(n) | Unit::Fault(n) => {
                if !sink.error(pos + i as u64, n) {
                    return i;
                }
                n
            }
            Unit::LineEndsRun => 0,
        };
        i += n;
    }
    i
}
