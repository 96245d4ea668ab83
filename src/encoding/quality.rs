//! Text-quality features of a decoded string, exactly as Apache Tika's `TextQualityFeatures`
//! defines them (`../shared/seeds/tika-text-quality-features.txt`). All are pure functions of
//! the text, counted over code points; a wrong decoding shows in them before anyone reads it.
//!
//! One pass computes all of them ([`features`]); the single-feature functions exist for tests
//! and for callers that need one number.

use crate::unicode::{CharInfo, InfoCache};
use rustc_hash::FxHashMap;
use serde::Serialize;
use unicode_script::Script;

/// The Tika features of one text. Field names in JSON are Tika's method names.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QualityFeatures {
    /// z6: fraction of code points that are letters (L*).
    pub alphabetic_ratio: f64,
    /// z5: fraction of adjacent pairs that are two letters of the same script cluster.
    pub letter_pair_density: f64,
    /// z7: Shannon entropy (bits) of the distinct code points ≥ U+0080.
    pub high_byte_entropy: f64,
    /// z6 raw input: fraction of code points in the anomaly set (U+FFFD, anomalous C0, C1,
    /// private use).
    pub replacement_ratio: f64,
    /// Raw count of U+FFFD.
    pub replacement_count: u64,
    /// z10: fraction of code points that are marks (Mn, Mc, Me).
    pub combining_mark_ratio: f64,
    /// z11: fraction of adjacent pairs that are a letter followed by a mark.
    pub letter_adjacent_to_mark_ratio: f64,
    /// Fraction of code points (U+FFFD excluded) with a real script.
    pub script_density: f64,
    /// 1 − longest same-script run / script-bearing code points.
    pub script_fragmentation: f64,
    /// z9: observed script transitions over those expected under random shuffling.
    pub script_alternation_ratio: f64,
    /// Fraction of whitespace-delimited tokens (with letters) whose letters share one cluster.
    pub per_word_script_purity: f64,
}

/// True for the code points of the replacementRatio anomaly set: U+FFFD; C0 controls except
/// NUL, TAB, LF, CR (0x01–0x08, 0x0B, 0x0C, 0x0E–0x1F) and DEL; C1 controls U+0080–U+009F;
/// private use (U+E000–U+F8FF and planes 15–16).
pub fn is_anomaly(c: char) -> bool {
    matches!(c as u32,
        0xFFFD
        | 0x01..=0x08 | 0x0B | 0x0C | 0x0E..=0x1F | 0x7F
        | 0x80..=0x9F
        | 0xE000..=0xF8FF
        | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

fn ratio(num: u64, den: u64) -> f64 {
    if den == 0 {
        0.0
    } else {
        num as f64 / den as f64
    }
}

/// Code points below this are counted in an array for highByteEntropy.
const DENSE_HIGH: usize = 0x3000;

/// Computes every feature in one pass over `text`.
pub fn features(text: &str) -> QualityFeatures {
    let mut cache = InfoCache::new();
    features_with(text, &mut cache)
}

/// [`features`] with a caller-owned property cache (reused across candidates).
pub fn features_with(text: &str, cache: &mut InfoCache) -> QualityFeatures {
    // Counts of code points ≥ U+0080: an array below U+3000 (almost everything), a map above.
    // A per-thread array reused across calls (zeroing 48 KB per candidate showed in profiles);
    // `touched` lists the slots to read and reset.
    thread_local! {
        static HIGH: std::cell::RefCell<Vec<u32>> = std::cell::RefCell::new(vec![0; DENSE_HIGH]);
    }
    HIGH.with(|h| {
        let mut h = h.borrow_mut();
        features_inner(text, cache, &mut h)
    })
}

fn features_inner(text: &str, cache: &mut InfoCache, high_dense: &mut [u32]) -> QualityFeatures {
    let mut n = 0u64;
    let mut letters = 0u64;
    let mut marks = 0u64;
    let mut pairs = 0u64;
    let mut letter_pairs = 0u64;
    let mut letter_mark_pairs = 0u64;
    let mut anomalies = 0u64;
    let mut fffd = 0u64;
    let mut real_script = 0u64;
    let mut touched: Vec<u16> = Vec::new();
    let mut high_sparse: FxHashMap<char, u64> = FxHashMap::default();

    // Script sequence over script-bearing code points.
    // `Script` is `repr(u8)`.
    let mut script_counts = [0u64; 256];
    let mut scripted = 0u64;
    let mut run_script: Option<Script> = None;
    let mut run_len = 0u64;
    let mut longest_run = 0u64;
    let mut transitions = 0u64;

    // Words.
    let mut words_with_letters = 0u64;
    let mut pure_words = 0u64;
    let mut word_cluster: Option<Script> = None;
    let mut word_mixed = false;
    let mut word_has_letter = false;

    let mut prev: Option<CharInfo> = None;
    for c in text.chars() {
        let info = cache.get(c);
        n += 1;
        let is_letter = info.is_letter();
        let is_mark = info.is_mark();
        letters += is_letter as u64;
        marks += is_mark as u64;
        if let Some(p) = prev {
            pairs += 1;
            if p.is_letter() && is_letter && p.cluster() == info.cluster() {
                letter_pairs += 1;
            }
            if p.is_letter() && is_mark {
                letter_mark_pairs += 1;
            }
        }
        prev = Some(info);
        if is_anomaly(c) {
            anomalies += 1;
        }
        if c == '\u{FFFD}' {
            fffd += 1;
        } else if info.has_real_script() {
            real_script += 1;
        }
        let u = c as usize;
        if u >= 0x80 {
            if u < DENSE_HIGH {
                if high_dense[u] == 0 {
                    touched.push(u as u16);
                }
                high_dense[u] += 1;
            } else {
                *high_sparse.entry(c).or_insert(0) += 1;
            }
        }
        if info.has_real_script() && c != '\u{FFFD}' {
            scripted += 1;
            script_counts[info.script as u8 as usize] += 1;
            if run_script == Some(info.script) {
                run_len += 1;
            } else {
                if run_script.is_some() {
                    transitions += 1;
                }
                run_script = Some(info.script);
                run_len = 1;
            }
            longest_run = longest_run.max(run_len);
        }
        if c.is_whitespace() {
            if word_has_letter {
                words_with_letters += 1;
                pure_words += (!word_mixed) as u64;
            }
            word_cluster = None;
            word_mixed = false;
            word_has_letter = false;
        } else if is_letter {
            word_has_letter = true;
            match word_cluster {
                None => word_cluster = Some(info.cluster()),
                Some(k) if k != info.cluster() => word_mixed = true,
                _ => {}
            }
        }
    }
    if word_has_letter {
        words_with_letters += 1;
        pure_words += (!word_mixed) as u64;
    }

    let dense_counts: Vec<u64> = touched
        .iter()
        .map(|&u| std::mem::take(&mut high_dense[u as usize]) as u64)
        .collect();
    let high_counts = dense_counts
        .iter()
        .copied()
        .chain(high_sparse.values().copied());
    let high_total: u64 = high_counts.clone().sum();
    let high_byte_entropy = if high_total == 0 {
        0.0
    } else {
        high_counts
            .map(|k| {
                let p = k as f64 / high_total as f64;
                -p * p.log2()
            })
            .sum::<f64>()
            .max(0.0)
    };

    let distinct_scripts = script_counts.iter().filter(|&&k| k > 0).count();
    let script_alternation_ratio = if scripted < 2 || distinct_scripts < 2 {
        0.0
    } else {
        let sum_sq: f64 = script_counts
            .iter()
            .filter(|&&k| k > 0)
            .map(|&k| {
                let p = k as f64 / scripted as f64;
                p * p
            })
            .sum();
        let expected = (scripted - 1) as f64 * (1.0 - sum_sq);
        if expected > 0.0 {
            transitions as f64 / expected
        } else {
            0.0
        }
    };

    QualityFeatures {
        alphabetic_ratio: ratio(letters, n),
        letter_pair_density: ratio(letter_pairs, pairs),
        high_byte_entropy,
        replacement_ratio: ratio(anomalies, n),
        replacement_count: fffd,
        combining_mark_ratio: ratio(marks, n),
        letter_adjacent_to_mark_ratio: ratio(letter_mark_pairs, pairs),
        script_density: ratio(real_script, n - fffd),
        script_fragmentation: if scripted == 0 {
            0.0
        } else {
            1.0 - longest_run as f64 / scripted as f64
        },
        script_alternation_ratio,
        per_word_script_purity: ratio(pure_words, words_with_letters),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// The seed's own examples.
    #[test]
    fn seed_examples() {
        let good = features("ciśnienia");
        assert!(close(good.letter_pair_density, 1.0));
        assert!(close(good.alphabetic_ratio, 1.0));
        let bad = features("ci¶nienia");
        assert!(
            close(bad.letter_pair_density, 0.75),
            "{}",
            bad.letter_pair_density
        );
        assert!(bad.alphabetic_ratio < 1.0);
    }

    #[test]
    fn cjk_is_one_cluster() {
        // Japanese mixing kanji and kana: every pair is same-cluster.
        let f = features("日本語のテキスト");
        assert!(close(f.letter_pair_density, 1.0));
        assert!(close(f.per_word_script_purity, 1.0));
    }

    #[test]
    fn replacement_ratio_uses_the_anomaly_set() {
        let f = features("a\u{FFFD}\u{85}\u{E000}\u{1}\t\n\0");
        // 4 anomalies (FFFD, C1, PUA, SOH) of 8 code points; TAB, LF, NUL excluded.
        assert!(close(f.replacement_ratio, 4.0 / 8.0));
        assert_eq!(f.replacement_count, 1);
        // ZWJ (Cf) is excluded.
        assert!(close(features("a\u{200D}b").replacement_ratio, 0.0));
    }

    #[test]
    fn marks() {
        // Vietnamese in NFD: letters wearing marks.
        let f = features("Vie\u{302}\u{323}t");
        assert!(close(f.combining_mark_ratio, 2.0 / 6.0));
        assert!(close(f.letter_adjacent_to_mark_ratio, 1.0 / 5.0));
    }

    #[test]
    fn script_features() {
        let plain = features("Hello world");
        assert!(close(plain.script_density, 10.0 / 11.0));
        assert!(close(plain.script_fragmentation, 0.0));
        assert!(close(plain.script_alternation_ratio, 0.0));
        let digits = features("123 456");
        assert!(close(digits.script_density, 0.0));
        assert!(close(digits.script_fragmentation, 0.0));
        // FFFD excluded from density's numerator and denominator.
        assert!(close(features("ab\u{FFFD}").script_density, 1.0));
        // Random interleaving of two scripts: ratio near or above 1.
        let salad = features("aбaбaбaб");
        assert!(salad.script_alternation_ratio > 1.0);
        assert!(close(salad.script_fragmentation, 1.0 - 1.0 / 8.0));
        // Clumped: an English sentence with one Greek word.
        let clumped = features("the word λόγος means word");
        assert!(
            clumped.script_alternation_ratio < 0.5,
            "{}",
            clumped.script_alternation_ratio
        );
    }

    #[test]
    fn purity_and_entropy() {
        let f = features("pаypal paypal 123");
        // Cyrillic а inside a Latin word: 1 of 2 lettered words is mixed.
        assert!(close(f.per_word_script_purity, 0.5));
        assert!(close(features("ascii only").high_byte_entropy, 0.0));
        // Two distinct high code points, equally frequent: one bit.
        assert!(close(features("éèéè").high_byte_entropy, 1.0));
    }

    #[test]
    fn empty_text_is_all_zero() {
        assert_eq!(features(""), QualityFeatures::default());
    }
}
