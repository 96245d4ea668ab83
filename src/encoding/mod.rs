//! Bytes → characters: the evidence for an encoding, the decision and why, the decodings under
//! each candidate, and the silent failures (mojibake, U+FFFD, deletion).
//!
//! Data flows one way: [`analyze`] gathers [`Evidence`] (BOM, declarations, validity,
//! statistics), [`decide`] applies the precedence of the document kind, candidates are decoded
//! with their offset maps and scored with Tika's text-quality features, and the decided text
//! is checked for mojibake chains. Nothing here prints or formats for a terminal.

pub mod decide;
pub mod likely;
pub mod mojibake;
pub mod quality;
pub mod segments;
pub mod statistical;
mod stretches;

use crate::decode::{Charset, Decoded, LabelResolution};
use crate::decode::{bom, validity};
pub use decide::{Conflict, DecidedBy, Decision};

use crate::error::SourceError;
use crate::format::{KindEvidence, TextKind};
use crate::source::Input;
use crate::span::ByteSpan;
use quality::QualityFeatures;
use serde::Serialize;
use validity::{Utf8Validity, WidePattern};
mod candidates;
mod evidence;

/// Bytes of the input that are decoded under every candidate, scored, and searched for
/// mojibake. Whole-input counts (validity, decode errors) cover everything regardless.
pub const SAMPLE_BYTES: usize = 64 * 1024;

/// Bytes of decoded text searched for mojibake chains (the cheap fingerprint count of each
/// candidate covers the whole sample).
pub const MOJIBAKE_BYTES: usize = 16 * 1024;

/// What the caller knows beyond the bytes.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `--encoding` values: the first overrides the decision; all become candidates.
    pub user_encodings: Vec<LabelResolution>,
    /// A transport `Content-Type` header value (e.g. from HTTP).
    pub content_type: Option<String>,
    /// How much of the input the counts cover.
    pub scope: Scope,
    /// Stop at the decision: no candidate decodings, features or mojibake analysis (an
    /// extractor or a corpus audit needs only to know how to decode).
    pub decision_only: bool,
}

/// How much of the input whole-input counts (validity, decode errors) cover.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// Every byte (streamed in constant memory).
    #[default]
    Whole,
    /// Only the sample: an instant first answer for a large file, refined later by `Whole`.
    Sample,
}

/// Progress of a long analysis: which pass, and how far it got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// "UTF-8 validity", or the encoding whose errors are being counted.
    pub pass: &'static str,
    pub done: u64,
    pub total: u64,
}

/// The kinds of evidence, as named in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EvidenceKind {
    Bom,
    Transport,
    HtmlMeta,
    XmlDeclaration,
    MimeHeader,
    /// A coding declaration in plain text or source code — Python's "encoding cookie"
    /// (PEP 263), Emacs' and Vim's: evidence for the likely verdict; no text consumer
    /// decides by it.
    CodingCookie,
    Utf8Validity,
    Utf16Pattern,
    Statistical,
    /// What the words of each reading say (the likely verdict's evidence).
    Language,
    /// HZ, ISO-2022-KR or ISO-2022-CN shifts in 7-bit bytes: Chinese or Korean text that no
    /// WHATWG decoder reads (see [`crate::decode::seven_bit`]).
    #[serde(rename = "7-bit-escapes")]
    SevenBit,
}

impl EvidenceKind {
    /// A declaration of the encoding by the transport or the document itself (as opposed to
    /// what the bytes show).
    pub fn is_declaration(&self) -> bool {
        matches!(
            self,
            EvidenceKind::Transport
                | EvidenceKind::HtmlMeta
                | EvidenceKind::XmlDeclaration
                | EvidenceKind::MimeHeader
                | EvidenceKind::CodingCookie
        )
    }

    /// The JSON name (`html-meta`, `utf8-validity`, …).
    pub fn name(&self) -> &'static str {
        match self {
            EvidenceKind::Bom => "bom",
            EvidenceKind::Transport => "transport",
            EvidenceKind::HtmlMeta => "html-meta",
            EvidenceKind::XmlDeclaration => "xml-declaration",
            EvidenceKind::MimeHeader => "mime-header",
            EvidenceKind::CodingCookie => "coding-cookie",
            EvidenceKind::Utf8Validity => "utf8-validity",
            EvidenceKind::Utf16Pattern => "utf16-pattern",
            EvidenceKind::Statistical => "statistical",
            EvidenceKind::Language => "language",
            EvidenceKind::SevenBit => "7-bit-escapes",
        }
    }
}

/// One piece of evidence about the encoding.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Evidence {
    pub kind: EvidenceKind,
    /// The encoding it points to (none when it points nowhere, e.g. invalid UTF-8, an unknown
    /// label, or a statistical guess on pure ASCII).
    pub encoding: Option<Charset>,
    /// The label as written, for declarations.
    pub label: Option<String>,
    /// The bytes that carry the evidence (none for a transport header, which is not in the file).
    pub byte_span: Option<ByteSpan>,
    /// What was found, in a sentence.
    pub detail: String,
    /// Set when the WHATWG rules read the label as another encoding.
    pub remap: Option<String>,
    /// What a label outside the WHATWG standard names (`MacCyrillic` → x-mac-cyrillic): a
    /// conforming consumer ignores it, the likely verdict weighs it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub names: Option<Charset>,
    /// On an XML declaration written in UTF-16 without a BOM: the byte order its bytes show
    /// (XML 1.0 Appendix F), which decides over the label's `UTF-16`. The detail says it.
    #[serde(skip)]
    pub written_in: Option<Charset>,
    /// On a `<meta>`: found not by the prescan but by the HTML parser, later in the page, where
    /// it changes an encoding still tentative (WHATWG HTML §13.2.3.4). The detail says it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub late: bool,
}

/// Why an encoding is among the candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CandidateReason {
    Decided,
    /// The likely true encoding.
    Likely,
    User,
    Utf8,
    Windows1252,
    Statistical,
    Declared,
    Bom,
    Pattern,
    Plausible,
}

/// The input decoded under one candidate encoding.
#[derive(Clone, Debug, Serialize)]
pub struct Candidate {
    pub encoding: Charset,
    /// Why it is a candidate.
    pub reasons: Vec<CandidateReason>,
    /// Quality score in [0, 1] from the text-quality features; higher is better.
    pub score: f64,
    /// Whole input: U+FFFD a replace decode inserts.
    pub replacement_chars: u64,
    /// Whole input: bytes an ignore decode deletes.
    pub deleted_bytes: u64,
    /// Whole input: where a strict decode stops.
    pub first_error_offset: Option<u64>,
    /// The first malformed sequences.
    pub error_spans: Vec<ByteSpan>,
    /// Tika text-quality features of the sample.
    pub features: QualityFeatures,
    /// Sequences in the sample that look like UTF-8 misread as a single-byte encoding.
    pub mojibake_fingerprints: usize,
    /// A stretch of the decoded sample around `excerpt_span`, the same bytes for every candidate.
    pub excerpt: String,
    /// The bytes behind `excerpt`.
    pub excerpt_span: ByteSpan,
    /// Number of characters in the decoded sample.
    #[serde(skip)]
    pub sample_chars: usize,
}

/// The mojibake analysis of the decided text, with byte spans.
#[derive(Clone, Debug, Serialize)]
pub struct MojibakeReport {
    #[serde(flatten)]
    pub analysis: mojibake::Analysis,
    /// The repaired sample (first 400 characters), when a repair was chosen.
    pub repaired_sample: Option<String>,
    /// Byte spans of the example words, in example order.
    pub example_spans: Vec<Option<ByteSpan>>,
}

/// Everything the encoding stage found about one input.
#[derive(Clone, Debug, Serialize)]
pub struct EncodingAnalysis {
    /// The document kind whose rules apply.
    pub kind: KindEvidence,
    pub evidence: Vec<Evidence>,
    pub decision: Decision,
    pub conflicts: Vec<Conflict>,
    /// Best first.
    pub candidates: Vec<Candidate>,
    pub validity: Utf8Validity,
    /// The UTF-16/32 column pattern, if any.
    pub wide_pattern: Option<WidePattern>,
    /// The bytes decoded for features, excerpts and mojibake.
    pub sample: ByteSpan,
    /// Whether `sample` is the whole input.
    pub sample_is_whole: bool,
    /// What whole-input counts cover.
    pub scope: Scope,
    /// Mojibake in the decided decoding (absent when the text is clean).
    pub mojibake: Option<MojibakeReport>,
    /// The bytes whose decoded text the mojibake search read: the decided text's first
    /// [`MOJIBAKE_BYTES`] (none when nothing was decoded). Mojibake past them is not in
    /// `mojibake`; `anomalies` reads every line.
    pub mojibake_searched: Option<ByteSpan>,
    /// The most likely true encoding (not computed for a decision alone).
    pub likely: Option<likely::Likely>,
    /// Byte ranges in different encodings, when no single verdict fits the input (empty
    /// otherwise), and the bytes the segmentation looked at.
    pub segments: Vec<segments::Segment>,
    pub segments_cover: Option<ByteSpan>,
    /// The decided decoding of the sample, kept for views (not serialized).
    #[serde(skip)]
    pub decoded_sample: Option<Decoded>,
    /// Chinese or Korean in 7-bit shifts (HZ, ISO-2022-KR/CN), also in `likely` when it is
    /// weighed: here for a decision alone (not serialized).
    #[serde(skip)]
    pub seven_bit: Option<crate::decode::seven_bit::SevenBit>,
}

/// Analyses the encoding of `input`.
pub fn analyze(input: &Input, opts: &Options) -> Result<EncodingAnalysis, SourceError> {
    analyze_with(input, opts, &mut |_| true)
}

/// [`analyze`], reporting progress of the whole-input passes to `progress`, which returns
/// `false` to cancel (the result is then [`SourceError::Cancelled`]).
pub fn analyze_with(
    input: &Input,
    opts: &Options,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Result<EncodingAnalysis, SourceError> {
    let len = input.len();
    let head = input.head(SAMPLE_BYTES)?;
    // 1. UTF-8 validity over the whole input (constant memory), or over the head only.
    let validity = validity_pass(input, opts.scope, &head, progress)?;
    let bom = bom::sniff(&head);
    let bom_len = bom.map_or(0, |b| b.len) as u64;
    // 2. The sample the features, excerpts and readings look at.
    let (sample_bytes, sample) = read_sample(input, &head, &validity, bom)?;
    let sample_is_whole = sample.start == bom_len && sample.end == len;
    // 3. The evidence: BOM, transport, declarations, validity, NUL patterns, chardetng.
    let evidence::Gathered {
        kind,
        mut evidence,
        wide_pattern,
        guess,
        seven_bit,
    } = evidence::gather(input, opts, &head, bom, &validity, &sample_bytes, sample);
    // 4. The decision: what a conforming consumer does with the evidence.
    let decision = decide::decide(&decide::Inputs {
        kind: kind.kind,
        evidence: &evidence,
        validity: &validity,
        guess: &guess,
        user: opts.user_encodings.first(),
        bom_len: bom_len as usize,
    });
    if opts.decision_only {
        return Ok(EncodingAnalysis {
            kind,
            evidence,
            decision,
            conflicts: Vec::new(),
            candidates: Vec::new(),
            validity,
            wide_pattern,
            sample,
            sample_is_whole,
            scope: opts.scope,
            mojibake: None,
            mojibake_searched: None,
            likely: None,
            segments: Vec::new(),
            segments_cover: None,
            decoded_sample: None,
            seven_bit,
        });
    }
    // 5. The likely true encoding (the words of each reading decide), and segments; none
    // where the bytes are no text at all (an archive, an image): the verdict abstains.
    // EBCDIC text is weighed among the EBCDIC pages only: every other reading is gibberish.
    let not_text = crate::format::not_text(&head);
    let ebcdic = not_text.is_none() && crate::format::in_ebcdic(&head);
    let (mut likely, segments, segments_cover) = match &not_text {
        Some(n) => (
            likely::not_text(decision.encoding, n.clone()),
            Vec::new(),
            None,
        ),
        None if ebcdic => (
            likely::in_ebcdic(&sample_bytes, sample.start, decision.encoding),
            Vec::new(),
            None,
        ),
        None => weigh_readings(
            input,
            opts,
            &evidence,
            &sample_bytes,
            sample,
            &validity,
            bom,
            &guess,
            &decision,
        ),
    };
    if let Some(s) = seven_bit.as_ref().filter(|_| not_text.is_none()) {
        likely::in_seven_bits(&mut likely, s.clone());
    }
    if let Some(l) = &likely.language {
        evidence.push(Evidence {
            kind: EvidenceKind::Language,
            encoding: Some(likely.name),
            label: None,
            byte_span: telling_span(&likely, l),
            detail: likely.because.clone(),
            remap: None,
            names: None,
            written_in: None,
            late: false,
        });
    }

    // 6. Candidates, each decoded with its offset map and scored.
    let list = candidates::list(opts, &evidence, &decision, &likely, &guess, &validity, bom);
    let (candidates, decided_sample) = candidates::decode_and_score(
        &candidates::Scoring {
            input,
            opts,
            kind: kind.kind,
            head: &head,
            sample_bytes: &sample_bytes,
            sample,
            bom,
            validity: &validity,
            decision: &decision,
            guess: &guess,
            likely: Some(&likely),
        },
        list,
        progress,
    )?;
    // 7. Mojibake in the decided text (bytes that are no text hold none; EBCDIC read in an
    // ASCII-compatible encoding is gibberish, not text misread once).
    let searched = not_text.is_none()
        && (!ebcdic
            || matches!(
                decision.encoding,
                crate::decode::charset::Charset::Ebcdic(_)
            ));
    let mojibake = searched
        .then(|| {
            mojibake_of(
                decided_sample.as_ref(),
                &decision,
                &validity,
                (&sample_bytes, sample),
                len,
                kind.kind,
                &candidates,
            )
        })
        .flatten();
    // 8. Conflicts between the evidence, the decision and what the text shows.
    let conflicts = decide::conflicts(&decide::ConflictInputs {
        kind: kind.kind,
        evidence: &evidence,
        validity: &validity,
        guess: &guess,
        decision: &decision,
        candidates: &candidates,
        mojibake: mojibake.as_ref().map(|m| &m.analysis),
        likely: &likely,
        segments: &segments,
    });
    let mojibake_searched = decided_sample
        .as_ref()
        .filter(|_| searched)
        .and_then(mojibake_span);

    Ok(EncodingAnalysis {
        kind,
        evidence,
        decision,
        conflicts,
        candidates,
        validity,
        wide_pattern,
        sample,
        sample_is_whole,
        scope: opts.scope,
        mojibake,
        mojibake_searched,
        likely: Some(likely),
        segments,
        segments_cover,
        decoded_sample: decided_sample,
        seven_bit,
    })
}

/// Pass 1: UTF-8 validity over the whole input in constant memory (telling `progress`), or
/// over the head only for an instant first answer (RFC 3629).
fn validity_pass(
    input: &Input,
    scope: Scope,
    head: &[u8],
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Result<Utf8Validity, SourceError> {
    let len = input.len();
    let validity = match (scope, input.as_slice()) {
        (Scope::Whole, Some(all)) => validity::validate(all),
        (Scope::Sample, _) if (head.len() as u64) < len => {
            let mut s = validity::Utf8Scanner::new();
            s.feed(head);
            s.finish_cut()
        }
        (Scope::Sample, _) => validity::validate(head),
        (Scope::Whole, None) => {
            let mut s = validity::Utf8Scanner::new();
            let mut cancelled = false;
            input.for_each_chunk(|off, c| {
                s.feed(c);
                cancelled = !progress(Progress {
                    pass: "UTF-8 validity",
                    done: off + c.len() as u64,
                    total: len,
                });
                !cancelled
            })?;
            if cancelled {
                return Err(SourceError::Cancelled);
            }
            s.finish()
        }
    };
    Ok(validity)
}

/// The sample: the head, or a window at the first non-ASCII byte when the head is ASCII.
fn read_sample(
    input: &Input,
    head: &[u8],
    validity: &Utf8Validity,
    bom: Option<crate::decode::bom::Bom>,
) -> Result<(Vec<u8>, ByteSpan), SourceError> {
    let len = input.len();
    let bom_len = bom.map_or(0, |b| b.len) as u64;
    let sample_start = match validity.first_non_ascii {
        Some(f) if f >= SAMPLE_BYTES as u64 && bom.is_none() => f.saturating_sub(1024),
        _ => bom_len,
    };
    let sample_end = (sample_start + SAMPLE_BYTES as u64).min(len);
    let sample_bytes = if sample_start == 0 && sample_end as usize <= head.len() {
        head[..sample_end as usize].to_vec()
    } else if sample_start < head.len() as u64 && sample_end as usize <= head.len() {
        head[sample_start as usize..sample_end as usize].to_vec()
    } else {
        input.read_range(sample_start, sample_end)?
    };
    let sample = ByteSpan::new(sample_start, sample_start + sample_bytes.len() as u64);
    Ok((sample_bytes, sample))
}

/// Where the language evidence points: its first example word that the runner-up reading does
/// not make (where the two best answers part: Hungarian `különböző`, which windows-1252 reads
/// `különbözõ`, rather than `és`, which it reads alike), else its first example (the two may
/// differ in no word: Estonian `„kuriteos“` against `¥kuriteos´`).
fn telling_span(likely: &likely::Likely, l: &likely::LanguageEvidence) -> Option<ByteSpan> {
    let runner = likely
        .readings
        .iter()
        .find(|r| !r.members.contains(&likely.name));
    let told = |w: &&likely::WordSpan| {
        runner.is_some_and(|r| r.vocabulary.binary_search(&w.word).is_err())
    };
    l.examples
        .iter()
        .find(told)
        .or(l.examples.first())
        .map(|w| w.byte_span)
}

/// The likely verdict over the sample, and the segments of an input in several encodings
/// (over the whole input when it is in memory, else over the sample).
#[allow(clippy::too_many_arguments)]
fn weigh_readings(
    input: &Input,
    opts: &Options,
    evidence: &[Evidence],
    sample_bytes: &[u8],
    sample: ByteSpan,
    validity: &Utf8Validity,
    bom: Option<crate::decode::bom::Bom>,
    guess: &statistical::Guess,
    decision: &Decision,
) -> (likely::Likely, Vec<segments::Segment>, Option<ByteSpan>) {
    let len = input.len();
    let bom_len = bom.map_or(0, |b| b.len) as u64;
    // The likely true encoding: declarations (lenient labels included) and chardetng vote,
    // the words of each reading decide.
    let declared: Vec<(Charset, String)> = evidence
        .iter()
        .filter(|e| e.kind.is_declaration())
        .filter_map(|e| e.encoding.or(e.names).map(|c| (c, decide::location(e))))
        .collect();
    let likely = likely::likely(&likely::Inputs {
        sample: sample_bytes,
        sample_start: sample.start,
        at_end: sample.end == len,
        budget: likely::CONDENSED_BYTES,
        validity,
        bom: bom.map(|b| b.charset),
        declared,
        chardet: guess.non_ascii.then_some(guess.legacy),
        decision: decision.encoding,
        decision_declared: matches!(
            decision.decided_by,
            decide::DecidedBy::Declaration | decide::DecidedBy::Transport | decide::DecidedBy::User
        ),
        part: likely::Part::Whole,
    });
    // Mixed encodings: over the whole input when it is in memory, else over the sample.
    let (seg_bytes, seg_base): (&[u8], u64) = match (opts.scope, input.as_slice()) {
        (Scope::Whole, Some(all)) => (&all[bom_len as usize..], bom_len),
        _ => (sample_bytes, sample.start),
    };
    let segments = segments::segment(
        seg_bytes,
        seg_base,
        seg_base + seg_bytes.len() as u64 == len,
        &likely,
        validity,
    );
    let segments_cover =
        (!segments.is_empty()).then(|| ByteSpan::new(seg_base, seg_base + seg_bytes.len() as u64));
    let mut likely = likely;
    temper_by_segments(&mut likely, &segments, seg_bytes, seg_base);
    (likely, segments, segments_cover)
}

/// A single verdict on bytes in several encodings is right for the segments it reads as they
/// are read on their own, and no more: its confidence becomes at most that share of the bytes,
/// and the sentence says so. (A UTF-8 file with a windows-1252 paragraph is neither.)
fn temper_by_segments(
    likely: &mut likely::Likely,
    segments: &[segments::Segment],
    bytes: &[u8],
    base: u64,
) {
    if segments.is_empty() {
        return;
    }
    // encoding_rs where it can (no offset map needed); this tool's decoders otherwise.
    let read = |cs: Charset, part: &[u8]| match cs.whatwg() {
        Some(e) => e.decode_without_bom_handling(part).0.into_owned(),
        None => crate::decode::decode(part, 0, cs, crate::decode::ErrorMode::Replace, true).text,
    };
    let (mut agree, mut total) = (0u64, 0u64);
    for s in segments {
        let from = (s.byte_span.start.saturating_sub(base) as usize).min(bytes.len());
        let to = (s.byte_span.end.saturating_sub(base) as usize).clamp(from, bytes.len());
        let part = &bytes[from..to];
        total += part.len() as u64;
        let same = s.encoding == likely.name || read(s.encoding, part) == read(likely.name, part);
        if same {
            agree += part.len() as u64;
        }
    }
    // Three decimals, as every confidence is reported.
    let share = (agree as f64 / total.max(1) as f64 * 1000.0).floor() / 1000.0;
    if share < likely.confidence {
        likely.confidence = share;
        likely.because = format!(
            "{}; but the bytes are in {} segments of different encodings, and {} reads {:.0} % of them as they read on their own",
            likely.because,
            segments.len(),
            likely.name,
            share * 100.0
        );
    }
}

/// The bytes whose decoding the mojibake search reads ([`mojibake_of`]): the decided text's
/// first [`MOJIBAKE_BYTES`], as input bytes through the offset map.
fn mojibake_span(d: &Decoded) -> Option<ByteSpan> {
    let cut = d.text.floor_char_boundary(MOJIBAKE_BYTES);
    d.map.span_of_range(&d.text, 0, cut)
}

/// The mojibake of the decided text (a bounded prefix): none when it is clean.
fn mojibake_of(
    decided: Option<&Decoded>,
    decision: &Decision,
    validity: &Utf8Validity,
    (sample_bytes, sample): (&[u8], ByteSpan),
    len: u64,
    kind: TextKind,
    candidates: &[Candidate],
) -> Option<MojibakeReport> {
    decided.and_then(|d| {
        // Mojibake analysis searches chains of rounds; a bounded prefix keeps it fast.
        let mut cut = d.text.floor_char_boundary(MOJIBAKE_BYTES);
        // A UTF-8 file cut off inside its last character ends in one U+FFFD: a truncation
        // (reported as such), not bytes lost to mojibake.
        if decision.encoding == Charset::UTF_8
            && validity.is_valid_but_truncated()
            && sample.end == len
            && cut == d.text.len()
        {
            cut = d.text.strip_suffix('\u{FFFD}').map_or(cut, str::len);
        }
        // No fingerprint and no U+FFFD: nothing to repair and nothing lost, so the analysis
        // would say "clean" but for C1 controls (one pass instead of its four; most files stop
        // here). C1 controls alone are left to the anomalies: in UTF-8 text one is as often a
        // terminal's CSI as windows-1252 read as Latin-1.
        let prefix = &d.text[..cut];
        // The decided candidate counted them already when its features covered this text.
        let counted = candidates
            .iter()
            .find(|c| c.encoding == decision.encoding && cut == d.text.len())
            .filter(|_| !matches!(kind, TextKind::Html | TextKind::Xml))
            .map(|c| c.mojibake_fingerprints);
        let fingerprints = counted.unwrap_or_else(|| mojibake::fingerprints(prefix));
        if !prefix.contains('\u{FFFD}') && fingerprints == 0 {
            return None;
        }
        // A single-byte decoder made every C1 control of its text, of bytes its encoding
        // leaves undefined: what they say of the encoding, the likely verdict says.
        let c1_made = decision.encoding.is_single_byte();
        // The U+FFFD a UTF-8 decoder made of invalid sequences are damage validity reports, not
        // bytes mojibake lost upstream (RFC 3629): every U+FFFD whose bytes are not EF BF BD, a
        // literal U+FFFD, which is text.
        let literal = |span: ByteSpan| {
            let at = |o: u64| o.checked_sub(sample.start).map(|o| o as usize);
            at(span.start)
                .zip(at(span.end))
                .and_then(|(a, b)| sample_bytes.get(a..b))
                == Some(&b"\xEF\xBF\xBD"[..])
        };
        let made: Vec<usize> = if decision.encoding == Charset::UTF_8 && !validity.valid {
            prefix
                .match_indices('\u{FFFD}')
                .map(|(t, _)| t)
                .filter(|&t| d.map.span_of(&d.text, t).is_some_and(|span| !literal(span)))
                .collect()
        } else {
            Vec::new()
        };
        let a = mojibake::analyze_beside_damage(prefix, &made, c1_made);
        if matches!(
            a.verdict,
            mojibake::Verdict::Clean | mojibake::Verdict::NotText
        ) {
            return None;
        }
        let example_spans = a
            .examples
            .iter()
            .map(|e| d.map.span_of_range(&d.text, e.text_start, e.text_end))
            .collect();
        let repaired_sample = a
            .repaired
            .as_ref()
            .map(|r| r.chars().take(400).collect::<String>());
        Some(MojibakeReport {
            analysis: a,
            repaired_sample,
            example_spans,
        })
    })
}

/// A C1 control character (U+0080–U+009F): what ISO 8859 and Latin-1 make of the bytes 80–9F,
/// and WHATWG's windows-125x of the bytes they leave undefined; text never holds one.
pub(crate) fn is_c1(c: char) -> bool {
    ('\u{80}'..='\u{9F}').contains(&c)
}

pub(crate) fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests;
