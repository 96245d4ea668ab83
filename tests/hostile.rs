//! Hostile input, as a user meets it: files made to hurt (zip slip, entity bombs, 100,000
//! nested elements, a 100 MB line, a sparse 10 GB file, every byte value, terminal escape
//! sequences), run through the commands a person types. Each gives a specific finding or error
//! and the run goes on; nothing reaches the terminal as a control sequence; nothing inspected
//! is ever modified. The files are made at test time under cargo's temporary directory.

mod common;

use assert_cmd::Command;
use common::crc32;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn cmd() -> Command {
    let mut c = Command::cargo_bin("delineate").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The first JSON line of `stdout`.
fn first_json(stdout: &[u8]) -> Value {
    serde_json::from_slice(stdout.split(|&b| b == b'\n').next().unwrap()).unwrap()
}

/// `extract --json ARGS… path`, whatever its exit status: the JSON object of the (single) file.
fn extract_with(args: &[&str], path: &Path) -> Value {
    let out = cmd()
        .args(["extract", "--json"])
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    first_json(&out.stdout)
}

/// `extract --json` of `path`: the JSON object of the (single) file.
fn extract(path: &Path) -> Value {
    let out = cmd()
        .args(["extract", "--json"])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    first_json(&out.stdout)
}

/// Every diagnostic message of an extraction, file-level and per unit.
fn messages(x: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |v: &Value| {
        for d in v.as_array().into_iter().flatten() {
            out.push(format!("{} {} {}", d["kind"], d["message"], d["limit"]));
        }
    };
    add(&x["diagnostics"]);
    for u in x["units"].as_array().into_iter().flatten() {
        add(&u["diagnostics"]);
    }
    out
}

/// A tiny ZIP (stored entries) written by hand, so the names can be anything.
fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in entries {
        let offset = out.len() as u32;
        let crc = crc32(data);
        let local = |sig: u32, out: &mut Vec<u8>, central: bool| {
            out.extend_from_slice(&sig.to_le_bytes());
            if central {
                out.extend_from_slice(&20u16.to_le_bytes());
            }
            out.extend_from_slice(&20u16.to_le_bytes()); // version needed
            out.extend_from_slice(&0u16.to_le_bytes()); // flags
            out.extend_from_slice(&0u16.to_le_bytes()); // stored
            out.extend_from_slice(&0u32.to_le_bytes()); // time, date
            out.extend_from_slice(&crc.to_le_bytes());
            out.extend_from_slice(&(data.len() as u32).to_le_bytes());
            out.extend_from_slice(&(data.len() as u32).to_le_bytes());
            out.extend_from_slice(&(name.len() as u16).to_le_bytes());
            out.extend_from_slice(&0u16.to_le_bytes()); // extra
            if central {
                out.extend_from_slice(&[0; 6]); // comment length, disk, internal attributes
                out.extend_from_slice(&0u32.to_le_bytes()); // external attributes
                out.extend_from_slice(&offset.to_le_bytes());
            }
            out.extend_from_slice(name.as_bytes());
        };
        local(0x0403_4b50, &mut out, false);
        out.extend_from_slice(data);
        local(0x0201_4b50, &mut central, true);
    }
    let cd_offset = out.len() as u32;
    out.extend_from_slice(&central);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&cd_offset.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

#[test]
fn zip_slip_names_are_reported_and_nothing_is_written() {
    let d = dir("zip-slip");
    let f = d.join("report.docx");
    let doc = br#"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello zip slip</w:t></w:r></w:p></w:body></w:document>"#;
    let types = br#"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>"#;
    std::fs::write(
        &f,
        zip(&[
            ("[Content_Types].xml", types),
            ("../../evil.txt", b"owned"),
            ("/tmp/delineate-evil.txt", b"owned"),
            ("word/document.xml", doc),
        ]),
    )
    .unwrap();
    let x = extract(&f);
    let m = messages(&x).join("\n");
    assert!(m.contains("2 entry names point outside the archive"), "{m}");
    assert!(m.contains("`../../evil.txt`"), "{m}");
    assert_eq!(x["units"][0]["text"], "Hello zip slip");
    assert!(!d.join("../../evil.txt").exists());
    assert!(!Path::new("/tmp/delineate-evil.txt").exists());
}

#[test]
fn entity_expansion_is_refused_in_words() {
    let d = dir("laughs");
    let f = d.join("lolz.xml");
    let mut s = String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n");
    for i in 2..=9 {
        let prev = if i == 2 {
            "lol".to_string()
        } else {
            format!("lol{}", i - 1)
        };
        s.push_str(&format!(
            " <!ENTITY lol{i} \"{}\">\n",
            format!("&{prev};").repeat(10)
        ));
    }
    s.push_str(" <!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n]>\n<lolz>&lol9; &xxe;</lolz>\n");
    std::fs::write(&f, s).unwrap();
    let x = extract(&f);
    let m = messages(&x).join("\n");
    assert!(m.contains("not expanded"), "{m}");
    let text = x["units"][0]["text"].as_str().unwrap();
    assert_eq!(text, "&lol9; &xxe;");
    assert!(
        !text.contains("root:"),
        "an external entity was read: {text}"
    );
}

#[test]
fn html_100k_levels_deep_hits_the_named_limit() {
    let d = dir("deep-html");
    let f = d.join("deep.html");
    let s = format!(
        "<html><body>{}deep text{}</body></html>",
        "<div>".repeat(100_000),
        "</div>".repeat(100_000)
    );
    std::fs::write(&f, s).unwrap();
    let x = extract(&f);
    let m = messages(&x).join("\n");
    assert!(m.contains("limit") && m.contains("1000 levels"), "{m}");
    assert_eq!(x["units"][0]["text"].as_str().unwrap().trim(), "deep text");
}

#[test]
fn every_byte_value_and_a_100_mb_line() {
    let d = dir("bytes");
    let all = d.join("all256.bin");
    std::fs::write(&all, (0..=255u8).collect::<Vec<u8>>()).unwrap();
    let out = cmd()
        .args(["inspect", "--json"])
        .arg(&all)
        .output()
        .unwrap();
    assert!(out.status.success());
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["validity"]["valid"], false);
    let x = extract(&all);
    assert!(messages(&x).join("\n").contains("not-extracted"), "{x}");
    // One line of 100 MB: inspect streams it; extraction reads it (under the input limit).
    let line = d.join("line.txt");
    let mut data = b"word ".repeat(20 << 20);
    data.push(b'\n');
    std::fs::write(&line, &data).unwrap();
    let out = cmd()
        .args(["inspect", "--json"])
        .arg(&line)
        .output()
        .unwrap();
    assert!(out.status.success());
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["encoding"]["name"], "UTF-8");
    assert_eq!(r["size_bytes"], 100 * 1024 * 1024 + 1);
}

#[test]
fn a_sparse_10_gb_file_is_handled_without_reading_it_all() {
    let d = dir("sparse");
    let f = d.join("huge.txt");
    let file = std::fs::File::create(&f).unwrap();
    file.set_len(10 << 30).unwrap();
    drop(file);
    // Zeros are not text: identified from a sample, and not read further.
    let t = std::time::Instant::now();
    let x = extract(&f);
    let m = messages(&x).join("\n");
    assert!(m.contains("binary data of no known format"), "{m}");
    assert!(t.elapsed().as_secs() < 30, "{:?}", t.elapsed());
    // A 10 GB text file — a text head, then NUL padding, which is no binary data — is refused
    // by the named limit, quickly, with the file named (exit status 2, nothing read past it).
    let g = d.join("huge-text.txt");
    std::fs::write(&g, b"plain text\n").unwrap();
    let file = std::fs::OpenOptions::new().write(true).open(&g).unwrap();
    file.set_len(10 << 30).unwrap();
    drop(file);
    let t = std::time::Instant::now();
    let out = cmd().args(["extract", "--json"]).arg(&g).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("huge-text.txt") && err.contains("extraction limit"),
        "{err}"
    );
    assert!(t.elapsed().as_secs() < 30, "{:?}", t.elapsed());
    // The explorer opens it on a window (the sample analysis only).
    let out = cmd()
        .args(["open", "--headless", "200x24"])
        .arg(&f)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let screen = String::from_utf8(out.stdout).unwrap();
    assert!(screen.contains("10,737,418,240 bytes"), "{screen}");
}

/// ESC/CSI/OSC (title change, OSC 52 clipboard write), C1 controls, bidi overrides and NUL in
/// a document: no output meant for a terminal may carry one of them.
#[test]
fn no_control_sequence_reaches_the_terminal() {
    let d = dir("terminal");
    let f = d.join("escape.txt");
    let mut data: Vec<u8> = Vec::new();
    data.extend_from_slice(
        b"Normal words, then \x1b[2J\x1b[31mred\x1b[0m and a title \x1b]0;pwned\x07 ",
    );
    data.extend_from_slice(b"and a clipboard write \x1b]52;c;ZWNobyBwd25lZA==\x07 and NUL \x00 ");
    data.extend_from_slice(
        "and C1 \u{9b}31m and bidi \u{202e}txt.exe\u{202c} and a bell \x07.\n".as_bytes(),
    );
    data.extend_from_slice(b"A second line of ordinary English text for the language stage.\n");
    std::fs::write(&f, &data).unwrap();
    let html = d.join("escape.html");
    std::fs::write(
        &html,
        [
            &b"<html><head><title>T\x1b]0;x\x07</title></head><body><p>"[..],
            &data,
            b"</p></body></html>",
        ]
        .concat(),
    )
    .unwrap();
    let p = f.to_str().unwrap();
    let h = html.to_str().unwrap();
    let dir_s = d.to_str().unwrap();
    let runs: Vec<Vec<&str>> = vec![
        vec!["inspect", p],
        vec!["inspect", "--json", p],
        vec!["anomalies", p],
        vec!["anomalies", "--json", p],
        vec!["extract", p, h],
        vec!["extract", "--json", p, h],
        vec!["langid", p, h],
        vec!["tokens", p],
        vec!["audit", dir_s],
        vec!["audit", "--markdown", dir_s],
        vec!["audit", "--tsv", dir_s],
        vec!["normalize", "--query", "words", p],
        vec!["explain", "a\u{1b}b\u{9b}c\u{202e}d"],
        vec!["open", "--headless", "100x30", p],
        vec![
            "open",
            "--headless",
            "100x30",
            "--keys",
            "u wait Down Enter",
            h,
        ],
        vec!["open", "--headless", "100x30", "--keys", "L wait", p],
        vec!["open", "--headless", "100x30", "--keys", "a", p],
        vec!["open", "--headless", "100x30", "--keys", "c", p],
        vec!["open", "--headless", "100x30", "--keys", "e", p],
        vec!["open", "--headless", "100x30", "--keys", "s", p],
        vec!["open", "--headless", "100x30", "--keys", "r", p],
        vec!["open", "--headless", "120x30", "--keys", "wait", dir_s],
        vec![
            "open",
            "--headless",
            "120x30",
            "--keys",
            "wait Tab Tab Enter",
            dir_s,
        ],
    ];
    for args in runs {
        let out = cmd().args(&args).output().unwrap();
        for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            let s = String::from_utf8_lossy(bytes);
            for (i, c) in s.chars().enumerate() {
                let u = c as u32;
                let bad = (u < 0x20 && c != '\n' && c != '\t')
                    || (0x7F..=0x9F).contains(&u)
                    || (0x202A..=0x202E).contains(&u)
                    || (0x2066..=0x2069).contains(&u);
                assert!(!bad, "{args:?} {stream}: U+{u:04X} at char {i}:\n{s}");
            }
        }
    }
}

/// (size, modification time, permissions, content hash) of a file.
fn fingerprint(p: &Path) -> (u64, std::time::SystemTime, std::fs::Permissions, u64) {
    let m = std::fs::metadata(p).unwrap();
    let data = std::fs::read(p).unwrap();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in data {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    (m.len(), m.modified().unwrap(), m.permissions(), h)
}

#[test]
fn inputs_are_never_modified() {
    let d = dir("read-only");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut files = Vec::new();
    for name in [
        "formats/report.docx",
        "formats/twocol.pdf",
        "formats/archive.mbox",
        "formats/page.html",
        "resume-latin1.txt",
        "meta-lies.html",
    ] {
        let to = d.join(Path::new(name).file_name().unwrap());
        std::fs::copy(src.join(name), &to).unwrap();
        files.push(to);
    }
    let before: Vec<_> = files.iter().map(|f| fingerprint(f)).collect();
    let dir_s = d.to_str().unwrap().to_string();
    let mut runs: Vec<Vec<String>> = vec![
        vec!["audit".into(), dir_s.clone()],
        vec![
            "open".into(),
            "--headless".into(),
            "100x30".into(),
            "--keys".into(),
            "wait Tab Tab Enter Enter".into(),
            dir_s,
        ],
    ];
    for f in &files {
        let f = f.to_str().unwrap().to_string();
        runs.push(vec!["inspect".into(), f.clone()]);
        runs.push(vec!["extract".into(), f.clone()]);
        runs.push(vec![
            "open".into(),
            "--headless".into(),
            "100x30".into(),
            "--keys".into(),
            "u wait x r".into(),
            f,
        ]);
    }
    for args in &runs {
        let out = cmd().args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let after: Vec<_> = files.iter().map(|f| fingerprint(f)).collect();
    assert_eq!(before, after);
    // Nothing new appeared beside the inputs either.
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), files.len());
}

/// Invalid UTF-8 is replaced by the "maximal subpart" practice (Unicode §3.9, WHATWG), the
/// same U+FFFD count as browsers: checked against encoding_rs's decoder, and a table.
#[test]
fn utf8_replacement_follows_maximal_subparts() {
    use delineate::decode::{Charset, ErrorMode, decode};
    let table: &[(&[u8], &str)] = &[
        (b"\xC0\xAF", "\u{FFFD}\u{FFFD}"),             // overlong 2-byte
        (b"\xE0\x80\xAF", "\u{FFFD}\u{FFFD}\u{FFFD}"), // overlong 3-byte
        (b"\xF0\x80\x80\xAF", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"), // overlong 4-byte
        (b"\xED\xA0\x80", "\u{FFFD}\u{FFFD}\u{FFFD}"), // surrogate D800
        (b"\xF4\x90\x80\x80", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"), // above U+10FFFF
        (
            b"\xF8\x88\x80\x80\x80",
            "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}",
        ),
        (b"\xE2\x82A", "\u{FFFD}A"),       // truncated, then ASCII
        (b"\xF0\x9F\x98", "\u{FFFD}"),     // truncated at the end
        (b"\x80\xBF", "\u{FFFD}\u{FFFD}"), // stray continuations
        (b"\xC2A", "\u{FFFD}A"),
        (b"\xFE\xFF", "\u{FFFD}\u{FFFD}"),
        // Unicode's own example (Table 3-8).
        (
            b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
            "a\u{FFFD}\u{FFFD}\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}d",
        ),
    ];
    for (bytes, want) in table {
        let d = decode(
            bytes,
            0,
            Charset::Whatwg(encoding_rs::UTF_8),
            ErrorMode::Replace,
            true,
        );
        assert_eq!(&d.text, want, "{bytes:02X?}");
        let (browser, _) = encoding_rs::UTF_8.decode_without_bom_handling(bytes);
        assert_eq!(d.text, browser, "{bytes:02X?}");
    }
}

/// Each limit is an option, and hitting one is a diagnostic that names it: the library says
/// which limit (`limit` in JSON), the command line the option that raises it.
#[test]
fn limits_are_options_and_name_themselves() {
    let bomb = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats/bomb.docx");
    let x = extract_with(&[], &bomb);
    assert!(x["error"].as_str().unwrap().contains("ratio limit"), "{x}");
    let out = cmd().arg("extract").arg(&bomb).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("raise with --max-ratio"), "{stderr}");
    // A lower input limit refuses a file that the default reads.
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats/page.html");
    let x = extract_with(&["--max-input-mb", "0"], &page);
    assert!(
        x["error"].as_str().unwrap().contains("extraction limit"),
        "{x}"
    );
    let out = cmd()
        .args(["extract", "--max-input-mb", "0"])
        .arg(&page)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("raise with --max-input-mb"), "{stderr}");
    // The audit takes the same limits.
    let out = cmd()
        .args(["audit", "--json", "--max-markup-depth", "2"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats/page.html"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // At most N units from one file, and a diagnostic naming the option.
    let mbox = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats/archive.mbox");
    let x = extract_with(&["--max-units", "1"], &mbox);
    assert_eq!(x["units"].as_array().unwrap().len(), 1);
    assert!(
        messages(&x)
            .join("\n")
            .contains("only the first 1 are kept\" \"units\""),
        "{x}"
    );
    let out = cmd()
        .args(["extract", "--timeout", "0"])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Bytes `input` yields when read in chunks, as the whole-file passes read it.
fn bytes_read(input: &delineate::source::Input) -> u64 {
    let mut seen = 0u64;
    input
        .for_each_chunk(|_, c| {
            seen += c.len() as u64;
            true
        })
        .unwrap();
    seen
}

/// Does the extraction say the file changed while it was read?
fn says_changed(x: &delineate::extract::Extraction) -> bool {
    x.diagnostics
        .iter()
        .any(|d| d.kind == delineate::extract::DiagnosticKind::Changed)
}

/// A file that shrinks or grows after it was opened (a log being rotated, a download still
/// running): reading stops at what is there, or at the size seen when opening; no error, no
/// panic, and the analysis covers the bytes it read.
#[test]
fn a_file_that_changes_size_while_read() {
    use delineate::source::Input;
    let d = dir("changing");
    let f = d.join("log.txt");
    let line = "a line of ordinary log text, résumé included\n";
    std::fs::write(&f, line.repeat(100_000)).unwrap(); // 4.6 MB: streamed in chunks
    let input = Input::open(&f).unwrap();
    let opened = input.len();
    // It shrinks to a tenth (mid-character, too) before the whole-file pass.
    let cut = opened / 10 + 1;
    std::fs::OpenOptions::new()
        .write(true)
        .open(&f)
        .unwrap()
        .set_len(cut)
        .unwrap();
    assert_eq!(bytes_read(&input), cut);
    let r = delineate::report::inspect(&input, &Default::default()).unwrap();
    assert_eq!(r.size_bytes, opened, "the size as opened");
    // The report says so, with both sizes.
    let c = r.size_change.expect("a size change is reported");
    assert_eq!((c.opened, c.now), (opened, cut));
    assert!(c.sentence().contains("changed size while it was read"));
    let x = delineate::extract::extract(&input, &Default::default()).unwrap();
    assert!(says_changed(&x), "{:?}", x.diagnostics);
    // It grows: only the bytes present at opening are read.
    let input = Input::open(&f).unwrap();
    std::fs::OpenOptions::new()
        .append(true)
        .open(&f)
        .unwrap()
        .write_all_at_end(b"more text appended later\n");
    assert_eq!(bytes_read(&input), cut);
    let x = delineate::extract::extract(&input, &Default::default()).unwrap();
    assert!(x.units[0].text.len() as u64 <= cut + 16);
    // A small file is read whole when opened: what comes later does not concern that
    // snapshot, and nothing is said.
    assert!(!says_changed(&x), "{:?}", x.diagnostics);
    // A large one read in place that grows: the report says so.
    let big = d.join("growing.log");
    std::fs::write(&big, line.repeat(100_000)).unwrap();
    let input = Input::open(&big).unwrap();
    let opened = input.len();
    std::fs::OpenOptions::new()
        .append(true)
        .open(&big)
        .unwrap()
        .write_all_at_end(b"more text appended later\n");
    let x = delineate::extract::extract(&input, &Default::default()).unwrap();
    assert!(
        x.diagnostics.iter().any(|d| d
            .message
            .contains(&format!("{opened} bytes when opened, {} now", opened + 25))),
        "{:?}",
        x.diagnostics
    );
    // A file that does not change says nothing.
    let still = d.join("still.txt");
    std::fs::write(&still, line.repeat(100_000)).unwrap();
    let input = Input::open(&still).unwrap();
    assert!(
        delineate::report::inspect(&input, &Default::default())
            .unwrap()
            .size_change
            .is_none()
    );
}

trait WriteAtEnd {
    fn write_all_at_end(self, b: &[u8]);
}

impl WriteAtEnd for std::fs::File {
    fn write_all_at_end(mut self, b: &[u8]) {
        use std::io::Write;
        self.write_all(b).unwrap();
    }
}

/// A DOCX (deflated) whose `word/document.xml` holds `text`, embedding `children`.
fn docx(text: &str, children: &[Vec<u8>]) -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let o = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    w.start_file("[Content_Types].xml", o).unwrap();
    w.write_all(br#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#).unwrap();
    w.start_file("word/document.xml", o).unwrap();
    write!(
        w,
        r#"<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:body></w:document>"#
    )
    .unwrap();
    for (i, c) in children.iter().enumerate() {
        w.start_file(format!("word/embeddings/object{i}.docx"), o)
            .unwrap();
        w.write_all(c).unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// A nested zip bomb (42.zip's idea in a DOCX): 8 documents embedded in each of 3 levels, 512
/// innermost documents of 900 KB text each. Every archive alone is within the limits (no entry
/// over the ratio check's 1 MiB, few entries), but together they would inflate 460 MB. All the
/// archives inside one document share one inflation budget, so the run stops at the limit,
/// names it, and the next file on the command line is extracted as usual.
#[test]
fn a_nested_zip_bomb_shares_one_budget() {
    let d = dir("nested-bomb");
    let inner = docx(&"a".repeat(900 * 1024), &[]);
    let level1 = docx("level one", &vec![inner; 8]);
    let level2 = docx("level two", &vec![level1; 8]);
    let top = docx("top", &vec![level2; 8]);
    assert!(top.len() < 4 << 20, "{} bytes", top.len());
    let bomb = d.join("nested.docx");
    std::fs::write(&bomb, &top).unwrap();
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats/page.html");
    let out = cmd()
        .args([
            "extract",
            "--json",
            "--unit",
            "part",
            "--max-archive-mb",
            "8",
        ])
        .arg(&bomb)
        .arg(&page)
        .output()
        .unwrap();
    let lines: Vec<Value> = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{}", String::from_utf8_lossy(&out.stderr));
    let all = messages(&lines[0]).join("\n");
    assert!(all.contains("nested zip bomb"), "{all}");
    assert!(all.contains("\"archive-total\""), "{all}");
    // Well under the 460 MB the archives would inflate to: at most the budget in text.
    let text: usize = lines[0]["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["text"].as_str().map_or(0, str::len))
        .sum();
    assert!(text <= 8 << 20, "{text} bytes of text");
    assert!(text > 0);
    // The next file is unaffected.
    assert!(!lines[1]["units"].as_array().unwrap().is_empty());
    assert!(lines[1]["error"].is_null());
}

/// A FIFO and a device are refused by name with what they are (reading one could block
/// forever or never end), an empty file is reported as empty, and the files after them on the
/// command line are handled as usual, by every command that reads files.
#[cfg(unix)]
#[test]
fn fifos_devices_and_empty_files() {
    let d = dir("special");
    let fifo = d.join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !made {
        eprintln!("mkfifo is not available: the FIFO case is skipped");
        return;
    }
    let empty = d.join("empty.txt");
    std::fs::write(&empty, b"").unwrap();
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/resume-utf8.txt");
    let run = |args: &[&str]| {
        let out = cmd()
            .args(args)
            .arg(&fifo)
            .arg("/dev/zero")
            .arg(&empty)
            .arg(&good)
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    for command in [&["inspect"][..], &["extract"][..]] {
        let (code, stdout, stderr) = run(command);
        assert_eq!(code, Some(2), "{command:?}: {stderr}");
        assert!(
            stderr.contains("pipe: is a FIFO (named pipe), not a regular file"),
            "{stderr}"
        );
        assert!(
            stderr.contains("/dev/zero: is a character device"),
            "{stderr}"
        );
        assert!(stdout.contains("empty.txt"), "{stdout}");
        assert!(stdout.contains("an empty file"), "{stdout}");
        assert!(stdout.contains("resume-utf8.txt"), "{command:?}: {stdout}");
    }
    // Given on the command line, they are unreadable inputs: the report of the rest, exit 2.
    let (code, stdout, stderr) = run(&["audit", "--json"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("pipe: is a FIFO"), "{stderr}");
    let a: Value = serde_json::from_str(&stdout).unwrap();
    let errors = a["summary"]["errors"].to_string();
    assert!(errors.contains("is a FIFO (named pipe)"), "{errors}");
    assert!(errors.contains("is a character device"), "{errors}");
    assert!(
        errors.contains("an empty file: no text to audit"),
        "{errors}"
    );
    assert_eq!(a["summary"]["units"], 1, "{}", a["summary"]);
}

/// PDFs embedded in a document draw on the same inflation budget as its archives: eight PDFs
/// whose one stream inflates 3 MB each, inside a DOCX, stop at an 8 MB budget with the limit
/// named, instead of each getting a budget of its own.
#[test]
fn embedded_pdfs_share_the_documents_budget() {
    use lopdf::{Document, Object, Stream, dictionary};
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(&vec![b' '; 3 << 20]).unwrap();
    let mut doc = Document::with_version("1.5");
    let content = doc.add_object(Stream::new(
        dictionary! { "Filter" => "FlateDecode" },
        z.finish().unwrap(),
    ));
    let pages = doc.new_object_id();
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages, "Contents" => content,
        "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
    });
    doc.objects.insert(
        pages,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1,
        }),
    );
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages });
    doc.trailer.set("Root", catalog);
    let mut pdf = Vec::new();
    doc.save_to(&mut pdf).unwrap();
    // Zip entries are stored in `docx` deflated; name them .pdf under word/embeddings/.
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let o = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    w.start_file("[Content_Types].xml", o).unwrap();
    w.write_all(br#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>"#).unwrap();
    w.start_file("word/document.xml", o).unwrap();
    w.write_all(br#"<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>cover</w:t></w:r></w:p></w:body></w:document>"#).unwrap();
    for i in 0..8 {
        w.start_file(format!("word/embeddings/oleObject{i}.pdf"), o)
            .unwrap();
        w.write_all(&pdf).unwrap();
    }
    let d = dir("pdf-budget");
    let f = d.join("pdfs.docx");
    std::fs::write(&f, w.finish().unwrap().into_inner()).unwrap();
    let x = extract_with(&["--max-archive-mb", "8"], &f);
    let all = messages(&x).join("\n");
    assert!(
        all.contains("archives and PDFs nested in this document"),
        "{all}"
    );
    assert!(all.contains("more embedded objects not read"), "{all}");
    // With the default budget all eight are read.
    let x = extract_with(&[], &f);
    assert!(!messages(&x).join("\n").contains("nested in this document"));
}
