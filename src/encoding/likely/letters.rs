//! Which letters a language writes, and how far the languages found explain a reading's
//! letters: the alphabets the foreign-letter features check words against, the priors scaled
//! by how much the letters are explained (by the alphabets, and by whether any language the
//! model knows fits the words at all), the letters no one language writes, which order the
//! readings tied on characters, and how much lower Chinese, Japanese and Korean score per n-gram
//! than alphabetic text (their readings' n-grams are levelled before the comparison).

use super::spelling::{list_of, list_spelling, spelled};
use super::{Features, Reading};
use crate::lexicon;
use crate::unicode::char_info;

/// How far the languages found explain the letters where the readings differ: 1 − the
/// smallest share of foreign letters in a compared reading's own words ([`own_words`]; the
/// first `compared` of `readings`, see [`unexplained`]). When
/// even the best-explained reading writes there letters its language lacks (`kjuaño` and
/// `kjuańo` are both foreign to the Czech the model finds in a Mazatec text), the language's
/// prior of each encoding says little and the prior regardless of language takes its place:
/// `prior` is scaled by the share explained, `base_unexplained` is `base` scaled by the rest,
/// and `foreign_own` (the reading's own foreign letters) counts as far as the letters are
/// explained. With `by_fit`, the letters are no better explained than any language the model
/// knows fits the words at all ([`unfit`]): Khasi `ïa pynïoh` read as Slovak `ďa pynďoh` has
/// every letter in the Slovak alphabet, and no Slovak fit; nor is `ï` then evidence against
/// the Malay the model finds for `ïa pynïoh` (`foreign` is scaled by the fit too).
pub(super) fn explain_priors(readings: &mut [Reading], compared: usize, by_fit: bool) {
    let unfit = if by_fit { unfit(readings) } else { 0.0 };
    let unexplained = unexplained(&readings[..compared.min(readings.len())]).max(unfit);
    for r in readings {
        let f = &mut r.features;
        f.prior *= 1.0 - unexplained;
        f.base_unexplained = f.base * unexplained;
        f.foreign_own = (1.0 + f.own_foreign as f64).ln() * (1.0 - unexplained);
        // A letter is foreign to a language only if that language is the text's at all.
        f.foreign *= 1.0 - unfit;
        f.unfit = unfit;
    }
}

/// The smallest share of foreign letters in the own words of the compared readings (0 when
/// none has own letters: the readings differ in nothing a language judges). A compared reading
/// with no own letter whose differing words hold no letter foreign to its language is
/// explained throughout, beside readings with own letters too: windows-1252's `¥kuriteos´`
/// and ISO-8859-13's `„kuriteos“` in Estonian differ in no letter, and ISO-8859-10's own
/// misread letter beside them had switched the language's prior off (windows-1252 won on its
/// prior regardless of language).
fn unexplained(compared: &[Reading]) -> f64 {
    let explained = |r: &Reading| r.features.own_letters == 0 && r.features.foreign == 0.0;
    let least = compared
        .iter()
        .filter_map(|r| match r.features.own_letters {
            0 => explained(r).then_some(0.0),
            n => Some(r.features.own_foreign as f64 / n as f64),
        })
        .fold(f64::INFINITY, f64::min);
    if least.is_finite() { least } else { 0.0 }
}

/// Nats per n-gram feature added to the mean n-gram log-likelihood of a reading in Chinese,
/// Japanese or Korean before readings are compared: the median typical fit of the model's other
/// languages (−8.16, `assets/langid/fit.tsv`: each language's own held-out UDHR text) less the
/// highest of the CJK languages' (Korean, −10.62). Chinese (−13.42) and Japanese (−12.21) are
/// raised by Korean's gap only, so that no CJK reading is raised above what its own text scores:
/// with each language's own gap, GBK's reading of Korean pages outscored EUC-KR's (six
/// EUC-KR files of chardet's tests went to GBK). Before, the true reading of two Hanzi was
/// about 5 nats per feature behind any alphabetic misreading of its four bytes, and lost to it:
/// short CJK text (`scripts/short_cjk_eval.py`) 248 → 274 and 228 → 259 of 300 on seeds 7 and
/// 8 (chardet 258 and 266).
pub const CJK_NGRAM_OFFSET: f64 = 2.46;

/// Is `code` Chinese, Cantonese, Japanese or Korean (the languages [`CJK_NGRAM_OFFSET`] is for)?
fn is_cjk_language(code: &str) -> bool {
    matches!(code, "zh" | "yue" | "ja" | "ko")
}

/// Chinese, Japanese and Korean text scores lower per n-gram than alphabetic text does (many
/// characters, each seen less often): raises the n-gram mean of readings in those languages by
/// [`CJK_NGRAM_OFFSET`] before the readings are compared.
pub(super) fn level_cjk_ngrams(readings: &mut [Reading]) {
    for r in readings {
        if r.features.ngram != 0.0 && is_cjk_language(&r.features.language) {
            r.features.ngram += CJK_NGRAM_OFFSET;
        }
    }
}

/// How far no language the model knows fits the compared readings' words at all, from the
/// best-fitting one's mean n-gram log-likelihood per feature: 0 down to −10, 1 from −11. On the
/// dev set (seed 1) the true reading of a language the model has fits at −6 to −9.5 (Icelandic
/// at worst −10.3); one of a language it lacks at −10 to −12.5 (Khasi read as Malay, `ïa
/// pynïoh`, −11.6): the language then found, and its alphabet and priors, are a guess.
/// Chinese, Japanese and Korean fit at −10 to −12 on their own models (many characters, few
/// seen): a reading in one of them counts as fitting. Readings of fewer than 20 n-gram
/// features say nothing (at 20 rather than 40, two more 64–256-byte Khasi files were right on
/// seeds 3–4 and none was lost).
fn unfit(readings: &[Reading]) -> f64 {
    readings
        .iter()
        .take(3)
        .filter(|r| r.features.ngram_features as usize >= FIT_MIN_FEATURES)
        .map(|r| reading_unfit(&r.features))
        .fold(None, |least: Option<f64>, u| {
            Some(least.map_or(u, |l| l.min(u)))
        })
        .unwrap_or(0.0)
}

/// How far no language the model knows fits one reading's words, on [`unfit`]'s scale (0 down
/// to −10 nats per n-gram, 1 from −11; a CJK language always fits).
fn reading_unfit(f: &Features) -> f64 {
    if is_cjk_language(&f.language) {
        0.0
    } else {
        (-(f.fit + 10.0)).clamp(0.0, 1.0)
    }
}

/// Whether no language the model knows fits one reading's words at all (its own [`unfit`]
/// measure at 1, from enough n-grams to say): the language the scores name is then a guess.
pub(super) fn fits_no_language(f: &Features) -> bool {
    f.ngram_features as usize >= FIT_MIN_FEATURES && reading_unfit(f) >= 1.0
}

/// Of the distinct non-ASCII letters of `text` (lower-cased), the fewest that a shipped
/// alphabet lacks: 0 when some language writes them all. Lithuanian in windows-1257 read as
/// windows-1252 (`bûti motinystë gimæ þmogus`) mixes letters no one language writes.
pub(super) fn unwritten(text: &str) -> usize {
    lacking(text, lexicon::every_alphabet())
}

/// As [`unwritten`], by the standard alphabets (CLDR's exemplar letters) alone, without the
/// loans a word list's alphabet holds: Esperanto in ISO-8859-15 (`æiu`, `aýtoritato`) has
/// letters some word lists write together, but no language's standard alphabet.
pub(super) fn unruled(text: &str) -> usize {
    lacking(text, lexicon::every_exemplar())
}

/// Of the distinct non-ASCII letters of `text` (lower-cased), the fewest that one of
/// `alphabets` lacks; a script's digit or mark that is no letter counts as lacking.
fn lacking<'a>(text: &str, alphabets: impl Iterator<Item = &'a [char]>) -> usize {
    let (mut letters, mut strays): (Vec<char>, Vec<char>) = (Vec::new(), Vec::new());
    for c in text.chars().filter(|c| !c.is_ascii()) {
        let i = char_info(c);
        if i.is_letter() {
            letters.push(c.to_lowercase().next().unwrap_or(c));
        } else if i.has_real_script() {
            // A script's digit or mark that is no letter (windows-874's `๏a` for `ïa`) is no
            // letter any language writes either.
            strays.push(c);
        }
    }
    strays.sort_unstable();
    strays.dedup();
    letters.sort_unstable();
    letters.dedup();
    if letters.is_empty() {
        return strays.len();
    }
    strays.len()
        + alphabets
            .map(|a| {
                letters
                    .iter()
                    .filter(|c| a.binary_search(c).is_err())
                    .count()
            })
            .min()
            .unwrap_or(letters.len())
}

/// The letters a language writes, as [`foreign_letters`] checks words against them: its own
/// alphabet (words as written), else its word list's (words as the list spells them). Found
/// once for the many words of a text.
#[derive(Clone, Copy)]
pub(super) struct Alphabet<'a> {
    letters: &'static [char],
    /// The language whose alphabet it is, or its word list's code.
    spell_as: &'a str,
    /// The language's own alphabet (not its list's).
    own: bool,
}

impl<'a> Alphabet<'a> {
    /// `lang`'s alphabet; `None` for a language without a known one.
    pub(super) fn of(lang: &'a str) -> Option<Alphabet<'a>> {
        if let Some(letters) = lexicon::alphabet(lang) {
            return Some(Alphabet {
                letters,
                spell_as: lang,
                own: true,
            });
        }
        // (A list under the language's own code would have had its alphabet found above.)
        let list = list_of(lang)?;
        Some(Alphabet {
            letters: lexicon::alphabet(list)?,
            spell_as: list,
            own: false,
        })
    }

    /// The alphabet of word list `list`, words checked as the list spells them (Serbian
    /// Cyrillic in Latin letters for the Serbo-Croatian list): for callers that hold a list's
    /// code rather than a language's (the segments' local fit).
    pub(super) fn of_list(list: &'a str) -> Option<Alphabet<'a>> {
        Some(Alphabet {
            letters: lexicon::alphabet(list)?,
            spell_as: list,
            own: false,
        })
    }

    /// Non-ASCII letters of `w` and how many of them the language does not write, each
    /// counted `n` times.
    pub(super) fn foreign(&self, w: &str, n: u32) -> (u32, u32) {
        let written = if self.own {
            list_spelling(self.spell_as, w)
        } else {
            spelled(self.spell_as, w)
        };
        let (mut letters, mut foreign) = (0u32, 0u32);
        for c in written.chars() {
            if !c.is_ascii() && char_info(c).is_letter() {
                letters += n;
                if self.letters.binary_search(&c).is_err() {
                    foreign += n;
                }
            }
        }
        (letters, foreign)
    }
}

/// Non-ASCII letters of `words` (with their counts) and how many of them language `lang` does
/// not write ([`lexicon::alphabet`]); (0, 0) for a language without a known alphabet. The words
/// are checked as written against the language's own alphabet (Romanian ş ţ as ș ț), and as
/// its word list spells them against the list's alphabet only when the language has none of
/// its own — Serbian Cyrillic is checked in Cyrillic, not transliterated against Latin letters.
pub(super) fn foreign_letters<'w>(
    lang: &str,
    words: impl Iterator<Item = (&'w String, u32)>,
) -> (u32, u32) {
    let Some(alphabet) = Alphabet::of(lang) else {
        return (0, 0);
    };
    words.fold((0, 0), |(l, f), (w, n)| {
        let (a, b) = alphabet.foreign(w, n);
        (l + a, f + b)
    })
}

/// `readings` best first by their selecting score, readings tied with the one at place `places`
/// (the last the first choice takes, see `preselect`) ordered by [`unwritten`] letters when
/// `by_letters`, then by how well some language fits their words with non-ASCII letters
/// ([`own_letters_fit`]): many Latin readings have no character flaw at all, and otherwise the
/// candidates' order chose which are weighed (windows-1257 came seventh on short Lithuanian
/// text). Not in a block of a file being segmented, which may hold two languages' letters.
pub(super) fn rank(readings: Vec<Reading>, places: usize, by_letters: bool) -> Vec<Reading> {
    let mut readings = readings;
    readings.sort_by(|a, b| b.score.total_cmp(&a.score));
    let edge = readings.get(places.saturating_sub(1)).map(|r| r.score);
    let mut keyed: Vec<(usize, f64, Reading)> = readings
        .into_iter()
        .map(|r| {
            let tied = by_letters && Some(r.score) == edge;
            if tied {
                (unwritten(&r.text), -own_letters_fit(&r.text), r)
            } else {
                (0, 0.0, r)
            }
        })
        .collect();
    // A fit of too few n-grams says nothing (`º` of `24.º` in UTF-8 against `âº`): the
    // readings tied on characters then keep the candidates' order.
    if keyed.iter().any(|k| k.1.is_nan()) {
        for k in &mut keyed {
            k.1 = 0.0;
        }
    }
    keyed.sort_by(|a, b| {
        (b.2.score.total_cmp(&a.2.score))
            .then(a.0.cmp(&b.0))
            .then(a.1.total_cmp(&b.1))
    });
    keyed.into_iter().map(|k| k.2).collect()
}

/// Distinct words with a non-ASCII letter that [`own_letters_fit`] reads, at most.
const FIT_WORDS: usize = 8;

/// Fewest n-gram features a reading's words need for their fit to say anything ([`unfit`],
/// [`own_letters_fit`]).
const FIT_MIN_FEATURES: usize = 20;

/// How well the best language the model knows fits the words of `text` that hold a non-ASCII
/// letter (mean log-likelihood per n-gram feature; NaN when they are too few to say, with
/// fewer than [`FIT_MIN_FEATURES`] n-grams): the readings tied on characters and on
/// [`unwritten`] letters differ only there. Turkish `Beşiktaş` in windows-1254 inside English
/// text ties with windows-1252's `Beþiktaþ` (þ is Icelandic) and twenty other Latin readings;
/// by the candidates' order windows-1254 was never weighed.
fn own_letters_fit(text: &str) -> f64 {
    let mut words: Vec<&str> = Vec::new();
    for w in text.split(|c: char| !c.is_alphanumeric()) {
        if words.len() >= FIT_WORDS {
            break;
        }
        if w.chars().any(|c| !c.is_ascii() && char_info(c).is_letter()) && !words.contains(&w) {
            words.push(w);
        }
    }
    let (scores, features) =
        lexicon::model().scores(&words.join(" "), Some(lexicon::encoding_languages()));
    if features < FIT_MIN_FEATURES {
        return f64::NAN;
    }
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    best / features as f64
}
