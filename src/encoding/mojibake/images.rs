//! What UTF-8 looks like misread: for each encoding the search knows, which characters are
//! images of UTF-8 lead and continuation bytes (a reverse table per encoding), the byte
//! sequences those images spell, and the fingerprint counts that find mojibake cheaply.

use crate::decode::charset::{Charset, OemPage};
use crate::decode::single_byte_table_of;
use crate::decode::validity::sequence_len;
use crate::unicode::char_info;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;
use unicode_properties::GeneralCategory;
use unicode_script::Script;

/// The encodings whose misreading of UTF-8 is looked for, in preference order for ties.
/// KOI8-U and IBM866 are left out on purpose: their Ukrainian and lower-case Cyrillic letters
/// sit at continuation-byte positions, so ordinary Cyrillic words (`ні`, `рив`) would read as
/// mojibake.
pub(super) fn encodings() -> &'static [Charset] {
    static LIST: OnceLock<Vec<Charset>> = OnceLock::new();
    LIST.get_or_init(|| {
        use encoding_rs::*;
        vec![
            Charset::WINDOWS_1252,
            Charset::Latin1,
            Charset::Whatwg(WINDOWS_1250),
            Charset::Whatwg(WINDOWS_1251),
            Charset::Whatwg(KOI8_R),
            Charset::Whatwg(MACINTOSH),
            Charset::Whatwg(ISO_8859_2),
            Charset::Whatwg(ISO_8859_15),
            Charset::Whatwg(WINDOWS_1253),
            Charset::Whatwg(WINDOWS_1254),
            Charset::Whatwg(WINDOWS_1257),
            Charset::Oem(OemPage::Cp437),
            Charset::Oem(OemPage::Cp850),
        ]
    })
}

/// Characters below this code point have dense reverse tables; the few above (™ is U+2122,
/// MacRoman's ﬁ is U+FB01) live in a hash map.
pub(super) const DENSE: usize = 0x3000;

/// Reverse tables: for each character, its byte in each encoding of [`encodings`], plus masks
/// of the encodings where it is a lead image and where it is a continuation image.
pub(super) struct Reverse {
    /// `bytes[c * n + e]`: the byte of `c` in encoding `e`, 0 for none (no image is byte 0).
    pub(super) bytes: Vec<u8>,
    pub(super) images: Vec<Images>,
    pub(super) sparse_bytes: FxHashMap<char, Vec<(u16, u8)>>,
    pub(super) sparse_images: FxHashMap<char, Images>,
}

/// The kinds of UTF-8 byte a character is the image of, one bit per encoding the search
/// knows (RFC 3629 §3): the lead byte of a 2-, 3- or 4-byte sequence (C2–DF, E0–EF, F0–F4), or
/// a continuation byte (80–BF).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Images {
    pub lead: [u16; 3],
    pub cont: u16,
}

impl Images {
    /// The encodings under which the character is the image of any lead byte.
    pub fn any_lead(&self) -> u16 {
        self.lead[0] | self.lead[1] | self.lead[2]
    }
}

pub(super) fn reverse() -> &'static Reverse {
    static REV: OnceLock<Reverse> = OnceLock::new();
    REV.get_or_init(|| {
        let n = encodings().len();
        let mut r = Reverse {
            bytes: vec![0; DENSE * n],
            images: vec![Images::default(); DENSE],
            sparse_bytes: FxHashMap::default(),
            sparse_images: FxHashMap::default(),
        };
        for (i, cs) in encodings().iter().enumerate() {
            let bit = 1u16 << i;
            for b in 0x80u8..=0xFF {
                let c = match cs {
                    Charset::Latin1 => Some(char::from(b)),
                    cs => single_byte_table_of(*cs).and_then(|t| t.get(b)),
                };
                let Some(c) = c else { continue };
                let add = |im: &mut Images| match b {
                    0x80..=0xBF => im.cont |= bit,
                    0xC2..=0xDF => im.lead[0] |= bit,
                    0xE0..=0xEF => im.lead[1] |= bit,
                    0xF0..=0xF4 => im.lead[2] |= bit,
                    _ => {}
                };
                let u = c as usize;
                if u < DENSE {
                    r.bytes[u * n + i] = b;
                    add(&mut r.images[u]);
                } else {
                    r.sparse_bytes.entry(c).or_default().push((i as u16, b));
                    add(r.sparse_images.entry(c).or_default());
                }
            }
        }
        r
    })
}

impl Reverse {
    pub(super) fn images(&self, c: char) -> Images {
        let u = c as usize;
        if u < DENSE {
            self.images[u]
        } else {
            self.sparse_images.get(&c).copied().unwrap_or_default()
        }
    }
}

/// The byte of `c` in encoding number `e`, or `None` if it has none. ASCII maps to itself.
pub(super) fn byte_in(c: char, e: usize) -> Option<u8> {
    if c.is_ascii() {
        return Some(c as u8);
    }
    let r = reverse();
    let u = c as usize;
    if u < DENSE {
        let b = r.bytes[u * encodings().len() + e];
        return (b != 0).then_some(b);
    }
    r.sparse_bytes
        .get(&c)?
        .iter()
        .find(|(i, _)| *i as usize == e)
        .map(|&(_, b)| b)
}

/// Bit mask of the encodings under which `text` has at least one lead image directly followed
/// by a continuation image (a cheap necessary condition for mojibake).
pub(super) fn suspect_mask(text: &str) -> u16 {
    if text.is_ascii() {
        return 0;
    }
    let r = reverse();
    let mut mask = 0u16;
    for_each_non_ascii_run(text, |run| {
        let mut prev_lead = 0u16;
        for c in run.chars() {
            let im = r.images(c);
            mask |= prev_lead & im.cont;
            prev_lead = im.any_lead();
        }
    });
    mask
}

/// Calls `f` on every maximal run of non-ASCII characters of `text`, skipping the ASCII
/// between them eight or more bytes at a time (an ASCII character ends any sequence).
pub(super) fn for_each_non_ascii_run(text: &str, mut f: impl FnMut(&str)) {
    for_each_run_in_context(text, |_, run, _| f(run));
}

/// [`for_each_non_ascii_run`], each run with the ASCII character before and after it (`l` and
/// `q` of `l’équipe`), or `None` at the ends of the text.
pub(super) fn for_each_run_in_context(
    text: &str,
    mut f: impl FnMut(Option<char>, &str, Option<char>),
) {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(s) = crate::ascii::next_non_ascii(b, i) {
        let e = b[s..]
            .iter()
            .position(|&x| x < 0x80)
            .map_or(b.len(), |k| s + k);
        let before = s.checked_sub(1).map(|k| char::from(b[k]));
        f(before, &text[s..e], b.get(e).map(|&x| char::from(x)));
        i = e;
    }
}

/// If the characters from `i` are the images under encoding `e` of one valid, plausible UTF-8
/// multi-byte sequence, returns its length in characters and the character it encodes.
pub(super) fn sequence_at(chars: &[(usize, char)], i: usize, e: usize) -> Option<(usize, char)> {
    let c0 = chars[i].1;
    if c0.is_ascii() {
        return None;
    }
    // A word's quotes and brackets (`«ÇA»` in MacRoman is C7 82…) do not start mojibake;
    // but MacRoman's `‚` is byte E2, the lead of every curly quote and dash (`‚Äôn` is `’n`),
    // and only a whole three-byte sequence is taken.
    if !matches!(
        c0,
        '\u{201A}' | '\u{201E}' | '\u{2018}' | '\u{2019}' | '\u{201C}' | '\u{201D}' | '»'
    ) && matches!(
        char_info(c0).category,
        GeneralCategory::OpenPunctuation
            | GeneralCategory::ClosePunctuation
            | GeneralCategory::InitialPunctuation
            | GeneralCategory::FinalPunctuation
    ) {
        return None;
    }
    let b0 = byte_in(c0, e)?;
    let n = sequence_len(b0);
    if n < 2 || i + n > chars.len() || closes_quoted_word(chars, i, n) {
        return None;
    }
    // MacRoman's curly quotes are the lead bytes D2–D5 (U+0480–U+057F: Kazakh and Armenian
    // letters), and its images of 80–9F are accented Latin letters: `’é` in `l’équipe`, `“É`
    // in `“État”` are typography, not a misread Armenian `Վ`. Misread Armenian is image after
    // image; typography has an ASCII letter beside it.
    let accented = |c: char| matches!(c as u32, 0xC0..=0x17F) && c != '×' && c != '÷';
    let ascii_letter = |k: usize| chars.get(k).is_some_and(|&(_, c)| c.is_ascii_alphabetic());
    if matches!(c0, '‘' | '’' | '“' | '”')
        && accented(chars[i + 1].1)
        && ((i > 0 && ascii_letter(i - 1)) || ascii_letter(i + 2))
    {
        return None;
    }
    let mut bytes = [b0, 0, 0, 0];
    for k in 1..n {
        let ck = chars[i + k].1;
        if ck.is_ascii() {
            return None;
        }
        bytes[k] = byte_in(ck, e)?;
    }
    if n == 3 && b0 == 0xED && bytes[1] >= 0xA0 {
        return surrogate_pair_at(chars, i, e, &bytes[..3]);
    }
    let s = std::str::from_utf8(&bytes[..n]).ok()?;
    let repaired = s.chars().next()?;
    plausible(repaired).then_some((n, repaired))
}

/// A sequence under encoding number `e` some of whose continuation bytes were lost before
/// the text reached us: a lead image, then for each continuation byte its image or U+FFFD
/// (windows-1252 leaves 81 8D 8F 90 9D undefined, so `с`, D1 81, arrives as `Ñ�`, and
/// Ethiopic `፡`, E1 8D A1, as `á�¡`). Returns the number of characters it spans.
pub(super) fn lost_sequence_at(chars: &[(usize, char)], i: usize, e: usize) -> Option<usize> {
    let lead = byte_in(chars[i].1, e).filter(|b| (0xC2..=0xF4).contains(b))?;
    let n = sequence_len(lead);
    if i + n > chars.len() {
        return None;
    }
    let mut bytes = [lead, 0, 0, 0];
    let mut lost = 0;
    for k in 1..n {
        match chars[i + k].1 {
            '\u{FFFD}' => lost |= 1 << k,
            c => bytes[k] = byte_in(c, e).filter(|b| (0x80..=0xBF).contains(b))?,
        }
    }
    if lost == 0 {
        return None;
    }
    // The bytes kept must fit a valid sequence (E0 needs A0–BF next, F4 80–8F…) for some
    // value of the lost ones.
    let ok = (0x80..=0xBFu8).any(|v| {
        let mut probe = bytes;
        for (k, b) in probe.iter_mut().enumerate().take(n).skip(1) {
            if lost & (1 << k) != 0 {
                *b = v;
            }
        }
        std::str::from_utf8(&probe[..n]).is_ok()
    });
    ok.then_some(n)
}

/// Whether the quote mark that would end the sequence of `n` images at `i` closes a word that
/// opens with a quote mark of its kind (`«Å»`, Italian `«È»`, `„Ü“`): then it is the word's
/// closing quote, not a continuation image (`Å»` is C5 BB, `Ż`, in windows-1252; `È»` is `Ȼ`).
/// Mojibake of a quoted word has its opening quote misread too (`Â«Å»Â»`), and the quote
/// images inside mojibake (`Ñ‹`, `Ð”`) follow lead images, not an opening quote.
fn closes_quoted_word(chars: &[(usize, char)], i: usize, n: usize) -> bool {
    /// Guillemets, double and single quotes: a word opened by one kind is closed by the same.
    fn kind(c: char) -> Option<u8> {
        match c {
            '«' | '»' | '‹' | '›' => Some(0),
            '“' | '”' | '„' => Some(1),
            '‘' | '’' | '‚' => Some(2),
            _ => None,
        }
    }
    let last = i + n - 1;
    let Some(closing) = kind(chars[last].1) else {
        return false;
    };
    let word_char = |&&(_, c): &&(usize, char)| !c.is_ascii_whitespace();
    // Where the word starts (ASCII white space parts words, as the repair parts them: `Â` +
    // NBSP is mojibake), within reach, or this is no quoted word of a few letters.
    let Some(begin) = (i.saturating_sub(32)..i)
        .rev()
        .find(|&k| chars[k].1.is_ascii_whitespace())
        .map(|k| k + 1)
        .or((i <= 32).then_some(0))
    else {
        return false;
    };
    // The word's first character that is not ASCII punctuation (`(«Å»)`).
    let start = chars[begin..i]
        .iter()
        .find(|&&(_, c)| !c.is_ascii_punctuation());
    start.is_some_and(|&(_, c)| kind(c) == Some(closing))
        && chars[last + 1..]
            .iter()
            .take_while(word_char)
            .all(|&(_, c)| c.is_ascii_punctuation())
}

/// Complete, valid sequences of encoding number `e` in `word` (no judgement of the result).
pub(super) fn whole_sequences(word: &str, e: usize) -> usize {
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    sequences_in(&chars, e)
}

/// [`whole_sequences`] over characters already collected.
pub(super) fn sequences_in(chars: &[(usize, char)], e: usize) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < chars.len() {
        match sequence_at(chars, i, e) {
            Some((len, _)) => {
                n += 1;
                i += len;
            }
            None => i += 1,
        }
    }
    n
}

/// A surrogate pair encoded half by half (CESU-8, Java's "modified UTF-8"): `ED A0–AF xx`, the
/// high half, then `ED B0–BF xx`, the low half, six bytes for one character beyond the BMP
/// (`í\u{A0}½í¸´` → 😴). UTF-8 forbids surrogates (RFC 3629 §3); a decoder that encoded
/// UTF-16 code units one by one made them.
pub(super) fn surrogate_pair_at(
    chars: &[(usize, char)],
    i: usize,
    e: usize,
    high: &[u8],
) -> Option<(usize, char)> {
    let unit = |b: &[u8]| {
        ((b[0] as u32 & 0x0F) << 12) | ((b[1] as u32 & 0x3F) << 6) | (b[2] as u32 & 0x3F)
    };
    if i + 6 > chars.len() || !high[2..].iter().all(|&b| (0x80..0xC0).contains(&b)) {
        return None;
    }
    let mut low = [0u8; 3];
    for (k, b) in low.iter_mut().enumerate() {
        let c = chars[i + 3 + k].1;
        if c.is_ascii() {
            return None;
        }
        *b = byte_in(c, e)?;
    }
    if low[0] != 0xED || !(0xB0..0xC0).contains(&low[1]) || !(0x80..0xC0).contains(&low[2]) {
        return None;
    }
    let (h, l) = (unit(high), unit(&low));
    if !(0xD800..0xDC00).contains(&h) || !(0xDC00..0xE000).contains(&l) {
        return None;
    }
    let c = char::from_u32(0x10000 + ((h - 0xD800) << 10) + (l - 0xDC00))?;
    plausible(c).then_some((6, c))
}

/// What UTF-8 bytes `c` is the image of, per encoding the search knows ([`Images`]); none
/// for ASCII and for U+FFFD.
pub fn masks(c: char) -> Images {
    if c == '\u{FFFD}' {
        return Images::default();
    }
    reverse().images(c)
}

/// [`fingerprints`] counted a character at a time, for a pass that visits every character
/// anyway (the quality features).
#[derive(Clone, Debug, Default)]
pub struct FingerprintCounter {
    pub(super) counts: [usize; 16],
    /// Per encoding, the sequences under way: `need[k]` holds the encodings whose last
    /// characters began a sequence that k + 1 more continuation images complete.
    pub(super) need: [u16; 3],
}

impl FingerprintCounter {
    /// A non-ASCII character.
    #[inline]
    pub fn non_ascii(&mut self, c: char) {
        self.step(masks(c));
    }

    /// Any character, given its [`masks`] (ASCII has none, which ends a sequence): a
    /// continuation image carries each sequence under way one byte further (counting those it
    /// completes), a lead image begins one.
    #[inline]
    pub fn step(&mut self, im: Images) {
        let mut done = self.need[0] & im.cont;
        while done != 0 {
            self.counts[done.trailing_zeros() as usize] += 1;
            done &= done - 1;
        }
        self.need = [
            (self.need[1] & im.cont) | im.lead[0],
            (self.need[2] & im.cont) | im.lead[1],
            im.lead[2],
        ];
    }

    /// An ASCII character: no sequence goes on across it.
    #[inline]
    pub fn ascii(&mut self) {
        self.need = [0; 3];
    }

    /// The count so far: what [`fingerprints`] says of the characters seen.
    pub fn count(&self) -> usize {
        self.counts.iter().copied().max().unwrap_or(0)
    }
}

/// Mojibake fingerprints in `text`, cheaply: the most complete UTF-8 sequences under any single
/// encoding, a lead image followed by as many continuation images as its byte announces (RFC
/// 3629 §3; `Ã©`, `â€™`). One pass, no allocation; it does not apply the word-level checks of
/// [`analyze`](super::analyze) (overlong forms, surrogates, plausible results), so it is a
/// score feature and a gate, not a verdict. Pairs alone were counted until session 49: a
/// 3-byte lead image before one continuation image is ordinary Cyrillic (windows-1251's `ні`,
/// `її`, `всё`), and clean Ukrainian counted thousands.
pub fn fingerprints(text: &str) -> usize {
    if text.is_ascii() {
        return 0;
    }
    let mut k = FingerprintCounter::default();
    for_each_non_ascii_run(text, |run| {
        // The ASCII before the run ends any sequence.
        k.ascii();
        run.chars().for_each(|c| k.non_ascii(c));
    });
    k.count()
}

/// True when [`analyze`](super::analyze) can only call `text` clean: nothing but ASCII, or no fingerprint, no
/// C1 control, no U+FFFD and no `Ã` before a space ([`lost_no_break_spaces`](super::lost_no_break_spaces)) (nothing to repair, nothing lost, no control to read as
/// windows-1252). Most lines of most files; a caller that needs only repairs may skip them.
pub fn clean_at_a_glance(text: &str) -> bool {
    let b = text.as_bytes();
    if b.is_ascii() {
        return true;
    }
    // C1 controls are C2 80–C2 9F in UTF-8; U+FFFD is EF BF BD.
    let c1 = memchr::memchr_iter(0xC2, b).any(|i| b.get(i + 1).is_some_and(|&n| n <= 0x9F));
    !c1 && !text.contains('\u{FFFD}') && !text.contains("Ã ") && fingerprints(text) == 0
}

pub(super) use crate::encoding::is_c1;

/// Is `c` believable as the result of a repair?
pub(super) fn plausible(c: char) -> bool {
    let info = char_info(c);
    if matches!(
        info.category,
        GeneralCategory::Control
            | GeneralCategory::Unassigned
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
    ) {
        return false;
    }
    // IPA and spacing modifier letters (U+0250–U+02FF) are what `É»` (C9 BB) would become;
    // the click letters U+01C0–U+01C3 what `«Ç` would become in MacRoman.
    if ((0x250..=0x2FF).contains(&(c as u32)) && !orthographic_ipa(c))
        || (0x1C0..=0x1C3).contains(&(c as u32))
    {
        return false;
    }
    // Scripts a repair may produce; Syriac, Thaana, NKo, Samaritan (U+0700–U+08FF) are what
    // legitimate text like German `Straße«` (DF AB) would wrongly turn into.
    matches!(
        info.script,
        Script::Common
            | Script::Inherited
            | Script::Latin
            | Script::Greek
            | Script::Cyrillic
            | Script::Armenian
            | Script::Hebrew
            | Script::Arabic
            | Script::Devanagari
            | Script::Bengali
            | Script::Gurmukhi
            | Script::Gujarati
            | Script::Tamil
            | Script::Telugu
            | Script::Kannada
            | Script::Malayalam
            | Script::Sinhala
            | Script::Thai
            | Script::Lao
            | Script::Tibetan
            | Script::Myanmar
            | Script::Georgian
            | Script::Hangul
            | Script::Ethiopic
            | Script::Khmer
            | Script::Hiragana
            | Script::Katakana
            | Script::Han
            | Script::Bopomofo
    )
}

/// IPA letters that alphabets adopted: Azerbaijani `ə`, the `ɓ ɗ ɛ ɔ ɖ ɣ ɲ ŋ ʋ ʒ` of
/// African orthographies (Hausa, Ewe, Lingala, Fula…), Hawaiian and Uzbek `ʻ`, the `ʼ` of
/// many. The rest of U+0250–U+02FF is what `É»` (C9 BB) would wrongly become.
pub(super) fn orthographic_ipa(c: char) -> bool {
    matches!(
        c,
        'ɓ' | 'ɔ' | 'ɖ' | 'ɗ' | 'ə' | 'ɛ' | 'ɣ' | 'ɨ' | 'ɲ' | 'ʋ' | 'ʒ' | 'ʔ' | 'ʻ' | 'ʼ'
        // windows-1252's 0x88 and 0x98: the middle of a chain of two rounds.
        | 'ˆ' | '˜'
    )
}
