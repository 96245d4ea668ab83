//! The candidates outside the WHATWG standard: DOS and Mac code pages, Johab and BOM-less
//! UTF-32. A consumer following WHATWG cannot decode them, so they are weighed beside the
//! WHATWG readings without changing how those are weighed: they take no place from them, the
//! words that differ are judged among the WHATWG readings, and a rare single-byte page must show
//! words of a language to stay in the running and to be compared.

use super::{CANDIDATES, Reading};
use crate::decode::charset::{Charset, OemPage};

/// Candidates outside the WHATWG standard, weighed after [`CANDIDATES`]: the DOS pages of
/// Cyrillic, Central European and Nordic text files, which outlived DOS, and Mac OS Central
/// European (their letters sit among box drawing and symbols, so their readings of other
/// encodings' bytes make those, and the words decide); Johab, the Korean of DOS-era readme
/// files (EUC-KR and GBK read its bytes as other syllables and Hanzi); UTF-32 without a byte
/// order mark (rare, but a file in it is nothing else).
pub const OTHER_CANDIDATES: &[Charset] = &[
    Charset::Oem(OemPage::Cp855),
    Charset::Oem(OemPage::Cp852),
    Charset::Oem(OemPage::Cp865),
    Charset::Oem(OemPage::MacCentralEurope),
    Charset::Johab,
    Charset::Utf32Le,
    Charset::Utf32Be,
];

/// Every candidate, in order: the WHATWG encodings, then [`OTHER_CANDIDATES`] (not for a block).
pub(super) fn candidates(block: bool) -> impl Iterator<Item = Charset> {
    // Blocks of a file being segmented are judged among WHATWG encodings only: the segments'
    // local evidence reads bytes through encoding_rs.
    let others = if block { &[][..] } else { OTHER_CANDIDATES };
    CANDIDATES
        .iter()
        .map(|&e| Charset::Whatwg(e))
        .chain(others.iter().copied())
}

/// Readings of encodings outside WHATWG whose words are weighed besides [`super::MAX_WEIGHED`].
const MAX_EXTRA_WEIGHED: usize = 2;
/// Words of a language that a single-byte page's reading must make to stay in the running.
const MIN_EXTRA_KNOWN: u32 = 2;
/// Words of a language that a single-byte page's reading must make to be compared
/// ([`extras_back`]).
const MIN_EXTRA_COMPARED: u32 = 3;

/// A reading only encodings outside WHATWG make.
pub(super) fn is_extra(r: &Reading) -> bool {
    r.members.iter().all(|m| m.whatwg().is_none())
}

/// Adds the best [`MAX_EXTRA_WEIGHED`] of `extras` by characters to the readings weighed
/// (`out`, each with its character score), the rest to `all`.
pub(super) fn weigh_besides(
    out: &mut Vec<Reading>,
    extras: Vec<Reading>,
    all: &mut Vec<Reading>,
    by_letters: bool,
) {
    let mut extras = super::letters::rank(extras, MAX_EXTRA_WEIGHED, by_letters);
    // Only one that reads as cleanly by its characters as a WHATWG reading weighed: words
    // are the dear part of the verdict, and a page whose reading is full of box drawing or
    // symbols is no contender.
    let bar = out.iter().map(|r| r.score).fold(f64::INFINITY, f64::min);
    let take = extras
        .iter()
        .take(MAX_EXTRA_WEIGHED)
        .take_while(|r| out.is_empty() || r.score >= bar)
        .count();
    out.extend(extras.drain(..take));
    all.extend(extras);
}

/// A single-byte code page outside WHATWG is rare, and reads any bytes: its reading (in
/// `out` from `from` on) stays only with words of a language to show for it (IBM852 read one
/// no-break space of a Kituba page as `á`, one unlisted word, and won) and no mark inside a
/// word; the others go to `all`. UTF-32 and Johab are told by their bytes' structure as much
/// as by words.
pub(super) fn drop_wordless(out: &mut Vec<Reading>, from: usize, all: &mut Vec<Reading>) {
    let mut i = from;
    while i < out.len() {
        let page = out[i].members.iter().all(Charset::is_single_byte);
        if page && (out[i].features.known_words < MIN_EXTRA_KNOWN || marks_in_words(&out[i].text)) {
            all.push(out.remove(i));
        } else {
            i += 1;
        }
    }
}

/// A mark that is no letter between two letters (`jing´ada`: IBM852's reading of a Khasi `ï`):
/// a misreading cutting words into pieces a list may hold. The DOS and Mac pages outside WHATWG
/// are for languages that write no apostrophe inside words, so any such mark counts.
fn marks_in_words(text: &str) -> bool {
    let letter = |c: Option<char>| c.is_some_and(char::is_alphabetic);
    let mut prev = None;
    let mut it = text.chars().peekable();
    while let Some(c) = it.next() {
        if !c.is_ascii() && !c.is_alphabetic() && letter(prev) && letter(it.peek().copied()) {
            return true;
        }
        prev = Some(c);
    }
    false
}

/// A reading only code pages outside WHATWG make (one byte a character, which read any bytes)
/// is compared with the others' words only when its own words make a case: at least
/// [`MIN_EXTRA_COMPARED`] words of a language, and half its differing words or more. Those
/// encodings are rare, and a compared place is where the comparison takes a misreading to
/// show up the others (an IBM852 `artĺculo` in third place turned a 64-byte Spanish macintosh
/// `artículo` into windows-1252's `art culo`; an x-mac-ce reading that read none of its words
/// turned a page of a language no list holds from windows-1252 to windows-1250). The others
/// go after the WHATWG readings, in order; returns where they start, the end of the readings
/// that may be compared.
pub(super) fn extras_back(out: &mut [Reading]) -> usize {
    let weak = |r: &Reading| {
        let f = &r.features;
        is_extra(r)
            && r.members.iter().all(Charset::is_single_byte)
            && !(f.known_words >= MIN_EXTRA_COMPARED && 2 * f.known_words >= f.words)
    };
    // A stable sort: the order within each kind stays.
    out.sort_by_key(weak);
    out.iter().filter(|r| !weak(r)).count()
}
