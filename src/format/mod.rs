//! What a file really is: the format told by its magic number, checked against its extension
//! and any declared MIME type, with mismatches said in words ("named .doc, but the bytes are a
//! WordPerfect document").
//!
//! Signatures follow the WHATWG MIME Sniffing standard where it has them (§6 for binary types,
//! §7.1 for HTML and XML), and each format's own specification otherwise (PDF: ISO 32000-1
//! §7.5.2; ZIP: APPNOTE §4.3; OLE2: [MS-CFB] §2.2). A ZIP archive is opened (its central
//! directory only, bounded) to tell DOCX, XLSX, PPTX, ODF, EPUB and JAR apart, since `PK` says
//! only "ZIP".
//!
//! [`kind`] keeps the narrower question the encoding stage asks: which encoding precedence
//! applies (HTML, XML, email or plain text). Nothing here decodes or extracts text.

pub mod container;
pub mod kind;

pub use kind::{KindEvidence, TextKind, sniff_kind};

use crate::source::Input;
use crate::span::ByteSpan;
use serde::Serialize;
use std::path::Path;
mod text;
use text::text_format;

/// The formats this tool identifies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    Pdf,
    Zip,
    Docx,
    Xlsx,
    Pptx,
    Odt,
    Ods,
    Odp,
    Epub,
    Jar,
    /// OLE2 compound file: legacy Office (.doc, .xls, .ppt) or Outlook .msg.
    Ole2,
    Rtf,
    WordPerfect,
    Gzip,
    Bzip2,
    SevenZip,
    Rar,
    PostScript,
    Html,
    Xml,
    Json,
    Email,
    Mbox,
    Sgml,
    Text,
    /// Text in an EBCDIC code page (IBM mainframes).
    EbcdicText,
    Png,
    Jpeg,
    Gif,
    Tiff,
    Webp,
    Elf,
    /// Windows / DOS executable (`MZ`).
    Exe,
    MachO,
    JavaClass,
    Wasm,
    Sqlite,
    /// None of the above, and not text.
    Binary,
    Empty,
}

impl Format {
    /// Short name as in JSON (`docx`, `word-perfect`, `ebcdic-text`).
    pub fn name(self) -> &'static str {
        use Format::*;
        match self {
            Pdf => "pdf",
            Zip => "zip",
            Docx => "docx",
            Xlsx => "xlsx",
            Pptx => "pptx",
            Odt => "odt",
            Ods => "ods",
            Odp => "odp",
            Epub => "epub",
            Jar => "jar",
            Ole2 => "ole2",
            Rtf => "rtf",
            WordPerfect => "word-perfect",
            Gzip => "gzip",
            Bzip2 => "bzip2",
            SevenZip => "seven-zip",
            Rar => "rar",
            PostScript => "post-script",
            Html => "html",
            Xml => "xml",
            Json => "json",
            Email => "email",
            Mbox => "mbox",
            Sgml => "sgml",
            Text => "text",
            EbcdicText => "ebcdic-text",
            Png => "png",
            Jpeg => "jpeg",
            Gif => "gif",
            Tiff => "tiff",
            Webp => "webp",
            Elf => "elf",
            Exe => "exe",
            MachO => "mach-o",
            JavaClass => "java-class",
            Wasm => "wasm",
            Sqlite => "sqlite",
            Binary => "binary",
            Empty => "empty",
        }
    }

    /// What a person calls it.
    pub fn description(self) -> &'static str {
        use Format::*;
        match self {
            Pdf => "a PDF document",
            Zip => "a ZIP archive",
            Docx => "a Word document (DOCX: ZIP + XML)",
            Xlsx => "an Excel workbook (XLSX: ZIP + XML)",
            Pptx => "a PowerPoint presentation (PPTX: ZIP + XML)",
            Odt => "an OpenDocument text (ODT)",
            Ods => "an OpenDocument spreadsheet (ODS)",
            Odp => "an OpenDocument presentation (ODP)",
            Epub => "an EPUB book",
            Jar => "a Java archive (JAR)",
            Ole2 => "an OLE2 compound file (legacy Office .doc/.xls/.ppt or Outlook .msg)",
            Rtf => "an RTF document",
            WordPerfect => "a WordPerfect document",
            Gzip => "a gzip-compressed file",
            Bzip2 => "a bzip2-compressed file",
            SevenZip => "a 7-Zip archive",
            Rar => "a RAR archive",
            PostScript => "a PostScript file",
            Html => "an HTML document",
            Xml => "an XML document",
            Json => "a JSON document",
            Email => "an email message (RFC 5322)",
            Mbox => "an mbox mail archive",
            Sgml => "an SGML document collection",
            Text => "plain text",
            EbcdicText => "EBCDIC text",
            Png => "a PNG image",
            Jpeg => "a JPEG image",
            Gif => "a GIF image",
            Tiff => "a TIFF image",
            Webp => "a WebP image",
            Elf => "an ELF executable or library",
            Exe => "a Windows/DOS executable",
            MachO => "a Mach-O executable",
            JavaClass => "a Java class file",
            Wasm => "a WebAssembly module",
            Sqlite => "an SQLite database",
            Binary => "binary data of no known format",
            Empty => "an empty file",
        }
    }

    /// Is the content text an indexer can read after decoding (possibly from markup)?
    pub fn is_text(self) -> bool {
        use Format::*;
        matches!(
            self,
            Html | Xml | Json | Email | Mbox | Sgml | Text | Rtf | EbcdicText
        )
    }

    /// Can this tool extract text from it?
    pub fn extractable(self) -> bool {
        use Format::*;
        matches!(
            self,
            Pdf | Docx
                | Xlsx
                | Pptx
                | Odt
                | Ods
                | Odp
                | Epub
                | Html
                | Xml
                | Json
                | Email
                | Mbox
                | Sgml
                | Text
                | EbcdicText
        )
    }

    /// The encoding precedence that applies when the format is text.
    pub fn text_kind(self) -> Option<TextKind> {
        use Format::*;
        match self {
            Html => Some(TextKind::Html),
            Xml => Some(TextKind::Xml),
            Email | Mbox => Some(TextKind::Email),
            Json | Sgml | Text | Rtf | EbcdicText => Some(TextKind::Text),
            _ => None,
        }
    }

    /// The format a file extension names, if any.
    pub fn from_extension(ext: &str) -> Option<Format> {
        use Format::*;
        Some(match ext.to_ascii_lowercase().as_str() {
            "pdf" => Pdf,
            "zip" => Zip,
            "docx" | "docm" | "dotx" => Docx,
            "xlsx" | "xlsm" => Xlsx,
            "pptx" | "pptm" => Pptx,
            "odt" => Odt,
            "ods" => Ods,
            "odp" => Odp,
            "epub" => Epub,
            "jar" | "war" | "ear" => Jar,
            "doc" | "xls" | "ppt" | "msg" | "dot" => Ole2,
            "rtf" => Rtf,
            "wpd" | "wp" | "wp5" | "wp6" => WordPerfect,
            "gz" | "tgz" => Gzip,
            "bz2" => Bzip2,
            "7z" => SevenZip,
            "rar" => Rar,
            "ps" | "eps" => PostScript,
            "html" | "htm" | "xhtml" | "shtml" => Html,
            "xml" | "xsd" | "xsl" | "xslt" | "svg" | "rss" | "atom" | "opf" | "xlf" | "tei" => Xml,
            "json" | "geojson" => Json,
            "eml" => Email,
            "mbox" | "mbx" => Mbox,
            "sgm" | "sgml" => Sgml,
            "txt" | "text" | "md" | "csv" | "tsv" | "log" => Text,
            "png" => Png,
            "jpg" | "jpeg" => Jpeg,
            "gif" => Gif,
            "tif" | "tiff" => Tiff,
            "webp" => Webp,
            "so" | "o" => Elf,
            "exe" | "dll" => Exe,
            "class" => JavaClass,
            "wasm" => Wasm,
            "sqlite" | "db" => Sqlite,
            _ => return None,
        })
    }

    /// The format a MIME type names, if any.
    pub fn from_mime(mime: &str) -> Option<Format> {
        use Format::*;
        let m = mime
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        Some(match m.as_str() {
            "application/pdf" => Pdf,
            "application/zip" => Zip,
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document" => Docx,
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" => Xlsx,
            "application/vnd.openxmlformats-officedocument.presentationml.presentation" => Pptx,
            "application/vnd.oasis.opendocument.text" => Odt,
            "application/vnd.oasis.opendocument.spreadsheet" => Ods,
            "application/vnd.oasis.opendocument.presentation" => Odp,
            "application/epub+zip" => Epub,
            "application/java-archive" => Jar,
            "application/msword" | "application/vnd.ms-excel" | "application/vnd.ms-powerpoint" => {
                Ole2
            }
            "application/rtf" | "text/rtf" => Rtf,
            "application/gzip" | "application/x-gzip" => Gzip,
            "application/postscript" => PostScript,
            "text/html" | "application/xhtml+xml" => Html,
            "application/json" => Json,
            "message/rfc822" => Email,
            "application/mbox" => Mbox,
            "text/sgml" | "application/sgml" => Sgml,
            "image/png" => Png,
            "image/jpeg" => Jpeg,
            "image/gif" => Gif,
            "image/tiff" => Tiff,
            "image/webp" => Webp,
            "application/wasm" => Wasm,
            m if kind::is_xml_media_type(m) => Xml,
            m if m.starts_with("text/") => Text,
            _ => return None,
        })
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What kind of clue a piece of format evidence is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FormatClue {
    /// A signature in the bytes.
    Magic,
    /// An entry inside a ZIP archive (`[Content_Types].xml`, `mimetype`, `META-INF/MANIFEST.MF`).
    ContainerEntry,
    /// A pattern in the text (HTML tags, RFC 5322 headers, an mbox `From ` line).
    Text,
    /// The file name's extension.
    Extension,
    /// A declared MIME type (`--content-type`).
    DeclaredMime,
}

/// One clue about the format, with where it was found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FormatEvidence {
    pub clue: FormatClue,
    pub format: Format,
    /// Where the signature sits (for magic numbers and text patterns).
    pub byte_span: Option<ByteSpan>,
    pub detail: String,
}

impl FormatEvidence {
    /// The clue's JSON name (`magic`, `container-entry`, `text`, `extension`, `declared-mime`).
    pub fn clue_name(&self) -> &'static str {
        match self.clue {
            FormatClue::Magic => "magic",
            FormatClue::ContainerEntry => "container-entry",
            FormatClue::Text => "text",
            FormatClue::Extension => "extension",
            FormatClue::DeclaredMime => "declared-mime",
        }
    }
}

/// The format of one input: what the bytes say, what the name says, and whether they agree.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FormatReport {
    /// What the bytes are.
    pub detected: Format,
    /// What the extension names (null without a known extension).
    pub by_extension: Option<Format>,
    /// What a declared MIME type names.
    pub by_mime: Option<Format>,
    pub evidence: Vec<FormatEvidence>,
    /// A sentence when the name or declaration disagrees with the bytes.
    pub mismatch: Option<String>,
    /// Things found while looking inside (password-protected ZIP entries, a ZIP too damaged
    /// to read); in JSON, their text.
    #[serde(serialize_with = "note_texts")]
    pub notes: Vec<FormatNote>,
}

/// Something found while looking inside a container, with what kind of thing it is (so the
/// next stage decides by the kind, never by the words).
#[derive(Clone, Debug, PartialEq)]
pub struct FormatNote {
    pub kind: NoteKind,
    pub text: String,
}

/// The kinds of [`FormatNote`].
#[derive(Clone, Debug, PartialEq)]
pub enum NoteKind {
    /// Entries are password-protected.
    Encrypted,
    /// The container is truncated or damaged.
    Damaged,
    /// More entries than were examined; the directory was not parsed.
    TooManyEntries { entries: u64, limit: usize },
}

impl FormatNote {
    pub fn damaged(text: impl Into<String>) -> Self {
        FormatNote {
            kind: NoteKind::Damaged,
            text: text.into(),
        }
    }
}

impl std::fmt::Display for FormatNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

fn note_texts<S: serde::Serializer>(notes: &[FormatNote], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(notes.iter().map(|n| n.text.as_str()))
}

/// How many bytes of the head the text checks look at.
pub const SNIFF_BYTES: usize = 4096;

/// Identifies the format of `input`, looking inside ZIP archives of up to 100,000 entries.
pub fn identify(input: &Input, declared_mime: Option<&str>) -> FormatReport {
    identify_within(input, declared_mime, container::MAX_PEEK_ENTRIES)
}

/// Bytes that are no text at all, as [`not_text`] finds them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NotText {
    pub format: Format,
    /// The signature, when one tells (none for [`Format::Binary`]).
    pub byte_span: Option<ByteSpan>,
    pub detail: String,
}

/// Fewest bytes [`not_text`] calls binary without a signature: the sixteen UTF-16 code units
/// from which `decode::validity::wide_pattern` tells CJK text in UTF-16 by its units.
const MIN_BINARY_BYTES: usize = 32;

/// Whether an input whose first bytes are `head` is no text at all: it starts with the
/// signature of a format whose bytes are not text (archives, images, executables, PDF and
/// Office containers, whose text `extract` reads), or holds bytes no text does (NULs, C0
/// controls; [`Format::Binary`]). The encoding stage abstains on them: no encoding it knows
/// reads them as text. RTF and PostScript are text; so is UTF-16/32 by its BOM or pattern of
/// NULs, EBCDIC ([`in_ebcdic`]), and a `%PDF-` header after other bytes. The first
/// [`SNIFF_BYTES`] decide, as in [`identify`].
pub fn not_text(head: &[u8]) -> Option<NotText> {
    let head = &head[..head.len().min(SNIFF_BYTES)];
    if let Some((format, span, detail)) = magic(head) {
        // A PDF header after leading junk may be a text that quotes one.
        let quoted = format == Format::Pdf && span.start > 0;
        return (!format.is_text() && format != Format::PostScript && !quoted).then_some(NotText {
            format,
            byte_span: Some(span),
            detail,
        });
    }
    match text_format(head, false) {
        // Fewer bytes than [`MIN_BINARY_BYTES`] tell binary from text too seldom: four Han
        // characters in UTF-16 without a BOM hold a control byte or two.
        (Format::Binary, ..) if head.len() < MIN_BINARY_BYTES => None,
        (format @ Format::Binary, span, detail) => Some(NotText {
            format,
            byte_span: span,
            detail,
        }),
        _ => None,
    }
}

impl NotText {
    /// What the bytes are, as a phrase after "the bytes are": `a PNG image, not text`.
    pub fn what(&self) -> String {
        format!("{}, not text", self.format.description())
    }
}

/// Whether an input whose first bytes are `head` is text in EBCDIC (most bytes EBCDIC letters,
/// digits and spaces, few ASCII letters; no signature of another format), which the encoding
/// stage reads in the EBCDIC pages rather than in any ASCII-compatible encoding.
pub fn in_ebcdic(head: &[u8]) -> bool {
    let head = &head[..head.len().min(SNIFF_BYTES)];
    // The byte test first: it stops within 64 bytes of ASCII text, so the encoding stage and
    // the audit, which ask this of every input, run the whole sniff only on likely EBCDIC.
    (crate::decode::declared::ebcdic_xml_form(head) || text::looks_like_ebcdic(head))
        && magic(head).is_none()
        && text_format(head, false).0 == Format::EbcdicText
}

/// [`identify`], looking inside ZIP archives of up to `max_entries` entries.
pub fn identify_within(
    input: &Input,
    declared_mime: Option<&str>,
    max_entries: usize,
) -> FormatReport {
    let head = input.head(SNIFF_BYTES).unwrap_or_default();
    let mut evidence = Vec::new();
    let mut notes = Vec::new();
    let detected = if input.is_empty() {
        Format::Empty
    } else if let Some((f, span, detail)) = magic(&head) {
        evidence.push(FormatEvidence {
            clue: FormatClue::Magic,
            format: f,
            byte_span: Some(span),
            detail,
        });
        if f == Format::Zip {
            let peek = container::peek_zip(input, max_entries);
            notes.extend(peek.notes);
            if let Some((inner, detail)) = peek.format {
                evidence.push(FormatEvidence {
                    clue: FormatClue::ContainerEntry,
                    format: inner,
                    byte_span: None,
                    detail,
                });
                inner
            } else {
                f
            }
        } else {
            f
        }
    } else {
        let (f, span, detail) = text_format(&head, input.len() as usize <= SNIFF_BYTES);
        evidence.push(FormatEvidence {
            clue: if matches!(f, Format::Binary) {
                FormatClue::Magic
            } else {
                FormatClue::Text
            },
            format: f,
            byte_span: span,
            detail,
        });
        f
    };
    let ext = input
        .path()
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .map(str::to_string);
    let by_extension = ext.as_deref().and_then(Format::from_extension);
    if let (Some(f), Some(e)) = (by_extension, &ext) {
        evidence.push(FormatEvidence {
            clue: FormatClue::Extension,
            format: f,
            byte_span: None,
            detail: format!("the name ends in .{e}"),
        });
    }
    let by_mime = declared_mime.and_then(Format::from_mime);
    if let (Some(f), Some(m)) = (by_mime, declared_mime) {
        evidence.push(FormatEvidence {
            clue: FormatClue::DeclaredMime,
            format: f,
            byte_span: None,
            detail: format!("declared as {}", m.trim()),
        });
    }
    // A ZIP not looked inside (too many entries) may well be the DOCX its name says.
    let unexamined = notes
        .iter()
        .any(|n: &FormatNote| matches!(n.kind, NoteKind::TooManyEntries { .. }));
    let mismatch = if unexamined {
        None
    } else {
        mismatch_sentence(
            detected,
            by_extension,
            ext.as_deref(),
            by_mime,
            declared_mime,
        )
    };
    FormatReport {
        detected,
        by_extension,
        by_mime,
        evidence,
        mismatch,
        notes,
    }
}

/// Formats a name may claim for bytes of another format without anyone being misled: an
/// XHTML page named .xml, a `.txt` file of Reuters SGML is still read as text.
fn compatible(named: Format, detected: Format) -> bool {
    use Format::*;
    named == detected
        || matches!(
            (named, detected),
            (Xml, Html) | (Html, Xml) | (Zip, Jar) | (Jar, Zip) | (Text, Json) | (Text, Sgml)
        )
}

fn mismatch_sentence(
    detected: Format,
    by_ext: Option<Format>,
    ext: Option<&str>,
    by_mime: Option<Format>,
    mime: Option<&str>,
) -> Option<String> {
    let mut parts = Vec::new();
    if let (Some(named), Some(e)) = (by_ext, ext)
        && !compatible(named, detected)
    {
        parts.push(format!(
            "named .{e} ({}), but the bytes are {}",
            named.description(),
            detected.description()
        ));
    }
    if let (Some(declared), Some(m)) = (by_mime, mime)
        && !compatible(declared, detected)
    {
        parts.push(format!(
            "declared {}, but the bytes are {}",
            m.trim(),
            detected.description()
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// A binary signature at the start of `head` (PDF may start within the first 1024 bytes).
fn magic(head: &[u8]) -> Option<(Format, ByteSpan, String)> {
    use Format::*;
    const SIGS: &[(&[u8], Format, &str)] = &[
        (b"PK\x03\x04", Zip, "ZIP local file header `PK 03 04`"),
        (
            b"PK\x05\x06",
            Zip,
            "ZIP end of central directory `PK 05 06` (empty archive)",
        ),
        (b"PK\x07\x08", Zip, "ZIP spanning marker `PK 07 08`"),
        (
            b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1",
            Ole2,
            "OLE2 compound file signature `D0 CF 11 E0 A1 B1 1A E1`",
        ),
        (b"{\\rtf", Rtf, "RTF header `{\\rtf`"),
        (
            b"\xFFWPC",
            WordPerfect,
            "WordPerfect signature `FF 57 50 43`",
        ),
        (b"\x1F\x8B", Gzip, "gzip signature `1F 8B`"),
        (b"BZh", Bzip2, "bzip2 signature `BZh`"),
        (b"7z\xBC\xAF\x27\x1C", SevenZip, "7-Zip signature"),
        (b"Rar!\x1A\x07", Rar, "RAR signature `Rar!`"),
        (b"%!PS", PostScript, "PostScript header `%!PS`"),
        (
            b"\x89PNG\r\n\x1A\n",
            Png,
            "PNG signature `89 50 4E 47 0D 0A 1A 0A`",
        ),
        (b"\xFF\xD8\xFF", Jpeg, "JPEG start of image `FF D8 FF`"),
        (b"GIF87a", Gif, "GIF signature `GIF87a`"),
        (b"GIF89a", Gif, "GIF signature `GIF89a`"),
        (b"II*\x00", Tiff, "TIFF little-endian header `II 2A 00`"),
        (b"MM\x00*", Tiff, "TIFF big-endian header `MM 00 2A`"),
        (b"\x7FELF", Elf, "ELF header `7F 45 4C 46`"),
        (b"\xCF\xFA\xED\xFE", MachO, "Mach-O 64-bit header"),
        (b"\xCE\xFA\xED\xFE", MachO, "Mach-O 32-bit header"),
        (
            b"\xFE\xED\xFA\xCF",
            MachO,
            "Mach-O 64-bit big-endian header",
        ),
        (
            b"\xFE\xED\xFA\xCE",
            MachO,
            "Mach-O 32-bit big-endian header",
        ),
        (b"\x00asm", Wasm, "WebAssembly header `00 61 73 6D`"),
        (
            b"SQLite format 3\x00",
            Sqlite,
            "SQLite header `SQLite format 3`",
        ),
    ];
    for (sig, f, detail) in SIGS {
        if head.starts_with(sig) && corroborated(*f, head) {
            return Some((*f, ByteSpan::at(0, sig.len() as u64), detail.to_string()));
        }
    }
    if head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
        return Some((
            Webp,
            ByteSpan::new(0, 12),
            "RIFF container of type WEBP".into(),
        ));
    }
    // CA FE BA BE is both a Java class file and a Mach-O universal binary; class files carry a
    // major version ≥ 45 in bytes 6–7, universal binaries a small architecture count there.
    if head.starts_with(b"\xCA\xFE\xBA\xBE") && head.len() >= 8 {
        let n = u16::from_be_bytes([head[6], head[7]]);
        let (f, what) = if n >= 45 {
            (JavaClass, "Java class file `CA FE BA BE` (class version")
        } else {
            (
                MachO,
                "Mach-O universal binary `CA FE BA BE` (architectures:",
            )
        };
        return Some((f, ByteSpan::new(0, 8), format!("{what} {n})")));
    }
    // A DOS header's fields are small numbers: their high bytes are NULs, which text lacks
    // (a German page on the `MZ-Werke` starts with the same two letters).
    if head.starts_with(b"MZ") && head.len() >= 64 && head[2..64].contains(&0) {
        return Some((
            Exe,
            ByteSpan::at(0, 2),
            "DOS/Windows executable header `MZ`".into(),
        ));
    }
    // ISO 32000-1 §7.5.2: `%PDF-` in the first 1024 bytes (readers accept leading junk).
    let window = &head[..head.len().min(1024)];
    if let Some(p) = memchr::memmem::find(window, b"%PDF-") {
        let detail = if p == 0 {
            "PDF header `%PDF-`".to_string()
        } else {
            format!("PDF header `%PDF-` after {p} bytes of leading junk")
        };
        return Some((Pdf, ByteSpan::at(p as u64, 5), detail));
    }
    None
}

/// Whether the bytes after a signature written in letters bear it out, where text could begin
/// with the same letters (`BZh is …`, `GIF89a is …`): a bzip2 stream's block size digit and
/// block or end-of-stream magic; a GIF's screen width and height, whose high bytes are small.
/// Other signatures hold bytes text does not (controls, NULs, high bytes) and stand alone.
fn corroborated(f: Format, head: &[u8]) -> bool {
    match f {
        Format::Bzip2 => {
            head.get(3).is_some_and(|b| (b'1'..=b'9').contains(b))
                && matches!(head.get(4..10), Some(b"1AY&SY") | Some(b"\x17rE8P\x90"))
        }
        Format::Gif => head
            .get(6..10)
            .is_some_and(|dims| dims.iter().any(|b| !(0x20..0x80).contains(b))),
        _ => true,
    }
}

/// The format of bytes already in memory (an attachment, an archive entry).
pub fn identify_bytes(name: &str, bytes: &[u8]) -> FormatReport {
    let input = Input::from_bytes(name, bytes.to_vec());
    let mut r = identify(&input, None);
    // `Input::from_bytes` has no path; judge the name's extension here.
    let ext = Path::new(name).extension().and_then(|e| e.to_str());
    if let Some(e) = ext {
        r.by_extension = Format::from_extension(e);
        if let Some(f) = r.by_extension {
            r.evidence.push(FormatEvidence {
                clue: FormatClue::Extension,
                format: f,
                byte_span: None,
                detail: format!("the name ends in .{e}"),
            });
        }
        r.mismatch = mismatch_sentence(r.detected, r.by_extension, Some(e), None, None);
    }
    r
}

#[cfg(test)]
mod tests;
