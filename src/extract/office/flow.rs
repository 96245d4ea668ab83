//! The XML vocabularies of office documents walked to text: which elements make paragraphs,
//! breaks, tabs and cells in WordprocessingML, DrawingML and ODF, what is skipped (deleted
//! text, field codes, comments) and counted, relationships resolved, core properties read.

use super::super::{Diagnostic, DiagnosticKind, DocumentUnit, Locator, UnitChoice, merge_units};
use super::super::{ExtractError, LimitKind};
use crate::format::Format;
use quick_xml::events::{BytesStart, Event};
use quick_xml::reader::Reader;
use std::collections::HashMap;

/// Local name of an element or attribute (`w:p` → `p`).
pub(super) fn local(q: &str) -> String {
    q.rsplit(':').next().unwrap_or("").to_string()
}

/// Attribute value by local name.
pub(super) fn attr(e: &BytesStart, name: &str) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| local(a.key.as_ref()) == name)
        .map(|a| {
            quick_xml::escape::unescape(&a.value)
                .map(|v| v.into_owned())
                .unwrap_or_else(|_| a.value.to_string())
        })
}

/// The text of an entity or character reference (`&amp;`, `&#233;`); an undefined entity
/// stays as written.
pub(super) fn resolve_ref(g: &quick_xml::events::BytesRef) -> String {
    let name = g.xml10_content();
    if g.is_char_ref() {
        if let Ok(Some(c)) = g.resolve_char_ref() {
            return c.to_string();
        }
    } else if let Some(s) = quick_xml::escape::resolve_xml_entity(&name) {
        return s.to_string();
    }
    format!("&{name};")
}

/// Which elements mean what in a word-processing vocabulary.
pub(super) struct Rules {
    pub(super) para: &'static [&'static str],
    /// Elements whose text is content (empty: any text inside a paragraph).
    pub(super) text: &'static [&'static str],
    pub(super) tab: &'static [&'static str],
    pub(super) br: &'static [&'static str],
    pub(super) cell: &'static [&'static str],
    pub(super) row: &'static [&'static str],
    /// Elements whose text is dropped (field codes, deleted text), counted.
    pub(super) skip: &'static [&'static str],
    pub(super) heading: &'static [&'static str],
    /// ODF `<text:s text:c="3"/>`: that many spaces.
    pub(super) spaces: &'static [&'static str],
}

pub(super) const DOCX: Rules = Rules {
    para: &["p"],
    text: &["t"],
    tab: &["tab"],
    br: &["br", "cr"],
    cell: &["tc"],
    row: &["tr"],
    skip: &["instrText", "delText"],
    heading: &[],
    spaces: &[],
};

pub(super) const DRAWINGML: Rules = Rules {
    para: &["p"],
    text: &["t"],
    tab: &["tab"],
    br: &["br"],
    cell: &["tc"],
    row: &["tr"],
    skip: &[],
    heading: &[],
    spaces: &[],
};

pub(super) const ODF: Rules = Rules {
    para: &["p", "h"],
    text: &[],
    tab: &["tab"],
    br: &["line-break"],
    cell: &["table-cell"],
    row: &["table-row"],
    skip: &["note-citation", "annotation", "tracked-changes"],
    heading: &["h"],
    spaces: &["s"],
};

/// Text of a vocabulary document.
#[derive(Default)]
pub(super) struct FlowText {
    pub(super) text: String,
    pub(super) headings: Vec<String>,
    pub(super) skipped: HashMap<String, u64>,
    pub(super) error: Option<ExtractError>,
}

/// Walks XML by `rules`. `section` restricts the walk to the children of elements with that
/// local name (e.g. one ODP `draw:page`); each such element's text is returned separately.
pub(super) fn flow(
    xml: &str,
    rules: &Rules,
    max_depth: usize,
    section: Option<&str>,
) -> Vec<(Option<String>, FlowText)> {
    let mut out: Vec<(Option<String>, FlowText)> = Vec::new();
    if section.is_none() {
        out.push((None, FlowText::default()));
    }
    let mut r = Reader::from_str(xml);
    r.config_mut().check_end_names = false;
    let mut depth = 0usize;
    let mut in_section = section.is_none();
    let mut para_depth = 0usize;
    let mut text_depth = 0usize;
    let mut skip_depth = 0usize;
    let mut cell_depth = 0usize;
    let mut heading: Option<String> = None;
    loop {
        let ev = match r.read_event() {
            Ok(e) => e,
            Err(e) => {
                if let Some((_, f)) = out.last_mut() {
                    f.error = Some(ExtractError::damaged(format!(
                        "XML error at offset {}: {e}",
                        r.error_position()
                    )));
                }
                break;
            }
        };
        match ev {
            Event::Start(e) | Event::Empty(e) if depth > max_depth => {
                let _ = e;
                if let Some((_, f)) = out.last_mut() {
                    f.error = Some(ExtractError::limit(
                        LimitKind::MarkupDepth,
                        format!("elements nested deeper than {max_depth} levels"),
                    ));
                }
                break;
            }
            Event::Start(ref e) | Event::Empty(ref e) => {
                let is_empty = matches!(ev, Event::Empty(_));
                let name = local(e.name().as_ref());
                if !is_empty {
                    depth += 1;
                }
                if let Some(s) = section
                    && name == s
                    && !is_empty
                {
                    in_section = true;
                    let label = attr(e, "name");
                    out.push((label, FlowText::default()));
                    continue;
                }
                if !in_section {
                    continue;
                }
                let f = &mut out.last_mut().expect("a section").1;
                let n = name.as_str();
                if rules.tab.contains(&n) {
                    f.text.push('\t');
                } else if rules.br.contains(&n) {
                    f.text.push('\n');
                } else if rules.spaces.contains(&n) {
                    let c: usize = attr(e, "c").and_then(|c| c.parse().ok()).unwrap_or(1);
                    f.text.push_str(&" ".repeat(c.min(100)));
                } else if n == "pStyle" {
                    let v = attr(e, "val").unwrap_or_default().to_ascii_lowercase();
                    let is_heading = v.starts_with("heading") || v == "title";
                    if is_heading && heading.is_none() {
                        heading = Some(String::new());
                    }
                }
                if is_empty {
                    continue;
                }
                if rules.para.contains(&n) {
                    para_depth += 1;
                    if rules.heading.contains(&n) {
                        heading = Some(String::new());
                    }
                } else if rules.text.contains(&n) {
                    text_depth += 1;
                } else if rules.skip.contains(&n) {
                    skip_depth += 1;
                    *f.skipped.entry(name.clone()).or_default() += 1;
                } else if rules.cell.contains(&n) {
                    cell_depth += 1;
                }
            }
            Event::End(ref e) => {
                depth = depth.saturating_sub(1);
                let name = local(e.name().as_ref());
                if let Some(s) = section
                    && name == s
                {
                    in_section = false;
                    continue;
                }
                if !in_section {
                    continue;
                }
                let f = &mut out.last_mut().expect("a section").1;
                let n = name.as_str();
                if rules.para.contains(&n) {
                    para_depth = para_depth.saturating_sub(1);
                    if let Some(h) = heading.take() {
                        let h = h.split_whitespace().collect::<Vec<_>>().join(" ");
                        if !h.is_empty() {
                            f.headings.push(h);
                        }
                    }
                    // Paragraphs inside a table cell run together within the cell.
                    if cell_depth > 0 {
                        if !f.text.ends_with([' ', '\t', '\n']) && !f.text.is_empty() {
                            f.text.push(' ');
                        }
                    } else if !f.text.is_empty() {
                        f.text.push('\n');
                    }
                } else if rules.text.contains(&n) {
                    text_depth = text_depth.saturating_sub(1);
                } else if rules.skip.contains(&n) {
                    skip_depth = skip_depth.saturating_sub(1);
                } else if rules.cell.contains(&n) {
                    cell_depth = cell_depth.saturating_sub(1);
                    while f.text.ends_with(' ') {
                        f.text.pop();
                    }
                    f.text.push('\t');
                } else if rules.row.contains(&n) {
                    while f.text.ends_with('\t') {
                        f.text.pop();
                    }
                    f.text.push('\n');
                }
            }
            Event::Text(t) => {
                if !in_section || skip_depth > 0 {
                    continue;
                }
                let wanted = if rules.text.is_empty() {
                    para_depth > 0
                } else {
                    text_depth > 0
                };
                if wanted {
                    let s = t.xml10_content();
                    let f = &mut out.last_mut().expect("a section").1;
                    f.text.push_str(&s);
                    if let Some(h) = &mut heading {
                        h.push_str(&s);
                    }
                }
            }
            Event::GeneralRef(g) => {
                if !in_section || skip_depth > 0 {
                    continue;
                }
                let s = resolve_ref(&g);
                let f = &mut out.last_mut().expect("a section").1;
                f.text.push_str(&s);
                if let Some(h) = &mut heading {
                    h.push_str(&s);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    for (_, f) in &mut out {
        let t = f.text.trim_end().to_string();
        f.text = t;
    }
    out
}

/// `Id → Target` of a relationships part (`_rels/*.rels`).
pub(super) fn relationships(xml: &str) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let mut r = Reader::from_str(xml);
    while let Ok(ev) = r.read_event() {
        match ev {
            Event::Start(e) | Event::Empty(e) if local(e.name().as_ref()) == "Relationship" => {
                if let (Some(id), Some(t)) = (attr(&e, "Id"), attr(&e, "Target")) {
                    out.insert(id, t);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

/// Resolves `target` relative to the directory of `base` (`xl/workbook.xml` + `worksheets/sheet1.xml`).
pub(super) fn resolve(base: &str, target: &str) -> String {
    if let Some(abs) = target.strip_prefix('/') {
        return abs.to_string();
    }
    let mut parts: Vec<&str> = base.split('/').collect();
    parts.pop();
    for seg in target.split('/') {
        match seg {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            s => parts.push(s),
        }
    }
    parts.join("/")
}

/// Simple element texts (`dc:title` → value) of a metadata part.
pub(super) fn simple_fields(xml: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut r = Reader::from_str(xml);
    let mut current: Option<String> = None;
    let mut buf = String::new();
    while let Ok(ev) = r.read_event() {
        match ev {
            Event::Start(e) => {
                current = Some(local(e.name().as_ref()));
                buf.clear();
            }
            Event::Empty(e) if local(e.name().as_ref()) == "template" => {
                if let Some(h) = attr(&e, "href") {
                    out.push(("template".into(), h));
                }
            }
            Event::Text(t) => buf.push_str(&t.xml10_content()),
            Event::GeneralRef(g) => buf.push_str(&resolve_ref(&g)),
            Event::End(_) => {
                if let Some(c) = current.take()
                    && !buf.trim().is_empty()
                {
                    out.push((c, buf.trim().to_string()));
                }
                buf.clear();
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

/// Units of the sections of one document, or one unit for the file.
pub(super) fn sections_to_units(
    name: &str,
    format: Format,
    sections: Vec<(Locator, String, Vec<String>)>,
    unit: UnitChoice,
) -> Vec<DocumentUnit> {
    let mut units: Vec<DocumentUnit> = sections
        .into_iter()
        .map(|(loc, text, headings)| {
            let mut u = DocumentUnit::new(name, loc, format, text);
            for h in headings {
                u.field("headings", h);
            }
            u
        })
        .collect();
    if unit != UnitChoice::Page || units.len() <= 1 {
        units = vec![merge_units(name, Locator::File, format, units)];
    }
    units
}

pub(super) fn skipped_diagnostics(f: &FlowText) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (k, n) in &f.skipped {
        let what = match k.as_str() {
            "delText" => "tracked deletions (text marked deleted) left out",
            "instrText" => "field codes left out (their results are kept)",
            "annotation" => "comments left out of the body (kept in the field `comments`)",
            "note-citation" => "note citation marks left out",
            _ => "elements left out",
        };
        out.push(Diagnostic::new(DiagnosticKind::Note, format!("{n} {what}")).count(*n));
    }
    if let Some(e) = &f.error {
        out.push(e.to_diagnostic());
    }
    out
}
