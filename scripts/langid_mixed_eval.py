#!/usr/bin/env python3
"""Documents in several languages: does `langid` call them `mul`, and never a single-language one?

Generates documents from text the model never trained on -- the second halves of the UDHR
translations in ../shared/data/udhr/core, and optionally dev-set sentences (TSV: code, kind,
text) -- each either in one language or in two unrelated ones (never close relatives), the
first holding 50-90 % of the letters, as two blocks or interleaved paragraphs, at 3,000 and
20,000 letters. Runs `delineate langid --json` over them (and over real single-language files
listed with --mono-list) and prints, per true share of the leading language, how many were
called `mul`, and how many single-language documents were.

    scripts/langid_mixed_eval.py [--bin target/release/delineate] [--seed 30]
        [--sentences /tmp/langcal.tsv ...] [--mono-list FILES.txt] [--out DIR]
"""
import argparse, collections, glob, json, os, random, subprocess, sys, tempfile, unicodedata

GROUPS = [["ms", "id"], ["es", "pt", "gl"], ["hr", "sr", "bs"], ["da", "nb", "nn"],
          ["de", "nl"], ["cs", "sk"], ["zh", "yue"]]
HERE = os.path.dirname(os.path.abspath(__file__))
CORE = os.path.join(HERE, '..', '..', 'shared', 'data', 'udhr', 'core')


def group(c):
    c = c.split('|')[0]
    return next(('/'.join(g) for g in GROUPS if c in g), c)


SYLLABLES = [(0x1100, 0x11FF), (0x3040, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF),
             (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xA000, 0xA4CF), (0xAC00, 0xD7AF),
             (0xF900, 0xFAFF), (0xFF66, 0xFF9F), (0x20000, 0x2FFFF)]


def letters(t):
    """Letters and marks as langid weighs passages: a Han, kana, Hangul or Yi syllable two."""
    n = 0
    for ch in t:
        if unicodedata.category(ch)[0] in 'LM':
            o = ord(ch)
            n += 2 if any(a <= o <= b for a, b in SYLLABLES) else 1
    return n


def take(pool, n_letters, rng):
    """Consecutive paragraphs from a random start, the last cut at a space, to n_letters."""
    i, got, n = rng.randrange(len(pool)), [], 0
    while n < n_letters and len(got) < 5000:
        para = pool[i % len(pool)]
        i += 1
        if n + letters(para) > n_letters and got:
            keep = []
            for w in para.split(' '):
                if n + letters(' '.join(keep + [w])) > n_letters:
                    break
                keep.append(w)
            if keep:
                got.append(' '.join(keep))
            break
        got.append(para)
        n += letters(para)
    return got


def pools(args):
    core = {}
    iso = {}
    for row in list(open(os.path.join(CORE, 'core.tsv'), encoding='utf-8'))[1:]:
        f = row.split('\t')
        iso[f[1]] = f[2].split('-')[0]
    for p in sorted(glob.glob(os.path.join(CORE, '*.txt'))):
        lines = [l.strip() for l in open(p, encoding='utf-8') if l.strip()]
        code = os.path.basename(p)[:-4]
        core[iso.get(code, code)] = lines[len(lines) // 2:]  # the held-out half
    out = [('udhr', core, '\n')]
    if args.sentences:
        sents = {}
        for path in args.sentences:
            for row in open(path, encoding='utf-8'):
                c, kind, t = row.rstrip('\n').split('\t', 2)
                if kind == 'sentence':
                    sents.setdefault(c, []).append(t)
        out.append(('sentences', sents, '\n\n'))
    return out


def generate(args, folder):
    rng = random.Random(args.seed)
    manifest = []
    for src, pool, sep in pools(args):
        codes = sorted(c for c in pool if len(pool[c]) >= 8)
        for size in (3000, 20000):
            docs = [(a, '', [take(pool[a], size, rng)]) for a in codes]
            for _ in range(len(codes) * 2):
                a, b = rng.sample(codes, 2)
                if group(a) == group(b):
                    continue
                p = rng.choice([0.5, 0.6, 0.7, 0.8, 0.9])
                pa, pb = take(pool[a], size * p, rng), take(pool[b], size * (1 - p), rng)
                if rng.random() < 0.5:
                    docs.append((a, b, [pa, pb]))
                else:  # interleaved in proportion
                    paras, ia, ib = [], 0, 0
                    while ia < len(pa) or ib < len(pb):
                        if ib >= len(pb) or (ia < len(pa) and ia / len(pa) <= ib / len(pb)):
                            paras.append(pa[ia]); ia += 1
                        else:
                            paras.append(pb[ib]); ib += 1
                    docs.append((a, b, [paras, pa, pb]))
            for a, b, parts in docs:
                body = parts[0] if len(parts) != 2 else parts[0] + parts[1]
                la = sum(map(letters, parts[0] if not b else (parts[0] if len(parts) == 2 else parts[1])))
                lb = sum(map(letters, parts[1] if len(parts) == 2 else parts[2])) if b else 0
                name = os.path.join(folder, '%05d.txt' % (len(manifest) + 1))
                with open(name, 'w', encoding='utf-8') as f:
                    f.write(sep.join(body) + '\n')
                manifest.append((name, src, a, b, la / (la + lb), size))
    return manifest


def verdicts(binary, paths):
    out = {}
    for i in range(0, len(paths), 500):
        run = subprocess.run([binary, 'langid', '--json'] + paths[i:i + 500],
                             capture_output=True, check=False)
        for line in run.stdout.decode().splitlines():
            d = json.loads(line)
            out[d['path']] = [u['verdict'] for u in d.get('units', [])]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--bin', default=os.path.join(HERE, '..', 'target', 'release', 'delineate'))
    ap.add_argument('--seed', type=int, default=30)
    ap.add_argument('--sentences', nargs='*')
    ap.add_argument('--mono-list', help='a file listing real single-language files, one per line')
    ap.add_argument('--out', help='keep the generated documents here')
    args = ap.parse_args()
    if not os.path.isdir(CORE):
        sys.exit('skipped: %s is absent' % CORE)
    folder = args.out or tempfile.mkdtemp(prefix='langid-mixed-')
    os.makedirs(folder, exist_ok=True)
    manifest = generate(args, folder)
    got = verdicts(args.bin, [m[0] for m in manifest])
    table = collections.defaultdict(lambda: [0, 0, 0])
    wrong_confident = 0
    for name, src, a, b, share, size in manifest:
        v = got.get(name, [{}])[0]
        lang = v.get('language')
        bucket = 'one language' if not b else next(
            '%.2f-%.2f' % (lo, hi) for lo, hi in [(0, .6), (.6, 2 / 3), (2 / 3, .75), (.75, .85), (.85, 1.01)]
            if lo <= share < hi)
        row = table[(src, bucket)]
        row[0] += 1
        row[1] += lang == 'mul'
        if b and share < 2 / 3 and lang != 'mul' and v.get('confidence', 0) >= 0.9:
            row[2] += 1
    print('source      leading share   docs   mul   not mul at confidence >= 0.9 (share < 2/3)')
    for (src, bucket), (n, mul, conf) in sorted(table.items()):
        print('%-11s %-14s %5d %5d %5d' % (src, bucket, n, mul, conf))
    mixed = [(m, got.get(m[0], [{}])[0].get('language')) for m in manifest if m[3]]
    called = [m for m, l in mixed if l == 'mul']
    if called:
        right = sum(m[4] < 2 / 3 for m in called)
        print('called mul: %d, of which under two thirds %d (%.1f %%), under three quarters %d'
              % (len(called), right, 100 * right / len(called), sum(m[4] < .75 for m in called)))
    if args.mono_list:
        paths = [l.strip() for l in open(args.mono_list) if l.strip()]
        real = verdicts(args.bin, paths)
        units = [v for vs in real.values() for v in vs]
        muls = [p for p, vs in real.items() if any(v['language'] == 'mul' for v in vs)]
        print('real single-language files: %d units, %d called mul %s' % (len(units), len(muls), muls[:10]))


if __name__ == '__main__':
    main()
