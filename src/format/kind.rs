//! What kind of text document the bytes are, as far as decoding cares.
//!
//! Each kind has its own encoding precedence (HTML, XML and email declare encodings in
//! different places), so the encoding stage needs to know the kind first. The sniffing here
//! follows the WHATWG MIME Sniffing standard's HTML and XML patterns (§7.1, "identifying a
//! resource with an unknown MIME type"), an RFC 5322 header check for email, and the file
//! extension or a declared MIME type when the bytes do not say.

use crate::decode::declared::looks_like_email;
use serde::Serialize;
use std::path::Path;

/// The kinds of text document whose encoding rules differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TextKind {
    /// HTML: BOM > transport > `<meta>` > statistical (HTML §13.2.3).
    Html,
    /// XML: BOM > transport (RFC 7303) > encoding declaration > UTF-8 (XML 1.0 §4.3.3, App. F).
    Xml,
    /// Email (RFC 5322 / MIME): BOM > `Content-Type` charset > validity > statistical.
    Email,
    /// Plain text: BOM > UTF-16/32 pattern > UTF-8 validity > statistical.
    Text,
}

impl TextKind {
    /// Lower-case name, as in JSON.
    pub fn name(&self) -> &'static str {
        match self {
            TextKind::Html => "html",
            TextKind::Xml => "xml",
            TextKind::Email => "email",
            TextKind::Text => "text",
        }
    }
}

/// How the kind was recognised.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KindEvidence {
    pub kind: TextKind,
    /// "bytes start with `<!DOCTYPE html`", "extension .xml", "declared text/html".
    pub reason: String,
}

/// HTML patterns of WHATWG MIME Sniffing §7.1 step 2 (each must be followed by a space or `>`).
pub(crate) const HTML_PATTERNS: &[&[u8]] = &[
    b"<!DOCTYPE HTML",
    b"<HTML",
    b"<HEAD",
    b"<SCRIPT",
    b"<IFRAME",
    b"<H1",
    b"<DIV",
    b"<FONT",
    b"<TABLE",
    b"<A",
    b"<STYLE",
    b"<TITLE",
    b"<B",
    b"<BODY",
    b"<BR",
    b"<P",
    b"<!--",
];

/// The XML media types of RFC 7303: `application/xml`, `text/xml`, the `+xml` suffix, and the
/// external parsed entity and DTD types (`text/xml-external-parsed-entity`, whose `text/`
/// would otherwise make it plain text).
pub fn is_xml_media_type(m: &str) -> bool {
    m.ends_with("/xml")
        || m.ends_with("+xml")
        || matches!(
            m,
            "application/xml-external-parsed-entity"
                | "text/xml-external-parsed-entity"
                | "application/xml-dtd"
        )
}

/// Decides the kind from the first bytes (after any BOM), the path and a declared MIME type.
/// A declared MIME type wins over sniffing; sniffing wins over the extension.
pub fn sniff_kind(head: &[u8], path: Option<&Path>, declared_mime: Option<&str>) -> KindEvidence {
    if let Some(m) = declared_mime {
        let m = m.trim().to_ascii_lowercase();
        let kind = if m == "text/html" || m == "application/xhtml+xml" {
            Some(TextKind::Html)
        } else if is_xml_media_type(&m) {
            Some(TextKind::Xml)
        } else if m == "message/rfc822" {
            Some(TextKind::Email)
        } else if m.starts_with("text/") {
            Some(TextKind::Text)
        } else {
            None
        };
        if let Some(kind) = kind {
            return KindEvidence {
                kind,
                reason: format!("declared MIME type {m}"),
            };
        }
    }
    let body = strip_bom_and_space(head);
    if body.starts_with(b"<?xml") {
        return KindEvidence {
            kind: TextKind::Xml,
            reason: "bytes start with an XML declaration `<?xml`".into(),
        };
    }
    if crate::decode::declared::wide_xml_form(head).is_some() {
        return KindEvidence {
            kind: TextKind::Xml,
            reason: "bytes start with `<?xml` in UTF-16 or UTF-32".into(),
        };
    }
    if crate::decode::declared::ebcdic_xml_form(head) {
        return KindEvidence {
            kind: TextKind::Xml,
            reason: "bytes start with `<?xm` in EBCDIC (4C 6F A7 94)".into(),
        };
    }
    for pat in HTML_PATTERNS {
        if body.len() > pat.len()
            && body[..pat.len()].eq_ignore_ascii_case(pat)
            && (body[pat.len()] == b' ' || body[pat.len()] == b'>')
        {
            return KindEvidence {
                kind: TextKind::Html,
                reason: format!(
                    "bytes start with `{}` (WHATWG MIME sniffing HTML pattern)",
                    String::from_utf8_lossy(pat)
                ),
            };
        }
    }
    if looks_like_email(head) {
        return KindEvidence {
            kind: TextKind::Email,
            reason: "bytes start with RFC 5322 header fields".into(),
        };
    }
    let ext = path
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase());
    let by_ext = match ext.as_deref() {
        Some("html" | "htm" | "xhtml" | "shtml") => Some(TextKind::Html),
        Some("xml" | "xsd" | "xsl" | "xslt" | "svg" | "rss" | "atom" | "opf" | "xlf") => {
            Some(TextKind::Xml)
        }
        Some("eml" | "mbox" | "msg") => Some(TextKind::Email),
        _ => None,
    };
    if let Some(kind) = by_ext {
        return KindEvidence {
            kind,
            reason: format!("extension .{}", ext.unwrap_or_default()),
        };
    }
    KindEvidence {
        kind: TextKind::Text,
        reason: "no markup or header pattern at the start: plain text".into(),
    }
}

pub(crate) fn strip_bom_and_space(head: &[u8]) -> &[u8] {
    let b = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let n = b
        .iter()
        .take_while(|&&c| matches!(c, b'\t' | b'\n' | b'\x0C' | b'\r' | b' '))
        .count();
    &b[n..]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(head: &str, path: Option<&str>, mime: Option<&str>) -> TextKind {
        sniff_kind(head.as_bytes(), path.map(Path::new), mime).kind
    }

    #[test]
    fn kinds() {
        assert_eq!(kind("  <!doctype html><p>", None, None), TextKind::Html);
        assert_eq!(kind("<html lang=fr>", None, None), TextKind::Html);
        assert_eq!(kind("<?xml version='1.0'?><a/>", None, None), TextKind::Xml);
        assert_eq!(kind("From: a\nTo: b\n\nhi", None, None), TextKind::Email);
        assert_eq!(kind("hello", Some("x.html"), None), TextKind::Html);
        assert_eq!(kind("hello", None, Some("text/html")), TextKind::Html);
        assert_eq!(kind("<html>", None, Some("text/plain")), TextKind::Text);
        assert_eq!(kind("<blink>", None, None), TextKind::Text); // no pattern matches
        assert_eq!(kind("plain words", Some("notes.txt"), None), TextKind::Text);
        // RFC 7303's XML media types, the `text/` external parsed entity among them.
        for m in [
            "text/xml",
            "application/atom+xml",
            "text/xml-external-parsed-entity",
            "application/xml-dtd",
        ] {
            assert_eq!(kind("<a/>", None, Some(m)), TextKind::Xml, "{m}");
        }
        // `<?xml` in UTF-32, either byte order, without a name to go by.
        let wide = |b: &[u8]| sniff_kind(b, None, None).kind;
        let le: Vec<u8> = "<?xml".bytes().flat_map(|c| [c, 0, 0, 0]).collect();
        let be: Vec<u8> = "<?xml".bytes().flat_map(|c| [0, 0, 0, c]).collect();
        assert_eq!(wide(&le), TextKind::Xml);
        assert_eq!(wide(&be), TextKind::Xml);
    }
}
