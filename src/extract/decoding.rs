//! Text of a file or a part decoded by the encoding stage's rules (BOM, transport, declaration,
//! validity, statistics; or the user's choice for the file's own bytes), with the diagnostics
//! every extractor reports for it: the charset and how it was decided, decode errors, bytes
//! that are not UTF-8.

use super::Options;
use super::diagnostic::{Diagnostic, DiagnosticKind};
use crate::decode::seven_bit::SevenBit;
use crate::decode::{self, charset::Charset};
use crate::encoding::{self, DecidedBy};
use crate::source::Input;

/// Text decoded from bytes by the encoding stage's rules, for extractors.
pub struct DecodedText {
    pub text: String,
    pub charset: Charset,
    pub decided_by: DecidedBy,
    /// The decoding's offset map and errors; its `text` is empty (moved into `text` above).
    pub decoded: decode::Decoded,
    /// Invalid UTF-8 sequences in the bytes (whatever they were decoded as), and the first.
    pub invalid_utf8: u64,
    pub first_invalid: Option<crate::decode::validity::InvalidSequence>,
    /// The bytes hold something other than ASCII.
    pub non_ascii: bool,
    /// Chinese or Korean in 7-bit shifts that the decision reads as ASCII letters.
    pub seven_bit: Option<SevenBit>,
    /// Text in EBCDIC that the decision reads in an ASCII-compatible encoding: the likely
    /// EBCDIC page and its confidence.
    pub ebcdic: Option<(Charset, f64)>,
}

/// Decodes `bytes` with the encoding the evidence decides (BOM, transport, declaration,
/// validity, statistics — the precedence of the bytes' kind), as the encoding stage does for a
/// file. `content_type` is a transport or MIME-part `Content-Type` value.
pub fn decode_text(name: &str, bytes: Vec<u8>, content_type: Option<&str>) -> DecodedText {
    decode_with(name, bytes, content_type, None)
}

/// [`decode_text`] for a top-level file's bytes: the user's encoding, when `opts` has one,
/// decides (`decided by user`).
pub fn decode_file_text(name: &str, bytes: Vec<u8>, opts: &Options) -> DecodedText {
    decode_with(
        name,
        bytes,
        opts.content_type.as_deref(),
        opts.encoding.as_ref(),
    )
}

pub(super) fn decode_with(
    name: &str,
    bytes: Vec<u8>,
    content_type: Option<&str>,
    user: Option<&crate::decode::LabelResolution>,
) -> DecodedText {
    let input = Input::from_bytes(name, bytes);
    let opts = encoding::Options {
        content_type: content_type.map(str::to_string),
        user_encodings: user.cloned().into_iter().collect(),
        decision_only: true,
        ..Default::default()
    };
    let (cs, by, skip, validity, seven_bit) = match encoding::analyze(&input, &opts) {
        Ok(a) => (
            a.decision.encoding,
            a.decision.decided_by,
            a.decision.bom_len,
            Some(a.validity),
            a.seven_bit,
        ),
        Err(_) => (Charset::UTF_8, DecidedBy::Validity, 0, None, None),
    };
    let all = input.as_slice().unwrap_or(&[]);
    let head = &all[..all.len().min(encoding::SAMPLE_BYTES)];
    let ebcdic = (!matches!(cs, Charset::Ebcdic(_)) && crate::format::in_ebcdic(head)).then(|| {
        let l = encoding::likely::in_ebcdic(head, 0, cs);
        (l.name, l.confidence)
    });
    let mut d = decode::decode(
        &all[skip.min(all.len())..],
        skip as u64,
        cs,
        decode::ErrorMode::Replace,
        true,
    );
    DecodedText {
        // Moved, not copied: a copy of a large text is as many fresh pages for the kernel to
        // zero (7 % of auditing 30 MB files).
        text: std::mem::take(&mut d.text),
        charset: cs,
        decided_by: by,
        decoded: d,
        invalid_utf8: validity.as_ref().map_or(0, |v| v.invalid_sequences),
        first_invalid: validity.as_ref().and_then(|v| v.first_invalid.clone()),
        non_ascii: validity.as_ref().is_some_and(|v| !v.is_pure_ascii()),
        seven_bit,
        ebcdic,
    }
}

/// Diagnostics of a decoding: the charset and how it was decided, and decode errors.
pub fn charset_diagnostics(what: &str, d: &DecodedText) -> Vec<Diagnostic> {
    let mut charset = Diagnostic::new(
        DiagnosticKind::Charset,
        format!(
            "{what} decoded as {} (decided by {})",
            d.charset.name(),
            d.decided_by.noun()
        ),
    );
    charset.decided_by = Some(d.decided_by);
    let mut out = vec![charset];
    if let Some(first) = &d.first_invalid
        && !d.charset.is_unicode()
    {
        // Not UTF-8: a legacy decoding reads every byte, but the bytes say so.
        out.push(
            Diagnostic::new(
                DiagnosticKind::NotUtf8,
                format!(
                    "{what} is not valid UTF-8: {} invalid sequence{}, the first at byte {} ({})",
                    d.invalid_utf8,
                    if d.invalid_utf8 == 1 { "" } else { "s" },
                    first.byte_span.start,
                    first.bytes_hex
                ),
            )
            .count(d.invalid_utf8)
            .at_bytes(first.byte_span),
        );
    }
    if let Some(s) = &d.seven_bit {
        out.push(
            Diagnostic::new(
                DiagnosticKind::SevenBit,
                format!(
                    "{what} is {} ({}): {} characters of {} in 7-bit shifts ({}), which no WHATWG decoder reads; {} (the likely reading decodes them)",
                    s.scheme.name(),
                    s.scheme.rfc(),
                    s.characters,
                    s.scheme.charset(),
                    s.scheme.shifts(),
                    if d.charset == Charset::Whatwg(encoding_rs::REPLACEMENT) {
                        "the label made the whole of it one U+FFFD"
                    } else {
                        "the text holds their bytes as ASCII letters"
                    }
                ),
            )
            .count(s.characters as u64)
            .at_bytes(s.byte_span),
        );
    }
    if let Some((page, confidence)) = d.ebcdic {
        let bytes = d.decoded.map.src_end();
        out.push(
            Diagnostic::new(
                DiagnosticKind::Ebcdic,
                format!(
                    "{what} is EBCDIC text, which {} reads as gibberish: every character is wrong (likely {} at confidence {confidence:.2} decodes it)",
                    d.charset.name(),
                    page.name()
                ),
            )
            .count(bytes)
            .at_bytes(crate::span::ByteSpan::new(0, bytes)),
        );
    }
    if d.decoded.error_count > 0 {
        let first = d.decoded.errors.first();
        let mut diag = Diagnostic::new(
            DiagnosticKind::DecodeErrors,
            format!(
                "{what}: {} byte sequence{} invalid in {} became U+FFFD{}",
                d.decoded.error_count,
                if d.decoded.error_count == 1 { "" } else { "s" },
                d.charset.name(),
                first
                    .map(|e| format!(" (first at byte {})", e.byte_span.start))
                    .unwrap_or_default()
            ),
        )
        .count(d.decoded.error_count);
        if let Some(e) = first {
            diag = diag
                .at_bytes(e.byte_span)
                .at_text(e.text_offset, e.text_offset + 3);
        }
        out.push(diag);
    }
    out
}
