#!/usr/bin/env python3
"""Writes parallel translations of close relatives from gettext catalogues (issue 20).

Croatian and Bosnian, Malay and Indonesian, Nynorsk and Bokmål… share most words; what tells
them apart is the few words and letter sequences one of them uses where the other uses another
(`ponovno`/`ponovo`, `dugme`/`gumb`, `kerana`/`karena`). Those are learnt best where both
translated the same English string: the two lines then differ only where the languages do.

This reads the `.mo` catalogues of Debian packages that are NOT installed here (unpacked with
`dpkg -x`: GNOME, Xfce and other desktop applications, see scripts/fetch_dictionaries.sh), keeps
each English message that both relatives translated, and writes the two translations side by
side. The dev and calibration sets are drawn from the catalogues of the packages installed
here (scripts/make_langid_devset.py); a pair is dropped when either translation, cleaned, is
also a translation in an installed catalogue of that language, so no dev or calibration text
is a training line.

  scripts/gettext_pairs.py UNPACKED_DIR OUT_DIR [--locale-dir /usr/share/locale]
                           [--text-for CODES --text-out DIR]

Writes `OUT_DIR/<a>-<b>.tsv` (`a's text<TAB>b's text`, sorted, unique) for every pair of the
model's confusable groups (src/langid/mod.rs `CONFUSABLE`) that has some, and prints the counts.

With `--text-for ms,id,…`, also writes `TEXT_OUT/<code>.txt` for each of those languages: every
cleaned translation of its catalogues (one per line, sorted, unique, none that an installed
catalogue holds), the everyday training text of languages LibreOffice is not translated into.
"""
import argparse
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_langid_devset import LOCALES, mo_strings, translation  # noqa: E402

# src/langid/mod.rs CONFUSABLE (zh/yue left out: zh_HK catalogues are not Cantonese).
GROUPS = [['ms', 'id'], ['es', 'pt', 'gl'], ['hr', 'sr', 'bs'], ['da', 'nb', 'nn'], ['de', 'nl'], ['cs', 'sk']]
# Packages whose catalogues are close kin of installed ones the dev set draws on (GTK 3 and 4
# repeat GTK 2's strings in new wording): left out.
SKIP = ('gtk30', 'gtk40', 'gtk30-properties', 'gtk40-properties')


def translations(root, code):
    """English message -> cleaned translation, over every catalogue of `code` under root."""
    out = {}
    for folder in LOCALES.get(code, [code]):
        for mo in sorted(glob.glob(os.path.join(root, folder, 'LC_MESSAGES', '*.mo'))):
            if os.path.basename(mo)[:-3] in SKIP:
                continue
            for msgid, msgstr in mo_strings(mo):
                t = translation(msgid, msgstr, 2)
                if t:
                    out.setdefault(msgid, t)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('unpacked')
    ap.add_argument('out')
    ap.add_argument('--locale-dir', default='/usr/share/locale')
    ap.add_argument('--text-for', default='')
    ap.add_argument('--text-out')
    a = ap.parse_args()
    if a.text_for and not a.text_out:
        ap.error('--text-for needs --text-out')
    os.makedirs(a.out, exist_ok=True)
    roots = sorted(set(os.path.dirname(os.path.dirname(p)) for p in glob.glob(
        os.path.join(a.unpacked, '**', 'locale', '*', 'LC_MESSAGES'), recursive=True)))
    text_for = [c for c in a.text_for.split(',') if c]
    langs = sorted({c for g in GROUPS for c in g} | set(text_for))
    found = {c: {} for c in langs}
    installed = {}
    for c in langs:
        for root in roots:
            for msgid, t in translations(root, c).items():
                found[c].setdefault(msgid, t)
        installed[c] = set(translations(a.locale_dir, c).values())
    for group in GROUPS:
        for i, x in enumerate(group):
            for y in group[i + 1:]:
                rows = set()
                for msgid, tx in found[x].items():
                    ty = found[y].get(msgid)
                    if ty is None or tx == ty or tx in installed[x] or ty in installed[y]:
                        continue
                    rows.add((tx, ty))
                if not rows:
                    continue
                with open(os.path.join(a.out, '%s-%s.tsv' % (x, y)), 'w', encoding='utf-8', newline='\n') as f:
                    f.write(''.join('%s\t%s\n' % r for r in sorted(rows)))
                print('%s-%s\t%d pairs\t%d + %d chars' % (
                    x, y, len(rows), sum(len(r[0]) for r in rows), sum(len(r[1]) for r in rows)))

    for c in text_for:
        pool = sorted(set(t for t in found[c].values() if t not in installed[c]))
        os.makedirs(a.text_out, exist_ok=True)
        with open(os.path.join(a.text_out, c + '.txt'), 'w', encoding='utf-8', newline='\n') as f:
            f.write(''.join(t + '\n' for t in pool))
        print('%s\t%d strings\t%d chars (training text)' % (c, len(pool), sum(len(t) for t in pool)))


if __name__ == '__main__':
    main()
