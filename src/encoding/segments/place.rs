//! Where a boundary goes in the ASCII gap that two encodings read alike: by the languages of
//! the words on either side ([`place_in_gap`]), or inside a stretch that two texts were joined
//! by without white space ([`split_straddler`]).

use super::{MAX_STRADDLER, is_delim, stretches};
use crate::decode::charset::Charset;
use crate::encoding::likely;
use crate::lexicon;

/// Places a boundary within ASCII bytes both encodings read alike: where the words before it
/// are words of `lang_a` and those after of `lang_b` most often; without such words, after the
/// last line end, else at the word start nearest the middle. Words are also cut where a lower
/// case letter meets a capital (`quTa`: texts joined without a line end).
pub(super) fn place_in_gap(
    bytes: &[u8],
    (from, to): (usize, usize),
    (lang_a, model_a): (Option<&str>, Option<usize>),
    (lang_b, model_b): (Option<&str>, Option<usize>),
) -> usize {
    if from >= to {
        return from;
    }
    let mut words: Vec<(usize, String)> = Vec::new();
    let mut i = from;
    while i < to {
        if bytes[i].is_ascii_alphabetic() {
            let s = i;
            i += 1;
            while i < to
                && bytes[i].is_ascii_alphabetic()
                && !(bytes[i].is_ascii_uppercase() && bytes[i - 1].is_ascii_lowercase())
            {
                i += 1;
            }
            words.push((s, String::from_utf8_lossy(&bytes[s..i]).to_lowercase()));
        } else {
            i += 1;
        }
    }
    // A word for a language: +1 in its word list, −1 not (0 without a list); a word of one or
    // two letters a quarter of that (every list holds a few dozen of them by chance).
    let score = |l: Option<&str>, w: &str| {
        let s = match l.and_then(|l| lexicon::is_word(l, w)) {
            Some(true) => 1.0,
            Some(false) => -1.0,
            None => 0.0,
        };
        if w.len() < 3 { s / 4.0 } else { s }
    };
    let mut d: Vec<f64> = words
        .iter()
        .map(|(_, w)| score(lang_b, w) - score(lang_a, w))
        .collect();
    // Without word lists to tell the two languages apart (a language the tool has no list
    // for), the n-gram model does, word by word: the sign of the likelihood difference.
    if !d.iter().any(|&x| x != 0.0)
        && let (Some(a), Some(b)) = (model_a, model_b)
        && a != b
    {
        let model = lexicon::model();
        d = words
            .iter()
            .map(|(_, w)| {
                let (s, n) = model.scores(w, None);
                if n == 0 {
                    0.0
                } else {
                    ((s[b] - s[a]) / n as f64).clamp(-1.0, 1.0)
                }
            })
            .collect();
    }
    if d.iter().any(|&x| x != 0.0) {
        // The cut before word k leaves Σ d[..k] on the `a` side: lowest is best; among equals,
        // the middle of the tied stretch.
        let mut sums = vec![0.0];
        for x in &d {
            sums.push(sums.last().unwrap() + x);
        }
        let low = sums.iter().copied().fold(f64::INFINITY, f64::min);
        let ties: Vec<usize> = (0..sums.len()).filter(|&k| sums[k] - low < 1e-9).collect();
        // Among equals: after a line end, else after the end of a sentence, else the middle.
        let pos = |k: usize| words.get(k).map_or(to, |w| w.0);
        let rank = |k: usize| {
            let before = bytes[from..pos(k)]
                .iter()
                .rev()
                .find(|&&b| b != b' ' && b != b'\t' && b != b'\r');
            match before {
                Some(b'\n') => 2,
                Some(b'.' | b'!' | b'?') => 1,
                _ => 0,
            }
        };
        let top = ties.iter().map(|&k| rank(k)).max().unwrap_or(0);
        let best: Vec<usize> = ties.into_iter().filter(|&k| rank(k) == top).collect();
        return pos(best[best.len() / 2]);
    }
    if let Some(p) = bytes[from..to].iter().rposition(|&b| b == b'\n') {
        return from + p + 1;
    }
    let mid = from + (to - from) / 2;
    words
        .iter()
        .map(|w| w.0)
        .min_by_key(|&s| s.abs_diff(mid))
        .unwrap_or(from)
}

/// Moves boundary `at` into a stretch that straddles it: two texts joined without white space
/// (`qu` + `Члан`) make one stretch of both, which no cut between stretches can divide. Every
/// stretch holding non-ASCII bytes in the gap or next to it is tried at every byte; a split
/// wins when the two parts read better in their own encodings (by [`likely::local_fit`]) than
/// the whole stretch does on its side of `at`.
pub(super) fn split_straddler(
    bytes: &[u8],
    at: usize,
    (from, to): (usize, usize),
    (a, lang_a): (Charset, Option<&str>),
    (b, lang_b): (Charset, Option<&str>),
) -> usize {
    let (Some(ea), Some(eb)) = (a.whatwg(), b.whatwg()) else {
        return at;
    };
    // Runs between delimiters that meet [from − 1, to + 1].
    let lo = bytes[..from.saturating_sub(1)]
        .iter()
        .rposition(|&x| is_delim(x))
        .map_or(0, |p| p + 1);
    let hi = bytes[(to + 1).min(bytes.len())..]
        .iter()
        .position(|&x| is_delim(x))
        .map_or(bytes.len(), |p| to + 1 + p);
    // A split must gain this much: a word cut in two reads a little better in pieces now and
    // then (`kjay` + `’a`), two texts joined read much better (`qu×ëàí` → `qu` + `Члан`).
    let mut best = (1.0, at);
    for (s, e) in stretches(bytes, lo, hi).into_iter().take(8) {
        let piece = &bytes[s..e];
        if piece.len() < 2 || piece.len() > MAX_STRADDLER {
            continue;
        }
        let (fa, fb) = (
            likely::local_fit(ea, lang_a, piece),
            likely::local_fit(eb, lang_b, piece),
        );
        let whole = if e <= at {
            fa
        } else if s >= at {
            fb
        } else {
            fa.max(fb)
        };
        for k in 1..piece.len() {
            // Never inside a multi-byte character of either encoding: each part must decode
            // cleanly in its own.
            let (left, right) = (&piece[..k], &piece[k..]);
            // A known prefix inside one word (`ellentét` + `esen`) is no turn when the bytes it
            // moves to the other side are ASCII both encodings read alike and the cut is no
            // seam where two texts meet (a capital, another script, punctuation).
            let moved = if e <= at {
                right
            } else if s >= at {
                left
            } else {
                piece
            };
            if moved.is_ascii() && !seam(ea, left, eb, right) {
                continue;
            }
            if ea
                .decode_without_bom_handling_and_without_replacement(left)
                .is_none()
                || eb
                    .decode_without_bom_handling_and_without_replacement(right)
                    .is_none()
            {
                continue;
            }
            let (fl, fr) = (
                likely::local_fit(ea, lang_a, left),
                likely::local_fit(eb, lang_b, right),
            );
            // Each part must read acceptably on its own: cutting a word in two often leaves a
            // known prefix (`блага` + `ми`) and a misread rest.
            if fl < 0.0 || fr < 0.0 {
                continue;
            }
            let gain = fl + fr - whole;
            if gain > best.0 {
                best = (gain, s + k);
            }
        }
    }
    best.1
}

/// Whether the last character of `left` (in `ea`) and the first of `right` (in `eb`) can be
/// where two texts meet: not two lower-case letters of one script.
fn seam(
    ea: &'static encoding_rs::Encoding,
    left: &[u8],
    eb: &'static encoding_rs::Encoding,
    right: &[u8],
) -> bool {
    let (l, _) = ea.decode_without_bom_handling(left);
    let (r, _) = eb.decode_without_bom_handling(right);
    let (Some(a), Some(b)) = (l.chars().next_back(), r.chars().next()) else {
        return true;
    };
    let script = |c: char| crate::unicode::char_info(c).cluster();
    !(a.is_lowercase() && b.is_lowercase() && script(a) == script(b))
}
