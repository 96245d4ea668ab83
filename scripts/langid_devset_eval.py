#!/usr/bin/env python3
"""Scores language identification on the dev set of scripts/make_langid_devset.py (issue 20):
accuracy per length class (sentence, word pair, single word), per confusable group on
sentences, and how well the confidence is calibrated (reliability table, expected calibration
error). Beside it, py3langid on the same texts when it is installed (`pip install py3langid`),
restricted to the dev set's languages.

  scripts/langid_devset_eval.py DEVSET.tsv [--bin target/release/delineate] [--no-abstain] [--show N]

A group answer (`hr|bs`) counts as wrong for accuracy and is counted apart.
"""
import argparse
import collections
import os
import subprocess
import tempfile
import time

GROUPS = [('af', 'nl'), ('nn', 'nb', 'da'), ('sr', 'hr', 'bs', 'mk', 'bg'), ('ms', 'id'),
          ('hi', 'mr', 'ne'), ('cs', 'sk'), ('es', 'gl', 'pt'), ('ca', 'oc', 'es'),
          ('uk', 'ru', 'be'), ('fa', 'ur', 'ar')]


def delineate(binary, texts, no_abstain):
    with tempfile.NamedTemporaryFile('w', encoding='utf-8', suffix='.txt', delete=False) as f:
        f.write('\n'.join(texts) + '\n')
        path = f.name
    args = [binary, 'langid', '--lines', path] + (['--no-abstain'] if no_abstain else [])
    t = time.perf_counter()
    out = subprocess.run(args, capture_output=True, check=True).stdout.decode('utf-8')
    elapsed = time.perf_counter() - t
    os.unlink(path)
    answers = {}
    for line in out.splitlines():
        n, lang, score = line.split('\t')
        answers[int(n) - 1] = (lang, float(score))
    return [answers.get(i, ('und', 0.0)) for i in range(len(texts))], elapsed


def report(name, rows, answers):
    by_class = collections.defaultdict(lambda: [0, 0, 0])
    for (code, cls, _), (lang, _) in zip(rows, answers):
        c = by_class[cls]
        c[0] += 1
        c[1] += lang == code
        c[2] += '|' in lang and code in lang.split('|')
    print('%s:' % name)
    for cls in ('sentence', 'pair', 'word'):
        n, ok, grp = by_class[cls]
        if n:
            print('   %-8s %5d  %5.1f %%   (group answers holding the truth: %d)' % (cls, n, 100 * ok / n, grp))
    langs = {r[0] for r in rows}
    for g in GROUPS:
        members = [m for m in g if m in langs]
        if len(members) < 2:
            continue
        sel = [(r, a) for r, a in zip(rows, answers) if r[1] == 'sentence' and r[0] in members]
        ok = sum(a[0] == r[0] for r, a in sel)
        wrong = collections.Counter('%s→%s' % (r[0], a[0]) for r, a in sel if a[0] != r[0])
        print('   group %-16s sentences %3d  %5.1f %%  %s' % ('/'.join(members), len(sel), 100 * ok / len(sel), ' '.join('%s×%d' % kv for kv in wrong.most_common(4))))


def calibration(rows, answers):
    bins = collections.defaultdict(lambda: [0, 0, 0.0])
    # A group answer's confidence is that the group holds the language.
    for (code, _, _), (lang, score) in zip(rows, answers):
        b = min(int(score * 10), 9)
        bins[b][0] += 1
        bins[b][1] += code in lang.split('|')
        bins[b][2] += score
    n = len(rows)
    ece = 0.0
    print('   confidence   texts   right   mean confidence')
    for b in sorted(bins):
        k, ok, s = bins[b]
        ece += abs(ok / k - s / k) * k / n
        print('   %.1f–%.1f     %5d  %5.1f %%   %.3f' % (b / 10, (b + 1) / 10, k, 100 * ok / k, s / k))
    print('   expected calibration error: %.3f' % ece)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('devset')
    ap.add_argument('--bin', default=os.path.join(os.path.dirname(__file__), '..', 'target', 'release', 'delineate'))
    ap.add_argument('--no-abstain', action='store_true')
    ap.add_argument('--show', type=int, default=0)
    a = ap.parse_args()
    rows = [tuple(l.rstrip('\n').split('\t', 2)) for l in open(a.devset, encoding='utf-8')]
    texts = [r[2] for r in rows]
    answers, elapsed = delineate(a.bin, texts, a.no_abstain)
    print('%d texts, %d languages; delineate %.2f s (one process, whole file)' % (len(rows), len({r[0] for r in rows}), elapsed))
    report('delineate', rows, answers)
    calibration(rows, answers)
    if a.show:
        for (code, cls, text), (lang, score) in zip(rows, answers):
            if lang != code and cls == 'sentence':
                print('   %s→%s %.3f  %s' % (code, lang, score, text[:100]))
    try:
        import py3langid
        from py3langid.langid import LanguageIdentifier, MODEL_FILE
    except ImportError:
        print('(py3langid not installed: pip install py3langid)')
        return
    ident = LanguageIdentifier.from_modelpath(os.path.join(os.path.dirname(py3langid.__file__), MODEL_FILE), norm_probs=True)
    supported = set(ident.nb_classes)
    langs = sorted({r[0] for r in rows} & supported)
    ident.set_languages(langs)
    t = time.perf_counter()
    theirs = [ident.classify(t_) for t_ in texts]
    el = time.perf_counter() - t
    print('py3langid %.2f s (in process), restricted to the %d dev-set languages it knows' % (el, len(langs)))
    report('py3langid', rows, [(l, p) for l, p in theirs])
    calibration(rows, [(l, p) for l, p in theirs])


if __name__ == '__main__':
    main()
