//! The lexicon: what the tool knows of each language's words and letter sequences, shared by
//! the stages that need it — the encoding decision (which decoding reads as words of some
//! language), mojibake repair, language identification and the corpus audit's non-word
//! signal. It sits below all of them and imports none of them.
//!
//! | part | what |
//! |---|---|
//! | word lists | the 30,000 most frequent words of each of the 42 wordfreq languages, an FST set of `code<TAB>word` read in place ([`is_word`], [`languages_of`]), looked up case-folded as wordfreq wrote them ([`folded`]: `ß` as `ss`, final `ς` as `σ`) |
//! | stop words | the 100 most frequent words of each, as language bits ([`stopword_bits`]) |
//! | frequencies | the Zipf frequencies of the close relatives' words, for the ten with lists of their own ([`frequency`], [`frequency_floor`]), which langid weighs between two relatives besides their parallel translations |
//! | alphabets | the non-ASCII letters each list's words use, and CLDR's exemplar letters for the model's languages without a list ([`alphabet`]), which break ties between mojibake repairs |
//! | [`nb`] | the naive Bayes n-gram and word model of 81 languages ([`model`]) |
//! | [`ngrams`] | Cavnar and Trenkle's tokens and padded n-grams, which the model is made of |
//!
//! All are built by `delineate langid build-profiles` from `../shared/data` (with `--cldr` and
//! `--dicts` for CLDR's exemplars and the hunspell stems of Afrikaans and Serbian) and shipped
//! in `assets/langid/` (see its README for sources and licences).

pub mod nb;
pub mod ngrams;

use fst::raw::Output;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

static NB_LANGS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/nb-languages.tsv"
));
static NB_FST: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/nb-features.fst"
));
static NB_POSTINGS: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/nb-postings.bin"
));

static WORDS: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/words.fst"
));

/// The word lists (the most frequent words of each wordfreq language), read in place.
fn words() -> Option<&'static fst::Set<&'static [u8]>> {
    static W: OnceLock<Option<fst::Set<&'static [u8]>>> = OnceLock::new();
    W.get_or_init(|| fst::Set::new(WORDS).ok()).as_ref()
}

/// Is `word` (lower case) among the most frequent words of language `code`? `None` when the
/// tool has no word list for the language.
///
/// The FST holds `code<TAB>word`; the walk starts from the node after each language's
/// `code<TAB>`, found once (the audit asks this for every distinct term of every document).
/// The word is looked up as the lists spell it ([`folded`], then [`list_spelling`]: Romanian
/// `ş` with the cedilla as `ș`, which the corpus audit asks about too).
pub fn is_word(code: &str, word: &str) -> Option<bool> {
    word_list(code).map(|l| l.contains(word))
}

/// One language's word list, found once for many look-ups ([`is_word`] finds it at each).
#[derive(Clone, Copy)]
pub struct WordList {
    code: &'static str,
    /// The node after `code<TAB>`; `None` where the list is empty.
    start: Option<fst::raw::CompiledAddr>,
}

/// The word list of `code`, when the tool has one.
pub fn word_list(code: &str) -> Option<WordList> {
    words()?;
    // Byte by byte: a `str` comparison calls `memcmp`, which took a third of a look-up here.
    word_list_starts()
        .iter()
        .find(|(c, _)| c.bytes().eq(code.bytes()))
        .map(|&(code, start)| WordList { code, start })
}

impl WordList {
    /// Is `word` (lower case) in the list? Looked up as [`is_word`] says.
    pub fn contains(&self, word: &str) -> bool {
        let (Some(start), Some(w)) = (self.start, words()) else {
            return false;
        };
        let fst = w.as_fst();
        let word = folded(word);
        fst_walk(
            fst,
            fst.node(start),
            Output::zero(),
            list_spelling(self.code, &word).bytes(),
        )
        .is_some_and(|(n, _)| n.is_final())
    }
}

static FREQUENCIES: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/frequencies.fst"
));

/// The close relatives' word frequencies (`code<TAB>word` → Zipf frequency in tenths), read in
/// place.
fn frequencies() -> Option<&'static fst::Map<&'static [u8]>> {
    static F: OnceLock<Option<fst::Map<&'static [u8]>>> = OnceLock::new();
    F.get_or_init(|| fst::Map::new(FREQUENCIES).ok()).as_ref()
}

/// How frequent `word` (lower case) is in language `code`: its Zipf frequency (log10 of its
/// occurrences per billion words, within the list's words), looked up as [`is_word`] says.
/// Only close relatives with word lists of their own have frequencies; `None` also when the
/// list lacks the word.
pub fn frequency(code: &str, word: &str) -> Option<f64> {
    if word.is_empty() {
        return None;
    }
    let word = folded(word);
    let mut key = String::with_capacity(code.len() + 1 + word.len());
    key.push_str(code);
    key.push('\t');
    key.push_str(&list_spelling(code, &word));
    let tenths = frequencies()?.get(key.as_bytes())?;
    Some(tenths as f64 / 10.0)
}

/// The lowest frequency ([`frequency`]) of language `code`: what a word its list does not hold
/// is at most. `None` when the language has no frequencies.
pub fn frequency_floor(code: &str) -> Option<f64> {
    // Kept under the empty word (`code<TAB>`), so that no list is read through for it.
    let tenths = frequencies()?.get(format!("{code}\t"))?;
    Some(tenths as f64 / 10.0)
}

/// A word as word list `list` spells it: for Romanian, ş ţ with a cedilla (what ISO-8859-2
/// and windows-1250 have) as ș ț with the comma below (what its list holds), so the spelling of
/// the code page does not count against it (only Romanian: Turkish writes ş with the cedilla,
/// and its list holds 3,451 words so spelt, none with the comma); for Chinese, in Simplified
/// characters ([`simplified`]); for Turkish, a dotted capital I lowered without its dot. A
/// letter followed by combining accents is looked up composed (UAX #15 NFC), as the lists are
/// written: windows-1258 writes Vietnamese tones as combining marks (`buổi` is `ô` + U+0309),
/// and decomposed text (NFD) writes every accent so.
pub fn list_spelling<'a>(list: &str, w: &'a str) -> std::borrow::Cow<'a, str> {
    // (Lead bytes CC and CD: U+0300–U+037F, the combining diacritical marks and a few Greek
    // letters, which composing leaves alone.)
    if w.bytes().any(|b| b == 0xCC || b == 0xCD) {
        use unicode_normalization::UnicodeNormalization;
        let composed: String = w.nfc().collect();
        return respell(list, &composed).into_owned().into();
    }
    respell(list, w)
}

/// [`list_spelling`] of a word without combining accents to compose.
fn respell<'a>(list: &str, w: &'a str) -> std::borrow::Cow<'a, str> {
    // Turkish `İnsan` lowered by the default (not Turkish) case mapping is `i̇nsan`, an i with a
    // combining dot above (Unicode SpecialCasing): the list spells `insan`.
    if list == "tr" && w.contains('\u{307}') {
        return w.replace("i\u{307}", "i").into();
    }
    // The Chinese list is Simplified (wordfreq converts Traditional text), so `檔案` is looked
    // up as `档案`.
    if list == "zh" {
        return simplified(w);
    }
    if list == "ro" && w.contains(['ş', 'ţ', 'Ş', 'Ţ']) {
        w.replace('ş', "ș")
            .replace('ţ', "ț")
            .replace('Ş', "Ș")
            .replace('Ţ', "Ț")
            .into()
    } else {
        w.into()
    }
}

/// Serbian Cyrillic → Latin, letter by letter, in Gaj's alphabet (the official one-to-one
/// correspondence: љ → lj, ђ → đ, џ → dž…), lower case only: words are looked up lowered, and
/// the Serbian side of the parallel translations is lowered before the contrasts count it.
pub fn serbian_latin(w: &str) -> String {
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

/// Chinese `text` in Simplified characters: Traditional ones (Big5 text, Taiwan's and Hong
/// Kong's) mapped character by character, with the few that depend on their neighbours
/// (`乾隆` stays, `乾燥` becomes `干燥`) by the `fast2s` crate's table (from OpenCC's). The
/// Chinese word list and the Chinese and Cantonese language models know only Simplified
/// characters (wordfreq and the UDHR translations are Simplified). Kana, Hangul and every other
/// script are left alone, but a Japanese kanji that is also a Traditional character is mapped
/// too: only text without kana is Chinese enough to map.
pub fn simplified(text: &str) -> std::borrow::Cow<'_, str> {
    // Only CJK ideographs (three UTF-8 bytes) change.
    if !text.chars().any(|c| c.len_utf8() == 3 && is_han(c)) {
        return text.into();
    }
    let s = fast2s::convert(text);
    if s == text { text.into() } else { s.into() }
}

/// A CJK unified or compatibility ideograph of the Basic Multilingual Plane.
fn is_han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
}

/// A lower-case `word` as wordfreq writes its lists and stop words: case-folded (Unicode full
/// case folding, CaseFolding.txt), which beyond lower case writes German `ß` as `ss` and Greek
/// final `ς` as `σ` (the German list holds `strasse` and no word with `ß`; the Greek one `τησ`
/// for `της`, and no `ς` at all), and the long s, micro sign and Greek symbol forms as their
/// letters. Without it every German word with `ß` and every Greek word ending in `ς` was
/// unknown to its own language.
pub fn folded(word: &str) -> std::borrow::Cow<'_, str> {
    let fold = |c: char| -> Option<&'static str> {
        Some(match c {
            'ß' | 'ẞ' => "ss",
            'ς' => "σ",
            'ſ' => "s",
            'µ' => "μ",
            'ϐ' => "β",
            'ϑ' => "θ",
            'ϕ' => "φ",
            'ϖ' => "π",
            'ϰ' => "κ",
            'ϱ' => "ρ",
            'ϵ' => "ε",
            _ => return None,
        })
    };
    if word.is_ascii() || !word.chars().any(|c| fold(c).is_some()) {
        return word.into();
    }
    let mut out = String::with_capacity(word.len() + 1);
    for c in word.chars() {
        match fold(c) {
            Some(f) => out.push_str(f),
            None => out.push(c),
        }
    }
    out.into()
}

/// Follows `bytes` down an FST from `node`, adding the transitions' outputs to `out`: the node
/// reached and the output so far, or `None` where a byte has no transition.
pub fn fst_walk<'f, D: AsRef<[u8]>>(
    fst: &'f fst::raw::Fst<D>,
    mut node: fst::raw::Node<'f>,
    mut out: Output,
    bytes: impl IntoIterator<Item = u8>,
) -> Option<(fst::raw::Node<'f>, Output)> {
    for b in bytes {
        let t = node.transition(node.find_input(b)?);
        out = out.cat(t.out);
        node = fst.node(t.addr);
    }
    Some((node, out))
}

/// Each language with a word list, and the node of the word-list FST after its `code<TAB>`
/// (`None`: the list is empty).
fn word_list_starts() -> &'static [(&'static str, Option<fst::raw::CompiledAddr>)] {
    static S: OnceLock<Vec<(&'static str, Option<fst::raw::CompiledAddr>)>> = OnceLock::new();
    S.get_or_init(|| {
        let Some(w) = words() else {
            return Vec::new();
        };
        let fst = w.as_fst();
        stopwords()
            .0
            .iter()
            .map(|code| {
                let start = fst_walk(fst, fst.root(), Output::zero(), code.bytes().chain([b'\t']));
                (code.as_str(), start.map(|(n, _)| n.addr()))
            })
            .collect()
    })
}

/// Does the tool have a word list for `code`?
pub fn has_word_list(code: &str) -> bool {
    word_list_code(code).is_some()
}

/// `code` as the tool's own `'static` string, when it has a word list for it. (The word lists
/// and the stop-word lists are built from the same wordfreq languages.)
pub fn word_list_code(code: &str) -> Option<&'static str> {
    words()?;
    stopwords()
        .0
        .iter()
        .find(|c| *c == code)
        .map(String::as_str)
}

static STOPWORDS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/stopwords.tsv"
));

/// Stop word → languages it is frequent in (bit i: language i of [`stopword_languages`]).
fn stopwords() -> &'static (Vec<String>, FxHashMap<String, u64>) {
    static S: OnceLock<(Vec<String>, FxHashMap<String, u64>)> = OnceLock::new();
    S.get_or_init(|| {
        let mut langs = Vec::new();
        let mut map: FxHashMap<String, u64> = FxHashMap::default();
        for line in STOPWORDS.lines().filter(|l| !l.starts_with('#')) {
            let Some((code, words)) = line.split_once('\t') else {
                continue;
            };
            // Bit 63 is left to callers (the corpus audit marks a term as looked up with it).
            if langs.len() == 63 {
                break;
            }
            let bit = 1u64 << langs.len();
            langs.push(code.to_string());
            for w in words.split(' ').filter(|w| !w.is_empty()) {
                *map.entry(w.to_string()).or_default() |= bit;
            }
        }
        (langs, map)
    })
}

/// The shipped n-gram model, read in place on first use.
pub fn model() -> &'static nb::Model {
    static M: OnceLock<nb::Model> = OnceLock::new();
    M.get_or_init(|| {
        nb::Model::from_parts(NB_LANGS, NB_FST.into(), NB_POSTINGS.into())
            .expect("the shipped language model reads")
    })
}

/// The model's best language for `text` among those the encoding stage weighs
/// ([`encoding_languages`]): its index in [`model`]'s languages and its log-likelihood per
/// n-gram feature. `None` for text with no feature.
pub fn best_encoding_language(text: &str) -> Option<(usize, f64)> {
    let (scores, features) = model().scores(text, Some(encoding_languages()));
    if features == 0 {
        return None;
    }
    let best = (0..scores.len()).max_by(|&a, &b| scores[a].total_cmp(&scores[b]))?;
    Some((best, scores[best] / features as f64))
}

/// Languages the n-gram model holds for language identification only (`langid build-profiles`
/// adds them to the UDHR core: Belarusian, Nepali, Occitan, Asturian). None has a word list,
/// and the encoding stage, which weighs a reading by its language's words, leaves them out of
/// its n-gram readings: with them, the Haitian windows-1252 part of a mixed file read as
/// Occitan, whose words no list checks, and its block verdict fell from 0.88 to 0.69, too
/// unsure to stand apart from the Croatian windows-1250 after it.
pub const LANGID_ONLY: &[&str] = &["be", "ne", "oc", "ast"];

/// The model's languages the encoding stage weighs, all but [`LANGID_ONLY`], as the mask
/// [`nb::Model::scores`] takes.
pub fn encoding_languages() -> &'static [bool] {
    static MASK: OnceLock<Vec<bool>> = OnceLock::new();
    MASK.get_or_init(|| {
        model()
            .langs
            .iter()
            .map(|l| !LANGID_ONLY.contains(&l.code.as_str()))
            .collect()
    })
}

/// The languages of the stop-word lists, in bit order (bit i of [`stopword_bits`]); the same
/// languages have word lists.
pub fn stopword_languages() -> &'static [String] {
    &stopwords().0
}

/// The languages (bits, as in [`stopword_languages`]) for which `token` is a frequent word.
pub fn stopword_bits(token: &str) -> u64 {
    stopwords()
        .1
        .get(folded(token).as_ref())
        .copied()
        .unwrap_or(0)
}

/// The word-list languages (bits, as in [`stopword_languages`]) whose 30,000 most frequent
/// words include `word` (lower case).
pub fn languages_of(word: &str) -> u64 {
    let Some(w) = words() else { return 0 };
    let fst = w.as_fst();
    let mut bits = 0u64;
    let word = folded(word);
    for (i, &(code, start)) in word_list_starts().iter().enumerate() {
        if let Some(start) = start
            && fst_walk(
                fst,
                fst.node(start),
                Output::zero(),
                list_spelling(code, &word).bytes(),
            )
            .is_some_and(|(n, _)| n.is_final())
        {
            bits |= 1 << i;
        }
    }
    bits
}

/// Words of a list that must hold a letter before it counts as one of the language's letters:
/// one word is a loan (`señor` in the Croatian list, `café` in the English), two are not
/// always (`où` is the only French word with `ù` in most lists, yet a common one).
const ALPHABET_MIN_WORDS: u32 = 2;

static ALPHABETS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/alphabets.tsv"
));

/// Every shipped alphabet ([`alphabet`]), for callers that ask whether any language writes
/// a set of letters.
pub fn every_alphabet() -> impl Iterator<Item = &'static [char]> {
    alphabets().iter().map(|(_, a)| a.as_slice())
}

/// The non-ASCII letters of language `code` (lower case, sorted): those that at least
/// `ALPHABET_MIN_WORDS` (2) words of its word list hold. `None` without a list. Shipped in
/// `assets/langid/alphabets.tsv`, which `langid build-profiles` writes from the word lists
/// ([`alphabets_tsv`]; a test checks that the two agree).
pub fn alphabet(code: &str) -> Option<&'static [char]> {
    alphabets()
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, a)| a.as_slice())
}

static EXEMPLARS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/langid/exemplars.tsv"
));

/// The standard alphabet of language `code` by CLDR (its main exemplar letters, non-ASCII,
/// lower case, sorted; `exemplars.tsv`): the letters the language writes by its own rules,
/// where [`alphabet`] holds those its word list's words write (loans too). `None` where CLDR
/// has none.
pub fn exemplars(code: &str) -> Option<&'static [char]> {
    exemplar_table()
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, a)| a.as_slice())
}

/// Every standard alphabet CLDR gives (`exemplars.tsv`), as [`exemplars`] reads them.
pub fn every_exemplar() -> impl Iterator<Item = &'static [char]> {
    exemplar_table().iter().map(|(_, a)| a.as_slice())
}

/// `exemplars.tsv`, parsed once.
fn exemplar_table() -> &'static [(&'static str, Vec<char>)] {
    static E: OnceLock<Vec<(&'static str, Vec<char>)>> = OnceLock::new();
    E.get_or_init(|| parse_letters(EXEMPLARS.lines()))
}

/// `code<TAB>letters` lines (comments skipped), each alphabet sorted.
fn parse_letters<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<(&'a str, Vec<char>)> {
    lines
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .map(|(code, letters)| {
            let mut v: Vec<char> = letters.chars().collect();
            v.sort_unstable();
            (code, v)
        })
        .collect()
}

/// Every shipped alphabet, parsed once: those learnt from the word lists, then CLDR's
/// exemplar letters of the languages that have no list (`exemplars.tsv`).
fn alphabets() -> &'static [(&'static str, Vec<char>)] {
    static A: OnceLock<Vec<(&'static str, Vec<char>)>> = OnceLock::new();
    A.get_or_init(|| {
        let mut all = parse_letters(ALPHABETS.lines());
        let listed: Vec<&str> = all.iter().map(|(c, _)| *c).collect();
        let unlisted: Vec<_> = parse_letters(EXEMPLARS.lines())
            .into_iter()
            .filter(|(c, _)| !listed.contains(c))
            .collect();
        all.extend(unlisted);
        all
    })
}

/// A resource (a model, a word list, training text) that could not be read or built: the
/// file and what went wrong.
#[derive(Debug, thiserror::Error)]
pub enum ResourceError {
    /// Reading or writing the file failed.
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    /// The contents are not what they should be.
    #[error("{0}")]
    Invalid(String),
}

impl ResourceError {
    /// An I/O failure on `path`.
    pub fn io(path: &std::path::Path, source: std::io::Error) -> ResourceError {
        ResourceError::Io {
            path: crate::visible::path_text(path),
            source,
        }
    }

    /// Contents that are not what they should be.
    pub fn invalid(message: impl Into<String>) -> ResourceError {
        ResourceError::Invalid(message.into())
    }
}

/// The alphabets of every language of a word-list FST (`code<TAB>word` keys), as the TSV that
/// [`alphabet`] reads: `code<TAB>letters`, letters sorted, with the two letters case folding
/// took out of the lists put back.
pub fn alphabets_tsv(words_fst: &[u8]) -> Result<String, ResourceError> {
    use fst::Streamer;
    let set =
        fst::Set::new(words_fst).map_err(|e| ResourceError::invalid(format!("word lists: {e}")))?;
    // Per language: letter -> words holding it.
    let mut counts: std::collections::BTreeMap<String, FxHashMap<char, u32>> =
        std::collections::BTreeMap::new();
    let mut stream = set.stream();
    let mut seen: Vec<char> = Vec::new();
    while let Some(k) = stream.next() {
        let Ok(key) = std::str::from_utf8(k) else {
            continue;
        };
        let Some((code, word)) = key.split_once('\t') else {
            continue;
        };
        let m = counts.entry(code.to_string()).or_default();
        seen.clear();
        for c in word
            .chars()
            .filter(|c| !c.is_ascii() && crate::unicode::is_alphabetic(*c))
        {
            if !seen.contains(&c) {
                seen.push(c);
                *m.entry(c).or_default() += 1;
            }
        }
    }
    let mut out = format!(
        "# non-ASCII letters held by at least {ALPHABET_MIN_WORDS} words of each word list (written by `delineate langid build-profiles`)\n"
    );
    for (code, m) in counts {
        let mut letters: Vec<char> = m
            .into_iter()
            .filter(|&(_, n)| n >= ALPHABET_MIN_WORDS)
            .map(|(c, _)| c)
            .collect();
        // wordfreq case-folds its words: German `ß` is written `ss` and Greek final `ς` is
        // `σ` in the lists, yet both are letters of those languages.
        if code == "de" {
            letters.push('ß');
        }
        if letters.contains(&'σ') {
            letters.push('ς');
        }
        letters.sort_unstable();
        out.push_str(&format!(
            "{code}\t{}\n",
            letters.into_iter().collect::<String>()
        ));
    }
    Ok(out)
}

/// Calls `f(code, word)` for every word of every shipped word list, in key order (for tests
/// and audits that must hold over all of them).
pub fn for_each_listed_word(mut f: impl FnMut(&str, &str)) {
    use fst::Streamer;
    let Some(set) = words() else {
        return;
    };
    let mut stream = set.stream();
    while let Some(k) = stream.next() {
        if let Some((code, word)) = std::str::from_utf8(k).ok().and_then(|k| k.split_once('\t')) {
            f(code, word);
        }
    }
}

/// The fewest of `letters` (distinct, non-ASCII, lower case) that one language's alphabet
/// lacks ([`alphabet`]): 0 when some language writes them all (`õ` and `ü`: Estonian), more
/// when they come from several (`þ` and `ß`). A letter no alphabet holds counts against every
/// language: that is most often the junk of a wrong repair (Hebrew `ׯ` for `ם`). Esperanto's
/// `ĝ` and Maltese `ħ` are letters through CLDR's exemplars. `None` without word lists.
pub fn letters_foreign_to_every_language(letters: &[char]) -> Option<usize> {
    alphabets()
        .iter()
        .map(|(_, a)| {
            letters
                .iter()
                .filter(|c| a.binary_search(c).is_err())
                .count()
        })
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Alphabets come from the lists: Croatian has `č` and not the `ñ` of a loan word,
    /// Hungarian `ő` and not `ç`; `õ` + `ü` is Estonian, `þ` + `ß` no one language.
    #[test]
    fn alphabets_are_the_letters_the_lists_use() {
        let hr = alphabet("hr").unwrap();
        assert!(hr.contains(&'č') && hr.contains(&'đ') && !hr.contains(&'ñ'));
        let hu = alphabet("hu").unwrap();
        assert!(hu.contains(&'ő') && !hu.contains(&'ç'));
        assert_eq!(letters_foreign_to_every_language(&['õ', 'ü']), Some(0));
        assert_eq!(letters_foreign_to_every_language(&['þ', 'ß']), Some(1));
        // Esperanto has no list: CLDR's exemplars give its letters; `ĝ` with `ß` is no one's.
        assert_eq!(letters_foreign_to_every_language(&['ĝ', 'ŝ']), Some(0));
        assert_eq!(letters_foreign_to_every_language(&['ĝ', 'ß']), Some(1));
        assert!(alphabet("et").unwrap().contains(&'õ'));
        assert!(alphabet("mt").unwrap().contains(&'ħ'));
        assert!(alphabet("xx").is_none());
    }

    /// The shipped alphabets are those of the shipped word lists; the CLDR exemplars add the
    /// languages that have none (a list's alphabet is its own, loans and all).
    #[test]
    fn alphabets_asset_matches_the_word_lists() {
        assert_eq!(alphabets_tsv(WORDS).unwrap(), ALPHABETS);
        assert!(alphabet("uk").unwrap().contains(&'ы'));
        assert!(!exemplars("uk").unwrap().contains(&'ы'));
        assert!(exemplars("kk").unwrap().contains(&'ә'));
        for l in EXEMPLARS.lines().filter(|l| !l.starts_with('#')) {
            let (_, letters) = l.split_once('\t').expect("code<TAB>letters");
            assert!(
                letters
                    .chars()
                    .all(|c| !c.is_ascii() && crate::unicode::is_alphabetic(c)),
                "{l}"
            );
        }
    }

    /// Words are looked up case-folded, as wordfreq wrote the lists and stop words: German
    /// `ß` as `ss`, Greek final `ς` as `σ`; other words unchanged.
    #[test]
    fn words_are_looked_up_case_folded() {
        assert_eq!(folded("straße"), "strasse");
        assert_eq!(folded("της"), "τησ");
        assert!(matches!(folded("über"), std::borrow::Cow::Borrowed("über")));
        assert_eq!(is_word("de", "straße"), Some(true));
        assert_eq!(is_word("de", "maßnahmen"), Some(true));
        assert_eq!(is_word("el", "της"), Some(true));
        assert_eq!(is_word("el", "ένας"), Some(true));
        assert_eq!(is_word("de", "stra"), Some(false));
        assert_ne!(languages_of("schließt"), 0);
        // Romanian with the cedilla (Latin-2's ş ţ) as its list's comma below, for every caller.
        assert_eq!(is_word("ro", "şi"), Some(true));
        // Combining accents are composed before the look-up (windows-1258's Vietnamese).
        assert_eq!(is_word("vi", "bu\u{F4}\u{309}i"), Some(true));
        assert_eq!(is_word("vi", "ga\u{306}\u{323}p"), Some(true));
        assert_eq!(is_word("fr", "e\u{301}te\u{301}"), Some(true));
        assert_eq!(is_word("ro", "ţară"), Some(true));
        assert_ne!(stopword_bits("της"), 0);
    }

    /// The Chinese list is Simplified: Traditional words are looked up in Simplified
    /// characters; kana, Latin and Simplified text are left as they are.
    #[test]
    fn chinese_words_are_looked_up_in_simplified_characters() {
        assert_eq!(simplified("無法開啟檔案"), "无法开启档案");
        assert!(matches!(
            simplified("档案"),
            std::borrow::Cow::Borrowed("档案")
        ));
        assert!(matches!(
            simplified("file"),
            std::borrow::Cow::Borrowed("file")
        ));
        assert!(matches!(
            simplified("ひらがな"),
            std::borrow::Cow::Borrowed(_)
        ));
        assert_eq!(is_word("zh", "档案"), Some(true));
        assert_eq!(is_word("zh", "檔案"), Some(true));
        assert_eq!(is_word("zh", "開啟"), is_word("zh", "开启"));
        // Only the Chinese list is spelt so.
        assert_eq!(list_spelling("ja", "檔案"), "檔案");
    }

    /// The walk from each language's start node answers as a lookup of `code<TAB>word` in
    /// the whole set, for every language, on words, non-words, prefixes and the empty word.
    #[test]
    fn is_word_equals_key_lookup() {
        let w = words().expect("the word lists are shipped");
        let samples = [
            "the", "and", "résumé", "der", "und", "le", "de", "th", "", "zzqxj", "lt", "mln", "в",
            "и", "的", "xin", "über", "qu'il", "a", "en", "\t", "the\tthe",
        ];
        let mut known = 0;
        for code in stopword_languages() {
            for word in samples {
                let key = format!("{code}\t{word}");
                assert_eq!(
                    is_word(code, word),
                    Some(w.contains(&key)),
                    "{code} {word:?}"
                );
                known += w.contains(&key) as usize;
            }
        }
        assert!(known > 20, "{known} sample words known");
        assert_eq!(is_word("xx", "the"), None);
        assert_eq!(is_word("en", "the"), Some(true));
    }

    /// Which languages' word lists hold a word: `the` is English, `und` German, `на`
    /// Bulgarian, Macedonian, Russian, Ukrainian…; a non-word is in none.
    #[test]
    fn languages_of_a_word() {
        let langs = stopword_languages();
        let names = |bits: u64| -> Vec<&str> {
            (0..langs.len())
                .filter(|i| bits >> i & 1 == 1)
                .map(|i| langs[i].as_str())
                .collect()
        };
        assert!(names(languages_of("the")).contains(&"en"));
        assert!(names(languages_of("különböző")).contains(&"hu"));
        assert!(!names(languages_of("különbözõ")).contains(&"hu"));
        let na = names(languages_of("на"));
        assert!(na.contains(&"ru") && na.contains(&"bg"), "{na:?}");
        assert_eq!(languages_of("zzqxjw"), 0);
        for (i, code) in langs.iter().enumerate() {
            assert_eq!(
                languages_of("the") >> i & 1 == 1,
                is_word(code, "the") == Some(true)
            );
        }
    }

    /// The close relatives' frequencies: Zipf values as wordfreq lists them (to its tenth),
    /// `tiada` far more Malay than Indonesian; none for a word no list
    /// holds, nor for languages that share a list (Croatian, Bosnian) or have none (Nynorsk);
    /// every listed word is at least its language's floor.
    #[test]
    fn frequencies_of_close_relatives() {
        let (ms, id) = (
            frequency("ms", "tiada").unwrap(),
            frequency("id", "tiada").unwrap(),
        );
        assert!(
            (ms - 6.2).abs() < 0.3 && (id - 4.7).abs() < 0.3,
            "{ms} {id}"
        );
        assert!(frequency("id", "bisa").unwrap() > frequency("ms", "bisa").unwrap_or(0.0));
        assert_eq!(frequency("ms", "zzqxjw"), None);
        for code in ["hr", "bs", "nn", "en"] {
            assert_eq!(frequency(code, "je"), None, "{code}");
            assert_eq!(frequency_floor(code), None, "{code}");
        }
        for code in ["ms", "id", "cs", "sk", "da", "nb", "es", "pt", "de", "nl"] {
            let floor = frequency_floor(code).expect(code);
            assert!((1.0..4.0).contains(&floor), "{code} {floor}");
            assert!(frequency(code, "a").is_none_or(|f| f >= floor), "{code}");
        }
    }
}
