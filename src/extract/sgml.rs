//! SGML collections in the style of Reuters-21578: a file of `<REUTERS …>` documents, each cut
//! into its own unit (`REUTERS NEWID=17980`). Entities stay as found (`&lt;`, `&#3;`): that is
//! what the NLTK distribution kept, and how the term `lt` reached the seed's index. Each
//! document says how many it holds.

use super::decoding::{charset_diagnostics, decode_file_text};
use super::diagnostic::{Diagnostic, DiagnosticKind};
use super::{DocumentUnit, Extracted, ExtractorInfo, Locator, Options, UnitChoice, merge_units};
use crate::decode::offsets::OffsetMap;
use crate::format::Format;

/// This extractor.
pub const INFO: ExtractorInfo = ExtractorInfo {
    name: "sgml",
    version: env!("CARGO_PKG_VERSION"),
    uses: "a Reuters-21578 (lewis.dtd) reader; entities kept as found",
};

/// Offset of `sub` (a slice of `whole`) in `whole`.
fn offset_in(whole: &str, sub: &str) -> usize {
    sub.as_ptr() as usize - whole.as_ptr() as usize
}

/// The offset map of a unit whose text is `parts` of the file's text (slices of `text`) joined
/// by one newline each, when each part maps byte for byte onto the file (the usual case: UTF-8
/// or ASCII). The newlines map to no bytes.
fn parts_map(text: &str, file_map: &OffsetMap, parts: &[&str]) -> Option<OffsetMap> {
    let mut m: Option<OffsetMap> = None;
    for (i, p) in parts.iter().enumerate() {
        let (a, b) = (offset_in(text, p), offset_in(text, p) + p.len());
        let span = file_map.span_of_range(text, a, b)?;
        if span.len() != p.len() as u64 {
            return None;
        }
        let m = m.get_or_insert_with(|| OffsetMap::new(span.start));
        if i > 0 {
            m.push_char(0, 1);
        }
        m.skip_src(span.start.checked_sub(m.src_end())?);
        m.push_same(p.len());
    }
    m
}

/// The text of the first `<tag>…</tag>` inside `doc`.
fn element<'a>(doc: &'a str, tag: &str) -> Option<&'a str> {
    let open = format!("<{tag}");
    let start = doc.find(&open)?;
    let after = doc[start..].find('>')? + start + 1;
    let close = format!("</{tag}>");
    let end = doc[after..].find(&close).map_or(doc.len(), |p| after + p);
    Some(&doc[after..end])
}

/// Values of `<D>` children of `<tag>` (TOPICS, PLACES…).
fn d_values(doc: &str, tag: &str) -> Vec<String> {
    let Some(inner) = element(doc, tag) else {
        return Vec::new();
    };
    inner
        .split("<D>")
        .skip(1)
        .filter_map(|p| p.split("</D>").next())
        .map(str::to_string)
        .collect()
}

/// An attribute of the start tag `tag` (`NEWID="17980"`).
fn attr(start_tag: &str, name: &str) -> Option<String> {
    let key = format!("{name}=\"");
    let p = start_tag.find(&key)? + key.len();
    let e = start_tag[p..].find('"')? + p;
    Some(start_tag[p..e].to_string())
}

/// Counts `&name;` and `&#n;` entities in `text`, by entity.
pub fn entity_counts(text: &str) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(p) = memchr::memchr(b'&', &b[i..]) {
        let at = i + p;
        let end = b[at + 1..]
            .iter()
            .take(12)
            .position(|&c| c == b';')
            .map(|q| at + 1 + q);
        if let Some(e) = end {
            let body = &text[at + 1..e];
            let ok = !body.is_empty()
                && (body.bytes().all(|c| c.is_ascii_alphanumeric())
                    || (body.starts_with('#')
                        && body[1..].bytes().all(|c| c.is_ascii_alphanumeric())));
            if ok {
                let name = format!("&{body};");
                match out.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, k)) => *k += 1,
                    None => out.push((name, 1)),
                }
                i = e + 1;
                continue;
            }
        }
        i = at + 1;
    }
    // Most frequent first; on a tie, named entities (which become index terms) before numeric.
    out.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then(a.0.starts_with("&#").cmp(&b.0.starts_with("&#")))
            .then(a.0.cmp(&b.0))
    });
    out
}

/// The diagnostic for entities left in a unit's text, if any.
pub fn entity_diagnostic(text: &str) -> Option<Diagnostic> {
    let counts = entity_counts(text);
    let total: u64 = counts.iter().map(|(_, k)| k).sum();
    if total == 0 {
        return None;
    }
    let first = counts[0].0.clone();
    let at = text.find(&first).unwrap_or(0);
    let list: Vec<String> = counts
        .iter()
        .take(5)
        .map(|(n, k)| format!("{n} ×{k}"))
        .collect();
    let terms: Vec<String> = counts
        .iter()
        .map(|(n, _)| n.trim_start_matches('&').trim_end_matches(';'))
        .filter(|t| t.chars().all(|c| c.is_ascii_alphabetic()))
        .map(|t| format!("'{t}'"))
        .collect();
    let hint = if terms.is_empty() {
        String::new()
    } else {
        format!(
            ": a tokenizer will index the term{} {}",
            if terms.len() == 1 { "" } else { "s" },
            terms.join(", ")
        )
    };
    Some(
        Diagnostic::new(
            DiagnosticKind::UndecodedEntity,
            format!(
                "{total} SGML entit{} left as found ({}){hint}",
                if total == 1 { "y" } else { "ies" },
                list.join(", ")
            ),
        )
        .count(total)
        .at_text(at, at + first.len()),
    )
}

/// Extracts an SGML file: one unit per `<REUTERS>` document (or the file, with `--unit file`).
pub fn extract_file(name: &str, bytes: Vec<u8>, unit: UnitChoice, opts: &Options) -> Extracted {
    let d = decode_file_text(name, bytes, opts);
    let text = &d.text;
    let mut units = Vec::new();
    let mut pos = 0;
    while let Some(p) = text[pos..].find("<REUTERS") {
        let start = pos + p;
        let end = text[start..]
            .find("</REUTERS>")
            .map_or(text.len(), |e| start + e + "</REUTERS>".len());
        let doc = &text[start..end];
        let start_tag = &doc[..doc.find('>').unwrap_or(doc.len())];
        let newid = attr(start_tag, "NEWID").unwrap_or_else(|| (units.len() + 1).to_string());
        let title_slice = element(doc, "TITLE").unwrap_or("").trim();
        let body_slice = element(doc, "BODY")
            .or_else(|| element(doc, "TEXT"))
            .unwrap_or("");
        let parts: Vec<&str> = [title_slice, body_slice]
            .into_iter()
            .filter(|p| !p.is_empty() || std::ptr::eq(*p, body_slice))
            .collect();
        let offsets = parts_map(text, &d.decoded.map, &parts);
        let title = title_slice.to_string();
        let body = body_slice.to_string();
        let mut u = DocumentUnit::new(
            name,
            Locator::Sgml {
                element: "REUTERS".into(),
                attr: "NEWID".into(),
                value: newid,
            },
            Format::Sgml,
            if title.is_empty() {
                body.clone()
            } else {
                format!("{title}\n{body}")
            },
        );
        u.encoding = Some(d.charset.name().to_string());
        u.field("title", title.clone());
        for f in ["TOPICS", "PLACES", "PEOPLE", "ORGS", "EXCHANGES"] {
            for v in d_values(doc, f) {
                u.field(&f.to_ascii_lowercase(), v);
            }
        }
        if let Some(dl) = element(doc, "DATELINE") {
            u.field("dateline", dl.trim());
        }
        if let Some(date) = element(doc, "DATE") {
            u.meta("date", date.trim());
        }
        for (a, m) in [
            ("OLDID", "oldid"),
            ("LEWISSPLIT", "lewissplit"),
            ("CGISPLIT", "cgisplit"),
            ("TOPICS", "has-topics"),
        ] {
            if let Some(v) = attr(start_tag, a) {
                u.meta(m, v);
            }
        }
        u.byte_span = d.decoded.map.span_of_range(text, start, end);
        u.offsets = offsets
            .filter(|m| m.text_len() == u.text.len())
            .map(std::sync::Arc::new);
        if let Some(diag) = entity_diagnostic(&u.text) {
            u.diagnostics.push(diag);
        }
        units.push(u);
        pos = end;
    }
    let mut diagnostics = charset_diagnostics("the collection", &d);
    if units.is_empty() {
        // Some other SGML: tags out, entities as found.
        let mut plain = String::with_capacity(text.len());
        let mut in_tag = false;
        for c in text.chars() {
            match c {
                '<' => in_tag = true,
                '>' if in_tag => in_tag = false,
                _ if !in_tag => plain.push(c),
                _ => {}
            }
        }
        let mut u = DocumentUnit::new(name, Locator::File, Format::Sgml, plain.trim().to_string());
        u.encoding = Some(d.charset.name().to_string());
        if let Some(diag) = entity_diagnostic(&u.text) {
            u.diagnostics.push(diag);
        }
        diagnostics.push(Diagnostic::new(
            DiagnosticKind::Note,
            "no <REUTERS> documents: the file is one unit, with its tags removed",
        ));
        units.push(u);
    } else if unit == UnitChoice::File {
        let n = units.len();
        let mut u = merge_units(name, Locator::File, Format::Sgml, units);
        u.diagnostics
            .retain(|d| d.kind != DiagnosticKind::UndecodedEntity);
        if let Some(diag) = entity_diagnostic(&u.text) {
            u.diagnostics.push(diag);
        }
        diagnostics.push(Diagnostic::new(
            DiagnosticKind::Note,
            format!("{n} documents joined into one unit (the file as the unit)"),
        ));
        units = vec![u];
    }
    Extracted {
        extractor: INFO,
        units,
        diagnostics,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "<!DOCTYPE lewis SYSTEM \"lewis.dtd\">\n\
<REUTERS TOPICS=\"YES\" NEWID=\"1\"><DATE>26-FEB-1987</DATE><TOPICS><D>cocoa</D></TOPICS>\n\
<TEXT>&#2;\n<TITLE>BAHIA COCOA REVIEW</TITLE><BODY>Showers continued &lt;ABC> in Bahia.\n&#3;</BODY></TEXT></REUTERS>\n\
<REUTERS NEWID=\"2\"><TEXT><TITLE>SECOND</TITLE><BODY>Plain body.</BODY></TEXT></REUTERS>\n";

    #[test]
    fn documents_with_entities_as_found() {
        let x = extract_file(
            "r.sgm",
            TWO.as_bytes().to_vec(),
            UnitChoice::Document,
            &Options::default(),
        );
        assert_eq!(x.units.len(), 2);
        let u = &x.units[0];
        assert_eq!(u.locator.to_string(), "REUTERS NEWID=1");
        assert!(
            u.text
                .starts_with("BAHIA COCOA REVIEW\nShowers continued &lt;ABC>")
        );
        assert_eq!(u.fields["topics"], vec!["cocoa"]);
        let d = u
            .diagnostics
            .iter()
            .find(|d| d.kind == DiagnosticKind::UndecodedEntity)
            .unwrap();
        assert!(
            d.message.contains("&lt; ×1") && d.message.contains("'lt'"),
            "{}",
            d.message
        );
        let span = u.byte_span.unwrap();
        assert!(TWO[span.start as usize..span.end as usize].starts_with("<REUTERS"));
        let file = extract_file(
            "r.sgm",
            TWO.as_bytes().to_vec(),
            UnitChoice::File,
            &Options::default(),
        );
        assert_eq!(file.units.len(), 1);
        assert!(file.units[0].text.contains("SECOND"));
    }
}
