//! The candidate encodings and their scores: which encodings are worth decoding (the decision,
//! the likely verdict, the user's, every one the evidence names, chardetng's relatives), each
//! decoded with its offset map, its Tika text-quality features, its errors over the whole input
//! and an excerpt; then scored and ranked.

use super::likely::Likely;
use super::{
    Candidate, CandidateReason, Decision, Evidence, EvidenceKind, Options, Progress, Scope,
    quality, statistical,
};
use crate::decode::bom::Bom;
use crate::decode::{self, validity};
use crate::decode::{Charset, DecodeStats, Decoded, ErrorMode};
use crate::error::SourceError;
use crate::format::TextKind;
use crate::source::Input;
use crate::span::ByteSpan;
use crate::unicode::InfoCache;
use quality::QualityFeatures;
use validity::Utf8Validity;

/// Close relatives of a legacy encoding that a statistical guess easily confuses with it.
pub(super) fn plausible_relatives(cs: Charset) -> Vec<Charset> {
    use encoding_rs::*;
    let list: &[&'static Encoding] = match cs.whatwg() {
        Some(e) if e == WINDOWS_1252 => &[ISO_8859_15],
        Some(e) if e == WINDOWS_1250 => &[ISO_8859_2],
        Some(e) if e == ISO_8859_2 => &[WINDOWS_1250],
        Some(e) if e == WINDOWS_1251 => &[KOI8_R, ISO_8859_5, IBM866],
        Some(e) if e == KOI8_R || e == KOI8_U || e == IBM866 || e == ISO_8859_5 => &[WINDOWS_1251],
        Some(e) if e == WINDOWS_1253 => &[ISO_8859_7],
        Some(e) if e == ISO_8859_7 => &[WINDOWS_1253],
        Some(e) if e == WINDOWS_1255 => &[ISO_8859_8],
        Some(e) if e == ISO_8859_8 => &[WINDOWS_1255],
        Some(e) if e == WINDOWS_1256 => &[ISO_8859_6],
        Some(e) if e == WINDOWS_1257 => &[ISO_8859_13, ISO_8859_4],
        Some(e) if e == ISO_8859_4 || e == ISO_8859_13 => &[WINDOWS_1257],
        Some(e) if e == SHIFT_JIS => &[EUC_JP, ISO_2022_JP],
        Some(e) if e == EUC_JP => &[SHIFT_JIS],
        Some(e) if e == ISO_2022_JP => &[SHIFT_JIS],
        Some(e) if e == GBK => &[BIG5, GB18030],
        Some(e) if e == BIG5 => &[GBK],
        _ => &[],
    };
    list.iter().map(|&e| Charset::Whatwg(e)).collect()
}

/// Error counts over the whole input for `cs`, streaming (constant memory). UTF-8 reuses the
/// validity pass; single-byte encodings that map all 256 bytes cannot fail.
pub(super) fn whole_input_stats(
    input: &Input,
    cs: Charset,
    skip: u64,
    v: &Utf8Validity,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Result<DecodeStats, SourceError> {
    if cs == Charset::UTF_8 && skip == 0 {
        return Ok(DecodeStats {
            replacement_chars: v.invalid_sequences,
            deleted_bytes: v.invalid_bytes,
            first_error_offset: v.first_invalid.as_ref().map(|f| f.byte_span.start),
            error_spans: v.positions.clone(),
        });
    }
    // True Latin-1, the DOS and Mac pages and the EBCDIC pages map every byte.
    if matches!(cs, Charset::Latin1 | Charset::Oem(_) | Charset::Ebcdic(_)) {
        return Ok(DecodeStats::default());
    }
    if let Some(t) = cs.whatwg().and_then(decode::table_for) {
        if (0x80..=0xFFu8).all(|b| t.get(b).is_some()) {
            return Ok(DecodeStats::default());
        }
        if v.is_pure_ascii() {
            return Ok(DecodeStats::default());
        }
    }
    let len = input.len();
    decode::stream::count_errors(input, cs, skip, len, |done| {
        progress(Progress {
            pass: cs.name(),
            done,
            total: len,
        })
    })?
    .ok_or(SourceError::Cancelled)
}

/// Where excerpts are cut: at the start of the word (or line) that holds the first non-ASCII or
/// invalid byte of the sample, looking back at most 32 bytes.
pub(super) fn excerpt_anchor(v: &Utf8Validity, sample: &ByteSpan, sample_bytes: &[u8]) -> u64 {
    match v.first_non_ascii {
        Some(f) if sample.contains(f) => {
            let rel = (f - sample.start) as usize;
            let from = rel.saturating_sub(32);
            let back = sample_bytes[from..rel]
                .iter()
                .rposition(|&b| matches!(b, b' ' | b'\n' | b'\t' | b'>' | b'\r'))
                .map_or(from, |p| from + p + 1);
            sample.start + back as u64
        }
        _ => sample.start,
    }
}

/// Characters of an excerpt.
pub(super) const EXCERPT_CHARS: usize = 72;

/// The decoded text starting at the character that contains byte `at` (or the next one).
pub(super) fn excerpt(d: &Decoded, at: u64) -> (String, ByteSpan) {
    let mut start = None;
    for b in at..at + 8 {
        if let Some(t) = d.map.text_offset_of(&d.text, b) {
            start = Some(t);
            break;
        }
    }
    let start = start.unwrap_or(0);
    let end = d.text[start..]
        .char_indices()
        .nth(EXCERPT_CHARS)
        .map_or(d.text.len(), |(i, _)| start + i);
    let span = d.map.span_of_range(&d.text, start, end).unwrap_or_default();
    (d.text[start..end].to_string(), span)
}

/// Score weights (calibrated by hand on the seed's failure table, the fixtures and the UDHR
/// files: the right decoding must rank first wherever chardetng or a BOM knows it).
pub(super) const W_DECODE_ERRORS: f64 = 20.0; // malformed sequences per character, capped at 0.6

pub(super) const W_ANOMALY: f64 = 0.8; // replacementRatio (U+FFFD, controls, C1, private use)

pub(super) const W_NUL: f64 = 4.0; // NUL share, capped at 0.8: UTF-16/32 read as a single-byte encoding

pub(super) const W_IMPURE_WORDS: f64 = 0.3; // 1 − perWordScriptPurity

pub(super) const W_ALTERNATION: f64 = 0.2; // scriptAlternationRatio, capped at 1

pub(super) const W_MOJIBAKE: f64 = 10.0; // fingerprints per word, capped at 0.5

pub(super) const W_LETTER_PAIRS: f64 = 0.1; // 1 − letterPairDensity

/// The quality score of a decoding (1 = clean text, 0 = junk).
pub(super) fn score(f: &QualityFeatures, errors: u64, fingerprints: usize, text: &str) -> f64 {
    // The features counted characters, words and NULs of `text` already.
    debug_assert_eq!(f.chars, text.chars().count() as u64);
    let chars = f.chars.max(1) as f64;
    let words = f.ascii_words.max(1) as f64;
    if text.is_empty() {
        return 1.0;
    }
    let nul = f.nuls as f64;
    // Without letters, letter-based features say nothing either way.
    let (purity, pairs) = if f.alphabetic_ratio == 0.0 {
        (1.0, 1.0)
    } else {
        (f.per_word_script_purity, f.letter_pair_density)
    };
    let mut score = 1.0;
    score -= (W_DECODE_ERRORS * errors.min(chars as u64) as f64 / chars).min(0.6);
    score -= W_ANOMALY * f.replacement_ratio;
    score -= (W_NUL * nul / chars).min(0.8);
    score -= W_IMPURE_WORDS * (1.0 - purity);
    score -= W_ALTERNATION * f.script_alternation_ratio.min(1.0);
    score -= (W_MOJIBAKE * fingerprints as f64 / words).min(0.5);
    score -= W_LETTER_PAIRS * (1.0 - pairs);
    (score.clamp(0.0, 1.0) * 1000.0).round() / 1000.0
}

/// The text between tags: `<…>` spans become a space. Good enough to keep markup out of the
/// text-quality features; not an extractor.
pub(super) fn strip_markup(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('<') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Orders candidates best first: the likely verdict's reading (and the encodings that read the
/// same text) ahead of the rest, since it weighed the words of every reading and the quality
/// score knows no language (it ranks windows-1252's all-Latin misreading of Ukrainian above
/// windows-1251's Cyrillic with a few Latin words); then by quality score. Scores within
/// [`TIE`] count as equal and keep the order of evidence: the decided encoding, then the
/// statistical guess, then the rest as listed.
pub(super) const TIE: f64 = 0.005;

pub(super) fn rank(
    c: &mut [Candidate],
    decision: &Decision,
    guess: &statistical::Guess,
    likely: Option<&Likely>,
) {
    let tier = |x: &Candidate| -> u8 {
        match likely {
            Some(l) if l.name == x.encoding || l.same_text.contains(&x.encoding) => 0,
            _ => 1,
        }
    };
    let prior = |x: &Candidate| -> u8 {
        if x.encoding == decision.encoding {
            0
        } else if x.encoding == Charset::Whatwg(guess.encoding)
            || x.encoding == Charset::Whatwg(guess.legacy)
        {
            1
        } else {
            2
        }
    };
    c.sort_by(|a, b| {
        if tier(a) != tier(b) {
            tier(a).cmp(&tier(b))
        } else if (a.score - b.score).abs() <= TIE {
            prior(a).cmp(&prior(b))
        } else {
            b.score.total_cmp(&a.score)
        }
    });
}

/// The encodings worth decoding, each with why: the decision, the likely verdict, the user's,
/// every encoding the evidence names, UTF-8 and windows-1252, chardetng's guess and relatives.
pub(super) fn list(
    opts: &Options,
    evidence: &[Evidence],
    decision: &Decision,
    likely: &Likely,
    guess: &statistical::Guess,
    validity: &Utf8Validity,
    bom: Option<Bom>,
) -> Vec<(Charset, Vec<CandidateReason>)> {
    let mut list: Vec<(Charset, Vec<CandidateReason>)> = Vec::new();
    let mut add = |cs: Charset, why: CandidateReason| {
        if cs == Charset::Whatwg(encoding_rs::REPLACEMENT) && why != CandidateReason::Decided {
            return;
        }
        match list.iter_mut().find(|(c, _)| *c == cs) {
            Some((_, w)) => {
                if !w.contains(&why) {
                    w.push(why)
                }
            }
            None => list.push((cs, vec![why])),
        }
    };
    add(decision.encoding, CandidateReason::Decided);
    // An abstaining verdict (bytes that are no text) names no reading.
    if likely.not_text.is_none() {
        add(likely.name, CandidateReason::Likely);
    }
    for u in &opts.user_encodings {
        add(u.charset, CandidateReason::User);
    }
    for e in evidence {
        if let Some(cs) = e.encoding {
            let why = match e.kind {
                EvidenceKind::Bom => CandidateReason::Bom,
                EvidenceKind::Utf16Pattern => CandidateReason::Pattern,
                EvidenceKind::Statistical => CandidateReason::Statistical,
                EvidenceKind::Utf8Validity => CandidateReason::Utf8,
                EvidenceKind::Language => CandidateReason::Likely,
                _ => CandidateReason::Declared,
            };
            add(cs, why);
        }
    }
    add(Charset::UTF_8, CandidateReason::Utf8);
    add(Charset::WINDOWS_1252, CandidateReason::Windows1252);
    if guess.iso_2022_jp_escapes > 0 {
        add(
            Charset::Whatwg(encoding_rs::ISO_2022_JP),
            CandidateReason::Statistical,
        );
    }
    if guess.informative {
        add(Charset::Whatwg(guess.legacy), CandidateReason::Statistical);
        if !validity.is_pure_ascii() {
            for p in plausible_relatives(Charset::Whatwg(guess.legacy)) {
                add(p, CandidateReason::Plausible);
            }
        }
    }
    if let Some(b) = bom
        && b.charset == Charset::Utf32Le
    {
        add(Charset::UTF_16LE, CandidateReason::Plausible);
    }
    list
}

/// What scoring the candidates reads.
pub(super) struct Scoring<'a> {
    pub(super) input: &'a Input,
    pub(super) opts: &'a Options,
    pub(super) kind: TextKind,
    pub(super) head: &'a [u8],
    pub(super) sample_bytes: &'a [u8],
    pub(super) sample: ByteSpan,
    pub(super) bom: Option<Bom>,
    pub(super) validity: &'a Utf8Validity,
    pub(super) decision: &'a Decision,
    pub(super) guess: &'a statistical::Guess,
    /// The likely verdict, whose reading ranks first (none when only the decision is asked).
    pub(super) likely: Option<&'a Likely>,
}

/// Decodes each candidate over the sample (with its offset map), measures its features and
/// its errors over the whole input, and ranks them; returns them with the decided decoding.
pub(super) fn decode_and_score(
    s: &Scoring<'_>,
    list: Vec<(Charset, Vec<CandidateReason>)>,
    progress: &mut dyn FnMut(Progress) -> bool,
) -> Result<(Vec<Candidate>, Option<Decoded>), SourceError> {
    let Scoring {
        input,
        opts,
        kind,
        head,
        sample_bytes,
        sample,
        bom,
        validity,
        decision,
        guess,
        likely,
    } = *s;
    let len = input.len();
    let bom_len = bom.map_or(0, |b| b.len) as u64;
    let mut cache = InfoCache::new();
    let mut stretches = quality::Stretches::default();
    let excerpt_at = excerpt_anchor(validity, &sample, sample_bytes);
    let mut candidates = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    let mut decided_sample = None;
    for (cs, reasons) in list {
        // Under the encoding its BOM announces, decoding starts after the BOM; every other
        // candidate sees the BOM bytes as text.
        let bom_matches = bom.is_some_and(|b| b.charset == cs);
        let (base, bytes): (u64, &[u8]) = match bom {
            Some(_) if !bom_matches && sample.start == bom_len => {
                (0, &head[..(sample.end as usize).min(head.len())])
            }
            _ => (sample.start, sample_bytes),
        };
        let skip = if bom_matches { bom_len } else { 0 };
        let covers_all = (sample.end == len && base == skip) || opts.scope == Scope::Sample;
        // The decided reading's errors become findings; the others show their first few.
        let keep = if cs == decision.encoding {
            decode::MAX_KEPT_ERRORS
        } else {
            validity::MAX_ERROR_POSITIONS
        };
        let d =
            decode::decode_keeping(bytes, base, cs, ErrorMode::Replace, sample.end == len, keep);
        // Markup would make every word that touches a tag look mixed-script; the features are
        // about the text. (A real HTML/XML extractor arrives with the formats stage.)
        let prose = match kind {
            TextKind::Html | TextKind::Xml => strip_markup(&d.text),
            _ => std::borrow::Cow::Borrowed(d.text.as_str()),
        };
        // Encodings that read the sample identically (pure ASCII under UTF-8 and
        // windows-1252, say) share their features.
        let same_as = candidates
            .iter()
            .zip(&texts)
            .find(|(_, t): &(&Candidate, &String)| **t == d.text)
            .map(|(c, _)| (c.features.clone(), c.mojibake_fingerprints));
        let (features, fingerprints) = match same_as {
            Some(shared) => shared,
            None => {
                // The features pass counts the mojibake fingerprints too.
                let f = quality::features_with(&prose, &mut cache, Some(&mut stretches));
                let n = f.mojibake_fingerprints;
                (f, n)
            }
        };
        let stats = if covers_all {
            DecodeStats {
                replacement_chars: d.error_count,
                deleted_bytes: d.error_bytes,
                first_error_offset: d.errors.first().map(|e| e.byte_span.start),
                error_spans: d
                    .errors
                    .iter()
                    .take(validity::MAX_ERROR_POSITIONS)
                    .map(|e| e.byte_span)
                    .collect(),
            }
        } else {
            whole_input_stats(input, cs, skip, validity, progress)?
        };
        let (excerpt, excerpt_span) = excerpt(&d, excerpt_at);
        let sample_chars = match &prose {
            std::borrow::Cow::Borrowed(_) => features.chars as usize,
            std::borrow::Cow::Owned(_) => d.text.chars().count(),
        };
        // A character cut off by the end of a truncated file is reported, but it says nothing
        // about whether the encoding is right.
        let scored_errors = if cs == Charset::UTF_8 && validity.is_valid_but_truncated() {
            0
        } else {
            stats.replacement_chars
        };
        let score = score(&features, scored_errors, fingerprints, &prose);
        texts.push(d.text.clone());
        if cs == decision.encoding {
            decided_sample = Some(d);
        }
        candidates.push(Candidate {
            encoding: cs,
            reasons,
            score,
            replacement_chars: stats.replacement_chars,
            deleted_bytes: stats.deleted_bytes,
            first_error_offset: stats.first_error_offset,
            error_spans: stats.error_spans.into_iter().take(8).collect(),
            features,
            mojibake_fingerprints: fingerprints,
            excerpt,
            excerpt_span,
            sample_chars,
        });
    }
    rank(&mut candidates, decision, guess, likely);
    Ok((candidates, decided_sample))
}
