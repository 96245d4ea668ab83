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
mod likely;
mod report;
mod score;
mod table;
mod unit;
pub mod walk;

use crate::extract::{self, UnitChoice};
use crate::langid;
use crate::source::Input;
use crate::terms::TokenRule;
use crate::visible::path_name;
pub use drive::*;
pub use likely::name_likely_encodings;
pub use report::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
pub use table::{Counted, DocTerm, DocTerms, TermRef, Terms};
use unit::{audit_file, audit_input, non_word_languages, sort_examples};
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
    /// The encoding the bytes most likely are, when statistics alone chose `encoding` for a
    /// file that is not UTF-8 and the likely verdict (issue 18) names another.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub likely: Option<LikelyEncoding>,
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

/// The likely verdict of a document's encoding: its name and calibrated confidence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LikelyEncoding {
    pub name: String,
    pub confidence: f64,
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

#[cfg(test)]
mod tests;
