//! How the word lists spell words: the list for a language (Serbian's is the Latin
//! Serbo-Croatian one), and a word as that list writes it (Romanian ș ț for ş ţ, Serbian
//! Cyrillic transliterated). Below the words and the letters, which both look words up.

use crate::lexicon;

pub(super) use crate::lexicon::list_spelling;
use crate::lexicon::serbian_latin;

/// The word list for a language the n-gram model names: its own, or for Serbian — written in
/// Cyrillic, while wordfreq's Serbo-Croatian list is in Latin letters — that list, which
/// [`spelled`] reaches by transliterating.
pub(crate) fn list_of(lang: &str) -> Option<&'static str> {
    lexicon::word_list_code(lang).or_else(|| match lang {
        "sr" => lexicon::word_list_code("hr"),
        _ => None,
    })
}

/// `w` as the word list `list` spells it: Serbian Cyrillic in Gaj's Latin alphabet for the
/// Serbo-Croatian list (the official one-to-one correspondence: љ → lj, ђ → đ, џ → dž…),
/// else [`list_spelling`].
pub(crate) fn spelled<'a>(list: &str, w: &'a str) -> std::borrow::Cow<'a, str> {
    if matches!(list, "hr" | "bs") && w.chars().any(|c| ('\u{400}'..='\u{4FF}').contains(&c)) {
        return serbian_latin(w).into();
    }
    list_spelling(list, w)
}
