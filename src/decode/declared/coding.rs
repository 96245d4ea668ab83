//! Coding declarations in plain text and source code: the lines editors and interpreters
//! read for a file's encoding, which no text consumer follows but which say what its author
//! wrote it in.
//!
//! * Python (PEP 263): a comment in the first two lines matching
//!   `^[ \t\f]*#.*?coding[:=][ \t]*([-_.a-zA-Z0-9]+)` — which also takes the Vim modeline
//!   `# vim: set fileencoding=latin1 :`.
//! * Emacs file variables: `-*- coding: latin-1 -*-` in the first two lines (any comment
//!   syntax; Emacs' end-of-line variants `-unix`, `-dos`, `-mac` are dropped from the name).
//! * Vim: a modeline (`vim:` or `vi:` after white space or at the line's start) setting
//!   `fileencoding` or `fenc`, in the first or last five lines (Vim's default 'modelines'; the
//!   last only when the bytes read are the whole input);
//!   and the `scriptencoding` command of a Vim script.

use super::Declaration;
use crate::span::ByteSpan;

/// Lines at each end of a file that Vim reads for modelines (its default 'modelines').
const MODELINES: usize = 5;

/// The first coding declaration in `head` (the first bytes of a plain-text input, from
/// offset 0; `complete` when they are all of it, so that its last lines are the input's),
/// with the span of its line and what wrote it; `None` when there is none.
pub fn coding_declaration(head: &[u8], complete: bool) -> Option<Declaration> {
    let lines = lines(head);
    let first_two = lines.iter().take(2);
    first_two
        .clone()
        .find_map(|&(s, e)| pep_263(head, s, e))
        .or_else(|| first_two.clone().find_map(|&(s, e)| emacs(head, s, e)))
        .or_else(|| {
            let n = lines.len();
            lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i < MODELINES || (complete && *i + MODELINES >= n))
                .find_map(|(_, &(s, e))| vim_modeline(head, s, e))
        })
        .or_else(|| lines.iter().find_map(|&(s, e)| scriptencoding(head, s, e)))
}

/// The `[start, end)` spans of the lines of `head`, without their line ends.
fn lines(head: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for at in memchr::memchr_iter(b'\n', head) {
        out.push((start, at));
        start = at + 1;
    }
    if start < head.len() {
        out.push((start, head.len()));
    }
    out
}

/// The declaration a label starting at `at` in `head` makes: its name (letters, digits, `-`,
/// `_`, `.`), found on the line `[s, e)`.
fn label_at(head: &[u8], at: usize, s: usize, e: usize, construct: &str) -> Option<Declaration> {
    let end = head[at..e]
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')))
        .map_or(e, |p| at + p);
    if end == at {
        return None;
    }
    let label = std::str::from_utf8(&head[at..end]).ok()?;
    Some(Declaration {
        label: label.to_string(),
        span: ByteSpan::new(s as u64, e as u64),
        construct: construct.to_string(),
    })
}

/// The first `key` in `head[from..e]` followed by one of `seps`: where the key starts, and
/// where the name after it (and any spaces or tabs) starts.
fn after_key(
    head: &[u8],
    from: usize,
    e: usize,
    key: &[u8],
    seps: &[u8],
) -> Option<(usize, usize)> {
    let line = &head[from..e];
    memchr::memmem::find_iter(line, key).find_map(|k| {
        let mut at = from + k + key.len();
        if at >= e || !seps.contains(&head[at]) {
            return None;
        }
        at += 1;
        while at < e && matches!(head[at], b' ' | b'\t') {
            at += 1;
        }
        Some((from + k, at))
    })
}

/// PEP 263: a `#` comment (after spaces, tabs or form feeds) holding `coding:` or `coding=`.
fn pep_263(head: &[u8], s: usize, e: usize) -> Option<Declaration> {
    let hash = s + head[s..e]
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t' | 0x0C))?;
    if head[hash] != b'#' {
        return None;
    }
    let (_, at) = after_key(head, hash, e, b"coding", b":=")?;
    label_at(head, at, s, e, "the Python coding declaration (PEP 263)")
}

/// Emacs file variables: `-*- … coding: NAME … -*-`, the name without an end-of-line variant.
fn emacs(head: &[u8], s: usize, e: usize) -> Option<Declaration> {
    let open = s + memchr::memmem::find(&head[s..e], b"-*-")?;
    let close = open + 3 + memchr::memmem::find(&head[open + 3..e], b"-*-")?;
    let (_, at) = after_key(head, open + 3, close, b"coding", b":")?;
    let mut d = label_at(
        head,
        at,
        s,
        e,
        "the Emacs file-variables line (-*- coding: -*-)",
    )?;
    for eol in ["-unix", "-dos", "-mac"] {
        if let Some(base) = d.label.strip_suffix(eol) {
            d.label = base.to_string();
        }
    }
    Some(d)
}

/// A Vim modeline setting `fileencoding` or `fenc`: `vim:` or `vi:` at the line's start or
/// after white space, then the option anywhere after it.
fn vim_modeline(head: &[u8], s: usize, e: usize) -> Option<Declaration> {
    let line = &head[s..e];
    let marker = [&b"vim:"[..], b"vi:"].iter().find_map(|m| {
        memchr::memmem::find_iter(line, m)
            .find(|&k| k == 0 || matches!(line[k - 1], b' ' | b'\t'))
            .map(|k| s + k + m.len())
    })?;
    [&b"fileencoding"[..], b"fenc"].iter().find_map(|key| {
        let (k, at) = after_key(head, marker, e, key, b"=")?;
        // The option's whole name, not the tail of another word.
        let boundary = k == marker || !head[k - 1].is_ascii_alphanumeric();
        boundary
            .then(|| label_at(head, at, s, e, "the Vim modeline (fileencoding)"))
            .flatten()
    })
}

/// The `scriptencoding` command of a Vim script, at the start of its line.
fn scriptencoding(head: &[u8], s: usize, e: usize) -> Option<Declaration> {
    let line = &head[s..e];
    let from = line.iter().position(|b| !matches!(b, b' ' | b'\t'))?;
    let rest = line[from..].strip_prefix(b"scriptencoding")?;
    let spaces = rest
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    if spaces == 0 {
        return None;
    }
    let at = s + from + b"scriptencoding".len() + spaces;
    label_at(head, at, s, e, "the Vim scriptencoding command")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(text: &str) -> Option<String> {
        coding_declaration(text.as_bytes(), true).map(|d| d.label)
    }

    #[test]
    fn python_emacs_and_vim_declarations_are_found() {
        assert_eq!(
            label("#!/usr/bin/python\n# -*- coding: latin-1 -*-\nx = 1\n").as_deref(),
            Some("latin-1")
        );
        assert_eq!(label("# coding=cp1251\n").as_deref(), Some("cp1251"));
        assert_eq!(
            label("# vim: set fileencoding=iso-8859-15 :\n").as_deref(),
            Some("iso-8859-15")
        );
        assert_eq!(
            label(";; -*- mode: lisp; coding: iso-latin-2-unix -*-\n").as_deref(),
            Some("iso-latin-2")
        );
        assert_eq!(
            label("/* -*- coding: euc-jp -*- */\nint x;\n").as_deref(),
            Some("euc-jp")
        );
        let tail = format!("{}// vim: set ts=4 fenc=koi8-r :\n", "line\n".repeat(40));
        assert_eq!(label(&tail).as_deref(), Some("koi8-r"));
        // The head of a longer input: its last lines are not the input's.
        assert_eq!(coding_declaration(tail.as_bytes(), false), None);
        assert_eq!(
            label("\" keymap\n\nscriptencoding cp1251\n\nloadkeymap\n").as_deref(),
            Some("cp1251")
        );
    }

    /// Outside the lines each editor reads, not in a comment, or with no name: none.
    #[test]
    fn only_where_the_reader_looks() {
        // PEP 263 and Emacs: the first two lines only.
        assert_eq!(label("a\nb\n# -*- coding: latin-1 -*-\n"), None);
        // Not a comment, and no `-*-`.
        assert_eq!(label("encoding: latin-1\n"), None);
        assert_eq!(label("x = 'coding: latin-1'\n"), None);
        // A modeline in the middle of a long file.
        let middle = format!(
            "{}# vim: fenc=latin1\n{}",
            "line\n".repeat(20),
            "line\n".repeat(20)
        );
        assert_eq!(label(&middle), None);
        // `vim:` glued to a word, and an empty name.
        assert_eq!(label("xvim: fenc=latin1\n"), None);
        assert_eq!(label("# coding: \n"), None);
        assert_eq!(label("let scriptencoding = 1\n"), None);
    }

    /// The span is the declaring line.
    #[test]
    fn span_is_the_line() {
        let text = "#!/bin/sh\n# coding: utf-8\n";
        let d = coding_declaration(text.as_bytes(), true).unwrap();
        assert_eq!((d.span.start, d.span.end), (10, 25));
    }
}
