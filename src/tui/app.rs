//! The explorer's model and its one entry point for change, [`App::update`].
//!
//! The model holds the documents, what is decoded around each cursor (a [`Window`], never the
//! whole file), the focus and overlays. `update` applies one [`Action`] and returns the
//! background jobs to start; `render` only reads the model. Analysis happens in the library;
//! this module only asks for it.

use super::action::{Action, Motion, PromptKind, Tab};
use super::layout::{self, Panes};
use super::rows;
use super::worker::{JobKind, JobMsg, Scan};
use crate::anomaly::document::window_findings;
use crate::anomaly::{AnomalyClass, Counts, Finding};
use crate::decode::window::{ByteClass, Window, decode_window};
use crate::decode::{Charset, bom, validity};
use crate::encoding::{Options, Scope};
use crate::normalize::{self, Pipeline};
use crate::report::{Report, inspect};
use crate::source::Input;
use crate::span::ByteSpan;
use crate::teach::{CharExplanation, explain_char};
use std::sync::Arc;

/// Bytes decoded before and after the cursor.
pub const WINDOW_BEFORE: u64 = 32 * 1024;
pub const WINDOW_AFTER: u64 = 96 * 1024;
/// When the cursor comes this close to a window's edge, a new window is decoded.
pub const WINDOW_MARGIN: u64 = 8 * 1024;
/// Files up to this size are analysed whole when opened; larger ones get an instant answer
/// from a sample and a whole-file scan in the background.
pub const SMALL_FILE: u64 = 8 << 20;
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

/// What the inspector shows for the character under the cursor.
#[derive(Clone, Debug)]
pub struct Inspected {
    pub ch: char,
    pub explanation: CharExplanation,
    /// The input bytes of the character.
    pub span: ByteSpan,
    pub bytes: Vec<u8>,
    pub classes: Vec<ByteClass>,
    /// When the bytes are malformed: why.
    pub invalid_reason: Option<String>,
    /// When the character is an anomaly: its class and reason.
    pub anomaly: Option<(AnomalyClass, String)>,
    /// The findings of the view's scan that cover the character (a mojibake word, a split
    /// word, an entity…): class, reason, suggestion.
    pub findings: Vec<(AnomalyClass, String, Option<String>)>,
}

/// Progress of a background scan.
#[derive(Clone, Debug, PartialEq)]
pub struct ScanState {
    pub pass: String,
    pub fraction: f64,
}

/// One open document.
pub struct Doc {
    pub name: String,
    pub input: Arc<Input>,
    pub report: Report,
    /// Set while the whole-file analysis runs.
    pub scanning: Option<ScanState>,
    /// Anomaly counts by class over the whole document under `counts_charset`.
    pub counts: Option<Counts>,
    pub counts_charset: Option<Charset>,
    /// The encoding the document is viewed in.
    pub charset: Charset,
    /// Bumped by each extraction job: a result from an older one is dropped.
    pub extract_generation: u64,
    /// Byte order mark bytes to skip under `charset`.
    pub bom_len: u64,
    /// The byte under the cursor.
    pub cursor: u64,
    /// First byte of the hex pane's top row.
    pub hex_top: u64,
    /// First byte of the text pane's top row.
    pub text_top: u64,
    pub window: Window,
    /// The anomalies of `window`'s text, with byte spans.
    pub window_findings: Vec<Finding>,
    /// Side-by-side encodings (the first is `charset`).
    pub compare_with: Vec<Charset>,
    /// Their windows, each with its anomalies.
    pub compare_windows: Vec<(Window, Vec<Finding>)>,
    pub inspected: Option<Inspected>,
    pub selection: [usize; 7],
    pub last_search: Option<(Vec<u8>, String)>,
    pub generation: u64,
    /// Which text the text pane shows: the decoding, or the normalised text after a step.
    pub view: TextView,
    /// The normalisation the view and the query use (per-class toggles change `remove`).
    pub norm_opts: normalize::Options,
    /// The pipeline over the window's text (while the view is normalised or a query is set).
    pub norm: Option<NormState>,
    /// The last query, matched in the raw and in the normalised window text.
    pub query: Option<QueryState>,
    /// Text extraction into document units (runs in the background).
    pub extraction: ExtractState,
    /// First row of the extracted text on screen.
    pub extract_top: usize,
    /// The diagnostic span jumped to in the extracted text (highlighted).
    pub extract_focus: Option<(usize, usize)>,
    /// The languages of each unit (with the extraction).
    pub languages: Vec<crate::langid::TextLanguages>,
    /// Bytes to highlight (an occurrence opened from the corpus view).
    pub mark: Option<ByteSpan>,
}

/// Where text extraction stands for a document.
#[derive(Debug)]
pub enum ExtractState {
    NotStarted,
    Running,
    Done(Box<crate::extract::Extraction>),
    Failed(String),
}

/// A row of the units list: a unit, one of its diagnostics, or a file-level diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitRow {
    File(usize),
    Unit(usize),
    Diag(usize, usize),
}

/// The rows of the language list: (unit, passage) for every passage of every unit.
pub fn language_rows(d: &Doc) -> Vec<(usize, usize)> {
    d.languages
        .iter()
        .enumerate()
        .flat_map(|(u, l)| (0..l.passages.len()).map(move |p| (u, p)))
        .collect()
}

/// The rows of the units list of `x`: file-level diagnostics, then each unit followed by its
/// diagnostics.
pub fn unit_rows(x: &crate::extract::Extraction) -> Vec<UnitRow> {
    let mut out: Vec<UnitRow> = (0..x.diagnostics.len()).map(UnitRow::File).collect();
    for (i, u) in x.units.iter().enumerate() {
        out.push(UnitRow::Unit(i));
        out.extend((0..u.diagnostics.len()).map(|j| UnitRow::Diag(i, j)));
    }
    out
}

/// Which text the text pane shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextView {
    /// The decoded text.
    Raw,
    /// The text after pipeline step `k` (0-based), its changes highlighted.
    AfterStep(usize),
    /// The extracted text of document unit `k`.
    Extracted(usize),
}

/// The pipeline over the current window's text.
pub struct NormState {
    /// Which window text it was computed for (start, end, charset).
    pub key: (u64, u64, Charset),
    pub pipeline: Pipeline,
}

/// A query, normalised like the document, and where it matches in the window.
#[derive(Clone, Debug)]
pub struct QueryState {
    pub raw: String,
    pub normalized: String,
    /// Matches of the raw query in the decoded window text (text offsets).
    pub raw_hits: Vec<(usize, usize)>,
    /// Matches of the normalised query in the normalised window text (output offsets).
    pub norm_hits: Vec<(usize, usize)>,
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

/// Bytes of BOM announcing `cs` at the start of `input`.
fn bom_len_for(input: &Input, cs: Charset) -> u64 {
    match input.head(4).ok().as_deref().and_then(bom::sniff) {
        Some(b) if b.charset == cs => b.len as u64,
        _ => 0,
    }
}

impl Doc {
    /// Opens a document: small files are analysed whole now; large ones from a sample, with a
    /// whole-file scan to start in the background (returned).
    pub fn open(name: String, input: Arc<Input>, index: usize) -> (Doc, Vec<Scan>) {
        let small = input.len() <= SMALL_FILE;
        let options = Options {
            scope: if small { Scope::Whole } else { Scope::Sample },
            ..Default::default()
        };
        let report = match inspect(&input, &options) {
            Ok(r) => r,
            Err(e) => fallback_report(&name, &input, &e.to_string()),
        };
        let charset = report.encoding.encoding;
        let bom_len = bom_len_for(&input, charset);
        let window = decode_window(&input, charset, bom_len, 0, WINDOW_BEFORE, WINDOW_AFTER)
            .unwrap_or_else(|_| empty_window(charset));
        let mut doc = Doc {
            name,
            input: input.clone(),
            report,
            scanning: None,
            counts: None,
            counts_charset: None,
            charset,
            extract_generation: 0,
            bom_len,
            cursor: 0,
            hex_top: 0,
            text_top: 0,
            window_findings: window_findings(&window),
            window,
            compare_with: Vec::new(),
            compare_windows: Vec::new(),
            inspected: None,
            selection: [0; 7],
            last_search: None,
            generation: 1,
            view: TextView::Raw,
            norm_opts: normalize::Options::default(),
            norm: None,
            query: None,
            extraction: ExtractState::NotStarted,
            extract_top: 0,
            extract_focus: None,
            languages: Vec::new(),
            mark: None,
        };
        let scan = if small {
            doc.counts = Some(count_anomalies(&input, charset, bom_len));
            doc.counts_charset = Some(charset);
            None
        } else {
            doc.scanning = Some(ScanState {
                pass: "starting".into(),
                fraction: 0.0,
            });
            Some(Scan {
                kind: JobKind::Analyse,
                doc: index,
                generation: doc.generation,
                input: input.clone(),
                report: true,
                charset,
                user_charset: None,
            })
        };
        doc.inspect_cursor();
        let mut scans: Vec<Scan> = scan.into_iter().collect();
        // Small documents of a format with text are extracted right away, in the background.
        if small && doc.report.format.detected.extractable() {
            scans.push(doc.extract_job(index));
        }
        (doc, scans)
    }

    /// The background job that extracts this document's text; marks it running.
    /// The extraction decodes the file in the encoding the user picked, when it is not the
    /// decided one; a new job makes an older one's result stale (`extract_generation`).
    pub fn extract_job(&mut self, index: usize) -> Scan {
        self.extraction = ExtractState::Running;
        self.extract_generation += 1;
        Scan {
            kind: JobKind::Extract,
            doc: index,
            generation: self.extract_generation,
            input: self.input.clone(),
            report: false,
            charset: self.charset,
            user_charset: (self.charset != self.report.encoding.encoding).then_some(self.charset),
        }
    }

    /// The extraction, when it is done.
    pub fn extracted(&self) -> Option<&crate::extract::Extraction> {
        match &self.extraction {
            ExtractState::Done(x) => Some(x),
            _ => None,
        }
    }

    /// Decodes a new window when the cursor nears the edge of the current one.
    fn ensure_window(&mut self) {
        let len = self.input.len();
        self.cursor = self.cursor.min(len.saturating_sub(1));
        let w = &self.window;
        let inside = self.cursor >= w.start
            && (self.cursor < w.end || w.at_end)
            && (w.start <= self.bom_len || self.cursor >= w.start + WINDOW_MARGIN)
            && (w.at_end || self.cursor + WINDOW_MARGIN < w.end);
        if (!inside || w.charset != self.charset)
            && let Ok(nw) = decode_window(
                &self.input,
                self.charset,
                self.bom_len,
                self.cursor,
                WINDOW_BEFORE,
                WINDOW_AFTER,
            )
        {
            self.window_findings = window_findings(&nw);
            self.window = nw;
        }
        let (start, cs) = (self.window.start, self.charset);
        if self.compare_windows.len() + 1 != self.compare_with.len()
            || self
                .compare_windows
                .iter()
                .zip(self.compare_with.iter().skip(1))
                .any(|((w, _), c)| w.start != start || w.charset != *c)
        {
            let others: Vec<Charset> = self.compare_with.iter().skip(1).copied().collect();
            self.compare_windows = others
                .into_iter()
                .filter(|c| *c != cs)
                .filter_map(|c| {
                    let bl = bom_len_for(&self.input, c);
                    decode_window(
                        &self.input,
                        c,
                        bl,
                        start.max(bl),
                        0,
                        self.window.end.saturating_sub(start.max(bl)),
                    )
                    .ok()
                    .map(|w| {
                        let f = window_findings(&w);
                        (w, f)
                    })
                })
                .collect();
        }
    }

    /// Keeps the pipeline (and the query's matches) current for the window, when the view or a
    /// query needs them.
    fn refresh_norm(&mut self) {
        if self.view == TextView::Raw && self.query.is_none() {
            self.norm = None;
            return;
        }
        let key = (self.window.start, self.window.end, self.charset);
        if self.norm.as_ref().is_some_and(|n| n.key == key) {
            return;
        }
        let pipeline = normalize::run(&self.window.decoded.text, None, &self.norm_opts);
        self.norm = Some(NormState { key, pipeline });
        if let Some(q) = self.query.take() {
            self.set_query(&q.raw);
        }
        if let TextView::AfterStep(k) = self.view {
            let n = self.norm.as_ref().map_or(0, |n| n.pipeline.steps.len());
            self.view = TextView::AfterStep(k.min(n.saturating_sub(1)));
        }
    }

    /// Matches `raw` (and its normalised form) in the window.
    fn set_query(&mut self, raw: &str) {
        let normalized = normalize::normalize_query(raw, &self.norm_opts);
        let text = &self.window.decoded.text;
        let hits = |hay: &str, needle: &str| -> Vec<(usize, usize)> {
            if needle.is_empty() {
                return Vec::new();
            }
            hay.match_indices(needle)
                .map(|(i, m)| (i, i + m.len()))
                .collect()
        };
        let raw_hits = hits(text, raw);
        let norm_hits = match &self.norm {
            Some(n) => {
                let out = n.pipeline.folded.as_deref().unwrap_or(&n.pipeline.output);
                hits(out, &normalized)
            }
            None => Vec::new(),
        };
        self.query = Some(QueryState {
            raw: raw.to_string(),
            normalized,
            raw_hits,
            norm_hits,
        });
    }

    /// The character under the cursor, described for the inspector.
    fn inspect_cursor(&mut self) {
        self.ensure_window();
        let w = &self.window;
        let text = &w.decoded.text;
        let Some(t) = w.text_offset_of(self.cursor) else {
            // A BOM byte, or bytes that made no character.
            self.inspected = None;
            return;
        };
        let Some(ch) = text[t..].chars().next() else {
            self.inspected = None;
            return;
        };
        let span = w.span_of_text(t).unwrap_or(ByteSpan::at(self.cursor, 1));
        let rel = |o: u64| (o - w.start) as usize;
        let bytes = w.bytes[rel(span.start)..rel(span.end).min(w.bytes.len())].to_vec();
        let classes = w.classes[rel(span.start)..rel(span.end).min(w.classes.len())].to_vec();
        let invalid_reason = (classes.first() == Some(&ByteClass::Invalid)).then(|| {
            let from = rel(span.start);
            let window = &w.bytes[from..(from + bytes.len() + 1).min(w.bytes.len())];
            if self.charset == Charset::UTF_8 {
                validity::explain(window, bytes.len(), window.len() == bytes.len())
            } else {
                crate::decode::explain_error(self.charset, window, bytes.len())
            }
        });
        let anomaly = match crate::anomaly::classify(ch, span.start <= self.bom_len) {
            // U+FFFD over malformed bytes was made by this decoding, not found in the text.
            Some(AnomalyClass::Replacement) if invalid_reason.is_some() => {
                Some(AnomalyClass::DecodeError)
            }
            other => other,
        }
        .map(|c| (c, crate::anomaly::reason(c, ch)));
        // Findings over more than this character (the character's own class is shown above).
        let findings = self
            .window_findings
            .iter()
            .filter(|f| {
                f.byte_span
                    .is_some_and(|b| b.start <= span.start && span.start < b.end)
                    && anomaly.as_ref().is_none_or(|(c, _)| *c != f.class)
            })
            .take(4)
            .map(|f| {
                (
                    f.class,
                    f.reason.to_string(),
                    f.suggestion.as_ref().map(|s| s.to_string()),
                )
            })
            .collect();
        self.inspected = Some(Inspected {
            ch,
            explanation: explain_char(ch),
            span,
            bytes,
            classes,
            invalid_reason,
            anomaly,
            findings,
        });
    }

    /// Views the document under `cs`.
    fn set_charset(&mut self, cs: Charset) {
        if cs == self.charset {
            return;
        }
        self.charset = cs;
        self.bom_len = bom_len_for(&self.input, cs);
        if let Some(first) = self.compare_with.first_mut() {
            *first = cs;
        }
        self.compare_with.dedup();
        self.ensure_window();
    }
}

fn empty_window(charset: Charset) -> Window {
    let input = Input::from_bytes("", Vec::new());
    decode_window(&input, charset, 0, 0, 0, 0).expect("an empty input decodes")
}

/// A report for an input whose analysis failed (the explorer still shows its bytes).
fn fallback_report(name: &str, input: &Input, _error: &str) -> Report {
    let empty = Input::from_bytes(name, Vec::new());
    let mut r = inspect(&empty, &Options::default()).expect("the empty input is analysable");
    r.size_bytes = input.len();
    r
}

/// Anomaly counts of a whole (small) input decoded under `cs`: every detector, as `delineate
/// anomalies` counts them (`anomaly::document::scan_input`; no finding kept).
pub fn count_anomalies(input: &Input, cs: Charset, bom_len: u64) -> Counts {
    crate::anomaly::document::scan_input(input, cs, bom_len, 0)
        .map(|s| s.counts)
        .unwrap_or_default()
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
                        self.doc()
                            .compare_with
                            .iter()
                            .map(|c| c.name())
                            .collect::<Vec<_>>()
                            .join(" | ")
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
        let small = d.input.len() <= SMALL_FILE;
        if small {
            d.counts = Some(count_anomalies(&d.input, cs, d.bom_len));
            d.counts_charset = Some(cs);
            scans
        } else {
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
            Tab::Evidence => d.report.evidence.len() + d.report.conflicts.len(),
            Tab::Anomalies => d.window_findings.len(),
            Tab::Files => self.docs.len(),
            Tab::Units => d.extracted().map_or(0, |x| unit_rows(x).len()),
            Tab::Language => language_rows(d).len(),
        }
    }

    fn activate(&mut self) -> Vec<Scan> {
        let sel = self.doc().selection[tab_index(self.tab)];
        match self.tab {
            Tab::Candidates => {
                let Some(cs) = self.doc().report.candidates.get(sel).map(|c| c.encoding) else {
                    return Vec::new();
                };
                let scans = self.set_charset(cs);
                self.message = Some(format!("decoding as {cs}"));
                scans
            }
            Tab::Evidence => {
                let d = self.doc();
                let span = if sel < d.report.evidence.len() {
                    d.report.evidence[sel].byte_span
                } else {
                    d.report
                        .conflicts
                        .get(sel - d.report.evidence.len())
                        .and_then(|c| c.byte_span)
                };
                match span {
                    Some(s) => {
                        self.doc_mut().cursor = s.start;
                        self.message = Some(format!("bytes {}–{}", s.start, s.end));
                    }
                    None => self.message = Some("this evidence is not in the file".into()),
                }
                Vec::new()
            }
            Tab::Anomalies => {
                if let Some(s) = self
                    .doc()
                    .window_findings
                    .get(sel)
                    .and_then(|f| f.byte_span)
                {
                    self.doc_mut().cursor = s.start;
                }
                Vec::new()
            }
            Tab::Files => {
                self.update(Action::OpenDoc(sel));
                Vec::new()
            }
            Tab::Units => {
                self.open_unit_row(sel);
                Vec::new()
            }
            Tab::Language => {
                self.open_passage(sel);
                Vec::new()
            }
            Tab::Inspector => Vec::new(),
        }
    }

    /// `x`: the source text ↔ the extracted text (starting extraction if it has not run).
    fn toggle_extracted(&mut self) -> Option<Scan> {
        let index = self.current;
        let d = self.doc_mut();
        if matches!(d.view, TextView::Extracted(_)) {
            d.view = TextView::Raw;
            self.message = Some(self.view_summary());
            return None;
        }
        match &d.extraction {
            ExtractState::NotStarted => {
                let job = d.extract_job(index);
                self.message = Some("extracting the text in the background…".into());
                Some(job)
            }
            ExtractState::Running => {
                self.message = Some("still extracting…".into());
                None
            }
            ExtractState::Failed(e) => {
                self.message = Some(format!("extraction failed: {e}"));
                None
            }
            ExtractState::Done(x) => {
                if x.units.is_empty() {
                    self.message = Some(match &x.error {
                        Some(e) => format!("no units: {e}"),
                        None => format!(
                            "no text to extract: {} (u shows why)",
                            x.format.detected.description()
                        ),
                    });
                    return None;
                }
                let unit = self.selected_unit().unwrap_or(0);
                let d = self.doc_mut();
                d.view = TextView::Extracted(unit);
                d.extract_top = 0;
                d.extract_focus = None;
                self.message = Some(self.view_summary());
                None
            }
        }
    }

    /// Enter on a passage: the extracted text of its unit, scrolled to the passage.
    fn open_passage(&mut self, sel: usize) {
        let Some(&(unit, pi)) = language_rows(self.doc()).get(sel) else {
            return;
        };
        let (width, height) = self.text_area();
        let d = self.doc();
        let (Some(x), Some(l)) = (d.extracted(), d.languages.get(unit)) else {
            return;
        };
        let (Some(u), Some(p)) = (x.units.get(unit), l.passages.get(pi)) else {
            return;
        };
        let rs = rows::rows(&u.text, width, true);
        let top = rows::row_of(&rs, p.start.min(u.text.len())).saturating_sub(height / 3);
        let what = format!(
            "{} · passage {}: {} {}",
            u.locator,
            pi + 1,
            p.verdict.language,
            p.verdict.name
        );
        let (start, end) = (p.start, p.end);
        let d = self.doc_mut();
        d.view = TextView::Extracted(unit);
        d.extract_top = top;
        d.extract_focus = Some((start, end));
        self.message = Some(what);
    }

    /// The unit of the selected row of the units list.
    pub fn selected_unit(&self) -> Option<usize> {
        let x = self.doc().extracted()?;
        match unit_rows(x).get(self.selection(Tab::Units))? {
            UnitRow::Unit(i) | UnitRow::Diag(i, _) => Some(*i),
            UnitRow::File(_) => None,
        }
    }

    /// Enter on a row of the units list: a unit shows its text; a diagnostic jumps to its place
    /// in the extracted text, or to its bytes.
    fn open_unit_row(&mut self, sel: usize) {
        let Some(x) = self.doc().extracted() else {
            return;
        };
        let Some(row) = unit_rows(x).get(sel).copied() else {
            return;
        };
        let (width, height) = self.text_area();
        let (unit, span, bytes, what) = match row {
            UnitRow::Unit(i) => (Some(i), None, None, x.units[i].locator.to_string()),
            UnitRow::Diag(i, j) => {
                let g = &x.units[i].diagnostics[j];
                (Some(i), g.text_span, g.byte_span, g.message.clone())
            }
            UnitRow::File(j) => {
                let g = &x.diagnostics[j];
                (None, None, g.byte_span, g.message.clone())
            }
        };
        let top = match (unit, span) {
            (Some(i), Some((a, _))) => {
                let rs = rows::rows(&x.units[i].text, width, true);
                rows::row_of(&rs, a.min(x.units[i].text.len())).saturating_sub(height / 3)
            }
            _ => 0,
        };
        let d = self.doc_mut();
        match (unit, span, bytes) {
            (Some(i), Some(s), _) => {
                d.view = TextView::Extracted(i);
                d.extract_top = top;
                d.extract_focus = Some(s);
            }
            (_, None, Some(b)) => {
                d.view = TextView::Raw;
                d.cursor = b.start;
                self.message = Some(format!("bytes {}–{}: {}", b.start, b.end, what));
                return;
            }
            (Some(i), None, None) => {
                d.view = TextView::Extracted(i);
                d.extract_top = 0;
                d.extract_focus = None;
            }
            _ => {
                self.message = Some(what);
                return;
            }
        }
        self.message = Some(what);
    }

    fn toggle_mark(&mut self) {
        if self.tab == Tab::Anomalies {
            let sel = self.doc().selection[tab_index(Tab::Anomalies)];
            let Some(class) = self.doc().window_findings.get(sel).map(|f| f.class) else {
                return;
            };
            let d = self.doc_mut();
            let removed = if let Some(i) = d.norm_opts.remove.iter().position(|c| *c == class) {
                d.norm_opts.remove.remove(i);
                false
            } else {
                d.norm_opts.remove.push(class);
                true
            };
            d.norm = None;
            d.refresh_norm();
            self.message = Some(format!(
                "{}: the normalised view now {} these (r shows it)",
                class.name(),
                if removed { "removes" } else { "keeps" }
            ));
            return;
        }
        if self.tab != Tab::Candidates {
            return;
        }
        let sel = self.doc().selection[tab_index(Tab::Candidates)];
        let Some(cs) = self.doc().report.candidates.get(sel).map(|c| c.encoding) else {
            return;
        };
        let cur = self.doc().charset;
        let d = self.doc_mut();
        if d.compare_with.is_empty() {
            d.compare_with.push(cur);
        }
        if let Some(i) = d.compare_with.iter().position(|c| *c == cs) {
            if i > 0 {
                d.compare_with.remove(i);
            }
        } else if d.compare_with.len() < 4 {
            d.compare_with.push(cs);
        } else {
            self.message = Some("side by side takes at most 4 encodings".into());
            return;
        }
        self.compare = self.doc().compare_with.len() >= 2;
        self.message = Some(format!(
            "side by side: {}",
            self.doc()
                .compare_with
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(" | ")
        ));
    }

    /// Scrolls the extracted text of unit `k`.
    fn extracted_motion(&mut self, k: usize, m: Motion) {
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

    fn motion(&mut self, m: Motion) {
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
    fn text_motion(&mut self, m: Motion) {
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
                let rs = rows::rows(text, width, is_start);
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
    fn snap_to_char(&mut self) {
        let d = self.doc_mut();
        d.ensure_window();
        if let Some(t) = d.window.text_offset_of(d.cursor)
            && let Some(s) = d.window.span_of_text(t)
        {
            d.cursor = s.start;
        }
    }

    /// Keeps both panes scrolled so the cursor shows, and refreshes the inspector.
    /// Enter in the corpus view: a document opens at its first finding; a term lists its
    /// occurrences; an occurrence opens its file with the term's bytes highlighted.
    fn corpus_activate(&mut self) -> Vec<Scan> {
        use super::corpus::CorpusTable;
        let Some(c) = self.corpus.as_mut() else {
            return Vec::new();
        };
        let sel = c.sel[c.table.index()];
        let target: Option<(String, Option<u64>, u64)> = match c.table {
            CorpusTable::Documents => c.documents().get(sel).map(|d| {
                let at = d.findings.iter().find_map(|f| f.byte_offset);
                (d.path.clone(), at, 1)
            }),
            CorpusTable::Sources => {
                c.table = CorpusTable::Documents;
                None
            }
            CorpusTable::Terms => {
                if let Some(t) = c.terms().get(sel) {
                    c.term = Some(t.term.clone());
                    c.table = CorpusTable::Occurrences;
                    c.sel[CorpusTable::Occurrences.index()] = 0;
                }
                None
            }
            CorpusTable::Occurrences => c.term_row().and_then(|t| {
                t.examples.get(sel).map(|e| {
                    (
                        e.path.to_string(),
                        e.byte_offset,
                        t.term.chars().count() as u64,
                    )
                })
            }),
        };
        match target {
            Some((path, at, len)) => self.open_at(&path, at, len),
            None => Vec::new(),
        }
    }

    /// Opens the document named `name` (already open, or read from disk) at byte `at`, with
    /// the bytes of the `chars` characters from there highlighted (in the document's encoding).
    fn open_at(&mut self, name: &str, at: Option<u64>, chars: u64) -> Vec<Scan> {
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

    fn follow_cursor(&mut self) {
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
        let text = &w.decoded.text;
        let rs = rows::rows(text, width, w.start <= d.bom_len);
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
    fn panel_follows_focus(&mut self) {
        if self.focus != Focus::Panel && self.panes().inspector.is_none() {
            self.tab = Tab::Inspector;
        }
    }

    fn click(&mut self, x: u16, y: u16) {
        self.click_at(x, y);
        self.panel_follows_focus();
    }

    fn click_at(&mut self, x: u16, y: u16) {
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
            let rs = rows::rows(text, width, is_start);
            let top = w
                .text_offset_of(d.text_top)
                .map(|t| rows::row_of(&rs, t))
                .unwrap_or(0);
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
            if y >= first_row {
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
            self.panes().panel.height.saturating_sub(3).max(1) as usize,
        )
    }

    /// The selection of `tab`.
    pub fn selection(&self, tab: Tab) -> usize {
        self.doc().selection[tab_index(tab)]
    }

    fn jump_anomaly(&mut self, forward: bool) {
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

    fn search(&mut self, query: &str) {
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

/// Header rows above a tab's list items.
pub fn header_rows(tab: Tab) -> usize {
    match tab {
        Tab::Candidates | Tab::Evidence => 1,
        Tab::Anomalies => 2,
        Tab::Units => 2,
        Tab::Language => 2,
        Tab::Inspector | Tab::Files => 0,
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
