//! Declared encodings: what the document (or its transport) says about itself.
//!
//! * HTML `<meta charset>` / `<meta http-equiv content>`: the WHATWG HTML "prescan a byte stream
//!   to determine its encoding" algorithm (HTML §13.2.3.2), over the first 1024 bytes, byte for
//!   byte as the standard writes it.
//! * XML: the encoding declaration of the XML declaration (XML 1.0 §4.3.3), including its UTF-16
//!   and UTF-32 forms recognised from `3C 00 3F 00`, `00 00 00 3C` and the like (XML 1.0
//!   Appendix F).
//! * Email: the `charset` parameter of the top-level `Content-Type` header (RFC 2045 §5), parsed
//!   with mailparse.
//! * Transport: a `Content-Type` value given by the caller (an HTTP header), RFC 9110 §8.3.
//! * Plain text and source code: the coding declarations of Python (PEP 263), Emacs and Vim
//!   ([`coding_declaration`]), which no text consumer follows but which say what the author
//!   wrote in: evidence for the likely verdict, never the decision.
//!
//! Each declaration keeps the byte span where it was found and the label exactly as written;
//! labels resolve later, by WHATWG rules, in [`super::charset`].

use super::charset::Charset;
use crate::span::ByteSpan;

mod coding;
pub use coding::coding_declaration;

/// How many bytes the HTML prescan examines (HTML §13.2.3.2 allows stopping after 1024).
pub const PRESCAN_LIMIT: usize = 1024;

/// A charset label found in the document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    /// The label as written (case and spacing kept).
    pub label: String,
    /// Where the declaring construct is: the whole `<meta …>` tag, XML declaration or header.
    pub span: ByteSpan,
    /// Which construct declared it, e.g. `<meta charset>`.
    pub construct: String,
}

const fn is_space(b: u8) -> bool {
    matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

/// What the prescan found: the `<meta>` that decides, and those it passed over on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Prescan {
    /// The first `<meta>` whose label is an encoding (WHATWG "get an encoding" succeeds).
    pub found: Option<Declaration>,
    /// Earlier `<meta>` tags with a label that is not one (`bogus`, `""`, `MacCyrillic`): the
    /// standard skips them and goes on scanning (HTML §13.2.3.2, step "Processing", 10–11).
    pub skipped: Vec<Declaration>,
    /// When the prescan finds nothing: the first `<meta>` the HTML parser meets later, which
    /// changes the encoding while the page is parsed ([`parser_meta`]).
    pub late: Option<Declaration>,
}

/// Runs the WHATWG prescan over the first [`PRESCAN_LIMIT`] bytes of `head`: the first `<meta>`
/// whose label is an encoding decides, and a `<meta>` whose label is not one is passed over
/// (kept in [`Prescan::skipped`], so the report can show what the standard ignores). When it
/// finds nothing, [`parser_meta`] looks for the declaration the parser meets later.
///
/// The standard post-processes the result (UTF-16 → UTF-8, x-user-defined → windows-1252);
/// that happens in `decide`, which knows the resolved encoding.
pub fn prescan_html(head: &[u8]) -> Prescan {
    let mut out = Prescan::default();
    out.found = scan(head, PRESCAN_LIMIT, Mode::Prescan, &mut out.skipped);
    if out.found.is_none() {
        out.late = parser_meta(head);
    }
    out
}

/// The first `<meta>` declaration the HTML parser meets anywhere in `head`, as the tree builder
/// reads it: while the encoding is still tentative (no BOM, no transport header, nothing the
/// prescan found), a `<meta>` start tag whose `charset`, or else whose `http-equiv` +
/// `content`, gives an encoding changes the encoding and the page is parsed again in it (WHATWG
/// HTML §13.2.6.4.4 "in head", `meta`; §13.2.3.4 "changing the encoding while parsing").
/// Comments and the text of raw-text elements (`<script>`, `<style>`, `<title>`…) hold no tags.
pub fn parser_meta(head: &[u8]) -> Option<Declaration> {
    scan(head, head.len(), Mode::Parser, &mut Vec::new())
}

/// How [`scan`] reads the bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// HTML §13.2.3.2, byte for byte.
    Prescan,
    /// As the tokenizer and tree builder see tags: the contents of raw-text and RCDATA elements
    /// skipped, and the `<meta>` rules of the "in head" insertion mode.
    Parser,
}

/// Elements whose contents the tokenizer reads as text up to their end tag (HTML §13.2.5:
/// RAWTEXT, RCDATA and script data; `<noscript>` as a browser with scripting reads it).
const RAW_TEXT: &[&[u8]] = &[
    b"script",
    b"style",
    b"title",
    b"textarea",
    b"xmp",
    b"iframe",
    b"noembed",
    b"noframes",
    b"noscript",
];

/// The prescan's loop over the first `limit` bytes, in `mode`; labels that are not encodings go
/// to `skipped`.
fn scan(
    head: &[u8],
    limit: usize,
    mode: Mode,
    skipped: &mut Vec<Declaration>,
) -> Option<Declaration> {
    let b = &head[..head.len().min(limit)];
    let mut pos = 0usize;
    while pos < b.len() {
        // Every step but "advance by one" starts at a `<`: go to the next one.
        match memchr::memchr(b'<', &b[pos..]) {
            Some(i) => pos += i,
            None => break,
        }
        let rest = &b[pos..];
        if rest.starts_with(b"<!--") {
            // Advance to the end of the first "-->" that comes after the "<".
            match memchr::memmem::find(&b[pos + 2..], b"-->") {
                Some(i) => pos = pos + 2 + i + 3,
                None => return None,
            }
            continue;
        }
        if rest.len() >= 6
            && rest[..5].eq_ignore_ascii_case(b"<meta")
            && (is_space(rest[5]) || rest[5] == b'/')
        {
            let tag_start = pos;
            pos += 5;
            let mut seen: Vec<Vec<u8>> = Vec::new();
            let mut got_pragma = false;
            let mut need_pragma: Option<bool> = None;
            let mut charset: Option<Vec<u8>> = None;
            // The parser's reading: the `charset` attribute, and the `content` one's charset.
            let mut charset_attr: Option<Vec<u8>> = None;
            let mut content_charset: Option<Vec<u8>> = None;
            loop {
                match get_attribute(b, &mut pos) {
                    Attr::End => return None,
                    Attr::None => break,
                    Attr::Some(name, value) => {
                        if seen.contains(&name) {
                            continue;
                        }
                        seen.push(name.clone());
                        match name.as_slice() {
                            b"http-equiv" if value == b"content-type" => got_pragma = true,
                            b"content" => {
                                let cs = charset_from_content(&value);
                                if charset.is_none()
                                    && let Some(cs) = &cs
                                {
                                    charset = Some(cs.clone());
                                    need_pragma = Some(true);
                                }
                                content_charset = cs;
                            }
                            b"charset" => {
                                charset_attr = Some(value.clone());
                                charset = Some(value);
                                need_pragma = Some(false);
                            }
                            _ => {}
                        }
                    }
                }
            }
            // Find the end of the tag for the span (the '>' the attribute loop stopped at).
            let tag_end = memchr::memchr(b'>', &b[pos.min(b.len())..])
                .map(|i| pos + i + 1)
                .unwrap_or(b.len());
            let declaration = |label: &[u8], need: bool| Declaration {
                label: String::from_utf8_lossy(label).trim().to_string(),
                span: ByteSpan::new(tag_start as u64, tag_end as u64),
                construct: if need {
                    "<meta http-equiv=\"Content-Type\" content>".to_string()
                } else {
                    "<meta charset>".to_string()
                },
            };
            let is_encoding =
                |d: &Declaration| encoding_rs::Encoding::for_label(d.label.as_bytes()).is_some();
            if mode == Mode::Parser {
                // "If the element has a charset attribute, and getting an encoding from its
                // value results in an encoding … Otherwise, if the element has an http-equiv
                // attribute whose value is … Content-Type, and … a content attribute …"
                let by_charset = charset_attr
                    .map(|c| declaration(&c, false))
                    .filter(is_encoding);
                let by_content = content_charset
                    .filter(|_| got_pragma)
                    .map(|c| declaration(&c, true))
                    .filter(is_encoding);
                if let Some(d) = by_charset.or(by_content) {
                    return Some(d);
                }
                pos += 1;
                continue;
            }
            let Some(need) = need_pragma else {
                pos += 1;
                continue;
            };
            if need && !got_pragma {
                pos += 1;
                continue;
            }
            let Some(cs) = charset else {
                pos += 1;
                continue;
            };
            let d = declaration(&cs, need);
            // "Let charset be the result of getting an encoding from charset. If charset is
            // failure, then jump to the step below labeled next byte."
            if !is_encoding(&d) {
                skipped.push(d);
                pos += 1;
                continue;
            }
            return Some(d);
        }
        if rest.len() >= 2
            && rest[0] == b'<'
            && (rest[1].is_ascii_alphabetic()
                || (rest[1] == b'/' && rest.len() >= 3 && rest[2].is_ascii_alphabetic()))
        {
            // A start or end tag: skip its name and attributes.
            let name_end = match b[pos..].iter().position(|&c| is_space(c) || c == b'>') {
                Some(i) => pos + i,
                None => return None,
            };
            let name = &b[pos + 1..name_end];
            pos = name_end;
            loop {
                match get_attribute(b, &mut pos) {
                    Attr::End => return None,
                    Attr::None => break,
                    Attr::Some(..) => {}
                }
            }
            pos += 1;
            if mode == Mode::Parser {
                // `<plaintext>` makes the rest of the page text.
                if name.eq_ignore_ascii_case(b"plaintext") {
                    return None;
                }
                if RAW_TEXT.iter().any(|r| name.eq_ignore_ascii_case(r)) {
                    pos = end_of_raw_text(b, pos, name)?;
                }
            }
            continue;
        }
        if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            match memchr::memchr(b'>', &b[pos + 2..]) {
                Some(i) => pos = pos + 2 + i + 1,
                None => return None,
            }
            continue;
        }
        pos += 1;
    }
    None
}

/// Where the text of a raw-text element that starts at `from` ends: at its end tag (`</name`
/// followed by a space, `/` or `>`, in any case), which is then read as a tag (HTML §13.2.5.12
/// "appropriate end tag token"). `None` when the bytes end first.
fn end_of_raw_text(b: &[u8], from: usize, name: &[u8]) -> Option<usize> {
    let mut at = from;
    loop {
        let i = at + memchr::memmem::find(&b[at..], b"</")?;
        let after = i + 2 + name.len();
        if b.len() > after
            && b[i + 2..after].eq_ignore_ascii_case(name)
            && (is_space(b[after]) || b[after] == b'/' || b[after] == b'>')
        {
            return Some(i);
        }
        at = i + 2;
    }
}

enum Attr {
    /// An attribute (name and value lower-cased, as the standard's algorithm does).
    Some(Vec<u8>, Vec<u8>),
    /// No more attributes in this tag (`pos` is at the `>`).
    None,
    /// Ran off the end of the prescanned bytes: the prescan fails.
    End,
}

/// HTML §13.2.3.2 "get an attribute".
fn get_attribute(b: &[u8], pos: &mut usize) -> Attr {
    macro_rules! at {
        () => {
            match b.get(*pos) {
                Some(&c) => c,
                None => return Attr::End,
            }
        };
    }
    // 1. Skip whitespace and slashes.
    while is_space(at!()) || at!() == b'/' {
        *pos += 1;
    }
    // 2.
    if at!() == b'>' {
        return Attr::None;
    }
    let mut name = Vec::new();
    let mut value = Vec::new();
    // 4. Name.
    loop {
        let c = at!();
        if c == b'=' && !name.is_empty() {
            *pos += 1;
            return attribute_value(b, pos, name, value);
        } else if is_space(c) {
            break;
        } else if c == b'/' || c == b'>' {
            return Attr::Some(name, value);
        } else {
            name.push(c.to_ascii_lowercase());
        }
        *pos += 1;
    }
    // 6. Spaces.
    while is_space(at!()) {
        *pos += 1;
    }
    // 7.
    if at!() != b'=' {
        return Attr::Some(name, value);
    }
    *pos += 1;
    value.clear();
    attribute_value(b, pos, name, value)
}

/// Steps 9–12 of "get an attribute": the value.
fn attribute_value(b: &[u8], pos: &mut usize, name: Vec<u8>, mut value: Vec<u8>) -> Attr {
    macro_rules! at {
        () => {
            match b.get(*pos) {
                Some(&c) => c,
                None => return Attr::End,
            }
        };
    }
    while is_space(at!()) {
        *pos += 1;
    }
    let c = at!();
    if c == b'"' || c == b'\'' {
        let quote = c;
        loop {
            *pos += 1;
            let c = at!();
            if c == quote {
                *pos += 1;
                return Attr::Some(name, value);
            }
            value.push(c.to_ascii_lowercase());
        }
    }
    if c == b'>' {
        return Attr::Some(name, value);
    }
    value.push(c.to_ascii_lowercase());
    *pos += 1;
    loop {
        let c = at!();
        if is_space(c) || c == b'>' {
            return Attr::Some(name, value);
        }
        value.push(c.to_ascii_lowercase());
        *pos += 1;
    }
}

/// HTML §2.5.? "algorithm for extracting a character encoding from a meta element".
fn charset_from_content(s: &[u8]) -> Option<Vec<u8>> {
    let mut pos = 0usize;
    loop {
        let i = find_ci(&s[pos..], b"charset")?;
        pos += i + 7;
        while pos < s.len() && is_space(s[pos]) {
            pos += 1;
        }
        if pos >= s.len() || s[pos] != b'=' {
            continue;
        }
        pos += 1;
        while pos < s.len() && is_space(s[pos]) {
            pos += 1;
        }
        let c = *s.get(pos)?;
        if c == b'"' || c == b'\'' {
            let end = s[pos + 1..].iter().position(|&x| x == c)?;
            return Some(s[pos + 1..pos + 1 + end].to_vec());
        }
        let end = s[pos..]
            .iter()
            .position(|&x| is_space(x) || x == b';')
            .map(|e| pos + e)
            .unwrap_or(s.len());
        return Some(s[pos..end].to_vec());
    }
}

fn find_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

/// The UTF-16 or UTF-32 form `<?xml` is written in at the start of `b` without a byte order
/// mark, and its code unit in bytes (XML 1.0 Appendix F: `3C 00 3F 00`, `00 3C 00 3F`,
/// `3C 00 00 00`, `00 00 00 3C`).
pub fn wide_xml_form(b: &[u8]) -> Option<(Charset, usize)> {
    const FORMS: [(&[u8], usize); 4] = [
        (b"<\0?\0x\0m\0l\0", 2),
        (b"\0<\0?\0x\0m\0l", 2),
        (b"<\0\0\0?\0\0\0x\0\0\0m\0\0\0l\0\0\0", 4),
        (b"\0\0\0<\0\0\0?\0\0\0x\0\0\0m\0\0\0l", 4),
    ];
    let charsets = [
        Charset::UTF_16LE,
        Charset::UTF_16BE,
        Charset::Utf32Le,
        Charset::Utf32Be,
    ];
    FORMS
        .iter()
        .zip(charsets)
        .find(|((form, _), _)| b.starts_with(form))
        .map(|((_, unit), cs)| (cs, *unit))
}

/// Whether `b` starts with `<?xm` in EBCDIC (`4C 6F A7 94`, XML 1.0 Appendix F): "EBCDIC (in
/// some flavor; the full encoding declaration must be read to tell which code page is in
/// use)".
pub fn ebcdic_xml_form(b: &[u8]) -> bool {
    b.starts_with(&[0x4C, 0x6F, 0xA7, 0x94])
}

/// Reads the encoding declaration of an XML declaration at the start of `head` (after any BOM,
/// whose length is `skip`). Also recognises the declaration written in UTF-16 without a BOM,
/// and says in which byte order, and the declaration written in EBCDIC, read through the
/// characters every EBCDIC page writes alike (XML 1.0 Appendix F); the second value is the
/// form it is written in, when not ASCII (IBM037 stands for any EBCDIC page).
pub fn xml_declaration(head: &[u8], skip: usize) -> Option<(Declaration, Option<Charset>)> {
    let b = &head[skip.min(head.len())..];
    let (text, unit, wide): (Vec<u8>, usize, Option<Charset>) = match wide_xml_form(b) {
        Some((cs, unit)) => {
            // The ASCII byte of each code unit: the last of a big-endian one.
            let at = if matches!(cs, Charset::Utf32Be) || cs == Charset::UTF_16BE {
                unit - 1
            } else {
                0
            };
            let text = b.iter().skip(at).step_by(unit).take(512).copied().collect();
            (text, unit, Some(cs))
        }
        None if b.starts_with(b"<?xml") => (b[..b.len().min(512)].to_vec(), 1, None),
        // Letters, digits, space, `<?=\"'-_.:` are invariant across the EBCDIC pages.
        None if ebcdic_xml_form(b) => {
            let page = crate::decode::ebcdic::EbcdicPage::Ibm037;
            let text = b
                .iter()
                .take(512)
                .map(|&x| u8::try_from(u32::from(page.char_of(x))).unwrap_or(0))
                .collect();
            (text, 1, Some(Charset::Ebcdic(page)))
        }
        None => return None,
    };
    if text.len() < 6 || !is_space(text[5]) {
        return None;
    }
    let end = memchr::memmem::find(&text, b"?>")?;
    let decl = &text[..end];
    let i = memchr::memmem::find(decl, b"encoding")?;
    let mut p = i + 8;
    while p < decl.len() && is_space(decl[p]) {
        p += 1;
    }
    if decl.get(p) != Some(&b'=') {
        return None;
    }
    p += 1;
    while p < decl.len() && is_space(decl[p]) {
        p += 1;
    }
    let q = *decl.get(p)?;
    if q != b'"' && q != b'\'' {
        return None;
    }
    let close = decl[p + 1..].iter().position(|&c| c == q)?;
    let label = String::from_utf8_lossy(&decl[p + 1..p + 1 + close]).to_string();
    let span = ByteSpan::new(skip as u64, (skip + (end + 2) * unit) as u64);
    Some((
        Declaration {
            label,
            span,
            construct: "XML declaration".to_string(),
        },
        wide,
    ))
}

/// Header names that mark the start of an RFC 5322 message (or an mbox `From ` line).
const MAIL_HEADERS: &[&str] = &[
    "from",
    "to",
    "subject",
    "date",
    "message-id",
    "received",
    "return-path",
    "mime-version",
    "content-type",
    "delivered-to",
    "reply-to",
    "cc",
    "x-mailer",
    "user-agent",
    "sender",
    "in-reply-to",
    "references",
];

/// True when `head` starts like an email: an optional mbox `From ` line, then header fields,
/// the first of which is a well-known one and at least two of which are present.
pub fn looks_like_email(head: &[u8]) -> bool {
    let body = skip_mbox_line(head);
    let mut known = 0;
    for (i, line) in body.split(|&c| c == b'\n').take(40).enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            break;
        }
        if line[0] == b' ' || line[0] == b'\t' {
            continue; // folded continuation
        }
        let Some(colon) = line.iter().position(|&c| c == b':') else {
            return false;
        };
        let name = &line[..colon];
        if name.is_empty() || !name.iter().all(|&c| (33..=126).contains(&c)) {
            return false;
        }
        let lower = String::from_utf8_lossy(name).to_ascii_lowercase();
        let is_known = MAIL_HEADERS.contains(&lower.as_str()) || lower.starts_with("x-");
        if i == 0 && !is_known {
            return false;
        }
        known += is_known as usize;
    }
    known >= 2
}

fn skip_mbox_line(head: &[u8]) -> &[u8] {
    if head.starts_with(b"From ") {
        match memchr::memchr(b'\n', head) {
            Some(i) => &head[i + 1..],
            None => &[],
        }
    } else {
        head
    }
}

/// The `charset` parameter of the top-level `Content-Type` header of an email.
/// Returns the declaration and the MIME type (useful to tell a multipart message).
pub fn mime_charset(head: &[u8]) -> Option<(Declaration, String)> {
    if !looks_like_email(head) {
        return None;
    }
    let body = skip_mbox_line(head);
    let base = (body.as_ptr() as usize) - (head.as_ptr() as usize);
    let (headers, _) = mailparse::parse_headers(body).ok()?;
    for h in &headers {
        if !h.get_key_ref().eq_ignore_ascii_case("content-type") {
            continue;
        }
        let ct = mailparse::parse_content_type(&h.get_value());
        let label = ct.params.get("charset")?.clone();
        // mailparse hands out slices of the input, so their addresses give the offsets.
        let key = h.get_key_raw();
        let val = h.get_value_raw();
        let start = key.as_ptr() as usize - body.as_ptr() as usize + base;
        let end = val.as_ptr() as usize + val.len() - body.as_ptr() as usize + base;
        return Some((
            Declaration {
                label,
                span: ByteSpan::new(start as u64, end as u64),
                construct: "MIME Content-Type header".to_string(),
            },
            ct.mimetype,
        ));
    }
    None
}

/// The charset parameter and MIME type of a transport `Content-Type` value, e.g.
/// `text/html; charset=ISO-8859-1`.
pub fn transport_charset(content_type: &str) -> (Option<String>, String) {
    let ct = mailparse::parse_content_type(content_type);
    (ct.params.get("charset").cloned(), ct.mimetype)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(html: &str) -> Option<String> {
        prescan_html(html.as_bytes()).found.map(|d| d.label)
    }

    /// HTML §13.2.3.2 step by step: the pragma rules (`http-equiv` + `content`, `charset`
    /// without a pragma), and a label that is not an encoding passed over while the scan goes
    /// on to the next `<meta>`.
    #[test]
    fn prescan_passes_over_labels_that_are_not_encodings() {
        let p = prescan_html(br#"<meta charset="bogus"><meta charset="shift_jis">"#);
        assert_eq!(p.found.unwrap().label, "shift_jis");
        assert_eq!(p.skipped.len(), 1);
        assert_eq!(p.skipped[0].label, "bogus");
        // An empty label is no encoding either.
        assert_eq!(
            meta(r#"<meta charset=""><meta charset="iso-8859-7">"#).as_deref(),
            Some("iso-8859-7")
        );
        // Through http-equiv + content as well.
        assert_eq!(
            meta(r#"<meta http-equiv="Content-Type" content="text/html; charset=nonsense"><meta http-equiv="Content-Type" content="text/html; charset=koi8-r">"#)
                .as_deref(),
            Some("koi8-r")
        );
        // A name outside WHATWG is passed over (the likely verdict weighs it).
        let p = prescan_html(br#"<meta charset="MacCyrillic">"#);
        assert!(p.found.is_none());
        assert_eq!(p.skipped[0].label, "maccyrillic");
        // `content` without `http-equiv` needs the pragma: passed over without a record.
        let p = prescan_html(br#"<meta content="text/html; charset=utf-8"><meta charset=euc-kr>"#);
        assert_eq!(p.found.unwrap().label, "euc-kr");
        assert!(p.skipped.is_empty());
        // `charset` alone needs no pragma, even next to an unrelated http-equiv.
        assert_eq!(
            meta(r#"<meta http-equiv="refresh" charset="big5">"#).as_deref(),
            Some("big5")
        );
    }

    #[test]
    fn prescan_cases() {
        assert_eq!(meta(r#"<meta charset="utf-8">"#).as_deref(), Some("utf-8"));
        assert_eq!(
            meta("<META CHARSET=ISO-8859-1>").as_deref(),
            Some("iso-8859-1")
        );
        assert_eq!(
            meta(r#"<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">"#)
                .as_deref(),
            Some("windows-1251")
        );
        // content without the pragma is ignored.
        assert_eq!(meta(r#"<meta content="text/html; charset=koi8-r">"#), None);
        // Inside a comment: ignored.
        assert_eq!(
            meta(r#"<!-- <meta charset="koi8-r"> --><meta charset="utf-8">"#).as_deref(),
            Some("utf-8")
        );
        // Inside an attribute value of another tag: ignored.
        assert_eq!(
            meta(r#"<a title='<meta charset="koi8-r">'><meta charset=euc-jp>"#).as_deref(),
            Some("euc-jp")
        );
        // The first charset attribute wins; duplicates are skipped.
        assert_eq!(
            meta(r#"<meta charset="big5" charset="gbk">"#).as_deref(),
            Some("big5")
        );
        // Beyond 1024 bytes: not seen.
        let late = format!("{}<meta charset=utf-8>", " ".repeat(1100));
        assert_eq!(meta(&late), None);
        // Quoted charset in content.
        assert_eq!(
            meta(r#"<meta http-equiv=content-type content='text/html;charset="shift_jis"'>"#)
                .as_deref(),
            Some("shift_jis")
        );
        assert_eq!(meta("<meta"), None);
    }

    fn late(html: &str) -> Option<String> {
        let p = prescan_html(html.as_bytes());
        assert!(p.found.is_none() || p.late.is_none());
        p.late.map(|d| d.label)
    }

    /// HTML §13.2.3.4 and the "in head" `meta` rules: what the parser meets once the prescan
    /// has found nothing.
    #[test]
    fn the_parser_meets_a_meta_past_the_prescan() {
        let pad = format!("<!-- {} -->", "x".repeat(1100));
        // Past 1024 bytes: the prescan misses it, the parser does not.
        let html = format!("{pad}<meta charset=iso8859-2>");
        assert_eq!(meta(&html), None);
        assert_eq!(late(&html).as_deref(), Some("iso8859-2"));
        let d = prescan_html(html.as_bytes()).late.unwrap();
        assert_eq!(
            &html[d.span.start as usize..d.span.end as usize],
            "<meta charset=iso8859-2>"
        );
        // Found by the prescan: nothing late is looked for.
        assert_eq!(late("<meta charset=utf-8>"), None);
        // The text of raw-text and RCDATA elements holds no tags, whatever its case.
        for el in ["script", "style", "title", "textarea", "noscript", "XMP"] {
            let html = format!("{pad}<{el}>'<meta charset=koi8-r>'</{el} ><meta charset=euc-kr>");
            assert_eq!(late(&html).as_deref(), Some("euc-kr"), "{el}");
        }
        // An end tag of another name does not end the script; `</scripts>` is not `</script>`.
        let html = format!(
            "{pad}<script>x='</p><meta charset=koi8-r></scripts>'</script><meta charset=big5>"
        );
        assert_eq!(late(&html).as_deref(), Some("big5"));
        // A script never closed, and `<plaintext>`, leave no tags after them.
        assert_eq!(late(&format!("{pad}<script><meta charset=koi8-r>")), None);
        assert_eq!(
            late(&format!("{pad}<plaintext><meta charset=koi8-r>")),
            None
        );
        // The tree builder's reading: a `charset` that is no encoding gives way to the same
        // tag's `http-equiv` + `content` (the prescan skips such a tag), and `content` needs the
        // pragma.
        assert_eq!(
            late(&format!(r#"{pad}<meta charset=bogus http-equiv=Content-Type content="text/html; charset=gbk">"#)).as_deref(),
            Some("gbk")
        );
        assert_eq!(
            late(&format!(r#"{pad}<meta content="text/html; charset=gbk"><meta charset=bogus><meta charset=utf-8>"#)).as_deref(),
            Some("utf-8")
        );
        // Cut off inside a tag: nothing.
        assert_eq!(late(&format!("{pad}<meta charset=euc-jp")), None);
    }

    #[test]
    fn prescan_span_covers_the_tag() {
        let html = r#"<html><head><meta charset="iso-8859-1"></head>"#;
        let d = prescan_html(html.as_bytes()).found.unwrap();
        assert_eq!(
            &html[d.span.start as usize..d.span.end as usize],
            r#"<meta charset="iso-8859-1">"#
        );
    }

    #[test]
    fn xml_declarations() {
        let (d, wide) =
            xml_declaration(br#"<?xml version="1.0" encoding="ISO-8859-2"?><a/>"#, 0).unwrap();
        assert_eq!(d.label, "ISO-8859-2");
        assert_eq!(d.span, ByteSpan::new(0, 43));
        assert_eq!(wide, None);
        // In EBCDIC (`4C 6F A7 94`), whatever the page: the label says which.
        let ebcdic = Charset::for_label("cp500")
            .unwrap()
            .charset
            .encode("<?xml version='1.0' encoding='cp500'?><a/>")
            .unwrap();
        assert!(ebcdic_xml_form(&ebcdic));
        let (d, written) = xml_declaration(&ebcdic, 0).unwrap();
        assert_eq!(d.label, "cp500");
        assert_eq!(d.span, ByteSpan::new(0, 38));
        assert!(matches!(written, Some(Charset::Ebcdic(_))));
        let u16: Vec<u8> = "<?xml version='1.0' encoding='UTF-16'?><a/>"
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        let (d, wide) = xml_declaration(&u16, 0).unwrap();
        assert_eq!(d.label, "UTF-16");
        assert_eq!(wide, Some(Charset::UTF_16LE));
        assert!(xml_declaration(b"<?xml version='1.0'?>", 0).is_none());
        assert!(xml_declaration(b"<?xml-stylesheet href='a'?>", 0).is_none());
    }

    #[test]
    fn email_headers() {
        let mail = b"From: a@example.com\r\nSubject: hi\r\nContent-Type: text/plain;\r\n charset=\"koi8-r\"\r\n\r\nbody";
        let (d, mime) = mime_charset(mail).unwrap();
        assert_eq!(d.label, "koi8-r");
        assert_eq!(mime, "text/plain");
        let span = &mail[d.span.start as usize..d.span.end as usize];
        assert!(
            span.starts_with(b"Content-Type"),
            "{:?}",
            String::from_utf8_lossy(span)
        );
        assert!(span.ends_with(b"\"koi8-r\""));
        assert!(looks_like_email(
            b"From MAILER-DAEMON Thu Jan  1 00:00:00 1970\nFrom: x\nTo: y\n\nhi"
        ));
        assert!(!looks_like_email(
            b"Note: this is prose.\nIt has a colon.\n"
        ));
        assert!(!looks_like_email(b"plain text"));
    }

    #[test]
    fn transport() {
        let (cs, mime) = transport_charset("text/html; charset=\"ISO-8859-1\"");
        assert_eq!(cs.as_deref(), Some("ISO-8859-1"));
        assert_eq!(mime, "text/html");
        assert_eq!(transport_charset("text/plain").0, None);
    }
}
