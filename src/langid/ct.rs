//! Cavnar and Trenkle's classifier (1994, §3.2), as the seed reproduces it: a profile is the
//! list of a text's n-grams sorted by frequency (ties by the n-gram itself), ranks from 0,
//! the top 300 kept; a document's distance to a language adds, for every n-gram of the
//! document's profile, how far its rank is from its rank in the language profile, or a fixed
//! maximum (300) when the language profile lacks it. The smallest total wins.

use super::ngrams::{MAX_N, for_each_gram, tokens};
use rustc_hash::FxHashMap;

/// Profile size, and the penalty for an absent n-gram.
pub const PROFILE_SIZE: usize = 300;

/// A ranked n-gram profile.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Profile {
    /// N-grams, most frequent first.
    pub grams: Vec<String>,
    rank: FxHashMap<String, u32>,
}

impl Profile {
    /// The profile of `text`, keeping the `keep` most frequent n-grams (all with `usize::MAX`).
    pub fn of_text(text: &str, keep: usize) -> Profile {
        let mut counts: FxHashMap<String, u32> = FxHashMap::default();
        for (_, t) in tokens(text) {
            for_each_gram(&t, MAX_N, |g| {
                *counts.entry(g.to_string()).or_default() += 1
            });
        }
        let mut items: Vec<(String, u32)> = counts.into_iter().collect();
        // Most frequent first; equal counts in the n-gram's own (code point) order.
        items.sort_unstable_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        items.truncate(keep);
        Profile::from_ranked(items.into_iter().map(|(g, _)| g).collect())
    }

    /// A profile from n-grams already in rank order.
    pub fn from_ranked(grams: Vec<String>) -> Profile {
        let rank = grams
            .iter()
            .enumerate()
            .map(|(i, g)| (g.clone(), i as u32))
            .collect();
        Profile { grams, rank }
    }

    /// The rank of `g`, if the profile has it.
    pub fn rank(&self, g: &str) -> Option<u32> {
        self.rank.get(g).copied()
    }

    pub fn len(&self) -> usize {
        self.grams.len()
    }

    pub fn is_empty(&self) -> bool {
        self.grams.is_empty()
    }
}

/// The ranked n-grams of a short text without a map or an allocation per n-gram: every
/// n-gram goes into one buffer, the spans are sorted, equal runs counted. Same order as
/// [`Profile::of_text`] (count, then the n-gram).
pub fn ranked_grams(text: &str) -> (String, Vec<(u32, u32)>) {
    let mut buf = String::new();
    let mut spans: Vec<(u32, u32)> = Vec::new();
    for (_, t) in tokens(text) {
        for_each_gram(&t, MAX_N, |g| {
            let s = buf.len() as u32;
            buf.push_str(g);
            spans.push((s, buf.len() as u32));
        });
    }
    let get = |sp: &(u32, u32)| &buf[sp.0 as usize..sp.1 as usize];
    spans.sort_unstable_by(|a, b| get(a).cmp(get(b)));
    let mut counted: Vec<((u32, u32), u32)> = Vec::new();
    for sp in spans {
        match counted.last_mut() {
            Some((last, n)) if get(last) == get(&sp) => *n += 1,
            _ => counted.push((sp, 1)),
        }
    }
    counted.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| get(&a.0).cmp(get(&b.0))));
    let ranked = counted.into_iter().map(|(sp, _)| sp).collect();
    (buf, ranked)
}

/// An n-gram of at most 16 bytes as a number whose order is the string's byte order (the
/// bytes left-aligned, zero-padded: a prefix sorts first, as in string order).
fn key(g: &str) -> Option<u128> {
    let b = g.as_bytes();
    if b.len() > 16 {
        return None;
    }
    let mut k = [0u8; 16];
    k[..b.len()].copy_from_slice(b);
    Some(u128::from_be_bytes(k))
}

/// Every language's rank of each n-gram, for scoring all profiles with one lookup per n-gram.
#[derive(Clone, Debug, Default)]
pub struct RankTable {
    /// N-grams of up to 16 bytes (nearly all) by numeric key.
    short: FxHashMap<u128, Vec<(u8, u16)>>,
    long: FxHashMap<String, Vec<(u8, u16)>>,
    langs: usize,
}

impl RankTable {
    pub fn new(profiles: &[Profile]) -> RankTable {
        let mut t = RankTable {
            langs: profiles.len(),
            ..Default::default()
        };
        for (li, p) in profiles.iter().enumerate() {
            for (r, g) in p.grams.iter().enumerate() {
                let e = (li as u8, r as u16);
                match key(g) {
                    Some(k) => t.short.entry(k).or_default().push(e),
                    None => t.long.entry(g.clone()).or_default().push(e),
                }
            }
        }
        t
    }

    /// The out-of-place distance of `text` to every profile. The text's n-grams are ranked
    /// by count, then by the n-gram (as [`Profile::of_text`]), using numeric keys, so a short
    /// text costs a few sorts of integers.
    pub fn distances(&self, text: &str) -> Vec<u64> {
        let mut shorts: Vec<u128> = Vec::new();
        let mut longs: Vec<String> = Vec::new();
        for (_, t) in tokens(text) {
            for_each_gram(&t, MAX_N, |g| match key(g) {
                Some(k) => shorts.push(k),
                None => longs.push(g.to_string()),
            });
        }
        if !longs.is_empty() {
            // Rare (n-grams of 17+ bytes: long letters of some scripts): the general path.
            return self.distances_general(text);
        }
        shorts.sort_unstable();
        let mut counted: Vec<(u32, u128)> = Vec::with_capacity(shorts.len());
        for k in shorts {
            match counted.last_mut() {
                Some((n, last)) if *last == k => *n += 1,
                _ => counted.push((1, k)),
            }
        }
        counted.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let n = counted.len() as u64;
        let mut d = vec![n * PROFILE_SIZE as u64; self.langs];
        for (i, (_, k)) in counted.iter().enumerate() {
            if let Some(entries) = self.short.get(k) {
                for &(li, r) in entries {
                    let di = &mut d[li as usize];
                    *di = *di - PROFILE_SIZE as u64 + (r as i64 - i as i64).unsigned_abs();
                }
            }
        }
        d
    }

    fn distances_general(&self, text: &str) -> Vec<u64> {
        let (buf, ranked) = ranked_grams(text);
        let n = ranked.len() as u64;
        let mut d = vec![n * PROFILE_SIZE as u64; self.langs];
        for (i, sp) in ranked.iter().enumerate() {
            let g = &buf[sp.0 as usize..sp.1 as usize];
            let entries = match key(g) {
                Some(k) => self.short.get(&k),
                None => self.long.get(g),
            };
            for &(li, r) in entries.into_iter().flatten() {
                let di = &mut d[li as usize];
                *di = *di - PROFILE_SIZE as u64 + (r as i64 - i as i64).unsigned_abs();
            }
        }
        d
    }
}

/// One row of the seed's table: an n-gram of the document and what it adds.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub gram: String,
    pub doc_rank: u32,
    /// Rank in the language profile, `None` when absent.
    pub lang_rank: Option<u32>,
    pub adds: u32,
}

/// The out-of-place distance of `doc` to `lang`, and how many n-grams were absent.
pub fn distance(doc: &Profile, lang: &Profile) -> (u64, u32) {
    let mut total = 0u64;
    let mut absent = 0u32;
    for (i, g) in doc.grams.iter().enumerate() {
        match lang.rank(g) {
            Some(r) => total += (r as i64 - i as i64).unsigned_abs(),
            None => {
                total += PROFILE_SIZE as u64;
                absent += 1;
            }
        }
    }
    (total, absent)
}

/// The distance row by row (for `langid explain`).
pub fn rows(doc: &Profile, lang: &Profile) -> Vec<Row> {
    doc.grams
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let r = lang.rank(g);
            Row {
                gram: g.clone(),
                doc_rank: i as u32,
                lang_rank: r,
                adds: r.map_or(PROFILE_SIZE as u32, |r| {
                    (r as i64 - i as i64).unsigned_abs() as u32
                }),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_ties_and_distance() {
        let p = Profile::of_text("aab", usize::MAX);
        // a×2, then b, _a, aa, ab, b_, … with count 1 in code point order ('_' < 'a').
        assert_eq!(p.grams[0], "a");
        assert_eq!(p.rank("_a"), Some(1));
        let (buf, ranked) = ranked_grams("aab");
        let fast: Vec<&str> = ranked
            .iter()
            .map(|s| &buf[s.0 as usize..s.1 as usize])
            .collect();
        assert_eq!(fast, p.grams, "the fast ranking agrees with the profile");
        let table = RankTable::new(std::slice::from_ref(&p));
        assert_eq!(table.distances("aab"), vec![0]);
        assert_eq!(table.distances_general("aab"), vec![0]);
        assert!(key("ab") < key("ab_") && key("a_") < key("aa") && key("z") < key("é"));
        let doc = Profile::from_ranked(vec!["a".into(), "zz".into()]);
        assert_eq!(distance(&doc, &p), (300, 1));
        let r = rows(&doc, &p);
        assert_eq!(r[1].adds, 300);
    }
}
