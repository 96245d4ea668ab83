//! Gathering the evidence for an encoding, in the order of the standards that weigh it: the byte
//! order mark, the transport header, the document's own declaration (WHATWG HTML prescan, XML
//! 1.0 Appendix F, the MIME `Content-Type`), UTF-8 validity (RFC 3629), the NUL-column pattern
//! of BOM-less UTF-16/32, and chardetng's statistics; each item with its bytes and in words.

use super::{Evidence, EvidenceKind, Options, decide, plural, statistical};
use crate::decode::Charset;
use crate::decode::bom::Bom;
use crate::decode::seven_bit::{self, SevenBit};
use crate::decode::{charset, declared, validity};
use crate::format::{self, KindEvidence, TextKind};
use crate::source::Input;
use crate::span::ByteSpan;
use validity::{Utf8Validity, WidePattern};

/// Evidence from a declared label, resolved by WHATWG rules. A `<meta>` or a transport header
/// is read as a browser reads it (WHATWG HTML §13.2.3.2: a label the Encoding Standard does not
/// know is no declaration), so UTF-32 and the code pages outside WHATWG that this tool decodes
/// are only named there, for the likely verdict; an XML declaration or a MIME header may name
/// them (an XML processor or a mail reader decodes what it supports).
pub(super) fn declared_evidence(
    kind: EvidenceKind,
    label: &str,
    span: Option<ByteSpan>,
    construct: &str,
) -> Evidence {
    let browser = matches!(kind, EvidenceKind::HtmlMeta | EvidenceKind::Transport);
    let resolved = Charset::for_label(label)
        .ok()
        .filter(|r| !browser || r.charset.whatwg().is_some());
    match resolved {
        Some(r) => Evidence {
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
            late: false,
        },
        None => {
            let lenient = match Charset::for_label(label) {
                Ok(r) => Some(charset::Lenient::Names(r.charset)),
                Err(_) => charset::for_lenient_label(label),
            };
            let (names, what) = match lenient {
                // EBCDIC pages are weighed only where the bytes are EBCDIC.
                Some(charset::Lenient::Names(c @ Charset::Ebcdic(_))) => (
                    Some(c),
                    format!(
                        "; it names {c}, an EBCDIC page (which the likely verdict weighs where the bytes are EBCDIC)"
                    ),
                ),
                Some(charset::Lenient::Names(c)) => (
                    Some(c),
                    format!(
                        "; it names {c} (a spelling outside the standard, which the likely verdict weighs)"
                    ),
                ),
                Some(charset::Lenient::Undecodable(n)) => (
                    None,
                    format!("; it names {n}, which neither WHATWG nor this tool decodes"),
                ),
                None => (None, String::new()),
            };
            // A coding cookie's reader (Python, Emacs, Vim) does not ignore a spelling WHATWG
            // lacks.
            let detail = match (kind, names) {
                (EvidenceKind::CodingCookie, Some(c)) => format!(
                    "{construct} declares \"{label}\", a spelling outside the WHATWG Encoding Standard: it names {c}, which the likely verdict weighs"
                ),
                _ => format!(
                    "{construct} declares \"{label}\", which is not an encoding label the WHATWG Encoding Standard knows: ignored{what}"
                ),
            };
            Evidence {
                kind,
                encoding: None,
                label: Some(label.to_string()),
                byte_span: span,
                detail,
                remap: None,
                names,
                written_in: None,
                late: false,
            }
        }
    }
}

pub(super) fn validity_evidence(v: &Utf8Validity, len: u64) -> Evidence {
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
        late: false,
    }
}

/// What [`gather`] found.
pub(super) struct Gathered {
    pub(super) kind: KindEvidence,
    pub(super) evidence: Vec<Evidence>,
    pub(super) wide_pattern: Option<WidePattern>,
    pub(super) guess: statistical::Guess,
    /// Chinese or Korean text in a 7-bit escape scheme, when the bytes hold one.
    pub(super) seven_bit: Option<SevenBit>,
}

/// Every piece of evidence about the encoding of `input`, in order: BOM, transport header,
/// declarations of the document's kind, UTF-8 validity, the UTF-16/32 NUL pattern, chardetng.
pub(super) fn gather(
    input: &Input,
    opts: &Options,
    head: &[u8],
    bom: Option<Bom>,
    validity: &Utf8Validity,
    sample_bytes: &[u8],
    sample: ByteSpan,
) -> Gathered {
    let len = input.len();
    let bom_len = bom.map_or(0, |b| b.len) as u64;
    let (transport_label, transport_mime) = match &opts.content_type {
        Some(ct) => {
            let (cs, mime) = declared::transport_charset(ct);
            (cs, Some(mime))
        }
        None => (None, None),
    };
    let kind = format::sniff_kind(head, input.path(), transport_mime.as_deref());

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
            late: false,
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
            if let Some(d) = &p.late {
                let span = ByteSpan::new(d.span.start + bom_len, d.span.end + bom_len);
                let mut e =
                    declared_evidence(EvidenceKind::HtmlMeta, &d.label, Some(span), &d.construct);
                e.late = true;
                e.detail.push_str(&format!(
                    ", {}: the HTML parser meets it while the encoding is still tentative and parses the page again in it (WHATWG HTML §13.2.3.4; Firefox ignores a declaration this late)",
                    if span.end > declared::PRESCAN_LIMIT as u64 {
                        "past the first 1024 bytes the prescan reads"
                    } else {
                        "which the prescan does not take"
                    }
                ));
                evidence.push(e);
            }
        }
        TextKind::Xml => {
            if let Some((d, wide)) = declared::xml_declaration(head, bom_len as usize) {
                let mut e = declared_evidence(
                    EvidenceKind::XmlDeclaration,
                    &d.label,
                    Some(d.span),
                    &d.construct,
                );
                if let Some(Charset::Ebcdic(_)) = wide {
                    // Which EBCDIC page, the label says: the form only tells EBCDIC.
                    e.detail.push_str(
                        "; the declaration itself is written in EBCDIC (4C 6F A7 94 is `<?xm`), read through the characters every EBCDIC page writes alike (XML 1.0 Appendix F)",
                    );
                } else if let Some(w) = wide {
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
            if let Some((d, mime)) = declared::mime_charset(head) {
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
        TextKind::Text => {
            // No consumer of plain text decides by it; the likely verdict weighs it.
            let complete = head.len() as u64 == input.len();
            if let Some(d) = declared::coding_declaration(head, complete) {
                evidence.push(declared_evidence(
                    EvidenceKind::CodingCookie,
                    &d.label,
                    Some(d.span),
                    &d.construct,
                ));
            }
        }
    }
    evidence.push(validity_evidence(validity, len));
    let seven_bit = match bom {
        None if validity.is_pure_ascii() => seven_bit::detect(sample_bytes),
        _ => None,
    };
    if let Some(s) = &seven_bit {
        evidence.push(seven_bit_evidence(s, sample.start));
    }
    let wide_pattern = if bom.is_none() {
        validity::wide_pattern(head)
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
            detail: match p.text_units {
                Some((text, units)) => format!(
                    "control bytes no ASCII-compatible text holds, and read as {} {text} of its {units} code units are text (Han, Hangul, kana, punctuation): {} without a byte order mark",
                    p.encoding, p.encoding
                ),
                None => format!(
                    "NUL bytes by column ({}): the pattern of {} text without a byte order mark",
                    cols.join(" / "),
                    p.encoding
                ),
            },
            remap: None,
            names: None,
            written_in: None,
            late: false,
        });
    }
    // The stream end is never signalled to chardetng: a file cut mid-character (common: the
    // NLTK UDHR files were cut at 10,000 bytes) would otherwise rule out the right encoding.
    // When a BOM or UTF-8 validity settles the question, chardetng (about 20 MB/s) only
    // corroborates, and a shorter sample does.
    let settled = bom.is_some()
        || (decide::utf8_plausible(validity) && !validity.is_pure_ascii())
        || (validity.is_pure_ascii() && !statistical::has_iso_2022_jp_escape(head));
    let stat_bytes = if settled {
        &sample_bytes[..sample_bytes.len().min(statistical::CORROBORATION_BYTES)]
    } else {
        sample_bytes
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
    late: false,
});
    Gathered {
        kind,
        evidence,
        wide_pattern,
        guess,
        seven_bit,
    }
}

/// Evidence of a 7-bit escape scheme: where its shifts are, what they hold, and why a
/// conforming consumer reads none of it (WHATWG Encoding §4.2 maps these labels to
/// replacement).
fn seven_bit_evidence(s: &SevenBit, base: u64) -> Evidence {
    let faults = match s.first_fault {
        Some(f) => format!(
            "; {} sequence{} break the scheme's rules, the first at byte {}",
            s.faults,
            plural(s.faults as u64),
            base + f
        ),
        None => String::new(),
    };
    let undecoded = if s.undecoded > 0 {
        format!(
            " ({} in ISO-IR-165, or a CNS 11643 plane no designation named: shown as U+FFFD)",
            s.undecoded
        )
    } else {
        String::new()
    };
    Evidence {
        kind: EvidenceKind::SevenBit,
        encoding: None,
        label: None,
        byte_span: Some(ByteSpan::new(
            base + s.byte_span.start,
            base + s.byte_span.end,
        )),
        detail: format!(
            "{} shifts ({}: {}) in 7-bit bytes: {} run{}, {} {} character{}{undecoded}, {} of them Han, Hangul or CJK punctuation, reading \"{}\"{faults}; the WHATWG Encoding Standard has no decoder for {} (its label reads as the replacement encoding, one U+FFFD), and without the label a conforming consumer reads the shifted bytes as ASCII letters",
            s.scheme.name(),
            s.scheme.rfc(),
            s.scheme.shifts(),
            s.runs,
            plural(s.runs as u64),
            s.characters,
            s.scheme.charset(),
            plural(s.characters as u64),
            s.cjk,
            s.excerpt,
            s.scheme.name(),
        ),
        remap: None,
        names: None,
        written_in: None,
        late: false,
    }
}
