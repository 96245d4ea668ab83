//! The corpus's term table, laid out for the one operation done per token: find the term and
//! count it.
//!
//! A table of a million terms does not fit in the caches, so each probe costs cache misses. An
//! insertion-ordered map of `String → record` paid four per token (the hash slot, the index
//! slot, the entry, the heap copy of the key). Here the probed part is a [`Slot`] of 48 bytes
//! with the term stored inline when it is short (nearly all are), the term frequency and the
//! per-document counters, probed in place: two misses at most. Everything else about a term
//! (document frequency, flags, mix-ups, examples, cached lookups) is a [`TermAcc`] in a side
//! vector, touched only at a term's first occurrence in a document and at flagged ones.

use super::TermAcc;
use compact_str::CompactString;
use hashbrown::HashTable;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::hash::BuildHasher;

/// The probed part of a term.
#[derive(Clone, Debug)]
struct Slot {
    term: CompactString,
    tf: u64,
    /// Stamp of the document last seen (0: none), and the term's occurrences in it (counted
    /// here, in the slot the probe has just brought into the cache, rather than in the
    /// document's list: that second random access was an eighth of the counting time on
    /// large files).
    doc: u32,
    n: u32,
    /// Index of the term's [`TermAcc`].
    acc: u32,
}

/// The corpus's terms: term frequency and [`TermAcc`] per lower-cased term.
#[derive(Clone, Debug, Default)]
pub struct Terms {
    slots: HashTable<Slot>,
    accs: Vec<TermAcc>,
    /// Bumped whenever slots may have moved (the table grew or was rebuilt), which makes the
    /// bucket indices kept in [`DocTerm`]s stale.
    generation: u32,
}

/// One term of the document being counted.
#[derive(Clone, Copy, Debug)]
pub struct DocTerm {
    /// Index of the term's [`TermAcc`] (see [`Terms::acc_mut`]).
    pub acc: u32,
    /// Where the term's slot was (its bucket), while the table's generation is unchanged.
    generation: u32,
    bucket: usize,
    /// The term's place in [`DocTerms::text`] (a unit's text may pass 4 GB when the input
    /// limit is raised: offsets are not narrowed).
    start: usize,
    end: usize,
}

/// The distinct terms of the document being counted, in order of first occurrence.
#[derive(Clone, Debug, Default)]
pub struct DocTerms {
    terms: Vec<DocTerm>,
    /// The terms' text, one after another (a copy: the table's slots move as it grows).
    text: String,
}

impl DocTerms {
    pub fn clear(&mut self) {
        self.terms.clear();
        self.text.clear();
    }

    /// Each distinct term with its text.
    pub fn iter(&self) -> impl Iterator<Item = (&str, DocTerm)> {
        self.terms.iter().map(|t| (&self.text[t.start..t.end], *t))
    }
}

/// What [`Terms::count`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Index of the term's [`TermAcc`].
    pub acc: u32,
    /// The term's first occurrence in this document.
    pub first: bool,
}

/// A term with its counts, as the report and the partial file see it.
#[derive(Clone, Copy, Debug)]
pub struct TermRef<'a> {
    pub term: &'a str,
    pub tf: u64,
    pub acc: &'a TermAcc,
}

/// The hash of a term (the same for a `&str` and a stored [`CompactString`]).
fn hash(term: &str) -> u64 {
    rustc_hash::FxBuildHasher.hash_one(term)
}

/// `a == b`, without a call to `memcmp` for the short terms that make up nearly every probe
/// (the call was 3 % of an audit of large files): two overlapping loads from each end.
#[inline]
fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().expect("8"));
    let half = |s: &[u8], at: usize| u32::from_le_bytes(s[at..at + 4].try_into().expect("4"));
    match n {
        0 => true,
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=7 => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        _ => a == b,
    }
}

/// The slot of a term new to the table, its record pushed onto `accs`.
fn new_slot(accs: &mut Vec<TermAcc>, term: CompactString, tf: u64, acc: TermAcc) -> Slot {
    let i = u32::try_from(accs.len()).expect("fewer than 2^32 terms");
    accs.push(acc);
    Slot {
        term,
        tf,
        doc: 0,
        n: 0,
        acc: i,
    }
}

impl Terms {
    /// Distinct terms.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Counts one occurrence of `term` in the document stamped `doc` (stamps are non-zero and
    /// new for each document), listing the document's distinct terms in `seen`.
    #[inline]
    pub fn count(&mut self, term: &str, doc: u32, seen: &mut DocTerms) -> Counted {
        let h = hash(term);
        let (bucket, slot) = match self.slots.find_entry(h, |s| same(&s.term, term)) {
            Ok(e) => (e.bucket_index(), e.into_mut()),
            Err(absent) => {
                let slots = absent.into_table();
                let before = slots.num_buckets();
                let slot = new_slot(&mut self.accs, term.into(), 0, TermAcc::default());
                let bucket = slots
                    .insert_unique(h, slot, |s| hash(&s.term))
                    .bucket_index();
                if slots.num_buckets() != before {
                    self.generation = self.generation.wrapping_add(1);
                }
                (bucket, slots.get_bucket_mut(bucket).expect("just inserted"))
            }
        };
        slot.tf += 1;
        if slot.doc == doc {
            slot.n = slot.n.saturating_add(1);
            return Counted {
                acc: slot.acc,
                first: false,
            };
        }
        slot.doc = doc;
        slot.n = 1;
        let start = seen.text.len();
        seen.text.push_str(term);
        seen.terms.push(DocTerm {
            acc: slot.acc,
            generation: self.generation,
            bucket,
            start,
            end: seen.text.len(),
        });
        Counted {
            acc: slot.acc,
            first: true,
        }
    }

    /// Occurrences of `t` (listed in `seen` by [`Terms::count`]) in the document just counted.
    pub fn occurrences(&self, seen: &DocTerms, t: &DocTerm) -> u32 {
        let slot = if t.generation == self.generation {
            self.slots.get_bucket(t.bucket)
        } else {
            // The table grew since: find the slot again.
            let term = &seen.text[t.start..t.end];
            self.slots.find(hash(term), |s| same(&s.term, term))
        };
        slot.map_or(0, |s| s.n)
    }

    /// Every term's [`TermAcc`], to rewrite their examples (see `Partial::rebase`).
    pub fn accs_mut(&mut self) -> impl Iterator<Item = &mut TermAcc> {
        self.accs.iter_mut()
    }

    /// The [`TermAcc`] of a [`Counted`] or [`DocTerm`].
    pub fn acc_mut(&mut self, acc: u32) -> &mut TermAcc {
        &mut self.accs[acc as usize]
    }

    /// Every term, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = TermRef<'_>> {
        self.slots.iter().map(|s| self.term_ref(s))
    }

    /// One term's counts.
    pub fn get(&self, term: &str) -> Option<TermRef<'_>> {
        self.slots
            .find(hash(term), |s| same(&s.term, term))
            .map(|s| self.term_ref(s))
    }

    fn term_ref<'a>(&'a self, s: &'a Slot) -> TermRef<'a> {
        TermRef {
            term: &s.term,
            tf: s.tf,
            acc: &self.accs[s.acc as usize],
        }
    }

    /// Adds `tf` occurrences and the record `acc` of `term` (keeping `keep` examples).
    fn add(&mut self, term: CompactString, tf: u64, acc: TermAcc, keep: usize) {
        let h = hash(&term);
        match self.slots.find_mut(h, |s| same(&s.term, &term)) {
            Some(s) => {
                // Saturating: a merged partial may hold any count (see `Partial::implausible`).
                s.tf = s.tf.saturating_add(tf);
                self.accs[s.acc as usize].merge(acc, keep);
            }
            None => {
                let slot = new_slot(&mut self.accs, term, tf, acc);
                self.slots.insert_unique(h, slot, |s| hash(&s.term));
                self.generation = self.generation.wrapping_add(1);
            }
        }
    }

    /// Folds `other` into `self` (the smaller table into the larger).
    pub fn merge(&mut self, other: Terms, keep: usize) {
        let (mut big, small) = if self.len() >= other.len() {
            (std::mem::take(self), other)
        } else {
            (other, std::mem::take(self))
        };
        // Document stamps belong to the thread that counted; the merged table starts afresh.
        for s in big.slots.iter_mut() {
            s.doc = 0;
        }
        let Terms {
            slots,
            mut accs,
            generation,
        } = small;
        big.generation = big.generation.max(generation).wrapping_add(1);
        // Room for all of them at once: one rehash at most, not one per doubling.
        big.slots.reserve(slots.len(), |s| hash(&s.term));
        for s in slots {
            let acc = std::mem::take(&mut accs[s.acc as usize]);
            big.add(s.term, s.tf, acc, keep);
        }
        *self = big;
    }

    /// Drops the terms whose frequency is at most `cut`; returns how many.
    pub fn drop_up_to(&mut self, cut: u64) -> usize {
        let before = self.len();
        self.generation = self.generation.wrapping_add(1);
        self.slots.retain(|s| s.tf > cut);
        // The side vector follows, in the slots' order.
        let mut accs = Vec::with_capacity(self.slots.len());
        for s in self.slots.iter_mut() {
            accs.push(std::mem::take(&mut self.accs[s.acc as usize]));
            s.acc = (accs.len() - 1) as u32;
        }
        self.accs = accs;
        before - self.len()
    }

    /// The term frequencies, for choosing a cut.
    pub fn tfs(&self) -> Vec<u64> {
        self.slots.iter().map(|s| s.tf).collect()
    }
}

/// A term's record in a partial file (`tf` beside the [`TermAcc`] fields).
#[derive(Serialize)]
struct RecordRef<'a> {
    tf: u64,
    df: u64,
    flags: &'a BTreeMap<super::Flag, u64>,
    mixups: &'a BTreeMap<String, u64>,
    examples: &'a [super::Example],
}

#[derive(Deserialize)]
struct Record {
    tf: u64,
    df: u64,
    flags: BTreeMap<super::Flag, u64>,
    mixups: BTreeMap<String, u64>,
    examples: Vec<super::Example>,
}

/// A map from term to record, in term order (so a partial file is stable).
impl Serialize for Terms {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut all: Vec<TermRef<'_>> = self.iter().collect();
        all.sort_unstable_by(|a, b| a.term.cmp(b.term));
        let mut map = s.serialize_map(Some(all.len()))?;
        for t in all {
            let r = RecordRef {
                tf: t.tf,
                df: t.acc.df,
                flags: t.acc.flags(),
                mixups: t.acc.mixups(),
                examples: &t.acc.examples,
            };
            map.serialize_entry(t.term, &r)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Terms {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Terms, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Terms;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map from term to counts")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Terms, A::Error> {
                let mut t = Terms::default();
                while let Some((term, r)) = m.next_entry::<String, Record>()? {
                    let acc = TermAcc::with(r.df, r.flags, r.mixups, r.examples);
                    // A term listed twice adds up (no example limit is known here).
                    t.add(term.into(), r.tf, acc, usize::MAX);
                }
                Ok(t)
            }
        }
        d.deserialize_map(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The short comparison agrees with `==` on every pair of short strings over a small
    /// alphabet (every length up to 17, differences at every place).
    #[test]
    fn same_is_equality() {
        let words: Vec<String> = (0..=17)
            .flat_map(|n| {
                (0..=n).map(move |k| {
                    (0..n)
                        .map(|i| if i == k { 'b' } else { 'a' })
                        .collect::<String>()
                })
            })
            .collect();
        for a in &words {
            for b in &words {
                assert_eq!(same(a, b), a == b, "{a:?} {b:?}");
            }
        }
        assert!(same("résumé", "résumé") && !same("résumé", "resume"));
    }

    #[test]
    fn counts_terms_and_documents() {
        let mut t = Terms::default();
        let mut seen = DocTerms::default();
        let long = "a-term-much-longer-than-the-inline-capacity";
        for (doc, words) in [(1, ["b", "a", "b", long]), (2, [long, "b", "c", "c"])] {
            seen.clear();
            let firsts: Vec<bool> = words
                .iter()
                .map(|w| {
                    let c = t.count(w, doc, &mut seen);
                    if c.first {
                        t.acc_mut(c.acc).df += 1;
                    }
                    c.first
                })
                .collect();
            if doc == 1 {
                assert_eq!(firsts, [true, true, false, true]);
                let got: Vec<(&str, u32)> = seen
                    .iter()
                    .map(|(w, d)| (w, t.occurrences(&seen, &d)))
                    .collect();
                assert_eq!(got, [("b", 2), ("a", 1), (long, 1)]);
            }
        }
        let tf_df = |t: &Terms, w: &str| t.get(w).map(|r| (r.tf, r.acc.df));
        assert_eq!(tf_df(&t, "b"), Some((3, 2)));
        assert_eq!(tf_df(&t, long), Some((2, 2)));
        assert_eq!(tf_df(&t, "c"), Some((2, 1)));
        assert_eq!(tf_df(&t, "d"), None);
        assert_eq!(t.len(), 4);
        // Dropping keeps each survivor's record with it.
        assert_eq!(t.drop_up_to(1), 1);
        assert_eq!(tf_df(&t, "b"), Some((3, 2)));
        assert_eq!(tf_df(&t, long), Some((2, 2)));
        assert_eq!(tf_df(&t, "a"), None);
    }

    /// A document's occurrences are right for terms counted before and after the table grew
    /// (their buckets then moved), and for a document that did not grow it.
    #[test]
    fn occurrences_survive_growth() {
        let mut t = Terms::default();
        let mut seen = DocTerms::default();
        let words: Vec<String> = (0..5000).map(|i| format!("w{i}")).collect();
        for (doc, reps) in [(1u32, 3usize), (2, 2)] {
            seen.clear();
            let before = t.generation;
            for r in 0..reps {
                for (i, w) in words.iter().enumerate() {
                    // Every term `reps` times, and `w0` once more.
                    t.count(w, doc, &mut seen);
                    if i == 0 && r == 0 {
                        t.count(w, doc, &mut seen);
                    }
                }
            }
            assert_eq!(
                doc == 1,
                t.generation != before,
                "only the first document grows it"
            );
            let got: Vec<u32> = seen.iter().map(|(_, d)| t.occurrences(&seen, &d)).collect();
            let mut want = vec![reps as u32; words.len()];
            want[0] += 1;
            assert_eq!(got, want, "document {doc}");
        }
    }

    #[test]
    fn merges_and_round_trips_through_json() {
        let mut seen = DocTerms::default();
        let mut a = Terms::default();
        let mut b = Terms::default();
        for w in ["x", "y", "y"] {
            let c = a.count(w, 1, &mut seen);
            a.acc_mut(c.acc).df += c.first as u64;
        }
        seen.clear();
        for w in ["y", "z"] {
            let c = b.count(w, 1, &mut seen);
            b.acc_mut(c.acc).df += c.first as u64;
        }
        a.merge(b, 3);
        let tf_df = |t: &Terms, w: &str| t.get(w).map(|r| (r.tf, r.acc.df));
        assert_eq!(tf_df(&a, "y"), Some((3, 2)));
        assert_eq!(tf_df(&a, "z"), Some((1, 1)));
        let json = serde_json::to_string(&a).unwrap();
        assert!(json.starts_with(r#"{"x":{"tf":1,"df":1,"#), "{json}");
        let back: Terms = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        // A merged table counts new documents from scratch.
        seen.clear();
        assert!(a.count("y", 1, &mut seen).first);
    }
}
