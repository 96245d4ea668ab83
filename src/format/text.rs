//! Files without a signature: text told apart from binary, and what kind of text — markup
//! (WHATWG sniffing: HTML, XML by its root element, SGML), JSON, mail (RFC 5322) and mbox,
//! EBCDIC, UTF-16/32 without a BOM by their NUL columns.

use super::{Format, kind};
use crate::span::ByteSpan;

/// Formats told from text patterns, for inputs without a binary signature. `whole` says the
/// head is the entire file (JSON can then be checked completely).
pub(super) fn text_format(head: &[u8], whole: bool) -> (Format, Option<ByteSpan>, String) {
    use Format::*;
    // Wide text: a BOM, or NUL-byte columns (UTF-16/32 without BOM).
    let wide = crate::decode::bom::sniff(head)
        .map(|b| (b.charset, format!("{} byte order mark", b.charset.name())))
        .or_else(|| {
            let w = crate::decode::validity::wide_pattern(head)?;
            let cs = crate::decode::charset::Charset::for_label(w.encoding)
                .ok()?
                .charset;
            let why = if w.text_units.is_some() {
                format!("{} code units that are all text (no BOM)", w.encoding)
            } else {
                format!("{} pattern of NUL bytes (no BOM)", w.encoding)
            };
            Some((cs, why))
        });
    let owned;
    let text: &[u8] = match &wide {
        Some((cs, _)) if !cs.is_ascii_compatible() => {
            let d = crate::decode::decode(head, 0, *cs, crate::decode::ErrorMode::Replace, false);
            owned = d.text.into_bytes();
            &owned
        }
        _ => head,
    };
    let prefix = wide
        .as_ref()
        .map(|(_, why)| format!("{why}; "))
        .unwrap_or_default();
    let body = kind::strip_bom_and_space(text);
    let lead = (text.len() - body.len()) as u64;
    let span = |n: usize| Some(ByteSpan::at(lead, n as u64));
    if wide
        .as_ref()
        .is_some_and(|(cs, _)| !cs.is_ascii_compatible())
    {
        // Offsets into decoded wide text do not map to bytes one to one.
        return (
            classify_markup(body).map_or(Text, |(f, _)| f),
            None,
            format!(
                "{prefix}{}",
                classify_markup(body).map_or("text".to_string(), |(_, why)| why)
            ),
        );
    }
    if let Some((f, why)) = classify_markup(body) {
        let n = body
            .iter()
            .position(|&c| c == b'\n')
            .unwrap_or(body.len())
            .min(40);
        return (f, span(n), format!("{prefix}{why}"));
    }
    if body.first().is_some_and(|&c| c == b'{' || c == b'[') && looks_like_json(body, whole) {
        return (
            Json,
            span(1),
            format!("{prefix}a JSON value starts here and parses"),
        );
    }
    if wide.is_some() {
        return (Text, None, format!("{prefix}text"));
    }
    if crate::decode::declared::ebcdic_xml_form(head) {
        return (
            EbcdicText,
            None,
            "the bytes start with `<?xm` in EBCDIC (4C 6F A7 94): an XML document in EBCDIC (XML 1.0 Appendix F)"
                .into(),
        );
    }
    if looks_like_ebcdic(head) {
        return (
            EbcdicText,
            None,
            "most bytes are EBCDIC letters, digits and spaces (40, 81–A9, C1–E9, F0–F9), few are ASCII letters"
                .into(),
        );
    }
    if looks_binary(head) {
        return (
            Binary,
            None,
            "no known signature, and NUL or control bytes that text does not hold".into(),
        );
    }
    (Text, None, "no signature or markup: text".into())
}

/// Markup and message formats recognised from the start of the text.
pub(super) fn classify_markup(body: &[u8]) -> Option<(Format, String)> {
    use Format::*;
    if body.starts_with(b"From ") {
        return Some((Mbox, "starts with an mbox `From ` separator line".into()));
    }
    if crate::decode::declared::looks_like_email(body) {
        return Some((Email, "starts with RFC 5322 header fields".into()));
    }
    // Every pattern below starts with `<`: plain text stops here, before a lower-case copy.
    if body.first() != Some(&b'<') {
        debug_assert!(kind::HTML_PATTERNS.iter().all(|p| p.starts_with(b"<")));
        return None;
    }
    let lower: Vec<u8> = body.iter().take(512).map(u8::to_ascii_lowercase).collect();
    if lower.starts_with(b"<!doctype lewis") || lower.starts_with(b"<reuters") {
        return Some((
            Sgml,
            "Reuters-21578 SGML (`<!DOCTYPE lewis` / `<REUTERS`)".into(),
        ));
    }
    if lower.starts_with(b"<?xml") {
        // An XML declaration followed by an XHTML root is still HTML to a reader.
        let is_xhtml = memchr::memmem::find(&lower, b"<html").is_some();
        return Some(if is_xhtml {
            (Html, "XML declaration and an `<html>` root (XHTML)".into())
        } else {
            (Xml, "starts with an XML declaration `<?xml`".into())
        });
    }
    // A comment opens HTML in WHATWG sniffing, and SVG exported by drawing programs alike
    // (`<!-- Generator: … -->` before `<svg …>`): the root that follows tells them apart.
    if lower.starts_with(b"<!--")
        && let Some(why) = xml_root(body)
        && memchr::memmem::find(&lower, b"<html").is_none()
    {
        return Some((Xml, why));
    }
    if lower.starts_with(b"<!doctype html") {
        return Some((
            Html,
            "starts with `<!DOCTYPE html` (WHATWG MIME sniffing)".into(),
        ));
    }
    for pat in kind::HTML_PATTERNS {
        if body.len() > pat.len()
            && body[..pat.len()].eq_ignore_ascii_case(pat)
            && (body[pat.len()] == b' ' || body[pat.len()] == b'>')
        {
            return Some((
                Html,
                format!(
                    "starts with `{}` (WHATWG MIME sniffing HTML pattern)",
                    String::from_utf8_lossy(pat)
                ),
            ));
        }
    }
    if let Some(why) = xml_root(body) {
        return Some((Xml, why));
    }
    if lower.starts_with(b"<!doctype") {
        return Some((
            Sgml,
            "an SGML document type declaration that is not HTML".into(),
        ));
    }
    None
}

/// Root elements of XML vocabularies that are met without an XML declaration.
pub(super) const XML_ROOTS: &[&str] = &[
    "svg",
    "rss",
    "feed",
    "rdf:RDF",
    "urlset",
    "sitemapindex",
    "plist",
    "xliff",
    "TEI",
    "smil",
    "math",
    "kml",
    "gpx",
    "opml",
    "xsl:stylesheet",
    "xs:schema",
    "package",
    "container",
];

/// XML without a declaration (`<svg xmlns=…>`, `<rss version="2.0">`, `<feed xmlns=…>`): the
/// head opens with a well-formed start tag (quick-xml reads it without error), and either its
/// name is a known XML root, it declares a namespace, or the whole head is well-formed up to
/// the root's end tag. XML 1.0 makes the declaration optional (§2.8); only `<?xml` is a
/// signature in WHATWG sniffing, so this runs after the HTML patterns.
pub(super) fn xml_root(body: &[u8]) -> Option<String> {
    use quick_xml::events::{BytesStart, Event};
    let mut r = quick_xml::Reader::from_reader(body);
    r.config_mut().check_end_names = true;
    let describe = |e: &BytesStart| -> Option<(String, bool)> {
        let name = e.name().as_ref().to_string();
        let mut xmlns = false;
        for a in e.attributes() {
            let a = a.ok()?;
            let k: &str = a.key.as_ref();
            xmlns |= k == "xmlns" || k.starts_with("xmlns:");
        }
        Some((name, xmlns))
    };
    // The prolog: white space, comments, processing instructions, a document type.
    let (name, xmlns, mut depth) = loop {
        match r.read_event().ok()? {
            Event::Text(t) if t.chars().all(|c| c.is_ascii_whitespace()) => {}
            Event::Comment(_) | Event::PI(_) | Event::DocType(_) => {}
            Event::Start(e) => {
                let (n, x) = describe(&e)?;
                break (n, x, 1usize);
            }
            Event::Empty(e) => {
                let (n, x) = describe(&e)?;
                break (n, x, 0usize);
            }
            _ => return None,
        }
    };
    while depth > 0 {
        match r.read_event() {
            Ok(Event::Start(_)) => depth += 1,
            Ok(Event::End(_)) => depth -= 1,
            Ok(Event::Eof) => break,
            // An error where the head was cut off is the cut, not bad XML.
            Err(_) if r.buffer_position() as usize + 256 >= body.len() => break,
            Err(_) => return None,
            Ok(_) => {}
        }
    }
    if depth == 0 {
        return Some(format!(
            "the element `<{name}>` is the root of a well-formed document, without an XML declaration"
        ));
    }
    if XML_ROOTS.contains(&name.as_str()) {
        return Some(format!(
            "starts with the root element `<{name}>` of an XML vocabulary, without an XML declaration"
        ));
    }
    xmlns.then(|| {
        format!(
            "starts with the root element `<{name}>` declaring an XML namespace, without an XML declaration"
        )
    })
}

pub(super) fn looks_like_json(body: &[u8], whole: bool) -> bool {
    let mut it = serde_json::Deserializer::from_slice(body).into_iter::<serde_json::Value>();
    match it.next() {
        Some(Ok(_)) => true,
        // A head cut off mid-value is still JSON as far as it goes.
        Some(Err(e)) => !whole && e.is_eof(),
        None => false,
    }
}

/// EBCDIC text: spaces are 0x40, letters 0x81–0xA9 and 0xC1–0xE9, digits 0xF0–0xF9. Nine bytes
/// in ten are such, with fewer than one in ten ASCII letters; or, where one byte in twenty is
/// 0x40 and almost none the ASCII space 0x20, eight in ten, with fewer than one in five ASCII
/// letters: Icelandic in IBM871 writes `á ð þ æ ö` at 0x42–0x79, where ASCII has its letters,
/// as much as 14 % of its bytes.
pub(super) fn looks_like_ebcdic(head: &[u8]) -> bool {
    if head.len() < 16 {
        return false;
    }
    // One table load per byte (the audit identifies every file): bit 0 marks the EBCDIC
    // text bytes, bit 1 the ASCII letters.
    static CLASS: std::sync::OnceLock<[u8; 256]> = std::sync::OnceLock::new();
    let class = CLASS.get_or_init(|| {
        let mut t = [0u8; 256];
        for (b, v) in t.iter_mut().enumerate() {
            let b = b as u8;
            let ebcdic = matches!(b, 0x40 | 0x4B | 0x6B | 0x7D | 0x15 | 0x25 | 0x0D
                | 0x81..=0x89 | 0x91..=0x99 | 0xA2..=0xA9
                | 0xC1..=0xC9 | 0xD1..=0xD9 | 0xE2..=0xE9 | 0xF0..=0xF9);
            *v = ebcdic as u8 | (b.is_ascii_alphabetic() as u8) << 1;
        }
        t
    });
    let (mut ebcdic, mut ascii_letters) = (0usize, 0usize);
    for chunk in head.chunks(64) {
        for &b in chunk {
            let v = class[b as usize];
            ebcdic += (v & 1) as usize;
            ascii_letters += (v >> 1) as usize;
        }
        // ASCII letters only add up: once a fifth of the head, the answer is no.
        if ascii_letters * 5 >= head.len() {
            return false;
        }
    }
    let n = head.len();
    let count = |x: u8| head.iter().filter(|&&b| b == x).count();
    if ebcdic * 10 >= n * 9 && ascii_letters * 10 < n {
        return true;
    }
    ebcdic * 10 >= n * 8 && count(0x40) * 20 >= n && count(0x20) * 100 < n
}

/// NUL bytes (more than one in a hundred: a stray NUL in a log is damage in text, not another
/// format), or many C0 controls other than whitespace and ESC: not text. SO and SI count as
/// text after an ISO 2022 designation to G1 (`ESC $ )`: ISO-2022-KR and -CN shift with them).
/// Runs of NULs ([`crate::decode::validity::nuls`]) are padding, not part of what is judged; bytes that are all
/// padding are no text.
pub(super) fn looks_binary(head: &[u8]) -> bool {
    let crate::decode::validity::Nuls {
        scattered: nuls,
        padding,
        ..
    } = crate::decode::validity::nuls(head);
    let judged = head.len() - padding;
    if judged == 0 && padding > 0 {
        return true;
    }
    if nuls * 100 > judged {
        return true;
    }
    let controls = control_bytes(head) - padding;
    controls * 20 > judged && {
        let shifts = memchr::memmem::find(head, b"\x1B$)").is_some();
        let so_si = head.iter().filter(|&&b| b == 0x0E || b == 0x0F).count();
        !shifts || (controls - so_si) * 20 > judged
    }
}

/// Bytes below 0x20 other than tab, line feed, form feed, carriage return and escape. Written
/// as compares summed per 255-byte chunk, which the compiler turns into vector code: every
/// file's format is identified, and a byte-by-byte filter was a third of that.
pub(super) fn control_bytes(head: &[u8]) -> usize {
    head.chunks(255)
        .map(|c| {
            c.iter().fold(0u8, |n, &b| {
                let allowed =
                    (b == b'\t') | (b == b'\n') | (b == 0x0C) | (b == b'\r') | (b == 0x1B);
                n.wrapping_add((b < 0x20) as u8 & !allowed as u8)
            }) as usize
        })
        .sum()
}
