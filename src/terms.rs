//! The seed's tokenizer: lower-case, and keep runs of letters and digits (everything else is a
//! boundary). It is deliberately naive, because it is what shows the damage: `rÃ©sumÃ©` gives
//! `rã` and `sumã`, `r�sum�` gives `r` and `sum`, and a combining accent splits a word.
//!
//! `Letters` keeps runs of letters only, the variant the seed uses for the Reuters `lt` figures.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};

/// Which characters make up a token.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TokenRule {
    /// Runs of letters and digits (`char::is_alphanumeric`), the seed's failure-table tokenizer.
    #[default]
    Alnum,
    /// Runs of letters only (`char::is_alphabetic`).
    Letters,
}

/// One token: the lower-cased term and where it stands in the text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Token {
    pub term: String,
    /// Byte offsets in the text.
    pub start: usize,
    pub end: usize,
}

impl TokenRule {
    /// True when `c` belongs inside a token.
    pub fn keeps(&self, c: char) -> bool {
        match self {
            TokenRule::Alnum => c.is_alphanumeric(),
            TokenRule::Letters => c.is_alphabetic(),
        }
    }

    /// [`TokenRule::keeps`] for a non-ASCII character, through a memo of the Basic
    /// Multilingual Plane: `char::is_alphanumeric` walks a compressed table on every call
    /// (13 % of an audit of large files), the memo is one bit read.
    fn keeps_memo(&self, c: char) -> bool {
        let memo = match self {
            TokenRule::Alnum => &ALNUM,
            TokenRule::Letters => &ALPHA,
        };
        memo.get(c, |c| self.keeps(c))
    }
}

/// One bit per code point of the Basic Multilingual Plane, filled in blocks of 64 on first
/// use (the whole plane would take 2–3 ms to fill, more than a small file's whole audit).
/// Filling is idempotent, so threads that race on a block write the same bits.
struct BmpMemo {
    bits: [AtomicU64; 1024],
    /// One bit per block of `bits`: filled.
    known: [AtomicU64; 16],
}

static ALNUM: BmpMemo = BmpMemo::new();
static ALPHA: BmpMemo = BmpMemo::new();

impl BmpMemo {
    const fn new() -> BmpMemo {
        BmpMemo {
            bits: [const { AtomicU64::new(0) }; 1024],
            known: [const { AtomicU64::new(0) }; 16],
        }
    }

    /// `property(c)`, remembered for the BMP.
    #[inline]
    fn get(&self, c: char, property: impl Fn(char) -> bool) -> bool {
        let cp = c as u32;
        if cp >= 0x10000 {
            return property(c);
        }
        let block = (cp / 64) as usize;
        let known = 1u64 << (block % 64);
        if self.known[block / 64].load(Ordering::Acquire) & known == 0 {
            let mut word = 0u64;
            for k in 0..64 {
                if char::from_u32(block as u32 * 64 + k).is_some_and(&property) {
                    word |= 1 << k;
                }
            }
            self.bits[block].store(word, Ordering::Relaxed);
            self.known[block / 64].fetch_or(known, Ordering::Release);
        }
        self.bits[block].load(Ordering::Relaxed) >> (cp % 64) & 1 != 0
    }
}

/// Splits `text` into lower-cased tokens.
pub fn tokenize(text: &str, rule: TokenRule) -> impl Iterator<Item = Token> + '_ {
    let mut chars = text.char_indices().peekable();
    std::iter::from_fn(move || {
        // Skip separators.
        let (start, _) = loop {
            let &(i, c) = chars.peek()?;
            if rule.keeps(c) {
                break (i, c);
            }
            chars.next();
        };
        let mut end = start;
        while let Some(&(i, c)) = chars.peek() {
            if !rule.keeps(c) {
                break;
            }
            end = i + c.len_utf8();
            chars.next();
        }
        Some(Token {
            term: text[start..end].to_lowercase(),
            start,
            end,
        })
    })
}

/// Calls `f(start, end, term)` for each token of `text`, without allocating per token: the
/// lower-cased term is written into `buf` (ASCII tokens in place; others character by
/// character, or through `str::to_lowercase` when they hold a capital sigma, whose lower case
/// depends on its place in the word). Same tokens as [`tokenize`].
pub fn for_each_token(
    text: &str,
    rule: TokenRule,
    buf: &mut String,
    mut f: impl FnMut(usize, usize, &str),
) {
    let bytes = text.as_bytes();
    let keeps_ascii = |b: u8| match rule {
        TokenRule::Alnum => b.is_ascii_alphanumeric(),
        TokenRule::Letters => b.is_ascii_alphabetic(),
    };
    let mut i = 0;
    while i < bytes.len() {
        // Skip separators.
        let b = bytes[i];
        if b < 0x80 {
            if !keeps_ascii(b) {
                i += 1;
                continue;
            }
        } else {
            let c = text[i..].chars().next().unwrap_or(' ');
            if !rule.keeps_memo(c) {
                i += c.len_utf8();
                continue;
            }
        }
        let start = i;
        let mut ascii = true;
        while i < bytes.len() {
            let b = bytes[i];
            if b < 0x80 {
                if !keeps_ascii(b) {
                    break;
                }
                i += 1;
            } else {
                let c = text[i..].chars().next().unwrap_or(' ');
                if !rule.keeps_memo(c) {
                    break;
                }
                ascii = false;
                i += c.len_utf8();
            }
        }
        buf.clear();
        let word = &text[start..i];
        if ascii {
            buf.push_str(word);
            buf.make_ascii_lowercase();
        } else if word.contains('Σ') {
            buf.push_str(&word.to_lowercase());
        } else {
            for c in word.chars() {
                if c.is_ascii() {
                    buf.push(c.to_ascii_lowercase());
                } else {
                    buf.extend(c.to_lowercase());
                }
            }
        }
        f(start, i, buf);
    }
}

/// The terms of `text`, without positions.
pub fn terms(text: &str, rule: TokenRule) -> Vec<String> {
    tokenize(text, rule).map(|t| t.term).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expect: &[&str]) {
        assert_eq!(terms(text, TokenRule::Alnum), expect, "{text:?}");
    }

    /// The seed's failure table, tokens column.
    #[test]
    fn seed_failure_table() {
        check("résumé", &["résumé"]);
        check("rÃ©sumÃ©", &["rã", "sumã"]);
        check("r\u{FFFD}sum\u{FFFD}", &["r", "sum"]);
        check("rsum", &["rsum"]);
    }

    #[test]
    fn boundaries_and_case() {
        check("Hello, World! 42x", &["hello", "world", "42x"]);
        check("re\u{301}sume\u{301}", &["re", "sume"]); // decomposed accents split words
        check("&lt;VIA&gt;", &["lt", "via", "gt"]);
        check("", &[]);
        check("   ", &[]);
        assert_eq!(terms("abc123 x9", TokenRule::Letters), ["abc", "x"]);
        let t: Vec<Token> = tokenize("a  bc", TokenRule::Alnum).collect();
        assert_eq!((t[1].start, t[1].end), (3, 5));
    }

    /// The memo answers as the standard library does, for every code point (filled in an
    /// order that crosses blocks back and forth).
    #[test]
    fn the_memo_agrees_with_char_properties() {
        for rule in [TokenRule::Alnum, TokenRule::Letters] {
            for cp in (0..0x11_0000u32).rev().chain(0..0x11_0000) {
                if let Some(c) = char::from_u32(cp) {
                    assert_eq!(rule.keeps_memo(c), rule.keeps(c), "{rule:?} U+{cp:04X}");
                }
            }
        }
    }

    #[test]
    fn the_fast_tokenizer_agrees() {
        let texts = [
            "Hello, World! 42x",
            "rÃ©sumÃ© r\u{FFFD}sum\u{FFFD} ΣΊΣΥΦΟΣ ΟΔΟΣ",
            "re\u{301}sume\u{301} &lt;VIA&gt; İstanbul ǅemal x9 Straße",
            "ΣΊΣΥΦΟΣ Σ ΑΣΑ ÀÉÎ Ⅻ ﬁne ﬀ ß ẞ 𝐀𝐁 ㈠ 二〇 ΣΣ",
            "",
            "  ...  ",
        ];
        for t in texts {
            for rule in [TokenRule::Alnum, TokenRule::Letters] {
                let mut got = Vec::new();
                let mut buf = String::new();
                for_each_token(t, rule, &mut buf, |a, b, term| {
                    got.push(Token {
                        term: term.to_string(),
                        start: a,
                        end: b,
                    })
                });
                let want: Vec<Token> = tokenize(t, rule).collect();
                assert_eq!(got, want, "{t:?} {rule:?}");
            }
        }
    }
}
