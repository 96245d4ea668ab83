//! Character n-grams as Cavnar and Trenkle define them (1994, §3.1), exactly as the seed works
//! them through: the text is split into tokens of letters and apostrophes (lower-cased); each
//! token is padded with one blank in front and blanks behind (`_`); n-grams of one to five
//! characters are taken — the letters themselves for n = 1, and every window of the padded
//! token `_token` + `_`×(n−1) for n ≥ 2. For `text`: bigrams `_t te ex xt t_`, 5-grams
//! `_text text_ ext__ xt___ t____`.

/// The padding character.
pub const PAD: char = '_';

/// Longest n-gram.
pub const MAX_N: usize = 5;

/// Is `c` part of a token (a letter or an apostrophe)?
pub fn is_token_char(c: char) -> bool {
    crate::unicode::is_alphabetic(c) || c == '\'' || c == '\u{2019}'
}

/// The tokens of `text`: lower-cased runs of letters and apostrophes, with their byte offsets.
pub fn tokens(text: &str) -> impl Iterator<Item = (usize, String)> + '_ {
    let mut it = text.char_indices().peekable();
    std::iter::from_fn(move || {
        while let Some(&(_, c)) = it.peek() {
            if is_token_char(c) {
                break;
            }
            it.next();
        }
        let (start, _) = *it.peek()?;
        // Most words fit: one allocation instead of two or three as the word grows.
        let mut tok = String::with_capacity(16);
        while let Some(&(_, c)) = it.peek() {
            if !is_token_char(c) {
                break;
            }
            // The typographic apostrophe counts as the ASCII one.
            if c.is_ascii() {
                tok.push(c.to_ascii_lowercase());
            } else if c == '\u{2019}' {
                tok.push('\'');
            } else {
                tok.extend(c.to_lowercase());
            }
            it.next();
        }
        Some((start, tok))
    })
}

/// Calls `f` with every n-gram (1 ≤ n ≤ `max_n`) of one token, in the seed's order: the
/// letters, then bigrams, trigrams, …
///
/// Each n-gram is a slice of one padded copy of the token (building each in a buffer of its own
/// was half the cost of identifying a short text).
pub fn for_each_gram(token: &str, max_n: usize, mut f: impl FnMut(&str)) {
    let behind = max_n.saturating_sub(1);
    let (padded, at) = padded(token, max_n);
    // Characters of the token: `at` has one offset per padded character, and the end.
    let chars = at.len() - 2 - behind;
    for i in 1..=chars {
        f(&padded[at[i]..at[i + 1]]);
    }
    for n in 2..=max_n {
        // Windows of `_token` + (n−1) blanks: len(token) + 1 of them.
        for i in 0..=chars {
            f(&padded[at[i]..at[i + n]]);
        }
    }
}

/// `token` padded for n-grams of up to `max_n` characters — one blank in front, `max_n − 1`
/// behind (n-grams of length n only reach n − 1 of them) — and the byte offset of each of its
/// characters, then of its end.
pub fn padded(token: &str, max_n: usize) -> (String, Vec<usize>) {
    let behind = max_n.saturating_sub(1);
    let mut padded = String::with_capacity(token.len() + 1 + behind);
    padded.push(PAD);
    padded.push_str(token);
    for _ in 0..behind {
        padded.push(PAD);
    }
    let mut at: Vec<usize> = padded.char_indices().map(|(i, _)| i).collect();
    at.push(padded.len());
    (padded, at)
}

/// Every n-gram of `text` (tokens as above), as owned strings.
pub fn grams(text: &str, max_n: usize) -> Vec<String> {
    let mut out = Vec::new();
    for (_, t) in tokens(text) {
        for_each_gram(&t, max_n, |g| out.push(g.to_string()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_example() {
        let mut by_n: Vec<Vec<String>> = vec![Vec::new(); 6];
        for_each_gram("text", 5, |g| by_n[g.chars().count()].push(g.to_string()));
        assert_eq!(by_n[1], ["t", "e", "x", "t"]);
        assert_eq!(by_n[2], ["_t", "te", "ex", "xt", "t_"]);
        assert_eq!(by_n[3], ["_te", "tex", "ext", "xt_", "t__"]);
        assert_eq!(by_n[4], ["_tex", "text", "ext_", "xt__", "t___"]);
        assert_eq!(by_n[5], ["_text", "text_", "ext__", "xt___", "t____"]);
    }

    /// The slices are the n-grams the definition gives, for tokens of several-byte
    /// characters and every n up to five.
    #[test]
    fn grams_match_the_definition() {
        for token in ["text", "été's", "ж", "", "ﬁ日本語x"] {
            for max_n in 0..=5usize {
                let chars: Vec<char> = token.chars().collect();
                let mut want: Vec<String> = chars.iter().map(|c| c.to_string()).collect();
                let mut padded = vec![PAD];
                padded.extend(&chars);
                padded.extend(std::iter::repeat_n(PAD, max_n.saturating_sub(1)));
                for n in 2..=max_n {
                    for i in 0..=chars.len() {
                        want.push(padded[i..i + n].iter().collect());
                    }
                }
                let mut got = Vec::new();
                for_each_gram(token, max_n, |g| got.push(g.to_string()));
                assert_eq!(got, want, "{token:?} {max_n}");
            }
        }
    }

    #[test]
    fn tokens_are_letters_and_apostrophes() {
        let t: Vec<(usize, String)> = tokens("Don't stop, 42 times — it’s ÉTÉ.").collect();
        let words: Vec<&str> = t.iter().map(|(_, w)| w.as_str()).collect();
        assert_eq!(words, ["don't", "stop", "times", "it's", "été"]);
        assert_eq!(t[2].0, 15);
    }
}
