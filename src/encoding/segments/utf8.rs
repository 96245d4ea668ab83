//! Where UTF-8 text meets text in another encoding, by UTF-8 validity (RFC 3629): the stretches
//! that are valid UTF-8 with multi-byte characters, or not, and the turns between their runs.

use super::stretches;
use crate::decode::validity::{symbolic, symbols, typographic};

/// Where text in one encoding changes to another, by UTF-8 validity: each stretch holding
/// non-ASCII bytes is valid UTF-8 or not, and the boundaries are the ASCII bytes between a run
/// of one kind and a run of the other (or, where the two texts meet with no white space between,
/// the byte where the valid UTF-8 ends or begins: [`split_at_validity`]).
pub(super) fn utf8_turns(bytes: &[u8]) -> Vec<(usize, usize)> {
    let pieces: Vec<(usize, usize, bool)> = stretches(bytes, 0, bytes.len())
        .into_iter()
        .flat_map(|(s, e)| split_at_validity(bytes, s, e))
        .collect();
    // Each stretch: valid UTF-8 with multi-byte characters, or not. A run of valid stretches
    // with fewer than three multi-byte characters is no UTF-8 text — legacy text forms one or
    // two valid sequences by chance — unless one of them is typographic punctuation or a
    // symbol, which it never forms ([`typographic`], [`symbolic`]), or its words are words of a
    // language ([`listed_words`]). One symbol glued to bytes that are not UTF-8 is no text:
    // code pages form them inside words (IBM737 Greek `δρομέας` ends `E2 98 AA`, `☪`; vim's
    // Greek tutor in IBM737 was cut into 17 segments of IBM866 and UTF-8 around eight).
    // (valid, first start, last end, multibyte)
    let mut runs: Vec<(bool, usize, usize, usize)> = Vec::new();
    for &(s, e, valid) in &pieces {
        let piece = &bytes[s..e];
        let multibyte = if valid {
            piece.iter().filter(|&&b| b >= 0xC0).count()
        } else {
            0
        };
        match runs.last_mut() {
            Some(r) if r.0 == valid => {
                r.2 = e;
                r.3 += multibyte;
            }
            _ => runs.push((valid, s, e, multibyte)),
        }
    }
    let mut kept: Vec<(bool, usize, usize)> = Vec::new();
    for (valid, s, e, multibyte) in runs {
        // Legacy double-byte text written a character at a time between spaces (`\xD5\xB9
        // \xCE\xAA \xD2\xB0`, GBK for 展 为 野) forms valid sequences too — of letters from
        // as many scripts (Armenian, Greek, Cyrillic). A short run is UTF-8 text only when its
        // letters keep to one script.
        let valid = valid
            && ((multibyte >= 3 && (multibyte >= 8 || one_script(&bytes[s..e])))
                || typographic(&bytes[s..e])
                || (symbolic(&bytes[s..e])
                    && (symbols(&bytes[s..e]).nth(1).is_some() || !glued(bytes, s, e)))
                || (multibyte > 0 && set_apart(bytes, s, e) && listed_words(&bytes[s..e])));
        match kept.last_mut() {
            Some(k) if k.0 == valid => k.2 = e,
            _ => kept.push((valid, s, e)),
        }
    }
    kept.windows(2).map(|w| (w[0].2, w[1].1)).collect()
}

/// Whether the span `bytes[a..b]` is cut out of a stretch: a boundary of it falls between two
/// non-ASCII bytes, where validity changed inside a word (`д\xD0лжен`), not in the ASCII
/// between words.
pub(super) fn glued(bytes: &[u8], a: usize, b: usize) -> bool {
    let inside = |at: usize| {
        at > 0 && at < bytes.len() && !bytes[at - 1].is_ascii() && !bytes[at].is_ascii()
    };
    inside(a) || inside(b)
}

/// A stretch where UTF-8 text meets text in another encoding with no white space between
/// (Chinese or Thai UTF-8 joined to Cyrillic, `oikkВоля`), cut where the valid UTF-8 ends or
/// begins: its valid prefix up to the first invalid sequence, and its valid suffix after the
/// last, each when it holds a multi-byte character. Whole otherwise, and when it is valid.
/// Each part with whether it is valid UTF-8 (the stretch is validated here once).
fn split_at_validity(bytes: &[u8], s: usize, e: usize) -> Vec<(usize, usize, bool)> {
    let piece = &bytes[s..e];
    let Err(first) = std::str::from_utf8(piece) else {
        return vec![(s, e, true)];
    };
    // After the last invalid sequence (an error without a length is a sequence cut off by the
    // end of the stretch: nothing valid follows it).
    let mut last_end = first.valid_up_to() + first.error_len().unwrap_or(piece.len());
    while last_end < piece.len() {
        match std::str::from_utf8(&piece[last_end..]) {
            Ok(_) => break,
            Err(x) => {
                last_end += x.valid_up_to()
                    + x.error_len()
                        .unwrap_or(piece.len() - last_end - x.valid_up_to())
            }
        }
    }
    let multibyte = |r: &[u8]| r.iter().any(|&b| b >= 0xC0);
    let head = first.valid_up_to();
    let tail = last_end.min(piece.len());
    let mut out = Vec::with_capacity(3);
    let (mut from, mut to) = (s, e);
    if head > 0 && multibyte(&piece[..head]) {
        out.push((s, s + head, true));
        from = s + head;
    }
    let suffix = tail < piece.len() && multibyte(&piece[tail..]);
    if suffix {
        to = s + tail;
    }
    // The middle holds the first invalid sequence.
    if from < to {
        out.push((from, to, false));
    }
    if suffix {
        out.push((s + tail, e, true));
    }
    out
}

/// Is `bytes` UTF-8 text with characters cut short or bytes dropped (RFC 3629 §3: a lead byte
/// announces continuation bytes that do not all follow), rather than text in another encoding?
/// Valid multi-byte characters outnumber the invalid sequences two to one (three at least), and
/// the damage lies inside that text: valid characters between the first invalid sequence and
/// the last, or on both sides of them. Legacy text forms a valid sequence now and then (GBK `一页`
/// is UTF-8 `һҳ`), never mostly; and a legacy draft whose span reaches into the UTF-8 text next
/// to it has its valid characters on one side only. A 17-byte Shift_JIS part was drafted out of
/// Thai UTF-8 with two letters cut short (`อิส\xE0\xB8ะ`), an 86-byte one out of Turkish
/// (`amac\xC4yla … ahlâkın, kamu d\xC3zeninin`).
pub(super) fn cut_utf8(bytes: &[u8]) -> bool {
    // Offsets of the valid multi-byte characters and of the invalid sequences (each chunk's
    // invalid bytes are one sequence, as RFC 3629 decoders replace them).
    let (mut valid, mut invalid): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    let mut at = 0;
    for chunk in bytes.utf8_chunks() {
        let good = chunk.valid();
        valid.extend(
            good.char_indices()
                .filter(|c| !c.1.is_ascii())
                .map(|c| at + c.0),
        );
        at += good.len();
        if !chunk.invalid().is_empty() {
            invalid.push(at);
            at += chunk.invalid().len();
        }
    }
    let (Some(&first), Some(&last)) = (invalid.first(), invalid.last()) else {
        return false;
    };
    let inside = valid.iter().any(|&v| v > first && v < last)
        || (valid.iter().any(|&v| v < first) && valid.iter().any(|&v| v > last));
    valid.len() >= 3 && valid.len() >= 2 * invalid.len() && inside
}

/// Is `bytes[s..e]` set apart from the bytes around it (ASCII on either side, or the edge of
/// the input)? A valid prefix cut from a stretch that runs on into invalid bytes is not: EUC-KR
/// `vi처럼` begins with the valid `C3 B3`, UTF-8 `vió`, glued to the Hangul that follows.
fn set_apart(bytes: &[u8], s: usize, e: usize) -> bool {
    (s == 0 || bytes[s - 1].is_ascii()) && bytes.get(e).is_none_or(|b| b.is_ascii())
}

/// Is every word of valid UTF-8 `bytes` that holds a non-ASCII letter a word some list holds,
/// one of them of three letters or more (`Persönlichkeit` in the UTF-8 line after a pasted
/// windows-1252 one, `må` beside `tillhöra`)? The sequences legacy text forms by chance read as
/// letters in no such word (windows-1251 `Сі` is `ѳ`), though one letter alone may be one
/// (IBM855 Serbian makes the Ukrainian `з`);
/// where they do make one, the bytes are mojibake saved in a legacy encoding, whose UTF-8 reading
/// is the text meant (`cafÃ©` in windows-1252 is UTF-8 `café`). Asked only of the few runs the
/// other tests leave out (fewer than three multi-byte characters, or several scripts), and of a
/// draft of one stretch: a look-up in every list for each word.
pub(super) fn listed_words(bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return false;
    };
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_ascii())
        .collect();
    words.iter().any(|w| w.chars().count() >= 3)
        && words
            .iter()
            .all(|w| crate::lexicon::languages_of(&w.to_lowercase()) != 0)
}

/// Do the non-ASCII letters of valid UTF-8 `bytes` belong to one script cluster, and does one
/// of them stand in a word (beside another letter) rather than alone between spaces? A
/// combining mark with no letter before it (a defective combining character sequence, Unicode
/// §3.6 D57) is no text either: Thai windows-874 `อจำกัด` is valid UTF-8 by chance, `\u{368}ӡѴ`,
/// a mark on nothing then two Cyrillic letters, and cut every Thai UDHR file into drafts that
/// all joined again (three quarters of `inspect`'s time on them).
fn one_script(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    let letter = |c: char| crate::unicode::char_info(c).is_letter();
    let chars: Vec<char> = text.chars().collect();
    // One pass: whether the last character that is no mark is a letter.
    let mut on_letter = false;
    for &c in &chars {
        if crate::unicode::char_info(c).is_mark() {
            if !on_letter {
                return false;
            }
        } else {
            on_letter = letter(c);
        }
    }
    let in_word = chars.iter().enumerate().any(|(i, &c)| {
        !c.is_ascii()
            && letter(c)
            && ((i > 0 && letter(chars[i - 1])) || chars.get(i + 1).is_some_and(|&n| letter(n)))
    });
    let mut first = None;
    in_word
        && chars
            .iter()
            .filter(|c| !c.is_ascii())
            .map(|&c| crate::unicode::char_info(c))
            .filter(|i| i.is_letter() && i.has_real_script())
            .all(|i| *first.get_or_insert(i.cluster()) == i.cluster())
}

/// Whether `stretch` is a UTF-8 word with damage: valid multi-byte characters and invalid bytes
/// both (a sequence cut short after letters of its word).
pub(super) fn damaged_word(stretch: &[u8]) -> bool {
    let (mut valid, mut invalid) = (false, false);
    for chunk in stretch.utf8_chunks() {
        valid |= !chunk.valid().is_ascii();
        invalid |= !chunk.invalid().is_empty();
    }
    valid && invalid
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A word with valid multi-byte letters and invalid bytes is damaged; one with either alone
    /// is not.
    /// Thai UTF-8 with two letters cut short is UTF-8 with damage; a legacy draft whose span
    /// reaches into the UTF-8 beside it (Creole `\xED` then Hebrew), or legacy text with a
    /// valid pair by chance, is not.
    #[test]
    fn cut_utf8_is_damage_inside_valid_text() {
        let thai = "\u{0e2d}\u{0e34}\u{0e2a}".as_bytes();
        let mut cut = thai.to_vec();
        cut.extend_from_slice(b"\xE0\xB8");
        cut.extend_from_slice(" \u{0e17}\u{0e31}\u{0e49}".as_bytes());
        cut.extend_from_slice(b"\xE0\xB8");
        cut.extend_from_slice("\u{0e19}\u{0e35}".as_bytes());
        assert!(cut_utf8(&cut));
        let mut reach = b"Sak dimoun annan drwa, s\xED konsyans.\n".to_vec();
        reach.extend_from_slice("\u{05e1}\u{05e2}\u{05d9}\u{05e3}".as_bytes());
        assert!(!cut_utf8(&reach));
        assert!(!cut_utf8(b"caf\xE9 cr\xE8me \xC3\xA9t\xE9"));
        assert!(!cut_utf8(thai));
    }

    #[test]
    fn damaged_word_needs_valid_letters_and_invalid_bytes() {
        assert!(damaged_word(b"\xd7\x95\xd7\x9c\xd7"));
        assert!(damaged_word(b"\xd0\xb4\xd0\xd0\xbb"));
        assert!(!damaged_word(b"lanl\xfc"));
        assert!(!damaged_word("сZiyou".as_bytes()));
        assert!(!damaged_word(b"plain"));
    }

    /// A stretch where UTF-8 meets legacy bytes is cut at the byte where validity ends (or
    /// begins); a legacy stretch, or a valid one, stays whole.
    #[test]
    fn a_stretch_is_cut_where_its_utf8_ends_or_begins() {
        // `Воля` in UTF-8, then windows-1251 `Воля` with no space between.
        let mut b = "Воля".as_bytes().to_vec();
        b.extend_from_slice(b"\xc2\xee\xeb\xff");
        assert_eq!(
            split_at_validity(&b, 0, b.len()),
            vec![(0, 8, true), (8, 12, false)]
        );
        // The other way round.
        let mut c = b"caf\xe9".to_vec();
        c.extend_from_slice("中文".as_bytes());
        assert_eq!(
            split_at_validity(&c, 0, c.len()),
            vec![(0, 4, false), (4, 10, true)]
        );
        assert_eq!(split_at_validity(b"caf\xe9s", 0, 5), vec![(0, 5, false)]);
        assert_eq!(
            split_at_validity("café".as_bytes(), 0, 5),
            vec![(0, 5, true)]
        );
    }

    /// Thai windows-874 `ข้อจำกัด` ends in three valid UTF-8 sequences by chance (`\u{368}ӡѴ`,
    /// a combining mark on nothing, then two Cyrillic letters): no UTF-8 text, no turn. A mark
    /// on a letter is text.
    #[test]
    fn a_combining_mark_on_nothing_is_no_utf8_text() {
        let thai = b"\xb7\xd8\xa1\xa4\xb9\xb5\xa1\xcd\xc2\xd9\xe8\xe3\xb9\xba\xd1\xa7\xa4\xd1\xba\xa2\xcd\xa7\xa2\xe9\xcd\xa8\xd3\xa1\xd1\xb4 \xe0\xbe\xd5\xc2\xa7\xe0\xb7\xe8\xd2\xb7\xd5\xe8\xe4\xb4\xe9\xa1\xd3\xcb\xb9\xb4";
        assert_eq!(utf8_turns(thai), Vec::<(usize, usize)>::new());
        assert!(!one_script("\u{368}ӡѴ".as_bytes()));
        assert!(one_script("жӡѴ".as_bytes()));
        assert!(one_script("ва\u{301}жно".as_bytes()));
    }

    /// A UTF-8 line with one accented word a list holds, after a pasted windows-1252 line, is
    /// UTF-8 text: a turn on either side of the pasted line. Valid sequences that make no
    /// listed word (windows-1251 `Сі`, read as `ѳ`) are not.
    #[test]
    fn one_listed_utf8_word_after_legacy_bytes_is_utf8_text() {
        let mut b = "Die Würde, das Völkerrecht und die Schönheit.\n"
            .as_bytes()
            .to_vec();
        let pasted = b.len();
        b.extend_from_slice(b"Le caf\xe9 de la gare \xe9tait ferm\xe9 ce matin.\n");
        let after = b.len();
        b.extend_from_slice("Jeder hat das Recht auf seine Persönlichkeit.\n".as_bytes());
        let turns = utf8_turns(&b);
        assert_eq!(turns.len(), 2, "{turns:?}");
        assert!(
            turns[0].0 <= pasted + 3 && pasted <= turns[0].1 + 3,
            "{turns:?}"
        );
        assert!(turns[1].0 <= after && after <= turns[1].1, "{turns:?}");
        assert!(listed_words("Persönlichkeit.".as_bytes()));
        assert!(!listed_words("\u{473}ідні".as_bytes()));
        assert!(!listed_words(b"plain ASCII"));
        assert!(!listed_words(" з ".as_bytes()), "one letter names no word");
        assert!(listed_words("Ingen må tvingas att tillhöra".as_bytes()));
        // EUC-KR `Eclipse를 vi처럼`: `vi` and the first two bytes of `처럼` make UTF-8 `vió`,
        // a listed word, glued to invalid bytes: no turn.
        let euc_kr = b"\xc0\xcc\xb8\xe9 Eclipse\xb8\xa6 vi\xc3\xb3\xb7\xb3 \xbe\xb5 \xbc\xf6";
        assert_eq!(utf8_turns(euc_kr), Vec::<(usize, usize)>::new());
    }
}
