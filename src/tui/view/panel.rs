//! The panel: the inspector (the character under the cursor, taught byte by byte), and the
//! lists of candidates, evidence, anomalies and open files.

use super::super::action::Tab;
use super::super::app::{App, Focus, header_rows, list_offset};
use super::super::doc::{
    EvidenceRow, ExtractState, TextView, UnitRow, evidence_rows, language_rows, unit_rows,
};
use super::super::theme::{Theme, glyph};
use super::block;
use super::inspector::{inspector_lines, v, v_};
use crate::anomaly::AnomalyClass;
use crate::encoding::decide::Severity;
use crate::present::thousands;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

fn tab_bar(
    app: &App,
    shown: Tab,
    theme: &Theme,
    with_inspector: bool,
    width: usize,
) -> Line<'static> {
    let mut tabs = vec![];
    if with_inspector {
        tabs.push((Tab::Inspector, "i Inspector", "i Insp"));
    }
    tabs.extend([
        (Tab::Candidates, "c Candidates", "c Cand"),
        (Tab::Evidence, "e Evidence", "e Evid"),
        (Tab::Anomalies, "a Anomalies", "a Anom"),
        (Tab::Units, "u Units", "u Unit"),
        (Tab::Language, "L Lang", "L Lang"),
    ]);
    if app.docs.len() > 1 {
        tabs.push((Tab::Files, "f Files", "f Files"));
    }
    // Full labels with gaps when they fit, then without gaps, then short labels.
    let full: usize = tabs.iter().map(|(_, l, _)| l.chars().count() + 3).sum();
    let (short, gap) = if full <= width {
        (false, true)
    } else if full - tabs.len() <= width {
        (false, false)
    } else {
        (true, false)
    };
    let mut spans = Vec::new();
    for (t, label, brief) in tabs {
        let style = if shown == t {
            theme.selected().add_modifier(Modifier::BOLD)
        } else {
            theme.dim()
        };
        let l = if short && shown != t { brief } else { label };
        spans.push(Span::styled(format!(" {l} "), style));
        if gap {
            spans.push(Span::raw(" "));
        }
    }
    Line::from(spans)
}

/// The list rows of the current tab (each a line), and which is selected.
fn list_lines(app: &App, tab: Tab, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let d = app.doc();
    match tab {
        Tab::Inspector => inspector_lines(app, theme),
        Tab::Candidates => {
            let mut rows = vec![Line::from(Span::styled(
                format!(
                    "   {:<14} {:>5} {:>7} {:>7} {:>9}  {}",
                    "encoding", "score", "U+FFFD", "deleted", "strict at", "text"
                ),
                theme.dim(),
            ))];
            for c in &d.report.candidates {
                let mark = if c.encoding == d.charset {
                    "●"
                } else if d.compare_with.contains(&c.encoding) {
                    "◆"
                } else {
                    " "
                };
                let line = format!(
                    " {mark} {:<14} {:>5.2} {:>7} {:>7} {:>9}  {}",
                    c.encoding.name(),
                    c.score,
                    thousands(c.replacement_chars),
                    thousands(c.deleted_bytes),
                    c.first_error_offset
                        .map_or("—".to_string(), |o| o.to_string()),
                    v(&c.excerpt)
                );
                rows.push(Line::from(truncate(&line, width)));
            }
            rows
        }
        // In the order of `evidence_rows`, which selection and Enter follow too.
        Tab::Evidence => evidence_rows(d)
            .into_iter()
            .map(|row| evidence_line(d, row, theme, width))
            .collect(),
        Tab::Anomalies => {
            let mut rows = Vec::new();
            match (&d.counts, d.scanning.as_ref()) {
                (Some(c), _) => {
                    // Extractor diagnostics are anomalies of the extracted text: counted here,
                    // listed with jump-to in the units tab.
                    let extracted = d
                        .extracted()
                        .map(|x| {
                            x.diagnostics.len()
                                + x.units.iter().map(|u| u.diagnostics.len()).sum::<usize>()
                        })
                        .filter(|n| *n > 0)
                        .map(|n| format!(" · extraction: {n} diagnostics (u)"))
                        .unwrap_or_default();
                    rows.push(Line::from(format!(
                        "whole document in {}: {} anomal{}{extracted}; around the cursor:",
                        d.counts_charset.map_or("?", |c| c.name()),
                        thousands(c.total()),
                        if c.total() == 1 { "y" } else { "ies" }
                    )));
                    rows.push(class_legend(&c.by_class, theme, width));
                }
                (None, Some(s)) => {
                    rows.push(Line::from(format!(
                        "whole document: counting… {:.0} % ({})",
                        s.fraction * 100.0,
                        s.pass
                    )));
                    rows.push(Line::raw(""));
                }
                (None, None) => {
                    rows.push(Line::from("whole document: not counted"));
                    rows.push(Line::raw(""));
                }
            }
            // The list: anomalies in the decoded window, with jump targets.
            for f in &d.window_findings {
                let at = f.byte_span.map_or(0, |s| s.start);
                rows.push(Line::from(vec![
                    Span::styled(glyph(f.class, f.ch).to_string(), theme.anomaly(f.class)),
                    Span::raw(truncate(
                        &format!(" byte {at:<9} {:<18} {}", f.class.name(), v(&f.reason)),
                        width.saturating_sub(1),
                    )),
                ]));
            }
            if d.window_findings.is_empty() {
                rows.push(Line::from(Span::styled(
                    "no anomaly around the cursor (n / N search the whole document)",
                    theme.dim(),
                )));
            }
            rows
        }
        Tab::Units => units_lines(app, theme, width),
        Tab::Language => language_lines(app, theme, width),
        Tab::Files => {
            let name_w = app
                .docs
                .iter()
                .map(|d| v(&d.name).chars().count())
                .max()
                .unwrap_or(0);
            app.docs
                .iter()
                .enumerate()
                .map(|(i, doc)| {
                    let mark = if i == app.current { "●" } else { " " };
                    Line::from(truncate(
                        &format!(
                            " {mark} {:<name_w$} {:>10} bytes  {} ({})",
                            v(&doc.name),
                            thousands(doc.input.len()),
                            doc.report.encoding.encoding,
                            doc.report.encoding.decided_by.short()
                        ),
                        width,
                    ))
                })
                .collect()
        }
    }
}

/// The anomaly classes of the whole document with their counts, on one row: named where the
/// names fit (`↵ hard-line-break 208`), else by glyph alone (`↵ 208`, the help names them) so
/// that no class is cut off the end — a man page's layout classes had pushed its
/// `mojibake-word 2` past the edge of a 78-column panel.
fn class_legend(by_class: &[(AnomalyClass, u64)], theme: &Theme, width: usize) -> Line<'static> {
    let named = |class: &AnomalyClass, n: u64| format!(" {} {}  ", class.name(), thousands(n));
    let fits = by_class
        .iter()
        .map(|(class, n)| 1 + named(class, *n).chars().count())
        .sum::<usize>()
        // The last item's two trailing spaces may fall off the edge.
        <= width + 2;
    let mut spans = vec![];
    for (class, n) in by_class {
        spans.push(Span::styled(
            glyph(*class, '\u{1b}').to_string(),
            theme.anomaly(*class),
        ));
        spans.push(Span::raw(if fits {
            named(class, *n)
        } else {
            format!(" {}  ", thousands(*n))
        }));
    }
    Line::from(spans)
}

/// The language tab: the document's verdict, the shares, then one row per passage.
fn language_lines(app: &App, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let d = app.doc();
    let mut rows = Vec::new();
    match &d.extraction {
        ExtractState::Done(x) if !d.languages.is_empty() => {
            let first = &d.languages[0].verdict;
            let mut head = vec![
                Span::raw("document: "),
                Span::styled(
                    format!("{} {}", first.language, first.name),
                    theme.language(&first.language).add_modifier(Modifier::BOLD),
                ),
                Span::raw(format!(
                    " (confidence {:.2}){}",
                    first.confidence,
                    if x.units.len() > 1 {
                        format!(" · first of {} units", x.units.len())
                    } else {
                        String::new()
                    }
                )),
            ];
            let wrong: Vec<&crate::langid::Declared> = d.languages[0]
                .declared
                .iter()
                .filter(|c| !c.agrees)
                .collect();
            if let Some(w) = wrong.first() {
                head.push(Span::styled(
                    format!("  ⚠ declared {} ({})", v(&w.value), w.source),
                    theme.warn(),
                ));
            }
            rows.push(Line::from(head));
            let shares = &d.languages[0].shares;
            let total: usize = shares.iter().map(|s| s.1).sum::<usize>().max(1);
            let mut spans = vec![Span::styled("passages: ", theme.dim())];
            for (l, n) in shares {
                spans.push(Span::styled(
                    format!("{l} {:.0} %", *n as f64 * 100.0 / total as f64),
                    theme.language(l),
                ));
                spans.push(Span::raw("  "));
            }
            rows.push(Line::from(spans));
            for (u, p) in language_rows(d) {
                let pass = &d.languages[u].passages[p];
                let t = x.units[u].text.get(pass.start..pass.end).unwrap_or("");
                let preview: String = t.split_whitespace().collect::<Vec<_>>().join(" ");
                rows.push(Line::from(vec![
                    Span::styled(
                        format!(" {:<6}", pass.verdict.language),
                        theme.language(&pass.verdict.language),
                    ),
                    Span::raw(truncate(
                        &format!(" {:.2}  {}", pass.verdict.confidence, v(&preview)),
                        width.saturating_sub(7),
                    )),
                ]));
            }
        }
        ExtractState::Done(_) => {
            rows.push(Line::from("no text to identify"));
            rows.push(Line::raw(""));
        }
        ExtractState::Failed(e) => {
            rows.push(Line::from(Span::styled(
                format!("extraction failed: {}", v(e)),
                theme.warn(),
            )));
            rows.push(Line::raw(""));
        }
        _ => {
            rows.push(Line::from(Span::styled("identifying…", theme.dim())));
            rows.push(Line::raw(""));
        }
    }
    rows
}

/// The units tab: two header rows (format and extractor), then file diagnostics, then each
/// unit with its diagnostics.
fn units_lines(app: &App, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let d = app.doc();
    let f = &d.report.format;
    let mut head = vec![Span::raw(format!(
        "{} — {}",
        f.detected,
        f.detected.description()
    ))];
    if f.mismatch.is_some() {
        head.push(Span::styled("  ⚠ the name says otherwise", theme.warn()));
    }
    let mut rows = vec![Line::from(head)];
    let x = match &d.extraction {
        ExtractState::Done(x) => x,
        ExtractState::NotStarted => {
            rows.push(Line::from(Span::styled(
                "not extracted yet (x or u starts it)",
                theme.dim(),
            )));
            return rows;
        }
        ExtractState::Running => {
            rows.push(Line::from(Span::styled("extracting…", theme.dim())));
            return rows;
        }
        ExtractState::Failed(e) => {
            rows.push(Line::from(Span::styled(
                format!("extraction failed: {}", v(e)),
                theme.warn(),
            )));
            return rows;
        }
    };
    rows.push(Line::from(Span::styled(
        truncate(
            &match (&x.extractor, &x.error) {
                (_, Some(e)) => format!("ERROR {}", v(&e.to_string())),
                (Some(e), None) => format!(
                    "{} extractor ({}) · {} unit{} · --unit {}",
                    e.name,
                    e.uses,
                    x.units.len(),
                    if x.units.len() == 1 { "" } else { "s" },
                    x.unit.name()
                ),
                (None, None) => "no extractor for this format".to_string(),
            },
            width,
        ),
        if x.error.is_some() {
            theme.warn()
        } else {
            theme.dim()
        },
    )));
    for r in unit_rows(x) {
        let line = match r {
            UnitRow::File(j) => {
                let g = &x.diagnostics[j];
                Line::from(Span::styled(
                    truncate(&format!("! {:<16} {}", g.kind.name(), v(&g.message)), width),
                    theme.warn(),
                ))
            }
            UnitRow::Unit(i) => {
                let u = &x.units[i];
                let mark = if d.view == TextView::Extracted(i) {
                    "●"
                } else {
                    " "
                };
                Line::from(Span::styled(
                    truncate(
                        &format!(
                            "{mark} {:<28} {:>9} chars  {} diagnostic{}",
                            v(&u.locator.to_string()),
                            thousands(u.text.chars().count() as u64),
                            u.diagnostics.len(),
                            if u.diagnostics.len() == 1 { "" } else { "s" }
                        ),
                        width,
                    ),
                    Style::default().add_modifier(Modifier::BOLD),
                ))
            }
            UnitRow::Diag(i, j) => {
                let g = &x.units[i].diagnostics[j];
                let style = match g.kind {
                    crate::extract::DiagnosticKind::Charset
                    | crate::extract::DiagnosticKind::Note => theme.dim(),
                    _ => Style::default(),
                };
                Line::from(Span::styled(
                    truncate(
                        &format!("    {:<16} {}", g.kind.name(), v(&g.message)),
                        width,
                    ),
                    style,
                ))
            }
        };
        rows.push(line);
    }
    if x.units.is_empty() && x.diagnostics.is_empty() {
        rows.push(Line::from(Span::styled("no units", theme.dim())));
    }
    rows
}

fn truncate(s: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width {
            out.push('…');
            break;
        }
        used += w;
        out.push(c);
    }
    out
}

/// The tabbed panel; `with_inspector` when the inspector has no pane of its own.
pub fn render(f: &mut Frame, app: &App, area: Rect, theme: &Theme, with_inspector: bool) {
    let blk = block("", app.focus == Focus::Panel, theme);
    let inner = blk.inner(area);
    f.render_widget(blk, area);
    if inner.height == 0 {
        return;
    }
    let tab = if !with_inspector && app.tab == Tab::Inspector {
        Tab::Candidates
    } else {
        app.tab
    };
    let bar = Rect::new(inner.x, inner.y, inner.width, 1);
    f.render_widget(
        Paragraph::new(tab_bar(
            app,
            tab,
            theme,
            with_inspector,
            inner.width as usize,
        )),
        bar,
    );
    let body = Rect::new(inner.x, inner.y + 1, inner.width, inner.height - 1);
    if tab == Tab::Inspector {
        f.render_widget(
            Paragraph::new(inspector_lines(app, theme)).wrap(Wrap { trim: false }),
            body,
        );
        return;
    }
    // With the focus on the list, the last rows show the selected item in full.
    let detail = detail_of(app, tab, body);
    let body = match &detail {
        Some(text) => {
            let h = body.height - list_rows(app, tab, body);
            let area = Rect::new(body.x, body.y + body.height - h, body.width, h);
            f.render_widget(
                Paragraph::new(Line::from(Span::styled(text.clone(), theme.dim())))
                    .wrap(Wrap { trim: true }),
                area,
            );
            Rect::new(body.x, body.y, body.width, body.height - h)
        }
        None => body,
    };
    let mut lines = list_lines(app, tab, theme, body.width as usize);
    // Lists: the first line of candidates and anomalies is a header; the selection moves
    // over the items after it.
    let sel = app.selection(tab) + header_rows(tab);
    let visible_rows = body.height as usize;
    let offset = list_offset(sel, visible_rows);
    if app.focus == Focus::Panel
        && tab != Tab::Inspector
        && let Some(l) = lines.get_mut(sel)
    {
        *l = l.clone().style(theme.selected());
    }
    let shown: Vec<Line> = lines.into_iter().skip(offset).take(visible_rows).collect();
    f.render_widget(Paragraph::new(shown), body);
}

/// The detail of the selected item, shown while the focus is on the list and the list has
/// room for it.
fn detail_of(app: &App, tab: Tab, body: Rect) -> Option<String> {
    (app.focus == Focus::Panel && body.height >= 6)
        .then(|| detail_text(app, tab))
        .flatten()
}

/// How many rows of the list are shown in the panel's `body` (the detail rows take the rest);
/// the mouse uses it too, so that a click selects the row drawn under it.
pub fn list_rows(app: &App, tab: Tab, body: Rect) -> u16 {
    detail_of(app, tab, body).map_or(body.height, |t| {
        body.height - detail_height(&t, body.width, body.height)
    })
}

/// Rows for the detail of the selected item: as many as its text wraps to, at least 2, and
/// leaving the selected row and one more to the list, so that a long reason (the likely
/// verdict's, a segment's) is read to its end.
fn detail_height(text: &str, width: u16, height: u16) -> u16 {
    let most = height.saturating_sub(2).max(2);
    (wrapped_rows(text, usize::from(width.max(1))).min(usize::from(most)) as u16)
        .max(2)
        .min(height)
}

/// Rows `text` takes when wrapped at spaces into rows of `width` cells, as the detail's
/// paragraph wraps it (a word wider than a row is cut).
fn wrapped_rows(text: &str, width: usize) -> usize {
    use unicode_width::UnicodeWidthStr;
    let (mut rows, mut used) = (1, 0);
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let w = word.width();
        let need = if used == 0 { w } else { used + 1 + w };
        if need <= width {
            used = need;
        } else {
            rows += 1 + (w.saturating_sub(1)) / width;
            used = w % width;
            if used == 0 {
                used = width;
            }
        }
    }
    rows
}

/// The whole text of the selected list item, for the detail rows.
fn detail_text(app: &App, tab: Tab) -> Option<String> {
    let d = app.doc();
    let sel = app.selection(tab);
    Some(match tab {
        Tab::Evidence => evidence_detail(d, *evidence_rows(d).get(sel)?),
        Tab::Candidates => {
            let c = d.report.candidates.get(sel)?;
            let f = &c.features;
            format!(
                "{}: letter pairs {:.2}, word purity {:.2}, script alternation {:.2}, anomalies {:.3}, mojibake sequences {}; Enter decodes as {0}, Space marks for side by side",
                c.encoding,
                f.letter_pair_density,
                f.per_word_script_purity,
                f.script_alternation_ratio,
                f.replacement_ratio,
                c.mojibake_fingerprints
            )
        }
        Tab::Anomalies => v(&d.window_findings.get(sel)?.reason),
        Tab::Language => {
            let &(u, p) = language_rows(d).get(sel)?;
            let v = &d.languages.get(u)?.passages.get(p)?.verdict;
            format!(
                "{} {}{} · Enter shows the passage in the extracted text",
                v.language,
                v.name,
                v.reason
                    .as_ref()
                    .map(|r| format!(" — {}", v_(r)))
                    .unwrap_or_default()
            )
        }
        Tab::Units => {
            let x = d.extracted()?;
            match unit_rows(x).get(sel)? {
                UnitRow::File(j) => v(&x.diagnostics[*j].message),
                UnitRow::Unit(i) => {
                    let u = &x.units[*i];
                    format!(
                        "{} · id {} · Enter shows its text",
                        v(&u.locator.to_string()),
                        u.id
                    )
                }
                UnitRow::Diag(i, j) => v(&x.units[*i].diagnostics[*j].message),
            }
        }
        _ => return None,
    })
}

/// One row of the evidence list, cut to `width`: the decision and the likely verdict dimmed,
/// each segment with its byte span, each piece of evidence (✔ on the one that decided), each
/// conflict.
fn evidence_line(
    d: &crate::tui::doc::Doc,
    row: EvidenceRow,
    theme: &Theme,
    width: usize,
) -> Line<'static> {
    let r = &d.report;
    let (text, style) = match row {
        EvidenceRow::Decision => (
            format!(
                "{} by {}: {}",
                r.encoding.encoding,
                r.encoding.decided_by.short(),
                v(&r.encoding.explanation)
            ),
            theme.dim(),
        ),
        EvidenceRow::Likely => (
            format!(
                "likely {} ({:.2}): {}",
                r.likely.name,
                r.likely.confidence,
                v(&r.likely.because)
            ),
            theme.dim(),
        ),
        // A file in several encodings: each segment, its byte span and why.
        EvidenceRow::Segment(i) => {
            let sg = &r.segments[i];
            (
                format!(
                    "§{} {:<12} {}–{} ({:.2}): {}",
                    i + 1,
                    sg.encoding.to_string(),
                    sg.byte_span.start,
                    sg.byte_span.end,
                    sg.confidence,
                    v(&sg.because)
                ),
                theme.warn(),
            )
        }
        EvidenceRow::Item(i) => {
            let e = &r.evidence[i];
            let won = if r.encoding.evidence_index == Some(i) {
                "✔"
            } else {
                " "
            };
            let span = e
                .byte_span
                .map_or("—".to_string(), |s| format!("{}–{}", s.start, s.end));
            (
                format!("{won} {:<15} {:<12} {}", e.kind.name(), span, v(&e.detail)),
                Style::default(),
            )
        }
        EvidenceRow::Conflict(i) => {
            let c = &r.conflicts[i];
            let style = match c.severity {
                Severity::Warning => theme.warn(),
                Severity::Note => Style::default(),
            };
            (format!("! {}", v(&c.message)), style)
        }
    };
    Line::from(Span::styled(truncate(&text, width), style))
}

/// The whole text of one row of the evidence list: the sentences the list row truncates, and
/// for the likely verdict the readings still in the running and what Enter does (its sentence
/// already names the encodings that read the bytes the same).
fn evidence_detail(d: &crate::tui::doc::Doc, row: EvidenceRow) -> String {
    let r = &d.report;
    match row {
        EvidenceRow::Decision => format!(
            "decided {} by {}: {} · Enter moves to the bytes that decided",
            r.encoding.encoding,
            r.encoding.decided_by.short(),
            v(&r.encoding.explanation)
        ),
        EvidenceRow::Likely => {
            let l = &r.likely;
            // The readings still in the running (those that would print as 0.00 are not).
            let alts: Vec<String> = l
                .alternatives
                .iter()
                .filter(|a| a.probability >= 0.005)
                .take(3)
                .map(|a| format!("{} {:.2}", a.name, a.probability))
                .collect();
            let others = if alts.is_empty() {
                String::new()
            } else {
                format!(" Next: {}.", alts.join(", "))
            };
            format!(
                "likely {} ({:.2}): {}.{others} Enter decodes as {0}",
                l.name,
                l.confidence,
                v(l.because.trim_end_matches('.'))
            )
        }
        EvidenceRow::Segment(i) => r.segments.get(i).map_or_else(String::new, |sg| {
            format!(
                "segment {} of {}, bytes {}–{}: {} ({:.2}): {} · Enter moves to its first byte",
                i + 1,
                r.segments.len(),
                sg.byte_span.start,
                sg.byte_span.end,
                sg.encoding,
                sg.confidence,
                v(&sg.because)
            )
        }),
        EvidenceRow::Item(i) => r.evidence.get(i).map_or_else(String::new, |e| {
            // The language evidence lists its words with their bytes.
            let words = match (&r.likely.language, e.kind) {
                (Some(l), crate::encoding::EvidenceKind::Language) => format!(
                    "words: {}; ",
                    l.examples
                        .iter()
                        .map(|w| format!(
                            "{}{} [{}–{}]",
                            v(&w.word),
                            if w.known { "" } else { "?" },
                            w.byte_span.start,
                            w.byte_span.end
                        ))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                _ => String::new(),
            };
            format!(
                "{}: {words}{}{}",
                e.kind.name(),
                v(&e.detail),
                e.remap
                    .as_ref()
                    .map(|m| format!(" ({})", v(m)))
                    .unwrap_or_default()
            )
        }),
        EvidenceRow::Conflict(i) => r
            .conflicts
            .get(i)
            .map_or_else(String::new, |c| v(&c.message)),
    }
}
