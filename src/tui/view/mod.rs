//! Drawing: `render(&App, &mut Frame)` only reads the model. One module per pane.

pub mod corpus;
mod hex;
pub mod inspector;
pub mod panel;
mod text;

use super::action::PromptKind;
use super::app::{App, Overlay};
use super::keys::KEYS;
use super::theme::{BYTE_LEGEND, Theme};
use crate::present::thousands;
use crate::visible::visible;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

/// A bordered block with a title, highlighted when focused.
pub fn block<'a>(title: &str, focused: bool, theme: &Theme) -> Block<'a> {
    let b = Block::default()
        .borders(Borders::ALL)
        .title(title.to_string());
    if focused {
        b.border_style(theme.focused())
    } else {
        b.border_style(theme.dim())
    }
}

/// Draws the whole explorer.
pub fn render(f: &mut Frame, app: &App, theme: &Theme) {
    let p = app.panes();
    title_bar(f, app, p.title, theme);
    hex::render(f, app, p.hex, theme);
    text::render(f, app, p.text, theme);
    panel::render(f, app, p.panel, theme, p.inspector.is_none());
    if let Some(r) = p.inspector {
        inspector::render_inspector(f, app, r, theme);
    }
    status_bar(f, app, p.status, theme);
    match &app.overlay {
        Overlay::Help(scroll) => help(f, f.area(), *scroll, theme),
        Overlay::Prompt { kind, input } => prompt(f, app, *kind, input, p.status, theme),
        Overlay::Corpus => {
            let a = f.area();
            let area = Rect {
                y: a.y + 1,
                height: a.height.saturating_sub(2),
                ..a
            };
            corpus::render(f, app, area, theme);
        }
        Overlay::None => {}
    }
    scrub(f.buffer_mut());
}

/// The last line of defence: every view draws document text and names through
/// [`visible`], and a cell that still holds a character a terminal would act on (a view that
/// forgot) gets a placeholder instead of reaching the terminal.
fn scrub(buf: &mut ratatui::buffer::Buffer) {
    for cell in buf.content.iter_mut() {
        let sym = cell.symbol();
        if sym.is_ascii() && !sym.bytes().any(|b| b < 0x20 || b == 0x7F) {
            continue;
        }
        if let Some(c) = sym.chars().find(|&c| crate::visible::needs_placeholder(c)) {
            let p = crate::visible::placeholder(c).unwrap_or_default();
            let one = if p.chars().count() == 1 {
                p
            } else {
                "◆".to_string()
            };
            cell.set_symbol(&one);
        }
    }
}

fn title_bar(f: &mut Frame, app: &App, area: Rect, theme: &Theme) {
    let d = app.doc();
    let r = &d.report;
    let mut spans = vec![
        Span::styled(
            " delineate ",
            Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        ),
        Span::raw(format!(" {} ", visible(&d.name, false))),
        if r.format.detected.is_text() || r.format.detected == crate::format::Format::Empty {
            Span::styled(
                format!(
                    " {} by {} ",
                    r.encoding.encoding,
                    r.encoding.decided_by.short()
                ),
                Style::default().add_modifier(Modifier::BOLD),
            )
        } else {
            // A binary container: its bytes are not text in any encoding.
            Span::styled(
                format!(" not text: bytes shown as {} ", d.charset),
                Style::default().add_modifier(Modifier::BOLD),
            )
        },
        Span::raw(format!(" {} bytes ", thousands(d.input.len()))),
        Span::styled(format!(" {} ", r.format.detected), theme.dim()),
    ];
    // The likely verdict, when the bytes say otherwise than the decision; for a file in several
    // encodings, its segments are the answer (the whole-file reading is demoted to 0.00).
    let l = &r.likely;
    if r.segments.is_empty()
        && (r.format.detected.is_text() || r.format.detected == crate::format::Format::Empty)
        && l.name != r.encoding.encoding
        && !l.same_text.contains(&r.encoding.encoding)
    {
        spans.insert(
            3,
            Span::styled(
                format!(" likely {} {:.2} ", l.name, l.confidence),
                theme.warn(),
            ),
        );
    }
    // A file in several encodings: how many segments, then in which (each is listed in the
    // Evidence tab, marked in the hex pane and named in its title).
    if !r.segments.is_empty() {
        let names: Vec<&str> = crate::encoding::segments::encodings_of(&r.segments)
            .iter()
            .map(|c| c.name())
            .collect();
        spans.insert(
            3,
            Span::styled(
                format!(
                    " mixed: {} segments, {} (e) ",
                    r.segments.len(),
                    names.join(" + ")
                ),
                theme.warn(),
            ),
        );
    }
    if r.format.mismatch.is_some() {
        spans.push(Span::styled(" name ≠ bytes (u) ", theme.warn()));
    }
    if r.size_change.is_some() {
        spans.push(Span::styled(" changed while read (u) ", theme.warn()));
    }
    let warnings = r
        .conflicts
        .iter()
        .filter(|c| c.severity == crate::encoding::decide::Severity::Warning)
        .count();
    if warnings > 0 {
        spans.push(Span::styled(
            format!(
                " {warnings} conflict{} (e) ",
                if warnings == 1 { "" } else { "s" }
            ),
            theme.warn(),
        ));
    }
    if let Some(m) = &r.mojibake {
        spans.push(Span::styled(
            format!(" mojibake: {} ", m.analysis.verdict_word()),
            theme.warn(),
        ));
    }
    if let Some(s) = &d.scanning {
        spans.push(Span::styled(
            format!(" scanning {} {:.0} % ", s.pass, s.fraction * 100.0),
            theme.dim(),
        ));
    }
    if app.docs.len() > 1 {
        spans.push(Span::styled(
            format!(" file {}/{} (f) ", app.current + 1, app.docs.len()),
            theme.dim(),
        ));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn status_bar(f: &mut Frame, app: &App, area: Rect, theme: &Theme) {
    let line = match &app.message {
        Some(m) => Line::from(Span::raw(visible(m, false))),
        None if app.corpus.is_some() => Line::from(Span::styled(
            "? help  C corpus  Tab focus  : goto  / find  n N anomaly  s compare  x extracted  q quit",
            theme.dim(),
        )),
        None => Line::from(Span::styled(
            "? help  Tab focus  : goto  / find  n N anomaly  s compare  x extracted  q quit",
            theme.dim(),
        )),
    };
    f.render_widget(Paragraph::new(line), area);
}

fn prompt(f: &mut Frame, app: &App, kind: PromptKind, input: &str, area: Rect, theme: &Theme) {
    let label = match kind {
        PromptKind::Goto => "Go to byte (123, 0x7b, +10, -10, 50%): ".to_string(),
        PromptKind::Search => format!(
            "Search text in {} (or bytes: 0x c3 a9; empty = again): ",
            app.doc().charset
        ),
        PromptKind::Query => "Query (matched before and after normalisation): ".to_string(),
    };
    f.render_widget(Clear, area);
    f.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(label, theme.focused()),
            Span::raw(visible(input, false)),
            Span::styled("█", theme.dim()),
        ])),
        area,
    );
}

fn help(f: &mut Frame, area: Rect, scroll: usize, theme: &Theme) {
    let w = area.width.saturating_sub(4).min(100);
    let h = area.height.saturating_sub(2);
    let r = Rect::new(area.x + (area.width - w) / 2, area.y + 1, w, h);
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut lines = vec![Line::from(Span::styled("Keys", bold))];
    for (k, what) in KEYS {
        lines.push(Line::from(vec![
            Span::styled(format!("  {k:<22}"), bold),
            Span::raw(*what),
        ]));
    }
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled("Byte classes (hex pane)", bold)));
    for pair in BYTE_LEGEND.chunks(3) {
        let mut legend = vec![Span::raw("  ")];
        for (c, label) in pair {
            legend.push(Span::styled("c3", theme.byte(*c)));
            legend.push(Span::raw(format!(" {label:<18}")));
        }
        lines.push(Line::from(legend));
    }
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled("Placeholders (text pane)", bold)));
    lines.extend(inspector::anomaly_legend(theme).into_iter().map(|mut l| {
        l.spans.insert(0, Span::raw("  "));
        l
    }));
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll as u16, 0))
            .block(block(
                " Help — ↑ ↓ scroll, any other key closes ",
                true,
                theme,
            )),
        r,
    );
}
