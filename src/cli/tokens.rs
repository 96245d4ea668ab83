//! `delineate tokens`: the seed's index terms, one per line.

use super::Failure;
use super::args::{TokenRuleArg, TokensArgs};
use super::decode::{choose_encoding, mode, stream};
use crate::terms::{TokenRule, tokenize};
use std::io::Write;

pub fn run(a: &TokensArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let input = super::open(&a.file, a.stdin.bytes()).map_err(Failure::Usage)?;
    let rule = match a.rule {
        TokenRuleArg::Alnum => TokenRule::Alnum,
        TokenRuleArg::Letters => TokenRule::Letters,
    };
    let (cs, skip, _) = choose_encoding(&input, a.encoding.as_deref())?;
    // A token may straddle two decoded pieces: hold back the text after the last separator.
    let mut pending = String::new();
    stream(&input, cs, mode(a.errors), skip, |piece| {
        pending.push_str(piece);
        let cut = pending
            .char_indices()
            .rev()
            .find(|&(_, c)| !rule.keeps(c))
            .map_or(0, |(i, c)| i + c.len_utf8());
        for t in tokenize(&pending[..cut], rule) {
            writeln!(out, "{}", t.term)?;
        }
        pending.drain(..cut);
        Ok(())
    })?;
    for t in tokenize(&pending, rule) {
        writeln!(out, "{}", t.term)?;
    }
    Ok(())
}
