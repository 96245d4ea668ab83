//! What tells two close relatives apart, learnt from parallel translations (issue 20).
//!
//! Desktop software is translated into Croatian and Bosnian (Nynorsk and Bokmål, Malay and
//! Indonesian…) from the same English messages, so where both translated one message the two
//! lines differ only where the languages (and their translators' habits) do: Croatian
//! `ponovno`, `točka`, `gumb`, `-izirati` against Bosnian `ponovo`, `tačka`, `dugme`,
//! `-izovati`. Over thousands of such pairs, a logistic regression weighs each word, 4-letter
//! sequence and pair of words in a row by how it tells one relative's lines from the other's,
//! all together; a text's weights add up to the log-odds that it is one rather than the other —
//! a classifier between just the two, which the whole-model n-grams cannot be (they barely
//! differ, and were not trained to tell them apart). Such pairs often share one word list (hr/bs:
//! wordfreq's `sh`) or one has none (nn), so the lists cannot say it. Built by
//! `build-profiles` from `scripts/gettext_pairs.py`'s pairs into
//! `assets/langid/contrasts.tsv`.

use super::Distinguishing;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// A word is weighed when this many of the two sides' lines hold it.
pub const MIN_WORD: usize = 3;
/// A letter sequence (of [`GRAM`] characters, word edges as blanks) is weighed when this many
/// of the two sides' lines hold it.
pub const MIN_GRAM: usize = 10;
/// Length of the letter sequences.
pub const GRAM: usize = 4;
/// Two words in a row are weighed when this many of the two sides' lines hold them.
pub const MIN_BIGRAM: usize = 5;
/// The logistic regression's C (the weight of the data against the L2 penalty ½‖w‖²): chosen
/// on the tuning sets' Croatian and Bosnian (C = 0.3, 1, 3 within two sentences of 128).
pub const REGULARISATION: f64 = 1.0;
/// Weights (log-odds, nats) smaller than this are left out of the table: the table stays a
/// few thousand lines per pair (kept all, Croatian against Bosnian held 16,000).
pub const KEEP: f64 = 0.1;
/// A word (with its letter sequences) or pair of words that leans one way by this much or more
/// is shown as evidence.
pub const MIN_WEIGHT: f64 = 0.5;
/// The most any one word adds to a text's lean (nats): a word met in a handful of one side's
/// lines is not proof.
pub const CAP: f64 = 3.0;

static CONTRASTS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/contrasts.tsv"
));

/// The line of the shipped contrasts that starts at byte `start`, without its newline.
fn line_at(start: usize) -> &'static str {
    let rest = &CONTRASTS[start..];
    memchr::memchr(b'\n', rest.as_bytes()).map_or(rest, |end| &rest[..end])
}

/// Where the first line not below `key` starts (a byte offset; the text's length when none is),
/// by binary search over the bytes: the lines are sorted (`build_contrasts` sorts them), so those
/// that start with a key are together from there. Each step reads one line, found by going
/// back to its start: no index of the 133,000 lines is built, and only the pages of the
/// lines looked at are read.
fn first_from(key: &str) -> usize {
    let bytes = CONTRASTS.as_bytes();
    // Invariant: the lines starting before `lo` are below `key`, those from `hi` on are not;
    // both are line starts (or the end).
    let (mut lo, mut hi) = (0, bytes.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        // The start of the line holding `mid`: not before `lo`, itself a line start.
        let start = memchr::memrchr(b'\n', &bytes[lo..mid]).map_or(lo, |i| lo + i + 1);
        let line = line_at(start);
        if line < key {
            lo = (start + line.len() + 1).min(bytes.len());
        } else {
            hi = start;
        }
    }
    lo
}

/// One weighed item of a pair's table (a word, letter sequence or pair of words), kept as where
/// it lies in the shipped text and its weight in hundredths: 8 bytes, where a `&str` and an `f64`
/// take 24 (the tables of all pairs hold 133,000 items: a third of the memory to fault in, and
/// of the cache lines a look-up misses). Hashed, compared and borrowed as its text, so a table
/// is looked up by `&str`.
#[derive(Clone, Copy)]
struct Entry {
    at: u32,
    len: u16,
    hundredths: i16,
}

impl Entry {
    /// The entry for `item`, a slice of the shipped text, weighing `hundredths`; `None` for an
    /// item too long for its 16-bit length.
    fn new(item: &'static str, hundredths: i16) -> Option<Entry> {
        Some(Entry {
            at: u32::try_from(item.as_ptr() as usize - CONTRASTS.as_ptr() as usize).ok()?,
            len: u16::try_from(item.len()).ok()?,
            hundredths,
        })
    }

    fn item(self) -> &'static str {
        &CONTRASTS[self.at as usize..][..self.len as usize]
    }

    /// The weight, the same `f64` as `str::parse` reads from the shipped `0.13` (both the
    /// correctly rounded value of hundredths / 100).
    fn weight(self) -> f64 {
        f64::from(self.hundredths) / 100.0
    }
}

impl std::borrow::Borrow<str> for Entry {
    fn borrow(&self) -> &str {
        self.item()
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Entry) -> bool {
        self.item() == other.item()
    }
}

impl Eq for Entry {}

impl std::hash::Hash for Entry {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.item().hash(h)
    }
}

/// The weights of one ordered pair `(a, b)` (positive leans to `a`), borrowing their items
/// from the shipped text.
#[derive(Default)]
struct Table {
    words: rustc_hash::FxHashSet<Entry>,
    grams: rustc_hash::FxHashSet<Entry>,
    /// Two words in a row (`mogu da`), by what they weigh beyond their two words' weights.
    bigrams: rustc_hash::FxHashSet<Entry>,
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
                    if i < CONTRASTS.len() && line_at(i).starts_with(&prefix) {
                        pairs.push(((x, y), OnceLock::new()));
                    }
                }
            }
        }
        pairs
    });
    let (_, cell) = pairs.iter().find(|(p, _)| *p == (a, b))?;
    Some(cell.get_or_init(|| read_table(a, b)))
}

/// Parses the lines of the ordered pair `(a, b)` into its [`Table`]. The lines are sorted, so
/// each kind's lines are together (`bigram`, `gram`, `word`) and each map is sized exactly
/// beforehand; each line is cut at its tabs in place. (Split into a `Vec` per line and grown by
/// doubling, reading the tables was a ninth of `langid --lines` over the dev set.)
fn read_table(a: &str, b: &str) -> Table {
    let first = |kind: &str| first_from(&format!("{a}\t{b}\t{kind}\t"));
    let pair = format!("{a}\t{b}\t");
    // `\n` sorts after `\t` and no line holds one: the first line past the pair's.
    let end = first_from(&format!("{a}\t{b}\n"));
    let [bigrams, grams, words] = [first("bigram"), first("gram"), first("word")];
    let read = |kind: &str, from: usize, to: usize| {
        let lines = &CONTRASTS[from..to];
        let mut map = rustc_hash::FxHashSet::with_capacity_and_hasher(
            memchr::memchr_iter(b'\n', lines.as_bytes()).count(),
            Default::default(),
        );
        for line in lines.lines() {
            let Some(rest) = line.strip_prefix(pair.as_str()) else {
                continue;
            };
            // `kind \t item \t weight`: the weight is last.
            let Some(rest) = rest.strip_prefix(kind).and_then(|r| r.strip_prefix('\t')) else {
                continue;
            };
            if let Some((item, weight)) = rest.rsplit_once('\t')
                && let Some(entry) = parse_hundredths(weight).and_then(|w| Entry::new(item, w))
            {
                map.insert(entry);
            }
        }
        map
    };
    Table {
        bigrams: read("bigram", bigrams, grams.max(bigrams)),
        grams: read("gram", grams, words.max(grams)),
        words: read("word", words, end.max(words)),
    }
}

/// A weight as the build writes it (`-0.13`, `1.05`: hundredths) in hundredths; `None` for
/// anything else (the build writes nothing else) or beyond ±327.67.
fn parse_hundredths(s: &str) -> Option<i16> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    let (int, frac) = digits.split_once('.')?;
    if int.is_empty()
        || int.len() > 3
        || frac.len() != 2
        || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let n = int
        .bytes()
        .chain(frac.bytes())
        .fold(0i32, |n, b| n * 10 + i32::from(b - b'0'));
    i16::try_from(if neg { -n } else { n }).ok()
}

/// Calls `f` with each [`GRAM`]-letter sequence of a word padded with one blank each side, in
/// order: slices of the padded word, no string made per sequence (this runs for every word a
/// pair's contrasts weigh).
fn for_each_gram(word: &str, mut f: impl FnMut(&str)) {
    let padded = format!(" {word} ");
    let at: Vec<usize> = padded
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(padded.len()))
        .collect();
    for window in at.windows(GRAM + 1) {
        f(&padded[window[0]..window[GRAM]]);
    }
}

/// The [`GRAM`]-letter sequences of a word padded with one blank each side.
fn grams(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_gram(word, |g| out.push(g.to_string()));
    out
}

/// The words of a text as the contrasts count them: letters only, two or more, lower case.
pub(crate) fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !crate::unicode::is_alphabetic(c))
        .filter(|w| w.chars().count() >= 2)
        .map(str::to_lowercase)
}

/// What a word weighs in one pair's table on its own: its weight as a word, and its letter
/// sequences the table holds with theirs, in the word's order (a sequence twice in the word is
/// there twice).
struct WordWeights {
    own: f64,
    grams: Box<[(&'static str, f64)]>,
}

/// Words a thread keeps the [`WordWeights`] of, per pair's table, before it starts over that
/// table's (each a few dozen bytes).
const WORD_MEMO_MAX: usize = 1 << 15;

thread_local! {
    /// Table (its address: the tables live for the life of the process) → word → what it weighs
    /// there. Words repeat across texts far more than texts do: on the dev set each line's
    /// words were looked up letter sequence by letter sequence, a tenth of `langid --lines`.
    static WORD_MEMO: std::cell::RefCell<FxHashMap<usize, FxHashMap<String, WordWeights>>> =
        std::cell::RefCell::new(FxHashMap::default());
}

/// [`WordWeights`] of `w` in `table`, looked up.
fn weigh(w: &str, table: &Table) -> WordWeights {
    let mut grams = Vec::new();
    for_each_gram(w, |g| {
        if let Some(e) = table.grams.get(g) {
            grams.push((e.item(), e.weight()));
        }
    });
    WordWeights {
        own: table.words.get(w).map_or(0.0, |e| e.weight()),
        grams: grams.into(),
    }
}

/// What the word `w` weighs in a pair's table: its own weight and those of its letter sequences
/// not already counted in the text (`counted`: a regression feature is present or not);
/// uncapped. And how to show it (`tačke (tač)`: its strongest sequence, where that outweighs
/// the word).
fn word_weight(
    w: &str,
    table: &'static Table,
    counted: &mut rustc_hash::FxHashSet<&'static str>,
) -> (f64, String) {
    WORD_MEMO.with_borrow_mut(|memo| {
        let words = memo.entry(table as *const Table as usize).or_default();
        if words.len() >= WORD_MEMO_MAX && !words.contains_key(w) {
            words.clear();
        }
        let ww = match words.get(w) {
            Some(ww) => ww,
            None => words.entry(w.to_string()).or_insert(weigh(w, table)),
        };
        let mut strongest: Option<(f64, &'static str)> = None;
        let mut total = ww.own;
        for &(key, x) in &ww.grams {
            if counted.insert(key) {
                total += x;
                if strongest.is_none_or(|(y, _)| x.abs() > y.abs()) {
                    strongest = Some((x, key));
                }
            }
        }
        let shown = match strongest {
            Some((x, g)) if x.abs() > ww.own.abs() && g.trim() != w => {
                format!("{w} ({})", g.trim())
            }
            _ => w.to_string(),
        };
        (total, shown)
    })
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
/// (each word, letter sequence and pair of words once, as the regression saw them); `None`
/// when the pair has no contrasts or no word of the text weighs anything.
pub fn lean(text: &str, a: &str, b: &str) -> Option<Lean> {
    let (table, sign) = match table(a, b) {
        Some(t) => (t, 1.0),
        None => (table(b, a)?, -1.0),
    };
    let all: Vec<String> = words(text).collect();
    let mut seen = rustc_hash::FxHashSet::default();
    let mut counted = rustc_hash::FxHashSet::default();
    let mut weighed: Vec<(f64, String)> = Vec::new();
    for w in &all {
        if !seen.insert(w.as_str()) {
            continue;
        }
        let (weight, shown) = word_weight(w, table, &mut counted);
        if weight != 0.0 {
            weighed.push(((sign * weight).clamp(-CAP, CAP), shown));
        }
    }
    // Two words in a row (`mogu da`: Bosnian and Serbian say "I cannot that I solve" where
    // Croatian has an infinitive).
    let mut item = String::new();
    let mut seen_pairs = rustc_hash::FxHashSet::default();
    for pair in all.windows(2) {
        item.clear();
        item.push_str(&pair[0]);
        item.push(' ');
        item.push_str(&pair[1]);
        if let Some((key, x)) = table
            .bigrams
            .get(item.as_str())
            .map(|e| (e.item(), e.weight()))
            && seen_pairs.insert(key)
        {
            weighed.push(((sign * x).clamp(-CAP, CAP), key.to_string()));
        }
    }
    if weighed.is_empty() {
        return None;
    }
    Some(Lean::from_weighed(weighed, a, b))
}

impl Lean {
    /// The lean of weighed words (`(weight, how to show it)`, positive toward `a`): their sum,
    /// and each side's words of [`MIN_WEIGHT`] or more, strongest first, eight at most.
    pub fn from_weighed(mut weighed: Vec<(f64, String)>, a: &str, b: &str) -> Lean {
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
        Lean {
            score,
            evidence: [side(a, 1.0), side(b, -1.0)],
        }
    }
}

/// The features of one line as the contrasts weigh them, each once: its words
/// ([`words`]), their [`GRAM`]-letter sequences and its pairs of words in a row.
fn features(line: &str) -> rustc_hash::FxHashSet<(u8, String)> {
    let ws: Vec<String> = words(line).collect();
    let mut f = rustc_hash::FxHashSet::default();
    for pair in ws.windows(2) {
        f.insert((2, format!("{} {}", pair[0], pair[1])));
    }
    for w in ws {
        for g in grams(&w) {
            f.insert((1, g));
        }
        f.insert((0, w));
    }
    f
}

/// L2-regularised logistic regression without intercept, fitted by L-BFGS (Nocedal & Wright,
/// *Numerical Optimization*, alg. 7.4, with a backtracking Armijo line search): minimises
/// ½‖w‖² + `c` Σ log(1 + e^(−yᵢ w·xᵢ)) over rows of binary features `rows` (indices below
/// `dims`), `labels` true for y = +1. Deterministic: the same rows give the same weights.
pub fn fit_logistic(rows: &[Vec<u32>], labels: &[bool], dims: usize, c: f64) -> Vec<f64> {
    let value_grad = |w: &[f64], g: &mut Vec<f64>| -> f64 {
        g.clear();
        g.extend_from_slice(w);
        let mut f = 0.5 * w.iter().map(|x| x * x).sum::<f64>();
        for (row, &pos) in rows.iter().zip(labels) {
            let y = if pos { 1.0 } else { -1.0 };
            let z: f64 = row.iter().map(|&j| w[j as usize]).sum();
            let m = y * z;
            // log(1 + e^−m) and σ(−m), stable on both sides.
            let (loss, s) = if m > 0.0 {
                let e = (-m).exp();
                (e.ln_1p(), e / (1.0 + e))
            } else {
                let e = m.exp();
                (-m + e.ln_1p(), 1.0 / (1.0 + e))
            };
            f += c * loss;
            for &j in row {
                g[j as usize] -= c * y * s;
            }
        }
        f
    };
    const HISTORY: usize = 10;
    const MAX_STEPS: usize = 1000;
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let mut w = vec![0.0; dims];
    let mut g = Vec::with_capacity(dims);
    let mut f = value_grad(&w, &mut g);
    let (mut ss, mut ys): (Vec<Vec<f64>>, Vec<Vec<f64>>) = (Vec::new(), Vec::new());
    let mut g_new = Vec::with_capacity(dims);
    for _ in 0..MAX_STEPS {
        if g.iter().all(|x| x.abs() < 1e-5) {
            break;
        }
        // Two-loop recursion: d = −H·g.
        let mut q = g.clone();
        let mut alphas = Vec::with_capacity(ss.len());
        for (s, y) in ss.iter().zip(&ys).rev() {
            let a = dot(s, &q) / dot(y, s);
            q.iter_mut().zip(y).for_each(|(qi, yi)| *qi -= a * yi);
            alphas.push(a);
        }
        let gamma = match (ss.last(), ys.last()) {
            (Some(s), Some(y)) => dot(s, y) / dot(y, y),
            _ => 1.0 / g.iter().map(|x| x * x).sum::<f64>().sqrt().max(1.0),
        };
        q.iter_mut().for_each(|x| *x *= gamma);
        for ((s, y), a) in ss.iter().zip(&ys).zip(alphas.into_iter().rev()) {
            let b = dot(y, &q) / dot(y, s);
            q.iter_mut().zip(s).for_each(|(qi, si)| *qi += (a - b) * si);
        }
        let d: Vec<f64> = q.into_iter().map(|x| -x).collect();
        let slope = dot(&g, &d);
        if slope >= 0.0 {
            break;
        }
        let mut step = 1.0;
        let (mut w_new, mut f_new);
        loop {
            w_new = w
                .iter()
                .zip(&d)
                .map(|(x, di)| x + step * di)
                .collect::<Vec<f64>>();
            f_new = value_grad(&w_new, &mut g_new);
            if f_new <= f + 1e-4 * step * slope || step < 1e-10 {
                break;
            }
            step *= 0.5;
        }
        let s: Vec<f64> = w_new.iter().zip(&w).map(|(a, b)| a - b).collect();
        let y: Vec<f64> = g_new.iter().zip(&g).map(|(a, b)| a - b).collect();
        let converged = (f - f_new).abs() <= 1e-9 * f.abs().max(1.0);
        if dot(&s, &y) > 1e-12 {
            if ss.len() == HISTORY {
                ss.remove(0);
                ys.remove(0);
            }
            ss.push(s);
            ys.push(y);
        }
        (w, f) = (w_new, f_new);
        std::mem::swap(&mut g, &mut g_new);
        if converged {
            break;
        }
    }
    w
}

/// The contrasts of relatives `a` and `b` from their parallel translations (`text_a`'s line *i*
/// translates what `text_b`'s line *i* does), as `contrasts.tsv` lines `a b word|gram|bigram
/// item weight`, sorted. Each line is one example, labelled by its side, and its features (its
/// words, their letter sequences and its pairs of words in a row, each present or not) are
/// weighed together by logistic regression ([`fit_logistic`], [`REGULARISATION`]): the weights of
/// a text's features add up to the log-odds that it is `a`'s rather than `b`'s. Unlike counting
/// each feature alone (naive Bayes, session 17's contrasts), a word and its own letter sequences,
/// or `treba li` and `treba`, do not count the same evidence twice. Features met in fewer lines
/// than [`MIN_WORD`], [`MIN_GRAM`], [`MIN_BIGRAM`] are not weighed; weights under [`KEEP`] are
/// left out of the table.
pub fn build(a: &str, text_a: &str, b: &str, text_b: &str) -> Vec<String> {
    let mut index: FxHashMap<(u8, String), u32> = FxHashMap::default();
    let lines: Vec<(bool, Vec<(u8, String)>)> = text_a
        .lines()
        .map(|l| (true, l))
        .chain(text_b.lines().map(|l| (false, l)))
        .map(|(side, l)| {
            let mut f: Vec<(u8, String)> = features(l).into_iter().collect();
            f.sort();
            (side, f)
        })
        .collect();
    let mut seen: FxHashMap<&(u8, String), usize> = FxHashMap::default();
    for (_, f) in &lines {
        for x in f {
            *seen.entry(x).or_default() += 1;
        }
    }
    let min = [MIN_WORD, MIN_GRAM, MIN_BIGRAM];
    let mut kept: Vec<&(u8, String)> = seen
        .iter()
        .filter(|(x, n)| **n >= min[x.0 as usize])
        .map(|(x, _)| *x)
        .collect();
    kept.sort();
    for (i, x) in kept.iter().enumerate() {
        index.insert((*x).clone(), i as u32);
    }
    let (mut rows, mut labels) = (Vec::new(), Vec::new());
    for (side, f) in &lines {
        let row: Vec<u32> = f.iter().filter_map(|x| index.get(x).copied()).collect();
        if !row.is_empty() {
            rows.push(row);
            labels.push(*side);
        }
    }
    let w = fit_logistic(&rows, &labels, index.len(), REGULARISATION);
    let mut out = Vec::new();
    for (x, i) in &index {
        let weight = (w[*i as usize] * 100.0).round() / 100.0;
        if weight.abs() >= KEEP {
            let kind = ["word", "gram", "bigram"][x.0 as usize];
            out.push(format!("{a}\t{b}\t{kind}\t{}\t{weight:.2}", x.1));
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The regression on its own: a feature only one label has is weighed its way, and a
    /// separable problem's weights stay finite under the penalty.
    #[test]
    fn logistic_regression_weighs_what_tells_the_labels_apart() {
        // Features 0 and 1 tell the labels apart; 2 is in every row.
        let rows = vec![vec![0, 2], vec![0, 2], vec![1, 2], vec![1, 2], vec![0, 2]];
        let labels = [true, true, false, false, true];
        let w = fit_logistic(&rows, &labels, 3, 1.0);
        assert!(w[0] > 0.5 && w[1] < -0.5, "{w:?}");
        assert!(w.iter().all(|x| x.is_finite() && x.abs() < 10.0), "{w:?}");
        // The gradient is zero at the optimum: w = C Σ y σ(−y z) x.
        let grad = |j: usize| {
            let mut g = w[j];
            for (row, &pos) in rows.iter().zip(&labels) {
                let y = if pos { 1.0 } else { -1.0 };
                let z: f64 = row.iter().map(|&k| w[k as usize]).sum();
                if row.contains(&(j as u32)) {
                    g -= y / (1.0 + (y * z).exp());
                }
            }
            g
        };
        assert!((0..3).all(|j| grad(j).abs() < 1e-4), "{w:?}");
        // The same rows give the same weights.
        assert_eq!(w, fit_logistic(&rows, &labels, 3, 1.0));
    }

    #[test]
    fn weights_tell_the_parallel_lines_apart() {
        let hr = "spremi datoteku\n".repeat(6) + &"točka\n".repeat(12);
        let bs = "sačuvaj datoteku\n".repeat(6) + &"tačka\n".repeat(12);
        let lines = build("hr", &hr, "bs", &bs);
        let weight = |item: &str| {
            lines
                .iter()
                .find(|l| l.split('\t').nth(3) == Some(item))
                .map(|l| l.rsplit('\t').next().unwrap().parse::<f64>().unwrap())
        };
        assert!(weight("spremi").is_some_and(|w| w > 0.1), "{lines:?}");
        assert!(weight("sačuvaj").is_some_and(|w| w < -0.1), "{lines:?}");
        assert!(weight(" tač").unwrap() < -0.1, "{lines:?}");
        // Shared words weigh nothing and are left out; rare ones too.
        assert_eq!(weight("datoteku"), None);
        assert!(build("hr", "spremi\n", "bs", "sačuvaj\n").is_empty());
        // A text adds its features' weights: the line's own side wins.
        let sum = |text: &str| -> f64 {
            let f = features(text);
            lines
                .iter()
                .filter(|l| {
                    let p: Vec<&str> = l.split('\t').collect();
                    let kind = ["word", "gram", "bigram"].iter().position(|k| *k == p[2]);
                    kind.is_some_and(|k| f.contains(&(k as u8, p[3].to_string())))
                })
                .map(|l| l.rsplit('\t').next().unwrap().parse::<f64>().unwrap())
                .sum()
        };
        assert!(sum("spremi datoteku") > 1.0 && sum("sačuvaj datoteku") < -1.0);
    }

    /// Two words in a row are weighed where they tell the lines apart and their words do not:
    /// `mogu da` against `mogu spremiti` (each word on both sides).
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
        assert!(bigram("mogu da").is_some_and(|w| w < -0.1), "{lines:?}");
        // A pair both sides write weighs little (the penalty spreads some weight over it).
        assert!(bigram("ne mogu").is_none_or(|w| w.abs() < 0.5), "{lines:?}");
    }

    /// The binary search needs the shipped lines sorted, each with five fields; it finds the
    /// first line not below any key, at a line start.
    #[test]
    fn shipped_contrasts_are_sorted_for_the_binary_search() {
        let lines: Vec<&str> = CONTRASTS.lines().collect();
        assert!(lines.len() > 10_000);
        assert!(lines.windows(2).all(|w| w[0] < w[1]));
        assert!(
            lines.iter().all(|l| l.split('\t').count() == 5),
            "{:?}",
            lines[0]
        );
        // Against a plain scan, for whole lines, their prefixes, and keys between lines.
        let mut offsets = vec![0];
        offsets.extend(memchr::memchr_iter(b'\n', CONTRASTS.as_bytes()).map(|i| i + 1));
        offsets.truncate(lines.len());
        let scan = |key: &str| {
            lines
                .iter()
                .position(|l| *l >= key)
                .map_or(CONTRASTS.len(), |i| offsets[i])
        };
        for (i, l) in lines.iter().enumerate().step_by(997) {
            let mut half = l.len() / 2;
            while !l.is_char_boundary(half) {
                half -= 1;
            }
            for key in [l.to_string(), l[..half].to_string(), format!("{l}\t~")] {
                assert_eq!(first_from(&key), scan(&key), "{key:?} (line {i})");
            }
        }
        assert_eq!(first_from(""), 0);
        assert_eq!(first_from("\u{10FFFF}"), CONTRASTS.len());
        let hr_bs = table("hr", "bs").unwrap();
        assert!(hr_bs.words.get("sačuvaj").unwrap().weight() < 0.0);
        assert!(!hr_bs.words.contains("no-such-word"));
        assert!(table("bs", "hr").is_none() && table("en", "de").is_none());
    }

    /// Each pair's table as read in place holds exactly the lines a plain split of the shipped
    /// text gives, with the same weights to the bit; and the weights' reading agrees with
    /// `str::parse` wherever it goes its own way.
    #[test]
    fn tables_read_in_place_equal_a_plain_parse() {
        let mut plain: FxHashMap<(&str, &str, &str), FxHashMap<&str, f64>> = FxHashMap::default();
        for l in CONTRASTS.lines() {
            let f: Vec<&str> = l.split('\t').collect();
            plain
                .entry((f[0], f[1], f[2]))
                .or_default()
                .insert(f[3], f[4].parse().unwrap());
        }
        let mut pairs = 0;
        for group in crate::langid::CONFUSABLE {
            for &a in *group {
                for &b in group.iter().filter(|&&b| b != a) {
                    let Some(t) = table(a, b) else {
                        assert!(!plain.contains_key(&(a, b, "word")), "{a} {b}");
                        continue;
                    };
                    pairs += 1;
                    for (kind, map) in [
                        ("word", &t.words),
                        ("gram", &t.grams),
                        ("bigram", &t.bigrams),
                    ] {
                        let want = plain.get(&(a, b, kind)).cloned().unwrap_or_default();
                        assert_eq!(map.len(), want.len(), "{a} {b} {kind}");
                        for (k, w) in &want {
                            let got = map.get(*k).map(|e| e.weight().to_bits());
                            assert_eq!(got, Some(w.to_bits()), "{a} {b} {kind} {k}");
                        }
                    }
                }
            }
        }
        assert!(pairs >= 10, "{pairs} pairs");
        // Hundredths read back as `str::parse` reads them, to the bit; anything else refused.
        let weight = |s: &str| parse_hundredths(s).map(|h| f64::from(h) / 100.0);
        for s in [
            "0.10", "-0.13", "12.34", "-3.00", "0.05", "327.67", "-327.68",
        ] {
            assert_eq!(
                weight(s).map(f64::to_bits),
                s.parse::<f64>().ok().map(f64::to_bits),
                "{s}"
            );
        }
        for s in [
            "1.1",
            "1e2",
            "-",
            "",
            "x.yz",
            "9999999.99",
            "327.68",
            "1.234",
            ".12",
            "+1.00",
        ] {
            assert_eq!(parse_hundredths(s), None, "{s}");
        }
        for h in -32_768i32..=32_767 {
            let s = format!("{:.2}", f64::from(h) / 100.0);
            assert_eq!(
                weight(&s).unwrap().to_bits(),
                s.parse::<f64>().unwrap().to_bits(),
                "{s}"
            );
        }
    }

    /// A word's weights, remembered from earlier texts, weigh what they weigh looked up afresh:
    /// each text's lean on a new thread (nothing remembered) equals its lean after all the
    /// texts, including a word whose letter sequence comes twice and sequences shared by words.
    #[test]
    fn remembered_words_weigh_what_they_weighed() {
        let texts = [
            "Izaberi tačke za štampanje",
            "Ponovno učitavanje tačke u predmemoriju, tačke",
            "tačtačtač tačka tačke ne mogu da",
        ];
        let fresh: Vec<Option<Lean>> = texts
            .iter()
            .map(|&t| {
                std::thread::spawn(move || lean(t, "hr", "bs"))
                    .join()
                    .unwrap()
            })
            .collect();
        for t in texts {
            lean(t, "hr", "bs");
        }
        for (t, f) in texts.iter().zip(&fresh) {
            assert!(f.is_some(), "{t}");
            assert_eq!(&lean(t, "hr", "bs"), f, "{t}");
        }
    }

    /// Serbian against Croatian in Latin letters (its side transliterated when built): the
    /// ekavian `vreme` against `vrijeme`.
    #[test]
    fn shipped_contrasts_tell_serbian_in_latin_letters() {
        let sr_hr = table("hr", "sr").unwrap();
        let w = |x: &str| sr_hr.words.get(x).unwrap().weight();
        assert!(w("vreme") < -0.5 && w("vrijeme") > 0.5);
        let l = lean("vreme izmene", "sr", "hr").unwrap();
        assert!(l.score > 2.0, "{l:?}");
        assert!(lean("vrijeme izmjene", "sr", "hr").unwrap().score < -2.0);
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
