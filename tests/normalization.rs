//! Unicode conformance: every line of NormalizationTest-18.0.0.txt (shipped in `tests/data/`,
//! from the Unicode Character Database; Unicode terms of use) through both normalisers the tool
//! uses — icu_normalizer (the pipeline, the composition detector) and unicode-normalization
//! (the inspector's forms) — in all four forms, and the invariance of every code point not
//! listed in Part 1.

use icu_normalizer::{ComposingNormalizerBorrowed, DecomposingNormalizerBorrowed};
use unicode_normalization::UnicodeNormalization;

fn parse(field: &str) -> String {
    field
        .split_whitespace()
        .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
        .collect()
}

#[test]
fn normalization_test_all_lines_all_forms() {
    let data = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/NormalizationTest-18.0.0.txt"
    ))
    .unwrap();
    let nfc = ComposingNormalizerBorrowed::new_nfc();
    let nfkc = ComposingNormalizerBorrowed::new_nfkc();
    let nfd = DecomposingNormalizerBorrowed::new_nfd();
    let nfkd = DecomposingNormalizerBorrowed::new_nfkd();
    let mut lines = 0;
    let mut failures = Vec::new();
    let mut part1 = std::collections::HashSet::new();
    let mut in_part1 = false;
    for line in data.lines() {
        if line.starts_with("@Part") {
            in_part1 = line.starts_with("@Part1");
            continue;
        }
        let line = line.split('#').next().unwrap();
        if line.trim().is_empty() {
            continue;
        }
        let c: Vec<String> = line.split(';').take(5).map(parse).collect();
        if in_part1 {
            part1.insert(c[0].chars().next().unwrap());
        }
        lines += 1;
        // NFC: c2 == toNFC(c1) == toNFC(c2) == toNFC(c3); c4 == toNFC(c4) == toNFC(c5).
        for (i, expect) in [(0, 1), (1, 1), (2, 1), (3, 3), (4, 3)] {
            let (src, want) = (&c[i], &c[expect]);
            for (name, got) in [
                ("icu NFC", nfc.normalize(src).into_owned()),
                ("u-n NFC", src.nfc().collect::<String>()),
            ] {
                if &got != want {
                    failures.push(format!("{name} of c{} on line {line}", i + 1));
                }
            }
        }
        // NFD: c3 == toNFD(c1..c3); c5 == toNFD(c4), toNFD(c5).
        for (i, expect) in [(0, 2), (1, 2), (2, 2), (3, 4), (4, 4)] {
            let (src, want) = (&c[i], &c[expect]);
            for (name, got) in [
                ("icu NFD", nfd.normalize(src).into_owned()),
                ("u-n NFD", src.nfd().collect::<String>()),
            ] {
                if &got != want {
                    failures.push(format!("{name} of c{} on line {line}", i + 1));
                }
            }
        }
        // NFKC: c4 == toNFKC(every column); NFKD: c5 == toNFKD(every column).
        for src in &c {
            for (name, got, want) in [
                ("icu NFKC", nfkc.normalize(src).into_owned(), &c[3]),
                ("u-n NFKC", src.nfkc().collect::<String>(), &c[3]),
                ("icu NFKD", nfkd.normalize(src).into_owned(), &c[4]),
                ("u-n NFKD", src.nfkd().collect::<String>(), &c[4]),
            ] {
                if &got != want {
                    failures.push(format!("{name} on line {line}"));
                }
            }
        }
    }
    // Part 1 lists every character that changes; all others are invariant in all forms.
    for u in 0..=0x10FFFFu32 {
        let Some(ch) = char::from_u32(u) else {
            continue;
        };
        if part1.contains(&ch) {
            continue;
        }
        let s = ch.to_string();
        if nfc.normalize(&s) != s
            || nfd.normalize(&s) != s
            || nfkc.normalize(&s) != s
            || nfkd.normalize(&s) != s
        {
            failures.push(format!("U+{u:04X} should be invariant"));
        }
    }
    assert!(lines > 19_000, "only {lines} test lines read");
    assert!(
        failures.is_empty(),
        "{} failures, e.g. {:?}",
        failures.len(),
        &failures[..failures.len().min(10)]
    );
}
