//! Issue 19, first principle: a repair never harms clean text. Every line of
//! tests/fixtures/mojibake/negatives.txt (symbols and amounts that look like mojibake, capitals
//! with Å Ä Ă Ø, kaomoji, words that hold Ã or Â, clean text in many scripts) is left alone by
//! the engine on its own, and by `fix` when the same file also holds real mojibake (so the
//! whole-file check that sets coincidences aside cannot be what saves them).

mod common;

use common::cmd;
use delineate::encoding::mojibake;

fn negatives() -> Vec<String> {
    std::fs::read_to_string("tests/fixtures/mojibake/negatives.txt")
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn no_negative_is_changed_by_the_engine() {
    let changed: Vec<String> = negatives()
        .iter()
        .filter_map(|l| {
            mojibake::analyze(l)
                .repaired
                .map(|r| format!("{l:?} -> {r:?}"))
        })
        .collect();
    assert!(changed.is_empty(), "changed:\n{}", changed.join("\n"));
}

/// The negative set at scale: every word of every shipped word list (43 languages, about
/// 1.3 million words), as written and, when it holds a non-ASCII letter, in capitals (`ÅLAND`,
/// `ĂLA`, `SÃO`), each left alone by the engine. The words that hold no non-ASCII character
/// cannot change and are only counted.
#[test]
fn no_word_of_any_word_list_is_changed() {
    let (mut checked, mut all) = (0usize, 0usize);
    let mut changed: Vec<String> = Vec::new();
    delineate::lexicon::for_each_listed_word(|code, word| {
        all += 1;
        if word.is_ascii() {
            return;
        }
        for form in [word.to_string(), word.to_uppercase()] {
            checked += 1;
            if let Some(r) = mojibake::analyze(&form).repaired {
                changed.push(format!("{code}: {form:?} -> {r:?}"));
            }
        }
    });
    assert!(all > 1_000_000, "{all} words");
    assert!(checked > 200_000, "{checked} forms checked");
    assert!(
        changed.is_empty(),
        "{} of {checked} changed:\n{}",
        changed.len(),
        changed
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn fix_leaves_negatives_alone_beside_real_mojibake() {
    let neg = negatives();
    let mut input = String::new();
    for l in &neg {
        input.push_str(l);
        input.push('\n');
        // Real mojibake between them: UTF-8 read as windows-1252, once and twice.
        input.push_str("Ã©tÃ© rÃ©sumÃ© cafÃ©\n");
        input.push_str("ÃƒÂ©tÃƒÂ© naÃƒÂ¯ve\n");
    }
    let out = cmd()
        .arg("fix")
        .arg("-")
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), neg.len() * 3);
    for (i, l) in neg.iter().enumerate() {
        assert_eq!(lines[3 * i], l, "a clean line was changed");
        assert_eq!(lines[3 * i + 1], "été résumé café");
        assert_eq!(lines[3 * i + 2], "été naïve");
    }
}

/// What the refusals must not cost: the classic repairs still happen, one-letter words included
/// (`Ã©` → Portuguese `é`, Russian `я`, Arabic `و`), and words of scripts without word lists
/// keep their one-letter neighbours (Armenian `և`).
#[test]
fn real_mojibake_is_still_repaired() {
    let cases = [
        ("Ele Ã© bom", "Ele é bom"),
        ("Ã»", "û"),
        // Tied with ISO-8859-15's `þe`, which a list holds: short words do not choose.
        ("ÃŸe", "ße"),
        ("Ð¯ Ð¸ Ñ‚Ñ‹", "Я и ты"),
        ("Ùˆ Ø§Ù„Ù…Ø³Ø§ÙˆØ§Ø©", "و المساواة"),
        ("Õ¡Õ¦Õ¡Õ¿ Ö‡ Õ°Õ¡Õ¾Õ¡Õ½Õ¡Ö€", "ազատ և հավասար"),
        ("×©×œ×•×©", "שלוש"),
        // ISO-8859-2 and windows-1250 repair the same sequences; the word lists choose
        // (`vaš`, not `vať`).
        ("kdyĹž je vĂĄĹĄ kĹŻĹ\u{88} ĹžlutĂ˝", "když je váš kůň žlutý"),
        // Tied again, and no word in a list: the letters choose (Estonian writes `õ` and `ü`;
        // no language writes the `þ` and `ß` windows-1250 would make).
        (
            "InimĂľiguste Ăźlddeklaratsioon",
            "Inimõiguste ülddeklaratsioon",
        ),
        // Tied, no word of three letters: one of a language's 100 most frequent words
        // chooses (Greek `να`, not `νι`; `på`, not `pü`), then a letter in its word's case
        // (`DEARBHÚ`, not `DEARBHù`), then lower case (`þegar`, not `Þegar`).
        ("Î˝Îą", "να"),
        ("pĂĽ", "på"),
        ("DEARBHĂš UILE-CHOITEANN", "DEARBHÚ UILE-CHOITEANN"),
        ("Ăžegar", "þegar"),
        // A one-letter word alone, whose mojibake no word list holds (`Рё`, `Ðµ`); the
        // capitals that lists hold in lower case stay (see `no_word_of_any_word_list_is_changed`).
        ("Рё", "и"),
        ("Ðµ", "е"),
        // Letters of languages without a word list come from CLDR's exemplars: Maltese `ġ`.
        ("bil-Ä§akma tal-liÄĄi", "bil-ħakma tal-liġi"),
        // MacRoman's `»` and `“` are images of lead bytes C8 and D2: Romanian `ș`, Kazakh `қ`.
        ("recunoa»ôterea", "recunoașterea"),
        ("адам “õ“±“õ—ã“õ—Ç–∞—Ä—ã", "адам құқықтары"),
        // Numbers in a script's own digits, a Hebrew acronym, an emoji with its variation
        // selector (the held-out set of `make_mojibake_devset.py --seed 11` found them).
        ("अनुच्छेद à¥§à¥®.", "अनुच्छेद १८."),
        ("ШЇЩЃШ№ЫЃ Ы±ЫіЫ”", "دفعہ ۱۳۔"),
        ("×¦×”\"×œ", "צה\"ל"),
        ("вќ¤пёЏ", "❤\u{FE0F}"),
        // Twice through windows-1252: windows-1254 undoes one round of all but `â€ž` (it has
        // no `ž`), and the Latin letter it leaves among Arabic ones is still damage — the
        // chain that goes on wins.
        ("Ã˜Â§Ã™â€žÃ˜Â¯Ã™Å\u{a0}Ã˜Â¨Ã˜Â§Ã˜Â¬Ã˜Â©", "الديباجة"),
    ];
    for (broken, clean) in cases {
        let a = mojibake::analyze(broken);
        assert_eq!(a.repaired.as_deref(), Some(clean), "{broken}");
    }
    for word in ["РІ", "ЧЁ", "ΓΉ", "Ні", "Ті"] {
        assert_eq!(mojibake::analyze(word).repaired, None, "{word}");
    }
}

/// UTF-8 shown through a DOS console (IBM437, IBM850): box drawing for Cyrillic lead bytes.
/// The two pages agree on most box-drawing characters, so both repairs are often valid UTF-8;
/// the one without capitals inside words wins (IBM437 would make `śluťoučkÛ`).
#[test]
fn dos_code_page_mojibake_is_repaired() {
    let cases = [
        ("╨ƒ╤Ç╨╕╨▓╨╡╤é, ╨╝╨╕╤Ç", "Привет, мир", "IBM437"),
        ("┼¢lu┼Ñou─ìk├¢ k┼»┼ê", "Žluťoučký kůň", "IBM850"),
        ("Gr├╢├ƒe", "Größe", "IBM437"),
        ("caf├⌐ cr├¿me br├╗l├⌐e", "café crème brûlée", "IBM437"),
    ];
    for (broken, clean, page) in cases {
        let a = mojibake::analyze(broken);
        assert_eq!(a.repaired.as_deref(), Some(clean), "{broken}");
        assert!(a.description.contains(page), "{broken}: {}", a.description);
    }
    // Box drawing and DOS symbols that are not UTF-8 in disguise stay.
    for clean in ["┌──┐ │a│ └──┘", "╔═╗ ║ ╚═╝", "α ß Γ π Σ σ µ", "░▒▓█"]
    {
        assert_eq!(mojibake::analyze(clean).repaired, None, "{clean}");
    }
}

/// windows-1252 text read as Latin-1: its quotes and dashes became C1 controls. They come back
/// as the characters they are, never deleted; the five bytes windows-1252 leaves undefined stay
/// as they are; and C1 controls left inside mojibake are read after the repair.
#[test]
fn c1_controls_are_read_as_windows_1252() {
    let a = mojibake::analyze("\u{84}Guten Tag\u{93}");
    assert_eq!(a.repaired.as_deref(), Some("„Guten Tag“"));
    assert_eq!(a.c1_as_windows_1252, 2);
    assert!(a.description.contains("C1 control"), "{}", a.description);
    let a = mojibake::analyze("He said \u{93}hello\u{94} \u{96} then left \u{81}");
    assert_eq!(
        a.repaired.as_deref(),
        Some("He said “hello” – then left \u{81}")
    );
    let a = mojibake::analyze("cafÃ© \u{93}ok\u{94}");
    assert_eq!(a.repaired.as_deref(), Some("café “ok”"));
    assert!(mojibake::analyze("no controls here").repaired.is_none());
    // A third of an Ethiopic line read as Latin-1 is C1 controls: mojibake, not binary data.
    let line = "ስለሰብአዊ፡መብቶች፡ለማስተማር፡ የሚረዱ፡አንዳንድ፡ዘዴዎች።";
    let broken: String = line.bytes().map(char::from).collect();
    assert_eq!(mojibake::analyze(&broken).repaired.as_deref(), Some(line));
    // C1 controls inside mojibake the repair leaves alone (one-letter words only) stay C1
    // controls: mapping them to windows-1252 would make a second misreading of the first.
    let short: String = "ለ የ".bytes().map(char::from).collect();
    let a = mojibake::analyze(&short);
    assert_eq!(a.c1_as_windows_1252, 0);
    assert!(a.repaired.is_none(), "{:?}", a.repaired);
}

/// Each refusal says why, in `fix --explain`: the word, what the repair would have made of it,
/// the encoding, the reason.
#[test]
fn refusals_are_explained() {
    let out = cmd()
        .args(["fix", "--explain", "-"])
        .write_stdin("Price 2×£10\ntemp 10 Å— wide\n3×…\n")
        .output()
        .unwrap();
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(
        s.contains(
            "refused: 2×£10 → 2ף10 (undoing windows-1252): a lone character of another script"
        ),
        "{s}"
    );
    assert!(
        s.contains("refused: Å— → ŗ (undoing windows-1252): a one-letter word no word list holds"),
        "{s}"
    );
    assert!(s.contains("a combining mark on no letter"), "{s}");
    let a = mojibake::analyze("cafÃ© 2×£10");
    assert_eq!(a.repaired.as_deref(), Some("café 2×£10"));
    assert_eq!(a.refused.len(), 1);
    assert_eq!(a.refused[0].word, "2×£10");
    // A line about encodings quotes its mojibake: the repair is shown and refused.
    let a = mojibake::analyze("the sequence Ã© is UTF-8 é read as Latin-1");
    assert!(a.repaired.is_none());
    assert!(
        a.description.contains("quoted in a line about encodings"),
        "{}",
        a.description
    );
    assert_eq!(a.refused.len(), 1);
    assert_eq!(
        (a.refused[0].word.as_str(), a.refused[0].would_be.as_str()),
        ("Ã©", "é")
    );
    assert!(a.refused[0].reason.contains("talks about encodings"));
}

/// Surrogate pairs encoded half by half (CESU-8, Java's modified UTF-8), then read as
/// windows-1252: six characters for one emoji.
#[test]
fn surrogate_pairs_encoded_one_by_one_are_joined() {
    let a = mojibake::analyze("I am \u{ED}\u{A0}\u{BD}\u{ED}\u{B8}\u{B4} now");
    assert_eq!(a.repaired.as_deref(), Some("I am 😴 now"));
    // A high half without its low half is left alone.
    assert!(
        mojibake::analyze("I am \u{ED}\u{A0}\u{BD} now")
            .repaired
            .is_none()
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 128, ..Default::default() })]

    /// Clean lines stay clean in any company: negatives joined in any order and number (as one
    /// line, or as a document) are never repaired, and `fix`'s line handling keeps them byte
    /// for byte.
    #[test]
    fn negatives_in_any_combination_stay_clean(picks in proptest::collection::vec(0usize..1000, 1..8), sep in 0usize..3) {
        let neg = negatives();
        let parts: Vec<&str> = picks.iter().map(|&i| neg[i % neg.len()].as_str()).collect();
        let text = parts.join([" ", "\n", " — "][sep]);
        let a = mojibake::analyze(&text);
        proptest::prop_assert!(a.repaired.is_none(), "{:?} -> {:?}", text, a.repaired);
    }
}

/// `fix` on clean input writes it back byte for byte: CRLF and LF line ends, a last line
/// without one, trailing spaces.
#[test]
fn fix_keeps_clean_input_byte_for_byte() {
    let mut input = negatives().join("\r\n");
    input.push_str("\nlast line, no end   ");
    let out = cmd()
        .arg("fix")
        .arg("-")
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), input);
}

/// Plausibility: clean text scores 1, mojibake near 0, and the repair's result is scored too;
/// `fix --explain` and `inspect` show both with the signs counted.
#[test]
fn plausibility_before_and_after_is_shown() {
    assert_eq!(mojibake::plausibility("café résumé").score, 1.0);
    assert_eq!(mojibake::plausibility("কিন্তু তাদের").score, 1.0);
    let p = mojibake::plausibility("cafÃ© rÃ©sumÃ©");
    assert_eq!(p.fingerprints, 3);
    assert_eq!(p.score, 0.0);
    let a = mojibake::analyze("cafÃ© rÃ©sumÃ©");
    assert_eq!(a.plausibility_before.score, 0.0);
    assert_eq!(a.plausibility_after.score, 1.0);
    let out = cmd()
        .args(["fix", "--explain", "-"])
        .write_stdin("cafÃ© rÃ©sumÃ©\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("plausibility: 0.00 (3 fingerprints) → 1.00"),
        "{text}"
    );
    let out = cmd()
        .args(["inspect", "-"])
        .write_stdin("cafÃ© rÃ©sumÃ©\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("plausibility: 0.00 (3 fingerprints) → 1.00 after the repair"),
        "{text}"
    );
}

/// The lost no-break space: `à` is C3 A0, A0 is windows-1252's no-break space, and once that
/// became a plain space no byte-exact repair applies. `Ã` + space is read as `à` where the
/// word lists hold the word it makes and not the word as it stands, or the line's other words
/// side with it; Portuguese `IRMÃ` and `lã` stay.
#[test]
fn lost_no_break_space_is_restored_where_a_language_has_the_word() {
    let fixed = |t: &str| {
        mojibake::analyze(t)
            .repaired
            .unwrap_or_else(|| t.to_string())
    };
    assert_eq!(fixed("voilÃ  tout"), "voilà tout");
    assert_eq!(fixed("Il est dÃ©jÃ  lÃ "), "Il est déjà là");
    assert_eq!(fixed("Ã  bientÃ´t"), "à bientôt");
    // Before punctuation, and inside a word (the whole word made is listed).
    assert_eq!(fixed("della libertÃ , della"), "della libertà, della");
    assert_eq!(fixed("moltes grÃ cies"), "moltes gràcies");
    assert_eq!(fixed("vÃ o ngÃ y"), "vào ngày");
    // A word no list holds, in capitals after small letters (Maltese); Portuguese `à`, which
    // its list holds beside the split-word `ã`, in a line of Portuguese.
    assert_eq!(
        fixed("lejn il-komunitÃ  li fiha"),
        "lejn il-komunità li fiha"
    );
    assert_eq!(
        fixed("Toda a pessoa tem direito Ã  educaÃ§Ã£o"),
        "Toda a pessoa tem direito à educação"
    );
    // Where the line's words side with neither (`carte` is in the French and Portuguese
    // lists), the frequent word wins: `à` is a French and Portuguese stopword, `ã` no one's.
    assert_eq!(fixed("Ã  la carte"), "à la carte");
    // Portuguese `catalã` is listed too, but misread it is `catalÃ£`: only `català` (C3 A0)
    // leaves `Ã` and a space, and a capital after small letters is no word as written.
    assert_eq!(fixed("catalÃ "), "català");
    // A word that begins with `à` after an elision (Catalan `l’àmbit`): `Ã` alone is no half.
    assert_eq!(fixed("de l’Ã mbit i l’Ã nim"), "de l’àmbit i l’ànim");
    for clean in [
        "SÃO PAULO IRMÃ  e",
        "O IRMÃ ",
        "A lÃ  da ovelha branca",
        "IRMÃ E",
    ] {
        assert_eq!(fixed(clean), clean);
    }
    let a = mojibake::analyze("voilÃ  tout");
    assert!(
        a.description.contains("no-break space"),
        "{}",
        a.description
    );
    // fix sees such a line although it holds no fingerprint.
    let out = cmd()
        .args(["fix", "-"])
        .write_stdin("voilÃ  tout\n")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "voilà tout\n");
}

/// Lossy damage: `â€` begins every curly quote and dash; when its third byte became `?` or
/// U+FFFD on the way, which character it was is lost — one U+FFFD takes the three images'
/// place, the rest of the line is repaired, and the explanation says "lost".
#[test]
fn lossy_quotes_become_one_replacement_character() {
    let a = mojibake::analyze("He said â€œhelloâ€? and left");
    assert_eq!(
        a.repaired.as_deref(),
        Some("He said “hello\u{FFFD} and left")
    );
    assert!(a.description.contains("lost"), "{}", a.description);
    let a = mojibake::analyze("â€\u{FFFD} alone");
    assert_eq!(a.repaired.as_deref(), Some("\u{FFFD} alone"));
    // Not without the `â€` pair, and not when the `?` does not follow it.
    for clean in ["price? â", "€? yes", "price?â€"] {
        assert_eq!(mojibake::analyze(clean).repaired, None, "{clean}");
    }
    // Cyrillic through windows-1252 loses the second byte of `А`, `Н`, `Р` (90, 9D, A0 as
    // no-break space survives): words made only of such places are repaired with the line,
    // and the U+FFFD they hold is not taken for binary data.
    let a = mojibake::analyze(
        "Ð’Ð¡Ð•ÐžÐ‘Ð©Ð\u{FFFD} Ð”Ð•ÐšÐ›Ð\u{FFFD}Ð\u{A0}Ð\u{FFFD}Ð¦Ð˜Ð¯ Ð\u{FFFD}Ð\u{FFFD} Ð§ÐžÐ’Ð•ÐšÐ\u{FFFD}",
    );
    assert_eq!(
        a.repaired.as_deref(),
        Some("ВСЕОБЩ\u{FFFD} ДЕКЛ\u{FFFD}Р\u{FFFD}ЦИЯ \u{FFFD}\u{FFFD} ЧОВЕК\u{FFFD}")
    );
    // A vowel sign after a lost consonant has a base: Punjabi `ਮ�ੱਖ`.
    let a = mojibake::analyze("à¨®à©\u{FFFD}à©±à¨– à¨¬à©°à¨¦");
    assert_eq!(a.repaired.as_deref(), Some("ਮ\u{FFFD}ੱਖ ਬੰਦ"));
    // A three-byte character that lost its middle byte is one U+FFFD even on its own
    // (`の`, E3 81 AE); a German `Ä` before a U+FFFD, in a line no chain repairs, stays.
    let a = mojibake::analyze("ã\u{FFFD}® ã\u{FFFD}«");
    assert_eq!(a.repaired.as_deref(), Some("\u{FFFD} \u{FFFD}"));
    assert!(a.description.contains("lost a byte"), "{}", a.description);
    assert_eq!(mojibake::analyze("Das Ä\u{FFFD}rger").repaired, None);
    // A two-byte one alone is replaced where the line shows its lead image is no letter of it:
    // Croatian letters beside it, Polish words, a capital after a small letter.
    let fixed = |t: &str| mojibake::analyze(t).repaired;
    assert_eq!(
        fixed("otuđivih prava svih Ä\u{FFFD}lanova").as_deref(),
        Some("otuđivih prava svih \u{FFFD}lanova")
    );
    assert_eq!(
        fixed("POWSZECHNA DEKLARACJA PRAW CZÅ\u{FFFD}OWIEKA").as_deref(),
        Some("POWSZECHNA DEKLARACJA PRAW CZ\u{FFFD}OWIEKA")
    );
    assert_eq!(fixed("vairÄ\u{FFFD}k").as_deref(), Some("vair\u{FFFD}k"));
    assert_eq!(fixed("Das ist Ä\u{FFFD}rger für alle"), None);
}

/// The explorer's and `anomalies`' mojibake findings set aside, as `fix` does, a repair whose
/// chain the document's start shows to be a coincidence: NLTK's Northern Sami UDHR (a copy in
/// the fixtures) has `náššuvnnaid`, a valid ISO-8859-2 sequence on its own line (`nṹuvnnaid`);
/// before the document-level check three such words were findings.
#[test]
fn anomaly_scan_sets_coincidences_aside_like_fix() {
    use delineate::anomaly::{AnomalyClass, ScanContext, scan_text};
    let bytes = std::fs::read("tests/fixtures/mojibake/sami-udhr-nltk.txt").unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let text = text.trim_start_matches('\u{FEFF}');
    let scan = scan_text(text, ScanContext::default());
    let moji: Vec<_> = scan
        .findings
        .iter()
        .filter(|f| f.class == AnomalyClass::MojibakeWord)
        .collect();
    assert!(moji.is_empty(), "{moji:?}");
    // And fix leaves the file as it is.
    let out = cmd()
        .args(["fix", "tests/fixtures/mojibake/sami-udhr-nltk.txt"])
        .output()
        .unwrap();
    assert_eq!(
        out.stdout,
        std::fs::read("tests/fixtures/mojibake/sami-udhr-nltk.txt").unwrap()
    );
}
