//! The likely true encoding, beside the decision. The decision is what a conforming consumer
//! does with the evidence (a lying `<meta>` wins in a browser and in an indexer); this says what
//! the bytes most probably are, and how sure that is.
//!
//! Every encoding that could have produced the bytes is a candidate (all WHATWG encodings but
//! `replacement` and `x-user-defined`, UTF-16 without a byte order mark included). Each decodes
//! the stretches of the sample around non-ASCII bytes — the only places where they differ —
//! and is ruled out where the bytes make it impossible (a byte it leaves undefined, an invalid
//! multi-byte sequence, a C1 control in running text), with the offset. Encodings that read the
//! stretches as the same text are one answer. The answers left are weighed by language
//! evidence (WHATWG Encoding Standard §4 for the decoders; the lexicon for the words):
//!
//! * the words each reading makes, looked up in the word lists of the languages the n-gram
//!   model finds in that reading (`különböző` is Hungarian; `különbözõ` is no word at all);
//! * the n-gram likelihood of the reading under its best language;
//! * characters text rarely holds (controls, box drawing, private use, a symbol between two
//!   letters) and words whose letters come from two scripts;
//! * how often the encoding carries the language ([`prior`]: the Windows ANSI code page of the
//!   language's locale first, then the ISO 8859 part made for it, then Mac and DOS pages);
//! * the declarations, lenient labels included, and chardetng's guess, as votes.
//!
//! The scores become probabilities (a softmax); the best is the verdict and its probability the
//! confidence. With little evidence (a few differing bytes) the confidence says so.

use crate::decode::charset::Charset;
use crate::decode::validity::Utf8Validity;
use crate::lexicon;
use crate::span::ByteSpan;
use crate::unicode::char_info;
use encoding_rs::Encoding;
use rustc_hash::FxHashMap;
use serde::Serialize;
use unicode_properties::GeneralCategory;
use unicode_script::Script;

/// Every encoding bytes without a byte order mark may be in, ASCII-compatible ones first.
pub const CANDIDATES: &[&Encoding] = &[
    encoding_rs::UTF_8,
    encoding_rs::WINDOWS_1252,
    encoding_rs::ISO_8859_15,
    encoding_rs::MACINTOSH,
    encoding_rs::WINDOWS_1250,
    encoding_rs::ISO_8859_2,
    encoding_rs::ISO_8859_16,
    encoding_rs::ISO_8859_3,
    encoding_rs::ISO_8859_4,
    encoding_rs::ISO_8859_10,
    encoding_rs::ISO_8859_13,
    encoding_rs::ISO_8859_14,
    encoding_rs::WINDOWS_1257,
    encoding_rs::WINDOWS_1254,
    encoding_rs::WINDOWS_1251,
    encoding_rs::KOI8_R,
    encoding_rs::KOI8_U,
    encoding_rs::ISO_8859_5,
    encoding_rs::IBM866,
    encoding_rs::X_MAC_CYRILLIC,
    encoding_rs::WINDOWS_1253,
    encoding_rs::ISO_8859_7,
    encoding_rs::WINDOWS_1255,
    encoding_rs::ISO_8859_8,
    encoding_rs::WINDOWS_1256,
    encoding_rs::ISO_8859_6,
    encoding_rs::WINDOWS_1258,
    encoding_rs::WINDOWS_874,
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_JP,
    encoding_rs::ISO_2022_JP,
    encoding_rs::EUC_KR,
    encoding_rs::GBK,
    encoding_rs::GB18030,
    encoding_rs::BIG5,
    encoding_rs::UTF_16LE,
    encoding_rs::UTF_16BE,
];

/// Bytes of the sample's non-ASCII stretches that are decoded and weighed. 12, 4 and 2 KiB gave
/// the same verdict on every file of the dev set (4,126 files up to 10 KB, 400 concatenations);
/// 2 KiB took 13 % less time than 4 KiB on the NLTK UDHR files, 4 KiB 9 % less than 12 KiB on
/// the speed corpus (one run each).
pub const CONDENSED_BYTES: usize = 2048;
/// Distinct words looked up per reading.
const MAX_WORDS: usize = 80;
/// Below this probability of the best reading, a reading holding the decision is kept (when
/// it is itself at least [`DECISION_FLOOR`] likely).
const KEEP_DECISION_BELOW: f64 = 0.75;
const DECISION_FLOOR: f64 = 0.02;
/// Readings whose words are weighed (the best by their characters).
const MAX_WEIGHED: usize = 9;

/// The likely verdict.
#[derive(Clone, Debug, Serialize)]
pub struct Likely {
    pub name: Charset,
    /// Probability that the text decoded under `name` is the true text (calibrated on the dev
    /// set: see the README's table).
    pub confidence: f64,
    /// Why, in a sentence.
    pub because: String,
    /// Encodings that read these bytes as the same text as `name`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub same_text: Vec<Charset>,
    /// The other readings, most probable first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<Alternative>,
    /// Encodings the bytes rule out, and where.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ruled_out: Vec<RuledOut>,
    /// What the words say (null when there were none to weigh).
    pub language: Option<LanguageEvidence>,
    /// Every reading weighed, best first (for views and for fitting the weights; not
    /// serialized).
    #[serde(skip)]
    pub readings: Vec<Reading>,
}

impl Likely {
    /// The probability of the reading `cs` makes, among the readings weighed: 0 for an encoding
    /// the bytes rule out, and for a verdict settled before any weighing (a byte order mark,
    /// valid UTF-8) the confidence or what it leaves.
    pub fn probability_of(&self, cs: Charset) -> f64 {
        let Some(top) = self.readings.first() else {
            return if cs == self.name || self.same_text.contains(&cs) {
                self.confidence
            } else {
                1.0 - self.confidence
            };
        };
        let sum: f64 = self
            .readings
            .iter()
            .map(|r| (r.score - top.score).exp())
            .sum();
        self.readings
            .iter()
            .find(|r| r.members.contains(&cs))
            .map_or(0.0, |r| (r.score - top.score).exp() / sum)
    }

    /// The encodings whose reading has probability `min` or more: the answers the evidence
    /// leaves open.
    pub fn open_answers(&self, min: f64) -> Vec<Charset> {
        let mut out = vec![self.name];
        out.extend(&self.same_text);
        if let Some(top) = self.readings.first() {
            let sum: f64 = self
                .readings
                .iter()
                .map(|r| (r.score - top.score).exp())
                .sum();
            for r in &self.readings {
                if (r.score - top.score).exp() / sum >= min {
                    for m in &r.members {
                        if !out.contains(m) {
                            out.push(*m);
                        }
                    }
                }
            }
        }
        out
    }
}

/// Another reading of the bytes.
#[derive(Clone, Debug, Serialize)]
pub struct Alternative {
    pub name: Charset,
    pub probability: f64,
    /// Differing words it reads as words of a language, of those weighed.
    pub known_words: u32,
    pub words: u32,
    /// A few of its words, as it reads them.
    pub examples: Vec<String>,
}

/// An encoding the bytes cannot be in.
#[derive(Clone, Debug, Serialize)]
pub struct RuledOut {
    pub name: Charset,
    pub offset: u64,
    pub why: String,
}

/// The words behind the verdict.
#[derive(Clone, Debug, Serialize)]
pub struct LanguageEvidence {
    /// The language the verdict's reading is in (ISO 639-1 where there is one).
    pub language: String,
    /// Words weighed (distinct words holding non-ASCII letters), and how many are words of a
    /// language in the verdict's reading.
    pub words: u32,
    pub known_words: u32,
    /// Words of the verdict's reading with their bytes.
    pub examples: Vec<WordSpan>,
    /// The same bytes as the runner-up reads them.
    pub runner_up_examples: Vec<String>,
}

/// A word and the bytes it was read from.
#[derive(Clone, Debug, Serialize)]
pub struct WordSpan {
    pub word: String,
    pub known: bool,
    pub byte_span: ByteSpan,
}

/// What [`likely`] looks at.
pub struct Inputs<'a> {
    /// The sample (after any byte order mark) and where it starts in the input.
    pub sample: &'a [u8],
    pub sample_start: u64,
    /// The sample reaches the end of the input.
    pub at_end: bool,
    /// Bytes of non-ASCII stretches to weigh (see [`CONDENSED_BYTES`]).
    pub budget: usize,
    pub validity: &'a Utf8Validity,
    pub bom: Option<Charset>,
    /// Declared encodings (lenient labels included), with what declared them.
    pub declared: Vec<(Charset, String)>,
    /// chardetng's guess among legacy encodings, when it saw non-ASCII bytes.
    pub chardet: Option<&'static Encoding>,
    pub decision: Charset,
    /// The decision rests on a declaration, a transport header or the user (not on
    /// statistics): it then stands unless the words are clear.
    pub decision_declared: bool,
}

/// The features of one reading, for the score and for fitting its weights.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Features {
    /// Malformed sequences or undefined bytes, per 100 non-ASCII characters.
    pub errors: f64,
    /// C1 controls and other controls, per 100 non-ASCII characters.
    pub controls: f64,
    /// Characters text rarely holds, per 100 non-ASCII characters.
    pub odd: f64,
    /// Share of the non-ASCII letters written in another script than most letters around
    /// them (ASCII letters count as Latin): a lone Cyrillic `а` that IBM866 makes of a
    /// no-break space in Latin text.
    pub alien: f64,
    /// Share of the reading's words mixing two scripts.
    pub mixed: f64,
    /// The reading is UTF-8 and every sequence is valid (the count of multi-byte characters,
    /// up to 3: a legacy text forms one by chance now and then, three almost never).
    pub utf8: f64,
    /// Multi-byte characters decoded without a single error (log, capped at 6): random bytes
    /// rarely pass a multi-byte decoder for long, so a clean run is evidence for its family.
    pub multibyte: f64,
    /// Distinct differing words that are words of the reading's language: each one is evidence
    /// on its own, so they add up (and a word two readings share adds to both).
    pub known: f64,
    /// Distinct differing words that are not.
    pub unknown: f64,
    /// Among the three best readings: distinct words only this reading makes (the others
    /// read those bytes otherwise) that are words of its language, and that are not. Two
    /// readings that differ only in capitals (x-mac-cyrillic and windows-1251) differ in
    /// nothing else.
    pub known_own: f64,
    pub unknown_own: f64,
    /// Mean n-gram log-likelihood per feature under the best language, relative to the best
    /// reading's.
    pub ngram: f64,
    /// Log prior of the encoding for the reading's language.
    pub prior: f64,
    /// A declaration names a member of the group.
    pub declared: f64,
    /// chardetng's guess is a member of the group.
    pub chardet: f64,
    /// Words weighed.
    pub words: u32,
    pub known_words: u32,
    pub language: String,
}

/// Weights of the score (log-odds units): a conditional logit fitted by scripts/fit_likely.py on
/// the reading features of a generated dev set (scripts/make_encoding_devset.py, seed 1) and
/// judged on another (seed 2): the best reading is the true text for 98.8 % of the files that
/// reach the weighing (the others are settled before: BOM, ASCII, valid UTF-8). `known` and
/// `unknown` are shares that add up to one, so together they weigh "the reading has words".
pub const WEIGHTS: Features = Features {
    errors: -0.23,
    controls: -5.54,
    alien: -5.38,
    odd: -0.06,
    mixed: -5.78,
    multibyte: 1.08,
    utf8: 4.36,
    known: 10.04,
    unknown: 13.32,
    known_own: 7.61,
    unknown_own: -1.55,
    ngram: 1.40,
    prior: 1.47,
    declared: 4.60,
    chardet: 1.50,
    words: 0,
    known_words: 0,
    language: String::new(),
};

impl Features {
    fn score(&self) -> f64 {
        let w = &WEIGHTS;
        w.errors * self.errors
            + w.controls * self.controls
            + w.odd * self.odd
            + w.alien * self.alien
            + w.mixed * self.mixed
            + w.multibyte * self.multibyte
            + w.utf8 * self.utf8
            + w.known * self.known
            + w.unknown * self.unknown
            + w.known_own * self.known_own
            + w.unknown_own * self.unknown_own
            + w.ngram * self.ngram
            + w.prior * self.prior
            + w.declared * self.declared
            + w.chardet * self.chardet
    }
}

/// One reading: the encodings that give it, its text, and what was found in it.
#[derive(Clone, Debug)]
pub struct Reading {
    pub members: Vec<Charset>,
    pub text: String,
    pub features: Features,
    /// The reading's differing words: word, occurrences, known, offset in the condensed text.
    pub words: Vec<(String, u32, bool, usize)>,
    /// Every distinct word of the reading (for comparing the best readings).
    pub vocabulary: Vec<String>,
    pub score: f64,
    /// The script of most of its non-ASCII letters.
    pub script: Option<Script>,
}

/// The stretches of `sample` around non-ASCII bytes (to the nearest white space or markup
/// delimiter on each side), joined by newlines, up to [`CONDENSED_BYTES`]; and for each piece,
/// (offset in the condensed bytes, offset in the sample). Multi-byte characters never straddle
/// a piece boundary: the boundaries are ASCII white space or `<`/`>`, which no legacy
/// multi-byte encoding uses as a trail byte.
fn condense(sample: &[u8], budget: usize) -> (Vec<u8>, Vec<(usize, usize)>) {
    let delim = |b: u8| matches!(b, b' ' | b'\n' | b'\r' | b'\t' | b'<' | b'>' | 0x0C);
    let mut out = Vec::new();
    let mut pieces = Vec::new();
    let mut i = 0;
    while i < sample.len() && out.len() < budget {
        let Some(p) = sample[i..].iter().position(|&b| b >= 0x80) else {
            break;
        };
        let hit = i + p;
        let start = sample[i..hit]
            .iter()
            .rposition(|&b| delim(b))
            .map_or(i, |q| i + q + 1);
        let mut end = hit;
        while end < sample.len() && !delim(sample[end]) {
            end += 1;
        }
        pieces.push((out.len(), start));
        out.extend_from_slice(&sample[start..end]);
        out.push(b'\n');
        i = end;
    }
    (out, pieces)
}

/// Decodes `bytes` under `enc`, counting malformed sequences; the offset of the first one in
/// `bytes`. An incomplete sequence at the end of a cut sample is not counted.
fn decode_counting(
    enc: &'static Encoding,
    bytes: &[u8],
    last: bool,
) -> (String, u32, Option<usize>) {
    let mut dec = enc.new_decoder_without_bom_handling();
    let mut out = String::with_capacity(bytes.len() * 2 + 16);
    let mut errors = 0u32;
    let mut first = None;
    let mut at = 0usize;
    loop {
        if out.capacity() - out.len() < 64 {
            out.reserve(bytes.len() - at + 64);
        }
        let (r, read) = dec.decode_to_string_without_replacement(&bytes[at..], &mut out, last);
        at += read;
        match r {
            encoding_rs::DecoderResult::InputEmpty => break,
            encoding_rs::DecoderResult::OutputFull => out.reserve(bytes.len() - at + 64),
            encoding_rs::DecoderResult::Malformed(bad, extra) => {
                errors += 1;
                first.get_or_insert(at.saturating_sub(bad as usize + extra as usize));
                out.push('\u{FFFD}');
            }
        }
    }
    (out, errors, first)
}

/// How plausible a character is in text: `false` for the ones text rarely holds.
fn ordinary(c: char) -> bool {
    if c.is_ascii() {
        return !c.is_ascii_control() || matches!(c, '\n' | '\r' | '\t' | '\x0C');
    }
    use GeneralCategory::*;
    match char_info(c).category {
        UppercaseLetter | LowercaseLetter | TitlecaseLetter | OtherLetter | NonspacingMark
        | SpacingMark | DecimalNumber | SpaceSeparator | DashPunctuation | OpenPunctuation
        | ClosePunctuation | InitialPunctuation | FinalPunctuation | OtherPunctuation => true,
        // ¤ is what windows-1252 makes of ISO-8859-15's euro sign; no text writes it.
        CurrencySymbol => c != '¤',
        ModifierLetter | EnclosingMark | LetterNumber | OtherNumber | ConnectorPunctuation => false,
        MathSymbol => matches!(c, '±' | '×' | '÷' | '¬' | '−'),
        ModifierSymbol | OtherSymbol => matches!(c, '°' | '©' | '®' | '™' | '§' | '¶'),
        _ => false,
    }
}

/// The log prior of `enc` carrying text in `lang` (ISO 639-1): 0 for the Windows ANSI code
/// page of the language's locale (Microsoft's locale table) and the encodings of CJK
/// languages, −1 for the ISO 8859 part made for the language and the Mac, KOI8 and DOS pages
/// of its script, −3 for any other that can write it. UTF-8 and UTF-16 are −0.5 everywhere
/// (they reach here only when the bytes are not clearly UTF-8).
pub fn prior(enc: &'static Encoding, lang: &str) -> f64 {
    use encoding_rs as e;
    const WESTERN: &[&str] = &[
        "en", "fr", "de", "es", "pt", "it", "nl", "da", "sv", "nb", "nn", "fi", "is", "ca", "ga",
        "cy", "eu", "gl", "af", "sq", "id", "ms", "tl", "sw", "zu", "yo", "ha", "so", "et", "uz",
    ];
    const CENTRAL: &[&str] = &["cs", "sk", "pl", "hu", "sl", "hr", "bs", "ro", "sq", "sr"];
    const CYRILLIC: &[&str] = &["ru", "uk", "bg", "mk", "sr", "be", "kk"];
    const BALTIC: &[&str] = &["lt", "lv", "et"];
    let is = |langs: &[&str]| langs.contains(&lang);
    let tier1 = match enc {
        _ if enc == e::WINDOWS_1252 => is(WESTERN),
        _ if enc == e::WINDOWS_1250 => is(CENTRAL),
        _ if enc == e::WINDOWS_1251 => is(CYRILLIC),
        _ if enc == e::WINDOWS_1257 => is(BALTIC),
        _ if enc == e::WINDOWS_1253 || enc == e::ISO_8859_7 => lang == "el",
        _ if enc == e::WINDOWS_1254 => is(&["tr", "az"]),
        _ if enc == e::WINDOWS_1255 => is(&["he", "yi"]),
        _ if enc == e::WINDOWS_1256 => is(&["ar", "fa", "ur"]),
        _ if enc == e::WINDOWS_1258 => lang == "vi",
        _ if enc == e::WINDOWS_874 => lang == "th",
        _ if enc == e::SHIFT_JIS || enc == e::EUC_JP || enc == e::ISO_2022_JP => lang == "ja",
        _ if enc == e::GBK || enc == e::GB18030 || enc == e::BIG5 => is(&["zh", "yue"]),
        _ if enc == e::EUC_KR => lang == "ko",
        _ if enc == e::ISO_8859_3 => is(&["eo", "mt"]),
        _ if enc == e::ISO_8859_14 => is(&["cy", "ga", "gd", "br"]),
        _ => false,
    };
    if tier1 {
        return 0.0;
    }
    if enc == e::UTF_8 || enc == e::UTF_16LE || enc == e::UTF_16BE {
        return -0.5;
    }
    let tier2 = match enc {
        _ if enc == e::ISO_8859_15 || enc == e::MACINTOSH => is(WESTERN),
        _ if enc == e::ISO_8859_2 => is(CENTRAL),
        _ if enc == e::ISO_8859_16 => is(&["ro", "hr", "hu", "pl", "sl", "sq", "it", "fr", "de"]),
        _ if enc == e::KOI8_R || enc == e::IBM866 => is(&["ru", "bg", "be"]),
        _ if enc == e::KOI8_U => is(&["uk", "ru"]),
        _ if enc == e::X_MAC_CYRILLIC || enc == e::ISO_8859_5 => is(CYRILLIC),
        _ if enc == e::ISO_8859_13 || enc == e::ISO_8859_4 => is(BALTIC),
        _ if enc == e::ISO_8859_10 => is(&["is", "fo", "se", "da", "sv", "nb", "fi", "et"]),
        _ if enc == e::ISO_8859_8 => is(&["he", "yi"]),
        _ if enc == e::ISO_8859_6 => lang == "ar",
        _ if enc == e::ISO_8859_3 => is(&["tr"]),
        _ => false,
    };
    if tier2 { -1.0 } else { -3.0 }
}

/// The words of a reading that hold a non-ASCII letter (lower case), with their count, and the
/// condensed offset of the first occurrence.
fn words_of(text: &str) -> Vec<(String, u32, usize)> {
    let mut map: FxHashMap<&str, (u32, usize)> = FxHashMap::default();
    let mut order: Vec<&str> = Vec::new();
    let mut start = None;
    let mut non_ascii = false;
    // Letters and marks, from the cached property table (`char::is_alphabetic` is a binary
    // search: a sixth of the weighing's time).
    let is_word_char = |c: char| {
        if c.is_ascii() {
            return c.is_ascii_alphabetic();
        }
        let i = char_info(c);
        i.is_letter() || i.is_mark()
    };
    // A word counts when it holds a non-ASCII character or touches one: where one reading
    // makes `“rights”` of the bytes and another `ìrightsî`, both have a word there to judge.
    let mut prev_non_ascii = false;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        if is_word_char(c) {
            if start.is_none() {
                start = Some(i);
                non_ascii = prev_non_ascii;
            }
            non_ascii |= !c.is_ascii();
        } else {
            if let Some(s) = start.take()
                && (non_ascii || !c.is_ascii())
            {
                let w = &text[s..i];
                let e = map.entry(w).or_insert_with(|| {
                    order.push(w);
                    (0, s)
                });
                e.0 += 1;
            }
        }
        prev_non_ascii = !c.is_ascii();
    }
    order
        .into_iter()
        .map(|w| {
            let (n, at) = map[w];
            (w.to_lowercase(), n, at)
        })
        .collect()
}

/// Does a word's letters come from two real scripts (Latin and Cyrillic, Greek and Latin…)?
fn mixed_script(word: &str) -> bool {
    let mut first: Option<Script> = None;
    for c in word.chars() {
        let i = char_info(c);
        if !i.has_real_script() {
            continue;
        }
        let s = i.cluster();
        match first {
            None => first = Some(s),
            Some(f) if f != s => return true,
            _ => {}
        }
    }
    false
}

/// A word as the word lists spell it: Romanian ş ţ with a cedilla (what ISO-8859-2 and
/// windows-1250 have) as ș ț with the comma below (what the lists hold), so the spelling of the
/// code page does not count against it.
fn list_spelling(w: &str) -> std::borrow::Cow<'_, str> {
    if w.contains(['ş', 'ţ', 'Ş', 'Ţ']) {
        w.replace('ş', "ș")
            .replace('ţ', "ț")
            .replace('Ş', "Ș")
            .replace('Ţ', "Ț")
            .into()
    } else {
        w.into()
    }
}

/// The word list for a language the n-gram model names: its own, or for Serbian — written in
/// Cyrillic, while wordfreq's Serbo-Croatian list is in Latin letters — that list, which
/// [`spelled`] reaches by transliterating.
pub(crate) fn list_of(lang: &str) -> Option<&'static str> {
    lexicon::word_list_code(lang).or_else(|| match lang {
        "sr" => lexicon::word_list_code("hr"),
        _ => None,
    })
}

/// `w` as the word list `list` spells it: Serbian Cyrillic in Gaj's Latin alphabet for the
/// Serbo-Croatian list (the official one-to-one correspondence: љ → lj, ђ → đ, џ → dž…),
/// else [`list_spelling`].
pub(crate) fn spelled<'a>(list: &str, w: &'a str) -> std::borrow::Cow<'a, str> {
    if matches!(list, "hr" | "bs") && w.chars().any(|c| ('\u{400}'..='\u{4FF}').contains(&c)) {
        return serbian_latin(w).into();
    }
    list_spelling(w)
}

/// Serbian Cyrillic → Latin, letter by letter (lower case: words are looked up lowered).
fn serbian_latin(w: &str) -> String {
    let mut out = String::with_capacity(w.len());
    for c in w.chars() {
        let l = match c {
            'а' => "a",
            'б' => "b",
            'в' => "v",
            'г' => "g",
            'д' => "d",
            'ђ' => "đ",
            'е' => "e",
            'ж' => "ž",
            'з' => "z",
            'и' => "i",
            'ј' => "j",
            'к' => "k",
            'л' => "l",
            'љ' => "lj",
            'м' => "m",
            'н' => "n",
            'њ' => "nj",
            'о' => "o",
            'п' => "p",
            'р' => "r",
            'с' => "s",
            'т' => "t",
            'ћ' => "ć",
            'у' => "u",
            'ф' => "f",
            'х' => "h",
            'ц' => "c",
            'ч' => "č",
            'џ' => "dž",
            'ш' => "š",
            _ => {
                out.push(c);
                continue;
            }
        };
        out.push_str(l);
    }
    out
}

/// How well `enc` reads one stretch of bytes between white space (a word or a few), in
/// language `lang` (a word-list code): each word of the language counts for it; each word the
/// list lacks, byte it cannot decode, control, odd character and word mixing scripts counts
/// against it. The same notions as [`Features`], per stretch, without the n-gram model: the
/// local evidence `segments` weighs where one encoding gives way to another.
pub(crate) fn local_fit(enc: &'static Encoding, lang: Option<&str>, bytes: &[u8]) -> f64 {
    let (text, _) = enc.decode_without_bom_handling(bytes);
    let mut fit = 0.0;
    let utf8 = enc == encoding_rs::UTF_8;
    let letter = |c: Option<char>| c.is_some_and(|c| c.is_alphabetic());
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii()
            && !ordinary(c)
            && letter(i.checked_sub(1).map(|j| chars[j]))
            && letter(chars.get(i + 1).copied())
        {
            // A symbol between two letters (`li¨en`): a letter misread.
            fit -= 2.0;
        }
        if utf8 && !c.is_ascii() && c != '\u{FFFD}' {
            // A valid multi-byte sequence: legacy text rarely forms one by chance.
            fit += 3.0;
        } else if c == '\u{FFFD}' {
            fit -= 3.0;
        } else if ('\u{80}'..='\u{9F}').contains(&c) || c == '¤' {
            fit -= 2.0;
        } else if !c.is_ascii() && !ordinary(c) {
            fit -= 1.0;
        }
    }
    let (mixed, words): (Vec<_>, Vec<_>) = words_of(&text)
        .into_iter()
        .partition(|w| mixed_script(&w.0));
    fit -= 2.0 * mixed.iter().map(|w| w.1 as f64).sum::<f64>();
    for (w, n, _) in lookup_words(&words).into_iter().take(24) {
        let known = lang.and_then(|l| lexicon::is_word(l, &spelled(l, &w))) == Some(true);
        // One- and two-letter words are weak evidence: a misreading that cuts a word in
        // pieces makes them (`li¨en`: `li`, `en`).
        let short = w.chars().count() < 3;
        fit += match (known, short) {
            (true, false) => 2.0,
            (true, true) => 0.5,
            (false, false) => -1.0,
            (false, true) => -0.25,
        } * n as f64;
    }
    fit
}

/// Does `enc` misread one stretch of bytes, by its characters alone (no word list): a byte it
/// cannot decode, a C1 control, a symbol between two letters (`li¨en`), a word mixing scripts
/// (`cientнfico`), or a Latin word of four letters or more nearly all accented (`Ïðàâî`, what
/// Cyrillic bytes become in a Latin code page). Cheap enough for every stretch of a file.
pub(crate) fn misread(enc: &'static Encoding, bytes: &[u8]) -> bool {
    let (text, _) = enc.decode_without_bom_handling(bytes);
    let chars: Vec<char> = text.chars().collect();
    let letter = |i: Option<usize>| {
        i.and_then(|i| chars.get(i))
            .is_some_and(|c| c.is_alphabetic())
    };
    for (i, &c) in chars.iter().enumerate() {
        if c == '\u{FFFD}' || ('\u{80}'..='\u{9F}').contains(&c) {
            return true;
        }
        if !c.is_ascii() && !ordinary(c) && letter(i.checked_sub(1)) && letter(Some(i + 1)) {
            return true;
        }
    }
    for w in text.split(|c: char| !c.is_alphabetic()) {
        if mixed_script(w) {
            return true;
        }
        let n = w.chars().count();
        let accented = w
            .chars()
            .filter(|&c| !c.is_ascii() && char_info(c).script == Script::Latin)
            .count();
        if n >= 4 && accented * 4 >= n * 3 {
            return true;
        }
    }
    false
}

/// The words of a reading that are looked up: the words holding a non-ASCII letter, and in
/// text written without spaces (Han, kana) each character, as the Chinese and Japanese word
/// lists hold single characters.
fn lookup_words(words: &[(String, u32, usize)]) -> Vec<(String, u32, usize)> {
    let mut out: Vec<(String, u32, usize)> = Vec::new();
    let mut index: FxHashMap<String, usize> = FxHashMap::default();
    let mut add = |w: String, at: usize| match index.get(&w) {
        Some(&i) => out[i].1 += 1,
        None => {
            index.insert(w.clone(), out.len());
            out.push((w, 1, at));
        }
    };
    for (w, n, at) in words.iter().cloned() {
        let spaceless = w.chars().any(|c| {
            matches!(
                char_info(c).script,
                Script::Han | Script::Hiragana | Script::Katakana
            )
        });
        if spaceless {
            for (i, c) in w.char_indices() {
                for _ in 0..n {
                    add(c.to_string(), at + i);
                }
            }
        } else {
            for _ in 0..n {
                add(w.clone(), at);
            }
        }
    }
    out
}

/// The character-level features of one reading of the condensed bytes (the word evidence is
/// added by [`word_evidence`], which needs all readings).
fn char_features(
    text: &str,
    errors: u32,
    multibyte: u32,
    raw_controls: u32,
    members: &[Charset],
    inp: &Inputs,
    latin_context: bool,
) -> (Features, Option<Script>) {
    let mut f = Features::default();
    let mut non_ascii = 0u32;
    let mut controls = raw_controls;
    // Letters of another script than Latin that stand alone (no letter on either side), and
    // all such letters: `30є` is what windows-1251 makes of `30º`.
    let (mut lone, mut other_script) = (0u32, 0u32);
    let mut prev_letter = false;
    let mut pending = false;
    let mut odd = 0u32;
    // Letters per script cluster (a handful of slots: text mixes few scripts).
    let mut scripts: Vec<(Script, u32, u32)> = Vec::new();
    let mut count_script = |s: Script, ascii: bool| match scripts.iter_mut().find(|x| x.0 == s) {
        Some(x) => {
            x.1 += 1;
            x.2 += !ascii as u32;
        }
        None => scripts.push((s, 1, !ascii as u32)),
    };
    for c in text.chars() {
        if c.is_ascii() {
            if pending && !c.is_ascii_alphabetic() {
                lone += 1;
            }
            pending = false;
            prev_letter = c.is_ascii_alphabetic();
            if c.is_ascii_control() && !matches!(c, '\n' | '\r' | '\t' | '\x0C') {
                controls += 1;
            } else if c.is_ascii_alphabetic() {
                count_script(Script::Latin, true);
            }
            continue;
        }
        let info = char_info(c);
        let letter = info.is_letter();
        if pending && !letter {
            lone += 1;
        }
        pending = false;
        if letter && info.has_real_script() {
            count_script(info.cluster(), false);
            if info.cluster() != Script::Latin {
                other_script += 1;
                pending = !prev_letter;
            }
        }
        prev_letter = letter;
        non_ascii += 1;
        // ¤ is what windows-1252 makes of ISO-8859-15's euro sign: text never writes it, so it
        // weighs like a control.
        if ('\u{80}'..='\u{9F}').contains(&c) || c == '¤' {
            controls += 1;
        } else if !ordinary(c) {
            odd += 1;
        }
    }
    let per = 100.0 / non_ascii.max(1) as f64;
    let script = scripts
        .iter()
        .filter(|x| x.2 > 0)
        .max_by_key(|x| x.2)
        .map(|x| x.0);
    if pending {
        lone += 1;
    }
    if let Some(main) = scripts.iter().max_by_key(|x| x.1) {
        let letters: u32 = scripts.iter().map(|x| x.2).sum();
        let alien: u32 = scripts.iter().filter(|x| x.0 != main.0).map(|x| x.2).sum();
        f.alien = alien as f64 / letters.max(1) as f64;
    }
    // Letters of another script that all stand alone, in a sample whose ASCII letters write
    // Latin words: symbols misread, whatever the condensed stretches (which hold no Latin
    // word around `30є`) say. Real text in that script has words of several letters.
    if latin_context && other_script > 0 && lone == other_script {
        f.alien = f.alien.max(other_script as f64 / non_ascii.max(1) as f64);
    }
    f.errors = errors as f64 * per;
    f.controls = (controls as f64 * per).min(100.0);
    f.odd = odd as f64 * per;
    if members.contains(&Charset::UTF_8) && errors == 0 {
        f.utf8 = multibyte.min(3) as f64;
    }
    f.multibyte = if errors == 0 && multibyte > 0 {
        (1.0 + multibyte as f64).ln().min(6.0)
    } else {
        0.0
    };
    f.declared = members
        .iter()
        .any(|m| inp.declared.iter().any(|(d, _)| d == m)) as u8 as f64;
    f.chardet = inp
        .chardet
        .is_some_and(|c| members.contains(&Charset::Whatwg(c))) as u8 as f64;
    (f, script)
}

/// The word evidence of each reading, on the words that differ between readings (a word all
/// readings share tells nothing): their share that are words of the language the n-gram
/// model finds in the reading, the n-gram likelihood, words mixing scripts, and the prior of
/// the encoding for that language. Returns each reading's words with whether they are known.
fn word_evidence(readings: &mut [Reading]) {
    let whole: Vec<Vec<(String, u32, usize)>> =
        readings.iter().map(|r| words_of(&r.text)).collect();
    let all: Vec<Vec<(String, u32, usize)>> = whole.iter().map(|w| lookup_words(w)).collect();
    let mut seen: FxHashMap<&str, usize> = FxHashMap::default();
    for words in &all {
        for w in words {
            *seen.entry(w.0.as_str()).or_default() += 1;
        }
    }
    let n = readings.len();
    let model = lexicon::model();
    for ((r, words), whole) in readings.iter_mut().zip(&all).zip(&whole) {
        let mut differing: Vec<&(String, u32, usize)> = words
            .iter()
            .filter(|w| n == 1 || seen.get(w.0.as_str()).copied().unwrap_or(0) < n)
            .collect();
        differing.sort_by_key(|w| std::cmp::Reverse(w.1));
        differing.truncate(MAX_WORDS);
        let f = &mut r.features;
        f.words = differing.len() as u32;
        // Mixed scripts are judged on whole words (a Han character inside a Latin word is what
        // a CJK reading of Latin bytes makes), before text without spaces is cut into
        // characters.
        // A share: some texts mix on purpose (Ukrainian written with a Latin `i`), a misreading
        // mixes in a few words or in all of them.
        let mixed = whole.iter().filter(|w| mixed_script(&w.0)).count();
        f.mixed = mixed as f64 / whole.len().max(1) as f64;
        // The n-gram model reads the whole reading's words for its language.
        let joined: String = words
            .iter()
            .take(MAX_WORDS)
            .map(|w| w.0.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        let (scores, features) = model.scores(&joined, None);
        let mut order: Vec<usize> = (0..scores.len()).collect();
        order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
        f.ngram = if features > 0 {
            scores[order[0]] / features as f64
        } else {
            0.0
        };
        // (word list, language): the same code but for Serbian (see [`list_of`]).
        let langs: Vec<(&'static str, &str)> = order
            .iter()
            .take(3)
            .filter_map(|&i| {
                let code = model.langs[i].code.as_str();
                list_of(code).map(|l| (l, code))
            })
            .collect();
        let mut best = (0u32, 0u32, "", "");
        for &(l, code) in &langs {
            let (mut hits, mut distinct) = (0u32, 0u32);
            for w in &differing {
                if lexicon::is_word(l, &spelled(l, &w.0)) == Some(true) {
                    hits += w.1;
                    distinct += 1;
                }
            }
            if distinct > best.1 || (distinct == best.1 && hits > best.0) {
                best = (hits, distinct, l, code);
            }
        }
        f.language = if best.2.is_empty() {
            order
                .first()
                .map_or("", |&i| model.langs[i].code.as_str())
                .to_string()
        } else {
            best.3.to_string()
        };
        // Shares, not counts: readings that cut the bytes into more words must not gain by it.
        f.known = best.1 as f64 / differing.len().max(1) as f64;
        f.unknown = if differing.is_empty() {
            0.0
        } else {
            1.0 - f.known
        };
        f.known_words = best.1;
        f.prior = r
            .members
            .iter()
            .filter_map(|m| m.whatwg())
            .map(|e| prior(e, &f.language))
            .fold(f64::NEG_INFINITY, f64::max);
        let lang = best.2;
        let mut vocabulary: Vec<String> = words.iter().take(1000).map(|w| w.0.clone()).collect();
        vocabulary.sort_unstable();
        r.vocabulary = vocabulary;
        r.words = differing
            .into_iter()
            .map(|(w, n, at)| {
                let known =
                    !lang.is_empty() && lexicon::is_word(lang, &spelled(lang, w)) == Some(true);
                (w.clone(), *n, known, *at)
            })
            .collect();
    }
}

/// Every reading of the sample, ruled-out encodings apart; readings best first.
pub fn readings(inp: &Inputs) -> (Vec<Reading>, Vec<RuledOut>) {
    let (condensed, pieces) = condense(inp.sample, inp.budget);
    let to_input = |at: usize| -> u64 {
        let i = pieces.partition_point(|p| p.0 <= at).saturating_sub(1);
        let (c, s) = pieces.get(i).copied().unwrap_or((0, 0));
        inp.sample_start + (s + at - c) as u64
    };
    let non_ascii = condensed.iter().filter(|&&b| b >= 0x80).count().max(1);
    // Controls of the raw sample (ESC, NUL and the like) weigh on every ASCII-compatible
    // reading alike; only UTF-16 and ISO-2022-JP readings consume them.
    let raw_controls = inp
        .sample
        .iter()
        .filter(|&&b| (b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t' | 0x0C)) || b == 0x7F)
        .count() as u32;
    let nuls = inp.sample.iter().filter(|&&b| b == 0).count();
    let mut groups: Vec<(String, Vec<Charset>, u32, u32, u32, bool)> = Vec::new();
    // The sample's ASCII letters write Latin words around the stretches (in an
    // ASCII-compatible reading).
    let latin_context = inp
        .sample
        .iter()
        .filter(|b| b.is_ascii_alphabetic())
        .count()
        >= 20;
    let mut ruled_out = Vec::new();
    let wide_bytes = &inp.sample[..inp.sample.len().min(CONDENSED_BYTES) & !1];
    for &enc in CANDIDATES {
        let cs = Charset::Whatwg(enc);
        let wide = enc == encoding_rs::UTF_16LE || enc == encoding_rs::UTF_16BE;
        let stateful = enc == encoding_rs::ISO_2022_JP;
        let (text, errors, first) = if wide {
            decode_counting(
                enc,
                wide_bytes,
                inp.at_end && wide_bytes.len() == inp.sample.len(),
            )
        } else if stateful {
            if !inp.sample.contains(&0x1B) {
                continue;
            }
            let raw = &inp.sample[..inp.sample.len().min(CONDENSED_BYTES)];
            decode_counting(enc, raw, inp.at_end)
        } else {
            decode_counting(enc, &condensed, true)
        };
        let units = if wide || stateful {
            inp.sample.len().min(CONDENSED_BYTES) / 2
        } else {
            non_ascii
        };
        if !wide && nuls * 100 > inp.sample.len().max(1) {
            let at = inp.sample.iter().position(|&b| b == 0).unwrap_or(0);
            ruled_out.push(RuledOut {
                name: cs,
                offset: inp.sample_start + at as u64,
                why: format!(
                    "{nuls} NUL bytes in the sample, the first at byte {}: text in an ASCII-compatible encoding has none",
                    inp.sample_start + at as u64
                ),
            });
            continue;
        }
        // Undefined bytes and invalid sequences rule an encoding out; one in two hundred
        // characters is allowed as damage.
        let allowed = (units / 200).max(1) as u32;
        if errors > allowed {
            let at = first.unwrap_or(0);
            let offset = if wide || stateful {
                inp.sample_start + at as u64
            } else {
                to_input(at)
            };
            ruled_out.push(RuledOut {
                name: cs,
                offset,
                why: format!(
                    "{errors} byte sequences it cannot decode, the first at byte {offset}"
                ),
            });
            continue;
        }
        let c1 = text
            .chars()
            .filter(|c| ('\u{80}'..='\u{9F}').contains(c))
            .count();
        if c1 > allowed as usize {
            let pos = text
                .char_indices()
                .find(|(_, c)| ('\u{80}'..='\u{9F}').contains(c))
                .map_or(0, |(i, _)| i);
            let at = if wide || stateful {
                inp.sample_start + pos as u64
            } else {
                // Bytes 0x80–0x9F are one character each in these encodings: the position in
                // the text is near the byte's in the condensed bytes.
                to_input(pos.min(condensed.len().saturating_sub(1)))
            };
            ruled_out.push(RuledOut {
                name: cs,
                offset: at,
                why: format!(
                    "{c1} C1 control characters in running text, the first near byte {at}"
                ),
            });
            continue;
        }
        if wide {
            // UTF-16 without a BOM must read as text: no NUL, no control, no unpaired half.
            let bad = text
                .chars()
                .filter(|&c| {
                    c == '\0'
                        || (c.is_control() && !c.is_whitespace())
                        || !ordinary(c) && !c.is_ascii()
                })
                .count();
            if bad * 20 > units.max(1) {
                ruled_out.push(RuledOut {
                    name: cs,
                    offset: inp.sample_start,
                    why: format!("{bad} of {units} UTF-16 code units are not text"),
                });
                continue;
            }
        }
        // Multi-byte characters decoded: for UTF-8, UTF-16 and the CJK encodings.
        let multibyte = if enc.is_single_byte() {
            0
        } else if wide {
            text.chars().filter(|c| !c.is_ascii()).count() as u32
        } else {
            text.chars().filter(|c| c.len_utf8() > 1).count() as u32
        };
        let raw = if wide || stateful { 0 } else { raw_controls };
        match groups.iter_mut().find(|g| g.0 == text) {
            Some(g) => g.1.push(cs),
            None => groups.push((text, vec![cs], errors, multibyte, raw, !(wide || stateful))),
        }
    }
    let mut all: Vec<Reading> = groups
        .into_iter()
        .map(
            |(text, members, errors, multibyte, raw, ascii_compatible)| {
                let (features, script) = char_features(
                    &text,
                    errors,
                    multibyte,
                    raw,
                    &members,
                    inp,
                    latin_context && ascii_compatible,
                );
                Reading {
                    members,
                    text,
                    features,
                    words: Vec::new(),
                    vocabulary: Vec::new(),
                    score: 0.0,
                    script,
                }
            },
        )
        .collect();
    // Words are weighed for the readings the characters leave in the running: the few with
    // the best character-level score (a reading full of controls or box drawing is out
    // whatever its words).
    for r in &mut all {
        r.score = r.features.score();
    }
    all.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut out = preselect(&mut all);
    word_evidence(&mut out);
    // The n-gram likelihood counts relative to the best reading's.
    let top = out
        .iter()
        .map(|r| r.features.ngram)
        .fold(f64::NEG_INFINITY, f64::max);
    for r in &mut out {
        // A reading without words has no n-gram evidence either way.
        if r.features.ngram != 0.0 {
            r.features.ngram -= top;
        }
        r.score = r.features.score();
    }
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    own_words(&mut out);
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    out.extend(all);
    (out, ruled_out)
}

/// The readings whose words are weighed, taken out of `all` (sorted best first by character
/// score): the best [`MAX_WEIGHED`] − 3, then the best of each script not yet among them, then
/// the next best. Many readings have no character flaw at all; by score alone the Latin ones
/// (the most numerous) would fill every place and an Arabic or Greek reading that reads every
/// word might never be weighed.
fn preselect(all: &mut Vec<Reading>) -> Vec<Reading> {
    let mut take: Vec<usize> = (0..all.len().min(MAX_WEIGHED - 3)).collect();
    for i in take.len()..all.len() {
        if take.len() >= MAX_WEIGHED {
            break;
        }
        if all[i].script.is_some() && take.iter().all(|&t| all[t].script != all[i].script) {
            take.push(i);
        }
    }
    for i in 0..all.len() {
        if take.len() >= MAX_WEIGHED {
            break;
        }
        if !take.contains(&i) {
            take.push(i);
        }
    }
    take.sort_unstable();
    let mut out = Vec::with_capacity(take.len());
    for &i in take.iter().rev() {
        out.push(all.remove(i));
    }
    out.reverse();
    out
}

/// The words each of the three best readings makes on its own, judged in its language
/// ([`Features::known_own`]), and the scores again.
fn own_words(readings: &mut [Reading]) {
    let k = readings.len().min(3);
    if k < 2 {
        return;
    }
    let mut owns: Vec<(f64, f64)> = Vec::with_capacity(k);
    for i in 0..k {
        let lang = list_of(&readings[i].features.language);
        let (mut known, mut unknown) = (0.0, 0.0);
        for w in &readings[i].vocabulary {
            let elsewhere = (0..k)
                .filter(|&j| j != i)
                .any(|j| readings[j].vocabulary.binary_search(w).is_ok());
            if elsewhere {
                continue;
            }
            // A one- or two-letter word is weak evidence: a misreading that cuts words in
            // pieces makes `a`, `i`, `e` of them.
            let weight = if w.chars().count() >= 3 { 1.0 } else { 0.25 };
            match lang.map(|l| lexicon::is_word(l, &spelled(l, w)) == Some(true)) {
                Some(true) => known += weight,
                _ => unknown += weight,
            }
            if known + unknown >= MAX_WORDS as f64 {
                break;
            }
        }
        owns.push((known, unknown));
    }
    for (r, (known, unknown)) in readings.iter_mut().zip(owns) {
        // Smoothed shares of the reading's own words: a reading with no word of its own (it
        // differs from the others only in what is not a word) stays neutral.
        r.features.known_own = known / (known + unknown + 1.0);
        r.features.unknown_own = unknown / (known + unknown + 1.0);
        r.score = r.features.score();
    }
}

/// The likely verdict on `inp`.
pub fn likely(inp: &Inputs) -> Likely {
    let sure = |name: Charset, confidence: f64, because: String| Likely {
        name,
        confidence,
        because,
        same_text: Vec::new(),
        alternatives: Vec::new(),
        ruled_out: Vec::new(),
        language: None,
        readings: Vec::new(),
    };
    if let Some(b) = inp.bom {
        return sure(
            b,
            0.999,
            format!("the input starts with the byte order mark of {b}"),
        );
    }
    let v = inp.validity;
    let has_nul = inp.sample.contains(&0);
    if v.is_pure_ascii() && !has_nul && !inp.sample.contains(&0x1B) {
        let name = if inp.decision.is_ascii_compatible() {
            inp.decision
        } else {
            Charset::UTF_8
        };
        return sure(
            name,
            1.0,
            "the bytes are pure ASCII: every ASCII-compatible encoding reads them the same".into(),
        );
    }
    // Valid UTF-8 with several multi-byte characters is UTF-8: legacy text almost never forms
    // valid sequences by chance, and less so with every one.
    if !has_nul && (v.valid || v.is_valid_but_truncated()) && v.multibyte_sequences >= 4 {
        let k = v.multibyte_sequences as f64;
        return sure(
            Charset::UTF_8,
            (1.0 - 0.5f64.powf(k)).min(0.9995),
            format!(
                "the bytes are valid UTF-8 with {} multi-byte characters: text in another encoding does not form them by chance",
                v.multibyte_sequences
            ),
        );
    }
    if !has_nul
        && !v.valid
        && v.multibyte_sequences >= 20
        && v.invalid_sequences * 20 <= v.multibyte_sequences
    {
        return sure(
            Charset::UTF_8,
            0.99,
            format!(
                "the bytes are UTF-8 ({} valid multi-byte characters) with {} damaged sequences",
                v.multibyte_sequences, v.invalid_sequences
            ),
        );
    }
    let (readings, ruled_out) = readings(inp);
    if readings.is_empty() {
        let mut l = sure(
            inp.decision,
            0.2,
            "every encoding is ruled out by the bytes: the file is damaged or not text".into(),
        );
        l.ruled_out = ruled_out;
        return l;
    }
    // Probabilities over the readings.
    let max = readings[0].score;
    let exps: Vec<f64> = readings.iter().map(|r| (r.score - max).exp()).collect();
    let sum: f64 = exps.iter().sum();
    let probs: Vec<f64> = exps.iter().map(|e| e / sum).collect();
    // The decision stands unless the words say otherwise clearly: it is what a conforming
    // consumer reads, and where the words are few or in a language the lexicon lacks, the
    // evidence behind it (declarations, chardetng, the Western default) is worth more.
    let chosen = match readings
        .iter()
        .position(|r| r.members.contains(&inp.decision))
    {
        Some(d)
            if d != 0
                && inp.decision_declared
                && probs[0] < KEEP_DECISION_BELOW
                && probs[d] >= DECISION_FLOOR =>
        {
            d
        }
        _ => 0,
    };
    let best = &readings[chosen];
    // Within the chosen reading, the member a reader would name: the declared one, the
    // decision, chardetng's, the most common for the language, in that order.
    let members = &best.members;
    let name = members
        .iter()
        .copied()
        .find(|m| inp.declared.iter().any(|(d, _)| d == m))
        .or_else(|| members.iter().copied().find(|m| *m == inp.decision))
        .or_else(|| {
            inp.chardet
                .map(Charset::Whatwg)
                .filter(|c| members.contains(c))
        })
        .or_else(|| {
            members.iter().copied().max_by(|a, b| {
                let p = |c: &Charset| {
                    c.whatwg()
                        .map_or(-9.0, |e| prior(e, &best.features.language))
                };
                p(a).total_cmp(&p(b))
            })
        })
        .unwrap_or(members[0]);
    let f = &best.features;
    let runner = readings
        .iter()
        .enumerate()
        .find(|(i, _)| *i != chosen)
        .map(|(_, r)| r);
    let p_runner = probs
        .iter()
        .enumerate()
        .find(|(i, _)| *i != chosen)
        .map(|(_, p)| *p);
    let spans = WordSpans::new(inp, best.members[0]);
    let language = (f.words > 0).then(|| LanguageEvidence {
        language: f.language.clone(),
        words: f.words,
        known_words: f.known_words,
        examples: best
            .words
            .iter()
            .take(6)
            .map(|(w, _, known, at)| WordSpan {
                word: w.clone(),
                known: *known,
                byte_span: spans.span(&best.text, *at, w),
            })
            .collect(),
        runner_up_examples: runner
            .map(|r| r.words.iter().take(6).map(|w| w.0.clone()).collect())
            .unwrap_or_default(),
    });
    let mut because = because(name, best, runner, p_runner);
    if chosen != 0 {
        because = format!(
            "{because}; the decision stands: the words favour {} only at probability {:.2}",
            readings[0].members[0], probs[0]
        );
    }
    let same: Vec<Charset> = members.iter().copied().filter(|m| *m != name).collect();
    if !same.is_empty() {
        because.push_str(&format!(
            "; {} read{} these bytes the same{}",
            same.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "),
            if same.len() == 1 { "s" } else { "" },
            telling_bytes(name, &same)
                .map(|b| format!(" (they differ only on {b}, absent here)"))
                .unwrap_or_default()
        ));
    }
    let confidence = calibrate(probs[chosen], f.words);
    Likely {
        name,
        confidence,
        because,
        same_text: same,
        alternatives: readings
            .iter()
            .zip(&probs)
            .enumerate()
            .filter(|(i, _)| *i != chosen)
            .map(|(_, x)| x)
            .take(4)
            .map(|(r, p)| Alternative {
                name: r.members[0],
                probability: (p * 1000.0).round() / 1000.0,
                known_words: r.features.known_words,
                words: r.features.words,
                examples: r.words.iter().take(4).map(|w| w.0.clone()).collect(),
            })
            .collect(),
        ruled_out,
        language,
        readings,
    }
}

/// The byte values single-byte encodings `a` and each of `others` map differently, written as
/// hex ranges (`A4 A6 A8 B4 B8 BC–BE`), when they are all single-byte.
fn telling_bytes(a: Charset, others: &[Charset]) -> Option<String> {
    let one = |cs: Charset, b: u8| -> Option<char> {
        let e = cs.whatwg().filter(|e| e.is_single_byte())?;
        e.decode_without_bom_handling(&[b]).0.chars().next()
    };
    let mut bytes = Vec::new();
    for b in 0x80..=0xFFu8 {
        let x = one(a, b)?;
        for o in others {
            if one(*o, b)? != x {
                bytes.push(b);
                break;
            }
        }
    }
    if bytes.is_empty() {
        return None;
    }
    if bytes.len() > 12 {
        return Some(format!("{} byte values", bytes.len()));
    }
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let mut j = i;
        while j + 1 < bytes.len() && bytes[j + 1] == bytes[j] + 1 {
            j += 1;
        }
        out.push(if j > i + 1 {
            format!("{:02X}–{:02X}", bytes[i], bytes[j])
        } else if j == i + 1 {
            format!("{:02X} {:02X}", bytes[i], bytes[j])
        } else {
            format!("{:02X}", bytes[i])
        });
        i = j + 1;
    }
    Some(out.join(" "))
}

/// Where a word of a reading lies in the input: its text offset re-encoded (the prefix of the
/// reading's text in its encoding is as long as the bytes it came from), through the pieces
/// the condensed bytes were cut from.
struct WordSpans<'a> {
    inp: &'a Inputs<'a>,
    enc: Charset,
    pieces: Vec<(usize, usize)>,
    condensed_len: usize,
}

impl<'a> WordSpans<'a> {
    fn new(inp: &'a Inputs<'a>, enc: Charset) -> Self {
        let (condensed, pieces) = condense(inp.sample, inp.budget);
        WordSpans {
            inp,
            enc,
            pieces,
            condensed_len: condensed.len(),
        }
    }

    fn span(&self, text: &str, at: usize, word: &str) -> ByteSpan {
        let len = |t: &str| self.enc.encode(t).map_or(t.len(), |b| b.len());
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let start = len(&text[..at]);
        let end = start + len(word);
        let wide = self.enc == Charset::UTF_16LE || self.enc == Charset::UTF_16BE;
        let stateful = self.enc == Charset::Whatwg(encoding_rs::ISO_2022_JP);
        let sample_len = self.inp.sample.len();
        let to_input = |c: usize| -> usize {
            if wide || stateful {
                return c.min(sample_len);
            }
            let c = c.min(self.condensed_len);
            let i = self.pieces.partition_point(|p| p.0 <= c).saturating_sub(1);
            let (cs, ss) = self.pieces.get(i).copied().unwrap_or((0, 0));
            (ss + c - cs).min(sample_len)
        };
        let (a, b) = (to_input(start), to_input(end));
        let base = self.inp.sample_start;
        ByteSpan::new(base + a as u64, base + b.max(a) as u64)
    }
}

/// The confidence: the softmax probability, held down where few words were weighed (a
/// handful of differing bytes is thin evidence whatever the scores say).
fn calibrate(p: f64, words: u32) -> f64 {
    let thin = match words {
        0 => 0.6,
        1 => 0.85,
        2..=3 => 0.95,
        _ => 1.0,
    };
    ((p * thin) * 1000.0).round() / 1000.0
}

/// The verdict in a sentence: the words it reads, against what the runner-up reads.
fn because(
    name: Charset,
    best: &Reading,
    runner: Option<&Reading>,
    p_runner: Option<f64>,
) -> String {
    let f = &best.features;
    let examples: Vec<&str> = best
        .words
        .iter()
        .filter(|w| w.2)
        .take(3)
        .map(|w| w.0.as_str())
        .collect();
    let mut s = if f.words == 0 {
        format!("{name} reads the non-ASCII bytes as ordinary characters")
    } else if f.known_words > 0 {
        format!(
            "{name} reads {} of the {} differing words as {} words ({})",
            f.known_words,
            f.words,
            f.language,
            examples.join(", ")
        )
    } else {
        format!(
            "{name} reads the differing bytes as {} text (n-gram model), though none of its {} words is in a word list",
            f.language, f.words
        )
    };
    if let (Some(r), Some(p)) = (runner, p_runner) {
        let ex: Vec<&str> = r.words.iter().take(2).map(|w| w.0.as_str()).collect();
        s.push_str(&format!(
            "; {} reads {} of {}{} (probability {:.2})",
            r.members[0],
            r.features.known_words,
            r.features.words,
            if ex.is_empty() {
                String::new()
            } else {
                format!(" ({})", ex.join(", "))
            },
            p
        ));
    }
    s
}

#[cfg(test)]
mod tests;
