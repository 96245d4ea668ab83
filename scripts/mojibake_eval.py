#!/usr/bin/env python3
"""Scores `delineate fix` on the mojibake dev set of scripts/make_mojibake_devset.py (issue 19):
negatives changed (must be 0), positives repaired exactly, per mix-up class.

  scripts/mojibake_eval.py DEVSET_DIR [--bin target/release/delineate] [--show N]
"""
import argparse
import collections
import os
import subprocess


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('devset')
    ap.add_argument('--bin', default=os.path.join(os.path.dirname(__file__), '..', 'target', 'release', 'delineate'))
    ap.add_argument('--show', type=int, default=10)
    a = ap.parse_args()
    rd = lambda n: open(os.path.join(a.devset, n), encoding='utf-8', newline='\n').read().split('\n')[:-1]
    fix = lambda n: subprocess.run([a.bin, 'fix', os.path.join(a.devset, n)], capture_output=True).stdout.decode('utf-8').split('\n')[:-1]
    neg, negout = rd('neg.txt'), fix('neg.txt')
    changed = [(x, y) for x, y in zip(neg, negout) if x != y]
    print('negatives: %d of %d changed' % (len(changed), len(neg)))
    for x, y in changed[:a.show]:
        print('   %r -> %r' % (x, y))
    truth, cls, out = rd('pos.truth'), rd('pos.cls'), fix('pos.txt')
    ok, n = collections.Counter(), collections.Counter()
    for t, k, o in zip(truth, cls, out):
        n[k] += 1
        ok[k] += o == t
    print('positives: %d of %d repaired exactly (%.1f %%)' % (sum(ok.values()), sum(n.values()), 100 * sum(ok.values()) / sum(n.values())))
    for k in sorted(n):
        print('   %-12s %5d  %5.1f %%' % (k, n[k], 100 * ok[k] / n[k]))


if __name__ == '__main__':
    main()
