//! Typographic punctuation typed in a Windows code page into UTF-8 text ([`typed_punctuation`]).

use super::{LISTED, Typed};
use crate::decode::validity::{char_ending_at, char_starting_at};

/// Typographic punctuation in a Windows code page (the same bytes in all of them; windows-1252
/// names it): 85 `…`, 91–94 the curly quotes, 96–97 the dashes. A lone byte among them, in
/// UTF-8 text, is one of these marks where it stands as the mark stands (and so are the
/// ordinal indicators AA `ª`, BA `º` after a number).
pub(super) const PUNCTUATION: [u8; 7] = [0x85, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97];

/// The lone punctuation bytes of UTF-8 `region` (at offsets `marks`) that stand where their
/// windows-1252 mark stands: `’` between two letters, the second an ASCII one (`don\x92t`; a
/// stray byte before a valid letter, `pr\x92àctica` in Catalan, is no apostrophe, though the
/// text writes `l’escola`); `“…”` (or `‘…’`) as a pair on one line,
/// opening before a word and closing after one; `–` or `—` between spaces, `–` between
/// digits; `…` after a word or a full stop, before white space or the end; `º` or `ª` after a
/// number (`Artigo 18.\xBA`), before no letter. Such a byte is
/// never what a cut leaves (a lead byte, C2–F4) and is rarely stray there. Each is a
/// segment of its own, in windows-1252.
pub(super) fn typed_punctuation(region: &[u8], marks: &[usize]) -> Vec<Typed> {
    if marks.is_empty() {
        return Vec::new();
    }
    let letter = |c: Option<char>| c.is_some_and(crate::unicode::is_alphabetic);
    let space = |c: Option<char>| c.is_none_or(char::is_whitespace);
    let mut out: Vec<Typed> = Vec::new();
    let mut used = vec![false; marks.len()];
    for (i, &p) in marks.iter().enumerate() {
        if used[i] {
            continue;
        }
        let (prev, next) = (char_ending_at(region, p), char_starting_at(region, p + 1));
        let what = match region[p] {
            0x92 if letter(prev) && next.is_some_and(|c| c.is_ascii_alphabetic()) => {
                "an apostrophe between letters"
            }
            0x96 | 0x97 if prev == Some(' ') && next == Some(' ') => "a dash between spaces",
            0x96 if prev.is_some_and(|c| c.is_ascii_digit())
                && next.is_some_and(|c| c.is_ascii_digit()) =>
            {
                "a dash between digits"
            }
            0x85 if (letter(prev) || prev == Some('.')) && space(next) => {
                "an ellipsis after a word"
            }
            0xAA | 0xBA if after_number(region, p) && !letter(next) => {
                "an ordinal indicator after a number"
            }
            open @ (0x91 | 0x93)
                if (space(prev) || prev == Some('('))
                    && next.is_some_and(char::is_alphanumeric) =>
            {
                let close = open + 1;
                // Its closing mark, later on the same line, after a word and before a space,
                // a mark or the end.
                let Some(j) = (i + 1..marks.len()).find(|&j| {
                    let q = marks[j];
                    !used[j]
                        && region[q] == close
                        && !region[p..q].contains(&b'\n')
                        && char_ending_at(region, q).is_some_and(|c| !c.is_whitespace())
                        && char_starting_at(region, q + 1)
                            .is_none_or(|c| c.is_whitespace() || c.is_ascii_punctuation())
                }) else {
                    continue;
                };
                used[j] = true;
                out.push(mark(region, &[p, marks[j]], "quotes around words"));
                continue;
            }
            _ => continue,
        };
        out.push(mark(region, &[p], what));
    }
    out
}

/// Whether the byte at `at` follows a number, or a number and a full stop (`18.º`, `1ª`).
fn after_number(region: &[u8], at: usize) -> bool {
    let before = &region[..at];
    let before = before.strip_suffix(b".").unwrap_or(before);
    before.last().is_some_and(u8::is_ascii_digit)
}

/// The segment of the punctuation bytes at `at` in `region`, standing as `what`.
fn mark(region: &[u8], at: &[usize], what: &str) -> Typed {
    let one = at.len() == 1;
    let bytes: Vec<String> = at.iter().map(|&p| format!("{:02X}", region[p])).collect();
    let marks: Vec<String> = at
        .iter()
        .map(|&p| {
            let one = [region[p]];
            format!(
                "`{}`",
                encoding_rs::WINDOWS_1252
                    .decode_without_bom_handling(&one)
                    .0
            )
        })
        .collect();
    Typed {
        spans: at.iter().map(|&p| (p, p + 1)).collect(),
        encoding: encoding_rs::WINDOWS_1252,
        confidence: LISTED,
        because: format!(
            "typographic punctuation typed in windows-1252 into UTF-8 text: {} {} {}, {what}; UTF-8 makes U+FFFD of {}",
            bytes.join(" "),
            if one { "reads" } else { "read" },
            marks.join(" "),
            if one { "it" } else { "them" },
        ),
        language: None,
    }
}
