//! `delineate anomalies`: every representational anomaly of each file, with spans, context and
//! reason, and counts by class.

use super::args::AnomaliesArgs;
use super::decode::reading_of;
use super::output::json_line;
use super::{Failure, guard};
use crate::analyze;
use crate::anomaly::document::DocumentScan;
use crate::anomaly::{AnomalyClass, Finding};
use crate::present::thousands;
use crate::source::Input;
use crate::visible::visible;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;

/// A finding with the text around it, for output.
#[derive(Serialize)]
struct Shown<'a> {
    #[serde(flatten)]
    finding: &'a Finding,
    /// The text around the finding with invisibles made visible; the finding is in [brackets].
    context: String,
}

#[derive(Serialize)]
struct FileReport<'a> {
    path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    path_bytes: Option<Vec<u8>>,
    size_bytes: u64,
    encoding: &'a str,
    decided_by: &'a str,
    summary: Summary<'a>,
    findings: Vec<Shown<'a>>,
    findings_truncated: bool,
}

#[derive(Serialize)]
struct Summary<'a> {
    total: u64,
    /// Class name → damaging occurrences.
    by_class: BTreeMap<&'a str, u64>,
    /// Class name → occurrences judged legitimate in context.
    legitimate: BTreeMap<&'a str, u64>,
    hyphen_line_rate: f64,
    lines: u64,
    characters: u64,
    normalization_forms: &'static str,
}

/// Context: up to 16 characters either side, invisibles visible, the finding in brackets.
fn context(text: &str, f: &Finding) -> String {
    let (s, e) = (f.text_start.min(text.len()), f.text_end.min(text.len()));
    let before_start = text[..s].char_indices().rev().nth(15).map_or(0, |(i, _)| i);
    let after_end = text[e..]
        .char_indices()
        .nth(16)
        .map_or(text.len(), |(i, _)| e + i);
    format!(
        "{}[{}]{}",
        visible(&text[before_start..s], false),
        visible(&text[s..e], false),
        visible(&text[e..after_end], false)
    )
}

pub fn run(a: &AnomaliesArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let classes: Vec<AnomalyClass> = a
        .classes
        .iter()
        .map(|c| {
            AnomalyClass::from_name(c).ok_or_else(|| {
                Failure::Usage(format!(
                    "unknown class {c:?}; classes: {}",
                    crate::anomaly::ALL_CLASSES.map(|c| c.name()).join(", ")
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    let mut failed = false;
    for (i, path) in a.files.iter().enumerate() {
        let input = match super::open(path, a.stdin.bytes()) {
            Ok(i) => i,
            Err(e) => {
                super::output::report(e);
                failed = true;
                continue;
            }
        };
        let opts = analyze::Options {
            parts: analyze::Parts {
                anomalies: true,
                ..Default::default()
            },
            reading: reading_of(a.encoding.as_deref())?,
            errors: super::decode::mode(a.errors),
            // Findings are kept up to a bound (counts are always whole): 8 MB of U+FEFF are
            // 2.8 million findings.
            max_findings: a.limit.max(crate::anomaly::MAX_KEPT_FINDINGS),
            ..Default::default()
        };
        let (read, scan) = match guard(input.name(), || analyze::document(&input, &opts)) {
            Ok(Ok(x)) => (x.read.expect("asked for"), x.anomalies.expect("asked for")),
            Ok(Err(e)) => {
                super::output::report(&e);
                failed = true;
                continue;
            }
            Err(msg) => {
                super::output::report(&msg);
                failed = true;
                continue;
            }
        };
        // Context needs the text: decode it again, a window at a time, only for listed findings.
        let listed: Vec<&Finding> = scan
            .findings
            .iter()
            .filter(|f| a.all || !f.legitimate)
            .filter(|f| classes.is_empty() || classes.contains(&f.class))
            .take(a.limit)
            .collect();
        let shown: Vec<Shown> = listed
            .iter()
            .map(|f| Shown {
                finding: f,
                context: finding_context(&input, read.charset, read.bom_len, f),
            })
            .collect();
        if a.json {
            json_line(
                out,
                &FileReport {
                    path: input.name(),
                    path_bytes: input.path_bytes(),
                    size_bytes: input.len(),
                    encoding: read.charset.name(),
                    decided_by: read.by.name(),
                    summary: summary(&scan),
                    findings_truncated: shown.len() < scan.findings.len() || scan.truncated,
                    findings: shown,
                },
            )?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            human(
                out,
                &input,
                read.charset.name(),
                read.by.name(),
                &scan,
                &shown,
            )?;
        }
    }
    if failed {
        Err(Failure::Reported)
    } else {
        Ok(())
    }
}

/// Findings judged legitimate in context, all classes.
fn legitimate_total(s: &DocumentScan) -> u64 {
    s.counts.legitimate.iter().map(|(_, n)| n).sum()
}

fn summary(s: &DocumentScan) -> Summary<'_> {
    Summary {
        total: s.counts.total(),
        by_class: s
            .counts
            .by_class
            .iter()
            .map(|(c, n)| (c.name(), *n))
            .collect(),
        legitimate: s
            .counts
            .legitimate
            .iter()
            .map(|(c, n)| (c.name(), *n))
            .collect(),
        hyphen_line_rate: s.hyphen_line_rate,
        lines: s.lines,
        characters: s.chars,
        normalization_forms: s.forms(),
    }
}

/// The text around a finding, decoded from its bytes' neighbourhood.
fn finding_context(input: &Input, cs: crate::decode::Charset, skip: u64, f: &Finding) -> String {
    let Some(span) = f.byte_span else {
        return String::new();
    };
    let Ok(w) =
        crate::decode::window::decode_window(input, cs, skip, span.start, 96, 96 + span.len())
    else {
        return String::new();
    };
    let (Some(s), e) = (
        w.text_offset_of(span.start),
        (span.start..span.end.max(span.start + 1))
            .rev()
            .find_map(|o| w.text_offset_of(o))
            .map(|t| t + w.decoded.text[t..].chars().next().map_or(0, char::len_utf8)),
    ) else {
        return String::new();
    };
    let e = e.unwrap_or(s).max(s);
    let mut local = f.clone();
    local.text_start = s;
    local.text_end = if span.is_empty() { s } else { e };
    context(&w.decoded.text, &local)
}

fn human(
    out: &mut dyn Write,
    input: &Input,
    enc: &str,
    by: &str,
    s: &DocumentScan,
    shown: &[Shown],
) -> std::io::Result<()> {
    writeln!(
        out,
        "{} — {} ({by}) — {} bytes, {} characters, {} line{}",
        visible(input.name(), false),
        enc,
        thousands(input.len()),
        thousands(s.chars),
        thousands(s.lines),
        if s.lines == 1 { "" } else { "s" }
    )?;
    let list = |v: &[(AnomalyClass, u64)]| {
        v.iter()
            .map(|(c, n)| format!("{} {}", c.name(), thousands(*n)))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    writeln!(
        out,
        "anomalies: {}{}",
        thousands(s.counts.total()),
        if s.counts.by_class.is_empty() {
            String::new()
        } else {
            format!(" — {}", list(&s.counts.by_class))
        }
    )?;
    if !s.counts.legitimate.is_empty() {
        writeln!(
            out,
            "legitimate in context (not counted): {}",
            list(&s.counts.legitimate)
        )?;
    }
    let hyphen_lines = (s.hyphen_line_rate * s.lines as f64).round() as u64;
    writeln!(
        out,
        "lines ending in a hyphen: {} of {} ({:.1} %) · normalisation forms present: {}",
        thousands(hyphen_lines),
        thousands(s.lines),
        s.hyphen_line_rate * 100.0,
        s.forms()
    )?;
    if shown.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    writeln!(
        out,
        "  {:<13} {:<11} {:<19} {:<40} reason",
        "bytes", "chars", "class", "context"
    )?;
    for sh in shown {
        let f = sh.finding;
        let bytes = f.byte_span.map_or("—".to_string(), |b| {
            if b.len() == 1 {
                b.start.to_string()
            } else {
                format!("{}–{}", b.start, b.end)
            }
        });
        let chars = if f.char_end <= f.char_start + 1 {
            f.char_start.to_string()
        } else {
            format!("{}–{}", f.char_start, f.char_end)
        };
        let suggestion = f
            .suggestion
            .as_ref()
            .map(|s| {
                format!(
                    " → {}",
                    if s.is_empty() {
                        "(removed)".to_string()
                    } else {
                        visible(s, false)
                    }
                )
            })
            .unwrap_or_default();
        writeln!(
            out,
            "  {:<13} {:<11} {:<19} {:<40} {}{}{}",
            bytes,
            chars,
            f.class.name(),
            sh.context,
            if f.legitimate { "(legitimate) " } else { "" },
            visible(&f.reason, false),
            suggestion
        )?;
    }
    let more = s.counts.total() + legitimate_total(s) - shown.len() as u64;
    if more > 0 && (shown.len() < s.findings.len() || s.truncated) {
        writeln!(
            out,
            "  … {} more (--limit){}",
            thousands(more),
            if s.truncated {
                format!(
                    "; the first {} findings were kept, the counts above are complete",
                    thousands(s.findings.len() as u64)
                )
            } else {
                String::new()
            }
        )?;
    }
    Ok(())
}
