//! The likely verdict on text in EBCDIC ([`crate::format`] finds it: most bytes are EBCDIC
//! letters, digits and spaces). No ASCII-compatible reading is weighed — each would be
//! gibberish — only the EBCDIC pages of the Latin-1 repertoire ([`EbcdicPage`]). They read
//! letters, digits and the space alike and differ on accented letters and brackets, so, as
//! for the other readings, the words where they differ decide: IBM273 reads `Würde` where
//! IBM037 reads `W}rde`. Pages that read the sample as the same text are one answer.

use super::{Alternative, LanguageEvidence, Likely, WordSpan};
use crate::decode::charset::Charset;
use crate::decode::ebcdic::{EbcdicPage, differing_bytes};
use crate::lexicon;
use crate::span::ByteSpan;

/// Distinct words (byte strings holding a byte the readings differ on) weighed at most.
const MAX_WORDS: usize = 400;
/// Characters of a reading the n-gram model reads for its language.
const LANGUAGE_CHARS: usize = 4096;
/// How much one word, read as a word of the reading's language or read broken, weighs in the
/// softmax over the readings (nats).
const WORD_WEIGHT: f64 = 1.5;
/// The most an EBCDIC verdict is trusted: the pages are not in the dev set the other verdicts
/// are calibrated on, and EBCDIC pages outside the Latin-1 repertoire (Greek, Cyrillic,
/// Japanese) are not read here.
const EBCDIC_MAX: f64 = 0.99;

/// The bytes that separate words in every page: space, no-break space, line feed, new line,
/// carriage return, tab, form feed, and markup's `<` and `>` (an XML document in EBCDIC).
fn separates(b: u8) -> bool {
    matches!(
        b,
        0x40 | 0x41 | 0x25 | 0x15 | 0x0D | 0x05 | 0x0C | 0x4C | 0x6E
    )
}

/// The language a page was made for, where it was made for one (its reading of text in that
/// language is the likelier among pages that read it alike).
fn made_for(p: EbcdicPage) -> &'static [&'static str] {
    use EbcdicPage::*;
    match p {
        Ibm273 | Ibm1141 => &["de"],
        Ibm277 | Ibm1142 => &["da", "no", "nb", "nn"],
        Ibm278 | Ibm1143 => &["fi", "sv"],
        Ibm280 | Ibm1144 => &["it"],
        Ibm284 | Ibm1145 => &["es"],
        Ibm285 | Ibm1146 => &["en"],
        Ibm297 | Ibm1147 => &["fr"],
        Ibm871 | Ibm1149 => &["is"],
        Ibm037 | Ibm1140 => &["en", "nl", "pt"],
        Ibm500 | Ibm1148 => &["fr", "de", "nl"],
        Ibm1047 => &[],
    }
}

/// One answer: the pages that read the sample as one text, and what its words say.
struct Reading {
    members: Vec<EbcdicPage>,
    language: Option<&'static str>,
    /// Distinct differing words read as words of its language, and read broken (a symbol
    /// between letters: `W}rde`, or the currency sign `¤` where the euro is meant).
    known: u32,
    broken: u32,
    /// Of all its distinct words of two letters or more, those in its language's list.
    listed: u32,
    all: u32,
    /// Its reading of each differing word (empty where it reads no letters), and whether its
    /// language's list holds it.
    read: Vec<(String, bool)>,
    /// Words to show: the best reading's where it differs from the runner-up, the others'
    /// where they differ from the best.
    examples: Vec<WordSpan>,
    score: f64,
}

/// The likely verdict on EBCDIC text: the pages weighed by the words where they differ.
/// `decided` is what a consumer decodes (the decision); `sample_start` places the sample in
/// the input, for the words' byte spans.
pub fn in_ebcdic(sample: &[u8], sample_start: u64, decided: Charset) -> Likely {
    let mut present = [false; 256];
    for &b in sample {
        present[usize::from(b)] = true;
    }
    // Pages that map every byte present alike read the same text.
    let mut groups: Vec<Vec<EbcdicPage>> = Vec::new();
    for p in EbcdicPage::ALL {
        let alike = |q: EbcdicPage| {
            (0..=255u8).all(|b| !present[usize::from(b)] || p.char_of(b) == q.char_of(b))
        };
        match groups.iter_mut().find(|g| alike(g[0])) {
            Some(g) => g.push(p),
            None => groups.push(vec![p]),
        }
    }
    let declared = match decided {
        Charset::Ebcdic(p) => Some(p),
        _ => None,
    };
    // A declared page names the answer it belongs to (the report then says the bytes agree).
    for g in &mut groups {
        if let Some(i) = g.iter().position(|&p| Some(p) == declared) {
            g[..=i].rotate_right(1);
        }
    }
    let heads: Vec<EbcdicPage> = groups.iter().map(|g| g[0]).collect();
    let differ = differing_bytes(&heads);
    let words = differing_words(sample, &differ);
    let mut readings: Vec<Reading> = groups
        .into_iter()
        .map(|members| weigh(members, sample, &words, declared))
        .collect();
    // Best first; a tie keeps the commoner page ([`EbcdicPage::ALL`]'s order).
    readings.sort_by(|a, b| b.score.total_cmp(&a.score));
    let top = readings[0].score;
    let sum: f64 = readings.iter().map(|r| (r.score - top).exp()).sum();
    let probs: Vec<f64> = readings
        .iter()
        .map(|r| (r.score - top).exp() / sum)
        .collect();
    examples(&mut readings, &words, sample_start);
    let best = &readings[0];
    let confidence = round3(probs[0] * fit(best));
    let because = because(&readings, words.len());
    let language = best.language.map(|code| LanguageEvidence {
        language: code.to_string(),
        words: words.len() as u32,
        known_words: best.known,
        examples: best.examples.clone(),
        runner_up_examples: readings
            .get(1)
            .map(|r| r.examples.iter().map(|w| w.word.clone()).collect())
            .unwrap_or_default(),
    });
    let alternatives = readings
        .iter()
        .zip(&probs)
        .skip(1)
        .take(4)
        .map(|(r, &p)| Alternative {
            name: Charset::Ebcdic(r.members[0]),
            probability: round3(p),
            known_words: r.known,
            words: words.len() as u32,
            examples: r.examples.iter().take(3).map(|w| w.word.clone()).collect(),
        })
        .collect();
    Likely {
        name: Charset::Ebcdic(best.members[0]),
        confidence,
        because,
        same_text: best.members[1..]
            .iter()
            .map(|&p| Charset::Ebcdic(p))
            .collect(),
        alternatives,
        ruled_out: Vec::new(),
        language,
        seven_bit: None,
        not_text: None,
        readings: Vec::new(),
    }
}

/// The distinct words (byte ranges between separators) holding a byte in `differ`, first
/// occurrence each, at most [`MAX_WORDS`].
fn differing_words(sample: &[u8], differ: &[bool; 256]) -> Vec<(usize, usize)> {
    let mut seen: std::collections::HashSet<&[u8]> = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut start = 0;
    for end in (0..=sample.len()).filter(|&i| i == sample.len() || separates(sample[i])) {
        let w = &sample[start..end];
        if w.iter().any(|&b| differ[usize::from(b)]) && seen.insert(w) {
            out.push((start, end));
            if out.len() == MAX_WORDS {
                break;
            }
        }
        start = end + 1;
    }
    out
}

/// A word as a reading makes it: the characters of its bytes, without the punctuation at its
/// ends; a token of signs alone (`€`, `¤`) as it stands.
fn word_of(page: EbcdicPage, bytes: &[u8]) -> String {
    let s: String = bytes.iter().map(|&b| page.char_of(b)).collect();
    let w = s.trim_matches(|c: char| !c.is_alphanumeric());
    if w.is_empty() {
        s.trim().to_string()
    } else {
        w.to_string()
    }
}

/// A symbol between letters (`W}rde`, `Fran\ais`), a capital after a small letter (`meÞ`,
/// where a page swaps the cases of a letter), or the currency sign where a page has the euro:
/// what a wrong page makes of an accented letter or of `€`.
fn broken(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    word.contains('¤')
        || chars
            .windows(2)
            .any(|w| w[0].is_lowercase() && w[1].is_uppercase())
        || chars.windows(3).any(|w| {
            w[0].is_alphabetic()
                && w[2].is_alphabetic()
                && !w[1].is_alphanumeric()
                && !matches!(w[1], '-' | '\'' | '’' | '.')
        })
}

/// A word whose first letter's case goes against its place: a capital right after a small
/// letter or a comma (`ein Þess`), or a small letter after a full stop (`. það`). Pages that
/// swap a letter's two cases (IBM871's and IBM1149's `Þ` and `þ` in glibc) read it so.
fn odd_initial(page: EbcdicPage, sample: &[u8], start: usize, word: &str) -> bool {
    let Some(first) = word.chars().next().filter(|c| c.is_alphabetic()) else {
        return false;
    };
    let before = sample[..start]
        .iter()
        .rev()
        .find(|&&b| !separates(b))
        .map(|&b| page.char_of(b));
    match before {
        Some(c) if first.is_uppercase() => c.is_lowercase() || c == ',',
        Some('.' | '!' | '?') => first.is_lowercase(),
        _ => false,
    }
}

/// Weighs one answer: its language (the n-gram model on its text), its differing words
/// against that language's list, and how many of all its words the list holds.
fn weigh(
    members: Vec<EbcdicPage>,
    sample: &[u8],
    words: &[(usize, usize)],
    declared: Option<EbcdicPage>,
) -> Reading {
    let page = members[0];
    let text: String = sample
        .iter()
        .take(LANGUAGE_CHARS)
        .map(|&b| page.char_of(b))
        .collect();
    let model = lexicon::model();
    let language = lexicon::best_encoding_language(&text)
        .map(|(i, _)| model.langs[i].code.as_str())
        .and_then(|c| lexicon::word_list(c).map(|l| (c, l)));
    let (mut known, mut broken_words, mut odd_case) = (0u32, 0u32, 0u32);
    let mut read = Vec::with_capacity(words.len());
    for &(s, e) in words {
        let w = word_of(page, &sample[s..e]);
        if w.is_empty() || w.chars().any(|c| c.is_ascii_digit()) {
            read.push((String::new(), false));
            continue;
        }
        if !w.chars().any(char::is_alphabetic) {
            // Signs alone: the currency sign where the euro is meant is the one that tells.
            broken_words += u32::from(w.contains('¤'));
            read.push((w, false));
            continue;
        }
        let misread = broken(&w);
        let is_known = !misread && language.is_some_and(|(_, l)| l.contains(&w.to_lowercase()));
        broken_words += u32::from(misread);
        odd_case += u32::from(odd_initial(page, sample, s, &w));
        known += u32::from(is_known);
        read.push((w, is_known));
    }
    let (mut listed, mut all) = (0u32, 0u32);
    if let Some((_, l)) = language {
        for w in text.split_whitespace().take(400) {
            let w = w.trim_matches(|c: char| !c.is_alphabetic());
            if w.chars().count() >= 2 && w.chars().all(char::is_alphabetic) {
                all += 1;
                listed += u32::from(l.contains(&w.to_lowercase()));
            }
        }
    }
    let code = language.map(|(c, _)| c);
    let own = members
        .iter()
        .any(|&m| code.is_some_and(|c| made_for(m).contains(&c)));
    let commonness = -0.01 * EbcdicPage::ALL.iter().position(|&p| p == page).unwrap_or(0) as f64;
    let score = WORD_WEIGHT
        * (f64::from(known) - f64::from(broken_words) - 0.5 * f64::from(odd_case))
        + if own { 0.5 } else { 0.0 }
        + if declared.is_some_and(|d| members.contains(&d)) {
            1.0
        } else {
            0.0
        }
        + commonness;
    Reading {
        members,
        language: code,
        known,
        broken: broken_words,
        listed,
        all,
        read,
        examples: Vec::new(),
        score,
    }
}

/// Chooses each reading's words to show (the readings sorted best first): the best reading's
/// known words where it differs from the runner-up first, then its other known words; each
/// other reading's words where it differs from the best.
fn examples(readings: &mut [Reading], words: &[(usize, usize)], sample_start: u64) {
    let span = |i: usize| {
        let (s, e) = words[i];
        ByteSpan::new(sample_start + s as u64, sample_start + e as u64)
    };
    let best: Vec<(String, bool)> = readings[0].read.clone();
    let runner: Option<Vec<String>> = readings
        .get(1)
        .map(|r| r.read.iter().map(|(w, _)| w.clone()).collect());
    let told = |i: usize| runner.as_ref().is_none_or(|r| r[i] != best[i].0);
    let mut order: Vec<usize> = (0..best.len()).filter(|&i| !best[i].0.is_empty()).collect();
    // Known and told apart first, then known, then the rest.
    order.sort_by_key(|&i| (!(best[i].1 && told(i)), !best[i].1));
    readings[0].examples = order
        .iter()
        .take(8)
        .map(|&i| WordSpan {
            word: best[i].0.clone(),
            known: best[i].1,
            byte_span: span(i),
        })
        .collect();
    for r in readings.iter_mut().skip(1) {
        r.examples = (0..best.len())
            .filter(|&i| !r.read[i].0.is_empty() && r.read[i].0 != best[i].0)
            .take(8)
            .map(|i| WordSpan {
                word: r.read[i].0.clone(),
                known: r.read[i].1,
                byte_span: span(i),
            })
            .collect();
    }
}

/// How far the best reading reads as text at all: the share of its words its language's list
/// holds (four in ten or more is text), and how many words there are to tell.
fn fit(r: &Reading) -> f64 {
    if r.all == 0 {
        return 0.3;
    }
    let share = f64::from(r.listed) / f64::from(r.all);
    let by_share = (share / 0.4).min(1.0);
    let by_count = 1.0 - 0.5f64.powi(r.listed.min(30) as i32);
    (by_share * by_count).clamp(0.05, EBCDIC_MAX)
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The sentence: what the bytes are, and what the words where the pages differ say.
fn because(readings: &[Reading], differing: usize) -> String {
    let best = &readings[0];
    let name = best.members[0].name();
    let lang = best.language.unwrap_or("no language the model knows");
    let head = format!(
        "the bytes are EBCDIC (mainframe text: letters at 81–A9 and C1–E9, digits at F0–F9, the space 40), which no ASCII-compatible encoding reads; {} of its {} words are {lang} words",
        best.listed, best.all
    );
    let Some(second) = readings.get(1) else {
        let alike = if best.members.len() > 1 {
            format!(
                "; {name} and {} more EBCDIC pages read these bytes alike (none of the bytes where they differ is here)",
                best.members.len() - 1
            )
        } else {
            String::new()
        };
        return format!("{head}{alike}");
    };
    let words = |r: &Reading| {
        r.examples
            .iter()
            .take(3)
            .map(|w| w.word.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let broken = |r: &Reading| match r.broken {
        0 => String::new(),
        n => format!(" ({n} misread)"),
    };
    let differs = if second.examples.is_empty() {
        "the same words".to_string()
    } else {
        format!("{} where they differ", words(second))
    };
    format!(
        "{head}; {name} reads {} of the {differing} words where the pages differ as {lang} words ({}){}; {} reads {}{}, and {differs}",
        best.known,
        words(best),
        broken(best),
        second.members[0].name(),
        second.known,
        broken(second),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_page_breaks_words_with_signs_swapped_cases_and_the_currency_sign() {
        assert!(broken("W}rde"));
        assert!(broken("Fran\\ais"));
        assert!(broken("meÞ"));
        assert!(broken("¤"));
        assert!(!broken("Würde"));
        assert!(!broken("aujourd'hui"));
        assert!(!broken("Procès-verbal"));
        assert!(!broken("€"));
    }

    #[test]
    fn an_initial_against_its_place_is_odd() {
        let p = EbcdicPage::Ibm037;
        let enc = |s: &str| Charset::Ebcdic(p).encode(s).unwrap();
        let s = enc("ein Wort. und Mehr");
        // `Wort` after a small letter, `und` after a full stop: both odd; `Mehr` too.
        assert!(odd_initial(p, &s, 4, "Wort"));
        assert!(odd_initial(p, &s, 10, "und"));
        assert!(odd_initial(p, &s, 14, "Mehr"));
        assert!(!odd_initial(p, &s, 0, "ein"));
    }

    #[test]
    fn a_sample_without_differing_bytes_is_one_answer_naming_the_commonest_page() {
        let bytes = Charset::Ebcdic(EbcdicPage::Ibm500)
            .encode("The records were read and written without errors.\n")
            .unwrap();
        let l = in_ebcdic(&bytes, 0, Charset::WINDOWS_1252);
        assert_eq!(l.name, Charset::Ebcdic(EbcdicPage::Ibm037));
        assert_eq!(l.same_text.len(), EbcdicPage::ALL.len() - 1);
        assert!(l.alternatives.is_empty());
        assert!(l.confidence > 0.9, "{}", l.confidence);
    }
}
