//! Verdicts UTF-8 validity settles before any reading is weighed (RFC 3629): legacy text
//! almost never forms valid multi-byte sequences by chance, and less so with every one.

use crate::decode::validity::Utf8Validity;

/// UTF-8 with its confidence and the sentence that says why, when validity settles it: valid
/// with four multi-byte characters or more; with at most one damaged sequence in twenty among
/// twenty or more; or, for a whole input (`block` false), with one damaged sequence among four
/// or more. `None` otherwise (and for bytes holding NUL, which are UTF-16 or binary).
pub(super) fn utf8_by_validity(
    v: &Utf8Validity,
    has_nul: bool,
    block: bool,
) -> Option<(f64, String)> {
    if has_nul {
        return None;
    }
    let k = v.multibyte_sequences;
    if (v.valid || v.is_valid_but_truncated()) && k >= 4 {
        return Some((
            (1.0 - 0.5f64.powf(k as f64)).min(0.9995),
            format!(
                "the bytes are valid UTF-8 with {k} multi-byte characters: text in another encoding does not form them by chance"
            ),
        ));
    }
    if !v.valid && k >= 20 && v.invalid_sequences * 20 <= k {
        return Some((
            0.99,
            format!(
                "the bytes are UTF-8 ({k} valid multi-byte characters) with {} damaged sequences",
                v.invalid_sequences
            ),
        ));
    }
    // One damaged sequence among a few valid multi-byte characters: UTF-8 with a byte typed or
    // pasted in another encoding. A single-byte reading would misread every one of them to
    // read that byte (Finnish `ketään` as ISO-8859-10 `ketãīãīn` for one windows-1252 `½`);
    // legacy text forms four valid sequences with one invalid one only by double encoding,
    // which UTF-8 undoes. One character fewer counts toward the confidence. Not for a block
    // of a file being segmented: there the typed byte may be the first of a part in another
    // encoding, whose own reading the block's verdict must weigh.
    if !block && v.invalid_sequences == 1 && !v.is_valid_but_truncated() && k >= 4 {
        return Some((
            (1.0 - 0.5f64.powf(k as f64 - 1.0)).min(0.99),
            format!(
                "the bytes are UTF-8 ({k} valid multi-byte characters) with one damaged sequence"
            ),
        ));
    }
    None
}
