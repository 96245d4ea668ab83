//! Moving about: cursor motions in the hex, text and extracted panes, following the cursor
//! with the panes' scroll, mouse clicks, jumping to the next anomaly and searching bytes or
//! text (part of [`App`]; the dispatcher calls these).

use super::super::action::{Action, Motion, Tab};
use super::super::doc::{Doc, TextView};
use super::super::rows;
use super::super::worker::Scan;
use super::{
    ANOMALY_SEARCH_LIMIT, App, Focus, Overlay, contains, header_rows, list_offset, parse_query,
    tab_index,
};
use crate::anomaly::Finding;
use crate::anomaly::document::window_findings;
use crate::decode::window::decode_window;
use crate::source::Input;
use crate::span::ByteSpan;
use std::sync::Arc;

impl App {
    /// Scrolls the extracted text of unit `k`.
    pub(super) fn extracted_motion(&mut self, k: usize, m: Motion) {
        let (width, height) = self.text_area();
        let Some(u) = self.doc().extracted().and_then(|x| x.units.get(k)) else {
            return;
        };
        let n = rows::rows(&u.text, width, true).len();
        let last = n.saturating_sub(height.max(1));
        let d = self.doc_mut();
        let t = d.extract_top;
        d.extract_top = match m {
            Motion::Up | Motion::Left => t.saturating_sub(1),
            Motion::Down | Motion::Right => (t + 1).min(last),
            Motion::PageUp => t.saturating_sub(height.max(1)),
            Motion::PageDown => (t + height.max(1)).min(last),
            Motion::Top | Motion::Home => 0,
            Motion::Bottom | Motion::End => last,
        };
    }

    pub(super) fn motion(&mut self, m: Motion) {
        let len = self.doc().input.len();
        if len == 0 {
            return;
        }
        let last = len - 1;
        if let (Focus::Text, TextView::Extracted(k)) = (self.focus, self.doc().view) {
            self.extracted_motion(k, m);
            return;
        }
        match self.focus {
            Focus::Text => {
                self.text_motion(m);
                self.snap_to_char();
            }
            _ => {
                let bpr = self.panes().bytes_per_row as u64;
                let page = bpr * self.hex_rows();
                let d = self.doc_mut();
                let c = d.cursor;
                d.cursor = match m {
                    Motion::Left => c.saturating_sub(1),
                    Motion::Right => (c + 1).min(last),
                    Motion::Up => c.saturating_sub(bpr),
                    Motion::Down => (c + bpr).min(last),
                    Motion::PageUp => c.saturating_sub(page),
                    Motion::PageDown => (c + page).min(last),
                    Motion::Home => c - c % bpr,
                    Motion::End => (c - c % bpr + bpr - 1).min(last),
                    Motion::Top => 0,
                    Motion::Bottom => last,
                };
            }
        }
    }

    /// Moves by characters and display rows in the text pane.
    pub(super) fn text_motion(&mut self, m: Motion) {
        let (width, height) = self.text_area();
        let len = self.doc().input.len();
        let d = self.doc_mut();
        d.ensure_window();
        match m {
            Motion::Top => {
                d.cursor = 0;
            }
            Motion::Bottom => {
                d.cursor = len.saturating_sub(1);
                d.ensure_window();
            }
            Motion::Left | Motion::Right => {
                let w = &d.window;
                let text = &w.decoded.text;
                match w.text_offset_of(d.cursor) {
                    Some(t) => {
                        let target = if m == Motion::Left {
                            text[..t].char_indices().next_back().map(|(i, _)| i)
                        } else {
                            text[t..]
                                .chars()
                                .next()
                                .map(|c| t + c.len_utf8())
                                .filter(|&n| n < text.len())
                        };
                        match target.and_then(|n| w.span_of_text(n)) {
                            Some(s) => d.cursor = s.start,
                            None if m == Motion::Left => d.cursor = d.cursor.saturating_sub(1),
                            None => {
                                let end = w.span_of_text(t).map_or(d.cursor + 1, |s| s.end);
                                d.cursor = end.min(len.saturating_sub(1));
                            }
                        }
                    }
                    None => {
                        d.cursor = if m == Motion::Left {
                            d.cursor.saturating_sub(1)
                        } else {
                            (d.cursor + 1).min(len.saturating_sub(1))
                        }
                    }
                }
            }
            _ => {
                let step: i64 = match m {
                    Motion::Up => -1,
                    Motion::Down => 1,
                    Motion::PageUp => -(height.max(2) as i64 - 1),
                    Motion::PageDown => height.max(2) as i64 - 1,
                    _ => 0,
                };
                let w = &d.window;
                let text = &w.decoded.text;
                let is_start = w.start <= d.bom_len;
                let rs = d.window_rows(width);
                let Some(t) = w.text_offset_of(d.cursor) else {
                    return;
                };
                let r = rows::row_of(&rs, t);
                let target = match m {
                    Motion::Home => rs[r].start,
                    Motion::End => {
                        let row = rs[r];
                        text[row.start..row.end]
                            .char_indices()
                            .rfind(|&(_, c)| c != '\n' && c != '\r')
                            .map_or(row.start, |(i, _)| row.start + i)
                    }
                    _ => {
                        let col = rows::column_of(text, rs[r], t, is_start);
                        let nr = (r as i64 + step).clamp(0, rs.len() as i64 - 1) as usize;
                        if nr == r && step != 0 {
                            // At the window's edge: step into the next window by bytes.
                            if step > 0 && !w.at_end {
                                d.cursor = w.end.min(len.saturating_sub(1));
                            } else if step < 0 && w.start > d.bom_len {
                                d.cursor = w.start.saturating_sub(1);
                            }
                            d.ensure_window();
                            return;
                        }
                        rows::offset_at_column(text, rs[nr], col, is_start)
                    }
                };
                if let Some(s) = w.span_of_text(target) {
                    d.cursor = s.start;
                }
            }
        }
    }

    /// Puts the cursor on the first byte of its character.
    pub(super) fn snap_to_char(&mut self) {
        let d = self.doc_mut();
        d.ensure_window();
        if let Some(t) = d.window.text_offset_of(d.cursor)
            && let Some(s) = d.window.span_of_text(t)
        {
            d.cursor = s.start;
        }
    }

    /// Opens the document named `name` (already open, or read from disk) at byte `at`, with
    /// the bytes of the `chars` characters from there highlighted (in the document's encoding).
    pub(super) fn open_at(&mut self, name: &str, at: Option<u64>, chars: u64) -> Vec<Scan> {
        let mut scans = Vec::new();
        let i = match self.docs.iter().position(|d| d.name == name) {
            Some(i) => i,
            None => match Input::open(std::path::Path::new(name)) {
                Ok(input) => {
                    let i = self.docs.len();
                    let (doc, s) = Doc::open(name.to_string(), Arc::new(input), i);
                    self.docs.push(doc);
                    scans.extend(s);
                    i
                }
                Err(e) => {
                    self.message = Some(format!("cannot open {name}: {e}"));
                    return scans;
                }
            },
        };
        self.current = i;
        self.overlay = Overlay::None;
        self.tab = Tab::Inspector;
        self.focus = Focus::Text;
        if let Some(o) = at {
            // The occurrence in the middle of the hex pane, not at its edge.
            let bpr = self.panes().bytes_per_row.max(1) as u64;
            let rows = self.hex_rows();
            self.doc_mut().hex_top = (o / bpr).saturating_sub(rows / 2) * bpr;
            scans.extend(self.update(Action::Goto(o)));
            let w = &self.doc().window;
            let end = w.text_offset_of(o).and_then(|t0| {
                let text = &w.decoded.text;
                let last = text
                    .get(t0..)?
                    .char_indices()
                    .nth(chars.max(1) as usize - 1)?
                    .0;
                w.span_of_text(t0 + last).map(|s| s.end)
            });
            self.doc_mut().mark =
                Some(ByteSpan::new(o, end.unwrap_or(o + chars.max(1)).max(o + 1)));
            self.message = Some(format!("{name} · byte {o}"));
        } else {
            self.message = Some(format!("{name} (no byte offset: the text is extracted)"));
        }
        scans
    }

    pub(super) fn follow_cursor(&mut self) {
        let bpr = self.panes().bytes_per_row as u64;
        let hex_rows = self.hex_rows();
        let (width, height) = self.text_area();
        let d = self.doc_mut();
        d.ensure_window();
        let row_start = d.cursor - d.cursor % bpr;
        if row_start < d.hex_top {
            d.hex_top = row_start;
        } else if row_start >= d.hex_top + bpr * hex_rows {
            d.hex_top = row_start + bpr - bpr * hex_rows;
        }
        d.hex_top -= d.hex_top % bpr;
        // Text pane: keep the cursor's row within the visible rows.
        let w = &d.window;
        let rs = d.window_rows(width);
        let byte_of_row = |r: usize| w.span_of_text(rs[r].start).map(|s| s.start);
        if let Some(t) = w.text_offset_of(d.cursor) {
            let cr = rows::row_of(&rs, t);
            let top = w
                .text_offset_of(d.text_top)
                .filter(|_| d.text_top >= w.start && d.text_top < w.end)
                .map(|tt| rows::row_of(&rs, tt))
                .unwrap_or(cr);
            let top = if cr < top {
                cr
            } else if cr >= top + height.max(1) {
                cr + 1 - height.max(1)
            } else {
                top
            };
            d.text_top = byte_of_row(top).unwrap_or(w.start);
        } else if d.cursor < d.bom_len {
            d.text_top = d.bom_len;
        }
        d.refresh_norm();
        d.inspect_cursor();
    }

    /// On a narrow screen the panel is the only place for the inspector: when the focus goes
    /// back to the bytes or the text, the panel shows the inspector again.
    pub(super) fn panel_follows_focus(&mut self) {
        if self.focus != Focus::Panel && self.panes().inspector.is_none() {
            self.tab = Tab::Inspector;
        }
    }

    pub(super) fn click(&mut self, x: u16, y: u16) {
        self.click_at(x, y);
        self.panel_follows_focus();
    }

    pub(super) fn click_at(&mut self, x: u16, y: u16) {
        let p = self.panes();
        if contains(p.hex, x, y) {
            self.focus = Focus::Hex;
            let bpr = p.bytes_per_row as u64;
            let row = (y - p.hex.y).saturating_sub(1) as u64;
            let col = x.saturating_sub(p.hex.x + 1 + 10) as usize;
            let hex_cols = p.bytes_per_row * 3;
            let b = if col < hex_cols {
                Some(col / 3)
            } else if col > hex_cols && col <= hex_cols + p.bytes_per_row {
                Some(col - hex_cols - 1)
            } else {
                None
            };
            if let Some(b) = b {
                let o = self.doc().hex_top + row * bpr + b as u64;
                if o < self.doc().input.len() {
                    self.doc_mut().cursor = o;
                }
            }
        } else if contains(p.text, x, y) && !self.compare {
            self.focus = Focus::Text;
            let (width, _) = self.text_area();
            let d = self.doc();
            let w = &d.window;
            let text = &w.decoded.text;
            let is_start = w.start <= d.bom_len;
            let rs = d.window_rows(width);
            let top = d.top_row(&rs);
            let r = top + (y - p.text.y).saturating_sub(1) as usize;
            if let Some(row) = rs.get(r) {
                let col = x.saturating_sub(p.text.x + 1) as usize;
                let t = rows::offset_at_column(text, *row, col, is_start);
                if let Some(s) = w.span_of_text(t) {
                    self.doc_mut().cursor = s.start;
                }
            }
        } else if contains(p.panel, x, y) {
            self.focus = Focus::Panel;
            if self.tab == Tab::Inspector {
                return;
            }
            let first_row = p.panel.y + 2; // border + tab bar
            if y >= first_row && y - first_row < self.list_rows() {
                let row = (y - first_row) as usize + self.list_offset();
                let header = header_rows(self.tab);
                if row >= header && row - header < self.list_len() {
                    let ti = tab_index(self.tab);
                    self.doc_mut().selection[ti] = row - header;
                }
            }
        }
    }

    /// First list row shown (the list scrolls to keep the selection visible).
    pub fn list_offset(&self) -> usize {
        list_offset(
            self.doc().selection[tab_index(self.tab)] + header_rows(self.tab),
            usize::from(self.list_rows().max(1)),
        )
    }

    /// List rows the panel shows, as drawn (the detail of the selection takes the rest).
    fn list_rows(&self) -> u16 {
        let p = self.panes().panel;
        // Inside the border, below the tab bar.
        let body = ratatui::layout::Rect::new(
            p.x + 1,
            p.y + 2,
            p.width.saturating_sub(2),
            p.height.saturating_sub(3),
        );
        crate::tui::view::panel::list_rows(self, self.tab, body)
    }

    /// The selection of `tab`.
    pub fn selection(&self, tab: Tab) -> usize {
        self.doc().selection[tab_index(tab)]
    }

    pub(super) fn jump_anomaly(&mut self, forward: bool) {
        let len = self.doc().input.len();
        let cursor = self.doc().cursor;
        let pick = |fs: &[Finding]| -> Option<(u64, String)> {
            let it = fs
                .iter()
                .filter_map(|f| f.byte_span.map(|s| (s.start, f.reason.to_string())));
            if forward {
                it.filter(|(s, _)| *s > cursor).min_by_key(|(s, _)| *s)
            } else {
                it.filter(|(s, _)| *s < cursor).max_by_key(|(s, _)| *s)
            }
        };
        if let Some((o, reason)) = pick(&self.doc().window_findings) {
            self.doc_mut().cursor = o;
            self.message = Some(reason);
            return;
        }
        // Look further, a window at a time, up to a limit per key press.
        let (input, cs) = (self.doc().input.clone(), self.doc().charset);
        let bom_len = self.doc().bom_len;
        let mut scanned = 0u64;
        let mut at = if forward {
            self.doc().window.end
        } else {
            self.doc().window.start
        };
        while scanned < ANOMALY_SEARCH_LIMIT {
            if (forward && at >= len) || (!forward && at <= bom_len) {
                break;
            }
            let step = 1 << 20;
            let w = if forward {
                decode_window(&input, cs, bom_len, at, 0, step)
            } else {
                decode_window(&input, cs, bom_len, at, step, 0)
            };
            let Ok(w) = w else { break };
            if let Some((o, reason)) = pick(&window_findings(&w)) {
                self.doc_mut().cursor = o;
                self.message = Some(reason);
                return;
            }
            scanned += step;
            let next = if forward { w.end } else { w.start };
            if next == at {
                break;
            }
            at = next;
        }
        self.message = Some(if scanned >= ANOMALY_SEARCH_LIMIT {
            format!(
                "no anomaly in the next {} MB; press {} again to look further",
                ANOMALY_SEARCH_LIMIT >> 20,
                if forward { "n" } else { "N" }
            )
        } else if forward {
            "no anomaly after the cursor".into()
        } else {
            "no anomaly before the cursor".into()
        });
        if scanned >= ANOMALY_SEARCH_LIMIT {
            self.doc_mut().cursor = at.min(len.saturating_sub(1));
        }
    }

    pub(super) fn search(&mut self, query: &str) {
        let (needle, shown) = if query.is_empty() {
            match &self.doc().last_search {
                Some(s) => s.clone(),
                None => {
                    self.message = Some("nothing to search for yet".into());
                    return;
                }
            }
        } else {
            match parse_query(query) {
                Err(e) => {
                    self.message = Some(e);
                    return;
                }
                Ok(Some(bytes)) => (bytes, query.to_string()),
                Ok(None) => match self.doc().charset.encode(query) {
                    Some(b) => (b, format!("{query:?} in {}", self.doc().charset)),
                    None => {
                        self.message = Some(format!(
                            "{query:?} cannot be written in {}",
                            self.doc().charset
                        ));
                        return;
                    }
                },
            }
        };
        self.doc_mut().last_search = Some((needle.clone(), shown.clone()));
        let from = self.doc().cursor + 1;
        let found = self
            .doc()
            .input
            .find(&needle, from, true)
            .ok()
            .flatten()
            .or_else(|| self.doc().input.find(&needle, 0, true).ok().flatten());
        match found {
            Some(o) => {
                self.doc_mut().cursor = o;
                self.message = Some(format!(
                    "found {shown} at byte {o}{}",
                    if o < from {
                        " (wrapped to the start)"
                    } else {
                        ""
                    }
                ));
            }
            None => self.message = Some(format!("{shown} not found")),
        }
    }
}
