//! Whether a repair is one: undoing a word under an encoding, and judging the result — letters
//! of the line's scripts, no rare characters, no word turned into a non-word, no harm — with
//! the refusals said in words; and how plausible a text is as text rather than mojibake.

use super::MAX_EXAMPLES;
use super::images::{
    byte_in, encodings, for_each_run_in_context, is_c1, lost_sequence_at, sequence_at,
    sequences_in, suspect_mask,
};
use crate::decode::charset::Charset;
use crate::unicode::char_info;
use serde::Serialize;
use unicode_properties::GeneralCategory;
use unicode_script::Script;

/// Characters that real text seldom holds but wrong repairs produce: Latin Extended-B but the
/// letters of Vietnamese and Romanian, box drawing, combining marks but those on a letter of
/// their own script, symbols that belong to one script, the supplemental arrows
/// and mathematical symbols of U+2900–U+2AFF (what E2 A4 … makes: `â¤¢` → `⤢`), and a Latin-1
/// symbol (`×` and `÷` included) after a non-ASCII letter or between two letters (`ôºô±ô¹`:
/// Greek read twice, repaired once; Irish `shl÷nú`).
pub(super) fn rare_chars(text: &str) -> usize {
    let mut n = 0;
    let mut prev: [char; 2] = [' ', ' '];
    // The script of the last character that was not a mark: the base of the marks after it.
    let mut base: Option<Script> = None;
    for c in text.chars().chain([' ']) {
        // `prev[1]` is judged now that both its neighbours are known.
        let (before, mid) = (prev[0], prev[1]);
        // Not the middle dot of Catalan `col·lecció`, nor a guillemet ending a word (`«été»`;
        // between letters, `ô»ô`, it is Greek `λ` read twice); `km²` and `Windows®` follow
        // ASCII letters.
        let letter_after = crate::unicode::is_alphabetic(c);
        let latin1_symbol = (0xA1..=0xBF).contains(&(mid as u32))
            && mid != '·'
            && (letter_after || !matches!(mid, '«' | '»'));
        // `×` and `÷` after any letter: ISO-8859-2 makes `÷` of the `á` windows-1250 makes of
        // `Ăˇ` (`shl÷nú`, `T÷`, `privar÷`); arithmetic puts them after digits and spaces.
        let operator = matches!(mid, '×' | '÷');
        if (latin1_symbol || operator)
            && crate::unicode::is_alphabetic(before)
            && (operator || !before.is_ascii() || letter_after)
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
pub(super) fn latin_letter(c: char) -> bool {
    match c as u32 {
        0x41..=0x5A | 0x61..=0x7A => true,
        0xAA | 0xB5 | 0xBA => true,
        0xC0..=0xFF => c != '×' && c != '÷',
        0x100..=0x17F => true,
        _ => false,
    }
}

/// One repaired sequence in one round.
pub(super) struct Fix {
    /// Text offsets of the mojibake in the input of the round.
    pub(super) start: usize,
    pub(super) end: usize,
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
pub(super) fn undo_once(text: &str, e: usize) -> Option<(String, Vec<Fix>)> {
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
pub(super) fn context_scripts(text: &str) -> Vec<Script> {
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

pub(super) fn undo_pass(
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
pub(super) fn is_punctuation(c: char) -> bool {
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
pub(super) fn lossy_suspect(word: &str, e: usize) -> bool {
    word.contains('\u{FFFD}')
        && word.chars().zip(word.chars().skip(1)).any(|(a, b)| {
            b == '\u{FFFD}' && byte_in(a, e).is_some_and(|x| (0xC2..=0xF4).contains(&x))
        })
}

pub(super) fn undo_word(word: &str, e: usize, allowed: &[Script]) -> Option<(String, Vec<Fix>)> {
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
pub(super) fn judge(word: &str, out: &str, allowed: &[Script]) -> Option<&'static str> {
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
pub(super) fn listed_capitals(word: &str) -> bool {
    let core = word.trim_matches(|c: char| c.is_ascii_punctuation());
    core.chars().count() >= 3
        && core.chars().all(char::is_alphabetic)
        && !core.chars().any(char::is_lowercase)
        && crate::lexicon::languages_of(&core.to_lowercase()) != 0
}

/// `ª` or `º` before a letter in a result with no fingerprint left (`ÂŞIK`, Turkish capitals,
/// is not `ªIK`: ordinals follow digits, `1ª`, `nº`). In the middle of a chain (`ÃƒÂºn` →
/// `Ãºn` → `ún`) they are expected.
pub(super) fn ordinal_before_letter(out: &str) -> bool {
    suspect_mask(out) == 0
        && out
            .chars()
            .zip(out.chars().skip(1))
            .any(|(a, b)| matches!(a, 'ª' | 'º') && crate::unicode::is_alphabetic(b))
}

/// Two or three letters that would become a single letter, with no other repair in the line
/// attesting its script, unless all are Latin, or they are of a script the word lists write and
/// no list holds them: the capitals `ΓΉ`, `РІ`, `ЧЁ` are Greek, Ukrainian and Russian words
/// (the lists hold `γή`, `рі`, `чё`) as much as mojibake of `ù`, `в`, `ר`, while `Рё` is only
/// what windows-1251 makes of `и`. (Mojibake of a one-letter word in a line of others, `РЇ Рё
/// С‚С‹`, is attested by them; `Ã©` holds a symbol and is evidence enough.)
pub(super) fn letters_to_one_letter(word: &str, out: &str, allowed: &[Script]) -> bool {
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
        && crate::unicode::is_alphabetic(c)
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
pub(super) fn listed_scripts() -> &'static [Script] {
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
pub(super) fn undo_word_unjudged(word: &str, e: usize) -> Option<(String, Vec<Fix>)> {
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
pub(super) fn word_to_non_word(word: &str, repaired: &str) -> bool {
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
pub(super) fn harm(repaired: &str, allowed: &[Script]) -> Option<&'static str> {
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
        // So do the `"` of a Hebrew acronym (`צה"ל`) and an apostrophe (Ukrainian `п’ять`,
        // Belarusian `сямʼі`), between two letters of the script: a quote after a lone letter
        // closes it (`‘á’` is no Armenian `ԇ’`).
        let same = |j: usize| {
            let c = chars[j];
            script_of(c) == Some(script)
                || char_info(c).is_mark()
                || matches!(c, '\u{200C}' | '\u{200D}' | '-' | '\u{FFFD}')
                || (matches!(c, '"' | '\'' | '’' | 'ʼ')
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
pub(super) const ORPHANS_PER_REPAIRED: usize = 4;

/// True when the letters of `word` belong to more than one script cluster.
pub(super) fn mixed_script(word: &str) -> bool {
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
            p.is_lowercase()
                && crate::unicode::is_alphabetic(p)
                && !(0xC0..=0xFF).contains(&(p as u32))
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
    for_each_run_in_context(text, |before, run, after| {
        let mask = suspect_mask(run);
        if mask == 0 {
            return;
        }
        // With the ASCII beside the run, which tells typography from images (`l’été`).
        chars.clear();
        chars.extend(before.map(|c| (0, c)));
        chars.extend(run.char_indices());
        chars.extend(after.map(|c| (run.len(), c)));
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
pub(super) const NOT_TEXT_SHARE: f64 = 0.10;

/// Adds the scripts whose letters `text` holds to `scripts` (Latin too: a lone Latin letter
/// is never harm, but two letters made into one need the script attested).
pub(super) fn note_scripts(text: &str, scripts: &mut Vec<Script>) {
    for c in text.chars().filter(|c| !c.is_ascii()) {
        let info = char_info(c);
        if info.is_letter() && info.has_real_script() && !scripts.contains(&info.cluster()) {
            scripts.push(info.cluster());
        }
    }
}
