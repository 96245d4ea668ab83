//! Which characters text holds, alone and by what their neighbours say of them, in one reading:
//! characters text rarely holds at all ([`ordinary`]), the marks that cut a word
//! ([`cuts_word`]), and in context a mark glued between two letters, a letter crowded between
//! symbols, a fraction or currency sign that begins a word, a Vietnamese tone on a
//! consonant, a capital inside a word of small letters, a Thai repetition mark after no Thai
//! word. Each is a character another code page would have read as a letter or a mark of the
//! text's own, and [`char_features`](super::features::char_features) counts it as odd. Tests
//! of single characters and their neighbours only: this module uses nothing else of the
//! likely verdict.

use crate::unicode::char_info;
use unicode_properties::GeneralCategory;
use unicode_script::Script;

/// How plausible a character is in text: `false` for the ones text rarely holds.
pub(super) fn ordinary(c: char) -> bool {
    if c.is_ascii() {
        return !c.is_ascii_control() || matches!(c, '\n' | '\r' | '\t' | '\x0C');
    }
    // Thai letters and signs modern text does not write: the obsolete ฃ and ฅ, the yamakkan
    // ๎ of Pali transcription, and the verse marks ๏ ๚ ๛. windows-874 makes them of the bytes
    // A3, A5, EE, EF, FA and FB, which text in other encodings uses as any other byte (the
    // trail bytes of EUC-KR's Hangul: `ฟ์ฝย ย๛ฝบ`).
    if matches!(
        c,
        '\u{0E03}' | '\u{0E05}' | '\u{0E4E}' | '\u{0E4F}' | '\u{0E5A}' | '\u{0E5B}'
    ) {
        return false;
    }
    use GeneralCategory::*;
    match char_info(c).category {
        UppercaseLetter | LowercaseLetter | TitlecaseLetter | OtherLetter | NonspacingMark
        | SpacingMark | DecimalNumber | SpaceSeparator | DashPunctuation | OpenPunctuation
        | ClosePunctuation | InitialPunctuation | FinalPunctuation | OtherPunctuation => true,
        // ¤ is what windows-1252 makes of ISO-8859-15's euro sign; no text writes it.
        CurrencySymbol => c != '¤',
        // Fractions and superscripts write measures (`½ cup`, `m²`).
        OtherNumber => matches!(c, '¹' | '²' | '³' | '¼' | '½' | '¾'),
        ModifierLetter | EnclosingMark | LetterNumber | ConnectorPunctuation => false,
        MathSymbol => matches!(c, '±' | '×' | '÷' | '¬' | '−'),
        // ´ is typed for an apostrophe (`k´inalil`, `don´t`) on many keyboards; № numbers
        // things in Cyrillic text (`дом № 5`), and every Cyrillic code page has it.
        ModifierSymbol | OtherSymbol => {
            matches!(c, '°' | '©' | '®' | '™' | '§' | '¶' | '´' | '№')
        }
        _ => false,
    }
}

/// A character that is no letter's neighbour in text: one text rarely holds, a symbol or
/// number sign (`k¥inalil`, `u¹ujuåi`, `li¨en`), or a digit of another numeral system
/// (windows-874 reads Tiv `aôndo` as `a๔ndo`, a Thai four) — between two letters, a letter
/// misread. (´ is not: it is typed for an apostrophe.)
pub(super) fn foreign_between_letters(c: char) -> bool {
    use GeneralCategory::*;
    !c.is_ascii()
        && (!ordinary(c)
            || matches!(
                char_info(c).category,
                CurrencySymbol | MathSymbol | OtherSymbol | OtherNumber | DecimalNumber
            ))
}

/// A character that cuts a word in two when it stands between two of its letters: a
/// punctuation mark or symbol text does not write inside a word — what another code page makes
/// of a letter (`nungkan๚iaya` for `nungkanúiaya` in windows-874, `y‚ban` for `yâban` in
/// macintosh, `wolno¶ci` for `wolności` in windows-1250).
/// Not the marks text does write there: apostrophes (`l’homme`, and ´ typed for one), the
/// Catalan middle dot (`col·lecció`), hyphens and dashes (`Nord–Süd`), the ellipsis, the soft
/// hyphen, ¿ and ¡ after a word whose space was lost (Arabela's `jiyano¿tioora`); nor spaces
/// and format characters (the zero-width non-joiner inside Persian words).
pub(super) fn cuts_word(c: char) -> bool {
    if c.is_ascii() || c.is_whitespace() {
        return false;
    }
    if matches!(
        c,
        '\u{2019}' | '\u{2018}' | '´' | '\u{00B7}' | '\u{2010}'
            ..='\u{2015}' | '\u{2026}' | '\u{00AD}' | '¿' | '¡'
    ) {
        return false;
    }
    use unicode_properties::GeneralCategoryGroup as G;
    // (Wider than [`foreign_between_letters`], which `odd` and the segments' local fit count:
    // that one leaves out the punctuation text writes elsewhere, `¶` `‚` `๚`.)
    matches!(char_info(c).group(), G::Punctuation | G::Symbol)
}

/// Is `mid`, between `before` and `after`, a letter misread: a symbol between two letters
/// (`k¥inalil`, what macintosh makes of `k´inalil`; `li¨en`), or a punctuation mark text does not
/// write inside a word between two Latin letters (`własno¶ci`, what windows-1250 makes of
/// ISO-8859-2's `własności`; [`cuts_word`] leaves out the apostrophes, the Catalan middle dot,
/// dashes and the ellipsis). Latin only for the marks: Chinese and Japanese write `、` between
/// their characters. Counted as an odd character, as the mark in a word weighs like one: as
/// only a share of the words, a cut weighed less than two C1 controls typed into a 256-byte
/// page whose true reading holds them.
pub(super) fn glued(before: char, mid: char, after: char) -> bool {
    let latin = |x: char| x.is_ascii() || char_info(x).script == Script::Latin;
    is_letter(after)
        && is_letter(before)
        && (foreign_between_letters(mid) || (cuts_word(mid) && latin(before) && latin(after)))
}

/// Are the middle two of `w` two marks that cut a word ([`cuts_word`]) between two Latin
/// letters (`bá»›t`: windows-1252's reading of UTF-8 `bớt`, whose `ớ` is `E1 BB 9B`)? Text puts
/// no pair of them inside a word; [`glued`] sees one mark at a time.
pub(super) fn glued_pair(w: [char; 4]) -> bool {
    let latin = |x: char| x.is_ascii() || char_info(x).script == Script::Latin;
    // The middle mark first: it is the rarest, and most characters fail there.
    cuts_word(w[2])
        && cuts_word(w[1])
        && is_letter(w[0])
        && is_letter(w[3])
        && latin(w[0])
        && latin(w[3])
}

/// Is `mid` crowded between two symbols, in a single-byte reading: a letter (`¥ó¥`), or
/// anything between two of the same symbol (`¥¹¥`)? That is what a single-byte code page makes
/// of two-byte characters whose lead bytes repeat (EUC-JP's katakana all lead with A5, `¥` in
/// windows-1252 and windows-1256: `¥¹¥¿¥ó¥×` for `スタンプ`), and what text does not write: its
/// signs stand beside digits, letters and spaces (`5 €`, `m²`, `½ cup`). Two different symbols
/// side by side are left alone (the dev set's words with symbols typed after them, `the±°`).
/// Symbols here are the non-ASCII currency, math, modifier and other symbols and other numbers.
pub(super) fn crowded(before: char, mid: char, after: char) -> bool {
    let symbol = |x: char| {
        !x.is_ascii()
            && matches!(
                char_info(x).category,
                GeneralCategory::CurrencySymbol
                    | GeneralCategory::MathSymbol
                    | GeneralCategory::OtherSymbol
                    | GeneralCategory::ModifierSymbol
                    | GeneralCategory::OtherNumber
            )
    };
    !mid.is_ascii() && symbol(after) && symbol(before) && (after == before || is_letter(mid))
}

/// A letter, ASCII or not (the ASCII test first: it needs no table).
pub(super) fn is_letter(x: char) -> bool {
    if x.is_ascii() {
        x.is_ascii_alphabetic()
    } else {
        char_info(x).is_letter()
    }
}

/// The Thai repetition mark (a modifier letter, so no [`ordinary`] character).
pub(super) const MAI_YAMOK: char = '\u{0E46}';

/// Where the Thai repetition mark `ๆ` stands in text: after a Thai word, which holds a
/// consonant, and before anything but a Thai letter or sign (`ราคาถูกๆ ทุกวัน`). Anywhere else it
/// is odd: windows-874 makes it of windows-1255's `ז`, among the vowels, signs and digits it
/// reads the other Hebrew letters as (U+0E40–U+0E5B: no consonant), and an odd `ๆ` was the
/// only sign of that misreading. Fed every character of a reading in turn.
#[derive(Default)]
pub(super) struct ThaiRepetition {
    /// The run of Thai letters and signs so far holds a consonant (U+0E01–U+0E2E).
    consonant: bool,
    /// A `ๆ` waits for the next character, and whether a word with a consonant came before it.
    pending: Option<bool>,
}

impl ThaiRepetition {
    /// A Thai letter or sign (not a digit or the repetition mark itself).
    fn thai(c: char) -> bool {
        matches!(c, '\u{0E01}'..='\u{0E45}' | '\u{0E47}'..='\u{0E4E}')
    }

    /// Takes `c`, the next character; `true` when it shows the `ๆ` before it odd.
    pub(super) fn odd_before(&mut self, c: char) -> bool {
        let odd = self
            .pending
            .take()
            .is_some_and(|after_word| !after_word || Self::thai(c));
        if c == MAI_YAMOK {
            self.pending = Some(self.consonant);
        } else if Self::thai(c) {
            self.consonant |= c <= '\u{0E2E}';
        } else {
            self.consonant = false;
        }
        odd
    }

    /// `true` when the text ends on a `ๆ` that follows no Thai word.
    pub(super) fn odd_at_end(&mut self) -> bool {
        self.pending.take() == Some(false)
    }
}

/// Is `mid` a vulgar fraction that begins a word: after no letter or digit, before a letter
/// (`½ufs`, `l'½uvre`, `¼UVRES`)? Text writes a fraction after a number or before a space
/// (`1½`, `½ litre`); windows-1252 makes `½` `¼` `¾` of ISO-8859-15's `œ` `Œ` `Ÿ`, and a
/// word that begins with one of those was read windows-1252 (inside a word, [`glued`] finds it).
pub(super) fn fraction_led(before: char, mid: char, after: char) -> bool {
    matches!(mid, '¼' | '½' | '¾') && !is_letter(before) && !digit(before) && is_letter(after)
}

/// Is `mid` a currency sign that begins a word: after no letter or digit, before a letter
/// (`¥Anton`)? Text writes a currency sign beside a number (`¥500`, `5 £`) or alone; windows-1252
/// makes `¥` of ISO-8859-13's opening quote `„` (A5), which Estonian, Latvian and Lithuanian
/// set before a word, and where a text's only other non-ASCII letters read alike in both (an
/// Estonian page without `š`), that sign was the only tell. (ASCII `$` is left alone: `$HOME`.)
pub(super) fn currency_led(before: char, mid: char, after: char) -> bool {
    !mid.is_ascii()
        && char_info(mid).category == GeneralCategory::CurrencySymbol
        && !is_letter(before)
        && !digit(before)
        && is_letter(after)
}

/// Is `mid` a symbol or superscript that begins a word of small letters: after no letter or
/// digit, before a small letter (`®ilina`, `©koda`, `¶wiat`, `³ódź`)? Text writes these signs
/// after a word or a number (`Brand®`, `m²`, `20°`), before one (`© 2024`, `±5`, `§ 3`) or
/// before a name in capitals; windows-1252 makes them of ISO-8859-2's `Ž Š ś ł` (AE A9 B6
/// B3), and a Czech or Polish name in English text was read windows-1252 on that sign alone.
pub(super) fn symbol_led(before: char, mid: char, after: char) -> bool {
    matches!(
        mid,
        '®' | '©' | '°' | '±' | '¬' | '¹' | '²' | '³' | '§' | '¶' | '×' | '÷' | '™'
    ) && !is_letter(before)
        && !digit(before)
        && after.is_lowercase()
}

/// Is `mid` a low opening quote (`‚` `„`) that closes a word: after a letter, before no letter
/// or digit (`condamn‚ `, `K„`)? Text sets these quotes before a word (German `„Wort“`, Polish,
/// Czech); windows-1252 makes them of the DOS pages' `é` and `ä` (82, 84), and short French or
/// German DOS text was read windows-1252 with its words cut there.
pub(super) fn opener_closing(before: char, mid: char, after: char) -> bool {
    matches!(mid, '\u{201A}' | '\u{201E}')
        && is_letter(before)
        && !is_letter(after)
        && !digit(after)
}

/// Is `mark` a Vietnamese tone mark that follows `base`, a letter no tone goes on? windows-1258
/// writes the five tones as combining marks (CC, EC, DE, D2, F2: U+0300, U+0301, U+0303,
/// U+0309, U+0323), and Vietnamese sets them on vowels only (a, ă, â, e, ê, i, o, ô, ơ, u, ư,
/// y); on a consonant they are what windows-1258 makes of another page's letter (`Art́culu` for
/// Sardinian windows-1252 `Artìculu`). Single-byte readings only: text in Unicode may be
/// decomposed (Polish `ś` as `s` + U+0301).
pub(super) fn tone_off_vowel(base: char, mark: char) -> bool {
    matches!(
        mark,
        '\u{300}' | '\u{301}' | '\u{303}' | '\u{309}' | '\u{323}'
    ) && is_letter(base)
        && !matches!(
            base.to_lowercase().next().unwrap_or(base),
            'a' | 'ă' | 'â' | 'e' | 'ê' | 'i' | 'o' | 'ô' | 'ơ' | 'u' | 'ư' | 'y'
        )
}

/// Is `mid` a capital inside or at the end of a word of ASCII letters, after a small one
/// and before a small one or no letter (`donÕt`, `iÕr`, `wordenÉ`)? That is what
/// windows-1252 makes of the Mac's `’` `…` (`don’t`, `worden…`), and text writes a capital
/// so only after the prefixes Irish sets before one (`hÉireann`, `bhFuil`, `i nGaillimh`);
/// a capital before another one is a word in capitals (`McDONALD`). Between non-ASCII
/// letters it is left to the words: a misreading of another script is full of such pairs
/// (windows-1252's `ÝÑÏ` for Arabic), and counting them there made the whole verdict on
/// files half in that script sure of the other half's misreading, so that no block was
/// judged apart (three boundaries lost on the dev sets). `back` holds the characters before
/// `mid`, the nearest last (`before` is `back[3]`); the letters looked at before the capital
/// are all ASCII, so the rare case is judged from them alone and the common one costs a
/// comparison.
pub(super) fn capital_inside(back: [char; 4], mid: char, after: char) -> bool {
    let before = back[3];
    before.is_ascii_lowercase()
        && !mid.is_ascii()
        && (after.is_ascii_lowercase() || !is_letter(after))
        && char_info(mid).category == GeneralCategory::UppercaseLetter
        && !irish_prefix(back)
}

/// Do the characters before a capital end in one of the prefixes of Irish mutations, alone
/// at a word's start: h-prothesis, t-prothesis, eclipsis (`h`, `n`, `t`, `bh`, `mb`, `gc`, `nd`,
/// `ng`, `dt`, `bhf`)?
fn irish_prefix(back: [char; 4]) -> bool {
    let [b4, b3, b2, b1] = back;
    let one = matches!(b1, 'h' | 'n' | 't') && !is_letter(b2);
    let two = matches!(
        (b2, b1),
        ('b', 'h') | ('m', 'b') | ('g', 'c') | ('n', 'd') | ('n', 'g') | ('d', 't')
    ) && !is_letter(b3);
    let three = (b3, b2, b1) == ('b', 'h', 'f') && !is_letter(b4);
    one || two || three
}

/// A digit of any numeral system.
fn digit(x: char) -> bool {
    x.is_ascii_digit() || char_info(x).category == GeneralCategory::DecimalNumber
}

/// Does `mid`, a character text holds, begin a word as a fraction, currency sign or other
/// symbol, close it as a low opening quote, or stand as a capital inside a word of small letters
/// ([`fraction_led`], [`opener_closing`],
/// [`currency_led`], [`symbol_led`], [`capital_inside`])? `back` holds the four characters
/// before it, the nearest last.
pub(super) fn misplaced_in_word(back: [char; 4], mid: char, after: char) -> bool {
    let before = back[3];
    fraction_led(before, mid, after)
        || currency_led(before, mid, after)
        || symbol_led(before, mid, after)
        || opener_closing(before, mid, after)
        || capital_inside(back, mid, after)
}

/// Is `mid` misplaced as only a single-byte reading makes it: a letter crowded between symbols
/// ([`crowded`]), or a consonant with a tone mark after it ([`tone_off_vowel`])?
pub(super) fn misplaced_single_byte(before: char, mid: char, after: char) -> bool {
    crowded(before, mid, after) || tone_off_vowel(mid, after)
}

/// The words of `text` holding a character its neighbours show misread, by the tests
/// [`char_features`](super::features::char_features) counts as odd beyond the marks that cut a
/// word (which the report names apart): a fraction or currency sign that begins a
/// word, a capital inside a word of small letters, and in a single-byte reading a letter crowded
/// between symbols or a tone mark on a consonant. Each word once, the first `n`: what the report
/// shows of a misreading whose word counts do not give it away (`maeÕr`, `iÕr`).
pub(super) fn misplaced(text: &str, single_byte: bool, n: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for i in 0..chars.len() {
        if out.len() >= n {
            break;
        }
        let at = |k: isize| -> char {
            usize::try_from(i as isize + k)
                .ok()
                .and_then(|j| chars.get(j))
                .map_or(' ', |c| c.1)
        };
        let (before, mid, after) = (at(-1), at(0), at(1));
        let hit = (!mid.is_ascii()
            && ordinary(mid)
            && misplaced_in_word([at(-4), at(-3), at(-2), before], mid, after))
            || (single_byte && misplaced_single_byte(before, mid, after));
        if !hit {
            continue;
        }
        // The word around it, up to the whitespace on either side but no more than eight
        // characters each way (text without spaces, such as a misread Chinese page, would be
        // one word), with `…` where it is cut.
        let first = (i.saturating_sub(8)..i)
            .rev()
            .find(|&j| chars[j].1.is_whitespace())
            .map_or(i.saturating_sub(8), |j| j + 1);
        let last = (i + 1..chars.len().min(i + 9))
            .find(|&j| chars[j].1.is_whitespace())
            .unwrap_or(chars.len().min(i + 9));
        let mut word = String::new();
        if first > 0 && !chars[first - 1].1.is_whitespace() {
            word.push('…');
        }
        word.extend(chars[first..last].iter().map(|c| c.1));
        if last < chars.len() && !chars[last].1.is_whitespace() {
            word.push('…');
        }
        if !out.contains(&word) {
            out.push(word);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Thai letters and marks modern text does not write are odd; the living ones are not.
    #[test]
    fn obsolete_thai_letters_and_verse_marks_are_odd() {
        for c in ['ฃ', 'ฅ', '๎', '๏', '๚', '๛'] {
            assert!(!ordinary(c), "{c}");
        }
        for c in ['ก', 'ข', 'ค', 'ฆ', 'ฯ', '่', '์', '๑'] {
            assert!(ordinary(c), "{c}");
        }
    }

    /// Odd repetition marks in `text`, as [`char_features`](super::features::char_features) counts them.
    fn odd_marks(text: &str) -> usize {
        let mut t = ThaiRepetition::default();
        let odd = text.chars().filter(|&c| t.odd_before(c)).count();
        odd + t.odd_at_end() as usize
    }

    /// A fraction that begins a word is a letter misread (`½ufs`, `l'½il`, `¼UVRES`); after a
    /// number, before a space or inside a word (which [`glued`] judges) it is not this test's.
    #[test]
    fn a_fraction_that_begins_a_word_is_a_letter_misread() {
        assert!(fraction_led(' ', '½', 'u'));
        assert!(fraction_led('\'', '½', 'i'));
        assert!(fraction_led(' ', '¼', 'U'));
        assert!(fraction_led('\n', '¾', 'é'));
        assert!(!fraction_led('1', '½', ' '));
        assert!(!fraction_led('1', '½', 'c'));
        assert!(!fraction_led(' ', '½', ' '));
        assert!(!fraction_led('c', '½', 'u'));
        assert!(!fraction_led(' ', '²', 'u'));
    }

    /// A low opening quote after a letter and before no letter closes a word (`condamn‚ `, what
    /// windows-1252 makes of IBM863's `condamné`); before a word it is German or Polish text.
    #[test]
    fn a_low_opening_quote_that_ends_a_word_is_odd() {
        assert!(opener_closing('n', '\u{201A}', ' '));
        assert!(opener_closing('K', '„', '.'));
        assert!(!opener_closing(' ', '„', 'W'));
        assert!(!opener_closing(' ', '‚', 'W'));
        assert!(!opener_closing('a', '„', 'b'));
        assert!(!opener_closing('s', '„', '1'));
    }

    /// A currency sign before a letter, after no letter or digit, begins a word (`¥uus`, what
    /// windows-1252 makes of ISO-8859-13's `„uus`); beside a number it is text.
    #[test]
    fn a_currency_sign_that_begins_a_word_is_odd() {
        assert!(currency_led(' ', '¥', 'A'));
        assert!(currency_led('„', '£', 'e'));
        // Beside a number, after a word, alone, or ASCII: text.
        assert!(!currency_led(' ', '¥', '5'));
        assert!(!currency_led('5', '€', 'm'));
        assert!(!currency_led('d', '£', ' '));
        assert!(!currency_led(' ', '€', ' '));
        assert!(!currency_led(' ', '$', 'H'));
    }

    /// A symbol before a small letter, after no letter or digit, begins a word (`®ilina`, what
    /// windows-1252 makes of ISO-8859-2's `Žilina`); after a word or a number, before a space,
    /// a digit or a capital, it is text.
    #[test]
    fn a_symbol_that_begins_a_word_of_small_letters_is_odd() {
        assert!(symbol_led(' ', '®', 'i'));
        assert!(symbol_led('\n', '©', 'k'));
        assert!(symbol_led('(', '³', 'ó'));
        assert!(!symbol_led('d', '®', ' '));
        assert!(!symbol_led('m', '²', 'x'));
        assert!(!symbol_led('0', '°', 'c'));
        assert!(!symbol_led(' ', '©', ' '));
        assert!(!symbol_led(' ', '©', '2'));
        assert!(!symbol_led(' ', '©', 'M'));
        assert!(!symbol_led(' ', '½', 'u'));
    }

    /// A tone mark after a vowel is Vietnamese; after a consonant, a letter misread.
    #[test]
    fn a_tone_mark_goes_on_a_vowel() {
        assert!(!tone_off_vowel('a', '\u{301}'));
        assert!(!tone_off_vowel('Ư', '\u{309}'));
        assert!(!tone_off_vowel('ê', '\u{323}'));
        assert!(tone_off_vowel('t', '\u{301}'));
        assert!(tone_off_vowel('N', '\u{300}'));
        assert!(!tone_off_vowel('t', '\u{308}'));
        assert!(!tone_off_vowel(' ', '\u{301}'));
    }

    /// A capital inside a word or at its end, after a small letter, is odd; after an Irish
    /// prefix, at a word's start, before another capital, or between letters outside ASCII,
    /// it is text.
    #[test]
    fn a_capital_after_a_small_letter_is_odd() {
        assert!(capital_inside([' ', 'd', 'o', 'n'], 'Õ', 't'));
        assert!(capital_inside([' ', ' ', ' ', 'i'], 'Õ', 'r'));
        assert!(capital_inside(['i', 'g', 'd', 'n'], 'É', ' '));
        assert!(!capital_inside([' ', 'd', 'o', 'n'], 'É', 'T'));
        assert!(!capital_inside([' ', 'n', 'a', ' '], 'É', 'i'));
        assert!(!capital_inside(['a', ' ', ' ', 'h'], 'É', 'i'));
        assert!(!capital_inside(['i', ' ', 'b', 'h'], 'É', 'u'));
        assert!(!capital_inside([' ', 'b', 'h', 'f'], 'Ú', 'i'));
        assert!(!capital_inside([' ', ' ', 'n', 'g'], 'Á', 'r'));
        // `i` alone is no prefix; `dh` is none either.
        assert!(capital_inside([' ', 'a', 'd', 'h'], 'Á', 'r'));
        assert!(!capital_inside(['с', 'т', 'о', 'р'], 'Я', ' '));
    }

    /// The words a misreading puts characters into where no text has them, each once; none in
    /// clean text.
    #[test]
    fn misplaced_characters_are_shown_in_their_words() {
        assert_eq!(
            misplaced("MaeÕr plant yn mynd iÕr ysgol, maeÕr ddaÉ", true, 3),
            ["MaeÕr", "iÕr", "maeÕr"]
        );
        assert_eq!(misplaced("ka ¥jaunais tilts´ tiks", true, 3), ["¥jaunais"]);
        assert!(misplaced("Mae’r plant yn mynd i’r ysgol… na hÉireann, 5 €", true, 3).is_empty());
        // Words end at any whitespace, a no-break space too.
        assert_eq!(misplaced("x\u{a0}donÕt\u{a0}y", true, 3), ["donÕt"]);
        // No more than eight characters on either side.
        assert_eq!(
            misplaced("abcdefghijklmnopÕrstuvwxyzabcdef", true, 3),
            ["…ijklmnopÕrstuvwxy…"]
        );
    }

    /// A letter between two symbols, or anything between the same symbol twice, is crowded
    /// (what windows-1252 and windows-1256 make of EUC-JP katakana); signs beside digits,
    /// letters and spaces, and two different symbols side by side, are not.
    #[test]
    fn a_letter_between_symbols_is_crowded() {
        assert!(crowded('¥', 'ó', '¥'));
        assert!(crowded('¥', '¹', '¥'));
        assert!(crowded('¥', 'ئ', '¥'));
        assert!(crowded('£', 'é', '°'));
        assert!(!crowded('¥', '¹', '£'));
        assert!(!crowded('±', '°', ' '));
        assert!(!crowded(' ', '€', '5'));
        assert!(!crowded('m', '²', ' '));
        assert!(!crowded('5', '°', 'C'));
        assert!(!crowded('¥', 'a', '¥'));
    }

    /// `ๆ` after a Thai word and before a space, a digit, Latin or the end is text; before a
    /// Thai letter, after a leading vowel alone (windows-874's `เๆ`, Hebrew `אז`), at the start
    /// or after Latin, it is odd.
    #[test]
    fn the_repetition_mark_is_text_only_after_a_thai_word() {
        assert_eq!(odd_marks("ราคาถูกๆ ทุกวัน"), 0);
        assert_eq!(odd_marks("มากๆ"), 0);
        assert_eq!(odd_marks("ดีๆ!"), 0);
        assert_eq!(odd_marks("เด็กๆ ชอบเล่นกันมากๆ"), 0);
        assert_eq!(odd_marks("ถูกๆทุก"), 1);
        assert_eq!(odd_marks("เๆ"), 1);
        assert_eq!(odd_marks("เๆ ใๆ"), 2);
        assert_eq!(odd_marks("ๆ"), 1);
        assert_eq!(odd_marks("abcๆ "), 1);
        // A word before it ends at anything that is not Thai.
        assert_eq!(odd_marks("ถูก เๆ"), 1);
    }
}
