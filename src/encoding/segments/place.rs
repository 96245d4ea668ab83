//! Where a boundary goes in the ASCII gap that two encodings read alike: by the languages of
//! the words on either side ([`place_in_gap`]), or inside a stretch that two texts were joined
//! by without white space ([`split_straddler`]).

use super::{MAX_STRADDLER, is_delim, stretches};
use crate::decode::charset::Charset;
use crate::encoding::likely;
use crate::lexicon;

/// A boundary placed in a gap, with what the languages of the gap's words say against moving
/// it: [`Placement::cost`].
pub(super) struct Placement {
    /// Where the boundary goes.
    pub(super) at: usize,
    /// The start of each word of the gap, with the language evidence against a cut just
    /// before it (0 at the best cut).
    costs: Vec<(usize, f64)>,
}

impl Placement {
    /// What the words of the gap say against a boundary at byte `p` instead: the sum of the
    /// language evidence of the words it would move to the other side (0 when the gap's words
    /// say nothing, or only say it belongs there).
    pub(super) fn cost(&self, p: usize) -> f64 {
        let k = self.costs.partition_point(|&(s, _)| s < p);
        // Before the first word the cost is that of a cut before it; past the last, after it.
        match self.costs.get(k) {
            Some(&(_, c)) => c,
            None => self.costs.last().map_or(0.0, |&(_, c)| c),
        }
    }
}

/// Places a boundary within ASCII bytes both encodings read alike: where the words before it
/// are words of `lang_a` and those after of `lang_b` most often; without such words, after the
/// last line end, else at the word start nearest the middle. Words are also cut where a lower
/// case letter meets a capital (`quTa`: texts joined without a line end).
///
/// A word weighs by the two word lists (+1 in a list, −1 not) and by the two languages' n-gram
/// models (the likelihood difference per feature, capped at ±1): a list holds foreign words by
/// chance (Irish `chun` is in the Italian one), an inflected word may be in none (Finnish
/// `vaihtamiseen`), and a language without a list has only its model.
pub(super) fn place_in_gap(
    bytes: &[u8],
    (from, to): (usize, usize),
    (lang_a, model_a): (Option<&str>, Option<usize>),
    (lang_b, model_b): (Option<&str>, Option<usize>),
) -> Placement {
    if from >= to {
        return Placement {
            at: from,
            costs: Vec::new(),
        };
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
    // A word of one or two letters weighs a quarter (every list holds a few dozen of them by
    // chance, and their n-grams are few).
    let short = |w: &str, x: f64| if w.len() < 3 { x / 4.0 } else { x };
    let listed = |l: Option<&str>, w: &str| match l.and_then(|l| lexicon::is_word(l, w)) {
        Some(true) => 1.0,
        Some(false) => -1.0,
        None => 0.0,
    };
    let models = match (model_a, model_b) {
        (Some(a), Some(b)) if a != b => Some((a, b)),
        _ => None,
    };
    let model = lexicon::model();
    let ngram = |w: &str| {
        let Some((a, b)) = models else { return 0.0 };
        let (s, n) = model.scores(w, Some(lexicon::encoding_languages()));
        if n == 0 {
            0.0
        } else {
            ((s[b] - s[a]) / n as f64).clamp(-1.0, 1.0)
        }
    };
    let d: Vec<f64> = words
        .iter()
        .map(|(_, w)| short(w, listed(lang_b, w) - listed(lang_a, w) + ngram(w)))
        .collect();
    // The cut before word k leaves Σ d[..k] on the `a` side: lowest is best.
    let mut sums = vec![0.0];
    for x in &d {
        sums.push(sums.last().unwrap() + x);
    }
    let low = sums.iter().copied().fold(f64::INFINITY, f64::min);
    let costs: Vec<(usize, f64)> = words
        .iter()
        .map(|w| w.0)
        .chain(std::iter::once(to))
        .zip(sums.iter().map(|s| s - low))
        .collect();
    let at = if d.iter().any(|&x| x != 0.0) {
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
        pos(best[best.len() / 2])
    } else if let Some(p) = bytes[from..to].iter().rposition(|&b| b == b'\n') {
        from + p + 1
    } else {
        let mid = from + (to - from) / 2;
        words
            .iter()
            .map(|w| w.0)
            .min_by_key(|&s| s.abs_diff(mid))
            .unwrap_or(from)
    };
    Placement { at, costs }
}

/// Moves boundary `at` into a stretch that straddles it: two texts joined without white space
/// (`qu` + `Члан`) make one stretch of both, which no cut between stretches can divide. Every
/// stretch holding non-ASCII bytes in the gap or next to it is tried at every byte; a split
/// wins when the two parts read better in their own encodings (by [`likely::local_fit`]) than
/// the whole stretch does on its side of `at`, by more than the words of the gap it moves to the
/// other side say against it ([`Placement::cost`]).
pub(super) fn split_straddler(
    bytes: &[u8],
    placed: &Placement,
    (from, to): (usize, usize),
    (a, lang_a): (Charset, Option<&str>),
    (b, lang_b): (Charset, Option<&str>),
) -> usize {
    let at = placed.at;
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
            // Each part must read acceptably on its own, or at least better in its encoding
            // than in the other: cutting a word in two often leaves a known prefix (`блага` +
            // `ми`) and a rest misread both ways, while a piece of a word in a language no
            // list holds reads badly in either, only worse in the wrong one (`…ει` + `La`).
            // (The other encoding's reading is only needed for a piece that reads badly.)
            if (fl < 0.0 && fl <= likely::local_fit(eb, lang_b, left))
                || (fr < 0.0 && fr <= likely::local_fit(ea, lang_a, right))
            {
                continue;
            }
            let gain = fl + fr - whole - placed.cost(s + k);
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
