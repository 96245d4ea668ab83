//! The tool's own short-text method: a multinomial naive Bayes classifier over the same
//! padded n-grams as Cavnar–Trenkle (1–5), plus whole words as features, trained on each
//! language's UDHR text and, where `wordfreq` has the language, on its 30,000 most frequent
//! words weighted by their frequency (so the n-grams of "the" count as often as "the" occurs).
//! Probabilities are add-α smoothed; scores are log-likelihoods. Where C–T keeps only the rank
//! order of 300 n-grams, this keeps thousands with their frequencies, which is what short
//! snippets need.

use super::ngrams::{MAX_N, for_each_gram, tokens};
use rustc_hash::FxHashMap;

/// A language the model knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LangInfo {
    /// ISO 639-1 where one exists, else ISO 639-3 (`en`, `ms`, `yue`).
    pub code: String,
    pub iso3: String,
    pub name: String,
    /// Dominant script, as in `core.tsv` (`LATIN`, `CYRILLIC`, `CJK`, `HIRAGANA`…).
    pub script: String,
}

/// Whole words are features too, written `<word>` (no n-gram has `<`: tokens are letters).
pub fn word_feature(w: &str) -> String {
    // Pushed rather than `format!`ed: this runs for every word first met in a corpus.
    let mut f = String::with_capacity(w.len() + 2);
    f.push('<');
    f.push_str(w);
    f.push('>');
    f
}

/// Calls `f` with every feature of `text`: its n-grams and its words.
pub fn for_each_feature(text: &str, mut f: impl FnMut(&str)) {
    for (_, t) in tokens(text) {
        for_each_token_feature(&t, &mut f);
    }
}

/// The features of one token: its n-grams, then the token itself as a word.
fn for_each_token_feature(token: &str, mut f: impl FnMut(&str)) {
    for_each_gram(token, MAX_N, &mut f);
    f(&word_feature(token));
}

/// The trained model. Features live in an FST (the `fst` crate: a compact, sorted map
/// from strings to numbers that is read in place, so the shipped model needs no parsing at
/// start-up); each maps to a run of postings `(language, quantised log-probability)`.
#[derive(Clone)]
pub struct Model {
    pub langs: Vec<LangInfo>,
    /// Log-probability of a feature a language has not seen.
    unk: Vec<f32>,
    pub alpha: f64,
    fst: fst::Map<std::borrow::Cow<'static, [u8]>>,
    /// Three bytes per posting: the language index, then how much more likely the feature is
    /// in that language than an unseen one (log-probability − unseen log-probability), × 256
    /// as u16, so scoring is one addition per posting.
    postings: std::borrow::Cow<'static, [u8]>,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Model({} languages, {} features)",
            self.langs.len(),
            self.features()
        )
    }
}

/// Scale of the quantised log-probabilities.
const Q: f32 = 256.0;

/// Tokens in a thread's token cache before it starts over (each holds one sum per language,
/// about 800 bytes: ≈ 13 MB).
const TOKEN_CACHE_MAX: usize = 1 << 14;

/// A token's feature count and its features' gains summed per language.
type TokenGains = std::sync::Arc<(u32, Box<[u32]>)>;

/// Tokens cached for all threads (behind each thread's own cache) before the shared cache
/// stops taking new ones (≈ 100 MB when full). The encoding verdict weighs nine readings of
/// every file, most of them misreadings whose tokens are new: at 32,768 the cache was full a
/// few hundred files into the 2,000-file speed corpus, and `inspect --json` over it spent 8 %
/// more CPU (11.2 s against 10.3 s; peak RSS 225 → 258 MB).
const SHARED_TOKEN_CACHE_MAX: usize = 1 << 17;

/// Token → [`TokenGains`], shared by the threads, tagged with the model it belongs to. The
/// threads of an audit meet mostly the same words: on the Reuters stories the language
/// fallback of two threads summed the gains of 12,493 tokens, 9,366 of them distinct. Read
/// only when a thread's own cache misses, so the lock is taken a few thousand times.
static SHARED_TOKENS: std::sync::RwLock<(usize, FxHashMap<String, TokenGains>)> =
    std::sync::RwLock::new((0, FxHashMap::with_hasher(rustc_hash::FxBuildHasher)));

thread_local! {
    /// Token → its feature count and summed gains per language, per thread: words repeat
    /// across a corpus far more than their n-grams need re-reading.
    static TOKEN_CACHE: std::cell::RefCell<(usize, FxHashMap<String, TokenGains>)> =
        std::cell::RefCell::new((0, FxHashMap::default()));
}

/// Where one byte leads in the features' FST: the node reached, the transition's output, and
/// the node's final output when it ends a feature.
#[derive(Clone, Copy)]
struct Step {
    addr: fst::raw::CompiledAddr,
    out: u64,
    fin: Option<u64>,
}

/// The step from the node at `addr` on byte `b`, read from the FST (`None`: no transition).
fn step<D: AsRef<[u8]>>(
    fst: &fst::raw::Fst<D>,
    addr: fst::raw::CompiledAddr,
    b: u8,
) -> Option<Step> {
    let node = fst.node(addr);
    let t = node.transition(node.find_input(b)?);
    let next = fst.node(t.addr);
    Some(Step {
        addr: t.addr,
        out: t.out.value(),
        fin: next.is_final().then(|| next.final_output().value()),
    })
}

/// A [`Step`] as [`STEPS`] keeps it, in 12 bytes rather than 32: an entry of the cache takes
/// 24 bytes with its key rather than 48, so fewer cache lines are missed on the first sight of
/// each token. The shipped model's addresses and outputs fit in 32 bits (checked when it is
/// read: [`Model::packable`]). `u32::MAX` stands for no transition (`addr`) and for a node that
/// ends no feature (`fin`).
#[derive(Clone, Copy)]
struct Packed {
    addr: u32,
    out: u32,
    fin: u32,
}

impl Packed {
    /// `s` packed; only for a model whose addresses and outputs are below `u32::MAX`.
    fn pack(s: Option<Step>) -> Packed {
        match s {
            None => Packed {
                addr: u32::MAX,
                out: 0,
                fin: u32::MAX,
            },
            Some(s) => Packed {
                addr: s.addr as u32,
                out: s.out as u32,
                fin: s.fin.map_or(u32::MAX, |f| f as u32),
            },
        }
    }

    fn unpack(self) -> Option<Step> {
        (self.addr != u32::MAX).then(|| Step {
            addr: self.addr as fst::raw::CompiledAddr,
            out: u64::from(self.out),
            fin: (self.fin != u32::MAX).then_some(u64::from(self.fin)),
        })
    }
}

/// (node address << 8 | byte) → where it leads.
type StepCache = FxHashMap<u64, Packed>;

/// Steps in a thread's step cache before it starts over (24 bytes each: ≈ 6 MB).
const STEP_CACHE_MAX: usize = 1 << 18;

thread_local! {
    /// (node, byte) → [`Step`], per thread, tagged with the model: the n-grams of new tokens
    /// (the misreadings the encoding verdict weighs are nearly all new) are mostly n-grams met
    /// before, and reading an FST node costs several times a hash look-up. Decoding the nodes
    /// was most of [`Model::token_gains`], a seventh of `inspect`.
    static STEPS: std::cell::RefCell<(usize, StepCache)> =
        std::cell::RefCell::new((0, FxHashMap::default()));
}

/// Header line of the languages file.
const MAGIC: &str = "delineate-langid-nb 3";

impl Model {
    /// Trains from per-language feature counts (weights may be fractional), keeping each
    /// language's `keep` most frequent features.
    pub fn train(
        langs: Vec<LangInfo>,
        counts: Vec<FxHashMap<String, f64>>,
        keep: usize,
        alpha: f64,
    ) -> Model {
        let mut kept: Vec<Vec<(String, f64)>> = Vec::new();
        let mut totals = Vec::new();
        let mut vocab: std::collections::BTreeMap<String, Vec<(u8, u16)>> = Default::default();
        for c in counts {
            totals.push(c.values().sum::<f64>());
            let mut items: Vec<(String, f64)> = c.into_iter().collect();
            items.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            items.truncate(keep);
            for (g, _) in &items {
                vocab.entry(g.clone()).or_default();
            }
            kept.push(items);
        }
        let v = vocab.len() as f64;
        let mut unk = Vec::new();
        for (li, (items, total)) in kept.into_iter().zip(totals).enumerate() {
            let denom = total + alpha * v;
            let u = (alpha / denom).ln();
            unk.push(u as f32);
            for (g, c) in items {
                let gain = ((c + alpha) / denom).ln() - u;
                let q = (gain * Q as f64).round().clamp(0.0, u16::MAX as f64) as u16;
                vocab.get_mut(&g).expect("in vocab").push((li as u8, q));
            }
        }
        let mut builder = fst::MapBuilder::memory();
        let mut postings = Vec::new();
        for (g, entries) in &vocab {
            let value = ((postings.len() / 3) as u64) << 8 | entries.len() as u64;
            builder.insert(g, value).expect("keys in order");
            for (li, q) in entries {
                postings.push(*li);
                postings.extend_from_slice(&q.to_le_bytes());
            }
        }
        let fst = fst::Map::new(std::borrow::Cow::Owned(
            builder.into_inner().expect("fst built"),
        ))
        .expect("a valid fst");
        Model {
            langs,
            unk,
            alpha,
            fst,
            postings: std::borrow::Cow::Owned(postings),
        }
    }

    /// Log-likelihood of `text` under each language (`-inf` for languages not in `only`), and
    /// the number of features scored.
    pub fn scores(&self, text: &str, only: Option<&[bool]>) -> (Vec<f64>, usize) {
        let n = self.langs.len();
        // Gains in quantised units; the language index is a byte, so 256 slots need no
        // bounds check.
        let mut found = [0u32; 256];
        let mut features = 0usize;
        let model = self.postings.as_ptr() as usize;
        TOKEN_CACHE.with_borrow_mut(|tokens_seen| {
            if tokens_seen.0 != model || tokens_seen.1.len() > TOKEN_CACHE_MAX {
                tokens_seen.0 = model;
                tokens_seen.1.clear();
            }
            for (_, t) in tokens(text) {
                // A token's features are its n-grams and itself, so its gains are summed
                // once (integer sums: the same whatever the order) and reused.
                let (k, gains) = &**match tokens_seen.1.get(t.as_str()) {
                    Some(v) => v,
                    None => {
                        let v = self.shared_token_gains(&t, model);
                        tokens_seen.1.entry(t).or_insert(v)
                    }
                };
                features += *k as usize;
                for (f, g) in found.iter_mut().zip(gains.iter()) {
                    *f += g;
                }
            }
        });
        let out = (0..n)
            .map(|li| {
                if only.is_some_and(|o| !o[li]) {
                    f64::NEG_INFINITY
                } else {
                    found[li] as f64 / Q as f64 + self.unk[li] as f64 * features as f64
                }
            })
            .collect();
        (out, features)
    }

    /// [`Model::token_gains`] through the cache shared by the threads. Only a model read in
    /// place from static bytes (the shipped one) uses it: its address tags it for the life of
    /// the process, where a trained model's memory may be freed and reused by another one.
    fn shared_token_gains(&self, token: &str, model: usize) -> TokenGains {
        if matches!(self.postings, std::borrow::Cow::Owned(_)) {
            return std::sync::Arc::new(self.token_gains(token));
        }
        // A poisoned lock only means another thread panicked mid-insert: the map is still a
        // valid cache.
        let read = |s: &(usize, FxHashMap<String, TokenGains>)| {
            (s.0 == model).then(|| s.1.get(token).cloned()).flatten()
        };
        if let Some(v) = read(&SHARED_TOKENS.read().unwrap_or_else(|e| e.into_inner())) {
            return v;
        }
        let v = std::sync::Arc::new(self.token_gains(token));
        let mut shared = SHARED_TOKENS.write().unwrap_or_else(|e| e.into_inner());
        if shared.0 != model {
            shared.0 = model;
            shared.1.clear();
        }
        if shared.1.len() < SHARED_TOKEN_CACHE_MAX {
            shared.1.insert(token.to_string(), v.clone());
        }
        v
    }

    /// The features of one token (its n-grams and itself, as [`for_each_feature`] makes
    /// them) and the sum of their gains per language.
    ///
    /// The n-grams starting at one character of the padded token are prefixes of each other,
    /// so they are looked up in one walk down the FST from that character, up to [`MAX_N`]
    /// characters (or until no feature goes on): a fifth of the node visits of looking each one
    /// up. Feature by feature (through a per-thread cache of features) this was a fifth of an
    /// audit of the Reuters stories. Each step of the walk comes from [`STEPS`], the shipped
    /// model's per-thread cache of steps, which holds far fewer entries than a cache of features
    /// would: the n-grams share their prefixes.
    fn token_gains(&self, token: &str) -> (u32, Box<[u32]>) {
        // One slot per possible language byte: no bounds check per posting (the slots past
        // the model's languages are dropped at the end).
        let mut all = [0u32; 256];
        let mut add = |v: u64| {
            let start = (v >> 8) as usize * 3;
            let count = (v & 0xFF) as usize;
            if let Some(run) = self.postings.get(start..start + count * 3) {
                for p in run.chunks_exact(3) {
                    all[p[0] as usize] += u16::from_le_bytes([p[1], p[2]]) as u32;
                }
            }
        };
        // The padded token as `for_each_gram` takes it, and its characters' offsets.
        let (padded, at) = super::ngrams::padded(token, MAX_N);
        let chars = at.len() - 1 - MAX_N;
        let fst = self.fst.as_fst();
        let mut features = 0u32;
        // Only the shipped model, read in place from static bytes, keeps its steps: its address
        // tags it for the life of the process (a trained model's memory may be reused by
        // another one). Others read each step from the FST.
        let shipped = matches!(self.postings, std::borrow::Cow::Borrowed(_)) && self.packable();
        STEPS.with_borrow_mut(|kept| {
            let model = self.postings.as_ptr() as usize;
            if shipped && (kept.0 != model || kept.1.len() > STEP_CACHE_MAX) {
                kept.0 = model;
                kept.1.clear();
                // A file's misreadings take tens of thousands of steps: no growing by halves.
                kept.1.reserve(STEP_CACHE_MAX / 4);
            }
            let mut step_from = |addr: fst::raw::CompiledAddr, b: u8| {
                if shipped {
                    kept.1
                        .entry((addr as u64) << 8 | u64::from(b))
                        .or_insert_with(|| Packed::pack(step(fst, addr, b)))
                        .unpack()
                } else {
                    step(fst, addr, b)
                }
            };
            // Windows start at the blank (bigrams and longer) or at one of the token's
            // characters.
            for i in 0..=chars {
                let shortest = if i == 0 { 2 } else { 1 };
                // The node after the window's characters so far, while the FST has them.
                let mut at_node = Some(Step {
                    addr: fst.root().addr(),
                    out: 0,
                    fin: None,
                });
                for n in 1..=MAX_N {
                    at_node = at_node.and_then(|from| {
                        let bytes = &padded.as_bytes()[at[i + n - 1]..at[i + n]];
                        bytes.iter().try_fold(from, |from, &b| {
                            step_from(from.addr, b).map(|s| Step {
                                out: from.out.wrapping_add(s.out),
                                ..s
                            })
                        })
                    });
                    if n >= shortest {
                        features += 1;
                        if let Some(Step {
                            out, fin: Some(f), ..
                        }) = at_node
                        {
                            add(out.wrapping_add(f));
                        }
                    }
                }
            }
        });
        features += 1;
        if let Some(v) = self.fst.get(word_feature(token)) {
            add(v);
        }
        let n = self.langs.len().min(all.len());
        (features, all[..n].into())
    }

    /// Whether the FST's addresses and every output (a posting run's start × 256 + its length,
    /// or part of one) are below `u32::MAX`, as [`Packed`] steps need.
    fn packable(&self) -> bool {
        let top = (self.postings.len() / 3) << 8 | 0xFF;
        self.fst.as_fst().as_bytes().len() < u32::MAX as usize && top < u32::MAX as usize
    }

    /// The three parts of the model: the languages (text), the FST, the postings.
    pub fn parts(&self) -> (String, &[u8], &[u8]) {
        use std::fmt::Write;
        let mut langs = String::new();
        let _ = writeln!(langs, "{MAGIC}");
        let _ = writeln!(langs, "alpha\t{}", self.alpha);
        for (l, u) in self.langs.iter().zip(&self.unk) {
            let _ = writeln!(
                langs,
                "L\t{}\t{}\t{}\t{}\t{u}",
                l.code, l.iso3, l.script, l.name
            );
        }
        (langs, self.fst.as_fst().as_bytes(), &self.postings)
    }

    /// A model from its parts, read in place (the shipped model is `'static`).
    pub fn from_parts(
        langs: &str,
        fst_bytes: std::borrow::Cow<'static, [u8]>,
        postings: std::borrow::Cow<'static, [u8]>,
    ) -> Result<Model, super::ResourceError> {
        let mut lines = langs.lines();
        if lines.next() != Some(MAGIC) {
            return Err(super::ResourceError::invalid(
                "not a delineate language model (version 3)",
            ));
        }
        let mut m_langs = Vec::new();
        let mut unk = Vec::new();
        let mut alpha = 0.1;
        for (i, line) in lines.enumerate() {
            let f: Vec<&str> = line.split('\t').collect();
            match f.first() {
                Some(&"alpha") => alpha = f.get(1).and_then(|x| x.parse().ok()).unwrap_or(0.1),
                Some(&"L") if f.len() == 6 => {
                    m_langs.push(LangInfo {
                        code: f[1].into(),
                        iso3: f[2].into(),
                        script: f[3].into(),
                        name: f[4].into(),
                    });
                    unk.push(f[5].parse().map_err(|_| {
                        super::ResourceError::invalid(format!("line {}: bad number", i + 2))
                    })?);
                }
                _ => {
                    return Err(super::ResourceError::invalid(format!(
                        "line {}: not a language line",
                        i + 2
                    )));
                }
            }
        }
        let fst = fst::Map::new(fst_bytes)
            .map_err(|e| super::ResourceError::invalid(format!("the FST: {e}")))?;
        Ok(Model {
            langs: m_langs,
            unk,
            alpha,
            fst,
            postings,
        })
    }

    /// Number of distinct features.
    pub fn features(&self) -> usize {
        self.fst.len()
    }
}

/// Adds the features of `text` to `counts` with weight `w` each.
pub fn count_text(counts: &mut FxHashMap<String, f64>, text: &str, w: f64) {
    for_each_feature(text, |g| *counts.entry(g.to_string()).or_default() += w);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk down the FST finds exactly the features, and sums exactly the gains, of
    /// looking each of the token's features up on its own (the shipped model; tokens of one to
    /// many letters, in several scripts, with apostrophes, absent from the model or not).
    #[test]
    fn walk_equals_feature_by_feature_lookup() {
        let m = crate::lexicon::model();
        let one_by_one = |token: &str| {
            let mut gains = vec![0u32; m.langs.len()];
            let mut features = 0u32;
            for_each_token_feature(token, |g| {
                features += 1;
                if let Some(v) = m.fst.get(g) {
                    let (start, count) = ((v >> 8) as usize * 3, (v & 0xFF) as usize);
                    for p in m.postings[start..start + count * 3].chunks_exact(3) {
                        gains[p[0] as usize] += u16::from_le_bytes([p[1], p[2]]) as u32;
                    }
                }
            });
            (features, gains)
        };
        let text = "a i the of résumé don't qu'il straße naïve zzqxj \
            всеобщая декларация прав человека 世界人权宣言 すべての人間 \
            الإعلان العالمي لحقوق الإنسان ελληνικά हिन्दी supercalifragilisticexpialidocious";
        let mut n = 0;
        for (_, t) in tokens(text) {
            let (features, gains) = m.token_gains(&t);
            assert_eq!((features, gains.to_vec()), one_by_one(&t), "{t}");
            assert!(features > 1);
            n += 1;
        }
        assert!(n >= 20, "{n} tokens");
        // Some of them are known to the model: the sums are not all zero.
        assert!(m.packable());
        assert_eq!(std::mem::size_of::<Packed>(), 12);
        assert_eq!(std::mem::size_of::<Option<Step>>(), 32);
        assert!(m.token_gains("the").1.iter().any(|&g| g > 0));
    }

    fn lang(code: &str) -> LangInfo {
        LangInfo {
            code: code.into(),
            iso3: code.into(),
            name: code.into(),
            script: "LATIN".into(),
        }
    }

    #[test]
    fn trains_scores_and_round_trips() {
        let mut a = FxHashMap::default();
        count_text(&mut a, "the cat sat on the mat with the hat", 1.0);
        let mut b = FxHashMap::default();
        count_text(&mut b, "der hund und die katze und der bär", 1.0);
        let m = Model::train(vec![lang("en"), lang("de")], vec![a, b], 1000, 0.1);
        let (s, n) = m.scores("the hat", None);
        assert!(n > 0 && s[0] > s[1]);
        let (s, _) = m.scores("und der hund", None);
        assert!(s[1] > s[0]);
        let (langs, f, p) = m.parts();
        let back = Model::from_parts(&langs, f.to_vec().into(), p.to_vec().into()).unwrap();
        assert_eq!(back.langs, m.langs);
        let (s2, _) = back.scores("und der hund", None);
        assert!((s2[1] - s[1]).abs() < 0.1, "quantisation changes little");
    }
}
