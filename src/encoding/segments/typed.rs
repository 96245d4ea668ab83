//! Letters typed in a Windows code page into UTF-8 text: `religi\xE3o` in a Portuguese UTF-8
//! page, where an editor wrote `ã` as windows-1252's E3. UTF-8 makes U+FFFD of the lone byte
//! (RFC 3629 §3: E3 announces a three-byte sequence that `o` does not continue); the code page
//! reads the word. Each such letter becomes a segment of its own, in the code page whose reading
//! the text's own words bear out, so that decoding segment by segment gives the word back.
//!
//! A lone byte is not always a typed letter: a cut at a byte count leaves the lead byte of a
//! two-byte sequence (`religi\xC3o` of `religião`), and a stray byte may fall anywhere. Their
//! readings give themselves away: a cut lead byte (C2–DF) is a capital letter in every Windows
//! code page (`religiÃo`, `дРлжен`), so a word must keep its case as words do; a stray byte
//! stands before a valid multi-byte character. And the reading must be borne out: the word is a
//! word of the text's language, or its typed letters are letters the UTF-8 text around writes.

use super::{Segment, language_of};
use crate::decode::charset::Charset;
use crate::decode::validity::{cut_at_word_start, damage_shaped, lead_at_word_start};
use crate::encoding::likely::{self, Likely};
use crate::lexicon;
use crate::span::ByteSpan;
use encoding_rs::Encoding;
use rustc_hash::FxHashSet;

/// The code pages a letter is typed in, most common first: where several read a word alike,
/// the first names the segment.
const TYPED_IN: [&Encoding; 9] = [
    encoding_rs::WINDOWS_1252,
    encoding_rs::WINDOWS_1250,
    encoding_rs::WINDOWS_1251,
    encoding_rs::WINDOWS_1257,
    encoding_rs::WINDOWS_1254,
    encoding_rs::WINDOWS_1253,
    encoding_rs::WINDOWS_1255,
    encoding_rs::WINDOWS_1256,
    encoding_rs::WINDOWS_1258,
];

/// Confidence of a typed letter whose word is a word of the text's language.
const LISTED: f64 = 0.9;
/// Confidence of a typed letter the UTF-8 text around writes, in a word no list holds.
const WRITTEN: f64 = 0.75;
/// Below this confidence a multi-byte segment of a UTF-8 file may be UTF-8 with damage
/// ([`legacy_part`]).
const UNSURE_PART: f64 = 0.5;

/// One unit of a word: a valid character, or a lone byte no UTF-8 sequence takes in.
#[derive(Clone, Copy)]
enum Unit {
    Char(char),
    Lone(u8),
}

/// A word holding lone bytes, as found: each unit with its offset in the region, and whether
/// a lone byte of it stands right before a valid multi-byte character (letter or not), as a
/// stray byte does.
struct Word {
    units: Vec<(usize, Unit)>,
    stray: bool,
}

/// How a typed word's reading is borne out.
#[derive(Clone, Copy, PartialEq)]
enum Proof {
    /// A word of the text's language.
    Listed,
    /// Its typed letters are lower-case letters the UTF-8 text writes elsewhere.
    Written,
}

/// A typed word read in a code page: the spans of its lone bytes (runs of them with nothing
/// but ASCII between), the code page, and why.
struct Typed {
    spans: Vec<(usize, usize)>,
    encoding: &'static Encoding,
    confidence: f64,
    because: String,
    /// The language of the UTF-8 text around (a word-list code), when its words bear one out.
    language: Option<&'static str>,
}

/// What the UTF-8 text of a file tells about the bytes typed into it: its language (a
/// word-list code, when its words bear one out; judged from its first UTF-8 range, and only
/// once a word with a lone byte asks) and the non-ASCII letters it writes.
struct Context<'a> {
    head: &'a [u8],
    /// Its language by its word list (a list code), and the n-gram model's best language.
    language: std::cell::OnceCell<(Option<&'static str>, Option<&'static str>)>,
    written: FxHashSet<char>,
    /// The pairs of non-ASCII letters it writes in a row (Finnish and Estonian `ää`, `õõ`;
    /// Icelandic `öð`, `æð`).
    pairs: FxHashSet<(char, char)>,
    /// The non-ASCII letters it writes as a word of one letter (Irish `é`, `ó`).
    alone: FxHashSet<char>,
    /// [`Context::cut_leads`], once asked.
    leads: std::cell::OnceCell<[bool; 256]>,
}

impl<'a> Context<'a> {
    /// The context of `bytes`, whose UTF-8 text is in the `utf8` ranges.
    fn of(bytes: &'a [u8], utf8: &[(usize, usize)]) -> Context<'a> {
        let (mut written, mut pairs) = (FxHashSet::default(), FxHashSet::default());
        let mut alone = FxHashSet::default();
        let letter = crate::unicode::is_alphabetic;
        for &(a, b) in utf8 {
            for chunk in bytes[a..b].utf8_chunks() {
                // The last two characters (a chunk starts after a space or a lone byte).
                let (mut before, mut last) = (' ', ' ');
                for c in chunk.valid().chars() {
                    if !c.is_ascii() && letter(c) {
                        written.insert(c);
                        if !last.is_ascii() && letter(last) {
                            pairs.insert((last, c));
                        }
                    }
                    if !last.is_ascii() && letter(last) && !letter(before) && !letter(c) {
                        alone.insert(last);
                    }
                    (before, last) = (last, c);
                }
            }
        }
        Context {
            head: utf8.first().map_or(&bytes[..0], |&(a, b)| &bytes[a..b]),
            language: std::cell::OnceCell::new(),
            written,
            pairs,
            alone,
            leads: std::cell::OnceCell::new(),
        }
    }

    /// The text's language (n-grams over its first kilobytes, kept when its list bears it
    /// out), and the model's best language whatever the lists say.
    fn languages(&self) -> (Option<&'static str>, Option<&'static str>) {
        *self.language.get_or_init(|| {
            let (listed, best) = language_of(self.head, Charset::UTF_8, None);
            let best = best.map(|b| lexicon::model().langs[b].code.as_str());
            (listed, best)
        })
    }

    /// The text's language, when its word list bears it out.
    fn language(&self) -> Option<&'static str> {
        self.languages().0
    }

    /// Whether the UTF-8 text writes the letter `c` elsewhere, or its language's standard
    /// alphabet (CLDR exemplars) holds it: Turkish `ç` in a paragraph that wrote none yet. A
    /// language with no word list (Irish, Estonian) is the model's word alone: Irish `í`.
    fn writes(&self, c: char) -> bool {
        self.written.contains(&c)
            || self.alphabet().is_some_and(|a| {
                a.binary_search(&c.to_lowercase().next().unwrap_or(c))
                    .is_ok()
            })
    }

    /// The bytes a cut can leave of the text's letters: the lead bytes of the letters it writes
    /// and of its alphabet's, both cases (C3 for `ü` and `Õ`, C5 for `š`); every lead byte of
    /// a two-byte sequence (C2–DF) where the text shows none.
    fn cut_leads(&self) -> &[bool; 256] {
        self.leads.get_or_init(|| {
            let mut leads = [false; 256];
            let mut buf = [0u8; 4];
            let mut any = false;
            let letters = self.written.iter().copied();
            let alphabet = self.alphabet().unwrap_or(&[]).iter().copied();
            for c in letters.chain(alphabet) {
                for c in c.to_lowercase().chain(c.to_uppercase()) {
                    let lead = c.encode_utf8(&mut buf).as_bytes()[0];
                    if lead >= 0xC0 {
                        leads[lead as usize] = true;
                        any = true;
                    }
                }
            }
            if !any {
                leads[0xC2..=0xDF].fill(true);
            }
            leads
        })
    }

    /// The standard alphabet (CLDR exemplars) of the text's language: the one its list bears
    /// out, or the model's best where that language has no list.
    fn alphabet(&self) -> Option<&'static [char]> {
        match self.languages() {
            (Some(listed), _) => lexicon::exemplars(listed),
            (None, Some(best)) if !lexicon::has_word_list(best) => lexicon::exemplars(best),
            _ => None,
        }
    }
}

/// `segments` of `bytes` (from `base`; empty when the whole is one encoding, `whole`) with the
/// letters typed in a Windows code page into their UTF-8 text made segments of their own. The
/// same list when there are none. Where the whole is UTF-8, or some segment is, a single-byte
/// segment that the drafts cut around typed letters and a valid letter or two beside them
/// (`cap\xEDtulo` then `sección`: windows-1252 for both, `secciÃ³n`) is UTF-8 with typed
/// letters, when each of its valid characters is a letter the UTF-8 text writes elsewhere and
/// each of its other bytes a typed letter or mark.
pub(super) fn with_typed_letters(
    bytes: &[u8],
    base: u64,
    at_end: bool,
    whole: &Likely,
    segments: Vec<Segment>,
) -> Vec<Segment> {
    let was_empty = segments.is_empty();
    let regions: Vec<Segment> = if was_empty {
        if whole.name != Charset::UTF_8 {
            return segments;
        }
        vec![Segment {
            byte_span: ByteSpan::new(base, base + bytes.len() as u64),
            encoding: whole.name,
            confidence: whole.confidence,
            because: whole.because.clone(),
            language: whole.language.as_ref().map(|l| l.language.clone()),
            start_between: None,
        }]
    } else {
        segments
    };
    let span = |s: &Segment| {
        (
            (s.byte_span.start - base) as usize,
            (s.byte_span.end - base) as usize,
        )
    };
    let utf8: Vec<(usize, usize)> = regions
        .iter()
        .filter(|s| s.encoding == Charset::UTF_8)
        .map(span)
        .collect();
    let ctx = Context::of(bytes, &utf8);
    // The text is UTF-8 where the whole is, or where a segment is: a Slovak UTF-8 file with
    // five letters typed in windows-1250 reads windows-1250 as a whole, and its second half,
    // valid letters among the typed ones, was a windows-1252 segment.
    let host_is_utf8 = whole.name == Charset::UTF_8 || !utf8.is_empty();
    let mut out: Vec<Segment> = Vec::with_capacity(regions.len());
    let mut found = false;
    for mut s in regions {
        let (a, b) = span(&s);
        let typed = if s.encoding == Charset::UTF_8 {
            typed_in(bytes, (a, b), at_end, &ctx)
        } else if let Some(leeway) = legacy_part(&s).filter(|_| host_is_utf8) {
            match utf8_with_typed(bytes, (a, b), at_end, &ctx, (s.encoding, leeway)) {
                Some(Legacy {
                    typed,
                    valid,
                    damaged,
                    cut_marks,
                }) => {
                    let plural = |n: usize| if n == 1 { "" } else { "s" };
                    let what = match (typed.is_empty(), damaged) {
                        (true, 0) => String::new(),
                        (false, 0) => ", and letters typed in a code page".to_string(),
                        (false, d) => format!(
                            ", letters typed in a code page, and {d} damaged sequence{}",
                            plural(d)
                        ),
                        (true, d) => format!(", and {d} damaged sequence{}", plural(d)),
                    };
                    s.because = if valid == 0 && cut_marks < damaged {
                        format!(
                            "the bytes are UTF-8 with {damaged} damaged sequence{} standing where UTF-8 damage stands (a lead byte between small letters, which a code page reads as a capital or a sign no word takes) and no legacy letter",
                            plural(damaged)
                        )
                    } else if valid == 0 && damaged == 0 {
                        "the bytes are UTF-8: letters typed in a code page into words whose other letters are valid UTF-8".to_string()
                    } else if valid == 0 {
                        format!(
                            "the bytes are UTF-8 with {damaged} typographic character{} cut short (`E2 80`), which legacy text does not form",
                            plural(damaged)
                        )
                    } else {
                        format!(
                            "the bytes are UTF-8: {valid} valid multi-byte character{} the UTF-8 text around writes{what}",
                            plural(valid)
                        )
                    };
                    s.encoding = Charset::UTF_8;
                    s.confidence = WRITTEN;
                    typed
                }
                None => Vec::new(),
            }
        } else {
            Vec::new()
        };
        if typed.is_empty() {
            push(&mut out, s);
            continue;
        }
        found = true;
        // Every span in order: a pair of quotes may hold a typed letter between them.
        let mut spans: Vec<(usize, usize, &Typed)> = typed
            .iter()
            .flat_map(|t| t.spans.iter().map(move |&(x, y)| (x, y, t)))
            .collect();
        spans.sort_by_key(|s| s.0);
        let mut at = a;
        let mut first = true;
        for (x, y, t) in spans {
            let (x, y) = (a + x, a + y);
            if x > at {
                push(&mut out, piece(&s, base, at, x, first));
            }
            push(
                &mut out,
                Segment {
                    byte_span: ByteSpan::new(base + x as u64, base + y as u64),
                    encoding: Charset::Whatwg(t.encoding),
                    confidence: t.confidence,
                    because: t.because.clone(),
                    language: t.language.map(String::from).or_else(|| s.language.clone()),
                    start_between: Some(ByteSpan::new(base + x as u64, base + x as u64)),
                },
            );
            first = false;
            at = y;
        }
        if at < b {
            push(&mut out, piece(&s, base, at, b, first));
        }
    }
    // Segments that all turned out UTF-8 are the whole's one encoding.
    if (!found && was_empty) || (out.len() == 1 && out[0].encoding == whole.name) {
        return Vec::new();
    }
    out
}

/// Bytes `from..to` of the segment `s`, with its verdict; only its first piece keeps the place
/// its start could lie in.
fn piece(s: &Segment, base: u64, from: usize, to: usize, first: bool) -> Segment {
    Segment {
        byte_span: ByteSpan::new(base + from as u64, base + to as u64),
        start_between: if first {
            s.start_between
        } else {
            Some(ByteSpan::new(base + from as u64, base + from as u64))
        },
        ..s.clone()
    }
}

/// Appends `s`, joined to the last segment when both are in one encoding.
fn push(out: &mut Vec<Segment>, s: Segment) {
    match out.last_mut() {
        Some(last) if last.encoding == s.encoding && last.byte_span.end == s.byte_span.start => {
            last.byte_span = ByteSpan::new(last.byte_span.start, s.byte_span.end);
        }
        _ => out.push(s),
    }
}

/// Whether a segment of a UTF-8 file may be UTF-8 with typed letters or damage
/// ([`utf8_with_typed`]), and how: a single-byte one, or one in a multi-byte encoding that
/// reads its bytes with little confidence (Shift_JIS reads a cut `\xC3` as the half-width
/// `ﾃ`, at 0.00), which a part truly in that encoding reads with more, as any legacy part; one
/// in a multi-byte encoding read with confidence, only when all its damage stands where UTF-8
/// damage stands (Latvian `j\xC4b\xC5\xABt vien\xC4di` read as Shift_JIS at 0.92, half-width
/// katakana between Latin letters).
fn legacy_part(s: &Segment) -> Option<Leeway> {
    if s.encoding.is_single_byte()
        || (s.encoding.is_ascii_compatible() && s.confidence < UNSURE_PART)
    {
        Some(Leeway::Any)
    } else if s.encoding.is_ascii_compatible() && s.encoding != Charset::UTF_8 {
        Some(Leeway::ShapedOnly)
    } else {
        None
    }
}

/// What damage a legacy part of a UTF-8 file may hold and still read as UTF-8
/// ([`legacy_part`]).
#[derive(Clone, Copy, PartialEq)]
enum Leeway {
    /// Typed letters, shaped damage, and other damage no more often than the valid letters.
    Any,
    /// Damage shaped as UTF-8 damage only.
    ShapedOnly,
}

/// What a single-byte segment of a UTF-8 file holds, read as UTF-8 ([`utf8_with_typed`]).
struct Legacy {
    /// Its letters and marks typed in a code page.
    typed: Vec<Typed>,
    /// Its valid multi-byte characters.
    valid: usize,
    /// Its damaged sequences: lone bytes no typed word reads, and sequences cut short.
    damaged: usize,
    /// Of those, typographic punctuation cut short (`E2 80`).
    cut_marks: usize,
}

/// A single-byte segment `bytes[a..b]` read as UTF-8 with typed letters or damage: the typed
/// letters and marks, how many valid multi-byte characters there are and how many damaged
/// sequences, when there is one valid character at least, each a letter the UTF-8 text writes
/// (`ó` of `sección`, read `Ã³` in windows-1252), and every other non-ASCII byte a lone one
/// [`typed_words`] reads, or damage. Damage shaped as UTF-8 damage is ([`damage_shaped`]: `dür\xC3st
/// seçimlerle`, a `ü` cut short beside a `ç`, which the drafts read as windows-1255 at 0.001)
/// counts for nothing; damage that stands as a legacy letter would, no more often than the
/// valid characters stand (RFC 3629). Legacy text forms valid sequences by chance
/// (windows-1251 `Сі` is `ѳ`), but seldom of letters the text around writes.
fn utf8_with_typed(
    bytes: &[u8],
    (a, b): (usize, usize),
    at_end: bool,
    ctx: &Context,
    (draft, leeway): (Charset, Leeway),
) -> Option<Legacy> {
    let part = &bytes[a..b];
    let (mut valid, mut cut, mut punctuation_cut) = (0usize, 0usize, 0usize);
    // Each lone byte: its offset in `bytes`, and whether it is shaped as UTF-8 damage.
    let mut lone: Vec<(usize, bool)> = Vec::new();
    let mut at = a;
    for chunk in part.utf8_chunks() {
        for c in chunk.valid().chars().filter(|c| !c.is_ascii()) {
            if !(crate::unicode::is_alphabetic(c) && ctx.writes(c)) {
                return None;
            }
            valid += 1;
        }
        at += chunk.valid().len();
        match chunk.invalid() {
            [] => {}
            [_] => lone.push((
                at,
                damage_shaped(bytes, at)
                    || (lead_at_word_start(bytes, at)
                        && ctx
                            .alphabet()
                            .zip(draft.whatwg())
                            .is_some_and(|(a, enc)| cut_at_word_start(bytes, at, a, &[enc]))),
            )),
            inv => {
                cut += 1;
                punctuation_cut += matches!(inv, [0xE2, 0x80..=0x82]) as usize;
            }
        }
        at += chunk.invalid().len();
    }
    // With no valid character, only damage no legacy text forms says UTF-8: typographic
    // punctuation cut short (`E2 80` of `’`, `–`, `…`; `E2 82` of `€`: legacy text writes
    // `â€` as mojibake of that very mark), and two lone bytes or more, all shaped as UTF-8
    // damage (`bej\xC3rat … f\xC3k`, read by the drafts as Hebrew points after Latin letters;
    // or at a word's start as no letter of the text's language, [`cut_at_word_start`]), none
    // of which the draft reads as what stands inside a Latin word ([`reads_in_word`]).
    // One lone byte is no evidence (a windows-1252 `×` after a word is as shaped as a cut).
    if valid == 0 {
        // Every lone byte a letter typed into a word whose other letters, past the part's
        // edge, are valid UTF-8 (`zaru\xC4\x8Den\xE1`, drafted `n\xE1 ` alone): legacy text
        // does not hold both.
        if cut == 0 && !lone.is_empty() {
            let typed = typed_in(bytes, (a, b), at_end, ctx);
            let read = |p: usize| {
                typed.iter().flat_map(|t| &t.spans).any(|&(x, y)| {
                    (a + x..a + y).contains(&p) && in_word_with_utf8(bytes, a + x, a + y)
                })
            };
            if lone.iter().all(|&(p, _)| read(p)) {
                return Some(Legacy {
                    typed,
                    valid,
                    damaged: 0,
                    cut_marks: 0,
                });
            }
        }
        let shaped = lone.len() >= 2
            && lone
                .iter()
                .all(|&(p, shaped)| shaped && !reads_in_word(draft, bytes[p]));
        let ok = cut == punctuation_cut && (shaped || (lone.is_empty() && cut > 0));
        return ok.then_some(Legacy {
            typed: Vec::new(),
            valid,
            damaged: cut + lone.len(),
            cut_marks: punctuation_cut,
        });
    }
    let typed = typed_in(bytes, (a, b), at_end, ctx);
    let in_typed = |p: usize| {
        typed
            .iter()
            .flat_map(|t| &t.spans)
            .any(|&(x, y)| (a + x..a + y).contains(&p))
    };
    // Lone bytes no typed word reads, and those of them that stand as legacy letters would.
    let unread: Vec<bool> = lone
        .iter()
        .filter(|&&(p, _)| !in_typed(p))
        .map(|&(_, shaped)| shaped)
        .collect();
    let unshaped = unread.iter().filter(|&&shaped| !shaped).count();
    let allowed = match leeway {
        Leeway::Any => valid,
        Leeway::ShapedOnly if typed.is_empty() => 0,
        Leeway::ShapedOnly => return None,
    };
    (unshaped <= allowed).then_some(Legacy {
        typed,
        valid,
        damaged: unread.len() + cut,
        cut_marks: punctuation_cut,
    })
}

/// Whether `draft` reads the byte `b` as what stands inside a Latin word: a combining mark
/// (U+0300–U+036F: windows-1258 writes Vietnamese tones so, `Vie\xD2t`), a small Latin letter
/// or ligature (macintosh `œ` CF, `ﬁ` DE), or an apostrophe (macintosh `’` D5, `don\xD5t`). Such
/// a byte between small letters is text in that encoding, not a cut lead byte.
fn reads_in_word(draft: Charset, b: u8) -> bool {
    let Some(enc) = draft.whatwg() else {
        return false;
    };
    let one = [b];
    let (text, _) = enc.decode_without_bom_handling(&one);
    text.chars().any(|c| {
        matches!(c, '\u{300}'..='\u{36F}' | '’' | '‘' | 'ʼ' | '\u{FB00}'..='\u{FB06}')
            || (c.is_lowercase()
                && crate::unicode::char_info(c).cluster() == unicode_script::Script::Latin)
    })
}

/// The words of UTF-8 `region` with letters typed in a code page, in order. A lone byte at
/// the region's end, when more input follows, may begin a sequence the cut split: left alone.
fn typed_words(region: &[u8], at_end: bool, ctx: &Context) -> Vec<Typed> {
    let mut words: Vec<Word> = Vec::new();
    let mut current = Word {
        units: Vec::new(),
        stray: false,
    };
    let mut flush = |current: &mut Word| {
        if current.units.iter().any(|u| matches!(u.1, Unit::Lone(_))) {
            words.push(std::mem::replace(
                current,
                Word {
                    units: Vec::new(),
                    stray: false,
                },
            ));
        }
        current.units.clear();
        current.stray = false;
    };
    // Lone bytes of typographic punctuation: they end a word.
    let mut marks: Vec<usize> = Vec::new();
    let mut off = 0;
    for chunk in region.utf8_chunks() {
        for (i, c) in chunk.valid().char_indices() {
            let after_lone = matches!(current.units.last(), Some((_, Unit::Lone(_))));
            current.stray |= after_lone && !c.is_ascii();
            if crate::unicode::is_alphabetic(c) {
                current.units.push((off + i, Unit::Char(c)));
            } else {
                flush(&mut current);
            }
        }
        off += chunk.valid().len();
        let bad = chunk.invalid();
        match bad {
            [] => {}
            [b] if *b >= 0x80 && (at_end || off + 1 < region.len()) => {
                // `º` and `ª` (BA, AA) after no letter: an ordinal indicator, not in a word.
                let ordinal = matches!(b, 0xAA | 0xBA) && current.units.is_empty();
                if PUNCTUATION.contains(b) || ordinal {
                    flush(&mut current);
                    marks.push(off);
                } else {
                    current.units.push((off, Unit::Lone(*b)));
                }
            }
            _ => flush(&mut current),
        }
        off += bad.len();
    }
    flush(&mut current);
    let mut typed = typed_punctuation(region, &marks);
    if words.is_empty() {
        return typed;
    }
    typed.extend(words.iter().filter_map(|w| judge(w, ctx)));
    typed.sort_by_key(|t| t.spans.first().map_or(0, |s| s.0));
    typed
}

/// The code page a word's lone bytes were typed in, when one reading alone is borne out (by
/// the word list of the text's language first, by the letters the text writes then).
/// A word of one typed letter (`\xE0`, Portuguese `à`) is read only as a word of the list, and
/// only where its byte cannot be what a cut leaves of the text's letters ([`Context::cut_leads`]);
/// a typed capital (`\xDChinenud`, Estonian `Ühinenud`) is borne out by the text's letters or
/// alphabet, where its byte cannot be such a lead byte either; so is a small letter where
/// the language has no list to bear its words out (Irish `bhun\xFA`, `bhunú`).
fn judge(w: &Word, ctx: &Context) -> Option<Typed> {
    let (language, written) = (ctx.language(), &ctx.written);
    let leads = ctx.cut_leads();
    let one = match w.units.as_slice() {
        [(_, Unit::Lone(b))] if !w.stray && !leads[*b as usize] => true,
        [_] | [] => return None,
        _ => false,
    };
    let mut best: Option<(Proof, String, &'static Encoding)> = None;
    let mut rival = false;
    for &enc in &TYPED_IN {
        let Some((word, letters)) = reading(w, enc, leads) else {
            continue;
        };
        let listed = language.is_some_and(|l| {
            lexicon::is_word(l, &likely::spelled(l, &word.to_lowercase())) == Some(true)
        });
        let proof = if listed {
            Proof::Listed
        } else if one && letters.iter().all(|c| ctx.alone.contains(c)) {
            // A word of one letter that the UTF-8 text writes as a word of its own elsewhere:
            // Irish `\xF3` (`ó`, "from"), a language with no list to hold it.
            Proof::Written
        } else if !one
            && (!w.stray || paired(w, enc, &ctx.pairs))
            && letters.iter().all(|&c| {
                written.contains(&c) || ((c.is_uppercase() || language.is_none()) && ctx.writes(c))
            })
        {
            Proof::Written
        } else {
            continue;
        };
        match &best {
            None => best = Some((proof, word, enc)),
            Some((p, text, _)) if *text == word => {
                // The same reading: the first code page names it, with the better proof.
                if proof == Proof::Listed && *p == Proof::Written {
                    best = best.map(|(_, t, e)| (proof, t, e));
                }
            }
            Some((p, _, _)) => {
                if *p == proof {
                    rival = true;
                } else if proof == Proof::Listed {
                    best = Some((proof, word, enc));
                    rival = false;
                }
            }
        }
    }
    let (proof, word, enc) = best?;
    if rival {
        return None;
    }
    let lone: Vec<(usize, u8)> = w
        .units
        .iter()
        .filter_map(|&(at, u)| match u {
            Unit::Lone(b) => Some((at, b)),
            Unit::Char(_) => None,
        })
        .collect();
    let bytes: Vec<String> = lone.iter().map(|(_, b)| format!("{b:02X}")).collect();
    let letters: Vec<String> = lone
        .iter()
        .map(|&(_, b)| format!("`{}`", enc.decode_without_bom_handling(&[b]).0))
        .collect();
    let why = match proof {
        Proof::Listed => format!(", a {} word", language.unwrap_or_default()),
        Proof::Written if one => format!(
            " (the UTF-8 text around writes {} as a word too)",
            letters.join(" ")
        ),
        Proof::Written
            if lone.iter().all(|&(_, b)| {
                let one = [b];
                let (t, _) = enc.decode_without_bom_handling(&one);
                t.chars().all(|c| ctx.written.contains(&c))
            }) =>
        {
            format!(" (the UTF-8 text around writes {} too)", letters.join(" "))
        }
        Proof::Written => format!(
            " (the UTF-8 text around or its language's alphabet (CLDR) writes {} too)",
            letters.join(" ")
        ),
    };
    let because = format!(
        "{} typed in {} into UTF-8 text: {} {} {}, making `{word}`{why}; UTF-8 makes U+FFFD of {}",
        if lone.len() == 1 {
            "a letter"
        } else {
            "letters"
        },
        enc.name(),
        bytes.join(" "),
        if lone.len() == 1 { "reads" } else { "read" },
        letters.join(" "),
        if lone.len() == 1 { "it" } else { "them" },
    );
    Some(Typed {
        spans: spans(w),
        encoding: enc,
        confidence: if proof == Proof::Listed {
            LISTED
        } else {
            WRITTEN
        },
        because,
        language,
    })
}

/// Whether each lone byte of `w` that stands right before a valid non-ASCII character reads
/// in `enc` as a Latin letter that the UTF-8 text writes right before that very letter
/// elsewhere (`pairs`): a long vowel (Finnish `s\xE4\xC3\xA4dettyjen`, Estonian
/// `ilmaj\xE4\xC3\xA4mise`) whose first half was typed in a code page, or a letter typed
/// before another (Icelandic `undirst\xF6\xC3\xB0u`, `öð` as in `stöðu`). A stray byte is
/// shaped so too, and reads as a letter now and then (`r\xE9\xC3\xA9publique`), but seldom one
/// the text writes before the letter after it. Latin letters only: Hebrew writes `יי` often,
/// and windows-1255 reads a stray E9 as `י`. A word ending in a lone byte may be stray by what
/// follows it: no.
fn paired(w: &Word, enc: &'static Encoding, pairs: &FxHashSet<(char, char)>) -> bool {
    let latin = |c: char| crate::unicode::char_info(c).cluster() == unicode_script::Script::Latin;
    !matches!(w.units.last(), Some((_, Unit::Lone(_))))
        && w.units.windows(2).all(|pair| match pair {
            [(_, Unit::Lone(b)), (_, Unit::Char(c))] if !c.is_ascii() => {
                let one = [*b];
                let (t, _) = enc.decode_without_bom_handling(&one);
                let mut t = t.chars();
                match (t.next(), t.next()) {
                    (Some(t), None) => latin(*c) && latin(t) && pairs.contains(&(t, *c)),
                    _ => false,
                }
            }
            _ => true,
        })
}

/// The word `w` with its lone bytes read in `enc`, and the letters they make; `None` when one
/// makes no letter, or the word would not keep its case as words do (a capital after a small
/// letter: a cut lead byte, `religiÃo`), or would mix scripts.
fn reading(w: &Word, enc: &'static Encoding, leads: &[bool; 256]) -> Option<(String, Vec<char>)> {
    let mut word = String::new();
    let mut letters = Vec::new();
    for &(_, u) in &w.units {
        match u {
            Unit::Char(c) => word.push(c),
            Unit::Lone(b) => {
                let one = [b];
                let (text, _) = enc.decode_without_bom_handling(&one);
                let mut cs = text.chars();
                let (Some(c), None) = (cs.next(), cs.next()) else {
                    return None;
                };
                // What a cut leaves of a two-byte sequence is its lead byte, C2–DF: a capital
                // letter in every Windows code page (`\xD1воей`, `своей` cut, is windows-1251
                // `Своей`), or an uncased one in windows-1256. Such a byte is a typed letter
                // only as a small letter (`ß`, Greek `ά`).
                if !crate::unicode::is_alphabetic(c)
                    || ((0xC2..=0xDF).contains(&b) && !c.is_lowercase() && leads[b as usize])
                {
                    return None;
                }
                word.push(c);
                letters.push(c);
            }
        }
    }
    (keeps_case(&word) && one_script(&word)).then_some((word, letters))
}

/// Whether the letters of `word` keep to one script: a Cyrillic letter read into a Latin word
/// (`pмunchaymanta`) is a byte of another part, not a letter its writer typed.
fn one_script(word: &str) -> bool {
    let mut first = None;
    word.chars()
        .map(crate::unicode::char_info)
        .filter(|i| i.has_real_script())
        .all(|i| *first.get_or_insert(i.cluster()) == i.cluster())
}

/// Whether `word` is cased as words are: all small, all capitals, or a capital then small.
fn keeps_case(word: &str) -> bool {
    let mut rest = word.chars().skip(1);
    let any_lower = word.chars().any(char::is_lowercase);
    !any_lower || !rest.any(char::is_uppercase)
}

/// The byte spans of `w`'s lone bytes: runs of them with nothing but ASCII letters between
/// (which every code page and UTF-8 read alike), a valid multi-byte letter parting two runs.
fn spans(w: &Word) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut open: Option<(usize, usize)> = None;
    for &(at, u) in &w.units {
        match u {
            Unit::Lone(_) => {
                open = Some(open.map_or((at, at + 1), |(s, _)| (s, at + 1)));
            }
            Unit::Char(c) if !c.is_ascii() => {
                out.extend(open.take());
            }
            Unit::Char(_) => {}
        }
    }
    out.extend(open);
    out
}

mod edges;
mod marks;
use edges::{in_word_with_utf8, typed_in};
use marks::{PUNCTUATION, typed_punctuation};

#[cfg(test)]
mod tests;
