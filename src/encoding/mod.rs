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

use crate::decode::{self, bom, charset, declared, validity};
use crate::decode::{Charset, DecodeStats, Decoded, ErrorMode, LabelResolution};
pub use decide::{Conflict, DecidedBy, Decision};

use crate::error::SourceError;
use crate::format::{self, KindEvidence, TextKind};
use crate::source::Input;
use crate::span::ByteSpan;
use crate::unicode::InfoCache;
use quality::QualityFeatures;
use serde::Serialize;
use validity::{Utf8Validity, WidePattern};

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
    Utf8Validity,
    Utf16Pattern,
    Statistical,
    /// What the words of each reading say (the likely verdict's evidence).
    Language,
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
            EvidenceKind::Utf8Validity => "utf8-validity",
            EvidenceKind::Utf16Pattern => "utf16-pattern",
            EvidenceKind::Statistical => "statistical",
            EvidenceKind::Language => "language",
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
    /// The most likely true encoding (not computed for a decision alone).
    pub likely: Option<likely::Likely>,
    /// Byte ranges in different encodings, when no single verdict fits the input (empty
    /// otherwise), and the bytes the segmentation looked at.
    pub segments: Vec<segments::Segment>,
    pub segments_cover: Option<ByteSpan>,
    /// The decided decoding of the sample, kept for views (not serialized).
    #[serde(skip)]
    pub decoded_sample: Option<Decoded>,
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
    // Pass 1: validity over the whole input (constant memory), or over the head only.
    let validity = match (opts.scope, input.as_slice()) {
        (Scope::Whole, Some(all)) => validity::validate(all),
        (Scope::Sample, _) if (head.len() as u64) < len => {
            let mut s = validity::Utf8Scanner::new();
            s.feed(&head);
            s.finish_cut()
        }
        (Scope::Sample, _) => validity::validate(&head),
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
    let bom = bom::sniff(&head);
    let bom_len = bom.map_or(0, |b| b.len) as u64;

    // The sample: the head, or a window at the first non-ASCII byte when the head is ASCII.
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
    let sample_is_whole = sample.start == bom_len && sample.end == len;

    let (transport_label, transport_mime) = match &opts.content_type {
        Some(ct) => {
            let (cs, mime) = declared::transport_charset(ct);
            (cs, Some(mime))
        }
        None => (None, None),
    };
    let kind = format::sniff_kind(&head, input.path(), transport_mime.as_deref());

    let mut evidence = Vec::new();
    if let Some(b) = bom {
        evidence.push(Evidence {
            kind: EvidenceKind::Bom,
            encoding: Some(b.charset),
            label: None,
            byte_span: Some(ByteSpan::at(0, b.len as u64)),
            detail: format!(
                "byte order mark {} announces {}{}",
                validity::hex(&head[..b.len]),
                b.charset,
                if b.charset == Charset::Utf32Le && kind.kind == TextKind::Html {
                    " (a browser, which knows no UTF-32, would read it as UTF-16LE)"
                } else {
                    ""
                }
            ),
            remap: None,
            names: None,
            written_in: None,
        });
    }
    if let Some(label) = transport_label {
        evidence.push(declared_evidence(
            EvidenceKind::Transport,
            &label,
            None,
            "transport Content-Type header",
        ));
    }
    match kind.kind {
        TextKind::Html => {
            let p = declared::prescan_html(&head[bom_len as usize..]);
            for d in p.skipped.iter().chain(&p.found) {
                let span = ByteSpan::new(d.span.start + bom_len, d.span.end + bom_len);
                let mut e =
                    declared_evidence(EvidenceKind::HtmlMeta, &d.label, Some(span), &d.construct);
                if e.encoding.is_none() {
                    e.detail
                        .push_str("; the prescan goes on to the next <meta> (HTML §13.2.3.2)");
                }
                evidence.push(e);
            }
        }
        TextKind::Xml => {
            if let Some((d, wide)) = declared::xml_declaration(&head, bom_len as usize) {
                let mut e = declared_evidence(
                    EvidenceKind::XmlDeclaration,
                    &d.label,
                    Some(d.span),
                    &d.construct,
                );
                if let Some(w) = wide {
                    e.detail.push_str(&format!(
                        "; the declaration itself is written in {} without a byte order mark (XML 1.0 Appendix F)",
                        w.name().to_ascii_uppercase()
                    ));
                    e.written_in = Some(w);
                }
                evidence.push(e);
            }
        }
        TextKind::Email => {
            if let Some((d, mime)) = declared::mime_charset(&head) {
                let mut e = declared_evidence(
                    EvidenceKind::MimeHeader,
                    &d.label,
                    Some(d.span),
                    &d.construct,
                );
                if mime.starts_with("multipart/") {
                    e.detail.push_str(&format!(
                        " (top level of a {mime} message: each part may declare its own charset)"
                    ));
                }
                evidence.push(e);
            }
        }
        TextKind::Text => {}
    }
    evidence.push(validity_evidence(&validity, len));
    let wide_pattern = if bom.is_none() {
        validity::wide_pattern(&head)
    } else {
        None
    };
    if let Some(p) = &wide_pattern {
        let cs = Charset::for_label(p.encoding).map(|r| r.charset).ok();
        let cols: Vec<String> = p
            .nul_share_by_column
            .iter()
            .map(|s| format!("{:.0} %", s * 100.0))
            .collect();
        evidence.push(Evidence {
            kind: EvidenceKind::Utf16Pattern,
            encoding: cs,
            label: None,
            byte_span: Some(ByteSpan::at(0, p.sample_bytes as u64)),
            detail: format!(
                "NUL bytes by column ({}): the pattern of {} text without a byte order mark",
                cols.join(" / "),
                p.encoding
            ),
            remap: None,
            names: None,
            written_in: None,
        });
    }
    // The stream end is never signalled to chardetng: a file cut mid-character (common: the
    // NLTK UDHR files were cut at 10,000 bytes) would otherwise rule out the right encoding.
    // When a BOM or UTF-8 validity settles the question, chardetng (about 20 MB/s) only
    // corroborates, and a shorter sample does.
    let settled = bom.is_some()
        || (decide::utf8_plausible(&validity) && !validity.is_pure_ascii())
        || (validity.is_pure_ascii() && !head.contains(&0x1B));
    let stat_bytes = if settled {
        &sample_bytes[..sample_bytes.len().min(statistical::CORROBORATION_BYTES)]
    } else {
        &sample_bytes[..]
    };
    let guess = statistical::guess(stat_bytes, sample.start, false, kind.kind != TextKind::Html);
    evidence.push(Evidence {
        kind: EvidenceKind::Statistical,
        encoding: guess.informative.then_some(Charset::Whatwg(guess.encoding)),
        label: None,
        byte_span: Some(guess.sample),
        detail: if guess.informative {
            if guess.iso_2022_jp_escapes > 0 && !guess.non_ascii {
                format!(
                    "chardetng over {} bytes: {}; the 7-bit bytes carry {} ISO-2022-JP escape sequences",
                    guess.sample.len(),
                    guess.encoding.name(),
                    guess.iso_2022_jp_escapes
                )
            } else if let Some(note) = &guess.prior_note {
                format!("chardetng over {} bytes: {}; {note}", guess.sample.len(), guess.legacy.name())
            } else if guess.encoding == encoding_rs::UTF_8 {
                format!(
                    "chardetng over {} bytes: UTF-8 (among legacy encodings it would pick {})",
                    guess.sample.len(),
                    guess.legacy.name()
                )
            } else {
                format!(
                    "chardetng over {} bytes: {}",
                    guess.sample.len(),
                    guess.encoding.name()
                )
            }
        } else {
            format!(
                "chardetng over {} bytes saw only ASCII: no statistical evidence",
                guess.sample.len()
            )
        },
        remap: None,
        names: None,
        written_in: None,
    });

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
            likely: None,
            segments: Vec::new(),
            segments_cover: None,
            decoded_sample: None,
        });
    }

    // The likely true encoding: declarations (lenient labels included) and chardetng vote,
    // the words of each reading decide.
    let declared: Vec<(Charset, String)> = evidence
        .iter()
        .filter(|e| e.kind.is_declaration())
        .filter_map(|e| e.encoding.or(e.names).map(|c| (c, decide::location(e))))
        .collect();
    let likely = likely::likely(&likely::Inputs {
        sample: &sample_bytes,
        sample_start: sample.start,
        at_end: sample.end == len,
        budget: likely::CONDENSED_BYTES,
        validity: &validity,
        bom: bom.map(|b| b.charset),
        declared,
        chardet: guess.non_ascii.then_some(guess.legacy),
        decision: decision.encoding,
        decision_declared: matches!(
            decision.decided_by,
            decide::DecidedBy::Declaration | decide::DecidedBy::Transport | decide::DecidedBy::User
        ),
    });
    // Mixed encodings: over the whole input when it is in memory, else over the sample.
    let (seg_bytes, seg_base): (&[u8], u64) = match (opts.scope, input.as_slice()) {
        (Scope::Whole, Some(all)) => (&all[bom_len as usize..], bom_len),
        _ => (&sample_bytes, sample.start),
    };
    let segments = segments::segment(
        seg_bytes,
        seg_base,
        seg_base + seg_bytes.len() as u64 == len,
        &likely,
        &validity,
    );
    let segments_cover =
        (!segments.is_empty()).then(|| ByteSpan::new(seg_base, seg_base + seg_bytes.len() as u64));
    if let Some(l) = &likely.language {
        let spans: Vec<ByteSpan> = l.examples.iter().map(|w| w.byte_span).collect();
        evidence.push(Evidence {
            kind: EvidenceKind::Language,
            encoding: Some(likely.name),
            label: None,
            byte_span: spans.first().copied(),
            detail: likely.because.clone(),
            remap: None,
            names: None,
            written_in: None,
        });
    }

    // Candidates.
    let mut list: Vec<(Charset, Vec<CandidateReason>)> = Vec::new();
    let mut add = |cs: Charset, why: CandidateReason| {
        if cs == Charset::Whatwg(encoding_rs::REPLACEMENT) && why != CandidateReason::Decided {
            return;
        }
        match list.iter_mut().find(|(c, _)| *c == cs) {
            Some((_, w)) => {
                if !w.contains(&why) {
                    w.push(why)
                }
            }
            None => list.push((cs, vec![why])),
        }
    };
    add(decision.encoding, CandidateReason::Decided);
    add(likely.name, CandidateReason::Likely);
    for u in &opts.user_encodings {
        add(u.charset, CandidateReason::User);
    }
    for e in &evidence {
        if let Some(cs) = e.encoding {
            let why = match e.kind {
                EvidenceKind::Bom => CandidateReason::Bom,
                EvidenceKind::Utf16Pattern => CandidateReason::Pattern,
                EvidenceKind::Statistical => CandidateReason::Statistical,
                EvidenceKind::Utf8Validity => CandidateReason::Utf8,
                EvidenceKind::Language => CandidateReason::Likely,
                _ => CandidateReason::Declared,
            };
            add(cs, why);
        }
    }
    add(Charset::UTF_8, CandidateReason::Utf8);
    add(Charset::WINDOWS_1252, CandidateReason::Windows1252);
    if guess.iso_2022_jp_escapes > 0 {
        add(
            Charset::Whatwg(encoding_rs::ISO_2022_JP),
            CandidateReason::Statistical,
        );
    }
    if guess.informative {
        add(Charset::Whatwg(guess.legacy), CandidateReason::Statistical);
        if !validity.is_pure_ascii() {
            for p in plausible_relatives(Charset::Whatwg(guess.legacy)) {
                add(p, CandidateReason::Plausible);
            }
        }
    }
    if let Some(b) = bom
        && b.charset == Charset::Utf32Le
    {
        add(Charset::UTF_16LE, CandidateReason::Plausible);
    }

    let mut cache = InfoCache::new();
    let mut stretches = quality::Stretches::default();
    let excerpt_at = excerpt_anchor(&validity, &sample, &sample_bytes);
    let mut candidates = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    let mut decided_sample = None;
    for (cs, reasons) in list {
        // Under the encoding its BOM announces, decoding starts after the BOM; every other
        // candidate sees the BOM bytes as text.
        let bom_matches = bom.is_some_and(|b| b.charset == cs);
        let (base, bytes): (u64, &[u8]) = match bom {
            Some(_) if !bom_matches && sample.start == bom_len => {
                (0, &head[..(sample.end as usize).min(head.len())])
            }
            _ => (sample.start, &sample_bytes[..]),
        };
        let skip = if bom_matches { bom_len } else { 0 };
        let covers_all = (sample.end == len && base == skip) || opts.scope == Scope::Sample;
        let d = decode::decode(bytes, base, cs, ErrorMode::Replace, sample.end == len);
        // Markup would make every word that touches a tag look mixed-script; the features are
        // about the text. (A real HTML/XML extractor arrives with the formats stage.)
        let prose = match kind.kind {
            TextKind::Html | TextKind::Xml => strip_markup(&d.text),
            _ => std::borrow::Cow::Borrowed(d.text.as_str()),
        };
        // Encodings that read the sample identically (pure ASCII under UTF-8 and
        // windows-1252, say) share their features.
        let same_as = candidates
            .iter()
            .zip(&texts)
            .find(|(_, t): &(&Candidate, &String)| **t == d.text)
            .map(|(c, _)| (c.features.clone(), c.mojibake_fingerprints));
        let (features, fingerprints) = match same_as {
            Some(shared) => shared,
            None => {
                // The features pass counts the mojibake fingerprints too.
                let f = quality::features_with(&prose, &mut cache, Some(&mut stretches));
                let n = f.mojibake_fingerprints;
                (f, n)
            }
        };
        let stats = if covers_all {
            DecodeStats {
                replacement_chars: d.error_count,
                deleted_bytes: d.errors.iter().map(|e| e.byte_span.len()).sum(),
                first_error_offset: d.errors.first().map(|e| e.byte_span.start),
                error_spans: d
                    .errors
                    .iter()
                    .take(validity::MAX_ERROR_POSITIONS)
                    .map(|e| e.byte_span)
                    .collect(),
            }
        } else {
            whole_input_stats(input, cs, skip, &validity, progress)?
        };
        let (excerpt, excerpt_span) = excerpt(&d, excerpt_at);
        let sample_chars = match &prose {
            std::borrow::Cow::Borrowed(_) => features.chars as usize,
            std::borrow::Cow::Owned(_) => d.text.chars().count(),
        };
        // A character cut off by the end of a truncated file is reported, but it says nothing
        // about whether the encoding is right.
        let scored_errors = if cs == Charset::UTF_8 && validity.is_valid_but_truncated() {
            0
        } else {
            stats.replacement_chars
        };
        let score = score(&features, scored_errors, fingerprints, &prose);
        texts.push(d.text.clone());
        if cs == decision.encoding {
            decided_sample = Some(d);
        }
        candidates.push(Candidate {
            encoding: cs,
            reasons,
            score,
            replacement_chars: stats.replacement_chars,
            deleted_bytes: stats.deleted_bytes,
            first_error_offset: stats.first_error_offset,
            error_spans: stats.error_spans.into_iter().take(8).collect(),
            features,
            mojibake_fingerprints: fingerprints,
            excerpt,
            excerpt_span,
            sample_chars,
        });
    }
    rank(&mut candidates, &decision, &guess);

    let mojibake = decided_sample.as_ref().and_then(|d| {
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
        // would say "clean" (one pass instead of its four; most files stop here).
        let prefix = &d.text[..cut];
        // The decided candidate counted them already when its features covered this text.
        let counted = candidates
            .iter()
            .find(|c| c.encoding == decision.encoding && cut == d.text.len())
            .filter(|_| !matches!(kind.kind, TextKind::Html | TextKind::Xml))
            .map(|c| c.mojibake_fingerprints);
        let fingerprints = counted.unwrap_or_else(|| mojibake::fingerprints(prefix));
        if !prefix.contains('\u{FFFD}') && fingerprints == 0 {
            return None;
        }
        let a = mojibake::analyze(&d.text[..cut]);
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
    });

    let conflicts = decide::conflicts(&decide::ConflictInputs {
        kind: kind.kind,
        evidence: &evidence,
        validity: &validity,
        guess: &guess,
        decision: &decision,
        candidates: &candidates,
        mojibake: mojibake.as_ref().map(|m| &m.analysis),
    });

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
        likely: Some(likely),
        segments,
        segments_cover,
        decoded_sample: decided_sample,
    })
}

/// Evidence from a declared label, resolved by WHATWG rules.
fn declared_evidence(
    kind: EvidenceKind,
    label: &str,
    span: Option<ByteSpan>,
    construct: &str,
) -> Evidence {
    match Charset::for_label(label) {
        Ok(r) => Evidence {
            kind,
            encoding: Some(r.charset),
            label: Some(label.to_string()),
            byte_span: span,
            detail: match &r.remap {
                Some(_) => format!(
                    "{construct} declares \"{label}\", read as {} by WHATWG label rules",
                    r.charset
                ),
                None => format!("{construct} declares \"{label}\" ({})", r.charset),
            },
            remap: r.remap,
            names: None,
            written_in: None,
        },
        Err(_) => {
            let (names, what) = match charset::for_lenient_label(label) {
                Some(charset::Lenient::Names(c)) => (
                    Some(c),
                    format!(
                        "; it names {c} (a spelling outside the standard, which the likely verdict weighs)"
                    ),
                ),
                Some(charset::Lenient::Undecodable(n)) => {
                    (None, format!("; it names {n}, which has no WHATWG decoder"))
                }
                None => (None, String::new()),
            };
            Evidence {
                kind,
                encoding: None,
                label: Some(label.to_string()),
                byte_span: span,
                detail: format!(
                    "{construct} declares \"{label}\", which is not an encoding label the WHATWG Encoding Standard knows: ignored{what}"
                ),
                remap: None,
                names,
                written_in: None,
            }
        }
    }
}

fn validity_evidence(v: &Utf8Validity, len: u64) -> Evidence {
    let whole = ByteSpan::new(0, len);
    let (encoding, span, detail) = if v.valid && v.is_pure_ascii() {
        (
            Some(Charset::UTF_8),
            whole,
            "pure ASCII (no byte ≥ 0x80): valid UTF-8, but every ASCII-compatible encoding decodes it identically, so it proves nothing".to_string(),
        )
    } else if v.valid {
        (
            Some(Charset::UTF_8),
            whole,
            format!(
                "valid UTF-8 with {} multi-byte sequence{} ({} of 2 bytes, {} of 3, {} of 4)",
                v.multibyte_sequences,
                plural(v.multibyte_sequences),
                v.multibyte_by_length[0],
                v.multibyte_by_length[1],
                v.multibyte_by_length[2]
            ),
        )
    } else {
        let first = v
            .first_invalid
            .as_ref()
            .expect("invalid input has a first error");
        if v.is_valid_but_truncated() {
            (
                Some(Charset::UTF_8),
                first.byte_span,
                format!(
                    "valid UTF-8 ({} multi-byte sequences) except the last {} byte{}, a character cut off by the end of the input (truncated file): {}",
                    v.multibyte_sequences,
                    first.byte_span.len(),
                    plural(first.byte_span.len()),
                    first.reason
                ),
            )
        } else {
            (
                None,
                first.byte_span,
                format!(
                    "not valid UTF-8: {} invalid sequence{} ({} byte{}), the first at offset {}: {}; {} valid multi-byte sequence{}",
                    v.invalid_sequences,
                    plural(v.invalid_sequences),
                    v.invalid_bytes,
                    plural(v.invalid_bytes),
                    first.byte_span.start,
                    first.reason,
                    v.multibyte_sequences,
                    plural(v.multibyte_sequences)
                ),
            )
        }
    };
    Evidence {
        kind: EvidenceKind::Utf8Validity,
        encoding,
        label: None,
        byte_span: Some(span),
        detail,
        remap: None,
        names: None,
        written_in: None,
    }
}

pub(crate) fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Close relatives of a legacy encoding that a statistical guess easily confuses with it.
fn plausible_relatives(cs: Charset) -> Vec<Charset> {
    use encoding_rs::*;
    let list: &[&'static Encoding] = match cs.whatwg() {
        Some(e) if e == WINDOWS_1252 => &[ISO_8859_15],
        Some(e) if e == WINDOWS_1250 => &[ISO_8859_2],
        Some(e) if e == ISO_8859_2 => &[WINDOWS_1250],
        Some(e) if e == WINDOWS_1251 => &[KOI8_R, ISO_8859_5, IBM866],
        Some(e) if e == KOI8_R || e == KOI8_U || e == IBM866 || e == ISO_8859_5 => &[WINDOWS_1251],
        Some(e) if e == WINDOWS_1253 => &[ISO_8859_7],
        Some(e) if e == ISO_8859_7 => &[WINDOWS_1253],
        Some(e) if e == WINDOWS_1255 => &[ISO_8859_8],
        Some(e) if e == ISO_8859_8 => &[WINDOWS_1255],
        Some(e) if e == WINDOWS_1256 => &[ISO_8859_6],
        Some(e) if e == WINDOWS_1257 => &[ISO_8859_13, ISO_8859_4],
        Some(e) if e == ISO_8859_4 || e == ISO_8859_13 => &[WINDOWS_1257],
        Some(e) if e == SHIFT_JIS => &[EUC_JP, ISO_2022_JP],
        Some(e) if e == EUC_JP => &[SHIFT_JIS],
        Some(e) if e == ISO_2022_JP => &[SHIFT_JIS],
        Some(e) if e == GBK => &[BIG5, GB18030],
        Some(e) if e == BIG5 => &[GBK],
        _ => &[],
    };
    list.iter().map(|&e| Charset::Whatwg(e)).collect()
}

/// Error counts over the whole input for `cs`, streaming (constant memory). UTF-8 reuses the
/// validity pass; single-byte encodings that map all 256 bytes cannot fail.
fn whole_input_stats(
    input: &Input,
    cs: Charset,
    skip: u64,
    v: &Utf8Validity,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Result<DecodeStats, SourceError> {
    if cs == Charset::UTF_8 && skip == 0 {
        return Ok(DecodeStats {
            replacement_chars: v.invalid_sequences,
            deleted_bytes: v.invalid_bytes,
            first_error_offset: v.first_invalid.as_ref().map(|f| f.byte_span.start),
            error_spans: v.positions.clone(),
        });
    }
    // True Latin-1 and the DOS code pages map every byte.
    if matches!(cs, Charset::Latin1 | Charset::Oem(_)) {
        return Ok(DecodeStats::default());
    }
    if let Some(t) = cs.whatwg().and_then(decode::table_for) {
        if (0x80..=0xFFu8).all(|b| t.get(b).is_some()) {
            return Ok(DecodeStats::default());
        }
        if v.is_pure_ascii() {
            return Ok(DecodeStats::default());
        }
    }
    let len = input.len();
    decode::stream::count_errors(input, cs, skip, len, |done| {
        progress(Progress {
            pass: cs.name(),
            done,
            total: len,
        })
    })?
    .ok_or(SourceError::Cancelled)
}

/// Where excerpts are cut: at the start of the word (or line) that holds the first non-ASCII or
/// invalid byte of the sample, looking back at most 32 bytes.
fn excerpt_anchor(v: &Utf8Validity, sample: &ByteSpan, sample_bytes: &[u8]) -> u64 {
    match v.first_non_ascii {
        Some(f) if sample.contains(f) => {
            let rel = (f - sample.start) as usize;
            let from = rel.saturating_sub(32);
            let back = sample_bytes[from..rel]
                .iter()
                .rposition(|&b| matches!(b, b' ' | b'\n' | b'\t' | b'>' | b'\r'))
                .map_or(from, |p| from + p + 1);
            sample.start + back as u64
        }
        _ => sample.start,
    }
}

/// Characters of an excerpt.
const EXCERPT_CHARS: usize = 72;

/// The decoded text starting at the character that contains byte `at` (or the next one).
fn excerpt(d: &Decoded, at: u64) -> (String, ByteSpan) {
    let mut start = None;
    for b in at..at + 8 {
        if let Some(t) = d.map.text_offset_of(&d.text, b) {
            start = Some(t);
            break;
        }
    }
    let start = start.unwrap_or(0);
    let end = d.text[start..]
        .char_indices()
        .nth(EXCERPT_CHARS)
        .map_or(d.text.len(), |(i, _)| start + i);
    let span = d.map.span_of_range(&d.text, start, end).unwrap_or_default();
    (d.text[start..end].to_string(), span)
}

/// Score weights (calibrated by hand on the seed's failure table, the fixtures and the UDHR
/// files: the right decoding must rank first wherever chardetng or a BOM knows it).
const W_DECODE_ERRORS: f64 = 20.0; // malformed sequences per character, capped at 0.6
const W_ANOMALY: f64 = 0.8; // replacementRatio (U+FFFD, controls, C1, private use)
const W_NUL: f64 = 4.0; // NUL share, capped at 0.8: UTF-16/32 read as a single-byte encoding
const W_IMPURE_WORDS: f64 = 0.3; // 1 − perWordScriptPurity
const W_ALTERNATION: f64 = 0.2; // scriptAlternationRatio, capped at 1
const W_MOJIBAKE: f64 = 10.0; // fingerprints per word, capped at 0.5
const W_LETTER_PAIRS: f64 = 0.1; // 1 − letterPairDensity

/// The quality score of a decoding (1 = clean text, 0 = junk).
fn score(f: &QualityFeatures, errors: u64, fingerprints: usize, text: &str) -> f64 {
    // The features counted characters, words and NULs of `text` already.
    debug_assert_eq!(f.chars, text.chars().count() as u64);
    let chars = f.chars.max(1) as f64;
    let words = f.ascii_words.max(1) as f64;
    if text.is_empty() {
        return 1.0;
    }
    let nul = f.nuls as f64;
    // Without letters, letter-based features say nothing either way.
    let (purity, pairs) = if f.alphabetic_ratio == 0.0 {
        (1.0, 1.0)
    } else {
        (f.per_word_script_purity, f.letter_pair_density)
    };
    let mut score = 1.0;
    score -= (W_DECODE_ERRORS * errors.min(chars as u64) as f64 / chars).min(0.6);
    score -= W_ANOMALY * f.replacement_ratio;
    score -= (W_NUL * nul / chars).min(0.8);
    score -= W_IMPURE_WORDS * (1.0 - purity);
    score -= W_ALTERNATION * f.script_alternation_ratio.min(1.0);
    score -= (W_MOJIBAKE * fingerprints as f64 / words).min(0.5);
    score -= W_LETTER_PAIRS * (1.0 - pairs);
    (score.clamp(0.0, 1.0) * 1000.0).round() / 1000.0
}

/// The text between tags: `<…>` spans become a space. Good enough to keep markup out of the
/// text-quality features; not an extractor.
fn strip_markup(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('<') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Orders candidates best first. Scores within [`TIE`] count as equal and keep the order of
/// evidence: the decided encoding, then the statistical guess, then the rest as listed.
const TIE: f64 = 0.005;

fn rank(c: &mut [Candidate], decision: &Decision, guess: &statistical::Guess) {
    let prior = |x: &Candidate| -> u8 {
        if x.encoding == decision.encoding {
            0
        } else if x.encoding == Charset::Whatwg(guess.encoding)
            || x.encoding == Charset::Whatwg(guess.legacy)
        {
            1
        } else {
            2
        }
    };
    c.sort_by(|a, b| {
        if (a.score - b.score).abs() <= TIE {
            prior(a).cmp(&prior(b))
        } else {
            b.score.total_cmp(&a.score)
        }
    });
}

#[cfg(test)]
mod tests;
