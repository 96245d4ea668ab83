//! Unit tests of `encoding` (kept apart so the module reads as its job).

use super::*;

fn analyze_bytes(name: &str, bytes: &[u8], opts: &Options) -> EncodingAnalysis {
    analyze(&Input::from_bytes(name, bytes.to_vec()), opts).unwrap()
}

#[test]
fn utf8_text_is_decided_by_validity() {
    let a = analyze_bytes(
        "t",
        "Das Gebäude ist groß und schön.".as_bytes(),
        &Options::default(),
    );
    assert_eq!(a.decision.encoding, Charset::UTF_8);
    assert_eq!(a.decision.decided_by, DecidedBy::Validity);
    assert_eq!(a.candidates[0].encoding, Charset::UTF_8);
    assert!(a.conflicts.is_empty(), "{:?}", a.conflicts);
}

#[test]
fn latin1_text_is_decided_statistically() {
    let bytes = encoding_rs::WINDOWS_1252
        .encode("Das Gebäude ist groß und schön, sagt die Straße.")
        .0;
    let a = analyze_bytes("t", &bytes, &Options::default());
    assert_eq!(a.decision.encoding, Charset::WINDOWS_1252);
    assert_eq!(a.decision.decided_by, DecidedBy::Statistical);
    assert_eq!(a.candidates[0].encoding, Charset::WINDOWS_1252);
    let utf8 = a
        .candidates
        .iter()
        .find(|c| c.encoding == Charset::UTF_8)
        .unwrap();
    assert_eq!(utf8.replacement_chars, 4);
    assert!(utf8.score < a.candidates[0].score);
}

#[test]
fn lying_meta_is_a_conflict() {
    let html =
        "<html><head><meta charset=\"iso-8859-1\"></head><body>résumé café naïve</body></html>";
    let a = analyze_bytes("x.html", html.as_bytes(), &Options::default());
    assert_eq!(a.kind.kind, TextKind::Html);
    assert_eq!(a.decision.encoding, Charset::WINDOWS_1252);
    assert_eq!(a.decision.decided_by, DecidedBy::Declaration);
    assert!(a.evidence.iter().any(|e| e.remap.is_some()));
    let c = &a.conflicts[0].message;
    assert!(
        c.contains("declared iso-8859-1 in <meta> at bytes 12–39"),
        "{c}"
    );
    assert!(c.contains("valid UTF-8 with 4 multi-byte sequences"), "{c}");
    assert!(c.contains("probably wrong"), "{c}");
    // The text decoded as declared is mojibake, and the report says how to undo it.
    let m = a.mojibake.as_ref().unwrap();
    assert_eq!(m.analysis.chain, [Charset::WINDOWS_1252]);
    assert_eq!(a.candidates[0].encoding, Charset::UTF_8);
}

#[test]
fn bom_wins_and_utf32_decodes() {
    let mut b = vec![0xFF, 0xFE, 0, 0];
    b.extend("héllo wörld".chars().flat_map(|c| (c as u32).to_le_bytes()));
    let a = analyze_bytes("t", &b, &Options::default());
    assert_eq!(a.decision.encoding, Charset::Utf32Le);
    assert_eq!(a.decision.decided_by, DecidedBy::Bom);
    assert_eq!(a.decoded_sample.as_ref().unwrap().text, "héllo wörld");
}

#[test]
fn utf16_without_bom_by_pattern() {
    let b: Vec<u8> = "Plain text in UTF-16 without a byte order mark."
        .encode_utf16()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    let a = analyze_bytes("t", &b, &Options::default());
    assert_eq!(a.decision.encoding, Charset::UTF_16LE);
    assert!(
        a.evidence
            .iter()
            .any(|e| e.kind == EvidenceKind::Utf16Pattern)
    );
}

#[test]
fn user_override() {
    let opts = Options {
        user_encodings: vec![Charset::for_label("koi8-r").unwrap()],
        ..Default::default()
    };
    let a = analyze_bytes("t", "plain".as_bytes(), &opts);
    assert_eq!(a.decision.decided_by, DecidedBy::User);
    assert_eq!(a.decision.encoding.name(), "KOI8-R");
}

#[test]
fn transport_beats_meta_for_html() {
    let opts = Options {
        content_type: Some("text/html; charset=utf-8".into()),
        ..Default::default()
    };
    let a = analyze_bytes("x", b"<meta charset=windows-1251><p>\xC3\xA9", &opts);
    assert_eq!(a.decision.decided_by, DecidedBy::Transport);
    assert_eq!(a.decision.encoding, Charset::UTF_8);
    assert!(
        a.conflicts.iter().any(|c| c.message.contains("transport")),
        "{:?}",
        a.conflicts
    );
}
