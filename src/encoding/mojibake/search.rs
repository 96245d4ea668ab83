//! The search over chains of misreadings: each round undoes one encoding word by word, keeps the
//! best few states (a beam), and ranks the hypotheses by cost, known words and case breaks.

use super::images::{encodings, sequence_at, suspect_mask, whole_sequences};
use super::judge::{ORPHANS_PER_REPAIRED, context_scripts, note_scripts, rare_chars, undo_word};
use super::{Hypothesis, apply_chain};
use crate::decode::charset::Charset;
use rustc_hash::FxHashMap;
use std::rc::Rc;
use unicode_script::Script;

/// One distinct non-ASCII word of the text in its current form, with its [`suspect_mask`].
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Word {
    pub(super) form: Rc<str>,
    pub(super) mask: u16,
}

/// The text as the search sees it: the current form of each distinct non-ASCII word (cut at
/// ASCII whitespace, as [`undo_once`] cuts). Every round is word-local, so two texts are equal
/// exactly when their words are, and a round costs one look per distinct word, not a pass
/// over the text.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct State {
    pub(super) words: Vec<Word>,
}

/// What undoing one encoding does to one word.
pub(super) struct WordUndo {
    pub(super) word: Word,
    pub(super) fixes: usize,
    /// Characters inside the repaired sequences.
    pub(super) covered: usize,
    /// The characters the sequences repair to.
    pub(super) repaired: Vec<char>,
}

/// One round applied to a [`State`].
pub(super) struct Round {
    pub(super) state: State,
    pub(super) fixes: usize,
    pub(super) coincidental: bool,
}

/// The search's view of one text: word counts, and every word undone so far (the same words
/// come back under every hypothesis).
pub(super) struct Search {
    pub(super) start: State,
    /// Scripts the text attests before any repair ([`context_scripts`]).
    pub(super) context: Vec<Script>,
    pub(super) counts: Vec<usize>,
    pub(super) memo: FxHashMap<(Rc<str>, usize), Option<Rc<WordUndo>>>,
    /// [`whole_sequences`] of a word form under an encoding, remembered.
    pub(super) sequences: FxHashMap<(Rc<str>, usize), usize>,
}

impl Search {
    pub(super) fn new(text: &str) -> Self {
        let mut index: FxHashMap<&str, usize> = FxHashMap::default();
        let mut words = Vec::new();
        let mut counts = Vec::new();
        for w in text.split(|c: char| c.is_ascii_whitespace()) {
            if w.is_ascii() {
                continue;
            }
            let i = *index.entry(w).or_insert_with(|| {
                words.push(Word {
                    form: Rc::from(w),
                    mask: suspect_mask(w),
                });
                counts.push(0);
                words.len() - 1
            });
            counts[i] += 1;
        }
        Search {
            context: context_scripts(text),
            start: State { words },
            counts,
            memo: FxHashMap::default(),
            sequences: FxHashMap::default(),
        }
    }

    /// [`undo_word`] of `w` under encoding `e`, remembered.
    pub(super) fn undo_word(&mut self, w: &Word, e: usize) -> Option<Rc<WordUndo>> {
        if w.mask & (1 << e) == 0 {
            return None;
        }
        self.memo
            .entry((w.form.clone(), e))
            .or_insert_with(|| word_undo(&w.form, e, &self.context))
            .clone()
    }

    /// [`undo_once`] on a state: `None` when nothing changes.
    pub(super) fn undo(&mut self, st: &State, e: usize) -> Option<Round> {
        let mut words = st.words.clone();
        let (mut fixes, mut covered, mut repaired) = (0usize, 0usize, Vec::new());
        let mut refused = Vec::new();
        let mut scripts = Vec::new();
        for (i, w) in st.words.iter().enumerate() {
            match self.undo_word(w, e) {
                Some(u) => {
                    note_scripts(&u.word.form, &mut scripts);
                    words[i] = u.word.clone();
                    fixes += self.counts[i] * u.fixes;
                    covered += self.counts[i] * u.covered;
                    repaired.extend_from_slice(&u.repaired);
                }
                None if w.mask & (1 << e) != 0 => refused.push(i),
                None => {}
            }
        }
        // One-letter words of a script the other repaired words write (see [`undo_once`]).
        if !scripts.is_empty() {
            for i in refused {
                if let Some(u) = word_undo(&st.words[i].form, e, &scripts) {
                    words[i] = u.word.clone();
                    fixes += self.counts[i] * u.fixes;
                    covered += self.counts[i] * u.covered;
                    repaired.extend_from_slice(&u.repaired);
                }
            }
        }
        if fixes == 0 {
            return None;
        }
        // A coincidence (see [`ORPHANS_PER_REPAIRED`]): the sequences are few among the text's
        // non-ASCII characters, and repair to characters the text uses nowhere else.
        let non_ascii: usize = st
            .words
            .iter()
            .zip(&self.counts)
            .map(|(w, &k)| {
                k * w
                    .form
                    .chars()
                    .filter(|&c| !c.is_ascii() && c != '\u{FFFD}')
                    .count()
            })
            .sum();
        let few = non_ascii.saturating_sub(covered) > ORPHANS_PER_REPAIRED * covered;
        // Only then does it matter whether the text already uses a repaired character (real
        // mojibake, with thousands of repairs, never gets here), and whether the words repaired
        // are made of the kinds of characters the other words are ([`kind`]): Slovak `zvlášť`
        // is small letters, as the text is, and a box `┌Title─┐` box drawing, as the rest of
        // the drawing is; `rÃ©sumÃ©` or `lâ€™équipe` in a clean German or French page brings a
        // symbol (`©`, `™`) that page writes nowhere (a currency sign, `€`, is another kind).
        let coincidental = few && {
            let used: rustc_hash::FxHashSet<char> =
                st.words.iter().flat_map(|w| w.form.chars()).collect();
            let kinds_of = |changed: bool| {
                st.words
                    .iter()
                    .zip(&words)
                    .filter(move |(w, u)| (w.form != u.form) == changed)
                    .flat_map(|(w, _)| w.form.chars().filter(|c| !c.is_ascii()).map(kind))
            };
            let elsewhere: rustc_hash::FxHashSet<_> = kinds_of(false).collect();
            !repaired.iter().any(|c| used.contains(c))
                && kinds_of(true).all(|k| elsewhere.contains(&k))
        };
        Some(Round {
            state: State { words },
            fixes,
            coincidental,
        })
    }

    /// Fingerprints left in a state: under the single encoding that has most, the complete,
    /// valid sequences still in it ([`sequence_at`]), whether or not a repair of their word
    /// would pass [`harm`]. A chain that stops half-way leaves words a further round would
    /// refuse to touch (`Ùâ€ž`, one Latin letter among Arabic ones, after windows-1254 could
    /// not undo the `â€ž`): they are still damage, and the chain that goes on must win.
    /// Clean text has lead and continuation images side by side (`áž` in Czech `urážejí`,
    /// `â’` in Welsh), but rarely a whole sequence.
    pub(super) fn residual(&mut self, st: &State) -> usize {
        let mask = st.words.iter().fold(0u16, |m, w| m | w.mask);
        (0..encodings().len())
            .filter(|e| mask & (1 << e) != 0)
            .map(|e| {
                // The DOS pages' images are letters clean Latin text is made of (`ßéé` is a
                // whole IBM850 sequence, for 炂), and MacRoman's quotes lead two-byte
                // sequences (`’é` in `l’équipe` is D5 8E, Armenian U+054E): under them only
                // what a repair would make counts.
                let dos = matches!(encodings()[e], Charset::Oem(_))
                    || encodings()[e] == Charset::Whatwg(encoding_rs::MACINTOSH);
                (0..st.words.len())
                    .filter(|&i| st.words[i].mask & (1 << e) != 0)
                    .map(|i| {
                        let k = self.counts[i];
                        let w = &st.words[i];
                        if dos {
                            self.undo_word(w, e).map_or(0, |u| k * u.fixes)
                        } else {
                            // States share most words: each (form, encoding) is counted once.
                            k * *self
                                .sequences
                                .entry((w.form.clone(), e))
                                .or_insert_with(|| whole_sequences(&w.form, e))
                        }
                    })
                    .sum::<usize>()
            })
            .max()
            .unwrap_or(0)
    }

    /// [`rare_chars`] of a state's text.
    pub(super) fn rare(&self, st: &State) -> usize {
        st.words
            .iter()
            .zip(&self.counts)
            .map(|(w, &k)| k * rare_chars(&w.form))
            .sum()
    }
}

/// [`undo_word`] of `form` under encoding `e`, with what the search keeps of it.
pub(super) fn word_undo(form: &str, e: usize, allowed: &[Script]) -> Option<Rc<WordUndo>> {
    let (repaired_form, fixes) = undo_word(form, e, allowed)?;
    let mut covered = 0;
    let mut repaired = Vec::new();
    for f in &fixes {
        let chars: Vec<(usize, char)> = form[f.start..f.end].char_indices().collect();
        covered += chars.len();
        repaired.extend(sequence_at(&chars, 0, e).map(|(_, c)| c));
    }
    Some(Rc::new(WordUndo {
        word: Word {
            mask: suspect_mask(&repaired_form),
            form: Rc::from(repaired_form),
        },
        fixes: fixes.len(),
        covered,
        repaired,
    }))
}

/// Among the hypotheses that tie for the lowest cost (ISO-8859-2 and windows-1250 repair the
/// same sequences: `vaĹĄ` is `vaš` in one and `vať` in the other), the one whose repaired
/// words the word lists know most often comes first; the preference order breaks what is
/// still tied.
pub(super) fn prefer_words(text: &str, hypotheses: &mut [Hypothesis]) {
    let Some(first) = hypotheses.first().cloned() else {
        return;
    };
    // Tied: the same cost, the same sequences repaired and the same left over — the same
    // repair but for which encoding read them.
    let tied = hypotheses
        .iter()
        .take_while(|h| {
            h.cost <= first.cost + 1e-9
                && h.sequences_repaired == first.sequences_repaired
                && h.residual == first.residual
        })
        .count();
    if tied < 2 {
        return;
    }
    // More known words first; then letters that one language writes (Estonian `õ` and `ü`,
    // not Icelandic `þ` with German `ß`: ISO-8859-2 and windows-1250 place a few letters
    // differently); then more of a language's most frequent words (`не`, not `но`: both are
    // Russian words, one is among the 100 most frequent; `på`, not `pü`); then fewer capitals
    // inside words (IBM437 makes `kÛ` of the bytes IBM850 makes
    // `ký` of: the two DOS pages agree on most box-drawing characters); then fewer capitals
    // at all (`þegar`, not `Þegar`: most words of running text are written in lower case);
    // then, between windows-1250 and ISO-8859-2, the better fit of some language's character
    // n-grams (Estonian `õigus`, not `þigus`: no word list holds Estonian, and `õ` and `þ`
    // are both some language's letter).
    let texts: Vec<String> = hypotheses[..tied]
        .iter()
        .map(|h| apply_chain(text, &h.chain))
        .collect();
    let keys: Vec<_> = texts
        .iter()
        .map(|t| {
            let known = known_words(t);
            (
                std::cmp::Reverse(known.long),
                foreign_letters(t),
                std::cmp::Reverse(known.frequent),
                case_breaks(t),
                t.chars().filter(|c| c.is_uppercase()).count(),
            )
        })
        .collect();
    let mut order: Vec<usize> = (0..tied).collect();
    order.sort_by_key(|&i| keys[i]);
    // Still tied between the two Central European misreadings, which the same languages
    // suffer alike: the better n-gram fit comes first. Elsewhere the preference order stands
    // for how much more common one misreading is (`ÃŸ` is `ß` by windows-1252 before `þ` by
    // ISO-8859-15, whatever a word or two of n-grams say).
    let still = order
        .iter()
        .take_while(|&&i| keys[i] == keys[order[0]])
        .count();
    let first = &hypotheses[order[0]].chain;
    let twins: Vec<usize> = order[..still]
        .iter()
        .copied()
        .filter(|&i| central_european_twins(first, &hypotheses[i].chain))
        .collect();
    if twins.len() > 1
        && let Some(best) = twins.iter().min_by_key(|&&i| ngram_misfit(&texts[i]))
        && let Some(at) = order.iter().position(|i| i == best)
    {
        order[..=at].rotate_right(1);
    }
    let reordered: Vec<Hypothesis> = order.iter().map(|&i| hypotheses[i].clone()).collect();
    hypotheses[..tied].clone_from_slice(&reordered);
}

/// Whether two chains differ only where one has windows-1250 and the other ISO-8859-2.
fn central_european_twins(a: &[Charset], b: &[Charset]) -> bool {
    let central = |c: &Charset| {
        *c == Charset::Whatwg(encoding_rs::WINDOWS_1250)
            || *c == Charset::Whatwg(encoding_rs::ISO_8859_2)
    };
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x == y || (central(x) && central(y)))
}

/// How badly the best-fitting language's character n-grams (the shipped model) fit `text`:
/// its log-likelihood in thousandths of a nat, negated, so that the better fit sorts first.
fn ngram_misfit(text: &str) -> i64 {
    let (scores, _) = crate::lexicon::model().scores(text, None);
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if best.is_finite() {
        (-best * 1000.0) as i64
    } else {
        i64::MAX
    }
}

/// Distinct non-ASCII letters of `text` that the one language writing most of them lacks
/// ([`crate::lexicon::letters_foreign_to_every_language`]; 0 without word lists).
pub(super) fn foreign_letters(text: &str) -> usize {
    let mut letters: Vec<char> = text
        .chars()
        .filter(|c| !c.is_ascii() && crate::unicode::is_alphabetic(*c))
        .flat_map(char::to_lowercase)
        .collect();
    letters.sort_unstable();
    letters.dedup();
    letters.truncate(64);
    crate::lexicon::letters_foreign_to_every_language(&letters).unwrap_or(0)
}

/// Letters whose case breaks their word's: an upper-case letter right after a lower-case one
/// (`kÛ`), and a lower-case letter in a word of capitals (`DEARBHù`). Both are rare in real
/// words and common where a repair picked the wrong code page for a letter.
pub(super) fn case_breaks(text: &str) -> usize {
    let mut n = 0;
    for word in text.split(|c: char| !crate::unicode::is_alphabetic(c)) {
        let mut prev_lower = false;
        let (mut upper, mut lower) = (0, 0);
        for c in word.chars() {
            if prev_lower && c.is_uppercase() {
                n += 1;
            }
            prev_lower = c.is_lowercase();
            upper += usize::from(c.is_uppercase());
            lower += usize::from(c.is_lowercase());
        }
        if upper >= 2 && lower == 1 && !word.chars().next().is_some_and(char::is_lowercase) {
            n += 1;
        }
    }
    n
}

/// Distinct words holding a non-ASCII letter that a word list holds, counted two ways.
#[derive(Default)]
pub(super) struct KnownWords {
    /// Of three letters or more.
    pub(super) long: usize,
    /// Among the 100 most frequent words of a language (any length).
    pub(super) frequent: usize,
}

/// Words whose case breaks their word (`tÍ`) are not looked up in lower case: `tí` is a word, `tÍ`
/// is a wrong repair of `të`.
pub(super) fn known_words(text: &str) -> KnownWords {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut known = KnownWords::default();
    for w in text
        .split(|c: char| !crate::unicode::is_alphabetic(c))
        .filter(|w| !w.is_ascii() && case_breaks(w) == 0)
        .map(str::to_lowercase)
        .filter(|w| seen.insert(w.clone()))
        .take(200)
    {
        if crate::lexicon::stopword_bits(&w) != 0 {
            known.frequent += 1;
        }
        // Shorter words are in some list by chance too often (Danish `ø`, the `þe` of the
        // Icelandic list against the `ße` that windows-1252 makes of `ÃŸe`).
        if w.chars().count() >= 3 && crate::lexicon::languages_of(&w) != 0 {
            known.long += 1;
        }
    }
    known
}

pub(super) fn sort_hypotheses(h: &mut [Hypothesis]) {
    // Stable: ties keep the encoding preference order.
    h.sort_by(|a, b| a.cost.total_cmp(&b.cost));
}

/// A character's kind for [`Search::undo`]'s coincidence test: its general category (capital,
/// currency sign, other symbol…) and script cluster.
fn kind(c: char) -> (unicode_properties::GeneralCategory, Script) {
    let i = crate::unicode::char_info(c);
    (i.category, i.cluster())
}
