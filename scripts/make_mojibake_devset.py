#!/usr/bin/env python3
"""Builds the mojibake dev set of issue 19 from ../shared/data (nothing copied from other tools).

Negatives (must come out of `fix` unchanged): the 3,000 most frequent words of every wordfreq
list, every non-empty UDHR line of the 78 core languages, and strings written here that look
like mojibake but are not: symbols and amounts (`3×…`, `2×£10`), all-caps words with Å Ä Ă Ø,
quotes before accented letters (`“Äpfel”`, `»ôter«`: MacRoman's images of UTF-8 lead bytes),
kaomoji, words that hold Ã, Â or â, code and paths, mentions of mojibake itself.

Positives (must come back exactly): UDHR lines with non-ASCII text (6 per language) and 40
non-ASCII wordfreq words per language, encoded as UTF-8 and decoded with each mix-up (windows-1252,
Latin-1, windows-1250/1251/1253/1254/1257, ISO-8859-2, MacRoman, KOI8-R, cp437, cp850: one
round; windows-1252 twice), where the mix-up changes the text and keeps it on one line; and
two lossy classes through windows-1252: `cp1252-nbsp` (the no-break space of `à` became a
plain space) and `cp1252-lossy` (a byte windows-1252 leaves undefined, 81 8D 8F 90 9D, became
U+FFFD: `”` is E2 80 9D; the truth keeps one U+FFFD for each character so lost).

With `--typography` (session 43), both are instead lines of real typography: UDHR sentences in
the 40 languages of scripts/typography_eval.py with their own quotes, dashes, ellipses and
apostrophes, 8 samples per language; elisions before accented words in French, Italian and
Catalan (`l’éducation`, `dell’età`); accented words in quotes in 24 languages (`“État”`,
`”äiti”`). The clean lines are the negatives and their mix-ups the positives. MacRoman's `’é` and `“É` are whole UTF-8
sequences, so a repair must not mistake the typography of repaired text for more damage.

  scripts/make_mojibake_devset.py OUT_DIR [--data ../shared/data] [--seed 3] [--typography]

Writes neg.txt, pos.txt, pos.truth and pos.cls (one line each; the class is `<codec>x<rounds>`).
Score with scripts/mojibake_eval.py OUT_DIR.
"""
import argparse
import glob
import os
import random

SYMBOLS = ['3×…', 'Price 2×£10', 'TOTAL: 5×€20', 'Größe ×…', 'temp 10 Å— wide', '√2 ≈ 1.414',
           '∞ × 0', 'a — b', 'wait…', '20°C', '£5 ¬ £6', 'it´s', '×÷±', '½ × ¾', '¼…', '3×3',
           '2×€5', 'x × y = z', '10×10 — 100', '© 2020 — ™', '→ ← ↑', '§ 12 ¶ 3', 'µs ± 5',
           '¿Qué? ¡Sí!', '«ÇA»', '„Zitat“', '‚x‘', '€10–€20', '¥100 ¢50', '°F × 1.8']
CAPS = ['ÅØ ÆRØ SKÅL', 'ÅLAND', 'ÄRGER', 'ĂLA', 'ØST', 'SKÅNE Å', 'MÅNE ØY', 'BÅT Ø', 'ÅÅ',
        'ÄÄ', 'ÅÄÖ', 'ĂÎÂ', 'ØÆÅ']
KAOMOJI = ['(╯°□°）╯︵ ┻━┻', '¯\\_(ツ)_/¯', '( ͡° ͜ʖ ͡°)', 'ಠ_ಠ', '(ʘ‿ʘ)', 'ʕ•ᴥ•ʔ', '♥‿♥',
           '(づ｡◕‿‿◕｡)づ', '°º¤ø,¸¸,ø¤º°', '✿◕ ‿ ◕✿']
LEGIT = ['Ãgua', 'São Paulo Ã', 'Ânimo', 'Ângela', 'âm nhạc', 'Tâm', 'Ă Â Î Ș Ț', 'ça va',
         'Tôi yêu Việt Nam', 'ÃÂ', 'Â', 'Ã']
MENTIONS = ['Mojibake looks like Ã© or â€™ in text', 'the sequence Ã© is UTF-8 é read as Latin-1',
            'let x = "Ã©"; // mojibake example']
QUOTED = ['“Äpfel” und “Öl”', '»ôter« ist', '“Éclair”', 'Il dit «Ça va» et »Ô mon Dieu«', '“Ärger”',
          '”Åsa”', '“Ñandú”', '»Äh«', '“Ü”', '“ä”', '‘Élan’', '„Öffnen“']
CODE = ['if (a < b && c > d) { return x; }', 'https://example.com/a?b=c&d=é',
        'C:\\Users\\Åsa\\Documents']
MIXUPS = ['cp1252', 'latin-1', 'cp1250', 'cp1251', 'cp1253', 'cp1254', 'cp1257', 'iso8859_2',
          'mac_roman', 'koi8_r', 'cp437', 'cp850']


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--seed', type=int, default=3,
                    help='3: the dev set the README reports; any other: a held-out set of other lines and words')
    ap.add_argument('--data', default=os.path.join(os.path.dirname(__file__), '..', '..', 'shared', 'data'))
    ap.add_argument('--typography', action='store_true',
                    help='lines of UDHR text with each language\'s quotes, dashes and apostrophes')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    if a.typography:
        neg = typographic_lines(rng, a.data)
        write(a.out, neg, *mixups([t for t in neg if not t.isascii()]))
        return
    wordfreq = sorted(glob.glob(os.path.join(a.data, 'wordfreq', '*.tsv')))
    udhr = sorted(glob.glob(os.path.join(a.data, 'udhr', 'core', '*.txt')))
    neg = []
    for f in wordfreq:
        neg += [l.split('\t')[0] for l in open(f, encoding='utf-8').read().splitlines()[1:3001]]
    for f in udhr:
        neg += [l.strip() for l in open(f, encoding='utf-8').read().splitlines() if l.strip()]
    neg += CAPS + SYMBOLS + KAOMOJI + LEGIT + MENTIONS + CODE + QUOTED
    neg += ['%d×£%d' % (rng.randint(1, 9), rng.randint(1, 99)) for _ in range(200)]
    neg += ['%d×€%d' % (rng.randint(1, 9), rng.randint(1, 99)) for _ in range(200)]
    neg += ['%d × %d…' % (rng.randint(1, 9), rng.randint(1, 99)) for _ in range(200)]
    src = []
    # Seed 3, the dev set: the first 6 non-ASCII lines of each UDHR text and the first 40
    # non-ASCII words among the 2,000 most frequent. Any other seed, a held-out set: 6 of the
    # other lines and 40 of the non-ASCII words ranked 2,001–30,000, drawn at random.
    held_out = a.seed != 3
    for f in udhr:
        ls = [l.strip() for l in open(f, encoding='utf-8').read().splitlines()
              if l.strip() and not l.isascii()]
        src += rng.sample(ls[6:], min(6, len(ls[6:]))) if held_out else ls[:6]
    for f in wordfreq:
        rows = open(f, encoding='utf-8').read().splitlines()
        if held_out:
            ws = [l.split('\t')[0] for l in rows[2001:30001]]
            ws = [w for w in ws if not w.isascii()]
            src += rng.sample(ws, min(40, len(ws)))
        else:
            ws = [l.split('\t')[0] for l in rows[1:2000]]
            src += [w for w in ws if not w.isascii()][:40]
    write(a.out, neg, *mixups(src))


def mixups(src):
    """Each line of `src` as UTF-8 misread by each mix-up that changes it and keeps it one line,
    and the lossy windows-1252 variants: (positives, truths, classes)."""
    pos, truth, cls = [], [], []
    lossy = []
    for t in src:
        for e in MIXUPS:
            try:
                m = t.encode('utf-8').decode(e)
            except UnicodeDecodeError:
                continue
            if m == t or any(c in m for c in '\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029'):
                continue
            pos.append(m); truth.append(t); cls.append(e + 'x1')
        try:
            m = t.encode('utf-8').decode('cp1252').encode('utf-8').decode('cp1252')
            pos.append(m); truth.append(t); cls.append('cp1252x2')
        except UnicodeDecodeError:
            pass
        # Lossy variants, windows-1252 once: the no-break space of `à` (C3 A0) turned into a
        # plain space (`voilÃ  tout`), and a byte windows-1252 leaves undefined (9D in `”`)
        # replaced by U+FFFD — the truth then holds one U+FFFD where the character was.
        if 'à' in t:
            m = t.encode('utf-8').decode('cp1252', errors='replace')
            if '\ufffd' not in m and '\xa0' in m:
                lossy.append((m.replace('\xa0', ' '), t, 'cp1252-nbsp'))
        m = t.encode('utf-8').decode('cp1252', errors='replace')
        if '\ufffd' in m:
            # Each character one of whose bytes windows-1252 leaves undefined is lost.
            want = ''.join('\ufffd' if '\ufffd' in c.encode('utf-8').decode('cp1252', errors='replace')
                           else c for c in t)
            lossy.append((m, want, 'cp1252-lossy'))
    # After the others, so the classes made before stay line for line as they were.
    for m, t, k in lossy:
        if not any(c in m for c in '\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029'):
            pos.append(m); truth.append(t); cls.append(k)
    return pos, truth, cls


def write(out, neg, pos, truth, cls):
    """neg.txt, pos.txt, pos.truth and pos.cls in `out`, one line each."""
    w = lambda name, rows: open(os.path.join(out, name), 'w', encoding='utf-8', newline='\n').write('\n'.join(rows) + '\n')
    w('neg.txt', neg); w('pos.txt', pos); w('pos.truth', truth); w('pos.cls', cls)
    print('%d negatives, %d positives in %s' % (len(neg), len(pos), out))


# Elided articles and prepositions before a vowel (`l’été`, `dell’età`, `d’època`), and the
# wordfreq list the words after them come from.
ELISIONS = {'fra': ('fr', ['l’', 'd’', 'qu’', 'L’', 'jusqu’', 'n’']),
            'ita': ('it', ['l’', 'dell’', 'all’', 'un’', 'nell’']),
            'cat': ('ca', ['l’', 'd’', 'L’'])}
# UDHR language → wordfreq list, for words in quotes that begin with a non-ASCII letter.
WORDFREQ = {'deu_1996': 'de', 'fra': 'fr', 'spa': 'es', 'fin': 'fi', 'swe': 'sv', 'dan': 'da',
            'nob': 'nb', 'isl': 'is', 'hun': 'hu', 'ces': 'cs', 'slk': 'sk', 'pol': 'pl',
            'por_PT': 'pt', 'ita': 'it', 'cat': 'ca', 'tur': 'tr', 'ron_2006': 'ro', 'nld': 'nl',
            'lit': 'lt', 'lav': 'lv', 'slv': 'sl', 'rus': 'ru', 'bul': 'bg', 'ell_monotonic': 'el'}


def typographic_lines(rng, data):
    """8 samples per language of scripts/typography_eval.py, cut into their lines; then, per
    language of ELISIONS, 40 UDHR lines given one to three elisions before a word that begins
    with a non-ASCII letter (`l’éducation`), and per language of WORDFREQ, 20 lines with such a
    word in the language's quotes (`“État”`, `”äiti”`)."""
    from legacy_samples import consecutive, udhr_lines
    from typography_eval import QUOTES, sample
    lines = []
    for lang, quotes in sorted(QUOTES.items()):
        source = udhr_lines(lang)
        for _ in range(8):
            lines += [l for l in sample(rng, source, lang, quotes, False).split('\n') if l.strip()]

    def accented(code):
        rows = open(os.path.join(data, 'wordfreq', code + '.tsv'), encoding='utf-8').read().splitlines()
        return [w for w in (r.split('\t')[0] for r in rows[1:20001]) if w[:1].isalpha() and not w[0].isascii()]

    def insert(line, phrase):
        w = line.split(' ')
        w.insert(rng.randrange(1, len(w)), phrase)
        return ' '.join(w)

    for lang, (code, articles) in sorted(ELISIONS.items()):
        source, words = udhr_lines(lang), accented(code)
        for _ in range(40):
            line = consecutive(rng, source, rng.choice([80, 160, 300])).replace('\n', ' ')
            for _ in range(rng.randint(1, 3)):
                line = insert(line, rng.choice(articles) + rng.choice(words))
            lines.append(line)
    for lang, code in sorted(WORDFREQ.items()):
        (o, c), source, words = QUOTES[lang], udhr_lines(lang), accented(code)
        for _ in range(20):
            w = rng.choice(words)
            w = w[0].upper() + w[1:] if rng.random() < 0.3 else w
            line = consecutive(rng, source, rng.choice([80, 160, 300])).replace('\n', ' ')
            lines.append(insert(line, o + w + c))
    return lines


if __name__ == '__main__':
    main()
