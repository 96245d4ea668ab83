//! `delineate decode`: the text itself, as UTF-8, under a chosen encoding and error mode.

use super::Failure;
use super::args::{DecodeArgs, ErrorsArg};
use crate::analyze::{self, Reading};
use crate::decode::charset::Charset;
use crate::decode::{self, ErrorMode, stream};
use crate::source::Input;
use std::io::Write;

pub(super) fn mode(e: ErrorsArg) -> ErrorMode {
    match e {
        ErrorsArg::Replace => ErrorMode::Replace,
        ErrorsArg::Ignore => ErrorMode::Ignore,
        ErrorsArg::Strict => ErrorMode::Strict,
    }
}

/// Bytes of BOM to skip: only a BOM that announces the encoding being decoded.
pub(super) fn bom_skip(input: &Input, cs: Charset) -> Result<u64, Failure> {
    analyze::bom_len_for(input, cs).map_err(|e| Failure::Usage(e.to_string()))
}

/// `--encoding LABEL` as a reading: `decided` (or no label) for the evidence's decision,
/// `likely` for the likely verdict, else the label's encoding.
pub(super) fn reading_of(label: Option<&str>) -> Result<Reading, Failure> {
    Ok(match label {
        None => Reading::Decided,
        Some(l) if l.eq_ignore_ascii_case("decided") => Reading::Decided,
        Some(l) if l.eq_ignore_ascii_case("likely") => Reading::Likely,
        Some(l) => {
            Reading::Chosen(Charset::for_label(l).map_err(|e| Failure::Usage(e.to_string()))?)
        }
    })
}

/// The encoding to decode `input` with: the one asked for, or the one the evidence decides
/// (the façade's reading, as `anomalies` and the explorer read it). Returns it, the BOM bytes
/// to skip, and how it was chosen.
pub(super) fn choose_encoding(
    input: &Input,
    label: Option<&str>,
) -> Result<(Charset, u64, String), Failure> {
    let r = analyze::reading(input, &reading_of(label)?, None, &Default::default())
        .map_err(|e| Failure::Usage(e.to_string()))?;
    Ok((r.charset, r.bom_len, r.by.name().to_string()))
}

/// What to decode with: one encoding from a byte offset to the end, or, for `likely` on an
/// input in several encodings, each segment with its own.
pub(super) struct Plan {
    /// `[start, end)` and the encoding of each part, in order; `end` is `None` for "to the end".
    pub parts: Vec<(u64, Option<u64>, Charset)>,
}

/// The plan for `decode --encoding LABEL`: as [`choose_encoding`], except that `likely` on an
/// input with mixed encodings decodes each segment with its own verdict (bytes past what the
/// segmentation covered, in a large file, with the whole input's).
pub(super) fn choose_plan(input: &Input, label: &str) -> Result<Plan, Failure> {
    if label.eq_ignore_ascii_case("likely") {
        let a = crate::encoding::analyze(input, &crate::encoding::Options::default())
            .map_err(|e| Failure::Usage(e.to_string()))?;
        let whole = a.likely.as_ref().map_or(a.decision.encoding, |l| l.name);
        if !a.segments.is_empty() {
            let mut parts: Vec<(u64, Option<u64>, Charset)> = a
                .segments
                .iter()
                .map(|s| (s.byte_span.start, Some(s.byte_span.end), s.encoding))
                .collect();
            if let Some(last) = parts.last_mut()
                && last.1 == Some(input.len())
            {
                last.1 = None;
            }
            if let Some(cover) = a.segments_cover
                && cover.end < input.len()
            {
                parts.push((cover.end, None, whole));
            }
            return Ok(Plan { parts });
        }
        return Ok(Plan {
            parts: vec![(bom_skip(input, whole)?, None, whole)],
        });
    }
    let (cs, skip, _) = choose_encoding(input, Some(label))?;
    Ok(Plan {
        parts: vec![(skip, None, cs)],
    })
}

/// Streams each part of `plan` through its decoder, handing each decoded piece to `f`.
pub(super) fn stream_plan(
    input: &Input,
    plan: &Plan,
    mode: ErrorMode,
    mut f: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<(), Failure> {
    for &(start, end, cs) in &plan.parts {
        stream_range(input, cs, mode, start, end.unwrap_or(input.len()), &mut f)?;
    }
    Ok(())
}

/// Streams `input` from `skip` through a decoder, handing each decoded piece to `f`.
/// In strict mode the whole input is checked first, so nothing is written for invalid input.
pub(super) fn stream(
    input: &Input,
    cs: Charset,
    mode: ErrorMode,
    skip: u64,
    mut f: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<(), Failure> {
    stream_range(input, cs, mode, skip, input.len(), &mut f)
}

/// Streams bytes `[start, end)` of `input` through a decoder for `cs`, handing each decoded
/// piece to `f`. In strict mode the range is checked first, so nothing is written for invalid
/// input.
fn stream_range(
    input: &Input,
    cs: Charset,
    mode: ErrorMode,
    start: u64,
    end: u64,
    f: &mut impl FnMut(&str) -> std::io::Result<()>,
) -> Result<(), Failure> {
    let read_err = |e: crate::SourceError| Failure::Usage(e.to_string());
    if mode == ErrorMode::Strict {
        let stats = stream::count_errors(input, cs, start, end, |_| true)
            .map_err(read_err)?
            .unwrap_or_default();
        if let (Some(off), Some(span)) = (stats.first_error_offset, stats.error_spans.first()) {
            let window = input.read_range(off, span.end + 1).map_err(read_err)?;
            let reason = decode::explain_error(cs, &window, span.len() as usize);
            return Err(Failure::Input(format!(
                "{}: invalid {} at byte offset {}: {}",
                input.name(),
                cs,
                off,
                reason
            )));
        }
    }
    let mut write_err = None;
    stream::decode_range(input, cs, mode, start, end, |text| match f(text) {
        Ok(()) => true,
        Err(e) => {
            write_err = Some(e);
            false
        }
    })
    .map_err(read_err)?;
    if let Some(e) = write_err {
        return Err(Failure::Io(e));
    }
    Ok(())
}

pub fn run(a: &DecodeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    // A label is checked before anything is read (`likely` and `decided` need the bytes).
    if !a.encoding.eq_ignore_ascii_case("likely") && !a.encoding.eq_ignore_ascii_case("decided") {
        Charset::for_label(&a.encoding).map_err(|e| Failure::Usage(e.to_string()))?;
    }
    let input = super::open(&a.file, a.stdin.bytes()).map_err(Failure::Usage)?;
    let plan = choose_plan(&input, &a.encoding)?;
    stream_plan(&input, &plan, mode(a.errors), |t| {
        out.write_all(t.as_bytes())
    })
}
