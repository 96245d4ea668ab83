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
    c.is_alphabetic() || c == '\'' || c == '\u{2019}'
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
        let mut tok = String::new();
        while let Some(&(_, c)) = it.peek() {
            if !is_token_char(c) {
                break;
            }
            // The typographic apostrophe counts as the ASCII one.
            let c = if c == '\u{2019}' { '\'' } else { c };
            tok.extend(c.to_lowercase());
            it.next();
        }
        Some((start, tok))
    })
}

/// Calls `f` with every n-gram (1 ≤ n ≤ `max_n`) of one token, in the seed's order: the
/// letters, then bigrams, trigrams, …
pub fn for_each_gram(token: &str, max_n: usize, mut f: impl FnMut(&str)) {
    let chars: Vec<char> = token.chars().collect();
    let mut buf = String::new();
    for &c in &chars {
        buf.clear();
        buf.push(c);
        f(&buf);
    }
    // The padded token: one blank in front, max_n − 1 behind (n-grams of length n only reach
    // n − 1 of them).
    let mut padded = Vec::with_capacity(chars.len() + max_n);
    padded.push(PAD);
    padded.extend_from_slice(&chars);
    padded.extend(std::iter::repeat_n(PAD, max_n.saturating_sub(1)));
    for n in 2..=max_n {
        // Windows of `_token` + (n−1) blanks: len(token) + 1 of them.
        for i in 0..=chars.len() {
            buf.clear();
            buf.extend(&padded[i..i + n]);
            f(&buf);
        }
    }
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

    #[test]
    fn tokens_are_letters_and_apostrophes() {
        let t: Vec<(usize, String)> = tokens("Don't stop, 42 times — it’s ÉTÉ.").collect();
        let words: Vec<&str> = t.iter().map(|(_, w)| w.as_str()).collect();
        assert_eq!(words, ["don't", "stop", "times", "it's", "été"]);
        assert_eq!(t[2].0, 15);
    }
}
