//! Formats, extraction and document units, through the CLI a user types: `delineate extract`
//! and the `format` section of `delineate inspect`, on the fixtures in `tests/fixtures/formats/`
//! (made by `scripts/make_format_fixtures.py`, described in `tests/fixtures/README.md`).

use assert_cmd::Command;
use serde_json::Value;

fn cmd() -> Command {
    let mut c = Command::cargo_bin("delineate").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn fx(name: &str) -> String {
    format!("tests/fixtures/formats/{name}")
}

/// `extract --json` of one file: (exit success, the JSON object).
fn extract(file: &str, extra: &[&str]) -> (bool, Value) {
    let mut args = vec!["extract", "--json"];
    args.extend_from_slice(extra);
    let f = fx(file);
    args.push(&f);
    let out = cmd().args(&args).output().unwrap();
    let line = String::from_utf8(out.stdout).unwrap();
    let v: Value = serde_json::from_str(line.lines().next().unwrap_or("null"))
        .unwrap_or_else(|e| panic!("{file}: {e}: {line}"));
    (out.status.success(), v)
}

fn ok(file: &str, extra: &[&str]) -> Value {
    let (success, v) = extract(file, extra);
    assert!(success, "{file}: {}", v["error"]);
    v
}

fn texts(v: &Value) -> Vec<String> {
    v["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["text"].as_str().unwrap().to_string())
        .collect()
}

fn locators(v: &Value) -> Vec<String> {
    v["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["locator"].as_str().unwrap().to_string())
        .collect()
}

/// Diagnostic messages of every unit and of the file, with their kinds.
fn diagnostics(v: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut take = |d: &Value| {
        for x in d.as_array().unwrap() {
            out.push((
                x["kind"].as_str().unwrap().to_string(),
                x["message"].as_str().unwrap().to_string(),
            ));
        }
    };
    take(&v["diagnostics"]);
    for u in v["units"].as_array().unwrap() {
        take(&u["diagnostics"]);
    }
    out
}

fn has_diag(v: &Value, kind: &str, needle: &str) -> bool {
    diagnostics(v)
        .iter()
        .any(|(k, m)| k == kind && m.contains(needle))
}

// ---- Format identification ------------------------------------------------------------------

#[test]
fn format_identification_is_right_on_every_fixture() {
    let expected = [
        ("app.exe", "exe"),
        ("archive.gz", "gzip"),
        ("archive.mbox", "mbox"),
        ("bomb.docx", "docx"),
        ("bomb.pdf", "pdf"),
        ("book.epub", "epub"),
        ("budget.xlsx", "xlsx"),
        ("costs.ods", "ods"),
        ("cyclic.pdf", "pdf"),
        ("data.json", "json"),
        ("deep.xml", "xml"),
        ("doc.xml", "xml"),
        ("ebcdic.txt", "ebcdic-text"),
        ("encrypted.pdf", "pdf"),
        ("fake.doc", "word-perfect"),
        ("image.txt", "png"),
        ("letter.rtf", "rtf"),
        ("lib.so", "elf"),
        ("message.eml", "email"),
        ("minutes.odt", "odt"),
        ("notes.odt", "text"),
        ("ole2.doc", "ole2"),
        ("page.html", "html"),
        ("photo.jpg", "jpeg"),
        ("plain.txt", "text"),
        ("report.docx", "docx"),
        ("reuters.sgm", "sgml"),
        ("scanned.pdf", "pdf"),
        ("slides.pptx", "pptx"),
        ("talk.odp", "odp"),
        ("tiny.png", "png"),
        ("truncated.docx", "zip"),
        ("twocol-gs.pdf", "pdf"),
        ("twocol.pdf", "pdf"),
        ("utf16.txt", "text"),
    ];
    // Every fixture in the folder is in the table.
    let mut files: Vec<String> = std::fs::read_dir(fx(""))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    let names: Vec<&str> = expected.iter().map(|(n, _)| *n).collect();
    assert_eq!(files, names, "fixtures and the expected table differ");
    for (file, format) in expected {
        let (_, v) = extract(file, &[]);
        assert_eq!(v["format"]["detected"], format, "{file}");
    }
    // The same section in `inspect`.
    let out = cmd()
        .args(["inspect", "--json", &fx("report.docx")])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["format"]["detected"], "docx");
    assert_eq!(v["format"]["by_extension"], "docx");
    assert!(v["format"]["mismatch"].is_null());
    let clues: Vec<&str> = v["format"]["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["clue"].as_str().unwrap())
        .collect();
    assert_eq!(clues, ["magic", "container-entry", "extension"]);
}

#[test]
fn a_lying_extension_is_said_in_words() {
    for (file, words) in [
        ("fake.doc", "named .doc (an OLE2 compound file"),
        ("notes.odt", "but the bytes are plain text"),
        ("image.txt", "but the bytes are a PNG image"),
        ("truncated.docx", "but the bytes are a ZIP archive"),
    ] {
        let (_, v) = extract(file, &[]);
        let m = v["format"]["mismatch"].as_str().unwrap_or_default();
        assert!(m.contains(words), "{file}: {m}");
    }
    let human = cmd().args(["inspect", &fx("fake.doc")]).output().unwrap();
    let s = String::from_utf8(human.stdout).unwrap();
    assert!(
        s.contains("MISMATCH: named .doc") && s.contains("WordPerfect"),
        "{s}"
    );
}

#[test]
fn formats_identified_but_not_extracted_say_so() {
    for file in [
        "tiny.png",
        "ole2.doc",
        "letter.rtf",
        "archive.gz",
        "app.exe",
    ] {
        let (success, v) = extract(file, &[]);
        assert!(success, "{file}");
        assert!(v["units"].as_array().unwrap().is_empty(), "{file}");
        assert!(has_diag(&v, "not-extracted", "does not extract"), "{file}");
    }
}

// ---- Extractors ------------------------------------------------------------------------------

#[test]
fn html_fields_boilerplate_entities_and_languages() {
    let v = ok("page.html", &[]);
    assert_eq!(v["extractor"]["name"], "html");
    let u = &v["units"][0];
    let text = u["text"].as_str().unwrap();
    assert!(
        text.starts_with("Old bridge to close for repairs\n\nThe council voted"),
        "{text}"
    );
    assert!(
        text.contains("£2.4 million — café owners") && text.contains("© 2026"),
        "{text}"
    );
    assert!(!text.contains("not text") && !text.contains("comment") && !text.contains("Privacy"));
    assert_eq!(u["fields"]["title"][0], "Bridge closure & detours");
    assert_eq!(
        u["fields"]["headings"][0],
        "Old bridge to close for repairs"
    );
    assert_eq!(
        u["fields"]["description"][0],
        "The old bridge closes for repairs"
    );
    assert_eq!(u["fields"]["anchors"].as_array().unwrap().len(), 8);
    assert!(has_diag(
        &v,
        "boilerplate",
        "\"Privacy | Terms | Contact | Sitemap\""
    ));
    let blocks = u["blocks"].as_array().unwrap();
    assert!(
        blocks
            .iter()
            .any(|b| b["class"] == "boilerplate" && b["text"] == "Home")
    );
    let fr = u["languages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["lang"] == "fr")
        .unwrap();
    assert!(fr["chars"].as_u64().unwrap() > 30);
    // Kept on request.
    let kept = ok("page.html", &["--keep-boilerplate"]);
    assert!(texts(&kept)[0].contains("Privacy | Terms"));
}

#[test]
fn xml_entity_references_are_resolved_or_kept() {
    let v = ok("doc.xml", &[]);
    let u = &v["units"][0];
    assert_eq!(u["encoding"], "windows-1252"); // ISO-8859-1 declared, read by WHATWG rules
    let text = u["text"].as_str().unwrap();
    assert!(
        text.contains("Prices rose by 5 % in cafés <Paris> &copy; 2026."),
        "{text}"
    );
    assert!(text.contains("<raw> text"), "CDATA kept: {text}");
    assert_eq!(u["fields"]["title"][0], "Café prices & taxes");
    assert!(has_diag(
        &v,
        "undefined-entity",
        "&copy; is not defined in XML"
    ));
    let deep = ok("deep.xml", &[]);
    assert!(has_diag(&deep, "limit", "nested deeper than 1000"));
}

#[test]
fn docx_paragraphs_tables_metadata_trust_and_embedded_objects() {
    let v = ok("report.docx", &[]);
    let u = &v["units"][0];
    let text = u["text"].as_str().unwrap();
    assert!(
        text.starts_with("Quarterly report\nRevenue grew in every region."),
        "{text}"
    );
    assert!(
        text.contains("Region\tGrowth\nNorth\t12 %"),
        "table rows and cells: {text}"
    );
    assert_eq!(
        u["fields"]["headings"],
        serde_json::json!(["Quarterly report", "Outlook"])
    );
    let meta = u["metadata"].as_array().unwrap();
    let creator = meta.iter().find(|m| m["name"] == "creator").unwrap();
    assert!(
        creator["trust"]
            .as_str()
            .unwrap()
            .contains("default account")
    );
    let created = meta.iter().find(|m| m["name"] == "created").unwrap();
    assert!(
        created["trust"]
            .as_str()
            .unwrap()
            .contains("after modified")
    );
    assert!(has_diag(
        &v,
        "embedded",
        "word/embeddings/Microsoft_Excel_Worksheet.xlsx"
    ));
    // With --unit part the embedded workbook is its own unit, extracted.
    let parts = ok("report.docx", &["--unit", "part"]);
    let locs = locators(&parts);
    assert_eq!(
        locs[1],
        "embedded 1 (word/embeddings/Microsoft_Excel_Worksheet.xlsx)"
    );
    assert!(texts(&parts)[1].contains("Bridge repairs\t2400000"));
}

#[test]
fn spreadsheets_and_slides_in_order() {
    let x = ok("budget.xlsx", &["--unit", "page"]);
    assert_eq!(locators(&x), ["sheet 1 (Budget)", "sheet 2 (Notes)"]);
    assert_eq!(
        texts(&x)[0],
        "Item\tCost\nBridge repairs\t2400000\nCafé subsidy\t15000"
    );
    let p = ok("slides.pptx", &["--unit", "page"]);
    assert_eq!(locators(&p), ["slide 1", "slide 2", "slide 3"]);
    assert_eq!(texts(&p)[1], "Detours\nRing road adds ten minutes");
    let one = ok("slides.pptx", &[]);
    assert_eq!(locators(&one), ["file"]);
    let odp = ok("talk.odp", &["--unit", "page"]);
    assert_eq!(texts(&odp), ["First slide text", "Second slide text"]);
    let ods = ok("costs.ods", &["--unit", "page"]);
    assert_eq!(locators(&ods), ["sheet 1 (Costs)", "sheet 2 (People)"]);
    assert_eq!(texts(&ods)[0], "Item\tCost\nSteel\t900");
}

#[test]
fn odt_spaces_headings_and_metadata() {
    let v = ok("minutes.odt", &[]);
    let u = &v["units"][0];
    assert_eq!(
        u["text"],
        "Minutes\nThe meeting opened at ten.   Three spaces before this.\nNaïve café owners attended."
    );
    assert_eq!(u["fields"]["headings"][0], "Minutes");
    let meta = u["metadata"].as_array().unwrap();
    assert!(
        meta.iter()
            .any(|m| m["name"] == "initial-creator" && m["value"] == "Jonas Berg")
    );
}

#[test]
fn epub_chapters_follow_the_spine() {
    let v = ok("book.epub", &["--unit", "page"]);
    assert_eq!(
        locators(&v),
        ["chapter 1 (Text/b.xhtml)", "chapter 2 (Text/a.xhtml)"]
    );
    assert!(texts(&v)[0].contains("Chapter one"));
    let whole = ok("book.epub", &[]);
    let t = &texts(&whole)[0];
    assert!(t.find("Chapter one").unwrap() < t.find("Chapter two").unwrap());
    assert_eq!(whole["units"][0]["fields"]["title"][0], "The Bridge");
}

#[test]
fn pdf_pages_hyphens_headers_and_reading_order() {
    let v = ok("twocol.pdf", &["--unit", "page"]);
    assert_eq!(locators(&v), ["page 1", "page 2", "page 3"]);
    assert!(has_diag(&v, "hyphen-joined", "internationalization"));
    assert!(has_diag(&v, "header-footer", "Delineate test paper"));
    let t = &texts(&v)[0];
    // Two columns, not interleaved: the left column's paragraph ends before the right one's
    // starts, and the heading comes first.
    assert!(t.starts_with("1. Efficient extraction"));
    let first_right = t.find("A second paragraph").unwrap();
    let last_left = t.rfind("map ligature glyphs").unwrap();
    assert!(last_left < first_right, "columns interleaved");
    assert!(
        !t.contains("Delineate test paper"),
        "the running header is left out"
    );
    // Ghostscript's rendering uses ligature glyphs.
    let gs = ok("twocol-gs.pdf", &[]);
    assert!(has_diag(&gs, "ligature-mapped", "ﬁ"));
    assert!(!texts(&gs)[0].contains('ﬁ'));
}

#[test]
fn pdf_without_text_layer_needs_ocr_and_encrypted_is_reported() {
    let v = ok("scanned.pdf", &["--unit", "page"]);
    assert_eq!(texts(&v)[0], "Page one has a text layer.");
    assert!(has_diag(
        &v,
        "needs-ocr",
        "page 2: no text layer, 1 image(s): needs OCR"
    ));
    assert_eq!(v["units"][0]["fields"]["title"][0], "Scanned report");
    let (success, e) = extract("encrypted.pdf", &[]);
    assert!(!success);
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("a password is needed"),
        "{}",
        e["error"]
    );
    let (_, c) = extract("cyclic.pdf", &[]);
    assert!(has_diag(&c, "damaged", "empty, damaged or cyclic"));
}

#[test]
fn email_parts_charsets_and_encoded_words() {
    let v = ok("message.eml", &[]);
    assert_eq!(v["unit"], "part");
    assert_eq!(
        locators(&v),
        [
            "part 1 (body)",
            "part 2 (attachment notes.txt)",
            "part 3 (attachment photo.png)"
        ]
    );
    let body = &v["units"][0];
    assert_eq!(
        body["text"],
        "Bonjour,\nvoici mon résumé et le rapport.\nÉlodie\n"
    );
    let meta = body["metadata"].as_array().unwrap();
    assert!(
        meta.iter()
            .any(|m| m["name"] == "subject" && m["value"] == "Résumé et rapport")
    );
    assert!(has_diag(
        &v,
        "charset",
        "part 1 (text/plain, quoted-printable) decoded as windows-1252 (decided by the transport header)"
    ));
    assert!(has_diag(&v, "not-extracted", "photo.png: a PNG image"));
    let one = ok("message.eml", &["--unit", "message"]);
    assert_eq!(locators(&one), ["file"]);
    assert!(texts(&one)[0].contains("the bridge closes in March"));
}

#[test]
fn mbox_messages_are_units() {
    let v = ok("archive.mbox", &[]);
    assert_eq!(locators(&v), ["message 1", "message 2", "message 3"]);
    assert!(
        texts(&v)[0].contains("\nFrom the start it was clear."),
        ">From unescaped"
    );
    let subj = v["units"][2]["metadata"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == "subject")
        .unwrap()["value"]
        .clone();
    assert_eq!(subj, "Troisième");
    let span = &v["units"][1]["byte_span"];
    let bytes = std::fs::read(fx("archive.mbox")).unwrap();
    let start = span["start"].as_u64().unwrap() as usize;
    assert!(bytes[start..].starts_with(b"From b@example.org"));
    let file = ok("archive.mbox", &["--unit", "file"]);
    assert_eq!(locators(&file), ["file"]);
    assert!(has_diag(&file, "note", "should not be one document"));
}

#[test]
fn reuters_sgml_documents_keep_their_entities() {
    let v = ok("reuters.sgm", &[]);
    assert_eq!(locators(&v), ["REUTERS NEWID=1", "REUTERS NEWID=17980"]);
    assert!(texts(&v)[0].contains("said &lt;Comissaria Smith>"));
    assert!(has_diag(
        &v,
        "undecoded-entity",
        "a tokenizer will index the term 'lt'"
    ));
    assert_eq!(v["units"][0]["fields"]["topics"][0], "cocoa");
    // The stray 0xFC byte of NEWID 17980 decides the collection's encoding.
    assert_eq!(v["units"][1]["encoding"], "windows-1252");
    assert!(texts(&v)[1].contains("growth.ü&#5;&#30;side"));
    // Ids are stable and listed with their locators.
    let again = ok("reuters.sgm", &[]);
    assert_eq!(v["ids"], again["ids"]);
    let id = v["units"][1]["id"].as_str().unwrap();
    assert_eq!(v["ids"][id], "REUTERS NEWID=17980");
}

// ---- Hostile input ---------------------------------------------------------------------------

#[test]
fn hostile_files_are_errors_for_themselves_only() {
    let out = cmd()
        .args([
            "extract",
            &fx("bomb.docx"),
            &fx("bomb.pdf"),
            &fx("truncated.docx"),
            &fx("cyclic.pdf"),
            &fx("deep.xml"),
            &fx("encrypted.pdf"),
            &fx("plain.txt"),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("bomb.docx: entry word/document.xml (at byte 141) inflates"),
        "{stderr}"
    );
    assert!(stderr.contains("zip bomb"), "{stderr}");
    assert!(
        stderr.contains("bomb.pdf: stream 4 0 R (object at byte 202) inflates past"),
        "{stderr}"
    );
    assert!(stderr.contains("encrypted.pdf: encrypted"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stdout.contains("the ZIP central directory could not be read"),
        "{stdout}"
    );
    // The last, good file is still extracted.
    assert!(stdout.contains("Plain text, nothing else."), "{stdout}");
}

#[test]
fn no_document_byte_reaches_the_terminal_as_a_control() {
    // Removed when `scratch` drops, even when the test fails.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("extract");
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("evil.html");
    std::fs::write(
        &f,
        b"<title>\x1b]0;owned\x07</title><p>red \x1b[31mtext\x1b[0m and a bell \x07</p>",
    )
    .unwrap();
    let out = cmd()
        .args(["extract", f.to_str().unwrap()])
        .output()
        .unwrap();
    let s = out.stdout;
    assert!(
        !s.contains(&0x1b) && !s.contains(&0x07),
        "{}",
        String::from_utf8_lossy(&s)
    );
    assert!(String::from_utf8_lossy(&s).contains("␛[31m"));
}

#[test]
fn the_tool_never_writes_to_what_it_extracts() {
    let before: Vec<(String, std::time::SystemTime, u64)> = std::fs::read_dir(fx(""))
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let m = e.metadata().unwrap();
            (
                e.file_name().into_string().unwrap(),
                m.modified().unwrap(),
                m.len(),
            )
        })
        .collect();
    let mut c = cmd();
    c.arg("extract").arg("--json");
    for (n, _, _) in &before {
        c.arg(fx(n));
    }
    let _ = c.output().unwrap();
    for (n, t, len) in &before {
        let m = std::fs::metadata(fx(n)).unwrap();
        assert_eq!((m.modified().unwrap(), m.len()), (*t, *len), "{n} changed");
    }
}

/// `extract --encoding LABEL` decodes the file's own bytes in that encoding ("decided by
/// user"); without it the lying `<meta>` decides.
#[test]
fn extract_encoding_overrides_the_decision() {
    let page = "tests/fixtures/meta-lies.html";
    let run = |extra: &[&str]| {
        let out = cmd().arg("extract").args(extra).arg(page).output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let decided = run(&[]);
    assert!(
        decided.contains("rÃ©sumÃ©") && decided.contains("decided by declaration"),
        "{decided}"
    );
    let chosen = run(&["--encoding", "utf-8"]);
    assert!(
        chosen.contains("résumé") && chosen.contains("decided by the user's choice"),
        "{chosen}"
    );
    let bad = cmd()
        .args(["extract", "--encoding", "no-such-label", page])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// Text for 16 KB, then binary data: the format is told from the head (plain text), and the
/// decoded whole says what the head did not (zlib-rs's `paper-100k.pdf`, the middle of a PDF
/// whose first kilobyte is XML metadata, came out as 100,000 characters of "text"). Text with a
/// few controls, or EUC-JP read as windows-1252 (C1 controls), is not called binary.
#[test]
fn binary_data_past_the_head_is_named() {
    let scratch = tempfile::tempdir().unwrap();
    let run = |name: &str, bytes: &[u8]| -> Value {
        let f = scratch.path().join(name);
        std::fs::write(&f, bytes).unwrap();
        let out = cmd()
            .args(["extract", "--json", f.to_str().unwrap()])
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let mut bytes = b"   swatch C=10 M=100 Y=50 K=0, mode CMYK\n".repeat(400);
    let head = bytes.len();
    bytes.extend((0..4000u32).map(|i| [0x13, 0x02, 0xC7, 0x9A, 0x41][i as usize % 5]));
    let v = run("paper.pdf", &bytes);
    let d = diagnostics(&v);
    let garbled: Vec<_> = d.iter().filter(|(k, _)| k == "garbled").collect();
    assert_eq!(garbled.len(), 1, "{d:?}");
    assert!(
        garbled[0].1.contains("control characters")
            && garbled[0].1.contains("binary data, not text"),
        "{d:?}"
    );
    let span = &v["units"][0]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["kind"] == "garbled")
        .unwrap()["byte_span"];
    assert_eq!(span["start"], head as u64, "{span}");
    // A few form feeds and bells in text, and C1 controls of a wrong decoding: no.
    let text = b"Page one.\x0c\nA bell \x07 rings once.\n".repeat(40);
    assert!(!has_diag(&run("text.txt", &text), "garbled", ""));
    let euc = b"\x8f\xa2\xaf \x8f\xa2\xb0 \x8f\xa2\xb7 text\n".repeat(60);
    assert!(!has_diag(&run("euc.txt", &euc), "garbled", ""));
}
