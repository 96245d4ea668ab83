#!/usr/bin/env python3
"""Writes training text per language from LibreOffice's translations (issue 20).

LibreOffice's user-interface strings are translated by volunteers into some 110 languages and
shipped by Debian as `libreoffice-l10n-XX` packages: gettext catalogues under
`usr/lib/libreoffice/program/resource/XX/LC_MESSAGES/*.mo`. They give every language the same
kind of everyday, short text ("Die Datei konnte nicht geöffnet werden"), which UDHR's legal
prose lacks and which tells close relatives apart (Nynorsk `ikkje`, Bokmål `ikke`).

This is not the dev set's source: that is drawn from the catalogues under /usr/share/locale of
the packages installed here (GNOME, KDE, coreutils…), never from LibreOffice's. What the two
share verbatim is counted by `--check DEV.tsv` (and printed), so it can be reported.

  scripts/l10n_text.py UNPACKED_DIR OUT_DIR [--check DEV.tsv ...]

UNPACKED_DIR holds one folder per package (`dpkg -x` of each `.deb`); OUT_DIR receives
`<code>.txt` (one cleaned translated string per line, sorted, unique), under the Bayes model's
codes. Strings are cleaned as the dev set's are (scripts/make_langid_devset.py: placeholders,
markup, accelerators, URLs, digits and untranslated English dropped).
"""
import argparse
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_langid_devset import mo_strings, translation  # noqa: E402

# LibreOffice's language folder -> the model's code (the rest are the same).
CODES = {'en_GB': 'en', 'zh_CN': 'zh', 'pa_IN': 'pa'}
# A language gets this text only when its close relatives in the model get some too: the text
# would otherwise pull everyday text towards the one that has it (Malay has no LibreOffice
# translation, so Indonesian gets none).
WITHOUT = {'id'}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('unpacked')
    ap.add_argument('out')
    ap.add_argument('--check', nargs='*', default=[], help='sets whose texts to count in the training text')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    texts = {}
    for res in sorted(glob.glob(os.path.join(a.unpacked, '*', 'usr/lib/libreoffice/program/resource/*'))):
        folder = os.path.basename(res)
        code = CODES.get(folder, folder)
        if code in WITHOUT or not code.isalpha():
            continue
        pool = texts.setdefault(code, set())
        for mo in sorted(glob.glob(os.path.join(res, 'LC_MESSAGES', '*.mo'))):
            for msgid, msgstr in mo_strings(mo):
                t = translation(msgid, msgstr, 2, judge_msgid=False)
                if t:
                    pool.add(t)
    for code, pool in sorted(texts.items()):
        with open(os.path.join(a.out, code + '.txt'), 'w', encoding='utf-8', newline='\n') as f:
            f.write(''.join(t + '\n' for t in sorted(pool)))
        print('%s\t%d strings\t%d chars' % (code, len(pool), sum(len(t) for t in pool)))
    for path in a.check:
        rows = [l.rstrip('\n').split('\t', 2) for l in open(path, encoding='utf-8')]
        shared = [(c, k, t) for c, k, t in rows if t in texts.get(c, ())]
        by_class = {}
        for _, k, _ in shared:
            by_class[k] = by_class.get(k, 0) + 1
        print('%s: %d of %d texts are training strings verbatim %s' % (path, len(shared), len(rows), by_class))


if __name__ == '__main__':
    main()
