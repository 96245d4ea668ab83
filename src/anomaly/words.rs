//! Word-level anomalies: mojibake words (`Ã©`, `â€™`) with the repaired word and the plan
//! that repairs them — decided line by line by the engine `fix` uses
//! ([`mojibake::analyze`]: the same verdicts, refusals and plausibility) — and words whose
//! letters come from more than one script — a Cyrillic `а` inside a Latin word — judged by
//! UTS #39 mixed-script detection with the confusable skeleton (unicode-security).

use super::{AnomalyClass, Detail, Finding, Sink};
use crate::encoding::mojibake::{self, Analysis};
use std::borrow::Cow;
use unicode_security::MixedScript;

/// Word-level anomalies in `text`. Words are runs between ASCII whitespace; punctuation at
/// their edges is not part of the mixed-script test.
pub fn scan(text: &str) -> Vec<Finding> {
    let mut out = Sink::unbounded();
    scan_into(text, None, &mut out);
    out.kept
}

/// [`scan`] into a [`Sink`].
/// `coincidences`: see [`super::ScanContext::coincidences`].
pub fn scan_into(
    text: &str,
    coincidences: Option<&std::cell::OnceCell<Vec<Vec<crate::decode::Charset>>>>,
    out: &mut Sink,
) {
    let repaired = mojibake_words(text, coincidences, out);
    let b = text.as_bytes();
    // Only words holding non-ASCII text can be mixed-script: visit the stretches around
    // non-ASCII bytes, widened to whole words.
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
            scan_words(text, from, to, &repaired, out);
        }
        done = to;
    }
}

/// The longest stretch of one line analysed at once (as `fix` does; repairs are word-local).
const MAX_PIECE: usize = 1 << 20;

/// Mojibake words: each line (or piece of a long one) that is not clean at a glance is
/// analysed as `fix` analyses it, and every word its repair changes is a finding whose reason
/// gives the plan, the plausibility before and after, the runner-up and a refusal. Returns
/// the spans found (the mixed-script test skips them).
fn mojibake_words(
    text: &str,
    shared: Option<&std::cell::OnceCell<Vec<Vec<crate::decode::Charset>>>>,
    out: &mut Sink,
) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    // As in `fix`: repairs whose chain the document's start shows to be a coincidence are set
    // aside; worked out at the first line with a repair (once per document when the windows
    // share a cell).
    let own = std::cell::OnceCell::new();
    let coincidences = shared.unwrap_or(&own);
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let mut piece_start = 0;
        while piece_start < body.len() {
            let rest = &body[piece_start..];
            let cut = if rest.len() <= MAX_PIECE {
                rest.len()
            } else {
                let limit = rest.floor_char_boundary(MAX_PIECE);
                rest[..limit]
                    .rfind(|c: char| c.is_ascii_whitespace())
                    .map_or(limit, |p| p + 1)
                    .max(1)
            };
            let cut = rest.ceil_char_boundary(cut);
            let piece = &rest[..cut];
            let base = line_start + piece_start;
            piece_start += cut;
            if mojibake::clean_at_a_glance(piece) {
                continue;
            }
            let a = mojibake::analyze(piece);
            // C1 controls alone (no chain undone) are c1-control findings already.
            let Some(repaired) = a.repaired.as_ref().filter(|_| !a.chain.is_empty()) else {
                continue;
            };
            let head = &text[..text.floor_char_boundary(mojibake::CONTEXT_BYTES)];
            if coincidences
                .get_or_init(|| mojibake::coincidental_chains(head))
                .contains(&a.chain)
            {
                continue;
            }
            let plan = plan_of(&a);
            let mixup = a.mixup();
            for ex in mojibake::changed_words(piece, repaired) {
                let (s, e) = (base + ex.text_start, base + ex.text_end);
                spans.push((s, e));
                if !out.keeps() {
                    out.count(AnomalyClass::MojibakeWord, false);
                    continue;
                }
                let mut f = Finding::new(
                    AnomalyClass::MojibakeWord,
                    text,
                    s,
                    e,
                    format!(
                        "mojibake: {}; the word was '{}'{plan}",
                        mixup.as_ref().map(|m| m.to_string()).unwrap_or_default(),
                        ex.to
                    ),
                );
                f.suggestion = Some(Cow::Owned(ex.to));
                f.detail = mixup.clone().map(Detail::Mixup);
                out.push(f);
            }
        }
        line_start += line.len();
    }
    spans
}

/// The line's plan in one line, after the mix-up: the plausibility before and after, the
/// runner-up, the first refusal.
fn plan_of(a: &Analysis) -> String {
    let mut s = format!(
        " · line plausibility {:.2} → {:.2}",
        a.plausibility_before.score, a.plausibility_after.score
    );
    let best_cost = a
        .hypotheses
        .iter()
        .find(|h| h.chain == a.chain)
        .map(|h| h.cost);
    if let (Some(best), Some(next)) = (
        best_cost,
        a.hypotheses
            .iter()
            .find(|h| h.chain != a.chain && !h.coincidental),
    ) {
        let next_chain: Vec<&str> = next.chain.iter().map(|c| c.name()).collect();
        s.push_str(&format!(
            " · next best: undo {} (cost {:.2} against {best:.2})",
            next_chain.join(", then "),
            next.cost
        ));
    }
    if let Some(r) = a.refused.first() {
        s.push_str(&format!(
            " · refused: {} → {} ({})",
            r.word, r.would_be, r.reason
        ));
    }
    s
}

/// Mixed-script words among the words of `text[from..to]` (which starts and ends at word
/// boundaries), the mojibake words apart.
fn scan_words(text: &str, from: usize, to: usize, mojibake: &[(usize, usize)], out: &mut Sink) {
    let mut pos = from;
    for wb in text.as_bytes()[from..to].split(|b| b.is_ascii_whitespace()) {
        let start = pos;
        pos += wb.len() + 1;
        if wb.is_ascii() {
            continue;
        }
        let word = &text[start..start + wb.len()];
        let end = start + word.len();
        // The spans are in text order and do not overlap: the first that ends after `start`
        // is the only candidate.
        let i = mojibake.partition_point(|&(_, e)| e <= start);
        if mojibake.get(i).is_some_and(|&(s, _)| s < end) {
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

    /// The findings come from the engine `fix` uses, line by line: the plan, the plausibility
    /// before and after, the runner-up and the refusals are in the reason; a word `fix` would
    /// refuse to touch is no finding.
    #[test]
    fn mojibake_findings_carry_the_plan() {
        let f = scan("cafÃ© Price 2×£10\nclean line\n");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].suggestion.as_deref(), Some("café"));
        let r = &f[0].reason;
        assert!(
            r.starts_with("mojibake: UTF-8 read as windows-1252;"),
            "{r}"
        );
        assert!(r.contains("line plausibility 0.00 → "), "{r}");
        assert!(r.contains("refused: 2×£10 → 2ף10"), "{r}");
        // Line by line: one-letter words attested by the other words of their line.
        let f = scan("Ð¯ Ð¸ Ñ‚Ñ‹");
        let words: Vec<_> = f.iter().filter_map(|x| x.suggestion.as_deref()).collect();
        assert_eq!(words, ["Я", "и", "ты"]);
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
