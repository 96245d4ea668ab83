//! Teaching: what a character is, and how UTF-8 packs its code point, byte by byte.
//!
//! [`explain_char`] gives a character's code point, name (unicode_names2), general category,
//! script, display width, its UTF-8 bytes with the bit layout of RFC 3629 §3 (prefix bits |
//! payload bits | byte | hex, as in the seed's tables for é and €), its UTF-16 code units
//! (surrogates for astral characters) and its NFC/NFD/NFKC forms. Both the explorer's inspector
//! and `delineate explain` show this; neither formats it here.

use crate::unicode::char_info;
use serde::Serialize;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::GeneralCategory;

/// One byte of a UTF-8 sequence, split as RFC 3629 writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ByteLayout {
    /// "First byte", "Second byte", …
    pub role: &'static str,
    /// The fixed bits: `0`, `110`, `1110`, `11110` for a first byte, `10` for the others.
    pub prefix: String,
    /// The code point's bits poured into this byte.
    pub payload: String,
    /// The whole byte in binary.
    pub binary: String,
    /// The byte in hex, upper case.
    pub hex: String,
}

/// How a code point is packed into UTF-8.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Utf8Layout {
    /// The code point in binary without leading zeros (`11101001` for é).
    pub binary: String,
    /// How many bits that is.
    pub bits_needed: u32,
    /// The pattern used, e.g. `110xxxxx 10xxxxxx`.
    pub pattern: &'static str,
    /// Payload positions of that pattern (7, 11, 16 or 21).
    pub payload_bits: u32,
    /// The code point padded on the left to `payload_bits`, split as the bytes take it
    /// (`00011 101001` for é; `0010 000010 101100` for €).
    pub padded_split: String,
    pub bytes: Vec<ByteLayout>,
}

/// A UTF-16 code unit and what it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Utf16Unit {
    pub hex: String,
    /// "BMP code unit", "high surrogate", "low surrogate".
    pub kind: &'static str,
}

/// A normalisation form of the character (UAX #15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Form {
    pub form: &'static str,
    pub text: String,
    /// Code points, `U+0065 U+0301`.
    pub code_points: String,
    pub changed: bool,
}

/// Everything about one character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CharExplanation {
    pub ch: char,
    /// `U+00E9`.
    pub code_point: String,
    /// The Unicode name, or a constructed label (`<control-001B>`, `<private-use-E000>`).
    pub name: String,
    /// Two-letter category and its long name: `Ll`, "lowercase letter".
    pub category: &'static str,
    pub category_name: &'static str,
    pub script: String,
    /// Terminal cells it occupies (unicode-width); `None` for controls.
    pub width: Option<usize>,
    pub utf8: Utf8Layout,
    pub utf16: Vec<Utf16Unit>,
    pub forms: Vec<Form>,
}

/// RFC 3629 §3: the patterns, by how many bits the code point needs.
fn pattern(cp: u32) -> (&'static str, u32, &'static [u32]) {
    match cp {
        0..=0x7F => ("0xxxxxxx", 7, &[7]),
        0x80..=0x7FF => ("110xxxxx 10xxxxxx", 11, &[5, 6]),
        0x800..=0xFFFF => ("1110xxxx 10xxxxxx 10xxxxxx", 16, &[4, 6, 6]),
        _ => ("11110xxx 10xxxxxx 10xxxxxx 10xxxxxx", 21, &[3, 6, 6, 6]),
    }
}

const ROLES: [&str; 4] = ["First byte", "Second byte", "Third byte", "Fourth byte"];

/// The UTF-8 bit layout of `c`.
pub fn utf8_layout(c: char) -> Utf8Layout {
    let cp = c as u32;
    let (pat, payload_bits, splits) = pattern(cp);
    let padded = format!("{cp:0width$b}", width = payload_bits as usize);
    let mut buf = [0u8; 4];
    let encoded = c.encode_utf8(&mut buf).as_bytes();
    let prefixes: &[&str] = match encoded.len() {
        1 => &["0"],
        2 => &["110", "10"],
        3 => &["1110", "10", "10"],
        _ => &["11110", "10", "10", "10"],
    };
    let mut pos = 0usize;
    let mut parts = Vec::new();
    let mut bytes = Vec::new();
    for (i, (&n, &b)) in splits.iter().zip(encoded).enumerate() {
        let payload = &padded[pos..pos + n as usize];
        pos += n as usize;
        parts.push(payload.to_string());
        bytes.push(ByteLayout {
            role: ROLES[i],
            prefix: prefixes[i].to_string(),
            payload: payload.to_string(),
            binary: format!("{b:08b}"),
            hex: format!("{b:02X}"),
        });
    }
    Utf8Layout {
        binary: format!("{cp:b}"),
        bits_needed: 32 - cp.leading_zeros().min(31),
        pattern: pat,
        payload_bits,
        padded_split: parts.join(" "),
        bytes,
    }
}

/// Two-letter abbreviation and long name of a general category (UAX #44).
pub fn category_names(cat: GeneralCategory) -> (&'static str, &'static str) {
    use GeneralCategory::*;
    match cat {
        UppercaseLetter => ("Lu", "uppercase letter"),
        LowercaseLetter => ("Ll", "lowercase letter"),
        TitlecaseLetter => ("Lt", "titlecase letter"),
        ModifierLetter => ("Lm", "modifier letter"),
        OtherLetter => ("Lo", "other letter"),
        NonspacingMark => ("Mn", "nonspacing mark"),
        SpacingMark => ("Mc", "spacing mark"),
        EnclosingMark => ("Me", "enclosing mark"),
        DecimalNumber => ("Nd", "decimal number"),
        LetterNumber => ("Nl", "letter number"),
        OtherNumber => ("No", "other number"),
        ConnectorPunctuation => ("Pc", "connector punctuation"),
        DashPunctuation => ("Pd", "dash punctuation"),
        OpenPunctuation => ("Ps", "open punctuation"),
        ClosePunctuation => ("Pe", "close punctuation"),
        InitialPunctuation => ("Pi", "initial punctuation"),
        FinalPunctuation => ("Pf", "final punctuation"),
        OtherPunctuation => ("Po", "other punctuation"),
        MathSymbol => ("Sm", "math symbol"),
        CurrencySymbol => ("Sc", "currency symbol"),
        ModifierSymbol => ("Sk", "modifier symbol"),
        OtherSymbol => ("So", "other symbol"),
        SpaceSeparator => ("Zs", "space separator"),
        LineSeparator => ("Zl", "line separator"),
        ParagraphSeparator => ("Zp", "paragraph separator"),
        Control => ("Cc", "control"),
        Format => ("Cf", "format"),
        Surrogate => ("Cs", "surrogate"),
        PrivateUse => ("Co", "private use"),
        Unassigned => ("Cn", "unassigned or noncharacter"),
    }
}

/// True for the 66 noncharacters (U+FDD0–U+FDEF and U+xxFFFE/U+xxFFFF).
pub fn is_noncharacter(c: char) -> bool {
    let u = c as u32;
    (0xFDD0..=0xFDEF).contains(&u) || (u & 0xFFFE) == 0xFFFE
}

/// The character's name, or a label in the style of the Unicode Standard §4.8 for code points
/// without one (`<control-001B>`, `<private-use-E000>`, `<noncharacter-FFFE>`, `<reserved-…>`).
pub fn char_name(c: char) -> String {
    if let Some(n) = unicode_names2::name(c) {
        return n.to_string();
    }
    let u = c as u32;
    let info = char_info(c);
    let kind = if is_noncharacter(c) {
        "noncharacter"
    } else {
        match info.category {
            GeneralCategory::Control => "control",
            GeneralCategory::PrivateUse => "private-use",
            GeneralCategory::Surrogate => "surrogate",
            _ => "reserved",
        }
    };
    format!("<{kind}-{u:04X}>")
}

fn code_points(s: &str) -> String {
    s.chars()
        .map(|c| format!("U+{:04X}", c as u32))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Explains `c`.
pub fn explain_char(c: char) -> CharExplanation {
    let info = char_info(c);
    let (category, category_name) = category_names(info.category);
    let mut units = [0u16; 2];
    let utf16 = c
        .encode_utf16(&mut units)
        .iter()
        .map(|&u| Utf16Unit {
            hex: format!("{u:04X}"),
            kind: match u {
                0xD800..=0xDBFF => "high surrogate",
                0xDC00..=0xDFFF => "low surrogate",
                _ => "BMP code unit",
            },
        })
        .collect();
    let one = c.to_string();
    let forms = [
        ("NFC", one.nfc().collect::<String>()),
        ("NFD", one.nfd().collect::<String>()),
        ("NFKC", one.nfkc().collect::<String>()),
        ("NFKD", one.nfkd().collect::<String>()),
    ]
    .into_iter()
    .map(|(form, text)| Form {
        form,
        code_points: code_points(&text),
        changed: text != one,
        text,
    })
    .collect();
    CharExplanation {
        ch: c,
        code_point: format!("U+{:04X}", c as u32),
        name: char_name(c),
        category,
        category_name,
        script: info.script.full_name().to_string(),
        width: unicode_width::UnicodeWidthChar::width(c),
        utf8: utf8_layout(c),
        utf16,
        forms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(c: char) -> Vec<(String, String, String, String)> {
        utf8_layout(c)
            .bytes
            .into_iter()
            .map(|b| (b.prefix, b.payload, b.binary, b.hex))
            .collect()
    }

    fn row(p: &str, x: &str, b: &str, h: &str) -> (String, String, String, String) {
        (p.into(), x.into(), b.into(), h.into())
    }

    /// The seed's table for é.
    #[test]
    fn e_acute_as_in_the_seed() {
        let l = utf8_layout('é');
        assert_eq!(l.binary, "11101001");
        assert_eq!(l.bits_needed, 8);
        assert_eq!(l.payload_bits, 11);
        assert_eq!(l.padded_split, "00011 101001");
        assert_eq!(
            rows('é'),
            [
                row("110", "00011", "11000011", "C3"),
                row("10", "101001", "10101001", "A9")
            ]
        );
    }

    /// The seed's worked example for €: fourteen bits, split four, six, six.
    #[test]
    fn euro_as_in_the_seed() {
        let l = utf8_layout('€');
        assert_eq!(l.bits_needed, 14);
        assert_eq!(l.padded_split, "0010 000010 101100");
        assert_eq!(
            rows('€'),
            [
                row("1110", "0010", "11100010", "E2"),
                row("10", "000010", "10000010", "82"),
                row("10", "101100", "10101100", "AC"),
            ]
        );
    }

    /// The seed's code point table: A, é, €, 中, 😀.
    #[test]
    fn seed_table_bytes_and_utf16_lengths() {
        for (c, hex, u16len) in [
            ('A', "41", 1),
            ('é', "C3 A9", 1),
            ('€', "E2 82 AC", 1),
            ('中', "E4 B8 AD", 1),
            ('😀', "F0 9F 98 80", 2),
        ] {
            let e = explain_char(c);
            let got: Vec<String> = e.utf8.bytes.iter().map(|b| b.hex.clone()).collect();
            assert_eq!(got.join(" "), hex, "{c}");
            assert_eq!(e.utf16.len(), u16len, "{c}");
        }
        let grin = explain_char('😀');
        assert_eq!(grin.utf16[0].hex, "D83D");
        assert_eq!(grin.utf16[0].kind, "high surrogate");
        assert_eq!(grin.utf16[1].hex, "DE00");
        assert_eq!(grin.width, Some(2));
    }

    #[test]
    fn names_categories_forms() {
        let e = explain_char('é');
        assert_eq!(e.code_point, "U+00E9");
        assert_eq!(e.name, "LATIN SMALL LETTER E WITH ACUTE");
        assert_eq!(e.category, "Ll");
        assert_eq!(e.script, "Latin");
        let nfd = e.forms.iter().find(|f| f.form == "NFD").unwrap();
        assert_eq!(nfd.code_points, "U+0065 U+0301");
        assert!(nfd.changed);
        let fi = explain_char('ﬁ');
        assert_eq!(
            fi.forms.iter().find(|f| f.form == "NFKC").unwrap().text,
            "fi"
        );
        assert_eq!(char_name('\u{1b}'), "<control-001B>");
        assert_eq!(char_name('\u{E000}'), "<private-use-E000>");
        assert_eq!(char_name('\u{FFFE}'), "<noncharacter-FFFE>");
        assert_eq!(explain_char('\u{1b}').width, None);
    }
}
