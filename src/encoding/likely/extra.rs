//! The candidates outside the WHATWG standard: DOS and Mac code pages, Johab and BOM-less
//! UTF-32. A consumer following WHATWG cannot decode them, so they are weighed beside the
//! WHATWG readings without changing how those are weighed: they take no place from them, the
//! words that differ are judged among the WHATWG readings, and a rare single-byte page must show
//! words of a language to stay in the running and to be compared.

use super::{CANDIDATES, Reading};
use crate::decode::charset::{Charset, OemPage};

/// Candidates outside the WHATWG standard, weighed after [`CANDIDATES`]: the DOS pages of
/// Cyrillic, Central European, Nordic and Western text files, which outlived DOS, and Mac OS
/// Central European (their letters sit among box drawing and symbols, so their readings of
/// other encodings' bytes make those, and the words decide); VISCII, Vietnamese of the DOS and
/// early web era (every byte above 0x7F a letter: only the words tell it); Johab, the Korean
/// of DOS-era readme files (EUC-KR and GBK read its bytes as other syllables and Hanzi); EUC-TW,
/// the Traditional Chinese of Taiwan's Unix systems (GBK and EUC-KR read its plane 1 as other
/// Hanzi and Hangul); UTF-32 without a byte order mark (rare, but a file in it is nothing else).
/// The other DOS pages of the era's languages — Turkish, Greek, Hebrew, Baltic, Portuguese,
/// Icelandic, Canadian French, Ukrainian — and the Mac pages for Greek, Turkish, Icelandic and
/// Romanian (session 56: Turkish IBM857 was read as Nordic IBM865 at 1.00 while it was no
/// candidate); the Mac OS Roman variants only where they read the bytes otherwise than Mac OS
/// Roman does (`shadows_roman`). Not Mac OS Croatian: proposed for every file, it took 18
/// damaged ISO-8859-2 files of the damaged dev sets; it is read where a label names it.
pub const OTHER_CANDIDATES: &[Charset] = &[
    Charset::Oem(OemPage::Cp855),
    Charset::Oem(OemPage::Cp852),
    Charset::Oem(OemPage::Cp865),
    Charset::Oem(OemPage::MacCentralEurope),
    Charset::Oem(OemPage::Viscii),
    Charset::Oem(OemPage::Cp850),
    Charset::Oem(OemPage::Cp437),
    Charset::Oem(OemPage::Cp857),
    Charset::Oem(OemPage::Cp737),
    Charset::Oem(OemPage::Cp862),
    Charset::Oem(OemPage::Cp775),
    Charset::Oem(OemPage::Cp860),
    Charset::Oem(OemPage::Cp861),
    Charset::Oem(OemPage::Cp863),
    Charset::Oem(OemPage::Cp1125),
    Charset::Oem(OemPage::MacGreek),
    Charset::Oem(OemPage::MacTurkish),
    Charset::Oem(OemPage::MacIcelandic),
    Charset::Oem(OemPage::MacRomanian),
    Charset::Johab,
    Charset::EucTw,
    Charset::Utf32Le,
    Charset::Utf32Be,
];

/// Does `cs`, a Mac page that is Mac OS Roman with a few letters changed and that no declaration
/// names, read the bytes as `members` (a reading Mac OS Roman gives) do? Then it only lends that
/// reading its language's prior: x-mac-turkish took a windows-1252 page whose `á` Mac OS Roman
/// reads as `·` (`kir·k`, Turkish `kir`), where neither reads a Turkish letter. A declared one
/// stays, for the declaration to stand on (feedparser's `maciceland` feed of one `Ä`).
pub(super) fn shadows_roman(cs: Charset, members: &[Charset], inp: &super::Inputs) -> bool {
    matches!(
        cs,
        Charset::Oem(OemPage::MacTurkish | OemPage::MacIcelandic | OemPage::MacRomanian)
    ) && members.contains(&Charset::Whatwg(encoding_rs::MACINTOSH))
        && !is_declared(cs, inp)
}

/// Does a declaration name `cs` (or the decision, when declared, say it)?
pub(super) fn is_declared(cs: Charset, inp: &super::Inputs) -> bool {
    (inp.decision_declared && cs == inp.decision) || inp.declared.iter().any(|(d, _)| *d == cs)
}

/// Every candidate, in order: the WHATWG encodings, then [`OTHER_CANDIDATES`] (not for a block).
pub(super) fn candidates(block: bool) -> impl Iterator<Item = Charset> {
    // Blocks of a file being segmented are judged among WHATWG encodings only: the segments'
    // local evidence reads bytes through encoding_rs. Nor among the wide ones: segmentation
    // never runs on bytes holding NUL, which UTF-16 text always does (its spaces, line breaks
    // and digits), while it pairs the bytes of a few damaged UTF-8 letters and the ASCII
    // around them into as many Hanzi (`umjetni\xC4kog` as `毄杯`).
    let others = if block { &[][..] } else { OTHER_CANDIDATES };
    CANDIDATES
        .iter()
        .filter(move |e| !block || !Charset::Whatwg(e).is_wide())
        .map(|&e| Charset::Whatwg(e))
        .chain(others.iter().copied())
}

/// The code pages a declaration names (or the decision, when declared) that no candidate list
/// holds: the DOS and Mac pages the tool decodes only where a label names them (IBM862 Hebrew,
/// Mac Greek…). A declared encoding is always read, so that the verdict can weigh it and keep it
/// where no words speak against it ([`super::standing`]).
pub(super) fn declared_beyond(inp: &super::Inputs) -> Vec<Charset> {
    let mut named: Vec<Charset> = Vec::new();
    // Not in a block of a file being segmented: no declaration covers a part.
    if inp.part.is_cut() {
        return named;
    }
    let decided = inp.decision_declared.then_some(inp.decision);
    for c in decided
        .into_iter()
        .chain(inp.declared.iter().map(|(c, _)| *c))
    {
        if matches!(c, Charset::Oem(_)) && !OTHER_CANDIDATES.contains(&c) && !named.contains(&c) {
            named.push(c);
        }
    }
    named
}

/// Readings of encodings outside WHATWG whose words are weighed besides [`super::MAX_WEIGHED`].
/// Three since the DOS pages of session 56: the Latin ones read most bytes alike, and at two
/// IBM865 and IBM857 took both places from IBM861 on 1 KB of Icelandic (IBM865 won at 0.96 with
/// 27 of 63 words, IBM861 reads 49). No verdict of the dev sets or real files moved; CPU +0–3 %.
const MAX_EXTRA_WEIGHED: usize = 3;
/// Words of a language that a single-byte page's reading must make to stay in the running
/// (but see [`all_known_with_own_letters`] and [`known_in_its_alphabet`]).
const MIN_EXTRA_KNOWN: u32 = 2;
/// Words of a language that a single-byte page's reading must make to be compared
/// ([`extras_back`]; but see [`all_known_with_own_letters`] and [`known_in_its_alphabet`]).
const MIN_EXTRA_COMPARED: u32 = 3;

/// A reading only encodings outside WHATWG make.
pub(super) fn is_extra(r: &Reading) -> bool {
    r.members.iter().all(|m| m.whatwg().is_none())
}

/// Adds the best [`MAX_EXTRA_WEIGHED`] of `extras` by characters to the readings weighed
/// (`out`, each with its character score). The others are left out of the running: a rare
/// page whose words were never looked at would only take probability mass from the verdict,
/// right or wrong (with IBM850 and IBM437, or VISCII, among them: ECE +0.001 on the dev set).
/// But a reading a declaration names goes to the readings not weighed (`all`), where the
/// verdict may still keep it ([`super::standing`]).
pub(super) fn weigh_besides(
    out: &mut Vec<Reading>,
    extras: Vec<Reading>,
    by_letters: bool,
    all: &mut Vec<Reading>,
    inp: &super::Inputs,
) {
    let extras = super::letters::rank(extras, MAX_EXTRA_WEIGHED, by_letters);
    // Only one that reads as cleanly by its characters as a WHATWG reading weighed: words
    // are the dear part of the verdict, and a page whose reading is full of box drawing or
    // symbols is no contender.
    let bar = out.iter().map(|r| r.score).fold(f64::INFINITY, f64::min);
    let first = out.is_empty();
    let declared = |r: &Reading| r.members.iter().any(|&m| is_declared(m, inp));
    for (i, r) in extras.into_iter().enumerate() {
        if i < MAX_EXTRA_WEIGHED && (first || r.score >= bar) {
            out.push(r);
        } else if declared(&r) {
            all.push(r);
        }
    }
}

/// A single-byte code page outside WHATWG is rare, and reads any bytes: its reading (in
/// `out` from `from` on) stays only with words of a language to show for it and no mark inside
/// a word; the others go to `all` (IBM852 read one no-break space of a Kituba page as `á`, one
/// unlisted word, and won). A page whose every high byte is a letter (VISCII) makes no odd
/// character of any bytes, so only words can speak for it: its reading leaves the running
/// unless it reads half its differing words as words, in a language the page was made for
/// (VISCII read mixed UTF-8 and windows-1252 files with 7 words of 53, or as French, and
/// won). UTF-32 and Johab are told by their bytes' structure as much as by words.
pub(super) fn drop_wordless(out: &mut Vec<Reading>, from: usize, all: &mut Vec<Reading>) {
    let mut i = from;
    while i < out.len() {
        let f = &out[i].features;
        if !out[i].members.iter().all(Charset::is_single_byte) {
            i += 1;
        } else if all_letters(&out[i]) && (2 * f.known_words < f.words || !made_for(&out[i])) {
            out.remove(i);
        } else if f.known_words < MIN_EXTRA_KNOWN
            && !all_known_with_own_letters(&out[i])
            && !known_in_its_alphabet(&out[i])
            || marks_in_words(&out[i].text)
        {
            all.push(out.remove(i));
        } else {
            i += 1;
        }
    }
}

/// Does the reading read a word of its language with a letter of its own page, and write every
/// differing word in that language's letters (`miješanja, traženje, priopćavanje`: 128 bytes of
/// Croatian x-mac-ce, one word on the list, where windows-1252 reads `mijeäanja, traìenje` and
/// a C1 control)? Short text has few words to show, and a misreading makes letters the
/// language lacks. Session 44, on 312 snippets of 128, 256 and 512 bytes of seven languages'
/// UDHR in x-mac-ce (Croatian and Bosnian `đ` written `dj`, as a Mac page without it makes
/// people write): 291 → 305 read right (Croatian at 128 bytes 9 → 14 of 15, windows-1252 had
/// 0.95 on one); the clean and damaged dev sets, the short texts and NLTK's UDHR files read as
/// before.
fn known_in_its_alphabet(r: &Reading) -> bool {
    let Some(alphabet) = crate::lexicon::alphabet(&r.features.language) else {
        return false;
    };
    let own = |c: char| c.is_ascii() || !c.is_alphabetic() || alphabet.contains(&c);
    r.words
        .iter()
        .any(|(w, _, known, _)| *known && w.chars().any(|c| !c.is_ascii() && c.is_alphabetic()))
        && r.words
            .iter()
            .all(|(w, ..)| w.chars().flat_map(char::to_lowercase).all(own))
}

/// Is every byte above 0x7F a letter in the reading's pages (VISCII)?
fn all_letters(r: &Reading) -> bool {
    r.members.iter().all(|m| match m {
        Charset::Oem(p) => p.high_half().iter().all(|c| c.is_alphabetic()),
        _ => false,
    })
}

/// Is the reading in a language its page was made for ([`super::prior::prior_of`] −1)? A
/// rare page's text in another language reads the same in a common page nearly everywhere.
fn made_for(r: &Reading) -> bool {
    r.members
        .iter()
        .any(|&m| super::prior::prior_of(m, &r.features.language) > -2.0)
}

/// A mark that is no letter between two letters (`jing´ada`: IBM852's reading of a Khasi `ï`),
/// or a mathematical sign or box drawing glued to a word's end (`enter×`: IBM857's reading of
/// Haitian Creole `enterè`, which left the Danish-looking `enter`): a misreading cutting words
/// into pieces a list may hold. The DOS and Mac pages outside WHATWG are for languages that write
/// no apostrophe inside words, so any such mark counts.
fn marks_in_words(text: &str) -> bool {
    let letter = |c: Option<char>| c.is_some_and(char::is_alphabetic);
    let mut prev = None;
    let mut it = text.chars().peekable();
    while let Some(c) = it.next() {
        if !c.is_ascii()
            && !c.is_alphabetic()
            && letter(prev)
            && (letter(it.peek().copied()) || sign_no_word_ends_with(c))
        {
            return true;
        }
        prev = Some(c);
    }
    false
}

/// A mathematical sign (`×`, `±`, `÷`, `≥`…) or a box-drawing or block character: what a DOS page
/// makes of a letter, never what ends a word.
fn sign_no_word_ends_with(c: char) -> bool {
    use unicode_properties::GeneralCategory;
    crate::unicode::char_info(c).category == GeneralCategory::MathSymbol
        || ('\u{2500}'..='\u{259F}').contains(&c)
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
            && !(f.known_words >= MIN_EXTRA_COMPARED && 2 * f.known_words >= f.words
                || all_known_with_own_letters(r)
                || known_in_its_alphabet(r))
    };
    // A stable sort: the order within each kind stays.
    out.sort_by_key(weak);
    out.iter().filter(|r| !weak(r)).count()
}

/// Does the reading read every differing word as a word of its language, each with a letter of
/// its own page in it (`premoženja`, x-mac-ce's reading of Slovenian where the WHATWG readings
/// make `premoìenja`)? Then even one word makes a case. A word the page's reading cuts down to
/// its ASCII letters (`pers` for `persö`, IBM850 reading `ö` as a box-drawing sign) makes none.
fn all_known_with_own_letters(r: &Reading) -> bool {
    !r.words.is_empty()
        && r.words
            .iter()
            .all(|(w, _, known, _)| *known && w.chars().any(|c| !c.is_ascii() && c.is_alphabetic()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_and_signs_that_cut_words() {
        // Inside a word, any mark; at a word's end, a mathematical sign or box drawing only.
        assert!(marks_in_words("jing´ada"));
        assert!(marks_in_words("fa enter× sal"));
        assert!(marks_in_words("total═ 5"));
        assert!(!marks_in_words("«Tout» est dit… fin"));
        assert!(!marks_in_words("3 × 4 = 12, ±2"));
        assert!(!marks_in_words("Acme® and Foo™"));
    }
}
