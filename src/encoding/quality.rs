//! Text-quality features of a decoded string, exactly as Apache Tika's `TextQualityFeatures`
//! defines them (`../shared/seeds/tika-text-quality-features.txt`). All are pure functions of
//! the text, counted over code points; a wrong decoding shows in them before anyone reads it.
//!
//! One pass computes all of them ([`features`]); the tests hold a slow reference that computes
//! each one from its definition, and check the pass against it.

use crate::unicode::{CharInfo, InfoCache, is_replacement_ratio_anomaly};
use rustc_hash::FxHashMap;
use serde::Serialize;

/// The Tika features of one text. Field names in JSON are Tika's method names.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QualityFeatures {
    /// z6: fraction of code points that are letters (L*).
    pub alphabetic_ratio: f64,
    /// z5: fraction of adjacent pairs that are two letters of the same script cluster.
    pub letter_pair_density: f64,
    /// z7: Shannon entropy (bits) of the distinct code points ≥ U+0080.
    pub high_byte_entropy: f64,
    /// z6 raw input: fraction of code points in the anomaly set (U+FFFD, anomalous C0, C1,
    /// private use).
    pub replacement_ratio: f64,
    /// Raw count of U+FFFD.
    pub replacement_count: u64,
    /// z10: fraction of code points that are marks (Mn, Mc, Me).
    pub combining_mark_ratio: f64,
    /// z11: fraction of adjacent pairs that are a letter followed by a mark.
    pub letter_adjacent_to_mark_ratio: f64,
    /// Fraction of code points (U+FFFD excluded) with a real script.
    pub script_density: f64,
    /// 1 − longest same-script run / script-bearing code points.
    pub script_fragmentation: f64,
    /// z9: observed script transitions over those expected under random shuffling.
    pub script_alternation_ratio: f64,
    /// Fraction of whitespace-delimited tokens (with letters) whose letters share one cluster.
    pub per_word_script_purity: f64,
    /// Characters counted (not a feature; spares callers another pass).
    #[serde(skip)]
    pub chars: u64,
    /// Words as `str::split_ascii_whitespace` cuts them.
    #[serde(skip)]
    pub ascii_words: u64,
    /// NUL characters.
    #[serde(skip)]
    pub nuls: u64,
    /// Mojibake fingerprints, as `mojibake::fingerprints` counts them.
    #[serde(skip)]
    pub mojibake_fingerprints: usize,
}

fn ratio(num: u64, den: u64) -> f64 {
    if den == 0 {
        0.0
    } else {
        num as f64 / den as f64
    }
}

/// Code points below this are counted in an array for highByteEntropy.
const DENSE_HIGH: usize = 0x3000;

/// Computes every feature in one pass over `text`.
pub fn features(text: &str) -> QualityFeatures {
    let mut cache = InfoCache::new();
    features_with(text, &mut cache, None)
}

/// [`features`] with a caller-owned property cache, and optionally the ASCII stretches of
/// another decoding of the same bytes (candidates share them: see [`Stretches`]).
pub fn features_with(
    text: &str,
    cache: &mut InfoCache,
    stretches: Option<&mut Stretches>,
) -> QualityFeatures {
    // Counts of code points ≥ U+0080: an array below U+3000 (almost everything), a map above.
    // A per-thread array reused across calls (zeroing 48 KB per candidate showed in profiles);
    // `touched` lists the slots to read and reset.
    thread_local! {
        static HIGH: std::cell::RefCell<Vec<u32>> = std::cell::RefCell::new(vec![0; DENSE_HIGH]);
    }
    HIGH.with(|h| {
        let mut h = h.borrow_mut();
        let mut k = Counter::new(&mut h);
        match stretches {
            Some(st) => k.pieces(text, cache, st),
            None => k.chars(text, cache),
        }
        k.finish()
    })
}

/// Per-character facts the features need, packed: [`LETTER`], [`MARK`], [`REAL_SCRIPT`],
/// [`SPACE`], [`ANOMALY`], [`SPLIT`] bits, the script as its `u8`, the cluster (the script,
/// with the CJK scripts merged into Han as the features' cluster rule says), and the
/// character's images of UTF-8 bytes for the mojibake fingerprints (`mojibake::masks`): one table load per
/// character gives everything.
#[derive(Clone, Copy, Default)]
struct Packed {
    bits: u8,
    script: u8,
    cluster: u8,
    images: super::mojibake::Images,
}

const LETTER: u8 = 1;
const MARK: u8 = 2;
const REAL_SCRIPT: u8 = 4;
const SPACE: u8 = 8;
const ANOMALY: u8 = 16;
/// ASCII whitespace where `split_ascii_whitespace` cuts (every kind but the vertical tab).
const SPLIT: u8 = 32;
/// No script yet (a run or a word before its first letter).
const NONE: u16 = 256;

fn pack(c: char, info: CharInfo) -> Packed {
    let mut bits = 0;
    if info.is_letter() {
        bits |= LETTER;
    }
    if info.is_mark() {
        bits |= MARK;
    }
    if info.has_real_script() && c != '\u{FFFD}' {
        bits |= REAL_SCRIPT;
    }
    if c.is_whitespace() {
        bits |= SPACE;
    }
    if is_replacement_ratio_anomaly(c) {
        bits |= ANOMALY;
    }
    if c.is_ascii() && split_space(c as u8) {
        bits |= SPLIT;
    }
    Packed {
        bits,
        script: info.script as u8,
        cluster: info.cluster() as u8,
        images: super::mojibake::masks(c),
    }
}

/// [`Packed`] facts of every code point below [`DENSE_HIGH`], and of U+FFFD, built once per
/// process.
struct Table {
    dense: Box<[Packed]>,
    fffd: Packed,
}

fn packed_table() -> &'static Table {
    static TABLE: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut cache = InfoCache::new();
        let dense = (0..DENSE_HIGH as u32)
            .map(|u| {
                let c = char::from_u32(u).unwrap_or('\0');
                pack(c, cache.get(c))
            })
            .collect();
        Table {
            dense,
            fffd: pack('\u{FFFD}', cache.get('\u{FFFD}')),
        }
    })
}

/// What a stretch of ASCII text adds to the counts. A stretch starts at the text's start or
/// with the whitespace that ends a token, and ends at the text's end or with whitespace, so
/// nothing but its first and last characters meets the text around it.
#[derive(Clone, Copy, Debug, Default)]
struct Summary {
    n: u64,
    letters: u64,
    pairs: u64,
    letter_pairs: u64,
    anomalies: u64,
    /// ASCII letters: all Latin, the only ASCII characters with a real script.
    latin: u64,
    /// Words closed inside the stretch (all pure: ASCII letters are one script).
    words: u64,
    /// A word with letters still open at the end (the stretch ends the text).
    open_word: bool,
    nuls: u64,
    /// Words as `split_ascii_whitespace` cuts them, counted as if none were open before.
    ascii_words: u64,
    /// The stretch ends inside such a word.
    ends_in_ascii_word: bool,
    first: u8,
    last: u8,
}

/// ASCII stretches shorter than this are counted character by character, not shared.
const MIN_STRETCH: usize = 8;

/// The ASCII stretches of the first decoding of a sample, in order, with what each adds.
/// Every ASCII-compatible decoding of the same bytes reads them identically, so for the other
/// candidates only the tokens holding non-ASCII characters are counted character by
/// character (on Latin-script text, a small part). A stretch is reused only when its text is
/// byte-for-byte the same.
#[derive(Default)]
pub struct Stretches {
    seen: Vec<(String, Summary)>,
}

/// The running counts of one text.
///
/// What depends on the character alone (letters, marks, anomalies, NULs, scripts, the
/// high-code-point distribution) is read off a histogram at the end; the loop counts only
/// what depends on neighbours (pairs, script runs, words, mojibake sequences).
struct Counter<'h> {
    n: u64,
    pairs: u64,
    letter_pairs: u64,
    letter_mark_pairs: u64,
    /// Per-character counts of the ASCII stretches absorbed; [`Counter::finish`] adds the
    /// histogram's.
    letters: u64,
    marks: u64,
    anomalies: u64,
    nuls: u64,
    scripted: u64,
    script_counts: [u64; 256],
    /// Occurrences of each code point below [`DENSE_HIGH`], ASCII included.
    hist: &'h mut [u32],
    /// The code points ≥ U+0080 with a count in `hist` (read and reset by `finish`).
    touched: Vec<u16>,
    /// Occurrences of the code points above, with their facts; U+FFFD counted apart.
    sparse: FxHashMap<char, (u64, Packed)>,
    fffd: u64,
    run_script: u16,
    run_len: u64,
    longest_run: u64,
    transitions: u64,
    words_with_letters: u64,
    pure_words: u64,
    word_cluster: u16,
    word_mixed: bool,
    word_has_letter: bool,
    first: bool,
    prev: Packed,
    ascii_words: u64,
    in_ascii_word: bool,
    fingerprints: super::mojibake::FingerprintCounter,
}

/// Is `b` whitespace for `split_ascii_whitespace` (no vertical tab)?
fn split_space(b: u8) -> bool {
    b.is_ascii_whitespace()
}

/// Is `b` ASCII whitespace (`char::is_whitespace` below U+0080)?
fn ascii_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | b' ')
}

impl<'h> Counter<'h> {
    fn new(hist: &'h mut [u32]) -> Self {
        Counter {
            n: 0,
            pairs: 0,
            letter_pairs: 0,
            letter_mark_pairs: 0,
            letters: 0,
            marks: 0,
            anomalies: 0,
            nuls: 0,
            scripted: 0,
            script_counts: [0; 256],
            hist,
            touched: Vec::new(),
            sparse: FxHashMap::default(),
            fffd: 0,
            run_script: NONE,
            run_len: 0,
            longest_run: 0,
            transitions: 0,
            words_with_letters: 0,
            pure_words: 0,
            word_cluster: NONE,
            word_mixed: false,
            word_has_letter: false,
            first: true,
            prev: Packed::default(),
            ascii_words: 0,
            in_ascii_word: false,
            fingerprints: Default::default(),
        }
    }

    /// Counts every character of `text`.
    ///
    /// The state lives in locals for the loop (kept in registers, not written back to memory
    /// per character), and every counter adds a 0 or a 1 rather than branching on the
    /// character class: words alternate with spaces far too often for a branch predictor.
    fn chars(&mut self, text: &str, cache: &mut InfoCache) {
        let table = packed_table();
        let hist = &mut *self.hist;
        let touched = &mut self.touched;
        let sparse = &mut self.sparse;
        let mut fp = std::mem::take(&mut self.fingerprints);
        let mut n = 0u64;
        let mut fffd = self.fffd;
        let mut prev = self.prev;
        let mut letter_pairs = self.letter_pairs;
        let mut letter_mark_pairs = self.letter_mark_pairs;
        let mut ascii_words = self.ascii_words;
        let mut in_ascii_word = self.in_ascii_word;
        let mut run_script = self.run_script;
        let mut run_len = self.run_len;
        let mut longest_run = self.longest_run;
        let mut transitions = self.transitions;
        let mut words_with_letters = self.words_with_letters;
        let mut pure_words = self.pure_words;
        let mut word_cluster = self.word_cluster;
        let mut word_mixed = self.word_mixed;
        let mut word_has_letter = self.word_has_letter;
        for c in text.chars() {
            let u = c as usize;
            n += 1;
            let p = if u < DENSE_HIGH {
                if u >= 0x80 && hist[u] == 0 {
                    touched.push(u as u16);
                }
                hist[u] += 1;
                table.dense[u]
            } else if c == '\u{FFFD}' {
                fffd += 1;
                table.fffd
            } else {
                let e = sparse
                    .entry(c)
                    .or_insert_with(|| (0, pack(c, cache.get(c))));
                e.0 += 1;
                e.1
            };
            // Pairs (the first character's `prev` has no bits).
            let is_letter = p.bits & LETTER != 0;
            let prev_letter = prev.bits & LETTER != 0;
            letter_pairs += (prev_letter & is_letter & (prev.cluster == p.cluster)) as u64;
            letter_mark_pairs += (prev_letter & (p.bits & MARK != 0)) as u64;
            prev = p;
            let in_word = p.bits & SPLIT == 0;
            ascii_words += (in_word & !in_ascii_word) as u64;
            in_ascii_word = in_word;
            fp.step(p.images);
            // Script runs: only characters of a real script take part.
            let real = p.bits & REAL_SCRIPT != 0;
            let script = p.script as u16;
            let same = run_script == script;
            transitions += (real & !same & (run_script != NONE)) as u64;
            let grown = if same { run_len + 1 } else { 1 };
            run_len = if real { grown } else { run_len };
            run_script = if real { script } else { run_script };
            longest_run = longest_run.max(run_len);
            // Words: whitespace ends one; a letter of another cluster than the word's first
            // letter makes it mixed.
            let space = p.bits & SPACE != 0;
            words_with_letters += (space & word_has_letter) as u64;
            pure_words += (space & word_has_letter & !word_mixed) as u64;
            let cluster = p.cluster as u16;
            let letter_here = !space & is_letter;
            word_mixed = !space
                & (word_mixed | (letter_here & (word_cluster != NONE) & (word_cluster != cluster)));
            word_cluster = if space {
                NONE
            } else if letter_here && word_cluster == NONE {
                cluster
            } else {
                word_cluster
            };
            word_has_letter = !space & (word_has_letter | is_letter);
        }
        self.fingerprints = fp;
        self.n += n;
        self.pairs += n - (self.first & (n > 0)) as u64;
        self.first &= n == 0;
        self.fffd = fffd;
        self.prev = prev;
        self.letter_pairs = letter_pairs;
        self.letter_mark_pairs = letter_mark_pairs;
        self.ascii_words = ascii_words;
        self.in_ascii_word = in_ascii_word;
        self.run_script = run_script;
        self.run_len = run_len;
        self.longest_run = longest_run;
        self.transitions = transitions;
        self.words_with_letters = words_with_letters;
        self.pure_words = pure_words;
        self.word_cluster = word_cluster;
        self.word_mixed = word_mixed;
        self.word_has_letter = word_has_letter;
    }

    /// Counts `text` piece by piece: tokens with non-ASCII characters character by character,
    /// the ASCII stretches between them from `st` when an earlier decoding had the same one.
    fn pieces(&mut self, text: &str, cache: &mut InfoCache, st: &mut Stretches) {
        let b = text.as_bytes();
        let mut at = 0usize;
        let mut ordinal = 0usize;
        while at < b.len() {
            // The next token with a non-ASCII byte, from the whitespace before it.
            let (tok_start, tok_end) = match crate::ascii::next_non_ascii(b, at) {
                Some(k) => {
                    let s = b[at..k]
                        .iter()
                        .rposition(|&x| ascii_space(x))
                        .map_or(at, |i| at + i + 1);
                    let e = b[k..]
                        .iter()
                        .position(|&x| ascii_space(x))
                        .map_or(b.len(), |i| k + i);
                    (s, e)
                }
                None => (b.len(), b.len()),
            };
            // A short ASCII gap (a space or a word between two non-ASCII words, as in
            // Cyrillic or Greek text) is cheaper to count than to look up.
            if tok_start > at && tok_start - at < MIN_STRETCH && tok_end > tok_start {
                self.chars(&text[at..tok_end], cache);
                at = tok_end;
                continue;
            }
            if tok_start > at {
                let stretch = &text[at..tok_start];
                let summary = match st.seen.get(ordinal) {
                    Some((t, s)) if t == stretch => *s,
                    _ => {
                        let s = summarize(stretch);
                        if ordinal < st.seen.len() {
                            st.seen[ordinal] = (stretch.to_string(), s);
                        } else {
                            st.seen.push((stretch.to_string(), s));
                        }
                        s
                    }
                };
                ordinal += 1;
                self.absorb(&summary);
            }
            if tok_end > tok_start {
                self.chars(&text[tok_start..tok_end], cache);
            }
            at = tok_end;
        }
    }

    /// `k` consecutive scripted characters of `script` (none when `k` is 0).
    #[inline]
    fn run(&mut self, k: u64, script: u16) {
        let real = k > 0;
        let same = self.run_script == script;
        self.transitions += (real & !same & (self.run_script != NONE)) as u64;
        let grown = if same { self.run_len + k } else { k };
        self.run_len = if real { grown } else { self.run_len };
        self.run_script = if real { script } else { self.run_script };
        self.longest_run = self.longest_run.max(self.run_len);
    }

    /// Whitespace (when `space`) closes the open word.
    #[inline]
    fn close_word(&mut self, space: bool) {
        self.words_with_letters += (space & self.word_has_letter) as u64;
        self.pure_words += (space & self.word_has_letter & !self.word_mixed) as u64;
    }

    /// Adds an ASCII stretch counted by [`summarize`].
    fn absorb(&mut self, s: &Summary) {
        let table = packed_table();
        let (f, l) = (table.dense[s.first as usize], table.dense[s.last as usize]);
        // The pair across the boundary, and the first character's effect on the open word.
        let prev_letter = !self.first & (self.prev.bits & LETTER != 0);
        self.pairs += !self.first as u64;
        self.letter_pairs +=
            (prev_letter & (f.bits & LETTER != 0) & (self.prev.cluster == f.cluster)) as u64;
        let space = f.bits & SPACE != 0;
        self.close_word(space);
        if !space {
            // Only at the text's start: no word is open.
            debug_assert!(self.first);
        }
        self.first = false;
        self.prev = l;
        self.ascii_words += s.ascii_words;
        // A word open before the stretch goes on into it when it starts with a character
        // `split_ascii_whitespace` does not split at (a vertical tab).
        self.ascii_words -= (self.in_ascii_word & !split_space(s.first)) as u64;
        self.in_ascii_word = s.ends_in_ascii_word;
        self.fingerprints.ascii();
        self.nuls += s.nuls;
        self.n += s.n;
        self.letters += s.letters;
        self.pairs += s.pairs;
        self.letter_pairs += s.letter_pairs;
        self.anomalies += s.anomalies;
        self.scripted += s.latin;
        self.script_counts[unicode_script::Script::Latin as usize] += s.latin;
        self.run(s.latin, unicode_script::Script::Latin as u16);
        self.words_with_letters += s.words;
        self.pure_words += s.words;
        // A stretch ends with whitespace (the next token starts after it), or the text.
        self.word_has_letter = s.open_word;
        self.word_mixed = false;
        self.word_cluster = if s.open_word {
            unicode_script::Script::Latin as u16
        } else {
            NONE
        };
    }

    /// The features from the counts.
    fn finish(mut self) -> QualityFeatures {
        if self.word_has_letter {
            self.words_with_letters += 1;
            self.pure_words += (!self.word_mixed) as u64;
        }
        // The per-character counts, from the histogram (reset for the next text).
        let table = packed_table();
        let add = |me: &mut Self, p: Packed, k: u64| {
            me.letters += k * (p.bits & LETTER != 0) as u64;
            me.marks += k * (p.bits & MARK != 0) as u64;
            me.anomalies += k * (p.bits & ANOMALY != 0) as u64;
            let scripted = k * (p.bits & REAL_SCRIPT != 0) as u64;
            me.scripted += scripted;
            me.script_counts[p.script as usize] += scripted;
        };
        self.nuls += self.hist[0] as u64;
        for u in 0..0x80 {
            let k = std::mem::take(&mut self.hist[u]) as u64;
            if k > 0 {
                add(&mut self, table.dense[u], k);
            }
        }
        let touched = std::mem::take(&mut self.touched);
        let dense_counts: Vec<u64> = touched
            .iter()
            .map(|&u| {
                let k = std::mem::take(&mut self.hist[u as usize]) as u64;
                add(&mut self, table.dense[u as usize], k);
                k
            })
            .collect();
        let sparse = std::mem::take(&mut self.sparse);
        for &(k, p) in sparse.values() {
            add(&mut self, p, k);
        }
        let fffd = self.fffd;
        add(&mut self, table.fffd, fffd);
        let high_counts = dense_counts
            .iter()
            .copied()
            .chain(sparse.values().map(|&(k, _)| k))
            .chain((self.fffd > 0).then_some(self.fffd));
        let high_total: u64 = high_counts.clone().sum();
        let high_byte_entropy = if high_total == 0 {
            0.0
        } else {
            high_counts
                .map(|k| {
                    let p = k as f64 / high_total as f64;
                    -p * p.log2()
                })
                .sum::<f64>()
                .max(0.0)
        };
        let scripted = self.scripted;
        let distinct_scripts = self.script_counts.iter().filter(|&&k| k > 0).count();
        let script_alternation_ratio = if scripted < 2 || distinct_scripts < 2 {
            0.0
        } else {
            let sum_sq: f64 = self
                .script_counts
                .iter()
                .filter(|&&k| k > 0)
                .map(|&k| {
                    let p = k as f64 / scripted as f64;
                    p * p
                })
                .sum();
            let expected = (scripted - 1) as f64 * (1.0 - sum_sq);
            if expected > 0.0 {
                self.transitions as f64 / expected
            } else {
                0.0
            }
        };
        let n = self.n;
        QualityFeatures {
            alphabetic_ratio: ratio(self.letters, n),
            letter_pair_density: ratio(self.letter_pairs, self.pairs),
            high_byte_entropy,
            replacement_ratio: ratio(self.anomalies, n),
            replacement_count: self.fffd,
            combining_mark_ratio: ratio(self.marks, n),
            letter_adjacent_to_mark_ratio: ratio(self.letter_mark_pairs, self.pairs),
            script_density: ratio(scripted, n - self.fffd),
            script_fragmentation: if scripted == 0 {
                0.0
            } else {
                1.0 - self.longest_run as f64 / scripted as f64
            },
            script_alternation_ratio,
            per_word_script_purity: ratio(self.pure_words, self.words_with_letters),
            chars: n,
            ascii_words: self.ascii_words,
            nuls: self.nuls,
            mojibake_fingerprints: self.fingerprints.count(),
        }
    }
}

/// Counts an ASCII stretch (see [`Summary`]) as if it stood alone after whitespace.
fn summarize(stretch: &str) -> Summary {
    let b = stretch.as_bytes();
    let table = packed_table();
    let mut s = Summary {
        first: b[0],
        last: b[b.len() - 1],
        ..Default::default()
    };
    let mut prev_letter = false;
    let mut open = false;
    for (i, &x) in b.iter().enumerate() {
        let p = table.dense[x as usize];
        let letter = p.bits & LETTER != 0;
        s.n += 1;
        s.letters += letter as u64;
        if i > 0 {
            s.pairs += 1;
            s.letter_pairs += (prev_letter & letter) as u64;
        }
        s.anomalies += (p.bits & ANOMALY != 0) as u64;
        s.latin += letter as u64;
        let space = p.bits & SPACE != 0;
        // The first character's own effect on an open word is applied by `absorb`.
        if i > 0 {
            s.words += (space & open) as u64;
        }
        open = !space & (open | letter);
        prev_letter = letter;
        s.nuls += (x == 0) as u64;
        let in_word = !split_space(x);
        s.ascii_words += (in_word & !s.ends_in_ascii_word) as u64;
        s.ends_in_ascii_word = in_word;
    }
    s.open_word = open;
    s
}

#[cfg(test)]
mod tests;
