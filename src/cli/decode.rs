//! `delineate decode`: the text itself, as UTF-8, under a chosen encoding and error mode.

use super::Failure;
use super::args::{DecodeArgs, ErrorsArg};
use crate::encoding::bom;
use crate::encoding::charset::Charset;
use crate::encoding::decode::{self, ErrorCounter, ErrorMode, StreamDecoder};
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
    let head = input.head(4).map_err(|e| Failure::Usage(e.to_string()))?;
    Ok(match bom::sniff(&head) {
        Some(b) if b.charset == cs => b.len as u64,
        _ => 0,
    })
}

/// The encoding to decode `input` with: the one asked for, or the one the evidence decides.
/// Returns it, the BOM bytes to skip, and how it was chosen.
pub(super) fn choose_encoding(
    input: &Input,
    label: Option<&str>,
) -> Result<(Charset, u64, String), Failure> {
    match label {
        Some(l) if l.eq_ignore_ascii_case("likely") || l.eq_ignore_ascii_case("decided") => {
            let a = crate::encoding::analyze(input, &crate::encoding::Options::default())
                .map_err(|e| Failure::Usage(e.to_string()))?;
            if l.eq_ignore_ascii_case("decided") {
                return Ok((
                    a.decision.encoding,
                    a.decision.bom_len as u64,
                    a.decision.decided_by.name().to_string(),
                ));
            }
            let cs = a.likely.map_or(a.decision.encoding, |l| l.name);
            Ok((cs, bom_skip(input, cs)?, "likely".to_string()))
        }
        Some(l) => {
            let cs = Charset::for_label(l)
                .map_err(|e| Failure::Usage(e.to_string()))?
                .charset;
            Ok((cs, bom_skip(input, cs)?, "user".to_string()))
        }
        None => {
            let a = crate::encoding::analyze(input, &crate::encoding::Options::default())
                .map_err(|e| Failure::Usage(e.to_string()))?;
            Ok((
                a.decision.encoding,
                a.decision.bom_len as u64,
                a.decision.decided_by.name().to_string(),
            ))
        }
    }
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
    let read_err = |e: crate::SourceError| Failure::Usage(e.to_string());
    if mode == ErrorMode::Strict {
        let mut counter = ErrorCounter::new(cs, skip);
        let len = input.len();
        input
            .for_each_chunk(|off, c| {
                let from = skip.saturating_sub(off).min(c.len() as u64) as usize;
                counter.feed(&c[from..], off + c.len() as u64 >= len);
                true
            })
            .map_err(read_err)?;
        let stats = counter.finish();
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
    let mut dec = StreamDecoder::new(cs, skip, mode);
    let len = input.len();
    let mut write_err = None;
    input
        .for_each_chunk(|off, c| {
            let from = skip.saturating_sub(off).min(c.len() as u64) as usize;
            let text = dec.feed(&c[from..], off + c.len() as u64 >= len);
            match f(text) {
                Ok(()) => true,
                Err(e) => {
                    write_err = Some(e);
                    false
                }
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
    let input =
        Input::open_arg(&a.file, a.stdin.bytes()).map_err(|e| Failure::Usage(e.to_string()))?;
    let (cs, skip, _) = choose_encoding(&input, Some(&a.encoding))?;
    stream(&input, cs, mode(a.errors), skip, |t| {
        out.write_all(t.as_bytes())
    })
}
