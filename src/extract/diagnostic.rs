//! What an extractor says about what it did: a [`Diagnostic`] of a [`DiagnosticKind`] with
//! its count and spans, and typed facts for the stages after extraction (how the charset was
//! decided, which limit, the embedded objects it was found in); its JSON form.

use super::error::LimitKind;
use crate::encoding::DecidedBy;
use crate::span::ByteSpan;
use serde::Serialize;

/// What an extractor did or could not do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiagnosticKind {
    /// Ligature glyphs (ﬁ ﬂ) mapped to their letters.
    LigatureMapped,
    /// Words hyphenated across lines joined.
    HyphenJoined,
    /// A block classified as boilerplate (navigation, footer) by text and link density.
    Boilerplate,
    /// A running header, footer or page number seen on many pages.
    HeaderFooter,
    /// A page without a text layer: only OCR would get its words.
    NeedsOcr,
    /// Extraction looks garbled (U+FFFD, private-use characters, missing spaces), or the text
    /// is binary data (control characters) past the head its format was told from.
    Garbled,
    /// An entity left undecoded in the text (`&lt;` in Reuters SGML).
    UndecodedEntity,
    /// An entity reference the document does not define.
    UndefinedEntity,
    /// The bytes of a part could not all be decoded in its charset.
    DecodeErrors,
    /// The bytes are not valid UTF-8 (decoded under a legacy encoding, they read, but an
    /// indexer assuming UTF-8 would not).
    NotUtf8,
    /// Chinese or Korean in a 7-bit escape scheme (HZ, ISO-2022-KR/CN) that no WHATWG decoder
    /// reads: the text holds the shift bytes as ASCII letters. The count is the characters.
    #[serde(rename = "7-bit-escapes")]
    SevenBit,
    /// Text in EBCDIC read in an ASCII-compatible encoding: every character is wrong. The
    /// count is the bytes; the message names the likely EBCDIC page.
    Ebcdic,
    /// The charset of a part, and how it was decided.
    Charset,
    /// An embedded object or attachment, extracted as its own unit or listed.
    Embedded,
    /// Metadata that is probably inherited from a template, or contradicts itself.
    MetadataTrust,
    /// A limit was reached (size, ratio, entries, depth, pages).
    Limit,
    /// Encrypted or password-protected content.
    Encrypted,
    /// Truncated or damaged structure.
    Damaged,
    /// The format is identified but this tool does not extract it.
    NotExtracted,
    /// The extractor panicked or timed out on this document.
    ExtractorFailed,
    /// The file's name or declared type says another format than its bytes.
    FormatMismatch,
    /// The file changed size while it was read: the text is from the bytes that were there.
    Changed,
    /// Anything else worth a line.
    Note,
}

impl DiagnosticKind {
    pub fn name(self) -> &'static str {
        use DiagnosticKind::*;
        match self {
            LigatureMapped => "ligature-mapped",
            HyphenJoined => "hyphen-joined",
            Boilerplate => "boilerplate",
            HeaderFooter => "header-footer",
            NeedsOcr => "needs-ocr",
            Garbled => "garbled",
            UndecodedEntity => "undecoded-entity",
            UndefinedEntity => "undefined-entity",
            DecodeErrors => "decode-errors",
            NotUtf8 => "not-utf8",
            SevenBit => "7-bit-escapes",
            Ebcdic => "ebcdic",
            Charset => "charset",
            Embedded => "embedded",
            MetadataTrust => "metadata-trust",
            Limit => "limit",
            Encrypted => "encrypted",
            Damaged => "damaged",
            NotExtracted => "not-extracted",
            ExtractorFailed => "extractor-failed",
            FormatMismatch => "format-mismatch",
            Changed => "changed-while-read",
            Note => "note",
        }
    }
}

/// One diagnostic: what, how often, and where (in the unit's text and, when known, the bytes).
/// Facts the stages after extraction read are typed fields (`decided_by`, `limit`,
/// `embedded_path`); `message` is for people, and never parsed.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(into = "DiagnosticJson")]
pub struct Diagnostic {
    pub kind: DiagnosticKind,
    /// What happened, in the words of the extractor that saw it (the embedding path apart).
    pub message: String,
    pub count: u64,
    /// Byte range in the unit's `text` (for jump-to).
    pub text_span: Option<(usize, usize)>,
    /// Bytes of the source file.
    pub byte_span: Option<ByteSpan>,
    /// On a `charset` diagnostic: which evidence decided the encoding (`bom`, `transport`,
    /// `declaration`, `validity`, `statistical`, `user`), for the stages after this one to read
    /// instead of the message.
    pub decided_by: Option<DecidedBy>,
    /// On a `limit` diagnostic: which limit (a front end names its option).
    pub limit: Option<LimitKind>,
    /// The embedded objects, outermost first, inside which this was found (empty for the
    /// document itself).
    pub embedded_path: Vec<String>,
}

/// A [`Diagnostic`] as JSON: `message` is the whole sentence, the embedding path in front
/// (`in embedded a.docx: in embedded b.xlsx: …`), as it always was; `limit` and
/// `embedded_path` appear when set.
#[derive(Serialize)]
pub(super) struct DiagnosticJson {
    pub(super) kind: DiagnosticKind,
    pub(super) message: String,
    pub(super) count: u64,
    pub(super) text_span: Option<(usize, usize)>,
    pub(super) byte_span: Option<ByteSpan>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) decided_by: Option<DecidedBy>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) limit: Option<LimitKind>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) embedded_path: Vec<String>,
}

impl From<Diagnostic> for DiagnosticJson {
    fn from(d: Diagnostic) -> Self {
        DiagnosticJson {
            message: d.sentence(),
            kind: d.kind,
            count: d.count,
            text_span: d.text_span,
            byte_span: d.byte_span,
            decided_by: d.decided_by,
            limit: d.limit,
            embedded_path: d.embedded_path,
        }
    }
}

impl Diagnostic {
    pub fn new(kind: DiagnosticKind, message: impl Into<String>) -> Self {
        Diagnostic {
            kind,
            message: message.into(),
            count: 1,
            text_span: None,
            byte_span: None,
            decided_by: None,
            limit: None,
            embedded_path: Vec::new(),
        }
    }

    /// A `limit` diagnostic: which limit, and what it cut.
    pub fn limit(kind: LimitKind, message: impl Into<String>) -> Self {
        let mut d = Diagnostic::new(DiagnosticKind::Limit, message);
        d.limit = Some(kind);
        d
    }

    /// The message with the embedding path in front: what a person reads.
    pub fn sentence(&self) -> String {
        let mut s = String::new();
        for e in &self.embedded_path {
            s.push_str("in embedded ");
            s.push_str(e);
            s.push_str(": ");
        }
        s.push_str(&self.message);
        s
    }

    pub fn count(mut self, n: u64) -> Self {
        self.count = n;
        self
    }

    pub fn at_text(mut self, start: usize, end: usize) -> Self {
        self.text_span = Some((start, end));
        self
    }

    pub fn at_bytes(mut self, span: ByteSpan) -> Self {
        self.byte_span = Some(span);
        self
    }
}
