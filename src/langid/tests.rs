//! Unit tests of `langid` (kept apart so the module reads as its job).

use super::prose::*;
use super::*;

/// The verdict on `text` under the default options, checked to be `code`.
fn reads_as(text: &str, code: &str) -> Verdict {
    let v = identify(text, &Options::default());
    assert_eq!(v.language, code, "{text}: {v:?}");
    v
}

#[test]
fn passages_are_paragraphs_and_sentence_windows() {
    let t = "First paragraph here.\n\n  Second one.\n \nThird.";
    let spans = passage_spans(t);
    let texts: Vec<&str> = spans.iter().map(|&(s, e)| &t[s..e]).collect();
    assert_eq!(texts, ["First paragraph here.", "Second one.", "Third."]);
    let long = "A sentence that goes on for a while. ".repeat(40);
    let spans = passage_spans(&long);
    assert!(spans.len() >= 3, "{spans:?}");
    assert!(spans.iter().all(|&(s, e)| e - s <= MAX_PASSAGE));
}

/// A paragraph is cut before a line in another script (of eight letters or more), so Korean
/// and Spanish lines get a verdict each; figures, short labels and Japanese kanji beside kana do
/// not cut.
#[test]
fn passages_are_cut_where_a_line_changes_script() {
    let t = "모든 사람은 교육을 받을 권리를 가진다\nToda persona tiene derecho a la educación\n\
             1948 12 10\nLa educación será gratuita\n모든 사람은 자유롭다";
    let texts: Vec<&str> = passage_spans(t).iter().map(|&(s, e)| &t[s..e]).collect();
    assert_eq!(
        texts,
        [
            "모든 사람은 교육을 받을 권리를 가진다",
            "Toda persona tiene derecho a la educación\n1948 12 10\nLa educación será gratuita",
            "모든 사람은 자유롭다",
        ]
    );
    let ja = "すべての人間は、生まれながらにして自由であり\n尊厳と権利とについて平等である。\nOK";
    assert_eq!(passage_spans(ja).len(), 1);
}

#[test]
fn bcp47_primary_codes() {
    assert_eq!(primary_code("en-GB"), "en");
    assert_eq!(primary_code("zlm-Latn"), "ms");
    assert_eq!(primary_code("iw"), "he");
}

/// The leader of a group answer gets at least half of it, more as its margin and the text
/// grow; at no margin the two are even.
#[test]
fn leader_share_is_even_at_no_margin_and_grows_with_it() {
    assert_eq!(leader_share(0.0, 200), 0.5);
    assert_eq!(leader_share(-0.3, 200), 0.5);
    assert!(leader_share(0.04, 200) > 0.5);
    assert!(leader_share(0.04, 200) < leader_share(0.2, 200));
    assert!(leader_share(0.1, 40) <= leader_share(0.1, 400));
    assert!((0.5..1.0).contains(&leader_share(5.0, 3)));
}

/// A group answer names each member with its probability, most likely first, and together they
/// are the group's confidence (Croatian and Bosnian write this alike).
#[test]
fn a_group_answer_carries_its_members_probabilities() {
    let v = reads_as("Greška", "hr|bs");
    assert_eq!(v.members.len(), 2, "{v:?}");
    let codes: Vec<&str> = v.members.iter().map(|m| m.code.as_str()).collect();
    assert!(codes.contains(&"hr") && codes.contains(&"bs"), "{codes:?}");
    assert!(v.members[0].probability >= v.members[1].probability);
    let sum: f64 = v.members.iter().map(|m| m.probability).sum();
    assert!(
        (sum - v.confidence).abs() < 1e-9,
        "{sum} vs {}",
        v.confidence
    );
    // A single answer has none.
    let one = identify(
        "Die Datei konnte nicht geöffnet werden, weil sie gerade verwendet wird",
        &Options::default(),
    );
    assert_eq!(one.language, "de");
    assert!(one.members.is_empty());
}

/// A poor fit is still an answer when one language leads all others by far (Yoruba's tone
/// marks make rare n-grams of a name); junk fits every language alike and stays `und`.
#[test]
fn a_clear_leader_is_an_answer_even_where_no_language_fits_well() {
    reads_as("Gúúsù Áfríkà", "yo");
    reads_as("qzxv kjhq wxzp", "und");
}

/// Borrowed Latin words are left out of what a text in another script is scored on: a Latin
/// identifier's unseen n-grams cost each Cyrillic language differently and made this Serbian
/// sentence Macedonian at 0.995.
#[test]
fn borrowed_latin_words_are_not_scored() {
    assert_eq!(
        without_latin_words("bfdmachocanonicalizesymtab: не могу да прочитам симболе"),
        "не могу да прочитам симболе"
    );
    assert_eq!(without_latin_words("слика Sun"), "слика");
    let v = identify(
        "bfdmachocanonicalizesymtab: не могу да прочитам симболе",
        &Options::default(),
    );
    let alone = identify("не могу да прочитам симболе", &Options::default());
    assert_eq!(v.language, alone.language);
    assert_eq!(v.language, "sr", "{v:?}");
}

/// A Latin-led line that fits no Latin-script language is identified by its words in another
/// script: long identifiers around a Ukrainian phrase; a Latin line that fits nothing stays
/// `und`.
#[test]
fn a_sentence_around_latin_identifiers_is_its_own_words_language() {
    let v = reads_as("debugrecordfunction: немає виклику debugsetfilename", "uk");
    assert!(v.reason.as_deref().unwrap().contains("cyrillic"), "{v:?}");
    reads_as("xqzvbnm wqrtplk zzxq", "und");
}

/// Identifiers are not language: a capital inside a word, an underscore, a digit between
/// letters; words with a leading capital, and hyphens, stay.
#[test]
fn identifiers_are_left_out_of_what_is_scored() {
    assert_eq!(
        without_non_prose("Kann GtkWidget nicht finden: gdk_pixbuf_new, utf8tolower, Haus-Tür"),
        "Kann nicht finden: Haus-Tür"
    );
    assert_eq!(
        without_non_prose("Ein Satz ohne Bezeichner"),
        "Ein Satz ohne Bezeichner"
    );
}

/// Code tokens led by a sigil and single words quoted as literals are not prose either; a
/// hyphen, an apostrophe inside a word and a quoted phrase are.
#[test]
fn code_tokens_and_quoted_words_are_left_out_of_what_is_scored() {
    assert_eq!(
        without_non_prose("ausente .fnstart antes de --verbose %Zd $HOME /usr -x"),
        "ausente antes de -x"
    );
    assert_eq!(
        without_non_prose("«forward» i «backward», són \"Save\". l'home „dobro jutro“"),
        "i són l'home „dobro jutro“"
    );
    for clean in [
        "Ein Satz. Noch einer",
        "l'homme d'affaires",
        "- Punkt",
        "50 % mehr",
    ] {
        assert!(
            !may_hold_non_prose(clean) || without_non_prose(clean) == clean,
            "{clean}"
        );
    }
    assert!(
        may_hold_non_prose("x «y»") && may_hold_non_prose("a .b") && !may_hold_non_prose("a.b c")
    );
    // Where fewer than 12 letters would remain, the whole text is scored.
    assert_eq!(prose_of("«forward» i «backward»"), "«forward» i «backward»");
    assert_eq!(
        prose_of("«forward» i «backward» són mútuament excloents"),
        "i són mútuament excloents"
    );
}

/// A Cyrillic letter a language's standard alphabet lacks counts against it: Kazakh `және`
/// among names whose n-grams are Russian's (`ә` is no Russian letter), while a Russian
/// sentence naming `Київ` keeps Russian (it writes `ы`, which Ukrainian lacks: no one alphabet
/// holds both, so the letters say nothing).
#[test]
fn cyrillic_letters_a_language_does_not_write_count_against_it() {
    let kk = reads_as("Тринидад және Тобаго Республикасы", "kk");
    let why = kk.reason.as_deref().unwrap_or_default();
    assert!(
        why.contains("Russian") && why.contains("does not write ә"),
        "{why}"
    );
    reads_as("Мы были в городе, который по-украински пишется Київ.", "ru");
    reads_as("Київ є столицею України", "uk");
}

/// Han text without kana is scored under the Chinese models in Simplified characters too: a
/// Traditional sentence was Japanese (its `開`, `檔`, `設` are Japanese kanji as well, and the
/// Chinese models learnt Simplified text only); Japanese with kana, and Simplified Chinese, are
/// as before.
#[test]
fn traditional_chinese_is_chinese() {
    let tw = reads_as("這個程式無法開啟您選擇的檔案，請檢查權限設定。", "zh");
    assert!(tw.confidence > 0.9, "{tw:?}");
    reads_as("这个程序无法打开您选择的文件，请检查权限设置。", "zh");
    reads_as("検索結果を表示できませんでした。", "ja");
}

/// Serbian in Latin letters is Serbian where its words say so (ekavian `vreme`, `izmene`,
/// `proverite`; `direktorijum`, `ne mogu da`), though the n-grams know Serbian in Cyrillic only;
/// the same sentences in Croatian and Bosnian (ijekavian) stay theirs, a sentence all three
/// write alike is left to the n-grams, and `--only` without Serbian keeps Serbian out.
#[test]
fn serbian_in_latin_letters_is_serbian_by_its_words() {
    let opts = Options::default();
    for text in [
        "Izaberite vreme kada će se izmene sačuvati u direktorijumu",
        "Ne mogu da pronađem datoteku, proverite putanju i pokušajte ponovo",
    ] {
        let v = identify(text, &opts);
        assert_eq!(v.language, "sr", "{v:?}");
        let why = v.reason.as_deref().unwrap_or_default();
        assert!(why.starts_with("Serbian in Latin letters"), "{why}");
        assert!((0.5..0.95).contains(&v.confidence), "{v:?}");
        assert!(
            v.distinguishing
                .iter()
                .any(|d| d.code == "sr" && !d.words.is_empty()),
            "{v:?}"
        );
    }
    reads_as("Odaberite vrijeme kada će se izmjene spremiti u mapu", "hr");
    reads_as(
        "Izaberite vrijeme kada će se izmjene sačuvati u folderu",
        "bs",
    );
    let alike = identify("Nije moguće pronaći datoteku", &opts);
    assert_ne!(alike.language, "sr", "{alike:?}");
    let only = Options {
        only: vec!["hr".into(), "bs".into()],
        ..Options::default()
    };
    let v = identify(
        "Izaberite vreme kada će se izmene sačuvati u direktorijumu",
        &only,
    );
    assert_ne!(v.language, "sr", "{v:?}");
}

/// Malay and Indonesian software translations share most words, and one team's habit can
/// stand for a language: Malay catalogues write `tidak`, Indonesian ones `tak`, so the
/// contrasts lean `tak berlaku` to Indonesian. How often general text writes the words
/// (wordfreq: `tak` and `berlaku` are Malay there) is counted beside them, shown in `frequent`
/// and named in the reason; Indonesian with its own everyday words stays Indonesian.
#[test]
fn relatives_weigh_how_often_general_text_writes_the_words() {
    let v = reads_as("tak berlaku", "ms");
    let why = v.reason.as_deref().unwrap_or_default();
    assert!(why.contains("how often general text writes them"), "{why}");
    let malay = v.frequent.iter().find(|d| d.code == "ms").expect("{v:?}");
    assert!(malay.words.iter().any(|w| w == "tak"), "{v:?}");
    let v = reads_as("Berkas tidak bisa dibuka", "id");
    let indonesian = v.frequent.iter().find(|d| d.code == "id").expect("{v:?}");
    assert!(indonesian.words.iter().any(|w| w == "bisa"), "{v:?}");
    // Croatian and Bosnian share one list: no frequencies tell them apart.
    let v = identify(
        "Odaberite vrijeme kada će se izmjene spremiti u mapu",
        &Options::default(),
    );
    assert!(v.frequent.is_empty(), "{v:?}");
}
