//! Representational anomalies: every way a visible word can differ from the string underneath
//! it (`../shared/seeds/normalising-text.txt`). Each finding has its class, byte span, text and
//! character span, a one-line reason, and where it applies a suggestion (the joined word, the
//! decoded entity, the NFC form, the confusable skeleton).
//!
//! One detector per file: [`chars`] (controls, invisibles, bidi characters, compatibility
//! variants, judged in context: a ZWJ inside an emoji sequence or a ZWNJ in Persian is reported
//! as legitimate), [`bidi`] (embedding balance: the Trojan Source pattern), [`composition`]
//! (decomposed sequences, mixed forms), [`lines`] (line-end hyphenation, hard line breaks, layout
//! spaces and tabs), [`entities`] (undecoded markup entities: the Reuters `lt`), [`words`]
//! (mojibake fingerprints and mixed-script words, UTS #39). [`scan`] runs them all.

pub mod bidi;
pub mod chars;
pub mod composition;
pub mod document;
pub mod entities;
pub mod lines;
pub mod words;

pub use chars::{classify, reason};

use crate::decode::offsets::OffsetMap;
use crate::decode::{DecodeError, ErrorMode};
use crate::encoding::mojibake::Mixup;
use crate::span::ByteSpan;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A class of anomaly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AnomalyClass {
    /// U+FFFD produced by the decoder from bytes it could not read.
    DecodeError,
    /// Bytes an ignore-mode decoder dropped.
    DeletedBytes,
    /// U+FFFD present in the text itself (an earlier decode lost these bytes).
    Replacement,
    /// C0 controls other than TAB, LF and CR.
    Control,
    /// DEL (U+007F).
    Delete,
    /// C1 controls U+0080–U+009F: typically windows-1252 bytes read as ISO-8859-x.
    C1Control,
    /// ZWSP, ZWNJ, ZWJ, WJ and other zero-width format characters.
    ZeroWidth,
    /// Bidirectional controls (LRM, RLM, ALM, LRE…PDF, LRO, RLO, LRI…PDI).
    Bidi,
    /// An embedding, override or isolate left open at the end of its line (Trojan Source).
    UnbalancedBidi,
    /// U+00AD SOFT HYPHEN.
    SoftHyphen,
    /// NBSP and the other non-standard spaces.
    NonStandardSpace,
    /// U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR.
    LineSeparator,
    /// U+FEFF after the start of the text.
    BomMidText,
    /// Private-use code points (PDF extraction failures show up as these).
    PrivateUse,
    /// The 66 noncharacters.
    Noncharacter,
    /// Tag characters U+E0000–U+E007F.
    Tag,
    /// Variation selectors.
    VariationSelector,
    /// Code points not assigned in the Unicode version of the tables.
    Unassigned,
    /// Ligature characters (ﬁ ﬂ ﬀ ﬃ ﬄ ﬅ ﬆ).
    Ligature,
    /// Full-width forms of ASCII.
    FullWidth,
    /// Superscript and subscript digits.
    SuperSubscript,
    /// Characters that look like a hyphen-minus.
    HyphenLookalike,
    /// Characters that look like an apostrophe or a quotation mark.
    QuoteLookalike,
    /// A base character followed by combining marks that NFC would compose.
    Decomposed,
    /// Both composed and decomposed accents in one text.
    MixedForms,
    /// A word split by a hyphen at the end of a line.
    LineEndHyphen,
    /// A line break in the middle of a sentence.
    HardLineBreak,
    /// A run of spaces used for layout.
    LayoutSpaces,
    /// A tab used as a column separator.
    TabColumns,
    /// A markup entity left undecoded (`&lt;`, `&#233;`).
    Entity,
    /// A word carrying mojibake (UTF-8 read as a single-byte encoding).
    MojibakeWord,
    /// A word whose letters come from more than one script (UTS #39).
    MixedScript,
}

/// Every class, in display order.
pub const ALL_CLASSES: [AnomalyClass; 32] = {
    use AnomalyClass::*;
    [
        DecodeError,
        DeletedBytes,
        Replacement,
        Control,
        Delete,
        C1Control,
        ZeroWidth,
        Bidi,
        UnbalancedBidi,
        SoftHyphen,
        NonStandardSpace,
        LineSeparator,
        BomMidText,
        PrivateUse,
        Noncharacter,
        Tag,
        VariationSelector,
        Unassigned,
        Ligature,
        FullWidth,
        SuperSubscript,
        HyphenLookalike,
        QuoteLookalike,
        Decomposed,
        MixedForms,
        LineEndHyphen,
        HardLineBreak,
        LayoutSpaces,
        TabColumns,
        Entity,
        MojibakeWord,
        MixedScript,
    ]
};

/// The families of classes (for summaries and toggles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    Decode,
    Control,
    Invisible,
    Bidi,
    Compatibility,
    Composition,
    Hyphenation,
    Layout,
    Entity,
    Mojibake,
    Script,
}

impl AnomalyClass {
    /// Name as in JSON.
    pub fn name(&self) -> &'static str {
        use AnomalyClass::*;
        match self {
            DecodeError => "decode-error",
            DeletedBytes => "deleted-bytes",
            Replacement => "replacement",
            Control => "control",
            Delete => "delete",
            C1Control => "c1-control",
            ZeroWidth => "zero-width",
            Bidi => "bidi",
            UnbalancedBidi => "unbalanced-bidi",
            SoftHyphen => "soft-hyphen",
            NonStandardSpace => "non-standard-space",
            LineSeparator => "line-separator",
            BomMidText => "bom-mid-text",
            PrivateUse => "private-use",
            Noncharacter => "noncharacter",
            Tag => "tag",
            VariationSelector => "variation-selector",
            Unassigned => "unassigned",
            Ligature => "ligature",
            FullWidth => "full-width",
            SuperSubscript => "super-subscript",
            HyphenLookalike => "hyphen-lookalike",
            QuoteLookalike => "quote-lookalike",
            Decomposed => "decomposed",
            MixedForms => "mixed-forms",
            LineEndHyphen => "line-end-hyphen",
            HardLineBreak => "hard-line-break",
            LayoutSpaces => "layout-spaces",
            TabColumns => "tab-columns",
            Entity => "entity",
            MojibakeWord => "mojibake-word",
            MixedScript => "mixed-script",
        }
    }

    /// Parses a class name as in JSON.
    pub fn from_name(s: &str) -> Option<AnomalyClass> {
        ALL_CLASSES.iter().copied().find(|c| c.name() == s)
    }

    /// The family of the class.
    pub fn family(&self) -> Family {
        use AnomalyClass::*;
        match self {
            DecodeError | DeletedBytes | Replacement => Family::Decode,
            Control | Delete | C1Control => Family::Control,
            ZeroWidth | SoftHyphen | NonStandardSpace | LineSeparator | BomMidText | PrivateUse
            | Noncharacter | Tag | VariationSelector | Unassigned => Family::Invisible,
            Bidi | UnbalancedBidi => Family::Bidi,
            Ligature | FullWidth | SuperSubscript | HyphenLookalike | QuoteLookalike => {
                Family::Compatibility
            }
            Decomposed | MixedForms => Family::Composition,
            LineEndHyphen => Family::Hyphenation,
            HardLineBreak | LayoutSpaces | TabColumns => Family::Layout,
            Entity => Family::Entity,
            MojibakeWord => Family::Mojibake,
            MixedScript => Family::Script,
        }
    }

    /// What the class means, for a legend.
    pub fn description(&self) -> &'static str {
        use AnomalyClass::*;
        match self {
            DecodeError => "U+FFFD made by the decoder from bytes it could not read",
            DeletedBytes => "bytes an ignore-mode decoder dropped",
            Replacement => "U+FFFD already in the text",
            Control => "C0 control (not TAB, LF, CR)",
            Delete => "DEL",
            C1Control => "C1 control: a windows-1252 byte read as ISO-8859",
            ZeroWidth => "zero-width character (ZWSP, ZWNJ, ZWJ, WJ…)",
            Bidi => "bidirectional control",
            UnbalancedBidi => "embedding or override left open (Trojan Source)",
            SoftHyphen => "soft hyphen",
            NonStandardSpace => "non-standard space (NBSP, thin, ideographic…)",
            LineSeparator => "line or paragraph separator",
            BomMidText => "byte order mark inside the text",
            PrivateUse => "private-use code point",
            Noncharacter => "noncharacter",
            Tag => "tag character",
            VariationSelector => "variation selector",
            Unassigned => "unassigned code point",
            Ligature => "ligature character (ﬁ ﬂ …)",
            FullWidth => "full-width form",
            SuperSubscript => "superscript or subscript digit",
            HyphenLookalike => "hyphen look-alike",
            QuoteLookalike => "apostrophe or quote look-alike",
            Decomposed => "decomposed accent (not NFC)",
            MixedForms => "composed and decomposed accents mixed",
            LineEndHyphen => "word split by a line-end hyphen",
            HardLineBreak => "hard line break mid-sentence",
            LayoutSpaces => "run of spaces used as layout",
            TabColumns => "tab used as a column",
            Entity => "undecoded markup entity",
            MojibakeWord => "mojibake word",
            MixedScript => "mixed-script word (confusable)",
        }
    }
}

/// One anomaly found in a text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub class: AnomalyClass,
    /// The input bytes (when the text has an offset map).
    pub byte_span: Option<ByteSpan>,
    /// Byte offsets in the decoded text.
    pub text_start: usize,
    pub text_end: usize,
    /// Character offsets in the decoded text.
    pub char_start: usize,
    pub char_end: usize,
    /// The first character of the finding (for placeholders and the inspector).
    pub ch: char,
    /// True when context shows the character is meant to be there (ZWJ in an emoji sequence,
    /// ZWNJ in Persian, a variation selector after an emoji): reported, not counted as damage.
    pub legitimate: bool,
    /// One line: what it is and why it matters.
    pub reason: Cow<'static, str>,
    /// What it would become: the joined word, the decoded entity, the NFC form, the skeleton.
    pub suggestion: Option<Cow<'static, str>>,
    /// A fact the stages after this one read, typed (the reason says it in words, for people).
    #[serde(skip)]
    pub detail: Option<Detail>,
}

/// What a later stage needs to know of a finding, beyond its class: typed, so that rewording
/// a reason never changes what the audit or the normaliser does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    /// A mojibake word: the mix-up its repair undoes.
    Mixup(Mixup),
    /// A word split at a line end whose hyphen may belong to a genuine compound: joined, but
    /// marked.
    PossibleCompound,
}

impl Finding {
    /// The mix-up of a mojibake word.
    pub fn mixup(&self) -> Option<&Mixup> {
        match &self.detail {
            Some(Detail::Mixup(m)) => Some(m),
            _ => None,
        }
    }
}

impl Finding {
    /// A finding over text `[start, end)`; spans are filled in by [`scan`].
    pub fn new(
        class: AnomalyClass,
        text: &str,
        start: usize,
        end: usize,
        reason: impl Into<Cow<'static, str>>,
    ) -> Finding {
        Finding {
            class,
            byte_span: None,
            text_start: start,
            text_end: end,
            char_start: 0,
            char_end: 0,
            ch: text[start..].chars().next().unwrap_or('\0'),
            legitimate: false,
            reason: reason.into(),
            suggestion: None,
            detail: None,
        }
    }
}

/// Findings kept per scan when the caller does not say: at some 200 bytes each (more with a
/// long reason), 100,000 findings are a few tens of megabytes, where 8 MB of U+FEFF would be
/// 2.8 million findings and gigabytes. Counts are always complete.
pub const MAX_KEPT_FINDINGS: usize = 100_000;

/// Where a detector puts its findings: every one is counted, the first `cap` (in the order
/// the detector meets them, which is text order) are kept. A detector asks [`Sink::keeps`]
/// before it formats a finding's reason, so what is not kept costs no allocation.
#[derive(Clone, Debug, Default)]
pub struct Sink {
    pub kept: Vec<Finding>,
    pub counts: Counts,
    /// Findings counted but not kept.
    pub dropped: u64,
    cap: usize,
}

impl Sink {
    /// A sink keeping at most `cap` findings.
    pub fn new(cap: usize) -> Sink {
        Sink {
            cap,
            ..Default::default()
        }
    }

    /// A sink keeping every finding (for texts of bounded size: a query, a test).
    pub fn unbounded() -> Sink {
        Sink::new(usize::MAX)
    }

    /// Would a finding pushed now be kept?
    pub fn keeps(&self) -> bool {
        self.kept.len() < self.cap
    }

    /// Counts `f` and keeps it while there is room.
    pub fn push(&mut self, f: Finding) {
        self.counts.add_finding(&f);
        if self.keeps() {
            self.kept.push(f);
        } else {
            self.dropped += 1;
        }
    }

    /// Counts a finding that is not kept.
    pub fn count(&mut self, class: AnomalyClass, legitimate: bool) {
        if legitimate {
            bump(&mut self.counts.legitimate, class, 1);
        } else {
            bump(&mut self.counts.by_class, class, 1);
        }
        self.dropped += 1;
    }

    /// The first kept finding.
    pub fn first(&self) -> Option<&Finding> {
        self.kept.first()
    }
}

/// What a scan sees besides the text.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScanContext<'a> {
    /// The map from text to input bytes.
    pub map: Option<&'a OffsetMap>,
    /// Malformed sequences of the decoding that produced the text.
    pub errors: &'a [DecodeError],
    /// The error mode of that decoding (ignore mode deletes bytes).
    pub mode: Option<ErrorMode>,
    /// The text begins the document (a leading U+FEFF is a byte order mark).
    pub text_is_start: bool,
    /// Count layout (hard line breaks, runs of spaces, tabs) without keeping the findings.
    pub layout_counts_only: bool,
    /// Findings kept (default [`MAX_KEPT_FINDINGS`]); counts are complete whatever it is.
    pub max_findings: Option<usize>,
    /// The mojibake chains the document's start shows to be coincidences, shared by the
    /// windows of one document (worked out once, from the first window that needs them, as
    /// `fix` works them out from the document's first megabyte); `None`: from this text.
    pub coincidences: Option<&'a std::cell::OnceCell<Vec<Vec<crate::decode::Charset>>>>,
}

/// Findings, counts and the document-level signals of one scan.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Scan {
    /// The first findings in text order, at most the context's `max_findings`.
    pub findings: Vec<Finding>,
    /// Findings counted but not kept.
    pub dropped: u64,
    pub counts: Counts,
    /// Lines ending in a hyphen / non-empty lines (the seed's hyphenation signal).
    pub hyphen_line_rate: f64,
    pub lines: u64,
    /// Normalisation forms present: composed accents, decomposed accents.
    pub has_composed: bool,
    pub has_decomposed: bool,
}

/// Runs every detector over `text`, keeping at most the context's `max_findings` findings
/// (the first in text order; every one is counted).
pub fn scan_text(text: &str, cx: ScanContext) -> Scan {
    let cap = cx.max_findings.unwrap_or(MAX_KEPT_FINDINGS);
    let comp = composition::scan_capped(text, cap);
    let line_scan = lines::scan_capped(
        text,
        if cx.layout_counts_only {
            lines::Layout::Count
        } else {
            lines::Layout::Keep
        },
        cap,
    );
    let mut sinks = vec![
        Sink::new(cap),
        Sink::new(cap),
        comp.findings,
        line_scan.findings,
        Sink::new(cap),
        Sink::new(cap),
        Sink::new(cap),
    ];
    chars::scan_into(text, cx.text_is_start, &mut sinks[0]);
    bidi::scan_into(text, &mut sinks[1]);
    entities::scan_into(text, &mut sinks[4]);
    words::scan_into(text, cx.coincidences, &mut sinks[5]);
    // Decode failures: U+FFFD from the decoder, bytes an ignore decoder dropped.
    let mut produced = std::collections::HashSet::new();
    for e in cx.errors {
        if cx.mode == Some(ErrorMode::Ignore) {
            let at = e.text_offset.min(text.len());
            if !sinks[6].keeps() {
                sinks[6].count(AnomalyClass::DeletedBytes, false);
                continue;
            }
            let mut f = Finding::new(
                AnomalyClass::DeletedBytes,
                text,
                at,
                at,
                format!(
                    "{} byte{} dropped here by a decoder told to ignore errors: the word around it lost them silently",
                    e.byte_span.len(),
                    if e.byte_span.len() == 1 { "" } else { "s" }
                ),
            );
            f.byte_span = Some(e.byte_span);
            sinks[6].push(f);
        } else if text[e.text_offset.min(text.len())..].starts_with('\u{FFFD}') {
            produced.insert(e.text_offset);
        }
    }
    let mut counts = line_scan.uncollected.clone();
    let mut dropped = 0;
    let mut lists = Vec::with_capacity(sinks.len());
    for s in sinks {
        counts.merge(&s.counts);
        dropped += s.dropped;
        lists.push(s.kept);
    }
    // The U+FFFD the decoder made are decode errors, not replacement characters found in the
    // text: moved between the two counts, and reclassified where kept.
    let made = (produced.len() as u64).min(counts.get(AnomalyClass::Replacement));
    if made > 0 {
        bump_down(&mut counts.by_class, AnomalyClass::Replacement, made);
        bump(&mut counts.by_class, AnomalyClass::DecodeError, made);
    }
    let mut findings = merge_sorted(lists);
    for f in &mut findings {
        if f.class == AnomalyClass::Replacement && produced.contains(&f.text_start) {
            f.class = AnomalyClass::DecodeError;
            f.reason = "U+FFFD made by the decoder from bytes it could not read; an ignore-mode decoder would delete them instead".into();
        }
    }
    if !findings.is_sorted_by_key(|f| (f.text_start, f.class)) {
        findings.sort_by_key(|f| (f.text_start, f.class));
    }
    if findings.len() > cap {
        dropped += (findings.len() - cap) as u64;
        findings.truncate(cap);
    }
    fill_spans(text, &mut findings, cx.map);
    Scan {
        findings,
        dropped,
        counts,
        hyphen_line_rate: line_scan.hyphen_line_rate,
        lines: line_scan.lines,
        has_composed: comp.has_composed,
        has_decomposed: comp.has_decomposed,
    }
}

/// Merges the detectors' finding lists into one, ordered by text offset then class; ties keep
/// the detectors' order. Each finding moves once (a hard-wrapped text has a finding per line,
/// so this is a lot of memory to shuffle).
fn merge_sorted(mut lists: Vec<Vec<Finding>>) -> Vec<Finding> {
    let key = |f: &Finding| (f.text_start, f.class);
    for l in &mut lists {
        if !l.is_sorted_by_key(key) {
            l.sort_by_key(key);
        }
    }
    lists.retain(|l| !l.is_empty());
    match lists.len() {
        0 => return Vec::new(),
        1 => return lists.pop().expect("one list"),
        _ => {}
    }
    let total = lists.iter().map(Vec::len).sum();
    let mut out = Vec::with_capacity(total);
    let mut iters: Vec<std::iter::Peekable<std::vec::IntoIter<Finding>>> = lists
        .into_iter()
        .map(|l| l.into_iter().peekable())
        .collect();
    loop {
        let mut best: Option<(usize, (usize, AnomalyClass))> = None;
        for (i, it) in iters.iter_mut().enumerate() {
            if let Some(f) = it.peek() {
                let k = key(f);
                if best.is_none_or(|(_, b)| k < b) {
                    best = Some((i, k));
                }
            }
        }
        let Some((i, _)) = best else { break };
        out.push(iters[i].next().expect("peeked"));
    }
    out
}

/// Character offsets and byte spans of findings (sorted by `text_start`).
fn fill_spans(text: &str, findings: &mut [Finding], map: Option<&OffsetMap>) {
    let mut chars = 0usize;
    let mut at = 0usize;
    let count_to = |target: usize, chars: &mut usize, at: &mut usize| {
        let target = target.min(text.len());
        if target > *at {
            *chars += text[*at..target].chars().count();
            *at = target;
        }
        *chars
    };
    for f in findings.iter_mut() {
        f.char_start = count_to(f.text_start, &mut chars, &mut at);
        let mut c2 = chars;
        let mut a2 = at;
        f.char_end = count_to(f.text_end, &mut c2, &mut a2);
        if f.byte_span.is_none() {
            f.byte_span = map.and_then(|m| m.span_of_range(text, f.text_start, f.text_end));
        }
    }
}

/// The character-level findings of `text` (the classes drawn as placeholders), with byte spans.
pub fn scan(text: &str, map: Option<&OffsetMap>, text_is_start: bool) -> Vec<Finding> {
    scan_text(
        text,
        ScanContext {
            map,
            text_is_start,
            ..Default::default()
        },
    )
    .findings
}

/// Counts of anomalies by class; legitimate occurrences are counted apart.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// (class, damaging occurrences).
    pub by_class: Vec<(AnomalyClass, u64)>,
    /// (class, legitimate occurrences).
    pub legitimate: Vec<(AnomalyClass, u64)>,
}

impl Counts {
    /// Adds the character-level anomalies of `text` (nothing kept, nothing formatted).
    pub fn add_text(&mut self, text: &str, text_is_start: bool) {
        chars::walk(text, text_is_start, |h| {
            let list = if h.legitimate.is_some() {
                &mut self.legitimate
            } else {
                &mut self.by_class
            };
            bump(list, h.class, 1);
        });
    }

    /// Adds one finding.
    pub fn add_finding(&mut self, f: &Finding) {
        if f.legitimate {
            bump(&mut self.legitimate, f.class, 1);
        } else {
            bump(&mut self.by_class, f.class, 1);
        }
    }

    /// Adds `n` anomalies of `class`.
    pub fn add(&mut self, class: AnomalyClass, n: u64) {
        bump(&mut self.by_class, class, n);
    }

    /// Adds another count.
    pub fn merge(&mut self, other: &Counts) {
        for &(c, n) in &other.by_class {
            bump(&mut self.by_class, c, n);
        }
        for &(c, n) in &other.legitimate {
            bump(&mut self.legitimate, c, n);
        }
    }

    /// Total damaging anomalies.
    pub fn total(&self) -> u64 {
        self.by_class.iter().map(|(_, n)| n).sum()
    }

    /// The count of one class.
    pub fn get(&self, class: AnomalyClass) -> u64 {
        self.by_class
            .iter()
            .find(|(c, _)| *c == class)
            .map_or(0, |(_, n)| *n)
    }
}

/// Takes `n` from `class` (never below zero; the class goes when it reaches zero).
fn bump_down(list: &mut Vec<(AnomalyClass, u64)>, class: AnomalyClass, n: u64) {
    if let Some(i) = list.iter().position(|(k, _)| *k == class) {
        list[i].1 = list[i].1.saturating_sub(n);
        if list[i].1 == 0 {
            list.remove(i);
        }
    }
}

fn bump(list: &mut Vec<(AnomalyClass, u64)>, class: AnomalyClass, n: u64) {
    match list.iter_mut().find(|(k, _)| *k == class) {
        Some((_, c)) => *c += n,
        None => {
            list.push((class, n));
            list.sort();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 300,000 BOMs mid-text, entities and split words: every one counted, the first kept.
    #[test]
    fn findings_are_kept_up_to_the_cap_and_all_counted() {
        let mut text = String::from("start ");
        text.push_str(&"\u{FEFF}".repeat(300_000));
        text.push_str(" &lt;b&gt; infor-\nmation e\u{301} \u{202e}x\n");
        let s = scan_text(
            &text,
            ScanContext {
                max_findings: Some(1_000),
                ..Default::default()
            },
        );
        assert_eq!(s.findings.len(), 1_000);
        assert!(
            s.findings
                .iter()
                .all(|f| f.class == AnomalyClass::BomMidText)
        );
        assert_eq!(s.counts.get(AnomalyClass::BomMidText), 300_000);
        assert_eq!(s.counts.get(AnomalyClass::Entity), 2);
        assert_eq!(s.counts.get(AnomalyClass::LineEndHyphen), 1);
        assert_eq!(s.counts.get(AnomalyClass::Decomposed), 1);
        assert_eq!(s.counts.get(AnomalyClass::UnbalancedBidi), 1);
        assert_eq!(s.dropped as usize + s.findings.len(), {
            let full = scan_text(&text, ScanContext::default());
            assert_eq!(full.counts, s.counts, "the counts do not depend on the cap");
            full.findings.len() + full.dropped as usize
        });
        // Counting alone (the explorer's whole-file count) agrees on the character classes.
        let mut c = Counts::default();
        c.add_text(&text, true);
        assert_eq!(c.get(AnomalyClass::BomMidText), 300_000);
    }

    /// U+FFFD the decoder made are decode errors even when they are not kept.
    #[test]
    fn decode_errors_are_counted_past_the_cap() {
        let bytes: Vec<u8> = b"ok ".iter().chain(&[0xFFu8; 50]).copied().collect();
        let d = crate::decode::decode(
            &bytes,
            0,
            crate::decode::Charset::UTF_8,
            ErrorMode::Replace,
            true,
        );
        let s = scan_text(
            &d.text,
            ScanContext {
                errors: &d.errors,
                mode: Some(ErrorMode::Replace),
                max_findings: Some(10),
                ..Default::default()
            },
        );
        assert_eq!(s.counts.get(AnomalyClass::DecodeError), 50);
        assert_eq!(s.counts.get(AnomalyClass::Replacement), 0);
        assert_eq!(s.findings.len(), 10);
        assert!(
            s.findings
                .iter()
                .all(|f| f.class == AnomalyClass::DecodeError)
        );
    }

    #[test]
    fn scan_fills_char_and_byte_spans() {
        let text = "é a\u{200b}b";
        let mut map = OffsetMap::new(10);
        map.push_same(text.len());
        let f = scan(text, Some(&map), false)
            .into_iter()
            .find(|f| f.class == AnomalyClass::ZeroWidth)
            .unwrap();
        assert_eq!((f.char_start, f.char_end), (3, 4));
        assert_eq!((f.text_start, f.text_end), (4, 7));
        assert_eq!(f.byte_span, Some(ByteSpan::at(14, 3)));
        assert!(
            f.reason.starts_with("U+200B ZERO WIDTH SPACE"),
            "{}",
            f.reason
        );
    }

    #[test]
    fn decode_errors_and_deletions() {
        use crate::decode::{Charset, decode};
        let d = decode(
            b"r\xE9sum\xEF\xBF\xBD",
            0,
            Charset::UTF_8,
            ErrorMode::Replace,
            true,
        );
        let s = scan_text(
            &d.text,
            ScanContext {
                map: Some(&d.map),
                errors: &d.errors,
                mode: Some(ErrorMode::Replace),
                text_is_start: true,
                ..Default::default()
            },
        );
        let classes: Vec<_> = s.findings.iter().map(|f| f.class).collect();
        assert_eq!(
            classes,
            [AnomalyClass::DecodeError, AnomalyClass::Replacement]
        );
        assert_eq!(s.findings[0].byte_span, Some(ByteSpan::at(1, 1)));
        let i = decode(b"r\xE9sum", 0, Charset::UTF_8, ErrorMode::Ignore, true);
        let s = scan_text(
            &i.text,
            ScanContext {
                map: Some(&i.map),
                errors: &i.errors,
                mode: Some(ErrorMode::Ignore),
                text_is_start: true,
                ..Default::default()
            },
        );
        assert_eq!(s.findings[0].class, AnomalyClass::DeletedBytes);
        assert_eq!(s.findings[0].byte_span, Some(ByteSpan::at(1, 1)));
    }

    #[test]
    fn counts_keep_legitimate_apart() {
        let mut c = Counts::default();
        // ZWJ between emoji is legitimate; ZWSP is damage.
        c.add_text("👩\u{200d}💻 a\u{200b}b", false);
        assert_eq!(c.get(AnomalyClass::ZeroWidth), 1);
        assert_eq!(c.legitimate, [(AnomalyClass::ZeroWidth, 1)]);
    }
}
