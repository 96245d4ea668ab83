//! The explorer's model and its one entry point for change, [`App::update`].
//!
//! The model holds the documents, what is decoded around each cursor (a [`Window`](crate::decode::window::Window), never the
//! whole file), the focus and overlays. `update` applies one [`Action`] and returns the
//! background jobs to start; `render` only reads the model. Analysis happens in the library;
//! this module only asks for it.

use super::action::{Action, Motion, PromptKind, Tab};
use super::doc::{
    Doc, ExtractState, QueryState, ScanState, TextView, evidence_rows, language_rows, unit_rows,
};
use super::layout::{self, Panes};
use super::worker::{JobKind, JobMsg, Scan};
use crate::decode::Charset;
use crate::source::Input;
use std::sync::Arc;

mod navigate;
mod select;

/// How far `n`/`N` look past the window in one key press.
pub const ANOMALY_SEARCH_LIMIT: u64 = 64 << 20;

/// Which pane has the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    Hex,
    Text,
    Panel,
}

/// What covers the panes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    /// The help, scrolled by this many lines.
    Help(usize),
    Prompt {
        kind: PromptKind,
        input: String,
    },
    /// The corpus view (documents, sources, terms, occurrences).
    Corpus,
}

/// The explorer.
pub struct App {
    pub docs: Vec<Doc>,
    pub current: usize,
    pub focus: Focus,
    pub tab: Tab,
    pub overlay: Overlay,
    pub size: (u16, u16),
    pub compare: bool,
    pub message: Option<String>,
    pub quit: bool,
    /// The corpus audit behind the corpus view, when the explorer was opened on a corpus.
    pub corpus: Option<super::corpus::CorpusView>,
}

fn tab_index(t: Tab) -> usize {
    match t {
        Tab::Inspector => 0,
        Tab::Candidates => 1,
        Tab::Evidence => 2,
        Tab::Anomalies => 3,
        Tab::Files => 4,
        Tab::Units => 5,
        Tab::Language => 6,
    }
}

/// Parses a go-to target: `123`, `0x7b`, `+10`, `-10`, `50%`.
pub fn parse_offset(s: &str, cursor: u64, len: u64) -> Option<u64> {
    let s = s.trim();
    if let Some(p) = s.strip_suffix('%') {
        let pct: f64 = p.trim().parse().ok()?;
        return Some(((len as f64) * pct.clamp(0.0, 100.0) / 100.0) as u64);
    }
    let (sign, body) = match s.as_bytes().first()? {
        b'+' => (1i64, &s[1..]),
        b'-' => (-1, &s[1..]),
        _ => (0, s),
    };
    let body = body.trim().replace('_', "");
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()?
    } else {
        body.parse::<u64>().ok()?
    };
    Some(match sign {
        1 => cursor.saturating_add(v),
        -1 => cursor.saturating_sub(v),
        _ => v,
    })
}

/// Parses a search query: `0x c3 a9` (or `\xc3\xa9`) is bytes; anything else is text.
pub fn parse_query(q: &str) -> Result<Option<Vec<u8>>, String> {
    let hex = q
        .strip_prefix("0x")
        .map(|h| h.to_string())
        .or_else(|| q.starts_with("\\x").then(|| q.replace("\\x", "")));
    let Some(h) = hex else { return Ok(None) };
    let digits: String = h.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.is_empty()
        || !digits.len().is_multiple_of(2)
        || !digits.chars().all(|c| c.is_ascii_hexdigit())
    {
        return Err(format!("not hex bytes: {q:?} (write 0x c3 a9)"));
    }
    Ok(Some(
        (0..digits.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&digits[i..i + 2], 16).unwrap_or(0))
            .collect(),
    ))
}

impl App {
    /// One line on what the text pane shows.
    pub fn view_summary(&self) -> String {
        let d = self.doc();
        match (d.view, &d.norm) {
            (TextView::Raw, _) => format!("showing the text decoded as {}", d.charset),
            (TextView::AfterStep(k), Some(n)) => {
                let k = k.min(n.pipeline.steps.len().saturating_sub(1));
                let s = &n.pipeline.steps[k];
                let counts: Vec<String> = s
                    .counts
                    .iter()
                    .map(|(kind, c)| format!("{kind} {c}"))
                    .collect();
                format!(
                    "normalised, after step {} {} ({}) — p: next step, r: back to the decoded text",
                    k + 2,
                    s.step.name(),
                    if counts.is_empty() {
                        "no change here".to_string()
                    } else {
                        counts.join(", ")
                    }
                )
            }
            (TextView::AfterStep(_), None) => "normalised".to_string(),
            (TextView::Extracted(k), _) => match d.extracted().and_then(|x| x.units.get(k)) {
                Some(u) => format!(
                    "extracted text of unit {}/{} ({}): x back to the source text, u the units",
                    k + 1,
                    d.extracted().map_or(0, |x| x.units.len()),
                    u.locator
                ),
                None => "no extracted text".to_string(),
            },
        }
    }

    /// An explorer over `docs` (name, input); returns the background jobs to start.
    pub fn new(sources: Vec<(String, Arc<Input>)>, size: (u16, u16)) -> (App, Vec<Scan>) {
        let mut docs = Vec::new();
        let mut scans = Vec::new();
        for (i, (name, input)) in sources.into_iter().enumerate() {
            let (doc, scan) = Doc::open(name, input, i);
            docs.push(doc);
            scans.extend(scan);
        }
        let mut app = App {
            docs,
            current: 0,
            focus: Focus::Text,
            tab: Tab::Inspector,
            overlay: Overlay::None,
            size,
            compare: false,
            message: None,
            quit: false,
            corpus: None,
        };
        if app.docs.len() > 1 {
            // Several files (the demo): start in the file list.
            app.tab = Tab::Files;
            app.focus = Focus::Panel;
        }
        app.follow_cursor();
        (app, scans)
    }

    /// The document on screen.
    pub fn doc(&self) -> &Doc {
        &self.docs[self.current]
    }

    fn doc_mut(&mut self) -> &mut Doc {
        &mut self.docs[self.current]
    }

    /// The layout for the current size.
    pub fn panes(&self) -> Panes {
        layout::compute(self.size.0, self.size.1)
    }

    /// Width and height of the text pane's inside (one column per side-by-side encoding).
    pub fn text_area(&self) -> (usize, usize) {
        let p = self.panes();
        let cols = if self.compare {
            self.doc().compare_with.len().max(1)
        } else {
            1
        };
        let inner_w = p.text.width.saturating_sub(2) as usize;
        let w = if cols > 1 {
            (inner_w + 1) / cols - 1
        } else {
            inner_w
        };
        (
            w.max(1),
            p.text.height.saturating_sub(2 + cols.min(2) as u16 - 1) as usize,
        )
    }

    /// Hex pane rows visible.
    pub fn hex_rows(&self) -> u64 {
        self.panes().hex.height.saturating_sub(2).max(1) as u64
    }

    /// Applies one action; returns the background jobs it starts.
    pub fn update(&mut self, action: Action) -> Vec<Scan> {
        self.message = None;
        let mut scans = Vec::new();
        match action {
            Action::Quit => self.quit = true,
            Action::Escape => match self.overlay {
                Overlay::None => self.quit = true,
                Overlay::Corpus => {
                    // Esc leaves the occurrences for the terms, then the corpus view.
                    match self.corpus.as_mut() {
                        Some(c) if c.table == super::corpus::CorpusTable::Occurrences => {
                            c.table = super::corpus::CorpusTable::Terms;
                        }
                        _ => self.overlay = Overlay::None,
                    }
                }
                _ => self.overlay = Overlay::None,
            },
            Action::ShowCorpus => {
                if self.corpus.is_some() {
                    self.overlay = if self.overlay == Overlay::Corpus {
                        Overlay::None
                    } else {
                        Overlay::Corpus
                    };
                } else {
                    self.message =
                        Some("no corpus: open a directory (delineate DIR) or the demo".into());
                }
            }
            Action::CorpusNextTable(back) => {
                if let Some(c) = self.corpus.as_mut() {
                    c.next_table(back);
                }
            }
            Action::CorpusSort => {
                if let Some(c) = self.corpus.as_mut() {
                    c.next_sort();
                }
            }
            Action::SelectDelta(d) if self.overlay == Overlay::Corpus => {
                if let Some(c) = self.corpus.as_mut() {
                    c.select(d);
                }
            }
            Action::Activate if self.overlay == Overlay::Corpus => {
                scans.extend(self.corpus_activate());
            }
            Action::ToggleHelp => {
                self.overlay = match self.overlay {
                    Overlay::Help(_) => Overlay::None,
                    _ => Overlay::Help(0),
                }
            }
            Action::Resize(w, h) => self.size = (w, h),
            Action::FocusNext | Action::FocusPrev => {
                let order = [Focus::Hex, Focus::Text, Focus::Panel];
                let i = order.iter().position(|f| *f == self.focus).unwrap_or(0);
                let n = if matches!(action, Action::FocusNext) {
                    i + 1
                } else {
                    i + 2
                };
                self.focus = order[n % 3];
                if self.focus == Focus::Panel && self.tab == Tab::Inspector {
                    self.tab = Tab::Candidates;
                }
                self.panel_follows_focus();
                if self.focus == Focus::Text {
                    self.snap_to_char();
                }
            }
            Action::ShowTab(t) => {
                if t == Tab::Files && self.docs.len() < 2 {
                    self.message = Some("only one file is open".into());
                } else {
                    if matches!(t, Tab::Units | Tab::Language)
                        && matches!(self.doc().extraction, ExtractState::NotStarted)
                    {
                        let index = self.current;
                        scans.push(self.doc_mut().extract_job(index));
                        self.message = Some("extracting the text in the background…".into());
                    }
                    self.tab = t;
                    if t != Tab::Inspector {
                        self.focus = Focus::Panel;
                    }
                }
            }
            Action::Move(m) => {
                self.doc_mut().mark = None;
                self.motion(m)
            }
            Action::Goto(o) => {
                let len = self.doc().input.len();
                self.doc_mut().cursor = o.min(len.saturating_sub(1));
                if self.focus == Focus::Text {
                    self.snap_to_char();
                }
            }
            Action::SelectDelta(d) if matches!(self.overlay, Overlay::Help(_)) => {
                if let Overlay::Help(o) = &mut self.overlay {
                    *o = (*o as i64 + d).clamp(0, 40) as usize;
                }
            }
            Action::SelectDelta(d) => {
                let n = self.list_len();
                let ti = tab_index(self.tab);
                let sel = &mut self.doc_mut().selection[ti];
                *sel = (*sel as i64 + d).clamp(0, n.saturating_sub(1) as i64) as usize;
            }
            Action::Activate => scans.extend(self.activate()),
            Action::ToggleMark => self.toggle_mark(),
            Action::ToggleCompare => {
                self.compare = !self.compare;
                if self.compare && self.doc().compare_with.len() < 2 {
                    let cur = self.doc().charset;
                    let other = self
                        .doc()
                        .report
                        .candidates
                        .iter()
                        .map(|c| c.encoding)
                        .find(|c| *c != cur);
                    let d = self.doc_mut();
                    d.compare_with = std::iter::once(cur).chain(other).collect();
                }
                self.message = Some(if self.compare {
                    format!(
                        "side by side: {} (mark others with Space in the candidates list)",
                        self.doc().compare_names()
                    )
                } else {
                    "side by side off".into()
                });
            }
            Action::NextAnomaly => self.jump_anomaly(true),
            Action::PrevAnomaly => self.jump_anomaly(false),
            Action::OpenPrompt(kind) => {
                self.overlay = Overlay::Prompt {
                    kind,
                    input: String::new(),
                }
            }
            Action::PromptChar(c) => {
                if let Overlay::Prompt { input, .. } = &mut self.overlay
                    && !c.is_control()
                    && input.chars().count() < 200
                {
                    input.push(c);
                }
            }
            Action::PromptBackspace => {
                if let Overlay::Prompt { input, .. } = &mut self.overlay {
                    input.pop();
                }
            }
            Action::PromptSubmit => {
                if let Overlay::Prompt { kind, input } =
                    std::mem::replace(&mut self.overlay, Overlay::None)
                {
                    match kind {
                        PromptKind::Goto => {
                            let (cur, len) = (self.doc().cursor, self.doc().input.len());
                            match parse_offset(&input, cur, len) {
                                Some(o) => return self.update(Action::Goto(o)),
                                None => {
                                    self.message = Some(format!(
                                        "not an offset: {:?} (123, 0x7b, +10, -10, 50%)",
                                        input
                                    ))
                                }
                            }
                        }
                        PromptKind::Search => self.search(&input),
                        PromptKind::Query => {
                            let d = self.doc_mut();
                            d.query = Some(QueryState {
                                raw: input.clone(),
                                normalized: String::new(),
                                raw_hits: Vec::new(),
                                norm_hits: Vec::new(),
                            });
                            d.norm = None;
                            d.refresh_norm();
                            let q = d.query.clone().expect("just set");
                            self.message = Some(format!(
                                "query '{}' (normalised: '{}'): {} match{} in the decoded text, {} after normalisation (in the window around the cursor)",
                                q.raw,
                                q.normalized,
                                q.raw_hits.len(),
                                if q.raw_hits.len() == 1 { "" } else { "es" },
                                q.norm_hits.len()
                            ));
                        }
                    }
                }
            }
            Action::Click { x, y } => self.click(x, y),
            Action::Wheel { x, y, down } => {
                let p = self.panes();
                if contains(p.panel, x, y) || p.inspector.is_some_and(|r| contains(r, x, y)) {
                    self.focus = Focus::Panel;
                    return self.update(Action::SelectDelta(if down { 3 } else { -3 }));
                }
                let m = if down { Motion::Down } else { Motion::Up };
                for _ in 0..3 {
                    self.motion(m);
                }
            }
            Action::SetCharset(cs) => {
                scans.extend(self.set_charset(cs));
            }
            Action::OpenDoc(i) => {
                if i < self.docs.len() {
                    self.current = i;
                    self.tab = Tab::Inspector;
                    self.focus = Focus::Text;
                    self.message = Some(format!("opened {}", self.doc().name));
                }
            }
            Action::Job(msg) => self.job(msg),
            Action::ToggleExtracted => scans.extend(self.toggle_extracted()),
            Action::ToggleNormalized => {
                let d = self.doc_mut();
                d.view = match d.view {
                    TextView::Raw | TextView::Extracted(_) => TextView::AfterStep(usize::MAX),
                    TextView::AfterStep(_) => TextView::Raw,
                };
                d.refresh_norm();
                self.message = Some(self.view_summary());
            }
            Action::NextStep => {
                let d = self.doc_mut();
                let n = d.norm_opts.steps.len();
                d.view = match d.view {
                    TextView::Raw | TextView::Extracted(_) => TextView::AfterStep(0),
                    TextView::AfterStep(k) if k + 1 < n => TextView::AfterStep(k + 1),
                    TextView::AfterStep(_) => TextView::Raw,
                };
                d.refresh_norm();
                self.message = Some(self.view_summary());
            }
        }
        self.follow_cursor();
        scans
    }

    /// Views the current document under `cs`: its anomaly counts again, and its extraction
    /// again when there was one (the units, their text and languages follow the encoding).
    fn set_charset(&mut self, cs: Charset) -> Vec<Scan> {
        let index = self.current;
        let d = self.doc_mut();
        if cs == d.charset {
            return Vec::new();
        }
        d.set_charset(cs);
        let mut scans = Vec::new();
        if !matches!(d.extraction, ExtractState::NotStarted) {
            if matches!(d.view, TextView::Extracted(_)) {
                d.view = TextView::Raw;
            }
            scans.push(d.extract_job(index));
        }
        // Counted again in the new encoding, in the background.
        d.generation += 1;
        d.counts = None;
        d.scanning = Some(ScanState {
            pass: "anomalies".into(),
            fraction: 0.0,
        });
        scans.push(Scan {
            kind: JobKind::Analyse,
            doc: index,
            generation: d.generation,
            input: d.input.clone(),
            report: false,
            charset: cs,
            user_charset: None,
        });
        scans
    }

    fn job(&mut self, msg: JobMsg) {
        match msg {
            JobMsg::Corpus {
                done,
                audit,
                finished,
            } => {
                if let Some(c) = self.corpus.as_mut() {
                    c.done = done;
                    c.finished = finished;
                    c.audit = Some(audit);
                    let n = c.len();
                    let s = &mut c.sel[c.table.index()];
                    *s = (*s).min(n.saturating_sub(1));
                }
            }
            JobMsg::Extracted {
                doc,
                generation,
                extraction,
                languages,
            } => {
                if let Some(d) = self.docs.get_mut(doc)
                    && d.extract_generation == generation
                {
                    d.languages = languages;
                    d.extraction = match *extraction {
                        Ok(x) => ExtractState::Done(Box::new(x)),
                        Err(e) => ExtractState::Failed(e),
                    };
                }
            }
            JobMsg::Progress {
                doc,
                generation,
                pass,
                fraction,
            } => {
                if let Some(d) = self.docs.get_mut(doc)
                    && d.generation == generation
                {
                    d.scanning = Some(ScanState { pass, fraction });
                }
            }
            JobMsg::Done {
                doc,
                generation,
                report,
                charset,
                counts,
            } => {
                if let Some(d) = self.docs.get_mut(doc) {
                    if d.generation != generation {
                        return;
                    }
                    d.scanning = None;
                    if let Some(r) = report {
                        let follow = d.charset == d.report.encoding.encoding;
                        d.report = *r;
                        if follow && d.charset != d.report.encoding.encoding {
                            d.set_charset(d.report.encoding.encoding);
                        }
                    }
                    if charset == d.charset {
                        d.counts = Some(counts);
                        d.counts_charset = Some(charset);
                    }
                }
            }
            JobMsg::Failed {
                doc,
                generation,
                error,
            } => {
                if let Some(d) = self.docs.get_mut(doc)
                    && d.generation == generation
                {
                    d.scanning = None;
                    self.message = Some(format!("{}: scan failed: {error}", d.name));
                }
            }
        }
    }

    /// Items in the current tab's list.
    pub fn list_len(&self) -> usize {
        let d = self.doc();
        match self.tab {
            Tab::Inspector => 0,
            Tab::Candidates => d.report.candidates.len(),
            Tab::Evidence => evidence_rows(d).len(),
            Tab::Anomalies => d.window_findings.len(),
            Tab::Files => self.docs.len(),
            Tab::Units => d.extracted().map_or(0, |x| unit_rows(x).len()),
            Tab::Language => language_rows(d).len(),
        }
    }
}

/// Header rows above a tab's list items.
pub fn header_rows(tab: Tab) -> usize {
    match tab {
        Tab::Candidates => 1,
        Tab::Anomalies => 2,
        Tab::Units => 2,
        Tab::Language => 2,
        Tab::Inspector | Tab::Evidence | Tab::Files => 0,
    }
}

/// The first row shown so that row `sel` is visible in `visible` rows.
pub fn list_offset(sel: usize, visible: usize) -> usize {
    (sel + 1).saturating_sub(visible.max(1))
}

fn contains(r: ratatui::layout::Rect, x: u16, y: u16) -> bool {
    x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
}

#[cfg(test)]
mod tests;
