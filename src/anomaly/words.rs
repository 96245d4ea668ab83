//! Word-level anomalies: mojibake fingerprints (`Ã©`, `â€™`, `Â` + NBSP) with the repaired word
//! and the encoding mix-up that made them, and words whose letters come from more than one
//! script — a Cyrillic `а` inside a Latin word — judged by UTS #39 mixed-script detection with
//! the confusable skeleton (unicode-security).

use super::{AnomalyClass, Finding, Sink};
use crate::encoding::mojibake::repair_word;
use std::borrow::Cow;
use unicode_security::MixedScript;

/// Word-level anomalies in `text`. Words are runs between ASCII whitespace; punctuation at
/// their edges is not part of the mixed-script test.
pub fn scan(text: &str) -> Vec<Finding> {
    let mut out = Sink::unbounded();
    scan_into(text, &mut out);
    out.kept
}

/// [`scan`] into a [`Sink`].
pub fn scan_into(text: &str, out: &mut Sink) {
    let b = text.as_bytes();
    // Only words holding non-ASCII text can be mojibake or mixed-script: visit the stretches
    // around non-ASCII bytes, widened to whole words.
    let mut done = 0;
    for stretch in crate::ascii::non_ascii_stretches(text, 32) {
        let start = stretch.start.max(done);
        let from = b[done..start]
            .iter()
            .rposition(|c| c.is_ascii_whitespace())
            .map_or(done, |p| done + p + 1);
        let end = stretch.end.max(start);
        let to = b[end..]
            .iter()
            .position(|c| c.is_ascii_whitespace())
            .map_or(b.len(), |p| end + p);
        if from < to {
            scan_words(text, from, to, out);
        }
        done = to;
    }
}

/// Word-level anomalies in the words of `text[from..to]` (which starts and ends at word
/// boundaries).
fn scan_words(text: &str, from: usize, to: usize, out: &mut Sink) {
    let mut pos = from;
    for wb in text.as_bytes()[from..to].split(|b| b.is_ascii_whitespace()) {
        let start = pos;
        pos += wb.len() + 1;
        if wb.is_ascii() {
            continue;
        }
        let word = &text[start..start + wb.len()];
        if let Some((repaired, chain)) = repair_word(word) {
            if !out.keeps() {
                out.count(AnomalyClass::MojibakeWord, false);
                continue;
            }
            let how: Vec<&str> = chain.iter().map(|c| c.name()).collect();
            let mut f = Finding::new(
                AnomalyClass::MojibakeWord,
                text,
                start,
                start + word.len(),
                format!(
                    "mojibake: UTF-8 read as {}; the word was '{repaired}'",
                    how.join(", then as ")
                ),
            );
            f.suggestion = Some(Cow::Owned(repaired));
            out.push(f);
            continue;
        }
        if !several_scripts(word) {
            continue;
        }
        let core = word.trim_matches(|c: char| !c.is_alphanumeric());
        if core.is_empty() || core.is_ascii() || core.is_single_script() {
            continue;
        }
        if !out.keeps() {
            out.count(AnomalyClass::MixedScript, false);
            continue;
        }
        let core_start = start
            + (word.len()
                - word
                    .trim_start_matches(|c: char| !c.is_alphanumeric())
                    .len());
        let scripts = scripts_of(core);
        let skeleton = looks_like(core, scripts.first().copied());
        let mut f = Finding::new(
            AnomalyClass::MixedScript,
            text,
            core_start,
            core_start + core.len(),
            if skeleton != core {
                format!(
                    "letters from {} in one word; it looks like '{skeleton}' (UTS #39 skeleton) but will not match it",
                    scripts.join(" + ")
                )
            } else {
                format!(
                    "letters from {} in one word (UTS #39 mixed script)",
                    scripts.join(" + ")
                )
            },
        );
        f.suggestion = (skeleton != core).then_some(Cow::Owned(skeleton));
        out.push(f);
    }
}

/// The word with its letters from scripts other than the first one replaced by their UTS #39
/// confusable prototypes (`pаypal` with a Cyrillic а → `paypal`). The full skeleton is for
/// comparison, not display (it maps `m` to `rn`), so only the intruders are mapped.
fn looks_like(word: &str, main: Option<&'static str>) -> String {
    word.chars()
        .map(|c| {
            let info = crate::unicode::char_info(c);
            if info.is_letter() && info.has_real_script() && Some(info.script.full_name()) != main {
                unicode_security::skeleton(&c.to_string()).collect()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Cheap pre-check: do the word's letters have more than one real script? (UTS #39 then
/// decides, with script extensions and the Japanese/Korean/Chinese sets.)
fn several_scripts(word: &str) -> bool {
    let mut first = None;
    for c in word.chars() {
        let info = crate::unicode::char_info(c);
        if !info.has_real_script() {
            continue;
        }
        match first {
            None => first = Some(info.script),
            Some(s) if s != info.script => return true,
            _ => {}
        }
    }
    false
}

fn scripts_of(word: &str) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for c in word.chars() {
        let info = crate::unicode::char_info(c);
        if info.is_letter() && info.has_real_script() {
            let name = info.script.full_name();
            if !out.contains(&name) {
                out.push(name);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mojibake_words() {
        let f = scan("a rÃ©sumÃ© and a cafÃ©");
        assert_eq!(f.len(), 2);
        assert_eq!(f[0].suggestion.as_deref(), Some("résumé"));
        assert!(f[0].reason.contains("windows-1252"), "{}", f[0].reason);
        let double = scan("rÃƒÂ©sumÃƒÂ©");
        assert_eq!(double[0].suggestion.as_deref(), Some("résumé"));
        assert!(scan("café naïve SÃO").is_empty());
    }

    #[test]
    fn mixed_script_words() {
        // A Cyrillic а (U+0430) inside a Latin word.
        let f = scan("login at p\u{430}ypal.com now");
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].class, AnomalyClass::MixedScript);
        assert_eq!(f[0].suggestion.as_deref(), Some("paypal.com"));
        assert!(f[0].reason.contains("Latin + Cyrillic"), "{}", f[0].reason);
        assert!(scan("日本語のテキスト Привет résumé").is_empty());
    }
}
