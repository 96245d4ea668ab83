//! Unit tests of `decode::decoder` (kept apart so the module reads as its job).

use super::*;

fn dec(bytes: &[u8], label: &str, mode: ErrorMode) -> Decoded {
    let cs = Charset::for_label(label).unwrap().charset;
    decode(bytes, 0, cs, mode, true)
}

/// The seed's failure table, decoding half.
#[test]
fn seed_failure_table() {
    let utf8 = "résumé".as_bytes();
    assert_eq!(utf8, [114, 195, 169, 115, 117, 109, 195, 169]);
    assert_eq!(dec(utf8, "utf-8", ErrorMode::Replace).text, "résumé");
    assert_eq!(
        dec(utf8, "windows-1252", ErrorMode::Replace).text,
        "rÃ©sumÃ©"
    );
    let latin1 = [0x72, 0xE9, 0x73, 0x75, 0x6D, 0xE9];
    let r = dec(&latin1, "utf-8", ErrorMode::Replace);
    assert_eq!(r.text, "r\u{FFFD}sum\u{FFFD}");
    assert_eq!(r.error_count, 2);
    assert_eq!(r.errors[0].byte_span, ByteSpan::at(1, 1));
    let i = dec(&latin1, "utf-8", ErrorMode::Ignore);
    assert_eq!(i.text, "rsum");
    assert_eq!(i.deleted_bytes, 2);
    let s = dec(&latin1, "utf-8", ErrorMode::Strict);
    assert_eq!(s.text, "r");
    let e = s.strict_error.unwrap();
    assert_eq!(e.offset, 1);
    assert_eq!(
        e.reason,
        "E9 announces a 3-byte sequence, but 73 does not begin with 10"
    );
}

/// Every character's span, decoded again on its own, gives the character back.
fn check_map(bytes: &[u8], label: &str) {
    let d = dec(bytes, label, ErrorMode::Replace);
    let mut covered = 0u64;
    for (range, span) in d.map.iter(&d.text) {
        let piece = &d.text[range.clone()];
        assert!(span.start >= covered, "{label}: spans overlap at {range:?}");
        covered = span.end;
        if piece == "\u{FFFD}" || label == "iso-2022-jp" {
            // ISO-2022-JP is stateful: a span cannot be decoded without the escape before it.
            continue;
        }
        let again = dec(
            &bytes[span.start as usize..span.end as usize],
            label,
            ErrorMode::Replace,
        );
        assert_eq!(
            again.text, piece,
            "{label}: char at {range:?} span {span:?}"
        );
    }
}

#[test]
fn maps_are_exact() {
    check_map("Grüße, 中文 😀!".as_bytes(), "utf-8");
    check_map(
        &encoding_rs::WINDOWS_1251.encode("Привет, мир").0,
        "windows-1251",
    );
    check_map(
        &encoding_rs::SHIFT_JIS.encode("日本語テキスト abc").0,
        "shift_jis",
    );
    check_map(&encoding_rs::EUC_JP.encode("日本語 abc").0, "euc-jp");
    check_map(&encoding_rs::GBK.encode("中文 text 汉字").0, "gbk");
    check_map(&encoding_rs::BIG5.encode("中文 繁體").0, "big5");
    let jis = encoding_rs::ISO_2022_JP.encode("日本語 abc かな").0;
    check_map(&jis, "iso-2022-jp");
    // The first kanji's span includes the escape sequence ESC $ B that switched to JIS X 0208.
    let d = dec(&jis, "iso-2022-jp", ErrorMode::Replace);
    assert_eq!(d.map.span_of(&d.text, 0), Some(ByteSpan::new(0, 5)));
    assert_eq!(d.map.span_of(&d.text, 3), Some(ByteSpan::new(5, 7)));
    let u16: Vec<u8> = "a😀é"
        .encode_utf16()
        .flat_map(|u| u.to_be_bytes())
        .collect();
    check_map(&u16, "utf-16be");
    let u32: Vec<u8> = "a😀é"
        .chars()
        .flat_map(|c| (c as u32).to_le_bytes())
        .collect();
    check_map(&u32, "utf-32");
}

/// Single-byte decoding hands runs of same-width characters to the sink at once: over every
/// byte value (runs longer than one call, characters of two and three UTF-8 bytes side by
/// side, unmapped bytes inside a run), every WHATWG single-byte encoding decodes as
/// encoding_rs does and maps each character to its own byte.
#[test]
fn single_byte_runs_map_each_character_to_its_byte() {
    let mut bytes: Vec<u8> = (0x80..=0xFF).collect();
    bytes.extend(b" abc ");
    bytes.extend((0x80..=0xFF).rev());
    for label in [
        "windows-1252",
        "windows-1251",
        "windows-1253",
        "windows-1255",
        "windows-874",
        "iso-8859-8",
        "iso-8859-3",
        "koi8-u",
        "ibm866",
        "x-mac-cyrillic",
        "macintosh",
        "x-user-defined",
    ] {
        let d = dec(&bytes, label, ErrorMode::Replace);
        let enc = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
        assert_eq!(d.text, enc.decode_without_bom_handling(&bytes).0, "{label}");
        let spans: Vec<ByteSpan> = d.map.iter(&d.text).map(|(_, s)| s).collect();
        let each: Vec<ByteSpan> = (0..bytes.len() as u64)
            .map(|i| ByteSpan::at(i, 1))
            .collect();
        assert_eq!(spans, each, "{label}");
        check_map(&bytes, label);
    }
}

/// Our UTF-8/UTF-16 decoders must count errors exactly as encoding_rs (WHATWG) does.
#[test]
fn agrees_with_encoding_rs_on_errors() {
    let cases: &[&[u8]] = &[
        b"\xE9s\xC3",
        b"\xF0\x9F\x98",
        b"\xED\xA0\x80x",
        b"\xC0\xAF\xE0\x80\xBF\xF4\x90\x80\x80",
        b"\xFF\xFEa\x00\x00\xD8b\x00\x00\xDC",
        b"\x00\xD8\x00\xDC\x00",
    ];
    for bytes in cases {
        for enc in [
            encoding_rs::UTF_8,
            encoding_rs::UTF_16LE,
            encoding_rs::UTF_16BE,
        ] {
            let ours = decode(bytes, 0, Charset::Whatwg(enc), ErrorMode::Replace, true);
            let (theirs, _) = enc.decode_without_bom_handling(bytes);
            assert_eq!(ours.text, theirs, "{} {bytes:02X?}", enc.name());
        }
    }
}

#[test]
fn single_byte_unmapped_is_an_error() {
    // 0xAA is unmapped in windows-1253.
    let d = dec(b"a\xAAb", "windows-1253", ErrorMode::Replace);
    assert_eq!(d.text, "a\u{FFFD}b");
    assert_eq!(d.error_count, 1);
    let s = dec(b"a\xAAb", "windows-1253", ErrorMode::Strict);
    assert_eq!(
        s.strict_error.unwrap().reason,
        "byte AA has no character in windows-1253"
    );
}

#[test]
fn utf32_and_latin1() {
    let b: Vec<u8> = [0x41u32, 0x1F600, 0x110000]
        .iter()
        .flat_map(|v| v.to_be_bytes())
        .collect();
    let d = dec(&b, "utf-32be", ErrorMode::Replace);
    assert_eq!(d.text, "A😀\u{FFFD}");
    let l = decode(b"\x80\xE9", 0, Charset::Latin1, ErrorMode::Strict, true);
    assert_eq!(l.text, "\u{80}é");
}

#[test]
fn samples_leave_a_cut_character_undecoded() {
    let d = decode(
        "aé".as_bytes()[..2].as_ref(),
        0,
        Charset::UTF_8,
        ErrorMode::Replace,
        false,
    );
    assert_eq!(d.text, "a");
    assert_eq!(d.error_count, 0);
}

#[test]
fn counter_matches_full_decode_across_chunks() {
    let mut bytes = Vec::new();
    for _ in 0..50 {
        bytes.extend_from_slice("ok é 😀 ".as_bytes());
        bytes.extend_from_slice(b"\xE9\xF0\x9F x");
    }
    for label in [
        "utf-8",
        "utf-16le",
        "utf-32",
        "shift_jis",
        "windows-1253",
        "gbk",
    ] {
        let cs = Charset::for_label(label).unwrap().charset;
        let full = decode(&bytes, 0, cs, ErrorMode::Replace, true);
        for chunk in [1usize, 3, 7, 64] {
            let mut c = ErrorCounter::new(cs, 0);
            let chunks: Vec<_> = bytes.chunks(chunk).collect();
            for (i, ch) in chunks.iter().enumerate() {
                c.feed(ch, i + 1 == chunks.len());
            }
            let st = c.finish();
            assert_eq!(
                st.replacement_chars, full.error_count,
                "{label} chunk {chunk}"
            );
            assert_eq!(
                st.first_error_offset,
                full.errors.first().map(|e| e.byte_span.start),
                "{label} chunk {chunk}"
            );
        }
    }
}

/// A decoding that keeps few error spans still counts every error and every error byte: a
/// candidate's `deleted_bytes` once summed only the spans kept (10,000 at most).
#[test]
fn keeping_few_spans_keeps_exact_counts() {
    // 12,000 lone continuation bytes and 3,000 truncated two-byte sequences (C3 before ASCII).
    let mut bytes = Vec::new();
    for _ in 0..3_000 {
        bytes.extend_from_slice(b"\x80\x81\x82\x83a\xC3b");
    }
    let full = decode(&bytes, 0, Charset::UTF_8, ErrorMode::Replace, true);
    let few = decode_keeping(&bytes, 0, Charset::UTF_8, ErrorMode::Replace, true, 5);
    assert_eq!(full.error_count, 15_000);
    assert_eq!(full.errors.len(), MAX_KEPT_ERRORS);
    assert_eq!(full.error_bytes, 15_000);
    assert_eq!(few.errors.len(), 5);
    assert_eq!(few.errors[..], full.errors[..5]);
    assert_eq!((few.error_count, few.error_bytes), (15_000, 15_000));
    assert_eq!(few.text, full.text);
    assert_eq!(few.map, full.map);
}

/// HZ, ISO-2022-KR and ISO-2022-CN through the decoder: the text [`seven_bit::decode`] reads,
/// each character mapped to its two bytes (shifts map to no text), faults as U+FFFD with their
/// offset, and the same text and errors when fed in chunks that cut every sequence.
#[test]
fn seven_bit_schemes_decode_with_offsets_and_across_chunks() {
    use crate::decode::seven_bit::{self, Scheme};
    let cases: [(Scheme, &[u8]); 3] = [
        (Scheme::Hz, b"a~~b ~{J@=gHKH(~} ok~\nend ~x ~{J@=g\nHK"),
        (
            Scheme::Iso2022Kr,
            b"\x1B$)C\x0E4kGQ\x0F x\x0E9N\n19\x0F \x1B$Q",
        ),
        (
            Scheme::Iso2022Cn,
            b"\x1B$)A\x0EJ@=g\x0F \x1B$)G\x0EDCXB\x0F\x1BN!!.",
        ),
    ];
    for (scheme, bytes) in cases {
        let cs = Charset::SevenBit(scheme);
        let full = decode(bytes, 10, cs, ErrorMode::Replace, true);
        let stats = seven_bit::decode(bytes, scheme);
        assert_eq!(full.text, stats.text, "{scheme:?}");
        // Every U+FFFD is an error with its bytes (a line end that only ends a run is none).
        let replaced = stats.text.matches('\u{FFFD}').count();
        assert_eq!(full.error_count as usize, replaced, "{scheme:?}");
        assert!(stats.faults + stats.undecoded >= replaced, "{scheme:?}");
        assert!(
            full.errors
                .iter()
                .all(|e| e.byte_span.start >= 10 && !e.byte_span.is_empty())
        );
        for chunk in [1usize, 2, 3, 5] {
            let mut d = StreamDecoder::new(cs, 10, ErrorMode::Replace);
            let chunks: Vec<_> = bytes.chunks(chunk).collect();
            let mut text = String::new();
            for (i, ch) in chunks.iter().enumerate() {
                text.push_str(d.feed(ch, i + 1 == chunks.len()));
            }
            assert_eq!(text, full.text, "{scheme:?} chunk {chunk}");
            assert_eq!(
                d.error_count().0,
                full.error_count,
                "{scheme:?} chunk {chunk}"
            );
        }
    }
    // 世 is bytes 7–8 of the HZ case (`~{` at 5–6), at input offset 17 with the base of 10.
    let hz = decode(
        cases[0].1,
        10,
        Charset::SevenBit(Scheme::Hz),
        ErrorMode::Replace,
        true,
    );
    let at = hz.text.find('世').unwrap();
    assert_eq!(hz.map.span_of(&hz.text, at), Some(ByteSpan::new(17, 19)));
    // A byte ≥ 0x80 is no part of a 7-bit scheme.
    let hi = decode(
        b"a\xE9b",
        0,
        Charset::SevenBit(Scheme::Hz),
        ErrorMode::Replace,
        true,
    );
    assert_eq!((hi.text.as_str(), hi.error_count), ("a\u{FFFD}b", 1));
}

/// ISO-2022-JP's `ESC $` followed by another ESC is an error, and the `$` is handed back and
/// read as ASCII (WHATWG "prepend"): it is byte 1 alone, the second ESC an error of its own at
/// byte 2, and `~` byte 3 (the map once gave `$` two bytes and `~` a span past the input).
#[test]
fn iso_2022_jp_bytes_handed_back_keep_their_own_offsets() {
    let d = dec(b"\x1B$\x1B~", "iso-2022-jp", ErrorMode::Replace);
    assert_eq!(d.text, "\u{FFFD}$\u{FFFD}~");
    let spans: Vec<ByteSpan> = d.map.iter(&d.text).map(|(_, s)| s).collect();
    assert_eq!(
        spans,
        [
            ByteSpan::new(0, 1),
            ByteSpan::new(1, 2),
            ByteSpan::new(2, 3),
            ByteSpan::new(3, 4)
        ]
    );
    let errors: Vec<ByteSpan> = d.errors.iter().map(|e| e.byte_span).collect();
    assert_eq!(errors, [ByteSpan::new(0, 1), ByteSpan::new(2, 3)]);
}
