//! Bidirectional embedding balance: an override, embedding or isolate still open at the end of
//! its paragraph reorders everything after it — the Trojan Source pattern (CVE-2021-42574).
//! The Unicode Bidirectional Algorithm (UAX #9, §3.3.2) closes embeddings with PDF and isolates
//! with PDI, and ends all of them at a paragraph separator; this checks that every opener in a
//! line is closed there, and that no closer has nothing to close.

use super::{AnomalyClass, Finding, Sink};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Embedding,
    Isolate,
}

fn name(c: char) -> &'static str {
    match c {
        '\u{202A}' => "LRE",
        '\u{202B}' => "RLE",
        '\u{202C}' => "PDF",
        '\u{202D}' => "LRO",
        '\u{202E}' => "RLO",
        '\u{2066}' => "LRI",
        '\u{2067}' => "RLI",
        '\u{2068}' => "FSI",
        '\u{2069}' => "PDI",
        _ => "?",
    }
}

/// Unbalanced embeddings, overrides and isolates in `text`.
pub fn scan(text: &str) -> Vec<Finding> {
    let mut out = Sink::unbounded();
    scan_into(text, &mut out);
    out.kept
}

/// [`scan`] into a [`Sink`].
pub fn scan_into(text: &str, out: &mut Sink) {
    // Every embedding, override and isolate control is E2 80 AA–AE or E2 81 A6–A9 in UTF-8:
    // find them with memchr instead of walking every character.
    let b = text.as_bytes();
    let controls: Vec<usize> = memchr::memchr_iter(0xE2, b)
        .filter(|&i| {
            matches!(
                (b.get(i + 1), b.get(i + 2)),
                (Some(0x80), Some(0xAA..=0xAE)) | (Some(0x81), Some(0xA6..=0xA9))
            )
        })
        .collect();
    if controls.is_empty() {
        return;
    }
    // A paragraph separator (UAX #9 class B) between two controls ends what is open.
    let breaks_between = |from: usize, to: usize| -> bool {
        let seg = &text[from..to];
        memchr::memchr3(b'\n', b'\r', 0x1C, seg.as_bytes()).is_some()
            || seg.contains(['\u{1D}', '\u{1E}', '\u{85}', '\u{2029}'])
    };
    let mut stack: Vec<(Kind, usize, char)> = Vec::new();
    let close_line = |stack: &mut Vec<(Kind, usize, char)>, out: &mut Sink| {
        for (_, at, c) in stack.drain(..) {
            if !out.keeps() {
                out.count(AnomalyClass::UnbalancedBidi, false);
                continue;
            }
            out.push(Finding::new(
                AnomalyClass::UnbalancedBidi,
                text,
                at,
                at + c.len_utf8(),
                format!(
                    "{} opened here is never closed before the end of the line: everything after it displays reordered (Trojan Source, CVE-2021-42574)",
                    name(c)
                ),
            ));
        }
    };
    let mut last = 0usize;
    for i in controls {
        if !stack.is_empty() && breaks_between(last, i) {
            close_line(&mut stack, out);
        }
        last = i;
        let c = text[i..].chars().next().expect("a control character");
        match c {
            '\u{202A}' | '\u{202B}' | '\u{202D}' | '\u{202E}' => {
                stack.push((Kind::Embedding, i, c))
            }
            '\u{2066}' | '\u{2067}' | '\u{2068}' => stack.push((Kind::Isolate, i, c)),
            '\u{202C}' => {
                if stack.last().is_some_and(|(k, _, _)| *k == Kind::Embedding) {
                    stack.pop();
                } else {
                    out.push(Finding::new(
                        AnomalyClass::UnbalancedBidi,
                        text,
                        i,
                        i + c.len_utf8(),
                        "PDF with no embedding or override open to close",
                    ));
                }
            }
            '\u{2069}' => match stack.iter().rposition(|(k, _, _)| *k == Kind::Isolate) {
                // A PDI closes its isolate and every embedding opened inside it.
                Some(p) => stack.truncate(p),
                None => out.push(Finding::new(
                    AnomalyClass::UnbalancedBidi,
                    text,
                    i,
                    i + c.len_utf8(),
                    "PDI with no isolate open to close",
                )),
            },
            _ => {}
        }
    }
    close_line(&mut stack, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str) -> usize {
        scan(text).len()
    }

    #[test]
    fn balance() {
        assert_eq!(count("plain"), 0);
        assert_eq!(count("a\u{202e}b\u{202c}c"), 0);
        assert_eq!(count("a\u{2067}b\u{2069}c"), 0);
        // Trojan Source: an RLO left open to the end of the line.
        let f = scan("access = \"user\u{202e} \u{2066}// admin\u{2069}\"\nnext");
        assert_eq!(f.len(), 1);
        assert!(
            f[0].reason.starts_with("RLO opened here"),
            "{}",
            f[0].reason
        );
        assert_eq!(count("a\u{202c}"), 1, "PDF with nothing open");
        assert_eq!(count("a\u{2069}"), 1, "PDI with nothing open");
        // A paragraph separator ends embeddings.
        assert_eq!(count("\u{202b}x\n\u{202c}"), 2);
        // PDI closes embeddings opened inside the isolate.
        assert_eq!(count("\u{2066}\u{202e}x\u{2069}"), 0);
    }
}
