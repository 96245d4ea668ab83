//! Likely verdicts that are not weighed from the words of readings: Chinese or Korean in 7-bit
//! shifts, which no WHATWG decoder reads, and bytes that are no text at all.

use super::{Alternative, Likely};
use crate::decode::charset::Charset;
use crate::decode::seven_bit::SevenBit;
use crate::format::NotText;

/// The most a 7-bit reading is trusted ([`seven_bit_confidence`]): the schemes are not in the
/// dev set the other verdicts are calibrated on.
const SEVEN_BIT_MAX: f64 = 0.99;

/// The likely verdict on bytes that hold a 7-bit escape scheme ([`SevenBit`], found only where
/// its shifted pairs read as CJK text): the scheme, read by this tool, since every WHATWG
/// reading keeps the shifts as ASCII letters (or, under the scheme's own label, makes the whole
/// input one U+FFFD). The ASCII reading becomes the one alternative.
pub fn in_seven_bits(l: &mut Likely, s: SevenBit) {
    let ascii = l.name;
    let confidence = seven_bit_confidence(&s);
    l.name = Charset::SevenBit(s.scheme);
    l.confidence = confidence;
    l.because = format!(
        "the bytes are {} ({}): {} {} characters in 7-bit shifts (\"{}\"), which no WHATWG decoder reads; {ascii}, like every ASCII-compatible reading, keeps the shifted bytes as ASCII letters",
        s.scheme.name(),
        s.scheme.rfc(),
        s.characters,
        match s.scheme {
            crate::decode::seven_bit::Scheme::Iso2022Kr => "Korean",
            _ => "Chinese",
        },
        s.excerpt,
    );
    // The readings compared ASCII letters: what their words say is beside the point.
    l.language = None;
    l.same_text.clear();
    l.readings.clear();
    l.alternatives = vec![Alternative {
        name: ascii,
        probability: ((1.0 - confidence) * 1000.0).round() / 1000.0,
        known_words: 0,
        words: 0,
        examples: Vec::new(),
    }];
    l.seven_bit = Some(s);
}

/// How sure a 7-bit reading is: as sure as its characters are many (each one a shifted pair
/// that read as CJK text, which ASCII does not form by chance), less the share that are not CJK
/// and the share of breaks of the scheme's rules.
fn seven_bit_confidence(s: &SevenBit) -> f64 {
    let read = s.characters.saturating_sub(s.undecoded).max(1) as f64;
    let by_count = (1.0 - 0.5f64.powi(s.characters.min(60) as i32)).min(SEVEN_BIT_MAX);
    let cjk = s.cjk as f64 / read;
    let clean = 1.0 - (s.faults as f64 / (s.characters + s.runs).max(1) as f64).min(1.0);
    ((by_count * cjk * clean) * 1000.0).round() / 1000.0
}

/// The likely verdict on bytes that are no text ([`crate::format::not_text`]: a gzip file, an
/// image, an executable, bytes no text holds): it abstains. No reading is weighed, since every
/// encoding's would be gibberish and its words chance; `decided` stays the name, what a
/// consumer that takes the bytes for text decodes, at confidence 0.
pub fn not_text(decided: Charset, n: NotText) -> Likely {
    let extract = if n.format.extractable() {
        "; `delineate extract` reads its text"
    } else if n.format == crate::format::Format::Zip {
        "; `delineate extract` reads the text of Office, OpenDocument and EPUB archives"
    } else {
        ""
    };
    Likely {
        name: decided,
        confidence: 0.0,
        because: format!(
            "the bytes are {} ({}): no encoding here reads them as text{extract}",
            n.what(),
            n.detail
        ),
        same_text: Vec::new(),
        alternatives: Vec::new(),
        ruled_out: Vec::new(),
        language: None,
        seven_bit: None,
        not_text: Some(n),
        readings: Vec::new(),
    }
}
