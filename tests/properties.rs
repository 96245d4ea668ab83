//! Property tests: arbitrary bytes and strings through every entry point of the bytes→characters
//! core. Nothing panics, spans stay inside the input and on character boundaries, the streaming
//! counters agree with whole-buffer decoding, and mojibake made on purpose is undone exactly.

use delineate::decode::ErrorCounter;
use delineate::decode::{Charset, ErrorMode, decode};
use delineate::encoding::{self, Options, mojibake};
use delineate::source::Input;
use delineate::terms::{Token, TokenRule, fast_tokens, tokenize};
use proptest::prelude::*;

const LABELS: &[&str] = &[
    "utf-8",
    "windows-1252",
    "windows-1253",
    "iso-8859-2",
    "koi8-r",
    "shift_jis",
    "euc-jp",
    "iso-2022-jp",
    "gbk",
    "gb18030",
    "big5",
    "euc-kr",
    "utf-16le",
    "utf-16be",
    "utf-32le",
    "utf-32be",
    "x-iso-8859-1-c1",
    "cp855",
    "johab",
    "viscii",
    "euc-tw",
    "shift_jis-2004",
    "euc-jis-2004",
    "replacement",
];

/// The encodings of [`LABELS`], then the 7-bit schemes (which no label names).
fn charset(i: usize) -> Charset {
    use delineate::decode::seven_bit::Scheme;
    let schemes = [Scheme::Hz, Scheme::Iso2022Kr, Scheme::Iso2022Cn];
    match i % (LABELS.len() + schemes.len()) {
        k if k < LABELS.len() => Charset::for_label(LABELS[k]).unwrap().charset,
        k => Charset::SevenBit(schemes[k - LABELS.len()]),
    }
}

/// Arbitrary bytes, or bytes drawn mostly from the shifts and escapes of the 7-bit schemes and
/// ISO-2022-JP (which arbitrary bytes almost never form), with letters and line ends between.
fn bytes_up_to(n: usize) -> impl Strategy<Value = Vec<u8>> {
    let shifty = prop_oneof![
        Just(b'~'),
        Just(b'{'),
        Just(b'}'),
        Just(b'\n'),
        Just(0x1B),
        Just(b'$'),
        Just(b')'),
        Just(b'*'),
        Just(b'+'),
        Just(b'G'),
        Just(b'H'),
        Just(b'N'),
        Just(b'O'),
        Just(0x0E),
        Just(0x0F),
        Just(0x80),
        0x21u8..0x7F,
    ];
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..n),
        proptest::collection::vec(shifty, 0..n),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Every fuzz entry point (each stage that takes bytes, extractors included) on arbitrary
    /// bytes: no panic, its invariants hold. The same code libFuzzer drives in `fuzz/`.
    #[test]
    fn every_stage_takes_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400), which in 0usize..64) {
        let targets = delineate::fuzzing::TARGETS;
        let (name, _) = targets[which % targets.len()];
        delineate::fuzzing::quiet_isolated_panics();
        prop_assert!(delineate::fuzzing::run(name, &bytes));
    }

    /// The audit's allocation-free tokenizer gives exactly the tokens of the reference one.
    #[test]
    fn fast_tokenizer_agrees_with_the_reference(s in "\\PC{0,64}", letters in any::<bool>()) {
        let rule = if letters { TokenRule::Letters } else { TokenRule::Alnum };
        prop_assert_eq!(fast_tokens(&s, rule), tokenize(&s, rule).collect::<Vec<Token>>());
    }

    /// The same on mostly-ASCII text long enough to cross the 64-byte blocks of the fast
    /// path: words with capitals and digits, tokens longer than a block, a sprinkling of
    /// non-ASCII letters and separators (which send a block down the character path).
    #[test]
    fn fast_tokenizer_agrees_across_blocks(
        s in "([a-z]{1,9}|[A-Z][a-z]{0,5}|[0-9]{1,4}|[a-zA-Z0-9]{60,140}|[a-z]{50,130}[A-Z][a-z0-9]{0,130}|[ ,.;&\n]{1,3}|[éΣßİǅ\u{FFFD}\u{301}\u{200B}Ⅻ])*",
        letters in any::<bool>(),
    ) {
        let rule = if letters { TokenRule::Letters } else { TokenRule::Alnum };
        prop_assert_eq!(fast_tokens(&s, rule), tokenize(&s, rule).collect::<Vec<Token>>());
    }

    /// Text in up to four encodings glued together (the case segmentation exists for), with
    /// stray bytes between: whatever the verdict, the segments tile the span they cover, in
    /// order, without gaps or overlaps, and each has a reason (about one case in six is cut).
    #[test]
    fn segments_tile_their_cover(
        parts in proptest::collection::vec(("[a-zé ßçøőűšžćčđъжшщюяαβγδ]{0,120}", 0usize..8, proptest::collection::vec(any::<u8>(), 0..6)), 1..5),
    ) {
        const LABELS: [&str; 8] = ["utf-8", "windows-1252", "windows-1250", "windows-1251", "koi8-u", "iso-8859-7", "x-mac-cyrillic", "iso-8859-2"];
        let mut bytes = Vec::new();
        for (text, enc, noise) in &parts {
            let enc = encoding_rs::Encoding::for_label(LABELS[*enc].as_bytes()).unwrap();
            bytes.extend_from_slice(&enc.encode(text).0);
            bytes.extend_from_slice(noise);
        }
        let a = encoding::analyze(&Input::from_bytes("p.txt", bytes.clone()), &Options::default()).unwrap();
        if a.segments.is_empty() {
            return Ok(());
        }
        let cover = a.segments_cover.expect("segments come with the span they cover");
        prop_assert!(cover.end <= bytes.len() as u64);
        prop_assert!(a.segments.len() >= 2);
        let mut at = cover.start;
        for s in &a.segments {
            prop_assert_eq!(s.byte_span.start, at);
            prop_assert!(s.byte_span.end > s.byte_span.start);
            prop_assert!(!s.because.is_empty());
            prop_assert!((0.0..=1.0).contains(&s.confidence));
            at = s.byte_span.end;
        }
        prop_assert_eq!(at, cover.end);
        for w in a.segments.windows(2) {
            prop_assert!(w[0].encoding != w[1].encoding, "neighbours in one encoding are one segment");
        }
    }

    #[test]
    fn decoding_maps_every_char_to_its_bytes(bytes in bytes_up_to(300), which in 0usize..64) {
        let cs = charset(which);
        let d = decode(&bytes, 0, cs, ErrorMode::Replace, true);
        let mut last_end = 0u64;
        for (range, span) in d.map.iter(&d.text) {
            prop_assert!(d.text.is_char_boundary(range.start) && d.text.is_char_boundary(range.end));
            prop_assert!(span.start >= last_end, "{cs}: overlapping spans");
            prop_assert!(span.end <= bytes.len() as u64, "{cs}: span past the input");
            prop_assert!(!span.is_empty());
            last_end = span.end;
        }
        for e in &d.errors {
            prop_assert!(e.byte_span.end <= bytes.len() as u64);
        }
        // Ignore mode deletes exactly the malformed bytes; strict stops at the first one.
        let ignore = decode(&bytes, 0, cs, ErrorMode::Ignore, true);
        prop_assert_eq!(ignore.error_count, d.error_count);
        let strict = decode(&bytes, 0, cs, ErrorMode::Strict, true);
        prop_assert_eq!(strict.strict_error.map(|e| e.offset), d.errors.first().map(|e| e.byte_span.start));
    }

    #[test]
    fn streaming_counts_equal_whole_decoding(bytes in bytes_up_to(300), which in 0usize..64, cut in 1usize..40) {
        let cs = charset(which);
        let whole = decode(&bytes, 0, cs, ErrorMode::Replace, true);
        let mut c = ErrorCounter::new(cs, 0);
        let chunks: Vec<&[u8]> = bytes.chunks(cut).collect();
        if chunks.is_empty() {
            c.feed(&[], true);
        }
        for (i, ch) in chunks.iter().enumerate() {
            c.feed(ch, i + 1 == chunks.len());
        }
        let st = c.finish();
        prop_assert_eq!(st.replacement_chars, whole.error_count, "{}", cs);
        prop_assert_eq!(st.first_error_offset, whole.errors.first().map(|e| e.byte_span.start));
    }

    #[test]
    fn utf8_decoding_agrees_with_encoding_rs(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        for enc in [encoding_rs::UTF_8, encoding_rs::UTF_16LE, encoding_rs::UTF_16BE] {
            let ours = decode(&bytes, 0, Charset::Whatwg(enc), ErrorMode::Replace, true);
            let (theirs, _) = enc.decode_without_bom_handling(&bytes);
            prop_assert_eq!(&ours.text, &theirs);
        }
    }

    #[test]
    fn analysis_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let a = encoding::analyze(&Input::from_bytes("p", bytes), &Options::default()).unwrap();
        prop_assert!(!a.candidates.is_empty());
        prop_assert_eq!(a.candidates.iter().filter(|c| c.encoding == a.decision.encoding).count(), 1);
        for e in &a.evidence {
            if let Some(s) = e.byte_span {
                prop_assert!(s.start <= s.end);
            }
        }
    }

    #[test]
    fn markup_like_input_never_panics(s in "[<>!/=\"' a-zA-Z0-9;:-]{0,400}") {
        let mut bytes = b"<meta ".to_vec();
        bytes.extend_from_slice(s.as_bytes());
        let _ = delineate::decode::declared::prescan_html(&bytes);
        let _ = delineate::decode::declared::xml_declaration(&bytes, 0);
        let _ = delineate::decode::declared::mime_charset(&bytes);
        encoding::analyze(&Input::from_bytes("p.html", bytes), &Options::default()).unwrap();
    }

    #[test]
    fn mojibake_analysis_never_panics(s in "\\PC{0,80}") {
        let a = mojibake::analyze(&s);
        if let Some(r) = &a.repaired {
            prop_assert_ne!(r, &s);
        }
    }

    /// Words of common accented letters, read as windows-1252 once or twice, come back exactly
    /// — unless ISO-8859-15, which reads the same mojibake as other letters, makes more words
    /// of a list of them: `ÃŸig` is `ßig` by windows-1252 and the Icelandic `þig` by
    /// ISO-8859-15, a fair answer the generator happened upon.
    #[test]
    fn mojibake_made_on_purpose_is_undone(words in proptest::collection::vec("[a-z]{0,3}[éèêëàâäçîïôöùûüñß][a-zéü]{0,4}", 1..6), rounds in 1usize..=2) {
        let clean = words.join(" ");
        let mut broken = clean.clone();
        for _ in 0..rounds {
            broken = encoding_rs::WINDOWS_1252.decode_without_bom_handling(broken.as_bytes()).0.into_owned();
        }
        // The same rounds undone with ISO-8859-15 last.
        let mut other = Some(broken.clone());
        for round in 0..rounds {
            let by = if round + 1 == rounds { encoding_rs::ISO_8859_15 } else { encoding_rs::WINDOWS_1252 };
            other = other.and_then(|t| {
                let (bytes, _, unmappable) = by.encode(&t);
                (!unmappable).then(|| String::from_utf8(bytes.into_owned()).ok()).flatten()
            });
        }
        let listed = |t: &str| t.split(' ')
            .filter(|w| !w.is_ascii() && w.chars().count() >= 3 && delineate::lexicon::languages_of(w) != 0)
            .count();
        if let Some(other) = other {
            prop_assume!(other == clean || listed(&other) <= listed(&clean));
        }
        let a = mojibake::analyze(&broken);
        prop_assert_eq!(a.repaired.as_deref(), Some(clean.as_str()), "{}", broken);
        prop_assert_eq!(a.chain.len(), rounds);
        // And the clean text is left alone.
        prop_assert!(mojibake::analyze(&clean).repaired.is_none());
    }

    #[test]
    fn anomaly_spans_lie_on_char_boundaries(s in "\\PC{0,200}|[a-z\\-\n \t&;#0-9\u{200b}\u{202e}\u{ad}\u{301}é]{0,200}") {
        use delineate::anomaly::{scan_text, ScanContext};
        let scan = scan_text(&s, ScanContext { text_is_start: true, ..Default::default() });
        let chars = s.chars().count();
        for f in &scan.findings {
            prop_assert!(f.text_start <= f.text_end && f.text_end <= s.len());
            prop_assert!(s.is_char_boundary(f.text_start) && s.is_char_boundary(f.text_end), "{:?}", f);
            prop_assert!(f.char_start <= f.char_end && f.char_end <= chars);
            prop_assert_eq!(f.char_start, s[..f.text_start].chars().count());
        }
    }

    #[test]
    fn nfc_is_idempotent_and_the_pipeline_never_panics(s in "\\PC{0,200}|[a-z\\-\n \u{ad}\u{301}\u{200b}]{0,200}") {
        use delineate::normalize::{run, Options, Form, Step};
        let p = run(&s, None, &Options::default());
        let again = run(&p.output, None, &Options::default());
        prop_assert_eq!(&again.output, &p.output, "the pipeline is idempotent");
        let nfc = icu_normalizer::ComposingNormalizerBorrowed::new_nfc();
        let once = nfc.normalize(&s).into_owned();
        prop_assert_eq!(nfc.normalize(&once).into_owned(), once);
        // Every step's changes map offsets consistently.
        for step in &p.steps {
            prop_assert!(step.to_output(0) == 0 || !step.changes.is_empty());
        }
        let all = Options { steps: vec![Step::Fold, Step::Whitespace, Step::Hyphenation, Step::Normalize, Step::Invisibles], form: Form::Nfkc, punctuation: true, ..Options::default() };
        let _ = run(&s, None, &all);
    }

    #[test]
    fn tokens_are_lowercase_slices(s in "\\PC{0,120}") {
        for rule in [TokenRule::Alnum, TokenRule::Letters] {
            for t in tokenize(&s, rule) {
                prop_assert!(s.is_char_boundary(t.start) && s.is_char_boundary(t.end));
                prop_assert_eq!(&t.term, &s[t.start..t.end].to_lowercase());
                prop_assert!(!t.term.is_empty());
            }
            // The audit's allocation-free tokenizer gives the same tokens.
            let mut fast = Vec::new();
            let mut buf = String::new();
            delineate::terms::for_each_token(&s, rule, &mut buf, |a, b, t| fast.push((a, b, t.to_string())));
            let slow: Vec<_> = tokenize(&s, rule).map(|t| (t.start, t.end, t.term)).collect();
            prop_assert_eq!(fast, slow);
        }
    }
}

/// GBK written a character at a time between spaces forms valid UTF-8 sequences now and then
/// (`展 为 野` is D5B9 CEAA D2B0: Armenian, Greek and Cyrillic letters in UTF-8); that is no
/// UTF-8 passage and the file is not cut (the NLTK UDHR Chinese file was).
#[test]
fn spaced_gbk_is_not_cut_into_utf8_segments() {
    let text =
        "人人 生而 自由 ， 在 尊严 和 权利 上 一律 平等 。 已 发 展 为 野 蛮 暴 行 。 ".repeat(20);
    let bytes = encoding_rs::GBK.encode(&text).0.into_owned();
    let a = encoding::analyze(&Input::from_bytes("zh.txt", bytes), &Options::default()).unwrap();
    assert!(
        a.segments.is_empty(),
        "{:?}",
        a.segments
            .iter()
            .map(|s| (s.byte_span, s.encoding))
            .collect::<Vec<_>>()
    );
}
