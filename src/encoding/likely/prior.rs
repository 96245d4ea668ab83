//! How often each encoding carries each language: the prior of the likely verdict (see
//! [`prior`] for where it comes from).

use crate::decode::charset::{Charset, OemPage};
use encoding_rs::Encoding;

const WESTERN: &[&str] = &[
    "en", "fr", "de", "es", "pt", "it", "nl", "da", "sv", "nb", "nn", "fi", "is", "ca", "ga", "cy",
    "eu", "gl", "af", "sq", "id", "ms", "tl", "sw", "zu", "yo", "ha", "so", "et", "uz",
];
const CENTRAL: &[&str] = &["cs", "sk", "pl", "hu", "sl", "hr", "bs", "ro", "sq", "sr"];
const CYRILLIC: &[&str] = &["ru", "uk", "bg", "mk", "sr", "be", "kk"];
const BALTIC: &[&str] = &["lt", "lv", "et"];

/// [`prior`] for any candidate: a DOS, Mac or Vietnamese code page outside WHATWG counts as the
/// DOS and Mac pages do there (−1 for the languages of its script, −3 for the others), Johab
/// as one for Korean and EUC-TW for Chinese; UTF-32 as UTF-16 (−0.5); an encoding no candidate
/// list holds, −9.
pub fn prior_of(cs: Charset, lang: &str) -> f64 {
    match cs {
        Charset::Whatwg(e) => prior(e, lang),
        Charset::Oem(page) => {
            let langs: &[&[&str]] = match page {
                OemPage::Cp437 | OemPage::Cp850 => &[WESTERN],
                OemPage::Cp852 => &[CENTRAL],
                OemPage::Cp855 => &[CYRILLIC],
                OemPage::Cp865 => &[&["da", "nb", "nn", "no", "is", "fo"]],
                // Not Romanian (no ș, ț) nor Croatian (no đ): Apple had pages for them.
                OemPage::MacCentralEurope => &[&["cs", "sk", "pl", "hu", "sl"], BALTIC],
                // RFC 1456: made for Vietnamese alone.
                OemPage::Viscii => &[&["vi"]],
                OemPage::Cp737 | OemPage::MacGreek => &[&["el"]],
                OemPage::Cp775 => &[BALTIC],
                OemPage::Cp857 | OemPage::MacTurkish => &[&["tr", "az"]],
                OemPage::Cp860 => &[&["pt"]],
                OemPage::Cp861 | OemPage::MacIcelandic => &[&["is", "fo"]],
                OemPage::Cp862 => &[&["he", "yi"]],
                OemPage::Cp863 => &[&["fr"]],
                OemPage::Cp1125 => &[&["uk", "ru"]],
                OemPage::MacRomanian => &[&["ro"]],
                OemPage::MacCroatian => &[&["hr", "bs", "sl", "sr"]],
                OemPage::Cp856 => &[&["he"]],
                OemPage::Cp864 => &[&["ar"]],
                OemPage::Koi8T => &[&["tg"]],
                OemPage::Tcvn => &[&["vi"]],
            };
            if langs.iter().any(|l| l.contains(&lang)) {
                -1.0
            } else {
                -3.0
            }
        }
        Charset::Utf32Le | Charset::Utf32Be => -0.5,
        Charset::Johab if lang == "ko" => -1.0,
        Charset::Johab => -3.0,
        // Taiwan's Unix systems: Traditional Chinese, which the model calls `zh`.
        Charset::EucTw if lang == "zh" => -1.0,
        Charset::EucTw => -3.0,
        // Japanese only (weighed where a label names them, or as the refinement of a Shift_JIS
        // or EUC-JP verdict: `unmapped::refine`).
        Charset::ShiftJis2004 | Charset::EucJis2004 if lang == "ja" => -1.0,
        Charset::ShiftJis2004 | Charset::EucJis2004 => -3.0,
        _ => -9.0,
    }
}

/// [`base_prior`] for any candidate: −2 for a DOS code page, Johab or EUC-TW, as for the DOS pages
/// there; UTF-32 as UTF-16.
pub fn base_prior_of(cs: Charset) -> f64 {
    match cs {
        Charset::Whatwg(e) => base_prior(e),
        Charset::Oem(_)
        | Charset::Johab
        | Charset::EucTw
        | Charset::ShiftJis2004
        | Charset::EucJis2004 => -2.0,
        Charset::Utf32Le | Charset::Utf32Be => -1.0,
        _ => -9.0,
    }
}

/// The log prior of `enc` carrying text in `lang` (ISO 639-1): 0 for the Windows ANSI code
/// page of the language's locale (Microsoft's locale table) and the encodings of CJK
/// languages, −1 for the ISO 8859 part made for the language and the Mac, KOI8 and DOS pages
/// of its script, −3 for any other that can write it. UTF-8 and UTF-16 are −0.5 everywhere
/// (they reach here only when the bytes are not clearly UTF-8).
pub fn prior(enc: &'static Encoding, lang: &str) -> f64 {
    use encoding_rs as e;
    let is = |langs: &[&str]| langs.contains(&lang);
    let tier1 = match enc {
        // Estonian's locale has windows-1257 (its õ ä ö ü are windows-1252's too, but not
        // its š ž).
        _ if enc == e::WINDOWS_1252 => is(WESTERN) && lang != "et",
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

/// The log prior of `enc` whatever the language: 0 for windows-1252 (with ISO-8859-1, the
/// legacy encoding of most of the web by an order of magnitude: W3Techs' survey, as quoted by
/// Wikipedia's "Popularity of text encodings", 2024) and UTF-8, −1 for the default code pages
/// of the large regional locales (windows-1250, -1251, -1254, -1256, -874, the CJK encodings)
/// and UTF-16, −2 for the others (ISO 8859 parts, Mac, KOI8 and DOS pages, the smaller Windows
/// pages). It decides where no language the lexicon knows explains the letters.
pub fn base_prior(enc: &'static Encoding) -> f64 {
    use encoding_rs as e;
    if enc == e::WINDOWS_1252 || enc == e::UTF_8 {
        0.0
    } else if [
        e::WINDOWS_1250,
        e::WINDOWS_1251,
        e::WINDOWS_1254,
        e::WINDOWS_1256,
        e::WINDOWS_874,
        e::SHIFT_JIS,
        e::EUC_JP,
        e::EUC_KR,
        e::GBK,
        e::GB18030,
        e::BIG5,
        e::UTF_16LE,
        e::UTF_16BE,
    ]
    .contains(&enc)
    {
        -1.0
    } else {
        -2.0
    }
}
