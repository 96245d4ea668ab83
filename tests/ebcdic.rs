//! Text in EBCDIC (session 64): mainframe exports that carry no declaration. The likely verdict
//! weighs the EBCDIC pages of the Latin-1 repertoire by the words where they differ, the text
//! decodes under it, and the pages are labels `--encoding` takes (tests/fixtures/encodings/,
//! made by scripts/make_fixtures.py with Python's codecs and glibc's iconv).

mod common;

use common::cmd;
use serde_json::Value;

fn fixture(name: &str) -> String {
    format!("tests/fixtures/encodings/{name}")
}

/// The command's standard output; it must succeed.
fn run(args: &[&str]) -> String {
    let out = cmd().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn inspect(name: &str) -> Value {
    serde_json::from_str(&run(&["inspect", "--json", &fixture(name)])).unwrap()
}

/// Each fixture's page and what its words must read, and a word a wrong page misreads.
const FIXTURES: &[(&str, &str, &str)] = &[
    ("de-ibm273-kundenbrief.txt", "IBM273", "Müller"),
    ("fr-ibm297-proces-verbal.txt", "IBM297", "réunion"),
    ("es-ibm1145-precios.txt", "IBM01145", "Señales"),
];

#[test]
fn each_page_is_told_by_the_words_where_the_pages_differ() {
    for &(name, page, word) in FIXTURES {
        let j = inspect(name);
        assert_eq!(j["format"]["detected"], "ebcdic-text", "{name}");
        // The decision is what a consumer that knows no EBCDIC does; the likely verdict reads it.
        assert_eq!(j["encoding"]["decided_by"], "statistical", "{name}");
        let l = &j["likely"];
        assert_eq!(l["name"], page, "{name}: {l}");
        assert!(l["confidence"].as_f64().unwrap() >= 0.7, "{name}: {l}");
        assert!(l.get("not_text").is_none(), "{name}");
        let because = l["because"].as_str().unwrap();
        assert!(because.starts_with("the bytes are EBCDIC"), "{because}");
        assert!(because.contains(word), "{name}: {because}");
        // The words behind it carry their bytes, and the evidence list has them.
        let lang = &l["language"];
        let w = lang["examples"]
            .as_array()
            .unwrap()
            .iter()
            .find(|w| w["word"] == word)
            .unwrap_or_else(|| panic!("{name}: {word} among {lang}"));
        assert_eq!(w["known"], true);
        assert!(
            w["byte_span"]["end"].as_u64().unwrap() > w["byte_span"]["start"].as_u64().unwrap()
        );
        assert!(
            j["evidence"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["kind"] == "language" && e["encoding"] == page)
        );
        // Another page reads the same bytes otherwise, and is less likely.
        let alt = &l["alternatives"][0];
        assert!(alt["probability"].as_f64().unwrap() < 0.5, "{name}: {alt}");
        // `decode --encoding likely` gives the text.
        let text = run(&["decode", "--encoding", "likely", &fixture(name)]);
        assert!(text.contains(word), "{name}: {text}");
    }
}

#[test]
fn the_report_says_ebcdic_and_does_not_search_gibberish_for_mojibake() {
    let out = run(&["inspect", &fixture("de-ibm273-kundenbrief.txt")]);
    assert!(
        out.contains("decoded as windows-1252 by statistics; the bytes are IBM273"),
        "{out}"
    );
    assert!(out.contains("Format: ebcdic-text (EBCDIC text)"), "{out}");
    assert!(
        out.contains(
            "Mojibake: not searched: the bytes are EBCDIC, which windows-1252 reads as gibberish"
        ),
        "{out}"
    );
    assert!(out.contains("words: Müller ["), "{out}");
    assert!(!out.contains("not a text format"), "{out}");
}

#[test]
fn text_every_page_reads_alike_is_one_answer() {
    let j = inspect("en-ibm037-status.txt");
    let l = &j["likely"];
    assert_eq!(l["name"], "IBM037", "{l}");
    assert!(l["confidence"].as_f64().unwrap() > 0.9, "{l}");
    // Every other page of the repertoire reads these bytes as the same text.
    assert_eq!(l["same_text"].as_array().unwrap().len(), 20, "{l}");
    assert!(l["alternatives"].is_null(), "{l}");
    let because = l["because"].as_str().unwrap();
    assert!(because.contains("read these bytes alike"), "{because}");
    let text = run(&[
        "decode",
        "--encoding",
        "likely",
        &fixture("en-ibm037-status.txt"),
    ]);
    assert!(
        text.contains("All 1,250 records were read and written."),
        "{text}"
    );
}

#[test]
fn ebcdic_labels_decode_and_a_declared_page_is_the_decision() {
    // z/OS lines end in NL (0x15), which every page maps to U+0085.
    let text = run(&[
        "decode",
        "--encoding",
        "cp297",
        &fixture("fr-ibm297-proces-verbal.txt"),
    ]);
    assert!(
        text.starts_with("Procès-verbal de la réunion du comité\u{85}"),
        "{text}"
    );
    for label in ["ibm-1145", "IBM01145", "cp1145", "ebcdic-es-284+euro"] {
        let text = run(&[
            "decode",
            "--encoding",
            label,
            &fixture("es-ibm1145-precios.txt"),
        ]);
        assert!(text.contains("12,50 € por unidad"), "{label}: {text}");
    }
    let j: Value = serde_json::from_str(&run(&[
        "inspect",
        "--json",
        "--encoding",
        "ebcdic-cp-us",
        &fixture("en-ibm037-status.txt"),
    ]))
    .unwrap();
    assert_eq!(j["encoding"]["name"], "IBM037");
    assert_eq!(j["likely"]["name"], "IBM037");
    // A page that reads the bytes as the others do names the answer when it is the decision.
    let j: Value = serde_json::from_str(&run(&[
        "inspect",
        "--json",
        "--encoding",
        "cp1047",
        &fixture("en-ibm037-status.txt"),
    ]))
    .unwrap();
    assert_eq!(j["likely"]["name"], "IBM1047", "{}", j["likely"]);
    assert!(
        j["likely"]["same_text"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("IBM037"))
    );
    // A page outside the Latin-1 repertoire is named, not decoded.
    let out = cmd()
        .args([
            "decode",
            "--encoding",
            "cp875",
            &fixture("en-ibm037-status.txt"),
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
}

#[test]
fn icelandic_ebcdic_is_ebcdic_though_its_letters_sit_where_ascii_has_its_own() {
    // `á ð þ æ ö` in IBM871 are bytes 0x45 0x79 0xC0 0x9C 0xCC… (ASCII `E`, a backquote…).
    let text = "Allir menn eru bornir frjálsir og jafnir öðrum að virðingu og réttindum. \
                Þeir eru gæddir vitsmunum og samvisku, og ber þeim að breyta bróðurlega hverjum við annan.\n";
    let bytes = iconv_free_871(text);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("is.txt");
    std::fs::write(&path, &bytes).unwrap();
    let j: Value =
        serde_json::from_str(&run(&["inspect", "--json", path.to_str().unwrap()])).unwrap();
    assert_eq!(j["format"]["detected"], "ebcdic-text");
    assert_eq!(j["likely"]["name"], "IBM871", "{}", j["likely"]);
    let decoded = run(&["decode", "--encoding", "likely", path.to_str().unwrap()]);
    assert_eq!(decoded, text);
}

/// `text` in IBM871, by the tool's own encoder (`--encoding` round trip: `decode` reads what
/// this writes, and the table test in `decode::ebcdic` checks each byte maps to one character).
fn iconv_free_871(text: &str) -> Vec<u8> {
    delineate::decode::Charset::for_label("cp871")
        .unwrap()
        .charset
        .encode(text)
        .unwrap()
}

/// An XML document in EBCDIC (XML 1.0 Appendix F): its first bytes say EBCDIC, its declaration
/// which page — the decision an XML processor makes — and `extract` reads it as XML.
#[test]
fn an_xml_declaration_in_ebcdic_names_the_page() {
    let j = inspect("de-ibm1047-declared.xml");
    assert!(
        j["encoding"]["rule"].as_str().unwrap().starts_with("XML"),
        "{}",
        j["encoding"]
    );
    assert_eq!(j["encoding"]["name"], "IBM1047");
    assert_eq!(j["encoding"]["decided_by"], "declaration");
    let decl = j["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "xml-declaration")
        .unwrap();
    assert_eq!(decl["label"], "IBM-1047");
    assert!(
        decl["detail"]
            .as_str()
            .unwrap()
            .contains("the declaration itself is written in EBCDIC"),
        "{decl}"
    );
    assert_eq!(j["likely"]["name"], "IBM1047", "{}", j["likely"]);
    // chardetng, which knows no EBCDIC, is no conflict with the declared page.
    assert_eq!(j["conflicts"], serde_json::json!([]), "{}", j["conflicts"]);
    let out: Value = serde_json::from_str(&run(&[
        "extract",
        "--json",
        &fixture("de-ibm1047-declared.xml"),
    ]))
    .unwrap();
    let unit = &out["units"][0];
    assert_eq!(unit["format"], "xml", "{unit}");
    assert_eq!(
        unit["text"],
        "Schöne Grüße aus München: Bücher für 12,50 [EUR], Hefte für 3,20 [EUR]."
    );
}
