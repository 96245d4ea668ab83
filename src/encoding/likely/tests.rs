//! Unit tests of `encoding::likely` (kept apart so the module reads as its job).

use super::*;
use crate::lexicon;

/// Serbian Cyrillic reaches the Latin Serbo-Croatian list letter for letter; other lists
/// and other scripts are left alone; the cedilla-to-comma spelling is Romanian's only: Turkish
/// writes ş with the cedilla, as its list does (`şahıs` was looked up as `șahıs`, and missed).
#[test]
fn words_are_spelled_as_their_list_spells_them() {
    assert_eq!(spelled("hr", "љубав"), "ljubav");
    assert_eq!(spelled("hr", "џеп"), "džep");
    assert_eq!(spelled("bs", "ћерка"), "ćerka");
    assert_eq!(spelled("ru", "любовь"), "любовь");
    assert_eq!(spelled("hr", "kuća"), "kuća");
    assert_eq!(spelled("ro", "ţară"), "țară");
    assert_eq!(spelled("tr", "şahıs"), "şahıs");
    assert_eq!(lexicon::is_word("tr", &spelled("tr", "şahıs")), Some(true));
    assert_eq!(spelled("tr", &"İnsan".to_lowercase()), "insan");
    assert_eq!(list_of("sr"), lexicon::word_list_code("hr"));
    assert_eq!(list_of("ru"), lexicon::word_list_code("ru"));
}

/// A letter glued to a number is an ordinal sign: º and ª are looked up, any other letter there
/// (ISO-8859-3 makes `30ş` of `30º`) is no word; a letter after a word is one as ever.
#[test]
fn ordinal_signs_are_words_and_their_misreadings_are_not() {
    let found = |t: &str| -> Vec<String> { words::words_of(t).into_iter().map(|w| w.0).collect() };
    assert_eq!(found("Artigo 17.º e 30ª"), ["º", "ª"]);
    assert!(found("Artigo 17.ş e 30ş").is_empty());
    assert_eq!(found("a ş b"), ["ş"]);
    assert_eq!(found("tr. ş"), ["ş"]);
}

/// A one-letter word right before a symbol, fraction or superscript is what a single-byte
/// reading makes of a UTF-8 character (`æ¥½` for `楽`, `ç¥¬` for IBM866's `чем`): no word.
/// Before punctuation, or a longer word before a symbol, it is looked up as ever.
#[test]
fn a_letter_before_a_sign_is_no_word() {
    let found = |t: &str| -> Vec<String> { words::words_of(t).into_iter().map(|w| w.0).collect() };
    assert!(found("let s = \"\u{e6}\u{a5}\u{bd}\";").is_empty());
    assert_eq!(found("\"a\u{e6}\u{a5}\u{bd}\""), ["a\u{e6}"]);
    assert!(found("// \u{e7}\u{a5}\u{ac}").is_empty());
    assert!(found("No, \u{e0}\u{b2} _").is_empty());
    assert_eq!(
        found("\u{e0} la \u{e9}t\u{e9}\u{a9}"),
        ["\u{e0}", "\u{e9}t\u{e9}"]
    );
    assert_eq!(found("\u{e0}, \u{e0}\u{bb}"), ["\u{e0}"]);
}

/// Two readings that share as many known words say what their own words are: the sentence
/// names the words only the winner makes, as words of its language, and the runner-up's.
#[test]
fn a_tie_on_shared_words_is_explained_by_each_readings_own_words() {
    let reading = |cs: &'static Encoding, known: u32, own: [&[&str]; 2]| Reading {
        members: vec![Charset::Whatwg(cs)],
        text: String::new(),
        features: Features {
            words: 80,
            known_words: known,
            language: "hu".into(),
            ..Default::default()
        },
        words: vec![("és".into(), 3, true, 0)],
        vocabulary: Vec::new(),
        own: own.map(|ws| ws.iter().map(|w| w.to_string()).collect()),
        score: 0.0,
        script: None,
    };
    let best = reading(encoding_rs::ISO_8859_16, 55, [&["művészeti"], &[]]);
    let runner = reading(encoding_rs::WINDOWS_1250, 55, [&[], &["mřvészeti"]]);
    let s = because(best.members[0], &best, Some(&runner), Some(0.07));
    assert!(
        s.ends_with(
            "; the words only ISO-8859-16 makes are hu words (művészeti), windows-1250's are \
             not (mřvészeti)"
        ),
        "{s}"
    );
    // Not tied: the shared count says it, and the own words are not repeated.
    let behind = reading(encoding_rs::WINDOWS_1252, 49, [&[], &["egyenlõ"]]);
    let s = because(best.members[0], &best, Some(&behind), Some(0.01));
    assert!(!s.contains("the words only"), "{s}");
}

/// A punctuation mark or symbol between two letters that text does not write there cuts a word
/// (`nungkan๚iaya`, `y‚ban`, `wolno¶ci`); apostrophes (and ´ typed for one), the middle dot,
/// dashes, ¿ after a word whose space was lost, spaces (a no-break one before a capital, a digit
/// or a guillemet) and the zero-width non-joiner do not; nor
/// does a script's digit glued to its own letters (Thai `ราคา๕บาท`), though one glued to a letter
/// of another script does (`๔ron`). The pieces on either side are not a reading's own words.
#[test]
fn misread_letters_that_cut_words_are_counted_and_their_pieces_set_aside() {
    assert_eq!(words::cut_words("nungkan\u{E5A}iaya"), 1);
    assert_eq!(words::cut_words("y\u{201A}ban p\u{201A}t"), 2);
    assert_eq!(words::cut_words("wolno¶ci"), 1);
    // A script's digit against a letter of another script, at a word's edge too.
    assert_eq!(words::cut_words("\u{E54}ron y\u{E54}"), 2);
    // A no-break space between two small letters (KOI8-R's `swanet ego` for `swanetšego`);
    // between words text writes too (`de la`), every reading keeping the byte counts it alike.
    assert_eq!(words::cut_words("swanet\u{A0}ego"), 1);
    for fine in [
        "ราคา\u{E55}บาท ปี \u{E52}\u{E55}\u{E56}\u{E57}",
        "l’homme",
        "k´inalil",
        "col·lecció",
        "Nord–Süd",
        "a b",
        "Mme\u{A0}Dupont",
        "10\u{A0}000 km",
        "mot\u{A0}»",
        "می\u{200C}خواهم",
        "«word»",
        "30º",
        "¿qué?",
        "jiyano¿tioora",
        // Chinese and Japanese punctuation between Han and kana, where the text writes it.
        "每個人，作為社會的一員、有權享受。",
        "「ログイン」を押して下さい",
    ] {
        assert_eq!(words::cut_words(fine), 0, "{fine}");
    }
    // The same marks inside a Latin or Cyrillic word are a cut still.
    assert_eq!(words::cut_words("wolno、ci"), 1);
    let pieces = words::cut_pieces("Y\u{201A}ban kum, wolno¶ci, y\u{E54}");
    let mut got: Vec<&str> = pieces.iter().map(String::as_str).collect();
    got.sort_unstable();
    assert_eq!(got, ["ban", "ci", "wolno", "y"]);
    assert_eq!(
        words::cut_examples("Y\u{201A}ban kum, wolno¶ci, y\u{E54} wolno¶ci", 3),
        ["Y\u{201A}ban", "wolno¶ci", "y\u{E54}"]
    );
    assert_eq!(
        words::cut_examples("wolno¶ci y\u{201A}ban", 1),
        ["wolno¶ci"]
    );
}

/// A letter glued to a number is a misread ordinal indicator, whatever its script (`27ș`,
/// ISO-8859-16's reading of windows-1252's `27º`; `30є`, windows-1251's), but for º and ª
/// themselves, a letter that starts a word (`5ème`), and the characters Chinese, Japanese and
/// Korean write against numbers (`第27条`, `23조`).
#[test]
fn a_letter_glued_to_a_number_is_a_misread_ordinal() {
    use encoding_rs::{EUC_KR, ISO_8859_16, SHIFT_JIS, WINDOWS_1251, WINDOWS_1252};
    assert!(features::misread(ISO_8859_16, b"27\xba"));
    assert!(features::misread(WINDOWS_1251, b"30\xba"));
    assert!(!features::misread(WINDOWS_1252, b"27\xba"));
    assert!(!features::misread(WINDOWS_1252, b"5\xe8me"));
    assert!(!features::misread(SHIFT_JIS, b"\x91\xe627\x8f\xf0"));
    assert!(!features::misread(EUC_KR, b"23\xc1\xb6"));
}

/// Esperanto's list is every form of Debian's `wesperanto` (no frequencies, no stop words):
/// its words are judged like any listed language's.
#[test]
fn esperanto_has_a_full_list_of_forms() {
    assert_eq!(lexicon::is_word("eo", "ĉiuj"), Some(true));
    assert_eq!(lexicon::is_word("eo", "aŭtoritaton"), Some(true));
    assert_eq!(lexicon::is_word("eo", "æiuj"), Some(false));
    assert_eq!(list_of("eo"), Some("eo"));
    assert_eq!(lexicon::stopword_bits(""), 0);
}

/// A mark glued between two letters is a letter misread: a symbol anywhere (`k¥inalil`), a
/// punctuation mark text never writes inside a word between Latin letters (`własno¶ci`,
/// `terr‡ri`). Not apostrophes, the Catalan middle dot, dashes, ¿ after a lost space, nor the
/// marks Chinese writes between its characters.
#[test]
fn marks_glued_inside_a_word_are_letters_misread() {
    for (b, m, a) in [
        ('k', '¥', 'i'),
        ('o', '¶', 'c'),
        ('r', '‡', 'r'),
        ('a', '§', 'n'),
    ] {
        assert!(context::glued(b, m, a), "{b}{m}{a}");
    }
    for (b, m, a) in [
        ('l', '’', 'h'),
        ('l', '·', 'l'),
        ('d', '—', 'w'),
        ('o', '¿', 't'),
        ('o', '¶', ' '),
        ('人', '、', '人'),
        ('ש', '׳', 'ל'),
    ] {
        assert!(!context::glued(b, m, a), "{b}{m}{a}");
    }
}

/// Two such marks glued between Latin letters count too (`bá»›t`, windows-1252's reading of
/// UTF-8 `bớt`); not a closing quote after a word and an opening one before the next with no
/// letters around, nor the same marks between Han characters.
#[test]
fn two_marks_glued_inside_a_word_are_a_letter_misread() {
    assert!(context::glued_pair(['á', '»', '›', 't']));
    assert!(context::glued_pair(['e', '€', '™', 's']));
    assert!(!context::glued_pair([' ', '»', '›', 't']));
    assert!(!context::glued_pair(['a', '»', ' ', 't']));
    assert!(!context::glued_pair(['人', '」', '「', '人']));
    assert!(!context::glued_pair(['l', '’', '’', 'h']));
}

/// Japanese writes iteration marks, the prolonged sound mark and full-width digits among its
/// letters (`一般の人々の`, `コーヒー`, `第９条`): no misreading, and no odd character in a
/// stretch's fit. A symbol between Japanese letters still is a misreading.
#[test]
fn japanese_marks_and_full_width_digits_are_text() {
    use encoding_rs::{EUC_JP, SHIFT_JIS, UTF_8};
    let euc = b"\xb0\xec\xc8\xcc\xa4\xce\xbf\xcd\xa1\xb9\xa4\xce\xba\xc7\xb9\xe2";
    assert!(!features::misread(EUC_JP, euc));
    assert!(!features::misread(EUC_JP, b"\xc2\xe8\xa3\xb9\xbe\xf2"));
    assert!(!features::misread(
        SHIFT_JIS,
        b"\x83\x52\x81\x5b\x83\x71\x81\x5b"
    ));
    assert!(!features::misread(SHIFT_JIS, b"\x91\xe6\x82\x58\x8f\xf0"));
    assert!(features::misread(UTF_8, "人¥の".as_bytes()));
    // The fit of a Japanese reading counts 々 as it counts a letter.
    let plain = "\u{4EBA}\u{4EBA}\u{306E}".as_bytes();
    let marked = "\u{4EBA}\u{3005}\u{306E}".as_bytes();
    assert_eq!(
        features::local_fit(UTF_8, None, marked),
        features::local_fit(UTF_8, None, plain)
    );
}

/// A star or an enclosed number that a Korean or Chinese reading makes from two bytes, between
/// its letters (`가★나`, `中⑨들`), is text; the same box drawing or symbol from one byte of a
/// single-byte reading (KOI8-R's `─` between Cyrillic letters), or in a UTF-8 reading, is still
/// a letter misread.
#[test]
fn cjk_symbols_are_text_only_in_a_cjk_reading() {
    use encoding_rs::{EUC_KR, GBK, KOI8_R, UTF_8};
    let (ko, _, _) = EUC_KR.encode("가★나 中⑨들 ※안내");
    assert!(!features::misread(EUC_KR, &ko));
    let (zh, _, _) = GBK.encode("今日→推荐");
    assert!(!features::misread(GBK, &zh));
    assert!(features::misread(UTF_8, "가★나".as_bytes()));
    // KOI8-R's 0x80 is `─`: between two Cyrillic letters, a misread letter.
    assert!(features::misread(KOI8_R, b"\xc1\x80\xc2"));
    // The fit of a Korean reading does not count the star against it.
    let (plain, _, _) = EUC_KR.encode("가나 다");
    let (star, _, _) = EUC_KR.encode("가나 ★다");
    assert_eq!(
        features::local_fit(EUC_KR, None, &star),
        features::local_fit(EUC_KR, None, &plain)
    );
}

/// A capital right after a small letter, in a cased script other than Latin, is no spelling of
/// a word (`предоставЯщо`, windows-1251's reading of x-mac-cyrillic's я): the word is kept as
/// it is, so the lower-case lists do not find it. Irish `hÉireann` and capitals in a row are
/// spellings.
#[test]
fn a_capital_inside_a_cyrillic_word_is_no_spelling() {
    let found = |t: &str| -> Vec<String> { words::words_of(t).into_iter().map(|w| w.0).collect() };
    assert_eq!(found("предоставЯщо Член"), ["предоставЯщо", "член"]);
    assert_eq!(
        found("hÉireann ВКонтакте МВДшник"),
        ["héireann", "вконтакте", "мвдшник"]
    );
}

/// The reading nearest the best by character score (x-mac-cyrillic's `Член` beside
/// windows-1251's `—лен`) is weighed even when readings that tie with it on characters fill
/// the first places.
#[test]
fn the_reading_nearest_the_best_is_weighed() {
    let reading = |cs: &'static Encoding, text: &str, score: f64| Reading {
        members: vec![Charset::Whatwg(cs)],
        text: text.to_string(),
        features: Features::default(),
        words: Vec::new(),
        vocabulary: Vec::new(),
        own: Default::default(),
        score,
        script: None,
    };
    use encoding_rs::*;
    let mut all = vec![reading(WINDOWS_1251, "—лен ‚секи", 1.5)];
    for cs in [
        WINDOWS_1252,
        WINDOWS_1250,
        WINDOWS_1257,
        WINDOWS_1254,
        IBM866,
        WINDOWS_1258,
        ISO_8859_15,
        MACINTOSH,
    ] {
        all.push(reading(cs, "×ëåí ‚ñåêè", 0.0));
    }
    all.push(reading(X_MAC_CYRILLIC, "Член Всеки", 0.0));
    let weighed = preselect(&mut all, &[]);
    assert!(
        weighed
            .iter()
            .any(|r| r.members[0] == Charset::Whatwg(X_MAC_CYRILLIC)),
        "{:?}",
        weighed.iter().map(|r| r.members[0]).collect::<Vec<_>>()
    );
    assert_eq!(weighed.len(), MAX_WEIGHED);
}

/// The segments' local fit checks a word the list lacks against the letters of the list's
/// language as the list spells it: Serbian Cyrillic, judged by the Latin Serbo-Croatian list,
/// has no letter foreign to it (`Пунолетни` cost 9 letters, and a Serbian part's boundary moved).
#[test]
fn serbian_cyrillic_has_no_letters_foreign_to_its_latin_list() {
    let Some(hr) = list_of("sr") else { return };
    let fit =
        |enc: &'static encoding_rs::Encoding, w: &str| local_fit(enc, Some(hr), &enc.encode(w).0);
    let latin = fit(encoding_rs::WINDOWS_1250, "Punoletnič");
    assert_eq!(fit(encoding_rs::WINDOWS_1251, "Пунолетни"), latin);
    // Letters Serbian does not write still count against a word, in either alphabet.
    assert!(fit(encoding_rs::WINDOWS_1251, "Пунолетны") < latin);
    assert!(fit(encoding_rs::WINDOWS_1250, "Punoletnő") < latin);
}

/// One language writes every letter of a true reading; a misreading mixes letters no one
/// language writes, or makes a script's digits and marks of them (windows-874's `๏a`).
#[test]
fn unwritten_counts_letters_no_one_language_writes() {
    assert_eq!(
        letters::unwritten("Motinystė ir kūdikystė turi būti, žmogus teisę"),
        0
    );
    assert!(letters::unwritten("Motinystë ir kûdikystë turi bûti, þmogus teisæ") > 0);
    assert_eq!(letters::unwritten("plain ASCII text"), 0);
    assert_eq!(letters::unwritten("ka ๏a ki jingshongshngai๑"), 2);
    // Punctuation and symbols every script uses are no strays.
    assert_eq!(letters::unwritten("“café” – 30 °C, 5 €"), 0);
}

/// A reading ruled out by C1 controls names the byte of the first one, not the position of
/// its character in the decoded text (which the letters before it, two bytes each in UTF-8,
/// pushed further on).
#[test]
fn a_c1_rule_out_names_the_byte() {
    let mut bytes = Vec::new();
    for _ in 0..20 {
        bytes.extend_from_slice(b"la f\xeate d\xe9j\xe0 pr\xe8s du ch\xe2teau, ");
    }
    let first = bytes.len() + 7;
    for _ in 0..10 {
        bytes.extend_from_slice(b"c'est l\x92\xe9t\xe9 \x93beau\x94 ici. ");
    }
    let v = crate::decode::validity::validate(&bytes);
    let inp = whole_windows_1252(&bytes, &v);
    let (_, ruled_out) = readings(&inp);
    let latin9 = ruled_out
        .iter()
        .find(|r| r.name == Charset::Whatwg(encoding_rs::ISO_8859_15))
        .expect("ISO-8859-15 reads C1 controls for the quotes");
    assert!(latin9.why.contains("C1 control"), "{}", latin9.why);
    assert_eq!(latin9.offset, first as u64, "{}", latin9.why);
}

/// ISO 8859 readings may hold one C1 control in ten non-ASCII characters (two at least) as
/// damage; other encodings' C1 controls are undefined bytes, as many as decoding errors.
#[test]
fn c1_controls_are_tolerated_in_iso_8859_only() {
    assert_eq!(c1_tolerated(encoding_rs::ISO_8859_4, 19), 2);
    assert_eq!(c1_tolerated(encoding_rs::ISO_8859_4, 30), 3);
    assert_eq!(c1_tolerated(encoding_rs::ISO_8859_4, 1000), 100);
    assert_eq!(c1_tolerated(encoding_rs::WINDOWS_1252, 1000), 5);
    assert_eq!(c1_tolerated(encoding_rs::WINDOWS_1250, 111), 1);
}

/// French windows-1252 with two curly quotes: ISO-8859-15 reads the same letters and two C1
/// controls, so it is kept as damaged text and weighed, and loses to the reading without
/// them; ISO-8859-7 reads Greek letters among the French ones as well, so it is ruled out
/// with both reasons.
#[test]
fn a_damaged_reading_is_weighed_only_when_it_reads_cleanly() {
    let mut bytes = Vec::new();
    for _ in 0..12 {
        bytes.extend_from_slice(b"la f\xeate d\xe9j\xe0 pr\xe8s du ch\xe2teau, o\xf9 l'\xe9t\xe9 ");
    }
    bytes.extend_from_slice(b"c'est \x93beau\x94 ici.\n");
    let v = crate::decode::validity::validate(&bytes);
    let inp = whole_windows_1252(&bytes, &v);
    let (weighed, ruled_out) = readings(&inp);
    let latin9 = Charset::Whatwg(encoding_rs::ISO_8859_15);
    assert!(
        weighed.iter().any(|r| r.members.contains(&latin9)),
        "{ruled_out:?}"
    );
    assert!(
        weighed[0].members.contains(&Charset::WINDOWS_1252),
        "{:?}",
        weighed[0].members
    );
    let greek = ruled_out
        .iter()
        .find(|r| r.name == Charset::Whatwg(encoding_rs::ISO_8859_7))
        .expect("ISO-8859-7 is ruled out");
    assert!(
        greek.why.contains("C1 control") && greek.why.contains("other flaws"),
        "{}",
        greek.why
    );
}

/// A reading that reads letters where the damaged one has controls explains the bytes
/// without damage.
#[test]
fn controls_are_compared_as_wildcards_only_in_the_damaged_reading() {
    assert!(select::same_but_controls("raško", "ra\u{9A}ko"));
    assert!(!select::same_but_controls("ra\u{9A}ko", "raško"));
    assert!(!select::same_but_controls("raąko", "raško"));
    assert!(!select::same_but_controls("raško", "ra\u{9A}k"));
}

/// The inputs of a whole file of `bytes` that chardetng and the decision call windows-1252.
fn whole_windows_1252<'a>(
    bytes: &'a [u8],
    v: &'a crate::decode::validity::Utf8Validity,
) -> Inputs<'a> {
    Inputs {
        sample: bytes,
        sample_start: 0,
        at_end: true,
        budget: CONDENSED_BYTES,
        validity: v,
        bom: None,
        declared: Vec::new(),
        chardet: Some(encoding_rs::WINDOWS_1252),
        decision: Charset::Whatwg(encoding_rs::WINDOWS_1252),
        decision_declared: false,
        part: Part::Whole,
    }
}

/// A damaged reading's controls count per hundred high characters at least: two quotes in 15
/// accented letters weigh as two in a hundred; a reading ruled out keeps its reason and gains
/// "other flaws".
#[test]
fn damage_in_short_text_counts_per_hundred_high_characters() {
    let reading = |cs: &'static Encoding, text: &str, controls: f64, odd: f64| Reading {
        members: vec![Charset::Whatwg(cs)],
        text: text.into(),
        features: Features {
            controls,
            odd,
            ..Default::default()
        },
        words: Vec::new(),
        vocabulary: Vec::new(),
        own: Default::default(),
        score: 0.0,
        script: None,
    };
    let text = format!(
        "\u{84}{}\u{93}",
        "ąęśćźżółń".repeat(2).chars().take(13).collect::<String>()
    );
    let per_15 = 2.0 * 100.0 / 15.0;
    let mut all = vec![
        reading(encoding_rs::ISO_8859_2, &text, per_15, 0.0),
        reading(encoding_rs::ISO_8859_7, &text, per_15, 1.0),
    ];
    let tolerated = [encoding_rs::ISO_8859_2, encoding_rs::ISO_8859_7].map(|e| RuledOut {
        name: Charset::Whatwg(e),
        offset: 0,
        why: "2 C1 control characters in running text".into(),
    });
    let mut ruled_out = Vec::new();
    let kept = select::drop_flawed_tolerated(&mut all, tolerated.to_vec(), &mut ruled_out);
    assert_eq!(kept, [Charset::Whatwg(encoding_rs::ISO_8859_2)]);
    assert_eq!(all.len(), 1);
    assert!(
        (all[0].features.controls - 2.0).abs() < 1e-9,
        "{}",
        all[0].features.controls
    );
    assert_eq!(ruled_out.len(), 1);
    assert!(ruled_out[0].why.ends_with("and it reads with other flaws"));
}

/// A reading of `text` in `cs`, with `controls` C1 controls per hundred high characters.
fn reading_of(cs: &'static Encoding, text: &str, controls: f64) -> Reading {
    Reading {
        members: vec![Charset::Whatwg(cs)],
        text: text.into(),
        features: Features {
            controls,
            ..Default::default()
        },
        words: Vec::new(),
        vocabulary: Vec::new(),
        own: Default::default(),
        score: 0.0,
        script: None,
    }
}

/// The readings that compare their own words: a damaged reading whose twin without controls
/// ranks above it gives up its place (the two share every word), and a damaged reading no
/// other explains joins the three best as a fourth.
#[test]
fn damaged_readings_compare_their_words_unless_a_twin_reads_the_same() {
    use encoding_rs::*;
    let names = |out: &[Reading]| out.iter().map(|r| r.members[0]).collect::<Vec<_>>();
    // Lithuanian ISO-8859-13 with two windows quotes: windows-1257 reads the same letters.
    let readings = |spec: &[(&'static Encoding, &str, f64)]| -> Vec<Reading> {
        spec.iter().map(|&(e, t, c)| reading_of(e, t, c)).collect()
    };
    let mut out = readings(&[
        (WINDOWS_1257, "„žmogus“ teisę", 0.0),
        (ISO_8859_13, "\u{84}žmogus\u{93} teisę", 2.0),
        (MACINTOSH, "„ĺmogus“ teisć", 0.0),
        (WINDOWS_1252, "„þmogus“ teisæ", 0.0),
    ]);
    let damaged = [Charset::Whatwg(ISO_8859_13)];
    assert_eq!(select::compared_first(&mut out, &damaged), 3);
    assert_eq!(
        names(&out[..3]),
        [WINDOWS_1257, MACINTOSH, WINDOWS_1252].map(Charset::Whatwg)
    );
    // Czech ISO-8859-2 with one windows dash: no reading without controls reads its `š`.
    let mut out = readings(&[
        (WINDOWS_1250, "každý \u{2013} vyąla", 0.0),
        (WINDOWS_1252, "ka¾dý \u{2013} vy¹la", 0.0),
        (WINDOWS_1258, "ka¾dý \u{2013} vy¹la", 0.0),
        (ISO_8859_2, "každý \u{96} vyšla", 1.0),
    ]);
    let damaged = [Charset::Whatwg(ISO_8859_2)];
    assert_eq!(select::compared_first(&mut out, &damaged), 4);
    assert_eq!(out[3].members[0], Charset::Whatwg(ISO_8859_2));
    assert_eq!(out[0].members[0], Charset::Whatwg(WINDOWS_1250));
    // Without a damaged reading, the three best compare.
    let before = names(&out);
    assert_eq!(select::compared_first(&mut out, &[]), 3);
    assert_eq!(names(&out), before);
}

/// Letters some word lists write together may still be no language's standard alphabet:
/// Esperanto read as ISO-8859-15 (`æiu`, `aýtune`) against its true reading (`ĉiu`, `aŭtune`).
#[test]
fn unruled_counts_letters_no_standard_alphabet_holds() {
    assert_eq!(letters::unruled("ĉiuj aŭtune Ĝenevo ŝipisto"), 0);
    assert!(letters::unruled("æiuj aýtune Øenevo þipisto") > 0);
    assert_eq!(letters::unruled("plain ASCII text"), 0);
}

/// Damaged readings tied on characters and on the alphabets their letters fit go by how few
/// characters part them from the best reading: Czech ISO-8859-2 with a windows dash, beside
/// ISO-8859-15's `Èlánek kaÿdý` (letters Welsh writes).
#[test]
fn tied_damaged_readings_go_by_nearness_to_the_best() {
    use encoding_rs::*;
    let scored = |cs: &'static Encoding, text: &str, controls: f64, score: f64| Reading {
        score,
        ..reading_of(cs, text, controls)
    };
    let mut all = vec![scored(WINDOWS_1250, "Článek – kaľdý má", 0.0, 1.0)];
    for cs in [
        WINDOWS_1252,
        WINDOWS_1254,
        WINDOWS_1258,
        WINDOWS_1257,
        MACINTOSH,
    ] {
        all.push(scored(cs, "x", 0.0, 0.5));
    }
    // Nearer the best than any damaged reading: it takes the nearest's place.
    all.push(scored(X_MAC_CYRILLIC, "Článek – kaľdý mą", 0.0, 0.5));
    all.push(scored(IBM866, "y", 0.0, 0.5));
    all.push(scored(KOI8_U, "z", 0.0, 0.5));
    all.push(scored(ISO_8859_15, "Èlánek \u{96} kaÿdý má", 1.0, 0.0));
    all.push(scored(ISO_8859_2, "Článek \u{96} každý má", 1.0, 0.0));
    let damaged = [ISO_8859_15, ISO_8859_2].map(Charset::Whatwg);
    let weighed = preselect(&mut all, &damaged);
    let names: Vec<Charset> = weighed.iter().map(|r| r.members[0]).collect();
    assert!(names.contains(&Charset::Whatwg(ISO_8859_2)), "{names:?}");
    assert!(!names.contains(&Charset::Whatwg(ISO_8859_15)), "{names:?}");
}

/// Blocks and drafts of a file being segmented are never read as UTF-16: segmentation never
/// runs on bytes holding NUL, and UTF-16 reads a few damaged UTF-8 letters and the ASCII
/// around them as Hanzi. A whole input still is.
#[test]
fn parts_cut_by_segmentation_have_no_wide_candidates() {
    assert!(extra::candidates(true).all(|c| !c.is_wide()));
    assert!(extra::candidates(false).any(|c| c == Charset::UTF_16LE));
    assert!(extra::candidates(true).any(|c| c == Charset::UTF_8));
}

/// The language's prior of each encoding stays on where a compared reading differs from the
/// others in no letter and its differing words hold none foreign to its language (Estonian
/// ISO-8859-13 `„kuriteos“` against windows-1252 `¥kuriteos´`), though a third reads a letter
/// of its own that the language lacks (ISO-8859-10); without such a reading, that one letter
/// switches the prior off and the prior regardless of language decides.
#[test]
fn a_reading_that_differs_in_no_letter_keeps_the_language_prior() {
    let compared = |foreign: f64| {
        let mut r = vec![
            reading_of(encoding_rs::ISO_8859_13, "„kuriteos“", 0.0),
            reading_of(encoding_rs::WINDOWS_1252, "¥kuriteos´", 0.0),
            reading_of(encoding_rs::ISO_8859_10, "kuriteos", 0.0),
        ];
        for (x, (prior, base)) in r.iter_mut().zip([(-1.0, -2.0), (-3.0, 0.0), (-1.0, -2.0)]) {
            x.features.prior = prior;
            x.features.base = base;
            x.features.foreign = foreign;
        }
        (r[2].features.own_letters, r[2].features.own_foreign) = (1, 1);
        explain_priors(&mut r, 3, false);
        r
    };
    let r = compared(0.0);
    assert_eq!(r[0].features.prior, -1.0);
    assert_eq!(r[1].features.prior, -3.0);
    assert_eq!(r[1].features.base_unexplained, 0.0);
    let r = compared(0.25);
    assert_eq!(r[0].features.prior, 0.0);
    assert_eq!(r[0].features.base_unexplained, -2.0);
}

/// A table of letters: three or more differing words, every one a single letter of a script
/// written with spaces (a keymap's `š`, `đ`, `č`). Han characters, each a word of its own, are
/// no table; nor are two letters, or a word of two.
#[test]
fn a_table_of_letters_is_single_letters_of_spaced_scripts() {
    let reading = |words: &[&str]| Reading {
        members: vec![Charset::WINDOWS_1252],
        text: String::new(),
        features: Features {
            words: words.len() as u32,
            ..Default::default()
        },
        words: words.iter().map(|w| (w.to_string(), 1, true, 0)).collect(),
        vocabulary: Vec::new(),
        own: [Vec::new(), Vec::new()],
        score: 0.0,
        script: None,
    };
    assert!(standing::letter_table(&reading(&["š", "đ", "č"])));
    assert!(!standing::letter_table(&reading(&["š", "đ"])));
    assert!(!standing::letter_table(&reading(&["š", "đ", "čo"])));
    assert!(!standing::letter_table(&reading(&["携", "帯", "現", "象"])));
}

/// A whole word of another script (`Питон` in a Python string, `नमस्ते` with its vowel signs)
/// is left out of `alien`; letters a misreading scatters inside Latin words (`cafщ`) or alone
/// (`а`), and words of two letters, are not.
#[test]
fn whole_words_of_another_script_are_words() {
    use unicode_script::Script;
    let w = features::WholeWords::of("u\"Питон\".encode(); cafщ а ок; नमस्ते");
    assert_eq!(w.letters_in(Script::Cyrillic), 5);
    assert_eq!(w.letters_in(Script::Devanagari), 4);
    assert_eq!(w.letters_in(Script::Latin), 0);
}
