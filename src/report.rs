//! The plain-data boundary both front ends consume: one façade, [`inspect`], answers "what
//! happened to these bytes?" for one input, and returns a [`Report`] that the CLI prints (as
//! text or JSON) and the explorer shows. Field names of the JSON form are a contract.

use crate::decode::Decoded;
use crate::encoding::{
    self, Candidate, Conflict, Decision, EncodingAnalysis, Evidence, MojibakeReport, Options,
};
use crate::error::SourceError;
use crate::format::{self, FormatReport, KindEvidence};
use crate::source::Input;
use crate::span::ByteSpan;
use serde::Serialize;

/// The tool's name and version, recorded in every report.
#[derive(Clone, Debug, Serialize)]
pub struct ToolInfo {
    pub name: &'static str,
    pub version: &'static str,
}

/// This build's [`ToolInfo`].
pub const TOOL: ToolInfo = ToolInfo {
    name: "delineate",
    version: env!("CARGO_PKG_VERSION"),
};

/// Everything known about one input.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The path as given (`-` for standard input); bytes that are not UTF-8 as `\xFF`.
    pub path: String,
    /// The file name's bytes, when they are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path_bytes: Option<Vec<u8>>,
    pub size_bytes: u64,
    /// What the file is: `format.detected`, `format.by_extension`, `format.evidence[]`,
    /// `format.mismatch`.
    pub format: FormatReport,
    /// The document kind whose encoding rules apply, and how it was recognised.
    pub document: KindEvidence,
    /// The decision: `encoding.name`, `encoding.decided_by`, `encoding.explanation` — what a
    /// conforming consumer does with the evidence.
    pub encoding: Decision,
    /// The most likely true encoding: `likely.name`, `likely.confidence`, `likely.because`
    /// (equal to `encoding.name` when they agree), with the readings weighed.
    pub likely: encoding::likely::Likely,
    /// Byte ranges in different encodings when no single verdict fits the input (empty when
    /// one does): `byte_span`, `encoding`, `confidence`, `because`, `start_between`.
    pub segments: Vec<encoding::segments::Segment>,
    /// The bytes the segmentation covered (the whole input when it was read whole, else the
    /// sample); null when there are no segments.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub segments_cover: Option<ByteSpan>,
    pub evidence: Vec<Evidence>,
    pub conflicts: Vec<Conflict>,
    /// Best first.
    pub candidates: Vec<Candidate>,
    /// UTF-8 validity over the whole input.
    pub validity: crate::decode::validity::Utf8Validity,
    /// The bytes decoded for features, excerpts and mojibake analysis.
    pub sample: ByteSpan,
    pub sample_is_whole: bool,
    /// What the whole-input counts cover: `whole`, or `sample` for an instant first answer.
    pub scope: encoding::Scope,
    /// Null when the decided text has no mojibake.
    pub mojibake: Option<MojibakeReport>,
    /// The bytes the mojibake search read (the decided text's first 16 KiB): mojibake past
    /// them is not in `mojibake` (`anomalies` reads every line). Null when nothing was decoded.
    pub mojibake_searched: Option<ByteSpan>,
    /// Set when the file changed size while it was read: the analysis covers the bytes that
    /// were there (null otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size_change: Option<SizeChange>,
    pub tool: ToolInfo,
    /// The decided decoding of the sample, for views (not serialized).
    #[serde(skip)]
    pub decoded_sample: Option<Decoded>,
}

/// A file's size when it was opened and after it was read, when they differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SizeChange {
    pub opened: u64,
    pub now: u64,
}

impl SizeChange {
    /// The sentence a report prints.
    pub fn sentence(&self) -> String {
        format!(
            "the file changed size while it was read ({} bytes when opened, {} now): the analysis covers the bytes read, which may not be any complete version of the file",
            self.opened, self.now
        )
    }
}

/// Analyses one input.
pub fn inspect(input: &Input, options: &Options) -> Result<Report, SourceError> {
    inspect_with(input, options, &mut |_| true)
}

/// [`inspect`] with progress reporting and cancellation (see [`encoding::analyze_with`]).
pub fn inspect_with(
    input: &Input,
    options: &Options,
    progress: &mut dyn FnMut(encoding::Progress) -> bool,
) -> Result<Report, SourceError> {
    let a: EncodingAnalysis = encoding::analyze_with(input, options, progress)?;
    Ok(Report {
        path: input.name().to_string(),
        path_bytes: input.path_bytes(),
        size_bytes: input.len(),
        format: format::identify(input, options.content_type.as_deref()),
        document: a.kind,
        likely: a.likely.unwrap_or_else(|| encoding::likely::Likely {
            name: a.decision.encoding,
            confidence: 0.5,
            because: "not weighed (a decision alone was asked for)".into(),
            same_text: Vec::new(),
            alternatives: Vec::new(),
            ruled_out: Vec::new(),
            language: None,
            seven_bit: None,
            not_text: None,
            readings: Vec::new(),
        }),
        encoding: a.decision,
        segments: a.segments,
        segments_cover: a.segments_cover,
        evidence: a.evidence,
        conflicts: a.conflicts,
        candidates: a.candidates,
        validity: a.validity,
        sample: a.sample,
        sample_is_whole: a.sample_is_whole,
        scope: a.scope,
        mojibake: a.mojibake,
        mojibake_searched: a.mojibake_searched,
        // Asked after the analysis, so a change during it is seen.
        size_change: input
            .size_change()
            .map(|(opened, now)| SizeChange { opened, now }),
        tool: TOOL,
        decoded_sample: a.decoded_sample,
    })
}
