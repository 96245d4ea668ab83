//! Background jobs: whole-file analysis and anomaly counts of large files, and text extraction,
//! off the UI thread, with progress, cancellation and a generation number so late answers are
//! dropped (after gitui's async jobs).

use crate::analyze::{self, Parts, Reading};
use crate::anomaly::Counts;
use crate::decode::{Charset, LabelResolution};
use crate::encoding::{Options, Scope};
use crate::extract::Extraction;
use crate::report::Report;
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
    // The user's encoding, when one was picked: the text is read and extracted in it.
    let reading = match scan.user_charset {
        Some(cs) => Reading::Chosen(LabelResolution {
            label: cs.name().to_string(),
            charset: cs,
            remap: None,
        }),
        None => Reading::Decided,
    };
    if scan.kind == JobKind::Extract {
        let opts = analyze::Options {
            parts: Parts {
                languages: true,
                ..Default::default()
            },
            reading,
            ..Default::default()
        };
        let r =
            analyze::document_with(&scan.input, &opts, &mut |_| !cancel.load(Ordering::Relaxed))
                .map_err(|e| e.to_string());
        let (extraction, languages) = match r {
            Ok(a) => (Ok(a.extraction.expect("asked for")), a.languages),
            Err(e) => (Err(e), Vec::new()),
        };
        return JobMsg::Extracted {
            doc: scan.doc,
            generation: scan.generation,
            extraction: Box::new(extraction),
            languages,
        };
    }
    let mut last = (String::new(), 0.0f64);
    let opts = analyze::Options {
        parts: Parts {
            report: scan.report,
            anomalies: true,
            ..Default::default()
        },
        encoding: Options {
            scope: Scope::Whole,
            ..Default::default()
        },
        // Without a new report, the text is counted in the encoding it is viewed in.
        reading: match (&reading, scan.report) {
            (Reading::Decided, false) => Reading::Chosen(LabelResolution {
                label: scan.charset.name().to_string(),
                charset: scan.charset,
                remap: None,
            }),
            _ => reading,
        },
        ..Default::default()
    };
    let r = analyze::document_with(&scan.input, &opts, &mut |p| {
        // Progress at most every hundredth, and at each new pass.
        if p.pass != last.0 || p.fraction - last.1 >= 0.01 || p.fraction >= 1.0 {
            last = (p.pass.to_string(), p.fraction);
            let _ = tx.send(JobMsg::Progress {
                doc: scan.doc,
                generation: scan.generation,
                pass: p.pass.to_string(),
                fraction: p.fraction,
            });
        }
        !cancel.load(Ordering::Relaxed)
    });
    match r {
        Ok(a) => JobMsg::Done {
            doc: scan.doc,
            generation: scan.generation,
            report: a.report.map(Box::new),
            charset: a.read.expect("asked for").charset,
            counts: a.anomalies.expect("asked for").counts,
        },
        Err(e) => JobMsg::Failed {
            doc: scan.doc,
            generation: scan.generation,
            error: e.to_string(),
        },
    }
}
