//! The decision: which evidence wins for this kind of document, and every way the rest of the
//! evidence disagrees with it.
//!
//! Precedence follows each format's standard (HTML §13.2.3 "determining the character
//! encoding"; XML 1.0 §4.3.3 and Appendix F with RFC 7303 for transport; RFC 2045 for email);
//! plain text has no standard, so certain evidence comes first: BOM, then the NUL-column
//! pattern of UTF-16/32, then UTF-8 validity, then statistics. The decision is what a
//! conforming consumer would do; conflicts say where that is probably wrong.

use super::likely::Likely;
use super::mojibake;
use super::segments::Segment;
use super::statistical::Guess;
use super::{Candidate, Evidence, EvidenceKind, plural};
use crate::decode::charset::{Charset, LabelResolution};
use crate::decode::validity::Utf8Validity;
use crate::format::TextKind;
use crate::span::ByteSpan;
use serde::Serialize;

/// Which kind of evidence made the decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DecidedBy {
    Bom,
    Transport,
    Declaration,
    Validity,
    Statistical,
    User,
}

impl DecidedBy {
    /// The JSON name.
    pub fn name(&self) -> &'static str {
        match self {
            DecidedBy::Bom => "bom",
            DecidedBy::Transport => "transport",
            DecidedBy::Declaration => "declaration",
            DecidedBy::Validity => "validity",
            DecidedBy::Statistical => "statistical",
            DecidedBy::User => "user",
        }
    }

    /// What decided, in a word for a compact view (`windows-1252 by statistics`).
    pub fn short(&self) -> &'static str {
        match self {
            DecidedBy::Bom => "BOM",
            DecidedBy::Statistical => "statistics",
            other => other.name(),
        }
    }

    /// What decided, as a report's sentence names it (`decided by statistics`).
    pub fn noun(&self) -> &'static str {
        match self {
            DecidedBy::Bom => "its byte order mark",
            DecidedBy::Transport => "the transport header",
            DecidedBy::Declaration => "declaration",
            DecidedBy::Validity => "UTF-8 validity",
            DecidedBy::Statistical => "statistics",
            DecidedBy::User => "the user's choice",
        }
    }
}

/// The encoding decided on, and why.
#[derive(Clone, Debug, Serialize)]
pub struct Decision {
    /// The encoding (JSON: `encoding.name`).
    #[serde(rename = "name")]
    pub encoding: Charset,
    pub decided_by: DecidedBy,
    /// The precedence rule that applied.
    pub rule: String,
    /// The decision in a sentence or two.
    pub explanation: String,
    /// Index of the winning item in the evidence list.
    pub evidence_index: Option<usize>,
    /// Bytes of byte order mark to skip before decoding.
    pub bom_len: usize,
}

/// How serious a conflict is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The decided text is probably wrong.
    Warning,
    /// Worth knowing; the decision is probably right.
    Note,
}

/// Evidence that disagrees with the decision or with other evidence.
#[derive(Clone, Debug, Serialize)]
pub struct Conflict {
    pub severity: Severity,
    /// Indices of the evidence items involved.
    pub evidence: Vec<usize>,
    /// Where to look.
    pub byte_span: Option<ByteSpan>,
    /// The conflict in one sentence.
    pub message: String,
}

/// What [`decide`] looks at.
pub struct Inputs<'a> {
    pub kind: TextKind,
    pub evidence: &'a [Evidence],
    pub validity: &'a Utf8Validity,
    pub guess: &'a Guess,
    pub user: Option<&'a LabelResolution>,
    pub bom_len: usize,
}

/// The precedence rule of a document kind, in words.
pub fn rule_for(kind: TextKind) -> &'static str {
    match kind {
        TextKind::Html => {
            "HTML (WHATWG HTML §13.2.3): BOM > transport header > <meta> (prescan of the first 1024 bytes) > <meta> the parser meets later (§13.2.3.4) > UTF-8 validity > statistical"
        }
        TextKind::Xml => {
            "XML (XML 1.0 §4.3.3 and Appendix F, RFC 7303): BOM > transport header > encoding declaration (or the UTF-16/32 form it is written in) > UTF-16/32 form of the first bytes > UTF-8"
        }
        TextKind::Email => {
            "email (RFC 2045): BOM > Content-Type charset > transport header > UTF-8 validity > statistical"
        }
        TextKind::Text => {
            "plain text (RFC 2046 §4.1.2): BOM > transport header > UTF-16/32 pattern > UTF-8 validity > statistical"
        }
    }
}

/// Where a piece of evidence was found, for sentences: "in <meta> at bytes 112–150".
pub fn location(e: &Evidence) -> String {
    let what = match e.kind {
        EvidenceKind::Bom => "the byte order mark",
        EvidenceKind::Transport => "the transport header",
        EvidenceKind::HtmlMeta => "<meta>",
        EvidenceKind::XmlDeclaration => "the XML declaration",
        EvidenceKind::MimeHeader => "the Content-Type header",
        EvidenceKind::CodingCookie => "the coding declaration",
        EvidenceKind::Utf8Validity => "the UTF-8 validity check",
        EvidenceKind::Utf16Pattern => "the NUL-column pattern",
        EvidenceKind::Statistical => "the statistical guess",
        EvidenceKind::Language => "the words of each reading",
        EvidenceKind::SevenBit => "the 7-bit escapes",
    };
    match e.byte_span {
        Some(s)
            if !matches!(
                e.kind,
                EvidenceKind::Utf8Validity | EvidenceKind::Statistical | EvidenceKind::Language
            ) =>
        {
            format!("{what} at bytes {}–{}", s.start, s.end)
        }
        _ => what.to_string(),
    }
}

fn find(evidence: &[Evidence], kind: EvidenceKind) -> Option<(usize, &Evidence)> {
    evidence
        .iter()
        .enumerate()
        .find(|(_, e)| e.kind == kind && e.encoding.is_some())
}

/// Applies the precedence of `inp.kind` to the evidence.
pub fn decide(inp: &Inputs) -> Decision {
    let rule = rule_for(inp.kind).to_string();
    let make =
        |encoding: Charset, by: DecidedBy, idx: Option<usize>, explanation: String| Decision {
            encoding,
            decided_by: by,
            rule: rule.clone(),
            explanation,
            evidence_index: idx,
            bom_len: if by == DecidedBy::Bom || by == DecidedBy::User {
                inp.bom_len
            } else {
                0
            },
        };
    if let Some(u) = inp.user {
        let mut d = make(
            u.charset,
            DecidedBy::User,
            None,
            format!(
                "{}, because you asked for it (encoding {}{}); the evidence below is what the bytes say on their own",
                u.charset,
                u.label,
                u.remap
                    .as_ref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default()
            ),
        );
        d.rule = "user override (the encoding chosen)".to_string();
        // Strip a BOM only if it announces the encoding asked for.
        d.bom_len = match find(inp.evidence, EvidenceKind::Bom) {
            Some((_, e)) if e.encoding == Some(u.charset) => inp.bom_len,
            _ => 0,
        };
        return d;
    }
    if let Some((i, e)) = find(inp.evidence, EvidenceKind::Bom) {
        let cs = e.encoding.expect("found with an encoding");
        return make(
            cs,
            DecidedBy::Bom,
            Some(i),
            format!(
                "{cs}, because the input starts with a byte order mark ({}); under the {} rule a BOM overrides every declaration",
                e.detail,
                inp.kind.name()
            ),
        );
    }
    match inp.kind {
        TextKind::Html => {
            if let Some(d) = by_declaration(inp, EvidenceKind::Transport, &make) {
                return d;
            }
            if let Some((i, e)) = find(inp.evidence, EvidenceKind::HtmlMeta) {
                let declared = e.encoding.expect("found with an encoding");
                // HTML §13.2.3.2: a prescanned UTF-16 declaration means UTF-8, and
                // x-user-defined means windows-1252.
                let (cs, fix) = if declared == Charset::UTF_16LE || declared == Charset::UTF_16BE {
                    (
                        Charset::UTF_8,
                        " (HTML reads a <meta> that declares UTF-16 as UTF-8: bytes that can be prescanned as ASCII are not UTF-16)",
                    )
                } else if declared == Charset::Whatwg(encoding_rs::X_USER_DEFINED) {
                    (
                        Charset::WINDOWS_1252,
                        " (HTML reads x-user-defined in <meta> as windows-1252)",
                    )
                } else {
                    (declared, "")
                };
                let when = if e.late {
                    ", which the HTML parser meets later in the page: the prescan of the first 1024 bytes finds no declaration, and while the encoding is still tentative a <meta> changes it and the page is parsed again (WHATWG HTML §13.2.3.4)"
                } else {
                    ""
                };
                return make(
                    cs,
                    DecidedBy::Declaration,
                    Some(i),
                    format!(
                        "{cs}, because {} declares \"{}\"{}{}{when}; for HTML a <meta> declaration comes after the BOM and the transport header, and neither is present",
                        location(e),
                        e.label.as_deref().unwrap_or(""),
                        e.remap
                            .as_ref()
                            .map(|r| format!(" ({r})"))
                            .unwrap_or_default(),
                        fix
                    ),
                );
            }
            fallback(inp, &make)
        }
        TextKind::Xml => {
            if let Some(d) = by_declaration(inp, EvidenceKind::Transport, &make) {
                return d;
            }
            if let Some((i, e)) = find(inp.evidence, EvidenceKind::XmlDeclaration) {
                let declared = e.encoding.expect("found with an encoding");
                // A declaration written in UTF-16 without a BOM: the form of the bytes decides
                // the byte order (XML 1.0 Appendix F).
                let cs = e.written_in.unwrap_or(declared);
                return make(
                    cs,
                    DecidedBy::Declaration,
                    Some(i),
                    format!(
                        "{cs}, because {} declares encoding=\"{}\"{}; for XML the declaration comes after the BOM and any transport header, and neither is present",
                        location(e),
                        e.label.as_deref().unwrap_or(""),
                        e.remap
                            .as_ref()
                            .map(|r| format!(" ({r})"))
                            .unwrap_or_default()
                    ),
                );
            }
            // A declaration whose label no processor needs to know (`u16`) still shows the
            // form it is written in, which the processor reads it in (XML 1.0 Appendix F).
            if let Some((i, e)) = inp
                .evidence
                .iter()
                .enumerate()
                .find(|(_, e)| e.kind == EvidenceKind::XmlDeclaration && e.written_in.is_some())
            {
                let cs = e.written_in.expect("found with its form");
                return make(
                    cs,
                    DecidedBy::Declaration,
                    Some(i),
                    format!(
                        "{cs}, because {} is written in {cs} without a byte order mark, the form an XML processor detects from the first bytes and reads the document in (XML 1.0 Appendix F); its label \"{}\" names no encoding it knows",
                        location(e),
                        e.label.as_deref().unwrap_or("")
                    ),
                );
            }
            // Nor does a document in UTF-16 or UTF-32 without a declaration read as UTF-8:
            // its first bytes show the form (XML 1.0 Appendix F), as its NUL columns do.
            if let Some(d) = by_wide_pattern(
                inp,
                &make,
                "or encoding declaration",
                ": an XML processor detects the form from the first bytes (XML 1.0 Appendix F)",
            ) {
                return d;
            }
            if utf8_plausible(inp.validity) {
                let mut d = fallback(inp, &make);
                d.explanation = format!(
                    "UTF-8, because an XML document without a BOM or an encoding declaration must be UTF-8, and the bytes agree: {}",
                    validity_words(inp.validity)
                );
                return d;
            }
            let mut d = fallback(inp, &make);
            d.explanation = format!(
                "{}; note that this XML has no BOM and no encoding declaration, so it must be UTF-8, and it is not: the document is not well-formed XML",
                d.explanation
            );
            d
        }
        TextKind::Email => {
            if let Some(d) = by_declaration(inp, EvidenceKind::MimeHeader, &make) {
                return d;
            }
            // A MIME part's own Content-Type, given by the caller, is its transport header.
            if let Some(d) = by_declaration(inp, EvidenceKind::Transport, &make) {
                return d;
            }
            fallback(inp, &make)
        }
        TextKind::Text => {
            if let Some(d) = by_declaration(inp, EvidenceKind::Transport, &make) {
                return d;
            }
            if let Some(d) = by_wide_pattern(inp, &make, "", "") {
                return d;
            }
            fallback(inp, &make)
        }
    }
}

/// A decision by the NUL columns of UTF-16 or UTF-32 without a byte order mark, if they show;
/// `absent` names what else is missing besides the BOM, `then` ends the sentence.
fn by_wide_pattern(
    inp: &Inputs,
    make: &dyn Fn(Charset, DecidedBy, Option<usize>, String) -> Decision,
    absent: &str,
    then: &str,
) -> Option<Decision> {
    let (i, e) = find(inp.evidence, EvidenceKind::Utf16Pattern)?;
    let cs = e.encoding?;
    let absent = if absent.is_empty() {
        String::new()
    } else {
        format!(" {absent}")
    };
    Some(make(
        cs,
        DecidedBy::Statistical,
        Some(i),
        format!(
            "{cs}, because there is no byte order mark{absent} and {}{then}",
            e.detail
        ),
    ))
}

/// A decision by a transport header or an in-document declaration, if one resolves.
fn by_declaration(
    inp: &Inputs,
    kind: EvidenceKind,
    make: &dyn Fn(Charset, DecidedBy, Option<usize>, String) -> Decision,
) -> Option<Decision> {
    let (i, e) = find(inp.evidence, kind)?;
    let cs = e.encoding?;
    let by = if kind == EvidenceKind::Transport {
        DecidedBy::Transport
    } else {
        DecidedBy::Declaration
    };
    Some(make(
        cs,
        by,
        Some(i),
        format!(
            "{cs}, because {} declares charset=\"{}\"{}; under the {} rule it comes right after the BOM, and there is none",
            location(e),
            e.label.as_deref().unwrap_or(""),
            e.remap
                .as_ref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default(),
            inp.kind.name()
        ),
    ))
}

/// True when the validity evidence makes UTF-8 the right reading: valid (including pure
/// ASCII), valid but cut off at the end, or overwhelmingly valid (at least 20 valid
/// multi-byte sequences per invalid one: damage in a UTF-8 file, not another encoding).
pub fn utf8_plausible(v: &Utf8Validity) -> bool {
    v.valid
        || v.is_valid_but_truncated()
        || (v.multibyte_sequences >= 4 && v.invalid_sequences * 20 <= v.multibyte_sequences)
}

fn validity_words(v: &Utf8Validity) -> String {
    if v.valid && v.is_pure_ascii() {
        "the bytes are pure ASCII".to_string()
    } else if v.valid {
        format!(
            "the bytes are valid UTF-8 with {} multi-byte sequence{}",
            v.multibyte_sequences,
            plural(v.multibyte_sequences)
        )
    } else if v.is_valid_but_truncated() {
        format!(
            "the bytes are valid UTF-8 ({} multi-byte sequences) except a character cut off at the very end (a truncated file)",
            v.multibyte_sequences
        )
    } else {
        format!(
            "the bytes are mostly valid UTF-8: {} valid multi-byte sequences against {} invalid (damage inside a UTF-8 file, not another encoding)",
            v.multibyte_sequences, v.invalid_sequences
        )
    }
}

/// Validity, then statistics.
fn fallback(
    inp: &Inputs,
    make: &dyn Fn(Charset, DecidedBy, Option<usize>, String) -> Decision,
) -> Decision {
    let vi = inp
        .evidence
        .iter()
        .position(|e| e.kind == EvidenceKind::Utf8Validity);
    let no_decl = match inp.kind {
        TextKind::Html => "there is no BOM, transport header or <meta> declaration, and ",
        TextKind::Email => "there is no BOM, Content-Type charset or transport header, and ",
        TextKind::Xml => "",
        TextKind::Text => "there is no BOM, transport header or UTF-16/32 pattern, and ",
    };
    let v = inp.validity;
    let si = inp
        .evidence
        .iter()
        .position(|e| e.kind == EvidenceKind::Statistical);
    if v.is_pure_ascii()
        && (inp.guess.encoding == encoding_rs::ISO_2022_JP || inp.guess.iso_2022_jp_escapes > 0)
    {
        let damaged = if inp.guess.encoding == encoding_rs::ISO_2022_JP {
            ""
        } else {
            " (chardetng rules it out because some sequences are invalid in it: a damaged ISO-2022-JP file)"
        };
        return make(
            Charset::Whatwg(encoding_rs::ISO_2022_JP),
            DecidedBy::Statistical,
            si,
            format!(
                "ISO-2022-JP, because {no_decl}the bytes are 7-bit but carry {} escape sequences of ISO-2022-JP{damaged}",
                inp.guess.iso_2022_jp_escapes
            ),
        );
    }
    if v.valid && v.is_pure_ascii() {
        let tail = if inp.kind == TextKind::Html {
            " (a browser would fall back to its locale default, usually windows-1252, with the same result)"
        } else {
            ""
        };
        return make(
            Charset::UTF_8,
            DecidedBy::Validity,
            vi,
            format!(
                "UTF-8, because {no_decl}the bytes are pure ASCII: every ASCII-compatible encoding reads them identically, so the choice is moot{tail}"
            ),
        );
    }
    if utf8_plausible(v) {
        return make(
            Charset::UTF_8,
            DecidedBy::Validity,
            vi,
            format!("UTF-8, because {no_decl}{}", validity_words(v)),
        );
    }
    let cs = Charset::Whatwg(inp.guess.decided_legacy);
    let first = v
        .first_invalid
        .as_ref()
        .map(|f| format!(", the first at offset {}: {}", f.byte_span.start, f.reason))
        .unwrap_or_default();
    make(
        cs,
        DecidedBy::Statistical,
        si,
        match &inp.guess.prior_note {
            None => format!(
                "{cs}, because {no_decl}the bytes are not UTF-8 ({} invalid sequence{}{first}), and chardetng's byte statistics over {} bytes point to {cs}",
                v.invalid_sequences,
                plural(v.invalid_sequences),
                inp.guess.sample.len()
            ),
            Some(note) => format!(
                "{cs}, because {no_decl}the bytes are not UTF-8 ({} invalid sequence{}{first}); {note}",
                v.invalid_sequences,
                plural(v.invalid_sequences),
            ),
        },
    )
}

/// What [`conflicts`] looks at.
pub struct ConflictInputs<'a> {
    pub kind: TextKind,
    pub evidence: &'a [Evidence],
    pub validity: &'a Utf8Validity,
    pub guess: &'a Guess,
    pub decision: &'a Decision,
    pub candidates: &'a [Candidate],
    pub mojibake: Option<&'a mojibake::Analysis>,
    /// The likely true encoding, and the segments when the bytes are in several.
    pub likely: &'a Likely,
    pub segments: &'a [Segment],
}

/// From this confidence the likely verdict's disagreement with the decision is a warning
/// ("reads"); below it a note ("may read"): on the speed corpus the likely verdict named the
/// truth (or its same-text twin) in 442 of 445 such conflicts at 0.8 or more, 4 of 6 between
/// 0.5 and 0.8.
const LIKELY_SURE: f64 = 0.8;

/// Below this confidence the note also says "unsure": the calibration says the likely verdict
/// is wrong about as often as right.
const LIKELY_UNSURE: f64 = 0.5;

/// Segments a conflict names one by one; the rest it counts.
const MAX_PARTS_LISTED: usize = 6;

/// The likely verdict reads the bytes otherwise than the decision: the bytes are in several
/// encodings (its segments), or one other encoding reads them as different text. The quality
/// score alone no longer says so: it knows no language, and ranked windows-1252's all-Latin
/// misreading of Greek or Ukrainian above the real text (66 of the speed corpus's 2,000 reports
/// named a wrong encoding that way).
fn likely_conflict(c: &ConflictInputs) -> Option<Conflict> {
    let l = c.likely;
    let decided = c.decision.encoding;
    let language = find(c.evidence, EvidenceKind::Language).map(|(i, _)| i);
    if c.segments.len() > 1 {
        let others: Vec<&Segment> = c
            .segments
            .iter()
            .filter(|s| s.encoding != decided)
            .collect();
        let first = others.first()?;
        // The first few parts: a UTF-8 file with letters typed in another encoding in many
        // places is as many segments, all listed in `segments`.
        let mut parts: Vec<String> = c
            .segments
            .iter()
            .take(MAX_PARTS_LISTED)
            .map(|s| {
                format!(
                    "{} at bytes {}–{}",
                    s.encoding, s.byte_span.start, s.byte_span.end
                )
            })
            .collect();
        if c.segments.len() > MAX_PARTS_LISTED {
            parts.push(format!("and {} more", c.segments.len() - MAX_PARTS_LISTED));
        }
        let mut misread: Vec<&str> = Vec::new();
        for s in &others {
            if !misread.contains(&s.encoding.name()) {
                misread.push(s.encoding.name());
            }
        }
        return Some(Conflict {
            severity: Severity::Warning,
            evidence: language.into_iter().collect(),
            byte_span: Some(first.byte_span),
            message: format!(
                "the bytes are in {} ({}): decoding the whole as {decided} misreads the {} part{}",
                super::segments::how_many(c.segments),
                parts.join(", "),
                and_list(&misread),
                if others.len() == 1 { "" } else { "s" }
            ),
        });
    }
    if l.name == decided || l.same_text.contains(&decided) || l.seven_bit.is_some() {
        return None;
    }
    let best = c.candidates.iter().find(|x| x.encoding == l.name)?;
    let dec = c.candidates.iter().find(|x| x.encoding == decided)?;
    if best.excerpt == dec.excerpt {
        return None;
    }
    let sure = l.confidence >= LIKELY_SURE;
    Some(Conflict {
        severity: if sure {
            Severity::Warning
        } else {
            Severity::Note
        },
        evidence: language
            .into_iter()
            .chain(c.decision.evidence_index)
            .collect(),
        byte_span: Some(best.excerpt_span),
        message: format!(
            "{} {} these bytes as better text than the decided {decided} (the likely verdict, confidence {:.2}{}): \"{}\" vs \"{}\"",
            l.name,
            if sure { "reads" } else { "may read" },
            l.confidence,
            if l.confidence < LIKELY_UNSURE {
                ", unsure"
            } else {
                ""
            },
            short(&best.excerpt),
            short(&dec.excerpt)
        ),
    })
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Every disagreement between the evidence, the decision and the bytes, in sentences.
pub fn conflicts(c: &ConflictInputs) -> Vec<Conflict> {
    let mut out = Vec::new();
    let v = c.validity;
    let declared: Vec<(usize, &Evidence)> = c
        .evidence
        .iter()
        .enumerate()
        .filter(|(_, e)| e.kind.is_declaration())
        .collect();
    let bom = find(c.evidence, EvidenceKind::Bom);

    for &(i, e) in &declared {
        let label = e.label.as_deref().unwrap_or("");
        // The reader of a coding cookie (Python, Emacs, Vim) knows spellings a browser does
        // not (`latin-1`): what the lenient table resolves is what it names.
        let named = e
            .encoding
            .or(e.names.filter(|_| e.kind == EvidenceKind::CodingCookie));
        let Some(d) = named else {
            out.push(Conflict {
                severity: Severity::Warning,
                evidence: vec![i],
                byte_span: e.byte_span,
                message: format!(
                    "{} declares \"{label}\", which is not an encoding label: a consumer ignores it",
                    location(e)
                ),
            });
            continue;
        };
        if let Some((bi, b)) = bom {
            let bcs = b.encoding.expect("found with an encoding");
            if bcs != d && !(e.kind == EvidenceKind::XmlDeclaration && is_utf16_family(bcs, d)) {
                out.push(Conflict {
                    severity: Severity::Note,
                    evidence: vec![bi, i],
                    byte_span: e.byte_span,
                    message: format!(
                        "the byte order mark says {bcs}, but {} declares {label}: the BOM wins, and the declaration is wrong about these bytes",
                        location(e)
                    ),
                });
            }
            continue;
        }
        if d != Charset::UTF_8 && d.is_ascii_compatible() && v.valid && v.multibyte_sequences > 0 {
            out.push(Conflict {
                severity: Severity::Warning,
                evidence: vec![i],
                byte_span: e.byte_span,
                message: format!(
                    "declared {label} in {}, but the bytes are valid UTF-8 with {} multi-byte sequence{}: the declaration is probably wrong",
                    location(e),
                    v.multibyte_sequences,
                    plural(v.multibyte_sequences)
                ),
            });
        } else if d == Charset::UTF_8 && !v.valid && !v.is_valid_but_truncated() {
            let first = v.first_invalid.as_ref().expect("invalid has a first error");
            out.push(Conflict {
                severity: Severity::Warning,
                evidence: vec![i],
                byte_span: Some(first.byte_span),
                message: format!(
                    "declared {label} in {}, but the bytes are not valid UTF-8: {} invalid sequence{}, the first at offset {} ({}); byte statistics suggest {}",
                    location(e),
                    v.invalid_sequences,
                    plural(v.invalid_sequences),
                    first.byte_span.start,
                    first.reason,
                    c.guess.legacy.name()
                ),
            });
        } else if d != Charset::UTF_8
            && let Some(cand) = c.candidates.iter().find(|x| x.encoding == d)
        {
            if cand.replacement_chars > 0 {
                out.push(Conflict {
                        severity: Severity::Warning,
                        evidence: vec![i],
                        byte_span: cand.error_spans.first().copied(),
                        message: format!(
                            "declared {label} in {}, but {} byte sequence{} {} invalid in {d}, the first at offset {}",
                            location(e),
                            cand.replacement_chars,
                            plural(cand.replacement_chars),
                            if cand.replacement_chars == 1 { "is" } else { "are" },
                            cand.first_error_offset.unwrap_or(0)
                        ),
                    });
            } else if c.guess.non_ascii
                && !crate::encoding::decide::utf8_plausible(v)
                && Charset::Whatwg(c.guess.legacy) != d
                && d.is_single_byte()
                // chardetng knows no EBCDIC: its guess says nothing against an EBCDIC page.
                && !matches!(d, Charset::Ebcdic(_))
            {
                let other = c
                    .candidates
                    .iter()
                    .find(|x| x.encoding == Charset::Whatwg(c.guess.legacy));
                if let Some(o) = other
                    && o.excerpt != cand.excerpt
                {
                    out.push(Conflict {
                                severity: Severity::Note,
                                evidence: vec![i],
                                byte_span: e.byte_span,
                                message: format!(
                                    "declared {label} in {}, but the byte statistics (chardetng) point to {}; the two read these bytes differently (\"{}\" vs \"{}\")",
                                    location(e),
                                    c.guess.legacy.name(),
                                    short(&cand.excerpt),
                                    short(&o.excerpt)
                                ),
                            });
                }
            }
        }
    }

    // Declarations that disagree with each other.
    for (a, &(i, e)) in declared.iter().enumerate() {
        for &(j, f) in &declared[a + 1..] {
            if let (Some(x), Some(y)) = (e.encoding, f.encoding)
                && x != y
            {
                let winner = if c.decision.evidence_index == Some(i) {
                    location(e)
                } else if c.decision.evidence_index == Some(j) {
                    location(f)
                } else {
                    "neither".to_string()
                };
                out.push(Conflict {
                    severity: Severity::Note,
                    evidence: vec![i, j],
                    byte_span: f.byte_span,
                    message: format!(
                        "{} says {x}, {} says {y}: {winner} wins by the {} rule",
                        location(e),
                        location(f),
                        c.kind.name()
                    ),
                });
            }
        }
    }

    // Chinese or Korean in 7-bit shifts, which the decision reads as ASCII letters.
    if let Some((si, s)) = c
        .evidence
        .iter()
        .enumerate()
        .find(|(_, e)| e.kind == EvidenceKind::SevenBit)
    {
        out.push(Conflict {
            severity: Severity::Warning,
            evidence: vec![si],
            byte_span: s.byte_span,
            message: if c.decision.encoding == Charset::Whatwg(encoding_rs::REPLACEMENT) {
                "the label names a 7-bit escape scheme, which the WHATWG Encoding Standard maps to replacement: a conforming consumer indexes one U+FFFD for the whole input, though the bytes read as Chinese or Korean text".to_string()
            } else {
                format!(
                    "{} reads the 7-bit shifts as ASCII letters: the text is Chinese or Korean in an escape scheme no WHATWG decoder reads, and an indexer makes its terms from the shift bytes",
                    c.decision.encoding
                )
            },
        });
    }

    // A UTF-16/32 pattern the decision ignores.
    if let Some((pi, p)) = find(c.evidence, EvidenceKind::Utf16Pattern)
        && p.encoding != Some(c.decision.encoding)
    {
        out.push(Conflict {
            severity: Severity::Warning,
            evidence: vec![pi],
            byte_span: p.byte_span,
            message: format!(
                "the bytes have the NUL-column pattern of {}, but {} was decided",
                p.encoding.map(|e| e.name()).unwrap_or("UTF-16"),
                c.decision.encoding
            ),
        });
    }

    out.extend(likely_conflict(c));

    if let Some(m) = c.mojibake
        && !matches!(
            m.verdict,
            mojibake::Verdict::Clean | mojibake::Verdict::NotText
        )
    {
        out.push(Conflict {
            severity: Severity::Warning,
            evidence: Vec::new(),
            byte_span: None,
            message: format!("the decided text carries mojibake: {}", m.description),
        });
    }
    out
}

fn is_utf16_family(a: Charset, b: Charset) -> bool {
    let wide = |c: Charset| c == Charset::UTF_16LE || c == Charset::UTF_16BE;
    wide(a) && wide(b)
}

/// The first 32 characters of an excerpt, one line.
fn short(s: &str) -> String {
    let line = s.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let mut out: String = line.chars().take(32).collect();
    if line.chars().count() > 32 {
        out.push('…');
    }
    out
}
