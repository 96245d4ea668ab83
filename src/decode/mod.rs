//! Bytes → characters at the byte level, below every judgement: what a byte order mark says,
//! what a declaration names, whether the bytes are valid UTF-8, how a charset decodes them
//! (with the byte↔char offset map), and a decoded window of a large input.
//!
//! Nothing here decides anything: [`crate::format`] sniffs with these tools, and
//! [`crate::encoding`] above it weighs the evidence and picks the encoding. Labels follow the
//! WHATWG Encoding Standard; UTF-8 validity follows RFC 3629.

pub mod bom;
pub mod charset;
pub mod declared;
pub mod decoder;
pub mod ebcdic;
mod ebcdic_tables;
pub mod euc_tw;
pub mod jis_x_0213;
pub mod johab;
pub mod offsets;
mod pages;
pub mod seven_bit;
pub mod stream;
pub mod validity;
pub mod window;

pub use charset::{Charset, LabelResolution};
pub use decoder::*;

/// One step of a decoder this tool writes as a function (Johab, EUC-TW, JIS X 0213): the
/// character at the start of `bytes` — with a second, combining one where the code stands for
/// two (JIS X 0213's `か゚`) — and the bytes it took, or an error and the bytes to skip; `None`
/// when `bytes` ends inside a sequence and more may come (`last` false).
pub type Step = fn(&[u8], bool) -> Stepped;

/// What one [`Step`] gives.
pub type Stepped = Option<(Result<(char, Option<char>), ()>, usize)>;

/// The step function of an encoding this tool decodes one step at a time (Johab, EUC-TW,
/// Shift_JIS-2004, EUC-JIS-2004).
pub fn step_of(cs: Charset) -> Option<Step> {
    match cs {
        Charset::Johab => Some(johab::step),
        Charset::EucTw => Some(euc_tw::step),
        Charset::ShiftJis2004 => Some(jis_x_0213::step_sjis),
        Charset::EucJis2004 => Some(jis_x_0213::step_euc),
        _ => None,
    }
}

/// The bytes after an EUC lead byte (EUC-TW, EUC-JIS-2004): each position `k` of a sequence
/// of `len` bytes must fit `fits(k, byte)`. `Some` of what the step gives when they do not —
/// an error that leaves the byte that does not fit to be read again, or the wait for more
/// bytes — and `None` when the whole sequence is there.
pub(crate) fn euc_trail(
    bytes: &[u8],
    len: usize,
    last: bool,
    fits: impl Fn(usize, u8) -> bool,
) -> Option<Stepped> {
    for (k, &x) in bytes.iter().enumerate().take(len).skip(1) {
        if !fits(k, x) {
            return Some(Some((Err(()), k)));
        }
    }
    (bytes.len() < len).then(|| last.then_some((Err(()), bytes.len())))
}

/// Decodes `bytes` whole with `step`, counting malformed sequences and the offset of the first.
pub fn decode_stepped(step: Step, bytes: &[u8], last: bool) -> (String, u32, Option<usize>) {
    let mut out = String::with_capacity(bytes.len() * 2);
    let (mut errors, mut first, mut i) = (0u32, None, 0);
    while let Some((r, n)) = step(&bytes[i..], last) {
        match r {
            Ok((c, next)) => {
                out.push(c);
                out.extend(next);
            }
            Err(()) => {
                errors += 1;
                first.get_or_insert(i);
                out.push('\u{FFFD}');
            }
        }
        i += n;
    }
    (out, errors, first)
}
