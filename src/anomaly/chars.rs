//! Character-level anomalies, judged in context: controls, invisible characters, bidi controls
//! and compatibility variants (ligatures, full-width forms, super/subscripts, hyphen and quote
//! look-alikes).
//!
//! Context matters for a few of them: ZWJ inside an emoji sequence or between letters of an
//! Indic script, ZWNJ between Arabic-script or Indic letters (Persian, Urdu, Hindi need it), a
//! variation selector after an emoji or an ideograph, and tag characters in a flag sequence are
//! legitimate; a soft hyphen between letters is a hyphenation point, one inside mojibake (`Â­`)
//! is a fingerprint of UTF-8 read as windows-1252.

use super::{AnomalyClass, Finding, Sink};
use crate::teach::{char_name, is_noncharacter};
use crate::unicode::char_info;
use std::borrow::Cow;
use unicode_properties::{GeneralCategory, UnicodeEmoji};
use unicode_script::Script;

/// The class of `c`, if it is an anomaly on its own; `at_start` says it is the first character
/// of the text (where U+FEFF is a byte order mark, not an anomaly).
pub fn classify(c: char, at_start: bool) -> Option<AnomalyClass> {
    let u = c as u32;
    if u < 0x80 {
        return match u {
            0x09 | 0x0A | 0x0D => None,
            0x00..=0x1F => Some(AnomalyClass::Control),
            0x7F => Some(AnomalyClass::Delete),
            _ => None,
        };
    }
    Some(match u {
        0xFFFD => AnomalyClass::Replacement,
        0x80..=0x9F => AnomalyClass::C1Control,
        0xAD => AnomalyClass::SoftHyphen,
        0xFEFF if at_start => return None,
        0xFEFF => AnomalyClass::BomMidText,
        0x200B | 0x200C | 0x200D | 0x2060 | 0x180E | 0x2061..=0x2064 | 0x034F => {
            AnomalyClass::ZeroWidth
        }
        0x200E | 0x200F | 0x061C | 0x202A..=0x202E | 0x2066..=0x2069 => AnomalyClass::Bidi,
        0xA0 | 0x2000..=0x200A | 0x202F | 0x205F | 0x3000 | 0x1680 => {
            AnomalyClass::NonStandardSpace
        }
        0x2028 | 0x2029 => AnomalyClass::LineSeparator,
        0xE0000..=0xE007F => AnomalyClass::Tag,
        0xFE00..=0xFE0F | 0xE0100..=0xE01EF => AnomalyClass::VariationSelector,
        0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD => AnomalyClass::PrivateUse,
        _ if is_noncharacter(c) => AnomalyClass::Noncharacter,
        _ => match char_info(c).category {
            GeneralCategory::Unassigned => AnomalyClass::Unassigned,
            _ => return None,
        },
    })
}

/// The compatibility-variant class of `c` and what it stands for, if any.
pub fn compat(c: char) -> Option<(AnomalyClass, &'static str)> {
    let u = c as u32;
    if u < 0xB2 {
        return None;
    }
    Some(match c {
        'ﬀ' => (AnomalyClass::Ligature, "ff"),
        'ﬁ' => (AnomalyClass::Ligature, "fi"),
        'ﬂ' => (AnomalyClass::Ligature, "fl"),
        'ﬃ' => (AnomalyClass::Ligature, "ffi"),
        'ﬄ' => (AnomalyClass::Ligature, "ffl"),
        'ﬅ' | 'ﬆ' => (AnomalyClass::Ligature, "st"),
        'Ĳ' => (AnomalyClass::Ligature, "IJ"),
        'ĳ' => (AnomalyClass::Ligature, "ij"),
        '²' => (AnomalyClass::SuperSubscript, "2"),
        '³' => (AnomalyClass::SuperSubscript, "3"),
        '¹' => (AnomalyClass::SuperSubscript, "1"),
        '\u{2070}' => (AnomalyClass::SuperSubscript, "0"),
        '\u{2074}'..='\u{2079}' | '\u{2080}'..='\u{2089}' => {
            const D: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
            let base = if u >= 0x2080 { 0x2080 } else { 0x2070 };
            (AnomalyClass::SuperSubscript, D[(u - base) as usize])
        }
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE63}' | '\u{FF0D}' => {
            (AnomalyClass::HyphenLookalike, "-")
        }
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' | '\u{02BC}'
        | '\u{FF07}' => (AnomalyClass::QuoteLookalike, "'"),
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' | '\u{FF02}' => {
            (AnomalyClass::QuoteLookalike, "\"")
        }
        '\u{FF01}'..='\u{FF5E}' => (AnomalyClass::FullWidth, FULL_WIDTH[(u - 0xFF01) as usize]),
        _ => return None,
    })
}

/// ASCII for U+FF01…U+FF5E.
const FULL_WIDTH: [&str; 94] = [
    "!", "\"", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", "0", "1", "2", "3",
    "4", "5", "6", "7", "8", "9", ":", ";", "<", "=", ">", "?", "@", "A", "B", "C", "D", "E", "F",
    "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y",
    "Z", "[", "\\", "]", "^", "_", "`", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l",
    "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "{", "|", "}", "~",
];

/// The one-line reason for a character-level finding.
pub fn reason(class: AnomalyClass, c: char) -> String {
    use AnomalyClass::*;
    let why = match class {
        DecodeError => "made by the decoder from bytes it could not read",
        DeletedBytes => "bytes dropped by a decoder told to ignore errors",
        Replacement => {
            "a replacement character already in the text: an earlier decode lost these bytes; the word containing it matches nothing"
        }
        Control => "a control character inside text: invisible, and a terminal may act on it",
        Delete => "a control character inside text",
        C1Control => {
            "a C1 control: usually a windows-1252 byte (smart quote, dash, €) decoded as ISO-8859-x"
        }
        ZeroWidth => "invisible: the word containing it is a different token",
        Bidi => "changes the display order of the text around it; invisible in review",
        SoftHyphen => "invisible unless a line breaks there; splits the token",
        NonStandardSpace => "looks like a space but is another character",
        LineSeparator => "a line break most tools do not treat as one",
        BomMidText => "a byte order mark in the middle of text, usually from concatenated files",
        PrivateUse => {
            "no meaning outside one font or application (PDF extraction failures produce these)"
        }
        Noncharacter => "never meant for interchange",
        Tag => "an invisible tag character (also used to smuggle hidden text)",
        VariationSelector => "invisible; selects a glyph variant of the character before it",
        Unassigned => "not assigned in this Unicode version",
        Ligature => {
            "a ligature: one character for several letters; the word does not match its spelling"
        }
        FullWidth => "a full-width form: looks like ASCII, is not",
        SuperSubscript => "a superscript or subscript digit: not the digit",
        HyphenLookalike => "looks like a hyphen-minus (U+002D), is not",
        QuoteLookalike => "looks like an ASCII apostrophe or quote, is not",
        _ => "",
    };
    format!("U+{:04X} {}: {why}", c as u32, char_name(c))
}

fn is_emoji(c: char) -> bool {
    !c.is_ascii() && c.is_emoji_char()
}

fn is_indic(s: Script) -> bool {
    matches!(
        s,
        Script::Devanagari
            | Script::Bengali
            | Script::Gurmukhi
            | Script::Gujarati
            | Script::Oriya
            | Script::Tamil
            | Script::Telugu
            | Script::Kannada
            | Script::Malayalam
            | Script::Sinhala
    )
}

/// Why a character of `class` is legitimate between `prev` and `next`, if it is.
fn legitimate(
    class: AnomalyClass,
    c: char,
    prev: Option<char>,
    next: Option<char>,
) -> Option<&'static str> {
    let letter_script = |x: Option<char>| {
        x.map(char_info)
            .filter(|i| i.is_letter() || i.is_mark())
            .map(|i| i.script)
    };
    match (class, c) {
        (AnomalyClass::ZeroWidth, '\u{200D}') => {
            if prev.is_some_and(|p| is_emoji(p) || p == '\u{FE0F}') && next.is_some_and(is_emoji) {
                return Some("legitimate: joins an emoji sequence");
            }
            if letter_script(prev).is_some_and(is_indic) && letter_script(next).is_some() {
                return Some("legitimate: asks for a conjunct or half form in an Indic script");
            }
            None
        }
        (AnomalyClass::ZeroWidth, '\u{200C}') => {
            let (p, n) = (letter_script(prev), letter_script(next));
            if p.is_some_and(|s| s == Script::Arabic || is_indic(s)) && n == p {
                return Some(
                    "legitimate: prevents joining between letters (Persian, Urdu, Indic scripts need it)",
                );
            }
            None
        }
        (AnomalyClass::VariationSelector, _) => {
            if prev.is_some_and(|p| is_emoji(p) || char_info(p).script == Script::Han) {
                return Some(
                    "legitimate: selects the emoji or ideograph variant of the character before it",
                );
            }
            None
        }
        (AnomalyClass::Tag, _) => {
            if prev.is_some_and(|p| p == '\u{1F3F4}' || (0xE0020..=0xE007F).contains(&(p as u32))) {
                return Some("legitimate: part of an emoji tag sequence (a subdivision flag)");
            }
            None
        }
        _ => None,
    }
}

/// Characters below this have a precomputed "never an anomaly" flag.
const QUIET_LIMIT: usize = 0x3000;

/// For each code point below [`QUIET_LIMIT`]: true when it is neither an anomaly (anywhere in
/// a text) nor a compatibility variant.
fn quiet() -> &'static [bool] {
    static TABLE: std::sync::OnceLock<Box<[bool]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..QUIET_LIMIT as u32)
            .map(|u| {
                char::from_u32(u).is_some_and(|c| {
                    classify(c, false).is_none()
                        && classify(c, true).is_none()
                        && compat(c).is_none()
                })
            })
            .collect()
    })
}

/// Length of the leading run of printable ASCII, TAB, LF and CR in `b`, eight bytes at a time.
fn quiet_ascii_run(b: &[u8]) -> usize {
    use crate::ascii::{eq_bytes, high_bytes, lt_bytes, movemask, word};
    let mut i = 0;
    while i + 8 <= b.len() {
        let x = word(&b[i..i + 8], b' ');
        let controls =
            lt_bytes(x, 0x20) & !eq_bytes(x, b'\t') & !eq_bytes(x, b'\n') & !eq_bytes(x, b'\r');
        let loud = controls | eq_bytes(x, 0x7F) | high_bytes(x);
        if loud != 0 {
            return i + movemask(loud).trailing_zeros() as usize;
        }
        i += 8;
    }
    i + b[i..]
        .iter()
        .position(|&c| !((0x20..0x7F).contains(&c) || c == b'\n' || c == b'\t' || c == b'\r'))
        .unwrap_or(b.len() - i)
}

/// One character-level anomaly as the walk meets it, before anything is formatted.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub class: AnomalyClass,
    pub start: usize,
    pub end: usize,
    pub c: char,
    pub prev: Option<char>,
    pub next: Option<char>,
    /// Why context makes it legitimate (ZWJ in an emoji sequence, ZWNJ in Persian).
    pub legitimate: Option<&'static str>,
    /// For compatibility variants: the plain form.
    pub plain: Option<&'static str>,
}

/// Walks `text` and hands every character-level anomaly to `f`, in text order. Nothing is
/// allocated per anomaly, so callers that only count or only remove (normalisation step 2)
/// cost nothing per character of a hostile text full of them.
pub fn walk(text: &str, text_is_start: bool, mut f: impl FnMut(Hit)) {
    let bytes = text.as_bytes();
    let mut prev: Option<char> = None;
    let mut i = 0;
    while i < bytes.len() {
        // Skip printable ASCII, TAB, LF and CR fast: they are never anomalies.
        let run = quiet_ascii_run(&bytes[i..]);
        if run > 0 {
            i += run;
            prev = Some(bytes[i - 1] as char);
            continue;
        }
        let b = bytes[i];
        if b < 0x80 {
            // ASCII: only controls can be anomalies.
            if (b < 0x20 && b != b'\t' && b != b'\n' && b != b'\r') || b == 0x7F {
                let c = b as char;
                let class = classify(c, false).expect("a C0 control or DEL");
                f(Hit {
                    class,
                    start: i,
                    end: i + 1,
                    c,
                    prev,
                    next: text[i + 1..].chars().next(),
                    legitimate: None,
                    plain: None,
                });
            }
            prev = Some(b as char);
            i += 1;
            continue;
        }
        let c = text[i..].chars().next().expect("a char boundary");
        let len = c.len_utf8();
        // Most letters are nothing: one table lookup says so.
        if (c as usize) < QUIET_LIMIT && quiet()[c as usize] {
            prev = Some(c);
            i += len;
            continue;
        }
        let next = text[i + len..].chars().next();
        let found = match classify(c, text_is_start && i == 0) {
            Some(class) => Some((class, legitimate(class, c, prev, next), None)),
            None => compat(c).map(|(class, plain)| (class, None, Some(plain))),
        };
        if let Some((class, legitimate, plain)) = found {
            f(Hit {
                class,
                start: i,
                end: i + len,
                c,
                prev,
                next,
                legitimate,
                plain,
            });
        }
        prev = Some(c);
        i += len;
    }
}

/// The finding of a [`Hit`] in `text`: its reason in words and its suggestion.
pub fn finding(text: &str, h: Hit) -> Finding {
    let Hit {
        class,
        start: i,
        end,
        c,
        prev,
        next,
        legitimate,
        plain,
    } = h;
    let mut f = Finding::new(class, text, i, end, reason(class, c));
    if let Some(plain) = plain {
        f.suggestion = Some(Cow::Borrowed(plain));
        return f;
    }
    if let Some(why) = legitimate {
        f.legitimate = true;
        f.reason = Cow::Owned(format!("U+{:04X} {}: {why}", c as u32, char_name(c)));
    }
    if class == AnomalyClass::SoftHyphen {
        let w_start = text[..i]
            .rfind(|c: char| c.is_ascii_whitespace())
            .map_or(0, |p| p + 1);
        let w_end = text[i..]
            .find(|c: char| c.is_ascii_whitespace())
            .map_or(text.len(), |p| i + p);
        let in_mojibake = crate::encoding::mojibake::repair_word(&text[w_start..w_end]).is_some();
        f.reason = Cow::Owned(soft_hyphen_reason(prev, next, in_mojibake));
        f.suggestion = Some(Cow::Borrowed(""));
    }
    if class == AnomalyClass::NonStandardSpace {
        f.suggestion = Some(Cow::Borrowed(" "));
    }
    f
}

/// Every character-level anomaly of `text` into `out`: counted, and kept while it keeps them.
pub fn scan_into(text: &str, text_is_start: bool, out: &mut Sink) {
    walk(text, text_is_start, |h| {
        if out.keeps() {
            out.push(finding(text, h));
        } else {
            out.count(h.class, h.legitimate.is_some());
        }
    });
}

/// Finds every character-level anomaly in `text`.
pub fn scan(text: &str, text_is_start: bool) -> Vec<Finding> {
    let mut out = Sink::unbounded();
    scan_into(text, text_is_start, &mut out);
    out.kept
}

/// A soft hyphen between letters is a hyphenation point; after `Â` (C2) it is the tail of a
/// UTF-8 sequence read as windows-1252.
fn soft_hyphen_reason(prev: Option<char>, next: Option<char>, in_mojibake: bool) -> String {
    let letter = |x: Option<char>| x.is_some_and(crate::unicode::is_alphabetic);
    let base = "U+00AD SOFT HYPHEN";
    if in_mojibake || prev == Some('Â') {
        format!(
            "{base}: inside mojibake (UTF-8 bytes read as windows-1252: C2 AD and the like), not a hyphenation point"
        )
    } else if letter(prev) && letter(next) {
        format!(
            "{base}: a hyphenation point between letters: invisible, but it splits the word for search"
        )
    } else {
        format!("{base}: invisible unless a line breaks there")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AnomalyClass::*;

    fn check(text: &str, expect: &[(AnomalyClass, bool)]) {
        let got: Vec<(AnomalyClass, bool)> = scan(text, true)
            .into_iter()
            .map(|f| (f.class, f.legitimate))
            .collect();
        assert_eq!(got, expect, "{text:?}");
    }

    #[test]
    fn one_line_cases() {
        check("plain text\twith\nbreaks\r\n", &[]);
        check("a\u{1b}[2J", &[(Control, false)]);
        check("\u{7f}", &[(Delete, false)]);
        check("it\u{92}s", &[(C1Control, false)]);
        check("zero\u{200b}width", &[(ZeroWidth, false)]);
        check("evil\u{202e}gnp.exe", &[(Bidi, false)]);
        check("hy\u{ad}phen", &[(SoftHyphen, false)]);
        check("non\u{a0}breaking", &[(NonStandardSpace, false)]);
        check("a\u{2028}b", &[(LineSeparator, false)]);
        check("\u{feff}start ok", &[]);
        check("mid\u{feff}dle", &[(BomMidText, false)]);
        check("r\u{fffd}sum", &[(Replacement, false)]);
        check("\u{e000}", &[(PrivateUse, false)]);
        check("\u{fdd0}", &[(Noncharacter, false)]);
        check("a\u{e0041}", &[(Tag, false)]);
        check("a\u{fe0f}", &[(VariationSelector, false)]);
        check("\u{378}", &[(Unassigned, false)]);
        check("résumé 中文 😀", &[]);
    }

    #[test]
    fn context_makes_some_legitimate() {
        check("👩\u{200d}💻", &[(ZeroWidth, true)]);
        check("❤\u{fe0f}", &[(VariationSelector, true)]);
        check("می\u{200c}خواهم", &[(ZeroWidth, true)]); // Persian "I want"
        check("क्\u{200d}ष", &[(ZeroWidth, true)]); // Devanagari half form
        check("pay\u{200d}pal", &[(ZeroWidth, false)]);
        check(
            "🏴\u{e0067}\u{e0062}\u{e007f}",
            &[(Tag, true), (Tag, true), (Tag, true)],
        );
    }

    #[test]
    fn soft_hyphen_in_words_and_in_mojibake() {
        let word = &scan("infor\u{ad}mation", true)[0];
        assert!(word.reason.contains("hyphenation point"), "{}", word.reason);
        let moji = &scan("ä¸\u{ad}æ–‡", true)[0];
        assert!(moji.reason.contains("mojibake"), "{}", moji.reason);
    }

    #[test]
    fn compatibility_variants() {
        let f = scan("ﬁnd ²  ｆｕｌｌ – ’", true);
        let got: Vec<(AnomalyClass, Option<&str>)> = f
            .iter()
            .map(|f| (f.class, f.suggestion.as_deref()))
            .collect();
        assert_eq!(
            got,
            [
                (Ligature, Some("fi")),
                (SuperSubscript, Some("2")),
                (FullWidth, Some("f")),
                (FullWidth, Some("u")),
                (FullWidth, Some("l")),
                (FullWidth, Some("l")),
                (HyphenLookalike, Some("-")),
                (QuoteLookalike, Some("'")),
            ]
        );
        assert_eq!(compat('\u{2083}'), Some((SuperSubscript, "3")));
        assert_eq!(compat('\u{2075}'), Some((SuperSubscript, "5")));
    }
}
