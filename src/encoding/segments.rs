//! Mixed encodings in one input: a UTF-8 file with a windows-1252 paragraph pasted in,
//! concatenated mails or logs, a CSV assembled from several sources. When no single verdict
//! fits the whole input, it is cut into byte ranges, each with its own likely verdict and
//! evidence ([`Segment`]).
//!
//! 1. **Signs** (cheap, so single-encoding files pay little): the bytes are valid UTF-8 in
//!    places and not in others, or the whole input's verdict reads some blocks clearly worse
//!    than others, or another reading (the whole's next two, each block's own chardetng guess)
//!    reads some block clearly better (`likely::local_fit_quick` on a few stretches of each).
//! 2. **Blocks**: the input is cut at white space into at most [`MAX_BLOCKS`] blocks holding
//!    similar amounts of non-ASCII bytes; each gets its own likely verdict.
//! 3. **Runs**: consecutive blocks whose open answers share an encoding form a run.
//! 4. **Boundaries**: between two runs, each stretch of the two blocks around the change is read
//!    in both encodings and judged (`likely::local_fit`); the boundary is where the evidence
//!    turns. The ASCII bytes between the last stretch that reads better one way and the first
//!    that reads better the other read alike in both encodings: the languages of their words
//!    (word lists and n-gram models) place the boundary there, and the segment says how far it could move
//!    ([`Segment::start_between`]). A turn pinned to the edge of its two blocks is sought
//!    further, over the blocks the other encoding still reads well.
//! 5. **Verdicts**: every segment gets the likely verdict of its own bytes (those between the
//!    gaps its boundaries may lie in); neighbours whose verdicts do not reject each other's
//!    encoding are joined again, and the turn to the next is sought over both their gaps.
//! 6. **Typed letters**: a lone byte in a word of UTF-8 text that a Windows code page reads as
//!    a letter the text's words bear out (`religi\xE3o`) is a segment of its own (`typed`).

use super::likely::{self, Likely, Part};
use super::statistical::has_iso_2022_jp_escape;
use super::stretches::is_delim;
use crate::decode::charset::Charset;
use crate::decode::validity::{self, Utf8Validity};
use crate::lexicon;
use crate::span::ByteSpan;
use serde::Serialize;
mod drafts;
mod place;
mod typed;
mod utf8;
use drafts::cut_at;
use utf8::{damaged_word, utf8_turns};

/// Most blocks an input is cut into for the block verdicts.
pub const MAX_BLOCKS: usize = 16;
/// Bytes of non-ASCII stretches a block or segment verdict weighs (the whole's weighs
/// [`likely::CONDENSED_BYTES`]).
const BLOCK_BUDGET: usize = 1536;
/// Fewest stretches of non-ASCII bytes, and fewest non-ASCII bytes, a block holds: fewer carry
/// too few words to judge.
const MIN_BLOCK_STRETCHES: usize = 6;
const MIN_BLOCK_NON_ASCII: usize = 16;
/// Consecutive stretches [`misread_cluster`] looks at together.
const WINDOW: usize = 8;
/// Misread stretches at an edge of the input that [`edge_turns`] takes for a part of their
/// own (more make blocks).
const MAX_EDGE: usize = 12;
/// Stretches [`misread_cluster`] looks at, at most.
const MAX_PROBED: usize = 1024;
/// Bytes of non-ASCII stretches from which the signs take each block's chardetng guess. The
/// signs ask every block of nearly every file for one, and most files show none: at
/// [`BLOCK_BUDGET`] the guesses were 8 % of `inspect --json` over the speed corpus. At 256
/// (and at 64) every boundary and verdict of the four dev sets, the two damaged sets and the
/// speed corpus is the same as at 1,536; with no guesses at all, two boundaries are lost.
const SIGN_GUESS_BUDGET: usize = 256;
/// Stretches of each block the signs look at.
const PROBE_PIECES: usize = 24;
/// Fewest stretches a block needs for its sign to count.
const PROBE_MIN: usize = 4;
/// The difference of mean local fit (per stretch) between two blocks under the whole input's
/// verdict that calls for block verdicts.
const SIGN_GAP: f64 = 1.5;
/// How much better (mean local fit per stretch) another reading must read a block than the
/// whole input's verdict does, to call for block verdicts.
const SIGN_BETTER: f64 = 1.0;
/// Longest stretch [`split_straddler`] tries to divide: a Chinese or Japanese stretch runs to
/// the next ASCII delimiter, often a whole sentence (96 bytes left EUC-JP joined to Thai or
/// KOI8-R undivided, 100 bytes off).
const MAX_STRADDLER: usize = 320;
/// A block's open answers: encodings whose reading has at least this probability.
const OPEN_P: f64 = 0.05;
/// Two neighbouring segments stay apart when each verdict gives the other's encoding at most
/// this probability.
const REJECT_P: f64 = 0.05;
/// Below this confidence of the whole verdict, its blocks are judged one by one.
const UNSURE_WHOLE: f64 = 0.9;

/// A byte range that reads best in its own encoding.
#[derive(Clone, Debug, Serialize)]
pub struct Segment {
    pub byte_span: ByteSpan,
    pub encoding: Charset,
    pub confidence: f64,
    /// Why, in a sentence (the segment's own likely verdict).
    pub because: String,
    /// The language of the segment's words, when it had words to weigh.
    pub language: Option<String>,
    /// Where the start of this segment could equally lie: the ASCII bytes between the last
    /// stretch only the previous encoding reads well and the first only this one does, which
    /// both encodings read alike (the decoded text is the same wherever in them the boundary
    /// falls). Null for the first segment.
    pub start_between: Option<ByteSpan>,
}

/// The encodings of `segments`, each once, in the order they first occur: a UTF-8 file with
/// two pasted windows-1252 words is three segments in two encodings.
pub fn encodings_of(segments: &[Segment]) -> Vec<Charset> {
    let mut out: Vec<Charset> = Vec::new();
    for s in segments {
        if !out.contains(&s.encoding) {
            out.push(s.encoding);
        }
    }
    out
}

/// How `segments` stand, in words: "2 encodings, segment by segment" where each segment is in
/// an encoding of its own, else "2 encodings over 5 segments".
pub fn how_many(segments: &[Segment]) -> String {
    let n = encodings_of(segments).len();
    if n == segments.len() {
        format!("{n} encodings, segment by segment")
    } else {
        format!("{n} encodings over {} segments", segments.len())
    }
}

/// The stretches of `bytes[range]` between delimiters that hold a non-ASCII byte, as
/// `[start, end)` offsets in `bytes`.
fn stretches(bytes: &[u8], from: usize, to: usize) -> Vec<(usize, usize)> {
    super::stretches::stretches(bytes, from, to).collect()
}

/// Cuts `bytes` into at most [`MAX_BLOCKS`] blocks holding similar numbers of stretches of
/// non-ASCII bytes (at least `min_stretches` and `min_non_ascii` bytes each: normally
/// [`MIN_BLOCK_STRETCHES`] and [`MIN_BLOCK_NON_ASCII`]), each cut at the line end after its
/// last stretch when one comes before the next stretch, else right after it (a delimiter, never
/// inside a multi-byte character). One block when there is too little to cut.
fn blocks(
    bytes: &[u8],
    pieces: &[(usize, usize)],
    (min_stretches, min_non_ascii): (usize, usize),
) -> Vec<(usize, usize)> {
    let target = (pieces.len() / MAX_BLOCKS + 1).max(min_stretches);
    let high = |a: usize, b: usize| bytes[a..b].iter().filter(|&&x| x >= 0x80).count();
    let mut out = Vec::new();
    let (mut start, mut count, mut non_ascii) = (0, 0, 0);
    for (k, &(s, e)) in pieces.iter().enumerate() {
        count += 1;
        non_ascii += high(s, e);
        let rest = pieces.len() - k - 1;
        if count >= target && non_ascii >= min_non_ascii && rest >= target / 2 {
            let next = pieces[k + 1].0;
            let cut = bytes[e..next]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(e, |p| e + p + 1);
            out.push((start, cut));
            start = cut;
            count = 0;
            non_ascii = 0;
        }
    }
    out.push((start, bytes.len()));
    out
}

/// The likely verdict on `bytes` alone, a block or a draft segment (`part`; no declaration;
/// chardetng votes, with `guess` when the caller already has its guess on these bytes); `None`
/// when they are pure ASCII, which every candidate reads alike.
fn verdict(
    bytes: &[u8],
    base: u64,
    at_end: bool,
    guess: Option<&'static encoding_rs::Encoding>,
    part: Part,
) -> Option<Likely> {
    let v = validity::validate(bytes);
    // Seven-bit ISO-2022-JP is not ASCII to its readers.
    if v.is_pure_ascii() && !has_iso_2022_jp_escape(bytes) {
        return None;
    }
    // What a consumer would decide on these bytes alone: chardetng's guess (no declaration
    // covers a part), as for a whole plain-text file.
    let guess = guess.unwrap_or_else(|| chardet(bytes));
    Some(likely::likely(&likely::Inputs {
        sample: bytes,
        sample_start: base,
        at_end,
        budget: BLOCK_BUDGET,
        validity: &v,
        bom: None,
        declared: Vec::new(),
        chardet: Some(guess),
        decision: Charset::Whatwg(guess),
        decision_declared: false,
        part,
    }))
}

/// chardetng's guess on `bytes` alone (a voter in each block's verdict, as in the whole's), from
/// their first [`BLOCK_BUDGET`] bytes of non-ASCII stretches.
fn chardet(bytes: &[u8]) -> &'static encoding_rs::Encoding {
    chardet_within(bytes, BLOCK_BUDGET)
}

/// chardetng's guess on `bytes` alone, from their first `budget` bytes of non-ASCII stretches
/// (cut at the next white space).
fn chardet_within(bytes: &[u8], budget: usize) -> &'static encoding_rs::Encoding {
    let mut d = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    let condensed = super::statistical::condense(bytes);
    let mut cut = condensed.len().min(budget);
    // At white space, which is never inside a character.
    while cut < condensed.len() && !condensed[cut].is_ascii_whitespace() {
        cut += 1;
    }
    d.feed(&condensed[..cut], true);
    d.guess(None, chardetng::Utf8Detection::Allow)
}

/// The word-list code of a verdict's language.
fn list_code(l: &Likely) -> Option<&'static str> {
    l.language
        .as_ref()
        .and_then(|e| likely::list_of(&e.language))
}

/// Signs that one encoding does not fit all of `bytes`: the whole verdict's encoding reads
/// one block clearly worse than another, or a runner-up reading reads some block clearly
/// better than the verdict ([`likely::local_fit_quick`] on a few stretches of each block).
/// `guesses` are chardetng's on each block.
fn signs(
    bytes: &[u8],
    cuts: &[(usize, usize)],
    guesses: &[&'static encoding_rs::Encoding],
    whole: &Likely,
) -> bool {
    // The verdict and the two best other readings, each with its language.
    let mut readers: Vec<(&'static encoding_rs::Encoding, Option<&'static str>)> = Vec::new();
    if let Some(e) = whole.name.whatwg() {
        readers.push((e, list_code(whole)));
    }
    // (Readings only encodings outside WHATWG make are no readers: the signs read through
    // encoding_rs.)
    for r in whole
        .readings
        .iter()
        .filter(|r| !r.members.contains(&whole.name))
        .filter_map(|r| r.members.iter().find_map(|m| m.whatwg()).map(|e| (e, r)))
        .take(2)
    {
        readers.push((r.0, likely::list_of(&r.1.features.language)));
    }
    if readers.is_empty() {
        return false;
    }
    // Each block's own guess (chardetng on the block alone), where no reader has it: what a
    // part in another encoding reads as on its own, with the language its words bear out. The
    // whole's next readings may misread that part alike (windows-1254 and windows-1258 read
    // Latvian ISO-8859-13 as windows-1252 does, `izglîtîbai`, beside Sango). On the four dev
    // sets +1 / 0 / +3 / +2 boundaries, no false split; about 4 % more CPU on the speed corpus.
    for (&(a, b), &g) in cuts.iter().zip(guesses) {
        if readers.iter().all(|r| r.0 != g) {
            let lang = language_of(&bytes[a..b], Charset::Whatwg(g), None).0;
            readers.push((g, lang));
        }
    }
    // Mean fit per block and reader. Words repeat from block to block (`é`, `não`, `и`), and
    // each is read once per reader.
    let mut fits: rustc_hash::FxHashMap<(usize, &[u8]), f64> = Default::default();
    let mut means: Vec<Vec<f64>> = Vec::new();
    for &(a, b) in cuts {
        let pieces = stretches(bytes, a, b);
        if pieces.len() < PROBE_MIN {
            continue;
        }
        let step = (pieces.len() / PROBE_PIECES).max(1);
        let probe: Vec<(usize, usize)> = pieces
            .into_iter()
            .step_by(step)
            .take(PROBE_PIECES)
            .collect();
        means.push(
            readers
                .iter()
                .enumerate()
                .map(|(k, &(e, l))| {
                    probe
                        .iter()
                        .map(|&(s, t)| {
                            *fits
                                .entry((k, &bytes[s..t]))
                                .or_insert_with(|| likely::local_fit_quick(e, l, &bytes[s..t]))
                        })
                        .sum::<f64>()
                        / probe.len() as f64
                })
                .collect(),
        );
    }
    if means.len() < 2 {
        return false;
    }
    let verdict: Vec<f64> = means.iter().map(|m| m[0]).collect();
    let max = verdict.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = verdict.iter().copied().fold(f64::INFINITY, f64::min);
    max - min >= SIGN_GAP
        || means
            .iter()
            .any(|m| m[1..].iter().any(|&x| x - m[0] >= SIGN_BETTER))
}

/// A sign at the level of characters, over every stretch: the verdict's encoding misreads
/// ([`likely::misread`]) at least half of some [`WINDOW`] consecutive stretches and none of
/// some others.
fn misread_cluster(bytes: &[u8], pieces: &[(usize, usize)], whole: &Likely) -> bool {
    let Some(enc) = whole.name.whatwg() else {
        return false;
    };
    if pieces.len() < 2 * WINDOW {
        return false;
    }
    // On long inputs every k-th stretch, at most MAX_PROBED: a part in another encoding long
    // enough to matter still fills windows of the sampled stretches.
    let step = pieces.len().div_ceil(MAX_PROBED);
    let bad: Vec<u32> = pieces
        .iter()
        .step_by(step)
        .map(|&(s, e)| likely::misread(enc, &bytes[s..e]) as u32)
        .collect();
    if bad.len() < 2 * WINDOW {
        return false;
    }
    let counts: Vec<u32> = bad.windows(WINDOW).map(|w| w.iter().sum()).collect();
    let (min, max) = (
        counts.iter().copied().min().unwrap_or(0),
        counts.iter().copied().max().unwrap_or(0),
    );
    min == 0 && max as usize * 2 >= WINDOW
}

/// A part too sparse in non-ASCII bytes to make a block of its own: the whole verdict misreads
/// the last few stretches of the input (or the first few), and reads at least [`WINDOW`]
/// before them (after them) without a misreading — a Latin paragraph with three accented
/// letters after a page of Russian. The turn is the ASCII between the two runs; the drafts'
/// verdicts then decide whether it is one.
fn edge_turns(bytes: &[u8], whole: &Likely) -> Vec<(usize, usize)> {
    let Some(enc) = whole.name.whatwg() else {
        return Vec::new();
    };
    let pieces = stretches(bytes, 0, bytes.len());
    if pieces.len() < WINDOW + 1 {
        return Vec::new();
    }
    // Only the stretches near either edge are read (cheap on long inputs). Under UTF-8, a
    // stretch whose invalid bytes follow or precede valid letters of its word is damage, not a
    // part (`ולמצו\xD7` at the end of a Hebrew text cut at a byte count).
    let misread = |i: usize| {
        let stretch = &bytes[pieces[i].0..pieces[i].1];
        likely::misread(enc, stretch) && (enc != encoding_rs::UTF_8 || !damaged_word(stretch))
    };
    let n = pieces.len();
    let mut out = Vec::new();
    // The misread run at the end, and at the start: then WINDOW stretches read well.
    let run = |idx: &mut dyn Iterator<Item = usize>| -> usize {
        let mut k = 0;
        for i in idx {
            if k > MAX_EDGE || !misread(i) {
                break;
            }
            k += 1;
        }
        k
    };
    let tail = run(&mut (0..n).rev());
    if (1..=MAX_EDGE).contains(&tail) && tail + WINDOW <= n {
        let k = n - tail;
        if (k - WINDOW..k).all(|i| !misread(i)) {
            out.push((pieces[k - 1].1, pieces[k].0));
        }
    }
    let head = run(&mut (0..n));
    if (1..=MAX_EDGE).contains(&head)
        && head + WINDOW <= n
        && (head..head + WINDOW).all(|i| !misread(i))
    {
        out.insert(0, (pieces[head - 1].1, pieces[head].0));
    }
    out
}

/// Consecutive blocks that share an encoding.
struct Run {
    /// Blocks with a verdict (not pure ASCII), first and last.
    first: usize,
    last: usize,
    open: Vec<Charset>,
}

/// Groups blocks into runs: a block joins the run before it when their open answers share an
/// encoding (pure-ASCII blocks join any run).
fn runs(verdicts: &[Option<Likely>]) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    for (i, v) in verdicts.iter().enumerate() {
        let Some(v) = v else { continue };
        let open = v.open_answers(OPEN_P);
        match out.last_mut() {
            Some(r) if r.open.iter().any(|c| open.contains(c)) => {
                r.open.retain(|c| open.contains(c));
                r.last = i;
            }
            _ => out.push(Run {
                first: i,
                last: i,
                open,
            }),
        }
    }
    out
}

/// The encoding of a run: the one among its open answers the run's block verdicts give the
/// most probability in all.
fn run_encoding(run: &Run, verdicts: &[Option<Likely>]) -> Charset {
    let vs: Vec<&Likely> = verdicts[run.first..=run.last].iter().flatten().collect();
    let total = |c: Charset| vs.iter().map(|v| v.probability_of(c)).sum::<f64>();
    run.open
        .iter()
        .copied()
        .max_by(|a, b| total(*a).total_cmp(&total(*b)))
        .unwrap_or(vs[0].name)
}

/// The language of `bytes` read in `enc` (a word-list code), when the words bear it out: the
/// verdict's language, else the n-gram model's best on the first few kilobytes, kept when at
/// least a quarter of the words there are in its word list (a language the tool has no list
/// for would otherwise lend its words to the wrong list).
fn language_of(
    bytes: &[u8],
    enc: Charset,
    verdict: Option<&Likely>,
) -> (Option<&'static str>, Option<usize>) {
    let Some(e) = enc.whatwg() else {
        return (None, None);
    };
    let head = &bytes[..bytes.len().min(4096)];
    let (text, _) = e.decode_without_bom_handling(head);
    let model = lexicon::model();
    let best = lexicon::best_encoding_language(&text).map(|(b, _)| b);
    let Some(lang) = verdict
        .and_then(list_code)
        .or_else(|| best.and_then(|b| likely::list_of(&model.langs[b].code)))
    else {
        return (None, best);
    };
    // Words of three letters or more, or two Hangul syllables (each writes two or three
    // letters: `모든`, `권리`); text without spaces (Chinese, Japanese) character by character,
    // as its word lists hold it.
    let hangul = |c: char| ('\u{AC00}'..='\u{D7A3}').contains(&c);
    let mut words: Vec<String> = Vec::new();
    for w in text.split(|c: char| !crate::unicode::is_alphabetic(c)) {
        if w.chars().any(likely::spaceless) {
            words.extend(w.chars().map(String::from));
        } else if w.chars().count() >= 3 || (w.chars().count() == 2 && w.chars().all(hangul)) {
            words.push(w.to_lowercase());
        }
        if words.len() >= 200 {
            words.truncate(200);
            break;
        }
    }
    let known = words
        .iter()
        .filter(|w| lexicon::is_word(lang, &likely::spelled(lang, w)) == Some(true))
        .count();
    (
        (known * 4 >= words.len() && !words.is_empty()).then_some(lang),
        best,
    )
}

/// Where encoding `a` gives way to `b` within `bytes[from..to]`: the ASCII bytes between the
/// last stretch that reads better in `a` and the first that reads better in `b` (both read them
/// alike); and, when the turn is pinned to an edge of the range, which: the first stretch
/// already reads better in `b` ([`Edge::Start`]), or the last still reads better in `a`
/// ([`Edge::End`]), so the turn may lie beyond it.
fn turn(
    bytes: &[u8],
    from: usize,
    to: usize,
    (a, lang_a): (Charset, Option<&str>),
    (b, lang_b): (Charset, Option<&str>),
) -> ((usize, usize), Option<Edge>) {
    let (Some(ea), Some(eb)) = (a.whatwg(), b.whatwg()) else {
        return ((from, from), None);
    };
    let pieces = stretches(bytes, from, to);
    let d: Vec<f64> = pieces
        .iter()
        .map(|&(s, e)| {
            likely::local_fit(eb, lang_b, &bytes[s..e])
                - likely::local_fit(ea, lang_a, &bytes[s..e])
        })
        .collect();
    // The cut after k stretches leaves Σ d[..k] to `a`: the best cut is where that prefix sum
    // is lowest (the stretches before it read better in `a`, those after in `b`).
    let (mut sum, mut low, mut k) = (0.0, 0.0, 0usize);
    for (i, x) in d.iter().enumerate() {
        sum += x;
        if sum < low - 1e-9 {
            low = sum;
            k = i + 1;
        }
    }
    // Stretches right after the cut that neither encoding reads better join the gap.
    let mut k2 = k;
    while k2 < d.len() && d[k2].abs() < 1e-9 {
        k2 += 1;
    }
    let start = if k == 0 { from } else { pieces[k - 1].1 };
    let end = pieces.get(k2).map_or(to, |p| p.0).max(start);
    let edge = if k == 0 && d.first().is_some_and(|&x| x > 0.0) {
        Some(Edge::Start)
    } else if k > 0 && k == d.len() && d[k - 1] < 0.0 {
        Some(Edge::End)
    } else {
        None
    };
    ((start, end), edge)
}

/// The edge of its range a turn is pinned to ([`turn`]).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Edge {
    Start,
    End,
}

/// Where seven-bit ISO-2022-JP text (RFC 1468) meets text in an encoding with non-ASCII bytes:
/// the escape sequences that switch character sets span the Japanese part, which must end back
/// in ASCII (`ESC ( B` or JIS Roman `ESC ( J`), so a cut there splits no state. The gaps are
/// before the first escape (back to the last non-ASCII stretch) and after the last return to
/// ASCII (to the next non-ASCII stretch). `None` when there are no such escapes, no
/// non-ASCII byte, or non-ASCII bytes among the escapes (no clean part to cut out).
fn iso2022_turns(bytes: &[u8]) -> Option<Vec<(usize, usize)>> {
    const DESIGNATIONS: [&[u8]; 6] = [b"$@", b"$B", b"(B", b"(J", b"(I", b"$(D"];
    let mut first = None;
    let mut back_in_ascii = None;
    for at in memchr::memchr_iter(0x1B, bytes) {
        let rest = &bytes[at + 1..];
        let Some(d) = DESIGNATIONS.iter().find(|d| rest.starts_with(d)) else {
            continue;
        };
        first.get_or_insert(at);
        let end = at + 1 + d.len();
        back_in_ascii = matches!(*d, b"(B" | b"(J").then_some(end);
    }
    let first = first?;
    // The Japanese part runs to the end when it never returns to ASCII.
    let last = back_in_ascii.unwrap_or(bytes.len());
    if bytes[first..last].iter().any(|&b| b >= 0x80) || !bytes.iter().any(|&b| b >= 0x80) {
        return None;
    }
    let mut gaps = Vec::new();
    if let Some(&(_, e)) = stretches(bytes, 0, first).last() {
        gaps.push((e, first));
    }
    if let Some(&(s, _)) = stretches(bytes, last, bytes.len()).first() {
        gaps.push((last, s));
    }
    Some(gaps)
}

/// Where the boundaries could lie, by block verdicts: the blocks around each change of run, and
/// within them the turn of the local evidence.
fn block_turns(bytes: &[u8], base: u64, at_end: bool, whole: &Likely) -> Vec<(usize, usize)> {
    let pieces = stretches(bytes, 0, bytes.len());
    let cuts = blocks(bytes, &pieces, (MIN_BLOCK_STRETCHES, MIN_BLOCK_NON_ASCII));
    // The signs compare word-list fits, which text without spaces between words (Chinese,
    // Japanese) does not give: under a multi-byte verdict only misreadings count. (They fired
    // on every third CJK file in one encoding, and cost more than all the rest.)
    let multibyte = whole.name.whatwg().is_some_and(|e| !e.is_single_byte());
    // A verdict unsure of the whole is a sign too: bytes in two encodings that each rule the
    // other out (Hebrew ISO-8859-8 then Arabic ISO-8859-6) leave only a reading wrong
    // everywhere, which no misreading test can single out.
    // Unsure by the readings' probabilities, not by a confidence held down only because the
    // sample had few differing words to weigh (`calibrate`): blocks of the same bytes have no
    // more (a page of one Persian word repeated, in windows-1256, was judged block by block).
    let unsure = !whole.readings.is_empty()
        && whole.confidence < UNSURE_WHOLE
        && whole.probability_of(whole.name) < UNSURE_WHOLE;
    if cuts.len() < 2 {
        return Vec::new();
    }
    let called = unsure || misread_cluster(bytes, &pieces, whole);
    if !called && multibyte {
        return Vec::new();
    }
    // The signs take each block's chardetng guess from its first bytes only; the block
    // verdicts, where they are called for, from their whole budget.
    if !called {
        let quick: Vec<&'static encoding_rs::Encoding> = cuts
            .iter()
            .map(|&(a, b)| chardet_within(&bytes[a..b], SIGN_GUESS_BUDGET))
            .collect();
        if !signs(bytes, &cuts, &quick, whole) {
            return Vec::new();
        }
    }
    let guesses: Vec<&'static encoding_rs::Encoding> =
        cuts.iter().map(|&(a, b)| chardet(&bytes[a..b])).collect();
    let judge = |cuts: &[(usize, usize)], guesses: Option<&[&'static encoding_rs::Encoding]>| {
        let last = cuts.len() - 1;
        cuts.iter()
            .enumerate()
            .map(|(i, &(a, b))| {
                let guess = guesses.map(|g| g[i]);
                verdict(
                    &bytes[a..b],
                    base + a as u64,
                    at_end && i == last,
                    guess,
                    Part::Block,
                )
            })
            .collect::<Vec<Option<Likely>>>()
    };
    let mut verdicts = judge(&cuts, Some(&guesses));
    let mut cuts = cuts;
    // Verdicts that all agree, where something called for them, may have been given blocks too
    // coarse for a part with few non-ASCII bytes: a block that holds all of it and as much of
    // the next text reads in the next text's encoding (Haitian `fèt`, `lòt` in windows-1252,
    // eleven bytes in 774, before Croatian windows-1250). They are judged again over blocks of
    // half the minimum size. On the four dev sets +2 / +1 / +1 / 0 boundaries, none lost, no
    // false split, NLTK UDHR and the speed corpus's segments unchanged; about 4 % more CPU
    // there.
    if runs(&verdicts).len() < 2 {
        let finer = blocks(
            bytes,
            &pieces,
            (MIN_BLOCK_STRETCHES / 2, MIN_BLOCK_NON_ASCII / 2),
        );
        if finer.len() > cuts.len() {
            verdicts = judge(&finer, None);
            cuts = finer;
        }
    }
    let rs = runs(&verdicts);
    let mut out: Vec<(usize, usize)> = Vec::new();
    for k in 1..rs.len() {
        let side = |r: &Run| {
            let enc = run_encoding(r, &verdicts);
            let (a, b) = (cuts[r.first].0, cuts[r.last].1);
            // The run's language is that of its surest block whose own verdict is the run's
            // encoding; a block that only reads alike in it (Swedish without `å` in a Polish
            // ISO-8859-2 run) says nothing of the run's language. (Ties go to the first.)
            let vs = || verdicts[r.first..=r.last].iter().flatten();
            let surest = |own: bool| {
                vs().filter(|v| v.name == enc || (!own && v.same_text.contains(&enc)))
                    .fold(None, |best: Option<&Likely>, v| match best {
                        Some(b) if b.confidence >= v.confidence => Some(b),
                        _ => Some(v),
                    })
            };
            let best = surest(true).or_else(|| surest(false));
            (enc, language_of(&bytes[a..b], enc, best).0)
        };
        let (sa, sb) = (side(&rs[k - 1]), side(&rs[k]));
        let floor = out.last().map_or(0, |g| g.1);
        let (from, to) = (cuts[rs[k - 1].last].0.max(floor), cuts[rs[k].first].1);
        let (mut gap, edge) = turn(bytes, from, to, sa, sb);
        // A turn pinned to an edge of the two blocks may lie further out: Hungarian without ő
        // or ű reads alike in windows-1250 and windows-1252, so a run's blocks can reach far
        // past where its text ends. It is then sought over the blocks beyond that edge which the
        // other run's encoding still reads well.
        let open = |i: usize, c: Charset| {
            verdicts[i]
                .as_ref()
                .is_none_or(|v| v.probability_of(c) >= OPEN_P)
        };
        match edge {
            Some(Edge::Start) => {
                let mut first = rs[k - 1].last;
                while first > rs[k - 1].first && open(first - 1, sb.0) {
                    first -= 1;
                }
                let wider = cuts[first].0.max(floor);
                if wider < from {
                    gap = turn(bytes, wider, to, sa, sb).0;
                }
            }
            Some(Edge::End) => {
                let mut last = rs[k].first;
                while last < rs[k].last && open(last + 1, sa.0) {
                    last += 1;
                }
                if cuts[last].1 > to {
                    gap = turn(bytes, from, cuts[last].1, sa, sb).0;
                }
            }
            None => {}
        }
        out.push(gap);
    }
    out
}

/// The segments of `bytes` (which start at input offset `base`; `at_end` when they reach the
/// end of the input), given the verdict on the whole: empty when one encoding fits all of them.
pub fn segment(
    bytes: &[u8],
    base: u64,
    at_end: bool,
    whole: &Likely,
    v: &Utf8Validity,
) -> Vec<Segment> {
    let parts = parts(bytes, base, at_end, whole, v);
    // Letters typed in a code page into the UTF-8 text (`religi\xE3o`): only where UTF-8
    // validity found damage, and never in binary or UTF-16 (NUL bytes).
    if v.invalid_sequences == 0 || bytes.contains(&0) {
        return parts;
    }
    typed::with_typed_letters(bytes, base, at_end, whole, parts)
}

/// The segments of `bytes` by their encodings' readings (steps 1–5 above).
fn parts(bytes: &[u8], base: u64, at_end: bool, whole: &Likely, v: &Utf8Validity) -> Vec<Segment> {
    // NUL bytes mean binary or UTF-16. Stateful ISO-2022-JP is cut only where it is back in
    // ASCII ([`iso2022_turns`]).
    if bytes.contains(&0) {
        return Vec::new();
    }
    if has_iso_2022_jp_escape(bytes) {
        return match iso2022_turns(bytes) {
            Some(gaps) if !gaps.is_empty() => cut_at(bytes, base, at_end, whole, gaps),
            _ => Vec::new(),
        };
    }
    // Wide encodings are not cut (a cut would split their code units).
    if whole.name == Charset::Whatwg(encoding_rs::ISO_2022_JP) || !whole.name.is_ascii_compatible()
    {
        return Vec::new();
    }
    // A multi-byte encoding outside WHATWG that the whole verdict names and that reads every
    // byte is that encoding throughout: the blocks are judged among WHATWG encodings only,
    // which read its pairs as other Hanzi or Hangul, a different one block by block (an EUC-TW
    // page of 10 KB was cut into 36 segments of GBK, EUC-KR, ISO-8859-5…).
    if crate::decode::step_of(whole.name)
        .is_some_and(|step| crate::decode::decode_stepped(step, bytes, at_end).1 == 0)
    {
        return Vec::new();
    }
    let damaged = v.invalid_sequences > v.truncated_at_end as u64;
    // Valid UTF-8 throughout, with multi-byte characters, is UTF-8 throughout: text in another
    // encoding that holds non-ASCII bytes forms invalid sequences within a few characters
    // (likely() is sure of it on the same grounds).
    if !damaged && v.multibyte_sequences >= 4 {
        return Vec::new();
    }
    let mut gaps = if v.multibyte_sequences > 0 && damaged {
        utf8_turns(bytes)
    } else {
        Vec::new()
    };
    if gaps.is_empty() {
        gaps = block_turns(bytes, base, at_end, whole);
    }
    // A double-byte encoding whose only errors are codes shaped like its own is that encoding
    // throughout: an extension's characters (Shift_JIS-2004), which no other encoding reads
    // better. (Asked only where a cut is proposed: it decodes the whole input again.)
    let extended = || likely::unmapped::extended(whole.name, bytes);
    let cut = if gaps.is_empty() || extended() {
        Vec::new()
    } else {
        cut_at(bytes, base, at_end, whole, gaps)
    };
    if !cut.is_empty() {
        return cut;
    }
    // Where the block verdicts found no part that stands apart, a part too sparse for a block
    // of its own may still sit at an edge (three `30º` before a page of x-mac-cyrillic, whose
    // blocks turn back and forth between it and windows-1251 on capitals alone).
    let edges = edge_turns(bytes, whole);
    if edges.is_empty() || extended() {
        return Vec::new();
    }
    cut_at(bytes, base, at_end, whole, edges)
}

#[cfg(test)]
mod tests {
    use super::drafts::differing;
    use super::*;

    /// The Japanese part spans its escapes and ends back in ASCII; the gaps run to the
    /// neighbouring non-ASCII stretches. No gap without escapes, without non-ASCII bytes, or
    /// with non-ASCII bytes among the escapes.
    #[test]
    fn iso2022_turns_cut_where_the_japanese_is_back_in_ascii() {
        let ja = b"\x1b$B$3$s$K$A$O\x1b(B ok.";
        let mut after = ja.to_vec();
        after.extend_from_slice(b" Then caf\xe9 and cr\xe8me.");
        assert_eq!(iso2022_turns(&after), Some(vec![(16, 26)]));
        let mut before = b"caf\xe9 au lait. ".to_vec();
        before.extend_from_slice(ja);
        assert_eq!(iso2022_turns(&before), Some(vec![(4, 14)]));
        assert_eq!(iso2022_turns(b"plain caf\xe9"), None);
        assert_eq!(iso2022_turns(ja), None);
        assert_eq!(iso2022_turns(b"\x1b$B$3\xe9$s\x1b(B"), None);
        // Never back in ASCII: the Japanese part runs to the end, so what comes before is the
        // only other part.
        assert_eq!(iso2022_turns(b"caf\xe9 \x1b$B$3$s"), Some(vec![(4, 5)]));
        // Escapes cut short at the end of the input are counted without reading past it.
        for tail in [&b"\x1b$"[..], b"\x1b$B", b"\x1b"] {
            let mut cut = b"caf\xe9 ".to_vec();
            cut.extend_from_slice(tail);
            let _ = differing(
                &cut,
                Charset::Whatwg(encoding_rs::ISO_2022_JP),
                Charset::UTF_8,
            );
            let _ = iso2022_turns(&cut);
        }
    }
}
