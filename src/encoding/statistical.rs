//! Statistical detection with chardetng, the detector Firefox uses (Li and Momoi 2001 lineage).
//!
//! chardetng runs at about 20 MB/s, so it only ever sees a bounded sample: the first
//! [`SAMPLE_BYTES`] of the input (measured: the same guess as the whole 100 MB file, in 3 ms
//! instead of 5 s; `../shared/guides/dependencies.md`). It knows nothing of UTF-16/32; BOMs and
//! NUL columns cover those.

use crate::span::ByteSpan;
use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::Encoding;

/// Bytes fed to chardetng.
pub const SAMPLE_BYTES: usize = 64 * 1024;

/// Bytes fed to chardetng when a BOM or UTF-8 validity already settles the encoding and the
/// guess only corroborates it (and names the likeliest legacy candidate).
pub const CORROBORATION_BYTES: usize = 8 * 1024;

/// chardetng's opinion of a sample.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guess {
    /// The guess with UTF-8 allowed as an answer.
    pub encoding: &'static Encoding,
    /// The guess among legacy encodings only (what chardetng would say if the bytes were not
    /// UTF-8); a useful second candidate.
    pub legacy: &'static Encoding,
    /// The bytes the guess is based on.
    pub sample: ByteSpan,
    /// Whether the sample held any byte ≥ 0x80 (without one, every guess is a default).
    pub non_ascii: bool,
    /// Set when the guess carries information: non-ASCII bytes were seen, or ISO-2022-JP escape
    /// sequences (a 7-bit encoding, invisible to a non-ASCII test).
    pub informative: bool,
    /// ISO-2022-JP escape sequences (ESC $ @, ESC $ B, ESC ( B, ESC ( J, ESC ( I) in the sample.
    pub iso_2022_jp_escapes: usize,
    /// The legacy encoding to decide on: `legacy`, or windows-1252 when the evidence for
    /// `legacy` over windows-1252 is thin (see [`western_prior`]).
    pub decided_legacy: &'static Encoding,
    /// Why `decided_legacy` differs from `legacy`.
    pub prior_note: Option<String>,
}

/// Guesses the encoding of `sample`, which starts at offset `start` of the input; `complete`
/// says the sample is the whole rest of the input (chardetng treats a stream end differently
/// from a cut). `allow_iso_2022_jp` should be false for HTML, as browsers do (it can hide script).
pub fn guess(sample: &[u8], start: u64, complete: bool, allow_iso_2022_jp: bool) -> Guess {
    let sample = &sample[..sample.len().min(SAMPLE_BYTES)];
    let condensed = condense(sample);
    // ISO-2022-JP is 7-bit: its escapes may come after a long stable ASCII stretch. (The
    // evidence's span stays the whole sample: the prior below weighs all of it.)
    let (encoding, legacy, non_ascii) = if has_iso_2022_jp_escape(sample) {
        chardetng(&condensed, complete, allow_iso_2022_jp)
    } else {
        let (e, l, n, _) = until_stable(&condensed, complete, allow_iso_2022_jp);
        (e, l, n)
    };
    let prior_note = western_prior(sample, legacy);
    let iso_2022_jp_escapes = iso_2022_jp_escapes(sample);
    Guess {
        iso_2022_jp_escapes,
        encoding,
        legacy,
        sample: ByteSpan::at(start, sample.len() as u64),
        non_ascii,
        informative: non_ascii || encoding == encoding_rs::ISO_2022_JP || iso_2022_jp_escapes > 0,
        decided_legacy: if prior_note.is_some() {
            encoding_rs::WINDOWS_1252
        } else {
            legacy
        },
        prior_note,
    }
}

/// chardetng's answers for `bytes`: with UTF-8 allowed, among legacy encodings only, and
/// whether it saw a non-ASCII byte.
pub fn chardetng(
    bytes: &[u8],
    complete: bool,
    allow_iso_2022_jp: bool,
) -> (&'static Encoding, &'static Encoding, bool) {
    let mut det = detector(allow_iso_2022_jp);
    let non_ascii = det.feed(bytes, complete);
    (
        det.guess(None, Utf8Detection::Allow),
        det.guess(None, Utf8Detection::Deny),
        non_ascii,
    )
}

/// Bytes [`until_stable`] feeds chardetng at a time.
pub const STEP_BYTES: usize = 512;
/// Steps after which both answers must still be unchanged for [`until_stable`] to stop.
pub const STABLE_STEPS: usize = 3;

/// [`chardetng()`] fed [`STEP_BYTES`] at a time, stopping once both answers (UTF-8 allowed and
/// legacy only) have held over [`STABLE_STEPS`] more steps after a non-ASCII byte was seen;
/// also returns how many bytes it fed. On the condensed samples of the 3,733-sample check
/// (`tests/shared_data.rs`) it answers as the whole sample does on all but two, both files
/// whose whole-sample answer is wrong too (a font-specific Armenian encoding; Tongan, nearly
/// ASCII, in ISO-8859-7), from 41 % of the bytes (steps of 1 KiB held for 2: 53 %; 512 bytes
/// held for 2: 33 %, but 14 answers change).
pub fn until_stable(
    bytes: &[u8],
    complete: bool,
    allow_iso_2022_jp: bool,
) -> (&'static Encoding, &'static Encoding, bool, usize) {
    let mut det = detector(allow_iso_2022_jp);
    let (mut non_ascii, mut fed, mut held) = (false, 0usize, 0usize);
    let mut last = None;
    for chunk in bytes.chunks(STEP_BYTES) {
        fed += chunk.len();
        non_ascii |= det.feed(chunk, complete && fed == bytes.len());
        let now = (
            det.guess(None, Utf8Detection::Allow),
            det.guess(None, Utf8Detection::Deny),
        );
        if last == Some(now) {
            held += 1;
        } else {
            (last, held) = (Some(now), 0);
        }
        if non_ascii && held >= STABLE_STEPS {
            break;
        }
    }
    if bytes.is_empty() {
        det.feed(bytes, complete);
    }
    (
        det.guess(None, Utf8Detection::Allow),
        det.guess(None, Utf8Detection::Deny),
        non_ascii,
        fed,
    )
}

fn detector(allow_iso_2022_jp: bool) -> EncodingDetector {
    EncodingDetector::new(if allow_iso_2022_jp {
        Iso2022JpDetection::Allow
    } else {
        Iso2022JpDetection::Deny
    })
}

/// The part of `sample` that can move chardetng's scores: every whitespace-delimited token
/// holding a byte ≥ 0x80, with the whitespace byte on each side; the ASCII-only stretches
/// between them are dropped. chardetng scores byte pairs only where a non-ASCII byte takes
/// part, and its per-word states (letter case, the Spanish/Italian ordinal patterns, the
/// word length of non-Latin scripts) restart at whitespace, so what it decides from the
/// condensed bytes is what it decides from the whole; on Latin-script text that is a
/// fraction of the bytes (chardetng runs at about 20 MB/s). Cuts fall only on ASCII
/// whitespace, which is never inside a character in any encoding chardetng knows (CJK trail
/// bytes are ≥ 0x40). Samples with ESC (ISO-2022-JP is 7-bit) are left whole.
pub fn condense(sample: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    use std::borrow::Cow;
    if has_iso_2022_jp_escape(sample) {
        return Cow::Borrowed(sample);
    }
    let ws = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0C);
    let mut out: Vec<u8> = Vec::new();
    // End of the last span copied.
    let mut copied = 0usize;
    let mut i = 0usize;
    while i < sample.len() {
        // Next non-ASCII byte.
        let Some(k) = crate::ascii::next_non_ascii(sample, i) else {
            break;
        };
        // The token around it, with one whitespace byte each side.
        let start = sample[..k]
            .iter()
            .rposition(|&b| ws(b))
            .unwrap_or(0)
            .max(copied);
        let end = sample[k..]
            .iter()
            .position(|&b| ws(b))
            .map_or(sample.len(), |e| k + e + 1);
        out.extend_from_slice(&sample[start..end]);
        copied = end;
        i = end;
    }
    if out.len() * 10 > sample.len() * 9 {
        // Dense non-ASCII text (Cyrillic, Greek, CJK): nothing worth saving.
        return Cow::Borrowed(sample);
    }
    Cow::Owned(out)
}

/// Counts the escape sequences that switch ISO-2022-JP between character sets (RFC 1468).
/// chardetng rules ISO-2022-JP out at the first invalid sequence; a 7-bit file full of these
/// escapes is still ISO-2022-JP, only a damaged one.
pub fn iso_2022_jp_escapes(sample: &[u8]) -> usize {
    memchr::memchr_iter(0x1B, sample)
        .filter(|&i| is_iso_2022_jp_escape(sample, i))
        .count()
}

/// Whether `sample` holds an ISO-2022-JP escape sequence (RFC 1468, as the WHATWG decoder
/// takes them): without one, ISO-2022-JP reads the bytes as ASCII, and an ESC is a terminal's
/// (`ESC [32m` colours a log line), not a switch of character set.
pub fn has_iso_2022_jp_escape(sample: &[u8]) -> bool {
    memchr::memchr_iter(0x1B, sample).any(|i| is_iso_2022_jp_escape(sample, i))
}

/// Whether the ESC at `sample[at]` begins a designation ISO-2022-JP knows.
fn is_iso_2022_jp_escape(sample: &[u8], at: usize) -> bool {
    matches!(
        sample.get(at + 1..at + 3),
        Some(b"$@") | Some(b"$B") | Some(b"(B") | Some(b"(J") | Some(b"(I")
    )
}

/// Most distinct byte values, and most occurrences of them, on which a Latin code page may
/// differ from windows-1252 and still lose to it. Calibrated on the NLTK UDHR files: Welsh,
/// Maori, Hungarian-Latin1 (typed for Latin-1 with ô/û standing in for ő/ű), Arabela and
/// Candoshi were read as windows-1250/1257 or ISO-8859-2/4 by chardetng on one or two byte
/// values occurring at most 18 times; real Slovenian, Croatian and Hungarian-Latin2 files
/// also differ on only one to three byte values (š and ž are shared), but over a hundred times.
pub const WESTERN_PRIOR_MAX_BYTES: usize = 2;
/// See [`WESTERN_PRIOR_MAX_BYTES`].
pub const WESTERN_PRIOR_MAX_OCCURRENCES: usize = 20;

/// Latin-script single-byte encodings that chardetng may prefer over windows-1252.
fn is_latin_code_page(e: &'static Encoding) -> bool {
    use encoding_rs::*;
    [
        WINDOWS_1250,
        ISO_8859_2,
        WINDOWS_1254,
        WINDOWS_1257,
        ISO_8859_3,
        ISO_8859_4,
        ISO_8859_10,
        ISO_8859_13,
        ISO_8859_14,
        ISO_8859_15,
        ISO_8859_16,
        MACINTOSH,
    ]
    .contains(&e)
}

/// Characters windows-1252 gives to high bytes that are ordinary in Western European text.
fn western_ok(c: char, prev: Option<u8>) -> bool {
    if "¿¡«»’‘“”–—…°·€".contains(c) {
        return true;
    }
    let u = c as u32;
    let letter = (0xC0..=0xFF).contains(&u) && u != 0xD7 && u != 0xF7;
    // An upper-case letter right after a lower-case ASCII letter is a misreading.
    letter && !(c.is_uppercase() && prev.is_some_and(|p| p.is_ascii_lowercase()))
}

/// A base-rate correction to chardetng without a top-level domain: when its guess is another
/// Latin code page that reads the sample differently from windows-1252 on at most
/// [`WESTERN_PRIOR_MAX_BYTES`] byte values, and windows-1252 reads every occurrence of them as
/// an ordinary Western letter or punctuation mark, the far more common windows-1252 wins.
/// Returns the explanation when it does.
pub fn western_prior(sample: &[u8], legacy: &'static Encoding) -> Option<String> {
    if !is_latin_code_page(legacy) {
        return None;
    }
    let w = crate::decode::table_for(encoding_rs::WINDOWS_1252)?;
    let g = crate::decode::table_for(legacy)?;
    let mut present = [false; 256];
    for &b in sample {
        present[b as usize] = true;
    }
    let differing: Vec<u8> = (0x80..=0xFFu8)
        .filter(|&b| present[b as usize] && w.get(b) != g.get(b))
        .collect();
    if differing.is_empty() || differing.len() > WESTERN_PRIOR_MAX_BYTES {
        return None;
    }
    let mut occurrences = 0;
    for (i, &b) in sample.iter().enumerate() {
        if differing.contains(&b) {
            occurrences += 1;
            let prev = i.checked_sub(1).map(|j| sample[j]);
            if occurrences > WESTERN_PRIOR_MAX_OCCURRENCES
                || !w.get(b).is_some_and(|c| western_ok(c, prev))
            {
                return None;
            }
        }
    }
    let show = |t: &crate::decode::SingleByteTable| -> String {
        differing
            .iter()
            .map(|&b| t.get(b).map_or("?".to_string(), |c| c.to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    Some(format!(
        "chardetng prefers {}, but it reads these bytes differently from windows-1252 only on byte{} {} ({} there, {} in windows-1252, ordinary Western European characters): on evidence this thin the far more common windows-1252 is chosen",
        legacy.name(),
        if differing.len() == 1 { "" } else { "s" },
        crate::decode::validity::hex(&differing),
        show(g),
        show(w)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(text: &str, enc: &'static Encoding) -> Vec<u8> {
        enc.encode(text).0.into_owned()
    }

    /// Round trips: encode a sample in X, detect, expect X.
    #[test]
    fn round_trips() {
        let cases: &[(&str, &'static Encoding)] = &[
            (
                "Привет, как дела? Всё хорошо, спасибо. Это проверка кодировки текста.",
                encoding_rs::WINDOWS_1251,
            ),
            (
                "Příliš žluťoučký kůň úpěl ďábelské ódy. Čeština je krásný jazyk.",
                encoding_rs::WINDOWS_1250,
            ),
            (
                "Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter.",
                encoding_rs::WINDOWS_1252,
            ),
            (
                "日本語のテキストです。文字コードを判定します。ひらがなとカタカナ。",
                encoding_rs::SHIFT_JIS,
            ),
        ];
        for (text, enc) in cases {
            let bytes = encode(text, enc);
            let g = guess(&bytes, 0, true, true);
            assert_eq!(g.encoding, *enc, "{text}");
            assert!(g.non_ascii);
        }
        let g = guess("naïve café".as_bytes(), 0, true, true);
        assert_eq!(g.encoding, encoding_rs::UTF_8);
        assert_ne!(g.legacy, encoding_rs::UTF_8);
    }

    /// The condensed sample keeps every token with a non-ASCII byte (and its whitespace),
    /// drops the ASCII-only stretches, and leaves chardetng's answers unchanged.
    #[test]
    fn condensing_keeps_the_answer() {
        let french = "Tous les êtres humains naissent libres et égaux en dignité et en droits. \
                      Ils sont doués de raison et de conscience et doivent agir les uns envers \
                      les autres dans un esprit de fraternité. Nul ne sera tenu en esclavage.";
        let polish = "Wszyscy ludzie rodzą się wolni i równi pod względem swej godności i swych \
                      praw. Są oni obdarzeni rozumem i sumieniem i powinni postępować wobec \
                      innych w duchu braterstwa.";
        let cases: [(&str, &'static Encoding); 4] = [
            (french, encoding_rs::WINDOWS_1252),
            (polish, encoding_rs::WINDOWS_1250),
            (polish, encoding_rs::ISO_8859_2),
            (french, encoding_rs::UTF_8),
        ];
        for (text, enc) in cases {
            let bytes = encode(text, enc);
            let c = condense(&bytes);
            assert!(
                c.len() < bytes.len() * 3 / 4,
                "{} of {}",
                c.len(),
                bytes.len()
            );
            assert_eq!(chardetng(&bytes, false, true), chardetng(&c, false, true));
        }
        let c = condense(b"only ascii here");
        assert!(c.is_empty());
        assert_eq!(
            chardetng(b"only ascii here", false, true),
            chardetng(&c, false, true)
        );
        assert_eq!(&*condense(b"one \xE9t\xE9 two"), b" \xE9t\xE9 ");
        // Cut only at whitespace: a token is kept whole with the whitespace around it, so a
        // dropped ASCII stretch leaves just whitespace between the tokens.
        assert_eq!(
            &*condense(b"a caf\xE9. long ascii run here. na\xEFve end"),
            b" caf\xE9.  na\xEFve "
        );
        // Dense non-ASCII text and 7-bit ISO-2022-JP are left whole.
        let russian = encode(
            "Все люди рождаются свободными и равными",
            encoding_rs::WINDOWS_1251,
        );
        assert!(matches!(condense(&russian), std::borrow::Cow::Borrowed(_)));
        let jis = encoding_rs::ISO_2022_JP.encode("日本語のテキスト abc").0;
        assert_eq!(&*condense(&jis), &*jis);
    }

    /// Fed step by step, chardetng stops once its answers hold.
    #[test]
    fn feeding_stops_once_the_answers_hold() {
        let text = "Všetci ľudia sa rodia slobodní a rovní v dôstojnosti aj právach. ".repeat(200);
        let bytes = encode(&text, encoding_rs::WINDOWS_1250);
        let whole = chardetng(&condense(&bytes), false, true);
        let (e, l, n, fed) = until_stable(&condense(&bytes), false, true);
        assert_eq!((e, l, n), whole);
        assert_eq!(l, encoding_rs::WINDOWS_1250);
        assert_eq!(fed, (STABLE_STEPS + 1) * STEP_BYTES);
        assert_eq!(
            guess(&bytes, 0, true, true).legacy,
            encoding_rs::WINDOWS_1250
        );
        // Nothing to feed, or only ASCII: fed to the end, as one feed would be.
        assert_eq!(until_stable(b"", true, true).3, 0);
        assert_eq!(until_stable(&[b'a'; 5000], false, true), {
            let (e, l, n) = chardetng(&[b'a'; 5000], false, true);
            (e, l, n, 5000)
        });
    }

    #[test]
    fn iso_2022_jp_is_informative_without_non_ascii() {
        let bytes = encoding_rs::ISO_2022_JP.encode("日本語のテキスト").0;
        let g = guess(&bytes, 0, true, true);
        assert!(!g.non_ascii);
        assert!(g.informative);
        assert_eq!(g.encoding, encoding_rs::ISO_2022_JP);
    }

    #[test]
    fn western_prior_on_thin_evidence_only() {
        // One ¿ (BF): ż in windows-1250, ¿ in windows-1252.
        let spanish = b"\xBFQue es esto? Un texto con pocas marcas.";
        assert!(western_prior(spanish, encoding_rs::WINDOWS_1250).is_some());
        // Polish: many bytes differ.
        let polish = encoding_rs::WINDOWS_1250
            .encode("Zażółć gęślą jaźń, świeży łódź")
            .0;
        assert!(western_prior(&polish, encoding_rs::WINDOWS_1250).is_none());
        // Two bytes that read as junk in windows-1252 (£, Ÿ): the guess stands.
        let lodz = encoding_rs::WINDOWS_1250.encode("miasto Łódź").0;
        assert!(western_prior(&lodz, encoding_rs::WINDOWS_1250).is_none());
        // Not a Latin code page: no opinion.
        assert!(western_prior(b"\xCF\xF0\xE8", encoding_rs::WINDOWS_1251).is_none());
    }
}
