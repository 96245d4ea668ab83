//! Han text without kana under the Chinese models: scored in Simplified characters too.

use crate::lexicon::nb;

/// Languages whose models learnt Simplified Chinese characters only (the UDHR translations
/// and wordfreq's list are Simplified), each with the Traditional characters it writes as they
/// are: Cantonese keeps `係` (is), which Mandarin simplifies to `系`.
const SIMPLIFIED_MODELS: [(&str, &[char]); 2] = [("zh", &[]), ("yue", &['係'])];

/// Scores Han text (no kana) under the Chinese and Cantonese models in Simplified characters
/// too ([`crate::lexicon::simplified`]: `無法開啟檔案` as `无法开启档案`), and keeps the better
/// of the two readings for them; each other language reads the characters as written. Read only
/// as written, a Traditional character those models never saw but Japanese writes (`開`, `檔`,
/// `設`) made a quarter of Taiwan's software strings Japanese. The mapping keeps every
/// character's place, so the feature counts are the same.
pub(super) fn simplified_scores(text: &str, m: &nb::Model, allowed: &[bool], scores: &mut [f64]) {
    let folded = crate::lexicon::simplified(text);
    if folded == text {
        return;
    }
    for (code, kept) in SIMPLIFIED_MODELS {
        let Some(i) = m.langs.iter().position(|l| l.code == code) else {
            continue;
        };
        if !allowed[i] {
            continue;
        }
        let reading: String = if kept.is_empty() {
            folded.to_string()
        } else {
            (text.chars().zip(folded.chars()))
                .map(|(o, f)| if kept.contains(&o) { o } else { f })
                .collect()
        };
        let mut only = vec![false; m.langs.len()];
        only[i] = true;
        let (s, _) = m.scores(&reading, Some(&only));
        scores[i] = scores[i].max(s[i]);
    }
}
