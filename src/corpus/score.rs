//! The damage score of a document: each signal weighed per 1,000 characters (or per unit of
//! ratio), what it adds, and the reason a report shows for it. The worst-documents ranking
//! sorts by the sum; the reasons are the largest contributions.

use super::Signals;

/// `n` and the noun for it (`1 mojibake word`, `3 mojibake words`).
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The score of a document in a declared legacy encoding: above clean documents, below any
/// real damage of a few characters per thousand.
const DECLARED_LEGACY_SCORE: f64 = 5.0;

/// A document's first extraction problem, for its reason: the extractor's message, and how many
/// embedded objects down it happened.
#[derive(Clone, Copy)]
pub(super) struct Problem<'a> {
    pub message: &'a str,
    pub levels: usize,
}

/// How a document's encoding was settled, as far as its invalid UTF-8 is concerned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Legacy<'a> {
    /// A legacy encoding declared (BOM, transport, markup, or the user): its invalid UTF-8 is
    /// a fact about the file, not damage.
    Declared,
    /// A legacy encoding (named) chosen by statistics: every invalid UTF-8 sequence counts,
    /// since a consumer that trusts no guess reads them as damage, and the reason says so
    /// ([`guessed_reason`]).
    Guessed(&'a str),
    /// Read as UTF-8 (or otherwise): invalid sequences are damage.
    No,
}

/// The reason of `n` invalid UTF-8 sequences in a document statistics alone read as `name`,
/// with the encoding the bytes likely are when that is known and another (the worst documents
/// a report shows: [`super::name_likely_encodings`]).
pub(super) fn guessed_reason(n: u64, name: &str, likely: Option<&super::LikelyEncoding>) -> String {
    let seqs = counted(n, "invalid UTF-8 sequence", "invalid UTF-8 sequences");
    match likely {
        Some(l) => format!(
            "{seqs} (undeclared; read as {name} by statistics; likely {} at {:.2})",
            l.name, l.confidence
        ),
        None => format!("{seqs} (undeclared; read as {name} by statistics)"),
    }
}

/// What puts a document among the worst: each signal's share of the score, with its reason.
/// A declared legacy encoding's invalid UTF-8 counts as one flat contribution instead of per
/// sequence (a correct Shift_JIS page must not outrank mojibake).
pub(super) fn contributions(
    s: &Signals,
    first_problem: Option<Problem<'_>>,
    legacy: Legacy<'_>,
) -> Vec<(f64, String)> {
    let per_k = |n: u64| n as f64 * 1000.0 / s.chars.max(1) as f64;
    let mut out: Vec<(f64, String)> = Vec::new();
    // The counted signals, in this order (ties keep it); a reason is written only for a
    // signal the document has (most have none: seven `format!` per document were 2 % of an
    // audit of short stories).
    let counted_signals: [(u64, f64, &str, &str); 6] = [
        (s.decode_errors, 10.0, "decode error", "decode errors"),
        (
            s.invalid_utf8,
            5.0,
            "invalid UTF-8 sequence",
            "invalid UTF-8 sequences",
        ),
        (s.mojibake_words, 8.0, "mojibake word", "mojibake words"),
        (
            s.entity_residue,
            4.0,
            "undecoded entity",
            "undecoded entities",
        ),
        (
            s.invisible,
            3.0,
            "invisible or control character",
            "invisible or control characters",
        ),
        (
            s.split_words,
            2.0,
            "word split at a line end",
            "words split at line ends",
        ),
    ];
    if s.replacement_chars > 0 {
        out.push((
            per_k(s.replacement_chars) * 10.0,
            format!("{} U+FFFD", s.replacement_chars),
        ));
    }
    for (i, (n, weight, one, many)) in counted_signals.into_iter().enumerate() {
        if i == 1 && n > 0 {
            match legacy {
                Legacy::Declared => out.push((
                    DECLARED_LEGACY_SCORE,
                    format!("not UTF-8 ({}, as declared)", counted(n, one, many)),
                )),
                Legacy::Guessed(name) => {
                    out.push((per_k(n) * weight, guessed_reason(n, name, None)))
                }
                Legacy::No => out.push((per_k(n) * weight, counted(n, one, many))),
            }
            continue;
        }
        if n > 0 {
            out.push((per_k(n) * weight, counted(n, one, many)));
        }
    }
    if s.extraction_problems > 0 {
        // Text is missing: as bad as a page of replacement characters, whatever the length.
        out.push((50.0 * s.extraction_problems.min(4) as f64, {
            let n = s.extraction_problems;
            let what = if n == 1 { "problem" } else { "problems" };
            // The innermost message says what happened; the depth is enough here.
            let (msg, levels) = first_problem.map_or(("", 0), |p| (p.message, p.levels));
            let mut first: String = msg.chars().take(100).collect();
            if msg.chars().count() > 100 {
                first.push('…');
            }
            if levels > 0 {
                first = format!("{levels} embedded levels down, {first}");
            }
            format!("{n} extraction {what}, text left out: {first}")
        }));
    }
    if s.hyphen_line_rate > 0.02 {
        out.push((
            s.hyphen_line_rate * 100.0,
            format!(
                "{:.0} % of lines end in a hyphen",
                s.hyphen_line_rate * 100.0
            ),
        ));
    }
    if let Some(r) = s.non_word_ratio()
        && r > 0.25
        && s.checked_tokens >= 20
    {
        out.push((
            (r - 0.25) * 40.0,
            format!("{:.0} % of tokens are not words", r * 100.0),
        ));
    }
    if s.forms() == "mixed" {
        out.push((5.0, "composed and decomposed accents mixed".into()));
    }
    out.retain(|(v, _)| *v > 0.0);
    out.sort_by(|a, b| b.0.total_cmp(&a.0));
    out
}
