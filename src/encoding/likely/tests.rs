//! Unit tests of `encoding::likely` (kept apart so the module reads as its job).

use super::*;
use crate::lexicon;

/// Serbian Cyrillic reaches the Latin Serbo-Croatian list letter for letter; other lists
/// and other scripts are left alone; the cedilla-to-comma spelling is Romanian's only: Turkish
/// writes ş with the cedilla, as its list does (`şahıs` was looked up as `șahıs`, and missed).
#[test]
fn words_are_spelled_as_their_list_spells_them() {
    assert_eq!(spelled("hr", "љубав"), "ljubav");
    assert_eq!(spelled("hr", "џеп"), "džep");
    assert_eq!(spelled("bs", "ћерка"), "ćerka");
    assert_eq!(spelled("ru", "любовь"), "любовь");
    assert_eq!(spelled("hr", "kuća"), "kuća");
    assert_eq!(spelled("ro", "ţară"), "țară");
    assert_eq!(spelled("tr", "şahıs"), "şahıs");
    assert_eq!(lexicon::is_word("tr", &spelled("tr", "şahıs")), Some(true));
    assert_eq!(spelled("tr", &"İnsan".to_lowercase()), "insan");
    assert_eq!(list_of("sr"), lexicon::word_list_code("hr"));
    assert_eq!(list_of("ru"), lexicon::word_list_code("ru"));
}

/// A letter glued to a number is an ordinal sign: º and ª are looked up, any other letter there
/// (ISO-8859-3 makes `30ş` of `30º`) is no word; a letter after a word is one as ever.
#[test]
fn ordinal_signs_are_words_and_their_misreadings_are_not() {
    let found = |t: &str| -> Vec<String> { words::words_of(t).into_iter().map(|w| w.0).collect() };
    assert_eq!(found("Artigo 17.º e 30ª"), ["º", "ª"]);
    assert!(found("Artigo 17.ş e 30ş").is_empty());
    assert_eq!(found("a ş b"), ["ş"]);
    assert_eq!(found("tr. ş"), ["ş"]);
}
