//! CLI transcripts: the commands a user types, on the fixtures in `tests/fixtures/` (each one
//! described in `tests/fixtures/README.md`), with the exact output or the part that matters.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn cmd() -> Command {
    let mut c = Command::cargo_bin("delineate").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn fixture(name: &str) -> String {
    format!("tests/fixtures/{name}")
}

fn stdout_of(args: &[&str]) -> String {
    let out = cmd().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json_of(file: &str) -> Value {
    serde_json::from_str(&stdout_of(&["inspect", "--json", &fixture(file)])).unwrap()
}

// ---- The seed's failure table, exactly -------------------------------------------------------

#[test]
fn failure_table_utf8_as_utf8() {
    let f = fixture("resume-utf8.txt");
    assert_eq!(
        stdout_of(&["decode", &f, "--encoding", "utf-8"]),
        "résumé\n"
    );
    assert_eq!(
        stdout_of(&["tokens", &f, "--encoding", "utf-8"]),
        "résumé\n"
    );
}

#[test]
fn failure_table_utf8_as_windows_1252() {
    let f = fixture("resume-utf8.txt");
    assert_eq!(
        stdout_of(&["decode", &f, "--encoding", "windows-1252"]),
        "rÃ©sumÃ©\n"
    );
    assert_eq!(
        stdout_of(&["tokens", &f, "--encoding", "windows-1252"]),
        "rã\nsumã\n"
    );
}

#[test]
fn failure_table_latin1_as_utf8_replace() {
    let f = fixture("resume-latin1.txt");
    assert_eq!(
        stdout_of(&["decode", &f, "--encoding", "utf-8", "--errors", "replace"]),
        "r\u{FFFD}sum\u{FFFD}\n"
    );
    assert_eq!(
        stdout_of(&["tokens", &f, "--encoding", "utf-8", "--errors", "replace"]),
        "r\nsum\n"
    );
}

#[test]
fn failure_table_latin1_as_utf8_ignore() {
    let f = fixture("resume-latin1.txt");
    assert_eq!(
        stdout_of(&["decode", &f, "--encoding", "utf-8", "--errors", "ignore"]),
        "rsum\n"
    );
    assert_eq!(
        stdout_of(&["tokens", &f, "--encoding", "utf-8", "--errors", "ignore"]),
        "rsum\n"
    );
}

#[test]
fn strict_decoding_names_the_offset_and_writes_nothing() {
    cmd()
        .args([
            "decode",
            &fixture("resume-latin1.txt"),
            "--encoding",
            "utf-8",
            "--errors",
            "strict",
        ])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "delineate: tests/fixtures/resume-latin1.txt: invalid UTF-8 at byte offset 1: \
             E9 announces a 3-byte sequence, but 73 does not begin with 10\n",
        );
}

#[test]
fn tokens_without_encoding_use_the_decision() {
    // Latin-1 bytes: the evidence decides windows-1252, so the word survives.
    assert_eq!(
        stdout_of(&["tokens", &fixture("resume-latin1.txt")]),
        "résumé\n"
    );
    assert_eq!(
        stdout_of(&["tokens", &fixture("cp1252.txt")]),
        "it\ns\nquoted\nnaïve\ncafé\n5\neach\n"
    );
    // Letters only: the digit goes.
    assert!(!stdout_of(&["tokens", "--tokens", "letters", &fixture("cp1252.txt")]).contains('5'));
}

// ---- inspect ---------------------------------------------------------------------------------

#[test]
fn inspect_explains_a_lying_meta() {
    let out = stdout_of(&["inspect", &fixture("meta-lies.html")]);
    for needle in [
        "Encoding: windows-1252 (decided by declaration)",
        "<meta> at bytes 40–67 declares \"iso-8859-1\"",
        "reads it as windows-1252",
        "! declared iso-8859-1 in <meta> at bytes 40–67, but the bytes are valid UTF-8 with 12 multi-byte sequences: the declaration is probably wrong",
        "Mojibake: UTF-8 decoded as windows-1252: 12 sequences can be undone exactly",
        "rÃ©sumÃ© → résumé",
        "  1  UTF-8",
    ] {
        assert!(out.contains(needle), "missing {needle:?} in:\n{out}");
    }
}

/// Bytes that are no text — compressed data behind a gzip signature, the same bytes without
/// one — get no likely encoding (EBCDIC is text, read in its pages: tests/ebcdic.rs): the verdict abstains at confidence 0 and says what the
/// bytes are (compressed data read as windows-1251 or windows-1252 gave 0.97–0.99 before),
/// with no segments and no mojibake search; the decision stays what a consumer that takes them
/// for text decodes. A text with one stray NUL, or padded with NULs, is text, and is weighed.
#[test]
fn inspect_abstains_on_bytes_that_are_not_text() {
    let scratch = tempfile::tempdir().unwrap();
    // Deflate output is close to random bytes: a linear congruential stream stands in for it.
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let noise: Vec<u8> = (0..6000)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 56) as u8
        })
        .collect();
    let gz = scratch.path().join("changelog.gz");
    std::fs::write(&gz, [&b"\x1F\x8B\x08\x00"[..], &noise].concat()).unwrap();
    let bin = scratch.path().join("keyring.gpg");
    std::fs::write(&bin, &noise[..2000]).unwrap();
    for (path, format, what) in [
        (
            gz.to_str().unwrap(),
            "gzip",
            "a gzip-compressed file, not text",
        ),
        (
            bin.to_str().unwrap(),
            "binary",
            "binary data of no known format, not text",
        ),
    ] {
        let j: Value = serde_json::from_str(&stdout_of(&["inspect", "--json", path])).unwrap();
        let l = &j["likely"];
        assert_eq!(l["confidence"], 0.0, "{path}: {l}");
        assert_eq!(l["name"], j["encoding"]["name"], "{path}");
        assert_eq!(l["not_text"]["format"], format, "{path}");
        assert!(l["because"].as_str().unwrap().contains(what), "{path}: {l}");
        assert!(l["language"].is_null(), "{path}");
        assert_eq!(j["segments"], serde_json::json!([]), "{path}");
        assert!(j["mojibake"].is_null(), "{path}");
        let evidence = j["evidence"].as_array().unwrap();
        assert!(evidence.iter().all(|e| e["kind"] != "language"), "{path}");
        let report = stdout_of(&["inspect", path]);
        let first = report.lines().next().unwrap();
        assert!(first.contains(what), "{first}");
        assert!(report.contains("no encoding is likely"), "{report}");
        assert!(report.contains("Mojibake: not searched"), "{report}");
    }
    // Too few bytes to call binary: four Han characters in UTF-16LE without a BOM (`生` is
    // `1F 75`, a control byte) are weighed, and read.
    let han = scratch.path().join("han.txt");
    let units: Vec<u8> = "人人生而"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    std::fs::write(&han, units).unwrap();
    let j: Value =
        serde_json::from_str(&stdout_of(&["inspect", "--json", han.to_str().unwrap()])).unwrap();
    assert!(j["likely"]["not_text"].is_null(), "{}", j["likely"]);
    assert_eq!(j["likely"]["name"], "UTF-16LE", "{}", j["likely"]);
    // Text with a stray NUL: weighed as text, as before.
    let text = scratch.path().join("log.txt");
    let mut bytes = "Die Prüfung der Größe ergab, daß die Übertragung gelungen ist.\n"
        .repeat(20)
        .chars()
        .map(|c| c as u32 as u8)
        .collect::<Vec<u8>>();
    bytes[500] = 0;
    std::fs::write(&text, &bytes).unwrap();
    let j: Value =
        serde_json::from_str(&stdout_of(&["inspect", "--json", text.to_str().unwrap()])).unwrap();
    assert!(j["likely"]["not_text"].is_null(), "{}", j["likely"]);
    assert_eq!(j["likely"]["name"], "windows-1252");
    assert!(
        j["likely"]["confidence"].as_f64().unwrap() > 0.9,
        "{}",
        j["likely"]
    );
    assert_eq!(j["format"]["detected"], "text");
    // Text padded with NULs (a fixed-size record, a log's crash hole): text, and its words
    // weighed; the padding ruled every encoding out before (confidence 0.20).
    bytes[500] = b' ';
    bytes.extend([0u8; 3000]);
    std::fs::write(&text, &bytes).unwrap();
    let j: Value =
        serde_json::from_str(&stdout_of(&["inspect", "--json", text.to_str().unwrap()])).unwrap();
    assert_eq!(j["format"]["detected"], "text");
    assert_eq!(j["likely"]["name"], "windows-1252");
    assert!(
        j["likely"]["confidence"].as_f64().unwrap() > 0.9,
        "{}",
        j["likely"]
    );
}

#[test]
fn inspect_json_contract() {
    let j = json_of("meta-lies.html");
    assert_eq!(j["path"], "tests/fixtures/meta-lies.html");
    assert_eq!(j["size_bytes"], 206);
    assert_eq!(j["encoding"]["name"], "windows-1252");
    assert_eq!(j["encoding"]["decided_by"], "declaration");
    assert!(
        j["encoding"]["explanation"]
            .as_str()
            .unwrap()
            .contains("<meta>")
    );
    let kinds: Vec<&str> = j["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["html-meta", "utf8-validity", "statistical"]);
    let meta = &j["evidence"][0];
    assert_eq!(meta["encoding"], "windows-1252");
    assert_eq!(meta["byte_span"]["start"], 40);
    assert_eq!(meta["byte_span"]["end"], 67);
    assert!(meta["detail"].is_string());
    assert!(!j["conflicts"].as_array().unwrap().is_empty());
    let c = &j["candidates"][0];
    for field in [
        "encoding",
        "score",
        "replacement_chars",
        "deleted_bytes",
        "first_error_offset",
        "features",
    ] {
        assert!(c.get(field).is_some(), "candidate lacks {field}");
    }
    for feature in [
        "alphabeticRatio",
        "letterPairDensity",
        "highByteEntropy",
        "replacementRatio",
        "combiningMarkRatio",
        "letterAdjacentToMarkRatio",
        "scriptDensity",
        "scriptFragmentation",
        "scriptAlternationRatio",
        "perWordScriptPurity",
    ] {
        assert!(
            c["features"].get(feature).is_some(),
            "features lack {feature}"
        );
    }
    assert_eq!(j["mojibake"]["chain"][0], "windows-1252");
    assert!(
        j["mojibake"]["repaired_sample"]
            .as_str()
            .unwrap()
            .contains("résumé")
    );
    // Clean text: mojibake is null.
    assert!(json_of("resume-utf8.txt")["mojibake"].is_null());
}

/// The mojibake search reads the decided text's first 16 KiB, and the report says so: a long
/// file whose only mojibake lies past them is not "clean" (libxslt's changelog said "none in
/// the decided text" with `KÅ‚oczko` at byte 83,378; `anomalies` found it).
#[test]
fn inspect_says_which_bytes_the_mojibake_search_read() {
    let scratch = tempfile::tempdir().unwrap();
    let path = scratch.path().join("long-changelog.txt");
    let mut text = String::new();
    while text.len() < 20_000 {
        text.push_str("2004-02-15  fix the build on systems without iconv (Björn)\n");
    }
    let at = text.len();
    text.push_str("2004-02-16  the rÃ©sumÃ© page\n");
    std::fs::write(&path, &text).unwrap();
    let path = path.to_str().unwrap();
    let j: Value = serde_json::from_str(&stdout_of(&["inspect", "--json", path])).unwrap();
    assert!(j["mojibake"].is_null());
    assert_eq!(j["mojibake_searched"]["start"], 0);
    assert_eq!(j["mojibake_searched"]["end"], 16_384);
    let out = stdout_of(&["inspect", path]);
    assert_eq!(text.len(), 20_074);
    assert!(
        out.contains(
            "Mojibake: none in bytes 0–16,384 of 20,074 (the decided text's first 16 KiB; `delineate anomalies --class mojibake-word` reads every line)"
        ),
        "{out}"
    );
    let found = stdout_of(&["anomalies", "--class", "mojibake-word", path]);
    assert!(
        found.contains(&format!("{}–{}", at + 16, at + 28)),
        "{found}"
    );
    assert!(found.contains("the word was 'résumé'"), "{found}");
    // A short file: the search read all of it.
    let j = json_of("resume-utf8.txt");
    assert_eq!(j["mojibake_searched"]["end"], j["size_bytes"]);
    assert!(
        stdout_of(&["inspect", &fixture("resume-utf8.txt")])
            .contains("Mojibake: none in the decided text")
    );
}

#[test]
fn inspect_json_is_one_line_per_file() {
    let out = stdout_of(&[
        "inspect",
        "--json",
        &fixture("resume-utf8.txt"),
        &fixture("resume-latin1.txt"),
    ]);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["encoding"]["name"], "UTF-8");
    assert_eq!(lines[1]["encoding"]["name"], "windows-1252");
    let first = &lines[1]["validity"]["first_invalid"];
    assert_eq!(first["byte_span"]["start"], 1);
    assert_eq!(
        first["reason"],
        "E9 announces a 3-byte sequence, but 73 does not begin with 10"
    );
    // The UTF-8 candidate: 2 U+FFFD, 2 bytes deleted, strict stops at 1.
    let utf8 = lines[1]["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["encoding"] == "UTF-8")
        .unwrap()
        .clone();
    assert_eq!(utf8["replacement_chars"], 2);
    assert_eq!(utf8["deleted_bytes"], 2);
    assert_eq!(utf8["first_error_offset"], 1);
}

#[test]
fn decisions_for_each_kind_of_evidence() {
    let cases = [
        ("utf8-bom.txt", "UTF-8", "bom"),
        ("utf32be-bom.txt", "UTF-32BE", "bom"),
        ("utf16le-nobom.txt", "UTF-16LE", "statistical"),
        ("latin2.xml", "ISO-8859-2", "declaration"),
        ("koi8r.eml", "KOI8-R", "declaration"),
        ("meta-1251.html", "windows-1251", "declaration"),
        ("truncated-utf8.txt", "UTF-8", "validity"),
        ("ascii.txt", "UTF-8", "validity"),
        ("cp1252.txt", "windows-1252", "statistical"),
        ("empty.txt", "UTF-8", "validity"),
    ];
    for (file, name, by) in cases {
        let j = json_of(file);
        assert_eq!(j["encoding"]["name"], name, "{file}");
        assert_eq!(j["encoding"]["decided_by"], by, "{file}");
        assert_eq!(
            j["candidates"][0]["encoding"], name,
            "{file}: best candidate"
        );
    }
    let ascii = json_of("ascii.txt");
    assert!(
        ascii["evidence"][0]["detail"]
            .as_str()
            .unwrap()
            .contains("pure ASCII")
    );
    let trunc = json_of("truncated-utf8.txt");
    assert!(
        trunc["encoding"]["explanation"]
            .as_str()
            .unwrap()
            .contains("truncated")
    );
    // A character cut off by the end of the file is a truncation, not mojibake whose bytes
    // were lost.
    // (Cyrillic "о" before the cut would otherwise read as a UTF-8 lead byte in mojibake.)
    for f in ["truncated-utf8.txt", "truncated-cyrillic.txt"] {
        let j = json_of(f);
        assert!(j["mojibake"].is_null(), "{f}: {}", j["mojibake"]);
    }
}

#[test]
fn transport_header_and_user_override() {
    let j: Value = serde_json::from_str(&stdout_of(&[
        "inspect",
        "--json",
        "--content-type",
        "text/html; charset=utf-8",
        &fixture("meta-lies.html"),
    ]))
    .unwrap();
    assert_eq!(j["encoding"]["name"], "UTF-8");
    assert_eq!(j["encoding"]["decided_by"], "transport");
    assert_eq!(j["evidence"][0]["kind"], "transport");
    assert!(j["evidence"][0]["byte_span"].is_null());
    let j: Value = serde_json::from_str(&stdout_of(&[
        "inspect",
        "--json",
        "--encoding",
        "latin1",
        "--encoding",
        "koi8-r",
        &fixture("resume-utf8.txt"),
    ]))
    .unwrap();
    assert_eq!(j["encoding"]["name"], "windows-1252");
    assert_eq!(j["encoding"]["decided_by"], "user");
    let names: Vec<&str> = j["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["encoding"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"KOI8-R"), "{names:?}");
}

#[test]
fn stdin_is_dash() {
    cmd()
        .args(["inspect", "--json", "-"])
        .write_stdin("caf\u{e9}".as_bytes())
        .assert()
        .success()
        .stdout(predicate::str::contains("\"path\":\"-\""));
    cmd()
        .args(["tokens", "-", "--encoding", "windows-1252"])
        .write_stdin("r\u{e9}sum\u{e9}".as_bytes())
        .assert()
        .success()
        .stdout("rã\nsumã\n");
    cmd()
        .arg("tokens")
        .write_stdin("Hello, World")
        .assert()
        .stdout("hello\nworld\n");
}

#[test]
fn errors_name_the_path_and_the_rest_goes_on() {
    cmd()
        .args(["inspect", "tests/fixtures"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "tests/fixtures: is a directory; use `delineate audit tests/fixtures`",
        ));
    cmd()
        .args([
            "inspect",
            "--json",
            "no/such/file.txt",
            &fixture("ascii.txt"),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no/such/file.txt: No such file"))
        .stdout(predicate::str::contains(
            "\"path\":\"tests/fixtures/ascii.txt\"",
        ));
    cmd()
        .args(["decode", &fixture("ascii.txt"), "--encoding", "klingon"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown encoding label \"klingon\"",
        ));
    cmd().args(["inspect"]).assert().code(2);
}

#[test]
fn help_documents_exit_codes_and_raw_output() {
    cmd()
        .args(["decode", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("unescaped"))
        .stdout(predicate::str::contains("Exit status"));
}

// ---- fix --------------------------------------------------------------------------------------

#[test]
fn fix_repairs_line_by_line() {
    let out = stdout_of(&["fix", &fixture("mixed-mojibake.txt")]);
    assert_eq!(
        out,
        "The candidate sent a résumé.\n\
         The candidate sent a résumé.\n\
         It’s déjà vu — again\n\
         SÃO PAULO and 5 € stay as they are\n\
         résumé\n\
         r\u{FFFD}sumé lost a byte\n"
    );
}

#[test]
fn fix_explain_shows_hypotheses_and_rounds() {
    let out = stdout_of(&["fix", "--explain", &fixture("resume-double-mojibake.txt")]);
    for needle in [
        "line 1: rÃƒÂ©sumÃƒÂ©",
        "UTF-8 decoded as windows-1252 2 times over",
        "1. undo windows-1252, then windows-1252",
        "round 1: text read as windows-1252 → re-read as UTF-8: rÃ©sumÃ©",
        "round 2: text read as windows-1252 → re-read as UTF-8: résumé",
        "result: résumé",
        "1 line: 1 repaired, 0 with lost bytes (unrecoverable), 0 clean",
    ] {
        assert!(out.contains(needle), "missing {needle:?} in:\n{out}");
    }
    let lost = stdout_of(&["fix", "--explain", &fixture("mixed-mojibake.txt")]);
    assert!(lost.contains("lost:"), "{lost}");
    assert!(lost.contains("cannot be restored"), "{lost}");
}

#[test]
fn fix_leaves_clean_text_alone() {
    let clean = std::fs::read_to_string(format!(
        "{}/tests/fixtures/portuguese-clean.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    assert_eq!(stdout_of(&["fix", &fixture("portuguese-clean.txt")]), clean);
}

// ---- terminal safety and pipes ------------------------------------------------------------------

fn assert_inert(out: &str, what: &str) {
    for (i, c) in out.char_indices() {
        let u = c as u32;
        let bad =
            (u < 0x20 && c != '\n') || (0x7F..=0x9F).contains(&u) || (0x202A..=0x202E).contains(&u);
        assert!(
            !bad,
            "{what}: control U+{u:04X} at byte {i} reached the output"
        );
    }
}

#[test]
fn reports_never_emit_document_controls() {
    let f = fixture("controls.txt");
    let human = stdout_of(&["inspect", &f]);
    assert_inert(&human, "inspect");
    assert!(human.contains("⟨U+009B⟩"), "{human}");
    assert!(human.contains("⟨RLO⟩"), "{human}");
    assert_inert(&stdout_of(&["inspect", "--json", &f]), "inspect --json");
    assert_inert(&stdout_of(&["tokens", &f]), "tokens");
    assert_inert(
        &stdout_of(&["fix", "--explain", &fixture("mixed-mojibake.txt")]),
        "fix --explain",
    );
}

#[test]
fn a_closed_pipe_exits_quietly() {
    use std::io::Read;
    use std::process::{Command as Std, Stdio};
    // Removed when `scratch` drops, even when the test fails.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("pipe");
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.txt");
    std::fs::write(&big, "word ".repeat(2_000_000)).unwrap();
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("delineate"))
        .args(["tokens", big.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut buf = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut buf).unwrap();
    // The reader is gone now (like `| head`).
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "status {:?}", out.status);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

// ---- explain ------------------------------------------------------------------------------------

#[test]
fn explain_matches_the_seed_tables() {
    let out = stdout_of(&["explain", "é€中😀"]);
    for needle in [
        "é  U+00E9  LATIN SMALL LETTER E WITH ACUTE",
        "binary 11101001: 8 bits",
        "split as the bytes take them: 00011 101001",
        "| First byte  | 110    | 00011   | 11000011 | C3  |",
        "| Second byte | 10     | 101001  | 10101001 | A9  |",
        "€  U+20AC  EURO SIGN",
        "binary 10000010101100: 14 bits, more than the 11 of the 2-byte pattern, so the 3-byte pattern 1110xxxx 10xxxxxx 10xxxxxx",
        "0010 000010 101100",
        "| First byte  | 1110   | 0010    | 11100010 | E2  |",
        "| Second byte | 10     | 000010  | 10000010 | 82  |",
        "| Third byte  | 10     | 101100  | 10101100 | AC  |",
        "UTF-8: E4 B8 AD (3 bytes)   UTF-16: 4E2D (1 code unit)",
        "😀  U+1F600  GRINNING FACE",
        "UTF-8: F0 9F 98 80 (4 bytes)   UTF-16: D83D (high surrogate) DE00 (low surrogate) (2 code units)",
        "NFD e\u{301} (U+0065 U+0301, changed)",
    ] {
        assert!(out.contains(needle), "missing {needle:?} in:\n{out}");
    }
    assert!(stdout_of(&["explain", "U+20AC"]).starts_with("€  U+20AC  EURO SIGN"));
    let bytes = stdout_of(&["explain", "--bytes", "72 e9 73"]);
    assert!(bytes.contains("E9  invalid UTF-8 at byte 1"), "{bytes}");
    assert!(bytes.contains("E9 announces a 3-byte sequence, but 73 does not begin with 10"));
    let j: Value = serde_json::from_str(
        stdout_of(&["explain", "--json", "é"])
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(j["utf8"]["bytes"][0]["payload"], "00011");
    cmd().args(["explain", "--bytes", "zz"]).assert().code(2);
    assert_inert(&stdout_of(&["explain", "\u{1b}\u{9b}\u{202e}"]), "explain");
}

// ---- anomalies and normalize ------------------------------------------------------------------

#[test]
fn each_anomaly_class_has_a_fixture_that_shows_it() {
    let dir = format!("{}/tests/fixtures/anomalies", env!("CARGO_MANIFEST_DIR"));
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let class = path.file_stem().unwrap().to_str().unwrap().to_string();
        let mut args = vec!["anomalies", "--json", "--all", path.to_str().unwrap()];
        if class == "decode-error" {
            args.extend(["--encoding", "utf-8"]);
        }
        let j: Value = serde_json::from_str(&stdout_of(&args)).unwrap();
        let classes: Vec<&str> = j["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["class"].as_str().unwrap())
            .collect();
        assert!(
            classes.contains(&class.as_str()),
            "{class}: found {classes:?}"
        );
        for f in j["findings"].as_array().unwrap() {
            assert!(
                f["byte_span"]["start"].is_u64() && f["char_start"].is_u64(),
                "{f}"
            );
            assert!(f["context"].as_str().unwrap().contains('['));
        }
        seen.push(class);
    }
    // deleted-bytes: the same bytes under an ignore-mode decoder.
    let j: Value = serde_json::from_str(&stdout_of(&[
        "anomalies",
        "--json",
        "--encoding",
        "utf-8",
        "--errors",
        "ignore",
        &format!("{dir}/decode-error.txt"),
    ]))
    .unwrap();
    assert_eq!(j["findings"][0]["class"], "deleted-bytes");
    assert_eq!(j["findings"][0]["byte_span"]["start"], 1);
    seen.push("deleted-bytes".into());
    for c in delineate::anomaly::ALL_CLASSES {
        assert!(
            seen.iter().any(|s| s == c.name()),
            "no fixture for {}",
            c.name()
        );
    }
}

#[test]
fn anomalies_summary_and_filters() {
    let out = stdout_of(&[
        "anomalies",
        "assets/demo/legacy/07-invisible-characters.txt",
    ]);
    assert!(
        out.contains("anomalies: 6 — zero-width 2 · bidi 2 · soft-hyphen 1 · non-standard-space 1"),
        "{out}"
    );
    assert!(out.contains("Zero[⟨ZWSP⟩]width"), "{out}");
    let j: Value = serde_json::from_str(&stdout_of(&[
        "anomalies",
        "--json",
        "--class",
        "bidi",
        "assets/demo/legacy/07-invisible-characters.txt",
    ]))
    .unwrap();
    assert_eq!(j["findings"].as_array().unwrap().len(), 2);
    assert_eq!(j["summary"]["by_class"]["zero-width"], 2);
    cmd()
        .args(["anomalies", "--class", "nonsense", "x"])
        .assert()
        .code(2);
}

#[test]
fn normalize_writes_text_explains_and_answers_queries() {
    let f = fixture("anomalies/line-end-hyphen.txt");
    assert_eq!(
        stdout_of(&["normalize", &f]),
        "bytes into information for the index.\n"
    );
    let explain = stdout_of(&[
        "normalize",
        "--explain",
        &fixture("anomalies/decomposed.txt"),
    ]);
    assert!(
        explain.contains("step 3 normalize    2 changes: NFC 2"),
        "{explain}"
    );
    assert!(
        explain.contains("(U+0065 U+0301) → 'é' (U+00E9)"),
        "{explain}"
    );
    let q = stdout_of(&["normalize", &f, "--query", "information"]);
    assert!(q.contains("raw text (UTF-8, validity):  0 matches"), "{q}");
    assert!(q.contains("normalised text:  1 match"), "{q}");
    assert!(q.contains("[infor-␊mation]"), "{q}");
    assert!(q.contains("(in the raw text: joined)"), "{q}");
    let z = stdout_of(&[
        "normalize",
        &fixture("anomalies/zero-width.txt"),
        "--query",
        "paypal",
    ]);
    assert!(z.contains("(in the raw text: zero-width)"), "{z}");
    // NFKC folds ligatures; fold makes a lower-case accent-free copy.
    assert_eq!(
        stdout_of(&["normalize", "--nfkc", &fixture("anomalies/ligature.txt")]),
        "find the flow\n"
    );
    assert_eq!(
        stdout_of(&["normalize", "--fold", &fixture("resume-utf8.txt")]),
        "resume\n"
    );
    // The wrong order loses the repair.
    assert_eq!(
        stdout_of(&["normalize", "--steps", "whitespace,hyphenation", &f]),
        "bytes into infor- mation for the index.\n"
    );
}

#[test]
fn normalize_record_is_written_but_never_over_the_input() {
    // Removed when `scratch` drops, even when the test fails.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("rec");
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("record.json");
    stdout_of(&[
        "normalize",
        &fixture("anomalies/zero-width.txt"),
        "--record",
        rec.to_str().unwrap(),
    ]);
    let j: Value = serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    assert_eq!(j["tool"], "delineate");
    assert_eq!(j["encoding"], "UTF-8");
    assert_eq!(j["unicode_version"], "18.0");
    assert_eq!(j["steps"][0]["step"], "invisibles");
    assert_eq!(j["steps"][0]["changes"], 1);
    assert_eq!(j["options"]["form"], "NFC");
    // The input is refused as the output.
    let input = dir.join("doc.txt");
    std::fs::write(&input, "a\u{200b}b\n").unwrap();
    cmd()
        .args([
            "normalize",
            input.to_str().unwrap(),
            "--record",
            input.to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("it is the input")
                .and(predicate::str::contains("refusing to write there")),
        );
    assert_eq!(std::fs::read_to_string(&input).unwrap(), "a\u{200b}b\n");
}

/// `fix` works line by line, and the line `zvlášť v rodine.` alone looks like UTF-8 read as
/// ISO-8859-2 (`ášť` is E1 B9 BB there, UTF-8 for `ṻ`); the repair would turn a Slovak word
/// into a non-word, so it is refused and named, while the double-encoded line is repaired.
#[test]
fn fix_refuses_a_repair_that_turns_a_word_into_a_non_word() {
    let f = fixture("slovak-lines.txt");
    let fixed = stdout_of(&["fix", &f]);
    assert!(fixed.contains("Všetci ľudia sa rodia"), "{fixed}");
    assert!(fixed.ends_with("zvlášť v rodine.\n"), "{fixed}");
    let explained = stdout_of(&["fix", "--explain", &f]);
    assert!(
        explained.contains(
            "refused: zvlášť → zvlṻ (undoing ISO-8859-2): a word of a word list turned into a non-word"
        ),
        "{explained}"
    );
    assert!(
        explained.contains("4 lines: 1 repaired, 0 with lost bytes (unrecoverable), 3 clean"),
        "{explained}"
    );
}

/// Real Slovak with one passage double-encoded: the passage is repaired under windows-1252,
/// and the chain that would also "repair" `zvlášť` (ISO-8859-2 E1 B9 BB is UTF-8 for `ṻ`) is
/// refused word by word, with its reason in the report and in JSON.
#[test]
fn a_repair_of_clean_words_is_refused_and_named() {
    let j = json_of("slovak-passage-double-encoded.txt");
    let m = &j["mojibake"];
    assert_eq!(m["chain"], serde_json::json!(["windows-1252"]), "{m}");
    assert_eq!(m["refused"][0]["word"], "zvlášť", "{m}");
    assert_eq!(m["refused"][0]["encoding"], "ISO-8859-2", "{m}");
    let text = stdout_of(&["inspect", &fixture("slovak-passage-double-encoded.txt")]);
    assert!(
        text.contains("refused: zvlášť → zvlṻ (undoing ISO-8859-2)"),
        "{text}"
    );
    assert!(text.contains("VÅ¡etci → Všetci"), "{text}");
}

/// The subcommands, as `delineate --help` lists them.
fn subcommands() -> Vec<String> {
    let help = stdout_of(&["--help"]);
    let list = help
        .split("Commands:")
        .nth(1)
        .expect("a Commands section")
        .split("\n\n")
        .next()
        .unwrap();
    let names: Vec<String> = list
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 14, "{names:?}");
    names
}

/// Issue 22: completions for every shell clap_complete knows, each naming every subcommand.
#[test]
fn completions_name_every_subcommand() {
    let subs = subcommands();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell]);
        assert!(script.len() > 1000, "{shell}: {} bytes", script.len());
        for s in &subs {
            assert!(script.contains(s.as_str()), "{shell} completion lacks {s}");
        }
    }
}

/// Issue 22: the man page names every subcommand, and `man --out DIR` writes one page each.
#[test]
fn man_pages_cover_every_subcommand() {
    let subs = subcommands();
    let page = stdout_of(&["man"]);
    assert!(page.contains(".TH delineate 1"), "{page}");
    for s in &subs {
        let roff_name = format!("delineate\\-{}(1)", s.replace('-', "\\-"));
        assert!(page.contains(&roff_name), "man lacks {roff_name}");
    }
    // Removed when `scratch` drops, even when the test fails.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("man");
    Command::cargo_bin("delineate")
        .unwrap()
        .args(["man", "--out"])
        .arg(&dir)
        .assert()
        .success();
    for s in &subs {
        let p = dir.join(format!("delineate-{s}.1"));
        let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert!(text.contains(".SH SYNOPSIS"), "{}", p.display());
    }
}

/// Issue 22: `--version` names the version and the Unicode version of the tables.
#[test]
fn version_names_the_unicode_tables() {
    let v = stdout_of(&["--version"]);
    assert!(
        v.starts_with(&format!("delineate {}", env!("CARGO_PKG_VERSION"))),
        "{v}"
    );
    assert!(v.contains("Unicode") && v.contains("normalization"), "{v}");
}

/// Issue 22: `--color always|never|auto`, before or after the subcommand. Colour marks the
/// layout only (headings, conflicts, placeholders); a document's own escape bytes still arrive
/// as the placeholder ␛, and the text `decode` writes is never coloured.
#[test]
fn color_always_never_and_auto() {
    // Removed when `scratch` drops, even when the test fails.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("color");
    std::fs::create_dir_all(&dir).unwrap();
    let hostile = dir.join("hostile.txt");
    std::fs::write(
        &hostile,
        b"plain words \x1b[31mred\x1b[0m and \x1b]2;title\x07 more\n",
    )
    .unwrap();
    let h = hostile.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = Command::cargo_bin("delineate")
            .unwrap()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env_remove("NO_COLOR")
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let lying = "assets/demo/crawl/meta-lies.html";
    let always = run(&["inspect", "--color", "always", lying]);
    assert!(always.contains("\x1b[1mEvidence\x1b[0m"), "{always}");
    assert!(
        always.contains("\x1b[31m\x1b[1m!\x1b[0m"),
        "conflicts are marked"
    );
    assert_eq!(
        run(&["--color", "always", "inspect", lying]),
        always,
        "the flag goes anywhere"
    );
    for plain in [
        run(&["inspect", "--color", "never", lying]),
        run(&["inspect", lying]), // auto, and standard output is a pipe
    ] {
        assert!(!plain.contains('\x1b'), "{plain}");
    }
    // The only escapes are our fixed SGR sequences; the document's became ␛.
    let report = run(&["anomalies", "--color", "always", h]);
    assert!(report.contains('␛'), "{report}");
    let sgr = [
        "\x1b[0m", "\x1b[1m", "\x1b[2m", "\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[35m",
    ];
    let mut rest = report.as_str();
    while let Some(i) = rest.find('\x1b') {
        assert!(
            sgr.iter().any(|s| rest[i..].starts_with(s)),
            "an escape that is not ours: {:?}",
            &rest[i..(i + 12).min(rest.len())]
        );
        rest = &rest[i + 1..];
    }
    let text = run(&["decode", "--color", "always", "--encoding", "utf-8", lying]);
    assert!(
        !text.contains("\x1b[1m") && text.contains("résumé"),
        "{text}"
    );
}
