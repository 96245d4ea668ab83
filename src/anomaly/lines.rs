//! Line structure: words split by a hyphen at a line end (`infor-` + `mation`), hard line
//! breaks in the middle of sentences, runs of spaces used as layout, and tabs standing in for
//! table columns; and the seed's cheap signal, the rate of lines ending in a hyphen.
//!
//! A split word is reported with its joined form. Some hyphens are real (`self-` + `esteem`);
//! those are marked as possible compounds but still joined, as the seed argues: a wrongly joined
//! compound is still a searchable word, a split word is nothing at all.

use super::{AnomalyClass, Counts, Detail, Finding, Sink};
use std::borrow::Cow;

/// Prefixes that often form genuine hyphenated compounds in English.
const COMPOUND_PREFIXES: &[&str] = &[
    "all", "anti", "co", "cross", "ex", "far", "full", "half", "high", "long", "low", "mid",
    "multi", "non", "off", "old", "one", "over", "post", "pre", "pro", "quasi", "self", "semi",
    "short", "two", "three", "under", "well", "wide", "world",
];
/// Second parts that often form genuine hyphenated compounds.
const COMPOUND_SUFFIXES: &[&str] = &[
    "based", "like", "free", "wide", "related", "level", "term", "scale", "known", "made",
    "oriented", "specific", "friendly", "driven", "style",
];

/// What the line scan found.
#[derive(Default)]
pub struct LineScan {
    pub findings: Sink,
    /// Layout findings (hard line breaks, runs of spaces, tabs) counted without being kept,
    /// when the caller asked for counts only.
    pub uncollected: Counts,
    /// Lines ending in a hyphen (or soft hyphen) after a letter / non-empty lines.
    pub hyphen_line_rate: f64,
    pub lines: u64,
}

fn is_hyphen(c: char) -> bool {
    matches!(c, '-' | '\u{AD}' | '\u{2010}')
}

/// Scans the lines of `text`.
pub fn scan(text: &str) -> LineScan {
    scan_with(text, Layout::Keep)
}

/// What a line scan does with layout: hard line breaks, runs of spaces, tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Findings, like every other class.
    Keep,
    /// Counts only (a corpus audit reports how many, not where: a hard-wrapped text has one
    /// per line).
    Count,
    /// Not looked for (the hyphenation repair needs only split words).
    Skip,
}

/// Scans the lines of `text`, treating layout as `layout` says.
pub fn scan_with(text: &str, layout_mode: Layout) -> LineScan {
    scan_capped(text, layout_mode, usize::MAX)
}

/// [`scan_with`], keeping at most `cap` findings (all are counted).
pub fn scan_capped(text: &str, layout_mode: Layout, cap: usize) -> LineScan {
    let full = layout_mode != Layout::Skip;
    let keep = layout_mode == Layout::Keep;
    let mut out = LineScan {
        findings: Sink::new(cap),
        ..Default::default()
    };
    let bytes = text.as_bytes();
    let mut nonempty = 0u64;
    let mut hyphenated = 0u64;
    let mut off = 0usize;
    // Where the next tab and the next run of three spaces are, searched once over the whole
    // text rather than once per line: most lines have neither.
    let finder = memchr::memmem::Finder::new(b"   ");
    let mut next_tab = 0usize;
    let mut next_spaces = 0usize;
    if full {
        next_tab = memchr::memchr(b'\t', bytes).unwrap_or(usize::MAX);
        next_spaces = finder.find(bytes).unwrap_or(usize::MAX);
    }
    // The end of the next line, when looking ahead already found it.
    let mut known_nl: Option<(usize, usize)> = None;
    let line_end = |from: usize, known: &mut Option<(usize, usize)>| match *known {
        Some((at, nl)) if at == from => nl,
        _ => {
            let nl = memchr::memchr(b'\n', &bytes[from..]).map_or(bytes.len(), |p| from + p);
            *known = Some((from, nl));
            nl
        }
    };
    while off < bytes.len() {
        let nl = line_end(off, &mut known_nl);
        let raw = &text[off..nl];
        let this_off = off;
        off = nl + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let content = line.trim_end_matches([' ', '\t']);
        if full && (next_tab < nl || next_spaces < nl) {
            if !content.is_empty() {
                layout(text, this_off, line, keep, &mut out);
            }
            if next_tab < nl {
                next_tab = memchr::memchr(b'\t', &bytes[nl..]).map_or(usize::MAX, |p| nl + p);
            }
            if next_spaces < nl {
                next_spaces = finder.find(&bytes[nl..]).map_or(usize::MAX, |p| nl + p);
            }
        }
        if content.is_empty() {
            continue;
        }
        nonempty += 1;
        let cb = content.as_bytes();
        let last_byte = cb[cb.len() - 1];
        let last = if last_byte < 0x80 {
            last_byte as char
        } else {
            content.chars().next_back().unwrap_or(' ')
        };
        let ends_hyphen = is_hyphen(last)
            && content[..content.len() - last.len_utf8()]
                .chars()
                .next_back()
                .is_some_and(crate::unicode::is_alphabetic);
        if ends_hyphen {
            hyphenated += 1;
        }
        let hard_break_candidate = full
            && !ends_hyphen
            && content.len() >= 20
            && !matches!(
                last,
                '.' | '!' | '?' | ':' | ';' | '…' | '"' | '”' | ')' | '»' | ']'
            );
        if !ends_hyphen && !hard_break_candidate {
            continue;
        }
        // The next line, if this one continues into it (its first character is lower case).
        if nl >= bytes.len() {
            continue;
        }
        let noff = nl + 1;
        let nend = line_end(noff, &mut known_nl);
        let next = &text[noff..nend];
        let next = next.strip_suffix('\r').unwrap_or(next);
        let lead = next.len() - next.trim_start_matches([' ', '\t']).len();
        let starts_lower = match next.as_bytes().get(lead) {
            Some(b) if b.is_ascii_lowercase() => true,
            Some(b) if *b < 0x80 => false,
            Some(_) => next[lead..]
                .chars()
                .next()
                .is_some_and(|c| c.is_lowercase()),
            None => false,
        };
        if !starts_lower {
            continue;
        }
        if ends_hyphen {
            let hy_at = this_off + content.len() - last.len_utf8();
            let frag1_len: usize = content[..content.len() - last.len_utf8()]
                .chars()
                .rev()
                .take_while(|c| crate::unicode::is_alphabetic(*c))
                .map(char::len_utf8)
                .sum();
            let frag1_start = hy_at - frag1_len;
            let frag2_len: usize = next[lead..]
                .chars()
                .take_while(|c| crate::unicode::is_alphabetic(*c))
                .map(char::len_utf8)
                .sum();
            let frag2 = &next[lead..lead + frag2_len];
            let frag2_end = noff + lead + frag2_len;
            let frag1 = &text[frag1_start..hy_at];
            let joined = format!("{frag1}{frag2}");
            let compound = last == '-'
                && (COMPOUND_PREFIXES.contains(&frag1.to_lowercase().as_str())
                    || COMPOUND_SUFFIXES.contains(&frag2));
            let mut f = Finding::new(
                AnomalyClass::LineEndHyphen,
                text,
                frag1_start,
                frag2_end,
                if compound {
                    format!(
                        "{frag1}{last} + {frag2} at a line end: joined as '{joined}', though '{frag1}-{frag2}' may be a genuine compound (a wrong join is still a searchable word; a split word is none)"
                    )
                } else {
                    format!(
                        "a word split at a line end: '{frag1}{}' + '{frag2}' are two non-words; joined it is '{joined}'",
                        if last == '\u{AD}' { "\u{AD}" } else { "-" }
                    )
                },
            );
            f.suggestion = Some(Cow::Owned(joined));
            f.detail = compound.then_some(Detail::PossibleCompound);
            out.findings.push(f);
        } else if !keep {
            out.uncollected.add(AnomalyClass::HardLineBreak, 1);
        } else {
            let mut f = Finding::new(
                AnomalyClass::HardLineBreak,
                text,
                nl - (raw.len() - line.len()),
                nl + 1,
                "a hard line break in the middle of a sentence (the next line goes on in lower case): layout, not structure",
            );
            f.suggestion = Some(Cow::Borrowed(" "));
            out.findings.push(f);
        }
    }
    out.lines = nonempty;
    out.hyphen_line_rate = if nonempty == 0 {
        0.0
    } else {
        hyphenated as f64 / nonempty as f64
    };
    out
}

/// Runs of three or more spaces, and tabs, after the line's first non-blank character: kept as
/// findings, or only counted.
fn layout(text: &str, off: usize, line: &str, keep: bool, out: &mut LineScan) {
    let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
    let body_end = line.trim_end_matches([' ', '\t']).len();
    if body_end <= indent {
        return;
    }
    let body = &line[indent..body_end];
    let b = body.as_bytes();
    let spaces = memchr::memmem::Finder::new(b"   ");
    let mut i = 0;
    // Jump from one tab or run of three spaces to the next; the single spaces between words
    // in between are never looked at one by one.
    while i < b.len() {
        let tab = memchr::memchr(b'\t', &b[i..]).map_or(usize::MAX, |p| i + p);
        let run = spaces.find(&b[i..]).map_or(usize::MAX, |p| i + p);
        let at_rel = tab.min(run);
        if at_rel == usize::MAX {
            break;
        }
        let byte = b[at_rel];
        let j = at_rel + b[at_rel..].iter().take_while(|&&c| c == byte).count();
        let at = off + indent + at_rel;
        let (class, reason) = if byte == b'\t' {
            (
                AnomalyClass::TabColumns,
                "a tab inside a line: a column separator, not a word boundary a reader sees",
            )
        } else {
            (
                AnomalyClass::LayoutSpaces,
                "a run of spaces inside a line: layout (columns, alignment), not text",
            )
        };
        i = j;
        if !keep {
            out.uncollected.add(class, 1);
            continue;
        }
        let mut f = Finding::new(class, text, at, at + (j - at_rel), reason);
        f.suggestion = Some(Cow::Borrowed(" "));
        out.findings.push(f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counting layout gives the counts that keeping it gives, keeps the other findings, and
    /// the document signals do not change.
    #[test]
    fn layout_counted_equals_layout_kept() {
        let text = "The committee said that the report would be\npublished next week.   Col A\tCol B\n\
            an infor-\nmation line that goes on and on and\nfinishes here.\n";
        let kept = scan_with(text, Layout::Keep);
        let counted = scan_with(text, Layout::Count);
        let mut want = Counts::default();
        let mut rest = Vec::new();
        for f in &kept.findings.kept {
            if matches!(
                f.class,
                AnomalyClass::HardLineBreak | AnomalyClass::LayoutSpaces | AnomalyClass::TabColumns
            ) {
                want.add_finding(f);
            } else {
                rest.push(f.class);
            }
        }
        assert_eq!(want.get(AnomalyClass::HardLineBreak), 3);
        assert_eq!(want.get(AnomalyClass::LayoutSpaces), 1);
        assert_eq!(want.get(AnomalyClass::TabColumns), 1);
        assert_eq!(counted.uncollected, want);
        let got: Vec<AnomalyClass> = counted.findings.kept.iter().map(|f| f.class).collect();
        assert_eq!(got, rest);
        assert_eq!(rest, [AnomalyClass::LineEndHyphen]);
        assert_eq!(
            (counted.lines, counted.hyphen_line_rate),
            (kept.lines, kept.hyphen_line_rate)
        );
    }

    fn classes(text: &str) -> Vec<(AnomalyClass, Option<String>)> {
        scan(text)
            .findings
            .kept
            .into_iter()
            .map(|f| (f.class, f.suggestion.map(|s| s.into_owned())))
            .collect()
    }

    #[test]
    fn split_words() {
        let s = scan("turns bytes into infor-\nmation that an index can use.\n");
        assert_eq!(s.findings.kept.len(), 1);
        let f = &s.findings.kept[0];
        assert_eq!(f.class, AnomalyClass::LineEndHyphen);
        assert_eq!(f.suggestion.as_deref(), Some("information"));
        assert_eq!(
            &"turns bytes into infor-\nmation that"[f.text_start..f.text_end],
            "infor-\nmation"
        );
        assert!((s.hyphen_line_rate - 0.5).abs() < 1e-9);
        // Soft hyphen at the end, CRLF, indentation on the next line.
        assert_eq!(
            classes("delinea\u{ad}\r\n   tion")[0].1.as_deref(),
            Some("delineation")
        );
        // A genuine compound is joined but marked.
        let c = scan("a self-\nesteem issue").findings.kept[0]
            .reason
            .clone();
        assert!(c.contains("genuine compound"), "{c}");
        // Upper case on the next line: not a split word.
        assert!(scan("the Anglo-\nSaxon").findings.kept.is_empty());
    }

    #[test]
    fn hard_breaks_and_layout() {
        let f = classes("This sentence goes on past the end of\nthe line and ends here.\nNew one.");
        assert_eq!(f, [(AnomalyClass::HardLineBreak, Some(" ".into()))]);
        assert!(classes("A complete sentence at last.\nnext").is_empty());
        assert_eq!(classes("name    value")[0].0, AnomalyClass::LayoutSpaces);
        assert_eq!(classes("    indented only"), []);
        assert_eq!(classes("a\tb")[0].0, AnomalyClass::TabColumns);
        assert_eq!(classes("\tleading tab"), []);
    }
}
