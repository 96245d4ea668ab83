//! Small inputs that would cost gigabytes or minutes: a ZIP whose directory points thousands
//! of entries at one local file, archives with more entries than `--max-entries` (also past
//! 100,000, where the format check stops looking), a 2 MB `Subject:` header, a file of one
//! very long line for `fix`, 300,000 BOMs for `anomalies`. Each is a named limit or a bounded
//! report with complete counts. (Peak memory is measured by `benches/hostile.sh`, not here.)

mod common;

use common::{cmd, crc32, dir, extract};
use serde_json::Value;

/// A DOCX-named ZIP with one real local file (`word/document.xml`, stored) and `n` central
/// directory entries, all pointing at it: an "overlapping" zip bomb.
fn overlapping(n: usize) -> Vec<u8> {
    let data = br#"<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>same bytes</w:t></w:r></w:p></w:body></w:document>"#;
    let crc = crc32(data);
    let header = |sig: u32, name: &str, central: bool, out: &mut Vec<u8>| {
        out.extend_from_slice(&sig.to_le_bytes());
        if central {
            out.extend_from_slice(&20u16.to_le_bytes());
        }
        out.extend_from_slice(&20u16.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&crc.to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        if central {
            out.extend_from_slice(&[0; 6]);
            out.extend_from_slice(&0u32.to_le_bytes());
            out.extend_from_slice(&0u32.to_le_bytes()); // every entry at offset 0
        }
        out.extend_from_slice(name.as_bytes());
    };
    let mut out = Vec::new();
    header(0x0403_4b50, "word/document.xml", false, &mut out);
    out.extend_from_slice(data);
    let cd = out.len();
    let mut central = Vec::new();
    header(0x0201_4b50, "[Content_Types].xml", true, &mut central);
    header(0x0201_4b50, "word/document.xml", true, &mut central);
    for i in 0..n {
        header(
            0x0201_4b50,
            &format!("word/embeddings/e{i}.xml"),
            true,
            &mut central,
        );
    }
    out.extend_from_slice(&central);
    let entries = (n + 2) as u16;
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&entries.to_le_bytes());
    out.extend_from_slice(&entries.to_le_bytes());
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&(cd as u32).to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

#[test]
fn overlapping_zip_entries_are_refused() {
    let d = dir("zip-overlap");
    let f = d.join("overlap.docx");
    std::fs::write(&f, overlapping(5_000)).unwrap();
    let (_, m) = extract(&[], &f);
    assert!(
        m.contains("share bytes") && m.contains("overlapping zip bomb"),
        "{m}"
    );
}

/// A DOCX with `n` entries (ZIP64 past 65,535), written by the zip crate.
fn many_entries(n: usize) -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let o = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .large_file(false);
    w.start_file("[Content_Types].xml", o).unwrap();
    w.write_all(b"<Types/>").unwrap();
    w.start_file("word/document.xml", o).unwrap();
    w.write_all(b"<w:document xmlns:w=\"x\"/>").unwrap();
    for i in 0..n - 2 {
        w.start_file(format!("f{i}"), o).unwrap();
    }
    w.finish().unwrap().into_inner()
}

#[test]
fn max_entries_holds_past_the_format_checks_own_limit() {
    let d = dir("zip-entries");
    for n in [30_002usize, 100_002] {
        let f = d.join(format!("n{n}.docx"));
        std::fs::write(&f, many_entries(n)).unwrap();
        let (_, m) = extract(&[], &f);
        assert!(
            m.contains(&format!(
                "{n} entries in the archive, more than the limit of 20000: not read\" \"entries\""
            )),
            "{n}: {m}"
        );
        // Raised, the limit lets the archive be read.
        let (x, m) = extract(&["--max-entries", "200000"], &f);
        assert!(!m.contains("\"entries\""), "{n}: {m}");
        assert_eq!(x["format"]["detected"], "docx", "{n}");
    }
}

#[test]
fn a_huge_header_is_cut_in_the_report() {
    let d = dir("huge-subject");
    let f = d.join("subject.eml");
    let mut mail = b"From: a@example.org\r\nSubject: ".to_vec();
    mail.extend(std::iter::repeat_n(b'x', 2 << 20));
    mail.extend_from_slice(b"\r\n\r\nThe body.\r\n");
    std::fs::write(&f, &mail).unwrap();
    let out = cmd().arg("extract").arg(&f).output().unwrap();
    assert!(out.status.success());
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(s.len() < 20_000, "{} bytes of report", s.len());
    assert!(s.contains("(+2,095,152 characters)"), "{s}");
    // --max-chars 0 shows everything.
    let out = cmd()
        .args(["extract", "--max-chars", "0"])
        .arg(&f)
        .output()
        .unwrap();
    assert!(out.stdout.len() > 4 << 20);
}

/// `fix` repairs a file of one 3 MB line a megabyte at a time, cut at white space, and the
/// result is what repairing it whole gives; a line without white space is cut beside ASCII.
#[test]
fn fix_repairs_a_very_long_line_in_pieces() {
    let d = dir("long-line");
    for (name, unit) in [("spaces.txt", "rÃ©sumÃ© cafÃ© "), ("none.txt", "rÃ©sumÃ©x")] {
        let f = d.join(name);
        std::fs::write(&f, unit.repeat((3 << 20) / unit.len())).unwrap();
        let out = cmd().arg("fix").arg(&f).output().unwrap();
        assert!(out.status.success());
        let fixed = String::from_utf8(out.stdout).unwrap();
        let want = unit
            .replace("rÃ©sumÃ©", "résumé")
            .replace("cafÃ©", "café")
            .repeat((3 << 20) / unit.len());
        assert!(fixed == want, "{name}: the repair differs");
    }
}

/// One word of 100,000 characters of one script (Arabic-Indic digits, Hebrew letters) read as
/// windows-1252: each run of the word is judged once, not once per character (the square of
/// its length, minutes, before session 12).
#[test]
fn fix_judges_a_very_long_word_in_linear_time() {
    let d = dir("long-word");
    for (name, unit, want) in [("digits.txt", "Ù¡", "١"), ("hebrew.txt", "×©", "ש")] {
        let f = d.join(name);
        std::fs::write(&f, format!("{}\n", unit.repeat(100_000))).unwrap();
        let out = cmd().arg("fix").arg(&f).output().unwrap();
        assert!(out.status.success());
        let fixed = String::from_utf8(out.stdout).unwrap();
        assert!(
            fixed == format!("{}\n", want.repeat(100_000)),
            "{name}: not repaired"
        );
    }
}

/// 300,000 BOMs mid-text: the report lists what was asked, says the rest are counted.
#[test]
fn anomalies_of_a_text_full_of_them_are_counted_not_all_kept() {
    let d = dir("bom-flood");
    let f = d.join("boms.txt");
    std::fs::write(&f, format!("a{}b\n", "\u{FEFF}".repeat(300_000))).unwrap();
    let out = cmd()
        .args(["anomalies", "--json", "--limit", "5"])
        .arg(&f)
        .output()
        .unwrap();
    let j: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["summary"]["by_class"]["bom-mid-text"], 300_000);
    assert_eq!(j["findings"].as_array().unwrap().len(), 5);
    assert_eq!(j["findings_truncated"], true);
    let out = cmd()
        .args(["anomalies", "--limit", "5"])
        .arg(&f)
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(s.contains("first 100,000 findings were kept"), "{s}");
}

#[test]
fn xml_without_a_declaration_is_xml() {
    let d = dir("xml-roots");
    let f = d.join("icon.svg");
    std::fs::write(
        &f,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="10"><title>An icon</title></svg>"#,
    )
    .unwrap();
    let (x, m) = extract(&[], &f);
    assert_eq!(x["format"]["detected"], "xml");
    assert!(!m.contains("plain text"), "{m}");
    assert!(x["format"]["mismatch"].is_null(), "{}", x["format"]);
}
