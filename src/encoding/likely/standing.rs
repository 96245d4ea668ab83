//! Which reading the likely verdict names, and how sure it is: the best by the scores, unless
//! the decision or a declaration stands where the words are too few to overrule it.

use super::{Inputs, Reading};

/// Below this probability of the best reading, a reading holding the decision is kept (when
/// it is itself at least [`DECISION_FLOOR`] likely). A majority: the declaration is already a
/// feature of the score, so a higher bar counted it twice (0.75 kept four Esperanto pages whose
/// `<meta>` lies at 0.62 for ISO-8859-3; lying `<meta>` 97.4 → 98.6 % on the dev set).
const KEEP_DECISION_BELOW: f64 = 0.5;
const DECISION_FLOOR: f64 = 0.02;
/// The most differing words a declared reading may have and still stand against a best reading
/// with none (see [`standing`]).
const MAX_WORDS_AGAINST_NONE: u32 = 2;
/// The fewest differing words, none a word of its language, that make the best reading
/// outworded by a declared decision reading at least [`OUTWORDED_MIN_KNOWN`] listed words (see
/// [`standing`]). One unlisted long compound (`zusammenzuschließen`, macintosh) against a
/// lying declaration's `en` cut from it was not enough: seed 2 lost that German page.
const OUTWORDED_MIN_WORDS: u32 = 6;
const OUTWORDED_MIN_KNOWN: u32 = 2;
/// The probability given to a declaration kept where no words tell (before [`calibrate`]): as
/// likely right as not, as far as the bytes say.
const WORDLESS_DECLARATION: f64 = 0.5;

/// Why the reading the verdict names stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Why {
    /// It is the best by the scores.
    Best,
    /// The decision, which the words favour another reading over only weakly.
    Decision,
    /// A declared reading kept because the best one reads no words where they differ.
    Wordless,
    /// The decision kept because the best reading's words are none of its language's, where
    /// the decision's are.
    Outworded,
}

/// The reading the verdict names.
pub(super) struct Standing {
    /// Its index among the readings, best first.
    pub chosen: usize,
    pub why: Why,
}

/// The reading that stands, among `readings` (best first, with their probabilities `probs`).
///
/// The decision stands unless the words say otherwise clearly: it is what a conforming consumer
/// reads, and where the words are few or in a language the lexicon lacks, the evidence behind
/// it (declarations, chardetng, the Western default) is worth more. Nor does a declaration give
/// way where no words tell: the best reading has none where the readings differ (a symbol, `€`
/// for windows-1251's `Ђ`), or is a table of letters ([`letter_table`]), and the declared one
/// (the decision's, else the first a declaration names, lenient labels included) clean, with
/// at most a couple, or a table of letters too; only how common each encoding is speaks
/// against it then (feedparser's feeds of one high byte: 30 of 110 were read against their
/// declaration at about 0.59; no verdict of the dev sets moves).
pub(super) fn standing(readings: &[Reading], probs: &[f64], inp: &Inputs) -> Standing {
    let decided = readings
        .iter()
        .position(|r| r.members.contains(&inp.decision))
        .filter(|&d| d != 0 && inp.decision_declared);
    let declared = decided.or_else(|| {
        readings
            .iter()
            .position(|r| {
                r.members
                    .iter()
                    .any(|m| inp.declared.iter().any(|(d, _)| d == m))
            })
            .filter(|&d| d != 0)
    });
    let wordless = declared.filter(|&d| {
        let (best, own) = (&readings[0], &readings[d]);
        let none_against = (best.features.words == 0 || letter_table(best))
            && (own.features.words <= MAX_WORDS_AGAINST_NONE || letter_table(own));
        (none_against || unfit_against(best, own))
            && own.features.errors == 0.0
            && own.features.controls == 0.0
    });
    // The best reading's words were judged by its language's list and none is a word, where
    // the declared decision reads some: only the n-grams speak for the best one, and a language
    // the models lack (Tajik in KOI8-T) is read best by none of them.
    let outworded = decided.filter(|&d| {
        let (best, own) = (&readings[0].features, &readings[d].features);
        best.known_words == 0
            && best.words >= OUTWORDED_MIN_WORDS
            && best.unlisted == 0.0
            && own.known_words >= OUTWORDED_MIN_KNOWN
            && own.errors == 0.0
            && own.controls == 0.0
    });
    let (chosen, why) = match decided {
        Some(d) if outworded == Some(d) => (d, Why::Outworded),
        Some(d) if probs[0] < KEEP_DECISION_BELOW && probs[d] >= DECISION_FLOOR => (
            d,
            if wordless == Some(d) {
                Why::Wordless
            } else {
                Why::Decision
            },
        ),
        _ => wordless.map_or((0, Why::Best), |d| (d, Why::Wordless)),
    };
    Standing { chosen, why }
}

/// Why a reading other than the best stands, as a clause of the verdict's sentence (none for
/// the best).
pub(super) fn clause(s: &Standing, readings: &[Reading], probs: &[f64]) -> Option<String> {
    let best = &readings[0];
    let (name, p) = (best.members[0], probs[0]);
    Some(match s.why {
        Why::Best => return None,
        Why::Wordless => format!(
            "the declaration stands: where the readings differ, {name} reads {} (probability {p:.2} by how common it is alone), too little to overrule it",
            if letter_table(best) {
                "only letters standing alone, which many languages' lists hold"
            } else if best.features.words == 0 {
                "no words"
            } else {
                "words no language the model knows fits, none a listed word"
            },
        ),
        Why::Outworded => format!(
            "the decision stands: none of the {} differing words {name} reads is a {} word, so only its n-grams speak for it (probability {p:.2})",
            best.features.words, best.features.language
        ),
        Why::Decision => {
            format!("the decision stands: the words favour {name} only at probability {p:.2}")
        }
    })
}

/// Does the best reading tell nothing against a declared one: no language the model knows
/// fits its words at all and none is a listed word, where the declared reading's words include
/// one? Its lead is then how common each encoding is, which a declaration outweighs (IPython's
/// test file `nonascii.py`, `# coding: iso-8859-5` over a Cyrillic alphabet and `Ўт№Ф`, was
/// ISO-8859-10 at 0.64 by `ąķĸāáâãäåæ…`; chardet and charset-normalizer follow the cookie).
fn unfit_against(best: &Reading, declared: &Reading) -> bool {
    super::letters::fits_no_language(&best.features)
        && best.features.known_words == 0
        && declared.features.known_words > 0
}

/// Differing words, all single letters, from which a reading is a table of letters
/// ([`letter_table`]); fewer are a short text's, which [`calibrate`] already holds down, and
/// where a lying declaration's reading makes no word of its mojibake (`Ã©`), a UTF-8 page's
/// one or two `é` must still overrule it (two html-lie pages of the dev set).
const MIN_LETTERS_TABLE: u32 = 3;

/// Is a reading a table of letters — all its differing words, [`MIN_LETTERS_TABLE`] or more,
/// single letters? A keymap (vim's Serbian: `Q Љ` a line) holds no word but letters standing
/// alone, which many lists hold whatever the language — VISCII's `ă`, `đ`, `ó` are Vietnamese
/// words — so they tell no more than no words do: a declaration (`scriptencoding cp1251`)
/// stands against them, and the confidence is that of no words. Not letters of scripts
/// written without spaces: a Han character is a word of its own.
pub(super) fn letter_table(r: &Reading) -> bool {
    r.features.words >= MIN_LETTERS_TABLE
        && r.words.iter().all(|(w, ..)| {
            let mut cs = w.chars();
            cs.next().is_some_and(|c| !crate::unicode::spaceless(c)) && cs.next().is_none()
        })
}
/// Does the reading that stands tell little, being a table of letters ([`letter_table`])?
/// Its single letters are words of many languages' lists: as thin evidence as no words (vim's
/// Croatian, Greek, Hebrew and Slovak keymaps were windows-1252 at 0.94–0.99 by `æ`, `ð`,
/// `á`), so [`calibrate`] counts none. Only for a whole input (a block's confidence is
/// segmentation's to weigh), not where a declaration names the reading (the letters bear it
/// out), nor for a multi-byte reading (its valid pairs do: encoding_rs's JIS table of Greek and
/// Cyrillic letters in Shift_JIS).
pub(super) fn letters_tell_little(best: &Reading, inp: &Inputs) -> bool {
    inp.part == super::Part::Whole
        && letter_table(best)
        && best.members[0].is_single_byte()
        && !best
            .members
            .iter()
            .any(|&m| super::extra::is_declared(m, inp))
}

/// The probability of the reading that stands, before [`calibrate`].
pub(super) fn probability(probs: &[f64], s: &Standing) -> f64 {
    let chosen = s.chosen;
    if s.why == Why::Wordless {
        probs[chosen].max(WORDLESS_DECLARATION)
    } else {
        probs[chosen]
    }
}

/// The confidence: the softmax probability, held down where few words were weighed (a
/// handful of differing bytes is thin evidence whatever the scores say).
pub(super) fn calibrate(p: f64, words: u32) -> f64 {
    let thin = match words {
        0 => 0.6,
        1 => 0.85,
        2..=3 => 0.95,
        _ => 1.0,
    };
    ((p * thin) * 1000.0).round() / 1000.0
}
