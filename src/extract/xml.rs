//! XML: decoded with XML precedence (BOM > transport > encoding declaration > UTF-8, XML 1.0
//! §4.3.3 and Appendix F), then read with quick-xml. Text nodes and CDATA are kept; entity
//! references arrive as their own events in quick-xml 0.42 and are resolved here (character
//! references and the five predefined entities), never dropped: an entity the document does
//! not define stays in the text as written and is reported. DTD entities are not expanded
//! (no "billion laughs").

use super::LimitKind;
use super::decoding::{charset_diagnostics, decode_file_text};
use super::diagnostic::{Diagnostic, DiagnosticKind};
use super::{DocumentUnit, Extracted, ExtractorInfo, LangShare, Locator, Options};
use crate::format::Format;
use crate::span::ByteSpan;
use quick_xml::escape::{resolve_html5_entity, resolve_xml_entity};
use quick_xml::events::Event;
use quick_xml::reader::Reader;

/// This extractor.
pub const INFO: ExtractorInfo = ExtractorInfo {
    name: "xml",
    version: env!("CARGO_PKG_VERSION"),
    uses: "quick-xml 0.42",
};

/// What the XML pass produces.
#[derive(Debug, Default)]
pub struct XmlText {
    pub text: String,
    pub root: Option<String>,
    pub title: Option<String>,
    pub langs: Vec<LangShare>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Local name of a qualified name (`dc:title` → `title`).
fn local(name: &str) -> String {
    name.rsplit(':').next().unwrap_or("").to_string()
}

/// Extracts the text of decoded XML. `max_depth` bounds element nesting.
pub fn extract_text(xml: &str, max_depth: usize) -> XmlText {
    let mut out = XmlText::default();
    let mut r = Reader::from_str(xml);
    {
        let c = r.config_mut();
        c.check_end_names = false;
        c.allow_dangling_amp = true;
    }
    let mut lang_stack: Vec<Option<String>> = Vec::new();
    let mut undefined: Vec<(String, u64, usize)> = Vec::new();
    let mut in_title = false;
    let mut title = String::new();
    loop {
        let pos = r.buffer_position() as usize;
        let ev = match r.read_event() {
            Ok(ev) => ev,
            Err(e) => {
                let at = r.error_position();
                out.diagnostics.push(
                    Diagnostic::new(
                        DiagnosticKind::Damaged,
                        format!("XML not well-formed at text offset {at}: {e}; text after it is not extracted"),
                    )
                    .at_text(out.text.len(), out.text.len()),
                );
                break;
            }
        };
        match ev {
            Event::Start(e) => {
                if lang_stack.len() >= max_depth {
                    out.diagnostics.push(Diagnostic::limit(
                        LimitKind::MarkupDepth,
                        format!("elements nested deeper than {max_depth} levels: extraction stopped there"),
                    ));
                    break;
                }
                let name = local(e.name().as_ref());
                if out.root.is_none() {
                    out.root = Some(name.clone());
                }
                in_title = name == "title" && out.title.is_none();
                let lang = e
                    .attributes()
                    .flatten()
                    .find(|a| a.key.as_ref() == "xml:lang" || a.key.as_ref() == "lang")
                    .map(|a| a.value.to_string());
                lang_stack.push(lang);
            }
            Event::End(_) => {
                if in_title {
                    in_title = false;
                    let t = title.split_whitespace().collect::<Vec<_>>().join(" ");
                    if !t.is_empty() {
                        out.title = Some(t);
                    }
                }
                lang_stack.pop();
                separate(&mut out.text);
            }
            Event::Empty(e) => {
                if out.root.is_none() {
                    out.root = Some(local(e.name().as_ref()));
                }
                separate(&mut out.text);
            }
            Event::Text(t) => {
                let s = t.xml10_content();
                push_text(&mut out, &lang_stack, &s, in_title.then_some(&mut title));
            }
            Event::CData(t) => {
                let s = t.xml10_content();
                push_text(&mut out, &lang_stack, &s, in_title.then_some(&mut title));
            }
            Event::GeneralRef(g) => {
                let name = g.xml10_content().to_string();
                let resolved: Option<String> = if g.is_char_ref() {
                    g.resolve_char_ref().ok().flatten().map(String::from)
                } else {
                    resolve_xml_entity(&name).map(str::to_string)
                };
                match resolved {
                    Some(s) => push_text(&mut out, &lang_stack, &s, in_title.then_some(&mut title)),
                    None => {
                        let raw = format!("&{name};");
                        let at = out.text.len();
                        push_text(&mut out, &lang_stack, &raw, in_title.then_some(&mut title));
                        match undefined.iter_mut().find(|(n, _, _)| *n == name) {
                            Some((_, k, _)) => *k += 1,
                            None => undefined.push((name, 1, at)),
                        }
                    }
                }
                let _ = pos;
            }
            Event::DocType(d) if d.xml10_content().contains("<!ENTITY") => {
                out.diagnostics.push(Diagnostic::new(
                        DiagnosticKind::Note,
                        "the DOCTYPE defines entities; they are not expanded (a defence against entity bombs), so references to them stay as written",
                    ));
            }
            Event::Eof => break,
            _ => {}
        }
    }
    for (name, k, at) in undefined {
        let html = resolve_html5_entity(&name)
            .map(|s| format!(" (in HTML it would be '{s}')"))
            .unwrap_or_default();
        out.diagnostics.push(
            Diagnostic::new(
                DiagnosticKind::UndefinedEntity,
                format!("&{name}; is not defined in XML{html}: kept as written, ×{k}"),
            )
            .count(k)
            .at_text(at, at + name.len() + 2),
        );
    }
    out.text = out.text.trim().to_string();
    out
}

fn separate(text: &mut String) {
    if !text.is_empty() && !text.ends_with(char::is_whitespace) {
        text.push('\n');
    }
}

fn push_text(out: &mut XmlText, langs: &[Option<String>], s: &str, title: Option<&mut String>) {
    if s.trim().is_empty() {
        if !out.text.is_empty() && !out.text.ends_with(char::is_whitespace) {
            out.text.push(' ');
        }
        if let Some(t) = title {
            t.push(' ');
        }
        return;
    }
    out.text.push_str(s);
    if let Some(t) = title {
        t.push_str(s);
    }
    if let Some(l) = langs.iter().rev().find_map(|l| l.clone()) {
        let n = s.chars().filter(|c| !c.is_whitespace()).count() as u64;
        match out.langs.iter_mut().find(|x| x.lang == l) {
            Some(x) => x.chars += n,
            None => out.langs.push(LangShare { lang: l, chars: n }),
        }
    }
}

/// Extracts an XML file.
pub fn extract_file(name: &str, bytes: Vec<u8>, opts: &Options) -> Extracted {
    let d = decode_file_text(name, bytes, opts);
    let x = extract_text(&d.text, opts.limits.max_markup_depth);
    let mut u = DocumentUnit::new(name, Locator::File, Format::Xml, x.text);
    u.encoding = Some(d.charset.name().to_string());
    if let Some(root) = x.root {
        u.field("root", root);
    }
    if let Some(t) = x.title {
        u.field("title", t);
    }
    u.languages = x.langs;
    u.diagnostics = charset_diagnostics("the document", &d);
    u.diagnostics.extend(x.diagnostics);
    u.byte_span = Some(ByteSpan::new(0, d.decoded.map.src_end()));
    Extracted {
        extractor: INFO,
        units: vec![u],
        diagnostics: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entity_refs_are_kept_not_dropped() {
        let x = extract_text(
            "<?xml version='1.0'?><doc xml:lang='fr'><title>Caf&#233; &amp; th&#xE9;</title>\
             <p>a &lt; b &copy; c<![CDATA[ <raw> ]]></p></doc>",
            100,
        );
        assert_eq!(x.title.as_deref(), Some("Café & thé"));
        assert!(x.text.contains("Café & thé"), "{}", x.text);
        assert!(x.text.contains("a < b &copy; c <raw>"), "{}", x.text);
        let d = x
            .diagnostics
            .iter()
            .find(|d| d.kind == DiagnosticKind::UndefinedEntity)
            .unwrap();
        assert!(
            d.message.contains("&copy;") && d.message.contains("©"),
            "{}",
            d.message
        );
        assert_eq!(x.langs[0].lang, "fr");
    }

    #[test]
    fn deep_and_broken() {
        let deep = "<a>".repeat(3000) + "x" + &"</a>".repeat(3000);
        let x = extract_text(&deep, 1000);
        assert!(
            x.diagnostics
                .iter()
                .any(|d| d.kind == DiagnosticKind::Limit)
        );
        let broken = extract_text("<a>text<b attr='x>more", 100);
        assert!(broken.text.contains("text"));
        assert!(
            broken
                .diagnostics
                .iter()
                .any(|d| d.kind == DiagnosticKind::Damaged)
        );
    }
}
