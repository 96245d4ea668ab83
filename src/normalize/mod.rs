//! The normalisation pipeline, in the seed's order (`../shared/seeds/normalising-text.txt`):
//! (1) decode and record the encoding — done before, recorded here; (2) remove invisible
//! characters; (3) compatibility and composition normalisation (NFC, or NFKC, UAX #15);
//! (4) repair words hyphenated across lines; (5) collapse whitespace and unwrap hard line
//! breaks; (6) optionally fold case and strip accents, on a copy.
//!
//! Each step returns its text and the list of changes it made (where, what, into what), so a
//! view can show what each step did and map an offset back to the text before it. The pipeline
//! writes a [`Record`] meant to be stored with the document, and the query side applies the same
//! record to a query ([`normalize_query`]). Order matters: collapsing whitespace before the
//! hyphenation repair destroys the line structure the repair needs; the pipeline's order does
//! not.

use crate::anomaly::{AnomalyClass, Detail, chars, lines};
use crate::ascii;
use icu_normalizer::{ComposingNormalizerBorrowed, DecomposingNormalizerBorrowed};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A step of the pipeline (step 1, decoding, happens before and is only recorded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// (2) Remove invisible characters.
    Invisibles,
    /// (3) NFC or NFKC.
    Normalize,
    /// (4) Join words split by a hyphen at a line end.
    Hyphenation,
    /// (5) Collapse whitespace, unwrap hard line breaks.
    Whitespace,
    /// (6) Fold case and strip accents (on a copy).
    Fold,
}

impl Step {
    /// Name as in the record and on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            Step::Invisibles => "invisibles",
            Step::Normalize => "normalize",
            Step::Hyphenation => "hyphenation",
            Step::Whitespace => "whitespace",
            Step::Fold => "fold",
        }
    }

    /// Parses a step name (`nfc` and `nfkc` name the normalisation step).
    pub fn from_name(s: &str) -> Option<Step> {
        Some(match s {
            "invisibles" => Step::Invisibles,
            "normalize" | "nfc" | "nfkc" => Step::Normalize,
            "hyphenation" => Step::Hyphenation,
            "whitespace" => Step::Whitespace,
            "fold" => Step::Fold,
            _ => return None,
        })
    }
}

/// The seed's order; folding is off by default.
pub const DEFAULT_STEPS: [Step; 4] = [
    Step::Invisibles,
    Step::Normalize,
    Step::Hyphenation,
    Step::Whitespace,
];

/// The normalisation form of step 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Form {
    Nfc,
    Nfkc,
}

/// What the pipeline does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Options {
    /// The steps to run, in order.
    pub steps: Vec<Step>,
    /// Classes removed by the invisible-characters step.
    pub remove: Vec<AnomalyClass>,
    /// Keep characters judged legitimate in context (ZWJ in emoji, ZWNJ in Persian).
    pub keep_legitimate: bool,
    pub form: Form,
    /// Map hyphen and quote look-alikes to ASCII in step 3.
    pub punctuation: bool,
    /// Unwrap single line breaks inside paragraphs in step 5.
    pub unwrap_lines: bool,
    /// Step 6: lower-case.
    pub fold_case: bool,
    /// Step 6: remove accents.
    pub strip_accents: bool,
}

/// Invisible classes removed by default.
pub const DEFAULT_REMOVE: [AnomalyClass; 8] = [
    AnomalyClass::ZeroWidth,
    AnomalyClass::SoftHyphen,
    AnomalyClass::BomMidText,
    AnomalyClass::Bidi,
    AnomalyClass::Tag,
    AnomalyClass::VariationSelector,
    AnomalyClass::Control,
    AnomalyClass::Delete,
];

impl Default for Options {
    fn default() -> Self {
        Options {
            steps: DEFAULT_STEPS.to_vec(),
            remove: DEFAULT_REMOVE.to_vec(),
            keep_legitimate: true,
            form: Form::Nfc,
            punctuation: false,
            unwrap_lines: true,
            fold_case: true,
            strip_accents: true,
        }
    }
}

/// One change a step made: input `[at, at + len)` became `inserted`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// Byte offset in the step's input.
    pub at: usize,
    /// Bytes of the step's input replaced.
    pub len: usize,
    pub inserted: Cow<'static, str>,
    /// What kind of change (`zero-width`, `NFC`, `joined`, `unwrapped`, …).
    pub kind: &'static str,
}

/// What one step did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StepResult {
    pub step: Step,
    /// The text after the step; `None` when the step changed nothing (the text is its input,
    /// and is not copied).
    #[serde(skip)]
    pub text: Option<String>,
    /// Every change, in input order.
    #[serde(skip)]
    pub changes: Vec<Change>,
    /// Changes by kind.
    pub counts: Vec<(&'static str, u64)>,
}

impl StepResult {
    fn new(step: Step, input: &str, mut changes: Vec<Change>) -> StepResult {
        // Changes apply left to right and never overlap: a later one that starts inside an
        // earlier one (two joins sharing a word, say) is dropped.
        changes.sort_by_key(|c| c.at);
        let mut end = 0;
        changes.retain(|c| {
            let keep = c.at >= end;
            if keep {
                end = c.at + c.len;
            }
            keep
        });
        let text = (!changes.is_empty()).then(|| apply(input, &changes));
        let mut counts: Vec<(&'static str, u64)> = Vec::new();
        for c in &changes {
            match counts.iter_mut().find(|(k, _)| *k == c.kind) {
                Some((_, n)) => *n += 1,
                None => counts.push((c.kind, 1)),
            }
        }
        StepResult {
            step,
            text,
            changes,
            counts,
        }
    }

    /// The offset in this step's input of output offset `o` (inside a change: its start).
    pub fn to_input(&self, o: usize) -> usize {
        let mut delta: isize = 0;
        for c in &self.changes {
            let out_at = (c.at as isize + delta) as usize;
            if o < out_at {
                break;
            }
            if o < out_at + c.inserted.len() {
                return c.at;
            }
            delta += c.inserted.len() as isize - c.len as isize;
        }
        (o as isize - delta).max(0) as usize
    }

    /// The offset in this step's output of input offset `i` (inside a change: its start).
    pub fn to_output(&self, i: usize) -> usize {
        let mut delta: isize = 0;
        for c in &self.changes {
            if i < c.at {
                break;
            }
            if i < c.at + c.len {
                return (c.at as isize + delta) as usize;
            }
            delta += c.inserted.len() as isize - c.len as isize;
        }
        (i as isize + delta).max(0) as usize
    }

    /// Output ranges of the changes (for highlighting).
    pub fn changed_ranges(&self) -> Vec<(usize, usize)> {
        let mut delta: isize = 0;
        let mut out = Vec::with_capacity(self.changes.len());
        for c in &self.changes {
            let s = (c.at as isize + delta) as usize;
            out.push((s, s + c.inserted.len()));
            delta += c.inserted.len() as isize - c.len as isize;
        }
        out
    }
}

fn apply(input: &str, changes: &[Change]) -> String {
    let mut out = String::with_capacity(input.len());
    let mut pos = 0;
    for c in changes {
        out.push_str(&input[pos..c.at]);
        out.push_str(&c.inserted);
        pos = c.at + c.len;
    }
    out.push_str(&input[pos..]);
    out
}

/// The record of what was done, meant to be stored with the document and applied to queries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub tool: String,
    pub tool_version: String,
    /// Unicode version of the normalisation data.
    pub unicode_version: String,
    /// Step 1: how the bytes were decoded.
    pub encoding: Option<String>,
    pub decided_by: Option<String>,
    pub options: Options,
    /// Changes per step, in order.
    pub steps: Vec<RecordStep>,
}

/// One step in the record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordStep {
    pub step: String,
    pub changes: u64,
    pub by_kind: Vec<(String, u64)>,
}

/// The result of the pipeline.
#[derive(Clone, Debug)]
pub struct Pipeline {
    /// Step results in order (the fold step, if any, is last).
    pub steps: Vec<StepResult>,
    /// The normalised text (before folding: folding is applied to a copy).
    pub output: String,
    /// The folded copy, if step 6 ran.
    pub folded: Option<String>,
    pub record: Record,
}

impl Pipeline {
    /// The text after step `k` (the original when no step up to it changed anything).
    pub fn text_after<'a>(&'a self, original: &'a str, k: usize) -> &'a str {
        self.step_input(original, k + 1)
    }

    /// The text step `k` read: the original for the first step, else the output of the last
    /// text-changing step before it.
    pub fn step_input<'a>(&'a self, original: &'a str, k: usize) -> &'a str {
        self.steps[..k.min(self.steps.len())]
            .iter()
            .rev()
            .filter(|s| s.step != Step::Fold)
            .find_map(|s| s.text.as_deref())
            .unwrap_or(original)
    }

    /// The offset in the original text of offset `o` in the input of step `step` (the output of
    /// step `step − 1`).
    pub fn original_offset(&self, step: usize, o: usize) -> usize {
        self.steps[..step.min(self.steps.len())]
            .iter()
            .rev()
            .filter(|s| s.step != Step::Fold)
            .fold(o, |o, s| s.to_input(o))
    }

    /// The offset in the original text of offset `o` in the normalised output.
    pub fn output_to_original(&self, o: usize) -> usize {
        let last = self
            .steps
            .iter()
            .rposition(|s| s.step != Step::Fold)
            .map_or(0, |i| i + 1);
        self.original_offset(last, o)
    }

    /// The offset in the normalised output of offset `o` in the original text.
    pub fn original_to_output(&self, o: usize) -> usize {
        self.steps
            .iter()
            .filter(|s| s.step != Step::Fold)
            .fold(o, |o, s| s.to_output(o))
    }
}

/// Unicode version of the normalisation data (icu_normalizer 2.4; `tests/normalization.rs`
/// runs NormalizationTest-18.0.0.txt through it).
pub const NORMALIZATION_UNICODE_VERSION: &str = "18.0";

/// Runs the pipeline over decoded `text`; `encoding` is recorded as step 1.
pub fn run(text: &str, encoding: Option<(&str, &str)>, opts: &Options) -> Pipeline {
    run_with(text, encoding, opts, None)
}

/// [`run`], reusing the findings of a full anomaly scan of the same `text`
/// ([`crate::anomaly::scan_text`]) when the caller already has them: step 2 takes the
/// invisible characters from them and step 4 the split words, instead of scanning again.
pub fn run_with(
    text: &str,
    encoding: Option<(&str, &str)>,
    opts: &Options,
    known: Option<&[crate::anomaly::Finding]>,
) -> Pipeline {
    let mut steps: Vec<StepResult> = Vec::new();
    let mut folded = None;
    for &step in &opts.steps {
        // Each step reads the text the last text-changing step made (the fold is a copy).
        let current = steps
            .iter()
            .rev()
            .filter(|s| s.step != Step::Fold)
            .find_map(|s| s.text.as_deref())
            .unwrap_or(text);
        // Findings of the original text are valid only while nothing has changed it.
        let known_here = known.filter(|_| std::ptr::eq(current, text));
        let r = match step {
            Step::Invisibles => invisibles(current, opts, known_here),
            Step::Normalize => normalize(current, opts),
            Step::Hyphenation => hyphenation(current, known_here),
            Step::Whitespace => whitespace(current, opts),
            Step::Fold => {
                let r = fold(current, opts);
                folded = Some(r.text.clone().unwrap_or_else(|| current.to_string()));
                r
            }
        };
        steps.push(r);
    }
    let current = steps
        .iter()
        .rev()
        .filter(|s| s.step != Step::Fold)
        .find_map(|s| s.text.clone())
        .unwrap_or_else(|| text.to_string());
    let record = Record {
        tool: crate::report::TOOL.name.to_string(),
        tool_version: crate::report::TOOL.version.to_string(),
        unicode_version: NORMALIZATION_UNICODE_VERSION.to_string(),
        encoding: encoding.map(|(e, _)| e.to_string()),
        decided_by: encoding.map(|(_, d)| d.to_string()),
        options: opts.clone(),
        steps: steps
            .iter()
            .map(|s| RecordStep {
                step: s.step.name().to_string(),
                changes: s.changes.len() as u64,
                by_kind: s.counts.iter().map(|(k, n)| (k.to_string(), *n)).collect(),
            })
            .collect(),
    };
    Pipeline {
        steps,
        output: current,
        folded,
        record,
    }
}

/// Normalises a query the way `opts` normalised the documents: the character steps (2, 3, 5
/// without unwrapping, 6) — a query has no line structure to repair.
pub fn normalize_query(query: &str, opts: &Options) -> String {
    let mut q = query.to_string();
    for &step in &opts.steps {
        q = match step {
            Step::Invisibles => invisibles(&q, opts, None).text.unwrap_or(q),
            Step::Normalize => normalize(&q, opts).text.unwrap_or(q),
            Step::Hyphenation => q,
            Step::Whitespace => {
                let o = Options {
                    unwrap_lines: false,
                    ..opts.clone()
                };
                whitespace(&q, &o).text.unwrap_or(q).trim().to_string()
            }
            Step::Fold => fold(&q, opts).text.unwrap_or(q),
        };
    }
    q
}

/// Step 2: removes the invisible characters of the chosen classes. A soft hyphen at a line end
/// is left for step 4, which joins the word it splits.
fn invisibles(text: &str, opts: &Options, known: Option<&[crate::anomaly::Finding]>) -> StepResult {
    let mut changes = Vec::new();
    let mut remove = |class: AnomalyClass, start: usize, end: usize, legitimate: bool| {
        if !opts.remove.contains(&class) || (legitimate && opts.keep_legitimate) {
            return;
        }
        if class == AnomalyClass::SoftHyphen
            && text[end..].starts_with(['\n', '\r'])
            && opts.steps.contains(&Step::Hyphenation)
        {
            return;
        }
        changes.push(Change {
            at: start,
            len: end - start,
            inserted: Cow::Borrowed(""),
            kind: class.name(),
        });
    };
    match known {
        Some(k) => {
            for f in k {
                remove(f.class, f.text_start, f.text_end, f.legitimate);
            }
        }
        // The character walk alone: no finding is built (8 MB of U+FEFF are 2.8 million).
        None => chars::walk(text, true, |h| {
            remove(h.class, h.start, h.end, h.legitimate.is_some())
        }),
    }
    StepResult::new(Step::Invisibles, text, changes)
}

/// Step 3: NFC or NFKC (icu_normalizer), segment by segment so each change is recorded. A
/// boundary before an ASCII character is always a safe place to cut: no normalisation form
/// combines across it.
fn normalize(text: &str, opts: &Options) -> StepResult {
    let nfc = ComposingNormalizerBorrowed::new_nfc();
    let nfkc = ComposingNormalizerBorrowed::new_nfkc();
    let norm = match opts.form {
        Form::Nfc => &nfc,
        Form::Nfkc => &nfkc,
    };
    let kind = match opts.form {
        Form::Nfc => "NFC",
        Form::Nfkc => "NFKC",
    };
    let mut changes = Vec::new();
    // Jump over normalised stretches with the quick check; normalise only the segments around
    // what it stops at. A segment runs from the last ASCII character before the problem (an
    // ASCII character may be the base of combining marks; nothing combines across a cut before
    // one) to the next ASCII character.
    let b = text.as_bytes();
    let mut cache: rustc_hash::FxHashMap<&str, Option<String>> = Default::default();
    // ASCII is normalised under every form: look only at the stretches around non-ASCII text
    // (each a normalisation unit of its own, see `ascii::non_ascii_stretches`).
    for stretch in ascii::non_ascii_stretches(text, 32) {
        let mut pos = stretch.start;
        while pos < stretch.end {
            let (prefix, rest) = norm.split_normalized(&text[pos..stretch.end]);
            if rest.is_empty() {
                break;
            }
            let bad = pos + prefix.len();
            // The problem starts at an ASCII starter (`e` before U+0301), or after the last one.
            let seg_start = if b.get(bad).is_some_and(|&x| x < 0x80) {
                bad
            } else {
                b[pos..bad]
                    .iter()
                    .rposition(|&x| x < 0x80)
                    .map_or(pos, |r| pos + r)
            };
            let seg_end = b[bad..stretch.end]
                .iter()
                .skip(1)
                .position(|&x| x < 0x80)
                .map_or(stretch.end, |r| bad + 1 + r);
            let seg = &text[seg_start..seg_end];
            // Decomposed texts repeat their words: normalise each distinct segment once.
            let normalised = cache
                .entry(seg)
                .or_insert_with(|| {
                    let n = norm.normalize(seg);
                    (n != seg).then(|| n.into_owned())
                })
                .clone();
            if let Some(n) = normalised {
                changes.push(Change {
                    at: seg_start,
                    len: seg.len(),
                    inserted: Cow::Owned(n),
                    kind,
                });
            }
            pos = seg_end;
        }
    }
    if opts.punctuation {
        for (j, c) in text.char_indices().filter(|&(_, c)| !c.is_ascii()) {
            let inside = changes.iter().any(|ch| j >= ch.at && j < ch.at + ch.len);
            if let (Some((class, plain)), false) = (chars::compat(c), inside)
                && matches!(
                    class,
                    AnomalyClass::HyphenLookalike | AnomalyClass::QuoteLookalike
                )
            {
                changes.push(Change {
                    at: j,
                    len: c.len_utf8(),
                    inserted: Cow::Borrowed(plain),
                    kind: "punctuation",
                });
            }
        }
    }
    StepResult::new(Step::Normalize, text, changes)
}

/// Step 4: joins words split by a hyphen (or soft hyphen) at a line end. A soft hyphen left at
/// a line end that splits no word (step 2 kept it for this step) is removed.
fn hyphenation(text: &str, known: Option<&[crate::anomaly::Finding]>) -> StepResult {
    // The anomaly scan already found the split words when nothing has changed the text since.
    let scanned;
    let findings: &[crate::anomaly::Finding] = match known {
        Some(k) => k,
        None => {
            scanned = lines::scan_with(text, lines::Layout::Skip).findings.kept;
            &scanned
        }
    };
    let mut changes: Vec<Change> = findings
        .iter()
        .filter(|f| f.class == AnomalyClass::LineEndHyphen)
        .map(|f| Change {
            at: f.text_start,
            len: f.text_end - f.text_start,
            inserted: f.suggestion.clone().unwrap_or_default(),
            kind: if f.detail == Some(Detail::PossibleCompound) {
                "joined (possible compound)"
            } else {
                "joined"
            },
        })
        .collect();
    let mut end = 0;
    changes.retain(|c| {
        let keep = c.at >= end;
        if keep {
            end = c.at + c.len;
        }
        keep
    });
    for (i, _) in text.match_indices('\u{AD}') {
        let at_line_end = text[i + 2..].starts_with(['\n', '\r']);
        let inside_join = changes.iter().any(|c| i >= c.at && i < c.at + c.len);
        if at_line_end && !inside_join {
            changes.push(Change {
                at: i,
                len: 2,
                inserted: Cow::Borrowed(""),
                kind: "soft hyphen removed",
            });
        }
    }
    changes.sort_by_key(|c| c.at);
    StepResult::new(Step::Hyphenation, text, changes)
}

/// Length of the whitespace character at `b[i]` (ASCII space, TAB, CR, LF, or one of the
/// non-standard spaces in UTF-8), or 0.
fn ws_at(b: &[u8], i: usize) -> usize {
    match b[i] {
        b' ' | b'\t' | b'\r' | b'\n' => 1,
        0xC2 if b.get(i + 1) == Some(&0xA0) => 2,
        0xE1 if b.get(i + 1..i + 3) == Some(&[0x9A, 0x80]) => 3,
        0xE2 => match (b.get(i + 1), b.get(i + 2)) {
            (Some(0x80), Some(0x80..=0x8A | 0xAF)) | (Some(0x81), Some(0x9F)) => 3,
            _ => 0,
        },
        0xE3 if b.get(i + 1..i + 3) == Some(&[0x80, 0x80]) => 3,
        _ => 0,
    }
}

/// Step 5: non-standard spaces and tabs become spaces, runs of spaces one space, single line
/// breaks inside a paragraph a space (when unwrapping), blank lines one paragraph break, and
/// spaces at line ends go.
fn whitespace(text: &str, opts: &Options) -> StepResult {
    let mut changes = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    for_each_ws_candidate(b, |p| {
        if p < i {
            return; // inside a run already handled
        }
        let w = ws_at(b, p);
        if w == 0 {
            return;
        }
        let start = p;
        let mut newlines = 0;
        let mut j = p;
        loop {
            let w = if j < b.len() { ws_at(b, j) } else { 0 };
            if w == 0 {
                break;
            }
            newlines += (b[j] == b'\n') as usize;
            j += w;
        }
        i = j;
        if let Some(change) = ws_change(text, start, j, newlines, opts) {
            changes.push(change);
        }
    });
    StepResult::new(Step::Whitespace, text, changes)
}

/// Whether byte `c` may start whitespace: ASCII controls and space, and the lead bytes of the
/// non-standard spaces (C2 A0, E1 9A 80, E2 80 8x/AF, E2 81 9F, E3 80 80).
#[inline(always)]
fn ws_candidate(c: u8) -> bool {
    c <= 0x20 || c == 0xC2 || (0xE1..=0xE3).contains(&c)
}

/// Calls `f` with the offset of every byte that may start whitespace, except single plain
/// spaces between two non-candidates (the space between two words: nothing to do there).
/// Works on 64-byte blocks with bit masks, so the common case costs no branch per word.
fn for_each_ws_candidate(b: &[u8], mut f: impl FnMut(usize)) {
    let n = b.len();
    let mut block = 0;
    while block < n {
        let end = (block + 64).min(n);
        let mut cand = 0u64;
        let mut space = 0u64;
        for (w, chunk) in b[block..end].chunks(8).enumerate() {
            let x = ascii::word(chunk, b'x');
            // E1–E3: clear the two low bits, compare with E0, leave E0 itself out.
            let e1_e3 =
                ascii::eq_bytes(x & !0x0303_0303_0303_0303, 0xE0) & !ascii::eq_bytes(x, 0xE0);
            let c = ascii::lt_bytes(x, 0x21) | ascii::eq_bytes(x, 0xC2) | e1_e3;
            cand |= ascii::movemask(c) << (8 * w);
            space |= ascii::movemask(ascii::eq_bytes(x, b' ')) << (8 * w);
        }
        let len = end - block;
        // Candidate bits of each byte's neighbours; outside the text counts as a candidate
        // (a space at the very start or end is never the boring case).
        let before = (cand << 1) | (block == 0 || ws_candidate(b[block - 1])) as u64;
        let after_edge = end >= n || ws_candidate(b[end]);
        let after = (cand >> 1) | ((after_edge as u64) << (len - 1));
        let boring = space & !before & !after;
        let mut interesting = cand & !boring;
        while interesting != 0 {
            let k = interesting.trailing_zeros() as usize;
            interesting &= interesting - 1;
            f(block + k);
        }
        block = end;
    }
}

/// The change for the whitespace run `text[start..end]` holding `newlines` line feeds, or
/// `None` when it already is what it should be.
fn ws_change(
    text: &str,
    start: usize,
    end: usize,
    newlines: usize,
    opts: &Options,
) -> Option<Change> {
    let run = &text[start..end];
    let at_start = start == 0;
    let at_end = end == text.len();
    let wanted: &'static str = if at_start {
        ""
    } else if at_end {
        if newlines > 0 { "\n" } else { "" }
    } else if newlines >= 2 {
        "\n\n"
    } else if newlines == 1 && !opts.unwrap_lines {
        "\n"
    } else {
        " "
    };
    if run == wanted {
        return None;
    }
    let kind = if newlines == 1 && wanted == " " {
        "unwrapped"
    } else if newlines >= 2 {
        "paragraph"
    } else if run.contains('\t') {
        "tab"
    } else if run.bytes().any(|x| x >= 0x80) {
        "non-standard space"
    } else {
        "collapsed"
    };
    Some(Change {
        at: start,
        len: run.len(),
        inserted: Cow::Borrowed(wanted),
        kind,
    })
}

/// Step 6: lower-cases and strips accents (NFD, drop combining marks, NFC), word by word.
fn fold(text: &str, opts: &Options) -> StepResult {
    let nfd = DecomposingNormalizerBorrowed::new_nfd();
    let nfc = ComposingNormalizerBorrowed::new_nfc();
    let mut changes = Vec::new();
    let mut pos = 0;
    for word in text.split_inclusive(|c: char| c.is_whitespace()) {
        let start = pos;
        pos += word.len();
        if word.is_ascii() && !(opts.fold_case && word.bytes().any(|b| b.is_ascii_uppercase())) {
            continue;
        }
        let mut w = if opts.fold_case {
            word.to_lowercase()
        } else {
            word.to_string()
        };
        if opts.strip_accents && !w.is_ascii() {
            let d = nfd.normalize(&w);
            let stripped: String = d
                .chars()
                .filter(|&c| !unicode_normalization::char::is_combining_mark(c))
                .collect();
            w = nfc.normalize(&stripped).into_owned();
        }
        if w != word {
            changes.push(Change {
                at: start,
                len: word.len(),
                inserted: Cow::Owned(w),
                kind: "folded",
            });
        }
    }
    StepResult::new(Step::Fold, text, changes)
}

#[cfg(test)]
mod tests;
