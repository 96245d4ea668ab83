//! The audit's report: a [`Partial`] folded into what an analyst reads — the summary, the
//! worst documents, the sources side by side, the frequent terms with their provenance — and
//! `--fail-on`, which gates a pipeline on its figures.

use super::*;

/// A frequent term in the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TermRow {
    pub rank: u64,
    pub term: String,
    pub tf: u64,
    pub df: u64,
    pub df_percent: f64,
    /// Flags with the share of occurrences that show them (`non-word` is judged by the word
    /// lists of the corpus's main languages).
    pub flags: Vec<FlagRow>,
    pub mixups: Vec<String>,
    pub examples: Vec<Example>,
}

impl TermRow {
    /// Worth an analyst's look: a non-word, or a term of which at least 5 % of the occurrences
    /// show a flag (`the` once cut from `-the-` at a line end is not).
    pub fn suspicious(&self) -> bool {
        self.flags
            .iter()
            .any(|f| f.flag == Flag::NonWord || f.occurrences * 20 >= self.tf)
    }
}

/// One flag of a term.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FlagRow {
    pub flag: Flag,
    pub occurrences: u64,
}

/// A source's line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SourceRow {
    pub source: String,
    pub units: u64,
    pub bytes: u64,
    pub replacement_per_k: f64,
    pub invalid_utf8: u64,
    pub invisible_per_k: f64,
    pub mojibake_per_k: f64,
    pub entities_per_k: f64,
    pub hyphen_line_rate: f64,
    pub non_word_ratio: Option<f64>,
    pub mixed_forms: u64,
    pub mean_score: f64,
    pub encodings: BTreeMap<String, u64>,
    pub languages: BTreeMap<String, u64>,
}

/// The corpus summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub files: u64,
    pub units: u64,
    pub bytes: u64,
    pub formats: BTreeMap<String, u64>,
    pub encodings: BTreeMap<String, BTreeMap<String, u64>>,
    pub languages: BTreeMap<String, u64>,
    pub forms: BTreeMap<String, u64>,
    pub totals: Signals,
    pub tokens: TokenRule,
    pub distinct_terms: u64,
    pub pruned_terms: u64,
    /// When terms were dropped: the most any reported tf (or df) can fall short of the true
    /// count (each pruning dropped a term only while its count was below the cut, and it was
    /// counted afresh afterwards). 0: all counts are exact.
    pub max_undercount: u64,
    pub not_utf8: Vec<Example>,
    pub errors: Vec<WalkError>,
    pub interrupted: bool,
}

/// The audit report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Audit {
    pub summary: Summary,
    pub documents: Vec<DocReport>,
    pub sources: Vec<SourceRow>,
    pub terms: Vec<TermRow>,
}

/// Builds the report from a (merged) partial.
pub fn report(p: &Partial, opts: &AuditOptions) -> Audit {
    build_report(p, &[&p.terms], p.documents.clone(), opts)
}

/// [`report`], moving the partial's documents into the report instead of copying them (the
/// last step of a command line audit: ten thousand documents are worth not copying).
pub fn report_taking_documents(p: &mut Partial, opts: &AuditOptions) -> Audit {
    let documents = std::mem::take(&mut p.documents);
    build_report(p, &[&p.terms], documents, opts)
}

/// A term of the report: its text, its frequency and its record, borrowed from a single
/// table or folded together from several.
type Ranked<'a> = (&'a str, u64, std::borrow::Cow<'a, TermAcc>);

/// The `top` most frequent terms (then in term order) of the term tables of one audit (the
/// threads' tables, not folded together), each with its record folded together from the
/// tables that have it (keeping `keep` examples), and how many distinct terms the tables hold
/// between them.
fn top_terms<'a>(tables: &[&'a Terms], top: usize, keep: usize) -> (Vec<Ranked<'a>>, u64) {
    // A term is listed by the first table that has it, with its frequency over all of them.
    let mut listed: Vec<(&'a str, u64, &'a TermAcc, usize)> = Vec::new();
    for (i, t) in tables.iter().enumerate() {
        for r in t.iter() {
            if tables[..i].iter().any(|e| e.get(r.term).is_some()) {
                continue;
            }
            let rest: u64 = tables[i + 1..]
                .iter()
                .filter_map(|e| e.get(r.term))
                .map(|e| e.tf)
                .sum();
            listed.push((r.term, r.tf + rest, r.acc, i));
        }
    }
    let distinct = listed.len() as u64;
    // The terms are compared only to break equal frequencies (lazily: this selection runs
    // over every distinct term of the corpus, serially).
    let order = |a: &(&str, u64, &TermAcc, usize), b: &(&str, u64, &TermAcc, usize)| {
        b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0))
    };
    if top < listed.len() {
        listed.select_nth_unstable_by(top, order);
        listed.truncate(top);
    }
    listed.sort_by(order);
    let ranked = listed
        .into_iter()
        .map(|(term, tf, acc, i)| {
            let others: Vec<&TermAcc> = tables[i + 1..]
                .iter()
                .filter_map(|e| e.get(term))
                .map(|e| e.acc)
                .collect();
            let acc = if others.is_empty() {
                std::borrow::Cow::Borrowed(acc)
            } else {
                let mut folded = acc.clone();
                for o in others {
                    folded.merge(o.clone(), keep);
                }
                std::borrow::Cow::Owned(folded)
            };
            (term, tf, acc)
        })
        .collect();
    (ranked, distinct)
}

pub(super) fn build_report(
    p: &Partial,
    tables: &[&Terms],
    mut documents: Vec<DocReport>,
    opts: &AuditOptions,
) -> Audit {
    // Worst first (a partial's list is in that order once an audit ends; a merge in progress
    // only cuts it).
    documents.sort_by(doc_order);
    let main = non_word_languages(&p.languages);
    // The top terms by selection, then sorted: a corpus has up to a million terms.
    let (ranked, distinct_terms) = top_terms(tables, opts.top, opts.examples);
    let units = p.units.max(1) as f64;
    let terms = ranked
        .into_iter()
        .enumerate()
        .map(|(i, (t, tf, a))| {
            let mut flags: Vec<FlagRow> = OCCURRENCE_FLAGS
                .iter()
                .filter_map(|f| {
                    a.flags().get(f).map(|&n| FlagRow {
                        flag: *f,
                        occurrences: n,
                    })
                })
                .collect();
            let letters = t.chars().all(char::is_alphabetic);
            if letters
                && !main.is_empty()
                && main.iter().all(|l| langid::is_word(l, t) == Some(false))
            {
                flags.push(FlagRow {
                    flag: Flag::NonWord,
                    occurrences: tf,
                });
            }
            TermRow {
                rank: i as u64 + 1,
                term: t.to_string(),
                tf,
                df: a.df,
                df_percent: (a.df as f64 * 1000.0 / units).round() / 10.0,
                flags,
                mixups: a.mixups().keys().cloned().collect(),
                examples: a.examples.clone(),
            }
        })
        .collect();
    let sources = p
        .sources
        .iter()
        .map(|(k, a)| {
            let s = &a.signals;
            let per_k =
                |n: u64| (n as f64 * 1000.0 / s.chars.max(1) as f64 * 100.0).round() / 100.0;
            SourceRow {
                source: k.clone(),
                units: a.units,
                bytes: a.bytes,
                replacement_per_k: per_k(s.replacement_chars + s.decode_errors),
                invalid_utf8: s.invalid_utf8,
                invisible_per_k: per_k(s.invisible),
                mojibake_per_k: per_k(s.mojibake_words),
                entities_per_k: per_k(s.entity_residue),
                hyphen_line_rate: if s.lines > 0 {
                    (s.hyphen_line_rate / s.lines as f64 * 10000.0).round() / 10000.0
                } else {
                    0.0
                },
                non_word_ratio: s.non_word_ratio().map(|r| (r * 1000.0).round() / 1000.0),
                mixed_forms: a.mixed_forms,
                mean_score: (a.score_sum / a.units.max(1) as f64 * 100.0).round() / 100.0,
                encodings: a.encodings.clone(),
                languages: a.languages.clone(),
            }
        })
        .collect();
    let mut totals = p.totals.clone();
    if totals.lines > 0 {
        totals.hyphen_line_rate /= totals.lines as f64;
    }
    Audit {
        summary: Summary {
            files: p.files,
            units: p.units,
            bytes: p.bytes,
            formats: p.formats.clone(),
            encodings: p.encodings.clone(),
            languages: p.languages.clone(),
            forms: p.forms.clone(),
            totals,
            tokens: p.tokens,
            distinct_terms,
            pruned_terms: p.pruned_terms,
            max_undercount: p.prunes * p.pruned_below_tf.saturating_sub(1),
            not_utf8: p.not_utf8.clone(),
            errors: p.errors.clone(),
            interrupted: p.interrupted,
        },
        documents,
        sources,
        terms,
    }
}

/// A corpus-wide signal a run can be gated on (the CLI's `--fail-on SIGNAL>THRESHOLD`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    Replacement,
    DecodeErrors,
    InvalidUtf8,
    Invisible,
    Mojibake,
    Entities,
    SplitWords,
    HyphenLineRate,
    NonWordRatio,
    ExtractionProblems,
    Errors,
    WorstScore,
}

impl Signal {
    /// Every signal, in the order they are listed.
    pub const ALL: [Signal; 12] = [
        Signal::Replacement,
        Signal::DecodeErrors,
        Signal::InvalidUtf8,
        Signal::Invisible,
        Signal::Mojibake,
        Signal::Entities,
        Signal::SplitWords,
        Signal::HyphenLineRate,
        Signal::NonWordRatio,
        Signal::ExtractionProblems,
        Signal::Errors,
        Signal::WorstScore,
    ];

    /// The signal's name (kebab-case, as the report's totals say it).
    pub fn name(self) -> &'static str {
        match self {
            Signal::Replacement => "replacement",
            Signal::DecodeErrors => "decode-errors",
            Signal::InvalidUtf8 => "invalid-utf8",
            Signal::Invisible => "invisible",
            Signal::Mojibake => "mojibake",
            Signal::Entities => "entities",
            Signal::SplitWords => "split-words",
            Signal::HyphenLineRate => "hyphen-line-rate",
            Signal::NonWordRatio => "non-word-ratio",
            Signal::ExtractionProblems => "extraction-problems",
            Signal::Errors => "errors",
            Signal::WorstScore => "worst-score",
        }
    }

    /// The signal called `name`.
    pub fn from_name(name: &str) -> Option<Signal> {
        Signal::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The signal's value in `a`.
    pub fn value(self, a: &Audit) -> f64 {
        let t = &a.summary.totals;
        match self {
            Signal::Replacement => t.replacement_chars as f64,
            Signal::DecodeErrors => t.decode_errors as f64,
            Signal::InvalidUtf8 => t.invalid_utf8 as f64,
            Signal::Invisible => t.invisible as f64,
            Signal::Mojibake => t.mojibake_words as f64,
            Signal::Entities => t.entity_residue as f64,
            Signal::SplitWords => t.split_words as f64,
            Signal::HyphenLineRate => t.hyphen_line_rate,
            Signal::NonWordRatio => t.non_word_ratio().unwrap_or(0.0),
            Signal::ExtractionProblems => t.extraction_problems as f64,
            Signal::Errors => a.summary.errors.len() as f64,
            Signal::WorstScore => a.documents.first().map_or(0.0, |d| d.score),
        }
    }
}

/// A gate: the run fails when `signal` is above `threshold`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FailOn {
    pub signal: Signal,
    pub threshold: f64,
}

impl FailOn {
    /// The signal's value in `a` when it is above the threshold.
    pub fn exceeded(&self, a: &Audit) -> Option<f64> {
        let v = self.signal.value(a);
        (v > self.threshold).then_some(v)
    }
}

/// `n` documents in memory, each with a little of the damage the audit counts (an entity,
/// mojibake, a zero-width space, a split word) and terms shared by some of them, under three
/// sources; the names hold a bidi control (for tests).
#[cfg(test)]
pub(crate) fn test_items(n: usize) -> Vec<Item> {
    (0..n)
        .map(|i| {
            let text = format!(
                "Caf\u{e9} &lt;b&gt; r\u{c3}\u{a9}sum\u{c3}\u{a9} word{i} word{} shared{} the \
                 end\u{200b}ing co-\noperation the the {}\n",
                i % 7,
                i % 3,
                "x ".repeat(i % 5)
            );
            Item::Memory {
                input: std::sync::Arc::new(Input::from_bytes(
                    format!("doc{i:02}\u{202e}.txt"),
                    text.into_bytes(),
                )),
                source: format!("s{}", i % 3),
            }
        })
        .collect()
}
