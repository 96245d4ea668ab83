//! Draft segments (step 5 of [`super`]): the input cut at the middle of each gap where its
//! encoding may change, each draft judged on the bytes surely its own, neighbours whose
//! verdicts do not reject each other's encoding joined again, the turns the merges displace
//! sought again, and each boundary placed within its gap.

use super::place::{place_in_gap, split_straddler};
use super::utf8::{cut_utf8, glued, listed_words};
use super::{
    MIN_BLOCK_NON_ASCII, REJECT_P, Segment, language_of, list_code, stretches, turn, verdict,
};
use crate::decode::charset::Charset;
use crate::decode::validity::{symbolic, typographic};
use crate::encoding::likely::{DAMAGE_SHARE, Likely, Part, is_iso_8859};
use crate::lexicon;
use crate::span::ByteSpan;

/// Whether a draft read as `v` differs enough from its neighbour read as `other` to stand
/// apart: in two stretches; or, a legacy draft beside UTF-8, in one whose words its encoding
/// reads as words of its language (`caf\xE9` in a UTF-8 file: one pasted word, where UTF-8
/// makes U+FFFD of it; a stray byte that makes no word stays damage), not cut out of a word
/// (`alone`, not [`glued`]: a byte between two UTF-8 letters of one word, `д\xD0лжен`, is a
/// sequence cut short, though windows-1252 reads it as the Icelandic `ð`), nor a lone byte
/// ending a line ([`cut_at_line_end`]); or, a UTF-8 draft
/// beside legacy text, in one holding typographic punctuation or a symbol (`report’s`, `☃`:
/// [`typographic`], [`symbolic`]) or
/// making a word of a language: by its verdict's words (`Persönlichkeit` after a pasted
/// windows-1252 line), or by the word lists ([`listed_words`]: the heading `Член 16` in UTF-8
/// among Catalan windows-1252); or, beside a single-byte encoding, in one that validity
/// settles, four multi-byte characters or more with no invalid sequence (Serbian `Члан 29.`,
/// which no list holds in Cyrillic, among windows-1252 text: `Ð§Ð»Ð°Ð½` there). Chinese and
/// Japanese double-byte text forms such runs by chance (GBK `一页一页` is UTF-8 `һҳһҳ`). Never
/// a legacy draft beside UTF-8 that is UTF-8 with characters cut short ([`cut_utf8`]).
fn enough(
    differ: usize,
    v: &Likely,
    other: &Likely,
    bytes: &[u8],
    alone: impl FnOnce() -> bool,
) -> bool {
    let knows_words = || v.language.as_ref().is_some_and(|l| l.known_words >= 1);
    // Beside UTF-8, UTF-8 with characters cut short is no part in another encoding.
    if other.name == Charset::UTF_8 && v.name != Charset::UTF_8 && cut_utf8(bytes) {
        return false;
    }
    differ >= 2
        || (differ == 1
            && other.name == Charset::UTF_8
            && v.name != Charset::UTF_8
            && knows_words()
            && alone())
        || (differ == 1
            && v.name == Charset::UTF_8
            && other.name != Charset::UTF_8
            && (typographic(bytes)
                || symbolic(bytes)
                || knows_words()
                || listed_words(bytes)
                || (settled_utf8(v) && other.name.is_single_byte())))
}

/// Whether the draft `bytes[a..b]` holds what a cut at a byte count leaves of a UTF-8
/// character: its one non-ASCII byte alone as a word at a line's end (`cut -b1-41` cut every
/// line of a Russian text so, `, \xD1⏎`), though lists hold the letter it makes (windows-1251
/// `с` is Bulgarian). One accented letter within a line (`\xE0 la gare`) may be a word typed
/// in another encoding.
fn cut_at_line_end(bytes: &[u8], a: usize, b: usize) -> bool {
    let mut high = (a..b).filter(|&i| !bytes[i].is_ascii());
    let (Some(i), None) = (high.next(), high.next()) else {
        return false;
    };
    (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
        && bytes.get(i + 1).is_none_or(|&c| c == b'\n' || c == b'\r')
}

/// A UTF-8 verdict that validity settled before any reading was weighed (it has none).
fn settled_utf8(v: &Likely) -> bool {
    v.name == Charset::UTF_8 && v.readings.is_empty()
}

/// Whether a draft's verdict `v` rejects its neighbour's encoding: gives it at most
/// [`REJECT_P`]; or, valid UTF-8 settled by its multi-byte characters, beside bytes that rule
/// UTF-8 out. Such a verdict's `1 − confidence` (0.0625 with four characters) is what it leaves
/// to every other encoding together, not a reading of its letters in the neighbour's; and the
/// two joined could only be read in the neighbour's encoding, its letters as mojibake
/// (`Persönlichkeit` as `PersÃ¶nlichkeit` after a pasted windows-1252 line).
fn rejects(v: &Likely, other: &Likely) -> bool {
    v.probability_of(other.name) <= REJECT_P
        || (settled_utf8(v) && other.ruled_out.iter().any(|r| r.name == Charset::UTF_8))
}

/// How many stretches of `bytes` (up to 3) encodings `a` and `b` read differently: a segment
/// needs two or more to stand apart from its neighbour in the other encoding (a stray damaged
/// sequence, or a few bytes two near encodings read differently, is no segment). Seven-bit
/// ISO-2022-JP text has no non-ASCII stretch: its double-byte characters (two bytes each after
/// an `ESC $` designation, up to the next escape) are what other encodings read differently.
pub(super) fn differing(bytes: &[u8], a: Charset, b: Charset) -> usize {
    let (Some(ea), Some(eb)) = (a.whatwg(), b.whatwg()) else {
        return 0;
    };
    if ea != eb && (ea == encoding_rs::ISO_2022_JP || eb == encoding_rs::ISO_2022_JP) {
        let chars: usize = memchr::memmem::find_iter(bytes, b"\x1B$")
            .map(|at| {
                // (An `ESC $` at the very end, of hostile or cut input, has no run.)
                let run = bytes.get(at + 3..).unwrap_or_default();
                memchr::memchr(0x1B, run).unwrap_or(run.len()) / 2
            })
            .sum();
        if chars > 0 {
            return chars.min(3);
        }
    }
    stretches(bytes, 0, bytes.len())
        .into_iter()
        .filter(|&(s, e)| {
            ea.decode_without_bom_handling(&bytes[s..e]).0
                != eb.decode_without_bom_handling(&bytes[s..e]).0
        })
        .take(3)
        .count()
}

/// Whether the whole verdict reads `bytes` as ISO 8859 text with windows-125x bytes typed in:
/// an ISO 8859 encoding, and bytes 80–9F, its C1 controls, in the input.
fn damaged_whole(bytes: &[u8], whole: &Likely) -> bool {
    is_iso_8859(whole.name) && bytes.iter().any(|b| (0x80..=0x9F).contains(b))
}

/// Whether a draft read as `v` differs from the whole's damaged ISO 8859 reading in more than
/// the damage. The typed bytes themselves (a windows quote, dash or `ť` among ISO-8859-2
/// letters) are what the whole's verdict already explains: a draft that wins on them alone,
/// where the whole's language is in the draft too (`rodině` in letters both read alike, a
/// word of its list that `v` misreads as `dopúą»a»`, or `v`'s own words in that language), is
/// that damage, not a part in another encoding, provided its controls are one, or as sparse as
/// the whole's damage may be ([`DAMAGE_SHARE`]). It stands apart where `v` reads a word of its
/// language in two stretches or more that the whole's encoding reads without a C1 control and
/// as no word of its own, or where the whole's language is nowhere in it (an English paragraph
/// with windows quotes beside Russian ISO-8859-5 text is a part). With `v` not a single-byte
/// encoding (UTF-8 beside ISO-8859-5 is no typing slip), or neither a word list nor a standard
/// alphabet for the whole's language, nothing is explained: the draft stands as before. A
/// draft that differs from the whole only inside tags of markup holds no text another
/// encoding would read otherwise: it never stands apart.
fn beyond_damage(bytes: &[u8], v: &Likely, whole: &Likely) -> bool {
    let (Some(ev), Some(ew)) = (
        v.name.whatwg().filter(|e| e.is_single_byte()),
        whole.name.whatwg(),
    ) else {
        return true;
    };
    let (lw, lv) = (
        list_code(whole).and_then(lexicon::word_list),
        list_code(v).and_then(lexicon::word_list),
    );
    let aw = whole
        .language
        .as_ref()
        .and_then(|e| lexicon::exemplars(&e.language))
        .unwrap_or_default();
    if lw.is_none() && aw.is_empty() {
        return true;
    }
    // A reading's words in a stretch: its runs of letters holding a non-ASCII one.
    let knows = |list: Option<&lexicon::WordList>, text: &str| {
        list.is_some_and(|l| {
            text.split(|c: char| !c.is_alphabetic())
                .filter(|w| !w.is_ascii())
                .any(|w| l.contains(&w.to_lowercase()))
        })
    };
    let (mut for_v, mut for_whole, mut present) = (0, 0, false);
    let (mut c1, mut high, mut in_text) = (0, 0, false);
    for (s, e) in stretches(bytes, 0, bytes.len()) {
        let (tw, tv) = (
            ew.decode_without_bom_handling(&bytes[s..e]).0,
            ev.decode_without_bom_handling(&bytes[s..e]).0,
        );
        let n = tw.chars().filter(|&c| crate::encoding::is_c1(c)).count();
        let controls = n > 0;
        c1 += n;
        high += tw.chars().filter(|c| !c.is_ascii()).count();
        // The whole's language written in the draft: in letters both readings share
        // (`rodině`), or around the typed bytes (`„– ограничениям,“`).
        present = present || own_letters(&tw, aw);
        if tw == tv {
            continue;
        }
        in_text |= !in_tag(bytes, s);
        let (kw, kv) = (knows(lw.as_ref(), &tw), knows(lv.as_ref(), &tv));
        if kv && !kw && !controls {
            for_v += 1;
            if for_v >= 2 {
                return true;
            }
        } else if kw && !kv {
            for_whole += 1;
        }
    }
    // The draft's words in the whole's language: a writer of it typed them.
    let same = v
        .language
        .as_ref()
        .zip(whole.language.as_ref())
        .is_some_and(|(a, b)| a.language == b.language);
    // Damage is sparse: one control, or one in DAMAGE_SHARE high characters at most.
    let sparse = c1 <= 1 || c1 * DAMAGE_SHARE <= high;
    // A draft that differs only inside markup (`<meta” charset=…>`) holds no text to be in a
    // language at all, nor any that another encoding would read otherwise.
    in_text && !((for_whole > 0 || present || same) && sparse)
}

/// Whether the byte at `at` lies inside a tag of markup: the last `<` before it comes after the
/// last `>` (a stretch of a typed quote in `<!DOCTYPE “html>`).
fn in_tag(bytes: &[u8], at: usize) -> bool {
    let before = &bytes[..at.min(bytes.len())];
    match (memchr::memrchr(b'<', before), memchr::memrchr(b'>', before)) {
        (Some(open), Some(close)) => open > close,
        (Some(_), None) => true,
        _ => false,
    }
}

/// Whether `text` holds letters beyond ASCII, every one of them in the standard `alphabet`
/// (CLDR exemplars, non-ASCII, lower case, sorted), and nothing else beyond ASCII but C1
/// controls (typed bytes); ASCII letters only beside a Latin alphabet (`cafщ` is no Russian
/// word).
fn own_letters(text: &str, alphabet: &[char]) -> bool {
    let latin = alphabet.iter().all(|&c| c <= '\u{24F}');
    let mut any = false;
    for c in text.chars() {
        if c.is_ascii() {
            if c.is_ascii_alphabetic() && !latin {
                return false;
            }
            continue;
        }
        if crate::encoding::is_c1(c) {
            continue;
        }
        let l = c.to_lowercase().next().unwrap_or(c);
        if alphabet.binary_search(&l).is_err() {
            return false;
        }
        any = true;
    }
    any
}

/// A segment while it is being found: where it starts, the gap its start may lie in, and its
/// verdict.
struct Draft {
    start: usize,
    gap: Option<(usize, usize)>,
    verdict: Option<Likely>,
    /// The gaps of the drafts merged into this one (first start, last end): the change to the
    /// next may lie anywhere from there on.
    absorbed: Option<(usize, usize)>,
    /// The encoding this draft was first judged in, before merges changed its bytes.
    first: Option<Charset>,
    /// Joined to a UTF-8 draft whose neighbour differed from UTF-8 in one stretch only
    /// ([`Part::Mended`]).
    mended: bool,
}

/// The segments of `bytes` cut in the `gaps` where their encoding may change: draft segments,
/// split at the middle of each gap, joined again where their verdicts do not reject each
/// other's encoding, each boundary then placed within its gap.
pub(super) fn cut_at(
    bytes: &[u8],
    base: u64,
    at_end: bool,
    whole: &Likely,
    gaps: Vec<(usize, usize)>,
) -> Vec<Segment> {
    let end_of = |d: &[Draft], i: usize| d.get(i + 1).map_or(bytes.len(), |n| n.start);
    // A draft is judged on the bytes surely its own, those between the gaps its boundaries
    // may lie in, when they are enough to judge: a gap holds the stretch two joined texts make
    // (`благостој` + `כל`), whose bytes of the other part can rule out the draft's encoding
    // (ISO-8859-8 has no `ְ`) or part it from a relative that reads the rest alike.
    let judge = |d: &[Draft], i: usize| {
        let (s, e) = (d[i].start, end_of(d, i));
        let core_s = d[i].gap.map_or(s, |g| g.1.max(s));
        let core_e = d.get(i + 1).and_then(|n| n.gap).map_or(e, |g| g.0.min(e));
        let own = core_s < core_e
            && bytes[core_s..core_e]
                .iter()
                .filter(|b| !b.is_ascii())
                .count()
                >= MIN_BLOCK_NON_ASCII;
        let (s, e) = if own { (core_s, core_e) } else { (s, e) };
        let part = if d[i].mended {
            Part::Mended
        } else {
            Part::Draft
        };
        verdict(
            &bytes[s..e],
            base + s as u64,
            at_end && e == bytes.len(),
            None,
            part,
        )
    };
    // Draft segments, split at the middle of each gap until their verdicts place the cut, each
    // judged.
    let drafted = || -> Vec<Draft> {
        let mut drafts: Vec<Draft> = std::iter::once(Draft {
            start: 0,
            gap: None,
            verdict: None,
            absorbed: None,
            first: None,
            mended: false,
        })
        .chain(gaps.iter().map(|&(a, b)| Draft {
            start: a + (b - a) / 2,
            gap: Some((a, b)),
            verdict: None,
            absorbed: None,
            first: None,
            mended: false,
        }))
        .collect();
        drafts.dedup_by_key(|d| d.start);
        for i in 0..drafts.len() {
            drafts[i].verdict = judge(&drafts, i);
            drafts[i].first = drafts[i].verdict.as_ref().map(|v| v.name);
        }
        drafts
    };
    // The turn from draft `j − 1` to draft `j` sought over `bytes[from..to]` by their verdicts'
    // encodings and languages; where it differs, draft `j` starts in the new gap and both are
    // judged again.
    let turn_again = |drafts: &mut Vec<Draft>, j: usize, from: usize, to: usize| {
        let (Some(x), Some(y)) = (&drafts[j - 1].verdict, &drafts[j].verdict) else {
            return;
        };
        let lang = |s: usize, e: usize, v: &Likely| language_of(&bytes[s..e], v.name, Some(v)).0;
        let la = lang(drafts[j - 1].start, drafts[j].start, x);
        let lb = lang(drafts[j].start, end_of(drafts, j), y);
        let ((s, e), _) = turn(bytes, from, to, (x.name, la), (y.name, lb));
        if Some((s, e)) != drafts[j].gap
            && s > drafts[j - 1].start
            && s + (e - s) / 2 < end_of(drafts, j)
        {
            drafts[j].gap = Some((s, e));
            drafts[j].start = s + (e - s) / 2;
            drafts[j - 1].verdict = judge(drafts, j - 1);
            drafts[j].verdict = judge(drafts, j);
        }
    };
    // Neighbours whose verdicts do not reject each other's encoding are one segment.
    let damaged = damaged_whole(bytes, whole);
    // A draft no damage explains by its place (asked only of a legacy draft of one stretch
    // beside UTF-8 whose words are known).
    let alone = |a: usize, b: usize| !glued(bytes, a, b) && !cut_at_line_end(bytes, a, b);
    // Joined with mending ([`Part::Mended`]) or without; where mending would leave one draft
    // in UTF-8 and the whole verdict is another encoding, the drafts are joined without it: a
    // mended verdict leans on the UTF-8 around it, and one over all the bytes would overrule
    // the whole verdict on fewer valid characters than it needs.
    let join = |mut drafts: Vec<Draft>, mending: bool| -> Vec<Draft> {
        let mut i = 0;
        while i + 1 < drafts.len() {
            // Whether the two, if joined, are UTF-8 beside one stretch of damage: one draft
            // UTF-8, the other differing from it in one stretch only.
            let mut mend = false;
            let apart = match (&drafts[i].verdict, &drafts[i + 1].verdict) {
                (Some(x), Some(y)) => {
                    let this =
                        differing(&bytes[drafts[i].start..drafts[i + 1].start], x.name, y.name);
                    let next = differing(
                        &bytes[drafts[i + 1].start..end_of(&drafts, i + 1)],
                        x.name,
                        y.name,
                    );
                    let (a, b, c) = (drafts[i].start, drafts[i + 1].start, end_of(&drafts, i + 1));
                    let (here, there) = (&bytes[a..b], &bytes[b..c]);
                    let utf8 = |v: &Likely| v.name == Charset::UTF_8;
                    mend = mending
                        && ((utf8(x) && !utf8(y) && next <= 1)
                            || (utf8(y) && !utf8(x) && this <= 1));
                    rejects(x, y)
                        && rejects(y, x)
                        && enough(this, x, y, here, || alone(a, b))
                        && enough(next, y, x, there, || alone(b, c))
                        // Beside the whole's damaged ISO 8859 reading, the other draft must differ
                        // in more than the typed bytes (asked last: it decodes every stretch).
                        && (!damaged
                            || (x.name != whole.name && y.name != whole.name)
                            || (x.name == whole.name || beyond_damage(here, x, whole))
                                && (y.name == whole.name || beyond_damage(there, y, whole)))
                }
                _ => false,
            };
            if apart {
                i += 1;
            } else {
                let gone = drafts.remove(i + 1);
                drafts[i].mended |= mend || gone.mended;
                drafts[i].verdict = judge(&drafts, i);
                let span = |a: Option<(usize, usize)>, b: Option<(usize, usize)>| match (a, b) {
                    (Some(x), Some(y)) => Some((x.0.min(y.0), x.1.max(y.1))),
                    (x, y) => x.or(y),
                };
                drafts[i].absorbed = span(drafts[i].absorbed, span(gone.gap, gone.absorbed));
                i = i.saturating_sub(1);
            }
        }
        drafts
    };
    let mut drafts = {
        let joined = join(drafted(), true);
        let utf8 = |d: &Draft| d.verdict.as_ref().is_some_and(|v| v.name == Charset::UTF_8);
        if joined.len() == 1 && joined[0].mended && utf8(&joined[0]) && whole.name != Charset::UTF_8
        {
            join(drafted(), false)
        } else {
            joined
        }
    };
    if drafts.len() < 2 {
        return Vec::new();
    }
    // Merges can leave a boundary's gap in the wrong place; with the segments known, each turn
    // is sought again where they did:
    // - the change to a draft may lie anywhere from the gap of a draft merged before it on:
    //   where a draft between two parts was read as a relative of the first (ISO-8859-2 text
    //   that windows-1250 reads alike), the next gap alone is past the join;
    // - a draft that reads otherwise than when first judged had its gap placed against a
    //   relative the merge has dropped (windows-1251 between windows-1252 and x-mac-cyrillic).
    for j in 1..drafts.len() {
        let Some((g0, g1)) = drafts[j].gap else {
            continue;
        };
        if drafts[j].verdict.as_ref().map(|v| v.name) != drafts[j].first {
            let to = drafts[j].absorbed.map_or(g1, |m| m.1.max(g1));
            let from = drafts[j - 1].start;
            turn_again(&mut drafts, j, from, to);
        } else if let Some((a, _)) = drafts[j - 1].absorbed.filter(|m| m.0 < g0) {
            turn_again(&mut drafts, j, a, g1);
        }
    }
    // Each boundary placed within its gap by the languages on either side.
    for i in 1..drafts.len() {
        let Some(gap) = drafts[i].gap else { continue };
        let lang = |d: &Draft, e: usize| {
            d.verdict.as_ref().map_or((None, None), |v| {
                language_of(&bytes[d.start..e], v.name, Some(v))
            })
        };
        let lang_a = lang(&drafts[i - 1], drafts[i].start);
        let lang_b = lang(&drafts[i], end_of(&drafts, i));
        let placed = place_in_gap(bytes, gap, lang_a, lang_b);
        let enc = |d: &Draft| d.verdict.as_ref().map_or(whole.name, |v| v.name);
        let at = split_straddler(
            bytes,
            &placed,
            gap,
            (enc(&drafts[i - 1]), lang_a.0),
            (enc(&drafts[i]), lang_b.0),
        );
        // Never past a neighbouring boundary.
        drafts[i].start = at.clamp(
            drafts[i - 1].start + 1,
            end_of(&drafts, i)
                .saturating_sub(1)
                .max(drafts[i - 1].start + 1),
        );
    }
    drafts.dedup_by_key(|d| d.start);
    // Turns sought again and boundaries placed again judge their drafts again: neighbours that
    // now read in one encoding are one segment, judged as one.
    let enc = |d: &Draft| d.verdict.as_ref().map_or(whole.name, |v| v.name);
    let mut i = 0;
    while i + 1 < drafts.len() {
        if enc(&drafts[i]) == enc(&drafts[i + 1]) {
            drafts.remove(i + 1);
            drafts[i].verdict = judge(&drafts, i);
            i = i.saturating_sub(1);
        } else {
            i += 1;
        }
    }
    if drafts.len() < 2 {
        return Vec::new();
    }
    (0..drafts.len())
        .map(|i| {
            let d = &drafts[i];
            let e = end_of(&drafts, i);
            let j = d.verdict.as_ref().unwrap_or(whole);
            Segment {
                byte_span: ByteSpan::new(base + d.start as u64, base + e as u64),
                encoding: j.name,
                confidence: j.confidence,
                because: j.because.clone(),
                language: j.language.as_ref().map(|l| l.language.clone()),
                start_between: d
                    .gap
                    .map(|(a, b)| ByteSpan::new(base + a as u64, base + b as u64)),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Part, cut_at_line_end, enough, glued, in_tag, own_letters, rejects, verdict};
    use crate::decode::charset::Charset;
    use crate::lexicon;

    /// One non-ASCII byte alone at a line's end is what a cut leaves; within a line, or in a
    /// word, or beside another non-ASCII byte, it is not.
    #[test]
    fn a_lone_byte_ending_a_line_is_a_cut() {
        let text = b"vnimanie, \xd1\nva \xe0 la gare caf\xe9\n\xd1\xe0\n";
        assert!(cut_at_line_end(text, 8, 12));
        assert!(!cut_at_line_end(text, 12, 20));
        assert!(!cut_at_line_end(text, 24, 30));
        assert!(!cut_at_line_end(text, 30, 33));
        assert!(!cut_at_line_end(text, 0, 8));
        assert!(cut_at_line_end(b"end \xd1", 0, 5));
    }

    /// A draft is glued when a boundary of it falls between two non-ASCII bytes (a lone byte
    /// cut out of a UTF-8 word), not when it falls in ASCII or at an edge of the input.
    #[test]
    fn glued_only_inside_a_stretch() {
        // `до`, a lone lead byte, `лжен`: bytes 0..4, 4, 5..13.
        let b = ["до".as_bytes(), b"\xD0", "лжен ok".as_bytes()].concat();
        assert!(glued(&b, 4, 5));
        assert!(glued(&b, 0, 5));
        assert!(!glued(&b, 0, 13));
        assert!(!glued(&b, 0, b.len()));
        assert!(!glued(b"caf\xe9 au lait", 0, 5));
    }

    /// UTF-8 settled by four multi-byte characters leaves 0.0625 to every other encoding
    /// together, above [`super::REJECT_P`]; beside bytes that rule UTF-8 out it rejects their
    /// encoding all the same. Beside a legacy draft that UTF-8 could read, it does not.
    #[test]
    fn settled_utf8_rejects_a_neighbour_that_rules_utf8_out() {
        let utf8 = "Die Würde des Menschen ist unantastbar, sie zu schützen ist Pflicht; \
            unveräußerlich.\n";
        let u = verdict(utf8.as_bytes(), 0, false, None, Part::Draft).unwrap();
        assert_eq!(u.name, Charset::UTF_8);
        assert!(u.readings.is_empty(), "settled by validity");
        assert!(u.probability_of(Charset::WINDOWS_1252) > super::REJECT_P);
        let pasted = b"Le caf\xe9 de la gare \xe9tait ferm\xe9 ce matin.\n";
        let l = verdict(pasted, 0, false, None, Part::Draft).unwrap();
        assert!(l.ruled_out.iter().any(|r| r.name == Charset::UTF_8));
        assert!(rejects(&u, &l));
        assert!(rejects(&l, &u));
        // A neighbour whose bytes UTF-8 reads (one valid sequence among ASCII) is not
        // rejected on validity alone.
        let mut other = l.clone();
        other.ruled_out.retain(|r| r.name != Charset::UTF_8);
        other.name = Charset::WINDOWS_1252;
        assert!(!rejects(&u, &other));
    }

    /// A UTF-8 heading of four Cyrillic letters no list holds in that script (`Члан 29.`) is
    /// one stretch, settled by validity: enough to stand apart from windows-1252 text, not from
    /// GBK, whose double bytes form such runs by chance.
    #[test]
    fn a_settled_utf8_stretch_stands_apart_from_single_byte_text_only() {
        let heading = "Члан 29.\n".as_bytes();
        let u = verdict(heading, 0, false, None, Part::Draft).unwrap();
        assert_eq!(u.name, Charset::UTF_8);
        assert!(u.readings.is_empty());
        let latin = verdict(
            b"Tota persona t\xe9 dret a l'educaci\xf3.\n",
            0,
            false,
            None,
            Part::Draft,
        )
        .unwrap();
        assert!(latin.name.is_single_byte());
        assert!(enough(1, &u, &latin, heading, || true));
        let mut cjk = latin.clone();
        cjk.name = Charset::Whatwg(encoding_rs::GBK);
        assert!(!enough(1, &u, &cjk, heading, || true));
    }

    /// Inside a tag: after a `<` that no `>` has closed yet.
    #[test]
    fn in_tag_is_after_an_open_angle_bracket() {
        let page = b"<!DOCTYPE \x93html><p>text \x93here\x94</p><meta\x94 charset>";
        let at = |needle: &[u8]| memchr::memmem::find(page, needle).unwrap();
        assert!(in_tag(page, at(b"\x93html")));
        assert!(!in_tag(page, at(b"\x93here")));
        assert!(in_tag(page, at(b"\x94 charset")));
        assert!(!in_tag(b"no markup \x93", 10));
    }

    /// A reading's own letters: every non-ASCII letter in the language's standard alphabet,
    /// ASCII letters only beside a Latin one, and at least one letter beyond ASCII.
    #[test]
    fn own_letters_are_the_standard_alphabets() {
        let sk = lexicon::exemplars("sk").unwrap();
        let ru = lexicon::exemplars("ru").unwrap();
        assert!(own_letters("dopúšťať", sk));
        // windows-1250's reading of the same ISO-8859-2 bytes: `ą` is no Slovak letter, `»`
        // no letter at all.
        assert!(!own_letters("dopúą»a»", sk));
        assert!(!own_letters("ľudia", ru));
        assert!(own_letters("Каждый", ru));
        // Typed bytes aside: `„– ограничениям,“` read as ISO-8859-5.
        assert!(own_letters("\u{84}\u{96} ограничениям,\u{93}", ru));
        assert!(!own_letters("\u{84}\u{96}", ru));
        // `café` in windows-1252 read as ISO-8859-5: a Cyrillic letter among Latin ones.
        assert!(!own_letters("cafщ", ru));
        // Nothing beyond ASCII: nothing of the language's own.
        assert!(!own_letters("slobody", sk));
    }
}
