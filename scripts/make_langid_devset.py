#!/usr/bin/env python3
"""Builds the language-identification dev set of issue 20 from text that is NOT training text.

The models are trained on the first half of each UDHR translation and on wordfreq's word lists.
This dev set is made of software translations instead: the gettext catalogues (`.mo`) that
Debian packages install under /usr/share/locale, one directory per language, written by
volunteer translators — short, everyday sentences ("The file could not be opened because it is
in use"), nothing like UDHR's legal prose. For each of the model's languages that has enough:

- 8 sentences: translated strings of 4 words or more and 30 characters or more;
- 8 word pairs: two neighbouring words of other strings;
- 8 single words: of four letters or more, from other strings again.

Strings are cleaned of what is not language (placeholders `%s` `{name}`, markup, accelerators
`_File`, URLs, paths, command-line options) and dropped when they still hold digits or are the
untranslated English (also where only the letter case differs: the French catalogue of ISO 639-3
gives `sharanahua` for Sharanahua). Each language draws only from its own catalogues; a text that
occurs in two languages' catalogues (a shared English fallback, a brand name) is dropped from
both.

The iso-codes package's catalogues (`iso_*.mo`: the names of countries, subdivisions, languages,
currencies and scripts) are left out unless `--keep-names`: a list of proper names is not text in
the language — most are transliterations (`Tùnísíà`, `Bárbádọ̀s`), thousands are the names of
small languages hardly changed (`nyiyaparli`, `mampruli`), and a sentence of them
(`Saint Helena, Ascension àti Tristan da Cunha`) holds one word of its language. Drawn with them
(session 26's sets), a third of the single words and a sixth of the word pairs came from those
lists.

  scripts/make_langid_devset.py OUT.tsv [--locale-dir /usr/share/locale] [--seed 20] [--exclude DEV.tsv]...
                                        [--per-class 8] [--only hr,bs,...] [--keep-names]

`--exclude` leaves out every text of another set, and the sentences its word pairs and words
were cut from: a calibration set (`--seed 21 --exclude dev.tsv`) shares nothing with the dev set.
A larger tuning set for the close relatives leaves out both (`--seed 22 --exclude dev.tsv
--exclude cal.tsv --per-class 24 --only hr,bs,...`).

Writes `code<TAB>class<TAB>text` (class: sentence, pair, word) and prints how many per language.
Which packages the catalogues came from: `dpkg -S /usr/share/locale/<dir>/LC_MESSAGES/*.mo`.
"""
import argparse
import collections
import glob
import os
import random
import re
import struct

# Model language -> locale directories (first that exists wins; several are pooled).
LOCALES = {
    'zh': ['zh_CN'], 'pt': ['pt', 'pt_BR'], 'yue': ['zh_HK'], 'sr': ['sr'], 'nb': ['nb', 'no'],
}
PER_CLASS = 8
# Languages whose catalogues are not in the language: Hong Kong's translations (zh_HK, read for
# Cantonese) are standard written Chinese in traditional characters — none of the 48 texts
# once drawn holds a Cantonese particle (嘅 咗 係 唔 哋 佢 喺 嘢). They still count as a
# catalogue (a text shared with another language is dropped from both), but give no rows.
NOT_IN_LANGUAGE = {'yue'}


def mo_strings(path):
    """(msgid, msgstr) pairs of a GNU .mo file; plural forms give their first form."""
    with open(path, 'rb') as f:
        data = f.read()
    if len(data) < 28:
        return []
    magic = struct.unpack('<I', data[:4])[0]
    end = '<' if magic == 0x950412de else '>' if magic == 0xde120495 else None
    if end is None:
        return []
    n, orig, trans = struct.unpack(end + 'III', data[8:20])
    out = []
    for i in range(n):
        try:
            ol, oo = struct.unpack(end + 'II', data[orig + 8 * i:orig + 8 * i + 8])
            tl, to = struct.unpack(end + 'II', data[trans + 8 * i:trans + 8 * i + 8])
            msgid = data[oo:oo + ol].split(b'\0')[0].decode('utf-8')
            msgstr = data[to:to + tl].split(b'\0')[0].decode('utf-8')
        except (struct.error, UnicodeDecodeError):
            continue
        if msgid and msgstr:
            out.append((msgid, msgstr))
    return out


PLACEHOLDER = re.compile(r'%(\d+\$)?[-+ #0-9.*]*[hlLqjzt]*[diouxXeEfFgGcsSpn%]|\{[^}]*\}|\$\{[^}]*\}|<[^>]*>|&[a-z]+;')
JUNK = re.compile(r'https?://|www\.|[/\\\\=@#|\[\]()<>{}]|--|\.\.\.|…|\d|\b[A-Z]{2,}\b')


def clean(s):
    s = PLACEHOLDER.sub(' ', s)
    s = s.replace('_', '').replace('&', '').replace('\n', ' ').replace('\t', ' ')
    s = re.sub(r'\s+', ' ', s).strip(' :;,.!?"\'')
    return s


def translation(msgid, msgstr, min_len, judge_msgid=True, any_case=False):
    """The cleaned translation of one message, or None: untranslated, junk (in the translation,
    and with `judge_msgid` in the English too), shorter than `min_len` or the English cleaned
    (with `any_case`, in any letter case: the dev set's rule; the training text's builders,
    `l10n_text.py` and `gettext_pairs.py`, keep the case-sensitive one the shipped model was
    built with)."""
    fold = str.lower if any_case else (lambda x: x)
    if fold(msgstr.strip()) == fold(msgid.strip()) or JUNK.search(msgstr) or (judge_msgid and JUNK.search(msgid)):
        return None
    t = clean(msgstr)
    return t if len(t) >= min_len and fold(t) != fold(clean(msgid)) else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--locale-dir', default='/usr/share/locale')
    ap.add_argument('--seed', type=int, default=20)
    ap.add_argument('--exclude', action='append', default=[], help='a set made before: none of its texts, nor what they were cut from (repeatable)')
    ap.add_argument('--per-class', type=int, default=PER_CLASS, help='texts per class and language')
    ap.add_argument('--only', help='comma-separated language codes to draw (default: all of the model)')
    ap.add_argument('--keep-names', action='store_true', help="also draw from iso-codes' lists of names (iso_*.mo)")
    ap.add_argument('--langs', default=os.path.join(os.path.dirname(__file__), '..', 'assets', 'langid', 'nb-languages.tsv'))
    a = ap.parse_args()
    codes = [l.split('\t')[1] for l in open(a.langs, encoding='utf-8') if l.startswith('L\t')]
    per_class = a.per_class
    texts = {}
    for code in codes:
        pool = set()
        for loc in LOCALES.get(code, [code]):
            for mo in sorted(glob.glob(os.path.join(a.locale_dir, loc, 'LC_MESSAGES', '*.mo'))):
                if os.path.basename(mo).startswith('iso_') and not a.keep_names:
                    continue
                for msgid, msgstr in mo_strings(mo):
                    t = translation(msgid, msgstr, 4, any_case=True)
                    if t:
                        pool.add(t)
        if pool:
            texts[code] = pool
    # A text found in two languages' catalogues says nothing of either.
    seen = collections.Counter(t for pool in texts.values() for t in pool)
    if a.exclude:
        taken = [l.rstrip('\n').split('\t', 2)[2] for x in a.exclude for l in open(x, encoding='utf-8')]
        taken_words = {w.lower() for t in taken for w in t.split()}
        for pool in texts.values():
            for t in pool:
                # A string that holds a taken text (or a pair or word of it) is out too.
                if t in taken or any(w.strip('.,;:!?"\'«»“”„()').lower() in taken_words for w in t.split() if len(w) >= 4):
                    seen[t] += 2
    rng = random.Random(a.seed)
    rows = []
    counts = {}
    only = set(a.only.split(',')) if a.only else None
    for code in codes:
        if only is not None and code not in only:
            continue
        pool = sorted(t for t in texts.get(code, ()) if seen[t] == 1)
        rng.shuffle(pool)
        sentences = [t for t in pool if len(t.split()) >= 4 and len(t) >= 30][:per_class]
        rest = [t for t in pool if t not in sentences]
        pairs, words, used = [], [], set()
        for t in rest:
            ws = [w.strip('.,;:!?"\'«»“”„()') for w in t.split()]
            ws = [w for w in ws if len(w) >= 2 and all(c.isalpha() or c in "'’-" or not c.isascii() and not c.isalnum() for c in w) and any(c.isalpha() for c in w)]
            if len(pairs) < per_class and len(ws) >= 2:
                k = rng.randrange(len(ws) - 1)
                pair = ws[k] + ' ' + ws[k + 1]
                if pair.lower() not in used:
                    used.add(pair.lower())
                    pairs.append(pair)
                    continue
            if len(words) < per_class:
                long = [w for w in ws if len(w) >= 4 and w.lower() not in used]
                if long:
                    w = rng.choice(long)
                    used.add(w.lower())
                    words.append(w)
            if len(pairs) >= per_class and len(words) >= per_class:
                break
        if len(sentences) < per_class or len(pairs) < per_class or len(words) < per_class:
            counts[code] = (len(sentences), len(pairs), len(words), 'skipped')
            continue
        if code in NOT_IN_LANGUAGE:
            counts[code] = (len(sentences), len(pairs), len(words), 'skipped: not in the language')
            continue
        counts[code] = (len(sentences), len(pairs), len(words), '')
        rows += [(code, 'sentence', t) for t in sentences]
        rows += [(code, 'pair', t) for t in pairs]
        rows += [(code, 'word', t) for t in words]
    with open(a.out, 'w', encoding='utf-8', newline='\n') as f:
        for r in rows:
            f.write('\t'.join(r) + '\n')
    kept = [c for c, v in counts.items() if not v[3]]
    print('%d languages, %d rows in %s' % (len(kept), len(rows), a.out))
    print('skipped (fewer than %d of a class): %s' % (per_class, ', '.join('%s %d/%d/%d' % (c, *v[:3]) for c, v in counts.items() if v[3]) or 'none'))
    missing = [c for c in codes if c not in counts and (only is None or c in only)]
    if missing:
        print('no catalogues: ' + ', '.join(missing))


if __name__ == '__main__':
    main()
