//! Office Open XML (DOCX, XLSX, PPTX; ECMA-376), OpenDocument (ODT, ODS, ODP; ODF 1.2) and
//! EPUB (OCF 3): ZIP archives of XML. Paragraphs come in document order, table cells
//! tab-separated, slides in presentation order, sheets through the shared-string table, EPUB
//! chapters in spine order (each through the HTML extractor). Core metadata is read with trust
//! notes; embedded objects become sub-units, extracted when their format allows.
//!
//! Every entry is read through [`Zip::read`], which enforces [`super::Limits`]: entry size,
//! total size and compression ratio are checked against what is actually inflated, not what
//! the headers claim (a zip bomb lies in its headers).

use super::archive::{Zip, escapes_archive};
use super::decoding::decode_text;
use super::diagnostic::{Diagnostic, DiagnosticKind};
use super::{
    DocumentUnit, Extracted, ExtractorInfo, Locator, Options, UnitChoice, extract_bytes, html,
    merge_units,
};
use super::{ExtractError, LimitKind};
use crate::format::{self, Format};
use quick_xml::events::Event;
use quick_xml::reader::Reader;
use std::collections::HashMap;
mod flow;
use flow::{
    DOCX, DRAWINGML, ODF, attr, flow, local, relationships, resolve, resolve_ref,
    sections_to_units, simple_fields, skipped_diagnostics,
};

/// This extractor.
pub const INFO: ExtractorInfo = ExtractorInfo {
    name: "office",
    version: env!("CARGO_PKG_VERSION"),
    uses: "zip 9.8 (deflate only) + quick-xml 0.42; EPUB chapters through html5ever",
};

/// Maps core and app metadata names onto the tool's names.
fn add_metadata(u: &mut DocumentUnit, fields: &[(String, String)]) {
    for (k, v) in fields {
        let name = match k.as_str() {
            "title" => "title",
            "creator" => "creator",
            "initial-creator" => "initial-creator",
            "lastModifiedBy" => "last-modified-by",
            "created" | "creation-date" => "created",
            "modified" | "date" => "modified",
            "language" => "language",
            "subject" => "subject",
            "keywords" | "keyword" => "keywords",
            "description" => "description",
            "Application" | "generator" => "generator",
            "Template" | "template" => "template",
            "Company" => "company",
            _ => continue,
        };
        if u.meta_value(name).is_none() {
            u.meta(name, v.clone());
        }
    }
    // The document's own title comes before titles of its parts (EPUB chapter titles).
    if let Some(t) = u.meta_value("title").map(str::to_string) {
        let titles = u.fields.entry("title".to_string()).or_default();
        if !titles.contains(&t) {
            titles.insert(0, t);
        }
    }
    if let Some(t) = u.meta_value("template").map(str::to_string)
        && let Some(m) = u
            .metadata
            .iter_mut()
            .find(|m| m.name == "creator" || m.name == "initial-creator")
    {
        m.trust = Some(format!(
            "the document was made from the template '{t}': the author may be the template's"
        ));
    }
}

/// Extracts an Office Open XML, OpenDocument or EPUB file.
pub fn extract(
    name: &str,
    format: Format,
    bytes: Vec<u8>,
    unit: UnitChoice,
    opts: &Options,
    depth: usize,
) -> Result<Extracted, ExtractError> {
    let mut zip = Zip::open(&bytes, &opts.limits, opts.budget.clone())?;
    let depth_limit = opts.limits.max_markup_depth;
    let mut diagnostics = Vec::new();
    let (mut units, meta) = match format {
        Format::Docx => docx(name, &mut zip, depth_limit)?,
        Format::Pptx => pptx(name, &mut zip, depth_limit, unit)?,
        Format::Xlsx => xlsx(name, &mut zip, unit)?,
        Format::Odt | Format::Ods | Format::Odp => odf(name, format, &mut zip, depth_limit, unit)?,
        Format::Epub => epub(name, &mut zip, unit, opts)?,
        _ => {
            return Err(ExtractError::damaged(format!(
                "{} is not an Office/ODF/EPUB format",
                format.name()
            )));
        }
    };
    // Metadata and trust notes on every unit.
    for u in &mut units {
        u.format = format;
        add_metadata(u, &meta);
        super::trust::check(u);
        u.reid();
    }
    // Embedded objects and media.
    let names = zip.names();
    // Entry names that would escape the archive if unpacked ("zip slip"): nothing is ever
    // written, but the archive is hostile or broken, and the analyst should know.
    let escaping: Vec<&String> = names.iter().filter(|n| escapes_archive(n)).collect();
    if !escaping.is_empty() {
        diagnostics.push(
            Diagnostic::new(
                DiagnosticKind::Damaged,
                format!(
                    "{} entry names point outside the archive ({}): a careless unpacker would write there; this tool writes nothing",
                    escaping.len(),
                    escaping
                        .iter()
                        .take(3)
                        .map(|n| format!("`{}`", crate::visible::visible(n, false)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .count(escaping.len() as u64),
        );
    }
    let embedded: Vec<&String> = names
        .iter()
        .filter(|n| {
            let l = n.to_ascii_lowercase();
            (l.contains("/embeddings/") || l.starts_with("object ") || l.contains("/object "))
                && !l.ends_with('/')
        })
        .collect();
    let media = names
        .iter()
        .filter(|n| {
            let l = n.to_ascii_lowercase();
            (l.contains("/media/") || l.starts_with("pictures/") || l.contains("/images/"))
                && !l.ends_with('/')
        })
        .count();
    if media > 0 {
        diagnostics.push(
            Diagnostic::new(
                DiagnosticKind::Embedded,
                format!("{media} images or media files: no text without OCR"),
            )
            .count(media as u64),
        );
    }
    let n_embedded = embedded.len();
    for (i, e) in embedded.into_iter().enumerate() {
        if opts.budget.refused() {
            diagnostics.push(
                Diagnostic::limit(
                    LimitKind::ArchiveTotal,
                    format!(
                        "{} more embedded objects not read: the inflation budget of this document is spent",
                        n_embedded - i
                    ),
                )
                .count((n_embedded - i) as u64),
            );
            break;
        }
        let loc = Locator::Embedded {
            n: (i + 1) as u32,
            name: e.clone(),
        };
        let data = match zip.read(e) {
            Ok(Some(d)) => d,
            Ok(None) => continue,
            Err(err) => {
                diagnostics.push(err.to_diagnostic());
                continue;
            }
        };
        let fmt = format::identify_bytes(e, &data);
        let mut sub = DocumentUnit::new(name, loc.clone(), fmt.detected, String::new());
        sub.meta("embedded-format", fmt.detected.name());
        if fmt.detected.extractable() && depth < opts.limits.max_depth {
            match extract_bytes(e, fmt.detected, data, UnitChoice::File, opts, depth + 1) {
                Ok(x) => {
                    sub = merge_units(name, loc.clone(), fmt.detected, x.units);
                    sub.meta("embedded-format", fmt.detected.name());
                    sub.diagnostics.extend(x.diagnostics);
                    // Byte spans found inside the object count its inflated bytes, not the
                    // file's: drop them rather than point at the wrong bytes.
                    for d in &mut sub.diagnostics {
                        d.byte_span = None;
                    }
                }
                Err(err) => sub.diagnostics.push(err.to_diagnostic()),
            }
        } else {
            sub.diagnostics.push(Diagnostic::new(
                DiagnosticKind::NotExtracted,
                format!(
                    "embedded {e}: {}, not extracted",
                    fmt.detected.description()
                ),
            ));
        }
        diagnostics.push(Diagnostic::new(
            DiagnosticKind::Embedded,
            format!(
                "embedded object {e} ({}) listed as unit '{}'",
                fmt.detected.name(),
                loc
            ),
        ));
        if unit == UnitChoice::Part || unit == UnitChoice::Page {
            units.push(sub);
        } else if let Some(first) = units.first_mut() {
            // What went wrong inside stays visible when the object is not a unit of its own.
            first.diagnostics.extend(
                sub.diagnostics
                    .iter()
                    .filter(|d| {
                        matches!(
                            d.kind,
                            DiagnosticKind::Limit
                                | DiagnosticKind::Damaged
                                | DiagnosticKind::Encrypted
                                | DiagnosticKind::ExtractorFailed
                        )
                    })
                    .map(|d| {
                        let mut d = d.clone();
                        d.embedded_path.insert(0, e.clone());
                        d
                    }),
            );
            first.diagnostics.push(Diagnostic::new(
                DiagnosticKind::Embedded,
                format!(
                    "embedded object {e} ({}): {} characters of text, a separate unit when each part is a unit",
                    fmt.detected.name(),
                    sub.text.chars().count()
                ),
            ));
        }
    }
    Ok(Extracted {
        extractor: INFO,
        units,
        diagnostics,
    })
}

type Parsed = (Vec<DocumentUnit>, Vec<(String, String)>);

fn core_metadata(zip: &mut Zip) -> Result<Vec<(String, String)>, ExtractError> {
    let mut meta = Vec::new();
    for part in ["docProps/core.xml", "docProps/app.xml"] {
        if let Some(x) = zip.read_text(part)? {
            meta.extend(simple_fields(&x));
        }
    }
    Ok(meta)
}

fn docx(name: &str, zip: &mut Zip, max_depth: usize) -> Result<Parsed, ExtractError> {
    let doc = zip
        .read_text("word/document.xml")?
        .ok_or_else(|| ExtractError::damaged("no word/document.xml: not a Word document"))?;
    let mut f = flow(&doc, &DOCX, max_depth, None)
        .pop()
        .map(|(_, f)| f)
        .unwrap_or_default();
    // Heading paragraphs are marked by style in DOCX, which `flow` saw as pStyle.
    let mut u = DocumentUnit::new(
        name,
        Locator::File,
        Format::Docx,
        std::mem::take(&mut f.text),
    );
    for h in f.headings.drain(..) {
        u.field("headings", h);
    }
    u.diagnostics.extend(skipped_diagnostics(&f));
    for (part, field) in [
        ("word/footnotes.xml", "footnotes"),
        ("word/endnotes.xml", "endnotes"),
        ("word/comments.xml", "comments"),
    ] {
        if let Some(x) = zip.read_text(part)? {
            let t = flow(&x, &DOCX, max_depth, None)
                .pop()
                .map(|(_, f)| f.text)
                .unwrap_or_default();
            for line in t.lines().filter(|l| !l.trim().is_empty()) {
                u.field(field, line.trim());
            }
        }
    }
    for n in zip.names() {
        let field = if n.starts_with("word/header") {
            "headers"
        } else if n.starts_with("word/footer") {
            "footers"
        } else {
            continue;
        };
        if let Some(x) = zip.read_text(&n)? {
            let t = flow(&x, &DOCX, max_depth, None)
                .pop()
                .map(|(_, f)| f.text)
                .unwrap_or_default();
            if !t.trim().is_empty() {
                u.field(field, t.trim());
            }
        }
    }
    Ok((vec![u], core_metadata(zip)?))
}

fn pptx(
    name: &str,
    zip: &mut Zip,
    max_depth: usize,
    unit: UnitChoice,
) -> Result<Parsed, ExtractError> {
    let pres = zip.read_text("ppt/presentation.xml")?.ok_or_else(|| {
        ExtractError::damaged("no ppt/presentation.xml: not a PowerPoint presentation")
    })?;
    let rels = zip
        .read_text("ppt/_rels/presentation.xml.rels")?
        .map(|x| relationships(&x))
        .unwrap_or_default();
    // Slide order is the order of sldId elements, not of file names.
    let mut order = Vec::new();
    let mut r = Reader::from_str(&pres);
    while let Ok(ev) = r.read_event() {
        match ev {
            Event::Start(e) | Event::Empty(e) if local(e.name().as_ref()) == "sldId" => {
                // `r:id` (the relationship), not `id` (the slide number).
                let rid = e
                    .attributes()
                    .flatten()
                    .find(|a| a.key.as_ref().ends_with(":id"))
                    .map(|a| a.value.to_string());
                if let Some(id) = rid
                    && let Some(t) = rels.get(&id)
                {
                    order.push(resolve("ppt/presentation.xml", t));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let mut sections = Vec::new();
    for (i, path) in order.iter().enumerate() {
        let Some(x) = zip.read_text(path)? else {
            continue;
        };
        let f = flow(&x, &DRAWINGML, max_depth, None)
            .pop()
            .map(|(_, f)| f)
            .unwrap_or_default();
        let title = f.text.lines().next().unwrap_or("").trim().to_string();
        sections.push((Locator::Slide { n: (i + 1) as u32 }, f.text, vec![title]));
    }
    let units = sections_to_units(name, Format::Pptx, sections, unit);
    Ok((units, core_metadata(zip)?))
}

fn xlsx(name: &str, zip: &mut Zip, unit: UnitChoice) -> Result<Parsed, ExtractError> {
    let wb = zip
        .read_text("xl/workbook.xml")?
        .ok_or_else(|| ExtractError::damaged("no xl/workbook.xml: not an Excel workbook"))?;
    let rels = zip
        .read_text("xl/_rels/workbook.xml.rels")?
        .map(|x| relationships(&x))
        .unwrap_or_default();
    let shared = match zip.read_text("xl/sharedStrings.xml")? {
        Some(x) => shared_strings(&x),
        None => Vec::new(),
    };
    let mut sheets = Vec::new();
    let mut r = Reader::from_str(&wb);
    while let Ok(ev) = r.read_event() {
        match ev {
            Event::Start(e) | Event::Empty(e) if local(e.name().as_ref()) == "sheet" => {
                let sheet_name = attr(&e, "name").unwrap_or_default();
                let rid = e
                    .attributes()
                    .flatten()
                    .find(|a| a.key.as_ref().ends_with(":id"))
                    .map(|a| a.value.to_string());
                if let Some(t) = rid.and_then(|id| rels.get(&id).cloned()) {
                    sheets.push((sheet_name, resolve("xl/workbook.xml", &t)));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let mut sections = Vec::new();
    for (i, (sheet_name, path)) in sheets.iter().enumerate() {
        let Some(x) = zip.read_text(path)? else {
            continue;
        };
        sections.push((
            Locator::Sheet {
                n: (i + 1) as u32,
                name: sheet_name.clone(),
            },
            sheet_text(&x, &shared),
            vec![sheet_name.clone()],
        ));
    }
    let units = sections_to_units(name, Format::Xlsx, sections, unit);
    Ok((units, core_metadata(zip)?))
}

/// The shared-string table: each `<si>`'s text runs joined.
fn shared_strings(xml: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut r = Reader::from_str(xml);
    let mut cur: Option<String> = None;
    let mut in_t = false;
    let mut in_rph = false;
    while let Ok(ev) = r.read_event() {
        match ev {
            Event::Start(e) => match local(e.name().as_ref()).as_str() {
                "si" => cur = Some(String::new()),
                "t" => in_t = true,
                "rPh" => in_rph = true,
                _ => {}
            },
            Event::End(e) => match local(e.name().as_ref()).as_str() {
                "si" => out.push(cur.take().unwrap_or_default()),
                "t" => in_t = false,
                "rPh" => in_rph = false,
                _ => {}
            },
            Event::Empty(e) if local(e.name().as_ref()) == "si" => out.push(String::new()),
            Event::Text(t) if in_t && !in_rph => {
                if let Some(c) = &mut cur {
                    c.push_str(&t.xml10_content());
                }
            }
            Event::GeneralRef(g) if in_t && !in_rph => {
                if let Some(c) = &mut cur {
                    c.push_str(&resolve_ref(&g));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

/// A worksheet as tab-separated rows.
fn sheet_text(xml: &str, shared: &[String]) -> String {
    let mut out = String::new();
    let mut r = Reader::from_str(xml);
    let mut cell_type = String::new();
    let mut in_v = false;
    let mut in_t = false;
    let mut row: Vec<String> = Vec::new();
    let mut value = String::new();
    while let Ok(ev) = r.read_event() {
        match ev {
            Event::Start(e) => match local(e.name().as_ref()).as_str() {
                "row" => row.clear(),
                "c" => {
                    cell_type = attr(&e, "t").unwrap_or_default();
                    value.clear();
                }
                "v" => in_v = true,
                "t" => in_t = true,
                _ => {}
            },
            Event::Text(t) if in_v || in_t => value.push_str(&t.xml10_content()),
            Event::GeneralRef(g) if in_v || in_t => value.push_str(&resolve_ref(&g)),
            Event::End(e) => match local(e.name().as_ref()).as_str() {
                "v" => in_v = false,
                "t" => in_t = false,
                "c" => {
                    let v = match cell_type.as_str() {
                        "s" => value
                            .trim()
                            .parse::<usize>()
                            .ok()
                            .and_then(|i| shared.get(i).cloned())
                            .unwrap_or_default(),
                        "b" => if value.trim() == "1" { "TRUE" } else { "FALSE" }.to_string(),
                        _ => value.clone(),
                    };
                    row.push(v);
                }
                "row" => {
                    while row.last().is_some_and(|c| c.is_empty()) {
                        row.pop();
                    }
                    if !row.is_empty() {
                        out.push_str(&row.join("\t"));
                        out.push('\n');
                    }
                }
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    out.trim_end().to_string()
}

fn odf(
    name: &str,
    format: Format,
    zip: &mut Zip,
    max_depth: usize,
    unit: UnitChoice,
) -> Result<Parsed, ExtractError> {
    let content = zip
        .read_text("content.xml")?
        .ok_or_else(|| ExtractError::damaged("no content.xml: not an OpenDocument file"))?;
    let meta = match zip.read_text("meta.xml")? {
        Some(x) => simple_fields(&x),
        None => Vec::new(),
    };
    let units = match format {
        Format::Odp | Format::Ods => {
            let section = if format == Format::Odp {
                "page"
            } else {
                "table"
            };
            let parts = flow(&content, &ODF, max_depth, Some(section));
            let sections = parts
                .into_iter()
                .enumerate()
                .map(|(i, (label, f))| {
                    let n = (i + 1) as u32;
                    let loc = if format == Format::Odp {
                        Locator::Slide { n }
                    } else {
                        Locator::Sheet {
                            n,
                            name: label.clone().unwrap_or_default(),
                        }
                    };
                    let mut heads = f.headings;
                    if let Some(l) = label {
                        heads.insert(0, l);
                    }
                    (loc, f.text, heads)
                })
                .collect();
            sections_to_units(name, format, sections, unit)
        }
        _ => {
            let f = flow(&content, &ODF, max_depth, None)
                .pop()
                .map(|(_, f)| f)
                .unwrap_or_default();
            let mut u = DocumentUnit::new(name, Locator::File, format, f.text.clone());
            for h in &f.headings {
                u.field("headings", h.clone());
            }
            u.diagnostics.extend(skipped_diagnostics(&f));
            vec![u]
        }
    };
    Ok((units, meta))
}

fn epub(
    name: &str,
    zip: &mut Zip,
    unit: UnitChoice,
    opts: &Options,
) -> Result<Parsed, ExtractError> {
    let container = zip
        .read_text("META-INF/container.xml")?
        .ok_or_else(|| ExtractError::damaged("no META-INF/container.xml: not an EPUB"))?;
    let mut opf_path = None;
    let mut r = Reader::from_str(&container);
    while let Ok(ev) = r.read_event() {
        match ev {
            Event::Start(e) | Event::Empty(e) if local(e.name().as_ref()) == "rootfile" => {
                opf_path = attr(&e, "full-path");
                break;
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let opf_path = opf_path
        .ok_or_else(|| ExtractError::damaged("the EPUB container names no package (rootfile)"))?;
    let opf = zip
        .read_text(&opf_path)?
        .ok_or_else(|| ExtractError::damaged(format!("the EPUB package {opf_path} is missing")))?;
    let mut manifest: HashMap<String, String> = HashMap::new();
    let mut spine: Vec<String> = Vec::new();
    let mut r = Reader::from_str(&opf);
    while let Ok(ev) = r.read_event() {
        match ev {
            Event::Start(e) | Event::Empty(e) => match local(e.name().as_ref()).as_str() {
                "item" => {
                    if let (Some(id), Some(href)) = (attr(&e, "id"), attr(&e, "href")) {
                        manifest.insert(id, href);
                    }
                }
                "itemref" => {
                    if let Some(id) = attr(&e, "idref") {
                        spine.push(id);
                    }
                }
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    let meta = simple_fields(&opf);
    let mut units = Vec::new();
    for (i, id) in spine.iter().enumerate() {
        let Some(href) = manifest.get(id) else {
            continue;
        };
        let path = resolve(&opf_path, href);
        let Some(bytes) = zip.read(&path)? else {
            continue;
        };
        let d = decode_text(&path, bytes, None);
        let h = html::extract_text(&d.text, opts);
        let mut u = html::unit_from(
            name,
            Locator::Chapter {
                n: (i + 1) as u32,
                href: href.clone(),
            },
            h,
        );
        u.encoding = Some(d.charset.name().to_string());
        // A chapter's <title> is the chapter's, not the book's.
        for m in &mut u.metadata {
            if m.name == "title" {
                m.name = "chapter-title".into();
            }
        }
        if let Some(t) = u.fields.remove("title") {
            u.fields.insert("chapter-titles".into(), t);
        }
        units.push(u);
    }
    if unit != UnitChoice::Page {
        units = vec![merge_units(name, Locator::File, Format::Epub, units)];
    }
    Ok((units, meta))
}

#[cfg(test)]
mod tests;
