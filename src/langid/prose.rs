//! What of a text the language model scores (issue 20): not identifiers, code tokens or words
//! quoted as literals, and in a text of another script not its borrowed Latin words. Software
//! messages, logs and web pages mix these into prose; each costs every language a different
//! penalty for n-grams none of them has seen.

use crate::unicode::char_info;
use unicode_script::Script;

/// Is `w` (or, for a whole text, any of its words) an identifier: an ASCII capital inside a
/// word (`GdkPixmap`), an underscore, or a digit between ASCII letters? A scan of the bytes
/// (identifiers are ASCII), no allocation: most texts have none.
pub(super) fn is_identifier_like(w: &str) -> bool {
    let b = w.as_bytes();
    b.contains(&b'_')
        || b.windows(2)
            .any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase())
        || b.windows(3).any(|p| {
            p[0].is_ascii_alphabetic() && p[1].is_ascii_digit() && p[2].is_ascii_alphabetic()
        })
}

/// Is the word `w` (a run between blanks) not prose: an identifier ([`is_identifier_like`]), a
/// code token led by a sigil (`.fnstart`, `--verbose`, `%Zd`, `$HOME`, `/usr`), or a word
/// mentioned rather than used — alone between quotes (`«forward»`, `"Save"`), as software
/// messages quote option names and literals in English?
pub(super) fn is_not_prose(w: &str) -> bool {
    is_identifier_like(w) || is_code_token(w) || is_quoted_word(w)
}

/// A word led by `.`, `%`, `$`, `/`, `\\` or `--` and then an ASCII letter.
pub(super) fn is_code_token(w: &str) -> bool {
    let b = w.as_bytes();
    let rest = match b {
        [b'-', b'-', rest @ ..] => rest,
        [b'.' | b'%' | b'$' | b'/' | b'\\', rest @ ..] => rest,
        _ => return false,
    };
    rest.first().is_some_and(u8::is_ascii_alphabetic)
}

/// A single word wrapped in one pair of quotation marks (trailing punctuation aside), letters
/// inside.
pub(super) fn is_quoted_word(w: &str) -> bool {
    const PAIRS: [(char, char); 7] = [
        ('«', '»'),
        ('»', '«'),
        ('"', '"'),
        ('\'', '\''),
        ('“', '”'),
        ('„', '“'),
        ('‘', '’'),
    ];
    let w = w.trim_end_matches([',', '.', ':', ';', '!', '?', ')']);
    let mut chars = w.chars();
    let (Some(open), Some(close)) = (chars.next(), chars.next_back()) else {
        return false;
    };
    let inner = chars.as_str();
    PAIRS.contains(&(open, close)) && !inner.is_empty() && inner.chars().all(char::is_alphabetic)
}

/// Might `text` hold a word [`is_not_prose`] finds? A scan of the bytes for what each test
/// needs (an identifier's shape; a sigil or a quotation mark opening a word), so that most
/// texts are let through without splitting them into words.
pub(super) fn may_hold_non_prose(text: &str) -> bool {
    let b = text.as_bytes();
    // One pass (this runs on every text): `prev` is the byte before `c`, blank at the start.
    let mut prev = b' ';
    for (i, &c) in b.iter().enumerate() {
        let next = b.get(i + 1).copied().unwrap_or(b' ');
        let hit = match c {
            b'_' => true,
            b'A'..=b'Z' => prev.is_ascii_lowercase(),
            b'0'..=b'9' => prev.is_ascii_alphabetic() && next.is_ascii_alphabetic(),
            _ if !prev.is_ascii_whitespace() => false,
            b'.' | b'%' | b'$' | b'/' | b'\\' | b'-' => next.is_ascii_alphabetic() || next == b'-',
            b'"' | b'\'' => true,
            // « » (C2 AB, C2 BB) and the curly quotes (E2 80 98–9F).
            0xC2 => matches!(next, 0xAB | 0xBB),
            0xE2 => next == 0x80 && matches!(b.get(i + 2), Some(0x98..=0x9F)),
            _ => false,
        };
        if hit {
            return true;
        }
        prev = c;
    }
    false
}

/// What of `text` the model scores: without the words that are not prose
/// ([`without_non_prose`]) where 12 letters or more remain.
#[inline(never)]
pub(super) fn prose_of(text: &str) -> std::borrow::Cow<'_, str> {
    if !may_hold_non_prose(text) {
        return text.into();
    }
    let prose = without_non_prose(text);
    if prose
        .chars()
        .filter(|c| crate::unicode::is_alphabetic(*c))
        .count()
        >= 12
    {
        prose.into()
    } else {
        text.into()
    }
}

/// `text` without its words (runs between blanks) that are not prose ([`is_not_prose`]).
pub(super) fn without_non_prose(text: &str) -> String {
    words_but(text, is_not_prose)
}

/// `text` without its words (runs between blanks) that hold a Latin letter: the borrowed words
/// of a text in another script.
pub(super) fn without_latin_words(text: &str) -> String {
    words_but(text, |w| {
        w.chars()
            .any(|c| crate::unicode::is_alphabetic(c) && char_info(c).script == Script::Latin)
    })
}

/// The words of `text` (runs between blanks) but those `drop` picks, joined by single spaces.
pub(super) fn words_but(text: &str, drop: impl Fn(&str) -> bool) -> String {
    text.split_whitespace()
        .filter(|w| !drop(w))
        .collect::<Vec<_>>()
        .join(" ")
}
