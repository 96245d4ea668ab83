//! Scanning a whole input for anomalies in bounded memory: decoded window by window (cut at line
//! ends, so line-level detectors see whole lines), with findings kept up to a cap and counts
//! exact.

use super::{Counts, Finding, ScanContext, scan_text};
use crate::decode::window::{Window, decode_window_mode};
use crate::decode::{Charset, ErrorMode};
use crate::error::SourceError;
use crate::source::Input;
use serde::Serialize;

/// Bytes decoded per window.
pub const WINDOW_BYTES: u64 = 4 << 20;

/// The anomalies of a whole document.
#[derive(Clone, Debug, Default, Serialize)]
pub struct DocumentScan {
    /// The first findings (up to the cap), in document order; text and char offsets are
    /// offsets in the whole decoded text.
    pub findings: Vec<Finding>,
    /// Whether findings were dropped because of the cap (counts are always complete).
    pub truncated: bool,
    pub counts: Counts,
    /// Lines ending in a hyphen / non-empty lines.
    pub hyphen_line_rate: f64,
    pub lines: u64,
    pub has_composed: bool,
    pub has_decomposed: bool,
    /// Characters in the decoded text.
    pub chars: u64,
}

impl DocumentScan {
    /// The normalisation forms present: `none` (no accents), `NFC`, `NFD`, or `mixed`.
    pub fn forms(&self) -> &'static str {
        match (self.has_composed, self.has_decomposed) {
            (false, false) => "none",
            (true, false) => "NFC",
            (false, true) => "NFD",
            (true, true) => "mixed",
        }
    }
}

/// Scans `input` decoded under `charset` (skipping `bom_len` bytes of byte order mark), keeping
/// at most `max_findings` findings.
pub fn scan_input(
    input: &Input,
    charset: Charset,
    bom_len: u64,
    max_findings: usize,
) -> Result<DocumentScan, SourceError> {
    scan_input_progress(
        input,
        charset,
        bom_len,
        max_findings,
        WINDOW_BYTES,
        ErrorMode::Replace,
        &mut |_| true,
    )
}

/// The anomalies of a decoded window, each with its byte span (those without one, such as a
/// balance of bidi controls over the whole text, are left out: a view jumps to bytes).
pub fn window_findings(w: &Window) -> Vec<Finding> {
    let mut findings = scan_text(
        &w.decoded.text,
        ScanContext {
            map: Some(&w.decoded.map),
            errors: &w.decoded.errors,
            mode: Some(w.mode),
            text_is_start: w.start <= w.bom_len,
            layout_counts_only: false,
            max_findings: None,
            coincidences: None,
        },
    )
    .findings;
    findings.retain(|f| f.byte_span.is_some());
    findings
}

/// [`scan_input`] with a chosen window size and error mode, telling `progress` the share of the input scanned after each
/// window; when it returns false the scan stops there, with what it has counted so far (the
/// explorer's worker, which shows progress and can be cancelled, counts through this: the same
/// detectors and the same totals as `delineate anomalies`).
pub fn scan_input_progress(
    input: &Input,
    charset: Charset,
    bom_len: u64,
    max_findings: usize,
    window: u64,
    mode: ErrorMode,
    progress: &mut dyn FnMut(f64) -> bool,
) -> Result<DocumentScan, SourceError> {
    let mut out = DocumentScan::default();
    let len = input.len();
    let coincidences = std::cell::OnceCell::new();
    let mut at = bom_len;
    let mut text_base = 0usize;
    let mut char_base = 0usize;
    let mut hyphen_lines = 0.0f64;
    loop {
        let w = decode_window_mode(input, charset, bom_len, at, 0, window, mode)?;
        let text = &w.decoded.text;
        // Cut at the last line end so no line is split between windows (unless the window is
        // the last, or one huge line).
        let cut = if w.at_end {
            text.len()
        } else {
            text.rfind('\n').map_or(text.len(), |p| p + 1)
        };
        let piece = &text[..cut];
        let s = scan_text(
            piece,
            ScanContext {
                map: Some(&w.decoded.map),
                errors: &w.decoded.errors,
                mode: Some(mode),
                text_is_start: at <= bom_len,
                layout_counts_only: false,
                // What is left of the document's cap: a window full of findings keeps only
                // those, however many it counts.
                max_findings: Some(max_findings.saturating_sub(out.findings.len())),
                coincidences: Some(&coincidences),
            },
        );
        out.counts.merge(&s.counts);
        out.truncated |= s.dropped > 0;
        out.has_composed |= s.has_composed;
        out.has_decomposed |= s.has_decomposed;
        hyphen_lines += s.hyphen_line_rate * s.lines as f64;
        out.lines += s.lines;
        for mut f in s.findings {
            if out.findings.len() >= max_findings {
                out.truncated = true;
                break;
            }
            f.text_start += text_base;
            f.text_end += text_base;
            f.char_start += char_base;
            f.char_end += char_base;
            out.findings.push(f);
        }
        let piece_chars = piece.chars().count();
        out.chars += piece_chars as u64;
        text_base += piece.len();
        char_base += piece_chars;
        if w.at_end && cut == text.len() {
            break;
        }
        // The next window starts at the first byte after the cut.
        let next = if cut < text.len() {
            w.span_of_text(cut).map_or(w.end, |s| s.start)
        } else {
            w.decoded.map.src_end()
        };
        if next <= at || next >= len {
            break;
        }
        at = next;
        if !progress(at as f64 / len.max(1) as f64) {
            break;
        }
    }
    out.hyphen_line_rate = if out.lines == 0 {
        0.0
    } else {
        hyphen_lines / out.lines as f64
    };
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anomaly::AnomalyClass;

    #[test]
    fn findings_in_a_window() {
        let input = Input::from_bytes("w", "a\u{200b}b\u{202e}c".as_bytes().to_vec());
        let w =
            decode_window_mode(&input, Charset::UTF_8, 0, 0, 0, 100, ErrorMode::Replace).unwrap();
        let f = window_findings(&w);
        // ZWSP, the RLO, and the RLO left open to the end of the line.
        assert_eq!(f.len(), 3);
        assert_eq!(f[0].byte_span, Some(crate::span::ByteSpan::at(1, 3)));
    }

    #[test]
    fn windows_cover_the_whole_input() {
        // More than one window, with anomalies on both sides of the cut.
        let mut text = String::new();
        for i in 0..20_000 {
            text.push_str(if i % 100 == 0 {
                "zero\u{200b}width infor-\nmation\n"
            } else {
                "plain line of text\n"
            });
        }
        let input = Input::from_bytes("big", text.clone().into_bytes());
        let s = scan_input_progress(
            &input,
            Charset::UTF_8,
            0,
            1_000_000,
            64 * 1024,
            ErrorMode::Replace,
            &mut |_| true,
        )
        .unwrap();
        assert_eq!(s.counts.get(AnomalyClass::ZeroWidth), 200);
        assert_eq!(s.counts.get(AnomalyClass::LineEndHyphen), 200);
        let last = s
            .findings
            .iter()
            .rfind(|f| f.class == AnomalyClass::ZeroWidth)
            .unwrap();
        assert_eq!(&text[last.text_start..last.text_end], "\u{200b}");
        assert_eq!(last.byte_span.unwrap().start as usize, last.text_start);
        assert_eq!(last.char_start, text[..last.text_start].chars().count());
        let capped = scan_input_progress(
            &input,
            Charset::UTF_8,
            0,
            10,
            64 * 1024,
            ErrorMode::Replace,
            &mut |_| true,
        )
        .unwrap();
        assert!(capped.truncated && capped.findings.len() == 10);
        assert_eq!(capped.counts, s.counts);
    }
}
