//! Error types of the library.
//!
//! Malformed bytes are never an error: they come back as data (counts, spans, reasons). An
//! `Err` means the tool could not read the input, or was asked for something it cannot do
//! (an unknown encoding label, strict decoding of invalid bytes).

use thiserror::Error;

/// Why an input could not be read.
#[derive(Debug, Error)]
pub enum SourceError {
    /// A directory was given where a file is expected.
    #[error("{path}: is a directory; use `delineate audit {path}` to examine a whole corpus")]
    IsDirectory { path: String },
    /// A FIFO, socket or device: reading it could block forever or never end.
    #[error("{path}: is {kind}, not a regular file; refusing to read it (copy it to a file first)")]
    NotRegular { path: String, kind: &'static str },
    /// Opening or reading failed.
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    /// Standard input is held in memory (files are streamed), so it is read up to a limit.
    #[error(
        "{path}: standard input is longer than {limit_mib} MiB, the most held in memory; give the data as a file, which is streamed"
    )]
    StdinTooLarge { path: String, limit_mib: u64 },
    /// The caller cancelled a long pass.
    #[error("cancelled")]
    Cancelled,
    /// A read at a known offset failed.
    #[error("{path}: read failed at byte offset {offset}: {source}")]
    Read {
        path: String,
        offset: u64,
        #[source]
        source: std::io::Error,
    },
}

impl SourceError {
    pub(crate) fn io(path: &str, source: std::io::Error) -> Self {
        SourceError::Io {
            path: path.to_string(),
            source,
        }
    }
}

/// An encoding label that the WHATWG Encoding Standard does not know (and that is not one of the
/// extra encodings this tool decodes itself, such as UTF-32).
#[derive(Debug, Error, PartialEq, Eq)]
#[error(
    "unknown encoding label {label:?} (labels follow the WHATWG Encoding Standard, e.g. utf-8, windows-1252, iso-8859-2, shift_jis, utf-16le, utf-32)"
)]
pub struct UnknownLabel {
    pub label: String,
}

/// Strict decoding met bytes that are invalid in the chosen encoding.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("invalid {encoding} at byte offset {offset}: {reason}")]
pub struct StrictDecodeError {
    pub encoding: String,
    pub offset: u64,
    pub reason: String,
}
