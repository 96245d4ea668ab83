//! How the word lists spell words: the list for a language (Serbian's is the Latin
//! Serbo-Croatian one), and a word as that list writes it (Romanian ș ț for ş ţ, Serbian
//! Cyrillic transliterated). Below the words and the letters, which both look words up.

use crate::lexicon;

/// A word as word list `list` spells it: for Romanian, ş ţ with a cedilla (what ISO-8859-2
/// and windows-1250 have) as ș ț with the comma below (what its list holds), so the spelling of
/// the code page does not count against it. Only Romanian: Turkish writes ş with the cedilla,
/// and its list holds 3,451 words so spelt (none with the comma).
pub(super) fn list_spelling<'a>(list: &str, w: &'a str) -> std::borrow::Cow<'a, str> {
    // Turkish `İnsan` lowered by the default (not Turkish) case mapping is `i̇nsan`, an i with a
    // combining dot above (Unicode SpecialCasing): the list spells `insan`.
    if list == "tr" && w.contains('\u{307}') {
        return w.replace("i\u{307}", "i").into();
    }
    if list == "ro" && w.contains(['ş', 'ţ', 'Ş', 'Ţ']) {
        w.replace('ş', "ș")
            .replace('ţ', "ț")
            .replace('Ş', "Ș")
            .replace('Ţ', "Ț")
            .into()
    } else {
        w.into()
    }
}

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

/// Serbian Cyrillic → Latin, letter by letter (lower case: words are looked up lowered).
pub(super) fn serbian_latin(w: &str) -> String {
    let mut out = String::with_capacity(w.len());
    for c in w.chars() {
        let l = match c {
            'а' => "a",
            'б' => "b",
            'в' => "v",
            'г' => "g",
            'д' => "d",
            'ђ' => "đ",
            'е' => "e",
            'ж' => "ž",
            'з' => "z",
            'и' => "i",
            'ј' => "j",
            'к' => "k",
            'л' => "l",
            'љ' => "lj",
            'м' => "m",
            'н' => "n",
            'њ' => "nj",
            'о' => "o",
            'п' => "p",
            'р' => "r",
            'с' => "s",
            'т' => "t",
            'ћ' => "ć",
            'у' => "u",
            'ф' => "f",
            'х' => "h",
            'ц' => "c",
            'ч' => "č",
            'џ' => "dž",
            'ш' => "š",
            _ => {
                out.push(c);
                continue;
            }
        };
        out.push_str(l);
    }
    out
}
