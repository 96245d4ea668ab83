//! One open document as the explorer holds it: its report, the decoded window around the
//! cursor and that window's anomalies, the chosen encoding, the extraction and languages
//! (filled by background jobs), the normalisation view and the query. The dispatcher
//! (`app.rs`) changes it only through its methods.

use super::rows::{self, Row};
use super::worker::{JobKind, Scan};
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
/// Files up to this size are extracted into units as soon as they are opened (in the
/// background); larger ones when the user asks.
pub const SMALL_FILE: u64 = 8 << 20;

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

/// A row of the evidence list: the decision, the likely verdict, each segment of a file in
/// several encodings, each piece of evidence, each conflict. Every row is selectable, so the
/// detail rows can show any of their sentences in full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvidenceRow {
    Decision,
    Likely,
    Segment(usize),
    Item(usize),
    Conflict(usize),
}

/// The rows of the evidence list of `d`, in the order they are drawn.
pub fn evidence_rows(d: &Doc) -> Vec<EvidenceRow> {
    let r = &d.report;
    let mut out = vec![EvidenceRow::Decision, EvidenceRow::Likely];
    out.extend((0..r.segments.len()).map(EvidenceRow::Segment));
    out.extend((0..r.evidence.len()).map(EvidenceRow::Item));
    out.extend((0..r.conflicts.len()).map(EvidenceRow::Conflict));
    out
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

/// Bytes of BOM announcing `cs` at the start of `input`.
pub(super) fn bom_len_for(input: &Input, cs: Charset) -> u64 {
    match input.head(4).ok().as_deref().and_then(bom::sniff) {
        Some(b) if b.charset == cs => b.len as u64,
        _ => 0,
    }
}

impl Doc {
    /// The encodings shown side by side, as the message names them (`UTF-8 | windows-1252`).
    pub fn compare_names(&self) -> String {
        self.compare_with
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(" | ")
    }

    /// The window's text cut into rows `width` cells wide, as the text pane lays it out.
    pub fn window_rows(&self, width: usize) -> Vec<Row> {
        rows::rows(
            &self.window.decoded.text,
            width,
            self.window.start <= self.bom_len,
        )
    }

    /// Which of `rs` (the [`Doc::window_rows`]) is at the top of the text pane: 0 when the
    /// pane's first byte is not in the window.
    pub fn top_row(&self, rs: &[Row]) -> usize {
        self.window
            .text_offset_of(self.text_top)
            .map(|t| rows::row_of(rs, t))
            .unwrap_or(0)
    }

    /// Opens a document with the instant answer from its sample (at most 64 KB read), and
    /// returns the background jobs to start: the whole-file report and anomaly count, and for a
    /// small file of a format with text, the extraction.
    pub fn open(name: String, input: Arc<Input>, index: usize) -> (Doc, Vec<Scan>) {
        let small = input.len() <= SMALL_FILE;
        // The instant answer from the sample (at most 64 KB read, whatever the file's size);
        // the whole-file report and the anomaly count come from a background job.
        let options = Options {
            scope: Scope::Sample,
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
        doc.scanning = Some(ScanState {
            pass: "starting".into(),
            fraction: 0.0,
        });
        let scan = Scan {
            kind: JobKind::Analyse,
            doc: index,
            generation: doc.generation,
            input: input.clone(),
            report: true,
            charset,
            user_charset: None,
        };
        doc.inspect_cursor();
        let mut scans = vec![scan];
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
    pub(super) fn ensure_window(&mut self) {
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
    pub(super) fn refresh_norm(&mut self) {
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
    pub(super) fn set_query(&mut self, raw: &str) {
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
    pub(super) fn inspect_cursor(&mut self) {
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
    pub(super) fn set_charset(&mut self, cs: Charset) {
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

pub(super) fn empty_window(charset: Charset) -> Window {
    let input = Input::from_bytes("", Vec::new());
    decode_window(&input, charset, 0, 0, 0, 0).expect("an empty input decodes")
}

/// A report for an input whose analysis failed (the explorer still shows its bytes).
pub(super) fn fallback_report(name: &str, input: &Input, _error: &str) -> Report {
    let empty = Input::from_bytes(name, Vec::new());
    let mut r = inspect(&empty, &Options::default()).expect("the empty input is analysable");
    r.size_bytes = input.len();
    r
}
