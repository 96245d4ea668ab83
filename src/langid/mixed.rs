//! Documents in several languages. A whole-text verdict over a document half English, half
//! French names one of the two, and its confidence grows with the text's length alone (0.99 at
//! a margin of 0.000 nats per feature). Where no language, with its close relatives, holds two
//! thirds of the letters of the passages the model is sure of, the document is `mul` (ISO
//! 639-2 "multiple languages"), and the reason gives each language's share.

use super::{CONTRADICTS_AT, Verdict, group_of};

/// The share of the sure letters the leading language (with its close relatives: Croatian with
/// Serbian and Bosnian) must hold for the document to be called its language. Below it, at
/// least a third of the text is in another language, too much to judge the document's words by
/// one word list or stemmer.
pub const MIXED_BELOW: f64 = 2.0 / 3.0;

/// The share of the letters that passages the model is sure of ([`CONTRADICTS_AT`] or more)
/// must hold before mixing is judged: in a language the model lacks, passages scatter over its
/// relatives at low confidence (NLTK's Ossetian: Kazakh and Russian passages, a quarter `und`).
pub const MIXED_COVERAGE: f64 = 0.8;

/// How often a `mul` verdict is right (its leading language holds less than [`MIXED_BELOW`] of
/// the letters), on documents generated from text the model never trained on
/// (`scripts/langid_mixed_eval.py`, held-out UDHR halves and software sentences; the thresholds
/// were set on seed 29): seeds 30 and 31 called 414 documents `mul`, 398 rightly (96 %), and
/// all had less than three quarters in one language; none of 11,126 real single-language files
/// (Reuters, NLTK UDHR) nor of 592 generated ones was called `mul`.
pub const MIXED_CONFIDENCE: f64 = 0.96;

/// Does a second script family hold a quarter or more of `text`'s letters (weighed as
/// [`super::weighted_letters`], Han with kana)? A quarter, under the third that makes a document
/// mixed, so that a share the passages count a little differently is not missed.
pub(super) fn another_script_shares(text: &str) -> bool {
    if text.is_ascii() {
        return false;
    }
    let (families, all) = super::passages::script_families(text);
    all > 0 && families[1].1 * 4 >= all
}

/// The key of a language's close-relative group (`hr|bs` and `sr` share one).
fn group_key(code: &str) -> &str {
    let first = code.split('|').next().unwrap_or(code);
    group_of(first).map_or(first, |g| g[0])
}

/// A language the sure passages are in: its code, name and letters.
struct Share {
    code: String,
    name: String,
    letters: usize,
}

/// `whole`, the document's verdict, or `mul` where its passages (of its first
/// [`super::DOCUMENT_PREFIX`] bytes; `letters[i]` the weighed letters of passage `i`, whose
/// verdict `verdict_of(i)` gives) are sure of several languages none of which, with its
/// relatives, holds [`MIXED_BELOW`] of their letters.
///
/// Passages are identified in order only until the outcome is settled — unsure letters beyond
/// what [`MIXED_COVERAGE`] allows, or a leading group that keeps two thirds even if every
/// passage left were sure and in other languages — so the answer is the one all passages give,
/// at less cost for a document in one language.
pub(super) fn judge(
    whole: Verdict,
    letters: &[usize],
    mut verdict_of: impl FnMut(usize) -> Verdict,
) -> Verdict {
    if letters.len() < 2 {
        return whole;
    }
    let all: usize = letters.iter().sum();
    let (mut left, mut unsure, mut sure) = (all, 0usize, 0usize);
    let mut shares: Vec<Share> = Vec::new();
    let mut groups: Vec<(String, usize)> = Vec::new();
    for (i, &n) in letters.iter().enumerate() {
        let v = verdict_of(i);
        left -= n;
        if v.language == "und" || v.language == "mul" || v.confidence < CONTRADICTS_AT {
            unsure += n;
        } else {
            sure += n;
            match shares.iter_mut().find(|s| s.code == v.language) {
                Some(s) => s.letters += n,
                None => shares.push(Share {
                    code: v.language.clone(),
                    name: v.name.clone(),
                    letters: n,
                }),
            }
            let key = group_key(&v.language);
            match groups.iter_mut().find(|(k, _)| k == key) {
                Some((_, m)) => *m += n,
                None => groups.push((key.to_string(), n)),
            }
        }
        // The sure letters can no longer reach the coverage (asked as the full judgement asks
        // it: `(1 − 0.8) × all` rounds otherwise than `0.8 × all` at the boundary).
        if ((all - unsure) as f64) < MIXED_COVERAGE * all as f64 {
            return whole;
        }
        let lead = groups.iter().map(|&(_, m)| m).max().unwrap_or(0);
        if lead > 0 && lead as f64 >= MIXED_BELOW * (sure + left) as f64 {
            return whole;
        }
    }
    if sure == 0 {
        return whole;
    }
    shares.sort_by_key(|s| std::cmp::Reverse(s.letters));
    let each: Vec<String> = shares
        .iter()
        .map(|s| (&s.name, 100.0 * s.letters as f64 / sure as f64))
        .filter(|&(_, pct)| pct >= 0.5)
        .map(|(name, pct)| format!("{name} {pct:.0} %"))
        .collect();
    Verdict {
        language: "mul".into(),
        name: "multiple languages".into(),
        confidence: MIXED_CONFIDENCE,
        reason: Some(format!(
            "no language holds two thirds of the letters its passages are sure of: {}{}",
            each.join(", "),
            if whole.language == "und" {
                String::new()
            } else {
                format!(" (read whole, {} at {:.2})", whole.name, whole.confidence)
            }
        )),
        distinguishing: Vec::new(),
        frequent: Vec::new(),
        members: Vec::new(),
        ..whole
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::langid::{Method, Verdict};

    fn verdict(code: &str, confidence: f64) -> Verdict {
        Verdict {
            language: code.into(),
            name: code.to_uppercase(),
            candidates: Vec::new(),
            margin: 0.5,
            confidence,
            reason: None,
            script: Some("LATIN".into()),
            method: Method::Bayes,
            features: 100,
            distinguishing: Vec::new(),
            frequent: Vec::new(),
            members: Vec::new(),
        }
    }

    /// The judgement over passages of the given verdicts and letters.
    fn judged(parts: &[(&str, f64, usize)]) -> Verdict {
        let letters: Vec<usize> = parts.iter().map(|p| p.2).collect();
        judge(verdict("en", 0.99), &letters, |i| {
            verdict(parts[i].0, parts[i].1)
        })
    }

    #[test]
    fn no_language_with_two_thirds_is_mul_with_each_share() {
        let v = judged(&[
            ("en", 1.0, 500),
            ("fr", 1.0, 300),
            ("en", 1.0, 100),
            ("de", 1.0, 100),
        ]);
        assert_eq!(v.language, "mul");
        assert_eq!(v.confidence, MIXED_CONFIDENCE);
        let why = v.reason.unwrap();
        assert!(why.contains("EN 60 %, FR 30 %, DE 10 %"), "{why}");
        assert!(why.ends_with("(read whole, EN at 0.99)"), "{why}");
    }

    #[test]
    fn a_language_with_two_thirds_keeps_the_whole_verdict() {
        assert_eq!(judged(&[("en", 1.0, 700), ("fr", 1.0, 300)]).language, "en");
        // One passage says nothing of mixing.
        assert_eq!(judged(&[("fr", 1.0, 300)]).language, "en");
    }

    /// Croatian with Serbian and Bosnian passages is one language's text.
    #[test]
    fn close_relatives_count_together() {
        let v = judged(&[
            ("hr", 1.0, 400),
            ("sr", 1.0, 200),
            ("hr|bs", 0.95, 100),
            ("en", 1.0, 250),
        ]);
        assert_eq!(v.language, "en", "{v:?}");
    }

    /// Where unsure passages hold more than a fifth of the letters (a language the model lacks
    /// scatters over its relatives), mixing is not judged.
    #[test]
    fn unsure_passages_leave_the_whole_verdict() {
        let v = judged(&[
            ("en", 1.0, 300),
            ("fr", 1.0, 300),
            ("und", 0.0, 100),
            ("it", 0.6, 100),
        ]);
        assert_eq!(v.language, "en");
        let v = judged(&[("en", 1.0, 400), ("fr", 1.0, 400), ("und", 0.0, 100)]);
        assert_eq!(v.language, "mul");
    }

    /// The judgement over every passage, without stopping early: what [`judge`] must equal.
    fn judged_in_full(parts: &[(&str, f64, usize)]) -> &'static str {
        let sure = |c: f64, l: &str| l != "und" && c >= CONTRADICTS_AT;
        let all: usize = parts.iter().map(|p| p.2).sum();
        let sure_letters: usize = parts.iter().filter(|p| sure(p.1, p.0)).map(|p| p.2).sum();
        let mut groups: Vec<(&str, usize)> = Vec::new();
        for p in parts.iter().filter(|p| sure(p.1, p.0)) {
            match groups.iter_mut().find(|(k, _)| *k == group_key(p.0)) {
                Some((_, n)) => *n += p.2,
                None => groups.push((group_key(p.0), p.2)),
            }
        }
        let lead = groups.iter().map(|g| g.1).max().unwrap_or(0);
        let mixed = parts.len() >= 2
            && sure_letters > 0
            && sure_letters as f64 >= MIXED_COVERAGE * all as f64
            && (lead as f64) < MIXED_BELOW * sure_letters as f64;
        if mixed { "mul" } else { "en" }
    }

    /// Unsure letters exactly at the share the coverage allows: the early stop and the full
    /// judgement agree (a proptest case: `(1 − 0.8) × 725` is below 145 in floating point, while
    /// `0.8 × 725` is not above 580).
    #[test]
    fn unsure_letters_at_the_boundary_stop_as_the_full_judgement_does() {
        let parts = [("hr", 0.95, 265), ("en", 0.95, 315), ("en", 0.5, 145)];
        assert_eq!(judged(&parts).language, judged_in_full(&parts));
        assert_eq!(judged(&parts).language, "mul");
    }

    proptest::proptest! {
        /// Stopping once the outcome is settled never changes it.
        #[test]
        fn stopping_early_gives_the_full_answer(
            parts in proptest::collection::vec(
                (
                    proptest::sample::select(vec!["en", "fr", "hr", "sr", "bs", "und"]),
                    proptest::sample::select(vec![0.5, 0.95]),
                    1usize..400,
                ),
                0..12,
            )
        ) {
            proptest::prop_assert_eq!(judged(&parts).language, judged_in_full(&parts));
        }
    }
}
