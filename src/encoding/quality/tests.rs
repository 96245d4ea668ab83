//! Unit tests of `encoding::quality` (kept apart so the module reads as its job).

use super::*;
use proptest::prelude::*;

/// Counting piece by piece, with ASCII stretches shared with another decoding, gives
/// exactly the features of counting every character.
fn agree(texts: &[&str]) {
    let mut st = Stretches::default();
    let mut cache = InfoCache::new();
    for t in texts {
        let whole = features(t);
        let pieces = features_with(t, &mut cache, Some(&mut st));
        assert_eq!(whole, pieces, "{t:?}");
        assert_eq!(whole.chars, t.chars().count() as u64);
        assert_eq!(
            whole.ascii_words,
            t.split_ascii_whitespace().count() as u64,
            "{t:?}"
        );
        assert_eq!(whole.nuls, t.matches('\0').count() as u64);
        assert_eq!(
            whole.mojibake_fingerprints,
            crate::encoding::mojibake::fingerprints(t)
        );
    }
}

#[test]
fn shared_stretches_agree_with_the_whole() {
    agree(&[
        "",
        " ",
        "a",
        "é",
        "abc déf ghi",
        "  x\u{00A0}é  y  ",
        "é abc",
    ]);
    agree(&[
        "Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva.\n",
        "Le cÅ“ur dÃ©Ã§u mais l'Ã¢me plutÃ´t naÃ¯ve, LouÃ¿s rÃªva.\n",
        "Le c\u{FFFD}ur d\u{FFFD}\u{FFFD}u mais l'\u{FFFD}me plut\u{FFFD}t na\u{FFFD}ve.\n",
    ]);
    agree(&[
        "Привет мир and hello",
        "abc\tdef\r\nghi\u{85}jkl",
        "日本 語 x y",
        "a\u{301} b",
    ]);
}

#[test]
fn long_ascii_stretches_are_shared_and_agree() {
    let long = "the quick brown fox jumps over the lazy dog and keeps running far away ";
    let a = format!("{long}{long}é{long}\u{B}{long}Жж {long}x");
    let b = format!("{long}{long}Ã©{long}\u{B}{long}\u{FFFD} {long}x");
    let c = format!("é{long}{long}");
    agree(&[&a, &b, &a, &c, long]);
    let mut st = Stretches::default();
    let mut cache = InfoCache::new();
    features_with(&a, &mut cache, Some(&mut st));
    assert!(st.seen.len() >= 3, "{}", st.seen.len());
}

fn pieces_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            "[a-z .,\t\n\u{B}]{50,140}",
            "[a-zé\u{00A0}\u{0301}Жж日\u{FFFD}\u{85}\u{1}\u{0}Ã©Â€™Ð°Ñ]{1,8}",
            Just(" ".to_string()),
        ],
        0..10,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn shared_long_stretches_agree(a in pieces_text(), b in pieces_text()) {
        agree(&[&a, &b, &a, &b]);
    }

    #[test]
    fn counter_agrees_with_the_definitions_on_any_text(
        t in "[a-zA-Z0-9 \t\n\u{B}\u{0}.,é\u{00A0}\u{0301}Жж日の\u{FFFD}\u{85}\u{1}\u{E000}Ã©Â€™Ð°Ñλ\u{1F600}\u{10FFFD}]{0,80}",
    ) {
        let (got, want) = (features(&t), reference(&t));
        prop_assert!(same(&got, &want), "{:?}\n{:?}\n{:?}", t, got, want);
    }

    /// Repeated tokens, whatever whitespace separates them, agree with counting every
    /// character and with the definitions.
    #[test]
    fn repeated_tokens_agree(
        picks in prop::collection::vec((0usize..10, 0usize..6), 0..40),
    ) {
        const WORDS: [&str; 10] = [
            "é", "жж", "Ã©", "a\u{301}", "日本", "x\u{A0}é", "\u{FFFD}", "ab", "Ðа",
            "the quick brown fox jumps",
        ];
        const GAPS: [&str; 6] = [" ", "\n", "\u{B}", "\t ", "  ", "\u{B}\u{B}x"];
        let text: String = picks.iter().map(|&(w, g)| format!("{}{}", WORDS[w], GAPS[g])).collect();
        agree(&[&text, &text]);
        let (got, want) = (features(&text), reference(&text));
        prop_assert!(same(&got, &want), "{:?}", text);
    }

    #[test]
    fn shared_stretches_agree_on_any_text(
        a in "[a-zA-Z0-9 \t\n\u{B}\u{0}.,é\u{00A0}\u{0301}Жж日\u{FFFD}\u{85}\u{1}]{0,60}",
        b in "[a-zA-Z0-9 \t\n\u{B}\u{0}.,é\u{00A0}\u{0301}Жж日\u{FFFD}\u{85}\u{1}]{0,60}",
    ) {
        agree(&[&a, &b, &a]);
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// The features computed the slow, obvious way, one definition at a time (the seed's
/// wording), as the oracle for the one-pass counter.
fn reference(text: &str) -> QualityFeatures {
    let mut cache = InfoCache::new();
    let cs: Vec<char> = text.chars().collect();
    let info: Vec<CharInfo> = cs.iter().map(|&c| cache.get(c)).collect();
    let n = cs.len() as u64;
    let count = |f: &dyn Fn(usize) -> bool| (0..cs.len()).filter(|&i| f(i)).count() as u64;
    let pairs = n.saturating_sub(1);
    let pair_count =
        |f: &dyn Fn(usize, usize) -> bool| (1..cs.len()).filter(|&i| f(i - 1, i)).count() as u64;
    let fffd = count(&|i| cs[i] == '\u{FFFD}');
    let scripted: Vec<u8> = (0..cs.len())
        .filter(|&i| info[i].has_real_script() && cs[i] != '\u{FFFD}')
        .map(|i| info[i].script as u8)
        .collect();
    let mut high: std::collections::BTreeMap<char, u64> = Default::default();
    for &c in cs.iter().filter(|&&c| c as u32 >= 0x80) {
        *high.entry(c).or_default() += 1;
    }
    let high_total: u64 = high.values().sum();
    let entropy: f64 = high
        .values()
        .map(|&k| {
            let p = k as f64 / high_total as f64;
            -p * p.log2()
        })
        .sum();
    let longest = scripted
        .chunk_by(|a, b| a == b)
        .map(|r| r.len())
        .max()
        .unwrap_or(0) as u64;
    let transitions = scripted.windows(2).filter(|w| w[0] != w[1]).count() as u64;
    let mut per_script: std::collections::BTreeMap<u8, u64> = Default::default();
    for &s in &scripted {
        *per_script.entry(s).or_default() += 1;
    }
    let m = scripted.len() as u64;
    let alternation = if m < 2 || per_script.len() < 2 {
        0.0
    } else {
        let sum_sq: f64 = per_script
            .values()
            .map(|&k| (k as f64 / m as f64).powi(2))
            .sum();
        transitions as f64 / ((m - 1) as f64 * (1.0 - sum_sq))
    };
    let (mut lettered, mut pure) = (0u64, 0u64);
    for word in text.split(char::is_whitespace) {
        let clusters: Vec<_> = word
            .chars()
            .map(|c| cache.get(c))
            .filter(|i| i.is_letter())
            .map(|i| i.cluster())
            .collect();
        if !clusters.is_empty() {
            lettered += 1;
            pure += clusters.iter().all(|&c| c == clusters[0]) as u64;
        }
    }
    QualityFeatures {
        alphabetic_ratio: ratio(count(&|i| info[i].is_letter()), n),
        letter_pair_density: ratio(
            pair_count(&|a, b| {
                info[a].is_letter() && info[b].is_letter() && info[a].cluster() == info[b].cluster()
            }),
            pairs,
        ),
        high_byte_entropy: entropy.max(0.0),
        replacement_ratio: ratio(count(&|i| is_replacement_ratio_anomaly(cs[i])), n),
        replacement_count: fffd,
        combining_mark_ratio: ratio(count(&|i| info[i].is_mark()), n),
        letter_adjacent_to_mark_ratio: ratio(
            pair_count(&|a, b| info[a].is_letter() && info[b].is_mark()),
            pairs,
        ),
        script_density: ratio(m, n - fffd),
        script_fragmentation: if m == 0 {
            0.0
        } else {
            1.0 - longest as f64 / m as f64
        },
        script_alternation_ratio: alternation,
        per_word_script_purity: ratio(pure, lettered),
        chars: n,
        ascii_words: text.split_ascii_whitespace().count() as u64,
        nuls: count(&|i| cs[i] == '\0'),
        mojibake_fingerprints: crate::encoding::mojibake::fingerprints(text),
    }
}

/// Exact counts, and ratios equal up to the order of floating-point sums.
fn same(a: &QualityFeatures, b: &QualityFeatures) -> bool {
    let f = |x: &QualityFeatures| {
        [
            x.alphabetic_ratio,
            x.letter_pair_density,
            x.high_byte_entropy,
            x.replacement_ratio,
            x.combining_mark_ratio,
            x.letter_adjacent_to_mark_ratio,
            x.script_density,
            x.script_fragmentation,
            x.script_alternation_ratio,
            x.per_word_script_purity,
        ]
    };
    f(a).iter()
        .zip(f(b))
        .all(|(x, y)| (x - y).abs() <= 1e-12 * x.abs().max(1.0))
        && (
            a.replacement_count,
            a.chars,
            a.ascii_words,
            a.nuls,
            a.mojibake_fingerprints,
        ) == (
            b.replacement_count,
            b.chars,
            b.ascii_words,
            b.nuls,
            b.mojibake_fingerprints,
        )
}

#[test]
fn counter_agrees_with_the_definitions() {
    for t in [
        "",
        "ciśnienia ci¶nienia",
        "日本語のテキスト and 中文",
        "Vie\u{302}\u{323}t pаypal \u{FFFD}\u{FFFD} a\u{85}\u{E000}\u{1}\t\n\0 x",
        "Le cÅ“ur dÃ©Ã§u mais l'Ã¢me, Ð°Ñ\u{0}",
        "aбaбaбaб the word λόγος means word \u{10FFFD}\u{1F600}",
    ] {
        let (got, want) = (features(t), reference(t));
        assert!(same(&got, &want), "{t:?}\n{got:?}\n{want:?}");
    }
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
