//! Email: RFC 5322 messages and mbox archives, parsed by mailparse (RFC 2047 encoded words in
//! headers, MIME multipart, quoted-printable and base64 transfer encodings). Each part's bytes
//! are decoded by this tool's encoding stage with the part's `Content-Type` charset as the
//! transport declaration, so a wrong label shows up as a conflict like anywhere else.
//! Attachments are identified by their bytes and extracted as their own units when their
//! format allows. An mbox archive is cut at its `From ` lines (mboxrd: `>From ` unescaped).

use super::ExtractError;
use super::decoding::{charset_diagnostics, decode_text};
use super::diagnostic::{Diagnostic, DiagnosticKind};
use super::{
    DocumentUnit, Extracted, ExtractorInfo, Locator, Options, UnitChoice, extract_bytes, html,
    merge_units,
};
use crate::format::{self, Format};
use crate::span::ByteSpan;
use mailparse::{DispositionType, MailHeaderMap, ParsedMail};

/// This extractor.
pub const INFO: ExtractorInfo = ExtractorInfo {
    name: "email",
    version: env!("CARGO_PKG_VERSION"),
    uses: "mailparse 0.18; parts decoded by the encoding stage",
};

/// One part of a message, before units are chosen.
struct Piece {
    unit: DocumentUnit,
    attachment: bool,
}

/// Offset of `part` inside `whole` (both from the same buffer).
fn offset_in(whole: &[u8], part: &[u8]) -> Option<u64> {
    let w = whole.as_ptr() as usize;
    let p = part.as_ptr() as usize;
    (p >= w && p + part.len() <= w + whole.len()).then(|| (p - w) as u64)
}

/// Parses one message and returns its pieces: the body (or bodies) and the attachments.
fn message_pieces(
    name: &str,
    raw: &[u8],
    base: u64,
    message: Option<u32>,
    opts: &Options,
    depth: usize,
) -> Result<(Vec<Piece>, DocumentUnit), ExtractError> {
    let mail = mailparse::parse_mail(raw)
        .map_err(|e| ExtractError::damaged(format!("not a parsable message: {e}")))?;
    let mut head = DocumentUnit::new(name, Locator::File, Format::Email, String::new());
    for (h, key) in [
        ("Subject", "subject"),
        ("From", "from"),
        ("To", "to"),
        ("Cc", "cc"),
        ("Date", "date"),
        ("Message-ID", "message-id"),
    ] {
        if let Some(v) = mail.headers.get_first_value(h) {
            head.meta(key, v);
        }
    }
    if let Some(s) = mail.headers.get_first_value("Subject") {
        head.field("subject", s);
    }
    let mut pieces = Vec::new();
    let mut n = 0u32;
    walk(
        name,
        &mail,
        raw,
        base,
        message,
        opts,
        depth,
        &mut n,
        &mut pieces,
    );
    if pieces.is_empty() {
        n += 1;
        let mut u = DocumentUnit::new(
            name,
            Locator::Part {
                message,
                n,
                name: "body".into(),
                attachment: false,
            },
            Format::Email,
            String::new(),
        );
        u.diagnostics.push(Diagnostic::new(
            DiagnosticKind::Note,
            "the message has no text body",
        ));
        pieces.push(Piece {
            unit: u,
            attachment: false,
        });
    }
    Ok((pieces, head))
}

/// Walks the MIME tree. `multipart/alternative` contributes one body: text/plain if it has one,
/// Decodes RFC 2047 encoded words left in a parameter value. RFC 2047 §5 forbids them inside
/// a quoted string, but mail clients write `filename="=?utf-8?B?…?="` all the same, sometimes
/// with text around (`=?…?=.pdf`); each word is decoded where it stands, and white space
/// between two words goes (§6.2). RFC 2231's `filename*=utf-8''…`, the standard form, mailparse
/// decodes itself.
fn decode_encoded_words(v: &str) -> String {
    if !v.contains("=?") {
        return v.to_string();
    }
    let mut out = String::with_capacity(v.len());
    let mut rest = v;
    let mut after_word = false;
    while let Some(start) = rest.find("=?") {
        // An encoded word is `=?charset?B|Q?text?=`: three `?` after the `=`.
        let body = &rest[start + 2..];
        let word_len = body
            .match_indices('?')
            .nth(2)
            .filter(|&(i, _)| body[i + 1..].starts_with('='))
            .map(|(i, _)| i + 2);
        let Some(len) = word_len else {
            out.push_str(&rest[..start + 2]);
            rest = &rest[start + 2..];
            after_word = false;
            continue;
        };
        let before = &rest[..start];
        if !(after_word && before.trim().is_empty()) {
            out.push_str(before);
        }
        let word = &rest[start..start + 2 + len];
        match mailparse::parse_header(format!("X: {word}").as_bytes()) {
            Ok((h, _)) => out.push_str(&h.get_value()),
            Err(_) => out.push_str(word),
        }
        rest = &rest[start + 2 + len..];
        after_word = true;
    }
    out.push_str(rest);
    out
}

/// else the HTML one.
#[allow(clippy::too_many_arguments)]
fn walk(
    name: &str,
    part: &ParsedMail,
    raw: &[u8],
    base: u64,
    message: Option<u32>,
    opts: &Options,
    depth: usize,
    n: &mut u32,
    out: &mut Vec<Piece>,
) {
    let mime = part.ctype.mimetype.to_ascii_lowercase();
    if mime.starts_with("multipart/") {
        if mime == "multipart/alternative" {
            let pick = part
                .subparts
                .iter()
                .find(|p| p.ctype.mimetype.eq_ignore_ascii_case("text/plain"))
                .or_else(|| part.subparts.first());
            if let Some(p) = pick {
                let before = out.len();
                walk(name, p, raw, base, message, opts, depth, n, out);
                if part.subparts.len() > 1
                    && let Some(piece) = out.get_mut(before)
                {
                    piece.unit.diagnostics.push(Diagnostic::new(
                        DiagnosticKind::Note,
                        format!(
                            "multipart/alternative with {} versions: {} used",
                            part.subparts.len(),
                            p.ctype.mimetype
                        ),
                    ));
                }
            }
        } else {
            for p in &part.subparts {
                walk(name, p, raw, base, message, opts, depth, n, out);
            }
        }
        return;
    }
    let disp = part.get_content_disposition();
    let filename = disp
        .params
        .get("filename")
        .or_else(|| part.ctype.params.get("name"))
        .map(|v| decode_encoded_words(v));
    let is_text = mime == "text/plain" || mime == "text/html" || mime.is_empty();
    let attachment =
        disp.disposition == DispositionType::Attachment || !is_text || filename.is_some();
    *n += 1;
    let label = if attachment {
        filename
            .clone()
            .unwrap_or_else(|| format!("unnamed {mime}"))
    } else {
        "body".to_string()
    };
    let locator = Locator::Part {
        message,
        n: *n,
        name: label.clone(),
        attachment,
    };
    let cte = part
        .headers
        .get_first_value("Content-Transfer-Encoding")
        .unwrap_or_else(|| "7bit".into())
        .to_ascii_lowercase();
    let span =
        offset_in(raw, part.raw_bytes).map(|o| ByteSpan::at(base + o, part.raw_bytes.len() as u64));
    let body = match part.get_body_raw() {
        Ok(b) => b,
        Err(e) => {
            let mut u = DocumentUnit::new(name, locator, Format::Email, String::new());
            u.diagnostics.push(Diagnostic::new(
                DiagnosticKind::Damaged,
                format!("part {}: the {cte} body could not be decoded: {e}", *n),
            ));
            u.byte_span = span;
            out.push(Piece {
                unit: u,
                attachment,
            });
            return;
        }
    };
    let ctype_header = part
        .headers
        .get_first_value("Content-Type")
        .unwrap_or_else(|| "text/plain".into());
    let mut u = if attachment {
        attachment_unit(name, &label, body, locator.clone(), opts, depth)
    } else {
        let d = decode_text(name, body, Some(&ctype_header));
        let mut diags = charset_diagnostics(&format!("part {} ({mime}, {cte})", *n), &d);
        let mut u = if mime == "text/html" {
            let h = html::extract_text(&d.text, opts);
            html::unit_from(name, locator.clone(), h)
        } else {
            // CRLF is the wire form of a message (RFC 5322 §2.3), not part of its text.
            DocumentUnit::new(
                name,
                locator.clone(),
                Format::Email,
                d.text.replace("\r\n", "\n"),
            )
        };
        diags.append(&mut u.diagnostics);
        u.diagnostics = diags;
        u.encoding = Some(d.charset.name().to_string());
        u
    };
    u.locator = locator;
    u.reid();
    u.byte_span = span;
    out.push(Piece {
        unit: u,
        attachment,
    });
}

/// An attachment as a unit: identified by its bytes, extracted when the format allows.
fn attachment_unit(
    name: &str,
    file: &str,
    bytes: Vec<u8>,
    locator: Locator,
    opts: &Options,
    depth: usize,
) -> DocumentUnit {
    let fmt = format::identify_bytes(file, &bytes);
    let mut u = DocumentUnit::new(name, locator.clone(), fmt.detected, String::new());
    u.meta("attachment", file);
    u.meta("attachment-format", fmt.detected.name());
    u.meta("attachment-bytes", bytes.len().to_string());
    if let Some(m) = &fmt.mismatch {
        u.diagnostics.push(Diagnostic::new(
            DiagnosticKind::Note,
            format!("attachment {file}: {m}"),
        ));
    }
    if !fmt.detected.extractable() {
        u.diagnostics.push(Diagnostic::new(
            DiagnosticKind::NotExtracted,
            format!(
                "attachment {file}: {}, not extracted",
                fmt.detected.description()
            ),
        ));
        return u;
    }
    match extract_bytes(file, fmt.detected, bytes, UnitChoice::File, opts, depth + 1) {
        Ok(x) => {
            let mut inner = merge_units(name, locator, fmt.detected, x.units);
            inner.metadata.splice(0..0, u.metadata);
            inner.diagnostics.splice(0..0, u.diagnostics);
            inner.diagnostics.push(Diagnostic::new(
                DiagnosticKind::Embedded,
                format!(
                    "attachment {file} ({}) extracted by the {} extractor",
                    fmt.detected.name(),
                    x.extractor.name
                ),
            ));
            inner.diagnostics.extend(x.diagnostics);
            // Byte spans found inside the attachment count its decoded bytes (after base64 or
            // quoted-printable), not the file's: drop them rather than point at wrong bytes.
            for d in &mut inner.diagnostics {
                d.byte_span = None;
            }
            inner
        }
        Err(e) => {
            let mut d = e.to_diagnostic();
            d.message = format!("attachment {file}: {}", d.message);
            u.diagnostics.push(d);
            u
        }
    }
}

/// Units of one message under `unit`: the body and attachments as parts, or one unit.
fn message_units(
    name: &str,
    pieces: Vec<Piece>,
    head: DocumentUnit,
    locator: Locator,
    unit: UnitChoice,
) -> Vec<DocumentUnit> {
    if unit == UnitChoice::Part {
        let mut units: Vec<DocumentUnit> = pieces.into_iter().map(|p| p.unit).collect();
        if let Some(first) = units.first_mut() {
            first.metadata.splice(0..0, head.metadata);
            for (k, v) in head.fields {
                first.fields.entry(k).or_default().extend(v);
            }
        }
        return units;
    }
    let attachments = pieces.iter().filter(|p| p.attachment).count();
    let mut u = merge_units(
        name,
        locator,
        Format::Email,
        pieces.into_iter().map(|p| p.unit).collect(),
    );
    u.metadata.splice(0..0, head.metadata);
    for (k, v) in head.fields {
        u.fields.entry(k).or_default().extend(v);
    }
    if attachments > 0 {
        u.diagnostics.push(Diagnostic::new(
            DiagnosticKind::Embedded,
            format!(
                "{attachments} attachment(s) joined into this unit (with a unit per part they stay apart)"
            ),
        ));
    }
    vec![u]
}

/// Extracts an `.eml` file.
pub fn extract_message_file(
    name: &str,
    bytes: Vec<u8>,
    unit: UnitChoice,
    opts: &Options,
    depth: usize,
) -> Result<Extracted, ExtractError> {
    let (pieces, head) = message_pieces(name, &bytes, 0, None, opts, depth)?;
    let units = message_units(name, pieces, head, Locator::File, unit);
    Ok(Extracted {
        extractor: INFO,
        units,
        diagnostics: Vec::new(),
    })
}

/// Byte ranges of the messages of an mbox archive: each starts at a `From ` line at the start
/// of the file or of a line.
pub fn split_mbox(b: &[u8]) -> Vec<(usize, usize)> {
    let mut starts = Vec::new();
    if b.starts_with(b"From ") {
        starts.push(0);
    }
    for p in memchr::memmem::find_iter(b, b"\nFrom ") {
        starts.push(p + 1);
    }
    let mut out = Vec::new();
    for (i, &s) in starts.iter().enumerate() {
        let e = starts.get(i + 1).copied().unwrap_or(b.len());
        out.push((s, e));
    }
    out
}

/// The message without its `From ` separator line, `>From ` lines unescaped (mboxrd).
fn unescape_message(m: &[u8]) -> (Vec<u8>, String, usize) {
    let nl = memchr::memchr(b'\n', m).map_or(m.len(), |p| p + 1);
    let envelope = String::from_utf8_lossy(&m[..nl]).trim().to_string();
    let body = &m[nl..];
    let mut out = Vec::with_capacity(body.len());
    for line in body.split_inclusive(|&c| c == b'\n') {
        let gt = line.iter().take_while(|&&c| c == b'>').count();
        if gt > 0 && line[gt..].starts_with(b"From ") {
            out.extend_from_slice(&line[1..]);
        } else {
            out.extend_from_slice(line);
        }
    }
    (out, envelope, nl)
}

/// Extracts an mbox archive: one unit per message (or per part, or one for the file).
pub fn extract_mbox(
    name: &str,
    bytes: Vec<u8>,
    unit: UnitChoice,
    opts: &Options,
    depth: usize,
) -> Result<Extracted, ExtractError> {
    let mut units = Vec::new();
    let mut diagnostics = Vec::new();
    let spans = split_mbox(&bytes);
    for (i, &(s, e)) in spans.iter().enumerate() {
        let n = (i + 1) as u32;
        let (msg, envelope, skip) = unescape_message(&bytes[s..e]);
        let unescaped = msg.len() != e - s - skip;
        match message_pieces(name, &msg, (s + skip) as u64, Some(n), opts, depth) {
            Ok((mut pieces, mut head)) => {
                head.meta("envelope", envelope);
                if unescaped {
                    // Offsets after an unescaped line are shifted; keep only the message span.
                    for p in &mut pieces {
                        p.unit.byte_span = None;
                    }
                }
                let part_unit = if unit == UnitChoice::Part {
                    UnitChoice::Part
                } else {
                    UnitChoice::Message
                };
                let mut us = message_units(name, pieces, head, Locator::Message { n }, part_unit);
                if part_unit == UnitChoice::Message
                    && let Some(u) = us.first_mut()
                {
                    u.byte_span = Some(ByteSpan::new(s as u64, e as u64));
                }
                units.extend(us);
            }
            Err(err) => {
                let mut d = err.to_diagnostic();
                d.message = format!("message {n}: {}", d.message);
                diagnostics.push(d.at_bytes(ByteSpan::new(s as u64, e as u64)));
            }
        }
    }
    if spans.is_empty() {
        return Err(ExtractError::damaged(
            "no `From ` separator lines: not an mbox archive",
        ));
    }
    if unit == UnitChoice::File {
        let n = units.len();
        units = vec![merge_units(name, Locator::File, Format::Mbox, units)];
        diagnostics.push(Diagnostic::new(
            DiagnosticKind::Note,
            format!("{n} messages joined into one unit (the file as the unit): an mbox should not be one document"),
        ));
    }
    Ok(Extracted {
        extractor: INFO,
        units,
        diagnostics,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MULTI: &str = "From: =?UTF-8?B?w4lsb2RpZQ==?= <e@example.org>\r\n\
To: a@example.org\r\n\
Subject: =?ISO-8859-1?Q?R=E9sum=E9?=\r\n\
MIME-Version: 1.0\r\n\
Content-Type: multipart/mixed; boundary=XYZ\r\n\
\r\n\
--XYZ\r\n\
Content-Type: text/plain; charset=iso-8859-1\r\n\
Content-Transfer-Encoding: quoted-printable\r\n\
\r\n\
Voici mon r=E9sum=E9.\r\n\
--XYZ\r\n\
Content-Type: text/html; charset=utf-8\r\n\
Content-Disposition: attachment; filename=\"cv.html\"\r\n\
Content-Transfer-Encoding: base64\r\n\
\r\n\
PGh0bWw+PGJvZHk+PHA+Q3VycmljdWx1bSB2aXRhZTwvcD48L2JvZHk+PC9odG1sPg==\r\n\
--XYZ--\r\n";

    #[test]
    fn parts_charsets_and_encoded_words() {
        let x = extract_message_file(
            "m.eml",
            MULTI.as_bytes().to_vec(),
            UnitChoice::Part,
            &Options::default(),
            0,
        )
        .unwrap();
        assert_eq!(x.units.len(), 2);
        let body = &x.units[0];
        assert_eq!(body.text.trim(), "Voici mon résumé.");
        assert_eq!(body.meta_value("subject"), Some("Résumé"));
        assert!(body.meta_value("from").unwrap().starts_with("Élodie"));
        assert!(
            body.diagnostics
                .iter()
                .any(|d| d.kind == DiagnosticKind::Charset && d.message.contains("windows-1252"))
        );
        let att = &x.units[1];
        assert_eq!(att.locator.to_string(), "part 2 (attachment cv.html)");
        assert_eq!(att.text, "Curriculum vitae");
        let one = extract_message_file(
            "m.eml",
            MULTI.as_bytes().to_vec(),
            UnitChoice::Message,
            &Options::default(),
            0,
        )
        .unwrap();
        assert_eq!(one.units.len(), 1);
        assert!(one.units[0].text.contains("résumé") && one.units[0].text.contains("Curriculum"));
    }

    #[test]
    fn attachment_names_in_encoded_words_and_rfc_2231_are_decoded() {
        let mail = |disposition: &str| {
            format!(
                "From: a@example.org\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=B\r\n\r\n\
--B\r\nContent-Type: text/plain\r\n\r\nbody\r\n\
--B\r\nContent-Type: text/plain; charset=utf-8\r\n{disposition}\r\n\r\nattached\r\n--B--\r\n"
            )
        };
        for (disposition, name) in [
            (
                "Content-Disposition: attachment; filename=\"=?utf-8?B?UsOpc3Vtw6kucGRm?=\"",
                "Résumé.pdf",
            ),
            (
                "Content-Disposition: attachment; filename=\"=?iso-8859-1?Q?r=E9sum=E9?= 2026.txt\"",
                "résumé 2026.txt",
            ),
            (
                "Content-Disposition: attachment; filename*=utf-8''R%C3%A9sum%C3%A9.txt",
                "Résumé.txt",
            ),
            (
                "Content-Disposition: attachment; filename=\"=?utf-8?Q?R=C3=A9sum=C3=A9?=.pdf\"",
                "Résumé.pdf",
            ),
            (
                "Content-Disposition: attachment; filename=\"=?utf-8?Q?R=C3=A9?= =?utf-8?Q?sum=C3=A9?=\"",
                "Résumé",
            ),
            (
                "Content-Disposition: attachment; filename*0*=utf-8''R%C3%A9s; filename*1=\"um.txt\"",
                "Résum.txt",
            ),
        ] {
            let x = extract_message_file(
                "m.eml",
                mail(disposition).into_bytes(),
                UnitChoice::Part,
                &Options::default(),
                0,
            )
            .unwrap();
            assert_eq!(
                x.units[1].locator.to_string(),
                format!("part 2 (attachment {name})"),
                "{disposition}"
            );
        }
    }

    #[test]
    fn mbox_messages() {
        let mbox = "From a@b Mon Jan  1 00:00:00 2001\nFrom: a@b\nSubject: one\n\nFirst.\n>From the start.\n\nFrom c@d Tue Jan  2 00:00:00 2001\nFrom: c@d\nSubject: two\n\nSecond.\n";
        let x = extract_mbox(
            "x.mbox",
            mbox.as_bytes().to_vec(),
            UnitChoice::Message,
            &Options::default(),
            0,
        )
        .unwrap();
        assert_eq!(x.units.len(), 2);
        assert_eq!(x.units[0].locator.to_string(), "message 1");
        assert!(
            x.units[0].text.contains("From the start."),
            "{}",
            x.units[0].text
        );
        assert_eq!(x.units[1].meta_value("subject"), Some("two"));
        let span = x.units[1].byte_span.unwrap();
        assert!(mbox[span.start as usize..].starts_with("From c@d"));
    }
}
