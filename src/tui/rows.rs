//! How decoded text becomes display rows in the text pane: every character as one safe cell
//! sequence (anomalies as one-cell placeholders, TAB as `⇥`, a lone CR as `␍`), soft-wrapped at
//! the pane width and broken at LF. Both the view (to draw) and the model (to move by rows)
//! use this, so they agree.

use crate::anomaly::{self, AnomalyClass};
use unicode_width::UnicodeWidthChar;

/// How one character is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Drawn as itself, `width` cells wide (0 for combining marks).
    Plain { width: usize },
    /// An anomaly, drawn as its class's placeholder.
    Anomaly(AnomalyClass),
    /// TAB, drawn as `⇥`.
    Tab,
    /// A CR not followed by LF, drawn as `␍`.
    LoneCr,
    /// LF (and CR before LF): ends the row, draws nothing.
    Break,
}

/// How `c` (followed by `next`) is drawn; `at_start` says it is the first character of the
/// document.
pub fn cell(c: char, next: Option<char>, at_start: bool) -> Cell {
    match c {
        '\n' => Cell::Break,
        '\r' if next == Some('\n') => Cell::Plain { width: 0 },
        '\r' => Cell::LoneCr,
        '\t' => Cell::Tab,
        _ => match anomaly::classify(c, at_start) {
            Some(a) => Cell::Anomaly(a),
            // A leading BOM is not text: draw nothing.
            None if c == '\u{FEFF}' => Cell::Plain { width: 0 },
            None => Cell::Plain {
                width: c.width().unwrap_or(0),
            },
        },
    }
}

impl Cell {
    /// Cells occupied.
    pub fn width(&self) -> usize {
        match self {
            Cell::Plain { width } => *width,
            Cell::Anomaly(_) | Cell::Tab | Cell::LoneCr => 1,
            Cell::Break => 0,
        }
    }
}

/// A display row: text offsets `[start, end)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub start: usize,
    pub end: usize,
}

/// Splits `text` into rows at most `width` cells wide. `text_is_start` says the text begins the
/// document.
pub fn rows(text: &str, width: usize, text_is_start: bool) -> Vec<Row> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut start = 0;
    let mut used = 0;
    let mut it = text.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let next = it.peek().map(|&(_, n)| n);
        let cl = cell(c, next, text_is_start && i == 0);
        let w = cl.width();
        if used + w > width && i > start {
            out.push(Row { start, end: i });
            start = i;
            used = 0;
        }
        used += w;
        if cl == Cell::Break {
            let end = i + c.len_utf8();
            out.push(Row { start, end });
            start = end;
            used = 0;
        }
    }
    if start < text.len() || out.is_empty() {
        out.push(Row {
            start,
            end: text.len(),
        });
    }
    out
}

/// The index of the row holding text offset `t`.
pub fn row_of(rows: &[Row], t: usize) -> usize {
    rows.partition_point(|r| r.end <= t)
        .min(rows.len().saturating_sub(1))
}

/// The display column of text offset `t` within `row`.
pub fn column_of(text: &str, row: Row, t: usize, text_is_start: bool) -> usize {
    let mut col = 0;
    let mut it = text[row.start..row.end].char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if row.start + i >= t {
            break;
        }
        let next = it.peek().map(|&(_, n)| n);
        col += cell(c, next, text_is_start && row.start + i == 0).width();
    }
    col
}

/// The text offset in `row` at display column `col` (the character covering it, or the row's
/// last character).
pub fn offset_at_column(text: &str, row: Row, col: usize, text_is_start: bool) -> usize {
    let mut at = 0;
    let mut last = row.start;
    let mut it = text[row.start..row.end].char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let next = it.peek().map(|&(_, n)| n);
        let cl = cell(c, next, text_is_start && row.start + i == 0);
        if cl == Cell::Break {
            break;
        }
        last = row.start + i;
        let w = cl.width();
        if w > 0 && col < at + w {
            return row.start + i;
        }
        at += w;
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_and_break() {
        let r = rows("abcdef\ngh", 4, true);
        assert_eq!(
            r,
            [
                Row { start: 0, end: 4 },
                Row { start: 4, end: 7 },
                Row { start: 7, end: 9 }
            ]
        );
        assert_eq!(row_of(&r, 5), 1);
        assert_eq!(row_of(&r, 8), 2);
        assert_eq!(rows("", 10, true).len(), 1);
    }

    #[test]
    fn wide_and_invisible_chars() {
        // 中 takes two cells; ZWSP is a one-cell placeholder.
        let text = "中文\u{200b}x";
        let r = rows(text, 4, true);
        assert_eq!(r.len(), 2);
        assert_eq!(column_of(text, r[0], 3, true), 2);
        assert_eq!(
            cell('\u{200b}', None, false),
            Cell::Anomaly(AnomalyClass::ZeroWidth)
        );
        assert_eq!(cell('\u{1b}', None, false).width(), 1);
        assert_eq!(offset_at_column(text, r[0], 3, true), 3);
    }

    #[test]
    fn a_hundred_megabyte_line_wraps() {
        let long = "x".repeat(10_000);
        assert_eq!(rows(&long, 80, true).len(), 125);
    }
}
