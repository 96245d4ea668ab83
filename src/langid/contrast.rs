//! What tells two close relatives apart, learnt from their translated text: the words and
//! letter sequences one of them writes often and the other never (issue 20).
//!
//! LibreOffice's interface is translated into Croatian and Bosnian (Nynorsk and Bokmål, Czech
//! and Slovak…) from the same English strings, so the two texts differ where the languages do:
//! Croatian `spremi`, `stupac`, `točka`, `gumb`, `-ira-` against Bosnian `sačuvaj`, `kolona`,
//! `tačka`, `dugme`, `-isa-`. Such pairs share one word list (hr/bs: wordfreq's `sh`) or one of
//! them has none (nn), so the lists cannot say it; these contrasts can. Built by
//! `build-profiles` into `assets/langid/contrasts.tsv`.

use super::Distinguishing;
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::OnceLock;

/// A word is one relative's when its text holds it this many times and the other's never
/// (chosen on the calibration set for hr/bs: 2 let chance words in, 5 left most sentences
/// undecided).
pub const MIN_WORD: usize = 3;
/// A letter sequence (of [`GRAM`] characters, word edges as blanks) is one relative's when its
/// text holds it this many times and the other's never.
pub const MIN_GRAM: usize = 10;
/// Length of the letter sequences.
pub const GRAM: usize = 4;

static CONTRASTS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/contrasts.tsv"
));

/// One relative's side of a pair: its own words and letter sequences.
#[derive(Default)]
struct Side {
    words: FxHashSet<String>,
    grams: FxHashSet<String>,
}

/// The shipped contrasts, by ordered pair of codes `(a, b)`: what is `a`'s, what is `b`'s.
fn contrasts() -> &'static FxHashMap<(String, String), [Side; 2]> {
    static MAP: OnceLock<FxHashMap<(String, String), [Side; 2]>> = OnceLock::new();
    MAP.get_or_init(|| {
        let mut map: FxHashMap<(String, String), [Side; 2]> = FxHashMap::default();
        for line in CONTRASTS.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            let [a, b, owner, kind, item] = f[..] else {
                continue;
            };
            let sides = map.entry((a.to_string(), b.to_string())).or_default();
            let side = &mut sides[usize::from(owner == b)];
            match kind {
                "word" => side.words.insert(item.to_string()),
                _ => side.grams.insert(item.to_string()),
            };
        }
        map
    })
}

/// The [`GRAM`]-letter sequences of a word padded with one blank each side.
fn grams(word: &str) -> Vec<String> {
    let padded: Vec<char> = std::iter::once(' ')
        .chain(word.chars())
        .chain(std::iter::once(' '))
        .collect();
    padded.windows(GRAM).map(|w| w.iter().collect()).collect()
}

/// The words of `text` that tell `a` from `b` (a word of one relative's own, or a word holding
/// one of its own letter sequences, shown as `tačke (tač)`), first few of each; `None` when the
/// pair has no contrasts or the text shows none.
pub fn evidence(text: &str, a: &str, b: &str) -> Option<[Distinguishing; 2]> {
    let map = contrasts();
    let (sides, flip) = match map.get(&(a.to_string(), b.to_string())) {
        Some(s) => (s, false),
        None => (map.get(&(b.to_string(), a.to_string()))?, true),
    };
    let (mine, theirs) = if flip {
        (&sides[1], &sides[0])
    } else {
        (&sides[0], &sides[1])
    };
    let mark = |w: &str, side: &Side| -> Option<String> {
        if side.words.contains(w) {
            return Some(w.to_string());
        }
        // The sequence is shown unless it is the whole word (`hån`, padded: ` hån `).
        grams(w)
            .into_iter()
            .find(|g| side.grams.contains(g))
            .map(|g| match g.trim() {
                t if t == w => w.to_string(),
                t => format!("{w} ({t})"),
            })
    };
    let [only_a, only_b] = super::one_sided(text, a, b, |w| (mark(w, mine), mark(w, theirs)));
    (!only_a.words.is_empty() || !only_b.words.is_empty()).then_some([only_a, only_b])
}

/// The contrasts of relatives `a` and `b` from their translated texts (one string per line), as
/// `contrasts.tsv` lines: `a b owner word|gram item`, sorted.
pub fn build(a: &str, text_a: &str, b: &str, text_b: &str) -> Vec<String> {
    let count = |text: &str| {
        let mut w: FxHashMap<String, usize> = FxHashMap::default();
        for line in text.lines() {
            for word in line
                .split(|c: char| !c.is_alphabetic())
                .filter(|w| w.chars().count() >= 2)
            {
                *w.entry(word.to_lowercase()).or_default() += 1;
            }
        }
        let mut g: FxHashMap<String, usize> = FxHashMap::default();
        for (word, n) in &w {
            for gram in grams(word) {
                *g.entry(gram).or_default() += n;
            }
        }
        (w, g)
    };
    let (wa, ga) = count(text_a);
    let (wb, gb) = count(text_b);
    let mut out = Vec::new();
    let mut own = |owner: &str,
                   kind: &str,
                   mine: &FxHashMap<String, usize>,
                   theirs: &FxHashMap<String, usize>,
                   min: usize| {
        for (item, &n) in mine {
            if n >= min && !theirs.contains_key(item) {
                out.push(format!("{a}\t{b}\t{owner}\t{kind}\t{item}"));
            }
        }
    };
    own(a, "word", &wa, &wb, MIN_WORD);
    own(b, "word", &wb, &wa, MIN_WORD);
    own(a, "gram", &ga, &gb, MIN_GRAM);
    own(b, "gram", &gb, &ga, MIN_GRAM);
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrasts_are_what_one_text_writes_often_and_the_other_never() {
        let hr = "spremi datoteku\n".repeat(3) + &"točka\n".repeat(10);
        let bs = "sačuvaj datoteku\n".repeat(3) + &"tačka\n".repeat(10);
        let lines = build("hr", &hr, "bs", &bs);
        assert!(lines.contains(&"hr\tbs\thr\tword\tspremi".to_string()));
        assert!(lines.contains(&"hr\tbs\tbs\tword\tsačuvaj".to_string()));
        assert!(lines.contains(&"hr\tbs\tbs\tgram\t tač".to_string()));
        // Shared words are nobody's; rare ones neither.
        assert!(!lines.iter().any(|l| l.ends_with("\tdatoteku")));
        let once = build("hr", "spremi\n", "bs", "sačuvaj\n");
        assert!(once.is_empty(), "{once:?}");
    }

    /// On the shipped contrasts: Bosnian's `izaberi` and `tačke`, Croatian's `spremi`.
    #[test]
    fn shipped_contrasts_tell_croatian_from_bosnian() {
        let [hr, bs] = evidence("Izaberi tačke za štampanje", "hr", "bs").unwrap();
        assert!(hr.words.is_empty(), "{:?}", hr.words);
        assert!(
            bs.words.iter().any(|w| w.starts_with("izaberi")),
            "{:?}",
            bs.words
        );
        let [bs2, hr2] = evidence("Spremi promjene", "bs", "hr").unwrap();
        assert_eq!(hr2.code, "hr");
        assert!(hr2.words.contains(&"spremi".to_string()), "{:?}", hr2.words);
        assert!(bs2.words.is_empty());
        assert!(evidence("Spremi", "en", "de").is_none());
    }
}
