//! Character properties the analyses share: general category (UAX #44) and script (UAX #24),
//! with a small cache, because the lookups are binary searches and text reuses few characters.

use std::sync::atomic::{AtomicU64, Ordering};
use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};

/// Unicode version of the general-category tables in use (unicode-properties).
pub const CATEGORY_UNICODE_VERSION: (u64, u64, u64) = unicode_properties::UNICODE_VERSION;

/// The properties of one character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CharInfo {
    pub category: GeneralCategory,
    pub script: Script,
}

impl CharInfo {
    /// Letter in the sense of Java's `Character.isLetter`: general category L*.
    pub fn is_letter(&self) -> bool {
        matches!(
            self.category,
            GeneralCategory::UppercaseLetter
                | GeneralCategory::LowercaseLetter
                | GeneralCategory::TitlecaseLetter
                | GeneralCategory::ModifierLetter
                | GeneralCategory::OtherLetter
        )
    }

    /// Combining or spacing mark: Mn, Mc, Me.
    pub fn is_mark(&self) -> bool {
        matches!(
            self.category,
            GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
        )
    }

    /// True when the script is a real one (not Common, Inherited or Unknown).
    pub fn has_real_script(&self) -> bool {
        !matches!(
            self.script,
            Script::Common | Script::Inherited | Script::Unknown
        )
    }

    /// The script cluster of TextQualityFeatures: Han, Hiragana, Katakana, Hangul and Bopomofo
    /// are one cluster (CJK), every other script its own.
    pub fn cluster(&self) -> Script {
        match self.script {
            Script::Han
            | Script::Hiragana
            | Script::Katakana
            | Script::Hangul
            | Script::Bopomofo => Script::Han,
            s => s,
        }
    }

    /// The category group (letter, mark, number, …).
    pub fn group(&self) -> GeneralCategoryGroup {
        self.category.general_category_group_of()
    }
}

trait GroupOf {
    fn general_category_group_of(self) -> GeneralCategoryGroup;
}

impl GroupOf for GeneralCategory {
    fn general_category_group_of(self) -> GeneralCategoryGroup {
        use GeneralCategory::*;
        match self {
            UppercaseLetter | LowercaseLetter | TitlecaseLetter | ModifierLetter | OtherLetter => {
                GeneralCategoryGroup::Letter
            }
            NonspacingMark | SpacingMark | EnclosingMark => GeneralCategoryGroup::Mark,
            DecimalNumber | LetterNumber | OtherNumber => GeneralCategoryGroup::Number,
            ConnectorPunctuation | DashPunctuation | OpenPunctuation | ClosePunctuation
            | InitialPunctuation | FinalPunctuation | OtherPunctuation => {
                GeneralCategoryGroup::Punctuation
            }
            MathSymbol | CurrencySymbol | ModifierSymbol | OtherSymbol => {
                GeneralCategoryGroup::Symbol
            }
            SpaceSeparator | LineSeparator | ParagraphSeparator => GeneralCategoryGroup::Separator,
            Control | Format | Surrogate | PrivateUse | Unassigned => GeneralCategoryGroup::Other,
        }
    }
}

/// Code points below this have their properties in a table filled once per process.
const DENSE: usize = 0x3000;

fn dense() -> &'static [CharInfo] {
    static TABLE: std::sync::OnceLock<Box<[CharInfo]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..DENSE as u32)
            .map(|u| char::from_u32(u).map_or(ascii_info('\0'), lookup))
            .collect()
    })
}

/// One bit per code point of the Basic Multilingual Plane, filled in blocks of 64 on first
/// use (the whole plane would take 2–3 ms to fill, more than a small file's whole audit).
/// Filling is idempotent, so threads that race on a block write the same bits.
pub(crate) struct BmpMemo {
    bits: [AtomicU64; 1024],
    /// One bit per block of `bits`: filled.
    known: [AtomicU64; 16],
}

/// A character of a script written without spaces between words (Han, kana): the seed's
/// tokenizer cannot cut a run of them into words, so word lists (which hold single characters
/// for Chinese and Japanese) are asked of each character, never of the run.
pub fn spaceless(c: char) -> bool {
    matches!(
        char_info(c).script,
        unicode_script::Script::Han
            | unicode_script::Script::Hiragana
            | unicode_script::Script::Katakana
    )
}

/// The Alphabetic property of the BMP, remembered.
pub(crate) static ALPHA: BmpMemo = BmpMemo::new();

/// `char::is_alphabetic`, through the memo for non-ASCII characters (the audit asks it of
/// every distinct term of every document, language identification of every character).
#[inline]
pub fn is_alphabetic(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphabetic()
    } else {
        ALPHA.get(c, char::is_alphabetic)
    }
}

impl BmpMemo {
    pub(crate) const fn new() -> BmpMemo {
        BmpMemo {
            bits: [const { AtomicU64::new(0) }; 1024],
            known: [const { AtomicU64::new(0) }; 16],
        }
    }

    /// `property(c)`, remembered for the BMP.
    #[inline]
    pub(crate) fn get(&self, c: char, property: impl Fn(char) -> bool) -> bool {
        let cp = c as u32;
        if cp >= 0x10000 {
            return property(c);
        }
        let block = (cp / 64) as usize;
        let known = 1u64 << (block % 64);
        if self.known[block / 64].load(Ordering::Acquire) & known == 0 {
            let mut word = 0u64;
            for k in 0..64 {
                if char::from_u32(block as u32 * 64 + k).is_some_and(&property) {
                    word |= 1 << k;
                }
            }
            self.bits[block].store(word, Ordering::Relaxed);
            self.known[block / 64].fetch_or(known, Ordering::Release);
        }
        self.bits[block].load(Ordering::Relaxed) >> (cp % 64) & 1 != 0
    }
}

/// True for the code points of Tika's replacementRatio anomaly set (a text-quality feature the
/// encoding stage weighs): U+FFFD; C0 controls except NUL, TAB, LF, CR (0x01–0x08, 0x0B, 0x0C,
/// 0x0E–0x1F) and DEL; C1 controls U+0080–U+009F; private use (U+E000–U+F8FF, planes 15–16).
pub fn is_replacement_ratio_anomaly(c: char) -> bool {
    matches!(c as u32,
        0xFFFD
        | 0x01..=0x08 | 0x0B | 0x0C | 0x0E..=0x1F | 0x7F
        | 0x80..=0x9F
        | 0xE000..=0xF8FF
        | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// The properties of `c`: from a dense table below U+3000 (alphabetic scripts, punctuation),
/// else through a per-thread cache (the table lookups are binary searches that dominated
/// profiles before both).
pub fn char_info(c: char) -> CharInfo {
    if (c as usize) < DENSE {
        return dense()[c as usize];
    }
    thread_local! {
        static CACHE: std::cell::RefCell<InfoCache> = std::cell::RefCell::new(InfoCache::new());
    }
    CACHE.with(|cache| cache.borrow_mut().get(c))
}

/// Looks up a character's properties in the tables, without a cache.
fn lookup(c: char) -> CharInfo {
    if c.is_ascii() {
        return ascii_info(c);
    }
    CharInfo {
        category: c.general_category(),
        script: c.script(),
    }
}

fn ascii_info(c: char) -> CharInfo {
    let category = match c {
        'A'..='Z' => GeneralCategory::UppercaseLetter,
        'a'..='z' => GeneralCategory::LowercaseLetter,
        '0'..='9' => GeneralCategory::DecimalNumber,
        ' ' => GeneralCategory::SpaceSeparator,
        '\0'..='\x1f' | '\x7f' => GeneralCategory::Control,
        _ => c.general_category(),
    };
    let script = if c.is_ascii_alphabetic() {
        Script::Latin
    } else {
        Script::Common
    };
    CharInfo { category, script }
}

/// A direct-mapped cache of [`CharInfo`] for non-ASCII characters.
pub struct InfoCache {
    slots: Box<[(char, CharInfo); 1024]>,
}

impl Default for InfoCache {
    fn default() -> Self {
        Self::new()
    }
}

impl InfoCache {
    /// An empty cache (slots start with NUL, whose info is exact).
    pub fn new() -> Self {
        let nul = ascii_info('\0');
        InfoCache {
            slots: Box::new([('\0', nul); 1024]),
        }
    }

    /// The properties of `c`.
    #[inline]
    pub fn get(&mut self, c: char) -> CharInfo {
        if (c as usize) < DENSE {
            return dense()[c as usize];
        }
        let slot = &mut self.slots[(c as usize) & 1023];
        if slot.0 != c {
            *slot = (c, lookup(c));
        }
        slot.1
    }
}

/// The Unicode version of each character table the analyses read, as (what, major, minor,
/// update): `delineate --version` prints them, because a character's category, width, script
/// or decomposition can change between versions and a verdict depends on them.
pub fn table_versions() -> Vec<(&'static str, (u64, u64, u64))> {
    let v8 = |(a, b, c): (u8, u8, u8)| (a as u64, b as u64, c as u64);
    let (a, b, c) = char::UNICODE_VERSION;
    vec![
        ("normalization", v8(unicode_normalization::UNICODE_VERSION)),
        ("width", v8(unicode_width::UNICODE_VERSION)),
        ("scripts", unicode_script::UNICODE_VERSION),
        ("categories", unicode_properties::UNICODE_VERSION),
        ("confusables", unicode_security::UNICODE_VERSION),
        ("letters (Rust std)", (a as u64, b as u64, c as u64)),
    ]
}

/// `delineate --version`: the version and the Unicode version of the tables (one version when
/// all agree, else each table's).
pub fn version_text() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        let t = table_versions();
        let fmt = |(a, b, c): (u64, u64, u64)| format!("{a}.{b}.{c}");
        let tables = if t.iter().all(|x| x.1 == t[0].1) {
            format!("Unicode {} tables", fmt(t[0].1))
        } else {
            let each: Vec<String> = t.iter().map(|(w, v)| format!("{w} {}", fmt(*v))).collect();
            format!("Unicode tables: {}", each.join(", "))
        };
        format!("{} ({tables})", env!("CARGO_PKG_VERSION"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_alphabetic_is_the_standard_librarys() {
        for c in (0..0x11_0000).filter_map(char::from_u32) {
            assert_eq!(is_alphabetic(c), c.is_alphabetic(), "{:04X}", c as u32);
        }
    }

    #[test]
    fn ascii_fast_path_agrees_with_tables() {
        for b in 0u8..128 {
            let c = b as char;
            let fast = ascii_info(c);
            assert_eq!(fast.category, c.general_category(), "{c:?}");
            assert_eq!(fast.script, c.script(), "{c:?}");
        }
    }

    #[test]
    fn cache_returns_exact_info() {
        let mut cache = InfoCache::new();
        for c in [
            'é',
            'ж',
            '中',
            'あ',
            '\u{301}',
            '😀',
            'é',
            '\u{4e2d}',
            '\u{4ee2d}',
        ] {
            assert_eq!(cache.get(c), lookup(c));
            assert_eq!(char_info(c), lookup(c));
        }
        assert!(cache.get('\u{301}').is_mark());
        assert_eq!(cache.get('あ').cluster(), cache.get('中').cluster());
    }
}
