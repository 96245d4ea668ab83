//! Unit tests of `encoding::mojibake` (kept apart so the module reads as its job).

use super::*;

fn names(chain: &[Charset]) -> Vec<&'static str> {
    chain.iter().map(|c| c.name()).collect()
}

#[test]
fn one_and_two_rounds_of_windows_1252() {
    let a = analyze("rÃ©sumÃ©");
    assert_eq!(a.verdict, Verdict::Repairable);
    assert_eq!(a.repaired.as_deref(), Some("résumé"));
    assert_eq!(names(&a.chain), ["windows-1252"]);
    let b = analyze("rÃƒÂ©sumÃƒÂ©");
    assert_eq!(b.repaired.as_deref(), Some("résumé"));
    assert_eq!(names(&b.chain), ["windows-1252", "windows-1252"]);
    assert!(b.description.contains("2 times"), "{}", b.description);
    assert_eq!(b.examples[0].from, "rÃƒÂ©sumÃƒÂ©");
    assert_eq!(b.examples[0].to, "résumé");
}

#[test]
fn three_rounds() {
    let mut t = "résumé".to_string();
    for _ in 0..3 {
        t = encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(t.as_bytes())
            .0
            .into_owned();
    }
    let a = analyze(&t);
    assert_eq!(a.repaired.as_deref(), Some("résumé"), "{t}");
    assert_eq!(a.chain.len(), 3);
}

/// UTF-8 read as each of the required encodings, then undone.
#[test]
fn each_encoding_round_trips() {
    let cases = [
        ("windows-1252", "Ça coûte 5 € — “déjà vu”"),
        ("windows-1250", "Zażółć gęślą jaźń"),
        ("windows-1251", "Привет, как дела?"),
        ("koi8-r", "Привет, как дела?"),
        ("macintosh", "naïve café résumé"),
    ];
    for (label, clean) in cases {
        let enc = Charset::for_label(label).unwrap().charset.whatwg().unwrap();
        let (broken, _) = enc.decode_without_bom_handling(clean.as_bytes());
        let a = analyze(&broken);
        assert_eq!(a.repaired.as_deref(), Some(clean), "{label}: {broken}");
        assert_eq!(a.verdict, Verdict::Repairable, "{label}");
    }
    // True ISO-8859-1 (C1 controls): Python's latin-1 codec.
    let broken: String = "it’s".bytes().map(char::from).collect();
    let a = analyze(&broken);
    assert_eq!(a.repaired.as_deref(), Some("it’s"));
    assert_eq!(names(&a.chain), ["ISO-8859-1"]);
}

/// Clean text, including legitimate Ã, â and €, comes out unchanged.
#[test]
fn clean_text_is_left_alone() {
    for t in [
        "résumé",
        "SÃO PAULO É A MAIOR CIDADE DO BRASIL",
        "Ângela comprou pão por 3 € na padaria",
        "crème brûlée — 12 €, l'âme, Âge",
        "© 2024 Société Générale — 10 € – 20 €",
        "»Straße« und »Maß«",
        "Привет, как дела? Всё хорошо.",
        "日本語のテキスト",
        "ÀÉÎÕÜ àéîõü",
        "Ã bientôt",
        "Він сказав: «Рік минув, Сірий»",
        "«ÉTÉ» «CÔTE» «ÇA»",
        "ні, її, лінії",
    ] {
        let a = analyze(t);
        assert_eq!(a.verdict, Verdict::Clean, "{t}: {:?}", a.hypotheses.first());
        assert_eq!(a.repaired, None, "{t}");
    }
}

/// A U+FFFD our decoder made of invalid UTF-8 is damage in the bytes read, not a byte lost to
/// mojibake before them: beside it, `п` (windows-1251's image of EF) is no lead image. A
/// U+FFFD the text itself holds still is.
#[test]
fn the_decoders_own_replacements_are_no_lost_mojibake() {
    let text = "принимая во внимание, что п\u{FFFD}\nпри";
    let at = text.find('\u{FFFD}').unwrap();
    assert_eq!(analyze(text).verdict, Verdict::Unrecoverable);
    let a = analyze_beside_damage(text, &[at], false);
    assert_eq!(a.verdict, Verdict::Clean, "{}", a.description);
    assert!(a.lost.is_empty());
    let a = analyze_beside_damage("r\u{c3}\u{FFFD}sum\u{c3}\u{FFFD}", &[], false);
    assert_eq!(a.lost.len(), 2);
}

/// Lost bytes are reported, never guessed: where nothing shows the lead image is no letter
/// of the text the text stays as it is; inside a line that is repaired, or where the lead
/// image cannot be a letter of its word (a capital after a small letter), the images of a
/// character whose byte was lost become the one U+FFFD that character now is.
#[test]
fn lost_bytes_are_reported_not_guessed() {
    let a = analyze("\u{c4}\u{FFFD}rger");
    assert_eq!(a.verdict, Verdict::Unrecoverable);
    assert_eq!(a.lost.len(), 1);
    assert_eq!(a.repaired, None);
    let a = analyze("r\u{c3}\u{FFFD}sum\u{c3}\u{FFFD}");
    assert_eq!(a.verdict, Verdict::Unrecoverable);
    assert_eq!(a.lost.len(), 2);
    assert_eq!(a.repaired.as_deref(), Some("r\u{FFFD}sum\u{FFFD}"));
    let b = analyze("rÃ©sumÃ\u{FFFD}");
    assert_eq!(b.verdict, Verdict::PartiallyRecoverable);
    assert_eq!(b.repaired.as_deref(), Some("résum\u{FFFD}"));
    // Ethiopic `፡` (E1 8D A1) with its 8D lost, between repaired words.
    let c = analyze("áˆµáˆˆ\u{e1}\u{FFFD}¡áˆ°");
    assert_eq!(c.repaired.as_deref(), Some("ስለ\u{FFFD}ሰ"));
}

#[test]
fn mixed_clean_and_broken_words() {
    let a = analyze("café and rÃ©sumÃ© and naïve");
    assert_eq!(a.repaired.as_deref(), Some("café and résumé and naïve"));
}

/// A word of real text that happens to be a valid sequence (Slovak `zvlášť` is E1 B9 BB in
/// ISO-8859-2, UTF-8 for `ṻ`; Northern Sami `náššuvnnaid` likewise) is a coincidence when
/// the rest of the text is clean accented text and the repair brings a character it never
/// uses (found on the NLTK UDHR files).
#[test]
fn coincidental_sequences_in_clean_text_are_left_alone() {
    let slovak = "Každý má právo na život, slobodu a osobnú bezpečnosť. Nikto nesmie byť \
        držaný v otroctve alebo v nevoľníctve. Všetci ľudia sa rodia slobodní a rovní, \
        majú rozum a svedomie a majú spolu jednať v duchu bratstva, zvlášť v rodine.";
    let a = analyze(slovak);
    assert_eq!(a.verdict, Verdict::Clean, "{:?}", a.hypotheses.first());
    // The same text with one passage double-encoded is still repaired: the repair brings
    // characters the clean part uses.
    let broken = slovak.replace("Všetci ľudia", "VÅ¡etci Ä¾udia");
    let b = analyze(&broken);
    assert_eq!(b.repaired.as_deref(), Some(slovak));
}

/// A few sequences among many clean accented letters are a coincidence only where they are
/// made of the kinds of characters (general category, script) the rest of the text writes: a
/// double-encoded word pasted into a clean German or French page brings symbols (`©`, `™`) the
/// page writes nowhere, and is repaired (the French and German `ps(1)` pages'
/// `operationsâ\u{80}\u{94}that`, libidn2's changelog `'â˜ºi'`); box drawing beside more box
/// drawing stays a coincidence (`─┐` is C4 BF in IBM437, UTF-8 for `Ŀ`).
#[test]
fn a_pasted_word_is_no_coincidence_where_its_symbols_are_foreign() {
    for (line, broken, fixed) in [
        (
            "Straße und Grüße aus München, schöne Tage.\n",
            "Die rÃ©sumÃ© Seite.",
            "Die résumé Seite.",
        ),
        (
            "La réunion de l'équipe a été reportée à demain, après le déjeuner.\n",
            "Merci de prévenir lâ€™équipe.",
            "Merci de prévenir l’équipe.",
        ),
        // A page with prices in euros writes `€`, not `™`: a currency sign is another kind.
        (
            "Le menu coûte 12 € et le café 2 €, à emporter.\n",
            "Merci de prévenir lâ€™équipe.",
            "Merci de prévenir l’équipe.",
        ),
    ] {
        let page = line.repeat(40);
        let a = analyze(&format!("{page}{broken}\n"));
        assert_eq!(a.repaired, Some(format!("{page}{fixed}\n")), "{broken}");
    }
    let boxes = "┌Title─┐\n│ text │\n└──────┘\n".repeat(30);
    let c = analyze(&format!("{boxes}naïve café"));
    assert_eq!(c.repaired, None, "{:?}", c.hypotheses.first());
}

/// `clean` as UTF-8 misread by `enc`, analysed: asserts the repair gives `clean` back.
fn comes_back(clean: &str, enc: &'static encoding_rs::Encoding) -> Analysis {
    let (broken, _) = enc.decode_without_bom_handling(clean.as_bytes());
    let a = analyze(&broken);
    assert_eq!(
        a.repaired.as_deref(),
        Some(clean),
        "{broken}: {:?}",
        a.hypotheses
    );
    a
}

/// French UTF-8 read once as windows-1252, with the apostrophe before an accented letter
/// (`l’équipe`): undone in one round. In MacRoman `’é` is D5 8E, a whole UTF-8 sequence
/// (Armenian U+054E), so the repaired text looked damaged under macintosh and a three-round
/// chain through IBM850 won, turning every `é` into `Ǹ`.
#[test]
fn apostrophe_before_an_accent_is_not_left_damage() {
    for clean in [
        "Merci de prévenir l’équipe.",
        "Bonjour, la réunion. Merci de prévenir l’équipe pour l’été.",
        "« Il a dit “était” et ‘où’ » — l’Été dernier",
    ] {
        let a = comes_back(clean, encoding_rs::WINDOWS_1252);
        assert_eq!(names(&a.chain), ["windows-1252"], "{clean}");
    }
}

/// A capital before the closing quote of a quoted word is the word, not a sequence: `«Å»` and
/// Italian `«È»` are C5 BB (`Ż`) and C8 BB (`Ȼ`) in windows-1252. Clean, they are left alone;
/// misread, they come back whole. A lone letter in quotes is no word of another script
/// (`‘á’` is not Armenian `ԇ’`), and Belarusian `ʼ` joins the letters around it.
#[test]
fn quoted_capitals_and_apostrophes() {
    for clean in [
        "Ekteskap må bare «Å» inngås",
        "DICHIARAZIONE «È» UNIVERSALE",
        "Een ieder heeft het ‘á’ recht",
        "яго сямʼі, і права",
    ] {
        assert_eq!(analyze(clean).verdict, Verdict::Clean, "{clean}");
        for enc in [encoding_rs::WINDOWS_1252, encoding_rs::WINDOWS_1251] {
            comes_back(clean, enc);
        }
    }
}

/// Typography that MacRoman would read as whole sequences is no fingerprint: French with its
/// elisions and quotes scores as plausible as any clean text, and Armenian misread as MacRoman
/// (its small letters are quote + symbol images) is still repaired.
#[test]
fn mac_quotes_before_accents_are_typography() {
    let p = plausibility("Merci de prévenir l’équipe pour l’été, “Élan” et ”äiti”.");
    assert_eq!(p.fingerprints, 0, "{p:?}");
    comes_back("Բոլոր մարդիկ ծնվում են ազատ", encoding_rs::MACINTOSH);
}

/// Korean misread as windows-1252 holds NBSP and `„` as images (`전` is EC A0 84, `ì` NBSP
/// `„`): the NBSP does not part the word, so the `„` of `을` closes no quoted word.
#[test]
fn nbsp_images_do_not_part_words() {
    comes_back(
        "국가간에 우호관계의 발전을 증진하는",
        encoding_rs::WINDOWS_1252,
    );
}

/// A guillemet after an accented letter is punctuation, not a rare symbol: Italian through a
/// DOS console (IBM850) comes back whole, not half-mended by IBM437, which has no `®` for the
/// second byte of `é` (`«├®»`).
#[test]
fn guillemets_after_accents_are_not_rare() {
    assert_eq!(rare_chars("«é» «été» »Åse«"), 0);
    let clean = "alla libertà «é» di riunione";
    let cp850 =
        crate::decode::single_byte_table_of(Charset::Oem(crate::decode::charset::OemPage::Cp850))
            .unwrap();
    let dos: String = clean.bytes().map(|b| cp850.get(b).unwrap()).collect();
    assert_eq!(analyze(&dos).repaired.as_deref(), Some(clean), "{dos}");
}

/// ISO-8859-2 and windows-1250 differ on `ˇ` (B7 and A1): Irish `á` misread as windows-1250
/// is `Ăˇ`, which ISO-8859-2 would mend to `÷`. A division sign between letters is rare.
#[test]
fn division_sign_between_letters_is_rare() {
    assert_eq!(rare_chars("shl÷nú T÷ privar÷"), 3);
    assert_eq!(rare_chars("6 ÷ 3 × 2"), 0);
    for clean in [
        "Ar aois in-nuachair a shlánú dhóibh tá ag",
        "Tá ag gach uile dhuine",
        "nadie se privará arbitrariamente",
    ] {
        comes_back(clean, encoding_rs::WINDOWS_1250);
    }
}

/// ISO-8859-2 and windows-1250 make `õ` and `þ` of the same images (`Ăľ`); no word list holds
/// Estonian and both letters are some language's, so the n-grams of the line decide.
#[test]
fn estonian_through_iso_8859_2_keeps_its_o_tilde() {
    let clean = "Igal inimesel on õigus kas vahetada oma kodakondsust või kodakondsuse";
    let a = comes_back(clean, encoding_rs::ISO_8859_2);
    assert_eq!(names(&a.chain), ["ISO-8859-2"]);
}

/// `ÃŸ` alone is `ß` misread by windows-1252 or `þ` by ISO-8859-15; one letter is no evidence
/// against the far more common misreading (the property test's minimal case).
#[test]
fn one_letter_does_not_overturn_the_preference_order() {
    assert_eq!(analyze("ÃŸ").repaired.as_deref(), Some("ß"));
}

/// A fingerprint is a whole UTF-8 sequence's images (RFC 3629 §3): a 2-byte lead and one
/// continuation, a 3-byte lead and two. A 3-byte lead before a single continuation is ordinary
/// Cyrillic in windows-1251 (`ні` is ED B3, `моє` ends EE BA), which pairs alone counted by the
/// thousand in clean Ukrainian and Russian.
#[test]
fn fingerprints_are_whole_sequences() {
    assert_eq!(fingerprints("rÃ©sumÃ©"), 2);
    assert_eq!(fingerprints("itâ€™s"), 1);
    // Cut short by ASCII, or by a character that continues nothing.
    assert_eq!(fingerprints("â€ x"), 0);
    assert_eq!(fingerprints("ні, її, моє"), 0);
    let ukrainian = "Бібліотека працює щодня, крім неділі. Читачі можуть брати книги додому \
                     на два тижні, а нові журнали лише в читальній залі.";
    assert_eq!(fingerprints(ukrainian), 0);
    // The counter the quality features drive one character at a time agrees.
    let mut k = FingerprintCounter::default();
    for c in "rÃ©sumÃ© itâ€™s ні".chars() {
        if c.is_ascii() {
            k.ascii();
        } else {
            k.non_ascii(c);
        }
    }
    assert_eq!(k.count(), 3);
}
