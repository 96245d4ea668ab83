//! Tests of label resolution and of the DOS, Mac and UTF-32 decoders of [`super`].

use super::*;

#[test]
fn labels_outside_whatwg_resolve_as_files_mean_them() {
    let name = |l: &str| match for_lenient_label(l) {
        Some(Lenient::Names(c)) => c.name().to_string(),
        Some(Lenient::Undecodable(n)) => format!("({n})"),
        None => "-".into(),
    };
    for (label, want) in [
        ("MacCyrillic", "x-mac-cyrillic"),
        ("cp1251", "windows-1251"),
        ("win-1251", "windows-1251"),
        ("Win1250", "windows-1250"),
        ("latin-2", "ISO-8859-2"),
        ("utf8", "UTF-8"),
        ("UTF_8", "UTF-8"),
        ("ISO8859-1", "windows-1252"),
        ("ISO8859_15", "ISO-8859-15"),
        ("iso_8859_16", "ISO-8859-16"),
        ("windows-874", "windows-874"),
        ("x-mac-ce", "x-mac-ce"),
        ("x-mac-greek", "x-mac-greek"),
        ("MacTurkish", "x-mac-turkish"),
        ("cp10082", "x-mac-croatian"),
        ("cp437", "IBM437"),
        ("DOS-850", "IBM850"),
        ("cp855", "IBM855"),
        ("cp857", "IBM857"),
        ("cspc862latinhebrew", "IBM862"),
        ("ruscii", "CP1125"),
        ("cp864", "IBM864"),
        ("IBM_856", "IBM856"),
        ("KOI8_T", "KOI8-T"),
        ("dos437", "IBM437"),
        ("DOS_866", "IBM866"),
        ("dos874", "windows-874"),
        ("MacCE", "x-mac-ce"),
        ("x_mac_greek", "x-mac-greek"),
        ("ms-cyrl", "windows-1251"),
        ("WinBaltRim", "windows-1257"),
        ("cp_is", "IBM861"),
        ("tcvn5712-1", "TCVN5712-1"),
        ("TCVN", "TCVN5712-1"),
        ("EBCDIC-CP-US", "IBM037"),
        ("cp500", "IBM500"),
        ("IBM-1047", "IBM1047"),
        ("ibm01141", "IBM01141"),
        ("cp875", "(IBM875 (EBCDIC Greek))"),
        ("SJIS", "Shift_JIS"),
        ("EUC_KR", "EUC-KR"),
        ("gb_2312", "GBK"),
        ("Mac-Roman", "macintosh"),
        ("KOI8_U", "KOI8-U"),
        ("nonsense", "-"),
        ("", "-"),
    ] {
        assert_eq!(name(label), want, "{label}");
    }
}

#[test]
fn dos_code_pages_decode_and_encode_back() {
    let cs = Charset::for_label("cp437").unwrap().charset;
    assert_eq!(cs, Charset::Oem(OemPage::Cp437));
    assert!(cs.is_single_byte() && cs.is_ascii_compatible());
    let d = crate::decode::decode(b"\xD0\x9F a", 0, cs, crate::decode::ErrorMode::Strict, true);
    assert_eq!(d.text, "╨ƒ a");
    assert_eq!(cs.encode("╨ƒ a").as_deref(), Some(&b"\xD0\x9F a"[..]));
    let cp850 = Charset::for_label("IBM850").unwrap().charset;
    assert_eq!(cp850.encode("┼¢"), Some(vec![0xC5, 0xBD]));
    assert_eq!(cp850.encode("€"), None);
    let cp852 = Charset::for_label("cp852").unwrap().charset;
    assert_eq!(cp852.name(), "IBM852");
    // DOS Cyrillic: each small letter, then its capital.
    let cp855 = Charset::for_label("IBM855").unwrap().charset;
    let d = crate::decode::decode(
        b"\x9C\x9D \xD8",
        0,
        cp855,
        crate::decode::ErrorMode::Strict,
        true,
    );
    assert_eq!(d.text, "юЮ п");
    assert_eq!(for_lenient_label("CP-855"), Some(Lenient::Names(cp855)));
}

#[test]
fn more_dos_and_mac_pages_decode_and_undefined_bytes_are_errors() {
    let strict = |cs: Charset, b: &[u8]| {
        crate::decode::decode(b, 0, cs, crate::decode::ErrorMode::Strict, true)
    };
    let cp862 = Charset::for_label("cp862").unwrap().charset;
    assert_eq!(strict(cp862, b"\x99\x8C\x80").text, "שלא");
    let greek = Charset::for_label("x-mac-greek").unwrap().charset;
    assert_eq!(greek.name(), "x-mac-greek");
    assert_eq!(greek.encode("Α"), Some(vec![0xB0]));
    // IBM857 leaves D5 undefined: an error, never the byte of U+FFFD.
    let cp857 = Charset::for_label("IBM857").unwrap().charset;
    let d = crate::decode::decode(
        b"\x8D\xD5",
        0,
        cp857,
        crate::decode::ErrorMode::Replace,
        true,
    );
    assert_eq!(d.text, "ı\u{FFFD}");
    assert_eq!(d.error_count, 1);
    assert_eq!(d.errors[0].byte_span.start, 1);
    assert_eq!(cp857.encode("\u{FFFD}"), None);
    assert_eq!(cp857.encode("ığş"), Some(vec![0x8D, 0xA7, 0x9F]));
    for p in OemPage::ALL {
        assert_eq!(OemPage::ALL[p.index()], p);
        let cs = Charset::Oem(p);
        assert_eq!(
            Charset::for_label(p.name()).unwrap().charset,
            cs,
            "{}",
            p.name()
        );
        // Every defined byte encodes back to itself.
        for b in 0x80..=0xFFu8 {
            if !p.is_undefined(b) {
                assert_eq!(p.byte_of(p.char_of(b)), Some(b), "{} {b:02X}", p.name());
            }
        }
    }
}

#[test]
fn viscii_gives_six_controls_to_letters() {
    let cs = Charset::for_label("VISCII").unwrap().charset;
    assert_eq!(cs, Charset::Oem(OemPage::Viscii));
    // `Tiếng Việt`, and the capital Ỷ of byte 14.
    let bytes = b"Ti\xAAng Vi\xAEt \x14";
    let d = crate::decode::decode(bytes, 0, cs, crate::decode::ErrorMode::Strict, true);
    assert_eq!(d.text, "Tiếng Việt Ỷ");
    assert_eq!(cs.encode("Tiếng Việt Ỷ").as_deref(), Some(&bytes[..]));
    // The controls VISCII gave away cannot be written in it.
    assert_eq!(cs.encode("\u{14}"), None);
    assert_eq!(cs.encode("\u{13}"), Some(vec![0x13]));
}

/// IBM856 (Hebrew), IBM864 (Arabic presentation forms, `٪` at 0x25) and KOI8-T (Tajik) decode
/// as Python's `cp856`, `cp864` and `koi8_t` do.
#[test]
fn hebrew_arabic_and_tajik_pages_decode_as_python_does() {
    let decode = |label: &str, b: &[u8]| {
        let cs = Charset::for_label(label).unwrap().charset;
        crate::decode::decode(b, 0, cs, crate::decode::ErrorMode::Replace, true)
    };
    // `שלום`; 0xA0 is undefined in IBM856.
    let d = decode("cp856", b"\x99\x8C\x85\x8D \xA0");
    assert_eq!(d.text, "שלום \u{FFFD}");
    assert_eq!(d.error_count, 1);
    // 50 % and `ﻻ`: IBM864 reads 0x25 as the Arabic percent sign.
    let d = decode("IBM864", b"\xB5\xB0 % \x9D");
    assert_eq!(d.text, "٥٠ ٪ ﻻ");
    assert_eq!(Charset::Oem(OemPage::Cp864).encode("%"), None);
    // `Ҳамаи` in KOI8-T.
    assert_eq!(decode("koi8-t", b"\x8C\xC1\xCD\xC1\xC9").text, "Ҳамаи");
}

/// TCVN 5712 (VN1) decodes byte for byte as glibc's `TCVN5712-1` charmap: precomposed letters
/// high and in twelve C0 slots, tone marks B0–B4 as combining characters.
#[test]
fn tcvn_reads_vietnamese_and_its_c0_capitals() {
    let cs = Charset::for_label("tcvn5712-1").unwrap().charset;
    assert_eq!(cs, Charset::Oem(OemPage::Tcvn));
    let decode =
        |b: &[u8]| crate::decode::decode(b, 0, cs, crate::decode::ErrorMode::Replace, true);
    // `Việt Nam`, `Đại`; 0x80 is `À` (feedparser's test of the label).
    assert_eq!(decode(b"Vi\xD6t Nam \xA7\xB9i \x80").text, "Việt Nam Đại À");
    // `Ú` at 0x01; `A` + combining acute (B3).
    let d = decode(b"\x01 A\xB3");
    assert_eq!(d.text, "Ú A\u{0301}");
    assert_eq!(d.error_count, 0);
    assert_eq!(cs.encode("Việt Ú"), Some(b"Vi\xD6t \x01".to_vec()));
    assert_eq!(cs.encode("\u{1}"), None);
}

fn check(label: &str, name: &str, remapped: bool) {
    let r = Charset::for_label(label).unwrap();
    assert_eq!(r.charset.name(), name, "{label}");
    assert_eq!(r.remap.is_some(), remapped, "{label}: {:?}", r.remap);
}

#[test]
fn labels() {
    check("utf-8", "UTF-8", false);
    check(" UTF8 ", "UTF-8", false);
    check("iso-8859-1", "windows-1252", true);
    check("latin1", "windows-1252", true);
    check("cp1252", "windows-1252", false);
    check("iso-8859-2", "ISO-8859-2", false);
    check("gb2312", "GBK", true);
    check("sjis", "Shift_JIS", false);
    check("utf-16", "UTF-16LE", true);
    check("utf-16be", "UTF-16BE", false);
    check("utf-32", "UTF-32LE", true);
    check("utf-32be", "UTF-32BE", false);
    check("hz-gb-2312", "replacement", true);
    assert!(Charset::for_label("klingon").is_err());
}

#[test]
fn encode_for_search() {
    assert_eq!(Charset::UTF_8.encode("é"), Some(vec![0xC3, 0xA9]));
    assert_eq!(Charset::WINDOWS_1252.encode("é"), Some(vec![0xE9]));
    assert_eq!(Charset::WINDOWS_1252.encode("中"), None);
    assert_eq!(Charset::UTF_16BE.encode("é"), Some(vec![0x00, 0xE9]));
    assert_eq!(Charset::Utf32Le.encode("A"), Some(vec![0x41, 0, 0, 0]));
    assert_eq!(Charset::Latin1.encode("\u{85}"), Some(vec![0x85]));
}

#[test]
fn classes() {
    assert!(Charset::WINDOWS_1252.is_single_byte());
    assert!(Charset::Latin1.is_single_byte());
    assert!(!Charset::UTF_8.is_single_byte());
    assert!(Charset::UTF_16LE.is_wide());
    assert!(Charset::Utf32Be.is_wide());
    assert!(!Charset::UTF_8.is_wide());
    assert!(!Charset::Whatwg(encoding_rs::ISO_2022_JP).is_wide());
    assert!(Charset::Utf32Le.is_unicode());
}

#[test]
fn every_encoding_outside_whatwg_has_a_listed_label() {
    let listed: std::collections::HashSet<Charset> = Charset::OUTSIDE_WHATWG
        .iter()
        .map(|l| Charset::for_label(l).expect(l).charset)
        .collect();
    assert!(listed.iter().all(|c| c.whatwg().is_none()));
    let mut every = vec![
        Charset::Utf32Le,
        Charset::Utf32Be,
        Charset::Latin1,
        Charset::Johab,
        Charset::EucTw,
        Charset::ShiftJis2004,
        Charset::EucJis2004,
    ];
    every.extend(OemPage::ALL.iter().map(|&p| Charset::Oem(p)));
    every.extend(EbcdicPage::ALL.iter().map(|&p| Charset::Ebcdic(p)));
    assert_eq!(
        listed.len(),
        Charset::OUTSIDE_WHATWG.len(),
        "one label each"
    );
    assert_eq!(
        listed.len(),
        every.len(),
        "every encoding outside WHATWG, once"
    );
    for c in every {
        assert!(
            listed.contains(&c),
            "{} has no label in OUTSIDE_WHATWG",
            c.name()
        );
    }
}
