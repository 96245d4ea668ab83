//! Unit tests of `format` (kept apart so the module reads as its job).

use super::text::control_bytes;
use super::*;

/// The chunked count of control bytes equals a byte-by-byte filter, on every byte value
/// and on lengths around the chunk size.
#[test]
fn control_bytes_counts_like_a_filter() {
    let naive = |h: &[u8]| {
        h.iter()
            .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C | 0x1B))
            .count()
    };
    let all: Vec<u8> = (0..=255u8).collect();
    assert_eq!(control_bytes(&all), naive(&all));
    assert_eq!(control_bytes(&all), 32 - 5);
    let mut x: u32 = 1;
    for len in [0, 1, 254, 255, 256, 510, 511, 4096] {
        let h: Vec<u8> = (0..len)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (x >> 16) as u8 % 40
            })
            .collect();
        assert_eq!(control_bytes(&h), naive(&h), "length {len}");
    }
    assert_eq!(control_bytes(&[1u8; 600]), 600);
}

fn detect(bytes: &[u8]) -> Format {
    identify(&Input::from_bytes("x", bytes.to_vec()), None).detected
}

/// ISO-2022-KR shifts with SO and SI after `ESC $ ) C` (RFC 1557): text, not binary; the same
/// density of SO and SI without the designation is not text.
#[test]
fn iso_2022_shifts_are_text() {
    let kr = b"\x1B$)C\x0E4kGQ\x0F \x0EGe9}\x0F.\n\x0E4kGQ\x0F \x0EGe9}\x0F.\n";
    assert_eq!(detect(kr), Format::Text);
    assert_eq!(detect(&kr[4..]), Format::Binary);
}

#[test]
fn signatures() {
    assert_eq!(detect(b"%PDF-1.7\n"), Format::Pdf);
    assert_eq!(detect(b"junk\n%PDF-1.4\n"), Format::Pdf);
    assert_eq!(
        detect(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1rest"),
        Format::Ole2
    );
    assert_eq!(detect(b"{\\rtf1\\ansi hello}"), Format::Rtf);
    assert_eq!(detect(b"\xFFWPC\x10\x00\x00\x00"), Format::WordPerfect);
    assert_eq!(detect(b"\x89PNG\r\n\x1A\n\0\0\0\rIHDR"), Format::Png);
    assert_eq!(detect(b"\x1F\x8B\x08\0"), Format::Gzip);
    assert_eq!(detect(b"\xCA\xFE\xBA\xBE\0\0\0\x34"), Format::JavaClass);
    assert_eq!(detect(b""), Format::Empty);
}

#[test]
fn text_formats() {
    assert_eq!(detect(b"<!DOCTYPE html><p>hi"), Format::Html);
    assert_eq!(detect(b"<?xml version='1.0'?><a/>"), Format::Xml);
    // XML without a declaration: a namespace, a known root, or a well-formed whole.
    for xml in [
        &b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\"><rect/></svg>"[..],
        b"<rss version=\"2.0\"><channel><title>t</title>",
        b"<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry>",
        b"<!-- made by hand -->\n<note><to>Tove</to></note>\n",
        b"<catalogue/>",
    ] {
        assert_eq!(detect(xml), Format::Xml, "{}", String::from_utf8_lossy(xml));
    }
    for text in [
        &b"<3 you"[..],
        b"<name> said hello to <someone>",
        b"<note>unclosed, no namespace",
    ] {
        assert_eq!(
            detect(text),
            Format::Text,
            "{}",
            String::from_utf8_lossy(text)
        );
    }
    assert_eq!(
        detect(b"<?xml version='1.0'?><html xmlns='http://www.w3.org/1999/xhtml'>"),
        Format::Html
    );
    assert_eq!(detect(b"{\"a\": [1, 2]}"), Format::Json);
    assert_eq!(detect(b"{not json"), Format::Text);
    assert_eq!(
        detect(b"From a@b Mon Jan  1 00:00:00 2001\nFrom: a\nTo: b\n\nhi\n"),
        Format::Mbox
    );
    assert_eq!(
        detect(b"From: a@b\nTo: c@d\nSubject: hi\n\nbody"),
        Format::Email
    );
    assert_eq!(
        detect(b"<!DOCTYPE lewis SYSTEM \"lewis.dtd\">\n<REUTERS>"),
        Format::Sgml
    );
    assert_eq!(detect(b"plain words\n"), Format::Text);
    assert_eq!(detect(b"\xFF\xFEh\0i\0"), Format::Text);
    assert_eq!(detect(b"\x00\x01\x02\x03binary\x00\x00"), Format::Binary);
    // "HELLO WORLD THIS IS EBCDIC" in IBM037.
    let ebcdic = b"\xC8\xC5\xD3\xD3\xD6\x40\xE6\xD6\xD9\xD3\xC4\x40\xE3\xC8\xC9\xE2\x40\xC9\xE2\x40\xC5\xC2\xC3\xC4\xC9\xC3";
    assert_eq!(detect(ebcdic), Format::EbcdicText);
}

#[test]
fn mismatch_in_words() {
    let r = identify_bytes("report.doc", b"\xFFWPC\x10\x00\x00\x00");
    assert_eq!(r.by_extension, Some(Format::Ole2));
    let m = r.mismatch.unwrap();
    assert!(m.contains("named .doc") && m.contains("WordPerfect"), "{m}");
    let r = identify_bytes("notes.odt", b"just some plain text\n");
    assert!(r.mismatch.unwrap().contains("plain text"));
    assert!(
        identify_bytes("page.html", b"<html><p>x")
            .mismatch
            .is_none()
    );
}

/// What the encoding stage abstains on: signatures of formats that are not text, bytes no text
/// holds, EBCDIC; not RTF, PostScript, UTF-16 without a BOM, a quoted PDF header, or text with a
/// stray NUL (which is text, not binary).
#[test]
fn bytes_that_are_not_text() {
    let of = |b: &[u8]| not_text(b).map(|n| n.format);
    assert_eq!(of(b"\x1F\x8B\x08\x00\x00\x00\x00\x00"), Some(Format::Gzip));
    assert_eq!(of(b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n"), Some(Format::Pdf));
    assert_eq!(of(b"PK\x03\x04\x14\x00"), Some(Format::Zip));
    let mut records = b"\x00\x01\x02\x03binary\x00\x00".repeat(3);
    assert_eq!(of(&records), Some(Format::Binary));
    // Too few bytes to tell: six Han characters in UTF-16LE without a BOM (`生` is `1F 75`).
    let han: Vec<u8> = "人人生而自由"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    assert_eq!(of(&han), None);
    records.truncate(14);
    assert_eq!(of(&records), None);
    // EBCDIC is text, read in the EBCDIC pages.
    let ebcdic = b"\xC8\xC5\xD3\xD3\xD6\x40\xE6\xD6\xD9\xD3\xC4\x40\xE3\xC8\xC9\xE2\x40\xC9\xE2";
    assert_eq!(of(ebcdic), None);
    assert!(in_ebcdic(ebcdic));
    for text in [
        &b"{\\rtf1\\ansi Hello}"[..],
        b"%!PS-Adobe-3.0\n",
        b"h\0e\0l\0l\0o\0 \0w\0o\0r\0l\0d\0 \0h\0e\0r\0e\0 \0i\0s\0 \0t\0e\0x\0t\0",
        b"A README: every PDF starts with %PDF- and a version.\n",
        b"plain words\n",
    ] {
        assert_eq!(of(text), None, "{}", String::from_utf8_lossy(text));
    }
    let mut log = b"a line of a log\n".repeat(20);
    log[100] = 0;
    assert_eq!(of(&log), None);
    assert_eq!(detect(&log), Format::Text);
    // Text padded with NULs (a fixed-size record, a log's crash hole) is text; padding alone,
    // or binary data with padding, is not.
    let padded = [&log[..], &[0u8; 3000][..], b"more text after the hole\n"].concat();
    assert_eq!(of(&padded), None);
    assert_eq!(detect(&padded), Format::Text);
    assert_eq!(of(&[0u8; 4096]), Some(Format::Binary));
    let records = [
        &b"\x00\x01\x02\x03binary\x00\x00".repeat(3)[..],
        &[0u8; 64][..],
    ]
    .concat();
    assert_eq!(of(&records), Some(Format::Binary));
}

/// Text that begins with a signature's letters is text: the bytes after the letters must bear
/// the signature out (a DOS header's NULs, a bzip2 block magic, a GIF's screen size).
#[test]
fn signatures_in_letters_need_their_bytes() {
    for text in [
        &b"MZ-Werke Zschopau: Motorr\xE4der aus Sachsen, gebaut von 1922 bis 2008, in Zschopau.\n"
            [..],
        b"BZh is the start of a bzip2 stream; this note says so in plain words.\n",
        b"GIF89a is the newer of the two GIF versions, and this line is about it.\n",
    ] {
        assert_eq!(
            detect(text),
            Format::Text,
            "{}",
            String::from_utf8_lossy(text)
        );
        assert!(not_text(text).is_none());
    }
    let mut exe = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00".to_vec();
    exe.resize(128, 0);
    assert_eq!(detect(&exe), Format::Exe);
    assert_eq!(detect(b"BZh91AY&SY\x8b\x1e\x9f\x05"), Format::Bzip2);
    assert_eq!(detect(b"BZh9\x17rE8P\x90\x00\x00\x00\x00"), Format::Bzip2);
    assert_eq!(detect(b"GIF89a\x10\x00\x10\x00\x80\x00\x00"), Format::Gif);
}
