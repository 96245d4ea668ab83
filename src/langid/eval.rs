//! The seed's experiment, as a harness for any method: snippets of whole words at least L
//! characters long, cut at random positions from the **second half** of each translation
//! (which no profile saw), N per language per length, over several seeds; the median accuracy,
//! its interquartile range and the confusions.

use super::build::{CoreLang, NINE, core_langs, halves, nine_text, train_and_test};
use super::{Identifier, Options};
use crate::lexicon::ResourceError;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// One language's test words.
pub struct TestSet {
    pub code: String,
    pub words: Vec<String>,
}

/// The nine languages' second halves.
pub fn nine_sets(data: &Path) -> Result<Vec<TestSet>, ResourceError> {
    NINE.iter()
        .map(|(code, _, _, file)| {
            let (_, second) = halves(&nine_text(data, file)?);
            Ok(TestSet {
                code: code.to_string(),
                words: second.split_whitespace().map(str::to_string).collect(),
            })
        })
        .collect()
}

/// Every core language's second half (the nine from their NLTK texts).
pub fn all_sets(data: &Path) -> Result<Vec<TestSet>, ResourceError> {
    let langs: Vec<CoreLang> = core_langs(data)?;
    langs
        .iter()
        .map(|l| {
            let (_, second) = train_and_test(data, l)?;
            Ok(TestSet {
                code: l.info.code.clone(),
                words: second.split_whitespace().map(str::to_string).collect(),
            })
        })
        .collect()
}

/// Text the models never saw, in a known language: every file under `dir` (e.g. the Reuters
/// stories for English).
pub fn corpus_set(dir: &Path, code: &str) -> Result<TestSet, ResourceError> {
    let mut words = Vec::new();
    let mut paths: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| ResourceError::io(dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    for p in paths {
        let b = std::fs::read(&p).map_err(|e| ResourceError::io(&p, e))?;
        let t = crate::extract::decode_text(&p.display().to_string(), b, None).text;
        words.extend(t.split_whitespace().map(str::to_string));
    }
    if words.is_empty() {
        return Err(ResourceError::invalid(format!(
            "{}: no text",
            dir.display()
        )));
    }
    Ok(TestSet {
        code: code.to_string(),
        words,
    })
}

/// A snippet of whole words at least `min` characters long, from a random position (a start
/// whose words run out first is drawn again). Scripts written without spaces (Chinese,
/// Japanese, Thai…) are cut by characters instead.
pub fn snippet(words: &[String], min: usize, rng: &mut fastrand::Rng) -> String {
    let chars: usize = words.iter().map(|w| w.chars().count()).sum();
    if words.len() * 15 < chars {
        let all: Vec<char> = words.join(" ").chars().collect();
        let s = rng.usize(..=all.len().saturating_sub(min));
        return all[s..(s + min).min(all.len())].iter().collect();
    }
    for _ in 0..10_000 {
        let i = rng.usize(..words.len());
        let mut out = String::new();
        for w in &words[i..] {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(w);
            if out.chars().count() >= min {
                return out;
            }
        }
    }
    words.join(" ")
}

/// The harness's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    pub lengths: Vec<usize>,
    pub per_language: usize,
    pub seeds: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lengths: vec![20, 50, 100, 200, 400],
            per_language: 50,
            seeds: 30,
        }
    }
}

/// Results at one snippet length.
#[derive(Clone, Debug, Serialize)]
pub struct LengthResult {
    pub length: usize,
    /// Accuracy per seed (a verdict that names a group counts as wrong here).
    pub accuracies: Vec<f64>,
    pub median: f64,
    pub q1: f64,
    pub q3: f64,
    /// Accuracy when a group verdict that contains the right language counts as right.
    pub median_with_groups: f64,
    /// Share of verdicts that were a group or undetermined.
    pub abstained: f64,
    /// (true, answered) → count over all seeds.
    pub confusions: BTreeMap<String, u64>,
    /// Per language: accuracy over all seeds.
    pub per_language: BTreeMap<String, f64>,
}

/// Quartiles as Python's `statistics.quantiles(n=4)` (the exclusive method).
pub fn quartiles(v: &[f64]) -> (f64, f64, f64) {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    if n == 0 {
        return (0.0, 0.0, 0.0);
    }
    if n == 1 {
        return (s[0], s[0], s[0]);
    }
    let q = |p: f64| {
        let m = (n + 1) as f64 * p;
        let j = (m.floor() as usize).clamp(1, n - 1);
        let delta = m - j as f64;
        s[j - 1] + (s[j] - s[j - 1]) * delta.clamp(0.0, 1.0)
    };
    let median = if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    };
    (q(0.25), median, q(0.75))
}

/// Runs the experiment over `sets` with `opts` (its `only` restricts the answers to the
/// evaluated languages). `snippets`, when given, receives every snippet as (code, text).
pub fn run(
    sets: &[TestSet],
    opts: &Options,
    settings: &Settings,
    mut snippets: Option<&mut Vec<(String, String)>>,
) -> Vec<LengthResult> {
    let mut out = Vec::new();
    let id = Identifier::new(opts);
    for &len in &settings.lengths {
        let mut accs = Vec::new();
        let mut with_groups = Vec::new();
        let mut abstained = 0u64;
        let mut total = 0u64;
        let mut confusions: BTreeMap<String, u64> = BTreeMap::new();
        let mut right: BTreeMap<String, (u64, u64)> = BTreeMap::new();
        for seed in 0..settings.seeds {
            let mut rng = fastrand::Rng::with_seed(seed * 1000 + len as u64);
            let (mut ok, mut ok_g, mut n) = (0u64, 0u64, 0u64);
            for set in sets {
                for _ in 0..settings.per_language {
                    let s = snippet(&set.words, len, &mut rng);
                    let v = id.identify(&s);
                    if let Some(out) = snippets.as_deref_mut() {
                        out.push((set.code.clone(), s));
                    }
                    n += 1;
                    let hit = v.language == set.code;
                    let in_group = v.language.split('|').any(|c| c == set.code);
                    ok += hit as u64;
                    ok_g += in_group as u64;
                    let e = right.entry(set.code.clone()).or_default();
                    e.0 += hit as u64;
                    e.1 += 1;
                    if !v.is_single() {
                        abstained += 1;
                    }
                    if !hit {
                        *confusions
                            .entry(format!("{}→{}", set.code, v.language))
                            .or_default() += 1;
                    }
                }
            }
            total += n;
            accs.push(ok as f64 / n.max(1) as f64);
            with_groups.push(ok_g as f64 / n.max(1) as f64);
        }
        let (q1, median, q3) = quartiles(&accs);
        out.push(LengthResult {
            length: len,
            median,
            q1,
            q3,
            median_with_groups: quartiles(&with_groups).1,
            abstained: abstained as f64 / total.max(1) as f64,
            accuracies: accs,
            confusions,
            per_language: right
                .into_iter()
                .map(|(k, (a, b))| (k, a as f64 / b.max(1) as f64))
                .collect(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartiles_match_python() {
        // statistics.quantiles([1..=9], n=4) == [2.5, 5.0, 7.5]
        let v: Vec<f64> = (1..=9).map(|x| x as f64).collect();
        assert_eq!(quartiles(&v), (2.5, 5.0, 7.5));
        let w: Vec<f64> = (1..=4).map(|x| x as f64).collect();
        assert_eq!(quartiles(&w), (1.25, 2.5, 3.75));
    }

    #[test]
    fn snippets_are_whole_words_long_enough() {
        let words: Vec<String> = "one two three four five six seven eight nine ten"
            .split(' ')
            .map(str::to_string)
            .collect();
        let mut rng = fastrand::Rng::with_seed(1);
        for _ in 0..50 {
            let s = snippet(&words, 12, &mut rng);
            assert!(s.chars().count() >= 12, "{s}");
            assert!(s.split(' ').all(|w| words.contains(&w.to_string())), "{s}");
        }
    }
}
