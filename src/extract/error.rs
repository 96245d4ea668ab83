//! Why a document, or a part of one, could not be extracted: a typed error, so that the stages
//! after extraction decide by its kind (a limit, encryption, damage, a failed extractor) and
//! never by its wording. Which limit was reached is a [`LimitKind`]; the command line maps it
//! to its option, the core never names one.

use super::DiagnosticKind;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A limit of [`super::Limits`] (or the time per document) that stopped or cut extraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LimitKind {
    /// The bytes of one input.
    InputSize,
    /// Entries in one archive.
    Entries,
    /// The inflated bytes of one archive entry or PDF stream.
    EntrySize,
    /// The inflated bytes all archives and PDFs nested in one document may take together.
    ArchiveTotal,
    /// The inflation ratio of one entry.
    Ratio,
    /// Markup elements nested in one another.
    MarkupDepth,
    /// Containers nested in one another (a message in a message in an archive…).
    Nesting,
    /// Document units kept from one input.
    Units,
    /// Pages extracted from one PDF.
    Pages,
    /// The memory a PDF's parsed objects may take.
    PdfObjects,
    /// The time one document's extractor may run.
    Time,
}

impl LimitKind {
    /// Which limit a cap of `cap` bytes on one entry or stream is: the per-entry limit when
    /// it is the one that binds, else what is left of the total all nested archives share.
    pub fn for_cap(cap: u64, entry_limit: u64) -> LimitKind {
        if cap == entry_limit {
            LimitKind::EntrySize
        } else {
            LimitKind::ArchiveTotal
        }
    }
}

/// Why extraction (of a document or of one of its parts) failed.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum ExtractError {
    /// A limit was reached: the message says what and where.
    #[error("{message}")]
    Limit { kind: LimitKind, message: String },
    /// The content is encrypted or password-protected.
    #[error("{0}")]
    Encrypted(String),
    /// The structure is truncated, damaged or hostile.
    #[error("{0}")]
    Damaged(String),
    /// The format is known, but this tool does not extract it.
    #[error("{0}: identified, but not extracted")]
    NotExtracted(&'static str),
    /// The extractor panicked (a bug of a parser, caught: the other documents go on).
    #[error("the extractor panicked: {0}")]
    Panicked(String),
    /// The extractor's thread could not be started, or ended without a result.
    #[error("{0}")]
    Failed(String),
}

impl ExtractError {
    /// A limit reached, with what and where.
    pub fn limit(kind: LimitKind, message: impl Into<String>) -> ExtractError {
        ExtractError::Limit {
            kind,
            message: message.into(),
        }
    }

    /// Damaged, truncated or hostile structure.
    pub fn damaged(message: impl Into<String>) -> ExtractError {
        ExtractError::Damaged(message.into())
    }

    /// The diagnostic class this error is reported as.
    pub fn diagnostic_kind(&self) -> DiagnosticKind {
        match self {
            ExtractError::Limit { .. } => DiagnosticKind::Limit,
            ExtractError::Encrypted(_) => DiagnosticKind::Encrypted,
            ExtractError::Damaged(_) => DiagnosticKind::Damaged,
            ExtractError::NotExtracted(_) => DiagnosticKind::NotExtracted,
            ExtractError::Panicked(_) | ExtractError::Failed(_) => DiagnosticKind::ExtractorFailed,
        }
    }

    /// Which limit, when a limit was reached.
    pub fn limit_kind(&self) -> Option<LimitKind> {
        match self {
            ExtractError::Limit { kind, .. } => Some(*kind),
            _ => None,
        }
    }

    /// The error as a diagnostic of its class (with its limit).
    pub fn to_diagnostic(&self) -> super::Diagnostic {
        let mut d = super::Diagnostic::new(self.diagnostic_kind(), self.to_string());
        d.limit = self.limit_kind();
        d
    }
}
