//! One analysis per document, the entry every front end uses: `inspect`, `extract`,
//! `anomalies`, `langid`, the explorer's worker and the corpus audit ask [`document`] for the
//! parts they show, so one file gets one answer wherever it is looked at.
//!
//! The parts, cheap to expensive: the encoding reading the text is decoded in (the evidence's
//! decision, the likely verdict, or the user's choice); the whole [`Report`] (format, evidence,
//! candidates, likely verdict, segments, mojibake); the anomalies of the decoded file, window
//! by window (the same detectors and totals everywhere); the extraction into document units;
//! and the language of each unit (the one policy of [`langid::document_verdict`], passages
//! included).

use crate::anomaly::document::{DocumentScan, WINDOW_BYTES, scan_input_progress};
use crate::decode::{Charset, ErrorMode, LabelResolution, bom};
use crate::encoding::{self, DecidedBy};
use crate::error::SourceError;
use crate::extract::{self, Extraction};
use crate::langid::{self, TextLanguages};
use crate::report::{self, Report};
use crate::source::Input;

/// Which parts of the analysis to compute.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    /// The whole encoding report (what `inspect` prints).
    pub report: bool,
    /// The anomalies of the decoded file (what `anomalies` lists).
    pub anomalies: bool,
    /// The extraction into document units (what `extract` prints).
    pub units: bool,
    /// The language of each unit (what `langid` prints); implies `units`.
    pub languages: bool,
}

/// The encoding the file's text is read in (for the anomalies; extraction follows the user's
/// choice for the file's own bytes).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Reading {
    /// What a conforming consumer reads: the evidence's decision.
    #[default]
    Decided,
    /// The most likely true encoding.
    Likely,
    /// The user's choice.
    Chosen(LabelResolution),
}

/// How [`document`] runs.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub parts: Parts,
    /// The encoding stage's options (sample or whole file, transport header, limits).
    pub encoding: encoding::Options,
    pub reading: Reading,
    /// What the anomaly scan's decoder does with malformed bytes.
    pub errors: ErrorMode,
    /// Findings kept (counts are always whole); 0 keeps none.
    pub max_findings: usize,
    /// The extraction's options (unit, limits, boilerplate); its `encoding` is set from
    /// `reading` when the user chose one.
    pub extract: extract::Options,
    pub langid: langid::Options,
}

/// How the reading's encoding was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadBy {
    /// The evidence decided it.
    Decided(DecidedBy),
    /// The likely verdict.
    Likely,
    /// The user chose it.
    User,
}

impl ReadBy {
    /// `bom`, `declaration`, … for a decision; `likely`; `user`.
    pub fn name(self) -> &'static str {
        match self {
            ReadBy::Decided(d) => d.name(),
            ReadBy::Likely => "likely",
            ReadBy::User => "user",
        }
    }
}

/// The encoding the text is read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Read {
    pub charset: Charset,
    /// Bytes of byte order mark skipped (only a BOM that announces `charset`).
    pub bom_len: u64,
    pub by: ReadBy,
}

/// Where a long analysis is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress<'a> {
    /// The pass under way (`UTF-8 validity`, `anomalies`, …).
    pub pass: &'a str,
    /// Its share done, 0 to 1.
    pub fraction: f64,
}

/// Everything asked for about one document.
#[derive(Debug)]
pub struct DocumentAnalysis {
    /// The encoding the text was read in (with the report or the anomalies; an extraction
    /// decides per part, and says so in its diagnostics).
    pub read: Option<Read>,
    pub report: Option<Report>,
    pub anomalies: Option<DocumentScan>,
    pub extraction: Option<Extraction>,
    /// One per unit of `extraction`, in order (empty unless asked for).
    pub languages: Vec<TextLanguages>,
}

/// Analyses one document: the parts `opts` asks for.
pub fn document(input: &Input, opts: &Options) -> Result<DocumentAnalysis, SourceError> {
    document_with(input, opts, &mut |_| true)
}

/// [`document`] telling `progress` where it is; when `progress` returns false the analysis
/// stops with [`SourceError::Cancelled`].
pub fn document_with(
    input: &Input,
    opts: &Options,
    progress: &mut dyn FnMut(Progress<'_>) -> bool,
) -> Result<DocumentAnalysis, SourceError> {
    let report = if opts.parts.report {
        Some(report::inspect_with(input, &opts.encoding, &mut |p| {
            progress(Progress {
                pass: p.pass,
                fraction: p.done as f64 / p.total.max(1) as f64,
            })
        })?)
    } else {
        None
    };
    let read = if opts.parts.report || opts.parts.anomalies {
        Some(reading(
            input,
            &opts.reading,
            report.as_ref(),
            &opts.encoding,
        )?)
    } else {
        None
    };
    let anomalies = if let (true, Some(read)) = (opts.parts.anomalies, read) {
        // The scan stops where it is told to, with what it has counted: a part, not the
        // document's totals, so a cancelled scan is an error here.
        let mut cancelled = false;
        let scan = scan_input_progress(
            input,
            read.charset,
            read.bom_len,
            opts.max_findings,
            WINDOW_BYTES,
            opts.errors,
            &mut |f| {
                cancelled = !progress(Progress {
                    pass: "anomalies",
                    fraction: f,
                });
                !cancelled
            },
        )?;
        if cancelled {
            return Err(SourceError::Cancelled);
        }
        Some(scan)
    } else {
        None
    };
    let extraction = if opts.parts.units || opts.parts.languages {
        let mut x_opts = opts.extract.clone();
        if let Reading::Chosen(l) = &opts.reading {
            x_opts.encoding = Some(l.clone());
        }
        Some(extract::extract(input, &x_opts)?)
    } else {
        None
    };
    let languages = match (&extraction, opts.parts.languages) {
        (Some(x), true) => x
            .units
            .iter()
            .map(|u| langid::analyze_unit(u, &opts.langid))
            .collect(),
        _ => Vec::new(),
    };
    Ok(DocumentAnalysis {
        read,
        report,
        anomalies,
        extraction,
        languages,
    })
}

/// The encoding the text is read in: the user's, the likely verdict, or the decision (from the
/// report when there is one, else from a decision-only pass of the encoding stage).
pub fn reading(
    input: &Input,
    reading: &Reading,
    report: Option<&Report>,
    opts: &encoding::Options,
) -> Result<Read, SourceError> {
    if let Reading::Chosen(l) = reading {
        return Ok(Read {
            charset: l.charset,
            bom_len: bom_len_for(input, l.charset)?,
            by: ReadBy::User,
        });
    }
    let likely = *reading == Reading::Likely;
    let (decision, likely_name) = match report {
        Some(r) => (r.encoding.clone(), Some(r.likely.name)),
        None => {
            let a = encoding::analyze(
                input,
                &encoding::Options {
                    decision_only: !likely,
                    ..opts.clone()
                },
            )?;
            let l = a.likely.map(|l| l.name);
            (a.decision, l)
        }
    };
    if likely {
        let cs = likely_name.unwrap_or(decision.encoding);
        return Ok(Read {
            charset: cs,
            bom_len: bom_len_for(input, cs)?,
            by: ReadBy::Likely,
        });
    }
    Ok(Read {
        charset: decision.encoding,
        bom_len: decision.bom_len as u64,
        by: ReadBy::Decided(decision.decided_by),
    })
}

/// Bytes of byte order mark to skip when reading `input` as `cs`: only a BOM that announces it.
pub fn bom_len_for(input: &Input, cs: Charset) -> Result<u64, SourceError> {
    let head = input.head(4)?;
    Ok(match bom::sniff(&head) {
        Some(b) if b.charset == cs => b.len as u64,
        _ => 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Parts {
        Parts {
            report: true,
            anomalies: true,
            units: true,
            languages: true,
        }
    }

    /// Only the anomalies asked for: the part every front end needs.
    fn anomalies_only() -> Options {
        Options {
            parts: Parts {
                anomalies: true,
                ..Default::default()
            },
            ..Default::default()
        }
    }

    #[test]
    fn one_document_one_answer() {
        let text = "The committee met on Tuesday to discuss the caf\u{e9}\u{200b} budget and \
                    the new library hours for the town.\n";
        let input = Input::from_bytes("t.txt", text.as_bytes().to_vec());
        let a = document(
            &input,
            &Options {
                parts: all(),
                max_findings: 100,
                ..Default::default()
            },
        )
        .unwrap();
        let r = a.report.as_ref().unwrap();
        let read = a.read.unwrap();
        assert_eq!(read.charset, r.encoding.encoding);
        assert_eq!(read.by, ReadBy::Decided(r.encoding.decided_by));
        let s = a.anomalies.as_ref().unwrap();
        assert_eq!(s.counts.get(crate::anomaly::AnomalyClass::ZeroWidth), 1);
        let x = a.extraction.as_ref().unwrap();
        assert_eq!(x.units.len(), 1);
        assert_eq!(a.languages.len(), 1);
        assert_eq!(a.languages[0].verdict.language, "en");
        // Without the report, the decision comes from a decision-only pass: the same.
        let b = document(&input, &anomalies_only()).unwrap();
        assert_eq!(b.read, a.read);
        assert_eq!(b.anomalies.unwrap().counts, s.counts);
        assert!(b.report.is_none() && b.extraction.is_none());
    }

    #[test]
    fn a_chosen_encoding_reads_the_text_and_the_extraction() {
        let input = Input::from_bytes("t.txt", b"caf\xC3\xA9 society".to_vec());
        let chosen = Charset::for_label("windows-1252").unwrap();
        let a = document(
            &input,
            &Options {
                parts: Parts {
                    anomalies: true,
                    units: true,
                    ..Default::default()
                },
                reading: Reading::Chosen(chosen),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(a.read.unwrap().by, ReadBy::User);
        assert_eq!(a.read.unwrap().charset.name(), "windows-1252");
        assert!(a.extraction.unwrap().units[0].text.contains("cafÃ©"));
    }

    #[test]
    fn cancelled_is_an_error() {
        let input = Input::from_bytes("t.txt", b"a line of text\n".repeat(300_000));
        let r = document_with(&input, &anomalies_only(), &mut |_| false);
        assert!(matches!(r, Err(SourceError::Cancelled)), "{r:?}");
    }
}
