//! PDF: text per page through pdf-extract's content-stream interpreter (ToUnicode CMaps, glyph
//! names, font encodings), on lopdf's parser. Characters are laid out into lines as they come in
//! the content stream, which keeps the columns of a two-column page apart (pdf-extract's
//! plain-text layout, measured against pdftotext in `../shared/guides/dependencies.md`); each
//! line keeps its height on the page, so running headers, footers and page numbers are found
//! by position and repetition across pages.
//!
//! After layout: ligature glyphs (ﬁ ﬂ ﬀ ﬃ ﬄ) are mapped to letters (NFKC of those characters
//! only), words hyphenated across lines are rejoined by the normalisation pipeline's step 4,
//! pages without a text layer are reported as needing OCR, and garbled extraction (U+FFFD,
//! private-use characters, words run together) is flagged. Each page runs under
//! `catch_unwind`: a page the parser panics on is reported and the others go on.

use super::diagnostic::{Diagnostic, DiagnosticKind};
use super::{DocumentUnit, Extracted, ExtractorInfo, Locator, Options, UnitChoice};
use super::{ExtractError, LimitKind};
use crate::format::Format;
use crate::normalize::{self, Step};
use pdf_extract::{MediaBox, OutputDev, OutputError, Transform};

/// This extractor.
pub const INFO: ExtractorInfo = ExtractorInfo {
    name: "pdf",
    version: env!("CARGO_PKG_VERSION"),
    uses: "pdf-extract 0.12 on lopdf 0.42; reading order as in the content stream",
};

/// One laid-out line of a page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Line {
    pub text: String,
    /// Distance from the top of the page, in points.
    pub top: f64,
}

/// Collects characters into lines with pdf-extract's spacing rules (a new line when the
/// baseline moves by more than 1.5 font sizes, or left and down; a space when the gap exceeds
/// a tenth of the font size).
#[derive(Default)]
struct Collector {
    lines: Vec<Line>,
    page_height: f64,
    flip_y: f64,
    last_end: f64,
    last_y: f64,
    first_char: bool,
    started: bool,
}

impl OutputDev for Collector {
    fn begin_page(
        &mut self,
        _n: u32,
        media: &MediaBox,
        _art: Option<(f64, f64, f64, f64)>,
    ) -> Result<(), OutputError> {
        self.page_height = (media.ury - media.lly).abs();
        self.flip_y = media.ury - media.lly;
        self.last_end = 100_000.0;
        Ok(())
    }

    fn end_page(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn output_character(
        &mut self,
        trm: &Transform,
        width: f64,
        _spacing: f64,
        font_size: f64,
        ch: &str,
    ) -> Result<(), OutputError> {
        let x = trm.m31;
        let y = self.flip_y - trm.m32;
        // The font size vector through the text matrix: the side of a square of equal area.
        let vx = font_size * (trm.m11 + trm.m21);
        let vy = font_size * (trm.m12 + trm.m22);
        let fs = (vx * vy).abs().sqrt().max(0.01);
        if !self.started {
            self.lines.push(Line {
                text: String::new(),
                top: y,
            });
            self.started = true;
        } else if self.first_char {
            let jump = (y - self.last_y).abs();
            if jump > fs * 1.5 || (x < self.last_end && jump > fs * 0.5) {
                if jump > fs * 1.5
                    && x < self.last_end
                    && !self.lines.last().is_some_and(|l| l.text.is_empty())
                {
                    // A paragraph gap: keep it as an empty line.
                    self.lines.push(Line {
                        text: String::new(),
                        top: y,
                    });
                }
                self.lines.push(Line {
                    text: String::new(),
                    top: y,
                });
            } else if x > self.last_end + fs * 0.1
                && let Some(l) = self.lines.last_mut()
            {
                l.text.push(' ');
            }
        }
        if let Some(l) = self.lines.last_mut() {
            if l.text.is_empty() {
                l.top = y;
            }
            l.text.push_str(ch);
        }
        self.first_char = false;
        self.last_y = y;
        self.last_end = x + width * fs;
        Ok(())
    }

    fn begin_word(&mut self) -> Result<(), OutputError> {
        self.first_char = true;
        Ok(())
    }

    fn end_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn end_line(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
}

/// A page as extracted.
#[derive(Clone, Debug, Default)]
pub struct Page {
    pub n: u32,
    pub lines: Vec<Line>,
    pub height: f64,
    pub images: u64,
    /// Why the page could not be read, when it could not.
    pub error: Option<ExtractError>,
    /// What was cut from the page's content before it was interpreted ([`super::pdf_guard`]).
    pub notes: Vec<Diagnostic>,
}

/// Pages handed to pdf-extract per view of the page tree: its per-page call looks the page up
/// in the whole tree, so the root's kids are pointed at this many pages at a time, which keeps
/// extraction linear in the number of pages.
const PAGES_PER_CALL: usize = 64;

/// Reads a PDF text string (UTF-16BE with a BOM, or PDFDocEncoding ≈ Latin-1).
fn pdf_string(o: &lopdf::Object) -> Option<String> {
    let b = o.as_str().ok()?;
    Some(if b.starts_with(&[0xFE, 0xFF]) {
        let units: Vec<u16> = b[2..]
            .chunks_exact(2)
            .map(|c| u16::from_be_bytes([c[0], c[1]]))
            .collect();
        String::from_utf16_lossy(&units)
    } else {
        b.iter().map(|&c| c as char).collect()
    })
}

/// PDF date `D:20261130101500+01'00'` → `2026-11-30T10:15:00`.
fn pdf_date(s: &str) -> String {
    let d: String = s
        .trim_start_matches("D:")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    if d.len() < 8 {
        return s.to_string();
    }
    let g = |a: usize, b: usize| d.get(a..b).unwrap_or("00");
    format!(
        "{}-{}-{}T{}:{}:{}",
        g(0, 4),
        g(4, 6),
        g(6, 8),
        g(8, 10),
        g(10, 12),
        g(12, 14)
    )
}

/// The pages, the Info metadata (name, value) and diagnostics of a loaded document.
pub type ReadPages = (Vec<Page>, Vec<(String, String)>, Vec<Diagnostic>);

/// Loads the document and lays out every page. `Err` for a file lopdf cannot parse or cannot
/// decrypt.
pub fn read_pages(
    bytes: &[u8],
    limits: &super::Limits,
    budget: &super::InflateBudget,
) -> Result<ReadPages, ExtractError> {
    let max_pages = limits.max_pages;
    let mut diags = Vec::new();
    let mut doc = super::pdf_streams::load(bytes, limits)?;
    if doc.is_encrypted() {
        match doc.decrypt("") {
            Ok(()) => diags.push(Diagnostic::new(
                DiagnosticKind::Encrypted,
                "encrypted with an empty user password (permissions only): decrypted",
            )),
            Err(e) => {
                return Err(ExtractError::Encrypted(format!(
                    "encrypted: a password is needed to read the text ({e})"
                )));
            }
        }
    } else if doc.was_encrypted() {
        diags.push(Diagnostic::new(
            DiagnosticKind::Encrypted,
            "encrypted with an empty user password (permissions only): decrypted",
        ));
    }
    super::pdf_streams::check_sizes(&doc, limits.max_entry_bytes, limits.max_total_bytes, budget)?;
    let mut meta = Vec::new();
    if let Ok(info) = doc
        .trailer
        .get(b"Info")
        .and_then(|o| doc.dereference(o).map(|(_, o)| o.clone()))
        && let Ok(d) = info.as_dict()
    {
        for (k, name) in [
            (&b"Title"[..], "title"),
            (b"Author", "author"),
            (b"Subject", "subject"),
            (b"Keywords", "keywords"),
            (b"Creator", "generator"),
            (b"Producer", "producer"),
            (b"CreationDate", "created"),
            (b"ModDate", "modified"),
        ] {
            if let Some(v) = d.get(k).ok().and_then(pdf_string) {
                let v = if name == "created" || name == "modified" {
                    pdf_date(&v)
                } else {
                    v
                };
                meta.push((name.to_string(), v));
            }
        }
    }
    let pages_map = doc.get_pages();
    if pages_map.len() > max_pages {
        diags.push(Diagnostic::limit(
            LimitKind::Pages,
            format!(
                "{} pages; only the first {max_pages} are extracted",
                pages_map.len()
            ),
        ));
    }
    let wanted: Vec<(u32, lopdf::ObjectId)> = pages_map.into_iter().take(max_pages).collect();
    let root = doc
        .catalog()
        .and_then(|c| c.get(b"Pages"))
        .and_then(lopdf::Object::as_reference)
        .ok();
    let mut guard = super::pdf_guard::Guard::default();
    let mut pages = Vec::with_capacity(wanted.len());
    for chunk in wanted.chunks(PAGES_PER_CALL) {
        let guards: Vec<_> = chunk
            .iter()
            .map(|&(n, id)| guard.page(&mut doc, n, id))
            .collect();
        if let Some(root) = root
            && let Ok(d) = doc.get_dictionary_mut(root)
        {
            let kids: Vec<lopdf::Object> = chunk.iter().map(|&(_, id)| id.into()).collect();
            d.set("Kids", kids);
            d.set("Count", chunk.len() as i64);
        }
        for (i, (&(n, _), g)) in chunk.iter().zip(guards).enumerate() {
            let mut c = Collector::default();
            let error = match g.error {
                Some(e) => Some(e),
                None => {
                    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        pdf_extract::output_doc_page(&doc, &mut c, i as u32 + 1)
                    }));
                    match r {
                        Ok(Ok(())) => None,
                        Ok(Err(e)) => Some(ExtractError::damaged(format!("page {n}: {e}"))),
                        Err(p) => Some(ExtractError::damaged(format!(
                            "page {n}: the PDF parser panicked ({})",
                            p.downcast_ref::<&str>()
                                .map(|s| s.to_string())
                                .or_else(|| p.downcast_ref::<String>().cloned())
                                .unwrap_or_default()
                        ))),
                    }
                }
            };
            pages.push(Page {
                n,
                lines: c.lines,
                height: c.page_height,
                images: g.images,
                error,
                notes: g.diagnostics,
            });
        }
    }
    Ok((pages, meta, diags))
}

/// A header/footer key: digits folded, spaces collapsed, lower case.
fn line_key(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect()
}

/// Is `s` a page number (`12`, `- 12 -`, `Page 12`, `12 of 40`, `xii`)?
fn is_page_number(s: &str) -> bool {
    let t = s
        .trim()
        .trim_matches(|c: char| c == '-' || c == '–' || c.is_whitespace())
        .to_lowercase();
    let t = t.strip_prefix("page ").unwrap_or(&t);
    let first = t.split(" of ").next().unwrap_or("");
    (!first.is_empty() && first.len() <= 5 && first.chars().all(|c| c.is_ascii_digit()))
        || (!t.is_empty() && t.len() <= 6 && t.chars().all(|c| "ivxlc".contains(c)))
}

/// Finds running headers, footers and page numbers: the top and bottom lines of pages that
/// repeat (digits folded) on three or more pages or on half of them, or are page numbers. Returns, per page,
/// the indices of lines to drop, and the diagnostics.
fn headers_footers(pages: &[Page]) -> (Vec<Vec<usize>>, Vec<Diagnostic>) {
    let mut drop: Vec<Vec<usize>> = vec![Vec::new(); pages.len()];
    let mut diags = Vec::new();
    let edge = |p: &Page, top: bool| -> Option<usize> {
        let idx: Vec<usize> = (0..p.lines.len())
            .filter(|&i| !p.lines[i].text.trim().is_empty())
            .collect();
        if idx.len() < 2 {
            return None;
        }
        // By position: the highest and lowest lines on the page.
        let pick = idx.iter().copied().min_by(|&a, &b| {
            let (ya, yb) = (p.lines[a].top, p.lines[b].top);
            if top {
                ya.total_cmp(&yb)
            } else {
                yb.total_cmp(&ya)
            }
        })?;
        Some(pick)
    };
    let mut page_numbers = 0;
    for top in [true, false] {
        let mut counts: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        let picks: Vec<Option<usize>> = pages.iter().map(|p| edge(p, top)).collect();
        for (p, pick) in pages.iter().zip(&picks) {
            if let Some(i) = pick {
                *counts.entry(line_key(&p.lines[*i].text)).or_default() += 1;
            }
        }
        let mut reported: Vec<String> = Vec::new();
        for (pi, (p, pick)) in pages.iter().zip(&picks).enumerate() {
            let Some(i) = *pick else { continue };
            let text = p.lines[i].text.trim();
            if is_page_number(text) && pages.len() >= 2 {
                drop[pi].push(i);
                page_numbers += 1;
                continue;
            }
            let key = line_key(text);
            let n = counts.get(&key).copied().unwrap_or(0);
            // Furniture repeats: on half the pages of a short document, or on three or more
            // (a chapter's running head in a manual).
            if n >= 3 || (pages.len() >= 3 && n * 2 >= pages.len() && n >= 2) {
                drop[pi].push(i);
                if !reported.contains(&key) {
                    reported.push(key.clone());
                    diags.push(
                        Diagnostic::new(
                            DiagnosticKind::HeaderFooter,
                            format!(
                                "running {} \"{}\" on {n} of {} pages, left out of the text",
                                if top { "header" } else { "footer" },
                                text.split_whitespace().collect::<Vec<_>>().join(" "),
                                pages.len()
                            ),
                        )
                        .count(n as u64),
                    );
                }
            }
        }
    }
    if page_numbers > 0 {
        diags.push(
            Diagnostic::new(
                DiagnosticKind::HeaderFooter,
                format!("page numbers on {page_numbers} pages, left out of the text"),
            )
            .count(page_numbers as u64),
        );
    }
    (drop, diags)
}

/// Maps ligature characters to letters; returns the text and `(ligature, count)` pairs.
pub fn map_ligatures(text: &str) -> (String, Vec<(char, u64)>) {
    let mut counts: Vec<(char, u64)> = Vec::new();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let lig = match c {
            '\u{FB00}' => Some("ff"),
            '\u{FB01}' => Some("fi"),
            '\u{FB02}' => Some("fl"),
            '\u{FB03}' => Some("ffi"),
            '\u{FB04}' => Some("ffl"),
            '\u{FB05}' | '\u{FB06}' => Some("st"),
            _ => None,
        };
        match lig {
            Some(l) => {
                out.push_str(l);
                match counts.iter_mut().find(|(x, _)| *x == c) {
                    Some((_, k)) => *k += 1,
                    None => counts.push((c, 1)),
                }
            }
            None => out.push(c),
        }
    }
    (out, counts)
}

/// Text-level repairs and checks on a unit's text: ligatures, hyphenation, garbling.
fn finish_text(text: String, diags: &mut Vec<Diagnostic>) -> String {
    let (text, ligs) = map_ligatures(&text);
    if !ligs.is_empty() {
        let total: u64 = ligs.iter().map(|(_, k)| k).sum();
        let list: Vec<String> = ligs.iter().map(|(c, k)| format!("{c} ×{k}")).collect();
        diags.push(
            Diagnostic::new(
                DiagnosticKind::LigatureMapped,
                format!(
                    "{total} ligature glyphs mapped to letters ({})",
                    list.join(", ")
                ),
            )
            .count(total),
        );
    }
    let opts = normalize::Options {
        steps: vec![Step::Hyphenation],
        ..Default::default()
    };
    let p = normalize::run(&text, None, &opts);
    let text = p.output;
    if let Some(step) = p.steps.first() {
        let joined: Vec<&normalize::Change> = step
            .changes
            .iter()
            .filter(|c| c.kind.starts_with("joined"))
            .collect();
        if !joined.is_empty() {
            let examples: Vec<String> = joined
                .iter()
                .take(3)
                .map(|c| format!("'{}'", c.inserted))
                .collect();
            let first_at = step.to_output(joined[0].at);
            diags.push(
                Diagnostic::new(
                    DiagnosticKind::HyphenJoined,
                    format!(
                        "{} words hyphenated across lines rejoined (normalisation step 4), e.g. {}",
                        joined.len(),
                        examples.join(", ")
                    ),
                )
                .count(joined.len() as u64)
                .at_text(first_at, first_at + joined[0].inserted.len()),
            );
        }
    }
    text
}

/// Garbled-extraction checks on a page's text.
fn garbled(n: u32, text: &str) -> Option<Diagnostic> {
    let visible = text.chars().filter(|c| !c.is_whitespace()).count();
    if visible < 20 {
        return None;
    }
    let bad = text
        .chars()
        .filter(|&c| c == '\u{FFFD}' || ('\u{E000}'..='\u{F8FF}').contains(&c))
        .count();
    let long_words = text
        .split_whitespace()
        .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() > 25)
        .count();
    let words = text.split_whitespace().count().max(1);
    if bad * 20 > visible {
        Some(Diagnostic::new(
            DiagnosticKind::Garbled,
            format!(
                "page {n}: {bad} of {visible} characters are U+FFFD or private-use: fonts without a usable ToUnicode map"
            ),
        ).count(bad as u64))
    } else if long_words * 10 > words || (long_words >= 3 && visible / words > 15) {
        Some(Diagnostic::new(
            DiagnosticKind::Garbled,
            format!("page {n}: {long_words} 'words' longer than 25 letters: inter-word spaces are missing"),
        ).count(long_words as u64))
    } else {
        None
    }
}

/// Extracts a PDF.
pub fn extract(
    name: &str,
    bytes: &[u8],
    unit: UnitChoice,
    opts: &Options,
) -> Result<Extracted, ExtractError> {
    let (pages, meta, mut diagnostics) = read_pages(bytes, &opts.limits, &opts.budget)?;
    if pages.is_empty() {
        diagnostics.push(Diagnostic::new(
            DiagnosticKind::Damaged,
            "the page tree yields no pages: it is empty, damaged or cyclic",
        ));
    }
    let (drop, mut hf) = headers_footers(&pages);
    diagnostics.append(&mut hf);
    let mut page_units = Vec::new();
    let mut ocr = Vec::new();
    for (p, dropped) in pages.iter().zip(&drop) {
        let mut d = p.notes.clone();
        if let Some(e) = &p.error {
            d.push(e.to_diagnostic());
        }
        let text: String = p
            .lines
            .iter()
            .enumerate()
            .filter(|(i, _)| !dropped.contains(i))
            .map(|(_, l)| l.text.trim_end())
            .collect::<Vec<_>>()
            .join("\n")
            .trim()
            .to_string();
        if text.is_empty() && p.error.is_none() {
            if p.images > 0 {
                ocr.push(p.n);
                d.push(Diagnostic::new(
                    DiagnosticKind::NeedsOcr,
                    format!(
                        "page {}: no text layer, {} image(s): needs OCR",
                        p.n, p.images
                    ),
                ));
            } else {
                d.push(Diagnostic::new(
                    DiagnosticKind::Note,
                    format!("page {}: empty", p.n),
                ));
            }
        }
        if let Some(g) = garbled(p.n, &text) {
            d.push(g);
        }
        let mut u = DocumentUnit::new(name, Locator::Page { n: p.n }, Format::Pdf, text);
        u.diagnostics = d;
        page_units.push(u);
    }
    if !ocr.is_empty() {
        diagnostics.push(
            Diagnostic::new(
                DiagnosticKind::NeedsOcr,
                format!(
                    "{} of {} pages have no text layer and need OCR (pages {})",
                    ocr.len(),
                    pages.len(),
                    ocr.iter()
                        .map(|n| n.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .count(ocr.len() as u64),
        );
    }
    let mut units = if unit == UnitChoice::Page {
        page_units
            .into_iter()
            .map(|mut u| {
                let mut d = std::mem::take(&mut u.diagnostics);
                u.text = finish_text(std::mem::take(&mut u.text), &mut d);
                u.diagnostics = d;
                u
            })
            .collect()
    } else {
        // Pages join with a newline, so a word hyphenated across a page break is rejoined too.
        let mut d: Vec<Diagnostic> = page_units
            .iter_mut()
            .flat_map(|u| std::mem::take(&mut u.diagnostics))
            .collect();
        let text = page_units
            .iter()
            .map(|u| u.text.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        let mut u = DocumentUnit::new(name, Locator::File, Format::Pdf, String::new());
        u.text = finish_text(text, &mut d);
        u.diagnostics = d;
        vec![u]
    };
    for u in &mut units {
        for (k, v) in &meta {
            u.meta(k, v.clone());
        }
        if let Some(t) = u.meta_value("title").map(str::to_string) {
            u.field("title", t);
        }
        u.meta("pages", pages.len().to_string());
        super::trust::check(u);
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

    #[test]
    fn ligatures_and_page_numbers() {
        let (t, c) = map_ligatures("e\u{FB03}cient o\u{FB03}ce \u{FB01}le");
        assert_eq!(t, "efficient office file");
        assert_eq!(c, vec![('\u{FB03}', 2), ('\u{FB01}', 1)]);
        assert!(is_page_number("12") && is_page_number("- 3 -") && is_page_number("Page 4 of 9"));
        assert!(is_page_number("xii") && !is_page_number("Introduction"));
    }

    #[test]
    fn running_headers_are_found_by_repetition() {
        let page = |n: u32, body: &str| Page {
            n,
            lines: vec![
                Line {
                    text: "Annual Report 2026".into(),
                    top: 30.0,
                },
                Line {
                    text: body.into(),
                    top: 300.0,
                },
                Line {
                    text: n.to_string(),
                    top: 780.0,
                },
            ],
            height: 800.0,
            images: 0,
            error: None,
            notes: Vec::new(),
        };
        let pages = vec![page(1, "alpha"), page(2, "beta"), page(3, "gamma")];
        let (drop, d) = headers_footers(&pages);
        assert_eq!(drop[0], vec![0, 2]);
        assert!(d.iter().any(|x| x.message.contains("Annual Report 2026")));
        assert!(
            d.iter()
                .any(|x| x.message.contains("page numbers on 3 pages"))
        );
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(
            read_pages(
                b"%PDF-1.4\nthis is not a pdf",
                &super::super::Limits::default(),
                &Default::default()
            )
            .is_err()
        );
    }
}
