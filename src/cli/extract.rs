//! `delineate extract`: the format of each file, its text as an indexer would get it, cut into
//! document units, with what the extractor did. Text in the report has control and invisible
//! characters as placeholders; `--json` carries the text exactly.

use super::args::{ExtractArgs, LimitArgs, UnitArg};
use super::output::json_line;
use super::{Failure, guard};
use crate::analyze;
use crate::extract::{Extraction, LimitKind, Limits, Options, UnitChoice};
use crate::present::thousands;
use crate::visible::visible;
use std::io::Write;
use std::time::Duration;

fn unit_choice(u: UnitArg) -> UnitChoice {
    match u {
        UnitArg::File => UnitChoice::File,
        UnitArg::Page => UnitChoice::Page,
        UnitArg::Message => UnitChoice::Message,
        UnitArg::Part => UnitChoice::Part,
        UnitArg::Document => UnitChoice::Document,
        UnitArg::Auto => UnitChoice::Auto,
    }
}

/// The extraction limits given on the command line.
pub fn limits(a: &LimitArgs) -> Result<Limits, Failure> {
    if !(a.timeout > 0.0 && a.timeout.is_finite()) {
        return Err(Failure::Usage(format!(
            "--timeout must be a positive number of seconds, not {}",
            a.timeout
        )));
    }
    let mib = |n: u64| n.saturating_mul(1 << 20);
    Ok(Limits {
        max_input_bytes: mib(a.max_input_mb),
        max_entry_bytes: mib(a.max_entry_mb),
        max_total_bytes: mib(a.max_archive_mb),
        max_ratio: a.max_ratio,
        max_entries: a.max_entries,
        max_depth: a.max_nesting,
        max_markup_depth: a.max_markup_depth,
        max_pages: a.max_pages,
        max_pdf_object_bytes: mib(a.max_pdf_objects_mb),
        max_units: a.max_units,
        time_per_document: Duration::from_secs_f64(a.timeout.min(1e6)),
    })
}

/// The option that raises a limit (the library names the limit, the command line its option).
pub fn option_of(k: LimitKind) -> &'static str {
    match k {
        LimitKind::InputSize => "--max-input-mb",
        LimitKind::Entries => "--max-entries",
        LimitKind::EntrySize => "--max-entry-mb",
        LimitKind::ArchiveTotal => "--max-archive-mb",
        LimitKind::Ratio => "--max-ratio",
        LimitKind::MarkupDepth => "--max-markup-depth",
        LimitKind::Nesting => "--max-nesting",
        LimitKind::Units => "--max-units",
        LimitKind::Pages => "--max-pages",
        LimitKind::PdfObjects => "--max-pdf-objects-mb",
        LimitKind::Time => "--timeout",
    }
}

/// ` · raise with --max-entries` after a limit's message, so the reader knows what raises it.
pub fn hint(k: Option<LimitKind>) -> String {
    k.map(|k| format!(" · raise with {}", option_of(k)))
        .unwrap_or_default()
}

pub fn run(a: &ExtractArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let opts = Options {
        unit: unit_choice(a.unit),
        content_type: a.content_type.clone(),
        keep_boilerplate: a.keep_boilerplate,
        encoding: super::resolve_labels(a.encoding.as_slice())?.pop(),
        limits: limits(&a.limits)?,
        ..Options::default()
    };
    let mut failed = false;
    for (i, path) in a.files.iter().enumerate() {
        let input = match super::open(path, opts.limits.max_input_bytes) {
            Ok(i) => i,
            Err(e) => {
                super::output::report(e);
                failed = true;
                continue;
            }
        };
        let analysed = guard(input.name(), || {
            analyze::document(
                &input,
                &analyze::Options {
                    parts: analyze::Parts {
                        units: true,
                        ..Default::default()
                    },
                    extract: opts.clone(),
                    ..Default::default()
                },
            )
        });
        let x = match analysed {
            Ok(Ok(a)) => a.extraction.expect("asked for"),
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
        if let Some(e) = &x.error {
            super::output::report(format!("{}: {e}{}", x.path, hint(e.limit_kind())));
            failed = true;
        }
        if a.json {
            json_line(out, &x)?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            human(out, &x, a.max_chars)?;
        }
    }
    if failed {
        Err(Failure::Reported)
    } else {
        Ok(())
    }
}

/// `s` made visible, cut to `max` characters (0: all) with how many more there are: a field
/// or a header can be as long as a body (a 20 MB `Subject:`), and `--max-chars` bounds them.
fn clip(s: &str, max: usize) -> String {
    if max == 0 {
        return visible(s, false);
    }
    match s.char_indices().nth(max) {
        None => visible(s, false),
        Some((cut, _)) => format!(
            "{}… (+{} characters)",
            visible(&s[..cut], false),
            thousands(s[cut..].chars().count() as u64)
        ),
    }
}

fn human(out: &mut dyn Write, x: &Extraction, max_chars: usize) -> std::io::Result<()> {
    let f = &x.format;
    writeln!(
        out,
        "{} — {} — {} bytes",
        visible(&x.path, false),
        f.detected.description(),
        thousands(x.size_bytes)
    )?;
    for e in &f.evidence {
        let at = e
            .byte_span
            .map(|s| format!(" at bytes {}–{}", s.start, s.end))
            .unwrap_or_default();
        writeln!(out, "  format evidence: {} ({}){at}", e.detail, e.format)?;
    }
    if let Some(m) = &f.mismatch {
        writeln!(out, "  MISMATCH: {m}")?;
    }
    match &x.extractor {
        Some(e) => writeln!(
            out,
            "  extractor: {} {} ({}) · {} unit{} (--unit {})",
            e.name,
            e.version,
            e.uses,
            x.units.len(),
            if x.units.len() == 1 { "" } else { "s" },
            x.unit.name()
        )?,
        None => writeln!(out, "  extractor: none")?,
    }
    if let Some(e) = &x.error {
        writeln!(out, "  ERROR: {}{}", e, hint(e.limit_kind()))?;
    }
    for d in &x.diagnostics {
        writeln!(
            out,
            "  {:<17} {}",
            d.kind.name(),
            visible(&(d.sentence() + &hint(d.limit)), false)
        )?;
    }
    for (i, u) in x.units.iter().enumerate() {
        writeln!(out)?;
        writeln!(
            out,
            "── unit {}/{} · {} · id {} · {}{} · {} characters",
            i + 1,
            x.units.len(),
            visible(&u.locator.to_string(), false),
            u.id,
            u.format,
            u.encoding
                .as_deref()
                .map(|e| format!(" · {e}"))
                .unwrap_or_default(),
            thousands(u.text.chars().count() as u64)
        )?;
        for (k, vs) in &u.fields {
            let shown: Vec<String> = vs.iter().take(8).map(|v| clip(v, max_chars)).collect();
            let more = if vs.len() > 8 {
                format!(" … (+{})", vs.len() - 8)
            } else {
                String::new()
            };
            writeln!(out, "  {k}: {}{more}", shown.join(" | "))?;
        }
        for m in &u.metadata {
            write!(out, "  meta {}: {}", m.name, clip(&m.value, max_chars))?;
            match &m.trust {
                Some(t) => writeln!(out, "   ⚠ {}", clip(t, max_chars))?,
                None => writeln!(out)?,
            }
        }
        if !u.languages.is_empty() {
            let l: Vec<String> = u
                .languages
                .iter()
                .map(|l| format!("{} {} chars", visible(&l.lang, false), l.chars))
                .collect();
            writeln!(out, "  declared languages: {}", l.join(", "))?;
        }
        for d in &u.diagnostics {
            let at = d
                .text_span
                .map(|(s, _)| format!(" [text {s}]"))
                .or_else(|| {
                    d.byte_span
                        .map(|b| format!(" [bytes {}–{}]", b.start, b.end))
                })
                .unwrap_or_default();
            writeln!(
                out,
                "  {:<17} {}{at}",
                d.kind.name(),
                clip(&(d.sentence() + &hint(d.limit)), max_chars)
            )?;
        }
        writeln!(out, "  ┄┄┄")?;
        let text: String = if max_chars == 0 {
            u.text.clone()
        } else {
            u.text.chars().take(max_chars).collect()
        };
        for line in visible(&text, true).lines() {
            writeln!(out, "  {line}")?;
        }
        let n = u.text.chars().count();
        if max_chars > 0 && n > max_chars {
            writeln!(
                out,
                "  … {} more characters (--max-chars 0 shows all)",
                thousands((n - max_chars) as u64)
            )?;
        }
    }
    Ok(())
}
