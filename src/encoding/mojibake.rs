//! Mojibake chains: UTF-8 text that was decoded as a single-byte encoding, possibly several
//! times, and how to undo it.
//!
//! Principle: when UTF-8 bytes are read as, say, windows-1252, each multi-byte character becomes
//! a *lead image* (the character of its lead byte, `Ã` for C3) followed by *continuation images*
//! (`©` for A9). Undoing one round means finding such runs whose bytes in that encoding form a
//! valid UTF-8 sequence (RFC 3629), and decoding those bytes again. Only complete, valid
//! sequences are touched, so text in which `Ã`, `â` or `€` stand legitimately (`SÃO PAULO`,
//! `5 €`) is left alone; a repaired character must also be plausible (no controls, no
//! unassigned code points, no rarely-used script appearing out of nowhere).
//!
//! Hypotheses (which encoding, how many rounds, up to [`MAX_ROUNDS`]) are searched with a small
//! beam and ranked by a cost: fingerprints still left + a small price per round. When bytes were
//! lost before the text reached us (a lead image followed by U+FFFD, where the continuation
//! byte was replaced), the report says so instead of guessing.
//!
//! Parts: `images` (what UTF-8 bytes look like misread, and fingerprints), `search` (the beam
//! over chains), `judge` (whether an undone word is a repair, and plausibility), `lost` (bytes
//! a misreading dropped). This file holds the analysis that puts them together and its types.

use crate::decode::charset::Charset;
use serde::Serialize;

mod images;
pub use images::{FingerprintCounter, Images, clean_at_a_glance, fingerprints, masks};
use images::{encodings, is_c1, suspect_mask};
mod judge;
use judge::{NOT_TEXT_SHARE, rare_chars, undo_once, undo_word};
pub use judge::{Plausibility, Refusal, plausibility, refusals};
mod lost;
use lost::find_lost;
pub use lost::{
    c1_as_windows_1252, lossy_punctuation, lost_foreign_leads, lost_long_sequences,
    lost_no_break_spaces,
};
mod search;
use search::{Search, State, prefer_words, sort_hypotheses};

/// The deepest chain searched (`résumé` → `rÃ©sumÃ©` → `rÃƒÂ©sumÃƒÂ©` is two rounds).
pub const MAX_ROUNDS: usize = 3;
/// Hypotheses kept per round.
const BEAM: usize = 3;
/// Cost of each round in a chain: prefer the shortest chain that explains the text
/// (calibrated so one extra round never beats removing one fingerprint).
pub const ROUND_COST: f64 = 0.25;
/// Cost of each rarely used character in a text (combining marks, Latin Extended-B, box
/// drawing): breaks ties between chains that leave no fingerprint, such as windows-1252 twice
/// (`résumé`) and windows-1252 then MacRoman (`r̩sum̩`, with U+0329).
pub const RARE_COST: f64 = 0.1;
/// How many changed words a report lists as examples.
const MAX_EXAMPLES: usize = 8;

/// The verdict on a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// No mojibake found.
    Clean,
    /// Mojibake found, and every sequence can be undone.
    Repairable,
    /// Mojibake found; some sequences can be undone, but bytes of others were lost.
    PartiallyRecoverable,
    /// Mojibake fingerprints whose bytes were lost (replaced by U+FFFD): cannot be undone.
    Unrecoverable,
    /// Not analysed: mostly control characters, U+FFFD or private use (binary data).
    NotText,
}

impl Analysis {
    /// The mix-up the chosen repair undoes (none when the text is left as it is).
    pub fn mixup(&self) -> Option<Mixup> {
        (!self.chain.is_empty()).then(|| Mixup {
            chain: self.chain.clone(),
            c1_as_windows_1252: self.c1_as_windows_1252 > 0,
        })
    }
}

impl Analysis {
    /// The verdict in a word or two, for status lines.
    pub fn verdict_word(&self) -> &'static str {
        match self.verdict {
            Verdict::Clean => "none",
            Verdict::Repairable => "repairable",
            Verdict::PartiallyRecoverable => "partly repairable",
            Verdict::Unrecoverable => "unrecoverable",
            Verdict::NotText => "not text",
        }
    }
}

/// One ranked explanation of the text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hypothesis {
    /// The encodings the UTF-8 was wrongly decoded as, in undo order (last mistake first).
    pub chain: Vec<Charset>,
    /// Ranking cost: fingerprints left + [`ROUND_COST`] per round. Lower is better.
    pub cost: f64,
    /// Sequences repaired over all rounds.
    pub sequences_repaired: usize,
    /// Fingerprints left after the repair.
    pub residual: usize,
    /// Set when a round only turns a few words of otherwise clean text into characters the
    /// text never uses: a coincidence, never chosen (see `ORPHANS_PER_REPAIRED`).
    pub coincidental: bool,
}

impl Hypothesis {
    /// The text after each round of the chain, starting with `text` itself.
    pub fn steps(&self, text: &str) -> Vec<String> {
        let mut out = vec![text.to_string()];
        for cs in &self.chain {
            let last = out.last().map(String::as_str).unwrap_or("");
            out.push(apply_chain(last, std::slice::from_ref(cs)));
        }
        out
    }
}

/// A word changed by the chosen repair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Example {
    /// Text offsets of the word in the analysed text.
    pub text_start: usize,
    pub text_end: usize,
    pub from: String,
    pub to: String,
}

/// A place where mojibake lost bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Lost {
    /// Text offset of the lead image.
    pub text_offset: usize,
    /// The characters around it.
    pub context: String,
    pub reason: String,
}

/// The mix-up a repair undoes: UTF-8 read as each encoding of `chain` in turn (undo order), and
/// perhaps C1 controls read as the windows-1252 characters they stand for. A typed fact for the
/// stages after this one (the corpus audit counts terms per mix-up); its sentence is
/// [`std::fmt::Display`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mixup {
    pub chain: Vec<Charset>,
    pub c1_as_windows_1252: bool,
}

impl std::fmt::Display for Mixup {
    /// `UTF-8 read as windows-1252, then as windows-1252 and C1 controls as windows-1252`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "UTF-8 read as ")?;
        for (i, c) in self.chain.iter().enumerate() {
            if i > 0 {
                write!(f, ", then as ")?;
            }
            write!(f, "{}", c.name())?;
        }
        if self.c1_as_windows_1252 {
            write!(f, " and C1 controls as windows-1252")?;
        }
        Ok(())
    }
}

/// The mojibake analysis of a text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    pub verdict: Verdict,
    /// The chosen chain, in undo order (empty when clean).
    pub chain: Vec<Charset>,
    /// One sentence: "UTF-8 decoded as windows-1252, 2 rounds: 4 sequences repaired".
    pub description: String,
    /// Cost of leaving the text as it is (its fingerprints).
    pub unchanged_cost: f64,
    /// Hypotheses, best first.
    pub hypotheses: Vec<Hypothesis>,
    /// Changed words, first few.
    pub examples: Vec<Example>,
    /// Lost bytes found.
    pub lost: Vec<Lost>,
    /// The repaired text (when a repair was chosen).
    #[serde(skip)]
    pub repaired: Option<String>,
    /// C1 controls (U+0080–U+009F) read as the windows-1252 characters they stand for: what a
    /// Latin-1 decoder makes of windows-1252 quotes and dashes (`\x84Guten Tag\x93`).
    pub c1_as_windows_1252: usize,
    /// Repairs refused because their result would be damage (see `harm`), first few.
    pub refused: Vec<Refusal>,
    /// How plausible the text is as it stands, and after the chosen repair (the same when
    /// none is made).
    pub plausibility_before: Plausibility,
    pub plausibility_after: Plausibility,
}

impl Analysis {
    /// The plausibility as a report gives it: `0.00 (3 fingerprints) → 1.00` when a repair
    /// was chosen, else the text's own score.
    pub fn plausibility_summary(&self) -> String {
        if self.repaired.is_some() {
            format!(
                "{} → {}",
                self.plausibility_before.describe(),
                self.plausibility_after.describe()
            )
        } else {
            self.plausibility_before.describe()
        }
    }
}

/// Analyses `text` for mojibake chains and ranks the ways to undo them.
pub fn analyze(text: &str) -> Analysis {
    analyze_with(text, true, &[], false)
}

/// [`analyze`] of text our own decoder made, with the text offsets of the U+FFFD it made of
/// invalid bytes (`made`, sorted): those report damage in the bytes we read, which validity
/// reports, not bytes lost before the text reached us. UTF-8 whose lines a byte count cut
/// (`п` then U+FFFD, where `п` is a Russian letter, not windows-1251's image of the lead byte
/// EF) is no mojibake. With `c1_made`, the decoder made every C1 control too: a single-byte
/// decoder reads bytes 80–9F its encoding leaves undefined as C1 (WHATWG's windows-1257 reads
/// windows-1250's `š`, byte 9A, as U+009A), so they say the encoding is wrong, as the likely
/// verdict does, not that a Latin-1 decoder upstream turned windows-1252 characters into them.
pub fn analyze_beside_damage(text: &str, made: &[usize], c1_made: bool) -> Analysis {
    analyze_with(text, true, made, c1_made)
}

/// [`analyze`] without the plausibility scores (left at their defaults): for callers that want
/// only the hypotheses of a large text.
pub fn analyze_hypotheses(text: &str) -> Analysis {
    analyze_with(text, false, &[], false)
}

/// How much of a document's start [`coincidental_chains`] reads (a sample: the analysis of a
/// text holds its distinct words in memory; 1 MB takes about 60 ms, and held the same
/// coincidences as 4 MB on the 50 MB UDHR benchmark file).
pub const CONTEXT_BYTES: usize = 1 << 20;

/// The chains of encodings that the analysis of `head` (a document's first
/// [`CONTEXT_BYTES`]) as a whole judges coincidental. One line is little context: a word of
/// clean Northern Sami or Slovak can be a valid sequence on its own (`náššuvnnaid`,
/// `zvlášť`); a line-by-line repair whose chain is among these is set aside (`fix`, and the
/// mojibake findings of the anomaly scan).
pub fn coincidental_chains(head: &str) -> Vec<Vec<Charset>> {
    analyze_hypotheses(head)
        .hypotheses
        .into_iter()
        .filter(|h| h.coincidental)
        .map(|h| h.chain)
        .collect()
}

fn analyze_with(text: &str, scored: bool, made: &[usize], c1_made: bool) -> Analysis {
    let (n, junk, _) = text.chars().fold((0usize, 0usize, ' '), |(n, j, prev), c| {
        // C1 controls are what Latin-1 makes of UTF-8 continuation bytes: a third of an
        // Ethiopic or Indic line misread so. And U+FFFD right after `Â`…`ô` (the Latin-1 and
        // windows-1252 images of lead bytes C2–F4) is a continuation byte lost on the way:
        // Cyrillic read as windows-1252 loses `А`, `Н`, `Р` so (`Ð�`).
        let lost = c == '\u{FFFD}' && ('\u{C2}'..='\u{F4}').contains(&prev);
        let junk =
            c == '\0' || (crate::unicode::is_replacement_ratio_anomaly(c) && !is_c1(c) && !lost);
        (n + 1, j + usize::from(junk), c)
    });
    if n >= 64 && junk as f64 > NOT_TEXT_SHARE * n as f64 {
        return Analysis {
            verdict: Verdict::NotText,
            chain: Vec::new(),
            description: format!(
                "not analysed: {:.0} % of the characters are controls, U+FFFD or private use (binary data?)",
                100.0 * junk as f64 / n as f64
            ),
            unchanged_cost: 0.0,
            hypotheses: Vec::new(),
            examples: Vec::new(),
            lost: Vec::new(),
            repaired: None,
            c1_as_windows_1252: 0,
            refused: Vec::new(),
            plausibility_before: Plausibility::default(),
            plausibility_after: Plausibility::default(),
        };
    }
    // Fingerprints left as it is: the most sequences any single encoding would repair (none
    // without a fingerprint, the cheap over-count).
    let mut search = (fingerprints(text) > 0).then(|| Search::new(text));
    let unchanged = search.as_mut().map_or(0, |s| s.residual(&s.start.clone()));
    let unchanged_rare = rare_chars(text);
    let lost = find_lost(text, made);
    let mut hypotheses: Vec<Hypothesis> = Vec::new();
    if let Some(search) = search.as_mut().filter(|_| unchanged > 0) {
        let mut frontier: Vec<(Hypothesis, State)> = vec![(
            Hypothesis {
                chain: Vec::new(),
                cost: unchanged as f64 + RARE_COST * unchanged_rare as f64,
                sequences_repaired: 0,
                residual: unchanged,
                coincidental: false,
            },
            search.start.clone(),
        )];
        let mut seen: Vec<State> = vec![search.start.clone()];
        for _round in 0..MAX_ROUNDS {
            let mut next: Vec<(Hypothesis, State)> = Vec::new();
            for (h, current) in &frontier {
                let mask = current.words.iter().fold(0u16, |m, w| m | w.mask);
                for (e, cs) in encodings().iter().enumerate() {
                    if mask & (1 << e) == 0 {
                        continue;
                    }
                    let Some(round) = search.undo(current, e) else {
                        continue;
                    };
                    if seen.contains(&round.state) {
                        continue;
                    }
                    seen.push(round.state.clone());
                    let left = search.residual(&round.state);
                    let mut chain = h.chain.clone();
                    chain.push(*cs);
                    next.push((
                        Hypothesis {
                            cost: left as f64
                                + ROUND_COST * chain.len() as f64
                                + RARE_COST * search.rare(&round.state) as f64,
                            chain,
                            sequences_repaired: h.sequences_repaired + round.fixes,
                            residual: left,
                            coincidental: h.coincidental || round.coincidental,
                        },
                        round.state,
                    ));
                }
            }
            if next.is_empty() {
                break;
            }
            // Stable: ties keep the encoding preference order.
            next.sort_by(|a, b| a.0.cost.total_cmp(&b.0.cost));
            hypotheses.extend(next.iter().map(|(h, _)| h.clone()));
            next.truncate(BEAM);
            frontier = next;
        }
        sort_hypotheses(&mut hypotheses);
    }
    let unchanged_cost = unchanged as f64 + RARE_COST * unchanged_rare as f64;
    prefer_words(text, &mut hypotheses);
    let best = hypotheses
        .iter()
        .take_while(|h| h.cost < unchanged_cost)
        .find(|h| !h.coincidental)
        .cloned();
    // A line about encodings quotes its mojibake (`the sequence Ã© is UTF-8 é read as
    // Latin-1`): the repair it would get is shown as refused, not made.
    let quoted = match &best {
        Some(h) if talks_about_encodings(text, &h.chain) => Some(h.chain.clone()),
        _ => None,
    };
    let best = if quoted.is_some() { None } else { best };
    let verdict = match (&best, lost.is_empty()) {
        (None, true) => Verdict::Clean,
        (None, false) => Verdict::Unrecoverable,
        (Some(_), true) => Verdict::Repairable,
        (Some(_), false) => Verdict::PartiallyRecoverable,
    };
    let (chain, repaired, examples) = match &best {
        Some(h) => (
            h.chain.clone(),
            Some(apply_chain(text, &h.chain)),
            examples(text, &h.chain),
        ),
        None => (Vec::new(), None, Vec::new()),
    };
    let mut description = match &quoted {
        Some(chain) => format!(
            "mojibake quoted in a line about encodings (UTF-8 read as {}): left as written",
            chain[0].name()
        ),
        None => describe(verdict, best.as_ref(), &lost),
    };
    // C1 controls left after the repair are windows-1252 text a Latin-1 decoder read: text
    // holds no C1 controls, and windows-1252 defines all but five of them.
    let mut verdict = verdict;
    let mut repaired = repaired;
    // A pass after the chain: when it changed anything, the text is repairable and the
    // description says what it did.
    let mut after_pass = |pass: fn(&str) -> (String, usize), what: &dyn Fn(usize) -> String| {
        if quoted.is_some() {
            return 0;
        }
        let (mapped, n) = pass(repaired.as_deref().unwrap_or(text));
        if n > 0 {
            repaired = Some(mapped);
            if verdict == Verdict::Clean {
                verdict = Verdict::Repairable;
                description = String::new();
            } else {
                description.push_str("; ");
            }
            description.push_str(&what(n));
        }
        n
    };
    let c1 = if c1_made {
        0
    } else {
        after_pass(c1_as_windows_1252, &|n| {
            format!(
                "{n} C1 control{} read as the windows-1252 character{} a Latin-1 decoder turned into {} (`\\x93` → `“`)",
                if n == 1 { "" } else { "s" },
                if n == 1 { "" } else { "s" },
                if n == 1 { "it" } else { "them" },
            )
        })
    };
    after_pass(lossy_punctuation, &|n| {
        format!(
            "{n} curly quote{} or dash{} lost: `â€` then `?` or U+FFFD (the last byte was replaced before the text reached us), one U+FFFD in {}",
            if n == 1 { "" } else { "s" },
            if n == 1 { "" } else { "es" },
            if n == 1 { "its place" } else { "each place" },
        )
    });
    // "3 characters of …, one U+FFFD in each place".
    let lost_characters = |n: usize, what: &str| {
        format!(
            "{n} character{} {what}, one U+FFFD in {}",
            if n == 1 { "" } else { "s" },
            if n == 1 { "its place" } else { "each place" },
        )
    };
    after_pass(lost_long_sequences, &|n| {
        lost_characters(
            n,
            "of three or four UTF-8 bytes lost a byte (a lead image, U+FFFD, a continuation image: `ã�®`)",
        )
    });
    after_pass(lost_foreign_leads, &|n| {
        lost_characters(
            n,
            "of two UTF-8 bytes lost the second (`Ä�` in a line whose language has no `Ä`)",
        )
    });
    after_pass(lost_no_break_spaces, &|n| {
        format!(
            "{n} `Ã` whose no-break space became a plain space read as `à` (`voilÃ  tout` → `voilà tout`): the word lists hold the word it makes"
        )
    });
    let plausibility_before = if scored {
        plausibility(text)
    } else {
        Plausibility::default()
    };
    let plausibility_after = match &repaired {
        Some(r) if scored => plausibility(r),
        _ => plausibility_before,
    };
    // Only the words the repair leaves as they are: a word another encoding repairs was not
    // refused.
    let refused = if let Some(chain) = &quoted {
        self::examples(text, chain)
            .into_iter()
            .map(|x| Refusal {
                word: x.from,
                would_be: x.to,
                encoding: chain[0],
                reason: QUOTED,
            })
            .collect()
    } else if fingerprints(text) > 0 {
        refusals(text)
            .into_iter()
            .filter(|r| repaired.as_deref().is_none_or(|t| t.contains(&r.word)))
            .collect()
    } else {
        Vec::new()
    };
    Analysis {
        verdict,
        chain,
        description,
        unchanged_cost,
        hypotheses,
        examples,
        lost,
        repaired,
        c1_as_windows_1252: c1,
        // Only the words the repair leaves as they are: a word another encoding repairs was
        // not refused.
        refused,
        plausibility_before,
        plausibility_after,
    }
}

/// Why a repair of a line about encodings is refused.
const QUOTED: &str = "the line talks about encodings: its mojibake is quoted, not damage";

/// Does `text` quote its mojibake? True when every line that `chain` changes talks about
/// character encodings (`mojibake`, `UTF-8`, `Latin-1`, `charset`…, whole words in any case,
/// outside markup tags: a `<meta charset>` says nothing): such a line shows mojibake as an
/// example (`Mojibake looks like Ã©`), and a repair would change what it says. One such line
/// in a document of damaged ones does not stop the repair of the others.
fn talks_about_encodings(text: &str, chain: &[Charset]) -> bool {
    const TERMS: [&str; 14] = [
        "mojibake",
        "utf-8",
        "utf8",
        "utf-16",
        "latin-1",
        "latin1",
        "iso-8859-1",
        "windows-1252",
        "cp1252",
        "charset",
        "encoding",
        "encodings",
        "encoded",
        "decoded",
    ];
    // Bytes, not characters (this runs over the first megabyte a document's analysis reads):
    // the terms are ASCII, and a word of them is a run of ASCII letters, digits and `-`
    // outside `<…>`.
    let talks = |line: &str| {
        let b = line.as_bytes();
        let mut in_tag = false;
        let mut start: Option<usize> = None;
        for i in 0..=b.len() {
            let c = b.get(i).copied().unwrap_or(b' ');
            let word_byte = !in_tag && (c.is_ascii_alphanumeric() || c == b'-');
            match (word_byte, start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    let w = &b[s..i];
                    // A word touching a non-ASCII letter is part of a longer one.
                    let whole = b.get(i).is_none_or(|&n| n < 0x80) && (s == 0 || b[s - 1] < 0x80);
                    if whole && TERMS.iter().any(|t| w.eq_ignore_ascii_case(t.as_bytes())) {
                        return true;
                    }
                    start = None;
                }
                _ => {}
            }
            match c {
                b'<' => in_tag = true,
                b'>' => in_tag = false,
                _ => {}
            }
        }
        false
    };
    // Most texts never name an encoding: one pass over the whole settles it.
    if !talks(text) {
        return false;
    }
    let mut damaged = text
        .lines()
        .filter(|l| !l.is_ascii() && apply_chain(l, chain) != *l)
        .peekable();
    damaged.peek().is_some() && damaged.all(talks)
}

/// Repairs one word on its own: up to [`MAX_ROUNDS`] rounds, each undoing the first encoding
/// (in preference order) whose misreading the word shows. Returns the repaired word and the
/// chain, or `None` for a clean word. Cheap enough to run on every word of a document.
pub fn repair_word(word: &str) -> Option<(String, Vec<Charset>)> {
    if suspect_mask(word) == 0 {
        return None;
    }
    let mut current = word.to_string();
    let mut chain = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let mask = suspect_mask(&current);
        if mask == 0 {
            break;
        }
        let step = (0..encodings().len())
            .filter(|e| mask & (1 << e) != 0)
            .find_map(|e| undo_word(&current, e, &[]).map(|(t, _)| (t, encodings()[e])));
        match step {
            Some((t, cs)) => {
                current = t;
                chain.push(cs);
            }
            None => break,
        }
    }
    (!chain.is_empty()).then_some((current, chain))
}

/// Applies a chain (undo order) to `text`.
pub fn apply_chain(text: &str, chain: &[Charset]) -> String {
    let mut t = text.to_string();
    for cs in chain {
        if let Some(e) = encodings().iter().position(|x| x == cs)
            && let Some((next, _)) = undo_once(&t, e)
        {
            t = next;
        }
    }
    t
}

/// Repairs `text` if it carries repairable mojibake; `None` when it is clean or the repair is
/// not better than leaving it.
pub fn repair(text: &str) -> Option<String> {
    analyze(text).repaired
}

fn examples(text: &str, chain: &[Charset]) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut pos = 0;
    for word in text.split(|c: char| c.is_ascii_whitespace()) {
        let start = pos;
        pos += word.len() + 1;
        if out.len() >= MAX_EXAMPLES {
            break;
        }
        if word.is_ascii() {
            continue;
        }
        let to = apply_chain(word, chain);
        if to == word {
            continue;
        }
        // Narrow to the changed stretch, widened to the letters around it: markup or
        // punctuation glued to the word is not part of the example.
        let (s, e, ts, te) = changed_stretch(word, &to);
        let from = &word[s..e];
        if out.iter().any(|x| x.from == from) {
            continue;
        }
        out.push(Example {
            text_start: start + s,
            text_end: start + e,
            from: from.to_string(),
            to: to[ts..te].to_string(),
        });
    }
    out
}

/// Every word of `text` that `repaired` (its repair by [`analyze`], word for word: repairs
/// add no ASCII white space and remove only the space a lost no-break space became) changes,
/// in order, each narrowed to the changed stretch as in [`Analysis::examples`]; offsets are in
/// `text`.
pub fn changed_words(text: &str, repaired: &str) -> Vec<Example> {
    let ws = |c: char| c.is_ascii_whitespace();
    let mut to_words = repaired.split(ws).peekable();
    let mut out = Vec::new();
    let mut pos = 0;
    let mut prev_lost_space = false;
    for word in text.split(ws) {
        let start = pos;
        pos += word.len() + 1;
        // The space a lost no-break space became ([`lost_no_break_spaces`]): the repair
        // removed it, so it has no counterpart.
        if word.is_empty() && prev_lost_space {
            prev_lost_space = false;
            continue;
        }
        let Some(to) = to_words.next() else {
            break;
        };
        prev_lost_space = word.ends_with('Ã') && to.ends_with('à');
        if word == to {
            continue;
        }
        let (s, e, ts, te) = changed_stretch(word, to);
        out.push(Example {
            text_start: start + s,
            text_end: start + e,
            from: word[s..e].to_string(),
            to: to[ts..te].to_string(),
        });
    }
    out
}

/// Byte ranges in `a` and `b` of the part that differs, widened on both sides over letters,
/// digits, marks and non-ASCII characters.
fn changed_stretch(a: &str, b: &str) -> (usize, usize, usize, usize) {
    let prefix: usize = a
        .chars()
        .zip(b.chars())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .sum();
    let suffix: usize = a[prefix..]
        .chars()
        .rev()
        .zip(b[prefix..].chars().rev())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .sum();
    let wordish = |c: char| c.is_alphanumeric() || !c.is_ascii();
    let left: usize = a[..prefix]
        .chars()
        .rev()
        .take_while(|&c| wordish(c))
        .map(char::len_utf8)
        .sum();
    let right: usize = a[a.len() - suffix..]
        .chars()
        .take_while(|&c| wordish(c))
        .map(char::len_utf8)
        .sum();
    let s = prefix - left;
    let e = a.len() - suffix + right;
    let ts = prefix - left;
    let te = b.len() - suffix + right;
    (s, e, ts, te)
}

fn describe(verdict: Verdict, best: Option<&Hypothesis>, lost: &[Lost]) -> String {
    let chain_words = |h: &Hypothesis| {
        let names: Vec<&str> = h.chain.iter().map(|c| c.name()).collect();
        let rounds = names.len();
        let all_same = names.windows(2).all(|w| w[0] == w[1]);
        if all_same && rounds > 1 {
            format!("UTF-8 decoded as {} {} times over", names[0], rounds)
        } else {
            format!("UTF-8 decoded as {}", names.join(", then as "))
        }
    };
    match (verdict, best) {
        (Verdict::Clean, _) => {
            "no mojibake: no character sequence is UTF-8 misread as a single-byte encoding"
                .to_string()
        }
        (Verdict::Repairable, Some(h)) => format!(
            "{}: {} sequence{} can be undone exactly",
            chain_words(h),
            h.sequences_repaired,
            if h.sequences_repaired == 1 { "" } else { "s" }
        ),
        (Verdict::PartiallyRecoverable, Some(h)) => format!(
            "{}: {} sequence{} can be undone, but {} place{} lost bytes (U+FFFD) and cannot be restored",
            chain_words(h),
            h.sequences_repaired,
            if h.sequences_repaired == 1 { "" } else { "s" },
            lost.len(),
            if lost.len() == 1 { "" } else { "s" }
        ),
        _ => format!(
            "unrecoverable: {} place{} show mojibake whose bytes were replaced by U+FFFD; the original characters are gone",
            lost.len(),
            if lost.len() == 1 { "" } else { "s" }
        ),
    }
}

#[cfg(test)]
mod tests;
