//! `delineate inspect`: the human report and the JSON lines.

use super::args::InspectArgs;
use super::output::json_line;
use super::{Failure, resolve_labels};
use crate::analyze;
use crate::encoding::decide::Severity;
use crate::encoding::{Candidate, CandidateReason, Options};
use crate::present::thousands;
use crate::report::Report;
use crate::visible::visible;
use std::io::{self, Write};

/// Runs `inspect` over every file; a file that cannot be read is reported on stderr and the
/// others are still inspected.
pub fn run(args: &InspectArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let options = Options {
        user_encodings: resolve_labels(&args.encodings)?,
        content_type: args.content_type.clone(),
        ..Default::default()
    };
    let mut failed = false;
    // Inspect in parallel, print in order, a batch at a time: up to 256 files or 64 MB, so
    // small files keep both cores busy and large ones keep memory bounded (each report holds
    // its decoded sample).
    for batch in batches(&args.files, 256, 64 << 20) {
        use rayon::prelude::*;
        let results: Vec<Result<Report, String>> = batch
            .par_iter()
            .map(|path| {
                let input = super::open(path, args.stdin.bytes())?;
                let opts = analyze::Options {
                    parts: analyze::Parts {
                        report: true,
                        ..Default::default()
                    },
                    encoding: options.clone(),
                    ..Default::default()
                };
                super::guard(input.name(), || analyze::document(&input, &opts))
                    .and_then(|r| r.map_err(|e| e.to_string()))
                    .map(|a| a.report.expect("asked for"))
            })
            .collect();
        for (i, r) in results.into_iter().enumerate() {
            match r {
                Ok(report) => {
                    if args.json {
                        json_line(out, &report)?;
                    } else {
                        if i > 0 || failed {
                            writeln!(out)?;
                        }
                        write_report(out, &report)?;
                    }
                }
                Err(msg) => {
                    failed = true;
                    super::output::report(&msg);
                }
            }
        }
    }
    if failed {
        Err(Failure::Reported)
    } else {
        Ok(())
    }
}

/// Consecutive runs of `files` of at most `max_files` files and (by their sizes on disk, when
/// known) about `max_bytes` bytes; never empty.
fn batches(
    files: &[std::path::PathBuf],
    max_files: usize,
    max_bytes: u64,
) -> Vec<&[std::path::PathBuf]> {
    let mut out = Vec::new();
    let (mut start, mut bytes) = (0, 0u64);
    for (i, f) in files.iter().enumerate() {
        bytes += std::fs::metadata(f).map_or(0, |m| m.len());
        if i + 1 - start >= max_files || bytes >= max_bytes {
            out.push(&files[start..=i]);
            start = i + 1;
            bytes = 0;
        }
    }
    if start < files.len() {
        out.push(&files[start..]);
    }
    out
}

fn v(s: &str) -> String {
    visible(s, false)
}

/// Both verdicts in one line: what a conforming consumer decodes the bytes as, and what they
/// most probably are (`decoded as windows-1252 by its <meta>; the bytes are UTF-8
/// (confidence 0.99)`).
fn verdicts(r: &Report) -> String {
    let d = &r.encoding;
    let how = match d.decided_by {
        crate::encoding::decide::DecidedBy::Bom => "by its byte order mark".to_string(),
        crate::encoding::decide::DecidedBy::Declaration => match d
            .evidence_index
            .and_then(|i| r.evidence.get(i))
            .map(|e| e.kind)
        {
            Some(crate::encoding::EvidenceKind::HtmlMeta) => "by its <meta>".into(),
            Some(crate::encoding::EvidenceKind::XmlDeclaration) => "by its XML declaration".into(),
            Some(crate::encoding::EvidenceKind::MimeHeader) => "by its Content-Type".into(),
            _ => "by its declaration".into(),
        },
        crate::encoding::decide::DecidedBy::Transport => "by the transport header".into(),
        crate::encoding::decide::DecidedBy::Validity => "by UTF-8 validity".into(),
        crate::encoding::decide::DecidedBy::Statistical => "by statistics".into(),
        crate::encoding::decide::DecidedBy::User => "as asked (--encoding)".into(),
    };
    let l = &r.likely;
    if r.segments.len() > 1 {
        let names: Vec<&str> = crate::encoding::segments::encodings_of(&r.segments)
            .iter()
            .map(|e| e.name())
            .collect();
        format!(
            "decoded as {} {how}; the bytes are in {}: {}",
            d.encoding,
            crate::encoding::segments::how_many(&r.segments),
            names.join(", ")
        )
    } else if let Some(n) = &l.not_text {
        format!(
            "a consumer that takes it for text decodes it as {} ({how}); the bytes are {}: no encoding is likely",
            d.encoding,
            n.what()
        )
    } else if let Some(s) = &l.seven_bit {
        format!(
            "decoded as {} {how}; the bytes are {} ({}, which no WHATWG decoder reads: read here; confidence {:.2})",
            d.encoding,
            s.scheme.name(),
            s.scheme.rfc(),
            l.confidence
        )
    } else if l.name == d.encoding || l.same_text.contains(&d.encoding) {
        format!(
            "decoded as {} {how}; the bytes agree (confidence {:.2})",
            d.encoding, l.confidence
        )
    } else {
        format!(
            "decoded as {} {how}; the bytes are {} (confidence {:.2})",
            d.encoding, l.name, l.confidence
        )
    }
}

/// The likely verdict: why, the readings weighed, what the bytes rule out.
fn likely_section(out: &mut dyn Write, r: &Report) -> io::Result<()> {
    let l = &r.likely;
    writeln!(out, "Likely: {} (confidence {:.2})", l.name, l.confidence)?;
    writeln!(out, "  {}", v(&l.because))?;
    if let Some(lang) = l.language.as_ref().filter(|g| !g.examples.is_empty()) {
        let words: Vec<String> = lang
            .examples
            .iter()
            .map(|w| {
                format!(
                    "{}{} [{}–{}]",
                    v(&w.word),
                    if w.known { "" } else { "?" },
                    w.byte_span.start,
                    w.byte_span.end
                )
            })
            .collect();
        writeln!(out, "  words: {}", words.join(", "))?;
    }
    for a in &l.alternatives {
        // A reading no words were weighed in (the ASCII reading of 7-bit shifts) has no count.
        let words = if a.words == 0 {
            "no words weighed".to_string()
        } else {
            format!("{} of {} words known", a.known_words, a.words)
        };
        writeln!(
            out,
            "    {:<16} {:>5.3}  {words}  {}",
            a.name.name(),
            a.probability,
            v(&a.examples.join(", "))
        )?;
    }
    if !l.ruled_out.is_empty() {
        let shown: Vec<String> = l
            .ruled_out
            .iter()
            .take(6)
            .map(|x| format!("{} (byte {})", x.name, x.offset))
            .collect();
        writeln!(
            out,
            "  ruled out by the bytes: {}{}",
            shown.join(", "),
            if l.ruled_out.len() > 6 {
                format!(" and {} more", l.ruled_out.len() - 6)
            } else {
                String::new()
            }
        )?;
    }
    writeln!(out)?;
    segments_section(out, r)
}

/// Mixed encodings: each segment's byte range, verdict and why.
fn segments_section(out: &mut dyn Write, r: &Report) -> io::Result<()> {
    if r.segments.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "Segments: no single encoding fits; {} byte ranges read best in their own{}",
        r.segments.len(),
        r.segments_cover
            .filter(|c| c.end < r.size_bytes)
            .map(|c| format!(" (over bytes {}–{}, the sample)", c.start, c.end))
            .unwrap_or_default()
    )?;
    for s in r.segments.iter().take(MAX_SEGMENTS_LISTED) {
        writeln!(
            out,
            "  {:>8}–{:<8} {:<16} {:.2}  {}",
            s.byte_span.start,
            s.byte_span.end,
            s.encoding.name(),
            s.confidence,
            s.language.as_deref().map(v).unwrap_or_default()
        )?;
        writeln!(out, "      {}", v(&s.because))?;
        if let Some(g) = s.start_between
            && !g.is_empty()
        {
            writeln!(
                out,
                "      starts within bytes {}–{}, which both encodings read alike; placed by the words' language",
                g.start, g.end
            )?;
        }
    }
    if r.segments.len() > MAX_SEGMENTS_LISTED {
        let rest = &r.segments[MAX_SEGMENTS_LISTED..];
        let by: Vec<String> = crate::encoding::segments::encodings_of(rest)
            .into_iter()
            .map(|e| {
                let n = rest.iter().filter(|s| s.encoding == e).count();
                format!("{n} {e}")
            })
            .collect();
        writeln!(
            out,
            "  … and {} more ({}); `inspect --json` lists every one",
            rest.len(),
            by.join(", ")
        )?;
    }
    writeln!(out)
}

/// Segments the human report lists one by one: a UTF-8 file with a letter typed in another
/// encoding on every line is a segment for each; the rest are counted.
const MAX_SEGMENTS_LISTED: usize = 24;

/// The human report.
pub fn write_report(out: &mut dyn Write, r: &Report) -> io::Result<()> {
    // Bytes that are no text are described by their format, not by a text kind's rules.
    let (what, why) = match &r.likely.not_text {
        Some(n) => (n.what(), n.detail.as_str()),
        None => (
            kind_title(r.document.kind.name()).to_string(),
            r.document.reason.as_str(),
        ),
    };
    writeln!(
        out,
        "{} — {} bytes, {what} ({})",
        v(&r.path),
        thousands(r.size_bytes),
        v(why)
    )?;
    writeln!(out, "  {}", verdicts(r))?;
    if let Some(c) = &r.size_change {
        writeln!(out, "WARNING: {}", c.sentence())?;
    }
    let f = &r.format;
    writeln!(out, "Format: {} ({})", f.detected, f.detected.description())?;
    for e in &f.evidence {
        let at = e
            .byte_span
            .map(|s| format!(" at bytes {}–{}", s.start, s.end))
            .unwrap_or_default();
        writeln!(
            out,
            "    {:<16} {:<12} {}{at}",
            e.clue_name(),
            e.format.name(),
            v(&e.detail)
        )?;
    }
    if let Some(m) = &f.mismatch {
        writeln!(out, "  MISMATCH: {}", v(m))?;
    }
    for n in &f.notes {
        writeln!(out, "  note: {}", v(&n.text))?;
    }
    if !f.detected.is_text() && f.detected != crate::format::Format::Empty {
        writeln!(
            out,
            "  not a text format: the encoding analysis below reads its bytes as if they were text; {}",
            if f.detected.extractable() {
                "use `delineate extract` for its text"
            } else {
                "this tool extracts no text from it"
            }
        )?;
    }
    writeln!(out)?;
    let d = &r.encoding;
    writeln!(
        out,
        "Encoding: {} (decided by {})",
        d.encoding,
        d.decided_by.noun()
    )?;
    writeln!(out, "  {}", v(&d.explanation))?;
    writeln!(out, "  rule: {}", d.rule)?;
    writeln!(out)?;
    likely_section(out, r)?;

    writeln!(out, "Evidence")?;
    if !r
        .evidence
        .iter()
        .any(|e| e.kind == crate::encoding::EvidenceKind::Bom)
    {
        writeln!(out, "    {:<16} {:<14} no byte order mark", "bom", "—")?;
    }
    for (i, e) in r.evidence.iter().enumerate() {
        let span = e
            .byte_span
            .map(|s| format!("{}–{}", s.start, s.end))
            .unwrap_or_else(|| "—".into());
        let won = if d.evidence_index == Some(i) {
            "✔"
        } else {
            " "
        };
        writeln!(
            out,
            "  {won} {:<16} {:<14} {}",
            e.kind.name(),
            span,
            v(&e.detail)
        )?;
        if let Some(remap) = &e.remap {
            writeln!(out, "    {:<16} {:<14} note: {}", "", "", v(remap))?;
        }
    }
    writeln!(out)?;

    if r.conflicts.is_empty() {
        writeln!(
            out,
            "Conflicts: none — the evidence agrees with the decision"
        )?;
    } else {
        writeln!(out, "Conflicts")?;
        for c in &r.conflicts {
            let mark = match c.severity {
                Severity::Warning => "!",
                Severity::Note => "·",
            };
            writeln!(out, "  {mark} {}", v(&c.message))?;
        }
    }
    writeln!(out)?;

    writeln!(
        out,
        "Candidates (the likely verdict's reading first, then by quality score; features over bytes {}–{}{}; error counts over the whole input)",
        r.sample.start,
        r.sample.end,
        if r.sample_is_whole { ", all of it" } else { "" }
    )?;
    let at = r
        .candidates
        .first()
        .map(|c| format!("text at bytes {}–", c.excerpt_span.start))
        .unwrap_or_default();
    writeln!(
        out,
        "  {:<2} {:<14} {:>5} {:>8} {:>8} {:>10}  {}",
        "#", "encoding", "score", "U+FFFD", "deleted", "strict at", at
    )?;
    for (i, c) in r.candidates.iter().enumerate() {
        writeln!(
            out,
            "  {:<2} {:<14} {:>5.2} {:>8} {:>8} {:>10}  {}",
            i + 1,
            c.encoding.name(),
            c.score,
            thousands(c.replacement_chars),
            thousands(c.deleted_bytes),
            c.first_error_offset
                .map(|o| o.to_string())
                .unwrap_or_else(|| "—".into()),
            v(&c.excerpt)
        )?;
    }
    for c in &r.candidates {
        writeln!(
            out,
            "     {:<14} {}; {}",
            c.encoding.name(),
            reasons(c),
            feature_summary(c)
        )?;
    }
    writeln!(out)?;

    // The search reads the decided text's first `MOJIBAKE_BYTES`: past them, say what was read.
    let part = r
        .mojibake_searched
        .filter(|s| s.end < r.size_bytes)
        .map(|s| {
            format!(
                "bytes {}–{} of {} (the decided text's first {} KiB; `delineate anomalies --class mojibake-word` reads every line)",
                thousands(s.start),
                thousands(s.end),
                thousands(r.size_bytes),
                crate::encoding::MOJIBAKE_BYTES / 1024
            )
        });
    match &r.mojibake {
        None if let Some(n) = &r.likely.not_text => {
            writeln!(out, "Mojibake: not searched: the bytes are {}", n.what())?
        }
        None if r.format.detected == crate::format::Format::EbcdicText
            && !matches!(r.encoding.encoding, crate::decode::Charset::Ebcdic(_)) =>
        {
            writeln!(
                out,
                "Mojibake: not searched: the bytes are EBCDIC, which {} reads as gibberish, not as text misread once",
                r.encoding.encoding
            )?
        }
        None => match &part {
            None => writeln!(
                out,
                "Mojibake: none in the decided text (no sequence of characters is UTF-8 misread as a single-byte encoding)"
            )?,
            Some(part) => writeln!(
                out,
                "Mojibake: none in {part}: no sequence of characters there is UTF-8 misread as a single-byte encoding"
            )?,
        },
        Some(m) => {
            writeln!(out, "Mojibake: {}", v(&m.analysis.description))?;
            if let Some(part) = &part {
                writeln!(out, "  searched: {part}")?;
            }
            writeln!(
                out,
                "  plausibility: {}{}",
                m.analysis.plausibility_summary(),
                if m.analysis.repaired.is_some() {
                    " after the repair"
                } else {
                    ""
                }
            )?;
            for (e, span) in m.analysis.examples.iter().zip(&m.example_spans) {
                writeln!(
                    out,
                    "  {} → {}{}",
                    v(&e.from),
                    v(&e.to),
                    span.map(|s| format!("   (bytes {}–{})", s.start, s.end))
                        .unwrap_or_default()
                )?;
            }
            for l in &m.analysis.lost {
                writeln!(out, "  lost: …{}…  {}", v(&l.context), v(&l.reason))?;
            }
            for r in &m.analysis.refused {
                writeln!(
                    out,
                    "  refused: {} → {} (undoing {}): {}",
                    v(&r.word),
                    v(&r.would_be),
                    r.encoding,
                    r.reason
                )?;
            }
            let mut hyps: Vec<String> = m
                .analysis
                .hypotheses
                .iter()
                .take(4)
                .map(|h| {
                    let chain: Vec<&str> = h.chain.iter().map(|c| c.name()).collect();
                    let note = if h.coincidental {
                        ", a coincidence: set aside"
                    } else {
                        ""
                    };
                    format!("{} (cost {:.2}{note})", chain.join(" → "), h.cost)
                })
                .collect();
            hyps.push(format!("unchanged (cost {:.2})", m.analysis.unchanged_cost));
            writeln!(out, "  hypotheses, best first: {}", hyps.join(", "))?;
            if m.analysis.repaired.is_some() {
                writeln!(out, "  `delineate fix` undoes it")?;
            }
        }
    }
    Ok(())
}

fn kind_title(k: &str) -> &'static str {
    match k {
        "html" => "HTML",
        "xml" => "XML",
        "email" => "email",
        _ => "plain text",
    }
}

fn reasons(c: &Candidate) -> String {
    let words: Vec<&str> = c
        .reasons
        .iter()
        .map(|r| match r {
            CandidateReason::Decided => "decided",
            CandidateReason::Likely => "likely",
            CandidateReason::User => "asked for",
            CandidateReason::Utf8 => "UTF-8 check",
            CandidateReason::Windows1252 => "the usual misreading",
            CandidateReason::Statistical => "statistical guess",
            CandidateReason::Declared => "declared",
            CandidateReason::Bom => "BOM",
            CandidateReason::Pattern => "NUL pattern",
            CandidateReason::Plausible => "close relative",
        })
        .collect();
    words.join(", ")
}

fn feature_summary(c: &Candidate) -> String {
    let f = &c.features;
    let mut s = format!(
        "letter pairs {:.2}, word purity {:.2}, script alternation {:.2}, anomalies {:.3}",
        f.letter_pair_density,
        f.per_word_script_purity,
        f.script_alternation_ratio,
        f.replacement_ratio
    );
    if c.mojibake_fingerprints > 0 {
        s.push_str(&format!(", mojibake sequences {}", c.mojibake_fingerprints));
    }
    s
}

#[cfg(test)]
mod batch_tests {
    use super::batches;
    use std::path::PathBuf;

    #[test]
    fn batches_cover_every_file_in_order_within_bounds() {
        let files: Vec<PathBuf> = (0..10)
            .map(|i| PathBuf::from(format!("missing-{i}")))
            .collect();
        let b = batches(&files, 4, 1 << 20);
        assert_eq!(b.iter().map(|x| x.len()).collect::<Vec<_>>(), [4, 4, 2]);
        assert_eq!(b.concat(), files);
        assert!(batches(&[], 4, 1).is_empty());
        // Sizes count: a file of the crate's own sources fills a batch of at most 1 byte.
        let real = [PathBuf::from(file!()), PathBuf::from(file!())];
        let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let real: Vec<PathBuf> = real.iter().map(|p| here.join(p)).collect();
        assert_eq!(batches(&real, 10, 1).len(), 2);
    }
}
