//! The corpus view's model: the audit as it fills (from a background job), which table is on
//! screen, its sort order and selection. Sorting is presentation: the rows come from the
//! library's [`Audit`] and are only ordered here.

use crate::corpus::{Audit, AuditOptions, DocReport, Item, TermRow};
use std::path::PathBuf;

/// What the corpus job audits.
#[derive(Clone, Debug)]
pub struct CorpusJob {
    pub label: String,
    pub items: Vec<Item>,
    pub roots: Vec<PathBuf>,
    pub opts: AuditOptions,
}

impl CorpusJob {
    /// The audit options of the explorer: more terms and examples than the CLI's report.
    pub fn options() -> AuditOptions {
        AuditOptions {
            top: 1000,
            examples: 20,
            ..Default::default()
        }
    }
}

/// The tables of the corpus view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CorpusTable {
    Documents,
    Sources,
    Terms,
    /// Where the chosen term occurs.
    Occurrences,
}

impl CorpusTable {
    pub fn index(self) -> usize {
        match self {
            CorpusTable::Documents => 0,
            CorpusTable::Sources => 1,
            CorpusTable::Terms => 2,
            CorpusTable::Occurrences => 3,
        }
    }
}

/// A sort key of the documents table: its name and how to read it (larger first).
pub struct DocSort {
    pub name: &'static str,
    pub key: fn(&DocReport) -> f64,
}

/// The documents table's sort keys, in the order `o` cycles through them.
pub const DOC_SORTS: &[DocSort] = &[
    DocSort {
        name: "score",
        key: |d| d.score,
    },
    DocSort {
        name: "U+FFFD",
        key: |d| d.signals.replacement_chars as f64,
    },
    DocSort {
        name: "invalid UTF-8",
        key: |d| d.signals.invalid_utf8 as f64,
    },
    DocSort {
        name: "invisible",
        key: |d| d.signals.invisible as f64,
    },
    DocSort {
        name: "extraction problems",
        key: |d| d.signals.extraction_problems as f64,
    },
    DocSort {
        name: "mojibake",
        key: |d| d.signals.mojibake_words as f64,
    },
    DocSort {
        name: "entities",
        key: |d| d.signals.entity_residue as f64,
    },
    DocSort {
        name: "split words",
        key: |d| d.signals.split_words as f64,
    },
    DocSort {
        name: "hyphen lines",
        key: |d| d.signals.hyphen_line_rate,
    },
    DocSort {
        name: "non-words",
        key: |d| d.signals.non_word_ratio().unwrap_or(0.0),
    },
];

/// The corpus view's state.
#[derive(Debug)]
pub struct CorpusView {
    pub label: String,
    /// Shown paths drop this directory prefix (the one root audited, when there is one).
    pub prefix: Option<String>,
    pub total: usize,
    pub done: usize,
    pub finished: bool,
    pub audit: Option<Box<Audit>>,
    pub table: CorpusTable,
    pub doc_sort: usize,
    /// Terms by document frequency instead of term frequency.
    pub terms_by_df: bool,
    /// Selection per table.
    pub sel: [usize; 4],
    /// The term whose occurrences are listed.
    pub term: Option<String>,
}

impl CorpusView {
    pub fn new(label: String, total: usize) -> CorpusView {
        CorpusView {
            label,
            prefix: None,
            total,
            done: 0,
            finished: total == 0,
            audit: None,
            table: CorpusTable::Documents,
            doc_sort: 0,
            terms_by_df: false,
            sel: [0; 4],
            term: None,
        }
    }

    /// The documents, in the chosen order (ties by path and unit).
    pub fn documents(&self) -> Vec<&DocReport> {
        let Some(a) = &self.audit else {
            return Vec::new();
        };
        let key = DOC_SORTS[self.doc_sort % DOC_SORTS.len()].key;
        let mut v: Vec<&DocReport> = a.documents.iter().collect();
        v.sort_by(|x, y| {
            key(y)
                .total_cmp(&key(x))
                .then_with(|| x.path.cmp(&y.path))
                .then_with(|| x.unit.cmp(&y.unit))
        });
        v
    }

    /// The terms, by tf or df.
    pub fn terms(&self) -> Vec<&TermRow> {
        let Some(a) = &self.audit else {
            return Vec::new();
        };
        let mut v: Vec<&TermRow> = a.terms.iter().collect();
        if self.terms_by_df {
            v.sort_by(|x, y| y.df.cmp(&x.df).then_with(|| x.rank.cmp(&y.rank)));
        }
        v
    }

    /// The chosen term's row.
    /// The most frequent term (among the first 20 by tf) that an occurrence flag marks as junk
    /// (`lt` cut from `&lt;`, a mojibake fragment…), with the flag: what the corpus view's tip
    /// points a newcomer to. Non-words alone do not count (names and jargon are non-words).
    pub fn first_junk_term(&self) -> Option<(&TermRow, crate::corpus::Flag)> {
        let a = self.audit.as_deref()?;
        a.terms.iter().take(20).find_map(|t| {
            t.flags
                .iter()
                .find(|f| f.flag != crate::corpus::Flag::NonWord && f.occurrences * 2 >= t.tf)
                .map(|f| (t, f.flag))
        })
    }

    pub fn term_row(&self) -> Option<&TermRow> {
        let t = self.term.as_deref()?;
        self.audit.as_ref()?.terms.iter().find(|r| r.term == t)
    }

    /// Rows in the current table.
    pub fn len(&self) -> usize {
        let Some(a) = &self.audit else { return 0 };
        match self.table {
            CorpusTable::Documents => a.documents.len(),
            CorpusTable::Sources => a.sources.len(),
            CorpusTable::Terms => a.terms.len(),
            CorpusTable::Occurrences => self.term_row().map_or(0, |t| t.examples.len()),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Moves the selection of the current table.
    pub fn select(&mut self, delta: i64) {
        let n = self.len();
        let s = &mut self.sel[self.table.index()];
        *s = (*s as i64 + delta).clamp(0, n.saturating_sub(1) as i64) as usize;
    }

    /// Tab: the next table (occurrences only once a term is chosen).
    pub fn next_table(&mut self, back: bool) {
        let order = [
            CorpusTable::Documents,
            CorpusTable::Sources,
            CorpusTable::Terms,
            CorpusTable::Occurrences,
        ];
        let n = if self.term.is_some() { 4 } else { 3 };
        let i = self.table.index().min(n - 1);
        let j = if back { (i + n - 1) % n } else { (i + 1) % n };
        self.table = order[j];
    }

    /// `o`: the next sort order of the documents or terms table.
    pub fn next_sort(&mut self) {
        match self.table {
            CorpusTable::Documents | CorpusTable::Sources => {
                self.doc_sort = (self.doc_sort + 1) % DOC_SORTS.len();
                self.table = CorpusTable::Documents;
            }
            CorpusTable::Terms | CorpusTable::Occurrences => {
                self.terms_by_df = !self.terms_by_df;
                self.table = CorpusTable::Terms;
            }
        }
        self.sel[self.table.index()] = 0;
    }
}
