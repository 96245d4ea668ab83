//! The corpus audit: every document of a corpus through the whole delineation stage — units,
//! decoding with evidence, extraction, anomalies, language, the seed's tokenizer — and what
//! an analyst needs to find what went wrong: damage signals per document and per source, a
//! "worst documents" ranking that says which signals put each document there, and the
//! frequent terms with their provenance (`lt` traced to `&lt;` bytes, `rã` to UTF-8 read as
//! windows-1252, `infor` to a word split at a line end).
//!
//! The work is per document and the results merge: a [`Partial`] is what one shard of a
//! corpus yields, [`Partial::merge`] is associative and order-independent (examples and the
//! kept worst documents are chosen by a total order, not by arrival), so auditing a corpus in
//! one go or in shards merged afterwards gives the same [`Audit`].

mod drive;
mod report;
mod score;
mod table;
pub mod walk;

use crate::anomaly::{self, AnomalyClass, ScanContext};
use crate::extract::{self, Diagnostic, DiagnosticKind, DocumentUnit, Extraction, UnitChoice};
use crate::langid;
use crate::source::Input;
use crate::terms::TokenRule;
use crate::visible::path_name;
pub use drive::*;
pub use report::*;
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
pub use table::{Counted, DocTerm, DocTerms, TermRef, Terms};
pub use walk::WalkError;

/// Version of the partial-result format.
pub const PARTIAL_VERSION: u32 = 1;

/// What the audit does.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AuditOptions {
    pub tokens: TokenRule,
    /// Frequent terms reported.
    pub top: usize,
    /// Sources are directory prefixes this deep below each root.
    pub source_depth: usize,
    #[serde(skip, default)]
    pub unit: UnitChoice,
    /// Extraction limits (each hit is a diagnostic of the document).
    #[serde(skip, default)]
    pub limits: extract::Limits,
    /// Documents kept in the per-document table (the worst, by score).
    pub max_documents: usize,
    /// Distinct terms kept exactly; beyond it the rarest are dropped (and the audit says so).
    pub max_terms: usize,
    /// Examples kept per term.
    pub examples: usize,
}

impl Default for AuditOptions {
    fn default() -> Self {
        AuditOptions {
            tokens: TokenRule::Alnum,
            top: 50,
            source_depth: 1,
            unit: UnitChoice::Auto,
            limits: extract::Limits::default(),
            max_documents: 10_000,
            max_terms: 1_000_000,
            examples: 3,
        }
    }
}

/// Why a term looks like junk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flag {
    /// Cut out of an undecoded markup entity (`&lt;` → `lt`).
    EntityResidue,
    /// A fragment of a mojibake word (`rÃ©sumÃ©` → `rã`).
    Mojibake,
    /// A fragment of a word split by a hyphen at a line end (`infor-` / `mation`).
    HyphenFragment,
    /// Contains a ligature character (`ﬁle`), or lost one.
    LigatureFragment,
    /// Cut at an invisible character (ZWSP, soft hyphen, a bidi mark) inside a word.
    InvisibleSplit,
    /// Not a word of the corpus's languages (single letters included).
    NonWord,
}

impl Flag {
    pub fn name(self) -> &'static str {
        match self {
            Flag::EntityResidue => "entity-residue",
            Flag::Mojibake => "mojibake",
            Flag::HyphenFragment => "hyphen-fragment",
            Flag::LigatureFragment => "ligature-fragment",
            Flag::InvisibleSplit => "invisible-split",
            Flag::NonWord => "non-word",
        }
    }
}

const OCCURRENCE_FLAGS: [Flag; 5] = [
    Flag::EntityResidue,
    Flag::Mojibake,
    Flag::HyphenFragment,
    Flag::LigatureFragment,
    Flag::InvisibleSplit,
];

/// Where a term (or a finding) occurs.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Example {
    /// Shared by the examples of one unit (a corpus has millions of terms).
    pub path: std::sync::Arc<str>,
    pub unit: std::sync::Arc<str>,
    /// Byte offset in the file, when the unit's text maps back to its bytes.
    pub byte_offset: Option<u64>,
    /// Offset in the unit's text.
    pub text_offset: u64,
    /// The flag this occurrence shows, if any.
    pub flag: Option<Flag>,
}

/// A term's counts over the corpus, apart from its frequency (kept in [`Terms`]' probed part).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TermAcc {
    pub df: u64,
    /// Flags and mix-ups, for the few terms that have any (behind one pointer: two maps
    /// inline made every term's record 40 bytes larger, and a corpus has millions).
    marks: Option<Box<Marks>>,
    /// The smallest few occurrences by (path, unit, offset), flagged ones first.
    pub examples: Vec<Example>,
    /// Working state of the thread that counts (not part of the result): whether the term gave
    /// a flagged example in the current document, and cached lookups.
    scratch: Scratch,
}

/// What made a term suspicious.
#[derive(Clone, Debug, Default, PartialEq)]
struct Marks {
    /// Occurrences that show each flag.
    flags: BTreeMap<Flag, u64>,
    /// For mojibake fragments: the encoding mix-ups that made them.
    mixups: BTreeMap<String, u64>,
}

// A term's record stays small: a corpus has millions, and merging the threads' tables moves
// them all.
const _: () = assert!(std::mem::size_of::<TermAcc>() <= 72);

static NO_FLAGS: BTreeMap<Flag, u64> = BTreeMap::new();
static NO_MIXUPS: BTreeMap<String, u64> = BTreeMap::new();

/// Marks [`Scratch::stop`] as looked up (stop-word languages use the low 43 bits).
const STOP_KNOWN: u64 = 1 << 63;
/// Marks [`Scratch::stop`] of a term without a letter (`1987`, `12`).
const DIGITS_ONLY: u64 = 1 << 62;

/// Per-term working state while a thread audits documents one after another.
#[derive(Clone, Debug, Default, PartialEq)]
struct Scratch {
    doc_flagged: bool,
    /// Bits of the languages this term is a frequent word of ([`langid::stopword_bits`]), plus
    /// [`STOP_KNOWN`] once looked up (kept small: a corpus has millions of terms).
    stop: u64,
    /// Last word-list answer: the language's `'static` code pointer (0: none) and the answer.
    word_lang: usize,
    word: bool,
    /// The examples are full of unflagged occurrences from files up to this ordinal (in path
    /// order): an unflagged occurrence in a later file cannot enter. 0: not known.
    full_before: u32,
}

impl TermAcc {
    /// A record with these counts (from a partial file).
    pub fn with(
        df: u64,
        flags: BTreeMap<Flag, u64>,
        mixups: BTreeMap<String, u64>,
        examples: Vec<Example>,
    ) -> TermAcc {
        let any = !flags.is_empty() || !mixups.is_empty();
        TermAcc {
            df,
            marks: any.then(|| Box::new(Marks { flags, mixups })),
            examples,
            ..TermAcc::default()
        }
    }

    /// Occurrences that show each flag.
    pub fn flags(&self) -> &BTreeMap<Flag, u64> {
        self.marks.as_ref().map_or(&NO_FLAGS, |m| &m.flags)
    }

    /// For mojibake fragments: the encoding mix-ups that made them.
    pub fn mixups(&self) -> &BTreeMap<String, u64> {
        self.marks.as_ref().map_or(&NO_MIXUPS, |m| &m.mixups)
    }

    fn marks_mut(&mut self) -> &mut Marks {
        self.marks.get_or_insert_with(Box::default)
    }

    fn merge(&mut self, o: TermAcc, keep: usize) {
        self.df = self.df.saturating_add(o.df);
        if let Some(o) = o.marks {
            let m = self.marks_mut();
            for (k, v) in o.flags {
                add_to(m.flags.entry(k).or_default(), v);
            }
            for (k, v) in o.mixups {
                add_to(m.mixups.entry(k).or_default(), v);
            }
        }
        if !o.examples.is_empty() {
            self.examples.extend(o.examples);
            sort_examples(&mut self.examples);
            self.examples.truncate(keep);
        }
    }
}

/// Would an occurrence (flagged or not, at `path`/`unit`) enter `examples` (sorted, at most
/// `keep`)? Compares without building the example; ties are left to [`sort_examples`].
fn example_may_enter(
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
fn sort_examples(v: &mut Vec<Example>) {
    v.sort_by(|a, b| {
        b.flag
            .is_some()
            .cmp(&a.flag.is_some())
            .then_with(|| a.cmp(b))
    });
    v.dedup();
}

/// The damage signals of one document unit.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Signals {
    pub chars: u64,
    pub tokens: u64,
    /// U+FFFD in the text (from this decode or an earlier one).
    pub replacement_chars: u64,
    /// Sequences the decoder could not read.
    pub decode_errors: u64,
    /// Invalid UTF-8 sequences in the bytes (decoded under a legacy encoding).
    pub invalid_utf8: u64,
    /// Invisible, control and bidi characters that are damage (legitimate ZWJ etc. excluded).
    pub invisible: u64,
    pub mojibake_words: u64,
    pub entity_residue: u64,
    pub split_words: u64,
    pub lines: u64,
    pub hyphen_line_rate: f64,
    /// Tokens of letters checked against the language's word list, and those not in it.
    pub checked_tokens: u64,
    pub non_words: u64,
    pub has_composed: bool,
    pub has_decomposed: bool,
    /// Extraction problems that leave text out: a limit reached, damage, encryption, an
    /// extractor failure (each is also listed in the document's findings).
    #[serde(default)]
    pub extraction_problems: u64,
}

impl Signals {
    /// Normalisation forms present: `NFC`, `NFD`, `mixed` or `ascii` (no accents at all).
    pub fn forms(&self) -> &'static str {
        match (self.has_composed, self.has_decomposed) {
            (true, true) => "mixed",
            (true, false) => "NFC",
            (false, true) => "NFD",
            (false, false) => "none",
        }
    }

    /// Adds `o`'s counts (and forms) to these; `hyphen_lines` is what `o` adds to the
    /// hyphen-line sum (a unit's rate weighted by its lines, or an already weighted sum).
    /// Counts saturate rather than wrap: merged partials are read from files anybody could
    /// have written, and [`Partial::implausible`] turns a saturated count into an error.
    fn sum(&mut self, o: &Signals, hyphen_lines: f64) {
        let add = |a: &mut u64, b: u64| *a = a.saturating_add(b);
        add(&mut self.chars, o.chars);
        add(&mut self.tokens, o.tokens);
        add(&mut self.replacement_chars, o.replacement_chars);
        add(&mut self.decode_errors, o.decode_errors);
        add(&mut self.invalid_utf8, o.invalid_utf8);
        add(&mut self.invisible, o.invisible);
        add(&mut self.mojibake_words, o.mojibake_words);
        add(&mut self.entity_residue, o.entity_residue);
        add(&mut self.split_words, o.split_words);
        add(&mut self.lines, o.lines);
        add(&mut self.checked_tokens, o.checked_tokens);
        add(&mut self.non_words, o.non_words);
        add(&mut self.extraction_problems, o.extraction_problems);
        self.has_composed |= o.has_composed;
        self.has_decomposed |= o.has_decomposed;
        self.hyphen_line_rate += hyphen_lines;
    }

    /// Tokens not in the language's word list / tokens checked (`None` without a list).
    pub fn non_word_ratio(&self) -> Option<f64> {
        (self.checked_tokens > 0).then(|| self.non_words as f64 / self.checked_tokens as f64)
    }
}

/// One document unit's line in the damage table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DocReport {
    pub path: String,
    /// The file name's bytes, when they are not UTF-8 (`path` shows them as `\xFF`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_bytes: Option<Vec<u8>>,
    pub unit: String,
    pub id: String,
    pub source: String,
    pub format: String,
    pub encoding: Option<String>,
    pub decided_by: Option<String>,
    pub language: String,
    pub signals: Signals,
    /// Anomaly counts by class (damage only).
    pub by_class: BTreeMap<String, u64>,
    /// The "worst documents" score, and the signals that made it, largest first.
    pub score: f64,
    pub reasons: Vec<String>,
    /// The first findings with their places (for jump-to).
    pub findings: Vec<FindingRef>,
    /// Why the document could not be audited, when it could not.
    pub error: Option<String>,
}

/// A finding's class and place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindingRef {
    pub class: String,
    pub byte_offset: Option<u64>,
    pub text_offset: u64,
    /// What the extractor said (for extraction problems).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// When the problem is a limit reached: which (a front end names the option).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<crate::extract::LimitKind>,
}

/// Per-source sums.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SourceAcc {
    pub units: u64,
    pub bytes: u64,
    pub signals: Signals,
    pub encodings: BTreeMap<String, u64>,
    pub languages: BTreeMap<String, u64>,
    pub mixed_forms: u64,
    pub errors: u64,
    pub score_sum: f64,
}

impl SourceAcc {
    fn add(&mut self, d: &DocReport, bytes: u64) {
        self.units += 1;
        self.bytes += bytes;
        // Hyphen-line rate as lines-weighted: keep the count of hyphenated lines in the rate.
        self.signals.sum(
            &d.signals,
            d.signals.hyphen_line_rate * d.signals.lines as f64,
        );
        let o = &d.signals;
        if let Some(e) = &d.encoding {
            *self.encodings.entry(e.clone()).or_default() += 1;
        }
        *self.languages.entry(d.language.clone()).or_default() += 1;
        self.mixed_forms += (o.forms() == "mixed") as u64;
        self.errors += d.error.is_some() as u64;
        self.score_sum += d.score;
    }

    fn merge(&mut self, o: SourceAcc) {
        add_to(&mut self.units, o.units);
        add_to(&mut self.bytes, o.bytes);
        self.signals.sum(&o.signals, o.signals.hyphen_line_rate);
        for (k, v) in o.encodings {
            add_to(self.encodings.entry(k).or_default(), v);
        }
        for (k, v) in o.languages {
            add_to(self.languages.entry(k).or_default(), v);
        }
        add_to(&mut self.mixed_forms, o.mixed_forms);
        add_to(&mut self.errors, o.errors);
        self.score_sum += o.score_sum;
    }
}

/// What one shard of a corpus yields; partials merge into one.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Partial {
    pub version: u32,
    pub tokens: TokenRule,
    pub files: u64,
    pub bytes: u64,
    pub units: u64,
    pub formats: BTreeMap<String, u64>,
    /// Encoding → how it was decided → units.
    pub encodings: BTreeMap<String, BTreeMap<String, u64>>,
    pub languages: BTreeMap<String, u64>,
    pub forms: BTreeMap<String, u64>,
    pub totals: Signals,
    pub sources: BTreeMap<String, SourceAcc>,
    /// The worst documents (at most `max_documents`); in score order once the audit ends
    /// (a merge sorts only to cut the list, and the report sorts what it shows).
    pub documents: Vec<DocReport>,
    pub terms: Terms,
    /// Terms dropped to bound memory (their counts are not in `terms`).
    pub pruned_terms: u64,
    pub pruned_below_tf: u64,
    /// How many times a term table was pruned (each drops only terms below `pruned_below_tf`).
    #[serde(default)]
    pub prunes: u64,
    pub errors: Vec<WalkError>,
    pub not_utf8: Vec<Example>,
    pub interrupted: bool,
    /// The shards this result covers ([`shard_id`] of each `audit --emit-partial`), so that
    /// merging one shard twice is an error rather than doubled counts.
    #[serde(default)]
    pub shards: Vec<String>,
}

impl Partial {
    /// Shows every path below `from` as below `to` instead (documents, sources, term examples,
    /// errors, files that are not UTF-8): a corpus staged in a local directory — a shard of
    /// files fetched from HDFS or S3 — is reported under the names it has where it lives. One
    /// prefix for all keeps the order of paths that have it, so examples and documents chosen
    /// by path stay the ones a direct audit chooses.
    pub fn rebase(&mut self, from: &str, to: &str) {
        // `DIR/` and `DIR` are the same root; a path is below it when `/` follows.
        let (from, to) = (from.trim_end_matches('/'), to.trim_end_matches('/'));
        let below = |rest: &[u8]| rest.is_empty() || rest[0] == b'/';
        let swap = |p: &str| -> Option<String> {
            let rest = p.strip_prefix(from)?;
            below(rest.as_bytes()).then(|| format!("{to}{rest}"))
        };
        let swap_bytes = |b: &mut Option<Vec<u8>>| {
            if let Some(rest) = b.as_deref().and_then(|b| b.strip_prefix(from.as_bytes()))
                && below(rest)
            {
                *b = Some([to.as_bytes(), rest].concat());
            }
        };
        for d in &mut self.documents {
            if let Some(p) = swap(&d.path) {
                // The id names the unit by its path: the shown one, where the id is the one
                // the path and locator give (a unit of an embedded file keeps its own).
                if crate::extract::unit_id_of(&d.path, &d.unit) == d.id {
                    d.id = crate::extract::unit_id_of(&p, &d.unit);
                }
                d.path = p;
                swap_bytes(&mut d.path_bytes);
            }
            if let Some(s) = swap(&d.source) {
                d.source = s;
            }
        }
        let sources = std::mem::take(&mut self.sources);
        self.sources = sources
            .into_iter()
            .map(|(k, v)| (swap(&k).unwrap_or(k), v))
            .collect();
        for e in &mut self.errors {
            if let Some(p) = swap(&e.path) {
                e.path = p;
                swap_bytes(&mut e.path_bytes);
            }
        }
        // Examples share their path's allocation: keep sharing it.
        let mut done: std::collections::HashMap<std::sync::Arc<str>, std::sync::Arc<str>> =
            std::collections::HashMap::new();
        let mut fix = |ex: &mut Example| {
            let new = done
                .entry(ex.path.clone())
                .or_insert_with(|| swap(&ex.path).map_or_else(|| ex.path.clone(), Into::into))
                .clone();
            ex.path = new;
        };
        for ex in &mut self.not_utf8 {
            fix(ex);
        }
        for acc in self.terms.accs_mut() {
            for ex in &mut acc.examples {
                fix(ex);
            }
        }
    }
}

/// `*a += b`, saturating: merged counts come from files, and a saturated count is caught by
/// [`Partial::implausible`] instead of wrapping to a small, wrong number.
fn add_to(a: &mut u64, b: u64) {
    *a = a.saturating_add(b);
}

/// Counts above this are not from a corpus (2^62: four exbi-units of anything), so a partial
/// holding one was damaged, forged, or overflowed in a merge.
pub const MAX_PLAUSIBLE_COUNT: u64 = 1 << 62;

/// A stable name for the shard that audited `files` (FNV-1a of their names in order, and how
/// many): auditing the same files gives the same name, so a merge can refuse a repeat.
pub fn shard_id(files: &[PathBuf]) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for f in files {
        for &b in f.as_os_str().as_bytes().iter().chain(&[0u8]) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}-{}", files.len())
}

/// The order of the worst documents: score, then place.
fn doc_order(a: &DocReport, b: &DocReport) -> std::cmp::Ordering {
    b.score
        .total_cmp(&a.score)
        .then_with(|| a.path.cmp(&b.path))
        .then_with(|| a.unit.cmp(&b.unit))
}

impl Partial {
    fn new(tokens: TokenRule) -> Partial {
        Partial {
            version: PARTIAL_VERSION,
            tokens,
            ..Default::default()
        }
    }

    /// Folds `o` into `self`. Counts saturate (see [`Partial::implausible`]); the shards of
    /// both are kept, so that a shard merged twice can be told ([`Partial::shared_shard`]).
    pub fn merge(&mut self, o: Partial, opts: &AuditOptions) {
        add_to(&mut self.files, o.files);
        add_to(&mut self.bytes, o.bytes);
        add_to(&mut self.units, o.units);
        for (k, v) in o.formats {
            add_to(self.formats.entry(k).or_default(), v);
        }
        for (k, m) in o.encodings {
            let e = self.encodings.entry(k).or_default();
            for (by, n) in m {
                add_to(e.entry(by).or_default(), n);
            }
        }
        for (k, v) in o.languages {
            add_to(self.languages.entry(k).or_default(), v);
        }
        for (k, v) in o.forms {
            add_to(self.forms.entry(k).or_default(), v);
        }
        self.shards.extend(o.shards);
        self.shards.sort();
        self.totals.sum(&o.totals, o.totals.hyphen_line_rate);
        for (k, v) in o.sources {
            self.sources.entry(k).or_default().merge(v);
        }
        self.documents.extend(o.documents);
        // The two biggest parts of a merge touch different fields: side by side.
        let (documents, terms) = (&mut self.documents, &mut self.terms);
        rayon::join(
            || {
                if documents.len() > opts.max_documents {
                    documents.sort_by(doc_order);
                    documents.truncate(opts.max_documents);
                }
            },
            || terms.merge(o.terms, opts.examples),
        );
        add_to(&mut self.pruned_terms, o.pruned_terms);
        self.pruned_below_tf = self.pruned_below_tf.max(o.pruned_below_tf);
        add_to(&mut self.prunes, o.prunes);
        self.errors.extend(o.errors);
        self.errors.sort();
        self.not_utf8.extend(o.not_utf8);
        self.not_utf8.sort();
        self.interrupted |= o.interrupted;
        self.bound_terms(opts.max_terms);
    }

    /// A shard both `self` and `o` cover: merging them would count its files twice.
    pub fn shared_shard<'a>(&self, o: &'a Partial) -> Option<&'a str> {
        o.shards
            .iter()
            .find(|s| self.shards.binary_search(s).is_ok())
            .map(String::as_str)
    }

    /// The first count that no corpus can have (above [`MAX_PLAUSIBLE_COUNT`]), named: a
    /// partial written by hand, damaged, or a merge that saturated.
    pub fn implausible(&self) -> Option<String> {
        let big = |v: u64| v > MAX_PLAUSIBLE_COUNT;
        let t = &self.totals;
        let top = [
            ("files", self.files),
            ("bytes", self.bytes),
            ("units", self.units),
            ("totals.chars", t.chars),
            ("totals.tokens", t.tokens),
            ("totals.replacement_chars", t.replacement_chars),
            ("totals.decode_errors", t.decode_errors),
            ("totals.invalid_utf8", t.invalid_utf8),
            ("totals.invisible", t.invisible),
            ("totals.mojibake_words", t.mojibake_words),
            ("totals.entity_residue", t.entity_residue),
            ("totals.split_words", t.split_words),
            ("totals.lines", t.lines),
            ("totals.checked_tokens", t.checked_tokens),
            ("totals.non_words", t.non_words),
            ("totals.extraction_problems", t.extraction_problems),
            ("pruned_terms", self.pruned_terms),
        ];
        if let Some((name, v)) = top.iter().find(|(_, v)| big(*v)) {
            return Some(format!("{name} = {v}"));
        }
        for (kind, map) in [
            ("formats", &self.formats),
            ("languages", &self.languages),
            ("forms", &self.forms),
        ] {
            if let Some((k, v)) = map.iter().find(|(_, v)| big(**v)) {
                return Some(format!("{kind}.{k} = {v}"));
            }
        }
        for (k, m) in &self.encodings {
            if let Some((by, v)) = m.iter().find(|(_, v)| big(**v)) {
                return Some(format!("encodings.{k}.{by} = {v}"));
            }
        }
        for (k, src) in &self.sources {
            if big(src.units) || big(src.bytes) || big(src.signals.tokens) {
                return Some(format!(
                    "sources.{k}: units {}, bytes {}",
                    src.units, src.bytes
                ));
            }
        }
        self.terms
            .iter()
            .find(|t| big(t.tf) || big(t.acc.df))
            .map(|t| format!("terms.{}: tf {}, df {}", t.term, t.tf, t.acc.df))
    }

    /// Keeps the term table within `max` entries by dropping the rarest terms.
    fn bound_terms(&mut self, max: usize) {
        if self.terms.len() <= max {
            return;
        }
        let mut tfs = self.terms.tfs();
        let k = self.terms.len() - max;
        tfs.select_nth_unstable(k);
        let cut = tfs[k];
        self.pruned_terms += self.terms.drop_up_to(cut) as u64;
        self.pruned_below_tf = self.pruned_below_tf.max(cut + 1);
        self.prunes += 1;
    }
}

/// How far an audit got (for progress bars).
#[derive(Debug, Default)]
pub struct Progress {
    pub files_done: AtomicU64,
    pub files_total: AtomicU64,
    pub bytes_done: AtomicU64,
}

/// The diagnostics that concern unit `u`: its own, and those of its file (decoding is decided
/// once for a collection of units, e.g. an SGML file) that it has no own version of — the
/// charset decision for every unit, an invalid-UTF-8 report for the unit holding its first
/// invalid byte.
fn unit_diagnostics<'a>(
    u: &'a DocumentUnit,
    file: &'a [Diagnostic],
) -> impl Iterator<Item = &'a Diagnostic> {
    let own = |k: DiagnosticKind| u.diagnostics.iter().any(|d| d.kind == k);
    let inherit: Vec<&'a Diagnostic> = file
        .iter()
        .filter(|d| match d.kind {
            DiagnosticKind::Charset => !own(DiagnosticKind::Charset),
            DiagnosticKind::NotUtf8 | DiagnosticKind::DecodeErrors => {
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
fn is_problem(k: DiagnosticKind) -> bool {
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
fn first_located(diags: &[Diagnostic]) -> Option<u64> {
    diags
        .iter()
        .filter(|d| is_problem(d.kind))
        .find_map(|d| d.byte_span.map(|b| b.start))
}

/// Byte offset of text offset `t` of unit `u`, when its text maps to the file's bytes.
fn byte_offset(u: &DocumentUnit, t: usize) -> Option<u64> {
    let m = u.offsets.as_ref()?;
    m.span_of(&u.text, t).map(|s| s.start)
}

/// Is `c` a character that should not cut a word (format characters: ZWSP, soft hyphen, bidi
/// marks, BOM)?
fn invisible(c: char) -> bool {
    matches!(
        crate::unicode::char_info(c).category,
        unicode_properties::GeneralCategory::Format
    )
}

/// One thread's working state: the language identifier, a document stamp and scratch space.
pub struct Worker {
    lang_id: langid::Identifier,
    doc: u32,
    /// 1-based place of the current file in path order (0: unknown).
    ordinal: u32,
    /// The current document's distinct terms.
    seen: table::DocTerms,
    buf: String,
}

/// Loads what every audited document needs — the language models, the stop-word and word
/// lists — so that a caller can do it while it does something else (the walk).
pub fn warm_up() {
    let _ = langid::models();
    let _ = langid::stopword_bits("the");
    let _ = langid::is_word("en", "the");
}

impl Worker {
    pub fn new() -> Worker {
        Worker {
            lang_id: langid::Identifier::new(&langid::Options::default()),
            doc: 0,
            ordinal: 0,
            seen: table::DocTerms::default(),
            buf: String::new(),
        }
    }
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

/// Where a token comes from, judged from the text around it and the scan's findings.
struct Provenance<'a> {
    bytes: &'a [u8],
    text: &'a str,
    moji: &'a [(usize, usize, String)],
    split: &'a [(usize, usize)],
    /// Cursors into `moji` and `split` (tokens are judged in text order).
    moji_at: Cell<usize>,
    split_at: Cell<usize>,
}

impl Provenance<'_> {
    fn flag(&self, a: usize, b: usize, term: &str) -> Option<Flag> {
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

/// Audits one unit: its damage signals into the returned report, its terms into `terms`.
///
/// The language comes from stop-word votes over all the unit's tokens (the markup seed's
/// frequent-word evidence, nearly free during tokenization), and from the n-gram model on the
/// first 160 characters only when the votes are not clear.
/// The diagnostics of a unit's file: all of them, and the file-level problems charged to this
/// unit (a file's problems go with its first unit, so they are counted once).
#[derive(Clone, Copy)]
struct FileDiags<'a> {
    all: &'a [Diagnostic],
    problems: &'a [&'a Diagnostic],
}

fn audit_unit(
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
                let digits_only = !term.chars().any(crate::terms::is_alphabetic);
                acc.scratch.stop = langid::stopword_bits(term)
                    | STOP_KNOWN
                    | if digits_only { DIGITS_ONLY } else { 0 };
            }
            // Numbers belong to no language: they neither vote nor dilute the votes (a table
            // of figures is as English as its few words). Only the document's start votes,
            // as for the explorer (`langid::document_votes`).
            if acc.scratch.stop & DIGITS_ONLY == 0 && a < langid::DOCUMENT_PREFIX {
                votes.add_bits(acc.scratch.stop & !(STOP_KNOWN | DIGITS_ONLY));
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
            if !term.chars().all(crate::terms::is_alphabetic) {
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
    let decided_by = decided_by.map(|b| b.name().to_string());
    let contrib = score::contributions(&s, first_problem, declared);
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
fn non_word_languages(languages: &BTreeMap<String, u64>) -> Vec<&str> {
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
fn audit_file(
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
fn audit_input(
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

#[cfg(test)]
mod tests;
