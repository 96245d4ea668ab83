//! Languages within a text: passages cut at paragraph and sentence ends (long ones split), each
//! identified; the languages a unit declares (HTML `lang`, metadata) checked against its text;
//! each language's share of the letters.

use super::document::prefix;
use super::{Identifier, Options, Verdict};
use serde::Serialize;
use unicode_script::Script;

/// A passage of a text and its verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Passage {
    /// Byte offsets in the text.
    pub start: usize,
    pub end: usize,
    pub verdict: Verdict,
}

/// Longest passage before it is cut into windows at sentence ends.
pub const MAX_PASSAGE: usize = 600;

/// The passages of `text`: paragraphs (blank-line separated), cut where a line's script
/// differs from the lines before it, long ones cut at sentence ends into pieces of a few hundred
/// characters.
pub fn passage_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let b = text.as_bytes();
    let mut i = 0;
    let mut push = |s: usize, e: usize, out: &mut Vec<(usize, usize)>| {
        let t = &text[s..e];
        let lead = t.len() - t.trim_start().len();
        let trail = t.len() - t.trim_end().len();
        if e - trail > s + lead {
            out.push((s + lead, e - trail));
        }
    };
    let mut paragraph = |s: usize, e: usize, out: &mut Vec<(usize, usize)>| {
        for (a, z) in script_runs(text, s, e) {
            split_long(text, a, z, out, &mut push);
        }
    };
    while i < b.len() {
        // A paragraph break: a newline followed by optional spaces and another newline.
        if b[i] == b'\n' {
            let mut j = i + 1;
            while j < b.len() && (b[j] == b' ' || b[j] == b'\t' || b[j] == b'\r') {
                j += 1;
            }
            if j < b.len() && b[j] == b'\n' {
                paragraph(start, i, &mut out);
                start = j + 1;
                i = j + 1;
                continue;
            }
        }
        i += 1;
    }
    paragraph(start, text.len(), &mut out);
    out
}

/// Least letters (weighed: four Han characters are eight) a line needs for its script to cut a
/// paragraph (a line of figures or a short label belongs with the lines around it).
const SCRIPT_LINE_LETTERS: usize = 8;

/// A family of scripts one language writes together: Han with kana (Japanese), else the
/// script itself (UAX #24 values); and what a letter of it weighs (a syllable two, as
/// [`weighted_letters`]).
fn script_family(s: Script) -> (Script, usize) {
    let family = match s {
        Script::Hiragana | Script::Katakana => Script::Han,
        s => s,
    };
    (family, if super::syllabic(s) { 2 } else { 1 })
}

/// The weighed letters of `text` per script family (four at most, most first) and in all.
pub(super) fn script_families(text: &str) -> ([(Script, usize); 4], usize) {
    let mut counts: [(Script, usize); 4] = [(Script::Unknown, 0); 4];
    let mut all = 0;
    for c in text.chars() {
        let info = crate::unicode::char_info(c);
        if !info.is_letter() || !info.has_real_script() {
            continue;
        }
        let (family, w) = script_family(info.script);
        all += w;
        if let Some(slot) = counts.iter_mut().find(|(s, n)| *s == family || *n == 0) {
            *slot = (family, slot.1 + w);
        }
    }
    counts.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    (counts, all)
}

/// The dominant script family of a line's letters, if it has [`SCRIPT_LINE_LETTERS`].
fn line_script(line: &str) -> Option<Script> {
    let (families, all) = script_families(line);
    (all >= SCRIPT_LINE_LETTERS).then_some(families[0].0)
}

/// The paragraph `s..e` cut before each line whose script differs from the lines before it: a
/// paragraph of Korean lines and Spanish lines is two languages, which one verdict would hide.
fn script_runs(text: &str, s: usize, e: usize) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let (mut from, mut current) = (s, None);
    let mut at = s;
    for line in text[s..e].split_inclusive('\n') {
        if let Some(script) = line_script(line) {
            match current {
                Some(c) if c != script => {
                    runs.push((from, at));
                    (from, current) = (at, Some(script));
                }
                None => current = Some(script),
                _ => {}
            }
        }
        at += line.len();
    }
    runs.push((from, e));
    runs
}

pub(super) fn split_long(
    text: &str,
    s: usize,
    e: usize,
    out: &mut Vec<(usize, usize)>,
    push: &mut impl FnMut(usize, usize, &mut Vec<(usize, usize)>),
) {
    if e <= s {
        return;
    }
    if e - s <= MAX_PASSAGE {
        push(s, e, out);
        return;
    }
    let mut from = s;
    for (off, _) in text[s..e].match_indices(['.', '!', '?', '。', '\n']) {
        let at = s + off + 1;
        let at = (at..=e).find(|&x| text.is_char_boundary(x)).unwrap_or(e);
        if at - from >= MAX_PASSAGE / 2 {
            push(from, at, out);
            from = at;
        }
    }
    if from < e {
        push(from, e, out);
    }
}

/// Identifies each passage of `text`.
pub fn passages(text: &str, opts: &Options) -> Vec<Passage> {
    let id = Identifier::new(opts);
    passage_spans(text)
        .into_iter()
        .map(|(s, e)| Passage {
            start: s,
            end: e,
            verdict: id.identify(&text[s..e]),
        })
        .collect()
}

/// A text's verdict and its passages.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TextLanguages {
    pub verdict: Verdict,
    pub passages: Vec<Passage>,
    /// Letters per language over the passages, most first ([`language_shares`]).
    pub shares: Vec<(String, usize)>,
    /// Languages the document declares (HTML `lang`, metadata), checked against the text.
    pub declared: Vec<Declared>,
}

/// A declared language compared with the text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Declared {
    /// Where it was declared (`html lang`, `lang attribute of a <p> block`, `metadata language`).
    pub source: String,
    pub value: String,
    /// The text does not contradict it: its verdict holds the declared language, is `und`, or
    /// is below [`CONTRADICTS_AT`].
    pub agrees: bool,
    /// The disagreement in a sentence; or, where the text leans elsewhere without contradicting
    /// the declaration, what it leans to.
    pub note: Option<String>,
}

/// The confidence a verdict needs to contradict a declared language: calibrated, so a verdict
/// below it is wrong more than one time in ten — too often to call a declaration wrong (a
/// French page in mojibake read as Portuguese at 0.62).
pub const CONTRADICTS_AT: f64 = 0.9;

/// The languages of a document unit: its verdict, passages, and its declarations checked
/// against the text (the markup seed: declarations are "notoriously incorrect", templates
/// stamp one language on every page).
pub fn analyze_unit(u: &crate::extract::DocumentUnit, opts: &Options) -> TextLanguages {
    let mut t = analyze_text(&u.text, opts);
    let mut declared = Vec::new();
    // A document in several languages holds each its passages are in, and is named by them.
    let within: Vec<String> = if t.verdict.language == "mul" {
        t.passages
            .iter()
            .map(|p| p.verdict.language.clone())
            .collect()
    } else {
        Vec::new()
    };
    let several = several_languages(&t.shares);
    let mut check = |source: String, value: &str, v: &Verdict| {
        let code = primary_code(value);
        let actual = &v.language;
        let holds = actual.split('|').any(|c| c == code)
            || actual == "und"
            || (actual == "mul" && within.iter().any(|l| l.split('|').any(|c| c == code)));
        let agrees = holds || v.confidence < CONTRADICTS_AT;
        let actual = if actual == "mul" { &several } else { actual };
        let note = if !agrees {
            Some(format!(
                "declared {value} ({source}), but the text reads as {actual}"
            ))
        } else if !holds {
            Some(format!(
                "declared {value} ({source}); the text leans to {actual} at confidence {:.2}, too unsure to contradict it",
                v.confidence
            ))
        } else {
            None
        };
        declared.push(Declared {
            note,
            source,
            value: value.to_string(),
            agrees,
        });
    };
    for v in u.fields.get("lang").into_iter().flatten() {
        check("html lang".into(), v, &t.verdict);
    }
    if let Some(v) = u.meta_value("language") {
        check("metadata language".into(), v, &t.verdict);
    }
    // Blocks with a lang attribute of their own: does each read as declared?
    let page_lang = u.fields.get("lang").and_then(|v| v.first()).cloned();
    let id = Identifier::new(opts);
    for b in &u.blocks {
        if let Some(l) = &b.lang
            && b.words >= 4
            && Some(l) != page_lang.as_ref()
        {
            let v = id.identify(&b.text);
            if v.is_single() {
                check(format!("lang attribute of a <{}> block", b.tag), l, &v);
            }
        }
    }
    t.declared = declared;
    t
}

/// Longest text identified passage by passage (the rest is identified as a whole only).
pub const MAX_PASSAGE_TEXT: usize = 4 << 20;

/// The verdict of `text` and of each of its passages.
pub fn analyze_text(text: &str, opts: &Options) -> TextLanguages {
    let mut passages = passages(prefix(text, MAX_PASSAGE_TEXT), opts);
    let id = Identifier::new(opts);
    let votes = super::document::document_votes(text);
    let verdict = super::document::document_verdict_knowing(&id, text, &votes, &passages);
    if let Some(code) = super::fit::misfit_language(&verdict)
        && let Some((share, _)) = super::fit::words_share(code, &votes.words)
    {
        refuted_passages(text, &mut passages, code, share);
    }
    TextLanguages {
        verdict,
        shares: language_shares(text, &passages),
        passages,
        declared: Vec::new(),
    }
}

/// Passages in `code`, a language the document's words refute ([`super::fit::words_misfit`];
/// `share` of them are `code`'s), are `und` too where their own words are nearer the
/// document's share than `code`'s own ([`super::fit::passage_misfits`]): one passage has too
/// few distinct words to be judged alone (a Faroese excerpt's passages read as Icelandic at
/// 1.00, under a document verdict saying why it is not Icelandic), but they can tell which of
/// the two they are like, so the passages of a part truly in `code` keep it.
fn refuted_passages(text: &str, passages: &mut [Passage], code: &str, share: f64) {
    for p in passages.iter_mut().filter(|p| {
        p.verdict.language == code
            && super::fit::passage_misfits(
                code,
                &super::fit::WordSample::of(&text[p.start..p.end]),
                share,
            )
    }) {
        let name = &p.verdict.name;
        let why = format!(
            "its letters read as {name}, but the document's words are not {name} words (see the \
             document's verdict)"
        );
        super::fit::undetermine(&mut p.verdict, why);
    }
}

/// `mul (en 58 %, de 42 %)`: a document in several languages, named by its passages' shares
/// of the letters.
fn several_languages(shares: &[(String, usize)]) -> String {
    let all: usize = shares.iter().map(|(_, n)| n).sum::<usize>().max(1);
    let each: Vec<String> = shares
        .iter()
        .filter(|(l, n)| l != "und" && n * 200 >= all)
        .map(|(l, n)| format!("{l} {:.0} %", 100.0 * *n as f64 / all as f64))
        .collect();
    format!("mul ({})", each.join(", "))
}

/// The letters of `text` as passages are weighed against each other: a Han, kana, Hangul or Yi
/// character is a syllable and counts two, as when the dominant script is chosen (a Chinese
/// paragraph is not a third of an English one of the same length in print).
pub fn weighted_letters(text: &str) -> usize {
    text.chars()
        .map(|c| {
            let info = crate::unicode::char_info(c);
            if info.is_letter() || info.is_mark() {
                script_family(info.script).1
            } else {
                0
            }
        })
        .sum()
}

/// The share of letters ([`weighted_letters`]) per language over passages.
pub fn language_shares(text: &str, ps: &[Passage]) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for p in ps {
        let n = weighted_letters(&text[p.start..p.end]);
        match out.iter_mut().find(|(l, _)| *l == p.verdict.language) {
            Some((_, k)) => *k += n,
            None => out.push((p.verdict.language.clone(), n)),
        }
    }
    out.sort_by_key(|b| std::cmp::Reverse(b.1));
    out
}

/// The primary subtag of a BCP 47 tag, mapped to the model's codes (`en-GB` → `en`,
/// `zh-Hant` → `zh`, `iw` → `he`, `in` → `id`).
pub fn primary_code(tag: &str) -> String {
    let p = tag
        .split(['-', '_'])
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    match p.as_str() {
        "iw" => "he".into(),
        "in" => "id".into(),
        "ji" => "yi".into(),
        "zlm" | "zsm" | "msa" => "ms".into(),
        "nob" => "nb".into(),
        "nno" => "nn".into(),
        "eng" => "en".into(),
        "deu" | "ger" => "de".into(),
        "fra" | "fre" => "fr".into(),
        _ => p,
    }
}
