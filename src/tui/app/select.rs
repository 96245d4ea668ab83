//! What Enter, Space and a selection do on the panel's lists — candidates, evidence,
//! anomalies, files, units, passages, the corpus view's rows — and the background jobs they
//! start (part of [`App`]).

use super::super::action::{Action, Tab};
use super::super::doc::{
    EvidenceRow, ExtractState, TextView, UnitRow, evidence_rows, language_rows, unit_rows,
};
use super::super::rows;
use super::super::worker::Scan;
use super::{App, tab_index};

impl App {
    pub(super) fn activate(&mut self) -> Vec<Scan> {
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
            Tab::Evidence => self.activate_evidence(sel),
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

    /// Enter on the evidence list: the likely verdict decodes the text as it says; a segment,
    /// a piece of evidence or a conflict moves the cursor to its bytes; the decision to the
    /// bytes of the evidence that won.
    fn activate_evidence(&mut self, sel: usize) -> Vec<Scan> {
        let d = self.doc();
        let r = &d.report;
        let (span, what) = match evidence_rows(d).get(sel) {
            Some(EvidenceRow::Likely) => {
                let cs = r.likely.name;
                let scans = self.set_charset(cs);
                self.message = Some(format!("decoding as {cs}, the likely encoding"));
                return scans;
            }
            Some(EvidenceRow::Decision) => (
                r.encoding
                    .evidence_index
                    .and_then(|i| r.evidence.get(i))
                    .and_then(|e| e.byte_span),
                "the evidence that decided",
            ),
            Some(EvidenceRow::Segment(i)) => (r.segments.get(*i).map(|s| s.byte_span), "segment"),
            Some(EvidenceRow::Item(i)) => {
                (r.evidence.get(*i).and_then(|e| e.byte_span), "evidence")
            }
            Some(EvidenceRow::Conflict(i)) => {
                (r.conflicts.get(*i).and_then(|c| c.byte_span), "conflict")
            }
            None => return Vec::new(),
        };
        match span {
            Some(s) => {
                self.doc_mut().cursor = s.start;
                self.message = Some(format!("bytes {}–{}", s.start, s.end));
            }
            None => self.message = Some(format!("{what}: not at any bytes of the file")),
        }
        Vec::new()
    }

    /// `x`: the source text ↔ the extracted text (starting extraction if it has not run).
    pub(super) fn toggle_extracted(&mut self) -> Option<Scan> {
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
    pub(super) fn open_passage(&mut self, sel: usize) {
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
    pub(super) fn open_unit_row(&mut self, sel: usize) {
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

    pub(super) fn toggle_mark(&mut self) {
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
        self.message = Some(format!("side by side: {}", self.doc().compare_names()));
    }

    /// Keeps both panes scrolled so the cursor shows, and refreshes the inspector.
    /// Enter in the corpus view: a document opens at its first finding; a term lists its
    /// occurrences; an occurrence opens its file with the term's bytes highlighted.
    pub(super) fn corpus_activate(&mut self) -> Vec<Scan> {
        use crate::tui::corpus::CorpusTable;
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
}
