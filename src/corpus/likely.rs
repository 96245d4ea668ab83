//! The likely encoding of the worst documents that statistics alone read as a legacy encoding.
//!
//! The audit decodes each document as an indexer does (the decision: WHATWG, XML, MIME
//! precedence), and ranks the worst documents by, among others, their invalid UTF-8. For a file
//! nothing declares, that decision is a statistical guess, and the reason then says so; what
//! the analyst needs next is what the bytes are, to re-read the file (vim's Greek tutor
//! `tutor.el.cp737` is read as windows-1252; its bytes are IBM737). The likely verdict costs
//! about 10 ms a legacy file — weighed for every one, it made an audit of NLTK's UDHR 2.5× and
//! of the speed corpus 1.9× slower — so only the documents a report shows first are weighed,
//! after the audit, from their files.

use super::{DocReport, Item, LikelyEncoding, score};
use crate::encoding::DecidedBy;
use crate::source::Input;
use rayon::prelude::*;

/// Does the document's reason say "read as X by statistics", for a whole file that is not
/// UTF-8 ([`score::Legacy::Guessed`])?
fn guessed(d: &DocReport) -> bool {
    d.unit == "file"
        && d.error.is_none()
        && d.decided_by.as_deref() == Some(DecidedBy::Statistical.name())
        && d.encoding.as_deref().is_some_and(|e| e != "UTF-8")
        && d.signals.invalid_utf8 > 0
}

/// The document's file, opened again (`None` when it cannot be: gone, stdin, or shown below
/// another root).
fn reopen(d: &DocReport) -> Option<Input> {
    use std::os::unix::ffi::OsStrExt;
    let path = match &d.path_bytes {
        Some(b) => std::path::PathBuf::from(std::ffi::OsStr::from_bytes(b)),
        None => std::path::PathBuf::from(&d.path),
    };
    (d.path != "-").then(|| Input::open(&path).ok()).flatten()
}

/// The likely encoding of `input`, when the decision is still `decided` (else the file changed
/// since the audit read it) and the likely verdict names another.
fn likely_other_than(input: &Input, decided: &str) -> Option<LikelyEncoding> {
    let a = crate::encoding::analyze(input, &crate::encoding::Options::default()).ok()?;
    let l = a.likely?;
    (a.decision.encoding.name() == decided && l.name.name() != decided).then(|| LikelyEncoding {
        name: l.name.name().to_string(),
        // As `inspect` gives it (the likely verdict rounds its own).
        confidence: l.confidence,
    })
}

/// Names, in the reason and in [`DocReport::likely`], the likely encoding of each of the first
/// `n` documents that statistics alone read as a legacy encoding, where the likely verdict
/// names another: from their files, or from the inputs in memory among `items` they came from.
/// Documents whose file cannot be read again are left as they are: the reason names no likely
/// encoding rather than a wrong one.
pub fn name_likely_encodings(documents: &mut [DocReport], n: usize, items: &[Item]) {
    let n = n.min(documents.len());
    documents[..n]
        .par_iter_mut()
        .filter(|d| guessed(d))
        .for_each(|d| {
            let Some(name) = d.encoding.clone() else {
                return;
            };
            let memory = items.iter().find_map(|i| match i {
                Item::Memory { input, .. } if i.name() == d.path => Some(input),
                _ => None,
            });
            let likely = match memory {
                Some(input) => likely_other_than(input, &name),
                None => reopen(d).and_then(|input| likely_other_than(&input, &name)),
            };
            let Some(likely) = likely else { return };
            let before = score::guessed_reason(d.signals.invalid_utf8, &name, None);
            let after = score::guessed_reason(d.signals.invalid_utf8, &name, Some(&likely));
            for r in d.reasons.iter_mut().filter(|r| **r == before) {
                *r = after.clone();
            }
            d.likely = Some(likely);
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::{AuditOptions, Progress, audit_items};
    use std::sync::atomic::AtomicBool;

    /// Inputs in memory (the explorer's demo corpus) are weighed from `items`: a Greek text in
    /// windows-1253 that statistics read as such keeps its reason; one in IBM737 read as
    /// windows-1252 is named IBM737 — and only among the first `n` documents.
    #[test]
    fn documents_in_memory_name_their_likely_encoding() {
        let greek = "Η Οικουμενική Διακήρυξη για τα Ανθρώπινα Δικαιώματα των ανθρώπων. ".repeat(12);
        let cp737: Vec<u8> = greek
            .chars()
            .map(|c| {
                crate::decode::charset::OemPage::Cp737
                    .byte_of(c)
                    .unwrap_or(c as u8)
            })
            .collect();
        let (cp1253, _, _) = encoding_rs::WINDOWS_1253.encode(&greek);
        let items: Vec<Item> = [("a-737.txt", cp737), ("b-1253.txt", cp1253.into_owned())]
            .into_iter()
            .map(|(name, bytes)| Item::Memory {
                input: std::sync::Arc::new(Input::from_bytes(name, bytes)),
                source: "s".into(),
            })
            .collect();
        let opts = AuditOptions::default();
        let p = audit_items(
            &items,
            &[],
            &opts,
            &Progress::default(),
            &AtomicBool::new(false),
        );
        let mut docs = p.documents.clone();
        docs.sort_by(|a, b| a.path.cmp(&b.path));
        assert!(docs.iter().all(guessed), "{docs:#?}");
        assert_eq!(docs[0].encoding.as_deref(), Some("windows-1252"));
        name_likely_encodings(&mut docs[..], 1, &items);
        let likely = docs[0].likely.as_ref().expect("named");
        assert_eq!(likely.name, "IBM737");
        assert!(
            docs[0].reasons[0].ends_with("by statistics; likely IBM737 at 1.00)"),
            "{:?}",
            docs[0].reasons
        );
        name_likely_encodings(&mut docs[1..], 1, &items);
        assert_eq!(docs[1].likely, None, "windows-1253 is what the bytes are");
    }
}
