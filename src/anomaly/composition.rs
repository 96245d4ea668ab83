//! Composition (UAX #15): accents written as a base letter plus combining marks that NFC would
//! compose (`e` + U+0301 instead of `é`), and texts that hold both forms — the seed's signal
//! that normalisation did not run, or ran inconsistently.

use super::{AnomalyClass, Finding, Sink};
use icu_normalizer::{ComposingNormalizerBorrowed, DecomposingNormalizerBorrowed};
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use unicode_normalization::char::decompose_canonical;

/// What the composition check found.
#[derive(Default)]
pub struct CompositionScan {
    pub findings: Sink,
    /// Some character has a canonical decomposition (a precomposed accent).
    pub has_composed: bool,
    /// Some base + marks sequence is not in NFC.
    pub has_decomposed: bool,
}

fn is_composed(c: char) -> bool {
    let mut n = 0;
    let mut same = true;
    decompose_canonical(c, |d| {
        n += 1;
        same &= d == c;
    });
    n > 1 || !same
}

/// Decomposed sequences and mixed forms in `text`.
pub fn scan(text: &str) -> CompositionScan {
    scan_capped(text, usize::MAX)
}

/// [`scan`], keeping at most `cap` findings (all are counted).
pub fn scan_capped(text: &str, cap: usize) -> CompositionScan {
    let mut out = CompositionScan {
        findings: Sink::new(cap),
        ..Default::default()
    };
    if text.is_ascii() {
        return out;
    }
    let nfc = ComposingNormalizerBorrowed::new_nfc();
    // Fast path (most texts): already NFC, so no decomposed sequence NFC would change; then a
    // text that is not also NFD holds a precomposed character.
    let stretches: Vec<_> = crate::ascii::non_ascii_stretches(text, 32).collect();
    if stretches
        .iter()
        .all(|r| nfc.is_normalized(&text[r.clone()]))
    {
        let nfd = DecomposingNormalizerBorrowed::new_nfd();
        out.has_composed = stretches
            .iter()
            .any(|r| !nfd.is_normalized(&text[r.clone()]));
        return out;
    }
    let mut first_composed: Option<(usize, char)> = None;
    let mut first_decomposed: Option<usize> = None;
    let mut base: Option<usize> = None;
    let mut marks_end = 0usize;
    let mut cache: FxHashMap<&str, Option<String>> = FxHashMap::default();
    let mut flush = |base: Option<usize>,
                     end: usize,
                     out: &mut CompositionScan,
                     first: &mut Option<usize>| {
        let Some(b) = base else { return };
        if end <= b {
            return;
        }
        let seq = &text[b..end];
        if !seq
            .chars()
            .skip(1)
            .any(|c| crate::unicode::char_info(c).is_mark())
        {
            return;
        }
        // Texts written decomposed repeat a small set of sequences: normalise each once.
        let composed = cache
            .entry(seq)
            .or_insert_with(|| {
                let n = nfc.normalize(seq);
                (n != seq).then(|| n.into_owned())
            })
            .clone();
        if let Some(composed) = composed {
            out.has_decomposed = true;
            first.get_or_insert(b);
            if !out.findings.keeps() {
                out.findings.count(AnomalyClass::Decomposed, false);
                return;
            }
            let mut f = Finding::new(
                AnomalyClass::Decomposed,
                text,
                b,
                end,
                "a decomposed accent (base letter + combining marks): looks like the composed form, but does not match it",
            );
            f.suggestion = Some(Cow::Owned(composed));
            out.findings.push(f);
        }
    };
    let bytes = text.as_bytes();
    for stretch in stretches {
        let mut i = stretch.start;
        while i < stretch.end {
            if bytes[i] < 0x80 {
                // ASCII: a new base, never a mark. Skip the run, ending on its last byte.
                let run = bytes[i..stretch.end]
                    .iter()
                    .position(|&b| b >= 0x80)
                    .unwrap_or(stretch.end - i);
                flush(base, marks_end, &mut out, &mut first_decomposed);
                let last = i + run - 1;
                base = Some(last);
                marks_end = last + 1;
                i += run;
                continue;
            }
            let c = text[i..].chars().next().expect("a char boundary");
            if crate::unicode::char_info(c).is_mark() {
                marks_end = i + c.len_utf8();
                i += c.len_utf8();
                continue;
            }
            flush(base, marks_end, &mut out, &mut first_decomposed);
            if first_composed.is_none() && is_composed(c) {
                out.has_composed = true;
                first_composed = Some((i, c));
            }
            base = Some(i);
            marks_end = i + c.len_utf8();
            i += c.len_utf8();
        }
        flush(base, marks_end, &mut out, &mut first_decomposed);
        base = None;
    }
    if let (Some((ci, cc)), Some(di)) = (first_composed, first_decomposed) {
        let mut f = Finding::new(
            AnomalyClass::MixedForms,
            text,
            di,
            out.findings.first().map_or(di, |f| f.text_end),
            format!(
                "both composed accents ({cc} U+{:04X} at text offset {ci}) and decomposed ones (here) in one text: normalisation did not run, or ran inconsistently",
                cc as u32
            ),
        );
        f.suggestion = out.findings.first().and_then(|f| f.suggestion.clone());
        out.findings.push(f);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decomposed_and_mixed() {
        let s = scan("re\u{301}sume\u{301}");
        assert_eq!(s.findings.kept.len(), 2);
        assert_eq!(s.findings.kept[0].suggestion.as_deref(), Some("é"));
        assert!(s.has_decomposed && !s.has_composed);
        let m = scan("résumé re\u{301}sume\u{301}");
        assert!(m.has_composed && m.has_decomposed);
        assert_eq!(
            m.findings.kept.last().unwrap().class,
            AnomalyClass::MixedForms
        );
        // A combining mark NFC cannot compose is not a finding (q + dot above).
        assert!(scan("q\u{307}").findings.kept.is_empty());
        let clean = scan("résumé naïve");
        assert!(clean.findings.kept.is_empty() && clean.has_composed);
        assert!(scan("plain").findings.kept.is_empty());
        // Vietnamese with two marks on one base, decomposed.
        assert_eq!(
            scan("Vie\u{302}\u{323}t").findings.kept[0]
                .suggestion
                .as_deref(),
            Some("ệ")
        );
    }
}
