//! Verdicts UTF-8 validity settles before any reading is weighed (RFC 3629): legacy text
//! almost never forms valid multi-byte sequences by chance, and less so with every one.

use super::Part;
use crate::decode::charset::Charset;
use crate::decode::validity::{
    CAPITALS_IN, Utf8Validity, cut_at_word_start, damage_shaped, first_shape, first_sign,
    first_symbol, first_typographic, lead_at_word_start,
};

/// Valid multi-byte characters to each damaged sequence from which whole bytes are UTF-8 with
/// damage. Legacy text forms fewer valid sequences than invalid ones: at most 0.72 to one in
/// the 3,488 single-encoding files of dev seeds 1–4, 0.48 in the 1,149 legacy files of the
/// speed corpus and the peers' test files (EUC-JP, whose two-byte characters often pair into
/// valid sequences; single-byte text far less). Three leaves a margin of four.
const DAMAGED_RATIO: u64 = 3;
/// Words holding valid multi-byte characters a draft segment needs for its damage to settle it
/// as UTF-8 ([`words_with_valid`]).
const MIN_DRAFT_WORDS: usize = 2;
/// Valid multi-byte characters to each damaged sequence that settle a mended draft
/// ([`Part::Mended`]) as UTF-8: its UTF-8 reading then keeps at least as many letters as the
/// damage costs it, where any other reading misreads every valid character to read the damage
/// (and a sequence cut short is lost whatever reads it). On the damaged-UTF-8 sets of seeds 1
/// and 2 (`scripts/damaged_utf8_eval.py`), two with valid characters in two words settled
/// 36 / 51 more files; one, in any word, 20 / 17 more again, with no figure of the other sets
/// worse.
const MENDED_RATIO: u64 = 1;

/// Bytes from which a whole input ASCII but for a few lone characters is long enough to be
/// UTF-8 by them ([`lone_characters`]): no legacy file of 1 KiB or more in the dev sets is
/// valid UTF-8 with multi-byte characters.
const LONG_INPUT: usize = 1024;

/// The first non-ASCII character of `sample` when every non-ASCII run in it is one UTF-8
/// character with ASCII on both sides: two bytes (`C2`–`DF` and a continuation byte), or three
/// that no single-byte candidate reads as a listed word with the letters glued to them
/// ([`single_byte_word`]) — IBM866 spells `чем` as `E7 A5 AC`, the bytes of `祬`, and
/// windows-1251 Ukrainian `дії` those of `䳿`.
fn lone_characters(sample: &[u8]) -> Option<char> {
    let mut first = None;
    let mut i = 0;
    while let Some(at) = crate::ascii::next_non_ascii(sample, i) {
        let end = at + sample[at..].iter().take_while(|b| !b.is_ascii()).count();
        let c = std::str::from_utf8(&sample[at..end]).ok()?.chars().next()?;
        match end - at {
            2 => {}
            3 if !single_byte_word(sample, at, end) => {}
            _ => return None,
        }
        first.get_or_insert(c);
        i = end;
    }
    first
}

/// Does some single-byte candidate read the bytes `at..end` of `sample`, with the ASCII
/// letters glued to them, as a word shaped as one (all small letters, all capitals, or a
/// capital and small ones) that a word list holds? (A three-byte UTF-8 character read as
/// windows-1252 is a letter and two signs, `æ¥½` for `楽`; as ISO-8859-5 a small letter and two
/// capitals, `цЅН`.)
fn single_byte_word(sample: &[u8], at: usize, end: usize) -> bool {
    let letter = |b: &&u8| b.is_ascii_alphabetic();
    let before = sample[..at].iter().rev().take_while(letter).count();
    let after = sample[end..].iter().take_while(letter).count();
    let (head, tail) = (&sample[at - before..at], &sample[end..end + after]);
    super::extra::candidates(false).any(|cs| {
        let Some(table) = crate::decode::single_byte_table_of(cs) else {
            return false;
        };
        let Some(word) = head
            .iter()
            .chain(&sample[at..end])
            .chain(tail)
            .map(|&b| table.get(b))
            .collect::<Option<String>>()
        else {
            return false;
        };
        let small = |c: char| c.is_lowercase() || !c.is_uppercase();
        let shaped = word.chars().skip(1).all(small) || word.chars().all(|c| !c.is_lowercase());
        shaped
            && word.chars().all(char::is_alphabetic)
            && crate::lexicon::languages_of(&word.to_lowercase()) != 0
    })
}

/// UTF-8 with its confidence and the sentence that says why, when validity settles it: valid
/// with four multi-byte characters or more; with at most one damaged sequence in twenty among
/// twenty or more; or, for a whole input, or a draft segment with valid characters in several
/// words ([`words_with_valid`] of `sample`), with four or more and at least
/// [`DAMAGED_RATIO`] of them to each damaged sequence; for a mended draft, [`MENDED_RATIO`].
/// `None` otherwise (and for bytes holding NUL, which are UTF-16 or binary).
pub(super) fn utf8_by_validity(
    v: &Utf8Validity,
    sample: &[u8],
    has_nul: bool,
    part: Part,
) -> Option<(f64, String)> {
    if has_nul {
        return None;
    }
    let k = v.multibyte_sequences;
    if (v.valid || v.is_valid_but_truncated()) && k >= 4 {
        return Some((
            (1.0 - 0.5f64.powf(k as f64)).min(0.9995),
            format!(
                "the bytes are valid UTF-8 with {k} multi-byte characters: text in another encoding does not form them by chance"
            ),
        ));
    }
    // Fewer, when one is a symbol or typographic punctuation no legacy text forms by chance
    // (`✓`, `→`, an emoji, `€`, `’`): valid UTF-8 with one such character was read as
    // windows-1252 `âœ“` at 0.42, and bs4's `☃☃☃` as IBM866 `тШГтШГтШГ`; it counts as four
    // characters more. So do box drawing, shapes, enclosed and letterlike symbols, number
    // forms, superscripts, currency signs and U+FFFD ([`first_shape`]): a Python file of pip's
    // with `─` twice was windows-1252 `â”€` at 0.83, one with `▄` once at 0.79; systemd's
    // manual pages with `2⁶⁴`, x-mac-cyrillic; clap's `ⓒ`, windows-1252 at 0.78. A Latin-1
    // sign (`£`, `©`, `°`) counts as two: `It costs £5` was windows-1252 `Â£5` at 0.32.
    if (v.valid || v.is_valid_but_truncated())
        && k >= 1
        && let Some((c, more, what)) = first_symbol(sample)
            .or_else(|| first_shape(sample))
            .map(|c| {
                let what = if c == char::REPLACEMENT_CHARACTER {
                    "the replacement character an earlier decoder wrote, which text in another encoding does not form"
                } else {
                    "a symbol text in another encoding does not form"
                };
                (c, 4.0, what)
            })
            .or_else(|| {
                first_typographic(sample).map(|c| {
                    (
                        c,
                        4.0,
                        "typographic punctuation text in another encoding does not form",
                    )
                })
            })
            .or_else(|| {
                first_sign(sample).map(|c| {
                    (
                        c,
                        2.0,
                        "a sign windows-1252 reads only as mojibake (`Â` before it)",
                    )
                })
            })
    {
        let which = if k == 1 {
            "whose one multi-byte character is".to_string()
        } else {
            format!("with {k} multi-byte characters, among them")
        };
        // (A file cut off inside its last character is valid up to the cut.)
        let cut = if v.valid {
            ""
        } else {
            "; its last character is cut short by the end of the input"
        };
        return Some((
            (1.0 - 0.5f64.powf(k as f64 + more)).min(0.9995),
            format!(
                "the bytes are valid UTF-8 {which} `{c}` (U+{:04X}), {what}{cut}",
                c as u32
            ),
        ));
    }
    // A long input, ASCII but for one to three characters that each stand alone among ASCII
    // bytes (`r'λ'` in Python, `˅` in a manual, `"a楽"` in a Rust doc test, `ಠ_ಠ`): legacy text
    // forms such a pair only where a capital meets a sign (windows-1252 `Î»`, windows-1251
    // `Ні`), and then in short text — of the 14,000 legacy files of dev seeds 1–4, the damaged
    // sets, the speed corpus, the short probes and NLTK UDHR, three are valid UTF-8 with
    // multi-byte characters, all of 250 bytes or fewer. A three-byte one counts where no
    // single-byte encoding reads its bytes as a word ([`lone_characters`]): of the 20,000
    // commonest words of Chinese, Japanese and Korean, none in their legacy encodings makes
    // such a run. It counts as a sign does (two characters more).
    if part == Part::Whole
        && (v.valid || v.is_valid_but_truncated())
        && (1..4).contains(&k)
        && sample.len() >= LONG_INPUT
        && let Some(c) = lone_characters(sample)
    {
        return Some((
            (1.0 - 0.5f64.powf(k as f64 + 2.0)).min(0.9995),
            format!(
                "the bytes are valid UTF-8 whose only non-ASCII {} among {} bytes of ASCII (`{c}`, U+{:04X}, the first): legacy text forms such characters only in short text",
                if k == 1 {
                    "character stands alone".to_string()
                } else {
                    format!("characters, {k}, each stand alone")
                },
                sample.len(),
                c as u32
            ),
        ));
    }
    let damaged = |d: u64| {
        let what = if d == 1 {
            "one damaged sequence".to_string()
        } else {
            format!("{d} damaged sequences")
        };
        let s = if k == 1 { "" } else { "s" };
        format!("the bytes are UTF-8 ({k} valid multi-byte character{s}) with {what}")
    };
    if !v.valid && k >= 20 && v.invalid_sequences * 20 <= k {
        return Some((0.99, damaged(v.invalid_sequences)));
    }
    // A few damaged sequences among valid multi-byte characters: UTF-8 with bytes typed or
    // pasted in another encoding, or sequences cut short. A single-byte reading would misread
    // every valid character to read those bytes (Finnish `ketään` as ISO-8859-10 `ketãīãīn`
    // for one windows-1252 `½`). Legacy text forms valid sequences by chance, but fewer than it
    // forms invalid ones ([`DAMAGED_RATIO`]), and more only by double encoding, which UTF-8
    // undoes. The confidence grows with the characters per damaged sequence, one fewer counted.
    // Not for a block of a file being segmented: there the typed bytes may begin a part in
    // another encoding, whose own reading the block's verdict must weigh. A draft segment is
    // cut where validity changes: its damage is damage where valid characters stand in several
    // of its words, not in the one its end reaches into the next part ([`words_with_valid`]).
    // A mended draft needs fewer ([`MENDED_RATIO`]), in any word: it was joined to UTF-8
    // because its damage made one stretch, too little for a part (and where mending would
    // take in every draft under a legacy whole verdict, segmentation joins them without it);
    // a sequence cut short at its end is that damage too, whether or not the input ends there.
    // Its confidence counts every character (one valid to one damaged is 0.5).
    let d = v.invalid_sequences;
    let per = k as f64 / d.max(1) as f64;
    if part == Part::Mended && d >= 1 && k >= MENDED_RATIO * d {
        return Some(((1.0 - 0.5f64.powf(per)).min(0.99), damaged(d)));
    }
    if d >= 1
        && !v.is_valid_but_truncated()
        && k >= 4
        && k >= DAMAGED_RATIO * d
        && match part {
            Part::Whole => true,
            Part::Block => false,
            Part::Draft | Part::Mended => {
                words_with_valid(sample, MIN_DRAFT_WORDS) >= MIN_DRAFT_WORDS
            }
        }
    {
        return Some(((1.0 - 0.5f64.powf(per - 1.0)).min(0.99), damaged(d)));
    }
    if part == Part::Whole && d >= 1 && k >= 1 {
        return listed_beside_shaped_damage(sample, k).map(|proof| {
            let why = if proof.words.is_empty() {
                format!(
                    "the valid characters are typographic punctuation ({}), which legacy text does not form",
                    proof.marks.join(" ")
                )
            } else {
                let words = match (proof.listed, proof.total) {
                    (1, 1) => "a word".to_string(),
                    (l, t) if l == t => format!("{l} words"),
                    (l, t) => format!("{t} words, {l} of them"),
                };
                let marks = if proof.marks.is_empty() {
                    String::new()
                } else {
                    format!(", beside typographic punctuation ({})", proof.marks.join(" "))
                };
                let examples = proof.words.join(", ");
                match proof.alphabet {
                    Some(code) => format!(
                        "the valid characters are letters of the {code} alphabet (CLDR) in {words} ({examples}), and the text reads as {code} (n-gram model; {code} has no word list){marks}"
                    ),
                    None if proof.listed < proof.total => format!(
                        "the valid characters stand in {words} words of a word list ({examples}){marks}"
                    ),
                    None => format!(
                        "the valid characters make {words} of a word list ({examples}){marks}"
                    ),
                }
            };
            let n = proof.listed + proof.marks.len();
            let shape = match (d, proof.unshaped) {
                (1, 0) => "where a cut or a stray byte leaves UTF-8 damage".to_string(),
                (_, 0) => "each where a cut or a stray byte leaves UTF-8 damage".to_string(),
                (1, _) => "where a legacy letter could stand, beside as many valid characters"
                    .to_string(),
                (_, u) => format!(
                    "{u} where a legacy letter could stand, no more than the valid characters"
                ),
            };
            let most = if proof.alphabet.is_some() {
                ALPHABET_MAX
            } else {
                SHAPED_MAX
            };
            (
                (1.0 - 0.5f64.powi(n as i32 + 1)).min(most),
                format!("{} ({shape}); {why}", damaged(d)),
            )
        });
    }
    None
}

/// Highest confidence of [`listed_beside_shaped_damage`]: its words are few.
const SHAPED_MAX: f64 = 0.9;

/// Highest confidence when an alphabet, not a word list, bears the letters out.
const ALPHABET_MAX: f64 = 0.75;

/// What bears out UTF-8 in [`listed_beside_shaped_damage`].
struct Proof {
    /// Words of a list the valid letters make, of `total` words they stand in, and the first
    /// three of them.
    listed: usize,
    total: usize,
    words: Vec<String>,
    /// Typographic punctuation among the valid characters (the first three distinct).
    marks: Vec<String>,
    /// Lone bytes that stand where a legacy letter could ([`damage_shaped`] says no).
    unshaped: usize,
    /// The language without a word list whose alphabet holds the letters, when no list
    /// holds the words ([`Reading::unlisted_writing`]).
    alphabet: Option<&'static str>,
}

/// A whole input with too few valid multi-byte characters for the ratios above, whose damage
/// stands where UTF-8 damage stands ([`damage_shaped`]: a sequence cut short inside a word,
/// `invalidit\xC3\xA0 … volont\xC3.`), or, standing as a legacy letter would, no more often
/// than the valid characters stand (than half of them, from four on); whose valid characters are letters or typographic
/// punctuation ([`typographic`]); and whose letters make words of one language's list, every
/// word holding one (that a damaged sequence leaves whole), one of three letters or more —
/// or, with no such word, whose valid characters are all punctuation. Legacy text forms valid
/// sequences by chance, but as letters in no listed word (windows-1251 `Сі` is `ѳ`), and never
/// as `’` (windows-1252 `â€™` is that very mark, misread).
/// `valid_in_input` (the input's valid multi-byte characters, at least the sample's) bounds the
/// damage that can stand as legacy letters: past it the scan stops, as it soon does in legacy
/// text, where nearly every non-ASCII byte is such a lone byte.
fn listed_beside_shaped_damage(sample: &[u8], valid_in_input: u64) -> Option<Proof> {
    let (mut valid, mut unshaped) = (0usize, 0usize);
    let mut marks: Vec<String> = Vec::new();
    // The language of the text, looked up once something asks.
    let mut reading: Option<Option<Reading>> = None;
    let mut at = 0;
    for chunk in sample.utf8_chunks() {
        for c in chunk.valid().chars().filter(|c| !c.is_ascii()) {
            if typographic(c) {
                if marks.len() < 3 && !marks.iter().any(|m| m.starts_with(c)) {
                    marks.push(c.to_string());
                }
            } else if !crate::unicode::is_alphabetic(c) {
                return None;
            }
            valid += 1;
        }
        at += chunk.valid().len();
        if chunk.invalid().len() == 1
            && !damage_shaped(sample, at)
            && !(lead_at_word_start(sample, at)
                && reading
                    .get_or_insert_with(|| Reading::of(sample))
                    .as_ref()
                    .and_then(|r| r.alphabet)
                    .is_some_and(|a| cut_at_word_start(sample, at, a, &CAPITALS_IN)))
        {
            unshaped += 1;
            if unshaped as u64 > valid_in_input {
                return None;
            }
        }
        at += chunk.invalid().len();
    }
    // Bytes standing as legacy letters beside four valid characters or more, more than one to
    // each two, are a part in another encoding (segmentation's to find: a pasted paragraph of
    // 36 accented letters beside 48 valid ones), not damage.
    if valid == 0 || unshaped > valid || (valid >= 4 && unshaped * 2 > valid) {
        return None;
    }
    let text = String::from_utf8_lossy(sample);
    // Per language, the words of its list; the words themselves, the first three of the
    // best language's.
    let mut per_language = [0usize; 64];
    let mut all: Vec<(String, u64)> = Vec::new();
    let mut long = false;
    let letter = |c: char| crate::unicode::is_alphabetic(c) && !typographic(c);
    for w in text
        .split(|c: char| !(letter(c) || c == '\u{FFFD}'))
        .filter(|w| !w.is_ascii() && !w.contains('\u{FFFD}'))
    {
        let w = w.to_lowercase();
        let bits = crate::lexicon::languages_of(&w);
        for (i, n) in per_language.iter_mut().enumerate() {
            *n += (bits >> i & 1) as usize;
        }
        long |= w.chars().count() >= 3;
        all.push((w, bits));
    }
    // One language's list holds the words: every one; or, where all the damage stands where
    // UTF-8 damage stands, two in three of three or more (an inflected `közügyeinek` no list
    // holds beside five listed Hungarian words). A pasted paragraph (lone bytes standing as
    // legacy letters) has its whole words to answer for.
    let (best, held) = (0..64)
        .map(|i| (i, per_language[i]))
        .max_by_key(|p| p.1)
        .unwrap_or((0, 0));
    let total = all.len();
    let enough = held == total || (unshaped == 0 && total >= 3 && held * 3 >= total * 2);
    let letters = text.chars().any(|c| !c.is_ascii() && letter(c));
    let mut alphabet = None;
    if !enough {
        // No list holds enough of them: the language of a list would have; one without a
        // list (Estonian, Irish, Welsh, Maltese) bears them out by its alphabet.
        let reading = reading
            .get_or_insert_with(|| Reading::of(sample))
            .as_ref()?;
        alphabet = Some(reading.unlisted_writing(&text)?);
    }
    let listed = if enough { held } else { total };
    let words: Vec<String> = all
        .into_iter()
        .filter(|(_, bits)| !enough || bits >> best & 1 == 1)
        .take(3)
        .map(|(w, _)| w)
        .collect();
    ((long && listed > 0) || (!letters && !marks.is_empty())).then_some(Proof {
        listed,
        total,
        words,
        marks,
        unshaped,
        alphabet,
    })
}

/// The language the UTF-8 reading of `sample` reads as by the n-gram model (U+FFFD a word
/// break), its fit per n-gram, and its standard alphabet (CLDR), looked up once per input.
struct Reading {
    code: &'static str,
    fit: f64,
    alphabet: Option<&'static [char]>,
}

impl Reading {
    fn of(sample: &[u8]) -> Option<Reading> {
        let text = String::from_utf8_lossy(sample).replace('\u{FFFD}', " ");
        let (best, fit) = crate::lexicon::best_encoding_language(&text)?;
        let code = crate::lexicon::model().langs[best].code.as_str();
        Some(Reading {
            code,
            fit,
            alphabet: crate::lexicon::exemplars(code),
        })
    }

    /// The language, when it has no word list, the text fits it as a known language's text
    /// does (−9.5 nats per n-gram or better), and its alphabet holds every letter of `text`:
    /// `ühiskonna`, `võimalik` in Estonian, `amháin`, `féidir` in Irish. Chance pairs of
    /// legacy bytes make letters of other alphabets (windows-1251 `Сі` is `ѳ`).
    fn unlisted_writing(&self, text: &str) -> Option<&'static str> {
        if crate::lexicon::has_word_list(self.code) || self.fit < KNOWN_FIT {
            return None;
        }
        let alphabet = self.alphabet?;
        text.chars()
            .filter(|c| !c.is_ascii() && crate::unicode::is_alphabetic(*c) && !typographic(*c))
            .all(|c| {
                let small = c.to_lowercase().next().unwrap_or(c);
                alphabet.binary_search(&small).is_ok()
            })
            .then_some(self.code)
    }
}

/// The n-gram fit per feature a known language's text reaches (−6 to −9.5 nats).
const KNOWN_FIT: f64 = -9.5;

/// Typographic punctuation (General Punctuation from the hyphen U+2010 to U+205E, the euro
/// sign) and the ordinal indicators after a number (`22.º`): what UTF-8 text writes beside its
/// letters, not letters of a word.
fn typographic(c: char) -> bool {
    matches!(c, '\u{2010}'..='\u{205E}' | '€' | 'º' | 'ª')
}

/// Stretches of `bytes` (words between delimiters) holding a valid UTF-8 multi-byte character,
/// counted up to `enough`. Damage inside UTF-8 text has valid characters in words all around
/// it; a draft that runs from a part in another encoding a word into the UTF-8 after it has
/// them in that one word (a windows-1252 part with one `í`, its draft ending four Hebrew
/// letters into the next part, is no UTF-8).
fn words_with_valid(bytes: &[u8], enough: usize) -> usize {
    crate::encoding::stretches::stretches(bytes, 0, bytes.len())
        .filter(|&(s, e)| bytes[s..e].utf8_chunks().any(|c| !c.valid().is_ascii()))
        .take(enough)
        .count()
}

/// Does a UTF-8 byte order mark lie — no valid multi-byte character follows it, and invalid
/// sequences do (RFC 3629 §3)? A legacy file that an editor or a concatenation gave a BOM:
/// its words decide, as if the mark were not there (chardet reads such a file windows-1252).
/// `v` counts the whole input, the mark's own sequence among its multi-byte ones.
pub(super) fn lying_utf8_bom(bom: Charset, v: &Utf8Validity) -> bool {
    bom == Charset::UTF_8 && v.invalid_sequences > 0 && v.multibyte_sequences <= 1
}

/// The clause that says why a lying byte order mark ([`lying_utf8_bom`]) decides nothing.
pub(super) fn lying_bom_clause(bom: Charset, v: &Utf8Validity) -> String {
    format!(
        "the byte order mark of {bom} lies: no valid multi-byte character follows it, and {} invalid sequence{} do{} (the first at byte {})",
        v.invalid_sequences,
        crate::encoding::plural(v.invalid_sequences),
        if v.invalid_sequences == 1 { "es" } else { "" },
        v.first_invalid.as_ref().map_or(0, |f| f.byte_span.start)
    )
}

#[cfg(test)]
mod tests {
    use super::{
        Part, Reading, lone_characters, single_byte_word, utf8_by_validity, words_with_valid,
    };
    use crate::decode::validity::validate;

    /// A long input ASCII but for a lone Greek letter is UTF-8 (pygments' `r'λ'`); not when
    /// short (a Persian word in windows-1256 is valid UTF-8 in nine bytes), not when two
    /// non-ASCII characters meet, not for a block. A lone three-byte character counts too
    /// (`楽`, `ಠ`), unless a single-byte encoding reads its bytes as a word (IBM866 `чем`,
    /// windows-1251 `дії`, windows-1250 `éšť` of Czech `déšť`).
    #[test]
    fn lone_characters_in_long_ascii_settle_utf8() {
        let code = "    (r'if', Keyword),\n".repeat(60);
        let long = format!("{code}    (r'\u{3bb}', Keyword),\n{code}");
        let v = validate(long.as_bytes());
        let (conf, because) = utf8_by_validity(&v, long.as_bytes(), false, Part::Whole).unwrap();
        assert_eq!(conf, 0.875);
        assert!(because.contains("`\u{3bb}`, U+03BB"), "{because}");
        assert_eq!(
            utf8_by_validity(&v, long.as_bytes(), false, Part::Block),
            None
        );
        let short = "    (r'\u{3bb}', Keyword),\n";
        let v = validate(short.as_bytes());
        assert_eq!(
            utf8_by_validity(&v, short.as_bytes(), false, Part::Whole),
            None
        );
        let lone = |s: &str| lone_characters(format!("{code} {s} ").as_bytes());
        assert_eq!(lone("\u{3bb}\u{3bf}"), None);
        assert_eq!(lone(""), None);
        assert_eq!(lone("\u{2c5}"), Some('\u{2c5}'));
        assert_eq!(lone("a\u{697d}"), Some('\u{697d}'));
        assert_eq!(lone("\u{ca0}_\u{ca0}"), Some('\u{ca0}'));
        assert_eq!(lone("\u{697d}\u{697d}"), None);
        assert_eq!(lone("\u{1f600}"), None);
        let word = |enc: &'static encoding_rs::Encoding, w: &str| {
            let line = format!("// {w} x");
            let (bytes, _, _) = enc.encode(&line);
            assert!(std::str::from_utf8(&bytes).is_ok(), "{w}");
            let at = bytes.iter().position(|b| !b.is_ascii()).unwrap();
            single_byte_word(&bytes, at, at + 3)
        };
        assert!(word(encoding_rs::IBM866, "\u{447}\u{435}\u{43c}"));
        assert!(word(encoding_rs::WINDOWS_1251, "\u{434}\u{456}\u{457}"));
        assert!(word(encoding_rs::WINDOWS_1250, "d\u{e9}\u{161}\u{165}"));
        assert!(!word(encoding_rs::UTF_8, "\u{697d}"));
        assert!(!word(encoding_rs::UTF_8, "\u{ca0}"));
        assert!(!word(encoding_rs::UTF_8, "a\u{4e8c}"));
    }

    /// Six two-letter words cut short, then three whole words: UTF-8 for a whole input and for
    /// a draft segment, weighed for a block. The cut words alone (one valid character to each
    /// damaged sequence) are weighed everywhere; a draft whose valid characters stand in one
    /// word (the next part's first) is weighed too.
    #[test]
    fn a_few_damaged_sequences_among_many_valid_settle_utf8() {
        let cut = |w: &str| {
            let b = w.as_bytes();
            b[..b.len() - 1].to_vec()
        };
        let mut text = Vec::new();
        for w in ["на", "не", "по", "до", "от", "за"] {
            text.extend_from_slice(&cut(w));
            text.push(b' ');
        }
        let v = validate(&text);
        assert_eq!(v.invalid_sequences, 6);
        assert_eq!(utf8_by_validity(&v, &text, false, Part::Whole), None);
        let whole = [&text[..], "мысли совести религии".as_bytes()].concat();
        let v = validate(&whole);
        let (conf, because) = utf8_by_validity(&v, &whole, false, Part::Whole).unwrap();
        assert!(conf > 0.85, "{conf}");
        assert!(because.contains("with 6 damaged sequences"), "{because}");
        assert!(utf8_by_validity(&v, &whole, false, Part::Draft).is_some());
        assert_eq!(utf8_by_validity(&v, &whole, false, Part::Block), None);
        assert_eq!(utf8_by_validity(&v, &whole, true, Part::Whole), None);
        // A windows-1252 `í`, then four Hebrew letters of the next part in one word.
        let straddle = b"I\xedn pran de \xd7\xa1\xd7\xa2\xd7\x99\xd7\xa3";
        let v = validate(straddle);
        assert!(utf8_by_validity(&v, straddle, false, Part::Whole).is_some());
        assert_eq!(utf8_by_validity(&v, straddle, false, Part::Draft), None);
    }

    /// Two valid characters, then a letter cut short at the end: too few for a draft, enough
    /// for a mended one (joined to UTF-8 for that one stretch of damage), whose cut sequence at
    /// its end counts as damage; as many damaged as valid too (0.5), but not fewer valid.
    #[test]
    fn a_mended_draft_settles_with_as_many_valid_characters_as_damaged() {
        let cut = b"Minden szem\xc3\xa9lynek joga van a munk\xc3\xa1hoz, a munka szabad megv\xc3";
        let v = validate(cut);
        assert!(v.is_valid_but_truncated());
        assert_eq!(utf8_by_validity(&v, cut, false, Part::Draft), None);
        let (conf, because) = utf8_by_validity(&v, cut, false, Part::Mended).unwrap();
        assert!((conf - 0.75).abs() < 1e-9, "{conf}");
        assert!(because.ends_with("with one damaged sequence"), "{because}");
        let twice = [&cut[..], b"l \xc5s"].concat();
        let (conf, because) =
            utf8_by_validity(&validate(&twice), &twice, false, Part::Mended).unwrap();
        assert!((conf - 0.5).abs() < 1e-9, "{conf}");
        assert!(because.ends_with("with 2 damaged sequences"), "{because}");
        let fewer = [&b"megv\xc3l "[..], "munkához".as_bytes(), b" \xc5s"].concat();
        assert_eq!(
            utf8_by_validity(&validate(&fewer), &fewer, false, Part::Mended),
            None
        );
        assert_eq!(
            utf8_by_validity(&validate(b"plain"), b"plain", false, Part::Mended),
            None
        );
    }

    /// A whole input with one or two valid letters in listed words, or only typographic
    /// punctuation, beside damage where a cut leaves it: UTF-8, more surely with more words.
    /// Not with valid letters in no listed word (windows-1251 `Сі`, UTF-8 `ѳ`), nor with more
    /// damage standing as legacy letters than valid characters, nor for a draft or a block.
    #[test]
    fn a_few_listed_words_beside_damage_shaped_as_utf8_damage_settle_a_whole_input() {
        let it = [
            "Ognuno ha diritto alla sicurezza in caso di invalidità, e di perdere i mezzi contro la sua volont".as_bytes(),
            b"\xc3.\n",
        ]
        .concat();
        let v = validate(&it);
        let (conf, because) = utf8_by_validity(&v, &it, false, Part::Whole).expect("settled");
        assert!((conf - 0.75).abs() < 1e-9, "{conf}");
        assert!(
            because.contains(
                "with one damaged sequence (where a cut or a stray byte leaves UTF-8 damage)"
            ) && because.ends_with("make a word of a word list (invalidità)"),
            "{because}"
        );
        assert_eq!(utf8_by_validity(&v, &it, false, Part::Draft), None);
        assert_eq!(utf8_by_validity(&v, &it, false, Part::Block), None);
        let cy = [
            "Mae gan rieni yr hawl cyntaf i ddewis y math o addysg a roddir i".as_bytes(),
            &b"\xe2\x80w plant, a\xe2\x80\x99r hawl i"[..],
        ]
        .concat();
        let (_, because) =
            utf8_by_validity(&validate(&cy), &cy, false, Part::Whole).expect("punctuation");
        assert!(
            because.ends_with("typographic punctuation (’), which legacy text does not form"),
            "{because}"
        );
        // A chance pair of legacy text: no listed word.
        let uk = b"\xcd\xb3 \xf1\xeb\xee\xe2\xe0";
        assert_eq!(
            utf8_by_validity(&validate(uk), uk, false, Part::Whole),
            None
        );
        // Two lone bytes that stand as legacy letters beside one valid letter.
        let two = [&b"il caf\xe9 e il t\xe8 della "[..], "città".as_bytes()].concat();
        assert_eq!(
            utf8_by_validity(&validate(&two), &two, false, Part::Whole),
            None
        );
    }

    /// Where no list holds the words, the alphabet of the language the model reads, when that
    /// language has no list: Estonian `ühiskonna` and `võimalik` are Estonian letters; a
    /// Cyrillic chance letter in Estonian text is not, and English words no list holds are
    /// the list's to judge.
    #[test]
    fn an_unlisted_language_bears_out_its_own_letters() {
        let et = "Igal inimesel on kohustused \u{FFFD}hiskonna ees, kus ainu\u{FFFD}ksi ongi võimalik tema isiksuse vaba ja täielik arenemine.";
        let unlisted = |t: &str| Reading::of(t.as_bytes())?.unlisted_writing(t);
        assert_eq!(unlisted(et), Some("et"));
        let chance = et.replace('õ', "ѳ");
        assert_eq!(unlisted(&chance), None);
        let en = "Everyone has duties to the community in which alone the free and full developmént of his personality is possible.";
        assert_eq!(unlisted(en), None);
    }

    /// Words with a valid multi-byte character are counted, damaged or not; words with none,
    /// or only invalid bytes, are not.
    #[test]
    fn words_with_valid_counts_words_holding_a_valid_character() {
        let text = [
            "до".as_bytes(),
            b"\xD0",
            "лжен быть не".as_bytes(),
            b" caf\xe9",
        ]
        .concat();
        assert_eq!(words_with_valid(&text, 9), 3);
        assert_eq!(words_with_valid(&text, 1), 1);
        assert_eq!(words_with_valid(b"I\xedn pran de caf\xe9", 9), 0);
        assert_eq!(words_with_valid("ñ plain".as_bytes(), 9), 1);
    }
}
