//! Which readings reach the weighing of words: the C1 controls a reading may hold as damage
//! ([`c1_tolerated`]), and the few readings whose words are weighed ([`preselect`]).

use super::letters::{unruled, unwritten};
use super::{Features, MAX_WEIGHED, Reading, RuledOut};
use crate::decode::charset::Charset;
use crate::encoding::is_c1;
use encoding_rs::Encoding;
use unicode_script::Script;

/// How many C1 controls (U+0080–U+009F) a reading in `enc` of `units` non-ASCII characters
/// may hold and still be weighed. For ISO 8859, one in ten (two at least): windows-125x
/// letters, quotes and dashes typed into ISO 8859 text (an editor on Windows: `š` as 9A in
/// Lithuanian ISO-8859-4, `„…“` as 84 93 in Czech ISO-8859-2) are C1 controls in its true
/// reading, and the `controls` feature weighs them (its weight fitted with such damaged text,
/// scripts/make_damaged_devset.py). Elsewhere a C1 control is a byte the code page leaves
/// undefined (WHATWG maps windows-1252's 81 to U+0081): as many as decoding errors, one in two
/// hundred. One in twenty (session 32) ruled out damage as dense as a Hungarian ISO-8859-16 page
/// with 34 windows quotes in 10 KB; at one in ten, damaged ISO files of the damaged seeds 1 and
/// 2 read wrong 36 → 29 and 42 → 32, and no verdict of the clean seeds 1–4 or the NLTK UDHR
/// files changes; at one in five, 26 and 27, but NLTK's font-hacked Azeri Cyrillic is cut in
/// five parts instead of two.
pub(super) fn c1_tolerated(enc: &'static Encoding, units: usize) -> usize {
    if is_iso_8859(Charset::Whatwg(enc)) {
        (units / 10).max(2)
    } else {
        (units / 200).max(1)
    }
}

/// The readings whose words are weighed, taken out of `all` (sorted best first by character
/// score): the best [`MAX_WEIGHED`] − 3; the reading nearest the best, when it is not among
/// them; the best reading whose only flaw is a few controls (text damaged by a few bytes, see
/// [`c1_tolerated`]); the best of each script not yet among them; then the next best. Many
/// readings have no character flaw at all; by score alone the Latin ones (the most numerous)
/// would fill every place, and an Arabic or Greek reading that reads every word — or
/// x-mac-cyrillic beside a windows-1251 that reads its capitals as punctuation (`—лен` for
/// `Член`) — might never be weighed.
pub(super) fn preselect(all: &mut Vec<Reading>, damaged: &[Charset]) -> Vec<Reading> {
    let mut take: Vec<usize> = (0..all.len().min(MAX_WEIGHED - 3)).collect();
    // The reading nearest the best (fewest characters read otherwise), when none of the
    // best is: the competitor that parts from it on a few letters only.
    // Compared character by character: only readings of as many characters (single-byte
    // encodings, one character a byte) are aligned.
    let chars = all.first().map_or(0, |r| r.text.chars().count());
    let nearest = |i: usize| {
        (all[i].text.chars().count() == chars).then(|| {
            (all[0].text.chars())
                .zip(all[i].text.chars())
                .filter(|(x, y)| x != y)
                .count()
        })
    };
    let first = take.len();
    let best = take
        .iter()
        .skip(1)
        .filter_map(|&t| nearest(t))
        .min()
        .unwrap_or(usize::MAX);
    if let Some((_, i)) = (first..all.len())
        .filter_map(|i| nearest(i).map(|n| (n, i)))
        .filter(|&(n, _)| n < best)
        .min()
    {
        take.push(i);
    }
    // The best reading whose only flaw is a few controls (text damaged by a few bytes of
    // another encoding, see [`c1_tolerated`]): the readings without controls may read as
    // cleanly, and only the words tell. Readings damaged alike (ISO 8859 parts share their
    // C1 bytes) go by the letters one language writes, then by a standard alphabet (Esperanto's
    // ISO-8859-3 `ĉiu` against ISO-8859-15's `æiu`, whose letters some word lists hold too),
    // then by how few characters part them from the best reading: the bytes were typed in a
    // code page of the text's own region (Czech ISO-8859-2 with a windows dash beside
    // windows-1250's `kaľdý` against ISO-8859-15's `Èlánek kaÿdý`, all letters Welsh writes).
    let hurt: Vec<usize> = (0..all.len())
        .filter(|&i| is_damaged(&all[i], damaged))
        .collect();
    let top = hurt.iter().map(|&i| all[i].score).reduce(f64::max);
    if let Some(i) = (hurt.into_iter())
        .filter(|&i| Some(all[i].score) == top)
        .min_by_key(|&i| {
            let apart = nearest(i).unwrap_or(usize::MAX);
            (unwritten(&all[i].text), unruled(&all[i].text), apart)
        })
        && !take.contains(&i)
    {
        take.push(i);
    }
    for i in first..all.len() {
        if take.len() >= MAX_WEIGHED {
            break;
        }
        if all[i].script.is_some()
            && !take.contains(&i)
            && take.iter().all(|&t| all[t].script != all[i].script)
        {
            take.push(i);
        }
    }
    for i in 0..all.len() {
        if take.len() >= MAX_WEIGHED {
            break;
        }
        if !take.contains(&i) {
            take.push(i);
        }
    }
    take.sort_unstable();
    let mut out = Vec::with_capacity(take.len());
    for &i in take.iter().rev() {
        out.push(all.remove(i));
    }
    out.reverse();
    out
}

/// A reading without any character flaw but controls: no decoding error, no odd character, no
/// letter of an alien script, no word of mixed scripts.
fn reads_cleanly(f: &Features) -> bool {
    f.errors == 0.0 && f.odd == 0.0 && f.alien == 0.0 && f.mixed == 0.0
}

/// Rules out after all the readings kept despite their C1 controls ([`c1_tolerated`]) that
/// have another flaw: damage is a few bytes in text that reads cleanly, a misreading has flaws
/// of every kind. Their reasons move from `tolerated` to `ruled_out`; returns the encodings of
/// the damaged readings that stay, whose controls count per [`DAMAGE_PER`] high characters at
/// least: two quotes typed into 15 accented letters are no denser damage than into 150 (per
/// 15, the `controls` feature made them 13 and a Polish ISO-8859-2 file windows-1250 at 1.00).
pub(super) fn drop_flawed_tolerated(
    all: &mut Vec<Reading>,
    tolerated: Vec<RuledOut>,
    ruled_out: &mut Vec<RuledOut>,
) -> Vec<Charset> {
    let (flawed, kept): (Vec<RuledOut>, Vec<RuledOut>) = tolerated.into_iter().partition(|t| {
        all.iter()
            .any(|r| r.members.contains(&t.name) && !reads_cleanly(&r.features))
    });
    all.retain(|r| !flawed.iter().any(|t| r.members.contains(&t.name)));
    ruled_out.extend(flawed.into_iter().map(|mut t| {
        t.why.push_str(", and it reads with other flaws");
        t
    }));
    let kept: Vec<Charset> = kept.into_iter().map(|t| t.name).collect();
    for r in all.iter_mut() {
        if r.members.iter().any(|m| kept.contains(m)) {
            let high = r.text.chars().filter(|c| !c.is_ascii()).count().max(1);
            r.features.controls *= high as f64 / high.max(DAMAGE_PER) as f64;
        }
    }
    kept
}

/// The fewest high characters the controls of a damaged reading are counted over (see
/// [`drop_flawed_tolerated`]). With it, damaged ISO 8859 files of 256 bytes (dev seed 2, about
/// 15 high characters each) are read right 63 → 80 %; clean verdicts are unchanged.
const DAMAGE_PER: usize = 100;

/// Sets each reading's selecting score (which picks the three that compare their own words).
/// A damaged reading (one of the encodings `damaged`, kept by [`drop_flawed_tolerated`]) is
/// scored blind to its controls, so that it competes on its words with the readings without
/// controls (the final score weighs the controls) — unless a reading without controls reads
/// the same text with letters where it has controls: that one explains the bytes without any
/// damage.
pub(super) fn select_scores(out: &mut [Reading], damaged: &[Charset]) {
    let blind: Vec<bool> = (0..out.len())
        .map(|i| {
            is_damaged(&out[i], damaged)
                && !out
                    .iter()
                    .any(|o| o.features.controls == 0.0 && same_but_controls(&o.text, &out[i].text))
        })
        .collect();
    for (r, blind) in out.iter_mut().zip(blind) {
        r.score = if blind {
            Features {
                controls: 0.0,
                ..r.features.clone()
            }
            .select_score()
        } else {
            r.features.select_score()
        };
    }
}

/// How many readings compare their own words (`own_words`) and look again at telling bytes,
/// but for a damaged one ([`compared_first`]).
const COMPARED: usize = 3;

/// Orders `out` (sorted best first by selecting score) so that its first readings are those
/// that compare their own words (`own_words`), and returns how many: [`COMPARED`], or one
/// more for a damaged reading. A damaged reading that a better one without controls reads
/// letter for letter ([`same_but_controls`]: windows-1257 beside ISO-8859-13 with two quotes
/// typed in) gives up its place: the two share every word, so each would leave the other no
/// own word, and a misreading would be left the only one judged by its words (a 10 KB
/// Lithuanian file became windows-1252 at 0.60). So does a reading with undefined bytes whose
/// words a better, flawless one reads alike (windows-1257 beside ISO-8859-13 with ISO-8859-13's
/// own quotes `„“`, A5 and B4: Latvian and Lithuanian sentences of 120–400 bytes with a pair of
/// them went to windows-1252 in 95 of 100 over two draws, now none,
/// `scripts/baltic_quotes_eval.py`). The best blind damaged reading (one no
/// reading without controls explains) joins them when no damaged reading is among them: its
/// controls aside, only its words can tell it from the readings without controls, yet it
/// ranks low by prior and chardetng (a Czech ISO-8859-2 file with one dash typed in came
/// fourth, and windows-1250's `kaľdý` won). It joins rather than takes the third place, which
/// may be the truth (x-mac-cyrillic beside windows-1251, with ISO-8859-5 damaged by the
/// capitals it reads as controls).
pub(super) fn compared_first(out: &mut [Reading], damaged: &[Charset]) -> usize {
    let explains = |o: &Reading, r: &Reading| {
        !std::ptr::eq(o, r) && o.features.controls == 0.0 && same_but_controls(&o.text, &r.text)
    };
    // A reading with undefined bytes that a better, flawless one reads word for word: the
    // same twins the other way round (windows-1257 beside ISO-8859-13 with the quotes `„“`
    // of ISO-8859-13 in it, which windows-1257 does not define).
    let echoes = |o: &Reading, r: &Reading| {
        !std::ptr::eq(o, r)
            && r.features.errors > 0.0
            && o.features.errors == 0.0
            && o.features.controls == 0.0
            && !o.vocabulary.is_empty()
            && o.vocabulary == r.vocabulary
    };
    // A damaged reading in the first places whose twin ranks above it goes after the rest.
    let mut i = 0;
    let mut end = out.len();
    while i < COMPARED.min(end) {
        let twin = |o: &Reading| {
            (is_damaged(&out[i], damaged) && explains(o, &out[i])) || echoes(o, &out[i])
        };
        if out[..i].iter().any(twin) {
            out[i..end].rotate_left(1);
            end -= 1;
        } else {
            i += 1;
        }
    }
    let k = COMPARED.min(out.len());
    // The reading whose differing words are most often words of its language (more than half)
    // joins the compared ones where the selecting weights left it out: they weigh a share of
    // known words below a share of unknown ones (the own-word comparison carries the words'
    // evidence), so Esperanto ISO-8859-3 that read 40 of 44 words as Esperanto's was never
    // compared with the windows-1252 misreading that won. (A count instead of the share
    // brought ISO-8859-2's 6 of 7 against windows-1250's 5 of 5 and lost a Croatian page.)
    // Not Chinese or Japanese readings, whose words are single characters that a list holds by
    // the thousand (GBK made 16 of 25 "words" of UTF-8 and windows-1252 bytes). One reading
    // joins at most: this one takes the place a blind damaged reading gets below.
    let share = |r: &Reading| {
        if r.script
            .is_some_and(|s| matches!(s, Script::Han | Script::Hiragana | Script::Katakana))
        {
            return 0.0;
        }
        r.features.known_words as f64 / r.features.words.max(1) as f64
    };
    let best_in = out[..k].iter().map(share).fold(0.0, f64::max);
    if let Some(j) = (k..end).fold(None, |b: Option<usize>, j| match b {
        Some(b) if share(&out[b]) >= share(&out[j]) => Some(b),
        _ => Some(j),
    }) && share(&out[j]) > best_in
        && share(&out[j]) > 0.5
    {
        out[k..=j].rotate_right(1);
        return k + 1;
    }
    if k < 2 || out[..k].iter().any(|r| is_damaged(r, damaged)) {
        return k;
    }
    let blind =
        |j: usize| is_damaged(&out[j], damaged) && !out.iter().any(|o| explains(o, &out[j]));
    match (k..end).find(|&j| blind(j)) {
        Some(j) => {
            out[k..=j].rotate_right(1);
            k + 1
        }
        None => k,
    }
}

/// `other` and `damaged` have the same characters wherever `damaged` has no C1 control: `other`
/// reads every letter of `damaged`, text with windows-125x bytes typed in (see `c1_tolerated`).
pub fn same_but_controls(other: &str, damaged: &str) -> bool {
    let (mut a, mut b) = (other.chars(), damaged.chars());
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if x == y || is_c1(y) => {}
            _ => return false,
        }
    }
}

/// A part of ISO 8859 (which keeps 80–9F for the C1 controls).
pub(crate) fn is_iso_8859(cs: Charset) -> bool {
    cs.whatwg()
        .is_some_and(|e| e.name().starts_with("ISO-8859-"))
}

/// A reading in one of the `damaged` encodings: an ISO 8859 reading kept despite its C1
/// controls, which reads cleanly otherwise (text with a few windows-125x bytes typed in).
fn is_damaged(r: &Reading, damaged: &[Charset]) -> bool {
    r.members.iter().any(|m| damaged.contains(m))
}
