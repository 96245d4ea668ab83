//! Errors that are characters of a larger set: a double-byte code the WHATWG table leaves
//! empty although its bytes have the shape of one. Shift_JIS-2004 and EUC-JIS-2004 (JIS X
//! 0213) write a few hundred kanji and kana the JIS X 0208 rows lack, in the very byte ranges
//! of Shift_JIS and EUC-JP; vendors' Big5, EUC-KR and GBK extensions do the same. Those are
//! text the reading cannot name, not bytes of another encoding: a reading with one in a
//! hundred of them is still far nearer the truth than GBK's, which decodes every byte pair into
//! some Hanzi. Where Shift_JIS-2004 or EUC-JIS-2004 decodes them, `refine` names that encoding
//! instead of the WHATWG one.

use crate::decode::charset::Charset;
use encoding_rs::{BIG5, EUC_JP, EUC_KR, Encoding, GB18030, GBK, SHIFT_JIS};

/// Whether `lead`, `trail` (and, for EUC-JP's plane-2 prefix 8F, `third`) have the shape of a
/// double-byte code of `enc` (WHATWG Encoding's decoders, the byte ranges each accepts as a
/// lead and trail before it looks the pointer up).
fn well_formed(enc: &'static Encoding, lead: u8, trail: u8, third: Option<u8>) -> bool {
    let high = |b: u8| (0xA1..=0xFE).contains(&b);
    if enc == SHIFT_JIS {
        matches!(lead, 0x81..=0x9F | 0xE0..=0xFC) && matches!(trail, 0x40..=0x7E | 0x80..=0xFC)
    } else if enc == EUC_JP {
        match lead {
            0x8E => (0xA1..=0xDF).contains(&trail),
            0x8F => high(trail) && third.is_some_and(high),
            _ => high(lead) && high(trail),
        }
    } else if enc == EUC_KR {
        matches!(lead, 0x81..=0xFE) && matches!(trail, 0x41..=0x5A | 0x61..=0x7A | 0x81..=0xFE)
    } else if enc == GBK || enc == GB18030 {
        matches!(lead, 0x81..=0xFE) && matches!(trail, 0x40..=0x7E | 0x80..=0xFE)
    } else if enc == BIG5 {
        matches!(lead, 0x81..=0xFE) && matches!(trail, 0x40..=0x7E | 0xA1..=0xFE)
    } else {
        false
    }
}

/// Whether the malformed sequence that starts at `bytes[start]` has the shape of a
/// double-byte code of `enc` (see the module doc).
pub(super) fn shaped_at(enc: &'static Encoding, bytes: &[u8], start: usize) -> bool {
    let byte = |i: usize| bytes.get(start + i).copied();
    match (byte(0), byte(1)) {
        (Some(lead), Some(trail)) => well_formed(enc, lead, trail, byte(2)),
        _ => false,
    }
}

/// Whether `bytes` read in `cs`, a WHATWG double-byte encoding, fail only on codes shaped
/// like its own, no more than one in forty non-ASCII bytes (see [`extension_codes`]): a text
/// in an extension of `cs` (JIS X 0213 in EUC-JP), whose last line of extension kanji is no
/// part in another encoding.
pub(in crate::encoding) fn extended(cs: Charset, bytes: &[u8]) -> bool {
    if !cs.whatwg().is_some_and(super::features::cjk_encoding) {
        return false;
    }
    let (_, errors, shaped, _) = super::features::decode_counting_shaped(cs, bytes, true);
    let units = bytes.iter().filter(|&&b| b >= 0x80).count();
    errors > 0 && errors == shaped && shaped as usize * EXTENSION_SHARE <= units
}

/// One code shaped like a double-byte encoding's own but empty in its table in this many
/// non-ASCII bytes, at most, is an extension's character rather than a sign of another
/// encoding (JIS X 0213's test texts in Python's suite have one in 60–80).
const EXTENSION_SHARE: usize = 40;

/// Whether the `errors` of `cs`, a double-byte encoding, are, but for `allowed` of them, codes
/// shaped like its own that its WHATWG table leaves empty (`shaped`, see [`shaped_at`]), no
/// more than one in [`EXTENSION_SHARE`] of the `units` non-ASCII bytes: characters of an
/// extension (Shift_JIS-2004), which keep the reading in the running with its errors counted.
pub(super) fn extension_codes(
    cs: Charset,
    errors: u32,
    shaped: u32,
    units: usize,
    allowed: u32,
) -> bool {
    cs.whatwg().is_some_and(super::features::cjk_encoding)
        && errors - shaped <= allowed
        && shaped as usize * EXTENSION_SHARE <= units
}

/// The JIS X 0213 encoding that extends `cs` (Shift_JIS-2004 for Shift_JIS, EUC-JIS-2004 for
/// EUC-JP), and its step function.
fn extension_of(cs: Charset) -> Option<(Charset, crate::decode::Step)> {
    use crate::decode::jis_x_0213::{step_euc, step_sjis};
    match cs.whatwg()? {
        e if e == SHIFT_JIS => Some((Charset::ShiftJis2004, step_sjis)),
        e if e == EUC_JP => Some((Charset::EucJis2004, step_euc)),
        _ => None,
    }
}

/// Whether a code both encodings decode may differ between them: CP932's IBM kanji (leads
/// ED–EE, FA–FC), which JIS X 0213 puts other kanji at, and EUC-JP's JIS X 0212 codes (after
/// 8F), which are JIS X 0213's plane 2 in EUC-JIS-2004.
fn rival_code(bytes: &[u8]) -> bool {
    matches!(bytes[0], 0xED | 0xEE | 0xFA..=0xFC | 0x8F)
}

/// A Shift_JIS or EUC-JP verdict that leaves codes undecoded becomes Shift_JIS-2004 or
/// EUC-JIS-2004 where that decodes them (JIS X 0213's kanji: `鷗`, `頰`) and reads every
/// other code as the WHATWG one does — but for the codes the two sets fill differently
/// ([`rival_code`]), fewer than those it decodes: the same text, and the rest of it. Where
/// the two read any other code differently, or the extension leaves a code undecoded too, the
/// verdict stays.
pub(super) fn refine(l: &mut super::Likely, sample: &[u8], last: bool) {
    let Some((wider, step)) = extension_of(l.name) else {
        return;
    };
    let Some(enc) = l.name.whatwg() else {
        return;
    };
    // Nothing left undecoded (one pass, before the code-by-code comparison).
    if enc
        .decode_without_bom_handling_and_without_replacement(sample)
        .is_some()
    {
        return;
    }
    let (mut i, mut decoded, mut rivals) = (0, Vec::new(), Vec::new());
    while let Some((r, n)) = step(&sample[i..], last) {
        let bytes = &sample[i..i + n];
        i += n;
        if bytes[0] < 0x80 {
            continue;
        }
        let Ok((c, next)) = r else {
            return;
        };
        let ours: String = std::iter::once(c).chain(next).collect();
        match enc.decode_without_bom_handling_and_without_replacement(bytes) {
            Some(theirs) if theirs == ours => {}
            Some(theirs) if rival_code(bytes) => rivals.push(format!("{theirs} → {ours}")),
            Some(_) => return,
            None => decoded.push(ours),
        }
    }
    if decoded.len() <= rivals.len() {
        return;
    }
    let first = |v: &[String]| v.iter().take(4).cloned().collect::<Vec<_>>().join(", ");
    l.because.push_str(&format!(
        "; {wider} (JIS X 0213) decodes the {} codes {} leaves ({}){}",
        decoded.len(),
        l.name,
        first(&decoded),
        if rivals.is_empty() {
            format!(" and reads every other code as {} does", l.name)
        } else {
            format!(
                ", and reads {} code{} otherwise, where the two sets put different kanji ({})",
                rivals.len(),
                if rivals.len() == 1 { "" } else { "s" },
                first(&rivals)
            )
        }
    ));
    l.name = wider;
}

#[cfg(test)]
mod tests {
    use super::super::features::decode_counting_shaped;
    use crate::decode::charset::Charset;

    /// Shift_JIS `85 40` (row 9, empty in JIS X 0208, a JIS X 0213 kanji's code) has the
    /// encoding's shape; a lead byte before a space does not. Likewise EUC-JP `A9 A1`.
    #[test]
    fn empty_cells_are_told_from_broken_bytes() {
        let shaped = |enc, b: &[u8]| {
            let (_, errors, shaped, _) = decode_counting_shaped(Charset::Whatwg(enc), b, true);
            (shaped, errors)
        };
        use encoding_rs::{EUC_JP, SHIFT_JIS};
        assert_eq!(shaped(SHIFT_JIS, b"\x82\xa0\x85\x40\x82\xa2"), (1, 1));
        assert_eq!(shaped(SHIFT_JIS, b"\x82\xa0\x85 x"), (0, 1));
        assert_eq!(shaped(EUC_JP, b"\xa4\xa2\xa9\xa1"), (1, 1));
        assert_eq!(shaped(EUC_JP, b"\xa9a"), (0, 1));
    }
}
