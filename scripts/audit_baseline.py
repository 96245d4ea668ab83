#!/usr/bin/env python3
"""The straightforward baseline of issue 7: decode each file, lower-case it, split it with
re.findall(r"[^\W_]+"), count tf and df with collections.Counter, print the top terms.

    python3 scripts/audit_baseline.py DIR... [--top N]
"""
import collections
import os
import re
import sys

TOKEN = re.compile(r"[^\W_]+")


def main():
    args = sys.argv[1:]
    top = 50
    if "--top" in args:
        i = args.index("--top")
        top = int(args[i + 1])
        del args[i : i + 2]
    tf = collections.Counter()
    df = collections.Counter()
    docs = 0
    for root in args:
        paths = [root] if os.path.isfile(root) else (
            os.path.join(d, f) for d, _, fs in os.walk(root) for f in sorted(fs))
        for p in paths:
            with open(p, "rb") as fh:
                text = fh.read().decode("utf-8", errors="replace")
            terms = TOKEN.findall(text.lower())
            tf.update(terms)
            df.update(set(terms))
            docs += 1
    for rank, (term, n) in enumerate(tf.most_common(top), 1):
        print(f"{rank}\t{term}\t{n}\t{df[term]}\t{100 * df[term] / max(docs, 1):.1f}")


if __name__ == "__main__":
    main()
