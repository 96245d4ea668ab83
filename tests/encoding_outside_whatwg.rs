//! Encodings outside the WHATWG standard that the likely verdict names: DOS Cyrillic (IBM855),
//! whose text it reads and whose labels resolve, while other Cyrillic is not taken for it;
//! DOS Latin-2, Western and Nordic (IBM852, IBM850 and IBM437, IBM865) and Mac OS Central
//! European; Vietnamese in VISCII; Korean in Johab; Traditional Chinese in EUC-TW; and UTF-32
//! without a byte order mark.
//! Fixtures in tests/fixtures/encodings/ (scripts/make_fixtures.py, sentences written there).

mod common;

use common::cmd;
use serde_json::Value;

fn run(args: &[&str]) -> Vec<u8> {
    let out = cmd().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn inspect(name: &str) -> Value {
    let path = format!("tests/fixtures/encodings/{name}");
    serde_json::from_slice(&run(&["inspect", "--json", &path])).unwrap()
}

fn decode_likely(name: &str) -> String {
    let path = format!("tests/fixtures/encodings/{name}");
    String::from_utf8(run(&["decode", "--encoding", "likely", &path])).unwrap()
}

/// Each file is named IBM855 by the likely verdict, and `decode --encoding likely` gives
/// back the sentences as written.
#[test]
fn ibm855_text_is_named_and_read() {
    let cases = [
        (
            "bg-ibm855.txt",
            "ПРОЧЕТИ МЕ. Тази програма проверява дали файловете на диска са записани правилно.",
        ),
        (
            "sr-ibm855.txt",
            "Упутство за употребу. Овај програм чува податке о књигама у школској библиотеци.",
        ),
        (
            "ru-ibm855-short.txt",
            "Файл сохранён на диске. Нажмите любую клавишу, чтобы вернуться в меню.",
        ),
    ];
    for (name, start) in cases {
        let j = inspect(name);
        assert_eq!(j["likely"]["name"], "IBM855", "{name}: {}", j["likely"]);
        assert!(
            j["likely"]["confidence"].as_f64().unwrap() >= 0.9,
            "{name}: {}",
            j["likely"]
        );
        // No WHATWG decoder reads it: the decision is another encoding's.
        assert_ne!(j["encoding"]["name"], "IBM855", "{name}");
        let text = decode_likely(name);
        assert!(text.starts_with(start), "{name}: {text}");
    }
}

/// The longer files' sentence says which words decided it, with their bytes.
#[test]
fn the_words_behind_ibm855_are_shown() {
    let j = inspect("sr-ibm855.txt");
    let because = j["likely"]["because"].as_str().unwrap();
    assert!(
        because.starts_with("IBM855 reads 36 of the 36"),
        "{because}"
    );
    let lang = j["likely"]["language"].clone();
    assert_eq!(lang["language"], "sr");
    let first = &lang["examples"][0];
    let span = &first["byte_span"];
    let (s, e) = (
        span["start"].as_u64().unwrap(),
        span["end"].as_u64().unwrap(),
    );
    let bytes = std::fs::read("tests/fixtures/encodings/sr-ibm855.txt").unwrap();
    // One byte a letter in a DOS code page.
    assert_eq!(
        (e - s) as usize,
        first["word"].as_str().unwrap().chars().count()
    );
    assert!(bytes[s as usize..e as usize].iter().all(|&b| b >= 0x80));
}

/// `cp855` in an XML declaration resolves (the decision, not only the likely verdict), and
/// `--encoding cp855` is accepted.
/// Greek IBM737 forms symbols inside its words (`δρομέας` ends `E2 98 AA`, UTF-8 `☪`): one
/// glued to the word's other letters makes no UTF-8 part. Before: 14 segments of IBM866,
/// UTF-8 and windows-1252 (vim's Greek tutor in IBM737: 17), the IBM737 verdict at 0.00.
#[test]
fn symbols_ibm737_forms_inside_words_make_no_utf8_part() {
    let j = inspect("el-ibm737-tutor.txt");
    assert_eq!(j["likely"]["name"], "IBM737", "{}", j["likely"]["because"]);
    assert!(j["likely"]["confidence"].as_f64().unwrap() >= 0.9);
    assert!(
        j["segments"].as_array().is_none_or(|s| s.is_empty()),
        "{}",
        j["segments"]
    );
    assert!(decode_likely("el-ibm737-tutor.txt").contains("Ο δρομέας κινείται"));
}

#[test]
fn cp855_labels_resolve() {
    let j = inspect("cp855-label.xml");
    assert_eq!(j["encoding"]["name"], "IBM855");
    assert_eq!(j["likely"]["name"], "IBM855");
    let text = String::from_utf8(run(&[
        "decode",
        "--encoding",
        "cp855",
        "tests/fixtures/encodings/ru-ibm855-short.txt",
    ]))
    .unwrap();
    assert_eq!(
        text,
        "Файл сохранён на диске. Нажмите любую клавишу, чтобы вернуться в меню.\n"
    );
}

/// Cyrillic in the common encodings keeps its verdict: IBM855's reading of windows-1251,
/// x-mac-cyrillic or KOI8 bytes mixes cases and box drawing.
#[test]
fn other_cyrillic_is_not_taken_for_ibm855() {
    for (name, want) in [
        ("ru-windows-1251.txt", "windows-1251"),
        ("ru-x-mac-cyrillic.txt", "x-mac-cyrillic"),
        ("sr-x-mac-cyrillic.txt", "x-mac-cyrillic"),
    ] {
        let j = inspect(name);
        assert_eq!(j["likely"]["name"], want, "{name}");
        let ibm855 = j["likely"]["alternatives"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["name"] == "IBM855")
            .map_or(0.0, |a| a["probability"].as_f64().unwrap());
        assert!(ibm855 < 0.01, "{name}: IBM855 at {ibm855}");
    }
}

/// UTF-32 without a byte order mark: the bytes rule out every other encoding, so the verdict
/// is sure even of English, which has no non-ASCII word to weigh; words' spans are four bytes
/// a letter.
#[test]
fn utf32_without_a_bom_is_named_surely() {
    let j = inspect("en-utf-32le-nobom.txt");
    assert_eq!(j["likely"]["name"], "UTF-32LE");
    assert!(j["likely"]["confidence"].as_f64().unwrap() >= 0.99);
    let because = j["likely"]["because"].as_str().unwrap();
    assert!(
        because.contains("the bytes rule out every other encoding"),
        "{because}"
    );
    assert!(decode_likely("en-utf-32le-nobom.txt").starts_with("The archive keeps every record"));
    let j = inspect("el-utf-32be-nobom.txt");
    assert_eq!(j["likely"]["name"], "UTF-32BE");
    let first = &j["likely"]["language"]["examples"][0];
    assert_eq!(first["word"], "το");
    assert_eq!(first["byte_span"]["start"], 0);
    assert_eq!(first["byte_span"]["end"], 8);
    // UTF-16 is ruled out, with where.
    let ruled: Vec<&str> = j["likely"]["ruled_out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(
        ruled.contains(&"UTF-16BE") && ruled.contains(&"UTF-32LE"),
        "{ruled:?}"
    );
}

/// Johab: its syllables are named and read (two bytes each, so a word's span is twice its
/// letters), and the label `cp1361` decodes it.
#[test]
fn johab_korean_is_named_and_read() {
    let name = "ko-johab-readme.txt";
    let j = inspect(name);
    assert_eq!(j["likely"]["name"], "Johab", "{}", j["likely"]);
    assert!(j["likely"]["confidence"].as_f64().unwrap() >= 0.9);
    let lang = &j["likely"]["language"];
    assert_eq!(lang["language"], "ko");
    let bytes = std::fs::read(format!("tests/fixtures/encodings/{name}")).unwrap();
    for w in lang["examples"].as_array().unwrap() {
        let (s, e) = (
            w["byte_span"]["start"].as_u64().unwrap() as usize,
            w["byte_span"]["end"].as_u64().unwrap() as usize,
        );
        assert_eq!(
            e - s,
            2 * w["word"].as_str().unwrap().chars().count(),
            "{w}"
        );
        assert!(bytes[s] >= 0x84, "{w}");
    }
    let start = "읽어 보십시오. 이 프로그램은 디스크에 있는 파일을 검사하고,";
    assert!(decode_likely(name).starts_with(start));
    let path = format!("tests/fixtures/encodings/{name}");
    let strict = run(&[
        "decode",
        "--encoding",
        "cp1361",
        "--errors",
        "strict",
        &path,
    ]);
    assert!(String::from_utf8(strict).unwrap().starts_with(start));
}

/// Johab Hanja whose trail byte is `<` (`亞` is `ED 3C`): the byte is no markup delimiter
/// that ends the stretch the verdict decodes, so Johab is not ruled out by sequences cut in
/// two (windows-1251 won at 0.91), and the text is read back.
#[test]
fn johab_hanja_with_a_markup_trail_byte_are_read() {
    let name = "ko-johab-hanja.txt";
    let j = inspect(name);
    assert_eq!(j["likely"]["name"], "Johab", "{}", j["likely"]);
    assert!(
        j["segments"].as_array().is_none_or(|s| s.is_empty()),
        "{}",
        j["segments"]
    );
    assert!(decode_likely(name).starts_with("亞細亞 各國의 經濟 協力에 관한 會議가"));
}

/// DOS Latin-2, DOS Nordic and Mac Central European text is named and read back.
#[test]
fn dos_and_mac_latin_pages_are_named_and_read() {
    for (name, want, start) in [
        (
            "cs-ibm852.txt",
            "IBM852",
            "ČTI MĚ. Tento program kontroluje, zda jsou soubory",
        ),
        (
            "da-ibm865.txt",
            "IBM865",
            "LÆS MIG. Dette program kontrollerer, om filerne på",
        ),
        (
            "pl-x-mac-ce.txt",
            "x-mac-ce",
            "Przeczytaj mnie. Ten program sprawdza, czy pliki",
        ),
        (
            "pt-ibm850.txt",
            "IBM850",
            "LEIA-ME. Este programa verifica se os arquivos",
        ),
        (
            "fr-ibm850.txt",
            "IBM850",
            "LISEZ-MOI. Ce programme vérifie que les fichiers",
        ),
    ] {
        let j = inspect(name);
        assert_eq!(j["likely"]["name"], want, "{name}: {}", j["likely"]);
        assert!(j["likely"]["confidence"].as_f64().unwrap() >= 0.9, "{name}");
        assert!(decode_likely(name).starts_with(start), "{name}");
    }
}

/// One accented word that only x-mac-ce reads as a word (`družino`; every WHATWG reading makes
/// `druìino` or the like) is enough for the Mac page: the words that a page outside WHATWG must
/// show are fewer when each one it reads is a word with its own letters.
#[test]
fn one_word_with_its_own_letters_makes_a_case_for_a_mac_page() {
    let name = "sl-x-mac-ce-one-word.txt";
    let j = inspect(name);
    assert_eq!(j["likely"]["name"], "x-mac-ce", "{}", j["likely"]);
    assert_eq!(
        decode_likely(name),
        "Danes je lep dan, grem na izlet z družino.\n"
    );
}

/// Short Croatian from a Mac: one of its words with the page's letters is on the list
/// (`traženje`), the others are inflections it lacks (`miješanje`, `priopćavanje`), and all
/// are written in Croatian letters, where windows-1252 reads `ä`, `ì` and a C1 control. That
/// makes a case for the Mac page, as two known words would.
#[test]
fn one_known_word_and_the_rest_in_its_letters_make_a_case_for_a_mac_page() {
    let name = "hr-x-mac-ce-few-words.txt";
    let j = inspect(name);
    assert_eq!(j["likely"]["name"], "x-mac-ce", "{}", j["likely"]);
    assert!(
        decode_likely(name).starts_with("Miješanje boja i traženje pravog tona"),
        "{name}"
    );
}

/// A `<meta>` naming a code page outside WHATWG is no declaration to a browser: the decision
/// goes on without it (and says so), while the likely verdict weighs what it names.
#[test]
fn a_meta_naming_a_dos_page_is_skipped_as_a_browser_does() {
    let j = inspect("cp852-meta.html");
    let meta = j["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "html-meta")
        .expect("the <meta> is reported");
    assert!(meta["encoding"].is_null(), "{meta}");
    assert_eq!(meta["names"], "IBM852");
    assert_ne!(j["encoding"]["name"], "IBM852");
    assert_eq!(j["likely"]["name"], "IBM852");
}

/// French in IBM850 reads the same in IBM437: the verdict names the one and says so of the
/// other. Portuguese `ã` and `õ` are IBM850's alone.
#[test]
fn ibm850_and_ibm437_are_one_answer_where_they_read_alike() {
    let fr = inspect("fr-ibm850.txt");
    let because = fr["likely"]["because"].as_str().unwrap();
    assert!(because.contains("IBM437"), "{because}");
    let pt = inspect("pt-ibm850.txt");
    let because = pt["likely"]["because"].as_str().unwrap();
    assert!(!because.contains("IBM437"), "{because}");
    assert!(decode_likely("pt-ibm850.txt").contains("verificação"));
}

/// Vietnamese in VISCII (RFC 1456) is named and read back, the long file and a line of 60
/// bytes; the label resolves.
#[test]
fn viscii_vietnamese_is_named_and_read() {
    for (name, start) in [
        (
            "vi-viscii.txt",
            "ĐỌC TÔI. Chương trình này kiểm tra xem các tệp",
        ),
        (
            "vi-viscii-short.txt",
            "Tệp đã được lưu. Nhấn phím bất kỳ để trở về.",
        ),
    ] {
        let j = inspect(name);
        assert_eq!(j["likely"]["name"], "VISCII", "{name}: {}", j["likely"]);
        assert!(j["likely"]["confidence"].as_f64().unwrap() >= 0.9, "{name}");
        assert_eq!(j["likely"]["language"]["language"], "vi", "{name}");
        assert!(decode_likely(name).starts_with(start), "{name}");
    }
    let out = run(&[
        "decode",
        "--encoding",
        "csVISCII",
        "tests/fixtures/encodings/vi-viscii-short.txt",
    ]);
    assert!(
        String::from_utf8(out)
            .unwrap()
            .starts_with("Tệp đã được lưu.")
    );
}

/// Vietnamese in TCVN 5712, named by an XML declaration (feedparser's tests spell it `tcvn`,
/// `tcvn-5712`, `tcvn5712-1`), is decoded, and the likely verdict keeps it: its words are
/// Vietnamese, windows-1252's reading of the same bytes (`§–C T¤I`) is not. Its capital `Ứ`
/// is byte 0x11, a control to every other reading.
#[test]
fn tcvn_vietnamese_a_declaration_names_is_read() {
    let name = "vi-tcvn-declared.xml";
    let j = inspect(name);
    assert_eq!(j["encoding"]["name"], "TCVN5712-1", "{}", j["encoding"]);
    assert_eq!(j["encoding"]["decided_by"], "declaration");
    assert_eq!(j["likely"]["name"], "TCVN5712-1", "{}", j["likely"]);
    assert_eq!(j["likely"]["language"]["language"], "vi", "{}", j["likely"]);
    let text = decode_likely(name);
    assert!(
        text.contains("<doc>ĐỌC TÔI. Chương trình này kiểm tra xem các tệp"),
        "{text}"
    );
    assert!(text.contains("Ứng dụng sẽ hiển thị"), "{text}");
    let out = run(&[
        "decode",
        "--encoding",
        "tcvn",
        &format!("tests/fixtures/encodings/{name}"),
    ]);
    assert_eq!(String::from_utf8(out).unwrap(), text);
}

/// VISCII's every high byte is a letter, so it reads any bytes without an odd character: a
/// file of French in windows-1252 and then in UTF-8 is not taken for it (its reading is not
/// Vietnamese), and the segments still say what each half is.
#[test]
fn viscii_does_not_take_text_that_is_not_vietnamese() {
    let j = inspect("mixed-1252-utf8-french.txt");
    assert_ne!(j["likely"]["name"], "VISCII", "{}", j["likely"]);
    let segments: Vec<&str> = j["segments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["encoding"].as_str().unwrap())
        .collect();
    assert_eq!(segments, ["windows-1252", "UTF-8"]);
    for name in ["cs-ibm852.txt", "pl-x-mac-ce.txt", "fr-ibm850.txt"] {
        assert_ne!(inspect(name)["likely"]["name"], "VISCII", "{name}");
    }
}

/// Traditional Chinese in EUC-TW is named and read back, its plane 2 character from the
/// four-byte form; the label resolves, and searching encodes to the same bytes.
#[test]
fn euc_tw_chinese_is_named_and_read() {
    let j = inspect("zh-euc-tw.txt");
    assert_eq!(j["likely"]["name"], "EUC-TW", "{}", j["likely"]);
    assert!(j["likely"]["confidence"].as_f64().unwrap() >= 0.9);
    // The whole file reads cleanly in it: no segments of the WHATWG readings.
    assert!(j["segments"].as_array().is_none_or(|s| s.is_empty()));
    assert_eq!(j["likely"]["language"]["language"], "zh");
    // Big5 and GBK read the same bytes as other Hanzi: the decision is one of them.
    assert_ne!(j["encoding"]["name"], "EUC-TW");
    let text = decode_likely("zh-euc-tw.txt");
    assert!(
        text.starts_with("讀我檔案。這個程式會檢查磁碟上的檔案"),
        "{text}"
    );
    assert!(text.contains("自治乂安"), "{text}");
    let out = run(&[
        "decode",
        "--encoding",
        "x-euc-tw",
        "tests/fixtures/encodings/zh-euc-tw.txt",
    ]);
    assert_eq!(String::from_utf8(out).unwrap(), text);
}

/// A line of 51 bytes of EUC-TW: its `，` and `。` between Han characters are where Chinese
/// writes them, not cuts of a word (they once made every Chinese reading "mix scripts", and
/// GBK's reading of other Hanzi won at 0.32).
#[test]
fn short_euc_tw_is_named() {
    let j = inspect("zh-euc-tw-short.txt");
    assert_eq!(j["likely"]["name"], "EUC-TW", "{}", j["likely"]);
    assert!(j["likely"]["confidence"].as_f64().unwrap() >= 0.9);
    assert_eq!(
        decode_likely("zh-euc-tw-short.txt"),
        "磁碟已滿，無法寫入檔案。請刪除不需要的資料後再試。\n"
    );
}

/// Every encoding decoded beside the WHATWG ones is named in `--help` of the two commands that
/// take `--encoding`, and decodes by that label.
#[test]
fn help_lists_every_label_outside_whatwg() {
    use delineate::decode::charset::Charset;
    for command in ["inspect", "decode"] {
        let help = String::from_utf8(run(&[command, "--help"])).unwrap();
        let words: Vec<&str> = help
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | ':' | ';'))
            .collect();
        for label in Charset::OUTSIDE_WHATWG {
            assert!(words.contains(&label), "{command} --help lacks {label}");
        }
    }
    for label in Charset::OUTSIDE_WHATWG {
        run(&[
            "decode",
            "--encoding",
            label,
            "tests/fixtures/encodings/ko-johab-hanja.txt",
        ]);
    }
}
