//! The audit of one document: extracted through the façade, each unit's damage signals
//! (anomalies, decode errors, extraction problems), its terms counted with their provenance
//! (which occurrences an entity, mojibake or a split word made), its language by the one
//! policy, its score; and the per-file bookkeeping into a `Partial`.

use super::table::Terms;
use super::walk::WalkError;
use super::{
    AuditOptions, DIGITS_ONLY, DocReport, Example, FindingRef, Flag, Partial, STOP_KNOWN, Signals,
    SourceAcc, Worker, doc_order,
};
use super::{score, walk};
use crate::anomaly::{self, AnomalyClass, ScanContext};
use crate::extract::{self, Diagnostic, DiagnosticKind, DocumentUnit, Extraction};
use crate::langid;
use crate::source::Input;
use crate::visible::path_name;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Would an occurrence (flagged or not, at `path`/`unit`) enter `examples` (sorted, at most
/// `keep`)? Compares without building the example; ties are left to [`sort_examples`].
pub(super) fn example_may_enter(
    examples: &[Example],
    keep: usize,
    flagged: bool,
    path: &str,
    unit: &str,
) -> bool {
    let Some(last) = examples.last() else {
        return keep > 0;
    };
    if examples.len() < keep {
        return true;
    }
    match (last.flag.is_some(), flagged) {
        (false, true) => true,
        (true, false) => false,
        _ => (path, unit) <= (&*last.path, &*last.unit),
    }
}

/// Flagged examples first, then by place: a total order, so merging is order-independent.
pub(super) fn sort_examples(v: &mut Vec<Example>) {
    v.sort_by(|a, b| {
        b.flag
            .is_some()
            .cmp(&a.flag.is_some())
            .then_with(|| a.cmp(b))
    });
    v.dedup();
}

/// The diagnostics that concern unit `u`: its own, and those of its file (decoding is decided
/// once for a collection of units, e.g. an SGML file) that it has no own version of — the
/// charset decision for every unit, an invalid-UTF-8 report for the unit holding its first
/// invalid byte.
pub(super) fn unit_diagnostics<'a>(
    u: &'a DocumentUnit,
    file: &'a [Diagnostic],
) -> impl Iterator<Item = &'a Diagnostic> {
    let own = |k: DiagnosticKind| u.diagnostics.iter().any(|d| d.kind == k);
    let inherit: Vec<&'a Diagnostic> = file
        .iter()
        .filter(|d| match d.kind {
            DiagnosticKind::Charset => !own(DiagnosticKind::Charset),
            DiagnosticKind::NotUtf8
            | DiagnosticKind::DecodeErrors
            | DiagnosticKind::SevenBit
            | DiagnosticKind::Ebcdic => {
                !own(d.kind)
                    && matches!((d.byte_span, u.byte_span), (Some(b), Some(s)) if b.start >= s.start && b.start < s.end)
            }
            _ => false,
        })
        .collect();
    u.diagnostics.iter().chain(inherit)
}

/// Does a diagnostic of this kind mean text was left out (a limit, damage, encryption, a
/// failed extractor)?
pub(super) fn is_problem(k: DiagnosticKind) -> bool {
    matches!(
        k,
        DiagnosticKind::Limit
            | DiagnosticKind::Damaged
            | DiagnosticKind::Encrypted
            | DiagnosticKind::ExtractorFailed
            | DiagnosticKind::Changed
    )
}

/// The byte offset of the first problem that has a place, for an error line.
pub(super) fn first_located(diags: &[Diagnostic]) -> Option<u64> {
    diags
        .iter()
        .filter(|d| is_problem(d.kind))
        .find_map(|d| d.byte_span.map(|b| b.start))
}

/// Byte offset of text offset `t` of unit `u`, when its text maps to the file's bytes.
pub(super) fn byte_offset(u: &DocumentUnit, t: usize) -> Option<u64> {
    let m = u.offsets.as_ref()?;
    m.span_of(&u.text, t).map(|s| s.start)
}

/// Is `c` a character that should not cut a word (format characters: ZWSP, soft hyphen, bidi
/// marks, BOM)?
pub(super) fn invisible(c: char) -> bool {
    matches!(
        crate::unicode::char_info(c).category,
        unicode_properties::GeneralCategory::Format
    )
}

/// Where a token comes from, judged from the text around it and the scan's findings.
pub(super) struct Provenance<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) text: &'a str,
    pub(super) moji: &'a [(usize, usize, String)],
    pub(super) split: &'a [(usize, usize)],
    /// Cursors into `moji` and `split` (tokens are judged in text order).
    pub(super) moji_at: Cell<usize>,
    pub(super) split_at: Cell<usize>,
}

impl Provenance<'_> {
    pub(super) fn flag(&self, a: usize, b: usize, term: &str) -> Option<Flag> {
        // Spans are in text order and do not overlap, and tokens come in text order: a cursor
        // moves past the spans that end before `a`.
        fn inside<T>(
            spans: &[T],
            at: &Cell<usize>,
            a: usize,
            b: usize,
            span: impl Fn(&T) -> (usize, usize),
        ) -> bool {
            let mut i = at.get();
            while spans.get(i).is_some_and(|s| span(s).1 <= a) {
                i += 1;
            }
            at.set(i);
            spans.get(i).is_some_and(|s| span(s).0 < b)
        }
        let bytes = self.bytes;
        // The `;` first: it rules out nearly every token with one read. Bytes are compared one
        // by one (a two-byte slice comparison called memcmp for every token).
        let entity = bytes.get(b) == Some(&b';')
            && (a >= 1 && bytes[a - 1] == b'&'
                || a >= 2 && bytes[a - 2] == b'&' && bytes[a - 1] == b'#');
        if entity {
            Some(Flag::EntityResidue)
        } else if inside(self.moji, &self.moji_at, a, b, |m| (m.0, m.1)) {
            Some(Flag::Mojibake)
        } else if inside(self.split, &self.split_at, a, b, |s| *s) {
            Some(Flag::HyphenFragment)
        } else if !term.is_ascii() && term.chars().any(|c| ('\u{FB00}'..='\u{FB06}').contains(&c)) {
            Some(Flag::LigatureFragment)
        } else if a > 0
            && bytes[a - 1] >= 0x80
            && self.text[..a].chars().next_back().is_some_and(invisible)
            || bytes.get(b).is_some_and(|&x| x >= 0x80)
                && self.text[b..].chars().next().is_some_and(invisible)
        {
            Some(Flag::InvisibleSplit)
        } else {
            None
        }
    }
}

/// The diagnostics of a unit's file: all of them, and the file-level problems charged to this
/// unit (a file's problems go with its first unit, so they are counted once).
#[derive(Clone, Copy)]
pub(super) struct FileDiags<'a> {
    pub(super) all: &'a [Diagnostic],
    pub(super) problems: &'a [&'a Diagnostic],
}

/// Audits one unit: its damage signals into the returned report, its terms into `terms`.
///
/// The language follows the one policy of `langid::document_language_with`: the stop-word
/// votes counted while tokenizing (one per distinct term of the document's start), else the
/// n-gram model on the first 200 KB.
pub(super) fn audit_unit(
    path: &str,
    source: &str,
    u: &DocumentUnit,
    opts: &AuditOptions,
    file: FileDiags<'_>,
    w: &mut Worker,
    terms: &mut Terms,
) -> DocReport {
    let FileDiags {
        all: file,
        problems: file_problems,
    } = file;
    let text = &u.text;
    // Layout is counted, not listed: the report shows how many hard line breaks, and a
    // hard-wrapped 30 MB text has half a million of them.
    let scan = anomaly::scan_text(
        text,
        ScanContext {
            text_is_start: true,
            layout_counts_only: true,
            ..Default::default()
        },
    );
    let mut s = Signals {
        chars: text.chars().count() as u64,
        lines: scan.lines,
        hyphen_line_rate: scan.hyphen_line_rate,
        has_composed: scan.has_composed,
        has_decomposed: scan.has_decomposed,
        ..Default::default()
    };
    let mut by_class: BTreeMap<String, u64> = BTreeMap::new();
    for (class, n) in &scan.counts.by_class {
        *by_class.entry(class.name().to_string()).or_default() += n;
        use AnomalyClass::*;
        match class {
            Replacement | DecodeError => s.replacement_chars += n,
            ZeroWidth | Bidi | UnbalancedBidi | SoftHyphen | Control | Delete | C1Control
            | BomMidText | PrivateUse | Noncharacter | Tag | LineSeparator => s.invisible += n,
            MojibakeWord => s.mojibake_words += n,
            Entity => s.entity_residue += n,
            LineEndHyphen => s.split_words += n,
            _ => {}
        }
    }
    let mut findings = Vec::new();
    let mut first_problem: Option<score::Problem> = None;
    for d in unit_diagnostics(u, file).chain(file_problems.iter().copied()) {
        match d.kind {
            DiagnosticKind::DecodeErrors => s.decode_errors += d.count,
            // Characters in 7-bit shifts were not decoded either: their bytes are in the text.
            // The finding names the scheme, which the count alone does not.
            // EBCDIC read in an ASCII-compatible encoding: no character is what was written.
            DiagnosticKind::SevenBit | DiagnosticKind::Ebcdic => {
                s.decode_errors += d.count;
                findings.push(FindingRef {
                    class: d.kind.name().to_string(),
                    byte_offset: d.byte_span.map(|b| b.start),
                    text_offset: d.text_span.map_or(0, |t| t.0 as u64),
                    message: Some(d.sentence()),
                    limit: d.limit,
                });
            }
            DiagnosticKind::NotUtf8 => s.invalid_utf8 += d.count,
            k if is_problem(k) => {
                s.extraction_problems += 1;
                first_problem.get_or_insert(score::Problem {
                    message: &d.message,
                    levels: d.embedded_path.len(),
                });
                findings.push(FindingRef {
                    class: k.name().to_string(),
                    byte_offset: d.byte_span.map(|b| b.start),
                    text_offset: d.text_span.map_or(0, |t| t.0 as u64),
                    message: Some(d.sentence()),
                    limit: d.limit,
                });
            }
            _ => {}
        }
    }
    // The unit's text holds one U+FFFD per sequence its decoder could not read: those are
    // decode errors, as `delineate anomalies` (which sees the decoding) classes them, and only
    // the rest were U+FFFD in the bytes already.
    let made = s
        .decode_errors
        .min(by_class.get("replacement").copied().unwrap_or(0));
    if made > 0 {
        let left = by_class.get_mut("replacement").map_or(0, |n| {
            *n -= made;
            *n
        });
        if left == 0 {
            by_class.remove("replacement");
        }
        *by_class.entry("decode-error".to_string()).or_default() += made;
    }
    // Spans of mojibake words and split words, for the terms' provenance.
    let mut moji: Vec<(usize, usize, String)> = Vec::new();
    let mut split: Vec<(usize, usize)> = Vec::new();
    for f in &scan.findings {
        if f.legitimate {
            continue;
        }
        match f.class {
            AnomalyClass::MojibakeWord => {
                let mix = f
                    .mixup()
                    .map_or_else(|| "mojibake".into(), |m| m.to_string());
                moji.push((f.text_start, f.text_end, mix));
            }
            AnomalyClass::LineEndHyphen => split.push((f.text_start, f.text_end)),
            _ => {}
        }
        if findings.len() < 5 + s.extraction_problems as usize
            && !matches!(
                f.class,
                AnomalyClass::HardLineBreak | AnomalyClass::LayoutSpaces | AnomalyClass::TabColumns
            )
        {
            findings.push(FindingRef {
                class: f.class.name().to_string(),
                byte_offset: byte_offset(u, f.text_start).or(u.byte_span.map(|b| b.start)),
                text_offset: f.text_start as u64,
                message: None,
                limit: None,
            });
        }
    }
    let prov = Provenance {
        bytes: text.as_bytes(),
        text,
        moji: &moji,
        split: &split,
        moji_at: Cell::new(0),
        split_at: Cell::new(0),
    };
    let unit = u.locator.to_string();
    w.doc = w.doc.wrapping_add(1).max(1);
    let doc = w.doc;
    w.seen.clear();
    let mut votes = langid::StopwordVotes::default();
    let keep = opts.examples;
    let mut buf = std::mem::take(&mut w.buf);
    let (mut path_arc, mut unit_arc): (Option<std::sync::Arc<str>>, Option<std::sync::Arc<str>>) =
        (None, None);
    crate::terms::for_each_token(text, opts.tokens, &mut buf, |a, b, term| {
        s.tokens += 1;
        let counted = terms.count(term, doc, &mut w.seen);
        let first = counted.first;
        let flag = prov.flag(a, b, term);
        // The rest of the term's record is needed only at its first occurrence in the unit
        // and at flagged ones (most tokens stop here).
        if !first && flag.is_none() {
            return;
        }
        let acc = terms.acc_mut(counted.acc);
        if first {
            acc.scratch.doc_flagged = false;
            acc.df += 1;
            // One vote per distinct term: a repeated abbreviation (`mln` is Lithuanian too)
            // must not outvote the language's many different function words.
            if acc.scratch.stop & STOP_KNOWN == 0 {
                let digits_only = !term.chars().any(crate::unicode::is_alphabetic);
                acc.scratch.stop = langid::stopword_bits(term)
                    | STOP_KNOWN
                    | if digits_only { DIGITS_ONLY } else { 0 };
            }
            // Numbers belong to no language: they neither vote nor dilute the votes (a table
            // of figures is as English as its few words). Only the document's start votes,
            // as for the explorer (`langid::document_votes`).
            if acc.scratch.stop & DIGITS_ONLY == 0 && a < langid::DOCUMENT_PREFIX {
                votes.add_term(term, acc.scratch.stop & !(STOP_KNOWN | DIGITS_ONLY));
            }
        }
        if let Some(f) = flag {
            *acc.marks_mut().flags.entry(f).or_default() += 1;
            if f == Flag::Mojibake
                && let Some(m) = moji.iter().find(|m| m.0 < b && m.1 > a)
            {
                *acc.marks_mut().mixups.entry(m.2.clone()).or_default() += 1;
            }
        }
        // Candidate examples: the unit's first occurrence, and its first flagged one.
        let flagged_first = flag.is_some() && !acc.scratch.doc_flagged;
        let closed =
            flag.is_none() && acc.scratch.full_before != 0 && w.ordinal > acc.scratch.full_before;
        if (first || flagged_first)
            && !closed
            && example_may_enter(&acc.examples, keep, flag.is_some(), path, &unit)
        {
            acc.examples.reserve_exact(1);
            acc.examples.push(Example {
                path: path_arc.get_or_insert_with(|| path.into()).clone(),
                unit: unit_arc.get_or_insert_with(|| unit.as_str().into()).clone(),
                byte_offset: byte_offset(u, a),
                text_offset: a as u64,
                flag,
            });
            sort_examples(&mut acc.examples);
            acc.examples.truncate(keep);
            let last = acc.examples.last().expect("just pushed");
            let full = acc.examples.len() == keep && last.flag.is_none() && &*last.path == path;
            acc.scratch.full_before = if full { w.ordinal } else { 0 };
        }
        acc.scratch.doc_flagged |= flag.is_some();
    });
    w.buf = buf;
    // The language, by the policy the explorer and `langid` use (clear stop-word votes, else
    // the model on the first 200 KB: one language per document wherever it is looked at); `?`
    // marks a verdict that is not one language.
    let lang: String = match langid::document_language_with(&w.lang_id, text, &votes) {
        (Some(l), _) => l,
        (None, shown) => shown + "?",
    };
    // Tokens not in the language's word list, looked up once per distinct term (cached on it).
    if let Some(code) =
        langid::word_list_code(lang.trim_end_matches('?')).filter(|_| !lang.ends_with('?'))
    {
        for (term, t) in w.seen.iter() {
            // A run of Han or kana is a phrase the tokenizer could not cut, neither a word nor
            // damage (a clean Japanese page was "86 % not words"); one such character is asked.
            if !term.chars().all(crate::unicode::is_alphabetic)
                || (term.chars().nth(1).is_some() && term.chars().any(crate::unicode::spaceless))
            {
                continue;
            }
            let n = terms.occurrences(&w.seen, &t) as u64;
            let acc = terms.acc_mut(t.acc);
            s.checked_tokens += n;
            let in_list = if acc.scratch.word_lang == code.as_ptr() as usize {
                acc.scratch.word
            } else {
                let v = langid::is_word(code, term) != Some(false);
                acc.scratch.word_lang = code.as_ptr() as usize;
                acc.scratch.word = v;
                v
            };
            if !in_list {
                s.non_words += n;
            }
        }
    }
    let lang = lang.trim_end_matches('?').to_string();
    let decided_by = unit_diagnostics(u, file)
        .find(|d| d.kind == DiagnosticKind::Charset)
        .and_then(|d| d.decided_by);
    // A legacy encoding the document declares (or its transport, or the user) is read right:
    // its bytes are not UTF-8, but nothing was damaged.
    use crate::encoding::DecidedBy as By;
    let declared = matches!(
        decided_by,
        Some(By::Bom | By::Transport | By::Declaration | By::User)
    );
    let legacy = if declared {
        score::Legacy::Declared
    } else if let Some(name) = u.encoding.as_deref()
        && decided_by == Some(By::Statistical)
        && name != "UTF-8"
    {
        score::Legacy::Guessed(name)
    } else {
        score::Legacy::No
    };
    let decided_by = decided_by.map(|b| b.name().to_string());
    let contrib = score::contributions(&s, first_problem, legacy);
    let score = contrib.iter().map(|c| c.0).sum::<f64>();
    let reasons = contrib.into_iter().take(3).map(|c| c.1).collect();
    DocReport {
        path: path.to_string(),
        path_bytes: None,
        unit,
        id: u.id.clone(),
        source: source.to_string(),
        format: u.format.name().to_string(),
        encoding: u.encoding.clone(),
        decided_by,
        likely: None,
        language: lang,
        signals: s,
        by_class,
        // `+ 0.0`: an empty sum is -0.0, which would print as "-0.0".
        score: (score * 100.0).round() / 100.0 + 0.0,
        reasons,
        findings,
        error: None,
    }
}

/// The languages whose word lists judge a frequent term a non-word: the corpus's main ones —
/// up to three, each with at least 5 % of the units that have a word-list language, so that a
/// handful of misidentified stories does not make their language's words count as words.
/// When those leave more than 5 % of the units out, the corpus is multilingual (the UDHR in
/// 78 languages, one file each) and every language with a word list counts: judged by one of
/// them, `на` of the Russian, Bulgarian and Macedonian files would be junk.
pub(super) fn non_word_languages(languages: &BTreeMap<String, u64>) -> Vec<&str> {
    let mut langs: Vec<(&str, u64)> = languages
        .iter()
        .filter(|(l, _)| langid::has_word_list(l))
        .map(|(l, &n)| (l.as_str(), n))
        .collect();
    langs.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let units: u64 = langs.iter().map(|l| l.1).sum();
    let main: Vec<(&str, u64)> = langs
        .iter()
        .enumerate()
        .filter(|(i, (_, n))| *i == 0 || *n as f64 >= 0.05 * units as f64)
        .take(3)
        .map(|(_, l)| *l)
        .collect();
    let covered: u64 = main.iter().map(|l| l.1).sum();
    let chosen = if (covered as f64) < 0.95 * units as f64 {
        &langs
    } else {
        &main
    };
    chosen.iter().map(|l| l.0).collect()
}

/// Audits one file into `p`.
pub(super) fn audit_file(
    path: &Path,
    roots: &[PathBuf],
    opts: &AuditOptions,
    w: &mut Worker,
    p: &mut Partial,
) {
    let name = path_name(path);
    let input = match Input::open_arg(path, opts.limits.max_input_bytes) {
        Ok(i) => i,
        Err(e) => {
            p.files += 1;
            p.errors
                .push(WalkError::new(name, e.to_string()).with_bytes(path));
            return;
        }
    };
    let source = walk::source_of(path, roots, opts.source_depth);
    audit_input(name, &input, &source, opts, w, p);
}

/// Audits one opened document (named `name`, from `source`) into `p`.
pub(super) fn audit_input(
    name: String,
    input: &Input,
    source: &str,
    opts: &AuditOptions,
    w: &mut Worker,
    p: &mut Partial,
) {
    let source = source.to_string();
    p.files += 1;
    p.bytes += input.len();
    // The document through the façade every front end uses: here only its units (the audit
    // reads each unit's anomalies, terms and language itself, while it tokenizes).
    let analysed = crate::analyze::document(
        input,
        &crate::analyze::Options {
            parts: crate::analyze::Parts {
                units: true,
                ..Default::default()
            },
            extract: extract::Options {
                unit: opts.unit,
                limits: opts.limits.clone(),
                ..Default::default()
            },
            ..Default::default()
        },
    );
    let x: Extraction = match analysed {
        Ok(a) => a.extraction.expect("asked for"),
        Err(e) => {
            p.errors.push(WalkError::new(name, e.to_string()));
            return;
        }
    };
    *p.formats
        .entry(x.format.detected.name().to_string())
        .or_default() += 1;
    if let Some(e) = &x.error {
        let mut w = WalkError::new(&name, e.to_string()).located(first_located(&x.diagnostics));
        w.limit = e.limit_kind();
        p.errors.push(w);
    }
    if x.units.is_empty() && x.error.is_none() {
        // Say why there is nothing: a damaged container, a mismatch, or simply a format
        // without text.
        let problems = x.diagnostics.iter().filter(|d| is_problem(d.kind));
        let mismatches = x
            .diagnostics
            .iter()
            .filter(|d| d.kind == DiagnosticKind::FormatMismatch);
        let why: Vec<&str> = problems
            .chain(mismatches)
            .map(|d| d.message.as_str())
            .collect();
        let mut e = format!("{}: no text to audit", x.format.detected.description());
        if !why.is_empty() {
            e = format!("{e} ({})", why.join("; "));
        }
        p.errors
            .push(WalkError::new(&name, e).located(first_located(&x.diagnostics)));
    }
    // Problems of the whole file (a limit reached, damage) go with its first unit.
    let file_problems: Vec<&Diagnostic> = x
        .diagnostics
        .iter()
        .filter(|d| is_problem(d.kind))
        .collect();
    let per_unit_bytes = input.len() / x.units.len().max(1) as u64;
    for (i, u) in x.units.iter().enumerate() {
        let own = if i == 0 { &file_problems[..] } else { &[][..] };
        let file = FileDiags {
            all: &x.diagnostics,
            problems: own,
        };
        let mut d = audit_unit(&name, &source, u, opts, file, w, &mut p.terms);
        d.path_bytes = input.path_bytes();
        p.units += 1;
        if let (Some(e), Some(by)) = (&d.encoding, &d.decided_by) {
            *p.encodings
                .entry(e.clone())
                .or_default()
                .entry(by.clone())
                .or_default() += 1;
        }
        *p.languages.entry(d.language.clone()).or_default() += 1;
        *p.forms.entry(d.signals.forms().to_string()).or_default() += 1;
        for diag in unit_diagnostics(u, &x.diagnostics) {
            if diag.kind == DiagnosticKind::NotUtf8 {
                p.not_utf8.push(Example {
                    path: name.as_str().into(),
                    unit: u.locator.to_string().into(),
                    byte_offset: diag.byte_span.map(|b| b.start),
                    text_offset: 0,
                    flag: None,
                });
            }
        }
        let mut acc = SourceAcc::default();
        acc.add(&d, per_unit_bytes);
        p.totals.sum(&acc.signals, acc.signals.hyphen_line_rate);
        p.sources.entry(source.clone()).or_default().merge(acc);
        p.documents.push(d);
    }
    if p.documents.len() > opts.max_documents * 2 {
        p.documents.sort_by(doc_order);
        p.documents.truncate(opts.max_documents);
    }
    // Each thread keeps its share of the bound, and prunes to three quarters of it so that it
    // does not prune again at the next file.
    let cap = (opts.max_terms / rayon::current_num_threads().max(1)).max(1000);
    if p.terms.len() > cap {
        p.bound_terms(cap * 3 / 4);
    }
}
