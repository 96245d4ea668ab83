//! What tells two close relatives apart, learnt from parallel translations (issue 20).
//!
//! Desktop software is translated into Croatian and Bosnian (Nynorsk and Bokmål, Malay and
//! Indonesian…) from the same English messages, so where both translated one message the two
//! lines differ only where the languages (and their translators' habits) do: Croatian
//! `ponovno`, `točka`, `gumb`, `-izirati` against Bosnian `ponovo`, `tačka`, `dugme`,
//! `-izovati`. Counted over thousands of such pairs, each word (or, for a word too rare to
//! count, each 4-letter sequence) gets a weight: the log-odds of meeting it in one relative's
//! lines rather than the other's. A text's weights, each capped, add up to how strongly it
//! leans one way — a naive Bayes classifier between just the two, which the whole-model
//! n-grams cannot be (they barely differ). Such pairs often share one word list (hr/bs:
//! wordfreq's `sh`) or one has none (nn), so the lists cannot say it. Built by
//! `build-profiles` from `scripts/gettext_pairs.py`'s pairs into
//! `assets/langid/contrasts.tsv`.

use super::Distinguishing;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// A word is weighed when the two sides' lines hold it this many times together.
pub const MIN_WORD: usize = 3;
/// A letter sequence (of [`GRAM`] characters, word edges as blanks) is weighed when the two
/// sides hold it this many times together.
pub const MIN_GRAM: usize = 10;
/// Length of the letter sequences.
pub const GRAM: usize = 4;
/// Two words in a row are weighed when the two sides hold them this many times together.
pub const MIN_BIGRAM: usize = 5;
/// Weights (log-odds, nats) smaller than this are left out of the table: they say little, and
/// the table stays small (chosen on the calibration set: 1.0 lost nothing against keeping all).
pub const MIN_WEIGHT: f64 = 1.0;
/// The most any one word adds to a text's lean (nats): a word met once in one side's lines
/// and never in the other's is not proof.
pub const CAP: f64 = 3.0;
/// Added to every count (Jeffreys' prior), so a word one side never writes has a finite weight.
const PRIOR: f64 = 0.5;

static CONTRASTS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/contrasts.tsv"
));

/// Where each line of the shipped contrasts starts, found once (a scan for newlines, well under
/// a millisecond).
fn starts() -> &'static [u32] {
    static STARTS: OnceLock<Vec<u32>> = OnceLock::new();
    STARTS.get_or_init(|| {
        std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', CONTRASTS.as_bytes()).map(|i| i as u32 + 1))
            .filter(|&i| (i as usize) < CONTRASTS.len())
            .collect()
    })
}

/// Line `i` of the shipped contrasts, without its newline.
fn line(i: usize) -> &'static str {
    let s = starts();
    let end = s.get(i + 1).map_or(CONTRASTS.len(), |&e| e as usize);
    CONTRASTS[s[i] as usize..end].trim_end_matches('\n')
}

/// The first line not below `key`, by binary search: the lines are sorted (`build_contrasts`
/// sorts them), so those that start with a key are together from there.
fn first_from(key: &str) -> usize {
    let (mut lo, mut hi) = (0, starts().len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if line(mid) < key {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The weights of one ordered pair `(a, b)` (positive leans to `a`), borrowing their items
/// from the shipped text.
#[derive(Default)]
struct Table {
    words: FxHashMap<&'static str, f64>,
    grams: FxHashMap<&'static str, f64>,
    /// Two words in a row (`mogu da`), by what they weigh beyond their two words' weights.
    bigrams: FxHashMap<&'static str, f64>,
}

/// The table of the ordered pair `(a, b)`, read from its lines the first time a text needs it
/// (one pair is a few thousand of the 90,000 lines: parsing them all cost 7 ms of every run);
/// `None` when the contrasts have no such pair.
fn table(a: &str, b: &str) -> Option<&'static Table> {
    type Pairs = Vec<((&'static str, &'static str), OnceLock<Table>)>;
    static PAIRS: OnceLock<Pairs> = OnceLock::new();
    let pairs = PAIRS.get_or_init(|| {
        let mut pairs: Pairs = Vec::new();
        for group in super::CONFUSABLE {
            for &x in *group {
                for &y in group.iter().filter(|&&y| y != x) {
                    let prefix = format!("{x}\t{y}\t");
                    let i = first_from(&prefix);
                    if i < starts().len() && line(i).starts_with(&prefix) {
                        pairs.push(((x, y), OnceLock::new()));
                    }
                }
            }
        }
        pairs
    });
    let (_, cell) = pairs.iter().find(|(p, _)| *p == (a, b))?;
    Some(cell.get_or_init(|| {
        let prefix = format!("{a}\t{b}\t");
        let mut t = Table::default();
        for i in first_from(&prefix)..starts().len() {
            let Some(rest) = line(i).strip_prefix(prefix.as_str()) else {
                break;
            };
            let f: Vec<&'static str> = rest.split('\t').collect();
            if let [kind, item, weight] = f[..]
                && let Ok(w) = weight.parse::<f64>()
            {
                match kind {
                    "word" => t.words.insert(item, w),
                    "bigram" => t.bigrams.insert(item, w),
                    _ => t.grams.insert(item, w),
                };
            }
        }
        t
    }))
}

/// The [`GRAM`]-letter sequences of a word padded with one blank each side.
fn grams(word: &str) -> Vec<String> {
    let padded: Vec<char> = std::iter::once(' ')
        .chain(word.chars())
        .chain(std::iter::once(' '))
        .collect();
    padded.windows(GRAM).map(|w| w.iter().collect()).collect()
}

/// The words of a text as the contrasts count them: letters only, two or more, lower case.
pub(crate) fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !crate::unicode::is_alphabetic(c))
        .filter(|w| w.chars().count() >= 2)
        .map(str::to_lowercase)
}

/// What the word `w` weighs in a pair's table (`words`, else the sum of its letter sequences'
/// weights in `grams`; uncapped), and how to show it (`tačke (tač)`: its strongest sequence).
fn word_weight<S: std::borrow::Borrow<str> + std::hash::Hash + Eq>(
    w: &str,
    words: &FxHashMap<S, f64>,
    grams_of: &FxHashMap<S, f64>,
) -> (f64, String) {
    if let Some(&x) = words.get(w) {
        return (x, w.to_string());
    }
    let hits: Vec<(f64, String)> = grams(w)
        .into_iter()
        .filter_map(|g| grams_of.get(g.as_str()).map(|&x| (x, g)))
        .collect();
    let total: f64 = hits.iter().map(|h| h.0).sum();
    let shown = match hits.iter().max_by(|x, y| x.0.abs().total_cmp(&y.0.abs())) {
        Some((_, g)) if g.trim() != w => format!("{w} ({})", g.trim()),
        _ => w.to_string(),
    };
    (total, shown)
}

/// How a text leans between two relatives.
#[derive(Clone, Debug, PartialEq)]
pub struct Lean {
    /// The sum of the text's capped word weights (nats): positive leans to the first relative.
    pub score: f64,
    /// The words that lean each way by [`MIN_WEIGHT`] or more, strongest first (a word judged by
    /// its letters shows its strongest sequence: `tačke (tač)`), each side's total as its
    /// weight.
    pub evidence: [Distinguishing; 2],
}

/// How `text` leans between `a` and `b` by the words their parallel translations tell apart
/// (each distinct word once); `None` when the pair has no contrasts or no word of the text
/// weighs anything.
pub fn lean(text: &str, a: &str, b: &str) -> Option<Lean> {
    lean_by(text, a, b, true)
}

/// As [`lean`], by whole words and pairs of words only: a word the table lacks weighs nothing
/// instead of its letter sequences' sum. Where no n-gram lead checks the lean (Serbian in Latin
/// letters, `relatives::serbian_in_latin`), the sequences' small weights add up over
/// text unlike the translations' (UDHR Bosnian `povremenim (meni)`, `izborim (rim)`).
pub fn lean_of_words(text: &str, a: &str, b: &str) -> Option<Lean> {
    lean_by(text, a, b, false)
}

fn lean_by(text: &str, a: &str, b: &str, by_grams: bool) -> Option<Lean> {
    let (table, sign) = match table(a, b) {
        Some(t) => (t, 1.0),
        None => (table(b, a)?, -1.0),
    };
    let all: Vec<String> = words(text).collect();
    let mut seen = rustc_hash::FxHashSet::default();
    let mut weighed: Vec<(f64, String)> = Vec::new();
    for w in &all {
        if !seen.insert(w.as_str()) {
            continue;
        }
        let (weight, shown) = if by_grams {
            word_weight(w, &table.words, &table.grams)
        } else {
            (
                table.words.get(w.as_str()).copied().unwrap_or(0.0),
                w.clone(),
            )
        };
        if weight != 0.0 {
            weighed.push(((sign * weight).clamp(-CAP, CAP), shown));
        }
    }
    // Two words in a row weigh what they add to their words (`mogu da`: Bosnian and Serbian
    // say "I cannot that I solve" where Croatian has an infinitive).
    let mut item = String::new();
    let mut seen_pairs = rustc_hash::FxHashSet::default();
    for pair in all.windows(2) {
        item.clear();
        item.push_str(&pair[0]);
        item.push(' ');
        item.push_str(&pair[1]);
        if let Some((&key, &x)) = table.bigrams.get_key_value(item.as_str())
            && seen_pairs.insert(key)
        {
            weighed.push(((sign * x).clamp(-CAP, CAP), key.to_string()));
        }
    }
    if weighed.is_empty() {
        return None;
    }
    let score = weighed.iter().map(|w| w.0).sum();
    weighed.sort_by(|x, y| y.0.abs().total_cmp(&x.0.abs()));
    let side = |code: &str, toward: f64| {
        let mine = weighed.iter().filter(|w| w.0 * toward >= MIN_WEIGHT);
        Distinguishing {
            code: code.to_string(),
            words: mine.clone().take(8).map(|w| w.1.clone()).collect(),
            // To the weights' own precision (hundredths): a float sum shows 9.059999999999999.
            weight: Some((mine.fold(0.0, |s, w| s + w.0.abs()) * 100.0).round() / 100.0),
        }
    };
    Some(Lean {
        score,
        evidence: [side(a, 1.0), side(b, -1.0)],
    })
}

/// The contrasts of relatives `a` and `b` from their parallel translations (`text_a`'s line *i*
/// translates what `text_b`'s line *i* does), as `contrasts.tsv` lines `a b word|gram|bigram
/// item weight`, sorted: the weight is the log-odds (nats) of the item in `a`'s lines over
/// `b`'s, kept where the item is frequent enough ([`MIN_WORD`], [`MIN_GRAM`], [`MIN_BIGRAM`])
/// and weighs [`MIN_WEIGHT`] or more. A bigram's weight is what it weighs beyond its two
/// words' (capped) weights, kept where that leans the same way as the bigram: naive Bayes
/// would otherwise count `treba li` once for `treba` and again for the pair.
pub fn build(a: &str, text_a: &str, b: &str, text_b: &str) -> Vec<String> {
    let count = |text: &str| {
        let mut w: FxHashMap<String, usize> = FxHashMap::default();
        let mut bi: FxHashMap<String, usize> = FxHashMap::default();
        for line in text.lines() {
            let ws: Vec<String> = words(line).collect();
            for pair in ws.windows(2) {
                *bi.entry(format!("{} {}", pair[0], pair[1])).or_default() += 1;
            }
            for word in ws {
                *w.entry(word).or_default() += 1;
            }
        }
        let mut g: FxHashMap<String, usize> = FxHashMap::default();
        for (word, n) in &w {
            for gram in grams(word) {
                *g.entry(gram).or_default() += n;
            }
        }
        (w, g, bi)
    };
    let (wa, ga, ba) = count(text_a);
    let (wb, gb, bb) = count(text_b);
    let weigh = |ca: &FxHashMap<String, usize>, cb: &FxHashMap<String, usize>, min: usize| {
        let (na, nb) = (
            ca.values().sum::<usize>().max(1) as f64,
            cb.values().sum::<usize>().max(1) as f64,
        );
        let items: rustc_hash::FxHashSet<&String> = ca.keys().chain(cb.keys()).collect();
        let mut kept: FxHashMap<String, f64> = FxHashMap::default();
        for item in items {
            let (x, y) = (
                ca.get(item).copied().unwrap_or(0),
                cb.get(item).copied().unwrap_or(0),
            );
            let weight = ((x as f64 + PRIOR) / na).ln() - ((y as f64 + PRIOR) / nb).ln();
            // Rounded as written, so the bigrams' residuals are those `lean` will see.
            let weight = (weight * 100.0).round() / 100.0;
            if x + y >= min && weight.abs() >= MIN_WEIGHT {
                kept.insert(item.clone(), weight);
            }
        }
        kept
    };
    let word_w = weigh(&wa, &wb, MIN_WORD);
    let gram_w = weigh(&ga, &gb, MIN_GRAM);
    let mut bigram_w = weigh(&ba, &bb, MIN_BIGRAM);
    bigram_w.retain(|item, weight| {
        let alone: f64 = item
            .split(' ')
            .map(|w| word_weight(w, &word_w, &gram_w).0.clamp(-CAP, CAP))
            .sum();
        let beyond = *weight - alone;
        let same_way = beyond.signum() == weight.signum();
        *weight = beyond;
        same_way && beyond.abs() >= MIN_WEIGHT
    });
    let mut out = Vec::new();
    for (kind, kept) in [("word", word_w), ("gram", gram_w), ("bigram", bigram_w)] {
        for (item, weight) in kept {
            out.push(format!("{a}\t{b}\t{kind}\t{item}\t{weight:.2}"));
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_are_log_odds_of_parallel_lines() {
        let hr = "spremi datoteku\n".repeat(3) + &"točka\n".repeat(10);
        let bs = "sačuvaj datoteku\n".repeat(3) + &"tačka\n".repeat(10);
        let lines = build("hr", &hr, "bs", &bs);
        let weight = |item: &str| {
            lines
                .iter()
                .find(|l| l.split('\t').nth(3) == Some(item))
                .map(|l| l.rsplit('\t').next().unwrap().parse::<f64>().unwrap())
        };
        // 3 of 16 words against none of 16: ln(3.5 / 16) − ln(0.5 / 16) = ln 7.
        assert_eq!(weight("spremi"), Some(1.95));
        assert_eq!(weight("sačuvaj"), Some(-1.95));
        assert!(weight(" tač").unwrap() < -1.0, "{lines:?}");
        // Shared words weigh nothing and are left out; rare ones too.
        assert_eq!(weight("datoteku"), None);
        assert!(build("hr", "spremi\n", "bs", "sačuvaj\n").is_empty());
    }

    /// Two words in a row weigh what they add to their words: `mogu da` against `mogu
    /// spremiti` (both words shared), not `spremi datoteku` (its word already weighs it).
    #[test]
    fn bigrams_weigh_what_their_words_do_not() {
        let hr = "ne mogu spremiti\n".repeat(6) + &"da\nspremi datoteku\n".repeat(6);
        let bs = "ne mogu da spremim\n".repeat(6) + &"spremiti\nsačuvaj datoteku\n".repeat(6);
        let lines = build("hr", &hr, "bs", &bs);
        let bigram = |item: &str| {
            lines
                .iter()
                .find(|l| {
                    l.split('\t').nth(2) == Some("bigram") && l.split('\t').nth(3) == Some(item)
                })
                .map(|l| l.rsplit('\t').next().unwrap().parse::<f64>().unwrap())
        };
        assert!(bigram("mogu da").is_some_and(|w| w <= -1.0), "{lines:?}");
        assert_eq!(bigram("spremi datoteku"), None, "{lines:?}");
        assert_eq!(bigram("ne mogu"), None, "{lines:?}");
    }

    /// The binary search needs the shipped lines sorted, each with five fields.
    #[test]
    fn shipped_contrasts_are_sorted_for_the_binary_search() {
        let lines: Vec<&str> = (0..starts().len()).map(line).collect();
        assert!(lines.len() > 10_000);
        assert!(lines.windows(2).all(|w| w[0] < w[1]));
        assert!(
            lines.iter().all(|l| l.split('\t').count() == 5),
            "{:?}",
            lines[0]
        );
        let hr_bs = table("hr", "bs").unwrap();
        assert!(hr_bs.words["sačuvaj"] < 0.0);
        assert!(!hr_bs.words.contains_key("no-such-word"));
        assert!(table("bs", "hr").is_none() && table("en", "de").is_none());
    }

    /// Serbian against Croatian in Latin letters (its side transliterated when built): the
    /// ekavian `vreme` against `vrijeme`, by words only where asked.
    #[test]
    fn shipped_contrasts_tell_serbian_in_latin_letters() {
        let sr_hr = table("hr", "sr").unwrap();
        assert!(sr_hr.words["vreme"] < -1.0 && sr_hr.words["vrijeme"] > 1.0);
        let l = lean_of_words("vreme izmene", "sr", "hr").unwrap();
        assert!(l.score > 2.0, "{l:?}");
        // A word the table lacks weighs nothing by words (by its letter sequences it may).
        let w = "povremenim";
        assert!(!sr_hr.words.contains_key(w));
        assert!(lean_of_words(w, "sr", "hr").is_none());
    }

    /// On the shipped contrasts: Bosnian's `izaberi` and `tačke`, Croatian's `spremi`.
    #[test]
    fn shipped_contrasts_tell_croatian_from_bosnian() {
        let l = lean("Izaberi tačke za štampanje", "hr", "bs").unwrap();
        assert!(l.score < -1.0, "{l:?}");
        let [hr, bs] = &l.evidence;
        assert!(hr.words.is_empty(), "{:?}", hr.words);
        // An empty side weighs nothing, and says so as 0, not −0 (an empty float sum).
        assert!(hr.weight.is_some_and(|w| w == 0.0 && w.is_sign_positive()));
        assert!(bs.words.iter().any(|w| w.starts_with("izaberi")), "{bs:?}");
        assert!(bs.weight.unwrap() > 1.0);
        // The same pair asked the other way round leans the same way, signed for its order.
        let r = lean("Izaberi tačke za štampanje", "bs", "hr").unwrap();
        assert_eq!(r.score, -l.score);
        assert_eq!(r.evidence[0].code, "bs");
        let hr2 = lean("Ponovno učitavanje u predmemoriju", "hr", "bs").unwrap();
        assert!(hr2.score > 1.0, "{hr2:?}");
        // `mogu da` (Bosnian's "that" clause where Croatian has an infinitive) leans on its own.
        let l = lean("ne mogu da", "hr", "bs").unwrap();
        assert!(
            l.score < -1.0 && l.evidence[1].words.contains(&"mogu da".to_string()),
            "{l:?}"
        );
        assert!(lean("Spremi", "en", "de").is_none());
        assert!(lean("12 34", "hr", "bs").is_none());
    }
}
