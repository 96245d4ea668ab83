//! Letters a language does not write, within Cyrillic: the standard alphabets set Cyrillic
//! languages apart where their n-grams barely do.

use crate::lexicon::nb;
use crate::unicode::char_info;
use unicode_script::Script;

/// Letters a language does not write, within Cyrillic: each language's standard alphabet
/// (CLDR's exemplars, [`crate::lexicon::exemplars`]; a word list's letters hold loans, the
/// Ukrainian list's Russian `ы`) is checked against the text's Cyrillic letters, and where one
/// language writes them all, each letter another lacks costs it [`LACKING_LETTER`](super::LACKING_LETTER) nats per
/// feature. The letters set Cyrillic languages apart by design (Kazakh ә ғ қ ң ө ұ ү һ,
/// Ukrainian є ї ґ, Serbian and Macedonian ђ ћ ј љ њ џ and ѓ ќ ѕ, Russian ы э ё):
/// `Тринидад және Тобаго Республикасы` fits Russian n-grams better by its names, and `ә` is no
/// Russian letter. A language without a known alphabet is not charged. Returns each charged
/// language with the letters it lacks.
pub(super) fn lacking_letters(
    text: &str,
    m: &nb::Model,
    allowed: &[bool],
    scores: &mut [f64],
    features: usize,
) -> Vec<(usize, Vec<char>)> {
    let mut letters: Vec<char> = text
        .chars()
        .filter(|&c| !c.is_ascii() && char_info(c).script == Script::Cyrillic)
        .filter(|&c| char_info(c).is_letter())
        .flat_map(char::to_lowercase)
        .collect();
    // Text without Cyrillic letters (most of it) lacks nothing: no alphabet is looked up.
    if letters.is_empty() {
        return Vec::new();
    }
    letters.sort_unstable();
    letters.dedup();
    let lacking: Vec<Option<Vec<char>>> = (0..m.langs.len())
        .map(|i| {
            (allowed[i])
                .then(|| crate::lexicon::exemplars(&m.langs[i].code))
                .flatten()
                .map(|a| {
                    letters
                        .iter()
                        .copied()
                        .filter(|c| a.binary_search(c).is_err())
                        .collect()
                })
        })
        .collect();
    // Only where some language writes them all: letters no one alphabet holds (a Kazakh font
    // that put its letters on Macedonian `ќ` and Serbian `ђ`, NLTK's Kazakh UDHR) are no
    // evidence of which language it is.
    if !lacking.iter().flatten().any(Vec::is_empty) {
        return Vec::new();
    }
    let per = features.max(1) as f64;
    let mut charged = Vec::new();
    for (i, l) in lacking.into_iter().enumerate() {
        if let Some(l) = l.filter(|l| !l.is_empty()) {
            scores[i] -= l.len() as f64 * super::LACKING_LETTER * per;
            charged.push((i, l));
        }
    }
    charged
}
