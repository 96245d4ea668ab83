#!/usr/bin/env python3
"""Scores `delineate fix` on the mojibake dev set of scripts/make_mojibake_devset.py (issue 19):
negatives changed (must be 0), positives repaired exactly, per mix-up class; and of the misses,
how many came out as another word of a word list (`må` for `má`: ISO-8859-2 and windows-1250
disagree on a letter, and nothing in the string tells them apart) and how many were left as
they were (refused: one-letter words such as `РІ`, a Ukrainian word as written).

  scripts/mojibake_eval.py DEVSET_DIR [--bin target/release/delineate] [--show N] [--data ../shared/data]
"""
import argparse
import collections
import glob
import os
import subprocess


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('devset')
    ap.add_argument('--bin', default=os.path.join(os.path.dirname(__file__), '..', 'target', 'release', 'delineate'))
    ap.add_argument('--show', type=int, default=10)
    ap.add_argument('--data', default=os.path.join(os.path.dirname(__file__), '..', '..', 'shared', 'data'))
    a = ap.parse_args()
    rd = lambda n: open(os.path.join(a.devset, n), encoding='utf-8', newline='\n').read().split('\n')[:-1]
    fix = lambda n: subprocess.run([a.bin, 'fix', os.path.join(a.devset, n)], capture_output=True).stdout.decode('utf-8').split('\n')[:-1]
    neg, negout = rd('neg.txt'), fix('neg.txt')
    changed = [(x, y) for x, y in zip(neg, negout) if x != y]
    print('negatives: %d of %d changed' % (len(changed), len(neg)))
    for x, y in changed[:a.show]:
        print('   %r -> %r' % (x, y))
    truth, cls, out = rd('pos.truth'), rd('pos.cls'), fix('pos.txt')
    pos = rd('pos.txt')
    words = set()
    for f in glob.glob(os.path.join(a.data, 'wordfreq', '*.tsv')):
        words.update(l.split('\t')[0] for l in open(f, encoding='utf-8').read().splitlines()[1:30001])
    ok, n, other_word, left = (collections.Counter() for _ in range(4))
    for p, t, k, o in zip(pos, truth, cls, out):
        n[k] += 1
        ok[k] += o == t
        if o != t:
            left[k] += o == p
            other_word[k] += o != p and o.lower() in words
    print('positives: %d of %d repaired exactly (%.1f %%)' % (sum(ok.values()), sum(n.values()), 100 * sum(ok.values()) / sum(n.values())))
    print('   %-12s %5s  %7s  %s' % ('class', 'lines', 'exact', 'misses: another listed word / left as is / other'))
    for k in sorted(n):
        miss = n[k] - ok[k]
        print('   %-12s %5d  %5.1f %%  %d / %d / %d' % (k, n[k], 100 * ok[k] / n[k], other_word[k], left[k], miss - other_word[k] - left[k]))

if __name__ == '__main__':
    main()
