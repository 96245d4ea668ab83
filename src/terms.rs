//! The seed's tokenizer: lower-case, and keep runs of letters and digits (everything else is a
//! boundary). It is deliberately naive, because it is what shows the damage: `rÃ©sumÃ©` gives
//! `rã` and `sumã`, `r�sum�` gives `r` and `sum`, and a combining accent splits a word.
//!
//! `Letters` keeps runs of letters only, the variant the seed uses for the Reuters `lt` figures.

use crate::unicode::{ALPHA, BmpMemo};
use serde::{Deserialize, Serialize};

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

static ALNUM: BmpMemo = BmpMemo::new();
/// Characters that are their own lower case (`char::to_lowercase` walks a table per call).
static LOWER_SAME: BmpMemo = BmpMemo::new();

/// True when `c` lower-cases to itself alone.
fn lower_is_same(c: char) -> bool {
    c.to_lowercase().eq([c])
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

/// Calls `f(start, end, term)` for each token of `text`, without allocating per token. A
/// token of lower-case ASCII (most of them) is passed as a slice of `text`; other tokens are
/// lower-cased into `buf`. Same tokens as [`tokenize`].
///
/// Text is read 64 bytes at a time: while a block is ASCII, its letters, digits and capitals
/// become three bit masks (eight bytes per step, SWAR), and tokens are found by counting
/// trailing zeros, so a token costs a few bit operations rather than a branch per byte and a
/// mispredicted loop exit. A block holding any non-ASCII byte goes through the
/// character-by-character path.
pub fn for_each_token(
    text: &str,
    rule: TokenRule,
    buf: &mut String,
    mut f: impl FnMut(usize, usize, &str),
) {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let digits = rule == TokenRule::Alnum;
    // A token begun in an earlier block: its start, and whether it has a capital so far.
    let mut carry: Option<(usize, bool)> = None;
    let mut i = 0;
    while i < n {
        let end = (i + 64).min(n);
        let block = if end - i == 64 {
            Block::of(bytes[i..end].try_into().expect("64 bytes"), digits)
        } else {
            let mut pad = [0u8; 64];
            pad[..end - i].copy_from_slice(&bytes[i..end]);
            Block::of(&pad, digits)
        };
        if block.non_ascii {
            let from = carry.take().map_or(i, |c| c.0);
            i = scalar_tokens(text, rule, from, end, buf, &mut f);
            continue;
        }
        let sep = !block.keep
            & if end - i == 64 {
                !0
            } else {
                (1 << (end - i)) - 1
            };
        let mut keep = block.keep;
        if let Some((start, upper)) = carry.take() {
            if sep == 0 {
                carry = Some((start, upper || block.upper != 0));
                i = end;
                continue;
            }
            let below = (1u64 << sep.trailing_zeros()) - 1;
            let e = i + sep.trailing_zeros() as usize;
            emit(
                text,
                (start, e),
                true,
                upper || block.upper & below != 0,
                buf,
                &mut f,
            );
            keep &= !below;
        }
        while keep != 0 {
            let s = keep.trailing_zeros();
            let from_s = !0u64 << s;
            let rest = sep & from_s;
            if rest == 0 {
                carry = Some((i + s as usize, block.upper & from_s != 0));
                break;
            }
            let e = rest.trailing_zeros();
            let token = from_s & ((1u64 << e) - 1);
            let span = (i + s as usize, i + e as usize);
            emit(text, span, true, block.upper & token != 0, buf, &mut f);
            keep &= !0u64 << e;
        }
        i = end;
    }
    if let Some((start, upper)) = carry {
        emit(text, (start, n), true, upper, buf, &mut f);
    }
}

/// Sixty-four bytes of text as bit masks (bit `j` is byte `j`).
struct Block {
    /// Bytes that belong in a token (ASCII letters, and digits when asked).
    keep: u64,
    /// ASCII capitals.
    upper: u64,
    /// Some byte is not ASCII (the masks are then meaningless).
    non_ascii: bool,
}

impl Block {
    /// Classifies eight bytes per step: for ASCII bytes, adding `0x80 - lo` sets a byte's high
    /// bit exactly when it is at least `lo`, without carrying into its neighbour.
    #[inline]
    fn of(b: &[u8; 64], digits: bool) -> Block {
        const L: u64 = 0x0101_0101_0101_0101;
        const H: u64 = 0x8080_8080_8080_8080;
        let at_least = |x: u64, lo: u8| x.wrapping_add((0x80 - lo as u64) * L);
        let within = |x: u64, lo: u8, hi: u8| at_least(x, lo) & !at_least(x, hi + 1);
        // The high bits of the eight bytes, as eight bits.
        let gather = |x: u64| ((x >> 7) & L).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        let (mut keep, mut upper, mut any) = (0u64, 0u64, 0u64);
        for (w, chunk) in b.chunks_exact(8).enumerate() {
            let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            any |= x;
            let mut k = within(x | (0x20 * L), b'a', b'z');
            if digits {
                k |= within(x, b'0', b'9');
            }
            keep |= gather(k & H) << (8 * w);
            upper |= gather(within(x, b'A', b'Z') & H) << (8 * w);
        }
        Block {
            keep,
            upper,
            non_ascii: any & H != 0,
        }
    }
}

/// Passes the token `text[start..end]` to `f`: as it stands when it is lower-case ASCII
/// (`ascii`, and no capital), else lower-cased into `buf`.
#[inline(always)]
fn emit(
    text: &str,
    (start, end): (usize, usize),
    ascii: bool,
    has_upper: bool,
    buf: &mut String,
    f: &mut impl FnMut(usize, usize, &str),
) {
    let word = if ascii {
        // Both ends are ASCII bytes, hence character boundaries.
        text.get(start..end).unwrap_or_default()
    } else {
        &text[start..end]
    };
    if ascii && !has_upper {
        f(start, end, word);
    } else if ascii {
        // A capitalised ASCII word (a sentence's first, a headline's): lowered here, inline.
        buf.clear();
        buf.push_str(word);
        buf.make_ascii_lowercase();
        f(start, end, buf);
    } else {
        lower_into(buf, word);
        f(start, end, buf);
    }
}

/// A word with non-ASCII characters lower-cased into `buf`: character by character, or
/// through `str::to_lowercase` when it holds a capital sigma, whose lower case depends on its
/// place in the word.
#[inline(never)]
fn lower_into(buf: &mut String, word: &str) {
    buf.clear();
    if word.contains('Σ') {
        buf.push_str(&word.to_lowercase());
    } else {
        for c in word.chars() {
            if c.is_ascii() {
                buf.push(c.to_ascii_lowercase());
            } else if LOWER_SAME.get(c, lower_is_same) {
                buf.push(c);
            } else {
                buf.extend(c.to_lowercase());
            }
        }
    }
}

/// The tokens from byte `from` (a character boundary outside any token, or a token's start),
/// character by character, until the first separator at or after `until`; returns where it
/// stopped (a character boundary outside any token).
fn scalar_tokens(
    text: &str,
    rule: TokenRule,
    from: usize,
    until: usize,
    buf: &mut String,
    f: &mut impl FnMut(usize, usize, &str),
) -> usize {
    let class = match rule {
        TokenRule::Alnum => &ASCII_ALNUM,
        TokenRule::Letters => &ASCII_ALPHA,
    };
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut i = from;
    while i < n {
        // Skip separators (their length in bytes).
        let separator = match class[bytes[i] as usize] {
            SEP => Some(1),
            NON_ASCII => {
                let c = text[i..].chars().next().unwrap_or(' ');
                (!rule.keeps_memo(c)).then(|| c.len_utf8())
            }
            _ => None,
        };
        if let Some(len) = separator {
            if i >= until {
                return i;
            }
            i += len;
            continue;
        }
        let start = i;
        let mut upper = false;
        let mut ascii = true;
        while i < n {
            let k = class[bytes[i] as usize];
            if k & KEEP != 0 {
                upper |= k == UPPER;
                i += 1;
            } else if k == NON_ASCII {
                let c = text[i..].chars().next().unwrap_or(' ');
                if !rule.keeps_memo(c) {
                    break;
                }
                ascii = false;
                i += c.len_utf8();
            } else {
                break;
            }
        }
        emit(text, (start, i), ascii, upper, buf, f);
    }
    i
}

/// Byte classes of the tokenizer's ASCII fast path: a separator, a kept lower-case letter or
/// digit, a kept capital, or the first or later byte of a non-ASCII character (decoded and
/// looked up in the memo).
const SEP: u8 = 0;
const KEEP: u8 = 1;
const UPPER: u8 = KEEP | 2;
const NON_ASCII: u8 = 4;

/// The byte classes: ASCII letters, and digits when `digits`, belong in a token.
const fn ascii_classes(digits: bool) -> [u8; 256] {
    let mut t = [SEP; 256];
    let mut b = 0;
    while b < 256 {
        let x = b as u8;
        let keep = x.is_ascii_alphabetic() || digits && x.is_ascii_digit();
        t[b] = if x >= 0x80 {
            NON_ASCII
        } else if x.is_ascii_uppercase() {
            UPPER
        } else if keep {
            KEEP
        } else {
            SEP
        };
        b += 1;
    }
    t
}

static ASCII_ALNUM: [u8; 256] = ascii_classes(true);
static ASCII_ALPHA: [u8; 256] = ascii_classes(false);

/// [`for_each_token`]'s tokens collected as [`Token`]s, to compare it with [`tokenize`] (tests
/// and fuzzing; the audit itself allocates nothing per token).
pub fn fast_tokens(text: &str, rule: TokenRule) -> Vec<Token> {
    let mut out = Vec::new();
    let mut buf = String::new();
    for_each_token(text, rule, &mut buf, |start, end, term| {
        out.push(Token {
            term: term.to_string(),
            start,
            end,
        })
    });
    out
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
                    assert_eq!(
                        crate::unicode::is_alphabetic(c),
                        c.is_alphabetic(),
                        "U+{cp:04X}"
                    );
                    assert_eq!(
                        LOWER_SAME.get(c, lower_is_same),
                        c.to_lowercase().eq([c]),
                        "U+{cp:04X}"
                    );
                }
            }
        }
    }

    /// The fast tokenizer gives the reference tokenizer's tokens on `t`.
    fn assert_agrees(t: &str, rule: TokenRule) {
        let want: Vec<Token> = tokenize(t, rule).collect();
        assert_eq!(fast_tokens(t, rule), want, "{t:?} {rule:?}");
    }

    /// Tokens that start, end or hold their only capital in any block of the fast path,
    /// including a token spanning three blocks, at every alignment.
    #[test]
    fn the_fast_tokenizer_agrees_at_every_alignment() {
        let long = format!("{}Q{}", "a".repeat(100), "b".repeat(40));
        for pad in 0..70 {
            for tail in ["", " x", " é", "é", "Z9"] {
                let t = format!("{}{long}{tail} tail{}", " ".repeat(pad), "y".repeat(pad));
                for rule in [TokenRule::Alnum, TokenRule::Letters] {
                    assert_agrees(&t, rule);
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
                assert_agrees(t, rule);
            }
        }
    }
}
