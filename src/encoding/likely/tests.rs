//! Unit tests of `encoding::likely` (kept apart so the module reads as its job).

use super::*;
use crate::lexicon;

/// Serbian Cyrillic reaches the Latin Serbo-Croatian list letter for letter; other lists
/// and other scripts are left alone (the Romanian cedilla-to-comma spelling still applies).
#[test]
fn words_are_spelled_as_their_list_spells_them() {
    assert_eq!(spelled("hr", "љубав"), "ljubav");
    assert_eq!(spelled("hr", "џеп"), "džep");
    assert_eq!(spelled("bs", "ћерка"), "ćerka");
    assert_eq!(spelled("ru", "любовь"), "любовь");
    assert_eq!(spelled("hr", "kuća"), "kuća");
    assert_eq!(spelled("ro", "ţară"), "țară");
    assert_eq!(list_of("sr"), lexicon::word_list_code("hr"));
    assert_eq!(list_of("ru"), lexicon::word_list_code("ru"));
}
