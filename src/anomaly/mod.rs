//! Representational anomalies: characters that are invisible, that act on a terminal or on text
//! direction, or that say a decode went wrong — each found with its class, byte span and text
//! span, and a one-line reason.
//!
//! This is the first cut, covering what the explorer must make visible (controls, C1, zero-width,
//! bidi controls, soft hyphen, non-standard spaces, line separators, BOM mid-text, U+FFFD,
//! private use, noncharacters, tags, variation selectors, unassigned code points). Context
//! judgements (legitimate ZWJ in emoji, ZWNJ in Persian) and the normalisation pipeline build
//! on it.

use crate::encoding::offsets::OffsetMap;
use crate::span::ByteSpan;
use crate::teach::is_noncharacter;
use crate::unicode::char_info;
use serde::Serialize;
use unicode_properties::GeneralCategory;

/// A class of anomaly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AnomalyClass {
    /// U+FFFD: a decoder met bytes it could not read (or the source already held it).
    Replacement,
    /// C0 controls other than TAB, LF and CR.
    Control,
    /// DEL (U+007F).
    Delete,
    /// C1 controls U+0080–U+009F: typically windows-1252 bytes read as ISO-8859-x.
    C1Control,
    /// ZWSP, ZWNJ, ZWJ, WJ and other zero-width format characters.
    ZeroWidth,
    /// Bidirectional controls (LRM, RLM, ALM, LRE…PDF, LRO, RLO, LRI…PDI).
    Bidi,
    /// U+00AD SOFT HYPHEN.
    SoftHyphen,
    /// NBSP and the other non-standard spaces.
    NonStandardSpace,
    /// U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR.
    LineSeparator,
    /// U+FEFF after the start of the text.
    BomMidText,
    /// Private-use code points (PDF extraction failures show up as these).
    PrivateUse,
    /// The 66 noncharacters.
    Noncharacter,
    /// Tag characters U+E0000–U+E007F.
    Tag,
    /// Variation selectors.
    VariationSelector,
    /// Code points not assigned in the Unicode version of the tables.
    Unassigned,
}

/// Every class, in display order.
pub const ALL_CLASSES: [AnomalyClass; 15] = [
    AnomalyClass::Replacement,
    AnomalyClass::Control,
    AnomalyClass::Delete,
    AnomalyClass::C1Control,
    AnomalyClass::ZeroWidth,
    AnomalyClass::Bidi,
    AnomalyClass::SoftHyphen,
    AnomalyClass::NonStandardSpace,
    AnomalyClass::LineSeparator,
    AnomalyClass::BomMidText,
    AnomalyClass::PrivateUse,
    AnomalyClass::Noncharacter,
    AnomalyClass::Tag,
    AnomalyClass::VariationSelector,
    AnomalyClass::Unassigned,
];

impl AnomalyClass {
    /// Name as in JSON.
    pub fn name(&self) -> &'static str {
        match self {
            AnomalyClass::Replacement => "replacement",
            AnomalyClass::Control => "control",
            AnomalyClass::Delete => "delete",
            AnomalyClass::C1Control => "c1-control",
            AnomalyClass::ZeroWidth => "zero-width",
            AnomalyClass::Bidi => "bidi",
            AnomalyClass::SoftHyphen => "soft-hyphen",
            AnomalyClass::NonStandardSpace => "non-standard-space",
            AnomalyClass::LineSeparator => "line-separator",
            AnomalyClass::BomMidText => "bom-mid-text",
            AnomalyClass::PrivateUse => "private-use",
            AnomalyClass::Noncharacter => "noncharacter",
            AnomalyClass::Tag => "tag",
            AnomalyClass::VariationSelector => "variation-selector",
            AnomalyClass::Unassigned => "unassigned",
        }
    }

    /// What the class means, for a legend.
    pub fn description(&self) -> &'static str {
        match self {
            AnomalyClass::Replacement => "U+FFFD: bytes a decoder could not read",
            AnomalyClass::Control => "C0 control (not TAB, LF, CR)",
            AnomalyClass::Delete => "DEL",
            AnomalyClass::C1Control => "C1 control: a windows-1252 byte read as ISO-8859",
            AnomalyClass::ZeroWidth => "zero-width character (ZWSP, ZWNJ, ZWJ, WJ…)",
            AnomalyClass::Bidi => "bidirectional control",
            AnomalyClass::SoftHyphen => "soft hyphen",
            AnomalyClass::NonStandardSpace => "non-standard space (NBSP, thin, ideographic…)",
            AnomalyClass::LineSeparator => "line or paragraph separator",
            AnomalyClass::BomMidText => "byte order mark inside the text",
            AnomalyClass::PrivateUse => "private-use code point",
            AnomalyClass::Noncharacter => "noncharacter",
            AnomalyClass::Tag => "tag character",
            AnomalyClass::VariationSelector => "variation selector",
            AnomalyClass::Unassigned => "unassigned code point",
        }
    }
}

/// One anomaly found in a text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub class: AnomalyClass,
    /// The input bytes of the character (when the text has an offset map).
    pub byte_span: Option<ByteSpan>,
    /// Byte offsets in the decoded text.
    pub text_start: usize,
    pub text_end: usize,
    pub ch: char,
    /// One line: what the character is and why it matters.
    pub reason: String,
}

/// The class of `c`, if it is an anomaly; `at_start` says it is the first character of the text
/// (where U+FEFF is a byte order mark, not an anomaly).
pub fn classify(c: char, at_start: bool) -> Option<AnomalyClass> {
    let u = c as u32;
    Some(match u {
        0xFFFD => AnomalyClass::Replacement,
        0x09 | 0x0A | 0x0D => return None,
        0x00..=0x1F => AnomalyClass::Control,
        0x7F => AnomalyClass::Delete,
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
        _ if c.is_ascii() => return None,
        _ => match char_info(c).category {
            GeneralCategory::Unassigned => AnomalyClass::Unassigned,
            _ => return None,
        },
    })
}

/// The one-line reason for a finding.
pub fn reason(class: AnomalyClass, c: char) -> String {
    let name = crate::teach::char_name(c);
    let why = match class {
        AnomalyClass::Replacement => {
            "a decoder could not read some bytes here; the word containing it matches nothing"
        }
        AnomalyClass::Control => {
            "a control character inside text: invisible, and a terminal may act on it"
        }
        AnomalyClass::Delete => "a control character inside text",
        AnomalyClass::C1Control => {
            "a C1 control: usually a windows-1252 byte (smart quote, dash, €) decoded as ISO-8859-x"
        }
        AnomalyClass::ZeroWidth => "invisible: the word containing it is a different token",
        AnomalyClass::Bidi => {
            "changes the display order of the text around it; invisible in review"
        }
        AnomalyClass::SoftHyphen => "invisible unless a line breaks there; splits the token",
        AnomalyClass::NonStandardSpace => "looks like a space but is another character",
        AnomalyClass::LineSeparator => "a line break most tools do not treat as one",
        AnomalyClass::BomMidText => {
            "a byte order mark in the middle of text, usually from concatenated files"
        }
        AnomalyClass::PrivateUse => {
            "no meaning outside one font or application (PDF extraction failures produce these)"
        }
        AnomalyClass::Noncharacter => "never meant for interchange",
        AnomalyClass::Tag => "an invisible tag character (also used to smuggle hidden text)",
        AnomalyClass::VariationSelector => {
            "invisible; selects a glyph variant of the character before it"
        }
        AnomalyClass::Unassigned => "not assigned in this Unicode version",
    };
    format!("U+{:04X} {name}: {why}", c as u32)
}

/// Finds every anomaly in `text`; `map` gives their bytes; `text_is_start` says the text begins
/// the document (so a leading U+FEFF is a BOM).
pub fn scan(text: &str, map: Option<&OffsetMap>, text_is_start: bool) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, c) in text.char_indices() {
        let Some(class) = classify(c, text_is_start && i == 0) else {
            continue;
        };
        out.push(Finding {
            class,
            byte_span: map.and_then(|m| m.span_of(text, i)),
            text_start: i,
            text_end: i + c.len_utf8(),
            ch: c,
            reason: reason(class, c),
        });
    }
    out
}

/// Counts of anomalies by class.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub by_class: Vec<(AnomalyClass, u64)>,
}

impl Counts {
    /// Adds the anomalies of `text` (no positions kept).
    pub fn add_text(&mut self, text: &str, text_is_start: bool) {
        for (i, c) in text.char_indices() {
            if let Some(class) = classify(c, text_is_start && i == 0) {
                self.add(class, 1);
            }
        }
    }

    /// Adds `n` anomalies of `class`.
    pub fn add(&mut self, class: AnomalyClass, n: u64) {
        match self.by_class.iter_mut().find(|(k, _)| *k == class) {
            Some((_, c)) => *c += n,
            None => {
                self.by_class.push((class, n));
                self.by_class.sort();
            }
        }
    }

    /// Total anomalies.
    pub fn total(&self) -> u64 {
        self.by_class.iter().map(|(_, n)| n).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes(text: &str) -> Vec<AnomalyClass> {
        scan(text, None, true)
            .into_iter()
            .map(|f| f.class)
            .collect()
    }

    #[test]
    fn one_line_cases() {
        use AnomalyClass::*;
        assert_eq!(classes("plain text\twith\nbreaks\r\n"), []);
        assert_eq!(classes("a\u{1b}[2J"), [Control]);
        assert_eq!(classes("\u{7f}"), [Delete]);
        assert_eq!(classes("it\u{92}s"), [C1Control]);
        assert_eq!(classes("zero\u{200b}width"), [ZeroWidth]);
        assert_eq!(classes("evil\u{202e}gnp.exe"), [Bidi]);
        assert_eq!(classes("hy\u{ad}phen"), [SoftHyphen]);
        assert_eq!(classes("non\u{a0}breaking"), [NonStandardSpace]);
        assert_eq!(classes("a\u{2028}b"), [LineSeparator]);
        assert_eq!(classes("\u{feff}start ok"), []);
        assert_eq!(classes("mid\u{feff}dle"), [BomMidText]);
        assert_eq!(classes("r\u{fffd}sum"), [Replacement]);
        assert_eq!(classes("\u{e000}"), [PrivateUse]);
        assert_eq!(classes("\u{fdd0}"), [Noncharacter]);
        assert_eq!(classes("\u{e0041}"), [Tag]);
        assert_eq!(classes("\u{fe0f}"), [VariationSelector]);
        assert_eq!(classes("\u{378}"), [Unassigned]);
        assert_eq!(classes("résumé 中文 😀"), []);
    }

    #[test]
    fn findings_carry_spans_and_reasons() {
        let text = "a\u{200b}b";
        let mut map = OffsetMap::new(10);
        map.push_same(text.len());
        let f = &scan(text, Some(&map), false)[0];
        assert_eq!(f.byte_span, Some(ByteSpan::at(11, 3)));
        assert_eq!((f.text_start, f.text_end), (1, 4));
        assert!(
            f.reason.starts_with("U+200B ZERO WIDTH SPACE"),
            "{}",
            f.reason
        );
        let mut c = Counts::default();
        c.add_text("\u{200b}\u{200b}\u{a0}", false);
        assert_eq!(c.total(), 3);
        assert_eq!(c.by_class[0], (AnomalyClass::ZeroWidth, 2));
    }
}
