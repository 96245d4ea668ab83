//! Deciding between two close relatives the n-grams barely part (issue 20): what tells them
//! apart — the weights their parallel translations give the text's words ([`super::contrast`]),
//! else the words only one word list holds — shown, and added to the n-grams' lead.

use super::{Options, Verdict, calibrated_confidence, contrast};
use crate::lexicon::nb::LangInfo;
use serde::Serialize;

/// Words of a text that tell one close relative from the other: words only it writes (by their
/// word lists), or words its parallel translations favour ([`contrast`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Distinguishing {
    pub code: String,
    pub words: Vec<String>,
    /// For contrasts: how much the words favour this relative together (log-odds, nats); none
    /// for word lists, where a word is simply on one list only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<f64>,
}

/// The words of `text` (lower case, letters only, two or more; each once) that `judge` gives to
/// one of `a` and `b` only (`judge` returns how to show a word on each side, or `None`), first
/// eight of each.
fn one_sided(
    text: &str,
    a: &str,
    b: &str,
    judge: impl Fn(&str) -> (Option<String>, Option<String>),
) -> [Distinguishing; 2] {
    let mut seen = rustc_hash::FxHashSet::default();
    let (mut only_a, mut only_b) = (Vec::new(), Vec::new());
    for w in contrast::words(text) {
        if !seen.insert(w.clone()) {
            continue;
        }
        match judge(&w) {
            (Some(x), None) if only_a.len() < 8 => only_a.push(x),
            (None, Some(y)) if only_b.len() < 8 => only_b.push(y),
            _ => {}
        }
    }
    [
        Distinguishing {
            code: a.to_string(),
            words: only_a,
            weight: None,
        },
        Distinguishing {
            code: b.to_string(),
            words: only_b,
            weight: None,
        },
    ]
}

/// The words of `text` that exactly one of the word lists of `a` and `b` holds
/// ([`one_sided`]); `None` when either has no list.
fn distinguishing_words(text: &str, a: &str, b: &str) -> Option<[Distinguishing; 2]> {
    let (la, lb) = (
        crate::lexicon::word_list_code(a)?,
        crate::lexicon::word_list_code(b)?,
    );
    let holds = |list: &str, w: &str| {
        crate::lexicon::is_word(list, w)
            .unwrap_or(false)
            .then(|| w.to_string())
    };
    Some(one_sided(text, a, b, |w| (holds(la, w), holds(lb, w))))
}

/// Words only one relative writes by its list, that decide a group against the n-grams'
/// leader: two or more on its side and none on the leader's (one, on the leader's side, decides
/// for it). For relatives without contrasts.
const DECISIVE_WORDS: usize = 2;

/// How far (nats) the n-grams' lead and a text's lean by the contrasts of two relatives
/// ([`contrast::lean`]) must add up to, to decide what the n-grams left as a group, or to
/// overrule their leader (chosen on the calibration set: at 1.0, 16 texts gained and none lost;
/// at 0, every group decided, some wrongly).
const RESOLVE_AT: f64 = 1.0;

/// The share of a group's probability the side the sum decides for gets is σ(LEAN_SCALE ·
/// |sum|): fitted (log-likelihood) on the 283 texts the sum decided among 12,800 of the
/// calibration and tuning sets (never a dev set; session 27), right 60 % of the time. At 0.29,
/// fitted on 21 such texts in session 17, those over 0.8 were right 69 % of the time at a mean of
/// 0.86: a long text's n-gram lead grows with its length, not with what tells the two apart
/// (sums of 6–8 nats were right 41 % of the time, of 10–14 nats 82 %). Log-likelihood of the 283:
/// −195.6 at 0.29, −192.7 at 0.15, −192.9 at 0.2. At 0.17, 19 of them are over 0.8 (right 79 % at
/// a mean of 0.84; at 0.29, 54 right 69 % at 0.86); the lower bins are now a little under-confident
/// (binned ECE of the 283: 0.081 → 0.086; of whole sets within ±0.001). The sum says little
/// beyond a constant (with an offset, σ(0.9 + 0.04 · sum) fits best): not taken, one constant
/// fitted on this few texts is enough.
const LEAN_SCALE: f64 = 0.17;

/// The n-grams' lead of `pair[0]` over `pair[1]` (`lead`, nats over the whole text) without
/// what the text's English loans add to it: words the English word list holds and neither
/// relative's list does (`direct` in the Croatian `ne mogu se kombinirati direct i nocache`).
/// Web and software text borrows English words freely, and the relatives' training text
/// borrowed them unevenly, so their n-grams lean by chance (`direct` gave Bosnian the lead
/// there). A loan either list holds stays (`linear` is in the Indonesian one, so it still
/// leans a Malay sentence that uses it). Returns the lead and the loans (first eight). Relatives without word lists keep the
/// whole lead.
fn native_lead(text: &str, pair: [&LangInfo; 2], lead: f64) -> (f64, Vec<String>) {
    use crate::lexicon::{is_word, word_list_code};
    let (Some(la), Some(lb)) = (word_list_code(&pair[0].code), word_list_code(&pair[1].code))
    else {
        return (lead, Vec::new());
    };
    let mut seen = rustc_hash::FxHashSet::default();
    let mut loans: Vec<String> = Vec::new();
    for w in contrast::words(text) {
        if w.chars().count() >= 3
            && w.is_ascii()
            && is_word("en", &w) == Some(true)
            && is_word(la, &w) != Some(true)
            && is_word(lb, &w) != Some(true)
            && seen.insert(w.clone())
        {
            loans.push(w);
        }
    }
    if loans.is_empty() {
        return (lead, loans);
    }
    let m = crate::lexicon::model();
    let index = |code: &str| m.langs.iter().position(|l| l.code == code);
    let (Some(a), Some(b)) = (index(&pair[0].code), index(&pair[1].code)) else {
        return (lead, Vec::new());
    };
    let mut only = vec![false; m.langs.len()];
    (only[a], only[b]) = (true, true);
    // Each occurrence counts, as in the lead (n-grams do not cross words).
    let occurrences: Vec<String> = contrast::words(text)
        .filter(|w| loans.contains(w))
        .collect();
    let (s, _) = m.scores(&occurrences.join(" "), Some(&only));
    loans.truncate(8);
    (lead - (s[a] - s[b]), loans)
}

/// Decides `v` between the n-grams' leader and runner-up `pair`, close relatives: the lean of
/// the text's words and the n-grams' lead (`margin` per feature over `features`) add up as two
/// log-odds; a sum of [`RESOLVE_AT`] or more decides a group the n-grams left (`close`), or
/// overrules their leader. Where the pair has no contrasts, words only one word list holds
/// decide a group. The words are kept in `v.distinguishing` either way.
pub(super) fn decide(
    v: &mut Verdict,
    text: &str,
    pair: [&LangInfo; 2],
    margin: f64,
    features: usize,
    close: bool,
    opts: &Options,
) {
    let (best_code, second) = (&pair[0].code, &pair[1].code);
    let names = [&pair[0].name, &pair[1].name];
    let per = features.max(1) as f64;
    if let Some(lean) = contrast::lean(text, best_code, second) {
        // The n-grams' lead (nats, over all features, English loans left out) and the lean add
        // up as two log-odds would; the sum decides between the two, forced to one language or
        // not.
        let (lead, loans) = native_lead(text, pair, margin * per);
        let sum = lead + lean.score;
        let winner = if sum >= RESOLVE_AT && close {
            Some(0)
        } else if sum <= -RESOLVE_AT {
            Some(1)
        } else {
            None
        };
        if let Some(w) = winner {
            v.language = pair[w].code.clone();
            v.name = pair[w].name.clone();
            // The group's probability, shared by how far the sum leans (the two log-odds are
            // not independent, and the words' weights were learnt on other text: the sum
            // overstates, hence the scale).
            v.confidence = calibrated_confidence(margin, features, true)
                / (1.0 + (-LEAN_SCALE * sum.abs()).exp());
            let toward = usize::from(lean.score < 0.0);
            let left_out = if loans.is_empty() {
                String::new()
            } else {
                format!(" (English words left out: {})", loans.join(", "))
            };
            v.reason = Some(format!(
                "close relatives: the n-grams' lead of {:.1} nats for {}{} and the words that \
                 tell them apart, {:.1} nats for {} ({}), add up to {:.1} nats for {}",
                lead.abs(),
                names[usize::from(lead < 0.0)],
                left_out,
                lean.score.abs(),
                names[toward],
                lean.evidence[toward].words.join(", "),
                sum.abs(),
                names[w],
            ));
        }
        let [a, b] = &lean.evidence;
        if !a.words.is_empty() || !b.words.is_empty() {
            v.distinguishing = lean.evidence.into_iter().collect();
        }
    } else if let Some(evidence) = distinguishing_words(text, best_code, second)
        .filter(|[a, b]| !a.words.is_empty() || !b.words.is_empty())
    {
        let [a, b] = &evidence;
        // One word suffices where it sides with the n-grams' leader; against it, two.
        let decisive = |x: &Distinguishing, y: &Distinguishing, needed: usize| {
            x.words.len() >= needed && y.words.is_empty()
        };
        let winner = if decisive(a, b, 1) {
            Some(0)
        } else if decisive(b, a, DECISIVE_WORDS) {
            Some(1)
        } else {
            None
        };
        if let Some(w) = winner
            && !opts.no_abstain
            && v.language.contains('|')
        {
            v.language = pair[w].code.clone();
            v.name = pair[w].name.clone();
            v.reason = Some(format!(
                "close to {} by n-grams; words only {} writes decide: {}",
                names[1 - w],
                names[w],
                evidence[w].words.join(", ")
            ));
        }
        v.distinguishing = evidence.into_iter().collect();
    }
}

/// How far (nats) a Latin text's words must lean to Serbian against Croatian and, apart, against
/// Bosnian ([`contrast::lean_of_words`]: Serbian's side of the parallel translations
/// transliterated) for the text to be Serbian written in Latin letters. Chosen on 300 strings
/// (4 words and 30 characters or more, after a fixed shuffle) of each of the `sr@latin`, `hr`
/// and `bs` catalogues installed here, which are not the dev set's sentences: at 2, 64 `sr@latin`
/// strings, 0 Croatian, 7 Bosnian (whose translators wrote `taster`, `ukoliko`); at 3, 43, 0
/// and 2. The dev, calibration and tuning sets and the UDHR snippets of `langid eval` are
/// unchanged at either; by letter sequences too, at 3, UDHR Croatian and Bosnian snippets of
/// 200 characters fell to Serbian 7 % of the time.
const SERBIAN_LATIN_AT: f64 = 2.0;

/// How often a text so decided was Serbian on those strings (64 of 71), the share of the
/// Serbo-Croatian group's probability it gets.
const SERBIAN_LATIN_RIGHT: f64 = 0.9;

/// Serbian in Latin letters: the n-gram model knows Serbian in Cyrillic only (its training
/// text), so Latin Serbian comes out Croatian or Bosnian; where its words lean to Serbian against
/// each by [`SERBIAN_LATIN_AT`] or more (ekavian `vreme`, `izmena`; `direktorijum`), `v`
/// becomes Serbian with what decided it (unless `opts` keeps Serbian out). `group` is the
/// probability that the language is one of the Serbo-Croatian relatives the n-grams led with.
/// Returns whether it did.
pub(super) fn serbian_in_latin(
    v: &mut Verdict,
    text: &str,
    m: &crate::lexicon::nb::Model,
    opts: &Options,
    group: f64,
) -> bool {
    let serbian_allowed = opts.only.is_empty() || opts.only.iter().any(|c| c == "sr");
    if v.script.as_deref() != Some("LATIN")
        || !serbian_allowed
        || !matches!(v.language.as_str(), "hr" | "bs" | "hr|bs" | "bs|hr")
    {
        return false;
    }
    let Some(sr) = m.langs.iter().find(|l| l.code == "sr") else {
        return false;
    };
    let (Some(hr), Some(bs)) = (
        contrast::lean_of_words(text, "sr", "hr"),
        contrast::lean_of_words(text, "sr", "bs"),
    ) else {
        return false;
    };
    if hr.score < SERBIAN_LATIN_AT || bs.score < SERBIAN_LATIN_AT {
        return false;
    }
    let mut words: Vec<String> = hr.evidence[0].words.clone();
    for w in &bs.evidence[0].words {
        if !words.contains(w) {
            words.push(w.clone());
        }
    }
    words.truncate(8);
    v.reason = Some(format!(
        "Serbian in Latin letters: its words lean to Serbian by {:.1} nats against Croatian and \
         {:.1} against Bosnian ({})",
        hr.score,
        bs.score,
        words.join(", ")
    ));
    v.language = sr.code.clone();
    v.name = sr.name.clone();
    v.confidence = group * SERBIAN_LATIN_RIGHT;
    v.members.clear();
    v.distinguishing = vec![
        Distinguishing {
            code: sr.code.clone(),
            words,
            weight: Some(hr.score.min(bs.score)),
        },
        hr.evidence[1].clone(),
        bs.evidence[1].clone(),
    ];
    true
}
