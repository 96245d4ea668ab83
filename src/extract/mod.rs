//! Getting the text out the way an indexer would, showing what the extractor did and where it
//! struggled, and cutting the result into the units an index returns.
//!
//! One [`extract`] call per input: the format is identified ([`crate::format`]), the bytes go to
//! the extractor for that format, and the result is a list of [`DocumentUnit`]s, each with its
//! stable id, its locator (`page 3`, `message 17`, `REUTERS NEWID=17980`), its text, fields
//! (title, headings, anchor text), metadata with trust notes, and [`Diagnostic`]s: what the
//! extractor changed or could not do (ligatures mapped, hyphens joined, boilerplate blocks,
//! pages that need OCR, entities left undecoded).
//!
//! Every extractor runs isolated on its own thread ([`isolate`]): a panic in a parser (PDF
//! libraries are known to panic on real files) or a document that takes too long becomes an
//! error for that document, never a crash of the tool. Container formats are read within
//! [`Limits`] (sizes, ratios, entry counts, nesting).
//!
//! | module | extracts |
//! |---|---|
//! | [`html`] | HTML with the html5ever tokenizer; fields; boilerplate blocks ([`boilerplate`]) |
//! | [`xml`] | XML with quick-xml, entity references kept |
//! | [`office`] | DOCX, XLSX, PPTX, ODT, ODS, ODP, EPUB (ZIP + XML) |
//! | [`pdf`] | PDF pages through pdf-extract, with reading-order, ligature, header checks |
//! | [`email`] | RFC 5322 messages and mbox archives through mailparse |
//! | [`sgml`] | Reuters-21578 style SGML collections |

pub mod archive;
pub mod boilerplate;
pub mod email;
pub mod error;
pub mod html;
pub mod office;
pub mod pdf;
pub mod pdf_guard;
pub mod pdf_streams;
pub mod sgml;
pub mod trust;
pub mod xml;

pub use error::{ExtractError, LimitKind};

use crate::format::{self, Format, FormatReport};
use crate::source::Input;
use crate::span::ByteSpan;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Duration;
mod isolate;
use isolate::guarded;
pub use isolate::{is_isolated_thread, isolate};
mod diagnostic;
pub use diagnostic::{Diagnostic, DiagnosticKind};
mod decoding;
pub use decoding::{DecodedText, charset_diagnostics, decode_file_text, decode_text};

/// Which units to cut a document into (`--unit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitChoice {
    /// One unit per file.
    File,
    /// PDF pages, slides, sheets, EPUB chapters.
    Page,
    /// mbox messages (an email file is one message).
    Message,
    /// Email body and each attachment; embedded objects of Office documents.
    Part,
    /// The documents of an SGML collection.
    Document,
    /// By format: mbox → messages, email → body + attachments, PDF → file, SGML → documents.
    #[default]
    Auto,
}

impl UnitChoice {
    pub fn name(self) -> &'static str {
        match self {
            UnitChoice::File => "file",
            UnitChoice::Page => "page",
            UnitChoice::Message => "message",
            UnitChoice::Part => "part",
            UnitChoice::Document => "document",
            UnitChoice::Auto => "auto",
        }
    }

    /// What `auto` means for `format`.
    pub fn resolve(self, format: Format) -> UnitChoice {
        if self != UnitChoice::Auto {
            return self;
        }
        match format {
            Format::Mbox => UnitChoice::Message,
            Format::Email => UnitChoice::Part,
            Format::Sgml => UnitChoice::Document,
            _ => UnitChoice::File,
        }
    }
}

/// Bounds on what one document may cost. Hostile inputs (zip bombs, cyclic PDFs, XML nested
/// thousands deep) hit a bound and are reported; they never take the tool down.
#[derive(Clone, Debug, Serialize)]
pub struct Limits {
    /// Largest input read for extraction.
    pub max_input_bytes: u64,
    /// Largest uncompressed size of one archive entry.
    pub max_entry_bytes: u64,
    /// Largest total uncompressed size read from one archive, and from all archives and PDF
    /// streams nested in one document together (see [`InflateBudget`]).
    pub max_total_bytes: u64,
    /// Largest compression ratio of an entry bigger than 1 MiB (zip bombs reach 1000:1).
    pub max_ratio: u64,
    /// Most entries read from one archive.
    pub max_entries: usize,
    /// Deepest nesting of containers (an attachment holding a DOCX holding an embedded file).
    pub max_depth: usize,
    /// Deepest element nesting in XML and HTML.
    pub max_markup_depth: usize,
    /// Most PDF pages extracted.
    pub max_pages: usize,
    /// Most memory the parsed objects of one PDF may take (see [`pdf_streams`]).
    pub max_pdf_object_bytes: u64,
    /// Most document units kept from one file (messages of an mbox, documents of an SGML
    /// collection, sheets, slides).
    pub max_units: usize,
    /// Time one document may take.
    #[serde(serialize_with = "secs")]
    pub time_per_document: Duration,
}

fn secs<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_input_bytes: 512 << 20,
            max_entry_bytes: 128 << 20,
            max_total_bytes: 512 << 20,
            max_ratio: 200,
            max_entries: 20_000,
            max_depth: 3,
            max_markup_depth: 1_000,
            max_pages: 10_000,
            max_pdf_object_bytes: 256 << 20,
            max_units: 1_000_000,
            time_per_document: Duration::from_secs(60),
        }
    }
}

/// What to extract and how.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub unit: UnitChoice,
    pub limits: Limits,
    /// A transport `Content-Type` (`--content-type`), for the format and the encoding.
    pub content_type: Option<String>,
    /// Keep boilerplate blocks in the unit text (they are always listed as blocks).
    pub keep_boilerplate: bool,
    /// The encoding the user chose for the file's own bytes (`--encoding`, or a candidate
    /// picked in the explorer): it overrides the decision for a text, HTML, XML or SGML file,
    /// never for a document embedded in it (an attachment has its own declaration).
    pub encoding: Option<crate::decode::LabelResolution>,
    /// What the archives inside the current document may still inflate; set afresh for
    /// each top-level document by [`extract_bytes`].
    pub budget: InflateBudget,
}

/// Bytes that all archives inside one document may inflate together. One archive is bounded
/// by `max_total_bytes`; without a shared budget, archives nested in archives (a "nested zip
/// bomb" such as 42.zip) would multiply that bound by their fan-out at every level.
#[derive(Clone, Debug, Default)]
pub struct InflateBudget(Option<std::sync::Arc<BudgetState>>);

#[derive(Debug)]
struct BudgetState {
    left: std::sync::atomic::AtomicU64,
    refused: std::sync::atomic::AtomicBool,
}

impl InflateBudget {
    /// A budget of `bytes`, shared by every clone.
    pub fn new(bytes: u64) -> Self {
        InflateBudget(Some(std::sync::Arc::new(BudgetState {
            left: std::sync::atomic::AtomicU64::new(bytes),
            refused: std::sync::atomic::AtomicBool::new(false),
        })))
    }

    /// Bytes left (`u64::MAX` when no budget was set).
    pub fn left(&self) -> u64 {
        self.0.as_ref().map_or(u64::MAX, |a| {
            a.left.load(std::sync::atomic::Ordering::Relaxed)
        })
    }

    /// Records `n` inflated bytes.
    pub fn spend(&self, n: u64) {
        if let Some(a) = &self.0 {
            let _ = a.left.fetch_update(
                std::sync::atomic::Ordering::Relaxed,
                std::sync::atomic::Ordering::Relaxed,
                |v| Some(v.saturating_sub(n)),
            );
        }
    }

    /// Records that an entry was refused for want of budget: from then on, no archive of
    /// this document opens further embedded objects.
    pub fn refuse(&self) {
        if let Some(a) = &self.0 {
            a.refused.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// Was an entry refused for want of budget?
    pub fn refused(&self) -> bool {
        self.0
            .as_ref()
            .is_some_and(|a| a.refused.load(std::sync::atomic::Ordering::Relaxed))
    }

    fn is_set(&self) -> bool {
        self.0.is_some()
    }
}

/// The extractor that produced a result, and its version.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExtractorInfo {
    pub name: &'static str,
    pub version: &'static str,
    /// What it is built on (`html5ever 0.40 tokenizer`).
    pub uses: &'static str,
}

/// Where a unit sits in its source.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Locator {
    File,
    Page {
        n: u32,
    },
    Slide {
        n: u32,
    },
    Sheet {
        n: u32,
        name: String,
    },
    Chapter {
        n: u32,
        href: String,
    },
    Message {
        n: u32,
    },
    Part {
        message: Option<u32>,
        n: u32,
        /// `body`, or the attachment's file name.
        name: String,
        attachment: bool,
    },
    Embedded {
        n: u32,
        name: String,
    },
    Sgml {
        element: String,
        attr: String,
        value: String,
    },
}

impl std::fmt::Display for Locator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Locator::File => write!(f, "file"),
            Locator::Page { n } => write!(f, "page {n}"),
            Locator::Slide { n } => write!(f, "slide {n}"),
            Locator::Sheet { n, name } => write!(f, "sheet {n} ({name})"),
            Locator::Chapter { n, href } => write!(f, "chapter {n} ({href})"),
            Locator::Message { n } => write!(f, "message {n}"),
            Locator::Part {
                message,
                n,
                name,
                attachment,
            } => {
                if let Some(m) = message {
                    write!(f, "message {m} ")?;
                }
                if *attachment {
                    write!(f, "part {n} (attachment {name})")
                } else {
                    write!(f, "part {n} ({name})")
                }
            }
            Locator::Embedded { n, name } => write!(f, "embedded {n} ({name})"),
            Locator::Sgml {
                element,
                attr,
                value,
            } => write!(f, "{element} {attr}={value}"),
        }
    }
}

/// A metadata field with a note when it should not be trusted as is.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MetaItem {
    pub name: String,
    pub value: String,
    /// Why the value may be wrong (inherited from a template, contradicts another field).
    pub trust: Option<String>,
}

/// Whether a block of an HTML page is content or boilerplate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BlockClass {
    Content,
    Boilerplate,
}

/// A text block of a page, with the shallow features that classified it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Block {
    /// Byte range in the unit's text (boilerplate dropped from the text has an empty range at
    /// the place it would have been).
    pub text_span: (usize, usize),
    pub class: BlockClass,
    pub words: u32,
    pub link_density: f64,
    pub text_density: f64,
    /// The element that opened it (`p`, `li`, `td`…).
    pub tag: String,
    /// The block text (kept here even when the unit text drops it).
    pub text: String,
    pub lang: Option<String>,
}

/// Characters of text per declared language (`lang` / `xml:lang` attributes).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LangShare {
    pub lang: String,
    pub chars: u64,
}

/// One retrievable item: what an index would store under one document id.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DocumentUnit {
    /// Stable across runs: derived from the source path and the locator.
    pub id: String,
    pub source: String,
    #[serde(serialize_with = "locator_string")]
    pub locator: Locator,
    pub format: Format,
    /// The encoding the text was decoded from, when the format has one.
    pub encoding: Option<String>,
    pub text: String,
    /// Named fields: `title`, `headings`, `anchors`, `description`, `author`…
    pub fields: BTreeMap<String, Vec<String>>,
    pub metadata: Vec<MetaItem>,
    pub diagnostics: Vec<Diagnostic>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub blocks: Vec<Block>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub languages: Vec<LangShare>,
    /// Where the unit lies in the source file, when it is a contiguous stretch of it.
    pub byte_span: Option<ByteSpan>,
    /// When the text is the file's bytes decoded (plain text), the map from text offsets to
    /// bytes (for jump-to and byte offsets of findings; not serialised).
    #[serde(skip)]
    pub offsets: Option<std::sync::Arc<crate::decode::offsets::OffsetMap>>,
}

fn locator_string<S: serde::Serializer>(l: &Locator, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&l.to_string())
}

impl DocumentUnit {
    /// A unit with the given locator and text, nothing else yet.
    pub fn new(source: &str, locator: Locator, format: Format, text: String) -> Self {
        DocumentUnit {
            id: unit_id(source, &locator),
            source: source.to_string(),
            locator,
            format,
            encoding: None,
            text,
            fields: BTreeMap::new(),
            metadata: Vec::new(),
            diagnostics: Vec::new(),
            blocks: Vec::new(),
            languages: Vec::new(),
            byte_span: None,
            offsets: None,
        }
    }

    /// Adds a value to a named field.
    pub fn field(&mut self, name: &str, value: impl Into<String>) {
        let v = value.into();
        if !v.trim().is_empty() {
            self.fields.entry(name.to_string()).or_default().push(v);
        }
    }

    /// Adds a metadata item.
    pub fn meta(&mut self, name: &str, value: impl Into<String>) {
        let v = value.into();
        if !v.trim().is_empty() {
            self.metadata.push(MetaItem {
                name: name.to_string(),
                value: v.trim().to_string(),
                trust: None,
            });
        }
    }

    /// The value of metadata item `name`.
    pub fn meta_value(&self, name: &str) -> Option<&str> {
        self.metadata
            .iter()
            .find(|m| m.name == name)
            .map(|m| m.value.as_str())
    }

    /// Re-derives the id (after the locator or source changed).
    pub fn reid(&mut self) {
        self.id = unit_id(&self.source, &self.locator);
    }
}

/// A stable id: 64-bit FNV-1a of the source path and the locator, mixed, in hex. The same file and
/// locator give the same id in every run, whatever else is in the corpus.
pub fn unit_id(source: &str, locator: &Locator) -> String {
    unit_id_of(source, &locator.to_string())
}

/// [`unit_id`] of a locator already written out (`page 3`): what a report keeps.
pub fn unit_id_of(source: &str, locator: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in source
        .bytes()
        .chain(std::iter::once(0))
        .chain(locator.bytes())
    {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    // A final mix (splitmix64) so ids of neighbouring locators do not look alike.
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^= h >> 31;
    format!("{h:016x}")
}

/// Joins units into one (for `--unit file`, or a message with its parts): texts separated by
/// a blank line, spans of diagnostics and blocks moved to the joined text.
pub fn merge_units(
    source: &str,
    locator: Locator,
    format: Format,
    parts: Vec<DocumentUnit>,
) -> DocumentUnit {
    let mut out = DocumentUnit::new(source, locator, format, String::new());
    let mut encodings: Vec<String> = Vec::new();
    for p in parts {
        if !out.text.is_empty() && !p.text.is_empty() {
            out.text.push_str("\n\n");
        }
        let base = out.text.len();
        out.text.push_str(&p.text);
        for (k, v) in p.fields {
            out.fields.entry(k).or_default().extend(v);
        }
        out.metadata.extend(p.metadata);
        out.diagnostics
            .extend(p.diagnostics.into_iter().map(|mut d| {
                d.text_span = d.text_span.map(|(a, b)| (a + base, b + base));
                d
            }));
        out.blocks.extend(p.blocks.into_iter().map(|mut b| {
            b.text_span = (b.text_span.0 + base, b.text_span.1 + base);
            b
        }));
        for l in p.languages {
            match out.languages.iter_mut().find(|x| x.lang == l.lang) {
                Some(x) => x.chars += l.chars,
                None => out.languages.push(l),
            }
        }
        if let Some(e) = p.encoding
            && !encodings.contains(&e)
        {
            encodings.push(e);
        }
        out.byte_span = match (out.byte_span, p.byte_span) {
            (None, s) if base == 0 => s,
            (Some(a), Some(b)) => Some(ByteSpan::new(a.start.min(b.start), a.end.max(b.end))),
            _ => None,
        };
    }
    out.encoding = (!encodings.is_empty()).then(|| encodings.join(", "));
    out
}

/// The result of extracting one input.
#[derive(Clone, Debug, Serialize)]
pub struct Extraction {
    pub path: String,
    /// The file name's bytes, when they are not UTF-8 (`path` shows them as `\xFF`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path_bytes: Option<Vec<u8>>,
    pub size_bytes: u64,
    pub format: FormatReport,
    pub extractor: Option<ExtractorInfo>,
    /// The unit choice after `auto` was resolved.
    pub unit: UnitChoice,
    pub units: Vec<DocumentUnit>,
    /// id → locator, to store beside an index.
    pub ids: BTreeMap<String, String>,
    /// Diagnostics about the file as a whole.
    pub diagnostics: Vec<Diagnostic>,
    /// Why extraction failed for this document, when it did (the other documents go on). JSON:
    /// the sentence (the record's `path` names the file).
    #[serde(serialize_with = "as_sentence")]
    pub error: Option<ExtractError>,
}

/// Serializes an optional error as its sentence.
fn as_sentence<S: serde::Serializer>(e: &Option<ExtractError>, s: S) -> Result<S::Ok, S::Error> {
    match e {
        Some(e) => s.serialize_str(&e.to_string()),
        None => s.serialize_none(),
    }
}

/// What an extractor returns: units at its own granularity plus file-level diagnostics.
pub struct Extracted {
    pub extractor: ExtractorInfo,
    pub units: Vec<DocumentUnit>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Extracts the text of `input`, cut into units. `Err` only when the input cannot be read;
/// a document the extractors fail on comes back with `error` set and no units.
pub fn extract(input: &Input, opts: &Options) -> Result<Extraction, crate::SourceError> {
    let fmt = format::identify_within(input, opts.content_type.as_deref(), opts.limits.max_entries);
    let mut result = Extraction {
        path: input.name().to_string(),
        path_bytes: input.path_bytes(),
        size_bytes: input.len(),
        unit: opts.unit.resolve(fmt.detected),
        format: fmt,
        extractor: None,
        units: Vec::new(),
        ids: BTreeMap::new(),
        diagnostics: Vec::new(),
        error: None,
    };
    let detected = result.format.detected;
    if let Some(m) = &result.format.mismatch {
        result
            .diagnostics
            .push(Diagnostic::new(DiagnosticKind::FormatMismatch, m.clone()));
    }
    for n in &result.format.notes {
        let d = match n.kind {
            format::NoteKind::Encrypted => Diagnostic::new(DiagnosticKind::Encrypted, &n.text),
            format::NoteKind::Damaged => Diagnostic::new(DiagnosticKind::Damaged, &n.text),
            format::NoteKind::TooManyEntries { entries, limit } => Diagnostic::limit(
                LimitKind::Entries,
                format!(
                    "{entries} entries in the archive, more than the limit of {limit}: not read"
                ),
            ),
        };
        result.diagnostics.push(d);
    }
    if !detected.extractable() {
        result.diagnostics.push(Diagnostic::new(
            DiagnosticKind::NotExtracted,
            format!(
                "{}: identified, but this tool does not extract text from it",
                detected.description()
            ),
        ));
        return Ok(result);
    }
    if input.len() > opts.limits.max_input_bytes {
        result.error = Some(ExtractError::limit(
            LimitKind::InputSize,
            format!(
                "{} bytes is more than the extraction limit of {} bytes",
                input.len(),
                opts.limits.max_input_bytes
            ),
        ));
        return Ok(result);
    }
    let bytes = input.read_range(0, input.len())?;
    let name = input.name().to_string();
    let o = opts.clone();
    let unit = result.unit;
    // Parsers of binary containers (PDF, ZIP) and mail (whose attachments can be those) run
    // on their own thread with a time limit; the text formats' parsers are linear and
    // bounded, so a panic guard on this thread is enough (a thread per small file costs more
    // than the file).
    let outcome = if needs_thread(detected) {
        let thread_name = name.clone();
        isolate(&thread_name, opts.limits.time_per_document, move || {
            extract_bytes(&name, detected, bytes, unit, &o, 0)
        })
    } else {
        guarded(|| extract_bytes(&name, detected, bytes, unit, &o, 0))
    };
    match outcome {
        Ok(Ok(x)) => {
            result.extractor = Some(x.extractor);
            result.units = x.units;
            result.diagnostics.extend(x.diagnostics);
            let max = opts.limits.max_units.max(1);
            if result.units.len() > max {
                result.diagnostics.push(
                    Diagnostic::limit(
                        LimitKind::Units,
                        format!(
                            "{} units; only the first {max} are kept",
                            result.units.len()
                        ),
                    )
                    .count((result.units.len() - max) as u64),
                );
                result.units.truncate(max);
            }
        }
        Ok(Err(e)) => result.error = Some(e),
        Err(e) => {
            // The extractor itself failed (a panic, the time limit): a diagnostic says so.
            let mut d = e.to_diagnostic();
            d.kind = DiagnosticKind::ExtractorFailed;
            result.diagnostics.push(d);
            result.error = Some(e);
        }
    }
    if let Some((opened, now)) = input.size_change() {
        let c = crate::report::SizeChange { opened, now };
        result
            .diagnostics
            .push(Diagnostic::new(DiagnosticKind::Changed, c.sentence()));
    }
    result.ids = result
        .units
        .iter()
        .map(|u| (u.id.clone(), u.locator.to_string()))
        .collect();
    Ok(result)
}

/// Formats whose extraction runs on a thread of its own (see [`isolate`]).
fn needs_thread(f: Format) -> bool {
    !matches!(
        f,
        Format::Text
            | Format::Json
            | Format::EbcdicText
            | Format::Html
            | Format::Xml
            | Format::Sgml
    )
}

/// Extracts bytes already in memory whose format is known; `depth` counts the containers
/// around them (an attachment inside a message is depth 1).
pub fn extract_bytes(
    name: &str,
    format: Format,
    bytes: Vec<u8>,
    unit: UnitChoice,
    opts: &Options,
    depth: usize,
) -> Result<Extracted, ExtractError> {
    if depth > opts.limits.max_depth {
        return Err(ExtractError::limit(
            LimitKind::Nesting,
            format!(
                "nested {} levels deep, more than the limit of {}",
                depth, opts.limits.max_depth
            ),
        ));
    }
    // A top-level document starts a fresh inflation budget that everything nested in it
    // shares.
    let fresh;
    let opts = if depth == 0 || !opts.budget.is_set() {
        fresh = Options {
            budget: InflateBudget::new(opts.limits.max_total_bytes),
            ..opts.clone()
        };
        &fresh
    } else {
        opts
    };
    // The user's encoding is for the file itself, not for what is embedded in it.
    let inner;
    let opts = if depth > 0 && opts.encoding.is_some() {
        inner = Options {
            encoding: None,
            ..opts.clone()
        };
        &inner
    } else {
        opts
    };
    let unit = unit.resolve(format);
    match format {
        Format::Html => Ok(html::extract_file(name, bytes, opts)),
        Format::Xml => Ok(xml::extract_file(name, bytes, opts)),
        // An XML document in EBCDIC: decoded by its declaration's page, then read as XML.
        Format::EbcdicText if crate::decode::declared::ebcdic_xml_form(&bytes) => {
            Ok(xml::extract_file(name, bytes, opts))
        }
        Format::Text | Format::Json | Format::EbcdicText => Ok(plain(name, format, bytes, opts)),
        Format::Sgml => Ok(sgml::extract_file(name, bytes, unit, opts)),
        Format::Email => email::extract_message_file(name, bytes, unit, opts, depth),
        Format::Mbox => email::extract_mbox(name, bytes, unit, opts, depth),
        Format::Pdf => pdf::extract(name, &bytes, unit, opts),
        Format::Docx
        | Format::Xlsx
        | Format::Pptx
        | Format::Odt
        | Format::Ods
        | Format::Odp
        | Format::Epub => office::extract(name, format, bytes, unit, opts, depth),
        other => Err(ExtractError::NotExtracted(other.description())),
    }
}

/// The plain-text "extractor": decode and keep as is.
fn plain(name: &str, format: Format, bytes: Vec<u8>, opts: &Options) -> Extracted {
    let d = decode_file_text(name, bytes, opts);
    let mut u = DocumentUnit::new(name, Locator::File, format, String::new());
    u.encoding = Some(d.charset.name().to_string());
    u.diagnostics = charset_diagnostics("the file", &d);
    u.diagnostics.extend(not_text(&d.text, &d.decoded.map));
    u.byte_span = Some(ByteSpan::new(0, d.decoded.map.src_end()));
    u.text = d.text;
    u.offsets = Some(std::sync::Arc::new(d.decoded.map));
    Extracted {
        extractor: ExtractorInfo {
            name: "plain",
            version: env!("CARGO_PKG_VERSION"),
            uses: "the encoding stage's decision (encoding_rs)",
        },
        units: vec![u],
        diagnostics: Vec::new(),
    }
}

/// C0 controls other than tab, line feed, form feed, carriage return and escape, and DEL —
/// bytes no text holds whatever its encoding — more than one character in twenty: binary data
/// read as text. The format is told from the first bytes (the middle of a PDF cut out and named
/// `.pdf` starts with its XML metadata and goes on in compressed streams); the decoded whole
/// says what they did not. (Not C1 controls, which a wrong single-byte decoding makes of text:
/// EUC-JP read as windows-1252; nor U+FFFD, which encoding_rs's reference tables write as text.)
fn not_text(text: &str, map: &crate::decode::offsets::OffsetMap) -> Option<Diagnostic> {
    let junk = |c: char| matches!(c, '\0'..='\u{8}' | '\u{B}' | '\u{E}'..='\u{1A}' | '\u{1C}'..='\u{1F}' | '\u{7F}');
    let (mut total, mut bad, mut first) = (0usize, 0usize, None);
    for (i, c) in text.char_indices() {
        total += 1;
        if junk(c) {
            bad += 1;
            first.get_or_insert(i);
        }
    }
    (total >= 64 && bad * 20 > total).then(|| {
        let d = Diagnostic::new(
            DiagnosticKind::Garbled,
            format!(
                "{bad} of {total} characters are control characters ({:.0} %): binary data, not text",
                100.0 * bad as f64 / total as f64
            ),
        )
        .count(bad as u64);
        match first.and_then(|i| map.span_of(text, i)) {
            Some(span) => d.at_bytes(span),
            None => d,
        }
    })
}

/// Counts words the way the boilerplate features do: runs of letters or digits.
pub fn count_words(text: &str) -> usize {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .count()
}
