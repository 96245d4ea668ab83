//! Mojibake chains: UTF-8 text that was decoded as a single-byte encoding, possibly several
//! times, and how to undo it.
//!
//! Principle: when UTF-8 bytes are read as, say, windows-1252, each multi-byte character becomes
//! a *lead image* (the character of its lead byte, `Ã` for C3) followed by *continuation images*
//! (`©` for A9). Undoing one round means finding such runs whose bytes in that encoding form a
//! valid UTF-8 sequence (RFC 3629), and decoding those bytes again. Only complete, valid
//! sequences are touched, so text in which `Ã`, `â` or `€` stand legitimately (`SÃO PAULO`,
//! `5 €`) is left alone; a repaired character must also be plausible (no controls, no
//! unassigned code points, no rarely-used script appearing out of nowhere).
//!
//! Hypotheses (which encoding, how many rounds, up to [`MAX_ROUNDS`]) are searched with a small
//! beam and ranked by a cost: fingerprints still left + a small price per round. When bytes were
//! lost before the text reached us (a lead image followed by U+FFFD, where the continuation
//! byte was replaced), the report says so instead of guessing.

use crate::decode::charset::{Charset, OemPage};
use crate::decode::single_byte_table_of;
use crate::decode::validity::sequence_len;
use crate::unicode::char_info;
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::rc::Rc;
use std::sync::OnceLock;
use unicode_properties::GeneralCategory;
use unicode_script::Script;

/// The deepest chain searched (`résumé` → `rÃ©sumÃ©` → `rÃƒÂ©sumÃƒÂ©` is two rounds).
pub const MAX_ROUNDS: usize = 3;
/// Hypotheses kept per round.
const BEAM: usize = 3;
/// Cost of each round in a chain: prefer the shortest chain that explains the text
/// (calibrated so one extra round never beats removing one fingerprint).
pub const ROUND_COST: f64 = 0.25;
/// Cost of each rarely used character in a text (combining marks, Latin Extended-B, box
/// drawing): breaks ties between chains that leave no fingerprint, such as windows-1252 twice
/// (`résumé`) and windows-1252 then MacRoman (`r̩sum̩`, with U+0329).
pub const RARE_COST: f64 = 0.1;
/// How many changed words a report lists as examples.
const MAX_EXAMPLES: usize = 8;

/// The encodings whose misreading of UTF-8 is looked for, in preference order for ties.
/// KOI8-U and IBM866 are left out on purpose: their Ukrainian and lower-case Cyrillic letters
/// sit at continuation-byte positions, so ordinary Cyrillic words (`ні`, `рив`) would read as
/// mojibake.
fn encodings() -> &'static [Charset] {
    static LIST: OnceLock<Vec<Charset>> = OnceLock::new();
    LIST.get_or_init(|| {
        use encoding_rs::*;
        vec![
            Charset::WINDOWS_1252,
            Charset::Latin1,
            Charset::Whatwg(WINDOWS_1250),
            Charset::Whatwg(WINDOWS_1251),
            Charset::Whatwg(KOI8_R),
            Charset::Whatwg(MACINTOSH),
            Charset::Whatwg(ISO_8859_2),
            Charset::Whatwg(ISO_8859_15),
            Charset::Whatwg(WINDOWS_1253),
            Charset::Whatwg(WINDOWS_1254),
            Charset::Whatwg(WINDOWS_1257),
            Charset::Oem(OemPage::Cp437),
            Charset::Oem(OemPage::Cp850),
        ]
    })
}

/// Characters below this code point have dense reverse tables; the few above (™ is U+2122,
/// MacRoman's ﬁ is U+FB01) live in a hash map.
const DENSE: usize = 0x3000;

/// Reverse tables: for each character, its byte in each encoding of [`encodings`], plus masks
/// of the encodings where it is a lead image and where it is a continuation image.
struct Reverse {
    /// `bytes[c * n + e]`: the byte of `c` in encoding `e`, 0 for none (no image is byte 0).
    bytes: Vec<u8>,
    lead: Vec<u16>,
    cont: Vec<u16>,
    sparse_bytes: FxHashMap<char, Vec<(u16, u8)>>,
    sparse_lead: FxHashMap<char, u16>,
    sparse_cont: FxHashMap<char, u16>,
}

fn reverse() -> &'static Reverse {
    static REV: OnceLock<Reverse> = OnceLock::new();
    REV.get_or_init(|| {
        let n = encodings().len();
        let mut r = Reverse {
            bytes: vec![0; DENSE * n],
            lead: vec![0; DENSE],
            cont: vec![0; DENSE],
            sparse_bytes: FxHashMap::default(),
            sparse_lead: FxHashMap::default(),
            sparse_cont: FxHashMap::default(),
        };
        for (i, cs) in encodings().iter().enumerate() {
            let bit = 1u16 << i;
            for b in 0x80u8..=0xFF {
                let c = match cs {
                    Charset::Latin1 => Some(char::from(b)),
                    cs => single_byte_table_of(*cs).and_then(|t| t.get(b)),
                };
                let Some(c) = c else { continue };
                let lead = if (0xC2..=0xF4).contains(&b) { bit } else { 0 };
                let cont = if (0x80..=0xBF).contains(&b) { bit } else { 0 };
                let u = c as usize;
                if u < DENSE {
                    r.bytes[u * n + i] = b;
                    r.lead[u] |= lead;
                    r.cont[u] |= cont;
                } else {
                    r.sparse_bytes.entry(c).or_default().push((i as u16, b));
                    *r.sparse_lead.entry(c).or_default() |= lead;
                    *r.sparse_cont.entry(c).or_default() |= cont;
                }
            }
        }
        r
    })
}

impl Reverse {
    fn lead_mask(&self, c: char) -> u16 {
        let u = c as usize;
        if u < DENSE {
            self.lead[u]
        } else {
            self.sparse_lead.get(&c).copied().unwrap_or(0)
        }
    }
    fn cont_mask(&self, c: char) -> u16 {
        let u = c as usize;
        if u < DENSE {
            self.cont[u]
        } else {
            self.sparse_cont.get(&c).copied().unwrap_or(0)
        }
    }
}

/// The byte of `c` in encoding number `e`, or `None` if it has none. ASCII maps to itself.
fn byte_in(c: char, e: usize) -> Option<u8> {
    if c.is_ascii() {
        return Some(c as u8);
    }
    let r = reverse();
    let u = c as usize;
    if u < DENSE {
        let b = r.bytes[u * encodings().len() + e];
        return (b != 0).then_some(b);
    }
    r.sparse_bytes
        .get(&c)?
        .iter()
        .find(|(i, _)| *i as usize == e)
        .map(|&(_, b)| b)
}

/// Bit mask of the encodings under which `text` has at least one lead image directly followed
/// by a continuation image (a cheap necessary condition for mojibake).
fn suspect_mask(text: &str) -> u16 {
    if text.is_ascii() {
        return 0;
    }
    let r = reverse();
    let mut mask = 0u16;
    for_each_non_ascii_run(text, |run| {
        let mut prev_lead = 0u16;
        for c in run.chars() {
            mask |= prev_lead & r.cont_mask(c);
            prev_lead = r.lead_mask(c);
        }
    });
    mask
}

/// Calls `f` on every maximal run of non-ASCII characters of `text`, skipping the ASCII
/// between them eight or more bytes at a time (an ASCII character ends any sequence).
fn for_each_non_ascii_run(text: &str, mut f: impl FnMut(&str)) {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(s) = crate::ascii::next_non_ascii(b, i) {
        let e = b[s..]
            .iter()
            .position(|&x| x < 0x80)
            .map_or(b.len(), |k| s + k);
        f(&text[s..e]);
        i = e;
    }
}

/// Is `c` believable as the result of a repair?
fn plausible(c: char) -> bool {
    let info = char_info(c);
    if matches!(
        info.category,
        GeneralCategory::Control
            | GeneralCategory::Unassigned
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
    ) {
        return false;
    }
    // IPA and spacing modifier letters (U+0250–U+02FF) are what `É»` (C9 BB) would become;
    // the click letters U+01C0–U+01C3 what `«Ç` would become in MacRoman.
    if ((0x250..=0x2FF).contains(&(c as u32)) && !orthographic_ipa(c))
        || (0x1C0..=0x1C3).contains(&(c as u32))
    {
        return false;
    }
    // Scripts a repair may produce; Syriac, Thaana, NKo, Samaritan (U+0700–U+08FF) are what
    // legitimate text like German `Straße«` (DF AB) would wrongly turn into.
    matches!(
        info.script,
        Script::Common
            | Script::Inherited
            | Script::Latin
            | Script::Greek
            | Script::Cyrillic
            | Script::Armenian
            | Script::Hebrew
            | Script::Arabic
            | Script::Devanagari
            | Script::Bengali
            | Script::Gurmukhi
            | Script::Gujarati
            | Script::Tamil
            | Script::Telugu
            | Script::Kannada
            | Script::Malayalam
            | Script::Sinhala
            | Script::Thai
            | Script::Lao
            | Script::Tibetan
            | Script::Myanmar
            | Script::Georgian
            | Script::Hangul
            | Script::Ethiopic
            | Script::Khmer
            | Script::Hiragana
            | Script::Katakana
            | Script::Han
            | Script::Bopomofo
    )
}

/// IPA letters that alphabets adopted: Azerbaijani `ə`, the `ɓ ɗ ɛ ɔ ɖ ɣ ɲ ŋ ʋ ʒ` of
/// African orthographies (Hausa, Ewe, Lingala, Fula…), Hawaiian and Uzbek `ʻ`, the `ʼ` of
/// many. The rest of U+0250–U+02FF is what `É»` (C9 BB) would wrongly become.
fn orthographic_ipa(c: char) -> bool {
    matches!(
        c,
        'ɓ' | 'ɔ' | 'ɖ' | 'ɗ' | 'ə' | 'ɛ' | 'ɣ' | 'ɨ' | 'ɲ' | 'ʋ' | 'ʒ' | 'ʔ' | 'ʻ' | 'ʼ'
        // windows-1252's 0x88 and 0x98: the middle of a chain of two rounds.
        | 'ˆ' | '˜'
    )
}

/// Characters that real text seldom holds but wrong repairs produce: Latin Extended-B but the
/// letters of Vietnamese and Romanian, box drawing, combining marks but those on a letter of
/// their own script, symbols that belong to one script, the supplemental arrows
/// and mathematical symbols of U+2900–U+2AFF (what E2 A4 … makes: `â¤¢` → `⤢`), and a Latin-1
/// symbol after a non-ASCII letter or between two letters (`ôºô±ô¹`: Greek read twice,
/// repaired once).
fn rare_chars(text: &str) -> usize {
    let mut n = 0;
    let mut prev: [char; 2] = [' ', ' '];
    // The script of the last character that was not a mark: the base of the marks after it.
    let mut base: Option<Script> = None;
    for c in text.chars().chain([' ']) {
        // `prev[1]` is judged now that both its neighbours are known.
        let (before, mid) = (prev[0], prev[1]);
        // Not the middle dot of Catalan `col·lecció`; `km²` and `Windows®` follow ASCII letters.
        if (0xA1..=0xBF).contains(&(mid as u32))
            && mid != '·'
            && before.is_alphabetic()
            && (!before.is_ascii() || c.is_alphabetic())
        {
            n += 1;
        }
        prev = [mid, c];
        let u = c as u32;
        if c.is_ascii() || (0xA0..=0x17F).contains(&u) {
            base = latin_letter(c).then_some(Script::Latin);
            continue;
        }
        let info = char_info(c);
        if info.is_mark() {
            // A vowel sign on a letter of its own script is how Indic and other scripts are
            // written (`रहा`); a mark of no script, or on a letter of another (`r̩sum̩`, what
            // MacRoman makes of `é`), is rare.
            if !(info.has_real_script() && base == Some(info.script)) {
                n += 1;
            }
            continue;
        }
        base = info.is_letter().then_some(info.script);
        let extended_b = (0x180..=0x24F).contains(&u)
            && !matches!(u, 0x1A0 | 0x1A1 | 0x1AF | 0x1B0 | 0x218..=0x21B);
        // Signs that belong to one script (Arabic `؏`, U+060F) are rarer in running text than
        // its letters, which a wrong code page makes them of.
        let script_symbol = info.has_real_script()
            && matches!(
                info.category,
                GeneralCategory::OtherSymbol | GeneralCategory::ModifierSymbol
            );
        if (0x2900..=0x2AFF).contains(&u) {
            // Rarer still in text than the others, and what one wrong round makes of every
            // curly quote read twice (`â€š` → `⤨` under ISO-8859-15): three times the weight,
            // so that the chain of two rounds that explains them wins.
            n += 3;
        } else if extended_b || (0x2500..=0x259F).contains(&u) || script_symbol {
            n += 1;
        }
    }
    n
}

/// A letter of ASCII, Latin-1 or Latin Extended-A (U+0000–U+017F), without the Unicode table
/// lookup `char::is_alphabetic` makes for every character past ASCII: [`rare_chars`] looks at
/// each character of every line the anomaly scan analyses.
fn latin_letter(c: char) -> bool {
    match c as u32 {
        0x41..=0x5A | 0x61..=0x7A => true,
        0xAA | 0xB5 | 0xBA => true,
        0xC0..=0xFF => c != '×' && c != '÷',
        0x100..=0x17F => true,
        _ => false,
    }
}

/// One repaired sequence in one round.
struct Fix {
    /// Text offsets of the mojibake in the input of the round.
    start: usize,
    end: usize,
}

/// Undoes one round of "UTF-8 read as encoding `e`": every plausible complete sequence is
/// decoded again. Returns the new text and the fixes, or `None` when nothing changes.
///
/// Works word by word (ASCII whitespace separates words; NBSP does not, because `Â` + NBSP is
/// itself mojibake). A word's sequences are repaired only when the word looks like mojibake as a
/// whole: every non-ASCII character in it belongs to a sequence, or at least one sequence has a
/// non-letter image (`©`, `€`, `™`: letters do not sit next to those in real words) and the
/// sequences cover more than half of the word's non-ASCII characters. And the repair must not
/// turn a single-script word into a mixed-script one. This keeps legitimate words such as
/// Ukrainian `Рік` (D0 B3 in windows-1251) or French `«ÉTÉ»` (C9 BB) intact.
fn undo_once(text: &str, e: usize) -> Option<(String, Vec<Fix>)> {
    // Scripts the line's repaired words write words of two letters or more in: a one-letter
    // word of the same script beside them is a word too (Armenian `և`, Gujarati `એ`).
    let context = context_scripts(text);
    let mut scripts: Vec<Script> = Vec::new();
    let first = undo_pass(text, e, &context, &mut scripts)?;
    if scripts.iter().all(|s| context.contains(s)) {
        return Some(first);
    }
    scripts.extend(context);
    undo_pass(text, e, &scripts, &mut Vec::new())
}

/// Scripts a text attests before any repair: Latin when it holds an ASCII word of two letters
/// or more (`Considerato che ГЁ indispensabile`: `è` is a word of the line's script; `ΓΉ` on
/// its own is a Greek word, not mojibake of `ù`).
fn context_scripts(text: &str) -> Vec<Script> {
    // Bytes, not characters (this runs over the 4 MB a `fix` reads for context): a run of two
    // ASCII letters or more, touching neither an ASCII digit nor a non-ASCII character.
    let b = text.as_bytes();
    let touches = |x: Option<&u8>| x.is_some_and(|&c| c >= 0x80 || c.is_ascii_digit());
    let mut i = 0;
    let mut latin = false;
    while i < b.len() && !latin {
        if !b[i].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_alphabetic() {
            i += 1;
        }
        latin = i - start >= 2
            && !touches(start.checked_sub(1).and_then(|p| b.get(p)))
            && !touches(b.get(i));
    }
    if latin {
        vec![Script::Latin]
    } else {
        Vec::new()
    }
}

fn undo_pass(
    text: &str,
    e: usize,
    allowed: &[Script],
    scripts: &mut Vec<Script>,
) -> Option<(String, Vec<Fix>)> {
    let mut out = String::with_capacity(text.len());
    let mut fixes = Vec::new();
    let mut rest = text;
    let mut base = 0usize;
    while !rest.is_empty() {
        let ws = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_ascii_whitespace())
                .len();
        out.push_str(&rest[..ws]);
        base += ws;
        rest = &rest[ws..];
        let wl = rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let word = &rest[..wl];
        let suspect = suspect_mask(word) & (1 << e) != 0 || lossy_suspect(word, e);
        match suspect.then(|| undo_word(word, e, allowed)).flatten() {
            Some((repaired, word_fixes)) => {
                note_scripts(&repaired, scripts);
                out.push_str(&repaired);
                fixes.extend(word_fixes.into_iter().map(|f| Fix {
                    start: base + f.start,
                    end: base + f.end,
                }));
            }
            None => out.push_str(word),
        }
        base += wl;
        rest = &rest[wl..];
    }
    (!fixes.is_empty()).then_some((out, fixes))
}

/// Punctuation of any script (general category P*): ASCII `.`, Urdu `۔`, Devanagari `।`.
fn is_punctuation(c: char) -> bool {
    matches!(
        char_info(c).category,
        GeneralCategory::ConnectorPunctuation
            | GeneralCategory::DashPunctuation
            | GeneralCategory::OpenPunctuation
            | GeneralCategory::ClosePunctuation
            | GeneralCategory::InitialPunctuation
            | GeneralCategory::FinalPunctuation
            | GeneralCategory::OtherPunctuation
    )
}

/// Does `word` hold the image of a UTF-8 lead byte under encoding `e` right before a U+FFFD
/// (`Ð�Ð�`, Cyrillic whose second bytes windows-1252 does not define)? Such a word has no
/// whole sequence for [`suspect_mask`] to see; in a line the chain repairs, it is repaired too
/// (one U+FFFD for each lost character).
fn lossy_suspect(word: &str, e: usize) -> bool {
    word.contains('\u{FFFD}')
        && word.chars().zip(word.chars().skip(1)).any(|(a, b)| {
            b == '\u{FFFD}' && byte_in(a, e).is_some_and(|x| (0xC2..=0xF4).contains(&x))
        })
}

fn undo_word(word: &str, e: usize, allowed: &[Script]) -> Option<(String, Vec<Fix>)> {
    let (out, fixes) = undo_word_unjudged(word, e)?;
    if judge(word, &out, allowed).is_some() {
        return None;
    }
    Some((out, fixes))
}

/// Why the repair of `word` into `out` is refused, if it is: [`harm`], a listed word turned
/// into a non-word ([`word_to_non_word`]), too little evidence ([`letters_to_one_letter`]), a
/// listed word in capitals ([`listed_capitals`]), or `ª`/`º` before a letter
/// ([`ordinal_before_letter`]).
fn judge(word: &str, out: &str, allowed: &[Script]) -> Option<&'static str> {
    harm(out, allowed)
        .or_else(|| {
            word_to_non_word(word, out).then_some("a word of a word list turned into a non-word")
        })
        .or_else(|| {
            letters_to_one_letter(word, out, allowed)
                .then_some("two or three letters made into one: too short to tell")
        })
        .or_else(|| listed_capitals(word).then_some("a word of a word list, in capitals"))
        .or_else(|| ordinal_before_letter(out).then_some("an ordinal indicator before a letter"))
}

/// A word in capitals whose lower-case form a word list holds (`PÄŤ`, Slovak for five: as
/// windows-1250 mojibake it would be `Pč`). Lower-case words are judged by
/// [`word_to_non_word`]; capitals are where mojibake images and letters look most alike.
fn listed_capitals(word: &str) -> bool {
    let core = word.trim_matches(|c: char| c.is_ascii_punctuation());
    core.chars().count() >= 3
        && core.chars().all(char::is_alphabetic)
        && !core.chars().any(char::is_lowercase)
        && crate::lexicon::languages_of(&core.to_lowercase()) != 0
}

/// `ª` or `º` before a letter in a result with no fingerprint left (`ÂŞIK`, Turkish capitals,
/// is not `ªIK`: ordinals follow digits, `1ª`, `nº`). In the middle of a chain (`ÃƒÂºn` →
/// `Ãºn` → `ún`) they are expected.
fn ordinal_before_letter(out: &str) -> bool {
    suspect_mask(out) == 0
        && out
            .chars()
            .zip(out.chars().skip(1))
            .any(|(a, b)| matches!(a, 'ª' | 'º') && b.is_alphabetic())
}

/// Two or three letters that would become a single letter, with no other repair in the line
/// attesting its script, unless all are Latin, or they are of a script the word lists write and
/// no list holds them: the capitals `ΓΉ`, `РІ`, `ЧЁ` are Greek, Ukrainian and Russian words
/// (the lists hold `γή`, `рі`, `чё`) as much as mojibake of `ù`, `в`, `ר`, while `Рё` is only
/// what windows-1251 makes of `и`. (Mojibake of a one-letter word in a line of others, `РЇ Рё
/// С‚С‹`, is attested by them; `Ã©` holds a symbol and is evidence enough.)
fn letters_to_one_letter(word: &str, out: &str, allowed: &[Script]) -> bool {
    let core = |w: &str| {
        w.trim_matches(|c: char| c.is_ascii_punctuation())
            .to_string()
    };
    let (before, after) = (core(word), core(out));
    let mut after_chars = after.chars();
    let (Some(c), None) = (after_chars.next(), after_chars.next()) else {
        return false;
    };
    let n = before.chars().count();
    let script = char_info(c).script;
    (2..=3).contains(&n)
        && c.is_alphabetic()
        // A Hangul syllable or a Han character is a word on its own (`수`, `인`).
        && !matches!(
            script,
            Script::Hangul | Script::Han | Script::Hiragana | Script::Katakana
        )
        && before.chars().all(char::is_alphabetic)
        // Latin letters to a Latin letter (`ÃŸ` → `ß`) is what windows-1252 does to German
        // and French; a change of script, or Cyrillic staying Cyrillic (`РІ` → `в`, where
        // `РІ` is a Ukrainian word too), needs the line to attest the script.
        && !(script == Script::Latin
            && before.chars().all(|b| char_info(b).script == Script::Latin))
        && !allowed.contains(&script)
        // Letters no word list holds as a word are no word (`Рё`: what windows-1251 makes of
        // `и`); the lists hold the two-letter words of the scripts they write (`чё`, `γή`).
        && (crate::lexicon::languages_of(&before.to_lowercase()) != 0
            || !before.chars().all(|b| {
                let info = char_info(b);
                // `µ` is a letter of no script (the micro sign).
                !info.has_real_script() || listed_scripts().contains(&info.cluster())
            }))
}

/// The scripts the word lists write (Latin, Cyrillic, Greek, Arabic, Hebrew…): in those, a
/// word no list holds is not a word of two letters.
fn listed_scripts() -> &'static [Script] {
    static S: std::sync::OnceLock<Vec<Script>> = std::sync::OnceLock::new();
    S.get_or_init(|| {
        let mut scripts = vec![Script::Latin];
        for code in crate::lexicon::stopword_languages() {
            note_scripts(
                &crate::lexicon::alphabet(code)
                    .unwrap_or_default()
                    .iter()
                    .collect::<String>(),
                &mut scripts,
            );
        }
        scripts
    })
}

/// [`undo_word`] before [`harm`] judges the result.
fn undo_word_unjudged(word: &str, e: usize) -> Option<(String, Vec<Fix>)> {
    if word.is_ascii() {
        return None;
    }
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    let mut out = String::with_capacity(word.len());
    let mut fixes = Vec::new();
    let mut covered = 0usize;
    let mut strong = false;
    let mut i = 0;
    while i < chars.len() {
        let (off, c) = chars[i];
        if let Some((n, repaired)) = sequence_at(&chars, i, e) {
            let end = chars.get(i + n).map_or(word.len(), |&(o, _)| o);
            strong |= chars[i..i + n]
                .iter()
                .any(|&(_, c)| !char_info(c).is_letter());
            covered += n;
            out.push(repaired);
            fixes.push(Fix { start: off, end });
            i += n;
        } else if let Some(n) = lost_sequence_at(&chars, i, e) {
            // Images of a sequence whose last byte was replaced: one U+FFFD for the character.
            let end = chars.get(i + n).map_or(word.len(), |&(o, _)| o);
            covered += n - 1;
            out.push('\u{FFFD}');
            fixes.push(Fix { start: off, end });
            i += n;
        } else {
            out.push(c);
            i += 1;
        }
    }
    if fixes.is_empty() {
        return None;
    }
    let non_ascii = chars
        .iter()
        .filter(|&&(_, c)| !c.is_ascii() && c != '\u{FFFD}')
        .count();
    let whole = covered >= non_ascii;
    if !(whole || (strong && covered * 2 > non_ascii)) {
        return None;
    }
    if mixed_script(&out) && !mixed_script(word) {
        return None;
    }
    Some((out, fixes))
}

/// A repair the engine would make of one word but refuses, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Refusal {
    pub word: String,
    pub would_be: String,
    /// The encoding whose misreading the repair would undo.
    pub encoding: Charset,
    pub reason: &'static str,
}

/// The first few words of `text` whose repair `harm` refuses (judged word by word, without
/// the line's other words: what `fix --explain` and the report show).
pub fn refusals(text: &str) -> Vec<Refusal> {
    let mut out: Vec<Refusal> = Vec::new();
    for word in text.split(|c: char| c.is_ascii_whitespace()) {
        let mask = suspect_mask(word);
        if mask == 0 || out.iter().any(|r| r.word == word) {
            continue;
        }
        for (e, cs) in encodings().iter().enumerate() {
            if mask & (1 << e) == 0 {
                continue;
            }
            let judged = undo_word_unjudged(word, e).and_then(|(would_be, _)| {
                judge(word, &would_be, &[]).map(|reason| (would_be, reason))
            });
            if let Some((would_be, reason)) = judged {
                out.push(Refusal {
                    word: word.to_string(),
                    would_be,
                    encoding: *cs,
                    reason,
                });
                break;
            }
        }
        if out.len() >= MAX_EXAMPLES {
            break;
        }
    }
    out
}

/// A word that some word list holds, turned into one that none holds: Slovak `zvlášť` reads as
/// ISO-8859-2 mojibake of `zvlṻ` (á š ť are E1 B9 BB there). Judged on words made of letters
/// only, inside their outer ASCII punctuation.
fn word_to_non_word(word: &str, repaired: &str) -> bool {
    // ASCII punctuation around the word only: `«` or `√` inside a form is part of the
    // mojibake (`tÃ«` is not the word `tã`).
    let core = |w: &str| {
        w.trim_matches(|c: char| c.is_ascii_punctuation())
            .to_lowercase()
    };
    let (before, after) = (core(word), core(repaired));
    let listed_to_unlisted = |before: &str, after: &str| {
        before.chars().count() >= 2
            && before.chars().all(char::is_alphabetic)
            && crate::lexicon::languages_of(before) != 0
            && crate::lexicon::languages_of(after) == 0
    };
    if listed_to_unlisted(&before, &after) {
        return true;
    }
    // A word between quote marks (`»ôter«`, `“Äh”`) is that word: MacRoman's `»` and `“`
    // are images of UTF-8 lead bytes, so a repair would eat the opening quote.
    let quote = |c: char| "«»“”„‚‘’\"'".contains(c);
    let quoted = |w: &str| {
        let mut cs = w.chars();
        let (first, last) = (cs.next(), cs.next_back());
        first.is_some_and(quote) && last.is_some_and(quote)
    };
    quoted(word) && {
        let unquote = |w: &str| w.trim_matches(quote).to_lowercase();
        listed_to_unlisted(&unquote(word), &unquote(repaired))
    }
}

/// Why a repaired word would be damage rather than text, if it would: what no real word holds
/// but a wrong repair of symbols makes (`3×…` → `3ׅ`, `2×£10` → `2ף10`, `Å—` → `ŗ`).
///
/// - a letter, mark or sign of a script other than Latin that is not part of a run of at least
///   two characters of that script (a lone Hebrew letter between digits; Hebrew `שלום` is
///   fine), unless it is a word on its own that a word list holds or that the line's other
///   repaired words attest (`allowed`: their scripts);
/// - a combining mark that follows no letter;
/// - a word of a single letter beyond Latin-1 that no word list holds (`ŗ`, `Ũ`).
fn harm(repaired: &str, allowed: &[Script]) -> Option<&'static str> {
    let chars: Vec<char> = repaired.chars().collect();
    // Whether the word is a number of non-ASCII digits and punctuation: worked out once (a
    // hostile word is long, and this is asked for each of its characters).
    let number_word = std::cell::OnceCell::new();
    let script_of = |c: char| {
        let info = char_info(c);
        (info.has_real_script() && info.cluster() != Script::Latin).then(|| info.cluster())
    };
    // The end of the last run found to be text: its other characters need no second look
    // (each look spans the whole run, so looking again would cost the square of its length).
    let mut judged_to = 0;
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii() || i < judged_to {
            continue;
        }
        let info = char_info(c);
        if info.is_mark() {
            // Marks stack (`ूं`): the first character before them that is not a mark must
            // be a letter.
            // U+FFFD stands for a character lost on the way, most often the letter itself; a
            // variation selector picks how a symbol is drawn (`❤️` is U+2764 U+FE0F).
            let base = chars[..i].iter().rev().find(|&&c| !char_info(c).is_mark());
            let selector = ('\u{FE00}'..='\u{FE0F}').contains(&c);
            if !base.is_some_and(|&b| {
                b == '\u{FFFD}'
                    || char_info(b).is_letter()
                    || (selector && !b.is_alphanumeric() && !b.is_ascii())
            }) {
                return Some("a combining mark on no letter");
            }
        }
        let Some(script) = script_of(c) else { continue };
        // Letters of the same script around it, marks included in the run.
        // Marks (Arabic shadda is Inherited), joiners (ZWNJ in Bengali) and the U+FFFD of a
        // character lost inside a word belong to the run.
        // So does the `"` of a Hebrew acronym (`צה"ל`), between two letters of the script.
        let same = |j: usize| {
            let c = chars[j];
            script_of(c) == Some(script)
                || char_info(c).is_mark()
                || matches!(c, '\u{200C}' | '\u{200D}' | '\'' | '’' | '-' | '\u{FFFD}')
                || (c == '"'
                    && j > 0
                    && script_of(chars[j - 1]) == Some(script)
                    && chars
                        .get(j + 1)
                        .is_some_and(|&n| script_of(n) == Some(script)))
        };
        let mut lo = i;
        while lo > 0 && same(lo - 1) {
            lo -= 1;
        }
        let mut hi = i + 1;
        while hi < chars.len() && same(hi) {
            hi += 1;
        }
        // Han, kana and Hangul write a word in one character; elsewhere a run needs two
        // characters (a letter and its vowel sign is a syllable: Hindi `का`), or to be a
        // whole word some word list holds, with no digit or letter beside it (Russian `я`,
        // Arabic `و`; not `2ף10`, though wordfreq's Hebrew list holds `ף`).
        let ideographic = matches!(
            script,
            Script::Han | Script::Hangul | Script::Hiragana | Script::Katakana
        );
        let has_letter = chars[lo..hi].iter().any(|&c| char_info(c).is_letter());
        if ideographic || (hi - lo >= 2 && has_letter) {
            judged_to = hi;
            continue;
        }
        // A number in the script's own digits, standing as a word (`अनुच्छेद १८.`, Urdu
        // `۱۳۔`): what no clean text makes by chance (`à¥§à¥®`, `Û±Û³`).
        // One digit alone needs the script attested by the line (`ÃŸÃ¼Ã¼` is `ßüü`, not a
        // Myanmar `၁`).
        let own_digit = |c: char| c.is_numeric() && script_of(c) == Some(script);
        let digits = chars[lo..hi].iter().filter(|&&c| own_digit(c)).count();
        let number = *number_word.get_or_init(|| {
            chars.iter().all(|&c| {
                (c.is_numeric() && !c.is_ascii()) || c.is_whitespace() || is_punctuation(c)
            })
        }) && chars[lo..hi]
            .iter()
            .all(|&c| own_digit(c) || !c.is_numeric())
            && (digits >= 2 || digits == 1 && allowed.contains(&script));
        if number {
            judged_to = hi;
            continue;
        }
        let whole_word = chars
            .iter()
            .enumerate()
            .all(|(j, &c)| (lo..hi).contains(&j) || !c.is_alphanumeric());
        let run: String = chars[lo..hi]
            .iter()
            .flat_map(|c| c.to_lowercase())
            .collect();
        let attested = allowed.contains(&script) || crate::lexicon::languages_of(&run) != 0;
        if !(whole_word && has_letter && attested) {
            return Some("a lone character of another script");
        }
    }
    let letters: Vec<char> = chars
        .iter()
        .copied()
        .filter(|&c| char_info(c).is_letter())
        .collect();
    // (Other scripts are judged by their runs above: a Gujarati `કે` is one letter and a sign.)
    // An intermediate form that another round will repair (`×©×œ`) is not judged here.
    // The accented letters of Latin-1 (`û`, `é`) are what the commonest mojibake of all
    // (`Ã»`, `Ã©`) hides, and stand alone as often as any letter.
    if letters.len() == 1
        && letters[0] as u32 > 0xFF
        && script_of(letters[0]).is_none()
        && suspect_mask(repaired) == 0
    {
        let w: String = letters[0].to_lowercase().collect();
        if crate::lexicon::languages_of(&w) == 0 {
            return Some("a one-letter word no word list holds");
        }
    }
    None
}

/// Non-ASCII characters outside the repaired sequences, per character inside them, above
/// which a round that repairs to no character the text already uses is a coincidence, not
/// mojibake. Real mojibake comes from decoding the whole text, or a whole passage, the wrong
/// way: its sequences make up most of the non-ASCII characters, or repair to characters the
/// clean part of the text also uses (`Ã©` → `é` in a page whose other paragraphs have `é`).
/// In real Slovak, `zvlášť` in ISO-8859-2 is E1 B9 BB, valid UTF-8 for `ṻ`: one sequence
/// among hundreds of accented letters, repairing to a character found nowhere else (on the
/// UDHR texts this rule removed 17 of 18 such false alarms).
const ORPHANS_PER_REPAIRED: usize = 4;

/// True when the letters of `word` belong to more than one script cluster.
fn mixed_script(word: &str) -> bool {
    let mut cluster = None;
    for c in word.chars() {
        let info = char_info(c);
        if !info.is_letter() || !info.has_real_script() {
            continue;
        }
        match cluster {
            None => cluster = Some(info.cluster()),
            Some(k) if k != info.cluster() => return true,
            _ => {}
        }
    }
    false
}

/// If the characters from `i` are the images under encoding `e` of one valid, plausible UTF-8
/// multi-byte sequence, returns its length in characters and the character it encodes.
fn sequence_at(chars: &[(usize, char)], i: usize, e: usize) -> Option<(usize, char)> {
    let c0 = chars[i].1;
    if c0.is_ascii() {
        return None;
    }
    // A word's quotes and brackets (`«ÇA»` in MacRoman is C7 82…) do not start mojibake;
    // but MacRoman's `‚` is byte E2, the lead of every curly quote and dash (`‚Äôn` is `’n`),
    // and only a whole three-byte sequence is taken.
    if !matches!(
        c0,
        '\u{201A}' | '\u{201E}' | '\u{2018}' | '\u{2019}' | '\u{201C}' | '\u{201D}' | '»'
    ) && matches!(
        char_info(c0).category,
        GeneralCategory::OpenPunctuation
            | GeneralCategory::ClosePunctuation
            | GeneralCategory::InitialPunctuation
            | GeneralCategory::FinalPunctuation
    ) {
        return None;
    }
    let b0 = byte_in(c0, e)?;
    let n = sequence_len(b0);
    if n < 2 || i + n > chars.len() {
        return None;
    }
    let mut bytes = [b0, 0, 0, 0];
    for k in 1..n {
        let ck = chars[i + k].1;
        if ck.is_ascii() {
            return None;
        }
        bytes[k] = byte_in(ck, e)?;
    }
    if n == 3 && b0 == 0xED && bytes[1] >= 0xA0 {
        return surrogate_pair_at(chars, i, e, &bytes[..3]);
    }
    let s = std::str::from_utf8(&bytes[..n]).ok()?;
    let repaired = s.chars().next()?;
    plausible(repaired).then_some((n, repaired))
}

/// A sequence under encoding number `e` some of whose continuation bytes were lost before
/// the text reached us: a lead image, then for each continuation byte its image or U+FFFD
/// (windows-1252 leaves 81 8D 8F 90 9D undefined, so `с`, D1 81, arrives as `Ñ�`, and
/// Ethiopic `፡`, E1 8D A1, as `á�¡`). Returns the number of characters it spans.
fn lost_sequence_at(chars: &[(usize, char)], i: usize, e: usize) -> Option<usize> {
    let lead = byte_in(chars[i].1, e).filter(|b| (0xC2..=0xF4).contains(b))?;
    let n = sequence_len(lead);
    if i + n > chars.len() {
        return None;
    }
    let mut bytes = [lead, 0, 0, 0];
    let mut lost = 0;
    for k in 1..n {
        match chars[i + k].1 {
            '\u{FFFD}' => lost |= 1 << k,
            c => bytes[k] = byte_in(c, e).filter(|b| (0x80..=0xBF).contains(b))?,
        }
    }
    if lost == 0 {
        return None;
    }
    // The bytes kept must fit a valid sequence (E0 needs A0–BF next, F4 80–8F…) for some
    // value of the lost ones.
    let ok = (0x80..=0xBFu8).any(|v| {
        let mut probe = bytes;
        for (k, b) in probe.iter_mut().enumerate().take(n).skip(1) {
            if lost & (1 << k) != 0 {
                *b = v;
            }
        }
        std::str::from_utf8(&probe[..n]).is_ok()
    });
    ok.then_some(n)
}

/// Complete, valid sequences of encoding number `e` in `word` (no judgement of the result).
fn whole_sequences(word: &str, e: usize) -> usize {
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    sequences_in(&chars, e)
}

/// [`whole_sequences`] over characters already collected.
fn sequences_in(chars: &[(usize, char)], e: usize) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < chars.len() {
        match sequence_at(chars, i, e) {
            Some((len, _)) => {
                n += 1;
                i += len;
            }
            None => i += 1,
        }
    }
    n
}

/// A surrogate pair encoded half by half (CESU-8, Java's "modified UTF-8"): `ED A0–AF xx`, the
/// high half, then `ED B0–BF xx`, the low half, six bytes for one character beyond the BMP
/// (`í\u{A0}½í¸´` → 😴). UTF-8 forbids surrogates (RFC 3629 §3); a decoder that encoded
/// UTF-16 code units one by one made them.
fn surrogate_pair_at(
    chars: &[(usize, char)],
    i: usize,
    e: usize,
    high: &[u8],
) -> Option<(usize, char)> {
    let unit = |b: &[u8]| {
        ((b[0] as u32 & 0x0F) << 12) | ((b[1] as u32 & 0x3F) << 6) | (b[2] as u32 & 0x3F)
    };
    if i + 6 > chars.len() || !high[2..].iter().all(|&b| (0x80..0xC0).contains(&b)) {
        return None;
    }
    let mut low = [0u8; 3];
    for (k, b) in low.iter_mut().enumerate() {
        let c = chars[i + 3 + k].1;
        if c.is_ascii() {
            return None;
        }
        *b = byte_in(c, e)?;
    }
    if low[0] != 0xED || !(0xB0..0xC0).contains(&low[1]) || !(0x80..0xC0).contains(&low[2]) {
        return None;
    }
    let (h, l) = (unit(high), unit(&low));
    if !(0xD800..0xDC00).contains(&h) || !(0xDC00..0xE000).contains(&l) {
        return None;
    }
    let c = char::from_u32(0x10000 + ((h - 0xD800) << 10) + (l - 0xDC00))?;
    plausible(c).then_some((6, c))
}

/// The encodings (bits, in the order of the encodings the search knows) under which `c` is the image of a UTF-8
/// lead byte, and those under which it is the image of a continuation byte; none for ASCII
/// and for U+FFFD.
pub fn masks(c: char) -> (u16, u16) {
    if c == '\u{FFFD}' {
        return (0, 0);
    }
    let r = reverse();
    (r.lead_mask(c), r.cont_mask(c))
}

/// [`fingerprints`] counted a character at a time, for a pass that visits every character
/// anyway (the quality features).
#[derive(Clone, Debug, Default)]
pub struct FingerprintCounter {
    counts: [usize; 16],
    prev_lead: u16,
}

impl FingerprintCounter {
    /// A non-ASCII character.
    #[inline]
    pub fn non_ascii(&mut self, c: char) {
        let (lead, cont) = masks(c);
        self.step(lead, cont);
    }

    /// Any character, given its [`masks`] (ASCII has none, which ends a sequence).
    #[inline]
    pub fn step(&mut self, lead: u16, cont: u16) {
        let mut m = self.prev_lead & cont;
        while m != 0 {
            self.counts[m.trailing_zeros() as usize] += 1;
            m &= m - 1;
        }
        self.prev_lead = lead;
    }

    /// An ASCII character: no sequence goes on across it.
    #[inline]
    pub fn ascii(&mut self) {
        self.prev_lead = 0;
    }

    /// The count so far: what [`fingerprints`] says of the characters seen.
    pub fn count(&self) -> usize {
        self.counts.iter().copied().max().unwrap_or(0)
    }
}

/// Mojibake fingerprints in `text`, cheaply: the most adjacent (lead image, continuation image)
/// pairs under any single encoding. One pass, no allocation; it over-counts 3- and 4-byte
/// sequences (one per pair) and does not apply the word-level checks of [`analyze`], so it is a
/// score feature, not a verdict.
pub fn fingerprints(text: &str) -> usize {
    if text.is_ascii() {
        return 0;
    }
    let mut k = FingerprintCounter::default();
    for_each_non_ascii_run(text, |run| {
        // The ASCII before the run ends any sequence.
        k.ascii();
        run.chars().for_each(|c| k.non_ascii(c));
    });
    k.count()
}

/// True when [`analyze`] can only call `text` clean: nothing but ASCII, or no fingerprint, no
/// C1 control, no U+FFFD and no `Ã` before a space ([`lost_no_break_spaces`]) (nothing to repair, nothing lost, no control to read as
/// windows-1252). Most lines of most files; a caller that needs only repairs may skip them.
pub fn clean_at_a_glance(text: &str) -> bool {
    let b = text.as_bytes();
    if b.is_ascii() {
        return true;
    }
    // C1 controls are C2 80–C2 9F in UTF-8; U+FFFD is EF BF BD.
    let c1 = memchr::memchr_iter(0xC2, b).any(|i| b.get(i + 1).is_some_and(|&n| n <= 0x9F));
    !c1 && !text.contains('\u{FFFD}') && !text.contains("Ã ") && fingerprints(text) == 0
}

/// The verdict on a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// No mojibake found.
    Clean,
    /// Mojibake found, and every sequence can be undone.
    Repairable,
    /// Mojibake found; some sequences can be undone, but bytes of others were lost.
    PartiallyRecoverable,
    /// Mojibake fingerprints whose bytes were lost (replaced by U+FFFD): cannot be undone.
    Unrecoverable,
    /// Not analysed: mostly control characters, U+FFFD or private use (binary data).
    NotText,
}

impl Analysis {
    /// The mix-up the chosen repair undoes (none when the text is left as it is).
    pub fn mixup(&self) -> Option<Mixup> {
        (!self.chain.is_empty()).then(|| Mixup {
            chain: self.chain.clone(),
            c1_as_windows_1252: self.c1_as_windows_1252 > 0,
        })
    }
}

impl Analysis {
    /// The verdict in a word or two, for status lines.
    pub fn verdict_word(&self) -> &'static str {
        match self.verdict {
            Verdict::Clean => "none",
            Verdict::Repairable => "repairable",
            Verdict::PartiallyRecoverable => "partly repairable",
            Verdict::Unrecoverable => "unrecoverable",
            Verdict::NotText => "not text",
        }
    }
}

/// One ranked explanation of the text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hypothesis {
    /// The encodings the UTF-8 was wrongly decoded as, in undo order (last mistake first).
    pub chain: Vec<Charset>,
    /// Ranking cost: fingerprints left + [`ROUND_COST`] per round. Lower is better.
    pub cost: f64,
    /// Sequences repaired over all rounds.
    pub sequences_repaired: usize,
    /// Fingerprints left after the repair.
    pub residual: usize,
    /// Set when a round only turns a few words of otherwise clean text into characters the
    /// text never uses: a coincidence, never chosen (see `ORPHANS_PER_REPAIRED`).
    pub coincidental: bool,
}

impl Hypothesis {
    /// The text after each round of the chain, starting with `text` itself.
    pub fn steps(&self, text: &str) -> Vec<String> {
        let mut out = vec![text.to_string()];
        for cs in &self.chain {
            let last = out.last().map(String::as_str).unwrap_or("");
            out.push(apply_chain(last, std::slice::from_ref(cs)));
        }
        out
    }
}

/// A word changed by the chosen repair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Example {
    /// Text offsets of the word in the analysed text.
    pub text_start: usize,
    pub text_end: usize,
    pub from: String,
    pub to: String,
}

/// A place where mojibake lost bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lost {
    /// Text offset of the lead image.
    pub text_offset: usize,
    /// The characters around it.
    pub context: String,
    pub reason: String,
}

/// The mix-up a repair undoes: UTF-8 read as each encoding of `chain` in turn (undo order), and
/// perhaps C1 controls read as the windows-1252 characters they stand for. A typed fact for the
/// stages after this one (the corpus audit counts terms per mix-up); its sentence is
/// [`fmt::Display`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mixup {
    pub chain: Vec<Charset>,
    pub c1_as_windows_1252: bool,
}

impl std::fmt::Display for Mixup {
    /// `UTF-8 read as windows-1252, then as windows-1252 and C1 controls as windows-1252`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "UTF-8 read as ")?;
        for (i, c) in self.chain.iter().enumerate() {
            if i > 0 {
                write!(f, ", then as ")?;
            }
            write!(f, "{}", c.name())?;
        }
        if self.c1_as_windows_1252 {
            write!(f, " and C1 controls as windows-1252")?;
        }
        Ok(())
    }
}

/// The mojibake analysis of a text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    pub verdict: Verdict,
    /// The chosen chain, in undo order (empty when clean).
    pub chain: Vec<Charset>,
    /// One sentence: "UTF-8 decoded as windows-1252, 2 rounds: 4 sequences repaired".
    pub description: String,
    /// Cost of leaving the text as it is (its fingerprints).
    pub unchanged_cost: f64,
    /// Hypotheses, best first.
    pub hypotheses: Vec<Hypothesis>,
    /// Changed words, first few.
    pub examples: Vec<Example>,
    /// Lost bytes found.
    pub lost: Vec<Lost>,
    /// The repaired text (when a repair was chosen).
    #[serde(skip)]
    pub repaired: Option<String>,
    /// C1 controls (U+0080–U+009F) read as the windows-1252 characters they stand for: what a
    /// Latin-1 decoder makes of windows-1252 quotes and dashes (`\x84Guten Tag\x93`).
    pub c1_as_windows_1252: usize,
    /// Repairs refused because their result would be damage (see `harm`), first few.
    pub refused: Vec<Refusal>,
    /// How plausible the text is as it stands, and after the chosen repair (the same when
    /// none is made).
    pub plausibility_before: Plausibility,
    pub plausibility_after: Plausibility,
}

/// How plausible a text is as text rather than mojibake: the share of its non-ASCII
/// characters that no mojibake sign accounts for (1 for clean text, 0 when every one is an
/// image of a misread byte). The signs, counted:
///
/// - fingerprints: whole, valid UTF-8 sequences read as one encoding (`Ã©`, `â€™`), under
///   the encoding that has most;
/// - C1 controls (U+0080–U+009F), which text never holds and Latin-1 makes of UTF-8;
/// - rare characters wrong repairs and misreadings make (box drawing, Latin Extended-B but
///   the letters of Vietnamese and Romanian, combining marks on nothing);
/// - unlikely neighbours: a lower-case letter directly followed by a currency sign or `©`,
///   `®`, `±`, `°`, `¬` (`cafÃ©`'s `©` after `Ã` is counted once, as a fingerprint).
///
/// Each sign counts two characters (a misread character is two images or more). On the
/// mojibake dev set (scripts/make_mojibake_devset.py) it separates the two sides: see the
/// README's "Mojibake repair" section for the figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Plausibility {
    /// 0..=1.
    pub score: f64,
    pub fingerprints: usize,
    pub c1_controls: usize,
    pub rare: usize,
    pub odd_neighbours: usize,
}

/// [`Plausibility`] of `text`.
pub fn plausibility(text: &str) -> Plausibility {
    if text.is_ascii() {
        return Plausibility {
            score: 1.0,
            ..Plausibility::default()
        };
    }
    let (mut non_ascii, mut c1, mut odd) = (0usize, 0usize, 0usize);
    let mut prev: Option<char> = None;
    for c in text.chars() {
        if !c.is_ascii() {
            non_ascii += 1;
        }
        if is_c1(c) {
            c1 += 1;
        }
        if prev.is_some_and(|p| {
            p.is_lowercase() && p.is_alphabetic() && !(0xC0..=0xFF).contains(&(p as u32))
        }) && matches!(c, '€' | '£' | '¥' | '¢' | '©' | '®' | '±' | '°' | '¬')
        {
            odd += 1;
        }
        prev = Some(c);
    }
    // Whole, valid sequences (pairs alone are common in clean text: Icelandic `ðá` is a lead
    // and a continuation image in IBM850), under the encoding that has most.
    // Run by run (a sequence never spans ASCII), each under the encodings it is suspect in.
    let mut per_encoding = [0usize; 16];
    let mut chars: Vec<(usize, char)> = Vec::new();
    for_each_non_ascii_run(text, |run| {
        let mask = suspect_mask(run);
        if mask == 0 {
            return;
        }
        chars.clear();
        chars.extend(run.char_indices());
        for (e, n) in per_encoding.iter_mut().enumerate().take(encodings().len()) {
            if mask & (1 << e) != 0 {
                *n += sequences_in(&chars, e);
            }
        }
    });
    let fingerprints = per_encoding.into_iter().max().unwrap_or(0);
    // Rare characters as `rare_chars` has them, but a mark only where it follows no letter or
    // mark (Bengali and Devanagari vowel signs are marks, and text).
    let mut rare = 0;
    let mut prev_letter = false;
    for c in text.chars() {
        let info = char_info(c);
        let u = c as u32;
        // Latin Extended-B but the letters alphabets use: Vietnamese ơ ư, Romanian ș ț, Hausa
        // ɓ ɗ ƙ ƴ, the African Ɛ Ɔ Ɖ Ɣ Ɲ Ʋ Ʒ Ə, Pinyin ǎ ǐ ǒ ǔ ǖ ǘ ǚ ǜ.
        let extended_b = (0x180..=0x24F).contains(&u)
            && !matches!(
                u,
                0x1A0 | 0x1A1 | 0x1AF | 0x1B0 | 0x218..=0x21B
                    | 0x181 | 0x186 | 0x189 | 0x18A | 0x18F | 0x190 | 0x194 | 0x198 | 0x199
                    | 0x19D | 0x1B2 | 0x1B3 | 0x1B4 | 0x1B7 | 0x1CD..=0x1DD
            );
        if extended_b || (0x2500..=0x259F).contains(&u) || (info.is_mark() && !prev_letter) {
            rare += 1;
        }
        prev_letter = info.is_letter() || info.is_mark();
    }
    let signs = fingerprints + c1 + rare + odd;
    Plausibility {
        score: (1.0 - 2.0 * signs as f64 / non_ascii.max(1) as f64).clamp(0.0, 1.0),
        fingerprints,
        c1_controls: c1,
        rare,
        odd_neighbours: odd,
    }
}

impl Analysis {
    /// The plausibility as a report gives it: `0.00 (3 fingerprints) → 1.00` when a repair
    /// was chosen, else the text's own score.
    pub fn plausibility_summary(&self) -> String {
        if self.repaired.is_some() {
            format!(
                "{} → {}",
                self.plausibility_before.describe(),
                self.plausibility_after.describe()
            )
        } else {
            self.plausibility_before.describe()
        }
    }
}

impl Plausibility {
    /// `0.20 (6 fingerprints, 1 C1 control)`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        let mut add = |n: usize, what: &str| {
            if n > 0 {
                parts.push(format!("{n} {what}{}", if n == 1 { "" } else { "s" }));
            }
        };
        add(self.fingerprints, "fingerprint");
        add(self.c1_controls, "C1 control");
        add(self.rare, "rare character");
        add(self.odd_neighbours, "odd neighbour");
        if parts.is_empty() {
            format!("{:.2}", self.score)
        } else {
            format!("{:.2} ({})", self.score, parts.join(", "))
        }
    }
}

/// Share of anomaly-set characters (controls, U+FFFD, C1, private use, NUL) above which a text
/// is taken for binary data and not searched for mojibake.
const NOT_TEXT_SHARE: f64 = 0.10;

/// Analyses `text` for mojibake chains and ranks the ways to undo them.
pub fn analyze(text: &str) -> Analysis {
    analyze_with(text, true)
}

/// [`analyze`] without the plausibility scores (left at their defaults): for callers that want
/// only the hypotheses of a large text.
pub fn analyze_hypotheses(text: &str) -> Analysis {
    analyze_with(text, false)
}

/// How much of a document's start [`coincidental_chains`] reads (a sample: the analysis of a
/// text holds its distinct words in memory; 1 MB takes about 60 ms, and held the same
/// coincidences as 4 MB on the 50 MB UDHR benchmark file).
pub const CONTEXT_BYTES: usize = 1 << 20;

/// The chains of encodings that the analysis of `head` (a document's first
/// [`CONTEXT_BYTES`]) as a whole judges coincidental. One line is little context: a word of
/// clean Northern Sami or Slovak can be a valid sequence on its own (`náššuvnnaid`,
/// `zvlášť`); a line-by-line repair whose chain is among these is set aside (`fix`, and the
/// mojibake findings of the anomaly scan).
pub fn coincidental_chains(head: &str) -> Vec<Vec<Charset>> {
    analyze_hypotheses(head)
        .hypotheses
        .into_iter()
        .filter(|h| h.coincidental)
        .map(|h| h.chain)
        .collect()
}

fn analyze_with(text: &str, scored: bool) -> Analysis {
    let (n, junk, _) = text.chars().fold((0usize, 0usize, ' '), |(n, j, prev), c| {
        // C1 controls are what Latin-1 makes of UTF-8 continuation bytes: a third of an
        // Ethiopic or Indic line misread so. And U+FFFD right after `Â`…`ô` (the Latin-1 and
        // windows-1252 images of lead bytes C2–F4) is a continuation byte lost on the way:
        // Cyrillic read as windows-1252 loses `А`, `Н`, `Р` so (`Ð�`).
        let lost = c == '\u{FFFD}' && ('\u{C2}'..='\u{F4}').contains(&prev);
        let junk =
            c == '\0' || (crate::unicode::is_replacement_ratio_anomaly(c) && !is_c1(c) && !lost);
        (n + 1, j + usize::from(junk), c)
    });
    if n >= 64 && junk as f64 > NOT_TEXT_SHARE * n as f64 {
        return Analysis {
            verdict: Verdict::NotText,
            chain: Vec::new(),
            description: format!(
                "not analysed: {:.0} % of the characters are controls, U+FFFD or private use (binary data?)",
                100.0 * junk as f64 / n as f64
            ),
            unchanged_cost: 0.0,
            hypotheses: Vec::new(),
            examples: Vec::new(),
            lost: Vec::new(),
            repaired: None,
            c1_as_windows_1252: 0,
            refused: Vec::new(),
            plausibility_before: Plausibility::default(),
            plausibility_after: Plausibility::default(),
        };
    }
    // Fingerprints left as it is: the most sequences any single encoding would repair (none
    // without a fingerprint, the cheap over-count).
    let mut search = (fingerprints(text) > 0).then(|| Search::new(text));
    let unchanged = search.as_mut().map_or(0, |s| s.residual(&s.start.clone()));
    let unchanged_rare = rare_chars(text);
    let lost = find_lost(text);
    let mut hypotheses: Vec<Hypothesis> = Vec::new();
    if let Some(search) = search.as_mut().filter(|_| unchanged > 0) {
        let mut frontier: Vec<(Hypothesis, State)> = vec![(
            Hypothesis {
                chain: Vec::new(),
                cost: unchanged as f64 + RARE_COST * unchanged_rare as f64,
                sequences_repaired: 0,
                residual: unchanged,
                coincidental: false,
            },
            search.start.clone(),
        )];
        let mut seen: Vec<State> = vec![search.start.clone()];
        for _round in 0..MAX_ROUNDS {
            let mut next: Vec<(Hypothesis, State)> = Vec::new();
            for (h, current) in &frontier {
                let mask = current.words.iter().fold(0u16, |m, w| m | w.mask);
                for (e, cs) in encodings().iter().enumerate() {
                    if mask & (1 << e) == 0 {
                        continue;
                    }
                    let Some(round) = search.undo(current, e) else {
                        continue;
                    };
                    if seen.contains(&round.state) {
                        continue;
                    }
                    seen.push(round.state.clone());
                    let left = search.residual(&round.state);
                    let mut chain = h.chain.clone();
                    chain.push(*cs);
                    next.push((
                        Hypothesis {
                            cost: left as f64
                                + ROUND_COST * chain.len() as f64
                                + RARE_COST * search.rare(&round.state) as f64,
                            chain,
                            sequences_repaired: h.sequences_repaired + round.fixes,
                            residual: left,
                            coincidental: h.coincidental || round.coincidental,
                        },
                        round.state,
                    ));
                }
            }
            if next.is_empty() {
                break;
            }
            // Stable: ties keep the encoding preference order.
            next.sort_by(|a, b| a.0.cost.total_cmp(&b.0.cost));
            hypotheses.extend(next.iter().map(|(h, _)| h.clone()));
            next.truncate(BEAM);
            frontier = next;
        }
        sort_hypotheses(&mut hypotheses);
    }
    let unchanged_cost = unchanged as f64 + RARE_COST * unchanged_rare as f64;
    prefer_words(text, &mut hypotheses);
    let best = hypotheses
        .iter()
        .take_while(|h| h.cost < unchanged_cost)
        .find(|h| !h.coincidental)
        .cloned();
    // A line about encodings quotes its mojibake (`the sequence Ã© is UTF-8 é read as
    // Latin-1`): the repair it would get is shown as refused, not made.
    let quoted = match &best {
        Some(h) if talks_about_encodings(text, &h.chain) => Some(h.chain.clone()),
        _ => None,
    };
    let best = if quoted.is_some() { None } else { best };
    let verdict = match (&best, lost.is_empty()) {
        (None, true) => Verdict::Clean,
        (None, false) => Verdict::Unrecoverable,
        (Some(_), true) => Verdict::Repairable,
        (Some(_), false) => Verdict::PartiallyRecoverable,
    };
    let (chain, repaired, examples) = match &best {
        Some(h) => (
            h.chain.clone(),
            Some(apply_chain(text, &h.chain)),
            examples(text, &h.chain),
        ),
        None => (Vec::new(), None, Vec::new()),
    };
    let mut description = match &quoted {
        Some(chain) => format!(
            "mojibake quoted in a line about encodings (UTF-8 read as {}): left as written",
            chain[0].name()
        ),
        None => describe(verdict, best.as_ref(), &lost),
    };
    // C1 controls left after the repair are windows-1252 text a Latin-1 decoder read: text
    // holds no C1 controls, and windows-1252 defines all but five of them.
    let mut verdict = verdict;
    let mut repaired = repaired;
    // A pass after the chain: when it changed anything, the text is repairable and the
    // description says what it did.
    let mut after_pass = |pass: fn(&str) -> (String, usize), what: &dyn Fn(usize) -> String| {
        if quoted.is_some() {
            return 0;
        }
        let (mapped, n) = pass(repaired.as_deref().unwrap_or(text));
        if n > 0 {
            repaired = Some(mapped);
            if verdict == Verdict::Clean {
                verdict = Verdict::Repairable;
                description = String::new();
            } else {
                description.push_str("; ");
            }
            description.push_str(&what(n));
        }
        n
    };
    let c1 = after_pass(c1_as_windows_1252, &|n| {
        format!(
            "{n} C1 control{} read as the windows-1252 character{} a Latin-1 decoder turned into {} (`\\x93` → `“`)",
            if n == 1 { "" } else { "s" },
            if n == 1 { "" } else { "s" },
            if n == 1 { "it" } else { "them" },
        )
    });
    after_pass(lossy_punctuation, &|n| {
        format!(
            "{n} curly quote{} or dash{} lost: `â€` then `?` or U+FFFD (the last byte was replaced before the text reached us), one U+FFFD in {}",
            if n == 1 { "" } else { "s" },
            if n == 1 { "" } else { "es" },
            if n == 1 { "its place" } else { "each place" },
        )
    });
    // "3 characters of …, one U+FFFD in each place".
    let lost_characters = |n: usize, what: &str| {
        format!(
            "{n} character{} {what}, one U+FFFD in {}",
            if n == 1 { "" } else { "s" },
            if n == 1 { "its place" } else { "each place" },
        )
    };
    after_pass(lost_long_sequences, &|n| {
        lost_characters(
            n,
            "of three or four UTF-8 bytes lost a byte (a lead image, U+FFFD, a continuation image: `ã�®`)",
        )
    });
    after_pass(lost_foreign_leads, &|n| {
        lost_characters(
            n,
            "of two UTF-8 bytes lost the second (`Ä�` in a line whose language has no `Ä`)",
        )
    });
    after_pass(lost_no_break_spaces, &|n| {
        format!(
            "{n} `Ã` whose no-break space became a plain space read as `à` (`voilÃ  tout` → `voilà tout`): the word lists hold the word it makes"
        )
    });
    let plausibility_before = if scored {
        plausibility(text)
    } else {
        Plausibility::default()
    };
    let plausibility_after = match &repaired {
        Some(r) if scored => plausibility(r),
        _ => plausibility_before,
    };
    // Only the words the repair leaves as they are: a word another encoding repairs was not
    // refused.
    let refused = if let Some(chain) = &quoted {
        self::examples(text, chain)
            .into_iter()
            .map(|x| Refusal {
                word: x.from,
                would_be: x.to,
                encoding: chain[0],
                reason: QUOTED,
            })
            .collect()
    } else if fingerprints(text) > 0 {
        refusals(text)
            .into_iter()
            .filter(|r| repaired.as_deref().is_none_or(|t| t.contains(&r.word)))
            .collect()
    } else {
        Vec::new()
    };
    Analysis {
        verdict,
        chain,
        description,
        unchanged_cost,
        hypotheses,
        examples,
        lost,
        repaired,
        c1_as_windows_1252: c1,
        // Only the words the repair leaves as they are: a word another encoding repairs was
        // not refused.
        refused,
        plausibility_before,
        plausibility_after,
    }
}

/// Why a repair of a line about encodings is refused.
const QUOTED: &str = "the line talks about encodings: its mojibake is quoted, not damage";

/// Does `text` quote its mojibake? True when every line that `chain` changes talks about
/// character encodings (`mojibake`, `UTF-8`, `Latin-1`, `charset`…, whole words in any case,
/// outside markup tags: a `<meta charset>` says nothing): such a line shows mojibake as an
/// example (`Mojibake looks like Ã©`), and a repair would change what it says. One such line
/// in a document of damaged ones does not stop the repair of the others.
fn talks_about_encodings(text: &str, chain: &[Charset]) -> bool {
    const TERMS: [&str; 14] = [
        "mojibake",
        "utf-8",
        "utf8",
        "utf-16",
        "latin-1",
        "latin1",
        "iso-8859-1",
        "windows-1252",
        "cp1252",
        "charset",
        "encoding",
        "encodings",
        "encoded",
        "decoded",
    ];
    // Bytes, not characters (this runs over the first megabyte a document's analysis reads):
    // the terms are ASCII, and a word of them is a run of ASCII letters, digits and `-`
    // outside `<…>`.
    let talks = |line: &str| {
        let b = line.as_bytes();
        let mut in_tag = false;
        let mut start: Option<usize> = None;
        for i in 0..=b.len() {
            let c = b.get(i).copied().unwrap_or(b' ');
            let word_byte = !in_tag && (c.is_ascii_alphanumeric() || c == b'-');
            match (word_byte, start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    let w = &b[s..i];
                    // A word touching a non-ASCII letter is part of a longer one.
                    let whole = b.get(i).is_none_or(|&n| n < 0x80) && (s == 0 || b[s - 1] < 0x80);
                    if whole && TERMS.iter().any(|t| w.eq_ignore_ascii_case(t.as_bytes())) {
                        return true;
                    }
                    start = None;
                }
                _ => {}
            }
            match c {
                b'<' => in_tag = true,
                b'>' => in_tag = false,
                _ => {}
            }
        }
        false
    };
    // Most texts never name an encoding: one pass over the whole settles it.
    if !talks(text) {
        return false;
    }
    let mut damaged = text
        .lines()
        .filter(|l| !l.is_ascii() && apply_chain(l, chain) != *l)
        .peekable();
    damaged.peek().is_some() && damaged.all(talks)
}

/// `text` with each C1 control that windows-1252 defines (all of U+0080–U+009F but U+0081,
/// U+008D, U+008F, U+0090, U+009D) replaced by that character (WHATWG Encoding, windows-1252
/// index); and how many were replaced.
pub fn c1_as_windows_1252(text: &str) -> (String, usize) {
    if !text.chars().any(is_c1) {
        return (String::new(), 0);
    }
    // C1 controls inside a whole UTF-8 sequence read as Latin-1 (`á\u{88}\u{88}` is `ለ`)
    // are mojibake the repair left (refused, or too short to judge): mapping them would turn
    // one misreading into two.
    let latin1 = encodings().iter().position(|c| *c == Charset::Latin1);
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut keep = vec![false; chars.len()];
    if let Some(e) = latin1 {
        let mut i = 0;
        while i < chars.len() {
            match sequence_at(&chars, i, e) {
                Some((n, _)) => {
                    keep[i..i + n].iter_mut().for_each(|k| *k = true);
                    i += n;
                }
                None => i += 1,
            }
        }
    }
    let mut n = 0;
    let out = chars
        .iter()
        .zip(&keep)
        .map(|(&(_, c), &kept)| {
            if is_c1(c) && !kept {
                let b = [c as u32 as u8];
                let (t, _, bad) = encoding_rs::WINDOWS_1252.decode(&b);
                let w = t.chars().next().unwrap_or(c);
                if !bad && w != c {
                    n += 1;
                    return w;
                }
            }
            c
        })
        .collect();
    (out, n)
}

/// `â€` (E2 80 read as windows-1252, or `â` and U+0080 as Latin-1) begins every curly quote,
/// dash and ellipsis (U+2000–U+203F); followed by `?` or U+FFFD, the third byte was lost on
/// the way (windows-1252 has no character for 9D, the byte of `”`, and a strict encoder wrote
/// `?`). Which of them it was cannot be known: the three characters become one U+FFFD, the
/// one character really lost. No language writes `â` before `€`, so this needs no context.
/// Returns the text and how many were replaced.
pub fn lossy_punctuation(text: &str) -> (String, usize) {
    let mut current = std::borrow::Cow::Borrowed(text);
    let mut n = 0;
    for lead in ["â€", "â\u{80}"] {
        let (next, k) = replace_lossy(&current, lead);
        if k > 0 {
            current = std::borrow::Cow::Owned(next);
            n += k;
        }
    }
    if n == 0 {
        (String::new(), 0)
    } else {
        (current.into_owned(), n)
    }
}

/// Three- and four-byte UTF-8 sequences read as windows-1252 with a byte lost to U+FFFD
/// (windows-1252 leaves 81 8D 8F 90 9D undefined: `の`, E3 81 AE, arrives as `ã�®`), each
/// made one U+FFFD even where no whole sequence in the line is repaired. A lead image, a
/// U+FFFD and a continuation image in a row do not happen by chance; a two-byte `Ä�` might (a
/// German `Ä` before a character lost to something else), and is repaired only beside whole
/// sequences (`undo_word`). Returns the text and how many were replaced.
pub fn lost_long_sequences(text: &str) -> (String, usize) {
    if !text.contains('\u{FFFD}') {
        return (String::new(), 0);
    }
    let Some(e) = encodings().iter().position(|c| *c == Charset::WINDOWS_1252) else {
        return (String::new(), 0);
    };
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = String::with_capacity(text.len());
    let (mut i, mut n) = (0, 0);
    while i < chars.len() {
        match lost_sequence_at(&chars, i, e).filter(|&k| k >= 3) {
            Some(k) => {
                out.push('\u{FFFD}');
                n += 1;
                i += k;
            }
            None => {
                out.push(chars[i].1);
                i += 1;
            }
        }
    }
    if n == 0 { (String::new(), 0) } else { (out, n) }
}

/// Two-byte characters read as windows-1252 whose second byte was lost to U+FFFD (`č`, C4 8D,
/// arrives as `Ä�`), inside a word, where the line's other letters show the lead image is no
/// letter of its language: Croatian `svih Ä�lanova` has `đ` and `ć`, which one alphabet holds,
/// and no alphabet holding them holds `ä` too; a capital after a small letter (`vairÄ�k`) is
/// no letter either. German `Ä�rger` keeps its `Ä` (the German alphabet has it). Each becomes
/// one U+FFFD. Returns the text and how many were replaced.
pub fn lost_foreign_leads(text: &str) -> (String, usize) {
    if !text.contains('\u{FFFD}') {
        return (String::new(), 0);
    }
    let Some(e) = encodings().iter().position(|c| *c == Charset::WINDOWS_1252) else {
        return (String::new(), 0);
    };
    let chars: Vec<char> = text.chars().collect();
    let is_place = |i: usize| {
        chars[i + 1] == '\u{FFFD}'
            && byte_in(chars[i], e).is_some_and(|b| (0xC2..=0xDF).contains(&b))
            && chars[i].is_alphabetic()
            && (i > 0 && chars[i - 1].is_alphabetic()
                || chars.get(i + 2).is_some_and(|c| c.is_alphabetic()))
    };
    // One flag per character (a hostile line may hold hundreds of thousands of places).
    let place: Vec<bool> = (0..chars.len())
        .map(|i| i + 1 < chars.len() && is_place(i))
        .collect();
    if !place.contains(&true) {
        return (String::new(), 0);
    }
    // The line's own non-ASCII letters, without the lead images.
    let mut rest: Vec<char> = chars
        .iter()
        .enumerate()
        .filter(|&(i, c)| !c.is_ascii() && c.is_alphabetic() && !place[i])
        .flat_map(|(_, c)| c.to_lowercase())
        .collect();
    rest.sort_unstable();
    rest.dedup();
    rest.truncate(64);
    // Without other letters to go by, the languages whose word lists hold most of the line's
    // words (two at least: Polish `POWSZECHNA DEKLARACJA PRAW CZÅ�OWIEKA`).
    let voted: Vec<&'static [char]> = if rest.is_empty() {
        line_languages(text)
            .iter()
            .filter_map(|code| crate::lexicon::alphabet(code))
            .collect()
    } else {
        Vec::new()
    };
    let base = crate::lexicon::letters_foreign_to_every_language(&rest).unwrap_or(0);
    let judge_lead = |lead: char| {
        let lower: Vec<char> = lead.to_lowercase().collect();
        if rest.is_empty() {
            return !voted.is_empty()
                && voted
                    .iter()
                    .all(|a| lower.iter().any(|c| a.binary_search(c).is_err()));
        }
        let mut with: Vec<char> = rest.clone();
        with.extend(lower);
        with.sort_unstable();
        with.dedup();
        crate::lexicon::letters_foreign_to_every_language(&with).is_some_and(|n| n > base)
    };
    // Judged once per distinct lead image (at most the 30 of C2–DF).
    let mut judged: Vec<(char, bool)> = Vec::new();
    let mut foreign = |lead: char| {
        if let Some(&(_, f)) = judged.iter().find(|(c, _)| *c == lead) {
            return f;
        }
        let f = judge_lead(lead);
        judged.push((lead, f));
        f
    };
    // A capital after a small letter (`vairÄ�k`) is no letter of any word.
    let case_break = |i: usize| i > 0 && chars[i - 1].is_lowercase() && chars[i].is_uppercase();
    let mut out = String::with_capacity(text.len());
    let (mut i, mut n) = (0, 0);
    while i < chars.len() {
        if place[i] && (case_break(i) || foreign(chars[i])) {
            out.push('\u{FFFD}');
            n += 1;
            i += 2;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    if n == 0 { (String::new(), 0) } else { (out, n) }
}

/// The word-list languages that hold the most of `text`'s words of three letters or more, if
/// they hold two at least (ties: all of them).
fn line_languages(text: &str) -> Vec<&'static str> {
    let langs = crate::lexicon::stopword_languages();
    let mut votes = vec![0usize; langs.len()];
    let mut seen = rustc_hash::FxHashSet::default();
    for w in text
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .filter(|w| seen.insert(w.clone()))
        .take(64)
    {
        let bits = crate::lexicon::languages_of(&w);
        for (i, v) in votes.iter_mut().enumerate() {
            *v += usize::from(bits & (1 << i) != 0);
        }
    }
    let best = votes.iter().copied().max().unwrap_or(0);
    if best < 2 {
        return Vec::new();
    }
    langs
        .iter()
        .zip(&votes)
        .filter(|&(_, &v)| v == best)
        .filter_map(|(code, _)| crate::lexicon::word_list_code(code))
        .collect()
}

/// `lead` followed by `?` or U+FFFD, each made one U+FFFD (see [`lossy_punctuation`]).
fn replace_lossy(text: &str, lead: &str) -> (String, usize) {
    let mut out = String::new();
    let (mut n, mut last) = (0, 0);
    for (i, _) in text.match_indices(lead) {
        let after = &text[i + lead.len()..];
        let Some(c) = after
            .chars()
            .next()
            .filter(|&c| c == '?' || c == '\u{FFFD}')
        else {
            continue;
        };
        out.push_str(&text[last..i]);
        out.push('\u{FFFD}');
        last = i + lead.len() + c.len_utf8();
        n += 1;
    }
    out.push_str(&text[last..]);
    (out, n)
}

/// `à` is C3 A0 in UTF-8, and A0 is the no-break space in windows-1252 and Latin-1: read so,
/// and the no-break space then turned into a plain one (by an editor, a form, a normaliser),
/// `voilà tout` becomes `voilÃ  tout`, which no byte-exact repair can undo. Each `Ã` followed
/// by a space and then white space, punctuation or the end, where the letters before it plus
/// `à` make a word some word list holds (`voilà`, `déjà`, `libertà,`, `à` on its own) and the
/// word as it stands is in none (Portuguese `IRMÃ` stays) or the line's other words are more
/// often words of the restored word's languages (`lÃ` in French is `là`, though Portuguese has
/// `lã`), becomes `à` and the space goes. Inside a word (`grÃ cies`, Vietnamese `vÃ o`), the
/// whole word made (`gràcies`, `vào`) must be listed, and the two halves not both words.
/// Returns the text and how many were restored.
pub fn lost_no_break_spaces(text: &str) -> (String, usize) {
    // Twice: words restored without doubt (`déjà`) then vote for the doubtful (`là`).
    let (first, n1) = restore_no_break_spaces(text, false);
    let base = if n1 > 0 { first.as_str() } else { text };
    let (second, n2) = restore_no_break_spaces(base, true);
    match (n1, n2) {
        (0, 0) => (String::new(), 0),
        (_, 0) => (first, n1),
        _ => (second, n1 + n2),
    }
}

/// One pass of [`lost_no_break_spaces`]; `vote`: also where both forms are words.
fn restore_no_break_spaces(text: &str, vote: bool) -> (String, usize) {
    if !text.contains("Ã ") {
        return (String::new(), 0);
    }
    let mut out = String::with_capacity(text.len());
    let mut n = 0;
    let mut last = 0;
    for (i, _) in text.match_indices("Ã ") {
        if i < last {
            continue;
        }
        let after = &text[i + "Ã ".len()..];
        let word_start = text[..i]
            .rfind(|c: char| !c.is_alphabetic())
            .map_or(0, |p| {
                p + text[p..].chars().next().map_or(1, char::len_utf8)
            });
        let stem = &text[word_start..i];
        if after.starts_with(|c: char| c.is_alphabetic()) {
            // Inside a word: the word made must be listed, and not both halves be words.
            let tail = &after[..after
                .find(|c: char| !c.is_alphabetic())
                .unwrap_or(after.len())];
            let made = crate::lexicon::languages_of(&format!("{stem}à{tail}").to_lowercase());
            // `vÃ` is no word as written (a capital after a small letter), whatever `vã` is.
            let first_half = format!("{stem}Ã");
            let halves = case_breaks(&first_half) == 0
                && crate::lexicon::languages_of(&first_half.to_lowercase()) != 0
                && crate::lexicon::languages_of(&tail.to_lowercase()) != 0;
            if made != 0 && !halves && !stem.is_empty() {
                out.push_str(&text[last..i]);
                out.push('à');
                last = i + "Ã ".len();
                n += 1;
            }
            continue;
        }
        let as_is = crate::lexicon::languages_of(&format!("{stem}Ã").to_lowercase());
        let restored = crate::lexicon::languages_of(&format!("{stem}à").to_lowercase());
        // When both are words somewhere (`là` French, `lã` Portuguese; `à`, `ã`), the line's
        // other words choose: more of them in a language of the restored word.
        let line_prefers_restored = || {
            let (mut for_restored, mut for_as_is) = (0, 0);
            for w in text.split(|c: char| !c.is_alphabetic()) {
                // Short words are in most lists by chance.
                if w.chars().count() < 3 || w.contains('Ã') {
                    continue;
                }
                let langs = crate::lexicon::languages_of(&w.to_lowercase());
                for_restored += (langs & restored != 0) as usize;
                for_as_is += (langs & as_is != 0) as usize;
            }
            for_restored > for_as_is
        };
        if restored != 0 && (as_is == 0 || (vote && line_prefers_restored())) {
            out.push_str(&text[last..i]);
            out.push('à');
            last = i + "Ã ".len();
            n += 1;
        }
    }
    if n == 0 {
        return (String::new(), 0);
    }
    out.push_str(&text[last..]);
    (out, n)
}

/// A C1 control (U+0080–U+009F).
fn is_c1(c: char) -> bool {
    ('\u{80}'..='\u{9F}').contains(&c)
}

/// One distinct non-ASCII word of the text in its current form, with its [`suspect_mask`].
#[derive(Clone, Debug, PartialEq)]
struct Word {
    form: Rc<str>,
    mask: u16,
}

/// The text as the search sees it: the current form of each distinct non-ASCII word (cut at
/// ASCII whitespace, as [`undo_once`] cuts). Every round is word-local, so two texts are equal
/// exactly when their words are, and a round costs one look per distinct word, not a pass
/// over the text.
#[derive(Clone, Debug, PartialEq)]
struct State {
    words: Vec<Word>,
}

/// What undoing one encoding does to one word.
struct WordUndo {
    word: Word,
    fixes: usize,
    /// Characters inside the repaired sequences.
    covered: usize,
    /// The characters the sequences repair to.
    repaired: Vec<char>,
}

/// One round applied to a [`State`].
struct Round {
    state: State,
    fixes: usize,
    coincidental: bool,
}

/// The search's view of one text: word counts, and every word undone so far (the same words
/// come back under every hypothesis).
struct Search {
    start: State,
    /// Scripts the text attests before any repair ([`context_scripts`]).
    context: Vec<Script>,
    counts: Vec<usize>,
    memo: FxHashMap<(Rc<str>, usize), Option<Rc<WordUndo>>>,
    /// [`whole_sequences`] of a word form under an encoding, remembered.
    sequences: FxHashMap<(Rc<str>, usize), usize>,
}

impl Search {
    fn new(text: &str) -> Self {
        let mut index: FxHashMap<&str, usize> = FxHashMap::default();
        let mut words = Vec::new();
        let mut counts = Vec::new();
        for w in text.split(|c: char| c.is_ascii_whitespace()) {
            if w.is_ascii() {
                continue;
            }
            let i = *index.entry(w).or_insert_with(|| {
                words.push(Word {
                    form: Rc::from(w),
                    mask: suspect_mask(w),
                });
                counts.push(0);
                words.len() - 1
            });
            counts[i] += 1;
        }
        Search {
            context: context_scripts(text),
            start: State { words },
            counts,
            memo: FxHashMap::default(),
            sequences: FxHashMap::default(),
        }
    }

    /// [`undo_word`] of `w` under encoding `e`, remembered.
    fn undo_word(&mut self, w: &Word, e: usize) -> Option<Rc<WordUndo>> {
        if w.mask & (1 << e) == 0 {
            return None;
        }
        self.memo
            .entry((w.form.clone(), e))
            .or_insert_with(|| word_undo(&w.form, e, &self.context))
            .clone()
    }

    /// [`undo_once`] on a state: `None` when nothing changes.
    fn undo(&mut self, st: &State, e: usize) -> Option<Round> {
        let mut words = st.words.clone();
        let (mut fixes, mut covered, mut repaired) = (0usize, 0usize, Vec::new());
        let mut refused = Vec::new();
        let mut scripts = Vec::new();
        for (i, w) in st.words.iter().enumerate() {
            match self.undo_word(w, e) {
                Some(u) => {
                    note_scripts(&u.word.form, &mut scripts);
                    words[i] = u.word.clone();
                    fixes += self.counts[i] * u.fixes;
                    covered += self.counts[i] * u.covered;
                    repaired.extend_from_slice(&u.repaired);
                }
                None if w.mask & (1 << e) != 0 => refused.push(i),
                None => {}
            }
        }
        // One-letter words of a script the other repaired words write (see [`undo_once`]).
        if !scripts.is_empty() {
            for i in refused {
                if let Some(u) = word_undo(&st.words[i].form, e, &scripts) {
                    words[i] = u.word.clone();
                    fixes += self.counts[i] * u.fixes;
                    covered += self.counts[i] * u.covered;
                    repaired.extend_from_slice(&u.repaired);
                }
            }
        }
        if fixes == 0 {
            return None;
        }
        // A coincidence (see [`ORPHANS_PER_REPAIRED`]): the sequences are few among the text's
        // non-ASCII characters, and repair to characters the text uses nowhere else.
        let non_ascii: usize = st
            .words
            .iter()
            .zip(&self.counts)
            .map(|(w, &k)| {
                k * w
                    .form
                    .chars()
                    .filter(|&c| !c.is_ascii() && c != '\u{FFFD}')
                    .count()
            })
            .sum();
        let few = non_ascii.saturating_sub(covered) > ORPHANS_PER_REPAIRED * covered;
        // Only then does it matter whether the text already uses a repaired character (real
        // mojibake, with thousands of repairs, never gets here).
        let coincidental = few && {
            let used: rustc_hash::FxHashSet<char> =
                st.words.iter().flat_map(|w| w.form.chars()).collect();
            !repaired.iter().any(|c| used.contains(c))
        };
        Some(Round {
            state: State { words },
            fixes,
            coincidental,
        })
    }

    /// Fingerprints left in a state: under the single encoding that has most, the complete,
    /// valid sequences still in it ([`sequence_at`]), whether or not a repair of their word
    /// would pass [`harm`]. A chain that stops half-way leaves words a further round would
    /// refuse to touch (`Ùâ€ž`, one Latin letter among Arabic ones, after windows-1254 could
    /// not undo the `â€ž`): they are still damage, and the chain that goes on must win.
    /// Clean text has lead and continuation images side by side (`áž` in Czech `urážejí`,
    /// `â’` in Welsh), but rarely a whole sequence.
    fn residual(&mut self, st: &State) -> usize {
        let mask = st.words.iter().fold(0u16, |m, w| m | w.mask);
        (0..encodings().len())
            .filter(|e| mask & (1 << e) != 0)
            .map(|e| {
                // The DOS pages' images are letters clean Latin text is made of (`ßéé` is a
                // whole IBM850 sequence, for 炂): under them only what a repair would make
                // counts.
                let dos = matches!(encodings()[e], Charset::Oem(_));
                (0..st.words.len())
                    .filter(|&i| st.words[i].mask & (1 << e) != 0)
                    .map(|i| {
                        let k = self.counts[i];
                        let w = &st.words[i];
                        if dos {
                            self.undo_word(w, e).map_or(0, |u| k * u.fixes)
                        } else {
                            // States share most words: each (form, encoding) is counted once.
                            k * *self
                                .sequences
                                .entry((w.form.clone(), e))
                                .or_insert_with(|| whole_sequences(&w.form, e))
                        }
                    })
                    .sum::<usize>()
            })
            .max()
            .unwrap_or(0)
    }

    /// [`rare_chars`] of a state's text.
    fn rare(&self, st: &State) -> usize {
        st.words
            .iter()
            .zip(&self.counts)
            .map(|(w, &k)| k * rare_chars(&w.form))
            .sum()
    }
}

/// [`undo_word`] of `form` under encoding `e`, with what the search keeps of it.
fn word_undo(form: &str, e: usize, allowed: &[Script]) -> Option<Rc<WordUndo>> {
    let (repaired_form, fixes) = undo_word(form, e, allowed)?;
    let mut covered = 0;
    let mut repaired = Vec::new();
    for f in &fixes {
        let chars: Vec<(usize, char)> = form[f.start..f.end].char_indices().collect();
        covered += chars.len();
        repaired.extend(sequence_at(&chars, 0, e).map(|(_, c)| c));
    }
    Some(Rc::new(WordUndo {
        word: Word {
            mask: suspect_mask(&repaired_form),
            form: Rc::from(repaired_form),
        },
        fixes: fixes.len(),
        covered,
        repaired,
    }))
}

/// Adds the scripts whose letters `text` holds to `scripts` (Latin too: a lone Latin letter
/// is never harm, but two letters made into one need the script attested).
fn note_scripts(text: &str, scripts: &mut Vec<Script>) {
    for c in text.chars().filter(|c| !c.is_ascii()) {
        let info = char_info(c);
        if info.is_letter() && info.has_real_script() && !scripts.contains(&info.cluster()) {
            scripts.push(info.cluster());
        }
    }
}

/// Among the hypotheses that tie for the lowest cost (ISO-8859-2 and windows-1250 repair the
/// same sequences: `vaĹĄ` is `vaš` in one and `vať` in the other), the one whose repaired
/// words the word lists know most often comes first; the preference order breaks what is
/// still tied.
fn prefer_words(text: &str, hypotheses: &mut [Hypothesis]) {
    let Some(first) = hypotheses.first().cloned() else {
        return;
    };
    // Tied: the same cost, the same sequences repaired and the same left over — the same
    // repair but for which encoding read them.
    let tied = hypotheses
        .iter()
        .take_while(|h| {
            h.cost <= first.cost + 1e-9
                && h.sequences_repaired == first.sequences_repaired
                && h.residual == first.residual
        })
        .count();
    if tied < 2 {
        return;
    }
    // More known words first; then letters that one language writes (Estonian `õ` and `ü`,
    // not Icelandic `þ` with German `ß`: ISO-8859-2 and windows-1250 place a few letters
    // differently); then more of a language's most frequent words (`не`, not `но`: both are
    // Russian words, one is among the 100 most frequent; `på`, not `pü`); then fewer capitals
    // inside words (IBM437 makes `kÛ` of the bytes IBM850 makes
    // `ký` of: the two DOS pages agree on most box-drawing characters); then fewer capitals
    // at all (`þegar`, not `Þegar`: most words of running text are written in lower case).
    let keys: Vec<_> = hypotheses[..tied]
        .iter()
        .map(|h| {
            let t = apply_chain(text, &h.chain);
            let known = known_words(&t);
            (
                std::cmp::Reverse(known.long),
                foreign_letters(&t),
                std::cmp::Reverse(known.frequent),
                case_breaks(&t),
                t.chars().filter(|c| c.is_uppercase()).count(),
            )
        })
        .collect();
    let mut order: Vec<usize> = (0..tied).collect();
    order.sort_by_key(|&i| keys[i]);
    let reordered: Vec<Hypothesis> = order.iter().map(|&i| hypotheses[i].clone()).collect();
    hypotheses[..tied].clone_from_slice(&reordered);
}

/// Distinct non-ASCII letters of `text` that the one language writing most of them lacks
/// ([`crate::lexicon::letters_foreign_to_every_language`]; 0 without word lists).
fn foreign_letters(text: &str) -> usize {
    let mut letters: Vec<char> = text
        .chars()
        .filter(|c| !c.is_ascii() && c.is_alphabetic())
        .flat_map(char::to_lowercase)
        .collect();
    letters.sort_unstable();
    letters.dedup();
    letters.truncate(64);
    crate::lexicon::letters_foreign_to_every_language(&letters).unwrap_or(0)
}

/// Letters whose case breaks their word's: an upper-case letter right after a lower-case one
/// (`kÛ`), and a lower-case letter in a word of capitals (`DEARBHù`). Both are rare in real
/// words and common where a repair picked the wrong code page for a letter.
fn case_breaks(text: &str) -> usize {
    let mut n = 0;
    for word in text.split(|c: char| !c.is_alphabetic()) {
        let mut prev_lower = false;
        let (mut upper, mut lower) = (0, 0);
        for c in word.chars() {
            if prev_lower && c.is_uppercase() {
                n += 1;
            }
            prev_lower = c.is_lowercase();
            upper += usize::from(c.is_uppercase());
            lower += usize::from(c.is_lowercase());
        }
        if upper >= 2 && lower == 1 && !word.chars().next().is_some_and(char::is_lowercase) {
            n += 1;
        }
    }
    n
}

/// Distinct words holding a non-ASCII letter that a word list holds, counted two ways.
#[derive(Default)]
struct KnownWords {
    /// Of three letters or more.
    long: usize,
    /// Among the 100 most frequent words of a language (any length).
    frequent: usize,
}

/// Words whose case breaks their word (`tÍ`) are not looked up in lower case: `tí` is a word, `tÍ`
/// is a wrong repair of `të`.
fn known_words(text: &str) -> KnownWords {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut known = KnownWords::default();
    for w in text
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_ascii() && case_breaks(w) == 0)
        .map(str::to_lowercase)
        .filter(|w| seen.insert(w.clone()))
        .take(200)
    {
        if crate::lexicon::stopword_bits(&w) != 0 {
            known.frequent += 1;
        }
        // Shorter words are in some list by chance too often (Danish `ø`, the `þe` of the
        // Icelandic list against the `ße` that windows-1252 makes of `ÃŸe`).
        if w.chars().count() >= 3 && crate::lexicon::languages_of(&w) != 0 {
            known.long += 1;
        }
    }
    known
}

fn sort_hypotheses(h: &mut [Hypothesis]) {
    // Stable: ties keep the encoding preference order.
    h.sort_by(|a, b| a.cost.total_cmp(&b.cost));
}

/// Repairs one word on its own: up to [`MAX_ROUNDS`] rounds, each undoing the first encoding
/// (in preference order) whose misreading the word shows. Returns the repaired word and the
/// chain, or `None` for a clean word. Cheap enough to run on every word of a document.
pub fn repair_word(word: &str) -> Option<(String, Vec<Charset>)> {
    if suspect_mask(word) == 0 {
        return None;
    }
    let mut current = word.to_string();
    let mut chain = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let mask = suspect_mask(&current);
        if mask == 0 {
            break;
        }
        let step = (0..encodings().len())
            .filter(|e| mask & (1 << e) != 0)
            .find_map(|e| undo_word(&current, e, &[]).map(|(t, _)| (t, encodings()[e])));
        match step {
            Some((t, cs)) => {
                current = t;
                chain.push(cs);
            }
            None => break,
        }
    }
    (!chain.is_empty()).then_some((current, chain))
}

/// Applies a chain (undo order) to `text`.
pub fn apply_chain(text: &str, chain: &[Charset]) -> String {
    let mut t = text.to_string();
    for cs in chain {
        if let Some(e) = encodings().iter().position(|x| x == cs)
            && let Some((next, _)) = undo_once(&t, e)
        {
            t = next;
        }
    }
    t
}

/// Repairs `text` if it carries repairable mojibake; `None` when it is clean or the repair is
/// not better than leaving it.
pub fn repair(text: &str) -> Option<String> {
    analyze(text).repaired
}

fn examples(text: &str, chain: &[Charset]) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut pos = 0;
    for word in text.split(|c: char| c.is_ascii_whitespace()) {
        let start = pos;
        pos += word.len() + 1;
        if out.len() >= MAX_EXAMPLES {
            break;
        }
        if word.is_ascii() {
            continue;
        }
        let to = apply_chain(word, chain);
        if to == word {
            continue;
        }
        // Narrow to the changed stretch, widened to the letters around it: markup or
        // punctuation glued to the word is not part of the example.
        let (s, e, ts, te) = changed_stretch(word, &to);
        let from = &word[s..e];
        if out.iter().any(|x| x.from == from) {
            continue;
        }
        out.push(Example {
            text_start: start + s,
            text_end: start + e,
            from: from.to_string(),
            to: to[ts..te].to_string(),
        });
    }
    out
}

/// Every word of `text` that `repaired` (its repair by [`analyze`], word for word: repairs
/// add no ASCII white space and remove only the space a lost no-break space became) changes,
/// in order, each narrowed to the changed stretch as in [`Analysis::examples`]; offsets are in
/// `text`.
pub fn changed_words(text: &str, repaired: &str) -> Vec<Example> {
    let ws = |c: char| c.is_ascii_whitespace();
    let mut to_words = repaired.split(ws).peekable();
    let mut out = Vec::new();
    let mut pos = 0;
    let mut prev_lost_space = false;
    for word in text.split(ws) {
        let start = pos;
        pos += word.len() + 1;
        // The space a lost no-break space became ([`lost_no_break_spaces`]): the repair
        // removed it, so it has no counterpart.
        if word.is_empty() && prev_lost_space {
            prev_lost_space = false;
            continue;
        }
        let Some(to) = to_words.next() else {
            break;
        };
        prev_lost_space = word.ends_with('Ã') && to.ends_with('à');
        if word == to {
            continue;
        }
        let (s, e, ts, te) = changed_stretch(word, to);
        out.push(Example {
            text_start: start + s,
            text_end: start + e,
            from: word[s..e].to_string(),
            to: to[ts..te].to_string(),
        });
    }
    out
}

/// Byte ranges in `a` and `b` of the part that differs, widened on both sides over letters,
/// digits, marks and non-ASCII characters.
fn changed_stretch(a: &str, b: &str) -> (usize, usize, usize, usize) {
    let prefix: usize = a
        .chars()
        .zip(b.chars())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .sum();
    let suffix: usize = a[prefix..]
        .chars()
        .rev()
        .zip(b[prefix..].chars().rev())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .sum();
    let wordish = |c: char| c.is_alphanumeric() || !c.is_ascii();
    let left: usize = a[..prefix]
        .chars()
        .rev()
        .take_while(|&c| wordish(c))
        .map(char::len_utf8)
        .sum();
    let right: usize = a[a.len() - suffix..]
        .chars()
        .take_while(|&c| wordish(c))
        .map(char::len_utf8)
        .sum();
    let s = prefix - left;
    let e = a.len() - suffix + right;
    let ts = prefix - left;
    let te = b.len() - suffix + right;
    (s, e, ts, te)
}

/// Lead images directly followed by U+FFFD: a continuation byte was replaced before the text
/// reached us, so the character cannot be rebuilt. Only the lead images of the two misreadings
/// common enough to judge from one character are considered (windows-1252/ISO-8859-1 `Ã`, `Â`,
/// `â`…, windows-1251 `Р`, `С`…); a Greek `μ` before a U+FFFD is not evidence of mojibake.
fn find_lost(text: &str) -> Vec<Lost> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let common_lead = |c: char| {
        (0..4).any(|e| {
            encodings()[e] != Charset::Whatwg(encoding_rs::WINDOWS_1250)
                && byte_in(c, e).is_some_and(|b| (0xC2..=0xEF).contains(&b))
        })
    };
    for w in chars.windows(2) {
        let (off, c) = w[0];
        if w[1].1 != '\u{FFFD}' || c.is_ascii() || !common_lead(c) {
            continue;
        }
        if out.len() >= MAX_EXAMPLES {
            break;
        }
        let from = text[..off]
            .char_indices()
            .rev()
            .nth(8)
            .map_or(0, |(i, _)| i);
        let to = text[off..]
            .char_indices()
            .nth(10)
            .map_or(text.len(), |(i, _)| off + i);
        out.push(Lost {
            text_offset: off,
            context: text[from..to].to_string(),
            reason: format!(
                "{c} (a UTF-8 lead byte read as a single-byte character) is followed by U+FFFD: the byte after it was replaced, so the original character is lost"
            ),
        });
    }
    out
}

fn describe(verdict: Verdict, best: Option<&Hypothesis>, lost: &[Lost]) -> String {
    let chain_words = |h: &Hypothesis| {
        let names: Vec<&str> = h.chain.iter().map(|c| c.name()).collect();
        let rounds = names.len();
        let all_same = names.windows(2).all(|w| w[0] == w[1]);
        if all_same && rounds > 1 {
            format!("UTF-8 decoded as {} {} times over", names[0], rounds)
        } else {
            format!("UTF-8 decoded as {}", names.join(", then as "))
        }
    };
    match (verdict, best) {
        (Verdict::Clean, _) => {
            "no mojibake: no character sequence is UTF-8 misread as a single-byte encoding"
                .to_string()
        }
        (Verdict::Repairable, Some(h)) => format!(
            "{}: {} sequence{} can be undone exactly",
            chain_words(h),
            h.sequences_repaired,
            if h.sequences_repaired == 1 { "" } else { "s" }
        ),
        (Verdict::PartiallyRecoverable, Some(h)) => format!(
            "{}: {} sequence{} can be undone, but {} place{} lost bytes (U+FFFD) and cannot be restored",
            chain_words(h),
            h.sequences_repaired,
            if h.sequences_repaired == 1 { "" } else { "s" },
            lost.len(),
            if lost.len() == 1 { "" } else { "s" }
        ),
        _ => format!(
            "unrecoverable: {} place{} show mojibake whose bytes were replaced by U+FFFD; the original characters are gone",
            lost.len(),
            if lost.len() == 1 { "" } else { "s" }
        ),
    }
}

#[cfg(test)]
mod tests;
