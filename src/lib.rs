//! # delineate
//!
//! *What happened to these bytes on their way to becoming index terms?*
//!
//! A library (and, on top of it, a CLI and an explorer) for the **document delineation** stage
//! of indexing: bytes → characters → extracted text → normalised text → language → terms.
//!
//! ## Map
//!
//! Data flows one way: **bytes → evidence → decoded text with a byte↔char offset map →
//! findings → views.** Core modules take bytes or `&str` and return plain data; they never
//! print and never import a terminal or argument-parsing crate (checked by `tests/tidy.rs`).
//!
//! | module | what lives there |
//! |---|---|
//! | [`source`] | where bytes come from: a file opened read-only, or memory; chunked streaming |
//! | [`span`] | [`span::ByteSpan`], carried by every finding so views can jump to the bytes |
//! | [`decode`](mod@decode) | the byte level, judging nothing: BOMs, declarations, UTF-8 validity, charsets, decoders with the byte↔char offset map, windows of large inputs |
//! | [`format`](mod@format) | what a file really is (magic numbers, ZIP contents, markup sniffing) against its name, and the text kind whose encoding rules apply |
//! | [`corpus`] | the corpus audit: damage per document and per source, frequent terms with provenance; mergeable partial results |
//! | [`fuzzing`] | every stage that takes bytes, as one fuzz entry point each (with its invariants), for `fuzz/` and the replay test |
//! | [`lexicon`] | what the tool knows of each language: word lists, stop words, the n-gram model (below the encoding stage, which uses them, and language identification) |
//! | [`langid`] | language identification: Cavnar–Trenkle as the seed, naive Bayes over 81 languages, per passage |
//! | [`extract`] | text the way an indexer gets it (HTML, XML, Office/ODF/EPUB, PDF, email, SGML), cut into document units with diagnostics |
//! | [`encoding`] | the judgement above [`decode`](mod@decode): evidence (BOM, declarations, validity, statistics), the decision, the likely verdict, candidates decoded with offset maps, text-quality features, mojibake chains, segments |
//! | [`anomaly`] | invisible, control, bidi and other anomalous characters, with spans and reasons |
//! | [`normalize`] | the normalisation pipeline in the seed's order, each step's changes, the record |
//! | [`teach`] | what a character is, and its UTF-8 bit layout byte by byte (RFC 3629) |
//! | [`terms`] | the seed's tokenizer (lower-case runs of letters and digits) |
//! | [`unicode`] | character properties shared by the analyses |
//! | [`ascii`] | fast scans over ASCII (SWAR), so analyses look only where non-ASCII text is |
//! | [`visible`] | placeholders that make control, bidi and invisible characters visible |
//! | [`report`] | the [`report::Report`] of one input's encoding (what `inspect` prints) |
//! | [`analyze`] | the façade every front end asks: [`analyze::document`] returns the parts of one document's analysis they show |
//! | [`present`] | what both front ends use to show figures |
//! | [`error`] | error types; malformed bytes are data, not errors |
//!
//! Front ends sit on top: [`cli`] parses arguments and formats reports as text or JSON;
//! [`tui`] is the interactive explorer (model + `update(Action)`, views that only read, a
//! background worker); the binary (`src/main.rs`) only calls [`cli::main`].
//!
//! ## Architecture invariants
//!
//! * The core knows nothing of terminals: no `ratatui`, `crossterm` or `clap` outside `cli/`
//!   and `tui/`.
//! * Malformed input is returned as data (counts, spans, reasons); `Err` means "could not read".
//! * Analysis never formats for a terminal; views never recompute analysis.
//! * The tool never writes to the files it inspects: inputs are opened read-only.

pub mod analyze;
pub mod anomaly;
pub mod ascii;
pub mod cli;
pub mod corpus;
pub mod decode;
pub mod encoding;
pub mod error;
pub mod extract;
pub mod format;
pub mod fuzzing;
pub mod langid;
pub mod lexicon;
pub mod normalize;
pub mod present;
pub mod report;
pub mod source;
pub mod span;
pub mod teach;
pub mod terms;
pub mod tui;
pub mod unicode;
pub mod visible;

pub use error::SourceError;
pub use report::{Report, inspect};
pub use source::Input;
pub use span::ByteSpan;
