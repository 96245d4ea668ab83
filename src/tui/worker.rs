//! Background jobs: whole-file analysis and anomaly counts of large files, and text extraction,
//! off the UI thread, with progress, cancellation and a generation number so late answers are
//! dropped (after gitui's async jobs).

use crate::anomaly::Counts;
use crate::decode::Charset;
use crate::decode::ErrorMode;
use crate::encoding::{Options, Scope};
use crate::extract::{self, Extraction};
use crate::report::{Report, inspect_with};
use crate::source::Input;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

/// A message from a job to the UI.
#[derive(Debug)]
pub enum JobMsg {
    Progress {
        doc: usize,
        generation: u64,
        pass: String,
        fraction: f64,
    },
    /// The whole-file report (when asked for) and the anomaly counts under `charset`.
    Done {
        doc: usize,
        generation: u64,
        report: Option<Box<Report>>,
        charset: Charset,
        counts: Counts,
    },
    Failed {
        doc: usize,
        generation: u64,
        error: String,
    },
    /// The corpus audit so far (`done` files of the corpus audited).
    Corpus {
        done: usize,
        audit: Box<crate::corpus::Audit>,
        finished: bool,
    },
    /// The document's text extracted and cut into units (or why it could not be read), and
    /// each unit's languages.
    Extracted {
        /// The document's `extract_generation` when the job started.
        generation: u64,
        doc: usize,
        extraction: Box<Result<Extraction, String>>,
        languages: Vec<crate::langid::TextLanguages>,
    },
}

/// What a job computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// The whole-file report and anomaly counts.
    Analyse,
    /// Format identification and text extraction into units.
    Extract,
}

/// A job to start.
#[derive(Debug)]
pub struct Scan {
    pub kind: JobKind,
    pub doc: usize,
    pub generation: u64,
    pub input: Arc<Input>,
    /// Also compute the whole-file report.
    pub report: bool,
    /// Count anomalies in the text decoded under this encoding.
    pub charset: Charset,
    pub bom_len: u64,
    /// For an extraction: the encoding the user picked, when it is not the decided one.
    pub user_charset: Option<Charset>,
}

/// Starts and cancels jobs.
pub struct Worker {
    tx: Sender<JobMsg>,
    running: Vec<(usize, JobKind, Arc<AtomicBool>)>,
}

impl Worker {
    pub fn new(tx: Sender<JobMsg>) -> Self {
        Worker {
            tx,
            running: Vec::new(),
        }
    }

    /// Starts `scan` on a thread, cancelling any earlier job of its kind for the same document.
    pub fn start(&mut self, scan: Scan) {
        self.cancel_kind(scan.doc, Some(scan.kind));
        let cancel = Arc::new(AtomicBool::new(false));
        self.running.push((scan.doc, scan.kind, cancel.clone()));
        let tx = self.tx.clone();
        std::thread::spawn(move || {
            let msg = run(&scan, &cancel, &tx);
            if !cancel.load(Ordering::Relaxed) {
                let _ = tx.send(msg);
            }
        });
    }

    /// Cancels the jobs of `doc`, if any.
    pub fn cancel(&mut self, doc: usize) {
        self.cancel_kind(doc, None);
    }

    /// Cancels the jobs of `doc` of `kind` (every kind for `None`).
    fn cancel_kind(&mut self, doc: usize, kind: Option<JobKind>) {
        self.running.retain(|(d, k, flag)| {
            if *d == doc && kind.is_none_or(|x| x == *k) {
                flag.store(true, Ordering::Relaxed);
                false
            } else {
                true
            }
        });
    }

    /// Cancels everything (on quit).
    pub fn cancel_all(&mut self) {
        for (_, _, flag) in self.running.drain(..) {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// Runs a scan to completion on the calling thread (the worker's thread, or a test's).
pub fn run(scan: &Scan, cancel: &AtomicBool, tx: &Sender<JobMsg>) -> JobMsg {
    if scan.kind == JobKind::Extract {
        // Extraction isolates each document on its own thread with a time limit; the result
        // of a cancelled job is simply dropped.
        let opts = extract::Options {
            encoding: scan.user_charset.map(|cs| crate::decode::LabelResolution {
                label: cs.name().to_string(),
                charset: cs,
                remap: None,
            }),
            ..Default::default()
        };
        let r = extract::extract(&scan.input, &opts).map_err(|e| e.to_string());
        let opts = crate::langid::Options::default();
        let languages = match &r {
            Ok(x) if !cancel.load(Ordering::Relaxed) => x
                .units
                .iter()
                .map(|u| crate::langid::analyze_unit(u, &opts))
                .collect(),
            _ => Vec::new(),
        };
        return JobMsg::Extracted {
            doc: scan.doc,
            generation: scan.generation,
            extraction: Box::new(r),
            languages,
        };
    }
    let send = |pass: String, fraction: f64| {
        let _ = tx.send(JobMsg::Progress {
            doc: scan.doc,
            generation: scan.generation,
            pass,
            fraction,
        });
    };
    let mut last = 0.0f64;
    let report = if scan.report {
        let options = Options {
            scope: Scope::Whole,
            ..Default::default()
        };
        let r = inspect_with(&scan.input, &options, &mut |p| {
            let f = p.done as f64 / p.total.max(1) as f64;
            if f - last >= 0.01 || f >= 1.0 {
                last = f;
                send(p.pass.to_string(), f);
            }
            !cancel.load(Ordering::Relaxed)
        });
        match r {
            Ok(r) => Some(Box::new(r)),
            Err(e) => {
                return JobMsg::Failed {
                    doc: scan.doc,
                    generation: scan.generation,
                    error: e.to_string(),
                };
            }
        }
    } else {
        None
    };
    let charset = report
        .as_ref()
        .map_or(scan.charset, |r| r.encoding.encoding);
    let bom_len = report
        .as_ref()
        .map_or(scan.bom_len, |r| r.encoding.bom_len as u64);
    // Every detector, as `delineate anomalies` counts them (one count for one file).
    let mut last = 0.0f64;
    let r = crate::anomaly::document::scan_input_progress(
        &scan.input,
        charset,
        bom_len,
        0,
        crate::anomaly::document::WINDOW_BYTES,
        ErrorMode::Replace,
        &mut |f| {
            if f - last >= 0.01 {
                last = f;
                send("anomalies".to_string(), f);
            }
            !cancel.load(Ordering::Relaxed)
        },
    );
    let counts = match r {
        Ok(s) => s.counts,
        Err(e) => {
            return JobMsg::Failed {
                doc: scan.doc,
                generation: scan.generation,
                error: e.to_string(),
            };
        }
    };
    JobMsg::Done {
        doc: scan.doc,
        generation: scan.generation,
        report,
        charset,
        counts,
    }
}
