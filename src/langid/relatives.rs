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

/// How far (nats) a share of the n-grams' lead ([`LEAD_WEIGHT`]) and a text's lean by the
/// contrasts of two relatives ([`contrast::lean`]) must add up to, to decide what the n-grams
/// left as a group, or to overrule their leader. The lean is a logistic regression's log-odds,
/// so 0.1 decides from p ≈ 0.52: a group answer is left where the text's words say next to
/// nothing (session 28, on the calibration and tuning sets cal3, tune3 and tune2 with the
/// lead left out: sentences / pairs / words right 2,919 / 2,507 / 2,155 at 0.1, 2,916 / 2,474 /
/// 2,120 at 1.0).
const RESOLVE_AT: f64 = 0.1;

/// The share of the n-grams' lead that counts beside the contrasts' lean. The n-grams were
/// trained on UDHR and software text in each language alone and lean by chance between close
/// relatives on other text (a 60-character Bosnian message led for Croatian by 28 nats); the
/// lean was trained on nothing but what tells the two apart. Chosen (session 28) on the six
/// calibration and tuning sets (4,920 texts per length class) together with the UDHR snippets
/// of `langid eval --all-languages`: sentences / pairs / words right 4,669 / 3,953 / 3,346
/// with the naive-Bayes contrasts and the whole lead (session 27); with the regression's, at
/// 0.1, 4,704 / 4,013 / 3,403 and UDHR at 400 characters 99.4 → 99.6 % (at 0.3, 4,694 / 4,012 /
/// 3,402); at 0 the sets gain 3 more sentences but UDHR Croatian falls to Bosnian (98.8 %,
/// `hr→bs` 1,005 of 1,500 snippets).
const LEAD_WEIGHT: f64 = 0.1;

/// The share of a group's probability the side the sum decides for gets is σ(LEAN_SCALE ·
/// |sum|), also where the n-grams' leader was not close and the sum sides with it: fitted
/// (log-likelihood) on the 2,977 texts the sum decided among the 14,664 of the six calibration
/// and tuning sets (never a dev set; session 28), right 79 % of the time (some are neither
/// relative): −1,103.5 at 0.5, −1,096.0 at 0.65, −1,097.0 at 0.7, −1,108.5 at 0.9, −1,124.5 at
/// 1.1. Near 1, as log-odds from a logistic regression should be. Over all those texts the
/// proper scores improve against leaving a clear leader its n-gram confidence (log-loss 0.2564
/// → 0.2470, Brier 0.0856 → 0.0825). (With the naive-Bayes contrasts and the whole n-gram lead,
/// session 27 fitted 0.17 on the close texts alone: that sum overstated by six times.)
const LEAN_SCALE: f64 = 0.65;

/// The share of the word-frequency lean ([`frequency_lean`]) that counts beside the contrasts'
/// lean. The contrasts know the two relatives' software translations only, where one team's
/// habits can stand for the language (Indonesian catalogues write `tak dapat` where Malay ones
/// write `tidak dapat`, so `tak` leans to Indonesian there);
/// wordfreq's lists count general text (subtitles, Wikipedia, the web), where `tiada`, `mana`
/// and `pegang` are Malay and `bisa`, `saat` Indonesian. Chosen (session 44) on the tuning and
/// calibration sets tune3, cal3 and tune4 (seed 23, nine of the ten languages: too few Malay
/// strings were left), over the five pairs with two lists (ms/id, cs/sk, da/nb, es/pt, de/nl):
/// sentences / pairs / words right 1,589 / 1,360 / 1,157 at 0; 1,590 / 1,367 / 1,159 at 0.2;
/// 1,590 / 1,366 / 1,159 at 0.3; 1,590 / 1,367 / 1,159 at 0.5. 0.2 and 0.3 are a word pair apart
/// there (replayed from the decision's logged terms; 0.3 is the build's own run); UDHR
/// snippets of the 81 languages (`langid eval --method nb --all-languages`, 30 seeds) make 6,038
/// / 2,959 / 1,784 / 1,014 / 553 errors at 20–400 characters at 0, 6,000 / 2,916 / 1,748 /
/// 1,012 / 541 at 0.2 and 5,979 / 2,893 / 1,740 / 1,007 / 551 at 0.3.
const FREQUENCY_WEIGHT: f64 = 0.3;

/// The most one word adds to the word-frequency lean (nats): 2 nats is a word about seven times
/// as frequent in one language as in the other.
const FREQUENCY_CAP: f64 = 2.0;

/// Words a thread keeps the two frequencies of, per pair, before it starts over that pair's.
const FREQUENCY_MEMO_MAX: usize = 1 << 15;

/// The two frequencies of one pair's words, per pair (few: a thread meets the close relatives'
/// pairs only).
type FrequencyMemo = Vec<(
    (String, String),
    rustc_hash::FxHashMap<String, (Option<f64>, Option<f64>)>,
)>;

thread_local! {
    /// (a, b) → word → its frequencies in `a` and in `b`: words repeat across texts, and each
    /// look-up walks the frequencies' FST (two per word were a twentieth of `langid --lines`
    /// over the dev set).
    static FREQUENCY_MEMO: std::cell::RefCell<FrequencyMemo> = const { std::cell::RefCell::new(Vec::new()) };
}

/// How far the words of `text` lean to `a` against `b` by how often each language writes them
/// in general text (log-odds, nats): for each word either list holds, the difference of its
/// Zipf frequencies × ln 10, capped at [`FREQUENCY_CAP`]; a word one list lacks counts at half a
/// Zipf step below that list's rarest word. `None` unless both lists have frequencies. The
/// evidence names the words that lean by [`contrast::MIN_WEIGHT`] or more, strongest first.
fn frequency_lean(text: &str, a: &str, b: &str) -> Option<contrast::Lean> {
    use crate::lexicon::{frequency, frequency_floor};
    let (floor_a, floor_b) = (frequency_floor(a)? - 0.5, frequency_floor(b)? - 0.5);
    let mut seen = rustc_hash::FxHashSet::default();
    let mut weighed: Vec<(f64, String)> = Vec::new();
    for w in contrast::words(text) {
        if !seen.insert(w.clone()) {
            continue;
        }
        let (fa, fb) = FREQUENCY_MEMO.with_borrow_mut(|memo| {
            let i = match memo.iter().position(|(p, _)| p.0 == a && p.1 == b) {
                Some(i) => i,
                None => {
                    memo.push(((a.to_string(), b.to_string()), Default::default()));
                    memo.len() - 1
                }
            };
            let words = &mut memo[i].1;
            if let Some(&known) = words.get(w.as_str()) {
                return known;
            }
            if words.len() >= FREQUENCY_MEMO_MAX {
                words.clear();
            }
            // A new word only: a remembered one is found without a copy of it.
            let found = (frequency(a, &w), frequency(b, &w));
            words.insert(w.clone(), found);
            found
        });
        if fa.is_none() && fb.is_none() {
            continue;
        }
        let x = (fa.unwrap_or(floor_a) - fb.unwrap_or(floor_b)) * std::f64::consts::LN_10;
        weighed.push((x.clamp(-FREQUENCY_CAP, FREQUENCY_CAP), w));
    }
    Some(contrast::Lean::from_weighed(weighed, a, b))
}

/// Decides `v` between the n-grams' leader and runner-up `pair`, close relatives: the lean of
/// the text's words and a share ([`LEAD_WEIGHT`]) of the n-grams' lead (`margin` per feature over
/// `features`) add up as two log-odds; a sum of [`RESOLVE_AT`] or more decides a group the
/// n-grams left (`close`), or overrules their leader, and sets the confidence of the side it
/// decides for. Where the pair has no contrasts, words only one word list holds decide a
/// group. The words are kept in `v.distinguishing` either way.
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
        // A share of the n-grams' lead (nats, over all features) and the lean add up as two
        // log-odds would; the sum decides between the two, forced to one language or not.
        // (English loans were once left out of the whole lead; at a tenth of it, leaving them
        // out changed one word pair of 4,920.)
        let lead = LEAD_WEIGHT * margin * per;
        let freq = frequency_lean(text, best_code, second);
        let by_freq = freq.as_ref().map_or(0.0, |f| FREQUENCY_WEIGHT * f.score);
        let sum = lead + lean.score + by_freq;
        // For the leader, the sum decides its confidence too where the n-grams were not close:
        // their calibrated confidence knows nothing of what tells the two apart.
        let winner = if sum >= RESOLVE_AT && (close || v.language == *best_code) {
            Some(0)
        } else if sum <= -RESOLVE_AT {
            Some(1)
        } else {
            None
        };
        if let Some(w) = winner {
            v.language = pair[w].code.clone();
            v.name = pair[w].name.clone();
            // The group's probability, shared by how far the sum leans (the words' weights
            // were learnt on other text, hence a fitted scale).
            v.confidence = calibrated_confidence(margin, features, true)
                / (1.0 + (-LEAN_SCALE * sum.abs()).exp());
            // Said where it decided something: a group, the runner-up, or a leader whose words
            // lean the other way (the distinguishing words show the rest).
            let toward = usize::from(lean.score < 0.0);
            if close || w == 1 || toward != w {
                let words = &lean.evidence[toward].words;
                let shown = if words.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", words.join(", "))
                };
                // The frequencies are named where they count a tenth of a nat or more.
                let by_freq_shown = match &freq {
                    Some(f) if by_freq.abs() >= 0.05 => {
                        let side = usize::from(by_freq < 0.0);
                        let words = &f.evidence[side].words;
                        format!(
                            ", and how often general text writes them, {:.1} nats for {}{}",
                            by_freq.abs(),
                            names[side],
                            if words.is_empty() {
                                String::new()
                            } else {
                                format!(" ({})", words.join(", "))
                            }
                        )
                    }
                    _ => String::new(),
                };
                let and = if by_freq_shown.is_empty() { "and " } else { "" };
                v.reason = Some(format!(
                    "close relatives: a tenth of the n-grams' lead, {:.1} nats for {}, {and}the \
                     words that tell them apart, {:.1} nats for {}{}{}, add up to {:.1} nats \
                     for {}",
                    lead.abs(),
                    names[usize::from(lead < 0.0)],
                    lean.score.abs(),
                    names[toward],
                    shown,
                    by_freq_shown,
                    sum.abs(),
                    names[w],
                ));
            }
        }
        let [a, b] = &lean.evidence;
        if !a.words.is_empty() || !b.words.is_empty() {
            v.distinguishing = lean.evidence.into_iter().collect();
        }
        if let Some(f) = freq.filter(|f| f.evidence.iter().any(|e| !e.words.is_empty())) {
            v.frequent = f.evidence.into_iter().collect();
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

/// How far (nats) a Latin text leans to Serbian against Croatian and, apart, against Bosnian
/// ([`contrast::lean`]: Serbian's side of the parallel translations transliterated) for the
/// text to be Serbian written in Latin letters. Chosen (session 28, with the regression's
/// contrasts) on 300 strings (4 words and 30 characters or more, after a fixed shuffle) of each
/// of the `sr@latin`, `hr` and `bs` catalogues installed here: at 2.5, 66 `sr@latin` strings
/// Serbian, 1 Croatian, 5 Bosnian (whose translators wrote `taster`, `ukoliko`); at 2, 82, 3
/// and 10; at 3, 56, 0 and 3. On UDHR snippets of 400 characters, Serbian transliterated is
/// Serbian 13 times of 20 and Bosnian falls to Serbian 6 times of 40 (its `treba da`,
/// `obaveze`); at 4, 9 and 3. By words alone (session 17's rule) the regression's weights,
/// which share the evidence with the letter sequences, found 7 `sr@latin` strings at 2.
const SERBIAN_LATIN_AT: f64 = 2.5;

/// How often a text so decided was Serbian on those strings (66 of 72), the share of the
/// Serbo-Croatian group's probability it gets.
const SERBIAN_LATIN_RIGHT: f64 = 0.92;

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
        contrast::lean(text, "sr", "hr"),
        contrast::lean(text, "sr", "bs"),
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
