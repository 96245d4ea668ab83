//! The likely true encoding, beside the decision. The decision is what a conforming consumer
//! does with the evidence (a lying `<meta>` wins in a browser and in an indexer); this says what
//! the bytes most probably are, and how sure that is.
//!
//! Every encoding that could have produced the bytes is a candidate (all WHATWG encodings but
//! `replacement` and `x-user-defined`, UTF-16 without a byte order mark included; and, weighed
//! beside them, a few outside WHATWG: `likely/extra.rs`). Each decodes
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
use crate::decode::seven_bit::SevenBit;
use crate::decode::validity::Utf8Validity;
use crate::format::NotText;
use crate::span::ByteSpan;
use encoding_rs::Encoding;
use serde::Serialize;
use unicode_script::Script;
mod ebcdic;
mod letters;
mod prior;
mod select;
mod settled;
mod unweighed;
pub use ebcdic::in_ebcdic;
pub(crate) use select::is_iso_8859;
pub use unweighed::{in_seven_bits, not_text};
mod spelling;
mod standing;
pub(super) mod unmapped;
mod words;
use super::statistical::has_iso_2022_jp_escape;
use super::stretches::condense;
pub(crate) use crate::unicode::spaceless;
pub use letters::CJK_NGRAM_OFFSET;
use letters::explain_priors;
pub(crate) use spelling::{list_of, spelled};
use words::{WordSpans, because, own_words, word_evidence};
mod context;
mod extra;
mod features;
use crate::encoding::is_c1;
use context::ordinary;
pub use extra::OTHER_CANDIDATES;
pub use features::{Features, WEIGHTS};
use features::{char_features, decode_counting_shaped};
pub(crate) use features::{local_fit, local_fit_quick, misread};
pub use prior::{base_prior, base_prior_of, prior, prior_of};
pub use select::same_but_controls;
use select::{c1_tolerated, preselect};
use standing::{calibrate, letters_tell_little, standing};

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
/// Readings whose words are weighed (the best by their characters).
const MAX_WEIGHED: usize = 9;
/// A UTF-16 or UTF-32 reading this many characters long, alone after the bytes rule out every
/// other encoding, is sure whatever its words (BOM-less UTF-16 of seed 1 of the dev set: every
/// such reading right).
const MIN_WIDE_ALONE: usize = 64;
/// A BOM-less UTF-16 reading this many code units long holds a space or a line break.
const MIN_UNITS_FOR_SPACE: usize = 256;

/// An ISO 8859 reading's C1 controls are damage (a few windows-125x bytes typed in, see
/// `select::c1_tolerated`) when they are one in this many of its high characters at most,
/// even where they are few enough to pass as undefined bytes. At 3, damaged ISO 8859 files of
/// the damaged dev sets (scripts/make_damaged_devset.py, seeds 1 and 2, 3,451 files) are read
/// wrong 79 → 40 and 78 → 47 times, and no verdict on a single-encoding file of the clean
/// seeds 1–4 changes; at 6, 45 and 49; at 10, 48 and 56. With no share asked, German
/// macintosh files whose one `ü` ISO-8859-15 reads as a control (`f\u{9F}r`: the words `f`
/// and `r`) became windows-1252.
pub(crate) const DAMAGE_SHARE: usize = 3;

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
    /// Chinese or Korean text in HZ, ISO-2022-KR or ISO-2022-CN: the true encoding, which no
    /// WHATWG decoder reads, so `name` is only the ASCII reading a consumer makes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seven_bit: Option<SevenBit>,
    /// The bytes are no text at all (an archive, an image, an executable, bytes no text
    /// holds): the verdict abstains ([`not_text`]); `name` is what a consumer taking them for
    /// text decodes, at confidence 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_text: Option<NotText>,
    /// Every reading weighed, best first (for views and for fitting the weights; not
    /// serialized).
    #[serde(skip)]
    pub readings: Vec<Reading>,
}

impl Likely {
    /// The probability of the reading `cs` makes, among the readings weighed: 0 for an encoding
    /// the bytes rule out, and for a verdict settled before any weighing (a byte order mark,
    /// valid UTF-8) the confidence or what it leaves; 0 for all where the bytes are no text.
    pub fn probability_of(&self, cs: Charset) -> f64 {
        let Some(top) = self.readings.first() else {
            return if self.not_text.is_some() {
                0.0
            } else if cs == self.name || self.same_text.contains(&cs) {
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
    /// Whether the sample is the whole input's or a part segmentation cut ([`Part`]).
    pub part: Part,
}

/// What part of an input a sample is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The input (or its leading sample).
    Whole,
    /// A block of a file being segmented, cut by its count of non-ASCII bytes: it may hold the
    /// end of one text and the start of another, whose words fit no one language though each
    /// is known, so a poor fit does not mean an unknown language there (see
    /// `letters::explain_priors`); and a few bytes typed in another encoding may be the first
    /// of a part its verdict must weigh.
    Block,
    /// A draft segment, cut where the encoding may change: judged as a block, save that a few
    /// damaged sequences with valid UTF-8 characters around them settle it as UTF-8, as they
    /// settle a whole input (the cuts fell at damage, not at a part in another encoding).
    Draft,
    /// A draft joined to a UTF-8 neighbour whose bytes differed from UTF-8 in one stretch
    /// only, too little to stand apart: damage the UTF-8 around it settles with fewer valid
    /// characters than a draft needs (`settled`).
    Mended,
}

impl Part {
    /// A part segmentation cut (a block or a draft), judged among WHATWG encodings only.
    pub fn is_cut(self) -> bool {
        self != Part::Whole
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
    /// Of the words only this reading makes among the best three, up to three that its
    /// language's list holds and up to three it does not (for the sentence).
    pub own: [Vec<String>; 2],
    pub score: f64,
    /// The script of most of its non-ASCII letters.
    pub script: Option<Script>,
}

/// Encodings that read the condensed bytes as one text: the text, its encodings, errors (all,
/// and those shaped like the encoding's codes: `unmapped`), multi-byte characters, controls of
/// the raw sample, and whether the reading is ASCII-compatible.
struct Group(String, Vec<Charset>, (u32, u32), u32, u32, bool);

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
    // NUL padding (a fixed-size record's tail, a log's crash hole) is no part of the text.
    let nuls = crate::decode::validity::nuls(inp.sample);
    let raw_controls = (inp
        .sample
        .iter()
        .filter(|&&b| (b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t' | 0x0C)) || b == 0x7F)
        .count()
        - nuls.padding) as u32;
    let mut groups: Vec<Group> = Vec::new();
    // Readings kept despite a few C1 controls ([`c1_tolerated`]), with the reason to rule them
    // out after all.
    let mut tolerated: Vec<RuledOut> = Vec::new();
    // The sample's ASCII letters write Latin words around the stretches (in an
    // ASCII-compatible reading).
    let latin_context = inp
        .sample
        .iter()
        .filter(|b| b.is_ascii_alphabetic())
        .count()
        >= 20;
    let mut ruled_out = Vec::new();
    for cs in extra::candidates(inp.part.is_cut()).chain(extra::declared_beyond(inp)) {
        let wide = cs.is_wide();
        // Two bytes a code unit, or four (UTF-16, UTF-32).
        let unit_bytes = cs.unit_len();
        let wide_bytes = &inp.sample[..inp.sample.len().min(CONDENSED_BYTES) & !(unit_bytes - 1)];
        let stateful = cs == Charset::Whatwg(encoding_rs::ISO_2022_JP);
        let (text, errors, shaped, first) = if wide {
            decode_counting_shaped(
                cs,
                wide_bytes,
                inp.at_end && wide_bytes.len() == inp.sample.len(),
            )
        } else if stateful {
            if !has_iso_2022_jp_escape(inp.sample) {
                continue;
            }
            let raw = &inp.sample[..inp.sample.len().min(CONDENSED_BYTES)];
            decode_counting_shaped(cs, raw, inp.at_end)
        } else {
            decode_counting_shaped(cs, &condensed, true)
        };
        let units = if wide {
            inp.sample.len().min(CONDENSED_BYTES) / unit_bytes
        } else if stateful {
            inp.sample.len().min(CONDENSED_BYTES) / 2
        } else {
            non_ascii
        };
        if !wide && nuls.scattered * 100 > (inp.sample.len() - nuls.padding).max(1) {
            let at = nuls.first_scattered.unwrap_or(0);
            ruled_out.push(RuledOut {
                name: cs,
                offset: inp.sample_start + at as u64,
                why: format!(
                    "{} NUL bytes in the sample, the first at byte {}: text in an ASCII-compatible encoding has none",
                    nuls.scattered,
                    inp.sample_start + at as u64
                ),
            });
            continue;
        }
        // Undefined bytes and invalid sequences rule an encoding out; one in two hundred
        // characters is allowed as damage, and in a double-byte encoding one in forty more
        // that have the shape of its codes (JIS X 0213's kanji in Shift_JIS: `unmapped`).
        let allowed = (units / 200).max(1) as u32;
        if errors > allowed && !unmapped::extension_codes(cs, errors, shaped, units, allowed) {
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
        let c1 = text.chars().filter(|&c| is_c1(c)).count();
        // In ISO 8859 even one C1 control is a typed byte, not an undefined one: damage, where
        // the text has two other high characters to each at least (one `ü` that macintosh
        // typed as 9F is a misreading's only high character, not damage in text).
        let damage = c1 > 0 && select::is_iso_8859(cs) && c1 * DAMAGE_SHARE <= units;
        if c1 > allowed as usize || damage {
            let pos = text.chars().position(is_c1).unwrap_or(0);
            let at = if wide {
                // A code unit a character (outside the astral planes, in UTF-16).
                inp.sample_start + (unit_bytes * pos) as u64
            } else if stateful {
                inp.sample_start + pos as u64
            } else {
                // Bytes 0x80–0x9F are one character each in these encodings: the character's
                // position in the text is the byte's in the condensed bytes (exactly, in a
                // single-byte encoding).
                to_input(pos.min(condensed.len().saturating_sub(1)))
            };
            let out = RuledOut {
                name: cs,
                offset: at,
                why: format!(
                    "{c1} C1 control characters in running text, the first near byte {at}"
                ),
            };
            // ISO 8859 readings of text with a few windows-125x bytes typed in are kept, on
            // condition (checked below) that they read cleanly otherwise, and that some high
            // character is no control: where all are, there is no ISO 8859 text for them to be
            // typed into (Shift_JIS `池田` is `\u{92}r\u{93}c` to every part, whose words `r`
            // and `c` some list knows).
            if cs
                .whatwg()
                .is_none_or(|enc| c1 > c1_tolerated(enc, units) || c1 >= units)
            {
                ruled_out.push(out);
                continue;
            }
            tolerated.push(out);
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
            // Nor is text hundreds of characters without a space or a line break (ASCII, the
            // no-break space, the ideographic space): 8-bit bytes paired into code units make
            // CJK and Hangul characters, and rarer spaces only by chance (`_ ` is U+205F; a
            // font-hacked UDHR file of 10,000 bytes was read as Chinese at 1.00).
            let spacing = |c: char| matches!(c, ' ' | '\n' | '\r' | '\t' | '\u{A0}' | '\u{3000}');
            if units >= MIN_UNITS_FOR_SPACE && !text.chars().any(spacing) {
                ruled_out.push(RuledOut {
                    name: cs,
                    offset: inp.sample_start,
                    why: format!("no space or line break in {units} UTF-16 code units"),
                });
                continue;
            }
        }
        // Multi-byte characters decoded: for UTF-8, UTF-16 and the CJK encodings.
        let multibyte = if cs.is_single_byte() {
            0
        } else if wide {
            text.chars().filter(|c| !c.is_ascii()).count() as u32
        } else {
            text.chars().filter(|c| c.len_utf8() > 1).count() as u32
        };
        let raw = if wide || stateful { 0 } else { raw_controls };
        match groups.iter_mut().find(|g| g.0 == text) {
            // A Mac OS Roman variant reading the bytes as Mac OS Roman does would only lend
            // that reading its language's prior.
            Some(g) if extra::shadows_roman(cs, &g.1, inp) => {}
            Some(g) => g.1.push(cs),
            None => groups.push(Group(
                text,
                vec![cs],
                (errors, shaped),
                multibyte,
                raw,
                !(wide || stateful),
            )),
        }
    }
    let mut all: Vec<Reading> = groups
        .into_iter()
        .map(
            |Group(text, members, errors, multibyte, raw, ascii_compatible)| {
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
                    own: Default::default(),
                    score: 0.0,
                    script,
                }
            },
        )
        .collect();
    // A tolerated reading must read cleanly but for its controls: damage, not a misreading.
    let damaged = select::drop_flawed_tolerated(&mut all, tolerated, &mut ruled_out);
    // Words are weighed for the readings the characters leave in the running: the few with
    // the best character-level score (a reading full of controls or box drawing is out
    // whatever its words).
    for r in &mut all {
        r.score = r.features.select_score();
    }
    // Best first by characters; ties at the last place go to letters one language writes.
    // Readings only encodings outside WHATWG make take no place from the others: the best
    // of them by characters are weighed besides ([`MAX_EXTRA_WEIGHED`]).
    let (extras, all): (Vec<Reading>, Vec<Reading>) = all.into_iter().partition(extra::is_extra);
    let mut all = letters::rank(all, MAX_WEIGHED - 3, !inp.part.is_cut());
    let mut out = preselect(&mut all, &damaged);
    let whatwg = out.len();
    extra::weigh_besides(&mut out, extras, !inp.part.is_cut(), &mut all, inp);
    // Which words differ is judged among the WHATWG readings, so that the others' words are
    // weighed as they were without them.
    word_evidence(&mut out, whatwg);
    extra::drop_wordless(&mut out, whatwg, &mut all);
    letters::level_cjk_ngrams(&mut out);
    // The n-gram likelihood counts relative to the best WHATWG reading's (no more than level
    // with it for the others).
    let top = out[..if whatwg == 0 { out.len() } else { whatwg }]
        .iter()
        .map(|r| r.features.ngram)
        .fold(f64::NEG_INFINITY, f64::max);
    for r in &mut out {
        // A reading without words has no n-gram evidence either way.
        if r.features.ngram != 0.0 {
            r.features.ngram = (r.features.ngram - top).min(0.0);
        }
        r.features.ngram_sum = (r.features.ngram * r.features.ngram_features as f64).max(-20.0);
    }
    select::select_scores(&mut out, &damaged);
    // The three best by the selecting weights compare their own words; then every reading
    // gets its final score.
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    let end = extra::extras_back(&mut out);
    let compared = select::compared_first(&mut out[..end], &damaged);
    // Where the best three part only on a few byte values, a second look at later stretches.
    let condensed_to = pieces.last().map_or(0, |&(c, s)| s + (condensed.len() - c));
    words::telling_words(&mut out[..compared], inp.sample, condensed_to);
    own_words(&mut out[..compared]);
    explain_priors(&mut out, compared, !inp.part.is_cut());
    for r in out.iter_mut().chain(all.iter_mut()) {
        r.score = r.features.score();
    }
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    out.extend(all);
    (out, ruled_out)
}

/// The likely verdict on `inp`.
pub fn likely(inp: &Inputs) -> Likely {
    let mut l = weigh(inp);
    if let Some(b) = inp
        .bom
        .filter(|&b| settled::lying_utf8_bom(b, inp.validity))
    {
        l.because = format!(
            "{}; {}",
            settled::lying_bom_clause(b, inp.validity),
            l.because
        );
    }
    // The whole's verdict only: a block the refined reading happens to decode is no run.
    if inp.part == Part::Whole {
        unmapped::refine(&mut l, inp.sample, inp.at_end);
    }
    l
}

/// [`likely`] among the candidates, before a JIS X 0213 verdict refines a Shift_JIS or EUC-JP
/// one.
fn weigh(inp: &Inputs) -> Likely {
    let sure = |name: Charset, confidence: f64, because: String| Likely {
        name,
        confidence,
        because,
        same_text: Vec::new(),
        alternatives: Vec::new(),
        ruled_out: Vec::new(),
        language: None,
        seven_bit: None,
        not_text: None,
        readings: Vec::new(),
    };
    if let Some(b) = inp
        .bom
        .filter(|&b| !settled::lying_utf8_bom(b, inp.validity))
    {
        return sure(
            b,
            0.999,
            format!("the input starts with the byte order mark of {b}"),
        );
    }
    let v = inp.validity;
    // NULs outside padding: UTF-16 or UTF-32, or not text.
    let has_nul = crate::decode::validity::nuls(inp.sample).scattered > 0;
    if v.is_pure_ascii() && !has_nul && !has_iso_2022_jp_escape(inp.sample) {
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
    if let Some((confidence, because)) = settled::utf8_by_validity(v, inp.sample, has_nul, inp.part)
    {
        return sure(Charset::UTF_8, confidence, because);
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
    let standing = standing(&readings, &probs, inp);
    let chosen = standing.chosen;
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
            // The first of the most common (CANDIDATES order breaks ties).
            members.iter().copied().rev().max_by(|a, b| {
                let p = |c: &Charset| prior_of(*c, &best.features.language) + base_prior_of(*c);
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
    if let Some(why) = standing::clause(&standing, &readings, &probs) {
        because = format!("{because}; {why}");
    }
    if let Some(damage) = damage_note(name, &best.text, &spans) {
        because.push_str(&damage);
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
    // A UTF-16 or UTF-32 reading that every other encoding's rules leave alone is told by the
    // bytes, not by words: its text has no non-ASCII letters to weigh when it is English.
    let alone =
        readings.len() == 1 && name.is_wide() && best.text.chars().count() >= MIN_WIDE_ALONE;
    if alone && f.words == 0 {
        because =
            format!("{name} reads the bytes as text, and the bytes rule out every other encoding");
    }
    let letters = letters_tell_little(best, inp);
    if letters {
        because.push_str(&format!(
            "; but all {} differing words are single letters, which tell little",
            f.words
        ));
    }
    let confidence = calibrate(
        standing::probability(&probs, &standing),
        if alone {
            u32::MAX
        } else if letters {
            0
        } else {
            f.words
        },
    );
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
        seven_bit: None,
        not_text: None,
        readings,
    }
}

/// The byte values single-byte encodings `a` and each of `others` map differently, written as
/// hex ranges (`A4 A6 A8 B4 B8 BC–BE`), when they are all single-byte.
fn telling_bytes(a: Charset, others: &[Charset]) -> Option<String> {
    let bytes = parting_bytes(a, others)?;
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

/// What a verdict of ISO 8859 text damaged by windows-125x bytes says of them (see
/// `select::c1_tolerated`): how many C1 controls its reading of the sample holds, and the byte
/// of the first, so that no one decodes the file under it unwarned. `None` without controls.
fn damage_note(name: Charset, text: &str, spans: &WordSpans) -> Option<String> {
    if !select::is_iso_8859(name) {
        return None;
    }
    let at = text.find(is_c1)?;
    let n = text.chars().filter(|&c| is_c1(c)).count();
    let first = text[at..].chars().next()?;
    let byte = spans.span(text, at, first.encode_utf8(&mut [0; 4])).start;
    Some(format!(
        "; its reading holds {n} C1 control{} (the first, byte {:02X} at offset {byte}): \
         windows-125x bytes typed into {name} text, where they are controls",
        crate::encoding::plural(n as u64),
        first as u32
    ))
}

/// The byte values 80–FF that single-byte `a` decodes otherwise than one of `others`;
/// `None` when any of them is not a single-byte encoding.
pub(super) fn parting_bytes(a: Charset, others: &[Charset]) -> Option<Vec<u8>> {
    let one = |cs: Charset, b: u8| -> Option<char> {
        // An undefined byte reads as U+FFFD, as the decoder has it.
        Some(
            crate::decode::single_byte_table_of(cs)?
                .get(b)
                .unwrap_or('\u{FFFD}'),
        )
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
    Some(bytes)
}

#[cfg(test)]
mod tests;
