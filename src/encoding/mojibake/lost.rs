//! Bytes a misreading lost: UTF-8 sequences whose continuation bytes a decoder dropped or
//! replaced (lossy lines), C1 controls read as windows-1252, no-break spaces lost after `Ã`;
//! found, restored where the evidence allows, and listed.

use super::images::{byte_in, encodings, is_c1, lost_sequence_at, sequence_at};
use super::search::case_breaks;
use super::{Lost, MAX_EXAMPLES};
use crate::decode::charset::Charset;

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
            && crate::unicode::is_alphabetic(chars[i])
            && (i > 0 && crate::unicode::is_alphabetic(chars[i - 1])
                || chars
                    .get(i + 2)
                    .is_some_and(|c| crate::unicode::is_alphabetic(*c)))
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
        .filter(|&(i, c)| !c.is_ascii() && crate::unicode::is_alphabetic(*c) && !place[i])
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
pub(super) fn line_languages(text: &str) -> Vec<&'static str> {
    let langs = crate::lexicon::stopword_languages();
    let mut votes = vec![0usize; langs.len()];
    let mut seen = rustc_hash::FxHashSet::default();
    for w in text
        .split(|c: char| !crate::unicode::is_alphabetic(c))
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
pub(super) fn replace_lossy(text: &str, lead: &str) -> (String, usize) {
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
pub(super) fn restore_no_break_spaces(text: &str, vote: bool) -> (String, usize) {
    if !text.contains("Ã ") {
        return (String::new(), 0);
    }
    let mut out = String::with_capacity(text.len());
    let mut n = 0;
    let mut last = 0;
    // The text up to the `Ã ` at `i`, then `à` in its place.
    let restore = |out: &mut String, last: &mut usize, n: &mut usize, i: usize| {
        out.push_str(&text[*last..i]);
        out.push('à');
        *last = i + "Ã ".len();
        *n += 1;
    };
    for (i, _) in text.match_indices("Ã ") {
        if i < last {
            continue;
        }
        let after = &text[i + "Ã ".len()..];
        let word_start = text[..i]
            .rfind(|c: char| !crate::unicode::is_alphabetic(c))
            .map_or(0, |p| {
                p + text[p..].chars().next().map_or(1, char::len_utf8)
            });
        let stem = &text[word_start..i];
        if after.starts_with(|c: char| crate::unicode::is_alphabetic(c)) {
            // Inside a word: the word made must be listed, and not both halves be words.
            let tail = &after[..after
                .find(|c: char| !crate::unicode::is_alphabetic(c))
                .unwrap_or(after.len())];
            let made = crate::lexicon::languages_of(&format!("{stem}à{tail}").to_lowercase());
            // `vÃ` is no word as written (a capital after a small letter), whatever `vã` is;
            // nor is `Ã` alone one unless frequent somewhere (Portuguese `ã` is listed from
            // split words, and `l’Ã mbit` is Catalan `àmbit`, not `ã` and `mbit`).
            let first_half = format!("{stem}Ã").to_lowercase();
            let listed_half = if stem.is_empty() {
                crate::lexicon::stopword_bits(&first_half) != 0
            } else {
                crate::lexicon::languages_of(&first_half) != 0
            };
            let halves = case_breaks(&format!("{stem}Ã")) == 0
                && listed_half
                && crate::lexicon::languages_of(&tail.to_lowercase()) != 0;
            if made != 0 && !halves {
                restore(&mut out, &mut last, &mut n, i);
            }
            continue;
        }
        // `Ã` after three small letters or more is no word as written (`komunitÃ `, Maltese,
        // which no list holds): a capital ending a word is the misreading's, whatever the
        // lists say. (Shorter stems are left to them: `lÃ` is `là` or `lã`.)
        if stem.chars().count() >= 3 && stem.chars().all(char::is_lowercase) {
            restore(&mut out, &mut last, &mut n, i);
            continue;
        }
        let (as_is_word, restored_word) = (
            format!("{stem}Ã").to_lowercase(),
            format!("{stem}à").to_lowercase(),
        );
        let as_is = crate::lexicon::languages_of(&as_is_word);
        let restored = crate::lexicon::languages_of(&restored_word);
        // A tie of the line's words goes to a frequent word over a listed rarity (Portuguese
        // `à` over `ã`, which its list holds from split words).
        let frequent_restored = || {
            crate::lexicon::stopword_bits(&restored_word) != 0
                && crate::lexicon::stopword_bits(&as_is_word) == 0
        };
        // When both are words somewhere (`là` French, `lã` Portuguese; `à`, `ã`), the line's
        // other words choose: more of them in a language of the restored word.
        let line_prefers_restored = || {
            let (mut for_restored, mut for_as_is) = (0, 0);
            for w in text.split(|c: char| !crate::unicode::is_alphabetic(c)) {
                // Short words are in most lists by chance.
                if w.chars().count() < 3 || w.contains('Ã') {
                    continue;
                }
                let langs = crate::lexicon::languages_of(&w.to_lowercase());
                for_restored += (langs & restored != 0) as usize;
                for_as_is += (langs & as_is != 0) as usize;
            }
            for_restored > for_as_is || (for_restored == for_as_is && frequent_restored())
        };
        if restored != 0 && (as_is == 0 || (vote && line_prefers_restored())) {
            restore(&mut out, &mut last, &mut n, i);
        }
    }
    if n == 0 {
        return (String::new(), 0);
    }
    out.push_str(&text[last..]);
    (out, n)
}

/// Lead images directly followed by U+FFFD: a continuation byte was replaced before the text
/// reached us, so the character cannot be rebuilt. Only the lead images of the two misreadings
/// common enough to judge from one character are considered (windows-1252/ISO-8859-1 `Ã`, `Â`,
/// `â`…, windows-1251 `Р`, `С`…); a Greek `μ` before a U+FFFD is not evidence of mojibake. Nor
/// is a U+FFFD our own decoder made of invalid bytes (text offsets `made`, sorted): damage in
/// the bytes we read, not a byte lost before them.
pub(super) fn find_lost(text: &str, made: &[usize]) -> Vec<Lost> {
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
        if w[1].1 != '\u{FFFD}'
            || c.is_ascii()
            || !common_lead(c)
            || made.binary_search(&w[1].0).is_ok()
        {
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
