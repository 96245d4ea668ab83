//! The inspector: the character under the cursor taught byte by byte (code point, name, bytes
//! and their classes, why malformed bytes are malformed, the anomaly it is and the findings
//! over it), or the passage, format and unit under the cursor; and the anomaly legend.

use super::super::action::Tab;
use super::super::app::App;
use super::super::doc::{Inspected, language_rows};
use super::super::theme::{Theme, glyph};
use super::block;
use crate::anomaly::ALL_CLASSES;
use crate::decode::window::ByteClass;
use crate::present::thousands;
use crate::visible::visible;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

/// The inspector's lines: the selected unit in the units tab, else the character under the
/// cursor.
pub fn inspector_lines(app: &App, theme: &Theme) -> Vec<Line<'static>> {
    let d = app.doc();
    if app.tab == Tab::Units {
        return unit_lines(app, theme).unwrap_or_else(|| format_lines(app, theme));
    }
    if app.tab == Tab::Language
        && let Some(lines) = passage_lines(app, theme)
    {
        return lines;
    }
    let Some(i) = &d.inspected else {
        let what = if d.cursor < d.bom_len {
            "a byte of the byte order mark: not text"
        } else {
            "this byte makes no character (an escape sequence, or a character cut off)"
        };
        return vec![Line::from(format!("byte {}: {what}", d.cursor))];
    };
    lines_for(i, &d.charset.to_string(), theme)
}

pub(super) fn lines_for(i: &Inspected, charset: &str, theme: &Theme) -> Vec<Line<'static>> {
    let e = &i.explanation;
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut out = Vec::new();
    if let Some(reason) = &i.invalid_reason {
        out.push(Line::from(vec![
            Span::styled(
                format!("INVALID {charset} bytes {}: ", hex_lower(&i.bytes)),
                theme.warn(),
            ),
            Span::styled(v(reason), theme.warn()),
        ]));
    }
    let shown = match i.anomaly {
        Some((a, _)) => glyph(a, i.ch).to_string(),
        None => v(&i.ch.to_string()),
    };
    out.push(Line::from(vec![
        Span::styled(format!("{shown}  {}  ", e.code_point), bold),
        Span::raw(v(&e.name)),
    ]));
    if let Some((a, reason)) = &i.anomaly {
        out.push(Line::from(Span::styled(
            format!("{}: {}", a.name(), v(reason)),
            theme.anomaly(*a),
        )));
    }
    // Word-level findings over the character: the reason's parts (a mojibake word's plan,
    // plausibility, runner-up and refusal) one per line.
    for (a, reason, suggestion) in &i.findings {
        let mut parts = reason.split(" · ");
        out.push(Line::from(Span::styled(
            format!("{}: {}", a.name(), v(parts.next().unwrap_or_default())),
            theme.anomaly(*a),
        )));
        for p in parts {
            out.push(Line::from(format!("  {}", v(p))));
        }
        if let Some(s) = suggestion {
            out.push(Line::from(vec![
                Span::styled("  becomes: ", theme.dim()),
                Span::raw(v(s)),
            ]));
        }
    }
    out.push(Line::from(format!(
        "{} {} · script {} · width {} · bytes {}–{} in {charset}: {}",
        e.category,
        e.category_name,
        e.script,
        e.width.map_or("—".to_string(), |w| w.to_string()),
        i.span.start,
        i.span.end,
        hex_lower(&i.bytes)
    )));
    let u = &e.utf8;
    out.push(Line::from(Span::styled(
        format!(
            "UTF-8 (RFC 3629): {} bits → {} ({} payload bits: {})",
            u.bits_needed, u.pattern, u.payload_bits, u.padded_split
        ),
        bold,
    )));
    for b in &u.bytes {
        out.push(Line::from(vec![
            Span::styled(format!("  {:<11} ", b.role), theme.dim()),
            Span::styled(b.prefix.clone(), theme.dim()),
            Span::raw(" "),
            Span::styled(b.payload.clone(), bold),
            Span::raw(format!("   {}   {}", b.binary, b.hex)),
        ]));
    }
    let units: Vec<String> = e
        .utf16
        .iter()
        .map(|x| {
            if e.utf16.len() > 1 {
                format!("{} {}", x.hex, x.kind)
            } else {
                x.hex.clone()
            }
        })
        .collect();
    out.push(Line::from(format!("UTF-16: {}", units.join(", "))));
    let forms: Vec<String> = e
        .forms
        .iter()
        .filter(|f| f.form != "NFKD")
        .map(|f| {
            format!(
                "{} {}{}",
                f.form,
                f.code_points,
                if f.changed { "*" } else { "" }
            )
        })
        .collect();
    // The legend only where a star stands: `(* differs)` under `U+0041` everywhere read as if
    // something did.
    let legend = if e.forms.iter().any(|f| f.form != "NFKD" && f.changed) {
        "(* differs)"
    } else {
        "(all the same)"
    };
    out.push(Line::from(Span::styled(
        format!("{}   {legend}", forms.join(" · ")),
        theme.dim(),
    )));
    let classes: Vec<&str> = i
        .classes
        .iter()
        .map(|c| match c {
            ByteClass::AsciiPrintable => "ASCII",
            ByteClass::AsciiControl => "control",
            ByteClass::Lead2 => "lead/2",
            ByteClass::Lead3 => "lead/3",
            ByteClass::Lead4 => "lead/4",
            ByteClass::Continuation => "cont",
            ByteClass::HighSingle => "1-byte",
            ByteClass::Invalid => "invalid",
            ByteClass::Bom => "BOM",
            ByteClass::NoChar => "none",
        })
        .collect();
    out.push(Line::from(Span::styled(
        format!("byte classes: {}", classes.join(" ")),
        theme.dim(),
    )));
    out
}

/// The selected passage: its verdict and the top candidates with their scores.
pub(super) fn passage_lines(app: &App, theme: &Theme) -> Option<Vec<Line<'static>>> {
    let d = app.doc();
    let &(u, p) = language_rows(d).get(app.selection(Tab::Language))?;
    let l = d.languages.get(u)?;
    let pass = l.passages.get(p)?;
    let v = &pass.verdict;
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut out = Vec::new();
    // Why the unit's own verdict is what it is (`mul` and its shares, `und`, the relatives'
    // words), which the list's first row names without saying why.
    if let Some(r) = &l.verdict.reason {
        out.push(Line::from(vec![
            Span::styled(format!("unit {}: ", u + 1), theme.dim()),
            Span::styled(
                format!("{} — {}", l.verdict.language, v_(r)),
                theme.language(&l.verdict.language),
            ),
        ]));
    }
    out.push(Line::from(vec![
        Span::styled(
            format!("passage {} of unit {}  ", p + 1, u + 1),
            theme.dim(),
        ),
        Span::styled(
            format!("{} {}", v.language, v.name),
            bold.patch(theme.language(&v.language)),
        ),
    ]));
    out.push(Line::from(format!(
        "text {}–{} · confidence {:.2} · {}{}",
        pass.start,
        pass.end,
        v.confidence,
        v.method.label(),
        v.script
            .as_ref()
            .map(|s| format!(" · script {}", s.to_lowercase()))
            .unwrap_or_default()
    )));
    if let Some(r) = &v.reason {
        out.push(Line::from(Span::styled(v_(r), theme.warn())));
    }
    // A group answer: how likely each member is.
    if !v.members.is_empty() {
        let each: Vec<String> = v.members.iter().map(ToString::to_string).collect();
        out.push(Line::from(Span::styled(
            format!("members: {}", each.join(" · ")),
            theme.dim(),
        )));
    }
    // The words that tell the two close relatives apart (issue 20).
    for d in v.distinguishing.iter().filter(|d| !d.words.is_empty()) {
        let label = match d.weight {
            Some(w) => format!("{w:.1} nats for {}: ", d.code),
            None => format!("only {} writes: ", d.code),
        };
        out.push(Line::from(vec![
            Span::styled(label, theme.dim()),
            Span::styled(v_(&d.words.join(", ")), theme.language(&d.code)),
        ]));
    }
    // And the words general text writes more often in one of them.
    for d in v.frequent.iter().filter(|d| !d.words.is_empty()) {
        out.push(Line::from(vec![
            Span::styled(
                format!(
                    "{:.1} nats for {} by frequency in general text: ",
                    d.weight.unwrap_or_default(),
                    d.code
                ),
                theme.dim(),
            ),
            Span::styled(v_(&d.words.join(", ")), theme.language(&d.code)),
        ]));
    }
    let higher = matches!(v.method, crate::langid::Method::Bayes);
    out.push(Line::from(Span::styled(
        if higher {
            "candidates (log-likelihood per feature; higher is closer):"
        } else {
            "candidates (out-of-place distance; smaller is closer):"
        },
        theme.dim(),
    )));
    for c in &v.candidates {
        out.push(Line::from(vec![
            Span::styled(format!("  {:<6}", c.code), theme.language(&c.code)),
            Span::raw(format!("{:<14} {:>10.2}", c.name, c.score)),
        ]));
    }
    for c in &l.declared {
        out.push(Line::from(match &c.note {
            Some(n) if !c.agrees => Span::styled(format!("✗ {}", v_(n)), theme.warn()),
            Some(n) => Span::styled(format!("· {}", v_(n)), theme.dim()),
            None => Span::styled(
                format!("✓ declared {} ({}) agrees", v_(&c.value), c.source),
                theme.dim(),
            ),
        }));
    }
    Some(out)
}

pub(super) fn v_(s: &str) -> String {
    v(s)
}

/// What the file is: the detected format, each piece of evidence, a mismatch in full.
pub(super) fn format_lines(app: &App, theme: &Theme) -> Vec<Line<'static>> {
    let f = &app.doc().report.format;
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut out = vec![Line::from(Span::styled(
        format!("Format: {} ({})", f.detected, f.detected.description()),
        bold,
    ))];
    for e in &f.evidence {
        let at = e
            .byte_span
            .map(|s| format!(" at bytes {}–{}", s.start, s.end))
            .unwrap_or_default();
        out.push(Line::from(vec![
            Span::styled(format!("{:<16}", e.clue_name()), theme.dim()),
            Span::raw(format!("{:<12} {}{at}", e.format.name(), v(&e.detail))),
        ]));
    }
    if let Some(m) = &f.mismatch {
        out.push(Line::from(Span::styled(
            format!("MISMATCH: {}", v(m)),
            theme.warn(),
        )));
    }
    for n in &f.notes {
        out.push(Line::from(Span::styled(
            format!("note: {}", v(&n.text)),
            theme.warn(),
        )));
    }
    if let Some(c) = &app.doc().report.size_change {
        out.push(Line::from(Span::styled(
            format!("WARNING: {}", c.sentence()),
            theme.warn(),
        )));
    }
    if !f.detected.extractable() {
        out.push(Line::from(Span::styled(
            "this tool identifies this format but does not extract text from it",
            theme.dim(),
        )));
    }
    out
}

/// The selected unit: its locator, id, fields and metadata (with trust notes).
pub(super) fn unit_lines(app: &App, theme: &Theme) -> Option<Vec<Line<'static>>> {
    let x = app.doc().extracted()?;
    let k = app.selected_unit()?;
    let u = x.units.get(k)?;
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut out = vec![Line::from(vec![
        Span::styled(
            format!(
                "unit {}/{}  {}",
                k + 1,
                x.units.len(),
                v(&u.locator.to_string())
            ),
            bold,
        ),
        Span::styled(format!("  id {}", u.id), theme.dim()),
    ])];
    out.push(Line::from(format!(
        "{} · {} · {} characters{}",
        u.format,
        u.encoding.as_deref().unwrap_or("no encoding"),
        thousands(u.text.chars().count() as u64),
        u.byte_span
            .map(|b| format!(" · bytes {}–{}", b.start, b.end))
            .unwrap_or_default()
    )));
    for (name, values) in &u.fields {
        let shown: Vec<String> = values.iter().take(6).map(|x| v(x)).collect();
        let more = if values.len() > 6 {
            format!(" … (+{})", values.len() - 6)
        } else {
            String::new()
        };
        out.push(Line::from(vec![
            Span::styled(format!("{name}: "), theme.dim()),
            Span::raw(format!("{}{more}", shown.join(" | "))),
        ]));
    }
    for m in &u.metadata {
        let mut spans = vec![
            Span::styled(format!("meta {}: ", m.name), theme.dim()),
            Span::raw(v(&m.value)),
        ];
        if let Some(t) = &m.trust {
            spans.push(Span::styled(format!("  ⚠ {}", v(t)), theme.warn()));
        }
        out.push(Line::from(spans));
    }
    if !u.languages.is_empty() {
        let l: Vec<String> = u
            .languages
            .iter()
            .map(|l| format!("{} {}", v(&l.lang), l.chars))
            .collect();
        out.push(Line::from(format!(
            "declared languages (chars): {}",
            l.join(", ")
        )));
    }
    out.push(Line::from(Span::styled(
        "Enter: this unit's text (or a diagnostic's place) · x: source ↔ extracted",
        theme.dim(),
    )));
    Some(out)
}

pub(super) fn hex_lower(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The inspector in its own pane (wide terminals).
pub fn render_inspector(f: &mut Frame, app: &App, area: Rect, theme: &Theme) {
    let title = " Inspector ";
    f.render_widget(
        Paragraph::new(inspector_lines(app, theme))
            .wrap(Wrap { trim: false })
            .block(block(title, false, theme)),
        area,
    );
}

/// Legend lines for the help overlay: anomaly placeholders.
pub fn anomaly_legend(theme: &Theme) -> Vec<Line<'static>> {
    ALL_CLASSES
        .iter()
        .map(|c| {
            Line::from(vec![
                Span::styled(glyph(*c, '\u{1b}').to_string(), theme.anomaly(*c)),
                Span::raw(format!(" {:<19} {}", c.name(), c.description())),
            ])
        })
        .collect()
}

pub(super) fn v(s: &str) -> String {
    visible(s, false)
}
