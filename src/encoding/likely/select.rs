//! Which readings reach the weighing of words: the few whose words are weighed
//! ([`preselect`]).

use super::{MAX_WEIGHED, Reading};

/// The readings whose words are weighed, taken out of `all` (sorted best first by character
/// score): the best [`MAX_WEIGHED`] − 3; the reading nearest the best, when it is not among
/// them; the best of each script not yet among them; then the next best. Many readings
/// have no character flaw at all; by score alone the Latin ones (the most numerous) would fill
/// every place, and an Arabic or Greek reading that reads every word — or x-mac-cyrillic beside
/// a windows-1251 that reads its capitals as punctuation (`—лен` for `Член`) — might never be
/// weighed.
pub(super) fn preselect(all: &mut Vec<Reading>) -> Vec<Reading> {
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
