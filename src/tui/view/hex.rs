//! The hex pane: offset | hex bytes coloured by class | a text gutter in which each character is
//! drawn across the bytes it occupies (`é─` over `c3 a9`, `中─` over `e4 b8 ad`).

use super::super::app::{App, Focus};
use super::super::rows::{Cell, cell};
use super::super::theme::{Theme, glyph};
use super::block;
use crate::decode::window::{ByteClass, Window};
use crate::encoding::segments::Segment;
use crate::span::ByteSpan;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// What the gutter shows over one byte.
#[derive(Clone, Debug, PartialEq)]
enum Gut {
    /// The character (or its placeholder) starting at this byte, with its style.
    Char(String, Style),
    /// The second cell of a wide character drawn over the previous byte.
    Covered,
    /// A later byte of a multi-byte character.
    Cont(Style),
    /// A byte of no character.
    None(Style),
}

/// The gutter cells for bytes `[from, to)` of the window.
fn gutter(
    w: &Window,
    from: u64,
    to: u64,
    theme: &Theme,
    cursor_span: Option<ByteSpan>,
) -> Vec<Gut> {
    let n = (to - from) as usize;
    let mut cells = vec![Gut::None(theme.dim()); n];
    for (i, cell_ref) in cells.iter_mut().enumerate() {
        if w.class_of(from + i as u64) == Some(ByteClass::Bom) {
            *cell_ref = Gut::Char("▪".into(), theme.byte(ByteClass::Bom));
        }
    }
    let text = &w.decoded.text;
    let map = &w.decoded.map;
    // Characters overlapping the range: start from the one holding `from`.
    let mut t = (from..to)
        .find_map(|o| map.text_offset_of(text, o))
        .unwrap_or(text.len());
    while t < text.len() {
        let Some(span) = map.span_of(text, t) else {
            break;
        };
        if span.start >= to {
            break;
        }
        let ch = text[t..].chars().next().unwrap_or(' ');
        let next = text[t + ch.len_utf8()..].chars().next();
        let is_cursor = cursor_span == Some(span);
        let (shown, width, mut style) = match cell(ch, next, span.start <= w.bom_len && t == 0) {
            Cell::Anomaly(a) => (glyph(a, ch).to_string(), 1, theme.anomaly(a)),
            Cell::Tab => ("⇥".to_string(), 1, theme.dim()),
            Cell::LoneCr => ("␍".to_string(), 1, theme.dim()),
            Cell::Break => ("⏎".to_string(), 1, theme.dim()),
            Cell::Plain { width: 0 } if ch == '\r' => ("␍".to_string(), 1, theme.dim()),
            Cell::Plain { width: 0 } => (format!("◌{ch}"), 1, Style::default()),
            Cell::Plain { width } => (ch.to_string(), width, Style::default()),
        };
        if is_cursor {
            style = theme.cursor();
        }
        let mut covered = 0;
        for o in span.start.max(from)..span.end.min(to) {
            let i = (o - from) as usize;
            cells[i] = if o == span.start {
                covered = width.saturating_sub(1);
                Gut::Char(shown.clone(), style)
            } else if covered > 0 {
                covered -= 1;
                Gut::Covered
            } else {
                Gut::Cont(if is_cursor {
                    theme.cursor()
                } else {
                    theme.dim()
                })
            };
        }
        // A wide character over a single byte would overflow the gutter: draw a narrow mark.
        if width == 2 && span.len() == 1 && span.start >= from {
            cells[(span.start - from) as usize] = Gut::Char("▣".into(), style);
        }
        t += ch.len_utf8();
    }
    cells
}

/// The offset in `[from, to)` where a segment after the first begins, if any.
fn segment_start_in(segments: &[Segment], from: u64, to: u64) -> Option<u64> {
    segments
        .iter()
        .skip(1)
        .map(|s| s.byte_span.start)
        .find(|&o| o >= from && o < to)
}

pub fn render(f: &mut Frame, app: &App, area: Rect, theme: &Theme) {
    let d = app.doc();
    let bpr = app.panes().bytes_per_row as u64;
    let rows = area.height.saturating_sub(2) as u64;
    let w = &d.window;
    let cursor_span = d.inspected.as_ref().map(|i| i.span);
    let mut lines = Vec::new();
    let len = d.input.len();
    for r in 0..rows {
        let start = d.hex_top + r * bpr;
        if start >= len {
            break;
        }
        let end = (start + bpr).min(len);
        // A row where a segment of another encoding begins is marked after its offset, and
        // the segment's first byte underlined.
        let turn = segment_start_in(&d.report.segments, start, end);
        let mut spans = vec![
            Span::styled(format!("{start:08x}"), theme.dim()),
            if turn.is_some() {
                Span::styled("▸ ", theme.warn())
            } else {
                Span::raw("  ")
            },
        ];
        for o in start..start + bpr {
            if o >= end {
                spans.push(Span::raw("   "));
                continue;
            }
            let (txt, class) = match (w.byte_at(o), w.class_of(o)) {
                (Some(b), Some(c)) => (format!("{b:02x}"), c),
                _ => ("··".to_string(), ByteClass::NoChar),
            };
            let style = if o == d.cursor {
                theme.cursor()
            } else if d.mark.is_some_and(|m| m.contains(o)) {
                theme
                    .warn()
                    .add_modifier(ratatui::style::Modifier::REVERSED)
            } else if cursor_span.is_some_and(|s| s.contains(o)) {
                theme.byte(class).patch(theme.same_char())
            } else {
                theme.byte(class)
            };
            let style = if turn == Some(o) {
                style
                    .patch(theme.warn())
                    .add_modifier(ratatui::style::Modifier::UNDERLINED)
            } else {
                style
            };
            spans.push(Span::styled(txt, style));
            spans.push(Span::raw(" "));
        }
        spans.push(Span::raw(" "));
        for g in gutter(w, start, end, theme, cursor_span) {
            match g {
                Gut::Char(s, st) => spans.push(Span::styled(s, st)),
                Gut::Covered => {}
                Gut::Cont(st) => spans.push(Span::styled("─", st)),
                Gut::None(st) => spans.push(Span::styled("·", st)),
            }
        }
        lines.push(Line::from(spans));
    }
    let segs = &d.report.segments;
    // The gutter draws the text pane's decoding; where the cursor's segment reads in another
    // encoding, the title says which one the gutter shows, so `30є` under a windows-1252
    // segment is not taken for that segment's reading.
    let title = match segs.iter().position(|s| s.byte_span.contains(d.cursor)) {
        Some(i) => format!(
            " Hex · byte {} (0x{:x}) · §{}/{} {}{} ",
            d.cursor,
            d.cursor,
            i + 1,
            segs.len(),
            segs[i].encoding,
            if segs[i].encoding == d.charset {
                String::new()
            } else {
                format!(", shown as {}", d.charset)
            }
        ),
        None => format!(" Hex · byte {} (0x{:x}) ", d.cursor, d.cursor),
    };
    f.render_widget(
        Paragraph::new(lines).block(block(&title, app.focus == Focus::Hex, theme)),
        area,
    );
}
