//! The words at a region's edges ([`typed_in`]): the drafts may cut a segment inside a word,
//! and a typed letter or mark is judged by its whole word.

use super::{Context, Typed, typed_words};

/// How far [`typed_in`] looks past a region's edges for the rest of a word.
const WORD_REACH: usize = 64;

/// [`typed_words`] of the region `bytes[a..b]`, with the words that cross its edges read
/// whole: the drafts may cut a segment right after a typed byte (`d\x92` | `educació`, where
/// the apostrophe then had no letter after it), and a typed letter is judged by its word, not
/// by the part of it the region holds. Only the typed bytes inside the region are kept, at
/// offsets from `a`. `at_end`: the input ends where `bytes` does.
pub(super) fn typed_in(
    bytes: &[u8],
    (a, b): (usize, usize),
    at_end: bool,
    ctx: &Context,
) -> Vec<Typed> {
    let (from, to) = (word_start_before(bytes, a), word_end_after(bytes, b));
    // A lone byte before `to` (which ends a word) is whole: only the input's own end may cut.
    let end = to < bytes.len() || at_end;
    let mut typed = typed_words(&bytes[from..to], end, ctx);
    let (lo, hi) = (a - from, b - from);
    typed.retain(|t| t.spans.iter().all(|&(x, y)| x >= lo && y <= hi));
    for t in &mut typed {
        for s in &mut t.spans {
            *s = (s.0 - lo, s.1 - lo);
        }
    }
    typed
}

/// Whether the word around `bytes[x..y]` holds a valid non-ASCII letter.
pub(super) fn in_word_with_utf8(bytes: &[u8], x: usize, y: usize) -> bool {
    let (from, to) = (word_start_before(bytes, x), word_end_after(bytes, y));
    bytes[from..to].utf8_chunks().any(|c| !c.valid().is_ascii())
}

/// The units of `bytes[from..to]` in order (a valid character, or a run of bytes UTF-8 does
/// not take in): its offset, and whether it may stand inside a word [`typed_words`] reads —
/// a letter, or a lone byte (a typed letter or mark).
fn units(bytes: &[u8], from: usize, to: usize) -> Vec<(usize, bool)> {
    let mut out = Vec::new();
    let mut at = from;
    for chunk in bytes[from..to].utf8_chunks() {
        for (i, c) in chunk.valid().char_indices() {
            out.push((at + i, crate::unicode::is_alphabetic(c)));
        }
        at += chunk.valid().len();
        let bad = chunk.invalid();
        if !bad.is_empty() {
            out.push((at, bad.len() == 1));
            at += bad.len();
        }
    }
    out
}

/// Where the word ending at `a` begins (`a` when no letter or lone byte ends there).
fn word_start_before(bytes: &[u8], a: usize) -> usize {
    let from = a.saturating_sub(WORD_REACH);
    units(bytes, from, a)
        .iter()
        .rev()
        .take_while(|u| u.1)
        .last()
        .map_or(a, |u| u.0)
}

/// Where the word starting at `b` ends (`b` when no letter or lone byte starts there).
fn word_end_after(bytes: &[u8], b: usize) -> usize {
    let to = (b + WORD_REACH).min(bytes.len());
    let units = units(bytes, b, to);
    units.iter().find(|u| !u.1).map_or(to, |u| u.0)
}
