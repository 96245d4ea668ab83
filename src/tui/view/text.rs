//! The text pane: the document decoded under the current encoding, anomalies drawn as
//! placeholders, the cursor's character highlighted; or, side by side, the same bytes under
//! 2–4 encodings, row by row aligned on byte offsets.

use super::super::app::{App, Focus};
use super::super::doc::TextView;
use super::super::rows::{self, Cell, Row, cell};
use super::super::theme::{Theme, glyph};
use super::block;
use crate::anomaly::Finding;
use crate::decode::window::Window;
use crate::span::ByteSpan;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// The spans drawing text `[start, end)` of a window, at most `width` cells.
fn draw(
    w: &Window,
    findings: &[Finding],
    start: usize,
    end: usize,
    width: usize,
    cursor: Option<ByteSpan>,
    theme: &Theme,
) -> Line<'static> {
    let text = &w.decoded.text;
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    // Findings over more than one character on this line (a mojibake word, an entity, a word
    // split at a line end): their characters are underlined in the class's colour.
    let words: Vec<(usize, usize, Style)> = findings
        .iter()
        .filter(|f| {
            !f.legitimate
                && f.text_end > f.text_start + f.ch.len_utf8()
                && f.text_start < end
                && f.text_end > start
        })
        .map(|f| (f.text_start, f.text_end, theme.finding(f.class)))
        .collect();
    let mut it = text[start..end].char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let t = start + i;
        let next = it
            .peek()
            .map(|&(_, n)| n)
            .or_else(|| text[end..].chars().next());
        let cl = cell(c, next, w.start <= w.bom_len && t == 0);
        let (s, mut style) = match cl {
            Cell::Break => continue,
            Cell::Anomaly(a) => (glyph(a, c).to_string(), theme.anomaly(a)),
            Cell::Tab => ("⇥".to_string(), theme.dim()),
            Cell::LoneCr => ("␍".to_string(), theme.dim()),
            Cell::Plain { width: 0 } if spans.is_empty() && c != '\r' && c != '\u{FEFF}' => {
                (format!("◌{c}"), Style::default())
            }
            Cell::Plain { .. } => (c.to_string(), Style::default()),
        };
        let wdt = match cl {
            Cell::Plain { width: 0 } if s.starts_with('◌') => 1,
            _ => cl.width(),
        };
        if used + wdt > width {
            break;
        }
        used += wdt;
        if let Some(&(_, _, look)) = words.iter().find(|&&(a, b, _)| a <= t && t < b) {
            style = style.patch(look);
        }
        if cursor.is_some() && w.span_of_text(t) == cursor {
            style = theme.cursor();
        }
        // A combining mark joins the cell of the character before it.
        if wdt == 0 && !spans.is_empty() {
            let last = spans.last_mut().expect("not empty");
            last.content = format!("{}{}", last.content, s).into();
            continue;
        }
        spans.push(Span::styled(s, style));
    }
    Line::from(spans)
}

/// Draws `text[start..end]` (not a window: normalised text) with `highlight` ranges marked and
/// the character at `cursor` reversed.
fn draw_text(
    text: &str,
    start: usize,
    end: usize,
    width: usize,
    cursor: Option<usize>,
    highlight: &[(usize, usize)],
    theme: &Theme,
) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    let mut it = text[start..end].char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let t = start + i;
        let next = it
            .peek()
            .map(|&(_, n)| n)
            .or_else(|| text[end..].chars().next());
        let cl = cell(c, next, t == 0);
        let (s, mut style) = match cl {
            Cell::Break => continue,
            Cell::Anomaly(a) => (glyph(a, c).to_string(), theme.anomaly(a)),
            Cell::Tab => ("⇥".to_string(), theme.dim()),
            Cell::LoneCr => ("␍".to_string(), theme.dim()),
            Cell::Plain { width: 0 } if spans.is_empty() => (format!("◌{c}"), Style::default()),
            Cell::Plain { .. } => (c.to_string(), Style::default()),
        };
        let wdt = match cl {
            Cell::Plain { width: 0 } if s.starts_with('◌') => 1,
            _ => cl.width(),
        };
        if used + wdt > width {
            break;
        }
        used += wdt;
        // A deletion (empty range) marks the character after it.
        if highlight
            .iter()
            .any(|&(a, b)| (a <= t && t < b) || (a == b && a == t))
        {
            style = style.patch(theme.changed());
        }
        if cursor == Some(t) {
            style = theme.cursor();
        }
        if wdt == 0 && !spans.is_empty() {
            let last = spans.last_mut().expect("not empty");
            last.content = format!("{}{}", last.content, s).into();
            continue;
        }
        spans.push(Span::styled(s, style));
    }
    Line::from(spans)
}

/// The normalised view of the window: the text after step `k` with that step's changes (or,
/// for the last step, every step's changes) highlighted, and the query's matches.
fn render_normalized(f: &mut Frame, app: &App, area: Rect, theme: &Theme, k: usize) -> bool {
    let d = app.doc();
    let Some(n) = &d.norm else { return false };
    let p = &n.pipeline;
    if p.steps.is_empty() {
        return false;
    }
    let raw = &d.window.decoded.text;
    let k = k.min(p.steps.len() - 1);
    let text = p.text_after(raw, k);
    // Highlights: step k's changes; for the final view, every step's changes carried forward.
    let mut highlight: Vec<(usize, usize)> = Vec::new();
    let last = k + 1 == p.steps.len();
    for (j, step) in p.steps.iter().enumerate().take(k + 1) {
        if !last && j != k {
            continue;
        }
        for (a, b) in step.changed_ranges() {
            let carry = |o: usize| p.steps[j + 1..=k].iter().fold(o, |o, s| s.to_output(o));
            highlight.push((carry(a), carry(b)));
        }
    }
    if last && let Some(q) = &d.query {
        highlight.extend(q.norm_hits.iter().copied());
    }
    let (width, height) = app.text_area();
    let cursor = d
        .window
        .text_offset_of(d.cursor)
        .map(|t| p.steps[..=k].iter().fold(t, |o, s| s.to_output(o)));
    let rs = rows::rows(text, width, d.window.start <= d.bom_len);
    let top = cursor.map_or(0, |c| rows::row_of(&rs, c).saturating_sub(height / 2));
    let lines: Vec<Line> = rs
        .iter()
        .skip(top)
        .take(height)
        .map(|r| draw_text(text, r.start, r.end, width, cursor, &highlight, theme))
        .collect();
    let step = &p.steps[k];
    let title = if last {
        let all: Vec<String> = p
            .steps
            .iter()
            .map(|s| format!("{} {}", s.step.name(), s.changes.len()))
            .collect();
        format!(
            " Normalised · {} · p steps · r decoded text ",
            all.join(" · ")
        )
    } else {
        format!(
            " Normalised · after step {} {} · {} change{} · p next step · r decoded text ",
            k + 2,
            step.step.name(),
            step.changes.len(),
            if step.changes.len() == 1 { "" } else { "s" }
        )
    };
    f.render_widget(
        Paragraph::new(lines).block(block(&title, app.focus == Focus::Text, theme)),
        area,
    );
    true
}

/// The extracted text of unit `k`, its diagnostics' places highlighted (the one jumped to
/// as the cursor).
fn render_extracted(f: &mut Frame, app: &App, area: Rect, theme: &Theme, k: usize) -> bool {
    let d = app.doc();
    let Some(x) = d.extracted() else { return false };
    let Some(u) = x.units.get(k) else {
        return false;
    };
    let (width, height) = app.text_area();
    let text = &u.text;
    let highlight: Vec<(usize, usize)> = u
        .diagnostics
        .iter()
        .filter_map(|g| g.text_span)
        .map(|(a, b)| (a.min(text.len()), b.min(text.len())))
        .filter(|(a, b)| text.is_char_boundary(*a) && text.is_char_boundary(*b))
        .collect();
    let cursor = d
        .extract_focus
        .map(|(a, _)| a.min(text.len()))
        .filter(|a| text.is_char_boundary(*a));
    let rs = rows::rows(text, width, true);
    // With the language tab open, each passage takes its language's colour.
    let passages = (app.tab == super::super::action::Tab::Language)
        .then(|| d.languages.get(k))
        .flatten();
    let lines: Vec<Line> = rs
        .iter()
        .skip(d.extract_top)
        .take(height)
        .map(|r| {
            let mut line = draw_text(text, r.start, r.end, width, cursor, &highlight, theme);
            if let Some(l) = passages
                && let Some(p) = l
                    .passages
                    .iter()
                    .find(|p| p.start < r.end.max(r.start + 1) && p.end > r.start)
            {
                line = line.patch_style(theme.language(&p.verdict.language));
            }
            line
        })
        .collect();
    let title = format!(
        " Extracted · unit {}/{} · {} · {} · {} chars · x source text ",
        k + 1,
        x.units.len(),
        crate::visible::visible(&u.locator.to_string(), false),
        u.format,
        crate::present::thousands(text.chars().count() as u64)
    );
    f.render_widget(
        Paragraph::new(lines).block(block(&title, app.focus == Focus::Text, theme)),
        area,
    );
    true
}

pub fn render(f: &mut Frame, app: &App, area: Rect, theme: &Theme) {
    let d = app.doc();
    if let TextView::AfterStep(k) = d.view
        && render_normalized(f, app, area, theme, k)
    {
        return;
    }
    if let TextView::Extracted(k) = d.view
        && render_extracted(f, app, area, theme, k)
    {
        return;
    }
    let focused = app.focus == Focus::Text;
    let cursor = d.inspected.as_ref().map(|i| i.span);
    let (width, height) = app.text_area();
    let w = &d.window;
    let text = &w.decoded.text;
    let rs = d.window_rows(width);
    let top = d.top_row(&rs);
    if !app.compare || d.compare_windows.is_empty() {
        let hits: &[(usize, usize)] = d.query.as_ref().map_or(&[], |q| &q.raw_hits);
        let lines: Vec<Line> = rs
            .iter()
            .skip(top)
            .take(height)
            .map(|r| {
                if hits.iter().any(|&(a, b)| a < r.end && b > r.start) {
                    let cursor_t = w.text_offset_of(d.cursor);
                    draw_text(text, r.start, r.end, width, cursor_t, hits, theme)
                } else {
                    draw(w, &d.window_findings, r.start, r.end, width, cursor, theme)
                }
            })
            .collect();
        let title = format!(
            " Text · {}{} ",
            d.charset,
            if d.charset == d.report.encoding.encoding {
                " (decided)"
            } else {
                " (chosen)"
            }
        );
        f.render_widget(
            Paragraph::new(lines).block(block(&title, focused, theme)),
            area,
        );
        return;
    }
    // Side by side: one column per encoding, rows cut at the primary decoding's rows.
    let outer = block(" Side by side: the same bytes, row by row ", focused, theme);
    let inner = outer.inner(area);
    f.render_widget(outer, area);
    let windows: Vec<(&Window, &[Finding])> = std::iter::once((w, &d.window_findings[..]))
        .chain(d.compare_windows.iter().map(|(w, f)| (w, &f[..])))
        .collect();
    let cols = Layout::horizontal(vec![
        Constraint::Ratio(1, windows.len() as u32);
        windows.len()
    ])
    .spacing(1)
    .split(inner);
    let visible: Vec<Row> = rs.iter().skip(top).take(height).copied().collect();
    for (wi, ((cw, cf), col)) in windows.iter().zip(cols.iter()).enumerate() {
        let mut lines = vec![Line::from(Span::styled(
            cw.charset.name().to_string(),
            Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        ))];
        for r in &visible {
            let Some(a) = w.span_of_text(r.start).map(|s| s.start) else {
                lines.push(Line::raw(""));
                continue;
            };
            let b = w
                .decoded
                .map
                .span_of_range(text, r.start, r.end)
                .map_or(a, |s| s.end);
            let line = if wi == 0 {
                draw(
                    w,
                    &d.window_findings,
                    r.start,
                    r.end,
                    col.width as usize,
                    cursor,
                    theme,
                )
            } else {
                let ct = &cw.decoded.text;
                let s = (a..b)
                    .find_map(|o| cw.text_offset_of(o))
                    .unwrap_or(ct.len());
                let e = (a..b)
                    .rev()
                    .find_map(|o| cw.text_offset_of(o))
                    .map(|t| t + ct[t..].chars().next().map_or(0, char::len_utf8))
                    .unwrap_or(s)
                    .max(s);
                let cursor_here = cursor
                    .and_then(|c| cw.text_offset_of(c.start).and_then(|t| cw.span_of_text(t)));
                draw(cw, cf, s, e, col.width as usize, cursor_here, theme)
            };
            lines.push(line);
        }
        f.render_widget(Paragraph::new(lines), *col);
    }
}
